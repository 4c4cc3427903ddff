//! Deleting games from the history at the player's word (Delete Game, Clear History), with a way
//! back: what goes is kept on this connection, in temporary tables that vanish with it, so the
//! last few deletions can be undone (the History's toast offers Undo) and a crash or a quit
//! simply leaves them deleted.

use rusqlite::{params, ToSql, Transaction};

use super::{Result, Store};

/// How many of the latest deletions can still be undone (a toast offers each for a few seconds;
/// a few more cover toasts waiting in line).
const KEPT: i64 = 8;

/// A deletion that [`Store::undo_deletion`] can take back while it is among the last few.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Deletion(i64);

impl Store {
    /// Deletes a game and its moves. Returns the deletion, or `None` when there was no such game.
    pub fn delete_game(&mut self, game: i64) -> Result<Option<Deletion>> {
        let (deleted, deletion) = self.delete_where("id = ?2", &game)?;
        Ok((deleted == 1).then_some(deletion))
    }

    /// Deletes every game but `keep` (the one being played, if any), with their moves. Returns
    /// how many went, and the deletion.
    pub fn clear_history(&mut self, keep: Option<i64>) -> Result<(usize, Deletion)> {
        self.delete_where("id IS NOT ?2", &keep)
    }

    /// Puts the games of a deletion back, moves and all: under their ids, or under new ones where
    /// a game started since has taken an id. Returns how many came back (none for a deletion no
    /// longer kept, or already undone).
    pub fn undo_deletion(&mut self, deletion: Deletion) -> Result<usize> {
        let transaction = self.connection.transaction()?;
        if !has_stash(&transaction)? {
            return Ok(0);
        }
        let games = columns(&transaction, "games")?;
        let moves = columns(&transaction, "moves")?;
        let all_but_id: Vec<&str> = games.iter().map(String::as_str).filter(|&c| c != "id").collect();
        let all_but_id = all_but_id.join(", ");
        let moves_list = moves.join(", ");
        // The moves' columns as selected, the game's id replaced by the one it comes back under.
        let moves_select: Vec<&str> = moves
            .iter()
            .map(|c| if c == "game_id" { "?3" } else { c.as_str() })
            .collect();
        let moves_select = moves_select.join(", ");
        let ids: Vec<i64> = {
            let mut select =
                transaction.prepare("SELECT id FROM temp.deleted_games WHERE deletion = ?1 ORDER BY id")?;
            let ids = select.query_map([deletion.0], |row| row.get(0))?;
            ids.collect::<rusqlite::Result<_>>()?
        };
        for &old in &ids {
            let taken: bool =
                transaction.query_row("SELECT EXISTS (SELECT 1 FROM main.games WHERE id = ?1)", [old], |row| {
                    row.get(0)
                })?;
            let id = if taken {
                transaction.execute(
                    &format!(
                        "INSERT INTO main.games ({all_but_id}) SELECT {all_but_id} FROM temp.deleted_games WHERE deletion = ?1 AND id = ?2"
                    ),
                    params![deletion.0, old],
                )?;
                transaction.last_insert_rowid()
            } else {
                transaction.execute(
                    &format!(
                        "INSERT INTO main.games (id, {all_but_id}) SELECT id, {all_but_id} FROM temp.deleted_games WHERE deletion = ?1 AND id = ?2"
                    ),
                    params![deletion.0, old],
                )?;
                old
            };
            transaction.execute(
                &format!(
                    "INSERT INTO main.moves ({moves_list}) SELECT {moves_select} FROM temp.deleted_moves WHERE deletion = ?1 AND game_id = ?2"
                ),
                params![deletion.0, old, id],
            )?;
        }
        transaction.execute("DELETE FROM temp.deleted_games WHERE deletion = ?1", [deletion.0])?;
        transaction.execute("DELETE FROM temp.deleted_moves WHERE deletion = ?1", [deletion.0])?;
        transaction.commit()?;
        Ok(ids.len())
    }

    /// Deletes the games `condition` selects (it reads its argument as `?2`) and keeps them, with
    /// their moves, as a new deletion.
    fn delete_where(&mut self, condition: &str, argument: &dyn ToSql) -> Result<(usize, Deletion)> {
        let transaction = self.connection.transaction()?;
        transaction.execute_batch(
            "CREATE TEMP TABLE IF NOT EXISTS deleted_games AS SELECT 0 AS deletion, * FROM main.games WHERE 0;
             CREATE TEMP TABLE IF NOT EXISTS deleted_moves AS SELECT 0 AS deletion, * FROM main.moves WHERE 0;",
        )?;
        let deletion: i64 = transaction.query_row(
            "SELECT max((SELECT coalesce(max(deletion), 0) FROM temp.deleted_games),
                        (SELECT coalesce(max(deletion), 0) FROM temp.deleted_moves)) + 1",
            [],
            |row| row.get(0),
        )?;
        transaction.execute("DELETE FROM temp.deleted_games WHERE deletion <= ?1", [deletion - KEPT])?;
        transaction.execute("DELETE FROM temp.deleted_moves WHERE deletion <= ?1", [deletion - KEPT])?;
        let both = params![deletion, argument];
        transaction.execute(
            &format!("INSERT INTO temp.deleted_games SELECT ?1, * FROM main.games WHERE {condition}"),
            both,
        )?;
        transaction.execute(
            &format!(
                "INSERT INTO temp.deleted_moves SELECT ?1, * FROM main.moves WHERE game_id IN (SELECT id FROM main.games WHERE {condition})"
            ),
            both,
        )?;
        // The moves go with their games (ON DELETE CASCADE).
        let deleted = transaction.execute(&format!("DELETE FROM main.games WHERE {condition}"), both)?;
        transaction.commit()?;
        Ok((deleted, Deletion(deletion)))
    }
}

/// Whether this connection has kept any deletion.
fn has_stash(transaction: &Transaction) -> Result<bool> {
    Ok(transaction.query_row(
        "SELECT EXISTS (SELECT 1 FROM sqlite_temp_master WHERE name = 'deleted_games')",
        [],
        |row| row.get(0),
    )?)
}

/// A table's columns, in order.
fn columns(transaction: &Transaction, table: &str) -> Result<Vec<String>> {
    let mut pragma = transaction.prepare(&format!("PRAGMA main.table_info({table})"))?;
    let names = pragma.query_map([], |row| row.get(1))?;
    Ok(names.collect::<rusqlite::Result<_>>()?)
}

//! The database schema as numbered migrations, tracked in `PRAGMA user_version`. A database is
//! brought up to date one step at a time in a transaction; each step is tested from the state
//! before it (see the store's tests).

use rusqlite::Connection;

/// Migrations in order; the database's `user_version` counts those applied.
pub const MIGRATIONS: &[&str] = &[
    // 1: games and their moves.
    "CREATE TABLE games (
        id INTEGER PRIMARY KEY,
        puzzle TEXT NOT NULL,
        solution TEXT NOT NULL,
        level TEXT NOT NULL,
        score REAL,
        source TEXT NOT NULL,
        seed INTEGER,
        started_at INTEGER NOT NULL,
        finished_at INTEGER,
        status TEXT NOT NULL,
        elapsed_ms INTEGER NOT NULL DEFAULT 0,
        mistakes INTEGER NOT NULL DEFAULT 0,
        hints INTEGER NOT NULL DEFAULT 0
    );
    CREATE TABLE moves (
        game_id INTEGER NOT NULL REFERENCES games(id) ON DELETE CASCADE,
        seq INTEGER NOT NULL,
        at_ms INTEGER NOT NULL,
        kind TEXT NOT NULL,
        cell INTEGER,
        digit INTEGER,
        mistake INTEGER NOT NULL DEFAULT 0,
        changes TEXT NOT NULL,
        PRIMARY KEY (game_id, seq)
    ) WITHOUT ROWID;",
    // 2: indexes for the history list (newest first, by level and status) and for resuming.
    "CREATE INDEX games_by_start ON games (started_at DESC);
    CREATE INDEX games_by_level ON games (level, started_at DESC);
    CREATE INDEX games_by_status ON games (status, started_at DESC);",
    // 3: the technique a practice game practises (its seed then gives the practice again with
    // `nonet-cli practise`); NULL for every other game.
    "ALTER TABLE games ADD COLUMN practice TEXT;",
    // 4: the file an opened puzzle came from (its name) and, in a file of several, its number
    // there; NULL for every other game.
    "ALTER TABLE games ADD COLUMN file TEXT;
    ALTER TABLE games ADD COLUMN file_number INTEGER;",
    // 5: the puzzle being typed on the board (Enter Your Own Puzzle), at most one, so that it
    // outlives the app: its givens as a line of 81 characters (`.` for a blank) and the cell
    // selected.
    "CREATE TABLE puzzle_entry (
        id INTEGER PRIMARY KEY CHECK (id = 1),
        givens TEXT NOT NULL,
        selected INTEGER NOT NULL,
        saved_at INTEGER NOT NULL
    );",
    // 6: the technique of a solving step applied (a hint's last stage, a step list's Apply),
    // as `hint --technique` names it, for the replay; NULL for every other move.
    "ALTER TABLE moves ADD COLUMN technique TEXT;",
];

pub fn version(connection: &Connection) -> rusqlite::Result<usize> {
    connection
        .query_row("PRAGMA user_version", [], |row| row.get::<_, i64>(0))
        .map(|v| v.max(0) as usize)
}

/// Applies the migrations a database lacks, up to `target` (all of them in normal use).
pub fn migrate_to(connection: &mut Connection, target: usize) -> rusqlite::Result<()> {
    let current = version(connection)?;
    for (index, sql) in MIGRATIONS.iter().enumerate().take(target).skip(current) {
        let transaction = connection.transaction()?;
        transaction.execute_batch(sql)?;
        transaction.pragma_update(None, "user_version", (index + 1) as i64)?;
        transaction.commit()?;
    }
    Ok(())
}

//! The puzzle being typed on the board (Enter Your Own Puzzle), kept as it is typed so that it
//! outlives the app, a crash included: at most one, forgotten once it is played or left.

use rusqlite::{params, OptionalExtension};

use super::games::grid_from_line;
use super::{Result, Store};
use crate::engine::grid::{digits_to_line, CELLS};
use crate::engine::puzzle_entry::PuzzleEntry;

impl Store {
    /// Keeps `entry` as the puzzle being typed, or forgets the one kept (`None`).
    pub fn save_puzzle_entry(&mut self, entry: Option<&PuzzleEntry>) -> Result<()> {
        match entry {
            Some(entry) => self.connection.execute(
                "INSERT INTO puzzle_entry (id, givens, selected, saved_at) VALUES (1, ?1, ?2, ?3)
                 ON CONFLICT (id) DO UPDATE SET givens = ?1, selected = ?2, saved_at = ?3",
                params![
                    digits_to_line(&entry.values),
                    entry.selected as i64,
                    super::now_unix_ms()
                ],
            )?,
            None => self.connection.execute("DELETE FROM puzzle_entry", [])?,
        };
        Ok(())
    }

    /// The puzzle entry kept, if any. One that can't be read (edited by hand: a letter among the
    /// digits, a cell off the board) is reported in the log and left where it is, as if there
    /// were none.
    pub fn puzzle_entry(&self) -> Result<Option<PuzzleEntry>> {
        let kept: Option<(String, i64)> = self
            .connection
            .query_row("SELECT givens, selected FROM puzzle_entry WHERE id = 1", [], |row| {
                Ok((row.get(0)?, row.get(1)?))
            })
            .optional()?;
        let Some((line, selected)) = kept else {
            return Ok(None);
        };
        let values = grid_from_line(&line).filter(|_| line.chars().all(|c| c == '.' || c.is_ascii_digit()));
        match (values, usize::try_from(selected).ok().filter(|&c| c < CELLS)) {
            (Some(values), Some(selected)) => Ok(Some(PuzzleEntry { values, selected })),
            _ => {
                tracing::warn!("history: the puzzle entry kept can't be read ({line:?}, cell {selected})");
                Ok(None)
            }
        }
    }
}

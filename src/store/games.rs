//! Games and their moves: starting a game, committing each move as it happens (one small
//! transaction), finishing or abandoning it, loading it back (to resume or replay) and listing
//! the history.

use rusqlite::{params, OptionalExtension, Row};
use serde::Serialize;

use super::{Result, Store, StoreError};
use crate::engine::game::{CellChange, Move, MoveKind, Paint};
use crate::engine::grid::{digits_to_line, Candidates, Digit, CELLS};
use crate::engine::logic::{Level, Technique};

/// Where a game's puzzle came from.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, strum::IntoStaticStr, strum::VariantArray)]
#[serde(rename_all = "kebab-case")]
#[strum(serialize_all = "kebab-case")]
pub enum Source {
    Generated,
    Typed,
    Opened,
    Pasted,
}

/// Where a game stands.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, strum::IntoStaticStr, strum::VariantArray)]
#[serde(rename_all = "kebab-case")]
#[strum(serialize_all = "kebab-case")]
pub enum GameStatus {
    InProgress,
    /// Solved by the player alone.
    Solved,
    /// Solved by the player after help that gave digits away (the solution shown, a hint's or a
    /// script's placement): counted, but not for best times or streaks.
    SolvedWithHelp,
    SolvedByComputer,
    /// Left unfinished for another game after at least one move: resumable from History.
    Paused,
    /// Left before anything was done in it, or (older versions) for another game.
    Abandoned,
    /// Strict mode: ended by too many strikes.
    Lost,
}

macro_rules! ids {
    ($type:ty, $what:literal) => {
        impl $type {
            pub const ALL: &'static [$type] = <$type as strum::VariantArray>::VARIANTS;
            pub fn id(self) -> &'static str {
                self.into()
            }
        }
        impl std::str::FromStr for $type {
            type Err = String;
            fn from_str(s: &str) -> std::result::Result<$type, String> {
                crate::engine::ids::parse(s, $what)
            }
        }
    };
}
ids!(Source, "source");
ids!(GameStatus, "status");

/// Sets the game in progress (other than game ?1) aside for another: paused, so History can
/// resume it, if anything was done in it; abandoned otherwise.
const SET_ASIDE: &str = "UPDATE games SET status = CASE
        WHEN EXISTS (SELECT 1 FROM moves WHERE moves.game_id = games.id) THEN 'paused'
        ELSE 'abandoned' END
    WHERE status = 'in-progress' AND id != ?1";

/// A game as it starts.
#[derive(Clone, Debug, PartialEq)]
pub struct NewGame {
    pub puzzle: [Digit; CELLS],
    pub solution: [Digit; CELLS],
    pub level: Level,
    pub score: Option<f32>,
    pub source: Source,
    /// The seed that gives the puzzle again: `generate`'s, or for a practice, with its
    /// technique, `practise`'s.
    pub seed: Option<u64>,
    /// The technique a practice game practises: it starts at a position where that technique
    /// is the easiest step (`engine::practice`).
    pub practice: Option<Technique>,
    /// Where an opened puzzle came from.
    pub file: Option<FilePlace>,
    /// Unix time in milliseconds.
    pub started_at: i64,
}

/// The file an opened puzzle came from: its name as the app showed it, and in a file of several,
/// the puzzle's number there (from 1).
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct FilePlace {
    pub name: String,
    pub number: Option<u32>,
}

/// The running totals saved with each move.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Progress {
    pub elapsed_ms: u64,
    pub mistakes: u32,
    pub hints: u32,
}

/// One row of the history.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct GameRecord {
    pub id: i64,
    pub puzzle: String,
    pub solution: String,
    pub level: Level,
    pub score: Option<f32>,
    pub source: Source,
    pub seed: Option<u64>,
    pub practice: Option<Technique>,
    pub file: Option<FilePlace>,
    pub started_at: i64,
    pub finished_at: Option<i64>,
    pub status: GameStatus,
    pub elapsed_ms: u64,
    pub mistakes: u32,
    pub hints: u32,
}

/// A move as stored: its number in the game, when (game clock) and what.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SavedMove {
    pub seq: u32,
    pub at_ms: u64,
    pub entry: Move,
}

/// Which games to list (newest first).
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct Filter {
    pub level: Option<Level>,
    pub status: Option<GameStatus>,
    pub limit: Option<usize>,
    /// Only the games listed after the one started at this time with this id (a list read a
    /// page at a time goes on from its last game; a game started at the same time comes after
    /// it when its id is lower).
    pub after: Option<(i64, i64)>,
}

/// `cell:value:marks>value:marks` for each changed cell, `;`-separated (marks as the 9-bit mask
/// of digits 1–9 shifted by one, as [`Candidates`] keeps them). A side whose cell is coloured
/// has its [`Paint`] word as a third number (`cell:value:marks:paint`); games from before
/// colours read as they were written.
pub fn encode_changes(changes: &[CellChange]) -> String {
    let side = |value: Digit, marks: Candidates, paint: Paint| {
        if paint.is_empty() {
            format!("{value}:{}", marks.mask())
        } else {
            format!("{value}:{}:{}", marks.mask(), paint.bits())
        }
    };
    changes
        .iter()
        .map(|c| {
            format!(
                "{}:{}>{}",
                c.cell,
                side(c.before, c.before_marks, c.before_paint),
                side(c.after, c.after_marks, c.after_paint)
            )
        })
        .collect::<Vec<_>>()
        .join(";")
}

pub fn decode_changes(text: &str) -> std::result::Result<Vec<CellChange>, String> {
    if text.is_empty() {
        return Ok(Vec::new());
    }
    text.split(';')
        .map(|part| {
            let bad = || format!("unreadable change '{part}'");
            let out_of_range = || format!("change '{part}' is out of range");
            let (before, after) = part.split_once('>').ok_or_else(bad)?;
            let (cell, before) = before.split_once(':').ok_or_else(bad)?;
            let cell: usize = cell.parse().map_err(|_| bad())?;
            // value:marks, and the paint when there is one.
            let side = |text: &str| -> std::result::Result<(Digit, Candidates, Paint), String> {
                let numbers: Vec<u32> = text
                    .split(':')
                    .map(|n| n.parse::<u32>().map_err(|_| bad()))
                    .collect::<std::result::Result<_, _>>()?;
                let (value, marks, paint) = match numbers[..] {
                    [value, marks] => (value, marks, 0),
                    [value, marks, paint] => (value, marks, paint),
                    _ => return Err(bad()),
                };
                let paint = Paint::from_bits(paint).ok_or_else(out_of_range)?;
                if value > 9 || marks & !(Candidates::ALL.mask() as u32) != 0 {
                    return Err(out_of_range());
                }
                Ok((value as Digit, Candidates::from_mask(marks as u16), paint))
            };
            let (before, before_marks, before_paint) = side(before)?;
            let (after, after_marks, after_paint) = side(after)?;
            if cell >= CELLS {
                return Err(out_of_range());
            }
            Ok(CellChange {
                cell,
                before,
                before_marks,
                before_paint,
                after,
                after_marks,
                after_paint,
            })
        })
        .collect()
}

pub(super) fn grid_from_line(line: &str) -> Option<[Digit; CELLS]> {
    let digits: Vec<Digit> = line
        .chars()
        .map(|c| c.to_digit(10).map(|d| d as Digit).unwrap_or(0))
        .collect();
    digits.try_into().ok().filter(|_| line.chars().count() == CELLS)
}

const COLUMNS: &str =
    "id, puzzle, solution, level, score, source, seed, started_at, finished_at, status, elapsed_ms, mistakes, hints, practice, file, file_number";

/// The games of rows read with [`record`]: a row this version can't read (say, a level it doesn't
/// know) is skipped, not fatal.
fn readable(
    rows: impl Iterator<Item = rusqlite::Result<std::result::Result<GameRecord, String>>>,
) -> Result<Vec<GameRecord>> {
    let mut games = Vec::new();
    for row in rows {
        match row? {
            Ok(game) => games.push(game),
            Err(reason) => tracing::warn!("skipping an unreadable game: {reason}"),
        }
    }
    Ok(games)
}

fn record(row: &Row<'_>) -> rusqlite::Result<std::result::Result<GameRecord, String>> {
    let id: i64 = row.get(0)?;
    let level: String = row.get(3)?;
    let source: String = row.get(5)?;
    let status: String = row.get(9)?;
    let parsed = (|| {
        Ok(GameRecord {
            id,
            puzzle: row.get(1).map_err(|e| e.to_string())?,
            solution: row.get(2).map_err(|e| e.to_string())?,
            level: level.parse()?,
            score: row
                .get::<_, Option<f64>>(4)
                .map_err(|e| e.to_string())?
                .map(|s| s as f32),
            source: source.parse()?,
            seed: row
                .get::<_, Option<i64>>(6)
                .map_err(|e| e.to_string())?
                .map(|s| s as u64),
            started_at: row.get(7).map_err(|e| e.to_string())?,
            finished_at: row.get(8).map_err(|e| e.to_string())?,
            status: status.parse()?,
            elapsed_ms: row.get::<_, i64>(10).map_err(|e| e.to_string())?.max(0) as u64,
            mistakes: row.get::<_, i64>(11).map_err(|e| e.to_string())?.max(0) as u32,
            hints: row.get::<_, i64>(12).map_err(|e| e.to_string())?.max(0) as u32,
            // (A technique this version doesn't know leaves the game a plain one.)
            practice: row
                .get::<_, Option<String>>(13)
                .map_err(|e| e.to_string())?
                .and_then(|id| id.parse().ok()),
            file: row
                .get::<_, Option<String>>(14)
                .map_err(|e| e.to_string())?
                .map(|name| -> std::result::Result<FilePlace, String> {
                    let number = row.get::<_, Option<i64>>(15).map_err(|e| e.to_string())?;
                    Ok(FilePlace {
                        name,
                        number: number.and_then(|n| u32::try_from(n).ok()),
                    })
                })
                .transpose()?,
        })
    })();
    Ok(parsed)
}

impl GameRecord {
    pub fn givens(&self) -> Option<[Digit; CELLS]> {
        grid_from_line(&self.puzzle)
    }

    pub fn solution_grid(&self) -> Option<[Digit; CELLS]> {
        grid_from_line(&self.solution)
    }

    /// The game as it started, starting (again) at `started_at`: for playing it again, or for
    /// resuming it (its own start). None when its grids can't be read.
    pub fn to_new_game(&self, started_at: i64) -> Option<NewGame> {
        Some(NewGame {
            puzzle: self.givens()?,
            solution: self.solution_grid()?,
            level: self.level,
            score: self.score,
            source: self.source,
            seed: self.seed,
            practice: self.practice,
            file: self.file.clone(),
            started_at,
        })
    }
}

impl Store {
    /// Records a new game as in progress; any other game in progress becomes abandoned (it stays
    /// in the history, and can be replayed or played again).
    pub fn start_game(&mut self, game: &NewGame) -> Result<i64> {
        let transaction = self.connection.transaction()?;
        transaction.execute(SET_ASIDE, [-1])?;
        transaction.execute(
            "INSERT INTO games (puzzle, solution, level, score, source, seed, started_at, practice, file,
                file_number, status)
             VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, 'in-progress')",
            params![
                digits_to_line(&game.puzzle),
                digits_to_line(&game.solution),
                game.level.id(),
                game.score.map(f64::from),
                game.source.id(),
                game.seed.map(|s| s as i64),
                game.started_at,
                game.practice.map(Technique::id),
                game.file.as_ref().map(|file| file.name.as_str()),
                game.file.as_ref().and_then(|file| file.number),
            ],
        )?;
        let id = transaction.last_insert_rowid();
        transaction.commit()?;
        Ok(id)
    }

    /// Commits moves (numbered from `first_seq`) with the game's running totals, in one
    /// transaction.
    pub fn record_moves(&mut self, game: i64, first_seq: u32, moves: &[(u64, Move)], progress: Progress) -> Result<()> {
        let transaction = self.connection.transaction()?;
        {
            let mut insert = transaction.prepare_cached(
                "INSERT INTO moves (game_id, seq, at_ms, kind, cell, digit, mistake, changes, technique)
                 VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9)",
            )?;
            for (offset, (at_ms, entry)) in moves.iter().enumerate() {
                insert.execute(params![
                    game,
                    first_seq as i64 + offset as i64,
                    *at_ms as i64,
                    entry.kind.id(),
                    entry.cell.map(|c| c as i64),
                    entry.digit.map(i64::from),
                    entry.mistake,
                    encode_changes(&entry.changes),
                    entry.technique.map(Technique::id),
                ])?;
            }
            transaction
                .prepare_cached("UPDATE games SET elapsed_ms = ?2, mistakes = ?3, hints = ?4 WHERE id = ?1")?
                .execute(params![
                    game,
                    i64::try_from(progress.elapsed_ms).unwrap_or(i64::MAX),
                    progress.mistakes,
                    progress.hints
                ])?;
        }
        transaction.commit()?;
        Ok(())
    }

    /// Ends a game: solved, solved by the computer or abandoned.
    pub fn finish_game(&mut self, game: i64, status: GameStatus, finished_at: i64, progress: Progress) -> Result<()> {
        self.connection.execute(
            "UPDATE games SET status = ?2, finished_at = ?3, elapsed_ms = ?4, mistakes = ?5, hints = ?6 WHERE id = ?1",
            params![
                game,
                status.id(),
                finished_at,
                i64::try_from(progress.elapsed_ms).unwrap_or(i64::MAX),
                progress.mistakes,
                progress.hints
            ],
        )?;
        Ok(())
    }

    /// Sets a game's level and score once its rating is known (the app rates a hard puzzle
    /// while it is being played).
    pub fn set_rating(&mut self, game: i64, level: Level, score: f32) -> Result<()> {
        self.connection.execute(
            "UPDATE games SET level = ?2, score = ?3 WHERE id = ?1",
            params![game, level.id(), f64::from(score)],
        )?;
        Ok(())
    }

    /// Names the technique of a move already saved: a hint's request, journaled (and saved)
    /// before the hint was worked out off the main thread, once the hint is known.
    pub fn name_move(&mut self, game: i64, seq: u32, technique: Technique) -> Result<()> {
        self.connection.execute(
            "UPDATE moves SET technique = ?3 WHERE game_id = ?1 AND seq = ?2",
            params![game, i64::from(seq), technique.id()],
        )?;
        Ok(())
    }

    /// Saves the clock of a game in progress (between moves, e.g. when the window closes).
    pub fn save_elapsed(&mut self, game: i64, elapsed_ms: u64) -> Result<()> {
        self.connection.execute(
            "UPDATE games SET elapsed_ms = ?2 WHERE id = ?1",
            params![game, elapsed_ms as i64],
        )?;
        Ok(())
    }

    /// Puts a paused game back in progress (the one in progress, if another, is set aside as
    /// [`Store::start_game`] does). Returns whether the game could be resumed: it exists and is
    /// paused or already in progress.
    pub fn resume_game(&mut self, game: i64) -> Result<bool> {
        let transaction = self.connection.transaction()?;
        let resumed = transaction.execute(
            "UPDATE games SET status = 'in-progress' WHERE id = ?1 AND status IN ('paused', 'in-progress')",
            [game],
        )?;
        if resumed == 1 {
            transaction.execute(SET_ASIDE, [game])?;
        }
        transaction.commit()?;
        Ok(resumed == 1)
    }

    /// The newest game still in progress, to resume.
    pub fn unfinished(&self) -> Result<Option<(GameRecord, Vec<SavedMove>)>> {
        let id: Option<i64> = self
            .connection
            .query_row(
                "SELECT id FROM games WHERE status = 'in-progress' ORDER BY started_at DESC, id DESC LIMIT 1",
                [],
                |row| row.get(0),
            )
            .optional()?;
        match id {
            Some(id) => self.game(id),
            None => Ok(None),
        }
    }

    /// A game and all its moves.
    pub fn game(&self, id: i64) -> Result<Option<(GameRecord, Vec<SavedMove>)>> {
        let found = self
            .connection
            .query_row(&format!("SELECT {COLUMNS} FROM games WHERE id = ?1"), [id], record)
            .optional()?;
        let Some(found) = found else { return Ok(None) };
        let game = found.map_err(|reason| StoreError::BadGame { game: id, reason })?;
        let mut statement = self.connection.prepare_cached(
            "SELECT seq, at_ms, kind, cell, digit, mistake, changes, technique FROM moves WHERE game_id = ?1 \
             ORDER BY seq",
        )?;
        let rows = statement.query_map([id], |row| {
            Ok((
                row.get::<_, i64>(0)?,
                row.get::<_, i64>(1)?,
                row.get::<_, String>(2)?,
                row.get::<_, Option<i64>>(3)?,
                row.get::<_, Option<i64>>(4)?,
                row.get::<_, bool>(5)?,
                row.get::<_, String>(6)?,
                row.get::<_, Option<String>>(7)?,
            ))
        })?;
        let mut moves = Vec::new();
        for row in rows {
            let (seq, at_ms, kind, cell, digit, mistake, changes, technique) = row?;
            let bad = |reason: String| StoreError::BadMove { game: id, seq, reason };
            let kind = MoveKind::from_id(&kind).ok_or_else(|| bad(format!("unknown kind '{kind}'")))?;
            let cell = cell
                .map(|c| {
                    usize::try_from(c)
                        .ok()
                        .filter(|&c| c < CELLS)
                        .ok_or_else(|| bad(format!("cell {c} is outside the grid")))
                })
                .transpose()?;
            let digit = digit
                .map(|d| {
                    u8::try_from(d)
                        .ok()
                        .filter(|d| (1..=9).contains(d))
                        .ok_or_else(|| bad(format!("digit {d} is not 1–9")))
                })
                .transpose()?;
            let changes = decode_changes(&changes).map_err(bad)?;
            moves.push(SavedMove {
                seq: seq as u32,
                at_ms: at_ms.max(0) as u64,
                entry: Move {
                    kind,
                    cell,
                    digit,
                    mistake,
                    changes,
                    // Only named in the replay: an id this version does not know (a newer
                    // Nonet's) leaves the step unnamed rather than the game unreadable.
                    technique: technique.and_then(|id| id.parse().ok()),
                },
            });
        }
        Ok(Some((game, moves)))
    }

    /// The games of the puzzle a seed gives, newest first (a daily puzzle's, by its day's seed),
    /// practices aside; a row this version can't read is skipped.
    pub fn games_of_seed(&self, seed: u64) -> Result<Vec<GameRecord>> {
        let mut statement = self.connection.prepare_cached(&format!(
            "SELECT {COLUMNS} FROM games WHERE seed = ?1 AND practice IS NULL ORDER BY started_at DESC, id DESC"
        ))?;
        let games = readable(statement.query_map([seed as i64], record)?);
        games
    }

    /// Every game of a daily puzzle (practices aside), newest first: what the daily puzzles'
    /// calendar shows of each day.
    pub fn daily_games(&self) -> Result<Vec<GameRecord>> {
        let seeds = crate::engine::daily::Day::seeds();
        let mut statement = self.connection.prepare_cached(&format!(
            "SELECT {COLUMNS} FROM games WHERE seed BETWEEN ?1 AND ?2 AND practice IS NULL ORDER BY started_at DESC, id DESC"
        ))?;
        let games = readable(statement.query_map([*seeds.start() as i64, *seeds.end() as i64], record)?)?;
        let of_a_day = |g: &GameRecord| g.seed.and_then(crate::engine::daily::Day::of_seed).is_some();
        Ok(games.into_iter().filter(of_a_day).collect())
    }

    /// Games, newest first.
    pub fn list(&self, filter: &Filter) -> Result<Vec<GameRecord>> {
        let mut sql = format!("SELECT {COLUMNS} FROM games WHERE 1");
        sql.push_str(&Self::conditions(filter));
        sql.push_str(" ORDER BY started_at DESC, id DESC LIMIT :limit");
        let mut statement = self.connection.prepare_cached(&sql)?;
        let limit = filter.limit.map_or(-1, |l| l as i64);
        let level = filter.level.map(|l| l.id());
        let status = filter.status.map(|s| s.id());
        let after = filter.after;
        let mut named: Vec<(&str, &dyn rusqlite::ToSql)> = vec![(":limit", &limit)];
        Self::name_conditions(&mut named, &level, &status, &after);
        let games = readable(statement.query_map(named.as_slice(), record)?);
        games
    }

    /// How many games `filter`'s level, status and start select (its limit aside).
    pub fn count_matching(&self, filter: &Filter) -> Result<u64> {
        let sql = format!("SELECT count(*) FROM games WHERE 1{}", Self::conditions(filter));
        let mut statement = self.connection.prepare_cached(&sql)?;
        let level = filter.level.map(|l| l.id());
        let status = filter.status.map(|s| s.id());
        let after = filter.after;
        let mut named: Vec<(&str, &dyn rusqlite::ToSql)> = Vec::new();
        Self::name_conditions(&mut named, &level, &status, &after);
        Ok(statement.query_row(named.as_slice(), |row| row.get::<_, i64>(0))? as u64)
    }

    /// The SQL conditions of a filter (limit aside), each after an AND.
    fn conditions(filter: &Filter) -> String {
        let mut sql = String::new();
        if filter.level.is_some() {
            sql.push_str(" AND level = :level");
        }
        if filter.status.is_some() {
            sql.push_str(" AND status = :status");
        }
        if filter.after.is_some() {
            sql.push_str(" AND (started_at < :after_at OR (started_at = :after_at AND id < :after_id))");
        }
        sql
    }

    /// The values of [`Self::conditions`]' parameters.
    fn name_conditions<'a>(
        named: &mut Vec<(&'static str, &'a dyn rusqlite::ToSql)>,
        level: &'a Option<&'static str>,
        status: &'a Option<&'static str>,
        after: &'a Option<(i64, i64)>,
    ) {
        if let Some(level) = level {
            named.push((":level", level));
        }
        if let Some(status) = status {
            named.push((":status", status));
        }
        if let Some((at, id)) = after {
            named.push((":after_at", at));
            named.push((":after_id", id));
        }
    }

    /// How many games the history holds.
    pub fn count(&self) -> Result<u64> {
        Ok(self
            .connection
            .query_row("SELECT count(*) FROM games", [], |row| row.get::<_, i64>(0))? as u64)
    }

    /// The techniques practised, each with how many practice games it had, the latest first
    /// (the practice chooser marks them). A technique this version doesn't know is left out.
    pub fn practised(&self) -> Result<Vec<Practised>> {
        let mut statement = self.connection.prepare_cached(
            "SELECT practice, count(*), max(started_at) FROM games WHERE practice IS NOT NULL
             GROUP BY practice ORDER BY max(started_at) DESC, practice",
        )?;
        let rows = statement.query_map([], |row| Ok((row.get::<_, String>(0)?, row.get::<_, i64>(1)?)))?;
        let mut practised = Vec::new();
        for row in rows {
            let (id, games) = row?;
            if let Ok(technique) = id.parse() {
                practised.push(Practised {
                    technique,
                    games: u32::try_from(games).unwrap_or(u32::MAX),
                });
            }
        }
        Ok(practised)
    }
}

/// A technique practised, and in how many games.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Practised {
    pub technique: Technique,
    pub games: u32,
}

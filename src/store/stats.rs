//! Statistics per level over the whole history: games played and solved, the solve rate, best,
//! median and mean solve times, current and best streaks of games solved by the player; the
//! solve times in order, for the chart; the techniques the player's hints taught; and the days
//! whose daily puzzle the player solved.

use rusqlite::params;
use serde::Serialize;

use super::{GameStatus, Result, Store};
use crate::engine::daily::{Day, SolvedDay};
use crate::engine::logic::{Level, Technique};

#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct LevelStats {
    pub level: Level,
    /// Games finished, or abandoned after at least one move (games in progress or paused do not
    /// count yet, nor a game left before anything was done in it).
    pub played: u32,
    /// Solved by the player alone (not with help, not by the computer).
    pub solved: u32,
    /// Solved by the player after help that gave digits away; not in the times or streaks.
    pub solved_with_help: u32,
    /// Lost to strikes in strict mode.
    pub lost: u32,
    pub solve_rate: f64,
    pub best_ms: Option<u64>,
    pub median_ms: Option<u64>,
    pub mean_ms: Option<u64>,
    pub current_streak: u32,
    pub best_streak: u32,
}

/// One game the player solved, for the chart of solve times.
#[derive(Clone, Copy, Debug, PartialEq, Serialize)]
pub struct SolveTime {
    pub level: Level,
    pub started_at: i64,
    pub elapsed_ms: u64,
}

/// A technique hints taught, and how many hints asked for it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct TechniqueHints {
    pub technique: Technique,
    pub hints: u32,
}

impl LevelStats {
    fn new(level: Level) -> LevelStats {
        LevelStats {
            level,
            played: 0,
            solved: 0,
            solved_with_help: 0,
            lost: 0,
            solve_rate: 0.0,
            best_ms: None,
            median_ms: None,
            mean_ms: None,
            current_streak: 0,
            best_streak: 0,
        }
    }
}

/// One game as statistics see it.
#[derive(Clone, Copy, Debug)]
pub struct Played {
    pub level: Level,
    pub status: GameStatus,
    pub elapsed_ms: u64,
    /// Whether anything was done in the game (a move of any kind).
    pub moved: bool,
}

/// Statistics from games in the order they were started.
pub fn compute(games: impl IntoIterator<Item = Played>) -> Vec<LevelStats> {
    let mut stats: Vec<LevelStats> = Level::ALL.iter().map(|&l| LevelStats::new(l)).collect();
    let mut times: Vec<Vec<u64>> = vec![Vec::new(); Level::ALL.len()];
    for Played {
        level,
        status,
        elapsed_ms: elapsed,
        moved,
    } in games
    {
        let index = Level::ALL.iter().position(|&l| l == level).unwrap_or(0);
        let entry = &mut stats[index];
        match status {
            GameStatus::InProgress | GameStatus::Paused => continue,
            GameStatus::Abandoned if !moved => continue,
            GameStatus::SolvedWithHelp => entry.solved_with_help = entry.solved_with_help.saturating_add(1),
            GameStatus::Solved => {
                entry.solved = entry.solved.saturating_add(1);
                entry.current_streak = entry.current_streak.saturating_add(1);
                entry.best_streak = entry.best_streak.max(entry.current_streak);
                times[index].push(elapsed);
            }
            GameStatus::SolvedByComputer | GameStatus::Abandoned => entry.current_streak = 0,
            GameStatus::Lost => {
                entry.lost = entry.lost.saturating_add(1);
                entry.current_streak = 0;
            }
        }
        entry.played = entry.played.saturating_add(1);
    }
    for (entry, times) in stats.iter_mut().zip(&mut times) {
        entry.solve_rate = if entry.played == 0 {
            0.0
        } else {
            f64::from(entry.solved) / f64::from(entry.played)
        };
        times.sort_unstable();
        entry.best_ms = times.first().copied();
        entry.median_ms = (!times.is_empty()).then(|| times[times.len() / 2]);
        // Summed wide: a history can hold any elapsed time (a damaged or hostile file too).
        entry.mean_ms = (!times.is_empty())
            .then(|| (times.iter().map(|&t| u128::from(t)).sum::<u128>() / times.len() as u128) as u64);
    }
    stats
}

impl Store {
    /// Statistics for every level, over the whole history. Practice games stay out: an exercise
    /// begun part solved is not a game of its level (it would lower the solve rate, being
    /// solved with help, and end streaks when abandoned).
    pub fn stats(&self) -> Result<Vec<LevelStats>> {
        Ok(self.stats_and_solve_times()?.0)
    }

    /// [`Self::stats`] and [`Self::solve_times`] from one reading of the games (what the
    /// History window's Statistics page shows; reading them apart took half as long again).
    pub fn stats_and_solve_times(&self) -> Result<(Vec<LevelStats>, Vec<SolveTime>)> {
        let mut statement = self.connection.prepare_cached(
            "SELECT level, status, elapsed_ms, started_at, practice IS NULL, \
                 practice IS NULL AND EXISTS (SELECT 1 FROM moves WHERE moves.game_id = games.id) \
                 FROM games ORDER BY started_at, id",
        )?;
        let rows = statement.query_map([], |row| {
            Ok((
                row.get::<_, String>(0)?,
                row.get::<_, String>(1)?,
                row.get::<_, i64>(2)?,
                row.get::<_, i64>(3)?,
                row.get::<_, bool>(4)?,
                row.get::<_, bool>(5)?,
            ))
        })?;
        let (mut games, mut times) = (Vec::new(), Vec::new());
        for row in rows {
            let (level, status, elapsed, started_at, of_its_level, moved) = row?;
            let (Ok(level), Ok(status)) = (level.parse::<Level>(), status.parse::<GameStatus>()) else {
                continue;
            };
            let elapsed_ms = elapsed.max(0) as u64;
            if status == GameStatus::Solved {
                times.push(SolveTime {
                    level,
                    started_at,
                    elapsed_ms,
                });
            }
            if of_its_level {
                games.push(Played {
                    level,
                    status,
                    elapsed_ms,
                    moved,
                });
            }
        }
        Ok((compute(games), times))
    }

    /// The techniques the hints asked for taught, over every game (practices too: a hint there
    /// was needed as much), the most asked first, ties in the ladder's order (the simplest
    /// first). A hint that pointed out a slip, and those asked before the history named hints
    /// (its sixth schema), name no technique and are left out, as is an id this version does not
    /// know.
    pub fn hints_by_technique(&self) -> Result<Vec<TechniqueHints>> {
        let mut statement = self.connection.prepare_cached(
            "SELECT technique, count(*) FROM moves WHERE kind = 'hint' AND technique IS NOT NULL GROUP BY technique",
        )?;
        let rows = statement.query_map([], |row| Ok((row.get::<_, String>(0)?, row.get::<_, i64>(1)?)))?;
        let mut hints = Vec::new();
        for row in rows {
            let (id, count) = row?;
            if let Ok(technique) = id.parse::<Technique>() {
                hints.push(TechniqueHints {
                    technique,
                    hints: u32::try_from(count).unwrap_or(u32::MAX),
                });
            }
        }
        hints.sort_by_key(|h| (std::cmp::Reverse(h.hints), h.technique));
        Ok(hints)
    }

    /// The days whose daily puzzle the player solved alone (as streaks count games: not with
    /// help, nor by the computer), as their seeds name them, each with whether its game was
    /// taken up on that day (by the local date it started on).
    pub fn daily_days_solved(&self) -> Result<Vec<SolvedDay>> {
        let games = self
            .daily_games()?
            .into_iter()
            .filter(|g| g.status == GameStatus::Solved);
        Ok(games
            .filter_map(|g| {
                let day = Day::of_seed(g.seed?)?;
                let on_its_day = super::local_day(g.started_at) == Some(day);
                Some(SolvedDay { day, on_its_day })
            })
            .collect())
    }

    /// The best time of a level's games solved alone, as the statistics count it (practices
    /// left out), over every game but the one started at `other_than` (the game just solved,
    /// for its "Well done!" to compare with the best before it); `None` before the first.
    pub fn best_time_other_than(&self, level: Level, other_than: i64) -> Result<Option<u64>> {
        let best: Option<i64> = self.connection.query_row(
            "SELECT MIN(MAX(elapsed_ms, 0)) FROM games \
                 WHERE level = ?1 AND status = ?2 AND practice IS NULL AND started_at != ?3",
            params![level.id(), GameStatus::Solved.id(), other_than],
            |row| row.get(0),
        )?;
        Ok(best.map(|ms| ms as u64))
    }

    /// The player's solve times in the order played (all levels), for the chart.
    pub fn solve_times(&self) -> Result<Vec<SolveTime>> {
        Ok(self.stats_and_solve_times()?.1)
    }
}

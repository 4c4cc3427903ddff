//! Difficulty rating: solve by techniques, always taking the lowest-scoring step available (as
//! Sudoku Explainer does); the puzzle's score is its hardest step's, its level the highest level
//! among its steps (as HoDoKu's: an X-Wing makes a puzzle Hard even where a Medium hidden triple
//! scores higher on Sudoku Explainer's scale).
//! A puzzle the techniques cannot finish is Master and scores at least 6.6, where Sudoku
//! Explainer's chains begin.

use std::collections::BTreeMap;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::OnceLock;

use serde::Serialize;

use super::board::Board;
use super::technique::{Level, Technique};
use super::{agrees_with, ladder_step_on, Step};
use crate::engine::grid::{Digit, Position, CELLS};

/// The least score of a puzzle that needs more than the techniques Nonet knows.
pub const BEYOND_KNOWN_SCORE: f32 = 6.6;

#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Rating {
    pub level: Level,
    pub score: f32,
    /// The highest-scoring technique used (none for a puzzle given solved).
    pub hardest: Option<Technique>,
    /// How many steps of each technique the rating solve took.
    pub steps: BTreeMap<Technique, usize>,
    /// Whether the techniques finished the grid.
    pub solved: bool,
}

/// The techniques by ascending score (ties in catalogue order): the ladder that paths, hints and
/// ratings climb. Two searches stay off it and run only when asked for by id (`hint
/// --technique`, scripts' `builtin`): finned franken and finned mutant jellyfish cost 30–80 ms a
/// position, and HoDoKu's own paths over 310 hard puzzles never use them.
pub fn by_score() -> &'static [Technique] {
    static ORDER: OnceLock<Vec<Technique>> = OnceLock::new();
    ORDER.get_or_init(|| {
        let mut order: Vec<Technique> = Technique::ALL
            .iter()
            .copied()
            .filter(|t| !matches!(t, Technique::FinnedFrankenJellyfish | Technique::FinnedMutantJellyfish))
            .collect();
        order.sort_by(|a, b| a.score().total_cmp(&b.score()));
        order
    })
}

/// Rates a puzzle from its givens, using only techniques of `up_to` level or easier; stops early
/// (unsolved) once a step would need a harder one. Every Master technique scores above every
/// Expert one, so when a rating up to Expert solves the puzzle, the full rating takes the same
/// path and gives the same result.
pub fn rate_up_to(puzzle: &[Digit; CELLS], up_to: Level, solution: Option<&[Digit; CELLS]>) -> Rating {
    rate_until(puzzle, up_to, solution, &AtomicBool::new(false)).expect("never cancelled")
}

/// Rates a puzzle as [`rate`] does, looking at `cancel` before each step: `None` once it is set.
/// For the app, which rates a hard puzzle while it is played and stops when another game starts.
pub fn rate_cancellable(puzzle: &[Digit; CELLS], cancel: &AtomicBool) -> Option<Rating> {
    rate_until(puzzle, Level::Master, None, cancel)
}

fn rate_until(
    puzzle: &[Digit; CELLS],
    up_to: Level,
    solution: Option<&[Digit; CELLS]>,
    cancel: &AtomicBool,
) -> Option<Rating> {
    let mut board = Board::from_position(&Position::from_givens(puzzle));
    let mut tally = Tally::default();
    while !board.is_solved() {
        if cancel.load(Ordering::Relaxed) {
            return None;
        }
        let Some(step) = ladder_step_on(&board, |t| t.level() <= up_to, false) else {
            break;
        };
        if let Some(solution) = solution {
            debug_assert!(agrees_with(&step, solution), "wrong step {}", step.compact());
        }
        tally.add(&step);
        board.apply(&step);
    }
    Some(tally.rating(board.is_solved()))
}

/// A rating as it is worked out, step by step along a path.
#[derive(Default)]
pub(crate) struct Tally {
    steps: BTreeMap<Technique, usize>,
    /// The hardest step so far: its technique and score.
    hardest: Option<(Technique, f32)>,
}

impl Tally {
    pub(crate) fn add(&mut self, step: &Step) {
        if self.hardest.is_none_or(|(_, top)| step.score > top) {
            self.hardest = Some((step.technique, step.score));
        }
        *self.steps.entry(step.technique).or_insert(0) += 1;
    }

    /// The rating of the path so far, `solved` when it filled the grid.
    pub(crate) fn rating(self, solved: bool) -> Rating {
        let known = self.hardest.map_or(0.0, |(_, score)| score);
        let (level, score) = if solved {
            // The highest level among the techniques used.
            let level = self.steps.keys().map(|t| t.level()).max();
            (level.unwrap_or(Level::Easy), known)
        } else {
            (Level::Master, known.max(BEYOND_KNOWN_SCORE))
        };
        Rating {
            level,
            score,
            hardest: self.hardest.map(|(t, _)| t),
            steps: self.steps,
            solved,
        }
    }
}

/// Rates a puzzle from its givens.
pub fn rate(puzzle: &[Digit; CELLS]) -> Rating {
    rate_up_to(puzzle, Level::Master, None)
}

//! Running a script on a puzzle to the end: call `find_step`, check the step, apply it, until the
//! script finds nothing (then, with the fallback, the engine's own techniques step in), the puzzle
//! is solved, a step is invalid or the script fails.

use std::collections::BTreeMap;

use serde::{Deserialize, Serialize};

use super::check::check;
use super::{Grid, Script};
use crate::engine::grid::{Digit, Position, CELLS};
use crate::engine::logic::{self, Board, Technique};

/// At most this many steps per puzzle (a solve needs well under 500).
const MAX_STEPS: usize = 2_000;

/// At most this many lines of the script's output are kept for one puzzle.
pub const MAX_RUN_OUTPUT_LINES: usize = 1_000;

/// What a run is about to do (a worker reports it, so a watchdog knows what it waits for).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Doing {
    /// The script's `find_step` is called for this step.
    Script(usize),
    /// The engine's own techniques look for this step.
    Builtin(usize),
}

/// What happened on one puzzle.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct PuzzleRun {
    pub solved: bool,
    /// Steps applied, by name (the script's own, and the engine's with the fallback).
    pub steps: BTreeMap<String, usize>,
    pub script_steps: usize,
    pub builtin_steps: usize,
    pub invalid: Vec<String>,
    pub errors: Vec<String>,
    /// Where the puzzle was left.
    pub position: String,
    /// What the script printed (capped), in order.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub output: Vec<String>,
}

pub fn run_puzzle(script: &Script, puzzle: &Position, solution: &[Digit; CELLS], fallback: bool) -> PuzzleRun {
    run_puzzle_reporting(script, puzzle, solution, fallback, &mut |_| {})
}

/// [`run_puzzle`], telling `doing` before each call to the script or the engine.
pub fn run_puzzle_reporting(
    script: &Script,
    puzzle: &Position,
    solution: &[Digit; CELLS],
    fallback: bool,
    doing: &mut dyn FnMut(Doing),
) -> PuzzleRun {
    let mut board = Board::from_position(puzzle);
    let given: [bool; CELLS] = std::array::from_fn(|c| puzzle.is_given(c));
    let mut run = PuzzleRun::default();
    for number in 1..=MAX_STEPS {
        if board.is_solved() {
            break;
        }
        doing(Doing::Script(number));
        let found = script.find_step(&Grid::new(board.clone(), given));
        let room = MAX_RUN_OUTPUT_LINES.saturating_sub(run.output.len());
        let printed = script.take_output();
        if printed.len() > room && room > 0 {
            run.output.extend(printed.into_iter().take(room - 1));
            run.output.push(format!(
                "… output truncated: at most {MAX_RUN_OUTPUT_LINES} lines a puzzle"
            ));
        } else if room > 0 {
            run.output.extend(printed);
        }
        match found {
            Ok(Some(step)) => match check(&step, number, &board, solution) {
                Ok(checked) => {
                    checked.apply(&mut board);
                    *run.steps.entry(step.name.clone()).or_default() += 1;
                    run.script_steps += 1;
                }
                Err(problem) => {
                    run.invalid.push(problem);
                    break;
                }
            },
            Ok(None) => {
                if fallback {
                    doing(Doing::Builtin(number));
                }
                let builtin = fallback.then(|| logic::next_step_on(&board, Technique::ALL)).flatten();
                let Some(step) = builtin else { break };
                board.apply(&step);
                *run.steps.entry(step.name.to_string()).or_default() += 1;
                run.builtin_steps += 1;
            }
            Err(error) => {
                run.errors.push(format!("step {number}: {error}"));
                break;
            }
        }
    }
    run.solved = board.is_solved();
    run.position = crate::engine::grid::digits_to_line(board.values());
    run
}

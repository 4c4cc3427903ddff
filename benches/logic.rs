//! Benchmarks for the human-style engine, against the `sudoku` crate's strategy solver in the
//! same run where one exists.
//!
//! - Rating each qqwing set: µs per puzzle (median and mean), beside the `sudoku` crate's
//!   strategy solver with its 14 techniques solving the same puzzles.
//! - Hints: ms per hint at every position along the logical solutions of the qqwing expert set.
//! - Rated generation: ms per puzzle for each level.
//!
//! `cargo bench --bench logic`.

#[path = "../tests/common/mod.rs"]
mod common;

use std::hint::black_box;
use std::time::Instant;

use common::qqwing;

use nonet::engine::generator::{generate, Options};
use nonet::engine::logic::{self, Board, Level, Technique};
use nonet::engine::{Position, CELLS};
use sudoku::strategy::{Strategy, StrategySolver};

/// Median and mean of durations in microseconds.
fn summary(mut micros: Vec<f64>) -> (f64, f64, f64) {
    micros.sort_by(f64::total_cmp);
    let median = micros[micros.len() / 2];
    let mean = micros.iter().sum::<f64>() / micros.len() as f64;
    let max = micros[micros.len() - 1];
    (median, mean, max)
}

fn time<T>(f: impl FnOnce() -> T) -> f64 {
    let start = Instant::now();
    black_box(f());
    start.elapsed().as_secs_f64() * 1e6
}

const THEIR_STRATEGIES: [Strategy; 14] = [
    Strategy::NakedSingles,
    Strategy::HiddenSingles,
    Strategy::LockedCandidates,
    Strategy::NakedPairs,
    Strategy::XWing,
    Strategy::HiddenPairs,
    Strategy::NakedTriples,
    Strategy::Swordfish,
    Strategy::HiddenTriples,
    Strategy::XyWing,
    Strategy::XyzWing,
    Strategy::NakedQuads,
    Strategy::Jellyfish,
    Strategy::HiddenQuads,
];

fn main() {
    println!("Rating (µs per puzzle; best of 3 rounds of each median)");
    println!(
        "{:<14} {:>12} {:>10} {:>16} {:>7}",
        "qqwing set", "nonet med", "nonet avg", "sudoku med", "ratio"
    );
    for name in ["simple", "easy", "intermediate", "expert"] {
        let puzzles = qqwing(name);
        let (mut ours, mut theirs) = ((f64::MAX, 0.0), f64::MAX);
        for _ in 0..3 {
            let (median, mean, _) = summary(puzzles.iter().map(|p| time(|| logic::rate(p))).collect());
            if median < ours.0 {
                ours = (median, mean);
            }
            let sudokus: Vec<_> = puzzles
                .iter()
                .map(|p| sudoku::Sudoku::from_bytes(*p).unwrap())
                .collect();
            let (median, _, _) = summary(
                sudokus
                    .iter()
                    .map(|s| time(|| StrategySolver::from_sudoku(*s).solve(&THEIR_STRATEGIES).is_ok()))
                    .collect(),
            );
            theirs = theirs.min(median);
        }
        println!(
            "{:<14} {:>12.1} {:>10.1} {:>16.1} {:>7.2}",
            name,
            ours.0,
            ours.1,
            theirs,
            ours.0 / theirs
        );
    }

    println!("\nHints (positions along the logical paths of the qqwing expert set)");
    let mut hint_times = Vec::new();
    for puzzle in qqwing("expert") {
        let mut board = Board::from_position(&Position::from_givens(&puzzle));
        let mut position = Position::from_givens(&puzzle);
        loop {
            hint_times.push(time(|| logic::hint(&position)));
            let Some(step) = logic::next_step_on(&board, Technique::ALL) else {
                break;
            };
            board.apply(&step);
            let mut values = *board.values();
            for cell in 0..CELLS {
                if puzzle[cell] != 0 {
                    values[cell] = puzzle[cell];
                }
            }
            let marks: Vec<_> = (0..CELLS).map(|c| board.candidates(c)).collect();
            position = Position::from_givens_and_values(&puzzle, &values).with_candidates(&marks.try_into().unwrap());
            if board.is_solved() {
                break;
            }
        }
    }
    let count = hint_times.len();
    let (median, mean, max) = summary(hint_times);
    println!(
        "{count} positions: median {:.3} ms, mean {:.3} ms, max {:.3} ms",
        median / 1e3,
        mean / 1e3,
        max / 1e3
    );

    println!("\nRated generation (ms per puzzle)");
    for (level, count) in [
        (Level::Easy, 60),
        (Level::Medium, 60),
        (Level::Hard, 60),
        (Level::Master, 12),
    ] {
        let times: Vec<f64> = (0..count)
            .map(|seed| {
                time(|| {
                    generate(Options {
                        seed,
                        difficulty: Some(level),
                        ..Options::default()
                    })
                    .unwrap()
                })
            })
            .collect();
        let (median, mean, max) = summary(times);
        println!(
            "{:<8} {count:>3} puzzles: median {:.2} ms, mean {:.2} ms, max {:.2} ms",
            level.name(),
            median / 1e3,
            mean / 1e3,
            max / 1e3
        );
    }
}

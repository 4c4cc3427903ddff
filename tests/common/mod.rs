//! Shared helpers for the integration tests: dataset paths and a Sudoku rules checker that is
//! independent of the solver under test.
#![allow(dead_code)]

pub mod pdf;

use std::path::PathBuf;

/// A puzzle set from `../shared/datasets`. Panics with a clear message when it is missing, so a
/// test can never pass by skipping its data.
pub fn dataset(name: &str) -> PathBuf {
    let path = PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("../shared/datasets")
        .join(name);
    assert!(
        path.exists(),
        "dataset {} is missing: put shared/ beside the checkout",
        path.display()
    );
    path
}

/// Makes a FIFO at `path` (`mkfifo`): a special file that blocks whoever opens it to read.
pub fn make_fifo(path: &std::path::Path) {
    let made = std::process::Command::new("mkfifo").arg(path).status();
    assert!(made.is_ok_and(|status| status.success()), "mkfifo {}", path.display());
}

/// A small sample shipped in `tests/data`.
pub fn sample(name: &str) -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/data").join(name)
}

/// The puzzles of a file in the line format, as digits (0 for blanks).
pub fn read_lines(path: &PathBuf) -> Vec<[u8; 81]> {
    std::fs::read_to_string(path)
        .expect("readable puzzle file")
        .lines()
        .filter(|l| !l.trim().is_empty() && !l.starts_with('#'))
        .map(|l| {
            let mut grid = [0u8; 81];
            for (i, ch) in l.chars().take(81).enumerate() {
                grid[i] = ch.to_digit(10).unwrap_or(0) as u8;
            }
            grid
        })
        .collect()
}

/// Panics unless `solution` is a complete grid obeying the rules and keeping `puzzle`'s givens.
pub fn assert_solves(puzzle: &[u8; 81], solution: &[u8; 81]) {
    for cell in 0..81 {
        assert!((1..=9).contains(&solution[cell]), "cell {cell} is not filled");
        if puzzle[cell] != 0 {
            assert_eq!(puzzle[cell], solution[cell], "given at cell {cell} changed");
        }
    }
    for unit in 0..9 {
        let row: Vec<u8> = (0..9).map(|i| solution[unit * 9 + i]).collect();
        let col: Vec<u8> = (0..9).map(|i| solution[i * 9 + unit]).collect();
        let boxed: Vec<u8> = (0..9)
            .map(|i| solution[(unit / 3 * 3 + i / 3) * 9 + unit % 3 * 3 + i % 3])
            .collect();
        for (name, mut digits) in [("row", row), ("column", col), ("box", boxed)] {
            digits.sort_unstable();
            assert_eq!(
                digits,
                (1..=9).collect::<Vec<u8>>(),
                "{name} {} is not a permutation",
                unit + 1
            );
        }
    }
}

/// The solution of a puzzle with exactly one, by the `sudoku` crate, an independent
/// implementation.
pub fn reference_solution(puzzle: &[u8; 81]) -> [u8; 81] {
    sudoku::Sudoku::from_bytes(*puzzle)
        .expect("digits 0-9")
        .solution()
        .expect("unique")
        .to_bytes()
}

/// Solution count up to 2 by the `sudoku` crate, an independent implementation.
pub fn reference_count(puzzle: &[u8; 81]) -> usize {
    sudoku::Sudoku::from_bytes(*puzzle)
        .expect("digits 0-9")
        .solutions_count_up_to(2)
}

/// The puzzles of one of the qqwing sets (`simple`, `easy`, `intermediate`, `expert`).
pub fn qqwing(name: &str) -> Vec<[u8; 81]> {
    let text = std::fs::read_to_string(dataset(&format!("qqwing/{name}.csv"))).expect("readable qqwing set");
    text.lines()
        .skip(1)
        .filter_map(|line| line.split(',').next())
        .map(|puzzle| {
            let mut grid = [0; 81];
            for (i, ch) in puzzle.chars().take(81).enumerate() {
                grid[i] = ch.to_digit(10).unwrap_or(0) as u8;
            }
            grid
        })
        .collect()
}

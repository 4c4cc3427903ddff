//! Solver benchmark against the `sudoku` crate (a JCZSolve port), side by side in one run.
//!
//! For each dataset both solvers solve every puzzle and prove it unique (a search for up to two
//! solutions). Rounds alternate between the solvers; the best round of each is reported as µs
//! per puzzle, with the ratio nonet / sudoku (below 1.0 means Nonet is faster).
//!
//! `cargo bench --bench solver` uses the shared datasets; pass dataset paths to use others, and
//! `--rounds N` to change the number of rounds (default 5).

use std::hint::black_box;
use std::path::PathBuf;
use std::time::Instant;

use nonet::engine::solver;
use nonet::engine::{format, CELLS};

fn load(path: &PathBuf) -> Vec<[u8; CELLS]> {
    let text = std::fs::read_to_string(path).unwrap_or_else(|e| panic!("cannot read {}: {e}", path.display()));
    text.lines()
        .filter(|l| !l.trim().is_empty() && !l.starts_with('#'))
        .map(|l| *format::parse_line(l).expect("dataset puzzles are well formed").values())
        .collect()
}

fn time_round(puzzles: &[[u8; CELLS]], mut solve: impl FnMut(&[u8; CELLS]) -> usize) -> (f64, usize) {
    let start = Instant::now();
    let mut unique = 0;
    for puzzle in puzzles {
        unique += black_box(solve(black_box(puzzle)));
    }
    (start.elapsed().as_secs_f64() * 1e6 / puzzles.len() as f64, unique)
}

fn main() {
    let mut args = std::env::args().skip(1).filter(|a| a != "--bench");
    let mut rounds = 5;
    let mut paths = Vec::new();
    while let Some(arg) = args.next() {
        if arg == "--rounds" {
            rounds = args
                .next()
                .and_then(|n| n.parse().ok())
                .expect("--rounds needs a number");
        } else {
            paths.push(PathBuf::from(arg));
        }
    }
    if paths.is_empty() {
        let shared = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../shared/datasets");
        for name in [
            "17-clue.txt",
            "magictour-top1465.txt",
            "forum-hardest-1905-11plus.txt",
            "forum-hardest-1106.txt",
        ] {
            paths.push(shared.join(name));
        }
    }

    println!(
        "{:<34} {:>8} {:>12} {:>12} {:>7}",
        "dataset", "puzzles", "nonet µs", "sudoku µs", "ratio"
    );
    for path in &paths {
        let puzzles = load(path);
        let theirs: Vec<sudoku::Sudoku> = puzzles
            .iter()
            .map(|p| sudoku::Sudoku::from_bytes(*p).expect("valid digits"))
            .collect();
        let ours_solve = |p: &[u8; CELLS]| (solver::solve(p).count() == 1) as usize;
        let mut index = 0;
        let theirs_solve = |_: &[u8; CELLS]| {
            let found = theirs[index].solution().is_some() as usize;
            index = (index + 1) % theirs.len();
            found
        };
        let mut theirs_solve = theirs_solve;
        let (mut best_ours, mut best_theirs) = (f64::MAX, f64::MAX);
        for _ in 0..rounds {
            let (ours_time, ours_unique) = time_round(&puzzles, ours_solve);
            let (theirs_time, theirs_unique) = time_round(&puzzles, &mut theirs_solve);
            assert_eq!(ours_unique, theirs_unique, "the solvers disagree on {}", path.display());
            best_ours = best_ours.min(ours_time);
            best_theirs = best_theirs.min(theirs_time);
        }
        let name = path
            .file_name()
            .map(|n| n.to_string_lossy().into_owned())
            .unwrap_or_default();
        println!(
            "{:<34} {:>8} {:>12.2} {:>12.2} {:>7.2}",
            name,
            puzzles.len(),
            best_ours,
            best_theirs,
            best_ours / best_theirs
        );
    }
}

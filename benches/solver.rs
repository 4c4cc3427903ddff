//! Solver benchmark against tdoku (the fastest published solver, `../shared/anchors/tdoku`) and
//! the `sudoku` crate (a JCZSolve port), side by side in one run.
//!
//! For each dataset every solver solves every puzzle and proves it unique (a search for up to
//! two solutions). Rounds alternate between the solvers; the best round of each is reported as
//! µs per puzzle, with the ratios nonet / tdoku and nonet / sudoku (below 1.0 means Nonet is
//! faster). tdoku runs as its own harness (`tdoku-bench`, built here from the anchor with
//! `-O3 -march=native`), which repeats the file for at least two seconds a round; Nonet's rounds
//! repeat the file for as long, in-process, on puzzles parsed beforehand, as tdoku's do.
//!
//! `cargo bench --bench solver` uses the shared datasets; pass dataset paths to use others, and
//! `--rounds N` to change the number of rounds (default 3). Without the anchor (or g++) the tdoku
//! column says so and the bench still compares with the `sudoku` crate.

use std::hint::black_box;
use std::path::{Path, PathBuf};
use std::process::Command;
use std::time::{Duration, Instant};

use nonet::engine::solver;
use nonet::engine::{format, CELLS};

fn load(path: &PathBuf) -> Vec<[u8; CELLS]> {
    let text = std::fs::read_to_string(path).unwrap_or_else(|e| panic!("cannot read {}: {e}", path.display()));
    text.lines()
        .filter(|l| !l.trim().is_empty() && !l.starts_with('#'))
        .map(|l| *format::parse_line(l).expect("dataset puzzles are well formed").values())
        .collect()
}

/// How long one round repeats the file, as tdoku's harness does.
const ROUND: Duration = Duration::from_secs(2);

/// Solves the file over and over for at least [`ROUND`]; µs per puzzle and how many of the
/// file's puzzles were unique (from the first pass).
fn time_round(puzzles: &[[u8; CELLS]], mut solve: impl FnMut(&[u8; CELLS]) -> usize) -> (f64, usize) {
    let start = Instant::now();
    let (mut solved, mut unique) = (0, None);
    while unique.is_none() || start.elapsed() < ROUND {
        let mut found = 0;
        for puzzle in puzzles {
            found += black_box(solve(black_box(puzzle)));
        }
        unique.get_or_insert(found);
        solved += puzzles.len();
    }
    (start.elapsed().as_secs_f64() * 1e6 / solved as f64, unique.unwrap_or(0))
}

/// Builds tdoku's harness from the anchor into the target directory; None when it can't.
fn build_tdoku(shared: &Path) -> Option<PathBuf> {
    let out = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("target");
    let built = Command::new(shared.join("anchors/tdoku/build"))
        .env("OUT", &out)
        .output()
        .ok()?;
    if !built.status.success() {
        eprintln!("tdoku did not build: {}", String::from_utf8_lossy(&built.stderr));
        return None;
    }
    Some(out.join("tdoku-bench"))
}

/// One round of tdoku over the file: µs per puzzle and how many were unique.
fn tdoku_round(bench: &Path, path: &Path) -> Option<(f64, usize)> {
    let output = Command::new(bench).arg(path).output().ok()?;
    let text = String::from_utf8_lossy(&output.stdout);
    let field = |name: &str| {
        text.split_whitespace()
            .find_map(|word| word.trim_matches(|c| c == '(' || c == ')').strip_prefix(name))
            .map(str::to_string)
    };
    Some((
        field("us_per_puzzle=")?.parse().ok()?,
        field("solutions_sum=")?.parse().ok()?,
    ))
}

fn main() {
    let mut args = std::env::args().skip(1).filter(|a| a != "--bench");
    let mut rounds = 3;
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
    let shared = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../shared");
    let tdoku = build_tdoku(&shared);
    if paths.is_empty() {
        for name in [
            "17-clue.txt",
            "magictour-top1465.txt",
            "forum-hardest-1905-11plus.txt",
            "forum-hardest-1106.txt",
        ] {
            paths.push(shared.join("datasets").join(name));
        }
    }

    println!(
        "Nonet's solver here: the triad solver at level {:?} (the band solver alongside, for comparison)",
        solver::triads::Level::best()
    );
    println!(
        "{:<34} {:>8} {:>10} {:>10} {:>10} {:>10} {:>8} {:>8}",
        "dataset", "puzzles", "nonet µs", "bands µs", "tdoku µs", "sudoku µs", "/tdoku", "/sudoku"
    );
    for path in &paths {
        let puzzles = load(path);
        let theirs: Vec<sudoku::Sudoku> = puzzles
            .iter()
            .map(|p| sudoku::Sudoku::from_bytes(*p).expect("valid digits"))
            .collect();
        let ours_solve = |p: &[u8; CELLS]| (solver::solve(p).count() == 1) as usize;
        let bands_solve = |p: &[u8; CELLS]| (solver::search_with(p, 2, solver::Engine::Bands).0 == 1) as usize;
        let mut index = 0;
        let theirs_solve = |_: &[u8; CELLS]| {
            let found = theirs[index].solution().is_some() as usize;
            index = (index + 1) % theirs.len();
            found
        };
        let mut theirs_solve = theirs_solve;
        let (mut best_ours, mut best_theirs, mut best_tdoku) = (f64::MAX, f64::MAX, f64::MAX);
        let mut best_bands = f64::MAX;
        for _ in 0..rounds {
            let (ours_time, ours_unique) = time_round(&puzzles, ours_solve);
            let (theirs_time, theirs_unique) = time_round(&puzzles, &mut theirs_solve);
            let (bands_time, bands_unique) = time_round(&puzzles, bands_solve);
            assert_eq!(ours_unique, theirs_unique, "the solvers disagree on {}", path.display());
            assert_eq!(ours_unique, bands_unique, "the engines disagree on {}", path.display());
            best_bands = best_bands.min(bands_time);
            if let Some((tdoku_time, tdoku_solutions)) = tdoku.as_deref().and_then(|bench| tdoku_round(bench, path)) {
                // tdoku counts solutions (up to 2 each); every dataset puzzle has one.
                assert_eq!(tdoku_solutions, ours_unique, "tdoku disagrees on {}", path.display());
                best_tdoku = best_tdoku.min(tdoku_time);
            }
            best_ours = best_ours.min(ours_time);
            best_theirs = best_theirs.min(theirs_time);
        }
        let name = path
            .file_name()
            .map(|n| n.to_string_lossy().into_owned())
            .unwrap_or_default();
        let (tdoku_time, tdoku_ratio) = if best_tdoku < f64::MAX {
            (format!("{best_tdoku:.2}"), format!("{:.2}", best_ours / best_tdoku))
        } else {
            ("n/a".to_string(), "n/a".to_string())
        };
        println!(
            "{:<34} {:>8} {:>10.2} {:>10.2} {:>10} {:>10.2} {:>8} {:>8.2}",
            name,
            puzzles.len(),
            best_ours,
            best_bands,
            tdoku_time,
            best_theirs,
            tdoku_ratio,
            best_ours / best_theirs
        );
    }
}

//! A prototype of a tdoku-style triad solver, kept outside `src/` because it is not yet faster
//! than the band solver in `src/engine/solver.rs` (issue 14). It reproduces tdoku's search
//! exactly (the same guesses per puzzle), so what is left is speed per guess.
//!
//! `cargo run --release --example triad_prototype -- FILE...` checks, on every puzzle of each
//! file, that the portable, SSE2 and (when the machine has it) AVX2 paths agree with each other
//! and with `nonet::engine::solver`, then prints guesses and µs per puzzle beside the band
//! solver's. Build with `RUSTFLAGS="-C target-cpu=native"` to see what run-time selection of
//! newer instructions could reach.

mod lanes;
mod triads;

use std::hint::black_box;
use std::time::Instant;

use nonet::engine::{format, solver, Digit, Solutions, CELLS};

use triads::Found;

/// One way to run the triad search: a name and the search compiled for a vector type.
type Path = (&'static str, fn(&[Digit; CELLS]) -> Found);

/// The vector paths this machine can run: portable everywhere, SSE2 on every x86-64, AVX2 where
/// the processor has it.
fn paths() -> Vec<Path> {
    // SAFETY (each call): the portable path needs nothing.
    let mut paths: Vec<Path> = vec![("portable", |p| unsafe { triads::count::<lanes::Portable>(p, 2) })];
    #[cfg(target_arch = "x86_64")]
    {
        // SAFETY: SSE2 is part of x86-64.
        paths.push(("sse2", |p| unsafe { triads::count::<lanes::Sse2>(p, 2) }));
        if is_x86_feature_detected!("avx2") && is_x86_feature_detected!("popcnt") && is_x86_feature_detected!("bmi2") {
            // SAFETY: just detected.
            paths.push(("avx2", |p| unsafe { triads::count::<lanes::Avx2>(p, 2) }));
        }
    }
    paths
}

fn main() {
    let paths = paths();
    let (_, fastest) = *paths.last().expect("the portable path is always there");
    for path in std::env::args().skip(1) {
        let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("cannot read {path}: {e}"));
        let puzzles: Vec<[Digit; CELLS]> = text
            .lines()
            .filter_map(|line| format::parse_line(line).ok())
            .map(|position| *position.values())
            .collect();
        let mut guesses = 0;
        for puzzle in &puzzles {
            let found = fastest(puzzle);
            let (count, first) = match solver::solve(puzzle) {
                Solutions::None => (0, None),
                Solutions::Unique(grid) => (1, Some(grid)),
                Solutions::Multiple(_) => (2, found.first),
            };
            assert_eq!(
                (found.count, found.first),
                (count, first),
                "triads and band solver disagree"
            );
            for (name, search) in &paths {
                assert_eq!(search(puzzle), found, "the {name} path disagrees");
            }
            guesses += found.guesses;
        }
        let time = |solve: &dyn Fn(&[Digit; CELLS]) -> usize| {
            let start = Instant::now();
            for puzzle in &puzzles {
                black_box(solve(black_box(puzzle)));
            }
            start.elapsed().as_secs_f64() * 1e6 / puzzles.len().max(1) as f64
        };
        let mut timings = String::new();
        // The portable path is there to check the others, not to race them.
        for (name, search) in paths.iter().skip(1) {
            timings += &format!("triads {name} {:.2}, ", time(&|p| search(p).count));
        }
        let bands = time(&|p| solver::solve(p).count());
        println!(
            "{path}: {} puzzles, {:.1} guesses each; µs each: {timings}band solver {bands:.2}",
            puzzles.len(),
            guesses as f64 / puzzles.len().max(1) as f64
        );
    }
}

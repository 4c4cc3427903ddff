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

use lanes::{Avx2, Portable, Sse2};

fn has_avx2() -> bool {
    is_x86_feature_detected!("avx2") && is_x86_feature_detected!("popcnt") && is_x86_feature_detected!("bmi2")
}

fn main() {
    for path in std::env::args().skip(1) {
        let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("cannot read {path}: {e}"));
        let puzzles: Vec<[Digit; CELLS]> = text
            .lines()
            .filter_map(|line| format::parse_line(line).ok())
            .map(|position| *position.values())
            .collect();
        let mut guesses = 0;
        for puzzle in &puzzles {
            // SAFETY: Portable and SSE2 run on every x86-64 machine; AVX2 only when detected.
            let found = unsafe { triads::count::<Sse2>(puzzle, 2) };
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
            assert_eq!(unsafe { triads::count::<Portable>(puzzle, 2) }, found);
            if has_avx2() {
                assert_eq!(unsafe { triads::count::<Avx2>(puzzle, 2) }, found);
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
        let sse2 = time(&|p| unsafe { triads::count::<Sse2>(p, 2) }.count);
        let avx2 = if has_avx2() {
            format!("{:.2}", time(&|p| unsafe { triads::count::<Avx2>(p, 2) }.count))
        } else {
            "n/a".to_string()
        };
        let bands = time(&|p| solver::solve(p).count());
        println!(
            "{path}: {} puzzles, {:.1} guesses each; µs each: triads sse2 {sse2:.2}, avx2 {avx2}, band solver {bands:.2}",
            puzzles.len(),
            guesses as f64 / puzzles.len().max(1) as f64
        );
    }
}

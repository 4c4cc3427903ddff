//! The solver's engines side by side on puzzle files: the triad solver at every vector level this
//! machine has, and the band solver, each solving and proving unique every puzzle. Prints the
//! triad solver's guesses per puzzle and each engine's best of five passes in µs per puzzle; the
//! answers are compared first (as `tests/solver.rs` does on a sample).
//!
//! `cargo run --release --no-default-features --example solver_engines -- FILE...`

use std::hint::black_box;
use std::time::Instant;

use nonet::engine::solver::{self, triads, Engine};
use nonet::engine::{format, Digit, CELLS};

fn main() {
    let engines = Engine::available();
    for path in std::env::args().skip(1) {
        let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("cannot read {path}: {e}"));
        let puzzles: Vec<[Digit; CELLS]> = text
            .lines()
            .filter_map(|line| format::parse_line(line).ok())
            .map(|position| *position.values())
            .collect();
        let mut guesses = 0;
        for (i, puzzle) in puzzles.iter().enumerate() {
            let answers: Vec<_> = engines.iter().map(|&e| solver::search_with(puzzle, 2, e).0).collect();
            assert!(
                answers.windows(2).all(|w| w[0] == w[1]),
                "engines disagree on puzzle {}",
                i + 1
            );
            guesses += triads::count(puzzle, 2, triads::Level::best()).guesses;
        }
        let mut timings = String::new();
        for &engine in &engines {
            let mut best = f64::MAX;
            for _ in 0..5 {
                let start = Instant::now();
                for puzzle in &puzzles {
                    black_box(solver::search_with(black_box(puzzle), 2, engine));
                }
                best = best.min(start.elapsed().as_secs_f64() * 1e6 / puzzles.len().max(1) as f64);
            }
            timings += &format!("  {engine:?} {best:.2}");
        }
        println!(
            "{path}: {} puzzles, {:.1} triad guesses each; µs each:{timings}",
            puzzles.len(),
            guesses as f64 / puzzles.len().max(1) as f64
        );
    }
}

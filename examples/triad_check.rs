//! Temporary: checks and times the triad solver against the band solver.
use std::hint::black_box;
use std::time::Instant;

use nonet::engine::solver::triads::{self, Level};
use nonet::engine::{format, solver, Digit, Solutions, CELLS};

fn main() {
    let levels = Level::available();
    for path in std::env::args().skip(1) {
        let text = std::fs::read_to_string(&path).unwrap();
        let puzzles: Vec<[Digit; CELLS]> =
            text.lines().filter_map(|l| format::parse_line(l).ok()).map(|p| *p.values()).collect();
        let mut guesses = 0;
        for (i, p) in puzzles.iter().enumerate() {
            let found = triads::count(p, 2, Level::Portable);
            let expect = match solver::solve(p) {
                Solutions::None => (0, None),
                Solutions::Unique(g) => (1, Some(g)),
                Solutions::Multiple(_) => (2, found.first),
            };
            assert_eq!((found.count, found.first), expect, "puzzle {i} disagrees");
            for &l in &levels {
                assert_eq!(triads::count(p, 2, l), found, "{l:?} disagrees on {i}");
            }
            guesses += found.guesses;
        }
        let time = |f: &dyn Fn(&[Digit; CELLS]) -> usize| {
            let mut best = f64::MAX;
            for _ in 0..5 {
                let s = Instant::now();
                for p in &puzzles {
                    black_box(f(black_box(p)));
                }
                best = best.min(s.elapsed().as_secs_f64() * 1e6 / puzzles.len() as f64);
            }
            best
        };
        let mut out = String::new();
        for &l in levels.iter().skip(1) {
            out += &format!("{l:?} {:.2}  ", time(&|p| triads::count(p, 2, l).count));
        }
        let bands = time(&|p| solver::solve(p).count());
        println!("{path}: {} puzzles, {:.1} guesses; µs: {out}bands {bands:.2}", puzzles.len(), guesses as f64 / puzzles.len() as f64);
    }
}

//! Whole puzzle sets walked by logic, every step checked against the solution: the soak behind
//! the README's "every step checked" figures, too long for the test suite, which walks samples of
//! the same sets (`tests/logic.rs`). `cargo run --release --no-default-features --example
//! walk_sets -- FILE...` prints, per file, the puzzles solved by logic, the steps taken and any
//! wrong step or stuck puzzle (a line each), on all cores. The solution comes from the `sudoku`
//! crate, an independent solver.

use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::Instant;

use nonet::engine::grid::digits_to_line;
use nonet::engine::logic::{self, Board, Technique};
use nonet::engine::{Position, CELLS};

/// What walking some puzzles found.
#[derive(Default)]
struct Walked {
    solved: usize,
    steps: usize,
    wrong: usize,
}

/// Walks one puzzle's path to its end, stopping at a wrong step (reported on standard error).
fn walk(puzzle: &[u8; CELLS], walked: &mut Walked) {
    let Some(solution) = sudoku::Sudoku::from_bytes(*puzzle).ok().and_then(|s| s.solution()) else {
        eprintln!("no solution: {}", digits_to_line(puzzle));
        return;
    };
    let solution = solution.to_bytes();
    let mut board = Board::from_position(&Position::from_givens(puzzle));
    while !board.is_solved() {
        let Some(step) = logic::next_step_on(&board, Technique::ALL) else {
            eprintln!("stuck: {}", digits_to_line(puzzle));
            return;
        };
        walked.steps += 1;
        if !logic::agrees_with(&step, &solution) {
            eprintln!("wrong step in {}: {}", digits_to_line(puzzle), step.compact());
            walked.wrong += 1;
            return;
        }
        board.apply(&step);
    }
    walked.solved += 1;
}

fn main() {
    let threads = std::thread::available_parallelism().map_or(1, |n| n.get());
    for path in std::env::args().skip(1) {
        let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path}: {e}"));
        // A puzzle a line (its first 81 characters: qqwing's CSV puts the solution after it);
        // comments and headers are passed over.
        let puzzles: Vec<[u8; CELLS]> = text
            .lines()
            .filter_map(|l| l.get(..CELLS))
            .filter_map(|l| nonet::engine::format::parse_line(l).ok())
            .map(|position| position.givens())
            .collect();
        let start = Instant::now();
        let next = AtomicUsize::new(0);
        let walked: Vec<Walked> = std::thread::scope(|scope| {
            let workers: Vec<_> = (0..threads)
                .map(|_| {
                    scope.spawn(|| {
                        let mut walked = Walked::default();
                        while let Some(puzzle) = puzzles.get(next.fetch_add(1, Ordering::Relaxed)) {
                            walk(puzzle, &mut walked);
                        }
                        walked
                    })
                })
                .collect();
            workers.into_iter().map(|w| w.join().expect("a worker")).collect()
        });
        let sum = |f: fn(&Walked) -> usize| walked.iter().map(f).sum::<usize>();
        println!(
            "{path}: {} of {} solved by logic, {} steps, {} wrong, {:.0} s on {threads} threads",
            sum(|w| w.solved),
            puzzles.len(),
            sum(|w| w.steps),
            sum(|w| w.wrong),
            start.elapsed().as_secs_f64()
        );
    }
}

//! The scripting lab's speed targets (issue 6):
//! - the naked-single example makes at least 1,000 `find_step` calls a second (each call scans
//!   the grid from a fresh snapshot, as in a run), beside the engine's own naked single on the
//!   same positions;
//! - the hidden-single example over 1,000 puzzles (the first 1,000 of the 17-clue set, the
//!   engine's techniques filling in) in at most 10 s on 2 cores, as `nonet-cli script run` does.
//!
//! Run with `cargo bench --bench script`.

use std::time::Instant;

use nonet::engine::format::parse_line;
use nonet::engine::logic::{self, Board, Technique};
use nonet::engine::validate::check_puzzle;
use nonet::script::run::run_puzzle;
use nonet::script::{Grid, Limits, Script};

fn example(name: &str) -> String {
    std::fs::read_to_string(format!("{}/data/scripts/{name}.rhai", env!("CARGO_MANIFEST_DIR"))).unwrap()
}

fn main() {
    let dataset = |name: &str| format!("{}/../shared/datasets/{name}", env!("CARGO_MANIFEST_DIR"));
    let text = std::fs::read_to_string(dataset("17-clue.txt")).expect("../shared/datasets/17-clue.txt");
    let puzzles: Vec<_> = text
        .lines()
        .filter(|l| l.len() >= 81 && !l.starts_with('#'))
        .take(1000)
        .map(|l| parse_line(&l[..81]).unwrap())
        .collect();

    // find_step calls a second, on positions along real solves (with candidates filled in).
    let naked = Script::compile("naked-single", &example("naked-single"), Limits::default()).unwrap();
    let mut grids = Vec::new();
    for position in puzzles.iter().take(100) {
        let mut board = Board::from_position(position);
        for _ in 0..10 {
            let given = std::array::from_fn(|c| position.is_given(c));
            grids.push((Grid::new(board.clone(), given), board.clone()));
            match logic::next_step_on(&board, Technique::ALL) {
                Some(step) => board.apply(&step),
                None => break,
            }
        }
    }
    let started = Instant::now();
    let mut found = 0;
    for (grid, _) in &grids {
        found += usize::from(naked.find_step(grid).unwrap().is_some());
    }
    let ours = grids.len() as f64 / started.elapsed().as_secs_f64();
    let started = Instant::now();
    let mut engine_found = 0;
    for (_, board) in &grids {
        engine_found += usize::from(logic::find_step_on(board, Technique::NakedSingle).is_some());
    }
    let engine = grids.len() as f64 / started.elapsed().as_secs_f64();
    assert_eq!(
        found, engine_found,
        "the example finds a naked single exactly where the engine does"
    );
    println!(
        "naked-single example: {ours:.0} find_step calls/s over {} positions; the engine's naked single {engine:.0}/s (ratio {:.0}×)",
        grids.len(),
        engine / ours
    );

    // The hidden-single example over 1,000 puzzles, on two threads.
    let hidden = Script::compile("hidden-single", &example("hidden-single"), Limits::default()).unwrap();
    let jobs: Vec<_> = puzzles
        .iter()
        .map(|p| (p.clone(), check_puzzle(&p.givens()).unwrap()))
        .collect();
    let started = Instant::now();
    let next = std::sync::atomic::AtomicUsize::new(0);
    let solved = std::sync::atomic::AtomicUsize::new(0);
    std::thread::scope(|scope| {
        for _ in 0..2 {
            std::thread::Builder::new()
                .stack_size(nonet::script::STACK_SIZE)
                .spawn_scoped(scope, || loop {
                    let i = next.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
                    let Some((position, solution)) = jobs.get(i) else { break };
                    let run = run_puzzle(&hidden, position, solution, true);
                    assert!(run.invalid.is_empty() && run.errors.is_empty());
                    solved.fetch_add(usize::from(run.solved), std::sync::atomic::Ordering::Relaxed);
                })
                .unwrap();
        }
    });
    println!(
        "hidden-single example over {} 17-clue puzzles (builtin fallback, 2 threads): {:.2} s, {} solved",
        jobs.len(),
        started.elapsed().as_secs_f64(),
        solved.into_inner()
    );
}

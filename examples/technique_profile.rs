//! Where rating time goes: per technique, the calls, the hits and the milliseconds spent, over
//! the puzzles of a file (`cargo run --release --example technique_profile FILE`). Each search is
//! asked as the ladder of `rate` asks it (in score order, unexplained, told that the simpler ones
//! found nothing); `--explained` asks as `hint --technique` does instead (explained, on its own).

use std::collections::BTreeMap;
use std::time::Instant;

use nonet::engine::logic::{self, rating::by_score, Board, Technique};
use nonet::engine::Position;

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let explained = args.iter().any(|a| a == "--explained");
    let path = args.iter().find(|a| !a.starts_with("--")).expect("a puzzle file");
    let text = std::fs::read_to_string(path).expect("readable");
    let mut spent: BTreeMap<Technique, (usize, usize, f64)> = BTreeMap::new();
    let mut total = 0.0;
    for line in text.lines().filter(|l| !l.starts_with('#') && l.len() >= 81) {
        let position: Position = nonet::engine::format::parse_line(line).expect("a puzzle");
        let mut board = Board::from_position(&position);
        'solve: while !board.is_solved() {
            for &technique in by_score() {
                let start = Instant::now();
                let step = if explained {
                    logic::find_step_on(&board, technique)
                } else {
                    logic::ladder_step_of(&board, technique)
                };
                let ms = start.elapsed().as_secs_f64() * 1e3;
                total += ms;
                let entry = spent.entry(technique).or_default();
                entry.0 += 1;
                entry.2 += ms;
                if let Some(step) = step {
                    entry.1 += 1;
                    board.apply(&step);
                    continue 'solve;
                }
            }
            break;
        }
    }
    let mut rows: Vec<_> = spent.into_iter().collect();
    rows.sort_by(|a, b| b.1 .2.total_cmp(&a.1 .2));
    println!("{total:.0} ms in all");
    for (technique, (calls, hits, ms)) in rows {
        println!(
            "{:<36} {calls:>7} calls {hits:>6} hits {ms:>9.1} ms {:>7.3} ms/call",
            technique.id(),
            ms / calls as f64
        );
    }
}

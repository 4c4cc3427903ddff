//! How many random puzzles the practice search draws to find a position for each technique on
//! the ladder, and how long it takes (release: `cargo run --release --no-default-features
//! --example practice_frequency -- [SEEDS]`): the figures behind the app's practice menu.

use std::sync::atomic::AtomicBool;
use std::time::Instant;

use nonet::engine::practice::{practise, techniques};

fn main() {
    let seeds: u64 = std::env::args().nth(1).and_then(|s| s.parse().ok()).unwrap_or(5);
    let only: Option<String> = std::env::args().nth(2);
    println!(
        "{:<34} {:>10} {:>10} {:>10}",
        "technique", "drawn", "median ms", "worst ms"
    );
    for &technique in techniques() {
        if only.as_deref().is_some_and(|o| o != technique.id()) {
            continue;
        }
        let mut drawn = Vec::new();
        let mut times = Vec::new();
        for seed in 0..seeds {
            let start = Instant::now();
            let found = practise(technique, seed, &AtomicBool::new(false), &mut |_| {}).expect("not cancelled");
            times.push(start.elapsed().as_secs_f64() * 1e3);
            drawn.push(found.tried);
        }
        times.sort_by(f64::total_cmp);
        drawn.sort();
        println!(
            "{:<34} {:>10} {:>10.1} {:>10.1}",
            technique.id(),
            drawn[drawn.len() / 2],
            times[times.len() / 2],
            times[times.len() - 1]
        );
    }
}

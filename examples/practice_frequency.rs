//! How many random puzzles the practice search draws to find a position for each technique on
//! the ladder, and how long it takes (release: `cargo run --release --no-default-features
//! --example practice_frequency -- [SEEDS] [ID] [LIMIT_S]`, each search given up after LIMIT_S
//! seconds, 60 by default): the figures behind the app's practice menu.

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::time::{Duration, Instant};

use nonet::engine::practice::{practise, techniques};

fn main() {
    let argument = |i: usize| std::env::args().nth(i);
    let seeds: u64 = argument(1).and_then(|s| s.parse().ok()).unwrap_or(5);
    let only: Option<String> = argument(2).filter(|id| id != "all");
    let limit = Duration::from_secs(argument(3).and_then(|s| s.parse().ok()).unwrap_or(60));
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
        let mut given_up = 0;
        for seed in 0..seeds {
            let start = Instant::now();
            let cancel = Arc::new(AtomicBool::new(false));
            let timer = {
                let cancel = cancel.clone();
                std::thread::spawn(move || {
                    let deadline = start + limit;
                    while !cancel.load(Ordering::Relaxed) && Instant::now() < deadline {
                        std::thread::sleep(Duration::from_millis(20));
                    }
                    cancel.store(true, Ordering::Relaxed);
                })
            };
            let found = practise(technique, seed, &cancel, &mut |_| {});
            cancel.store(true, Ordering::Relaxed);
            timer.join().expect("the timer");
            match found {
                Ok(found) => {
                    times.push(start.elapsed().as_secs_f64() * 1e3);
                    drawn.push(found.tried);
                }
                Err(_) => given_up += 1,
            }
        }
        if drawn.is_empty() {
            println!(
                "{:<34} none in {} s ({given_up} searches)",
                technique.id(),
                limit.as_secs()
            );
            continue;
        }
        times.sort_by(f64::total_cmp);
        drawn.sort();
        println!(
            "{:<34} {:>10} {:>10.1} {:>10.1}{}",
            technique.id(),
            drawn[drawn.len() / 2],
            times[times.len() / 2],
            times[times.len() - 1],
            if given_up > 0 {
                format!(" ({given_up} given up after {} s)", limit.as_secs())
            } else {
                String::new()
            }
        );
    }
}

//! The store's speed targets (issue 5), on a database file in a temporary directory:
//! - saving a move (one transaction) — p50/p99 over 5,000 moves, beside the peer's way of saving:
//!   GNOME Sudoku writes the whole game to a file on every change (serialise, write, rename);
//! - opening the History window over 100,000 games: the newest 230 (rows for the first 30 and
//!   a page more; the next pages are read as the list is scrolled), the counts, the statistics
//!   and the chart's solve times; and reading a page of 200 games further down;
//! - starting the replay of a 300-move game: loading it and rebuilding the last position.
//!
//! Run with `cargo bench --bench store`.

use std::time::{Duration, Instant};

use nonet::engine::game::{Action, Game, Rules};
use nonet::engine::logic::Level;
use nonet::store::{Filter, GameStatus, NewGame, Progress, Source, Store};

const PUZZLE: &str = "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79";

fn percentile(times: &mut [Duration], p: f64) -> f64 {
    times.sort();
    times[((times.len() - 1) as f64 * p).round() as usize].as_secs_f64() * 1e3
}

/// The `n`th of a run of pencil-mark moves over the empty cells; returns its journal entry.
fn toggle_a_mark(game: &mut Game, empty: &[usize], n: u32) -> nonet::engine::game::Move {
    let cell = empty[n as usize % empty.len()];
    game.apply(Action::ToggleMark {
        cell,
        digit: (n % 9 + 1) as u8,
    })
    .unwrap();
    game.journal().last().cloned().unwrap()
}

fn main() {
    let dir = tempfile::tempdir().unwrap();
    let givens = *nonet::engine::format::parse_line(PUZZLE).unwrap().values();
    let solution = nonet::engine::validate::check_puzzle(&givens).unwrap();
    let new = |level: Level, started_at: i64| NewGame {
        puzzle: givens,
        solution,
        level,
        score: Some(2.0),
        source: Source::Generated,
        seed: Some(1),
        practice: None,
        file: None,
        started_at,
    };

    // Saving moves, one transaction each, as the app does.
    let mut store = Store::open(&dir.path().join("moves.db")).unwrap();
    let id = store.start_game(&new(Level::Easy, 0)).unwrap();
    let mut game = Game::new(
        givens,
        solution,
        Rules {
            auto_remove_marks: false,
            hint_allowance: 0,
            ..Rules::default()
        },
    );
    let empty: Vec<usize> = (0..81).filter(|&c| givens[c] == 0).collect();
    let mut ours = Vec::new();
    let mut peer = Vec::new();
    let peer_file = dir.path().join("game.json");
    for n in 0..5_000u32 {
        let entry = toggle_a_mark(&mut game, &empty, n);
        let started = Instant::now();
        store
            .record_moves(id, n, &[(u64::from(n), entry)], Progress::default())
            .unwrap();
        ours.push(started.elapsed());
        // The peer: the whole game state to a file, replaced atomically.
        let started = Instant::now();
        let state = serde_json::json!({
            "values": game.values().to_vec(),
            "marks": (0..81).map(|c| game.marks(c).to_string()).collect::<Vec<_>>(),
            "mistakes": game.mistakes(),
        });
        let temporary = peer_file.with_extension("tmp");
        std::fs::write(&temporary, state.to_string()).unwrap();
        std::fs::rename(&temporary, &peer_file).unwrap();
        peer.push(started.elapsed());
    }
    let (o50, o99, p50, p99) = (
        percentile(&mut ours, 0.5),
        percentile(&mut ours, 0.99),
        percentile(&mut peer, 0.5),
        percentile(&mut peer, 0.99),
    );
    println!("save a move (5,000): Nonet p50 {o50:.3} ms p99 {o99:.3} ms; whole-file save p50 {p50:.3} ms p99 {p99:.3} ms; p99 ratio {:.2}", o99 / p99);

    // 100,000 games of history.
    let path = dir.path().join("history.db");
    let mut store = Store::open(&path).unwrap();
    let started = Instant::now();
    for i in 0..100_000i64 {
        let level = Level::ALL[(i % 4) as usize + usize::from(i % 4 == 3)];
        let id = store.start_game(&new(level, i * 60_000)).unwrap();
        let status = if i % 10 == 0 {
            GameStatus::Abandoned
        } else {
            GameStatus::Solved
        };
        store
            .finish_game(
                id,
                status,
                i * 60_000 + 1,
                Progress {
                    elapsed_ms: 60_000 + (i as u64 * 7919) % 900_000,
                    mistakes: 0,
                    hints: 0,
                },
            )
            .unwrap();
    }
    println!("(wrote 100,000 games in {:.1} s)", started.elapsed().as_secs_f64());
    drop(store);
    // What the History window reads when it opens: the newest `listed` games, the counts, the
    // statistics and the chart's solve times (ten times).
    let open_history = |listed: usize| -> Vec<Duration> {
        (0..10)
            .map(|_| {
                let started = Instant::now();
                let store = Store::open_read_only(&path).unwrap();
                let games = store
                    .list(&Filter {
                        limit: Some(listed),
                        ..Filter::default()
                    })
                    .unwrap();
                let count = store.count().unwrap();
                let in_progress = store
                    .count_matching(&Filter {
                        status: Some(GameStatus::InProgress),
                        ..Filter::default()
                    })
                    .unwrap();
                let (stats, times) = store.stats_and_solve_times().unwrap();
                let took = started.elapsed();
                assert_eq!((games.len(), count, in_progress), (listed, 100_000, 0));
                assert!(stats[0].played > 0 && times.len() > 80_000);
                took
            })
            .collect()
    };
    let mut opens = open_history(230);
    // The same before the list was read a page at a time: the newest 1,000.
    let mut thousand = open_history(1000);
    let filtered = {
        let store = Store::open_read_only(&path).unwrap();
        let started = Instant::now();
        let games = store
            .list(&Filter {
                level: Some(Level::Hard),
                status: Some(GameStatus::Abandoned),
                limit: Some(230),
                after: None,
            })
            .unwrap();
        assert!(!games.is_empty());
        started.elapsed().as_secs_f64() * 1e3
    };
    // A page 50,000 games down, after the last game of the page before.
    let page = {
        let store = Store::open_read_only(&path).unwrap();
        let before = store
            .list(&Filter {
                limit: Some(50_000),
                ..Filter::default()
            })
            .unwrap();
        let last = before.last().unwrap();
        let mut pages = Vec::new();
        for _ in 0..10 {
            let started = Instant::now();
            let games = store
                .list(&Filter {
                    limit: Some(200),
                    after: Some((last.started_at, last.id)),
                    ..Filter::default()
                })
                .unwrap();
            pages.push(started.elapsed());
            assert_eq!(games.len(), 200);
        }
        percentile(&mut pages, 0.5)
    };
    println!(
        "open History over 100,000 games (newest 230 + counts + statistics + chart data): median {:.1} ms, max {:.1} ms; a filtered list {filtered:.1} ms; a page of 200 from 50,000 down {page:.2} ms; (the newest 1,000 instead of 230: median {:.1} ms)",
        percentile(&mut opens, 0.5),
        percentile(&mut opens, 1.0),
        percentile(&mut thousand, 0.5)
    );

    // Replay of a 300-move game.
    let mut store = Store::open(&dir.path().join("replay.db")).unwrap();
    let id = store.start_game(&new(Level::Easy, 0)).unwrap();
    let mut game = Game::new(
        givens,
        solution,
        Rules {
            auto_remove_marks: false,
            hint_allowance: 0,
            ..Rules::default()
        },
    );
    for n in 0..300u32 {
        toggle_a_mark(&mut game, &empty, n);
    }
    let moves: Vec<_> = game.journal().iter().cloned().map(|m| (0, m)).collect();
    store.record_moves(id, 0, &moves, Progress::default()).unwrap();
    let mut replays = Vec::new();
    for _ in 0..20 {
        let started = Instant::now();
        let (record, saved) = store.game(id).unwrap().unwrap();
        let entries: Vec<_> = saved.into_iter().map(|m| m.entry).collect();
        let replayed = Game::replay(
            record.givens().unwrap(),
            record.solution_grid().unwrap(),
            Rules::default(),
            &entries,
        )
        .unwrap();
        replays.push(started.elapsed());
        assert_eq!(replayed.values(), game.values());
    }
    println!(
        "start the replay of a 300-move game (load + rebuild): median {:.2} ms",
        percentile(&mut replays, 0.5)
    );
}

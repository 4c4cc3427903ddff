//! The store from outside: `nonet-cli history` over a database written through the library, a
//! writer killed with SIGKILL at random points losing nothing it committed, reading while another
//! process writes (WAL), and a damaged file reported without being touched.

mod common;

use std::io::{BufRead, BufReader};
use std::process::{Command, Stdio};

use assert_cmd::prelude::*;
use nonet::engine::game::{Action, Game, Rules};
use nonet::engine::logic::Level;
use nonet::store::{GameStatus, NewGame, Progress, Source, Store};
use rand::{Rng, SeedableRng};
use serde_json::{json, Value};

const PUZZLE: &str = "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79";

fn cli() -> Command {
    Command::cargo_bin("nonet-cli").unwrap()
}

/// A writer in another process: this test binary running [`write_moves_helper`] on `db`.
fn writer(db: &std::path::Path) -> Command {
    let mut command = Command::new(std::env::current_exe().unwrap());
    command
        .args([
            "--ignored",
            "--exact",
            "write_moves_helper",
            "--nocapture",
            "--test-threads=1",
        ])
        .env("NONET_TEST_WRITE_MOVES", db);
    command
}

/// The lines "committed N" of a writer, skipping the test harness's own.
fn committed_lines(out: std::process::ChildStdout) -> impl Iterator<Item = u32> {
    BufReader::new(out)
        .lines()
        .map_while(Result::ok)
        .filter_map(|line| line.strip_prefix("committed ")?.parse().ok())
}

/// Plays moves into a new game in `$NONET_TEST_WRITE_MOVES`, committing each in its own
/// transaction and printing `committed N` once it is on disk (until killed). Run only by
/// [`writer`]; the shipped CLI never writes.
#[test]
#[ignore = "a helper process for the crash and concurrency tests, not a test"]
fn write_moves_helper() {
    use std::io::Write;
    let db = std::env::var_os("NONET_TEST_WRITE_MOVES").expect("run by writer()");
    let mut store = Store::open(std::path::Path::new(&db)).unwrap();
    let game_start = new_game(Level::Easy, nonet::store::now_unix_ms());
    let (givens, solution) = (game_start.puzzle, game_start.solution);
    let id = store.start_game(&game_start).unwrap();
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
    let mut out = std::io::stdout().lock();
    for n in 0..1_000_000u32 {
        let cell = empty[n as usize % empty.len()];
        let digit = (n / empty.len() as u32 % 9 + 1) as u8;
        game.apply(Action::ToggleMark { cell, digit }).unwrap();
        let entry = game.journal().last().cloned().expect("a move");
        let progress = Progress {
            elapsed_ms: u64::from(n),
            ..Progress::default()
        };
        store.record_moves(id, n, &[(u64::from(n), entry)], progress).unwrap();
        writeln!(out, "committed {n}").unwrap();
        out.flush().unwrap();
    }
}

fn output(args: &[&str]) -> (bool, String, String) {
    let out = cli().args(args).output().unwrap();
    (
        out.status.success(),
        String::from_utf8_lossy(&out.stdout).to_string(),
        String::from_utf8_lossy(&out.stderr).to_string(),
    )
}

fn new_game(level: Level, started_at: i64) -> NewGame {
    let givens = *nonet::engine::format::parse_line(PUZZLE).unwrap().values();
    let solution = nonet::engine::validate::check_puzzle(&givens).unwrap();
    NewGame {
        puzzle: givens,
        solution,
        level,
        score: Some(2.0),
        source: Source::Generated,
        seed: Some(1),
        practice: None,
        file: None,
        started_at,
    }
}

/// Three finished games and one in progress, with real moves.
fn history(path: &std::path::Path) {
    let mut store = Store::open(path).unwrap();
    for (i, (level, status, ms)) in [
        (Level::Easy, GameStatus::Solved, 300_000),
        (Level::Easy, GameStatus::Solved, 200_000),
        (Level::Hard, GameStatus::SolvedByComputer, 50_000),
    ]
    .into_iter()
    .enumerate()
    {
        // (The hard one a practice of X-Wing; the second puzzle 37 of a file.)
        let new = NewGame {
            practice: (level == Level::Hard).then_some(nonet::engine::logic::Technique::XWing),
            source: if i == 1 { Source::Opened } else { Source::Generated },
            file: (i == 1).then(|| nonet::store::FilePlace {
                name: "top1465.txt".into(),
                number: Some(37),
            }),
            ..new_game(level, 1_000_000 * (i as i64 + 1))
        };
        let id = store.start_game(&new).unwrap();
        store
            .finish_game(
                id,
                status,
                0,
                Progress {
                    elapsed_ms: ms,
                    mistakes: i as u32,
                    hints: 1,
                },
            )
            .unwrap();
    }
    let new = new_game(Level::Medium, 9_000_000);
    let id = store.start_game(&new).unwrap();
    let mut game = Game::new(new.puzzle, new.solution, Rules::default());
    game.apply(Action::Enter { cell: 2, digit: 1 }).unwrap();
    game.apply(Action::ToggleMark { cell: 3, digit: 6 }).unwrap();
    game.take_hint();
    let moves: Vec<_> = game.journal().iter().cloned().map(|m| (1_500, m)).collect();
    store
        .record_moves(
            id,
            0,
            &moves,
            Progress {
                elapsed_ms: 2_000,
                mistakes: 1,
                hints: 1,
            },
        )
        .unwrap();
    // (The hint points at the wrong digit; named as the app names a hint that found a step.)
    store.name_move(id, 2, nonet::engine::logic::Technique::XWing).unwrap();
}

#[test]
fn history_lists_shows_counts_and_exports() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("nonet.db");
    history(&db);
    let db = db.to_str().unwrap();

    let (ok, text, _) = output(&["history", "--db", db, "list"]);
    assert!(ok);
    let rows: Vec<&str> = text.lines().skip(1).collect();
    assert_eq!(rows.len(), 4);
    assert!(rows[0].contains("medium") && rows[0].contains("in-progress"), "{text}");
    assert!(text.lines().next().unwrap().ends_with("hints  practice"), "{text}");
    assert_eq!(
        rows.iter().filter(|r| r.ends_with("  x-wing")).count(),
        1,
        "the hard game is a practice of X-Wing: {text}"
    );

    let (_, text, _) = output(&["history", "--db", db, "list", "--json", "--level", "easy"]);
    let games: Value = serde_json::from_str(&text).unwrap();
    assert_eq!(games.as_array().unwrap().len(), 2);
    assert_eq!(games[0]["elapsed_ms"], 200_000, "newest first");
    let (_, text, _) = output(&[
        "history",
        "--db",
        db,
        "list",
        "--json",
        "--status",
        "solved-by-computer",
        "--limit",
        "5",
    ]);
    let hard = &serde_json::from_str::<Value>(&text).unwrap()[0];
    assert_eq!((&hard["level"], &hard["practice"]), (&json!("hard"), &json!("x-wing")));
    let (_, text, _) = output(&["history", "--db", db, "show", "3"]);
    assert!(
        text.starts_with("game 3: hard generated, practice of x-wing, solved-by-computer"),
        "{text}"
    );
    let (_, text, _) = output(&["history", "--db", db, "show", "2"]);
    assert!(
        text.starts_with("game 2: easy opened from top1465.txt, puzzle 37, solved"),
        "{text}"
    );
    let (_, text, _) = output(&["history", "--db", db, "show", "2", "--json"]);
    let game: Value = serde_json::from_str(&text).unwrap();
    assert_eq!(game["file"], json!({"name": "top1465.txt", "number": 37}));
    let (ok, _, error) = output(&["history", "--db", db, "list", "--status", "won"]);
    assert!(!ok && error.contains("in-progress, solved"), "{error}");

    let (_, text, _) = output(&["history", "--db", db, "show", "4", "--json"]);
    let game: Value = serde_json::from_str(&text).unwrap();
    assert_eq!(game["moves"][0]["kind"], "digit");
    assert_eq!(game["moves"][0]["cell"], "r1c3");
    assert_eq!(game["moves"][0]["mistake"], true);
    assert_eq!(game["moves"][0]["changes"], "2:0:0>1:0");
    assert_eq!(game["moves"][1]["kind"], "mark-on");
    let (ok, _, error) = output(&["history", "--db", db, "show", "99"]);
    assert!(!ok && error.contains("no game 99"), "{error}");

    let (_, text, _) = output(&["history", "--db", db, "stats", "--json"]);
    let stats: Value = serde_json::from_str(&text).unwrap();
    let easy = &stats[0];
    assert_eq!((easy["played"].as_u64(), easy["solved"].as_u64()), (Some(2), Some(2)));
    assert_eq!(easy["best_ms"], 200_000);
    assert_eq!(easy["best_streak"], 2);
    assert_eq!(stats[2]["solved"], 0, "a computer's solve is not the player's");
    let (ok, text, _) = output(&["history", "--db", db, "hints"]);
    assert!(ok);
    assert_eq!(text, "    1  X-Wing (x-wing)\n");
    let (_, text, _) = output(&["history", "--db", db, "hints", "--json"]);
    assert_eq!(
        serde_json::from_str::<Value>(&text).unwrap(),
        json!([{"technique": "x-wing", "name": "X-Wing", "hints": 1}])
    );

    let (_, csv, _) = output(&["history", "--db", db, "export", "--format", "csv"]);
    assert_eq!(csv.lines().count(), 5);
    assert!(csv.starts_with("id,started_at,") && csv.lines().next().unwrap().ends_with(",practice,file,file_number"));
    let last_three: Vec<Vec<&str>> = csv
        .lines()
        .skip(1)
        .map(|l| {
            l.rsplitn(4, ',')
                .take(3)
                .collect::<Vec<_>>()
                .into_iter()
                .rev()
                .collect()
        })
        .collect();
    assert_eq!(
        last_three,
        [
            ["", "", ""],
            ["", "top1465.txt", "37"],
            ["x-wing", "", ""],
            ["", "", ""]
        ],
        "{csv}"
    );
    let file = dir.path().join("all.json");
    assert!(output(&["history", "--db", db, "export", file.to_str().unwrap()]).0);
    let all: Value = serde_json::from_str(&std::fs::read_to_string(&file).unwrap()).unwrap();
    assert_eq!(all.as_array().unwrap().len(), 4);
    assert_eq!(all[3]["moves"].as_array().unwrap().len(), 3);
    let (ok, _, error) = output(&["history", "--db", db, "export", "--format", "xml"]);
    assert!(!ok && error.contains("json or csv"));
}

/// Text output shows local time with its offset; JSON keeps UTC in ISO 8601. The game in progress
/// started at 9,000 s after the epoch: 02:30 UTC, 04:00 in a zone 1 h 30 min ahead of UTC.
#[test]
fn times_are_local_for_people_and_utc_for_programs() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("nonet.db");
    history(&db);
    let db = db.to_str().unwrap();
    for (zone, shown) in [
        ("XYZ-1:30", "1970-01-01 04:00 +01:30"),
        ("ABC+5", "1969-12-31 21:30 -05:00"),
        ("UTC0", "1970-01-01 02:30 +00:00"),
    ] {
        let run = |args: &[&str]| {
            let out = cli().env("TZ", zone).args(args).output().unwrap();
            assert!(out.status.success());
            String::from_utf8(out.stdout).unwrap()
        };
        let list = run(&["history", "--db", db, "list"]);
        assert!(list.lines().nth(1).unwrap().contains(shown), "TZ={zone}: {list}");
        assert!(run(&["history", "--db", db, "show", "4"]).contains(shown), "TZ={zone}");
        let json: Value = serde_json::from_str(&run(&["history", "--db", db, "show", "4", "--json"])).unwrap();
        assert_eq!(json["started"], "1970-01-01T02:30:00Z", "TZ={zone}");
    }
}

#[test]
fn the_default_database_comes_from_the_environment() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("env.db");
    history(&db);
    let out = cli()
        .args(["history", "list", "--json"])
        .env("NONET_DB", &db)
        .output()
        .unwrap();
    assert_eq!(
        serde_json::from_str::<Value>(&String::from_utf8_lossy(&out.stdout))
            .unwrap()
            .as_array()
            .unwrap()
            .len(),
        4
    );
    let xdg = cli()
        .args(["history", "list", "--json"])
        .env_remove("NONET_DB")
        .env("XDG_DATA_HOME", dir.path())
        .output()
        .unwrap();
    assert_eq!(
        String::from_utf8_lossy(&xdg.stdout).trim(),
        "[]",
        "no history yet under this XDG_DATA_HOME"
    );
}

#[test]
fn a_damaged_database_is_reported_and_left_alone() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("nonet.db");
    let garbage = b"SQLite format 2? no: just bytes ".repeat(300);
    std::fs::write(&db, &garbage).unwrap();
    for command in [&["list"][..], &["stats"], &["show", "1"], &["export"]] {
        let mut args = vec!["history", "--db", db.to_str().unwrap()];
        args.extend_from_slice(command);
        let (ok, _, error) = output(&args);
        assert!(!ok, "{command:?}");
        assert!(error.contains("is not a Nonet database or is damaged"), "{error}");
    }
    assert_eq!(std::fs::read(&db).unwrap(), garbage);
    assert_eq!(
        std::fs::read_dir(dir.path()).unwrap().count(),
        1,
        "nothing created beside it"
    );
}

/// A `--db` that is a folder, a FIFO (which SQLite would wait on forever) or a device is refused
/// by name, for every command, at once; a `--db` with no file yet is an empty history, and stderr
/// says there is none there (a mistyped path would otherwise look like a history without games).
#[test]
fn a_special_file_is_no_history_and_a_missing_one_is_said() {
    let dir = tempfile::tempdir().unwrap();
    let fifo = dir.path().join("nonet.fifo");
    common::make_fifo(&fifo);
    for db in [dir.path(), fifo.as_path(), std::path::Path::new("/dev/null")] {
        for command in [&["list"][..], &["stats"], &["show", "1"], &["export"]] {
            let mut args = vec!["history", "--db", db.to_str().unwrap()];
            args.extend_from_slice(command);
            // (A FIFO was once waited on forever: a time limit, so that the test fails instead.)
            let out = assert_cmd::Command::cargo_bin("nonet-cli")
                .unwrap()
                .args(&args)
                .timeout(std::time::Duration::from_secs(10))
                .output()
                .unwrap();
            let error = String::from_utf8_lossy(&out.stderr);
            assert!(!out.status.success(), "{args:?}");
            assert!(
                error.contains(&format!("{} is not a regular file", db.display())),
                "{args:?}: {error}"
            );
        }
    }
    let missing = dir.path().join("none.db");
    let (ok, list, error) = output(&["history", "--db", missing.to_str().unwrap(), "list", "--json"]);
    assert!(ok, "{error}");
    assert_eq!(list.trim(), "[]");
    assert!(
        error.contains(&format!("no history at {} yet", missing.display())),
        "{error}"
    );
    assert!(!missing.exists(), "reading created the file");
}

/// Kills a writer with SIGKILL at random points: every move it reported committed is there, and
/// the game replays.
#[test]
fn a_killed_writer_loses_nothing_it_committed() {
    let mut rng = rand::rngs::StdRng::seed_from_u64(7);
    for round in 0..5 {
        let dir = tempfile::tempdir().unwrap();
        let db = dir.path().join("nonet.db");
        let mut writer = writer(&db).stdout(Stdio::piped()).spawn().unwrap();
        let stop_after = rng.random_range(1..400);
        let mut lines = committed_lines(writer.stdout.take().unwrap());
        let mut committed = 0;
        for _ in 0..stop_after {
            committed = lines.next().expect("the writer runs") + 1;
        }
        writer.kill().unwrap(); // SIGKILL
        writer.wait().unwrap();
        let store = Store::open(&db).unwrap();
        let (record, moves) = store.game(1).unwrap().expect("the game");
        assert!(
            moves.len() as u32 >= committed,
            "round {round}: {} moves, {committed} committed",
            moves.len()
        );
        assert!(moves.iter().enumerate().all(|(i, m)| m.seq == i as u32), "no gaps");
        let entries: Vec<_> = moves.into_iter().map(|m| m.entry).collect();
        let replayed = Game::replay(
            record.givens().unwrap(),
            record.solution_grid().unwrap(),
            Rules::default(),
            &entries,
        );
        assert!(replayed.is_ok(), "round {round}: {:?}", replayed.err());
    }
}

/// The CLI reads while another process writes (WAL).
#[test]
fn reading_while_another_process_writes() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("nonet.db");
    history(&db);
    let mut writer = writer(&db).stdout(Stdio::piped()).spawn().unwrap();
    let mut lines = committed_lines(writer.stdout.take().unwrap());
    lines.next().expect("it is writing");
    for _ in 0..10 {
        let (ok, text, error) = output(&["history", "--db", db.to_str().unwrap(), "list", "--json"]);
        assert!(ok, "{error}");
        assert_eq!(
            serde_json::from_str::<Value>(&text).unwrap().as_array().unwrap().len(),
            5
        );
        let (ok, _, error) = output(&["history", "--db", db.to_str().unwrap(), "show", "5", "--json"]);
        assert!(ok, "{error}");
    }
    writer.kill().unwrap();
    writer.wait().unwrap();
}

/// The shipped CLI has no command that writes.
#[test]
fn the_cli_cannot_write_moves() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("nonet.db");
    let out = cli()
        .args(["history", "--db", db.to_str().unwrap(), "write-moves", "10"])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("unrecognized subcommand 'write-moves'"));
    assert!(!db.exists(), "nothing was created");
}

/// `history daily` counts the days whose daily puzzle was solved alone and the streaks as they
/// stand today: yesterday's and the day before's solved make a current streak of two, a day a
/// week back one of its own; a daily puzzle solved with help counts for nothing, and one solved
/// on a later day (the puzzle of 3 days ago, played yesterday) counts as a day solved but joins
/// no streak.
#[test]
fn history_daily_counts_days_and_streaks() {
    use nonet::engine::daily::Day;
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("nonet.db");
    // A day, and its local noon in milliseconds since the epoch.
    let day = |ago: &str| {
        let out = std::process::Command::new("date")
            .args(["-d", &format!("12:00 {ago}"), "+%F %s"])
            .output()
            .unwrap();
        let text = String::from_utf8(out.stdout).unwrap();
        let (date, seconds) = text.trim().split_once(' ').unwrap();
        (Day::parse(date).unwrap(), seconds.parse::<i64>().unwrap() * 1000)
    };
    let (yesterday, before, three, four, week) = (
        day("yesterday"),
        day("2 days ago"),
        day("3 days ago"),
        day("4 days ago"),
        day("7 days ago"),
    );
    {
        let mut store = Store::open(&db).unwrap();
        for ((day, _), status, (_, started_at)) in [
            (yesterday, GameStatus::Solved, yesterday),
            (before, GameStatus::Solved, before),
            (week, GameStatus::Solved, week),
            (four, GameStatus::SolvedWithHelp, four),
            (three, GameStatus::Solved, yesterday),
        ] {
            let id = store
                .start_game(&NewGame {
                    seed: Some(day.seed()),
                    ..new_game(day.level(), started_at)
                })
                .unwrap();
            store.finish_game(id, status, 0, Default::default()).unwrap();
        }
    }
    let (yesterday, before, three, week) = (yesterday.0, before.0, three.0, week.0);
    let db = db.to_str().unwrap();
    let (ok, text, _) = output(&["history", "--db", db, "daily"]);
    assert!(ok);
    assert_eq!(
        text,
        format!(
            "daily puzzles solved: 4\ncurrent streak: 2 days\nbest streak: 2 days\n{week}\n{three}  solved later\n{before}\n{yesterday}\n"
        )
    );
    let (_, text, _) = output(&["history", "--db", db, "daily", "--json"]);
    let json: Value = serde_json::from_str(&text).unwrap();
    assert_eq!(
        (&json["solved"], &json["current_streak"], &json["best_streak"]),
        (&Value::from(4), &Value::from(2), &Value::from(2))
    );
    let days = [week, three, before, yesterday].map(|d| d.to_string());
    assert_eq!(json["days"], serde_json::json!(days));
    assert_eq!(json["solved_later"], serde_json::json!([three.to_string()]));
}

//! The history and sessions: games recorded, resumed and deleted, statistics and replays, settings
//! kept across restarts, and a damaged, busy or unwritable database.

use super::*;

/// Issue 15, point 3: Pause When Away means the whole app lost the focus: working in History
/// does not stop the clock.
#[test]
fn working_in_history_is_not_being_away() {
    need_display();
    let grace = PathBuf::from("300");
    let app = App::launch_with(Some(PUZZLE), &[("NONET_AWAY_GRACE_MS", grace.as_path())]);
    app.wait_until("a game", |s| s["givens"] == PUZZLE);
    app.action("history", None);
    wait_for_titled("History");
    let state = app.wait_until("History has the focus", |s| s["window_active"] == false);
    assert_eq!(state["app_active"], true);
    std::thread::sleep(Duration::from_millis(2000));
    let state = app.wait_until("a state", |_| true);
    assert_eq!(state["paused"], false, "the game paused while History had the focus");
}

/// The game on the board is listed in History with its time so far, not the time last saved
/// (between moves the clock is saved only every ten seconds, so a game just begun showed 0:00).
#[test]
fn history_lists_the_game_on_the_board_with_its_time_so_far() {
    need_display();
    let home = tempfile::tempdir().unwrap();
    let db = home.path().join("nonet.db");
    let app = App::launch_with(Some(PUZZLE), &[("NONET_DB", db.as_path())]);
    app.wait_until("the history is on", |s| s["history"] == "on");
    std::thread::sleep(Duration::from_millis(3200));
    app.action("history", None);
    wait_for_titled("History");
    // Written before the window opened, so read at once.
    let list = history_list(&db);
    let elapsed = list[0]["elapsed_ms"].as_u64().unwrap();
    assert_eq!(list[0]["status"], "in-progress");
    assert!(elapsed >= 3000, "the game's time so far was not saved: {elapsed} ms");
    let shown = format!(" · 0:{:02} · ", elapsed / 1000);
    app.wait_for_labels("the game's time so far in its row", |labels| {
        labels.iter().any(|l| l.contains(&shown))
    });
}

/// The History window is one: asked for again, the open one comes to the front instead of a
/// second opening. While it is open it follows the game on the board: a new game is listed as
/// it starts, and the one it set aside as paused; a game ended is listed as ended.
#[test]
fn an_open_history_window_is_one_and_follows_the_game_on_the_board() {
    need_display();
    let home = tempfile::tempdir().unwrap();
    let db = home.path().join("nonet.db");
    // (Solve at its fastest, to end a game below.)
    let (app, _config) = launch_configured(PUZZLE, "animation-speed=6000", &[("NONET_DB", db.as_path())]);
    app.wait_until("the history is on", |s| s["history"] == "on");
    app.action("history", None);
    wait_for_titled("History");
    app.wait_for_labels("the game on the board listed", |labels| {
        labels.iter().any(|l| l == "1 of 1 game")
    });
    // History again: the same window.
    app.action("history", None);
    std::thread::sleep(Duration::from_millis(1500));
    assert_eq!(visible_windows("History").len(), 1, "History asked for twice");
    // A new game while History is open: listed, and the first one (a move made) paused.
    app.select(2);
    app.keys(&["4"]);
    app.wait_until("a digit", |s| at(s, "values", 2) == '4');
    app.action("new-game", None);
    app.wait_until("a new game", |s| s["givens"] != PUZZLE);
    app.wait_for_labels("the new game listed, the first paused", |labels| {
        labels.iter().any(|l| l == "2 of 2 games")
            && labels.iter().any(|l| l.ends_with("Paused: open it to resume"))
            && labels.iter().any(|l| l.ends_with("In progress"))
    });
    // The new game solved by the computer: so listed at once.
    app.action("solve", None);
    let dialog = wait_for_titled("Solve the Puzzle\\?");
    xdotool(&["windowfocus", "--sync", &dialog]);
    xdotool(&["key", "Return"]);
    app.wait_until("solved", |s| s["status"] == "SolvedByComputer");
    app.wait_for_labels("the game ended, listed so", |labels| {
        labels.iter().any(|l| l.ends_with("Solved by the computer"))
            && !labels.iter().any(|l| l.ends_with("In progress"))
    });
    assert_eq!(visible_windows("History").len(), 1);
}

/// Issue 15, point 1: a game under way is never thrown away. Choosing a Difficulty keeps it (a
/// toast offers the new puzzle); New Puzzle keeps it in the history, paused and resumable;
/// resuming it from there restores it exactly; and opening its puzzle again plays on (or, paused,
/// resumes it).
#[test]
fn a_new_game_keeps_the_unfinished_one_resumable() {
    need_display();
    let home = tempfile::tempdir().unwrap();
    let db = home.path().join("nonet.db");
    let mut app = App::launch_with(Some(PUZZLE), &[("NONET_DB", db.as_path())]);
    app.wait_until("the history is on", |s| s["history"] == "on");
    app.select(2);
    app.keys(&["4"]);
    app.select(3);
    app.keys(&["p", "2", "6", "p"]);
    let before = app.wait_until("a digit and two marks", |s| {
        at(s, "values", 2) == '4' && s["marks"][3] == "26"
    });
    // Difficulty while a game is under way: the game stays.
    app.action("difficulty", Some("'hard'"));
    std::thread::sleep(Duration::from_millis(800));
    let state = app.wait_until("a state", |_| true);
    assert_eq!(state["givens"], PUZZLE, "choosing a difficulty replaced the game");
    assert_eq!(state["values"], before["values"]);
    app.shot("difficulty-toast.png");
    // New Puzzle: a new game, and the first one is paused in the history.
    app.action("new-game", None);
    app.wait_until("a new game", |s| s["givens"] != PUZZLE && s["level"] == "hard");
    let list = wait_for_history(&db, "the first game paused", |list| {
        list.iter().any(|g| g["puzzle"] == PUZZLE && g["status"] == "paused")
    });
    let first = list.iter().find(|g| g["puzzle"] == PUZZLE).unwrap();
    assert_eq!(first["resumable"], true);
    let id = first["id"].as_i64().unwrap();
    app.shot("kept-in-history.png");
    // Resumed from outside (as History's Resume Game does): exactly as it was.
    app.action("resume-game", Some(&format!("int64 {id}")));
    let state = app.wait_until("the first game is back", |s| s["givens"] == PUZZLE);
    assert_eq!(state["values"], before["values"]);
    assert_eq!(state["marks"], before["marks"]);
    assert_eq!(state["mistakes"], before["mistakes"]);
    wait_for_history(&db, "the first game in progress again", |list| {
        list.iter().any(|g| g["id"] == id && g["status"] == "in-progress")
    });
    // Its puzzle opened again (a second launch with the file): the game goes on as it was, no
    // copy of it from the start.
    let file = home.path().join("again.sdk");
    std::fs::write(&file, format!("{PUZZLE}\n")).unwrap();
    app.open_from_outside(&file);
    let state = app.wait_until("told to play on", |s| {
        s["message"] == "This is the puzzle you are playing: play on."
    });
    assert_eq!(state["values"], before["values"]);
    assert_eq!(state["marks"], before["marks"]);
    // And with another game on the board, opening it brings the paused game back as it was.
    app.action("new-game", None);
    app.wait_until("another game", |s| s["givens"] != PUZZLE);
    wait_for_history(&db, "the first game paused again", |list| {
        list.iter().any(|g| g["id"] == id && g["status"] == "paused")
    });
    app.open_from_outside(&file);
    let state = app.wait_until("the paused game back", |s| s["givens"] == PUZZLE);
    assert_eq!(state["values"], before["values"]);
    assert_eq!(state["marks"], before["marks"]);
    wait_for_history(&db, "the first game in progress once more", |list| {
        list.iter().any(|g| g["id"] == id && g["status"] == "in-progress")
    });
    std::thread::sleep(Duration::from_millis(500));
    let list = history_list(&db);
    assert_eq!(list.iter().filter(|g| g["puzzle"] == PUZZLE).count(), 1, "{list:?}");
    // Its file given at start, the game left unfinished: it goes on too, as it was (it was
    // paused in the history and a copy played from the start).
    app.kill();
    drop(app); // (its hold on the display too)
    let app = App::launch_with(Some(PUZZLE), &[("NONET_DB", db.as_path())]);
    let state = app.wait_until("told to play on at start", |s| {
        s["message"] == "This is the puzzle you are playing: play on."
    });
    assert_eq!(state["values"], before["values"]);
    assert_eq!(state["marks"], before["marks"]);
    app.wait_until("the history is on", |s| s["history"] == "on");
    let moves = |game: &Value| game["moves"].as_array().map_or(0, Vec::len);
    let made = moves(&history_game(&db, id));
    app.select(5);
    app.keys(&["p", "1", "p"]);
    app.wait_until("a mark more", |s| s["marks"][5] == "1");
    let recorded = poll(Duration::from_secs(10), Duration::from_millis(200), || {
        let game = history_game(&db, id);
        (game["status"] == "in-progress" && moves(&game) == made + 1).then_some(())
    });
    assert!(
        recorded.is_some(),
        "the move not recorded in the same game: {}",
        history_game(&db, id)
    );
    let list = history_list(&db);
    assert_eq!(list.iter().filter(|g| g["puzzle"] == PUZZLE).count(), 1, "{list:?}");
}

/// Issue 15, point 6: Show Solution, hide it, type the answer: the game is "solved with help",
/// and `nonet-cli history stats --json` keeps it out of the solve count and the best times.
#[test]
fn a_game_solved_after_showing_the_solution_is_not_a_best_time() {
    need_display();
    let home = tempfile::tempdir().unwrap();
    let db = home.path().join("nonet.db");
    let app = App::launch_with(Some(PUZZLE), &[("NONET_DB", db.as_path())]);
    let solution = solution_of(PUZZLE);
    app.action("show-solution", None);
    app.wait_until("solution shown", |s| s["solution_shown"] == true);
    app.action("show-solution", None);
    app.wait_until("solution hidden", |s| s["solution_shown"] == false);
    app.fill_in((0..81).filter(|&c| PUZZLE.as_bytes()[c] == b'.'), &solution);
    let state = app.wait_until("solved", |s| s["status"] == "Solved");
    assert!(
        state["message"].as_str().unwrap().contains("Solved with help"),
        "{}",
        state["message"]
    );
    // The recorder commits off the main thread: wait for the finished game to reach the file.
    let mut last = Value::Null;
    let level = poll(Duration::from_secs(10), Duration::from_millis(200), || {
        let out = Command::new(env!("CARGO_BIN_EXE_nonet-cli"))
            .args(["history", "stats", "--json", "--db"])
            .arg(&db)
            .output()
            .unwrap();
        assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
        let stats: Value = serde_json::from_slice(&out.stdout).unwrap();
        let level = stats
            .as_array()
            .unwrap()
            .iter()
            .find(|l| l["solved_with_help"] == 1)
            .cloned();
        last = stats;
        level
    })
    .unwrap_or_else(|| panic!("the game never reached the history: {last}"));
    assert_eq!(level["played"], 1);
    assert_eq!(level["solved"], 0);
    assert_eq!(level["best_ms"], Value::Null);
    assert_eq!(level["current_streak"], 0);
    app.shot("solved-with-help.png");
}

/// A game solved alone is measured in its "Well done!" against the best time of its level
/// before it, as History's Statistics count it: over the written history, a new best for easy
/// puzzles; the same puzzle again, more slowly, against that new best; then a master puzzle, the
/// first of its level.
#[test]
fn a_solved_game_is_told_how_its_time_stands_against_the_levels_best() {
    need_display();
    let (app, _home, db) = launch_with_written_history();
    let easy_best = {
        let stats = nonet::store::Store::open_for_reading(&db).unwrap().stats().unwrap();
        stats
            .iter()
            .find(|l| l.level == nonet::engine::logic::Level::Easy)
            .unwrap()
            .best_ms
            .unwrap()
    };
    let solved = |list: &[Value]| list.iter().filter(|g| g["status"] == "solved").count();
    let solved_before = solved(&history_list(&db));
    let solve = |puzzle: &str, last_after: Duration| -> String {
        let solution = solution_of(puzzle);
        let mut cells: Vec<usize> = (0..81).filter(|&c| puzzle.as_bytes()[c] == b'.').collect();
        let last = cells.pop().unwrap();
        app.fill_in(cells, &solution);
        std::thread::sleep(last_after);
        app.fill_in([last], &solution);
        let state = app.wait_until("solved", |s| s["status"] == "Solved");
        wait_for_titled("Well done!");
        state["message"].as_str().unwrap().to_string()
    };
    let told = |summary: &str, what: &str, words: &str| {
        let body = format!("{summary}\n\n{words}");
        app.wait_for_labels(what, |labels| labels.contains(&body));
        press_in(&wait_for_titled("Well done!"), &["Escape"]);
        wait_until_gone("Well done!");
    };
    let summary = solve(PUZZLE, Duration::ZERO);
    let best = nonet::engine::game::format_duration(easy_best);
    told(
        &summary,
        "a new best",
        &format!("A new best time for easy puzzles: your best was {best}."),
    );
    // (The time just made: "Solved in 0:04 with …".)
    let time = summary["Solved in ".len()..].split(' ').next().unwrap().to_string();
    let (minutes, seconds) = time.split_once(':').unwrap();
    let made = Duration::from_secs(minutes.parse::<u64>().unwrap() * 60 + seconds.parse::<u64>().unwrap());
    // The same puzzle again, a new game, its last digit held back two seconds past that time.
    app.open_from_outside(&app._dir.path().join("puzzle.txt"));
    app.wait_until("the puzzle anew", |s| s["givens"] == PUZZLE && s["values"] == PUZZLE);
    let summary = solve(PUZZLE, made + Duration::from_secs(2));
    told(
        &summary,
        "the best to beat",
        &format!("Your best time for easy puzzles is {time}."),
    );
    // A master puzzle (it needs forcing nets), the first of its level in this history.
    let other = app._dir.path().join("other.txt");
    std::fs::write(&other, format!("{OTHER}\n")).unwrap();
    app.open_from_outside(&other);
    app.wait_until("the master puzzle", |s| s["givens"] == OTHER && s["level"] == "master");
    let summary = solve(OTHER, Duration::ZERO);
    told(
        &summary,
        "the first of its level",
        "That is your first master puzzle solved without help.",
    );
    wait_for_history(&db, "the three solved alone", |list| solved(list) == solved_before + 3);
}

/// Window size, difficulty and the place in a file of several puzzles survive a restart when
/// GSettings is available (a keyfile backend in a temporary directory stands in for dconf).
#[test]
fn settings_persist_across_restarts() {
    need_display();
    let (config, env) = persistent_settings();
    let env_keyfile: Vec<(&str, &Path)> = env.iter().map(|(k, v)| (*k, v.as_path())).collect();
    let collection = config.path().join("two puzzles.txt");
    std::fs::write(&collection, format!("{PUZZLE}\n{OTHER}\n")).unwrap();
    {
        let mut app = App::launch_with(None, &env_keyfile);
        app.open_from_outside(&collection);
        app.wait_until("the file's first puzzle", |s| {
            s["givens"] == PUZZLE && s["next_in_file_enabled"] == true
        });
        app.action("difficulty", Some("'hard'"));
        let state = app.wait_until("a hard game", |s| s["level"] == "hard");
        xdotool(&["windowsize", &app.window, "700", "820"]);
        app.wait_until("the window is resized", |s| s["board"] != state["board"]);
        app.keys(&["ctrl+q"]);
        app.wait_for_exit("Ctrl+Q did not quit");
    }
    let saved = std::fs::read_to_string(config.path().join("glib-2.0/settings/keyfile")).unwrap();
    assert!(saved.contains("difficulty='hard'"), "{saved}");
    let width: i64 = saved
        .split("window-width=")
        .nth(1)
        .and_then(|s| s.lines().next())
        .unwrap()
        .parse()
        .unwrap();
    assert!(width > 600, "the enlarged width was saved: {saved}");
    let app = App::launch_with(None, &env_keyfile);
    let state = app.wait_until("a game", |s| s["level"].is_string());
    assert_eq!(state["level"], "hard");
    let shown = window_geometry(&app.window)[2];
    assert!(
        shown >= width,
        "the window opens at the saved width {width}: {shown} px"
    );
    // Next Puzzle from File goes on in the file, at its second puzzle.
    assert_eq!(state["next_in_file_enabled"], true);
    app.keys(&["ctrl+shift+n"]);
    let state = app.wait_until("the file's second puzzle", |s| s["givens"] == OTHER);
    let message = state["message"].as_str().unwrap();
    assert!(
        message.starts_with("Puzzle 2 of 2 in two puzzles.txt rates "),
        "{message}"
    );
    assert_eq!(state["next_in_file_enabled"], false);
}

/// A game killed mid-play comes back exactly: digits, pencil marks, undo and redo, mistakes,
/// hints and the clock.
#[test]
fn a_killed_game_resumes_exactly() {
    need_display();
    let (_home, db) = own_history();
    let env = [("NONET_DB", db.as_path())];
    let before = {
        let mut app = App::launch_with(Some(PUZZLE), &env);
        app.select(2);
        // A mistake, its correction, two pencil marks, a digit taken back (redo stays possible).
        // Colours too: the mark 2 yellow, the cell green.
        app.keys(&[
            "1", "4", "Right", "p", "2", "6", "p", "c", "2", "shift+c", "space", "c", "Down", "Down", "9", "ctrl+z",
        ]);
        app.action("hint", None);
        let made = app.wait_until("the moves are made", |s| s["hints_used"] == 1 && s["can_redo"] == true);
        // Twelve seconds on the clock after the last move: the moves are long committed, and
        // the clock, saved every ten seconds between moves, at least once since.
        let then = made["elapsed_ms"].as_u64().unwrap_or(0);
        let mut last = Value::Null;
        let state = poll(Duration::from_secs(30), Duration::from_millis(100), || {
            let state = app.state().unwrap_or_default();
            let on = state["elapsed_ms"].as_u64().unwrap_or(0) >= then + 12_000;
            last = state.clone();
            on.then_some(state)
        })
        .unwrap_or_else(|| panic!("the clock stopped: {last}"));
        app.kill(); // SIGKILL: no chance to save anything more
        state
    };
    let app = App::launch_with(None, &env);
    let after = app.wait_until("resumed", |s| {
        s["message"].as_str().unwrap_or("").starts_with("Welcome back")
    });
    for key in [
        "givens",
        "values",
        "marks",
        "mistakes",
        "hints_used",
        "can_undo",
        "can_redo",
        "level",
        "paints",
    ] {
        assert_eq!(after[key], before[key], "{key} after the restart");
    }
    assert_eq!(after["mistakes"], 2, "1 in r1c3 and 9 in r3c4");
    // r1c4's mark 2 yellow (slot 2) and the cell green (slot 0).
    assert_eq!(after["paints"][3], (1 << 6) | 2, "r1c4's colours after the restart");
    // The clock as last saved: at most ten seconds (and a tick) short of what it showed.
    let (shown, kept) = (
        before["elapsed_ms"].as_u64().unwrap(),
        after["elapsed_ms"].as_u64().unwrap(),
    );
    assert!(kept + 11_000 >= shown, "{kept} ms kept of {shown} ms shown");
    // The redo the player had is still there.
    app.action("redo", None);
    let redone = app.wait_until("redo works", |s| s["can_redo"] == false);
    assert!(
        redone["values"] != after["values"] || redone["marks"] != after["marks"],
        "redo changed the board"
    );
}

/// The puzzle entry the store keeps, once `test` holds for it (the recorder writes off the main
/// thread).
fn wait_for_kept_entry(db: &Path, what: &str, test: impl Fn(Option<&PuzzleEntry>) -> bool) {
    let read = || {
        nonet::store::Store::open_for_reading(db)
            .and_then(|store| store.puzzle_entry())
            .unwrap()
    };
    poll(Duration::from_secs(15), Duration::from_millis(100), || {
        test(read().as_ref()).then_some(())
    })
    .unwrap_or_else(|| panic!("{what}: the store keeps {:?}", read()));
}

/// An unfinished game that can't go on at start (its record damaged: a level this version can't
/// read, or a puzzle that is not one) is replaced by a new game and the line says so, also when
/// a puzzle entry kept from then comes back over the new game (its welcome used to take the
/// line, and the damaged puzzle used to be replaced without a word).
#[test]
fn an_unfinished_game_that_cant_go_on_is_told_under_a_kept_entry() {
    need_display();
    for (damage, told) in [
        ("level = 'bogus'", "The unfinished game could not be read ("),
        ("puzzle = 'not a puzzle'", "The unfinished game could not be restored ("),
    ] {
        let (_home, db) = own_history();
        let env = [("NONET_DB", db.as_path())];
        {
            let mut app = App::launch_with(Some(PUZZLE), &env);
            app.wait_until("the history is on", |s| s["history"] == "on");
            app.action("enter-puzzle", None);
            app.wait_until("entering", |s| s["entry"].is_object());
            app.keys(&["5", "3"]);
            wait_for_kept_entry(&db, "the entry kept", |kept| kept.is_some_and(|k| k.givens() == 2));
            app.kill();
        }
        let connection = rusqlite::Connection::open(&db).unwrap();
        let changed = connection
            .execute(&format!("UPDATE games SET {damage} WHERE status = 'in-progress'"), [])
            .unwrap();
        assert_eq!(changed, 1);
        drop(connection);
        let app = App::launch_with(None, &env);
        let state = app.wait_until("the entry back over a new game", |s| {
            s["entry"].is_object() && s["message"].as_str().is_some_and(|m| m.contains("Welcome back"))
        });
        let message = state["message"].as_str().unwrap();
        assert!(
            message.starts_with(told)
                && message.ends_with("; here is a new one. Welcome back: your puzzle entry is as you left it."),
            "{damage}: {message}"
        );
        assert!(state["entry"]["values"].as_str().unwrap().starts_with("53."), "{state}");
    }
}

/// A puzzle being typed on the board outlives the app killed meanwhile: it comes back as it was,
/// cursor included, the unfinished game waiting behind it, and Cancel goes back to that game.
/// Left, it is forgotten: the next start is the game's alone. (It was lost with the app.)
#[test]
fn a_puzzle_being_typed_survives_a_kill() {
    need_display();
    let (_home, db) = own_history();
    let env = [("NONET_DB", db.as_path())];
    let before = {
        let mut app = App::launch_with(Some(PUZZLE), &env);
        app.wait_until("the history is on", |s| s["history"] == "on");
        app.action("enter-puzzle", None);
        app.wait_until("entering", |s| s["entry"].is_object());
        app.keys(&["5", "3", "0", "7", "Down"]);
        let state = app.wait_until("four cells typed and a row down", |s| s["entry"]["selected"] == 13);
        wait_for_kept_entry(&db, "the entry kept as typed", |kept| {
            kept.is_some_and(|kept| kept.selected == 13)
        });
        app.kill(); // SIGKILL: no chance to save anything more
        state
    };
    assert!(
        before["entry"]["values"].as_str().unwrap().starts_with("53.7."),
        "{before}"
    );
    let mut app = App::launch_with(None, &env);
    let after = app.wait_until("the entry back", |s| s["entry"].is_object());
    assert_eq!(after["entry"], before["entry"]);
    assert_eq!(after["message"], "Welcome back: your puzzle entry is as you left it.");
    assert_eq!(after["subtitle"], "Enter Your Own Puzzle");
    app.action("entry-cancel", None);
    let state = app.wait_until("the waiting game", |s| s["entry"].is_null());
    assert_eq!(
        (&state["givens"], state["status"].as_str(), &state["message"]),
        (&Value::from(PUZZLE), Some("Playing"), &Value::from("")),
        "{state}"
    );
    wait_for_kept_entry(&db, "the entry forgotten once left", |kept| kept.is_none());
    app.kill();
    drop(app); // (its hold on the display too)
    let app = App::launch_with(None, &env);
    let state = app.wait_until("the game resumed", |s| {
        s["message"].as_str().unwrap_or("").starts_with("Welcome back")
    });
    assert!(state["entry"].is_null(), "{state}");
    assert_eq!(state["givens"], PUZZLE);
}

/// A puzzle entry kept with no unfinished game comes back over a new one, which then waits
/// behind it; with a puzzle asked for at start (a file opened), that game is played and the
/// entry put aside, a toast's Back to It away, and kept by the store until the toast goes.
#[test]
fn a_kept_puzzle_entry_comes_back_over_the_first_game() {
    need_display();
    let (_home, db) = own_history();
    let env = [("NONET_DB", db.as_path())];
    // An empty entry has nothing to bring back: the new game is played.
    let mut kept = PuzzleEntry::new([0; 81]);
    kept.selected = 41;
    let keep = |entry: &PuzzleEntry| {
        nonet::store::Store::open(&db)
            .unwrap()
            .save_puzzle_entry(Some(entry))
            .unwrap()
    };
    keep(&kept);
    let mut app = App::launch_with(None, &env);
    // (A kept entry goes on the board with the new game, before the state shows that game.)
    let state = app.wait_until("the new game, the history open", |s| {
        s["history"] == "on" && s["givens"].is_string()
    });
    assert!(state["entry"].is_null(), "an empty entry came back: {state}");
    app.kill();
    drop(app);
    kept.values[40] = 5;
    keep(&kept);
    let mut app = App::launch_with(None, &env);
    let state = app.wait_until("the entry over a new game", |s| {
        s["entry"].is_object() && s["givens"].is_string()
    });
    let values = nonet::engine::grid::digits_to_line(&kept.values);
    assert_eq!(
        (&state["entry"]["values"], &state["entry"]["selected"]),
        (&Value::from(values.clone()), &Value::from(41))
    );
    assert_eq!(state["message"], "Welcome back: your puzzle entry is as you left it.");
    app.action("entry-cancel", None);
    let state = app.wait_until("the new game", |s| s["entry"].is_null());
    assert_eq!(state["status"], "Playing", "{state}");
    app.kill();
    drop(app); // (its hold on the display too)
    keep(&kept);
    let app = App::launch_with(Some(PUZZLE), &env);
    let state = app.wait_until("the puzzle asked for, the history open", |s| {
        s["givens"] == PUZZLE && s["history"] == "on"
    });
    assert!(state["entry"].is_null(), "{state}");
    assert_eq!(state["message"], "The puzzle in puzzle.txt rates Easy. Good luck!");
    // Kept while the toast offers it back (the app may close meanwhile), forgotten once the
    // toast has gone.
    wait_for_kept_entry(&db, "the entry kept while put aside", |k| k == Some(&kept));
    app.press_button("Back to It");
    let state = app.wait_until("the entry back", |s| s["entry"].is_object());
    assert_eq!(state["entry"]["values"], values);
    app.action("new-game", None);
    app.wait_until("a new game, the entry aside", |s| {
        s["entry"].is_null() && s["givens"] != PUZZLE
    });
    wait_for_kept_entry(&db, "the entry kept while put aside", |k| k == Some(&kept));
    wait_for_kept_entry(&db, "the entry forgotten with its toast", |k| k.is_none());
}

/// A damaged history file is kept aside, the player is told, and a new game starts.
#[test]
fn a_damaged_history_is_kept_aside() {
    need_display();
    let home = tempfile::tempdir().unwrap();
    let db = home.path().join("nonet.db");
    std::fs::write(&db, b"not a database at all".repeat(100)).unwrap();
    let app = App::launch_with(None, &[("NONET_DB", db.as_path())]);
    app.wait_until("a new game", |s| s["status"] == "Playing");
    let aside: Vec<_> = std::fs::read_dir(home.path())
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().to_string())
        .filter(|n| n.starts_with("nonet.db.corrupt-"))
        .collect();
    assert_eq!(aside.len(), 1, "{aside:?}");
    assert_eq!(
        std::fs::read(home.path().join(&aside[0])).unwrap(),
        b"not a database at all".repeat(100)
    );
    app.shot("damaged-history.png");
}

/// A history damaged while the app runs (another program wrote over the file): History says in
/// its list why it can't be read, its words wrapped in the window as wide as before (the reason
/// beside the filters widened the window to its length), and Statistics says it too.
#[test]
fn a_history_damaged_while_the_app_runs_is_told_in_the_window() {
    need_display();
    let (app, home, db) = launch_with_written_history();
    app.action("history", None);
    let history = wait_for_titled("History");
    let labels = app.wait_for_labels("the games listed", |labels| {
        labels.iter().any(|l| l == "26 of 26 games")
    });
    assert!(
        !labels.iter().any(|l| l.starts_with("Games are not being saved")),
        "{labels:?}"
    );
    let clear_history = |sensitive: bool| {
        move |tree: &Value| {
            tree["buttons"].as_array().is_some_and(|b| {
                b.iter()
                    .any(|b| b["name"] == "Clear History…" && b["sensitive"] == sensitive)
            })
        }
    };
    app.wait_for_tree("Clear History on", clear_history(true));
    let [_, _, width, _] = window_geometry(&history);
    press_in(&history, &["Escape"]);
    wait_until_gone("History");
    // (Its write-ahead log gone too, which would still hold every page the app wrote.)
    std::fs::write(&db, b"not a database at all".repeat(100)).unwrap();
    for log in ["nonet.db-wal", "nonet.db-shm"] {
        let _ = std::fs::remove_file(home.path().join(log));
    }
    app.action("history", None);
    let history = wait_for_titled("History");
    let labels = app.wait_for_labels("why not", |labels| {
        labels.iter().any(|l| l.starts_with("History can't be read: "))
    });
    let told = labels
        .iter()
        .find(|l| l.starts_with("History can't be read: "))
        .unwrap();
    assert!(
        told.contains("nonet.db is not a Nonet database or is damaged"),
        "{told}"
    );
    assert!(
        !labels.iter().any(|l| l.ends_with(" game") || l.ends_with(" games")),
        "{labels:?}"
    );
    assert_eq!(window_geometry(&history)[2], width, "the window widened");
    app.wait_for_tree("Clear History off", clear_history(false));
    screen_shot(&history, "history-unreadable.png");
    show_statistics(&history);
    app.wait_for_labels("Statistics says it too", |labels| {
        labels
            .iter()
            .filter(|l| l.starts_with("History can't be read: "))
            .count()
            == 2
    });
}

/// A history that fails while the app runs (its file damaged by another program) is off from
/// then on, as one that never opened: said once, and nothing says a game is kept there any more
/// (a new game over one under way told "Your last game is paused in History", the game unsaved;
/// Delete Game asked first, then deleted nothing).
#[test]
fn a_history_failing_while_the_app_runs_is_off_from_then_on() {
    need_display();
    let (app, _home, db) = launch_with_written_history();
    // Every page past the first written over: the moves the app saves next read one of them.
    let mut damaged = std::fs::read(&db).unwrap();
    assert!(damaged.len() > 8192, "{} bytes", damaged.len());
    for (i, byte) in damaged.iter_mut().enumerate().skip(4096) {
        *byte = (i * 7 % 251) as u8;
    }
    std::fs::write(&db, &damaged).unwrap();
    app.select(2);
    app.keys(&["4"]);
    app.wait_until("history off", |s| {
        s["history"].as_str().is_some_and(|h| h.starts_with("off: "))
            && s["toast_titles"] == serde_json::json!(["History is off: games won't be saved"])
    });
    app.action("new-game", None);
    app.wait_until("a new game", |s| s["givens"] != PUZZLE && s["givens"].is_string());
    std::thread::sleep(Duration::from_millis(500));
    let state = app.wait_until("a state", |_| true);
    assert!(
        !state["toast_titles"]
            .as_array()
            .unwrap()
            .iter()
            .any(|t| t == "Your last game is paused in History"),
        "{state}"
    );
    app.action("delete-game", Some("int64 1"));
    let state = app.wait_until("told history is off", |s| {
        s["message"] == "History is off, so no game can be deleted."
    });
    // History says above its pages that games are not being saved, and why.
    let why = state["history"]
        .as_str()
        .unwrap()
        .strip_prefix("off: ")
        .unwrap()
        .to_string();
    app.action("history", None);
    let history = wait_for_titled("History");
    let notice = format!("Games are not being saved: {why}.");
    app.wait_for_labels("the notice", |labels| labels.contains(&notice));
    screen_shot(&history, "history-off.png");
}

/// The History window lists the games and statistics; a game replays move by move, and can be
/// played again.
#[test]
fn history_statistics_and_replay() {
    need_display();
    let shots = history_shots("en", "History", "");
    let (app, history, db) = (&shots.app, &shots.window, &shots.db);
    assert!(std::fs::metadata(&shots.list).unwrap().len() > 10_000);
    assert!(
        accent_pixels(&shots.statistics) > 50,
        "the chart's Medium dots are drawn"
    );
    // A screen reader hears what the chart shows: the games solved (by the player alone), the
    // best time and the latest (the history's newest solved game).
    let solved: Vec<u64> = history_list(db)
        .iter()
        .filter(|g| g["status"] == "solved")
        .map(|g| g["elapsed_ms"].as_u64().unwrap())
        .collect();
    let clock = |ms: u64| format!("{}:{:02}", ms / 60_000, ms / 1000 % 60);
    let told = format!(
        "{} games solved; the best in {}, the latest in {}",
        solved.len(),
        clock(*solved.iter().min().unwrap()),
        clock(solved[0])
    );
    let (tree, _) = app.accessible_tree();
    assert!(
        tree["described"]
            .as_array()
            .unwrap()
            .iter()
            .any(|d| d["name"] == "Chart of solve times" && d["description"] == told.as_str()),
        "{told:?} not in {tree}"
    );
    // The list holds paused games that "Played" leaves out: its row says so.
    app.wait_for_labels("the figures read", |labels| {
        labels.iter().any(|l| l == "Paused games count once they end")
    });
    // Back to the games (the focus still on the first row, where the window opened it). Newest
    // first: the game the app just started, then the solved game with moves; Enter on that one
    // opens its replay, at its last move.
    xdotool(&["mousemove", "--window", history, "210", "30"]);
    std::thread::sleep(Duration::from_millis(100));
    xdotool(&["click", "1"]);
    std::thread::sleep(Duration::from_millis(300));
    press_in(history, &["Down", "Return"]);
    let replay = wait_for_titled("Replay");
    std::thread::sleep(Duration::from_millis(600));
    let end = screenshot(&replay, "replay-end.png");
    // The player's digits are drawn in the accent colour: a solved replay shows many.
    let blue = accent_pixels(&end);
    assert!(
        blue > 3000,
        "the replay shows the player's digits ({blue} accent pixels)"
    );
    // A screen reader names the replay's slider by what it moves through (it read "GtkScale"),
    // and no control of the replay by its class.
    let (tree, _) = app.accessible_tree();
    let controls = tree["controls"].as_array().unwrap();
    assert!(
        controls.iter().any(|c| c["role"] == "slider" && c["name"] == "Move"),
        "{controls:?}"
    );
    // The game's one mistake (its first move) is ticked under the slider, and a screen reader
    // is told what the tick is.
    assert!(
        tree["described"]
            .as_array()
            .unwrap()
            .iter()
            .any(|d| { d["name"] == "Move" && d["description"] == "The tick under the slider marks your mistake" }),
        "{tree}"
    );
    assert!(
        !controls
            .iter()
            .any(|c| c["name"].as_str().unwrap_or("").starts_with("Gtk")),
        "{controls:?}"
    );
    // Tab goes round the replay's controls, each named (its explanation's scroller took a stop,
    // unnamed and unmarked, around a label that takes no focus).
    let stops = focus_stops(app, &replay, "Tab");
    assert_stops_named(&stops);
    let named = |name: &str| stops.iter().any(|s| s["name"] == name);
    assert!(
        named("Move") && named("First Move") && named("Delete Game"),
        "{stops:?}"
    );
    // Escape closes the replay, and Ctrl+W the History window, as they close GNOME's dialogs.
    xdotool(&["windowfocus", "--sync", &replay]);
    xdotool(&["key", "Escape"]);
    wait_until_gone("Replay");
    // Tab goes round the Statistics page too, each stop named.
    show_statistics(history);
    assert_stops_named(&focus_stops(app, history, "Tab"));
    xdotool(&["windowfocus", "--sync", history]);
    xdotool(&["key", "ctrl+w"]);
    wait_until_gone("History");
    // Play This Puzzle Again from outside: game 3 was a hard game on PUZZLE.
    app.action("play-again", Some("int64 3"));
    let again = app.wait_until("game 3's puzzle once more", |s| {
        s["message"].as_str().unwrap_or("").contains("once more")
    });
    assert_eq!(again["givens"], PUZZLE);
    // Game 3 started at 14:13 UTC (1,790,172,800 s after the epoch): 16:13 local.
    assert_eq!(
        again["message"], "The hard puzzle from 23 Sep 2026, 16:13, once more.",
        "the time is local"
    );
    assert_eq!(again["level"], "hard");
    assert_eq!(again["values"], PUZZLE, "a fresh game");
    app.action("play-again", Some("int64 999"));
    app.wait_until("no such game", |s| {
        s["message"] == "There is no game 999 in the history."
    });
}

/// Delete Game: from the History window (Delete on a row, or a replay's Delete Game) a game goes
/// at once, and the toast saying so offers Undo, which puts it back with its moves; it leaves
/// the list, its replay closes, and `nonet-cli history list` no longer has it; deletions while
/// the toast shows share it, and its Undo. From elsewhere
/// (the app action with no History window) it asks first: Return keeps it. The game on the board
/// can't be deleted. Clear History (its button) deletes every other game, asked first, offers
/// Undo too (Ctrl+Z as well), and is dimmed once nothing is left to clear.
/// A game deleted from the row the keyboard has scrolled to the window's foot: the focus goes
/// to the next row, which lies below the view until the list is laid out again, so the list
/// scrolls while it is being rebuilt; that asked for more rows in the middle of it, and the app
/// ended ("RefCell already borrowed", random play's seed 569).
#[test]
fn a_game_deleted_at_the_foot_of_the_view_leaves_the_next_in_focus() {
    need_display();
    let home = tempfile::tempdir().unwrap();
    let db = home.path().join("nonet.db");
    write_history(&db);
    let app = App::launch_with(None, &[("NONET_DB", db.as_path())]);
    wait_for_history(&db, "the game on the board recorded", |list| list.len() == 26);
    app.action("history", None);
    let history = wait_for_titled("History");
    std::thread::sleep(Duration::from_millis(800));
    app.wait_for_labels("every game listed", |labels| {
        labels.iter().any(|l| l == "26 of 26 games")
    });
    // Down the list (the focus starts on its first row) past the window's foot: fifteen rows,
    // where the view has scrolled, has room to scroll further, and lies within two heights of
    // the list's end (where more rows are asked for).
    press_in(&history, &["Down"; 15]);
    std::thread::sleep(Duration::from_millis(500));
    press_in(&history, &["Delete"]);
    app.wait_for_labels("the toast of the deletion", |labels| {
        labels.iter().any(|l| l == "Game deleted")
    });
    wait_for_history(&db, "the row's game deleted", |list| list.len() == 25);
    app.wait_for_labels("the list read again", |labels| {
        labels.iter().any(|l| l == "25 of 25 games")
    });
    // The next game has the focus: Delete again deletes it.
    press_in(&history, &["Delete"]);
    wait_for_history(&db, "the next deleted", |list| list.len() == 24);
    assert!(app.state().is_some(), "the app answers");
}

#[test]
fn a_game_is_deleted_from_the_history_when_asked() {
    need_display();
    let home = tempfile::tempdir().unwrap();
    let db = home.path().join("nonet.db");
    write_history(&db);
    let app = App::launch_with(None, &[("NONET_DB", db.as_path())]);
    app.wait_until("the history is on", |s| s["history"] == "on");
    // Newest first: the game on the board, then the solved game with moves.
    let before = wait_for_history(&db, "the game on the board recorded", |list| list.len() == 26);
    assert_eq!(before[0]["status"], "in-progress");
    assert_eq!(before[1]["status"], "solved");
    let (playing, target) = (before[0]["id"].as_i64().unwrap(), before[1]["id"].as_i64().unwrap());
    let target_before = history_game(&db, target);
    assert!(!target_before["moves"].as_array().unwrap().is_empty());
    let open_history = || {
        app.action("history", None);
        let history = wait_for_titled("History");
        std::thread::sleep(Duration::from_millis(800));
        app.wait_for_labels("every game listed", |labels| {
            labels.iter().any(|l| l == "26 of 26 games")
        });
        history
    };
    let history = open_history();
    // Delete on a game's row deletes it at once; the History window's toast says so and offers
    // Undo, and the main window's line stays as it was.
    press_in(&history, &["Down", "Delete"]);
    app.wait_for_labels("the toast of the deletion", |labels| {
        labels.iter().any(|l| l == "Game deleted")
    });
    let after = wait_for_history(&db, "the row's game deleted", |list| list.len() == 25);
    assert!(after.iter().all(|g| g["id"] != target), "{after:?}");
    // The toast's close button has a name for a screen reader (libadwaita 1.2 left it none:
    // "GtkImage"), and its Undo is read once (libadwaita 1.2 read it "Undo Undo").
    let (tree, _) = app.accessible_tree();
    let names: Vec<&str> = tree["buttons"]
        .as_array()
        .unwrap()
        .iter()
        .filter_map(|b| b["name"].as_str())
        .collect();
    assert!(names.contains(&"Dismiss") && !names.contains(&"GtkImage"), "{names:?}");
    assert!(!names.iter().any(|n| n.contains("Undo Undo")), "{names:?}");
    // Undo (the toast's button, pressed as a screen reader's user does, while the toast shows)
    // puts it back as it was, under its id, moves and all.
    app.press_button("Undo");
    let line = app.state().unwrap()["message"].to_string();
    assert!(!line.contains("deleted"), "the main window's line: {line}");
    wait_for_history(&db, "the game back", |list| list.len() == 26);
    assert_eq!(history_game(&db, target), target_before);
    app.wait_for_labels("the list read again", |labels| {
        labels.iter().any(|l| l == "26 of 26 games")
    });
    // Two deletions while the toast shows (the action, as from a replay over the window): one
    // toast counts both, and its Undo brings both back.
    let second = before[2]["id"].as_i64().unwrap();
    let second_before = history_game(&db, second);
    app.action("delete-game", Some(&format!("int64 {target}")));
    app.wait_for_labels("the toast of the deletion", |labels| {
        labels.iter().any(|l| l == "Game deleted")
    });
    app.action("delete-game", Some(&format!("int64 {second}")));
    app.wait_for_labels("one toast for both", |labels| {
        labels.iter().any(|l| l == "2 games deleted")
    });
    wait_for_history(&db, "both deleted", |list| list.len() == 24);
    app.press_button("Undo");
    wait_for_history(&db, "both back", |list| list.len() == 26);
    assert_eq!(history_game(&db, target), target_before);
    assert_eq!(history_game(&db, second), second_before);
    app.wait_for_labels("the list read again", |labels| {
        labels.iter().any(|l| l == "26 of 26 games")
    });
    // Three deletions in quick succession: each toast dismisses the one before while that one
    // is still sliding in, which crashed libadwaita 1.2 (see
    // levels_chosen_in_quick_succession_leave_the_last_ones_toast). One toast counts the three,
    // and its Undo brings them back once.
    let three = [target, second, before[3]["id"].as_i64().unwrap()];
    app.actions_at_once(&three.map(|id| ("delete-game", Some(id.to_variant()))));
    wait_for_history(&db, "the three deleted", |list| list.len() == 23);
    app.wait_for_labels("one toast for the three", |labels| {
        labels.iter().any(|l| l == "3 games deleted")
    });
    std::thread::sleep(Duration::from_millis(1000));
    app.press_button("Undo");
    wait_for_history(&db, "the three back", |list| list.len() == 26);
    assert_eq!(history_game(&db, target), target_before);
    app.wait_for_labels("the list read again", |labels| {
        labels.iter().any(|l| l == "26 of 26 games")
    });
    // The same row's replay (as in history_statistics_and_replay) offers Delete Game, which
    // (here the app action, as its button does) deletes at once too: the replay closes.
    press_in(&history, &["Escape"]);
    wait_until_gone("History");
    let history = open_history();
    press_in(&history, &["Down", "Return"]);
    wait_for_titled("Replay");
    let (tree, _) = app.accessible_tree();
    assert!(
        tree["buttons"]
            .as_array()
            .unwrap()
            .iter()
            .any(|b| b["name"] == "Delete Game"),
        "{tree}"
    );
    app.action("delete-game", Some(&format!("int64 {target}")));
    wait_until_gone("Replay");
    wait_for_history(&db, "the replay's game deleted", |list| list.len() == 25);
    app.wait_for_labels("the list read again", |labels| {
        labels.iter().any(|l| l == "25 of 25 games")
    });
    // The game on the board stays.
    app.action("delete-game", Some(&format!("int64 {playing}")));
    let message = format!("Game {playing} is the one being played, so it can't be deleted.");
    app.wait_for_labels("the game on the board kept", |labels| labels.contains(&message));
    assert_eq!(history_list(&db).len(), 25);
    // Escape dismisses the toast first (as in every libadwaita window), then closes the window.
    press_in(&history, &["Escape"]);
    app.wait_for_labels("the toast dismissed", |labels| !labels.contains(&message));
    press_in(&history, &["Escape"]);
    wait_until_gone("History");
    // With no History window, nothing could undo a deletion: the action asks first (Return
    // keeps the game: Cancel is the default), and the main window's line tells.
    let delete = |id: i64, key: &str| {
        app.action("delete-game", Some(&format!("int64 {id}")));
        press_in(&wait_for_titled("Delete This Game\\?"), &[key]);
        wait_until_gone("Delete This Game\\?");
    };
    let other = after[1]["id"].as_i64().unwrap();
    delete(other, "Return");
    std::thread::sleep(Duration::from_millis(500));
    assert_eq!(history_list(&db).len(), 25, "Return deleted the game");
    delete(playing, "alt+d");
    app.wait_until("the line tells", |s| s["message"] == message.as_str());
    // Clear History (the History window's trash button) asks, and keeps the game being
    // played: Escape keeps everything, Alt+L clears the rest, and Ctrl+Z brings it back.
    app.action("history", None);
    wait_for_titled("History");
    app.wait_for_labels("the list read", |labels| labels.iter().any(|l| l == "25 of 25 games"));
    assert_eq!(clear_history_sensitive(&app), Some(true));
    let answer_clear = |key: &str| {
        press_in(&wait_for_titled("Clear the History\\?"), &[key]);
        wait_until_gone("Clear the History\\?");
    };
    app.action("clear-history", None);
    answer_clear("Escape");
    std::thread::sleep(Duration::from_millis(500));
    assert_eq!(history_list(&db).len(), 25);
    // The button itself (last in the header bar but for the window's close button).
    let clear_by_button = |then_undo: bool| {
        let history = wait_for_titled("History");
        xdotool(&["mousemove", "--window", &history, "491", "27"]);
        std::thread::sleep(Duration::from_millis(100));
        xdotool(&["click", "1"]);
        answer_clear("alt+l");
        app.wait_for_labels("the toast of the clearing", |labels| {
            labels.iter().any(|l| l == "24 games deleted")
        });
        let left = history_list(&db);
        assert_eq!(left.len(), 1, "{left:?}");
        assert_eq!(left[0]["id"], playing);
        if then_undo {
            // Ctrl+Z, while the toast shows, as its button.
            press_in(&history, &["ctrl+z"]);
            return;
        }
        app.wait_for_labels("the list read again", |labels| {
            labels.iter().any(|l| l == "1 of 1 game")
        });
    };
    clear_by_button(true);
    wait_for_history(&db, "the games back", |list| list.len() == 25);
    app.wait_for_labels("the list read again", |labels| {
        labels.iter().any(|l| l == "25 of 25 games")
    });
    clear_by_button(false);
    // Nothing is left to clear.
    assert_eq!(clear_history_sensitive(&app), Some(false));
}

/// Whether the History window's Clear History button can be pressed (`None`: no such button).
fn clear_history_sensitive(app: &App) -> Option<bool> {
    let (tree, _) = app.accessible_tree();
    let buttons = tree["buttons"].as_array()?;
    let button = buttons.iter().find(|b| b["name"] == "Clear History…")?;
    button["sensitive"].as_bool()
}

/// The History window's list is as tall as its rows, and a filter no game matches says so
/// (not "No games yet", with 26 games in the history).
#[test]
fn history_filters_say_when_no_game_matches() {
    need_display();
    let home = tempfile::tempdir().unwrap();
    let db = home.path().join("nonet.db");
    write_history(&db);
    let app = App::launch_with(None, &[("NONET_DB", db.as_path())]);
    app.action("history", None);
    let history = wait_for_titled("History");
    std::thread::sleep(Duration::from_millis(800));
    let full = white_rows(&screenshot(&history, "history-all.png"));
    assert!(full > 400, "every game listed fills the window: {full} white rows");
    // A screen reader reads each filter's button by what it filters and its choice (GTK 4.8
    // leaves them "GtkToggleButton").
    let filter_buttons = || -> Vec<String> {
        let (tree, _) = app.accessible_tree();
        let names = tree["buttons"]
            .as_array()
            .unwrap()
            .iter()
            .map(|b| b["name"].as_str().unwrap_or(""));
        names
            .filter(|n| n.starts_with("Level") || n.starts_with("Status"))
            .map(String::from)
            .collect()
    };
    assert_eq!(filter_buttons(), ["Level: Any Level", "Status: Any Status"]);
    // The level filter (back from the newest game's row, where the focus starts, past the
    // status filter): Expert, which no game is.
    press_in(
        &history,
        &[
            "shift+Tab",
            "shift+Tab",
            "space",
            "Down",
            "Down",
            "Down",
            "Down",
            "Return",
        ],
    );
    let labels = app.wait_for_labels("the filter's answer", |labels| {
        labels.iter().any(|l| l == "No games match these filters")
    });
    assert!(!labels.iter().any(|l| l == "No games yet"), "{labels:?}");
    assert_eq!(
        filter_buttons(),
        ["Level: Expert", "Status: Any Status"],
        "the name follows the choice"
    );
    std::thread::sleep(Duration::from_millis(300));
    let one = white_rows(&screenshot(&history, "history-none-match.png"));
    assert!(
        (20..100).contains(&one),
        "the list is one row tall, not the window's height: {one} white rows"
    );
}

/// How many rows of a screenshot are white in the middle column (a list's card, in the light
/// style).
fn white_rows(path: &Path) -> usize {
    let rows = rgb_rows(path);
    rows.iter().filter(|row| row[row.len() / 2] == [255, 255, 255]).count()
}

/// A history whose only game is the one on the board: the list has that game, Statistics has
/// no level's figures (nothing is finished), only the line saying where solve times will be,
/// and there is nothing to clear.
#[test]
fn history_with_nothing_finished_has_no_figures() {
    need_display();
    let home = tempfile::tempdir().unwrap();
    let db = home.path().join("nonet.db");
    let app = App::launch_with(None, &[("NONET_DB", db.as_path())]);
    app.wait_until("the history is on", |s| s["history"] == "on");
    wait_for_history(&db, "the game on the board recorded", |list| list.len() == 1);
    app.action("history", None);
    wait_for_titled("History");
    let labels = app.wait_for_labels("the statistics read", |labels| {
        labels.iter().any(|l| l == "Solve a puzzle and its time appears here.")
    });
    assert!(labels.iter().any(|l| l == "1 of 1 game"), "{labels:?}");
    for figure in ["Played", "Solved", "Best Time"] {
        assert!(!labels.iter().any(|l| l == figure), "{figure}: {labels:?}");
    }
    // No level's group: "Medium" only in the main window's header, the level of the game there.
    let medium = labels.iter().filter(|l| *l == "Medium").count();
    assert_eq!(medium, 1, "{labels:?}");
    // The game being played is all there is: nothing to clear.
    assert_eq!(clear_history_sensitive(&app), Some(false));
    // Nothing on the Statistics page takes the focus: its scroller does, for the keys that
    // scroll it, named (a screen reader read it "scroll pane" and nothing more).
    let history = wait_for_titled("History");
    show_statistics(&history);
    let stops = focus_stops(&app, &history, "Tab");
    assert_stops_named(&stops);
    assert!(
        stops
            .iter()
            .any(|s| s["role"] == "scroll pane" && s["name"] == "Statistics"),
        "{stops:?}"
    );
}

/// With a database that can't be written, the game plays on without history and says so once.
#[test]
fn without_a_writable_history_the_game_goes_on() {
    need_display();
    // /proc refuses new directories, even to root.
    let app = App::launch_with(Some(PUZZLE), &[("NONET_DB", Path::new("/proc/nonet/nonet.db"))]);
    let state = app.wait_until("history is off", |s| {
        s["history"].as_str().unwrap_or("").starts_with("off:")
    });
    assert!(
        state["history"].as_str().unwrap().contains("/proc/nonet"),
        "{}",
        state["history"]
    );
    app.shot("history-off.png");
    app.select(2);
    app.keys(&["4"]);
    app.wait_until("play goes on", |s| at(s, "values", 2) == '4');
    // Nothing to delete a game from: said so, without asking.
    app.action("delete-game", Some("int64 1"));
    app.wait_until("no history to delete from", |s| {
        s["message"] == "History is off, so no game can be deleted."
    });
}

/// A puzzle file given at start wins over resuming, even while another program holds the
/// history: with the database locked until the app gives up on it, the file's game stays and history is off (a History command
/// says first that the history is still opening, then that it is off); locked
/// for two seconds, the file's game stays and is recorded once the database opens.
#[test]
fn a_puzzle_file_given_at_start_wins_over_a_busy_history() {
    need_display();
    const OTHER: &str = "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......";
    // None: held until the app has given up on it; Some: released after that long.
    for hold in [None, Some(Duration::from_secs(2))] {
        let dir = tempfile::tempdir().unwrap();
        let db = dir.path().join("nonet.db");
        {
            // An unfinished game to resume (the old behaviour put it over the file's puzzle).
            let mut store = nonet::store::Store::open(&db).unwrap();
            let givens = *nonet::engine::format::parse_line(OTHER).unwrap().values();
            let solution = nonet::engine::validate::check_puzzle(&givens).unwrap();
            store
                .start_game(&nonet::store::NewGame {
                    puzzle: givens,
                    solution,
                    level: nonet::engine::logic::Level::Hard,
                    score: None,
                    source: nonet::store::Source::Typed,
                    seed: None,
                    practice: None,
                    file: None,
                    started_at: 1,
                })
                .unwrap();
        }
        let holder = rusqlite::Connection::open(&db).unwrap();
        holder
            .execute_batch("PRAGMA locking_mode=EXCLUSIVE; BEGIN EXCLUSIVE;")
            .unwrap();
        let holder = std::sync::Arc::new(std::sync::Mutex::new(Some(holder)));
        let release = {
            let holder = holder.clone();
            std::thread::spawn(move || {
                if let Some(after) = hold {
                    std::thread::sleep(after);
                    holder.lock().unwrap().take();
                }
            })
        };
        let app = App::launch_with(Some(PUZZLE), &[("NONET_DB", db.as_path())]);
        if hold.is_none() {
            // A History command while the database is held (5 s before the app gives up) says
            // so, not that history is off; once given up, it says history is off.
            app.action("delete-game", Some("int64 1"));
            let state = app.wait_until("told about the history", |s| {
                s["message"].as_str().is_some_and(|m| m.contains("istory"))
            });
            assert_eq!(
                state["message"], "The history is still opening. Try again in a moment.",
                "history {}",
                state["history"]
            );
        }
        let state = app.wait_until("the history opened or given up", |s| s["history"] != "opening");
        let history = state["history"].as_str().unwrap_or("").to_string();
        holder.lock().unwrap().take();
        let state = app.wait_until("a state", |_| true);
        assert_eq!(state["givens"], PUZZLE, "history {history}: the file's puzzle stays");
        if hold.is_some() {
            assert_eq!(history, "on", "the database opened once released");
            app.select(PUZZLE.find('.').unwrap());
            let first = solution_of(PUZZLE).chars().nth(PUZZLE.find('.').unwrap()).unwrap();
            app.keys(&[&first.to_string()]);
            app.wait_until("the digit is in", |s| {
                at(s, "values", PUZZLE.find('.').unwrap()) == first
            });
            drop(app);
            let store = nonet::store::Store::open(&db).unwrap();
            let (record, moves) = store.unfinished().unwrap().expect("the file's game is recorded");
            assert_eq!(
                record.givens().unwrap(),
                *nonet::engine::format::parse_line(PUZZLE).unwrap().values()
            );
            assert!(!moves.is_empty(), "its moves too");
        } else {
            assert!(history.starts_with("off"), "{history}");
            app.action("clear-history", None);
            app.wait_until("told history is off", |s| {
                s["message"] == "History is off, so there is nothing to clear."
            });
            // Solved with history off, the game is not kept: its "Well done!" tells nothing of
            // the history (whose file, free again, holds no game of this level to compare with).
            let state = app.wait_until("a state", |_| true);
            app.fill_in(
                (0..81).filter(|&c| at(&state, "values", c) == '.'),
                &solution_of(PUZZLE),
            );
            let state = app.wait_until("solved", |s| s["status"] == "Solved");
            let summary = state["message"].as_str().unwrap().to_string();
            wait_for_titled("Well done!");
            std::thread::sleep(Duration::from_millis(1000));
            let labels = app.wait_for_labels("the dialog", |labels| labels.contains(&summary));
            let more = format!("{summary}\n");
            assert!(!labels.iter().any(|l| l.starts_with(&more)), "{labels:?}");
            drop(app);
        }
        release.join().unwrap();
    }
}

/// A replay names the technique of each solving step applied ("Hidden Single: 4 in r1c3"), as
/// it was kept with the move, and the hint asked for is named too once found; each is explained
/// under the caption, as the hint explained it (the step found again).
#[test]
fn a_replay_names_the_technique_of_a_step_applied() {
    need_display();
    let (app, _home, db) = launch_with_own_history();
    // A hint to its third stage applies its step: a placement on this easy puzzle.
    let shown = app.hint_to_pattern();
    let technique = shown["hint_technique"].as_str().unwrap().to_string();
    app.action("hint", None);
    let applied = app.wait_until("the step applied", |s| s["hint_stage"].is_null());
    let (cell, digit) = (0..81)
        .find(|&c| at(&applied, "values", c) != at(&shown, "values", c))
        .map(|c| (c, at(&applied, "values", c)))
        .expect("the step placed a digit");
    let name = nonet::engine::logic::Technique::ALL
        .iter()
        .find(|t| t.id() == technique)
        .unwrap()
        .name();
    let caption = format!("{name}: {digit} in {}", nonet::engine::grid::cell_name(cell));
    // The move is kept with its technique (the CLI reads it back)…
    poll(Duration::from_secs(10), Duration::from_millis(200), || {
        let moves = history_moves(&db, 1);
        let named = |kind: &str| {
            moves
                .iter()
                .any(|m| m["kind"] == kind && m["technique"] == technique.as_str())
        };
        // (The hint's request, saved before the hint was found, is named once it is.)
        (named("step") && named("hint")).then_some(())
    })
    .expect("the step and the hint's request saved with their technique");
    // …and the replay, opened at the last move, names it.
    let replay = app.replay_the_only_game();
    let labels = app.wait_for_labels("the replay's caption", |labels| {
        labels.iter().any(|l| l.starts_with("Move "))
    });
    let caption_shown = labels.iter().find(|l| l.starts_with("Move ")).unwrap();
    assert!(
        caption_shown.ends_with(&caption),
        "{caption_shown:?} does not name {caption:?}"
    );
    // Under it, the step found again: the explanation the hint's second stage gave.
    let explained = shown["message"].as_str().unwrap().to_string();
    assert!(explained.starts_with(name), "the hint's explanation: {explained:?}");
    app.wait_for_labels("the step's explanation", |labels| labels.contains(&explained));
    screenshot(&replay, "replay-technique.png");
    // The move before, the hint asked for, names what it pointed at, and explains it too.
    app.press_button("Previous Move");
    let hint = format!("hint: {name}");
    app.wait_for_labels("the hint's caption", |labels| {
        labels
            .iter()
            .any(|l| l.starts_with("Move 1 of 2") && l.ends_with(&hint))
            && labels.contains(&explained)
    });
    screenshot(&replay, "replay-hint-pattern.png");
    // The keys go through the moves as the buttons do: Right a move on, Home to the start,
    // where the puzzle as given is no step: no explanation.
    press_in(&replay, &["Right"]);
    app.wait_for_labels("the last move again", |labels| {
        labels.iter().any(|l| l.starts_with("Move 2 of 2"))
    });
    press_in(&replay, &["Home"]);
    app.wait_for_labels("the puzzle as given", |labels| {
        labels.iter().any(|l| l.starts_with("The puzzle as given")) && !labels.contains(&explained)
    });
}

/// Play From Here in a replay starts a new game on the puzzle at the board the replay shows:
/// two right digits and a pencil mark, then a wrong digit; the replay stepped back to before the
/// mistake, Play From Here puts that board on (its digits and the mark, no mistake), closes the
/// replay and History, and says so; Reset in the new game goes back to that board.
#[test]
fn play_from_here_starts_a_game_at_the_board_the_replay_shows() {
    need_display();
    let (app, _home, db) = launch_with_own_history();
    // r1c3 and r1c4 right (4 and 6), a 2 marked in r1c6, then r1c7 wrong (its solution is 9).
    for (cell, key) in [(2, "4"), (3, "6")] {
        app.select(cell);
        app.keys(&[key]);
    }
    app.select(5);
    app.keys(&["p", "2", "p"]);
    app.select(6);
    app.keys(&["1"]);
    let before = app.wait_until("four moves", |s| at(s, "values", 6) == '1' && s["mistakes"] == 1);
    poll(Duration::from_secs(10), Duration::from_millis(200), || {
        (history_moves(&db, 1).len() == 4).then_some(())
    })
    .expect("the four moves saved");
    app.replay_the_only_game();
    app.wait_for_labels("the last move", |labels| {
        labels.iter().any(|l| l.starts_with("Move 4 of 4"))
    });
    app.press_button("Previous Move");
    app.wait_for_labels("the move before the mistake", |labels| {
        labels.iter().any(|l| l.starts_with("Move 3 of 4"))
    });
    app.press_button("Play From Here");
    let from_here = app.wait_until("the board before the mistake", |s| {
        s["message"]
            .as_str()
            .is_some_and(|m| m.ends_with("played on from its board after move 3."))
    });
    let values = |s: &Value| (0..81).map(|c| at(s, "values", c)).collect::<String>();
    let mut expected: Vec<char> = values(&before).chars().collect();
    expected[6] = '.';
    assert_eq!(values(&from_here), expected.iter().collect::<String>());
    assert_eq!(from_here["marks"][5], "2");
    assert_eq!(
        (&from_here["mistakes"], &from_here["level"]),
        (&Value::from(0), &before["level"])
    );
    poll(Duration::from_secs(5), Duration::from_millis(100), || {
        xdotool_output(&["search", "--onlyvisible", "--name", "^(History|Replay)$"])
            .stdout
            .is_empty()
            .then_some(())
    })
    .expect("the replay and History closed");
    // Reset goes back to that board, not to the givens.
    app.select(7);
    app.keys(&["5"]);
    app.wait_until("a digit more", |s| at(s, "values", 7) == '5');
    app.action("reset", None);
    let reset = app.wait_until("reset", |s| at(s, "values", 7) != '5');
    assert_eq!(values(&reset), values(&from_here));
}

/// Statistics list the techniques the hints taught, each with a button that practises it: two
/// hints asked (each named once found), the practice chooser's rows counting them, then
/// History's Statistics read through AT-SPI, and the technique's Practise pressed there: History
/// closes and a practice of it goes on the board.
#[test]
fn statistics_count_hints_by_technique_and_practise_one() {
    need_display();
    let (app, _home, db) = launch_with_own_history();
    let mut taught = Vec::new();
    for _ in 0..2 {
        let shown = app.hint_to_pattern();
        taught.push(shown["hint_technique"].as_str().unwrap().to_string());
        app.action("hint", None);
        app.wait_until("the step applied", |s| s["hint_stage"].is_null());
    }
    let technique: nonet::engine::logic::Technique = taught[0].parse().unwrap();
    let name = technique.name();
    let expected = taught.iter().filter(|t| **t == taught[0]).count();
    let asked = if expected == 1 {
        "1 hint".to_string()
    } else {
        format!("{expected} hints")
    };
    // (Each hint's request is named in the history once the hint is found.)
    poll(Duration::from_secs(10), Duration::from_millis(200), || {
        let out = std::process::Command::new(env!("CARGO_BIN_EXE_nonet-cli"))
            .args(["history", "hints", "--json", "--db"])
            .arg(&db)
            .output()
            .unwrap();
        let hints: Value = serde_json::from_slice(&out.stdout).unwrap_or_default();
        let total: u64 = hints.as_array()?.iter().filter_map(|h| h["hints"].as_u64()).sum();
        (total == 2).then_some(())
    })
    .expect("both hints named in the history");
    // The practice chooser's rows say it too: each technique taught, how many hints taught it.
    app.action("practise", None);
    let chooser = wait_for_titled("Practise a Technique");
    let mut distinct = taught.clone();
    distinct.sort();
    distinct.dedup();
    let taught_by = if expected == 1 {
        "taught by 1 hint".to_string()
    } else {
        format!("taught by {expected} hints")
    };
    app.wait_for_labels("the hints counted in the chooser", |labels| {
        let counted: Vec<&String> = labels.iter().filter(|l| l.contains("· taught by ")).collect();
        counted.len() == distinct.len() && counted.iter().any(|l| l.ends_with(&taught_by))
    });
    press_in(&chooser, &["Escape"]);
    app.action("history", None);
    let history = wait_for_titled("History");
    std::thread::sleep(Duration::from_millis(600));
    show_statistics(&history);
    app.wait_for_labels("the hints by technique", |labels| {
        let at = labels.iter().position(|l| l == "Hints by Technique");
        at.is_some_and(|at| labels[at..].iter().any(|l| l == name) && labels[at..].contains(&asked))
    });
    screenshot(&history, "statistics-hints.png");
    app.press_button(&format!("Practise {name}"));
    let practice = app.wait_until("a practice of the technique", |s| {
        s["title"] == "Practice" && s["subtitle"].as_str().is_some_and(|t| t.starts_with(name))
    });
    assert_ne!(practice["givens"], PUZZLE);
    poll(Duration::from_secs(5), Duration::from_millis(100), || {
        xdotool_output(&["search", "--onlyvisible", "--name", "^History$"])
            .stdout
            .is_empty()
            .then_some(())
    })
    .expect("History closed");
}

/// Export History… writes every game to the file chosen: CSV (one row a game) for a name ending
/// in `.csv`, JSON with every move for one ending in `.json`, as `nonet-cli history export`
/// writes them from the same database (the game on the board aside: its clock moves on), and a
/// toast in History counts the games.
#[test]
fn history_is_exported_as_csv_or_json() {
    need_display();
    let (app, home, db) = launch_with_written_history();
    let exported_by_cli = |format: &str| -> String {
        let out = std::process::Command::new(env!("CARGO_BIN_EXE_nonet-cli"))
            .args(["history", "export", "--format", format, "--db", db.to_str().unwrap()])
            .output()
            .unwrap();
        assert!(out.status.success());
        String::from_utf8(out.stdout).unwrap()
    };
    app.action("history", None);
    wait_for_titled("History");
    let games = nonet::store::Store::open_for_reading(&db)
        .unwrap()
        .list(&Default::default())
        .unwrap()
        .len();
    let told = |file: &str| format!("{games} games exported to {file}.");
    // CSV: the same rows, but the game in progress.
    let csv = home.path().join("games.csv");
    app.press_button("Export History…");
    choose_path("Export History", "ctrl+a", &csv);
    app.wait_for_labels("the export told", |labels| labels.contains(&told("games.csv")));
    let finished = |text: &str| -> Vec<String> {
        text.lines()
            .filter(|line| !line.contains(",in-progress,"))
            .map(String::from)
            .collect()
    };
    let written = std::fs::read_to_string(&csv).unwrap();
    assert_eq!(written.lines().count(), games + 1, "a header and a row a game");
    assert_eq!(finished(&written), finished(&exported_by_cli("csv")));
    // JSON, with the moves.
    let json = home.path().join("games.json");
    app.press_button("Export History…");
    choose_path("Export History", "ctrl+a", &json);
    app.wait_for_labels("the export told", |labels| labels.contains(&told("games.json")));
    let finished = |text: &str| -> Vec<Value> {
        let all: Vec<Value> = serde_json::from_str(text).unwrap();
        all.into_iter().filter(|g| g["status"] != "in-progress").collect()
    };
    let written = std::fs::read_to_string(&json).unwrap();
    let games_written: Vec<Value> = serde_json::from_str(&written).unwrap();
    assert_eq!(games_written.len(), games);
    assert!(games_written.iter().any(|g| !g["moves"].as_array().unwrap().is_empty()));
    assert_eq!(finished(&written), finished(&exported_by_cli("json")));
}

/// A long history (1,225 games and the one on the board) opens at once and lists every game:
/// the app answers D-Bus within 500 ms while the window opens and while the mouse wheel goes
/// down the list (whose rows are made as its end comes near), which reaches the oldest game,
/// which the list of the newest thousand never reached. Deleted there, its game leaves the list
/// while the list keeps its place: the game before it is still listed, not only the first rows.
#[test]
fn a_long_history_opens_at_once_and_scrolls_down_to_its_oldest_game() {
    use nonet::store::{GameStatus, Progress, Store};
    need_display();
    let home = tempfile::tempdir().unwrap();
    let db = home.path().join("nonet.db");
    write_history(&db);
    {
        let mut store = Store::open(&db).unwrap();
        // Before write_history's games, an hour apart, each a second quicker than the one
        // before; the oldest two took 44:15 and 33:45.
        for i in 1..=1200i64 {
            let level = nonet::engine::logic::Level::Medium;
            let id = store
                .start_game(&new_game(level, 1_790_000_000_000 - i * 3_600_000))
                .unwrap();
            let elapsed_ms = match i {
                1199 => 44 * 60_000 + 15_000,
                1200 => 33 * 60_000 + 45_000,
                _ => 6 * 60_000 + i as u64 * 1000,
            };
            let progress = Progress {
                elapsed_ms,
                mistakes: 0,
                hints: 0,
            };
            store.finish_game(id, GameStatus::Solved, 0, progress).unwrap();
        }
    }
    let app = App::launch_with(None, &[("NONET_DB", db.as_path())]);
    app.wait_until("the history is on", |s| s["history"] == "on");
    wait_for_history(&db, "the game on the board recorded", |list| list.len() == 1226);
    // The slowest answer to D-Bus while `work` runs.
    let answering = |work: &dyn Fn()| -> Duration {
        let stop = std::sync::atomic::AtomicBool::new(false);
        std::thread::scope(|scope| {
            let probe = scope.spawn(|| probe_responsiveness(&app, &stop));
            work();
            stop.store(true, std::sync::atomic::Ordering::Relaxed);
            probe.join().unwrap()
        })
    };
    let opening = answering(&|| {
        app.action("history", None);
        wait_for_titled("History");
        std::thread::sleep(Duration::from_millis(1500));
    });
    assert!(
        opening < Duration::from_millis(500),
        "a D-Bus call took {opening:?} as History opened"
    );
    let history = wait_for_titled("History");
    app.wait_for_labels("the list read", |labels| {
        labels.iter().any(|l| l == "1,226 of 1,226 games")
    });
    // Down the list by the mouse wheel over it, to the last row made, whose coming into view
    // has more made (and the next page read).
    let wheel = |clicks: &str| {
        xdotool(&["mousemove", "--window", &history, "280", "400"]);
        xdotool(&["click", "--repeat", clicks, "--delay", "20", "5"]);
    };
    let scrolling = answering(&|| wheel("300"));
    assert!(
        scrolling < Duration::from_millis(500),
        "a D-Bus call took {scrolling:?} going down"
    );
    let listed = |labels: &[String], time: &str| labels.iter().any(|l| l.contains(&format!(" · {time} · ")));
    // On down to the oldest game, the accessible tree read between (with the probe stopped:
    // reading a tree of thousands of labels takes the app's main loop a while).
    let labels = || -> Vec<String> {
        let (tree, _) = app.accessible_tree();
        let labels = tree["labels"].as_array().cloned().unwrap_or_default();
        labels.iter().filter_map(|l| l.as_str().map(String::from)).collect()
    };
    for _ in 0..20 {
        if listed(&labels(), "33:45") {
            break;
        }
        wheel("300");
    }
    let shown = labels();
    assert!(listed(&shown, "33:45"), "the oldest game never listed");
    assert!(shown.iter().any(|l| l == "1,226 of 1,226 games"), "{shown:?}");
    // The oldest game deleted (as its row's Delete or its replay's Delete Game do).
    let oldest = history_list(&db).last().unwrap()["id"].as_i64().unwrap();
    app.action("delete-game", Some(&format!("int64 {oldest}")));
    let labels = app.wait_for_labels("the oldest game deleted", |labels| {
        labels.iter().any(|l| l == "1,225 of 1,225 games")
    });
    assert!(!listed(&labels, "33:45"), "the deleted game is still listed");
    assert!(
        listed(&labels, "44:15"),
        "the list lost its place: the game before is gone"
    );
    assert!(history_list(&db)
        .iter()
        .all(|g| g["elapsed_ms"] != 33 * 60_000 + 45_000));
    // Over so many games the chart draws each level's line of typical times, and says so (the
    // short histories of the other tests have no line: no level there has more than eight).
    show_statistics(&history);
    app.wait_for_labels("the chart's lines told", |labels| {
        labels.iter().any(|l| {
            l == "Each dot is a game you solved, in the order played; each line, a level's median time over its latest games"
        })
    });
    // A screen reader hears the Medium line's ends: the median of the first fortieth of the
    // Medium games solved and of the latest (in the order played, the lower of a middle two).
    let mut medium: Vec<(i64, i64, u64)> = history_list(&db)
        .iter()
        .filter(|g| g["status"] == "solved" && g["level"] == "medium")
        .map(|g| {
            let field = |name: &str| g[name].as_i64().unwrap();
            (field("started_at"), field("id"), field("elapsed_ms") as u64)
        })
        .collect();
    medium.sort();
    let window = medium.len() / 40;
    let median = |games: &[(i64, i64, u64)]| {
        let mut times: Vec<u64> = games.iter().map(|g| g.2).collect();
        times.sort();
        times[(times.len() - 1) / 2]
    };
    let clock = |ms: u64| format!("{}:{:02}", ms / 60_000, ms / 1000 % 60);
    let told = format!(
        "Medium: typically {}, at first {}",
        clock(median(&medium[medium.len() - window..])),
        clock(median(&medium[..window]))
    );
    let (tree, _) = app.accessible_tree();
    let description = tree["described"]
        .as_array()
        .unwrap()
        .iter()
        .find(|d| d["name"] == "Chart of solve times")
        .map(|d| d["description"].as_str().unwrap().to_string())
        .unwrap();
    assert!(description.contains(&told), "{told:?} not in {description:?}");
}

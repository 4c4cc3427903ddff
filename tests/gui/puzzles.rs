//! Puzzles in and out: copying and pasting, puzzle files (opened, dropped, given at start, played
//! one after another), and printing.

use super::*;

/// Issue 13: the board printed to a PDF (`print-to-file`, the action scripts use): the board's
/// givens, the player's digit, pencil marks and colours are read back from the file; without
/// them, only the givens; a file that can't be written is told so. Print… opens the system's
/// print dialog (GtkPrintOperation) with a Sudoku tab.
#[test]
fn print_writes_the_board_to_a_pdf_and_print_opens_the_dialog() {
    need_display();
    let app = App::launch(Some(PUZZLE));
    app.select(2);
    app.keys(&["4"]);
    app.select(3);
    // Two marks, the 2 coloured yellow; the given 7 beside (r1c5) coloured yellow too.
    app.keys(&["p", "2", "6", "p", "c", "2"]);
    app.select(4);
    app.keys(&["space", "c"]);
    app.wait_until("a digit, two marks and colours", |s| {
        at(s, "values", 2) == '4' && s["marks"][3] == "26" && s["paints"][3] == 1 << 6 && s["paints"][4] == 1
    });
    let dir = tempfile::tempdir().unwrap();
    for (name, with_progress) in [("progress.pdf", true), ("givens.pdf", false)] {
        let pdf = dir.path().join(name);
        app.action(
            "print-to-file",
            Some(&format!("('{}', {with_progress})", pdf.display())),
        );
        let written = || std::fs::metadata(&pdf).is_ok_and(|m| m.len() >= 1000).then_some(());
        poll(Duration::from_secs(10), Duration::from_millis(100), written).expect("no PDF written");
        std::thread::sleep(Duration::from_millis(300));
        let sheets = common::pdf::read_sheets(&pdf, 1);
        assert_eq!(sheets.len(), 1, "one grid");
        let mut expected: [u8; 81] =
            std::array::from_fn(|c| char::from(PUZZLE.as_bytes()[c]).to_digit(10).unwrap_or(0) as u8);
        // The coloured cell's corner, the disc below the coloured mark 2, and an uncoloured
        // given's corner (r1c2) as white paper.
        let shade = |cell, at| common::pdf::shade_in_cell(&pdf, 1, cell, at);
        let (cell, disc, plain) = (shade(4, (0.15, 0.15)), shade(3, (0.5, 0.29)), shade(1, (0.15, 0.15)));
        assert!(plain > 250, "r1c2's corner is not white: {plain}");
        if with_progress {
            expected[2] = 4;
            assert_eq!(sheets[0].marks[3], "26", "the pencil marks are printed");
            assert!(cell < 245 && disc < 245, "colours not printed: {cell}, {disc}");
        } else {
            assert!(sheets[0].marks.iter().all(String::is_empty), "no marks");
            assert!(
                cell > 250 && disc > 250,
                "colours printed with the givens alone: {cell}, {disc}"
            );
        }
        assert_eq!(sheets[0].digits, expected, "{name}");
    }
    // A file that can't be written is told so, not "Printed" (GTK's export said it was, over an
    // empty file on a full disk; /dev/full is one).
    app.action("print-to-file", Some("('/dev/full', false)"));
    app.wait_until("told it failed", |s| {
        s["message"] == "Printing failed: can't write /dev/full: No space left on device"
    });
    // The dialog, with its own tab.
    app.action("print", None);
    let dialog = wait_for_titled("Print");
    std::thread::sleep(Duration::from_millis(600));
    screen_shot(&dialog, "print-dialog.png");
    xdotool(&["windowfocus", "--sync", &dialog]);
    xdotool(&["key", "Escape"]);
    wait_until_gone("Print");
    app.wait_until("the game goes on", |s| s["givens"] == PUZZLE);
    // Print New Puzzles…: the choices, then (six generated off the main thread) the dialog.
    app.action("print-puzzles", None);
    let choices = wait_for_titled("Print Puzzles");
    std::thread::sleep(Duration::from_millis(400));
    screen_shot(&choices, "print-puzzles.png");
    xdotool(&["windowfocus", "--sync", &choices]);
    xdotool(&["key", "Return"]);
    let dialog = wait_for_titled("Print");
    xdotool(&["windowfocus", "--sync", &dialog]);
    xdotool(&["key", "Escape"]);
    let state = app.wait_until("the game goes on", |s| s["givens"] == PUZZLE);
    assert_eq!(at(&state, "values", 2), '4', "printing changed nothing on the board");
}

/// Print Puzzles offers what it last printed with (kept in the settings, as GNOME Sudoku keeps
/// its count): how many, how many to a page and the solutions, chosen by keyboard the first time
/// (4, 2, with), then Return alone prints the same; Print Puzzles from File shares them.
#[test]
fn print_puzzles_offers_the_count_layout_and_solutions_last_printed_with() {
    need_display();
    let file = format!("{PUZZLE}\n{OTHER}\n{PUZZLE}\n");
    let app = App::launch(Some(&file));
    app.wait_until("the first is told", |s| {
        s["message"].as_str().unwrap_or("").contains("Good luck")
    });
    // The next booklet handed to the print dialog (its captions new), then the dialog closed.
    let last = std::cell::RefCell::new(serde_json::Value::Null);
    let booklet = |what: &str, count: usize| {
        let state = app.wait_until(what, |s| {
            let captions = &s["booklet"]["captions"];
            captions.as_array().is_some_and(|c| c.len() == count) && *captions != *last.borrow()
        });
        last.replace(state["booklet"]["captions"].clone());
        press_in(&wait_for_titled("Print"), &["Escape"]);
        wait_until_gone("Print");
        (
            state["booklet"]["per_page"].clone(),
            state["booklet"]["solutions"].clone(),
        )
    };
    app.action("print-puzzles", None);
    // Past the level to the count, then the layout's list (1, 2, 4, 6) and the solutions, and
    // back to the count, where Return answers the dialog.
    press_in(
        &wait_for_titled("Print Puzzles"),
        &[
            "Tab",
            "Tab",
            "ctrl+a",
            "4",
            "Tab",
            "space",
            "Down",
            "Return",
            "Tab",
            "space",
            "shift+Tab",
            "shift+Tab",
            "Return",
        ],
    );
    assert_eq!(booklet("four new puzzles", 4), (2.into(), true.into()));
    app.action("print-puzzles", None);
    press_in(&wait_for_titled("Print Puzzles"), &["Return"]);
    assert_eq!(booklet("four again", 4), (2.into(), true.into()), "the choices kept");
    // From puzzle 1 of the file: its three (fewer than the four asked), two to a page, with.
    app.action("print-file-puzzles", None);
    press_in(
        &wait_for_titled("Print Puzzles from File"),
        &["Tab", "ctrl+a", "1", "Return"],
    );
    assert_eq!(booklet("the file's three", 3), (2.into(), true.into()));
}

/// The print dialog offers the last one's choices, as text editors do: the printer picked
/// before (so a second print is one key), and the folder a file went to, with a name of its own
/// there that no file has yet ("Sudoku", then "Sudoku 2"), or the default folder once that one
/// is gone; the message says where the file went. The choices outlast the app (in the config
/// folder's `nonet/print.ini`). Without them each dialog starts with no printer picked and Print
/// greyed out.
#[test]
fn the_print_dialog_offers_the_last_printer_and_folder_again() {
    need_display();
    let home = tempfile::tempdir().unwrap();
    let config = home.path().join(".config");
    let env = [("HOME", home.path()), ("XDG_CONFIG_HOME", config.as_path())];
    let mut app = App::launch_with(Some(PUZZLE), &env);
    let elsewhere = tempfile::tempdir().unwrap();
    // The file printed in `folder`, once written and said.
    let printed_in = |app: &App, folder: &Path, name: &str| {
        let pdf = folder.join(name);
        let written = || std::fs::metadata(&pdf).is_ok_and(|m| m.len() >= 1000).then_some(());
        poll(Duration::from_secs(15), Duration::from_millis(100), written)
            .unwrap_or_else(|| panic!("{name} not written"));
        let said = format!("Printed to {}.", pdf.display());
        app.wait_until("where the file went", |s| s["message"] == said.as_str());
        std::fs::read(&pdf).unwrap()
    };
    let printed = |app: &App, name: &str| printed_in(app, elsewhere.path(), name);
    // The first time: the printer picked in the list (its only one here, Print to File), then
    // the file, by its button (the next in Tab order) and the chooser's name.
    open_print_dialog(&app);
    xdotool(&["key", "Down", "space", "Tab", "space"]);
    let chooser = wait_for_titled("Select a filename");
    std::thread::sleep(Duration::from_millis(500));
    xdotool(&["windowfocus", "--sync", &chooser]);
    let mine = elsewhere.path().join("mine.pdf");
    xdotool(&["key", "ctrl+a"]);
    xdotool(&["type", "--delay", "5", &mine.display().to_string()]);
    xdotool(&["key", "Return"]);
    wait_until_gone("Select a filename");
    let dialog = wait_for_titled("Print");
    xdotool(&["windowfocus", "--sync", &dialog]);
    xdotool(&["key", "alt+p"]);
    let first = printed(&app, "mine.pdf");
    // Then Print at once, twice: the same printer and folder, a new name each time.
    open_print_dialog(&app);
    xdotool(&["key", "alt+p"]);
    let second = printed(&app, "Sudoku.pdf");
    open_print_dialog(&app);
    xdotool(&["key", "alt+p"]);
    printed(&app, "Sudoku 2.pdf");
    assert_eq!(std::fs::read(&mine).unwrap(), first, "the first file kept");
    assert_eq!(std::fs::read(elsewhere.path().join("Sudoku.pdf")).unwrap(), second);
    let sheets = common::pdf::read_sheets(&elsewhere.path().join("Sudoku 2.pdf"), 1);
    let givens: [u8; 81] = std::array::from_fn(|c| char::from(PUZZLE.as_bytes()[c]).to_digit(10).unwrap_or(0) as u8);
    assert_eq!(sheets[0].digits, givens, "the board printed");
    // The app quit and started again: the same printer and folder still, Print at once.
    app.action("quit", None);
    assert!(app.wait_for_exit("the app did not quit").success());
    let kept = std::fs::read_to_string(config.join("nonet/print.ini")).unwrap();
    assert!(
        !kept.contains("Sudoku 2"),
        "a print's own file name is not kept: {kept}"
    );
    drop(app); // one app on the display at a time
    let app = App::launch_with(Some(PUZZLE), &env);
    open_print_dialog(&app);
    xdotool(&["key", "alt+p"]);
    printed(&app, "Sudoku 3.pdf");
    // That folder gone, the next print goes where GTK's Print to File writes by default (the
    // working directory, with no Documents folder in this home) rather than failing.
    std::fs::remove_dir_all(elsewhere.path()).unwrap();
    open_print_dialog(&app);
    xdotool(&["key", "alt+p"]);
    printed_in(&app, app._dir.path(), "Sudoku.pdf");
}

/// Print… (the board) opened, its dialog focused once its printers are listed; its window id.
fn open_print_dialog(app: &App) -> String {
    app.action("print", None);
    let dialog = wait_for_titled("Print");
    // (Time for its printers to be listed.)
    std::thread::sleep(Duration::from_millis(1000));
    xdotool(&["windowfocus", "--sync", &dialog]);
    dialog
}

/// A print whose page choices leave nothing to print (Pages chosen with no numbers, or only a
/// page past the last) is told as such: GTK 4.8 ends it as the dialog's Cancel does, writing no
/// file, with a warning on the terminal only. Cancel itself says nothing.
#[test]
fn a_print_of_no_pages_says_nothing_was_printed() {
    need_display();
    // (A home without a Documents folder: Print to File writes in the working directory.)
    let home = tempfile::tempdir().unwrap();
    let app = App::launch_with(Some(PUZZLE), &[("HOME", home.path())]);
    // Print to File (the only printer here) picked in the list, as in the test above.
    let open_dialog = |app: &App| {
        open_print_dialog(app);
        xdotool(&["key", "Down", "space"]);
    };
    let before = app.wait_until("the puzzle opened", |s| s["message"].is_string())["message"].clone();
    open_dialog(&app);
    xdotool(&["key", "Escape"]);
    wait_until_gone("Print");
    std::thread::sleep(Duration::from_millis(1000));
    assert_eq!(app.state().unwrap()["message"], before, "Cancel says nothing");
    // Pages (Alt+E) with its box left empty, then Print (Alt+P).
    open_dialog(&app);
    xdotool(&["key", "alt+e", "alt+p"]);
    app.wait_until("nothing printed, no page numbers", |s| {
        s["message"] == "Nothing printed: Pages was chosen in the print dialog without any page numbers."
    });
    // Page 5 of the board's one page.
    open_dialog(&app);
    xdotool(&["key", "alt+e"]);
    xdotool(&["type", "5"]);
    xdotool(&["key", "alt+p"]);
    app.wait_until("nothing printed, past the last page", |s| {
        s["message"] == "Nothing printed: there is 1 page, and the pages chosen in the print dialog leave it out."
    });
    let written: Vec<_> = std::fs::read_dir(app._dir.path())
        .unwrap()
        .filter_map(|entry| entry.ok()?.file_name().into_string().ok())
        .filter(|name| name.ends_with(".pdf"))
        .collect();
    assert!(written.is_empty(), "no file printed: {written:?}");
    // Page 1 prints.
    open_dialog(&app);
    xdotool(&["key", "alt+e"]);
    xdotool(&["type", "1"]);
    xdotool(&["key", "alt+p"]);
    let said = format!("Printed to {}.", app._dir.path().join("Sudoku.pdf").display());
    app.wait_until("printed", |s| s["message"] == said.as_str());
}

/// Copy Puzzle (Ctrl+Shift+C) puts the givens on the clipboard as one line; Copy Position the
/// position as the forums' pencil-mark grid: the digits placed, the player's marks, and the
/// candidates the rules allow in a cell without marks.
#[test]
fn the_puzzle_and_the_position_are_copied() {
    need_display();
    let _clipboard = hold_clipboard();
    let app = App::launch(Some(PUZZLE));
    // r1c3 marked 2 and 7; r1c4 is 6.
    app.select(2);
    app.keys(&["ctrl+2", "ctrl+7", "Right", "6"]);
    let state = app.wait_until("a mark and a digit", |s| {
        s["marks"][2] == "27" && at(s, "values", 3) == '6'
    });
    app.keys(&["ctrl+shift+c"]);
    app.wait_until("copied", |s| {
        s["message"] == "The puzzle is on the clipboard, as one line."
    });
    assert_eq!(clipboard_text(), PUZZLE);
    app.action("copy-position", None);
    app.wait_until("copied", |s| {
        s["message"] == "The position is on the clipboard, as a pencil-mark grid."
    });
    let grid = clipboard_text();
    let border = |t: &str| t.chars().all(|c| ".-|:+'".contains(c));
    let entries: Vec<&str> = grid.split_whitespace().filter(|t| !border(t)).collect();
    assert_eq!(entries.len(), 81, "{grid}");
    let values: Vec<u8> = state["values"].as_str().unwrap().bytes().collect();
    for (cell, entry) in entries.iter().enumerate() {
        let expected = if values[cell] != b'.' {
            (values[cell] as char).to_string()
        } else if cell == 2 {
            "27".to_string()
        } else {
            let (row, col) = (cell / 9, cell % 9);
            let sees = |other: usize| {
                let (r, c) = (other / 9, other % 9);
                r == row || c == col || (r / 3 == row / 3 && c / 3 == col / 3)
            };
            (b'1'..=b'9')
                .filter(|&d| !(0..81).any(|other| sees(other) && values[other] == d))
                .map(char::from)
                .collect()
        };
        assert_eq!(*entry, expected, "r{}c{}:\n{grid}", cell / 9 + 1, cell % 9 + 1);
    }
}

#[test]
fn a_pasted_bad_puzzle_is_refused_and_a_good_one_played() {
    need_display();
    let _clipboard = hold_clipboard();
    let app = App::launch(Some(PUZZLE));
    app.select(2);
    app.keys(&["4"]);
    app.wait_until("a digit of ours", |s| at(s, "values", 2) == '4');
    // An empty clipboard: nothing was pasted, so there is nothing to refuse; the line says so,
    // with no dialog, and the game goes on.
    app.action("paste", None);
    let state = app.wait_until("nothing to paste", |s| {
        s["message"] == "Nothing to paste: the clipboard holds no text."
    });
    assert!(
        state["refusal"].as_str().unwrap_or("").is_empty(),
        "{}",
        state["refusal"]
    );
    std::thread::sleep(Duration::from_millis(500));
    assert!(
        xdotool(&["search", "--onlyvisible", "--name", "This Puzzle Can"]).is_empty(),
        "a dialog for an empty clipboard"
    );
    assert_eq!(at(&state, "values", 2), '4');
    // Two solutions: refused with a dialog; the game and its digit stay.
    let xclip = set_clipboard(&format!("{}{}", &PUZZLE[..30], ".".repeat(51)));
    app.action("paste", None);
    let state = app.wait_until("refused", |s| {
        s["message"].as_str().unwrap().starts_with("Puzzle not loaded")
    });
    drop(xclip);
    // The dialog says why, in a player's words; the message line does not repeat it.
    assert_eq!(state["message"], "Puzzle not loaded.");
    assert!(
        state["refusal"].as_str().unwrap().contains("more than one solution"),
        "{}",
        state["refusal"]
    );
    assert_eq!(state["givens"], PUZZLE);
    assert_eq!(at(&state, "values", 2), '4');
    app.shot("refused.png");
    app.keys(&["Return"]); // closes the dialog

    // A grid in another format is played.
    let other = "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......";
    let grid: String = other
        .as_bytes()
        .chunks(9)
        .map(|r| format!("{}\n", String::from_utf8_lossy(r)))
        .collect();
    let xclip = set_clipboard(&grid);
    // (Pressed again if the dialog, closing, took the first press.)
    let state = app.act_until(
        "the pasted puzzle",
        Duration::from_secs(3),
        || app.keys(&["ctrl+shift+v"]),
        |s| s["givens"] == other,
    );
    drop(xclip);
    assert_eq!(state["mistakes"], 0);
    // A bad file named on the command line of a second launch is refused by the running app.
    let bad = app._dir.path().join("bad.sdk");
    std::fs::write(&bad, "53..7....\n6..195...\nnot a row\n").unwrap();
    app.open_from_outside(&bad);
    let state = app.wait_until("refused again", |s| {
        s["message"].as_str().unwrap().starts_with("Puzzle not loaded")
    });
    assert_eq!(state["givens"], other);
    // A developer's "line 3, column 1: unexpected character 'n'" reads as a player's sentence.
    let refusal = state["refusal"].as_str().unwrap();
    assert!(refusal.contains("where only digits 1 to 9 belong"), "{refusal}");
    assert!(!refusal.contains("unexpected character"), "{refusal}");
    // A grid of one digit repeats it in all 27 houses: the dialog names three and counts the rest,
    // a sentence that fits on a screen.
    let ones = app._dir.path().join("ones.txt");
    std::fs::write(&ones, "1".repeat(81)).unwrap();
    app.open_from_outside(&ones);
    let state = app.wait_until("the repeats refused", |s| {
        s["refusal"].as_str().unwrap().contains("ones.txt")
    });
    let refusal = state["refusal"].as_str().unwrap();
    assert!(refusal.contains("1 appears 9 times in row 1: r1c1, r1c2"), "{refusal}");
    assert!(refusal.contains("and 24 more repeats"), "{refusal}");
    assert_eq!(refusal.matches("appears").count(), 3, "{refusal}");
    assert_eq!(state["givens"], other);
    // A device and a FIFO (which would block a reader forever) are refused at once, by name.
    let fifo = app._dir.path().join("puzzles.fifo");
    common::make_fifo(&fifo);
    for special in [Path::new("/dev/zero"), fifo.as_path()] {
        app.open_from_outside(special);
        let name = special.file_name().unwrap().to_string_lossy().to_string();
        let state = app.wait_until("the special file refused", |s| {
            let refusal = s["refusal"].as_str().unwrap();
            refusal.contains("not a regular file") && refusal.contains(&name)
        });
        assert_eq!(state["givens"], other);
    }
    // A file that is not there: the system's words, without Rust's "(os error 2)".
    app.open_from_outside(&app._dir.path().join("gone.sdk"));
    let state = app.wait_until("the missing file refused", |s| {
        s["refusal"].as_str().unwrap().contains("gone.sdk")
    });
    let refusal = state["refusal"].as_str().unwrap();
    assert!(
        refusal.contains("it can't be read (No such file or directory)"),
        "{refusal}"
    );
    assert!(!refusal.contains("os error"), "{refusal}");
    // A puzzle written out on the command line (`nonet 53..7…`), which GIO takes for a file
    // of the working directory where none has its name, is played; one with a repeat is refused
    // as a puzzle entered, the game going on.
    app.open_from_outside(Path::new(PUZZLE));
    app.wait_until("the puzzle given on the command line", |s| s["givens"] == PUZZLE);
    let repeat = format!("11{}", &OTHER[2..]);
    app.open_from_outside(Path::new(&repeat));
    let state = app.wait_until("the repeat refused", |s| {
        s["refusal"].as_str().unwrap().starts_with("The puzzle you entered")
    });
    let refusal = state["refusal"].as_str().unwrap();
    assert!(refusal.contains("in row 1: r1c1, r1c2"), "{refusal}");
    assert_eq!(state["givens"], PUZZLE);
}

/// A file of several puzzles is played one puzzle after another: Open plays the first, Next Puzzle
/// from File (Ctrl+Shift+N) the next, a puzzle that can't be played is refused by its number and
/// passed over, and the action goes once the last is played; `puzzle-in-file(n)` goes to any.
#[test]
fn a_file_of_several_puzzles_is_played_one_after_another() {
    need_display();
    // Before any file of several, the action is not there (its menu item hidden).
    let single = App::launch(Some(PUZZLE));
    let state = single.wait_until("the puzzle is told", |s| {
        s["message"].as_str().unwrap_or("").contains("Good luck")
    });
    assert_eq!(state["message"], "The puzzle in puzzle.txt rates Easy. Good luck!");
    assert_eq!(state["next_in_file_enabled"], false);
    drop(single);
    let file = format!("# three puzzles\n{PUZZLE}\n{}\n\n{OTHER}\n", ".".repeat(81));
    let app = App::launch(Some(&file));
    let state = app.wait_until("the first is told", |s| {
        s["message"].as_str().unwrap_or("").contains("Good luck")
    });
    let message = state["message"].as_str().unwrap();
    assert!(message.starts_with("Puzzle 1 of 3 in puzzle.txt rates "), "{message}");
    assert_eq!(state["next_in_file_enabled"], true);
    // The second has every solution: refused by its number, the first game going on.
    app.keys(&["ctrl+shift+n"]);
    let state = app.wait_until("the second is refused", |s| {
        s["refusal"]
            .as_str()
            .unwrap_or("")
            .starts_with("Puzzle 2 of 3 in puzzle.txt")
    });
    assert!(
        state["refusal"].as_str().unwrap().contains("more than one solution"),
        "{}",
        state["refusal"]
    );
    assert_eq!(state["givens"], PUZZLE);
    assert_eq!(state["next_in_file_enabled"], true);
    press_in(&wait_for_titled("This Puzzle Can't Be Played"), &["Return"]);
    wait_until_gone("This Puzzle Can't Be Played");
    app.action("next-in-file", None);
    let state = app.wait_until("the third is played", |s| s["givens"] == OTHER);
    let message = state["message"].as_str().unwrap();
    assert!(message.starts_with("Puzzle 3 of 3 in puzzle.txt rates "), "{message}");
    assert_eq!(state["next_in_file_enabled"], false, "nothing follows the last");
    // Any puzzle by its number; one past the last is refused, saying how many there are.
    app.action("puzzle-in-file", Some("int64 1"));
    let state = app.wait_until("the first again", |s| s["givens"] == PUZZLE);
    assert_eq!(state["next_in_file_enabled"], true);
    // Puzzle Number from File… asks for the number, offering the next; Return plays it.
    app.action("choose-in-file", None);
    let dialog = wait_for_titled("Play a Puzzle from the File");
    let labels = app.wait_for_labels("the dialog", |labels| {
        labels.iter().any(|l| l.contains("holds 3 puzzles"))
    });
    assert!(
        labels.contains(&"puzzle.txt holds 3 puzzles; the last one opened was number 1.".to_string()),
        "{labels:?}"
    );
    press_in(&dialog, &["ctrl+a", "3", "Return"]);
    let state = app.wait_until("the third by its number", |s| s["givens"] == OTHER);
    assert!(
        state["message"]
            .as_str()
            .unwrap()
            .starts_with("Puzzle 3 of 3 in puzzle.txt"),
        "{}",
        state["message"]
    );
    app.action("puzzle-in-file", Some("int64 1"));
    app.wait_until("the first once more", |s| s["givens"] == PUZZLE);
    app.action("puzzle-in-file", Some("int64 7"));
    let state = app.wait_until("no seventh", |s| {
        s["refusal"].as_str().unwrap_or("").contains("no puzzle 7")
    });
    assert!(
        state["refusal"]
            .as_str()
            .unwrap()
            .contains("it holds 3 puzzles, so there is no puzzle 7"),
        "{}",
        state["refusal"]
    );
    assert_eq!(state["givens"], PUZZLE);
    app.keys(&["Return"]);
    // Numbers start at 1; a lesser one (only from outside) is told so, nothing opened.
    app.action("puzzle-in-file", Some("int64 0"));
    let state = app.wait_until("no puzzle 0", |s| {
        s["message"] == "There is no puzzle 0 in the file: its puzzles are numbered from 1."
    });
    assert_eq!(state["givens"], PUZZLE);
    // A file of one puzzle opened meanwhile leaves the place in the file of several.
    let one = app._dir.path().join("one.txt");
    std::fs::write(&one, format!("{OTHER}\n")).unwrap();
    app.open_from_outside(&one);
    let state = app.wait_until("the single file's puzzle", |s| {
        s["message"]
            .as_str()
            .unwrap_or("")
            .starts_with("The puzzle in one.txt rates ")
    });
    assert_eq!(state["next_in_file_enabled"], true);
    app.action("next-in-file", None);
    app.wait_until("the second refused again", |s| {
        s["refusal"]
            .as_str()
            .unwrap_or("")
            .starts_with("Puzzle 2 of 3 in puzzle.txt")
    });
    app.keys(&["Return"]);
    // Opened again, the file opens where it was left, as a book would: past the puzzle that
    // can't be played, at the next.
    std::fs::write(&one, format!("{PUZZLE}\n")).unwrap();
    app.open_from_outside(&one);
    app.wait_until("another file's puzzle", |s| s["givens"] == PUZZLE);
    app.open_from_outside(&app._dir.path().join("puzzle.txt"));
    let state = app.wait_until("the file at its place", |s| s["givens"] == OTHER);
    let message = state["message"].as_str().unwrap();
    assert!(message.starts_with("Puzzle 3 of 3 in puzzle.txt rates "), "{message}");
}

/// Print Puzzles from File… prints puzzles of the file of several opened last, by their numbers:
/// the dialog (read through AT-SPI) starts from the puzzle on the board; from puzzle 2, three of
/// them: the second, which can't be played, is left out and said so, the others are captioned
/// with their numbers in the file, level, score and short id; then the print dialog opens. A file
/// of one puzzle leaves the menu item hidden (its action off).
#[test]
fn a_files_puzzles_print_by_their_numbers() {
    need_display();
    let single = App::launch(Some(PUZZLE));
    single.wait_until("the puzzle is told", |s| {
        s["message"].as_str().unwrap_or("").contains("Good luck")
    });
    assert_eq!(single.action_enabled("print-file-puzzles"), Some(false));
    drop(single);
    let file = format!("# four\n{PUZZLE}\n{}\n{OTHER}\n{PUZZLE}\n", ".".repeat(81));
    let app = App::launch(Some(&file));
    app.wait_until("the first is told", |s| {
        s["message"].as_str().unwrap_or("").contains("Good luck")
    });
    assert_eq!(app.action_enabled("print-file-puzzles"), Some(true));
    app.action("print-file-puzzles", None);
    let dialog = wait_for_titled("Print Puzzles from File");
    let labels = app.wait_for_labels("the dialog", |labels| {
        labels.iter().any(|l| l.contains("holds 4 puzzles"))
    });
    let told = "puzzle.txt holds 4 puzzles. Each is printed with its number in the file, its level and score.";
    assert!(labels.contains(&told.to_string()), "{labels:?}");
    let (tree, _) = app.accessible_tree();
    let controls = tree["controls"].as_array().unwrap();
    assert_controls(
        controls,
        &[
            ("spin button", "From puzzle"),
            ("spin button", "Puzzles"),
            ("combo box", "To a page"),
        ],
    );
    screen_shot(&dialog, "print-file-puzzles.png");
    // From puzzle 2 (the first is on the board), three puzzles; Return prints.
    press_in(&dialog, &["Tab", "ctrl+a", "2", "Tab", "ctrl+a", "3", "Return"]);
    let state = app.wait_until("the booklet", |s| !s["booklet"].is_null());
    let caption = |number: usize, puzzle: &str| {
        let givens = *nonet::engine::format::parse_line(puzzle).unwrap().values();
        let rating = nonet::engine::logic::rate(&givens);
        let level = match rating.level.id() {
            "easy" => "Easy",
            "master" => "Master",
            other => panic!("{puzzle} rates {other}"),
        };
        let id = nonet::print::short_id(&givens);
        format!("{number} · {level} · {:.1} · {id}", rating.score)
    };
    assert_eq!(
        state["booklet"]["captions"],
        serde_json::json!([caption(3, OTHER), caption(4, PUZZLE)])
    );
    assert_eq!(state["booklet"]["per_page"], 6);
    assert_eq!(state["message"], "Puzzle 2 is left out: it has more than one solution.");
    let printing = wait_for_titled("Print");
    press_in(&printing, &["Escape"]);
    wait_until_gone("Print");
    // From the last puzzle on (three, as printed with last): the one there is, and the progress
    // line does not stay.
    app.action("print-file-puzzles", None);
    press_in(
        &wait_for_titled("Print Puzzles from File"),
        &["Tab", "ctrl+a", "4", "Return"],
    );
    let state = app.wait_until("the last alone", |s| {
        s["booklet"]["captions"].as_array().is_some_and(|c| c.len() == 1)
    });
    assert_eq!(state["booklet"]["captions"][0], caption(4, PUZZLE));
    press_in(&wait_for_titled("Print"), &["Escape"]);
    std::thread::sleep(Duration::from_millis(800));
    let state = app.wait_until("the game goes on", |s| s["givens"] == PUZZLE);
    assert_eq!(state["message"], "", "the progress line is gone");
    assert_eq!(state["status"], "Playing", "printing changed nothing on the board");
}

/// Puzzles dragged from another app onto the window, with the pointer, through X's drag and drop
/// (a GTK drag source, tests/dnd/drag_source.py, as a file manager or text editor offers them): a
/// file of several opens at its first puzzle, as Open… opens it; text plays as pasted text does.
#[test]
fn a_puzzle_file_or_text_dropped_on_the_window_is_played() {
    need_display();
    const THIRD: &str = "7.8...3.....2.1...5.........4.....263...8.......1...9..9.6....4....7.5...........";
    let app = App::launch(Some(PUZZLE));
    let state = app.wait_until("the puzzle is told", |s| {
        s["message"].as_str().unwrap_or("").contains("Good luck")
    });
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("collection.txt");
    std::fs::write(&file, format!("{OTHER}\n{PUZZLE}\n")).unwrap();
    let state = drop_until(&app, &state, &["file", file.to_str().unwrap()], |s| {
        s["givens"] == OTHER
    });
    let message = state["message"].as_str().unwrap();
    assert!(
        message.starts_with("Puzzle 1 of 2 in collection.txt rates "),
        "{message}"
    );
    assert_eq!(state["next_in_file_enabled"], true, "a file of several, as opened");
    let state = drop_until(&app, &state, &["text", THIRD], |s| s["givens"] == THIRD);
    let message = state["message"].as_str().unwrap();
    assert!(message.starts_with("The dropped puzzle rates "), "{message}");
}

/// Drags `payload` onto the board (see `drag_onto`) until the app's state passes `test`, and
/// returns that state. A drag under Xvfb now and then comes to nothing (the drag source's window
/// not yet ready for the press, with no window manager to wait for); a player would drag again,
/// and so does this, up to three times, each given ten seconds to show.
fn drop_until(app: &App, state: &Value, payload: &[&str], test: impl Fn(&Value) -> bool) -> Value {
    let what = format!("{payload:?} dropped");
    app.act_until(&what, Duration::from_secs(10), || drag_onto(state, payload), test)
}

/// Drags `payload` (`["file", path]` or `["text", text]`) from the window of another app onto
/// the middle of the board, as a player does with the mouse.
fn drag_onto(state: &Value, payload: &[&str]) {
    let mut source = Command::new("/usr/bin/python3")
        .arg(concat!(env!("CARGO_MANIFEST_DIR"), "/tests/dnd/drag_source.py"))
        .args(payload)
        .spawn()
        .expect("python3-gi is installed (scripts/setup.sh)");
    let window = wait_for_titled("Drag source");
    // Beside the app's window, at the screen's top left (no window manager).
    xdotool(&["windowmove", "--sync", &window, "900", "100"]);
    let [x, y, width, height] = window_geometry(&window);
    let (to_x, to_y) = cell_centre(state, 40);
    xdotool(&["mousemove", &(x + width / 2).to_string(), &(y + height / 2).to_string()]);
    std::thread::sleep(Duration::from_millis(200));
    xdotool(&["mousedown", "1"]);
    // In steps, as a hand moves: a drag starts once the pointer has left its threshold.
    for step in 1..=10 {
        let along = |from: i64, to: usize| from + (to as i64 - from) * step / 10;
        let (at_x, at_y) = (along(x + width / 2, to_x), along(y + height / 2, to_y));
        xdotool(&["mousemove", &at_x.to_string(), &at_y.to_string()]);
        std::thread::sleep(Duration::from_millis(80));
    }
    std::thread::sleep(Duration::from_millis(300));
    xdotool(&["mouseup", "1"]);
    std::thread::sleep(Duration::from_millis(500));
    let _ = source.kill();
    let _ = source.wait();
}

/// A puzzle of a file of several, solved, offers the file's next puzzle first, also when it was
/// left for another and resumed from the history; the file opened again goes on past it, and
/// starts from its first puzzle again, with a toast saying so, once its last one is solved.
#[test]
fn a_file_puzzle_solved_offers_the_next() {
    need_display();
    let app = App::launch(Some(&format!("{PUZZLE}\n{OTHER}\n")));
    let state = app.wait_until("the first is told", |s| {
        s["message"].as_str().unwrap_or("").contains("Good luck")
    });
    let solution = solution_of(PUZZLE);
    let empty: Vec<usize> = (0..81).filter(|&c| at(&state, "values", c) == '.').collect();
    app.select(empty[0]);
    app.keys(&[&solution[empty[0]..empty[0] + 1]]);
    app.wait_until("a digit placed", |s| at(s, "values", empty[0]) != '.');
    let one = app._dir.path().join("one.txt");
    std::fs::write(&one, format!("{OTHER}\n")).unwrap();
    app.open_from_outside(&one);
    app.wait_until("another file's puzzle", |s| s["givens"] == OTHER);
    app.action("puzzle-in-file", Some("int64 1"));
    let state = app.wait_until("the first resumed", |s| {
        s["givens"] == PUZZLE && s["message"].as_str().unwrap_or("").starts_with("Welcome back")
    });
    app.fill_in((0..81).filter(|&c| at(&state, "values", c) == '.'), &solution);
    app.wait_until("solved", |s| s["status"] == "Solved");
    let dialog = wait_for_titled("Well done!");
    let labels = app.wait_for_labels("the offer", |labels| {
        labels.iter().any(|l| l == "Next Puzzle from File")
    });
    assert!(labels.iter().any(|l| l == "New Puzzle"), "{labels:?}");
    press_in(&dialog, &["Return"]);
    let state = app.wait_until("the file's second puzzle", |s| s["givens"] == OTHER);
    let message = state["message"].as_str().unwrap();
    assert!(message.starts_with("Puzzle 2 of 2 in puzzle.txt rates "), "{message}");
    // The first played again and solved, the dialog closed: opened again, the file goes on to
    // the second, as a book opens past the page finished.
    app.action("puzzle-in-file", Some("int64 1"));
    let state = app.wait_until("the first anew", |s| s["givens"] == PUZZLE && s["values"] == PUZZLE);
    app.fill_in((0..81).filter(|&c| at(&state, "values", c) == '.'), &solution);
    app.wait_until("solved again", |s| s["status"] == "Solved");
    press_in(&wait_for_titled("Well done!"), &["Escape"]);
    wait_until_gone("Well done!");
    app.open_from_outside(&app._dir.path().join("puzzle.txt"));
    let state = app.wait_until("the second, where the file was left", |s| s["givens"] == OTHER);
    // Its last puzzle solved as well, the file opens at its first again, and a toast says why.
    let other = solution_of(OTHER);
    app.fill_in((0..81).filter(|&c| at(&state, "values", c) == '.'), &other);
    app.wait_until("the last solved", |s| s["status"] == "Solved");
    let labels = app.wait_for_labels("no offer of a next", |labels| labels.iter().any(|l| l == "New Puzzle"));
    assert!(!labels.iter().any(|l| l == "Next Puzzle from File"), "{labels:?}");
    press_in(&wait_for_titled("Well done!"), &["Escape"]);
    wait_until_gone("Well done!");
    app.open_from_outside(&app._dir.path().join("puzzle.txt"));
    app.wait_until("the first again", |s| s["givens"] == PUZZLE && s["values"] == PUZZLE);
    app.wait_for_labels("the toast", |labels| {
        labels
            .iter()
            .any(|l| l == "You came to the end of puzzle.txt: it starts again from the first puzzle.")
    });
    // History names the file and the number of each.
    app.action("history", None);
    let labels = app.wait_for_labels("the history", |labels| {
        labels.iter().any(|l| l == "Easy · puzzle.txt, puzzle 1 · Solved")
    });
    assert!(
        labels.iter().any(|l| l.starts_with("Master · puzzle.txt, puzzle 2 · ")),
        "{labels:?}"
    );
}

/// A position with pencil marks (as a forum's pencil-mark grid or `nonet-cli` gives one) is played
/// as it is: its digits beyond the givens and its marks go on the board in one move, where Undo
/// stops as Reset does, with no mistake counted; and the hint is the position's own
/// step (a Skyscraper whose two targets take a plural verb), not the givens' first single, its
/// explanation opened whole under the board when the two-line message is clicked, the board
/// giving it room (it opened in a popover over the board before, hiding the pattern it explains).
#[test]
fn a_position_with_pencil_marks_is_played_as_it_is() {
    need_display();
    let (app, read, state) = launch_position("skyscraper-position.json");
    let message = state["message"].as_str().unwrap();
    assert!(
        message.contains("The pencil marks it came with are on the board."),
        "{message}"
    );
    for cell in 0..81 {
        if at(&state, "values", cell) == '.' {
            assert_eq!(
                state["marks"][cell],
                read["candidates"][cell],
                "r{}c{}",
                cell / 9 + 1,
                cell % 9 + 1
            );
        }
    }
    assert_eq!(state["mistakes"], 0);
    // The player begins there: Undo has nothing to take back (and a call from outside changes
    // nothing), as Reset goes back to the position and not past it.
    assert_eq!(state["can_undo"], false, "Undo is offered at the start");
    app.action("fill-candidates", None);
    app.wait_until("the rules' candidates filled in", |s| {
        s["marks"] != state["marks"] && s["can_undo"] == true
    });
    app.action("undo", None);
    app.wait_until("undone to the position", |s| {
        s["values"] == read["values"] && s["marks"] == state["marks"] && s["can_undo"] == false
    });
    app.action("undo", None);
    std::thread::sleep(Duration::from_millis(300));
    let still = app.wait_until("a state", |_| true);
    assert!(
        still["values"] == read["values"] && still["marks"] == state["marks"],
        "Undo went back past the position: {still}"
    );
    app.action("redo", None);
    app.wait_until("the rules' candidates again", |s| s["marks"] != state["marks"]);
    app.action("reset", None);
    let reset = app.wait_until("reset to the position, and said so", |s| {
        s["values"] == read["values"] && s["marks"] == state["marks"] && s["message"] != ""
    });
    let message = reset["message"].as_str().unwrap();
    assert!(message.contains("back to the position it came with"), "{message}");
    let state = app.hint_to_pattern();
    let message = state["message"].as_str().unwrap();
    assert!(
        message.starts_with("Skyscraper on 4") && message.contains("r5c9 and r6c6 see both"),
        "{message}"
    );
    app.shot("position-taken.png");
    // Two lines cut the explanation short: its tooltip holds it whole, and a click on the line
    // shows it whole.
    assert_eq!(state["message_whole"], Value::Null);
    assert_eq!(state["message_cut"], true);
    let tooltip = state["message_tooltip_text"].as_str().unwrap_or_default();
    assert_eq!(
        tooltip.split_whitespace().collect::<Vec<_>>(),
        message.split_whitespace().collect::<Vec<_>>(),
        "{tooltip}"
    );
    let board_bottom = |s: &Value| s["board"][1].as_f64().unwrap() + 9.0 * s["board"][2].as_f64().unwrap();
    let cell = state["board"][2].as_f64().unwrap();
    let line = &state["message_at"];
    let (x, y) = (line[0].as_f64().unwrap() as usize, line[1].as_f64().unwrap() as usize);
    let opened = app.click_until(x, y, "1", "the whole message", |s| {
        s["message_whole"].is_string() && s["message_cut"] == false
    });
    assert_eq!(opened["message_whole"], opened["message"]);
    // Under the board (which gives it room where the window has none to spare), none of it
    // hidden: the text reads beside the pattern.
    assert!(
        opened["message_box"][0].as_f64().unwrap() >= board_bottom(&opened) - 1.0,
        "the message over the board: {} {}",
        opened["message_box"],
        opened["board"]
    );
    // The pointer over the cut line said it opens; the tooltip keeps out of the text's way.
    assert_eq!(opened["message_cursor"], "pointer");
    assert_eq!(opened["message_tooltip"], false);
    app.shot("message-whole.png");
    // A second click closes it, and the board has its size back (if it gave any).
    let line = &opened["message_at"];
    let (x, y) = (line[0].as_f64().unwrap() as usize, line[1].as_f64().unwrap() as usize);
    let closed = app.click_until(x, y, "1", "the message closed", |s| s["message_whole"].is_null());
    assert_eq!(closed["board"][2].as_f64().unwrap(), cell);
    // Without a pointer: Ctrl+M opens it, Escape closes it (not the hint), Ctrl+M again.
    app.keys(&["ctrl+m"]);
    app.wait_until("the whole message from the keyboard", |s| {
        s["message_whole"].is_string()
    });
    app.keys(&["Escape"]);
    app.wait_until("the message closed, the tooltip back", |s| {
        s["message_whole"].is_null() && s["message_tooltip"] == true
    });
    app.keys(&["ctrl+m"]);
    let state = app.wait_until("the whole message from the keyboard", |s| {
        s["message_whole"].is_string()
    });
    assert_eq!(state["message_whole"], state["message"]);
    assert_eq!(state["hint_stage"], 2, "Escape closed the message, not the hint");
    app.shot("message-whole-keyboard.png");
    // The next message closes it.
    app.action("hint", None);
    app.wait_until("the hint applied, its message closed", |s| {
        s["hint_stage"].is_null() && s["message_whole"].is_null()
    });
}

/// A puzzle file given at start that takes longer to read and check than the history takes to
/// open (60 MiB of comments before its puzzle): the history waits for it, so the file's game is
/// the one on the board and the only one recorded (it once started a generated game first, left
/// in the history as abandoned, or dropped the file's game for it). A refused file of that size
/// leaves the unfinished game to be resumed, and nothing else is recorded.
#[test]
fn a_slow_puzzle_file_given_at_start_is_the_only_game_started() {
    need_display();
    let comments = "# a comment line to read past, of a hundred characters or so, as a long collection might have\n"
        .repeat(60 * 1024 * 1024 / 96);
    // The file's puzzle after the comments, and an empty history.
    let home = tempfile::tempdir().unwrap();
    let db = home.path().join("nonet.db");
    let app = App::launch_with(Some(&format!("{comments}{PUZZLE}\n")), &[("NONET_DB", db.as_path())]);
    let state = app.wait_until("the history is open", |s| s["history"] == "on");
    assert_eq!(state["givens"], PUZZLE);
    assert_eq!(state["refusal"], "");
    // (The recorder commits off the main thread: the file's game is waited for, then the app
    // is gone before the list is read.)
    wait_for_history(&db, "the file's game recorded", |list| {
        list.iter().any(|g| g["puzzle"] == PUZZLE)
    });
    drop(app);
    let games = history_list(&db);
    assert_eq!(games.len(), 1, "only the file's game is recorded: {games:?}");
    assert_eq!(games[0]["puzzle"], PUZZLE);
    assert_eq!(games[0]["source"], "opened");

    // No puzzle in the file: refused, and the game left unfinished above comes back.
    let app = App::launch_with(Some(&comments), &[("NONET_DB", db.as_path())]);
    let state = app.wait_until("the unfinished game is resumed", |s| {
        s["history"] == "on" && s["givens"] == PUZZLE
    });
    assert!(
        state["refusal"].as_str().unwrap().contains("puzzle.txt"),
        "the file is refused by name: {}",
        state["refusal"]
    );
    drop(app);
    assert_eq!(history_list(&db).len(), 1, "nothing else is recorded");
}

/// Open… (Ctrl+O) shows the file chooser (GTK's own, with no portal here: a native dialog that
/// nothing held closed at once before it could be seen) and plays the puzzle file chosen.
#[test]
fn a_puzzle_file_is_opened_through_the_file_chooser() {
    need_display();
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("chosen.txt");
    std::fs::write(&file, format!("{OTHER}\n")).unwrap();
    let app = App::launch(Some(PUZZLE));
    app.wait_until("the first puzzle", |s| s["givens"] == PUZZLE);
    app.action("open", None);
    choose_path("Open Puzzle", "ctrl+l", &file);
    app.wait_until("the chosen puzzle played", |s| s["givens"] == OTHER);
}

/// Save Position As… (Ctrl+S) writes the position to the file chosen: JSON, which Nonet opens as
/// it was (a wrong digit and pencil marks too), or, for another name, the pencil-mark grid.
#[test]
fn the_position_is_saved_to_a_file_and_opens_as_it_was() {
    need_display();
    let dir = tempfile::tempdir().unwrap();
    let (json, grid) = (dir.path().join("mine.json"), dir.path().join("mine.txt"));
    let app = App::launch(Some(PUZZLE));
    app.wait_until("the puzzle", |s| s["givens"] == PUZZLE);
    // r1c3 right (4), r1c4 wrong (1; 6 in the solution), marks 2 and 8 in r1c7.
    app.select(2);
    app.keys(&["4", "Right", "1"]);
    app.select(6);
    app.keys(&["ctrl+2", "ctrl+8"]);
    let played = app.wait_until("the moves", |s| at(s, "values", 3) == '1' && s["marks"][6] == "28");
    app.keys(&["ctrl+s"]);
    choose_path("Save Position", "ctrl+a", &json);
    app.wait_until("saved", |s| s["message"] == "The position is saved to mine.json.");
    let saved = nonet::engine::format::parse(&std::fs::read_to_string(&json).unwrap()).unwrap();
    assert_eq!(nonet::engine::grid::digits_to_line(&saved.givens()), PUZZLE);
    assert_eq!(saved.to_line(), played["values"].as_str().unwrap());
    assert_eq!(saved.candidates(6).to_string(), "28");
    app.action("save-position", None);
    choose_path("Save Position", "ctrl+a", &grid);
    app.wait_until("saved as a grid", |s| {
        s["message"] == "The position is saved to mine.txt, as a pencil-mark grid."
    });
    let text = std::fs::read_to_string(&grid).unwrap();
    assert_eq!(
        nonet::engine::format::detect(&text),
        nonet::engine::format::Format::PencilMarks
    );
    drop(app);
    // Opened elsewhere, the JSON gives the board back as it was.
    let again = App::launch(Some(&std::fs::read_to_string(&json).unwrap()));
    let opened = again.wait_until("the saved position", |s| {
        s["givens"] == PUZZLE && s["values"] == played["values"]
    });
    assert_eq!(opened["marks"][6], "28");
}

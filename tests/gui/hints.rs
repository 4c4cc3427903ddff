//! Hints and the explaining solver in the app: hint stages and their drawings, the Solution Path,
//! All Steps, and practising a technique.

use super::*;

fn is_green([r, g, b]: [i32; 3]) -> bool {
    g > r + 40 && g > b + 20
}

fn is_purple([r, g, b]: [i32; 3]) -> bool {
    r > g + 40 && b > g + 40
}

fn is_brown([r, g, b]: [i32; 3]) -> bool {
    r > g + 20 && g > b + 20 && g < b + 50 && r < 200
}

fn is_amber([r, g, b]: [i32; 3]) -> bool {
    r > g + 15 && g > b + 50
}

/// A hint's pattern shows its parts apart, each pencil mark in its colour at the second stage
/// (read from the screenshot: its colour the most of those named), the mark that goes red:
/// - Simple Colors on 3 at a magictour position (`tests/data/simple-colors-position.json`): one
///   colour green, the other blue (both were green before);
/// - Multi-Colors on 3 at another (`multi-colors-position.json`): the first chain's colours
///   green and blue, the second's purple and brown (the two chains had the same two before);
/// - ALS-XY-Wing at another (`als-xy-wing-position.json`): set A green, set B purple, the
///   linking digits amber (all were green before);
/// - the next ALS-XY-Wing of that puzzle (`als-xy-wing-pivot-position.json`), whose pivot holds
///   a digit besides its links: that digit blue, apart from A's green (it was green too).
#[test]
fn a_hint_shows_the_parts_of_its_pattern_apart() {
    need_display();
    type Colour = fn([i32; 3]) -> bool;
    // Pencil marks ("r1c3:3", the mark 3 of r1c3), their colour and its name.
    type Coloured<'a> = &'a [(&'a [&'a str], Colour, &'a str)];
    let cases: [(&str, &str, Coloured); 4] = [
        (
            "simple-colors-position.json",
            "Simple Colors on 3: colouring its strong links alternately, one of the colours r1c3, r3c4, r5c2 / r1c5, r3c1, r5c3, r7c4 holds 3; r7c2",
            &[
                (&["r1c3:3", "r3c4:3", "r5c2:3"], is_green, "green"),
                (&["r1c5:3", "r3c1:3", "r5c3:3", "r7c4:3"], is_blue, "blue"),
                (&["r7c2:3"], is_red, "red"),
            ],
        ),
        (
            "multi-colors-position.json",
            "Multi-Colors on 3: the colour r5c8, r8c2 sees the colour r6c7, so the colour r3c2, r8c8, r9c1 or the colour r6c5 holds 3; r3c5",
            &[
                (&["r3c2:3", "r8c8:3", "r9c1:3"], is_green, "green"),
                (&["r5c8:3", "r8c2:3"], is_blue, "blue"),
                (&["r6c5:3"], is_purple, "purple"),
                (&["r6c7:3"], is_brown, "brown"),
                (&["r3c5:3"], is_red, "red"),
            ],
        ),
        (
            "als-xy-wing-position.json",
            "ALS-XY-Wing: the pivot {r1c7} (2, 5 in row 1) is linked to A = {r2c1, r2c3, r2c5, r2c8} (1, 2, 3, 5, 7 in row 2) by 5 and to B = {r4c7, r4c9, r5c9, r6c7, r6c9}",
            &[
                (&["r2c1:1", "r2c3:2", "r2c5:7", "r2c8:3"], is_green, "green"),
                (&["r4c9:7", "r5c9:3", "r6c7:4", "r6c9:8"], is_purple, "purple"),
                (&["r1c7:2", "r1c7:5", "r2c8:5", "r4c7:2"], is_amber, "amber"),
                (&["r2c9:7"], is_red, "red"),
            ],
        ),
        (
            "als-xy-wing-pivot-position.json",
            "ALS-XY-Wing: the pivot {r4c4, r8c4} (3, 7, 8 in column 4) is linked to A = {r1c2, r1c4, r1c7, r1c8, r1c9} (2, 5, 6, 7, 8, 9 in row 1) by 8 and to B = {r4c7} (2, 3 in row 4) by 3",
            &[
                (&["r1c2:5", "r1c4:7", "r1c8:6", "r1c9:9"], is_green, "green"),
                (&["r4c7:2"], is_purple, "purple"),
                (&["r4c4:7", "r8c4:7"], is_blue, "blue"),
                (&["r4c4:3", "r4c4:8", "r8c4:8", "r1c4:8", "r4c7:3"], is_amber, "amber"),
                (&["r3c7:2"], is_red, "red"),
            ],
        ),
    ];
    for (file, said, colours) in cases {
        let (app, _, _) = launch_position(file);
        let state = app.hint_to_pattern();
        let message = state["message"].as_str().unwrap();
        assert!(message.starts_with(said), "{message}");
        let rows = rgb_rows(&app.shot(&file.replace("-position.json", ".png")));
        for &(marks, colour, name) in colours {
            for &mark in marks {
                let b = mark.as_bytes();
                let cell = (b[1] - b'1') as usize * 9 + (b[3] - b'1') as usize;
                let pixels = |c: Colour| mark_pixels(&rows, &state, cell, (b[5] - b'0') as usize, c);
                let counts: Vec<(&str, usize)> = colours.iter().map(|o| (o.2, pixels(o.1))).collect();
                let most = counts.iter().max_by_key(|c| c.1).unwrap();
                assert!(
                    pixels(colour) > 5 && most.0 == name,
                    "{file}: {mark} is {name} ({counts:?})"
                );
            }
        }
    }
}

/// A chain hint's second stage draws its links as arrows (strong solid, weak dashed) over the
/// pencil marks: HoDoKu's X-Chain example, played by hints from its givens (twelve singles, then
/// the chain), in light and dark style. These are the pictures of the README and the AppStream
/// metainfo, and the light one the user help's (`scripts/screenshots.sh` copies them).
#[test]
fn a_chain_hint_draws_its_links_in_light_and_dark() {
    need_display();
    for (scheme, name) in [("light", "game.png"), ("dark", "game-dark.png")] {
        let state = chain_hint_shot("en", scheme, "chain", name);
        let message = state["message"].as_str().unwrap();
        assert!(message.contains("=>"), "the chain is written out: {message}");
        // Drawn as arrows: five links, strong and weak alternating (looked at in the shots).
        let links = state["hint_links"].as_array().unwrap();
        assert_eq!(links.len(), 5, "{links:?}");
        let strong: Vec<bool> = links.iter().map(|l| l[2].as_bool().unwrap()).collect();
        assert_eq!(strong, [true, false, true, false, true]);
    }
}

/// A forcing net's hint draws the whole net at its second stage, as HoDoKu shows one: the first
/// forcing step of magictour's first puzzle (`tests/data/forcing-net-position.json`, saved by
/// `nonet-cli path` just before it), whose contradiction is a row with no place for 5, which no
/// single chain reaches. Every implication the explanation lists has its arrow: solid into what
/// becomes true, dashed into what goes (looked at in the shot).
#[test]
fn a_forcing_net_hint_draws_the_whole_net() {
    need_display();
    let (app, _, _) = launch_position("forcing-net-position.json");
    let state = app.hint_to_pattern();
    let message = state["message"].as_str().unwrap();
    assert!(
        message.starts_with("Forcing Net Contradiction: if r4c9 is 3")
            && message.contains("row 2 has no place left for 5"),
        "{message}"
    );
    // Each implication is written `r4c2<>3 (r4c9=3)` or `r3c7=3 (last place in column 7)`, and
    // each has at least one arrow into it; the five places of 5 in row 2 each have one too.
    let implications = message.matches(" (").count();
    let links = state["hint_links"].as_array().unwrap();
    let ends: std::collections::HashSet<(u64, u64)> = links
        .iter()
        .map(|l| (l[1].as_u64().unwrap(), l[4].as_u64().unwrap()))
        .collect();
    assert!(
        ends.len() >= implications,
        "{} ends for {implications} implications: {links:?}",
        ends.len()
    );
    let strong = links.iter().filter(|l| l[2] == true).count();
    assert!(
        strong > 0 && strong < links.len(),
        "solid and dashed arrows both: {links:?}"
    );
    app.shot("forcing-net.png");
}

#[test]
fn a_hint_names_the_technique_then_shows_then_applies_it() {
    need_display();
    let app = App::launch(Some(PUZZLE));
    app.action("hint", None);
    let state = app.wait_until("stage 1", |s| s["hint_stage"] == 1);
    assert_eq!(state["hints_used"], 1);
    assert!(!state["message"].as_str().unwrap().is_empty());
    let stage1 = state["message"].as_str().unwrap().to_string();
    app.keys(&["ctrl+h"]);
    let state = app.wait_until("stage 2", |s| s["hint_stage"] == 2);
    app.shot("hint-pattern.png");
    // Stage 2 adds the proof (issue 15, point 7): the placed digits that rule out the other
    // cells, ringed on the board and named in the message.
    let stage2 = state["message"].as_str().unwrap();
    assert_ne!(stage2, stage1);
    assert!(stage2.contains("rule out"), "{stage2}");
    let proof: Vec<usize> = state["hint_proof"]
        .as_array()
        .unwrap()
        .iter()
        .map(|c| c.as_u64().unwrap() as usize)
        .collect();
    assert!(!proof.is_empty(), "no proof shown");
    let before = state["values"].as_str().unwrap().to_string();
    app.action("hint", None);
    let state = app.wait_until("applied", |s| s["hint_stage"].is_null());
    let after = state["values"].as_str().unwrap();
    let solution = solution_of(PUZZLE);
    // The step placed a digit (this puzzle opens with singles) and it is the solution's.
    let placed: Vec<usize> = (0..81)
        .filter(|&c| before.as_bytes()[c] != after.as_bytes()[c])
        .collect();
    assert_eq!(placed.len(), 1, "{before}\n{after}");
    assert_eq!(after.as_bytes()[placed[0]], solution.as_bytes()[placed[0]]);
    assert_eq!(state["hints_used"], 1, "one hint, three presses");
    // Each proof cell holds the digit placed, and is named in the message.
    for &cell in &proof {
        assert_eq!(
            before.as_bytes()[cell],
            after.as_bytes()[placed[0]],
            "proof cell {cell}"
        );
        assert!(
            stage2.contains(&format!("r{}c{}", cell / 9 + 1, cell % 9 + 1)),
            "{stage2}"
        );
    }

    // A wrong entry is pointed at first.
    app.select(2);
    app.keys(&["9"]);
    app.wait_until("9 entered", |s| at(s, "values", 2) == '9');
    app.action("hint", None);
    // Hints are found off the main thread: wait for the answer, not just the count.
    let state = app.wait_until("the wrong entry is named", |s| {
        s["hints_used"] == 2 && s["message"].as_str().is_some_and(|m| m != "Looking for a hint…")
    });
    assert!(
        state["message"].as_str().unwrap().contains("r1c3"),
        "{}",
        state["message"]
    );
}

/// Uniqueness in Hints (Preferences): on, as by default, a hint where a unique rectangle is the
/// easiest step (a practice's position, opened as a file) teaches the rectangle; off, another
/// technique, one that does not rest on the puzzle having one solution, and still right.
#[test]
fn hints_without_uniqueness_teach_another_way() {
    use nonet::engine::format::{write, Format};
    use nonet::engine::logic::Technique;
    need_display();
    let found = nonet::engine::practice::practise(
        Technique::UniqueRectangle1,
        315,
        &std::sync::atomic::AtomicBool::new(false),
        &mut |_| {},
    )
    .unwrap();
    let file = write(&found.position, Format::Json);
    for (setting, rectangle) in [("true", true), ("false", false)] {
        let (app, _config) = launch_with_settings(&file, &format!("hint-uniqueness={setting}"));
        app.wait_until("the position", |s| {
            s["values"].as_str() == Some(nonet::engine::grid::digits_to_line(found.position.values()).as_str())
        });
        app.action("hint", None);
        let state = app.wait_until("a hint", |s| s["hint_stage"] == 1);
        let id = state["hint_technique"].as_str().unwrap();
        let technique: Technique = id.parse().unwrap();
        assert_eq!(
            technique.rests_on_uniqueness(),
            rectangle,
            "{id} with hint-uniqueness={setting}"
        );
        if rectangle {
            assert_eq!(technique, Technique::UniqueRectangle1);
            continue;
        }
        // Applied, it agrees with the solution: every digit is the solution's, and every empty
        // cell keeps its solution digit among its marks; and it changed the board.
        let before = state["marks"].clone();
        app.keys(&["ctrl+h"]);
        app.wait_until("stage 2", |s| s["hint_stage"] == 2);
        app.action("hint", None);
        let state = app.wait_until("applied", |s| s["hint_stage"].is_null());
        assert_ne!(state["marks"], before, "the step changed no mark");
        let values = state["values"].as_str().unwrap().as_bytes();
        let solution = found.solution;
        for cell in 0..81 {
            let name = format!("r{}c{}", cell / 9 + 1, cell % 9 + 1);
            match values[cell] {
                b'.' => {
                    let marks = state["marks"][cell].as_str().unwrap();
                    assert!(marks.contains(char::from(b'0' + solution[cell])), "{name}: {marks}");
                }
                digit => assert_eq!(digit - b'0', solution[cell], "{name}"),
            }
        }
        // The switch that turned it off is in Preferences, with the hint allowance.
        app.action("preferences", None);
        app.wait_for_labels("the switch", |labels| labels.iter().any(|l| l == "Uniqueness in Hints"));
    }
}

/// Says yes to Solve's question (Return takes the default answer, Solve).
/// The Solution Path lists the puzzle's logical path from its givens, as `nonet-cli path` gives
/// it, the hardest step as `nonet-cli rate` names it, and beside the list shows the board before
/// the selected step (the arrows, Home and End move through them); Ctrl+C copies the steps as
/// `nonet-cli path --explain` writes them. During play it asks first:
/// Cancel leaves the game unhelped, Show counts it as helped. Escape closes the window.
#[test]
fn the_solution_path_lists_every_step_and_counts_as_help() {
    need_display();
    let _clipboard = hold_clipboard();
    let app = App::launch(Some(PUZZLE));
    let path = cli_on_puzzle("path");
    let path: Vec<&str> = path.lines().collect();
    let steps = path.len();
    let hardest = cli_on_puzzle("rate").split_whitespace().nth(2).unwrap().to_string();
    let solution = cli_on_puzzle("solve").trim().to_string();
    assert!(steps > 40, "{steps} steps");
    app.action("solution-path", None);
    let dialog = wait_for_titled("Show the Solution Path\\?");
    xdotool(&["windowfocus", "--sync", &dialog]);
    xdotool(&["key", "Escape"]);
    std::thread::sleep(Duration::from_millis(500));
    let state = app.wait_until("a state", |_| true);
    assert_eq!(state["helped"], false);
    assert!(state["solution_path"].is_null());
    app.action("solution-path", None);
    let dialog = wait_for_titled("Show the Solution Path\\?");
    xdotool(&["windowfocus", "--sync", &dialog]);
    xdotool(&["key", "Return"]);
    let state = app.wait_until("the path listed", |s| s["solution_path"]["steps"].is_u64());
    assert_eq!(state["solution_path"]["steps"], steps);
    assert_eq!(state["solution_path"]["hardest"], hardest.as_str());
    assert_eq!(state["helped"], true);
    let window = wait_for_titled("Solution Path");
    // Beside the list, the board before the selected step: at first the first step's, the
    // givens with the candidates the rules leave as pencil marks.
    let technique = |line: &str| line.split(':').next().unwrap().to_string();
    let state = app.wait_until("the first step's board", |s| s["solution_path"]["shown"]["step"] == 1);
    let shown = &state["solution_path"]["shown"];
    assert_eq!(shown["technique"], technique(path[0]).as_str());
    assert_eq!(shown["values"], PUZZLE.replace('.', "0"));
    let givens = PUZZLE.as_bytes();
    for cell in 0..81 {
        let ruled_out = |other: usize| {
            other != cell
                && (other / 9 == cell / 9
                    || other % 9 == cell % 9
                    || (other / 27 == cell / 27 && other % 9 / 3 == cell % 9 / 3))
        };
        let candidates: String = if givens[cell] == b'.' {
            (b'1'..=b'9')
                .filter(|&d| !(0..81).any(|o| ruled_out(o) && givens[o] == d))
                .map(char::from)
                .collect()
        } else {
            String::new()
        };
        assert_eq!(shown["marks"][cell], candidates.as_str(), "cell {cell}");
    }
    std::thread::sleep(Duration::from_millis(400));
    screenshot(&window, "solution-path.png");
    xdotool(&["windowfocus", "--sync", &window]);
    // Down shows the next step's board: the first step's placement made.
    xdotool(&["key", "Down"]);
    let state = app.wait_until("the second step's board", |s| s["solution_path"]["shown"]["step"] == 2);
    assert_eq!(
        state["solution_path"]["shown"]["technique"],
        technique(path[1]).as_str()
    );
    let placed = |line: &str| -> Vec<(usize, char)> {
        line.split(&[' ', ','][..])
            .filter_map(|part| {
                let (cell, digit) = part.split_once('=')?;
                let (row, col) = cell.strip_prefix('r')?.split_once('c')?;
                let cell = (row.parse::<usize>().ok()? - 1) * 9 + col.parse::<usize>().ok()? - 1;
                Some((cell, digit.chars().next()?))
            })
            .collect()
    };
    let values: Vec<char> = state["solution_path"]["shown"]["values"]
        .as_str()
        .unwrap()
        .chars()
        .collect();
    for (cell, digit) in placed(path[0]) {
        assert_eq!(values[cell], digit, "{}", path[0]);
    }
    // Each row in sight is named for a screen reader as it reads ("Step 1: Full House in row 3:
    // r3c8 = 1"; GTK 4.8's list view names none), its outcome the CLI's first step.
    let outcome = placed(path[0])
        .iter()
        .map(|(cell, digit)| format!("r{}c{} = {digit}", cell / 9 + 1, cell % 9 + 1))
        .collect::<Vec<_>>()
        .join(", ");
    assert!(!outcome.is_empty(), "{}", path[0]);
    let (tree, errors) = app.accessible_tree();
    let items: Vec<&str> = tree["items"]
        .as_array()
        .map(|items| items.iter().filter_map(Value::as_str).collect())
        .unwrap_or_default();
    assert!(
        items
            .iter()
            .any(|name| name.starts_with("Step 1: ") && name.ends_with(&format!(": {outcome}"))),
        "{items:?} {errors}"
    );
    assert!(items.iter().any(|name| name.starts_with("Step 2: ")), "{items:?}");
    // End shows the last step's board: the solution but for what the last step places.
    xdotool(&["key", "End"]);
    let state = app.wait_until("the last step's board", |s| {
        s["solution_path"]["shown"]["step"] == steps
    });
    let shown = &state["solution_path"]["shown"];
    assert_eq!(shown["technique"], technique(path[steps - 1]).as_str());
    let last = placed(path[steps - 1]);
    assert!(!last.is_empty(), "{}", path[steps - 1]);
    for (cell, (value, answer)) in shown["values"]
        .as_str()
        .unwrap()
        .chars()
        .zip(solution.chars())
        .enumerate()
    {
        let open = last.iter().any(|&(c, _)| c == cell);
        assert_eq!(value, if open { '0' } else { answer }, "cell {cell}");
    }
    // Ctrl+C copies the steps as `nonet-cli path --explain` writes them.
    xdotool(&["key", "ctrl+c"]);
    let explained = cli_on_puzzle("path --explain");
    assert_clipboard_becomes(&explained);
    // Alt+S chooses a technique to list alone (by score, after "all"): the first is the simplest
    // in the path, its steps are listed in the path's order, and Ctrl+C copies only them.
    let simplest = path
        .iter()
        .map(|line| technique(line))
        .min_by(|a, b| score_of(a).total_cmp(&score_of(b)))
        .unwrap();
    let numbers: Vec<usize> = (1..=steps).filter(|&n| technique(path[n - 1]) == simplest).collect();
    assert!(numbers.len() > 1 && numbers.len() < steps, "{numbers:?}");
    choose_in_drop_down(&window, "alt+s", 1);
    let narrowed = app.wait_until("the list narrowed", |s| {
        s["solution_path"]["technique_shown"] == simplest.as_str()
    });
    assert_eq!(narrowed["solution_path"]["rows"], numbers.len());
    // The step shown (the last) stays shown if it is among them; otherwise the first of them.
    let kept = if numbers.contains(&steps) { steps } else { numbers[0] };
    assert_eq!(narrowed["solution_path"]["shown"]["step"], kept);
    xdotool(&["key", "ctrl+c"]);
    let only: String = explained
        .split_inclusive('\n')
        .collect::<Vec<_>>()
        .chunks(2)
        .filter(|step| technique(step[0]) == simplest)
        .flatten()
        .copied()
        .collect();
    assert_clipboard_becomes(&only);
    // Back to every step.
    choose_in_drop_down(&window, "alt+s", 0);
    let all = app.wait_until("every step again", |s| s["solution_path"]["technique_shown"].is_null());
    assert_eq!(all["solution_path"]["rows"], steps);
    // (The drop-down's list may still be open on a busy machine: a first Escape then closes it,
    // as it would for a player, who presses again. CI saw that once.)
    let open = || visible_window("Solution Path").is_some();
    for _ in 0..2 {
        if !open() {
            break;
        }
        xdotool(&["windowfocus", "--sync", &window]);
        xdotool(&["key", "Escape"]);
        poll(Duration::from_secs(3), Duration::from_millis(100), || {
            (!open()).then_some(())
        });
    }
    wait_until_gone("Solution Path");
    app.wait_until("the window gone from the state", |s| s["solution_path"].is_null());
}

/// In the Solution Path the explanation under the board is never cut short: a forcing net's,
/// many lines long, scrolls in its six lines of room, whole (magictour's first puzzle, its first
/// forcing step).
#[test]
fn the_solution_path_shows_a_long_explanation_whole() {
    need_display();
    const MAGICTOUR_FIRST: &str = "4...3.......6..8..........1....5..9..8....6...7.2........1.27..5.3....4.9........";
    let path = cli_on("path --explain", MAGICTOUR_FIRST);
    let steps: Vec<&str> = path.lines().filter(|l| !l.starts_with(' ')).collect();
    let first_net = steps
        .iter()
        .position(|l| l.starts_with("forcing-net"))
        .expect("a forcing net");
    let explained = path
        .lines()
        .filter(|l| l.starts_with(' '))
        .nth(first_net)
        .unwrap()
        .trim();
    let app = App::launch(Some(MAGICTOUR_FIRST));
    app.action("solution-path", None);
    let dialog = wait_for_titled("Show the Solution Path\\?");
    xdotool(&["windowfocus", "--sync", &dialog]);
    xdotool(&["key", "Return"]);
    app.wait_until("the first step's board", |s| s["solution_path"]["shown"]["step"] == 1);
    let window = wait_for_titled("Solution Path");
    xdotool(&["windowfocus", "--sync", &window]);
    let repeat = first_net.to_string();
    xdotool(&["key", "--repeat", &repeat, "--delay", "30", "Down"]);
    // (Its room knows the explanation's length once laid out.)
    let state = app.wait_until("the first net's board, its explanation scrolling", |s| {
        s["solution_path"]["shown"]["step"] == first_net + 1 && s["solution_path"]["explanation"][2] == true
    });
    let shown = &state["solution_path"]["explanation"];
    let text = shown[0].as_str().unwrap();
    assert!(text.ends_with(explained), "{text}\nagainst\n{explained}");
    assert_eq!(shown[1], false, "the explanation is cut short");
    // The technique named in it links to its section of the help.
    assert_eq!(shown[3], "nonet-help:techniques#forcing");
    screenshot(&window, "solution-path-net.png");
}

/// A nested net's hint tells each inner contradiction in a paragraph of its own: on the
/// two-line message they run together (each paragraph would take two lines there, and the
/// board gave up its room to them), opened whole they stand apart. Forum-hardest-1106's 35th
/// puzzle with its first single given: its first step is a nested net.
#[test]
fn a_nested_nets_hint_keeps_to_two_lines_and_opens_in_paragraphs() {
    need_display();
    const NESTED: &str = ".....4.....2.3.....5.7....95.4..2.8..985....63.........8....79....8...6...5.1...8";
    let app = App::launch(Some(NESTED));
    let before = app.wait_until("the board laid out", |s| {
        s["board"][2].as_f64().is_some_and(|c| c > 0.0)
    });
    let state = app.hint_to_pattern();
    let message = state["message"].as_str().unwrap();
    assert!(message.starts_with("Forcing Net Contradiction (nested): "), "{message}");
    assert!(!message.contains('\n'), "paragraphs on the line: {message}");
    assert_eq!(state["board"], before["board"], "the board gave room to the message");
    assert_eq!(state["message_cut"], true);
    app.keys(&["ctrl+m"]);
    let opened = app.wait_until("the whole message", |s| s["message_whole"].is_string());
    let whole = opened["message_whole"].as_str().unwrap();
    let paragraphs: Vec<&str> = whole.lines().collect();
    assert!(paragraphs.len() > 5, "{whole}");
    assert!(
        paragraphs[1..].iter().all(|p| p.starts_with("Inside that branch, ")),
        "{whole}"
    );
    assert_eq!(paragraphs.join(" "), message);
    app.shot("nested-net-message.png");
    app.keys(&["Escape"]);
    let closed = app.wait_until("the message closed", |s| s["message_whole"].is_null());
    assert_eq!(closed["message"], state["message"]);
    assert_eq!(closed["board"], before["board"]);
}

/// All Steps lists every step that applies in the player's position, the simplest first and at
/// most 20 of a technique: as many as `nonet-cli hint --all` finds of each, taken that way. It
/// asks first, as the Solution Path does; beside the list, the board the steps apply to. Apply
/// (Ctrl+Return) applies the selected step to the game and lists the steps after it; the list
/// follows the game played on in the main window. With a wrong digit on the board it lists
/// nothing (its steps could be wrong).
/// All Steps follows the game through moves made faster than it can list them: it ends listing
/// the last position, each step once, whatever the lists started for the positions between
/// (one finished just as the next started was once listed over it, and the list's state then
/// pointed past its steps: found by random play, seed 7).
#[test]
fn all_steps_keeps_up_with_quick_moves() {
    need_display();
    let mut app = App::launch(Some(PUZZLE));
    app.action("all-steps", None);
    let dialog = wait_for_titled("Show All Steps\\?");
    press_in(&dialog, &["Return"]);
    app.wait_until("the steps listed", |s| s["all_steps"]["shown"]["step"] == 1);
    // A digit entered, then taken back and entered again (undo, redo), a few milliseconds apart
    // or more: as long as a listing takes, or longer.
    let empty = PUZZLE.find('.').unwrap();
    app.select(empty);
    app.keys(&[&solution_of(PUZZLE)[empty..=empty]]);
    app.wait_until("the digit entered", |s| s["can_undo"] == true);
    for change in 0..60 {
        app.actions_at_once(&[(["undo", "redo"][change % 2], None)]);
        std::thread::sleep(Duration::from_millis([0, 2, 5, 10, 20, 40][change % 6]));
    }
    app.action("undo", None);
    std::thread::sleep(Duration::from_secs(2));
    let state = app.wait_until("the last position listed", |s| {
        s["all_steps"]["shown"]["step"] == 1 && s["values"].as_str() == Some(PUZZLE)
    });
    let listed = &state["all_steps"];
    assert_eq!(
        listed["shown"]["values"],
        state["values"].as_str().unwrap().replace('.', "0")
    );
    assert_eq!(listed["rows"], listed["steps"], "each step listed once: {listed}");
    assert!(app.running());
}

#[test]
fn all_steps_lists_what_applies_here() {
    need_display();
    let app = App::launch(Some(PUZZLE));
    let output = Command::new(env!("CARGO_BIN_EXE_nonet-cli"))
        .args(["hint", "--all", "--json", PUZZLE])
        .output()
        .unwrap();
    // All Steps lists each outcome of a technique once (the candidates placed and removed),
    // among the first 500 instances it finds, at most 20 outcomes a technique.
    let mut outcomes: std::collections::BTreeMap<String, (usize, std::collections::BTreeSet<String>)> =
        std::collections::BTreeMap::new();
    for line in String::from_utf8(output.stdout).unwrap().lines() {
        let step: Value = serde_json::from_str(line).unwrap();
        let sorted = |list: &Value| {
            let mut items: Vec<String> = list.as_array().into_iter().flatten().map(|v| v.to_string()).collect();
            items.sort();
            items.join(" ")
        };
        let (instances, distinct) = outcomes
            .entry(step["technique"].as_str().unwrap().to_string())
            .or_default();
        *instances += 1;
        if *instances <= 500 {
            distinct.insert(format!(
                "{} / {}",
                sorted(&step["placements"]),
                sorted(&step["eliminations"])
            ));
        }
    }
    let found: std::collections::BTreeMap<String, usize> = outcomes
        .iter()
        .map(|(id, (_, distinct))| (id.clone(), distinct.len()))
        .collect();
    assert!(
        outcomes
            .values()
            .any(|(instances, distinct)| (*instances).min(500) > distinct.len()),
        "some technique finds an outcome in more than one way: {found:?}"
    );
    let listed: usize = found.values().map(|&n| n.min(20)).sum();
    assert!(found.values().any(|&n| n > 20) && listed > 100, "{found:?}");
    // The simplest technique found comes first.
    let first = nonet::engine::logic::Technique::ALL
        .iter()
        .filter(|t| found.contains_key(t.id()))
        .min_by(|a, b| a.score().total_cmp(&b.score()))
        .unwrap();
    app.action("all-steps", None);
    let dialog = wait_for_titled("Show All Steps\\?");
    xdotool(&["windowfocus", "--sync", &dialog]);
    xdotool(&["key", "Return"]);
    let state = app.wait_until("the steps listed", |s| s["all_steps"]["shown"]["step"] == 1);
    assert_eq!(state["all_steps"]["steps"], listed);
    assert_eq!(state["all_steps"]["shown"]["technique"], first.id());
    assert_eq!(state["all_steps"]["shown"]["values"], PUZZLE.replace('.', "0"));
    assert_eq!(state["helped"], true);
    // Every step is shown on the same board.
    let window = wait_for_titled("All Steps");
    xdotool(&["windowfocus", "--sync", &window]);
    xdotool(&["key", "End"]);
    let last = app.wait_until("the last step's board", |s| s["all_steps"]["shown"]["step"] == listed);
    assert_eq!(
        last["all_steps"]["shown"]["values"],
        state["all_steps"]["shown"]["values"]
    );
    assert_eq!(
        last["all_steps"]["shown"]["marks"],
        state["all_steps"]["shown"]["marks"]
    );
    // Ctrl+Return applies the selected step (the first again) to the game, and the steps of the
    // position after it are listed: one digit more, the solution's.
    xdotool(&["key", "Home"]);
    app.wait_until("the first step again", |s| s["all_steps"]["shown"]["step"] == 1);
    xdotool(&["key", "ctrl+Return"]);
    let after = app.wait_until("the step applied and the steps listed again", |s| {
        let game = s["values"].as_str().unwrap_or("").replace('.', "0");
        game != PUZZLE.replace('.', "0") && s["all_steps"]["shown"]["values"] == game.as_str()
    });
    let solution = cli_on_puzzle("solve");
    assert_eq!(solution.trim().len(), 81, "{solution}");
    let placed: Vec<(char, char)> = after["values"]
        .as_str()
        .unwrap()
        .chars()
        .zip(solution.trim().chars())
        .zip(PUZZLE.chars())
        .filter(|((now, _), before)| now != before)
        .map(|((now, answer), _)| (now, answer))
        .collect();
    assert_eq!(placed.len(), 1, "{placed:?}");
    assert_eq!(placed[0].0, placed[0].1);
    // The list follows the game: undone in the main window, the steps of the puzzle as given
    // are listed again.
    app.keys(&["ctrl+z"]);
    let again = app.wait_until("the steps listed again", |s| {
        s["values"] == PUZZLE && s["all_steps"]["shown"]["values"] == PUZZLE.replace('.', "0").as_str()
    });
    assert_eq!(again["all_steps"]["steps"], listed);
    // Narrowed to the second-simplest technique found: as many rows as `hint --all` finds of it
    // (at most 20), the selection on the first of them.
    let mut by_score: Vec<(&String, &usize)> = found.iter().collect();
    // (Ties in the catalogue's order, as the app sorts.)
    let place = |id: &str| nonet::engine::logic::Technique::ALL.iter().position(|t| t.id() == id);
    by_score.sort_by(|a, b| {
        score_of(a.0)
            .total_cmp(&score_of(b.0))
            .then(place(a.0).cmp(&place(b.0)))
    });
    let (second, count) = by_score[1];
    // The choice offers every technique found, by score, each with how many are listed (the
    // first 20 where there are more).
    let offered: Vec<String> = std::iter::once(format!("All techniques ({listed})"))
        .chain(by_score.iter().map(|(id, &n)| {
            let name = nonet::engine::logic::Technique::ALL
                .iter()
                .find(|t| t.id() == id.as_str())
                .unwrap()
                .name();
            // (Cut short too where the window stopped looking, at 500 instances.)
            if n > 20 || outcomes[id.as_str()].0 >= 500 {
                format!("{name} (the first {})", n.min(20))
            } else {
                format!("{name} ({n})")
            }
        }))
        .collect();
    assert_eq!(again["all_steps"]["technique_choices"], serde_json::json!(offered));
    choose_in_drop_down(&window, "alt+s", 2);
    let narrowed = app.wait_until("the list narrowed", |s| {
        s["all_steps"]["technique_shown"] == second.as_str()
    });
    assert_eq!(narrowed["all_steps"]["rows"], (*count).min(20));
    assert_eq!(narrowed["all_steps"]["shown"]["technique"], second.as_str());
    // A screen reader reads the choice's button by what it chooses and the choice.
    let (tree, _) = app.accessible_tree();
    let named = tree["buttons"]
        .as_array()
        .unwrap()
        .iter()
        .any(|b| b["name"] == format!("Technique: {}", offered[2]));
    assert!(
        named,
        "no button read \"Technique: {}\": {}",
        offered[2], tree["buttons"]
    );
    // Applied, the steps after it are listed, still narrowed to that technique (found there
    // too): its rows and the count the choice offers for it agree.
    xdotool(&["windowfocus", "--sync", &window]);
    xdotool(&["key", "ctrl+Return"]);
    let applied = app.wait_until("the step applied, the list still narrowed", |s| {
        s["values"] != PUZZLE
            && s["all_steps"]["shown"]["values"] == s["values"].as_str().unwrap_or("").replace('.', "0").as_str()
    });
    assert_eq!(applied["all_steps"]["technique_shown"], second.as_str(), "{applied}");
    assert_eq!(applied["all_steps"]["shown"]["technique"], second.as_str());
    let rows = applied["all_steps"]["rows"].as_u64().unwrap();
    let name = nonet::engine::logic::Technique::ALL
        .iter()
        .find(|t| t.id() == second.as_str())
        .unwrap()
        .name();
    let choices = applied["all_steps"]["technique_choices"].as_array().unwrap();
    assert!(
        choices
            .iter()
            .any(|c| c == &format!("{name} ({rows})") || (rows == 20 && c == &format!("{name} (the first 20)"))),
        "{rows} rows of {name}, not what the choice offers: {choices:?}"
    );
    app.keys(&["ctrl+z"]);
    app.wait_until("the step undone", |s| s["values"] == PUZZLE);
    xdotool(&["windowfocus", "--sync", &window]);
    xdotool(&["key", "Escape"]);
    wait_until_gone("All Steps");
    app.wait_until("the window gone from the state", |s| s["all_steps"].is_null());
    // A wrong digit in r5c5 (its solution is 5): nothing is listed.
    app.keys(&["4"]);
    app.wait_until("4 is entered", |s| at(s, "values", 40) == '4');
    app.action("all-steps", None);
    let state = app.wait_until("the steps listed", |s| s["all_steps"]["steps"].is_u64());
    assert_eq!(state["all_steps"]["steps"], 0);
    assert!(state["all_steps"]["shown"].is_null());
}

/// The score of a technique, by its id.
fn score_of(id: &str) -> f32 {
    nonet::engine::logic::Technique::ALL
        .iter()
        .find(|t| t.id() == id)
        .unwrap_or_else(|| panic!("no technique {id}"))
        .score()
}

/// Opens the window's drop-down by its mnemonic (`keys`) and chooses its `index`-th item (from
/// the top).
fn choose_in_drop_down(window: &str, keys: &str, index: usize) {
    xdotool(&["windowfocus", "--sync", window]);
    xdotool(&["key", keys]);
    std::thread::sleep(Duration::from_millis(500));
    // Up far enough to reach the top whichever item is selected, then down.
    let mut keys = vec!["key", "--delay", "20"];
    keys.extend(std::iter::repeat_n("Up", 80));
    keys.extend(std::iter::repeat_n("Down", index));
    keys.push("Return");
    xdotool(&keys);
}

/// What `nonet-cli` prints for a command (its words) on the test puzzle, given on standard input
/// ("-").
fn cli_on_puzzle(command: &str) -> String {
    cli_on(command, PUZZLE)
}

/// What `nonet-cli COMMAND` writes for a puzzle given on its input.
fn cli_on(command: &str, puzzle: &str) -> String {
    use std::io::Write;
    let mut child = Command::new(env!("CARGO_BIN_EXE_nonet-cli"))
        .args(command.split(' ').chain(["-"]))
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .unwrap();
    child.stdin.take().unwrap().write_all(puzzle.as_bytes()).unwrap();
    String::from_utf8(child.wait_with_output().unwrap().stdout).unwrap()
}

/// Waits (up to ten seconds) for the clipboard to hold `expected`, and fails if it does not.
fn assert_clipboard_becomes(expected: &str) {
    clipboard_becomes(expected);
    assert_eq!(clipboard_text(), expected);
}

/// The X-Wings of the position a state shows (its digits and pencil marks), as the engine
/// lists them.
fn x_wings_of(state: &Value) -> Vec<nonet::engine::logic::Step> {
    use nonet::engine::grid::{Candidates, Position};
    let digits = |key: &str| -> [u8; 81] {
        let line: Vec<u8> = state[key]
            .as_str()
            .unwrap()
            .bytes()
            .map(|b| b.saturating_sub(b'0') % 10)
            .collect();
        line.try_into().unwrap()
    };
    let marks: Vec<Candidates> = (0..81)
        .map(|cell| {
            let mut set = Candidates::NONE;
            at_marks(state, cell).chars().for_each(|d| set.insert(d as u8 - b'0'));
            set
        })
        .collect();
    let position = Position::from_givens_and_values(&digits("givens"), &digits("values"))
        .with_candidates(&marks.try_into().unwrap());
    let found = nonet::engine::logic::find_all(&position, nonet::engine::logic::Technique::XWing);
    assert!(!found.is_empty(), "no X-Wing in {}", position.to_line());
    found
}

/// The level the engine rates a puzzle: an X-Wing practice is Hard, or Medium where a hidden
/// triple (Medium, but scoring above the X-Wing) is its hardest step.
fn level_of(givens: &str) -> &'static str {
    let puzzle = *nonet::engine::format::parse_line(givens).unwrap().values();
    nonet::engine::logic::rate(&puzzle).level.id()
}

/// The level's name as the header shows it.
fn level_name(givens: &str) -> &'static str {
    match level_of(givens) {
        "medium" => "Medium",
        "hard" => "Hard",
        other => panic!("an X-Wing practice rated {other}"),
    }
}

/// Asserts that the header says a practice of `technique` is under way: "Practice" over the
/// technique and the clock.
fn assert_practice_header(state: &Value, technique: &str) {
    assert_eq!(state["title"], "Practice");
    let subtitle = state["subtitle"].as_str().unwrap();
    assert!(subtitle.starts_with(&format!("{technique} · ")), "{subtitle}");
}

/// Asserts that the message line of a state begins with `start`.
fn assert_said(state: &Value, start: &str) {
    assert!(
        state["message"].as_str().is_some_and(|m| m.starts_with(start)),
        "{}",
        state["message"]
    );
}

/// A cell's pencil marks in a state, as digits.
fn at_marks(state: &Value, cell: usize) -> String {
    state["marks"][cell].as_str().unwrap().to_string()
}

#[test]
fn a_technique_is_practised_from_a_position_where_it_is_next() {
    need_display();
    let app = App::launch(Some(PUZZLE));
    // Ctrl+T opens the chooser, every technique listed by level; typing narrows the list, and
    // Return starts the first technique still listed (X-Wing, before Finned and Sashimi X-Wing).
    app.keys(&["ctrl+t"]);
    let listed = app.wait_for_labels("the chooser", |labels| {
        [
            "Practise a Technique",
            "X-Wing",
            "Death Blossom",
            "Forcing Net Verity",
            "Expert",
        ]
        .iter()
        .all(|l| labels.iter().any(|x| x == l))
    });
    // Each with its family and score; the rare ones say so; the duals and discontinuous loops,
    // never the easiest step, are left out.
    assert!(listed.iter().any(|l| l == "Fish · Score 3.2"), "{listed:?}");
    let rare = listed
        .iter()
        .filter(|l| l.ends_with("rare: finding a position can take many minutes"));
    assert_eq!(rare.count(), 1, "{listed:?}");
    let unseen = listed
        .iter()
        .filter(|l| l.ends_with("very rare: no position found yet in ten minutes of searching"));
    assert_eq!(unseen.count(), 3, "{listed:?}");
    assert!(
        !listed
            .iter()
            .any(|l| l.starts_with("Dual ") || l.contains("Discontinuous")),
        "{listed:?}"
    );
    let chooser = wait_for_titled("Practise a Technique");
    screenshot(&chooser, "practice-chooser.png");
    narrow_to_x_wings(&app, &chooser);
    press_in(&chooser, &["Return"]);
    let state = app.wait_until("the practice", |s| {
        s["message"].as_str().is_some_and(|m| m.starts_with("Practise X-Wing:"))
    });
    app.wait_for_labels("the chooser closed", |labels| {
        !labels.iter().any(|l| l == "Sashimi X-Wing")
    });
    let givens = state["givens"].as_str().unwrap().to_string();
    assert_ne!(givens, PUZZLE);
    let solution = solution_of(&givens);
    // The position: the easier steps' digits, right by the solution, and every empty cell's
    // candidates as its pencil marks, the solution's among them.
    for cell in 0..81 {
        match at(&state, "values", cell) {
            '.' => {
                let marks = state["marks"][cell].as_str().unwrap();
                assert!(
                    marks.contains(solution.as_bytes()[cell] as char),
                    "r{}c{}: {marks}",
                    cell / 9 + 1,
                    cell % 9 + 1
                );
            }
            digit => assert_eq!(digit, solution.as_bytes()[cell] as char),
        }
    }
    assert!((0..81).any(|c| at(&state, "values", c) != '.' && at(&state, "givens", c) == '.'));
    // (The position is where the player begins: Undo stops there.)
    assert_eq!(
        (&state["level"], &state["can_undo"], &state["status"]),
        (
            &Value::from(level_of(&givens)),
            &Value::from(false),
            &Value::from("Playing")
        )
    );
    // The next step there is an X-Wing: the player takes its pencil marks off by hand (an
    // X-Wing of the position, as the engine lists them), and is told at the last one, with an
    // offer of another.
    assert_eq!(state["practising"], "x-wing");
    // The header says what is practised, until it is done (the message line goes with a move).
    assert_practice_header(&state, "X-Wing");
    app.shot("practice.png");
    let x_wing = x_wings_of(&state)[0].clone();
    for (i, e) in x_wing.eliminations.iter().enumerate() {
        app.select(e.cell);
        app.keys(&[&format!("ctrl+{}", e.digit)]);
        let last = i + 1 == x_wing.eliminations.len();
        let now = app.wait_until("the mark off", |s| !at_marks(s, e.cell).contains(&e.digit.to_string()));
        if !last {
            assert_eq!(now["practising"], "x-wing", "{}", x_wing.explanation);
        }
    }
    let found = app.wait_until("the X-Wing found", |s| s["practising"].is_null());
    assert!(
        found["title"] == "Nonet" && found["subtitle"].as_str().unwrap().starts_with(level_name(&givens)),
        "{} {}",
        found["title"],
        found["subtitle"]
    );
    assert_said(&found, "Well found: that is the X-Wing.");
    app.wait_for_labels("the offer", |labels| {
        labels.iter().any(|l| l == "X-Wing done") && labels.iter().any(|l| l == "Practise Another")
    });
    // The next step is found by the hint as ever (asked for, it counts as a hint that taught
    // its technique, whichever the position's next step is).
    app.action("hint", None);
    let hinted = app.wait_until("the hint", |s| s["hint_stage"] == 1);
    assert!(hinted["hint_technique"].is_string(), "{}", hinted["message"]);
    let first_hint = hinted["hint_technique"].as_str().unwrap().to_string();

    // From outside, by its id; starting another game meanwhile gives a long search up.
    app.action("practise-technique", Some("'xy-wing'"));
    let state = app.wait_until("the XY-Wing", |s| {
        s["message"]
            .as_str()
            .is_some_and(|m| m.starts_with("Practise XY-Wing:"))
    });
    assert_ne!(state["givens"], givens.as_str());
    app.action("hint", None);
    let hinted = app.wait_until("its hint", |s| s["hint_stage"] == 1);
    assert_eq!(hinted["hint_technique"], "xy-wing");
    // The hint applied does the step: the offer comes, and the hint's own message stays.
    app.action("hint", None);
    app.wait_until("stage 2", |s| s["hint_stage"] == 2);
    assert_eq!(app.wait_until("a state", |_| true)["practising"], "xy-wing");
    app.action("hint", None);
    let applied = app.wait_until("the step applied", |s| s["practising"].is_null());
    assert_eq!(applied["message"], "Applied: XY-Wing");
    app.wait_for_labels("the offer", |labels| labels.iter().any(|l| l == "XY-Wing done"));
    // The chooser marks the technique practised last, and Return with nothing typed takes it.
    // (And how often each was practised, as the history counts them, and how many hints taught
    // it: the XY-Wing's one, and the hint after the X-Wing, whose technique the X-Wing's
    // position chose.)
    let taught = |id: &str| match (first_hint == id) as u32 + (id == "xy-wing") as u32 {
        0 => String::new(),
        1 => " · taught by 1 hint".to_string(),
        n => format!(" · taught by {n} hints"),
    };
    let x_wing_row = format!("Fish · Score 3.2 · practised 1 time{}", taught("x-wing"));
    let xy_wing_row = format!("Wings · Score 4.2 · practised 1 time{}", taught("xy-wing"));
    app.keys(&["ctrl+t"]);
    // (The rows are filled at once, from the history read: once they are, the counts are read.)
    let listed = app.wait_for_labels("the chooser", |labels| {
        labels.iter().any(|l| l == "Practised last") && labels.iter().any(|l| l == "Death Blossom")
    });
    let counted: Vec<_> = listed.iter().filter(|l| l.contains(" · practised ")).collect();
    assert!(
        counted.contains(&&x_wing_row) && counted.contains(&&xy_wing_row),
        "{counted:?}, the first hint {first_hint}"
    );
    xdotool(&["key", "--clearmodifiers", "Return"]);
    let again = app.wait_until("another XY-Wing", |s| {
        s["practising"] == "xy-wing" && s["givens"] != applied["givens"]
    });
    assert!(again["message"].as_str().unwrap().starts_with("Practise XY-Wing:"));
    app.action("practise-technique", Some("'franken-swordfish'"));
    app.wait_until("the search", |s| {
        s["message"]
            .as_str()
            .is_some_and(|m| m.starts_with("Looking for a position to practise Franken Swordfish"))
    });
    app.action("difficulty", Some("'easy'"));
    app.action("new-game", None);
    let easy = app.wait_until("an easy game", |s| {
        s["level"] == "easy"
            && s["message"]
                .as_str()
                .is_some_and(|m| m.starts_with("A new easy puzzle"))
    });
    std::thread::sleep(Duration::from_millis(1500));
    let later = app.wait_until("a state", |_| true);
    assert_eq!(
        (&later["givens"], &later["message"]),
        (&easy["givens"], &easy["message"])
    );
}

/// The practice chooser's search reads past accents and case, as players type, and knows the
/// families: in French, "chaine" finds Chaîne XY (and the other chains), and the singles go;
/// "poisson" finds the fish.
#[test]
fn the_practice_search_reads_past_accents() {
    need_display();
    let app = launch_speaking("fr");
    app.keys(&["ctrl+t"]);
    app.wait_for_labels("the chooser", |labels| labels.iter().any(|l| l == "Singleton caché"));
    let chooser = wait_for_titled("S’entraîner à une technique");
    press_in(&chooser, &["c", "h", "a", "i", "n", "e"]);
    app.wait_for_labels("the chains listed", |labels| {
        labels.iter().any(|l| l == "Chaîne XY") && !labels.iter().any(|l| l == "Singleton caché")
    });
    // By family too, as each row says it: "poisson" finds the fish (Poissons), whatever their
    // names, and not Turbot Fish, a chain on one digit.
    press_in(&chooser, &["ctrl+a", "p", "o", "i", "s", "s", "o", "n"]);
    app.wait_for_labels("the fish listed", |labels| {
        labels.iter().any(|l| l == "X-Wing à nageoire")
            && labels.iter().any(|l| l == "Jellyfish")
            && !labels.iter().any(|l| l == "Chaîne XY" || l == "Turbot Fish")
    });
}

/// Types "x-w" in the practice chooser's search, and waits until the list holds only the X-Wings
/// (X-Wing, Finned and Sashimi X-Wing, in that order).
fn narrow_to_x_wings(app: &App, chooser: &str) {
    press_in(chooser, &["x", "minus", "w"]);
    app.wait_for_labels("the list narrowed", |labels| {
        labels.iter().any(|l| l == "Sashimi X-Wing") && !labels.iter().any(|l| l == "Death Blossom")
    });
}

/// In the practice chooser, Down goes from the search to the techniques still listed, row by
/// row across levels, and Return there starts the one reached: with "x-w" typed, Down twice is
/// Finned X-Wing (the second listed), and the chooser closes. GTK alone moved the focus to the
/// list's scroller, where Down went no further and Return did nothing.
#[test]
fn in_the_practice_chooser_down_goes_from_the_search_to_the_list() {
    need_display();
    let app = App::launch(Some(PUZZLE));
    app.keys(&["ctrl+t"]);
    app.wait_for_labels("the chooser", |labels| labels.iter().any(|l| l == "Death Blossom"));
    let chooser = wait_for_titled("Practise a Technique");
    narrow_to_x_wings(&app, &chooser);
    press_in(&chooser, &["Down", "Down", "Return"]);
    let state = app.wait_until("the practice", |s| s["practising"].is_string());
    assert_eq!(state["practising"], "finned-x-wing");
    // The chooser closes, as with Return in the search (the row's Return, or a click on it,
    // started the practice behind a chooser left open).
    wait_until_gone("Practise a Technique");
}

/// A practice is kept with its game: after the app is killed it comes back asking for its step
/// (and says so), History names it, a practice done before a restart is not asked again until
/// Reset goes back to its position, and Play Again starts it from its position once more.
#[test]
fn a_practice_survives_a_restart_and_history_names_it() {
    need_display();
    let (_home, db) = own_history();
    let env = [("NONET_DB", db.as_path())];
    let (position, x_wing, practices) = {
        let mut app = App::launch_with(None, &env);
        app.wait_until("a game", |s| s["givens"].is_string());
        // A practice whose X-Wing takes more than one mark off (most do; the search is random).
        // Each practice started is a game of the history, counted as practised.
        let (state, x_wing, practices) = (1..=10)
            .find_map(|practices| {
                let before = app.state().unwrap()["givens"].clone();
                app.action("practise-technique", Some("'x-wing'"));
                let state = app.wait_until("the practice", |s| s["practising"] == "x-wing" && s["givens"] != before);
                let x_wing = x_wings_of(&state).into_iter().find(|x| x.eliminations.len() > 1)?;
                Some((state, x_wing, practices))
            })
            .expect("an X-Wing with two marks to take off in ten practices");
        // One of its marks off, then the app is killed.
        let first = &x_wing.eliminations[0];
        app.select(first.cell);
        app.keys(&[&format!("ctrl+{}", first.digit)]);
        app.wait_until("the mark off", |s| {
            !at_marks(s, first.cell).contains(&first.digit.to_string())
        });
        wait_for_history(&db, "the practice and its moves recorded", |list| {
            list.first()
                .is_some_and(|g| g["practice"] == "x-wing" && g["status"] == "in-progress")
        });
        std::thread::sleep(Duration::from_millis(500));
        app.kill();
        (state, x_wing, practices)
    };
    {
        let mut app = App::launch_with(None, &env);
        let back = app.wait_until("resumed", |s| {
            s["message"]
                .as_str()
                .is_some_and(|m| m.starts_with("Welcome back: your practice of X-Wing"))
        });
        assert_eq!(back["givens"], position["givens"]);
        let back = app.wait_until("the practice asked again", |s| s["practising"] == "x-wing");
        assert_practice_header(&back, "X-Wing");
        // History names it.
        app.keys(&["ctrl+shift+h"]);
        app.wait_for_labels("History's row", |labels| {
            labels
                .iter()
                .any(|l| l.ends_with(" · Practice of X-Wing · In progress"))
        });
        xdotool(&["key", "--clearmodifiers", "Escape"]);
        app.wait_for_labels("History closed", |labels| {
            !labels.iter().any(|l| l.contains("Practice of X-Wing"))
        });
        // The chooser knows from the history what was practised last, and how often.
        app.keys(&["ctrl+t"]);
        let listed = app.wait_for_labels("the chooser", |labels| labels.iter().any(|l| l == "Practised last"));
        let counted = match practices {
            1 => " · practised 1 time".to_string(),
            n => format!(" · practised {n} times"),
        };
        assert_eq!(
            listed.iter().filter(|l| l.ends_with(&counted)).count(),
            1,
            "{practices} practices: {listed:?}"
        );
        press_in(&wait_for_titled("Practise a Technique"), &["Escape"]);
        app.wait_for_labels("the chooser closed", |labels| {
            !labels.iter().any(|l| l == "Practised last")
        });
        // The rest of its marks off: the step is found.
        for e in &x_wing.eliminations[1..] {
            app.select(e.cell);
            app.keys(&[&format!("ctrl+{}", e.digit)]);
            app.wait_until("the mark off", |s| !at_marks(s, e.cell).contains(&e.digit.to_string()));
        }
        let found = app.wait_until("the X-Wing found", |s| s["practising"].is_null());
        assert_said(&found, "Well found: that is the X-Wing.");
        std::thread::sleep(Duration::from_millis(500));
        app.kill();
    }
    // Done before the restart: not asked again.
    let app = App::launch_with(None, &env);
    app.wait_until("resumed again", |s| {
        s["message"]
            .as_str()
            .is_some_and(|m| m.starts_with("Welcome back: your practice of X-Wing"))
    });
    std::thread::sleep(Duration::from_secs(1));
    let state = app.state().unwrap();
    assert!(state["practising"].is_null(), "{state}");
    let givens = state["givens"].as_str().unwrap();
    assert!(
        state["subtitle"].as_str().unwrap().starts_with(level_name(givens)),
        "{}",
        state["subtitle"]
    );
    // Reset: back at the position, the step is asked for again.
    app.action("reset", None);
    let reset = app.wait_until("the practice asked again", |s| s["practising"] == "x-wing");
    assert_said(&reset, "The board is back to the position: find the X-Wing again");
    assert_eq!(
        (&reset["values"], &reset["marks"]),
        (&position["values"], &position["marks"])
    );
    // Undo brings the step done back: done again, without praise for it.
    app.action("undo", None);
    let undone = app.wait_until("the reset undone", |s| s["practising"].is_null());
    assert!(
        !undone["message"].as_str().unwrap_or("").starts_with("Well found"),
        "{}",
        undone["message"]
    );
    app.action("reset", None);
    app.wait_until("asked again", |s| s["practising"] == "x-wing");
    // Play Again: the practice from its position, as a new game of the history.
    let id = history_list(&db)[0]["id"].as_i64().unwrap();
    app.action("play-again", Some(&format!("int64 {id}")));
    let again = app.wait_until("the practice again", |s| {
        s["practising"] == "x-wing" && s["message"].as_str().is_some_and(|m| m.starts_with("Practise X-Wing:"))
    });
    for key in ["givens", "values", "marks"] {
        assert_eq!(again[key], position[key], "{key}");
    }
    wait_for_history(&db, "a new practice game, the last one paused", |list| {
        let paused = list.iter().any(|g| g["id"] == id && g["status"] == "paused");
        paused && list[0]["id"] != id && list[0]["practice"] == "x-wing" && list[0]["status"] == "in-progress"
    });
}

/// A practice solved to the end says so (not "solved with help", which a practice always is)
/// and offers another of its technique first: Return takes it.
#[test]
fn a_practice_solved_offers_another() {
    need_display();
    let app = App::launch(Some(PUZZLE));
    app.action("practise-technique", Some("'x-wing'"));
    let state = app.wait_until("the practice", |s| s["practising"] == "x-wing");
    let givens = state["givens"].as_str().unwrap().to_string();
    let solution = solution_of(&givens);
    app.fill_in((0..81).filter(|&c| at(&state, "values", c) == '.'), &solution);
    let solved = app.wait_until("solved", |s| s["status"] == "Solved");
    assert_said(&solved, "Practice of X-Wing solved in ");
    let dialog = wait_for_titled("Well done!");
    std::thread::sleep(Duration::from_millis(400));
    screen_shot(&app.window, "practice-solved.png");
    press_in(&dialog, &["Return"]);
    app.wait_until("another X-Wing practice", |s| {
        s["practising"] == "x-wing" && s["givens"].as_str() != Some(givens.as_str())
    });
}

/// In the header, a practice's long name gives way to the clock: "Death Bloss… · 0:03", its
/// whole name in the tooltip (the header's one subtitle was cut short whole, "Death Blossom ·
/// 0…", the clock lost).
#[test]
fn a_practices_long_name_gives_way_to_the_clock() {
    need_display();
    let app = App::launch(Some(PUZZLE));
    app.action("practise-technique", Some("'death-blossom'"));
    let state = app.wait_until("the practice, its clock ticking", |s| {
        s["practising"] == "death-blossom" && s["elapsed_ms"].as_u64() > Some(1000)
    });
    assert_practice_header(&state, "Death Blossom");
    assert!(
        state["narrow"].is_null(),
        "the window is narrow: the header has no title"
    );
    assert_eq!(state["title_tooltip"], "Practising Death Blossom");
    let shown = app.wait_until("the header drawn", |s| s["subtitle_shown"][1] == true);
    assert_eq!(
        shown["subtitle_shown"][0], true,
        "the name fits the header: no longer a test of a long one"
    );
    screen_shot(&app.window, "practice-header.png");
    // The level of a game fits whole, its clock beside it.
    app.action("new-game", None);
    let game = app.wait_until("a new game", |s| {
        s["practising"].is_null() && s["elapsed_ms"].as_u64() > Some(1000)
    });
    assert_eq!(game["subtitle_shown"], serde_json::json!([false, true]), "{game}");
}

/// Solution Path and All Steps are one window each: asked for again, the open one comes to the
/// front. They belong to their game: a new game closes them (All Steps judged the new position
/// by the old game's solution, "Some of your digits or pencil marks are not right", and would
/// have shown the new game's steps without asking), and asks again before showing them.
#[test]
fn the_step_lists_are_one_window_each_and_go_with_their_game() {
    need_display();
    let app = App::launch(Some(PUZZLE));
    app.action("all-steps", None);
    press_in(&wait_for_titled("Show All Steps\\?"), &["Return"]);
    app.wait_until("the steps listed", |s| s["all_steps"]["steps"].as_u64() > Some(0));
    // (The game has had help now: no question.)
    app.action("solution-path", None);
    app.wait_until("the path listed", |s| s["solution_path"]["steps"].as_u64() > Some(0));
    app.action("all-steps", None);
    app.action("solution-path", None);
    std::thread::sleep(Duration::from_millis(1500));
    assert_eq!(visible_windows("All Steps").len(), 1, "All Steps asked for twice");
    assert_eq!(
        visible_windows("Solution Path").len(),
        1,
        "Solution Path asked for twice"
    );

    app.action("new-game", None);
    app.wait_until("a new game", |s| s["givens"] != PUZZLE && s["helped"] == false);
    wait_until_gone("All Steps");
    wait_until_gone("Solution Path");
    app.action("all-steps", None);
    press_in(&wait_for_titled("Show All Steps\\?"), &["Return"]);
    let state = app.wait_until("the new game's steps listed", |s| {
        s["all_steps"]["steps"].as_u64() > Some(0)
    });
    assert_eq!(state["helped"], true);
    app.wait_for_labels("no slip claimed", |labels| {
        !labels.iter().any(|l| l.contains("are not right"))
    });
}

/// Asked (from outside: the chooser offers none such) to practise a technique that is never a
/// position's easiest step, or one that does not exist, the app says why on the message line and
/// leaves the game as it is.
#[test]
fn a_technique_that_cannot_be_practised_is_told_so() {
    need_display();
    let app = App::launch(Some(PUZZLE));
    let before = app.wait_until("the puzzle", |s| s["givens"].is_string());
    for (id, says) in [
        (
            "dual-two-string-kite",
            "Dual 2-String Kite can't be practised: it is two steps of a simpler technique",
        ),
        (
            "grouped-discontinuous-nice-loop",
            "Grouped Discontinuous Nice Loop can't be practised: each of its loops holds a simpler chain",
        ),
        (
            "finned-mutant-jellyfish",
            "Finned Mutant Jellyfish can't be practised: hints, paths and ratings never use it.",
        ),
        ("no-such-wing", "There is no technique “no-such-wing” to practise."),
    ] {
        app.action("practise-technique", Some(&format!("'{id}'")));
        let told = app.wait_until("told why not", |s| {
            s["message"].as_str().is_some_and(|m| m.starts_with(says))
        });
        assert!(told["practising"].is_null(), "{told}");
        assert_eq!(told["givens"], before["givens"]);
    }
}

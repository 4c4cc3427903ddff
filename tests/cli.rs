//! `nonet-cli` run as a program: output, exit status and messages, including malformed input.

mod common;

use assert_cmd::Command;
use common::{assert_solves, reference_count, sample};
use nonet::engine::logic::Technique;
use predicates::prelude::*;

const PUZZLE: &str = "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79";
/// The first puzzle of the forum's hardest list (2011-06-26).
const HARDEST: &str = "........8..3...4...9..2..6.....79.......612...6.5.2.7...8...5...1.....2.4.5.....3";
const SOLUTION: &str = "534678912672195348198342567859761423426853791713924856961537284287419635345286179";

fn cli() -> Command {
    Command::cargo_bin("nonet-cli").expect("the binary is built")
}

/// Runs the CLI, expects success, and returns its standard output.
fn succeed(args: &[&str]) -> String {
    String::from_utf8(cli().args(args).assert().success().get_output().stdout.clone()).expect("UTF-8 output")
}

/// Runs the CLI on `input` as its standard input, expects success, and returns its output.
fn succeed_on(args: &[&str], input: impl Into<Vec<u8>>) -> String {
    String::from_utf8(
        cli()
            .args(args)
            .write_stdin(input)
            .assert()
            .success()
            .get_output()
            .stdout
            .clone(),
    )
    .expect("UTF-8 output")
}

/// The JSON a successful run prints.
fn json(output: &str) -> serde_json::Value {
    serde_json::from_str(output).expect("JSON output")
}

fn digits(line: &str) -> [u8; 81] {
    let mut grid = [0; 81];
    for (i, ch) in line.chars().take(81).enumerate() {
        grid[i] = ch.to_digit(10).unwrap_or(0) as u8;
    }
    grid
}

#[test]
fn every_subcommand_has_help() {
    for sub in ["solve", "count", "generate", "convert", "bench"] {
        cli()
            .args([sub, "--help"])
            .assert()
            .success()
            .stdout(predicate::str::contains("Usage: nonet-cli"));
    }
    cli()
        .arg("--help")
        .assert()
        .success()
        .stdout(predicate::str::contains("solve"));
    cli().assert().failure();
}

#[test]
fn solve_prints_a_line_per_puzzle_and_fails_on_parse_errors() {
    let input = format!(
        "# a comment\n{PUZZLE}\n\n{}\n55{}\n{}\nx{}\n",
        &PUZZLE[..40],
        &".".repeat(79),
        ".".repeat(81),
        &PUZZLE[1..]
    );
    let output = cli()
        .args(["solve", "-"])
        .write_stdin(input)
        .assert()
        .code(1)
        .get_output()
        .clone();
    let stdout = String::from_utf8(output.stdout).unwrap();
    assert_eq!(
        stdout.lines().collect::<Vec<_>>(),
        vec![
            SOLUTION,
            "invalid: expected 81 cells, found 40",
            "invalid: no solution",
            "invalid: multiple solutions",
            "invalid: column 1: unexpected character 'x'",
        ]
    );
    let stderr = String::from_utf8(output.stderr).unwrap();
    assert!(stderr.contains("line 4: expected 81 cells, found 40"), "{stderr}");
    assert!(
        stderr.contains("line 7: column 1: unexpected character 'x'"),
        "{stderr}"
    );
    assert!(
        stderr.contains("line 5: no solution: digit 5 appears twice in row 1: r1c1, r1c2"),
        "{stderr}"
    );
}

/// With several threads, `solve`, `count` and `rate` answer in the file's order, bad lines
/// included (on both streams), as one thread does; `solve`'s answers are right by the rules.
#[test]
fn several_threads_answer_in_the_files_order() {
    let puzzles = common::read_lines(&sample("17-clue-sample.txt"));
    let mut input = String::new();
    let mut expected = Vec::new();
    for (i, puzzle) in puzzles.iter().cycle().take(5_000).enumerate() {
        let line: String = puzzle.iter().map(|&d| (b'0' + d) as char).collect();
        match i % 997 {
            13 => input.push_str(&format!("{}\n", &line[..50])),
            500 => input.push_str(&format!("{}\n", ".".repeat(81))),
            _ => {
                input.push_str(&format!("{line}\n"));
                expected.push((i, *puzzle));
            }
        }
    }
    let run = |args: &[&str]| {
        let output = cli()
            .args(args)
            .write_stdin(input.clone())
            .assert()
            .code(1)
            .get_output()
            .clone();
        (
            String::from_utf8(output.stdout).unwrap(),
            String::from_utf8(output.stderr).unwrap(),
        )
    };
    let (one, one_err) = run(&["solve", "--jobs", "1", "-"]);
    let answers: Vec<&str> = one.lines().collect();
    assert_eq!(answers.len(), 5_000);
    for (i, puzzle) in &expected {
        assert_solves(puzzle, &digits(answers[*i]));
    }
    assert_eq!(answers[13], "invalid: expected 81 cells, found 50");
    assert_eq!(answers[500], "invalid: multiple solutions");
    assert!(
        one_err.starts_with("line 14: expected 81 cells, found 50\nline 501: multiple solutions\n"),
        "{one_err}"
    );
    for jobs in ["2", "3", "7"] {
        assert_eq!(
            run(&["solve", "--jobs", jobs, "-"]),
            (one.clone(), one_err.clone()),
            "--jobs {jobs}"
        );
    }
    assert_eq!(run(&["solve", "-"]), (one.clone(), one_err.clone()), "every core");
    let (counted, _) = run(&["count", "--jobs", "3", "-"]);
    let (counted_alone, _) = run(&["count", "--jobs", "1", "-"]);
    assert_eq!(counted, counted_alone);
    assert_eq!(counted.lines().nth(500), Some("2"));

    let rate = |jobs: &str| {
        let lines: String = input.lines().take(60).map(|l| format!("{l}\n")).collect();
        let output = cli()
            .args(["rate", "--jobs", jobs, "-"])
            .write_stdin(lines)
            .assert()
            .code(1)
            .get_output()
            .clone();
        String::from_utf8(output.stdout).unwrap()
    };
    let rated = rate("1");
    assert_eq!(rated.lines().count(), 60);
    assert_eq!(rate("4"), rated);
    cli()
        .args(["solve", "--all", "--jobs", "2", "-"])
        .write_stdin(PUZZLE)
        .assert()
        .code(2)
        .stderr(predicate::str::contains("--jobs does not go with --all"));
}

/// `solve --all` streams every solution (checked by the rules and against the `sudoku` crate's
/// count), then a count line; `--limit` stops the search and says so.
#[test]
fn solve_all_prints_every_solution_then_the_count() {
    let several = "8.........95.......76.........426798...571243...893165......916....3.487....1.532";
    let input = format!("{several}\n{PUZZLE}\n{}\n", ".".repeat(81));
    let text = succeed_on(&["solve", "--all", "--limit", "2000", "-"], input);
    let mut lines = text.lines();
    let puzzle = digits(several);
    let expected = sudoku::Sudoku::from_bytes(puzzle).unwrap().solutions_count_up_to(2000);
    assert!((2..2000).contains(&expected));
    let mut seen = std::collections::HashSet::new();
    for _ in 0..expected {
        let solution = digits(lines.next().unwrap());
        assert_solves(&puzzle, &solution);
        assert!(seen.insert(solution), "a solution twice");
    }
    assert_eq!(lines.next(), Some(format!("{expected} solutions").as_str()));
    assert_eq!(lines.next(), Some(SOLUTION));
    assert_eq!(lines.next(), Some("1 solution"));
    assert_eq!(lines.by_ref().take(2000).filter(|l| l.len() == 81).count(), 2000);
    assert_eq!(lines.next(), Some("2000 solutions (stopped at --limit)"));
    assert_eq!(lines.next(), None);
}

#[test]
fn solve_answers_are_right_by_the_rules() {
    let file = sample("17-clue-sample.txt");
    let output = succeed(&["solve", file.to_str().unwrap()]);
    let puzzles = common::read_lines(&file);
    let answers: Vec<&str> = output.lines().collect();
    assert_eq!(answers.len(), puzzles.len());
    for (puzzle, answer) in puzzles.iter().zip(answers) {
        assert_solves(puzzle, &digits(answer));
    }
}

#[test]
fn solve_reads_a_single_grid_file() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("puzzle.sdk");
    let rows: String = PUZZLE
        .as_bytes()
        .chunks(9)
        .map(|r| format!("{}\n", std::str::from_utf8(r).unwrap()))
        .collect();
    std::fs::write(&path, format!("#A someone\n{rows}")).unwrap();
    cli()
        .arg("solve")
        .arg(&path)
        .assert()
        .success()
        .stdout(format!("{SOLUTION}\n"));
}

#[test]
fn count_caps_at_the_limit() {
    let file = sample("multi-solution-sample.txt");
    let output = succeed(&["count", "--limit", "3", file.to_str().unwrap()]);
    let counts: Vec<usize> = output.lines().map(|l| l.parse().unwrap()).collect();
    let puzzles = common::read_lines(&file);
    assert_eq!(counts.len(), puzzles.len());
    for (puzzle, count) in puzzles.iter().zip(counts) {
        let reference = sudoku::Sudoku::from_bytes(*puzzle).unwrap().solutions_count_up_to(3);
        assert_eq!(count, reference);
    }
    cli()
        .args(["count", "-"])
        .write_stdin(format!("{PUZZLE}\n"))
        .assert()
        .success()
        .stdout("1\n");
    cli()
        .args(["count", "--limit", "0", "-"])
        .write_stdin(PUZZLE)
        .assert()
        .code(2);
    cli()
        .args(["count", "-"])
        .write_stdin("12\n")
        .assert()
        .code(1)
        .stdout("invalid: expected 81 cells, found 2\n");
}

#[test]
fn generate_is_seeded_unique_and_symmetric() {
    let run = |args: &[&str]| succeed(&[&["generate"], args].concat());
    cli()
        .args(["generate", "--count", "0"])
        .assert()
        .code(2)
        .stderr(predicate::str::contains("0 is not in 1.."));
    let first = run(&["--count", "3", "--seed", "9"]);
    assert_eq!(first, run(&["--count", "3", "--seed", "9"]));
    let lines: Vec<&str> = first.lines().collect();
    assert_eq!(lines.len(), 3);
    for line in &lines {
        assert_eq!(line.len(), 81);
        assert!(line.chars().all(|c| c == '.' || ('1'..='9').contains(&c)));
        assert_eq!(reference_count(&digits(line)), 1);
    }
    // Puzzle i uses seed + i.
    assert_eq!(run(&["--seed", "10"]).trim(), lines[1]);

    let json = run(&[
        "--count",
        "2",
        "--seed",
        "5",
        "--symmetry",
        "mirror",
        "--minimal",
        "--json",
    ]);
    for (i, line) in json.lines().enumerate() {
        let object: serde_json::Value = serde_json::from_str(line).unwrap();
        let puzzle = digits(object["puzzle"].as_str().unwrap());
        let solution = digits(object["solution"].as_str().unwrap());
        assert_solves(&puzzle, &solution);
        assert_eq!(object["seed"].as_u64(), Some(5 + i as u64));
        assert_eq!(
            object["clues"].as_u64(),
            Some(puzzle.iter().filter(|&&d| d != 0).count() as u64)
        );
        for row in 0..9 {
            for col in 0..9 {
                assert_eq!(puzzle[row * 9 + col] == 0, puzzle[row * 9 + 8 - col] == 0);
            }
        }
    }
    cli()
        .args(["generate", "--symmetry", "diagonal"])
        .assert()
        .code(2)
        .stderr(predicate::str::contains("unknown symmetry"));
}

#[test]
fn convert_writes_every_format_and_reads_it_back() {
    for format in ["line", "grid", "sdk", "ss", "pm", "json"] {
        let text = succeed_on(&["convert", "--to", format, "-"], format!("{PUZZLE}\n"));
        let line = succeed_on(&["convert", "--to", "line", "-"], text.clone());
        if format == "pm" {
            // A pencil-mark cell with one candidate reads back as filled.
            assert_eq!(reference_count(&digits(&line)), 1, "{format}:\n{text}");
        } else {
            assert_eq!(line.trim(), PUZZLE, "{format}:\n{text}");
        }
    }
    // Several puzzles in a multi-line format are separated by a blank line.
    let two = format!("{PUZZLE}\n{PUZZLE}\n");
    let text = succeed_on(&["convert", "--to", "sdk", "-"], two);
    assert_eq!(text.lines().count(), 19);
    cli()
        .args(["convert", "--to", "xml", "-"])
        .write_stdin(PUZZLE)
        .assert()
        .code(2);
    cli()
        .args(["convert", "--to", "line", "-"])
        .write_stdin("1234\n")
        .assert()
        .code(1);
}

#[test]
fn bench_reports_per_file() {
    let file = sample("17-clue-sample.txt");
    let object = json(&succeed(&["bench", "--json", file.to_str().unwrap()]));
    assert_eq!(object["puzzles"], 200);
    assert_eq!(object["unique"], 200);
    assert!(object["micros_per_puzzle"].as_f64().unwrap() > 0.0);
    cli()
        .arg("bench")
        .arg(&file)
        .assert()
        .success()
        .stdout(predicate::str::contains("200 puzzles"));
    cli().args(["bench"]).assert().code(2);
}

#[test]
fn unreadable_files_are_reported() {
    cli()
        .args(["solve", "/nonexistent/puzzles.txt"])
        .assert()
        .code(2)
        .stderr(predicate::str::contains(
            "can't read /nonexistent/puzzles.txt: No such file",
        ));
    cli()
        .args(["solve", "-"])
        .write_stdin(vec![0xff, 0xfe, 0x00])
        .assert()
        .code(2);
}

/// Output that can't be written (standard output on a full disk, an export to one) is an error
/// (exit 2) told in the system's words, without Rust's "(os error 28)".
#[test]
fn output_to_a_full_disk_is_an_error_in_plain_words() {
    let full = || std::fs::OpenOptions::new().write(true).open("/dev/full").unwrap();
    let run = std::process::Command::new(assert_cmd::cargo::cargo_bin("nonet-cli"))
        .args(["solve", PUZZLE])
        .stdout(full())
        .output()
        .unwrap();
    assert_eq!(run.status.code(), Some(2));
    assert_eq!(
        String::from_utf8_lossy(&run.stderr),
        "nonet-cli: No space left on device\n"
    );
    let dir = tempfile::tempdir().unwrap();
    cli()
        .args(["history", "--db"])
        .arg(dir.path().join("none.db"))
        .args(["export", "/dev/full"])
        .assert()
        .code(2)
        .stderr(predicate::str::ends_with(
            "nonet-cli: can't write /dev/full: No space left on device\n",
        ));
}

/// A puzzle given as its 81 characters, where a file is asked for, is read as a file holding it
/// (as `path` and `hint` take one): the same answers as from a file, and a slip in it is told as
/// a file's line would be. A short name of no file is still an unreadable file.
#[test]
fn a_puzzle_given_as_its_text_is_read_as_a_file_of_it() {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("one.txt");
    std::fs::write(&file, format!("{PUZZLE}\n")).unwrap();
    let file = file.to_str().unwrap();
    assert_eq!(succeed(&["solve", PUZZLE]), format!("{SOLUTION}\n"));
    for command in [&["rate"][..], &["count"], &["convert", "--to", "grid"]] {
        let inline = succeed(&[command, &[PUZZLE]].concat());
        assert_eq!(inline, succeed(&[command, &[file]].concat()), "{command:?}");
        assert!(!inline.is_empty());
    }
    let slip = format!("{}x", &PUZZLE[..80]);
    cli()
        .args(["solve", &slip])
        .assert()
        .code(1)
        .stdout("invalid: column 81: unexpected character 'x'\n");
    cli()
        .args(["solve", "puzzles.txt"])
        .current_dir(dir.path())
        .assert()
        .code(2)
        .stderr(predicate::str::contains("can't read puzzles.txt: No such file"))
        .stderr(predicate::str::contains("os error").not());
}

/// A POSITION (of `path`, `hint`, `script run --position`) that names no file but looks like a
/// file's name (a `/` in it, or an ending such as `.sdk`) is told as a missing file, not read as
/// a puzzle's text with a wrong first character; a short slip of a puzzle is still a puzzle's.
#[test]
fn a_missing_position_file_is_told_as_missing() {
    let dir = tempfile::tempdir().unwrap();
    let script = dir.path().join("single.rhai");
    std::fs::write(&script, "fn find_step(g) { builtin(\"naked-single\", g) }\n").unwrap();
    let script = script.to_str().unwrap();
    for missing in ["/nonexistent/puzzle.sdk", "puzzle.sdk", "games/one"] {
        for args in [
            vec!["path", missing],
            vec!["hint", missing],
            vec!["script", "run", script, "--position", missing],
        ] {
            cli()
                .args(&args)
                .current_dir(dir.path())
                .assert()
                .failure()
                .stderr(predicate::str::contains(format!("can't read {missing}: No such file")));
        }
    }
    cli()
        .args(["path", "53..7"])
        .assert()
        .failure()
        .stderr(predicate::str::contains("53..7: line 1: expected 81 cells, found 5"));
}

#[test]
fn no_progress_bar_when_stderr_is_not_a_terminal() {
    cli()
        .args(["generate", "--count", "5", "--seed", "1"])
        .assert()
        .success()
        .stderr("");
}

/// A HoDoKu X-Wing example (bf202) as a JSON position with its pencil marks.
fn x_wing_position() -> String {
    let text = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/tests/techniques/x-wing.json")).unwrap();
    let examples: serde_json::Value = serde_json::from_str(&text).unwrap();
    examples[0]["position"].to_string()
}

#[test]
fn hint_prints_the_step_then_its_placements_and_eliminations() {
    let text = succeed(&["hint", PUZZLE]);
    let mut lines = text.lines();
    // The easiest step by score: a hidden single (1.5) before any naked single (2.3).
    assert_eq!(
        lines.next(),
        // r3c3's 8 rules out row 3 of box 2, r5c4's rules out r1c4 (checked by hand).
        Some("hidden-single: In box 2, 8 fits only in r1c6: the 8s in r3c3 and r5c4 rule out the other cells."),
        "{text}"
    );
    assert_eq!(lines.next(), Some("r1c6=8"));
}

#[test]
fn hint_for_one_technique_reads_a_json_file_with_its_pencil_marks() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("position.json");
    std::fs::write(&path, x_wing_position()).unwrap();
    let text = succeed(&["hint", "--technique", "x-wing", path.to_str().unwrap()]);
    assert!(text.starts_with("x-wing: X-Wing on 1"), "{text}");
    let eliminations: Vec<&str> = text.lines().skip(1).collect();
    assert_eq!(eliminations.len(), 9);
    assert!(
        eliminations.contains(&"r2c4<>1") && eliminations.contains(&"r5c9<>1"),
        "{text}"
    );
    // A technique that does not apply prints `none` and succeeds.
    cli()
        .args(["hint", "--technique", "bug-plus-one"])
        .arg(&path)
        .assert()
        .success()
        .stdout("none\n");
    cli()
        .args(["hint", "--technique", "nonsense"])
        .arg(&path)
        .assert()
        .code(2)
        .stderr(predicates::str::contains("`nonet-cli techniques` lists them"));
    // A near miss is refused with the ids it may mean.
    cli()
        .args(["hint", "--technique", "pointing"])
        .arg(&path)
        .assert()
        .code(2)
        .stderr(predicates::str::contains("did you mean 'locked-candidates-pointing'?"));
}

/// `hint` and `path` given a file of several puzzles answer for its first, as the app plays it,
/// and say so on stderr; before, such a file was refused as a malformed grid.
#[test]
fn hint_and_path_take_the_first_puzzle_of_a_file() {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("two.txt");
    std::fs::write(&file, format!("# two puzzles\n{HARDEST}\n{PUZZLE}\n")).unwrap();
    for command in ["hint", "path"] {
        let alone = cli().args([command, HARDEST]).output().unwrap();
        assert!(alone.status.success() && alone.stderr.is_empty());
        cli()
            .arg(command)
            .arg(&file)
            .assert()
            .success()
            .stdout(String::from_utf8(alone.stdout).unwrap())
            .stderr(format!(
                "nonet-cli: {} holds 2 puzzles; using the first\n",
                file.display()
            ));
    }
}

/// A file with no puzzle in it (empty, or only comments and blank lines) says so on stderr for
/// every command that reads puzzles, and prints nothing: it would otherwise pass in silence.
#[test]
fn a_file_without_puzzles_says_so() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("none.txt");
    std::fs::write(&path, "# only a comment\n\n").unwrap();
    let file = path.to_str().unwrap();
    for args in [
        vec!["solve", file],
        vec!["solve", "--all", file],
        vec!["count", file],
        vec!["rate", file],
        vec!["convert", "--to", "grid", file],
    ] {
        cli()
            .args(&args)
            .assert()
            .success()
            .stdout("")
            .stderr(predicates::str::contains(format!("no puzzles in {file}")));
    }
    cli()
        .args(["rate", "-"])
        .write_stdin("")
        .assert()
        .success()
        .stderr(predicates::str::contains("no puzzles in standard input"));
}

/// A hint needs the one solution: a puzzle without it fails, saying why, as `path` does, with
/// or without `--json`.
#[test]
fn hint_says_why_a_puzzle_cannot_be_hinted() {
    let repeated = format!("55{}", &".".repeat(79));
    for json in [false, true] {
        let mut args = vec!["hint"];
        if json {
            args.push("--json");
        }
        cli()
            .args(&args)
            .arg(&repeated)
            .assert()
            .code(2)
            .stdout("")
            .stderr(predicate::str::contains(
                "no solution: digit 5 appears twice in row 1: r1c1, r1c2",
            ));
        cli()
            .args(&args)
            .arg(".".repeat(81))
            .assert()
            .code(2)
            .stdout("")
            .stderr(predicate::str::contains("multiple solutions"));
    }
}

#[test]
fn hint_json_and_all_steps() {
    let step = json(&succeed(&["hint", "--json", PUZZLE]));
    assert_eq!(step["technique"], "hidden-single");
    assert_eq!(step["name"], "Hidden Single");
    assert_eq!(step["placements"][0]["cell"], "r1c6");
    assert_eq!(step["placements"][0]["digit"], 8);
    assert!(step["highlights"]["cells"].is_array());
    let lines: Vec<serde_json::Value> = succeed(&["hint", "--all", "--json", "--technique", "hidden-single", PUZZLE])
        .lines()
        .map(json)
        .collect();
    assert!(lines.len() > 1 && lines.iter().all(|s| s["technique"] == "hidden-single"));
}

#[test]
fn path_lists_every_step_and_solves_the_hardest_by_logic() {
    let text = succeed(&["path", PUZZLE]);
    assert_eq!(
        text.matches('=').count(),
        PUZZLE.matches('.').count(),
        "every empty cell placed once"
    );
    assert!(!text.contains("stuck"));
    // A puzzle from the forum's hardest list needs nested forcing nets, and gets them.
    let text = succeed(&["path", HARDEST]);
    assert!(!text.contains("stuck"), "{text}");
    assert!(
        text.lines().any(|l| l.starts_with("forcing-net-contradiction: ")),
        "{text}"
    );
    cli()
        .args(["path", &".".repeat(81)])
        .assert()
        .code(2)
        .stderr(predicate::str::contains("multiple solutions"));
    // --explain writes each step's explanation under it, as --json holds it, each of its lines
    // indented (a nested net tells each inner contradiction in a paragraph of its own).
    let explained = succeed(&["path", "--explain", HARDEST]);
    let steps: Vec<serde_json::Value> = succeed(&["path", "--json", HARDEST]).lines().map(json).collect();
    let mut written: Vec<(&str, Vec<&str>)> = Vec::new();
    for line in explained.lines() {
        match (line.strip_prefix("  "), written.last_mut()) {
            (Some(text), Some((_, explanation))) => explanation.push(text),
            _ => written.push((line, Vec::new())),
        }
    }
    assert_eq!(written.len(), steps.len());
    for ((compact, explanation), step) in written.iter().zip(&steps) {
        assert!(compact.starts_with(&format!("{}: ", step["technique"].as_str().unwrap())));
        assert_eq!(explanation.join("\n"), step["explanation"].as_str().unwrap());
    }
    let paragraphs = written.iter().filter(|(_, explanation)| explanation.len() > 1).count();
    assert!(paragraphs > 0, "no nested net in {HARDEST}");
    let compacts: Vec<&str> = written.iter().map(|(compact, _)| *compact).collect();
    assert_eq!(compacts.join("\n") + "\n", text);
    cli().args(["path", "--json", "--explain", PUZZLE]).assert().code(2);
}

#[test]
fn rate_prints_level_score_and_hardest_technique() {
    let input = format!("{PUZZLE}\n{HARDEST}\n{}\n", ".".repeat(81));
    let text = succeed_on(&["rate", "-"], input);
    let lines: Vec<&str> = text.lines().collect();
    // Rated as Sudoku Explainer does, by the easiest step at each point: hidden singles suffice.
    assert_eq!(lines[0], "easy 1.5 hidden-single");
    assert!(lines[1].starts_with("master "), "{}", lines[1]);
    assert_eq!(lines[2], "invalid: multiple solutions");
    let rating = json(&succeed_on(&["rate", "--json", "-"], PUZZLE));
    assert_eq!(rating["level"], "easy");
    assert_eq!(rating["hardest"], "hidden-single");
}

#[test]
fn generate_at_a_difficulty_adds_the_rating() {
    let object = json(&succeed(&[
        "generate",
        "--difficulty",
        "medium",
        "--seed",
        "3",
        "--json",
    ]));
    assert_eq!(object["rating"]["level"], "medium");
    let puzzle = digits(object["puzzle"].as_str().unwrap());
    assert_eq!(reference_count(&puzzle), 1);
    let object = json(&succeed(&[
        "generate",
        "--difficulty",
        "expert",
        "--seed",
        "5",
        "--json",
    ]));
    assert_eq!(object["rating"]["level"], "expert");
    cli().args(["generate", "--difficulty", "impossible"]).assert().code(2);
}

/// `generate --daily DATE` gives the day's puzzle (the app's Daily Puzzle): the same each time,
/// rotationally symmetric, unique, at its weekday's level (Monday 30 November 2026 Easy, Saturday
/// 5 December Expert), and with --count the days after; a date the calendar lacks, or --daily
/// with a seed or a difficulty of its own, is refused.
#[test]
fn generate_daily_gives_each_day_its_puzzle() {
    let week = succeed(&["generate", "--daily", "2026-11-30", "--count", "7", "--json"]);
    assert_eq!(
        week,
        succeed(&["generate", "--daily", "2026-11-30", "--count", "7", "--json"])
    );
    let days: Vec<_> = week.lines().map(json).collect();
    let levels = ["easy", "medium", "medium", "hard", "hard", "expert", "expert"];
    let dates = [
        "2026-11-30",
        "2026-12-01",
        "2026-12-02",
        "2026-12-03",
        "2026-12-04",
        "2026-12-05",
        "2026-12-06",
    ];
    for ((day, level), date) in days.iter().zip(levels).zip(dates) {
        assert_eq!(
            (day["date"].as_str(), day["rating"]["level"].as_str()),
            (Some(date), Some(level))
        );
        assert_eq!(day["symmetry"], "rotational");
        let puzzle = digits(day["puzzle"].as_str().unwrap());
        assert_eq!(reference_count(&puzzle), 1);
        assert!(
            (0..81).all(|c| (puzzle[c] == 0) == (puzzle[80 - c] == 0)),
            "{date}: symmetric"
        );
    }
    // A day alone is that day's puzzle of the week.
    let saturday = succeed(&["generate", "--daily", "2026-12-05"]);
    assert_eq!(saturday.trim(), days[5]["puzzle"]);
    cli()
        .args(["generate", "--daily", "2026-02-29"])
        .assert()
        .code(2)
        .stderr(predicate::str::contains("no date of the calendar"));
    for other in [["--seed", "3"], ["--difficulty", "easy"]] {
        cli()
            .args(["generate", "--daily", "2026-12-05"])
            .args(other)
            .assert()
            .code(2)
            .stderr(predicate::str::contains("cannot be used with"));
    }
}

/// A position can hold millions of instances of a technique (this one, magictour's first puzzle
/// with three in five of its pencil marks gone but none of the solution's, holds 1.4 million
/// ALS-XY-Wings: 1.9 GB of steps and 11 s before the bound): `--all` lists the first 10,000 and
/// says on standard error that it stopped there.
#[test]
fn hint_all_stops_at_ten_thousand_instances_and_says_so() {
    let output = cli()
        .args(["hint", "--all", "--json", "--technique", "als-xy-wing"])
        .arg(sample("sparse-marks.json"))
        .timeout(std::time::Duration::from_secs(60))
        .output()
        .unwrap();
    assert!(output.status.success(), "{output:?}");
    let stdout = String::from_utf8(output.stdout).unwrap();
    let steps: Vec<serde_json::Value> = stdout.lines().map(json).collect();
    assert_eq!(steps.len(), 10_000);
    assert!(steps.iter().all(|s| s["technique"] == "als-xy-wing"));
    assert_eq!(
        String::from_utf8(output.stderr).unwrap(),
        "als-xy-wing: listing stopped at 10000 instances\n"
    );
}

/// `techniques` lists every technique once, simplest first, each id one `hint --technique`
/// takes, with its family (`--family` lists one's); the two the ladder leaves out (finned franken and mutant jellyfish,
/// asked only on their own) are marked, in text and in JSON.
#[test]
fn techniques_lists_every_id_by_score() {
    let lines: Vec<serde_json::Value> = succeed(&["techniques", "--json"])
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    assert_eq!(lines.len(), 68);
    let ids: std::collections::BTreeSet<&str> = lines.iter().map(|l| l["id"].as_str().unwrap()).collect();
    assert_eq!(ids.len(), 68, "an id twice");
    let scores: Vec<f64> = lines.iter().map(|l| l["score"].as_f64().unwrap()).collect();
    assert!(scores.windows(2).all(|w| w[0] <= w[1]), "{scores:?}");
    // Written as they are given, not as an f32 would print (7.349999904632568).
    assert!(succeed(&["techniques", "--json"]).contains("\"score\":7.35}"));
    let off: Vec<&str> = lines
        .iter()
        .filter(|l| l["ladder"] == false)
        .map(|l| l["id"].as_str().unwrap())
        .collect();
    assert_eq!(off, ["finned-franken-jellyfish", "finned-mutant-jellyfish"]);
    let levels = ["easy", "medium", "hard", "expert", "master"];
    assert!(lines.iter().all(|l| levels.contains(&l["level"].as_str().unwrap())));
    // Each in its family, as the help's technique reference groups them.
    let family = |id: &str| {
        lines.iter().find(|l| l["id"] == id).unwrap()["family"]
            .as_str()
            .unwrap()
    };
    assert_eq!(family("sashimi-jellyfish"), "fish");
    assert_eq!(family("x-chain"), "single-digit");
    assert_eq!(family("remote-pair"), "wings");
    assert_eq!(family("bug-plus-one"), "uniqueness");
    assert_eq!(family("sue-de-coq"), "als");
    let families: std::collections::BTreeSet<&str> = lines.iter().map(|l| l["family"].as_str().unwrap()).collect();
    assert_eq!(families.len(), 11, "{families:?}");
    // --family lists one family's, in the same order; an unknown one is refused with the others.
    let als: Vec<&str> = lines
        .iter()
        .filter(|l| l["family"] == "als")
        .map(|l| l["id"].as_str().unwrap())
        .collect();
    let listed = succeed(&["techniques", "--family", "als"]);
    let listed: Vec<&str> = listed.lines().map(|l| l.split_whitespace().next().unwrap()).collect();
    assert_eq!(listed, als);
    cli()
        .args(["techniques", "--family", "fishes"])
        .assert()
        .code(2)
        .stderr(predicates::str::contains("unknown family 'fishes' (expected singles,"));
    for id in &ids {
        cli().args(["hint", "--technique", id, PUZZLE]).assert().success();
    }
    let text = succeed(&["techniques"]);
    assert!(text.lines().next().unwrap().starts_with("full-house "), "{text}");
    assert_eq!(text.matches("(only asked by hint --technique)").count(), 2, "{text}");
}

/// A reader that stops early (`| head -1`) ends the command quietly: no "Broken pipe" error,
/// status 0.
#[test]
fn a_reader_that_stops_early_ends_the_command_quietly() {
    use std::io::BufRead;
    let mut child = std::process::Command::new(assert_cmd::cargo::cargo_bin("nonet-cli"))
        .args(["generate", "--count", "100000"])
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .unwrap();
    let mut first = String::new();
    std::io::BufReader::new(child.stdout.take().unwrap())
        .read_line(&mut first)
        .unwrap();
    assert_eq!(first.trim().len(), 81, "{first}");
    let output = child.wait_with_output().unwrap();
    assert!(output.status.success(), "{output:?}");
    assert_eq!(String::from_utf8_lossy(&output.stderr), "");
}

/// `hint --without-uniqueness` teaches another way where a unique rectangle or BUG+1 is the
/// easiest step (a practice's position of one), a step that agrees with the solution; it is for
/// the next step alone, so it refuses `--technique` and `--all`.
#[test]
fn hint_without_uniqueness_teaches_another_way() {
    let dir = tempfile::tempdir().unwrap();
    for technique in ["unique-rectangle-1", "bug-plus-one"] {
        let object = json(&succeed(&["practise", technique, "--seed", "3", "--json"]));
        let file = dir.path().join(format!("{technique}.json"));
        std::fs::write(&file, object["position"].to_string()).unwrap();
        let file = file.to_str().unwrap();
        assert_eq!(json(&succeed(&["hint", file, "--json"]))["technique"], technique);
        let instead = json(&succeed(&["hint", file, "--json", "--without-uniqueness"]));
        let id = instead["technique"].as_str().unwrap();
        let named: Technique = id.parse().unwrap();
        assert!(!named.rests_on_uniqueness(), "{id}");
        let solution = digits(object["solution"].as_str().unwrap());
        // A step's candidate as its cell's solution digit and its own ("r1c4" and 1).
        let read = |candidate: &serde_json::Value| {
            let name = candidate["cell"].as_str().unwrap().as_bytes();
            let cell = usize::from(name[1] - b'1') * 9 + usize::from(name[3] - b'1');
            (u64::from(solution[cell]), candidate["digit"].as_u64().unwrap())
        };
        let (eliminations, placements) = (&instead["eliminations"], &instead["placements"]);
        assert!(eliminations.as_array().unwrap().len() + placements.as_array().unwrap().len() > 0);
        for (answer, removed) in eliminations.as_array().unwrap().iter().map(read) {
            assert_ne!(answer, removed, "{instead}");
        }
        for (answer, placed) in placements.as_array().unwrap().iter().map(read) {
            assert_eq!(answer, placed, "{instead}");
        }
    }
    for other in ["--all", "--technique=x-wing"] {
        cli()
            .args(["hint", "--without-uniqueness", other, PUZZLE])
            .assert()
            .failure()
            .stderr(predicates::str::contains("cannot be used with"));
    }
}

#[test]
fn practise_writes_a_position_whose_next_step_is_the_technique() {
    let dir = tempfile::tempdir().unwrap();
    for (technique, seed) in [("naked-pair", "5"), ("swordfish", "8"), ("xy-wing", "2")] {
        let written = succeed(&["practise", technique, "--seed", seed]);
        let file = dir.path().join(format!("{technique}.json"));
        std::fs::write(&file, &written).unwrap();
        // Read back as any position file is, the hint there (the easiest step) is the technique's.
        let hint = succeed(&["hint", file.to_str().unwrap(), "--json"]);
        assert_eq!(json(&hint)["technique"], technique, "{written}");
        // The same seed, the same position; the JSON object holds it with its puzzle and step.
        let object = json(&succeed(&["practice", technique, "--seed", seed, "--json"]));
        assert_eq!(object["position"], json(&written));
        assert_eq!(object["step"]["technique"], technique);
        // Its seed is the puzzle's own, which gives the same position from the first puzzle.
        let own = object["seed"].as_u64().unwrap();
        assert_eq!(
            own,
            seed.parse::<u64>().unwrap() + object["tried"].as_u64().unwrap() - 1
        );
        assert_eq!(succeed(&["practise", technique, "--seed", &own.to_string()]), written);
        let puzzle = object["puzzle"].as_str().unwrap();
        let solution = object["solution"].as_str().unwrap();
        assert_solves(&digits(puzzle), &digits(solution));
        assert_eq!(
            object["position"]["givens"].as_str().unwrap().replace('.', "0"),
            puzzle.replace('.', "0")
        );
        // The puzzle rates at the technique's level, as `rate` rates it from its givens.
        let rated = json(&succeed_on(&["rate", "--json", "-"], format!("{puzzle}\n")));
        assert_eq!(rated["level"], object["rating"]["level"]);
        assert_eq!(rated["score"], object["rating"]["score"]);
    }
    // A technique only `hint --technique` asks can't be practised, nor a dual or a
    // discontinuous loop, and an unknown one is refused; each says why.
    for (technique, why) in [
        (
            "finned-mutant-jellyfish",
            "cannot be practised: only `hint --technique` asks",
        ),
        (
            "dual-empty-rectangle",
            "cannot be practised: it is two steps of a simpler technique",
        ),
        (
            "grouped-discontinuous-nice-loop",
            "cannot be practised: each of its loops holds an AIC",
        ),
        ("x-wings", "x-wing"),
    ] {
        cli()
            .args(["practise", technique, "--seed", "1"])
            .assert()
            .failure()
            .stderr(predicate::str::contains(why));
    }
}

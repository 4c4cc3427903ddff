//! The scripting lab headless: every API function, the checking of returned steps, the sandbox
//! against hostile scripts, stopping, the shipped examples on real puzzle sets, and
//! `nonet-cli script run`.

mod common;

use std::time::{Duration, Instant};

use assert_cmd::prelude::*;
use nonet::engine::format::parse_line;
use nonet::engine::grid::{Position, CELLS};
use nonet::engine::logic::Board;
use nonet::engine::validate::check_puzzle;
use nonet::script::run::run_puzzle;
use nonet::script::{Grid, Limits, Script, ScriptError};
use std::process::Command;

const PUZZLE: &str = "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79";

fn grid(line: &str) -> Grid {
    let position = parse_line(line).unwrap();
    Grid::new(
        Board::from_position(&position),
        std::array::from_fn(|c| position.is_given(c)),
    )
}

/// Runs `expression` inside find_step and returns what it evaluates to, as text.
fn eval(expression: &str) -> Result<String, ScriptError> {
    let source = format!("fn find_step(g) {{ let v = {expression}; step(`${{v}}`).place(2, 4) }}");
    let script = Script::compile("test", &source, Limits::default())?;
    Ok(script.find_step(&grid(PUZZLE))?.expect("a step").name)
}

/// A puzzle of a set (digits, 0 for blanks) as its line, its position and its solution.
fn from_set(puzzle: &[u8; CELLS]) -> (String, Position, [u8; CELLS]) {
    let line: String = puzzle
        .iter()
        .map(|&d| if d == 0 { '.' } else { (b'0' + d) as char })
        .collect();
    let (position, solution) = solve(&line);
    (line, position, solution)
}

/// The digits a run left on the board.
fn filled(run: &nonet::script::run::PuzzleRun) -> [u8; CELLS] {
    let digits: Vec<u8> = run.position.bytes().map(|b| b - b'0').collect();
    digits.try_into().unwrap()
}

fn example(name: &str) -> String {
    std::fs::read_to_string(format!("{}/data/scripts/{name}.rhai", env!("CARGO_MANIFEST_DIR"))).unwrap()
}

#[test]
fn the_grid_api() {
    assert_eq!(eval("g.value(0)").unwrap(), "5");
    assert_eq!(eval("g.value(2)").unwrap(), "0");
    assert_eq!(eval("g.is_given(0)").unwrap(), "true");
    assert_eq!(eval("g.is_empty(2)").unwrap(), "true");
    // r1c3: row 5 3 7, column 8, box 5 3 6 9 8 leave 1 2 4.
    assert_eq!(eval("g.candidates(2)").unwrap(), "[1, 2, 4]");
    assert_eq!(eval("g.mask(2)").unwrap(), (2 + 4 + 16).to_string());
    assert_eq!(eval("g.count(2)").unwrap(), "3");
    assert_eq!(eval("g.has(2, 4)").unwrap(), "true");
    assert_eq!(eval("g.has(2, 5)").unwrap(), "false");
    // Row 1 (house 0): where can 1 go? r1c3, r1c6? (5 in c6? no) — check against the rules.
    let expected: Vec<usize> = (0..9).filter(|&c| candidate(PUZZLE, c, 1)).collect();
    assert_eq!(eval("g.cells_with(0, 1)").unwrap(), format!("{expected:?}"));
    assert_eq!(
        eval("g.empty_cells().len()").unwrap(),
        PUZZLE.matches('.').count().to_string()
    );
    assert_eq!(eval("g.is_solved()").unwrap(), "false");
    assert_eq!(eval("g.to_string()").unwrap(), PUZZLE);
}

/// Whether a digit can go in a cell by the rules (an independent check of `candidates`).
fn candidate(line: &str, cell: usize, digit: u8) -> bool {
    let values: Vec<u8> = line.bytes().map(|b| if b == b'.' { 0 } else { b - b'0' }).collect();
    values[cell] == 0
        && (0..CELLS).all(|other| {
            let peer = other != cell
                && (other / 9 == cell / 9
                    || other % 9 == cell % 9
                    || (other / 27 == cell / 27 && other % 9 / 3 == cell % 9 / 3));
            !(peer && values[other] == digit)
        })
}

#[test]
fn the_geometry_api() {
    assert_eq!(eval("cell(8, 8)").unwrap(), "80");
    assert_eq!(eval("[row_of(40), col_of(40), box_of(40)]").unwrap(), "[4, 4, 4]");
    assert_eq!(eval("name(0) + name(80)").unwrap(), "r1c1r9c9");
    assert_eq!(eval("row(1)").unwrap(), "[9, 10, 11, 12, 13, 14, 15, 16, 17]");
    assert_eq!(eval("col(2)").unwrap(), "[2, 11, 20, 29, 38, 47, 56, 65, 74]");
    assert_eq!(eval("box(8)").unwrap(), "[60, 61, 62, 69, 70, 71, 78, 79, 80]");
    assert_eq!(eval("house(18) == box(0) && house(9) == col(0)").unwrap(), "true");
    assert_eq!(eval("houses().len()").unwrap(), "27");
    assert_eq!(
        eval("[house_name(0), house_name(9), house_name(26)]").unwrap(),
        r#"["row 1", "column 1", "box 9"]"#
    );
    assert_eq!(eval("peers(0).len()").unwrap(), "20");
    assert_eq!(
        eval("[sees(0, 80), sees(0, 20), sees(0, 0)]").unwrap(),
        "[false, true, false]"
    );
    assert_eq!(eval("digits(2 + 16 + 512)").unwrap(), "[1, 4, 9]");
    assert_eq!(eval("popcount(2 + 16 + 512)").unwrap(), "3");
    // Out of range is an error that names the value.
    let error = eval("g.value(81)").unwrap_err();
    assert!(error.message.contains("cell 81 is outside 0–80"), "{error}");
    assert_eq!(error.line, Some(1));
    assert!(eval("row(9)").unwrap_err().message.contains("row 9 is outside 0–8"));
    assert!(eval("g.has(0, 10)")
        .unwrap_err()
        .message
        .contains("digit 10 is not 1–9"));
}

/// A value to call a scripting function with for its parameter named `parameter` (as the
/// reference names them): a grid `g`, a technique id, a family, text, else a small number
/// that is a cell, a digit, a house and an index alike.
fn argument_for(parameter: &str) -> &'static str {
    match parameter {
        "d" | "b" => "1",
        "mask" => "22",
        "name" | "text" | "value" => "`x`",
        "id" => "`naked-single`",
        "family" => "`fish`",
        "g" => "g",
        _ => "2",
    }
}

/// The reference the Lab's completion offers names every function a script can call: each entry
/// can be called as written (so its name, receiver and parameters are right), every function
/// `api::register` registers is in it (the sandbox's overrides of Rhai's own aside), and
/// `docs/scripting.md` tells each.
#[test]
fn the_reference_lists_every_function_a_script_can_call() {
    use nonet::script::reference::{Receiver, FROM_RHAI, FUNCTIONS};
    for function in FUNCTIONS {
        let call = match function.parameters {
            Some(parameters) => {
                let arguments: Vec<&str> = parameters
                    .split(", ")
                    .filter(|p| !p.is_empty())
                    .map(argument_for)
                    .collect();
                format!("{}({})", function.name, arguments.join(", "))
            }
            None => function.name.to_string(),
        };
        let call = match function.receiver {
            Receiver::None => call,
            Receiver::Grid => format!("g.{call}"),
            Receiver::Step => format!("step(`s`).{call}"),
        };
        let outcome = eval(&format!("{{ {call}; 0 }}"));
        assert!(
            outcome.is_ok(),
            "{} as {call}: {:?}",
            function.call(),
            outcome.unwrap_err()
        );
    }
    // Every registered function (read from where they are registered).
    let api = std::fs::read_to_string(format!("{}/src/script/api.rs", env!("CARGO_MANIFEST_DIR"))).unwrap();
    let registered: std::collections::BTreeSet<&str> = api
        .split("engine.register_")
        .skip(1)
        .filter_map(|rest| rest.strip_prefix("fn(").or_else(|| rest.strip_prefix("get(")))
        .filter_map(|call| call.trim_start().strip_prefix('"')?.split('"').next())
        .filter(|name| !["sleep", "replace"].contains(name))
        .collect();
    assert!(registered.len() > 30, "read {registered:?}");
    let listed: std::collections::BTreeSet<&str> = FUNCTIONS
        .iter()
        .map(|f| f.name)
        .filter(|name| !FROM_RHAI.contains(name))
        .collect();
    assert_eq!(listed, registered, "the reference and api::register disagree");
    let docs = std::fs::read_to_string(format!("{}/docs/scripting.md", env!("CARGO_MANIFEST_DIR"))).unwrap();
    for function in FUNCTIONS {
        let told = [
            format!("`{}", function.call()),
            format!("`{}(", function.name),
            format!(".{}(", function.name),
        ]
        .iter()
        .any(|form| docs.contains(form.as_str()));
        assert!(
            told || function.parameters.is_none(),
            "docs/scripting.md does not tell {}",
            function.call()
        );
    }
}

/// `nonet-cli script functions` lists the reference whole, and its JSON says how each function is
/// called precisely enough to call it: a script built from each object's receiver, name and
/// parameters runs.
#[test]
fn script_functions_lists_every_function_as_it_is_called() {
    let listing = cli().args(["script", "functions"]).output().unwrap();
    assert!(listing.status.success());
    let listing = String::from_utf8(listing.stdout).unwrap();
    let json = cli().args(["script", "functions", "--json"]).output().unwrap();
    let objects: Vec<serde_json::Value> = String::from_utf8(json.stdout)
        .unwrap()
        .lines()
        .map(|line| serde_json::from_str(line).unwrap())
        .collect();
    assert_eq!(objects.len(), listing.lines().count());
    assert_eq!(objects.len(), nonet::script::reference::FUNCTIONS.len());
    for (object, line) in objects.iter().zip(listing.lines()) {
        let call = object["call"].as_str().unwrap();
        assert!(
            line.starts_with(call) && line.contains(object["summary"].as_str().unwrap()),
            "{line}"
        );
        let name = object["name"].as_str().unwrap();
        let arguments = object["parameters"].as_array().map(|parameters| {
            let values: Vec<&str> = parameters.iter().map(|p| argument_for(p.as_str().unwrap())).collect();
            format!("({})", values.join(", "))
        });
        let receiver = match object["receiver"].as_str().unwrap() {
            "grid" => "g.",
            "step" => "step(`s`).",
            "none" => "",
            other => panic!("receiver {other}"),
        };
        let expression = format!("{{ {receiver}{name}{}; 0 }}", arguments.unwrap_or_default());
        assert!(
            eval(&expression).is_ok(),
            "{call} as {expression}: {:?}",
            eval(&expression)
        );
    }
}

#[test]
fn steps_and_builtins() {
    let source = r#"fn find_step(g) {
        step("Mine").place(2, 4).eliminate(3, 2).explain("why").highlight(2).highlight_candidate(3, 2)
    }"#;
    let script = Script::compile("mine", source, Limits::default()).unwrap();
    let step = script.find_step(&grid(PUZZLE)).unwrap().unwrap();
    assert_eq!(
        (
            step.name.as_str(),
            step.placements.as_slice(),
            step.eliminations.as_slice()
        ),
        ("Mine", &[(2, 4)][..], &[(3, 2)][..])
    );
    assert_eq!(
        (
            step.explanation.as_str(),
            step.cells.as_slice(),
            step.candidates.as_slice()
        ),
        ("why", &[2][..], &[(3, 2)][..])
    );

    let builtin = Script::compile(
        "b",
        r#"fn find_step(g) { builtin("naked-single", g) }"#,
        Limits::default(),
    )
    .unwrap();
    let step = builtin.find_step(&grid(PUZZLE)).unwrap().unwrap();
    assert_eq!(step.name, "Naked Single");
    assert_eq!(step.placements.len(), 1);
    let none = Script::compile("n", r#"fn find_step(g) { builtin("x-wing", g) }"#, Limits::default()).unwrap();
    let solved = "534678912672195348198342567859761423426853791713924856961537284287419635345286179";
    assert_eq!(none.find_step(&grid(solved)).unwrap(), None);
    let unknown = Script::compile("u", r#"fn find_step(g) { builtin("magic", g) }"#, Limits::default()).unwrap();
    assert!(unknown.find_step(&grid(PUZZLE)).unwrap_err().message.contains("magic"));
    let wrong = Script::compile("w", "fn find_step(g) { 42 }", Limits::default()).unwrap();
    assert!(wrong
        .find_step(&grid(PUZZLE))
        .unwrap_err()
        .message
        .contains("expected a step or ()"));
    assert!(Script::compile("none", "fn other(g) { () }", Limits::default())
        .err()
        .unwrap()
        .message
        .contains("fn find_step(g)"));
    // print and debug reach the console.
    let talk = Script::compile(
        "t",
        r#"fn find_step(g) { print("hello"); debug(1 + 1); () }"#,
        Limits::default(),
    )
    .unwrap();
    talk.find_step(&grid(PUZZLE)).unwrap();
    assert_eq!(talk.take_output(), vec!["hello".to_string(), "[line 1] 2".to_string()]);
}

/// `techniques()` gives every id `builtin` takes, simplest first, as `nonet-cli techniques`
/// lists them, and `builtin` takes each; an unknown id like none of them points to it.
/// `techniques(family)` gives those the CLI puts in that family, in its order; an unknown
/// family is refused with the families there are.
#[test]
fn techniques_lists_every_id_builtin_takes() {
    let source = r#"fn find_step(g) {
        let listed = "";
        for id in techniques() {
            builtin(id, g);
            listed += id + " ";
        }
        listed.trim();
        step(listed).place(2, 4)
    }"#;
    let script = Script::compile("list", source, Limits::default()).unwrap();
    let from_script = script.find_step(&grid(PUZZLE)).unwrap().unwrap().name;
    let out = cli().args(["techniques", "--json"]).output().unwrap();
    let from_cli: Vec<String> = String::from_utf8(out.stdout.clone())
        .unwrap()
        .lines()
        .map(|l| {
            serde_json::from_str::<serde_json::Value>(l).unwrap()["id"]
                .as_str()
                .unwrap()
                .to_string()
        })
        .collect();
    assert!(from_cli.len() > 60, "{from_cli:?}");
    assert_eq!(from_script, from_cli.join(" "));
    let unknown = Script::compile("u", r#"fn find_step(g) { builtin("qqqqqqqq", g) }"#, Limits::default()).unwrap();
    let message = unknown.find_step(&grid(PUZZLE)).unwrap_err().message;
    assert!(
        message.contains("unknown technique 'qqqqqqqq' (techniques() lists them)"),
        "{message}"
    );
    // One family's: those of the CLI's JSON with that family, in the same order.
    let lines: Vec<serde_json::Value> = String::from_utf8(out.stdout)
        .unwrap()
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    for family in ["fish", "als", "singles"] {
        let source = format!(
            r#"fn find_step(g) {{ let l = ""; for id in techniques("{family}") {{ l += id + " "; }} l.trim(); step(l).place(2, 4) }}"#
        );
        let script = Script::compile("family", &source, Limits::default()).unwrap();
        let from_script = script.find_step(&grid(PUZZLE)).unwrap().unwrap().name;
        let from_cli: Vec<&str> = lines
            .iter()
            .filter(|l| l["family"] == family)
            .map(|l| l["id"].as_str().unwrap())
            .collect();
        assert!(from_cli.len() >= 3, "{family}: {from_cli:?}");
        assert_eq!(from_script, from_cli.join(" "), "{family}");
    }
    let fish = Script::compile(
        "f",
        r#"fn find_step(g) { techniques("fish").len(); () }"#,
        Limits::default(),
    );
    assert!(fish.unwrap().find_step(&grid(PUZZLE)).unwrap().is_none());
    let unknown = Script::compile("u", r#"fn find_step(g) { techniques("fishes") }"#, Limits::default()).unwrap();
    let message = unknown.find_step(&grid(PUZZLE)).unwrap_err().message;
    assert!(
        message.contains("unknown family 'fishes' (expected singles, intersections, subsets, fish,"),
        "{message}"
    );
}

fn solve(line: &str) -> (Position, [u8; CELLS]) {
    let position = parse_line(line).unwrap();
    let solution = check_puzzle(&position.givens()).unwrap();
    (position, solution)
}

#[test]
fn bad_steps_are_reported_and_not_applied() {
    let (position, solution) = solve(PUZZLE);
    let cases = [
        (
            "step(\"Bad\").eliminate(2, 4)",
            "step 1 of 'Bad' eliminates 4 from r1c3, which is the solution",
        ),
        (
            "step(\"Bad\").place(2, 1)",
            "step 1 of 'Bad' places 1 in r1c3, which is not the solution",
        ),
        (
            "step(\"Bad\").place(2, 5)",
            "step 1 of 'Bad' places 5 in r1c3, which is not a candidate there",
        ),
        (
            "step(\"Bad\").place(0, 5)",
            "step 1 of 'Bad' places 5 in r1c1, which already holds 5",
        ),
        (
            "step(\"Bad\").eliminate(2, 9)",
            "step 1 of 'Bad' eliminates 9 from r1c3, which is not a candidate there",
        ),
        (
            "step(\"Bad\").eliminate(99, 1)",
            "step 1 of 'Bad' names cell 99, outside 0–80",
        ),
        (
            "step(\"Bad\").place(2, 0)",
            "step 1 of 'Bad' names digit 0 in r1c3, not 1–9",
        ),
        ("step(\"Bad\")", "step 1 of 'Bad' places nothing and eliminates nothing"),
    ];
    for (body, message) in cases {
        let script = Script::compile("bad", &format!("fn find_step(g) {{ {body} }}"), Limits::default()).unwrap();
        let run = run_puzzle(&script, &position, &solution, false);
        assert_eq!(run.invalid, vec![message.to_string()], "{body}");
        assert_eq!(run.position, PUZZLE, "nothing applied");
    }
}

/// Hostile scripts end with a clear error, quickly, and nothing crashes. (The time bound is a
/// guard against hanging, far above the limits' real cost.)
#[test]
fn hostile_scripts_are_stopped_by_the_sandbox() {
    let cases: [(&str, &str); 7] = [
        ("fn find_step(g) { loop {} }", "too many operations"),
        (
            "fn f(n) { f(n + 1) } fn find_step(g) { f(0) }",
            "calls nested too deeply",
        ),
        ("fn find_step(g) { let a = []; loop { a.push(1); } }", "Size of array"),
        (
            "fn find_step(g) { let s = \"ab\"; loop { s += s; } }",
            "Length of string",
        ),
        (
            "import \"os\" as os; fn find_step(g) { () }",
            "'import' is a reserved keyword",
        ),
        ("fn find_step(g) { eval(\"1\") }", "'eval' is disabled"),
        ("fn find_step(g) { sleep(1); () }", "scripts can't sleep"),
    ];
    for (source, expected) in cases {
        let started = Instant::now();
        let outcome = std::thread::Builder::new()
            .stack_size(nonet::script::STACK_SIZE)
            .spawn(move || match Script::compile("hostile", source, Limits::default()) {
                Err(error) => Err(error.to_string()),
                Ok(script) => script.find_step(&grid(PUZZLE)).map(|_| ()).map_err(|e| e.to_string()),
            })
            .unwrap()
            .join()
            .expect("no crash");
        let error = outcome.expect_err(source);
        assert!(error.contains(expected), "{source}: {error}");
        assert!(
            started.elapsed() < Duration::from_secs(10),
            "{source} took {:?}",
            started.elapsed()
        );
        eprintln!("{source}: {error} ({:?})", started.elapsed());
    }
}

#[test]
fn stop_interrupts_a_running_script() {
    let limits = Limits {
        operations: u64::MAX / 2,
        ..Limits::default()
    };
    let script = std::sync::Arc::new(Script::compile("spin", "fn find_step(g) { loop {} }", limits).unwrap());
    let stop = script.stopper();
    let runner = script.clone();
    let worker = std::thread::spawn(move || runner.find_step(&grid(PUZZLE)));
    std::thread::sleep(Duration::from_millis(100));
    let asked = Instant::now();
    stop.store(true, std::sync::atomic::Ordering::Relaxed);
    let error = worker.join().unwrap().unwrap_err();
    assert_eq!(error.message, "stopped");
    eprintln!("stopped {:?} after asking", asked.elapsed());
}

/// The naked- and hidden-single examples together solve qqwing's simple set.
#[test]
fn the_single_examples_together_solve_the_simple_set() {
    let naked = example("naked-single").replace("fn find_step(g)", "fn naked(g)");
    let hidden = example("hidden-single").replace("fn find_step(g)", "fn hidden(g)");
    let source = format!(
        "{naked}\n{hidden}\nfn find_step(g) {{ let s = naked(g); if type_of(s) != \"()\" {{ return s; }} hidden(g) }}"
    );
    let script = Script::compile("singles", &source, Limits::default()).unwrap();
    let puzzles = common::qqwing("simple");
    assert!(puzzles.len() > 100);
    for puzzle in &puzzles {
        let (line, position, solution) = from_set(puzzle);
        let run = run_puzzle(&script, &position, &solution, false);
        assert!(
            run.solved && run.invalid.is_empty() && run.errors.is_empty(),
            "{line}: {run:?}"
        );
        common::assert_solves(puzzle, &filled(&run));
    }
}

/// Pointing and X-Wing make only right steps, and are used, on harder puzzles with the engine's
/// techniques filling in.
#[test]
fn the_pattern_examples_make_only_valid_steps() {
    for (name, used) in [("pointing", "Pointing"), ("x-wing", "X-Wing"), ("xy-wing", "XY-Wing")] {
        let script = Script::compile(name, &example(name), Limits::default()).unwrap();
        let mut uses = 0;
        for puzzle in common::qqwing("expert").iter().take(150) {
            let (line, position, solution) = from_set(puzzle);
            let run = run_puzzle(&script, &position, &solution, true);
            assert!(
                run.invalid.is_empty() && run.errors.is_empty(),
                "{name} on {line}: {run:?}"
            );
            uses += run.steps.get(used).copied().unwrap_or(0);
        }
        assert!(uses > 0, "{name} found nothing");
    }
}

/// The XY-Wing example finds a wing wherever Nonet's own XY-Wing finds one, and nowhere else: a
/// script asks both at every position of the path (taking the engine's step), and throws where
/// they disagree.
#[test]
fn the_xy_wing_example_agrees_with_the_engines() {
    let source = example("xy-wing").replace("fn find_step(g)", "fn mine(g)")
        + r#"
fn find_step(g) {
    let a = mine(g);
    let b = builtin("xy-wing", g);
    if (type_of(a) == "()") != (type_of(b) == "()") {
        throw `they disagree at ${g.to_string()}: the example ${type_of(a)}, the engine ${type_of(b)}`;
    }
    b
}"#;
    let script = Script::compile("xy-wing both", &source, Limits::default()).unwrap();
    let mut wings = 0;
    for puzzle in common::qqwing("expert").iter().take(100) {
        let (line, position, solution) = from_set(puzzle);
        let run = run_puzzle(&script, &position, &solution, true);
        assert!(
            run.solved && run.invalid.is_empty() && run.errors.is_empty(),
            "{line}: {run:?}"
        );
        wings += run.script_steps;
    }
    assert!(wings > 50, "{wings} wings");
}

/// The ladder example takes Nonet's own steps in its own order: every step right, most of
/// qqwing's expert set solved with its short list, and the rest (with the engine filling in)
/// solved too.
#[test]
fn the_ladder_example_solves_with_the_engines_steps() {
    let script = Script::compile("ladder", &example("ladder"), Limits::default()).unwrap();
    let puzzles = common::qqwing("expert");
    let (mut solved, mut tried) = (0, 0);
    for puzzle in puzzles.iter().take(200) {
        let (line, position, solution) = from_set(puzzle);
        for fallback in [false, true] {
            let run = run_puzzle(&script, &position, &solution, fallback);
            assert!(run.invalid.is_empty() && run.errors.is_empty(), "{line}: {run:?}");
            if fallback {
                assert!(run.solved, "{line}: {run:?}");
                common::assert_solves(puzzle, &filled(&run));
            } else {
                solved += run.solved as usize;
                tried += 1;
            }
        }
    }
    assert!(solved * 10 >= tried * 9, "the ladder solved {solved} of {tried}");
}

fn cli() -> Command {
    Command::cargo_bin("nonet-cli").unwrap()
}

/// A script still runs once the program's file is gone from the disk, as after an upgrade that
/// replaced it while it ran: the worker is the running program itself, not the path it was
/// started from (which then reads "… (deleted)"). The copy waits on a FIFO for its script, so
/// its file is deleted before it starts a worker.
#[test]
fn a_script_runs_after_the_programs_file_is_deleted() {
    let dir = tempfile::tempdir().unwrap();
    let program = dir.path().join("nonet-cli");
    std::fs::copy(assert_cmd::cargo::cargo_bin("nonet-cli"), &program).unwrap();
    let fifo = dir.path().join("script.rhai");
    common::make_fifo(&fifo);
    let child = std::process::Command::new(&program)
        .args(["script", "run", fifo.to_str().unwrap(), "--position", PUZZLE])
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .unwrap();
    std::fs::remove_file(&program).unwrap();
    // (From a thread: should the program end without reading, the write would wait forever.)
    let script = example("naked-single");
    std::thread::spawn(move || std::fs::write(&fifo, script));
    let out = child.wait_with_output().unwrap();
    let text = String::from_utf8_lossy(&out.stdout);
    assert_eq!(
        text.lines().next(),
        Some("puzzle 1: solved after 51 steps (Naked single 51)"),
        "{text}{}",
        String::from_utf8_lossy(&out.stderr)
    );
}

/// A puzzle's line counts its steps in words ("1 step", "0 steps") and lists techniques only
/// when there were steps.
#[test]
fn script_run_counts_steps_in_words() {
    let dir = tempfile::tempdir().unwrap();
    let script = dir.path().join("once.rhai");
    // One naked single, at the first call only (the puzzle has 51 empty cells).
    std::fs::write(
        &script,
        "fn find_step(g) { if g.empty_cells().len() == 51 { builtin(\"naked-single\", g) } }",
    )
    .unwrap();
    let out = cli()
        .args(["script", "run", script.to_str().unwrap(), "--position", PUZZLE])
        .output()
        .unwrap();
    let text = String::from_utf8_lossy(&out.stdout);
    assert_eq!(out.status.code(), Some(0), "{text}");
    assert_eq!(
        text.lines().next(),
        Some("puzzle 1: stuck after 1 step (Naked Single 1)"),
        "{text}"
    );
    std::fs::write(&script, "fn find_step(g) { () }").unwrap();
    let out = cli()
        .args(["script", "run", script.to_str().unwrap(), "--position", PUZZLE])
        .output()
        .unwrap();
    let text = String::from_utf8_lossy(&out.stdout);
    assert_eq!(text.lines().next(), Some("puzzle 1: stuck after 0 steps"), "{text}");
}

#[test]
fn script_run_reports_per_puzzle_and_in_summary() {
    let dir = tempfile::tempdir().unwrap();
    let puzzles = dir.path().join("p.txt");
    std::fs::write(&puzzles, format!("{PUZZLE}\n{PUZZLE}\nnot a puzzle\n")).unwrap();
    let script = format!("{}/data/scripts/naked-single.rhai", env!("CARGO_MANIFEST_DIR"));
    let out = cli()
        .args([
            "script",
            "run",
            &script,
            "--puzzles",
            puzzles.to_str().unwrap(),
            "--jobs",
            "2",
        ])
        .output()
        .unwrap();
    let text = String::from_utf8_lossy(&out.stdout);
    // Exit status 2: one line is not a puzzle (the others still ran).
    assert_eq!(out.status.code(), Some(2), "{text}");
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines[0], "puzzle 1: solved after 51 steps (Naked single 51)");
    assert!(lines[2].starts_with("puzzle 3: not run: line 3"), "{text}");
    assert!(
        lines[3].starts_with("solved 2 of 3 puzzles; 102 steps; 0 invalid; 0 errors; 1 not run; "),
        "{text}"
    );
    assert_eq!(lines[4], "  Naked single: 102");

    let out = cli()
        .args([
            "script",
            "run",
            &script.replace("naked", "hidden"),
            "--position",
            "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......",
            "--fallback",
            "builtin",
            "--json",
        ])
        .output()
        .unwrap();
    let text = String::from_utf8_lossy(&out.stdout);
    let summary: serde_json::Value = serde_json::from_str(text.lines().last().unwrap()).unwrap();
    for key in [
        "solved",
        "puzzles",
        "steps",
        "invalid",
        "errors",
        "seconds",
        "by_technique",
    ] {
        assert!(summary.get(key).is_some(), "{key} in {summary}");
    }
    assert_eq!(summary["puzzles"], 1);
    assert!(
        summary["script_steps"].as_u64().unwrap() > 0 && summary["builtin_steps"].as_u64().unwrap() > 0,
        "{summary}"
    );

    // A script that does not compile: its line and column, and a failing exit.
    let broken = dir.path().join("broken.rhai");
    std::fs::write(&broken, "fn find_step(g) {\n  let x = ;\n}\n").unwrap();
    let out = cli()
        .args(["script", "run", broken.to_str().unwrap(), "--position", PUZZLE])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(3));
    assert!(
        String::from_utf8_lossy(&out.stderr).contains("line 2, column"),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    // The operations limit is configurable: a scan of the grid needs more than 50.
    let out = cli()
        .args(["script", "run", &script, "--position", PUZZLE, "--max-operations", "50"])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(3));
    assert!(
        String::from_utf8_lossy(&out.stdout).contains("too many operations"),
        "{}",
        String::from_utf8_lossy(&out.stdout)
    );
    // An invalid step fails the run.
    let liar = dir.path().join("liar.rhai");
    std::fs::write(&liar, "fn find_step(g) { step(\"Liar\").eliminate(2, 4) }").unwrap();
    let out = cli()
        .args(["script", "run", liar.to_str().unwrap(), "--position", PUZZLE])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(1));
    assert!(String::from_utf8_lossy(&out.stdout).contains("eliminates 4 from r1c3, which is the solution"));
}

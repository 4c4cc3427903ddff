//! `nonet-cli script run`: a player's Rhai script over puzzles, headless and in parallel — per
//! puzzle whether it was solved and by which steps, then a summary line and one line per
//! technique (or one JSON object). And `nonet-cli script functions`: the scripting API. Each worker thread drives a script worker process (see
//! `nonet::script::sandbox`), so a script that exhausts memory or stops responding costs one
//! puzzle, not the run.

use std::collections::BTreeMap;
use std::io::Write;
use std::path::Path;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Mutex;
use std::time::Instant;

use anyhow::Result;
use nonet::engine::format::read_puzzles;
use nonet::engine::grid::{Digit, Position, CELLS};
use nonet::engine::input;
use nonet::engine::validate::check_puzzle;
use nonet::script::run::{Doing, PuzzleRun};
use nonet::script::sandbox::{Sandbox, Watchdog, WorkerCommand};
use nonet::script::Limits;
use serde_json::json;

/// Lists every function a script can call (`script::reference`), as the reference writes the
/// call, with what it gives: `g.cells_with(h, d)  The cells of house h where d is a candidate`.
pub fn functions(json: bool) -> Result<bool> {
    use nonet::script::reference::{Receiver, FUNCTIONS};
    let mut out = std::io::stdout().lock();
    let width = FUNCTIONS.iter().map(|f| f.call().chars().count()).max().unwrap_or(0);
    for function in FUNCTIONS {
        if json {
            let receiver = match function.receiver {
                Receiver::None => "none",
                Receiver::Grid => "grid",
                Receiver::Step => "step",
            };
            let parameters: Option<Vec<&str>> = function
                .parameters
                .map(|p| p.split(", ").filter(|p| !p.is_empty()).collect());
            let object = json!({
                "name": function.name, "receiver": receiver, "parameters": parameters,
                "call": function.call(), "summary": function.summary,
            });
            writeln!(out, "{object}")?;
        } else {
            writeln!(out, "{:<width$}  {}", function.call(), function.summary)?;
        }
    }
    Ok(true)
}

/// How a run ended, as the exit status says (documented in docs/scripting.md).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Outcome {
    /// Every puzzle ran cleanly.
    Clean = 0,
    /// A step the script returned was invalid.
    InvalidStep = 1,
    /// Some puzzles could not be read or are not valid puzzles.
    BadInput = 2,
    /// The script failed: it does not compile, raised an error or hit a limit.
    ScriptError = 3,
}

/// A puzzle to run, or why it can't be.
type Job = (usize, std::result::Result<(Position, [Digit; CELLS]), String>);

fn jobs_from_text(text: &str) -> Vec<Job> {
    read_puzzles(text)
        .into_iter()
        .map(|(line, parsed)| {
            let job = parsed.map_err(|e| e.to_string()).and_then(|position| {
                let solution = check_puzzle(&position.givens()).map_err(|p| format!("line {line}: {p}"))?;
                Ok((position, solution))
            });
            (line, job)
        })
        .collect()
}

/// What the run is given.
pub struct Settings {
    pub fallback: bool,
    pub jobs: Option<usize>,
    pub limits: Limits,
    pub watchdog: Watchdog,
    pub json: bool,
}

/// A worker with the script compiled, or why there is none.
fn start(source: &str, name: &str, settings: &Settings) -> Result<Sandbox, String> {
    let command = WorkerCommand::this_program().map_err(|e| format!("can't find this program: {e}"))?;
    let mut sandbox = Sandbox::start(&command, settings.watchdog).map_err(|f| f.to_string())?;
    match sandbox.compile(name, source, settings.limits) {
        Ok(Ok(())) => Ok(sandbox),
        Ok(Err(error)) => Err(error.to_string()),
        Err(failure) => Err(failure.to_string()),
    }
}

/// Runs one puzzle in the thread's worker, starting a new worker when the last one failed.
fn run_one(
    sandbox: &mut Option<Sandbox>,
    source: &str,
    name: &str,
    settings: &Settings,
    position: &Position,
    solution: &[Digit; CELLS],
) -> PuzzleRun {
    let failed = |problem: String| PuzzleRun {
        errors: vec![problem],
        ..PuzzleRun::default()
    };
    if sandbox.is_none() {
        match start(source, name, settings) {
            Ok(started) => *sandbox = Some(started),
            Err(problem) => return failed(problem),
        }
    }
    let Some(worker) = sandbox.as_mut() else {
        return failed("no script worker".into());
    };
    match worker.run_puzzle(position, solution, settings.fallback) {
        Ok(run) => run,
        Err((failure, doing)) => {
            *sandbox = None;
            let at = match doing {
                Some(Doing::Script(n)) => format!("step {n}: "),
                Some(Doing::Builtin(n)) => format!("step {n} (the engine's techniques): "),
                None => String::new(),
            };
            failed(format!("{at}{failure}"))
        }
    }
}

pub fn run(script_path: &Path, puzzles: Option<&Path>, position: Option<&str>, settings: &Settings) -> Result<Outcome> {
    let source = input::read_file(script_path, false)?;
    let name = script_path
        .file_name()
        .map(|n| n.to_string_lossy().to_string())
        .unwrap_or_default();
    let first = match start(&source, &name, settings) {
        Ok(sandbox) => sandbox,
        Err(problem) => {
            eprintln!("nonet-cli: {}: {problem}", script_path.display());
            return Ok(Outcome::ScriptError);
        }
    };
    let text = match (puzzles, position) {
        (Some(path), None) => super::commands::read_text(path)?,
        (None, Some(position)) => super::commands::position_text(position)?,
        _ => anyhow::bail!("give either --puzzles FILE or --position P"),
    };
    let work = jobs_from_text(&text);
    let threads = settings
        .jobs
        .unwrap_or_else(|| std::thread::available_parallelism().map(|n| n.get()).unwrap_or(1))
        .clamp(1, work.len().max(1));
    let started = Instant::now();
    let next = AtomicUsize::new(0);
    let results: Mutex<Vec<Option<PuzzleRun>>> = Mutex::new(vec![None; work.len()]);
    let spare = Mutex::new(Some(first));
    let spawned = std::thread::scope(|scope| -> std::io::Result<()> {
        for _ in 0..threads {
            std::thread::Builder::new().spawn_scoped(scope, || {
                let mut sandbox = spare.lock().ok().and_then(|mut s| s.take());
                loop {
                    let index = next.fetch_add(1, Ordering::Relaxed);
                    let Some((_, job)) = work.get(index) else { break };
                    let Ok((position, solution)) = job else { continue };
                    let result = run_one(&mut sandbox, &source, &name, settings, position, solution);
                    if let Ok(mut results) = results.lock() {
                        results[index] = Some(result);
                    }
                }
            })?;
        }
        Ok(())
    });
    spawned.map_err(|e| anyhow::anyhow!("can't start a worker thread: {e}"))?;
    let results = results.into_inner().unwrap_or_else(|poisoned| poisoned.into_inner());
    let seconds = started.elapsed().as_secs_f64();

    let mut out = std::io::BufWriter::new(std::io::stdout().lock());
    let (mut solved, mut steps, mut invalid, mut errors, mut unread, mut script_steps, mut builtin_steps) =
        (0, 0, 0, 0, 0, 0, 0);
    let mut by_technique: BTreeMap<String, usize> = BTreeMap::new();
    for (index, ((line, job), result)) in work.iter().zip(&results).enumerate() {
        let number = index + 1;
        let run = match (job, result) {
            (Err(problem), _) => {
                unread += 1;
                if settings.json {
                    writeln!(out, "{}", json!({ "puzzle": number, "line": line, "error": problem }))?;
                } else {
                    writeln!(out, "puzzle {number}: not run: {problem}")?;
                }
                continue;
            }
            (Ok(_), Some(run)) => run,
            (Ok(_), None) => continue,
        };
        solved += usize::from(run.solved);
        let count: usize = run.steps.values().sum();
        steps += count;
        invalid += run.invalid.len();
        errors += run.errors.len();
        script_steps += run.script_steps;
        builtin_steps += run.builtin_steps;
        for (technique, n) in &run.steps {
            *by_technique.entry(technique.clone()).or_default() += n;
        }
        if settings.json {
            let mut value = serde_json::to_value(run)?;
            value["puzzle"] = json!(number);
            writeln!(out, "{value}")?;
        } else {
            let by: Vec<String> = run.steps.iter().map(|(t, n)| format!("{t} {n}")).collect();
            let outcome = if run.solved { "solved" } else { "stuck" };
            let plural = if count == 1 { "" } else { "s" };
            write!(out, "puzzle {number}: {outcome} after {count} step{plural}")?;
            if !by.is_empty() {
                write!(out, " ({})", by.join(", "))?;
            }
            for problem in run.invalid.iter().chain(&run.errors) {
                write!(out, "; {}", escape_controls(problem))?;
            }
            writeln!(out)?;
            for line in &run.output {
                writeln!(out, "  > {}", escape_controls(line))?;
            }
        }
    }
    let puzzles = work.len();
    if settings.json {
        let summary = json!({
            "solved": solved, "puzzles": puzzles, "steps": steps, "invalid": invalid, "errors": errors,
            "unread": unread, "seconds": seconds, "by_technique": by_technique,
            "script_steps": script_steps, "builtin_steps": builtin_steps,
        });
        writeln!(out, "{summary}")?;
    } else {
        writeln!(
            out,
            "solved {solved} of {puzzles} puzzles; {steps} steps; {invalid} invalid; {errors} errors; {unread} not run; {seconds:.2} s"
        )?;
        for (technique, n) in &by_technique {
            writeln!(out, "  {technique}: {n}")?;
        }
        if settings.fallback && steps > 0 {
            writeln!(
                out,
                "the script's steps: {script_steps} of {steps} ({:.0}%)",
                100.0 * script_steps as f64 / steps as f64
            )?;
        }
    }
    out.flush()?;
    Ok(if errors > 0 {
        Outcome::ScriptError
    } else if invalid > 0 {
        Outcome::InvalidStep
    } else if unread > 0 {
        Outcome::BadInput
    } else {
        Outcome::Clean
    })
}

/// A script's text as one terminal line: control characters shown as escapes.
fn escape_controls(text: &str) -> String {
    text.chars()
        .flat_map(|c| match c.is_control() {
            true => c.escape_default().collect::<Vec<_>>(),
            false => vec![c],
        })
        .collect()
}

//! `nonet-cli script run`: a player's Rhai script over puzzles, headless and in parallel — per
//! puzzle whether it was solved and by which steps, then a summary line and one line per
//! technique (or one JSON object).

use std::collections::BTreeMap;
use std::io::Write;
use std::path::Path;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::Instant;

use anyhow::{Context, Result};
use nonet::engine::format::read_puzzles;
use nonet::engine::grid::{Digit, Position, CELLS};
use nonet::engine::validate::check_puzzle;
use nonet::script::run::{run_puzzle, PuzzleRun};
use nonet::script::{Limits, Script, STACK_SIZE};
use serde_json::json;

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

pub fn run(
    script_path: &Path,
    puzzles: Option<&Path>,
    position: Option<&str>,
    fallback: bool,
    jobs: Option<usize>,
    limits: Limits,
    json_out: bool,
) -> Result<bool> {
    let source =
        std::fs::read_to_string(script_path).with_context(|| format!("can't read {}", script_path.display()))?;
    let name = script_path
        .file_name()
        .map(|n| n.to_string_lossy().to_string())
        .unwrap_or_default();
    let script = match Script::compile(&name, &source, limits) {
        Ok(script) => script,
        Err(error) => {
            eprintln!("nonet-cli: {}: {error}", script_path.display());
            return Ok(false);
        }
    };
    let text = match (puzzles, position) {
        (Some(path), None) => super::commands::read_text(path)?,
        (None, Some(position)) => match Path::new(position).exists() {
            true => std::fs::read_to_string(position)?,
            false => position.to_string(),
        },
        _ => anyhow::bail!("give either --puzzles FILE or --position P"),
    };
    let work = jobs_from_text(&text);
    let threads = jobs
        .unwrap_or_else(|| std::thread::available_parallelism().map(|n| n.get()).unwrap_or(1))
        .max(1);
    let started = Instant::now();
    let next = AtomicUsize::new(0);
    let mut results: Vec<Option<PuzzleRun>> = vec![None; work.len()];
    let chunks = std::sync::Mutex::new(&mut results);
    std::thread::scope(|scope| {
        for _ in 0..threads.min(work.len().max(1)) {
            std::thread::Builder::new()
                .stack_size(STACK_SIZE)
                .spawn_scoped(scope, || loop {
                    let index = next.fetch_add(1, Ordering::Relaxed);
                    let Some((_, job)) = work.get(index) else { break };
                    let Ok((position, solution)) = job else { continue };
                    let result = run_puzzle(&script, position, solution, fallback);
                    if let Ok(mut results) = chunks.lock() {
                        results[index] = Some(result);
                    }
                })
                .expect("a worker thread");
        }
    });
    let seconds = started.elapsed().as_secs_f64();

    let mut out = std::io::stdout().lock();
    let (mut solved, mut steps, mut invalid, mut errors, mut script_steps, mut builtin_steps) = (0, 0, 0, 0, 0, 0);
    let mut by_technique: BTreeMap<String, usize> = BTreeMap::new();
    for (index, ((line, job), result)) in work.iter().zip(&results).enumerate() {
        let number = index + 1;
        let run = match (job, result) {
            (Err(problem), _) => {
                errors += 1;
                if json_out {
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
        if json_out {
            let mut value = serde_json::to_value(run)?;
            value["puzzle"] = json!(number);
            writeln!(out, "{value}")?;
        } else {
            let by: Vec<String> = run.steps.iter().map(|(t, n)| format!("{t} {n}")).collect();
            let outcome = if run.solved { "solved" } else { "stuck" };
            write!(
                out,
                "puzzle {number}: {outcome} after {count} steps ({})",
                by.join(", ")
            )?;
            for problem in run.invalid.iter().chain(&run.errors) {
                write!(out, "; {problem}")?;
            }
            writeln!(out)?;
        }
    }
    let puzzles = work.len();
    if json_out {
        let summary = json!({
            "solved": solved, "puzzles": puzzles, "steps": steps, "invalid": invalid, "errors": errors,
            "seconds": seconds, "by_technique": by_technique,
            "script_steps": script_steps, "builtin_steps": builtin_steps,
        });
        writeln!(out, "{summary}")?;
    } else {
        writeln!(
            out,
            "solved {solved} of {puzzles} puzzles; {steps} steps; {invalid} invalid; {errors} errors; {seconds:.2} s"
        )?;
        for (technique, n) in &by_technique {
            writeln!(out, "  {technique}: {n}")?;
        }
        if fallback && steps > 0 {
            writeln!(
                out,
                "the script's steps: {script_steps} of {steps} ({:.0}%)",
                100.0 * script_steps as f64 / steps as f64
            )?;
        }
    }
    Ok(invalid == 0)
}

//! The subcommands of `nonet-cli`. Each returns Ok(true) when every puzzle was read, Ok(false)
//! when some line failed to parse, and Err for trouble outside the puzzles (unreadable files).

use std::io::Write;
use std::path::{Path, PathBuf};
use std::sync::atomic::AtomicBool;
use std::time::Instant;

use anyhow::Result;
use nonet::engine::daily::Day;
use nonet::engine::generator::{self, Options, Symmetry};
use nonet::engine::grid::{cell_name, digits_to_line};
use nonet::engine::logic::hint::Uniqueness;
use nonet::engine::logic::{self, Family, Hint, Level, Step, Technique};
use nonet::engine::validate::{check_puzzle, PuzzleProblem};
use nonet::engine::{format, input, practice, solver, Format, ParseError, Position, CELLS};
use serde_json::json;

use crate::batch::{self, Threads};
use crate::progress::Progress;

/// The text of a puzzle argument: standard input for `-`, or the file's text; an argument that
/// names no file but reads as a puzzle's line (81 characters or more, no `/`: `nonet-cli solve
/// 53..7....6..195…`) is its own text, as `path` and `hint` take one, and a slip in it is told
/// as a file's line would be.
pub fn read_text(path: &Path) -> Result<String> {
    if path.as_os_str() == "-" {
        return Ok(input::read_stream(std::io::stdin().lock(), "standard input")?);
    }
    let inline = path
        .to_str()
        .filter(|text| text.chars().count() >= CELLS && !text.contains('/') && !path.exists());
    Ok(match inline {
        Some(text) => text.to_string(),
        None => input::read_file(path, false)?,
    })
}

/// The text of a POSITION argument: standard input for `-`; a file's text where the argument
/// names one, or looks like a file's name (a `/` in it, or an ending such as `.sdk`), so that a
/// missing file is told as missing; else the argument itself, a puzzle's line.
pub fn position_text(argument: &str) -> Result<String> {
    let path = Path::new(argument);
    let file_like = argument.contains('/')
        || path
            .extension()
            .and_then(|ending| ending.to_str())
            .is_some_and(|ending| ending.chars().all(|c| c.is_ascii_alphabetic()));
    if argument == "-" || file_like || path.exists() {
        read_text(path)
    } else {
        Ok(argument.to_string())
    }
}

/// Says on stderr that a file held no puzzle (only blank or `#` lines, or nothing), which
/// would otherwise pass in silence, as if it had been read.
pub fn note_if_empty(path: &Path, puzzles: usize) {
    if puzzles == 0 {
        let name = if path.as_os_str() == "-" {
            "standard input".to_string()
        } else {
            path.display().to_string()
        };
        eprintln!("nonet-cli: no puzzles in {name}");
    }
}

/// Reports a parse error on stderr as `line N: <message>` and returns the text for stdout.
fn report(line: usize, error: &ParseError) -> String {
    eprintln!("line {line}: {}", error.without_line());
    format!("invalid: {}", error.without_line())
}

/// Runs `each` over the puzzles of a file, printing what it returns, one line per puzzle.
fn for_each_puzzle(path: &Path, what: &str, mut each: impl FnMut(usize, &Position) -> String) -> Result<bool> {
    let text = read_text(path)?;
    let puzzles = format::read_puzzles(&text);
    note_if_empty(path, puzzles.len());
    let mut progress = Progress::new(puzzles.len() as u64, what);
    let mut out = std::io::BufWriter::new(std::io::stdout().lock());
    let mut all_read = true;
    for (line, puzzle) in puzzles {
        let output = match puzzle {
            Ok(position) => each(line, &position),
            Err(error) => {
                all_read = false;
                report(line, &error)
            }
        };
        writeln!(out, "{output}")?;
        progress.advance(1);
    }
    out.flush()?;
    Ok(all_read)
}

/// The solution of each puzzle as 81 digits, or `invalid: <reason>`.
pub fn solve(path: &Path, threads: Threads) -> Result<bool> {
    batch::run(path, "solving", threads, |line, givens, answers| {
        match check_puzzle(givens) {
            Ok(solution) => {
                let mut text = [b'\n'; CELLS + 1];
                for (byte, digit) in text.iter_mut().zip(solution) {
                    *byte = b'0' + digit;
                }
                answers.out.extend_from_slice(&text);
            }
            Err(problem) => {
                let _ = writeln!(answers.err, "line {line}: {problem}");
                let _ = writeln!(
                    answers.out,
                    "{}",
                    match problem {
                        PuzzleProblem::RepeatedGivens(_) | PuzzleProblem::NoSolution => "invalid: no solution",
                        PuzzleProblem::MultipleSolutions => "invalid: multiple solutions",
                    }
                );
            }
        }
    })
}

/// Every solution of each puzzle, streamed one a line as the search finds them, then a count
/// line: `3 solutions`, `1 solution`, `0 solutions`, or `10000 solutions (stopped at --limit)`.
pub fn solve_all(path: &Path, limit: usize) -> Result<bool> {
    let text = read_text(path)?;
    let puzzles = format::read_puzzles(&text);
    note_if_empty(path, puzzles.len());
    let mut progress = Progress::new(puzzles.len() as u64, "solving");
    let mut out = std::io::BufWriter::new(std::io::stdout().lock());
    let mut all_read = true;
    for (line, puzzle) in puzzles {
        match puzzle {
            Ok(position) => {
                let mut written = Ok(());
                let found = solver::each_solution(&position.givens(), limit, &mut |solution| {
                    if written.is_ok() {
                        written = writeln!(out, "{}", digits_to_line(solution));
                    }
                });
                written?;
                let noun = if found == 1 { "solution" } else { "solutions" };
                let stopped = if found >= limit { " (stopped at --limit)" } else { "" };
                writeln!(out, "{found} {noun}{stopped}")?;
            }
            Err(error) => {
                all_read = false;
                writeln!(out, "{}", report(line, &error))?;
            }
        }
        progress.advance(1);
    }
    out.flush()?;
    Ok(all_read)
}

pub fn count(path: &Path, limit: usize, threads: Threads) -> Result<bool> {
    batch::run(path, "counting", threads, |_, givens, answers| {
        let _ = writeln!(answers.out, "{}", solver::count_solutions(givens, limit));
    })
}

pub fn convert(path: &Path, to: Format) -> Result<bool> {
    let mut first = true;
    for_each_puzzle(path, "converting", |_, position| {
        let mut text = format::write(position, to);
        if text.ends_with('\n') {
            text.pop();
        }
        if !to.is_single_line() && !std::mem::take(&mut first) {
            text.insert(0, '\n');
        }
        text
    })
}

pub fn generate(
    count: u64,
    seed: Option<u64>,
    symmetry: Symmetry,
    minimal: bool,
    difficulty: Option<Level>,
    json: bool,
) -> Result<bool> {
    let base = seed.unwrap_or_else(generator::random_seed);
    let options = (0..count).map(|i| Options {
        seed: base.wrapping_add(i),
        symmetry,
        minimal,
        difficulty,
    });
    write_generated(count, options.map(|o| (o, None)), json)
}

/// The daily puzzles of `count` days from `first` (as the app's Daily Puzzle gives them).
pub fn generate_daily(first: Day, count: u64, json: bool) -> Result<bool> {
    let days = std::iter::successors(Some(first), |day| day.next()).take(count.try_into().unwrap_or(usize::MAX));
    write_generated(count, days.map(|day| (day.options(), Some(day))), json)
}

/// Generates a puzzle for each of `options` and writes it, a line each: the puzzle, or with
/// `json` an object with its solution, clues, seed, symmetry, rating and (a daily's) date.
fn write_generated(count: u64, options: impl Iterator<Item = (Options, Option<Day>)>, json: bool) -> Result<bool> {
    let mut progress = Progress::new(count, "generating");
    let mut out = std::io::BufWriter::new(std::io::stdout().lock());
    for (options, day) in options {
        let generated = generator::generate(options)?;
        if json {
            let mut object = json!({
                "puzzle": digits_to_line(&generated.puzzle),
                "solution": digits_to_line(&generated.solution),
                "clues": generated.clue_count(),
                "seed": generated.seed,
                "symmetry": options.symmetry.to_string(),
            });
            if let Some(rating) = &generated.rating {
                object["rating"] = serde_json::to_value(rating)?;
            }
            if let Some(day) = day {
                object["date"] = day.to_string().into();
            }
            writeln!(out, "{object}")?;
        } else {
            writeln!(out, "{}", digits_to_line(&generated.puzzle))?;
        }
        progress.advance(1);
    }
    out.flush()?;
    Ok(true)
}

pub fn practise(technique: Technique, seed: Option<u64>, to: Format, json: bool) -> Result<bool> {
    if let Some(why) = practice::why_not(technique) {
        anyhow::bail!("{} cannot be practised: {why}", technique.id());
    }
    let seed = seed.unwrap_or_else(generator::random_seed);
    let mut progress = Progress::searching("puzzles drawn");
    let found = practice::practise(technique, seed, &AtomicBool::new(false), &mut |n| progress.set(n))?;
    drop(progress);
    let mut out = std::io::stdout().lock();
    if json {
        let object = json!({
            "technique": technique.id(),
            "puzzle": digits_to_line(&found.puzzle),
            "solution": digits_to_line(&found.solution),
            "seed": found.seed,
            "tried": found.tried,
            "position": serde_json::from_str::<serde_json::Value>(&format::write(&found.position, Format::Json))?,
            "step": serde_json::to_value(&found.step)?,
            "rating": serde_json::to_value(&found.rating)?,
        });
        writeln!(out, "{object}")?;
    } else {
        write!(out, "{}", format::write(&found.position, to))?;
        eprintln!(
            "{}: found in puzzle {} (--seed {} gives it at once)",
            technique.id(),
            found.tried,
            found.seed
        );
    }
    Ok(true)
}

/// Reads a POSITION argument: an 81-character puzzle, or a file in any supported format. A file
/// of several puzzles gives its first, as the app plays it, and says so on stderr.
fn read_position(argument: &str) -> Result<Position> {
    let text = position_text(argument)?;
    let puzzles = format::read_puzzles(&text);
    let count = puzzles.len();
    let Some((_, first)) = puzzles.into_iter().next() else {
        return Err(anyhow::anyhow!("{argument}: no puzzle found"));
    };
    let position = first.map_err(|error| anyhow::anyhow!("{argument}: {error}"))?;
    if count > 1 {
        eprintln!("nonet-cli: {argument} holds {count} puzzles; using the first");
    }
    Ok(position)
}

fn print_step(out: &mut impl Write, step: &Step, json: bool) -> Result<()> {
    if json {
        writeln!(out, "{}", serde_json::to_string(step)?)?;
    } else {
        // A paragraph after the first (a nested net's inner contradictions) indented.
        let explanation = logic::explanation::indented(&step.explanation, "  ");
        writeln!(out, "{}: {}", step.technique.id(), explanation.trim_start())?;
        for p in &step.placements {
            writeln!(out, "{}={}", cell_name(p.cell), p.digit)?;
        }
        for e in &step.eliminations {
            writeln!(out, "{}<>{}", cell_name(e.cell), e.digit)?;
        }
    }
    Ok(())
}

pub fn hint(
    argument: &str,
    technique: Option<Technique>,
    all: bool,
    json: bool,
    uniqueness: Uniqueness,
) -> Result<bool> {
    let position = read_position(argument)?;
    let mut out = std::io::stdout().lock();
    if all {
        let techniques: Vec<Technique> = technique.map_or_else(|| Technique::ALL.to_vec(), |t| vec![t]);
        for technique in techniques {
            let steps = logic::find_all(&position, technique);
            for step in &steps {
                print_step(&mut out, step, json)?;
            }
            if steps.len() >= logic::MOST_LISTED {
                eprintln!(
                    "{}: listing stopped at {} instances",
                    technique.id(),
                    logic::MOST_LISTED
                );
            }
        }
        return Ok(true);
    }
    if let Some(technique) = technique {
        match logic::find_step(&position, technique) {
            Some(step) => print_step(&mut out, &step, json)?,
            None if json => writeln!(out, "null")?,
            None => writeln!(out, "none")?,
        }
        return Ok(true);
    }
    // A hint rests on the solution: without exactly one, say why, as `path` does.
    let solution = check_puzzle(&position.givens()).map_err(|problem| anyhow::anyhow!("{argument}: {problem}"))?;
    match logic::hint::hint_using(&position, &solution, uniqueness) {
        Hint::Step(step) => print_step(&mut out, &step, json)?,
        other if json => writeln!(out, "{}", serde_json::to_string(&other)?)?,
        Hint::Reveal { cell, digit } => {
            writeln!(out, "reveal: {}", Hint::Reveal { cell, digit }.message())?;
            writeln!(out, "{}={}", cell_name(cell), digit)?;
        }
        other => writeln!(out, "{}", other.message())?,
    }
    Ok(true)
}

pub fn path(argument: &str, json: bool, explain: bool) -> Result<bool> {
    let position = read_position(argument)?;
    let solution = check_puzzle(&position.givens()).map_err(|problem| anyhow::anyhow!("{argument}: {problem}"))?;
    let path = logic::logical_solve_with(&position, Some(&solution));
    let mut out = std::io::BufWriter::new(std::io::stdout().lock());
    for step in &path.steps {
        if json {
            writeln!(out, "{}", serde_json::to_string(step)?)?;
        } else {
            writeln!(out, "{}", step.compact())?;
            if explain {
                writeln!(out, "{}", logic::explanation::indented(&step.explanation, "  "))?;
            }
        }
    }
    if !path.solved {
        writeln!(out, "{}", if json { "\"stuck\"" } else { "stuck" })?;
    }
    out.flush()?;
    Ok(true)
}

pub fn rate(path: &Path, json: bool, threads: Threads) -> Result<bool> {
    batch::run(path, "rating", threads, |line, givens, answers| {
        if let Err(problem) = check_puzzle(givens) {
            let _ = writeln!(answers.err, "line {line}: {problem}");
            let text = if json {
                json!({ "error": problem.to_string() }).to_string()
            } else {
                format!("invalid: {problem}")
            };
            let _ = writeln!(answers.out, "{text}");
            return;
        }
        let rating = logic::rate(givens);
        let _ = if json {
            let mut object = serde_json::to_value(&rating).unwrap_or_default();
            object["puzzle"] = json!(digits_to_line(givens));
            writeln!(answers.out, "{object}")
        } else {
            let hardest = rating.hardest.map_or("none", |t| t.id());
            let note = if rating.solved {
                ""
            } else {
                " (stuck: no technique Nonet knows applies)"
            };
            writeln!(answers.out, "{} {:.1} {}{}", rating.level, rating.score, hardest, note)
        };
    })
}

/// Every technique by score (the ladder's order), or those of one `family`, one a line: `id level
/// score name`, those the ladder leaves out marked; with `json`, one object a line.
pub fn techniques(json: bool, family: Option<Family>) -> Result<bool> {
    let mut out = std::io::stdout().lock();
    for technique in family.map_or_else(Technique::all_by_score, Family::techniques) {
        let ladder = logic::rating::by_score().contains(&technique);
        // Scores have one or two decimals (7.35); as f32 they would print as 7.349999904632568.
        let hundredths = (f64::from(technique.score()) * 100.0).round();
        if json {
            let object = json!({
                "id": technique.id(), "name": technique.name(), "level": technique.level().id(),
                "score": hundredths / 100.0, "family": technique.family().id(), "ladder": ladder,
            });
            writeln!(out, "{object}")?;
        } else {
            let note = if ladder {
                ""
            } else {
                " (only asked by hint --technique)"
            };
            let score = technique.score_text();
            let (id, level) = (technique.id(), technique.level().id());
            writeln!(out, "{id:<32} {level:<7} {score:<5} {}{note}", technique.name())?;
        }
    }
    Ok(true)
}

/// Solver timings for one file.
struct BenchResult {
    puzzles: usize,
    unique: usize,
    multiple: usize,
    unsolvable: usize,
    unreadable: usize,
    seconds: f64,
}

fn bench_file(path: &Path) -> Result<BenchResult> {
    let text = read_text(path)?;
    let mut unreadable = 0;
    let puzzles: Vec<_> = format::read_givens(&text)
        .into_iter()
        .filter_map(|(line, puzzle)| match puzzle {
            Ok(givens) => Some(givens),
            Err(error) => {
                eprintln!("{}: line {line}: {}", path.display(), error.without_line());
                unreadable += 1;
                None
            }
        })
        .collect();
    let mut counts = [0usize; 3];
    let mut progress = Progress::new(puzzles.len() as u64, &path.display().to_string());
    let started = Instant::now();
    for chunk in puzzles.chunks(256) {
        for puzzle in chunk {
            counts[solver::solve(puzzle).count()] += 1;
        }
        progress.advance(chunk.len() as u64);
    }
    let seconds = started.elapsed().as_secs_f64();
    Ok(BenchResult {
        puzzles: puzzles.len(),
        unsolvable: counts[0],
        unique: counts[1],
        multiple: counts[2],
        unreadable,
        seconds,
    })
}

pub fn bench(paths: &[PathBuf], json: bool) -> Result<bool> {
    let mut all_read = true;
    for path in paths {
        let result = bench_file(path)?;
        all_read &= result.unreadable == 0;
        let micros = if result.puzzles == 0 {
            0.0
        } else {
            result.seconds * 1e6 / result.puzzles as f64
        };
        if json {
            let object = json!({
                "file": path.display().to_string(),
                "puzzles": result.puzzles,
                "unique": result.unique,
                "multiple": result.multiple,
                "no_solution": result.unsolvable,
                "unreadable": result.unreadable,
                "seconds": result.seconds,
                "micros_per_puzzle": micros,
            });
            println!("{object}");
        } else {
            println!(
                "{}: {} puzzles, {:.2} µs per puzzle ({:.3} s; {} unique, {} multiple, {} without solution)",
                path.display(),
                result.puzzles,
                micros,
                result.seconds,
                result.unique,
                result.multiple,
                result.unsolvable
            );
        }
    }
    Ok(all_read)
}

//! `nonet-cli history`: the app's game history from the command line — list, show (a game and
//! all its moves), statistics and export. Reads the same database as the app (`--db` or
//! `NONET_DB` override it) and never writes to it; a damaged file is reported and left alone.

use std::io::Write;
use std::path::{Path, PathBuf};

use anyhow::{bail, Context, Result};
use nonet::engine::game::format_duration;
use nonet::engine::grid::cell_name;
use nonet::engine::logic::Level;
use nonet::output_file::{self, Access};
use nonet::store::{self, game_json, move_json, ExportFormat, Filter, GameStatus, Store};
use serde_json::json;

/// Opens the history for reading; a missing file is an empty history, and stderr says so (a
/// mistyped `--db` would otherwise look like a history without games).
fn open(db: &Path) -> Result<Store> {
    if !db.exists() {
        eprintln!("nonet-cli: no history at {} yet", db.display());
    }
    Store::open_for_reading(db).map_err(|error| anyhow::anyhow!("{error}"))
}

pub fn database(db: Option<PathBuf>) -> PathBuf {
    db.unwrap_or_else(store::default_path)
}

pub fn list(
    db: &Path,
    json_out: bool,
    limit: Option<usize>,
    level: Option<Level>,
    status: Option<GameStatus>,
) -> Result<bool> {
    let store = open(db)?;
    let games = store.list(&Filter {
        level,
        status,
        limit,
        after: None,
    })?;
    let mut out = std::io::stdout().lock();
    if json_out {
        writeln!(
            out,
            "{}",
            serde_json::Value::Array(games.iter().map(game_json).collect())
        )?;
        return Ok(true);
    }
    writeln!(
        out,
        "{:>6}  {:<23}  {:<7}  {:<18}  {:>8}  {:>8}  {:>5}  practice",
        "id", "started", "level", "status", "time", "mistakes", "hints"
    )?;
    for game in &games {
        let line = format!(
            "{:>6}  {:<23}  {:<7}  {:<18}  {:>8}  {:>8}  {:>5}  {}",
            game.id,
            store::format_local(game.started_at),
            game.level.id(),
            game.status.id(),
            format_duration(game.elapsed_ms),
            game.mistakes,
            game.hints,
            game.practice.map_or("", |t| t.id())
        );
        writeln!(out, "{}", line.trim_end())?;
    }
    Ok(true)
}

pub fn show(db: &Path, id: i64, json_out: bool) -> Result<bool> {
    let store = open(db)?;
    let Some((game, moves)) = store.game(id)? else {
        bail!("no game {id} in {}", db.display())
    };
    let mut out = std::io::stdout().lock();
    if json_out {
        let mut value = game_json(&game);
        value["moves"] = json!(moves.iter().map(move_json).collect::<Vec<_>>());
        writeln!(out, "{value}")?;
        return Ok(true);
    }
    writeln!(
        out,
        "game {}: {} {}{}{}, {} ({})",
        game.id,
        game.level.id(),
        game.source.id(),
        game.file
            .as_ref()
            .map(|file| match file.number {
                Some(number) => format!(" from {}, puzzle {number}", file.name),
                None => format!(" from {}", file.name),
            })
            .unwrap_or_default(),
        game.practice
            .map(|t| format!(", practice of {}", t.id()))
            .unwrap_or_default(),
        game.status.id(),
        store::format_local(game.started_at)
    )?;
    writeln!(out, "puzzle   {}", game.puzzle)?;
    writeln!(out, "solution {}", game.solution)?;
    writeln!(
        out,
        "time {}, {} mistakes, {} hints, {} moves",
        format_duration(game.elapsed_ms),
        game.mistakes,
        game.hints,
        moves.len()
    )?;
    for saved in &moves {
        let entry = &saved.entry;
        let place = entry.cell.map(cell_name).unwrap_or_default();
        let digit = entry.digit.map(|d| d.to_string()).unwrap_or_default();
        let mistake = if entry.mistake { " (mistake)" } else { "" };
        let technique = entry.technique.map(|t| format!(" ({})", t.id())).unwrap_or_default();
        writeln!(
            out,
            "{:>5}  {:>8}  {:<15} {place} {digit}{mistake}{technique}",
            saved.seq,
            format_duration(saved.at_ms),
            entry.kind.id()
        )?;
    }
    Ok(true)
}

pub fn stats(db: &Path, json_out: bool) -> Result<bool> {
    let store = open(db)?;
    let stats = store.stats()?;
    let mut out = std::io::stdout().lock();
    if json_out {
        writeln!(out, "{}", serde_json::to_string(&stats)?)?;
        return Ok(true);
    }
    let time = |ms: Option<u64>| ms.map(format_duration).unwrap_or_else(|| "-".into());
    writeln!(
        out,
        "{:<7}  {:>6}  {:>6}  {:>6}  {:>4}  {:>5}  {:>8}  {:>8}  {:>8}  {:>7}  {:>7}",
        "level", "played", "solved", "helped", "lost", "rate", "best", "median", "mean", "streak", "longest"
    )?;
    for s in &stats {
        writeln!(
            out,
            "{:<7}  {:>6}  {:>6}  {:>6}  {:>4}  {:>4.0}%  {:>8}  {:>8}  {:>8}  {:>7}  {:>7}",
            s.level.id(),
            s.played,
            s.solved,
            s.solved_with_help,
            s.lost,
            s.solve_rate * 100.0,
            time(s.best_ms),
            time(s.median_ms),
            time(s.mean_ms),
            s.current_streak,
            s.best_streak
        )?;
    }
    Ok(true)
}

/// The techniques the hints taught, the most asked first (`history hints`).
pub fn hints(db: &Path, json_out: bool) -> Result<bool> {
    let store = open(db)?;
    let hints = store.hints_by_technique()?;
    let mut out = std::io::stdout().lock();
    if json_out {
        let list: Vec<_> = hints
            .iter()
            .map(|h| json!({"technique": h.technique.id(), "name": h.technique.name(), "hints": h.hints}))
            .collect();
        writeln!(out, "{}", serde_json::to_string(&list)?)?;
        return Ok(true);
    }
    if hints.is_empty() {
        writeln!(out, "No hint named a technique yet.")?;
    }
    for h in &hints {
        writeln!(out, "{:>5}  {} ({})", h.hints, h.technique.name(), h.technique.id())?;
    }
    Ok(true)
}

/// The daily puzzles solved and the streaks, as they stand today (`history daily`); a day whose
/// puzzle was solved only on a later day (so outside the streaks) says so.
pub fn daily(db: &Path, json_out: bool) -> Result<bool> {
    let store = open(db)?;
    let solved = store.daily_days_solved()?;
    let today = store::local_today().context("today's date can't be read")?;
    let streaks = nonet::engine::daily::streaks(&solved, today);
    let mut days: Vec<_> = solved.iter().map(|s| s.day).collect();
    days.sort_unstable();
    days.dedup();
    let late: Vec<_> = days
        .iter()
        .filter(|&&day| !solved.iter().any(|s| s.day == day && s.on_its_day))
        .collect();
    let mut out = std::io::stdout().lock();
    if json_out {
        let object = json!({
            "solved": streaks.solved,
            "current_streak": streaks.current,
            "best_streak": streaks.best,
            "days": days.iter().map(|d| d.to_string()).collect::<Vec<_>>(),
            "solved_later": late.iter().map(|d| d.to_string()).collect::<Vec<_>>(),
        });
        writeln!(out, "{object}")?;
        return Ok(true);
    }
    writeln!(out, "daily puzzles solved: {}", streaks.solved)?;
    writeln!(out, "current streak: {} days", streaks.current)?;
    writeln!(out, "best streak: {} days", streaks.best)?;
    for day in &days {
        match late.contains(&day) {
            true => writeln!(out, "{day}  solved later")?,
            false => writeln!(out, "{day}")?,
        }
    }
    Ok(true)
}

/// Every game (JSON: with its moves; CSV: one row a game) to a file or standard output.
pub fn export(db: &Path, format: &str, file: Option<&Path>) -> Result<bool> {
    let format: ExportFormat = format.parse().map_err(|e: String| anyhow::anyhow!(e))?;
    let text = open(db)?.export(format)?.text;
    match file {
        Some(path) => output_file::write_replacing(path, text.as_bytes(), Access::Default)
            .with_context(|| format!("can't write {}", path.display()))?,
        None => std::io::stdout().lock().write_all(text.as_bytes())?,
    }
    Ok(true)
}

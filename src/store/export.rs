//! The history written out for other programs: JSON (every game with its moves) or CSV (one row
//! a game), as `nonet-cli history export` and History's Export History… write it. Games oldest
//! first; times as stored (milliseconds since the Unix epoch), with an ISO date in JSON.

use serde_json::json;

use super::{encode_changes, Filter, GameRecord, GameStatus, Result, SavedMove, Store};
use crate::engine::game::format_duration;
use crate::engine::grid::cell_name;

/// What the history is exported as.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ExportFormat {
    Json,
    Csv,
}

impl ExportFormat {
    /// The format a file's name asks for: JSON for a name ending in `.json`, else CSV.
    pub fn of_file_name(name: &str) -> ExportFormat {
        match name.to_lowercase().ends_with(".json") {
            true => ExportFormat::Json,
            false => ExportFormat::Csv,
        }
    }
}

impl std::str::FromStr for ExportFormat {
    type Err = String;

    fn from_str(text: &str) -> std::result::Result<ExportFormat, String> {
        match text {
            "json" => Ok(ExportFormat::Json),
            "csv" => Ok(ExportFormat::Csv),
            other => Err(format!("unknown export format '{other}' (expected json or csv)")),
        }
    }
}

/// The columns of the CSV export, in order.
const CSV_HEADER: &str =
    "id,started_at,finished_at,level,score,source,seed,status,elapsed_ms,mistakes,hints,puzzle,solution,practice,file,file_number";

/// A game as JSON: its record, with its start as an ISO date, its time as the clock shows it,
/// and whether the app can take it up again.
pub fn game_json(game: &GameRecord) -> serde_json::Value {
    let mut value = serde_json::to_value(game).unwrap_or_default();
    value["started"] = json!(super::format_utc_iso(game.started_at));
    value["time"] = json!(format_duration(game.elapsed_ms));
    // Paused games (and the one in progress) can be taken up again in the app.
    value["resumable"] = json!(matches!(game.status, GameStatus::Paused | GameStatus::InProgress));
    value
}

/// A move as JSON: its kind, cell (r4c7), digit, whether a mistake, its changes and technique.
pub fn move_json(saved: &SavedMove) -> serde_json::Value {
    let entry = &saved.entry;
    json!({
        "seq": saved.seq,
        "at_ms": saved.at_ms,
        "kind": entry.kind.id(),
        "cell": entry.cell.map(cell_name),
        "digit": entry.digit,
        "mistake": entry.mistake,
        "changes": encode_changes(&entry.changes),
        "technique": entry.technique.map(|t| t.id()),
    })
}

/// The history written out: its text, and how many games it holds.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Exported {
    pub games: usize,
    pub text: String,
}

impl Store {
    /// Every game of the history, oldest first, as `format` writes it (JSON with each game's
    /// moves).
    pub fn export(&self, format: ExportFormat) -> Result<Exported> {
        let games = self.list(&Filter::default())?;
        let text = match format {
            ExportFormat::Json => {
                let mut all = Vec::new();
                for game in games.iter().rev() {
                    let moves = self.game(game.id)?.map(|(_, m)| m).unwrap_or_default();
                    let mut value = game_json(game);
                    value["moves"] = json!(moves.iter().map(move_json).collect::<Vec<_>>());
                    all.push(value);
                }
                serde_json::to_string_pretty(&all).unwrap_or_default() + "\n"
            }
            ExportFormat::Csv => {
                let mut text = format!("{CSV_HEADER}\n");
                for game in games.iter().rev() {
                    let row = csv_row(game);
                    text.push_str(&row.iter().map(|f| csv_field(f)).collect::<Vec<_>>().join(","));
                    text.push('\n');
                }
                text
            }
        };
        Ok(Exported {
            games: games.len(),
            text,
        })
    }
}

/// A game's fields, in the order of [`CSV_HEADER`].
fn csv_row(g: &GameRecord) -> [String; 16] {
    let optional = |value: Option<String>| value.unwrap_or_default();
    [
        g.id.to_string(),
        g.started_at.to_string(),
        optional(g.finished_at.map(|t| t.to_string())),
        g.level.id().to_string(),
        optional(g.score.map(|s| s.to_string())),
        g.source.id().to_string(),
        optional(g.seed.map(|s| s.to_string())),
        g.status.id().to_string(),
        g.elapsed_ms.to_string(),
        g.mistakes.to_string(),
        g.hints.to_string(),
        g.puzzle.clone(),
        g.solution.clone(),
        optional(g.practice.map(|t| t.id().to_string())),
        optional(g.file.as_ref().map(|f| f.name.clone())),
        optional(g.file.as_ref().and_then(|f| f.number).map(|n| n.to_string())),
    ]
}

/// A CSV field, quoted where it holds a comma, a quote or a line break (RFC 4180).
fn csv_field(text: &str) -> String {
    if text.contains([',', '"', '\n']) {
        format!("\"{}\"", text.replace('"', "\"\""))
    } else {
        text.to_string()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_format_comes_from_its_name_and_fields_are_quoted_as_rfc_4180_asks() {
        assert_eq!(ExportFormat::of_file_name("games.JSON"), ExportFormat::Json);
        assert_eq!(ExportFormat::of_file_name("games.csv"), ExportFormat::Csv);
        assert_eq!(ExportFormat::of_file_name("games"), ExportFormat::Csv);
        assert_eq!("json".parse(), Ok(ExportFormat::Json));
        assert!("xml".parse::<ExportFormat>().is_err());
        // A file's name with a comma, a quote or a line break is quoted, its quotes doubled.
        assert_eq!(csv_field("top1465.txt"), "top1465.txt");
        assert_eq!(csv_field("a,b.txt"), "\"a,b.txt\"");
        assert_eq!(csv_field("say \"x\".txt"), "\"say \"\"x\"\".txt\"");
        assert_eq!(csv_field("two\nlines"), "\"two\nlines\"");
        assert_eq!(CSV_HEADER.split(',').count(), 16, "a column for each of a row's fields");
    }
}

//! Reading and writing puzzles and positions in the common formats: the 81-character line,
//! 9×9 grids (with or without box separators; SadMan `.sdk`, Simple Sudoku `.ss`), the
//! forums' pencil-mark grid and Nonet's JSON position. Errors name the line and column, or the
//! cell, where the text went wrong.

use std::fmt;
use std::str::FromStr;

use serde::{Deserialize, Serialize};
use thiserror::Error;

use super::grid::{cell_name, Candidates, Cell, Digit, Position, CELLS};

/// The formats Nonet reads and writes, by their short names on the command line.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, strum::IntoStaticStr, strum::VariantArray)]
#[strum(serialize_all = "lowercase")]
pub enum Format {
    /// 81 characters on one line, `.` or `0` for blanks; text after them is a comment.
    Line,
    /// Nine rows of nine with box separators (`|`, `-`, `+`).
    Grid,
    /// SadMan Software's `.sdk`: optional `#` header lines, then nine rows of nine.
    Sdk,
    /// Simple Sudoku's `.ss`: rows like `53.|.7.|...` with `-----------` between bands.
    Ss,
    /// The forums' pencil-mark grid: each cell lists its candidates, a filled cell its digit.
    /// As on the forums, an entry with one digit is read as a filled cell, so an empty cell with
    /// a single candidate comes back filled.
    #[strum(serialize = "pm")]
    PencilMarks,
    /// `{"givens": "…", "values": "…", "candidates": ["…", …]}`.
    Json,
}

impl Format {
    pub const ALL: &'static [Format] = <Format as strum::VariantArray>::VARIANTS;

    /// The short name used on the command line.
    pub fn name(self) -> &'static str {
        self.into()
    }

    /// Whether a puzzle in this format takes a single line of text.
    pub fn is_single_line(self) -> bool {
        matches!(self, Format::Line | Format::Json)
    }
}

impl FromStr for Format {
    type Err = String;
    fn from_str(s: &str) -> Result<Format, String> {
        crate::engine::ids::parse(s, "format")
    }
}

impl fmt::Display for Format {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// Where in the text a parse error is: any of a JSON field, a line, a column (1-based) and a cell.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Location {
    pub field: Option<&'static str>,
    pub line: Option<usize>,
    pub column: Option<usize>,
    pub cell: Option<Cell>,
}

impl fmt::Display for Location {
    /// `line 3, column 7: `, `values, r1c5: `, or nothing when the whole text is at fault.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let mut parts = Vec::new();
        if let Some(field) = self.field {
            parts.push(field.to_string());
        }
        if let Some(line) = self.line {
            parts.push(format!("line {line}"));
        }
        if let Some(column) = self.column {
            parts.push(format!("column {column}"));
        }
        if let Some(cell) = self.cell {
            parts.push(cell_name(cell));
        }
        if !parts.is_empty() {
            write!(f, "{}: ", parts.join(", "))?;
        }
        Ok(())
    }
}

/// What went wrong while reading a puzzle.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum ParseErrorKind {
    #[error("no puzzle found")]
    Empty,
    #[error("unexpected character '{}'", .0.escape_debug())]
    UnexpectedChar(char),
    #[error("expected 81 cells, found {0}")]
    CellCount(usize),
    #[error("expected 9 cells in a row, found {0}")]
    RowLength(usize),
    #[error("expected 9 rows, found {0}")]
    RowCount(usize),
    #[error("expected 81 candidate entries, found {0}")]
    CandidateCount(usize),
    #[error("digit {0} is listed twice")]
    RepeatedCandidate(Digit),
    #[error("holds {value} but the given there is {given}")]
    ValueDiffersFromGiven { value: Digit, given: Digit },
    #[error("{0}")]
    Json(String),
}

/// A parse error and where it happened.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
#[error("{location}{kind}")]
pub struct ParseError {
    pub location: Location,
    pub kind: ParseErrorKind,
}

impl ParseError {
    /// The message without its line number, for reports that give the line already.
    pub fn without_line(&self) -> String {
        let location = Location {
            line: None,
            ..self.location.clone()
        };
        format!("{location}{}", self.kind)
    }

    fn new(kind: ParseErrorKind) -> ParseError {
        ParseError {
            location: Location::default(),
            kind,
        }
    }

    fn at(line: usize, column: usize, kind: ParseErrorKind) -> ParseError {
        ParseError {
            location: Location {
                line: Some(line),
                column: Some(column),
                ..Location::default()
            },
            kind,
        }
    }

    fn on_line(line: usize, kind: ParseErrorKind) -> ParseError {
        ParseError {
            location: Location {
                line: Some(line),
                ..Location::default()
            },
            kind,
        }
    }

    fn in_field(mut self, field: &'static str) -> ParseError {
        self.location.field = Some(field);
        self
    }

    fn in_cell(mut self, cell: Cell) -> ParseError {
        self.location.cell = Some(cell);
        self
    }
}

/// Reads a position, recognising the format from the text.
pub fn parse(text: &str) -> Result<Position, ParseError> {
    let text = without_bom(text);
    parse_as(detect(text), text)
}

/// The text without a leading UTF-8 byte-order mark (editors on some systems write one).
fn without_bom(text: &str) -> &str {
    text.strip_prefix('\u{feff}').unwrap_or(text)
}

/// Reads a position in the given format.
pub fn parse_as(format: Format, text: &str) -> Result<Position, ParseError> {
    let text = without_bom(text);
    match format {
        Format::Line => parse_line(text),
        Format::Grid | Format::Sdk | Format::Ss => parse_rows(text),
        Format::PencilMarks => parse_pencil_marks(text),
        Format::Json => parse_json(text),
    }
}

/// Guesses the format of a text: JSON if it starts with `{`, the line format if it has one
/// line of content, the pencil-mark grid if its cells list several candidates, else rows.
pub fn detect(text: &str) -> Format {
    let content: Vec<&str> = content_lines(text).map(|(_, line)| line).collect();
    if text.trim_start().starts_with('{') {
        Format::Json
    } else if content.len() <= 1 {
        Format::Line
    } else if looks_like_pencil_marks(text) {
        Format::PencilMarks
    } else {
        Format::Grid
    }
}

/// Reads a puzzle file: one puzzle a line (the line format or a JSON position), blank lines and
/// `#` lines skipped; or, when the text is a single multi-line puzzle (a grid, `.sdk`, `.ss` or
/// pencil marks), that puzzle. Each result carries the line it starts on, and errors name it.
pub fn read_puzzles(text: &str) -> Vec<(usize, Result<Position, ParseError>)> {
    read_each(text, |text, format| parse_as(format, text))
}

/// Reads a puzzle file as [`read_puzzles`] does, keeping only each puzzle's givens: what the
/// solver, the counter and the rater take. A line in the line format is read straight into
/// digits, without working out the position's candidates (most of the time spent reading).
pub fn read_givens(text: &str) -> Vec<(usize, Result<[Digit; CELLS], ParseError>)> {
    read_each(text, |text, format| match format {
        Format::Line => line_digits(text),
        _ => parse_as(format, text).map(|position| position.givens()),
    })
}

/// The puzzles of a file, each read by `parse` from its text and format.
fn read_each<T>(
    text: &str,
    parse: impl Fn(&str, Format) -> Result<T, ParseError>,
) -> Vec<(usize, Result<T, ParseError>)> {
    puzzle_texts(text)
        .map(|puzzle| (puzzle.line, puzzle.read_with(&parse)))
        .collect()
}

/// One puzzle of a file, found but not read yet ([`puzzle_texts`]).
#[derive(Clone, Copy, Debug)]
pub struct PuzzleText<'a> {
    /// The line it starts on.
    pub line: usize,
    text: &'a str,
    format: Format,
    /// Whether it is the whole file (a grid, say), whose errors name their own lines.
    whole: bool,
}

impl PuzzleText<'_> {
    /// Reads the puzzle as [`read_puzzles`] does.
    pub fn read(&self) -> Result<Position, ParseError> {
        self.read_with(|text, format| parse_as(format, text))
    }

    fn read_with<T>(&self, parse: impl Fn(&str, Format) -> Result<T, ParseError>) -> Result<T, ParseError> {
        let read = parse(self.text, self.format);
        match self.whole {
            true => read,
            false => read.map_err(|mut error| {
                error.location.line = Some(self.line);
                error
            }),
        }
    }
}

/// The puzzles of a file as [`read_puzzles`] finds them, none of them read: so that a file's
/// puzzles can be counted, and one of them read, without holding every position at once.
pub fn puzzle_texts(text: &str) -> impl Iterator<Item = PuzzleText<'_>> {
    let text = without_bom(text);
    let first_row = content_lines(text)
        .find(|(_, line)| !is_separator(line))
        .map(|(_, line)| line.trim_start());
    let one_a_line = first_row
        .map(|row| row.starts_with('{') || row.split(char::is_whitespace).next().is_some_and(|run| run.len() >= 20));
    let whole = (one_a_line == Some(false)).then(|| PuzzleText {
        line: content_lines(text).next().map_or(1, |(n, _)| n),
        text,
        format: detect(text),
        whole: true,
    });
    let lines = content_lines(text)
        .take_while(move |_| one_a_line == Some(true))
        .map(|(line, row)| PuzzleText {
            line,
            text: row,
            format: if row.trim_start().starts_with('{') {
                Format::Json
            } else {
                Format::Line
            },
            whole: false,
        });
    whole.into_iter().chain(lines)
}

/// Lines that carry content, numbered from 1: not blank and not a `#` comment or header.
fn content_lines(text: &str) -> impl Iterator<Item = (usize, &str)> {
    text.lines()
        .enumerate()
        .map(|(i, line)| (i + 1, line))
        .filter(|(_, line)| {
            let trimmed = line.trim();
            !trimmed.is_empty() && !trimmed.starts_with('#')
        })
}

fn cell_digit(ch: char) -> Option<Digit> {
    match ch {
        '1'..='9' => Some(ch as Digit - b'0'),
        '.' | '0' => Some(0),
        _ => None,
    }
}

/// Reads the 81-character line. Leading blanks are skipped; anything after the 81st cell is a
/// comment.
pub fn parse_line(text: &str) -> Result<Position, ParseError> {
    line_digits(text).map(|values| Position::from_givens(&values))
}

/// The 81 cells of the line format as digits (0 for blanks), as [`parse_line`] reads them.
fn line_digits(text: &str) -> Result<[Digit; CELLS], ParseError> {
    // The common case, a line that starts with its 81 cells, read byte by byte.
    if let Some(cells) = text.as_bytes().get(..CELLS) {
        let mut values = [0; CELLS];
        let mut all_cells = true;
        for (value, &byte) in values.iter_mut().zip(cells) {
            match cell_digit(byte as char) {
                Some(digit) => *value = digit,
                None => all_cells = false,
            }
        }
        if all_cells {
            return Ok(values);
        }
    }
    let (line_number, line) = content_lines(text)
        .next()
        .ok_or(ParseError::new(ParseErrorKind::Empty))?;
    let mut values = [0; CELLS];
    let mut count = 0;
    for (column, ch) in line.chars().enumerate().skip_while(|&(_, ch)| ch.is_whitespace()) {
        if count == CELLS {
            break;
        }
        match cell_digit(ch) {
            Some(digit) => {
                values[count] = digit;
                count += 1;
            }
            None if ch.is_whitespace() => break,
            None => {
                return Err(ParseError::at(
                    line_number,
                    column + 1,
                    ParseErrorKind::UnexpectedChar(ch),
                ))
            }
        }
    }
    if count < CELLS {
        return Err(ParseError::on_line(line_number, ParseErrorKind::CellCount(count)));
    }
    Ok(values)
}

/// Whether a line only draws box borders, such as `------+-------+------` or `*-----------*`.
fn is_separator(line: &str) -> bool {
    let trimmed = line.trim();
    trimmed.contains("--") && trimmed.chars().all(|c| "-+|*:.'=".contains(c) || c.is_whitespace())
}

/// Reads nine rows of nine cells: the grid, `.sdk` and `.ss` formats. Blanks, `|` and separator
/// lines are ignored; `[section]` lines (old SadMan files) are skipped.
fn parse_rows(text: &str) -> Result<Position, ParseError> {
    let mut values = [0; CELLS];
    let mut rows = 0;
    for (line_number, line) in content_lines(text) {
        if is_separator(line) || line.trim_start().starts_with('[') {
            continue;
        }
        let mut count = 0;
        for (column, ch) in line.chars().enumerate() {
            if ch.is_whitespace() || ch == '|' {
                continue;
            }
            let digit = cell_digit(ch)
                .ok_or_else(|| ParseError::at(line_number, column + 1, ParseErrorKind::UnexpectedChar(ch)))?;
            if count < 9 && rows < 9 {
                values[rows * 9 + count] = digit;
            }
            count += 1;
        }
        if count != 9 {
            return Err(ParseError::on_line(line_number, ParseErrorKind::RowLength(count)));
        }
        rows += 1;
    }
    match rows {
        0 => Err(ParseError::new(ParseErrorKind::Empty)),
        9 => Ok(Position::from_givens(&values)),
        _ => Err(ParseError::new(ParseErrorKind::RowCount(rows))),
    }
}

/// The cell entries of a pencil-mark grid, with their line and column (in characters): one
/// linear pass over each line.
fn pencil_mark_tokens(text: &str) -> impl Iterator<Item = (usize, usize, &str)> {
    content_lines(text)
        .filter(|(_, line)| !is_separator(line))
        .flat_map(|(line_number, line)| {
            let mut tokens = Vec::new();
            let mut start: Option<(usize, usize)> = None; // (byte, column) of the entry being read
            for (column, (byte, ch)) in line.char_indices().enumerate() {
                let gap = ch.is_whitespace() || ch == '|';
                match (gap, start) {
                    (true, Some((from, at))) => {
                        tokens.push((line_number, at + 1, &line[from..byte]));
                        start = None;
                    }
                    (false, None) => start = Some((byte, column)),
                    _ => {}
                }
            }
            if let Some((from, at)) = start {
                tokens.push((line_number, at + 1, &line[from..]));
            }
            tokens
        })
}

fn looks_like_pencil_marks(text: &str) -> bool {
    let tokens: Vec<&str> = pencil_mark_tokens(text).map(|(_, _, token)| token).collect();
    tokens.len() == CELLS
        && tokens
            .iter()
            .any(|t| t.len() > 1 && t.chars().all(|c| c.is_ascii_digit()))
}

/// Reads the forums' pencil-mark grid: 81 entries, each the candidates of a cell; an entry with a
/// single digit is a filled cell (read as a given).
fn parse_pencil_marks(text: &str) -> Result<Position, ParseError> {
    let mut values = [0; CELLS];
    let mut candidates = [Candidates::NONE; CELLS];
    let mut count = 0;
    for (line, column, token) in pencil_mark_tokens(text) {
        let mut set = Candidates::NONE;
        for (offset, ch) in token.chars().enumerate() {
            let error = |kind| ParseError::at(line, column + offset, kind);
            match ch {
                '1'..='9' => {
                    let digit = ch as Digit - b'0';
                    if set.contains(digit) {
                        return Err(error(ParseErrorKind::RepeatedCandidate(digit)));
                    }
                    set.insert(digit);
                }
                '.' if token.len() == 1 => {}
                _ => return Err(error(ParseErrorKind::UnexpectedChar(ch))),
            }
        }
        if count < CELLS {
            if set.len() == 1 {
                values[count] = set.first().unwrap_or(0);
            } else {
                candidates[count] = set;
            }
        }
        count += 1;
    }
    match count {
        0 => Err(ParseError::new(ParseErrorKind::Empty)),
        CELLS => Ok(Position::from_givens(&values).with_candidates(&candidates)),
        _ => Err(ParseError::new(ParseErrorKind::CellCount(count))),
    }
}

#[derive(Serialize, Deserialize)]
struct JsonPosition {
    givens: String,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    values: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    candidates: Option<Vec<String>>,
}

/// Reads 81 cells of a JSON field; errors name the field and the column in the string.
fn json_cells(field: &'static str, text: &str) -> Result<[Digit; CELLS], ParseError> {
    let mut values = [0; CELLS];
    let mut count = 0;
    for (column, ch) in text.chars().enumerate() {
        let digit = cell_digit(ch).ok_or_else(|| {
            ParseError {
                location: Location {
                    column: Some(column + 1),
                    ..Location::default()
                },
                kind: ParseErrorKind::UnexpectedChar(ch),
            }
            .in_field(field)
        })?;
        if count < CELLS {
            values[count] = digit;
        }
        count += 1;
    }
    if count != CELLS {
        return Err(ParseError::new(ParseErrorKind::CellCount(count)).in_field(field));
    }
    Ok(values)
}

/// Reads a JSON position. `values` defaults to the givens; `candidates`, when present, are the
/// player's pencil marks and are kept as written (entries for filled cells are ignored).
fn parse_json(text: &str) -> Result<Position, ParseError> {
    let json: JsonPosition = serde_json::from_str(text).map_err(|e| {
        let message = e.to_string();
        let message = match message.rfind(" at line ") {
            Some(end) => message[..end].to_string(),
            None => message,
        };
        ParseError::at(e.line(), e.column(), ParseErrorKind::Json(message))
    })?;
    let givens = json_cells("givens", &json.givens)?;
    let values = match &json.values {
        Some(values) => json_cells("values", values)?,
        None => givens,
    };
    for cell in 0..CELLS {
        if givens[cell] != 0 && values[cell] != givens[cell] {
            return Err(ParseError::new(ParseErrorKind::ValueDiffersFromGiven {
                value: values[cell],
                given: givens[cell],
            })
            .in_field("values")
            .in_cell(cell));
        }
    }
    let position = Position::from_givens_and_values(&givens, &values);
    let Some(entries) = json.candidates else {
        return Ok(position);
    };
    if entries.len() != CELLS {
        return Err(ParseError::new(ParseErrorKind::CandidateCount(entries.len())).in_field("candidates"));
    }
    let mut candidates = [Candidates::NONE; CELLS];
    for (cell, entry) in entries.iter().enumerate() {
        for ch in entry.chars() {
            let digit = match ch {
                '1'..='9' => ch as Digit - b'0',
                _ => {
                    return Err(ParseError::new(ParseErrorKind::UnexpectedChar(ch))
                        .in_field("candidates")
                        .in_cell(cell))
                }
            };
            if candidates[cell].contains(digit) {
                return Err(ParseError::new(ParseErrorKind::RepeatedCandidate(digit))
                    .in_field("candidates")
                    .in_cell(cell));
            }
            candidates[cell].insert(digit);
        }
    }
    Ok(position.with_candidates(&candidates))
}

/// Writes a position in the given format. The line and row formats write every filled cell;
/// the pencil-mark grid and JSON also keep the candidates, and JSON the givens apart.
pub fn write(position: &Position, format: Format) -> String {
    match format {
        Format::Line => position.to_line(),
        Format::Grid => write_rows(position, " ", " | ", "------+-------+------"),
        Format::Sdk => write_rows(position, "", "", ""),
        Format::Ss => write_rows(position, "", "|", "-----------"),
        Format::PencilMarks => write_pencil_marks(position),
        Format::Json => write_json(position),
    }
}

fn cell_char(digit: Digit) -> char {
    if digit == 0 {
        '.'
    } else {
        (b'0' + digit) as char
    }
}

fn write_rows(position: &Position, gap: &str, box_gap: &str, band_separator: &str) -> String {
    let mut out = String::new();
    for row in 0..9 {
        if row > 0 && row % 3 == 0 && !band_separator.is_empty() {
            out.push_str(band_separator);
            out.push('\n');
        }
        for col in 0..9 {
            if col > 0 {
                out.push_str(if col % 3 == 0 && !box_gap.is_empty() {
                    box_gap
                } else {
                    gap
                });
            }
            out.push(cell_char(position.value(row * 9 + col)));
        }
        out.push('\n');
    }
    out
}

fn write_pencil_marks(position: &Position) -> String {
    let entry = |cell: Cell| match position.value(cell) {
        0 if position.candidates(cell).is_empty() => ".".to_string(),
        0 => position.candidates(cell).to_string(),
        digit => digit.to_string(),
    };
    let widths: Vec<usize> = (0..9)
        .map(|col| (0..9).map(|row| entry(row * 9 + col).len()).max().unwrap_or(1))
        .collect();
    let border = |left: char, middle: char, right: char| {
        let mut line = String::from(left);
        for stack in 0..3 {
            let width: usize = (0..3).map(|i| widths[stack * 3 + i] + 2).sum::<usize>() + 1;
            line.push_str(&"-".repeat(width));
            line.push(if stack == 2 { right } else { middle });
        }
        line.push('\n');
        line
    };
    let mut out = border('.', '.', '.');
    for row in 0..9 {
        if row > 0 && row % 3 == 0 {
            out.push_str(&border(':', '+', ':'));
        }
        out.push('|');
        for col in 0..9 {
            out.push_str(&format!(" {:<width$} ", entry(row * 9 + col), width = widths[col]));
            if col % 3 == 2 {
                out.push_str(" |");
            }
        }
        out.push('\n');
    }
    out.push_str(&border('\'', '\'', '\''));
    out
}

fn write_json(position: &Position) -> String {
    let givens: String = position.givens().iter().map(|&d| cell_char(d)).collect();
    let json = JsonPosition {
        givens,
        values: Some(position.to_line()),
        candidates: Some(position.all_candidates().iter().map(|c| c.to_string()).collect()),
    };
    serde_json::to_string(&json).expect("a JSON position always serialises")
}

#[cfg(test)]
mod tests {
    use super::*;

    const PUZZLE: &str = "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79";

    #[test]
    fn the_line_format_accepts_zeros_and_comments() {
        let with_zeros = PUZZLE.replace('.', "0") + "  # a comment";
        assert_eq!(parse_line(&with_zeros).unwrap(), parse_line(PUZZLE).unwrap());
        assert_eq!(parse(PUZZLE).unwrap().to_line(), PUZZLE);
    }

    #[test]
    fn errors_name_line_and_column() {
        let bad = format!("{}x{}", &PUZZLE[..11], &PUZZLE[12..]);
        assert_eq!(
            parse_line(&bad).unwrap_err().to_string(),
            "line 1, column 12: unexpected character 'x'"
        );
        assert_eq!(
            parse_line(&PUZZLE[..80]).unwrap_err().to_string(),
            "line 1: expected 81 cells, found 80"
        );
        assert_eq!(parse("").unwrap_err().kind, ParseErrorKind::Empty);
    }

    #[test]
    fn puzzle_files_are_read_a_line_at_a_time_or_as_one_grid() {
        let text = format!("# comment\n\n{PUZZLE}\n{}\n", &PUZZLE[..70]);
        let read = read_puzzles(&text);
        assert_eq!(read.len(), 2);
        assert_eq!(read[0].0, 3);
        assert!(read[0].1.is_ok());
        let error = read[1].1.as_ref().unwrap_err();
        assert_eq!(error.to_string(), "line 4: expected 81 cells, found 70");
        assert_eq!(error.without_line(), "expected 81 cells, found 70");
        let grid = write(&parse(PUZZLE).unwrap(), Format::Ss);
        let read = read_puzzles(&format!("#A someone\n{grid}"));
        assert_eq!(read.len(), 1);
        assert_eq!(read[0].1.as_ref().unwrap().to_line(), PUZZLE);
    }

    #[test]
    fn detect_tells_the_formats_apart() {
        let position = parse(PUZZLE).unwrap();
        for &format in Format::ALL {
            let text = write(&position, format);
            let expected = if format == Format::Sdk || format == Format::Ss {
                Format::Grid
            } else {
                format
            };
            assert_eq!(detect(&text), expected, "{format}:\n{text}");
            if format != Format::PencilMarks {
                assert_eq!(parse(&text).unwrap().values(), position.values(), "{format}");
            }
        }
    }

    #[test]
    fn pencil_marks_keep_candidates_and_read_single_candidates_as_filled() {
        let position = parse(PUZZLE).unwrap();
        let text = write(&position, Format::PencilMarks);
        let read = parse(&text).unwrap();
        assert_eq!(write(&read, Format::PencilMarks), text);
        for cell in 0..CELLS {
            match position.candidates(cell).len() {
                0 => assert_eq!(read.value(cell), position.value(cell)),
                1 => assert_eq!(Some(read.value(cell)), position.candidates(cell).first()),
                _ => assert_eq!(read.candidates(cell), position.candidates(cell)),
            }
        }
    }
}

//! Every puzzle format: round trips (property tests) and each parse error, with its location.

use nonet::engine::format::{self, detect, parse, parse_as, read_puzzles, write, Format, ParseErrorKind};
use nonet::engine::{Candidates, Position, CELLS};
use proptest::prelude::*;

const PUZZLE: &str = "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79";

fn error(format: Format, text: &str) -> String {
    parse_as(format, text).unwrap_err().to_string()
}

#[test]
fn line_errors() {
    assert_eq!(
        error(Format::Line, &PUZZLE[..80]),
        "line 1: expected 81 cells, found 80"
    );
    assert_eq!(
        error(Format::Line, &format!("{}a{}", &PUZZLE[..40], &PUZZLE[41..])),
        "line 1, column 41: unexpected character 'a'"
    );
    assert_eq!(error(Format::Line, "\n\n"), "no puzzle found");
    assert_eq!(
        error(Format::Line, &format!("\n# header\n{}", &PUZZLE[..5])),
        "line 3: expected 81 cells, found 5"
    );
    // A space ends the cells: 30 cells then a comment is too short.
    assert_eq!(
        error(Format::Line, &format!("{} {}", &PUZZLE[..30], &PUZZLE[30..])),
        "line 1: expected 81 cells, found 30"
    );
}

#[test]
fn line_comments_and_blanks() {
    let position = parse_as(
        Format::Line,
        &format!("  {} puzzle #4, rated 3.2", PUZZLE.replace('.', "0")),
    )
    .unwrap();
    assert_eq!(position.to_line(), PUZZLE);
    assert_eq!(position.given_count(), 30);
}

#[test]
fn grid_formats_read_each_other() {
    let position = parse(PUZZLE).unwrap();
    let grid = write(&position, Format::Grid);
    assert!(grid.starts_with("5 3 . | . 7 . | . . .\n"), "{grid}");
    assert!(grid.contains("------+-------+------"));
    let sdk = write(&position, Format::Sdk);
    assert!(sdk.starts_with("53..7....\n6..195...\n"));
    let ss = write(&position, Format::Ss);
    assert!(
        ss.starts_with("53.|.7.|...\n") && ss.contains("\n-----------\n"),
        "{ss}"
    );
    for text in [
        grid,
        format!("#A author\n#D a description\n{sdk}"),
        ss,
        format!("[Puzzle]\n{sdk}"),
    ] {
        assert_eq!(parse(&text).unwrap().to_line(), PUZZLE, "{text}");
    }
    // Zeros, extra spaces and `*---*` borders are all fine.
    let zeros = write(&position, Format::Sdk).replace('.', "0");
    assert_eq!(parse(&format!("*-----------*\n{zeros}")).unwrap().to_line(), PUZZLE);
}

#[test]
fn grid_errors() {
    let sdk = write(&parse(PUZZLE).unwrap(), Format::Sdk);
    let short_row = sdk.replacen("53..7....", "53..7...", 1);
    assert_eq!(
        error(Format::Sdk, &short_row),
        "line 1: expected 9 cells in a row, found 8"
    );
    let bad_char = sdk.replacen("6..195...", "6..1x5...", 1);
    assert_eq!(
        error(Format::Sdk, &bad_char),
        "line 2, column 5: unexpected character 'x'"
    );
    let eight_rows: String = sdk.lines().take(8).map(|l| format!("{l}\n")).collect();
    assert_eq!(error(Format::Sdk, &eight_rows), "expected 9 rows, found 8");
    let ten_rows = format!("{sdk}123456789\n");
    assert_eq!(error(Format::Grid, &ten_rows), "expected 9 rows, found 10");
}

#[test]
fn pencil_mark_errors() {
    let pm = write(&parse(PUZZLE).unwrap(), Format::PencilMarks);
    let bad = pm.replacen("124", "12x", 1);
    let message = error(Format::PencilMarks, &bad);
    assert!(
        message.starts_with("line 2, column ") && message.ends_with("unexpected character 'x'"),
        "{message}"
    );
    let repeated = pm.replacen("124", "122", 1);
    assert!(error(Format::PencilMarks, &repeated).ends_with("digit 2 is listed twice"));
    let missing = pm.replacen(" 1489 ", "      ", 1);
    assert_eq!(error(Format::PencilMarks, &missing), "expected 81 cells, found 80");
}

#[test]
fn pencil_marks_keep_the_players_marks() {
    let position = parse(PUZZLE).unwrap();
    let mut marks = *position.all_candidates();
    marks[2] = [1, 2].into_iter().collect(); // the player removed 4 from r1c3
    let marked = position.clone().with_candidates(&marks);
    let read = parse(&write(&marked, Format::PencilMarks)).unwrap();
    assert_eq!(read.candidates(2).to_string(), "12");
    assert!(read.has_custom_candidates());
}

#[test]
fn json_positions() {
    let givens = PUZZLE;
    let mut values = PUZZLE.to_string();
    values.replace_range(2..3, "4");
    let json = format!(r#"{{"givens": "{givens}", "values": "{values}"}}"#);
    let position = parse(&json).unwrap();
    assert!(!position.is_given(2) && position.value(2) == 4 && position.is_given(0));
    assert!(position.has_entries());
    // Computed candidates when absent: r1c4 cannot be 4 now that r1c3 holds it.
    assert!(!position.candidates(3).contains(4));

    // Candidates present: kept as the player's marks, filled cells ignored.
    let mut entries: Vec<String> = (0..CELLS).map(|_| "9".to_string()).collect();
    entries[3] = "26".into();
    entries[0] = "123".into();
    let json = serde_json::json!({"givens": givens, "values": values, "candidates": entries}).to_string();
    let position = parse(&json).unwrap();
    assert_eq!(position.candidates(3).to_string(), "26");
    assert_eq!(position.candidates(5).to_string(), "9", "not recomputed");
    assert!(position.candidates(0).is_empty(), "filled cells have none");

    // Round trip keeps everything.
    assert_eq!(parse(&write(&position, Format::Json)).unwrap(), position);
}

#[test]
fn json_errors() {
    let message = error(Format::Json, "{\"givens\": 5}");
    assert!(
        message.starts_with("line 1, column ") && message.contains("invalid type"),
        "{message}"
    );
    assert!(error(Format::Json, "{\"values\": \"\"}").contains("missing field `givens`"));
    assert_eq!(
        error(Format::Json, r#"{"givens": "123"}"#),
        "givens: expected 81 cells, found 3"
    );
    let bad = format!(r#"{{"givens": "{}x{}"}}"#, &PUZZLE[..9], &PUZZLE[10..]);
    assert_eq!(error(Format::Json, &bad), "givens, column 10: unexpected character 'x'");
    let mut values = PUZZLE.to_string();
    values.replace_range(0..1, "4");
    let clash = format!(r#"{{"givens": "{PUZZLE}", "values": "{values}"}}"#);
    assert_eq!(
        error(Format::Json, &clash),
        "values, r1c1: holds 4 but the given there is 5"
    );
    let few = format!(r#"{{"givens": "{PUZZLE}", "candidates": ["1"]}}"#);
    assert_eq!(
        error(Format::Json, &few),
        "candidates: expected 81 candidate entries, found 1"
    );
    let mut entries: Vec<String> = vec![String::new(); CELLS];
    entries[12] = "1a".into();
    let bad = serde_json::json!({"givens": PUZZLE, "candidates": entries}).to_string();
    assert_eq!(error(Format::Json, &bad), "candidates, r2c4: unexpected character 'a'");
}

#[test]
fn files_mix_lines_and_json_and_report_line_numbers() {
    let json = write(&parse(PUZZLE).unwrap(), Format::Json);
    let text = format!("# set\n{PUZZLE}\n\n{json}\n{}\n", &PUZZLE[..20]);
    let read = read_puzzles(&text);
    let lines: Vec<usize> = read.iter().map(|(line, _)| *line).collect();
    assert_eq!(lines, vec![2, 4, 5]);
    assert!(read[0].1.is_ok() && read[1].1.is_ok());
    assert_eq!(read[2].1.as_ref().unwrap_err().kind, ParseErrorKind::CellCount(20));
}

#[test]
fn format_names() {
    for &format in Format::ALL {
        assert_eq!(format.name().parse::<Format>().unwrap(), format);
    }
    assert!("xml".parse::<Format>().unwrap_err().contains("unknown format"));
}

/// Leading Unicode blanks are skipped as blanks, not counted in bytes (a no-break space is two
/// bytes, an ideographic space three: skipping that many characters ate the first cells, and one
/// case read as a different puzzle). A byte-order mark at the start is dropped.
#[test]
fn unicode_blanks_and_a_byte_order_mark_are_skipped_as_characters() {
    let plain = parse(PUZZLE).unwrap();
    for blank in ["\u{a0}", "\u{3000}", "\u{2003}", " \u{a0}\u{3000}", "\u{feff}"] {
        let text = format!("{blank}{PUZZLE}");
        assert_eq!(parse(&text).unwrap(), plain, "{text:?}");
        assert_eq!(read_puzzles(&text)[0].1.as_ref().unwrap(), &plain, "{text:?}");
        let grid = format!("{blank}{}", write(&plain, Format::Grid));
        assert_eq!(parse(&grid).unwrap().values(), plain.values(), "{grid:?}");
    }
}

/// Control characters in messages are shown escaped, never sent raw to a terminal.
#[test]
fn control_characters_are_escaped_in_messages() {
    let text = format!("{}\u{1b}[31m", &PUZZLE[..40]);
    let message = parse_as(Format::Line, &text).unwrap_err().to_string();
    assert!(message.contains("unexpected character '\\u{1b}'"), "{message}");
    assert!(!message.contains('\u{1b}'), "{message:?}");
}

/// Pencil-mark text of 2.5 MB: read in one linear pass (the old tokenizer counted each entry's
/// column from the line's start: 61 s). The bound only guards against a hang.
#[test]
fn a_huge_pencil_mark_text_is_read_in_linear_time() {
    let row = "12 ".repeat(280_000);
    let text = format!("{row}\n{row}\n{row}\n");
    assert!(text.len() > 2_500_000);
    let started = std::time::Instant::now();
    let error = parse_as(Format::PencilMarks, &text).unwrap_err();
    assert_eq!(error.to_string(), "expected 81 cells, found 840000");
    let _ = parse(&text);
    let _ = read_puzzles(&text);
    let took = started.elapsed();
    assert!(took < std::time::Duration::from_secs(10), "{took:?}");
    eprintln!("2.5 MB of pencil marks read in {took:?}");
}

fn positions() -> impl Strategy<Value = Position> {
    (
        prop::collection::vec(0u8..=9, CELLS),
        prop::collection::vec(prop::bool::weighted(0.3), CELLS),
        prop::collection::vec(0u8..=9, CELLS),
        prop::collection::vec(0u16..1024, CELLS),
    )
        .prop_map(|(digits, is_given, entries, masks)| {
            let mut givens = [0; CELLS];
            let mut values = [0; CELLS];
            let mut candidates = [Candidates::NONE; CELLS];
            for cell in 0..CELLS {
                if is_given[cell] {
                    givens[cell] = digits[cell];
                    values[cell] = digits[cell];
                } else {
                    values[cell] = entries[cell];
                }
                candidates[cell] = Candidates::from_mask(masks[cell]);
            }
            Position::from_givens_and_values(&givens, &values).with_candidates(&candidates)
        })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(200))]

    #[test]
    fn value_formats_round_trip(position in positions()) {
        for format in [Format::Line, Format::Grid, Format::Sdk, Format::Ss] {
            let text = write(&position, format);
            let read = parse_as(format, &text).unwrap();
            prop_assert_eq!(read.values(), position.values());
            let detected = parse(&text).unwrap();
            prop_assert_eq!(detected.values(), position.values(), "detected {}", detect(&text));
        }
    }

    #[test]
    fn json_round_trips_exactly(position in positions()) {
        let text = write(&position, Format::Json);
        prop_assert_eq!(parse(&text).unwrap(), position);
    }

    #[test]
    fn pencil_marks_round_trip(position in positions()) {
        let text = write(&position, Format::PencilMarks);
        let read = parse_as(Format::PencilMarks, &text).unwrap();
        prop_assert_eq!(write(&read, Format::PencilMarks), text);
        for cell in 0..CELLS {
            let marks = position.candidates(cell);
            if position.value(cell) != 0 {
                prop_assert_eq!(read.value(cell), position.value(cell));
            } else if marks.len() >= 2 {
                prop_assert_eq!(read.candidates(cell), marks);
            }
        }
    }

    #[test]
    fn arbitrary_text_never_panics(text in "\\PC{0,300}") {
        let _ = parse(&text);
        for &format in Format::ALL {
            let _ = parse_as(format, &text);
        }
        let _ = read_puzzles(&text);
    }

    #[test]
    fn near_puzzles_never_panic(text in "[0-9.|+\\- \\n#x{}\"]{0,200}") {
        let _ = parse(&text);
        let _ = format::read_puzzles(&text);
    }
}

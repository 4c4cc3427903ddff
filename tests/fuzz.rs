//! Fuzz targets: every puzzle parser (line, grid, sdk, ss, pm, JSON, and the detection and file
//! reading around them), the store's encoding of a move's changes, and `Game::replay` of an
//! arbitrary journal. Inputs are valid texts and journals under random edits (so they reach deep
//! into each parser) and plain random ones. Nothing may panic, and what parses must read back
//! the same after writing.
//!
//! `make test` runs a short pass (3,000 cases a target); `make fuzz` runs 1,000,000 a target in
//! release (`NONET_FUZZ_CASES`), and each target reports how many cases it ran.

use std::time::Instant;

use nonet::engine::format::{parse, parse_as, read_puzzles, write, Format};
use nonet::engine::game::{Action, CellChange, Game, Move, MoveKind, Paint, Rules, COLOURS};
use nonet::engine::validate::check_puzzle;
use nonet::engine::{Candidates, Position, CELLS};
use proptest::prelude::*;
use proptest::test_runner::{Config, TestCaseError, TestRunner};

const PUZZLE: &str = "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79";

fn cases() -> u32 {
    std::env::var("NONET_FUZZ_CASES")
        .ok()
        .and_then(|n| n.parse().ok())
        .unwrap_or(3_000)
}

/// Runs a target; a panic inside it is a failure, shrunk to a small input by proptest.
fn fuzz<S: Strategy>(target: &str, strategy: S, test: impl Fn(S::Value) -> Result<(), TestCaseError>) {
    let cases = cases();
    let mut runner = TestRunner::new(Config {
        cases,
        failure_persistence: None,
        max_shrink_iters: 2_000,
        ..Config::default()
    });
    let started = Instant::now();
    if let Err(failure) = runner.run(&strategy, test) {
        panic!("fuzz {target}: {failure}");
    }
    println!(
        "fuzz {target}: {cases} cases, 0 crashes ({:.1} s)",
        started.elapsed().as_secs_f64()
    );
}

fn positions() -> impl Strategy<Value = Position> {
    (
        prop::collection::vec(0u8..=9, CELLS),
        prop::collection::vec(prop::bool::weighted(0.3), CELLS),
        prop::collection::vec(0u16..1024, CELLS),
    )
        .prop_map(|(digits, is_given, masks)| {
            let givens: [u8; CELLS] = std::array::from_fn(|c| if is_given[c] { digits[c] } else { 0 });
            let candidates: [Candidates; CELLS] = std::array::from_fn(|c| Candidates::from_mask(masks[c]));
            Position::from_givens_and_values(&givens, &std::array::from_fn(|c| digits[c])).with_candidates(&candidates)
        })
}

/// Characters that matter to the parsers, and some that should never matter.
fn tricky() -> impl Strategy<Value = char> {
    prop_oneof![
        3 => prop::sample::select(vec![
            '1', '5', '9', '0', '.', ' ', '\n', '\r', '\t', '|', '-', '+', '*', '#', '[', ']', '{', '}',
            '"', ':', ',', '\u{a0}', '\u{3000}', '\u{2003}', '\u{feff}', '\u{0}', '\u{7}', '\u{1b}',
            '\u{7f}', '\u{200b}', 'é', 'x',
        ]),
        1 => any::<char>(),
    ]
}

/// A text with random edits: (what, where as a fraction of the length, which character).
fn edited(text: String, edits: Vec<(u8, f64, char)>) -> String {
    let mut chars: Vec<char> = text.chars().collect();
    for (what, at, ch) in edits {
        let index = ((chars.len() as f64) * at) as usize;
        match what % 4 {
            0 => chars.insert(index.min(chars.len()), ch),
            1 if index < chars.len() => {
                chars.remove(index);
            }
            2 if index < chars.len() => chars[index] = ch,
            3 if index < chars.len() => {
                // Duplicate a slice, as a stutter in a file would.
                let end = (index + 20).min(chars.len());
                let copy: Vec<char> = chars[index..end].to_vec();
                chars.splice(index..index, copy);
            }
            _ => {}
        }
    }
    chars.into_iter().collect()
}

fn edits() -> impl Strategy<Value = Vec<(u8, f64, char)>> {
    prop::collection::vec((any::<u8>(), 0.0..1.0f64, tricky()), 0..8)
}

/// Every reader on a text: no panic, and a position read in a format reads back the same after
/// writing it again in that format.
fn read_everything(format: Format, text: &str) -> Result<(), TestCaseError> {
    let _ = parse(text);
    let _ = read_puzzles(text);
    if let Ok(position) = parse_as(format, text) {
        let again = parse_as(format, &write(&position, format))
            .map_err(|e| TestCaseError::fail(format!("{format:?} wrote what it can't read: {e}")))?;
        prop_assert_eq!(again.values(), position.values());
        if matches!(format, Format::Json | Format::PencilMarks) {
            prop_assert_eq!(write(&again, format), write(&position, format));
        }
    }
    Ok(())
}

fn fuzz_format(format: Format) {
    fuzz(
        &format!("parse {}", format.name()),
        (positions(), edits()),
        |(position, edits)| read_everything(format, &edited(write(&position, format), edits)),
    );
}

#[test]
fn fuzz_line() {
    fuzz_format(Format::Line);
}

#[test]
fn fuzz_grid() {
    fuzz_format(Format::Grid);
}

#[test]
fn fuzz_sdk() {
    fuzz_format(Format::Sdk);
}

#[test]
fn fuzz_ss() {
    fuzz_format(Format::Ss);
}

#[test]
fn fuzz_pencil_marks() {
    fuzz_format(Format::PencilMarks);
}

#[test]
fn fuzz_json() {
    fuzz_format(Format::Json);
}

#[test]
fn fuzz_random_text() {
    fuzz("parse random text", "\\PC{0,400}", |text| {
        for &format in Format::ALL {
            read_everything(format, &text)?;
        }
        Ok(())
    });
}

/// A cell's colours: each of its ten slots (the cell, candidates 1–9) none or a colour.
fn paint() -> impl Strategy<Value = Paint> {
    prop::collection::vec(0..=COLOURS, 10).prop_map(|slots| {
        (1..=9).fold(Paint::NONE.with_cell(slots[0]), |paint, d| {
            paint.with_candidate(d, slots[d as usize])
        })
    })
}

#[test]
fn fuzz_stored_changes() {
    let changes = prop_oneof![
        "[0-9:;>]{0,60}".boxed(),
        "\\PC{0,60}".boxed(),
        prop::collection::vec(
            (0usize..81, 0u8..10, 0u16..1024, paint(), 0u8..10, 0u16..1024, paint()),
            0..5,
        )
        .prop_map(|list| {
            let changes: Vec<CellChange> = list
                .into_iter()
                .map(|(cell, before, bm, bp, after, am, ap)| CellChange {
                    cell,
                    before,
                    before_marks: Candidates::from_mask(bm),
                    before_paint: bp,
                    after,
                    after_marks: Candidates::from_mask(am),
                    after_paint: ap,
                })
                .collect();
            nonet::store::encode_changes(&changes)
        })
        .boxed(),
    ];
    fuzz("decode stored changes", (changes, edits()), |(text, edits)| {
        let text = edited(text, edits);
        if let Ok(changes) = nonet::store::decode_changes(&text) {
            let again = nonet::store::decode_changes(&nonet::store::encode_changes(&changes));
            prop_assert_eq!(again.as_ref(), Ok(&changes));
        }
        Ok(())
    });
}

/// A game played at random: digits (right and wrong), marks, clears, fills, resets, colours,
/// undo, redo.
fn play(script: &[(u8, usize, u8)]) -> Game {
    let givens = *nonet::engine::format::parse_line(PUZZLE).unwrap().values();
    let solution = check_puzzle(&givens).unwrap();
    let mut game = Game::new(givens, solution, Rules::default());
    for &(what, cell, raw) in script {
        let (cell, digit) = (cell % CELLS, raw % 9 + 1);
        match what % 10 {
            0 | 1 => drop(game.apply(Action::Enter { cell, digit })),
            2 | 3 => drop(game.apply(Action::ToggleMark { cell, digit })),
            4 => drop(game.apply(Action::Clear { cell })),
            5 => drop(game.apply(if digit == 1 {
                Action::Reset
            } else {
                Action::FillCandidates
            })),
            6 => drop(game.undo()),
            7 => drop(game.redo()),
            8 => drop(game.apply(Action::Colour {
                cell,
                digit: raw % 10,
                colour: raw / 10 % (COLOURS + 1),
            })),
            _ => drop(game.apply(Action::ClearColours)),
        }
    }
    game
}

#[test]
fn fuzz_replay() {
    let journals = (
        prop::collection::vec((any::<u8>(), any::<usize>(), any::<u8>()), 0..40),
        prop::collection::vec((any::<u8>(), any::<usize>(), 0usize..200, any::<u8>()), 0..6),
    );
    fuzz("replay a journal", journals, |(script, damage)| {
        let game = play(&script);
        let (givens, solution) = (*game.givens(), *game.solution());
        // The journal as recorded replays to the same game.
        let replayed = Game::replay(givens, solution, Rules::default(), game.journal())
            .map_err(|e| TestCaseError::fail(format!("a recorded journal did not replay: {e}")))?;
        prop_assert_eq!(replayed.values(), game.values());
        for cell in 0..CELLS {
            prop_assert_eq!(replayed.marks(cell), game.marks(cell));
            prop_assert_eq!(replayed.paint(cell), game.paint(cell));
        }
        // Damaged (entries dropped, duplicated, swapped, fields changed): no panic, ever.
        let mut journal: Vec<Move> = game.journal().to_vec();
        for (what, index, value, small) in damage {
            if journal.is_empty() {
                break;
            }
            let i = index % journal.len();
            match what % 6 {
                0 => {
                    journal.remove(i);
                }
                1 => journal.insert(i, journal[i].clone()),
                2 => {
                    let j = value % journal.len();
                    journal.swap(i, j);
                }
                3 => journal[i].kind = MoveKind::ALL[value % MoveKind::ALL.len()],
                4 => {
                    if let Some(change) = journal[i].changes.get_mut(value % 8) {
                        change.cell = value;
                        change.after = small;
                    }
                }
                _ => {
                    journal[i].cell = Some(value);
                    journal[i].digit = Some(small);
                }
            }
        }
        let _ = Game::replay(givens, solution, Rules::default(), &journal);
        Ok(())
    });
}

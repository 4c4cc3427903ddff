//! Differential test against HoDoKu 2.2, the reference human-style solver. `tests/data/hodoku-paths.txt`
//! holds HoDoKu's solution paths (`hodoku FILE OUT /vp`, made by `scripts/hodoku-paths.sh`) for
//! 250 magictour puzzles and 60 of the forum's hardest. Each path is replayed step by step, and at
//! the position before each of HoDoKu's non-single steps:
//! - every Expert technique of Nonet lists all its instances, and none may contradict the
//!   solution (the `sudoku` crate's, an independent solver);
//! - where HoDoKu used a technique Nonet knows (of any level but the singles), Nonet must find
//!   instances with those eliminations. The misses per family are printed, each miss named, and
//!   there may be none (none since the twenty-eighth session; `tests/data/hodoku-missed-steps.txt`
//!   keeps the positions of those once missed).
//!
//! `NONET_HODOKU_PATHS=FILE` runs it over other paths: `scripts/hodoku-paths.sh --all FILE` makes
//! those of every puzzle of both lists (1,840).

use std::collections::BTreeMap;

use nonet::engine::grid::{cell_at, Cell, Digit};
use nonet::engine::logic::{self, Board, Level, Technique};
use nonet::engine::{Position, CELLS};

/// HoDoKu's name for a step, as Nonet's technique.
fn technique(name: &str) -> Option<Technique> {
    use Technique::*;
    Some(match name {
        "Finned X-Wing" => FinnedXWing,
        "Finned Swordfish" => FinnedSwordfish,
        "Finned Jellyfish" => FinnedJellyfish,
        "Sashimi X-Wing" => SashimiXWing,
        "Sashimi Swordfish" => SashimiSwordfish,
        "Sashimi Jellyfish" => SashimiJellyfish,
        "X-Chain" => XChain,
        "XY-Chain" => XyChain,
        "AIC" => Aic,
        "Grouped AIC" => GroupedAic,
        "Continuous Nice Loop" => ContinuousNiceLoop,
        "Discontinuous Nice Loop" => DiscontinuousNiceLoop,
        "Grouped Continuous Nice Loop" => GroupedContinuousNiceLoop,
        "Grouped Discontinuous Nice Loop" => GroupedDiscontinuousNiceLoop,
        "Almost Locked Set XZ-Rule" => AlsXz,
        "Almost Locked Set XY-Wing" => AlsXyWing,
        "Almost Locked Set Chain" => AlsXyChain,
        "Death Blossom" => DeathBlossom,
        "Sue de Coq" => SueDeCoq,
        "Uniqueness Test 3" => UniqueRectangle3,
        "Uniqueness Test 5" => UniqueRectangle5,
        "Uniqueness Test 6" => UniqueRectangle6,
        "Hidden Rectangle" => HiddenRectangle,
        "Avoidable Rectangle Type 1" => AvoidableRectangle1,
        "Avoidable Rectangle Type 2" => AvoidableRectangle2,
        "Multi Colors 1" | "Multi Colors 2" => MultiColors,
        "Dual 2-String Kite" => DualTwoStringKite,
        "Dual Empty Rectangle" => DualEmptyRectangle,
        "Template Set" => TemplateSet,
        "Template Delete" => TemplateDelete,
        "Franken Swordfish" => FrankenSwordfish,
        "Franken Jellyfish" => FrankenJellyfish,
        "Finned Franken Swordfish" => FinnedFrankenSwordfish,
        "Finned Franken Jellyfish" => FinnedFrankenJellyfish,
        "Finned Mutant Jellyfish" => FinnedMutantJellyfish,
        // The simpler families, which HoDoKu's paths use far more often.
        "Locked Candidates Type 1 (Pointing)" => LockedCandidatesPointing,
        "Locked Candidates Type 2 (Claiming)" => LockedCandidatesClaiming,
        "Locked Pair" => LockedPair,
        "Locked Triple" => LockedTriple,
        "Naked Pair" => NakedPair,
        "Naked Triple" => NakedTriple,
        "Naked Quadruple" => NakedQuad,
        "Hidden Pair" => HiddenPair,
        "Hidden Triple" => HiddenTriple,
        "Hidden Quadruple" => HiddenQuad,
        "X-Wing" => XWing,
        "Swordfish" => Swordfish,
        "Jellyfish" => Jellyfish,
        "Skyscraper" => Skyscraper,
        "2-String Kite" => TwoStringKite,
        "Turbot Fish" => TurbotFish,
        "Empty Rectangle" => EmptyRectangle,
        "XY-Wing" => XyWing,
        "XYZ-Wing" => XyzWing,
        "W-Wing" => WWing,
        "Remote Pair" => RemotePair,
        "Simple Colors Trap" | "Simple Colors Wrap" => SimpleColors,
        "Uniqueness Test 1" => UniqueRectangle1,
        "Uniqueness Test 2" => UniqueRectangle2,
        "Uniqueness Test 4" => UniqueRectangle4,
        "Bivalue Universal Grave + 1" => BugPlusOne,
        _ => return None,
    })
}

/// `r7c589,r89c2<>6` → cells and digits; `r9c3=7` likewise, with whether it is a placement.
fn parse_effects(text: &str) -> Vec<Effect> {
    let mut out = Vec::new();
    for item in text.split(", ") {
        let (cells, digits, place) = if let Some((c, d)) = item.split_once("<>") {
            (c, d, false)
        } else if let Some((c, d)) = item.split_once('=') {
            (c, d, true)
        } else {
            continue;
        };
        for spec in cells.split(',') {
            let Some(rest) = spec.trim().strip_prefix('r') else {
                continue;
            };
            let Some((rows, cols)) = rest.split_once('c') else {
                continue;
            };
            for r in rows.bytes().filter(u8::is_ascii_digit) {
                for c in cols.bytes().filter(u8::is_ascii_digit) {
                    for d in digits.trim().bytes().filter(u8::is_ascii_digit) {
                        out.push((cell_at((r - b'1') as usize, (c - b'1') as usize), d - b'0', place));
                    }
                }
            }
        }
    }
    out
}

/// A placement (true) or an elimination (false).
type Effect = (Cell, Digit, bool);

struct Path {
    puzzle: [Digit; CELLS],
    /// HoDoKu's step names with their placements and eliminations.
    steps: Vec<(String, Vec<Effect>)>,
}

/// The paths of `tests/data/hodoku-paths.txt`, or of the file `NONET_HODOKU_PATHS` names (made by
/// `scripts/hodoku-paths.sh --all OUT`: every puzzle of both lists).
fn paths() -> Vec<Path> {
    let file = std::env::var_os("NONET_HODOKU_PATHS").map_or_else(
        || std::path::PathBuf::from(concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/hodoku-paths.txt")),
        std::path::PathBuf::from,
    );
    let text = std::fs::read_to_string(&file)
        .unwrap_or_else(|e| panic!("{} (scripts/hodoku-paths.sh makes it): {e}", file.display()));
    let mut out: Vec<Path> = Vec::new();
    for line in text.lines() {
        if line.len() > 81 && !line.starts_with(' ') && line.as_bytes()[81] == b' ' {
            let mut puzzle = [0; CELLS];
            for (i, b) in line.bytes().take(81).enumerate() {
                puzzle[i] = if b.is_ascii_digit() { b - b'0' } else { 0 };
            }
            out.push(Path {
                puzzle,
                steps: Vec::new(),
            });
        } else if let (Some(path), Some(step)) = (out.last_mut(), line.strip_prefix("   ")) {
            let Some((name, rest)) = step.split_once(':').or_else(|| step.split_once(" => ")) else {
                continue;
            };
            let effects = match rest.rsplit_once("=> ") {
                Some((_, effects)) => effects,
                None => rest.trim(),
            };
            let name = name.split(" in ").next().unwrap_or(name).trim().to_string();
            path.steps.push((name, parse_effects(effects)));
        }
    }
    out
}

#[test]
fn nonet_never_contradicts_the_solution_where_hodoku_steps_and_finds_what_hodoku_finds() {
    let paths = paths();
    assert!(paths.len() >= 300, "HoDoKu paths for at least 300 puzzles");
    let families: Vec<Technique> = Technique::ALL
        .iter()
        .copied()
        .filter(|t| t.level() == Level::Expert)
        .collect();
    let mut examined: BTreeMap<Technique, usize> = BTreeMap::new();
    let mut hodoku_used: BTreeMap<Technique, (usize, usize)> = BTreeMap::new();
    let mut non_singles = 0usize;
    for path in &paths {
        let solution = sudoku::Sudoku::from_bytes(path.puzzle)
            .unwrap()
            .solution()
            .expect("unique")
            .to_bytes();
        let mut board = Board::from_position(&Position::from_givens(&path.puzzle));
        for (index, (name, effects)) in path.steps.iter().enumerate() {
            let singles = name.contains("Single") || name == "Full House";
            // At every tenth non-single position, every Expert family is asked for all it finds.
            non_singles += usize::from(!singles);
            if !singles && non_singles.is_multiple_of(10) {
                let position = position_of(&path.puzzle, &board);
                for &family in &families {
                    for step in logic::find_all(&position, family) {
                        assert!(
                            logic::agrees_with(&step, &solution),
                            "{} on {}: {} contradicts the solution",
                            family,
                            nonet::engine::grid::digits_to_line(&path.puzzle),
                            step.compact()
                        );
                    }
                    *examined.entry(family).or_insert(0) += 1;
                }
            }
            if let Some(family) = technique(name) {
                let position = position_of(&path.puzzle, &board);
                let wanted: Vec<(Cell, Digit)> = effects.iter().filter(|e| !e.2).map(|e| (e.0, e.1)).collect();
                let found = logic::find_all(&position, family);
                let union: Vec<(Cell, Digit)> = found
                    .iter()
                    .flat_map(|s| s.eliminations.iter().map(|e| (e.cell, e.digit)))
                    .chain(
                        found
                            .iter()
                            .flat_map(|s| s.placements.iter().map(|p| (p.cell, p.digit))),
                    )
                    .collect();
                let entry = hodoku_used.entry(family).or_insert((0, 0));
                entry.0 += 1;
                let placements_covered = effects.iter().filter(|e| e.2).all(|&(c, d, _)| {
                    union.contains(&(c, d))
                        || found
                            .iter()
                            .any(|s| s.placements.iter().any(|p| p.cell == c && p.digit == d))
                });
                if !(wanted.iter().all(|w| union.contains(w)) && placements_covered) {
                    entry.1 += 1;
                    eprintln!(
                        "missed: {family}, step {index} of {}'s path",
                        nonet::engine::grid::digits_to_line(&path.puzzle)
                    );
                }
            }
            for &(cell, digit, place) in effects {
                if place {
                    if board.value(cell) == 0 {
                        board.place(cell, digit);
                    }
                } else {
                    board.eliminate(cell, digit);
                }
            }
        }
    }
    eprintln!("positions examined per Expert family (no elimination contradicted the solution):");
    for (family, n) in &examined {
        eprintln!("  {family}: {n}");
    }
    eprintln!("HoDoKu's steps of families Nonet knows: used / missed by Nonet");
    for (family, (used, missed)) in &hodoku_used {
        eprintln!("  {family}: {used} / {missed}");
    }
    for family in &families {
        assert!(
            examined.get(family).copied().unwrap_or(0) >= 500,
            "{family}: at least 500 positions"
        );
    }
    let missed: Vec<String> = hodoku_used
        .iter()
        .filter(|(_, (_, missed))| *missed > 0)
        .map(|(family, (used, missed))| format!("{family} {missed} of {used}"))
        .collect();
    assert!(missed.is_empty(), "Nonet missed HoDoKu's steps: {}", missed.join(", "));
}

/// The replayed position: the puzzle's givens, the values placed so far, HoDoKu's candidates.
fn position_of(puzzle: &[Digit; CELLS], board: &Board) -> Position {
    let candidates: [nonet::engine::Candidates; CELLS] = std::array::from_fn(|c| board.candidates(c));
    Position::from_givens_and_values(puzzle, board.values()).with_candidates(&candidates)
}

/// HoDoKu's steps that Nonet once missed (`tests/data/hodoku-missed-steps.txt`): in each position
/// Nonet's technique must find a step with exactly HoDoKu's eliminations.
#[test]
fn nonet_finds_the_hodoku_steps_it_once_missed() {
    let text = std::fs::read_to_string(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/tests/data/hodoku-missed-steps.txt"
    ))
    .expect("tests/data/hodoku-missed-steps.txt");
    let mut checked = 0;
    for line in text.lines().filter(|l| !l.starts_with('#')) {
        let mut fields = line.split('\t');
        let (Some(id), Some(hodoku), Some(json)) = (fields.next(), fields.next(), fields.next()) else {
            panic!("three tab-separated fields: {line}");
        };
        let technique: Technique = id.parse().expect("a technique id");
        let (_, effects) = hodoku
            .rsplit_once("=> ")
            .expect("HoDoKu's step ends in its eliminations");
        let mut wanted: Vec<(Cell, Digit)> = parse_effects(effects).into_iter().map(|e| (e.0, e.1)).collect();
        wanted.sort_unstable();
        let position = nonet::engine::format::parse(json).expect("a JSON position");
        let found: Vec<Vec<(Cell, Digit)>> = logic::find_all(&position, technique)
            .iter()
            .map(|step| {
                let mut removed: Vec<(Cell, Digit)> = step.eliminations.iter().map(|e| (e.cell, e.digit)).collect();
                removed.sort_unstable();
                removed
            })
            .collect();
        assert!(
            found.contains(&wanted),
            "{id}: HoDoKu's \"{hodoku}\" not found; Nonet found {found:?}"
        );
        checked += 1;
    }
    assert!(checked >= 34, "only {checked} steps checked");
}

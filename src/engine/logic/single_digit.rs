//! Single-digit patterns built from strong links (a house where a digit has exactly two
//! places): skyscraper, 2-string kite, turbot fish and empty rectangle.

use super::board::Board;
use super::explanation::{phrase, Explanation};
use super::step::{HouseRole, Role, Step};
use super::technique::Technique;
use super::Found;
use crate::engine::cellset::CellSet;
use crate::engine::grid::{box_of, cell_at, col_of, row_of, Cell, Digit, House};

/// A house where the digit has exactly two candidates.
#[derive(Clone, Copy, Default)]
struct StrongLink {
    house: House,
    ends: [Cell; 2],
}

/// The strong links of a digit in these houses, in their order (on the stack: one per house at
/// most), with their count.
fn strong_links(board: &Board, digit: Digit, houses: impl Iterator<Item = House>) -> ([StrongLink; 27], usize) {
    let mut links = [StrongLink::default(); 27];
    let mut count = 0;
    for house in houses {
        let cells = board.cells_in(house, digit);
        let mut ends = cells.iter();
        if let (2, Some(a), Some(b)) = (cells.len(), ends.next(), ends.next()) {
            links[count] = StrongLink { house, ends: [a, b] };
            count += 1;
        }
    }
    (links, count)
}

/// How a chain strong–weak–strong is named, by the houses of its links.
fn chain_kind(first: House, second: House, inner: [Cell; 2]) -> Technique {
    let is_row = |h: House| h < 9;
    let is_col = |h: House| (9..18).contains(&h);
    let [b, c] = inner;
    if (is_row(first) && is_row(second) && col_of(b) == col_of(c))
        || (is_col(first) && is_col(second) && row_of(b) == row_of(c))
    {
        Technique::Skyscraper
    } else if ((is_row(first) && is_col(second)) || (is_col(first) && is_row(second))) && box_of(b) == box_of(c) {
        Technique::TwoStringKite
    } else {
        Technique::TurbotFish
    }
}

/// Whether strong links in these two houses can form the wanted pattern: a skyscraper joins two
/// rows or two columns, a kite a row and a column; a turbot fish any two houses.
fn houses_can_make(wanted: Technique, first: House, second: House) -> bool {
    let kind = |h: House| h / 9; // 0 row, 1 column, 2 box
    match wanted {
        Technique::Skyscraper => kind(first) == kind(second) && kind(first) < 2,
        Technique::TwoStringKite => kind(first) + kind(second) == 1,
        _ => true,
    }
}

/// Chains `a = b - c = d` on one digit: one of `a` and `d` holds the digit, so cells seeing
/// both lose it. Reports those whose shape makes them `wanted`.
fn strong_weak_strong(board: &Board, wanted: Technique, found: &mut Found) {
    // A digit's chains depend on its candidates alone: one as it was when it had none is passed
    // over; so is a chain whose two houses have not lost it since (what it removes only shrinks).
    found.per_digit(wanted, board, |digit, changed, found| {
        let (links, count) = strong_links(board, digit, 0..27);
        let links = &links[..count];
        let mut fresh = [false; 27];
        for (fresh, link) in fresh.iter_mut().zip(links) {
            *fresh = !(CellSet::house(link.house) & changed).is_empty();
        }
        for (i, first) in links.iter().enumerate() {
            for (j, second) in links.iter().enumerate().skip(i + 1) {
                if !fresh[i] && !fresh[j] {
                    continue;
                }
                if first.house == second.house || !houses_can_make(wanted, first.house, second.house) {
                    continue;
                }
                for (a, b) in [(first.ends[0], first.ends[1]), (first.ends[1], first.ends[0])] {
                    for (c, d) in [(second.ends[0], second.ends[1]), (second.ends[1], second.ends[0])] {
                        // Cheapest tests first: the weak link, the shape, then the targets.
                        if b == c || a == d || a == c || b == d || !CellSet::peers(b).contains(c) {
                            continue;
                        }
                        if chain_kind(first.house, second.house, [b, c]) != wanted {
                            continue;
                        }
                        let pattern: CellSet = [a, b, c, d].into_iter().collect();
                        let targets = (CellSet::peers(a) & CellSet::peers(d) & board.cells_with(digit)) - pattern;
                        if targets.is_empty() {
                            continue;
                        }
                        let mut step = Step::new(wanted);
                        step.mark_house(first.house, HouseRole::Base)
                            .mark_house(second.house, HouseRole::Base);
                        for cell in pattern.iter() {
                            step.mark_candidate(cell, digit, Role::Pattern);
                        }
                        step.link((a, digit), (b, digit), true)
                            .link((b, digit), (c, digit), false)
                            .link((c, digit), (d, digit), true);
                        for cell in targets.iter() {
                            step.eliminate(cell, digit);
                        }
                        step.explain_with(found.explains(), || {
                            let template = if targets.len() == 1 {
                                phrase("{technique} on {digit}: {first} has {digit} only in {a} and {b}, {second} only in {c} and {d}; {b} and {c} see each other, so {a} or {d} is {digit}. {targets} sees both and cannot be {digit}.")
                            } else {
                                phrase("{technique} on {digit}: {first} has {digit} only in {a} and {b}, {second} only in {c} and {d}; {b} and {c} see each other, so {a} or {d} is {digit}. {targets} see both and cannot be {digit}.")
                            };
                            Explanation::new(template)
                            .technique("technique", wanted)
                            .digit("digit", digit)
                            .house("first", first.house)
                            .house("second", second.house)
                            .cell("a", a)
                            .cell("b", b)
                            .cell("c", c)
                            .cell("d", d)
                            .cells_and("targets", targets.iter())
                        });
                        if !found.add(step) {
                            return false;
                        }
                    }
                }
            }
        }
        true
    });
}

pub fn skyscraper(board: &Board, found: &mut Found) {
    strong_weak_strong(board, Technique::Skyscraper, found);
}

pub fn two_string_kite(board: &Board, found: &mut Found) {
    strong_weak_strong(board, Technique::TwoStringKite, found);
}

pub fn turbot_fish(board: &Board, found: &mut Found) {
    strong_weak_strong(board, Technique::TurbotFish, found);
}

/// A box whose candidates for a digit lie on one row and one column of it (a cross, leaving an
/// "empty rectangle"), with a strong link whose near end sees one arm: the cell where the far
/// end's line crosses the other arm cannot hold the digit.
pub fn empty_rectangle(board: &Board, found: &mut Found) {
    // A digit's rectangles depend on its candidates alone: one as it was when it had none is
    // passed over.
    found.per_digit(Technique::EmptyRectangle, board, |digit, _, found| {
        let (links, count) = strong_links(board, digit, 0..18);
        let links = &links[..count];
        for box_index in 0..9 {
            let box_house = 18 + box_index;
            let cells = board.cells_in(box_house, digit);
            if cells.len() < 2 {
                continue;
            }
            let (band, stack) = (box_index / 3, box_index % 3);
            for row in band * 3..band * 3 + 3 {
                for col in stack * 3..stack * 3 + 3 {
                    let row_arm = (cells & CellSet::house(row)) - CellSet::house(9 + col);
                    let col_arm = (cells & CellSet::house(9 + col)) - CellSet::house(row);
                    if row_arm.is_empty()
                        || col_arm.is_empty()
                        || !(cells - CellSet::house(row) - CellSet::house(9 + col)).is_empty()
                    {
                        continue;
                    }
                    for link in links {
                        for (near, far) in [(link.ends[0], link.ends[1]), (link.ends[1], link.ends[0])] {
                            // A column link seen by the row arm, or a row link seen by the column arm.
                            let target = if link.house >= 9
                                && row_of(near) == row
                                && col_of(near) / 3 != stack
                                && row_of(far) / 3 != band
                            {
                                cell_at(row_of(far), col)
                            } else if link.house < 9
                                && col_of(near) == col
                                && row_of(near) / 3 != band
                                && col_of(far) / 3 != stack
                            {
                                cell_at(row, col_of(far))
                            } else {
                                continue;
                            };
                            if !board.has(target, digit) {
                                continue;
                            }
                            let mut step = Step::new(Technique::EmptyRectangle);
                            step.mark_house(box_house, HouseRole::Base)
                                .mark_house(link.house, HouseRole::Base);
                            for cell in cells.iter() {
                                step.mark_candidate(cell, digit, Role::Pattern);
                            }
                            step.mark_candidate(near, digit, Role::Pattern)
                                .mark_candidate(far, digit, Role::Pattern);
                            step.link((near, digit), (far, digit), true);
                            step.eliminate(target, digit);
                            step.explain_with(found.explains(), || {
                                // The near end shares one arm's line: were it the digit, the
                                // box would keep it on the other arm, whose line holds the target.
                                let arm = if link.house >= 9 { 9 + col } else { row };
                                Explanation::new(phrase(
                                    "Empty Rectangle on {digit} in {box}: its {digit}s lie in {row} and {column}. In {link}, {digit} lies only in {near} and {far}. If {near} is {digit}, {box} has its {digit} in {arm}, which {target} shares; if not, {far} is {digit}, and {target} sees it. Either way {target} cannot be {digit}.",
                                ))
                                .digit("digit", digit)
                                .house("box", box_house)
                                .house("row", row)
                                .house("column", 9 + col)
                                .house("link", link.house)
                                .house("arm", arm)
                                .cell("near", near)
                                .cell("far", far)
                                .cell("target", target)
                            });
                            if !found.add(step) {
                                return false;
                            }
                        }
                    }
                }
            }
        }
        true
    });
}

/// The cells a step's strong and weak links join, as sorted pairs.
fn link_cells(step: &Step, strong: bool) -> Vec<[Cell; 2]> {
    step.highlights
        .links
        .iter()
        .filter(|l| l.strong == strong)
        .map(|l| {
            let (a, b) = (l.from.cell, l.to.cell);
            [a.min(b), a.max(b)]
        })
        .collect()
}

/// Two steps of one pattern that share their core, reported as one with both eliminations.
fn dual(
    board: &Board,
    single: Technique,
    wanted: Technique,
    core: impl Fn(&Step) -> Vec<[Cell; 2]>,
    found: &mut Found,
) {
    let mut all = Found::new(true);
    all.explain = found.explains();
    super::search(board, single, &mut all);
    let steps = all.steps;
    for (i, a) in steps.iter().enumerate() {
        for b in &steps[i + 1..] {
            let digit = a.eliminations[0].digit;
            if b.eliminations[0].digit != digit || core(a) != core(b) || a.eliminations == b.eliminations {
                continue;
            }
            let mut step = Step::new(wanted);
            step.highlights = a.highlights.clone();
            step.highlights.candidates.retain(|c| c.role != Role::Target);
            for mark in &b.highlights.candidates {
                if mark.role != Role::Target && !step.highlights.candidates.contains(mark) {
                    step.highlights.candidates.push(*mark);
                }
            }
            for link in &b.highlights.links {
                if !step.highlights.links.contains(link) {
                    step.highlights.links.push(*link);
                }
            }
            for e in a.eliminations.iter().chain(&b.eliminations) {
                step.eliminate(e.cell, e.digit);
            }
            step.explain_with(found.explains(), || {
                let template = if single == Technique::TwoStringKite {
                    phrase("{technique} on {digit}: two 2-String Kites share their middle. {a} {b}")
                } else {
                    phrase("{technique} on {digit}: two Empty Rectangles share their middle. {a} {b}")
                };
                let clause = |s: &Step| {
                    s.text
                        .as_deref()
                        .cloned()
                        .unwrap_or_else(|| Explanation::verbatim(s.explanation.clone()))
                };
                Explanation::new(template)
                    .technique("technique", wanted)
                    .digit("digit", digit)
                    .clause("a", clause(a))
                    .clause("b", clause(b))
            });
            if !found.add(step) {
                return;
            }
        }
    }
}

/// Dual 2-String Kite: two kites on one digit through the same two cells of a box.
pub fn dual_two_string_kite(board: &Board, found: &mut Found) {
    dual(
        board,
        Technique::TwoStringKite,
        Technique::DualTwoStringKite,
        |step| link_cells(step, false),
        found,
    );
}

/// Dual Empty Rectangle: two empty rectangles on one digit in the same box.
pub fn dual_empty_rectangle(board: &Board, found: &mut Found) {
    dual(
        board,
        Technique::EmptyRectangle,
        Technique::DualEmptyRectangle,
        |step| {
            step.highlights
                .houses
                .first()
                .map(|b| vec![[b.house, b.house]])
                .unwrap_or_default()
        },
        found,
    );
}

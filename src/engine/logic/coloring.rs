//! Simple Colors: the strong links of one digit joined into chains and coloured alternately.
//! One colour holds the digit throughout. Colour trap: a cell seeing both colours loses the digit.
//! Colour wrap: two cells of one colour in a house make that colour false everywhere.

use super::board::Board;
use super::explanation::{phrase, Explanation};
use super::step::{Role, Step};
use super::technique::Technique;
use super::Found;
use crate::engine::cellset::CellSet;
use crate::engine::grid::{Cell, Digit, CELLS};

/// The colour classes of each chain of strong links on a digit (of at least `min_cells` cells).
fn chains(board: &Board, digit: Digit, min_cells: u32) -> Vec<[CellSet; 2]> {
    // Each cell's partners, in house order: one per house at most (row, column, box).
    let mut partners = [[0 as Cell; 3]; CELLS];
    let mut count = [0usize; CELLS];
    for house in 0..27 {
        let cells = board.cells_in(house, digit);
        if cells.len() == 2 {
            let mut ends = cells.iter();
            if let (Some(a), Some(b)) = (ends.next(), ends.next()) {
                partners[a][count[a]] = b;
                count[a] += 1;
                partners[b][count[b]] = a;
                count[b] += 1;
            }
        }
    }
    let mut colour = [u8::MAX; CELLS];
    let mut result = Vec::new();
    // Every cell is pushed once at most.
    let mut stack = [0 as Cell; CELLS];
    for start in 0..CELLS {
        if count[start] == 0 || colour[start] != u8::MAX {
            continue;
        }
        let mut classes = [CellSet::EMPTY; 2];
        colour[start] = 0;
        stack[0] = start;
        let mut depth = 1;
        while depth > 0 {
            depth -= 1;
            let cell = stack[depth];
            classes[colour[cell] as usize].insert(cell);
            for &next in &partners[cell][..count[cell]] {
                if colour[next] == u8::MAX {
                    colour[next] = 1 - colour[cell];
                    stack[depth] = next;
                    depth += 1;
                }
            }
        }
        if classes[0].len() + classes[1].len() >= min_cells {
            result.push(classes);
        }
    }
    result
}

fn sees_any(cell: Cell, cells: CellSet) -> bool {
    !(CellSet::peers(cell) & cells).is_empty()
}

pub fn simple_colors(board: &Board, found: &mut Found) {
    // A digit's colours depend on its candidates alone: one as it was when it had no step is
    // passed over.
    found.per_digit(Technique::SimpleColors, board, |digit, _, found| {
        for [blue, green] in chains(board, digit, 3) {
            let chain = blue | green;
            let wrapped = [blue, green]
                .into_iter()
                .find(|&class| class.iter().any(|c| sees_any(c, class)));
            let trapped = (board.cells_with(digit) - chain)
                .iter()
                .any(|c| sees_any(c, blue) && sees_any(c, green));
            if wrapped.is_none() && !trapped {
                continue;
            }
            let mut step = Step::new(Technique::SimpleColors);
            for cell in blue.iter() {
                step.mark_candidate(cell, digit, Role::Pattern);
            }
            for cell in green.iter() {
                step.mark_candidate(cell, digit, Role::Alternate);
            }
            // Colour wrap: a colour seeing itself is false.
            let wrapped = [blue, green]
                .into_iter()
                .find(|&class| class.iter().any(|c| sees_any(c, class)));
            if let Some(false_class) = wrapped {
                for cell in false_class.iter() {
                    step.eliminate(cell, digit);
                }
                step.explain_with(found.explains(), || {
                    Explanation::new(phrase(
                        "Simple Colors on {digit}: colouring its strong links alternately, two cells of the colour {cells} share a house, so that colour is false and none of its cells can be {digit}.",
                    ))
                    .digit("digit", digit)
                    .cells("cells", false_class.iter())
                });
            } else {
                // Colour trap: outside cells seeing both colours.
                let targets: CellSet = (board.cells_with(digit) - chain)
                    .iter()
                    .filter(|&c| sees_any(c, blue) && sees_any(c, green))
                    .collect();
                for cell in targets.iter() {
                    step.eliminate(cell, digit);
                }
                step.explain_with(found.explains(), || {
                    let template = if targets.len() == 1 {
                        phrase("Simple Colors on {digit}: colouring its strong links alternately, one of the colours {blue} / {green} holds {digit}; {targets} sees both colours and cannot be {digit}.")
                    } else {
                        phrase("Simple Colors on {digit}: colouring its strong links alternately, one of the colours {blue} / {green} holds {digit}; {targets} see both colours and cannot be {digit}.")
                    };
                    Explanation::new(template)
                    .digit("digit", digit)
                    .cells("blue", blue.iter())
                    .cells("green", green.iter())
                    .cells_and("targets", targets.iter())
                });
            }
            if !found.add(step) {
                return false;
            }
        }
        true
    });
}

fn sees_class(a: CellSet, b: CellSet) -> bool {
    a.iter().any(|c| sees_any(c, b))
}

/// Multi-Colors: two chains of strong links on one digit, each coloured. If a colour of one sees
/// a colour of the other, one of the two opposite colours holds the digit, so cells seeing both
/// lose it (type 1). If a colour sees both colours of the other chain, it is false (type 2).
pub fn multi_colors(board: &Board, found: &mut Found) {
    // A digit's colours depend on its candidates alone: one as it was when it had no step is
    // passed over.
    found.per_digit(Technique::MultiColors, board, |digit, _, found| {
        let clusters = chains(board, digit, 2);
        let mut targets = CellSet::EMPTY;
        let mut reasons = Vec::new();
        let mut used = Vec::new();
        for (i, first) in clusters.iter().enumerate() {
            for (j, second) in clusters.iter().enumerate() {
                if i == j {
                    continue;
                }
                for a in 0..2 {
                    // Type 2: colour a of the first sees both colours of the second.
                    if sees_class(first[a], second[0]) && sees_class(first[a], second[1]) {
                        let mut step = Step::new(Technique::MultiColors);
                        mark_clusters(&mut step, digit, first, second);
                        for cell in first[a].iter() {
                            step.eliminate(cell, digit);
                        }
                        step.explain_with(found.explains(), || {
                            Explanation::new(phrase(
                                "Multi-Colors on {digit}: the colour {cells} sees both colours of the chain {blue} / {green}, one of which holds {digit}; so {targets} cannot be {digit}.",
                            ))
                            .digit("digit", digit)
                            .cells("cells", first[a].iter())
                            .cells_and("targets", first[a].iter())
                            .cells("blue", second[0].iter())
                            .cells("green", second[1].iter())
                        });
                        if !found.add(step) {
                            return false;
                        }
                    }
                }
                // Type 1: colour a sees colour b; then 1-a or 1-b holds the digit. All such
                // pairs of colours on one digit make one step (as HoDoKu reports them).
                if j < i {
                    continue;
                }
                for a in 0..2 {
                    for b in 0..2 {
                        if !sees_class(first[a], second[b]) {
                            continue;
                        }
                        let (x, y) = (first[1 - a], second[1 - b]);
                        // Any cell but x's and y's own (a cell of the other colours too).
                        let these: CellSet = (board.cells_with(digit) - x - y)
                            .iter()
                            .filter(|&c| sees_any(c, x) && sees_any(c, y))
                            .collect();
                        if !these.is_empty() {
                            targets |= these;
                            used.push((*first, *second));
                            reasons.push(
                                Explanation::new(phrase("the colour {a} sees the colour {b}, so the colour {x} or the colour {y} holds {digit}"))
                                    .cells("a", first[a].iter())
                                    .cells("b", second[b].iter())
                                    .cells("x", x.iter())
                                    .cells("y", y.iter())
                                    .digit("digit", digit),
                            );
                        }
                    }
                }
            }
        }
        if targets.is_empty() {
            return true;
        }
        let mut step = Step::new(Technique::MultiColors);
        for (first, second) in &used {
            mark_clusters(&mut step, digit, first, second);
        }
        for cell in targets.iter() {
            step.eliminate(cell, digit);
        }
        step.explain_with(found.explains(), || {
            let template = if targets.len() == 1 {
                phrase("Multi-Colors on {digit}: {reasons}; {targets} sees both colours of such a pair and cannot be {digit}.")
            } else {
                phrase("Multi-Colors on {digit}: {reasons}; {targets} see both colours of such a pair and cannot be {digit}.")
            };
            Explanation::new(template)
            .digit("digit", digit)
            .joined("reasons", reasons, "; ")
            .cells_and("targets", targets.iter())
        });
        found.add(step)
    });
}

fn mark_clusters(step: &mut Step, digit: Digit, first: &[CellSet; 2], second: &[CellSet; 2]) {
    for (class, role) in [
        (first[0], Role::Pattern),
        (first[1], Role::Alternate),
        (second[0], Role::SecondPattern),
        (second[1], Role::SecondAlternate),
    ] {
        for cell in class.iter() {
            step.mark_candidate(cell, digit, role);
        }
    }
}

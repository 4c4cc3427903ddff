//! Simple Colors: the strong links of one digit joined into chains and coloured alternately.
//! One colour holds the digit throughout. Colour trap: a cell seeing both colours loses the digit.
//! Colour wrap: two cells of one colour in a house make that colour false everywhere.

use super::board::Board;
use super::step::{list_cells, Role, Step};
use super::technique::Technique;
use super::Found;
use crate::engine::cellset::CellSet;
use crate::engine::grid::{Cell, Digit, CELLS};

/// The colour classes of each chain of strong links on a digit.
fn chains(board: &Board, digit: Digit) -> Vec<[CellSet; 2]> {
    let mut partners: Vec<Vec<Cell>> = vec![Vec::new(); CELLS];
    for house in 0..27 {
        let cells = board.cells_in(house, digit);
        if cells.len() == 2 {
            let mut ends = cells.iter();
            if let (Some(a), Some(b)) = (ends.next(), ends.next()) {
                partners[a].push(b);
                partners[b].push(a);
            }
        }
    }
    let mut colour = [u8::MAX; CELLS];
    let mut result = Vec::new();
    for start in 0..CELLS {
        if partners[start].is_empty() || colour[start] != u8::MAX {
            continue;
        }
        let mut classes = [CellSet::EMPTY; 2];
        colour[start] = 0;
        let mut stack = vec![start];
        while let Some(cell) = stack.pop() {
            classes[colour[cell] as usize].insert(cell);
            for &next in &partners[cell] {
                if colour[next] == u8::MAX {
                    colour[next] = 1 - colour[cell];
                    stack.push(next);
                }
            }
        }
        if classes[0].len() + classes[1].len() >= 3 {
            result.push(classes);
        }
    }
    result
}

fn sees_any(cell: Cell, cells: CellSet) -> bool {
    !(CellSet::peers(cell) & cells).is_empty()
}

pub fn simple_colors(board: &Board, found: &mut Found) {
    for digit in 1..=9 {
        for [blue, green] in chains(board, digit) {
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
                    format!(
                        "Simple colors on {}: colouring its strong links alternately, two cells of one colour \
                     ({}) share a house, so that colour is false and {} cannot be {}.",
                        digit,
                        list_cells(false_class.iter()),
                        list_cells(false_class.iter()),
                        digit
                    )
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
                    format!(
                        "Simple colors on {}: colouring its strong links alternately, one of the colours {} / {} \
                     holds {}; {} sees both colours and cannot be {}.",
                        digit,
                        list_cells(blue.iter()),
                        list_cells(green.iter()),
                        digit,
                        list_cells(targets.iter()),
                        digit
                    )
                });
            }
            if !found.add(step) {
                return;
            }
        }
    }
}

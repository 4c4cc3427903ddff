//! Basic fish: X-Wing (2), Swordfish (3) and Jellyfish (4). When a digit's candidates in n rows
//! lie in only n columns, those columns lose the digit outside the n rows; likewise with rows
//! and columns swapped.

use super::board::Board;
use super::step::{list_houses, HouseRole, Role, Step};
use super::subsets::{each_combination, gather};
use super::technique::Technique;
use super::Found;
use crate::engine::cellset::CellSet;
use crate::engine::grid::{col_of, row_of};

pub fn basic(board: &Board, size: usize, found: &mut Found) {
    let technique = match size {
        2 => Technique::XWing,
        3 => Technique::Swordfish,
        _ => Technique::Jellyfish,
    };
    for digit in 1..=9 {
        for rows_are_base in [true, false] {
            let (bases, covers) = if rows_are_base { (0..9, 9..18) } else { (9..18, 0..9) };
            // Where each base line has the digit, as a 9-bit mask of cover lines.
            let mut positions = [0u16; 18];
            for line in bases.clone() {
                for cell in board.cells_in(line, digit).iter() {
                    let cover = if rows_are_base { col_of(cell) } else { row_of(cell) };
                    positions[line] |= 1 << cover;
                }
            }
            let (lines, count) =
                gather(bases.filter(|&line| (2..=size as u32).contains(&positions[line].count_ones())));
            let lines = &lines[..count];
            let mut keep_looking = true;
            each_combination(lines, size, |base| {
                let union = base.iter().fold(0u16, |acc, &line| acc | positions[line]);
                if union.count_ones() as usize != size {
                    return true;
                }
                let cells = base
                    .iter()
                    .fold(CellSet::EMPTY, |acc, &line| acc | board.cells_in(line, digit));
                let cover: Vec<usize> = covers.clone().filter(|&line| union >> (line % 9) & 1 == 1).collect();
                let cover_cells = cover
                    .iter()
                    .fold(CellSet::EMPTY, |acc, &line| acc | board.cells_in(line, digit));
                let targets = cover_cells - cells;
                if targets.is_empty() {
                    return true;
                }
                let mut step = Step::new(technique);
                for &line in base {
                    step.mark_house(line, HouseRole::Base);
                }
                for &line in &cover {
                    step.mark_house(line, HouseRole::Cover);
                }
                for cell in cells.iter() {
                    step.mark_candidate(cell, digit, Role::Pattern);
                }
                for cell in targets.iter() {
                    step.eliminate(cell, digit);
                }
                step.explain_with(found.explains(), || {
                    format!(
                        "{} on {}: in {}, {} lies only in {}, so it can be removed from the other cells of those {}.",
                        technique.name(),
                        digit,
                        list_houses(base.iter().copied()),
                        digit,
                        list_houses(cover.iter().copied()),
                        if rows_are_base { "columns" } else { "rows" }
                    )
                });
                keep_looking = found.add(step);
                keep_looking
            });
            if !keep_looking {
                return;
            }
        }
    }
}

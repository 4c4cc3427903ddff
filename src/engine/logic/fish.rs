//! Basic fish: X-Wing (2), Swordfish (3) and Jellyfish (4). When a digit's candidates in n rows
//! lie in only n columns, those columns lose the digit outside the n rows; likewise with rows
//! and columns swapped.

use super::board::Board;
use super::step::{list_houses, HouseRole, Role, Step};
use super::subsets::combinations;
use super::technique::Technique;
use super::Found;
use crate::engine::cellset::CellSet;

pub fn basic(board: &Board, size: usize, found: &mut Found) {
    let technique = match size {
        2 => Technique::XWing,
        3 => Technique::Swordfish,
        _ => Technique::Jellyfish,
    };
    for digit in 1..=9 {
        for rows_are_base in [true, false] {
            let (bases, covers) = if rows_are_base { (0..9, 9..18) } else { (9..18, 0..9) };
            let lines: Vec<usize> = bases
                .filter(|&line| (2..=size as u32).contains(&board.cells_in(line, digit).len()))
                .collect();
            for base in combinations(&lines, size) {
                let cells = base
                    .iter()
                    .fold(CellSet::EMPTY, |acc, &line| acc | board.cells_in(line, digit));
                let cover: Vec<usize> = covers
                    .clone()
                    .filter(|&line| !(cells & CellSet::house(line)).is_empty())
                    .collect();
                if cover.len() != size {
                    continue;
                }
                let cover_cells = cover
                    .iter()
                    .fold(CellSet::EMPTY, |acc, &line| acc | board.cells_in(line, digit));
                let targets = cover_cells - cells;
                let mut step = Step::new(technique);
                for &line in &base {
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
                step.explain(format!(
                    "{} on {}: in {}, {} lies only in {}, so it can be removed from the other cells of those {}.",
                    technique.name(),
                    digit,
                    list_houses(base.iter().copied()),
                    digit,
                    list_houses(cover.iter().copied()),
                    if rows_are_base { "columns" } else { "rows" }
                ));
                if !found.add(step) {
                    return;
                }
            }
        }
    }
}

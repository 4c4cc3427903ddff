//! Naked subsets (n cells of a house holding only n digits) and hidden subsets (n digits of a
//! house confined to n cells), for pairs, triples and quads.

use super::board::Board;
use super::step::{list_cells, list_digits, HouseRole, Role, Step};
use super::technique::Technique;
use super::Found;
use crate::engine::cellset::CellSet;
use crate::engine::grid::{house_name, Candidates, Digit};

/// Every way to choose `size` items from `items`, in lexicographic order.
pub fn combinations<T: Copy>(items: &[T], size: usize) -> Vec<Vec<T>> {
    fn extend<T: Copy>(items: &[T], size: usize, start: usize, chosen: &mut Vec<T>, out: &mut Vec<Vec<T>>) {
        if chosen.len() == size {
            out.push(chosen.clone());
            return;
        }
        for i in start..items.len() {
            if items.len() - i < size - chosen.len() {
                break;
            }
            chosen.push(items[i]);
            extend(items, size, i + 1, chosen, out);
            chosen.pop();
        }
    }
    let mut out = Vec::new();
    extend(items, size, 0, &mut Vec::with_capacity(size), &mut out);
    out
}

fn naked_technique(size: usize) -> Technique {
    match size {
        2 => Technique::NakedPair,
        3 => Technique::NakedTriple,
        _ => Technique::NakedQuad,
    }
}

fn hidden_technique(size: usize) -> Technique {
    match size {
        2 => Technique::HiddenPair,
        3 => Technique::HiddenTriple,
        _ => Technique::HiddenQuad,
    }
}

const SIZE_WORDS: [&str; 5] = ["", "", "pair", "triple", "quad"];

pub fn naked(board: &Board, size: usize, found: &mut Found) {
    for house in 0..27 {
        let open: Vec<usize> = (CellSet::house(house) & board.empty_cells())
            .iter()
            .filter(|&c| (2..=size as u32).contains(&board.candidates(c).len()))
            .collect();
        for cells in combinations(&open, size) {
            let digits: Candidates = cells.iter().flat_map(|&c| board.candidates(c).iter()).collect();
            if digits.len() as usize != size {
                continue;
            }
            let subset: CellSet = cells.iter().copied().collect();
            let mut step = Step::new(naked_technique(size));
            step.mark_house(house, HouseRole::Base);
            for &cell in &cells {
                for digit in board.candidates(cell).iter() {
                    step.mark_candidate(cell, digit, Role::Pattern);
                }
            }
            for cell in ((CellSet::house(house) & board.empty_cells()) - subset).iter() {
                for digit in digits.iter().filter(|&d| board.has(cell, d)) {
                    step.eliminate(cell, digit);
                }
            }
            step.explain(format!(
                "In {}, {} hold only {}: a naked {}, so these digits can be removed from the other cells of {}.",
                house_name(house),
                list_cells(cells.iter().copied()),
                list_digits(digits.iter()),
                SIZE_WORDS[size],
                house_name(house)
            ));
            if !found.add(step) {
                return;
            }
        }
    }
}

pub fn hidden(board: &Board, size: usize, found: &mut Found) {
    for house in 0..27 {
        let open: Vec<Digit> = (1..=9)
            .filter(|&d| (2..=size as u32).contains(&board.cells_in(house, d).len()))
            .collect();
        for digits in combinations(&open, size) {
            let cells = digits
                .iter()
                .fold(CellSet::EMPTY, |acc, &d| acc | board.cells_in(house, d));
            if cells.len() as usize != size {
                continue;
            }
            let subset: Candidates = digits.iter().copied().collect();
            let mut step = Step::new(hidden_technique(size));
            step.mark_house(house, HouseRole::Base);
            for cell in cells.iter() {
                for digit in board.candidates(cell).iter() {
                    if subset.contains(digit) {
                        step.mark_candidate(cell, digit, Role::Pattern);
                    } else {
                        step.eliminate(cell, digit);
                    }
                }
            }
            step.explain(format!(
                "In {}, {} fit only in {}: a hidden {}, so those cells can hold nothing else.",
                house_name(house),
                list_digits(digits.iter().copied()),
                list_cells(cells.iter()),
                SIZE_WORDS[size]
            ));
            if !found.add(step) {
                return;
            }
        }
    }
}

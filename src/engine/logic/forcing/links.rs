//! What a forcing chain follows, without reasons: each candidate's strong links in the position,
//! and what a candidate assumed true or false forces along them ([`Outcome`]), taken in whole
//! where another candidate's closure is already known.

use super::branch::{cand, cell_of, digit_of, Branch, Cand, TRUE};
use crate::engine::cellset::CellSet;
use crate::engine::grid::{houses_of, CELLS};
use crate::engine::logic::board::Board;

/// What a branch concluded, in short.
#[derive(Clone)]
pub(super) struct Outcome {
    pub(super) conflict: bool,
    pub(super) trues: [CellSet; 10],
    pub(super) falses: [CellSet; 10],
}

impl Outcome {
    pub(super) fn of(branch: &Branch) -> Outcome {
        let mut out = Outcome {
            conflict: branch.conflict.is_some(),
            trues: [CellSet::EMPTY; 10],
            falses: [CellSet::EMPTY; 10],
        };
        for &c in &branch.order {
            let set = if branch.state[c as usize] == TRUE {
                &mut out.trues
            } else {
                &mut out.falses
            };
            set[digit_of(c) as usize].insert(cell_of(c));
        }
        out
    }
}

/// What a chain follows, without reasons: each candidate's strong links in the position (the
/// other digit of a bivalue cell, the other place of a digit in a house with two).
pub(super) struct StrongLinks<'a> {
    pub(super) board: &'a Board,
    /// Up to four partners of each candidate; `u16::MAX` for none.
    pub(super) partners: Vec<[Cand; 4]>,
}

impl<'a> StrongLinks<'a> {
    pub(super) fn new(board: &'a Board) -> StrongLinks<'a> {
        let mut partners = vec![[Cand::MAX; 4]; CELLS * 9];
        for cell in board.empty_cells().iter() {
            let cands = board.candidates(cell);
            for digit in cands.iter() {
                let mut found = partners[cand(cell, digit) as usize];
                let mut k = 0;
                if cands.len() == 2 {
                    if let Some(other) = cands.iter().find(|&d| d != digit) {
                        found[k] = cand(cell, other);
                        k += 1;
                    }
                }
                for house in houses_of(cell) {
                    let places = board.cells_in(house, digit);
                    if places.len() == 2 {
                        if let Some(p) = places.iter().find(|&p| p != cell) {
                            found[k] = cand(p, digit);
                            k += 1;
                        }
                    }
                }
                partners[cand(cell, digit) as usize] = found;
            }
        }
        StrongLinks { board, partners }
    }

    /// The other ends of a candidate's strong links: the cell's other digit (a bivalue cell),
    /// then the digit's other place in each of its houses with two.
    pub(super) fn partners(&self, c: Cand) -> impl Iterator<Item = Cand> + '_ {
        self.partners[c as usize]
            .iter()
            .copied()
            .take_while(|&p| p != Cand::MAX)
    }

    /// Whether a chain branch from `c` assumed false leads to a contradiction, from what the
    /// other ends of its strong links force assumed true (worked out into `outcomes` where they
    /// are not yet). A chain's implications each rest on one literal, so what `c` false forces
    /// is `c` false and all those ends force: a contradiction if one of them leads to one, or
    /// one forces true what another (or `c` itself) forces false.
    pub(super) fn false_leads_to_conflict(&self, c: Cand, outcomes: &mut [Option<Outcome>]) -> bool {
        let (mut trues, mut falses) = ([CellSet::EMPTY; 10], [CellSet::EMPTY; 10]);
        falses[digit_of(c) as usize].insert(cell_of(c));
        for p in self.partners(c) {
            let outcome = self.true_outcome(p, outcomes);
            if outcome.conflict {
                return true;
            }
            for d in 1..=9 {
                trues[d] |= outcome.trues[d];
                falses[d] |= outcome.falses[d];
            }
        }
        (1..=9).any(|d| !(trues[d] & falses[d]).is_empty())
    }

    /// What `c` assumed true forces (`StrongLinks::outcome`), kept in `outcomes`: worked out
    /// there if it is not yet, from the others kept.
    pub(super) fn true_outcome<'o>(&self, c: Cand, outcomes: &'o mut [Option<Outcome>]) -> &'o Outcome {
        if outcomes[c as usize].is_none() {
            outcomes[c as usize] = Some(self.outcome_using(c, true, outcomes));
        }
        outcomes[c as usize].as_ref().expect("just worked out")
    }

    /// What a chain branch from `c` (true or false) reaches, as [`Outcome::of`] its branch
    /// would give: the whole closure, or (with a contradiction) that there is one. The closure
    /// is the same whatever order its links are followed in, and so is whether it holds a
    /// contradiction.
    #[cfg(test)]
    pub(super) fn outcome(&self, c: Cand, truth: bool) -> Outcome {
        self.outcome_using(c, truth, &[])
    }

    /// `StrongLinks::outcome`, taking in whole what a candidate it makes true forces where
    /// `known` has it (by [`Cand`], assumed true): that closure is part of this one, so its
    /// literals need not be followed one by one.
    pub(super) fn outcome_using(&self, c: Cand, truth: bool, known: &[Option<Outcome>]) -> Outcome {
        let mut out = Outcome {
            conflict: false,
            trues: [CellSet::EMPTY; 10],
            falses: [CellSet::EMPTY; 10],
        };
        let mut pending: Vec<(Cand, bool)> = Vec::with_capacity(64);
        let (cell, digit) = (cell_of(c), digit_of(c));
        if truth {
            out.trues[digit as usize].insert(cell);
        } else {
            out.falses[digit as usize].insert(cell);
        }
        pending.push((c, truth));
        while let Some((c, truth)) = pending.pop() {
            let (cell, digit) = (cell_of(c), digit_of(c));
            if truth {
                // Its peers on the digit and its cell's other digits are false.
                let gone = (CellSet::peers(cell) & self.board.cells_with(digit)) - out.falses[digit as usize];
                if !(gone & out.trues[digit as usize]).is_empty() {
                    out.conflict = true;
                    return out;
                }
                out.falses[digit as usize] |= gone;
                pending.extend(gone.iter().map(|p| (cand(p, digit), false)));
                for other in self.board.candidates(cell).iter() {
                    if other == digit || out.falses[other as usize].contains(cell) {
                        continue;
                    }
                    if out.trues[other as usize].contains(cell) {
                        out.conflict = true;
                        return out;
                    }
                    out.falses[other as usize].insert(cell);
                    pending.push((cand(cell, other), false));
                }
            } else {
                for p in self.partners(c) {
                    let (pc, pd) = (cell_of(p), digit_of(p));
                    if out.trues[pd as usize].contains(pc) {
                        continue;
                    }
                    if out.falses[pd as usize].contains(pc) {
                        out.conflict = true;
                        return out;
                    }
                    if let Some(Some(forced)) = known.get(p as usize) {
                        if forced.conflict {
                            out.conflict = true;
                            return out;
                        }
                        for d in 1..=9 {
                            out.trues[d] |= forced.trues[d];
                            out.falses[d] |= forced.falses[d];
                            if !(out.trues[d] & out.falses[d]).is_empty() {
                                out.conflict = true;
                                return out;
                            }
                        }
                        continue;
                    }
                    out.trues[pd as usize].insert(pc);
                    pending.push((p, true));
                }
            }
        }
        // (A closure taken in whole is checked against the rest as it is taken, and later
        // literals against it as they come; this makes sure of both.)
        out.conflict = (1..=9).any(|d| !(out.trues[d] & out.falses[d]).is_empty());
        out
    }
}

//! Death Blossom: a stem cell whose every candidate locks a petal set, searched again only
//! where the board has changed since the last search found nothing.

use crate::engine::cellset::CellSet;
use crate::engine::grid::{Candidates, Cell, Digit, CELLS};
use crate::engine::logic::board::Board;
use crate::engine::logic::explanation::{phrase, Explanation};
use crate::engine::logic::step::{Role, Step};
use crate::engine::logic::technique::Technique;
use crate::engine::logic::Found;

use super::{ends_of, index, mark_set, set_colour, Als};

/// For each set, the digits of which it has lost cells since the candidates `then` (which
/// included the present ones; `changed`: the cells whose candidates differ): none for a set
/// none of whose cells changed, all ones for a set whose cells held other digits then (it was
/// no almost locked set).
fn lost_digits(board: &Board, sets: &[Als], changed: CellSet, then: &[Candidates; CELLS]) -> Vec<u16> {
    let now = board.all_candidates();
    sets.iter()
        .map(|set| {
            let touched = set.cells & changed;
            if touched.is_empty() {
                return 0;
            }
            let digits_then = set.cells.iter().fold(0, |m, c| m | then[c].mask());
            if digits_then != set.digits.mask() {
                return u16::MAX;
            }
            touched.iter().fold(0, |m, c| m | (then[c].mask() & !now[c].mask()))
        })
        .collect()
}

/// Death Blossom: a stem cell whose every candidate d has a set A_d whose d cells all see the
/// stem. Whatever the stem holds, its set loses that digit and is locked; a digit Z in every
/// set is then in one of them (or in the stem, when it is a stem digit), so cells seeing all
/// those Z cells lose it.
///
/// After a search that found nothing, a blossom removes something only if its stem has changed
/// since, or a petal is a new set or has lost cells holding its stem digit (they may all see
/// the stem only now) or Z (more cells may see them all): the search passes over the rest.
pub fn death_blossom(board: &Board, found: &mut Found) {
    found.on_changed_since(Technique::DeathBlossom, board, |changed, then, found| {
        blossoms_since(board, then.map(|then| (changed, then)), found);
        true
    });
}

/// The Death Blossom search, over every blossom or (`since` the changed cells and the
/// candidates they had when the last search found nothing) the blossoms that may be new.
fn blossoms_since(board: &Board, since: Option<(CellSet, &[Candidates; CELLS])>, found: &mut Found) {
    let index = index(board);
    let sets = &index.sets;
    let lost = since.map(|(changed, then)| lost_digits(board, sets, changed, then));
    // The stems worth trying: changed ones, and those a set that lost a digit may be a petal of.
    let stems = match (&lost, since) {
        (Some(lost), Some((changed, _))) => {
            let mut stems = changed;
            for (set, _) in sets.iter().zip(lost).filter(|(_, &lost)| lost != 0) {
                for d in set.digits.iter() {
                    stems |= set.seeing[d as usize] & board.cells_with(d);
                }
            }
            stems & board.empty_cells()
        }
        _ => board.empty_cells(),
    };
    // A stem holds two to four digits; each digit's list is wanted only at the stems holding it.
    let stems: CellSet = stems
        .iter()
        .filter(|&cell| (2..=4).contains(&board.candidates(cell).len()))
        .collect();
    let at: [CellSet; 10] = std::array::from_fn(|d| match d {
        0 => CellSet::EMPTY,
        d => stems & board.cells_with(d as Digit),
    });
    let seen_by = SeenBy::new(board, sets, &at);
    // The petals of each stem digit, kept from stem to stem.
    let mut petals: [Vec<Petal>; 4] = Default::default();
    let mut chosen: Vec<Petal> = Vec::new();
    for stem in stems.iter() {
        let stem_changed = since.is_none_or(|(changed, _)| changed.contains(stem));
        let candidates = board.candidates(stem);
        let count = candidates.len() as usize;
        let mut digits: [Digit; 4] = [0; 4];
        for (slot, d) in digits.iter_mut().zip(candidates.iter()) {
            *slot = d;
        }
        let digits = &digits[..count];
        // For each stem digit, the sets holding it in cells that all see the stem, and the
        // digits they may give as Z between them: a z none of them gives (for a stem digit
        // other than z) makes no blossom.
        let mut held = [0u16; 4];
        let mut holders: [&[SeeingSet]; 4] = [&[]; 4];
        for (k, &d) in digits.iter().enumerate() {
            holders[k] = seen_by.sets(stem, d);
            held[k] = holders[k].iter().fold(0, |m, h| m | h.digits);
        }
        for z in 1..=9u8 {
            if digits.iter().zip(&held).any(|(&d, &held)| d != z && held >> z & 1 == 0) {
                continue;
            }
            let mut start_targets = board.cells_with(z) - CellSet::single(stem);
            if board.has(stem, z) {
                start_targets &= CellSet::peers(stem);
            }
            // The petals: of those sets, the ones that hold z and leave it a target (a stem digit
            // equal to z needs no petal: the stem itself holds z then). A target of a blossom
            // sees all its petals' z cells, so some petal of each stem digit leaves it.
            let (mut needs, mut needed) = ([0usize; 4], 0);
            let mut reachable = start_targets;
            for (k, &d) in digits.iter().enumerate() {
                petals[k].clear();
                if d != z {
                    let mut left = CellSet::EMPTY;
                    for h in holders[k].iter().filter(|h| h.digits >> z & 1 == 1) {
                        let set = &sets[h.set];
                        let targets = (start_targets & set.seeing[z as usize]) - set.cells;
                        if !targets.is_empty() {
                            left |= targets;
                            petals[k].push(Petal {
                                cells: set.cells,
                                seeing: set.seeing[z as usize],
                                set: h.set,
                            });
                        }
                    }
                    reachable &= left;
                    needs[needed] = k;
                    needed += 1;
                }
            }
            let needs = &needs[..needed];
            if reachable.is_empty() {
                continue;
            }
            if let Some(lost) = lost.as_ref().filter(|_| !stem_changed) {
                let new = |k: usize| petals[k].iter().any(|p| lost[p.set] & (1 << digits[k] | 1 << z) != 0);
                if !needs.iter().any(|&k| new(k)) {
                    continue;
                }
            }
            chosen.clear();
            if !blossom(
                board,
                sets,
                digits,
                &petals[..count],
                needs,
                stem,
                z,
                start_targets,
                &mut chosen,
                found,
            ) {
                return;
            }
        }
    }
}

/// For each empty cell and digit, the sets (in index order) whose cells holding the digit all
/// see the cell: counted, then laid out in one list.
struct SeenBy {
    /// `start[cell * 10 + digit]`..`start[cell * 10 + digit + 1]`: the range of `sets`.
    start: Vec<u32>,
    sets: Vec<SeeingSet>,
}

/// A set in a [`SeenBy`] list, with the digits it may give a blossom as Z (as bits): those a
/// cell outside it holds where that cell sees all the set's cells holding them. That is what
/// the search reads of most of them.
#[derive(Clone, Copy)]
struct SeeingSet {
    set: usize,
    digits: u16,
}

impl SeenBy {
    /// The lists for the cells `at[digit]` (empty ones; the others' are empty), each without
    /// the sets holding the cell itself or giving no Z but the digit.
    fn new(board: &Board, sets: &[Als], at: &[CellSet; 10]) -> SeenBy {
        // Each set's Z digits, worked out for the sets that see one of the cells.
        let mut zs = vec![0u16; sets.len()];
        let mut start = vec![0u32; CELLS * 10 + 1];
        for (set, zs) in sets.iter().zip(&mut zs) {
            if set
                .digits
                .iter()
                .all(|d| (set.seeing[d as usize] & at[d as usize]).is_empty())
            {
                continue;
            }
            let ends = ends_of(board, set);
            *zs = set
                .digits
                .iter()
                .filter(|&z| !ends[z as usize].is_empty())
                .fold(0, |m, z| m | 1 << z);
            for d in set.digits.iter().filter(|&d| *zs & !(1 << d) != 0) {
                for cell in (set.seeing[d as usize] & (at[d as usize] - set.cells)).iter() {
                    start[cell * 10 + d as usize + 1] += 1;
                }
            }
        }
        for k in 1..start.len() {
            start[k] += start[k - 1];
        }
        let mut next = start.clone();
        let mut out = vec![SeeingSet { set: 0, digits: 0 }; start[CELLS * 10] as usize];
        for (i, (set, &zs)) in sets.iter().zip(&zs).enumerate() {
            for d in set.digits.iter().filter(|&d| zs & !(1 << d) != 0) {
                for cell in (set.seeing[d as usize] & (at[d as usize] - set.cells)).iter() {
                    let slot = &mut next[cell * 10 + d as usize];
                    out[*slot as usize] = SeeingSet { set: i, digits: zs };
                    *slot += 1;
                }
            }
        }
        SeenBy { start, sets: out }
    }

    fn sets(&self, cell: Cell, digit: Digit) -> &[SeeingSet] {
        let k = cell * 10 + digit as usize;
        &self.sets[self.start[k] as usize..self.start[k + 1] as usize]
    }
}

/// A set that may be a petal of a blossom for a digit Z: its cells and the cells seeing all its
/// Z cells (all a blossom reads of it until one is found).
#[derive(Clone, Copy)]
struct Petal {
    cells: CellSet,
    seeing: CellSet,
    set: usize,
}

/// Picks a petal for each stem digit in turn, keeping only choices that leave targets; reports
/// each complete blossom. Returns whether to keep looking.
#[allow(clippy::too_many_arguments)]
fn blossom(
    board: &Board,
    sets: &[Als],
    digits: &[Digit],
    petals: &[Vec<Petal>],
    needs: &[usize],
    stem: Cell,
    z: Digit,
    targets: CellSet,
    chosen: &mut Vec<Petal>,
    found: &mut Found,
) -> bool {
    if chosen.len() == needs.len() {
        let used = chosen.iter().fold(CellSet::single(stem), |acc, p| acc | p.cells);
        let targets = targets - used;
        if targets.is_empty() {
            return true;
        }
        let mut step = Step::new(Technique::DeathBlossom);
        for cell in targets.iter() {
            step.eliminate(cell, z);
        }
        step.mark_cell(stem, Role::Pattern);
        for (n, (p, &k)) in chosen.iter().zip(needs).enumerate() {
            mark_set(
                &mut step,
                board,
                &sets[p.set],
                Candidates::single(digits[k]),
                set_colour(n),
            );
        }
        step.explain_with(found.explains(), || {
            let parts: Vec<Explanation> = chosen
                .iter()
                .zip(needs)
                .map(|(p, &k)| {
                    Explanation::new(phrase("{digit} -> {set}"))
                        .digit("digit", digits[k])
                        .clause("set", sets[p.set].name())
                })
                .collect();
            let template = if board.has(stem, z) {
                phrase("Death Blossom: the stem {stem} holds one of {digits}; for each, a set loses that digit and is locked ({parts}). Every case puts {z} in a set or the stem, so {targets} cannot be {z}.")
            } else {
                phrase("Death Blossom: the stem {stem} holds one of {digits}; for each, a set loses that digit and is locked ({parts}). Every case puts {z} in a set, so {targets} cannot be {z}.")
            };
            Explanation::new(template)
                .cell("stem", stem)
                .digits("digits", digits.iter().copied())
                .joined("parts", parts, "; ")
                .digit("z", z)
                .cells_and("targets", targets.iter())
        });
        return found.add(step);
    }
    let k = needs[chosen.len()];
    for &petal in &petals[k] {
        if chosen.iter().any(|p| !(p.cells & petal.cells).is_empty()) {
            continue;
        }
        let narrowed = targets & petal.seeing;
        if (narrowed - petal.cells).is_empty() {
            continue;
        }
        chosen.push(petal);
        let go_on = blossom(board, sets, digits, petals, needs, stem, z, narrowed, chosen, found);
        chosen.pop();
        if !go_on {
            return false;
        }
    }
    true
}

//! Basic fish: X-Wing (2), Swordfish (3) and Jellyfish (4). When a digit's candidates in n rows
//! lie in only n columns, those columns lose the digit outside the n rows; likewise with rows
//! and columns swapped.

use super::board::{Board, LastBoard};
use super::explanation::{phrase, Explanation};
use super::step::{HouseRole, Role, Step};
use super::subsets::{bit_count, each_combination, each_combination_within, gather};
use super::technique::Technique;
use super::{barren, Found};
use crate::engine::cellset::CellSet;
use crate::engine::grid::{col_of, row_of, Cell, Digit};

pub fn basic(board: &Board, size: usize, found: &mut Found) {
    let technique = match size {
        2 => Technique::XWing,
        3 => Technique::Swordfish,
        _ => Technique::Jellyfish,
    };
    // A digit's fish depend on its candidates alone: one as it was when it had none is passed
    // over, and so is one open in too few rows after simpler techniques found nothing.
    found.per_digit(technique, board, |digit, _, found| {
        if !open_enough(board, digit, size, found) {
            return true;
        }
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
            let mut masks = [0u16; 9];
            for (mask, &line) in masks.iter_mut().zip(lines) {
                *mask = positions[line];
            }
            let mut keep_looking = true;
            each_combination_within(lines, &masks[..count], size, size as u32, |base, union| {
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
                let mut step = fish_step(technique, digit, base, &cover, cells, CellSet::EMPTY, targets);
                step.explain_with(found.explains(), || {
                    let template = if rows_are_base {
                        phrase("{technique} on {digit}: in {base}, {digit} lies only in {cover}, so it can be removed from the other cells of those columns.")
                    } else {
                        phrase("{technique} on {digit}: in {base}, {digit} lies only in {cover}, so it can be removed from the other cells of those rows.")
                    };
                    fish_explanation(template, technique, digit, base, &cover)
                });
                keep_looking = found.add(step);
                keep_looking
            });
            if !keep_looking {
                return false;
            }
        }
        true
    });
}

/// The fewest rows a digit must be open in for a fish of size n (basic, finned or sashimi) to
/// remove anything that no simpler step removes, when simpler techniques found nothing
/// ([`Found::after_simpler`]): 2n. A digit open in m rows is open in m columns. Swap the lines:
/// the columns outside the cover hold the digit only in the rows outside the base and in the
/// fins (base cells outside the cover), so they are a fish of size m - n covered by those rows,
/// with the same fins, and a target of the one (in the cover outside the base, seeing every fin)
/// is a target of the other. With m - n < n that fish is smaller and scored lower (X-Wing 3.2 <
/// Swordfish 3.8 < Jellyfish 5.2; finned and sashimi X-Wing 5.8, 5.9 < Swordfish 6.0, 6.1 <
/// Jellyfish 6.3, 6.4), or a column of it holds only fins, all in one box (a target sees them
/// all through it): claiming takes the target out. Of size 1 it is a hidden single or claiming;
/// of size 0 there is nothing outside the base to remove.
const FEWEST_OPEN_LINES: [usize; 5] = [0, 0, 4, 6, 8];

/// Whether a fish of this size on the digit may remove what no simpler step removes: always,
/// unless simpler techniques found nothing and the digit is open in fewer rows than
/// [`FEWEST_OPEN_LINES`] (and in as many columns, as in any position that can still be solved;
/// the pencil marks of a player's position need not be such).
fn open_enough(board: &Board, digit: Digit, size: usize, found: &Found) -> bool {
    if !found.after_simpler() {
        return true;
    }
    let open = |lines: std::ops::Range<usize>| lines.filter(|&line| !board.cells_in(line, digit).is_empty()).count();
    let rows = open(0..9);
    rows >= FEWEST_OPEN_LINES[size] || rows != open(9..18)
}

/// A fish step with its houses and candidates marked: base and cover houses, the body, the fins
/// and the eliminations.
fn fish_step(
    technique: Technique,
    digit: u8,
    base: &[usize],
    cover: &[usize],
    body: CellSet,
    fins: CellSet,
    targets: CellSet,
) -> Step {
    let mut step = Step::new(technique);
    for &line in base {
        step.mark_house(line, HouseRole::Base);
    }
    for &line in cover {
        step.mark_house(line, HouseRole::Cover);
    }
    for cell in body.iter() {
        step.mark_candidate(cell, digit, Role::Pattern);
    }
    for cell in fins.iter() {
        step.mark_candidate(cell, digit, Role::Fin);
    }
    for cell in targets.iter() {
        step.eliminate(cell, digit);
    }
    step
}

/// A fish step's explanation: `template` with its technique, digit, base and cover houses.
fn fish_explanation(
    template: &'static str,
    technique: Technique,
    digit: Digit,
    base: &[usize],
    cover: &[usize],
) -> Explanation {
    Explanation::new(template)
        .technique("technique", technique)
        .digit("digit", digit)
        .houses("base", base.iter().copied())
        .houses("cover", cover.iter().copied())
}

/// Finned and sashimi fish (X-Wing, Swordfish, Jellyfish): n base lines whose candidates lie in
/// n cover lines apart from a few "fins" in one box. Either the fish holds, and the cover lines
/// lose the digit outside the base, or a fin holds the digit; cells of the covers that also see
/// every fin lose it either way. Sashimi: without the fins a base line would keep only one
/// candidate (the fish is not a fish on its own).
///
/// The two kinds come from one search, and the ladder asks for the sashimi fish right after the
/// finned fish of the same size on the same board: so a search for the first finned fish looks
/// for both, and when it finds no finned fish it keeps the first sashimi fish (or none) for that
/// board.
pub fn finned(board: &Board, size: usize, sashimi: bool, found: &mut Found) {
    let kinds = finned_kinds(size);
    let technique = kinds[sashimi as usize];
    if sashimi && !found.is_collecting_all() {
        if let Some(kept) = SashimiAhead::take(board, size, found.explains()) {
            if let Some(step) = kept {
                found.add(step);
            }
            return;
        }
    }
    if sashimi || found.is_collecting_all() {
        let explains = found.explains();
        let mut wanted = [None, None];
        wanted[sashimi as usize] = Some(technique);
        found.per_digit(technique, board, |digit, changed, found| {
            if !open_enough(board, digit, size, found) {
                return true;
            }
            finned_on(board, digit, changed, size, wanted, explains, &mut |_, build| {
                found.add(build())
            })
        });
        return;
    }
    // The first finned fish, and the first sashimi fish on the way. A digit is searched where
    // either kind's cells have changed since it found nothing (passing over a base that
    // touches neither holds for both), and each kind remembers the digits where it found none
    // in a search that ran through.
    let explains = found.explains();
    let wanted = kinds.map(Some);
    let mut first_sashimi: Option<Step> = None;
    for digit in 1..=9 {
        let cells = board.cells_with(digit);
        let changed = barren::changed_since(kinds[0], digit, cells) | barren::changed_since(kinds[1], digit, cells);
        if cells.is_empty() || changed.is_empty() {
            continue;
        }
        let (mut any_finned, mut any_sashimi) = (false, false);
        let keep_looking = !open_enough(board, digit, size, found)
            || finned_on(board, digit, changed, size, wanted, explains, &mut |sashimi, build| {
                if sashimi {
                    any_sashimi = true;
                    if first_sashimi.is_none() {
                        first_sashimi = Some(build()).filter(Step::makes_progress);
                    }
                    true
                } else {
                    any_finned = true;
                    found.add(build())
                }
            });
        if !any_finned {
            barren::remember(kinds[0], digit, cells);
        }
        if !keep_looking {
            return;
        }
        if !any_sashimi {
            barren::remember(kinds[1], digit, cells);
        }
    }
    if found.steps.is_empty() {
        SashimiAhead::keep(board, size, explains, first_sashimi);
    }
}

/// The finned and the sashimi fish of a size.
fn finned_kinds(size: usize) -> [Technique; 2] {
    match size {
        2 => [Technique::FinnedXWing, Technique::SashimiXWing],
        3 => [Technique::FinnedSwordfish, Technique::SashimiSwordfish],
        _ => [Technique::FinnedJellyfish, Technique::SashimiJellyfish],
    }
}

/// The first sashimi fish (or none) that the search for finned fish found on the way, for the
/// size it searched, with explanations or without; kept for the board it searched (per thread).
struct SashimiAhead {
    size: usize,
    explains: bool,
    step: Option<Step>,
}

thread_local! {
    static SASHIMI_AHEAD: LastBoard<SashimiAhead> = const { LastBoard::new() };
}

impl SashimiAhead {
    fn keep(board: &Board, size: usize, explains: bool, step: Option<Step>) {
        SASHIMI_AHEAD.with(|last| last.keep(board, SashimiAhead { size, explains, step }));
    }

    /// What was kept for this board, size and kind of explanation (`None`: nothing was).
    fn take(board: &Board, size: usize, explains: bool) -> Option<Option<Step>> {
        SASHIMI_AHEAD.with(|last| {
            last.kept(board)
                .filter(|k| k.size == size && k.explains == explains)
                .map(|k| k.step.clone())
        })
    }
}

/// The finned and sashimi fish of one digit whose base has a `changed` cell, of the kinds
/// `wanted` names (finned, sashimi): each is handed to `emit` (whether sashimi, and how to build
/// the step), which returns whether to keep looking. Returns the same.
fn finned_on(
    board: &Board,
    digit: Digit,
    changed: CellSet,
    size: usize,
    kinds: [Option<Technique>; 2],
    explains: bool,
    emit: &mut dyn FnMut(bool, &dyn Fn() -> Step) -> bool,
) -> bool {
    for rows_are_base in [true, false] {
        let (bases, covers) = if rows_are_base { (0..9, 9..18) } else { (9..18, 0..9) };
        let cover_of = |cell: usize| if rows_are_base { col_of(cell) } else { row_of(cell) };
        let mask_of = |cells: CellSet| cells.iter().fold(0u16, |m, c| m | 1 << cover_of(c));
        let (lines, count) = gather(bases.clone().filter(|&line| !board.cells_in(line, digit).is_empty()));
        let lines = &lines[..count];
        // Each base line's cover lines holding the digit, as bits.
        let mut line_masks = [0u16; 9];
        for &line in lines {
            line_masks[line % 9] = mask_of(board.cells_in(line, digit));
        }
        // The cover lines through a box, as bits.
        let box_lines = |b: usize| {
            if rows_are_base {
                7u16 << (b % 3 * 3)
            } else {
                7u16 << (b / 3 * 3)
            }
        };
        // The chute of base lines (band of rows, stack of columns) through a box.
        let chute_of = |b: usize| if rows_are_base { b / 3 } else { b % 3 };
        let mut masks = [0u16; 9];
        for (mask, &line) in masks.iter_mut().zip(lines) {
            *mask = line_masks[line % 9];
        }
        let changed_lines = bases.clone().fold(0u16, |m, line| {
            m | ((!(CellSet::house(line) & changed).is_empty()) as u16) << (line % 9)
        });
        let mut keep_looking = true;
        // Bases over more lines than the covers and two of the box's where all the fins are
        // (a cover crosses it, or nothing there goes) are passed over.
        each_combination_within(lines, &masks[..count], size, size as u32 + 2, |base, union| {
            // A fish none of whose base lines has lost the digit was there before.
            if base.iter().all(|&line| changed_lines >> (line % 9) & 1 == 0) {
                return true;
            }
            // A basic fish (or a smaller one).
            if bit_count(union) as usize <= size {
                return true;
            }
            // The cover lines of the base lines in each chute.
            let mut in_chute = [0u16; 3];
            for &line in base {
                in_chute[line % 9 / 3] |= line_masks[line % 9];
            }
            for b in 0..9 {
                let box_cells = CellSet::house(18 + b);
                // The cover lines of the base cells outside the box, and whether any is inside.
                let chute = chute_of(b);
                let inside = in_chute[chute] & box_lines(b) != 0;
                if !inside {
                    continue;
                }
                let outside = in_chute[(chute + 1) % 3] | in_chute[(chute + 2) % 3] | in_chute[chute] & !box_lines(b);
                let have = bit_count(outside) as usize;
                if have > size {
                    continue;
                }
                // The box's lines (at most three) that may join the cover.
                let pool = box_lines(b) & union & !outside;
                let (pool, pool_len) = gather((0..9).filter(|i| pool >> i & 1 == 1));
                let pool: &[u16] = &pool[..pool_len];
                let need = size - have;
                if need > pool.len() {
                    continue;
                }
                let (mut choices, mut count) = ([0u16; 3], 1);
                if need > 0 {
                    count = 0;
                    each_combination(pool, need, |chosen| {
                        choices[count] = chosen.iter().fold(0u16, |m, &i| m | 1 << i);
                        count += 1;
                        true
                    });
                }
                for &extra in &choices[..count] {
                    // Every cover line meets the base (it is one of the union's), so each covers
                    // a body cell; the lines left out hold only fins, all in the box (the base
                    // cells outside it lie in covers); each base line needs a body cell too.
                    let cover_mask = outside | extra;
                    let bodies = base.iter().map(|&l| bit_count(line_masks[l % 9] & cover_mask));
                    if bodies.clone().any(|n| n == 0) {
                        continue;
                    }
                    let sashimi = bodies.clone().any(|n| n == 1);
                    let Some(technique) = kinds[sashimi as usize] else {
                        continue;
                    };
                    // The box's cells of the digit on covers, off the base lines.
                    let crossing = cover_mask & box_lines(b);
                    let cover_houses = (0..9)
                        .filter(|&l| crossing >> l & 1 == 1)
                        .fold(CellSet::EMPTY, |acc, l| acc | CellSet::house(covers.start + l));
                    let base_houses = base
                        .iter()
                        .fold(CellSet::EMPTY, |acc, &line| acc | CellSet::house(line));
                    let targets = (board.cells_in(18 + b, digit) & cover_houses) - base_houses;
                    if targets.is_empty() {
                        continue;
                    }
                    let cells = base
                        .iter()
                        .fold(CellSet::EMPTY, |acc, &line| acc | board.cells_in(line, digit));
                    let (cover, cover_len) = gather(covers.clone().filter(|&l| cover_mask >> (l % 9) & 1 == 1));
                    let cover = &cover[..cover_len];
                    let cover_cells = cover
                        .iter()
                        .fold(CellSet::EMPTY, |acc, &l| acc | board.cells_in(l, digit));
                    let body = cells & cover_cells;
                    let fins = cells - body;
                    debug_assert!(!fins.is_empty() && (fins - box_cells).is_empty());
                    let build = || {
                        let mut step = fish_step(technique, digit, base, cover, body, fins, targets);
                        step.explain_with(explains, || {
                            let template = match (fins.len() > 1, rows_are_base) {
                                (false, true) => phrase("{technique} on {digit}: in {base}, {digit} lies in {cover} apart from the fin {fins}. Either the fish holds and those columns lose {digit} elsewhere, or the fin is {digit}. {targets}"),
                                (false, false) => phrase("{technique} on {digit}: in {base}, {digit} lies in {cover} apart from the fin {fins}. Either the fish holds and those rows lose {digit} elsewhere, or the fin is {digit}. {targets}"),
                                (true, true) => phrase("{technique} on {digit}: in {base}, {digit} lies in {cover} apart from the fins {fins}. Either the fish holds and those columns lose {digit} elsewhere, or a fin is {digit}. {targets}"),
                                (true, false) => phrase("{technique} on {digit}: in {base}, {digit} lies in {cover} apart from the fins {fins}. Either the fish holds and those rows lose {digit} elsewhere, or a fin is {digit}. {targets}"),
                            };
                            // What goes, said with as many cells and fins as there are.
                            let seeing = match (fins.len() > 1, targets.len() > 1) {
                                (false, false) => phrase("{cells} sees the fin and the fish, so it cannot be {digit}."),
                                (false, true) => phrase("{cells} see the fin and the fish, so they cannot be {digit}."),
                                (true, false) => phrase("{cells} sees the fins and the fish, so it cannot be {digit}."),
                                (true, true) => phrase("{cells} see the fins and the fish, so they cannot be {digit}."),
                            };
                            fish_explanation(template, technique, digit, base, cover)
                                .cells("fins", fins.iter())
                                .clause(
                                    "targets",
                                    Explanation::new(seeing).cells_and("cells", targets.iter()).digit("digit", digit),
                                )
                        });
                        step
                    };
                    keep_looking = emit(sashimi, &build);
                    if !keep_looking {
                        return false;
                    }
                }
            }
            true
        });
        if !keep_looking {
            return false;
        }
    }
    true
}

/// The kinds of house a generalised fish may use as base or cover sets.
fn house_kind(house: usize) -> usize {
    house / 9 // 0 row, 1 column, 2 box
}

/// Franken and mutant fish: base sets and cover sets of any houses (rows, columns, boxes). n base
/// houses holding the digit in separate cells, n cover houses holding all of those but the fins:
/// each base house needs the digit once, and the covers can hold only n, so the covers' other
/// cells lose it (those that see every fin, if any); a base cell in two covers would count twice,
/// so it goes too. Franken: base houses are boxes and lines of one direction, covers boxes and
/// lines of the other (with a box somewhere). Mutant: anything else.
pub fn generalised(board: &Board, size: usize, mutant: bool, finned: bool, found: &mut Found) {
    let technique = match (size, mutant, finned) {
        (3, false, false) => Technique::FrankenSwordfish,
        (4, false, false) => Technique::FrankenJellyfish,
        (3, false, true) => Technique::FinnedFrankenSwordfish,
        (4, false, true) => Technique::FinnedFrankenJellyfish,
        _ => Technique::FinnedMutantJellyfish,
    };
    // A digit whose every candidate some template allows has no fish of any kind.
    let removable = super::templates::single_digit_removable(board);
    found.per_digit(technique, board, |digit, changed, found| {
        removable[digit as usize].is_empty()
            || generalised_on(board, digit, changed, size, mutant, finned, technique, true, found)
    });
}

/// The most fins of a generalised fish.
const MAX_FINS: usize = 3;

/// The generalised fish on one digit whose base holds a `changed` cell; `bounded`: whether the
/// cover search passes over branches whose open cells need more covers and fins than are left
/// (it always should, but for the test that this finds no fewer fish). Returns whether to keep
/// looking.
#[allow(clippy::too_many_arguments)]
fn generalised_on(
    board: &Board,
    digit: Digit,
    changed: CellSet,
    size: usize,
    mutant: bool,
    finned: bool,
    technique: Technique,
    bounded: bool,
    found: &mut Found,
) -> bool {
    let mut budget: usize = usize::MAX;
    let houses: Vec<usize> = (0..27).filter(|&h| !board.cells_in(h, digit).is_empty()).collect();
    // Franken bases: rows and boxes (covers columns and boxes), or the other way round.
    let orientations: &[(Option<usize>, Option<usize>)] = if mutant {
        &[(None, None)]
    } else {
        &[(Some(0), Some(1)), (Some(1), Some(0))]
    };
    for &(base_line, cover_line) in orientations {
        let base_pool: Vec<usize> = houses
            .iter()
            .copied()
            .filter(|&h| base_line.is_none_or(|k| house_kind(h) == k || house_kind(h) == 2))
            .collect();
        // The houses that may be covers (but for those of the base), as bits.
        let cover_houses = (0..27)
            .filter(|&h| cover_line.is_none_or(|k| house_kind(h) == k || house_kind(h) == 2))
            .fold(0u32, |mask, h| mask | 1 << h);
        let mut keep_looking = true;
        let mut chosen = Vec::with_capacity(size);
        let mut at = Cover {
            covers: Vec::with_capacity(size),
            taken: 0,
            covered: 0,
            fins: 0,
            seen_by_fins: CellSet::EMPTY,
        };
        let bases = Bases {
            board,
            digit,
            size,
            changed,
        };
        let wanted = Wanted {
            size,
            technique,
            mutant,
            finned,
            bounded,
        };
        bases.each(&base_pool, &mut chosen, CellSet::EMPTY, false, &mut |base, cells| {
            let mut allowed = cover_houses & !base.iter().fold(0u32, |mask, &h| mask | 1 << h);
            // A new fish leaves a fresh cell out of its covers: one alone, no house of it covers.
            let mut fresh = fresh_cells(base, changed);
            if fresh.len() == 1 {
                allowed &= !fresh.iter().fold(0, |houses, cell| houses | HOUSE_BITS[cell]);
                fresh = CellSet::EMPTY;
            }
            // Base cells no two of which share a house that may cover them each need a cover
            // or a fin of their own: too many, and there is nothing to search.
            let spare = size + if finned { MAX_FINS } else { 0 };
            if bounded && too_far_apart(cells.iter().map(|c| HOUSE_BITS[c] & allowed), spare) {
                return true;
            }
            // The covers hold at most what the fullest of them hold: the rest must be fins.
            if bounded && cells.len() as usize > most_covered(cells, allowed, size) + spare - size {
                return true;
            }
            let search = CoverSearch::new(board, digit, base, cells, fresh, allowed, wanted);
            at.covers.clear();
            at.seen_by_fins = search.holding;
            keep_looking = search.run(&mut at, &mut budget, found) && budget > 0;
            keep_looking
        });
        if !keep_looking {
            return false;
        }
    }
    true
}

/// The base sets of generalised fish on one digit: every choice of `size` houses holding the
/// digit in separate cells. Only choices with a house holding one of the `changed` cells (where
/// the digit has gone since the search last found nothing) can hold a new fish: the others are
/// passed over.
struct Bases<'a> {
    board: &'a Board,
    digit: Digit,
    size: usize,
    changed: CellSet,
}

impl Bases<'_> {
    fn touches(&self, house: usize) -> bool {
        !(CellSet::house(house) & self.changed).is_empty()
    }

    /// Visits the choices from the pool (in pool order) with their cells; a house overlapping
    /// the ones chosen so far is never extended. `touched`: whether a chosen house holds a
    /// changed cell.
    fn each(
        &self,
        pool: &[usize],
        chosen: &mut Vec<usize>,
        cells: CellSet,
        touched: bool,
        visit: &mut dyn FnMut(&[usize], CellSet) -> bool,
    ) -> bool {
        if chosen.len() == self.size {
            return !touched || visit(chosen, cells);
        }
        let need = self.size - chosen.len();
        // Untouched so far, a choice needs a changed house still to come.
        let end = if touched {
            pool.len()
        } else {
            match pool.iter().rposition(|&h| self.touches(h)) {
                Some(last) => last + 1,
                None => return true,
            }
        };
        for (i, &house) in pool[..end].iter().enumerate() {
            if pool.len() - i < need {
                break;
            }
            let these = self.board.cells_in(house, self.digit);
            if !(cells & these).is_empty() {
                continue;
            }
            chosen.push(house);
            let go_on = self.each(
                &pool[i + 1..],
                chosen,
                cells | these,
                touched || self.touches(house),
                visit,
            );
            chosen.pop();
            if !go_on {
                return false;
            }
        }
        true
    }
}

/// The cells that lost the digit since the search last found nothing and lie in exactly one of
/// the base houses, when none lies in two (else, and in a search from scratch, none). With the
/// same base and covers then, such a cell was a base cell: covered, it took nothing from the
/// fins or targets, so the fish was there then and removed nothing then, nor does now. A new
/// fish on this base leaves one of them outside its covers.
fn fresh_cells(base: &[usize], changed: CellSet) -> CellSet {
    if changed == CellSet::ALL {
        return CellSet::EMPTY;
    }
    let (mut once, mut twice) = (CellSet::EMPTY, CellSet::EMPTY);
    for &house in base {
        let here = changed & CellSet::house(house);
        twice |= once & here;
        once |= here;
    }
    if twice.is_empty() {
        once
    } else {
        CellSet::EMPTY
    }
}

/// Whether more than `spare` cells lie apart, given the houses (as bits) that may cover each:
/// no two share one. Counted greedily, in the order given.
fn too_far_apart(houses_of_cells: impl Iterator<Item = u32>, spare: usize) -> bool {
    let (mut used, mut apart) = (0u32, 0);
    for these in houses_of_cells {
        if these & used == 0 {
            apart += 1;
            if apart > spare {
                return true;
            }
            used |= these;
        }
    }
    false
}

/// The most cells `count` houses among `houses` (bits) can hold, at most: the sum of the
/// fullest ones' counts.
fn most_covered(cells: CellSet, mut houses: u32, count: usize) -> usize {
    let mut top = [0usize; 4];
    while houses != 0 {
        let h = houses.trailing_zeros() as usize;
        houses &= houses - 1;
        let mut n = (cells & CellSet::house(h)).len() as usize;
        for slot in top.iter_mut().take(count) {
            if n > *slot {
                std::mem::swap(&mut n, slot);
            }
        }
    }
    top.iter().take(count).sum()
}

/// Each cell's houses (row, column, box) as bits.
const HOUSE_BITS: [u32; 81] = {
    let mut bits = [0; 81];
    let mut cell = 0;
    while cell < 81 {
        let [row, column, boxed] = crate::engine::grid::houses_of(cell);
        bits[cell] = 1 << row | 1 << column | 1 << boxed;
        cell += 1;
    }
    bits
};

/// The cover search of one base of a generalised fish. The base cells are numbered (at most 36:
/// four houses of nine), so the cells covered, the fins and the cells still open are bits of a
/// word.
struct CoverSearch<'a> {
    digit: Digit,
    base: &'a [usize],
    /// The base cells.
    cells: CellSet,
    /// The base cells by number, and all their numbers as bits.
    numbered_cells: [Cell; 36],
    all: u64,
    /// For each numbered base cell, the houses that may cover it, as bits.
    houses: [u32; 36],
    /// For each house, the numbered base cells it holds.
    in_house: [u64; 27],
    /// Cells one of which the covers must leave out ([`fresh_cells`]; none: no such rule).
    fresh: CellSet,
    /// The cells holding the digit.
    holding: CellSet,
    /// The houses that may be covers, as bits.
    allowed: u32,
    wanted: Wanted,
}

/// The fish a cover search looks for: of a size, finned or not, franken or mutant (reported as
/// this technique); `bounded`: whether the search passes over branches that cannot be covered
/// ([`generalised_on`]).
#[derive(Clone, Copy)]
struct Wanted {
    size: usize,
    technique: Technique,
    mutant: bool,
    finned: bool,
    bounded: bool,
}

/// Where a cover search stands: the covers chosen (and as bits), the base cells they cover and
/// the cells taken as fins (numbered), and the cells holding the digit that see every fin.
struct Cover {
    covers: Vec<usize>,
    taken: u32,
    covered: u64,
    fins: u64,
    seen_by_fins: CellSet,
}

impl<'a> CoverSearch<'a> {
    /// The search of one base (`cells` its cells, `fresh` as [`fresh_cells`] has them).
    fn new(
        board: &'a Board,
        digit: Digit,
        base: &'a [usize],
        cells: CellSet,
        fresh: CellSet,
        allowed: u32,
        wanted: Wanted,
    ) -> CoverSearch<'a> {
        let mut search = CoverSearch {
            digit,
            base,
            cells,
            numbered_cells: [0; 36],
            all: 0,
            houses: [0; 36],
            in_house: [0; 27],
            fresh,
            holding: board.cells_with(digit),
            allowed,
            wanted,
        };
        for (i, cell) in cells.iter().enumerate() {
            search.numbered_cells[i] = cell;
            search.all |= 1 << i;
            let houses = HOUSE_BITS[cell] & allowed;
            search.houses[i] = houses;
            let mut rest = houses;
            while rest != 0 {
                search.in_house[rest.trailing_zeros() as usize] |= 1 << i;
                rest &= rest - 1;
            }
        }
        search
    }

    /// Chooses covers for the base cells, the lowest uncovered cell first (a cover holding it,
    /// or the cell as a fin); reports each complete fish of the wanted kind. Returns whether to
    /// keep looking.
    fn run(&self, at: &mut Cover, budget: &mut usize, found: &mut Found) -> bool {
        if *budget == 0 {
            return false;
        }
        *budget -= 1;
        if !self.fresh.is_empty() && self.fresh.iter().all(|cell| HOUSE_BITS[cell] & at.taken != 0) {
            return true;
        }
        let open = self.all & !at.covered & !at.fins;
        if open == 0 {
            if at.covers.len() == self.wanted.size {
                return self.report(&at.covers, found);
            }
            return true;
        }
        let first = open.trailing_zeros() as usize;
        // With every cover chosen, each open cell must be a fin; something holding the digit
        // must see them all (and then sees every smaller set of them).
        if at.covers.len() == self.wanted.size {
            if !self.wanted.finned || (at.fins | open).count_ones() as usize > MAX_FINS {
                return true;
            }
            let seen = self
                .numbered(open)
                .fold(at.seen_by_fins, |seen, i| seen & CellSet::peers(self.numbered_cells[i]));
            if seen.is_empty() {
                return true;
            }
            return self.report(&at.covers, found);
        }
        // The houses that may still be covers, as bits.
        let free = self.allowed & !at.taken;
        if self.wanted.bounded {
            // Open cells no two of which share a house that may still cover them each need a
            // cover or a fin of their own (a cell with no such house is a fin): too many of
            // them, and no fish lies down this branch.
            let spare = self.wanted.size - at.covers.len()
                + if self.wanted.finned {
                    MAX_FINS - at.fins.count_ones() as usize
                } else {
                    0
                };
            if too_far_apart(self.numbered(open).map(|i| self.houses[i] & free), spare) {
                return true;
            }
        }
        let mut choices = self.houses[first] & free;
        while choices != 0 {
            let h = choices.trailing_zeros() as usize;
            choices &= choices - 1;
            at.covers.push(h);
            at.taken |= 1 << h;
            let covered = at.covered;
            at.covered |= self.in_house[h];
            let go_on = self.run(at, budget, found);
            at.covered = covered;
            at.taken &= !(1 << h);
            at.covers.pop();
            if !go_on {
                return false;
            }
        }
        if self.wanted.finned && (at.fins.count_ones() as usize) < MAX_FINS {
            // Something holding the digit must see every fin, or the fish removes nothing.
            let seen = at.seen_by_fins & CellSet::peers(self.numbered_cells[first]);
            if seen.is_empty() {
                return true;
            }
            let before = at.seen_by_fins;
            at.fins |= 1 << first;
            at.seen_by_fins = seen;
            let go_on = self.run(at, budget, found);
            at.fins &= !(1 << first);
            at.seen_by_fins = before;
            return go_on;
        }
        true
    }

    /// The numbers of the cells of a set of numbered cells, lowest first.
    fn numbered(&self, mut set: u64) -> impl Iterator<Item = usize> {
        std::iter::from_fn(move || {
            (set != 0).then(|| {
                let i = set.trailing_zeros() as usize;
                set &= set - 1;
                i
            })
        })
    }

    /// Reports the fish of these covers if it is of the wanted kind (finned or not, franken
    /// or mutant) and removes something. Returns whether to keep looking.
    fn report(&self, covers: &[usize], found: &mut Found) -> bool {
        let (digit, base, cells) = (self.digit, self.base, self.cells);
        let Wanted {
            technique,
            mutant,
            finned,
            ..
        } = self.wanted;
        // The covers' cells, and those in two covers.
        let (mut once, mut twice) = (CellSet::EMPTY, CellSet::EMPTY);
        for &h in covers {
            twice |= once & CellSet::house(h);
            once |= CellSet::house(h);
        }
        // The fins are the base cells no cover holds (a cell first taken as a fin may be covered).
        let fins = cells - once;
        if finned == fins.is_empty() {
            return true;
        }
        let seen_by_fins = if fins.is_empty() {
            CellSet::ALL
        } else {
            fins.common_peers()
        };
        // Cells of the covers outside the base, and (cannibalism) base cells in two covers.
        let targets = ((once & (self.holding - cells)) | (twice & (cells - fins))) & seen_by_fins;
        if targets.is_empty() {
            return true;
        }
        let kinds = |hs: &[usize]| hs.iter().fold(0u8, |m, &h| m | 1 << house_kind(h));
        let (bk, ck) = (kinds(base), kinds(covers));
        let basic = (bk == 1 && ck == 2) || (bk == 2 && ck == 1);
        // Franken: no columns in the base and no rows in the covers, or the other way round.
        let franken = !basic && ((bk & 2 == 0 && ck & 1 == 0) || (bk & 1 == 0 && ck & 2 == 0));
        if basic || franken == mutant {
            return true;
        }
        let mut step = fish_step(technique, digit, base, covers, cells - fins, fins, targets);
        step.explain_with(found.explains(), || {
            let template = if fins.is_empty() {
                phrase("{technique} on {digit}: each of {base} needs {digit} once, in separate cells; {cover} hold all of those. So the covers hold {digit} only there, and {targets} cannot be {digit}.")
            } else {
                phrase("{technique} on {digit}: each of {base} needs {digit} once, in separate cells; {cover} hold all of those but the fins {fins}. So the covers hold {digit} only there unless a fin holds it (and the targets see every fin), and {targets} cannot be {digit}.")
            };
            fish_explanation(template, technique, digit, base, covers)
                .cells("fins", fins.iter())
                .cells_and("targets", targets.iter())
        });
        found.add(step)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::logic::magictour_positions;
    use crate::engine::logic::CellDigit;

    /// Finned and sashimi fish by their definition, every choice of base lines and cover lines
    /// tried: the base cells outside the covers (the fins, at least one) lie in one box, every
    /// base line and every cover line holds a base cell inside the covers (the body), and the
    /// cover cells outside the base in that box go; sashimi when a base line's body is one
    /// cell. Each fish as (sashimi, eliminations), sorted.
    fn finned_by_definition(board: &Board, digit: Digit, size: usize) -> Vec<(bool, Vec<CellDigit>)> {
        let mut out = Vec::new();
        let lines: Vec<usize> = (0..18).collect();
        for rows_are_base in [true, false] {
            let (bases, covers) = if rows_are_base {
                (&lines[..9], &lines[9..])
            } else {
                (&lines[9..], &lines[..9])
            };
            each_combination(bases, size, |base| {
                let cells = base
                    .iter()
                    .fold(CellSet::EMPTY, |acc, &l| acc | board.cells_in(l, digit));
                each_combination(covers, size, |cover| {
                    let cover_cells = cover
                        .iter()
                        .fold(CellSet::EMPTY, |acc, &l| acc | board.cells_in(l, digit));
                    let (body, fins) = (cells & cover_cells, cells - cover_cells);
                    let Some(fin) = fins.first() else { return true };
                    let in_box = CellSet::house(18 + crate::engine::grid::box_of(fin));
                    let has_body = |l: &usize| !(body & CellSet::house(*l)).is_empty();
                    if !(fins - in_box).is_empty() || !base.iter().all(has_body) || !cover.iter().all(has_body) {
                        return true;
                    }
                    let targets = (cover_cells - cells) & in_box;
                    if !targets.is_empty() {
                        let sashimi = base.iter().any(|&l| (body & CellSet::house(l)).len() == 1);
                        let gone = targets.iter().map(|cell| CellDigit { cell, digit }).collect();
                        out.push((sashimi, gone));
                    }
                    true
                });
                true
            });
        }
        out.sort();
        out
    }

    /// The finned fish search finds every finned and sashimi fish of the definition, and no
    /// other: for each size and digit at positions along magictour paths.
    #[test]
    fn finned_fish_are_those_of_the_definition() {
        let mut fish = [0; 2];
        for (line, index, board) in magictour_positions(40, 2) {
            for size in 2..=4 {
                let kinds = finned_kinds(size).map(Some);
                for digit in 1..=9 {
                    let mut found = Vec::new();
                    finned_on(
                        &board,
                        digit,
                        CellSet::ALL,
                        size,
                        kinds,
                        false,
                        &mut |sashimi, build| {
                            let mut gone = build().eliminations;
                            gone.sort();
                            found.push((sashimi, gone));
                            true
                        },
                    );
                    found.sort();
                    let expected = finned_by_definition(&board, digit, size);
                    assert!(
                        found == expected,
                        "{line}, step {index}: size {size} on {digit} differs"
                    );
                    for (sashimi, _) in &found {
                        fish[*sashimi as usize] += 1;
                    }
                }
            }
        }
        assert!(fish[0] > 1000 && fish[1] > 1000, "too few fish to tell: {fish:?}");
    }

    /// The bound of the cover search passes over no fish: with it and without it, every kind of
    /// franken fish finds the same steps, in the same order, for every digit at positions along
    /// magictour paths.
    /// The franken fish on the ladder: size, mutant, finned, and the technique they are.
    const LADDER_FRANKEN: [(usize, bool, bool, Technique); 3] = [
        (3, false, false, Technique::FrankenSwordfish),
        (4, false, false, Technique::FrankenJellyfish),
        (3, false, true, Technique::FinnedFrankenSwordfish),
    ];

    /// Every fish of one kind on one digit, searched from scratch (with the cover search's bound
    /// or without it).
    fn every_fish(board: &Board, digit: Digit, kind: (usize, bool, bool, Technique), bounded: bool) -> Vec<Step> {
        let (size, mutant, finned, technique) = kind;
        let mut found = Found::new(true);
        generalised_on(
            board,
            digit,
            CellSet::ALL,
            size,
            mutant,
            finned,
            technique,
            bounded,
            &mut found,
        );
        found.steps
    }

    #[test]
    fn the_cover_bound_passes_over_no_fish() {
        let mut fish = 0;
        for (line, index, board) in magictour_positions(40, 4) {
            for kind in LADDER_FRANKEN {
                let technique = kind.3;
                for digit in 1..=9 {
                    let bounded = every_fish(&board, digit, kind, true);
                    assert!(
                        bounded == every_fish(&board, digit, kind, false),
                        "{line}, step {index}: {} on {digit} differs",
                        technique.id()
                    );
                    fish += bounded.len();
                }
            }
        }
        assert!(fish > 1000, "only {fish} fish: too few to tell");
    }

    /// The franken fish search passes over a digit that has no candidate outside every template
    /// its placed cells and candidates allow. Each such candidate is false in the solution; and
    /// every elimination of every franken fish, found without that filter, is one of them (so a
    /// digit with none has no fish): for every digit at positions along magictour paths.
    #[test]
    fn franken_fish_remove_only_what_no_template_allows() {
        let (mut fish, mut passed_over, mut removable_seen) = (0, 0, 0);
        for (line, index, board) in magictour_positions(40, 4) {
            let removable = crate::engine::logic::templates::single_digit_removable(&board);
            let solution = crate::engine::solver::first_solution(board.values()).expect("a solution");
            for digit in 1..=9u8 {
                let here = removable[digit as usize];
                removable_seen += here.len();
                assert!(
                    here.iter().all(|cell| solution[cell] != digit),
                    "{line}, step {index}: a template-free {digit} is the solution's"
                );
                if here.is_empty() && !board.cells_with(digit).is_empty() {
                    passed_over += 1;
                }
                for kind in LADDER_FRANKEN {
                    for step in every_fish(&board, digit, kind, true) {
                        fish += 1;
                        assert!(
                            step.eliminations.iter().all(|e| here.contains(e.cell)),
                            "{line}, step {index}: {} on {digit} removes what a template allows",
                            kind.3.id()
                        );
                    }
                }
            }
        }
        assert!(
            fish > 1000 && passed_over > 1000 && removable_seen > 100,
            "too few to tell: {fish} fish, {passed_over} digits passed over, {removable_seen} candidates removable"
        );
    }
}

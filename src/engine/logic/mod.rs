//! Human-style solving: techniques that find explained steps, tried in difficulty order, and
//! the logical solver that chains them into a solution path.

mod als;
mod board;
mod chains;
mod coloring;
pub mod explanation;
mod fish;
mod forcing;
pub mod hint;
mod intersections;
pub mod rating;
mod reach;
mod single_digit;
mod singles;
pub mod step;
mod subsets;
mod sue_de_coq;
pub mod technique;
mod templates;
mod uniqueness;
mod wings;

pub use board::Board;
pub use hint::{hint, Hint};
pub use rating::{rate, Rating};
pub use step::{eliminations_written, CellDigit, Effect, Highlights, HouseList, HouseRole, Role, Step};
pub use technique::{Family, Level, Technique};

use std::sync::atomic::{AtomicBool, Ordering};

use super::cellset::CellSet;
use super::grid::{Candidates, Digit, Position, CELLS};

/// The most instances of one technique [`find_all`] lists. A position whose pencil marks are few
/// can hold millions (magictour's first puzzle with three in five marks gone held 1.4 million
/// ALS-XY-Wings, 1.9 GB of steps listed in 11 s before this bound; with wrong marks gone too,
/// 8.2 million, 10 GB and 85 s), and no one reads past the first few thousand.
pub const MOST_LISTED: usize = 10_000;

/// Collects the steps a technique finds: the first one, or all of them (up to [`MOST_LISTED`]).
pub(crate) struct Found {
    pub steps: Vec<Step>,
    all: bool,
    /// How many steps to collect when collecting all.
    most: usize,
    explain: bool,
    after_simpler: bool,
}

impl Found {
    fn new(all: bool) -> Found {
        Found {
            steps: Vec::new(),
            all,
            most: MOST_LISTED,
            explain: true,
            after_simpler: false,
        }
    }

    /// Whether every technique scored below the one searching was asked on this board and found
    /// nothing (the search is a rung of a ladder: rating, paths, hints). Such a search may pass
    /// over what could only be a simpler technique's find in another guise (a naked quad in a
    /// house of six open cells is the hidden pair of the other two).
    pub fn after_simpler(&self) -> bool {
        self.after_simpler
    }

    /// Whether steps need their explanations (not when only rating).
    pub fn explains(&self) -> bool {
        self.explain
    }

    /// Records a step that makes progress; returns whether to keep looking (collecting all, until
    /// there are as many as wanted, at most [`MOST_LISTED`]).
    pub fn add(&mut self, step: Step) -> bool {
        if step.makes_progress() {
            self.steps.push(step);
            return self.all && self.steps.len() < self.most;
        }
        true
    }

    /// Whether every instance is wanted (so duplicates are worth filtering).
    pub fn is_collecting_all(&self) -> bool {
        self.all
    }

    /// Runs a search that looks at one digit's candidates only, digit by digit, skipping a digit
    /// whose candidate cells are the same as the last time this technique found nothing for it on
    /// this thread (a rating solve asks every technique again after each step, and most steps
    /// leave most digits alone). `search` gets the digit and the cells that have lost it since
    /// then (every cell when there is no such time, or the cells are not fewer): a pattern that
    /// reads none of those cells was there then too, with at least the same eliminations, so the
    /// search may pass it over. It returns whether to keep looking.
    pub fn per_digit(
        &mut self,
        technique: Technique,
        board: &Board,
        mut search: impl FnMut(Digit, CellSet, &mut Found) -> bool,
    ) {
        for digit in 1..=9 {
            let cells = board.cells_with(digit);
            let changed = barren::changed_since(technique, digit, cells);
            if cells.is_empty() || changed.is_empty() {
                continue;
            }
            let before = self.steps.len();
            let keep_looking = search(digit, changed, self);
            if self.steps.len() == before {
                barren::remember(technique, digit, cells);
            }
            if !keep_looking {
                return;
            }
        }
    }

    /// Runs a search whose steps each read the candidates of a few cells, passing it the cells
    /// whose candidates have changed since this technique last found nothing on this thread
    /// (every cell when it has not, or when some cell has a candidate it lacked then): a step
    /// reading none of them was there then too, with at least the same eliminations, so the
    /// search may pass it over. Nothing changed, it does not run.
    pub fn on_changed(&mut self, technique: Technique, board: &Board, search: impl FnOnce(CellSet, &mut Found)) {
        self.on_changed_since(technique, board, |changed, _, found| {
            search(changed, found);
            true
        });
    }

    /// Like [`Found::on_changed`], for a search that may stop short of complete (it returns
    /// whether it was) and wants the candidates of the board it last found nothing on, if the
    /// present ones are a subset of them: `search` gets the changed cells and those candidates
    /// (`None`, with every cell changed, when there are none to go by). Only a complete search
    /// that found nothing is remembered.
    pub fn on_changed_since(
        &mut self,
        technique: Technique,
        board: &Board,
        search: impl FnOnce(CellSet, Option<&[Candidates; CELLS]>, &mut Found) -> bool,
    ) {
        let changed = barren::changed_cells(technique, board.all_candidates());
        if changed.is_empty() {
            return;
        }
        // Fewer than every cell changed: there is a board to go by.
        let then = (changed != CellSet::ALL)
            .then(|| barren::board_then(technique))
            .flatten();
        let before = self.steps.len();
        let complete = search(changed, then.as_ref(), self);
        if complete && self.steps.len() == before {
            barren::remember_board(technique, board.all_candidates());
        }
    }
}

/// Runs a search over one digit's candidates, digit by digit, for the digits whose candidate
/// cells differ from those on which it last found nothing (on this thread). For searches whose
/// findings depend on that digit's candidates alone and are gathered elsewhere (in a
/// [`Shortest`]): `search` returns whether it found something.
pub(crate) fn each_changed_digit(technique: Technique, board: &Board, mut search: impl FnMut(Digit) -> bool) {
    for digit in 1..=9 {
        let cells = board.cells_with(digit);
        if cells.is_empty() || barren::changed_since(technique, digit, cells).is_empty() {
            continue;
        }
        if !search(digit) {
            barren::remember(technique, digit, cells);
        }
    }
}

/// The per-thread memory behind [`Found::per_digit`], [`Found::on_changed`],
/// [`Found::on_changed_since`] and [`each_changed_digit`]: for each
/// technique (and digit), the candidates on which the technique last found nothing.
mod barren {
    use std::cell::RefCell;

    use super::technique::Technique;
    use crate::engine::cellset::CellSet;
    use crate::engine::grid::{Candidates, Digit, CELLS};

    thread_local! {
        static BARREN: RefCell<Vec<[Option<CellSet>; 10]>> =
            RefCell::new(vec![[None; 10]; Technique::ALL.len()]);
    }

    /// The cells that have lost the digit since the technique last found nothing for it (on
    /// cells of which these are a subset); every cell when it has not, or they are not.
    pub fn changed_since(technique: Technique, digit: Digit, cells: CellSet) -> CellSet {
        BARREN.with(|b| match b.borrow()[technique as usize][digit as usize] {
            Some(then) if (cells - then).is_empty() => then - cells,
            _ => CellSet::ALL,
        })
    }

    thread_local! {
        static BARREN_BOARDS: RefCell<Vec<Option<[Candidates; CELLS]>>> =
            RefCell::new(vec![None; Technique::ALL.len()]);
    }

    /// The cells whose candidates differ from those the technique last found nothing on, when
    /// each cell's are a subset of those then; every cell otherwise.
    pub fn changed_cells(technique: Technique, now: &[Candidates; CELLS]) -> CellSet {
        BARREN_BOARDS.with(|b| match &b.borrow()[technique as usize] {
            Some(then) => {
                let mut changed = CellSet::EMPTY;
                for cell in 0..CELLS {
                    let (was, is) = (then[cell].mask(), now[cell].mask());
                    if is & !was != 0 {
                        return CellSet::ALL;
                    }
                    if is != was {
                        changed.insert(cell);
                    }
                }
                changed
            }
            None => CellSet::ALL,
        })
    }

    pub fn board_then(technique: Technique) -> Option<[Candidates; CELLS]> {
        BARREN_BOARDS.with(|b| b.borrow()[technique as usize])
    }

    pub fn remember_board(technique: Technique, candidates: &[Candidates; CELLS]) {
        BARREN_BOARDS.with(|b| b.borrow_mut()[technique as usize] = Some(*candidates));
    }

    pub fn remember(technique: Technique, digit: Digit, cells: CellSet) {
        BARREN.with(|b| b.borrow_mut()[technique as usize][digit as usize] = Some(cells));
    }
}

/// Keeps the shortest step found (one wanted) or, all wanted, the shortest step for each distinct
/// effect (its key), then hands them on shortest first. For searches whose steps have a length
/// (chains, nets), which must scan everything to know the shortest.
#[derive(Clone)]
pub(crate) struct Shortest<K> {
    all: bool,
    best: Vec<(usize, K, Step)>,
}

impl<K: PartialEq> Shortest<K> {
    pub fn new(found: &Found) -> Shortest<K> {
        Shortest {
            all: found.is_collecting_all(),
            best: Vec::new(),
        }
    }

    /// A collector of the one shortest step.
    pub fn first_only() -> Shortest<K> {
        Shortest {
            all: false,
            best: Vec::new(),
        }
    }

    pub fn is_collecting_all(&self) -> bool {
        self.all
    }

    pub fn is_empty(&self) -> bool {
        self.best.is_empty()
    }

    /// The length a new step must not exceed to be worth building (`max` when collecting all).
    /// After a step of length 0 (a forcing net whose assumption contradicts itself) that is 0,
    /// which [`Shortest::offer`] still turns away.
    pub fn limit(&self, max: usize) -> usize {
        match self.best.first() {
            Some((length, _, _)) if !self.all => length.saturating_sub(1),
            _ => max,
        }
    }

    /// Offers a step of this length and effect; `build` runs only if the step is kept.
    pub fn offer(&mut self, length: usize, key: K, build: impl FnOnce() -> Step) {
        if self.all {
            match self.best.iter_mut().find(|(_, k, _)| *k == key) {
                Some(existing) if length < existing.0 => *existing = (length, key, build()),
                Some(_) => {}
                None => self.best.push((length, key, build())),
            }
        } else if self.best.first().is_none_or(|(l, _, _)| length < *l) {
            self.best = vec![(length, key, build())];
        }
    }

    /// Takes in what another collector gathered after this one (as if offered to this one).
    pub fn absorb(&mut self, other: Shortest<K>) {
        for (length, key, step) in other.best {
            self.offer(length, key, || step);
        }
    }

    pub fn finish(mut self, found: &mut Found) {
        self.best.sort_by_key(|(length, _, _)| *length);
        for (_, _, step) in self.best {
            if !found.add(step) {
                return;
            }
        }
    }
}

fn search(board: &Board, technique: Technique, found: &mut Found) {
    use Technique::*;
    match technique {
        FullHouse => singles::full_house(board, found),
        NakedSingle => singles::naked_single(board, found),
        HiddenSingle => singles::hidden_single(board, found),
        LockedCandidatesPointing => intersections::pointing(board, found),
        LockedCandidatesClaiming => intersections::claiming(board, found),
        LockedPair => intersections::locked_subset(board, 2, found),
        LockedTriple => intersections::locked_subset(board, 3, found),
        NakedPair => subsets::naked(board, 2, found),
        NakedTriple => subsets::naked(board, 3, found),
        NakedQuad => subsets::naked(board, 4, found),
        HiddenPair => subsets::hidden(board, 2, found),
        HiddenTriple => subsets::hidden(board, 3, found),
        HiddenQuad => subsets::hidden(board, 4, found),
        XWing => fish::basic(board, 2, found),
        Swordfish => fish::basic(board, 3, found),
        Jellyfish => fish::basic(board, 4, found),
        Skyscraper => single_digit::skyscraper(board, found),
        TwoStringKite => single_digit::two_string_kite(board, found),
        TurbotFish => single_digit::turbot_fish(board, found),
        EmptyRectangle => single_digit::empty_rectangle(board, found),
        XyWing => wings::xy_wing(board, found),
        XyzWing => wings::xyz_wing(board, found),
        WWing => wings::w_wing(board, found),
        RemotePair => wings::remote_pair(board, found),
        SimpleColors => coloring::simple_colors(board, found),
        UniqueRectangle1 => uniqueness::type_1(board, found),
        UniqueRectangle2 => uniqueness::type_2(board, found),
        UniqueRectangle4 => uniqueness::type_4(board, found),
        BugPlusOne => uniqueness::bug_plus_one(board, found),
        FinnedXWing => fish::finned(board, 2, false, found),
        FinnedSwordfish => fish::finned(board, 3, false, found),
        FinnedJellyfish => fish::finned(board, 4, false, found),
        SashimiXWing => fish::finned(board, 2, true, found),
        SashimiSwordfish => fish::finned(board, 3, true, found),
        SashimiJellyfish => fish::finned(board, 4, true, found),
        XChain => chains::x_chain(board, found),
        XyChain => chains::xy_chain(board, found),
        Aic => chains::aic(board, found),
        GroupedAic => chains::grouped_aic(board, found),
        ContinuousNiceLoop => chains::continuous_nice_loop(board, found),
        DiscontinuousNiceLoop => chains::discontinuous_nice_loop(board, found),
        GroupedContinuousNiceLoop => chains::grouped_continuous_nice_loop(board, found),
        GroupedDiscontinuousNiceLoop => chains::grouped_discontinuous_nice_loop(board, found),
        DualTwoStringKite => single_digit::dual_two_string_kite(board, found),
        DualEmptyRectangle => single_digit::dual_empty_rectangle(board, found),
        MultiColors => coloring::multi_colors(board, found),
        UniqueRectangle3 => uniqueness::type_3(board, found),
        UniqueRectangle5 => uniqueness::type_5(board, found),
        UniqueRectangle6 => uniqueness::type_6(board, found),
        HiddenRectangle => uniqueness::hidden_rectangle(board, found),
        AvoidableRectangle1 => uniqueness::avoidable_1(board, found),
        AvoidableRectangle2 => uniqueness::avoidable_2(board, found),
        SueDeCoq => sue_de_coq::sue_de_coq(board, found),
        AlsXz => als::xz(board, found),
        AlsXyWing => als::xy_wing(board, found),
        AlsXyChain => als::xy_chain(board, found),
        DeathBlossom => als::death_blossom(board, found),
        FrankenSwordfish => fish::generalised(board, 3, false, false, found),
        FrankenJellyfish => fish::generalised(board, 4, false, false, found),
        FinnedFrankenSwordfish => fish::generalised(board, 3, false, true, found),
        FinnedFrankenJellyfish => fish::generalised(board, 4, false, true, found),
        FinnedMutantJellyfish => fish::generalised(board, 4, true, true, found),
        TemplateSet => templates::template_set(board, found),
        TemplateDelete => templates::template_delete(board, found),
        ForcingChainContradiction => forcing::forcing_chain_contradiction(board, found),
        ForcingChainVerity => forcing::forcing_chain_verity(board, found),
        ForcingNetContradiction => forcing::forcing_net_contradiction(board, found),
        ForcingNetVerity => forcing::forcing_net_verity(board, found),
    }
}

/// The first step of the given technique, if it applies.
pub fn find_step_on(board: &Board, technique: Technique) -> Option<Step> {
    first_step(board, technique, true, false)
}

/// The first step of the technique as the ladder of [`rating::rate`] asks for it: without its
/// explanation, and told that every technique scored below it was asked on this board and found
/// nothing, so call it only in that order ([`rating::by_score`]). For measuring where rating time
/// goes (`examples/technique_profile.rs`).
pub fn ladder_step_of(board: &Board, technique: Technique) -> Option<Step> {
    first_step(board, technique, false, true)
}

/// Like [`find_step_on`], without building the explanation.
#[cfg(test)]
pub(crate) fn find_unexplained_step_on(board: &Board, technique: Technique) -> Option<Step> {
    first_step(board, technique, false, false)
}

/// The first step of the technique, with its explanation if `explain`; `after_simpler` when
/// every technique scored below it was asked on this board and found nothing
/// ([`Found::after_simpler`]).
fn first_step(board: &Board, technique: Technique, explain: bool, after_simpler: bool) -> Option<Step> {
    let mut found = Found {
        explain,
        after_simpler,
        ..Found::new(false)
    };
    search(board, technique, &mut found);
    found.steps.into_iter().next()
}

/// The easiest step (by score) among the allowed techniques, explained if `explain`: each is
/// asked in turn, told whether every one before it was ([`Found::after_simpler`]).
pub(crate) fn ladder_step_on(board: &Board, allowed: impl Fn(Technique) -> bool, explain: bool) -> Option<Step> {
    let mut after_simpler = true;
    for &technique in rating::by_score() {
        if !allowed(technique) {
            after_simpler = false;
            continue;
        }
        if let Some(step) = first_step(board, technique, explain, after_simpler) {
            return Some(step);
        }
    }
    None
}

/// The easiest step (by score) among the allowed techniques.
pub fn next_step_on(board: &Board, allowed: &[Technique]) -> Option<Step> {
    ladder_step_on(board, |t| allowed.contains(&t), true)
}

/// The first step in difficulty order among the allowed techniques.
pub fn next_step(position: &Position, allowed: &[Technique]) -> Option<Step> {
    next_step_on(&Board::from_position(position), allowed)
}

/// A step of this technique only, or none.
pub fn find_step(position: &Position, technique: Technique) -> Option<Step> {
    find_step_on(&Board::from_position(position), technique)
}

/// Every instance of the technique in the position, as HoDoKu's "All Steps" lists them, up to
/// [`MOST_LISTED`] (a list that long stopped there).
pub fn find_all(position: &Position, technique: Technique) -> Vec<Step> {
    find_up_to(position, technique, MOST_LISTED)
}

/// The first `most` instances [`find_all`] lists (at least one, at most [`MOST_LISTED`]), without
/// looking further where the search need not (a list of chains is sorted, so its searches look
/// at every chain all the same).
pub fn find_up_to(position: &Position, technique: Technique, most: usize) -> Vec<Step> {
    let mut found = Found {
        most: most.clamp(1, MOST_LISTED),
        ..Found::new(true)
    };
    search(&Board::from_position(position), technique, &mut found);
    found.steps
}

/// A logical solution path.
#[derive(Clone, Debug)]
pub struct SolvePath {
    pub steps: Vec<Step>,
    /// Whether the techniques filled the grid (false: they ran out, "stuck").
    pub solved: bool,
    pub board: Board,
}

/// Solves by techniques alone, from the position's values and candidates.
///
/// When `solution` is given, every step is checked against it in debug builds: a step that
/// eliminates a solution digit or places a wrong one is a bug in a technique.
pub fn logical_solve_with(position: &Position, solution: Option<&[Digit; CELLS]>) -> SolvePath {
    solve_until(position, solution, &AtomicBool::new(false)).expect("never cancelled")
}

/// Solves a puzzle (its givens) as [`logical_solve`] does, looking at `cancel` before each step:
/// `None` once it is set. For the app, which works the path out while its window is open.
pub fn logical_solve_cancellable(puzzle: &[Digit; CELLS], cancel: &AtomicBool) -> Option<SolvePath> {
    solve_until(&Position::from_givens(puzzle), None, cancel)
}

fn solve_until(position: &Position, solution: Option<&[Digit; CELLS]>, cancel: &AtomicBool) -> Option<SolvePath> {
    let mut board = Board::from_position(position);
    let mut steps = Vec::new();
    while !board.is_solved() {
        if cancel.load(Ordering::Relaxed) {
            return None;
        }
        let Some(step) = next_step_on(&board, Technique::ALL) else {
            break;
        };
        if let Some(solution) = solution {
            debug_assert!(
                agrees_with(&step, solution),
                "wrong step {} on {:?}",
                step.compact(),
                board.values()
            );
        }
        board.apply(&step);
        steps.push(step);
    }
    Some(SolvePath {
        solved: board.is_solved(),
        steps,
        board,
    })
}

/// Solves a puzzle (its givens) by techniques alone.
pub fn logical_solve(puzzle: &Position) -> SolvePath {
    let givens = Position::from_givens(&puzzle.givens());
    let solution = match super::solver::solve(&puzzle.givens()) {
        super::Solutions::Unique(solution) => Some(solution),
        _ => None,
    };
    logical_solve_with(&givens, solution.as_ref())
}

/// Whether a step neither places a wrong digit nor eliminates a solution digit.
pub fn agrees_with(step: &Step, solution: &[Digit; CELLS]) -> bool {
    step.placements.iter().all(|p| solution[p.cell] == p.digit)
        && step.eliminations.iter().all(|e| solution[e.cell] != e.digit)
}

/// For the engine's unit tests: every `every_step`-th position along the logical paths of every
/// `every_puzzle`-th puzzle of magictour-top1465 (from `../shared`), each with the puzzle's line
/// and the index of the step taken from it.
#[cfg(test)]
pub(crate) fn magictour_positions(every_puzzle: usize, every_step: usize) -> Vec<(String, usize, Board)> {
    magictour_positions_where(every_puzzle, |index, _| index % every_step == 0)
}

/// Like [`magictour_positions`], the positions from which the path takes a step that `keep`
/// (given the step's index and the step) keeps.
#[cfg(test)]
pub(crate) fn magictour_positions_where(
    every_puzzle: usize,
    keep: impl Fn(usize, &Step) -> bool,
) -> Vec<(String, usize, Board)> {
    let text = std::fs::read_to_string(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../shared/datasets/magictour-top1465.txt"
    ))
    .expect("magictour: put shared/ beside the checkout");
    let mut out = Vec::new();
    for line in text.lines().filter(|l| l.len() >= 81).step_by(every_puzzle) {
        let givens = Position::from_givens(&super::format::parse_line(line).expect("a puzzle").givens());
        let mut board = Board::from_position(&givens);
        for (index, step) in logical_solve_with(&givens, None).steps.iter().enumerate() {
            if keep(index, step) {
                out.push((line.to_string(), index, board.clone()));
            }
            board.apply(step);
        }
    }
    out
}

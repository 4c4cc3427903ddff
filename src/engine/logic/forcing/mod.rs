//! Forcing chains and nets, the last resort: assume a candidate true (or each candidate of a
//! cell, each place of a digit in a house) and follow what must follow. A chain follows single
//! links only (a candidate true removes its peers; a candidate false makes the other end of a
//! strong link true); a net also counts what several removals together force (the last
//! candidate of a cell, the last place of a digit in a house).
//!
//! Contradiction: the assumption leads to a candidate both true and false (a net also to a cell
//! with no candidate or a house with no place for a digit), so the assumption is false.
//! Verity: every candidate of a cell (or every place of a digit in a house) leads to the same
//! conclusion, so it holds. This is logic, not guessing: every step is forced, and the whole
//! argument is written out, shortest first.
//!
//! The searches are here; a branch's propagation is in `branch`, a chain's strong links and
//! outcomes in `links`, and the writing out in `explain`.

mod branch;
mod explain;
mod links;

use explain::{chain_to, conflict_text, draw_branch, implications, literal, nested_text, written_steps};

use super::board::{Board, LastBoard};
use super::explanation::{phrase, Explanation};
use super::step::{length_bonus, ChainNode, LinkKind, Role, Step};
use super::technique::Technique;
use super::{Found, Shortest};
use crate::engine::grid::{cell_name, Cell, Digit, House, CELLS};
use crate::engine::solver::bands::{Harmless, Trial};

use branch::*;
use links::Outcome;

/// Contradiction: a candidate assumed true forces a contradiction, so it is false (or assumed
/// false, so it is true). Nets that find none try once more with nested nets inside each branch,
/// taking the first contradiction found.
fn contradiction(board: &Board, net: bool, found: &mut Found) {
    // A chain's contradiction is a chain of the plain graph from the assumption back to itself,
    // which its closure rules out at once (as it does wherever the ladder asks, AIC having found
    // nothing on the board).
    if !net && super::chains::plain_chains_find_nothing(board) {
        return;
    }
    contradiction_search(board, net, found);
}

/// The search of [`contradiction`], every assumption tried.
fn contradiction_search(board: &Board, net: bool, found: &mut Found) {
    let technique = if net {
        Technique::ForcingNetContradiction
    } else {
        Technique::ForcingChainContradiction
    };
    let mut best = Shortest::new(found);
    // For a net, the assumptions the quick trial finds a contradiction for.
    let trial = if net {
        quick_trial(board).map(|t| trial_contradictions(board, &t))
    } else {
        None
    };
    // What each candidate forces as a chain, which the chain's verity wants next.
    let mut chain_outcomes: Vec<Option<Outcome>> = if net { Vec::new() } else { outcome_room() };
    let passes: &[bool] = if net { &[false, true] } else { &[false] };
    for &nested in passes {
        if nested && !best.is_empty() {
            break;
        }
        let propagator = Propagator {
            nested,
            ..Propagator::new(board, net)
        };
        // Bivalue cells first: their assumptions are the likeliest to fail quickly (the nested
        // pass takes the first contradiction it finds).
        let mut cells: Vec<Cell> = board.empty_cells().iter().collect();
        cells.sort_by_key(|&c| board.candidates(c).len());
        let order = cells
            .into_iter()
            .flat_map(|cell| board.candidates(cell).iter().map(move |d| cand(cell, d)))
            .flat_map(|c| [(c, true), (c, false)]);
        for (c, assumed) in order {
            let (cell, digit) = (cell_of(c), digit_of(c));
            {
                // Most assumptions lead nowhere; the quick trial (a chain's own links, or for a
                // net, the band solver's propagation) rules them out.
                let leads_nowhere = match &propagator.links {
                    Some(links) => {
                        let true_conflicts = links.true_outcome(c, &mut chain_outcomes).conflict;
                        if assumed {
                            !true_conflicts
                        } else {
                            !links.false_leads_to_conflict(c, &mut chain_outcomes)
                        }
                    }
                    None => !nested && trial.as_ref().is_some_and(|t| !t[assumed as usize][c as usize]),
                };
                if leads_nowhere {
                    continue;
                }
                let branch = propagator.run(c, assumed);
                if branch.conflict.is_none() {
                    continue;
                }
                let roots = branch.conflict_roots(board);
                let Some(support) = branch.bounded_support(&propagator, &roots, 0, best.limit(usize::MAX)) else {
                    continue;
                };
                if !net && !single_premised(&propagator, &branch, &support) {
                    continue;
                }
                let size = support.len();
                best.offer(size, (!assumed, c), || {
                    let mut step = Step::new(technique);
                    if assumed {
                        step.eliminate(cell, digit);
                    } else {
                        step.place(cell, digit);
                    }
                    step.mark_cell(cell, Role::Pattern);
                    let chain = match branch.conflict {
                        // To the conflict's false side. (Never the assumption: all it excludes,
                        // or what it leaves, is set first, so a conflict comes there.)
                        Some(Conflict::Both(x, false_reason)) => {
                            chain_to(&propagator, &branch, x, false_reason, false)
                        }
                        _ => Vec::new(),
                    };
                    // The chain for other programs (`hint --json`); the board is given the
                    // whole argument, every branch of the net.
                    step.chain = chain;
                    if found.explains() {
                        draw_branch(&mut step, &propagator, &branch, &support, &roots);
                    }
                    // A nested net is a level harder than any net without one.
                    let nesting = if branch.nested { 1.0 } else { 0.0 };
                    step.score = technique.score() + nesting + length_bonus(size);
                    step.explain_with(found.explains(), || {
                        // The assumption alone may clash (asked for this technique by id, where
                        // a single would do): then there are no steps between.
                        let steps = written_steps(&branch, &roots, &support, |s| s != c);
                        let direct = steps.is_empty();
                        // Each inner contradiction, in the order its removal is written.
                        let inner = steps
                            .iter()
                            .filter(|&&s| branch.reason(s) == Reason::Nested)
                            .map(|&s| nested_text(&propagator, &branch, s))
                            .collect();
                        let template = match (branch.nested, assumed) {
                            (false, true) if direct => phrase("{technique}: if {cell} is {digit}, {conflict}. So {cell} cannot be {digit}.{inner}"),
                            (false, false) if direct => phrase("{technique}: if {cell} is not {digit}, {conflict}. So {cell} must be {digit}.{inner}"),
                            (false, true) => phrase("{technique}: if {cell} is {digit}, then {steps}, and {conflict}. So {cell} cannot be {digit}.{inner}"),
                            (false, false) => phrase("{technique}: if {cell} is not {digit}, then {steps}, and {conflict}. So {cell} must be {digit}.{inner}"),
                            (true, true) => phrase("{technique} (nested): if {cell} is {digit}, then {steps}, and {conflict}. So {cell} cannot be {digit}.{inner}"),
                            (true, false) => phrase("{technique} (nested): if {cell} is not {digit}, then {steps}, and {conflict}. So {cell} must be {digit}.{inner}"),
                        };
                        Explanation::new(template)
                            .technique("technique", technique)
                            .cell("cell", cell)
                            .digit("digit", digit)
                            .with("steps", implications(board, &branch, steps))
                            .clause("conflict", conflict_text(&branch))
                            .joined("inner", inner, "")
                    });
                    step
                });
                if nested && !best.is_collecting_all() {
                    break;
                }
            }
        }
    }
    if !net {
        let outcomes = ChainOutcomes {
            table: chain_outcomes,
            complete: true,
        };
        CHAIN_OUTCOMES.with(|last| last.keep(board, outcomes));
    }
    best.finish(found);
}

/// What candidates assumed true force as chains (their [`Outcome`]s, by [`Cand`]): every one
/// (`complete`), as the contradiction search works them out, or those a verity search wanted.
struct ChainOutcomes {
    table: Vec<Option<Outcome>>,
    complete: bool,
}

thread_local! {
    /// The chain outcomes of the last board, kept by the contradiction search for the verity
    /// search the ladder asks next on the same board (and by either, for the room).
    static CHAIN_OUTCOMES: LastBoard<ChainOutcomes> = const { LastBoard::new() };
}

/// An empty table of chain outcomes, in the last table's room where it can: a fresh one, a
/// quarter of a megabyte, costs more to map than to fill.
fn outcome_room() -> Vec<Option<Outcome>> {
    let mut table = CHAIN_OUTCOMES
        .with(|last| last.take())
        .map(|kept| kept.table)
        .unwrap_or_default();
    table.clear();
    table.resize(CELLS * 9, None);
    table
}

/// The position as a [`Trial`]: a quick, reasonless propagation (singles, locked candidates and
/// more) that reaches at least what a net without nesting reaches, and so what a chain reaches
/// (its single links are among the net's). An assumption it finds no contradiction for needs no
/// branch.
fn quick_trial(board: &Board) -> Option<Trial> {
    let digits: [u16; CELLS] = std::array::from_fn(|cell| match board.value(cell) {
        0 => board.candidates(cell).mask(),
        value => 1 << value,
    });
    Trial::new(board.values(), &digits)
}

/// Which candidates (by [`Cand`]) assumed false (`[0]`) or true (`[1]`) the quick trial finds a
/// contradiction for. The true assumptions go first: what each that leads nowhere leads to
/// spares most false ones their trial.
fn trial_contradictions(board: &Board, trial: &Trial) -> [[bool; CELLS * 9]; 2] {
    let mut harmless = Harmless::default();
    let mut contradicting = [[false; CELLS * 9]; 2];
    for assumed in [true, false] {
        for cell in board.empty_cells().iter() {
            for digit in board.candidates(cell).iter() {
                contradicting[assumed as usize][cand(cell, digit) as usize] =
                    trial.contradicts_remembering(cell, digit, assumed, &mut harmless);
            }
        }
    }
    contradicting
}

/// Whether every implication of the support follows from one premise (a chain, not a net).
fn single_premised(prop: &Propagator, branch: &Branch, support: &[Cand]) -> bool {
    support
        .iter()
        .all(|&c| branch.premises(prop, c, branch.reason(c)).len() <= 1)
}

/// Verity: every candidate of a cell, or every place of a digit in a house, forces the same
/// candidate true (it is placed) or false (it goes).
fn verity(board: &Board, net: bool, found: &mut Found) {
    // A chain's source of two cases forces nothing where the plain graph's closure says so
    // (nearly always, where the ladder asks).
    let fewest = if !net && super::chains::plain_chains_find_nothing(board) {
        3
    } else {
        2
    };
    verity_from(board, net, fewest, found);
}

/// The search of [`verity`], from sources of `fewest` to three cases.
fn verity_from(board: &Board, net: bool, fewest: u32, found: &mut Found) {
    let technique = if net {
        Technique::ForcingNetVerity
    } else {
        Technique::ForcingChainVerity
    };
    let propagator = Propagator::new(board, net);
    let mut best = Shortest::new(found);
    // The sources: cells with two or three candidates, houses with two or three places.
    let mut sources: Vec<(Source, Vec<Cand>)> = Vec::new();
    for cell in board.empty_cells().iter() {
        let cands = board.candidates(cell);
        if (fewest..=3).contains(&cands.len()) {
            sources.push((Source::Cell(cell), cands.iter().map(|d| cand(cell, d)).collect()));
        }
    }
    for house in 0..27 {
        for digit in 1..=9u8 {
            let places = board.cells_in(house, digit);
            if (fewest..=3).contains(&places.len()) {
                sources.push((
                    Source::Places(digit, house),
                    places.iter().map(|p| cand(p, digit)).collect(),
                ));
            }
        }
    }
    // What each candidate forces, in short (its true and false candidates, or a contradiction):
    // every source shares these, and only a source with a common conclusion runs its branches
    // again in full to write them out.
    // A chain's outcomes come as well from its links without reasons (and, right after the
    // contradiction search on this board, from what it kept). Else they are worked out as the
    // sources want them.
    let kept = if net {
        None
    } else {
        CHAIN_OUTCOMES
            .with(|last| last.kept(board))
            .filter(|kept| kept.complete)
    };
    let mut own: Vec<Option<Outcome>> = match (&kept, net) {
        (Some(_), _) => Vec::new(),
        (None, true) => vec![None; CELLS * 9],
        (None, false) => outcome_room(),
    };
    for (source, options) in sources {
        let outcome: &[Option<Outcome>] = match &kept {
            Some(kept) => &kept.table,
            None => {
                for &c in &options {
                    match &propagator.links {
                        Some(links) => {
                            links.true_outcome(c, &mut own);
                        }
                        None if own[c as usize].is_none() => {
                            own[c as usize] = Some(Outcome::of(&propagator.run(c, true)))
                        }
                        None => {}
                    }
                }
                &own
            }
        };
        let summaries: Vec<&Outcome> = options.iter().filter_map(|&c| outcome[c as usize].as_ref()).collect();
        // A branch ending in a contradiction is a contradiction step, found on its own.
        if summaries.len() != options.len() || summaries.iter().any(|o| o.conflict) {
            continue;
        }
        let mut common = summaries[0].clone();
        for o in &summaries[1..] {
            for d in 1..=9 {
                common.trues[d] &= o.trues[d];
                common.falses[d] &= o.falses[d];
            }
        }
        if (1..=9).all(|d| common.trues[d].is_empty() && common.falses[d].is_empty()) {
            continue;
        }
        let branches: Vec<Branch> = options.iter().map(|&c| propagator.run(c, true)).collect();
        for target in 0..(CELLS * 9) as Cand {
            let (cell, digit) = (cell_of(target), digit_of(target));
            let in_common = common.trues[digit as usize].contains(cell) || common.falses[digit as usize].contains(cell);
            if !in_common || options.contains(&target) {
                continue;
            }
            let first = branches[0].state[target as usize];
            let truth = first == TRUE;
            let (cell, digit) = (cell_of(target), digit_of(target));
            if !board.has(cell, digit) || (truth && board.candidates(cell).len() == 1) {
                continue;
            }
            let supports: Vec<Vec<Cand>> = branches
                .iter()
                .map(|b| b.support(&propagator, &[(target, b.reason(target))]))
                .collect();
            if !net
                && !branches
                    .iter()
                    .zip(&supports)
                    .all(|(b, s)| single_premised(&propagator, b, s) && single_premised(&propagator, b, &[target]))
            {
                continue;
            }
            let size: usize = supports.iter().map(|s| s.len() + 1).sum();
            best.offer(size, (truth, target), || {
                let mut step = Step::new(technique);
                if truth {
                    step.place(cell, digit);
                } else {
                    step.eliminate(cell, digit);
                }
                for &o in &options {
                    step.mark_candidate(cell_of(o), digit_of(o), Role::Pattern);
                }
                let longest = branches
                    .iter()
                    .enumerate()
                    .max_by_key(|(i, _)| supports[*i].len())
                    .map(|(_, b)| chain_to(&propagator, b, target, b.reason(target), truth))
                    .unwrap_or_default();
                // The longest case's chain for other programs; the board is given every case.
                step.chain = longest;
                if found.explains() {
                    for (b, s) in branches.iter().zip(&supports) {
                        draw_branch(&mut step, &propagator, b, s, &[(target, b.reason(target))]);
                    }
                }
                step.score = technique.score() + length_bonus(size);
                step.explain_with(found.explains(), || {
                    let cases: Vec<Explanation> = branches
                        .iter()
                        .zip(&options)
                        .zip(&supports)
                        .map(|((b, &o), s)| {
                            let steps = s.iter().copied().filter(|&x| x != o).chain([target]);
                            Explanation::new(phrase("if {literal}, then {steps}"))
                                .notation("literal", literal(o, true))
                                .with("steps", implications(board, b, steps))
                        })
                        .collect();
                    source
                        .explanation(technique, &options)
                        .joined("cases", cases, "; ")
                        .notation("result", literal(target, truth))
                });
                step
            });
        }
    }
    if !net && kept.is_none() {
        let outcomes = ChainOutcomes {
            table: own,
            complete: false,
        };
        CHAIN_OUTCOMES.with(|last| last.keep(board, outcomes));
    }
    best.finish(found);
}

/// Where a verity's cases come from.
#[derive(Clone, Copy)]
enum Source {
    /// The candidates of a cell.
    Cell(Cell),
    /// The places of a digit in a house.
    Places(Digit, House),
}

impl Source {
    /// A verity's explanation from its source, to be given its `{cases}` and `{result}`.
    fn explanation(self, technique: Technique, options: &[Cand]) -> Explanation {
        match self {
            Source::Cell(cell) => Explanation::new(phrase(
                "{technique}: {cell} holds {digits}; every case gives {result}: {cases}.",
            ))
            .technique("technique", technique)
            .cell("cell", cell)
            .digits("digits", options.iter().map(|&c| digit_of(c))),
            Source::Places(digit, house) => Explanation::new(phrase(
                "{technique}: in {house}, {digit} lies only in {cells}; every case gives {result}: {cases}.",
            ))
            .technique("technique", technique)
            .house("house", house)
            .digit("digit", digit)
            .cells("cells", options.iter().map(|&c| cell_of(c))),
        }
    }
}

pub fn forcing_chain_contradiction(board: &Board, found: &mut Found) {
    contradiction(board, false, found);
}

pub fn forcing_chain_verity(board: &Board, found: &mut Found) {
    verity(board, false, found);
}

pub fn forcing_net_contradiction(board: &Board, found: &mut Found) {
    contradiction(board, true, found);
}

pub fn forcing_net_verity(board: &Board, found: &mut Found) {
    verity(board, true, found);
}

#[cfg(test)]
mod tests {
    use super::links::StrongLinks;
    use super::*;
    use crate::engine::logic::magictour_positions;

    /// Every candidate of the board, assumed true and assumed false.
    fn literals(board: &Board) -> impl Iterator<Item = (Cell, Digit, bool)> + '_ {
        board.empty_cells().iter().flat_map(move |cell| {
            board
                .candidates(cell)
                .iter()
                .flat_map(move |digit| [(cell, digit, true), (cell, digit, false)])
        })
    }

    /// Asserts that an outcome is the expected one: the same contradiction, or (without one) the
    /// same candidates true and false. Returns whether they hold a contradiction.
    fn same_outcome(expected: &Outcome, got: &Outcome, what: &str) -> bool {
        assert_eq!(
            expected.conflict, got.conflict,
            "{what}: one outcome holds a contradiction"
        );
        if !expected.conflict {
            assert!(
                expected.trues == got.trues && expected.falses == got.falses,
                "{what}: the outcomes differ"
            );
        }
        expected.conflict
    }

    /// A forcing step's chain (its JSON `chain`) starts where the argument does and ends as the
    /// step does: a contradiction's at its assumption (the candidate the step removes, or places
    /// when assumed false), a verity's at its conclusion, reached by a strong link when the step
    /// places it and a weak link when it removes it; a contradiction's chain ends at the
    /// candidate made both true and false, on its false side (a weak link). Every forcing step
    /// listed at the boards where every 20th magictour path takes one (where no simpler step is
    /// left, so that every premise of a branch is the branch's own).
    #[test]
    fn forcing_chains_end_as_their_steps_do() {
        let boards = crate::engine::logic::magictour_positions_where(20, |_, step| {
            step.technique.score() >= Technique::ForcingChainContradiction.score()
        });
        let mut checked = [0usize; 2];
        for (line, index, board) in boards {
            for search in [
                forcing_chain_contradiction,
                forcing_chain_verity,
                forcing_net_contradiction,
                forcing_net_verity,
            ] {
                let mut all = Found::new(true);
                search(&board, &mut all);
                for step in all.steps.iter().filter(|s| !s.chain.is_empty()) {
                    let what = format!("{line}, step {index}: {}", step.compact());
                    assert!(step.chain.len() > 1, "{what}: a chain of one node");
                    let node = |n: &ChainNode| (n.cells[0], n.digit);
                    let (start, end) = (&step.chain[0], &step.chain[step.chain.len() - 1]);
                    let last_link = step.chain[step.chain.len() - 2].link;
                    let places = !step.placements.is_empty();
                    let target = match (step.placements.first(), step.eliminations.first()) {
                        (Some(p), _) => (p.cell, p.digit),
                        (None, Some(e)) => (e.cell, e.digit),
                        _ => panic!("{what}: no change"),
                    };
                    let contradiction = matches!(
                        step.technique,
                        Technique::ForcingNetContradiction | Technique::ForcingChainContradiction
                    );
                    if contradiction {
                        assert_eq!(node(start), target, "{what}: the chain starts elsewhere");
                        assert_eq!(last_link, Some(LinkKind::Weak), "{what}: the chain's last link");
                    } else {
                        assert_eq!(node(end), target, "{what}: the chain ends elsewhere");
                        assert_eq!(
                            last_link == Some(LinkKind::Strong),
                            places,
                            "{what}: the chain's last link"
                        );
                    }
                    checked[usize::from(!contradiction)] += 1;
                }
            }
        }
        assert!(checked[0] > 50 && checked[1] > 50, "chains checked: {checked:?}");
    }

    /// A forcing step's drawing is its argument, every branch of it: each arrow joins two
    /// candidates of the board that exclude each other (two of one cell, or one digit twice in
    /// one house), starts where the argument does (the assumption, a verity's cases), where
    /// another arrow ends or at a candidate a nested net removed (marked amber, no arrow into
    /// it), every candidate made true (marked as the pattern) is where a solid arrow ends, and a
    /// contradiction's assumption starts one. The forcing steps of every 25th magictour path and
    /// of the first four of forum-hardest-1106 (nested nets), as hints show them.
    #[test]
    fn forcing_steps_draw_their_whole_argument() {
        use crate::engine::grid::{sees, Position};
        let read = |name: &str| {
            std::fs::read_to_string(format!("{}/../shared/datasets/{name}", env!("CARGO_MANIFEST_DIR")))
                .expect("the datasets: put shared/ beside the checkout")
        };
        let (magictour, forum) = (read("magictour-top1465.txt"), read("forum-hardest-1106.txt"));
        let puzzles = magictour.lines().filter(|l| l.len() >= 81).step_by(25);
        let nested_ones = forum.lines().filter(|l| l.len() >= 81 && !l.starts_with('#')).take(4);
        let mut drawn = [0usize; 3];
        for line in puzzles.chain(nested_ones) {
            let givens = Position::from_givens(&crate::engine::format::parse_line(line).unwrap().givens());
            let mut board = Board::from_position(&givens);
            for step in crate::engine::logic::logical_solve(&givens).steps {
                let contradiction = matches!(
                    step.technique,
                    Technique::ForcingNetContradiction | Technique::ForcingChainContradiction
                );
                let verity = matches!(
                    step.technique,
                    Technique::ForcingNetVerity | Technique::ForcingChainVerity
                );
                if contradiction || verity {
                    let what = format!("{line}: {}", step.compact());
                    let links = &step.highlights.links;
                    assert!(!links.is_empty(), "{what}: nothing drawn");
                    let ends: Vec<(Cell, Digit)> = links.iter().map(|l| (l.to.cell, l.to.digit)).collect();
                    let marked = |role: Role| -> Vec<(Cell, Digit)> {
                        step.highlights
                            .candidates
                            .iter()
                            .filter(|m| m.role == role)
                            .map(|m| (m.cell, m.digit))
                            .collect()
                    };
                    let (pattern, nested) = (marked(Role::Pattern), marked(Role::Fin));
                    let assumption = step
                        .eliminations
                        .first()
                        .or(step.placements.first())
                        .map(|t| (t.cell, t.digit))
                        .unwrap();
                    for l in links {
                        let (from, to) = ((l.from.cell, l.from.digit), (l.to.cell, l.to.digit));
                        assert!(
                            board.has(from.0, from.1) && board.has(to.0, to.1),
                            "{what}: {from:?} -> {to:?} off the board"
                        );
                        let exclusive = (from.0 == to.0 && from.1 != to.1) || (from.1 == to.1 && sees(from.0, to.0));
                        // Locked candidates: a place of the digit in a box gone, the rest lie in
                        // a line through it, so a place in that line beyond the box goes too (or
                        // the same with a line's place and a box): one band or stack.
                        let (band, stack) = (|c: Cell| c / 27, |c: Cell| c % 9 / 3);
                        let locked = from.1 == to.1 && (band(from.0) == band(to.0) || stack(from.0) == stack(to.0));
                        assert!(exclusive || locked, "{what}: {from:?} -> {to:?} is no link");
                        let rooted = if contradiction {
                            from == assumption
                        } else {
                            pattern.contains(&from)
                        };
                        assert!(
                            rooted || ends.contains(&from) || nested.contains(&from),
                            "{what}: {from:?} -> {to:?} starts nowhere"
                        );
                        assert!(
                            !nested.contains(&to),
                            "{what}: an arrow into {to:?}, which a nested net removed"
                        );
                    }
                    for &p in pattern.iter().filter(|&&p| p != assumption) {
                        let forced = links.iter().any(|l| l.strong && (l.to.cell, l.to.digit) == p);
                        // A verity's cases are assumed, and so forced by nothing.
                        assert!(forced || verity, "{what}: {p:?} marked true, no arrow makes it so");
                    }
                    if contradiction {
                        assert!(
                            links.iter().any(|l| (l.from.cell, l.from.digit) == assumption),
                            "{what}: the assumption leads nowhere"
                        );
                    }
                    for &n in &nested {
                        assert!(board.has(n.0, n.1), "{what}: {n:?} marked nested, off the board");
                    }
                    drawn[verity as usize] += 1;
                    drawn[2] += !nested.is_empty() as usize;
                }
                board.apply(&step);
            }
        }
        assert!(
            drawn[0] > 50 && drawn[1] > 10 && drawn[2] >= 4,
            "forcing steps drawn (contradictions, verities, nested): {drawn:?}"
        );
    }

    /// A nested net's text names each candidate an inner contradiction removed ("r9c7, r9c8<>3
    /// (each otherwise a contradiction, see below)"), and below tells each of those
    /// contradictions once, in the order it named them ("Inside that branch, r9c7<>3: …"); the
    /// candidates of one digit in a row are named as one, and so are one cell's ("r1c2<>1, 7")
    /// and the digits in a row over the same cells ("r1c6, r9c6<>6, 7").
    /// The nested forcing steps of the first six puzzles of forum-hardest-1106.
    #[test]
    fn a_nested_net_tells_each_inner_contradiction_it_names() {
        use crate::engine::grid::Position;
        let named =
            regex::Regex::new(r"((?:r\dc\d, )*r\dc\d)<>((?:\d, )*\d) \((each )?otherwise a contradiction, see below\)")
                .unwrap();
        let told = regex::Regex::new(r"Inside that branch, (r\dc\d<>\d): if ").unwrap();
        let path = format!(
            "{}/../shared/datasets/forum-hardest-1106.txt",
            env!("CARGO_MANIFEST_DIR")
        );
        let forum = std::fs::read_to_string(path).expect("the datasets: put shared/ beside the checkout");
        let (mut steps, mut inner, mut grouped_by_cell, mut grouped_both) = (0, 0, 0, 0);
        for line in forum.lines().filter(|l| l.len() >= 81 && !l.starts_with('#')).take(6) {
            let givens = Position::from_givens(&crate::engine::format::parse_line(line).unwrap().givens());
            for step in crate::engine::logic::logical_solve(&givens).steps {
                let text = &step.explanation;
                if !text.contains("(nested)") {
                    continue;
                }
                let what = format!("{line}: {}", step.compact());
                let outer = &text[..text.find("\nInside that branch, ").unwrap_or(text.len())];
                let mut names = Vec::new();
                for clause in named.captures_iter(outer) {
                    let cells: Vec<&str> = clause[1].split(", ").collect();
                    let digits: Vec<&str> = clause[2].split(", ").collect();
                    assert_eq!(
                        cells.len() * digits.len() > 1,
                        clause.get(3).is_some(),
                        "{what}: {}",
                        &clause[0]
                    );
                    // Told digit by digit, each digit's cells in turn.
                    names.extend(
                        digits
                            .iter()
                            .flat_map(|d| cells.iter().map(move |cell| format!("{cell}<>{d}"))),
                    );
                    grouped_by_cell += usize::from(cells.len() == 1 && digits.len() > 1);
                    grouped_both += usize::from(cells.len() > 1 && digits.len() > 1);
                }
                let tells: Vec<String> = told.captures_iter(text).map(|t| t[1].to_string()).collect();
                assert!(!names.is_empty(), "{what}: no inner contradiction named");
                assert_eq!(names, tells, "{what}: named, then told");
                let paragraphs = text.matches("\nInside that branch, ").count();
                assert_eq!(
                    paragraphs,
                    tells.len(),
                    "{what}: an inner contradiction not a paragraph of its own"
                );
                let clauses: Vec<_> = named.captures_iter(outer).collect();
                for pair in clauses.windows(2) {
                    let next_to = pair[0].get(0).unwrap().end() + 2 == pair[1].get(0).unwrap().start();
                    assert!(
                        !next_to || pair[0][2] != pair[1][2],
                        "{what}: a digit's row named apart"
                    );
                    assert!(
                        !next_to || pair[0][1] != pair[1][1],
                        "{what}: the digits of the same cells named apart"
                    );
                }
                steps += 1;
                inner += tells.len();
            }
        }
        assert!(
            steps >= 10 && inner >= 100 && grouped_by_cell >= 1 && grouped_both >= 1,
            "nested steps {steps}, inner contradictions {inner}, a cell's digits named together \
             {grouped_by_cell}, digits over the same cells {grouped_both}"
        );
    }

    /// Wherever the plain graph's closure finds nothing, the forcing chains' searches, every
    /// assumption tried and every source of two cases, find nothing (and they do find steps at
    /// many positions where it finds something); it finds nothing at many positions. Positions
    /// along magictour paths.
    #[test]
    fn forcing_chains_find_nothing_where_the_chain_closure_says_so() {
        let (mut ruled_out, mut finding) = (0, 0);
        for (line, index, board) in magictour_positions(20, 2) {
            // Unexplained: a verity's only candidates marked as its pattern are its cases.
            let mut found = Found {
                explain: false,
                ..Found::new(true)
            };
            contradiction_search(&board, false, &mut found);
            let contradictions = found.steps.len();
            verity_from(&board, false, 2, &mut found);
            let two_cases = found
                .steps
                .iter()
                .skip(contradictions)
                .filter(|step| {
                    step.highlights
                        .candidates
                        .iter()
                        .filter(|c| c.role == Role::Pattern)
                        .count()
                        == 2
                })
                .count();
            if crate::engine::logic::chains::plain_chains_find_nothing(&board) {
                assert_eq!(
                    (contradictions, two_cases),
                    (0, 0),
                    "{line} step {index}: forcing chains found what the closure ruled out"
                );
                ruled_out += 1;
            } else if contradictions + two_cases > 0 {
                finding += 1;
            }
        }
        assert!(
            ruled_out > 100 && finding > 100,
            "{ruled_out} ruled out, {finding} finding"
        );
    }

    /// A chain's outcome worked out from those of the candidates it makes true, as the
    /// contradiction search works them out (in its order, each from those before), is the one
    /// followed link by link: the same contradiction, or the same candidates true and false.
    /// Checked for every candidate at positions along magictour paths.
    #[test]
    fn outcomes_taken_in_whole_are_those_followed_link_by_link() {
        let (mut taken, mut conflicts) = (0, 0);
        for (line, index, board) in magictour_positions(60, 3) {
            let links = StrongLinks::new(&board);
            let mut kept: Vec<Option<Outcome>> = vec![None; CELLS * 9];
            let mut cells: Vec<Cell> = board.empty_cells().iter().collect();
            cells.sort_by_key(|&c| board.candidates(c).len());
            for cell in cells {
                for digit in board.candidates(cell).iter() {
                    let c = cand(cell, digit);
                    taken += links.partners(c).filter(|&p| kept[p as usize].is_some()).count();
                    let (whole, plain) = (links.true_outcome(c, &mut kept).clone(), links.outcome(c, true));
                    if same_outcome(&plain, &whole, &format!("{line}, step {index}: {c}")) {
                        conflicts += 1;
                    }
                }
            }
        }
        assert!(
            taken > 10_000 && conflicts > 1000,
            "too few to tell: {taken} taken, {conflicts} conflicts"
        );
    }

    /// A chain's outcome from its links without reasons is its branch's: the same contradiction,
    /// or the same candidates true and false. Checked for every candidate, true and false, at
    /// positions along magictour paths.
    #[test]
    fn chain_outcomes_without_reasons_are_the_branches() {
        let mut conflicts = 0;
        for (line, index, board) in magictour_positions(60, 3) {
            let propagator = Propagator::new(&board, false);
            let links = propagator.links.as_ref().expect("a chain's links");
            for (cell, digit, truth) in literals(&board) {
                let c = cand(cell, digit);
                let (branch, quick) = (Outcome::of(&propagator.run(c, truth)), links.outcome(c, truth));
                if same_outcome(&branch, &quick, &format!("{line}, step {index}: {c} {truth}")) {
                    conflicts += 1;
                }
            }
        }
        assert!(conflicts > 1000, "only {conflicts} contradictions: too few to tell");
    }

    /// Whether a chain from a candidate assumed false leads to a contradiction, told from what
    /// its strong links' other ends force assumed true, is what following it finds: for every
    /// candidate at positions along magictour paths.
    #[test]
    fn false_chains_are_told_from_their_partners() {
        let mut conflicts = [0; 2];
        for (line, index, board) in magictour_positions(60, 3) {
            let propagator = Propagator::new(&board, false);
            let links = propagator.links.as_ref().expect("a chain's links");
            let mut outcomes = vec![None; CELLS * 9];
            for (cell, digit, truth) in literals(&board).filter(|&(_, _, truth)| !truth) {
                let c = cand(cell, digit);
                let told = links.false_leads_to_conflict(c, &mut outcomes);
                assert_eq!(told, links.outcome(c, truth).conflict, "{line}, step {index}: {c}");
                conflicts[told as usize] += 1;
            }
        }
        assert!(
            conflicts[0] > 1000 && conflicts[1] > 1000,
            "too few of each to tell: {conflicts:?}"
        );
    }

    /// The quick trial passes over an assumption only where neither a chain nor a net (without
    /// nesting) finds a contradiction: every contradiction their branches find, it finds too.
    /// Checked for every candidate, true and false, at positions along magictour paths.
    #[test]
    fn the_quick_trial_finds_every_contradiction_the_branches_find() {
        let mut found = [0usize; 2];
        for (line, index, board) in magictour_positions(40, 3) {
            let trial = quick_trial(&board).expect("a position of a valid puzzle propagates");
            for net in [false, true] {
                let propagator = Propagator::new(&board, net);
                for (cell, digit, truth) in literals(&board) {
                    if propagator.run(cand(cell, digit), truth).conflict.is_some() {
                        found[net as usize] += 1;
                        assert!(
                            trial.contradicts(cell, digit, truth),
                            "{line}, step {index}: {} {} {digit} leads a {} to a contradiction, the trial to none",
                            cell_name(cell),
                            if truth { "=" } else { "<>" },
                            if net { "net" } else { "chain" }
                        );
                    }
                }
            }
        }
        assert!(
            found[0] > 1000 && found[1] > 10_000,
            "too few contradictions to tell: {found:?}"
        );
    }

    /// The trials passed over because an earlier assumption led to theirs would each have found
    /// no contradiction: for every candidate, true and false, at positions along magictour
    /// paths, the remembering trials agree with a trial of each on its own.
    #[test]
    fn remembered_trials_agree_with_trials_on_their_own() {
        let mut told = [0usize; 2];
        for (line, index, board) in magictour_positions(40, 3) {
            let trial = quick_trial(&board).expect("a position of a valid puzzle propagates");
            let remembered = trial_contradictions(&board, &trial);
            for (cell, digit, truth) in literals(&board) {
                let alone = trial.contradicts(cell, digit, truth);
                told[alone as usize] += 1;
                assert_eq!(
                    remembered[truth as usize][cand(cell, digit) as usize],
                    alone,
                    "{line}, step {index}: {} {} {digit}",
                    cell_name(cell),
                    if truth { "=" } else { "<>" },
                );
            }
        }
        assert!(told[0] > 10_000 && told[1] > 1000, "too few of each to tell: {told:?}");
    }

    /// The contradiction search, which runs only the branches its trial keeps and gives up on a
    /// support once it is longer than the best so far, finds the net a plain search finds:
    /// every assumption run in the same order, each contradiction's whole support worked out,
    /// the first of the fewest literals kept.
    #[test]
    fn the_net_search_finds_the_first_shortest_net() {
        let mut compared = 0;
        for (line, index, board) in magictour_positions(40, 3) {
            let propagator = Propagator::new(&board, true);
            let mut cells: Vec<Cell> = board.empty_cells().iter().collect();
            cells.sort_by_key(|&c| board.candidates(c).len());
            let mut best: Option<(usize, Cell, Digit, bool)> = None;
            for &cell in &cells {
                for digit in board.candidates(cell).iter() {
                    for assumed in [true, false] {
                        let branch = propagator.run(cand(cell, digit), assumed);
                        if branch.conflict.is_some() {
                            let size = branch.support(&propagator, &branch.conflict_roots(&board)).len();
                            if best.is_none_or(|(shortest, ..)| size < shortest) {
                                best = Some((size, cell, digit, assumed));
                            }
                        }
                    }
                }
            }
            let Some((_, cell, digit, assumed)) = best else {
                continue;
            };
            let step = crate::engine::logic::find_unexplained_step_on(&board, Technique::ForcingNetContradiction)
                .expect("a contradiction the plain search found");
            let taken = if assumed { &step.eliminations } else { &step.placements };
            assert_eq!(
                (taken.len(), taken[0].cell, taken[0].digit),
                (1, cell, digit),
                "{line}, step {index}"
            );
            compared += 1;
        }
        assert!(compared > 200, "too few nets to tell: {compared}");
    }
}

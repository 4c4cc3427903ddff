//! Nice loops, continuous and discontinuous, plain and grouped: found from what the AIC search
//! of the same graph and board worked out ahead ([`LoopsAhead`]), or searched where it did not.

use std::rc::Rc;

use crate::engine::cellset::CellSet;
use crate::engine::grid::cell_name;
use crate::engine::logic::board::{Board, LastBoard};
use crate::engine::logic::explanation::{phrase, Explanation};
use crate::engine::logic::step::{eliminations_notation, CellDigit};
use crate::engine::logic::technique::Technique;
use crate::engine::logic::{Found, Shortest};

use super::graph::{conflicts, full_graph, intersect, to_eliminations, Graph, Reach, MAX_NODES};
use super::{chain_step, useful_starts, MAX_LINKS};

/// What a complete search for alternating chains from every node assumed false (AIC or grouped
/// AIC, finding none) tells the nice loops of the same graph and board: the continuous loops,
/// found as [`continuous_loops_from`] finds them from the same searches; and for each start, the
/// nodes reached true within two links fewer than a loop may take, and whether the start itself
/// was reached true (a discontinuous loop from it assumed false).
///
/// A discontinuous loop from a cell's candidate assumed true reaches, within the links allowed,
/// a true node in conflict with it, and every node in conflict with it and linked strongly
/// somewhere (as a true node reached is) is one it is weakly linked to. The search from it
/// assumed true takes a weak link to such a node assumed false and goes on from there as the
/// search from that node does, one link deeper: so the loop exists if and only if some node it
/// is weakly linked to reaches another within two links fewer than the loop may take.
pub(super) struct LoopsAhead {
    pub(super) grouped: bool,
    pub(super) explains: bool,
    pub(super) continuous: Shortest<Vec<CellDigit>>,
    /// The links a loop may take (`MAX_LINKS` but in tests).
    pub(super) max_links: usize,
    /// Words per node in `true_within`.
    pub(super) words: usize,
    pub(super) true_within: Vec<u64>,
    pub(super) back_true: Vec<bool>,
}

thread_local! {
    static PLAIN_AHEAD: LastBoard<LoopsAhead> = const { LastBoard::new() };
    static GROUPED_AHEAD: LastBoard<LoopsAhead> = const { LastBoard::new() };
}

impl LoopsAhead {
    pub(super) fn new(graph: &Graph, grouped: bool, explains: bool) -> LoopsAhead {
        let n = graph.nodes.len();
        let words = n.div_ceil(64);
        LoopsAhead {
            grouped,
            explains,
            continuous: Shortest::first_only(),
            max_links: MAX_LINKS,
            words,
            true_within: vec![0; n * words],
            back_true: vec![false; n],
        }
    }

    /// Takes in the search from `start` assumed false.
    pub(super) fn record(&mut self, board: &Board, graph: &Graph, start: u16, reach: &Reach) {
        let wanted = if self.grouped {
            Technique::GroupedContinuousNiceLoop
        } else {
            Technique::ContinuousNiceLoop
        };
        continuous_loops_from(board, graph, start, reach, wanted, self.explains, &mut self.continuous);
        let row = start as usize * self.words;
        for &state in reach.order() {
            if state % 2 == 1 {
                let depth = reach.depth[state as usize] as usize;
                let node = (state / 2) as usize;
                if node == start as usize && depth >= 2 {
                    self.back_true[start as usize] = true;
                }
                if depth + 2 <= self.max_links {
                    self.true_within[row + node / 64] |= 1 << (node % 64);
                }
            }
        }
    }

    pub(super) fn keep(self, board: &Board) {
        let slot = if self.grouped { &GROUPED_AHEAD } else { &PLAIN_AHEAD };
        slot.with(|last| last.keep(board, self));
    }

    /// What the last complete search of this graph kept, if it was on this board.
    pub(super) fn kept(board: &Board, grouped: bool) -> Option<Rc<LoopsAhead>> {
        let slot = if grouped { &GROUPED_AHEAD } else { &PLAIN_AHEAD };
        slot.with(|last| last.kept(board))
    }

    /// Whether no discontinuous nice loop starts anywhere (see the type's comment). Nothing
    /// reached true within the links allowed rules out every one at once.
    pub(super) fn rules_out_discontinuous(&self, graph: &Graph) -> bool {
        if self.true_within.iter().all(|&w| w == 0) && !self.back_true.contains(&true) {
            return true;
        }
        let mut scratch = (vec![0u64; self.words], vec![0u64; self.words]);
        (0..graph.nodes.len() as u16).all(|start| self.rules_out_from(graph, start, &mut scratch))
    }

    /// Whether no discontinuous nice loop starts from this node, assumed true or false, within
    /// the links allowed (a group starts none). `scratch`: two rows of `words` words.
    pub(super) fn rules_out_from(&self, graph: &Graph, start: u16, scratch: &mut (Vec<u64>, Vec<u64>)) -> bool {
        if graph.nodes[start as usize].single_cell().is_none() {
            return true;
        }
        if self.back_true[start as usize] {
            return false;
        }
        let (reached, linked) = scratch;
        reached.fill(0);
        linked.fill(0);
        for &w in graph.weak.of(start) {
            let row = w as usize * self.words;
            for (r, t) in reached.iter_mut().zip(&self.true_within[row..row + self.words]) {
                *r |= t;
            }
            linked[w as usize / 64] |= 1 << (w % 64);
        }
        reached.iter().zip(linked.iter()).all(|(r, l)| r & l == 0)
    }
}

/// Nice loops. Discontinuous: a candidate assumed true leads back to itself false (it goes), or
/// assumed false leads back to itself true (it is placed). Continuous: a chain from a node
/// assumed false to a node weakly linked to it closes a loop in which every weak link holds
/// exactly one true end, so whatever conflicts with both ends of a weak link goes.
pub(super) fn nice_loops(board: &Board, wanted: Technique, found: &mut Found) {
    let grouped = matches!(
        wanted,
        Technique::GroupedContinuousNiceLoop | Technique::GroupedDiscontinuousNiceLoop
    );
    let continuous = matches!(
        wanted,
        Technique::ContinuousNiceLoop | Technique::GroupedContinuousNiceLoop
    );
    // No chain or loop of the graph finds anything: neither does the search.
    if !found.is_collecting_all() && useful_starts(board, grouped).is_none() {
        return;
    }
    let graph = full_graph(board, grouped);
    // Asked right after AIC of the same graph found nothing on this board: what it kept.
    if !found.is_collecting_all() {
        let explains = found.explains();
        let kept = LoopsAhead::kept(board, grouped).and_then(|ahead| {
            if continuous {
                (ahead.explains == explains).then(|| ahead.continuous.clone())
            } else {
                ahead.rules_out_discontinuous(&graph).then(Shortest::first_only)
            }
        });
        if let Some(loops) = kept {
            loops.finish(found);
            return;
        }
    }
    let mut collector = Shortest::new(found);
    let mut reach = Reach::new(&graph);
    for start in 0..graph.nodes.len() as u16 {
        if graph.strong.of(start).is_empty() && continuous {
            continue;
        }
        let node = graph.nodes[start as usize];
        let limit = collector.limit(MAX_LINKS);
        if limit < 3 {
            break;
        }
        if continuous {
            graph.search(start, false, limit, &mut reach);
            continuous_loops_from(board, &graph, start, &reach, wanted, found.explains(), &mut collector);
        } else {
            let Some(cell) = node.single_cell() else { continue };
            for start_true in [true, false] {
                graph.search(start, start_true, limit, &mut reach);
                let back = discontinuous_back(board, &graph, start, start_true, &reach);
                let Some(back) = back else { continue };
                let mut path = Graph::path(&reach.parent, back);
                if start_true {
                    path.push(start as u32 * 2);
                }
                let links = path.len() - 1;
                if links > collector.limit(MAX_LINKS) || has_group(&graph, &path) != grouped {
                    continue;
                }
                // Assumed false and found true: the cell holds the digit, so its other
                // candidates go (as HoDoKu writes it; a naked single places it next).
                let target: Vec<CellDigit> = if start_true {
                    vec![CellDigit {
                        cell,
                        digit: node.digit,
                    }]
                } else {
                    board
                        .candidates(cell)
                        .iter()
                        .filter(|&d| d != node.digit)
                        .map(|digit| CellDigit { cell, digit })
                        .collect()
                };
                if target.is_empty() {
                    continue;
                }
                collector.offer(links, target.clone(), || {
                    chain_step(wanted, &graph, &path, &target, found.explains(), |chain| {
                        let (template, result) = if start_true {
                            (
                                phrase("{technique}: {chain} => {result}. Assuming {digit} in {cell} is true leads back to the opposite, so it cannot be."),
                                format!("{} <> {}", cell_name(cell), node.digit),
                            )
                        } else {
                            (
                                phrase("{technique}: {chain} => {result}. Assuming {digit} in {cell} is false leads back to the opposite, so it cannot be."),
                                format!("{} = {}", cell_name(cell), node.digit),
                            )
                        };
                        Explanation::new(template)
                            .technique("technique", wanted)
                            .notation("chain", chain)
                            .notation("result", result)
                            .digit("digit", node.digit)
                            .cell("cell", cell)
                    })
                });
            }
        }
    }
    collector.finish(found);
}

/// Where the search from `start` (a cell's candidate) assumed true or false first comes back to
/// it, the other way round: assumed true, a true node in conflict with it (so it is false);
/// assumed false, the start itself true.
pub(super) fn discontinuous_back(
    board: &Board,
    graph: &Graph,
    start: u16,
    start_true: bool,
    reach: &Reach,
) -> Option<u32> {
    let node = &graph.nodes[start as usize];
    let start_conflicts = conflicts(board, node);
    reach.order().iter().copied().find(|&s| {
        let n = &graph.nodes[(s / 2) as usize];
        s % 2 == 1
            && reach.depth[s as usize] >= 2
            && if start_true {
                start_conflicts[n.digit as usize].contains(n.cells.first().unwrap_or(0)) && n.single_cell().is_some()
                    || (n.digit == node.digit && (n.cells - node.seen_by).is_empty() && n.is_group())
            } else {
                s / 2 == start as u32
            }
    })
}

/// Whether a path of states takes a group.
pub(super) fn has_group(graph: &Graph, path: &[u32]) -> bool {
    path.iter().any(|&s| graph.nodes[(s / 2) as usize].is_group())
}

/// The continuous nice loops (of `wanted`, grouped or not) that the search from `start` assumed
/// false closes: a true node reached that is weakly linked back to the start.
pub(super) fn continuous_loops_from(
    board: &Board,
    graph: &Graph,
    start: u16,
    reach: &Reach,
    wanted: Technique,
    explains: bool,
    collector: &mut Shortest<Vec<CellDigit>>,
) {
    let grouped = wanted == Technique::GroupedContinuousNiceLoop;
    let (parent, order, depth) = (&reach.parent, reach.order(), &reach.depth);
    // The nodes weakly linked to the start (and so, nodes with strong links both, it to them).
    let mut back = [0u64; MAX_NODES.div_ceil(64)];
    for &w in graph.weak.of(start) {
        back[w as usize / 64] |= 1 << (w % 64);
    }
    for &state in order {
        let end = (state / 2) as u16;
        let links = depth[state as usize] as usize + 1;
        if state % 2 == 0 || end == start || links < 4 || links > collector.limit(MAX_LINKS) {
            continue;
        }
        if back[end as usize / 64] >> (end % 64) & 1 == 0 {
            continue;
        }
        let mut path = Graph::path(parent, state);
        let mut seen: Vec<u32> = path.iter().map(|s| s / 2).collect();
        // No node repeats (rotations of one loop share their eliminations).
        seen.sort_unstable();
        seen.dedup();
        if seen.len() != path.len() || has_group(graph, &path) != grouped {
            continue;
        }
        path.push(start as u32 * 2);
        let mut targets = [CellSet::EMPTY; 10];
        for pair in path.windows(2) {
            if pair[1] % 2 == 0 {
                let (a, b) = (
                    &graph.nodes[(pair[0] / 2) as usize],
                    &graph.nodes[(pair[1] / 2) as usize],
                );
                let both = intersect(&conflicts(board, a), &conflicts(board, b));
                for d in 1..=9 {
                    targets[d] |= both[d];
                }
            }
        }
        // Nodes of the loop itself stay (a weak link inside a group's house, for one).
        for &s in &path {
            let n = &graph.nodes[(s / 2) as usize];
            targets[n.digit as usize] = targets[n.digit as usize] - n.cells;
        }
        let eliminations = to_eliminations(&targets);
        if eliminations.is_empty() {
            continue;
        }
        collector.offer(links, eliminations.clone(), || {
            chain_step(wanted, graph, &path, &eliminations, explains, |chain| {
                Explanation::new(phrase(
                    "{technique}: {chain} => {eliminations}. The loop alternates strong and weak links all the way round, so each weak link has exactly one true end, and what conflicts with both ends goes.",
                ))
                .technique("technique", wanted)
                .notation("chain", chain)
                .notation("eliminations", eliminations_notation(&eliminations))
            })
        });
    }
}

pub fn continuous_nice_loop(board: &Board, found: &mut Found) {
    nice_loops(board, Technique::ContinuousNiceLoop, found);
}

pub fn discontinuous_nice_loop(board: &Board, found: &mut Found) {
    nice_loops(board, Technique::DiscontinuousNiceLoop, found);
}

pub fn grouped_continuous_nice_loop(board: &Board, found: &mut Found) {
    nice_loops(board, Technique::GroupedContinuousNiceLoop, found);
}

pub fn grouped_discontinuous_nice_loop(board: &Board, found: &mut Found) {
    nice_loops(board, Technique::GroupedDiscontinuousNiceLoop, found);
}

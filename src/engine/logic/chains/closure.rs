//! Whether any chain of a graph, however long, could remove or place anything, and from which
//! starts: AIC and grouped AIC ask before their searches, which are bounded in length but would
//! otherwise look from every start (and nearly always find nothing where this finds nothing to
//! look for).
//!
//! Every step of AIC and of the nice loops (plain or grouped) rests on a candidate `x` in conflict
//! with two nodes `s` and `e` (not necessarily different) such that `s` false forces `e` true
//! over the graph's links: AIC's target sees both ends; a continuous loop's target sees both ends
//! of one of its weak links, and going round the loop from the far end assumed false reaches the
//! near end true; a discontinuous loop's start, assumed true, first goes false at a node it is
//! weakly linked to and comes back true at one in conflict with it; assumed false and coming
//! back true, it takes out its cell's other digits, each in conflict with it twice over. Every
//! such `s` and `e` has a strong link (a chain enters or leaves it by one), so both are among the
//! nodes `x` is weakly linked to. If no candidate has two such nodes, one forcing the other
//! true at any length, no chain or loop of the graph finds anything; and only such an `s` starts
//! an AIC that removes something.
//!
//! "Forces at any length" is reachability over (node, truth) states, worked out for all at once
//! ([`PartReach`]), as bits over the nodes that come true.

use super::super::reach::{PartReach, StateGraph};
use super::graph::{two_part_splits, Graph};
use crate::engine::cellset::CellSet;
use crate::engine::grid::{houses_of, Candidates, CELLS};
use crate::engine::logic::Board;

/// The nodes from which a chain of `graph` (assumed false there), of any length, may start that
/// removes something, as bits; `None` when no chain or loop of the graph removes or places
/// anything (see the module's comment). A chain's start and end are among the nodes its target
/// is weakly linked to, the start forcing the end true: so only such a node starts one.
pub(super) fn useful_starts(graph: &Graph) -> Option<Vec<u64>> {
    let reach = TrueReach::of(graph);
    let words = reach.0.words;
    let mut starts = vec![0u64; words];
    let mut any = false;
    let mut mine = vec![0u64; words];
    for x in 0..graph.nodes.len() as u16 {
        let node = &graph.nodes[x as usize];
        if node.is_group() {
            continue;
        }
        let linked = graph.weak.of(x);
        if linked.is_empty() {
            continue;
        }
        mine.fill(0);
        for &s in linked {
            mine[s as usize / 64] |= 1 << (s % 64);
        }
        // The nodes x is weakly linked to that, assumed false, force another of them true.
        for &s in linked {
            if reach.forced_by_false(s).iter().zip(&mine).any(|(f, m)| f & m != 0) {
                starts[s as usize / 64] |= 1 << (s % 64);
                any = true;
            }
        }
    }
    any.then_some(starts)
}

/// The cells that have lost each digit since a board whose candidates were `then`, and those
/// that have lost any; `None` when some cell has a candidate it lacked then.
pub(super) fn lost_since(board: &Board, then: &[Candidates; CELLS]) -> Option<([CellSet; 10], CellSet)> {
    let mut lost = [CellSet::EMPTY; 10];
    let mut lost_any = CellSet::EMPTY;
    for (cell, then) in then.iter().enumerate() {
        let now = board.candidates(cell).mask();
        if now & !then.mask() != 0 {
            return None;
        }
        let gone = then.mask() & !now;
        if gone != 0 {
            lost_any.insert(cell);
            for d in Candidates::from_mask(gone).iter() {
                lost[d as usize].insert(cell);
            }
        }
    }
    Some((lost, lost_any))
}

/// Whether the board's full graph (plain or `grouped`) has no strong link that the full graph of
/// an earlier board lacked, given the cells that have lost each digit since ([`lost_since`]).
/// If that graph had no useful start, neither has this one: a chain now over links that graph
/// had was a chain then, and a candidate now in conflict with both its ends was a candidate in
/// conflict with both then, so its start was a useful one then. (Weak links that graph lacked
/// lead to nodes newly linked strongly, and a chain goes on from such a node, or ends there,
/// over a strong link that graph lacked.)
///
/// A strong link the graph lacked is a bivalue cell that had more candidates, or the parts of a
/// house's places for a digit, one of which has lost it: so it is looked for only there.
pub(super) fn no_new_strong_links(board: &Board, (lost, lost_any): &([CellSet; 10], CellSet), grouped: bool) -> bool {
    if !(*lost_any & board.bivalue_cells()).is_empty() {
        return false;
    }
    for (digit, cells) in lost.iter().enumerate().skip(1) {
        for cell in cells.iter() {
            for house in houses_of(cell) {
                let places = board.cells_in(house, digit as u8);
                if places.len() >= 2 && two_part_splits(house, places, grouped).1 > 0 {
                    return false;
                }
            }
        }
    }
    true
}

/// [`useful_starts`] of the board's full graph (plain or grouped), the same starts, found from
/// the strong links that the graph of an earlier board without useful starts lacked, given the
/// cells that have lost each digit since ([`lost_since`]): every useful chain now goes over one
/// (see [`no_new_strong_links`]; the links looked at are those of cells that have lost a
/// candidate, and of two parts of a house where a cell has lost their digit). `None` when such
/// links are more than `most` (the whole closure costs less then).
///
/// A chain from `s` assumed false to `e` true over such a link `u = v` goes from `s` false to `u`
/// false (which is `u` true forcing `s` true, read backwards: the links read the same both ways),
/// then to `v` true and on to `e` true, or the same with `u` and `v` swapped. So the useful starts
/// are the nodes `u` true forces true (itself among them) in conflict with a candidate that is in
/// conflict with a node `v` true forces true too, and the same with `u` and `v` swapped.
pub(super) fn useful_starts_since_none(
    graph: &Graph,
    board: &Board,
    (lost, lost_any): &([CellSet; 10], CellSet),
    most: usize,
) -> Option<Option<Vec<u64>>> {
    let mut links: Vec<(u16, u16)> = Vec::new();
    for a in 0..graph.nodes.len() as u16 {
        let na = &graph.nodes[a as usize];
        for &b in graph.strong.of(a).iter().filter(|&&b| b > a) {
            let nb = &graph.nodes[b as usize];
            let new = if na.digit != nb.digit {
                !(*lost_any & na.cells).is_empty()
            } else {
                !(lost[na.digit as usize] & na.seen_by & nb.seen_by).is_empty()
            };
            if new {
                if links.len() == most {
                    return None;
                }
                links.push((a, b));
            }
        }
    }
    let n = graph.nodes.len();
    let words = n.div_ceil(64).max(1);
    let mut starts = vec![0u64; words];
    let mut any = false;
    let mut forced: Vec<(u16, ForcedTrue)> = Vec::new();
    let mut seen = vec![false; n * 2];
    let mut queue: Vec<u32> = Vec::new();
    for (u, v) in links {
        for node in [u, v] {
            if !forced.iter().any(|(f, _)| *f == node) {
                forced.push((node, ForcedTrue::from(graph, node, &mut seen, &mut queue)));
            }
        }
        let of = |node: u16| &forced.iter().find(|(f, _)| *f == node).expect("worked out").1;
        let (tu, tv) = (of(u), of(v));
        // The candidates in conflict with a node of each.
        let mut both = [CellSet::EMPTY; 10];
        let mut none = true;
        for d in 1..=9 {
            both[d] = board.cells_with(d as u8) & tu.in_conflict(d) & tv.in_conflict(d);
            none &= both[d].is_empty();
        }
        if none {
            continue;
        }
        for t in [tu, tv] {
            for &s in &t.nodes {
                let node = &graph.nodes[s as usize];
                let d = node.digit as usize;
                let mut conflicts = !(node.seen_by & both[d]).is_empty();
                if let Some(cell) = node.single_cell() {
                    conflicts |= (1..=9).any(|e| e != d && both[e].contains(cell));
                }
                if conflicts {
                    starts[s as usize / 64] |= 1 << (s % 64);
                    any = true;
                }
            }
        }
    }
    Some(any.then_some(starts))
}

/// The nodes a node assumed true forces true, itself among them, and the candidates in conflict
/// with one of them: by digit, the cells seeing all of one's cells, and the cells of each.
struct ForcedTrue {
    nodes: Vec<u16>,
    seeing: [CellSet; 10],
    cells: [CellSet; 10],
}

impl ForcedTrue {
    fn from(graph: &Graph, start: u16, seen: &mut [bool], queue: &mut Vec<u32>) -> ForcedTrue {
        seen.fill(false);
        queue.clear();
        let first = start as u32 * 2 + 1;
        seen[first as usize] = true;
        queue.push(first);
        let mut next = 0;
        while next < queue.len() {
            let state = queue[next];
            next += 1;
            graph.each_next(state, |to| {
                if !seen[to as usize] {
                    seen[to as usize] = true;
                    queue.push(to);
                }
            });
        }
        let mut forced = ForcedTrue {
            nodes: Vec::new(),
            seeing: [CellSet::EMPTY; 10],
            cells: [CellSet::EMPTY; 10],
        };
        for &state in queue.iter().filter(|&&s| s % 2 == 1) {
            let node = (state / 2) as u16;
            let n = &graph.nodes[node as usize];
            forced.nodes.push(node);
            forced.seeing[n.digit as usize] |= n.seen_by;
            if n.single_cell().is_some() {
                forced.cells[n.digit as usize] |= n.cells;
            }
        }
        forced
    }

    /// The cells whose candidate `digit` is in conflict with one of the nodes.
    fn in_conflict(&self, digit: usize) -> CellSet {
        let mut other = CellSet::EMPTY;
        for d in (1..=9).filter(|&d| d != digit) {
            other |= self.cells[d];
        }
        self.seeing[digit] | other
    }
}

/// The graph of (node, truth) states, as [`PartReach`] walks it.
impl StateGraph for Graph {
    fn states(&self) -> usize {
        self.nodes.len() * 2
    }

    fn next(&self, state: u32, i: u32) -> Option<u32> {
        let (to, truth) = self.links_from(state);
        to.get(i as usize).map(|&w| w as u32 * 2 + truth)
    }

    fn each_next(&self, state: u32, mut visit: impl FnMut(u32)) {
        let (to, truth) = self.links_from(state);
        for &w in to {
            visit(w as u32 * 2 + truth);
        }
    }
}

/// For every node assumed false, the nodes it forces true (over any number of links).
struct TrueReach(PartReach);

impl TrueReach {
    fn of(graph: &Graph) -> TrueReach {
        let words = graph.nodes.len().div_ceil(64).max(1);
        // A node without strong links is never reached (weak links lead only to nodes with one),
        // and its own true state, which leads somewhere, is taken by the caller from what it
        // leads to: only the states of linked nodes are worked out.
        let roots = (0..graph.states() as u32).filter(|&s| !graph.strong.of((s / 2) as u16).is_empty());
        TrueReach(PartReach::of(graph, words, roots, |s, bits| {
            if s % 2 == 1 {
                bits[(s / 2) as usize / 64] |= 1 << ((s / 2) % 64);
            }
        }))
    }

    /// The nodes `node` (one with a strong link) assumed false forces true, as bits.
    fn forced_by_false(&self, node: u16) -> &[u64] {
        self.0.of_state(node as u32 * 2)
    }
}

#[cfg(test)]
mod tests {
    use super::super::graph::{full_graph, Graph, Shape};
    use super::super::loops::nice_loops;
    use super::super::{chains_in, plain_starts_of};
    use super::*;
    use crate::engine::logic::step::CellDigit;
    use crate::engine::logic::{magictour_positions, Found, Shortest, Technique};

    /// The nodes a plain search from `start` assumed false reaches true.
    fn reached_true_by_search(graph: &Graph, start: u16) -> Vec<bool> {
        let mut seen = vec![false; graph.nodes.len() * 2];
        let mut todo = vec![start as usize * 2];
        seen[start as usize * 2] = true;
        let mut out = vec![false; graph.nodes.len()];
        while let Some(state) = todo.pop() {
            let (to, truth) = graph.links_from(state as u32);
            for &w in to {
                let next = w as usize * 2 + truth as usize;
                if truth == 1 {
                    out[w as usize] = true;
                }
                if !seen[next] {
                    seen[next] = true;
                    todo.push(next);
                }
            }
        }
        out
    }

    #[test]
    fn what_each_part_reaches_is_what_a_search_reaches() {
        let mut compared = 0;
        for (_, _, board) in crate::engine::logic::magictour_positions(40, 5) {
            for grouped in [false, true] {
                let graph = full_graph(&board, grouped);
                let reach = TrueReach::of(&graph);
                for start in (0..graph.nodes.len() as u16).filter(|&s| !graph.strong.of(s).is_empty()) {
                    let bits = reach.forced_by_false(start);
                    let expected = reached_true_by_search(&graph, start);
                    for (node, &wanted) in expected.iter().enumerate() {
                        assert_eq!(
                            bits[node / 64] >> (node % 64) & 1 == 1,
                            wanted,
                            "start {start}, node {node}"
                        );
                    }
                    compared += 1;
                }
            }
        }
        assert!(compared > 10_000, "{compared} starts compared");
    }

    /// The claim itself: wherever the test says nothing can be found, AIC and the nice loops of
    /// the graph (every chain and loop, at their full length) find nothing (nor, for the plain
    /// graph, do X-Chains and XY-Chains), and it does say so at many positions; elsewhere AIC
    /// from the starts it gives finds every chain (the shortest for each set of eliminations)
    /// that AIC from every start finds. Plain and grouped graphs at positions along magictour
    /// paths.
    #[test]
    fn chains_start_only_where_the_closure_says_they_may() {
        let (mut quiet, mut finding, mut narrowed) = (0, 0, 0);
        for (line, index, board) in magictour_positions(20, 2) {
            for grouped in [false, true] {
                let graph = full_graph(&board, grouped);
                let starts = useful_starts(&graph);
                let (chain, loops) = if grouped {
                    (
                        Technique::GroupedAic,
                        [
                            Technique::GroupedContinuousNiceLoop,
                            Technique::GroupedDiscontinuousNiceLoop,
                        ],
                    )
                } else {
                    (
                        Technique::Aic,
                        [Technique::ContinuousNiceLoop, Technique::DiscontinuousNiceLoop],
                    )
                };
                let every_chain = |starts: Option<&[u64]>| {
                    let mut chains = Shortest::first_only();
                    chains.all = true;
                    chains_in(&board, &graph, chain, false, &mut chains, None, starts);
                    chains
                        .best
                        .iter()
                        .map(|(length, key, _)| (*length, key.clone()))
                        .collect::<Vec<_>>()
                };
                let chains = every_chain(None);
                let mut found = Found::new(true);
                for wanted in loops {
                    nice_loops(&board, wanted, &mut found);
                }
                if !grouped {
                    // X-Chains and XY-Chains, whose nodes and links are among the plain graph's,
                    // from every start and from the closure's (which they search from).
                    let x_and_xy_chains = |restricted: bool| {
                        let mut chains = Shortest::first_only();
                        chains.all = true;
                        let shapes = (1..=9).map(Shape::SingleDigit).chain([Shape::Bivalue]);
                        for shape in shapes {
                            let graph = Graph::build(&board, shape);
                            let wanted = if shape == Shape::Bivalue {
                                Technique::XyChain
                            } else {
                                Technique::XChain
                            };
                            let starts = match (restricted, &starts) {
                                (false, _) => None,
                                (true, Some(plain)) => match plain_starts_of(&board, &graph, plain) {
                                    Some(starts) => Some(starts),
                                    None => continue,
                                },
                                (true, None) => continue,
                            };
                            chains_in(&board, &graph, wanted, false, &mut chains, None, starts.as_deref());
                        }
                        chains
                    };
                    let chains = x_and_xy_chains(false);
                    let from_starts = x_and_xy_chains(true);
                    let key = |c: &Shortest<Vec<CellDigit>>| {
                        c.best.iter().map(|(l, k, _)| (*l, k.clone())).collect::<Vec<_>>()
                    };
                    assert_eq!(
                        key(&from_starts),
                        key(&chains),
                        "{line} step {index}: X- and XY-Chains from the closure's starts"
                    );
                    chains.finish(&mut found);
                }
                let context = format!("{line} step {index} grouped {grouped}");
                match &starts {
                    None => {
                        assert!(
                            chains.is_empty() && found.steps.is_empty(),
                            "{context}: a chain or loop where none was said to be"
                        );
                        quiet += 1;
                    }
                    Some(starts) => {
                        assert_eq!(every_chain(Some(starts)), chains, "{context}");
                        finding += !chains.is_empty() as usize;
                        let linked = (0..graph.nodes.len() as u16)
                            .filter(|&s| !graph.strong.of(s).is_empty())
                            .count();
                        narrowed += (starts.iter().map(|w| w.count_ones() as usize).sum::<usize>() < linked) as usize;
                    }
                }
            }
        }
        assert!(
            finding > 100 && quiet > 100 && narrowed > 100,
            "{finding} with chains, {quiet} ruled out, {narrowed} narrowed"
        );
    }

    /// The shortcuts `useful_starts` takes after a board without useful starts: along magictour's
    /// paths, wherever [`no_new_strong_links`] says a board's graph has no strong link that the
    /// graph of the last board of the same path with no useful start lacked, the closure finds no
    /// start on it either (it says so at many boards, and says not at many whose closure finds
    /// starts); elsewhere [`useful_starts_since_none`] finds the closure's very starts, or none
    /// where it finds none.
    #[test]
    fn a_graph_without_new_strong_links_stays_without_starts() {
        let (mut kept_barren, mut new_links_found, mut compared) = (0, 0, 0);
        let mut last_barren: [Option<(String, [Candidates; CELLS])>; 2] = [None, None];
        for (line, index, board) in magictour_positions(10, 1) {
            for grouped in [false, true] {
                let graph = full_graph(&board, grouped);
                let starts = useful_starts(&graph);
                let barren = starts.is_none();
                if let Some((then_line, then)) = &last_barren[grouped as usize] {
                    if *then_line == line {
                        let context = format!("{line} step {index} grouped {grouped}");
                        let lost = lost_since(&board, then).expect("a later board of the same path");
                        if no_new_strong_links(&board, &lost, grouped) {
                            assert!(barren, "{context}: starts after all");
                            kept_barren += 1;
                        } else if !barren {
                            new_links_found += 1;
                        }
                        let since = useful_starts_since_none(&graph, &board, &lost, usize::MAX);
                        assert_eq!(since.as_ref(), Some(&starts), "{context}");
                        compared += !barren as usize;
                    }
                }
                if barren {
                    last_barren[grouped as usize] = Some((line.clone(), *board.all_candidates()));
                }
            }
        }
        assert!(
            kept_barren > 2_000 && new_links_found > 5_000 && compared > 5_000,
            "{kept_barren} kept without starts, {new_links_found} with new links and starts, {compared} compared"
        );
    }
}

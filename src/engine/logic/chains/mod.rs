//! Chains of alternating strong and weak links: X-Chain (one digit), XY-Chain (bivalue cells),
//! AIC and grouped AIC, and nice loops (continuous and discontinuous, plain and grouped).
//!
//! A node is a digit in one cell, or (grouped chains) in a group of two or three cells where a
//! box meets a row or column, true when one of them holds it. A strong link joins two nodes of
//! which at least one is true (the only two places of a digit in a house, the only two digits of
//! a cell); a weak link two nodes of which at most one is true. Starting from a node assumed
//! false and alternating strong and weak links, every node reached over a strong link is true:
//! so the start or that end is true, and a candidate that sees both cannot be.

//!
//! The graph and its search are in `graph`, the nice loops in `loops`, and `closure` tells when
//! no chain of a graph can remove anything; the chain searches are here.

mod closure;
mod graph;
mod loops;

use std::cell::RefCell;
use std::rc::Rc;

use super::board::{Board, LastBoard};
use super::explanation::{phrase, Explanation};
use super::step::{chain_notation, eliminations_notation, CellDigit, Step};
use super::technique::Technique;
use super::{Found, Shortest};
use crate::engine::grid::{Candidates, CELLS};

use graph::{conflicts, conflicts_meet, full_graph, intersect, to_eliminations, Graph, Node, Reach, Shape};
use loops::LoopsAhead;
pub use loops::{
    continuous_nice_loop, discontinuous_nice_loop, grouped_continuous_nice_loop, grouped_discontinuous_nice_loop,
};

/// The longest chain searched, in links (a cell's own strong and weak links counted): longer ones
/// are hard to follow and rarely needed. Every chain and loop on HoDoKu's paths over 310 hard
/// puzzles is found within 24 (four need more than 20; HoDoKu's notation leaves a cell's own
/// links out, so it writes them with 13 to 16).
const MAX_LINKS: usize = 24;

/// How a chain is named by its links.
fn shape_of(graph: &Graph, path: &[u32]) -> Technique {
    let nodes: Vec<&Node> = path.iter().map(|&s| &graph.nodes[(s / 2) as usize]).collect();
    if nodes.iter().any(|n| n.is_group()) {
        return Technique::GroupedAic;
    }
    if nodes.iter().all(|n| n.digit == nodes[0].digit) {
        return Technique::XChain;
    }
    // XY-Chain: strong links inside cells, weak links between cells on one digit.
    let xy = path.windows(2).all(|pair| {
        let (a, b) = (
            &graph.nodes[(pair[0] / 2) as usize],
            &graph.nodes[(pair[1] / 2) as usize],
        );
        let strong = pair[1] % 2 == 1;
        if strong {
            a.cells == b.cells
        } else {
            a.cells != b.cells && a.digit == b.digit
        }
    });
    if xy && nodes[0].digit == nodes[nodes.len() - 1].digit {
        Technique::XyChain
    } else {
        Technique::Aic
    }
}

/// A chain's explanation but for the chain and what it removes: the ends named, since one of
/// them is true. An X-Chain's and an XY-Chain's ends are cells holding one digit, which the
/// targets see; an AIC's may be groups or other digits, which the targets conflict with.
fn chain_explanation(technique: Technique, first: &Node, last: &Node) -> Explanation {
    let ends = first
        .single_cell()
        .zip(last.single_cell())
        .filter(|_| first.digit == last.digit);
    match ends {
        Some((a, b)) if matches!(technique, Technique::XChain | Technique::XyChain) => Explanation::new(phrase(
            "{technique}: {chain} => {eliminations}. If the first node is false, the last is true; so {first} or {last} is {digit}, and what sees both cannot be {digit}.",
        ))
        .cell("first", a)
        .cell("last", b)
        .digit("digit", first.digit),
        _ => Explanation::new(phrase(
            "{technique}: {chain} => {eliminations}. If the first node is false, the last is true; so {first} or {last} is true, and what conflicts with both goes.",
        ))
        .notation("first", first.to_chain_node(None).notation())
        .notation("last", last.to_chain_node(None).notation()),
    }
    .technique("technique", technique)
}

/// The chains of `wanted` from every start (with `starts`, from those of its bits only); with
/// `ahead`, also what the nice loops will want to know from the same searches
/// ([`LoopsAhead::record`]).
fn chains_in(
    board: &Board,
    graph: &Graph,
    wanted: Technique,
    explains: bool,
    collector: &mut Shortest<Vec<CellDigit>>,
    mut ahead: Option<&mut LoopsAhead>,
    starts: Option<&[u64]>,
) {
    let mut reach = Reach::new(graph);
    for start in 0..graph.nodes.len() as u16 {
        if graph.strong.of(start).is_empty()
            || starts.is_some_and(|bits| bits[start as usize / 64] >> (start % 64) & 1 == 0)
        {
            continue;
        }
        let limit = collector.limit(MAX_LINKS);
        if limit < 3 {
            break;
        }
        graph.search(start, false, limit, &mut reach);
        // (What the loops want is kept only when no chain is found.)
        if let Some(ahead) = ahead
            .as_deref_mut()
            .filter(|_| collector.is_empty() || collector.is_collecting_all())
        {
            ahead.record(board, graph, start, &reach);
        }
        let (parent, order, depth) = (&reach.parent, reach.order(), &reach.depth);
        let start_conflicts = conflicts(board, &graph.nodes[start as usize]);
        for &state in order {
            let end = (state / 2) as u16;
            if state % 2 == 0 || end <= start || (depth[state as usize] as usize) < 3 {
                continue;
            }
            let (a, b) = (&graph.nodes[start as usize], &graph.nodes[end as usize]);
            if a.single_cell().is_some() && a.cells == b.cells {
                continue; // both ends in one cell: a nice loop
            }
            if wanted == Technique::XyChain && a.digit != b.digit {
                continue;
            }
            if !conflicts_meet(board, a, b) {
                continue;
            }
            let targets = intersect(&start_conflicts, &conflicts(board, b));
            let eliminations = to_eliminations(&targets);
            if eliminations.is_empty() {
                continue;
            }
            let links = depth[state as usize] as usize;
            if links > collector.limit(MAX_LINKS) {
                continue;
            }
            let path = Graph::path(parent, state);
            if shape_of(graph, &path) != wanted {
                continue;
            }
            collector.offer(links, eliminations.clone(), || {
                chain_step(wanted, graph, &path, &eliminations, explains, |chain| {
                    chain_explanation(wanted, a, b)
                        .notation("chain", chain)
                        .notation("eliminations", eliminations_notation(&eliminations))
                })
            });
        }
    }
}

/// A chain step: the chain drawn, its eliminations, and the explanation `explain` writes from the
/// chain written out (when explanations are wanted).
fn chain_step(
    wanted: Technique,
    graph: &Graph,
    path: &[u32],
    eliminations: &[CellDigit],
    explains: bool,
    explain: impl FnOnce(String) -> Explanation,
) -> Step {
    let chain = graph.chain(path);
    let mut step = Step::new(wanted);
    step.set_chain(chain.clone());
    for e in eliminations {
        step.eliminate(e.cell, e.digit);
    }
    step.explain_with(explains, || explain(chain_notation(&chain)));
    step
}

/// X-Chains, digit by digit. A digit's chains and what they remove depend on its candidates
/// alone, so a digit whose cells are as they were when it last had none is passed over. The
/// chains start only where chains of the plain graph may ([`plain_starts_of`]).
pub fn x_chain(board: &Board, found: &mut Found) {
    let mut collector = Shortest::new(found);
    let mut plain = None;
    super::each_changed_digit(Technique::XChain, board, |digit| {
        let plain = plain.get_or_insert_with(|| useful_starts(board, false));
        let Some(plain) = plain.as_deref() else {
            return false;
        };
        let graph = Graph::build(board, Shape::SingleDigit(digit));
        let Some(starts) = plain_starts_of(board, &graph, plain) else {
            return false;
        };
        let mut own = Shortest::new(found);
        chains_in(
            board,
            &graph,
            Technique::XChain,
            found.explains(),
            &mut own,
            None,
            Some(&starts),
        );
        let any = !own.is_empty();
        collector.absorb(own);
        any
    });
    collector.finish(found);
}

/// XY-Chains. The chains depend on the bivalue cells alone (what they remove only shrinks):
/// when no cell that changed since the search last found nothing is bivalue now, every
/// bivalue cell was so then with the same digits, every chain was there then, and the search
/// is not run. The chains start only where chains of the plain graph may ([`plain_starts_of`]).
pub fn xy_chain(board: &Board, found: &mut Found) {
    found.on_changed(Technique::XyChain, board, |changed, found| {
        if (changed & board.bivalue_cells()).is_empty() {
            return;
        }
        let plain = useful_starts(board, false);
        let Some(plain) = plain.as_deref() else {
            return;
        };
        let graph = Graph::build(board, Shape::Bivalue);
        let Some(starts) = plain_starts_of(board, &graph, plain) else {
            return;
        };
        let mut collector = Shortest::new(found);
        chains_in(
            board,
            &graph,
            Technique::XyChain,
            found.explains(),
            &mut collector,
            None,
            Some(&starts),
        );
        collector.finish(found);
    });
}

/// The useful starts of the board's plain graph (`plain`, [`useful_starts`]) among the nodes of
/// a graph of single cells whose nodes and links are among the plain graph's (X-Chain's digit,
/// XY-Chain's bivalue cells), as bits over that graph's nodes; `None` when it has none. A chain
/// of that graph that removes something is a chain of the plain graph that does, so it starts
/// at one of those (and so does its reverse, from its other end): the other starts find nothing.
fn plain_starts_of(board: &Board, graph: &Graph, plain: &[u64]) -> Option<Vec<u64>> {
    // Where each digit's nodes begin in the plain graph: digit by digit, each digit's cells in order.
    let mut first = [0u32; 10];
    for digit in 1..9 {
        first[digit + 1] = first[digit] + board.cells_with(digit as u8).len();
    }
    let mut starts = vec![0u64; graph.nodes.len().div_ceil(64).max(1)];
    let mut any = false;
    for (i, node) in graph.nodes.iter().enumerate() {
        let cell = node.single_cell().expect("a graph of single cells");
        let at = (first[node.digit as usize] + board.cells_with(node.digit).count_below(cell)) as usize;
        if plain[at / 64] >> (at % 64) & 1 == 1 {
            starts[i / 64] |= 1 << (i % 64);
            any = true;
        }
    }
    any.then_some(starts)
}

pub fn aic(board: &Board, found: &mut Found) {
    chains_and_loops_ahead(board, false, found);
}

pub fn grouped_aic(board: &Board, found: &mut Found) {
    chains_and_loops_ahead(board, true, found);
}

/// AIC or grouped AIC over the full graph, from the starts its closure allows (none at all, most
/// often, when it finds nothing: then the nice loops find nothing either, and ask the closure
/// too). The nice loops of the same graph come next on the same board when it finds nothing
/// (they score just above), and their searches from a node assumed false are the very searches
/// it makes from every start: so what they want is kept for that board, from searches of every
/// start.
fn chains_and_loops_ahead(board: &Board, grouped: bool, found: &mut Found) {
    let starts = useful_starts(board, grouped);
    let Some(starts) = starts.as_deref() else {
        // No chain or loop of any length finds anything: neither does the search.
        return;
    };
    let graph = full_graph(board, grouped);
    let wanted = if grouped { Technique::GroupedAic } else { Technique::Aic };
    let mut collector = Shortest::new(found);
    let loops_wanted = !found.is_collecting_all();
    // Other starts find no chain that removes anything, so this finds what every start would.
    chains_in(
        board,
        &graph,
        wanted,
        found.explains(),
        &mut collector,
        None,
        Some(starts),
    );
    // Finding nothing (rarely, as the closure says there may be something), search every start
    // to full depth for what the loops want to know (and find nothing again).
    if loops_wanted && collector.is_empty() {
        let mut ahead = LoopsAhead::new(&graph, grouped, found.explains());
        chains_in(
            board,
            &graph,
            wanted,
            found.explains(),
            &mut collector,
            Some(&mut ahead),
            None,
        );
        ahead.keep(board);
    }
    collector.finish(found);
}

/// The starts the closure of the board's full graph allows ([`closure::useful_starts`]; `None`
/// when no chain or loop of the graph finds anything), kept for the last board (per thread):
/// AIC asks, the nice loops and the forcing chains ask again on a board where AIC found nothing.
///
/// `None` again, without the graph, where the board's candidates are among those of the last
/// board where it was `None` (per thread) and its graph has no strong link that board's lacked
/// ([`closure::no_new_strong_links`]): as after a forcing step, which most often takes one
/// candidate out of a cell that keeps three or more, where the digit keeps three places or more.
/// Where it has a few such links, the starts are found from those alone
/// ([`closure::useful_starts_since_none`]).
fn useful_starts(board: &Board, grouped: bool) -> Rc<Option<Vec<u64>>> {
    const MOST_NEW_LINKS: usize = 10;
    thread_local! {
        static PLAIN: LastBoard<Option<Vec<u64>>> = const { LastBoard::new() };
        static GROUPED: LastBoard<Option<Vec<u64>>> = const { LastBoard::new() };
        static BARREN: RefCell<[Option<[Candidates; CELLS]>; 2]> = const { RefCell::new([None, None]) };
    }
    let find = |board: &Board| {
        let lost = BARREN.with(|barren| {
            barren.borrow()[grouped as usize]
                .as_ref()
                .and_then(|then| closure::lost_since(board, then))
        });
        let starts = match lost {
            Some(lost) if closure::no_new_strong_links(board, &lost, grouped) => None,
            Some(lost) => {
                let graph = full_graph(board, grouped);
                closure::useful_starts_since_none(&graph, board, &lost, MOST_NEW_LINKS)
                    .unwrap_or_else(|| closure::useful_starts(&graph))
            }
            None => closure::useful_starts(&full_graph(board, grouped)),
        };
        if starts.is_none() {
            BARREN.with(|barren| barren.borrow_mut()[grouped as usize] = Some(*board.all_candidates()));
        }
        starts
    };
    if grouped {
        GROUPED.with(|last| last.get_or(board, find))
    } else {
        PLAIN.with(|last| last.get_or(board, find))
    }
}

/// Whether no chain of the plain graph, however long, finds anything ([`closure`]): so neither
/// do AIC and the nice loops, nor X-Chains and XY-Chains (their links and nodes are among the
/// plain graph's, and their targets are in conflict with both ends), nor the forcing chains (no
/// candidate, assumed true or false, leads over single links to itself the other way round, so
/// no contradiction, and no bivalue cell or house with two places forces anything). The cheaper
/// searches before AIC ask first, so it is worked out on most boards once, for all of them.
///
/// Why the forcing chains: their links (a true candidate takes out those in conflict with it, a
/// false one makes the other end of its strong links true) are the plain graph's (its weak links
/// lead only to nodes with a strong link, but a chain can go on from no other), and they read
/// the same either way round: a false `b` follows from a true `a` exactly when a false `a`
/// follows from a true `b`, and a true `b` from a false `a` exactly when a true `a` from a false
/// `b`. So a candidate `c` that forces some `y` both true and false forces `y` true, which forces
/// `c` the other way round. A source of two cases `a` and `b` (strongly linked) both forcing `y`
/// false gives `y` true forcing `a` false, `b` true and so `y` false; both forcing `y` true, the
/// same from `y` false. Either way a candidate `x` (`c` or `y`, or with `c` or `y` false a
/// candidate in conflict with it, the far end of its first link) is in conflict with two linked
/// nodes, one forcing the other true: the closure's test.
pub(crate) fn plain_chains_find_nothing(board: &Board) -> bool {
    useful_starts(board, false).is_none()
}

#[cfg(test)]
mod tests {
    use super::loops::{discontinuous_back, nice_loops};
    use super::*;
    use crate::engine::cellset::CellSet;
    use crate::engine::grid::Digit;
    use crate::engine::logic::magictour_positions;

    /// What searches from every start kept, within `max_links` (as AIC's keep within
    /// `MAX_LINKS` when it finds nothing), whatever they find.
    fn kept_from_every_start(board: &Board, graph: &Graph, grouped: bool, max_links: usize) -> LoopsAhead {
        let mut ahead = LoopsAhead::new(graph, grouped, true);
        ahead.max_links = max_links;
        if max_links == MAX_LINKS {
            let mut every = Shortest::first_only();
            every.all = true; // its limit stays at full depth
            chains_in(board, graph, Technique::Aic, false, &mut every, Some(&mut ahead), None);
        } else {
            let mut reach = Reach::new(graph);
            for start in (0..graph.nodes.len() as u16).filter(|&s| !graph.strong.of(s).is_empty()) {
                graph.search(start, false, max_links, &mut reach);
                ahead.record(board, graph, start, &reach);
            }
        }
        ahead
    }

    /// Weak links go both ways between nodes with strong links (the only nodes a chain reaches
    /// or starts from): for every node of plain and grouped graphs at positions along magictour
    /// paths.
    #[test]
    fn weak_links_between_linked_nodes_go_both_ways() {
        let mut links = 0;
        for (line, index, board) in magictour_positions(60, 8) {
            for grouped in [false, true] {
                let graph = full_graph(&board, grouped);
                let linked = |n: u16| !graph.strong.of(n).is_empty();
                for a in (0..graph.nodes.len() as u16).filter(|&a| linked(a)) {
                    for &b in graph.weak.of(a) {
                        assert!(
                            linked(b),
                            "{line}, step {index}: a weak link to a node without strong links"
                        );
                        assert!(
                            graph.weak.of(b).contains(&a),
                            "{line}, step {index}: node {a} is weakly linked to {b}, not {b} to {a}"
                        );
                        links += 1;
                    }
                }
            }
        }
        assert!(links > 100_000, "only {links} weak links: too few to tell");
    }

    /// Each node's weak links are, in order, the nodes with strong links that it excludes by
    /// definition, found by looking at every other node: the single cells of its digit that
    /// see all its cells, then the groups of its digit apart from it that it sees entirely,
    /// then (a single cell) the other digits of its cell; in the plain, bivalue and one-digit
    /// graphs at positions along magictour paths.
    #[test]
    fn weak_links_are_those_of_the_definition() {
        let mut links = 0;
        for (line, index, board) in magictour_positions(60, 8) {
            let shapes = [
                Shape::Full { grouped: false },
                Shape::Full { grouped: true },
                Shape::Bivalue,
                Shape::SingleDigit(1 + (index % 9) as Digit),
            ];
            for shape in shapes {
                let graph = Graph::build(&board, shape);
                let linked = |n: usize| !graph.strong.of(n as u16).is_empty();
                for (i, node) in graph.nodes.iter().enumerate() {
                    let mut expected: Vec<u16> = Vec::new();
                    let singles = graph.nodes.iter().enumerate().filter(|(j, other)| {
                        *j != i
                            && !other.is_group()
                            && other.digit == node.digit
                            && (other.cells - node.seen_by).is_empty()
                    });
                    let groups = graph.nodes.iter().enumerate().filter(|(j, other)| {
                        *j != i
                            && other.is_group()
                            && other.digit == node.digit
                            && (other.cells & node.cells).is_empty()
                            && (other.cells - node.seen_by).is_empty()
                    });
                    let same_cell = graph.nodes.iter().enumerate().filter(|(_, other)| {
                        matches!(shape, Shape::Full { .. })
                            && !node.is_group()
                            && other.cells == node.cells
                            && other.digit != node.digit
                    });
                    for (j, _) in singles.chain(groups).chain(same_cell) {
                        if linked(j) {
                            expected.push(j as u16);
                        }
                    }
                    assert_eq!(
                        graph.weak.of(i as u16),
                        &expected[..],
                        "{line}, step {index}, {shape:?}: node {i}"
                    );
                    links += expected.len();
                }
            }
        }
        assert!(links > 100_000, "only {links} weak links: too few to tell");
    }

    /// Two nodes' conflicts meet exactly when their lists, intersected, hold a candidate: for
    /// every pair of nodes of the grouped graph at positions along magictour paths.
    #[test]
    fn conflicts_meet_where_their_lists_share_a_candidate() {
        let (mut pairs, mut meeting) = (0, 0);
        for (line, index, board) in magictour_positions(60, 8) {
            let graph = full_graph(&board, true);
            let lists: Vec<[CellSet; 10]> = graph.nodes.iter().map(|n| conflicts(&board, n)).collect();
            for (i, a) in graph.nodes.iter().enumerate() {
                for (j, b) in graph.nodes.iter().enumerate() {
                    let share = intersect(&lists[i], &lists[j]).iter().any(|t| !t.is_empty());
                    assert_eq!(
                        conflicts_meet(&board, a, b),
                        share,
                        "{line}, step {index}: nodes {i} and {j}"
                    );
                    pairs += 1;
                    meeting += share as usize;
                }
            }
        }
        assert!(
            meeting > 10_000 && pairs - meeting > 10_000,
            "too few pairs to tell: {meeting} of {pairs} meet"
        );
    }

    /// The nice loops found from what the AIC searches keep are those a search of their own
    /// finds: the same continuous loops, and a discontinuous loop from a node (assumed true or
    /// false) exactly where the kept reach does not rule one out, within the links allowed (the
    /// search's and a few shorter limits, so that the limit matters often). Checked for every
    /// node, plain and grouped, at positions along magictour paths.
    #[test]
    fn loops_worked_out_ahead_are_the_loops_searched_for() {
        let (mut continuous, mut discontinuous, mut at_limit) = (0, 0, 0);
        for (line, index, board) in magictour_positions(25, 3) {
            for grouped in [false, true] {
                let graph = full_graph(&board, grouped);
                let wanted = if grouped {
                    Technique::GroupedContinuousNiceLoop
                } else {
                    Technique::ContinuousNiceLoop
                };
                let mut kept = Found::new(false);
                kept_from_every_start(&board, &graph, grouped, MAX_LINKS)
                    .continuous
                    .finish(&mut kept);
                // A fresh thread has nothing kept.
                let searched = std::thread::scope(|scope| {
                    scope
                        .spawn(|| {
                            let mut searched = Found::new(false);
                            nice_loops(&board, wanted, &mut searched);
                            searched.steps
                        })
                        .join()
                        .expect("the search ends")
                });
                assert!(
                    kept.steps == searched,
                    "{line}, step {index}: continuous loops differ (grouped {grouped})"
                );
                continuous += searched.len();
                let mut reach = Reach::new(&graph);
                for max_links in [4, 5, 6, 8, MAX_LINKS] {
                    let ahead = kept_from_every_start(&board, &graph, grouped, max_links);
                    for start in 0..graph.nodes.len() as u16 {
                        let mut links = None;
                        if graph.nodes[start as usize].single_cell().is_some() {
                            for start_true in [true, false] {
                                graph.search(start, start_true, max_links, &mut reach);
                                if let Some(back) = discontinuous_back(&board, &graph, start, start_true, &reach) {
                                    let n = reach.depth[back as usize] as usize + start_true as usize;
                                    links = Some(links.map_or(n, |l: usize| l.min(n)));
                                }
                            }
                        }
                        let comes_back = links.is_some_and(|n| n <= max_links);
                        assert_eq!(
                            ahead.rules_out_from(&graph, start, &mut (vec![0; ahead.words], vec![0; ahead.words])),
                            !comes_back,
                            "{line}, step {index}: node {start} (grouped {grouped}, {max_links} links)"
                        );
                        discontinuous += comes_back as usize;
                        at_limit += (links == Some(max_links)) as usize;
                    }
                }
            }
        }
        assert!(
            continuous > 1000 && discontinuous > 10_000 && at_limit > 1000,
            "too few loops to tell: {continuous} continuous, {discontinuous} discontinuous, {at_limit} at the limit"
        );
    }
}

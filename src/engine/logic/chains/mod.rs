//! Chains of alternating strong and weak links: X-Chain (one digit), XY-Chain (bivalue cells),
//! AIC and grouped AIC, and nice loops (continuous and discontinuous, plain and grouped).
//!
//! A node is a digit in one cell, or (grouped chains) in a group of two or three cells where a
//! box meets a row or column, true when one of them holds it. A strong link joins two nodes of
//! which at least one is true (the only two places of a digit in a house, the only two digits of
//! a cell); a weak link two nodes of which at most one is true. Starting from a node assumed
//! false and alternating strong and weak links, every node reached over a strong link is true:
//! so the start or that end is true, and a candidate that sees both cannot be.

mod closure;

use std::cell::RefCell;
use std::rc::Rc;

use super::board::{Board, LastBoard};
use super::explanation::{phrase, Explanation};
use super::step::{chain_notation, eliminations_notation, CellDigit, ChainNode, LinkKind, Step};
use super::technique::Technique;
use super::{Found, Shortest};
use crate::engine::cellset::CellSet;
use crate::engine::grid::{box_of, cell_name, col_of, houses_of, row_of, Candidates, Cell, Digit, CELLS};

/// The longest chain searched, in links: longer ones are hard to follow and rarely needed.
const MAX_LINKS: usize = 20;

/// Which links a chain may use.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(crate) enum Shape {
    /// One digit, cells only: X-Chain.
    SingleDigit(Digit),
    /// Bivalue cells: strong links inside a cell, weak links between cells on one digit.
    Bivalue,
    /// Every candidate, and with `grouped` the groups of a box and a line too.
    Full { grouped: bool },
}

#[derive(Clone, Copy, Debug)]
pub(crate) struct Node {
    pub digit: Digit,
    pub cells: CellSet,
    /// The cells that see every cell of the node.
    pub seen_by: CellSet,
}

impl Node {
    pub fn is_group(&self) -> bool {
        self.cells.len() > 1
    }

    fn single_cell(&self) -> Option<Cell> {
        (self.cells.len() == 1).then(|| self.cells.first()).flatten()
    }

    pub fn to_chain_node(self, link: Option<LinkKind>) -> ChainNode {
        ChainNode {
            cells: self.cells.iter().collect(),
            digit: self.digit,
            link,
        }
    }
}

/// The candidates that cannot be true together with a node: the node's digit in every cell that
/// sees all its cells, and (a single cell) the cell's other digits. Indexed by digit.
pub(crate) fn conflicts(board: &Board, node: &Node) -> [CellSet; 10] {
    let mut out = [CellSet::EMPTY; 10];
    out[node.digit as usize] = board.cells_with(node.digit) & node.seen_by;
    if let Some(cell) = node.single_cell() {
        for digit in board.candidates(cell).iter() {
            if digit != node.digit {
                out[digit as usize].insert(cell);
            }
        }
    }
    out
}

/// Whether some candidate is in conflict with both nodes (their [`conflicts`] meet), without
/// listing either's: the digit both have where cells see both; one's digit in the other's cell
/// (a single cell) where the one sees it; or a third digit of the one cell both are in.
fn conflicts_meet(board: &Board, a: &Node, b: &Node) -> bool {
    if a.digit == b.digit {
        if !(board.cells_with(a.digit) & a.seen_by & b.seen_by).is_empty() {
            return true;
        }
    } else {
        let sees_digit_of = |x: &Node, y: &Node| {
            y.single_cell()
                .is_some_and(|cell| board.has(cell, x.digit) && x.seen_by.contains(cell))
        };
        if sees_digit_of(a, b) || sees_digit_of(b, a) {
            return true;
        }
    }
    match (a.single_cell(), b.single_cell()) {
        (Some(x), Some(y)) if x == y => board.candidates(x).iter().any(|d| d != a.digit && d != b.digit),
        _ => false,
    }
}

fn intersect(a: &[CellSet; 10], b: &[CellSet; 10]) -> [CellSet; 10] {
    let mut out = [CellSet::EMPTY; 10];
    for d in 1..=9 {
        out[d] = a[d] & b[d];
    }
    out
}

fn to_eliminations(set: &[CellSet; 10]) -> Vec<CellDigit> {
    let mut out = Vec::new();
    for digit in 1..=9u8 {
        for cell in set[digit as usize].iter() {
            out.push(CellDigit { cell, digit });
        }
    }
    out.sort_by_key(|e| (e.cell, e.digit));
    out
}

/// The full graph of the board, grouped or not. AIC and the nice loops ask in turn on the same
/// board, so the graph of the last board is kept (per thread).
fn full_graph(board: &Board, grouped: bool) -> Rc<Graph> {
    thread_local! {
        static PLAIN: LastBoard<Graph> = const { LastBoard::new() };
        static GROUPED: LastBoard<Graph> = const { LastBoard::new() };
    }
    let build = |board: &Board| Graph::build(board, Shape::Full { grouped });
    if grouped {
        GROUPED.with(|last| last.get_or(board, build))
    } else {
        PLAIN.with(|last| last.get_or(board, build))
    }
}

/// What a breadth-first search from one start reaches (see [`Graph::search`]), kept from one start
/// to the next so its tables are allocated once per graph.
struct Reach {
    parent: Vec<u32>,
    /// The reached states in order: the first `reached` of a list as long as there are states.
    queue: Vec<u32>,
    reached: usize,
    depth: Vec<u8>,
}

impl Reach {
    fn new(graph: &Graph) -> Reach {
        let states = graph.nodes.len() * 2;
        Reach {
            parent: vec![u32::MAX; states],
            queue: vec![0; states],
            reached: 0,
            depth: vec![0; states],
        }
    }

    /// The states reached, in the order they were.
    fn order(&self) -> &[u32] {
        &self.queue[..self.reached]
    }
}

/// The graph of nodes and links a chain search walks.
pub(crate) struct Graph {
    pub nodes: Vec<Node>,
    strong: Links,
    weak: Links,
}

/// Each node's links (the nodes they lead to), all in one list: node `i`'s are
/// `to[span[i].0..span[i].1]`, in the order they were found.
struct Links {
    span: Vec<(u32, u32)>,
    to: Vec<u16>,
}

impl Links {
    /// Links listed node by node: each node's with [`Links::push`], then [`Links::end_node`].
    fn node_by_node(nodes: usize) -> Links {
        Links {
            span: Vec::with_capacity(nodes),
            to: Vec::with_capacity(nodes * 16),
        }
    }

    /// A link of the node being listed.
    fn push(&mut self, to: u16) {
        self.to.push(to);
    }

    /// Ends the node being listed (its links are those pushed since the last one ended).
    fn end_node(&mut self) {
        let from = self.span.last().map_or(0, |&(_, end)| end);
        self.span.push((from, self.to.len() as u32));
    }

    fn of(&self, node: u16) -> &[u16] {
        let (from, to) = self.span[node as usize];
        &self.to[from as usize..to as usize]
    }

    /// Links found pairwise, in both directions, each pair once (the first time it is found).
    fn pairs(nodes: usize, pairs: &[(u16, u16)]) -> Links {
        let mut span = vec![(0u32, 0u32); nodes];
        for &(a, b) in pairs {
            span[a as usize].1 += 1;
            span[b as usize].1 += 1;
        }
        let mut next = 0;
        for s in &mut span {
            let count = s.1;
            *s = (next, next);
            next += count;
        }
        let mut to = vec![0u16; next as usize];
        for &(a, b) in pairs {
            let (from, end) = span[a as usize];
            if to[from as usize..end as usize].contains(&b) {
                continue;
            }
            to[end as usize] = b;
            span[a as usize].1 += 1;
            let end = span[b as usize].1;
            to[end as usize] = a;
            span[b as usize].1 += 1;
        }
        Links { span, to }
    }
}

impl Graph {
    pub fn build(board: &Board, shape: Shape) -> Graph {
        let mut nodes = Vec::new();
        let mut single = [u16::MAX; 810];
        let mut groups = [u16::MAX; 10 * GROUP_SLOTS];
        let digits: Vec<Digit> = match shape {
            Shape::SingleDigit(d) => vec![d],
            _ => (1..=9).collect(),
        };
        for &digit in &digits {
            for cell in board.cells_with(digit).iter() {
                if shape == Shape::Bivalue && board.candidates(cell).len() != 2 {
                    continue;
                }
                single[cell * 9 + digit as usize] = nodes.len() as u16;
                nodes.push(Node {
                    digit,
                    cells: CellSet::single(cell),
                    seen_by: CellSet::peers(cell),
                });
            }
        }
        let grouped = shape == Shape::Full { grouped: true };
        if grouped {
            for &digit in &digits {
                for b in 0..9 {
                    let in_box = board.cells_in(18 + b, digit);
                    for line in (b / 3 * 3..b / 3 * 3 + 3).chain(9 + b % 3 * 3..9 + b % 3 * 3 + 3) {
                        let cells = in_box & CellSet::house(line);
                        if cells.len() >= 2 {
                            groups[group_slot(digit, cells)] = nodes.len() as u16;
                            nodes.push(Node {
                                digit,
                                cells,
                                seen_by: cells.common_peers(),
                            });
                        }
                    }
                }
            }
        }
        let node_for = |digit: Digit, cells: CellSet| -> Option<u16> {
            match cells.len() {
                1 => cells
                    .first()
                    .map(|c| single[c * 9 + digit as usize])
                    .filter(|&i| i != u16::MAX),
                _ => Some(groups[group_slot(digit, cells)]).filter(|&i| i != u16::MAX),
            }
        };
        let mut pairs: Vec<(u16, u16)> = Vec::with_capacity(nodes.len() * 2);
        let mut add_strong = |a: u16, b: u16| {
            if a != b {
                pairs.push((a, b));
            }
        };
        if shape != Shape::Bivalue {
            for &digit in &digits {
                for house in 0..27 {
                    let cells = board.cells_in(house, digit);
                    if cells.len() < 2 {
                        continue;
                    }
                    let (splits, count) = two_part_splits(house, cells, grouped);
                    for &[a, b] in &splits[..count] {
                        if let (Some(a), Some(b)) = (node_for(digit, a), node_for(digit, b)) {
                            add_strong(a, b);
                        }
                    }
                }
            }
        }
        if !matches!(shape, Shape::SingleDigit(_)) {
            for cell in board.bivalue_cells().iter() {
                let mut pair = board.candidates(cell).iter();
                if let (Some(x), Some(y)) = (pair.next(), pair.next()) {
                    if let (Some(a), Some(b)) = (node_for(x, CellSet::single(cell)), node_for(y, CellSet::single(cell)))
                    {
                        add_strong(a, b);
                    }
                }
            }
        }
        let strong = Links::pairs(nodes.len(), &pairs);
        // Weak links lead only to nodes that continue over a strong link: to the single cells
        // of the digit that see all the node's cells (in cell order, as they are numbered), then
        // to its groups that do.
        let mut weak = Links::node_by_node(nodes.len());
        // The cells of each digit whose single node has a strong link, and the groups that do.
        // (Groups as bits of their slots, by digit and by the houses they lie in: a group sees
        // all of a node only if they share a house, and slots run in the order groups are
        // numbered.)
        let mut linked_cells = [CellSet::EMPTY; 10];
        let mut linked_groups = [[0u64; 27]; 10];
        for (i, node) in nodes.iter().enumerate() {
            if !strong.of(i as u16).is_empty() {
                let digit = node.digit as usize;
                match node.single_cell() {
                    Some(cell) => linked_cells[digit].insert(cell),
                    None => {
                        let slot = group_slot(node.digit, node.cells) % GROUP_SLOTS;
                        for house in group_houses(node.cells) {
                            linked_groups[digit][house] |= 1 << slot;
                        }
                    }
                }
            }
        }
        for (i, node) in nodes.iter().enumerate() {
            let digit = node.digit as usize;
            for cell in (node.seen_by & linked_cells[digit]).iter() {
                weak.push(single[cell * 9 + digit]);
            }
            let mut slots = match node.single_cell() {
                Some(cell) => houses_of(cell).iter().fold(0, |m, &h| m | linked_groups[digit][h]),
                None if grouped => group_houses(node.cells)
                    .iter()
                    .fold(0, |m, &h| m | linked_groups[digit][h]),
                None => 0,
            };
            while slots != 0 {
                let slot = slots.trailing_zeros() as usize;
                slots &= slots - 1;
                let j = groups[digit * GROUP_SLOTS + slot];
                let other = &nodes[j as usize];
                if j as usize != i && (other.cells & node.cells).is_empty() && (other.cells - node.seen_by).is_empty() {
                    weak.push(j);
                }
            }
            if matches!(shape, Shape::Full { .. }) {
                if let Some(cell) = node.single_cell() {
                    for digit in board.candidates(cell).iter() {
                        if digit != node.digit && linked_cells[digit as usize].contains(cell) {
                            weak.push(single[cell * 9 + digit as usize]);
                        }
                    }
                }
            }
            weak.end_node();
        }
        Graph { nodes, strong, weak }
    }

    /// Breadth-first search over (node, truth) states from `start`, alternating links: a false
    /// node continues over strong links, a true one over weak links. Fills `reach` with the parent
    /// of each reached state (`u32::MAX` unreached, the start its own parent), the reached states
    /// in order, and their depths. State `2 * node + 1` is the node true. Every true state within
    /// `max_links` is reached; false ones only within `max_links - 1` (nothing ends on them).
    fn search(&self, start: u16, start_true: bool, max_links: usize, reach: &mut Reach) {
        let Reach {
            parent,
            queue,
            reached: count,
            depth,
        } = reach;
        for &state in &queue[..*count] {
            parent[state as usize] = u32::MAX;
        }
        let (parent, depth, queue) = (&mut parent[..], &mut depth[..], &mut queue[..]);
        let first = start as u32 * 2 + start_true as u32;
        parent[first as usize] = first;
        depth[first as usize] = 0;
        queue[0] = first;
        let (mut next, mut reached) = (0, 1);
        while next < reached {
            let state = queue[next];
            next += 1;
            let links = depth[state as usize];
            let is_true = state % 2 == 1;
            // A true node's weak links lead to false nodes, where no chain or loop ends: not
            // worth taking for the last link.
            if links as usize + (is_true as usize) >= max_links {
                continue;
            }
            let (targets, truth) = self.links_from(state);
            for &t in targets {
                let to = t as u32 * 2 + truth;
                if parent[to as usize] == u32::MAX {
                    parent[to as usize] = state;
                    depth[to as usize] = links + 1;
                    queue[reached] = to;
                    reached += 1;
                }
            }
        }
        *count = reached;
    }

    /// Where a (node, truth) state's links lead (state `2 * node + 1` is the node true): a true
    /// node's weak links to nodes then false, a false node's strong links to nodes then true.
    /// The nodes, and the truth they take (1 for true).
    fn links_from(&self, state: u32) -> (&[u16], u32) {
        let node = (state / 2) as u16;
        if state % 2 == 1 {
            (self.weak.of(node), 0)
        } else {
            (self.strong.of(node), 1)
        }
    }

    /// The states from the start to `end`, in order.
    fn path(parent: &[u32], end: u32) -> Vec<u32> {
        let mut path = vec![end];
        let mut state = end;
        while parent[state as usize] != state {
            state = parent[state as usize];
            path.push(state);
        }
        path.reverse();
        path
    }

    /// The chain of a path of states, each node with the link to the next.
    fn chain(&self, path: &[u32]) -> Vec<ChainNode> {
        path.iter()
            .enumerate()
            .map(|(i, &state)| {
                let link = path.get(i + 1).map(|&next| {
                    if next % 2 == 1 {
                        LinkKind::Strong
                    } else {
                        LinkKind::Weak
                    }
                });
                self.nodes[(state / 2) as usize].to_chain_node(link)
            })
            .collect()
    }
}

/// The ways to split a house's candidates for a digit into two nodes: two cells, or (grouped)
/// two parts, each a cell or a group of a box and a line.
fn two_part_splits(house: usize, cells: CellSet, grouped: bool) -> ([[CellSet; 2]; 2], usize) {
    let mut out = [[CellSet::EMPTY; 2]; 2];
    if cells.len() == 2 {
        let mut it = cells.iter();
        if let (Some(a), Some(b)) = (it.next(), it.next()) {
            out[0] = [CellSet::single(a), CellSet::single(b)];
            return (out, 1);
        }
    }
    if !grouped {
        return (out, 0);
    }
    let mut count = 0;
    // The parts the cells fall into among three houses; a split if there are two.
    let mut split_by = |parts: [usize; 3]| {
        let mut two = [CellSet::EMPTY; 2];
        let mut found = 0;
        for part in parts.map(|h| cells & CellSet::house(h)) {
            if !part.is_empty() {
                if found == 2 {
                    return;
                }
                two[found] = part;
                found += 1;
            }
        }
        if found == 2 {
            out[count] = two;
            count += 1;
        }
    };
    if house < 9 {
        let band = house / 3 * 3;
        split_by([18 + band, 19 + band, 20 + band]);
    } else if house < 18 {
        let stack = (house - 9) / 3;
        split_by([18 + stack, 21 + stack, 24 + stack]);
    } else {
        let b = house - 18;
        let (row, col) = (b / 3 * 3, b % 3 * 3);
        split_by([row, row + 1, row + 2]);
        split_by([9 + col, 10 + col, 11 + col]);
    }
    (out, count)
}

/// Group nodes per digit: a box and one of its three rows or three columns.
const GROUP_SLOTS: usize = 9 * 6;

/// The most nodes a graph has: every candidate, and every group of each digit.
const MAX_NODES: usize = 81 * 9 + 9 * GROUP_SLOTS;

/// The box and the line (a row or column house) of a group of two or three cells.
fn group_houses(cells: CellSet) -> [usize; 2] {
    let mut it = cells.iter();
    let (a, b) = (it.next().unwrap_or(0), it.next().unwrap_or(0));
    let line = if row_of(a) == row_of(b) {
        row_of(a)
    } else {
        9 + col_of(a)
    };
    [18 + box_of(a), line]
}

/// Where a group of two or three cells (of one box and one line) is kept among a digit's: by
/// box, then its three rows, then its three columns.
fn group_slot(digit: Digit, cells: CellSet) -> usize {
    let [box_house, line] = group_houses(cells);
    let in_box = if line < 9 { line % 3 } else { 3 + (line - 9) % 3 };
    digit as usize * GROUP_SLOTS + (box_house - 18) * 6 + in_box
}

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

fn describe(technique: Technique) -> &'static str {
    match technique {
        Technique::XChain => phrase("the chain's ends hold the digit between them"),
        Technique::XyChain => phrase("one of the chain's end cells holds the digit"),
        _ => phrase("one of the chain's ends is true"),
    }
}

/// Chains from a node assumed false to a node that must then be true: candidates in conflict
/// with both ends go.
fn alternating_chains(board: &Board, graph: &Graph, wanted: Technique, found: &mut Found) {
    let mut collector = Shortest::new(found);
    chains_in(board, graph, wanted, found.explains(), &mut collector, None, None);
    collector.finish(found);
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
                    Explanation::new(phrase(
                        "{technique}: {chain} => {eliminations}. If the first node is false the last is true, so {ends}, and what sees both goes.",
                    ))
                    .technique("technique", wanted)
                    .notation("chain", chain)
                    .notation("eliminations", eliminations_notation(&eliminations))
                    .word("ends", describe(wanted))
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
/// alone, so a digit whose cells are as they were when it last had none is passed over.
pub fn x_chain(board: &Board, found: &mut Found) {
    let mut collector = Shortest::new(found);
    let mut find_nothing = None;
    super::each_changed_digit(Technique::XChain, board, |digit| {
        if *find_nothing.get_or_insert_with(|| plain_chains_find_nothing(board)) {
            return false;
        }
        let graph = Graph::build(board, Shape::SingleDigit(digit));
        let mut own = Shortest::new(found);
        chains_in(board, &graph, Technique::XChain, found.explains(), &mut own, None, None);
        let any = !own.is_empty();
        collector.absorb(own);
        any
    });
    collector.finish(found);
}

/// XY-Chains. The chains depend on the bivalue cells alone (what they remove only shrinks):
/// when no cell that changed since the search last found nothing is bivalue now, every
/// bivalue cell was so then with the same digits, every chain was there then, and the search
/// is not run.
pub fn xy_chain(board: &Board, found: &mut Found) {
    found.on_changed(Technique::XyChain, board, |changed, found| {
        if (changed & board.bivalue_cells()).is_empty() || plain_chains_find_nothing(board) {
            return;
        }
        let graph = Graph::build(board, Shape::Bivalue);
        alternating_chains(board, &graph, Technique::XyChain, found);
    });
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
struct LoopsAhead {
    grouped: bool,
    explains: bool,
    continuous: Shortest<Vec<CellDigit>>,
    /// The links a loop may take (`MAX_LINKS` but in tests).
    max_links: usize,
    /// Words per node in `true_within`.
    words: usize,
    true_within: Vec<u64>,
    back_true: Vec<bool>,
}

thread_local! {
    static PLAIN_AHEAD: LastBoard<LoopsAhead> = const { LastBoard::new() };
    static GROUPED_AHEAD: LastBoard<LoopsAhead> = const { LastBoard::new() };
}

impl LoopsAhead {
    fn new(graph: &Graph, grouped: bool, explains: bool) -> LoopsAhead {
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
    fn record(&mut self, board: &Board, graph: &Graph, start: u16, reach: &Reach) {
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

    fn keep(self, board: &Board) {
        let slot = if self.grouped { &GROUPED_AHEAD } else { &PLAIN_AHEAD };
        slot.with(|last| last.keep(board, self));
    }

    /// What the last complete search of this graph kept, if it was on this board.
    fn kept(board: &Board, grouped: bool) -> Option<Rc<LoopsAhead>> {
        let slot = if grouped { &GROUPED_AHEAD } else { &PLAIN_AHEAD };
        slot.with(|last| last.kept(board))
    }

    /// Whether no discontinuous nice loop starts anywhere (see the type's comment). Nothing
    /// reached true within the links allowed rules out every one at once.
    fn rules_out_discontinuous(&self, graph: &Graph) -> bool {
        if self.true_within.iter().all(|&w| w == 0) && !self.back_true.contains(&true) {
            return true;
        }
        let mut scratch = (vec![0u64; self.words], vec![0u64; self.words]);
        (0..graph.nodes.len() as u16).all(|start| self.rules_out_from(graph, start, &mut scratch))
    }

    /// Whether no discontinuous nice loop starts from this node, assumed true or false, within
    /// the links allowed (a group starts none). `scratch`: two rows of `words` words.
    fn rules_out_from(&self, graph: &Graph, start: u16, scratch: &mut (Vec<u64>, Vec<u64>)) -> bool {
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
fn nice_loops(board: &Board, wanted: Technique, found: &mut Found) {
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
fn discontinuous_back(board: &Board, graph: &Graph, start: u16, start_true: bool, reach: &Reach) -> Option<u32> {
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
fn has_group(graph: &Graph, path: &[u32]) -> bool {
    path.iter().any(|&s| graph.nodes[(s / 2) as usize].is_group())
}

/// The continuous nice loops (of `wanted`, grouped or not) that the search from `start` assumed
/// false closes: a true node reached that is weakly linked back to the start.
fn continuous_loops_from(
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

#[cfg(test)]
mod tests {
    use super::*;
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

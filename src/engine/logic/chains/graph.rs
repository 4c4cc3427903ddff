//! The graph a chain search walks: nodes (a digit in a cell, or in a group of cells where a box
//! meets a line) joined by strong and weak links, built for one digit, the bivalue cells or every
//! candidate; what conflicts with a node; and the breadth-first search from a start.

use std::rc::Rc;

use crate::engine::cellset::CellSet;
use crate::engine::grid::{box_of, col_of, houses_of, row_of, Cell, Digit};
use crate::engine::logic::board::{Board, LastBoard};
use crate::engine::logic::step::{CellDigit, ChainNode, LinkKind};

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

    pub(super) fn single_cell(&self) -> Option<Cell> {
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
pub(super) fn conflicts_meet(board: &Board, a: &Node, b: &Node) -> bool {
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

pub(super) fn intersect(a: &[CellSet; 10], b: &[CellSet; 10]) -> [CellSet; 10] {
    let mut out = [CellSet::EMPTY; 10];
    for d in 1..=9 {
        out[d] = a[d] & b[d];
    }
    out
}

pub(super) fn to_eliminations(set: &[CellSet; 10]) -> Vec<CellDigit> {
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
pub(super) fn full_graph(board: &Board, grouped: bool) -> Rc<Graph> {
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
pub(super) struct Reach {
    pub(super) parent: Vec<u32>,
    /// The reached states in order: the first `reached` of a list as long as there are states.
    pub(super) queue: Vec<u32>,
    pub(super) reached: usize,
    pub(super) depth: Vec<u8>,
}

impl Reach {
    pub(super) fn new(graph: &Graph) -> Reach {
        let states = graph.nodes.len() * 2;
        Reach {
            parent: vec![u32::MAX; states],
            queue: vec![0; states],
            reached: 0,
            depth: vec![0; states],
        }
    }

    /// The states reached, in the order they were.
    pub(super) fn order(&self) -> &[u32] {
        &self.queue[..self.reached]
    }
}

/// The graph of nodes and links a chain search walks.
pub(crate) struct Graph {
    pub nodes: Vec<Node>,
    pub(super) strong: Links,
    pub(super) weak: Links,
}

/// Each node's links (the nodes they lead to), all in one list: node `i`'s are
/// `to[span[i].0..span[i].1]`, in the order they were found.
pub(super) struct Links {
    pub(super) span: Vec<(u32, u32)>,
    pub(super) to: Vec<u16>,
}

impl Links {
    /// Links listed node by node: each node's with [`Links::push`], then [`Links::end_node`].
    pub(super) fn node_by_node(nodes: usize) -> Links {
        Links {
            span: Vec::with_capacity(nodes),
            to: Vec::with_capacity(nodes * 16),
        }
    }

    /// A link of the node being listed.
    pub(super) fn push(&mut self, to: u16) {
        self.to.push(to);
    }

    /// Ends the node being listed (its links are those pushed since the last one ended).
    pub(super) fn end_node(&mut self) {
        let from = self.span.last().map_or(0, |&(_, end)| end);
        self.span.push((from, self.to.len() as u32));
    }

    pub(super) fn of(&self, node: u16) -> &[u16] {
        let (from, to) = self.span[node as usize];
        &self.to[from as usize..to as usize]
    }

    /// Links found pairwise, in both directions, each pair once (the first time it is found).
    pub(super) fn pairs(nodes: usize, pairs: &[(u16, u16)]) -> Links {
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
        let mut single = [u16::MAX; 810];
        let mut groups = [u16::MAX; 10 * GROUP_SLOTS];
        let digits: &[Digit] = match shape {
            Shape::SingleDigit(ref d) => std::slice::from_ref(d),
            _ => &[1, 2, 3, 4, 5, 6, 7, 8, 9],
        };
        let grouped = shape == Shape::Full { grouped: true };
        // Room for every candidate's node (and, grouped, some groups) at once: growing the list
        // node by node took about 4 % of the rating time in the middle of magictour.
        let candidates: usize = digits.iter().map(|&d| board.cells_with(d).len() as usize).sum();
        let mut nodes = Vec::with_capacity(candidates + if grouped { 64 } else { 0 });
        for &digit in digits {
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
        if grouped {
            for &digit in digits {
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
            for &digit in digits {
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
    pub(super) fn search(&self, start: u16, start_true: bool, max_links: usize, reach: &mut Reach) {
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
    pub(super) fn links_from(&self, state: u32) -> (&[u16], u32) {
        let node = (state / 2) as u16;
        if state % 2 == 1 {
            (self.weak.of(node), 0)
        } else {
            (self.strong.of(node), 1)
        }
    }

    /// The states from the start to `end`, in order.
    pub(super) fn path(parent: &[u32], end: u32) -> Vec<u32> {
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
    pub(super) fn chain(&self, path: &[u32]) -> Vec<ChainNode> {
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
/// two parts, each a cell or a group of a box and a line. In a box the parts may lie in two
/// rows, in two columns, or one in a row and the other in a column (the cell where they cross
/// without the digit), as HoDoKu's grouped links do.
pub(super) fn two_part_splits(house: usize, cells: CellSet, grouped: bool) -> ([[CellSet; 2]; 4], usize) {
    let mut out = [[CellSet::EMPTY; 2]; 4];
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
        for r in row..row + 3 {
            for c in 9 + col..12 + col {
                let (in_row, in_col) = (cells & CellSet::house(r), cells & CellSet::house(c));
                let new = count < out.len()
                    && !in_row.is_empty()
                    && !in_col.is_empty()
                    && (in_row & in_col).is_empty()
                    && (in_row | in_col) == cells
                    && out[..count].iter().all(|&[x, y]| x != in_row && y != in_row);
                if new {
                    out[count] = [in_row, in_col];
                    count += 1;
                }
            }
        }
    }
    (out, count)
}

/// Group nodes per digit: a box and one of its three rows or three columns.
pub(super) const GROUP_SLOTS: usize = 9 * 6;

/// The most nodes a graph has: every candidate, and every group of each digit.
pub(super) const MAX_NODES: usize = 81 * 9 + 9 * GROUP_SLOTS;

/// The box and the line (a row or column house) of a group of two or three cells.
pub(super) fn group_houses(cells: CellSet) -> [usize; 2] {
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
pub(super) fn group_slot(digit: Digit, cells: CellSet) -> usize {
    let [box_house, line] = group_houses(cells);
    let in_box = if line < 9 { line % 3 } else { 3 + (line - 9) % 3 };
    digit as usize * GROUP_SLOTS + (box_house - 18) * 6 + in_box
}

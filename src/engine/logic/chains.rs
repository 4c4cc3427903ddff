//! Chains of alternating strong and weak links: X-Chain (one digit), XY-Chain (bivalue cells),
//! AIC and grouped AIC, and nice loops (continuous and discontinuous, plain and grouped).
//!
//! A node is a digit in one cell, or (grouped chains) in a group of two or three cells where a
//! box meets a row or column, true when one of them holds it. A strong link joins two nodes of
//! which at least one is true (the only two places of a digit in a house, the only two digits of
//! a cell); a weak link two nodes of which at most one is true. Starting from a node assumed
//! false and alternating strong and weak links, every node reached over a strong link is true:
//! so the start or that end is true, and a candidate that sees both cannot be.

use std::collections::HashMap;
use std::rc::Rc;

use super::board::{Board, LastBoard};
use super::explanation::{phrase, Explanation};
use super::step::{chain_notation, eliminations_notation, CellDigit, ChainNode, LinkKind, Step};
use super::technique::Technique;
use super::{Found, Shortest};
use crate::engine::cellset::CellSet;
use crate::engine::grid::{box_of, cell_name, col_of, row_of, Cell, Digit};

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
    order: Vec<u32>,
    depth: Vec<u8>,
}

impl Reach {
    fn new(graph: &Graph) -> Reach {
        let states = graph.nodes.len() * 2;
        Reach {
            parent: vec![u32::MAX; states],
            order: Vec::new(),
            depth: vec![0; states],
        }
    }
}

/// The graph of nodes and links a chain search walks.
pub(crate) struct Graph {
    pub nodes: Vec<Node>,
    strong: Vec<Vec<u16>>,
    weak: Vec<Vec<u16>>,
}

impl Graph {
    pub fn build(board: &Board, shape: Shape) -> Graph {
        let mut nodes = Vec::new();
        let mut single = [u16::MAX; 810];
        let mut groups: HashMap<(Digit, CellSet), u16> = HashMap::new();
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
                            groups.insert((digit, cells), nodes.len() as u16);
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
                _ => groups.get(&(digit, cells)).copied(),
            }
        };
        let mut strong = vec![Vec::new(); nodes.len()];
        let mut add_strong = |a: u16, b: u16| {
            if a != b && !strong[a as usize].contains(&b) {
                strong[a as usize].push(b);
                strong[b as usize].push(a);
            }
        };
        if shape != Shape::Bivalue {
            for &digit in &digits {
                for house in 0..27 {
                    let cells = board.cells_in(house, digit);
                    if cells.len() < 2 {
                        continue;
                    }
                    for [a, b] in two_part_splits(house, cells, grouped) {
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
        // Weak links lead only to nodes that continue over a strong link.
        let mut weak = vec![Vec::new(); nodes.len()];
        let mut by_digit: [Vec<u16>; 10] = Default::default();
        for (i, node) in nodes.iter().enumerate() {
            if !strong[i].is_empty() {
                by_digit[node.digit as usize].push(i as u16);
            }
        }
        for (i, node) in nodes.iter().enumerate() {
            for &j in &by_digit[node.digit as usize] {
                let other = &nodes[j as usize];
                if j as usize != i && (other.cells & node.cells).is_empty() && (other.cells - node.seen_by).is_empty() {
                    weak[i].push(j);
                }
            }
            if matches!(shape, Shape::Full { .. }) {
                if let Some(cell) = node.single_cell() {
                    for digit in board.candidates(cell).iter() {
                        if digit != node.digit {
                            if let Some(j) =
                                node_for(digit, CellSet::single(cell)).filter(|&j| !strong[j as usize].is_empty())
                            {
                                weak[i].push(j);
                            }
                        }
                    }
                }
            }
        }
        Graph { nodes, strong, weak }
    }

    /// Breadth-first search over (node, truth) states from `start`, alternating links: a false
    /// node continues over strong links, a true one over weak links. Fills `reach` with the parent
    /// of each reached state (`u32::MAX` unreached, the start its own parent), the reached states
    /// in order, and their depths. State `2 * node + 1` is the node true.
    fn search(&self, start: u16, start_true: bool, max_links: usize, reach: &mut Reach) {
        let Reach { parent, order, depth } = reach;
        for &state in order.iter() {
            parent[state as usize] = u32::MAX;
        }
        order.clear();
        let first = start as u32 * 2 + start_true as u32;
        parent[first as usize] = first;
        depth[first as usize] = 0;
        order.push(first);
        let mut next = 0;
        while next < order.len() {
            let state = order[next];
            next += 1;
            if depth[state as usize] as usize >= max_links {
                continue;
            }
            let node = state / 2;
            let is_true = state % 2 == 1;
            let targets = if is_true {
                &self.weak[node as usize]
            } else {
                &self.strong[node as usize]
            };
            for &t in targets {
                let to = t as u32 * 2 + (!is_true) as u32;
                if parent[to as usize] == u32::MAX {
                    parent[to as usize] = state;
                    depth[to as usize] = depth[state as usize] + 1;
                    order.push(to);
                }
            }
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

    fn weakly_linked(&self, a: u16, b: u16) -> bool {
        self.weak[a as usize].contains(&b)
    }
}

/// The ways to split a house's candidates for a digit into two nodes: two cells, or (grouped)
/// two parts, each a cell or a group of a box and a line.
fn two_part_splits(house: usize, cells: CellSet, grouped: bool) -> Vec<[CellSet; 2]> {
    if cells.len() == 2 {
        let mut it = cells.iter();
        if let (Some(a), Some(b)) = (it.next(), it.next()) {
            return vec![[CellSet::single(a), CellSet::single(b)]];
        }
    }
    if !grouped {
        return Vec::new();
    }
    let mut out = Vec::new();
    let mut split_by = |part_of: &dyn Fn(Cell) -> usize| {
        let mut parts: Vec<CellSet> = Vec::new();
        let mut keys: Vec<usize> = Vec::new();
        for cell in cells.iter() {
            let key = part_of(cell);
            match keys.iter().position(|&k| k == key) {
                Some(i) => parts[i].insert(cell),
                None => {
                    keys.push(key);
                    parts.push(CellSet::single(cell));
                }
            }
        }
        if parts.len() == 2 {
            out.push([parts[0], parts[1]]);
        }
    };
    if house < 18 {
        split_by(&box_of);
    } else {
        split_by(&row_of);
        split_by(&col_of);
    }
    out
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
    chains_in(board, graph, wanted, found.explains(), &mut collector);
    collector.finish(found);
}

fn chains_in(
    board: &Board,
    graph: &Graph,
    wanted: Technique,
    explains: bool,
    collector: &mut Shortest<Vec<CellDigit>>,
) {
    let mut reach = Reach::new(graph);
    for start in 0..graph.nodes.len() as u16 {
        if graph.strong[start as usize].is_empty() {
            continue;
        }
        let limit = collector.limit(MAX_LINKS);
        if limit < 3 {
            break;
        }
        graph.search(start, false, limit, &mut reach);
        let Reach { parent, order, depth } = &reach;
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
            let targets = intersect(&start_conflicts, &conflicts(board, b));
            if targets.iter().all(|t| t.is_empty()) {
                continue;
            }
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
    super::each_changed_digit(Technique::XChain, board, |digit| {
        let graph = Graph::build(board, Shape::SingleDigit(digit));
        let mut own = Shortest::new(found);
        chains_in(board, &graph, Technique::XChain, found.explains(), &mut own);
        let any = !own.is_empty();
        collector.absorb(own);
        any
    });
    collector.finish(found);
}

pub fn xy_chain(board: &Board, found: &mut Found) {
    let graph = Graph::build(board, Shape::Bivalue);
    alternating_chains(board, &graph, Technique::XyChain, found);
}

pub fn aic(board: &Board, found: &mut Found) {
    alternating_chains(board, &full_graph(board, false), Technique::Aic, found);
}

pub fn grouped_aic(board: &Board, found: &mut Found) {
    alternating_chains(board, &full_graph(board, true), Technique::GroupedAic, found);
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
    let graph = full_graph(board, grouped);
    let has_group = |path: &[u32]| path.iter().any(|&s| graph.nodes[(s / 2) as usize].is_group());
    let mut collector = Shortest::new(found);
    let mut reach = Reach::new(&graph);
    for start in 0..graph.nodes.len() as u16 {
        if graph.strong[start as usize].is_empty() && continuous {
            continue;
        }
        let node = graph.nodes[start as usize];
        let limit = collector.limit(MAX_LINKS);
        if limit < 3 {
            break;
        }
        if continuous {
            graph.search(start, false, limit, &mut reach);
            let Reach { parent, order, depth } = &reach;
            for &state in order {
                let end = (state / 2) as u16;
                let links = depth[state as usize] as usize + 1;
                if state % 2 == 0 || end == start || links < 4 || links > collector.limit(MAX_LINKS) {
                    continue;
                }
                if !graph.weakly_linked(end, start) {
                    continue;
                }
                let mut path = Graph::path(parent, state);
                let mut seen: Vec<u32> = path.iter().map(|s| s / 2).collect();
                // No node repeats (rotations of one loop share their eliminations).
                seen.sort_unstable();
                seen.dedup();
                if seen.len() != path.len() || has_group(&path) != grouped {
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
                    chain_step(wanted, &graph, &path, &eliminations, found.explains(), |chain| {
                        Explanation::new(phrase(
                            "{technique}: {chain} => {eliminations}. The loop alternates strong and weak links all the way round, so each weak link has exactly one true end, and what conflicts with both ends goes.",
                        ))
                        .technique("technique", wanted)
                        .notation("chain", chain)
                        .notation("eliminations", eliminations_notation(&eliminations))
                    })
                });
            }
        } else {
            let Some(cell) = node.single_cell() else { continue };
            let start_conflicts = conflicts(board, &node);
            for start_true in [true, false] {
                graph.search(start, start_true, limit, &mut reach);
                let Reach { parent, order, depth } = &reach;
                // Back to the start: assumed true, a true node in conflict with it (then it is
                // false); assumed false, the start itself true.
                let back = order.iter().copied().find(|&s| {
                    let n = &graph.nodes[(s / 2) as usize];
                    s % 2 == 1
                        && depth[s as usize] >= 2
                        && if start_true {
                            start_conflicts[n.digit as usize].contains(n.cells.first().unwrap_or(0))
                                && n.single_cell().is_some()
                                || (n.digit == node.digit && (n.cells - node.seen_by).is_empty() && n.is_group())
                        } else {
                            s / 2 == start as u32
                        }
                });
                let Some(back) = back else { continue };
                let mut path = Graph::path(parent, back);
                if start_true {
                    path.push(start as u32 * 2);
                }
                let links = path.len() - 1;
                if links > collector.limit(MAX_LINKS) || has_group(&path) != grouped {
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

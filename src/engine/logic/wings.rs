//! Wings built on cells with few candidates: XY-Wing, XYZ-Wing, W-Wing and Remote Pair.

use super::board::Board;
use super::explanation::{phrase, Explanation};
use super::step::{HouseRole, Role, Step};
use super::technique::Technique;
use super::Found;
use crate::engine::cellset::CellSet;
use crate::engine::grid::{Candidates, Cell, Digit, CELLS};

fn two_digits(set: Candidates) -> (Digit, Digit) {
    let mut digits = set.iter();
    (digits.next().unwrap_or(0), digits.next().unwrap_or(0))
}

fn mark_all(step: &mut Step, board: &Board, cell: Cell) {
    for digit in board.candidates(cell).iter() {
        step.mark_candidate(cell, digit, Role::Pattern);
    }
}

/// A pivot {x,y} seeing pincers {x,z} and {y,z}: whichever the pivot is, a pincer is z, so
/// cells seeing both pincers lose z.
pub fn xy_wing(board: &Board, found: &mut Found) {
    let bivalue = board.bivalue_cells();
    for pivot in bivalue.iter() {
        let (x, y) = two_digits(board.candidates(pivot));
        let wings = bivalue & CellSet::peers(pivot);
        for first in wings.iter() {
            let a = board.candidates(first);
            if !a.contains(x) || a.contains(y) {
                continue;
            }
            let Some(z) = Candidates::from_mask(a.mask() & !(1 << x)).first() else {
                continue;
            };
            for second in wings.iter() {
                let b = board.candidates(second);
                if b != [y, z].into_iter().collect::<Candidates>() || second == first {
                    continue;
                }
                let pincers: CellSet = [first, second].into_iter().collect();
                let targets = (pincers.common_peers() & board.cells_with(z)) - CellSet::single(pivot);
                if targets.is_empty() {
                    continue;
                }
                let mut step = Step::new(Technique::XyWing);
                for cell in [pivot, first, second] {
                    mark_all(&mut step, board, cell);
                }
                step.mark_cell(pivot, Role::Pattern);
                step.link((first, z), (first, x), true)
                    .link((first, x), (pivot, x), false)
                    .link((pivot, x), (pivot, y), true)
                    .link((pivot, y), (second, y), false)
                    .link((second, y), (second, z), true);
                for cell in targets.iter() {
                    step.eliminate(cell, z);
                }
                step.explain_with(found.explains(), || {
                    Explanation::new(phrase(
                        "XY-Wing: {pivot} holds {x} or {y}; if {x} then {first} is {z}, if {y} then {second} is {z}. Either way one of them is {z}, so {targets} cannot be {z}.",
                    ))
                    .cell("pivot", pivot)
                    .digit("x", x)
                    .digit("y", y)
                    .digit("z", z)
                    .cell("first", first)
                    .cell("second", second)
                    .cells_and("targets", targets.iter())
                });
                if !found.add(step) {
                    return;
                }
            }
        }
    }
}

/// A pivot {x,y,z} seeing pincers {x,z} and {y,z}: one of the three is z, so cells seeing all
/// three lose z.
pub fn xyz_wing(board: &Board, found: &mut Found) {
    let bivalue = board.bivalue_cells();
    for pivot in 0..CELLS {
        let pivot_digits = board.candidates(pivot);
        if board.value(pivot) != 0 || pivot_digits.len() != 3 {
            continue;
        }
        let wings: Vec<Cell> = (bivalue & CellSet::peers(pivot))
            .iter()
            .filter(|&c| board.candidates(c).mask() & !pivot_digits.mask() == 0)
            .collect();
        for (i, &first) in wings.iter().enumerate() {
            for &second in &wings[i + 1..] {
                let (a, b) = (board.candidates(first), board.candidates(second));
                let shared = Candidates::from_mask(a.mask() & b.mask());
                if a == b || shared.len() != 1 {
                    continue;
                }
                let Some(z) = shared.first() else { continue };
                let pattern: CellSet = [pivot, first, second].into_iter().collect();
                let targets = pattern.common_peers() & board.cells_with(z);
                if targets.is_empty() {
                    continue;
                }
                let mut step = Step::new(Technique::XyzWing);
                for cell in pattern.iter() {
                    mark_all(&mut step, board, cell);
                }
                step.mark_cell(pivot, Role::Pattern);
                for cell in targets.iter() {
                    step.eliminate(cell, z);
                }
                step.explain_with(found.explains(), || {
                    Explanation::new(phrase(
                        "XYZ-Wing: {pivot} holds {pivot_digits}; {first} and {second} each hold {z} with one of its other digits. One of the three is {z}, so {targets} cannot be {z}.",
                    ))
                    .cell("pivot", pivot)
                    .digits_and("pivot_digits", pivot_digits.iter())
                    .cell("first", first)
                    .cell("second", second)
                    .digit("z", z)
                    .cells_and("targets", targets.iter())
                });
                if !found.add(step) {
                    return;
                }
            }
        }
    }
}

/// Two cells {x,y} that don't see each other, joined by a strong link on x (each end seen by one
/// of them): one of them is y, so cells seeing both lose y.
pub fn w_wing(board: &Board, found: &mut Found) {
    let bivalue: Vec<Cell> = board.bivalue_cells().iter().collect();
    for (i, &first) in bivalue.iter().enumerate() {
        for &second in &bivalue[i + 1..] {
            let digits = board.candidates(first);
            if board.candidates(second) != digits || CellSet::peers(first).contains(second) {
                continue;
            }
            let (p, q) = two_digits(digits);
            for (x, y) in [(p, q), (q, p)] {
                let pair: CellSet = [first, second].into_iter().collect();
                let targets = pair.common_peers() & board.cells_with(y);
                if targets.is_empty() {
                    continue;
                }
                for house in 0..27 {
                    let ends = board.cells_in(house, x);
                    if ends.len() != 2 || !(ends & pair).is_empty() {
                        continue;
                    }
                    let mut cells = ends.iter();
                    let (Some(e1), Some(e2)) = (cells.next(), cells.next()) else {
                        continue;
                    };
                    let sees = |a: Cell, b: Cell| CellSet::peers(a).contains(b);
                    let (near_first, near_second) = if sees(e1, first) && sees(e2, second) {
                        (e1, e2)
                    } else if sees(e2, first) && sees(e1, second) {
                        (e2, e1)
                    } else {
                        continue;
                    };
                    let mut step = Step::new(Technique::WWing);
                    step.mark_house(house, HouseRole::Base);
                    mark_all(&mut step, board, first);
                    mark_all(&mut step, board, second);
                    step.mark_candidate(near_first, x, Role::Pattern)
                        .mark_candidate(near_second, x, Role::Pattern);
                    step.link((first, y), (first, x), true)
                        .link((first, x), (near_first, x), false)
                        .link((near_first, x), (near_second, x), true)
                        .link((near_second, x), (second, x), false)
                        .link((second, x), (second, y), true);
                    for cell in targets.iter() {
                        step.eliminate(cell, y);
                    }
                    step.explain_with(found.explains(), || {
                        Explanation::new(phrase(
                            "W-Wing: {first} and {second} both hold only {x} and {y}. In {house}, {x} is in {near_first} or {near_second}, which see them, so they cannot both be {x}: one is {y}, and {targets} cannot be {y}.",
                        ))
                        .cell("first", first)
                        .cell("second", second)
                        .digit("x", x)
                        .digit("y", y)
                        .house("house", house)
                        .cell("near_first", near_first)
                        .cell("near_second", near_second)
                        .cells_and("targets", targets.iter())
                    });
                    if !found.add(step) {
                        return;
                    }
                    break;
                }
            }
        }
    }
}

/// A chain of cells all holding the same two digits, each seeing the next: cells an odd number
/// of links apart hold different digits, so a cell seeing two such cells (three or more links
/// apart) loses both digits.
pub fn remote_pair(board: &Board, found: &mut Found) {
    let bivalue = board.bivalue_cells();
    let mut visited = CellSet::EMPTY;
    for start in bivalue.iter() {
        if visited.contains(start) {
            continue;
        }
        let digits = board.candidates(start);
        let same: CellSet = bivalue.iter().filter(|&c| board.candidates(c) == digits).collect();
        // Breadth-first over the chain's cells, recording distance (and so colour) from `start`.
        let mut distance = [usize::MAX; CELLS];
        let mut parent = [usize::MAX; CELLS];
        distance[start] = 0;
        let mut queue = vec![start];
        let mut index = 0;
        while index < queue.len() {
            let cell = queue[index];
            index += 1;
            for next in (same & CellSet::peers(cell)).iter() {
                if distance[next] == usize::MAX {
                    distance[next] = distance[cell] + 1;
                    parent[next] = cell;
                    queue.push(next);
                }
            }
        }
        let chain: CellSet = queue.iter().copied().collect();
        visited |= chain;
        if chain.len() < 4 {
            continue;
        }
        let (x, y) = two_digits(digits);
        for (i, &a) in queue.iter().enumerate() {
            for &b in &queue[i + 1..] {
                let path = path_between(a, b, &parent);
                // Opposite colours, at least three links apart along the chain.
                if distance[a] % 2 == distance[b] % 2 || path.len() < 4 {
                    continue;
                }
                let ends: CellSet = [a, b].into_iter().collect();
                let targets = ends.common_peers() - chain;
                let hits: Vec<(Cell, Digit)> = targets
                    .iter()
                    .flat_map(|c| [(c, x), (c, y)])
                    .filter(|&(c, d)| board.has(c, d))
                    .collect();
                if hits.is_empty() {
                    continue;
                }
                let mut step = Step::new(Technique::RemotePair);
                for &cell in &path {
                    mark_all(&mut step, board, cell);
                }
                for pair in path.windows(2) {
                    step.link((pair[0], x), (pair[1], x), false);
                }
                for (cell, digit) in hits {
                    step.eliminate(cell, digit);
                }
                step.explain_with(found.explains(), || {
                    Explanation::new(phrase(
                        "Remote Pair on {x} and {y}: along {path} the cells alternate, so {a} and {b} hold one each; cells seeing both lose {x} and {y}.",
                    ))
                    .digit("x", x)
                    .digit("y", y)
                    .cells("path", path.iter().copied())
                    .cell("a", a)
                    .cell("b", b)
                });
                if !found.add(step) {
                    return;
                }
            }
        }
    }
}

/// The cells from `a` to `b` through the breadth-first tree (via their common ancestor).
fn path_between(a: Cell, b: Cell, parent: &[usize; CELLS]) -> Vec<Cell> {
    let ancestors = |mut cell: Cell| {
        let mut line = vec![cell];
        while parent[cell] != usize::MAX {
            cell = parent[cell];
            line.push(cell);
        }
        line
    };
    let (from_a, from_b) = (ancestors(a), ancestors(b));
    let Some(meet) = from_a.iter().position(|c| from_b.contains(c)) else {
        return vec![a, b];
    };
    let meet_in_b = from_b.iter().position(|&c| c == from_a[meet]).unwrap_or(0);
    let mut path: Vec<Cell> = from_a[..=meet].to_vec();
    path.extend(from_b[..meet_in_b].iter().rev());
    path
}

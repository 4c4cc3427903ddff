//! How forcing chains and nets are written out: each literal (`r4c7=5`, `r4c7<>5`), each
//! implication with what forced it, the contradiction reached, the chain and the whole argument
//! drawn on the board, and the inner contradictions of nested nets.

use super::*;
use crate::engine::grid::houses_of;
use crate::engine::logic::explanation::{phrase, Arg, Explanation};

pub(super) fn literal(c: Cand, truth: bool) -> String {
    format!(
        "{}{}{}",
        cell_name(cell_of(c)),
        if truth { "=" } else { "<>" },
        digit_of(c)
    )
}

/// One implication written out: `r2c4=7 (last candidate in the cell)`. A chain's strong link
/// (from the board the branch started on) is told as a net tells the same thing: the other
/// digit of a cell with two, the other place of a digit in a house with two.
pub(super) fn implication(board: &Board, branch: &Branch, c: Cand) -> Explanation {
    let truth = branch.is_true(c);
    let last_in_cell = || Explanation::new(phrase("last candidate in the cell"));
    let last_in_house = |h: House| Explanation::new(phrase("last place in {house}")).house("house", h);
    let why = match branch.reason(c) {
        Reason::Assumed => Explanation::new(phrase("assumed")),
        Reason::SeenBy(p) => Explanation::verbatim(literal(p, true)),
        Reason::StrongLink(p) if cell_of(p) == cell_of(c) => last_in_cell(),
        Reason::StrongLink(p) => houses_of(cell_of(c))
            .into_iter()
            .find(|&h| {
                let places = board.cells_in(h, digit_of(c));
                places.len() == 2 && places.contains(cell_of(p))
            })
            .map_or_else(|| Explanation::verbatim(literal(p, false)), last_in_house),
        Reason::LastInCell => last_in_cell(),
        Reason::LastInHouse(h) => last_in_house(h as House),
        Reason::Nested => Explanation::new(phrase("otherwise a contradiction, see below")),
        Reason::Locked(source, target) => Explanation::new(phrase("the {digit}s of {source} lie in {target}"))
            .digit("digit", digit_of(c))
            .house("source", source as House)
            .house("target", target as House),
    };
    forced(literal(c, truth), why)
}

/// A literal (or literals) with what forced it: `{literal} ({why})`.
fn forced(literal: String, why: Explanation) -> Explanation {
    Explanation::new(phrase("{literal} ({why})"))
        .notation("literal", literal)
        .clause("why", why)
}

/// Implications one after another, separated by commas. Where one true literal takes its
/// digit out of several cells in a row of them, they are written as one: `r5c2, r6c2<>7
/// (r5c3=7)` for `r5c2<>7 (r5c3=7), r6c2<>7 (r5c3=7)`; and so are its cell's other digits:
/// `r5c3<>1, 4 (r5c3=7)` for `r5c3<>1 (r5c3=7), r5c3<>4 (r5c3=7)`. A row of candidates nested
/// nets removed (in the order [`written_steps`] gives them) is written as one too, digit by
/// digit, `r9c7, r9c8<>3 (each otherwise a contradiction, see below)` (and digits in a row
/// over the same cells together, `r1c6, r9c6<>6, 7`), and the rest cell by cell, `r1c2<>1, 7
/// (each otherwise a contradiction, see below)`.
pub(super) fn implications(board: &Board, branch: &Branch, cands: impl IntoIterator<Item = Cand>) -> Arg {
    let cands: Vec<Cand> = cands.into_iter().collect();
    // The true literal that took `c` out: one with its digit in a cell it sees, or in its cell.
    let taken_by = |c: Cand| match branch.reason(c) {
        Reason::SeenBy(p) => Some(p),
        _ => None,
    };
    let nested = |c: Cand| branch.reason(c) == Reason::Nested;
    let mut written = Vec::with_capacity(cands.len());
    let mut i = 0;
    while i < cands.len() {
        if let Some((text, len)) = nested_clause(&cands[i..], nested) {
            let why = Explanation::new(phrase("each otherwise a contradiction, see below"));
            written.push(forced(text, why));
            i += len;
            continue;
        }
        let Some(p) = taken_by(cands[i]) else {
            written.push(implication(board, branch, cands[i]));
            i += 1;
            continue;
        };
        // The run of literals the same true one took out: those of its digit in one clause, its
        // cell's other digits in another, each at the place of its first.
        let run = cands[i..].iter().take_while(|&&c| taken_by(c) == Some(p)).count();
        let (own, peers): (Vec<Cand>, Vec<Cand>) = cands[i..i + run].iter().partition(|&&c| cell_of(c) == cell_of(p));
        let why = || Explanation::verbatim(literal(p, true));
        for &c in &cands[i..i + run] {
            if peers.first() == Some(&c) {
                let cells = peers.iter().map(|&c| cell_name(cell_of(c))).collect::<Vec<_>>();
                written.push(forced(format!("{}<>{}", cells.join(", "), digit_of(p)), why()));
            } else if own.first() == Some(&c) {
                let digits = own.iter().map(|&c| digit_of(c).to_string()).collect::<Vec<_>>();
                written.push(forced(
                    format!("{}<>{}", cell_name(cell_of(c)), digits.join(", ")),
                    why(),
                ));
            }
        }
        i += run;
    }
    Arg::Joined(written, ", ")
}

/// The clause a row of candidates nested nets removed opens with, when it names several, and how
/// many it names: one digit's over several cells, with the next digits over the same cells
/// (`r1c6, r9c6<>6, 7`), or else one cell's digits (`r1c5<>1, 4`).
fn nested_clause(cands: &[Cand], nested: impl Fn(Cand) -> bool) -> Option<(String, usize)> {
    let clause = |cells: &[Cell], digits: &[Digit]| {
        let cells = cells.iter().map(|&c| cell_name(c)).collect::<Vec<_>>();
        let digits = digits.iter().map(|d| d.to_string()).collect::<Vec<_>>();
        format!("{}<>{}", cells.join(", "), digits.join(", "))
    };
    let first = *cands.first()?;
    let digit_run = |from: usize| {
        cands[from..]
            .iter()
            .take_while(|&&c| nested(c) && digit_of(c) == digit_of(cands[from]))
            .count()
    };
    let cells_of = |from: usize, len: usize| cands[from..from + len].iter().map(|&c| cell_of(c)).collect::<Vec<_>>();
    let run = digit_run(0);
    if run > 1 {
        let cells = cells_of(0, run);
        let mut digits = vec![digit_of(first)];
        let mut end = run;
        while end < cands.len() && digit_run(end) == run && cells_of(end, run) == cells {
            digits.push(digit_of(cands[end]));
            end += run;
        }
        return Some((clause(&cells, &digits), end));
    }
    let of_cell = cands
        .iter()
        .take_while(|&&c| nested(c) && cell_of(c) == cell_of(first))
        .count();
    let digits = cands[..of_cell].iter().map(|&c| digit_of(c)).collect::<Vec<_>>();
    (of_cell > 1).then(|| (clause(&[cell_of(first)], &digits), of_cell))
}

/// The literals a branch's argument is written with: its `support` (what the conflict rests on)
/// that `keep` keeps, and with them the false literals of the conflict itself, the candidates
/// its empty cell or the places its house lost (`r4c1, r4c3<>9 (r4c5=9)` before "box 4 has no
/// place left for 9"), so that the text says why the cell or house is empty as the board's
/// arrows show it. In the order derived, but for a row of candidates nested nets removed (each
/// holds on its own): a digit taken from several cells by digit, then cell, the rest by cell,
/// as [`implications`] writes them, and their inner contradictions follow in that order.
pub(super) fn written_steps(
    branch: &Branch,
    roots: &[(Cand, Reason)],
    support: &[Cand],
    keep: impl Fn(Cand) -> bool,
) -> Vec<Cand> {
    let emptied = matches!(branch.conflict, Some(Conflict::EmptyCell(_) | Conflict::NoPlace(..)));
    let mut steps: Vec<Cand> = support.iter().copied().filter(|&s| keep(s)).collect();
    if emptied {
        for &(c, reason) in roots {
            if reason != Reason::Assumed && keep(c) && !steps.contains(&c) {
                steps.push(c);
            }
        }
        steps.sort_by_key(|&c| (branch.depth(c), c));
    }
    for run in steps.chunk_by_mut(|&a, &b| branch.reason(a) == Reason::Nested && branch.reason(b) == Reason::Nested) {
        if run.len() > 1 {
            // A digit removed from several cells first, by digit; then the rest by cell, so
            // that one cell's digits come together.
            let mut of_digit = [0usize; 10];
            for &c in run.iter() {
                of_digit[digit_of(c) as usize] += 1;
            }
            run.sort_by_key(|&c| match of_digit[digit_of(c) as usize] {
                1 => (1, cell_of(c) as usize, digit_of(c) as usize),
                _ => (0, digit_of(c) as usize, cell_of(c) as usize),
            });
        }
    }
    steps
}

pub(super) fn conflict_text(branch: &Branch) -> Explanation {
    match branch.conflict {
        Some(Conflict::Both(c, _)) => Explanation::new(phrase("{literal} would be both true and false"))
            .notation("literal", literal(c, true).replace('=', " = ")),
        Some(Conflict::EmptyCell(cell)) => Explanation::new(phrase("{cell} has no candidate left")).cell("cell", cell),
        Some(Conflict::NoPlace(house, digit)) => Explanation::new(phrase("{house} has no place left for {digit}"))
            .house("house", house)
            .digit("digit", digit),
        None => Explanation::verbatim(""),
    }
}

/// The chain of a branch leading to a literal, for the step's `chain` (single-premise links):
/// from the assumption to `end`, set for `last_reason` and made true or not (`last_true`).
pub(super) fn chain_to(
    prop: &Propagator,
    branch: &Branch,
    end: Cand,
    last_reason: Reason,
    last_true: bool,
) -> Vec<ChainNode> {
    let mut nodes = vec![end];
    let (mut c, mut reason) = (end, last_reason);
    let mut guard = 0;
    loop {
        let premises = branch.premises(prop, c, reason);
        let Some(&p) = premises.iter().max_by_key(|&&p| branch.depth(p)) else {
            break;
        };
        if nodes.contains(&p) || guard > 400 {
            break;
        }
        guard += 1;
        nodes.push(p);
        reason = branch.reason(p);
        c = p;
        if reason == Reason::Assumed {
            break;
        }
    }
    nodes.reverse();
    let truths: Vec<bool> = nodes
        .iter()
        .enumerate()
        .map(|(i, &n)| {
            if i + 1 == nodes.len() {
                last_true
            } else {
                branch.is_true(n)
            }
        })
        .collect();
    nodes
        .iter()
        .enumerate()
        .map(|(i, &n)| ChainNode {
            cells: vec![cell_of(n)],
            digit: digit_of(n),
            link: truths
                .get(i + 1)
                .map(|&t| if t { LinkKind::Strong } else { LinkKind::Weak }),
        })
        .collect()
}

/// Whether a literal set for this reason is made true (else false). The assumption is what the
/// branch assumed.
fn made_true(branch: &Branch, c: Cand, reason: Reason) -> bool {
    match reason {
        Reason::Assumed => branch.is_true(c),
        Reason::StrongLink(_) | Reason::LastInCell | Reason::LastInHouse(_) => true,
        Reason::SeenBy(_) | Reason::Locked(..) | Reason::Nested => false,
    }
}

/// Draws a branch's argument on the board, as HoDoKu and Sudoku Explainer show a net: an arrow
/// from each premise to the literal it forces, for every literal of the support and for the
/// ends (the two sides of a contradiction, or a verity's conclusion). An arrow into a literal
/// made true is solid, into one made false dashed, as a chain's strong and weak links; the
/// literals made true are marked as the pattern. A candidate a nested net removes inside the
/// branch is marked amber, with no arrows into it; the explanation tells its inner
/// contradiction. (An arrow from each outer literal that contradiction rested on, dozens of
/// them and none a link, buried the net's own arrows: 1,100 on a step of forum-hardest-1106,
/// 36 without them.)
pub(super) fn draw_branch(
    step: &mut Step,
    prop: &Propagator,
    branch: &Branch,
    support: &[Cand],
    ends: &[(Cand, Reason)],
) {
    let literals = support
        .iter()
        .map(|&c| (c, branch.reason(c)))
        .chain(ends.iter().copied());
    for (c, reason) in literals {
        let truth = made_true(branch, c, reason);
        let to = (cell_of(c), digit_of(c));
        if reason == Reason::Nested {
            mark_once(step, to, Role::Fin);
            continue;
        }
        for p in branch.premises(prop, c, reason) {
            let from = (cell_of(p), digit_of(p));
            let drawn = step
                .highlights
                .links
                .iter()
                .any(|l| (l.from.cell, l.from.digit) == from && (l.to.cell, l.to.digit) == to);
            if branch.state[p as usize] != UNKNOWN && !drawn {
                step.link(from, to, truth);
            }
        }
        if truth {
            mark_once(step, to, Role::Pattern);
        }
    }
}

fn mark_once(step: &mut Step, (cell, digit): (Cell, Digit), role: Role) {
    let marked = step
        .highlights
        .candidates
        .iter()
        .any(|m| (m.cell, m.digit) == (cell, digit) && m.role == role);
    if !marked {
        step.mark_candidate(cell, digit, role);
    }
}

/// Why a nested elimination holds: ` Inside that branch, r3c4<>5: if r3c4=5, then …, and … .`
pub(super) fn nested_text(prop: &Propagator, branch: &Branch, c: Cand) -> Explanation {
    let inner = prop.nested_branch(branch, c);
    let limit = branch.index[c as usize];
    let plain = prop.inner();
    let roots = inner.conflict_roots(prop.board);
    let support = inner.support_within(&plain, &roots, limit);
    let steps = written_steps(&inner, &roots, &support, |l| inner.index[l as usize] > limit);
    Explanation::new(phrase(
        "\nInside that branch, {not}: if {is}, then {steps}, and {conflict}.",
    ))
    .notation("not", literal(c, false))
    .notation("is", literal(c, true))
    .with("steps", implications(prop.board, &inner, steps))
    .clause("conflict", conflict_text(&inner))
}

//! How forcing chains and nets are written out: each literal (`r4c7=5`, `r4c7<>5`), each
//! implication with what forced it, the contradiction reached, the chain drawn on the board, and
//! the inner contradictions of nested nets.

use super::*;

pub(super) fn literal(c: Cand, truth: bool) -> String {
    format!(
        "{}{}{}",
        cell_name(cell_of(c)),
        if truth { "=" } else { "<>" },
        digit_of(c)
    )
}

/// One implication written out: `r2c4=7 (last candidate)`.
pub(super) fn implication(branch: &Branch, c: Cand) -> String {
    let truth = branch.is_true(c);
    let why = match branch.reason(c) {
        Reason::Assumed => "assumed".to_string(),
        Reason::SeenBy(p) => literal(p, true),
        Reason::StrongLink(p) => format!("strong link from {}", literal(p, false)),
        Reason::LastInCell => "last candidate in the cell".to_string(),
        Reason::LastInHouse(h) => format!("last place in {}", house_name(h)),
        Reason::Nested => "otherwise a contradiction, see below".to_string(),
        Reason::Locked(source, target) => format!(
            "the {}s of {} lie in {}",
            digit_of(c),
            house_name(source),
            house_name(target)
        ),
    };
    format!("{} ({})", literal(c, truth), why)
}

pub(super) fn conflict_text(branch: &Branch) -> String {
    match branch.conflict {
        Some(Conflict::Both(c, _)) => format!("{} would be both true and false", literal(c, true).replace('=', " = ")),
        Some(Conflict::EmptyCell(cell)) => format!("{} has no candidate left", cell_name(cell)),
        Some(Conflict::NoPlace(house, digit)) => format!("{} has no place left for {}", house_name(house), digit),
        None => String::new(),
    }
}

/// The chain of a branch leading to a literal, for the step's `chain` (single-premise links).
pub(super) fn chain_to(prop: &Propagator, branch: &Branch, mut c: Cand, last_reason: Reason) -> Vec<ChainNode> {
    let mut nodes = vec![c];
    let mut reason = last_reason;
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
                !matches!(last_reason, Reason::SeenBy(_))
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

/// Why a nested elimination holds: ` Inside that branch, r3c4<>5: if r3c4=5, then …, and … .`
pub(super) fn nested_text(prop: &Propagator, branch: &Branch, c: Cand) -> String {
    let inner = prop.nested_branch(branch, c);
    let limit = branch.index[c as usize];
    let plain = prop.inner();
    let steps: Vec<String> = inner
        .support(&plain, &inner.conflict_roots(prop.board))
        .into_iter()
        .filter(|&l| inner.index[l as usize] > limit)
        .map(|l| implication(&inner, l))
        .collect();
    format!(
        " Inside that branch, {}: if {}, then {}, and {}.",
        literal(c, false),
        literal(c, true),
        steps.join(", "),
        conflict_text(&inner)
    )
}

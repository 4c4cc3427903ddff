//! A solving step as data: what a technique found (placements, eliminations), why (a plain
//! English explanation) and what to show on the board (cells, candidates, houses and links).

use serde::{Serialize, Serializer};

use super::explanation::{houses_text, phrase, English, Explanation};
use super::technique::Technique;
use crate::engine::grid::{cell_name, house_name, Cell, Digit, House};

fn serialize_cell<S: Serializer>(cell: &Cell, serializer: S) -> Result<S::Ok, S::Error> {
    serializer.serialize_str(&cell_name(*cell))
}

fn serialize_house<S: Serializer>(house: &House, serializer: S) -> Result<S::Ok, S::Error> {
    serializer.serialize_str(&house_name(*house))
}

/// A digit in a cell: a placement, an elimination, or a candidate in a pattern.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize)]
pub struct CellDigit {
    #[serde(serialize_with = "serialize_cell")]
    pub cell: Cell,
    pub digit: Digit,
}

/// What a highlighted cell or candidate is to the step.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum Role {
    /// Part of the pattern that proves the step.
    Pattern,
    /// Where the step places or eliminates.
    Target,
    /// An extra candidate, drawn amber: one a finned pattern tolerates, a set's linking digit, a
    /// rectangle's extra candidate, one a nested net removes inside a forcing net's branch.
    Fin,
    /// The second colour of a colouring pattern; the third set of an ALS step (an ALS-XY-Wing's
    /// pivot), which take the part colours in turn.
    Alternate,
    /// A second part of the pattern, told apart from the first: a second colouring chain's
    /// first colour (Multi-Colors), the second set of an ALS step.
    SecondPattern,
    /// A second colouring chain's other colour; the fourth set of an ALS step.
    SecondAlternate,
}

/// What a highlighted house is to the step.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum HouseRole {
    /// Where the pattern lies (the rows of a row-based fish, the box of a pointing pair).
    Base,
    /// Where the eliminations happen.
    Cover,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct CellMark {
    #[serde(serialize_with = "serialize_cell")]
    pub cell: Cell,
    pub role: Role,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct CandidateMark {
    #[serde(serialize_with = "serialize_cell")]
    pub cell: Cell,
    pub digit: Digit,
    pub role: Role,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct HouseMark {
    #[serde(serialize_with = "serialize_house")]
    pub house: House,
    pub role: HouseRole,
}

/// A link between two candidates: strong (one of them is true) or weak (not both are true).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct Link {
    pub from: CellDigit,
    pub to: CellDigit,
    pub strong: bool,
}

/// How one node of a chain leads to the next.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum LinkKind {
    /// Strong: if this node is false, the next is true.
    Strong,
    /// Weak: if this node is true, the next is false.
    Weak,
}

/// One node of a chain: a digit in one cell, or in a group of cells of one house (true when any
/// of them holds it), with the link to the next node (none for the last).
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct ChainNode {
    #[serde(serialize_with = "serialize_cells")]
    pub cells: Vec<Cell>,
    pub digit: Digit,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub link: Option<LinkKind>,
}

fn serialize_cells<S: Serializer>(cells: &[Cell], serializer: S) -> Result<S::Ok, S::Error> {
    serializer.collect_seq(cells.iter().map(|&c| cell_name(c)))
}

impl ChainNode {
    /// `(5)r2c3`, or `(5)r2c78` / `(5)r23c7` for a group.
    pub fn notation(&self) -> String {
        format!("({}){}", self.digit, group_name(&self.cells))
    }
}

/// A group of cells in one row or column written compactly: `r2c78`, `r23c7`; otherwise listed.
pub fn group_name(cells: &[Cell]) -> String {
    use crate::engine::grid::{col_of, row_of};
    match cells {
        [] => String::new(),
        [cell] => cell_name(*cell),
        _ if cells.iter().all(|&c| row_of(c) == row_of(cells[0])) => format!(
            "r{}c{}",
            row_of(cells[0]) + 1,
            cells.iter().map(|&c| (col_of(c) + 1).to_string()).collect::<String>()
        ),
        _ if cells.iter().all(|&c| col_of(c) == col_of(cells[0])) => format!(
            "r{}c{}",
            cells.iter().map(|&c| (row_of(c) + 1).to_string()).collect::<String>(),
            col_of(cells[0]) + 1
        ),
        _ => format!("{{{}}}", list_cells(cells.iter().copied())),
    }
}

/// A chain written out: `(5)r2c3 = (5)r2c8 - (5)r7c8 = (5)r7c1`.
pub fn chain_notation(chain: &[ChainNode]) -> String {
    let mut text = String::new();
    for node in chain {
        text += &node.notation();
        match node.link {
            Some(LinkKind::Strong) => text += " = ",
            Some(LinkKind::Weak) => text += " - ",
            None => {}
        }
    }
    text
}

/// Eliminations written as `r2c1, r7c3 <> 5`: grouped by digit, and the digits of cells that
/// lose the same ones together (`r2c4 <> 1, 3`). Groups are parted by commas while each is one
/// cell losing one digit (`r1c6 <> 1, r1c2 <> 4`), else by semicolons, so a list of cells is not
/// read as a list of groups (`r1c8, r3c8 <> 1; r3c8 <> 2`). Cells in reading order.
pub fn eliminations_notation(eliminations: &[CellDigit]) -> String {
    eliminations_written(eliminations, "<>")
}

/// Eliminations grouped as [`eliminations_notation`] groups them, with `sign` for "is not"
/// (the app's lists write `≠`).
pub fn eliminations_written(eliminations: &[CellDigit], sign: &str) -> String {
    let mut digits: Vec<Digit> = eliminations.iter().map(|e| e.digit).collect();
    digits.sort_unstable();
    digits.dedup();
    let mut groups: Vec<(Vec<Cell>, Vec<Digit>)> = Vec::new();
    for d in digits {
        let mut cells: Vec<Cell> = eliminations.iter().filter(|e| e.digit == d).map(|e| e.cell).collect();
        cells.sort_unstable();
        match groups.iter_mut().find(|(same, _)| *same == cells) {
            Some((_, digits)) => digits.push(d),
            None => groups.push((cells, vec![d])),
        }
    }
    let simple = groups
        .iter()
        .all(|(cells, digits)| cells.len() == 1 && digits.len() == 1);
    groups
        .iter()
        .map(|(cells, digits)| {
            format!(
                "{} {sign} {}",
                list_cells(cells.iter().copied()),
                list_digits(digits.iter().copied())
            )
        })
        .collect::<Vec<_>>()
        .join(if simple { ", " } else { "; " })
}

/// Houses to be named together: one; several of one kind (`rows 2 and 7`: the kind, 0 rows, 1
/// columns, 2 boxes, and their numbers from 1); or of mixed kinds, each named on its own.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum HouseList {
    One(House),
    OfKind(usize, Vec<usize>),
    Mixed(Vec<House>),
}

impl HouseList {
    /// How `houses` are named together; `None` for none.
    pub fn of(houses: &[House]) -> Option<HouseList> {
        let kind = |house: House| house / 9;
        match houses {
            [] => None,
            [house] => Some(HouseList::One(*house)),
            [first, rest @ ..] if rest.iter().all(|&h| kind(h) == kind(*first)) => Some(HouseList::OfKind(
                kind(*first),
                houses.iter().map(|h| h % 9 + 1).collect(),
            )),
            _ => Some(HouseList::Mixed(houses.to_vec())),
        }
    }
}

/// What to show on the board for a step.
#[derive(Clone, Debug, Default, PartialEq, Serialize)]
pub struct Highlights {
    pub cells: Vec<CellMark>,
    pub candidates: Vec<CandidateMark>,
    pub houses: Vec<HouseMark>,
    pub links: Vec<Link>,
}

/// One step of a solution.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Step {
    pub technique: Technique,
    pub name: &'static str,
    pub placements: Vec<CellDigit>,
    pub eliminations: Vec<CellDigit>,
    pub explanation: String,
    pub highlights: Highlights,
    /// The step's difficulty on the Sudoku Explainer scale: the technique's score, plus a little
    /// for long chains and large nets.
    pub score: f32,
    /// The chain (or the longest branch of a net) that proves the step, node by node.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub chain: Vec<ChainNode>,
    /// The explanation as data, for writing it in other languages (`None` for steps explained
    /// only in English, such as a script's).
    #[serde(skip)]
    pub text: Option<Box<Explanation>>,
}

/// What a step does, whatever pattern shows it: the candidates it places and those it removes,
/// each sorted. Two instances of a technique with the same effect are one move on the board.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Effect {
    pub placements: Vec<CellDigit>,
    pub eliminations: Vec<CellDigit>,
}

impl Step {
    /// What the step does ([`Effect`]).
    pub fn effect(&self) -> Effect {
        let sorted = |list: &[CellDigit]| {
            let mut list = list.to_vec();
            list.sort_unstable();
            list
        };
        Effect {
            placements: sorted(&self.placements),
            eliminations: sorted(&self.eliminations),
        }
    }

    pub fn new(technique: Technique) -> Step {
        Step {
            technique,
            name: technique.name(),
            placements: Vec::new(),
            eliminations: Vec::new(),
            explanation: String::new(),
            highlights: Highlights::default(),
            score: technique.score(),
            chain: Vec::new(),
            text: None,
        }
    }

    /// Sets the chain, draws its links on the board and adds the length bonus to the score.
    pub fn set_chain(&mut self, chain: Vec<ChainNode>) -> &mut Step {
        for pair in chain.windows(2) {
            let (from, to) = (&pair[0], &pair[1]);
            if let (Some(kind), Some(&a), Some(&b)) = (from.link, from.cells.first(), to.cells.first()) {
                self.link((a, from.digit), (b, to.digit), kind == LinkKind::Strong);
            }
            for &cell in &from.cells {
                self.mark_candidate(cell, from.digit, Role::Pattern);
            }
        }
        if let Some(last) = chain.last() {
            for &cell in &last.cells {
                self.mark_candidate(cell, last.digit, Role::Pattern);
            }
        }
        self.score = self.technique.score() + length_bonus(chain.len().saturating_sub(1));
        self.chain = chain;
        self
    }

    /// Whether the step changes anything.
    pub fn makes_progress(&self) -> bool {
        !self.placements.is_empty() || !self.eliminations.is_empty()
    }

    pub fn place(&mut self, cell: Cell, digit: Digit) -> &mut Step {
        self.placements.push(CellDigit { cell, digit });
        self.highlights.candidates.push(CandidateMark {
            cell,
            digit,
            role: Role::Target,
        });
        self
    }

    pub fn eliminate(&mut self, cell: Cell, digit: Digit) -> &mut Step {
        let target = CellDigit { cell, digit };
        if !self.eliminations.contains(&target) {
            self.eliminations.push(target);
            self.highlights.candidates.push(CandidateMark {
                cell,
                digit,
                role: Role::Target,
            });
        }
        self
    }

    pub fn mark_cell(&mut self, cell: Cell, role: Role) -> &mut Step {
        self.highlights.cells.push(CellMark { cell, role });
        self
    }

    pub fn mark_candidate(&mut self, cell: Cell, digit: Digit, role: Role) -> &mut Step {
        self.highlights.candidates.push(CandidateMark { cell, digit, role });
        self
    }

    pub fn mark_house(&mut self, house: House, role: HouseRole) -> &mut Step {
        self.highlights.houses.push(HouseMark { house, role });
        self
    }

    pub fn link(&mut self, from: (Cell, Digit), to: (Cell, Digit), strong: bool) -> &mut Step {
        let (from, to) = (
            CellDigit {
                cell: from.0,
                digit: from.1,
            },
            CellDigit {
                cell: to.0,
                digit: to.1,
            },
        );
        self.highlights.links.push(Link { from, to, strong });
        self
    }

    pub fn explain(&mut self, text: String) -> &mut Step {
        self.explanation = text;
        self
    }

    /// Sets the explanation when it is wanted; rating, which shows no text, skips the work.
    pub fn explain_with(&mut self, wanted: bool, text: impl FnOnce() -> Explanation) -> &mut Step {
        if wanted {
            let text = text();
            self.explanation = text.english();
            self.text = Some(Box::new(text));
        }
        self
    }

    /// Like [`Step::explain_with`], and the step's eliminations named after the reason ("…
    /// Result: r5c6 <> 7."): for patterns whose reason tells which cells lose a digit only by
    /// how they lie (almost locked sets, Sue de Coq). Call it once the eliminations are made.
    pub fn explain_result_with(&mut self, wanted: bool, text: impl FnOnce() -> Explanation) -> &mut Step {
        if !wanted {
            return self;
        }
        let result = Explanation::new(phrase("{reason} Result: {eliminations}."))
            .clause("reason", text())
            .notation("eliminations", eliminations_notation(&self.eliminations));
        self.explain_with(true, || result)
    }

    /// The explanation headed by the technique's name (`Naked Pair: …`), unless it already
    /// starts with it (`Skyscraper on 1: …`).
    pub fn titled_explanation(&self) -> String {
        if self.explanation.starts_with(self.name) {
            self.explanation.clone()
        } else {
            format!("{}: {}", self.name, self.explanation)
        }
    }

    /// Where to look, for the first stage of a hint: `Look at box 5: a naked pair`, `Look at
    /// rows 2 and 7: an x-wing` (every house of the pattern).
    pub fn summary(&self) -> String {
        let article = match self.name.chars().next() {
            Some('A' | 'E' | 'I' | 'O' | 'U' | 'X') => "an",
            _ => "a",
        };
        let name = self.name.to_lowercase();
        let area = houses_text(&self.base_houses(), &English)
            .or_else(|| self.highlights.cells.first().map(|c| cell_name(c.cell)))
            .or_else(|| self.placements.first().map(|p| cell_name(p.cell)));
        match area {
            Some(area) => format!("Look at {area}: {article} {name}"),
            None => format!("Look for {article} {name}"),
        }
    }

    /// The houses where the step's pattern lies (a fish's base lines, a subset's house), in
    /// the order it marked them; none for chains, sets and nets.
    pub fn base_houses(&self) -> Vec<House> {
        let base = self.highlights.houses.iter().filter(|h| h.role == HouseRole::Base);
        base.map(|h| h.house).collect()
    }

    /// `technique: r4c7=5 r3c4<>7`, the compact form of the CLI's solution path.
    pub fn compact(&self) -> String {
        let mut text = self.technique.id().to_string() + ":";
        for p in &self.placements {
            text += &format!(" {}={}", cell_name(p.cell), p.digit);
        }
        for e in &self.eliminations {
            text += &format!(" {}<>{}", cell_name(e.cell), e.digit);
        }
        text
    }
}

/// What a chain or net of `links` inferences adds to its technique's score, as Sudoku Explainer
/// does: 0.1 for each step up the ladder 4, 6, 8, 12, 16, 24, 32, 48, 64, 96, 128, …
pub fn length_bonus(links: usize) -> f32 {
    let mut bonus = 0.0;
    let mut threshold = 4usize;
    let mut even = true;
    while links > threshold {
        bonus += 0.1;
        threshold = if even { threshold * 3 / 2 } else { threshold * 4 / 3 };
        even = !even;
    }
    bonus
}

/// Cells and digits listed for explanations: `r1c1, r1c5`, `2, 7`.
pub fn list_cells(cells: impl IntoIterator<Item = Cell>) -> String {
    cells.into_iter().map(cell_name).collect::<Vec<_>>().join(", ")
}

pub fn list_digits(digits: impl IntoIterator<Item = Digit>) -> String {
    digits.into_iter().map(|d| d.to_string()).collect::<Vec<_>>().join(", ")
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::grid::cell_at;

    fn eliminated(items: &[(usize, usize, Digit)]) -> Vec<CellDigit> {
        items
            .iter()
            .map(|&(row, col, digit)| CellDigit {
                cell: cell_at(row - 1, col - 1),
                digit,
            })
            .collect()
    }

    #[test]
    fn eliminations_are_grouped_so_that_each_group_reads_apart() {
        // One cell losing one digit each: commas part them.
        assert_eq!(
            eliminations_notation(&eliminated(&[(1, 6, 1), (1, 2, 4)])),
            "r1c6 <> 1, r1c2 <> 4"
        );
        // A digit lost by several cells, in reading order.
        assert_eq!(
            eliminations_notation(&eliminated(&[(7, 3, 5), (2, 1, 5)])),
            "r2c1, r7c3 <> 5"
        );
        // One cell losing several digits: its digits together.
        assert_eq!(
            eliminations_notation(&eliminated(&[(2, 4, 8), (2, 4, 1), (2, 4, 3)])),
            "r2c4 <> 1, 3, 8"
        );
        // Groups of several cells or digits: semicolons part them.
        assert_eq!(
            eliminations_notation(&eliminated(&[
                (1, 8, 1),
                (3, 8, 1),
                (3, 8, 2),
                (2, 1, 8),
                (2, 6, 3),
                (2, 6, 8)
            ])),
            "r1c8, r3c8 <> 1; r3c8 <> 2; r2c6 <> 3; r2c1, r2c6 <> 8"
        );
        // The app's lists write the same groups with its own sign.
        assert_eq!(
            eliminations_written(&eliminated(&[(2, 3, 3), (2, 3, 5), (3, 3, 3)]), "≠"),
            "r2c3, r3c3 ≠ 3; r2c3 ≠ 5"
        );
    }
}

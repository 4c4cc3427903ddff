//! Explanations as data: an English template with named `{placeholders}` and the typed values
//! that fill them (digits, cells, houses, technique names, chain notation, nested clauses). The
//! engine renders them in English; the UI renders the same data in the user's language by
//! looking each template up with gettext (templates are marked with [`phrase`], which xgettext
//! extracts) and naming houses and techniques in that language.

use super::step::HouseList;
use super::technique::Technique;
use crate::engine::grid::{cell_name, house_name, Cell, Digit, House};

/// Marks an explanation template or word for translation where it is written (xgettext's
/// keyword `phrase`); the engine itself uses it as it is, in English.
pub const fn phrase(text: &str) -> &str {
    text
}

/// Several houses of one kind, by kind (rows, columns, boxes): `rows {list}`.
const HOUSES_OF_KIND: [&str; 3] = [phrase("rows {list}"), phrase("columns {list}"), phrase("boxes {list}")];

/// The template of [`Explanation::verbatim`], which needs no translation.
const VERBATIM: &str = "{text}";

/// A sentence or clause: a template with `{name}` placeholders and their values.
#[derive(Clone, Debug, PartialEq)]
pub struct Explanation {
    pub template: &'static str,
    pub args: Vec<(&'static str, Arg)>,
}

/// A value in an explanation, kept as data so each language can write it its own way.
#[derive(Clone, Debug, PartialEq)]
pub enum Arg {
    Digit(Digit),
    Number(usize),
    /// Digits listed: `2, 7`.
    Digits(Vec<Digit>),
    Cell(Cell),
    /// Cells listed: `r1c1, r1c5`.
    Cells(Vec<Cell>),
    House(House),
    /// Houses listed: `rows 1, 6 and 7`, `row 1 and box 5`.
    Houses(Vec<House>),
    Technique(Technique),
    /// Notation that reads the same in every language: a chain, `r4c7=5`, `r2c1 <> 5`.
    Notation(String),
    /// A word or phrase marked with [`phrase`], translated on its own: `columns`, `pair`.
    Word(&'static str),
    /// A nested clause.
    Clause(Box<Explanation>),
    /// Clauses written one after another with a separator that reads the same in every
    /// language (`"; "`, `", "`, `""`).
    Joined(Vec<Explanation>, &'static str),
    /// Items as prose: `a`, `a and b`, `a, b and c` (the "and" translated).
    And(Vec<Arg>),
}

/// How a language writes the parts of an explanation.
pub trait Language {
    /// The template (or marked word) in this language.
    fn phrase(&self, english: &'static str) -> String;
    /// A house by its number: `row 3`, `box 5`.
    fn house(&self, house: House) -> String;
    /// A technique's name.
    fn technique(&self, technique: Technique) -> String;
}

/// The engine's own language.
pub struct English;

impl Language for English {
    fn phrase(&self, english: &'static str) -> String {
        english.to_string()
    }

    fn house(&self, house: House) -> String {
        house_name(house)
    }

    fn technique(&self, technique: Technique) -> String {
        technique.name().to_string()
    }
}

impl Explanation {
    pub fn new(template: &'static str) -> Explanation {
        Explanation {
            template,
            args: Vec::new(),
        }
    }

    /// Text that is already written, the same in every language (a script's explanation).
    pub fn verbatim(text: impl Into<String>) -> Explanation {
        Explanation::new(VERBATIM).notation("text", text)
    }

    /// Adds a value for `{name}`.
    pub fn with(mut self, name: &'static str, value: Arg) -> Explanation {
        self.args.push((name, value));
        self
    }

    pub fn digit(self, name: &'static str, digit: Digit) -> Explanation {
        self.with(name, Arg::Digit(digit))
    }

    pub fn number(self, name: &'static str, n: usize) -> Explanation {
        self.with(name, Arg::Number(n))
    }

    pub fn digits(self, name: &'static str, digits: impl IntoIterator<Item = Digit>) -> Explanation {
        self.with(name, Arg::Digits(digits.into_iter().collect()))
    }

    /// Digits as prose, where a sentence lists them once: `3 and 5`, `1, 2 and 7`.
    pub fn digits_and(self, name: &'static str, digits: impl IntoIterator<Item = Digit>) -> Explanation {
        self.with(name, Arg::And(digits.into_iter().map(Arg::Digit).collect()))
    }

    pub fn cell(self, name: &'static str, cell: Cell) -> Explanation {
        self.with(name, Arg::Cell(cell))
    }

    pub fn cells(self, name: &'static str, cells: impl IntoIterator<Item = Cell>) -> Explanation {
        self.with(name, Arg::Cells(cells.into_iter().collect()))
    }

    /// Cells as prose, where a sentence lists them once: `r7c8 and r7c9`.
    pub fn cells_and(self, name: &'static str, cells: impl IntoIterator<Item = Cell>) -> Explanation {
        self.with(name, Arg::And(cells.into_iter().map(Arg::Cell).collect()))
    }

    pub fn house(self, name: &'static str, house: House) -> Explanation {
        self.with(name, Arg::House(house))
    }

    pub fn houses(self, name: &'static str, houses: impl IntoIterator<Item = House>) -> Explanation {
        self.with(name, Arg::Houses(houses.into_iter().collect()))
    }

    pub fn technique(self, name: &'static str, technique: Technique) -> Explanation {
        self.with(name, Arg::Technique(technique))
    }

    pub fn notation(self, name: &'static str, text: impl Into<String>) -> Explanation {
        self.with(name, Arg::Notation(text.into()))
    }

    /// A word marked with [`phrase`].
    pub fn word(self, name: &'static str, word: &'static str) -> Explanation {
        self.with(name, Arg::Word(word))
    }

    pub fn clause(self, name: &'static str, clause: Explanation) -> Explanation {
        self.with(name, Arg::Clause(Box::new(clause)))
    }

    pub fn joined(self, name: &'static str, clauses: Vec<Explanation>, separator: &'static str) -> Explanation {
        self.with(name, Arg::Joined(clauses, separator))
    }

    /// The explanation in `language`.
    pub fn render(&self, language: &dyn Language) -> String {
        let mut text = if self.template == VERBATIM {
            VERBATIM.to_string()
        } else {
            language.phrase(self.template)
        };
        for (name, value) in &self.args {
            let placeholder = format!("{{{name}}}");
            if text.contains(&placeholder) {
                text = text.replace(&placeholder, &value.render(language));
            }
        }
        text
    }

    pub fn english(&self) -> String {
        self.render(&English)
    }

    /// Every template and word this explanation uses, nested ones too (for tests that check
    /// they are all marked for translation).
    pub fn phrases(&self) -> Vec<&'static str> {
        let mut found: Vec<&'static str> = [self.template].into_iter().filter(|&t| t != VERBATIM).collect();
        for (_, value) in &self.args {
            value.collect_phrases(&mut found);
        }
        found
    }
}

impl Arg {
    fn render(&self, language: &dyn Language) -> String {
        let join = |items: Vec<String>| items.join(", ");
        match self {
            Arg::Digit(d) => d.to_string(),
            Arg::Number(n) => n.to_string(),
            Arg::Digits(digits) => join(digits.iter().map(|d| d.to_string()).collect()),
            Arg::Cell(cell) => cell_name(*cell),
            Arg::Cells(cells) => join(cells.iter().map(|&c| cell_name(c)).collect()),
            Arg::House(house) => language.house(*house),
            Arg::Houses(houses) => houses_in_prose(houses).render(language),
            Arg::Technique(technique) => language.technique(*technique),
            Arg::Notation(text) => text.clone(),
            Arg::Word(word) => language.phrase(word),
            Arg::Clause(clause) => clause.render(language),
            Arg::Joined(clauses, separator) => clauses
                .iter()
                .map(|c| c.render(language))
                .collect::<Vec<_>>()
                .join(separator),
            Arg::And(items) => {
                let mut items: Vec<String> = items.iter().map(|i| i.render(language)).collect();
                match items.pop() {
                    None => String::new(),
                    Some(last) if items.is_empty() => last,
                    Some(last) => Explanation::new(phrase("{items} and {last}"))
                        .notation("items", items.join(", "))
                        .notation("last", last)
                        .render(language),
                }
            }
        }
    }

    fn collect_phrases(&self, found: &mut Vec<&'static str>) {
        match self {
            Arg::Word(word) => found.push(word),
            Arg::Clause(clause) => found.extend(clause.phrases()),
            Arg::Joined(clauses, _) => clauses.iter().for_each(|c| found.extend(c.phrases())),
            Arg::Houses(houses) => houses_in_prose(houses).collect_phrases(found),
            Arg::And(items) => {
                if items.len() > 1 {
                    found.push("{items} and {last}");
                }
                items.iter().for_each(|i| i.collect_phrases(found));
            }
            _ => {}
        }
    }
}

/// An explanation's paragraphs (a nested net tells each inner contradiction in one of its own)
/// as one line: where two lines of text are all the room, as the message under the board.
pub fn in_one_line(text: &str) -> String {
    text.replace('\n', " ")
}

/// An explanation set under its step, `indent` before each of its lines (`nonet-cli path
/// --explain`, `hint`, the Solution Path's Copy), so that a line without one is a step's.
pub fn indented(text: &str, indent: &str) -> String {
    format!("{indent}{}", text.replace('\n', &format!("\n{indent}")))
}

/// Houses named in `language` as [`Arg::Houses`] names them (`rows 2 and 7`), where no sentence
/// holds them: a step's title and where a hint says to look. `None` for no house.
pub fn houses_text(houses: &[House], language: &dyn Language) -> Option<String> {
    (!houses.is_empty()).then(|| houses_in_prose(houses).render(language))
}

/// Houses as prose, for rendering and for the phrases that takes: one house; several of one
/// kind by their kind once (`rows 1, 6 and 7`); or mixed kinds each named (`row 1 and box 5`).
fn houses_in_prose(houses: &[House]) -> Arg {
    match HouseList::of(houses) {
        None => Arg::Notation(String::new()),
        Some(HouseList::One(house)) => Arg::House(house),
        Some(HouseList::OfKind(kind, numbers)) => Arg::Clause(Box::new(
            Explanation::new(HOUSES_OF_KIND[kind.min(2)])
                .with("list", Arg::And(numbers.into_iter().map(Arg::Number).collect())),
        )),
        Some(HouseList::Mixed(houses)) => Arg::And(houses.into_iter().map(Arg::House).collect()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    struct Shouting;

    impl Language for Shouting {
        fn phrase(&self, english: &'static str) -> String {
            let mut inside = false;
            english
                .chars()
                .map(|c| {
                    inside = (inside || c == '{') && c != '}';
                    if inside {
                        c
                    } else {
                        c.to_ascii_uppercase()
                    }
                })
                .collect()
        }
        fn house(&self, house: House) -> String {
            format!("H{house}")
        }
        fn technique(&self, _: Technique) -> String {
            "T".into()
        }
    }

    #[test]
    fn values_fill_their_placeholders_in_the_language_asked_for() {
        // (Not marked with `phrase`: test strings stay out of the catalogue.)
        let e = Explanation::new("In {house}, {digit} fits {where}: {why}")
            .house("house", 10)
            .digit("digit", 4)
            .word("where", "only here")
            .with("why", Arg::And(vec![Arg::Cell(0), Arg::Cell(1), Arg::Cell(80)]));
        assert_eq!(e.english(), "In column 2, 4 fits only here: r1c1, r1c2 and r9c9");
        // Placeholders keep their names whatever the language does to the rest.
        let shouted = Explanation::new("{h} x").house("h", 3).render(&Shouting);
        assert_eq!(shouted, "H3 X");
        assert_eq!(
            e.phrases(),
            vec![
                "In {house}, {digit} fits {where}: {why}",
                "only here",
                "{items} and {last}"
            ]
        );
    }

    #[test]
    fn houses_of_one_kind_are_named_by_their_kind_once() {
        let named = |houses: &[House]| Explanation::new("{h}").houses("h", houses.iter().copied());
        assert_eq!(named(&[0, 5, 6]).english(), "rows 1, 6 and 7");
        assert_eq!(named(&[11, 16]).english(), "columns 3 and 8");
        assert_eq!(named(&[18, 26]).english(), "boxes 1 and 9");
        assert_eq!(named(&[0, 22]).english(), "row 1 and box 5");
        assert_eq!(named(&[13]).english(), "column 5");
        // Without a sentence around them.
        assert_eq!(houses_text(&[11, 16], &English).as_deref(), Some("columns 3 and 8"));
        assert_eq!(houses_text(&[], &English), None);
        // In another language, the kind's word and the "and" are that language's.
        assert_eq!(named(&[0, 5, 6]).render(&Shouting), "ROWS 1, 6 AND 7");
        assert_eq!(named(&[0, 22]).render(&Shouting), "H0 AND H22");
        assert_eq!(
            named(&[0, 5]).phrases(),
            vec!["{h}", "rows {list}", "{items} and {last}"]
        );
    }
}

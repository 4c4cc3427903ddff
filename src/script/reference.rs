//! The scripting API as a reference: every function a script can call, on what, with which
//! parameters and what it gives, in a line each. The Lab's completion offers them as a player
//! types and `nonet-cli script functions` lists them; a test holds the list to what
//! `api::register` registers and to `docs/scripting.md`. The lines are English, marked for
//! translation where the app shows them.

use crate::i18n::n_;

/// What a function is called on.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Receiver {
    /// A plain function: `peers(c)`.
    None,
    /// A method of the grid a step is sought on: `g.candidates(c)`.
    Grid,
    /// A method of a step being built: `s.place(c, d)`.
    Step,
}

impl Receiver {
    /// How the reference writes the receiver before the name: `g.`, `s.` or nothing.
    pub fn prefix(self) -> &'static str {
        match self {
            Receiver::None => "",
            Receiver::Grid => "g.",
            Receiver::Step => "s.",
        }
    }
}

/// One function of the scripting API.
#[derive(Clone, Copy, Debug)]
pub struct Function {
    pub name: &'static str,
    pub receiver: Receiver,
    /// The parameters as written between the parentheses (`"c, d"`); `None` for a property
    /// read without them (`s.name`).
    pub parameters: Option<&'static str>,
    /// What it gives or does, in a line (English; the app translates it).
    pub summary: &'static str,
}

const fn grid(name: &'static str, parameters: &'static str, summary: &'static str) -> Function {
    Function {
        name,
        receiver: Receiver::Grid,
        parameters: Some(parameters),
        summary,
    }
}

const fn plain(name: &'static str, parameters: &'static str, summary: &'static str) -> Function {
    Function {
        name,
        receiver: Receiver::None,
        parameters: Some(parameters),
        summary,
    }
}

const fn step(name: &'static str, parameters: &'static str, summary: &'static str) -> Function {
    Function {
        name,
        receiver: Receiver::Step,
        parameters: Some(parameters),
        summary,
    }
}

/// Functions of Rhai's own that the reference lists, since scripts use them to report.
pub const FROM_RHAI: [&str; 2] = ["print", "debug"];

/// Every function a script can call, in the order `docs/scripting.md` tells them.
pub const FUNCTIONS: &[Function] = &[
    grid("value", "c", n_("The digit in cell c, 0 when it is empty")),
    grid("is_given", "c", n_("Whether cell c is a given")),
    grid("is_empty", "c", n_("Whether cell c is empty")),
    grid("candidates", "c", n_("The candidates of cell c, an array of digits")),
    grid("mask", "c", n_("The candidates of cell c as a mask, bit d for digit d")),
    grid("count", "c", n_("How many candidates cell c has")),
    grid("has", "c, d", n_("Whether d is a candidate of cell c")),
    grid("cells_with", "h, d", n_("The cells of house h where d is a candidate")),
    grid("empty_cells", "", n_("Every empty cell")),
    grid("is_solved", "", n_("Whether every cell is filled")),
    grid("to_string", "", n_("The grid as 81 characters, . for an empty cell")),
    plain("cell", "row, col", n_("The cell in a row and column, each 0–8")),
    plain("row_of", "c", n_("The row of cell c, 0–8")),
    plain("col_of", "c", n_("The column of cell c, 0–8")),
    plain("box_of", "c", n_("The box of cell c, 0–8")),
    plain("name", "c", n_("The name of cell c, as r1c1")),
    plain("row", "r", n_("The nine cells of row r, 0–8")),
    plain("col", "k", n_("The nine cells of column k, 0–8")),
    plain("box", "b", n_("The nine cells of box b, 0–8")),
    plain(
        "house",
        "h",
        n_("The nine cells of house h: rows 0–8, columns 9–17, boxes 18–26"),
    ),
    plain("houses", "", n_("Every house, 0–26")),
    plain("house_name", "h", n_("The name of house h, as row 1")),
    plain("peers", "c", n_("The 20 cells that share a house with cell c")),
    plain("sees", "a, b", n_("Whether cells a and b share a house")),
    plain("digits", "mask", n_("The digits of a mask, an array")),
    plain("popcount", "mask", n_("How many digits a mask holds")),
    plain(
        "step",
        "name",
        n_("A new step with this name, to add placements and the rest to"),
    ),
    step("place", "c, d", n_("Adds placing d in cell c to the step")),
    step(
        "eliminate",
        "c, d",
        n_("Adds removing candidate d from cell c to the step"),
    ),
    step("explain", "text", n_("Gives the step its explanation")),
    step("highlight", "c", n_("Shows cell c as part of the step's pattern")),
    step(
        "highlight_candidate",
        "c, d",
        n_("Shows candidate d of cell c as part of the step's pattern"),
    ),
    Function {
        name: "name",
        receiver: Receiver::Step,
        parameters: None,
        summary: n_("The step's name"),
    },
    plain(
        "builtin",
        "id, g",
        n_("The step Nonet's technique id finds in g, or ()"),
    ),
    plain("techniques", "", n_("Every technique id, simplest first")),
    plain(
        "techniques",
        "family",
        n_("The ids of one family's techniques (\"fish\", \"als\"…), simplest first"),
    ),
    plain("print", "value", n_("Writes a line to the output")),
    plain("debug", "value", n_("Writes a value to the output as Rhai shows it")),
];

impl Function {
    /// The call as the reference writes it: `g.cells_with(h, d)`, `peers(c)`, `s.name`.
    pub fn call(&self) -> String {
        match self.parameters {
            Some(parameters) => format!("{}{}({parameters})", self.receiver.prefix(), self.name),
            None => format!("{}{}", self.receiver.prefix(), self.name),
        }
    }
}

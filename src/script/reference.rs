//! The scripting API as a reference: every function a script can call, on what, with which
//! parameters and what it gives, in a line each (`nonet-cli script functions` lists them). A test
//! holds the list to what `api::register` registers and to `docs/scripting.md`.

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
    /// What it gives or does, in a line.
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
    grid("value", "c", "The digit in cell c, 0 when it is empty"),
    grid("is_given", "c", "Whether cell c is a given"),
    grid("is_empty", "c", "Whether cell c is empty"),
    grid("candidates", "c", "The candidates of cell c, an array of digits"),
    grid("mask", "c", "The candidates of cell c as a mask, bit d for digit d"),
    grid("count", "c", "How many candidates cell c has"),
    grid("has", "c, d", "Whether d is a candidate of cell c"),
    grid("cells_with", "h, d", "The cells of house h where d is a candidate"),
    grid("empty_cells", "", "Every empty cell"),
    grid("is_solved", "", "Whether every cell is filled"),
    grid("to_string", "", "The grid as 81 characters, . for an empty cell"),
    plain("cell", "row, col", "The cell in a row and column, each 0–8"),
    plain("row_of", "c", "The row of cell c, 0–8"),
    plain("col_of", "c", "The column of cell c, 0–8"),
    plain("box_of", "c", "The box of cell c, 0–8"),
    plain("name", "c", "The name of cell c, as r1c1"),
    plain("row", "r", "The nine cells of row r, 0–8"),
    plain("col", "k", "The nine cells of column k, 0–8"),
    plain("box", "b", "The nine cells of box b, 0–8"),
    plain(
        "house",
        "h",
        "The nine cells of house h: rows 0–8, columns 9–17, boxes 18–26",
    ),
    plain("houses", "", "Every house, 0–26"),
    plain("house_name", "h", "The name of house h, as row 1"),
    plain("peers", "c", "The 20 cells that share a house with cell c"),
    plain("sees", "a, b", "Whether cells a and b share a house"),
    plain("digits", "mask", "The digits of a mask, an array"),
    plain("popcount", "mask", "How many digits a mask holds"),
    plain(
        "step",
        "name",
        "A new step with this name, to add placements and the rest to",
    ),
    step("place", "c, d", "Adds placing d in cell c to the step"),
    step("eliminate", "c, d", "Adds removing candidate d from cell c to the step"),
    step("explain", "text", "Gives the step its explanation"),
    step("highlight", "c", "Shows cell c as part of the step's pattern"),
    step(
        "highlight_candidate",
        "c, d",
        "Shows candidate d of cell c as part of the step's pattern",
    ),
    Function {
        name: "name",
        receiver: Receiver::Step,
        parameters: None,
        summary: "The step's name",
    },
    plain("builtin", "id, g", "The step Nonet's technique id finds in g, or ()"),
    plain("techniques", "", "Every technique id, simplest first"),
    plain("print", "value", "Writes a line to the output"),
    plain("debug", "value", "Writes a value to the output as Rhai shows it"),
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

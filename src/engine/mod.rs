//! The Sudoku domain: board, formats, solver, generator and validation. Free of any GUI,
//! database or scripting dependency so every adapter (GTK app, CLI, store, scripts) can share it.
pub mod backtrack;
pub mod cellset;
pub mod daily;
pub mod format;
pub mod game;
pub mod generator;
pub mod grid;
pub mod ids;
pub mod input;
pub mod logic;
pub mod practice;
pub mod puzzle_entry;
pub mod solver;
pub mod validate;

pub use format::{Format, ParseError, ParseErrorKind};
pub use grid::{cell_name, house_name, Candidates, Cell, Digit, House, Position, CELLS};
pub use solver::Solutions;

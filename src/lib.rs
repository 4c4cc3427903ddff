//! Nonet: a Sudoku engine that explains itself, with a GTK desktop game around it.
pub mod engine;
#[cfg(feature = "gui")]
pub mod ui;

//! Nonet: a Sudoku engine that explains itself, with a GTK desktop game around it.
//!
//! The engine reads puzzles in the common formats, solves them and proves uniqueness:
//!
//! ```
//! use nonet::engine::{format, solver, Solutions};
//!
//! let puzzle = format::parse(
//!     "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79",
//! )?;
//! let Solutions::Unique(solution) = solver::solve(puzzle.values()) else { panic!("unique") };
//! assert_eq!(solution[..9], [5, 3, 4, 6, 7, 8, 9, 1, 2]);
//!
//! let problem = format::parse("55").unwrap_err();
//! assert_eq!(problem.to_string(), "line 1: expected 81 cells, found 2");
//! # Ok::<(), nonet::engine::ParseError>(())
//! ```
pub mod engine;
pub mod i18n;
pub mod output_file;
pub mod print;
pub mod script;
pub mod store;
#[cfg(feature = "gui")]
pub mod ui;

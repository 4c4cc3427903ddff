//! `nonet-cli`: the Sudoku engine from the command line — solve, count, generate, convert and
//! benchmark puzzle files.

mod commands;
mod progress;

use std::path::PathBuf;
use std::process::ExitCode;

use clap::{Parser, Subcommand};
use nonet::engine::generator::Symmetry;
use nonet::engine::logic::{Level, Technique};
use nonet::engine::Format;

/// Puzzle files hold one puzzle a line (81 characters, `.` or `0` for blanks, or a JSON
/// position); blank lines and lines starting with `#` are skipped; `-` reads standard input. A
/// file holding a single grid, `.sdk`, `.ss` or pencil-mark puzzle is read as that puzzle.
#[derive(Parser)]
#[command(name = "nonet-cli", version, about = "Nonet's Sudoku engine from the command line")]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand)]
enum Command {
    /// Solve each puzzle: its solution as 81 digits, or `invalid: <reason>`.
    Solve {
        /// Puzzle file, or `-` for standard input.
        file: PathBuf,
    },
    /// Count the solutions of each puzzle, up to a limit.
    Count {
        /// Stop counting at this many solutions.
        #[arg(long, default_value_t = 2, value_parser = clap::value_parser!(u64).range(1..))]
        limit: u64,
        /// Puzzle file, or `-` for standard input.
        file: PathBuf,
    },
    /// Generate puzzles with exactly one solution.
    Generate {
        /// How many puzzles to generate.
        #[arg(long, default_value_t = 1)]
        count: u64,
        /// Seed of the first puzzle (the next ones use seed+1, seed+2, …); random when absent.
        #[arg(long)]
        seed: Option<u64>,
        /// Symmetry of the clue pattern: none, rotational or mirror.
        #[arg(long, default_value = "none")]
        symmetry: Symmetry,
        /// Only puzzles where no clue can be removed.
        #[arg(long)]
        minimal: bool,
        /// Only puzzles rated at this level: easy, medium, hard, expert or master.
        #[arg(long)]
        difficulty: Option<Level>,
        /// One JSON object a line: puzzle, solution, clues, seed (and rating).
        #[arg(long)]
        json: bool,
    },
    /// The next logical step for a position, explained; a wrong entry is pointed out first.
    Hint {
        /// Look only for this technique (its id, e.g. x-wing); prints `none` if it does not apply.
        #[arg(long)]
        technique: Option<Technique>,
        /// Every instance found (of the technique, or of all techniques), one step a line.
        #[arg(long)]
        all: bool,
        /// Steps as JSON objects.
        #[arg(long)]
        json: bool,
        /// An 81-character puzzle, or a file in any supported format (JSON keeps pencil marks).
        position: String,
    },
    /// The logical solution path, one step a line; `stuck` if the techniques run out.
    Path {
        /// Steps as JSON objects.
        #[arg(long)]
        json: bool,
        /// An 81-character puzzle, or a file in any supported format.
        puzzle: String,
    },
    /// Rate each puzzle: `level score hardest-technique`.
    Rate {
        /// One JSON object a line with the step counts.
        #[arg(long)]
        json: bool,
        /// Puzzle file, or `-` for standard input.
        file: PathBuf,
    },
    /// Write each puzzle in another format.
    Convert {
        /// Output format: line, grid, sdk, ss, pm or json.
        #[arg(long)]
        to: Format,
        /// Puzzle file, or `-` for standard input.
        file: PathBuf,
    },
    /// Time the solver (solve plus proof of uniqueness) on puzzle files.
    Bench {
        /// One JSON object a line per file.
        #[arg(long)]
        json: bool,
        /// Puzzle files.
        #[arg(required = true)]
        files: Vec<PathBuf>,
    },
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    let result = match cli.command {
        Command::Solve { file } => commands::solve(&file),
        Command::Count { limit, file } => commands::count(&file, limit as usize),
        Command::Generate {
            count,
            seed,
            symmetry,
            minimal,
            difficulty,
            json,
        } => commands::generate(count, seed, symmetry, minimal, difficulty, json),
        Command::Hint {
            technique,
            all,
            json,
            position,
        } => commands::hint(&position, technique, all, json),
        Command::Path { json, puzzle } => commands::path(&puzzle, json),
        Command::Rate { json, file } => commands::rate(&file, json),
        Command::Convert { to, file } => commands::convert(&file, to),
        Command::Bench { json, files } => commands::bench(&files, json),
    };
    match result {
        Ok(true) => ExitCode::SUCCESS,
        Ok(false) => ExitCode::from(1),
        Err(error) => {
            eprintln!("nonet-cli: {error:#}");
            ExitCode::from(2)
        }
    }
}

//! `nonet-cli`: the Sudoku engine from the command line — solve, count, generate, convert and
//! benchmark puzzle files.

mod batch;
mod commands;
mod history;
mod pdf;
mod progress;
mod script;

use std::path::PathBuf;
use std::process::ExitCode;

use clap::{Parser, Subcommand};
use nonet::engine::daily::Day;
use nonet::engine::generator::Symmetry;
use nonet::engine::logic::hint::Uniqueness;
use nonet::engine::logic::{Family, Level, Technique};
use nonet::engine::Format;
use nonet::store::GameStatus;

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
    /// Solve each puzzle: its solution as 81 digits, or `invalid: <reason>`; with `--all`,
    /// every solution of each puzzle, one a line, then `N solutions`.
    Solve {
        /// Print every solution (up to --limit), then the count, for puzzles with several.
        #[arg(long)]
        all: bool,
        /// With --all: stop at this many solutions a puzzle (the count line then says so).
        #[arg(long, requires = "all", default_value_t = 10_000, value_parser = clap::value_parser!(u64).range(1..))]
        limit: u64,
        #[command(flatten)]
        jobs: Jobs,
        /// Puzzle file, `-` for standard input, or one puzzle as its 81 characters.
        file: PathBuf,
    },
    /// Count the solutions of each puzzle, up to a limit.
    Count {
        /// Stop counting at this many solutions.
        #[arg(long, default_value_t = 2, value_parser = clap::value_parser!(u64).range(1..))]
        limit: u64,
        #[command(flatten)]
        jobs: Jobs,
        /// Puzzle file, `-` for standard input, or one puzzle as its 81 characters.
        file: PathBuf,
    },
    /// Generate puzzles with exactly one solution.
    Generate {
        /// How many puzzles to generate.
        #[arg(long, default_value_t = 1, value_parser = clap::value_parser!(u64).range(1..))]
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
        /// The daily puzzle of this day (YYYY-MM-DD), as the app's Daily Puzzle gives it, and
        /// with --count those of the days after it.
        #[arg(long, value_name = "DATE", conflicts_with_all = ["seed", "symmetry", "minimal", "difficulty"])]
        daily: Option<Day>,
        /// One JSON object a line: puzzle, solution, clues, seed (and rating, and a daily
        /// puzzle's date).
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
        /// The next step without the techniques that rest on the puzzle having one solution
        /// (unique and avoidable rectangles, BUG+1), as the app's hints with Uniqueness in Hints
        /// off.
        #[arg(long, conflicts_with_all = ["technique", "all"])]
        without_uniqueness: bool,
        /// An 81-character puzzle, or a file in any supported format (JSON keeps pencil marks).
        position: String,
    },
    /// A position to practise a technique on, as HoDoKu's practising mode makes them: a random
    /// puzzle solved by the ladder up to a step of that technique, so that it is the easiest step
    /// there. Writes the position (pencil marks and all) on stdout; `hint` on it finds the step.
    #[command(visible_alias = "practice")]
    Practise {
        /// The technique's id (`nonet-cli techniques` lists them; not those only `hint
        /// --technique` asks).
        technique: Technique,
        /// Seed of the search; random when absent.
        #[arg(long)]
        seed: Option<u64>,
        /// Format of the position: json (givens, digits and candidates apart), pm (the forums'
        /// pencil-mark grid, which reads a cell with one candidate as filled), line, grid, sdk
        /// or ss.
        #[arg(long, default_value = "json", conflicts_with = "json")]
        to: Format,
        /// One JSON object: technique, puzzle, solution, seed, tried, position, step, rating.
        #[arg(long)]
        json: bool,
    },
    /// The logical solution path, one step a line; `stuck` if the techniques run out.
    Path {
        /// Steps as JSON objects.
        #[arg(long)]
        json: bool,
        /// Each step's explanation under it, indented.
        #[arg(long, conflicts_with = "json")]
        explain: bool,
        /// An 81-character puzzle, or a file in any supported format.
        puzzle: String,
    },
    /// Rate each puzzle: `level score hardest-technique`.
    Rate {
        /// One JSON object a line with the step counts.
        #[arg(long)]
        json: bool,
        #[command(flatten)]
        jobs: Jobs,
        /// Puzzle file, `-` for standard input, or one puzzle as its 81 characters.
        file: PathBuf,
    },
    /// Every technique, simplest first: its id (as `hint --technique` and a script's `builtin`
    /// take it), level, score and name; those the ladder of `path` and `rate` does not ask
    /// are marked.
    Techniques {
        /// One JSON object a line: id, name, level, score, family, ladder.
        #[arg(long)]
        json: bool,
        /// Only those of one family: singles, intersections, subsets, fish, single-digit, wings,
        /// uniqueness, chains, als, templates or forcing.
        #[arg(long)]
        family: Option<Family>,
    },
    /// Write each puzzle in another format.
    Convert {
        /// Output format: line, grid, sdk, ss, pm or json.
        #[arg(long)]
        to: Format,
        /// Puzzle file, `-` for standard input, or one puzzle as its 81 characters.
        file: PathBuf,
    },
    /// The app's game history: list, show, statistics, export (read only).
    History {
        /// The database (default: $NONET_DB, else $XDG_DATA_HOME/nonet/nonet.db, as the app).
        #[arg(long, global = true)]
        db: Option<PathBuf>,
        #[command(subcommand)]
        command: HistoryCommand,
    },
    /// Run your own solving steps, written in Rhai (see docs/scripting.md).
    Script {
        #[command(subcommand)]
        command: ScriptCommand,
    },
    /// Typeset puzzles as an A4 PDF to print: new ones at a level, or those of a file.
    ///
    /// Each puzzle typeset is also written to standard output, one line each (to keep, or to
    /// play in the app).
    Pdf {
        /// Level of the new puzzles: easy, medium, hard, expert or master (any when absent).
        #[arg(long, conflicts_with = "puzzles")]
        difficulty: Option<Level>,
        /// How many puzzles: new ones (1 unless given), or of the file from --from on (all
        /// unless given).
        #[arg(long, value_parser = clap::value_parser!(u64).range(1..=1000))]
        count: Option<u64>,
        /// Grids to a page: 1, 2, 4 or 6.
        #[arg(long, default_value_t = 1, value_parser = per_page)]
        per_page: usize,
        /// Add the solutions, on pages of their own at the end.
        #[arg(long)]
        solutions: bool,
        /// Seed of the first new puzzle (as `generate --seed`); random when absent.
        #[arg(long, conflicts_with = "puzzles")]
        seed: Option<u64>,
        /// Typeset the puzzles of this file instead of new ones, each captioned with its number
        /// in it.
        #[arg(long)]
        puzzles: Option<PathBuf>,
        /// The file's puzzle to begin with (from 1).
        #[arg(long, requires = "puzzles", value_parser = clap::value_parser!(u64).range(1..))]
        from: Option<u64>,
        /// The PDF file to write.
        out: PathBuf,
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

/// Threads for a command that answers each puzzle of a file on its own; answers come in the
/// file's order.
#[derive(clap::Args)]
struct Jobs {
    /// Worker threads, 1–256 (default: all cores for files of more than a few thousand puzzles,
    /// or of any size for `rate`).
    #[arg(long, value_parser = clap::value_parser!(u16).range(1..=256))]
    jobs: Option<u16>,
}

impl Jobs {
    /// The threads for files of at least `parallel_from` puzzles, unless `--jobs` says.
    fn threads(&self, parallel_from: usize) -> batch::Threads {
        batch::Threads {
            jobs: self.jobs.map(usize::from),
            parallel_from,
        }
    }
}

/// From how many puzzles `solve` and `count` use every core: below it, starting threads costs
/// more than it saves.
const SOLVE_IN_PARALLEL_FROM: usize = 4_000;

#[derive(Subcommand)]
enum ScriptCommand {
    /// Apply the script's steps to each puzzle until it finds none; report what it solved.
    Run {
        /// The script (it defines fn find_step(g)).
        script: PathBuf,
        /// A puzzle file (one puzzle a line, or any supported format; `-` for standard input).
        #[arg(long, conflicts_with = "position")]
        puzzles: Option<PathBuf>,
        /// One puzzle: 81 characters, or a file.
        #[arg(long)]
        position: Option<String>,
        /// When the script finds nothing: stop (none) or let the engine's techniques step in (builtin).
        #[arg(long, default_value = "none", value_parser = ["none", "builtin"])]
        fallback: String,
        /// Worker threads, 1–256 (default: all cores); each runs the script in its own process.
        #[arg(long, value_parser = clap::value_parser!(u16).range(1..=256))]
        jobs: Option<u16>,
        /// The most operations one find_step call may take before it is stopped (at least 1).
        #[arg(long, default_value_t = nonet::script::Limits::default().operations,
              value_parser = clap::value_parser!(u64).range(1..))]
        max_operations: u64,
        /// Seconds one find_step call may take before its worker is ended as not responding.
        #[arg(long, default_value_t = 3, value_parser = clap::value_parser!(u64).range(1..=3600))]
        timeout: u64,
        /// The address space of a script worker, in MiB (allocations beyond it end the worker).
        #[arg(long, default_value_t = 1024, value_parser = clap::value_parser!(u64).range(64..=65536))]
        memory: u64,
        /// One JSON object a puzzle, then the summary object.
        #[arg(long)]
        json: bool,
    },
    /// Every function a script can call: how it is called and what it gives, a line each.
    Functions {
        /// One JSON object a function: name, receiver (grid, step or none), parameters, summary.
        #[arg(long)]
        json: bool,
    },
}

#[derive(Subcommand)]
enum HistoryCommand {
    /// Past games, newest first.
    List {
        /// A JSON array of games.
        #[arg(long)]
        json: bool,
        /// At most this many games.
        #[arg(long)]
        limit: Option<usize>,
        /// Only this level: easy, medium, hard, expert or master.
        #[arg(long)]
        level: Option<Level>,
        /// Only this status: in-progress, solved, solved-by-computer or abandoned.
        #[arg(long)]
        status: Option<GameStatus>,
    },
    /// One game and all its moves.
    Show {
        /// The game's id (from `history list`).
        id: i64,
        /// One JSON object with the moves.
        #[arg(long)]
        json: bool,
    },
    /// Statistics per level: played, solved, solve rate, best/median/mean time, streaks.
    Stats {
        /// A JSON array, one object a level.
        #[arg(long)]
        json: bool,
    },
    /// The techniques your hints taught, the most asked first: what to practise.
    Hints {
        /// A JSON array: each technique's id and name, and how many hints asked for it.
        #[arg(long)]
        json: bool,
    },
    /// The days whose daily puzzle you solved alone, and your streaks of days in a row.
    Daily {
        /// One JSON object: solved, current_streak, best_streak, and the days.
        #[arg(long)]
        json: bool,
    },
    /// Every game, as JSON (with moves) or CSV (one row a game).
    Export {
        /// json or csv.
        #[arg(long, default_value = "json")]
        format: String,
        /// Write here instead of standard output.
        file: Option<PathBuf>,
    },
}

/// `--per-page`: one of the layouts the booklet offers.
fn per_page(text: &str) -> Result<usize, String> {
    text.parse::<usize>()
        .ok()
        .filter(|n| nonet::print::PER_PAGE.contains(n))
        .ok_or_else(|| format!("'{text}' is not 1, 2, 4 or 6"))
}

fn main() -> ExitCode {
    nonet::script::sandbox::serve_if_worker();
    let cli = Cli::parse();
    let result = match cli.command {
        Command::Solve {
            all: false, file, jobs, ..
        } => commands::solve(&file, jobs.threads(SOLVE_IN_PARALLEL_FROM)),
        Command::Solve {
            all: true,
            limit,
            file,
            jobs,
        } => {
            if jobs.jobs.is_some() {
                Err(anyhow::anyhow!(
                    "--jobs does not go with --all: every solution is printed as it is found"
                ))
            } else {
                commands::solve_all(&file, limit as usize)
            }
        }
        Command::Count { limit, file, jobs } => {
            commands::count(&file, limit as usize, jobs.threads(SOLVE_IN_PARALLEL_FROM))
        }
        Command::Generate {
            count,
            seed,
            symmetry,
            minimal,
            difficulty,
            daily,
            json,
        } => match daily {
            Some(day) => commands::generate_daily(day, count, json),
            None => commands::generate(count, seed, symmetry, minimal, difficulty, json),
        },
        Command::Hint {
            technique,
            all,
            json,
            without_uniqueness,
            position,
        } => {
            let uniqueness = match without_uniqueness {
                true => Uniqueness::Avoided,
                false => Uniqueness::Used,
            };
            commands::hint(&position, technique, all, json, uniqueness)
        }
        Command::Path { json, explain, puzzle } => commands::path(&puzzle, json, explain),
        Command::Rate { json, file, jobs } => commands::rate(&file, json, jobs.threads(2)),
        Command::Techniques { json, family } => commands::techniques(json, family),
        Command::Practise {
            technique,
            seed,
            to,
            json,
        } => commands::practise(technique, seed, to, json),
        Command::Convert { to, file } => commands::convert(&file, to),
        Command::Bench { json, files } => commands::bench(&files, json),
        Command::Pdf {
            difficulty,
            count,
            per_page,
            solutions,
            seed,
            puzzles,
            from,
            out,
        } => {
            let request = pdf::Request {
                difficulty,
                count,
                from,
                per_page,
                solutions,
                seed,
                puzzles: puzzles.as_deref(),
            };
            pdf::pdf(&request, &out)
        }
        Command::Script {
            command: ScriptCommand::Functions { json },
        } => script::functions(json),
        Command::Script {
            command:
                ScriptCommand::Run {
                    script,
                    puzzles,
                    position,
                    fallback,
                    jobs,
                    max_operations,
                    timeout,
                    memory,
                    json,
                },
        } => {
            let settings = script::Settings {
                fallback: fallback == "builtin",
                jobs: jobs.map(usize::from),
                limits: nonet::script::Limits {
                    operations: max_operations,
                    ..Default::default()
                },
                watchdog: nonet::script::sandbox::Watchdog {
                    memory_mib: memory,
                    script: std::time::Duration::from_secs(timeout),
                    ..Default::default()
                },
                json,
            };
            match script::run(&script, puzzles.as_deref(), position.as_deref(), &settings) {
                Ok(outcome) => return ExitCode::from(outcome as u8),
                Err(error) => Err(error),
            }
        }
        Command::History { db, command } => {
            let db = history::database(db);
            match command {
                HistoryCommand::List {
                    json,
                    limit,
                    level,
                    status,
                } => history::list(&db, json, limit, level, status),
                HistoryCommand::Show { id, json } => history::show(&db, id, json),
                HistoryCommand::Stats { json } => history::stats(&db, json),
                HistoryCommand::Hints { json } => history::hints(&db, json),
                HistoryCommand::Daily { json } => history::daily(&db, json),
                HistoryCommand::Export { format, file } => history::export(&db, &format, file.as_deref()),
            }
        }
    };
    match result {
        Ok(true) => ExitCode::SUCCESS,
        Ok(false) => ExitCode::from(1),
        // The reader went away (`| head`): what it wanted was written; nothing to say.
        Err(error) if is_broken_pipe(&error) => ExitCode::SUCCESS,
        Err(error) => {
            eprintln!("nonet-cli: {}", told(&error));
            ExitCode::from(2)
        }
    }
}

/// An error as a person reads it: its causes from the outermost, each I/O error in the system's
/// words alone (without " (os error 28)").
fn told(error: &anyhow::Error) -> String {
    let causes: Vec<String> = error
        .chain()
        .map(|cause| match cause.downcast_ref::<std::io::Error>() {
            Some(io) => nonet::engine::input::system_words(io),
            None => cause.to_string(),
        })
        .collect();
    causes.join(": ")
}

/// Whether writing failed because standard output's reader closed it.
fn is_broken_pipe(error: &anyhow::Error) -> bool {
    error.chain().any(|cause| {
        cause
            .downcast_ref::<std::io::Error>()
            .is_some_and(|io| io.kind() == std::io::ErrorKind::BrokenPipe)
    })
}

//! `nonet-cli pdf`: puzzles typeset as an A4 PDF, new ones at a level or those of a file, 1, 2, 4
//! or 6 to a page, with their solutions on the last pages if asked. The drawing is the library's
//! (`nonet::print`), the same the app prints with. Prints each puzzle typeset, one line each.

use std::io::Write;
use std::path::Path;

use anyhow::{bail, Context, Result};
use nonet::engine::generator;
use nonet::engine::grid::digits_to_line;
use nonet::engine::logic::{self, Level};
use nonet::engine::validate::check_puzzle;
use nonet::engine::{format, Digit, CELLS};
use nonet::print::{self, Booklet, Printed};

use crate::commands::read_text;
use crate::progress::Progress;

pub struct Request<'a> {
    pub difficulty: Option<Level>,
    pub count: u64,
    pub per_page: usize,
    pub solutions: bool,
    pub seed: Option<u64>,
    pub puzzles: Option<&'a Path>,
}

pub fn pdf(request: &Request, out: &Path) -> Result<bool> {
    let puzzles = match request.puzzles {
        Some(file) => from_file(file)?,
        None => generated(request)?,
    };
    let booklet = Booklet {
        puzzles,
        per_page: request.per_page,
        solutions: request.solutions,
    };
    print::write_pdf(&booklet, out)?;
    let mut stdout = std::io::stdout().lock();
    for printed in &booklet.puzzles {
        writeln!(stdout, "{}", digits_to_line(&printed.givens))?;
    }
    eprintln!(
        "wrote {} puzzles on {} pages to {}",
        booklet.puzzles.len(),
        booklet.page_count(),
        out.display()
    );
    Ok(true)
}

fn generated(request: &Request) -> Result<Vec<Printed>> {
    let seed = request.seed.unwrap_or_else(generator::random_seed);
    let mut progress = Progress::new(request.count, "generating");
    let never = std::sync::atomic::AtomicBool::new(false);
    let mut done = |_| progress.advance(1);
    Ok(print::new_puzzles(
        request.difficulty,
        request.count as usize,
        seed,
        |level| level.name().to_string(),
        &never,
        &mut done,
    )?)
}

/// The puzzles of a file, rated; a line that is not a valid puzzle with one solution stops the
/// run with its line number (a booklet with a broken puzzle in it helps nobody).
fn from_file(file: &Path) -> Result<Vec<Printed>> {
    let text = read_text(file)?;
    let lines = format::read_puzzles(&text);
    if lines.is_empty() {
        bail!("{}: no puzzles", file.display());
    }
    let mut progress = Progress::new(lines.len() as u64, "rating");
    let mut printed = Vec::new();
    for (line, puzzle) in lines {
        let position = puzzle.with_context(|| format!("{}: line {line}", file.display()))?;
        let givens: [Digit; CELLS] = *position.values();
        let solution = check_puzzle(&givens).with_context(|| format!("{}: line {line}", file.display()))?;
        let rating = logic::rate(&givens);
        printed.push(Printed::rated(printed.len() + 1, givens, solution, &rating, |level| {
            level.name().to_string()
        }));
        progress.advance(1);
    }
    Ok(printed)
}

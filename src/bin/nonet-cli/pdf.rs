//! `nonet-cli pdf`: puzzles typeset as an A4 PDF, new ones at a level or those of a file, 1, 2, 4
//! or 6 to a page, with their solutions on the last pages if asked. The drawing is the library's
//! (`nonet::print`), the same the app prints with. Prints each puzzle typeset, one line each.

use std::io::Write;
use std::path::Path;

use anyhow::{bail, Result};
use nonet::engine::format;
use nonet::engine::generator;
use nonet::engine::grid::digits_to_line;
use nonet::engine::logic::Level;
use nonet::print::{self, Booklet, Printed};

use crate::commands::read_text;
use crate::progress::Progress;

pub struct Request<'a> {
    pub difficulty: Option<Level>,
    /// How many: new puzzles (one unless given), or of the file (all unless given).
    pub count: Option<u64>,
    /// The file's puzzle to begin with, from 1.
    pub from: Option<u64>,
    pub per_page: usize,
    pub solutions: bool,
    pub seed: Option<u64>,
    pub puzzles: Option<&'a Path>,
}

pub fn pdf(request: &Request, out: &Path) -> Result<bool> {
    let puzzles = match request.puzzles {
        Some(file) => from_file(file, request.from, request.count)?,
        None => generated(request)?,
    };
    let booklet = Booklet {
        puzzles,
        per_page: request.per_page,
        solutions: request.solutions,
        words: print::PageWords::english(),
    };
    print::write_pdf(&booklet, out)?;
    let mut stdout = std::io::stdout().lock();
    for printed in &booklet.puzzles {
        writeln!(stdout, "{}", digits_to_line(&printed.givens))?;
    }
    let counted = |n: usize, noun: &str| format!("{n} {noun}{}", if n == 1 { "" } else { "s" });
    eprintln!(
        "wrote {} on {} to {}",
        counted(booklet.puzzles.len(), "puzzle"),
        counted(booklet.page_count(), "page"),
        out.display()
    );
    Ok(true)
}

fn generated(request: &Request) -> Result<Vec<Printed>> {
    let seed = request.seed.unwrap_or_else(generator::random_seed);
    let count = request.count.unwrap_or(1);
    let mut progress = Progress::new(count, "generating");
    let never = std::sync::atomic::AtomicBool::new(false);
    let mut done = |_| progress.advance(1);
    Ok(print::new_puzzles(
        request.difficulty,
        count as usize,
        seed,
        print::CaptionWords::ENGLISH,
        &never,
        &mut done,
    )?)
}

/// Puzzles of a file (`count` of them from puzzle `from` on, all by default), rated, each
/// captioned with its number in the file; one that is not a valid puzzle with exactly one
/// solution stops the run with its line (a booklet with a broken puzzle in it helps nobody).
fn from_file(file: &Path, from: Option<u64>, count: Option<u64>) -> Result<Vec<Printed>> {
    let text = read_text(file)?;
    let first = from.map_or(1, |n| n as usize);
    let held = format::puzzle_texts(&text).count();
    if held == 0 {
        bail!("{}: no puzzles", file.display());
    }
    if first > held {
        bail!("{}: there is no puzzle {first}: it holds {held}", file.display());
    }
    let count = count.map_or(usize::MAX, |n| n as usize).min(held + 1 - first);
    let mut progress = Progress::new(count as u64, "rating");
    let never = std::sync::atomic::AtomicBool::new(false);
    let words = print::CaptionWords::ENGLISH;
    let taken =
        print::text_puzzles(&text, first, count, words, &never, &mut |_| progress.advance(1)).expect("never cancelled");
    if let Some(broken) = taken.left_out.first() {
        bail!(
            "{}: line {} (puzzle {}): {}",
            file.display(),
            broken.line,
            broken.number,
            broken.problem
        );
    }
    Ok(taken.puzzles)
}

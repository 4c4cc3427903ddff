//! Puzzles typeset for paper: a booklet of grids, 1, 2, 4 or 6 to a page, each with a caption
//! (level, score, short id), and optionally their solutions on the last pages. Drawn with cairo
//! alone, so the same code fills a PDF file (`nonet-cli pdf`, [`write_pdf`]) and the pages of the
//! app's print operation (which hands it a cairo context per page).

use std::path::Path;

use std::sync::atomic::{AtomicBool, Ordering};

use crate::engine::format;
use crate::engine::game::{Paint, COLOUR_RGB};
use crate::engine::generator::{self, GenerateError, Options};
use crate::engine::grid::{digits_to_line, Candidates, Digit, CELLS};
use crate::engine::logic::{self, Level, Rating};
use crate::engine::validate::{read_checked, ImportError};
use crate::i18n::fill;
use crate::output_file::{Access, OutputFile};

/// A4 in PostScript points, and the margin a PDF page keeps (a printer keeps its own).
pub const A4: (f64, f64) = (595.28, 841.89);
pub const PDF_MARGIN: f64 = 40.0;

/// The layouts offered: grids to a page.
pub const PER_PAGE: [usize; 4] = [1, 2, 4, 6];

/// One puzzle to print.
#[derive(Clone, Debug, PartialEq)]
pub struct Printed {
    pub givens: [Digit; CELLS],
    pub solution: [Digit; CELLS],
    /// The player's digits (givens included), for printing a game in progress.
    pub values: Option<[Digit; CELLS]>,
    /// The player's pencil marks, likewise.
    pub marks: Option<[Candidates; CELLS]>,
    /// The colours the player gave cells and marks, likewise.
    pub paints: Option<[Paint; CELLS]>,
    /// The line above the grid: "3 · Hard · 4.2 · K7PZQD".
    pub caption: String,
}

/// How captions write a puzzle's number, level and score: the CLI's plain numbers, English
/// names and decimal point ([`CaptionWords::ENGLISH`]), the app's numbers, names and decimal
/// separator in the user's language.
#[derive(Clone, Copy)]
pub struct CaptionWords {
    /// A puzzle's number ("12345"), its digits grouped as the language groups them ("12,345").
    pub number: fn(u64) -> String,
    pub level: fn(Level) -> String,
    /// A number written with a decimal point ("9.2"), as the language writes it ("9,2").
    pub decimal: fn(&str) -> String,
}

impl CaptionWords {
    pub const ENGLISH: CaptionWords = CaptionWords {
        number: plain_number,
        level: english_level,
        decimal: str::to_string,
    };

    /// A score as a caption writes it, to one decimal: "4.2".
    pub fn score(&self, score: f32) -> String {
        (self.decimal)(&format!("{score:.1}"))
    }
}

fn plain_number(number: u64) -> String {
    number.to_string()
}

fn english_level(level: Level) -> String {
    level.name().to_string()
}

impl Printed {
    /// A puzzle with its caption: its number in the booklet or file (none for a game's board),
    /// level and score when known (as [`CaptionWords`] write them), and its [`short_id`].
    pub fn new(
        number: Option<&str>,
        givens: [Digit; CELLS],
        solution: [Digit; CELLS],
        level: Option<&str>,
        score: Option<&str>,
    ) -> Printed {
        let mut caption: Vec<String> = number.map(str::to_string).into_iter().collect();
        caption.extend(level.map(str::to_string));
        caption.extend(score.map(str::to_string));
        caption.push(short_id(&givens));
        Printed {
            givens,
            solution,
            values: None,
            marks: None,
            paints: None,
            caption: caption.join(" · "),
        }
    }

    /// A puzzle with the caption of its rating: the level (left out when the techniques could
    /// not finish it; the score then says at least how hard it is), in `words`.
    pub fn rated(
        number: usize,
        givens: [Digit; CELLS],
        solution: [Digit; CELLS],
        rating: &Rating,
        words: CaptionWords,
    ) -> Printed {
        let level = rating.solved.then(|| (words.level)(rating.level));
        let score = words.score(rating.score);
        let number = (words.number)(number as u64);
        Printed::new(Some(&number), givens, solution, level.as_deref(), Some(&score))
    }
}

/// `count` new puzzles to print, at `level` (any when `None`), from seed `seed` on (as `nonet-cli
/// generate --seed`), each rated for its caption, written in `words` (the CLI's English, the
/// app's language). `done` hears how many are ready; `cancel`
/// stops the search between (and inside) puzzles.
pub fn new_puzzles(
    level: Option<Level>,
    count: usize,
    seed: u64,
    words: CaptionWords,
    cancel: &AtomicBool,
    done: &mut dyn FnMut(usize),
) -> Result<Vec<Printed>, GenerateError> {
    let mut printed = Vec::with_capacity(count);
    for i in 0..count {
        if cancel.load(Ordering::Relaxed) {
            return Err(GenerateError::Cancelled);
        }
        let options = Options {
            seed: seed.wrapping_add(i as u64),
            difficulty: level,
            ..Options::default()
        };
        let generated = generator::generate_cancellable(options, cancel, &mut |_| {})?;
        let rating = generated.rating.unwrap_or_else(|| logic::rate(&generated.puzzle));
        printed.push(Printed::rated(
            i + 1,
            generated.puzzle,
            generated.solution,
            &rating,
            words,
        ));
        done(i + 1);
    }
    Ok(printed)
}

/// Puzzles of a text of several, to print.
#[derive(Debug)]
pub struct FromText {
    pub puzzles: Vec<Printed>,
    /// Those that can't be played.
    pub left_out: Vec<LeftOut>,
    /// How many puzzles the text holds.
    pub count: usize,
}

/// A puzzle of a text left out of a booklet: it can't be played.
#[derive(Debug)]
pub struct LeftOut {
    /// Its number in the text, from 1.
    pub number: usize,
    /// The line it starts on.
    pub line: usize,
    pub problem: ImportError,
}

/// Up to `count` puzzles of a text of several, from puzzle `first` (from 1) on, each rated for
/// its caption (in `words`), which starts with its number in the text (so a printed grid can be
/// found in the file again); one that can't be played is left out. `done` hears how many have
/// been read; `cancel` stops the work between puzzles (then `None`).
pub fn text_puzzles(
    text: &str,
    first: usize,
    count: usize,
    words: CaptionWords,
    cancel: &AtomicBool,
    done: &mut dyn FnMut(usize),
) -> Option<FromText> {
    let mut taken = FromText {
        puzzles: Vec::new(),
        left_out: Vec::new(),
        count: 0,
    };
    let wanted = first.max(1)..first.max(1).saturating_add(count);
    for (index, puzzle) in format::puzzle_texts(text).enumerate() {
        let number = index + 1;
        taken.count = number;
        if !wanted.contains(&number) {
            continue;
        }
        if cancel.load(Ordering::Relaxed) {
            return None;
        }
        match read_checked(&puzzle) {
            Ok((position, solution)) => {
                let givens = position.givens();
                let rating = logic::rate(&givens);
                taken
                    .puzzles
                    .push(Printed::rated(number, givens, solution, &rating, words));
            }
            Err(problem) => taken.left_out.push(LeftOut {
                number,
                line: puzzle.line,
                problem,
            }),
        }
        done(number + 1 - wanted.start);
    }
    Some(taken)
}

/// Six letters and digits that name a puzzle on paper (a hash of its givens, Crockford's base
/// 32 without the easily confused letters), so a printed grid can be found again.
pub fn short_id(givens: &[Digit; CELLS]) -> String {
    const ALPHABET: &[u8; 32] = b"0123456789ABCDEFGHJKMNPQRSTVWXYZ";
    // FNV-1a over the puzzle's line.
    let hash = digits_to_line(givens).bytes().fold(0xcbf2_9ce4_8422_2325_u64, |h, b| {
        (h ^ u64::from(b)).wrapping_mul(0x0100_0000_01b3)
    });
    (0..6)
        .map(|i| ALPHABET[(hash >> (i * 5)) as usize & 31] as char)
        .collect()
}

/// Puzzles and how to lay them out.
#[derive(Clone, Debug, PartialEq)]
pub struct Booklet {
    pub puzzles: Vec<Printed>,
    /// Grids to a page: 1, 2, 4 or 6 (others are taken as the next one up).
    pub per_page: usize,
    /// Whether the solutions follow, on pages of their own.
    pub solutions: bool,
    /// The words the pages write besides the captions.
    pub words: PageWords,
}

/// The words a page writes besides its grids' captions, as templates: above a solution
/// ("Solution {caption}") and at the foot of the page ("Nonet · page {page} of {pages}"). The
/// CLI writes them in English ([`PageWords::english`]), the app as its catalogue translates them.
#[derive(Clone, Debug, PartialEq)]
pub struct PageWords {
    pub solution: String,
    pub footer: String,
}

impl PageWords {
    pub fn english() -> PageWords {
        PageWords {
            solution: "Solution {caption}".to_string(),
            footer: "Nonet · page {page} of {pages}".to_string(),
        }
    }

    fn solution(&self, caption: &str) -> String {
        fill(&self.solution, &[("caption", &caption)])
    }

    fn footer(&self, page: usize, pages: usize) -> String {
        fill(&self.footer, &[("page", &page), ("pages", &pages)])
    }
}

/// Why a PDF could not be written.
#[derive(Debug, thiserror::Error)]
pub enum PrintError {
    #[error("nothing to print")]
    Empty,
    #[error("can't write {path}: {}", crate::engine::input::system_words(.cause))]
    Write { path: String, cause: std::io::Error },
    #[error("drawing failed: {0}")]
    Cairo(#[from] cairo::Error),
}

impl Booklet {
    fn per_page(&self) -> usize {
        PER_PAGE.into_iter().find(|&n| n >= self.per_page).unwrap_or(6)
    }

    fn puzzle_pages(&self) -> usize {
        self.puzzles.len().div_ceil(self.per_page())
    }

    pub fn page_count(&self) -> usize {
        self.puzzle_pages() * if self.solutions { 2 } else { 1 }
    }

    /// Draws page `page` (from 0) into the area (0, 0)–(width, height) of `cr`, in points.
    pub fn draw_page(&self, cr: &cairo::Context, page: usize, width: f64, height: f64) -> Result<(), cairo::Error> {
        let per_page = self.per_page();
        let solutions = page >= self.puzzle_pages();
        let first = (page % self.puzzle_pages().max(1)) * per_page;
        let (columns, rows) = match per_page {
            1 => (1, 1),
            2 => (1, 2),
            4 => (2, 2),
            _ => (2, 3),
        };
        let footer = 16.0;
        let (slot_w, slot_h) = (width / columns as f64, (height - footer) / rows as f64);
        let caption = (slot_h * 0.05).clamp(9.0, 14.0);
        let gap = caption * 1.2;
        let size = (slot_w - gap).min(slot_h - caption - 2.0 * gap).max(10.0);
        cr.set_source_rgb(1.0, 1.0, 1.0);
        cr.rectangle(0.0, 0.0, width, height);
        cr.fill()?;
        // Each caption and grid sits in the middle of its slot, so that what the grids leave of
        // the page is spread evenly above, between and below them.
        let spare_h = (slot_h - caption - gap - size).max(0.0);
        for (slot, printed) in self.puzzles.iter().skip(first).take(per_page).enumerate() {
            let (column, row) = (slot % columns, slot / columns);
            let left = column as f64 * slot_w + (slot_w - size) / 2.0;
            let top = row as f64 * slot_h + spare_h / 2.0 + caption + gap;
            cr.set_source_rgb(0.25, 0.25, 0.25);
            cr.select_font_face("Sans", cairo::FontSlant::Normal, cairo::FontWeight::Normal);
            cr.set_font_size(caption);
            let text = if solutions {
                self.words.solution(&printed.caption)
            } else {
                printed.caption.clone()
            };
            cr.move_to(left, top - gap * 0.45);
            cr.show_text(&text)?;
            let grid = Grid { left, top, size };
            if solutions {
                grid.draw(cr, &printed.givens, Some(&printed.solution), None, None)?;
            } else {
                let progress = (printed.values.as_ref(), printed.marks.as_ref());
                grid.draw(cr, &printed.givens, progress.0, progress.1, printed.paints.as_ref())?;
            }
        }
        cr.set_source_rgb(0.45, 0.45, 0.45);
        cr.select_font_face("Sans", cairo::FontSlant::Normal, cairo::FontWeight::Normal);
        cr.set_font_size(8.0);
        let footer_text = self.words.footer(page + 1, self.page_count());
        let extents = cr.text_extents(&footer_text)?;
        cr.move_to((width - extents.width()) / 2.0, height - 4.0);
        cr.show_text(&footer_text)?;
        Ok(())
    }
}

/// Writes the booklet as an A4 PDF file. Cairo writes into a file opened here, so that a
/// failure is the system's own ("No such file or directory", "No space left on device"), where a
/// file cairo opens itself fails as a bare "Write Error", or not at all on a full disk.
pub fn write_pdf(booklet: &Booklet, path: &Path) -> Result<(), PrintError> {
    if booklet.puzzles.is_empty() {
        return Err(PrintError::Empty);
    }
    let write_error = |cause| PrintError::Write {
        path: path.display().to_string(),
        cause,
    };
    // Written aside and put in place of an older file only once whole (a full disk leaves the
    // old one).
    let output = OutputFile::create(path, Access::Default).map_err(write_error)?;
    // (The file unbuffered: each of cairo's writes reaches it, so none fails unseen.)
    let stream = output.file().try_clone().map_err(write_error)?;
    let surface = cairo::PdfSurface::for_stream(A4.0, A4.1, stream)?;
    let drawn = draw_pdf(booklet, &surface);
    // A write that failed stops the drawing with cairo's bare "Write Error"; the stream has
    // the system's reason.
    surface
        .finish_output_stream()
        .map_err(|failed| write_error(failed.error))?;
    drawn?;
    surface.status()?;
    output.finish().map_err(write_error)
}

fn draw_pdf(booklet: &Booklet, surface: &cairo::PdfSurface) -> Result<(), cairo::Error> {
    surface.set_metadata(cairo::PdfMetadata::Title, "Sudoku puzzles")?;
    surface.set_metadata(cairo::PdfMetadata::Creator, "Nonet")?;
    let cr = cairo::Context::new(surface)?;
    for page in 0..booklet.page_count() {
        cr.save()?;
        cr.translate(PDF_MARGIN, PDF_MARGIN);
        booklet.draw_page(&cr, page, A4.0 - 2.0 * PDF_MARGIN, A4.1 - 2.0 * PDF_MARGIN)?;
        cr.restore()?;
        cr.show_page()?;
    }
    Ok(())
}

/// One grid on paper.
struct Grid {
    left: f64,
    top: f64,
    size: f64,
}

impl Grid {
    /// The player's coloured cells tinted, lines, then the givens in bold; the other digits of
    /// `values` in a lighter face; the pencil marks of empty cells small, each in its place of a
    /// 3×3 grid, a coloured one on a disc of its colour.
    fn draw(
        &self,
        cr: &cairo::Context,
        givens: &[Digit; CELLS],
        values: Option<&[Digit; CELLS]>,
        marks: Option<&[Candidates; CELLS]>,
        paints: Option<&[Paint; CELLS]>,
    ) -> Result<(), cairo::Error> {
        let cell = self.size / 9.0;
        // Sets the source to the player's colour `colour`, `amount` of the way from the paper's
        // white (as the board tints it); false, setting nothing, for no colour.
        let tint = |cr: &cairo::Context, colour: u8, amount: f64| {
            let Some(rgb) = COLOUR_RGB.get(usize::from(colour).wrapping_sub(1)) else {
                return false;
            };
            let mix = |c: u8| 1.0 + (f64::from(c) / 255.0 - 1.0) * amount;
            cr.set_source_rgb(mix(rgb[0]), mix(rgb[1]), mix(rgb[2]));
            true
        };
        for (index, paint) in paints.into_iter().flatten().enumerate() {
            if tint(cr, paint.cell(), 0.55) {
                let (x, y) = (
                    self.left + (index % 9) as f64 * cell,
                    self.top + (index / 9) as f64 * cell,
                );
                cr.rectangle(x, y, cell, cell);
                cr.fill()?;
            }
        }
        cr.set_source_rgb(0.0, 0.0, 0.0);
        for i in 0..=9 {
            if i % 3 == 0 {
                continue;
            }
            let at = i as f64 * cell;
            cr.set_line_width((self.size / 400.0).max(0.4));
            cr.move_to(self.left + at, self.top);
            cr.line_to(self.left + at, self.top + self.size);
            cr.move_to(self.left, self.top + at);
            cr.line_to(self.left + self.size, self.top + at);
            cr.stroke()?;
        }
        // Box lines over the cell lines, so the border is whole.
        cr.set_line_width((self.size / 110.0).max(1.2));
        for i in (0..=9).step_by(3) {
            let at = i as f64 * cell;
            cr.move_to(self.left + at, self.top);
            cr.line_to(self.left + at, self.top + self.size);
            cr.move_to(self.left, self.top + at);
            cr.line_to(self.left + self.size, self.top + at);
        }
        cr.stroke()?;
        for index in 0..CELLS {
            let (x, y) = (
                self.left + (index % 9) as f64 * cell,
                self.top + (index / 9) as f64 * cell,
            );
            let digit = values.map_or(givens[index], |v| v[index]);
            if digit != 0 {
                let given = givens[index] != 0;
                let weight = if given {
                    cr.set_source_rgb(0.0, 0.0, 0.0);
                    cairo::FontWeight::Bold
                } else {
                    cr.set_source_rgb(0.25, 0.25, 0.45);
                    cairo::FontWeight::Normal
                };
                cr.select_font_face("Sans", cairo::FontSlant::Normal, weight);
                cr.set_font_size(cell * 0.6);
                centred(cr, &digit.to_string(), x + cell / 2.0, y + cell / 2.0)?;
            } else if let Some(marks) = marks {
                cr.select_font_face("Sans", cairo::FontSlant::Normal, cairo::FontWeight::Normal);
                cr.set_font_size(cell * 0.26);
                for mark in marks[index].iter() {
                    let (r, c) = (f64::from((mark - 1) / 3), f64::from((mark - 1) % 3));
                    let colour = paints.map_or(0, |p| p[index].candidate(mark));
                    if tint(cr, colour, 0.85) {
                        let (cx, cy) = (x + (c + 0.5) * cell / 3.0, y + (r + 0.5) * cell / 3.0);
                        cr.arc(cx, cy, cell / 6.6, 0.0, std::f64::consts::TAU);
                        cr.fill()?;
                    }
                    cr.set_source_rgb(0.35, 0.35, 0.35);
                    centred(
                        cr,
                        &mark.to_string(),
                        x + (c + 0.5) * cell / 3.0,
                        y + (r + 0.5) * cell / 3.0,
                    )?;
                }
            }
        }
        Ok(())
    }
}

fn centred(cr: &cairo::Context, text: &str, x: f64, y: f64) -> Result<(), cairo::Error> {
    let extents = cr.text_extents(text)?;
    cr.move_to(
        x - extents.width() / 2.0 - extents.x_bearing(),
        y - extents.height() / 2.0 - extents.y_bearing(),
    );
    cr.show_text(text)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::generator::Options;

    #[test]
    fn short_ids_are_six_characters_and_tell_puzzles_apart() {
        let mut a = [0; CELLS];
        a[0] = 5;
        let mut b = a;
        b[80] = 1;
        assert_eq!(short_id(&a).len(), 6);
        assert_eq!(short_id(&a), short_id(&a));
        assert_ne!(short_id(&a), short_id(&b));
    }

    #[test]
    fn a_caption_writes_the_puzzles_number_in_the_words_given() {
        let line = "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79";
        let givens = *crate::engine::format::parse_line(line).unwrap().values();
        let solution = crate::engine::validate::check_puzzle(&givens).unwrap();
        let rating = crate::engine::logic::rate(&givens);
        let caption = |words| Printed::rated(12_345, givens, solution, &rating, words).caption;
        assert!(caption(CaptionWords::ENGLISH).starts_with("12345 · Easy · "));
        let german = CaptionWords {
            number: |n| format!("{}.{:03}", n / 1000, n % 1000),
            level: |_| "Leicht".to_string(),
            decimal: |d| d.replace('.', ","),
        };
        assert!(caption(german).starts_with("12.345 · Leicht · "), "{}", caption(german));
        // A game's board has no number: its caption starts with the level.
        let board = Printed::new(None, givens, solution, Some("Easy"), None);
        assert_eq!(board.caption, format!("Easy · {}", short_id(&givens)));
    }

    #[test]
    fn pages_hold_the_puzzles_then_the_solutions() {
        let score = CaptionWords::ENGLISH.score(4.25);
        let printed = Printed::new(Some("1"), [0; CELLS], [1; CELLS], Some("Hard"), Some(&score));
        assert!(printed.caption.starts_with("1 · Hard · 4.2 · "), "{}", printed.caption);
        let booklet = |n, per_page, solutions| Booklet {
            puzzles: vec![printed.clone(); n],
            per_page,
            solutions,
            words: PageWords::english(),
        };
        assert_eq!(booklet(6, 6, true).page_count(), 2);
        assert_eq!(booklet(7, 6, false).page_count(), 2);
        assert_eq!(booklet(5, 4, true).page_count(), 4);
        assert_eq!(booklet(3, 3, false).page_count(), 1, "3 to a page is laid out as 4");
        assert_eq!(booklet(1, 1, false).page_count(), 1);
    }

    /// Whether `solution` fills every house with 1–9 and keeps the givens.
    fn solves(givens: &[Digit; CELLS], solution: &[Digit; CELLS]) -> bool {
        use crate::engine::grid::HOUSES;
        let kept = (0..CELLS).all(|c| givens[c] == 0 || givens[c] == solution[c]);
        let houses = HOUSES.iter().all(|house| {
            let mut digits: Vec<Digit> = house.iter().map(|&c| solution[c]).collect();
            digits.sort_unstable();
            digits == (1..=9).collect::<Vec<_>>()
        });
        kept && houses
    }

    #[test]
    fn a_texts_puzzles_are_taken_by_their_numbers_and_the_unplayable_left_out() {
        let puzzle = |seed| {
            generator::generate(Options {
                seed,
                ..Options::default()
            })
            .expect("a puzzle")
            .puzzle
        };
        let (a, b, c) = (puzzle(1), puzzle(2), puzzle(3));
        // Puzzle 2 has every solution; a comment and a blank line count for nothing.
        let text = format!(
            "# four\n{}\n{}\n\n{}\n{}\n",
            digits_to_line(&a),
            ".".repeat(81),
            digits_to_line(&b),
            digits_to_line(&c)
        );
        let words = CaptionWords::ENGLISH;
        let never = AtomicBool::new(false);
        let mut heard = Vec::new();
        let taken = text_puzzles(&text, 2, 2, words, &never, &mut |n| heard.push(n)).unwrap();
        assert_eq!(taken.count, 4);
        assert_eq!(heard, [1, 2]);
        assert_eq!(taken.left_out.len(), 1);
        assert_eq!((taken.left_out[0].number, taken.left_out[0].line), (2, 3));
        let problem = &taken.left_out[0].problem;
        assert!(matches!(problem, ImportError::Problem(_)), "{problem:?}");
        assert_eq!(taken.puzzles.len(), 1);
        let printed = &taken.puzzles[0];
        assert_eq!(printed.givens, b);
        assert!(solves(&b, &printed.solution));
        let rating = logic::rate(&b);
        let caption = format!("3 · {} · {:.1} · {}", rating.level.name(), rating.score, short_id(&b));
        assert_eq!(printed.caption, caption, "numbered as in the text");
        // Past the end: nothing, the count still told; the last two from 3 on; cancelled.
        let past = text_puzzles(&text, 9, 3, words, &never, &mut |_| {}).unwrap();
        assert!(past.puzzles.is_empty() && past.left_out.is_empty());
        assert_eq!(past.count, 4);
        let last = text_puzzles(&text, 3, 60, words, &never, &mut |_| {}).unwrap();
        let numbers: Vec<&str> = last.puzzles.iter().map(|p| &p.caption[..1]).collect();
        assert_eq!(numbers, ["3", "4"]);
        assert_eq!(last.puzzles[1].givens, c);
        assert!(solves(&c, &last.puzzles[1].solution));
        let cancelled = AtomicBool::new(true);
        assert!(text_puzzles(&text, 1, 4, words, &cancelled, &mut |_| {}).is_none());
    }
}

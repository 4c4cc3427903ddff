//! Runs one job over every puzzle of a file (`solve`, `count`, `rate`), on several threads when
//! that pays, and writes the answers in the file's order: each thread takes the next chunk of
//! puzzles and answers it into a buffer of its own; the main thread writes finished chunks as
//! soon as every chunk before them is written.

use std::collections::BTreeMap;
use std::io::Write;
use std::path::Path;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::mpsc;

use anyhow::Result;
use nonet::engine::{format, ParseError, CELLS};

use crate::commands::{note_if_empty, read_text};
use crate::progress::Progress;

/// What a job writes for one chunk of puzzles: its lines for standard output and for standard
/// error, each kept in order.
#[derive(Default)]
pub struct Answers {
    pub out: Vec<u8>,
    pub err: Vec<u8>,
}

/// How many threads to use and from how many puzzles on.
#[derive(Clone, Copy)]
pub struct Threads {
    /// `--jobs`, or None for every core.
    pub jobs: Option<usize>,
    /// Below this many puzzles one thread does it all, unless `--jobs` asks for more.
    pub parallel_from: usize,
}

impl Threads {
    fn count(self, puzzles: usize) -> usize {
        match self.jobs {
            Some(jobs) => jobs.max(1),
            None if puzzles >= self.parallel_from => std::thread::available_parallelism().map_or(1, |n| n.get()),
            None => 1,
        }
    }
}

type Puzzle = (usize, Result<[u8; CELLS], ParseError>);

/// Reads the file and answers every puzzle with `job` (given its line number and givens);
/// a line that does not parse is answered `invalid: <reason>`, with `line N: <reason>` on
/// standard error. Returns whether every line parsed.
pub fn run(
    path: &Path,
    what: &str,
    threads: Threads,
    job: impl Fn(usize, &[u8; CELLS], &mut Answers) + Sync,
) -> Result<bool> {
    let text = read_text(path)?;
    let puzzles = format::read_givens(&text);
    drop(text);
    note_if_empty(path, puzzles.len());
    let all_read = puzzles.iter().all(|(_, puzzle)| puzzle.is_ok());
    let threads = threads.count(puzzles.len()).min(puzzles.len().max(1));
    // Small enough chunks that threads share the work evenly and progress moves; large enough
    // that handing them out costs nothing.
    let chunk = (puzzles.len() / (threads * 32)).clamp(1, 1024);
    let answer = |chunk: &[Puzzle]| {
        let mut answers = Answers::default();
        for (line, puzzle) in chunk {
            match puzzle {
                Ok(givens) => job(*line, givens, &mut answers),
                Err(error) => {
                    let _ = writeln!(answers.err, "line {line}: {}", error.without_line());
                    let _ = writeln!(answers.out, "invalid: {}", error.without_line());
                }
            }
        }
        answers
    };

    let mut progress = Progress::new(puzzles.len() as u64, what);
    let mut out = std::io::BufWriter::with_capacity(1 << 16, std::io::stdout().lock());
    let mut write = |answers: &Answers, count: usize| -> std::io::Result<()> {
        if !answers.err.is_empty() {
            out.flush()?;
            std::io::stderr().write_all(&answers.err)?;
        }
        out.write_all(&answers.out)?;
        progress.advance(count as u64);
        Ok(())
    };

    let chunks: Vec<&[Puzzle]> = puzzles.chunks(chunk).collect();
    if threads <= 1 {
        for chunk in &chunks {
            write(&answer(chunk), chunk.len())?;
        }
    } else {
        let next = AtomicUsize::new(0);
        let stop = AtomicBool::new(false);
        let written = std::thread::scope(|scope| -> std::io::Result<()> {
            let (sender, receiver) = mpsc::channel();
            for _ in 0..threads {
                let sender = sender.clone();
                let (next, stop, chunks, answer) = (&next, &stop, &chunks, &answer);
                scope.spawn(move || {
                    while !stop.load(Ordering::Relaxed) {
                        let index = next.fetch_add(1, Ordering::Relaxed);
                        let Some(chunk) = chunks.get(index) else { break };
                        if sender.send((index, answer(chunk))).is_err() {
                            break;
                        }
                    }
                });
            }
            drop(sender);
            let mut waiting = BTreeMap::new();
            let mut due = 0;
            for (index, answers) in receiver {
                waiting.insert(index, answers);
                while let Some(answers) = waiting.remove(&due) {
                    if let Err(error) = write(&answers, chunks[due].len()) {
                        // Standard output closed (a pipe into `head`): stop the threads.
                        stop.store(true, Ordering::Relaxed);
                        return Err(error);
                    }
                    due += 1;
                }
            }
            Ok(())
        });
        written?;
    }
    out.flush()?;
    Ok(all_read)
}

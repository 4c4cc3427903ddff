//! `nonet-cli pdf` checked from the outside: the PDF is rendered with poppler (`pdftoppm`), its
//! grids found in the pixels (ten lines each way, 81 cells), and the digits it prints read back
//! with `pdftotext -bbox` and placed in their cells by those lines; they must be the puzzles the
//! command says it typeset, and on the last page their solutions, valid by the rules.

use std::path::Path;
use std::process::Command;

use assert_cmd::prelude::*;
use nonet::engine::logic::{self, Level};
use nonet::engine::validate::check_puzzle;

fn cli() -> Command {
    Command::cargo_bin("nonet-cli").unwrap()
}

fn digits(line: &str) -> [u8; 81] {
    std::array::from_fn(|i| char::from(line.as_bytes()[i]).to_digit(10).unwrap_or(0) as u8)
}

/// One grid found on a page: the x of its ten vertical lines and the y of its ten horizontal ones.
#[derive(Debug)]
struct FoundGrid {
    xs: Vec<f64>,
    ys: Vec<f64>,
}

impl FoundGrid {
    /// The cell a point falls in, if inside the grid.
    fn cell_at(&self, x: f64, y: f64) -> Option<usize> {
        let inside = |lines: &[f64], v: f64| lines[0] < v && v < lines[9];
        if !inside(&self.xs, x) || !inside(&self.ys, y) {
            return None;
        }
        let column = self.xs.iter().filter(|&&l| l < x).count() - 1;
        let row = self.ys.iter().filter(|&&l| l < y).count() - 1;
        Some(row * 9 + column)
    }
}

/// A page rendered at 72 dpi (a pixel is a point) in grey: (width, height, pixels).
fn render(pdf: &Path, page: usize) -> (usize, usize, Vec<u8>) {
    let prefix = pdf.with_extension(format!("p{page}"));
    let status = Command::new("pdftoppm")
        .args([
            "-r",
            "72",
            "-gray",
            "-singlefile",
            "-f",
            &page.to_string(),
            "-l",
            &page.to_string(),
        ])
        .arg(pdf)
        .arg(&prefix)
        .status()
        .expect("pdftoppm (poppler-utils, installed by scripts/setup.sh)");
    assert!(status.success());
    let data = std::fs::read(prefix.with_extension(format!("p{page}.pgm"))).unwrap();
    // Binary PGM: "P5\n<width> <height>\n<max>\n" then the pixels.
    let mut fields = Vec::new();
    let mut at = 0;
    while fields.len() < 4 {
        while data[at].is_ascii_whitespace() {
            at += 1;
        }
        let start = at;
        while !data[at].is_ascii_whitespace() {
            at += 1;
        }
        fields.push(String::from_utf8_lossy(&data[start..at]).to_string());
    }
    let (width, height): (usize, usize) = (fields[1].parse().unwrap(), fields[2].parse().unwrap());
    (width, height, data[at + 1..].to_vec())
}

/// Line segments at least `min` pixels long: (position across, start, end along). `vertical`
/// scans columns; otherwise rows. Adjacent parallel pixels of one thick line are merged.
fn segments(page: &(usize, usize, Vec<u8>), vertical: bool, min: usize) -> Vec<(f64, usize, usize)> {
    let (width, height, pixels) = page;
    let dark = |x: usize, y: usize| pixels[y * width + x] < 110;
    let (across, along) = if vertical { (*width, *height) } else { (*height, *width) };
    let mut found: Vec<(f64, usize, usize)> = Vec::new();
    for a in 0..across {
        let mut run = 0;
        for b in 0..=along {
            let on = b < along && if vertical { dark(a, b) } else { dark(b, a) };
            if on {
                run += 1;
                continue;
            }
            if run >= min {
                let (start, end) = (b - run, b);
                // Part of a thick line already seen one pixel before?
                match found
                    .iter_mut()
                    .find(|(p, s, e)| (a as f64 - *p).abs() <= 2.5 && s.abs_diff(start) <= 3 && e.abs_diff(end) <= 3)
                {
                    Some(line) => line.0 = (line.0 + a as f64) / 2.0,
                    None => found.push((a as f64, start, end)),
                }
            }
            run = 0;
        }
    }
    found
}

/// The grids of a page, in reading order (top to bottom, left to right).
fn grids(page: &(usize, usize, Vec<u8>)) -> Vec<FoundGrid> {
    let vertical = segments(page, true, 80);
    let horizontal = segments(page, false, 80);
    let mut grids: Vec<FoundGrid> = Vec::new();
    // Group the vertical lines by the span they cover and by neighbourhood.
    let mut spans: Vec<(usize, usize)> = vertical.iter().map(|&(_, s, e)| (s, e)).collect();
    spans.sort();
    spans.dedup_by(|a, b| a.0.abs_diff(b.0) <= 3 && a.1.abs_diff(b.1) <= 3);
    for (top, bottom) in spans {
        let mut xs: Vec<f64> = vertical
            .iter()
            .filter(|(_, s, e)| s.abs_diff(top) <= 3 && e.abs_diff(bottom) <= 3)
            .map(|&(x, _, _)| x)
            .collect();
        xs.sort_by(f64::total_cmp);
        for columns in xs.chunks(10) {
            let (left, right) = (columns[0], columns[columns.len() - 1]);
            let mut ys: Vec<f64> = horizontal
                .iter()
                .filter(|&&(y, s, e)| {
                    (top as f64 - 3.0..=bottom as f64 + 3.0).contains(&y)
                        && (s as f64 - left).abs() <= 4.0
                        && (e as f64 - right).abs() <= 4.0
                })
                .map(|&(y, _, _)| y)
                .collect();
            ys.sort_by(f64::total_cmp);
            grids.push(FoundGrid {
                xs: columns.to_vec(),
                ys,
            });
        }
    }
    grids.sort_by(|a, b| (a.ys[0] as i64, a.xs[0] as i64).cmp(&(b.ys[0] as i64, b.xs[0] as i64)));
    grids
}

/// The single digits printed on a page and where their middles are, from `pdftotext -bbox`.
fn printed_digits(pdf: &Path, page: usize) -> Vec<(u8, f64, f64)> {
    let out = Command::new("pdftotext")
        .args(["-bbox", "-f", &page.to_string(), "-l", &page.to_string()])
        .arg(pdf)
        .arg("-")
        .output()
        .expect("pdftotext (poppler-utils)");
    assert!(out.status.success());
    let text = String::from_utf8(out.stdout).unwrap();
    let attribute = |line: &str, name: &str| -> f64 {
        let from = line.find(&format!("{name}=\"")).unwrap() + name.len() + 2;
        line[from..].split('"').next().unwrap().parse().unwrap()
    };
    text.lines()
        .filter(|line| line.trim_start().starts_with("<word"))
        .filter_map(|line| {
            let word = line.split('>').nth(1)?.split('<').next()?;
            let digit = word
                .parse::<u8>()
                .ok()
                .filter(|d| (1..=9).contains(d) && word.len() == 1)?;
            let x = (attribute(line, "xMin") + attribute(line, "xMax")) / 2.0;
            let y = (attribute(line, "yMin") + attribute(line, "yMax")) / 2.0;
            Some((digit, x, y))
        })
        .collect()
}

/// What each grid of a page shows, read from the PDF.
fn read_page(pdf: &Path, page: usize) -> Vec<[u8; 81]> {
    let rendered = render(pdf, page);
    let found = grids(&rendered);
    for grid in &found {
        assert_eq!((grid.xs.len(), grid.ys.len()), (10, 10), "ten lines each way: {grid:?}");
        let cells = grid.xs.windows(2).count() * grid.ys.windows(2).count();
        assert_eq!(cells, 81);
    }
    let mut shown = vec![[0u8; 81]; found.len()];
    for (digit, x, y) in printed_digits(pdf, page) {
        let placed = found
            .iter()
            .enumerate()
            .find_map(|(i, g)| g.cell_at(x, y).map(|c| (i, c)));
        if let Some((grid, cell)) = placed {
            assert_eq!(shown[grid][cell], 0, "two digits in one cell");
            shown[grid][cell] = digit;
        }
    }
    shown
}

#[test]
fn six_hard_puzzles_to_a_page_with_their_solutions() {
    let dir = tempfile::tempdir().unwrap();
    let pdf = dir.path().join("out.pdf");
    let out = cli()
        .args([
            "pdf",
            "--difficulty",
            "hard",
            "--count",
            "6",
            "--per-page",
            "6",
            "--solutions",
            "--seed",
            "11",
        ])
        .arg(&pdf)
        .output()
        .unwrap();
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    let puzzles: Vec<[u8; 81]> = String::from_utf8(out.stdout).unwrap().lines().map(digits).collect();
    assert_eq!(puzzles.len(), 6);
    for puzzle in &puzzles {
        assert!(check_puzzle(puzzle).is_ok(), "one solution");
        assert_eq!(logic::rate(puzzle).level, Level::Hard);
    }
    let info = Command::new("pdfinfo").arg(&pdf).output().unwrap();
    assert!(String::from_utf8_lossy(&info.stdout).contains("Pages:           2"));

    let first = read_page(&pdf, 1);
    assert_eq!(first.len(), 6, "six grids on page 1");
    assert_eq!(first, puzzles, "page 1 shows the puzzles' givens, in order");
    let second = read_page(&pdf, 2);
    assert_eq!(second.len(), 6, "six grids on page 2");
    for (solved, puzzle) in second.iter().zip(&puzzles) {
        // Solved by the rules: every house holds 1–9, and the givens are kept.
        for house in 0..27 {
            let cells: Vec<usize> = (0..9)
                .map(|i| match house {
                    0..=8 => house * 9 + i,
                    9..=17 => i * 9 + house - 9,
                    _ => ((house - 18) / 3 * 3 + i / 3) * 9 + (house - 18) % 3 * 3 + i % 3,
                })
                .collect();
            let mut seen: Vec<u8> = cells.iter().map(|&c| solved[c]).collect();
            seen.sort_unstable();
            assert_eq!(seen, (1..=9).collect::<Vec<u8>>(), "house {house}");
        }
        assert!((0..81).all(|c| puzzle[c] == 0 || puzzle[c] == solved[c]));
    }
}

#[test]
fn puzzles_from_a_file_and_bad_requests() {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("two.txt");
    let lines = [
        "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79",
        "........8..3...4...9..2..6.....79.......612...6.5.2.7...8...5...1.....2.4.5.....3",
    ];
    std::fs::write(&file, lines.join("\n")).unwrap();
    let pdf = dir.path().join("two.pdf");
    cli()
        .args(["pdf", "--per-page", "2", "--puzzles"])
        .arg(&file)
        .arg(&pdf)
        .assert()
        .success();
    let shown = read_page(&pdf, 1);
    assert_eq!(shown, lines.map(digits).to_vec());

    // A line that is not a puzzle with one solution stops the run, naming it.
    std::fs::write(&file, format!("{}\n{}", lines[0], "55".repeat(40) + "5")).unwrap();
    let out = cli().args(["pdf", "--puzzles"]).arg(&file).arg(&pdf).output().unwrap();
    assert!(!out.status.success());
    assert!(
        String::from_utf8_lossy(&out.stderr).contains("line 2"),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let out = cli().args(["pdf", "--per-page", "3"]).arg(&pdf).output().unwrap();
    assert!(String::from_utf8_lossy(&out.stderr).contains("not 1, 2, 4 or 6"));
    // An output that can't be written is a message, not a panic.
    let out = cli().args(["pdf", "--count", "1", "/proc/nonet.pdf"]).output().unwrap();
    assert_eq!(out.status.code(), Some(2), "{}", String::from_utf8_lossy(&out.stderr));
    assert!(String::from_utf8_lossy(&out.stderr).contains("can't write /proc/nonet.pdf"));
}

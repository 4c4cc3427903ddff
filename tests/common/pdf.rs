//! Reading a PDF the app or `nonet-cli pdf` wrote, from the outside: pages rendered with poppler
//! (`pdftoppm`), grids found in the pixels (ten lines each way), and the digits read back with
//! `pdftotext -bbox` and placed in their cells by those lines (pencil marks told apart by size).

use std::path::Path;
use std::process::Command;

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
pub fn render(pdf: &Path, page: usize) -> (usize, usize, Vec<u8>) {
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

/// The single digits printed on a page, where their middles are and how tall their boxes, from
/// `pdftotext -bbox`.
fn printed_digits(pdf: &Path, page: usize) -> Vec<(u8, f64, f64, f64)> {
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
            Some((digit, x, y, attribute(line, "yMax") - attribute(line, "yMin")))
        })
        .collect()
}

/// What a grid on paper shows: the digits, and each empty cell's pencil marks ("26").
#[derive(Clone, Debug, PartialEq)]
pub struct Sheet {
    pub digits: [u8; 81],
    pub marks: Vec<String>,
}

/// The grey level (0 black, 255 white) at a point of a cell of the page's first grid: `at` is
/// the point's place in the cell, as fractions of its width and height from its top left corner.
pub fn shade_in_cell(pdf: &Path, page: usize, cell: usize, at: (f64, f64)) -> u8 {
    let rendered = render(pdf, page);
    let found = grids(&rendered);
    let grid = found.first().expect("a grid on the page");
    let (column, row) = (cell % 9, cell / 9);
    let x = grid.xs[column] + (grid.xs[column + 1] - grid.xs[column]) * at.0;
    let y = grid.ys[row] + (grid.ys[row + 1] - grid.ys[row]) * at.1;
    rendered.2[y as usize * rendered.0 + x as usize]
}

/// The page's size in points and where its grids are, in reading order: (left, top, right,
/// bottom) of each, from the pixels.
pub fn grid_boxes(pdf: &Path, page: usize) -> ((f64, f64), Vec<[f64; 4]>) {
    let rendered = render(pdf, page);
    let boxes = grids(&rendered)
        .iter()
        .map(|g| [g.xs[0], g.ys[0], g.xs[9], g.ys[9]])
        .collect();
    ((rendered.0 as f64, rendered.1 as f64), boxes)
}

/// The digits of each grid of a page, read from the PDF.
pub fn read_page(pdf: &Path, page: usize) -> Vec<[u8; 81]> {
    read_sheets(pdf, page).into_iter().map(|sheet| sheet.digits).collect()
}

/// What each grid of a page shows, digits and marks, read from the PDF.
pub fn read_sheets(pdf: &Path, page: usize) -> Vec<Sheet> {
    let rendered = render(pdf, page);
    let found = grids(&rendered);
    for grid in &found {
        assert_eq!((grid.xs.len(), grid.ys.len()), (10, 10), "ten lines each way: {grid:?}");
        let cells = grid.xs.windows(2).count() * grid.ys.windows(2).count();
        assert_eq!(cells, 81);
    }
    let mut shown = vec![
        Sheet {
            digits: [0; 81],
            marks: vec![String::new(); 81],
        };
        found.len()
    ];
    for (digit, x, y, height) in printed_digits(pdf, page) {
        let placed = found
            .iter()
            .enumerate()
            .find_map(|(i, g)| g.cell_at(x, y).map(|c| (i, c)));
        let Some((grid, cell)) = placed else { continue };
        let cell_height = found[grid].ys[1] - found[grid].ys[0];
        let sheet = &mut shown[grid];
        if height < 0.4 * cell_height {
            sheet.marks[cell].push(char::from(b'0' + digit));
        } else {
            assert_eq!(sheet.digits[cell], 0, "two digits in one cell");
            sheet.digits[cell] = digit;
        }
    }
    for sheet in &mut shown {
        for marks in &mut sheet.marks {
            let mut sorted: Vec<char> = marks.chars().collect();
            sorted.sort_unstable();
            *marks = sorted.into_iter().collect();
        }
    }
    shown
}

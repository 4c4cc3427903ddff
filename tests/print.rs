//! `nonet-cli pdf` checked from the outside: the PDF is rendered with poppler (`pdftoppm`), its
//! grids found in the pixels (ten lines each way, 81 cells), and the digits it prints read back
//! with `pdftotext -bbox` and placed in their cells by those lines; they must be the puzzles the
//! command says it typeset, and on the last page their solutions, valid by the rules.

mod common;

use std::process::Command;

use assert_cmd::prelude::*;
use common::pdf::{grid_boxes, read_page};
use nonet::engine::logic::{self, Level};
use nonet::engine::validate::check_puzzle;

fn cli() -> Command {
    Command::cargo_bin("nonet-cli").unwrap()
}

fn digits(line: &str) -> [u8; 81] {
    std::array::from_fn(|i| char::from(line.as_bytes()[i]).to_digit(10).unwrap_or(0) as u8)
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
    // From the second, one: captioned with its number in the file.
    cli()
        .args(["pdf", "--from", "2", "--count", "1", "--puzzles"])
        .arg(&file)
        .arg(&pdf)
        .assert()
        .success();
    assert_eq!(read_page(&pdf, 1), vec![digits(lines[1])]);
    let text = Command::new("pdftotext").arg(&pdf).arg("-").output().unwrap();
    let text = String::from_utf8_lossy(&text.stdout);
    assert!(text.lines().any(|l| l.starts_with("2 · ")), "{text}");
    // Past the end, and a start without a file, are refused.
    let out = cli()
        .args(["pdf", "--from", "3", "--puzzles"])
        .arg(&file)
        .arg(&pdf)
        .output()
        .unwrap();
    assert!(
        String::from_utf8_lossy(&out.stderr).contains("there is no puzzle 3: it holds 2"),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let out = cli().args(["pdf", "--from", "2"]).arg(&pdf).output().unwrap();
    assert_eq!(out.status.code(), Some(2));

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

/// Grids of one size share a page evenly: with 1, 2, 4 or 6 to a page, the space above the first
/// row and below the last is about the same (no row pushed to the top with a gap left at the
/// foot), rows are no further apart than that, and the space beside the outer columns is equal.
#[test]
fn a_pages_grids_are_spread_evenly() {
    let dir = tempfile::tempdir().unwrap();
    for (per_page, rows, columns) in [(1, 1, 1), (2, 2, 1), (4, 2, 2), (6, 3, 2)] {
        let pdf = dir.path().join(format!("{per_page}.pdf"));
        let count = per_page.to_string();
        let per = per_page.to_string();
        let args = [
            "pdf",
            "--count",
            &count,
            "--per-page",
            &per,
            "--seed",
            "5",
            "--difficulty",
            "easy",
        ];
        let out = cli().args(args).arg(&pdf).output().unwrap();
        let told = String::from_utf8_lossy(&out.stderr);
        let puzzles = if per_page == 1 {
            "1 puzzle"
        } else {
            &format!("{per_page} puzzles")
        };
        assert!(told.starts_with(&format!("wrote {puzzles} on 1 page to ")), "{told}");
        let ((width, height), boxes) = grid_boxes(&pdf, 1);
        assert_eq!(boxes.len(), per_page, "{boxes:?}");
        let size = boxes[0][2] - boxes[0][0];
        assert!(boxes
            .iter()
            .all(|b| (b[2] - b[0] - size).abs() <= 2.0 && (b[3] - b[1] - size).abs() <= 2.0));
        // The free height: above the first row, below the last, and between rows (less each
        // caption's own line above its grid, which belongs to the grid below it).
        let row_tops: Vec<f64> = (0..rows).map(|r| boxes[r * columns][1]).collect();
        let caption = 30.0;
        let mut spaces = vec![row_tops[0] - caption, height - (row_tops[rows - 1] + size)];
        spaces.extend(row_tops.windows(2).map(|pair| pair[1] - pair[0] - size - caption));
        // The foot of the page holds its number (16 points) besides the margin both ends keep.
        let (above, below) = (spaces[0], spaces[1]);
        assert!(
            (below - above).abs() <= 20.0 && spaces[2..].iter().all(|&between| between <= above + below),
            "{per_page} to a page: free heights {spaces:?} (grids {boxes:?}, page {height})"
        );
        let (left, right) = (boxes[0][0], width - boxes[columns - 1][2]);
        assert!(
            (left - right).abs() <= 2.0,
            "{per_page} to a page: beside {left} and {right}"
        );
    }
}

/// The words a page writes besides the captions come from the booklet: the CLI's English, or the
/// app's language (here German, as its catalogue has them): above each solution and at the foot
/// of each page, read back from the PDF with pdftotext.
#[test]
fn pages_write_their_words_in_the_booklets_language() {
    use nonet::print::{write_pdf, Booklet, PageWords, Printed};
    let line = "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79";
    let givens = digits(line);
    let nonet::engine::solver::Solutions::Unique(solution) = nonet::engine::solver::solve(&givens) else {
        panic!("not one solution")
    };
    let printed = Printed::new(Some("1"), givens, solution, Some("Leicht"), Some("1,5"));
    let dir = tempfile::tempdir().unwrap();
    let text_of = |words: PageWords| {
        let pdf = dir.path().join("words.pdf");
        let booklet = Booklet {
            puzzles: vec![printed.clone()],
            per_page: 1,
            solutions: true,
            words,
        };
        write_pdf(&booklet, &pdf).unwrap();
        let out = Command::new("pdftotext").arg(&pdf).arg("-").output().unwrap();
        String::from_utf8_lossy(&out.stdout).to_string()
    };
    let english = text_of(PageWords::english());
    assert!(
        english.contains("Nonet · page 1 of 2") && english.contains("Nonet · page 2 of 2"),
        "{english}"
    );
    assert!(english.contains("Solution 1 · Leicht · 1,5 · "), "{english}");
    let german = text_of(PageWords {
        solution: "Lösung {caption}".to_string(),
        footer: "Nonet · Seite {page} von {pages}".to_string(),
    });
    assert!(german.contains("Nonet · Seite 2 von 2"), "{german}");
    assert!(german.contains("Lösung 1 · Leicht · 1,5 · "), "{german}");
    assert!(!german.contains("Solution") && !german.contains("page"), "{german}");
}

/// A PDF that can't be written says why in the system's words, once: a folder that isn't there,
/// a folder where the file should go, and a full disk (`/dev/full`, which a file cairo opened
/// itself took without a word, the command then saying it had written the puzzles).
#[test]
fn a_pdf_that_cannot_be_written_says_why() {
    let dir = tempfile::tempdir().unwrap();
    let missing = dir.path().join("no/such/folder/puzzles.pdf");
    for (out, why) in [
        (missing.as_path(), "No such file or directory"),
        (dir.path(), "Is a directory"),
        (std::path::Path::new("/dev/full"), "No space left on device"),
    ] {
        let run = Command::new(env!("CARGO_BIN_EXE_nonet-cli"))
            .args(["pdf", "--seed", "1"])
            .arg(out)
            .output()
            .unwrap();
        let stderr = String::from_utf8_lossy(&run.stderr);
        assert_eq!(run.status.code(), Some(2), "{out:?}: {stderr}");
        assert_eq!(
            stderr.trim(),
            format!("nonet-cli: can't write {}: {why}", out.display()),
            "{out:?}"
        );
    }
}

/// A PDF that fails midway over an older file leaves that file as it was and nothing beside it:
/// the new one is written aside and put in its place only once whole. The write is made to fail
/// by a limit on file size (`ulimit -f`, its signal ignored so that the write says "File too
/// large"), after cairo has written its first kilobytes.
#[test]
fn a_pdf_that_fails_midway_leaves_the_older_file() {
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("puzzles.pdf");
    std::fs::write(&out, "the older booklet").unwrap();
    let run = Command::new("bash")
        .args([
            "-c",
            r#"trap "" XFSZ; ulimit -f 4; exec "$0" pdf --seed 1 --count 4 "$1""#,
        ])
        .arg(env!("CARGO_BIN_EXE_nonet-cli"))
        .arg(&out)
        .output()
        .unwrap();
    let stderr = String::from_utf8_lossy(&run.stderr);
    assert_eq!(run.status.code(), Some(2), "{stderr}");
    assert_eq!(
        stderr.trim(),
        format!("nonet-cli: can't write {}: File too large", out.display())
    );
    assert_eq!(std::fs::read_to_string(&out).unwrap(), "the older booklet");
    let names: Vec<_> = std::fs::read_dir(dir.path())
        .unwrap()
        .map(|e| e.unwrap().file_name())
        .collect();
    assert_eq!(names, ["puzzles.pdf"]);
    // Without the limit the booklet replaces it.
    cli().args(["pdf", "--seed", "1"]).arg(&out).assert().success();
    assert!(std::fs::read(&out).unwrap().starts_with(b"%PDF"));
}

/// A folder that takes no new file but holds a PDF its writer may write (as in a shared folder):
/// the booklet goes into that file in place, as GLib's `g_file_replace` does, instead of being
/// refused for want of room for a file aside. Root may write into any folder, so when the tests
/// run as root the command runs as `nobody` (with `setpriv`), the file given to it.
#[test]
fn a_pdf_over_a_writable_file_in_a_locked_folder_is_written_in_place() {
    use std::os::unix::fs::PermissionsExt;
    let dir = tempfile::tempdir().unwrap();
    let locked = dir.path().join("locked");
    std::fs::create_dir(&locked).unwrap();
    let out = locked.join("puzzles.pdf");
    std::fs::write(&out, "the older booklet").unwrap();
    let mode =
        |path: &std::path::Path, mode| std::fs::set_permissions(path, std::fs::Permissions::from_mode(mode)).unwrap();
    let as_root = std::os::unix::fs::MetadataExt::uid(&std::fs::metadata(&out).unwrap()) == 0;
    let mut run = if as_root {
        std::os::unix::fs::chown(&out, Some(65534), Some(65534)).unwrap();
        mode(dir.path(), 0o755);
        mode(&locked, 0o755);
        let mut run = Command::new("setpriv");
        run.args(["--reuid=65534", "--regid=65534", "--clear-groups"])
            .arg(env!("CARGO_BIN_EXE_nonet-cli"));
        run
    } else {
        mode(&locked, 0o555);
        cli()
    };
    let done = run.args(["pdf", "--seed", "1"]).arg(&out).output().unwrap();
    mode(&locked, 0o755);
    let stderr = String::from_utf8_lossy(&done.stderr);
    assert!(done.status.success(), "{stderr}");
    assert!(std::fs::read(&out).unwrap().starts_with(b"%PDF"));
    let names: Vec<_> = std::fs::read_dir(&locked)
        .unwrap()
        .map(|e| e.unwrap().file_name())
        .collect();
    assert_eq!(names, ["puzzles.pdf"]);
}

//! The real app in a real window: launched under the X display the test script provides
//! (Xvfb), found by its title, looked at through screenshots kept in `target/gui-shots/`.
#![cfg(feature = "gui")]

use std::path::{Path, PathBuf};
use std::process::{Child, Command};
use std::time::{Duration, Instant};

/// Skips (locally) or fails (in CI) when there is no display to test on.
fn have_display() -> bool {
    if std::env::var_os("DISPLAY").is_some() {
        return true;
    }
    assert!(
        std::env::var_os("CI").is_none(),
        "GUI tests need a display: run them through scripts/test.sh"
    );
    eprintln!("skipping: no DISPLAY (scripts/test.sh provides one)");
    false
}

struct App(Child);

impl Drop for App {
    fn drop(&mut self) {
        let _ = self.0.kill();
        let _ = self.0.wait();
    }
}

fn launch() -> App {
    App(Command::new(env!("CARGO_BIN_EXE_nonet"))
        .spawn()
        .expect("the app starts"))
}

fn xdotool(args: &[&str]) -> String {
    let output = Command::new("xdotool")
        .args(args)
        .output()
        .expect("xdotool is installed");
    String::from_utf8_lossy(&output.stdout).trim().to_string()
}

fn wait_for_window(title: &str) -> String {
    let deadline = Instant::now() + Duration::from_secs(30);
    loop {
        let found = xdotool(&["search", "--onlyvisible", "--name", &format!("^{title}$")]);
        if let Some(id) = found.lines().next() {
            return id.to_string();
        }
        assert!(Instant::now() < deadline, "no window titled {title} appeared");
        std::thread::sleep(Duration::from_millis(100));
    }
}

fn screenshot(window: &str, name: &str) -> PathBuf {
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR")).join("../gui-shots");
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join(name);
    let status = Command::new("import")
        .args(["-window", window, path.to_str().unwrap()])
        .status()
        .expect("imagemagick");
    assert!(status.success(), "screenshot failed");
    path
}

/// Grey levels of a screenshot, row by row.
fn grey_rows(path: &Path) -> Vec<Vec<u8>> {
    let mut decoder = png::Decoder::new(std::fs::File::open(path).unwrap());
    decoder.set_transformations(png::Transformations::normalize_to_color8());
    let mut reader = decoder.read_info().unwrap();
    let mut buffer = vec![0; reader.output_buffer_size()];
    let info = reader.next_frame(&mut buffer).unwrap();
    let channels = info.color_type.samples();
    buffer[..info.buffer_size()]
        .chunks(info.line_size)
        .map(|line| {
            line.chunks(channels)
                .map(|p| {
                    if channels >= 3 {
                        ((p[0] as u32 + p[1] as u32 + p[2] as u32) / 3) as u8
                    } else {
                        p[0]
                    }
                })
                .collect()
        })
        .collect()
}

/// Centres of the dark runs (thick lines) along a row of pixels.
fn dark_runs(row: &[u8]) -> Vec<usize> {
    let mut centres = Vec::new();
    let mut start = None;
    for (x, &grey) in row.iter().chain(std::iter::once(&255)).enumerate() {
        match (grey < 110, start) {
            (true, None) => start = Some(x),
            (false, Some(s)) => {
                centres.push((s + x - 1) / 2);
                start = None;
            }
            _ => {}
        }
    }
    centres
}

/// The board's thick vertical lines, from the rows that cross exactly four of them.
fn box_lines(path: &Path) -> Vec<usize> {
    let rows = grey_rows(path);
    let crossing: Vec<Vec<usize>> = rows
        .iter()
        .map(|r| dark_runs(r))
        .filter(|runs| runs.len() == 4)
        .collect();
    assert!(
        crossing.len() > rows.len() / 3,
        "{}: the board's box lines are not visible",
        path.display()
    );
    crossing[crossing.len() / 2].clone()
}

#[test]
fn the_window_shows_a_board_that_scales_with_it() {
    if !have_display() {
        return;
    }
    let _app = launch();
    let window = wait_for_window("Nonet");
    std::thread::sleep(Duration::from_millis(500));
    let small = box_lines(&screenshot(&window, "board-default.png"));
    let gaps: Vec<usize> = small.windows(2).map(|w| w[1] - w[0]).collect();
    assert!(
        gaps.iter().all(|&g| g.abs_diff(gaps[0]) <= 2),
        "boxes are equal: {small:?}"
    );

    xdotool(&["windowsize", &window, "900", "1000"]);
    std::thread::sleep(Duration::from_millis(800));
    let large = box_lines(&screenshot(&window, "board-large.png"));
    let span = |lines: &[usize]| lines[3] - lines[0];
    assert!(
        span(&large) > span(&small) + 100,
        "the board grows with the window: {small:?} → {large:?}"
    );
}

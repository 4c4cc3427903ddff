//! A progress bar on standard error that shows itself only on a terminal, and only once a run
//! has lasted about a second.

use std::io::IsTerminal;
use std::time::{Duration, Instant};

use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};

const DELAY: Duration = Duration::from_secs(1);

pub struct Progress {
    bar: ProgressBar,
    started: Instant,
    wanted: bool,
    shown: bool,
}

impl Progress {
    pub fn new(total: u64, what: &str) -> Progress {
        Progress::with(Some(total), "{msg} {wide_bar} {pos}/{len} ({eta})", what)
    }

    /// For a search of unknown length: a count of what it went through ("puzzles drawn: 512").
    pub fn searching(what: &str) -> Progress {
        Progress::with(None, "{spinner} {msg}: {pos}", what)
    }

    fn with(total: Option<u64>, template: &str, what: &str) -> Progress {
        let bar = ProgressBar::with_draw_target(total, ProgressDrawTarget::hidden());
        bar.set_style(ProgressStyle::with_template(template).expect("the template is valid"));
        bar.set_message(what.to_string());
        Progress {
            bar,
            started: Instant::now(),
            wanted: std::io::stderr().is_terminal(),
            shown: false,
        }
    }

    pub fn advance(&mut self, by: u64) {
        self.show_when_due();
        self.bar.inc(by);
    }

    /// Sets the count so far.
    pub fn set(&mut self, position: u64) {
        self.show_when_due();
        self.bar.set_position(position);
    }

    fn show_when_due(&mut self) {
        if self.wanted && !self.shown && self.started.elapsed() >= DELAY {
            self.bar.set_draw_target(ProgressDrawTarget::stderr());
            self.shown = true;
        }
    }
}

impl Drop for Progress {
    fn drop(&mut self) {
        self.bar.finish_and_clear();
    }
}

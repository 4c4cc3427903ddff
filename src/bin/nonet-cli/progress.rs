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
        let bar = ProgressBar::with_draw_target(Some(total), ProgressDrawTarget::hidden());
        bar.set_style(
            ProgressStyle::with_template("{msg} {wide_bar} {pos}/{len} ({eta})").expect("the template is valid"),
        );
        bar.set_message(what.to_string());
        Progress {
            bar,
            started: Instant::now(),
            wanted: std::io::stderr().is_terminal(),
            shown: false,
        }
    }

    pub fn advance(&mut self, by: u64) {
        if self.wanted && !self.shown && self.started.elapsed() >= DELAY {
            self.bar.set_draw_target(ProgressDrawTarget::stderr());
            self.shown = true;
        }
        self.bar.inc(by);
    }
}

impl Drop for Progress {
    fn drop(&mut self) {
        self.bar.finish_and_clear();
    }
}

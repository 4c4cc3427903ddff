//! A game's playing time: elapsed milliseconds kept as arithmetic on timestamps, and written as
//! `12:31`.

/// Elapsed playing time, kept as arithmetic on timestamps the caller supplies (milliseconds from
/// any monotonic origin), so it can be tested and restored exactly.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Clock {
    banked_ms: u64,
    running_since: Option<u64>,
}

impl Clock {
    /// A clock that has already counted `elapsed_ms` and is stopped.
    pub fn with_elapsed(elapsed_ms: u64) -> Clock {
        Clock {
            banked_ms: elapsed_ms,
            running_since: None,
        }
    }

    pub fn start(&mut self, now_ms: u64) {
        if self.running_since.is_none() {
            self.running_since = Some(now_ms);
        }
    }

    pub fn stop(&mut self, now_ms: u64) {
        if let Some(since) = self.running_since.take() {
            self.banked_ms += now_ms.saturating_sub(since);
        }
    }

    pub fn is_running(&self) -> bool {
        self.running_since.is_some()
    }

    pub fn elapsed_ms(&self, now_ms: u64) -> u64 {
        self.banked_ms + self.running_since.map_or(0, |since| now_ms.saturating_sub(since))
    }
}

/// `12:31`, or `1:02:03` past an hour.
pub fn format_duration(ms: u64) -> String {
    let seconds = ms / 1000;
    let (h, m, s) = (seconds / 3600, seconds / 60 % 60, seconds % 60);
    if h > 0 {
        format!("{h}:{m:02}:{s:02}")
    } else {
        format!("{m}:{s:02}")
    }
}

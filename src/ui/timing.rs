//! Measurements of the app's own speed, for the README's numbers: time from process start to the
//! first drawn frame, how long each board redraw takes, and the longest the Solve animation held
//! the main loop in one tick. They appear in the state file (`NONET_STATE_FILE`) and in the log.

use std::collections::VecDeque;
use std::sync::OnceLock;
use std::time::{Duration, Instant};

static STARTED: OnceLock<Instant> = OnceLock::new();

/// Marks the start of the process (call first thing in `main`).
pub fn mark_start() {
    STARTED.get_or_init(Instant::now);
}

/// With `NONET_TRACE_STARTUP=1`, prints on standard error how far the start has come: the time
/// since [`mark_start`], the time since the previous mark, and the resident memory, e.g.
/// `startup   41.2 ms (+12.5)   38 MB  main window built`.
pub fn startup(stage: &str) {
    static TRACING: OnceLock<bool> = OnceLock::new();
    static PREVIOUS: std::sync::Mutex<f64> = std::sync::Mutex::new(0.0);
    if !*TRACING.get_or_init(|| std::env::var_os("NONET_TRACE_STARTUP").is_some_and(|v| v == "1")) {
        return;
    }
    let ms = STARTED.get().map_or(0.0, |s| s.elapsed().as_secs_f64() * 1e3);
    let previous = std::mem::replace(&mut *PREVIOUS.lock().unwrap_or_else(|e| e.into_inner()), ms);
    let resident = resident_mb().map_or_else(|| "?".to_string(), |mb| format!("{mb:.0}"));
    eprintln!("startup {ms:7.1} ms (+{:.1})  {resident:>4} MB  {stage}", ms - previous);
}

/// The process's resident memory in MB, from `/proc/self/statm` (Linux).
pub fn resident_mb() -> Option<f64> {
    let statm = std::fs::read_to_string("/proc/self/statm").ok()?;
    let pages: f64 = statm.split_whitespace().nth(1)?.parse().ok()?;
    // SAFETY: sysconf has no preconditions.
    let page = unsafe { libc::sysconf(libc::_SC_PAGESIZE) } as f64;
    Some(pages * page / 1e6)
}

/// How many recent redraws are kept for the median.
const KEPT: usize = 4096;

#[derive(Default)]
pub struct Timing {
    pub first_frame_ms: Option<f64>,
    draws_us: VecDeque<f64>,
    draw_count: u64,
    pub draw_max_us: f64,
    pub tick_max_us: f64,
    pub tick_count: u64,
}

impl Timing {
    pub fn drew(&mut self, took: Duration) {
        if self.first_frame_ms.is_none() {
            let since_start = STARTED.get().map(|s| s.elapsed()).unwrap_or_default();
            self.first_frame_ms = Some(since_start.as_secs_f64() * 1e3);
            tracing::info!(
                "first frame drawn {:.1} ms after start",
                since_start.as_secs_f64() * 1e3
            );
            startup("first frame drawn");
        }
        let us = took.as_secs_f64() * 1e6;
        if self.draws_us.len() == KEPT {
            self.draws_us.pop_front();
        }
        self.draws_us.push_back(us);
        self.draw_count += 1;
        self.draw_max_us = self.draw_max_us.max(us);
    }

    pub fn ticked(&mut self, took: Duration) {
        self.tick_count += 1;
        self.tick_max_us = self.tick_max_us.max(took.as_secs_f64() * 1e6);
    }

    pub fn draw_median_us(&self) -> f64 {
        let mut sorted = Vec::from(self.draws_us.clone());
        sorted.sort_by(f64::total_cmp);
        sorted.get(sorted.len() / 2).copied().unwrap_or(0.0)
    }

    pub fn to_json(&self) -> serde_json::Value {
        serde_json::json!({
            "first_frame_ms": self.first_frame_ms,
            "draw_count": self.draw_count,
            "draw_median_us": self.draw_median_us(),
            "draw_max_us": self.draw_max_us,
            "tick_count": self.tick_count,
            "tick_max_us": self.tick_max_us,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn keeps_first_frame_median_and_maxima() {
        let mut timing = Timing::default();
        for us in [300, 100, 200] {
            timing.drew(Duration::from_micros(us));
        }
        timing.ticked(Duration::from_millis(3));
        assert!(timing.first_frame_ms.is_some());
        assert_eq!(timing.draw_median_us(), 200.0);
        assert_eq!(timing.draw_max_us, 300.0);
        assert_eq!(timing.tick_max_us, 3000.0);
    }
}

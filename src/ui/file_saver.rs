//! Writes the app's own small files (the Lab's script, the tests' state file) off the main
//! thread. Replacing a file frees its old blocks, and on a file system mounted with `discard`
//! that waits on the disk, for hundreds of milliseconds at times: the window would stop
//! answering. One worker thread takes the writes in order; a newer write to a path replaces one
//! still waiting. Each file is written aside and renamed into place (`crate::output_file`), so
//! a reader never sees half of it; a write that fails leaves the old file as it was and nothing
//! aside, and its outcome goes back to the one who asked, if they asked. [`wait_for`] waits
//! until a file's writes are done (before it is read back), [`flush`] for everything queued;
//! [`finish`] also ends the worker, as the app quits.

use std::path::{Path, PathBuf};
use std::sync::mpsc::{self, Receiver, Sender};
use std::sync::{Mutex, OnceLock};
use std::thread::JoinHandle;

pub use crate::output_file::Access;

/// What a write came to: `Err` says why the file could not be written, in the system's words
/// ("No space left on device").
pub type Outcome = Result<(), String>;

struct Job {
    path: PathBuf,
    contents: Vec<u8>,
    access: Access,
    /// Where the outcome goes (a write replaced by a newer one reports through that one).
    report: Option<async_channel::Sender<Outcome>>,
}

enum Order {
    Write(Job),
    /// Answer once every write sent before is done.
    Flush(Sender<()>),
}

struct Saver {
    sender: Option<Sender<Order>>,
    worker: Option<JoinHandle<()>>,
}

fn saver() -> &'static Mutex<Saver> {
    static SAVER: OnceLock<Mutex<Saver>> = OnceLock::new();
    SAVER.get_or_init(|| {
        let (sender, receiver) = mpsc::channel();
        let worker = std::thread::Builder::new()
            .name("nonet-files".into())
            .spawn(move || write_all(receiver))
            .map_err(|error| tracing::warn!("no thread for writing files ({error}): they are written at once"))
            .ok();
        Mutex::new(Saver {
            sender: worker.is_some().then_some(sender),
            worker,
        })
    })
}

/// How many writes to each path are queued or under way.
fn in_flight() -> &'static Mutex<std::collections::HashMap<PathBuf, usize>> {
    static IN_FLIGHT: OnceLock<Mutex<std::collections::HashMap<PathBuf, usize>>> = OnceLock::new();
    IN_FLIGHT.get_or_init(Mutex::default)
}

/// Counts one more write to `path` queued.
fn write_queued(path: &Path) {
    let mut counts = in_flight().lock().unwrap_or_else(|poisoned| poisoned.into_inner());
    *counts.entry(path.to_path_buf()).or_default() += 1;
}

/// Counts one write to `path` done (or replaced by a newer one before it was made).
fn write_done(path: &Path) {
    let mut counts = in_flight().lock().unwrap_or_else(|poisoned| poisoned.into_inner());
    if let Some(count) = counts.get_mut(path) {
        *count = count.saturating_sub(1);
        if *count == 0 {
            counts.remove(path);
        }
    }
}

/// Waits until the writes to `path` queued so far are done; at once when there are none (so a
/// reader of one file does not wait on the disk for others).
pub fn wait_for(path: &Path) {
    let queued = in_flight()
        .lock()
        .unwrap_or_else(|poisoned| poisoned.into_inner())
        .contains_key(path);
    if queued {
        flush();
    }
}

/// Writes `contents` to `path` soon, off the main thread. A failure is logged, and each outcome
/// sent to `report` if given.
pub fn save(path: PathBuf, contents: Vec<u8>, access: Access, report: Option<async_channel::Sender<Outcome>>) {
    write_queued(&path);
    let order = Order::Write(Job {
        path,
        contents,
        access,
        report,
    });
    let saver = saver().lock().unwrap_or_else(|poisoned| poisoned.into_inner());
    let unsent = match &saver.sender {
        Some(sender) => sender.send(order).err().map(|refused| refused.0),
        None => Some(order),
    };
    drop(saver);
    // No worker (it could not start, or the app is quitting): written here and now.
    if let Some(Order::Write(job)) = unsent {
        write_logged(&job);
    }
}

/// Waits until every file queued so far is written.
pub fn flush() {
    let (done, written) = mpsc::channel();
    let saver = saver().lock().unwrap_or_else(|poisoned| poisoned.into_inner());
    let sent = saver
        .sender
        .as_ref()
        .is_some_and(|sender| sender.send(Order::Flush(done)).is_ok());
    drop(saver);
    if sent {
        let _ = written.recv();
    }
}

/// Waits until every file queued is written and ends the worker; later saves are written at
/// once.
pub fn finish() {
    let mut saver = saver().lock().unwrap_or_else(|poisoned| poisoned.into_inner());
    saver.sender = None;
    if let Some(worker) = saver.worker.take() {
        drop(saver);
        let _ = worker.join();
    }
}

/// The worker: each write as it comes, the newest of those waiting for the same path only (in
/// the place of the first); a flush answered once the writes before it are done.
fn write_all(receiver: Receiver<Order>) {
    while let Ok(first) = receiver.recv() {
        let mut waiting: Vec<Job> = Vec::new();
        for next in std::iter::once(first).chain(receiver.try_iter()) {
            match next {
                Order::Write(mut job) => match waiting.iter_mut().find(|w| w.path == job.path) {
                    Some(older) => {
                        job.report = job.report.or_else(|| older.report.take());
                        write_done(&older.path);
                        *older = job;
                    }
                    None => waiting.push(job),
                },
                Order::Flush(done) => {
                    waiting.drain(..).for_each(|job| write_logged(&job));
                    let _ = done.send(());
                }
            }
        }
        waiting.drain(..).for_each(|job| write_logged(&job));
    }
}

fn write_logged(job: &Job) {
    let outcome = written(&job.path, &job.contents, job.access);
    write_done(&job.path);
    if let Some(report) = &job.report {
        // The one who asked may be gone (the Lab closed): nobody to tell.
        let _ = report.try_send(outcome);
    }
}

/// Writes the file now, on this thread, after what is queued: for the last write as a window
/// closes, whose failure must be known before it goes.
pub fn save_at_once(path: &Path, contents: &[u8], access: Access) -> Outcome {
    flush();
    written(path, contents, access)
}

fn written(path: &Path, contents: &[u8], access: Access) -> Outcome {
    crate::output_file::write_replacing(path, contents, access).map_err(|error| {
        tracing::warn!("can't write {}: {error}", path.display());
        crate::engine::input::system_words(&error)
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::os::unix::fs::PermissionsExt;

    #[test]
    fn the_last_write_to_a_path_wins_and_private_files_are_the_players_only() {
        let dir = tempfile::tempdir().unwrap();
        let script = dir.path().join("made/for/it/lab.rhai");
        let state = dir.path().join("state.json");
        for n in 0..200 {
            save(
                script.clone(),
                format!("script {n}").into_bytes(),
                Access::Private,
                None,
            );
            save(state.clone(), format!("state {n}").into_bytes(), Access::Default, None);
            if n == 50 {
                flush();
                assert_eq!(std::fs::read_to_string(&script).unwrap(), "script 50");
            }
            if n == 100 {
                wait_for(&script);
                assert_eq!(std::fs::read_to_string(&script).unwrap(), "script 100");
            }
        }
        finish();
        assert_eq!(std::fs::read_to_string(&script).unwrap(), "script 199");
        assert_eq!(std::fs::read_to_string(&state).unwrap(), "state 199");
        let mode = |p: &Path| std::fs::metadata(p).unwrap().permissions().mode() & 0o777;
        assert_eq!(mode(&script), 0o600);
        assert_eq!(mode(script.parent().unwrap()), 0o700);
        let names: Vec<_> = std::fs::read_dir(dir.path())
            .unwrap()
            .map(|e| e.unwrap().file_name())
            .collect();
        assert_eq!(names.len(), 2, "nothing aside: {names:?}");
        // After finish, a save is written at once.
        save(state.clone(), b"after".to_vec(), Access::Default, None);
        assert_eq!(std::fs::read_to_string(&state).unwrap(), "after");
    }

    #[test]
    fn a_write_that_fails_is_reported_and_leaves_the_old_file_and_nothing_aside() {
        let dir = tempfile::tempdir().unwrap();
        // A folder where the file should go: the file aside is written, then the rename fails.
        let taken = dir.path().join("lab.rhai");
        std::fs::create_dir(&taken).unwrap();
        std::fs::write(taken.join("inside"), "old").unwrap();
        let (report, outcomes) = async_channel::unbounded();
        save(taken.clone(), b"new".to_vec(), Access::Private, Some(report.clone()));
        // Waits for the worker (or the write done at once, should the other test have ended it).
        let outcome = outcomes.recv_blocking().unwrap();
        assert!(outcome.is_err_and(|reason| !reason.is_empty()));
        let names: Vec<_> = std::fs::read_dir(dir.path())
            .unwrap()
            .map(|e| e.unwrap().file_name())
            .collect();
        assert_eq!(names, ["lab.rhai"], "nothing aside");
        assert_eq!(std::fs::read_to_string(taken.join("inside")).unwrap(), "old");
        // A write that works says so.
        let fine = dir.path().join("fine.rhai");
        save(fine.clone(), b"new".to_vec(), Access::Private, Some(report));
        assert_eq!(outcomes.recv_blocking().unwrap(), Ok(()));
        assert_eq!(std::fs::read_to_string(&fine).unwrap(), "new");
    }
}

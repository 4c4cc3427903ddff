//! Writes the app's own small files (the Lab's script, the tests' state file) off the main
//! thread. Replacing a file frees its old blocks, and on a file system mounted with `discard`
//! that waits on the disk, for hundreds of milliseconds at times: the window would stop
//! answering. One worker thread takes the writes in order; a newer write to a path replaces one
//! still waiting. Each file is written aside and renamed into place, so a reader never sees half
//! of it. [`flush`] waits for what is queued (before a file is read back); [`finish`] also ends
//! the worker, as the app quits.

use std::io::Write;
use std::os::unix::fs::{DirBuilderExt, OpenOptionsExt};
use std::path::{Path, PathBuf};
use std::sync::mpsc::{self, Receiver, Sender};
use std::sync::{Mutex, OnceLock};
use std::thread::JoinHandle;

/// Who may read a file written.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Access {
    /// The player only: the file 0600, directories made for it 0700 (their scripts).
    Private,
    /// As the umask has it (files for tests).
    Default,
}

struct Job {
    path: PathBuf,
    contents: Vec<u8>,
    access: Access,
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

/// Writes `contents` to `path` soon, off the main thread. A failure is logged.
pub fn save(path: PathBuf, contents: Vec<u8>, access: Access) {
    let order = Order::Write(Job { path, contents, access });
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
                Order::Write(job) => match waiting.iter_mut().find(|w| w.path == job.path) {
                    Some(older) => *older = job,
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
    if let Err(error) = write_replacing(&job.path, &job.contents, job.access) {
        tracing::warn!("can't write {}: {error}", job.path.display());
    }
}

/// Writes the file aside (`NAME.partial`, with the access asked for) and renames it into place.
fn write_replacing(path: &Path, contents: &[u8], access: Access) -> std::io::Result<()> {
    let mut aside = path.as_os_str().to_os_string();
    aside.push(".partial");
    let aside = PathBuf::from(aside);
    let mut options = std::fs::OpenOptions::new();
    options.write(true).create(true).truncate(true);
    if access == Access::Private {
        if let Some(dir) = path.parent() {
            std::fs::DirBuilder::new().recursive(true).mode(0o700).create(dir)?;
        }
        options.mode(0o600);
    }
    let mut file = options.open(&aside)?;
    if access == Access::Private {
        use std::os::unix::fs::PermissionsExt;
        file.set_permissions(std::fs::Permissions::from_mode(0o600))?;
    }
    file.write_all(contents)?;
    drop(file);
    std::fs::rename(&aside, path)
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
            save(script.clone(), format!("script {n}").into_bytes(), Access::Private);
            save(state.clone(), format!("state {n}").into_bytes(), Access::Default);
            if n == 100 {
                flush();
                assert_eq!(std::fs::read_to_string(&script).unwrap(), "script 100");
            }
        }
        finish();
        assert_eq!(std::fs::read_to_string(&script).unwrap(), "script 199");
        assert_eq!(std::fs::read_to_string(&state).unwrap(), "state 199");
        let mode = |p: &Path| std::fs::metadata(p).unwrap().permissions().mode() & 0o777;
        assert_eq!(mode(&script), 0o600);
        assert_eq!(mode(script.parent().unwrap()), 0o700);
        assert!(!dir.path().join("state.json.partial").exists());
        // After finish, a save is written at once.
        save(state.clone(), b"after".to_vec(), Access::Default);
        assert_eq!(std::fs::read_to_string(&state).unwrap(), "after");
    }
}

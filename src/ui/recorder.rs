//! Saves the game as it is played: a worker thread owns the database connection and commits each
//! batch of moves in one small transaction, so the main loop never waits on the disk. The window
//! sends it what happened; a failure turns history off and is reported once.

use std::path::PathBuf;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc;
use std::sync::{Arc, Mutex};

use crate::engine::game::Move;
use crate::engine::input::system_words;
use crate::engine::logic::{Level, Technique};
use crate::engine::puzzle_entry::PuzzleEntry;
use crate::i18n::{fill, gettext};
use crate::store::{Deletion, GameStatus, NewGame, Progress, Store, StoreError};

/// A store error in the player's language: the store's own words are the CLI's English, and its
/// reasons from SQLite stay as SQLite gives them.
pub fn store_error_words(error: &StoreError) -> String {
    match error {
        StoreError::Corrupt { path, reason } => fill(
            &gettext("{file} is not a Nonet database or is damaged ({reason})"),
            &[("file", path), ("reason", reason)],
        ),
        StoreError::TooNew { path, found, known } => fill(
            &gettext("{file} was written by a newer Nonet (schema {found}, this one knows {known})"),
            &[("file", path), ("found", found), ("known", known)],
        ),
        StoreError::Directory { path, cause } => fill(
            &gettext("can't create {file}: {error}"),
            &[("file", path), ("error", &system_words(cause))],
        ),
        StoreError::Unavailable { path, reason } => fill(
            &gettext("{file} is in use by another program or can't be read now ({reason}); it was left as it is"),
            &[("file", path), ("reason", reason)],
        ),
        StoreError::DiskFull { path } => fill(
            &gettext("{file} can't be written: the disk is full; it was left as it is"),
            &[("file", path)],
        ),
        StoreError::Sql(_) if error.is_disk_full() => gettext("the disk holding the history is full"),
        StoreError::NotRegular { path } => fill(
            &gettext("{file} is not a regular file (a folder, a device or a pipe), so it holds no history"),
            &[("file", path)],
        ),
        // SQLite's own words ("disk I/O error"), without the store's "database error: ", which
        // would say "database" twice.
        StoreError::Sql(sql) => fill(
            &gettext("the history database failed: {error}"),
            &[("error", &sql.to_string())],
        ),
        StoreError::BadMove { .. } | StoreError::BadGame { .. } => fill(
            &gettext("the history database failed: {error}"),
            &[("error", &error.to_string())],
        ),
    }
}

enum Command {
    Start(NewGame),
    Moves {
        first_seq: u32,
        moves: Vec<(u64, Move)>,
        progress: Progress,
    },
    Finish {
        status: GameStatus,
        progress: Progress,
    },
    Elapsed(u64),
    /// Name the technique of a move of the game being recorded, already sent.
    NameMove {
        seq: u32,
        technique: Technique,
    },
    /// Continue recording a game already in the database (a resumed game).
    Continue(i64),
    /// The rating of the last game started or resumed, finished or not, once known.
    Rated {
        level: Level,
        score: f32,
    },
    /// Delete a game of the history, at the player's word; the answer goes back on `reply`.
    Delete {
        id: i64,
        reply: async_channel::Sender<Deleted>,
    },
    /// Delete every game of the history but the one being recorded, at the player's word; how
    /// many went and the deletion (or why none could) go back on `reply`.
    Clear {
        reply: async_channel::Sender<Result<(usize, Deletion), String>>,
    },
    /// Put a deletion's games back (the toast's Undo); how many came back goes on `reply`.
    Undo {
        deletion: Deletion,
        reply: async_channel::Sender<Result<usize, String>>,
    },
    /// Keep the puzzle being typed on the board, or forget it (`None`).
    PuzzleEntry(Option<PuzzleEntry>),
    /// Answer on `reply` once everything sent before is written (commands are written in order).
    Written(async_channel::Sender<()>),
}

/// What came of deleting a game of the history.
#[derive(Debug)]
pub enum Deleted {
    /// Gone, and can be undone while the deletion is among the last few.
    Done(Deletion),
    /// No game has that id.
    NotThere,
    /// It is the game being recorded: the one on the board.
    BeingPlayed,
    /// The database refused (history is off from then on, as after any failure to write).
    Failed(String),
}

pub struct Recorder {
    sender: mpsc::Sender<Command>,
    worker: Option<std::thread::JoinHandle<()>>,
    failure: Arc<Mutex<Option<String>>>,
    reported: AtomicBool,
}

/// Where the app keeps its database: `$NONET_DB`, else the user data directory.
pub fn database_path() -> PathBuf {
    crate::store::default_path()
}

impl Recorder {
    /// Starts the worker that owns `store`.
    pub fn spawn(mut store: Store) -> Recorder {
        let (sender, receiver) = mpsc::channel::<Command>();
        let failure = Arc::new(Mutex::new(None));
        let failed = failure.clone();
        let worker = std::thread::Builder::new()
            .name("nonet-store".into())
            .spawn(move || {
                // The game being recorded, and the last one started or resumed (which stays
                // after it finishes, for its rating).
                let mut game: Option<i64> = None;
                let mut last: Option<i64> = None;
                for command in receiver {
                    let result: Result<(), StoreError> = match command {
                        Command::Start(new) => store.start_game(&new).map(|id| {
                            game = Some(id);
                            last = game;
                        }),
                        Command::Continue(id) => store.resume_game(id).map(|resumed| {
                            if resumed {
                                game = Some(id);
                                last = game;
                            }
                        }),
                        Command::Rated { level, score } => match last {
                            Some(id) => store.set_rating(id, level, score),
                            None => Ok(()),
                        },
                        Command::Moves {
                            first_seq,
                            moves,
                            progress,
                        } => match game {
                            Some(id) => store.record_moves(id, first_seq, &moves, progress),
                            None => Ok(()),
                        },
                        Command::Finish { status, progress } => match game.take() {
                            Some(id) => store.finish_game(id, status, crate::store::now_unix_ms(), progress),
                            None => Ok(()),
                        },
                        Command::Elapsed(ms) => match game {
                            Some(id) => store.save_elapsed(id, ms),
                            None => Ok(()),
                        },
                        Command::NameMove { seq, technique } => match game {
                            Some(id) => store.name_move(id, seq, technique),
                            None => Ok(()),
                        },
                        Command::Delete { id, reply } => {
                            let (answer, result) = if game == Some(id) {
                                (Deleted::BeingPlayed, Ok(()))
                            } else {
                                match store.delete_game(id) {
                                    Ok(deletion) => {
                                        if last == Some(id) {
                                            last = None; // its rating has nowhere to go
                                        }
                                        (deletion.map_or(Deleted::NotThere, Deleted::Done), Ok(()))
                                    }
                                    Err(error) => (Deleted::Failed(error.to_string()), Err(error)),
                                }
                            };
                            let _ = reply.send_blocking(answer);
                            result
                        }
                        Command::Clear { reply } => {
                            let cleared = store.clear_history(game);
                            if cleared.is_ok() {
                                last = game; // any other game's rating has nowhere to go
                            }
                            let _ = reply.send_blocking(cleared.as_ref().copied().map_err(ToString::to_string));
                            cleared.map(|_| ())
                        }
                        Command::Undo { deletion, reply } => {
                            let undone = store.undo_deletion(deletion);
                            let _ = reply.send_blocking(undone.as_ref().copied().map_err(ToString::to_string));
                            undone.map(|_| ())
                        }
                        Command::PuzzleEntry(entry) => store.save_puzzle_entry(entry.as_ref()),
                        Command::Written(reply) => {
                            let _ = reply.send_blocking(());
                            Ok(())
                        }
                    };
                    if let Err(error) = result {
                        tracing::warn!("history: {error}");
                        if let Ok(mut failure) = failed.lock() {
                            *failure = Some(store_error_words(&error));
                        }
                        return; // history is off from here on
                    }
                }
            })
            .expect("a thread for the store");
        Recorder {
            sender,
            worker: Some(worker),
            failure,
            reported: AtomicBool::new(false),
        }
    }

    fn send(&self, command: Command) {
        if self.sender.send(command).is_err() {
            tracing::debug!("history is off; a change was not saved");
        }
    }

    pub fn start(&self, game: NewGame) {
        self.send(Command::Start(game));
    }

    /// The rating of the last game started or resumed.
    pub fn rated(&self, level: Level, score: f32) {
        self.send(Command::Rated { level, score });
    }

    pub fn resume(&self, id: i64) {
        self.send(Command::Continue(id));
    }

    pub fn moves(&self, first_seq: u32, moves: Vec<(u64, Move)>, progress: Progress) {
        self.send(Command::Moves {
            first_seq,
            moves,
            progress,
        });
    }

    /// Deletes game `id` from the history (never the game being recorded); the answer comes on
    /// the channel returned, which closes unanswered when history is off.
    pub fn delete(&self, id: i64) -> async_channel::Receiver<Deleted> {
        let (reply, answer) = async_channel::bounded(1);
        self.send(Command::Delete { id, reply });
        answer
    }

    /// Deletes every game of the history but the one being recorded; how many went, and the
    /// deletion, come on the channel returned, which closes unanswered when history is off.
    pub fn clear(&self) -> async_channel::Receiver<Result<(usize, Deletion), String>> {
        let (reply, answer) = async_channel::bounded(1);
        self.send(Command::Clear { reply });
        answer
    }

    /// Puts the games of a deletion back; how many came back comes on the channel returned,
    /// which closes unanswered when history is off.
    pub fn undo(&self, deletion: Deletion) -> async_channel::Receiver<Result<usize, String>> {
        let (reply, answer) = async_channel::bounded(1);
        self.send(Command::Undo { deletion, reply });
        answer
    }

    pub fn finish(&self, status: GameStatus, progress: Progress) {
        self.send(Command::Finish { status, progress });
    }

    /// Names the technique of move `seq`, sent before (a hint's request, once the hint is found).
    pub fn name_move(&self, seq: u32, technique: Technique) {
        self.send(Command::NameMove { seq, technique });
    }

    pub fn elapsed(&self, ms: u64) {
        self.send(Command::Elapsed(ms));
    }

    /// Keeps the puzzle being typed on the board as it is now (`None`: there is none any more).
    pub fn puzzle_entry(&self, entry: Option<PuzzleEntry>) {
        self.send(Command::PuzzleEntry(entry));
    }

    /// Answers once everything sent so far is in the database (before another connection reads
    /// it); the channel closes unanswered when history is off.
    pub fn written(&self) -> async_channel::Receiver<()> {
        let (reply, answer) = async_channel::bounded(1);
        self.send(Command::Written(reply));
        answer
    }

    /// Waits for everything sent so far to be written (when the app closes).
    pub fn close(mut self) {
        let (sender, _) = mpsc::channel();
        drop(std::mem::replace(&mut self.sender, sender));
        if let Some(worker) = self.worker.take() {
            let _ = worker.join();
        }
    }

    /// The failure that turned history off, the first time it is asked for.
    pub fn take_failure(&self) -> Option<String> {
        let failure = self.failure.lock().ok()?.clone()?;
        (!self.reported.swap(true, Ordering::SeqCst)).then_some(failure)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_sqlite_failure_says_database_once() {
        let error = StoreError::Sql(rusqlite::Error::SqliteFailure(
            rusqlite::ffi::Error::new(rusqlite::ffi::SQLITE_IOERR),
            None,
        ));
        let words = store_error_words(&error);
        assert_eq!(words.matches("database").count(), 1, "{words}");
        assert!(words.ends_with("disk I/O error"), "{words}");
    }
}

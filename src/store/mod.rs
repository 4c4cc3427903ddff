//! The store: every game and every move in SQLite (rusqlite, bundled SQLite), so games resume
//! after a crash and players can look back. Depends on the engine's types, never on GTK.
//!
//! One file per concern: `schema.rs` (migrations), `games.rs` (games and moves), `stats.rs`
//! (statistics per level), `deletion.rs` (deleting games, and undoing it), `puzzle_entry.rs` (the
//! puzzle being typed on the board), `export.rs` (the history as JSON or CSV).

mod deletion;
mod export;
mod games;
mod puzzle_entry;
pub mod schema;
mod stats;

use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

use rusqlite::{Connection, ErrorCode, OpenFlags};
use thiserror::Error;

pub use deletion::Deletion;
pub use export::{game_json, move_json, ExportFormat, Exported};
pub use games::{
    decode_changes, encode_changes, FilePlace, Filter, GameRecord, GameStatus, NewGame, Practised, Progress, SavedMove,
    Source,
};
pub use stats::{LevelStats, SolveTime, TechniqueHints};

#[derive(Debug, Error)]
pub enum StoreError {
    #[error("{path} is not a Nonet database or is damaged ({reason})")]
    Corrupt { path: String, reason: String },
    #[error("{path} was written by a newer Nonet (schema {found}, this one knows {known})")]
    TooNew { path: String, found: usize, known: usize },
    #[error("game {game}, move {seq}: {reason}")]
    BadMove { game: i64, seq: i64, reason: String },
    #[error("game {game}: {reason}")]
    BadGame { game: i64, reason: String },
    #[error("can't create {path}: {}", crate::engine::input::system_words(.cause))]
    Directory { path: String, cause: std::io::Error },
    #[error("{path} is in use by another program or can't be read now ({reason}); it was left as it is")]
    Unavailable { path: String, reason: String },
    #[error("{path} can't be written: the disk is full; it was left as it is")]
    DiskFull { path: String },
    #[error("{path} is not a regular file (a folder, a device or a pipe), so it holds no history")]
    NotRegular { path: String },
    #[error("database error: {0}")]
    Sql(#[from] rusqlite::Error),
}

impl StoreError {
    /// Whether the disk holding the database is full: on opening it ([`StoreError::DiskFull`])
    /// or on writing to it later (SQLite's own error).
    pub fn is_disk_full(&self) -> bool {
        match self {
            StoreError::DiskFull { .. } => true,
            StoreError::Sql(error) => error.sqlite_error_code() == Some(ErrorCode::DiskFull),
            _ => false,
        }
    }
}

pub type Result<T> = std::result::Result<T, StoreError>;

/// The environment variable that overrides where the database lives (for tests).
pub const DB_ENV: &str = "NONET_DB";

/// `$NONET_DB`, else `$XDG_DATA_HOME/nonet/nonet.db`, else `~/.local/share/nonet/nonet.db`.
pub fn default_path() -> PathBuf {
    if let Some(path) = std::env::var_os(DB_ENV) {
        return PathBuf::from(path);
    }
    let data = std::env::var_os("XDG_DATA_HOME")
        .map(PathBuf::from)
        .filter(|p| p.is_absolute())
        .or_else(|| std::env::var_os("HOME").map(|home| PathBuf::from(home).join(".local/share")))
        .unwrap_or_else(|| PathBuf::from("."));
    data.join("nonet").join("nonet.db")
}

pub struct Store {
    connection: Connection,
}

/// A damaged or foreign file is `Corrupt`, a busy or unreadable one `Unavailable`, one on a full
/// disk `DiskFull` (each naming it); any other SQLite error stays as it is.
fn classify(path: &Path, error: rusqlite::Error) -> StoreError {
    if error.sqlite_error_code() == Some(ErrorCode::DiskFull) {
        StoreError::DiskFull {
            path: path.display().to_string(),
        }
    } else if is_corruption(&error) {
        StoreError::Corrupt {
            path: path.display().to_string(),
            reason: error.to_string(),
        }
    } else if is_unavailable(&error) {
        StoreError::Unavailable {
            path: path.display().to_string(),
            reason: error.to_string(),
        }
    } else {
        StoreError::Sql(error)
    }
}

fn is_corruption(error: &rusqlite::Error) -> bool {
    matches!(
        error.sqlite_error_code(),
        Some(ErrorCode::NotADatabase | ErrorCode::DatabaseCorrupt)
    )
}

/// Busy, locked, failing I/O or a full disk: the file may be fine, so it is never treated as
/// damaged (a full disk is told as such by [`classify`]).
fn is_unavailable(error: &rusqlite::Error) -> bool {
    matches!(
        error.sqlite_error_code(),
        Some(
            ErrorCode::DatabaseBusy
                | ErrorCode::DatabaseLocked
                | ErrorCode::SystemIoFailure
                | ErrorCode::CannotOpen
                | ErrorCode::PermissionDenied
                | ErrorCode::ReadOnly
                | ErrorCode::OutOfMemory
                | ErrorCode::DiskFull
        )
    )
}

/// Refuses a path that is there but is no regular file: SQLite would fail on a folder with a
/// bare "disk I/O error", wait forever on a FIFO, and read a device as an empty database.
fn refuse_special(path: &Path) -> Result<()> {
    match std::fs::metadata(path) {
        Ok(metadata) if !metadata.is_file() => Err(StoreError::NotRegular {
            path: path.display().to_string(),
        }),
        _ => Ok(()),
    }
}

/// Creates the data directory private to the user (0700) and the database file private (0600;
/// SQLite gives its WAL and shared-memory files the database's permissions).
fn create_private(path: &Path) -> Result<()> {
    use std::os::unix::fs::{DirBuilderExt, OpenOptionsExt};
    if let Some(dir) = path.parent().filter(|d| !d.as_os_str().is_empty() && !d.exists()) {
        std::fs::DirBuilder::new()
            .recursive(true)
            .mode(0o700)
            .create(dir)
            .map_err(|cause| StoreError::Directory {
                path: dir.display().to_string(),
                cause,
            })?;
    }
    if let Ok(metadata) = std::fs::metadata(path) {
        use std::os::unix::fs::PermissionsExt;
        // An older Nonet created it readable by all: make it private.
        if metadata.is_file() && metadata.permissions().mode() & 0o077 != 0 {
            let _ = std::fs::set_permissions(path, std::fs::Permissions::from_mode(0o600));
        }
    } else {
        std::fs::OpenOptions::new()
            .write(true)
            .create(true)
            .truncate(false)
            .mode(0o600)
            .open(path)
            .map_err(|cause| StoreError::Directory {
                path: path.display().to_string(),
                cause,
            })?;
    }
    Ok(())
}

impl Store {
    /// Opens (creating if needed, private to the user) the database at `path` and brings its
    /// schema up to date. A damaged file is reported as [`StoreError::Corrupt`] and left
    /// untouched; a busy or unreadable one as [`StoreError::Unavailable`].
    pub fn open(path: &Path) -> Result<Store> {
        refuse_special(path)?;
        create_private(path)?;
        let connection = Connection::open(path).map_err(|e| classify(path, e))?;
        Store::setup(connection, path)
    }

    /// Opens an existing database for reading only (the CLI's history commands), never creating
    /// or migrating it: one an older Nonet wrote is read through a copy in memory brought up to
    /// date.
    pub fn open_read_only(path: &Path) -> Result<Store> {
        Store::open_read_only_waiting(path, Duration::from_secs(5))
    }

    /// Opens an existing database for reading only as [`Store::open_read_only`] does, waiting
    /// at most `wait` each time another program holds it busy.
    fn open_read_only_waiting(path: &Path, wait: Duration) -> Result<Store> {
        refuse_special(path)?;
        let connection =
            Connection::open_with_flags(path, OpenFlags::SQLITE_OPEN_READ_ONLY | OpenFlags::SQLITE_OPEN_NO_MUTEX)?;
        connection.busy_timeout(wait)?;
        let corrupt = |e| classify(path, e);
        let found = schema::version(&connection).map_err(corrupt)?;
        connection
            .query_row("SELECT count(*) FROM sqlite_schema", [], |_| Ok(()))
            .map_err(corrupt)?;
        if found > schema::MIGRATIONS.len() {
            return Err(StoreError::TooNew {
                path: path.display().to_string(),
                found,
                known: schema::MIGRATIONS.len(),
            });
        }
        if found < schema::MIGRATIONS.len() {
            // Written by an older Nonet, not opened in the app since: read through a copy in
            // memory brought up to date, the file left as it is.
            return Store::upgraded_copy(&connection, path, wait);
        }
        Ok(Store { connection })
    }

    /// A copy in memory of the database `file` holds, its schema brought up to date; waits at
    /// most `wait` while another program holds the file busy.
    fn upgraded_copy(file: &Connection, path: &Path, wait: Duration) -> Result<Store> {
        use rusqlite::backup::{Backup, StepResult};
        let mut memory = Connection::open_in_memory()?;
        {
            let copy = Backup::new(file, &mut memory)?;
            let deadline = Instant::now() + wait;
            loop {
                match copy.step(-1).map_err(|e| classify(path, e))? {
                    StepResult::Done => break,
                    StepResult::More => {}
                    _ if Instant::now() < deadline => std::thread::sleep(Duration::from_millis(20)),
                    // (In SQLite's words for a busy file, as the other reasons are SQLite's.)
                    _ => {
                        return Err(StoreError::Unavailable {
                            path: path.display().to_string(),
                            reason: "database is locked".to_string(),
                        })
                    }
                }
            }
        }
        Store::setup(memory, path)
    }

    /// The history to look at (the History window, `nonet-cli history`): the file read only, or
    /// an empty history when there is no file yet.
    pub fn open_for_reading(path: &Path) -> Result<Store> {
        Store::open_for_reading_waiting(path, Duration::from_secs(5))
    }

    /// The history to look at as [`Store::open_for_reading`] gives it, waiting at most `wait`
    /// each time another program holds the file busy (a glance that must not hold anything up).
    pub fn open_for_reading_waiting(path: &Path, wait: Duration) -> Result<Store> {
        if path.exists() {
            Store::open_read_only_waiting(path, wait)
        } else {
            Store::in_memory()
        }
    }

    /// A database in memory (tests and benchmarks).
    pub fn in_memory() -> Result<Store> {
        Store::setup(Connection::open_in_memory()?, Path::new(":memory:"))
    }

    fn setup(mut connection: Connection, path: &Path) -> Result<Store> {
        let corrupt = |e| classify(path, e);
        connection.busy_timeout(Duration::from_secs(5)).map_err(corrupt)?;
        connection.pragma_update(None, "foreign_keys", true).map_err(corrupt)?;
        let _mode: String = connection
            .query_row("PRAGMA journal_mode=WAL", [], |row| row.get(0))
            .map_err(corrupt)?;
        connection
            .pragma_update(None, "synchronous", "NORMAL")
            .map_err(corrupt)?;
        let found = schema::version(&connection).map_err(corrupt)?;
        if found > schema::MIGRATIONS.len() {
            return Err(StoreError::TooNew {
                path: path.display().to_string(),
                found,
                known: schema::MIGRATIONS.len(),
            });
        }
        schema::migrate_to(&mut connection, schema::MIGRATIONS.len()).map_err(corrupt)?;
        // A file that opens but whose tables are not ours is not a Nonet database; a busy or
        // failing one may be, and is left alone.
        connection
            .query_row("SELECT count(*) FROM games", [], |_| Ok(()))
            .map_err(|e| match is_unavailable(&e) {
                true => classify(path, e),
                false => StoreError::Corrupt {
                    path: path.display().to_string(),
                    reason: e.to_string(),
                },
            })?;
        Ok(Store { connection })
    }

    /// Opens the database, and when it is damaged moves it aside as `<name>.corrupt-<timestamp>`
    /// and starts a fresh one. Returns where the damaged file went, if it did.
    pub fn open_or_recover(path: &Path) -> Result<(Store, Option<PathBuf>)> {
        match Store::open(path) {
            Err(StoreError::Corrupt { .. }) => {
                let stamp = file_timestamp();
                let name = path
                    .file_name()
                    .map(|n| n.to_string_lossy().to_string())
                    .unwrap_or_else(|| "nonet.db".into());
                let aside = path.with_file_name(format!("{name}.corrupt-{stamp}"));
                std::fs::rename(path, &aside).map_err(|cause| StoreError::Directory {
                    path: aside.display().to_string(),
                    cause,
                })?;
                for suffix in ["-wal", "-shm"] {
                    let side = PathBuf::from(format!("{}{suffix}", path.display()));
                    if side.exists() {
                        let _ = std::fs::rename(&side, format!("{}{suffix}", aside.display()));
                    }
                }
                Ok((Store::open(path)?, Some(aside)))
            }
            other => other.map(|store| (store, None)),
        }
    }
}

/// `20261122T063012Z`: the UTC time now, for file names.
fn file_timestamp() -> String {
    let (year, month, day, hour, minute, second) = utc(now_unix_ms());
    format!("{year:04}{month:02}{day:02}T{hour:02}{minute:02}{second:02}Z")
}

/// A Unix time in milliseconds as UTC (year, month, day, hour, minute, second).
fn utc(unix_ms: i64) -> (i64, u32, u32, i64, i64, i64) {
    let seconds = unix_ms.div_euclid(1000);
    let (year, month, day) = civil_from_days(seconds.div_euclid(86_400));
    let rest = seconds.rem_euclid(86_400);
    (year, month, day, rest / 3600, rest / 60 % 60, rest % 60)
}

/// Days since 1970-01-01 to a (year, month, day) date (Howard Hinnant's algorithm).
pub fn civil_from_days(days: i64) -> (i64, u32, u32) {
    let z = days + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z.rem_euclid(146_097);
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let day = (doy - (153 * mp + 2) / 5 + 1) as u32;
    let month = if mp < 10 { mp + 3 } else { mp - 9 } as u32;
    (yoe + era * 400 + i64::from(month <= 2), month, day)
}

/// `2026-11-22T06:30:12Z`: ISO 8601 in UTC, for JSON and files other programs read.
pub fn format_utc_iso(unix_ms: i64) -> String {
    let (year, month, day, hour, minute, second) = utc(unix_ms);
    format!("{year:04}-{month:02}-{day:02}T{hour:02}:{minute:02}:{second:02}Z")
}

/// `2026-11-22 07:30 +01:00`: the local time (the system's zone, or `TZ`) with its offset from
/// UTC, for people reading the command line's output. UTC when the zone cannot be read.
pub fn format_local(unix_ms: i64) -> String {
    let seconds = unix_ms.div_euclid(1000);
    let offset = local_offset_seconds(seconds).unwrap_or(0);
    let (year, month, day, hour, minute, _) = utc((seconds + offset) * 1000);
    let sign = if offset < 0 { '-' } else { '+' };
    let offset = offset.unsigned_abs() / 60;
    format!(
        "{year:04}-{month:02}-{day:02} {hour:02}:{minute:02} {sign}{:02}:{:02}",
        offset / 60,
        offset % 60
    )
}

/// How far local time is ahead of UTC at `unix_seconds`, from the C library's zone database.
fn local_offset_seconds(unix_seconds: i64) -> Option<i64> {
    let time = libc::time_t::try_from(unix_seconds).ok()?;
    // SAFETY: `tm` is plain data that localtime_r fills in; both pointers are valid for the call.
    let mut tm: libc::tm = unsafe { std::mem::zeroed() };
    let filled = unsafe { libc::localtime_r(&time, &mut tm) };
    // `tm_gmtoff` is a C long: i64 here, i32 on 32-bit systems.
    #[allow(clippy::useless_conversion)]
    (!filled.is_null()).then_some(i64::from(tm.tm_gmtoff))
}

/// Today in the local time zone (the system's, or `TZ`; UTC when it cannot be read): the daily
/// puzzle's day, for the command line (the app asks GLib).
pub fn local_today() -> Option<crate::engine::daily::Day> {
    local_day(now_unix_ms())
}

/// The day of the calendar `unix_ms` falls on in the local time zone (as [`local_today`]).
pub fn local_day(unix_ms: i64) -> Option<crate::engine::daily::Day> {
    let seconds = unix_ms.div_euclid(1000);
    let offset = local_offset_seconds(seconds).unwrap_or(0);
    let (year, month, day, ..) = utc((seconds + offset) * 1000);
    crate::engine::daily::Day::new(i32::try_from(year).ok()?, month, day)
}

/// Milliseconds since the Unix epoch, now.
pub fn now_unix_ms() -> i64 {
    std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map(|d| d.as_millis() as i64)
        .unwrap_or(0)
}

#[cfg(test)]
mod tests;

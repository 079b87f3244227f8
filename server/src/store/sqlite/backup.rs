//! `mice-cake-server backup FILE` and `restore FILE`: the embedded
//! database copied while the server runs, and put back while it does not.
//!
//! A backup is SQLite's online backup, made in one step: one read
//! transaction, so the copy is the database as it stood at one instant
//! (live rooms and finished games together), while the server, whose log
//! mode lets readers and its writer work side by side, goes on writing.
//! It is written beside `FILE` and renamed onto it, private to its owner
//! (it holds the live games' seeds). A restore checks the copy whole, and
//! its schema, before it touches the data directory; it refuses while a
//! server holds the directory, and keeps the database it replaces.

use std::path::{Path, PathBuf};

use rusqlite::{Connection, OpenFlags};

use super::open::{DATABASE_FILE, check_before_writing, lock};
use crate::store::{StoreError, private};

/// What a backup copied.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct Copied {
    /// Finished games in the copy.
    pub(crate) games: u64,
    /// Live rooms in the copy.
    pub(crate) rooms: u64,
    /// Its size in bytes.
    pub(crate) bytes: u64,
}

/// Copies the database of the data directory `dir` to `to`, whether a
/// server runs on it or not.
pub(crate) fn backup(dir: &Path, to: &Path) -> Result<Copied, StoreError> {
    let source_path = dir.join(DATABASE_FILE);
    let name = source_path.display().to_string();
    if !source_path.exists() {
        return Err(StoreError::DataDir {
            path: dir.display().to_string(),
            source: std::io::Error::new(
                std::io::ErrorKind::NotFound,
                format!("no database ({DATABASE_FILE}) in it"),
            ),
        });
    }
    let source = Connection::open_with_flags(
        &source_path,
        OpenFlags::SQLITE_OPEN_READ_ONLY | OpenFlags::SQLITE_OPEN_NO_MUTEX,
    )
    .map_err(|error| open_error(&name, error))?;
    let partial = beside(to, "partial");
    let written = (|| {
        let _ = std::fs::remove_file(&partial);
        private::open_file(&partial).map_err(|source| data_dir_error(&partial, source))?;
        let mut copy = Connection::open(&partial).map_err(|error| open_error(&name, error))?;
        {
            let backup = rusqlite::backup::Backup::new(&source, &mut copy)
                .map_err(|error| open_error(&name, error))?;
            // Every page in one step: one read transaction, one instant.
            backup.step(-1).map_err(|error| open_error(&name, error))?;
        }
        // A file of its own, without a log beside it: read anywhere (even
        // read-only) it leaves nothing behind.
        copy.pragma_update(None, "journal_mode", "delete")
            .map_err(|error| open_error(&name, error))?;
        let copied = counts(&copy).map_err(|error| open_error(&name, error))?;
        copy.close()
            .map_err(|(_, error)| open_error(&name, error))?;
        std::fs::File::open(&partial)
            .and_then(|file| file.sync_all())
            .map_err(|source| data_dir_error(&partial, source))?;
        std::fs::rename(&partial, to).map_err(|source| data_dir_error(to, source))?;
        let bytes = std::fs::metadata(to)
            .map_err(|source| data_dir_error(to, source))?
            .len();
        Ok(Copied { bytes, ..copied })
    })();
    if written.is_err() {
        let _ = std::fs::remove_file(&partial);
    }
    written
}

/// Puts the backup `from` in as the database of the data directory `dir`
/// (made if missing); the database it replaces is kept beside it, renamed
/// `….replaced-<unix seconds>`. Refused while a server holds `dir`, and for
/// a copy that is damaged or was written by a newer server. Returns the
/// path the replaced database was kept at, if there was one.
pub(crate) fn restore(from: &Path, dir: &Path) -> Result<Option<PathBuf>, StoreError> {
    let shown = from.display().to_string();
    if !from.is_file() {
        return Err(StoreError::Open {
            path: shown,
            source: "there is no such file".into(),
        });
    }
    {
        let copy = Connection::open_with_flags(from, OpenFlags::SQLITE_OPEN_READ_ONLY)
            .map_err(|error| open_error(&shown, error))?;
        check_before_writing(&copy, &shown)?;
        counts(&copy).map_err(|_| StoreError::Unreadable {
            path: shown.clone(),
            detail: "not a mice-cake database: it has no games or rooms".into(),
        })?;
    }
    private::create_dir(dir).map_err(|source| data_dir_error(dir, source))?;
    // Held until the copy is in: no server starts on a half-restored
    // directory, and none running is written under.
    let _lock = lock(dir)?;
    let target = dir.join(DATABASE_FILE);
    let partial = beside(&target, "restoring");
    std::fs::copy(from, &partial).map_err(|source| data_dir_error(&partial, source))?;
    private::make_private(&partial).map_err(|source| data_dir_error(&partial, source))?;
    std::fs::File::open(&partial)
        .and_then(|file| file.sync_all())
        .map_err(|source| data_dir_error(&partial, source))?;
    let kept = if target.exists() {
        let seconds = std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .map_or(0, |since| since.as_secs());
        let kept = beside(&target, &format!("replaced-{seconds}"));
        // The database with its log: what the log holds is part of it.
        for suffix in ["", "-wal", "-shm"] {
            let file = PathBuf::from(format!("{}{suffix}", target.display()));
            if file.exists() {
                let to = PathBuf::from(format!("{}{suffix}", kept.display()));
                std::fs::rename(&file, &to).map_err(|source| data_dir_error(&file, source))?;
            }
        }
        Some(kept)
    } else {
        None
    };
    std::fs::rename(&partial, &target).map_err(|source| data_dir_error(&target, source))?;
    Ok(kept)
}

/// The finished games and live rooms of a database.
fn counts(connection: &Connection) -> rusqlite::Result<Copied> {
    let count = |table: &str| -> rusqlite::Result<u64> {
        connection
            .query_row(&format!("SELECT count(*) FROM {table}"), [], |row| {
                row.get::<_, i64>(0)
            })
            .map(|count| u64::try_from(count).unwrap_or(0))
    };
    Ok(Copied {
        games: count("games")?,
        rooms: count("rooms")?,
        bytes: 0,
    })
}

/// `path` with `.suffix` added to its name.
fn beside(path: &Path, suffix: &str) -> PathBuf {
    let mut name = path.as_os_str().to_owned();
    name.push(".");
    name.push(suffix);
    PathBuf::from(name)
}

fn open_error(name: &str, error: rusqlite::Error) -> StoreError {
    StoreError::Open {
        path: name.to_owned(),
        source: Box::new(error),
    }
}

fn data_dir_error(path: &Path, source: std::io::Error) -> StoreError {
    StoreError::DataDir {
        path: path.display().to_string(),
        source,
    }
}

//! Opening the database: the data directory's lock, a read of the whole
//! file before anything is written (a damaged file, or one from a newer
//! server, is refused with nothing changed), the connections' settings,
//! and the migrations.

use std::fs::File;
use std::path::{Path, PathBuf};
use std::sync::Mutex;

use rusqlite::{Connection, OpenFlags};
use tracing::warn;

use super::schema::{SCHEMA_VERSION, migrations};
use super::{Durability, SqliteStore};
use crate::store::{StoreError, private};

/// The database file in the data directory.
pub(crate) const DATABASE_FILE: &str = "mice-cake.db";
/// Held (locked) while a server uses the data directory.
const LOCK_FILE: &str = "mice-cake.lock";

/// The writer's page cache, in KiB. SQLite's default (2 MiB) sends most
/// reads of 10,000 live rooms to the file; a much larger one costs more than
/// it saves, since every commit scans it (docs/performance.md, "Memory per
/// connection").
const WRITER_CACHE_KIB: i64 = 2 * 1024;

impl SqliteStore {
    /// Opens (or creates) the database in `dir`.
    pub(crate) fn open(
        dir: &Path,
        durability: Durability,
        max_games: usize,
    ) -> Result<SqliteStore, StoreError> {
        let shown = dir.display().to_string();
        let data_dir_error = |source| StoreError::DataDir {
            path: shown.clone(),
            source,
        };
        private::create_dir(dir).map_err(data_dir_error)?;
        let lock = lock(dir)?;
        let path = dir.join(DATABASE_FILE);
        let name = path.display().to_string();
        if !path.exists() {
            // Created here, for the server's user alone: SQLite gives its
            // log and shared memory the same mode.
            private::open_file(&path).map_err(data_dir_error)?;
        }
        let mut writer = Connection::open(&path).map_err(|error| opening(&name, error))?;
        check_before_writing(&writer, &name)?;
        writer
            .pragma_update_and_check(None, "journal_mode", "wal", |row| row.get::<_, String>(0))
            .map_err(|error| opening(&name, error))?;
        let synchronous = durability.synchronous();
        writer
            .pragma_update(None, "synchronous", synchronous)
            .map_err(|error| opening(&name, error))?;
        // The log is copied into the database by a thread of its own
        // (`checkpoint`), started once the run begins, never by a commit.
        for (pragma, value) in [("wal_autocheckpoint", 0), ("cache_size", -WRITER_CACHE_KIB)] {
            writer
                .pragma_update(None, pragma, value)
                .map_err(|error| opening(&name, error))?;
        }
        migrate(&mut writer, &name)?;
        let reader = Connection::open_with_flags(
            &path,
            OpenFlags::SQLITE_OPEN_READ_ONLY | OpenFlags::SQLITE_OPEN_NO_MUTEX,
        )
        .map_err(|error| opening(&name, error))?;
        for connection in [&writer, &reader] {
            wait_briefly_when_busy::<BUSY_TRIES>(connection)
                .map_err(|error| opening(&name, error))?;
        }
        // SQLite gives its log and shared memory the database file's mode
        // (again each time it opens them empty), which may be an older
        // server's 0644. In a private directory nobody else can reach the
        // files whatever their modes: they are all made private, which takes
        // nothing from anyone. An open directory is the operator's choice,
        // only reported.
        if private::is_private(dir) {
            for suffix in ["", "-wal", "-shm"] {
                private::make_private(&dir.join(format!("{DATABASE_FILE}{suffix}")))
                    .map_err(data_dir_error)?;
            }
        }
        let exposed = private::exposed(dir, &[DATABASE_FILE, LOCK_FILE]);
        if !exposed.is_empty() {
            warn!(
                paths = %private::listed(&exposed),
                fix = private::fix_all(&exposed),
                "other users of this machine can read the data directory, which holds the \
                 secrets of live games (seeds, deals, commits)"
            );
        }
        Ok(SqliteStore {
            name,
            writer: Mutex::new(writer),
            reader: Some(Mutex::new(reader)),
            max_games,
            lock: Mutex::new(Some(lock)),
            checkpointer: Mutex::new(None),
            path: Some(path),
            durability,
        })
    }

    /// A database in memory, gone with the process: for tests.
    #[cfg(test)]
    pub(crate) fn in_memory(max_games: usize) -> Result<SqliteStore, StoreError> {
        let name = "the in-memory database".to_owned();
        let mut writer = Connection::open_in_memory().map_err(|error| opening(&name, error))?;
        migrate(&mut writer, &name)?;
        Ok(SqliteStore {
            name,
            writer: Mutex::new(writer),
            reader: None,
            max_games,
            lock: Mutex::new(None),
            checkpointer: Mutex::new(None),
            path: None,
            durability: Durability::Normal,
        })
    }
}

/// Takes the data directory's lock: two servers on one directory would
/// both bring back the same rooms.
pub(super) fn lock(dir: &Path) -> Result<File, StoreError> {
    let path: PathBuf = dir.join(LOCK_FILE);
    let io_error = |source| StoreError::DataDir {
        path: dir.display().to_string(),
        source,
    };
    let file = private::open_file(&path).map_err(io_error)?;
    match file.try_lock() {
        Ok(()) => Ok(file),
        Err(std::fs::TryLockError::WouldBlock) => Err(StoreError::Locked {
            path: dir.display().to_string(),
            lock: path.display().to_string(),
        }),
        Err(std::fs::TryLockError::Error(source)) => Err(io_error(source)),
    }
}

/// Between tries for a lock: short, since locks here are held for
/// milliseconds.
const BUSY_PAUSE: std::time::Duration = std::time::Duration::from_micros(250);

/// Tries for a lock another connection holds (the checkpoint, a reader)
/// before failing: 5 s.
pub(super) const BUSY_TRIES: u32 = 20_000;

/// Waits for a busy lock in short pauses, `TRIES` times at most. SQLite's
/// own busy timeout sleeps 1, 2, 5 … up to 100 ms between tries: a room's
/// write would wait that long for a lock freed a millisecond later (seen as
/// the latency tail under load).
pub(super) fn wait_briefly_when_busy<const TRIES: u32>(
    connection: &Connection,
) -> rusqlite::Result<()> {
    connection.busy_handler(Some(|tries: i32| {
        let waiting = u32::try_from(tries).unwrap_or(u32::MAX) < TRIES;
        if waiting {
            std::thread::sleep(BUSY_PAUSE);
        }
        waiting
    }))
}

/// An error while opening: a damaged file says so.
fn opening(name: &str, error: rusqlite::Error) -> StoreError {
    use rusqlite::ErrorCode::{DatabaseCorrupt, NotADatabase};
    match error.sqlite_error_code() {
        Some(NotADatabase | DatabaseCorrupt) => StoreError::Unreadable {
            path: name.to_owned(),
            detail: error.to_string(),
        },
        _ => StoreError::Open {
            path: name.to_owned(),
            source: Box::new(error),
        },
    }
}

/// Reads the whole file's structure and its schema version; writes nothing.
pub(super) fn check_before_writing(connection: &Connection, name: &str) -> Result<(), StoreError> {
    let problems: Vec<String> = connection
        .prepare("PRAGMA quick_check(5)")
        .and_then(|mut check| {
            check
                .query_map([], |row| row.get::<_, String>(0))?
                .collect::<Result<_, _>>()
        })
        .map_err(|error| opening(name, error))?;
    if problems.first().is_none_or(|first| first != "ok") {
        return Err(StoreError::Unreadable {
            path: name.to_owned(),
            detail: format!("damaged: {}", problems.join("; ")),
        });
    }
    let found: i64 = connection
        .pragma_query_value(None, "user_version", |row| row.get(0))
        .map_err(|error| opening(name, error))?;
    if found > i64::try_from(SCHEMA_VERSION).unwrap_or(i64::MAX) {
        return Err(StoreError::TooNew {
            path: name.to_owned(),
            found,
            known: SCHEMA_VERSION,
        });
    }
    Ok(())
}

fn migrate(connection: &mut Connection, name: &str) -> Result<(), StoreError> {
    migrations()
        .to_latest(connection)
        .map_err(|error| StoreError::Open {
            path: name.to_owned(),
            source: Box::new(error),
        })
}

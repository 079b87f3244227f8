//! Copies the write-ahead log into the database on a thread of its own.
//!
//! SQLite's automatic checkpoint runs inside the commit that crosses its
//! threshold, and every room waiting on that commit waits for the copy too:
//! with 10,000 rooms it was a sixth of the writer's time and most of the
//! latency tail (docs/performance.md, "Full speed", "Human pace"). A
//! passive checkpoint on another connection copies beside the writer
//! instead. Passive checkpoints alone can fall behind a busy writer forever,
//! and the log would grow without end; once it is long, a restarting
//! checkpoint finishes the copy (short, since most is copied already) and
//! lets the next write start the log over.

use std::path::Path;
use std::sync::mpsc::{self, RecvTimeoutError};
use std::thread::JoinHandle;
use std::time::Duration;

use rusqlite::{Connection, OpenFlags};

use super::Durability;
use crate::store::StoreError;

/// How often the log is copied.
const INTERVAL: Duration = Duration::from_millis(250);

/// Log frames (pages) beyond which the log is started over: 256 MiB. A
/// restart holds the writer off while it finishes; below this, the log
/// starts over by itself whenever a passive copy catches up.
const RESTART_FRAMES: i64 = 65_536;

/// Tries for a lock before a checkpoint gives up until the next: 100 ms.
const CHECKPOINT_BUSY_TRIES: u32 = 400;

/// A running checkpoint thread; stopped when dropped.
pub(crate) struct Checkpointer {
    stop: Option<mpsc::Sender<()>>,
    thread: Option<JoinHandle<()>>,
}

impl Checkpointer {
    /// Starts checkpointing the database at `path` (already in WAL mode).
    pub(crate) fn start(path: &Path, durability: Durability) -> Result<Checkpointer, StoreError> {
        let connection = Connection::open_with_flags(
            path,
            OpenFlags::SQLITE_OPEN_READ_WRITE | OpenFlags::SQLITE_OPEN_NO_MUTEX,
        )?;
        // It gives way quickly: a restart waiting on a slow reader must not
        // hold the writer's lock for long, nor outlast the writer's patience.
        super::open::wait_briefly_when_busy::<CHECKPOINT_BUSY_TRIES>(&connection)?;
        // A checkpoint syncs (or not) as the writer's setting says.
        connection.pragma_update(None, "synchronous", durability.synchronous())?;
        let (stop, stopped) = mpsc::channel::<()>();
        let thread = std::thread::Builder::new()
            .name("checkpoint".into())
            .spawn(move || {
                while let Err(RecvTimeoutError::Timeout) = stopped.recv_timeout(INTERVAL) {
                    if let Err(cause) = checkpoint(&connection) {
                        tracing::warn!(cause = %cause, "cannot checkpoint the database");
                    }
                }
            })
            .map_err(|error| StoreError::Query {
                source: Box::new(error),
            })?;
        Ok(Checkpointer {
            stop: Some(stop),
            thread: Some(thread),
        })
    }
}

/// One passive copy, and a restart of the log once it is long.
fn checkpoint(connection: &Connection) -> rusqlite::Result<()> {
    let log_frames: i64 =
        connection.query_row("PRAGMA wal_checkpoint(PASSIVE)", [], |row| row.get(1))?;
    if log_frames >= RESTART_FRAMES {
        connection.query_row("PRAGMA wal_checkpoint(RESTART)", [], |_| Ok(()))?;
    }
    Ok(())
}

impl Drop for Checkpointer {
    fn drop(&mut self) {
        drop(self.stop.take());
        if let Some(thread) = self.thread.take() {
            let _ = thread.join();
        }
    }
}

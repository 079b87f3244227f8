//! The shell's writes: what a step of the rules changed, stored before
//! anything is sent (the write-ahead rule), and a room that closed for
//! good forgotten.

use std::time::Duration;

use tracing::{error, info, warn};

use super::RoomTask;
use crate::store::{RoomWrite, StoreError};

/// A write that took this long held the room as surely as one that
/// failed (a database waited on for a connection, say): nobody could act.
const STALLED: Duration = Duration::from_secs(1);

/// The first pause before a failed write is tried again; it doubles each
/// time, up to [`STORE_RETRY_MOST`].
const STORE_RETRY_FIRST: Duration = Duration::from_millis(50);
const STORE_RETRY_MOST: Duration = Duration::from_secs(2);

impl RoomTask {
    /// Stores what changed, and returns once it is stored: nothing is sent
    /// before (the write-ahead rule). While storage fails (its database is
    /// unreachable, say), the room holds: it takes no command, sends
    /// nothing, and tries again, less and less often, until the write goes
    /// through; its clocks are then moved on by the time it held, so that
    /// nobody's deadline ran out while nothing could happen. If the server
    /// stops meanwhile, what was not stored is not sent either.
    pub(super) async fn store_changes(&mut self) {
        let mut pause = STORE_RETRY_FIRST;
        // From the first attempt: a write to a database that does not
        // answer fails only after its connection's timeout.
        let started = tokio::time::Instant::now();
        let mut held = false;
        loop {
            match self.try_store_changes().await {
                Ok(()) => break,
                Err(StoreError::Stopped) if self.context.shutdown.is_cancelled() => {
                    self.room.drop_unsent();
                    return;
                }
                Err(StoreError::Fenced { .. }) => {
                    self.room.handed_over();
                    return;
                }
                Err(cause) => {
                    metrics::counter!(crate::metrics::STORE_ERRORS).increment(1);
                    if !held {
                        warn!(room = %self.code, cause = %cause, "changes not stored: the room holds until they are");
                        held = true;
                    }
                    let shutdown = self.context.shutdown.clone();
                    tokio::select! {
                        () = tokio::time::sleep(pause) => {}
                        () = shutdown.cancelled() => {
                            self.room.drop_unsent();
                            return;
                        }
                    }
                    pause = (pause * 2).min(STORE_RETRY_MOST);
                }
            }
        }
        let waited = started.elapsed();
        metrics::histogram!(crate::metrics::STORE_WAIT_SECONDS).record(waited);
        if let Some(held) = time_held(waited, held) {
            self.room.postpone_clocks(held);
            info!(room = %self.code, held_ms = held.as_millis(), "changes stored: the room goes on");
        }
    }

    /// One attempt at [`RoomTask::store_changes`].
    async fn try_store_changes(&mut self) -> Result<(), StoreError> {
        let (update, marks) = if self.context.storage.keeps_rooms() {
            match self.room.changes(self.context.clock) {
                Ok((update, marks)) => (update, Some(marks)),
                Err(cause) => {
                    // Not storage's failure: trying again would not help.
                    metrics::counter!(crate::metrics::STORE_ERRORS).increment(1);
                    error!(room = %self.code, cause = %cause, "the game's rounds cannot be rebuilt: changes not stored");
                    return Ok(());
                }
            }
        } else {
            // Storage that keeps no live rooms: the finished games alone.
            (Box::new(self.room.finishing()), None)
        };
        if update.is_empty() {
            return Ok(());
        }
        self.context
            .storage
            .write(RoomWrite::Update(update))
            .await?;
        self.room.stored(marks);
        Ok(())
    }

    /// Forgets the room in storage: it closed for good.
    pub(super) async fn forget(&mut self) {
        if !self.context.storage.keeps_rooms() {
            return;
        }
        if let Err(cause) = self
            .context
            .storage
            .write(RoomWrite::Remove(self.code))
            .await
        {
            metrics::counter!(crate::metrics::STORE_ERRORS).increment(1);
            warn!(room = %self.code, cause = %cause, "a closed room stays stored");
        }
    }
}

/// The time a write held the room, which its clocks are moved on by: the
/// whole wait when the write failed at first or stalled, none when it went
/// through as writes do.
fn time_held(waited: Duration, failed: bool) -> Option<Duration> {
    (failed || waited >= STALLED).then_some(waited)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A write that failed, or went through only after a stall, held the
    /// room: its clocks move on by the whole wait. A write as writes go
    /// moves nothing.
    #[test]
    fn a_write_that_failed_or_stalled_held_the_room_for_its_whole_wait() {
        let quick = Duration::from_millis(40);
        assert_eq!(time_held(quick, false), None);
        assert_eq!(time_held(quick, true), Some(quick));
        let stalled = Duration::from_secs(6);
        assert_eq!(time_held(stalled, false), Some(stalled));
        assert_eq!(time_held(STALLED, false), Some(STALLED));
    }
}

//! What a room made for an arena tells its arena: a game over (stored
//! already: the arena reads its result from the store), or its pairing
//! called off (who had sealed their deal). Rooms do not know arenas; they
//! post to this mailbox, which the arenas' registry reads. A report lost
//! (the mailbox full, or the arena run on another node) costs time, not a
//! game: the arena also reads the store, and looks for its rooms.

use mice_cake_engine::PlayerKey;
use mice_cake_protocol::{ArenaId, RoomCode};
use tokio::sync::mpsc;

/// Reports waiting for the arenas' registry.
const MAILBOX: usize = 4096;

/// One report of a room to its arena.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum ArenaReport {
    /// A game ended, and is stored.
    GameOver { code: RoomCode },
    /// The pairing was called off before its game was taken up;
    /// `held_back`: the key of the player who sat and did not seal their
    /// deal while the other did (as `unpaired` tells them), paused; the
    /// others are paired again. Named by key, never by seat: an arena's
    /// players take the room's seats in the order they come, not in the
    /// order the arena paired them.
    CalledOff {
        code: RoomCode,
        held_back: Option<PlayerKey>,
    },
}

/// Where rooms post their reports.
#[derive(Clone, Debug)]
pub(crate) struct ArenaMail(mpsc::Sender<(ArenaId, ArenaReport)>);

/// Where the arenas' registry reads them.
pub(crate) type ArenaMailbox = mpsc::Receiver<(ArenaId, ArenaReport)>;

impl ArenaMail {
    /// A mailbox, and where to post to it.
    pub(crate) fn new() -> (ArenaMail, ArenaMailbox) {
        let (sender, receiver) = mpsc::channel(MAILBOX);
        (ArenaMail(sender), receiver)
    }

    /// Posts a report, never waiting: a full mailbox drops it.
    pub(crate) fn post(&self, arena: ArenaId, report: ArenaReport) {
        if self.0.try_send((arena, report)).is_err() {
            tracing::debug!(%arena, ?report, "arena report dropped: the mailbox is full or closed");
        }
    }
}

//! The way from an arena to a session in it: the player's pairings, one at
//! a time, and the arena's last standings once it is over. A session on
//! the arena's node is told through a channel; one on another node of a
//! cluster through that node (`cluster::arenas`), which hands the news to
//! the session's own channel. Either way a session whose channel closes
//! without the arena's end has lost its arena (it moved to another node,
//! or ended unseen) and finds it again.

use mice_cake_protocol::{RoomCode, ServerMessage};
use tokio::sync::mpsc;

use crate::frame::Frame;

/// A pairing, as the arena tells the paired connection's session: it takes
/// the seat in `code` (and says `message`, `arena_paired`, first).
#[derive(Debug)]
pub(crate) struct ArenaPairing {
    pub(crate) code: RoomCode,
    pub(crate) message: ServerMessage,
}

/// What an arena tells a session through its link.
#[derive(Debug)]
pub(crate) enum ArenaLinkNews {
    /// Its player was paired.
    Paired(ArenaPairing),
    /// The arena is over: its last standings (`arena_update`), to be sent
    /// once to the client.
    Over(Frame),
}

/// Where a session hears its arena's news.
pub(crate) type ArenaNewsSender = mpsc::Sender<ArenaLinkNews>;
/// Room for a session's arena news.
pub(crate) const LINK_NEWS: usize = 4;

/// The way to a session in an arena, wherever it is.
pub(crate) trait TellSession: Send + Sync + std::fmt::Debug {
    /// Tells the session of a pairing, never waiting; whether it could.
    fn paired(&self, pairing: ArenaPairing) -> bool;
    /// Tells the session the arena is over with `update`, its last
    /// standings, never waiting; whether it could (a session not told
    /// finds the arena over when its link closes, and reads them).
    fn over(&self, update: Frame) -> bool;
}

impl TellSession for ArenaNewsSender {
    fn paired(&self, pairing: ArenaPairing) -> bool {
        self.try_send(ArenaLinkNews::Paired(pairing)).is_ok()
    }

    fn over(&self, update: Frame) -> bool {
        self.try_send(ArenaLinkNews::Over(update)).is_ok()
    }
}

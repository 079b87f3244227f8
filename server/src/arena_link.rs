//! The way from an arena to a player's session: its pairings, one at a
//! time. A session on the arena's node is told through a channel; one on
//! another node of a cluster through that node (`cluster::arenas`), which
//! hands the pairing to the session's own channel. Either way a session
//! whose channel closes has lost its arena (the arena moved to another
//! node, or is over) and finds it again.

use mice_cake_protocol::{RoomCode, ServerMessage};
use tokio::sync::mpsc;

/// A pairing, as the arena tells the paired connection's session: it takes
/// the seat in `code` (and says `message`, `arena_paired`, first).
#[derive(Debug)]
pub(crate) struct ArenaPairing {
    pub(crate) code: RoomCode,
    pub(crate) message: ServerMessage,
}

/// Where a session hears of its pairings (one at a time).
pub(crate) type PairingSender = mpsc::Sender<ArenaPairing>;
/// Room for a session's pairings.
pub(crate) const PAIRINGS: usize = 4;

/// The way to a player's session, wherever it is.
pub(crate) trait TellPairing: Send + Sync + std::fmt::Debug {
    /// Tells the session of a pairing, never waiting; whether it could.
    fn tell(&self, pairing: ArenaPairing) -> bool;
}

impl TellPairing for PairingSender {
    fn tell(&self, pairing: ArenaPairing) -> bool {
        self.try_send(pairing).is_ok()
    }
}

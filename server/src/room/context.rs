//! What every room shares, and the directory rooms publish themselves to.
//! Rooms see nothing else of the server: not the lobby, not connections.

use std::sync::Arc;
use std::sync::atomic::AtomicUsize;

use mice_cake_protocol::{RoomCode, RoomSummary};
use tokio_util::sync::CancellationToken;
use tokio_util::task::TaskTracker;

use super::ArenaMail;
use crate::clock::UptimeClock;
use crate::config::Config;
use crate::random::ServerRng;
use crate::store::Storage;
use crate::token::TokenHash;

/// Where rooms make themselves found: by code, by seat token, in the public
/// listing. The lobby implements it; a room only tells it what changed.
pub(crate) trait Directory: Send + Sync {
    /// A seat token now leads to `code`.
    fn register_seat(&self, token: TokenHash, code: RoomCode);
    /// A seat token leads nowhere any more (its player left).
    fn forget_seat(&self, token: &TokenHash);
    /// Publishes a room's summary, which answers for its code whether the
    /// room is listed or not; `listed`: whether the public listing shows it.
    fn publish(&self, code: RoomCode, summary: RoomSummary, listed: bool);
    /// The room closed for good: forget it, its seat tokens and its listing.
    fn closed(&self, code: &RoomCode);
    /// The room stopped on this node but lives on: the server is stopping
    /// (it comes back from storage), or another node of the cluster runs it
    /// now. What leads to it elsewhere stays.
    fn stopped(&self, code: &RoomCode);
}

/// What every room shares.
pub(crate) struct RoomContext {
    pub(crate) config: Arc<Config>,
    /// Deals, dice seeds, seat tokens, game ids.
    pub(crate) rng: ServerRng,
    pub(crate) storage: Storage,
    /// Room time, for what is stored (see [`crate::clock`]).
    pub(crate) clock: UptimeClock,
    /// Cancelled when the server shuts down.
    pub(crate) shutdown: CancellationToken,
    pub(crate) directory: Arc<dyn Directory>,
    /// Where rooms made for an arena tell it their games' ends.
    pub(crate) arena_mail: ArenaMail,
    /// Rooms with a game on: their clocks run, so the uptime is stored.
    pub(crate) playing: AtomicUsize,
    /// Every room's task: shutdown ends once the last has stopped.
    pub(crate) tasks: TaskTracker,
}

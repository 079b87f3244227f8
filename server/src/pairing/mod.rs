//! Quick pairing ("Play now", `mice-cake play`): players seek a game in a
//! pool (or any) with a time per round (or any); the server pairs the two
//! closest ratings that agree, in a private room made for them, rated
//! unless asked otherwise, and offers its strongest bot to whoever waited
//! as long as they chose.
//!
//! `queue.rs` is whom to pair (pure); `local.rs` is a single server's
//! queue, one task that owns it; `cluster.rs` a cluster's, in Redis, paired
//! by one node at a time. A connection seeks through the
//! [`Pairing`] trait and hears back through its own [`News`] channel, then
//! takes its seat by the room's code, as `join_room` does.
//!
//! Invariants: nobody is paired twice (one task pairs, and a waiter leaves
//! the queue as it is paired); a waiter whose connection is gone leaves
//! the queue (the connection cancels its seek as it ends, and a waiter
//! whose channel is closed is dropped, never paired).

pub(crate) mod cluster;
pub(crate) mod local;
pub(crate) mod queue;

use std::future::Future;
use std::pin::Pin;
use std::time::Duration;

use mice_cake_engine::Policy;
use mice_cake_protocol::{Pool, Rating, RoomCode, RoomOptions};
use tokio::sync::mpsc;

use crate::room::ConnId;

pub(crate) use queue::{Waiter, Wants};

/// How long a seek waits before the bot is offered, unless it says.
pub(crate) const DEFAULT_BOT_AFTER: Duration = Duration::from_secs(30);
/// How often the queue is looked over for pairs.
pub(crate) const PAIRING_INTERVAL: Duration = Duration::from_millis(250);
/// The bot offered: the strongest the server has.
pub(crate) const STRONGEST_BOT: Policy = Policy::Greedy;

/// What a seeking connection hears.
#[derive(Debug)]
pub(crate) enum News {
    /// Paired: take a seat in room `code`.
    Paired {
        code: RoomCode,
        pool: Pool,
        deadline_ms: Option<u64>,
        rated: bool,
        opponent: String,
        rating: Rating,
    },
    /// No opponent yet after the wait asked: the bot is offered (the seek
    /// goes on).
    BotOffered { options: RoomOptions },
    /// The seek ended without a game (the server is stopping, say).
    Ended { reason: String },
}

/// The sending half of a seeker's news (a few at most: an offer, then a
/// pairing or an end).
pub(crate) type NewsSender = mpsc::Sender<News>;
/// Room for a seeker's news.
pub(crate) const NEWS_QUEUE: usize = 4;

/// Where connections seek: a single server's queue, or a cluster's.
pub(crate) trait Pairing: Send + Sync {
    /// Puts a waiter in the queue; its news come through `news`.
    fn seek(
        &self,
        waiter: Waiter<ConnId>,
        news: NewsSender,
    ) -> Pin<Box<dyn Future<Output = ()> + Send + '_>>;
    /// Takes a waiter out of the queue (cancelled, or gone).
    fn cancel(&self, conn: ConnId) -> Pin<Box<dyn Future<Output = ()> + Send + '_>>;
}

/// The options of a room made for a pairing.
pub(crate) fn room_options(pool: Pool, deadline_ms: Option<u64>, rated: bool) -> RoomOptions {
    RoomOptions {
        game: pool.options(),
        deadline_ms,
        public: false,
        bot: None,
        record_chat: false,
        rated,
    }
}

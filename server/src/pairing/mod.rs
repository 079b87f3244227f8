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
use mice_cake_protocol::{Pool, Rating, RoomCode, RoomOptions, ServerMessage};
use serde::{Deserialize, Serialize};
use tokio::sync::mpsc;

use crate::room::ConnId;

pub(crate) use queue::{Waiter, Wants};

/// How long a seek waits before the bot is offered, unless it says.
pub(crate) const DEFAULT_BOT_AFTER: Duration = Duration::from_secs(30);
/// How often the queue is looked over for pairs.
pub(crate) const PAIRING_INTERVAL: Duration = Duration::from_millis(250);
/// The bot offered: the strongest the server has.
pub(crate) const STRONGEST_BOT: Policy = Policy::Strong;

/// A pairing, as its seeker is told it (the protocol's `paired`).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub(crate) struct Paired {
    /// The room made for the pair: take a seat there.
    pub(crate) code: RoomCode,
    pub(crate) pool: Pool,
    pub(crate) deadline_ms: Option<u64>,
    pub(crate) rated: bool,
    pub(crate) opponent: String,
    /// The opponent's rating in the pool.
    pub(crate) rating: Rating,
    /// Whether the opponent is a bot.
    #[serde(default)]
    pub(crate) opponent_bot: bool,
}

impl Paired {
    /// What `opponent` paired with in `pairing`'s room `code` is told.
    pub(crate) fn of<Id>(
        code: RoomCode,
        pairing: &queue::Pairing<Id>,
        deadline_ms: Option<u64>,
        opponent: &Waiter<Id>,
    ) -> Paired {
        Paired {
            code,
            pool: pairing.pool,
            deadline_ms,
            rated: pairing.rated,
            opponent: opponent.name.clone(),
            rating: opponent.rating(pairing.pool),
            opponent_bot: opponent.bot,
        }
    }

    /// The protocol's `paired`.
    pub(crate) fn message(&self) -> ServerMessage {
        ServerMessage::Paired {
            code: self.code,
            pool: self.pool,
            deadline_ms: self.deadline_ms,
            rated: self.rated,
            opponent: self.opponent.clone(),
            rating: self.rating,
            opponent_bot: self.opponent_bot,
        }
    }
}

/// What a seeking connection hears.
#[derive(Debug)]
pub(crate) enum News {
    /// Paired: take a seat in the room.
    Paired(Paired),
    /// No opponent yet after the wait asked: the bot is offered (the seek
    /// goes on).
    BotOffered { options: RoomOptions },
    /// The seek ended without a game (the server is stopping, say).
    Ended {
        reason: String,
        cause: mice_cake_protocol::SeekEndCause,
    },
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

/// The bot's offer to `waiter`, if it is due at `now_ms` (then it is marked
/// offered): a casual room in its pool (the standard if any) at its time
/// per round (the server's default if any).
pub(crate) fn bot_offer<Id>(
    waiter: &mut Waiter<Id>,
    now_ms: u64,
    default_deadline_ms: u64,
) -> Option<News> {
    if !waiter.bot_due(now_ms) {
        return None;
    }
    waiter.offered = true;
    metrics::counter!(crate::metrics::BOTS_OFFERED).increment(1);
    let pool = waiter.wants.pool.unwrap_or(Pool::Standard);
    let deadline = waiter.wants.deadline_ms.or(Some(default_deadline_ms));
    let mut options = room_options(pool, deadline, false);
    options.bot = Some(STRONGEST_BOT);
    Some(News::BotOffered { options })
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
        first_to: 1,
    }
}

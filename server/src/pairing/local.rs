//! A single server's queue: one task owns the waiters, takes seeks and
//! cancellations in order, and every [`PAIRING_INTERVAL`] pairs whoever
//! can be paired, makes each pair's room, and tells both.

use std::future::Future;
use std::pin::Pin;
use std::sync::Arc;
use std::time::Duration;

use tokio::sync::mpsc;
use tokio_util::sync::CancellationToken;
use tracing::{debug, warn};

use super::queue::{Pairing as Pair, pairs};
use super::{News, NewsSender, PAIRING_INTERVAL, Paired, Pairing, Waiter, bot_offer, room_options};
use crate::lobby::Lobby;
use crate::room::{ConnId, Made, RoomContext};

/// Seeks and cancellations waiting for the queue's task.
const ASKS: usize = 1024;

enum Ask {
    Seek {
        waiter: Box<Waiter<ConnId>>,
        news: NewsSender,
    },
    Cancel(ConnId),
}

/// The handle on a single server's queue.
pub(crate) struct LocalPairing {
    asks: mpsc::Sender<Ask>,
}

impl LocalPairing {
    /// Starts the queue's task: rooms are made in `lobby`, with the
    /// server's `default_deadline` for pairs that accept any; it stops with
    /// `shutdown`.
    pub(crate) fn start(
        lobby: Arc<dyn Lobby>,
        rooms: Arc<RoomContext>,
        default_deadline: Duration,
        shutdown: CancellationToken,
    ) -> LocalPairing {
        let (asks, inbox) = mpsc::channel(ASKS);
        let queue = Queue {
            waiting: Vec::new(),
            lobby,
            rooms,
            default_deadline_ms: u64::try_from(default_deadline.as_millis()).unwrap_or(u64::MAX),
        };
        tokio::spawn(queue.run(inbox, shutdown));
        LocalPairing { asks }
    }
}

impl Pairing for LocalPairing {
    fn seek(
        &self,
        waiter: Waiter<ConnId>,
        news: NewsSender,
    ) -> Pin<Box<dyn Future<Output = ()> + Send + '_>> {
        Box::pin(async move {
            let waiter = Box::new(waiter);
            // A queue that has stopped drops the sender: the seek ends.
            let _ = self.asks.send(Ask::Seek { waiter, news }).await;
        })
    }

    fn cancel(&self, conn: ConnId) -> Pin<Box<dyn Future<Output = ()> + Send + '_>> {
        Box::pin(async move {
            let _ = self.asks.send(Ask::Cancel(conn)).await;
        })
    }
}

struct Queue {
    /// In the order they came, with where to tell each.
    waiting: Vec<(Waiter<ConnId>, NewsSender)>,
    lobby: Arc<dyn Lobby>,
    rooms: Arc<RoomContext>,
    default_deadline_ms: u64,
}

impl Queue {
    async fn run(mut self, mut inbox: mpsc::Receiver<Ask>, shutdown: CancellationToken) {
        let mut tick = tokio::time::interval(PAIRING_INTERVAL);
        tick.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Delay);
        loop {
            tokio::select! {
                () = shutdown.cancelled() => break,
                ask = inbox.recv() => match ask {
                    Some(Ask::Seek { waiter, news }) => {
                        self.waiting.retain(|(waiting, _)| waiting.id != waiter.id);
                        self.waiting.push((*waiter, news));
                    }
                    Some(Ask::Cancel(conn)) => self.waiting.retain(|(waiting, _)| waiting.id != conn),
                    None => break,
                },
                _ = tick.tick() => self.pair(crate::clock::unix_millis()).await,
            }
            metrics::gauge!(crate::metrics::SEEKING).set(self.waiting.len() as f64);
        }
        for (_, news) in self.waiting.drain(..) {
            let _ = news.try_send(News::Ended {
                reason: "the server is shutting down".into(),
                cause: mice_cake_protocol::SeekEndCause::ShuttingDown,
            });
        }
    }

    /// Pairs whoever can be, and offers the bot to whoever waited enough.
    async fn pair(&mut self, now_ms: u64) {
        // A waiter whose connection has gone is never paired.
        self.waiting.retain(|(_, news)| !news.is_closed());
        let waiters: Vec<Waiter<ConnId>> = self
            .waiting
            .iter()
            .map(|(waiter, _)| waiter.clone())
            .collect();
        for pairing in pairs(&waiters, now_ms) {
            let first = self.take(pairing.first);
            let second = self.take(pairing.second);
            if let (Some(first), Some(second)) = (first, second) {
                self.make_room(&pairing, first, second, now_ms).await;
            }
        }
        for (waiter, news) in &mut self.waiting {
            if let Some(offer) = bot_offer(waiter, now_ms, self.default_deadline_ms) {
                let _ = news.try_send(offer);
            }
        }
    }

    fn take(&mut self, conn: ConnId) -> Option<(Waiter<ConnId>, NewsSender)> {
        let index = self
            .waiting
            .iter()
            .position(|(waiter, _)| waiter.id == conn)?;
        Some(self.waiting.remove(index))
    }

    /// Makes the pair's room and tells both where it is.
    async fn make_room(
        &mut self,
        pairing: &Pair<ConnId>,
        first: (Waiter<ConnId>, NewsSender),
        second: (Waiter<ConnId>, NewsSender),
        now_ms: u64,
    ) {
        let deadline_ms = pairing.deadline_ms.or(Some(self.default_deadline_ms));
        let options = room_options(pairing.pool, deadline_ms, pairing.rated);
        let room = match self.lobby.create(&self.rooms, options, Made::Pairing).await {
            Ok(room) => room,
            Err(refusal) => {
                warn!(
                    code = refusal.code.as_str(),
                    "a pairing's room cannot be made"
                );
                for (_, news) in [&first, &second] {
                    let _ = news.try_send(News::Ended {
                        reason: format!("no room could be made: {}", refusal.message),
                        cause: mice_cake_protocol::SeekEndCause::NoRoom,
                    });
                }
                return;
            }
        };
        debug!(room = %room.code(), pool = %pairing.pool, "paired");
        for ((waiter, news), (opponent, _)) in [(&first, &second), (&second, &first)] {
            metrics::histogram!(crate::metrics::PAIRING_SECONDS)
                .record(now_ms.saturating_sub(waiter.since_ms) as f64 / 1000.0);
            let paired = Paired::of(room.code(), pairing, deadline_ms, opponent);
            let _ = news.try_send(News::Paired(paired));
        }
    }
}

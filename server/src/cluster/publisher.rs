//! Everything a node sends through Redis, in one order: frames for
//! connections on other nodes, commands for rooms there, and the keys it
//! keeps (seat tokens, the listing). One task sends it all over one
//! connection, so Redis carries it in the order it was given: a seat's
//! key is set before the frame that hands out its token goes, and a
//! spectator's `joined` comes before the room's next event (both travel
//! to the spectator's node on one subscription, in publishing order).
//!
//! Records to the same node that follow each other go as one message.
//! Rooms never wait: what is given is queued. A message that may have
//! been lost (Redis failed while it went) is not sent again, which could
//! deliver it twice: the cross-node memberships are dropped instead, and
//! their clients come back by themselves (resuming with the events they
//! missed). Keys are set again until they are in.

use std::sync::Arc;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::Duration;

use redis::aio::ConnectionManager;
use tokio::sync::mpsc;
use tokio_util::sync::CancellationToken;
use tracing::warn;

use super::wire::{self, Header};
use crate::frame::Frame;

/// Most items waiting to be sent; beyond, Redis is taken as lost for now.
const MOST_WAITING: usize = 200_000;
/// Most items sent in one round trip.
const BATCH: usize = 512;

/// What a node sends.
#[derive(Debug)]
pub(super) enum Outgoing {
    /// A record for a node's channel.
    ToNode {
        node: Arc<str>,
        header: Header,
        frames: Vec<Frame>,
    },
    /// A record for a room's spectators on every other node.
    ToWatchers {
        room: mice_cake_protocol::RoomCode,
        header: Header,
        frames: Vec<Frame>,
    },
    /// A key set or removed (idempotent: tried again until it is in).
    Key(redis::Cmd),
    /// News for every node.
    Notice(wire::Notice),
}

/// The queue to the publishing task.
#[derive(Debug)]
pub(super) struct Publisher {
    queue: mpsc::UnboundedSender<Outgoing>,
    waiting: Arc<AtomicUsize>,
}

impl Publisher {
    /// Starts the task, sending over `redis`; `lost` is called when
    /// messages may have been lost.
    pub(super) fn start(
        redis: ConnectionManager,
        lost: impl Fn() + Send + Sync + 'static,
        shutdown: CancellationToken,
    ) -> Publisher {
        let (queue, items) = mpsc::unbounded_channel();
        let waiting = Arc::new(AtomicUsize::new(0));
        tokio::spawn(publish(redis, items, Arc::clone(&waiting), lost, shutdown));
        Publisher { queue, waiting }
    }

    /// Queues an item; `false` if too many wait (Redis is not keeping up,
    /// or is away).
    pub(super) fn send(&self, item: Outgoing) -> bool {
        if self.waiting.fetch_add(1, Ordering::Relaxed) >= MOST_WAITING {
            self.waiting.fetch_sub(1, Ordering::Relaxed);
            metrics::counter!(crate::metrics::CLUSTER_DROPPED).increment(1);
            return false;
        }
        self.queue.send(item).is_ok()
    }
}

async fn publish(
    mut redis: ConnectionManager,
    mut items: mpsc::UnboundedReceiver<Outgoing>,
    waiting: Arc<AtomicUsize>,
    lost: impl Fn(),
    shutdown: CancellationToken,
) {
    let mut batch = Vec::with_capacity(BATCH);
    loop {
        let received = tokio::select! {
            received = items.recv_many(&mut batch, BATCH) => received,
            () = shutdown.cancelled() => 0,
        };
        if received == 0 {
            return;
        }
        let steps = pipeline(std::mem::take(&mut batch));
        let mut pipe = redis::pipe();
        for step in &steps {
            match step {
                Step::Publish(channel, payload) => pipe.publish(channel, payload).ignore(),
                Step::Key(key) => pipe.add_command(key.clone()).ignore(),
            };
        }
        if let Err(cause) = pipe.query_async::<()>(&mut redis).await {
            warn!(cause = %cause, "cannot send through Redis: cross-node connections will come back");
            metrics::counter!(crate::metrics::CLUSTER_DROPPED).increment(1);
            lost();
            let keys: Vec<redis::Cmd> = steps
                .into_iter()
                .filter_map(|step| match step {
                    Step::Key(key) => Some(key),
                    Step::Publish(..) => None,
                })
                .collect();
            set_keys(&mut redis, &keys, &shutdown).await;
        }
        waiting.fetch_sub(received, Ordering::Relaxed);
    }
}

/// Sets `keys` until they are in (or the node stops).
async fn set_keys(
    redis: &mut ConnectionManager,
    keys: &[redis::Cmd],
    shutdown: &CancellationToken,
) {
    if keys.is_empty() {
        return;
    }
    let mut pause = Duration::from_millis(100);
    loop {
        let mut pipe = redis::pipe();
        for key in keys {
            pipe.add_command(key.clone()).ignore();
        }
        if pipe.query_async::<()>(redis).await.is_ok() {
            return;
        }
        tokio::select! {
            () = tokio::time::sleep(pause) => {}
            () = shutdown.cancelled() => return,
        }
        pause = (pause * 2).min(Duration::from_secs(2));
    }
}

/// One command of a batch's round trip.
enum Step {
    Publish(String, Vec<u8>),
    Key(redis::Cmd),
}

/// The commands a batch makes, in its order; records to the same channel
/// that follow each other go as one message.
fn pipeline(batch: Vec<Outgoing>) -> Vec<Step> {
    let mut steps: Vec<Step> = Vec::new();
    for item in batch {
        let (channel, header, frames) = match item {
            Outgoing::ToNode {
                node,
                header,
                frames,
            } => (wire::node_channel(&node), header, frames),
            Outgoing::ToWatchers {
                room,
                header,
                frames,
            } => (wire::watch_channel(room), header, frames),
            Outgoing::Key(command) => {
                steps.push(Step::Key(command));
                continue;
            }
            Outgoing::Notice(notice) => {
                if let Ok(notice) = serde_json::to_vec(&notice) {
                    steps.push(Step::Publish(wire::notices_channel(), notice));
                }
                continue;
            }
        };
        match steps.last_mut() {
            Some(Step::Publish(last, payload))
                if *last == channel && channel != wire::notices_channel() =>
            {
                wire::encode(payload, &header, &frames);
            }
            _ => {
                let mut payload = Vec::new();
                wire::encode(&mut payload, &header, &frames);
                steps.push(Step::Publish(channel, payload));
            }
        }
    }
    steps
}

//! What a node hears: its own channel, the cluster's notices, and the
//! watch channels of the rooms elsewhere it has spectators in, all on one
//! subscription (so that they arrive in the order they were published).
//! If the subscription breaks, whatever was said meanwhile is lost: every
//! connection spanning two nodes is dropped (their clients come back), and
//! the subscription is made again.

use std::sync::Arc;
use std::time::Duration;

use futures_util::StreamExt;
use mice_cake_protocol::RoomCode;
use tracing::{info, warn};

use super::arenas::JoinAnswer;
use super::wire::{self, Header, Notice};
use super::{Cluster, lock};
use crate::outbound::Closing;

/// Makes the subscription, and starts the task that listens to it.
pub(super) async fn start(cluster: &Arc<Cluster>) -> redis::RedisResult<()> {
    let stream = subscribe(cluster).await?;
    tokio::spawn(listen(Arc::clone(cluster), stream));
    Ok(())
}

/// Subscribes to the node's channels and to the rooms it watches.
async fn subscribe(cluster: &Arc<Cluster>) -> redis::RedisResult<redis::aio::PubSubStream> {
    let pubsub = cluster.client.get_async_pubsub().await?;
    let (mut sink, stream) = pubsub.split();
    let mut watched = cluster.watching.lock().await;
    let mut channels = vec![wire::node_channel(&cluster.node), wire::notices_channel()];
    channels.extend(watched.iter().copied().map(wire::watch_channel));
    sink.subscribe(channels).await?;
    *lock(&cluster.subscriptions) = Some(sink);
    // Rooms nobody watches any more are let go.
    watched.retain(|room| cluster.watches(*room));
    Ok(stream)
}

async fn listen(cluster: Arc<Cluster>, mut stream: redis::aio::PubSubStream) {
    loop {
        loop {
            let message = tokio::select! {
                message = stream.next() => message,
                () = cluster.shutdown.cancelled() => return,
            };
            let Some(message) = message else { break };
            let channel = message.get_channel_name().to_owned();
            let Ok(payload) = std::str::from_utf8(message.get_payload_bytes()) else {
                warn!(channel, "a cluster message that is not UTF-8: skipped");
                continue;
            };
            cluster.heard(&channel, payload).await;
        }
        *lock(&cluster.subscriptions) = None;
        warn!(
            "the subscription to the cluster's Redis broke: connections spanning nodes come back"
        );
        cluster.drop_cross_node_memberships();
        stream = match resubscribe(&cluster).await {
            Some(stream) => stream,
            None => return,
        };
        info!("subscribed to the cluster's Redis again");
    }
}

/// Subscribes again, trying until it works or the node stops.
async fn resubscribe(cluster: &Arc<Cluster>) -> Option<redis::aio::PubSubStream> {
    let mut pause = Duration::from_millis(100);
    loop {
        tokio::select! {
            () = tokio::time::sleep(pause) => {}
            () = cluster.shutdown.cancelled() => return None,
        }
        if let Ok(stream) = subscribe(cluster).await {
            // What was said while away is lost; drop what may have missed it.
            cluster.drop_cross_node_memberships();
            return Some(stream);
        }
        pause = (pause * 2).min(Duration::from_secs(2));
    }
}

impl Cluster {
    /// Handles a message heard on `channel`.
    async fn heard(self: &Arc<Self>, channel: &str, payload: &str) {
        if channel == wire::notices_channel() {
            match serde_json::from_str::<Notice>(payload) {
                Ok(notice) => self.noticed(notice),
                Err(cause) => warn!(cause = %cause, "an unreadable cluster notice: skipped"),
            }
            return;
        }
        for record in wire::decode(payload) {
            let (header, frames) = match record {
                Ok(record) => record,
                Err(cause) => {
                    warn!(channel, cause, "an unreadable cluster message: skipped");
                    continue;
                }
            };
            match header {
                Header::Command {
                    room,
                    from,
                    conn,
                    ask,
                    command,
                } => self.command(room, &from, conn, ask, command).await,
                Header::Reply {
                    ask,
                    answer,
                    arena_game,
                } => self.answered(ask, answer, arena_game),
                Header::Deliver {
                    conn,
                    room,
                    kinds,
                    close,
                    rerouted,
                } => {
                    let closing = close.then_some(if rerouted {
                        Closing::Rerouted
                    } else {
                        Closing::Cut
                    });
                    self.delivered(conn, room, &kinds, &frames, closing);
                }
                Header::Watch { room, kinds } => self.watched(room, &kinds, &frames),
                Header::ArenaAsk {
                    arena,
                    from,
                    conn,
                    ask,
                } => self.arena_asked(arena, &from, conn, ask),
                Header::ArenaReply {
                    ask,
                    refused,
                    again,
                } => self.arena_answered(ask, JoinAnswer::of(refused, again)),
                Header::ArenaDeliver { conn, arena, kinds } => {
                    self.arena_delivered(conn, arena, &kinds, &frames);
                }
                Header::ArenaPaired { conn, arena, code } => {
                    if let Some(frame) = frames.first() {
                        self.arena_paired(conn, arena, code, frame);
                    }
                }
                Header::ArenaUpdate { arena } => {
                    if let Some(frame) = frames.first() {
                        self.arena_updated(arena, frame);
                    }
                }
                Header::ArenaOver { conn, arena } => {
                    if let Some(frame) = frames.first() {
                        self.arena_over(conn, arena, frame);
                    }
                }
            }
        }
    }

    /// Listens to a room's watch channel; `false` if it cannot.
    pub(super) async fn watch_channel(&self, room: RoomCode) -> bool {
        let mut watched = self.watching.lock().await;
        if watched.contains(&room) {
            return true;
        }
        let sink = lock(&self.subscriptions).clone();
        let Some(mut sink) = sink else {
            return false;
        };
        let subscribed = sink.subscribe(wire::watch_channel(room)).await.is_ok();
        if subscribed {
            watched.insert(room);
        }
        subscribed
    }

    /// Stops listening to the watch channels of rooms nobody here watches
    /// any more. Under the same lock as [`Cluster::watch_channel`], so that
    /// a spectator arriving meanwhile keeps its channel.
    pub(super) async fn unwatch_idle(&self) {
        let mut watched = self.watching.lock().await;
        let idle: Vec<RoomCode> = watched
            .iter()
            .copied()
            .filter(|room| !self.watches(*room))
            .collect();
        if idle.is_empty() {
            return;
        }
        let sink = lock(&self.subscriptions).clone();
        let Some(mut sink) = sink else {
            return;
        };
        let channels: Vec<String> = idle.iter().copied().map(wire::watch_channel).collect();
        if sink.unsubscribe(channels).await.is_ok() {
            for room in idle {
                watched.remove(&room);
            }
        }
    }
}

//! A cluster's queue, in Redis: every node's seekers wait in one hash
//! (`node/conn` → the waiter), and one node at a time — the holder of a
//! short lease — pairs them, makes each pair's room on itself, and leaves
//! a notice for each seeker's node, which tells its connection.
//!
//! Guarantees, as on one server:
//! * nobody is paired twice: the pairing node claims each seeker by
//!   deleting it from the hash (`HDEL` answers 1 to one caller only); a
//!   pair whose second claim fails is not made, and the first is put back
//!   by its own node (a `requeue` notice), which alone writes its seekers;
//! * a waiter who disconnects leaves the queue (its node deletes it);
//! * a node that dies costs its seekers a reconnection: their entries are
//!   dropped once its lease is gone, and their clients seek again on
//!   another node (a pairing made with one of them is called off by its
//!   room when they do not come, and the other seeks on: `room::core::
//!   arrivals`);
//! * a pairing whose node dies before its room is stored is called off by
//!   the takeover: a seeker on another node is told `unpaired` as its seat
//!   cannot be taken, and one whose connection died with the node gets its
//!   place back when its client seeks again (`cluster::kept_places`);
//! * nobody is forgotten: a seeker whose entry cannot be written (Redis
//!   away) waits here and is written once Redis answers, and when Redis
//!   loses its data every node writes its seekers again.
//!
//! The bot is offered by each seeker's own node, which knows when it came.

use std::collections::{HashMap, HashSet};
use std::sync::{Arc, Mutex, MutexGuard, PoisonError};
use std::time::Duration;

use redis::aio::ConnectionManager;
use serde::{Deserialize, Serialize};
use tokio_util::sync::CancellationToken;
use tracing::{debug, warn};

use super::queue::pairs;
use super::{News, NewsSender, PAIRING_INTERVAL, Paired, Pairing, Waiter, bot_offer, room_options};
use crate::cluster::wire;
use crate::cluster::{Cluster, PairedSeeker, SharedStateError};
use crate::lobby::Lobby;
use crate::room::{ConnId, Made, RoomContext};

/// How long the pairing node's lease lasts unless renewed (every
/// [`PAIRING_INTERVAL`]).
const LEADER_LEASE: Duration = Duration::from_secs(2);

/// What the pairing node tells a seeker's node.
#[derive(Debug, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
enum Notice {
    /// Paired: the seeker takes a seat in the room.
    Paired { conn: u64, paired: Paired },
    /// Claimed for a pair that was not made: back in the queue.
    Requeue { conn: u64 },
}

/// One seeker here: where to tell it, and what it asked.
struct Seeker {
    news: NewsSender,
    waiter: Waiter<String>,
    /// Whether its entry is in Redis's queue (as far as this node knows).
    queued: bool,
    /// Whether its entry was missing from the queue at the last look,
    /// with no notice of a pairing since (see [`Shared::find_lost_claims`]).
    missing: bool,
}

/// Pairing turns between two looks for seekers claimed and never told.
const LOOK_FOR_LOST_CLAIMS_EVERY: u32 = 20;

/// The handle on a cluster's queue, on one node.
pub(crate) struct ClusterPairing {
    shared: Arc<Shared>,
}

struct Shared {
    node: Arc<str>,
    cluster: Arc<Cluster>,
    redis: ConnectionManager,
    /// This node's seekers.
    here: Mutex<HashMap<ConnId, Seeker>>,
    lobby: Arc<dyn Lobby>,
    rooms: Arc<RoomContext>,
    default_deadline_ms: u64,
    /// Redis's data losses this node has written its seekers again for.
    losses_seen: std::sync::atomic::AtomicU64,
}

fn lock<T>(mutex: &Mutex<T>) -> MutexGuard<'_, T> {
    // Every change under the lock is made whole before it is let go.
    mutex.lock().unwrap_or_else(PoisonError::into_inner)
}

/// A seeker's field in the hash.
fn field(node: &str, conn: u64) -> String {
    format!("{node}/{conn}")
}

impl ClusterPairing {
    /// Starts this node's side of the queue.
    pub(crate) fn start(
        cluster: &Arc<Cluster>,
        lobby: Arc<dyn Lobby>,
        rooms: Arc<RoomContext>,
        default_deadline: Duration,
        shutdown: CancellationToken,
    ) -> ClusterPairing {
        let shared = Arc::new(Shared {
            node: Arc::from(cluster.node()),
            cluster: Arc::clone(cluster),
            redis: cluster.redis(),
            here: Mutex::new(HashMap::new()),
            lobby,
            rooms,
            default_deadline_ms: u64::try_from(default_deadline.as_millis()).unwrap_or(u64::MAX),
            losses_seen: std::sync::atomic::AtomicU64::new(cluster.data_losses()),
        });
        tokio::spawn(Arc::clone(&shared).run(shutdown));
        ClusterPairing { shared }
    }
}

impl Pairing for ClusterPairing {
    fn seek(
        &self,
        waiter: Waiter<ConnId>,
        news: NewsSender,
    ) -> std::pin::Pin<Box<dyn Future<Output = ()> + Send + '_>> {
        Box::pin(async move {
            let shared = &self.shared;
            let conn = waiter.id;
            // Its last pairing's room died unstored with its node: back at
            // the place that seek had.
            let kept_since = match &waiter.key {
                Some(key) => shared.cluster.kept_place(key).await,
                None => None,
            };
            let waiter = Waiter {
                id: field(&shared.node, conn.value()),
                key: waiter.key,
                bot: waiter.bot,
                paired_last: waiter.paired_last,
                name: waiter.name,
                wants: waiter.wants,
                ratings: waiter.ratings,
                since_ms: kept_since.map_or(waiter.since_ms, |kept| kept.min(waiter.since_ms)),
                bot_after_ms: waiter.bot_after_ms,
                offered: waiter.offered,
            };
            // Written to Redis now, or once it answers: the seek waits
            // here meanwhile (and is offered the bot when due).
            let queued = match shared.enqueue(&waiter).await {
                Ok(()) => true,
                Err(cause) => {
                    debug!(cause = %cause, "a seek waits for Redis to be queued");
                    false
                }
            };
            lock(&shared.here).insert(
                conn,
                Seeker {
                    news,
                    waiter,
                    queued,
                    missing: false,
                },
            );
        })
    }

    fn cancel(&self, conn: ConnId) -> std::pin::Pin<Box<dyn Future<Output = ()> + Send + '_>> {
        Box::pin(async move {
            let shared = &self.shared;
            if lock(&shared.here).remove(&conn).is_none() {
                return;
            }
            let removed: redis::RedisResult<()> = redis::cmd("HDEL")
                .arg(wire::seekers_key())
                .arg(field(&shared.node, conn.value()))
                .query_async(&mut shared.redis.clone())
                .await;
            if let Err(cause) = removed {
                // Its node's notice finds nobody: the pair's room waits
                // for a player who never comes, as on one server when a
                // seeker leaves as it is paired.
                warn!(cause = %cause, "a cancelled seek cannot be taken out of Redis");
            }
        })
    }
}

impl Shared {
    async fn enqueue(&self, waiter: &Waiter<String>) -> Result<(), SharedStateError> {
        let text = serde_json::to_string(waiter)?;
        redis::cmd("HSET")
            .arg(wire::seekers_key())
            .arg(&waiter.id)
            .arg(text)
            .query_async::<()>(&mut self.redis.clone())
            .await?;
        Ok(())
    }

    async fn run(self: Arc<Self>, shutdown: CancellationToken) {
        let mut tick = tokio::time::interval(PAIRING_INTERVAL);
        tick.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Delay);
        let mut turns: u32 = 0;
        loop {
            tokio::select! {
                () = shutdown.cancelled() => break,
                _ = tick.tick() => {}
            }
            let now_ms = crate::clock::unix_millis();
            if let Err(cause) = self.hear_notices(now_ms).await {
                debug!(cause = %cause, "pairing notices not read");
            }
            turns = turns.wrapping_add(1);
            if turns.is_multiple_of(LOOK_FOR_LOST_CLAIMS_EVERY) {
                self.find_lost_claims().await;
            }
            self.queue_again().await;
            self.offer_bots(now_ms);
            match self.lead().await {
                Ok(true) => {
                    if let Err(cause) = self.pair(now_ms).await {
                        warn!(cause = %cause, "the cluster's seekers cannot be paired just now");
                    }
                }
                Ok(false) => {}
                Err(cause) => debug!(cause = %cause, "the pairing lease cannot be held"),
            }
            metrics::gauge!(crate::metrics::SEEKING).set(lock(&self.here).len() as f64);
        }
        self.leave_queue().await;
    }

    /// Writes again the entries of this node's seekers that Redis does not
    /// have: those it could not take when they came, and all of them after
    /// Redis lost its data.
    async fn queue_again(&self) {
        let losses = self.cluster.data_losses();
        if self
            .losses_seen
            .swap(losses, std::sync::atomic::Ordering::AcqRel)
            != losses
        {
            for seeker in lock(&self.here).values_mut() {
                seeker.queued = false;
            }
        }
        let unqueued: Vec<(ConnId, Waiter<String>)> = lock(&self.here)
            .iter()
            .filter(|(_, seeker)| !seeker.queued)
            .map(|(conn, seeker)| (*conn, seeker.waiter.clone()))
            .collect();
        for (conn, waiter) in unqueued {
            if self.enqueue(&waiter).await.is_err() {
                // Redis does not answer: the rest wait for the next turn.
                return;
            }
            if let Some(seeker) = lock(&self.here).get_mut(&conn) {
                seeker.queued = true;
            }
        }
    }

    /// Puts back in the queue this node's seekers whose entries were gone
    /// at two looks in a row with no pairing told meanwhile: a pairing
    /// node claimed them (deleting the entry) and died before it told
    /// anyone. A claim and its notice are milliseconds apart, so two looks
    /// seconds apart never catch a pairing under way; and a notice that
    /// came after all finds the seeker paired again, not twice.
    async fn find_lost_claims(&self) {
        let queued: Vec<(ConnId, String)> = lock(&self.here)
            .iter()
            .filter(|(_, seeker)| seeker.queued)
            .map(|(conn, seeker)| (*conn, seeker.waiter.id.clone()))
            .collect();
        if queued.is_empty() {
            return;
        }
        let mut look = redis::pipe();
        for (_, id) in &queued {
            look.cmd("HEXISTS").arg(wire::seekers_key()).arg(id);
        }
        let present: Vec<bool> = match look.query_async(&mut self.redis.clone()).await {
            Ok(present) => present,
            Err(cause) => {
                debug!(cause = %cause, "the queue cannot be looked over just now");
                return;
            }
        };
        let mut here = lock(&self.here);
        for ((conn, _), present) in queued.iter().zip(present) {
            let Some(seeker) = here.get_mut(conn) else {
                continue;
            };
            if present {
                seeker.missing = false;
            } else if std::mem::replace(&mut seeker.missing, true) {
                warn!("a seeker claimed for a pairing nobody told is put back in the queue");
                seeker.missing = false;
                seeker.queued = false;
            }
        }
    }

    /// Takes this node's seekers out of the queue as it stops: their
    /// clients seek again on another node.
    async fn leave_queue(&self) {
        let seekers: Vec<(ConnId, Seeker)> = lock(&self.here).drain().collect();
        let mut redis = self.redis.clone();
        for (conn, seeker) in seekers {
            let _: redis::RedisResult<()> = redis::cmd("HDEL")
                .arg(wire::seekers_key())
                .arg(field(&self.node, conn.value()))
                .query_async(&mut redis)
                .await;
            let _ = seeker.news.try_send(News::Ended {
                reason: "the server is shutting down".into(),
                cause: mice_cake_protocol::SeekEndCause::ShuttingDown,
            });
        }
    }

    /// What the pairing node left for this node's seekers.
    async fn hear_notices(&self, now_ms: u64) -> Result<(), SharedStateError> {
        let texts: Vec<String> = redis::pipe()
            .atomic()
            .cmd("LRANGE")
            .arg(wire::pairing_notices_key(&self.node))
            .arg(0)
            .arg(-1)
            .cmd("DEL")
            .arg(wire::pairing_notices_key(&self.node))
            .ignore()
            .query_async::<(Vec<String>,)>(&mut self.redis.clone())
            .await?
            .0;
        for text in texts {
            match serde_json::from_str::<Notice>(&text) {
                Ok(notice) => self.heard(notice, now_ms).await,
                Err(cause) => warn!(cause = %cause, "a pairing notice cannot be read"),
            }
        }
        Ok(())
    }

    async fn heard(&self, notice: Notice, now_ms: u64) {
        match notice {
            Notice::Paired { conn, paired } => {
                let seeker = {
                    let mut here = lock(&self.here);
                    let conn = here.keys().copied().find(|id| id.value() == conn);
                    conn.and_then(|conn| here.remove(&conn))
                };
                let Some(seeker) = seeker else {
                    // Its room calls the pairing off when nobody comes.
                    debug!(room = %paired.code, "a seeker paired had gone");
                    return;
                };
                // Written again after Redis lost its data, it may be back
                // in the queue: paired once is enough.
                let _: redis::RedisResult<()> = redis::cmd("HDEL")
                    .arg(wire::seekers_key())
                    .arg(&seeker.waiter.id)
                    .query_async(&mut self.redis.clone())
                    .await;
                metrics::histogram!(crate::metrics::PAIRING_SECONDS)
                    .record(now_ms.saturating_sub(seeker.waiter.since_ms) as f64 / 1000.0);
                let _ = seeker.news.try_send(News::Paired(paired));
            }
            Notice::Requeue { conn } => {
                let waiter = lock(&self.here)
                    .iter()
                    .find(|(id, _)| id.value() == conn)
                    .map(|(_, seeker)| seeker.waiter.clone());
                if let Some(waiter) = waiter
                    && let Err(cause) = self.enqueue(&waiter).await
                {
                    warn!(cause = %cause, "a seeker cannot be put back in the queue");
                }
            }
        }
    }

    /// Offers the bot to this node's seekers who waited as long as they
    /// chose.
    fn offer_bots(&self, now_ms: u64) {
        for seeker in lock(&self.here).values_mut() {
            if let Some(offer) = bot_offer(&mut seeker.waiter, now_ms, self.default_deadline_ms) {
                let _ = seeker.news.try_send(offer);
            }
        }
    }

    /// Takes or keeps the pairing lease; whether this node pairs now.
    async fn lead(&self) -> redis::RedisResult<bool> {
        let mut redis = self.redis.clone();
        let lease_ms = u64::try_from(LEADER_LEASE.as_millis()).unwrap_or(u64::MAX);
        let taken: Option<String> = redis::cmd("SET")
            .arg(wire::pairing_leader_key())
            .arg(&*self.node)
            .arg("NX")
            .arg("PX")
            .arg(lease_ms)
            .query_async(&mut redis)
            .await?;
        if taken.is_some() {
            return Ok(true);
        }
        let holder: Option<String> = redis::cmd("GET")
            .arg(wire::pairing_leader_key())
            .query_async(&mut redis)
            .await?;
        if holder.as_deref() != Some(&*self.node) {
            return Ok(false);
        }
        // Two nodes may both think they pair for a moment (a lease that
        // ran out between these commands): the claims below keep anyone
        // from being paired twice all the same.
        redis::cmd("PEXPIRE")
            .arg(wire::pairing_leader_key())
            .arg(lease_ms)
            .query_async::<()>(&mut redis)
            .await?;
        Ok(true)
    }

    /// Pairs the cluster's seekers (this node holds the lease).
    async fn pair(&self, now_ms: u64) -> Result<(), SharedStateError> {
        let Some(waiting) = self.seekers_to_pair().await? else {
            return Ok(());
        };
        for pairing in pairs(&waiting, now_ms) {
            if !self.claim(&pairing.first).await? {
                continue;
            }
            if !self.claim(&pairing.second).await? {
                self.notify(&pairing.first, |conn| Notice::Requeue { conn })
                    .await?;
                continue;
            }
            let find = |id: &str| waiting.iter().find(|waiter| waiter.id == id);
            let (Some(first), Some(second)) = (find(&pairing.first), find(&pairing.second)) else {
                continue;
            };
            self.seat_pair(&pairing, first, second).await?;
        }
        Ok(())
    }

    /// The seekers that may be paired this turn, in the order they came;
    /// `None` while fewer than two seek. Seekers unreadable, or of a dead
    /// node, are taken out of the queue.
    async fn seekers_to_pair(&self) -> Result<Option<Vec<Waiter<String>>>, SharedStateError> {
        let mut redis = self.redis.clone();
        let entries: HashMap<String, String> = redis::cmd("HGETALL")
            .arg(wire::seekers_key())
            .query_async(&mut redis)
            .await?;
        if entries.len() < 2 {
            return Ok(None);
        }
        let mut waiting = Vec::with_capacity(entries.len());
        let mut unreadable = Vec::new();
        for (field, text) in entries {
            match serde_json::from_str::<Waiter<String>>(&text) {
                Ok(waiter) if waiter.id == field => waiting.push(waiter),
                _ => unreadable.push(field),
            }
        }
        let (dead, quiet) = self.nodes_not_answering(&waiting).await?;
        unreadable.extend(
            waiting
                .iter()
                .filter(|waiter| dead.contains(node_of(&waiter.id)))
                .map(|waiter| waiter.id.clone()),
        );
        if !unreadable.is_empty() {
            redis::cmd("HDEL")
                .arg(wire::seekers_key())
                .arg(&unreadable)
                .query_async::<()>(&mut redis)
                .await?;
            waiting.retain(|waiter| !unreadable.contains(&waiter.id));
        }
        // A node that has not renewed its lease lately may have died: its
        // seekers wait this turn out, rather than be paired with someone
        // whose node will never tell them.
        waiting.retain(|waiter| !quiet.contains(node_of(&waiter.id)));
        // In the order they came, as one server's queue is.
        waiting.sort_by(|a, b| a.since_ms.cmp(&b.since_ms).then_with(|| a.id.cmp(&b.id)));
        Ok(Some(waiting))
    }

    /// Makes the room of a pairing whose two are claimed, and tells each
    /// seeker's node; both seek again if no room can be made.
    async fn seat_pair(
        &self,
        pairing: &super::queue::Pairing<String>,
        first: &Waiter<String>,
        second: &Waiter<String>,
    ) -> Result<(), SharedStateError> {
        let deadline_ms = pairing.deadline_ms.or(Some(self.default_deadline_ms));
        let options = room_options(pairing.pool, deadline_ms, pairing.rated);
        let code = match self.lobby.create(&self.rooms, options, Made::Pairing).await {
            Ok(room) => room.code(),
            Err(refusal) => {
                warn!(
                    code = refusal.code.as_str(),
                    "a pairing's room cannot be made"
                );
                for id in [&pairing.first, &pairing.second] {
                    self.notify(id, |conn| Notice::Requeue { conn }).await?;
                }
                return Ok(());
            }
        };
        debug!(room = %code, pool = %pairing.pool, "paired across the cluster");
        let seekers: Vec<PairedSeeker> = [first, second]
            .into_iter()
            .filter_map(|seeker| {
                Some(PairedSeeker {
                    key: seeker.key?,
                    since_ms: seeker.since_ms,
                })
            })
            .collect();
        self.cluster.remember_pairing(code, &seekers).await;
        for (seeker, opponent) in [(first, second), (second, first)] {
            let paired = Paired::of(code, pairing, deadline_ms, opponent);
            self.notify(&seeker.id, |conn| Notice::Paired { conn, paired })
                .await?;
        }
        Ok(())
    }

    /// Takes a seeker out of the queue for a pair; false if another took
    /// it first (or it left).
    async fn claim(&self, id: &str) -> redis::RedisResult<bool> {
        let removed: u32 = redis::cmd("HDEL")
            .arg(wire::seekers_key())
            .arg(id)
            .query_async(&mut self.redis.clone())
            .await?;
        Ok(removed == 1)
    }

    /// Leaves a notice for the node of seeker `id`.
    async fn notify(
        &self,
        id: &str,
        notice: impl FnOnce(u64) -> Notice,
    ) -> Result<(), SharedStateError> {
        let (node, conn) = id.rsplit_once('/').unwrap_or((id, "0"));
        let conn = conn.parse().unwrap_or(0);
        redis::cmd("RPUSH")
            .arg(wire::pairing_notices_key(node))
            .arg(serde_json::to_string(&notice(conn))?)
            .query_async::<()>(&mut self.redis.clone())
            .await?;
        Ok(())
    }

    /// The nodes of these seekers whose lease is gone (dead), and those
    /// that have not renewed it for half a lease (quiet: renewals come
    /// every third). None is dead while this node's view of Redis may be
    /// stale (it lost its data, say), as for taking rooms over.
    async fn nodes_not_answering(
        &self,
        waiting: &[Waiter<String>],
    ) -> redis::RedisResult<(HashSet<String>, HashSet<String>)> {
        let nodes: HashSet<&str> = waiting.iter().map(|waiter| node_of(&waiter.id)).collect();
        let half_lease = i64::try_from(self.cluster.lease().as_millis() / 2).unwrap_or(i64::MAX);
        let unsure = self.cluster.unsure();
        let (mut dead, mut quiet) = (HashSet::new(), HashSet::new());
        let mut redis = self.redis.clone();
        for node in nodes {
            if node == &*self.node {
                continue;
            }
            // -2: no such key; -1: no expiry (never written so).
            let left_ms: i64 = redis::cmd("PTTL")
                .arg(wire::lease_key(node))
                .query_async(&mut redis)
                .await?;
            if left_ms == -2 && !unsure {
                dead.insert(node.to_owned());
            } else if left_ms < half_lease {
                quiet.insert(node.to_owned());
            }
        }
        Ok((dead, quiet))
    }
}

/// The node a seeker's field names.
fn node_of(id: &str) -> &str {
    id.rsplit_once('/').map_or(id, |(node, _)| node)
}

//! A cluster of servers (`--cluster redis://…`, with `--database
//! postgres://…`): any node serves any room, a node that dies loses no
//! game, and a node that stops hands its rooms over at once.
//!
//! Each live room runs on exactly one node. PostgreSQL says which, with an
//! epoch that every write checks (`store::postgres::ownership`); Redis
//! carries the rest:
//!
//! * leases (`lease`): each node renews a key that expires unless it does;
//!   the rooms of a node whose lease is gone (or that handed them back) are
//!   taken over by the others, from the database, with their commits held
//!   and their clocks;
//! * routing (`members`): a connection whose room runs on another node
//!   sends its commands to that node's channel, and the room's frames for
//!   it come back on its own node's channel. Spectators on other nodes are
//!   sent the room's events once per room, on the room's watch channel,
//!   and each node hands them to its own (as lichess's lila-ws does);
//! * the room's side of it (`guests`): commands from other nodes are given
//!   to the rooms here in order, as their own connections' are;
//! * room codes (taken with `SET NX`), seat tokens, the public listing and
//!   the rooms' summaries, for every node to find (`registry`); an entry
//!   whose node's lease is gone is kept only while its room is stored;
//! * the places in the queue of seekers whose pairing's room died unstored
//!   with its node (`kept_places`);
//! * the keys each address brought into rated play lately (`newcomers`);
//! * the challenges HTTP requests prove keys with, each good once
//!   (`key_challenges`);
//! * arenas: each run by the node that holds its lease, played from any
//!   (`arenas`);
//! * everything a node sends goes through one queue and one connection, in
//!   order (`publisher`); what it hears comes on one subscription
//!   (`subscriber`).
//!
//! When Redis fails, nothing is guessed: messages that may be lost are not
//! sent twice; instead every connection that spans two nodes is dropped
//! and its client comes back by itself, resuming with the events it missed
//! (a room's events are numbered). Games on one node go on meanwhile, and
//! a room whose database write fails holds (`room::actor::storing`).

pub(crate) mod arenas;
mod challenges;
mod connect;
mod errors;
mod guests;
mod kept_places;
mod key_challenges;
mod members;
mod newcomers;
mod publisher;
mod registry;
mod subscriber;
mod takeover;
pub(crate) mod wire;

use std::collections::HashMap;
use std::sync::{Arc, Mutex, MutexGuard, OnceLock, PoisonError, Weak};
use std::time::Duration;

use redis::aio::ConnectionManager;
use tokio::sync::Notify;
use tokio::time::Instant;
use tokio_util::sync::CancellationToken;

use self::arenas::ArenaDoors;
pub(crate) use self::errors::{JoinError, SharedStateError};
use self::guests::Guests;
pub(crate) use self::kept_places::PairedSeeker;
use self::members::Members;
use self::publisher::Publisher;
pub(crate) use self::registry::Whereabouts;
use crate::room::RoomContext;
use crate::room::RoomsHere;
use crate::store::postgres::PostgresStore;

/// How long connecting to Redis may take at start.
const CONNECT_TIMEOUT: Duration = Duration::from_secs(5);

/// A node of the cluster.
pub(crate) struct Cluster {
    /// This node's name: new at every start.
    node: Arc<str>,
    client: redis::Client,
    /// Commands that answer (leases, lookups), on a connection that comes
    /// back by itself.
    redis: ConnectionManager,
    publisher: Publisher,
    store: Arc<PostgresStore>,
    /// The rooms this node runs.
    local: Arc<RoomsHere>,
    /// What the rooms share; set once the server has made it (it holds
    /// the lobby, which holds this).
    context: OnceLock<Weak<RoomContext>>,
    lease: Duration,
    /// Connections here in rooms other nodes run.
    members: Mutex<Members>,
    /// Connections on other nodes in rooms this node runs.
    guests: Mutex<Guests>,
    /// Connections here in arenas other nodes run.
    arena_doors: Mutex<ArenaDoors>,
    /// The subscription, once made (see `subscriber`).
    subscriptions: Mutex<Option<redis::aio::PubSubSink>>,
    /// The rooms whose watch channels it listens to; held while they
    /// change.
    watching: tokio::sync::Mutex<std::collections::HashSet<mice_cake_protocol::RoomCode>>,
    /// Wakes the takeover loop (a node left).
    wake: Notify,
    /// Redis's state as the lease loop saw it.
    health: Mutex<Health>,
    /// How many times this node found that Redis had lost its data: what
    /// other parts keep there (the seekers waiting here) is written again.
    data_losses: std::sync::atomic::AtomicU64,
    /// The connections here that watch keys' challenges (`challenges`).
    challenge_listeners: OnceLock<Arc<crate::challenge_link::Listeners>>,
    shutdown: CancellationToken,
}

/// What the lease loop knows of Redis.
#[derive(Debug, Default)]
struct Health {
    /// When the lease was last renewed.
    renewed: Option<Instant>,
    /// The value of the boot key: it changes when Redis loses its data.
    boot: Option<String>,
    /// Whether the last renewal failed.
    failed: bool,
    /// Until then, a key missing may be one Redis lost and a node has not
    /// written again yet, or a lease that ran out while Redis was away: no
    /// node is taken as dead.
    unsure_until: Option<Instant>,
}

fn lock<T>(mutex: &Mutex<T>) -> MutexGuard<'_, T> {
    // Every change under these locks is made whole before they are let go.
    mutex.lock().unwrap_or_else(PoisonError::into_inner)
}

impl Cluster {
    /// Connects to Redis at `url` as a new node, and starts listening. An
    /// unreachable Redis is an error that says so.
    pub(crate) async fn join(
        url: &str,
        node: Arc<str>,
        store: Arc<PostgresStore>,
        local: Arc<RoomsHere>,
        lease: Duration,
        shutdown: CancellationToken,
    ) -> Result<Arc<Cluster>, JoinError> {
        let name = describe(url);
        let client = connect::client(url)?;
        // One connection first, to say at once why none can be made (a
        // certificate refused, a password wrong): the manager below retries.
        let probe = reach(&name, client.get_multiplexed_async_connection()).await?;
        drop(probe);
        // Back soon after Redis is: every node then renews its lease well
        // before the others stop being unsure of it (see `takeover`).
        let config = redis::aio::ConnectionManagerConfig::new()
            .set_max_delay(lease / 6)
            .set_connection_timeout(Some(CONNECT_TIMEOUT))
            .set_response_timeout(Some(CONNECT_TIMEOUT));
        let redis = reach(&name, client.get_connection_manager_with_config(config)).await?;
        let cluster = Arc::new_cyclic(|this: &Weak<Cluster>| {
            let lost = this.clone();
            let publisher = Publisher::start(
                redis.clone(),
                move || {
                    if let Some(cluster) = lost.upgrade() {
                        cluster.drop_cross_node_memberships();
                    }
                },
                shutdown.clone(),
            );
            Cluster {
                node,
                client,
                redis,
                publisher,
                store,
                local,
                context: OnceLock::new(),
                lease,
                members: Mutex::new(Members::default()),
                guests: Mutex::new(Guests::default()),
                arena_doors: Mutex::new(ArenaDoors::default()),
                subscriptions: Mutex::new(None),
                watching: tokio::sync::Mutex::new(std::collections::HashSet::new()),
                wake: Notify::new(),
                health: Mutex::new(Health::default()),
                data_losses: std::sync::atomic::AtomicU64::new(0),
                challenge_listeners: OnceLock::new(),
                shutdown,
            }
        });
        if let Err(source) = cluster.renew_lease().await {
            return Err(JoinError::Unreachable { name, source });
        }
        if let Err(source) = subscriber::start(&cluster).await {
            return Err(JoinError::Unsubscribed { name, source });
        }
        tracing::info!(node = cluster.node(), "joined the cluster");
        Ok(cluster)
    }

    /// Gives the cluster what rooms share, and starts taking over rooms.
    pub(crate) fn start(self: &Arc<Self>, context: &Arc<RoomContext>) {
        let _ = self.context.set(Arc::downgrade(context));
        tokio::spawn(takeover::run(Arc::clone(self)));
    }

    /// Whether Redis answered this node's lease renewals lately: the last
    /// one is at most two and a half renewal periods old. For `/healthz`,
    /// which thus asks Redis nothing (a `PING` would wait behind the
    /// node's own traffic on the same connection).
    pub(crate) fn redis_answers(&self) -> bool {
        let period = self.lease / 3;
        lock(&self.health)
            .renewed
            .is_some_and(|at| at.elapsed() <= 2 * period + period / 2)
    }

    pub(crate) fn node(&self) -> &str {
        &self.node
    }

    /// How many times Redis was found to have lost its data: when this
    /// changes, what was written there is to be written again.
    pub(crate) fn data_losses(&self) -> u64 {
        self.data_losses.load(std::sync::atomic::Ordering::Acquire)
    }

    /// How long a node's lease lasts unless renewed (every third of it).
    pub(crate) fn lease(&self) -> Duration {
        self.lease
    }

    /// A handle on the node's Redis connection (it comes back by itself).
    pub(crate) fn redis(&self) -> ConnectionManager {
        self.redis.clone()
    }

    /// The local lobby: the rooms this node runs.
    pub(crate) fn local(&self) -> &Arc<RoomsHere> {
        &self.local
    }

    fn context(&self) -> Option<Arc<RoomContext>> {
        self.context.get()?.upgrade()
    }

    /// Whether a key found missing may be one Redis lost (see [`Health`]).
    pub(crate) fn unsure(&self) -> bool {
        lock(&self.health)
            .unsure_until
            .is_some_and(|until| Instant::now() < until)
    }

    /// Drops every connection that spans two nodes, both ways: messages
    /// between the nodes may have been lost. Their clients come back by
    /// themselves and pick up what they missed.
    fn drop_cross_node_memberships(self: &Arc<Self>) {
        self.drop_members_of(None);
        self.drop_guests_from(None);
        self.close_arena_doors();
    }
}

/// A name no other node (or boot of Redis) has: 16 random bytes, in hex.
pub(crate) fn random_name() -> String {
    let mut bytes = [0_u8; 16];
    // The system's randomness does not fail on the systems served; if it
    // did, the time would still tell nodes apart.
    if getrandom::fill(&mut bytes).is_err() {
        let now = std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .unwrap_or_default()
            .as_nanos();
        bytes = now.to_le_bytes();
    }
    wire::hex(&bytes)
}

/// Waits for `connecting` to the Redis named `name`, within
/// [`CONNECT_TIMEOUT`]; an error says which Redis, and why.
async fn reach<T>(
    name: &str,
    connecting: impl Future<Output = redis::RedisResult<T>>,
) -> Result<T, JoinError> {
    tokio::time::timeout(CONNECT_TIMEOUT, connecting)
        .await
        .map_err(|_| JoinError::NoAnswer {
            name: name.to_owned(),
            seconds: CONNECT_TIMEOUT.as_secs(),
        })?
        .map_err(|source| JoinError::Unreachable {
            name: name.to_owned(),
            source,
        })
}

/// A Redis URL as messages may show it: no password.
fn describe(url: &str) -> String {
    match url.split_once('@') {
        Some((scheme_and_user, host)) => {
            let scheme = scheme_and_user.split("://").next().unwrap_or("redis");
            format!("{scheme}://{host}")
        }
        None => url.to_owned(),
    }
}

/// A map from node names to what goes there.
type ByNode<T> = HashMap<Arc<str>, T>;

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_redis_url_is_shown_without_its_password() {
        assert_eq!(
            describe("redis://:s3cret@cache:6379/0"),
            "redis://cache:6379/0"
        );
        assert_eq!(describe("redis://cache:6379"), "redis://cache:6379");
    }
}

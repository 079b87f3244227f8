//! Arenas on a cluster: each open arena is run by one node, the holder of
//! its lease (`arena_runner_key`, renewed by the arena's task with every
//! pairing tick), and played from any node.
//!
//! * The arena's side: a connection on another node is a link like any
//!   other, whose frames and pairings go back to its node
//!   ([`ArenaRelay`]); its standings go once per node, not once per
//!   connection; the games being played are kept in Redis
//!   (`arena_games_key`) for the node that takes the arena over.
//! * The players' side ("doors"): this node's connections in an arena
//!   another node runs, with the node they were told it runs on. Their
//!   asks go there; what comes back is handed to them. When the arena's
//!   lease names another node (it died, or lost the lease), the door is
//!   closed: each session's news channel closes, and it joins (or
//!   watches) again wherever the arena runs now — a node that finds it run
//!   nowhere takes it over, from the database and the games kept here.
//!
//! A message lost (Redis away) costs time, not a game or a point: the
//! standings are the stored results, read by whichever node runs the arena.

use std::collections::{HashMap, HashSet};
use std::sync::{Arc, Weak};
use std::time::Duration;

use mice_cake_engine::{PlayerKey, Seated};
use mice_cake_protocol::{ArenaId, RoomCode, ServerMessage};
use tokio::sync::{mpsc, oneshot};
use tracing::{debug, warn};

use super::publisher::Outgoing;
use super::wire::{self, Header, WireArenaAsk};
use super::{Cluster, lock};
use crate::arena_link::{ArenaNewsSender, ArenaPairing, TellSession};
use crate::frame::Frame;
use crate::outbound::{Closing, Outbound, Relay};
use crate::room::{ArenaGame, ConnId};

/// How long a join waits for the arena's node to answer.
const JOIN_ANSWER: Duration = Duration::from_secs(3);
/// An arena's lease is kept only by its holder: set if free, renewed if
/// ours (1), left alone if another's (0).
const HOLD: &str = "local holder = redis.call('GET', KEYS[1]) \
    if holder == false then redis.call('SET', KEYS[1], ARGV[1], 'PX', ARGV[2]) return 1 end \
    if holder == ARGV[1] then redis.call('PEXPIRE', KEYS[1], ARGV[2]) return 1 end \
    return 0";
/// Lets go of an arena's lease if ours.
const LET_GO: &str = "if redis.call('GET', KEYS[1]) == ARGV[1] then \
    return redis.call('DEL', KEYS[1]) end return 0";

/// An ask from another node for an arena this node runs.
#[derive(Debug)]
pub(crate) struct ArenaAsked {
    pub(crate) arena: ArenaId,
    pub(crate) node: Arc<str>,
    pub(crate) conn: u64,
    pub(crate) ask: WireArenaAsk,
}

/// Where asks from other nodes are read (by the arenas' registry). Not
/// bounded: none may be lost (a watcher's, a leaver's, a room's report),
/// and each comes from a connection's message, which the connection's
/// own limits pace; the arena's queue paces the reader.
pub(crate) type ArenaInbox = mpsc::UnboundedReceiver<ArenaAsked>;

/// Why an arena on another node did not take a join.
#[derive(Debug, thiserror::Error)]
pub(crate) enum RemoteRefused {
    #[error("{0}")]
    Refused(String),
    #[error("the arena's server did not answer just now: join again")]
    Unanswered,
}

/// The arena's node's answer to a join.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) enum JoinAnswer {
    Joined,
    /// By the arena's rules.
    Refused(String),
    /// Not now: the arena moved, or its node is busy.
    Again(String),
}

impl JoinAnswer {
    /// From the wire's fields.
    pub(super) fn of(refused: Option<String>, again: bool) -> JoinAnswer {
        match (refused, again) {
            (None, _) => JoinAnswer::Joined,
            (Some(why), false) => JoinAnswer::Refused(why),
            (Some(why), true) => JoinAnswer::Again(why),
        }
    }
}

/// This node's connections in arenas other nodes run.
#[derive(Debug, Default)]
pub(super) struct ArenaDoors {
    doors: HashMap<ArenaId, Door>,
    /// Joins waiting for their answer, by number.
    asks: HashMap<u64, oneshot::Sender<JoinAnswer>>,
    next_ask: u64,
    /// Where asks from other nodes go, once the registry reads them.
    inbox: Option<mpsc::UnboundedSender<ArenaAsked>>,
}

/// One arena's connections here, and the node it runs on.
#[derive(Debug)]
struct Door {
    runner: Arc<str>,
    links: HashMap<ConnId, DoorLink>,
}

#[derive(Debug)]
struct DoorLink {
    outbound: Outbound,
    /// The session's arena news (pairings, the end): dropped with the door,
    /// it closes.
    pairings: ArenaNewsSender,
}

/// A handle on an arena another node runs.
#[derive(Clone, Debug)]
pub(crate) struct RemoteArena {
    cluster: Weak<Cluster>,
    runner: Arc<str>,
    arena: ArenaId,
}

/// A player joining an arena on another node.
#[derive(Debug)]
pub(crate) struct RemoteJoin {
    pub(crate) conn: ConnId,
    pub(crate) outbound: Outbound,
    pub(crate) pairings: ArenaNewsSender,
    pub(crate) key: PlayerKey,
    pub(crate) name: String,
    pub(crate) bot: bool,
    pub(crate) join_code: Option<String>,
    pub(crate) in_room: Option<RoomCode>,
    pub(crate) in_room_game: Option<ArenaGame>,
    pub(crate) address: Option<std::net::IpAddr>,
}

impl RemoteArena {
    /// Joins as a player; waits for the arena's answer.
    pub(crate) async fn join(&self, join: RemoteJoin) -> Result<(), RemoteRefused> {
        let Some(cluster) = self.cluster.upgrade() else {
            return Err(RemoteRefused::Unanswered);
        };
        let conn = join.conn;
        let (answer, answered) = oneshot::channel();
        let ask = {
            let mut doors = lock(&cluster.arena_doors);
            doors.next_ask += 1;
            let ask = doors.next_ask;
            doors.asks.insert(ask, answer);
            doors.open(self, conn, join.outbound, join.pairings);
            ask
        };
        cluster.ask_arena(
            &self.runner,
            self.arena,
            conn.value(),
            WireArenaAsk::Join {
                ask,
                key: join.key,
                name: join.name,
                bot: join.bot,
                join_code: join.join_code,
                in_room: join.in_room,
                in_room_game: join.in_room_game,
                address: join.address,
            },
        );
        let answer = tokio::time::timeout(JOIN_ANSWER, answered).await;
        let refused = match answer {
            Ok(Ok(JoinAnswer::Joined)) => return Ok(()),
            Ok(Ok(JoinAnswer::Refused(why))) => RemoteRefused::Refused(why),
            Ok(Ok(JoinAnswer::Again(why))) => {
                debug!(arena = %self.arena, why, "a join to be asked again");
                RemoteRefused::Unanswered
            }
            Ok(Err(_)) | Err(_) => RemoteRefused::Unanswered,
        };
        let mut doors = lock(&cluster.arena_doors);
        doors.asks.remove(&ask);
        doors.close_link(self.arena, conn);
        Err(refused)
    }

    /// Watches its standings.
    pub(crate) fn watch(&self, conn: ConnId, outbound: Outbound, pairings: ArenaNewsSender) {
        let Some(cluster) = self.cluster.upgrade() else {
            return;
        };
        lock(&cluster.arena_doors).open(self, conn, outbound, pairings);
        cluster.ask_arena(&self.runner, self.arena, conn.value(), WireArenaAsk::Watch);
    }

    /// Pauses the player of `conn`.
    pub(crate) fn pause(&self, conn: ConnId) {
        if let Some(cluster) = self.cluster.upgrade() {
            cluster.ask_arena(&self.runner, self.arena, conn.value(), WireArenaAsk::Pause);
        }
    }

    /// Connection `conn` neither plays nor watches any more.
    pub(crate) fn gone(&self, conn: ConnId) {
        if let Some(cluster) = self.cluster.upgrade() {
            lock(&cluster.arena_doors).close_link(self.arena, conn);
            cluster.ask_arena(&self.runner, self.arena, conn.value(), WireArenaAsk::Gone);
        }
    }

    /// A room here tells the arena something (a game over, a pairing
    /// called off).
    pub(crate) fn report(&self, report: WireArenaAsk) {
        if let Some(cluster) = self.cluster.upgrade() {
            cluster.ask_arena(&self.runner, self.arena, 0, report);
        }
    }
}

impl ArenaDoors {
    /// Keeps connection `conn`'s way back from `arena`. A door that names
    /// another node is closed first: its other sessions find the arena
    /// again too.
    fn open(
        &mut self,
        arena: &RemoteArena,
        conn: ConnId,
        outbound: Outbound,
        pairings: ArenaNewsSender,
    ) {
        let door = self.doors.entry(arena.arena).or_insert_with(|| Door {
            runner: Arc::clone(&arena.runner),
            links: HashMap::new(),
        });
        if door.runner != arena.runner {
            door.runner = Arc::clone(&arena.runner);
            door.links.clear();
        }
        door.links.insert(conn, DoorLink { outbound, pairings });
    }

    fn close_link(&mut self, arena: ArenaId, conn: ConnId) {
        if let Some(door) = self.doors.get_mut(&arena) {
            door.links.remove(&conn);
            if door.links.is_empty() {
                self.doors.remove(&arena);
            }
        }
    }
}

/// The way from an arena here to a connection on another node.
#[derive(Debug)]
struct ArenaRelay {
    cluster: Weak<Cluster>,
    node: Arc<str>,
    conn: u64,
    arena: ArenaId,
}

impl Relay for ArenaRelay {
    fn relay(&self, frame: Frame, offer: bool) -> bool {
        let Some(cluster) = self.cluster.upgrade() else {
            return false;
        };
        cluster.publisher.send(Outgoing::ToNode {
            node: Arc::clone(&self.node),
            header: Header::ArenaDeliver {
                conn: self.conn,
                arena: self.arena,
                kinds: crate::frame::relay_letter(&frame, offer).into(),
            },
            frames: vec![frame],
        })
    }

    fn close(&self, _why: Closing) {
        // An arena closes no connection: it only stops telling it things.
    }

    fn watching(&self) -> bool {
        false
    }

    fn to_watchers(&self, _room: RoomCode, _frames: &[Frame], _offer: bool) {}
}

impl TellSession for ArenaRelay {
    fn paired(&self, pairing: ArenaPairing) -> bool {
        self.to_node(
            Header::ArenaPaired {
                conn: self.conn,
                arena: self.arena,
                code: pairing.code,
            },
            crate::frame::frame(&pairing.message),
        )
    }

    fn over(&self, update: Frame) -> bool {
        self.to_node(
            Header::ArenaOver {
                conn: self.conn,
                arena: self.arena,
            },
            update,
        )
    }
}

impl ArenaRelay {
    fn to_node(&self, header: Header, frame: Frame) -> bool {
        let Some(cluster) = self.cluster.upgrade() else {
            return false;
        };
        cluster.publisher.send(Outgoing::ToNode {
            node: Arc::clone(&self.node),
            header,
            frames: vec![frame],
        })
    }
}

impl Cluster {
    /// Where asks from other nodes for the arenas here are read: one
    /// reader, the arenas' registry.
    pub(crate) fn arena_inbox(&self) -> ArenaInbox {
        let (sender, receiver) = mpsc::unbounded_channel();
        lock(&self.arena_doors).inbox = Some(sender);
        receiver
    }

    /// A handle on arena `arena`, run by node `runner`.
    pub(crate) fn remote_arena(self: &Arc<Self>, runner: &str, arena: ArenaId) -> RemoteArena {
        RemoteArena {
            cluster: Arc::downgrade(self),
            runner: Arc::from(runner),
            arena,
        }
    }

    /// The way from arena `arena` here to connection `conn` of `node`: its
    /// queue, and its pairings.
    pub(crate) fn arena_link(
        self: &Arc<Self>,
        node: &Arc<str>,
        conn: u64,
        arena: ArenaId,
    ) -> (Outbound, Arc<dyn TellSession>) {
        let relay = Arc::new(ArenaRelay {
            cluster: Arc::downgrade(self),
            node: Arc::clone(node),
            conn,
            arena,
        });
        (Outbound::Remote(relay.clone()), relay)
    }

    /// Answers join `ask` of a connection of `node`.
    pub(crate) fn answer_arena_join(&self, node: &Arc<str>, ask: u64, answer: JoinAnswer) {
        let (refused, again) = match answer {
            JoinAnswer::Joined => (None, false),
            JoinAnswer::Refused(why) => (Some(why), false),
            JoinAnswer::Again(why) => (Some(why), true),
        };
        self.publisher.send(Outgoing::ToNode {
            node: Arc::clone(node),
            header: Header::ArenaReply {
                ask,
                refused,
                again,
            },
            frames: Vec::new(),
        });
    }

    /// Sends arena `arena`'s standings (`update`) to its connections on
    /// each of `nodes`, once a node.
    pub(crate) fn publish_arena(&self, arena: ArenaId, nodes: &HashSet<Arc<str>>, update: &Frame) {
        for node in nodes {
            self.publisher.send(Outgoing::ToNode {
                node: Arc::clone(node),
                header: Header::ArenaUpdate { arena },
                frames: vec![update.clone()],
            });
        }
    }

    fn ask_arena(&self, runner: &Arc<str>, arena: ArenaId, conn: u64, ask: WireArenaAsk) {
        self.publisher.send(Outgoing::ToNode {
            node: Arc::clone(runner),
            header: Header::ArenaAsk {
                arena,
                from: self.node.to_string(),
                conn,
                ask,
            },
            frames: Vec::new(),
        });
    }

    /// The node whose lease runs arena `arena`, if any.
    pub(crate) async fn arena_runner(&self, arena: ArenaId) -> redis::RedisResult<Option<String>> {
        redis::cmd("GET")
            .arg(wire::arena_runner_key(arena))
            .query_async(&mut self.redis.clone())
            .await
    }

    /// Takes or keeps the lease that runs arena `arena`; whether this node
    /// holds it now.
    pub(crate) async fn hold_arena(&self, arena: ArenaId) -> redis::RedisResult<bool> {
        let mut redis = self.redis.clone();
        let key = wire::arena_runner_key(arena);
        let lease_ms = u64::try_from(self.lease.as_millis()).unwrap_or(u64::MAX);
        let held: i64 = redis::cmd("EVAL")
            .arg(HOLD)
            .arg(1)
            .arg(key)
            .arg(&*self.node)
            .arg(lease_ms)
            .query_async(&mut redis)
            .await?;
        Ok(held == 1)
    }

    /// Lets go of arena `arena`'s lease (it is over, or the node stops);
    /// `over`: its games kept for a takeover go too.
    pub(crate) async fn let_go_of_arena(&self, arena: ArenaId, over: bool) {
        let released: redis::RedisResult<i64> = redis::cmd("EVAL")
            .arg(LET_GO)
            .arg(1)
            .arg(wire::arena_runner_key(arena))
            .arg(&*self.node)
            .query_async(&mut self.redis.clone())
            .await;
        if let Err(cause) = released {
            debug!(%arena, cause = %cause, "an arena's lease not let go: it runs out");
        }
        if over {
            let mut forget = redis::cmd("DEL");
            forget.arg(wire::arena_games_key(arena));
            self.publisher.send(Outgoing::Key(forget));
        }
    }

    /// Keeps that arena `arena` plays `games` (room code, players), for
    /// the node that may take it over: one command for them all.
    pub(crate) async fn keep_arena_games(
        &self,
        arena: ArenaId,
        games: &[(RoomCode, Seated<PlayerKey>)],
    ) -> Result<(), super::SharedStateError> {
        let mut keep = redis::cmd("HSET");
        keep.arg(wire::arena_games_key(arena));
        for (code, keys) in games {
            keep.arg(code.to_string()).arg(serde_json::to_string(keys)?);
        }
        keep.query_async::<()>(&mut self.redis.clone()).await?;
        Ok(())
    }

    /// Forgets arena `arena`'s game in room `code` (over, or called off).
    pub(crate) fn arena_game_ended(&self, arena: ArenaId, code: RoomCode) {
        let mut forget = redis::cmd("HDEL");
        forget
            .arg(wire::arena_games_key(arena))
            .arg(code.to_string());
        self.publisher.send(Outgoing::Key(forget));
    }

    /// Arena `arena`'s games being played, as kept by the nodes that ran it.
    pub(crate) async fn arena_games(
        &self,
        arena: ArenaId,
    ) -> redis::RedisResult<Vec<(RoomCode, Seated<PlayerKey>)>> {
        let kept: HashMap<String, String> = redis::cmd("HGETALL")
            .arg(wire::arena_games_key(arena))
            .query_async(&mut self.redis.clone())
            .await?;
        Ok(kept
            .into_iter()
            .filter_map(|(code, keys)| {
                Some((code.parse().ok()?, serde_json::from_str(&keys).ok()?))
            })
            .collect())
    }

    /// Those of `nodes` whose lease is gone: their connections are gone
    /// too. None while this node's view of Redis may be stale.
    pub(crate) async fn gone_nodes(&self, nodes: &HashSet<Arc<str>>) -> HashSet<Arc<str>> {
        let mut gone = HashSet::new();
        if self.unsure() {
            return gone;
        }
        let mut redis = self.redis.clone();
        for node in nodes {
            let left_ms: redis::RedisResult<i64> = redis::cmd("PTTL")
                .arg(wire::lease_key(node))
                .query_async(&mut redis)
                .await;
            match left_ms {
                Ok(-2) => {
                    gone.insert(Arc::clone(node));
                }
                Ok(_) => {}
                Err(_) => return HashSet::new(),
            }
        }
        gone
    }

    /// Closes the doors of arenas whose lease names another node than the
    /// one they were told (it died, or let go): their sessions find the
    /// arena again.
    pub(crate) async fn check_arena_doors(&self) {
        let doors: Vec<(ArenaId, Arc<str>)> = lock(&self.arena_doors)
            .doors
            .iter()
            .map(|(arena, door)| (*arena, Arc::clone(&door.runner)))
            .collect();
        for (arena, runner) in doors {
            let Ok(now) = self.arena_runner(arena).await else {
                // Redis away: the doors stay as they are meanwhile.
                return;
            };
            if now.as_deref() != Some(&*runner) {
                let mut doors = lock(&self.arena_doors);
                if doors
                    .doors
                    .get(&arena)
                    .is_some_and(|door| door.runner == runner)
                {
                    debug!(%arena, from = %runner, to = ?now, "an arena moved: its sessions here find it again");
                    doors.doors.remove(&arena);
                }
            }
        }
    }

    /// Closes every door: messages from the arenas may have been lost.
    pub(super) fn close_arena_doors(&self) {
        lock(&self.arena_doors).doors.clear();
    }

    /// An ask came from another node for an arena here.
    pub(super) fn arena_asked(&self, arena: ArenaId, from: &str, conn: u64, ask: WireArenaAsk) {
        let join = match &ask {
            WireArenaAsk::Join { ask, .. } => Some(*ask),
            _ => None,
        };
        let node: Arc<str> = Arc::from(from);
        let inbox = lock(&self.arena_doors).inbox.clone();
        let passed = inbox.is_some_and(|inbox| {
            inbox
                .send(ArenaAsked {
                    arena,
                    node: Arc::clone(&node),
                    conn,
                    ask,
                })
                .is_ok()
        });
        if !passed {
            warn!(%arena, from, "an ask for an arena here could not be passed on");
            if let Some(ask) = join {
                self.answer_arena_join(
                    &node,
                    ask,
                    JoinAnswer::Again("the arena's node is stopping".into()),
                );
            }
        }
    }

    /// The answer to a join asked from here came.
    pub(super) fn arena_answered(&self, ask: u64, answer: JoinAnswer) {
        if let Some(waiting) = lock(&self.arena_doors).asks.remove(&ask) {
            let _ = waiting.send(answer);
        }
    }

    /// Frames came from arena `arena` for connection `conn` here.
    pub(super) fn arena_delivered(&self, conn: u64, arena: ArenaId, kinds: &str, frames: &[&str]) {
        let Some(outbound) = self.door_link(arena, conn, |link| link.outbound.clone()) else {
            return;
        };
        for (frame, letter) in frames.iter().zip(kinds.bytes()) {
            match crate::frame::relayed(frame, letter) {
                (frame, true) => outbound.offer(frame),
                (frame, false) => {
                    outbound.send(frame);
                    true
                }
            };
        }
    }

    /// Arena `arena` paired the player of connection `conn` here.
    pub(super) fn arena_paired(&self, conn: u64, arena: ArenaId, code: RoomCode, frame: &str) {
        let Some(pairings) = self.door_link(arena, conn, |link| link.pairings.clone()) else {
            debug!(%arena, room = %code, "a pairing for a connection gone");
            return;
        };
        let Ok(message) = serde_json::from_str::<ServerMessage>(frame) else {
            warn!(%arena, "an unreadable arena pairing: skipped");
            return;
        };
        if !pairings.paired(ArenaPairing { code, message }) {
            debug!(%arena, room = %code, "a pairing could not be told");
        }
    }

    /// Arena `arena` is over, for connection `conn` here: its last
    /// standings.
    pub(super) fn arena_over(&self, conn: u64, arena: ArenaId, frame: &str) {
        let Some(session) = self.door_link(arena, conn, |link| link.pairings.clone()) else {
            return;
        };
        if !session.over(Frame::plain(frame)) {
            debug!(%arena, "an arena's end could not be told: its session reads it");
        }
    }

    /// Arena `arena`'s standings came, for its connections here.
    pub(super) fn arena_updated(&self, arena: ArenaId, frame: &str) {
        let outbounds: Vec<Outbound> = lock(&self.arena_doors)
            .doors
            .get(&arena)
            .map(|door| {
                door.links
                    .values()
                    .map(|link| link.outbound.clone())
                    .collect()
            })
            .unwrap_or_default();
        let frame = Frame::plain(frame);
        for outbound in outbounds {
            outbound.send(frame.clone());
        }
    }

    fn door_link<T>(
        &self,
        arena: ArenaId,
        conn: u64,
        take: impl FnOnce(&DoorLink) -> T,
    ) -> Option<T> {
        lock(&self.arena_doors)
            .doors
            .get(&arena)?
            .links
            .get(&ConnId::from_value(conn))
            .map(take)
    }
}

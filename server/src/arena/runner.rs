//! One arena's task: it owns the arena's core (`core.rs`), takes what
//! connections and rooms tell it in order, and carries out what the core
//! returns — rooms made in the lobby for each pair, news queued on each
//! connection (a slow one is cut off by its own queue, never waited for),
//! the standings published at most once a second, entrants and the end
//! stored. It reads the arena's results from the store on its next pairing
//! tick after a room says a game is over (one read for every game over
//! since), and every few seconds in case a report was lost; and it
//! looks for the rooms of games that went on too long without a result (a
//! room gone with its node), calling those games off.
//!
//! On a cluster the task runs while its node holds the arena's lease,
//! renewed with every pairing tick; connections on other nodes are links
//! through them (`cluster::arenas`), and the games being played are kept
//! in Redis for the node that takes the arena over.

use std::collections::{HashMap, HashSet};
use std::sync::Arc;
use std::time::Duration;

use mice_cake_engine::{PlayerKey, Seated};
use mice_cake_protocol::arena::ArenaDetail;
use mice_cake_protocol::{ArenaId, ErrorCode, RoomCode, ServerMessage};
use tokio::sync::{mpsc, oneshot};
use tokio::time::{Instant, MissedTickBehavior};
use tokio_util::sync::CancellationToken;
use tracing::{debug, info, warn};

use super::core::{Arena, Effect, Input, JoinRefused, Joining, News};
use crate::arena_link::{ArenaNewsSender, ArenaPairing, TellSession};
use crate::cluster::Cluster;
use crate::cluster::arenas::{ArenaAsked, JoinAnswer};
use crate::cluster::wire::WireArenaAsk;
use crate::frame::frame;
use crate::lobby::Lobby;
use crate::outbound::Outbound;
use crate::pairing::room_options;
use crate::room::{ArenaReport, ConnId, Made, RoomContext};

/// Asks waiting for an arena's task.
const ASKS: usize = 1024;
/// How often the arena pairs whoever waits.
pub(crate) const PAIRING_INTERVAL: Duration = Duration::from_millis(250);
/// Most often the standings are published.
const PUBLISH_INTERVAL: Duration = Duration::from_secs(1);
/// How often results are read without a room's report.
const READ_INTERVAL: Duration = Duration::from_secs(3);
/// A game without a result this long after its room was made has its room
/// looked for.
const LOOK_AFTER: Duration = Duration::from_secs(30);
/// A game taken over with its arena has its room first looked for this
/// soon.
const FIRST_LOOK_AFTER_TAKEOVER: Duration = Duration::from_secs(5);
/// A room unreachable this long (its node dead, and no node taking it
/// over) is taken as gone.
const NEVER_TAKEN_OVER: Duration = Duration::from_secs(60);

/// What a connection asks of an arena.
#[derive(Debug)]
pub(crate) enum Ask {
    Join {
        joining: Joining,
        outbound: Outbound,
        pairings: ArenaNewsSender,
        answer: oneshot::Sender<Result<(), JoinRefused>>,
    },
    Watch {
        conn: ConnId,
        outbound: Outbound,
        /// Closed when the arena lets go of the watcher.
        link: ArenaNewsSender,
    },
    Pause {
        conn: ConnId,
    },
    Gone {
        conn: ConnId,
    },
    Report(ArenaReport),
    Detail(oneshot::Sender<ArenaDetail>),
    /// From a connection on another node of the cluster (or a room there).
    FromNode(ArenaAsked),
}

/// The handle on one arena's task.
#[derive(Clone, Debug)]
pub(crate) struct ArenaHandle {
    id: ArenaId,
    asks: mpsc::Sender<Ask>,
}

impl ArenaHandle {
    pub(crate) fn id(&self) -> ArenaId {
        self.id
    }

    /// Sends an ask; false if the arena's task has stopped.
    pub(crate) async fn ask(&self, ask: Ask) -> bool {
        self.asks.send(ask).await.is_ok()
    }

    /// Whether its task has stopped (the arena is over, or the server
    /// stops).
    pub(crate) fn stopped(&self) -> bool {
        self.asks.is_closed()
    }
}

/// A connection the arena tells things.
struct Link {
    outbound: Outbound,
    /// Where its pairings and the arena's end go (dropped with the link,
    /// it tells the session the arena let go).
    session: Arc<dyn TellSession>,
    /// The node it is on, if another.
    node: Option<Arc<str>>,
}

/// Starts arena `arena`'s task; it stops once the arena is over, or with
/// `shutdown`.
/// `cluster`: the node holds its lease, and keeps it while it runs.
pub(crate) fn start(
    arena: Arena,
    lobby: Arc<dyn Lobby>,
    rooms: Arc<RoomContext>,
    cluster: Option<Arc<Cluster>>,
    shutdown: CancellationToken,
) -> ArenaHandle {
    let (asks, inbox) = mpsc::channel(ASKS);
    let id = arena.id();
    let losses_seen = cluster.as_ref().map_or(0, |cluster| cluster.data_losses());
    let runner = Runner {
        arena,
        lobby,
        rooms,
        cluster,
        remote: HashMap::new(),
        links: HashMap::new(),
        made_at: HashMap::new(),
        unreachable: HashMap::new(),
        lease_sure: true,
        losses_seen,
        dirty: false,
        results_due: false,
        published: None,
    };
    tokio::spawn(runner.run(inbox, shutdown));
    ArenaHandle { id, asks }
}

struct Runner {
    arena: Arena,
    lobby: Arc<dyn Lobby>,
    rooms: Arc<RoomContext>,
    cluster: Option<Arc<Cluster>>,
    /// Connections on other nodes, by node and number there: their names
    /// here.
    remote: HashMap<(Arc<str>, u64), ConnId>,
    links: HashMap<ConnId, Link>,
    /// When each game's room was made.
    made_at: HashMap<RoomCode, Instant>,
    /// Since when each game's room could not be reached.
    unreachable: HashMap<RoomCode, Instant>,
    /// Whether Redis answered the last renewal of the arena's lease (on one
    /// server, always).
    lease_sure: bool,
    /// The times this node saw the cluster's Redis lose its data, as of
    /// the games in play last written to it.
    losses_seen: u64,
    /// Whether the standings changed since last published.
    dirty: bool,
    /// Whether a room said a game is over since the results were last read.
    results_due: bool,
    published: Option<Instant>,
}

impl Runner {
    async fn run(mut self, mut inbox: mpsc::Receiver<Ask>, shutdown: CancellationToken) {
        let mut pairing = tokio::time::interval(PAIRING_INTERVAL);
        pairing.set_missed_tick_behavior(MissedTickBehavior::Delay);
        let mut reading = tokio::time::interval(READ_INTERVAL);
        reading.set_missed_tick_behavior(MissedTickBehavior::Delay);
        debug!(arena = %self.arena.id(), "arena opened");
        self.take_over_games().await;
        loop {
            tokio::select! {
                () = shutdown.cancelled() => break,
                ask = inbox.recv() => match ask {
                    Some(ask) => self.on_ask(ask).await,
                    None => break,
                },
                _ = pairing.tick() => {
                    let lease = self.hold_lease().await;
                    self.lease_sure = matches!(lease, Lease::Held);
                    match lease {
                        Lease::Held => {}
                        Lease::Unsure => continue,
                        Lease::Lost => {
                            info!(arena = %self.arena.id(), "another node runs the arena now: its connections here find it there");
                            return;
                        }
                    }
                    self.keep_games_again_if_lost().await;
                    if std::mem::take(&mut self.results_due) {
                        self.read_results().await;
                    }
                    self.step(Input::Tick).await;
                    self.publish_if_due();
                }
                _ = reading.tick() => {
                    self.read_results().await;
                    self.look_for_rooms().await;
                    self.forget_gone_nodes().await;
                }
            }
            if self.arena.finished() {
                self.tell_over();
                break;
            }
        }
        if let Some(cluster) = &self.cluster {
            // Over: forgotten; stopping: another node takes it at once.
            cluster
                .let_go_of_arena(self.arena.id(), self.arena.finished())
                .await;
        }
        debug!(arena = %self.arena.id(), "arena closed");
    }

    /// On a cluster, keeps the arena's lease (see [`Lease`]).
    async fn hold_lease(&self) -> Lease {
        let Some(cluster) = &self.cluster else {
            return Lease::Held;
        };
        match cluster.hold_arena(self.arena.id()).await {
            Ok(true) => Lease::Held,
            Ok(false) => Lease::Lost,
            Err(cause) => {
                debug!(arena = %self.arena.id(), cause = %cause, "an arena's lease cannot be renewed just now");
                Lease::Unsure
            }
        }
    }

    /// On a cluster, the games the arena's last node was playing, as it
    /// kept them: their players are in them.
    async fn take_over_games(&mut self) {
        let Some(cluster) = &self.cluster else {
            return;
        };
        match cluster.arena_games(self.arena.id()).await {
            Ok(games) if !games.is_empty() => {
                // Looked for soon: a room its dead node never stored is
                // never taken over.
                let now = Instant::now();
                let made = now
                    .checked_sub(LOOK_AFTER - FIRST_LOOK_AFTER_TAKEOVER)
                    .unwrap_or(now);
                for (code, _) in &games {
                    self.made_at.insert(*code, made);
                }
                info!(arena = %self.arena.id(), games = games.len(), "an arena taken over with its games in play");
                self.step(Input::GamesInPlay(games)).await;
                self.forget_ended_games();
            }
            Ok(_) => {}
            Err(cause) => {
                warn!(arena = %self.arena.id(), cause = %cause, "an arena's games in play cannot be read: its players join again after them");
            }
        }
    }

    /// On a cluster whose Redis lost its data (restarted empty) since the
    /// games in play were last written there, writes them all again: the
    /// node that takes the arena over learns its games from Redis alone,
    /// and one that found none would end the arena while they are played,
    /// and not count them.
    async fn keep_games_again_if_lost(&mut self) {
        let Some(cluster) = &self.cluster else {
            return;
        };
        let losses = cluster.data_losses();
        if losses == self.losses_seen {
            return;
        }
        let games = self.arena.games_playing();
        if !games.is_empty()
            && let Err(cause) = cluster.keep_arena_games(self.arena.id(), &games).await
        {
            warn!(arena = %self.arena.id(), cause = %cause, "an arena's games in play cannot be written again after Redis lost its data: tried again next tick");
            return;
        }
        info!(arena = %self.arena.id(), games = games.len(), "an arena's games in play written again: the cluster's Redis lost its data");
        self.losses_seen = losses;
    }

    /// Connections of nodes whose lease is gone are gone.
    async fn forget_gone_nodes(&mut self) {
        let Some(cluster) = &self.cluster else {
            return;
        };
        let nodes: HashSet<Arc<str>> = self
            .remote
            .keys()
            .map(|(node, _)| Arc::clone(node))
            .collect();
        if nodes.is_empty() {
            return;
        }
        let gone = cluster.gone_nodes(&nodes).await;
        let conns: Vec<(Arc<str>, u64)> = self
            .remote
            .keys()
            .filter(|(node, _)| gone.contains(node))
            .cloned()
            .collect();
        for (node, conn) in conns {
            if let Some(conn) = self.remote.remove(&(node, conn)) {
                self.links.remove(&conn);
                self.step(Input::Gone { conn }).await;
            }
        }
    }

    /// Forgets, in what is kept for a takeover, the games no longer played.
    fn forget_ended_games(&mut self) {
        let arena = &self.arena;
        let ended: Vec<RoomCode> = self
            .made_at
            .keys()
            .filter(|code| !arena.plays_in(**code))
            .copied()
            .collect();
        for code in ended {
            self.made_at.remove(&code);
            self.unreachable.remove(&code);
            if let Some(cluster) = &self.cluster {
                cluster.arena_game_ended(self.arena.id(), code);
            }
        }
    }

    async fn on_ask(&mut self, ask: Ask) {
        match ask {
            Ask::Join {
                joining,
                outbound,
                pairings,
                answer,
            } => {
                let link = Link {
                    outbound,
                    session: Arc::new(pairings),
                    node: None,
                };
                // Answered through `answer`.
                let _ = self
                    .join(joining, link, |joined| {
                        let _ = answer.send(joined);
                    })
                    .await;
            }
            Ask::Watch {
                conn,
                outbound,
                link,
            } => {
                self.links.entry(conn).or_insert(Link {
                    outbound,
                    session: Arc::new(link),
                    node: None,
                });
                self.step(Input::Watch { conn }).await;
            }
            Ask::FromNode(asked) => self.on_remote_ask(asked).await,
            Ask::Pause { conn } => self.step(Input::Pause { conn }).await,
            Ask::Gone { conn } => {
                self.links.remove(&conn);
                self.step(Input::Gone { conn }).await;
            }
            // Read with the next pairing, once for every game over since:
            // at a thousand games a second, one read a tick.
            Ask::Report(ArenaReport::GameOver { .. }) => self.results_due = true,
            Ask::Report(ArenaReport::CalledOff { code, held_back }) => {
                self.step(Input::CalledOff { code, held_back }).await;
                self.forget_ended_games();
            }
            Ask::Detail(answer) => {
                // Every game a room said is over, counted first.
                if std::mem::take(&mut self.results_due) {
                    self.read_results().await;
                }
                let _ = answer.send(self.arena.detail(crate::clock::unix_millis()));
            }
        }
    }

    /// Joins a player through `link`, kept if the arena takes them.
    /// `answer` is told first, before anything the join tells: for a
    /// connection on another node both go the one way there, in order.
    async fn join(
        &mut self,
        joining: Joining,
        link: Link,
        answer: impl FnOnce(Result<(), JoinRefused>),
    ) -> Result<(), JoinRefused> {
        let conn = joining.conn;
        match self
            .arena
            .handle(Input::Join(joining), crate::clock::unix_millis())
        {
            Ok(effects) => {
                self.links.insert(conn, link);
                answer(Ok(()));
                self.carry_out(effects).await;
                Ok(())
            }
            Err(refused) => {
                answer(Err(refused));
                Err(refused)
            }
        }
    }

    /// What a connection on another node asks (or a room there tells).
    async fn on_remote_ask(&mut self, asked: ArenaAsked) {
        let ArenaAsked {
            node, conn, ask, ..
        } = asked;
        let Some(cluster) = self.cluster.clone() else {
            return;
        };
        let known = self.remote.get(&(Arc::clone(&node), conn)).copied();
        match ask {
            WireArenaAsk::Join {
                ask,
                key,
                name,
                bot,
                join_code,
                in_room,
                in_room_game,
                address,
            } => {
                let here = known.unwrap_or_else(ConnId::next);
                let (outbound, session) = cluster.arena_link(&node, conn, self.arena.id());
                let link = Link {
                    outbound,
                    session,
                    node: Some(Arc::clone(&node)),
                };
                self.remote.insert((Arc::clone(&node), conn), here);
                let joining = Joining {
                    conn: here,
                    key,
                    name,
                    bot,
                    join_code,
                    in_room,
                    in_room_game,
                    address,
                };
                let joined = self
                    .join(joining, link, |joined| {
                        let answer = match joined {
                            Ok(()) => JoinAnswer::Joined,
                            // By name: the asking node words it.
                            Err(refused) => JoinAnswer::Refused(refused.reason().to_owned()),
                        };
                        cluster.answer_arena_join(&node, ask, answer);
                    })
                    .await;
                if joined.is_err() && known.is_none() {
                    self.remote.remove(&(Arc::clone(&node), conn));
                }
            }
            WireArenaAsk::Watch => {
                let here = known.unwrap_or_else(ConnId::next);
                self.remote.insert((Arc::clone(&node), conn), here);
                let (outbound, session) = cluster.arena_link(&node, conn, self.arena.id());
                self.links.entry(here).or_insert(Link {
                    outbound,
                    session,
                    node: Some(node),
                });
                self.step(Input::Watch { conn: here }).await;
            }
            WireArenaAsk::Pause => {
                if let Some(conn) = known {
                    self.step(Input::Pause { conn }).await;
                }
            }
            WireArenaAsk::Gone => {
                if let Some(conn) = self.remote.remove(&(node, conn)) {
                    self.links.remove(&conn);
                    self.step(Input::Gone { conn }).await;
                }
            }
            WireArenaAsk::GameOver { .. } => self.results_due = true,
            WireArenaAsk::CalledOff { code, held_back } => {
                self.step(Input::CalledOff { code, held_back }).await;
                self.forget_ended_games();
            }
        }
    }

    /// Gives the core `input` now, and carries out what it returns.
    async fn step(&mut self, input: Input) {
        match self.arena.handle(input, crate::clock::unix_millis()) {
            Ok(effects) => self.carry_out(effects).await,
            // Only a join is refused, and joins are not stepped here.
            Err(refused) => debug!(arena = %self.arena.id(), %refused, "refused"),
        }
    }

    async fn read_results(&mut self) {
        let id = self.arena.id();
        match self
            .rooms
            .storage
            .arena_results(id, self.arena.last_seq())
            .await
        {
            Ok(results) if !results.is_empty() => {
                self.step(Input::Results(results)).await;
                self.forget_ended_games();
            }
            Ok(_) => {}
            Err(cause) => warn!(arena = %id, cause = %cause, "an arena's results cannot be read"),
        }
    }

    /// Games on for long without a result: a room that is gone (its node
    /// died and nothing took it over, say) has its game called off, its
    /// players back in the queue.
    async fn look_for_rooms(&mut self) {
        let now = Instant::now();
        let old: Vec<RoomCode> = self
            .made_at
            .iter()
            .filter(|(_, made)| now.duration_since(**made) >= LOOK_AFTER)
            .map(|(code, _)| *code)
            .collect();
        for code in old {
            let gone = match self.lobby.room(code).await {
                Err(refusal) if refusal.code == ErrorCode::UnknownRoom => {
                    Some("an arena game's room is gone: called off")
                }
                // On a cluster: its node died and no node took it over. A
                // room that stored anything (a game begun) is taken over
                // within a lease or two; one that never will be stored
                // nothing. Counted only while Redis answers this node.
                Err(_) if self.lease_sure => {
                    let since = *self.unreachable.entry(code).or_insert(now);
                    (now.duration_since(since) >= NEVER_TAKEN_OVER)
                        .then_some("an arena game's room was never taken over: called off")
                }
                Err(_) => None,
                Ok(_) => {
                    self.unreachable.remove(&code);
                    self.made_at.insert(code, now);
                    None
                }
            };
            let Some(why) = gone else {
                continue;
            };
            self.unreachable.remove(&code);
            // Read first: its game may have ended as it closed.
            self.read_results().await;
            if self.arena.plays_in(code) {
                warn!(arena = %self.arena.id(), room = %code, "{why}");
                self.step(Input::CalledOff {
                    code,
                    held_back: None,
                })
                .await;
            }
            self.forget_ended_games();
        }
    }

    async fn carry_out(&mut self, effects: Vec<Effect>) {
        let mut pairs = Vec::new();
        for effect in effects {
            match effect {
                Effect::MakeRoom(keys) => pairs.push(keys),
                Effect::Tell(conn, news) => self.tell(conn, news),
                Effect::Changed => self.dirty = true,
                Effect::Enter(entrant) => {
                    if let Err(cause) = self
                        .rooms
                        .storage
                        .enter_arena(self.arena.id(), entrant)
                        .await
                    {
                        warn!(arena = %self.arena.id(), cause = %cause, "an arena's entrant cannot be stored");
                    }
                }
                Effect::GameFound { code, keys } => {
                    // Looked for as a game made here: a room that closes
                    // without a result has its game called off.
                    self.made_at.insert(code, Instant::now());
                    if let Some(cluster) = &self.cluster
                        && let Err(cause) = cluster
                            .keep_arena_games(self.arena.id(), &[(code, keys)])
                            .await
                    {
                        warn!(arena = %self.arena.id(), cause = %cause, "an arena's game found cannot be kept for a takeover");
                    }
                }
                Effect::Finish => {
                    if let Err(cause) = self.rooms.storage.finish_arena(self.arena.id()).await {
                        warn!(arena = %self.arena.id(), cause = %cause, "an arena's end cannot be stored");
                    }
                }
            }
        }
        if !pairs.is_empty() {
            Box::pin(self.make_rooms(pairs)).await;
        }
    }

    /// Makes the rooms of a tick's pairs, all at once: on a cluster each
    /// takes a round trip to Redis (its code), which one after another
    /// would hold the arena up at hundreds of pairs a second.
    async fn make_rooms(&mut self, pairs: Vec<Seated<PlayerKey>>) {
        let spec = self.arena.spec();
        let deadline_ms = spec.deadline_ms.or(Some(
            u64::try_from(self.rooms.config.default_deadline.as_millis()).unwrap_or(u64::MAX),
        ));
        let options = room_options(spec.pool, deadline_ms, spec.rated);
        let id = self.arena.id();
        let made = futures_util::future::join_all(
            pairs
                .iter()
                .map(|_| self.lobby.create(&self.rooms, options, Made::Arena(id))),
        )
        .await;
        let now = Instant::now();
        let mut inputs = Vec::with_capacity(pairs.len());
        let mut games = Vec::new();
        for (keys, made) in pairs.into_iter().zip(made) {
            match made {
                Ok(room) => {
                    let code = room.code();
                    self.made_at.insert(code, now);
                    games.push((code, keys));
                    inputs.push(Input::RoomMade { keys, code });
                }
                Err(refusal) => {
                    warn!(arena = %id, code = refusal.code.as_str(), "an arena game's room cannot be made");
                    inputs.push(Input::RoomNotMade { keys });
                }
            }
        }
        if let Some(cluster) = &self.cluster
            && !games.is_empty()
            // Kept before anyone is told: a player is only ever in a game
            // the node taking the arena over knows of.
            && let Err(cause) = cluster.keep_arena_games(id, &games).await
        {
            warn!(arena = %id, cause = %cause, "an arena's games cannot be kept for a takeover");
        }
        for input in inputs {
            self.step(input).await;
        }
    }

    fn tell(&mut self, conn: ConnId, news: News) {
        let Some(link) = self.links.get(&conn) else {
            return;
        };
        let arena = self.arena.id();
        match news {
            News::Joined(arena, you) => link
                .outbound
                .send_message(&ServerMessage::ArenaJoined { arena, you }),
            News::Paused(cause) => {
                link.outbound.send_message(&ServerMessage::ArenaPaused {
                    arena,
                    reason: cause.reason().into(),
                    cause,
                });
            }
            News::Paired {
                code,
                opponent,
                opponent_bot,
                you,
            } => {
                let message = ServerMessage::ArenaPaired {
                    arena,
                    code,
                    opponent,
                    opponent_bot,
                    you,
                };
                let told = link.session.paired(ArenaPairing { code, message });
                if !told {
                    // Its session cannot take it: the room calls the
                    // pairing off, and the arena hears of it.
                    debug!(%arena, ?conn, room = %code, "a pairing could not be told");
                }
            }
        }
    }

    fn publish_if_due(&mut self) {
        let due = self
            .published
            .is_none_or(|at| at.elapsed() >= PUBLISH_INTERVAL);
        if self.dirty && due {
            self.publish();
        }
    }

    /// Tells every connection of the arena that it is over, with its last
    /// standings: each session says them to its client once (and one told
    /// nothing, whose link closes, reads them from the store).
    fn tell_over(&self) {
        let update = frame(&ServerMessage::ArenaUpdate {
            arena: Box::new(self.arena.state(crate::clock::unix_millis())),
        });
        for link in self.links.values() {
            link.session.over(update.clone());
        }
    }

    /// Sends the standings to every connection of the arena.
    fn publish(&mut self) {
        self.dirty = false;
        self.published = Some(Instant::now());
        let update = frame(&ServerMessage::ArenaUpdate {
            arena: Box::new(self.arena.state(crate::clock::unix_millis())),
        });
        let mut nodes = HashSet::new();
        for link in self.links.values() {
            match &link.node {
                // Once per node, which hands it to its own.
                Some(node) => {
                    nodes.insert(Arc::clone(node));
                }
                None => link.outbound.send(update.clone()),
            }
        }
        if let Some(cluster) = &self.cluster {
            cluster.publish_arena(self.arena.id(), &nodes, &update);
        }
    }
}

/// Whether the node still runs the arena.
enum Lease {
    Held,
    /// Redis does not answer: nobody is paired meanwhile.
    Unsure,
    /// Another node took it.
    Lost,
}

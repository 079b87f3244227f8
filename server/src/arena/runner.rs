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

use std::collections::HashMap;
use std::sync::Arc;
use std::time::Duration;

use mice_cake_engine::{PlayerKey, Seated};
use mice_cake_protocol::arena::ArenaDetail;
use mice_cake_protocol::{ArenaId, ErrorCode, RoomCode, ServerMessage};
use tokio::sync::{mpsc, oneshot};
use tokio::time::{Instant, MissedTickBehavior};
use tokio_util::sync::CancellationToken;
use tracing::{debug, warn};

use super::core::{Arena, Effect, Input, JoinRefused, Joining, News};
use crate::lobby::Lobby;
use crate::outbound::{Outbound, frame};
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

/// A pairing, as the arena tells the paired connection's session: it takes
/// the seat in `code` (and says `message`, `arena_paired`, first).
#[derive(Debug)]
pub(crate) struct ArenaPairing {
    pub(crate) code: RoomCode,
    pub(crate) message: ServerMessage,
}

/// Where a player's session hears of its pairings (one at a time).
pub(crate) type PairingSender = mpsc::Sender<ArenaPairing>;
/// Room for a session's pairings.
pub(crate) const PAIRINGS: usize = 4;

/// What a connection asks of an arena.
#[derive(Debug)]
pub(crate) enum Ask {
    Join {
        joining: Joining,
        outbound: Outbound,
        pairings: PairingSender,
        answer: oneshot::Sender<Result<(), JoinRefused>>,
    },
    Watch {
        conn: ConnId,
        outbound: Outbound,
    },
    Pause {
        conn: ConnId,
    },
    Gone {
        conn: ConnId,
    },
    Report(ArenaReport),
    Detail(oneshot::Sender<ArenaDetail>),
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

    /// Posts an ask without waiting (a room's report); false if it could
    /// not be.
    pub(crate) fn post(&self, ask: Ask) -> bool {
        self.asks.try_send(ask).is_ok()
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
    /// A player's: where its pairings go.
    pairings: Option<PairingSender>,
}

/// Starts arena `arena`'s task; it stops once the arena is over, or with
/// `shutdown`.
pub(crate) fn start(
    arena: Arena,
    lobby: Arc<dyn Lobby>,
    rooms: Arc<RoomContext>,
    shutdown: CancellationToken,
) -> ArenaHandle {
    let (asks, inbox) = mpsc::channel(ASKS);
    let id = arena.id();
    let runner = Runner {
        arena,
        lobby,
        rooms,
        links: HashMap::new(),
        made_at: HashMap::new(),
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
    links: HashMap<ConnId, Link>,
    /// When each game's room was made.
    made_at: HashMap<RoomCode, Instant>,
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
        loop {
            tokio::select! {
                () = shutdown.cancelled() => break,
                ask = inbox.recv() => match ask {
                    Some(ask) => self.on_ask(ask).await,
                    None => break,
                },
                _ = pairing.tick() => {
                    if std::mem::take(&mut self.results_due) {
                        self.read_results().await;
                    }
                    self.step(Input::Tick).await;
                    self.publish_if_due();
                }
                _ = reading.tick() => {
                    self.read_results().await;
                    self.look_for_rooms().await;
                }
            }
            if self.arena.finished() {
                self.publish();
                break;
            }
        }
        debug!(arena = %self.arena.id(), "arena closed");
    }

    async fn on_ask(&mut self, ask: Ask) {
        match ask {
            Ask::Join {
                joining,
                outbound,
                pairings,
                answer,
            } => {
                let conn = joining.conn;
                self.links.insert(
                    conn,
                    Link {
                        outbound,
                        pairings: Some(pairings),
                    },
                );
                let joined = self
                    .arena
                    .handle(Input::Join(joining), crate::clock::unix_millis());
                match joined {
                    Ok(effects) => {
                        let _ = answer.send(Ok(()));
                        self.carry_out(effects).await;
                    }
                    Err(refused) => {
                        self.links.remove(&conn);
                        let _ = answer.send(Err(refused));
                    }
                }
            }
            Ask::Watch { conn, outbound } => {
                self.links.entry(conn).or_insert(Link {
                    outbound,
                    pairings: None,
                });
                self.step(Input::Watch { conn }).await;
            }
            Ask::Pause { conn } => self.step(Input::Pause { conn }).await,
            Ask::Gone { conn } => {
                self.links.remove(&conn);
                self.step(Input::Gone { conn }).await;
            }
            // Read with the next pairing, once for every game over since:
            // at a thousand games a second, one read a tick.
            Ask::Report(ArenaReport::GameOver { .. }) => self.results_due = true,
            Ask::Report(ArenaReport::CalledOff { code, requeued }) => {
                self.made_at.remove(&code);
                self.step(Input::CalledOff { code, requeued }).await;
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
                self.made_at.retain(|code, _| self.arena.plays_in(*code));
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
            match self.lobby.room(code).await {
                Err(refusal) if refusal.code == ErrorCode::UnknownRoom => {
                    // Read first: its game may have ended as it closed.
                    self.read_results().await;
                    if self.arena.plays_in(code) {
                        warn!(arena = %self.arena.id(), room = %code, "an arena game's room is gone: called off");
                        self.made_at.remove(&code);
                        let requeued = Seated::from_fn(|_| true);
                        self.step(Input::CalledOff { code, requeued }).await;
                    }
                }
                _ => {
                    self.made_at.insert(code, now);
                }
            }
        }
    }

    async fn carry_out(&mut self, effects: Vec<Effect>) {
        for effect in effects {
            match effect {
                Effect::MakeRoom(keys) => self.make_room(keys).await,
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
                Effect::Finish => {
                    if let Err(cause) = self.rooms.storage.finish_arena(self.arena.id()).await {
                        warn!(arena = %self.arena.id(), cause = %cause, "an arena's end cannot be stored");
                    }
                }
            }
        }
    }

    async fn make_room(&mut self, keys: Seated<PlayerKey>) {
        let spec = self.arena.spec();
        let deadline_ms = spec.deadline_ms.or(Some(
            u64::try_from(self.rooms.config.default_deadline.as_millis()).unwrap_or(u64::MAX),
        ));
        let options = room_options(spec.pool, deadline_ms, spec.rated);
        let made = self
            .lobby
            .create(&self.rooms, options, Made::Arena(self.arena.id()))
            .await;
        let input = match made {
            Ok(room) => {
                self.made_at.insert(room.code(), Instant::now());
                Input::RoomMade {
                    keys,
                    code: room.code(),
                }
            }
            Err(refusal) => {
                warn!(arena = %self.arena.id(), code = refusal.code.as_str(), "an arena game's room cannot be made");
                Input::RoomNotMade { keys }
            }
        };
        Box::pin(self.step(input)).await;
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
            News::Paused(reason) => {
                link.outbound
                    .send_message(&ServerMessage::ArenaPaused { arena, reason });
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
                let told = link.pairings.as_ref().is_some_and(|pairings| {
                    pairings.try_send(ArenaPairing { code, message }).is_ok()
                });
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

    /// Sends the standings to every connection of the arena.
    fn publish(&mut self) {
        self.dirty = false;
        self.published = Some(Instant::now());
        let update = frame(&ServerMessage::ArenaUpdate {
            arena: Box::new(self.arena.state(crate::clock::unix_millis())),
        });
        for link in self.links.values() {
            link.outbound.send(update.clone());
        }
    }
}

//! The game workload: rooms of two bot players (random legal assignments,
//! with a think time or at full speed) and their spectators, playing whole
//! games and rematches until the run stops.
//!
//! Latency is measured at every client, from the moment the round's last
//! move was sealed to the moment the reveal arrives: what a player waits
//! for once both have decided, the openings' round trip included.

use std::sync::{Arc, Mutex};
use std::time::Duration;

use anyhow::bail;
use mice_cake_engine::{
    Assignment, Commitment, GameView, KeyChallenge, Nonce, Opening, Options, Seat, Seated,
};
use mice_cake_protocol::{
    ClientMessage, KeyProof, RoomCode, RoomEvent, RoomOptions, ServerMessage,
};
use rand_chacha::ChaCha8Rng;
use rand_core::{Rng as _, SeedableRng as _};
use tokio::task::JoinSet;
use tokio::time::Instant;

use crate::crowd::Crowd;
use crate::dial::Socket;
use crate::wire::{self, Glimpse};

/// What to play.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Plan {
    pub(crate) rooms: usize,
    pub(crate) spectators: usize,
    /// How long a player takes to decide; zero for full speed.
    pub(crate) think: Duration,
    /// Think times vary by up to this fraction either way.
    pub(crate) jitter: f64,
    /// The rooms' round deadline; 0 for none.
    pub(crate) deadline_ms: u64,
    /// Seeds the players' choices.
    pub(crate) seed: u64,
    /// Whether players announce a key and sign their seals.
    pub(crate) signed: bool,
}

impl Plan {
    /// Connections the plan opens.
    pub(crate) fn connections(&self) -> usize {
        self.rooms * (2 + self.spectators)
    }
}

/// What every client shares.
pub(crate) struct Run {
    pub(crate) crowd: Crowd,
    pub(crate) plan: Plan,
}

/// Starts every room's clients.
pub(crate) fn start(run: &Arc<Run>) -> JoinSet<()> {
    let mut clients = JoinSet::new();
    for room in 0..run.plan.rooms {
        let run = Arc::clone(run);
        clients.spawn(async move { play_room(run, room).await });
    }
    clients
}

/// One room: its creator, then the second player and the spectators.
async fn play_room(run: Arc<Run>, room: usize) {
    let clock = Arc::new(RoomClock::default());
    let per_room = 2 + run.plan.spectators;
    let id = room * per_room;
    let (creator, code) = match Client::enter(&run, id, &clock, Entry::Create).await {
        Ok(entered) => entered,
        Err(error) => {
            return run
                .crowd
                .failed(per_room, || format!("room {room}: {error:#}"));
        }
    };
    let mut members = JoinSet::new();
    members.spawn(creator.play());
    for member in 1..per_room {
        let entry = if member == 1 {
            Entry::Join(code)
        } else {
            Entry::Watch(code)
        };
        let (run, clock) = (Arc::clone(&run), Arc::clone(&clock));
        members.spawn(async move {
            match Client::enter(&run, id + member, &clock, entry).await {
                Ok((client, _)) => client.play().await,
                Err(error) => run.crowd.failed(1, || format!("room {room}: {error:#}")),
            }
        });
    }
    while members.join_next().await.is_some() {}
}

/// A round of a room: its game's number and the round's (round numbers
/// start again with every rematch).
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
struct RoundOf {
    game: u32,
    round: u32,
}

/// When each seat of a room last sent a commit, and for which round.
#[derive(Default)]
struct RoomClock {
    commits: Mutex<Seated<Option<(RoundOf, Instant)>>>,
}

impl RoomClock {
    fn committing(&self, seat: Seat, round: RoundOf) {
        if let Ok(mut commits) = self.commits.lock() {
            commits[seat] = Some((round, Instant::now()));
        }
    }

    /// Time since the round's last commit was sent; none when the server
    /// committed for both seats.
    fn since_last_commit(&self, round: RoundOf) -> Option<Duration> {
        let commits = *self.commits.lock().ok()?;
        let last = [commits.yellow, commits.blue]
            .into_iter()
            .flatten()
            .filter(|(committed, _)| *committed == round)
            .map(|(_, at)| at)
            .max()?;
        Some(last.elapsed())
    }
}

/// How a client enters its room.
#[derive(Clone, Copy)]
enum Entry {
    Create,
    Join(RoomCode),
    Watch(RoomCode),
}

/// One connection in a room.
struct Client {
    id: usize,
    socket: Socket,
    run: Arc<Run>,
    clock: Arc<RoomClock>,
    /// The creator counts the room's rounds and games.
    counts_rounds: bool,
    seat: Option<Seat>,
    /// The room's current game.
    game: u32,
    view: Option<GameView>,
    rng: ChaCha8Rng,
    /// A decided commit, sent when its think time is over.
    pending: Option<PendingCommit>,
    /// Sealed play (docs/fairness.md): the game's commitment, the move
    /// sealed and not yet opened (its round and opening), and who has
    /// sealed the exchange under way.
    commitment: Option<Commitment>,
    sealed: Option<(u32, Opening)>,
    seals: Seated<bool>,
    /// The exchange under way while a game is on (0: the deal), for a
    /// leave to be signed.
    under_way: Option<u32>,
    /// The player's key pair: it signs every seal, as real clients do (the
    /// server checks each signature).
    secret: mice_cake_engine::PlayerSecret,
}

struct PendingCommit {
    due: Instant,
    round: RoundOf,
    assignment: Assignment,
}

impl Client {
    /// Connects, says hello and enters the room.
    async fn enter(
        run: &Arc<Run>,
        id: usize,
        clock: &Arc<RoomClock>,
        entry: Entry,
    ) -> anyhow::Result<(Client, RoomCode)> {
        let socket = run.crowd.dialer.dial().await?;
        run.crowd.stats.connected();
        let mut rng = ChaCha8Rng::seed_from_u64(run.plan.seed ^ id as u64);
        let mut secret = [0u8; 32];
        rng.fill_bytes(&mut secret);
        let mut client = Client {
            id,
            socket,
            run: Arc::clone(run),
            clock: Arc::clone(clock),
            counts_rounds: matches!(entry, Entry::Create),
            seat: None,
            game: 0,
            view: None,
            rng,
            pending: None,
            commitment: None,
            sealed: None,
            seals: Seated::default(),
            under_way: None,
            secret: mice_cake_engine::PlayerSecret::from_bytes(secret),
        };
        let entered = client.say_hello_and_enter(entry).await;
        if entered.is_err() {
            client.run.crowd.stats.disconnected();
        }
        Ok((client, entered?))
    }

    async fn say_hello_and_enter(&mut self, entry: Entry) -> anyhow::Result<RoomCode> {
        let challenge = wire::hello(
            &mut self.socket,
            &self.run.crowd.stats,
            format!("load{}", self.id),
        )
        .await?;
        let message = match entry {
            Entry::Create => ClientMessage::CreateRoom {
                options: RoomOptions {
                    game: Options::default(),
                    deadline_ms: Some(self.run.plan.deadline_ms),
                    public: false,
                    bot: None,
                    record_chat: false,
                    rated: false,
                    first_to: 1,
                },
                key: self.key(),
                bot_declaration: None,
                key_proof: self.key_proof(challenge),
            },
            Entry::Join(code) => ClientMessage::JoinRoom {
                code,
                key: self.key(),
                bot_declaration: None,
                key_proof: self.key_proof(challenge),
            },
            Entry::Watch(code) => ClientMessage::WatchRoom { code },
        };
        self.send(&message).await?;
        match wire::expect(&mut self.socket, &self.run.crowd.stats).await? {
            ServerMessage::Joined { seat, state, .. } => {
                self.seat = seat;
                self.game = state.game;
                self.view = state.view;
                self.commitment = state.exchange.as_ref().map(|e| e.commitment);
                self.run.crowd.ready();
                Ok(state.code)
            }
            other => bail!("expected joined, got {}", wire::describe(&other)),
        }
    }

    /// Plays (or watches) until the run stops or the connection ends.
    async fn play(mut self) {
        let ending = self.play_until_stopped().await;
        self.run.crowd.stats.disconnected();
        if let Err(error) = ending {
            let id = self.id;
            self.run
                .crowd
                .stats
                .error(|| format!("client {id}: {error:#}"));
        }
    }

    async fn play_until_stopped(&mut self) -> anyhow::Result<()> {
        let stop = self.run.crowd.stop.clone();
        loop {
            let due = self.pending.as_ref().map(|pending| pending.due);
            tokio::select! {
                biased;
                () = stop.cancelled() => {
                    // Leaving frees the room; a game in progress is forfeited
                    // (signed, as real clients leave).
                    let _ = self.send(&self.leave()).await;
                    let _ = self.socket.close(None).await;
                    return Ok(());
                }
                () = tokio::time::sleep_until(due.unwrap_or_else(Instant::now)), if due.is_some() => {
                    self.send_commit().await?;
                }
                text = wire::receive_text(&mut self.socket, &self.run.crowd.stats) => {
                    let Some(text) = text? else {
                        return closed(&stop);
                    };
                    if self.seat.is_some() {
                        let message: ServerMessage = wire::parse(&text)?;
                        for message in message.one_by_one() {
                            self.on_message(message).await?;
                        }
                    } else {
                        for glimpse in Glimpse::all(&text) {
                            self.on_glimpse(glimpse);
                        }
                    }
                }
            }
        }
    }

    async fn on_message(&mut self, message: ServerMessage) -> anyhow::Result<()> {
        match message {
            ServerMessage::Event { event, .. } => self.on_event(*event).await?,
            ServerMessage::State { state } => {
                // After a rematch the seats swap.
                self.seat = state.you;
                self.game = state.game;
                self.view = state.view;
            }
            ServerMessage::Error { code, message, .. } => {
                let id = self.id;
                self.run
                    .crowd
                    .stats
                    .error(|| format!("client {id}: error {code:?}: {message}"));
            }
            ServerMessage::ShuttingDown { .. } => bail!("the server is shutting down"),
            // `events` come here one by one, as `event`s (`one_by_one`).
            ServerMessage::Events { .. }
            | ServerMessage::Joined { .. }
            | ServerMessage::Left { .. }
            | ServerMessage::Welcome { .. }
            | ServerMessage::RoomList { .. }
            | ServerMessage::History { .. }
            | ServerMessage::Chat { .. }
            | ServerMessage::Seeking { .. }
            | ServerMessage::BotOffered { .. }
            | ServerMessage::Paired { .. }
            | ServerMessage::Unpaired { .. }
            | ServerMessage::SeekEnded { .. }
            | ServerMessage::ArenaJoined { .. }
            | ServerMessage::ArenaUpdate { .. }
            | ServerMessage::ArenaPaired { .. }
            | ServerMessage::ArenaPaused { .. }
            | ServerMessage::ArenaLeft { .. }
            | ServerMessage::Renamed { .. }
            | ServerMessage::BotDescribed { .. }
            | ServerMessage::ChallengeSent { .. }
            | ServerMessage::Challenges { .. }
            | ServerMessage::Challenged { .. }
            | ServerMessage::ChallengeEnded { .. }
            | ServerMessage::ChallengesFromSet { .. } => {}
        }
        Ok(())
    }

    /// Plays its seat through the room's events: seals, opens, times the
    /// reveals and asks for a rematch.
    async fn on_event(&mut self, event: RoomEvent) -> anyhow::Result<()> {
        match event {
            RoomEvent::GameStarted {
                game, commitment, ..
            } => {
                self.game = game;
                self.view = None;
                self.commitment = Some(commitment);
                self.seals = Seated::default();
                self.under_way = Some(0);
                // The deal's nonce, sealed at once.
                self.seal(0, Assignment::EMPTY).await?;
            }
            RoomEvent::Dealt { view, .. } => self.view = Some(view),
            RoomEvent::RoundStarted { round, .. } => {
                self.seals = Seated::default();
                self.under_way = Some(round);
                self.decide(round).await?;
            }
            RoomEvent::Sealed {
                round,
                seat,
                by_server,
                ..
            } => {
                self.seals[seat] = true;
                self.open_when_due(round, seat, by_server).await?;
            }
            RoomEvent::Revealed { report, view, .. } => {
                let latency = self.clock.since_last_commit(RoundOf {
                    game: self.game,
                    round: report.round,
                });
                self.run.crowd.stats.reveal(self.id, latency);
                if self.counts_rounds {
                    self.run.crowd.stats.round();
                }
                self.view = Some(view);
            }
            RoomEvent::GameOver { .. } => {
                self.under_way = None;
                if self.counts_rounds {
                    self.run.crowd.stats.game();
                }
                if self.seat.is_some() && !self.run.crowd.stop.is_cancelled() {
                    self.send(&ClientMessage::Rematch).await?;
                }
            }
            RoomEvent::PlayerJoined { .. }
            | RoomEvent::Connection { .. }
            | RoomEvent::Spectators { .. }
            | RoomEvent::RematchRequested { .. }
            | RoomEvent::PlayerLeft { .. }
            | RoomEvent::MatchEnded { .. }
            | RoomEvent::Rated { .. } => {}
        }
        Ok(())
    }

    /// A spectator's reading: reveals are timed, errors counted.
    fn on_glimpse(&mut self, glimpse: Glimpse) {
        match glimpse {
            Glimpse::GameStarted { game } => self.game = game,
            Glimpse::Reveal { round } => {
                let latency = self.clock.since_last_commit(RoundOf {
                    game: self.game,
                    round,
                });
                self.run.crowd.stats.reveal(self.id, latency);
            }
            Glimpse::Error(text) => {
                let id = self.id;
                self.run
                    .crowd
                    .stats
                    .error(|| format!("spectator {id}: {text}"));
            }
        }
    }

    /// Chooses this round's assignment, to send now or after thinking. A
    /// single legal assignment is sealed at once.
    async fn decide(&mut self, round: u32) -> anyhow::Result<()> {
        let (Some(seat), Some(view)) = (self.seat, self.view.as_ref()) else {
            return Ok(());
        };
        let legal = view.legal_assignments(seat);
        if legal.len() <= 1 {
            let only = legal.first().copied().unwrap_or(Assignment::EMPTY);
            self.clock.committing(
                seat,
                RoundOf {
                    game: self.game,
                    round,
                },
            );
            return self.seal(round, only).await;
        }
        let pick = self.rng.next_u32() as usize % legal.len();
        let plan = self.run.plan;
        let spread = 1.0 + plan.jitter * (2.0 * unit(&mut self.rng) - 1.0);
        self.pending = Some(PendingCommit {
            due: Instant::now() + plan.think.mul_f64(spread.max(0.0)),
            round: RoundOf {
                game: self.game,
                round,
            },
            assignment: legal[pick],
        });
        if plan.think.is_zero() {
            self.send_commit().await?;
        }
        Ok(())
    }

    async fn send_commit(&mut self) -> anyhow::Result<()> {
        let (Some(pending), Some(seat)) = (self.pending.take(), self.seat) else {
            return Ok(());
        };
        self.clock.committing(seat, pending.round);
        self.seal(pending.round.round, pending.assignment).await
    }

    /// The key this player announces, unless the plan plays unsigned.
    fn key(&self) -> Option<mice_cake_engine::PlayerKey> {
        self.run.plan.signed.then(|| self.secret.public_key())
    }

    /// The proof that this client holds its key, when it signs, answering
    /// its connection's `challenge`.
    fn key_proof(&self, challenge: KeyChallenge) -> Option<KeyProof> {
        self.key().map(|_| KeyProof::new(&self.secret, challenge))
    }

    /// The leave to send: signed for the game under way, if one is.
    fn leave(&self) -> ClientMessage {
        let signature = match (self.key(), self.seat, self.commitment, self.under_way) {
            (Some(_), Some(seat), Some(commitment), Some(round)) => {
                Some(self.secret.sign_leave(commitment, round, seat))
            }
            _ => None,
        };
        ClientMessage::Leave { signature }
    }

    /// Seals `assignment` for `round` with a fresh nonce.
    async fn seal(&mut self, round: u32, assignment: Assignment) -> anyhow::Result<()> {
        let (Some(seat), Some(commitment)) = (self.seat, self.commitment) else {
            return Ok(());
        };
        let mut nonce = [0u8; 32];
        self.rng.fill_bytes(&mut nonce);
        let nonce = Nonce::from_bytes(nonce);
        let seal = mice_cake_engine::fair::seal(commitment, round, seat, &assignment, nonce);
        self.sealed = Some((round, Opening { assignment, nonce }));
        self.send(&ClientMessage::Seal {
            round,
            seal,
            signature: self.run.plan.signed.then(|| self.secret.sign(seal)),
        })
        .await?;
        // Its own `sealed` comes with what follows (protocol 13): the
        // opening goes at once if the other's seal is in.
        self.seals[seat] = true;
        self.open_when_due(round, seat, false).await
    }

    /// Opens the move sealed for `round` once both seals are in (this
    /// player's as sent).
    async fn open_when_due(
        &mut self,
        round: u32,
        seat: Seat,
        by_server: bool,
    ) -> anyhow::Result<()> {
        if Some(seat) == self.seat && by_server {
            // The server moved for this player: nothing to open.
            self.sealed = None;
        }
        if !(self.seals.yellow && self.seals.blue) {
            return Ok(());
        }
        let Some((sealed, opening)) = self.sealed.take_if(|(sealed, _)| *sealed == round) else {
            return Ok(());
        };
        self.send(&ClientMessage::Open {
            round: sealed,
            assignment: (sealed != 0).then_some(opening.assignment),
            nonce: opening.nonce,
        })
        .await
    }

    async fn send(&mut self, message: &ClientMessage) -> anyhow::Result<()> {
        wire::send(&mut self.socket, &self.run.crowd.stats, message).await
    }
}

/// The connection ended: expected once the run stops, an error before.
fn closed(stop: &tokio_util::sync::CancellationToken) -> anyhow::Result<()> {
    if stop.is_cancelled() {
        Ok(())
    } else {
        bail!("the server closed the connection")
    }
}

/// A uniform number in [0, 1).
fn unit(rng: &mut ChaCha8Rng) -> f64 {
    f64::from(rng.next_u32()) / (f64::from(u32::MAX) + 1.0)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn latency_counts_from_the_later_commit_of_the_round_of_that_game() {
        let round = |game, round| RoundOf { game, round };
        let clock = RoomClock::default();
        assert_eq!(clock.since_last_commit(round(1, 1)), None);
        clock.committing(Seat::Yellow, round(1, 1));
        std::thread::sleep(Duration::from_millis(30));
        clock.committing(Seat::Blue, round(1, 1));
        let since = clock.since_last_commit(round(1, 1)).unwrap();
        assert!(since < Duration::from_millis(30), "{since:?}");
        // A commit for another round does not count.
        clock.committing(Seat::Blue, round(1, 2));
        let since = clock.since_last_commit(round(1, 1)).unwrap();
        assert!(since >= Duration::from_millis(30), "{since:?}");
        // Nor one for the same round of the game before a rematch.
        assert_eq!(clock.since_last_commit(round(2, 1)), None);
    }

    #[test]
    fn think_times_spread_evenly_around_the_mean() {
        let mut rng = ChaCha8Rng::seed_from_u64(7);
        let draws: Vec<f64> = (0..10_000).map(|_| unit(&mut rng)).collect();
        assert!(draws.iter().all(|draw| (0.0..1.0).contains(draw)));
        let mean = draws.iter().sum::<f64>() / draws.len() as f64;
        assert!((0.49..0.51).contains(&mean), "{mean}");
    }
}

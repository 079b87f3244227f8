//! The arena workload (`mice-cake-load arena`): players join one arena
//! (made beforehand: `loadgen/bench.sh arena` makes it with `mice-cake
//! arena create`), each with a key of its own, spread over the servers
//! given; each game they are paired into is played through its deal and
//! first round (random legal moves, signed seals), then Yellow leaves and
//! forfeits it, so that games end quickly and many players come back to
//! the queue at once. Watchers, on connections of their own, follow the
//! standings.
//!
//! What it measures: the time from a player's game over to its next
//! pairing (`arena_paired`), p50 and p99; games played; and the standings'
//! fan-out — for each `arena_update` (told apart by the games it counts),
//! the time from the first watcher's receipt to the last's.

use std::collections::HashMap;
use std::fmt;
use std::sync::{Arc, Mutex, PoisonError};
use std::time::Duration;

use hdrhistogram::Histogram;
use mice_cake_engine::{Assignment, Commitment, GameView, Nonce, Opening, PlayerSecret, Seat};
use mice_cake_protocol::{ArenaId, ClientMessage, KeyProof, RoomEvent, ServerMessage};
use rand_chacha::ChaCha8Rng;
use rand_core::{Rng as _, SeedableRng as _};
use serde::Serialize;
use tokio::task::JoinSet;
use tokio::time::Instant;
use tokio_util::sync::CancellationToken;

use crate::cli::ArenaArgs;
use crate::dial::{Dialer, Socket};
use crate::stats::Stats;
use crate::wire;

/// What the players and watchers gathered.
#[derive(Default)]
struct Gathered {
    /// Game over to next pairing, in milliseconds.
    requeue_ms: Vec<u64>,
    games: u64,
    pairings: u64,
    /// Each update's receipts by the watchers: (first, last, how many).
    updates: HashMap<u32, (Instant, Instant, usize)>,
    failures: Vec<String>,
}

/// The figures of a run.
#[derive(Debug, Serialize)]
pub(crate) struct ArenaReport {
    pub(crate) servers: usize,
    pub(crate) players: usize,
    pub(crate) watchers: usize,
    /// Each player's time before its move.
    pub(crate) think_ms: u64,
    pub(crate) seconds: f64,
    /// Games ended, as the players saw them (each counted by both).
    pub(crate) games: u64,
    pub(crate) pairings: u64,
    pub(crate) requeue_ms_p50: u64,
    pub(crate) requeue_ms_p90: u64,
    pub(crate) requeue_ms_p99: u64,
    pub(crate) requeue_ms_max: u64,
    /// Updates every watcher received.
    pub(crate) updates_to_all: usize,
    pub(crate) updates_seen: usize,
    pub(crate) fanout_ms_p50: u64,
    pub(crate) fanout_ms_p99: u64,
    pub(crate) fanout_ms_max: u64,
    pub(crate) failures: usize,
    pub(crate) error_samples: Vec<String>,
}

impl ArenaReport {
    /// Whether something broke (a client failed, or nobody was paired).
    pub(crate) fn failed(&self) -> bool {
        self.failures > 0 || self.pairings == 0
    }
}

impl fmt::Display for ArenaReport {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        writeln!(
            f,
            "arena: {} players and {} watchers for {:.0} s, through {} server(s)",
            self.players, self.watchers, self.seconds, self.servers
        )?;
        writeln!(
            f,
            "  {} pairings, {} game ends seen by players",
            self.pairings, self.games
        )?;
        writeln!(
            f,
            "  game over to next pairing: p50 {} ms, p90 {} ms, p99 {} ms, max {} ms",
            self.requeue_ms_p50, self.requeue_ms_p90, self.requeue_ms_p99, self.requeue_ms_max
        )?;
        writeln!(
            f,
            "  standings fan-out: {} updates seen, {} by every watcher; first to last watcher p50 {} ms, p99 {} ms, max {} ms",
            self.updates_seen,
            self.updates_to_all,
            self.fanout_ms_p50,
            self.fanout_ms_p99,
            self.fanout_ms_max
        )?;
        writeln!(f, "  failures {}", self.failures)?;
        for sample in &self.error_samples {
            writeln!(f, "  error: {sample}")?;
        }
        Ok(())
    }
}

fn lock(gathered: &Mutex<Gathered>) -> std::sync::MutexGuard<'_, Gathered> {
    gathered.lock().unwrap_or_else(PoisonError::into_inner)
}

/// Runs the workload and puts the figures together.
pub(crate) async fn run(args: ArenaArgs) -> anyhow::Result<ArenaReport> {
    let dialer = Arc::new(Dialer::new(
        &args.target.servers,
        args.target.sources_for(args.players + args.watchers),
    )?);
    let stats = Arc::new(Stats::new()?);
    let gathered = Arc::new(Mutex::new(Gathered::default()));
    let stop = CancellationToken::new();
    let mut clients = JoinSet::new();
    let started = Instant::now();
    for id in 0..args.watchers {
        let (dialer, stats, gathered, stop) = (
            Arc::clone(&dialer),
            Arc::clone(&stats),
            Arc::clone(&gathered),
            stop.clone(),
        );
        let arena = args.arena;
        clients.spawn(async move {
            if let Err(error) = watch(&dialer, &stats, id, arena, &gathered, &stop).await {
                lock(&gathered)
                    .failures
                    .push(format!("watcher {id}: {error:#}"));
            }
        });
    }
    let gap = args.arrival.div_f64(args.players.max(1) as f64);
    for id in 0..args.players {
        tokio::time::sleep_until(started + gap.mul_f64(id as f64)).await;
        let (dialer, stats, gathered, stop) = (
            Arc::clone(&dialer),
            Arc::clone(&stats),
            Arc::clone(&gathered),
            stop.clone(),
        );
        let (arena, seed, think) = (args.arena, args.seed, args.think);
        clients.spawn(async move {
            let player = Player::new(seed, id, think);
            if let Err(error) = player.play(&dialer, &stats, arena, &gathered, &stop).await {
                lock(&gathered)
                    .failures
                    .push(format!("player {id}: {error:#}"));
            }
        });
    }
    tokio::time::sleep_until(started + args.duration).await;
    stop.cancel();
    while clients.join_next().await.is_some() {}
    let gathered = std::mem::take(&mut *lock(&gathered));
    report(&args, &gathered, started.elapsed())
}

/// A watcher: counts each update's receipt.
async fn watch(
    dialer: &Dialer,
    stats: &Stats,
    id: usize,
    arena: ArenaId,
    gathered: &Mutex<Gathered>,
    stop: &CancellationToken,
) -> anyhow::Result<()> {
    let mut socket = dialer.dial().await?;
    wire::hello(&mut socket, stats, format!("watch{id}")).await?;
    wire::send(&mut socket, stats, &ClientMessage::WatchArena { arena }).await?;
    loop {
        let message = tokio::select! {
            () = stop.cancelled() => return Ok(()),
            message = wire::receive(&mut socket, stats) => message?,
        };
        match message {
            Some(ServerMessage::ArenaUpdate { arena }) => {
                let now = Instant::now();
                let mut gathered = lock(gathered);
                let seen = gathered
                    .updates
                    .entry(arena.summary.games)
                    .or_insert((now, now, 0));
                seen.1 = now;
                seen.2 += 1;
            }
            Some(ServerMessage::Error { code, message, .. }) => {
                anyhow::bail!("error {code:?}: {message}")
            }
            Some(_) => {}
            None => anyhow::bail!("the server closed the connection"),
        }
    }
}

/// A player of the arena.
struct Player {
    id: usize,
    rng: ChaCha8Rng,
    secret: PlayerSecret,
    seat: Option<Seat>,
    commitment: Option<Commitment>,
    view: Option<GameView>,
    /// The move sealed and not yet opened: its round and opening.
    sealed: Option<(u32, Opening)>,
    /// Who sealed the exchange under way.
    seals: mice_cake_engine::Seated<bool>,
    /// When its last game ended, until its next pairing.
    game_over: Option<Instant>,
    /// Its time before its move.
    think: Duration,
}

impl Player {
    fn new(seed: u64, id: usize, think: Duration) -> Player {
        let mut rng = ChaCha8Rng::seed_from_u64(seed ^ (id as u64).wrapping_mul(0x9e37_79b9));
        let mut secret = [0u8; 32];
        rng.fill_bytes(&mut secret);
        Player {
            id,
            rng,
            secret: PlayerSecret::from_bytes(secret),
            seat: None,
            commitment: None,
            view: None,
            sealed: None,
            seals: mice_cake_engine::Seated::default(),
            game_over: None,
            think,
        }
    }

    async fn play(
        mut self,
        dialer: &Dialer,
        stats: &Stats,
        arena: ArenaId,
        gathered: &Mutex<Gathered>,
        stop: &CancellationToken,
    ) -> anyhow::Result<()> {
        let mut socket = dialer.dial().await?;
        let challenge = wire::hello(&mut socket, stats, format!("arena{}", self.id)).await?;
        let join = ClientMessage::JoinArena {
            arena,
            join_code: None,
            key: self.secret.public_key(),
            key_proof: Some(KeyProof::new(&self.secret, challenge)),
            bot_declaration: None,
        };
        wire::send(&mut socket, stats, &join).await?;
        loop {
            let message = tokio::select! {
                () = stop.cancelled() => return Ok(()),
                message = wire::receive(&mut socket, stats) => message?,
            };
            let Some(message) = message else {
                anyhow::bail!("the server closed the connection");
            };
            for message in message.one_by_one() {
                self.on_message(&mut socket, stats, message, gathered)
                    .await?;
            }
        }
    }

    async fn on_message(
        &mut self,
        socket: &mut Socket,
        stats: &Stats,
        message: ServerMessage,
        gathered: &Mutex<Gathered>,
    ) -> anyhow::Result<()> {
        match message {
            ServerMessage::ArenaPaired { .. } => {
                let mut gathered = lock(gathered);
                gathered.pairings += 1;
                if let Some(ended) = self.game_over.take() {
                    let waited = u64::try_from(ended.elapsed().as_millis()).unwrap_or(u64::MAX);
                    gathered.requeue_ms.push(waited);
                }
            }
            ServerMessage::Joined {
                seat: Some(seat),
                state,
                ..
            } => {
                self.seat = Some(seat);
                self.commitment = state.exchange.as_ref().map(|e| e.commitment);
                self.view = state.view;
                self.sealed = None;
                self.seals = mice_cake_engine::Seated::default();
            }
            ServerMessage::Event { event, .. } => {
                self.on_event(socket, stats, *event, gathered).await?;
            }
            ServerMessage::Error { code, message, .. } => {
                anyhow::bail!("error {code:?}: {message}")
            }
            _ => {}
        }
        Ok(())
    }

    /// Plays its part in the game it was paired into: seals, leaves and
    /// counts the games over.
    async fn on_event(
        &mut self,
        socket: &mut Socket,
        stats: &Stats,
        event: RoomEvent,
        gathered: &Mutex<Gathered>,
    ) -> anyhow::Result<()> {
        match event {
            RoomEvent::GameStarted { commitment, .. } => {
                self.commitment = Some(commitment);
                self.seals = mice_cake_engine::Seated::default();
                self.seal(socket, stats, 0, Assignment::EMPTY).await?;
            }
            RoomEvent::Dealt { view, .. } => self.view = Some(view),
            RoomEvent::RoundStarted { round, .. } => {
                self.seals = mice_cake_engine::Seated::default();
                if round >= 2 && self.seat == Some(Seat::Yellow) {
                    // A game counted (its first round revealed), then
                    // given up: the arena pairs both again.
                    let leave = self.leave(round);
                    wire::send(socket, stats, &leave).await?;
                } else if round < 2 {
                    // A person's pace, if asked: the game lasts as long.
                    tokio::time::sleep(self.think).await;
                    let assignment = self.choose();
                    self.seal(socket, stats, round, assignment).await?;
                }
            }
            RoomEvent::Sealed {
                round,
                seat,
                by_server,
                ..
            } => {
                self.seals[seat] = true;
                let mine = self.seat == Some(seat);
                if (mine && by_server) || !(self.seals.yellow && self.seals.blue) {
                    return Ok(());
                }
                self.open(socket, stats, round).await?;
            }
            RoomEvent::Revealed { view, .. } => self.view = Some(view),
            RoomEvent::GameOver { .. } => {
                lock(gathered).games += 1;
                self.game_over = Some(Instant::now());
                self.seat = None;
            }
            _ => {}
        }
        Ok(())
    }

    /// Opens its move sealed for `round`, if it has one.
    async fn open(&mut self, socket: &mut Socket, stats: &Stats, round: u32) -> anyhow::Result<()> {
        if let Some((sealed, opening)) = self.sealed.take_if(|(r, _)| *r == round) {
            let open = ClientMessage::Open {
                round: sealed,
                assignment: (sealed != 0).then_some(opening.assignment),
                nonce: opening.nonce,
            };
            wire::send(socket, stats, &open).await?;
        }
        Ok(())
    }

    /// A random legal assignment for the round under way.
    fn choose(&mut self) -> Assignment {
        let (Some(seat), Some(view)) = (self.seat, self.view.as_ref()) else {
            return Assignment::EMPTY;
        };
        let legal = view.legal_assignments(seat);
        if legal.is_empty() {
            return Assignment::EMPTY;
        }
        let pick = (self.rng.next_u32() as usize) % legal.len();
        legal[pick]
    }

    async fn seal(
        &mut self,
        socket: &mut Socket,
        stats: &Stats,
        round: u32,
        assignment: Assignment,
    ) -> anyhow::Result<()> {
        let (Some(commitment), Some(seat)) = (self.commitment, self.seat) else {
            return Ok(());
        };
        let mut bytes = [0u8; 32];
        self.rng.fill_bytes(&mut bytes);
        let nonce = Nonce::from_bytes(bytes);
        let seal = mice_cake_engine::fair::seal(commitment, round, seat, &assignment, nonce);
        self.sealed = Some((round, Opening { assignment, nonce }));
        let message = ClientMessage::Seal {
            round,
            seal,
            signature: Some(self.secret.sign(seal)),
        };
        wire::send(socket, stats, &message).await?;
        // Its own `sealed` comes with what follows (protocol 13): the
        // opening goes at once if the other's seal is in.
        self.seals[seat] = true;
        if self.seals.yellow && self.seals.blue {
            self.open(socket, stats, round).await?;
        }
        Ok(())
    }

    /// The leave of the game under way at `round`, signed.
    fn leave(&self, round: u32) -> ClientMessage {
        let signature = match (self.commitment, self.seat) {
            (Some(commitment), Some(seat)) => Some(self.secret.sign_leave(commitment, round, seat)),
            _ => None,
        };
        ClientMessage::Leave { signature }
    }
}

fn report(args: &ArenaArgs, gathered: &Gathered, took: Duration) -> anyhow::Result<ArenaReport> {
    let mut requeue = Histogram::<u64>::new_with_bounds(1, 3_600_000, 3)?;
    for ms in &gathered.requeue_ms {
        requeue.record((*ms).max(1))?;
    }
    let mut fanout = Histogram::<u64>::new_with_bounds(1, 3_600_000, 3)?;
    let mut to_all = 0;
    for (first, last, receipts) in gathered.updates.values() {
        let spread = u64::try_from(last.duration_since(*first).as_millis()).unwrap_or(u64::MAX);
        fanout.record(spread.max(1))?;
        if *receipts >= args.watchers {
            to_all += 1;
        }
    }
    Ok(ArenaReport {
        servers: args.target.servers.len(),
        think_ms: u64::try_from(args.think.as_millis()).unwrap_or(u64::MAX),
        players: args.players,
        watchers: args.watchers,
        seconds: took.as_secs_f64(),
        games: gathered.games,
        pairings: gathered.pairings,
        requeue_ms_p50: requeue.value_at_quantile(0.5),
        requeue_ms_p90: requeue.value_at_quantile(0.9),
        requeue_ms_p99: requeue.value_at_quantile(0.99),
        requeue_ms_max: requeue.max(),
        updates_to_all: to_all,
        updates_seen: gathered.updates.len(),
        fanout_ms_p50: fanout.value_at_quantile(0.5),
        fanout_ms_p99: fanout.value_at_quantile(0.99),
        fanout_ms_max: fanout.max(),
        failures: gathered.failures.len(),
        error_samples: gathered.failures.iter().take(10).cloned().collect(),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_report_times_requeues_and_counts_updates_every_watcher_saw() {
        let args = <crate::cli::Cli as clap::Parser>::parse_from([
            "mice-cake-load",
            "arena",
            "--arena",
            "K7M2QX9P",
            "--watchers",
            "2",
        ]);
        let crate::cli::Command::Arena(args) = args.command else {
            panic!("the arena command");
        };
        let start = Instant::now();
        let later = start + Duration::from_millis(40);
        let gathered = Gathered {
            requeue_ms: vec![100, 200, 300],
            games: 6,
            pairings: 5,
            updates: HashMap::from([(1, (start, later, 2)), (2, (start, start, 1))]),
            failures: Vec::new(),
        };
        let report = report(&args, &gathered, Duration::from_secs(10)).unwrap();
        assert_eq!((report.requeue_ms_p50, report.requeue_ms_max), (200, 300));
        assert_eq!((report.updates_seen, report.updates_to_all), (2, 1));
        assert_eq!(report.fanout_ms_max, 40);
        assert!(!report.failed());
    }
}

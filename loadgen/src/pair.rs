//! The pairing workload (`mice-cake-load pair`): players arrive over a
//! while, each seeks a game (a pool, or any) with a key of its own,
//! spread over the servers given (a cluster's nodes), and waits until it is
//! paired or offered the bot. Paired, it takes its seat (the server seats
//! it) and leaves.
//!
//! What it checks and reports: nobody paired twice; every room of a
//! pairing holds exactly the two players it was made for; every player
//! paired or offered the bot; and the time from `seeking` to `paired`.

use std::collections::HashMap;
use std::fmt;
use std::sync::{Arc, Mutex, PoisonError};
use std::time::Duration;

use anyhow::bail;
use hdrhistogram::Histogram;
use mice_cake_engine::Commitment;
use mice_cake_protocol::{ClientMessage, KeyProof, Pool, RoomCode, RoomEvent, ServerMessage};
use rand_chacha::ChaCha8Rng;
use rand_core::{Rng as _, SeedableRng as _};
use serde::Serialize;
use tokio::task::JoinSet;
use tokio::time::Instant;

use crate::cli::PairArgs;
use crate::dial::{Dialer, Socket};
use crate::stats::Stats;
use crate::wire;

/// What one player lived through.
#[derive(Debug, Default, Clone)]
struct Outcome {
    /// Each pairing it was told of: the room, and how long it waited.
    pairings: Vec<(RoomCode, Duration)>,
    /// Whether the bot was offered.
    offered: bool,
    /// Whether the server seated it in the room it was paired into.
    seated: bool,
    /// What went wrong, if anything.
    failure: Option<String>,
}

/// The figures of a run.
#[derive(Debug, Serialize)]
pub(crate) struct PairReport {
    pub(crate) servers: usize,
    pub(crate) players: usize,
    pub(crate) arrival_seconds: f64,
    pub(crate) paired: usize,
    pub(crate) offered_the_bot_only: usize,
    /// Neither paired nor offered the bot: should be 0.
    pub(crate) left_waiting: usize,
    /// Told of more than one pairing: should be 0.
    pub(crate) paired_twice: usize,
    /// Rooms made for a pairing that did not get exactly two players of
    /// this run: should be 0.
    pub(crate) rooms_not_of_two: usize,
    /// Paired but never seated.
    pub(crate) not_seated: usize,
    pub(crate) failures: usize,
    pub(crate) pairing_ms_p50: u64,
    pub(crate) pairing_ms_p90: u64,
    pub(crate) pairing_ms_p99: u64,
    pub(crate) pairing_ms_max: u64,
    pub(crate) error_samples: Vec<String>,
}

impl PairReport {
    /// Whether a guarantee broke.
    pub(crate) fn failed(&self) -> bool {
        self.left_waiting > 0
            || self.paired_twice > 0
            || self.rooms_not_of_two > 0
            || self.not_seated > 0
            || self.failures > 0
    }
}

impl fmt::Display for PairReport {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        writeln!(
            f,
            "pair: {} players over {:.0} s, through {} server(s)",
            self.players, self.arrival_seconds, self.servers
        )?;
        writeln!(
            f,
            "  paired {}, offered the bot only {}, left waiting {}",
            self.paired, self.offered_the_bot_only, self.left_waiting
        )?;
        writeln!(
            f,
            "  paired twice {}, rooms not of two {}, paired but not seated {}, failures {}",
            self.paired_twice, self.rooms_not_of_two, self.not_seated, self.failures
        )?;
        writeln!(
            f,
            "  time to pair: p50 {} ms, p90 {} ms, p99 {} ms, max {} ms",
            self.pairing_ms_p50, self.pairing_ms_p90, self.pairing_ms_p99, self.pairing_ms_max
        )?;
        for sample in &self.error_samples {
            writeln!(f, "  error: {sample}")?;
        }
        Ok(())
    }
}

/// Runs the workload and puts the figures together.
pub(crate) async fn run(args: PairArgs) -> anyhow::Result<PairReport> {
    let dialer = Arc::new(Dialer::new(
        &args.target.servers,
        args.target.sources_for(args.players),
    )?);
    let stats = Arc::new(Stats::new()?);
    let outcomes = Arc::new(Mutex::new(vec![Outcome::default(); args.players]));
    let mut players = JoinSet::new();
    let started = Instant::now();
    let gap = args.arrival.div_f64(args.players.max(1) as f64);
    for id in 0..args.players {
        tokio::time::sleep_until(started + gap.mul_f64(id as f64)).await;
        let (dialer, stats, outcomes) = (
            Arc::clone(&dialer),
            Arc::clone(&stats),
            Arc::clone(&outcomes),
        );
        let seek = seek_of(args.seed, id, args.bot_after);
        let limit = args.limit;
        players.spawn(async move {
            let mut outcome = Outcome::default();
            let played =
                tokio::time::timeout(limit, play(&dialer, &stats, id, seek, &mut outcome)).await;
            match played {
                Ok(Ok(())) => {}
                Ok(Err(error)) => outcome.failure = Some(format!("player {id}: {error:#}")),
                Err(_) => {}
            }
            outcomes.lock().unwrap_or_else(PoisonError::into_inner)[id] = outcome;
        });
    }
    while players.join_next().await.is_some() {}
    let outcomes = std::mem::take(&mut *outcomes.lock().unwrap_or_else(PoisonError::into_inner));
    report(&args, &outcomes)
}

/// What player `id` seeks: half any pool, the others the standard or the
/// boost pool; any time per round.
fn seek_of(seed: u64, id: usize, bot_after: Duration) -> (Option<Pool>, u64, [u8; 32]) {
    let mut rng = ChaCha8Rng::seed_from_u64(seed ^ (id as u64).wrapping_mul(0x9e37_79b9));
    let pool = match rng.next_u32() % 4 {
        0 => Some(Pool::Standard),
        1 => Some(Pool::Boost),
        _ => None,
    };
    let mut secret = [0u8; 32];
    rng.fill_bytes(&mut secret);
    let bot_after_ms = u64::try_from(bot_after.as_millis()).unwrap_or(u64::MAX);
    (pool, bot_after_ms, secret)
}

/// One player: seek, wait, take the seat, leave.
async fn play(
    dialer: &Dialer,
    stats: &Stats,
    id: usize,
    (pool, bot_after_ms, secret): (Option<Pool>, u64, [u8; 32]),
    outcome: &mut Outcome,
) -> anyhow::Result<()> {
    let mut socket = dialer.dial().await?;
    let challenge = wire::hello(&mut socket, stats, format!("pair{id}")).await?;
    let secret = mice_cake_engine::PlayerSecret::from_bytes(secret);
    let key = secret.public_key();
    let seek = ClientMessage::Seek {
        pool,
        deadline_ms: None,
        rated: true,
        bot_after_ms: Some(bot_after_ms),
        key: Some(key),
        bot_declaration: None,
        key_proof: Some(KeyProof::new(&secret, challenge)),
    };
    wire::send(&mut socket, stats, &seek).await?;
    let mut since = None;
    let mut room = None;
    loop {
        let Some(message) = wire::receive(&mut socket, stats).await? else {
            bail!("the server closed the connection");
        };
        match message {
            ServerMessage::Seeking { .. } => since = Some(Instant::now()),
            ServerMessage::BotOffered { .. } => {
                outcome.offered = true;
                // Offered and never paired: done waiting.
                if outcome.pairings.is_empty() {
                    return Ok(());
                }
            }
            ServerMessage::Paired { code, .. } => {
                let waited = since.map_or(Duration::ZERO, |since| since.elapsed());
                outcome.pairings.push((code, waited));
                room = Some(code);
            }
            ServerMessage::Joined {
                seat: Some(seat),
                state,
                ..
            } if Some(state.code) == room => {
                outcome.seated = true;
                // The exchange under way, for the leave to be signed.
                let under_way = state.exchange.map(|e| (e.commitment, e.round));
                let under_way = linger(&mut socket, stats, under_way, outcome).await;
                let signature =
                    under_way.map(|(commitment, round)| secret.sign_leave(commitment, round, seat));
                wire::send(&mut socket, stats, &ClientMessage::Leave { signature }).await?;
                return Ok(());
            }
            ServerMessage::Error { code, message, .. } => bail!("error {code:?}: {message}"),
            ServerMessage::SeekEnded { reason, .. } => bail!("the seek ended: {reason}"),
            _ => {}
        }
    }
}

/// Stays half a second before leaving, so that a second pairing (a bug)
/// would be told meanwhile, following the exchange under way (its
/// commitment and round) for the leave to be signed; returns it.
async fn linger(
    socket: &mut Socket,
    stats: &Stats,
    mut under_way: Option<(Commitment, u32)>,
    outcome: &mut Outcome,
) -> Option<(Commitment, u32)> {
    let until = Instant::now() + Duration::from_millis(500);
    loop {
        let Ok(Ok(Some(message))) =
            tokio::time::timeout_at(until, wire::receive(socket, stats)).await
        else {
            return under_way;
        };
        for message in message.one_by_one() {
            match message {
                ServerMessage::Paired { code, .. } => {
                    outcome.pairings.push((code, Duration::ZERO));
                }
                ServerMessage::Event { event, .. } => match *event {
                    RoomEvent::GameStarted { commitment, .. } => {
                        under_way = Some((commitment, 0));
                    }
                    RoomEvent::RoundStarted { round, .. } => {
                        under_way = under_way.map(|(commitment, _)| (commitment, round));
                    }
                    RoomEvent::GameOver { .. } => under_way = None,
                    _ => {}
                },
                _ => {}
            }
        }
    }
}

fn report(args: &PairArgs, outcomes: &[Outcome]) -> anyhow::Result<PairReport> {
    let mut waits = Histogram::<u64>::new_with_bounds(1, 3_600_000, 3)?;
    let mut rooms: HashMap<RoomCode, usize> = HashMap::new();
    let mut samples = Vec::new();
    let (mut paired, mut offered_only, mut waiting, mut twice, mut unseated, mut failures) =
        (0, 0, 0, 0, 0, 0);
    for outcome in outcomes {
        match outcome.pairings.as_slice() {
            [] if outcome.offered => offered_only += 1,
            [] => waiting += 1,
            [(_, waited)] => {
                paired += 1;
                waits.record(u64::try_from(waited.as_millis()).unwrap_or(u64::MAX).max(1))?;
            }
            _ => twice += 1,
        }
        for (code, _) in &outcome.pairings {
            *rooms.entry(*code).or_default() += 1;
        }
        if !outcome.pairings.is_empty() && !outcome.seated {
            unseated += 1;
        }
        if let Some(failure) = &outcome.failure {
            failures += 1;
            if samples.len() < 10 {
                samples.push(failure.clone());
            }
        }
    }
    Ok(PairReport {
        servers: args.target.servers.len(),
        players: outcomes.len(),
        arrival_seconds: args.arrival.as_secs_f64(),
        paired,
        offered_the_bot_only: offered_only,
        left_waiting: waiting,
        paired_twice: twice,
        rooms_not_of_two: rooms.values().filter(|players| **players != 2).count(),
        not_seated: unseated,
        failures,
        pairing_ms_p50: waits.value_at_quantile(0.5),
        pairing_ms_p90: waits.value_at_quantile(0.9),
        pairing_ms_p99: waits.value_at_quantile(0.99),
        pairing_ms_max: waits.max(),
        error_samples: samples,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_report_counts_twice_paired_players_and_rooms_not_of_two() {
        let room = |n: usize| RoomCode::from_indices([n, 0, 0, 0, 0]);
        let paired = |code, ms| Outcome {
            pairings: vec![(code, Duration::from_millis(ms))],
            seated: true,
            ..Outcome::default()
        };
        let outcomes = [
            paired(room(1), 100),
            paired(room(1), 300),
            Outcome {
                pairings: vec![(room(2), Duration::ZERO), (room(3), Duration::ZERO)],
                seated: true,
                ..Outcome::default()
            },
            Outcome {
                offered: true,
                ..Outcome::default()
            },
            Outcome::default(),
        ];
        let args = <crate::cli::Cli as clap::Parser>::parse_from(["mice-cake-load", "pair"]);
        let crate::cli::Command::Pair(args) = args.command else {
            panic!("the pair command");
        };
        let report = report(&args, &outcomes).unwrap();
        assert_eq!((report.paired, report.offered_the_bot_only), (2, 1));
        assert_eq!((report.left_waiting, report.paired_twice), (1, 1));
        assert_eq!(report.rooms_not_of_two, 2, "rooms 2 and 3 hold one each");
        assert!(report.failed());
        assert_eq!(report.pairing_ms_max, 300);
    }
}

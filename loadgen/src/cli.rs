//! The command line.

use std::net::SocketAddr;
use std::time::Duration;

use clap::{Args, Parser, Subcommand};

use crate::dial::{CONNECTIONS_PER_SOURCE, MIN_SOURCES};
use crate::play::Plan;

/// Puts a Mice Cake server under load over real WebSockets and measures it:
/// rounds per second, reveal latency at every client, memory per connection,
/// and the cost per message against a bare echo server.
#[derive(Debug, Parser)]
#[command(name = "mice-cake-load", version)]
pub(crate) struct Cli {
    #[command(subcommand)]
    pub(crate) command: Command,
}

#[derive(Debug, Subcommand)]
pub(crate) enum Command {
    /// Rooms of two bot players (and spectators) playing whole games.
    Play(PlayArgs),
    /// Connections that say hello and wait: memory per idle connection.
    Idle(IdleArgs),
    /// Drives an echo server (`echo-server`) with frames of given sizes.
    Echo(EchoArgs),
    /// Subscribers of an echo server (`echo-server`) and one publisher: the
    /// floor under showing an event to many spectators.
    Fanout(FanoutArgs),
    /// Players arriving over a while, each seeking a game (quick pairing):
    /// nobody paired twice, everyone paired or offered the bot, and the
    /// time to pair.
    Pair(PairArgs),
    /// Players of one arena (made beforehand) paired again and again, and
    /// watchers of its standings: the time from a game's end to the next
    /// pairing, and the standings' fan-out.
    Arena(ArenaArgs),
    /// The baseline: a bare tokio-tungstenite server echoing text frames
    /// (and fanning out published ones to subscribers).
    EchoServer {
        /// Address to listen on; the chosen one is printed.
        #[arg(long, default_value = "127.0.0.1:9001")]
        bind: SocketAddr,
    },
}

/// The server under test and how to reach it.
#[derive(Debug, Args)]
pub(crate) struct Target {
    /// The server's WebSocket URL (plain `ws://`). Given several times
    /// (the nodes of a cluster), connections go to each in turn, so that
    /// the players and spectators of rooms are spread over the nodes.
    #[arg(
        long = "server",
        env = "MICE_CAKE_LOAD_SERVER",
        value_delimiter = ',',
        default_value = "ws://127.0.0.1:8080/ws"
    )]
    pub(crate) servers: Vec<String>,
    /// The server's process id, to read its memory and CPU time; given
    /// several times, the figures are their sums.
    #[arg(long = "server-pid")]
    pub(crate) server_pids: Vec<i32>,
    /// Loopback source addresses to connect from (127.0.0.1, .2, …); one
    /// has about 28,000 ports. 0: one per 10,000 connections, at least 4.
    #[arg(long, default_value_t = 0)]
    pub(crate) sources: usize,
    /// Print the report as one JSON object.
    #[arg(long)]
    pub(crate) json: bool,
    /// Longest wait for every client to connect and enter.
    #[arg(long, default_value = "300s", value_parser = humantime::parse_duration)]
    pub(crate) setup_limit: Duration,
}

impl Target {
    /// Source addresses for `connections`.
    pub(crate) fn sources_for(&self, connections: usize) -> usize {
        if self.sources > 0 {
            self.sources
        } else {
            connections
                .div_ceil(CONNECTIONS_PER_SOURCE)
                .max(MIN_SOURCES)
        }
    }
}

/// How long to measure.
#[derive(Debug, Args)]
pub(crate) struct Window {
    /// Time after everyone is in before measuring starts.
    #[arg(long, default_value = "2s", value_parser = humantime::parse_duration)]
    pub(crate) warmup: Duration,
    /// How long to measure.
    #[arg(long, default_value = "10s", value_parser = humantime::parse_duration)]
    pub(crate) duration: Duration,
}

#[derive(Debug, Args)]
pub(crate) struct PairArgs {
    #[command(flatten)]
    pub(crate) target: Target,
    /// Players, each with a key of its own (the servers should run with
    /// `--new-rated-keys-per-hour 0 --rate-one-address`: they all come
    /// from loopback).
    #[arg(long, default_value_t = 2_000)]
    pub(crate) players: usize,
    /// Players arrive evenly over this time.
    #[arg(long, default_value = "20s", value_parser = humantime::parse_duration)]
    pub(crate) arrival: Duration,
    /// How long a seeker waits before the bot is offered.
    #[arg(long, default_value = "30s", value_parser = humantime::parse_duration)]
    pub(crate) bot_after: Duration,
    /// Longest a player waits for anything.
    #[arg(long, default_value = "120s", value_parser = humantime::parse_duration)]
    pub(crate) limit: Duration,
    /// Seeds the players' pools and keys.
    #[arg(long, default_value_t = 1)]
    pub(crate) seed: u64,
}

#[derive(Debug, Args)]
pub(crate) struct ArenaArgs {
    #[command(flatten)]
    pub(crate) target: Target,
    /// The arena (`mice-cake arena create` prints its id): live, casual,
    /// and lasting longer than the run.
    #[arg(long)]
    pub(crate) arena: mice_cake_protocol::ArenaId,
    /// Players, each with a key of its own.
    #[arg(long, default_value_t = 2_000)]
    pub(crate) players: usize,
    /// Watchers of the standings, on connections of their own.
    #[arg(long, default_value_t = 2_000)]
    pub(crate) watchers: usize,
    /// Players arrive evenly over this time.
    #[arg(long, default_value = "10s", value_parser = humantime::parse_duration)]
    pub(crate) arrival: Duration,
    /// How long the run lasts, arrivals included.
    #[arg(long, default_value = "60s", value_parser = humantime::parse_duration)]
    pub(crate) duration: Duration,
    /// Seeds the players' keys and moves.
    #[arg(long, default_value_t = 1)]
    pub(crate) seed: u64,
    /// Each player's time before its game's one move; 0s plays at full
    /// speed (a game then lasts a few round trips).
    #[arg(long, default_value = "0s", value_parser = humantime::parse_duration)]
    pub(crate) think: Duration,
}

#[derive(Debug, Args)]
pub(crate) struct PlayArgs {
    #[command(flatten)]
    pub(crate) target: Target,
    #[command(flatten)]
    pub(crate) window: Window,
    /// Rooms, each with two players.
    #[arg(long, default_value_t = 100)]
    pub(crate) rooms: usize,
    /// Spectators in each room.
    #[arg(long, default_value_t = 0)]
    pub(crate) spectators: usize,
    /// Each player's time to decide a round; 0s plays at full speed.
    #[arg(long, default_value = "0s", value_parser = humantime::parse_duration)]
    pub(crate) think: Duration,
    /// Think times vary uniformly by this fraction either way.
    #[arg(long, default_value_t = 0.2, value_parser = parse_fraction)]
    pub(crate) jitter: f64,
    /// The rooms' round deadline; 0s for none.
    #[arg(long, default_value = "0s", value_parser = humantime::parse_duration)]
    pub(crate) deadline: Duration,
    /// Seeds the players' choices.
    #[arg(long, default_value_t = 1)]
    pub(crate) seed: u64,
    /// Players announce no key and seal unsigned, as a client without one
    /// does: the server checks no signature (to measure what signing costs).
    #[arg(long)]
    pub(crate) unsigned: bool,
    /// An echo server (`mice-cake-load echo-server`) to measure right after,
    /// with as many connections as players and the frame sizes seen.
    #[arg(long)]
    pub(crate) baseline: Option<String>,
    /// The echo server's process id, to compare CPU time per frame.
    #[arg(long, requires = "baseline")]
    pub(crate) baseline_pid: Option<i32>,
}

impl PlayArgs {
    pub(crate) fn plan(&self) -> Plan {
        Plan {
            rooms: self.rooms,
            spectators: self.spectators,
            think: self.think,
            jitter: self.jitter,
            deadline_ms: u64::try_from(self.deadline.as_millis()).unwrap_or(u64::MAX),
            seed: self.seed,
            signed: !self.unsigned,
        }
    }
}

#[derive(Debug, Args)]
pub(crate) struct IdleArgs {
    #[command(flatten)]
    pub(crate) target: Target,
    /// Connections to open and hold.
    #[arg(long, default_value_t = 10_000)]
    pub(crate) connections: usize,
    /// Time after everyone is in before memory is read.
    #[arg(long, default_value = "3s", value_parser = humantime::parse_duration)]
    pub(crate) settle: Duration,
}

#[derive(Debug, Args)]
pub(crate) struct EchoArgs {
    #[command(flatten)]
    pub(crate) target: Target,
    #[command(flatten)]
    pub(crate) window: Window,
    /// Connections, each with one frame in flight.
    #[arg(long, default_value_t = 200)]
    pub(crate) connections: usize,
    /// Frame sizes in bytes, used in turn.
    #[arg(long, value_delimiter = ',', default_value = "300")]
    pub(crate) frame_bytes: Vec<u32>,
}

#[derive(Debug, Args)]
pub(crate) struct FanoutArgs {
    #[command(flatten)]
    pub(crate) target: Target,
    #[command(flatten)]
    pub(crate) window: Window,
    /// Connections that receive every published frame.
    #[arg(long, default_value_t = 10_000)]
    pub(crate) subscribers: usize,
    /// Time between published frames.
    #[arg(long, default_value = "1s", value_parser = humantime::parse_duration)]
    pub(crate) every: Duration,
    /// Size of a published frame in bytes (a reveal is about 700).
    #[arg(long, default_value_t = 700)]
    pub(crate) frame_bytes: usize,
}

fn parse_fraction(text: &str) -> Result<f64, String> {
    match text.parse::<f64>() {
        Ok(fraction) if (0.0..=1.0).contains(&fraction) => Ok(fraction),
        _ => Err(format!("a fraction from 0 to 1, not {text:?}")),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sources_grow_with_connections() {
        let cli =
            Cli::try_parse_from(["mice-cake-load", "idle", "--connections", "100000"]).unwrap();
        let Command::Idle(idle) = cli.command else {
            panic!("idle parses as idle");
        };
        assert_eq!(idle.target.sources_for(idle.connections), 10);
        assert_eq!(idle.target.sources_for(10), 4);
    }

    #[test]
    fn several_servers_and_their_pids_are_taken_in_order() {
        let cli = Cli::try_parse_from([
            "mice-cake-load",
            "idle",
            "--server",
            "ws://127.0.0.1:1/ws",
            "--server-pid",
            "11",
            "--server",
            "ws://127.0.0.1:2/ws",
            "--server-pid",
            "12",
        ])
        .unwrap();
        let Command::Idle(idle) = cli.command else {
            panic!("idle parses as idle");
        };
        assert_eq!(
            idle.target.servers,
            ["ws://127.0.0.1:1/ws", "ws://127.0.0.1:2/ws"]
        );
        assert_eq!(idle.target.server_pids, [11, 12]);
    }

    #[test]
    fn a_jitter_beyond_one_is_refused() {
        let error = Cli::try_parse_from(["mice-cake-load", "play", "--jitter", "1.5"]).unwrap_err();
        assert!(
            error.to_string().contains("a fraction from 0 to 1"),
            "{error}"
        );
    }
}

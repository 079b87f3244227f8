//! Configuration: flags and environment variables.

use std::net::SocketAddr;
use std::path::PathBuf;
use std::time::Duration;

use mice_cake_engine::Seed;

pub use crate::store::sqlite::Durability;

/// How log lines are written.
#[derive(Clone, Copy, PartialEq, Eq, Debug, clap::ValueEnum)]
pub enum LogFormat {
    /// Human-readable lines.
    Text,
    /// One JSON object per line, for log collectors.
    Json,
}

/// The header a trusted proxy writes the client's address to
/// (`--client-address-header`).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, clap::ValueEnum)]
pub enum ClientAddressHeader {
    /// `X-Forwarded-For: client, proxy1, …` (Caddy, nginx, HAProxy).
    #[default]
    XForwardedFor,
    /// `Forwarded: for=client, for=proxy1` (RFC 7239).
    Forwarded,
}

/// A network given as `address/prefix`, or one address.
fn parse_network(text: &str) -> Result<ipnet::IpNet, String> {
    let text = text.trim();
    text.parse::<ipnet::IpNet>()
        .or_else(|_| text.parse::<std::net::IpAddr>().map(ipnet::IpNet::from))
        .map_err(|_| format!("{text:?} is neither an address nor a network (10.0.0.0/8, ::1)"))
}

/// The command line: serve (the default), or check a running server.
#[derive(Debug, clap::Parser)]
#[command(
    name = "mice-cake-server",
    version,
    about = "The Mice Cake game server."
)]
pub struct Cli {
    /// What to do instead of serving.
    #[command(subcommand)]
    pub command: Option<ServerCommand>,
    /// The server's options.
    #[command(flatten)]
    pub config: Config,
}

/// What to do instead of serving.
#[derive(Debug, clap::Subcommand)]
pub enum ServerCommand {
    /// Check that the server configured here (by --bind or MICE_CAKE_BIND)
    /// answers healthy on /healthz: exit status 0 if so, 1 if not. For
    /// container health checks: the image has no shell and no curl.
    Healthcheck {
        /// Ask this address instead (by default the --bind address, with
        /// a wildcard address asked on loopback).
        #[arg(long)]
        addr: Option<SocketAddr>,
        /// Longest wait for each step (connect, send, answer).
        #[arg(long, default_value = "2s", value_parser = humantime::parse_duration)]
        timeout: Duration,
    },
    /// Copy the embedded database of --data-dir to FILE, consistent to one
    /// instant, while the server runs (or not). The copy holds live games'
    /// seeds: keep it as private as the data directory.
    Backup {
        /// Where the copy goes (replaced if it exists).
        file: PathBuf,
    },
    /// Put the backup FILE in as the database of --data-dir. The server
    /// must be stopped; the database replaced is kept beside it.
    Restore {
        /// The backup to put back.
        file: PathBuf,
    },
    /// The operator's work on ratings, asked of the server running here
    /// (docs/ratings.md).
    Ratings {
        #[command(subcommand)]
        command: RatingsCommand,
    },
}

/// The operator's work on ratings.
#[derive(Debug, clap::Subcommand)]
pub enum RatingsCommand {
    /// Take every rated game played by these keys out of the ratings (the
    /// games stay in the records) and rate each pool again without them:
    /// every rating they touched becomes what the games left give, and
    /// each player whose rating moves is told on their page. For a ring
    /// the fair-play report names (GET /api/fair-play, "boosting"): the fed
    /// key alone takes every game fed to it out. Sends --operator-token
    /// if set; without one, asks from this machine.
    Refund {
        /// The keys, 64 hexadecimal digits each.
        #[arg(required = true)]
        keys: Vec<mice_cake_engine::PlayerKey>,
        /// Ask the server at this address (by default the --bind address,
        /// with a wildcard address asked on loopback).
        #[arg(long)]
        addr: Option<SocketAddr>,
        /// Longest wait for each step (connect, send, answer): a refund
        /// rates a pool again, which takes a while on a large one.
        #[arg(long, default_value = "60s", value_parser = humantime::parse_duration)]
        timeout: Duration,
    },
}

/// Everything the server can be told. Each flag has an environment variable
/// (`MICE_CAKE_…`), for containers.
#[derive(Clone, Debug, clap::Args)]
pub struct Config {
    /// Address and port to listen on.
    #[arg(long, env = "MICE_CAKE_BIND", default_value = "0.0.0.0:8080")]
    pub bind: SocketAddr,

    /// Most rooms held at once.
    #[arg(long, env = "MICE_CAKE_MAX_ROOMS", default_value_t = 10_000)]
    pub max_rooms: usize,

    /// Most WebSocket connections held at once. By default as many as the
    /// open-file limit allows, at most 100,000; a value the limit does not
    /// allow is lowered, with a warning.
    #[arg(long, env = "MICE_CAKE_MAX_CONNECTIONS")]
    pub max_connections: Option<usize>,

    /// Most connections still in their HTTP handshake. When all are taken,
    /// a newcomer takes the place of the oldest handshake of the address
    /// holding the most. By default a quarter of what the open-file limit
    /// allows, at most 1,024.
    #[arg(long, env = "MICE_CAKE_MAX_HANDSHAKES")]
    pub max_handshakes: Option<usize>,

    /// How long a new connection (or one between HTTP requests) has to
    /// send its request headers; then it is closed.
    #[arg(long, env = "MICE_CAKE_HANDSHAKE_TIMEOUT", default_value = "10s", value_parser = humantime::parse_duration)]
    pub handshake_timeout: Duration,

    /// Most spectators per room.
    #[arg(long, env = "MICE_CAKE_MAX_SPECTATORS", default_value_t = 10_000)]
    pub max_spectators: usize,

    /// How long a player may stay disconnected during a game before forfeiting.
    #[arg(long, env = "MICE_CAKE_DISCONNECT_GRACE", default_value = "120s", value_parser = humantime::parse_duration)]
    pub disconnect_grace: Duration,

    /// Time a player's client has to open its sealed move once both are in
    /// (it does so at once by itself); a player who does not open in time
    /// forfeits (docs/fairness.md).
    #[arg(long, env = "MICE_CAKE_OPEN_TIMEOUT", default_value = "30s", value_parser = humantime::parse_duration)]
    pub open_timeout: Duration,

    /// Longest that spectators' events wait, once a move of the round is
    /// sealed, for the rest of the round: both seals and the reveal then
    /// reach them in one write, a single fan-out to every spectator instead
    /// of three. 0 sends them at once. Players are not held by it (a
    /// player's own seal waits for what follows it, 250 ms at most).
    #[arg(long, env = "MICE_CAKE_SPECTATOR_HOLD", default_value = "250ms", value_parser = humantime::parse_duration)]
    pub spectator_hold: Duration,

    /// Time a player's client has to seal its nonce for a game's deal (it
    /// does so at once by itself); after it, the server makes the nonce
    /// from its committed seed (docs/fairness.md).
    #[arg(long, env = "MICE_CAKE_DEAL_TIMEOUT", default_value = "10s", value_parser = humantime::parse_duration)]
    pub deal_timeout: Duration,

    /// Round deadline of rooms that do not choose one; 0 for none.
    #[arg(long, env = "MICE_CAKE_DEFAULT_DEADLINE", default_value = "60s", value_parser = humantime::parse_duration)]
    pub default_deadline: Duration,

    /// Automatic commits in a row (missed deadlines) after which a player forfeits.
    #[arg(long, env = "MICE_CAKE_MISSED_DEADLINES", default_value_t = 3)]
    pub missed_deadlines: u32,

    /// Messages a connection may send per second, on average (bursts of twice that pass).
    #[arg(long, env = "MICE_CAKE_MESSAGES_PER_SECOND", default_value_t = 20)]
    pub messages_per_second: u32,

    /// Keys never rated before that one address (an IPv4 address, or an
    /// IPv6 /64) may bring into rated play per hour, per node; 0 for no
    /// limit (docs/ratings.md, "Many keys").
    #[arg(long, env = "MICE_CAKE_NEW_RATED_KEYS_PER_HOUR", default_value_t = 10)]
    pub new_rated_keys_per_hour: u32,

    /// Rate games whose two seats are played from one address (an IPv4
    /// address, or an IPv6 /64), which are otherwise played unrated (one
    /// person could be feeding a key wins: docs/ratings.md), and let an
    /// arena pair two entrants from one address, which it otherwise never
    /// does (docs/arenas.md). For trials and load tests from one machine;
    /// never on a public server.
    #[arg(long, env = "MICE_CAKE_RATE_ONE_ADDRESS")]
    pub rate_one_address: bool,

    /// Analyses of finished games made at once (`GET
    /// /api/games/{id}/analysis`), each a CPU for a second or so.
    #[arg(long, env = "MICE_CAKE_ANALYSES", default_value_t = 1, value_parser = clap::value_parser!(u32).range(1..=64))]
    pub analyses: u32,

    /// The operator's token: `GET /api/fair-play` answers a request that
    /// carries it (`Authorization: Bearer TOKEN`). Without one, it answers
    /// only requests from this machine that came through no proxy.
    #[arg(long, env = "MICE_CAKE_OPERATOR_TOKEN", hide_env_values = true)]
    pub operator_token: Option<String>,

    /// A proxy in front of the server (a network, `10.0.0.0/8`, or an
    /// address; repeatable, comma-separated in the variable): from it
    /// alone, the client's address is read from the forwarding header (or
    /// the PROXY protocol), and every per-address rule, metric and log line
    /// uses it. From anyone else the header is ignored.
    #[arg(long = "trusted-proxy", env = "MICE_CAKE_TRUSTED_PROXY", value_delimiter = ',', value_parser = parse_network)]
    pub trusted_proxies: Vec<ipnet::IpNet>,

    /// The header the trusted proxies write the client's address to. Only
    /// that one is read: a proxy passes the other through as the client
    /// wrote it.
    #[arg(
        long,
        env = "MICE_CAKE_CLIENT_ADDRESS_HEADER",
        value_enum,
        default_value_t
    )]
    pub client_address_header: ClientAddressHeader,

    /// Connections from the trusted proxies begin with a PROXY protocol
    /// header (v1 or v2, HAProxy's `send-proxy`): the client's address is
    /// read from it. A connection of theirs without one is refused.
    #[arg(long, env = "MICE_CAKE_PROXY_PROTOCOL")]
    pub proxy_protocol: bool,

    /// Analyses that may wait for their turn; a request beyond them is
    /// told to come back (503).
    #[arg(long, env = "MICE_CAKE_ANALYSIS_QUEUE", default_value_t = 16)]
    pub analysis_queue: u32,

    /// Messages waiting to be written to one connection; a client that falls
    /// further behind is disconnected.
    #[arg(long, env = "MICE_CAKE_OUTBOUND_QUEUE", default_value_t = 128)]
    pub outbound_queue: usize,

    /// How long a room with nobody in it is kept.
    #[arg(long, env = "MICE_CAKE_ROOM_IDLE", default_value = "10m", value_parser = humantime::parse_duration)]
    pub room_idle: Duration,

    /// How long the two players a quick pairing brought together have to
    /// take their seats; then the pairing is called off, and whoever came
    /// seeks on at the head of the queue.
    #[arg(long, env = "MICE_CAKE_PAIRING_ARRIVAL", default_value = "10s", value_parser = humantime::parse_duration)]
    pub pairing_arrival: Duration,

    /// How long a challenge waits for its answer before it expires.
    #[arg(long, env = "MICE_CAKE_CHALLENGE_EXPIRY", default_value = "10m", value_parser = humantime::parse_duration)]
    pub challenge_expiry: Duration,

    /// How long a new connection has to say hello.
    #[arg(long, env = "MICE_CAKE_HELLO_TIMEOUT", default_value = "10s", value_parser = humantime::parse_duration)]
    pub hello_timeout: Duration,

    /// Longest a write to a client may take; a client that does not read for
    /// that long is disconnected as too slow.
    #[arg(long, env = "MICE_CAKE_WRITE_TIMEOUT", default_value = "10s", value_parser = humantime::parse_duration)]
    pub write_timeout: Duration,

    /// Interval between WebSocket pings; a connection silent for two is closed.
    #[arg(long, env = "MICE_CAKE_PING_INTERVAL", default_value = "30s", value_parser = humantime::parse_duration)]
    pub ping_interval: Duration,

    /// Where games are kept: a SQLite database holding every live room (so
    /// that a restart costs nobody their game) and every finished game.
    /// Created if missing; one server per directory.
    #[arg(long, env = "MICE_CAKE_DATA_DIR", default_value = "mice-cake-data")]
    pub data_dir: PathBuf,

    /// Keep nothing on disk: finished games in memory, gone when the server
    /// stops, and live rooms not stored (for trials and tests). --data-dir
    /// is then unused.
    #[arg(long, env = "MICE_CAKE_EPHEMERAL")]
    pub ephemeral: bool,

    /// Keep games in PostgreSQL rather than in --data-dir:
    /// `postgres://user[:password]@host[:port]/database`. The same rows as
    /// the embedded database; the schema is created or brought up to date at
    /// start. One server per database unless they form a cluster.
    #[arg(long, env = "MICE_CAKE_DATABASE", conflicts_with = "ephemeral")]
    pub database: Option<String>,

    /// Join a cluster of servers through this Redis
    /// (`redis://[:password@]host[:port][/db]`): any node then serves any
    /// room, and a node that dies or stops hands its rooms to the others.
    /// Needs `--database` (the nodes share their games in PostgreSQL).
    #[arg(long, env = "MICE_CAKE_CLUSTER", requires = "database")]
    pub cluster: Option<String>,

    /// In a cluster, how long a node's lease on its rooms lasts unless it
    /// renews it (a third of it at a time): how long after a node dies its
    /// rooms are taken over.
    #[arg(long, env = "MICE_CAKE_LEASE", default_value = "5s", value_parser = humantime::parse_duration)]
    pub lease: Duration,

    /// What a write survives: `normal`, the server being killed (even
    /// `kill -9`); `full`, also a power cut, for an fsync per transaction;
    /// `process`, the server dying but not the machine (never syncs: a
    /// machine crash may damage the database), for the lowest latency.
    #[arg(
        long,
        env = "MICE_CAKE_DURABILITY",
        value_enum,
        default_value = "normal"
    )]
    pub durability: Durability,

    /// Finished games kept for `GET /api/games` (oldest dropped first); 0
    /// keeps them all. Default: all of them on disk; the latest 1,000 with
    /// `--ephemeral`, whose memory must not grow with the server's age.
    #[arg(long, env = "MICE_CAKE_MAX_FINISHED_GAMES")]
    pub max_finished_games: Option<usize>,

    /// Seed of every random choice (deals, dice, codes, tokens), for
    /// reproducible tests. Never set it on a public server: anyone who knows
    /// it can predict every deal and every token.
    #[arg(long, env = "MICE_CAKE_SEED")]
    pub seed: Option<Seed>,

    /// Log format.
    #[arg(long, env = "MICE_CAKE_LOG_FORMAT", value_enum, default_value = "text")]
    pub log_format: LogFormat,
}

/// A configuration that cannot work.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("--{flag}: {problem}")]
pub struct ConfigError {
    /// The flag at fault.
    pub flag: &'static str,
    /// What is wrong with it.
    pub problem: String,
}

/// Longest duration any option may set (also keeps deadlines far from the
/// end of the clock's range).
const MAX_DURATION: Duration = Duration::from_secs(7 * 24 * 60 * 60);

/// The longest spectators' events may be held: what they see must not lag
/// the game by more.
const MAX_SPECTATOR_HOLD: Duration = Duration::from_secs(10);

/// Fewest characters of `--operator-token`.
const MIN_OPERATOR_TOKEN_CHARS: usize = 16;

/// Finished games an in-memory store keeps unless told otherwise: a record
/// is about 25 KB, so about 25 MB.
pub(crate) const EPHEMERAL_FINISHED_GAMES: usize = 1_000;

impl Config {
    /// Finished games the store keeps (0: all): `--max-finished-games`, or
    /// all on disk and the latest 1,000 in memory.
    pub fn finished_games_kept(&self) -> usize {
        self.max_finished_games.unwrap_or(if self.ephemeral {
            EPHEMERAL_FINISHED_GAMES
        } else {
            0
        })
    }

    /// Checks that every option can work.
    pub fn validate(&self) -> Result<(), ConfigError> {
        self.validate_flags()?;
        self.validate_durations()?;
        self.validate_counts()
    }

    /// The flags with rules of their own.
    fn validate_flags(&self) -> Result<(), ConfigError> {
        if self.default_deadline.as_millis() > u128::from(mice_cake_protocol::MAX_DEADLINE_MS) {
            return Err(ConfigError {
                flag: "default-deadline",
                problem: "a round deadline is at most one day".into(),
            });
        }
        if self
            .operator_token
            .as_ref()
            .is_some_and(|token| token.trim().chars().count() < MIN_OPERATOR_TOKEN_CHARS)
        {
            return Err(ConfigError {
                flag: "operator-token",
                problem: format!(
                    "a token is at least {MIN_OPERATOR_TOKEN_CHARS} characters, so that it \
                     cannot be guessed (`openssl rand -hex 16` makes one)"
                ),
            });
        }
        if self.proxy_protocol && self.trusted_proxies.is_empty() {
            return Err(ConfigError {
                flag: "proxy-protocol",
                problem: "say which proxies send it (--trusted-proxy); nobody else is asked for it"
                    .into(),
            });
        }
        if self.spectator_hold > MAX_SPECTATOR_HOLD {
            return Err(ConfigError {
                flag: "spectator-hold",
                problem: format!(
                    "{} is out of range (at most {})",
                    humantime::format_duration(self.spectator_hold),
                    humantime::format_duration(MAX_SPECTATOR_HOLD)
                ),
            });
        }
        if self.cluster.is_some() && self.database.is_none() {
            return Err(ConfigError {
                flag: "cluster",
                problem: "the nodes of a cluster share their games: give --database too".into(),
            });
        }
        Ok(())
    }

    /// Every duration, within its range.
    fn validate_durations(&self) -> Result<(), ConfigError> {
        let durations = [
            ("disconnect-grace", self.disconnect_grace, Duration::ZERO),
            ("room-idle", self.room_idle, Duration::ZERO),
            (
                "pairing-arrival",
                self.pairing_arrival,
                Duration::from_millis(100),
            ),
            (
                "challenge-expiry",
                self.challenge_expiry,
                Duration::from_secs(1),
            ),
            (
                "open-timeout",
                self.open_timeout,
                Duration::from_millis(100),
            ),
            ("deal-timeout", self.deal_timeout, Duration::ZERO),
            ("hello-timeout", self.hello_timeout, Duration::ZERO),
            ("handshake-timeout", self.handshake_timeout, Duration::ZERO),
            ("write-timeout", self.write_timeout, Duration::ZERO),
            (
                "ping-interval",
                self.ping_interval,
                Duration::from_millis(100),
            ),
        ];
        for (flag, value, below) in durations {
            if value <= below || value > MAX_DURATION {
                return Err(ConfigError {
                    flag,
                    problem: format!(
                        "{} is out of range (more than {}, at most 7 days)",
                        humantime::format_duration(value),
                        humantime::format_duration(below)
                    ),
                });
            }
        }
        if !(Duration::from_millis(300)..=Duration::from_secs(300)).contains(&self.lease) {
            return Err(ConfigError {
                flag: "lease",
                problem: format!(
                    "{} is out of range (from 300ms to 5m)",
                    humantime::format_duration(self.lease)
                ),
            });
        }
        Ok(())
    }

    /// Every count, at least its least.
    fn validate_counts(&self) -> Result<(), ConfigError> {
        let counts = [
            ("max-rooms", self.max_rooms, 1),
            ("max-connections", self.max_connections.unwrap_or(1), 1),
            ("max-handshakes", self.max_handshakes.unwrap_or(1), 1),
            ("max-spectators", self.max_spectators, 1),
            ("missed-deadlines", self.missed_deadlines as usize, 1),
            ("messages-per-second", self.messages_per_second as usize, 1),
            // A room answers a join with a few messages at once.
            ("outbound-queue", self.outbound_queue, 8),
        ];
        for (flag, value, least) in counts {
            if value < least {
                return Err(ConfigError {
                    flag,
                    problem: format!("must be at least {least}, not {value}"),
                });
            }
        }
        Ok(())
    }

    /// The defaults, listening on `bind`, but keeping nothing on disk
    /// (`ephemeral`): for tests and embedding. Set `ephemeral` to false to
    /// keep games in `data_dir`.
    pub fn with_bind(bind: SocketAddr) -> Config {
        let mut config = <Cli as clap::Parser>::parse_from(["mice-cake-server"]).config;
        config.bind = bind;
        config.ephemeral = true;
        config
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_in_memory_store_keeps_a_bounded_number_of_finished_games_by_default() {
        let mut config = Config::with_bind("127.0.0.1:0".parse().unwrap());
        assert!(config.ephemeral);
        assert_eq!(config.finished_games_kept(), EPHEMERAL_FINISHED_GAMES);
        config.ephemeral = false;
        assert_eq!(config.finished_games_kept(), 0, "on disk: every game");
        config.max_finished_games = Some(5);
        assert_eq!(config.finished_games_kept(), 5);
        config.ephemeral = true;
        config.max_finished_games = Some(0);
        assert_eq!(config.finished_games_kept(), 0, "asked for all");
    }

    #[test]
    fn spectators_are_held_ten_seconds_at_most() {
        let mut config = Config::with_bind("127.0.0.1:0".parse().unwrap());
        config.spectator_hold = Duration::ZERO;
        assert!(config.validate().is_ok(), "0 sends at once");
        config.spectator_hold = MAX_SPECTATOR_HOLD;
        assert!(config.validate().is_ok());
        config.spectator_hold = MAX_SPECTATOR_HOLD + Duration::from_millis(1);
        let error = config.validate().unwrap_err();
        assert_eq!(error.flag, "spectator-hold");
        assert!(error.problem.contains("at most 10s"), "{}", error.problem);
    }

    #[test]
    fn an_operator_token_too_short_to_be_safe_is_refused_without_being_told() {
        let mut config = Config::with_bind("127.0.0.1:0".parse().unwrap());
        config.operator_token = Some("short-token-15ch".chars().take(15).collect());
        let error = config.validate().unwrap_err();
        assert_eq!(error.flag, "operator-token");
        assert!(error.problem.contains("at least 16"), "{}", error.problem);
        assert!(!error.problem.contains("short-token"), "{}", error.problem);
        config.operator_token = Some("0123456789abcdef".into());
        assert!(config.validate().is_ok());
    }
}

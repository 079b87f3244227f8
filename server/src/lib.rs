//! The authoritative Mice Cake game server.
//!
//! Players connect over a WebSocket (`GET /ws`) and speak the protocol of
//! `mice-cake-protocol`. Each room is a task that owns its game; every rule is
//! the engine's; the server keeps each committed assignment to itself until
//! both are in, and never sends a face-down piece.
//!
//! ```no_run
//! # async fn example() -> anyhow::Result<()> {
//! let listener = tokio::net::TcpListener::bind("127.0.0.1:8080").await?;
//! let config = mice_cake_server::Config::with_bind(listener.local_addr()?);
//! mice_cake_server::run(listener, config, tokio::signal::ctrl_c()).await?;
//! # Ok(()) }
//! ```
//!
//! # Layout
//!
//! [`run`] serves a listener until a shutdown future completes. The
//! modules, from the edge down; each imports only those on its line or
//! below (`ARCHITECTURE.md` has a line for each, and the life of a seal):
//!
//! * the edge: `accept` (every TCP connection from accept on, handshake
//!   slots and deadlines), `http` (the routes), `connection` (one task per
//!   WebSocket; its `session` says what each message means),
//!   `analysis_api`, `ratings_api`, `arena_api`, `fair_play_api`,
//!   `refunds_api`, `key_challenges_api`, `matches_api`, `operator` (who
//!   may ask what only the operator may), `stored_game`,
//!   `accuracy` (rated games analysed in the background), `fuzzing`,
//!   [`backup`] (the `backup` and `restore` commands);
//! * `shared`: the server's parts, opened and wired at start;
//! * finding rooms and opponents: `lobby`, `pairing`, `arena` (arenas:
//!   scoring, pairing by standing, one task per arena, on a cluster run
//!   by one node at a time), `arena_link` (how an arena's pairings reach a
//!   session, here or through another node), `newcomers` (new
//!   keys per address), `key_challenges` (HTTP requests' challenges for a
//!   proof of a key, each good once), `dependencies` (PostgreSQL and Redis as last seen, the
//!   database asked by a task of its own, for `/healthz` and `/readyz`);
//! * `cluster` (nodes over Redis and PostgreSQL) and `analyses` (analyses
//!   off the rooms' threads);
//! * `room`: one task per room (an actor); a room sees only its
//!   `RoomContext` and the `Directory` it publishes to;
//! * below every room: `store` (durable storage behind a small trait,
//!   written before anything is sent), `outbound` (each connection's
//!   bounded queue: a client that cannot keep up is disconnected), `frame`
//!   and `event_frames` (messages serialized once; events in a row joined),
//!   `seal_checks` (signatures checked in batches across rooms), `socket`,
//!   `admission` (WebSocket slots by address), `config` ([`Config`]), `web`
//!   (the browser client), `responses`, `fair_play`, `boosting` (fed
//!   ratings, for the fair-play report);
//! * foundations: `metrics`, `refusals`, `clock` (room time, uptime over
//!   every run), `random`, `ratelimit`, `tally`, `token` (seat tokens as
//!   hashes), `key_proofs` (a player's proof of their key), `quote`, `capacity` (the open-file limit shared out),
//!   `url_parameters` (our own in a database's URL), [`healthcheck`] (the
//!   `healthcheck` command, for container images), [`refund_command`] (the
//!   `ratings refund` command, over the running server's API),
//!   [`fair_play_statistic`] (the fair-play rule, and its measurement over
//!   simulated careers).

mod accept;
mod accuracy;
mod admission;
mod analyses;
mod analysis_api;
mod arena;
mod arena_api;
mod arena_link;
pub mod backup;
mod boosting;
mod bots_api;
mod capacity;
mod challenge_link;
mod challenges;
mod challenges_api;
mod clock;
mod cluster;
mod config;
mod connection;
mod dependencies;
mod event_frames;
mod fair_play;
mod fair_play_api;
pub mod fair_play_statistic;
mod frame;
#[cfg(feature = "fuzzing")]
#[doc(hidden)]
pub mod fuzzing;
pub mod healthcheck;
mod http;
mod key_challenges;
mod key_challenges_api;
mod key_proofs;
mod lobby;
mod matches_api;
mod metrics;
mod newcomers;
mod operator;
mod outbound;
mod pairing;
mod quote;
mod random;
mod ratelimit;
mod ratings_api;
pub mod refund_command;
mod refunds_api;
mod refusals;
mod responses;
mod room;
mod seal_checks;
// What build.rs embeds of the web client; here for the test that checks it.
#[cfg(test)]
mod served_text;
mod shared;
mod socket;
mod start_error;
mod store;
mod stored_game;
mod tally;
#[cfg(test)]
mod test_services;
mod token;
mod url_parameters;
mod web;

use std::future::Future;
use std::sync::Arc;
use std::sync::atomic::Ordering;
use std::time::Duration;

pub use accept::TcpAcceptor;
pub use config::{
    Cli, ClientAddressHeader, Config, ConfigError, Durability, LogFormat, RatingsCommand,
    ServerCommand,
};
pub use start_error::StartError;

use tracing::info;

/// The libraries whose logs below `info` hold what no log may: the
/// WebSocket's log every frame (commits, seat tokens), PostgreSQL's every
/// statement with its parameters (room snapshots: seeds, nonces, layouts,
/// openings), Redis's and the pool's their commands.
const SECRET_KEEPING_LIBRARIES: &[&str] = &[
    "tungstenite",
    "tokio_tungstenite",
    "tokio_postgres",
    "postgres",
    "postgres_protocol",
    "r2d2",
    "r2d2_postgres",
    "redis",
];

/// The log filter: `RUST_LOG` if set (levels by target, as
/// `info,mice_cake_server::room=debug`), else `default`, with the libraries
/// that would log game secrets capped at `info` whatever is asked (a
/// directive naming one of their modules cannot lift the cap: it is a
/// second filter, applied after `RUST_LOG`'s).
///
/// Targets, not `EnvFilter`: its span and field directives would bring
/// regular expressions into the server, 235 KB of the image's budget.
pub fn log_filter<S>(default: &str) -> impl tracing_subscriber::layer::Filter<S> + Send + Sync
where
    S: tracing::Subscriber + for<'span> tracing_subscriber::registry::LookupSpan<'span>,
{
    use tracing_subscriber::filter::FilterExt as _;
    let asked = asked_levels(std::env::var("RUST_LOG").ok().as_deref(), default);
    let mut cap = tracing_subscriber::filter::filter_fn(|metadata| {
        may_log(metadata.target(), *metadata.level())
    });
    // The most the two let through is what `RUST_LOG` asks: said, so that
    // what is below it is dropped where it is written, not filtered. (The
    // `log` crate's records, from the database clients on every statement,
    // are then not even made.)
    if let Some(most) = tracing_subscriber::layer::Filter::<S>::max_level_hint(&asked) {
        cap = cap.with_max_level_hint(most);
    }
    asked.and(cap)
}

/// The levels `rust_log` asks for, else `default`'s (else `info`): a
/// `RUST_LOG` that does not parse is not half-applied.
fn asked_levels(rust_log: Option<&str>, default: &str) -> tracing_subscriber::filter::Targets {
    use tracing_subscriber::filter::Targets;
    rust_log
        .and_then(|asked| asked.parse::<Targets>().ok())
        .or_else(|| default.parse().ok())
        .unwrap_or_else(|| Targets::new().with_default(tracing::Level::INFO))
}

/// Whether an event of `target` at `level` may be logged at all.
fn may_log(target: &str, level: tracing::Level) -> bool {
    let crate_name = target.split("::").next().unwrap_or(target);
    level <= tracing::Level::INFO || !SECRET_KEEPING_LIBRARIES.contains(&crate_name)
}

/// How long the server waits for connections to close after shutdown.
const SHUTDOWN_GRACE: Duration = Duration::from_secs(5);

/// How often the uptime is stored: a crash costs the rooms' clocks no more.
const UPTIME_TICK: Duration = Duration::from_secs(1);

/// Opens storage, brings back the rooms the last run left, then serves
/// `listener` until `shutdown` completes: tells every client, stops
/// accepting, waits (briefly) for connections to close, and closes storage.
///
/// `listener` is a [`TcpAcceptor`] (which logs and counts accept errors
/// and sets `TCP_NODELAY`), a plain `tokio::net::TcpListener`, or any other
/// [`axum::serve::Listener`] with socket addresses (tests serve in-memory
/// pipes).
///
/// How many connections are held follows the process's open-file limit
/// (see `--max-connections`); a limit too low to serve is an error, and an
/// option the limit cannot honour is lowered with a warning.
///
/// A damaged database, one from a newer server, or a data directory in use
/// is an error before anything is served, with nothing written.
pub async fn run<L>(
    listener: L,
    config: Config,
    shutdown: impl Future<Output = impl Send> + Send + 'static,
) -> Result<(), StartError>
where
    L: axum::serve::Listener<Addr = std::net::SocketAddr>,
{
    config.validate()?;
    let open_files = rlimit::getrlimit(rlimit::Resource::NOFILE)
        .ok()
        .map(|(soft, _)| soft)
        .filter(|soft| *soft != rlimit::INFINITY);
    let (capacity, lowered) =
        capacity::plan(config.max_connections, config.max_handshakes, open_files)?;
    for lowered in lowered {
        tracing::warn!(
            open_files,
            asked = lowered.asked,
            allowed = lowered.allowed,
            "--{} is more than the open-file limit allows, and is lowered: raise the limit \
             (ulimit -n, or Docker's --ulimit nofile) to hold more",
            lowered.flag
        );
    }
    let (shared, stored) = shared::Shared::open(config, capacity).await?;
    let shared = Arc::new(shared);
    bring_back(&shared, stored).await?;
    accuracy::start(Arc::clone(&shared));
    tokio::spawn(keep_uptime(Arc::clone(&shared)));
    if let Ok(addr) = listener.local_addr() {
        info!(
            %addr,
            connections = capacity.connections,
            handshakes = capacity.handshakes,
            "listening"
        );
    }
    let app = http::router(Arc::clone(&shared));
    let stopping = shared.shutdown().clone();
    tokio::spawn(async move {
        let _ = shutdown.await;
        info!("shutting down");
        stopping.cancel();
    });
    let serving = accept::serve(listener, app, Arc::clone(&shared));
    let sessions = shared.sessions.clone();
    // Every WebSocket session says goodbye (a seeker's `seek_ended`, the
    // `shutting_down`, the close frame) before the runtime is dropped.
    let served = async {
        serving.await;
        sessions.close();
        sessions.wait().await;
    };
    let stopped = shared.shutdown().clone();
    tokio::select! {
        () = served => {}
        // Graceful shutdown waits for open connections; do not wait forever.
        () = async {
            stopped.cancelled().await;
            tokio::time::sleep(SHUTDOWN_GRACE).await;
        } => {}
    }
    stop(&shared).await;
    Ok(())
}

/// Brings back the rooms the last run stored, once this run is counted;
/// on failure, nothing of the run is written.
async fn bring_back(
    shared: &Arc<shared::Shared>,
    stored: Vec<store::StoredRoom>,
) -> Result<(), StartError> {
    let restored = stored
        .into_iter()
        .map(|room| room::RestoredRoom::new(room, Arc::clone(&shared.rooms)))
        .collect::<Result<Vec<_>, _>>();
    let counted = match restored {
        Ok(restored) => shared
            .rooms
            .storage
            .begin_run(shared.run)
            .await
            .map(|()| restored),
        Err(error) => Err(error),
    };
    let restored = match counted {
        Ok(restored) => restored,
        Err(error) => {
            shared.rooms.storage.abandon().await;
            return Err(error.into());
        }
    };
    if !restored.is_empty() {
        info!(rooms = restored.len(), "rooms brought back");
    }
    shared.lobby.restore(restored);
    Ok(())
}

/// Stores the uptime while a game is on, until the shutdown.
async fn keep_uptime(shared: Arc<shared::Shared>) {
    let mut ticks = tokio::time::interval(UPTIME_TICK);
    loop {
        tokio::select! {
            // An idle server writes nothing.
            _ = ticks.tick() => if shared.rooms.playing.load(Ordering::Relaxed) > 0 {
                shared.rooms.storage.tick();
            },
            () = shared.shutdown().cancelled() => break,
        }
    }
}

/// Stops what serving leaves: the rooms, the cluster's lease, the storage.
async fn stop(shared: &shared::Shared) {
    // Every room stops as the shutdown reaches it, its last write stored
    // (in a cluster, the others then take it over at once).
    let rooms = &shared.rooms.tasks;
    rooms.close();
    if tokio::time::timeout(SHUTDOWN_GRACE, rooms.wait())
        .await
        .is_err()
    {
        tracing::warn!(
            rooms = rooms.len(),
            "rooms still running when the shutdown's grace ran out"
        );
    }
    if let Some(cluster) = &shared.cluster {
        cluster.leave(shared.rooms.clock.now_ms()).await;
    }
    shared.rooms.storage.close().await;
    info!("stopped");
}

#[cfg(test)]
mod tests {
    use tracing::Level;

    use super::{asked_levels, may_log};

    #[test]
    fn rust_log_names_levels_by_target_and_a_broken_one_falls_back_to_the_default() {
        let asked = asked_levels(Some("warn,mice_cake_server::room=debug"), "info");
        assert!(asked.would_enable("mice_cake_server::room::core", &Level::DEBUG));
        assert!(!asked.would_enable("mice_cake_server::room::core", &Level::TRACE));
        assert!(!asked.would_enable("mice_cake_server::http", &Level::INFO));
        assert!(asked.would_enable("hyper", &Level::WARN));
        let broken = asked_levels(Some("mice_cake_server=loud"), "info");
        assert!(broken.would_enable("mice_cake_server", &Level::INFO));
        assert!(!broken.would_enable("mice_cake_server", &Level::DEBUG));
        let unset = asked_levels(None, "trace");
        assert!(unset.would_enable("anything", &Level::TRACE));
    }

    #[test]
    fn libraries_that_would_log_secrets_are_heard_at_info_at_most() {
        for target in [
            "tokio_postgres::query",
            "tokio_postgres",
            "postgres::client",
            "tungstenite::protocol",
            "redis::aio",
        ] {
            assert!(!may_log(target, Level::DEBUG), "{target}");
            assert!(!may_log(target, Level::TRACE), "{target}");
            assert!(may_log(target, Level::INFO), "{target}");
            assert!(may_log(target, Level::WARN), "{target}");
        }
        // Names that merely begin like them, and the server's own.
        assert!(may_log("postgresql_tools", Level::TRACE));
        assert!(may_log("mice_cake_server::room", Level::TRACE));
    }
}

//! What every part of the server shares.

use std::sync::Arc;
use std::sync::atomic::AtomicUsize;

use metrics_exporter_prometheus::PrometheusHandle;
use tokio_util::sync::CancellationToken;
use tracing::info;

use crate::clock::UptimeClock;
use crate::config::Config;
use crate::lobby::Lobby;
use crate::random::ServerRng;
use crate::store::sqlite::SqliteStore;
use crate::store::{Storage, Store, StoredRoom};

/// The server's shared state. Rooms own their games; this holds only what
/// must be found from anywhere.
pub(crate) struct Shared {
    pub(crate) config: Config,
    /// This run's number on its data directory, from 1.
    pub(crate) run: u64,
    pub(crate) rng: ServerRng,
    pub(crate) lobby: Lobby,
    pub(crate) storage: Storage,
    /// Room time, for what is stored (see [`crate::clock`]).
    pub(crate) clock: UptimeClock,
    /// Cancelled when the server shuts down.
    pub(crate) shutdown: CancellationToken,
    pub(crate) metrics: PrometheusHandle,
    /// Open WebSocket connections.
    pub(crate) connections: AtomicUsize,
    /// Rooms with a game on: their clocks run, so the uptime is stored.
    pub(crate) rooms_playing: AtomicUsize,
}

impl Shared {
    /// Opens storage and returns the shared state with the live rooms
    /// stored by the last run, to bring back.
    pub(crate) fn open(config: Config) -> anyhow::Result<(Shared, Vec<StoredRoom>)> {
        let metrics = crate::metrics::recorder()?;
        crate::metrics::describe();
        let store: Arc<dyn Store> = if config.ephemeral {
            Arc::new(SqliteStore::in_memory(config.max_finished_games)?)
        } else {
            Arc::new(SqliteStore::open(
                &config.data_dir,
                config.durability,
                config.max_finished_games,
            )?)
        };
        let run = store.next_run()?;
        let rooms = store.live_rooms()?;
        if config.ephemeral {
            info!("keeping games in memory only (--ephemeral)");
        } else {
            info!(
                data_dir = %config.data_dir.display(),
                run = run.run,
                rooms = rooms.len(),
                "storage opened"
            );
        }
        let clock = UptimeClock::resume_from(run.uptime_ms);
        let storage = Storage::start(store, clock)
            .map_err(|error| anyhow::anyhow!("cannot start the storage thread: {error}"))?;
        Ok((
            Shared {
                rng: ServerRng::new(config.seed, run.run)?,
                run: run.run,
                lobby: Lobby::default(),
                storage,
                clock,
                shutdown: CancellationToken::new(),
                metrics,
                connections: AtomicUsize::new(0),
                rooms_playing: AtomicUsize::new(0),
                config,
            },
            rooms,
        ))
    }
}

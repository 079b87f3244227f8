//! What every part of the server shares.

use std::sync::Arc;
use std::sync::atomic::AtomicUsize;

use metrics_exporter_prometheus::PrometheusHandle;
use tokio_util::sync::CancellationToken;
use tracing::info;

use crate::capacity::Capacity;
use crate::clock::UptimeClock;
use crate::config::Config;
use crate::lobby::Lobby;
use crate::random::ServerRng;
use crate::room::{Directory, RoomContext};
use crate::store::sqlite::SqliteStore;
use crate::store::{MemoryStore, Storage, Store, StoredRoom};

/// The server's shared state. Rooms own their games; this holds only what
/// must be found from anywhere.
pub(crate) struct Shared {
    pub(crate) config: Arc<Config>,
    /// This run's number on its data directory, from 1.
    pub(crate) run: u64,
    pub(crate) lobby: Arc<Lobby>,
    /// What rooms share: storage, randomness, the clock, the shutdown.
    pub(crate) rooms: Arc<RoomContext>,
    pub(crate) metrics: PrometheusHandle,
    /// What the server holds at once, as the open-file limit allows.
    pub(crate) capacity: Capacity,
    /// Open WebSocket connections.
    pub(crate) connections: AtomicUsize,
}

impl Shared {
    /// Opens storage and returns the shared state with the live rooms
    /// stored by the last run, to bring back.
    pub(crate) fn open(
        config: Config,
        capacity: Capacity,
    ) -> anyhow::Result<(Shared, Vec<StoredRoom>)> {
        let metrics = crate::metrics::recorder()?;
        crate::metrics::describe();
        let store: Arc<dyn Store> = if config.ephemeral {
            Arc::new(MemoryStore::new(config.finished_games_kept()))
        } else {
            Arc::new(SqliteStore::open(
                &config.data_dir,
                config.durability,
                config.finished_games_kept(),
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
        let config = Arc::new(config);
        let lobby = Arc::new(Lobby::default());
        let directory: Arc<dyn Directory> = lobby.clone();
        let context = RoomContext {
            config: Arc::clone(&config),
            rng: ServerRng::new(config.seed, run.run)?,
            storage,
            clock,
            shutdown: CancellationToken::new(),
            directory,
            playing: AtomicUsize::new(0),
        };
        Ok((
            Shared {
                config,
                run: run.run,
                lobby,
                rooms: Arc::new(context),
                metrics,
                capacity,
                connections: AtomicUsize::new(0),
            },
            rooms,
        ))
    }

    /// Cancelled when the server shuts down.
    pub(crate) fn shutdown(&self) -> &CancellationToken {
        &self.rooms.shutdown
    }
}

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
use crate::store::postgres::PostgresStore;
use crate::store::sqlite::SqliteStore;
use crate::store::{MemoryStore, RunStart, Storage, Store, StoredRoom};

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

/// Storage as it is opened.
struct Opened {
    store: Arc<dyn Store>,
    /// What to call a PostgreSQL database in the log.
    database: Option<String>,
    run: RunStart,
    /// The rooms to bring back.
    rooms: Vec<StoredRoom>,
}

/// The store `config` asks for, the coming run, and the rooms to bring back.
fn open_store(config: &Config) -> anyhow::Result<Opened> {
    let (store, database): (Arc<dyn Store>, _) = match (&config.database, config.ephemeral) {
        (_, true) => (
            Arc::new(MemoryStore::new(config.finished_games_kept())),
            None,
        ),
        (Some(url), false) => {
            let store = PostgresStore::open(url, config.finished_games_kept())?;
            let name = store.name().to_owned();
            (Arc::new(store), Some(name))
        }
        (None, false) => (
            Arc::new(SqliteStore::open(
                &config.data_dir,
                config.durability,
                config.finished_games_kept(),
            )?),
            None,
        ),
    };
    let run = store.next_run()?;
    let rooms = store.live_rooms()?;
    Ok(Opened {
        store,
        database,
        run,
        rooms,
    })
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
        // Off the async runtime, on which PostgreSQL's blocking client
        // cannot run.
        let Opened {
            store,
            database,
            run,
            rooms,
        } = std::thread::scope(|scope| {
            scope
                .spawn(|| open_store(&config))
                .join()
                .unwrap_or_else(|_| Err(anyhow::anyhow!("opening the storage panicked")))
        })?;
        if config.ephemeral {
            info!("keeping games in memory only (--ephemeral)");
        } else if let Some(database) = database {
            info!(%database, run = run.run, rooms = rooms.len(), "storage opened");
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

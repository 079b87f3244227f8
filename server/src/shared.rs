//! What every part of the server shares.

use std::sync::Arc;
use std::sync::atomic::AtomicUsize;

use metrics_exporter_prometheus::PrometheusHandle;
use tokio_util::sync::CancellationToken;
use tokio_util::task::TaskTracker;
use tracing::info;

use crate::admission::Admission;
use crate::analyses::Analyses;
use crate::arena::registry::Arenas;
use crate::capacity::Capacity;
use crate::challenge_link::{ChallengeNews, Listeners};
use crate::challenges::Challenges;
use crate::clock::UptimeClock;
use crate::cluster::Cluster;
use crate::config::Config;
use crate::dependencies::Dependencies;
use crate::key_challenges::KeyChallenges;
use crate::lobby::{ClusterLobby, Lobby};
use crate::newcomers::NewKeys;
use crate::pairing::Pairing;
use crate::pairing::cluster::ClusterPairing;
use crate::pairing::local::LocalPairing;
use crate::random::ServerRng;
use crate::refusals::Refused;
use crate::room::{ArenaMail, ArenaMailbox, Directory, RoomContext, RoomsHere};
use crate::seal_checks::SealChecker;
use crate::start_error::StartError;
use crate::store::postgres::PostgresStore;
use crate::store::sqlite::SqliteStore;
use crate::store::{MemoryStore, RunStart, Storage, Store, StoreError, StoredRoom};
use crate::tally::Tally;

/// The server's shared state. Rooms own their games; this holds only what
/// must be found from anywhere.
pub(crate) struct Shared {
    pub(crate) config: Arc<Config>,
    /// This run's number on its data directory, from 1.
    pub(crate) run: u64,
    pub(crate) lobby: Arc<dyn Lobby>,
    /// Quick pairing's queue.
    pub(crate) pairing: Arc<dyn Pairing>,
    /// Arenas: made, listed, run.
    pub(crate) arenas: Arc<Arenas>,
    /// New keys brought into rated play, by address.
    pub(crate) new_keys: NewKeys,
    /// The challenges given for HTTP requests' proofs of a key.
    pub(crate) key_challenges: KeyChallenges,
    /// Players' challenges to each other (not to be confused with the
    /// above).
    pub(crate) challenges: Arc<Challenges>,
    /// This node's side of the cluster, if it is in one.
    pub(crate) cluster: Option<Arc<Cluster>>,
    /// What rooms share: storage, randomness, the clock, the shutdown.
    pub(crate) rooms: Arc<RoomContext>,
    pub(crate) metrics: PrometheusHandle,
    /// What the server holds at once, as the open-file limit allows.
    pub(crate) capacity: Capacity,
    /// Open WebSocket connections.
    pub(crate) connections: AtomicUsize,
    /// The WebSocket sessions' tasks: at shutdown each is waited for (a
    /// while) to say goodbye, its last messages and close frame sent.
    pub(crate) sessions: TaskTracker,
    /// Who holds the WebSocket slots, by address.
    pub(crate) admission: Arc<Admission>,
    /// Connections refused or cut off, summed up in the log.
    pub(crate) refusals: Tally,
    /// The services it needs beyond itself, as last seen, for `/healthz`
    /// and `/readyz`.
    pub(crate) dependencies: Dependencies,
    /// Analyses of finished games, running and waiting.
    pub(crate) analyses: Arc<Analyses>,
    /// Checks the seals' signatures, many at once.
    pub(crate) seal_checker: SealChecker,
}

impl Shared {
    /// Counts a connection refused or cut off: `mice_cake_refused_total`
    /// by reason, and the log's summary.
    pub(crate) fn refused(&self, why: Refused, peer: Option<std::net::IpAddr>) {
        metrics::counter!(crate::metrics::REFUSED, "reason" => why.label()).increment(1);
        self.refusals.note(why as usize, peer);
    }
}

/// Storage as it is opened.
struct Opened {
    store: Arc<dyn Store>,
    /// In a cluster, the database, which the cluster uses too.
    postgres: Option<Arc<PostgresStore>>,
    /// What to call a PostgreSQL database in the log.
    database: Option<String>,
    run: RunStart,
    /// The rooms to bring back.
    rooms: Vec<StoredRoom>,
}

/// The store `config` asks for, the coming run, and the rooms to bring back.
/// In a cluster, this node is `node` in the database.
fn open_store(config: &Config, node: Option<&str>) -> Result<Opened, StoreError> {
    let mut postgres = None;
    let (store, database): (Arc<dyn Store>, _) = match (&config.database, config.ephemeral) {
        (_, true) => (
            Arc::new(MemoryStore::new(config.finished_games_kept())),
            None,
        ),
        (Some(url), false) => {
            let store = Arc::new(PostgresStore::open(
                url,
                config.finished_games_kept(),
                node,
            )?);
            let name = store.name().to_owned();
            postgres = Some(Arc::clone(&store));
            (store as Arc<dyn Store>, Some(name))
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
        postgres,
        database,
        run,
        rooms,
    })
}

/// What the server's services are started around (see [`Shared::from_parts`]).
struct Parts {
    context: Arc<RoomContext>,
    lobby: Arc<dyn Lobby>,
    cluster: Option<Arc<Cluster>>,
    /// In a cluster, the database, which the cluster uses too.
    database: Option<Arc<PostgresStore>>,
    arena_mailbox: ArenaMailbox,
    metrics: PrometheusHandle,
    capacity: Capacity,
    run: u64,
}

/// [`open_store`] off the async runtime, on which PostgreSQL's blocking
/// client cannot run; says what it opened.
fn open_store_off_runtime(config: &Config, node: Option<&str>) -> Result<Opened, StartError> {
    let opened = std::thread::scope(|scope| {
        scope
            .spawn(|| open_store(config, node).map_err(StartError::from))
            .join()
            .unwrap_or(Err(StartError::StoragePanicked))
    })?;
    let (run, rooms) = (opened.run.run, opened.rooms.len());
    if config.ephemeral {
        info!("keeping games in memory only (--ephemeral)");
    } else if let Some(database) = &opened.database {
        info!(%database, run, rooms, "storage opened");
    } else {
        info!(data_dir = %config.data_dir.display(), run, rooms, "storage opened");
    }
    Ok(opened)
}

impl Shared {
    /// Opens storage and returns the shared state with the live rooms
    /// stored by the last run, to bring back.
    pub(crate) async fn open(
        config: Config,
        capacity: Capacity,
    ) -> Result<(Shared, Vec<StoredRoom>), StartError> {
        let metrics = crate::metrics::recorder().map_err(StartError::Metrics)?;
        crate::metrics::describe();
        // A node of a cluster is new at every start.
        let node: Option<Arc<str>> = config
            .cluster
            .as_ref()
            .map(|_| Arc::from(crate::cluster::random_name()));
        let Opened {
            store,
            postgres,
            database: _,
            run,
            rooms,
        } = open_store_off_runtime(&config, node.as_deref())?;
        let clock = UptimeClock::resume_from(run.uptime_ms);
        let storage = Storage::start(store, clock).map_err(StartError::StorageThread)?;
        let shutdown = CancellationToken::new();
        let local = Arc::new(RoomsHere::default());
        let cluster = match (&config.cluster, node, postgres.clone()) {
            (Some(url), Some(node), Some(postgres)) => {
                let joined = Cluster::join(
                    url,
                    node,
                    postgres,
                    Arc::clone(&local),
                    config.lease,
                    shutdown.clone(),
                )
                .await;
                match joined {
                    Ok(cluster) => Some(cluster),
                    Err(error) => {
                        storage.abandon().await;
                        return Err(error.into());
                    }
                }
            }
            _ => None,
        };
        let config = Arc::new(config);
        let lobby: Arc<dyn Lobby> = match &cluster {
            Some(cluster) => Arc::new(ClusterLobby::new(Arc::clone(cluster))),
            None => local,
        };
        let directory: Arc<dyn Directory> = lobby.clone();
        let (arena_mail, arena_mailbox) = ArenaMail::new();
        let context = RoomContext {
            config: Arc::clone(&config),
            rng: ServerRng::new(config.seed, run.run).map_err(StartError::Entropy)?,
            storage,
            clock,
            shutdown,
            directory,
            arena_mail,
            playing: AtomicUsize::new(0),
            tasks: TaskTracker::new(),
        };
        let context = Arc::new(context);
        if let Some(cluster) = &cluster {
            cluster.start(&context);
        }
        let parts = Parts {
            context,
            lobby,
            cluster,
            database: postgres,
            arena_mailbox,
            metrics,
            capacity,
            run: run.run,
        };
        Ok((Shared::from_parts(parts), rooms))
    }

    /// The server's services started around its rooms' context.
    fn from_parts(parts: Parts) -> Shared {
        let Parts {
            context,
            lobby,
            cluster,
            database,
            arena_mailbox,
            metrics,
            capacity,
            run,
        } = parts;
        let config = Arc::clone(&context.config);
        let dependencies = Dependencies::start(database, cluster.clone(), context.shutdown.clone());
        let pairing: Arc<dyn Pairing> = match &cluster {
            Some(cluster) => Arc::new(ClusterPairing::start(
                cluster,
                Arc::clone(&lobby),
                Arc::clone(&context),
                config.default_deadline,
                context.shutdown.clone(),
            )),
            None => Arc::new(LocalPairing::start(
                Arc::clone(&lobby),
                Arc::clone(&context),
                config.default_deadline,
                context.shutdown.clone(),
            )),
        };
        let listeners = Arc::new(Listeners::default());
        let news: Arc<dyn ChallengeNews> = match &cluster {
            Some(cluster) => {
                cluster.hear_challenges(Arc::clone(&listeners));
                Arc::clone(cluster) as Arc<dyn ChallengeNews>
            }
            None => Arc::clone(&listeners) as Arc<dyn ChallengeNews>,
        };
        let challenges = Challenges::start(
            Arc::clone(&context),
            Arc::clone(&lobby),
            news,
            listeners,
            config.challenge_expiry,
            context.shutdown.clone(),
        );
        let arenas = Arenas::start(
            Arc::clone(&lobby),
            Arc::clone(&context),
            arena_mailbox,
            context.shutdown.clone(),
            cluster.clone(),
        );
        Shared {
            arenas,
            new_keys: NewKeys::new(config.new_rated_keys_per_hour, cluster.clone()),
            key_challenges: KeyChallenges::new(cluster.clone()),
            challenges,
            analyses: Analyses::new(config.analyses as usize, config.analysis_queue as usize),
            seal_checker: SealChecker::start(crate::seal_checks::GATHER),
            config,
            run,
            lobby,
            pairing,
            cluster,
            rooms: context,
            metrics,
            admission: Admission::new(capacity.connections),
            refusals: crate::refusals::tally(),
            capacity,
            connections: AtomicUsize::new(0),
            sessions: TaskTracker::new(),
            dependencies,
        }
    }

    /// Cancelled when the server shuts down.
    pub(crate) fn shutdown(&self) -> &CancellationToken {
        &self.rooms.shutdown
    }
}

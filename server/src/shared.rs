//! What every part of the server shares.

use std::sync::atomic::AtomicUsize;

use metrics_exporter_prometheus::PrometheusHandle;
use tokio_util::sync::CancellationToken;

use crate::config::Config;
use crate::games::FinishedGames;
use crate::lobby::Lobby;
use crate::random::ServerRng;

/// The server's shared state. Rooms own their games; this holds only what
/// must be found from anywhere.
pub(crate) struct Shared {
    pub(crate) config: Config,
    pub(crate) rng: ServerRng,
    pub(crate) lobby: Lobby,
    pub(crate) games: FinishedGames,
    /// Cancelled when the server shuts down.
    pub(crate) shutdown: CancellationToken,
    pub(crate) metrics: PrometheusHandle,
    /// Open WebSocket connections.
    pub(crate) connections: AtomicUsize,
}

impl Shared {
    pub(crate) fn new(config: Config) -> anyhow::Result<Shared> {
        let metrics = crate::metrics::recorder()?;
        crate::metrics::describe();
        Ok(Shared {
            rng: ServerRng::new(config.seed)?,
            lobby: Lobby::default(),
            games: FinishedGames::new(config.max_finished_games),
            shutdown: CancellationToken::new(),
            metrics,
            connections: AtomicUsize::new(0),
            config,
        })
    }
}

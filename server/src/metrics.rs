//! Metric names and the Prometheus renderer behind `GET /metrics`.

use std::sync::Mutex;

use metrics_exporter_prometheus::{PrometheusBuilder, PrometheusHandle};

/// Open WebSocket connections (gauge).
pub(crate) const CONNECTIONS: &str = "mice_cake_connections";
/// Rooms held (gauge).
pub(crate) const ROOMS: &str = "mice_cake_rooms";
/// Games started (counter).
pub(crate) const GAMES_STARTED: &str = "mice_cake_games_started_total";
/// Games finished, by how they ended (counter).
pub(crate) const GAMES_FINISHED: &str = "mice_cake_games_finished_total";
/// Rounds resolved (counter).
pub(crate) const ROUNDS: &str = "mice_cake_rounds_total";
/// Messages received from clients (counter).
pub(crate) const MESSAGES_RECEIVED: &str = "mice_cake_messages_received_total";
/// Messages queued to clients (counter).
pub(crate) const MESSAGES_SENT: &str = "mice_cake_messages_sent_total";
/// Errors sent to clients, by code (counter).
pub(crate) const ERRORS: &str = "mice_cake_errors_total";
/// Clients disconnected for falling behind (counter).
pub(crate) const SLOW_CLIENTS: &str = "mice_cake_slow_clients_total";

/// Installs the recorder once per process (tests start several servers in
/// one process; they share it) and returns its handle.
pub(crate) fn recorder() -> anyhow::Result<PrometheusHandle> {
    static HANDLE: Mutex<Option<PrometheusHandle>> = Mutex::new(None);
    let mut handle = HANDLE
        .lock()
        .unwrap_or_else(std::sync::PoisonError::into_inner);
    if let Some(handle) = handle.as_ref() {
        return Ok(handle.clone());
    }
    let installed = PrometheusBuilder::new()
        .install_recorder()
        .map_err(|error| anyhow::anyhow!("cannot install the metrics recorder: {error}"))?;
    *handle = Some(installed.clone());
    Ok(installed)
}

//! Metric names and the Prometheus renderer behind `GET /metrics`.

use std::sync::Mutex;

use metrics_exporter_prometheus::{PrometheusBuilder, PrometheusHandle};

/// Open WebSocket connections (gauge).
pub(crate) const CONNECTIONS: &str = "mice_cake_connections";
/// TCP connections accepted (counter).
pub(crate) const HTTP_CONNECTIONS: &str = "mice_cake_http_connections_total";
/// Accept errors other than a connection gone (out of files, …) (counter).
pub(crate) const ACCEPT_ERRORS: &str = "mice_cake_accept_errors_total";
/// Connections in their HTTP handshake now (gauge).
pub(crate) const HANDSHAKES: &str = "mice_cake_handshakes";
/// Connections dropped before finishing their handshake, by reason:
/// `timeout` or `evicted` (counter).
pub(crate) const HANDSHAKES_DROPPED: &str = "mice_cake_handshakes_dropped_total";
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
/// Connections refused or cut off, by reason (see `refusals::Refused`).
pub(crate) const REFUSED: &str = "mice_cake_refused_total";
/// Frames that may be left out (chat) left out for a client whose queue
/// was half full (counter).
pub(crate) const FRAMES_LEFT_OUT: &str = "mice_cake_frames_left_out_total";
/// Clients disconnected for falling behind (counter).
pub(crate) const SLOW_CLIENTS: &str = "mice_cake_slow_clients_total";
/// Seals whose signatures were checked (counter).
pub(crate) const SEALS_CHECKED: &str = "mice_cake_seals_checked_total";
/// Batches they were checked in: seals per batch is how much batching saves
/// (counter).
pub(crate) const SEAL_BATCHES: &str = "mice_cake_seal_batches_total";
/// Room writes stored (counter).
pub(crate) const STORE_WRITES: &str = "mice_cake_store_writes_total";
/// Transactions that stored them: writes per transaction is the group
/// commit's batch size (counter).
pub(crate) const STORE_TRANSACTIONS: &str = "mice_cake_store_transactions_total";
/// Time spent storing, in microseconds: how busy the one writer is
/// (counter; `metrics` counters are integers).
pub(crate) const STORE_BUSY: &str = "mice_cake_store_busy_microseconds_total";
/// Room writes that storage failed to keep (counter).
pub(crate) const STORE_ERRORS: &str = "mice_cake_store_errors_total";

/// Messages a cluster node could not send through Redis (counter): their
/// cross-node connections were dropped, to come back.
pub(crate) const CLUSTER_DROPPED: &str = "mice_cake_cluster_dropped_total";
/// Rooms this node took over from others (counter).
pub(crate) const ROOMS_TAKEN_OVER: &str = "mice_cake_rooms_taken_over_total";
/// Gauge: connections seeking an opponent (quick pairing) on this node.
pub(crate) const SEEKING: &str = "mice_cake_seeking";
/// Histogram: seconds from a seek to its pairing.
pub(crate) const PAIRING_SECONDS: &str = "mice_cake_pairing_seconds";
/// Counter: bots offered to seekers who waited as long as they chose.
pub(crate) const BOTS_OFFERED: &str = "mice_cake_bots_offered_total";
/// Counter: pairings called off because a player did not take their seat and seal their deal.
pub(crate) const PAIRINGS_CALLED_OFF: &str = "mice_cake_pairings_called_off_total";
/// Analyses of finished games made (not answered from storage).
pub(crate) const ANALYSES_MADE: &str = "mice_cake_analyses_made_total";
/// Analyses being made.
pub(crate) const ANALYSES_RUNNING: &str = "mice_cake_analyses_running";
/// Summary: seconds from the command that resolved a round (the last
/// opening, or a deadline) to its reveal sent, stored first.
pub(crate) const REVEAL_SECONDS: &str = "mice_cake_reveal_seconds";
/// Summary: seconds a room's step waited for its changes to be stored
/// before it could send anything.
pub(crate) const STORE_WAIT_SECONDS: &str = "mice_cake_store_wait_seconds";
/// Counter: this node's lease renewals in a cluster, by outcome (`ok`,
/// `troubled`: slow, lapsed or after Redis lost its data, `failed`).
pub(crate) const LEASE_RENEWALS: &str = "mice_cake_cluster_lease_renewals_total";

/// Every metric: its kind, name, unit and help text.
const DESCRIBED: &[(Kind, &str, metrics::Unit, &str)] = &[
    (
        Kind::Gauge,
        CONNECTIONS,
        metrics::Unit::Count,
        "Open WebSocket connections.",
    ),
    (Kind::Gauge, ROOMS, metrics::Unit::Count, "Rooms held."),
    (
        Kind::Counter,
        ANALYSES_MADE,
        metrics::Unit::Count,
        "Analyses of finished games made (not answered from storage).",
    ),
    (
        Kind::Gauge,
        ANALYSES_RUNNING,
        metrics::Unit::Count,
        "Analyses being made.",
    ),
    (
        Kind::Counter,
        HTTP_CONNECTIONS,
        metrics::Unit::Count,
        "TCP connections accepted.",
    ),
    (
        Kind::Counter,
        ACCEPT_ERRORS,
        metrics::Unit::Count,
        "Accept errors other than a connection already gone (out of open files, say).",
    ),
    (
        Kind::Gauge,
        HANDSHAKES,
        metrics::Unit::Count,
        "Connections in their HTTP handshake (not yet upgraded to a WebSocket).",
    ),
    (
        Kind::Counter,
        HANDSHAKES_DROPPED,
        metrics::Unit::Count,
        "Connections dropped before finishing their HTTP handshake: timeout (headers too slow), evicted (pushed out by newer ones) or expired (still busy with a request when their time was up).",
    ),
    (
        Kind::Counter,
        GAMES_STARTED,
        metrics::Unit::Count,
        "Games started.",
    ),
    (
        Kind::Counter,
        GAMES_FINISHED,
        metrics::Unit::Count,
        "Games finished, by how they ended.",
    ),
    (
        Kind::Counter,
        ROUNDS,
        metrics::Unit::Count,
        "Rounds resolved.",
    ),
    (
        Kind::Counter,
        STORE_WRITES,
        metrics::Unit::Count,
        "Room writes stored.",
    ),
    (
        Kind::Counter,
        STORE_TRANSACTIONS,
        metrics::Unit::Count,
        "Transactions that stored the room writes (group commits).",
    ),
    (
        Kind::Counter,
        STORE_BUSY,
        metrics::Unit::Microseconds,
        "Time the storage writer spent storing.",
    ),
    (
        Kind::Counter,
        MESSAGES_RECEIVED,
        metrics::Unit::Count,
        "Messages received from clients.",
    ),
    (
        Kind::Counter,
        MESSAGES_SENT,
        metrics::Unit::Count,
        "Messages queued to clients.",
    ),
    (
        Kind::Counter,
        SEALS_CHECKED,
        metrics::Unit::Count,
        "Seals whose signatures were checked.",
    ),
    (
        Kind::Counter,
        SEAL_BATCHES,
        metrics::Unit::Count,
        "Batches the seals' signatures were checked in.",
    ),
    (
        Kind::Counter,
        ERRORS,
        metrics::Unit::Count,
        "Errors sent to clients, by code.",
    ),
    (
        Kind::Counter,
        REFUSED,
        metrics::Unit::Count,
        "WebSocket connections refused or cut off, by reason: server_full, pushed_out, no_hello, too_many_messages, protocol_error, bad_token.",
    ),
    (
        Kind::Counter,
        FRAMES_LEFT_OUT,
        metrics::Unit::Count,
        "Chat lines left out for clients whose queue was half full.",
    ),
    (
        Kind::Counter,
        SLOW_CLIENTS,
        metrics::Unit::Count,
        "Clients disconnected for falling behind.",
    ),
    (
        Kind::Counter,
        STORE_ERRORS,
        metrics::Unit::Count,
        "Room writes that storage failed to keep.",
    ),
    (
        Kind::Counter,
        CLUSTER_DROPPED,
        metrics::Unit::Count,
        "Messages a cluster node could not send through Redis (their cross-node connections were dropped, to come back).",
    ),
    (
        Kind::Counter,
        ROOMS_TAKEN_OVER,
        metrics::Unit::Count,
        "Rooms this node took over from a node that died or stopped.",
    ),
    (
        Kind::Gauge,
        SEEKING,
        metrics::Unit::Count,
        "Connections seeking an opponent (quick pairing) here.",
    ),
    (
        Kind::Histogram,
        PAIRING_SECONDS,
        metrics::Unit::Seconds,
        "Time from a seek to its pairing.",
    ),
    (
        Kind::Counter,
        BOTS_OFFERED,
        metrics::Unit::Count,
        "Bots offered to seekers who waited as long as they chose.",
    ),
    (
        Kind::Counter,
        PAIRINGS_CALLED_OFF,
        metrics::Unit::Count,
        "Pairings called off because a player did not take their seat and seal their deal in time (the other seeks on).",
    ),
    (
        Kind::Histogram,
        REVEAL_SECONDS,
        metrics::Unit::Seconds,
        "From the command that resolved a round (the last opening, or a deadline) to its reveal sent, stored first.",
    ),
    (
        Kind::Histogram,
        STORE_WAIT_SECONDS,
        metrics::Unit::Seconds,
        "How long a room's step waited for its changes to be stored before it could send anything.",
    ),
    (
        Kind::Counter,
        LEASE_RENEWALS,
        metrics::Unit::Count,
        "This node's lease renewals in a cluster, by outcome: ok, troubled (slow, lapsed, or Redis lost its data) or failed.",
    ),
];

/// What a metric is.
enum Kind {
    Gauge,
    Counter,
    Histogram,
}

/// Registers every metric with its help text, so that `/metrics` lists them
/// all from the start.
pub(crate) fn describe() {
    for (kind, name, unit, help) in DESCRIBED {
        match kind {
            Kind::Gauge => metrics::describe_gauge!(*name, *unit, *help),
            Kind::Counter => metrics::describe_counter!(*name, *unit, *help),
            Kind::Histogram => metrics::describe_histogram!(*name, *unit, *help),
        }
    }
    metrics::gauge!(CONNECTIONS).set(0.0);
    metrics::gauge!(SEEKING).set(0.0);
    metrics::gauge!(ROOMS).set(0.0);
    metrics::gauge!(HANDSHAKES).set(0.0);
    for reason in ["timeout", "evicted", "expired"] {
        metrics::counter!(HANDSHAKES_DROPPED, "reason" => reason).increment(0);
    }
    for reason in crate::refusals::Refused::KINDS {
        metrics::counter!(REFUSED, "reason" => *reason).increment(0);
    }
    for counter in [
        HTTP_CONNECTIONS,
        ACCEPT_ERRORS,
        GAMES_STARTED,
        ROUNDS,
        MESSAGES_RECEIVED,
        MESSAGES_SENT,
        SLOW_CLIENTS,
        FRAMES_LEFT_OUT,
        STORE_ERRORS,
        BOTS_OFFERED,
        PAIRINGS_CALLED_OFF,
    ] {
        metrics::counter!(counter).increment(0);
    }
}

/// Installs the recorder once per process (tests start several servers in
/// one process; they share it) and returns its handle.
pub(crate) fn recorder() -> Result<PrometheusHandle, metrics_exporter_prometheus::BuildError> {
    static HANDLE: Mutex<Option<PrometheusHandle>> = Mutex::new(None);
    let mut handle = HANDLE
        .lock()
        .unwrap_or_else(std::sync::PoisonError::into_inner);
    if let Some(handle) = handle.as_ref() {
        return Ok(handle.clone());
    }
    let installed = PrometheusBuilder::new().install_recorder()?;
    *handle = Some(installed.clone());
    Ok(installed)
}

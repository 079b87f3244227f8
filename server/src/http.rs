//! The HTTP routes: the game WebSocket and a small JSON API.

use std::sync::Arc;
use std::sync::atomic::Ordering;

use axum::Router;
use axum::extract::rejection::QueryRejection;
use axum::extract::{Path, Query, State, WebSocketUpgrade};
use axum::http::{StatusCode, header};
use axum::response::{IntoResponse, Json, Response};
use axum::routing::get;
use mice_cake_protocol::{
    DEFAULT_GAMES_PAGE, ErrorCode, GamePage, MAX_FRAME_BYTES, MAX_GAMES_PAGE, RoomList,
};
use serde::{Deserialize, Serialize};
use tracing::error;

use crate::shared::Shared;
use crate::store::{GamesQuery, StoreError};

/// Read buffer per connection: clients' messages are under a few hundred
/// bytes, and an idle connection keeps this much (a larger frame grows
/// it). With 4 KiB, an idle connection cost 9.3 KB; see docs/performance.md.
const READ_BUFFER: usize = 256;
/// Largest message the WebSocket layer reads before failing the connection.
/// Frames between this and `MAX_FRAME_BYTES` get a `frame_too_large` error
/// and the connection stays open.
const HARD_MESSAGE_LIMIT: usize = 4 * MAX_FRAME_BYTES;
/// Bytes gathered before a write: a batch of queued frames.
const WRITE_BUFFER: usize = 16 * 1024;
/// Bytes a connection may have waiting in its write buffer: also the largest
/// message that can be written (the largest, a room list, stays well below).
const MAX_WRITE_BUFFER: usize = 1024 * 1024;

pub(crate) fn router(shared: Arc<Shared>) -> Router {
    Router::new()
        .route("/ws", get(websocket))
        .route("/api/rooms", get(rooms))
        .route("/api/games", get(games))
        .route("/api/games/{id}", get(game))
        .route("/healthz", get(health))
        .route("/metrics", get(metrics))
        .fallback(not_found)
        .with_state(shared)
}

async fn websocket(upgrade: WebSocketUpgrade, State(shared): State<Arc<Shared>>) -> Response {
    upgrade
        .read_buffer_size(READ_BUFFER)
        // Frames queued together are written together (the connection
        // flushes after each batch), without gathering 128 KiB first.
        .write_buffer_size(WRITE_BUFFER)
        .max_write_buffer_size(MAX_WRITE_BUFFER)
        .max_message_size(HARD_MESSAGE_LIMIT)
        .max_frame_size(HARD_MESSAGE_LIMIT)
        .on_upgrade(move |socket| crate::connection::serve(Box::new(socket), shared))
}

async fn rooms(State(shared): State<Arc<Shared>>) -> Json<RoomList> {
    Json(shared.lobby.list())
}

async fn game(Path(id): Path<String>, State(shared): State<Arc<Shared>>) -> Response {
    let Ok(id) = id.parse() else {
        return api_error(
            StatusCode::BAD_REQUEST,
            ErrorCode::BadMessage,
            format!("{id:?} is not a game id"),
        );
    };
    match shared.rooms.storage.game(id).await {
        Ok(Some(game)) => Json(game).into_response(),
        Ok(None) => api_error(
            StatusCode::NOT_FOUND,
            ErrorCode::UnknownGame,
            format!("no finished game has the id {id}"),
        ),
        Err(cause) => storage_failed(&cause),
    }
}

/// `GET /api/games`'s query.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct GamesParams {
    player: Option<String>,
    before: Option<u64>,
    limit: Option<u32>,
}

async fn games(
    State(shared): State<Arc<Shared>>,
    params: Result<Query<GamesParams>, QueryRejection>,
) -> Response {
    let bad_request =
        |message: String| api_error(StatusCode::BAD_REQUEST, ErrorCode::BadMessage, message);
    let Query(params) = match params {
        Ok(params) => params,
        Err(rejection) => {
            return bad_request(format!(
                "{}; the query takes player=NAME, before=CURSOR and limit=1..{MAX_GAMES_PAGE}",
                rejection.body_text()
            ));
        }
    };
    let limit = params.limit.unwrap_or(DEFAULT_GAMES_PAGE);
    if !(1..=MAX_GAMES_PAGE).contains(&limit) {
        return bad_request(format!(
            "limit must be between 1 and {MAX_GAMES_PAGE}, not {limit}"
        ));
    }
    let player = match params
        .player
        .as_deref()
        .map(mice_cake_protocol::player_name)
    {
        None => None,
        Some(Ok(name)) => Some(name.to_owned()),
        Some(Err(error)) => return bad_request(format!("player: {error}")),
    };
    let query = GamesQuery {
        player,
        before: params.before,
        limit,
    };
    match shared.rooms.storage.games(query).await {
        Ok(page) => Json::<GamePage>(page).into_response(),
        Err(cause) => storage_failed(&cause),
    }
}

fn storage_failed(cause: &StoreError) -> Response {
    error!(cause = %cause, "a read from storage failed");
    api_error(
        StatusCode::INTERNAL_SERVER_ERROR,
        ErrorCode::Internal,
        "the server could not read its storage; try again later".into(),
    )
}

#[derive(Serialize)]
struct Health {
    status: &'static str,
    rooms: usize,
    connections: usize,
}

async fn health(State(shared): State<Arc<Shared>>) -> Json<Health> {
    Json(Health {
        status: if shared.shutdown().is_cancelled() {
            "shutting_down"
        } else {
            "ok"
        },
        rooms: shared.lobby.room_count(),
        connections: shared.connections.load(Ordering::Relaxed),
    })
}

async fn metrics(State(shared): State<Arc<Shared>>) -> Response {
    (
        [(header::CONTENT_TYPE, "text/plain; version=0.0.4")],
        shared.metrics.render(),
    )
        .into_response()
}

async fn not_found() -> Response {
    api_error(
        StatusCode::NOT_FOUND,
        ErrorCode::BadMessage,
        "no such endpoint: see /ws, /api/rooms, /api/games, /api/games/{id}, /healthz, /metrics"
            .into(),
    )
}

#[derive(Serialize)]
struct ApiError {
    code: ErrorCode,
    message: String,
}

fn api_error(status: StatusCode, code: ErrorCode, message: String) -> Response {
    (status, Json(ApiError { code, message })).into_response()
}

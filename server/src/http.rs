//! The HTTP routes: the game WebSocket, the web client's pages and a small
//! JSON API. Every error is JSON (`{"code","message"}`,
//! `mice_cake_protocol::ApiError`) with the status that fits: 400, 404, 405,
//! 426, 500, 503. Every response passes through `headers::secure`.

use std::sync::Arc;

use axum::Router;
use axum::extract::rejection::QueryRejection;
use axum::extract::{Query, Request, State};
use axum::http::{StatusCode, header};
use axum::response::{IntoResponse, Json, Response};
use axum::routing::{get, post};
use mice_cake_protocol::{
    DEFAULT_GAMES_PAGE, ErrorCode, GamePage, Health, HealthStatus, MAX_FRAME_BYTES, MAX_GAMES_PAGE,
    RoomCode,
};
use serde::Deserialize;
use tracing::error;

use crate::dependencies::Reached;
use crate::quote::{bounded, quoted};
use crate::responses::{
    ApiPath, NoParams, api_error, bad_query, bad_request, page_limit, storage_failed,
};
use crate::room::Refusal;
use crate::shared::Shared;
use crate::socket::{Handshake, HandshakeError};
use crate::store::GamesQuery;
use crate::stored_game::{finished_game, never_dealt};

/// Largest message the WebSocket layer reads before failing the connection.
/// Frames between this and `MAX_FRAME_BYTES` get a `frame_too_large` error
/// and the connection stays open.
const HARD_MESSAGE_LIMIT: usize = 4 * MAX_FRAME_BYTES;

/// The endpoints, for error messages.
const ENDPOINTS: &str = "GET / (the web client), /r/{code}, /g/{id}, /p/{key}, /top, /bots, /play, /arenas, /a/{id}, /rules, /ws, /api/rooms, \
     /api/rooms/{code}, /api/games, /api/games/{id}, /api/games/{id}/views, \
     /api/games/{id}/verify, /api/games/{id}/analysis, /api/matches/{id}, /api/challenges/{id}, /api/players?name=NAME, /api/players/{key}, /api/leaderboard, /api/bots, /api/arenas, /api/arenas/{id}, /api/fair-play, /api/odds, /api/schema, \
     /healthz, /readyz, /metrics";

pub(crate) fn router(shared: Arc<Shared>) -> Router {
    Router::new()
        .route("/", get(crate::web::page))
        .route("/r/{code}", get(crate::web::room_page))
        .route("/g/{id}", get(crate::web::game_page))
        .route("/p/{key}", get(crate::web::player_page))
        .route("/top", get(crate::web::leaderboard_page))
        .route("/bots", get(crate::web::leaderboard_page))
        .route("/play", get(crate::web::play_page))
        .route("/arenas", get(crate::web::play_page))
        .route("/a/{id}", get(crate::web::arena_page))
        .route("/c/{id}", get(crate::web::challenge_page))
        .route("/rules", get(crate::web::rules))
        .route("/assets/{hash}/{*path}", get(crate::web::asset))
        .route("/api/odds", get(odds))
        .route("/ws", get(websocket))
        .route("/api/rooms", get(rooms))
        .route("/api/rooms/{code}", get(room))
        .route("/api/games", get(games))
        .route("/api/games/{id}", get(game))
        .route("/api/games/{id}/views", get(game_views))
        .route("/api/games/{id}/verify", get(game_verdict))
        .route(
            "/api/games/{id}/analysis",
            get(crate::analysis_api::analysis),
        )
        .route("/api/matches/{id}", get(crate::matches_api::match_summary))
        .route(
            "/api/challenges/{id}",
            get(crate::challenges_api::challenge),
        )
        .route("/api/players", get(crate::ratings_api::players_named))
        .route("/api/players/{key}", get(crate::ratings_api::player))
        .route("/api/leaderboard", get(crate::ratings_api::leaderboard))
        .route("/api/bots", get(crate::bots_api::bots))
        .route(
            "/api/key-challenges",
            post(crate::key_challenges_api::issue),
        )
        .route(
            "/api/arenas",
            get(crate::arena_api::list).post(crate::arena_api::create),
        )
        .route("/api/arenas/{id}", get(crate::arena_api::arena))
        .route("/api/fair-play", get(crate::fair_play_api::fair_play))
        .route("/api/ratings/refunds", post(crate::refunds_api::refund))
        .route("/api/schema", get(schema))
        .route("/healthz", get(health))
        .route("/readyz", get(ready))
        .route("/metrics", get(metrics))
        .fallback(not_found)
        .method_not_allowed_fallback(method_not_allowed)
        // Last: it wraps every route and both fallbacks.
        .layer(axum::middleware::map_response(crate::responses::secure))
        .with_state(shared)
}

async fn websocket(State(shared): State<Arc<Shared>>, request: Request) -> Response {
    // Set by the accept loop; a request from elsewhere (a test's router)
    // is counted as the unspecified address's.
    let peer = request
        .extensions()
        .get::<crate::connection::Peer>()
        .copied()
        .unwrap_or(crate::connection::Peer(
            std::net::Ipv4Addr::UNSPECIFIED.into(),
        ));
    let handshake = match Handshake::of(request) {
        Ok(handshake) => handshake,
        Err(error @ HandshakeError::NotAnUpgrade) => {
            let mut response = api_error(
                StatusCode::UPGRADE_REQUIRED,
                ErrorCode::UpgradeRequired,
                format!("{error}; see docs/protocol.md"),
            );
            response.headers_mut().insert(
                header::UPGRADE,
                header::HeaderValue::from_static("websocket"),
            );
            return response;
        }
        Err(error @ HandshakeError::Invalid(_)) => {
            return api_error(
                StatusCode::BAD_REQUEST,
                ErrorCode::BadMessage,
                error.to_string(),
            );
        }
    };
    let sessions = shared.sessions.clone();
    handshake.accept(HARD_MESSAGE_LIMIT, &sessions, move |socket| {
        crate::connection::serve(socket, shared, peer)
    })
}

async fn rooms(
    State(shared): State<Arc<Shared>>,
    params: Result<Query<NoParams>, QueryRejection>,
) -> Response {
    if let Err(rejection) = params {
        return bad_query(&rejection, "/api/rooms takes no parameters");
    }
    Json(shared.lobby.list().await).into_response()
}

/// `GET /api/rooms/{code}`: one room's summary, public or private.
async fn room(
    ApiPath(code): ApiPath<String>,
    State(shared): State<Arc<Shared>>,
    params: Result<Query<NoParams>, QueryRejection>,
) -> Response {
    if let Err(rejection) = params {
        return bad_query(&rejection, "/api/rooms/{code} takes no parameters");
    }
    let code = match code.parse::<RoomCode>() {
        Ok(code) => code,
        Err(error) => {
            return api_error(
                StatusCode::BAD_REQUEST,
                ErrorCode::BadMessage,
                bounded(error.to_string()),
            );
        }
    };
    match shared.lobby.summary(code).await {
        Ok(summary) => Json(summary).into_response(),
        Err(refusal) => refused(refusal),
    }
}

/// A lobby's refusal as an HTTP error.
fn refused(refusal: Refusal) -> Response {
    let status = match refusal.code {
        ErrorCode::UnknownRoom => StatusCode::NOT_FOUND,
        ErrorCode::Unavailable => StatusCode::SERVICE_UNAVAILABLE,
        _ => StatusCode::INTERNAL_SERVER_ERROR,
    };
    api_error(status, refusal.code, refusal.message)
}

async fn odds(params: Result<Query<NoParams>, QueryRejection>) -> Response {
    static ODDS: std::sync::OnceLock<mice_cake_protocol::OddsTable> = std::sync::OnceLock::new();
    if let Err(rejection) = params {
        return bad_query(&rejection, "/api/odds takes no parameters");
    }
    let odds = ODDS.get_or_init(mice_cake_protocol::OddsTable::from_engine);
    (
        // The same for every build of the engine: cached for a day.
        [(header::CACHE_CONTROL, "public, max-age=86400")],
        Json(odds),
    )
        .into_response()
}

/// The schema as published, gzipped in the binary (`web::schema`).
async fn schema(
    params: Result<Query<NoParams>, QueryRejection>,
    headers: axum::http::HeaderMap,
) -> Response {
    if let Err(rejection) = params {
        return bad_query(&rejection, "/api/schema takes no parameters");
    }
    crate::web::schema(&headers)
}

async fn game(
    ApiPath(id): ApiPath<String>,
    State(shared): State<Arc<Shared>>,
    params: Result<Query<NoParams>, QueryRejection>,
) -> Response {
    match finished_game(&id, &shared, params, "/api/games/{id}").await {
        Ok(game) => Json(game).into_response(),
        Err(response) => response,
    }
}

/// The cake as a spectator saw it before each round and after the last.
async fn game_views(
    ApiPath(id): ApiPath<String>,
    State(shared): State<Arc<Shared>>,
    params: Result<Query<NoParams>, QueryRejection>,
) -> Response {
    let game = match finished_game(&id, &shared, params, "/api/games/{id}/views").await {
        Ok(game) => game,
        Err(response) => return response,
    };
    let Some(record) = &game.record else {
        return never_dealt(game.id, "nothing was dealt, so there is no cake to show");
    };
    let mut views = Vec::with_capacity(record.rounds.len() + 1);
    let replayed = record.replay_each_round(|game| {
        views.push(game.view(mice_cake_engine::Viewer::Spectator));
    });
    match replayed {
        Ok(_) => Json(mice_cake_protocol::GameViews { views }).into_response(),
        Err(cause) => {
            error!(cause = %cause, game = %game.id, "a stored game does not replay");
            api_error(
                StatusCode::INTERNAL_SERVER_ERROR,
                ErrorCode::Internal,
                format!("the stored game {} does not replay", game.id),
            )
        }
    }
}

/// The engine's check of a finished game's record (`docs/fairness.md`):
/// for clients that cannot run the engine (the browser). What it proves
/// rests on this server's engine; `mice-cake verify` checks the same
/// record without trusting the server.
async fn game_verdict(
    ApiPath(id): ApiPath<String>,
    State(shared): State<Arc<Shared>>,
    params: Result<Query<NoParams>, QueryRejection>,
) -> Response {
    let game = match finished_game(&id, &shared, params, "/api/games/{id}/verify").await {
        Ok(game) => game,
        Err(response) => return response,
    };
    let verdict = match (&game.record, &game.aborted_deal) {
        (Some(record), _) => {
            let problem = record.replay().err().map(|error| error.to_string());
            mice_cake_protocol::GameVerdict {
                sealed: record.is_sealed(),
                fair: problem.is_none() && record.is_sealed(),
                rounds: u32::try_from(record.rounds.len()).unwrap_or(u32::MAX),
                problem,
            }
        }
        (None, Some(deal)) => {
            let problem = deal.check().err().map(|error| error.to_string());
            mice_cake_protocol::GameVerdict {
                sealed: true,
                fair: problem.is_none(),
                rounds: 0,
                problem,
            }
        }
        (None, None) => mice_cake_protocol::GameVerdict {
            sealed: false,
            fair: false,
            rounds: 0,
            problem: Some("the stored game holds no record".into()),
        },
    };
    Json(verdict).into_response()
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
    let Query(params) = match params {
        Ok(params) => params,
        Err(rejection) => {
            return bad_query(
                &rejection,
                &format!(
                    "the query takes player=NAME, before=CURSOR and limit=1..{MAX_GAMES_PAGE}"
                ),
            );
        }
    };
    let limit = match page_limit(params.limit, DEFAULT_GAMES_PAGE, MAX_GAMES_PAGE) {
        Ok(limit) => limit,
        Err(wrong) => return bad_request(wrong),
    };
    let player = match params
        .player
        .as_deref()
        .map(mice_cake_protocol::player_name)
    {
        None => None,
        Some(Ok(name)) => Some(name),
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

/// `GET /healthz`, the liveness check (whatever its query says: health
/// checks add their own): `200` while this process serves — its own rooms
/// go on whatever its database or Redis do, and players whose room runs
/// here must be able to reach it — and `503` only once it is stopping. What
/// it reaches, as last seen, is said beside: it waits on nobody.
async fn health(State(shared): State<Arc<Shared>>) -> Response {
    let stopping = shared.shutdown().is_cancelled();
    let reached = if stopping {
        Reached::default()
    } else {
        shared.dependencies.reached()
    };
    let status = if stopping {
        HealthStatus::ShuttingDown
    } else {
        HealthStatus::Ok
    };
    health_answer(&shared, status, reached)
}

/// `GET /readyz`, the readiness check: `200` when this node takes new
/// rooms and players — it is not stopping, reaches its database and its
/// cluster's Redis (as last seen: it waits on nobody either), and has a
/// slot free — else `503` and why (`shutting_down`, `unavailable`,
/// `full`). A balancer sends newcomers to ready nodes, and to live ones
/// when none is ready.
async fn ready(State(shared): State<Arc<Shared>>) -> Response {
    let stopping = shared.shutdown().is_cancelled();
    // A stopping server says only that.
    let reached = if stopping {
        Reached::default()
    } else {
        shared.dependencies.reached()
    };
    let status = if stopping {
        HealthStatus::ShuttingDown
    } else if !reached.all() {
        HealthStatus::Unavailable
    } else if shared.admission.is_full() {
        HealthStatus::Full
    } else {
        HealthStatus::Ok
    };
    health_answer(&shared, status, reached)
}

fn health_answer(shared: &Shared, status: HealthStatus, reached: Reached) -> Response {
    let code = match status {
        HealthStatus::Ok => StatusCode::OK,
        _ => StatusCode::SERVICE_UNAVAILABLE,
    };
    let health = Health {
        status,
        node: shared
            .cluster
            .as_ref()
            .map(|cluster| cluster.node().to_owned()),
        rooms: shared.lobby.room_count() as u64,
        connections: shared.admission.connections() as u64,
        database: reached.database,
        redis: reached.redis,
    };
    (code, Json(health)).into_response()
}

async fn metrics(State(shared): State<Arc<Shared>>) -> Response {
    (
        [(header::CONTENT_TYPE, "text/plain; version=0.0.4")],
        shared.metrics.render(),
    )
        .into_response()
}

async fn not_found(uri: axum::http::Uri) -> Response {
    api_error(
        StatusCode::NOT_FOUND,
        ErrorCode::NotFound,
        format!(
            "no such endpoint: {}; the endpoints are {ENDPOINTS}",
            quoted(uri.path())
        ),
    )
}

async fn method_not_allowed(method: axum::http::Method, uri: axum::http::Uri) -> Response {
    api_error(
        StatusCode::METHOD_NOT_ALLOWED,
        ErrorCode::MethodNotAllowed,
        format!(
            "{} takes GET (and HEAD), not {}",
            quoted(uri.path()),
            quoted(method.as_str())
        ),
    )
}

//! Arenas' HTTP API (`docs/arenas.md`): `POST /api/arenas` makes one (its
//! creator's key proven in the body, answering a challenge fetched for it
//! and spent by it), `GET /api/arenas` lists the upcoming,
//! live and latest finished, `GET /api/arenas/{id}` gives one whole: status,
//! standings, games being played, games played.

use std::sync::Arc;

use axum::extract::rejection::{JsonRejection, QueryRejection};
use axum::extract::{Query, State};
use axum::http::StatusCode;
use axum::response::{IntoResponse as _, Json, Response};
use mice_cake_protocol::api::CreateArena;
use mice_cake_protocol::{ArenaId, ErrorCode};

use crate::arena::registry::ArenaRefused;
use crate::quote::quoted;
use crate::responses::{ApiPath, NoParams, api_error, bad_query, bad_request};
use crate::shared::Shared;

/// The answer for an arena refused.
fn refused(refused: &ArenaRefused) -> Response {
    let (status, code) = match refused {
        ArenaRefused::BadSpec(_) => (StatusCode::BAD_REQUEST, ErrorCode::BadOptions),
        ArenaRefused::BadProof(_) => (StatusCode::BAD_REQUEST, ErrorCode::BadSignature),
        ArenaRefused::Unknown(_) => (StatusCode::NOT_FOUND, ErrorCode::UnknownArena),
        ArenaRefused::TooMany(_) => (StatusCode::CONFLICT, ErrorCode::ArenaRefused),
        ArenaRefused::Unreachable => (StatusCode::SERVICE_UNAVAILABLE, ErrorCode::ArenaRefused),
        ArenaRefused::Store(cause) => return crate::responses::storage_failed(cause),
    };
    api_error(status, code, refused.to_string())
}

/// `POST /api/arenas`: 201 with the arena's summary (its `id` first).
pub(crate) async fn create(
    State(shared): State<Arc<Shared>>,
    body: Result<Json<CreateArena>, JsonRejection>,
) -> Response {
    let request = match body {
        Ok(Json(request)) => request,
        Err(rejection) => {
            return bad_request(format!(
                "POST /api/arenas takes an arena as JSON (docs/arenas.md): {}",
                rejection.body_text()
            ));
        }
    };
    if let Err(bad) = shared
        .key_challenges
        .prove(request.key, request.key_proof, tokio::time::Instant::now())
        .await
    {
        return refused(&ArenaRefused::BadProof(bad));
    }
    match shared
        .arenas
        .create(request, crate::clock::unix_millis())
        .await
    {
        Ok(summary) => (StatusCode::CREATED, Json(summary)).into_response(),
        Err(why) => refused(&why),
    }
}

/// `GET /api/arenas`.
pub(crate) async fn list(
    State(shared): State<Arc<Shared>>,
    params: Result<Query<NoParams>, QueryRejection>,
) -> Response {
    if let Err(rejection) = params {
        return bad_query(&rejection, "/api/arenas takes no parameters");
    }
    match shared.arenas.list(crate::clock::unix_millis()).await {
        Ok(list) => Json(list).into_response(),
        Err(why) => refused(&why),
    }
}

/// `GET /api/arenas/{id}`.
pub(crate) async fn arena(
    ApiPath(id): ApiPath<String>,
    State(shared): State<Arc<Shared>>,
    params: Result<Query<NoParams>, QueryRejection>,
) -> Response {
    if let Err(rejection) = params {
        return bad_query(&rejection, "/api/arenas/{id} takes no parameters");
    }
    let Ok(id) = id.parse::<ArenaId>() else {
        return api_error(
            StatusCode::BAD_REQUEST,
            ErrorCode::BadMessage,
            format!(
                "{:?} is not an arena id (8 letters and digits, like K7M2QX9P)",
                quoted(&id)
            ),
        );
    };
    match shared.arenas.detail(id).await {
        Ok(Some(detail)) => Json(detail).into_response(),
        Ok(None) => refused(&ArenaRefused::Unknown(id)),
        Err(why) => refused(&why),
    }
}

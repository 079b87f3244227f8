//! The ratings' HTTP API: `GET /api/players/{key}` (a player's page: name,
//! rating and history per pool, latest rated games) and `GET
//! /api/leaderboard?pool=POOL&limit=N` (a pool's best players).

use std::sync::Arc;

use axum::extract::rejection::QueryRejection;
use axum::extract::{Query, State};
use axum::http::StatusCode;
use axum::response::{IntoResponse as _, Json, Response};
use mice_cake_engine::PlayerKey;
use mice_cake_protocol::{DEFAULT_LEADERBOARD_PAGE, ErrorCode, MAX_LEADERBOARD_PAGE, Pool};
use serde::Deserialize;

use crate::quote::{bounded, quoted};
use crate::responses::{
    ApiPath, NoParams, api_error, bad_query, bad_request, page_limit, storage_failed,
};
use crate::shared::Shared;

/// `GET /api/players/{key}`: 404 for a key that never played a rated game.
pub(crate) async fn player(
    ApiPath(key): ApiPath<String>,
    State(shared): State<Arc<Shared>>,
    params: Result<Query<NoParams>, QueryRejection>,
) -> Response {
    if let Err(rejection) = params {
        return bad_query(&rejection, "/api/players/{key} takes no parameters");
    }
    let Ok(key) = key.parse::<PlayerKey>() else {
        return api_error(
            StatusCode::BAD_REQUEST,
            ErrorCode::BadMessage,
            format!(
                "{:?} is not a player's key (64 hexadecimal digits)",
                quoted(&key)
            ),
        );
    };
    match shared.rooms.storage.player(key).await {
        Ok(Some(profile)) => Json(profile).into_response(),
        Ok(None) => api_error(
            StatusCode::NOT_FOUND,
            ErrorCode::UnknownPlayer,
            format!("the player {key} has played no rated game here"),
        ),
        Err(cause) => storage_failed(&cause),
    }
}

/// `GET /api/leaderboard`'s query.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub(crate) struct LeaderboardParams {
    pool: Option<String>,
    limit: Option<u32>,
}

/// `GET /api/leaderboard`: the standard pool unless `pool` says another.
pub(crate) async fn leaderboard(
    State(shared): State<Arc<Shared>>,
    params: Result<Query<LeaderboardParams>, QueryRejection>,
) -> Response {
    let Query(params) = match params {
        Ok(params) => params,
        Err(rejection) => {
            return bad_query(
                &rejection,
                &format!("the query takes pool=POOL and limit=1..{MAX_LEADERBOARD_PAGE}"),
            );
        }
    };
    let limit = match page_limit(params.limit, DEFAULT_LEADERBOARD_PAGE, MAX_LEADERBOARD_PAGE) {
        Ok(limit) => limit,
        Err(wrong) => return bad_request(wrong),
    };
    let pool = match params.pool.as_deref().map(str::parse::<Pool>) {
        None => Pool::Standard,
        Some(Ok(pool)) => pool,
        Some(Err(error)) => return bad_request(bounded(error.to_string())),
    };
    match shared.rooms.storage.leaderboard(pool, limit).await {
        Ok(board) => Json(board).into_response(),
        Err(cause) => storage_failed(&cause),
    }
}

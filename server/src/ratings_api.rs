//! The ratings' HTTP API: `GET /api/players/{key}` (a player's page: name,
//! whether a bot, rating and history per pool, conduct, latest games),
//! `GET /api/players?name=NAME` (the keys known by a name, to challenge
//! one by key) and `GET /api/leaderboard?pool=POOL&limit=N&bots=1` (a
//! pool's best players, people's or bots').

use std::sync::Arc;

use axum::extract::rejection::QueryRejection;
use axum::extract::{Query, State};
use axum::http::StatusCode;
use axum::response::{IntoResponse as _, Json, Response};
use mice_cake_engine::PlayerKey;
use mice_cake_protocol::{
    DEFAULT_LEADERBOARD_PAGE, ErrorCode, MAX_LEADERBOARD_PAGE, PlayersNamed, Pool,
};
use serde::Deserialize;

use crate::quote::{bounded, quoted};
use crate::responses::{
    ApiPath, NoParams, api_error, bad_query, bad_request, page_limit, storage_failed,
};
use crate::shared::Shared;

/// `GET /api/players/{key}`: 404 for a key that never played a game here
/// (nor declared itself a bot).
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
        Ok(Some(mut profile)) => match shared.rooms.storage.accuracy(key).await {
            Ok(accuracy) => {
                profile.accuracy = accuracy;
                Json(profile).into_response()
            }
            Err(cause) => storage_failed(&cause),
        },
        Ok(None) => api_error(
            StatusCode::NOT_FOUND,
            ErrorCode::UnknownPlayer,
            format!("the player {key} has played no game here"),
        ),
        Err(cause) => storage_failed(&cause),
    }
}

/// `GET /api/players`'s query.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub(crate) struct NameParams {
    name: Option<String>,
}

/// `GET /api/players?name=NAME`: the keys whose name is `NAME` now (ASCII
/// case ignored), a few at most; 400 without a name, or for one no player
/// could have.
pub(crate) async fn players_named(
    State(shared): State<Arc<Shared>>,
    params: Result<Query<NameParams>, QueryRejection>,
) -> Response {
    let Query(params) = match params {
        Ok(params) => params,
        Err(rejection) => return bad_query(&rejection, "the query takes name=NAME"),
    };
    let Some(name) = params.name else {
        return bad_request("name=NAME is required: the name to look for".into());
    };
    let name = match mice_cake_protocol::player_name(&name) {
        Ok(name) => name,
        Err(error) => return bad_request(format!("name: {error}")),
    };
    match shared.rooms.storage.players_named(name).await {
        Ok(players) => Json(PlayersNamed { players }).into_response(),
        Err(cause) => storage_failed(&cause),
    }
}

/// `GET /api/leaderboard`'s query.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub(crate) struct LeaderboardParams {
    pool: Option<String>,
    limit: Option<u32>,
    /// `1` (or `true`) for the bots' leaderboard.
    bots: Option<String>,
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
                &format!("the query takes pool=POOL, limit=1..{MAX_LEADERBOARD_PAGE} and bots=1"),
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
    let bots = match params.bots.as_deref() {
        None | Some("0" | "false") => false,
        Some("1" | "true") => true,
        Some(other) => {
            return bad_request(format!(
                "bots is 1 (the bots' leaderboard) or 0 (the people's), not {:?}",
                quoted(other)
            ));
        }
    };
    match shared.rooms.storage.leaderboard(pool, limit, bots).await {
        Ok(board) => Json(board).into_response(),
        Err(cause) => storage_failed(&cause),
    }
}

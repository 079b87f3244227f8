//! `GET /api/matches/{id}`: a match as its room last stored it — its
//! players and their wins, its games in order, how it stands or ended
//! (`MatchSummary`). Its games are each `GET /api/games/{id}`, and their
//! records chain them (`docs/fairness.md`).

use std::sync::Arc;

use axum::extract::rejection::QueryRejection;
use axum::extract::{Query, State};
use axum::http::StatusCode;
use axum::response::{IntoResponse as _, Json, Response};
use mice_cake_engine::MatchId;
use mice_cake_protocol::{ErrorCode, RefusalArg};

use crate::quote::quoted;
use crate::responses::{ApiPath, NoParams, api_error, api_refusal, bad_query, storage_failed};
use crate::shared::Shared;

/// `GET /api/matches/{id}`: 400 for an id that is not one, 404
/// `unknown_match` for one that is not stored.
pub(crate) async fn match_summary(
    ApiPath(id): ApiPath<String>,
    State(shared): State<Arc<Shared>>,
    params: Result<Query<NoParams>, QueryRejection>,
) -> Response {
    if let Err(rejection) = params {
        return bad_query(&rejection, "/api/matches/{id} takes no parameters");
    }
    let Ok(id) = id.parse::<MatchId>() else {
        return api_error(
            StatusCode::BAD_REQUEST,
            ErrorCode::BadMessage,
            format!(
                "{:?} is not a match id (32 hexadecimal digits)",
                quoted(&id)
            ),
        );
    };
    match shared.rooms.storage.match_summary(id).await {
        Ok(Some(summary)) => Json(summary).into_response(),
        Ok(None) => api_refusal(
            StatusCode::NOT_FOUND,
            ErrorCode::UnknownMatch,
            format!("no match has the id {id}"),
            [
                ("reason".to_owned(), RefusalArg::from("named")),
                ("match".to_owned(), RefusalArg::from(id.to_string())),
            ]
            .into(),
        ),
        Err(cause) => storage_failed(&cause),
    }
}

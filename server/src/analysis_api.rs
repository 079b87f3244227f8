//! `GET /api/games/{id}/analysis`: a finished game's analysis (the
//! engine's `analysis`: each move against the best `strong` finds), read
//! from the store, or made on request (`analyses.rs`) and kept there. Only
//! finished games are stored, so a game still being played is never
//! analysed; a forfeited game is analysed as far as it was played.

use std::sync::Arc;

use axum::extract::rejection::QueryRejection;
use axum::extract::{Query, State};
use axum::http::{StatusCode, header};
use axum::response::{IntoResponse, Response};
use mice_cake_engine::analysis::ANALYSIS_VERSION;
use mice_cake_protocol::ErrorCode;
use tracing::error;

use crate::analyses::AnalysisFailure;
use crate::responses::{ApiPath, NoParams, api_error, storage_failed};
use crate::shared::Shared;
use crate::stored_game::{finished_game, never_dealt};

pub(crate) async fn analysis(
    ApiPath(id): ApiPath<String>,
    State(shared): State<Arc<Shared>>,
    params: Result<Query<NoParams>, QueryRejection>,
) -> Response {
    let game = match finished_game(&id, &shared, params, "/api/games/{id}/analysis").await {
        Ok(game) => game,
        Err(response) => return response,
    };
    let Some(record) = game.record else {
        return never_dealt(game.id, "no move was made, so there is nothing to analyse");
    };
    match shared
        .rooms
        .storage
        .analysis(game.id, ANALYSIS_VERSION)
        .await
    {
        Ok(Some(json)) => return json_answer(json, STORED),
        Ok(None) => {}
        Err(cause) => return storage_failed(&cause),
    }
    let made = match shared.analyses.request(game.id, record, &shared.rooms) {
        Ok(made) => made,
        Err(failure) => return refused(&failure, game.id),
    };
    match crate::analyses::once_made(made).await {
        Ok(json) => json_answer(json, MADE),
        Err(failure) => refused(&failure, game.id),
    }
}

/// Why there is no analysis, as an answer.
fn refused(failure: &AnalysisFailure, game: mice_cake_protocol::GameId) -> Response {
    let (status, code) = match failure {
        AnalysisFailure::Busy => (StatusCode::SERVICE_UNAVAILABLE, ErrorCode::Unavailable),
        AnalysisFailure::ShuttingDown => (StatusCode::SERVICE_UNAVAILABLE, ErrorCode::ShuttingDown),
        AnalysisFailure::Engine(_) | AnalysisFailure::Failed(_) => {
            error!(cause = %failure, game = %game, "an analysis failed");
            return api_error(
                StatusCode::INTERNAL_SERVER_ERROR,
                ErrorCode::Internal,
                format!("the analysis of game {game} failed"),
            );
        }
    };
    api_error(status, code, failure.to_string())
}

/// `Cache-Status` (RFC 9211) of an analysis read from storage ...
const STORED: &str = "mice-cake; hit";
/// ... and of one made for this request (or for another made at once).
const MADE: &str = "mice-cake; fwd=miss; stored";

fn json_answer(json: String, cache_status: &'static str) -> Response {
    (
        [
            (header::CONTENT_TYPE, "application/json"),
            (
                header::HeaderName::from_static("cache-status"),
                cache_status,
            ),
        ],
        json,
    )
        .into_response()
}

//! A finished game read from storage for an HTTP answer, or the answer
//! that says why there is none.

use axum::extract::Query;
use axum::extract::rejection::QueryRejection;
use axum::http::StatusCode;
use axum::response::Response;
use mice_cake_protocol::{ErrorCode, FinishedGame, GameId, RefusalArg};

use crate::quote::quoted;
use crate::responses::{NoParams, api_error, bad_query, storage_failed};
use crate::shared::Shared;

/// The stored game `id` for `path` (which takes no parameters).
pub(crate) async fn finished_game(
    id: &str,
    shared: &Shared,
    params: Result<Query<NoParams>, QueryRejection>,
    path: &str,
) -> Result<FinishedGame, Response> {
    if let Err(rejection) = params {
        return Err(bad_query(
            &rejection,
            &format!("{path} takes no parameters"),
        ));
    }
    let Ok(id) = id.parse() else {
        return Err(api_error(
            StatusCode::BAD_REQUEST,
            ErrorCode::BadMessage,
            format!("{:?} is not a game id", quoted(id)),
        ));
    };
    match shared.rooms.storage.game(id).await {
        Ok(Some(game)) => Ok(game),
        Ok(None) => Err(crate::responses::api_refusal(
            StatusCode::NOT_FOUND,
            ErrorCode::UnknownGame,
            format!("no finished game has the id {id}"),
            [
                ("reason".to_owned(), RefusalArg::from("named")),
                ("game".to_owned(), RefusalArg::from(id.to_string())),
            ]
            .into(),
        )),
        Err(cause) => Err(storage_failed(&cause)),
    }
}

/// A game that ended at its deal, asked for what only a dealt game has.
pub(crate) fn never_dealt(id: GameId, what: &str) -> Response {
    api_error(
        StatusCode::NOT_FOUND,
        ErrorCode::NotFound,
        format!("game {id} ended at its deal: {what}"),
    )
}

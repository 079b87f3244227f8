//! `GET /api/fair-play`: the fair-play report — play too close to the
//! strong bot's (`fair_play.rs`), ratings fed by rings of keys
//! (`boosting.rs`) — for the server's operator alone (`operator.rs`).

use std::sync::Arc;

use axum::extract::rejection::QueryRejection;
use axum::extract::{Query, Request, State};
use axum::response::{IntoResponse as _, Json, Response};

use crate::operator::not_the_operator;
use crate::responses::{NoParams, bad_query, storage_failed};
use crate::shared::Shared;

pub(crate) async fn fair_play(
    State(shared): State<Arc<Shared>>,
    params: Result<Query<NoParams>, QueryRejection>,
    request: Request,
) -> Response {
    if let Some(refused) = not_the_operator(&shared, &request) {
        return refused;
    }
    if let Err(rejection) = params {
        return bad_query(&rejection, "/api/fair-play takes no parameters");
    }
    let storage = &shared.rooms.storage;
    let (figures, rated) = match (storage.accuracies().await, storage.rated_games().await) {
        (Ok(figures), Ok(rated)) => (figures, rated),
        (Err(cause), _) | (_, Err(cause)) => return storage_failed(&cause),
    };
    let mut report = crate::fair_play::report(&figures);
    report.boosting = crate::boosting::boosted(&rated, &|_| String::new());
    for entry in &mut report.boosting {
        match storage.player(entry.key).await {
            Ok(page) => entry.name = page.map(|page| page.name).unwrap_or_default(),
            Err(cause) => return storage_failed(&cause),
        }
    }
    Json(report).into_response()
}

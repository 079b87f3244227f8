//! The bots' page's HTTP API: `GET /api/bots?limit=N`, each declared bot
//! with its signed card (its engine, its owner's note), its games and its
//! ratings among bots (`mice_cake_protocol::bots`).

use std::sync::Arc;

use axum::extract::rejection::QueryRejection;
use axum::extract::{Query, State};
use axum::response::{IntoResponse as _, Json, Response};
use mice_cake_protocol::bots::{DEFAULT_BOTS_LISTED, MAX_BOTS_LISTED};
use serde::Deserialize;

use crate::responses::{bad_query, bad_request, page_limit, storage_failed};
use crate::shared::Shared;

/// `GET /api/bots`'s query.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub(crate) struct BotsParams {
    limit: Option<u32>,
}

/// `GET /api/bots`: the bots that played the most games first.
pub(crate) async fn bots(
    State(shared): State<Arc<Shared>>,
    params: Result<Query<BotsParams>, QueryRejection>,
) -> Response {
    let Query(params) = match params {
        Ok(params) => params,
        Err(rejection) => {
            return bad_query(
                &rejection,
                &format!("the query takes limit=1..{MAX_BOTS_LISTED}"),
            );
        }
    };
    let limit = match page_limit(params.limit, DEFAULT_BOTS_LISTED, MAX_BOTS_LISTED) {
        Ok(limit) => limit,
        Err(wrong) => return bad_request(wrong),
    };
    match shared.rooms.storage.bots(limit).await {
        Ok(page) => Json(page).into_response(),
        Err(cause) => storage_failed(&cause),
    }
}

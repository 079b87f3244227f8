//! `POST /api/ratings/refunds`: the server's operator takes a ring's rated
//! games out of the ratings (`store::refunds`, `docs/ratings.md`,
//! "Refunds"), after the fair-play report named it (`boosting`).

use std::sync::Arc;

use axum::extract::{Request, State};
use axum::response::{IntoResponse as _, Json, Response};
use mice_cake_protocol::api::RefundRequest;

use crate::operator::not_the_operator;
use crate::responses::{bad_request, storage_failed};
use crate::shared::Shared;

/// `POST /api/ratings/refunds` (`RefundRequest`): takes every rated game
/// any of the keys played out of the ratings and rates their pools again
/// (`store::refunds`).
pub(crate) async fn refund(State(shared): State<Arc<Shared>>, request: Request) -> Response {
    if let Some(refused) = not_the_operator(&shared, &request) {
        return refused;
    }
    let Ok(body) = axum::body::to_bytes(request.into_body(), MAX_REFUND_BODY).await else {
        return bad_request(format!(
            "a refund's body is at most {MAX_REFUND_BODY} bytes"
        ));
    };
    let asked: RefundRequest = match serde_json::from_slice(&body) {
        Ok(asked) => asked,
        Err(error) => {
            return bad_request(format!(
                "POST /api/ratings/refunds takes {{\"keys\": [KEY, …]}} (docs/ratings.md, \
                 \"Refunds\"): {error}"
            ));
        }
    };
    if asked.keys.is_empty() {
        return bad_request("a refund names at least one key".into());
    }
    let keys = asked.keys.clone();
    match shared
        .rooms
        .storage
        .refund(asked.keys, crate::clock::unix_millis())
        .await
    {
        Ok(done) => {
            tracing::info!(
                keys = keys.len(),
                games = done.games,
                ratings = done.ratings.len(),
                "ratings refunded"
            );
            Json(done).into_response()
        }
        Err(cause) => storage_failed(&cause),
    }
}

/// Most of a refund's body: a thousand keys.
const MAX_REFUND_BODY: usize = 80 * 1024;

//! `POST /api/key-challenges`: a challenge for one HTTP request that takes a
//! proof of a key (`key_challenges.rs`), good once for two minutes.

use std::sync::Arc;

use axum::extract::{Request, State};
use axum::http::StatusCode;
use axum::response::{IntoResponse as _, Json, Response};
use mice_cake_protocol::ErrorCode;
use mice_cake_protocol::api::KeyChallengeIssued;

use crate::connection::Peer;
use crate::key_challenges::LIFETIME;
use crate::responses::api_error;
use crate::shared::Shared;

pub(crate) async fn issue(State(shared): State<Arc<Shared>>, request: Request) -> Response {
    let Some(peer) = request.extensions().get::<Peer>().map(|peer| peer.0) else {
        return api_error(
            StatusCode::INTERNAL_SERVER_ERROR,
            ErrorCode::Internal,
            "the request's address is unknown".into(),
        );
    };
    let challenge = shared.rooms.rng.key_challenge();
    match shared
        .key_challenges
        .give(challenge, peer, tokio::time::Instant::now())
        .await
    {
        Ok(()) => (
            StatusCode::CREATED,
            Json(KeyChallengeIssued {
                challenge,
                expires_in_ms: u64::try_from(LIFETIME.as_millis()).unwrap_or(u64::MAX),
            }),
        )
            .into_response(),
        Err(why) => api_error(
            StatusCode::TOO_MANY_REQUESTS,
            ErrorCode::RateLimited,
            why.to_string(),
        ),
    }
}

//! `GET /api/challenges/{id}`: a challenge, waiting or ended — who
//! challenges whom, to what room, how long it still waits, and how it
//! ended (`ChallengeStatus`): what its link (`/c/{id}`) shows. Answering
//! one is the challenged player's, over the WebSocket (`accept_challenge`,
//! with their key proven).

use std::sync::Arc;

use axum::extract::rejection::QueryRejection;
use axum::extract::{Query, State};
use axum::http::StatusCode;
use axum::response::{IntoResponse as _, Json, Response};
use mice_cake_protocol::{ChallengeEnd, ChallengeId, ChallengeStatus, ErrorCode, RefusalArg};

use crate::quote::quoted;
use crate::responses::{ApiPath, NoParams, api_error, api_refusal, bad_query, storage_failed};
use crate::shared::Shared;
use crate::store::StoredChallenge;

/// `GET /api/challenges/{id}`: 400 for an id that is not one, 404
/// `unknown_challenge` for one that is not kept.
pub(crate) async fn challenge(
    ApiPath(id): ApiPath<String>,
    State(shared): State<Arc<Shared>>,
    params: Result<Query<NoParams>, QueryRejection>,
) -> Response {
    if let Err(rejection) = params {
        return bad_query(&rejection, "/api/challenges/{id} takes no parameters");
    }
    let Ok(id) = id.parse::<ChallengeId>() else {
        return api_error(
            StatusCode::BAD_REQUEST,
            ErrorCode::BadMessage,
            format!(
                "{:?} is not a challenge id (10 letters and digits, like K7M2QX9PHT)",
                quoted(&id)
            ),
        );
    };
    match shared.rooms.storage.challenge(id).await {
        Ok(Some(stored)) => Json(status(&stored, crate::clock::unix_millis())).into_response(),
        Ok(None) => api_refusal(
            StatusCode::NOT_FOUND,
            ErrorCode::UnknownChallenge,
            format!("no challenge has the id {id}"),
            [
                ("reason".to_owned(), RefusalArg::from("named")),
                ("challenge".to_owned(), RefusalArg::from(id.to_string())),
            ]
            .into(),
        ),
        Err(cause) => storage_failed(&cause),
    }
}

/// How `stored` stands at `now_ms`: one past its time has expired, even
/// before the server has ended it so.
fn status(stored: &StoredChallenge, now_ms: u64) -> ChallengeStatus {
    let end = stored
        .end
        .or_else(|| (!stored.waits(now_ms)).then_some(ChallengeEnd::Expired));
    let mut challenge = stored.told(now_ms);
    if end.is_some() {
        challenge.expires_in_ms = 0;
    }
    ChallengeStatus { challenge, end }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::store::a_challenge;

    #[test]
    fn a_challenge_past_its_time_has_expired_and_an_ended_one_waits_no_more() {
        let waiting = a_challenge(1, 2, 1_000);
        let expiry = waiting.expires_at_ms;
        let now = status(&waiting, expiry - 250);
        assert_eq!((now.challenge.expires_in_ms, now.end), (250, None));
        assert_eq!(now.challenge.from, waiting.from);
        let late = status(&waiting, expiry);
        assert_eq!(
            (late.challenge.expires_in_ms, late.end),
            (0, Some(ChallengeEnd::Expired))
        );
        let mut declined = waiting.clone();
        declined.end = Some(ChallengeEnd::Declined);
        let ended = status(&declined, 2_000);
        assert_eq!(
            (ended.challenge.expires_in_ms, ended.end),
            (0, Some(ChallengeEnd::Declined))
        );
    }
}

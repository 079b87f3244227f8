//! Arenas over the server's HTTP API: the list, one arena whole, and a new
//! one made with the player's key (`docs/arenas.md`).

use mice_cake_engine::PlayerSecret;
use mice_cake_protocol::api::{CreateArena, KeyChallengeIssued};
use mice_cake_protocol::arena::{ArenaDetail, ArenaList, ArenaSpec, ArenaSummary};
use mice_cake_protocol::{ArenaId, KeyProof};

use crate::replay::{answer, fetch};
use crate::tr;

/// The upcoming, live and latest finished arenas on the server at `http`.
pub fn list(http: &str) -> anyhow::Result<ArenaList> {
    Ok(serde_json::from_str(&fetch(&format!(
        "{http}/api/arenas"
    ))?)?)
}

/// One arena whole: standings, games being played, games played.
pub fn detail(http: &str, id: ArenaId) -> anyhow::Result<ArenaDetail> {
    Ok(serde_json::from_str(&fetch(&format!(
        "{http}/api/arenas/{id}"
    ))?)?)
}

/// Makes the arena `spec` as the holder of `secret`, named `creator`: a
/// challenge fetched for the request first, its proof answering it.
pub fn create(
    http: &str,
    spec: ArenaSpec,
    secret: &PlayerSecret,
    creator: &str,
) -> anyhow::Result<ArenaSummary> {
    let issued: KeyChallengeIssued =
        serde_json::from_str(&post(&format!("{http}/api/key-challenges"), "")?)?;
    let request = CreateArena {
        spec,
        key: secret.public_key(),
        key_proof: KeyProof::new(secret, issued.challenge),
        creator: creator.to_owned(),
    };
    let body = serde_json::to_string(&request)?;
    Ok(serde_json::from_str(&post(
        &format!("{http}/api/arenas"),
        &body,
    )?)?)
}

/// POSTs `body` (JSON) to `url`: the answer's body, or what went wrong.
fn post(url: &str, body: &str) -> anyhow::Result<String> {
    let response = crate::tls::http_agent()
        .post(url)
        // words-check: an HTTP header, never shown.
        .header("Content-Type", "application/json")
        .config()
        .http_status_as_error(false)
        .build()
        .send(body.as_bytes())
        .map_err(|error| {
            anyhow::anyhow!(tr!(
                "arenas-cannot-reach",
                url = url,
                error = error.to_string()
            ))
        })?;
    answer(url, response)
}

//! The HTTP API around challenges: `GET /api/challenges/{id}` (a challenge,
//! waiting or ended, as its link shows it) and `GET /api/players?name=NAME`
//! (the keys a name is known by, to challenge one by key).

use mice_cake_engine::PlayerKey;
use mice_cake_protocol::{
    ApiError, Challenge, ChallengeEnd, ChallengeStatus, ClientMessage, DEFAULT_CHALLENGE_EXPIRY_MS,
    ErrorCode, PlayersNamed, RefusalArg, RoomOptions, ServerMessage,
};

use crate::support::{Client, TestServer, secret_of};

fn refusal(body: &str) -> ApiError {
    serde_json::from_str(body).unwrap_or_else(|error| panic!("{error}: {body}"))
}

/// `client` (greeted, with its key) challenges `to` to a casual room.
async fn challenges(client: &mut Client, to: PlayerKey) -> Challenge {
    let key = client.sealing.key().unwrap();
    client
        .send(&ClientMessage::Challenge {
            to,
            options: RoomOptions {
                public: false,
                ..RoomOptions::default()
            },
            key,
            key_proof: client.sealing.key_proof(),
            bot_declaration: None,
        })
        .await;
    match client
        .recv_until(|m| {
            matches!(
                m,
                ServerMessage::ChallengeSent { .. } | ServerMessage::Error { .. }
            )
        })
        .await
    {
        ServerMessage::ChallengeSent { challenge } => challenge,
        other => panic!("challenge_sent: {other:?}"),
    }
}

/// A challenge is read by its id (any case) while it waits — who, to
/// what, how long it has left — and once it ended, how.
#[tokio::test]
async fn a_challenge_is_read_by_its_id_waiting_and_then_ended() {
    let server = TestServer::default().await;
    let mut ann = Client::greeted(&server, "Ann").await;
    let bob = secret_of("Bob").public_key();
    let made = challenges(&mut ann, bob).await;
    for asked in [
        made.id.to_string(),
        made.id.to_string().to_ascii_lowercase(),
    ] {
        let status: ChallengeStatus = server.get_json(&format!("/api/challenges/{asked}")).await;
        assert_eq!(status.end, None, "it waits");
        let told = status.challenge;
        assert_eq!(
            (told.id, told.from.key, told.to.key),
            (made.id, ann.sealing.key().unwrap(), bob)
        );
        assert_eq!(told.from.name, "Ann");
        assert_eq!(told.options, made.options);
        assert!(
            told.expires_in_ms <= DEFAULT_CHALLENGE_EXPIRY_MS
                && told.expires_in_ms > DEFAULT_CHALLENGE_EXPIRY_MS - 60_000,
            "{told:?}"
        );
    }

    ann.send(&ClientMessage::CancelChallenge { id: made.id })
        .await;
    ann.recv_until(|m| matches!(m, ServerMessage::ChallengeEnded { id, .. } if *id == made.id))
        .await;
    let status: ChallengeStatus = server
        .get_json(&format!("/api/challenges/{}", made.id))
        .await;
    assert_eq!(status.end, Some(ChallengeEnd::Cancelled));
    assert_eq!(status.challenge.expires_in_ms, 0, "it waits no more");
}

/// `GET /api/challenges/{id}`: an id that is not one is a 400, one no
/// challenge has a 404 `unknown_challenge` that names it (as written).
#[tokio::test]
async fn a_challenge_asked_for_by_a_bad_or_unknown_id_is_refused_clearly() {
    let server = TestServer::default().await;
    for malformed in ["nonsense", "K7M2QX9PH", "K7M2QX9PH0", "K7M2QX9PHTX"] {
        let (status, body) = server.get(&format!("/api/challenges/{malformed}")).await;
        assert_eq!(status, 400, "{malformed}: {body}");
        let error = refusal(&body);
        assert_eq!(error.code, ErrorCode::BadMessage);
        assert!(error.message.contains("is not a challenge id"), "{body}");
    }
    for asked in ["K7M2QX9PHT", "k7m2qx9pht"] {
        let (status, body) = server.get(&format!("/api/challenges/{asked}")).await;
        assert_eq!(status, 404, "{body}");
        let error = refusal(&body);
        assert_eq!(error.code, ErrorCode::UnknownChallenge);
        assert_eq!(
            error.args.get("challenge"),
            Some(&RefusalArg::from("K7M2QX9PHT"))
        );
        assert_eq!(error.args.get("reason"), Some(&RefusalArg::from("named")));
    }
    let (status, body) = server.get("/api/challenges/K7M2QX9PHT?full=1").await;
    assert_eq!(status, 400, "{body}");
    assert!(body.contains("takes no parameters"), "{body}");
}

/// `GET /api/players?name=NAME`: the keys known by that name now, ASCII
/// case ignored; none for a name nobody has; a 400 without a name, or for
/// one no player could have.
#[tokio::test]
async fn the_keys_a_name_is_known_by_are_found_whatever_its_case() {
    let server = TestServer::default().await;
    let mut ada = Client::greeted(&server, "Ada").await;
    let secret = secret_of("Ada");
    let key = secret.public_key();
    let now = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .unwrap()
        .as_millis() as u64;
    let name = "Ada Lovelace";
    ada.send(&ClientMessage::Rename {
        key,
        name: name.into(),
        at_ms: now,
        signature: secret.sign_rename(name, now),
    })
    .await;
    ada.recv_until(|m| matches!(m, ServerMessage::Renamed { .. }))
        .await;

    for asked in ["Ada%20Lovelace", "ada+LOVELACE", "%20ADA%20%20lovelace%20"] {
        let found: PlayersNamed = server.get_json(&format!("/api/players?name={asked}")).await;
        assert_eq!(found.players.len(), 1, "{asked}: {found:?}");
        let player = &found.players[0];
        assert_eq!(
            (player.key, player.name.as_str(), player.bot),
            (key, name, false)
        );
    }
    let (status, body) = server.get("/api/players?name=Nobody").await;
    assert_eq!((status, body.as_str()), (200, r#"{"players":[]}"#));

    let too_long = "x".repeat(mice_cake_protocol::MAX_NAME_CHARS + 1);
    for (query, says) in [
        ("", "name=NAME is required"),
        ("?name=", "name:"),
        ("?name=%E2%80%AEAda", "name:"),
        (&format!("?name={too_long}") as &str, "name:"),
        ("?who=Ada", "the query takes name=NAME"),
    ] {
        let (status, body) = server.get(&format!("/api/players{query}")).await;
        assert_eq!(status, 400, "{query}: {body}");
        let error = refusal(&body);
        assert_eq!(error.code, ErrorCode::BadMessage);
        assert!(error.message.contains(says), "{query}: {body}");
    }
}

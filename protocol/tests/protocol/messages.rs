//! The wire format: every documented example parses as what it documents and
//! round-trips exactly; every message and event is documented; parsing is
//! strict and tells unknown messages from malformed ones.

use mice_cake_protocol::{
    ApiError, ClientMessage, ErrorCode, GamePage, Health, Leaderboard, ParseError, PlayerProfile,
    RoomEvent, RoomList, RoomOptions, RoomSummary, ServerMessage,
};
use proptest::prelude::*;
use serde_json::Value;

use crate::docs::{PROTOCOL_MD, examples};
use crate::strategies::{client_message, server_message};

/// Parses `text` as `T` and checks that writing it back gives the same JSON.
fn exact<T: serde::de::DeserializeOwned + serde::Serialize>(text: &str) -> T {
    let value: T = serde_json::from_str(text).unwrap_or_else(|e| panic!("{e}:\n{text}"));
    let original: Value = serde_json::from_str(text).unwrap();
    assert_eq!(serde_json::to_value(&value).unwrap(), original, "{text}");
    value
}

#[test]
fn every_client_example_in_the_docs_parses_and_every_client_message_has_one() {
    let mut seen = Vec::new();
    for text in examples("client") {
        let message = ClientMessage::parse(text).unwrap_or_else(|e| panic!("{e}:\n{text}"));
        let _: ClientMessage = exact(text);
        let value: Value = serde_json::to_value(&message).unwrap();
        seen.push(value["type"].as_str().unwrap().to_owned());
    }
    for kind in ClientMessage::TYPES {
        assert!(
            seen.iter().any(|s| s == kind),
            "docs/protocol.md has no `{kind}` example"
        );
    }
}

#[test]
fn every_server_example_in_the_docs_parses_and_every_server_message_and_event_has_one() {
    let (mut types, mut kinds) = (Vec::new(), Vec::new());
    for text in examples("server") {
        let message: ServerMessage = exact(text);
        let value = serde_json::to_value(&message).unwrap();
        types.push(value["type"].as_str().unwrap().to_owned());
        if let ServerMessage::Event { event, .. } = message {
            kinds.push(
                serde_json::to_value(&event).unwrap()["kind"]
                    .as_str()
                    .unwrap()
                    .to_owned(),
            );
        }
    }
    for kind in ServerMessage::TYPES {
        assert!(
            types.iter().any(|s| s == kind),
            "docs/protocol.md has no `{kind}` example"
        );
    }
    for kind in RoomEvent::KINDS {
        assert!(
            kinds.iter().any(|s| s == kind),
            "docs/protocol.md has no `{kind}` event example"
        );
    }
    for text in examples("rooms") {
        let list: RoomList = exact(text);
        assert!(!list.rooms.is_empty());
    }
    let rooms = examples("room");
    assert!(!rooms.is_empty(), "docs/protocol.md has no `room` example");
    for text in rooms {
        let _: RoomSummary = exact(text);
    }
    let pages = examples("games");
    assert!(!pages.is_empty(), "docs/protocol.md has no `games` example");
    for text in pages {
        let page: GamePage = exact(text);
        assert!(!page.games.is_empty());
    }
    let health = examples("health");
    assert!(
        !health.is_empty(),
        "docs/protocol.md has no `health` example"
    );
    for text in health {
        let _: Health = exact(text);
    }
    let players = examples("player");
    assert!(
        !players.is_empty(),
        "docs/protocol.md has no `player` example"
    );
    let pages: Vec<PlayerProfile> = players.into_iter().map(exact).collect();
    assert!(
        pages.iter().any(|page| page.accuracy.is_some()),
        "a page with its accuracy"
    );
    assert!(
        pages.iter().any(|page| !page.ratings.is_empty()),
        "a rated player's page"
    );
    // A bot's page, whose declaration checks (the key is RFC 8032's second).
    assert!(
        pages.iter().any(|page| page.bot
            && page.bot_declaration.is_some_and(|declaration| {
                mice_cake_engine::signing::check_bot(page.key, declaration)
            })),
        "a bot's page"
    );
    let boards = examples("leaderboard");
    assert!(
        !boards.is_empty(),
        "docs/protocol.md has no `leaderboard` example"
    );
    for text in boards {
        let _: Leaderboard = exact(text);
    }
    let analyses = examples("analysis");
    assert!(
        !analyses.is_empty(),
        "docs/protocol.md has no `analysis` example"
    );
    for text in analyses {
        let analysis: mice_cake_engine::analysis::GameAnalysis = exact(text);
        assert!(!analysis.rounds.is_empty());
    }
    let reports = examples("fair-play");
    assert!(
        !reports.is_empty(),
        "docs/protocol.md has no `fair-play` example"
    );
    for text in reports {
        let report: mice_cake_protocol::FairPlayReport = exact(text);
        assert!(report.players.iter().any(|entry| entry.flagged));
    }
    let errors = examples("http-error");
    assert!(
        !errors.is_empty(),
        "docs/protocol.md has no `http-error` example"
    );
    for text in errors {
        let _: ApiError = exact(text);
    }
}

#[test]
fn every_error_code_is_in_the_docs_table() {
    for code in ErrorCode::ALL {
        assert!(
            PROTOCOL_MD.contains(&format!("| `{}` |", code.as_str())),
            "docs/protocol.md does not explain `{}`",
            code.as_str()
        );
    }
}

#[test]
fn parsing_tells_unknown_messages_from_malformed_ones() {
    let cases: [(&str, ErrorCode); 10] = [
        ("", ErrorCode::BadMessage),
        ("[1,2]", ErrorCode::BadMessage),
        (r#"{"type":7}"#, ErrorCode::BadMessage),
        (r#"{"type":"teleport"}"#, ErrorCode::UnknownMessage),
        (r#"{"type":"join_room"}"#, ErrorCode::BadMessage),
        (
            r#"{"type":"join_room","code":"K7M2Q","extra":1}"#,
            ErrorCode::BadMessage,
        ),
        (r#"{"type":"leave","why":"bored"}"#, ErrorCode::BadMessage),
        (
            r#"{"type":"open","round":1,"assignment":{"mice":[4,0,0,0],"extra":1}}"#,
            ErrorCode::BadMessage,
        ),
        (
            r#"{"type":"seal","round":1,"seal":"abc"}"#,
            ErrorCode::BadMessage,
        ),
        // Protocol 2's commit is gone: an old client is told at `hello`.
        (
            r#"{"type":"commit","round":1,"assignment":{"mice":[4,0,0,0]}}"#,
            ErrorCode::UnknownMessage,
        ),
    ];
    for (text, code) in cases {
        let error = ClientMessage::parse(text).unwrap_err();
        assert_eq!(error.code(), code, "{text}: {error}");
    }
    assert!(matches!(
        ClientMessage::parse(r#"{"type":"leave","why":"bored"}"#),
        Err(ParseError::BadFields { reason, .. }) if reason.contains("why")
    ));
    assert_eq!(
        ClientMessage::parse(r#"{"type":"join_room","code":"k7m2q"}"#).unwrap(),
        ClientMessage::JoinRoom {
            code: "K7M2Q".parse().unwrap(),
            key: None,
            bot_declaration: None,
            key_proof: None,
        }
    );
    // Omitted options are the defaults.
    assert_eq!(
        ClientMessage::parse(r#"{"type":"create_room"}"#).unwrap(),
        ClientMessage::CreateRoom {
            options: RoomOptions::default(),
            key: None,
            bot_declaration: None,
            key_proof: None,
        }
    );
}

proptest! {
    #[test]
    fn client_messages_round_trip(message in client_message()) {
        let text = serde_json::to_string(&message).unwrap();
        prop_assert_eq!(ClientMessage::parse(&text).unwrap(), message);
    }

    #[test]
    fn server_messages_round_trip(message in server_message()) {
        let text = serde_json::to_string(&message).unwrap();
        prop_assert_eq!(serde_json::from_str::<ServerMessage>(&text).unwrap(), message);
    }

    #[test]
    fn no_frame_crashes_the_parser(text in "\\PC{0,200}") {
        let _ = ClientMessage::parse(&text);
    }
}

/// A message announcing the prover's own key gets its proof, answering the
/// connection's challenge; one announcing another key, or none, and a
/// message that takes no proof are left as they are.
#[test]
fn a_key_is_proven_where_it_is_announced_and_nowhere_else() {
    use mice_cake_engine::{KeyChallenge, PlayerSecret};
    use mice_cake_protocol::KeyProof;

    let secret = PlayerSecret::from_bytes([1; 32]);
    let own = secret.public_key();
    let other = PlayerSecret::from_bytes([2; 32]).public_key();
    let challenge = KeyChallenge::from_bytes([3; 32]);
    let seek = |key| ClientMessage::Seek {
        pool: None,
        deadline_ms: None,
        rated: true,
        bot_after_ms: None,
        key,
        bot_declaration: None,
        key_proof: None,
    };
    let mut proven = seek(Some(own));
    proven.prove_key(&secret, challenge);
    let ClientMessage::Seek {
        key_proof: Some(proof),
        ..
    } = proven
    else {
        panic!("no proof: {proven:?}");
    };
    assert_eq!(proof, KeyProof::new(&secret, challenge));
    assert!(mice_cake_engine::signing::check_key_proof(
        own,
        challenge,
        proof.signature
    ));
    for message in [seek(Some(other)), seek(None), ClientMessage::ListRooms] {
        let mut left = message.clone();
        left.prove_key(&secret, challenge);
        assert_eq!(left, message);
    }
    let mut join = ClientMessage::JoinArena {
        arena: "K7M2QX9P".parse().unwrap(),
        join_code: None,
        key: own,
        key_proof: None,
        bot_declaration: None,
    };
    join.prove_key(&secret, challenge);
    assert!(matches!(
        join,
        ClientMessage::JoinArena {
            key_proof: Some(_),
            ..
        }
    ));
}

//! The JSON Schema: the published file is the one the types generate, every
//! documented example is valid against it, it refuses what the server
//! refuses, and every message the types can write is valid.

use jsonschema::Validator;
use mice_cake_protocol::schema::{self, TOP_LEVEL};
use proptest::prelude::*;
use serde_json::{Value, json};

use crate::docs::examples;
use crate::strategies::{client_message, server_message};

const PUBLISHED: &str = include_str!("../../../docs/protocol.schema.json");

fn validator(definition: &str) -> Validator {
    jsonschema::validator_for(&schema::for_definition(definition))
        .unwrap_or_else(|error| panic!("the schema of {definition} does not compile: {error}"))
}

#[track_caller]
fn assert_valid(validator: &Validator, text: &str) {
    let value: Value = serde_json::from_str(text).unwrap();
    let errors: Vec<String> = validator
        .iter_errors(&value)
        .map(|error| format!("{error} at {}", error.instance_path()))
        .collect();
    assert!(errors.is_empty(), "{errors:#?}\n{text}");
}

#[test]
fn the_published_schema_is_the_generated_one() {
    let generated = schema::document_text();
    assert!(
        PUBLISHED == generated,
        "docs/protocol.schema.json is out of date: run \
         `cargo run -p mice-cake-protocol --example schema > docs/protocol.schema.json`"
    );
    let document: Value = serde_json::from_str(PUBLISHED).unwrap();
    assert!(jsonschema::meta::is_valid(&document));
    for name in TOP_LEVEL {
        assert!(
            document["$defs"].get(name).is_some(),
            "no definition {name}"
        );
    }
}

#[test]
fn every_documented_example_is_valid_against_its_definition() {
    let kinds = [
        ("client", "ClientMessage"),
        ("server", "ServerMessage"),
        ("rooms", "RoomList"),
        ("room", "RoomSummary"),
        ("games", "GamePage"),
        ("health", "Health"),
        ("http-error", "ApiError"),
        ("player", "PlayerProfile"),
        ("leaderboard", "Leaderboard"),
        ("analysis", "GameAnalysis"),
        ("fair-play", "FairPlayReport"),
        ("key-challenge", "KeyChallengeIssued"),
        ("refund-request", "RefundRequest"),
        ("refund-done", "RefundDone"),
        ("create-arena", "CreateArena"),
        ("arenas", "ArenaList"),
        ("arena", "ArenaDetail"),
        ("match", "MatchSummary"),
        ("players-named", "PlayersNamed"),
        ("challenge-status", "ChallengeStatus"),
    ];
    let document = jsonschema::validator_for(&schema::document()).unwrap();
    for (kind, definition) in kinds {
        let validator = validator(definition);
        let texts = examples(kind);
        assert!(!texts.is_empty(), "no `json {kind}` example");
        for text in texts {
            assert_valid(&validator, text);
            if matches!(kind, "client" | "server") {
                assert_valid(&document, text);
            }
        }
    }
}

#[test]
fn the_schema_refuses_what_the_server_refuses() {
    let client = validator("ClientMessage");
    let refused = [
        json!({ "type": "teleport" }),
        json!({ "type": "hello", "version": 2 }),
        json!({ "type": "hello", "version": -1, "name": "Ada" }),
        json!({ "type": "join_room", "code": "K7M2Q", "extra": 1 }),
        json!({ "type": "leave", "why": "bored" }),
        json!({ "type": "join_room", "code": "K7M2O" }),
        json!({ "type": "resume", "token": "+f".repeat(16) }),
        json!({ "type": "open", "round": 1, "nonce": "0000000000000000000000000000000000000000000000000000000000000000", "assignment": { "mice": [4, 0, 0] } }),
        json!({ "type": "open", "round": 1, "nonce": "0000000000000000000000000000000000000000000000000000000000000000", "assignment": { "mice": [4, 0, 0, 0], "steal": "7/7" } }),
        json!({ "type": "open", "round": 1, "nonce": "00" }),
        json!({ "type": "seal", "round": 1, "seal": "xyz" }),
        json!({ "type": "commit", "round": 1, "assignment": { "mice": [4, 0, 0, 0] } }),
        json!({ "type": "create_room", "options": { "game": { "reveal": "sideways" } } }),
    ];
    for message in refused {
        assert!(!client.is_valid(&message), "{message}");
    }
    let accepted = [
        json!({ "type": "join_room", "code": " k7m2q " }),
        json!({ "type": "resume", "token": "D6A458FD49EDEFC9AAF9EB63CF5A50FE" }),
        json!({ "type": "create_room" }),
        json!({ "type": "open", "round": 1, "nonce": "0000000000000000000000000000000000000000000000000000000000000000", "assignment": { "mice": [0, 0, 0, 2], "steal": "6/6" } }),
        json!({ "type": "open", "round": 0, "nonce": "0000000000000000000000000000000000000000000000000000000000000000" }),
        json!({ "type": "seal", "round": 1, "seal": "abababababababababababababababababababababababababababababababab" }),
    ];
    for message in accepted {
        assert!(client.is_valid(&message), "{message}");
    }
    let server = validator("ServerMessage");
    // Error codes are the documented ones.
    let mut cell = json!({ "type": "error", "code": "internal", "message": "x" });
    assert!(server.is_valid(&cell));
    cell["code"] = json!("no_such_code");
    assert!(!server.is_valid(&cell));
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 64, ..ProptestConfig::default() })]

    #[test]
    fn every_message_the_types_write_is_valid(
        client in client_message(),
        server in server_message(),
    ) {
        thread_local! {
            static VALIDATORS: (Validator, Validator) =
                (validator("ClientMessage"), validator("ServerMessage"));
        }
        VALIDATORS.with(|(client_schema, server_schema)| {
            let client = serde_json::to_value(&client).unwrap();
            prop_assert!(client_schema.is_valid(&client), "{}", client);
            let server = serde_json::to_value(&server).unwrap();
            prop_assert!(server_schema.is_valid(&server), "{}", server);
            Ok(())
        })?;
    }
}

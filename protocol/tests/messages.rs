//! The wire format: every documented example parses as what it documents and
//! round-trips exactly; every message and event is documented; parsing is
//! strict and tells unknown messages from malformed ones.

#![allow(clippy::unwrap_used, clippy::expect_used)]

use mice_cake_engine::{Assignment, Domino, Options, Policy, Reveal, Seat};
use mice_cake_protocol::{
    ClientMessage, ErrorCode, GamePage, ParseError, RoomCode, RoomEvent, RoomList, RoomOptions,
    SeatToken, ServerMessage,
};
use proptest::prelude::*;
use serde_json::Value;

const PROTOCOL_MD: &str = include_str!("../../docs/protocol.md");

/// The fenced blocks of `docs/protocol.md` whose info string is `json <kind>`.
fn examples(kind: &str) -> Vec<&'static str> {
    let fence = format!("```json {kind}\n");
    PROTOCOL_MD
        .split(fence.as_str())
        .skip(1)
        .map(|rest| rest.split("```").next().unwrap())
        .collect()
}

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
    let pages = examples("games");
    assert!(!pages.is_empty(), "docs/protocol.md has no `games` example");
    for text in pages {
        let page: GamePage = exact(text);
        assert!(!page.games.is_empty());
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
    let cases: [(&str, ErrorCode); 8] = [
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
            r#"{"type":"commit","assignment":{"mice":[4,0,0,0],"extra":1}}"#,
            ErrorCode::BadMessage,
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
            code: "K7M2Q".parse().unwrap()
        }
    );
    // Omitted options are the defaults.
    assert_eq!(
        ClientMessage::parse(r#"{"type":"create_room"}"#).unwrap(),
        ClientMessage::CreateRoom {
            options: RoomOptions::default()
        }
    );
}

fn seat() -> impl Strategy<Value = Seat> {
    prop_oneof![Just(Seat::Yellow), Just(Seat::Blue)]
}

fn assignment() -> impl Strategy<Value = Assignment> {
    (
        proptest::array::uniform4(0u8..=4),
        proptest::option::of(0usize..28),
    )
        .prop_map(|(mice, steal)| Assignment {
            mice,
            steal: steal.and_then(Domino::from_index),
        })
}

fn room_code() -> impl Strategy<Value = RoomCode> {
    proptest::array::uniform5(0usize..31).prop_map(RoomCode::from_indices)
}

fn room_options() -> impl Strategy<Value = RoomOptions> {
    (
        prop_oneof![
            Just(Reveal::Standard),
            Just(Reveal::AllFaceUp),
            Just(Reveal::AllFaceDown)
        ],
        any::<bool>(),
        1u32..=10_000,
        proptest::option::of(0u64..=86_400_000),
        any::<bool>(),
        proptest::option::of(prop_oneof![Just(Policy::Random), Just(Policy::Greedy)]),
    )
        .prop_map(
            |(reveal, boost, stall_limit, deadline_ms, public, bot)| RoomOptions {
                game: Options {
                    reveal,
                    boost,
                    stall_limit,
                },
                deadline_ms,
                public,
                bot,
            },
        )
}

fn client_message() -> impl Strategy<Value = ClientMessage> {
    prop_oneof![
        (any::<u32>(), "\\PC{0,30}")
            .prop_map(|(version, name)| ClientMessage::Hello { version, name }),
        Just(ClientMessage::ListRooms),
        room_options().prop_map(|options| ClientMessage::CreateRoom { options }),
        room_code().prop_map(|code| ClientMessage::JoinRoom { code }),
        room_code().prop_map(|code| ClientMessage::WatchRoom { code }),
        (any::<[u8; 16]>(), proptest::option::of(any::<u64>())).prop_map(|(bytes, last_seq)| {
            ClientMessage::Resume {
                token: SeatToken::from_bytes(bytes),
                last_seq,
            }
        }),
        (any::<u32>(), assignment())
            .prop_map(|(round, assignment)| ClientMessage::Commit { round, assignment }),
        Just(ClientMessage::Rematch),
        Just(ClientMessage::Leave),
    ]
}

fn server_message() -> impl Strategy<Value = ServerMessage> {
    let event = prop_oneof![
        seat().prop_map(|seat| RoomEvent::Committed { seat }),
        any::<u32>().prop_map(|count| RoomEvent::Spectators { count }),
        (any::<u32>(), proptest::option::of(any::<u64>()))
            .prop_map(|(round, deadline_ms)| RoomEvent::RoundStarted { round, deadline_ms }),
        (seat(), any::<bool>(), proptest::option::of(any::<u64>())).prop_map(
            |(seat, connected, grace_ms)| RoomEvent::Connection {
                seat,
                connected,
                grace_ms
            }
        ),
        seat().prop_map(|seat| RoomEvent::PlayerLeft { seat }),
        seat().prop_map(|seat| RoomEvent::RematchRequested { seat }),
    ];
    prop_oneof![
        (any::<u32>(), "\\PC{0,20}")
            .prop_map(|(version, server)| ServerMessage::Welcome { version, server }),
        (any::<u64>(), event).prop_map(|(seq, event)| ServerMessage::Event {
            seq,
            event: Box::new(event)
        }),
        (any::<u32>(), assignment())
            .prop_map(|(round, assignment)| ServerMessage::CommitAccepted { round, assignment }),
        room_code().prop_map(|code| ServerMessage::Left { code }),
        (
            proptest::sample::select(ErrorCode::ALL.to_vec()),
            "\\PC{0,40}"
        )
            .prop_map(|(code, message)| ServerMessage::Error { code, message }),
        "\\PC{0,40}".prop_map(|message| ServerMessage::ShuttingDown { message }),
    ]
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

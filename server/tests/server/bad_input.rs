//! Bad input of every class gets its error code; nothing crashes or stalls,
//! and the other rooms are served all along.

use std::time::Duration;

use mice_cake_engine::{Options, Policy, Seat};
use mice_cake_protocol::{
    ClientMessage, Ending, ErrorCode, MAX_FRAME_BYTES, PROTOCOL_VERSION, RefusalArg, RoomEvent,
    RoomOptions, ServerMessage,
};
use tokio_tungstenite::tungstenite::Message;

use crate::support::*;

/// A game against a bot in another room, played while the abuse goes on,
/// at most `moves_per_second`.
async fn bystander_game(
    server: &TestServer,
    moves_per_second: u32,
) -> tokio::task::JoinHandle<Played> {
    let mut human = Client::greeted(server, "Bystander").await;
    let options = RoomOptions {
        bot: Some(Policy::Random),
        ..RoomOptions::default()
    };
    let (_, seat, _) = human.create(options).await;
    let pace = Duration::from_secs(1) / moves_per_second;
    tokio::spawn(
        Agent::new(human, seat, Policy::Greedy, 9)
            .pacing(pace)
            .play_out(),
    )
}

/// A seal of round 1 (any 32 bytes are a seal).
const SEAL: &str = r#"{"type":"seal","round":1,"seal":"0000000000000000000000000000000000000000000000000000000000000000"}"#;

/// An opening of round 1 that no seal binds.
const OPEN: &str = r#"{"type":"open","round":1,"assignment":{"mice":[0,0,0,0]},"nonce":"0000000000000000000000000000000000000000000000000000000000000000"}"#;

/// Sends `text` and expects `code`; then checks the connection still answers.
async fn refused(client: &mut Client, text: &str, code: ErrorCode) -> String {
    client.send_raw(text).await;
    let message = client.expect_error(code).await;
    client.send(&ClientMessage::ListRooms).await;
    let answer = client
        .recv_until(|m| {
            matches!(
                m,
                ServerMessage::RoomList { .. } | ServerMessage::Error { .. }
            )
        })
        .await;
    assert!(
        matches!(
            answer,
            ServerMessage::RoomList { .. }
                | ServerMessage::Error {
                    code: ErrorCode::HelloRequired,
                    ..
                }
        ),
        "after {text}: {answer:?}; received {:#?}",
        &client.received[client.received.len().saturating_sub(8)..]
    );
    message
}

#[tokio::test]
async fn each_class_of_bad_input_gets_its_error_and_the_server_keeps_serving() {
    let server = TestServer::start(|config| {
        config.max_spectators = 1;
        // This test sends many messages fast; the flood test covers the limit.
        config.messages_per_second = 1_000;
        // Both clients take part in the deal here, however slow the machine.
        config.deal_timeout = Duration::from_secs(10);
    })
    .await;
    let bystander = bystander_game(&server, 1_000).await;

    // Before hello.
    let mut early = Client::connect(&server).await;
    refused(
        &mut early,
        r#"{"type":"list_rooms"}"#,
        ErrorCode::HelloRequired,
    )
    .await;
    let message = refused(
        &mut early,
        r#"{"type":"hello","version":99,"name":"Old"}"#,
        ErrorCode::VersionMismatch,
    )
    .await;
    assert!(
        message.contains(&PROTOCOL_VERSION.to_string()) && message.contains("99"),
        "{message}"
    );
    refused(
        &mut early,
        &format!(r#"{{"type":"hello","version":{PROTOCOL_VERSION},"name":"  "}}"#),
        ErrorCode::BadName,
    )
    .await;
    refused(
        &mut early,
        &format!(
            r#"{{"type":"hello","version":{},"name":"{}"}}"#,
            PROTOCOL_VERSION,
            "x".repeat(mice_cake_protocol::MAX_NAME_CHARS + 1)
        ),
        ErrorCode::BadName,
    )
    .await;

    // What a client needs to say them in its player's language: each
    // cause by name, with its numbers.
    let mut told = Client::connect(&server).await;
    let text = |value: &str| RefusalArg::Text(value.into());
    told.send_raw(r#"{"type":"hello","version":99,"name":"Old"}"#)
        .await;
    let (_, args) = told.expect_refusal(ErrorCode::VersionMismatch).await;
    assert_eq!(args["reason"], text("server_older"));
    assert_eq!(args["client"], RefusalArg::Number(99));
    assert_eq!(
        args["server"],
        RefusalArg::Number(i64::from(PROTOCOL_VERSION))
    );
    told.send_raw(&format!(
        r#"{{"type":"hello","version":{PROTOCOL_VERSION},"name":"{}"}}"#,
        "x".repeat(33)
    ))
    .await;
    let (_, args) = told.expect_refusal(ErrorCode::BadName).await;
    assert_eq!(args["reason"], text("too_long"));
    assert_eq!(args["chars"], RefusalArg::Number(33));
    assert_eq!(args["most"], RefusalArg::Number(32));
    told.send_raw(&format!(
        r#"{{"type":"hello","version":{PROTOCOL_VERSION},"name":"Ann\u202e"}}"#
    ))
    .await;
    let (_, args) = told.expect_refusal(ErrorCode::BadName).await;
    assert_eq!(args["reason"], text("invisible"));
    assert_eq!(args["character"], text("U+202E"));

    let mut client = Client::greeted(&server, "Mallory").await;
    refused(
        &mut client,
        &format!(r#"{{"type":"hello","version":{PROTOCOL_VERSION},"name":"Again"}}"#),
        ErrorCode::AlreadyGreeted,
    )
    .await;
    // Not messages.
    refused(&mut client, "not json", ErrorCode::BadMessage).await;
    refused(&mut client, r#"{"no":"type"}"#, ErrorCode::BadMessage).await;
    refused(
        &mut client,
        r#"{"type":"dance"}"#,
        ErrorCode::UnknownMessage,
    )
    .await;
    refused(
        &mut client,
        r#"{"type":"join_room"}"#,
        ErrorCode::BadMessage,
    )
    .await;
    refused(
        &mut client,
        r#"{"type":"join_room","code":"0000O"}"#,
        ErrorCode::BadMessage,
    )
    .await;
    refused(
        &mut client,
        r#"{"type":"open","round":1,"assignment":{"mice":[1,2]},"nonce":"00"}"#,
        ErrorCode::BadMessage,
    )
    .await;
    refused(
        &mut client,
        r#"{"type":"seal","round":1,"seal":"not a seal"}"#,
        ErrorCode::BadMessage,
    )
    .await;
    refused(
        &mut client,
        r#"{"type":"list_rooms","extra":1}"#,
        ErrorCode::BadMessage,
    )
    .await;
    // Nowhere to act.
    refused(&mut client, SEAL, ErrorCode::NotInRoom).await;
    refused(&mut client, r#"{"type":"rematch"}"#, ErrorCode::NotInRoom).await;
    refused(
        &mut client,
        r#"{"type":"join_room","code":"ZZZZZ"}"#,
        ErrorCode::UnknownRoom,
    )
    .await;
    refused(
        &mut client,
        r#"{"type":"watch_room","code":"ZZZZZ"}"#,
        ErrorCode::UnknownRoom,
    )
    .await;
    // Bad options.
    let stall = serde_json::to_string(&ClientMessage::CreateRoom {
        options: RoomOptions {
            game: Options {
                stall_limit: 0,
                ..Options::default()
            },
            ..RoomOptions::default()
        },
        key: None,
        bot_declaration: None,
        key_proof: None,
    })
    .unwrap();
    refused(&mut client, &stall, ErrorCode::BadOptions).await;
    refused(
        &mut client,
        r#"{"type":"create_room","options":{"deadline_ms":999999999999}}"#,
        ErrorCode::BadOptions,
    )
    .await;
    refused(
        &mut client,
        r#"{"type":"create_room","options":{"turbo":true}}"#,
        ErrorCode::BadMessage,
    )
    .await;

    // In a room: wrong phase, already in a room, seals and openings refused.
    let (code, _, _) = client.create(RoomOptions::default()).await;
    refused(&mut client, SEAL, ErrorCode::WrongPhase).await;
    refused(
        &mut client,
        &format!(r#"{{"type":"join_room","code":"{code}"}}"#),
        ErrorCode::AlreadyInRoom,
    )
    .await;
    let mut opponent = Client::greeted(&server, "Oscar").await;
    opponent.join(code).await;
    // Both clients take part in the deal by themselves; then round 1 opens.
    let (view, _) = tokio::join!(opponent.until_round(1), client.until_round(1));
    let message = refused(&mut client, OPEN, ErrorCode::WrongPhase).await;
    assert!(message.contains("once both are sealed"), "{message}");
    let message = refused(
        &mut client,
        &OPEN.replace(r#""round":1"#, r#""round":0"#),
        ErrorCode::WrongPhase,
    )
    .await;
    assert!(message.contains("the deal is over"), "{message}");
    refused(&mut client, r#"{"type":"rematch"}"#, ErrorCode::WrongPhase).await;
    // An illegal move is sealed (the server cannot see it)...
    let mut short = mice_cake_engine::greedy_assignment(&view, Seat::Yellow);
    let (column, _) = short.placements().next().unwrap();
    short.mice[column.index()] -= 1;
    let seal = client.sealing.seal(1, short);
    client.send(&seal).await;
    let message = refused(&mut client, SEAL, ErrorCode::AlreadyCommitted).await;
    assert!(message.contains("sealed already"), "{message}");
    // The same seal again (a client that lost its connection cannot know
    // whether it arrived) is taken as said once: no error, no event, before
    // the answer to the next question.
    let seen = client.received.len();
    client.send(&seal).await;
    client.send(&ClientMessage::ListRooms).await;
    client
        .recv_until(|m| matches!(m, ServerMessage::RoomList { .. }))
        .await;
    let between = &client.received[seen..client.received.len() - 1];
    assert!(between.is_empty(), "{between:?}");
    // ...and refused when opened, once both are sealed: it binds, so the
    // player can open nothing else.
    opponent
        .commit(1, mice_cake_engine::greedy_assignment(&view, Seat::Blue))
        .await;
    let message = client.expect_error(ErrorCode::IllegalAssignment).await;
    assert!(
        message.contains("every available mouse must be placed"),
        "{message}"
    );
    let message = refused(
        &mut client,
        &OPEN.replace("[0,0,0,0]", "[4,0,0,0]"),
        ErrorCode::BadOpening,
    )
    .await;
    assert!(message.contains("do not match your seal"), "{message}");
    // Spectators watch, and only so many.
    let mut spectator = Client::greeted(&server, "Sam").await;
    spectator.watch(code).await;
    refused(&mut spectator, SEAL, ErrorCode::SpectatorCannotAct).await;
    refused(
        &mut spectator,
        r#"{"type":"rematch"}"#,
        ErrorCode::SpectatorCannotAct,
    )
    .await;
    let mut crowd = Client::greeted(&server, "Crowd").await;
    refused(
        &mut crowd,
        &format!(r#"{{"type":"watch_room","code":"{code}"}}"#),
        ErrorCode::SpectatorsFull,
    )
    .await;
    // A full room.
    let mut third = Client::greeted(&server, "Trent").await;
    let message = refused(
        &mut third,
        &format!(r#"{{"type":"join_room","code":"{code}"}}"#),
        ErrorCode::RoomFull,
    )
    .await;
    assert!(message.contains("watch"), "{message}");

    // Frames: too large, binary.
    let big = format!(
        r#"{{"type":"hello","version":{},"name":"{}"}}"#,
        PROTOCOL_VERSION,
        "x".repeat(MAX_FRAME_BYTES)
    );
    refused(&mut third, &big, ErrorCode::FrameTooLarge).await;
    third.send_frame(Message::binary(vec![1, 2, 3])).await;
    third.expect_error(ErrorCode::BinaryNotSupported).await;
    // Far too large: the WebSocket layer gives up; the client is told and closed.
    let mut huge = Client::greeted(&server, "Huge").await;
    huge.send_raw(&"x".repeat(8 * MAX_FRAME_BYTES)).await;
    assert!(huge.closed_within(PATIENCE).await);

    let played = bystander.await.unwrap();
    assert!(matches!(played.result.ending, Ending::Played { .. }));
    assert_eq!(server.get("/healthz").await.0, 200);
}

#[tokio::test]
async fn a_flood_is_rate_limited_then_cut_off_while_other_rooms_play_on() {
    let server = TestServer::start(|config| config.messages_per_second = 10).await;
    let bystander = bystander_game(&server, 8).await;
    let mut flood = Client::greeted(&server, "Flood").await;
    for _ in 0..30 {
        flood.send(&ClientMessage::ListRooms).await;
    }
    let errors = {
        let mut errors = 0;
        while let Some(message) = flood.try_recv(Duration::from_millis(300)).await {
            if matches!(
                message,
                ServerMessage::Error {
                    code: ErrorCode::RateLimited,
                    ..
                }
            ) {
                errors += 1;
            }
        }
        errors
    };
    // A burst of 20 passes (hello took one), the rest is refused.
    assert!((5..=11).contains(&errors), "{errors} refused");
    // Keep flooding: the connection is closed.
    for _ in 0..300 {
        if flood.closed_within(Duration::ZERO).await {
            break;
        }
        let _ = tokio::time::timeout(
            Duration::from_millis(50),
            flood.send_raw(r#"{"type":"list_rooms"}"#),
        )
        .await;
    }
    assert!(flood.closed_within(PATIENCE).await);
    // The game in the other room was played to its end meanwhile.
    let played = bystander.await.unwrap();
    assert!(matches!(played.result.ending, Ending::Played { .. }));
}

#[tokio::test]
async fn limits_on_rooms_and_a_hello_timeout_are_kept() {
    let server = TestServer::start(|config| {
        config.max_rooms = 1;
        config.hello_timeout = Duration::from_millis(200);
    })
    .await;
    let mut first = Client::greeted(&server, "One").await;
    first.create(RoomOptions::default()).await;
    let mut second = Client::greeted(&server, "Two").await;
    second
        .send(&ClientMessage::CreateRoom {
            options: RoomOptions::default(),
            key: None,
            bot_declaration: None,
            key_proof: None,
        })
        .await;
    second.expect_error(ErrorCode::TooManyRooms).await;
    // Joining the existing room is still fine.
    let (seat, _) = second.join(first_code(&server).await).await;
    assert_eq!(seat, Seat::Blue);
    // A connection that never says hello is told, and closed.
    let mut silent = Client::connect(&server).await;
    silent.expect_error(ErrorCode::HelloRequired).await;
    assert!(silent.closed_within(PATIENCE).await);
}

async fn first_code(server: &TestServer) -> mice_cake_protocol::RoomCode {
    let list: mice_cake_protocol::RoomList = server.get_json("/api/rooms").await;
    list.rooms[0].code
}

#[tokio::test]
async fn a_text_frame_that_is_not_utf8_is_refused_and_closed_with_1007() {
    use tokio_tungstenite::tungstenite::protocol::frame::Frame;
    use tokio_tungstenite::tungstenite::protocol::frame::coding::{Data, OpCode};
    let server = TestServer::default().await;
    let (code, mut ada, mut bea, _, _) = two_players(&server, quick_games()).await;
    // A seal, but for one byte that is not UTF-8.
    let mut bytes = SEAL.as_bytes().to_vec();
    bytes[1] = 0xff;
    ada.send_frame(Message::Frame(Frame::message(
        bytes,
        OpCode::Data(Data::Text),
        true,
    )))
    .await;
    let message = ada.expect_error(ErrorCode::InvalidUtf8).await;
    assert!(message.contains("UTF-8"), "{message}");
    assert_eq!(
        ada.close_code_within(PATIENCE).await,
        Some(1007),
        "RFC 6455: 1007 for data inconsistent with its type"
    );
    // The room goes on: the other player is told Ada dropped, and stays.
    let event = bea
        .recv_until(|message| {
            matches!(message, ServerMessage::Event { event, .. }
                if matches!(**event, RoomEvent::Connection { connected: false, .. }))
        })
        .await;
    assert!(matches!(event, ServerMessage::Event { .. }), "{code}");
}

#[tokio::test]
async fn names_are_normalized_and_those_that_could_pass_for_another_are_refused() {
    let server = TestServer::default().await;
    for (name, code_point) in [
        ("Bob\u{202E}", "U+202E"),
        ("Bo\u{200B}b", "U+200B"),
        ("\u{FEFF}Bob", "U+FEFF"),
        ("Bob\u{2066}", "U+2066"),
        ("\u{3164}", "U+3164"),
    ] {
        let mut client = Client::connect(&server).await;
        client
            .send(&ClientMessage::Hello {
                version: PROTOCOL_VERSION,
                name: name.into(),
            })
            .await;
        let message = client.expect_error(ErrorCode::BadName).await;
        assert!(message.contains(code_point), "{name:?}: {message}");
    }
    // Spaces collapse and "e" + a combining accent is "é": the room shows
    // the normalized name.
    let mut renee = Client::greeted(&server, "  Rene\u{301}e   Lee ").await;
    let (code, _, _) = renee.create(RoomOptions::default()).await;
    let list: mice_cake_protocol::RoomList = server.get_json("/api/rooms").await;
    let room = list.rooms.iter().find(|room| room.code == code).unwrap();
    assert_eq!(room.players.yellow.as_deref(), Some("Ren\u{E9}e Lee"));
}

/// An error quotes so much of the input that it recognisably answers it,
/// never the whole of a long one: the answer stays small however long the
/// path, the query, the room code, the game id or the message.
#[tokio::test]
async fn an_error_never_echoes_a_long_input_whole() {
    let server = TestServer::start(|_| {}).await;
    let long = "A".repeat(8 * 1024);
    for path in [
        format!("/{long}"),
        format!("/api/rooms?{long}=1"),
        format!("/api/rooms/{long}"),
        format!("/api/games/{long}"),
        format!("/api/games?player=ann&{long}=1"),
    ] {
        let (status, body) = server.get(&path).await;
        assert!((400..500).contains(&status), "{status}");
        assert!(
            body.len() < 1024,
            "{} bytes for a {}-byte path",
            body.len(),
            path.len()
        );
        assert!(body.contains("AAAA") && body.contains('…'), "{body}");
    }
    let mut client = Client::greeted(&server, "Ann").await;
    let unknown = format!(r#"{{"type":"{long}"}}"#);
    let message = refused(&mut client, &unknown, ErrorCode::UnknownMessage).await;
    assert!(message.len() < 1024 && message.contains('…'), "{message}");
    let bad_code = format!(r#"{{"type":"join_room","code":"{long}"}}"#);
    let message = refused(&mut client, &bad_code, ErrorCode::BadMessage).await;
    assert!(message.len() < 1024 && message.contains('…'), "{message}");
}

/// A path segment that is not text once its `%XX` are decoded is refused as
/// every API error is, in JSON (found by the `http_request` fuzz target:
/// axum's own answer was plain text); a page's is its 404 page.
#[tokio::test]
async fn a_path_that_is_not_text_is_refused_in_the_apis_json() {
    let server = TestServer::start(|_| {}).await;
    for path in [
        "/api/rooms/%FF",
        "/api/games/%FF",
        "/api/games/20e076aa-f1d7-4f4f-ad45-d7f%b6/views",
        "/api/games/%C3%28/verify",
        "/api/games/%FF/analysis",
        "/api/players/%FE%FF",
        "/assets/%FF/app.js",
    ] {
        let (status, headers, body) = server.request("GET", path, "").await;
        assert_eq!(status, 400, "{path}: {body}");
        assert_eq!(
            header(&headers, "content-type"),
            Some("application/json"),
            "{path}: {headers}"
        );
        let error: mice_cake_protocol::ApiError =
            serde_json::from_str(&body).unwrap_or_else(|e| panic!("{path}: {e}: {body}"));
        assert_eq!(error.code, ErrorCode::BadMessage, "{path}");
        assert!(error.message.contains("UTF-8"), "{path}: {}", error.message);
    }
    for path in ["/r/%FF", "/g/%FF", "/p/%FF"] {
        let (status, headers, body) = server.request("GET", path, "").await;
        assert_eq!(status, 404, "{path}: {body}");
        assert!(
            header(&headers, "content-type").is_some_and(|kind| kind.starts_with("text/html")),
            "{path}: {headers}"
        );
    }
}

/// A key given twice is refused, not read as its last value: a name
/// checked once could otherwise pass as another.
#[tokio::test]
async fn a_message_with_a_key_given_twice_is_refused() {
    let server = TestServer::start(|_| {}).await;
    let mut client = Client::connect(&server).await;
    let message = refused(
        &mut client,
        &format!(
            r#"{{"type":"hello","version":{PROTOCOL_VERSION},"name":"Alice","name":"Mallory"}}"#
        ),
        ErrorCode::BadMessage,
    )
    .await;
    assert!(message.contains("duplicate field `name`"), "{message}");
    assert_eq!(server.get("/healthz").await.0, 200);
}

/// Pings count against the message rate: a flood of them is cut off as a
/// flood of messages is (each ping is answered by the WebSocket layer, so
/// a flood would otherwise cost the server a pong each, for ever).
#[tokio::test]
async fn a_flood_of_pings_is_cut_off_as_a_flood_of_messages_is() {
    let server = TestServer::start(|config| config.messages_per_second = 10).await;
    let mut flood = Client::greeted(&server, "Pinger").await;
    for _ in 0..300 {
        let _ = tokio::time::timeout(
            Duration::from_millis(20),
            flood.send_frame(Message::Ping(b"ping".to_vec().into())),
        )
        .await;
    }
    assert_eq!(flood.close_code_within(PATIENCE).await, Some(1008));
    assert_eq!(server.get("/healthz").await.0, 200);
}

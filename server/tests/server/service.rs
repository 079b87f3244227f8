//! The race for the last seat, the HTTP API, metrics, and shutdown.

use std::time::Duration;

use mice_cake_engine::{Policy, Seat};
use mice_cake_protocol::{
    ClientMessage, ErrorCode, RoomList, RoomOptions, RoomStatus, RoomSummary, ServerMessage,
};

use mice_cake_server::healthcheck;

use crate::support::*;

#[tokio::test]
async fn two_clients_racing_for_the_last_seat_exactly_one_wins() {
    let server = TestServer::default().await;
    for _ in 0..20 {
        let mut creator = Client::greeted(&server, "Host").await;
        let (code, _, _) = creator.create(RoomOptions::default()).await;
        let (mut a, mut b) = (
            Client::greeted(&server, "A").await,
            Client::greeted(&server, "B").await,
        );
        let join = ClientMessage::JoinRoom {
            code,
            key: None,
            bot_declaration: None,
            key_proof: None,
        };
        tokio::join!(a.send(&join), b.send(&join));
        let outcome = |message: ServerMessage| match message {
            ServerMessage::Joined {
                seat: Some(seat), ..
            } => Ok(seat),
            ServerMessage::Error { code, .. } => Err(code),
            other => panic!("unexpected {other:?}"),
        };
        let wanted = |m: &ServerMessage| {
            matches!(
                m,
                ServerMessage::Joined { .. } | ServerMessage::Error { .. }
            )
        };
        let (a, b) = tokio::join!(a.recv_until(wanted), b.recv_until(wanted));
        let mut outcomes = [outcome(a), outcome(b)];
        outcomes.sort_by_key(Result::is_err);
        assert_eq!(outcomes, [Ok(Seat::Blue), Err(ErrorCode::RoomFull)]);
    }
}

#[tokio::test]
async fn the_api_lists_public_rooms_and_serves_health_and_metrics() {
    let server = TestServer::default().await;
    let mut public = Client::greeted(&server, "Pub").await;
    let (public_code, _, _) = public.create(RoomOptions::default()).await;
    let mut private = Client::greeted(&server, "Priv").await;
    private
        .create(RoomOptions {
            public: false,
            ..RoomOptions::default()
        })
        .await;
    let list: RoomList = server.get_json("/api/rooms").await;
    assert_eq!(list.rooms.len(), 1);
    let room = &list.rooms[0];
    assert_eq!(
        (room.code, room.status, room.round),
        (public_code, RoomStatus::Waiting, 0)
    );
    assert_eq!(room.players.yellow.as_deref(), Some("Pub"));
    assert_eq!(room.players.blue, None);

    let health: serde_json::Value = server.get_json("/healthz").await;
    assert_eq!(health["status"], "ok");
    assert_eq!(health["rooms"], 2);
    assert_eq!(health["connections"], 2);

    let (status, metrics) = server.get("/metrics").await;
    assert_eq!(status, 200);
    for name in [
        "mice_cake_connections",
        "mice_cake_rooms",
        "mice_cake_messages_received_total",
        "mice_cake_messages_sent_total",
    ] {
        assert!(metrics.contains(name), "{name} missing from:\n{metrics}");
    }

    let (status, body) = server.get("/api/games/not-a-uuid").await;
    assert_eq!(status, 400, "{body}");
    assert!(body.contains("not a game id"));
    let (status, _) = server
        .get("/api/games/00000000-0000-4000-8000-000000000000")
        .await;
    assert_eq!(status, 404);
    let (status, body) = server.get("/nowhere").await;
    assert_eq!(status, 404);
    assert!(body.contains("/ws"), "{body}");
}

#[tokio::test]
async fn one_room_is_found_by_its_code_in_any_case() {
    let server = TestServer::default().await;
    let (code, _yellow, _blue, _, _) = two_players(&server, RoomOptions::default()).await;
    let path = format!("/api/rooms/{code}");
    let (status, body) = server.get(&path).await;
    assert_eq!(status, 200, "{body}");
    assert_schema_valid("RoomSummary", &body);
    let summary: RoomSummary = serde_json::from_str(&body).unwrap();
    assert_eq!((summary.code, summary.status), (code, RoomStatus::Playing));
    // Both seats taken: a newcomer would watch.
    assert_eq!(summary.players.yellow.as_deref(), Some("Ada"));
    assert_eq!(summary.players.blue.as_deref(), Some("Bea"));
    let list: RoomList = server.get_json("/api/rooms").await;
    assert_eq!(list.rooms.len(), 1);
    // The deal may have been opened meanwhile (round 0, then 1): the
    // listing is the room as it was before it or as it is after.
    let (_, body) = server.get(&path).await;
    let after: RoomSummary = serde_json::from_str(&body).unwrap();
    assert!(
        list.rooms[0] == summary || list.rooms[0] == after,
        "as the listing has it: {:?}, not {summary:?} or {after:?}",
        list.rooms[0]
    );
    let lower: RoomSummary = server
        .get_json(&format!(
            "/api/rooms/{}",
            code.as_str().to_ascii_lowercase()
        ))
        .await;
    // The same room, by its code in any case (its deal may have been
    // opened since, as above).
    assert_eq!(
        (lower.code, &lower.players, lower.status),
        (summary.code, &summary.players, summary.status)
    );

    // A private room, which no listing shows: its code is the invitation.
    let mut host = Client::greeted(&server, "Priv").await;
    let (private, _, _) = host
        .create(RoomOptions {
            public: false,
            ..RoomOptions::default()
        })
        .await;
    let summary: RoomSummary = server.get_json(&format!("/api/rooms/{private}")).await;
    assert_eq!(
        (summary.code, summary.status, summary.options.public),
        (private, RoomStatus::Waiting, false)
    );
    assert_eq!(summary.players.yellow.as_deref(), Some("Priv"));
    assert_eq!(summary.players.blue, None);

    assert_ne!(code.as_str(), "ZZZZZ");
    let (status, body) = server.get("/api/rooms/ZZZZZ").await;
    assert_eq!(status, 404, "{body}");
    let error = api_error(&body);
    assert_eq!(error.code, ErrorCode::UnknownRoom);
    assert_eq!(error.message, "no room has the code ZZZZZ");
    for malformed in ["K7QM0", "K7QM", "K7QMXX", "%C3%A9K7QM"] {
        let (status, body) = server.get(&format!("/api/rooms/{malformed}")).await;
        assert_eq!(status, 400, "{malformed}: {body}");
        let error = api_error(&body);
        assert_eq!(error.code, ErrorCode::BadMessage);
        assert!(
            error.message.contains("is not a room code"),
            "{}",
            error.message
        );
    }
}

/// The JSON error of an HTTP answer, checked against the protocol's type.
fn api_error(body: &str) -> mice_cake_protocol::ApiError {
    serde_json::from_str(body).unwrap_or_else(|error| panic!("{error}: {body:?}"))
}

#[tokio::test]
async fn every_http_error_is_json_with_a_code_and_the_status_that_fits() {
    let server = TestServer::default().await;
    // No such endpoint.
    let (status, head, body) = server.request("GET", "/nowhere", "").await;
    assert_eq!(status, 404, "{head}");
    assert!(head.contains("content-type: application/json"), "{head}");
    let error = api_error(&body);
    assert_eq!(error.code, ErrorCode::NotFound);
    assert!(error.message.contains("/nowhere") && error.message.contains("/api/rooms"));
    // Another method.
    for path in ["/api/rooms", "/ws", "/healthz"] {
        let (status, head, body) = server.request("POST", path, "Content-Length: 0\r\n").await;
        assert_eq!(status, 405, "{path}: {head}");
        assert!(
            head.to_ascii_lowercase().contains("allow: get,head"),
            "{head}"
        );
        let error = api_error(&body);
        assert_eq!(error.code, ErrorCode::MethodNotAllowed);
        assert!(error.message.contains("POST"), "{}", error.message);
    }
    // The WebSocket endpoint without a WebSocket.
    let (status, head, body) = server.request("GET", "/ws", "").await;
    assert_eq!(status, 426, "{head}");
    assert!(
        head.to_ascii_lowercase().contains("upgrade: websocket"),
        "{head}"
    );
    assert_eq!(api_error(&body).code, ErrorCode::UpgradeRequired);
    // A handshake with a bad key is a bad request.
    let (status, _, body) = server
        .request(
            "GET",
            "/ws",
            "Connection: Upgrade\r\nUpgrade: websocket\r\nSec-WebSocket-Version: 13\r\n",
        )
        .await;
    assert_eq!(status, 400, "{body}");
    assert_eq!(api_error(&body).code, ErrorCode::BadMessage);
    // Parameters an endpoint does not take are refused, on every API endpoint.
    for path in [
        "/api/rooms?page=2",
        "/api/rooms/K7QMX?page=2",
        "/api/games?color=blue",
        "/api/games/00000000-0000-4000-8000-000000000000?x=1",
        "/api/schema?v=1",
    ] {
        let (status, body) = server.get(path).await;
        assert_eq!(status, 400, "{path}: {body}");
        let error = api_error(&body);
        assert_eq!(error.code, ErrorCode::BadMessage, "{path}");
        assert!(
            error.message.contains("unknown field"),
            "{path}: {}",
            error.message
        );
    }
    // Health checks may add what they like.
    let (status, _) = server.get("/healthz?probe=docker").await;
    assert_eq!(status, 200);
}

#[tokio::test]
async fn the_server_publishes_the_protocols_json_schema() {
    let server = TestServer::default().await;
    let (status, head, body) = server.request("GET", "/api/schema", "").await;
    assert_eq!(status, 200, "{head}");
    assert!(head.contains("application/schema+json"), "{head}");
    assert_eq!(body, mice_cake_protocol::schema::document_text());
    let schema: serde_json::Value = serde_json::from_str(&body).unwrap();
    assert!(schema["$defs"]["ClientMessage"].is_object());
}

#[tokio::test]
async fn shutting_down_tells_every_client_and_stops_quickly() {
    let server = TestServer::default().await;
    let (_, mut yellow, mut blue, _, _) = two_players(&server, RoomOptions::default()).await;
    let stopping = tokio::spawn(server.stop());
    for client in [&mut yellow, &mut blue] {
        assert!(matches!(
            client
                .recv_until(|m| matches!(m, ServerMessage::ShuttingDown { .. }))
                .await,
            ServerMessage::ShuttingDown { .. }
        ));
        assert!(client.closed_within(PATIENCE).await);
    }
    let took = stopping.await.unwrap();
    assert!(took < Duration::from_secs(5), "{took:?}");
}

#[tokio::test]
async fn a_player_who_leaves_forfeits_and_the_room_tells_everyone() {
    let server = TestServer::default().await;
    let (_, mut yellow, mut blue, _, token) = two_players(&server, RoomOptions::default()).await;
    // Both have a move (before that, leaving aborts the game: `ratings.rs`).
    let (view, _) = tokio::join!(yellow.until_round(1), blue.until_round(1));
    for (client, seat) in [(&mut yellow, Seat::Yellow), (&mut blue, Seat::Blue)] {
        let assignment = mice_cake_engine::greedy_assignment(&view, seat);
        client.commit(1, assignment).await;
    }
    tokio::join!(yellow.until_round(2), blue.until_round(2));
    blue.leave().await;
    assert!(matches!(
        blue.recv_until(|m| matches!(m, ServerMessage::Left { .. }))
            .await,
        ServerMessage::Left { .. }
    ));
    let over = yellow
        .recv_until(|m| matches!(m, ServerMessage::Event { event, .. } if matches!(**event, mice_cake_protocol::RoomEvent::GameOver { .. })))
        .await;
    let ServerMessage::Event { event, .. } = over else {
        unreachable!()
    };
    let mice_cake_protocol::RoomEvent::GameOver { result, .. } = *event else {
        unreachable!()
    };
    assert_eq!(result.winner, Some(Seat::Yellow));
    // A commit now is told why it has no game to go to.
    yellow
        .send_raw(&format!(
            r#"{{"type":"seal","round":1,"seal":"{}"}}"#,
            "0".repeat(64)
        ))
        .await;
    let message = yellow.expect_error(ErrorCode::WrongPhase).await;
    assert!(
        message.contains("game 1 is over") && message.contains("opponent has left"),
        "{message}"
    );
    // The token of a player who left no longer leads anywhere.
    let mut again = Client::greeted(&server, "Bea").await;
    again.resume(token, None).await;
    again.expect_error(ErrorCode::BadToken).await;
}

#[tokio::test]
async fn a_client_that_cannot_keep_up_is_disconnected_and_the_room_goes_on() {
    let server = PipedServer::start(|config| {
        config.write_timeout = Duration::from_millis(300);
    })
    .await;
    let roomy = 1 << 20;
    let mut ada = server.greeted("Ada", roomy).await;
    let (code, _, _) = ada.create(RoomOptions::default()).await;
    // A spectator that reads nothing, through a pipe of 2 KB.
    let mut lazy = server.connect(2048).await;
    lazy.send(&ClientMessage::Hello {
        version: mice_cake_protocol::PROTOCOL_VERSION,
        name: "Lazy".into(),
    })
    .await;
    lazy.send(&ClientMessage::WatchRoom { code }).await;
    let mut bea = server.greeted("Bea", roomy).await;
    bea.join(code).await;
    // The players play a whole game at full speed: the room never waits for
    // the spectator, whose pipe is full after a message or two.
    let started = std::time::Instant::now();
    let (yellow, blue) = tokio::join!(
        play(ada, Seat::Yellow, Policy::Greedy, 1),
        play(bea, Seat::Blue, Policy::Greedy, 2)
    );
    assert_eq!(yellow.result, blue.result);
    assert!(started.elapsed() < Duration::from_secs(5));
    // Still not reading, past the write timeout: the server gives up on it.
    tokio::time::sleep(Duration::from_secs(1)).await;
    // The spectator was cut off: after the little in its pipe, the stream ends.
    assert!(lazy.closed_within(PATIENCE).await);
    let (got, sent) = (lazy.received.len(), yellow.frames.len());
    assert!(got < sent / 2, "the spectator got {got} of {sent} messages");
}

#[tokio::test]
async fn the_last_person_leaving_closes_a_room_and_the_server_lets_it_go() {
    // When a room closes by itself (its idle time, a seat freed) is the
    // room's rule, tested at exact instants through its core
    // (`room::actor::tests`); here, that a closed room is let go.
    let server = TestServer::default().await;
    let mut host = Client::greeted(&server, "Host").await;
    host.create(RoomOptions::default()).await;
    assert_eq!(rooms_held(&server).await, 1);
    host.leave().await;
    host.recv_until(|m| matches!(m, ServerMessage::Left { .. }))
        .await;
    tokio::time::timeout(PATIENCE, async {
        while rooms_held(&server).await > 0 {
            tokio::task::yield_now().await;
        }
    })
    .await
    .expect("left by its last member: closed at once");
}

#[tokio::test]
async fn a_configuration_that_cannot_work_is_refused_at_start() {
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let mut config = mice_cake_server::Config::with_bind(listener.local_addr().unwrap());
    config.ping_interval = Duration::ZERO;
    let error = mice_cake_server::run(listener, config, async {})
        .await
        .unwrap_err();
    assert!(error.to_string().contains("--ping-interval"), "{error}");
}

#[tokio::test]
async fn a_room_that_chooses_no_deadline_gets_the_servers_default_and_shows_it() {
    let server =
        TestServer::start(|config| config.default_deadline = Duration::from_secs(90)).await;
    let mut host = Client::greeted(&server, "Host").await;
    host.send(&ClientMessage::CreateRoom {
        options: RoomOptions::default(),
        key: None,
        bot_declaration: None,
        key_proof: None,
    })
    .await;
    let ServerMessage::Joined { state, .. } = host.recv().await else {
        panic!("expected to join");
    };
    assert_eq!(state.options.deadline_ms, Some(90_000));
    let mut casual = Client::greeted(&server, "Casual").await;
    casual
        .send(&ClientMessage::CreateRoom {
            options: RoomOptions {
                deadline_ms: Some(0),
                ..RoomOptions::default()
            },
            key: None,
            bot_declaration: None,
            key_proof: None,
        })
        .await;
    let ServerMessage::Joined { state, .. } = casual.recv().await else {
        panic!("expected to join");
    };
    assert_eq!(state.options.deadline(), None);
}

async fn rooms_held(server: &TestServer) -> u64 {
    let health: serde_json::Value = server.get_json("/healthz").await;
    health["rooms"].as_u64().unwrap()
}

/// The `healthcheck` command's check, run off the async runtime as the
/// command runs it.
async fn health_of(addr: std::net::SocketAddr) -> Result<(), healthcheck::HealthError> {
    tokio::task::spawn_blocking(move || healthcheck::check(addr, Duration::from_secs(2)))
        .await
        .unwrap()
}

#[tokio::test]
async fn the_healthcheck_passes_on_a_serving_server_and_fails_clearly_otherwise() {
    let server = TestServer::default().await;
    health_of(server.addr).await.unwrap();
    // A wildcard bind is asked on loopback, on the same port.
    let wildcard = std::net::SocketAddr::from(([0, 0, 0, 0], server.addr.port()));
    health_of(healthcheck::local_addr(wildcard)).await.unwrap();

    // Stopped: nothing listens any more.
    let addr = server.addr;
    server.stop().await;
    let error = health_of(addr).await.unwrap_err();
    assert!(
        matches!(error, healthcheck::HealthError::Connect { .. }),
        "{error}"
    );
    assert!(
        error
            .to_string()
            .starts_with(&format!("cannot connect to {addr}"))
    );

    // Something else listens: not a healthy Mice Cake server.
    let impostor = std::net::TcpListener::bind("127.0.0.1:0").unwrap();
    let impostor_addr = impostor.local_addr().unwrap();
    std::thread::spawn(move || {
        use std::io::{Read as _, Write as _};
        for (answer, stream) in ["HTTP/1.0 503 Busy\r\n\r\n", "HTTP/1.0 200 OK\r\n\r\nhello"]
            .into_iter()
            .zip(impostor.incoming())
        {
            let mut stream = stream.unwrap();
            let mut request = Vec::new();
            let mut byte = [0];
            while !request.ends_with(b"\r\n\r\n") && stream.read(&mut byte).unwrap() == 1 {
                request.push(byte[0]);
            }
            let _ = stream.write_all(answer.as_bytes());
        }
    });
    let error = health_of(impostor_addr).await.unwrap_err().to_string();
    assert!(
        error.ends_with("is not healthy: HTTP/1.0 503 Busy"),
        "{error}"
    );
    let error = health_of(impostor_addr).await.unwrap_err().to_string();
    assert!(error.contains("not a health report"), "{error}");
}

/// What the dashboard draws of a game: its reveals' latency and the rooms'
/// waits for storage (summaries, with a count of what they measured).
#[tokio::test]
async fn a_game_played_shows_in_the_reveal_latency_and_the_storage_waits() {
    let server = TestServer::default().await;
    play_against_the_bot(&server, Policy::Greedy, 11).await;
    for series in [
        "mice_cake_reveal_seconds_count",
        "mice_cake_store_wait_seconds_count",
    ] {
        assert!(server.metric(series).await >= 1.0, "{series}");
    }
    let (_, metrics) = server.get("/metrics").await;
    assert!(
        metrics.contains(r#"mice_cake_reveal_seconds{quantile="0.99"}"#),
        "{metrics}"
    );
}

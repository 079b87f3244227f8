//! The WebSocket slots, shared out by address: connections that sit on
//! them, from one address, said hello or not, keep no one out; a player in
//! a game is never pushed out; a server full of players turns newcomers
//! away; `/healthz` says so; and every refusal is counted and logged.

use std::time::Duration;

use mice_cake_protocol::{ErrorCode, RoomOptions};

use crate::support::*;

const PUSHED_OUT: &str = r#"mice_cake_refused_total{reason="pushed_out"}"#;
const SERVER_FULL: &str = r#"mice_cake_refused_total{reason="server_full"}"#;
const TOO_MANY: &str = r#"mice_cake_errors_total{code="too_many_connections"}"#;

/// The connection was pushed out: told why, and closed with 1008.
async fn pushed_out(client: &mut Client) {
    let message = client.expect_error(ErrorCode::TooManyConnections).await;
    assert!(message.contains("made room for another"), "{message}");
    assert_eq!(client.close_code_within(PATIENCE).await, Some(1008));
}

#[tokio::test]
async fn connections_sitting_on_their_slots_from_one_address_keep_no_player_out() {
    let logs = captured_logs();
    let server = TestServer::start(|config| config.max_connections = Some(4)).await;
    let (pushed_before, full_before, too_many_before) = (
        server.metric(PUSHED_OUT).await,
        server.metric(SERVER_FULL).await,
        server.metric(TOO_MANY).await,
    );
    // Ann and Bob play, from one address.
    let mut ann = Client::greeted_from(&server, "127.0.0.2", "Ann").await;
    let (code, _, _) = ann.create(RoomOptions::default()).await;
    let mut bob = Client::greeted_from(&server, "127.0.0.2", "Bob").await;
    bob.join(code).await;
    // Another address takes the two slots left: one said hello, one did not.
    let mut squatters = vec![
        Client::greeted_from(&server, "127.0.0.3", "Squat").await,
        Client::connect_from(&server, "127.0.0.3").await,
    ];
    // Not ready for newcomers (a balancer sends them elsewhere), but
    // alive: it serves its players.
    let (status, ready) = server.get("/readyz").await;
    assert_eq!(status, 503, "{ready}");
    assert!(ready.contains(r#""status":"full""#), "{ready}");
    let (status, health) = server.get("/healthz").await;
    assert_eq!(status, 200, "{health}");
    assert!(health.contains(r#""status":"ok""#), "{health}");
    // The container's own check: full is serving, not ill.
    let addr = server.addr;
    tokio::task::spawn_blocking(move || {
        mice_cake_server::healthcheck::check(addr, Duration::from_secs(2))
    })
    .await
    .unwrap()
    .expect("a full server is healthy");

    // More from the same address: each pushes out its own oldest.
    squatters.push(Client::connect_from(&server, "127.0.0.3").await);
    pushed_out(&mut squatters[0]).await;
    // A newcomer from elsewhere pushes out the squatters' oldest, and plays.
    let mut cat = Client::greeted_from(&server, "127.0.0.4", "Cat").await;
    // The connection pushed out is still closing (its client has read
    // nothing yet), but it is served no more: not counted.
    let health: serde_json::Value = server.get_json("/healthz").await;
    assert_eq!(health["connections"], 4, "{health}");
    pushed_out(&mut squatters[1]).await;
    cat.create(RoomOptions::default()).await;
    // Ann and Bob were never touched: they still play.
    ann.send(&mice_cake_protocol::ClientMessage::Chat {
        text: "still here".into(),
    })
    .await;
    bob.recv_until(|message| matches!(message, mice_cake_protocol::ServerMessage::Chat { .. }))
        .await;

    // The last slot: a newcomer pushes out the last squatter and takes a
    // seat; the server is full of players, and the next is turned away.
    let mut dan = Client::greeted_from(&server, "127.0.0.5", "Dan").await;
    pushed_out(&mut squatters[2]).await;
    dan.create(RoomOptions::default()).await;
    let mut eve = Client::connect_from(&server, "127.0.0.6").await;
    eve.expect_error(ErrorCode::TooManyConnections).await;
    assert_eq!(eve.close_code_within(PATIENCE).await, Some(1013));

    // Every refusal was counted, and said in the log.
    assert!(server.metric(PUSHED_OUT).await - pushed_before >= 3.0);
    assert!(server.metric(SERVER_FULL).await - full_before >= 1.0);
    assert!(server.metric(TOO_MANY).await - too_many_before >= 1.0);
    let give_up = tokio::time::Instant::now() + PATIENCE;
    loop {
        let text = logs.text();
        if text.contains("connections refused or cut off") && text.contains("pushed_out=") {
            break;
        }
        assert!(
            tokio::time::Instant::now() < give_up,
            "no summary in the log"
        );
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    // A player leaving frees a slot: the server is no longer full.
    drop(dan);
    let give_up = tokio::time::Instant::now() + PATIENCE;
    while server.get("/readyz").await.0 != 200 {
        assert!(tokio::time::Instant::now() < give_up, "still full");
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
}

/// A hello that never comes, a flood and a bad token: each is counted in
/// `mice_cake_refused_total` and summed up in the log.
#[tokio::test]
async fn refusals_are_counted_by_reason() {
    let server = TestServer::start(|config| {
        config.hello_timeout = Duration::from_millis(200);
        config.messages_per_second = 5;
    })
    .await;
    let series = |reason: &str| format!(r#"mice_cake_refused_total{{reason="{reason}"}}"#);
    let before = [
        server.metric(&series("no_hello")).await,
        server.metric(&series("too_many_messages")).await,
        server.metric(&series("bad_token")).await,
    ];
    let mut silent = Client::connect(&server).await;
    assert!(silent.closed_within(PATIENCE).await);
    let mut flood = Client::greeted(&server, "Flood").await;
    for _ in 0..200 {
        let _ = tokio::time::timeout(
            Duration::from_millis(10),
            flood.send(&mice_cake_protocol::ClientMessage::ListRooms),
        )
        .await;
    }
    assert!(flood.closed_within(PATIENCE).await);
    let mut thief = Client::greeted(&server, "Thief").await;
    thief
        .send(&mice_cake_protocol::ClientMessage::Resume {
            token: "00".repeat(16).parse().unwrap(),
            last_seq: None,
            key: None,
            bot_declaration: None,
            key_proof: None,
        })
        .await;
    thief.expect_error(ErrorCode::BadToken).await;
    let after = [
        server.metric(&series("no_hello")).await,
        server.metric(&series("too_many_messages")).await,
        server.metric(&series("bad_token")).await,
    ];
    for ((reason, before), after) in ["no_hello", "too_many_messages", "bad_token"]
        .iter()
        .zip(before)
        .zip(after)
    {
        assert!(after > before, "{reason}: {before} then {after}");
    }
}

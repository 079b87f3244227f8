//! Connections that never finish their HTTP handshake: each has a deadline
//! from the moment it is accepted, holds one of a limited number of slots,
//! and is counted and logged when dropped, while players and health checks
//! keep getting in.

use std::net::{IpAddr, Ipv4Addr, SocketAddr};
use std::time::Duration;

use mice_cake_engine::{Policy, Seat};
use mice_cake_protocol::Ending;
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::{TcpSocket, TcpStream};

use crate::support::{Client, PATIENCE, TestServer, captured_logs, play, quick_games};

/// A TCP connection to `server` from the loopback address `127.0.0.last`.
async fn connect_from(server: &TestServer, last: u8) -> TcpStream {
    let socket = TcpSocket::new_v4().unwrap();
    socket
        .bind(SocketAddr::new(
            IpAddr::V4(Ipv4Addr::new(127, 0, 0, last)),
            0,
        ))
        .unwrap();
    socket.connect(server.addr).await.unwrap()
}

/// Whether the server closes `stream` within `wait` (reads to the end,
/// discarding what it was sent).
async fn closed_within(stream: &mut TcpStream, wait: Duration) -> bool {
    let mut sink = Vec::new();
    matches!(
        tokio::time::timeout(wait, stream.read_to_end(&mut sink)).await,
        Ok(Ok(_) | Err(_))
    )
}

/// A counter (or gauge) of `/metrics`, with its labels as written there.
const TIMED_OUT: &str = r#"mice_cake_handshakes_dropped_total{reason="timeout"}"#;
const EVICTED: &str = r#"mice_cake_handshakes_dropped_total{reason="evicted"}"#;

#[tokio::test]
async fn silent_slow_and_idle_connections_are_closed_at_the_handshake_deadline() {
    let logs = captured_logs();
    let deadline = Duration::from_millis(400);
    let server = TestServer::start(|config| config.handshake_timeout = deadline).await;
    let timed_out_before = server.metric(TIMED_OUT).await;

    // Silent: connects, says nothing.
    let mut silent = connect_from(&server, 1).await;
    // Slow: a byte of its request every 50 ms, never the end of the headers.
    let mut slow = connect_from(&server, 1).await;
    let trickle = tokio::spawn(async move {
        let request = b"GET /healthz HTTP/1.1\r\nHost: test\r\nX-Padding: ";
        let mut written = 0;
        for byte in request.iter().chain(std::iter::repeat(&b'a')) {
            if slow.write_all(&[*byte]).await.is_err() {
                break;
            }
            written += 1;
            tokio::time::sleep(Duration::from_millis(50)).await;
            if written > 400 {
                break;
            }
        }
        slow
    });
    // Idle: one request answered, then nothing (kept alive).
    let mut idle = connect_from(&server, 1).await;
    idle.write_all(b"GET /healthz HTTP/1.1\r\nHost: test\r\n\r\n")
        .await
        .unwrap();
    let mut answer = [0; 12];
    idle.read_exact(&mut answer).await.unwrap();
    assert_eq!(&answer, b"HTTP/1.1 200");

    assert!(closed_within(&mut silent, PATIENCE).await, "the silent one");
    assert!(closed_within(&mut idle, PATIENCE).await, "the idle one");
    let mut slow = trickle.await.unwrap();
    assert!(closed_within(&mut slow, PATIENCE).await, "the slow one");
    // Well before the trickle would have ended on its own (20 s). The idle
    // one had its request answered: its closing is no dropped handshake.
    let timed_out = server.metric(TIMED_OUT).await - timed_out_before;
    assert_eq!(timed_out, 2.0, "the silent and the slow one are counted");
    assert!(
        logs.text()
            .contains("connections dropped before finishing their HTTP handshake"),
        "the drops are logged"
    );

    // A WebSocket client that upgrades in time is not bound by the deadline.
    let mut ada = Client::greeted(&server, "Ada").await;
    tokio::time::sleep(3 * deadline).await;
    ada.send(&mice_cake_protocol::ClientMessage::ListRooms)
        .await;
    assert!(matches!(
        ada.recv().await,
        mice_cake_protocol::ServerMessage::RoomList { .. }
    ));
}

#[tokio::test]
async fn a_crowd_of_half_open_connections_cannot_keep_players_or_health_checks_out() {
    let server = TestServer::start(|config| {
        config.max_handshakes = Some(8);
        // Long enough that only eviction frees slots during the test.
        config.handshake_timeout = Duration::from_secs(60);
    })
    .await;
    let evicted_before = server.metric(EVICTED).await;
    // 40 connections from 127.0.0.2 that never send a byte, five times the
    // slots: the server keeps at most 8 of them.
    let mut crowd = Vec::new();
    for _ in 0..40 {
        crowd.push(connect_from(&server, 2).await);
    }
    // Health checks and players from elsewhere get in, again and again.
    for _ in 0..5 {
        let (status, body) = server.get("/healthz").await;
        assert_eq!(status, 200, "{body}");
    }
    let (code, yellow, blue) = {
        let mut ada = Client::greeted(&server, "Ada").await;
        let (code, _, _) = ada.create(quick_games()).await;
        let mut bea = Client::greeted(&server, "Bea").await;
        bea.join(code).await;
        (code, ada, bea)
    };
    let yellow = tokio::spawn(play(yellow, Seat::Yellow, Policy::Greedy, 1));
    let blue = tokio::spawn(play(blue, Seat::Blue, Policy::Random, 2));
    let (yellow, blue) = (yellow.await.unwrap(), blue.await.unwrap());
    assert_eq!(yellow.result, blue.result);
    assert!(
        matches!(yellow.result.ending, Ending::Played { .. }),
        "{code}"
    );

    // The crowd was pushed out, all but the newest few.
    let mut closed = 0;
    for stream in &mut crowd {
        if closed_within(stream, Duration::from_millis(50)).await {
            closed += 1;
        }
    }
    assert!(closed >= 32, "only {closed} of 40 closed");
    let evicted = server.metric(EVICTED).await - evicted_before;
    assert!(evicted >= 32.0, "{evicted} counted");
    assert!(server.metric("mice_cake_handshakes").await <= 8.0);
}

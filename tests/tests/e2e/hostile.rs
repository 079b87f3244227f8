//! The real server under a hostile load it must shrug off: hundreds of
//! connections that never finish their HTTP handshake, more than it has
//! open files for, opened again as fast as they are closed. Meanwhile it
//! answers health checks and two players finish a game watched by a third.

use std::io::{Read, Write};
use std::net::{IpAddr, Ipv4Addr, SocketAddr, TcpStream};
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::thread;
use std::time::Duration;

use socket2::{Domain, Socket, Type};

use crate::support::{Client, PATIENCE, Server};

/// Half-open connections kept up by the attack: more than the server's
/// open files.
const CROWD: usize = 400;

/// A connection from `127.0.0.2`, as another host would open it.
fn connect_from_elsewhere(server: SocketAddr) -> Option<TcpStream> {
    let socket = Socket::new(Domain::IPV4, Type::STREAM, None).ok()?;
    let here = SocketAddr::new(IpAddr::V4(Ipv4Addr::new(127, 0, 0, 2)), 0);
    socket.bind(&here.into()).ok()?;
    socket
        .connect_timeout(&server.into(), Duration::from_secs(1))
        .ok()?;
    let stream = TcpStream::from(socket);
    stream.set_nonblocking(true).ok()?;
    Some(stream)
}

/// Whether the server has closed `stream` (without waiting).
fn closed(stream: &mut TcpStream) -> bool {
    let mut byte = [0; 1];
    match stream.read(&mut byte) {
        Ok(0) => true,
        Ok(_) => false,
        Err(error) => error.kind() != std::io::ErrorKind::WouldBlock,
    }
}

/// Keeps [`CROWD`] half-open connections to `server` until `stop`: half
/// silent, half sending their request headers a byte at a time, never to
/// the end. Counts those the server closes; returns those still open.
fn attack(server: SocketAddr, stop: &AtomicBool, closed_by_server: &AtomicUsize) -> Vec<TcpStream> {
    let header = b"GET /healthz HTTP/1.1\r\nHost: test\r\nX-Slow: ";
    let mut crowd: Vec<(TcpStream, usize)> = Vec::new();
    while !stop.load(Ordering::Relaxed) {
        crowd.retain_mut(|(stream, sent)| {
            if closed(stream) {
                closed_by_server.fetch_add(1, Ordering::Relaxed);
                return false;
            }
            // Every other one trickles its headers.
            if *sent != usize::MAX {
                let byte = header.get(*sent).copied().unwrap_or(b'a');
                if stream.write(&[byte]).is_err() {
                    closed_by_server.fetch_add(1, Ordering::Relaxed);
                    return false;
                }
                *sent += 1;
            }
            true
        });
        while crowd.len() < CROWD {
            let Some(stream) = connect_from_elsewhere(server) else {
                break;
            };
            let sent = if crowd.len().is_multiple_of(2) {
                usize::MAX
            } else {
                0
            };
            crowd.push((stream, sent));
        }
        thread::sleep(Duration::from_millis(100));
    }
    crowd.into_iter().map(|(stream, _)| stream).collect()
}

/// The counter `series` of the server's `/metrics`.
fn metric(server: &Server, series: &str) -> f64 {
    let (status, text) = server.get("/metrics");
    assert_eq!(status, 200, "{text}");
    text.lines()
        .find_map(|line| line.strip_prefix(series)?.strip_prefix(' '))
        .and_then(|value| value.trim().parse().ok())
        .unwrap_or(0.0)
}

#[test]
fn half_open_connections_beyond_the_open_files_keep_nobody_out() {
    // 300 open files: about 60 handshake slots and 170 connections.
    let server = Server::start_with_open_files(300, &["--handshake-timeout", "3s"]);
    let stop = Arc::new(AtomicBool::new(false));
    let closed_by_server = Arc::new(AtomicUsize::new(0));
    let attacker = {
        let (addr, stop, closed) = (
            server.addr,
            Arc::clone(&stop),
            Arc::clone(&closed_by_server),
        );
        thread::spawn(move || attack(addr, &stop, &closed))
    };
    // Let the crowd build up past the server's files.
    let give_up = std::time::Instant::now() + PATIENCE;
    while closed_by_server.load(Ordering::Relaxed) < CROWD {
        assert!(
            std::time::Instant::now() < give_up,
            "the server closed only {} of the crowd",
            closed_by_server.load(Ordering::Relaxed)
        );
        thread::sleep(Duration::from_millis(100));
    }

    // Health checks answer throughout.
    for _ in 0..10 {
        let (status, body) = server.get("/healthz");
        assert_eq!(status, 200, "{body}");
        assert!(body.contains("\"ok\""), "{body}");
    }
    // Players get in and play a whole game, watched.
    let url = server.url();
    let mut ann = Client::start(&url, "ann", &["bot", "--seed", "1", "create"]);
    let line = ann.expect_containing("you are Yellow");
    let code = line.split_whitespace().nth(1).expect("a code").to_owned();
    let mut eve = Client::start(&url, "eve", &["watch", &code]);
    eve.expect_containing(&format!("watching room {code}"));
    let mut bob = Client::start(&url, "bob", &["bot", "--seed", "2", "join", &code]);
    let mut ends = Vec::new();
    for client in [&mut ann, &mut bob, &mut eve] {
        ends.push(client.expect(|line| line.starts_with("Game over: ")));
        assert!(client.finish().success(), "{}", client.transcript());
    }
    assert!(ends.windows(2).all(|pair| pair[0] == pair[1]), "{ends:?}");

    stop.store(true, Ordering::Relaxed);
    let survivors = attacker.join().unwrap();
    assert!(!survivors.is_empty());
    // Those left when the attack stops are closed at their deadline: an
    // end of stream, or a reset when the server closes one whose last
    // trickled byte it never read (the kernel resets a socket closed with
    // unread data) — never still open when the patience runs out.
    for mut stream in survivors {
        stream.set_nonblocking(false).unwrap();
        stream.set_read_timeout(Some(PATIENCE)).unwrap();
        let mut rest = Vec::new();
        let read = stream.read_to_end(&mut rest);
        let closed = match &read {
            Ok(_) => true,
            Err(error) => error.kind() == std::io::ErrorKind::ConnectionReset,
        };
        assert!(closed, "not closed at the handshake deadline: {read:?}");
    }
    // Every drop was counted, both kinds, and logged; the server never ran
    // out of files (it would log accept errors).
    let evicted = metric(
        &server,
        r#"mice_cake_handshakes_dropped_total{reason="evicted"}"#,
    );
    let timed_out = metric(
        &server,
        r#"mice_cake_handshakes_dropped_total{reason="timeout"}"#,
    );
    assert!(evicted >= CROWD as f64 / 2.0, "{evicted} evicted");
    assert!(timed_out >= 1.0, "{timed_out} timed out");
    let log = server.log();
    assert!(
        log.contains("connections dropped before finishing their HTTP handshake"),
        "{log}"
    );
    assert_eq!(
        metric(&server, "mice_cake_accept_errors_total"),
        0.0,
        "{log}"
    );
    assert!(!log.contains("cannot accept"), "{log}");
    assert!(!log.contains("Too many open files"), "{log}");
}

//! A server stopped as an orchestrator stops it (SIGTERM) tells every
//! connection why before the process exits: a seeker's search ends with
//! its reason, everyone is told the server is shutting down, and each
//! connection gets a close frame, never a bare end of stream.

use std::time::Duration;

use mice_cake_protocol::{ClientMessage, Pool, RoomOptions, ServerMessage};

use crate::raw::Raw;
use crate::support::Server;

/// Connections of each kind: enough that a process exiting without
/// waiting for them leaves some unsaid (400 hosts failed every run then).
const SEEKERS: u64 = 16;
const HOSTS: usize = 400;

/// What a connection reads after the process has gone: its last words
/// are in its socket's buffer, or were never sent.
const CLOSE_WAIT: Duration = Duration::from_secs(5);

#[test]
fn a_server_stopped_by_sigterm_tells_every_seeker_and_host_why_before_it_exits() {
    let server = Server::start(&["--seed", "5"]);
    let url = server.url();
    // Seekers who cannot meet: each asks a time per round of its own.
    let mut seekers: Vec<Raw> = (0..SEEKERS)
        .map(|index| {
            let mut seeker = Raw::connect(&url, &format!("seeker{index}"));
            seeker.send(&ClientMessage::Seek {
                pool: Some(Pool::Standard),
                deadline_ms: Some(30_000 + index * 1_000),
                rated: false,
                bot_after_ms: Some(0),
                key: None,
                bot_declaration: None,
                key_proof: None,
            });
            seeker.until(|message| matches!(message, ServerMessage::Seeking { .. }));
            seeker
        })
        .collect();
    // Players alone in rooms of their own, waiting for an opponent.
    let mut hosts: Vec<Raw> = (0..HOSTS)
        .map(|index| {
            let mut host = Raw::connect(&url, &format!("host{index}"));
            host.send(&ClientMessage::CreateRoom {
                options: RoomOptions::default(),
                key: None,
                bot_declaration: None,
                key_proof: None,
            });
            host.until(|message| matches!(message, ServerMessage::Joined { .. }));
            host
        })
        .collect();

    let status = server.terminate();
    assert!(status.success(), "{status:?}");

    for seeker in &mut seekers {
        let ended = seeker.until(|message| matches!(message, ServerMessage::SeekEnded { .. }));
        assert!(
            matches!(&ended, ServerMessage::SeekEnded { reason, .. } if reason.contains("shutting down")),
            "{ended:?}"
        );
    }
    for connection in seekers.iter_mut().chain(hosts.iter_mut()) {
        connection.until(|message| matches!(message, ServerMessage::ShuttingDown { .. }));
        assert_eq!(
            connection.close_frame(CLOSE_WAIT),
            Some((1001, "server shutting down".to_owned())),
            "seen: {:#?}",
            connection.seen
        );
    }
}

//! Nobody plays against someone who is not there: a game starts only with
//! both players connected, a seat whose player stays away is freed, and the
//! listing never offers a room whose only player is gone.

use std::time::Duration;

use mice_cake_engine::Seat;
use mice_cake_protocol::{
    ClientMessage, Ending, ForfeitCause, RoomEvent, RoomList, RoomOptions, RoomStatus,
    ServerMessage,
};

use crate::support::*;

fn is_event(message: &ServerMessage, wanted: impl Fn(&RoomEvent) -> bool) -> bool {
    matches!(message, ServerMessage::Event { event, .. } if wanted(event))
}

#[tokio::test]
async fn a_game_never_starts_against_someone_who_is_not_there() {
    let server = TestServer::start(|config| {
        config.disconnect_grace = Duration::from_millis(800);
    })
    .await;
    let mut bob = Client::greeted(&server, "Bob").await;
    let (code, _, bob_token) = bob.create(RoomOptions::default()).await;
    let listed: RoomList = server.get_json("/api/rooms").await;
    assert_eq!(listed.total, 1);
    // Bob's connection drops: his room is no longer offered.
    drop(bob);
    let mut listed: RoomList = server.get_json("/api/rooms").await;
    for _ in 0..50 {
        if listed.total == 0 {
            break;
        }
        tokio::time::sleep(Duration::from_millis(20)).await;
        listed = server.get_json("/api/rooms").await;
    }
    assert_eq!(
        listed.total, 0,
        "a room whose only player is gone is not listed"
    );
    // Someone given the code takes the free seat: no game against an
    // absent Bob.
    let mut ann = Client::greeted(&server, "Ann").await;
    let (seat, _) = ann.join(code).await;
    assert_eq!(seat, Seat::Blue);
    assert!(
        ann.try_recv(Duration::from_millis(200))
            .await
            .is_none_or(|message| !is_event(&message, |event| matches!(
                event,
                RoomEvent::GameStarted { .. }
            )))
    );
    // Bob comes back in time: now the game starts.
    let mut bob = Client::greeted(&server, "Bob").await;
    bob.resume(bob_token, None).await;
    ann.recv_until(|message| {
        is_event(message, |event| {
            matches!(event, RoomEvent::GameStarted { .. })
        })
    })
    .await;
}

#[tokio::test]
async fn a_seat_left_empty_too_long_is_freed_and_the_room_offered_again() {
    let server = TestServer::start(|config| {
        config.disconnect_grace = Duration::from_millis(300);
    })
    .await;
    let mut bob = Client::greeted(&server, "Bob").await;
    let (code, _, _) = bob.create(RoomOptions::default()).await;
    let mut ann = Client::greeted(&server, "Ann").await;
    ann.join(code).await;
    // A game starts (both are here); Bob drops for good and forfeits.
    ann.recv_until(|message| {
        is_event(message, |event| {
            matches!(event, RoomEvent::GameStarted { .. })
        })
    })
    .await;
    drop(bob);
    let over = ann
        .recv_until(|message| {
            is_event(message, |event| matches!(event, RoomEvent::GameOver { .. }))
        })
        .await;
    let ServerMessage::Event { event, .. } = over else {
        unreachable!()
    };
    let RoomEvent::GameOver { result, .. } = *event else {
        unreachable!()
    };
    // Gone before anyone moved: the game is aborted, not lost.
    assert_eq!(
        result.ending,
        Ending::Aborted {
            seat: Some(Seat::Yellow),
            cause: ForfeitCause::Disconnected
        }
    );
    // His seat is freed with the forfeit: the room is Ann's, waiting for a
    // new opponent, and listed as such.
    ann.recv_until(|message| {
        is_event(message, |event| {
            *event == RoomEvent::PlayerLeft { seat: Seat::Yellow }
        })
    })
    .await;
    let listed: RoomList = server.get_json("/api/rooms").await;
    let room = listed.rooms.iter().find(|room| room.code == code).unwrap();
    assert_eq!(room.status, RoomStatus::Waiting);
    assert_eq!(room.players.yellow, None);
    assert_eq!(room.players.blue.as_deref(), Some("Ann"));
    // A waiting room shows no round: the last game's is over.
    assert_eq!(room.round, 0);
    // Ann quits: the room closes, and no ghost is left listed.
    ann.leave().await;
    ann.recv_until(|message| matches!(message, ServerMessage::Left { .. }))
        .await;
    let mut listed: RoomList = server.get_json("/api/rooms").await;
    for _ in 0..50 {
        if listed.total == 0 {
            break;
        }
        tokio::time::sleep(Duration::from_millis(20)).await;
        listed = server.get_json("/api/rooms").await;
    }
    assert_eq!(listed.total, 0);
}

#[tokio::test]
async fn a_player_away_between_games_loses_the_seat_after_the_grace_period() {
    let server = TestServer::start(|config| {
        config.disconnect_grace = Duration::from_millis(300);
    })
    .await;
    let mut bob = Client::greeted(&server, "Bob").await;
    let (code, _, _) = bob.create(RoomOptions::default()).await;
    let mut spectator = Client::greeted(&server, "Cy").await;
    spectator.watch(code).await;
    drop(bob);
    // Outside a game the grace period frees the seat, told to everyone.
    let connection = spectator
        .recv_until(|message| {
            is_event(message, |event| {
                matches!(
                    event,
                    RoomEvent::Connection {
                        connected: false,
                        ..
                    }
                )
            })
        })
        .await;
    assert!(is_event(&connection, |event| matches!(
        event,
        RoomEvent::Connection {
            grace_ms: Some(300),
            ..
        }
    )));
    spectator
        .recv_until(|message| {
            is_event(message, |event| {
                *event == RoomEvent::PlayerLeft { seat: Seat::Yellow }
            })
        })
        .await;
}

/// The server pings every connection; one that answers stays, however
/// quiet its player, and one that stops answering (a machine gone to sleep,
/// a cable pulled) is dropped after two intervals, so that its seat's grace
/// period can start.
#[tokio::test]
async fn a_connection_that_answers_pings_stays_and_one_that_stops_is_dropped() {
    let interval = Duration::from_millis(300);
    let server = TestServer::start(|config| config.ping_interval = interval).await;
    let mut answering = Client::greeted(&server, "Ada").await;
    let mut gone_quiet = Client::greeted(&server, "Bea").await;
    // Ada reads (and so answers) for many intervals: pinged each one, never
    // dropped. Bea reads nothing meanwhile.
    let pings = answering.pings_within(8 * interval).await;
    assert!(
        pings.is_some_and(|pings| pings >= 2),
        "answered pings: {pings:?}"
    );
    // Bea's connection was dropped: what she reads now ends in a close, not
    // in more pings for as long as she would listen.
    assert!(gone_quiet.closed_within(PATIENCE).await);
    // Ada is still served.
    answering.send(&ClientMessage::ListRooms).await;
    assert!(matches!(
        answering.recv().await,
        ServerMessage::RoomList { .. }
    ));
}

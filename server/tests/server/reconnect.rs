//! Reconnection with a seat token.

use mice_cake_engine::Seat;
use mice_cake_protocol::{
    ClientMessage, ErrorCode, RoomEvent, RoomOptions, SeatToken, ServerMessage,
};

use crate::support::*;

fn is_event(message: &ServerMessage, wanted: impl Fn(&RoomEvent) -> bool) -> bool {
    matches!(message, ServerMessage::Event { event, .. } if wanted(event))
}

#[tokio::test]
async fn reconnecting_mid_round_keeps_the_seat_the_commit_and_the_game() {
    let server = TestServer::default().await;
    let (_, mut yellow, mut blue, yellow_token, _) =
        two_players(&server, RoomOptions::default()).await;
    let mut last_seq;
    // Yellow seals a move for round 1, then drops.
    let (_, view) = tokio::join!(yellow.until_round(1), blue.until_round(1));
    assert_eq!(view.round, 1);
    // The deal depends on both players' nonces: moves from the cake dealt.
    let commit = mice_cake_engine::greedy_assignment(&view, Seat::Yellow);
    yellow.commit(1, commit).await;
    // Its own seal comes with what it is sent next (protocol 13): the state
    // it asks for.
    yellow.send(&ClientMessage::Sync).await;
    loop {
        if let ServerMessage::Event { seq, event } = yellow.recv().await {
            last_seq = seq;
            if matches!(
                *event,
                RoomEvent::Sealed {
                    seat: Seat::Yellow,
                    round: 1,
                    ..
                }
            ) {
                break;
            }
        }
    }
    // The client keeps its opening across connections.
    let sealing = std::mem::take(&mut yellow.sealing);
    drop(yellow);
    // Blue is told, with the time left before a forfeit.
    let grace = match blue
        .recv_until(|m| {
            is_event(m, |e| {
                matches!(
                    e,
                    RoomEvent::Connection {
                        connected: false,
                        ..
                    }
                )
            })
        })
        .await
    {
        ServerMessage::Event { event, .. } => match *event {
            RoomEvent::Connection { seat, grace_ms, .. } => {
                assert_eq!(seat, Seat::Yellow);
                grace_ms.expect("a countdown during a game")
            }
            _ => unreachable!(),
        },
        _ => unreachable!(),
    };
    assert!(grace > 100_000 && grace <= 120_000, "{grace}");

    // Yellow comes back on a new connection.
    let mut again = Client::greeted(&server, "Ada").await;
    again.carry_on(sealing);
    again.resume(yellow_token, Some(last_seq)).await;
    let state = match again.recv().await {
        ServerMessage::Joined {
            seat: Some(Seat::Yellow),
            token: None,
            state,
        } => state,
        other => panic!("expected the seat back, got {other:?}"),
    };
    // The seal is kept; the move itself is the client's until it opens it.
    let exchange = state.exchange.as_ref().expect("round 1's exchange");
    assert!(exchange.seals.yellow.is_some() && exchange.seals.blue.is_none());
    assert!(!exchange.opened.yellow);
    assert!(state.committed.yellow && !state.committed.blue);
    assert_eq!(state.view.unwrap().round, 1);
    // Then the events missed since `last_seq`: the disconnection at least.
    again
        .recv_until(|m| {
            is_event(m, |e| {
                matches!(
                    e,
                    RoomEvent::Connection {
                        connected: false,
                        ..
                    }
                )
            })
        })
        .await;
    blue.recv_until(|m| {
        is_event(m, |e| {
            matches!(
                e,
                RoomEvent::Connection {
                    connected: true,
                    ..
                }
            )
        })
    })
    .await;

    // The round goes on with Yellow's move sealed before the drop, opened
    // by the new connection.
    blue.commit(1, mice_cake_engine::greedy_assignment(&view, Seat::Blue))
        .await;
    let revealed = |m: &ServerMessage| is_event(m, |e| matches!(e, RoomEvent::Revealed { .. }));
    let Ok((reveal, _)) = tokio::time::timeout(PATIENCE / 2, async {
        tokio::join!(again.recv_until(revealed), blue.recv_until(revealed))
    })
    .await
    else {
        panic!(
            "no reveal: yellow got {:#?}\nblue got {:#?}",
            &again.received, &blue.received
        );
    };
    match reveal {
        ServerMessage::Event { event, .. } => match *event {
            RoomEvent::Revealed { report, auto, .. } => {
                assert_eq!(report.assignments.yellow, commit);
                assert!(!auto.yellow && !auto.blue);
            }
            _ => unreachable!(),
        },
        _ => unreachable!(),
    }
}

#[tokio::test]
async fn a_made_up_token_is_refused_and_the_connection_stays_usable() {
    let server = TestServer::default().await;
    let _room = two_players(&server, RoomOptions::default()).await;
    let mut stranger = Client::greeted(&server, "Eve").await;
    stranger
        .send(&ClientMessage::Resume {
            token: SeatToken::from_bytes([7; 16]),
            last_seq: None,
            key: None,
            bot_declaration: None,
            key_proof: None,
        })
        .await;
    stranger.expect_error(ErrorCode::BadToken).await;
    stranger.send(&ClientMessage::ListRooms).await;
    assert!(
        matches!(stranger.recv().await, ServerMessage::RoomList { rooms, total: 1 } if rooms.len() == 1)
    );
}

/// Sends `client`'s join of room `code`, with its key and proof, without
/// reading the answer.
async fn send_proven_join(client: &mut Client, code: mice_cake_protocol::RoomCode) {
    client
        .send(&ClientMessage::JoinRoom {
            code,
            key: client.sealing.key(),
            bot_declaration: None,
            key_proof: client.sealing.key_proof(),
        })
        .await;
}

/// `joiner` joins Yellow's room `code` as Blue, and Yellow sees it; the
/// joiner's `joined` is left unread (lost, as far as it knows).
async fn joined_unread(
    joiner: &mut Client,
    yellow: &mut Client,
    code: mice_cake_protocol::RoomCode,
) {
    send_proven_join(joiner, code).await;
    yellow
        .recv_until(|m| {
            is_event(m, |e| {
                matches!(
                    e,
                    RoomEvent::PlayerJoined {
                        seat: Seat::Blue,
                        ..
                    }
                )
            })
        })
        .await;
}

/// As the 30-minute nemesis found: the same lost `joined`, but the server
/// has not yet seen the old connection die (its client has). The room is
/// full, so a join by the seat's proven key can only mean a return: the
/// seat is the new connection's, and the old one is told it was replaced.
#[tokio::test]
async fn a_full_room_gives_a_proven_key_its_seat_from_a_connection_still_thought_alive() {
    let server = TestServer::default().await;
    let mut ada = Client::greeted(&server, "Ada").await;
    let (code, _, _) = ada.create(RoomOptions::default()).await;
    let mut dying = Client::greeted(&server, "Bea").await;
    joined_unread(&mut dying, &mut ada, code).await;

    // The same player (the same key) on a new connection, the old one
    // still open: her seat, a new token.
    let mut bea = Client::greeted(&server, "Bea").await;
    let (seat, _) = bea.join(code).await;
    assert_eq!(seat, Seat::Blue);
    dying.expect_error(ErrorCode::Replaced).await;
    assert!(dying.closed_within(PATIENCE).await);
    let (ada_view, bea_view) = tokio::join!(ada.until_round(1), bea.until_round(1));
    assert_eq!((ada_view.round, bea_view.round), (1, 1));
}

/// What the rule above must not take: one key in two tabs may play both
/// sides, so a free seat goes to the second tab; a third tab, with both
/// seats the key's, cannot be told which one it lost, and finds the room
/// full.
#[tokio::test]
async fn one_key_in_two_tabs_takes_the_free_seat_and_a_third_tab_finds_the_room_full() {
    let server = TestServer::default().await;
    let mut first = Client::greeted(&server, "Ada").await;
    let (code, yellow, _) = first.create(RoomOptions::default()).await;
    let mut second = Client::greeted(&server, "Ada").await;
    let (blue, _) = second.join(code).await;
    assert_eq!((yellow, blue), (Seat::Yellow, Seat::Blue));
    let mut third = Client::greeted(&server, "Ada").await;
    send_proven_join(&mut third, code).await;
    third.expect_error(ErrorCode::RoomFull).await;
    // Both tabs keep their seats and play.
    let (a, b) = tokio::join!(first.until_round(1), second.until_round(1));
    assert_eq!((a.round, b.round), (1, 1));
}

#[tokio::test]
async fn a_second_connection_with_the_token_replaces_the_first() {
    let server = TestServer::default().await;
    let (_, mut first, mut blue, token, _) = two_players(&server, RoomOptions::default()).await;
    let (view, _) = tokio::join!(first.until_round(1), blue.until_round(1));
    let mut second = Client::greeted(&server, "Ada").await;
    second.resume(token, None).await;
    assert!(matches!(
        second.recv().await,
        ServerMessage::Joined {
            seat: Some(Seat::Yellow),
            ..
        }
    ));
    // The first is told, with a code of its own, not to take the seat back
    // (two tabs would push each other out forever).
    let message = first.expect_error(ErrorCode::Replaced).await;
    assert!(message.contains("another connection"), "{message}");
    assert!(first.closed_within(PATIENCE).await);
    // The new connection plays: a full round.
    second
        .commit(1, mice_cake_engine::greedy_assignment(&view, Seat::Yellow))
        .await;
    blue.commit(1, mice_cake_engine::greedy_assignment(&view, Seat::Blue))
        .await;
    let revealed = |m: &ServerMessage| is_event(m, |e| matches!(e, RoomEvent::Revealed { .. }));
    // The opponent never heard of a disconnection or a return: the seat
    // was never away.
    let mut heard = Vec::new();
    let (_, _) = tokio::join!(
        second.recv_until(revealed),
        blue.recv_until(|m| {
            heard.push(m.clone());
            revealed(m)
        })
    );
    assert!(
        !heard
            .iter()
            .any(|m| is_event(m, |e| matches!(e, RoomEvent::Connection { .. }))),
        "{heard:?}"
    );
}

#[tokio::test]
async fn after_a_rematch_a_seat_token_still_leads_to_its_player_in_the_new_seat() {
    let server = TestServer::default().await;
    let options = quick_games();
    let (_, yellow, blue, ada_token, _) = two_players(&server, options).await;
    let (ada, bea) = tokio::join!(
        play(yellow, Seat::Yellow, mice_cake_engine::Policy::Random, 1),
        play(blue, Seat::Blue, mice_cake_engine::Policy::Random, 2)
    );
    let (mut ada, mut bea) = (ada.client, bea.client);
    ada.send(&ClientMessage::Rematch).await;
    bea.send(&ClientMessage::Rematch).await;
    bea.recv_until(|m| is_event(m, |e| matches!(e, RoomEvent::GameStarted { game: 2, .. })))
        .await;
    // Ada (Yellow in game 1) drops and comes back: she is Blue now.
    drop(ada);
    let mut again = Client::greeted(&server, "Ada").await;
    again.resume(ada_token, None).await;
    match again.recv().await {
        ServerMessage::Joined {
            seat: Some(seat),
            state,
            ..
        } => {
            assert_eq!(seat, Seat::Blue);
            assert_eq!(state.players.blue.unwrap().name, "Ada");
            assert_eq!(state.game, 2);
        }
        other => panic!("expected the seat back, got {other:?}"),
    }
}

/// As the nemesis found: a join the room took whose `joined` never reached
/// its player (the connection cut as it came back). Their client has no
/// token, and joins again with the key it proves it holds: the seat is
/// given back with a new token, rather than `room_full` while the seat
/// waits for a player who never had its token. A key announced without its
/// proof gets nothing of the kind.
#[tokio::test]
async fn a_join_whose_joined_was_lost_is_given_the_seat_back_by_its_proven_key() {
    let server = TestServer::default().await;
    let mut ada = Client::greeted(&server, "Ada").await;
    let (code, _, _) = ada.create(RoomOptions::default()).await;
    let mut bea = Client::greeted(&server, "Bea").await;
    joined_unread(&mut bea, &mut ada, code).await;
    // Bea's connection goes before she reads her `joined`.
    let sealing = std::mem::take(&mut bea.sealing);
    drop(bea);
    ada.recv_until(|m| {
        is_event(m, |e| {
            matches!(
                e,
                RoomEvent::Connection {
                    seat: Seat::Blue,
                    connected: false,
                    ..
                }
            )
        })
    })
    .await;

    // Her key announced by someone who cannot prove it: the room is full.
    let mut mallory = Client::greeted(&server, "Mallory").await;
    mallory
        .send(&ClientMessage::JoinRoom {
            code,
            key: sealing.key(),
            bot_declaration: None,
            key_proof: None,
        })
        .await;
    mallory.expect_error(ErrorCode::RoomFull).await;

    // Bea joins again with her key and its proof: her seat, a new token.
    let mut bea = Client::greeted(&server, "Bea").await;
    bea.carry_on(sealing);
    let (seat, token) = bea.join(code).await;
    assert_eq!(seat, Seat::Blue);
    ada.recv_until(|m| {
        is_event(m, |e| {
            matches!(
                e,
                RoomEvent::Connection {
                    seat: Seat::Blue,
                    connected: true,
                    ..
                }
            )
        })
    })
    .await;
    // The token leads to the seat, and the game goes on.
    let sealing = std::mem::take(&mut bea.sealing);
    drop(bea);
    let mut bea = Client::greeted(&server, "Bea").await;
    bea.carry_on(sealing);
    bea.resume(token, None).await;
    let (ada_view, bea_view) = tokio::join!(ada.until_round(1), bea.until_round(1));
    assert_eq!((ada_view.round, bea_view.round), (1, 1));
}

//! Quick pairing: seeks paired by pool, time and kind; the room made for
//! the pair, rated; the bot offered after the wait asked; a seeker gone
//! never paired; a seek refused while in a room, or twice.

use std::time::Duration;

use mice_cake_engine::{Policy, Seat};
use mice_cake_protocol::{ClientMessage, ErrorCode, Pool, RoomEvent, SeekEndCause, ServerMessage};

use crate::support::{Client, TestServer, play};

fn seek(client: &Client, pool: Option<Pool>, bot_after_ms: Option<u64>) -> ClientMessage {
    ClientMessage::Seek {
        pool,
        deadline_ms: None,
        rated: true,
        bot_after_ms,
        key: client.sealing.key(),
        bot_declaration: None,
        key_proof: client.sealing.key_proof(),
    }
}

/// Seeks, and expects the queue to take it.
async fn seeking(client: &mut Client, pool: Option<Pool>, bot_after_ms: Option<u64>) {
    let message = seek(client, pool, bot_after_ms);
    client.send(&message).await;
    match client.recv().await {
        ServerMessage::Seeking {
            pool: asked,
            rated,
            rating,
            ..
        } => {
            assert_eq!((asked, rated), (pool, true));
            assert!(rating.provisional);
        }
        other => panic!("expected seeking, got {other:?}"),
    }
}

/// The pairing, then the seat: `(opponent, pool, seat)`.
async fn paired(client: &mut Client) -> (String, Pool, Seat) {
    let (opponent, pool) = match client
        .recv_until(|m| {
            matches!(
                m,
                ServerMessage::Paired { .. } | ServerMessage::Error { .. }
            )
        })
        .await
    {
        ServerMessage::Paired {
            opponent,
            pool,
            rated,
            ..
        } => {
            assert!(rated);
            (opponent, pool)
        }
        other => panic!("expected to be paired, got {other:?}"),
    };
    match client.recv().await {
        ServerMessage::Joined {
            seat: Some(seat),
            token: Some(_),
            state,
        } => {
            assert!(state.options.rated && !state.options.public);
            (opponent, pool, seat)
        }
        other => panic!("expected the seat, got {other:?}"),
    }
}

#[tokio::test]
async fn two_seekers_are_paired_into_a_rated_room_and_play_it_out() {
    let server = TestServer::default().await;
    let mut ada = Client::greeted(&server, "Ada").await;
    let mut bea = Client::greeted(&server, "Bea").await;
    seeking(&mut ada, Some(Pool::Boost), Some(0)).await;
    seeking(&mut bea, None, Some(0)).await;
    let ((to_ada, pool, ada_seat), (to_bea, pool_b, bea_seat)) =
        tokio::join!(paired(&mut ada), paired(&mut bea));
    assert_eq!((to_ada.as_str(), to_bea.as_str()), ("Bea", "Ada"));
    assert_eq!(
        (pool, pool_b),
        (Pool::Boost, Pool::Boost),
        "any meets boost in boost"
    );
    assert_ne!(ada_seat, bea_seat);
    let ada = tokio::spawn(play(ada, ada_seat, Policy::Greedy, 1));
    let bea = tokio::spawn(play(bea, bea_seat, Policy::Random, 2));
    let (ada, bea) = (ada.await.unwrap(), bea.await.unwrap());
    assert_eq!(ada.game_id, bea.game_id);
    let game: mice_cake_protocol::FinishedGame = server
        .get_json(&format!("/api/games/{}", ada.game_id))
        .await;
    let rated = game.rated.expect("a paired game is rated");
    assert_eq!(rated.pool, Pool::Boost);
    assert!(rated.ratings.is_some());
}

#[tokio::test]
async fn the_bot_is_offered_after_the_wait_asked_and_the_seek_goes_on() {
    let server = TestServer::default().await;
    let mut ada = Client::greeted(&server, "Ada").await;
    seeking(&mut ada, Some(Pool::FaceUp), Some(300)).await;
    let offered = ada
        .try_recv(Duration::from_secs(3))
        .await
        .expect("the bot is offered");
    let ServerMessage::BotOffered { policy, options } = offered else {
        panic!("expected the bot offered, got {offered:?}");
    };
    assert_eq!(
        (policy, options.bot),
        (Policy::Strong, Some(Policy::Strong))
    );
    assert_eq!(Pool::of(&options.game), Some(Pool::FaceUp));
    assert!(!options.rated, "a game against the bot is not rated");
    // Offered once; the seek goes on, and a newcomer is paired with her.
    assert!(ada.try_recv(Duration::from_millis(600)).await.is_none());
    let mut bea = Client::greeted(&server, "Bea").await;
    seeking(&mut bea, None, Some(0)).await;
    let (opponent, _, _) = paired(&mut bea).await;
    assert_eq!(opponent, "Ada");
    paired(&mut ada).await;
}

#[tokio::test]
async fn an_offered_bot_is_played_by_cancelling_then_creating_its_room() {
    let server = TestServer::default().await;
    let mut ada = Client::greeted(&server, "Ada").await;
    seeking(&mut ada, None, Some(100)).await;
    let options = match ada.recv().await {
        ServerMessage::BotOffered { options, .. } => options,
        other => panic!("expected the bot offered, got {other:?}"),
    };
    ada.send(&ClientMessage::CancelSeek).await;
    assert!(matches!(ada.recv().await, ServerMessage::SeekEnded { .. }));
    let (_, seat, _) = ada.create(options).await;
    let played = play(ada, seat, Policy::Greedy, 3).await;
    let game: mice_cake_protocol::FinishedGame = server
        .get_json(&format!("/api/games/{}", played.game_id))
        .await;
    assert!(game.rated.is_none());
}

#[tokio::test]
async fn a_seeker_who_went_away_or_cancelled_is_never_paired() {
    let server = TestServer::default().await;
    let mut gone = Client::greeted(&server, "Gone").await;
    seeking(&mut gone, None, Some(0)).await;
    drop(gone);
    let mut cancelled = Client::greeted(&server, "Cancelled").await;
    seeking(&mut cancelled, None, Some(0)).await;
    cancelled.send(&ClientMessage::CancelSeek).await;
    assert!(matches!(
        cancelled.recv().await,
        ServerMessage::SeekEnded { .. }
    ));
    tokio::time::sleep(Duration::from_millis(300)).await;
    let mut ada = Client::greeted(&server, "Ada").await;
    seeking(&mut ada, None, Some(0)).await;
    // Alone in the queue now: nothing comes.
    assert!(ada.try_recv(Duration::from_millis(800)).await.is_none());
    let mut bea = Client::greeted(&server, "Bea").await;
    seeking(&mut bea, None, Some(0)).await;
    let (opponent, _, _) = paired(&mut bea).await;
    assert_eq!(opponent, "Ada");
    assert!(
        cancelled
            .try_recv(Duration::from_millis(300))
            .await
            .is_none()
    );
}

#[tokio::test]
async fn different_pools_times_or_kinds_never_meet() {
    let server = TestServer::default().await;
    let mut ada = Client::greeted(&server, "Ada").await;
    let mut bea = Client::greeted(&server, "Bea").await;
    seeking(&mut ada, Some(Pool::Standard), Some(0)).await;
    seeking(&mut bea, Some(Pool::FaceDown), Some(0)).await;
    let mut cy = Client::greeted(&server, "Cy").await;
    cy.send(&ClientMessage::Seek {
        pool: None,
        deadline_ms: Some(20_000),
        rated: false,
        bot_after_ms: Some(0),
        key: None,
        bot_declaration: None,
        key_proof: None,
    })
    .await;
    assert!(matches!(
        cy.recv().await,
        ServerMessage::Seeking { rated: false, .. }
    ));
    for client in [&mut ada, &mut bea, &mut cy] {
        assert!(client.try_recv(Duration::from_millis(700)).await.is_none());
    }
}

#[tokio::test]
async fn a_seek_is_refused_without_a_key_in_a_room_or_twice() {
    let server = TestServer::default().await;
    let mut ada = Client::greeted(&server, "Ada").await;
    ada.send(&ClientMessage::Seek {
        pool: None,
        deadline_ms: None,
        rated: true,
        bot_after_ms: None,
        key: None,
        bot_declaration: None,
        key_proof: None,
    })
    .await;
    ada.expect_error(ErrorCode::KeyRequired).await;
    let short = ClientMessage::Seek {
        pool: None,
        deadline_ms: Some(1_000),
        rated: true,
        bot_after_ms: None,
        key: ada.sealing.key(),
        bot_declaration: None,
        key_proof: ada.sealing.key_proof(),
    };
    ada.send(&short).await;
    ada.expect_error(ErrorCode::BadOptions).await;
    seeking(&mut ada, None, Some(0)).await;
    let again = seek(&ada, None, None);
    ada.send(&again).await;
    ada.expect_error(ErrorCode::AlreadySeeking).await;
    ada.send(&ClientMessage::CreateRoom {
        options: Default::default(),
        key: None,
        bot_declaration: None,
        key_proof: None,
    })
    .await;
    ada.expect_error(ErrorCode::AlreadySeeking).await;
    ada.send(&ClientMessage::CancelSeek).await;
    assert!(matches!(ada.recv().await, ServerMessage::SeekEnded { .. }));
    let (code, _, _) = ada.create(Default::default()).await;
    let in_room = seek(&ada, None, None);
    ada.send(&in_room).await;
    let message = ada.expect_error(ErrorCode::AlreadyInRoom).await;
    assert!(message.contains(&code.to_string()), "{message}");
    // Nothing of it reached the room's events.
}

#[tokio::test]
async fn one_address_brings_so_many_new_keys_into_rated_play_an_hour() {
    let server = TestServer::start(|config| config.new_rated_keys_per_hour = 2).await;
    let mut clients = Vec::new();
    for name in ["Ada", "Bea"] {
        let mut client = Client::greeted(&server, name).await;
        seeking(&mut client, Some(Pool::FaceDown), Some(0)).await;
        client.send(&ClientMessage::CancelSeek).await;
        assert!(matches!(
            client.recv().await,
            ServerMessage::SeekEnded { .. }
        ));
        clients.push(client);
    }
    // The same keys again: counted already.
    seeking(&mut clients[0], Some(Pool::FaceDown), Some(0)).await;
    let mut cy = Client::greeted(&server, "Cy").await;
    let rated = seek(&cy, None, None);
    cy.send(&rated).await;
    let message = cy.expect_error(ErrorCode::TooManyNewKeys).await;
    assert!(message.contains("2 new keys"), "{message}");
    cy.send(&ClientMessage::CreateRoom {
        options: mice_cake_protocol::RoomOptions {
            rated: true,
            ..Default::default()
        },
        key: cy.sealing.key(),
        bot_declaration: None,
        key_proof: cy.sealing.key_proof(),
    })
    .await;
    cy.expect_error(ErrorCode::TooManyNewKeys).await;
    // Casual play is open.
    let (_, _, _) = cy.create(Default::default()).await;
}

#[tokio::test]
async fn a_seeker_is_told_the_seek_ended_when_the_server_stops() {
    let server = TestServer::default().await;
    let mut ada = Client::greeted(&server, "Ada").await;
    seeking(&mut ada, None, Some(0)).await;
    server.stop().await;
    let ended = ada.recv().await;
    assert!(
        matches!(&ended, ServerMessage::SeekEnded { reason, cause: SeekEndCause::ShuttingDown } if reason.contains("shutting down")),
        "{ended:?}"
    );
    assert!(matches!(
        ada.recv().await,
        ServerMessage::ShuttingDown { .. }
    ));
}

/// The pair's room and the seat taken there.
async fn paired_in(client: &mut Client) -> (mice_cake_protocol::RoomCode, Seat) {
    let code = match client
        .recv_until(|m| matches!(m, ServerMessage::Paired { .. }))
        .await
    {
        ServerMessage::Paired { code, .. } => code,
        other => panic!("expected to be paired, got {other:?}"),
    };
    match client
        .recv_until(|m| matches!(m, ServerMessage::Joined { .. }))
        .await
    {
        ServerMessage::Joined {
            seat: Some(seat), ..
        } => (code, seat),
        other => panic!("expected the seat, got {other:?}"),
    }
}

/// A seeker whose client saw its connection die before the server did
/// comes back and asks the pair's room for its seat by key: it gets its own
/// seat back — the connection the server still held is told `replaced` —
/// and never its opponent's, who plays on with it.
#[tokio::test]
async fn a_paired_key_takes_its_own_seat_back_from_a_connection_thought_alive() {
    let server = TestServer::default().await;
    let mut ada = Client::greeted(&server, "Ada").await;
    let mut bea = Client::greeted(&server, "Bea").await;
    seeking(&mut ada, None, Some(0)).await;
    seeking(&mut bea, None, Some(0)).await;
    let ((code, ada_seat), (bea_code, bea_seat)) =
        tokio::join!(paired_in(&mut ada), paired_in(&mut bea));
    assert_eq!(code, bea_code);

    // Ada's client comes back on a new connection, with her key.
    let mut again = Client::greeted(&server, "Ada").await;
    again.carry_on(std::mem::take(&mut ada.sealing));
    let (seat, _) = again.join(code).await;
    assert_eq!(seat, ada_seat, "her own seat, not {bea_seat}'s");
    ada.expect_error(ErrorCode::Replaced).await;
    let (ada_view, bea_view) = tokio::join!(again.until_round(1), bea.until_round(1));
    assert_eq!((ada_view.round, bea_view.round), (1, 1));
}

/// The dodge: a player paired with someone they would rather not play sits
/// and withholds their deal's seal, so that the pairing is called off. The
/// one who sealed seeks on at the head of the queue; the withholder's seek
/// ends (they may seek again, at the back), and the room is gone.
#[tokio::test]
async fn withholding_the_deal_s_seal_ends_the_withholder_s_seek_and_not_the_opponent_s() {
    let server = TestServer::start(|config| {
        config.pairing_arrival = Duration::from_millis(400);
        config.deal_timeout = Duration::from_secs(30);
    })
    .await;
    let mut ada = Client::greeted(&server, "Ada").await;
    let mut dodger = Client::greeted(&server, "Bea").await;
    // Ada's client seals its deal as it starts; the dodger's never does.
    dodger.sealing.automatic = false;
    seeking(&mut ada, None, None).await;
    seeking(&mut dodger, None, None).await;
    let ((room, _), _) = tokio::join!(paired_in(&mut ada), paired_in(&mut dodger));
    ada.recv_until(|m| {
        matches!(m, ServerMessage::Event { event, .. }
            if matches!(**event, RoomEvent::GameStarted { .. }))
    })
    .await;

    let called_off = |client: &mut Client| {
        let message = client.received.iter().rev().find_map(|text| {
            match serde_json::from_str::<ServerMessage>(text).ok()? {
                ServerMessage::Unpaired { code, requeued, .. } => Some((code, requeued)),
                _ => None,
            }
        });
        message.expect("told the pairing is called off")
    };
    ada.recv_until(|m| matches!(m, ServerMessage::Seeking { .. }))
        .await;
    assert_eq!(called_off(&mut ada), (room, true), "{:?}", ada.received);
    let ended = dodger
        .recv_until(|m| {
            matches!(
                m,
                ServerMessage::SeekEnded { .. } | ServerMessage::Seeking { .. }
            )
        })
        .await;
    assert!(
        matches!(&ended, ServerMessage::SeekEnded { reason, cause: SeekEndCause::DealNotSealed } if reason.contains("did not seal")),
        "{ended:?}"
    );
    assert_eq!(called_off(&mut dodger), (room, false));
    let (status, _) = server.get(&format!("/api/rooms/{room}")).await;
    assert_eq!(status, 404, "the room called off is gone");

    // The withholder's seek is over, not refused: they may seek again.
    let again = seek(&dodger, None, None);
    dodger.send(&again).await;
    let answer = dodger.recv().await;
    assert!(
        matches!(answer, ServerMessage::Seeking { .. }),
        "{answer:?} after {:#?}",
        dodger.received
    );
}

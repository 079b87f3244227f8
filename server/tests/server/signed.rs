//! Moves signed by their players, through the real server
//! (`docs/fairness.md`, "Signed moves"): keys announced with seats and
//! published with the players, every seal taken only with its player's
//! signature, and a record that proves which moves were whose.

use mice_cake_engine::{Assignment, Policy, ReplayError, Seat, fair};
use mice_cake_protocol::{
    ClientMessage, ErrorCode, FinishedGame, RoomEvent, RoomOptions, ServerMessage,
};

use crate::support::*;

#[tokio::test]
async fn every_player_move_is_signed_and_a_move_the_server_made_cannot_pass_as_one() {
    let server = TestServer::default().await;
    let options = RoomOptions {
        deadline_ms: Some(300),
        ..quick_games()
    };
    let (_, yellow, blue, _, _) = two_players(&server, options).await;
    // Blue lets the deadline play round 1: the server's move, unsigned.
    let yellow = Agent::new(yellow, Seat::Yellow, Policy::Greedy, 1);
    let blue = Agent::new(blue, Seat::Blue, Policy::Greedy, 2).skipping(&[1]);
    let (yellow, _) = tokio::join!(yellow.play_out(), blue.play_out());
    // The keys were published with the players when the game started.
    let started = one_by_one(&yellow.frames)
        .into_iter()
        .find_map(|(message, _)| match message {
            ServerMessage::Event { event, .. } => match *event {
                RoomEvent::GameStarted { players, .. } => Some(players),
                _ => None,
            },
            _ => None,
        })
        .expect("game_started");
    let keys = [("Ada", Seat::Yellow), ("Bea", Seat::Blue)]
        .map(|(name, seat)| (seat, secret_of(name).public_key()));
    for (seat, key) in keys {
        assert_eq!(started[seat].key, Some(key), "{seat}'s key published");
    }

    let game: FinishedGame = server
        .get_json(&format!("/api/games/{}", yellow.game_id))
        .await;
    let record = game.record.unwrap();
    assert_eq!(record.format, mice_cake_engine::RECORD_FORMAT);
    assert!(record.is_signed());
    record.replay().expect("the signed record verifies");
    let fair = record.fair.as_ref().unwrap();
    for (seat, key) in keys {
        assert_eq!(fair.keys.unwrap()[seat], Some(key));
    }
    // Every move a player made carries their signature of its seal; the
    // move the deadline made for Blue carries none.
    for (exchange, round) in std::iter::once(&fair.deal).chain(&fair.rounds).zip(0u32..) {
        for (seat, key) in keys {
            match exchange.signatures[seat] {
                Some(signature) => {
                    assert!(!exchange.by_server[seat]);
                    assert!(mice_cake_engine::signing::check(
                        key,
                        exchange.seals[seat],
                        signature
                    ));
                }
                None => assert!(
                    exchange.by_server[seat] && round == 1 && seat == Seat::Blue,
                    "{seat}'s move of round {round} unsigned"
                ),
            }
        }
    }
    assert!(fair.rounds[0].by_server.blue);

    // The server's move passed off as Blue's: refused, named (its nonce
    // is the one the server's seed gives: the record itself proves it).
    let mut passed_off = record.clone();
    passed_off.fair.as_mut().unwrap().rounds[0].by_server.blue = false;
    let refused = passed_off.replay().unwrap_err();
    assert_eq!(
        refused,
        ReplayError::ServerMoveClaimed {
            round: 1,
            seat: Seat::Blue
        }
    );
    assert!(
        refused.to_string().starts_with("round 1: Blue's move"),
        "{refused}"
    );
    // A signature changed: refused, named.
    let mut changed = record.clone();
    let signature = &mut changed.fair.as_mut().unwrap().deal.signatures.yellow;
    let mut bytes = signature.unwrap().to_bytes();
    bytes[0] ^= 1;
    *signature = Some(mice_cake_engine::SealSignature::from_bytes(bytes));
    assert_eq!(
        changed.replay().unwrap_err(),
        ReplayError::BadSignature {
            round: 0,
            seat: Seat::Yellow
        }
    );
}

#[tokio::test]
async fn a_seal_without_its_signature_or_with_a_wrong_one_is_refused_and_nothing_is_sealed() {
    let server = TestServer::default().await;
    let (_, mut yellow, mut blue, _, _) = two_players(&server, RoomOptions::default()).await;
    let (view, _) = tokio::join!(yellow.until_round(1), blue.until_round(1));
    let assignment = mice_cake_engine::greedy_assignment(&view, Seat::Yellow);
    let commitment = yellow.sealing.commitment.unwrap();
    let seal = fair::seal(
        commitment,
        1,
        Seat::Yellow,
        &assignment,
        mice_cake_engine::Nonce::from_bytes([5; 32]),
    );
    for (signature, why) in [
        (None, "needs its signature"),
        (
            Some(secret_of("Bea").sign(seal)),
            "not the seat's key's signature",
        ),
        (
            Some(secret_of("Ada").sign(mice_cake_engine::Seal::from_bytes([1; 32]))),
            "not the seat's key's signature",
        ),
    ] {
        yellow
            .send(&ClientMessage::Seal {
                round: 1,
                seal,
                signature,
            })
            .await;
        let message = yellow.expect_error(ErrorCode::BadSignature).await;
        assert!(message.contains(why), "{message}");
        assert!(message.contains("nothing was sealed"), "{message}");
    }
    // Nothing was sealed: the right seal, signed, is taken (the opponent
    // is told at once; the sealer with what follows, protocol 13).
    yellow.commit(1, assignment).await;
    blue
        .recv_until(|m| matches!(m, ServerMessage::Event { event, .. } if matches!(**event, RoomEvent::Sealed { seat: Seat::Yellow, round: 1, .. })))
        .await;
}

/// A signed seal waits for its signature's check before it goes to the
/// room; what the player sends right behind it goes after it, never ahead
/// (the connection reads nothing more until the verdict is in).
#[tokio::test]
async fn a_message_sent_right_behind_a_signed_seal_reaches_the_room_after_it() {
    let server = TestServer::default().await;
    let (_, mut yellow, mut blue, _, _) = two_players(&server, RoomOptions::default()).await;
    let (view, _) = tokio::join!(yellow.until_round(1), blue.until_round(1));
    let seal = yellow
        .sealing
        .seal(1, mice_cake_engine::greedy_assignment(&view, Seat::Yellow));
    yellow.send_together(&[seal, ClientMessage::Sync]).await;
    let state = yellow
        .recv_until(|m| matches!(m, ServerMessage::State { .. }))
        .await;
    let ServerMessage::State { state } = state else {
        unreachable!()
    };
    assert!(state.committed.yellow, "the state was read before the seal");
}

/// Seals sent at the same moment from many rooms are checked together
/// (`seal_checks`, one equation for the batch): the one forged among them
/// is refused alone, every other is taken, and the forger's own seal,
/// signed, is taken after.
#[tokio::test]
async fn seals_sent_together_from_many_rooms_are_all_taken_but_the_forged_one() {
    let server = TestServer::default().await;
    let mut players = Vec::new();
    for _ in 0..6 {
        let (_, mut yellow, mut blue, _, _) = two_players(&server, RoomOptions::default()).await;
        let (view, _) = tokio::join!(yellow.until_round(1), blue.until_round(1));
        players.push((yellow, view));
    }
    const FORGER: usize = 2;
    let sent = players
        .iter_mut()
        .enumerate()
        .map(|(index, (yellow, view))| async move {
            let assignment = mice_cake_engine::greedy_assignment(view, Seat::Yellow);
            if index == FORGER {
                let seal = fair::seal(
                    yellow.sealing.commitment.unwrap(),
                    1,
                    Seat::Yellow,
                    &assignment,
                    mice_cake_engine::Nonce::from_bytes([5; 32]),
                );
                yellow
                    .send(&ClientMessage::Seal {
                        round: 1,
                        seal,
                        signature: Some(secret_of("Bea").sign(seal)),
                    })
                    .await;
            } else {
                yellow.commit(1, assignment).await;
            }
        });
    futures_util::future::join_all(sent).await;
    let sealed = |m: &ServerMessage| {
        assert!(!matches!(m, ServerMessage::Error { .. }), "{m:?}");
        matches!(m, ServerMessage::Event { event, .. } if matches!(**event, RoomEvent::Sealed { seat: Seat::Yellow, round: 1, .. }))
    };
    for (index, (yellow, view)) in players.iter_mut().enumerate() {
        if index == FORGER {
            let message = yellow.expect_error(ErrorCode::BadSignature).await;
            assert!(message.contains("nothing was sealed"), "{message}");
            yellow
                .commit(1, mice_cake_engine::greedy_assignment(view, Seat::Yellow))
                .await;
        }
        // Its own seal comes with what it is sent next (protocol 13): the
        // state it asks for.
        yellow.send(&ClientMessage::Sync).await;
        yellow.recv_until(sealed).await;
    }
}

#[tokio::test]
async fn a_key_that_cannot_check_a_signature_and_a_signature_without_a_key_are_refused() {
    let server = TestServer::default().await;
    let mut ann = Client::greeted(&server, "Ann").await;
    // The identity point: of small order, it would "verify" forgeries.
    let mut identity = [0u8; 32];
    identity[0] = 1;
    ann.send(&ClientMessage::CreateRoom {
        options: RoomOptions::default(),
        key: Some(mice_cake_engine::PlayerKey::from_bytes(identity)),
        bot_declaration: None,
        key_proof: None,
    })
    .await;
    let message = ann.expect_error(ErrorCode::BadKey).await;
    assert!(message.contains("small order"), "{message}");

    // A player who announced no key seals unsigned; a signature is refused.
    ann.send(&ClientMessage::CreateRoom {
        options: RoomOptions {
            bot: Some(Policy::Greedy),
            ..RoomOptions::default()
        },
        key: None,
        bot_declaration: None,
        key_proof: None,
    })
    .await;
    let view = ann.until_round(1).await;
    let seat = ann.sealing.seat.unwrap();
    let seal = fair::seal(
        ann.sealing.commitment.unwrap(),
        1,
        seat,
        &Assignment::EMPTY,
        mice_cake_engine::Nonce::from_bytes([6; 32]),
    );
    ann.send(&ClientMessage::Seal {
        round: 1,
        seal,
        signature: Some(secret_of("Ann").sign(seal)),
    })
    .await;
    let message = ann.expect_error(ErrorCode::BadSignature).await;
    assert!(message.contains("no key was announced"), "{message}");
    // Its unsigned seal is taken, and its game's record says it is unsigned.
    ann.commit(1, mice_cake_engine::greedy_assignment(&view, seat))
        .await;
    ann.recv_until(|m| matches!(m, ServerMessage::Event { event, .. } if matches!(**event, RoomEvent::Revealed { .. })))
        .await;
}

#[tokio::test]
async fn a_seat_cannot_be_taken_back_mid_game_with_another_key_but_can_between_games() {
    let server = TestServer::default().await;
    let (_, mut yellow, mut blue, yellow_token, _) = two_players(&server, quick_games()).await;
    tokio::join!(yellow.until_round(1), blue.until_round(1));
    // Another client under another name (another key) with Ada's token.
    let mut thief = Client::greeted(&server, "Mallory").await;
    thief.resume(yellow_token, None).await;
    let message = thief.expect_error(ErrorCode::BadKey).await;
    assert!(
        message.contains(&secret_of("Ada").public_key().to_string()),
        "{message}"
    );
    // Ada still holds her seat: nothing was replaced.
    assert!(
        !yellow
            .received
            .iter()
            .any(|frame| frame.contains("\"replaced\"")),
        "the seat was not taken"
    );
    // The same key takes it back, as a reconnecting client does.
    let mut again = Client::greeted(&server, "Ada").await;
    again.resume(yellow_token, None).await;
    again
        .recv_until(|m| matches!(m, ServerMessage::Joined { .. }))
        .await;
}

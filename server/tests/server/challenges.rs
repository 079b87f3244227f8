//! Challenges over real sockets (`docs/protocol.md`, "Challenges"): made,
//! told to the challenged player's connections, accepted (both seated in a
//! room made for them, its game begun), declined, cancelled, expired; what
//! a key chooses to take; the limits; and the refusals, each with its
//! reason.

use std::time::Duration;

use mice_cake_engine::PlayerKey;
use mice_cake_protocol::{
    Challenge, ChallengeEnd, ChallengeId, ChallengesFrom, ClientMessage, ErrorCode, RoomEvent,
    RoomOptions, ServerMessage,
};

use crate::support::{Client, TestServer};

async fn watching(server: &TestServer, name: &str) -> (Client, PlayerKey) {
    let mut client = Client::greeted(server, name).await;
    let key = client.sealing.key().unwrap();
    client
        .send(&ClientMessage::WatchChallenges {
            key,
            key_proof: client.sealing.key_proof(),
            bot_declaration: None,
        })
        .await;
    match client
        .recv_until(|m| matches!(m, ServerMessage::Challenges { .. }))
        .await
    {
        ServerMessage::Challenges { .. } => (client, key),
        other => panic!("challenges: {other:?}"),
    }
}

fn casual() -> RoomOptions {
    RoomOptions {
        deadline_ms: Some(0),
        public: false,
        ..RoomOptions::default()
    }
}

async fn challenge(client: &mut Client, to: PlayerKey, options: RoomOptions) -> ServerMessage {
    let key = client.sealing.key().unwrap();
    client
        .send(&ClientMessage::Challenge {
            to,
            options,
            key,
            key_proof: client.sealing.key_proof(),
            bot_declaration: None,
        })
        .await;
    client
        .recv_until(|m| {
            matches!(
                m,
                ServerMessage::ChallengeSent { .. } | ServerMessage::Error { .. }
            )
        })
        .await
}

async fn sent(client: &mut Client, to: PlayerKey, options: RoomOptions) -> Challenge {
    match challenge(client, to, options).await {
        ServerMessage::ChallengeSent { challenge } => challenge,
        other => panic!("challenge_sent: {other:?}"),
    }
}

async fn challenged(client: &mut Client) -> Challenge {
    match client
        .recv_until(|m| matches!(m, ServerMessage::Challenged { .. }))
        .await
    {
        ServerMessage::Challenged { challenge } => challenge,
        other => panic!("challenged: {other:?}"),
    }
}

async fn ended(client: &mut Client, id: ChallengeId) -> ChallengeEnd {
    match client
        .recv_until(
            |m| matches!(m, ServerMessage::ChallengeEnded { id: ended, .. } if *ended == id),
        )
        .await
    {
        ServerMessage::ChallengeEnded { end, .. } => end,
        other => panic!("challenge_ended: {other:?}"),
    }
}

fn reason(message: &ServerMessage) -> Option<String> {
    match message {
        ServerMessage::Error { args, .. } => match args.get("reason") {
            Some(mice_cake_protocol::RefusalArg::Text(reason)) => Some(reason.clone()),
            _ => None,
        },
        _ => None,
    }
}

#[tokio::test]
async fn a_challenge_accepted_seats_both_in_a_room_made_for_them_and_its_game_begins() {
    let server = TestServer::default().await;
    let (mut ann, _) = watching(&server, "Ann").await;
    // Bob watches on two connections (two pages): both hear of it.
    let (mut bob, bob_key) = watching(&server, "Bob").await;
    let (mut bobs_other_page, _) = watching(&server, "Bob").await;
    let options = RoomOptions {
        first_to: 2,
        ..casual()
    };
    let made = sent(&mut ann, bob_key, options).await;
    assert_eq!(made.to.key, bob_key);
    assert_eq!(made.from.name, "Ann");
    assert_eq!(made.options.first_to, 2);
    assert!(made.expires_in_ms > 590_000, "{made:?}");
    assert_eq!(as_told(challenged(&mut bob).await), as_told(made.clone()));
    assert_eq!(challenged(&mut bobs_other_page).await.id, made.id);

    bob.send(&ClientMessage::AcceptChallenge { id: made.id })
        .await;
    let ChallengeEnd::Accepted { code } = ended(&mut bob, made.id).await else {
        panic!("accepted");
    };
    assert_eq!(
        ended(&mut ann, made.id).await,
        ChallengeEnd::Accepted { code }
    );
    assert_eq!(
        ended(&mut bobs_other_page, made.id).await,
        ChallengeEnd::Accepted { code }
    );
    ann.join(code).await;
    bob.join(code).await;
    let started = bob
        .recv_until(|m| matches!(m, ServerMessage::Event { event, .. } if matches!(**event, RoomEvent::GameStarted { .. })))
        .await;
    let ServerMessage::Event { event, .. } = started else {
        unreachable!()
    };
    let RoomEvent::GameStarted { match_link, .. } = *event else {
        unreachable!()
    };
    assert_eq!(
        match_link.map(|link| link.first_to),
        Some(2),
        "a match, as challenged"
    );
    // Answered, it is no longer waiting: a second accept is refused.
    bob.send(&ClientMessage::AcceptChallenge { id: made.id })
        .await;
    bob.expect_error(ErrorCode::UnknownChallenge).await;
}

/// A challenge but for the time it has left, which runs.
fn as_told(told: Challenge) -> Challenge {
    Challenge {
        expires_in_ms: 0,
        ..told
    }
}

#[tokio::test]
async fn declined_or_cancelled_both_sides_are_told_and_it_is_gone() {
    let server = TestServer::default().await;
    let (mut ann, ann_key) = watching(&server, "Ann").await;
    let (mut bob, bob_key) = watching(&server, "Bob").await;
    let first = sent(&mut ann, bob_key, casual()).await;
    challenged(&mut bob).await;
    bob.send(&ClientMessage::DeclineChallenge { id: first.id })
        .await;
    assert_eq!(ended(&mut ann, first.id).await, ChallengeEnd::Declined);
    assert_eq!(ended(&mut bob, first.id).await, ChallengeEnd::Declined);

    let second = sent(&mut ann, bob_key, casual()).await;
    challenged(&mut bob).await;
    // Only its challenger may take it back, only its challenged player
    // answer it.
    bob.send(&ClientMessage::CancelChallenge { id: second.id })
        .await;
    bob.expect_error(ErrorCode::UnknownChallenge).await;
    ann.send(&ClientMessage::AcceptChallenge { id: second.id })
        .await;
    ann.expect_error(ErrorCode::UnknownChallenge).await;
    ann.send(&ClientMessage::CancelChallenge { id: second.id })
        .await;
    assert_eq!(ended(&mut bob, second.id).await, ChallengeEnd::Cancelled);
    assert_eq!(ended(&mut ann, second.id).await, ChallengeEnd::Cancelled);
    bob.send(&ClientMessage::AcceptChallenge { id: second.id })
        .await;
    bob.expect_error(ErrorCode::UnknownChallenge).await;

    // Its page says how it ended.
    let _ = ann_key;
    let state: mice_cake_protocol::ChallengeStatus = server
        .get_json(&format!("/api/challenges/{}", second.id))
        .await;
    assert_eq!(state.end, Some(ChallengeEnd::Cancelled));
}

#[tokio::test]
async fn a_challenge_waits_for_a_player_who_connects_later_and_expires_unanswered() {
    let server = TestServer::start(|config| {
        config.challenge_expiry = Duration::from_secs(3);
    })
    .await;
    let (mut ann, _) = watching(&server, "Ann").await;
    let bob_key = crate::support::secret_of("Bob").public_key();
    let made = sent(&mut ann, bob_key, casual()).await;
    // Bob was not connected: he finds it waiting when he comes.
    let mut bob = Client::greeted(&server, "Bob").await;
    bob.send(&ClientMessage::WatchChallenges {
        key: bob_key,
        key_proof: bob.sealing.key_proof(),
        bot_declaration: None,
    })
    .await;
    match bob
        .recv_until(|m| matches!(m, ServerMessage::Challenges { .. }))
        .await
    {
        ServerMessage::Challenges { waiting, sent, .. } => {
            assert_eq!(waiting.iter().map(|c| c.id).collect::<Vec<_>>(), [made.id]);
            assert!(sent.is_empty());
        }
        other => panic!("{other:?}"),
    }
    // Nobody answers: both are told it expired.
    assert_eq!(ended(&mut ann, made.id).await, ChallengeEnd::Expired);
    assert_eq!(ended(&mut bob, made.id).await, ChallengeEnd::Expired);
    bob.send(&ClientMessage::AcceptChallenge { id: made.id })
        .await;
    bob.expect_error(ErrorCode::UnknownChallenge).await;
}

#[tokio::test]
async fn each_refusal_says_its_reason() {
    let server = TestServer::default().await;
    let (mut ann, ann_key) = watching(&server, "Ann").await;
    let (mut bob, bob_key) = watching(&server, "Bob").await;
    let yourself = challenge(&mut ann, ann_key, casual()).await;
    assert_eq!(reason(&yourself).as_deref(), Some("yourself"));
    let with_the_server_bot = challenge(
        &mut ann,
        bob_key,
        RoomOptions {
            bot: Some(mice_cake_engine::Policy::Greedy),
            ..casual()
        },
    )
    .await;
    assert_eq!(reason(&with_the_server_bot).as_deref(), Some("server_bot"));
    let too_long = challenge(
        &mut ann,
        bob_key,
        RoomOptions {
            first_to: 16,
            ..casual()
        },
    )
    .await;
    assert_eq!(reason(&too_long).as_deref(), Some("first_to"));

    // Three wait at most.
    for _ in 0..3 {
        sent(&mut ann, bob_key, casual()).await;
    }
    let fourth = challenge(&mut ann, bob_key, casual()).await;
    assert_eq!(reason(&fourth).as_deref(), Some("too_many"));

    // Bob takes none from strangers, then none at all: signed choices.
    let secret = crate::support::secret_of("Bob");
    for (from, refused) in [
        (ChallengesFrom::Played, "not_played"),
        (ChallengesFrom::Nobody, "nobody"),
    ] {
        let at_ms = mice_cake_protocol_clock();
        bob.send(&ClientMessage::ChallengesFrom {
            from,
            at_ms,
            signature: secret.sign_challenges_from(from.byte(), at_ms),
        })
        .await;
        match bob
            .recv_until(|m| {
                matches!(
                    m,
                    ServerMessage::ChallengesFromSet { .. } | ServerMessage::Error { .. }
                )
            })
            .await
        {
            ServerMessage::ChallengesFromSet { from: set } => assert_eq!(set, from),
            other => panic!("{other:?}"),
        }
        let (mut cid, _) = watching(&server, &format!("Cid{refused}")).await;
        let refusal = challenge(&mut cid, bob_key, casual()).await;
        assert_eq!(reason(&refusal).as_deref(), Some(refused), "{refusal:?}");
    }
    // A choice not signed by the key is refused, and changes nothing.
    let forged = crate::support::secret_of("Eve");
    let at_ms = mice_cake_protocol_clock();
    bob.send(&ClientMessage::ChallengesFrom {
        from: ChallengesFrom::Everyone,
        at_ms,
        signature: forged.sign_challenges_from(0, at_ms),
    })
    .await;
    bob.expect_error(ErrorCode::BadSignature).await;
    // Answering without watching is refused.
    let mut stranger = Client::greeted(&server, "Dan").await;
    stranger
        .send(&ClientMessage::DeclineChallenge {
            id: "K7M2QX9PHT".parse().unwrap(),
        })
        .await;
    stranger.expect_error(ErrorCode::NotWatching).await;
    // A challenge without a proof of the key is refused.
    stranger
        .send(&ClientMessage::Challenge {
            to: ann_key,
            options: casual(),
            key: crate::support::secret_of("Dan").public_key(),
            key_proof: None,
            bot_declaration: None,
        })
        .await;
    stranger.expect_error(ErrorCode::KeyRequired).await;
}

#[tokio::test]
async fn a_key_making_challenges_fast_is_slowed_down() {
    let server = TestServer::default().await;
    let (mut ann, _) = watching(&server, "Ann").await;
    let mut refused = None;
    for number in 0..12 {
        let (_, to) = watching(&server, &format!("Target{number}")).await;
        let answer = challenge(&mut ann, to, casual()).await;
        if let ServerMessage::ChallengeSent { challenge } = &answer {
            ann.send(&ClientMessage::CancelChallenge { id: challenge.id })
                .await;
            ended(&mut ann, challenge.id).await;
        } else {
            refused = Some((number, answer));
            break;
        }
    }
    let (number, answer) = refused.expect("slowed down within a dozen");
    assert!(number >= 5, "six in a burst: refused at {number}");
    assert_eq!(reason(&answer).as_deref(), Some("challenges"), "{answer:?}");
}

fn mice_cake_protocol_clock() -> u64 {
    u64::try_from(
        std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .unwrap()
            .as_millis(),
    )
    .unwrap()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_player_who_takes_challenges_from_those_they_played_takes_them_and_no_stranger() {
    use mice_cake_engine::{Policy, Seat};

    let server = TestServer::default().await;
    // Ann and Bob play a game, both keys signing their moves.
    let mut ann_seat = Client::greeted(&server, "Ann").await;
    let (code, _, _) = ann_seat.create(casual()).await;
    let mut bob_seat = Client::greeted(&server, "Bob").await;
    bob_seat.join(code).await;
    let ann_plays = tokio::spawn(crate::support::play(
        ann_seat,
        Seat::Yellow,
        Policy::Greedy,
        3,
    ));
    let bob_plays = tokio::spawn(crate::support::play(
        bob_seat,
        Seat::Blue,
        Policy::Random,
        4,
    ));
    ann_plays.await.unwrap();
    bob_plays.await.unwrap();

    let (mut bob, bob_key) = watching(&server, "Bob").await;
    let secret = crate::support::secret_of("Bob");
    let at_ms = mice_cake_protocol_clock();
    bob.send(&ClientMessage::ChallengesFrom {
        from: ChallengesFrom::Played,
        at_ms,
        signature: secret.sign_challenges_from(ChallengesFrom::Played.byte(), at_ms),
    })
    .await;
    bob.recv_until(|m| matches!(m, ServerMessage::ChallengesFromSet { .. }))
        .await;
    let (mut ann, _) = watching(&server, "Ann").await;
    let made = sent(&mut ann, bob_key, casual()).await;
    assert_eq!(challenged(&mut bob).await.id, made.id);
    let (mut cid, _) = watching(&server, "Cid").await;
    let refused = challenge(&mut cid, bob_key, casual()).await;
    assert_eq!(reason(&refused).as_deref(), Some("not_played"));
    // An older choice, sent again, changes nothing.
    bob.send(&ClientMessage::ChallengesFrom {
        from: ChallengesFrom::Everyone,
        at_ms: at_ms - 1,
        signature: secret.sign_challenges_from(ChallengesFrom::Everyone.byte(), at_ms - 1),
    })
    .await;
    bob.expect_error(ErrorCode::BadSignature).await;
    let refused = challenge(&mut cid, bob_key, casual()).await;
    assert_eq!(reason(&refused).as_deref(), Some("not_played"));
}

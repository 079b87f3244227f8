//! A leaderboard nobody can game (`docs/ratings.md`), tried as a
//! determined player would: a loser who times out or leaves once the score
//! is known, an engine that plays as a person, one person feeding a key
//! wins from one address or the same pair over and over, and someone who
//! announces another's key.

use std::time::Duration;

use mice_cake_engine::{Policy, SealSignature, Seat, Seated};
use mice_cake_protocol::{
    ClientMessage, Conduct, Ending, ErrorCode, FinishedGame, ForfeitCause, GameId, GameResult,
    KeyProof, NotRated, PlayerProfile, RoomEvent, RoomOptions, RoomState, SeatToken, ServerMessage,
};

use crate::ratings::{INITIAL, glicko2};
use crate::support::{Agent, Client, TestServer, secret_of};

/// A private rated room, `deadline_ms` a round.
fn rated(deadline_ms: u64) -> RoomOptions {
    RoomOptions {
        rated: true,
        public: false,
        deadline_ms: Some(deadline_ms),
        ..RoomOptions::default()
    }
}

/// Ada (Yellow) and Bea (Blue) seated in a new rated room; Bea from
/// `source`.
async fn seated(server: &TestServer, source: &str, deadline_ms: u64) -> (Client, Client) {
    let mut ada = Client::greeted(server, "Ada").await;
    let (code, _, _) = ada.create(rated(deadline_ms)).await;
    let mut bea = Client::greeted_from(server, source, "Bea").await;
    bea.join(code).await;
    (ada, bea)
}

/// Reads until the game is over: its result and id.
pub(crate) async fn game_over(client: &mut Client) -> (GameResult, GameId) {
    let over = client
        .recv_until(|m| matches!(m, ServerMessage::Event { event, .. } if matches!(**event, RoomEvent::GameOver { .. })))
        .await;
    let ServerMessage::Event { event, .. } = over else {
        unreachable!()
    };
    let RoomEvent::GameOver {
        result, game_id, ..
    } = *event
    else {
        unreachable!()
    };
    (result, game_id.expect("a game with its record"))
}

/// Reads until the game starts: whether (and why not) it is rated.
async fn started(client: &mut Client) -> Option<NotRated> {
    let message = client
        .recv_until(|m| matches!(m, ServerMessage::Event { event, .. } if matches!(**event, RoomEvent::GameStarted { .. })))
        .await;
    let ServerMessage::Event { event, .. } = message else {
        unreachable!()
    };
    let RoomEvent::GameStarted { not_rated, .. } = *event else {
        unreachable!()
    };
    not_rated
}

/// Both players move in round 1 (greedy), and read on until round 2.
async fn both_move_once(yellow: &mut Client, blue: &mut Client) {
    let (view, _) = tokio::join!(yellow.until_round(1), blue.until_round(1));
    for (client, seat) in [(&mut *yellow, Seat::Yellow), (&mut *blue, Seat::Blue)] {
        client
            .commit(1, mice_cake_engine::greedy_assignment(&view, seat))
            .await;
    }
    tokio::join!(yellow.until_round(2), blue.until_round(2));
}

pub(crate) async fn page(server: &TestServer, name: &str) -> PlayerProfile {
    server
        .get_json(&format!("/api/players/{}", secret_of(name).public_key()))
        .await
}

async fn stored(server: &TestServer, id: GameId) -> FinishedGame {
    server.get_json(&format!("/api/games/{id}")).await
}

/// A player's rating in the standard pool is one lost (or won) game from
/// where everyone starts.
fn after_one_game(page: &PlayerProfile, score: f64) {
    let standard = &page.ratings[0];
    let expected = glicko2(INITIAL, INITIAL, score);
    assert!(
        (standard.rating.rating - expected.0).abs() < 0.01,
        "{}: {standard:?}",
        page.name
    );
    assert_eq!(standard.rating.games, 1, "{}", page.name);
}

/// The exploit of issue 43, scripted: Yellow lets rounds 1 and 2 time out,
/// seals round 3, lets 4 and 5 time out, then lets round 6 time out too
/// (behind, say). Under the old rule (two moves of one's own) that game
/// was unrated; now both had a move in round 1, and the forfeit is a
/// rated loss.
#[tokio::test]
async fn the_abort_exploit_ends_rated_as_a_loss() {
    let server = TestServer::default().await;
    let (ada, bea) = seated(&server, "127.0.0.1", 300).await;
    let exploiter = Agent::new(ada, Seat::Yellow, Policy::Greedy, 1).skipping(&[1, 2, 4, 5, 6]);
    let honest = Agent::new(bea, Seat::Blue, Policy::Greedy, 2);
    let (exploiter, honest) = tokio::join!(exploiter.play_out(), honest.play_out());
    assert_eq!(
        exploiter.result.ending,
        Ending::Forfeit {
            seat: Seat::Yellow,
            cause: ForfeitCause::MissedDeadlines
        }
    );
    assert_eq!(honest.result.winner, Some(Seat::Blue));
    let game = stored(&server, exploiter.game_id).await;
    let rated = game.rated.expect("a rated room's game");
    assert!(rated.counted(), "{rated:?}");
    assert_eq!(game.record.unwrap().rounds.len(), 6);
    after_one_game(&page(&server, "Ada").await, 0.0);
    after_one_game(&page(&server, "Bea").await, 1.0);
}

/// Leaving at round 2, and dropping for good after one's own first move,
/// are rated losses; the leave is signed and kept in the record.
#[tokio::test]
async fn leaving_or_dropping_after_both_moved_is_a_rated_loss() {
    let server = TestServer::start(|config| {
        config.disconnect_grace = Duration::from_millis(300);
    })
    .await;
    let (mut ada, mut bea) = seated(&server, "127.0.0.1", 60_000).await;
    both_move_once(&mut ada, &mut bea).await;
    ada.leave().await;
    let (result, id) = game_over(&mut bea).await;
    assert_eq!(
        result.ending,
        Ending::Forfeit {
            seat: Seat::Yellow,
            cause: ForfeitCause::Left
        }
    );
    let game = stored(&server, id).await;
    assert!(game.rated.as_ref().unwrap().counted());
    let record = game.record.unwrap();
    let left = record
        .fair
        .as_ref()
        .unwrap()
        .left
        .expect("the signed leave");
    assert_eq!((left.seat, left.round), (Seat::Yellow, 2));
    record.replay().expect("the record, leave and all, checks");
    after_one_game(&page(&server, "Ada").await, 0.0);

    // Cy drops after his own first move and never comes back.
    let mut cy = Client::greeted(&server, "Cy").await;
    let (code, _, _) = cy.create(rated(60_000)).await;
    let mut dee = Client::greeted(&server, "Dee").await;
    dee.join(code).await;
    both_move_once(&mut cy, &mut dee).await;
    drop(cy);
    let (result, id) = game_over(&mut dee).await;
    assert_eq!(
        result.ending,
        Ending::Forfeit {
            seat: Seat::Yellow,
            cause: ForfeitCause::Disconnected
        }
    );
    assert!(stored(&server, id).await.rated.unwrap().counted());
    after_one_game(&page(&server, "Cy").await, 0.0);
}

/// Before both have had a move, a game ends aborted for both: nobody wins,
/// no rating moves, and it counts against whoever aborted it, who after
/// three in ten is paired last and told why.
#[tokio::test]
async fn a_game_ended_before_both_moved_is_aborted_and_counts_against_the_aborter() {
    let server = TestServer::default().await;
    for _ in 0..3 {
        let (mut ada, mut bea) = seated(&server, "127.0.0.1", 60_000).await;
        // Both seal their deal (a client does at once): round 1 opens.
        tokio::join!(ada.until_round(1), bea.until_round(1));
        ada.leave().await;
        let (result, id) = game_over(&mut bea).await;
        assert_eq!(
            result.ending,
            Ending::Aborted {
                seat: Some(Seat::Yellow),
                cause: ForfeitCause::Left
            }
        );
        assert_eq!(result.winner, None);
        let game = stored(&server, id).await;
        let rated = game.rated.expect("a rated room's game");
        assert_eq!(rated.not_rated, Some(NotRated::Aborted));
        assert!(!rated.counted());
        // The abort is Ada's, proven by her signed leave.
        let left = game.record.unwrap().fair.unwrap().left.unwrap();
        assert_eq!((left.seat, left.round), (Seat::Yellow, 1));
    }
    let ada = page(&server, "Ada").await;
    assert!(ada.ratings.is_empty(), "no rating moved: {ada:?}");
    assert_eq!(
        ada.conduct,
        Conduct {
            games: 3,
            aborted: 3
        }
    );
    assert_eq!(page(&server, "Bea").await.conduct.aborted, 0);

    // Ada seeks: she is told she is paired last, and why.
    let mut seeker = Client::greeted(&server, "Ada").await;
    seeker
        .send(&ClientMessage::Seek {
            pool: None,
            deadline_ms: None,
            rated: true,
            bot_after_ms: Some(0),
            key: seeker.sealing.key(),
            bot_declaration: None,
            key_proof: seeker.sealing.key_proof(),
        })
        .await;
    match seeker.recv().await {
        ServerMessage::Seeking { paired_last, .. } => assert_eq!(
            paired_last,
            Some(Conduct {
                games: 3,
                aborted: 3
            })
        ),
        other => panic!("expected seeking, got {other:?}"),
    }
    // Bea, who aborted nothing, is not.
    let mut other = Client::greeted(&server, "Eve").await;
    other
        .send(&ClientMessage::Seek {
            pool: Some(mice_cake_protocol::Pool::Boost),
            deadline_ms: None,
            rated: true,
            bot_after_ms: Some(0),
            key: other.sealing.key(),
            bot_declaration: None,
            key_proof: other.sealing.key_proof(),
        })
        .await;
    assert!(matches!(
        other.recv().await,
        ServerMessage::Seeking {
            paired_last: None,
            ..
        }
    ));
}

/// A leave not signed with the seat's key proves nothing: the player is
/// told so, and recorded as gone (a disconnection, on the server's word),
/// not as having left.
#[tokio::test]
async fn an_unsigned_leave_is_recorded_as_a_disconnection() {
    let server = TestServer::default().await;
    let (mut ada, mut bea) = seated(&server, "127.0.0.1", 60_000).await;
    both_move_once(&mut ada, &mut bea).await;
    ada.send(&ClientMessage::Leave { signature: None }).await;
    let message = ada.expect_error(ErrorCode::BadSignature).await;
    assert!(message.contains("recorded as gone"), "{message}");
    let (result, id) = game_over(&mut bea).await;
    assert_eq!(
        result.ending,
        Ending::Forfeit {
            seat: Seat::Yellow,
            cause: ForfeitCause::Disconnected
        }
    );
    let record = stored(&server, id).await.record.unwrap();
    assert!(record.fair.unwrap().left.is_none());
}

/// Only a key's holder plays rated with it: a seat or a seek announcing
/// another's key without its proof is refused, and a forged proof too — and
/// the holder's own proof, seen on its way (by a proxy, or another server
/// the player used), is worth nothing on any other connection: it answers
/// its own connection's challenge only. (Until protocol 9 a proof signed
/// the time, and was shown again for ten minutes to sit an impersonator in
/// rated rooms as its victim, who then aborted every game.)
#[tokio::test]
async fn another_players_key_cannot_play_rated() {
    let server = TestServer::default().await;
    let victim = secret_of("Victim");
    let mut victims_connection = Client::greeted(&server, "Victim").await;
    // The victim's proof, as it went over the wire on the victim's
    // connection.
    let seen = victims_connection.sealing.key_proof().unwrap();
    let mut mallory = Client::greeted(&server, "Mallory").await;
    let mallorys_challenge = mallory.sealing.challenge.unwrap();
    assert_ne!(
        mallorys_challenge, seen.challenge,
        "a challenge a connection"
    );
    let proofs = [
        (None, ErrorCode::KeyRequired),
        // Mallory's own signature of her connection's challenge.
        (
            Some(KeyProof::new(&secret_of("Mallory"), mallorys_challenge)),
            ErrorCode::BadSignature,
        ),
        // The victim's proof shown again.
        (Some(seen), ErrorCode::BadSignature),
        // The victim's signature, said to answer Mallory's challenge.
        (
            Some(KeyProof {
                challenge: mallorys_challenge,
                ..seen
            }),
            ErrorCode::BadSignature,
        ),
    ];
    for (proof, code) in proofs {
        mallory
            .send(&ClientMessage::CreateRoom {
                options: rated(300),
                key: Some(victim.public_key()),
                bot_declaration: None,
                key_proof: proof,
            })
            .await;
        mallory.expect_error(code).await;
    }
    // Shown again with every message that takes a proof.
    let (bea_room, _, _) = Client::greeted(&server, "Bea")
        .await
        .create(rated(300))
        .await;
    let replays = [
        ClientMessage::JoinRoom {
            code: bea_room,
            key: Some(victim.public_key()),
            bot_declaration: None,
            key_proof: Some(seen),
        },
        ClientMessage::Resume {
            token: SeatToken::from_bytes([7; 16]),
            last_seq: None,
            key: Some(victim.public_key()),
            bot_declaration: None,
            key_proof: Some(seen),
        },
        ClientMessage::Seek {
            pool: None,
            deadline_ms: None,
            rated: true,
            bot_after_ms: Some(0),
            key: Some(victim.public_key()),
            bot_declaration: None,
            key_proof: Some(seen),
        },
        ClientMessage::JoinArena {
            arena: "K7M2QX9P".parse().unwrap(),
            join_code: None,
            key: victim.public_key(),
            key_proof: Some(seen),
            bot_declaration: None,
        },
    ];
    for replay in replays {
        mallory.send(&replay).await;
        let message = mallory.expect_error(ErrorCode::BadSignature).await;
        assert!(message.contains("another challenge"), "{message}");
    }
    // On its own connection the proof holds; on the victim's next
    // connection, no longer.
    victims_connection
        .send(&ClientMessage::CreateRoom {
            options: rated(300),
            key: Some(victim.public_key()),
            bot_declaration: None,
            key_proof: Some(seen),
        })
        .await;
    victims_connection.joined().await;
    let mut victim_again = Client::greeted(&server, "Victim").await;
    victim_again
        .send(&ClientMessage::Seek {
            pool: None,
            deadline_ms: None,
            rated: true,
            bot_after_ms: Some(0),
            key: Some(victim.public_key()),
            bot_declaration: None,
            key_proof: Some(seen),
        })
        .await;
    victim_again.expect_error(ErrorCode::BadSignature).await;
    mallory
        .send(&ClientMessage::JoinRoom {
            code: bea_room,
            key: Some(victim.public_key()),
            bot_declaration: None,
            key_proof: None,
        })
        .await;
    let message = mallory.expect_error(ErrorCode::KeyRequired).await;
    assert!(message.contains("prove you hold the key"), "{message}");
    let (status, _) = server
        .get(&format!("/api/players/{}", victim.public_key()))
        .await;
    assert_eq!(status, 404, "the victim's key played nothing");
}

/// A leave sent as a round is revealed is signed for the round its player
/// last saw: the server takes it, and the record keeps that round; an
/// older one proves nothing.
#[tokio::test]
async fn a_leave_signed_for_the_round_just_revealed_is_taken() {
    let server = TestServer::default().await;
    for (signed_for, left) in [(1, true), (0, false)] {
        let (mut ada, mut bea) = seated(&server, "127.0.0.2", 60_000).await;
        both_move_once(&mut ada, &mut bea).await;
        let sealing = &ada.sealing;
        let signature = sealing.secret.as_ref().unwrap().sign_leave(
            sealing.commitment.unwrap(),
            signed_for,
            Seat::Yellow,
        );
        ada.send(&ClientMessage::Leave {
            signature: Some(signature),
        })
        .await;
        let (result, id) = game_over(&mut bea).await;
        let cause = if left {
            ForfeitCause::Left
        } else {
            ForfeitCause::Disconnected
        };
        assert_eq!(
            result.ending,
            Ending::Forfeit {
                seat: Seat::Yellow,
                cause
            },
            "signed for round {signed_for}"
        );
        let record = stored(&server, id).await.record.unwrap();
        record.replay().unwrap();
        let kept = record.fair.unwrap().left;
        assert_eq!(kept.map(|left| left.round), left.then_some(signed_for));
    }
}

/// In a rated room the deal waits for nobody: a player who does not seal
/// their deal nonce aborts the game (which counts against them, the key
/// being proven theirs), rather than have it played for them.
#[tokio::test]
async fn a_rated_game_whose_deal_a_player_never_seals_is_aborted_by_them() {
    let server = TestServer::default().await;
    let mut ada = Client::greeted(&server, "Ada").await;
    ada.sealing.automatic = false;
    let (code, _, _) = ada.create(rated(300)).await;
    let mut bea = Client::greeted(&server, "Bea").await;
    bea.join(code).await;
    let (result, id) = game_over(&mut bea).await;
    assert_eq!(
        result.ending,
        Ending::Aborted {
            seat: Some(Seat::Yellow),
            cause: ForfeitCause::MissedDeadlines
        }
    );
    let game = stored(&server, id).await;
    let deal = game.aborted_deal.expect("ended at its deal");
    assert!(deal.seals.yellow.is_none() && !deal.by_server.yellow);
    assert_eq!(game.rated.unwrap().not_rated, Some(NotRated::Aborted));
    assert_eq!(
        page(&server, "Ada").await.conduct,
        Conduct {
            games: 1,
            aborted: 1
        }
    );
}

/// A program declares itself a bot, signed with its key: it is shown as
/// one, stays one, is never paired with a person in rated play, and a
/// rated room's game between a bot and a person is told unrated as it
/// starts.
#[tokio::test]
async fn a_bot_says_so_and_is_rated_among_bots_only() {
    let server = TestServer::default().await;
    let robo = secret_of("Robo");
    let mut bot = Client::greeted(&server, "Robo").await;
    // A declaration signed by another key is refused.
    bot.send(&ClientMessage::CreateRoom {
        options: rated(60_000),
        key: Some(robo.public_key()),
        bot_declaration: Some(secret_of("Other").sign_bot()),
        key_proof: None,
    })
    .await;
    bot.expect_error(ErrorCode::BadSignature).await;
    bot.send(&ClientMessage::CreateRoom {
        options: rated(60_000),
        key: Some(robo.public_key()),
        bot_declaration: Some(robo.sign_bot()),
        key_proof: bot.sealing.key_proof(),
    })
    .await;
    let joined = bot
        .recv_until(|m| matches!(m, ServerMessage::Joined { .. }))
        .await;
    let ServerMessage::Joined { state, .. } = joined else {
        unreachable!()
    };
    assert!(state.players.yellow.as_ref().unwrap().declared_bot);
    let watched: RoomState = Client::greeted(&server, "Spy")
        .await
        .watch(state.code)
        .await;
    assert!(watched.players.yellow.unwrap().is_bot());
    let mut person = Client::greeted(&server, "Pia").await;
    person.join(state.code).await;
    assert_eq!(started(&mut person).await, Some(NotRated::BotAgainstPerson));
    let listed: mice_cake_protocol::RoomSummary =
        server.get_json(&format!("/api/rooms/{}", state.code)).await;
    assert!(listed.bots.yellow && !listed.bots.blue);

    let page = page(&server, "Robo").await;
    assert!(page.bot);
    assert!(mice_cake_engine::signing::check_bot(
        robo.public_key(),
        page.bot_declaration.unwrap()
    ));
    let (_, body) = server
        .get(&format!("/api/players/{}", robo.public_key()))
        .await;
    assert!(
        body.starts_with(&format!(r#"{{"key":"{}","bot":true,"#, robo.public_key())),
        "at the top of the page: {body}"
    );

    // Once a bot, always: a seat taken without the declaration is a bot's.
    let mut again = Client::greeted(&server, "Robo").await;
    let (code, _, _) = again.create(RoomOptions::default()).await;
    let state: RoomState = Client::greeted(&server, "Spy").await.watch(code).await;
    assert!(state.players.yellow.unwrap().declared_bot);

    // Rated seeks: the bot and a person never meet; two bots do.
    let seek = |client: &Client, declaration| ClientMessage::Seek {
        pool: None,
        deadline_ms: None,
        rated: true,
        bot_after_ms: Some(0),
        key: client.sealing.key(),
        bot_declaration: declaration,
        key_proof: client.sealing.key_proof(),
    };
    let mut bot_seeker = Client::greeted(&server, "Robo").await;
    bot_seeker.send(&seek(&bot_seeker, None)).await;
    let mut person_seeker = Client::greeted(&server, "Pat").await;
    person_seeker.send(&seek(&person_seeker, None)).await;
    for client in [&mut bot_seeker, &mut person_seeker] {
        assert!(matches!(client.recv().await, ServerMessage::Seeking { .. }));
    }
    let paired = |m: &ServerMessage| matches!(m, ServerMessage::Paired { .. });
    assert!(
        person_seeker
            .try_recv(Duration::from_secs(1))
            .await
            .is_none(),
        "a person is not paired with a bot in rated play"
    );
    let mut second_bot = Client::greeted(&server, "Droid").await;
    let declaration = secret_of("Droid").sign_bot();
    second_bot.send(&seek(&second_bot, Some(declaration))).await;
    let message = second_bot.recv_until(paired).await;
    assert!(
        matches!(message, ServerMessage::Paired { opponent_bot: true, ref opponent, .. } if opponent == "Robo"),
        "{message:?}"
    );
    bot_seeker.recv_until(paired).await;
    assert!(
        person_seeker
            .try_recv(Duration::from_millis(300))
            .await
            .is_none()
    );
}

/// Two seats from one address play unrated, and so does a pair's fourth
/// rated game in a day; both are told as the game starts.
#[tokio::test]
async fn one_address_and_a_pairs_fourth_game_a_day_are_unrated_and_said_so() {
    let server = TestServer::start(|config| config.rate_one_address = false).await;
    let (mut ada, mut bea) = seated(&server, "127.0.0.1", 60_000).await;
    assert_eq!(started(&mut bea).await, Some(NotRated::SameAddress));
    both_move_once(&mut ada, &mut bea).await;
    ada.leave().await;
    let (_, id) = game_over(&mut bea).await;
    let rated = stored(&server, id).await.rated.unwrap();
    assert_eq!(rated.not_rated, Some(NotRated::SameAddress));
    assert!(page(&server, "Ada").await.ratings.is_empty());

    // From two addresses: rated, three times; the fourth is told unrated.
    for game in 1..=4 {
        let (mut ada, mut bea) = seated(&server, "127.0.0.2", 60_000).await;
        let told = started(&mut bea).await;
        if game < 4 {
            assert_eq!(told, None, "game {game}");
        } else {
            assert_eq!(told, Some(NotRated::PairLimit));
        }
        both_move_once(&mut ada, &mut bea).await;
        ada.leave().await;
        let (_, id) = game_over(&mut bea).await;
        let rated = stored(&server, id).await.rated.unwrap();
        assert_eq!(rated.counted(), game < 4, "game {game}");
    }
    let ada = page(&server, "Ada").await;
    assert_eq!(ada.ratings[0].losses, 3);
}

/// A rated game won by forfeit, its loser gone from the room: the winner
/// is told both new ratings, the loser's on the seat they left, as the
/// store holds them.
#[tokio::test]
async fn a_rated_forfeit_tells_the_winner_both_ratings_the_leaver_s_too() {
    let server = TestServer::default().await;
    let (mut ada, mut bea) = seated(&server, "127.0.0.2", 60_000).await;
    both_move_once(&mut ada, &mut bea).await;
    bea.leave().await;
    let (result, _) = game_over(&mut ada).await;
    assert_eq!(result.winner, Some(Seat::Yellow));
    let mut told = Seated::<Option<f64>>::default();
    while told.yellow.is_none() || told.blue.is_none() {
        if let ServerMessage::Event { event, .. } = ada.recv().await
            && let RoomEvent::Rated { seat, rating } = *event
        {
            assert_eq!(rating.games, 1, "{seat}: the rating after the game");
            told[seat] = Some(rating.rating);
        }
    }
    for (name, seat, score) in [("Ada", Seat::Yellow, 1.0), ("Bea", Seat::Blue, 0.0)] {
        let page = page(&server, name).await;
        after_one_game(&page, score);
        assert_eq!(told[seat], Some(page.ratings[0].rating.rating), "{name}");
    }
}

/// Declares `name`'s key a bot's from a connection of its own (a casual
/// room taken with the declaration), as a second tab or program would.
async fn declare_bot_elsewhere(server: &TestServer, name: &str) -> SealSignature {
    let declaration = secret_of(name).sign_bot();
    let mut elsewhere = Client::greeted(server, name).await;
    elsewhere
        .send(&ClientMessage::CreateRoom {
            options: RoomOptions::default(),
            key: elsewhere.sealing.key(),
            bot_declaration: Some(declaration),
            key_proof: None,
        })
        .await;
    elsewhere
        .recv_until(|m| matches!(m, ServerMessage::Joined { .. }))
        .await;
    assert!(page(server, name).await.bot);
    declaration
}

/// Issue 59: a person losing a rated game opened a second connection and
/// declared their key a bot, and the game was stored unrated (a bot
/// against a person), the winner getting nothing. A game's rated status is
/// fixed as it starts: the game stays rated, the winner gains; the
/// declaration changes the next game only.
#[tokio::test]
async fn a_bot_declared_mid_game_leaves_the_game_rated() {
    let server = TestServer::default().await;
    let (mut ada, mut bea) = seated(&server, "127.0.0.2", 60_000).await;
    assert_eq!(started(&mut bea).await, None);
    both_move_once(&mut ada, &mut bea).await;
    declare_bot_elsewhere(&server, "Bea").await;
    bea.leave().await;
    let (result, id) = game_over(&mut ada).await;
    assert_eq!(result.winner, Some(Seat::Yellow));
    let rated = stored(&server, id)
        .await
        .rated
        .expect("a rated room's game");
    assert!(rated.counted(), "{rated:?}");
    assert_eq!(rated.not_rated, None);
    assert_eq!(rated.bot_declarations, Some(Seated::default()));
    assert!(rated.started_at_ms.is_some());
    after_one_game(&page(&server, "Ada").await, 1.0);
    after_one_game(&page(&server, "Bea").await, 0.0);

    // Their next game starts as a bot against a person.
    let (_ada, mut bea) = seated(&server, "127.0.0.2", 60_000).await;
    assert_eq!(started(&mut bea).await, Some(NotRated::BotAgainstPerson));
}

/// A key that declared itself a bot before a game starts — on another
/// connection, its seat in the rated room taken as a person's — makes the
/// game a bot against a person: told as it starts, stored so, and the
/// declaration kept in the record for anyone to check.
#[tokio::test]
async fn a_bot_declared_before_the_game_starts_plays_it_as_a_bot() {
    let server = TestServer::default().await;
    let mut ada = Client::greeted(&server, "Ada").await;
    let (code, _, _) = ada.create(rated(60_000)).await;
    let declaration = declare_bot_elsewhere(&server, "Ada").await;
    let mut bea = Client::greeted_from(&server, "127.0.0.2", "Bea").await;
    bea.join(code).await;
    assert_eq!(started(&mut bea).await, Some(NotRated::BotAgainstPerson));
    both_move_once(&mut ada, &mut bea).await;
    ada.leave().await;
    let (_, id) = game_over(&mut bea).await;
    let rated = stored(&server, id)
        .await
        .rated
        .expect("a rated room's game");
    assert_eq!(rated.not_rated, Some(NotRated::BotAgainstPerson));
    assert!(!rated.counted());
    assert_eq!(
        rated.bot_declarations,
        Some(Seated {
            yellow: Some(declaration),
            blue: None
        })
    );
    assert!(mice_cake_engine::signing::check_bot(
        rated.keys.yellow,
        declaration
    ));
    assert!(page(&server, "Bea").await.ratings.is_empty());
}

/// A pair's fourth rated game in a day begun as a rematch — whose seats
/// swap after the pair's games are read — is told unrated as it starts,
/// as in a new room.
#[tokio::test]
async fn a_pairs_fourth_game_as_a_rematch_is_told_unrated_as_it_starts() {
    // Scripted players move at once: more than a person's messages a second.
    let server = TestServer::start(|config| config.messages_per_second = 1_000).await;
    let (mut ada, mut bea) = seated(&server, "127.0.0.2", 60_000).await;
    let mut seats = (Seat::Yellow, Seat::Blue);
    for game in 1..=3 {
        let (ada_played, bea_played) = tokio::join!(
            Agent::new(ada, seats.0, Policy::Greedy, game).play_out(),
            Agent::new(bea, seats.1, Policy::Greedy, game + 10).play_out()
        );
        let rated = stored(&server, ada_played.game_id).await.rated.unwrap();
        assert!(rated.counted(), "game {game}: {rated:?}");
        (ada, bea) = (ada_played.client, bea_played.client);
        ada.send(&ClientMessage::Rematch).await;
        bea.send(&ClientMessage::Rematch).await;
        seats = (seats.1, seats.0);
    }
    assert_eq!(started(&mut bea).await, Some(NotRated::PairLimit));
}

use std::time::Duration;

use futures_util::{SinkExt, StreamExt};
use mice_cake_engine::{KeyChallenge, PlayerKey, PlayerSecret, Seat};
use mice_cake_protocol::{
    ArenaId, ClientMessage, ErrorCode, PROTOCOL_VERSION, RoomCode, RoomOptions, ServerMessage,
};
use tokio::net::TcpStream;
use tokio_tungstenite::WebSocketStream;
use tokio_tungstenite::tungstenite::Message;

use super::entries::*;
use super::reconnection::*;
use super::socket::*;

use tokio_tungstenite::tungstenite::protocol::CloseFrame;
use tokio_tungstenite::tungstenite::protocol::frame::coding::CloseCode;

use super::*;

#[test]
fn a_full_server_is_said_to_be_full() {
    let full = CloseFrame {
        code: CloseCode::Again,
        reason: "server full".into(),
    };
    assert_eq!(
        close_words(Some(&full)),
        "the server is full (server full): try again later"
    );
    let bare = CloseFrame {
        code: CloseCode::Again,
        reason: "".into(),
    };
    assert!(close_words(Some(&bare)).contains("the server is full (close code 1013)"));
    assert_eq!(close_words(None), "the server closed the connection");
}

/// A fake server's side of one connection: the client's next message.
async fn next_message(socket: &mut WebSocketStream<TcpStream>) -> ClientMessage {
    loop {
        match socket.next().await {
            Some(Ok(Message::Text(text))) => return serde_json::from_str(&text).unwrap(),
            Some(Ok(_)) => continue,
            other => panic!("no message: {other:?}"),
        }
    }
}

/// The client's next message but a `watch_challenges`: a player admitted
/// in a room (or a seek) hears of challenges made to them, which these
/// fake servers do not follow.
async fn next_but_watching(socket: &mut WebSocketStream<TcpStream>) -> ClientMessage {
    loop {
        match next_message(socket).await {
            ClientMessage::WatchChallenges { .. } => continue,
            message => return message,
        }
    }
}

/// A fake server's side of the client's next connection: its `hello`
/// read, and welcomed with a challenge of its own.
async fn greeted(listener: &tokio::net::TcpListener) -> WebSocketStream<TcpStream> {
    welcomed(listener).await.0
}

/// [`greeted`], with the challenge its welcome gave.
async fn welcomed(
    listener: &tokio::net::TcpListener,
) -> (WebSocketStream<TcpStream>, KeyChallenge) {
    static CONNECTIONS: std::sync::atomic::AtomicU8 = std::sync::atomic::AtomicU8::new(1);
    let (stream, _) = listener.accept().await.unwrap();
    let mut socket = tokio_tungstenite::accept_async(stream).await.unwrap();
    assert!(matches!(
        next_message(&mut socket).await,
        ClientMessage::Hello { .. }
    ));
    let number = CONNECTIONS.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
    let challenge = KeyChallenge::from_bytes([number; 32]);
    say(
        &mut socket,
        &ServerMessage::Welcome {
            version: PROTOCOL_VERSION,
            server: "fake".into(),
            challenge,
        },
    )
    .await;
    (socket, challenge)
}

/// Whether `message` proves `key` answering the challenge of the
/// connection it came on (a fake server's welcome gives each its own).
fn proven_here(message: &ClientMessage, key: Option<PlayerKey>, welcomed: KeyChallenge) -> bool {
    let proof = match message {
        ClientMessage::CreateRoom { key_proof, .. }
        | ClientMessage::JoinRoom { key_proof, .. }
        | ClientMessage::Resume { key_proof, .. }
        | ClientMessage::Seek { key_proof, .. }
        | ClientMessage::JoinArena { key_proof, .. }
        | ClientMessage::Challenge { key_proof, .. }
        | ClientMessage::WatchChallenges { key_proof, .. } => *key_proof,
        _ => None,
    };
    match (proof, key) {
        (Some(proof), Some(key)) => {
            proof.challenge == welcomed
                && mice_cake_engine::signing::check_key_proof(key, welcomed, proof.signature)
        }
        _ => false,
    }
}

async fn say(socket: &mut WebSocketStream<TcpStream>, message: &ServerMessage) {
    let text = serde_json::to_string(message).unwrap();
    socket.send(Message::text(text)).await.unwrap();
}

/// A seek in the default pool without a deadline of its own.
fn seek(rated: bool, bot_after_ms: Option<u64>, ask_before_bot: bool) -> Seek {
    Seek {
        pool: None,
        deadline_ms: None,
        rated,
        bot_after_ms,
        ask_before_bot,
    }
}

/// As the nemesis found: paired, then the connection cut before the
/// seat's `joined` came (the seat may be taken already, and its game
/// begun). Coming back, the client asks the pair's room for its seat by
/// key, with a fresh proof, rather than seek again and leave the seat
/// to its deadlines; refused there, it seeks again.
#[tokio::test]
async fn a_drop_between_paired_and_joined_asks_the_pairs_room_for_the_seat() {
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let url = format!("ws://{}", listener.local_addr().unwrap());
    let code: RoomCode = "K7QMX".parse().unwrap();
    let server = tokio::spawn(async move {
        let mut first = greeted(&listener).await;
        assert!(matches!(
            next_message(&mut first).await,
            ClientMessage::Seek { .. }
        ));
        let seeking = ServerMessage::Seeking {
            pool: None,
            deadline_ms: None,
            rated: true,
            rating: mice_cake_protocol::Rating::initial(),
            paired_last: None,
        };
        say(&mut first, &seeking).await;
        say(
            &mut first,
            &ServerMessage::Paired {
                code,
                pool: mice_cake_protocol::Pool::Standard,
                deadline_ms: None,
                rated: true,
                opponent: "Bea".into(),
                rating: mice_cake_protocol::Rating::initial(),
                opponent_bot: false,
            },
        )
        .await;
        drop(first);
        let (mut second, welcomed_with) = welcomed(&listener).await;
        let again = next_message(&mut second).await;
        assert!(
            proven_here(
                &again,
                Some(PlayerSecret::from_bytes([7; 32]).public_key()),
                welcomed_with
            ),
            "proven on this connection: {again:?}"
        );
        let ClientMessage::JoinRoom {
            code: asked,
            key,
            key_proof,
            ..
        } = again
        else {
            panic!("not a join: {again:?}");
        };
        assert_eq!(asked, code);
        assert!(key.is_some() && key_proof.is_some(), "by key, proven");
        say(
            &mut second,
            &ServerMessage::Error {
                code: ErrorCode::UnknownRoom,
                message: "no room has the code K7QMX".into(),
                args: Default::default(),
            },
        )
        .await;
        let then = next_message(&mut second).await;
        assert!(
            matches!(then, ClientMessage::Seek { .. }),
            "seeks on: {then:?}"
        );
    });
    let identity = Identity {
        secret: Some(PlayerSecret::from_bytes([7; 32])),
        bot: false,
        ..Identity::default()
    };
    let seek = seek(true, None, false);
    let _session = connect(&url, "Ann", Entry::Seek(seek), None, identity)
        .await
        .unwrap();
    tokio::time::timeout(Duration::from_secs(20), server)
        .await
        .expect("the client came back in time")
        .unwrap();
}

/// As a nemesis found (issue 60): a player's connection drops mid-game,
/// and the resume reaches a cluster's node back from a pause, whose
/// stale copy of the room says it has closed. The game was never seen
/// to end: the client comes back again rather than give the seat up,
/// and is seated where the room runs now.
#[tokio::test]
async fn a_resume_refused_as_closed_mid_game_is_tried_again() {
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let url = format!("ws://{}", listener.local_addr().unwrap());
    let mut room = crate::fixture::FakeRoom::new(Some(Seat::Yellow), 3);
    let server = tokio::spawn(async move {
        let mut first = greeted(&listener).await;
        assert!(matches!(
            next_message(&mut first).await,
            ClientMessage::CreateRoom { .. }
        ));
        for message in room.entered() {
            say(&mut first, &message).await;
        }
        for message in room.opponent_arrives() {
            say(&mut first, &message).await;
        }
        drop(first);
        let mut second = greeted(&listener).await;
        let again = next_message(&mut second).await;
        assert!(matches!(again, ClientMessage::Resume { .. }), "{again:?}");
        say(
            &mut second,
            &ServerMessage::Error {
                code: ErrorCode::UnknownRoom,
                message: "the room has closed".into(),
                args: Default::default(),
            },
        )
        .await;
        let mut third = greeted(&listener).await;
        let again = next_message(&mut third).await;
        assert!(
            matches!(again, ClientMessage::Resume { .. }),
            "the seat is asked back again: {again:?}"
        );
    });
    let _session = connect(
        &url,
        "Ann",
        Entry::Create(RoomOptions::default()),
        None,
        Identity::default(),
    )
    .await
    .unwrap();
    tokio::time::timeout(Duration::from_secs(20), server)
        .await
        .expect("the client came back in time")
        .unwrap();
}

/// As the cluster's kill test found: an arena's player whose node died
/// after their game ended and before the next pairing was told comes
/// back to a room that is gone. The client joins the arena again
/// rather than end on the refused token.
#[tokio::test]
async fn an_arena_player_whose_last_room_is_gone_joins_the_arena_again() {
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let url = format!("ws://{}", listener.local_addr().unwrap());
    let arena: ArenaId = "K7M2QX9P".parse().unwrap();
    let joined = crate::fixture::FakeRoom::new(Some(Seat::Yellow), 3).joined();
    let server = tokio::spawn(async move {
        let mut first = greeted(&listener).await;
        let join = next_message(&mut first).await;
        assert!(matches!(join, ClientMessage::JoinArena { arena: asked, .. } if asked == arena));
        // Seated in a game of the arena's, then cut off.
        say(&mut first, &joined).await;
        drop(first);
        let mut second = greeted(&listener).await;
        let again = next_message(&mut second).await;
        assert!(matches!(again, ClientMessage::Resume { .. }), "{again:?}");
        say(
            &mut second,
            &ServerMessage::Error {
                code: ErrorCode::BadToken,
                message: "that seat token is not valid".into(),
                args: Default::default(),
            },
        )
        .await;
        let then = next_message(&mut second).await;
        assert!(
            matches!(then, ClientMessage::JoinArena { arena: asked, .. } if asked == arena),
            "joins the arena again: {then:?}"
        );
    });
    let identity = Identity {
        secret: Some(PlayerSecret::from_bytes([7; 32])),
        bot: false,
        ..Identity::default()
    };
    let entry = Entry::Arena {
        id: arena,
        join_code: None,
    };
    let _session = connect(&url, "Ann", entry, None, identity).await.unwrap();
    tokio::time::timeout(Duration::from_secs(20), server)
        .await
        .expect("the client joined the arena again in time")
        .unwrap();
}

/// Issue 60: after a crash, a player back in their arena game's room
/// had their join refused (the arena did not know that room), and the
/// client, told nothing more of the arena, waited forever to be paired
/// again. Whatever the last join's answer, the client joins again as
/// each game of the arena ends: once a game, never in a loop.
#[tokio::test]
async fn an_arena_player_refused_once_joins_the_arena_again_when_the_game_ends() {
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let url = format!("ws://{}", listener.local_addr().unwrap());
    let arena: ArenaId = "K7M2QX9P".parse().unwrap();
    let mut room = crate::fixture::FakeRoom::new(Some(Seat::Yellow), 3);
    let server = tokio::spawn(async move {
        let is_join = |message: &ClientMessage| matches!(message, ClientMessage::JoinArena { arena: asked, .. } if *asked == arena);
        let mut first = greeted(&listener).await;
        let join = next_message(&mut first).await;
        assert!(is_join(&join), "{join:?}");
        // Seated in a game of the arena's, then cut off.
        say(&mut first, &room.joined()).await;
        drop(first);
        let mut second = greeted(&listener).await;
        let again = next_message(&mut second).await;
        assert!(matches!(again, ClientMessage::Resume { .. }), "{again:?}");
        for message in room.resume(0) {
            say(&mut second, &message).await;
        }
        let rejoin = next_message(&mut second).await;
        assert!(
            is_join(&rejoin),
            "back in the arena after the resume: {rejoin:?}"
        );
        say(
            &mut second,
            &ServerMessage::Error {
                code: ErrorCode::ArenaRefused,
                message: "you are in a room of another game: leave it first".into(),
                args: Default::default(),
            },
        )
        .await;
        // Refused: no join again until the game ends.
        let quiet =
            tokio::time::timeout(Duration::from_millis(300), next_but_watching(&mut second));
        assert!(
            quiet.await.is_err(),
            "a refused join is not sent again at once"
        );
        for message in room.forfeits(Seat::Blue) {
            say(&mut second, &message).await;
        }
        let after = next_message(&mut second).await;
        assert!(
            is_join(&after),
            "joins the arena again as its game ends: {after:?}"
        );
        say(
            &mut second,
            &ServerMessage::Error {
                code: ErrorCode::ArenaRefused,
                message: "refused again".into(),
                args: Default::default(),
            },
        )
        .await;
        let quiet =
            tokio::time::timeout(Duration::from_millis(300), next_but_watching(&mut second));
        assert!(quiet.await.is_err(), "one join a game: no loop");
    });
    let identity = Identity {
        secret: Some(PlayerSecret::from_bytes([7; 32])),
        bot: false,
        ..Identity::default()
    };
    let entry = Entry::Arena {
        id: arena,
        join_code: None,
    };
    let _session = connect(&url, "Ann", entry, None, identity).await.unwrap();
    tokio::time::timeout(Duration::from_secs(20), server)
        .await
        .expect("the client joined the arena again in time")
        .unwrap();
}

/// Seated in the pair's room, the connection dropped and the seat
/// resumed with its token: when the pairing is then called off, the
/// server says `unpaired` but seeks for that connection no more (it
/// never sought), so the client seeks again itself.
#[tokio::test]
async fn a_pairing_called_off_after_a_resume_seeks_again() {
    called_off_after_a_resume(true).await;
}

/// The same when the server holds this client to blame (its deal seal
/// never came, its opponent's did): the client seeks again all the
/// same, at the back of the queue.
#[tokio::test]
async fn a_pairing_called_off_for_our_unsealed_deal_seeks_again() {
    called_off_after_a_resume(false).await;
}

/// Seated by the seek of this very connection, its deal seal lost on
/// the way while the opponent's came: the server ends the seek
/// (`unpaired` with `requeued: false`, then `seek_ended`), and the
/// client seeks again rather than end.
#[tokio::test]
async fn a_seek_ended_for_our_unsealed_deal_is_made_again() {
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let url = format!("ws://{}", listener.local_addr().unwrap());
    let room = crate::fixture::FakeRoom::new(Some(Seat::Yellow), 3);
    let joined = room.joined();
    let ServerMessage::Joined { state, .. } = &joined else {
        unreachable!()
    };
    let code = state.code;
    let server = tokio::spawn(async move {
        let mut socket = greeted(&listener).await;
        assert!(matches!(
            next_message(&mut socket).await,
            ClientMessage::Seek { .. }
        ));
        let seeking = ServerMessage::Seeking {
            pool: None,
            deadline_ms: None,
            rated: false,
            rating: mice_cake_protocol::Rating::initial(),
            paired_last: None,
        };
        say(&mut socket, &seeking).await;
        say(&mut socket, &joined).await;
        let unpaired = ServerMessage::Unpaired {
            code,
            reason: "you did not seal your deal within 10s while your opponent did".into(),
            requeued: false,
            challenge: None,
        };
        say(&mut socket, &unpaired).await;
        let ended = ServerMessage::SeekEnded {
            reason: "you did not seal your deal in time".into(),
            cause: mice_cake_protocol::SeekEndCause::DealNotSealed,
        };
        say(&mut socket, &ended).await;
        let then = next_message(&mut socket).await;
        assert!(
            matches!(then, ClientMessage::Seek { .. }),
            "seeks again: {then:?}"
        );
    });
    let seek = seek(false, None, false);
    let _session = connect(&url, "Ann", Entry::Seek(seek), None, Identity::default())
        .await
        .unwrap();
    tokio::time::timeout(Duration::from_secs(20), server)
        .await
        .expect("the client sought again in time")
        .unwrap();
}

async fn called_off_after_a_resume(requeued: bool) {
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let url = format!("ws://{}", listener.local_addr().unwrap());
    let room = crate::fixture::FakeRoom::new(Some(Seat::Yellow), 3);
    let joined = room.joined();
    let ServerMessage::Joined { state, .. } = &joined else {
        unreachable!()
    };
    let code = state.code;
    let server = tokio::spawn(async move {
        let mut first = greeted(&listener).await;
        assert!(matches!(
            next_message(&mut first).await,
            ClientMessage::Seek { .. }
        ));
        let seeking = ServerMessage::Seeking {
            pool: None,
            deadline_ms: None,
            rated: false,
            rating: mice_cake_protocol::Rating::initial(),
            paired_last: None,
        };
        say(&mut first, &seeking).await;
        say(&mut first, &joined).await;
        drop(first);
        let mut second = greeted(&listener).await;
        let again = next_message(&mut second).await;
        assert!(matches!(again, ClientMessage::Resume { .. }), "{again:?}");
        say(&mut second, &joined).await;
        let unpaired = ServerMessage::Unpaired {
            code,
            reason: "your opponent did not take their seat and seal their deal within 10s".into(),
            requeued,
            challenge: None,
        };
        say(&mut second, &unpaired).await;
        let then = next_message(&mut second).await;
        assert!(
            matches!(then, ClientMessage::Seek { .. }),
            "seeks again: {then:?}"
        );
    });
    let seek = seek(false, None, false);
    let _session = connect(&url, "Ann", Entry::Seek(seek), None, Identity::default())
        .await
        .unwrap();
    tokio::time::timeout(Duration::from_secs(20), server)
        .await
        .expect("the client sought again in time")
        .unwrap();
}

/// The full-screen interface asks before the bot offered is played:
/// the link plays it by itself no more, and the room the interface then
/// asks for is made as this player (key and proof), the seek ended
/// first.
#[tokio::test]
async fn a_bot_offer_waits_for_the_interface_and_its_room_is_made_as_the_player() {
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let url = format!("ws://{}", listener.local_addr().unwrap());
    let (offered, was_offered) = tokio::sync::oneshot::channel();
    let server = tokio::spawn(async move {
        let (mut socket, welcomed_with) = welcomed(&listener).await;
        assert!(matches!(
            next_message(&mut socket).await,
            ClientMessage::Seek { .. }
        ));
        let seeking = ServerMessage::Seeking {
            pool: None,
            deadline_ms: None,
            rated: true,
            rating: mice_cake_protocol::Rating::initial(),
            paired_last: None,
        };
        say(&mut socket, &seeking).await;
        let offer = ServerMessage::BotOffered {
            policy: mice_cake_engine::Policy::Greedy,
            options: RoomOptions::default(),
        };
        say(&mut socket, &offer).await;
        // Nothing by itself.
        let quiet =
            tokio::time::timeout(Duration::from_millis(500), next_but_watching(&mut socket)).await;
        assert!(quiet.is_err(), "the link played the bot: {quiet:?}");
        offered.send(()).unwrap();
        assert!(matches!(
            next_message(&mut socket).await,
            ClientMessage::CancelSeek
        ));
        let create = next_message(&mut socket).await;
        assert!(
            proven_here(
                &create,
                Some(PlayerSecret::from_bytes([7; 32]).public_key()),
                welcomed_with
            ),
            "as the player, proven on this connection: {create:?}"
        );
    });
    let identity = Identity {
        secret: Some(PlayerSecret::from_bytes([7; 32])),
        bot: false,
        ..Identity::default()
    };
    let seek = seek(true, None, true);
    let session = connect(&url, "Ann", Entry::Seek(seek), None, identity)
        .await
        .unwrap();
    was_offered.await.unwrap();
    session
        .commands
        .send(ClientMessage::CreateRoom {
            options: RoomOptions::default(),
            key: None,
            bot_declaration: None,
            key_proof: None,
        })
        .await
        .unwrap();
    tokio::time::timeout(Duration::from_secs(20), server)
        .await
        .expect("the room was asked for in time")
        .unwrap();
}

/// A seeker that takes the bot offered and loses its connection before
/// the bot's room answers (its node died with it, unstored) asks for the
/// room again once back, rather than giving up: the seek was ended for it.
#[tokio::test]
async fn the_bot_s_room_is_asked_for_again_after_a_drop_before_it_answers() {
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let url = format!("ws://{}", listener.local_addr().unwrap());
    let server = tokio::spawn(async move {
        let (mut socket, _) = welcomed(&listener).await;
        assert!(matches!(
            next_message(&mut socket).await,
            ClientMessage::Seek { .. }
        ));
        let offer = ServerMessage::BotOffered {
            policy: mice_cake_engine::Policy::Greedy,
            options: RoomOptions::default(),
        };
        say(&mut socket, &offer).await;
        assert!(matches!(
            next_message(&mut socket).await,
            ClientMessage::CancelSeek
        ));
        assert!(matches!(
            next_message(&mut socket).await,
            ClientMessage::CreateRoom { .. }
        ));
        // The node dies: no answer, no closing handshake.
        drop(socket);
        let (mut socket, _) = welcomed(&listener).await;
        let again = next_message(&mut socket).await;
        assert!(
            matches!(again, ClientMessage::CreateRoom { options, .. } if options == RoomOptions::default()),
            "the bot's room asked for again: {again:?}"
        );
    });
    let seek = seek(true, Some(1), false);
    let _session = connect(&url, "Ann", Entry::Seek(seek), None, Identity::default())
        .await
        .unwrap();
    tokio::time::timeout(Duration::from_secs(20), server)
        .await
        .expect("the room was asked for again in time")
        .unwrap();
}

#[test]
fn a_shutdown_is_said_once() {
    assert_eq!(
        why_dropped(
            "the server closed the connection: server shutting down".into(),
            Some("the server is shutting down".into())
        ),
        "the server is shutting down"
    );
    assert_eq!(
        why_dropped("the connection closed".into(), None),
        "the connection closed"
    );
}

/// Ann's key pair, for the challenges' tests.
fn ann() -> Identity {
    Identity {
        secret: Some(PlayerSecret::from_bytes([7; 32])),
        bot: false,
        ..Identity::default()
    }
}

/// A challenge `id` from `from` to `to`, of the default room.
fn challenge(id: &str, from: PlayerKey, to: PlayerKey) -> mice_cake_protocol::Challenge {
    let player = |key: PlayerKey, name: &str| mice_cake_protocol::ChallengePlayer {
        key,
        name: name.into(),
        bot: false,
    };
    mice_cake_protocol::Challenge {
        id: id.parse().unwrap(),
        from: player(from, "Bea"),
        to: player(to, "Ann"),
        options: RoomOptions::default(),
        expires_in_ms: 600_000,
    }
}

/// Bea's key.
fn bea() -> PlayerKey {
    PlayerSecret::from_bytes([9; 32]).public_key()
}

/// The session's events until it closes (or `limit` passes): the
/// messages, and why it closed.
async fn until_closed(session: &mut Session) -> (Vec<ServerMessage>, Option<String>) {
    let mut messages = Vec::new();
    let limit = tokio::time::sleep(Duration::from_secs(10));
    tokio::pin!(limit);
    loop {
        tokio::select! {
            event = session.events.recv() => match event {
                Some(NetEvent::Message(message)) => messages.push(message),
                Some(NetEvent::Closed(reason)) => return (messages, Some(reason)),
                Some(_) => {}
                None => return (messages, None),
            },
            () = &mut limit => return (messages, None),
        }
    }
}

/// `mice-cake challenge`: the challenge is made with the player's key,
/// proven on the connection; once accepted, the seat in its room is taken
/// by key, proven too, as after a pairing, and the room is played.
#[tokio::test]
async fn a_challenge_accepted_takes_its_seat_in_the_room() {
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let url = format!("ws://{}", listener.local_addr().unwrap());
    let room = crate::fixture::FakeRoom::new(Some(Seat::Yellow), 3);
    let joined = room.joined();
    let ServerMessage::Joined { state, .. } = &joined else {
        unreachable!()
    };
    let code = state.code;
    let key = ann().key().unwrap();
    let server = tokio::spawn(async move {
        let (mut socket, welcomed_with) = welcomed(&listener).await;
        let made = next_message(&mut socket).await;
        assert!(proven_here(&made, Some(key), welcomed_with), "{made:?}");
        let ClientMessage::Challenge { to, options, .. } = made else {
            panic!("not a challenge: {made:?}");
        };
        assert_eq!(to, bea());
        assert_eq!(options.first_to, 3);
        let challenge = challenge("K7M2QX9PHT", key, bea());
        let id = challenge.id;
        say(&mut socket, &ServerMessage::ChallengeSent { challenge }).await;
        // Another challenge of Ann's ends: not this one.
        let other = ServerMessage::ChallengeEnded {
            id: "AAAAAAAAAA".parse().unwrap(),
            end: mice_cake_protocol::ChallengeEnd::Declined,
        };
        say(&mut socket, &other).await;
        let accepted = ServerMessage::ChallengeEnded {
            id,
            end: mice_cake_protocol::ChallengeEnd::Accepted { code },
        };
        say(&mut socket, &accepted).await;
        let join = next_message(&mut socket).await;
        assert!(proven_here(&join, Some(key), welcomed_with), "{join:?}");
        assert!(
            matches!(join, ClientMessage::JoinRoom { code: asked, .. } if asked == code),
            "{join:?}"
        );
        say(&mut socket, &joined).await;
        // Kept open until the client is done.
        let _ = next_message(&mut socket).await;
    });
    let options = RoomOptions {
        first_to: 3,
        ..RoomOptions::default()
    };
    let entry = Entry::Challenge { to: bea(), options };
    let mut session = connect(&url, "Ann", entry, None, ann()).await.unwrap();
    let seated = tokio::time::timeout(Duration::from_secs(10), async {
        while let Some(event) = session.events.recv().await {
            if let NetEvent::Message(ServerMessage::Joined { seat, .. }) = event {
                return seat;
            }
            assert!(!matches!(event, NetEvent::Closed(_)), "{event:?}");
        }
        None
    })
    .await
    .expect("seated in time");
    assert_eq!(seated, Some(Seat::Yellow));
    session.leave().await;
    tokio::time::timeout(Duration::from_secs(10), server)
        .await
        .expect("the server's side ended")
        .unwrap();
}

/// A challenge declined (or expired) ends the run, saying so: the
/// interfaces exit with status 1 and that reason.
#[tokio::test]
async fn a_challenge_declined_ends_the_run_saying_so() {
    for (end, said) in [
        (
            mice_cake_protocol::ChallengeEnd::Declined,
            "challenge K7M2QX9PHT declined",
        ),
        (
            mice_cake_protocol::ChallengeEnd::Expired,
            "challenge K7M2QX9PHT expired: nobody answered it in time",
        ),
    ] {
        let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
        let url = format!("ws://{}", listener.local_addr().unwrap());
        let key = ann().key().unwrap();
        let server = tokio::spawn(async move {
            let mut socket = greeted(&listener).await;
            let made = next_message(&mut socket).await;
            assert!(matches!(made, ClientMessage::Challenge { .. }), "{made:?}");
            let challenge = challenge("K7M2QX9PHT", key, bea());
            let id = challenge.id;
            say(&mut socket, &ServerMessage::ChallengeSent { challenge }).await;
            say(&mut socket, &ServerMessage::ChallengeEnded { id, end }).await;
            // Nothing more from the client: no join, no cancel.
            let after = tokio::time::timeout(Duration::from_millis(300), socket.next()).await;
            assert!(
                !matches!(after, Ok(Some(Ok(Message::Text(_))))),
                "{after:?}"
            );
        });
        let entry = Entry::Challenge {
            to: bea(),
            options: RoomOptions::default(),
        };
        let mut session = connect(&url, "Ann", entry, None, ann()).await.unwrap();
        let (messages, closed) = until_closed(&mut session).await;
        assert!(
            matches!(messages.first(), Some(ServerMessage::Welcome { .. })),
            "{messages:?}"
        );
        assert_eq!(closed.as_deref(), Some(said));
        server.await.unwrap();
    }
}

/// Leaving while the challenge waits (Ctrl-C, q) takes it back first: it
/// would wait for its answer until it expires otherwise.
#[tokio::test]
async fn leaving_while_the_challenge_waits_takes_it_back() {
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let url = format!("ws://{}", listener.local_addr().unwrap());
    let key = ann().key().unwrap();
    let (sent, was_sent) = tokio::sync::oneshot::channel();
    let server = tokio::spawn(async move {
        let mut socket = greeted(&listener).await;
        assert!(matches!(
            next_message(&mut socket).await,
            ClientMessage::Challenge { .. }
        ));
        let challenge = challenge("K7M2QX9PHT", key, bea());
        let id = challenge.id;
        say(&mut socket, &ServerMessage::ChallengeSent { challenge }).await;
        sent.send(()).unwrap();
        let cancel = next_message(&mut socket).await;
        assert_eq!(cancel, ClientMessage::CancelChallenge { id });
        let leave = next_message(&mut socket).await;
        assert!(matches!(leave, ClientMessage::Leave { .. }), "{leave:?}");
    });
    let entry = Entry::Challenge {
        to: bea(),
        options: RoomOptions::default(),
    };
    let mut session = connect(&url, "Ann", entry, None, ann()).await.unwrap();
    was_sent.await.unwrap();
    // The interface saw it sent.
    loop {
        let event = session.events.recv().await.unwrap();
        if matches!(
            event,
            NetEvent::Message(ServerMessage::ChallengeSent { .. })
        ) {
            break;
        }
    }
    session.leave().await;
    tokio::time::timeout(Duration::from_secs(10), server)
        .await
        .expect("taken back in time")
        .unwrap();
}

/// `mice-cake accept`: the challenges are watched with the key, proven,
/// and the newest waiting is accepted (they come oldest first); none
/// waiting ends the run, saying so.
#[tokio::test]
async fn accept_takes_the_newest_waiting() {
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let url = format!("ws://{}", listener.local_addr().unwrap());
    let key = ann().key().unwrap();
    let server = tokio::spawn(async move {
        let (mut socket, welcomed_with) = welcomed(&listener).await;
        let watch = next_message(&mut socket).await;
        assert!(matches!(watch, ClientMessage::WatchChallenges { .. }));
        assert!(proven_here(&watch, Some(key), welcomed_with), "{watch:?}");
        let told = ServerMessage::Challenges {
            waiting: vec![
                challenge("AAAA222222", bea(), key),
                challenge("BBBB333333", bea(), key),
            ],
            sent: Vec::new(),
            from: mice_cake_protocol::ChallengesFrom::Everyone,
        };
        say(&mut socket, &told).await;
        let accept = next_message(&mut socket).await;
        assert_eq!(
            accept,
            ClientMessage::AcceptChallenge {
                id: "BBBB333333".parse().unwrap()
            }
        );
        // And with nothing waiting, on the next run: no accept.
        let mut second = greeted(&listener).await;
        let watch = next_message(&mut second).await;
        assert!(matches!(watch, ClientMessage::WatchChallenges { .. }));
        let none = ServerMessage::Challenges {
            waiting: Vec::new(),
            sent: Vec::new(),
            from: mice_cake_protocol::ChallengesFrom::Everyone,
        };
        say(&mut second, &none).await;
    });
    let entry = Entry::Accept {
        id: None,
        wait: false,
    };
    let _session = connect(&url, "Ann", entry.clone(), None, ann())
        .await
        .unwrap();
    let mut session = connect(&url, "Ann", entry, None, ann()).await.unwrap();
    let (_, closed) = until_closed(&mut session).await;
    assert_eq!(
        closed.as_deref(),
        Some("no challenge is waiting for your answer (mice-cake challenges lists them)")
    );
    tokio::time::timeout(Duration::from_secs(10), server)
        .await
        .expect("accepted in time")
        .unwrap();
}

/// `mice-cake bot … accept`: with nothing waiting, the bot waits for the
/// next challenge and accepts it; a challenge taken back before its
/// accept went through leaves it waiting for the next.
#[tokio::test]
async fn a_bot_waits_for_a_challenge_and_accepts_it() {
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let url = format!("ws://{}", listener.local_addr().unwrap());
    let bot = Identity {
        secret: Some(PlayerSecret::from_bytes([7; 32])),
        bot: true,
        ..Identity::default()
    };
    let key = bot.key().unwrap();
    let server = tokio::spawn(async move {
        let mut socket = greeted(&listener).await;
        let watch = next_message(&mut socket).await;
        assert!(
            matches!(
                watch,
                ClientMessage::WatchChallenges {
                    bot_declaration: Some(_),
                    ..
                }
            ),
            "declared a bot's: {watch:?}"
        );
        let none = ServerMessage::Challenges {
            waiting: Vec::new(),
            sent: Vec::new(),
            from: mice_cake_protocol::ChallengesFrom::Everyone,
        };
        say(&mut socket, &none).await;
        let quiet = tokio::time::timeout(Duration::from_millis(300), next_message(&mut socket));
        assert!(quiet.await.is_err(), "nothing to accept yet");
        for id in ["CCCC222222", "DDDD333333"] {
            let challenge = challenge(id, bea(), key);
            say(&mut socket, &ServerMessage::Challenged { challenge }).await;
            let accept = next_message(&mut socket).await;
            assert_eq!(
                accept,
                ClientMessage::AcceptChallenge {
                    id: id.parse().unwrap()
                }
            );
            if id == "CCCC222222" {
                let gone = ServerMessage::Error {
                    code: ErrorCode::UnknownChallenge,
                    message: "no such challenge is waiting for you".into(),
                    args: Default::default(),
                };
                say(&mut socket, &gone).await;
            }
        }
    });
    let entry = Entry::Accept {
        id: None,
        wait: true,
    };
    let _session = connect(&url, "Ann (greedy bot)", entry, None, bot)
        .await
        .unwrap();
    tokio::time::timeout(Duration::from_secs(10), server)
        .await
        .expect("accepted in time")
        .unwrap();
}

/// Accepted, then the connection cut before the seat was taken: coming
/// back, the client asks the challenge's room for its seat by key, as
/// after a pairing.
#[tokio::test]
async fn a_drop_after_the_accept_asks_the_room_for_the_seat() {
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let url = format!("ws://{}", listener.local_addr().unwrap());
    let key = ann().key().unwrap();
    let code: RoomCode = "K7QMX".parse().unwrap();
    let server = tokio::spawn(async move {
        let mut first = greeted(&listener).await;
        assert!(matches!(
            next_message(&mut first).await,
            ClientMessage::WatchChallenges { .. }
        ));
        let waiting = challenge("K7M2QX9PHT", bea(), key);
        let id = waiting.id;
        let told = ServerMessage::Challenges {
            waiting: vec![waiting],
            sent: Vec::new(),
            from: mice_cake_protocol::ChallengesFrom::Everyone,
        };
        say(&mut first, &told).await;
        assert_eq!(
            next_message(&mut first).await,
            ClientMessage::AcceptChallenge { id }
        );
        let accepted = ServerMessage::ChallengeEnded {
            id,
            end: mice_cake_protocol::ChallengeEnd::Accepted { code },
        };
        say(&mut first, &accepted).await;
        assert!(matches!(
            next_message(&mut first).await,
            ClientMessage::JoinRoom { .. }
        ));
        drop(first);
        let (mut second, welcomed_with) = welcomed(&listener).await;
        let again = next_message(&mut second).await;
        assert!(proven_here(&again, Some(key), welcomed_with), "{again:?}");
        assert!(
            matches!(again, ClientMessage::JoinRoom { code: asked, .. } if asked == code),
            "{again:?}"
        );
    });
    let entry = Entry::Accept {
        id: None,
        wait: false,
    };
    let _session = connect(&url, "Ann", entry, None, ann()).await.unwrap();
    tokio::time::timeout(Duration::from_secs(20), server)
        .await
        .expect("came back in time")
        .unwrap();
}

/// A challenge's game called off (the other never took their seat) ends
/// the run: nothing is sought again, there being no queue.
#[tokio::test]
async fn a_challenges_game_called_off_ends_the_run() {
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let url = format!("ws://{}", listener.local_addr().unwrap());
    let key = ann().key().unwrap();
    let room = crate::fixture::FakeRoom::new(Some(Seat::Yellow), 3);
    let joined = room.joined();
    let code: RoomCode = "K7QMX".parse().unwrap();
    let server = tokio::spawn(async move {
        let mut socket = greeted(&listener).await;
        let _ = next_message(&mut socket).await;
        let challenge = challenge("K7M2QX9PHT", key, bea());
        let id = challenge.id;
        say(&mut socket, &ServerMessage::ChallengeSent { challenge }).await;
        let accepted = ServerMessage::ChallengeEnded {
            id,
            end: mice_cake_protocol::ChallengeEnd::Accepted { code },
        };
        say(&mut socket, &accepted).await;
        let _ = next_message(&mut socket).await;
        say(&mut socket, &joined).await;
        let unpaired = ServerMessage::Unpaired {
            code,
            reason: "the challenge's game is called off".into(),
            requeued: false,
            challenge: Some(id),
        };
        say(&mut socket, &unpaired).await;
        // Nothing sought: the connection ends (a `watch_challenges` may
        // come before, the player back in no room).
        let sought = tokio::time::timeout(Duration::from_millis(300), async {
            while let Some(Ok(frame)) = socket.next().await {
                if let Message::Text(text) = frame
                    && text.contains("\"seek\"")
                {
                    return true;
                }
            }
            false
        })
        .await;
        assert!(!matches!(sought, Ok(true)), "nothing sought");
    });
    let entry = Entry::Challenge {
        to: bea(),
        options: RoomOptions::default(),
    };
    let mut session = connect(&url, "Ann", entry, None, ann()).await.unwrap();
    let (_, closed) = until_closed(&mut session).await;
    let closed = closed.unwrap();
    assert!(closed.contains("room K7QMX closed"), "{closed}");
    server.await.unwrap();
}

/// The challenge made was accepted while the connection was down (its
/// `challenge_ended` lost): coming back, the client finds it no longer
/// waiting, asks the server's API how it ended, and takes its seat.
#[tokio::test]
async fn a_challenge_accepted_while_away_is_learnt_from_the_api() {
    use tokio::io::{AsyncReadExt as _, AsyncWriteExt as _};
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let url = format!("ws://{}", listener.local_addr().unwrap());
    let key = ann().key().unwrap();
    let code: RoomCode = "K7QMX".parse().unwrap();
    let server = tokio::spawn(async move {
        let mut first = greeted(&listener).await;
        let _ = next_message(&mut first).await;
        let made = challenge("K7M2QX9PHT", key, bea());
        let id = made.id;
        say(
            &mut first,
            &ServerMessage::ChallengeSent {
                challenge: made.clone(),
            },
        )
        .await;
        drop(first);
        let mut second = greeted(&listener).await;
        let watch = next_message(&mut second).await;
        assert!(
            matches!(watch, ClientMessage::WatchChallenges { .. }),
            "{watch:?}"
        );
        let none = ServerMessage::Challenges {
            waiting: Vec::new(),
            sent: Vec::new(),
            from: mice_cake_protocol::ChallengesFrom::Everyone,
        };
        say(&mut second, &none).await;
        // The API, asked on a connection of its own.
        let (mut http, _) = listener.accept().await.unwrap();
        let mut request = vec![0; 4096];
        let read = http.read(&mut request).await.unwrap();
        let request = String::from_utf8_lossy(&request[..read]).into_owned();
        assert!(
            request.starts_with(&format!("GET /api/challenges/{id} ")),
            "{request}"
        );
        let status = mice_cake_protocol::ChallengeStatus {
            challenge: mice_cake_protocol::Challenge {
                expires_in_ms: 0,
                ..made
            },
            end: Some(mice_cake_protocol::ChallengeEnd::Accepted { code }),
        };
        let body = serde_json::to_string(&status).unwrap();
        let answer = format!(
            "HTTP/1.1 200 OK\r\ncontent-type: application/json\r\ncontent-length: {}\r\nconnection: close\r\n\r\n{body}",
            body.len()
        );
        http.write_all(answer.as_bytes()).await.unwrap();
        let join = next_message(&mut second).await;
        assert!(
            matches!(join, ClientMessage::JoinRoom { code: asked, key: Some(_), .. } if asked == code),
            "{join:?}"
        );
    });
    let entry = Entry::Challenge {
        to: bea(),
        options: RoomOptions::default(),
    };
    let _session = connect(&url, "Ann", entry, None, ann()).await.unwrap();
    tokio::time::timeout(Duration::from_secs(20), server)
        .await
        .expect("seated in time")
        .unwrap();
}

/// Too many challenges made lately: the refusal is final at once (the
/// client does not try again and again, each try counted).
#[tokio::test]
async fn a_challenge_refused_for_coming_too_often_is_not_made_again() {
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let url = format!("ws://{}", listener.local_addr().unwrap());
    let server = tokio::spawn(async move {
        let mut socket = greeted(&listener).await;
        let _ = next_message(&mut socket).await;
        let refusal = ServerMessage::Error {
            code: ErrorCode::RateLimited,
            message: "too many challenges".into(),
            args: [(
                "reason".to_owned(),
                mice_cake_protocol::RefusalArg::from("challenges"),
            )]
            .into_iter()
            .collect(),
        };
        say(&mut socket, &refusal).await;
        let again = tokio::time::timeout(Duration::from_secs(2), listener.accept()).await;
        assert!(again.is_err(), "the client came back");
    });
    let entry = Entry::Challenge {
        to: bea(),
        options: RoomOptions::default(),
    };
    let mut session = connect(&url, "Ann", entry, None, ann()).await.unwrap();
    let (_, closed) = until_closed(&mut session).await;
    assert_eq!(
        closed.as_deref(),
        Some("Too many challenges made lately. Wait a minute.")
    );
    server.await.unwrap();
}

/// A person admitted in a room hears of challenges made to them: the
/// connection asks once, proven, and the answer (which admits too) does
/// not make it ask again — as the cluster's tests found, a loop of asks
/// that the server's rate then refused.
#[tokio::test]
async fn a_player_in_a_room_watches_their_challenges_once_a_connection() {
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let url = format!("ws://{}", listener.local_addr().unwrap());
    let room = crate::fixture::FakeRoom::new(Some(Seat::Yellow), 3);
    let joined = room.joined();
    let server = tokio::spawn(async move {
        let (mut socket, challenge) = welcomed(&listener).await;
        assert!(matches!(
            next_message(&mut socket).await,
            ClientMessage::CreateRoom { .. }
        ));
        say(&mut socket, &joined).await;
        let watch = next_message(&mut socket).await;
        assert!(
            matches!(watch, ClientMessage::WatchChallenges { .. }),
            "{watch:?}"
        );
        assert!(proven_here(&watch, ann().key(), challenge));
        let answer = ServerMessage::Challenges {
            waiting: Vec::new(),
            sent: Vec::new(),
            from: mice_cake_protocol::ChallengesFrom::Everyone,
        };
        say(&mut socket, &answer).await;
        let again = tokio::time::timeout(Duration::from_millis(400), next_message(&mut socket));
        assert!(again.await.is_err(), "asked once");
    });
    let session = connect(
        &url,
        "Ann",
        Entry::Create(RoomOptions::default()),
        None,
        ann(),
    )
    .await
    .unwrap();
    server.await.unwrap();
    drop(session);
}

/// A bot with a card describes itself once its greeting is answered, with
/// the card signed by its key; coming back after a drop, it does not
/// again (the server keeps the card).
#[tokio::test]
async fn a_bot_describes_itself_once_its_greeting_is_answered_and_once_only() {
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let url = format!("ws://{}", listener.local_addr().unwrap());
    let card = mice_cake_protocol::bots::BotCard {
        engine: "pips".into(),
        version: "1.0".into(),
        author: "Ada".into(),
        note: "counts the pips".into(),
    };
    let bot = Identity {
        secret: Some(PlayerSecret::from_bytes([7; 32])),
        bot: true,
        card: Some(card.clone()),
    };
    let key = bot.key().unwrap();
    let none = ServerMessage::Challenges {
        waiting: Vec::new(),
        sent: Vec::new(),
        from: mice_cake_protocol::ChallengesFrom::Everyone,
    };
    let server = tokio::spawn(async move {
        let mut first = greeted(&listener).await;
        assert!(matches!(
            next_message(&mut first).await,
            ClientMessage::WatchChallenges { .. }
        ));
        // Nothing before the greeting's answer: a refusal then is the
        // greeting's.
        let quiet = tokio::time::timeout(Duration::from_millis(200), next_message(&mut first));
        assert!(quiet.await.is_err(), "the card waits for the answer");
        say(&mut first, &none).await;
        match next_message(&mut first).await {
            ClientMessage::DescribeBot {
                key: described,
                bot_declaration,
                card: sent,
                at_ms,
                signature,
            } => {
                assert_eq!((described, &sent), (key, &card));
                assert!(mice_cake_engine::signing::check_bot(key, bot_declaration));
                assert!(mice_cake_engine::signing::check_bot_card(
                    key,
                    sent.text(),
                    at_ms,
                    signature
                ));
            }
            other => panic!("expected describe_bot, got {other:?}"),
        }
        drop(first);
        let mut again = greeted(&listener).await;
        assert!(matches!(
            next_message(&mut again).await,
            ClientMessage::WatchChallenges { .. }
        ));
        say(&mut again, &none).await;
        let quiet = tokio::time::timeout(Duration::from_millis(300), next_message(&mut again));
        assert!(quiet.await.is_err(), "described once");
    });
    let entry = Entry::Accept {
        id: None,
        wait: true,
    };
    let _session = connect(&url, "Ann (pips)", entry, None, bot).await.unwrap();
    tokio::time::timeout(Duration::from_secs(10), server)
        .await
        .expect("described in time")
        .unwrap();
}

/// As the nemesis found: an arena player whose room moved to another node
/// during the deal had its deal seal come too late; the arena paused it
/// (`deal_not_sealed`) and its pairing was called off. The client seals a
/// deal by itself, so the seal was lost on the way: it joins the arena
/// again at once, once for each such pause, rather than wait unpaired
/// until the arena ends.
#[tokio::test]
async fn an_arena_player_whose_deal_seal_was_lost_joins_the_arena_again() {
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let url = format!("ws://{}", listener.local_addr().unwrap());
    let arena: ArenaId = "K7M2QX9P".parse().unwrap();
    let server = tokio::spawn(async move {
        let is_join = |message: &ClientMessage| matches!(message, ClientMessage::JoinArena { arena: asked, .. } if *asked == arena);
        let mut socket = greeted(&listener).await;
        let join = next_message(&mut socket).await;
        assert!(is_join(&join), "{join:?}");
        let paused = ServerMessage::ArenaPaused {
            arena,
            reason: "your deal was not sealed in time: join again to be paired".into(),
            cause: mice_cake_protocol::ArenaPauseCause::DealNotSealed,
        };
        say(&mut socket, &paused).await;
        let again = next_but_watching(&mut socket).await;
        assert!(is_join(&again), "joins the arena again: {again:?}");
        let quiet =
            tokio::time::timeout(Duration::from_millis(300), next_but_watching(&mut socket));
        assert!(quiet.await.is_err(), "once for one pause: no loop");
    });
    let entry = Entry::Arena {
        id: arena,
        join_code: None,
    };
    let _session = connect(&url, "Ann", entry, None, ann()).await.unwrap();
    tokio::time::timeout(Duration::from_secs(20), server)
        .await
        .expect("the client joined the arena again in time")
        .unwrap();
}

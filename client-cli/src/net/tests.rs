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
        | ClientMessage::JoinArena { key_proof, .. } => *key_proof,
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
    };
    let seek = Seek {
        pool: None,
        deadline_ms: None,
        rated: true,
        bot_after_ms: None,
        ask_before_bot: false,
    };
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
        let quiet = tokio::time::timeout(Duration::from_millis(300), next_message(&mut second));
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
        let quiet = tokio::time::timeout(Duration::from_millis(300), next_message(&mut second));
        assert!(quiet.await.is_err(), "one join a game: no loop");
    });
    let identity = Identity {
        secret: Some(PlayerSecret::from_bytes([7; 32])),
        bot: false,
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
    let seek = Seek {
        pool: None,
        deadline_ms: None,
        rated: false,
        bot_after_ms: None,
        ask_before_bot: false,
    };
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
        };
        say(&mut second, &unpaired).await;
        let then = next_message(&mut second).await;
        assert!(
            matches!(then, ClientMessage::Seek { .. }),
            "seeks again: {then:?}"
        );
    });
    let seek = Seek {
        pool: None,
        deadline_ms: None,
        rated: false,
        bot_after_ms: None,
        ask_before_bot: false,
    };
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
            tokio::time::timeout(Duration::from_millis(500), next_message(&mut socket)).await;
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
    };
    let seek = Seek {
        pool: None,
        deadline_ms: None,
        rated: true,
        bot_after_ms: None,
        ask_before_bot: true,
    };
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

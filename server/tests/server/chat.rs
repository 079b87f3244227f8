//! Chat: the players' channel reaches everyone, the spectators' channel
//! spectators (and players who ask), text is cleaned and limited, rates
//! are kept, a flood never slows a room, and the record keeps chat only
//! when the room says so.

use std::time::Duration;

use mice_cake_engine::{Policy, Seat};
use mice_cake_protocol::{
    ChatChannel, ClientMessage, ErrorCode, FinishedGame, RoomOptions, ServerMessage,
};

use crate::support::*;

async fn say(client: &mut Client, text: &str) {
    client
        .send(&ClientMessage::Chat { text: text.into() })
        .await;
}

/// The next chat line `client` receives: (channel, name, seat, text).
async fn heard(client: &mut Client) -> (ChatChannel, String, Option<Seat>, String) {
    match client
        .recv_until(|message| matches!(message, ServerMessage::Chat { .. }))
        .await
    {
        ServerMessage::Chat {
            channel,
            name,
            seat,
            text,
            ..
        } => (channel, name, seat, text),
        _ => unreachable!(),
    }
}

/// Whether `client` receives a chat line within a short while.
async fn hears_nothing(client: &mut Client) -> bool {
    let wait = tokio::time::Instant::now() + Duration::from_millis(300);
    loop {
        let left = wait.saturating_duration_since(tokio::time::Instant::now());
        match client.try_recv(left).await {
            None => return true,
            Some(ServerMessage::Chat { .. }) => return false,
            Some(_) => {}
        }
    }
}

#[tokio::test]
async fn players_chat_reaches_everyone_and_spectators_chat_only_who_reads_it() {
    let server = TestServer::default().await;
    let (code, mut ada, mut bea, _, _) = two_players(&server, RoomOptions::default()).await;
    let mut cy = Client::greeted(&server, "Cy").await;
    cy.watch(code).await;

    say(&mut ada, "good luck\n\u{202E}have fun").await;
    for client in [&mut ada, &mut bea, &mut cy] {
        assert_eq!(
            heard(client).await,
            (
                ChatChannel::Players,
                "Ada".into(),
                Some(Seat::Yellow),
                "good luck have fun".into()
            )
        );
    }
    // A spectator speaks on the spectators' channel: players do not hear
    // it unless they ask.
    say(&mut cy, "go Bea!").await;
    assert_eq!(
        heard(&mut cy).await,
        (ChatChannel::Spectators, "Cy".into(), None, "go Bea!".into())
    );
    assert!(hears_nothing(&mut ada).await);
    assert!(hears_nothing(&mut bea).await);
    bea.send(&ClientMessage::SpectatorChat { show: true }).await;
    say(&mut cy, "nice steal").await;
    assert_eq!(heard(&mut bea).await.3, "nice steal");
    assert!(hears_nothing(&mut ada).await);
    // Whoever enters gets the latest lines of what they read.
    let mut dee = Client::greeted(&server, "Dee").await;
    dee.watch(code).await;
    let mut backlog = Vec::new();
    for _ in 0..3 {
        backlog.push(heard(&mut dee).await.3);
    }
    assert_eq!(backlog, ["good luck have fun", "go Bea!", "nice steal"]);
}

/// The spectators' chat is off for a seat taken back, as for a seat taken
/// (`docs/protocol.md`): a player who asked for it on one connection does
/// not read it on the next until they ask again there.
#[tokio::test]
async fn a_seat_taken_back_reads_the_spectators_chat_only_once_it_asks_again() {
    let server = TestServer::default().await;
    let (code, _ada, mut bea, _, bea_token) = two_players(&server, RoomOptions::default()).await;
    let mut cy = Client::greeted(&server, "Cy").await;
    cy.watch(code).await;
    bea.send(&ClientMessage::SpectatorChat { show: true }).await;
    say(&mut cy, "before the drop").await;
    assert_eq!(heard(&mut cy).await.3, "before the drop");
    assert_eq!(heard(&mut bea).await.3, "before the drop");
    drop(bea);
    let mut again = Client::greeted(&server, "Bea").await;
    again.resume(bea_token, None).await;
    assert!(matches!(
        again.recv().await,
        ServerMessage::Joined {
            seat: Some(Seat::Blue),
            ..
        }
    ));
    // Neither in the backlog given with the seat, nor said from now on.
    assert!(hears_nothing(&mut again).await);
    say(&mut cy, "after the drop").await;
    assert_eq!(heard(&mut cy).await.3, "after the drop");
    assert!(hears_nothing(&mut again).await);
    again
        .send(&ClientMessage::SpectatorChat { show: true })
        .await;
    // Another spectator: Cy has said all the chat's rate lets one say.
    let mut dee = Client::greeted(&server, "Dee").await;
    dee.watch(code).await;
    say(&mut dee, "asked again").await;
    assert_eq!(heard(&mut again).await.3, "asked again");
}

#[tokio::test]
async fn bad_chat_is_refused_with_its_reason_and_rates_are_kept() {
    let server = TestServer::default().await;
    let (code, mut ada, _bea, _, _) = two_players(&server, RoomOptions::default()).await;
    say(&mut ada, " \u{200B}\n ").await;
    assert!(
        ada.expect_error(ErrorCode::BadChat)
            .await
            .contains("needs some text")
    );
    say(&mut ada, &"x".repeat(201)).await;
    assert!(ada.expect_error(ErrorCode::BadChat).await.contains("200"));
    // One a second on average, bursts of two: the third at once is refused.
    for text in ["one", "two"] {
        say(&mut ada, text).await;
        assert_eq!(heard(&mut ada).await.3, text);
    }
    say(&mut ada, "three").await;
    let message = ada.expect_error(ErrorCode::RateLimited).await;
    assert!(message.contains("chat"), "{message}");
    // Outside a room there is nobody to talk to.
    let mut lone = Client::greeted(&server, "Lone").await;
    say(&mut lone, "hello?").await;
    lone.expect_error(ErrorCode::NotInRoom).await;
    // A spectator flood is held to the room's rate for spectators' chat.
    let mut crowd = Vec::new();
    for index in 0..6 {
        let mut spectator = Client::greeted(&server, &format!("S{index}")).await;
        spectator.watch(code).await;
        crowd.push(spectator);
    }
    for spectator in &mut crowd {
        say(spectator, "flood").await;
    }
    let mut refused = 0;
    for spectator in &mut crowd {
        while let Some(message) = spectator.try_recv(Duration::from_millis(300)).await {
            if let ServerMessage::Error { code, .. } = message {
                assert_eq!(code, ErrorCode::RateLimited);
                refused += 1;
            }
        }
    }
    assert!(refused >= 2, "the room's spectator chat kept no rate");
}

#[tokio::test]
async fn a_flood_of_chat_never_slows_the_room_nor_disconnects_a_slow_reader() {
    // The players read nothing while forty spectators come in: their
    // clients seal the deal's nonces only then, which takes longer than the
    // tests' usual 100 ms on a loaded machine (the server would make them).
    let server = PipedServer::start(|config| config.deal_timeout = Duration::from_secs(10)).await;
    let roomy = 1 << 20;
    let mut ada = server.greeted("Ada", roomy).await;
    let (code, _, _) = ada.create(quick_games()).await;
    let mut bea = server.greeted("Bea", roomy).await;
    bea.join(code).await;
    // A spectator that reads slowly: a small pipe it reads only at the end.
    let mut slow = server.greeted("Slow", roomy).await;
    slow.watch(code).await;
    // Forty spectators chatter as fast as they may while the game is played.
    let mut chatter = Vec::new();
    for index in 0..40 {
        let mut spectator = server.greeted(&format!("C{index}"), roomy).await;
        spectator.watch(code).await;
        chatter.push(tokio::spawn(async move {
            for _ in 0..10 {
                say(&mut spectator, "blah blah").await;
                tokio::time::sleep(Duration::from_millis(20)).await;
            }
            spectator
        }));
    }
    let yellow = tokio::spawn(play(ada, Seat::Yellow, Policy::Greedy, 1));
    let blue = tokio::spawn(play(bea, Seat::Blue, Policy::Random, 2));
    let (yellow, blue) = (yellow.await.unwrap(), blue.await.unwrap());
    assert_eq!(yellow.result, blue.result);
    for spectator in chatter {
        spectator.await.unwrap();
    }
    // The slow spectator is still there: chat was left out for it rather
    // than costing it the connection.
    slow.send(&ClientMessage::ListRooms).await;
    slow.recv_until(|message| matches!(message, ServerMessage::RoomList { .. }))
        .await;
}

#[tokio::test]
async fn a_finished_game_keeps_its_chat_only_when_the_room_records_it() {
    let server = TestServer::default().await;
    for record_chat in [true, false] {
        let options = RoomOptions {
            record_chat,
            ..quick_games()
        };
        let (code, mut ada, bea, _, _) = two_players(&server, options).await;
        let mut cy = Client::greeted(&server, "Cy").await;
        cy.watch(code).await;
        // Said as the game begins (the players' clients read on in `play`).
        say(&mut ada, "gl hf").await;
        say(&mut cy, "watching!").await;
        heard(&mut cy).await;
        let yellow = tokio::spawn(play(ada, Seat::Yellow, Policy::Greedy, 1));
        let blue = tokio::spawn(play(bea, Seat::Blue, Policy::Greedy, 2));
        let (yellow, _) = (yellow.await.unwrap(), blue.await.unwrap());
        let game: FinishedGame = server
            .get_json(&format!("/api/games/{}", yellow.game_id))
            .await;
        let said: Vec<(ChatChannel, &str)> = game
            .chat
            .iter()
            .map(|line| (line.channel, line.text.as_str()))
            .collect();
        if record_chat {
            assert_eq!(
                said,
                [
                    (ChatChannel::Players, "gl hf"),
                    (ChatChannel::Spectators, "watching!")
                ]
            );
        } else {
            assert!(said.is_empty(), "{said:?}");
        }
    }
}

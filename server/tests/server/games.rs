//! Whole games over real sockets: players, spectators, records, bots, rematches.

use mice_cake_engine::{Policy, Seat};
use mice_cake_protocol::{
    ClientMessage, DEFAULT_DEADLINE_MS, Ending, FinishedGame, RoomEvent, RoomOptions, RoomStatus,
    ServerMessage,
};

use crate::support::*;

#[tokio::test]
async fn two_players_play_a_whole_game_and_a_spectator_sees_the_same_end() {
    let server = TestServer::default().await;
    let (code, yellow, blue, _, _) = two_players(&server, RoomOptions::default()).await;
    let mut spectator = Client::greeted(&server, "Cy").await;
    let state = spectator.watch(code).await;
    assert_eq!(state.status, RoomStatus::Playing);
    assert!(state.you.is_none());

    let yellow = tokio::spawn(play(yellow, Seat::Yellow, Policy::Greedy, 1));
    let blue = tokio::spawn(play(blue, Seat::Blue, Policy::Random, 2));
    let watched = tokio::spawn(watch_to_the_end(spectator));
    let (yellow, blue, watched) = (
        yellow.await.unwrap(),
        blue.await.unwrap(),
        watched.await.unwrap(),
    );

    assert_eq!(yellow.result, blue.result);
    assert_eq!(yellow.result, watched.result);
    assert_eq!(yellow.game_id, watched.game_id);
    assert!(matches!(yellow.result.ending, Ending::Played { .. }));

    // The finished game is served with its record, which replays to the same score.
    let game: FinishedGame = server
        .get_json(&format!("/api/games/{}", yellow.game_id))
        .await;
    assert_eq!(game.players.yellow, "Ada");
    assert_eq!(game.players.blue, "Bea");
    assert_eq!(game.result, yellow.result);
    // The room's time per round: the server's default, as the room chose none.
    assert_eq!(game.deadline_ms, Some(DEFAULT_DEADLINE_MS));
    // Sealed play: the record proves the deal, every die and every move.
    assert!(game.record.as_ref().unwrap().is_sealed());
    let replayed = game.record.as_ref().unwrap().replay().unwrap();
    let outcome = replayed.outcome().unwrap();
    assert_eq!(outcome.score, yellow.result.score);
    assert_eq!(outcome.winner, yellow.result.winner);

    // Everything sent is valid against the published schema: every frame
    // each member received, the finished game with its record, the pages.
    for played in [&yellow, &blue, &watched] {
        for frame in &played.frames {
            assert_schema_valid("ServerMessage", frame);
        }
    }
    let (_, body) = server.get(&format!("/api/games/{}", yellow.game_id)).await;
    assert_schema_valid("FinishedGame", &body);
    let (_, body) = server.get("/api/games?player=ada").await;
    assert_schema_valid("GamePage", &body);
    let (_, body) = server.get("/api/rooms").await;
    assert_schema_valid("RoomList", &body);
    let (_, body) = server.get("/healthz").await;
    assert_schema_valid("Health", &body);
}

#[tokio::test]
async fn a_spectator_joining_mid_game_gets_the_whole_state_and_everyone_sees_the_count() {
    let server = TestServer::default().await;
    let (code, yellow, blue, _, _) = two_players(&server, RoomOptions::default()).await;
    let mut yellow = Agent::new(yellow, Seat::Yellow, Policy::Greedy, 1);
    let mut blue = Agent::new(blue, Seat::Blue, Policy::Greedy, 2);
    for _ in 0..2 {
        tokio::join!(yellow.until_revealed(), blue.until_revealed());
    }
    let mut spectator = Client::greeted(&server, "Cy").await;
    let state = spectator.watch(code).await;
    assert_eq!(state.status, RoomStatus::Playing);
    let view = state.view.expect("a game is on");
    assert_eq!(view.round, 3);
    assert!(state.last_report.is_some());
    assert_eq!(state.missed_deadline_limit, 3);
    // Then every round so far, not only the last.
    let ServerMessage::History { game, rounds } = spectator.recv().await else {
        panic!("the rounds so far after joined");
    };
    assert_eq!(game, state.game);
    let numbers: Vec<u32> = rounds.iter().map(|played| played.report.round).collect();
    assert_eq!(numbers, [1, 2]);
    assert_eq!(Some(&rounds[1].report), state.last_report.as_deref());
    assert!(
        rounds
            .iter()
            .all(|played| !played.auto.yellow && !played.auto.blue)
    );
    assert_eq!(state.spectators, 1);
    assert!(state.players.yellow.is_some() && state.players.blue.is_some());
    // Both players are told there is one spectator now.
    for client in [&mut yellow.client, &mut blue.client] {
        client
            .recv_until(|m| matches!(m, ServerMessage::Event { event, .. } if **event == RoomEvent::Spectators { count: 1 }))
            .await;
    }
}

/// A finished game keeps the time per round of the room it was played in,
/// and none when the room had none.
#[tokio::test]
async fn a_finished_game_keeps_its_rooms_round_deadline() {
    let server = TestServer::default().await;
    for (deadline, kept) in [(Some(90_000), Some(90_000)), (Some(0), None)] {
        let mut human = Client::greeted(&server, "Solo").await;
        let options = RoomOptions {
            bot: Some(Policy::Greedy),
            deadline_ms: deadline,
            ..quick_games()
        };
        let (_, seat, _) = human.create(options).await;
        let played = play(human, seat, Policy::Random, 4).await;
        let game: FinishedGame = server
            .get_json(&format!("/api/games/{}", played.game_id))
            .await;
        assert_eq!(game.deadline_ms, kept, "a room with {deadline:?}");
    }
}

#[tokio::test]
async fn a_room_against_a_server_bot_plays_to_the_end() {
    let server = TestServer::default().await;
    let played = play_against_the_bot(&server, Policy::Random, 3).await;
    let game: FinishedGame = server
        .get_json(&format!("/api/games/{}", played.game_id))
        .await;
    assert_eq!(game.players.blue, "greedy bot");
    assert!(game.record.as_ref().unwrap().replay().is_ok());
    // Each round the bot's move shows as its seal alone (made by the
    // server), before the reveal that carries its assignment.
    let mut bot_committed = false;
    let mut reveals = 0;
    for (message, _) in one_by_one(&played.client.received) {
        if let ServerMessage::Event { event, .. } = message {
            match *event {
                RoomEvent::RoundStarted { .. } => bot_committed = false,
                RoomEvent::Sealed {
                    seat: Seat::Blue,
                    round,
                    by_server: true,
                    ..
                } if round > 0 => bot_committed = true,
                RoomEvent::Revealed { .. } => {
                    assert!(
                        bot_committed,
                        "the bot's commit was announced before the reveal"
                    );
                    reveals += 1;
                }
                _ => {}
            }
        }
    }
    assert_eq!(reveals, game.record.as_ref().unwrap().rounds.len());
}

#[tokio::test]
async fn a_rematch_starts_a_new_game_with_seats_swapped_and_spectators_stay() {
    let server = TestServer::default().await;
    let options = quick_games();
    let (code, yellow, blue, _, _) = two_players(&server, options).await;
    let mut spectator = Client::greeted(&server, "Cy").await;
    spectator.watch(code).await;
    let yellow = tokio::spawn(play(yellow, Seat::Yellow, Policy::Random, 4));
    let blue = tokio::spawn(play(blue, Seat::Blue, Policy::Random, 5));
    let (mut ada, mut bea) = (yellow.await.unwrap().client, blue.await.unwrap().client);
    ada.send(&ClientMessage::Rematch).await;
    bea.send(&ClientMessage::Rematch).await;
    // Ada was Yellow; now she is Blue.
    let ServerMessage::State { state } = ada
        .recv_until(|m| matches!(m, ServerMessage::State { .. }))
        .await
    else {
        unreachable!()
    };
    // She learns it before the new game's first event.
    assert_eq!(state.you, Some(Seat::Blue));
    assert_eq!(state.game, 1);
    assert_eq!(state.players.blue.as_ref().unwrap().name, "Ada");
    assert_eq!(state.game_ids.len(), 1);
    ada.recv_until(|m| matches!(m, ServerMessage::Event { event, .. } if matches!(**event, RoomEvent::GameStarted { game: 2, .. })))
        .await;
    // The spectator is still there and sees the new game start.
    spectator
        .recv_until(|m| matches!(m, ServerMessage::Event { event, .. } if matches!(**event, RoomEvent::GameStarted { game: 2, .. })))
        .await;
}

/// Whether `message` is the event `wanted` says it is.
fn is_event(message: &ServerMessage, wanted: impl Fn(&RoomEvent) -> bool) -> bool {
    matches!(message, ServerMessage::Event { event, .. } if wanted(event))
}

/// The event numbers of the events among `frames`.
fn event_seqs(frames: &[String]) -> Vec<u64> {
    one_by_one(frames)
        .into_iter()
        .filter_map(|(message, _)| match message {
            ServerMessage::Event { seq, .. } => Some(seq),
            _ => None,
        })
        .collect()
}

/// Matches round 1's `sealed` event of `seat`.
fn sealed_in_round_one(seat: Seat) -> impl Fn(&ServerMessage) -> bool {
    move |m| {
        is_event(
            m,
            |e| matches!(e, RoomEvent::Sealed { round: 1, seat: s, .. } if *s == seat),
        )
    }
}

/// A room on a server with a minute to open (and `configure`d), a
/// spectator watching it from the start, and round 1 under way with
/// Yellow's move sealed and its client holding the opening back. Returns
/// the room, the players, the spectator and round 1's cake.
async fn watched_with_yellow_holding_back(
    configure: impl FnOnce(&mut mice_cake_server::Config),
) -> (
    TestServer,
    mice_cake_protocol::RoomCode,
    Client,
    Client,
    Client,
    mice_cake_engine::GameView,
) {
    let server = TestServer::start(|config| {
        config.open_timeout = std::time::Duration::from_secs(60);
        configure(config);
    })
    .await;
    let (code, mut yellow, mut blue, _, _) = two_players(&server, RoomOptions::default()).await;
    let mut spectator = Client::greeted(&server, "Cy").await;
    spectator.watch(code).await;
    let (view, _) = tokio::join!(yellow.until_round(1), blue.until_round(1));
    yellow.sealing.automatic = false;
    yellow
        .commit(1, mice_cake_engine::greedy_assignment(&view, Seat::Yellow))
        .await;
    (server, code, yellow, blue, spectator, view)
}

#[tokio::test]
async fn spectators_get_a_round_s_seals_with_its_openings_in_order_and_newcomers_no_twice() {
    // A hold longer than the test: only the openings (or a newcomer) let
    // the spectators' events go.
    let (server, code, mut yellow, mut blue, mut early, view) =
        watched_with_yellow_holding_back(|config| {
            config.spectator_hold = std::time::Duration::from_secs(10);
        })
        .await;
    // One seal in: the players see it; the spectators, who saw the round
    // start, wait for the rest of it.
    early
        .recv_until(|m| is_event(m, |e| matches!(e, RoomEvent::RoundStarted { round: 1, .. })))
        .await;
    blue.recv_until(sealed_in_round_one(Seat::Yellow)).await;
    blue.commit(1, mice_cake_engine::greedy_assignment(&view, Seat::Blue))
        .await;
    // Both in: the players see it (Blue opens), the spectators still wait.
    yellow.recv_until(sealed_in_round_one(Seat::Blue)).await;
    blue.recv_until(sealed_in_round_one(Seat::Blue)).await;
    while let Some(message) = early.try_recv(std::time::Duration::from_millis(300)).await {
        // The spectator count, announced a while after watching, may
        // come before Blue's seal.
        assert!(
            is_event(&message, |e| matches!(e, RoomEvent::Spectators { .. })),
            "a spectator got {message:?} while the moves were being sealed and opened"
        );
    }
    // Someone starts watching: those watching get what came before the
    // newcomer's state, which the newcomer does not get again.
    let mut late = Client::greeted(&server, "Dee").await;
    let state = late.watch(code).await;
    assert_eq!(
        state.committed,
        mice_cake_engine::Seated {
            yellow: true,
            blue: true
        }
    );
    early.recv_until(sealed_in_round_one(Seat::Yellow)).await;
    early.recv_until(sealed_in_round_one(Seat::Blue)).await;
    // Yellow opens: the reveal reaches both.
    let (round, opening) = yellow.sealing.pending.expect("Yellow's sealed move");
    yellow
        .send(&ClientMessage::Open {
            round,
            assignment: Some(opening.assignment),
            nonce: opening.nonce,
        })
        .await;
    let revealed = |m: &ServerMessage| is_event(m, |e| matches!(e, RoomEvent::Revealed { .. }));
    early.recv_until(revealed).await;
    late.recv_until(revealed).await;
    let early_seqs = event_seqs(&early.received);
    let late_seqs = event_seqs(&late.received);
    assert!(
        early_seqs.windows(2).all(|pair| pair[1] == pair[0] + 1),
        "{early_seqs:?}"
    );
    assert!(
        late_seqs.iter().all(|seq| *seq > state.seq),
        "{late_seqs:?} after {}",
        state.seq
    );
    assert!(
        late_seqs.windows(2).all(|pair| pair[1] == pair[0] + 1),
        "{late_seqs:?}"
    );
}

#[tokio::test]
async fn an_opening_that_never_comes_holds_spectators_back_only_briefly() {
    let (_server, _, _yellow, mut blue, mut spectator, view) =
        watched_with_yellow_holding_back(|_| {}).await;
    blue.commit(1, mice_cake_engine::greedy_assignment(&view, Seat::Blue))
        .await;
    // Yellow never opens (it has a minute): the spectator still learns
    // that both moves are sealed, well before.
    spectator.recv_until(sealed_in_round_one(Seat::Blue)).await;
}

/// `GET /api/matches/{id}`: an id that is not one is a 400, one no match
/// has a 404 `unknown_match` that names it (in either case, as stored).
#[tokio::test]
async fn a_match_asked_for_by_a_bad_or_unknown_id_is_refused_clearly() {
    use mice_cake_protocol::{ApiError, ErrorCode, RefusalArg};

    let server = TestServer::default().await;
    let refusal = |body: &str| -> ApiError {
        serde_json::from_str(body).unwrap_or_else(|error| panic!("{error}: {body}"))
    };
    for malformed in [
        "nonsense",
        "5f1e0c9a7b3d42e8a6c4b2d0f8e6a4c",
        "5f1e0c9a7b3d42e8a6c4b2d0f8e6a4cz",
        "0b9d6c0e-5d43-4f6b-9d0c-2c1f4e7a9b11",
    ] {
        let (status, body) = server.get(&format!("/api/matches/{malformed}")).await;
        assert_eq!(status, 400, "{malformed}: {body}");
        let error = refusal(&body);
        assert_eq!(error.code, ErrorCode::BadMessage);
        assert!(error.message.contains("is not a match id"), "{body}");
    }
    let unknown = "5f1e0c9a7b3d42e8a6c4b2d0f8e6a4c2";
    for asked in [unknown.to_owned(), unknown.to_ascii_uppercase()] {
        let (status, body) = server.get(&format!("/api/matches/{asked}")).await;
        assert_eq!(status, 404, "{body}");
        let error = refusal(&body);
        assert_eq!(error.code, ErrorCode::UnknownMatch);
        assert_eq!(error.args.get("match"), Some(&RefusalArg::from(unknown)));
        assert_eq!(error.args.get("reason"), Some(&RefusalArg::from("named")));
    }
    let (status, body) = server.get(&format!("/api/matches/{unknown}?full=1")).await;
    assert_eq!(status, 400, "{body}");
    assert!(body.contains("takes no parameters"), "{body}");
}

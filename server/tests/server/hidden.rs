//! Hidden information, checked on every message of whole games (and on the
//! server's log lines): a face-down piece is named to nobody before it turns
//! up, and an assignment reaches nobody but its author before the reveal.

use mice_cake_engine::{Assignment, Options, Policy, Reveal, Seat};
use mice_cake_protocol::{FinishedGame, GameId, RoomEvent, RoomOptions, ServerMessage};

use crate::leaks::{Known, check_frames, check_log};
use crate::support::*;

impl Known {
    /// What `server` recorded of game `id`.
    pub(crate) async fn of(server: &TestServer, id: GameId) -> Known {
        let game: FinishedGame = server.get_json(&format!("/api/games/{id}")).await;
        Known::from_game(&game)
    }
}

/// Splits a member's frames by game: the start of game 2, 3, … opens the
/// next.
fn by_game(frames: &[String]) -> Vec<Vec<String>> {
    let mut games: Vec<Vec<String>> = vec![Vec::new()];
    // Each message on its own: events sent together may end one game and
    // begin the next.
    for (message, text) in one_by_one(frames) {
        if let ServerMessage::Event { event, .. } = message
            && let RoomEvent::GameStarted { game, .. } = *event
            && game >= 2
        {
            games.push(Vec::new());
        }
        if let Some(game) = games.last_mut() {
            game.push(text);
        }
    }
    games
}

#[tokio::test]
async fn no_message_or_log_line_leaks_a_face_down_piece_or_an_uncommitted_assignment() {
    // The log of every server in this test binary.
    let lines = captured_logs();
    let server = TestServer::default().await;
    let mut all_assignments = Vec::new();
    let mut all_nonces = Vec::new();
    let variants = [
        Options::default(),
        Options {
            reveal: Reveal::AllFaceDown,
            ..Options::default()
        },
        Options {
            boost: true,
            ..Options::default()
        },
    ];
    for (index, game) in variants.into_iter().enumerate() {
        let seed = index as u64 * 10;
        let options = RoomOptions {
            game,
            ..RoomOptions::default()
        };
        let (code, yellow, blue, _, blue_token) = two_players(&server, options).await;
        let mut spectator = Client::greeted(&server, "Cy").await;
        spectator.watch(code).await;
        let mut yellow = Agent::new(yellow, Seat::Yellow, Policy::Greedy, seed);
        let mut blue = Agent::new(blue, Seat::Blue, Policy::Random, seed + 1);
        for _ in 0..3 {
            tokio::join!(yellow.until_revealed(), blue.until_revealed());
        }
        // Yellow's commit for round 4 is held; Blue has not committed. Now a
        // spectator comes in, and Blue reconnects: neither may see it.
        yellow.until_committed().await;
        let mut late = Client::greeted(&server, "Di").await;
        let state = late.watch(code).await;
        assert!(state.committed.yellow && !state.committed.blue);
        blue.reconnect(&server, blue_token).await;
        let (yellow, blue, spectator, late) = tokio::join!(
            yellow.play_out(),
            blue.play_out(),
            watch_to_the_end(spectator),
            watch_to_the_end(late),
        );
        let known = Known::of(&server, yellow.game_id).await;
        all_assignments.extend(known.assignments.iter().flat_map(|a| [a.yellow, a.blue]));
        all_nonces.extend(known.all_nonces());
        check_frames(&yellow.frames, Some(Seat::Yellow), &known, 0);
        check_frames(&blue.frames, Some(Seat::Blue), &known, 0);
        check_frames(&spectator.frames, None, &known, 0);
        // The late spectator came in after 3 rounds.
        check_frames(&late.frames, None, &known, 3);
    }
    check_log(&lines.text(), &all_assignments, &all_nonces);
}

#[tokio::test]
async fn nothing_leaks_in_a_bot_room_at_deadlines_across_a_rematch_and_a_forfeit() {
    let lines = captured_logs();
    let server = TestServer::default().await;
    let options = RoomOptions {
        bot: Some(Policy::Greedy),
        deadline_ms: Some(200),
        ..RoomOptions::default()
    };
    let mut human = Client::greeted(&server, "Solo").await;
    let (code, seat, _) = human.create(options).await;
    let mut spectator = Client::greeted(&server, "Cy").await;
    spectator.watch(code).await;
    // Game 1: the human lets the deadline commit in two rounds.
    let mut human = Agent::new(human, seat, Policy::Random, 7).skipping(&[2, 5]);
    while human.over.is_none() {
        human.step().await;
    }
    let (_, first) = human.over.take().unwrap();
    // Game 2, seats swapped: the human commits once, then leaves while the
    // bot's commit for round 2 is held.
    human
        .client
        .send(&mice_cake_protocol::ClientMessage::Rematch)
        .await;
    human.until_revealed().await;
    assert_eq!(human.seat, seat.opponent());
    human
        .client
        .recv_until(|m| matches!(m, ServerMessage::Event { event, .. } if matches!(**event, RoomEvent::Sealed { seat: sealed, round, .. } if sealed == seat && round > 0)))
        .await;
    human.client.leave().await;
    human
        .client
        .recv_until(|m| matches!(m, ServerMessage::Left { .. }))
        .await;
    let second = match spectator
        .recv_until(|m| matches!(m, ServerMessage::Event { event, .. } if matches!(**event, RoomEvent::GameOver { game_id, .. } if game_id != Some(first))))
        .await
    {
        ServerMessage::Event { event, .. } => match *event {
            RoomEvent::GameOver {
                game_id, result, ..
            } => {
                assert!(matches!(result.ending, mice_cake_protocol::Ending::Forfeit { .. }));
                game_id.expect("game 2 was dealt")
            }
            _ => unreachable!(),
        },
        _ => unreachable!(),
    };
    let (known_first, known_second) = (
        Known::of(&server, first).await,
        Known::of(&server, second).await,
    );
    assert_eq!(
        known_second.assignments.len(),
        1,
        "one round of game 2 was played"
    );
    let human_games = by_game(&human.client.received);
    let spectator_games = by_game(&spectator.received);
    assert_eq!((human_games.len(), spectator_games.len()), (2, 2));
    check_frames(&human_games[0], Some(seat), &known_first, 0);
    check_frames(&human_games[1], Some(seat.opponent()), &known_second, 0);
    check_frames(&spectator_games[0], None, &known_first, 0);
    check_frames(&spectator_games[1], None, &known_second, 0);
    let all: Vec<Assignment> = known_first
        .assignments
        .iter()
        .chain(&known_second.assignments)
        .flat_map(|a| [a.yellow, a.blue])
        .collect();
    let nonces: Vec<String> = known_first
        .all_nonces()
        .chain(known_second.all_nonces())
        .collect();
    check_log(&lines.text(), &all, &nonces);
}

//! Deadlines, automatic commits and forfeits (with short times, no long sleeps).

use std::time::Duration;

use mice_cake_engine::{GameView, Policy, Seat, greedy_assignment};
use mice_cake_protocol::{
    ClientMessage, Ending, ForfeitCause, GameResult, RoomEvent, RoomOptions, ServerMessage,
};

use crate::support::*;

fn fast(deadline_ms: u64) -> RoomOptions {
    RoomOptions {
        deadline_ms: Some(deadline_ms),
        ..RoomOptions::default()
    }
}

/// Reads up to the start of `round`; returns the view the round is played
/// on (`view`: the last one this client already read, if any).
async fn round_view(client: &mut Client, round: u32, view: Option<GameView>) -> GameView {
    client.until_round_after(round, view).await
}

/// Commits the first legal assignment (a forced one too: it carries the
/// player's nonce).
async fn commit_first_legal(client: &mut Client, seat: Seat, view: &GameView) {
    let legal = view.legal_assignments(seat);
    client.commit(view.round, legal[0]).await;
}

async fn next_reveal(
    client: &mut Client,
) -> (
    mice_cake_engine::RoundReport,
    mice_cake_engine::Seated<bool>,
    GameView,
) {
    match client
        .recv_until(|m| matches!(m, ServerMessage::Event { event, .. } if matches!(**event, RoomEvent::Revealed { .. })))
        .await
    {
        ServerMessage::Event { event, .. } => match *event {
            RoomEvent::Revealed {
                report, auto, view, ..
            } => (*report, auto, view),
            _ => unreachable!(),
        },
        _ => unreachable!(),
    }
}

async fn game_over(client: &mut Client) -> GameResult {
    match client
        .recv_until(|m| matches!(m, ServerMessage::Event { event, .. } if matches!(**event, RoomEvent::GameOver { .. })))
        .await
    {
        ServerMessage::Event { event, .. } => match *event {
            RoomEvent::GameOver { result, .. } => result,
            _ => unreachable!(),
        },
        _ => unreachable!(),
    }
}

#[tokio::test]
async fn at_the_deadline_the_server_commits_greedy_for_the_late_player_and_says_so() {
    let server = TestServer::default().await;
    let (_, mut yellow, mut blue, _, _) = two_players(&server, fast(300)).await;
    let view = round_view(&mut blue, 1, None).await;
    let yellow_view = round_view(&mut yellow, 1, None).await;
    commit_first_legal(&mut yellow, Seat::Yellow, &yellow_view).await;
    let started = std::time::Instant::now();
    // Yellow's client opens its move once the deadline has sealed Blue's.
    let ((report, auto, _), _) = tokio::join!(next_reveal(&mut blue), next_reveal(&mut yellow));
    assert!(started.elapsed() >= Duration::from_millis(200));
    assert!(auto.blue && !auto.yellow);
    assert_eq!(
        report.assignments.blue,
        greedy_assignment(&view, Seat::Blue)
    );
}

#[tokio::test]
async fn three_automatic_commits_in_a_row_forfeit_and_a_commit_resets_the_count() {
    let server = TestServer::start(|config| config.missed_deadlines = 3).await;
    let (_, mut yellow, mut blue, _, _) = two_players(&server, fast(150)).await;
    // Blue misses two deadlines, commits once, misses two more: no forfeit yet.
    let mut yellow_view = None;
    for (round, blue_commits) in (1..).zip([false, false, true, false, false]) {
        let view = round_view(&mut yellow, round, yellow_view).await;
        commit_first_legal(&mut yellow, Seat::Yellow, &view).await;
        if blue_commits {
            let view = round_view(&mut blue, round, None).await;
            commit_first_legal(&mut blue, Seat::Blue, &view).await;
        }
        // Whoever sealed reads on, to open.
        let (_, auto, after) = if blue_commits {
            tokio::join!(next_reveal(&mut yellow), next_reveal(&mut blue)).0
        } else {
            next_reveal(&mut yellow).await
        };
        yellow_view = Some(after);
        assert_eq!(auto.blue, !blue_commits, "round {round}");
    }
    // The third miss in a row ends the game.
    let view = round_view(&mut yellow, 6, yellow_view).await;
    commit_first_legal(&mut yellow, Seat::Yellow, &view).await;
    let result = game_over(&mut yellow).await;
    assert_eq!(
        result.ending,
        Ending::Forfeit {
            seat: Seat::Blue,
            cause: ForfeitCause::MissedDeadlines
        }
    );
    assert_eq!(result.winner, Some(Seat::Yellow));
}

#[tokio::test]
async fn a_disconnection_longer_than_the_grace_period_aborts_a_game_before_anyone_moved() {
    let server = TestServer::start(|config| {
        config.disconnect_grace = Duration::from_millis(300);
    })
    .await;
    let (_, mut yellow, blue, _, _) = two_players(&server, RoomOptions::default()).await;
    drop(blue);
    let result = game_over(&mut yellow).await;
    // Gone before both had a move: aborted, nobody wins (a later
    // disconnection is a loss: `ratings.rs`).
    assert_eq!(
        result.ending,
        Ending::Aborted {
            seat: Some(Seat::Blue),
            cause: ForfeitCause::Disconnected
        }
    );
    assert_eq!(result.winner, None);
    // The absent player loses the seat too: the room waits for another.
    yellow
        .recv_until(|m| matches!(m, ServerMessage::Event { event, .. } if **event == RoomEvent::PlayerLeft { seat: Seat::Blue }))
        .await;
    yellow.send(&ClientMessage::Rematch).await;
    yellow
        .expect_error(mice_cake_protocol::ErrorCode::WrongPhase)
        .await;
}

#[tokio::test]
async fn a_commit_for_a_round_that_is_over_is_refused_not_taken_for_the_next() {
    let server = TestServer::default().await;
    let (_, mut yellow, _, _, _) = two_players(&server, fast(150)).await;
    // Round 1 passes with nobody committing; round 2 opens.
    let view = round_view(&mut yellow, 2, None).await;
    let late = view.legal_assignments(Seat::Yellow)[0];
    yellow.commit(1, late).await;
    let message = yellow
        .expect_error(mice_cake_protocol::ErrorCode::WrongPhase)
        .await;
    assert!(message.contains("round 1 is over"), "{message}");
    yellow.commit(3, late).await;
    let message = yellow
        .expect_error(mice_cake_protocol::ErrorCode::WrongPhase)
        .await;
    assert!(message.contains("has not started"), "{message}");
}

#[tokio::test]
async fn when_both_players_miss_their_deadlines_the_game_is_abandoned_with_no_winner() {
    let server = TestServer::start(|config| config.missed_deadlines = 2).await;
    let (_, mut yellow, _, _, _) = two_players(&server, fast(100)).await;
    let result = game_over(&mut yellow).await;
    assert_eq!(
        result.ending,
        Ending::Abandoned {
            cause: ForfeitCause::MissedDeadlines
        }
    );
    assert_eq!(result.winner, None);
}

#[tokio::test]
async fn moves_the_deadline_made_are_marked_for_whoever_enters_later() {
    let server = TestServer::default().await;
    let (code, yellow, blue, _, _) = two_players(&server, fast(200)).await;
    // Blue lets the deadline play round 1; Yellow plays every round.
    let mut yellow = Agent::new(yellow, Seat::Yellow, Policy::Greedy, 1);
    let mut blue = Agent::new(blue, Seat::Blue, Policy::Greedy, 2).skipping(&[1]);
    for _ in 0..2 {
        tokio::join!(yellow.until_revealed(), blue.until_revealed());
    }
    let mut late = Client::greeted(&server, "Late").await;
    let state = late.watch(code).await;
    let mut rounds = Vec::new();
    while rounds.len() < 2 {
        if let ServerMessage::History { rounds: some, .. } = late.recv().await {
            rounds.extend(some);
        }
    }
    assert_eq!(rounds[0].report.round, 1);
    assert!(rounds[0].auto.blue, "the deadline played Blue's round 1");
    assert!(!rounds[0].auto.yellow);
    assert!(!rounds[1].auto.blue && !rounds[1].auto.yellow);
    // The count of deadlines missed in a row, and the limit, are in the state.
    assert_eq!(state.missed_deadline_limit, 3);
    assert_eq!(state.players.blue.unwrap().auto_commits, 0);
}

//! Hidden information, checked on every message of whole games (and on the
//! server's log lines): a face-down piece is named to nobody before it turns
//! up, and an assignment reaches nobody but its author before the reveal.

use mice_cake_engine::{
    Domino, DominoSet, Game, Layout, Options, Policy, Reveal, RngDice, Seat, Seed,
};
use mice_cake_protocol::{FinishedGame, RoomEvent, RoomOptions, ServerMessage};
use serde_json::Value;

use crate::support::*;

/// The face-down pieces after each number of rounds, from the record.
fn hidden_after_each_round(game: &FinishedGame) -> Vec<DominoSet> {
    let record = &game.record;
    let seed: Seed = record.seed.expect("server games have a seed");
    let mut rng = seed.rng();
    assert_eq!(Layout::shuffled(&mut rng), record.layout);
    let mut replay = Game::new(record.options, &record.layout).unwrap();
    let mut hidden = vec![replay.secret_face_down_pieces()];
    for round in &record.rounds {
        let (yellow, blue) = (&round.assignments.yellow, &round.assignments.blue);
        replay
            .resolve(yellow, blue, &mut RngDice(&mut rng))
            .unwrap();
        hidden.push(replay.secret_face_down_pieces());
    }
    hidden
}

fn names(text: &str, piece: Domino) -> bool {
    text.contains(&format!("\"{piece}\""))
}

/// Whether `value` holds an assignment (an object with `"mice"`) outside a
/// round report.
fn assignment_outside_reports(value: &Value) -> bool {
    match value {
        Value::Object(object) => {
            object.contains_key("mice")
                || object
                    .iter()
                    .filter(|(key, _)| !matches!(key.as_str(), "report" | "last_report"))
                    .any(|(_, value)| assignment_outside_reports(value))
        }
        Value::Array(values) => values.iter().any(assignment_outside_reports),
        _ => false,
    }
}

/// Checks every frame one member received. `seat` is the member's seat
/// (none for a spectator); `own` its commits, by round; `rounds_before` the
/// rounds played before it came in.
fn check_frames(
    frames: &[String],
    seat: Option<Seat>,
    own: &[(u32, mice_cake_engine::Assignment)],
    hidden: &[DominoSet],
    rounds_before: usize,
) {
    let mut revealed = rounds_before;
    for text in frames {
        let message: ServerMessage = serde_json::from_str(text).unwrap();
        // A reveal may show what its round turned up; anything else only
        // what was already up.
        let is_reveal = matches!(&message, ServerMessage::Event { event, .. } if matches!(**event, RoomEvent::Revealed { .. }));
        let hidden_now = hidden[(revealed + usize::from(is_reveal)).min(hidden.len() - 1)];
        for piece in hidden_now.iter() {
            assert!(
                !names(text, piece),
                "{seat:?} was told face-down {piece} after {revealed} reveals; hidden then {hidden_now:?}; sizes {:?}; {}",
                hidden.iter().map(|h| h.len()).collect::<Vec<_>>(),
                &text[..120.min(text.len())]
            );
        }
        match &message {
            ServerMessage::Event { event, .. } => {
                if let RoomEvent::Revealed { report, .. } = &**event {
                    // A round is revealed only once both are in: in order.
                    assert_eq!(report.round as usize, revealed + 1);
                    revealed += 1;
                } else {
                    let value = serde_json::to_value(&message).unwrap();
                    assert!(
                        !assignment_outside_reports(&value),
                        "{seat:?} saw an assignment: {text}"
                    );
                }
            }
            ServerMessage::CommitAccepted { round, assignment } => {
                let seat = seat.expect("a spectator never gets a commit back");
                assert!(
                    own.contains(&(*round, *assignment)),
                    "{seat} got back a commit it did not make: {text}"
                );
            }
            ServerMessage::Joined { state, .. } | ServerMessage::State { state } => {
                if let Some(commit) = state.your_commit {
                    let round = state.view.map_or(0, |view| view.round);
                    assert!(
                        seat.is_some() && own.contains(&(round, commit)),
                        "{seat:?} saw a commit: {text}"
                    );
                }
                let mut value = serde_json::to_value(state).unwrap();
                value["your_commit"] = Value::Null;
                assert!(
                    !assignment_outside_reports(&value),
                    "{seat:?} saw an assignment: {text}"
                );
            }
            other => {
                let value = serde_json::to_value(other).unwrap();
                assert!(
                    !assignment_outside_reports(&value),
                    "{seat:?} saw an assignment: {text}"
                );
            }
        }
    }
    assert!(revealed > rounds_before, "the game was played");
}

#[tokio::test]
async fn no_message_or_log_line_leaks_a_face_down_piece_or_an_uncommitted_assignment() {
    // The log of every server in this test binary.
    let lines = captured_logs();

    let server = TestServer::default().await;
    let mut all_assignments = Vec::new();
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
            watch_play_out(spectator),
            watch_play_out(late),
        );
        let game: FinishedGame = server
            .get_json(&format!("/api/games/{}", yellow.game_id))
            .await;
        let hidden = hidden_after_each_round(&game);
        for round in &game.record.rounds {
            all_assignments.extend([round.assignments.yellow, round.assignments.blue]);
        }
        let own = |seat: Seat| -> Vec<_> {
            game.record
                .rounds
                .iter()
                .map(|r| (r.round, r.assignments[seat]))
                .collect()
        };
        check_frames(
            &yellow.frames,
            Some(Seat::Yellow),
            &own(Seat::Yellow),
            &hidden,
            0,
        );
        check_frames(&blue.frames, Some(Seat::Blue), &own(Seat::Blue), &hidden, 0);
        check_frames(&spectator.frames, None, &[], &hidden, 0);
        // The late spectator came in after 3 rounds.
        check_frames(&late.frames, None, &[], &hidden, 3);
    }

    // The server's log lines name no piece and no assignment.
    let log = lines.text();
    assert!(log.contains("game over"), "the log was captured:\n{log}");
    for piece in Domino::ALL {
        assert!(
            !log.contains(&piece.to_string()),
            "the log names {piece}:\n{log}"
        );
    }
    for leak in ["assignment=", "Assignment {", "\"mice\"", "mice: ["] {
        assert!(
            !log.contains(leak),
            "the log holds an assignment ({leak}):\n{log}"
        );
    }
    for assignment in &all_assignments {
        let text = assignment.to_string();
        if text.contains(' ') {
            assert!(!log.contains(&text), "the log holds {text}:\n{log}");
        }
    }
}

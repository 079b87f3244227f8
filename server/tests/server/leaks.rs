//! Checks for hidden information in what members received and in what a
//! server logged: a face-down piece is named to nobody before it turns up,
//! and an assignment reaches nobody but its author before the reveal.
//!
//! It needs only the engine, the protocol and serde_json: the end-to-end
//! tests (`tests/tests/e2e/cluster.rs`) include this file too, to check the
//! frames of a game played across a cluster's processes.

use mice_cake_engine::{Assignment, Domino, DominoSet, Seat, Seated};
use mice_cake_protocol::{FinishedGame, RoomEvent, ServerMessage};
use serde_json::Value;

/// What the server knew of one game, from its record: the face-down pieces
/// after each number of rounds, and every round's assignments.
pub(crate) struct Known {
    hidden: Vec<DominoSet>,
    pub(crate) assignments: Vec<Seated<Assignment>>,
    /// Every round's nonces (the openings' secret half), in hex.
    pub(crate) nonces: Vec<Seated<String>>,
}

impl Known {
    /// What `game`'s record says.
    pub(crate) fn from_game(game: &FinishedGame) -> Known {
        let record = game.record.as_ref().expect("a game that was dealt");
        assert!(record.seed.is_some(), "server games have a seed");
        let mut hidden = Vec::new();
        record
            .replay_each_round(|game| hidden.push(game.secret_face_down_pieces()))
            .unwrap();
        let fair = record.fair.as_ref().expect("server games are sealed");
        Known {
            hidden,
            assignments: record.rounds.iter().map(|r| r.assignments).collect(),
            nonces: fair
                .rounds
                .iter()
                .map(|exchange| exchange.nonces.map(|nonce| nonce.to_string()))
                .collect(),
        }
    }

    /// Every nonce of the game.
    pub(crate) fn all_nonces(&self) -> impl Iterator<Item = String> + '_ {
        self.nonces
            .iter()
            .flat_map(|both| [both.yellow.clone(), both.blue.clone()])
    }

    /// The assignments of round `round` (from 1) that `seat` may not know
    /// before the reveal: the opponent's, or both for a spectator.
    fn secret_in(&self, round: usize, seat: Option<Seat>) -> Vec<Assignment> {
        let Some(both) = self.assignments.get(round.wrapping_sub(1)) else {
            return Vec::new();
        };
        Seat::ALL
            .into_iter()
            .filter(|s| Some(*s) != seat)
            .map(|s| both[s])
            .collect()
    }
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
                    // A round's choices may name its only legal assignment:
                    // public, worked out from the public view (the engine's
                    // property tests show a seat's own view gives the same).
                    .filter(|(key, _)| {
                        !matches!(key.as_str(), "report" | "last_report" | "choices")
                    })
                    .any(|(_, value)| assignment_outside_reports(value))
        }
        Value::Array(values) => values.iter().any(assignment_outside_reports),
        _ => false,
    }
}

/// Checks every frame one member received during one game. `seat` is the
/// member's seat in that game (none for a spectator); `rounds_before` the
/// rounds played before the member came in.
pub(crate) fn check_frames(
    frames: &[String],
    seat: Option<Seat>,
    known: &Known,
    rounds_before: usize,
) {
    let mut revealed = rounds_before;
    for wire in frames {
        let sent: ServerMessage = serde_json::from_str(wire).unwrap();
        // Events sent together are checked one by one, each as it would be
        // sent alone; the frame holds nothing else (it is what serde writes
        // of them).
        if matches!(sent, ServerMessage::Events { .. }) {
            assert_eq!(&serde_json::to_string(&sent).unwrap(), wire);
        }
        for message in sent.one_by_one() {
            let text = &serde_json::to_string(&message).unwrap();
            let is_reveal = matches!(&message, ServerMessage::Event { event, .. } if matches!(**event, RoomEvent::Revealed { .. }));
            // A reveal may show what its round turned up; anything else only
            // what was already up.
            let hidden_now =
                known.hidden[(revealed + usize::from(is_reveal)).min(known.hidden.len() - 1)];
            for piece in hidden_now.iter() {
                assert!(
                    !names(text, piece),
                    "{seat:?} was told face-down {piece}: {text}"
                );
            }
            // The round being played: no opening of it reaches anyone before
            // its reveal, not even the opener's own nonce echoed back.
            if !is_reveal && let Some(nonces) = known.nonces.get(revealed) {
                for nonce in [&nonces.yellow, &nonces.blue] {
                    assert!(
                        !text.contains(nonce.as_str()),
                        "{seat:?} saw a nonce of round {} before its reveal: {text}",
                        revealed + 1
                    );
                }
            }
            // The round being played: no one else's assignment for it, not even
            // as text (an error message, say).
            if !is_reveal {
                for secret in known.secret_in(revealed + 1, seat) {
                    let words = secret.to_string();
                    assert!(
                        !words.contains(' ') || !text.contains(&words),
                        "{seat:?} saw {words} before the reveal: {text}"
                    );
                }
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
                ServerMessage::Joined { state, .. } | ServerMessage::State { state } => {
                    let value = serde_json::to_value(state).unwrap();
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
    }
}

/// The server's log lines name no piece and no assignment.
pub(crate) fn check_log(log: &str, assignments: &[Assignment], nonces: &[String]) {
    for nonce in nonces {
        assert!(
            !log.contains(nonce.as_str()),
            "the log holds a nonce:\n{log}"
        );
    }
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
    for assignment in assignments {
        let text = assignment.to_string();
        if text.contains(' ') {
            assert!(!log.contains(&text), "the log holds {text}:\n{log}");
        }
    }
}

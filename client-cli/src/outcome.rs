//! How a run of the client ends, and its exit status: the same outcome
//! gives the same status and the same one message in every interface.
//!
//! | Status | Outcome |
//! |---|---|
//! | 0 | Done: the game (or the watching of it) ended, or the person left. |
//! | 1 | Failed: the server could not be reached, refused (an unknown or full room, a seat gone), or the connection was lost for good; a challenge declined, taken back, expired or called off, or none waiting to answer. |
//! | 2 | The command line was wrong (clap's own). |
//! | 128 + n | Stopped by signal n (129 SIGHUP, 130 SIGINT, 143 SIGTERM): a seat held is kept, to resume. |

use mice_cake_protocol::{GameId, GameResult, RoomCode};

use crate::tr;

/// How a session ended.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Outcome {
    /// What was asked is done.
    Done,
    /// It could not be done, and why.
    Failed(String),
    /// A signal stopped it.
    Interrupted(Signal),
    /// Done, but what was to be shown cannot be (a game from before sealed
    /// play has nothing to prove its fairness with).
    Unproven(String),
}

/// Signals that stop the client.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Signal {
    /// SIGHUP: the terminal closed.
    Hangup,
    /// SIGINT, sent by something else than the keyboard's Ctrl-C.
    Interrupt,
    /// SIGTERM.
    Terminate,
}

impl Signal {
    /// The signal's number.
    pub fn number(self) -> u8 {
        match self {
            Signal::Hangup => 1,
            Signal::Interrupt => 2,
            Signal::Terminate => 15,
        }
    }

    pub fn name(self) -> &'static str {
        match self {
            Signal::Hangup => "SIGHUP",
            Signal::Interrupt => "SIGINT",
            Signal::Terminate => "SIGTERM",
        }
    }
}

impl Outcome {
    /// The process's exit status.
    pub fn exit_code(&self) -> u8 {
        match self {
            Outcome::Done => 0,
            Outcome::Failed(_) => 1,
            Outcome::Interrupted(signal) => 128 + signal.number(),
            Outcome::Unproven(_) => 3,
        }
    }
}

/// A game that ended while the client was in its room.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Ended {
    pub number: u32,
    pub result: GameResult,
    pub game_id: Option<GameId>,
    /// What checking the game's record said (`verify`), for a game played.
    pub fairness: Option<String>,
    /// Each player's accuracy, once analysed.
    pub accuracy: Option<String>,
}

/// What a session leaves to tell when it is over.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Session {
    pub outcome: Outcome,
    /// The room it was in, and whether as a player.
    pub room: Option<(RoomCode, bool)>,
    /// The games that ended meanwhile, oldest first.
    pub games: Vec<Ended>,
    /// A game left in the middle (room and number): it is forfeited.
    pub left: Option<(RoomCode, u32)>,
}

impl Session {
    /// What to print when the program ends: on standard output, the games
    /// that ended (with how to replay them); on standard error, why it
    /// failed, or where a kept seat is.
    pub fn farewell(&self) -> (Vec<String>, Vec<String>) {
        let mut out = Vec::new();
        for game in &self.games {
            out.push(tr!(
                "outcome-game-over",
                number = game.number,
                outcome = crate::text::outcome(&game.result)
            ));
            if let Some(fairness) = &game.fairness {
                out.push(fairness.clone());
            }
            if let Some(accuracy) = &game.accuracy {
                out.push(accuracy.clone());
            }
            if let Some(id) = game.game_id {
                out.push(tr!("outcome-replay", id = id.to_string()));
            }
        }
        if let Some((code, game)) = self.left {
            out.push(tr!("outcome-left", game = game, code = code.to_string()));
        }
        let mut err = Vec::new();
        match &self.outcome {
            Outcome::Done => {}
            Outcome::Unproven(reason) => out.push(reason.clone()),
            Outcome::Failed(reason) => err.push(tr!("outcome-failed", reason = reason)),
            Outcome::Interrupted(signal) => err.push(match self.room {
                Some((code, true)) => tr!(
                    "outcome-stopped-seat-kept",
                    signal = signal.name(),
                    code = code.to_string()
                ),
                _ => tr!("outcome-stopped", signal = signal.name()),
            }),
        }
        (out, err)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn each_outcome_has_its_status_and_one_message() {
        assert_eq!(Outcome::Done.exit_code(), 0);
        assert_eq!(Outcome::Failed("no room".into()).exit_code(), 1);
        assert_eq!(Outcome::Interrupted(Signal::Terminate).exit_code(), 143);
        assert_eq!(Outcome::Interrupted(Signal::Hangup).exit_code(), 129);
        let failed = Session {
            outcome: Outcome::Failed("no room has the code K7M2Q".into()),
            room: None,
            games: Vec::new(),
            left: None,
        };
        assert_eq!(
            failed.farewell(),
            (
                Vec::new(),
                vec!["mice-cake: no room has the code K7M2Q".to_owned()]
            )
        );
        let kept = Session {
            outcome: Outcome::Interrupted(Signal::Hangup),
            room: Some(("K7M2Q".parse().unwrap(), true)),
            games: Vec::new(),
            left: None,
        };
        let (_, err) = kept.farewell();
        assert!(err[0].contains("mice-cake resume K7M2Q"), "{err:?}");
    }

    #[test]
    fn the_games_that_ended_are_told_with_how_to_replay_them() {
        let result = GameResult {
            winner: Some(mice_cake_engine::Seat::Blue),
            score: mice_cake_engine::Seated::default(),
            ending: mice_cake_protocol::Ending::Forfeit {
                seat: mice_cake_engine::Seat::Yellow,
                cause: mice_cake_protocol::ForfeitCause::Left,
            },
        };
        let id = GameId::from_u128(0x5eed);
        let session = Session {
            outcome: Outcome::Done,
            room: Some(("K7M2Q".parse().unwrap(), true)),
            games: vec![
                Ended {
                    number: 1,
                    result,
                    game_id: Some(id),
                    fairness: None,
                    accuracy: None,
                },
                Ended {
                    number: 2,
                    result,
                    game_id: None,
                    fairness: None,
                    accuracy: None,
                },
            ],
            left: None,
        };
        let (out, err) = session.farewell();
        assert_eq!(
            out,
            vec![
                "Game 1 over: Yellow 0 – Blue 0, Blue wins: Yellow left the game".to_owned(),
                format!("Replay: mice-cake replay {id}"),
                "Game 2 over: Yellow 0 – Blue 0, Blue wins: Yellow left the game".to_owned(),
            ]
        );
        assert!(err.is_empty());
    }
}

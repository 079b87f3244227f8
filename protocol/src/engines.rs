//! The engine protocol: how `mice-cake bot --engine "CMD"` talks to an
//! outside program (an *engine*) over the program's standard input and
//! output, so that a bot can be written in any language
//! (`docs/engines.md`).
//!
//! JSON lines: one object a line, UTF-8, each tagged by `"type"`, both
//! ways. The client says [`ToEngine::Hello`]; the engine answers
//! [`FromEngine::Engine`] with its name and the protocol version it speaks.
//! Then, per game, [`ToEngine::Game`]; per round [`ToEngine::Round`], which
//! the engine answers with one [`FromEngine::Move`]; each round's outcome
//! ([`ToEngine::Revealed`]); the end ([`ToEngine::GameOver`]); and, when
//! the client is done, [`ToEngine::Quit`].
//!
//! Nothing here can carry what the engine's seat may not see: a view's
//! face-down pieces carry no identity ([`mice_cake_engine::CellView`]), a
//! round's report is sent only once both moves are revealed, and the
//! opponent's sealed move is never sent at all.

use mice_cake_engine::{Assignment, GameView, Options, RoundReport, Seat, Seated};
use serde::{Deserialize, Serialize};

use crate::ids::GameId;
use crate::room::GameResult;

/// The version of the engine protocol this crate speaks. An engine names
/// the version it speaks in [`FromEngine::Engine`]; a client refuses one it
/// does not know.
pub const ENGINE_PROTOCOL_VERSION: u32 = 1;

/// The longest line either side may send: a round's message with its view
/// and every legal move is about 4 KiB.
pub const MAX_ENGINE_LINE_BYTES: usize = 64 * 1024;

/// A message from the client to the engine.
#[derive(Clone, PartialEq, Debug, Serialize, Deserialize)]
#[serde(tag = "type", rename_all = "snake_case", deny_unknown_fields)]
pub enum ToEngine {
    /// The first message: the engine must answer [`FromEngine::Engine`].
    Hello {
        /// The protocol version the client speaks.
        protocol: u32,
        /// The client's name and version (`mice-cake 0.1.0`).
        client: String,
    },
    /// A game begins, with the engine at `seat`.
    Game {
        /// The engine's seat.
        seat: Seat,
        /// The rules in play.
        options: Options,
        /// The opponent.
        opponent: EngineOpponent,
        /// In a match, its score before this game; `null` for a game
        /// played alone.
        #[serde(rename = "match")]
        in_match: Option<EngineMatch>,
    },
    /// A round to play: answer one [`FromEngine::Move`] for it within
    /// `time_ms`.
    Round {
        /// The round's number, from 1.
        round: u32,
        /// The game as the engine's seat sees it.
        view: GameView,
        /// Every legal move this round, in the engine's order; a single
        /// empty move when no mouse may be placed.
        legal: Vec<Assignment>,
        /// Milliseconds the engine has to answer, from when it reads this
        /// line. Past them the client plays the deadline's move for it.
        time_ms: u64,
    },
    /// The engine's answer for `round` was not played: it came late, could
    /// not be read, or was not legal. The client played `played` (the
    /// deadline's move, `greedy`) instead, and the game goes on.
    Refused {
        /// The round.
        round: u32,
        /// Why.
        reason: EngineRefusal,
        /// What the refused answer was, in words, for the engine's log.
        message: String,
        /// The move played instead.
        played: Assignment,
    },
    /// A round revealed: both moves and every die.
    Revealed {
        /// The round's report.
        report: RoundReport,
        /// The game after the round.
        view: GameView,
    },
    /// The game is over.
    GameOver {
        /// Winner, scores and how it ended.
        result: GameResult,
        /// The game's id, for its record (`GET /api/games/{id}`); `null`
        /// for a game with none (played offline, or ended at its deal).
        game: Option<GameId>,
        /// In a match, its score with this game counted; `null` otherwise.
        #[serde(rename = "match")]
        in_match: Option<EngineMatch>,
    },
    /// The client is done: the engine should exit.
    Quit,
}

/// Why an engine's answer was not played.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum EngineRefusal {
    /// It came after `time_ms`.
    Late,
    /// It was not a message of this protocol.
    Unreadable,
    /// It was a move, but not a legal one this round (or for another round).
    Illegal,
}

/// The opponent, as the engine is told of it.
#[derive(Clone, PartialEq, Eq, Debug, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct EngineOpponent {
    /// Their name; `null` when unknown (offline).
    pub name: Option<String>,
    /// Whether a program plays them (a server's bot, or a declared bot).
    pub bot: bool,
}

/// A match's score, as the engine is told of it.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct EngineMatch {
    /// The wins that take the match.
    pub first_to: u32,
    /// The game's number in the match, from 1.
    pub number: u32,
    /// Each seat's wins, by who sits there in this game.
    pub wins: Seated<u32>,
}

/// A message from the engine to the client.
#[derive(Clone, PartialEq, Eq, Debug, Serialize, Deserialize)]
#[serde(tag = "type", rename_all = "snake_case", deny_unknown_fields)]
pub enum FromEngine {
    /// The answer to [`ToEngine::Hello`].
    Engine {
        /// The protocol version the engine speaks.
        protocol: u32,
        /// The engine's name.
        name: String,
        /// Its version.
        version: String,
        /// Who wrote it.
        #[serde(default)]
        author: Option<String>,
    },
    /// The engine's move for `round`.
    Move {
        /// The round it is for.
        round: u32,
        /// The move: JSON (`{"mice":[1,0,3,0]}`) or text (`"A1 C3"`).
        assignment: EngineMove,
    },
    /// The engine cannot go on: the client says why on standard error,
    /// leaves the game and exits non-zero.
    Error {
        /// Why, in words.
        message: String,
    },
}

/// A move as an engine may write it: the engine's JSON or its text.
#[derive(Clone, PartialEq, Eq, Debug, Serialize, Deserialize)]
#[serde(untagged)]
pub enum EngineMove {
    /// `{"mice":[1,0,3,0]}`, `{"mice":[0,0,0,2],"steal":"6/6"}`.
    Json(Assignment),
    /// `"A1 C3"`, `"D2 steal 6/6"`, `"none"`.
    Text(String),
}

impl EngineMove {
    /// The assignment, or why the text is not one.
    pub fn assignment(&self) -> Result<Assignment, String> {
        match self {
            EngineMove::Json(assignment) => Ok(*assignment),
            EngineMove::Text(text) => text.parse().map_err(|error| format!("{error}")),
        }
    }
}

/// A line from an engine, read: a message, or why it is not one.
pub fn read_engine_line(line: &str) -> Result<FromEngine, String> {
    if line.len() > MAX_ENGINE_LINE_BYTES {
        return Err(format!(
            "a line of {} bytes, over the protocol's {MAX_ENGINE_LINE_BYTES}",
            line.len()
        ));
    }
    serde_json::from_str(line).map_err(|error| error.to_string())
}

/// A line from the client, read (an engine written in Rust uses this).
pub fn read_client_line(line: &str) -> Result<ToEngine, String> {
    serde_json::from_str(line).map_err(|error| error.to_string())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_move_is_read_as_json_or_as_text() {
        let json = read_engine_line(r#"{"type":"move","round":3,"assignment":{"mice":[1,0,3,0]}}"#)
            .expect("json move");
        let text = read_engine_line(r#"{"type":"move","round":3,"assignment":"A1 C3"}"#)
            .expect("text move");
        let (FromEngine::Move { assignment: a, .. }, FromEngine::Move { assignment: b, .. }) =
            (json, text)
        else {
            panic!("moves");
        };
        assert_eq!(a.assignment(), b.assignment());
        assert!(
            EngineMove::Text("A9".into()).assignment().is_err(),
            "a column that is not one"
        );
    }

    #[test]
    fn an_unknown_message_or_field_is_refused_with_words() {
        let error = read_engine_line(r#"{"type":"resign"}"#).expect_err("unknown type");
        assert!(error.contains("resign"), "{error}");
        let error = read_engine_line(r#"{"type":"move","round":1,"assignment":"A1","x":1}"#)
            .expect_err("unknown field");
        assert!(error.contains('x'), "{error}");
        let long = format!(
            "{{\"type\":\"error\",\"message\":\"{}\"}}",
            "a".repeat(70_000)
        );
        assert!(read_engine_line(&long).expect_err("long").contains("bytes"));
    }
}

//! The HTTP API's bodies (`GET /api/rooms`, `GET /api/games/{id}`,
//! `GET /api/games`).

use mice_cake_engine::{GameRecord, Seated};
use serde::{Deserialize, Serialize};

use crate::ids::{GameId, RoomCode};
use crate::room::{GameResult, RoomSummary};

/// `GET /api/rooms`: the public rooms.
#[derive(Clone, PartialEq, Eq, Debug, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct RoomList {
    /// The first `MAX_LISTED_ROOMS` rooms, those waiting for a player first.
    pub rooms: Vec<RoomSummary>,
    /// How many public rooms there are.
    pub total: u32,
}

/// `GET /api/games/{id}`: a finished game with its engine record, which
/// replays to the same final score.
#[derive(Clone, PartialEq, Eq, Debug, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct FinishedGame {
    /// The game's id.
    pub id: GameId,
    /// The room it was played in.
    pub room: RoomCode,
    /// The players' names by seat.
    pub players: Seated<String>,
    /// Winner, scores and how it ended (a forfeit ends a game the record
    /// alone would call unfinished).
    pub result: GameResult,
    /// When it ended: milliseconds since the Unix epoch, by the server's clock.
    pub finished_at_ms: u64,
    /// The engine record: options, seed, layout, every round.
    pub record: GameRecord,
    /// What was said on the chat during the game, both channels, when the
    /// room kept it (`record_chat`); empty otherwise.
    #[serde(default)]
    pub chat: Vec<crate::chat::ChatLine>,
}

/// Games per page of `GET /api/games` unless `limit` says otherwise.
pub const DEFAULT_GAMES_PAGE: u32 = 20;
/// Most games per page of `GET /api/games`.
pub const MAX_GAMES_PAGE: u32 = 100;

/// A finished game in a list: what [`FinishedGame`] holds but the record.
#[derive(Clone, PartialEq, Eq, Debug, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct GameSummary {
    /// The game's id, for `GET /api/games/{id}`.
    pub id: GameId,
    /// The room it was played in.
    pub room: RoomCode,
    /// The players' names by seat.
    pub players: Seated<String>,
    /// Winner, scores and how it ended.
    pub result: GameResult,
    /// Rounds played.
    pub rounds: u32,
    /// When it ended: milliseconds since the Unix epoch.
    pub finished_at_ms: u64,
}

impl GameSummary {
    /// The summary of a finished game.
    pub fn of(game: &FinishedGame) -> GameSummary {
        GameSummary {
            id: game.id,
            room: game.room,
            players: game.players.clone(),
            result: game.result,
            rounds: u32::try_from(game.record.rounds.len()).unwrap_or(u32::MAX),
            finished_at_ms: game.finished_at_ms,
        }
    }
}

/// `GET /api/games?player=NAME&before=CURSOR&limit=N`: finished games,
/// newest first, a page at a time.
#[derive(Clone, PartialEq, Eq, Debug, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct GamePage {
    /// This page's games, newest first.
    pub games: Vec<GameSummary>,
    /// The cursor of the next (older) page, to pass as `before`; none on
    /// the last page (`null`).
    pub next: Option<u64>,
}

/// Every HTTP error: a stable code for programs, a message for people.
/// The status says the class (400, 404, 405, 426, 500).
#[derive(Clone, PartialEq, Eq, Debug, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct ApiError {
    /// Stable, for programs.
    pub code: crate::ErrorCode,
    /// For people.
    pub message: String,
}

/// Whether the server is serving, or stopping.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum HealthStatus {
    /// Serving.
    Ok,
    /// Stopping: it takes no new room.
    ShuttingDown,
}

/// `GET /healthz`.
#[derive(Clone, PartialEq, Eq, Debug, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Health {
    /// Serving or stopping.
    pub status: HealthStatus,
    /// Rooms held.
    pub rooms: u64,
    /// Open WebSocket connections.
    pub connections: u64,
}

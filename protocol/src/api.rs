//! The HTTP API's bodies (`GET /api/rooms`, `GET /api/games/{id}`).

use mice_cake_engine::{GameRecord, Seated};
use serde::{Deserialize, Serialize};

use crate::ids::{GameId, RoomCode};
use crate::room::{GameResult, RoomSummary};

/// `GET /api/rooms`: the public rooms.
#[derive(Clone, PartialEq, Eq, Debug, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RoomList {
    /// The first `MAX_LISTED_ROOMS` rooms, those waiting for a player first.
    pub rooms: Vec<RoomSummary>,
    /// How many public rooms there are.
    pub total: u32,
}

/// `GET /api/games/{id}`: a finished game with its engine record, which
/// replays (`GameRecord::replay`) to the same final score.
#[derive(Clone, PartialEq, Eq, Debug, Serialize, Deserialize)]
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
    /// The engine record: options, seed, layout, every round.
    pub record: GameRecord,
}

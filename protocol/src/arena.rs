//! Arenas: tournaments with a start and an end, where everyone who joins
//! plays as many games as they can, paired by standing, and scores by the
//! arena's rules (`docs/arenas.md`). What creates one, how one is listed,
//! its standings; the WebSocket messages that join, pause and watch one are
//! in [`crate::messages`].

use mice_cake_engine::{PlayerKey, Seated};
use serde::{Deserialize, Serialize};

use crate::ids::{ArenaId, GameId, RoomCode};
use crate::rating::Pool;

/// The shortest arena, in minutes.
pub const MIN_ARENA_MINUTES: u32 = 1;
/// The longest arena, in minutes.
pub const MAX_ARENA_MINUTES: u32 = 180;
/// Characters in an arena's name, at most.
pub const MAX_ARENA_NAME_CHARS: usize = 40;
/// Characters in a club arena's join code, at most.
pub const MAX_JOIN_CODE_CHARS: usize = 32;
/// Arenas a key may have upcoming or live at a time.
pub const ARENAS_PER_KEY: u32 = 3;
/// How far ahead an arena may be set to start, in milliseconds (a week).
pub const MAX_ARENA_LEAD_MS: u64 = 7 * 24 * 60 * 60 * 1000;
/// Standings sent with each live update: the leaders (the whole table is
/// `GET /api/arenas/{id}`).
pub const ARENA_TOP: usize = 20;

/// Where an arena stands.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum ArenaStatus {
    /// Not started: players may join, and wait for the start.
    Upcoming,
    /// Started and not over: games are paired.
    Live,
    /// Its end has passed and its last game is over.
    Finished,
}

/// What an arena is: `POST /api/arenas`'s body, with the creator's key.
#[derive(Clone, PartialEq, Eq, Debug, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct ArenaSpec {
    /// Its name: 1–40 characters, cleaned as players' names are.
    pub name: String,
    /// When it starts: milliseconds since the Unix epoch; left out, at
    /// once. At most a week ahead.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub starts_at_ms: Option<u64>,
    /// How long it lasts: 1–180 minutes.
    pub minutes: u32,
    /// The pool its games are played (and rated) in.
    #[serde(default = "standard_pool")]
    pub pool: Pool,
    /// The time per round of its games, in milliseconds; left out, the
    /// server's default.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub deadline_ms: Option<u64>,
    /// Whether its games are rated.
    #[serde(default)]
    pub rated: bool,
    /// A club's arena: only whoever gives this code may join (anyone may
    /// watch). Left out, anyone may join.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub join_code: Option<String>,
    /// Whether declared bots may join; left out, they may in a casual
    /// arena and not in a rated one.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub bots: Option<bool>,
}

fn standard_pool() -> Pool {
    Pool::Standard
}

/// An arena as lists show it.
#[derive(Clone, PartialEq, Eq, Debug, Serialize, Deserialize, schemars::JsonSchema)]
pub struct ArenaSummary {
    /// Its id: its page is `/a/{id}`.
    pub id: ArenaId,
    /// Its name.
    pub name: String,
    /// Upcoming, live or finished.
    pub status: ArenaStatus,
    /// When it starts (milliseconds since the Unix epoch).
    pub starts_at_ms: u64,
    /// When it ends: no game starts after.
    pub ends_at_ms: u64,
    /// The pool of its games.
    pub pool: Pool,
    /// The time per round of its games, in milliseconds.
    pub deadline_ms: Option<u64>,
    /// Whether its games are rated.
    pub rated: bool,
    /// Whether joining needs its join code.
    pub private: bool,
    /// Whether declared bots may join.
    pub bots: bool,
    /// Who made it (their name).
    pub creator: String,
    /// Players who joined.
    pub players: u32,
    /// Games finished.
    pub games: u32,
}

/// A player's line in an arena's standings.
#[derive(Clone, PartialEq, Eq, Debug, Serialize, Deserialize, schemars::JsonSchema)]
pub struct ArenaStanding {
    /// Their place, from 1.
    pub rank: u32,
    /// Who.
    pub key: PlayerKey,
    /// Their name.
    pub name: String,
    /// Their points (`docs/arenas.md`).
    pub score: u32,
    /// Games they finished in the arena (aborted ones are not counted).
    pub games: u32,
    /// Of which they won.
    pub wins: u32,
    /// Whether they are on a streak: their next win counts double.
    pub on_fire: bool,
    /// Whether they paused (or are away): not paired until they come back.
    /// Never in a finished arena, nor `on_fire`.
    pub paused: bool,
    /// Whether the key declared itself a bot.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub bot: bool,
}

/// A game of the arena being played.
#[derive(Clone, PartialEq, Eq, Debug, Serialize, Deserialize, schemars::JsonSchema)]
pub struct ArenaGameInPlay {
    /// Its room: anyone may watch it.
    pub code: RoomCode,
    /// The players' names by seat.
    pub players: Seated<String>,
    /// The better of the two players' places in the standings.
    pub best_rank: u32,
}

/// `GET /api/arenas/{id}`: an arena, its whole standings, its games.
#[derive(Clone, PartialEq, Eq, Debug, Serialize, Deserialize, schemars::JsonSchema)]
pub struct ArenaDetail {
    /// The arena.
    #[serde(flatten)]
    pub summary: ArenaSummary,
    /// Every player who joined, the best first.
    pub standings: Vec<ArenaStanding>,
    /// The game of the best-placed players being played, shown live.
    pub featured: Option<RoomCode>,
    /// Every game being played, the best-placed first.
    pub playing: Vec<ArenaGameInPlay>,
    /// Every finished game's id, in the order they were stored (each is
    /// `GET /api/games/{id}`).
    pub game_ids: Vec<GameId>,
}

impl ArenaDetail {
    /// The first three of a finished arena.
    pub fn podium(&self) -> &[ArenaStanding] {
        let shown = if self.summary.status == ArenaStatus::Finished {
            3
        } else {
            0
        };
        &self.standings[..self.standings.len().min(shown)]
    }
}

/// `GET /api/arenas`: upcoming and live arenas, then the latest finished.
#[derive(Clone, PartialEq, Eq, Debug, Serialize, Deserialize, schemars::JsonSchema)]
pub struct ArenaList {
    /// Upcoming and live, the soonest first, then the latest finished.
    pub arenas: Vec<ArenaSummary>,
}

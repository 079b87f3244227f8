//! Arenas as every backend keeps them (`docs/arenas.md`): each arena (what
//! it is, and whether it is over), who entered it, and each of its games'
//! results in the order they were stored. The standings are never stored:
//! they are the arena's scoring applied to its results, so that a table
//! can always be recounted from the records.
//!
//! A result is written in the transaction that stores its game, so that a
//! game and its place in the arena are kept together or not at all.

use mice_cake_engine::{PlayerKey, Seated};
use mice_cake_protocol::arena::ArenaSpec;
use mice_cake_protocol::{ArenaId, FinishedGame, GameId, GameResult, RoomCode};
use serde::{Deserialize, Serialize};

use super::StoreError;

/// An arena as stored.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub(crate) struct StoredArena {
    pub(crate) id: ArenaId,
    /// What it is, its start filled in.
    pub(crate) spec: ArenaSpec,
    pub(crate) creator_key: PlayerKey,
    pub(crate) creator: String,
    pub(crate) created_ms: u64,
    pub(crate) starts_at_ms: u64,
    pub(crate) ends_at_ms: u64,
    /// Whether it is over: its end passed and its last game ended.
    pub(crate) finished: bool,
}

/// A player who entered an arena.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub(crate) struct ArenaEntrant {
    pub(crate) key: PlayerKey,
    /// The name they last entered under.
    pub(crate) name: String,
    /// Whether the key declared itself a bot.
    pub(crate) bot: bool,
    /// When they first entered.
    pub(crate) joined_ms: u64,
}

/// One of an arena's games, as its standings count it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub(crate) struct ArenaResult {
    /// Its place among the arena's results: the order they were stored.
    #[serde(skip)]
    pub(crate) seq: u64,
    pub(crate) game: GameId,
    /// The room it was played in.
    pub(crate) room: RoomCode,
    pub(crate) keys: Seated<PlayerKey>,
    pub(crate) names: Seated<String>,
    pub(crate) result: GameResult,
    pub(crate) finished_ms: u64,
}

impl ArenaResult {
    /// A stored game's place in its arena: none for a game played
    /// elsewhere, or one whose seats were not both held by keys (an arena
    /// seats only proven keys).
    pub(crate) fn of(game: &FinishedGame) -> Option<(ArenaId, ArenaResult)> {
        let arena = game.arena?;
        let keys = game.keys();
        let keys = Seated {
            yellow: keys.yellow?,
            blue: keys.blue?,
        };
        Some((
            arena,
            ArenaResult {
                seq: 0,
                game: game.id,
                room: game.room,
                keys,
                names: game.players.clone(),
                result: game.result,
                finished_ms: game.finished_at_ms,
            },
        ))
    }
}

/// An arena with what lists show of it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct ListedArena {
    pub(crate) arena: StoredArena,
    pub(crate) players: u32,
    pub(crate) games: u32,
}

/// What a backend writes, in the transaction that stores a game, for a
/// game of an arena.
pub(crate) trait ArenaRows {
    /// Keeps `result` as `arena`'s next (once per game).
    fn note_result(&mut self, arena: ArenaId, result: &ArenaResult) -> Result<(), StoreError>;
}

/// Keeps a stored game's result in its arena, if it was played in one.
pub(crate) fn note_arena_game(
    rows: &mut dyn ArenaRows,
    game: &FinishedGame,
) -> Result<(), StoreError> {
    match ArenaResult::of(game) {
        Some((arena, result)) => rows.note_result(arena, &result),
        None => Ok(()),
    }
}

/// The outcome of asking to create an arena.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Created {
    Created,
    /// The creator's key has this many arenas upcoming or live already.
    TooMany(u32),
}

//! The game options: the optional rules a room chooses.

use serde::{Deserialize, Serialize};

use crate::coords::Row;

/// Which pieces start face up (ruling 17).
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Default, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[serde(rename_all = "snake_case")]
pub enum Reveal {
    /// Rows 1, 3, 5 and 7 face up; rows 2, 4 and 6 face down (ruling 3).
    #[default]
    Standard,
    /// Every piece face up from the start.
    AllFaceUp,
    /// Every piece face down from the start: the first round is assigned blind.
    AllFaceDown,
}

impl Reveal {
    /// Whether a piece in `row` starts face up.
    pub const fn starts_face_up(self, row: Row) -> bool {
        match self {
            Reveal::Standard => row.number() % 2 == 1,
            Reveal::AllFaceUp => true,
            Reveal::AllFaceDown => false,
        }
    }
}

/// The default stall limit (ruling 15).
pub const DEFAULT_STALL_LIMIT: u32 = 100;

/// The largest stall limit an option may set.
pub const MAX_STALL_LIMIT: u32 = 10_000;

/// The rules a game is played with. `{}` in JSON means the standard game.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[serde(default, deny_unknown_fields)]
pub struct Options {
    /// Which pieces start face up.
    pub reveal: Reveal,
    /// Boost instead of exhaustion (ruling 18): a match earns the matching
    /// mice another roll instead of tiring them.
    pub boost: bool,
    /// The game ends after this many rounds in a row in which no piece
    /// moved (ruling 15); 1 to [`MAX_STALL_LIMIT`].
    pub stall_limit: u32,
}

impl Default for Options {
    fn default() -> Self {
        Options {
            reveal: Reveal::Standard,
            boost: false,
            stall_limit: DEFAULT_STALL_LIMIT,
        }
    }
}

/// Options that cannot be played.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum OptionsError {
    /// A stall limit of 0 or above [`MAX_STALL_LIMIT`].
    #[error("the stall limit must be 1 to {MAX_STALL_LIMIT} rounds, not {0}")]
    StallLimit(u32),
}

impl Options {
    /// Checks that the options can be played.
    pub fn validate(&self) -> Result<(), OptionsError> {
        if self.stall_limit == 0 || self.stall_limit > MAX_STALL_LIMIT {
            return Err(OptionsError::StallLimit(self.stall_limit));
        }
        Ok(())
    }
}

//! Challenges as stored (`docs/protocol.md`, "Challenges"): each one with
//! its end once it has one, and each key's signed choice of whom it takes
//! challenges from. Kept in the database, so that a challenge outlives a
//! restart and is seen by every node; ending one is a single conditional
//! write, so that of an accept and a cancel that cross, one wins.

use mice_cake_engine::SealSignature;
use mice_cake_protocol::{
    Challenge, ChallengeEnd, ChallengeId, ChallengePlayer, ChallengesFrom, RoomOptions,
};
use serde::{Deserialize, Serialize};

/// A challenge, waiting or ended.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub(crate) struct StoredChallenge {
    pub(crate) id: ChallengeId,
    pub(crate) from: ChallengePlayer,
    pub(crate) to: ChallengePlayer,
    pub(crate) options: RoomOptions,
    /// When it was made, in milliseconds since the Unix epoch.
    pub(crate) made_at_ms: u64,
    /// When it expires unless answered.
    pub(crate) expires_at_ms: u64,
    /// How it ended; `None` while it waits.
    #[serde(default)]
    pub(crate) end: Option<ChallengeEnd>,
}

impl StoredChallenge {
    /// Whether it waits for its answer at `now_ms`.
    pub(crate) fn waits(&self, now_ms: u64) -> bool {
        self.end.is_none() && now_ms < self.expires_at_ms
    }

    /// The challenge as sent at `now_ms`.
    pub(crate) fn told(&self, now_ms: u64) -> Challenge {
        Challenge {
            id: self.id,
            from: self.from.clone(),
            to: self.to.clone(),
            options: self.options,
            expires_in_ms: self.expires_at_ms.saturating_sub(now_ms),
        }
    }
}

/// A key's choice of whom it takes challenges from, as it signed it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub(crate) struct ChallengesFromChoice {
    pub(crate) from: ChallengesFrom,
    pub(crate) at_ms: u64,
    pub(crate) signature: SealSignature,
}

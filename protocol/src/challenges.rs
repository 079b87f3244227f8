//! Challenges (`docs/protocol.md`, "Challenges"): a player asks another,
//! named by their key, to play a room of given options; the other accepts
//! (both are seated in a new room, as a pairing does), declines, or lets it
//! expire; the challenger may cancel it. Each player chooses, signed with
//! their key, whom they take challenges from ([`ChallengesFrom`]).
//!
//! Not to be confused with a *key challenge* (`welcome`'s `challenge`, the
//! bytes a key proof signs).

use mice_cake_engine::PlayerKey;
use serde::{Deserialize, Serialize};

use crate::ids::{ChallengeId, RoomCode};
use crate::room::RoomOptions;

/// How long a challenge waits for its answer unless the server says
/// otherwise: ten minutes.
pub const DEFAULT_CHALLENGE_EXPIRY_MS: u64 = 600_000;
/// The most challenges a key may have waiting for an answer at once.
pub const MAX_OPEN_CHALLENGES: usize = 3;

/// One side of a challenge.
#[derive(Clone, PartialEq, Eq, Debug, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct ChallengePlayer {
    /// Their key: who they are.
    #[schemars(with = "String")]
    pub key: PlayerKey,
    /// Their name, as the server knows it (the challenger's as they gave
    /// it; the challenged's from their page, empty if the server knows no
    /// name for the key).
    pub name: String,
    /// Whether the key declared itself a bot's.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub bot: bool,
}

/// A challenge waiting for its answer.
#[derive(Clone, PartialEq, Eq, Debug, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Challenge {
    /// Its id (its link: `/c/ID`).
    pub id: ChallengeId,
    /// Who challenges.
    pub from: ChallengePlayer,
    /// Who is challenged.
    pub to: ChallengePlayer,
    /// The room it asks for: rules, deadline, rated or casual, match
    /// length (`first_to`).
    pub options: RoomOptions,
    /// Milliseconds before it expires, as the message leaves the server.
    pub expires_in_ms: u64,
}

/// How a challenge ended.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(tag = "kind", rename_all = "snake_case", deny_unknown_fields)]
pub enum ChallengeEnd {
    /// Accepted: the room made for it. Take your seat there as after
    /// `paired` (`join_room` with its code); it waits for both.
    Accepted {
        /// The room.
        code: RoomCode,
    },
    /// The challenged player said no.
    Declined,
    /// The challenger took it back.
    Cancelled,
    /// Nobody answered in time.
    Expired,
}

/// Whom a player takes challenges from.
#[derive(
    Clone, Copy, PartialEq, Eq, Debug, Default, Serialize, Deserialize, schemars::JsonSchema,
)]
#[serde(rename_all = "snake_case")]
pub enum ChallengesFrom {
    /// Anyone (the default).
    #[default]
    Everyone,
    /// Only keys they have played a game with on this server.
    Played,
    /// Nobody.
    Nobody,
}

impl ChallengesFrom {
    /// The byte this choice is signed as (`mice_cake_engine::signing::
    /// challenges_from_message`): 0 everyone, 1 played, 2 nobody.
    pub fn byte(self) -> u8 {
        match self {
            ChallengesFrom::Everyone => 0,
            ChallengesFrom::Played => 1,
            ChallengesFrom::Nobody => 2,
        }
    }
}

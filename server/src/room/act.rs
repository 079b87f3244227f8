//! What a room is asked to do, as data: the one form a command takes in
//! the room's rules (`core::Input`), on its task's channel and between the
//! nodes of a cluster (a node's connection asking a room another node
//! runs). A command comes with the connection it is from and, for one that
//! answers, its reply; neither is part of the act, and neither crosses a
//! node as it is (each node names its own connections, and keeps its own
//! replies).
//!
//! Two things a node keeps to itself change form as an act crosses: a seat
//! token is made by the node its player is on, and only its hash leaves it
//! (`JoinToken::Given`); a seal's signature checked by the sending node is
//! checked again by the room's (`SealSigning` crosses as the signature
//! alone, and arrives unchecked).

use mice_cake_engine::{Assignment, Nonce, Seal, SealSignature};
use serde::{Deserialize, Deserializer, Serialize, Serializer};

use super::{JoinToken, SealSigning, Seating};
use crate::token::TokenHash;

/// One thing a room is asked to do.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "c", rename_all = "snake_case")]
pub(crate) enum Act {
    /// Take a free seat. The room sends `joined` itself; the answer says
    /// whether the connection is in.
    Join {
        name: String,
        token: JoinToken,
        #[serde(flatten)]
        seating: Seating,
    },
    /// Watch.
    Watch,
    /// Take a seat back with its token (its SHA-256).
    Resume {
        #[serde(with = "hash_hex")]
        token: TokenHash,
        last_seq: Option<u64>,
        #[serde(flatten)]
        seating: Seating,
    },
    /// A player's sealed move.
    Seal {
        round: u32,
        seal: Seal,
        #[serde(default)]
        signature: SealSigning,
    },
    /// A player opens the sealed move.
    Open {
        round: u32,
        assignment: Option<Assignment>,
        nonce: Nonce,
    },
    /// Send the member the room's state again (`sync`).
    Sync,
    Rematch,
    Leave {
        /// The player's signature of leaving the game under way, if any.
        #[serde(default)]
        signature: Option<SealSignature>,
    },
    /// Answers once every command sent before it is handled: whatever the
    /// room had to send a connection that left is then in its queue (an
    /// arena's player moved on to their next room hears nothing more of
    /// the last one after).
    Barrier,
    /// Say something (already cleaned) on the room's chat.
    Chat {
        name: String,
        text: String,
    },
    /// Read the spectators' chat too, or no longer (a player).
    SpectatorChat {
        show: bool,
    },
    /// The connection is gone.
    Disconnected,
    /// Another node of the cluster has taken the room over: stop here.
    HandedOver,
}

impl Act {
    /// Whether the act brings a connection into the room (it answers with
    /// a seat, or with watching).
    pub(crate) fn enters(&self) -> bool {
        matches!(self, Act::Join { .. } | Act::Watch | Act::Resume { .. })
    }
}

/// A seal's signature crosses as the signature alone, and comes in
/// unchecked: the room's node checks what another node checked.
impl Serialize for SealSigning {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        self.signature().serialize(serializer)
    }
}

impl<'de> Deserialize<'de> for SealSigning {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        Option::<SealSignature>::deserialize(deserializer).map(SealSigning::Unchecked)
    }
}

impl Default for SealSigning {
    fn default() -> Self {
        SealSigning::Unchecked(None)
    }
}

/// A token to be made by the room is `null`; one made by the player's
/// node is its SHA-256 in hex.
impl Serialize for JoinToken {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        match self {
            JoinToken::Make => serializer.serialize_none(),
            JoinToken::Given(hash) => serializer.serialize_some(&hex(hash)),
        }
    }
}

impl<'de> Deserialize<'de> for JoinToken {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        match Option::<String>::deserialize(deserializer)? {
            None => Ok(JoinToken::Make),
            Some(text) => parse_hash(&text)
                .map(JoinToken::Given)
                .ok_or_else(|| serde::de::Error::custom("a token's hash is 64 hex digits")),
        }
    }
}

/// A token's SHA-256 as 64 hex digits.
mod hash_hex {
    use serde::{Deserialize, Deserializer, Serializer};

    use crate::token::TokenHash;

    pub(super) fn serialize<S: Serializer>(
        hash: &TokenHash,
        serializer: S,
    ) -> Result<S::Ok, S::Error> {
        serializer.serialize_str(&super::hex(hash))
    }

    pub(super) fn deserialize<'de, D: Deserializer<'de>>(
        deserializer: D,
    ) -> Result<TokenHash, D::Error> {
        let text = String::deserialize(deserializer)?;
        super::parse_hash(&text)
            .ok_or_else(|| serde::de::Error::custom("a token's hash is 64 hex digits"))
    }
}

fn hex(bytes: &[u8]) -> String {
    bytes.iter().map(|byte| format!("{byte:02x}")).collect()
}

fn parse_hash(hex: &str) -> Option<TokenHash> {
    if hex.len() != 64 {
        return None;
    }
    let mut hash = [0_u8; 32];
    for (index, byte) in hash.iter_mut().enumerate() {
        *byte = u8::from_str_radix(hex.get(2 * index..2 * index + 2)?, 16).ok()?;
    }
    Some(hash)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// An act crosses a node as JSON: a join's token as its hash, a
    /// checked seal as its signature alone, which arrives unchecked.
    #[test]
    fn an_act_crosses_as_json_with_its_token_hashed_and_its_seal_unchecked() {
        let join = Act::Join {
            name: "Ann".into(),
            token: JoinToken::Given([0xab; 32]),
            seating: Seating {
                key: None,
                proven: false,
                bot: true,
                address: Some("192.0.2.7".parse().unwrap()),
            },
        };
        let json = serde_json::to_string(&join).unwrap();
        assert!(json.contains(&"ab".repeat(32)), "{json}");
        assert!(json.contains(r#""bot":true"#), "{json}");
        let Act::Join { token, seating, .. } = serde_json::from_str(&json).unwrap() else {
            panic!("{json}");
        };
        assert!(matches!(token, JoinToken::Given(hash) if hash == [0xab; 32]));
        assert!(seating.bot);
        let signature = SealSignature::from_bytes([3; 64]);
        let seal = Act::Seal {
            round: 4,
            seal: Seal::from_bytes([9; 32]),
            signature: SealSigning::Unchecked(Some(signature)),
        };
        let json = serde_json::to_string(&seal).unwrap();
        let Act::Seal {
            signature: read, ..
        } = serde_json::from_str(&json).unwrap()
        else {
            panic!("{json}");
        };
        assert!(matches!(read, SealSigning::Unchecked(Some(s)) if s == signature));
        // A hash that is not one is refused, not taken for another.
        let bad = json!({"c": "resume", "token": "abc", "last_seq": null});
        assert!(serde_json::from_value::<Act>(bad).is_err());
    }

    use serde_json::json;
}

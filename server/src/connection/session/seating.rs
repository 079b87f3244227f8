//! Who a connection says it is as it takes a seat or seeks a game: its key
//! (checked usable, and proven held when a proof comes with it), whether
//! the key is a bot's (a declaration signed with it, checked and kept for
//! good, or one kept before), and the address it plays from (for the rule
//! that two seats from one address are not rated).

use mice_cake_engine::{PlayerKey, SealSignature};
use mice_cake_protocol::{ErrorCode, KeyProof};
use tracing::warn;

use super::Session;
use crate::admission::address_key;
use crate::room::{Refusal, Seating};

/// What a player says of themselves with a seat or a seek: their key, its
/// proof, and a bot's declaration.
pub(in crate::connection) struct Claim {
    pub(in crate::connection) key: Option<PlayerKey>,
    pub(in crate::connection) proof: Option<KeyProof>,
    pub(in crate::connection) bot_declaration: Option<SealSignature>,
}

/// The fields `create_room`, `join_room`, `resume` and `seek` carry alike.
impl From<(Option<PlayerKey>, Option<KeyProof>, Option<SealSignature>)> for Claim {
    fn from(
        (key, proof, bot_declaration): (Option<PlayerKey>, Option<KeyProof>, Option<SealSignature>),
    ) -> Claim {
        Claim {
            key,
            proof,
            bot_declaration,
        }
    }
}

impl Session {
    /// The seating of a player making `claim`.
    pub(in crate::connection) async fn seating(
        &self,
        name: &str,
        claim: Claim,
    ) -> Result<Seating, Refusal> {
        let Claim {
            key,
            proof,
            bot_declaration: declaration,
        } = claim;
        let key = usable_key(key)?;
        let proven = match (key, proof) {
            (_, None) => false,
            (None, Some(_)) => {
                return Err(Refusal::new(
                    ErrorCode::BadKey,
                    "a key's proof comes with the key it proves (`key`)",
                ));
            }
            (Some(key), Some(proof)) => {
                self.check_proof(key, proof)?;
                true
            }
        };
        let bot = match (key, declaration) {
            (None, None) => false,
            (None, Some(_)) => {
                return Err(Refusal::new(
                    ErrorCode::BadKey,
                    "a bot declares itself with its key: announce the key (`key`) that signed \
                     the declaration",
                ));
            }
            (Some(key), Some(declaration)) => {
                self.declare_bot(key, declaration, name).await?;
                true
            }
            (Some(key), None) => match self.shared.rooms.storage.is_bot(key).await {
                Ok(bot) => bot,
                Err(cause) => {
                    // The store checks again as it rates a game.
                    warn!(cause = %cause, "whether a key is a bot's cannot be read");
                    false
                }
            },
        };
        Ok(Seating {
            key,
            proven,
            bot,
            address: Some(address_key(self.peer.0)),
        })
    }

    /// Checks that `proof` is `key`'s, answering this connection's
    /// challenge.
    fn check_proof(&self, key: PlayerKey, proof: KeyProof) -> Result<(), Refusal> {
        // Every message that takes a proof comes after `hello`, which drew
        // the challenge; without one, no proof can answer it.
        let Some(challenge) = self.challenge else {
            return Err(Refusal::new(
                ErrorCode::BadSignature,
                crate::key_proofs::BadProof::OtherChallenge.to_string(),
            ));
        };
        crate::key_proofs::check(key, proof, challenge)
            .map_err(|bad| Refusal::new(ErrorCode::BadSignature, bad.to_string()))
    }

    /// Checks and keeps `key`'s declaration that it is a bot.
    pub(super) async fn declare_bot(
        &self,
        key: PlayerKey,
        declaration: SealSignature,
        name: &str,
    ) -> Result<(), Refusal> {
        if !mice_cake_engine::signing::check_bot(key, declaration) {
            return Err(Refusal::new(
                ErrorCode::BadSignature,
                "this is not the key's declaration that it is a bot (its signature of \
                 \"mice-cake/bot/v1\" followed by the key's 32 bytes)",
            ));
        }
        self.shared
            .rooms
            .storage
            .declare_bot(
                key,
                declaration,
                name.to_owned(),
                crate::clock::unix_millis(),
            )
            .await
            .map_err(|cause| {
                warn!(cause = %cause, "a bot's declaration cannot be stored");
                Refusal::new(
                    ErrorCode::Internal,
                    "the bot's declaration could not be stored; try again",
                )
            })
    }
}

/// A key announced with a seat, if any, once it is known to check
/// signatures: a key that cannot is refused when announced, not at the
/// first seal.
pub(in crate::connection) fn usable_key(
    key: Option<PlayerKey>,
) -> Result<Option<PlayerKey>, Refusal> {
    match key {
        Some(key) if !key.is_usable() => Err(Refusal::new(
            ErrorCode::BadKey,
            "this key is not a usable Ed25519 public key (32 bytes encoding, canonically, a \
             point of the curve in its prime-order subgroup: not of small order)",
        )),
        key => Ok(key),
    }
}

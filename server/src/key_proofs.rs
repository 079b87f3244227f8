//! A player's proof that they hold the key they announce (`KeyProof`): the
//! key's signature of a challenge the server drew for that one use — the
//! connection's (sent in its `welcome`), or, for an HTTP request, one
//! fetched for it alone (`key_challenges.rs`). A proof answering any other
//! challenge is worth nothing, so one seen by a proxy or another server
//! cannot be shown again. Checked as a seat is taken, a seek made, an arena
//! joined or created.

use mice_cake_engine::{KeyChallenge, PlayerKey};
use mice_cake_protocol::KeyProof;

/// Why a proof is refused.
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
pub(crate) enum BadProof {
    #[error(
        "this proof answers another challenge than this connection's: sign the challenge of \
         the `welcome` this connection got (a proof holds on its own connection only)"
    )]
    OtherChallenge,
    #[error(
        "this proof's challenge is unknown, spent or expired: fetch a new one (POST \
         /api/key-challenges), sign it, and send the request again (a challenge is good once)"
    )]
    SpentChallenge,
    #[error(
        "this is not the key's proof (its signature of \"mice-cake/key/v2\" followed by the \
         challenge's 32 bytes): nothing shows you hold the key you announce"
    )]
    NotTheKeys,
}

/// Checks that `proof` is `key`'s, answering `expected`.
pub(crate) fn check(
    key: PlayerKey,
    proof: KeyProof,
    expected: KeyChallenge,
) -> Result<(), BadProof> {
    if proof.challenge != expected {
        return Err(BadProof::OtherChallenge);
    }
    check_signature(key, proof)
}

/// Checks that `proof`'s signature is `key`'s, answering the challenge it
/// names (whose being this request's own is checked by whoever spends it).
pub(crate) fn check_signature(key: PlayerKey, proof: KeyProof) -> Result<(), BadProof> {
    if mice_cake_engine::signing::check_key_proof(key, proof.challenge, proof.signature) {
        Ok(())
    } else {
        Err(BadProof::NotTheKeys)
    }
}

#[cfg(test)]
mod tests {
    use mice_cake_engine::PlayerSecret;

    use super::*;

    #[test]
    fn a_proof_holds_for_its_own_challenge_and_key_only() {
        let secret = PlayerSecret::from_bytes([3; 32]);
        let challenge = KeyChallenge::from_bytes([7; 32]);
        let proof = KeyProof::new(&secret, challenge);
        assert_eq!(check(secret.public_key(), proof, challenge), Ok(()));
        let other_connection = KeyChallenge::from_bytes([8; 32]);
        assert_eq!(
            check(secret.public_key(), proof, other_connection),
            Err(BadProof::OtherChallenge)
        );
        let someone_else = PlayerSecret::from_bytes([4; 32]).public_key();
        assert_eq!(
            check(someone_else, proof, challenge),
            Err(BadProof::NotTheKeys)
        );
        // The right challenge named, signed for another: refused too.
        let forged = KeyProof {
            challenge: other_connection,
            ..proof
        };
        assert_eq!(
            check(secret.public_key(), forged, other_connection),
            Err(BadProof::NotTheKeys)
        );
    }
}

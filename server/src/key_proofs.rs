//! A player's proof that they hold the key they announce (`KeyProof`):
//! the key's signature of the time it was made, near the server's clock.
//! Checked as a seat is taken, a seek made, an arena joined or created.

use mice_cake_engine::PlayerKey;
use mice_cake_protocol::KeyProof;

/// How far a signed time (a proof of a key, a rename) may be from the
/// server's clock.
pub(crate) const CLOCK_SKEW_MS: u64 = 10 * 60 * 1000;

/// Why a proof is refused.
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
pub(crate) enum BadProof {
    #[error(
        "a key's proof is signed with the time it is made (at_ms, milliseconds since the Unix \
         epoch), within ten minutes of the server's clock: check your clock"
    )]
    Skewed,
    #[error(
        "this is not the key's proof (its signature of \"mice-cake/key/v1\" followed by at_ms \
         as eight bytes big-endian): nothing shows you hold the key you announce"
    )]
    NotTheKeys,
}

/// Checks that `proof` is `key`'s, made within [`CLOCK_SKEW_MS`] of `now_ms`.
pub(crate) fn check(key: PlayerKey, proof: KeyProof, now_ms: u64) -> Result<(), BadProof> {
    if proof.at_ms.abs_diff(now_ms) > CLOCK_SKEW_MS {
        return Err(BadProof::Skewed);
    }
    if !mice_cake_engine::signing::check_key_proof(key, proof.at_ms, proof.signature) {
        return Err(BadProof::NotTheKeys);
    }
    Ok(())
}

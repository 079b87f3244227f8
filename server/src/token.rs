//! Seat tokens as the server keeps them: only their SHA-256, never the
//! token itself (in memory, on disk, in a log).

use mice_cake_protocol::SeatToken;
use sha2::{Digest, Sha256};

/// A seat token's SHA-256.
pub(crate) type TokenHash = [u8; 32];

/// Hashes a seat token for storage and lookup.
pub(crate) fn token_hash(token: &SeatToken) -> TokenHash {
    Sha256::digest(token.as_bytes()).into()
}

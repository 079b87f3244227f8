//! Fair play's derivations, version 1: the commitment to the server's
//! seed, a move's seal, and the generators of the deal and the dice, each
//! byte fixed (see [`crate::fair`], where they are published, and its
//! vectors). A leaf: it needs nothing of the game but a seat and an
//! assignment.

use hmac::{Hmac, KeyInit, Mac};
use rand_chacha::ChaCha8Rng;
use rand_core::SeedableRng;
use sha2::{Digest, Sha256};

use crate::assignment::Assignment;
use crate::dice::{GameRng, Seed};
pub use crate::hex::HexError;
use crate::seat::{Seat, Seated};

/// The version of the derivations below, written in every sealed record.
pub const FAIR_VERSION: u32 = 1;

const SEED_TAG: &[u8] = b"mice-cake/fair/v1/seed";
const SEAL_TAG: &[u8] = b"mice-cake/fair/v1/seal";
const DEAL_TAG: &[u8] = b"mice-cake/fair/v1/deal";
const DICE_TAG: &[u8] = b"mice-cake/fair/v1/dice";
const SERVER_NONCE_TAG: &[u8] = b"mice-cake/fair/v1/server-nonce";

/// The round number of the deal's exchange of nonces.
pub const DEAL_ROUND: u32 = 0;

crate::hex::bytes!(
    /// The server's commitment to its seed: `SHA-256("mice-cake/fair/v1/seed" ‖ seed)`.
    /// JSON: 64 hexadecimal digits.
    Commitment,
    32
);
crate::hex::bytes!(
    /// A sealed move: `SHA-256("mice-cake/fair/v1/seal" ‖ commitment ‖
    /// round (u32, big-endian) ‖ seat (0 Yellow, 1 Blue) ‖ assignment (7
    /// bytes, [`assignment_bytes`]) ‖ nonce)`. JSON: 64 hexadecimal digits.
    Seal,
    32
);
crate::hex::bytes!(
    /// A move's fresh randomness: 32 bytes from a good random source,
    /// never used twice. JSON: 64 hexadecimal digits.
    Nonce,
    32
);

/// The commitment a server publishes for `seed`.
pub fn commitment(seed: Seed) -> Commitment {
    let digest = Sha256::new()
        .chain_update(SEED_TAG)
        .chain_update(seed.to_bytes())
        .finalize();
    Commitment(digest.into())
}

/// An assignment as 7 bytes: mice in columns A, B, C, D, then 0 without a
/// steal, or 1 and the stolen piece's low and high halves.
pub fn assignment_bytes(assignment: &Assignment) -> [u8; 7] {
    let [a, b, c, d] = assignment.mice;
    match assignment.steal {
        None => [a, b, c, d, 0, 0, 0],
        Some(piece) => [a, b, c, d, 1, piece.low(), piece.high()],
    }
}

/// The seal of `seat`'s move in `round` of the game committed to by
/// `commitment` (round 0, the deal, seals the empty assignment).
pub fn seal(
    commitment: Commitment,
    round: u32,
    seat: Seat,
    assignment: &Assignment,
    nonce: Nonce,
) -> Seal {
    let digest = Sha256::new()
        .chain_update(SEAL_TAG)
        .chain_update(commitment.0)
        .chain_update(round.to_be_bytes())
        .chain_update([seat_byte(seat)])
        .chain_update(assignment_bytes(assignment))
        .chain_update(nonce.0)
        .finalize();
    Seal(digest.into())
}

pub(crate) const fn seat_byte(seat: Seat) -> u8 {
    match seat {
        Seat::Yellow => 0,
        Seat::Blue => 1,
    }
}

/// HMAC-SHA-256 keyed by the seed over `parts`.
fn keyed(seed: Seed, parts: &[&[u8]]) -> [u8; 32] {
    // HMAC takes keys of any length: this cannot fail.
    let Ok(mut mac) = <Hmac<Sha256> as KeyInit>::new_from_slice(&seed.to_bytes()) else {
        return [0; 32];
    };
    for part in parts {
        mac.update(part);
    }
    mac.finalize().into_bytes().into()
}

/// The generator of the deal: ChaCha8 from `HMAC-SHA-256(seed,
/// "mice-cake/fair/v1/deal" ‖ Yellow's nonce ‖ Blue's nonce)`.
pub fn deal_rng(seed: Seed, nonces: Seated<Nonce>) -> GameRng {
    ChaCha8Rng::from_seed(keyed(seed, &[DEAL_TAG, &nonces.yellow.0, &nonces.blue.0]))
}

/// The generator of round `round`'s dice, every die in the order the
/// engine asks: ChaCha8 from `HMAC-SHA-256(seed, "mice-cake/fair/v1/dice" ‖
/// round (u32, big-endian) ‖ Yellow's nonce ‖ Blue's nonce)`.
pub fn dice_rng(seed: Seed, round: u32, nonces: Seated<Nonce>) -> GameRng {
    ChaCha8Rng::from_seed(keyed(
        seed,
        &[
            DICE_TAG,
            &round.to_be_bytes(),
            &nonces.yellow.0,
            &nonces.blue.0,
        ],
    ))
}

/// The nonce of a move the server makes for `seat` (a bot, a missed
/// deadline): `HMAC-SHA-256(seed, "mice-cake/fair/v1/server-nonce" ‖ round
/// (u32, big-endian) ‖ seat)`. Fixed by the committed seed, so the server
/// cannot pick it.
pub fn server_nonce(seed: Seed, round: u32, seat: Seat) -> Nonce {
    Nonce(keyed(
        seed,
        &[SERVER_NONCE_TAG, &round.to_be_bytes(), &[seat_byte(seat)]],
    ))
}

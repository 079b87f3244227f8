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
const MATCH_SEED_TAG: &[u8] = b"mice-cake/fair/v1/match-seed";
const MATCH_ORIGIN_TAG: &[u8] = b"mice-cake/fair/v1/match";

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

crate::hex::bytes!(
    /// A match's id: 16 bytes the server draws when the match begins.
    /// JSON: 32 hexadecimal digits.
    MatchId,
    16
);

/// Where a game stands in its match, bound into its commitment
/// ([`match_commitment`]): the match, its length, the game's number in it
/// (1 first) and the link to what came before it — the previous game's
/// commitment, or for the first game the match's origin
/// ([`match_origin`]). JSON: an object.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, serde::Serialize, serde::Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[serde(deny_unknown_fields)]
pub struct MatchLink {
    /// The match.
    pub id: MatchId,
    /// The wins that take the match.
    pub first_to: u32,
    /// This game's number in the match: 1 for the first.
    pub number: u32,
    /// The previous game's commitment; for the first game, the match's
    /// origin.
    pub previous: Commitment,
}

impl MatchLink {
    /// The first game's link.
    pub fn first(id: MatchId, first_to: u32) -> MatchLink {
        MatchLink {
            id,
            first_to,
            number: 1,
            previous: match_origin(id, first_to),
        }
    }

    /// The link of the game after the one committed to by `commitment`,
    /// which had this link.
    pub fn next(&self, commitment: Commitment) -> MatchLink {
        MatchLink {
            number: self.number.saturating_add(1),
            previous: commitment,
            ..*self
        }
    }
}

/// What a match's first game links to: `SHA-256("mice-cake/fair/v1/match"
/// ‖ id ‖ first_to (u32, big-endian))`.
pub fn match_origin(id: MatchId, first_to: u32) -> Commitment {
    let digest = Sha256::new()
        .chain_update(MATCH_ORIGIN_TAG)
        .chain_update(id.to_bytes())
        .chain_update(first_to.to_be_bytes())
        .finalize();
    Commitment(digest.into())
}

/// The commitment a server publishes for `seed` in a game of a match:
/// `SHA-256("mice-cake/fair/v1/match-seed" ‖ seed ‖ id ‖ first_to ‖ number
/// ‖ previous)` (numbers u32, big-endian). Every seal of the game binds
/// it, so both players' signatures hold the game to its place in the match:
/// once the seed is out, nobody can move the game, drop the one before it
/// or slip another in between without a seal that no longer checks.
pub fn match_commitment(seed: Seed, link: &MatchLink) -> Commitment {
    let digest = Sha256::new()
        .chain_update(MATCH_SEED_TAG)
        .chain_update(seed.to_bytes())
        .chain_update(link.id.to_bytes())
        .chain_update(link.first_to.to_be_bytes())
        .chain_update(link.number.to_be_bytes())
        .chain_update(link.previous.0)
        .finalize();
    Commitment(digest.into())
}

/// The commitment for `seed`, in a match if `link` says where.
pub fn commitment_in(seed: Seed, link: Option<&MatchLink>) -> Commitment {
    match link {
        Some(link) => match_commitment(seed, link),
        None => commitment(seed),
    }
}

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

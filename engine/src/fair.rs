//! Provably fair play, version 1: sealed moves, and a deal and dice that
//! nobody chose. `docs/fairness.md` has the threat model and the proofs.
//!
//! - The server publishes a [`Commitment`] to its secret seed before any
//!   player does anything, and reveals the seed when the game is over.
//! - Each move is first *sealed* ([`seal`]): a hash binding the game (by the
//!   commitment), the round, the seat, the assignment and a fresh 32-byte
//!   [`Nonce`]. Only when both seals are in are they *opened*. Round 0 is the
//!   deal: the players exchange nonces alone (the empty assignment).
//! - The deal is shuffled by [`deal_rng`], round `r`'s dice rolled by
//!   [`dice_rng`]: ChaCha8 keyed by HMAC-SHA-256 of the seed over both
//!   players' nonces, so that neither the server (its seed came first) nor a
//!   player (their nonce was sealed before they saw the other's) could steer.
//! - A move the server makes for a seat (a bot, a missed deadline) uses
//!   [`server_nonce`]: derived from the committed seed, never chosen.
//!
//! Every byte of the derivations is fixed here and tested with fixed
//! vectors: a record of version 1 verifies the same way forever.

use core::fmt;

use hmac::{Hmac, KeyInit, Mac};
use rand_chacha::ChaCha8Rng;
use rand_core::SeedableRng;
use serde::{Deserialize, Serialize};
use sha2::{Digest, Sha256};

use crate::assignment::Assignment;
use crate::dice::{GameRng, Seed};
pub use crate::hex::HexError;
use crate::seat::{Seat, Seated};
use crate::signature_check::CheckingKey;
use crate::signing::{self, CheckedSeal, PlayerKey, SealSignature};

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

/// One exchange of sealed moves as recorded: the deal's (round 0) or a
/// round's. The round's assignments are in its report.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[serde(deny_unknown_fields)]
pub struct SealedExchange {
    /// Each seat's seal, as published before either was opened.
    pub seals: Seated<Seal>,
    /// Each seat's nonce, from its opening.
    pub nonces: Seated<Nonce>,
    /// Whose move the server made (a bot, a missed deadline): its nonce
    /// must be [`server_nonce`]'s.
    pub by_server: Seated<bool>,
    /// Each player's signature of their seal ([`signing`]): none for a move
    /// the server made, or a player without a key. Absent in a format 2
    /// record, and when neither move is signed.
    #[serde(default, skip_serializing_if = "neither_signed")]
    pub signatures: Seated<Option<SealSignature>>,
}

fn neither_signed(signatures: &Seated<Option<SealSignature>>) -> bool {
    signatures.yellow.is_none() && signatures.blue.is_none()
}

/// The fairness part of a record (format 2): what `mice-cake verify` checks.
#[derive(Clone, PartialEq, Eq, Debug, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[serde(deny_unknown_fields)]
pub struct Fairness {
    /// The derivations' version, [`FAIR_VERSION`].
    pub version: u32,
    /// The commitment to the seed, published when the game started.
    pub commitment: Commitment,
    /// The deal's exchange of nonces (round 0).
    pub deal: SealedExchange,
    /// Every round's exchange, in order (round 1 first).
    pub rounds: alloc::vec::Vec<SealedExchange>,
    /// Each player's key, announced when they took their seat and
    /// published when the game started: every move not made by the server
    /// carries its player's signature. `null` for a seat without a key (a
    /// bot, a client that announced none), whose moves nothing proves to be
    /// the player's. Format 3; absent in format 2.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub keys: Option<Seated<Option<PlayerKey>>>,
    /// The leave of a player who left the game, signed with their key
    /// (format 4): the proof that they forfeited by leaving. Absent when
    /// nobody left, and when whoever left had no key to sign with (the
    /// cause then rests on the server's word).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub left: Option<SignedLeave>,
}

/// A player's leave, signed with their key: who left, in which round (0:
/// the deal), and their signature of it (`signing::leave_message`, which
/// also binds the game's commitment).
#[derive(Clone, Copy, PartialEq, Eq, Debug, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[serde(deny_unknown_fields)]
pub struct SignedLeave {
    /// Who left.
    pub seat: Seat,
    /// The round under way when they left (0: the deal).
    pub round: u32,
    /// Their key's signature of leaving that game in that round.
    pub signature: SealSignature,
}

impl SignedLeave {
    /// Checks the leave against the seat's key (`keys`) and the game's
    /// commitment: a leave from a seat without a key, or not signed with
    /// it, is refused.
    pub fn check(
        &self,
        commitment: Commitment,
        keys: Seated<Option<PlayerKey>>,
    ) -> Result<(), crate::record::ReplayError> {
        let Some(key) = keys[self.seat] else {
            return Err(crate::record::ReplayError::BadLeave {
                seat: self.seat,
                round: self.round,
            });
        };
        if signing::check_leave(key, commitment, self.round, self.seat, self.signature) {
            Ok(())
        } else {
            Err(crate::record::ReplayError::BadLeave {
                seat: self.seat,
                round: self.round,
            })
        }
    }
}

/// A seat's opened move: the assignment and nonce its seal binds. Secret
/// until both moves are opened: its debug output shows neither.
#[derive(Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Opening {
    /// The assignment (empty for the deal).
    pub assignment: Assignment,
    /// The nonce.
    pub nonce: Nonce,
}

impl fmt::Debug for Opening {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("Opening(…)")
    }
}

/// Why a seal or an opening is refused. Nothing changes when one is.
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
pub enum ExchangeError {
    /// The seat has sealed this exchange already.
    #[error("this move is sealed already")]
    AlreadySealed,
    /// Openings wait for both seals.
    #[error("moves are opened once both are sealed")]
    NotBothSealed,
    /// The seat has opened already.
    #[error("this move is opened already")]
    AlreadyOpened,
    /// The opening is not what the seal binds.
    #[error("the assignment and nonce do not match the seal")]
    WrongOpening,
    /// The seat's player announced a key, and the seal comes without its
    /// signature.
    #[error("this seat's moves are signed with its player's key: the seal needs its signature")]
    Unsigned,
    /// The signature is not the seat's key's signature of this seal.
    #[error("the signature is not the seat's key's signature of this seal")]
    BadSignature,
    /// A signature for a seat whose player announced no key.
    #[error("no key was announced for this seat: a signature cannot be checked")]
    NoKey,
}

fn no_keys(keys: &Seated<Option<PlayerKey>>) -> bool {
    keys.yellow.is_none() && keys.blue.is_none()
}

/// One exchange under way: seals first, then openings, each checked. What a
/// server holds for the round being played (and for the deal).
#[derive(Clone, Copy, PartialEq, Eq, Debug, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Exchange {
    /// The game's commitment.
    pub commitment: Commitment,
    /// The round (0 for the deal).
    pub round: u32,
    /// Each seat's player's key, if they announced one: their seals must be
    /// signed with it. Left out of the JSON when neither seat has one: a
    /// holder that keeps the keys elsewhere (a server's storage: once a
    /// game) stores the exchange without them and gives them back
    /// ([`Exchange::with_keys`]).
    #[serde(default, skip_serializing_if = "no_keys")]
    pub keys: Seated<Option<PlayerKey>>,
    /// The seals in so far.
    pub seals: Seated<Option<Seal>>,
    /// The signatures of the seals in so far.
    #[serde(default)]
    pub signatures: Seated<Option<SealSignature>>,
    /// The openings in so far: secret until both are in.
    pub openings: Seated<Option<Opening>>,
    /// Whose move the server made.
    pub by_server: Seated<bool>,
}

impl Exchange {
    /// A new exchange for `round` of the game committed to by `commitment`.
    pub fn new(commitment: Commitment, round: u32) -> Exchange {
        Exchange {
            commitment,
            round,
            keys: Seated::default(),
            seals: Seated::default(),
            signatures: Seated::default(),
            openings: Seated::default(),
            by_server: Seated::default(),
        }
    }

    /// The exchange, its seals to be signed with `keys` (a seat without a
    /// key seals unsigned).
    #[must_use]
    pub fn with_keys(self, keys: Seated<Option<PlayerKey>>) -> Exchange {
        Exchange { keys, ..self }
    }

    /// Takes `seat`'s seal, signed by its player if they have a key.
    pub fn seal(
        &mut self,
        seat: Seat,
        seal: Seal,
        signature: Option<SealSignature>,
    ) -> Result<(), ExchangeError> {
        if self.seals[seat].is_some() {
            return Err(ExchangeError::AlreadySealed);
        }
        match (self.keys[seat], signature) {
            (None, None) => {}
            (None, Some(_)) => return Err(ExchangeError::NoKey),
            (Some(_), None) => return Err(ExchangeError::Unsigned),
            (Some(key), Some(signature)) => {
                let holds = CheckingKey::announced(key)
                    .is_some_and(|key| signing::check_seal(&key, seal, signature).is_some());
                if !holds {
                    return Err(ExchangeError::BadSignature);
                }
            }
        }
        self.seals[seat] = Some(seal);
        self.signatures[seat] = signature;
        Ok(())
    }

    /// Takes `seat`'s seal whose signature was checked already
    /// ([`crate::check_seals`]) as [`Exchange::seal`] takes it, without
    /// checking it again if it was checked with the seat's key.
    pub fn seal_checked(&mut self, seat: Seat, checked: CheckedSeal) -> Result<(), ExchangeError> {
        if self.keys[seat] != Some(checked.key()) {
            return self.seal(seat, checked.seal(), Some(checked.signature()));
        }
        if self.seals[seat].is_some() {
            return Err(ExchangeError::AlreadySealed);
        }
        self.seals[seat] = Some(checked.seal());
        self.signatures[seat] = Some(checked.signature());
        Ok(())
    }

    /// Seals and opens at once a move the server makes for `seat`, with the
    /// nonce its seed gives. Returns the seal.
    pub fn make_for(
        &mut self,
        seat: Seat,
        seed: Seed,
        assignment: Assignment,
    ) -> Result<Seal, ExchangeError> {
        let nonce = server_nonce(seed, self.round, seat);
        let sealed = seal(self.commitment, self.round, seat, &assignment, nonce);
        if self.seals[seat].is_some() {
            return Err(ExchangeError::AlreadySealed);
        }
        self.seals[seat] = Some(sealed);
        self.openings[seat] = Some(Opening { assignment, nonce });
        self.by_server[seat] = true;
        Ok(sealed)
    }

    /// Whether both seals are in (and so openings are due).
    pub fn both_sealed(&self) -> bool {
        self.seals.yellow.is_some() && self.seals.blue.is_some()
    }

    /// Takes `seat`'s opening, once both seals are in, if it matches its seal.
    pub fn open(&mut self, seat: Seat, opening: Opening) -> Result<(), ExchangeError> {
        let (Some(yellow), Some(blue)) = (self.seals.yellow, self.seals.blue) else {
            return Err(ExchangeError::NotBothSealed);
        };
        if self.openings[seat].is_some() {
            return Err(ExchangeError::AlreadyOpened);
        }
        let expected = Seated { yellow, blue }[seat];
        if seal(
            self.commitment,
            self.round,
            seat,
            &opening.assignment,
            opening.nonce,
        ) != expected
        {
            return Err(ExchangeError::WrongOpening);
        }
        self.openings[seat] = Some(opening);
        Ok(())
    }

    /// Both openings, once both are in, with the record of the exchange.
    pub fn opened(&self) -> Option<(Seated<Assignment>, SealedExchange)> {
        let (Some(yellow_seal), Some(blue_seal)) = (self.seals.yellow, self.seals.blue) else {
            return None;
        };
        let (Some(yellow), Some(blue)) = (self.openings.yellow, self.openings.blue) else {
            return None;
        };
        Some((
            Seated {
                yellow: yellow.assignment,
                blue: blue.assignment,
            },
            SealedExchange {
                seals: Seated {
                    yellow: yellow_seal,
                    blue: blue_seal,
                },
                nonces: Seated {
                    yellow: yellow.nonce,
                    blue: blue.nonce,
                },
                by_server: self.by_server,
                signatures: self.signatures,
            },
        ))
    }
}

/// What a player's client saw of a game before it opened anything: the
/// commitment published when the game started, and each exchange's two
/// seals as published before the openings. A record must agree with it: a
/// server that rewrote a round afterwards, seal and all, is caught here
/// (the record alone would hold together).
#[derive(Clone, PartialEq, Eq, Debug, Default, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Witness {
    /// The commitment published at the start; `None` until seen.
    pub commitment: Option<Commitment>,
    /// The seals seen, by round (0: the deal); `None` for a round not seen
    /// (missed while disconnected).
    pub seals: alloc::vec::Vec<Option<Seated<Seal>>>,
    /// The client's own moves, as it opened them.
    #[serde(default)]
    pub own: alloc::vec::Vec<OwnMove>,
    /// The rounds this client sealed a move in itself (0: the deal).
    #[serde(default)]
    pub sealed: alloc::vec::Vec<u32>,
    /// The last round this client saw revealed.
    #[serde(default)]
    pub revealed: u32,
    /// Something seen during the game that no honest server sends: the
    /// commitment or a round's seals changing once published.
    #[serde(default)]
    pub conflict: Option<WitnessError>,
}

/// A move a client opened itself.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct OwnMove {
    /// The round (0: the deal).
    pub round: u32,
    /// The client's seat.
    pub seat: Seat,
    /// What it opened.
    pub opening: Opening,
}

/// Where a record disagrees with what a client saw, or the game did with
/// itself.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, thiserror::Error)]
pub enum WitnessError {
    /// The commitment changed during the game.
    #[error("the server published another commitment during the game")]
    CommitmentChangedInPlay,
    /// A seal changed once published.
    #[error("{seat}'s seal of {} changed after it was published", if *round == DEAL_ROUND { alloc::string::String::from("the deal") } else { alloc::format!("round {round}") })]
    SealChangedInPlay {
        /// The round (0: the deal).
        round: u32,
        /// Whose.
        seat: Seat,
    },
    /// The record holds no seals.
    #[error("the record holds no seals: it is not the sealed game that was played")]
    NotSealed,
    /// Another commitment than the one published at the start.
    #[error("the record's commitment is not the one published when the game started")]
    OtherCommitment,
    /// A round the client saw sealed is missing.
    #[error("round {round} was sealed in play but is missing from the record")]
    RoundMissing {
        /// The round.
        round: u32,
    },
    /// The record holds another move (or nonce) than the one this client
    /// opened.
    #[error("{}: the record does not hold the move you opened", if *round == DEAL_ROUND { alloc::string::String::from("the deal") } else { alloc::format!("round {round}") })]
    OwnMoveChanged {
        /// The round (0: the deal).
        round: u32,
    },
    /// A seal other than the one published before the openings.
    #[error("{seat}'s seal of {} is not the one published before the moves were opened", if *round == DEAL_ROUND { alloc::string::String::from("the deal") } else { alloc::format!("round {round}") })]
    SealChanged {
        /// The round (0: the deal).
        round: u32,
        /// Whose.
        seat: Seat,
    },
}

impl Witness {
    /// A witness of the game committed to by `commitment`.
    pub fn new(commitment: Commitment) -> Witness {
        Witness {
            commitment: Some(commitment),
            seals: alloc::vec::Vec::new(),
            own: alloc::vec::Vec::new(),
            sealed: alloc::vec::Vec::new(),
            revealed: 0,
            conflict: None,
        }
    }

    /// Notes that `round` was revealed: the record must hold it.
    pub fn saw_revealed(&mut self, round: u32) {
        self.revealed = self.revealed.max(round);
    }

    /// Notes the commitment published (at the start, or in a state): one
    /// that differs from the first is a conflict.
    pub fn saw_commitment(&mut self, commitment: Commitment) {
        match self.commitment {
            None => self.commitment = Some(commitment),
            Some(first) if first != commitment => {
                self.conflict
                    .get_or_insert(WitnessError::CommitmentChangedInPlay);
            }
            Some(_) => {}
        }
    }

    /// Notes that this client sealed a move of `round` itself.
    pub fn sealed_own(&mut self, round: u32) {
        if !self.sealed.contains(&round) {
            self.sealed.push(round);
        }
    }

    /// The rounds in which this client sealed a move but the record says
    /// the server made it: its seal came after the deadline (and was
    /// refused, as the client was told), or the server dropped it.
    pub fn moves_taken_over(
        &self,
        record: &crate::record::GameRecord,
        seat: Seat,
    ) -> alloc::vec::Vec<u32> {
        let Some(fair) = record.fair.as_ref() else {
            return alloc::vec::Vec::new();
        };
        self.sealed
            .iter()
            .copied()
            .filter(|&round| {
                let exchange = match round.checked_sub(1) {
                    None => Some(&fair.deal),
                    Some(index) => usize::try_from(index).ok().and_then(|i| fair.rounds.get(i)),
                };
                exchange.is_some_and(|exchange| exchange.by_server[seat])
            })
            .collect()
    }

    /// Notes a move this client opened.
    pub fn opened(&mut self, round: u32, seat: Seat, opening: Opening) {
        self.own.retain(|own| own.round != round);
        self.own.push(OwnMove {
            round,
            seat,
            opening,
        });
    }

    /// Notes both seals of an exchange (once both are in; before that,
    /// nothing).
    pub fn saw_seals(&mut self, exchange: &Exchange) {
        if let (Some(yellow), Some(blue)) = (exchange.seals.yellow, exchange.seals.blue) {
            self.saw(exchange.round, Seated { yellow, blue });
        }
    }

    /// Notes the two seals of `round` as published. The first pair seen is
    /// kept: a pair that differs later is a conflict (an honest server
    /// never changes a seal).
    pub fn saw(&mut self, round: u32, seals: Seated<Seal>) {
        let Ok(index) = usize::try_from(round) else {
            return;
        };
        if self.seals.len() <= index {
            self.seals.resize(index + 1, None);
        }
        match self.seals[index] {
            None => self.seals[index] = Some(seals),
            Some(first) => {
                if let Some(seat) = Seat::ALL
                    .into_iter()
                    .find(|seat| first[*seat] != seals[*seat])
                {
                    self.conflict
                        .get_or_insert(WitnessError::SealChangedInPlay { round, seat });
                }
            }
        }
    }

    /// Checks `record` against what was seen. A game that ended by a
    /// forfeit (no outcome by the rules) may stop before the round that was
    /// being played: that round is not looked for.
    pub fn check(&self, record: &crate::record::GameRecord) -> Result<(), WitnessError> {
        if let Some(conflict) = self.conflict {
            return Err(conflict);
        }
        let fair = record.fair.as_ref().ok_or(WitnessError::NotSealed)?;
        let recorded = u32::try_from(record.rounds.len()).unwrap_or(u32::MAX);
        if self.revealed > recorded {
            return Err(WitnessError::RoundMissing {
                round: recorded + 1,
            });
        }
        let unfinished = recorded.saturating_add(1);
        let cut_short = |round: u32| record.outcome.is_none() && round == unfinished;
        if self
            .commitment
            .is_some_and(|commitment| commitment != fair.commitment)
        {
            return Err(WitnessError::OtherCommitment);
        }
        for (index, seen) in self.seals.iter().enumerate() {
            let Some(seen) = seen else { continue };
            let round = u32::try_from(index).unwrap_or(u32::MAX);
            if cut_short(round) {
                continue;
            }
            let recorded = match index.checked_sub(1) {
                None => Some(&fair.deal),
                Some(index) => fair.rounds.get(index),
            }
            .ok_or(WitnessError::RoundMissing { round })?;
            if let Some(seat) = Seat::ALL
                .into_iter()
                .find(|seat| recorded.seals[*seat] != seen[*seat])
            {
                return Err(WitnessError::SealChanged { round, seat });
            }
        }
        for own in self.own.iter().filter(|own| !cut_short(own.round)) {
            let index = usize::try_from(own.round).unwrap_or(usize::MAX);
            let (nonces, assignment) = match index.checked_sub(1) {
                None => (Some(fair.deal.nonces), Some(Assignment::EMPTY)),
                Some(index) => (
                    fair.rounds.get(index).map(|exchange| exchange.nonces),
                    record
                        .rounds
                        .get(index)
                        .map(|report| report.assignments[own.seat]),
                ),
            };
            let (Some(nonces), Some(assignment)) = (nonces, assignment) else {
                return Err(WitnessError::RoundMissing { round: own.round });
            };
            if nonces[own.seat] != own.opening.nonce || assignment != own.opening.assignment {
                return Err(WitnessError::OwnMoveChanged { round: own.round });
            }
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use alloc::string::ToString;

    #[test]
    fn hex_is_64_digits_of_either_case_and_nothing_else() {
        let nonce = Nonce([0xa5; 32]);
        let text = nonce.to_string();
        assert_eq!(text, "a5".repeat(32));
        assert_eq!(text.parse::<Nonce>(), Ok(nonce));
        assert_eq!(text.to_uppercase().parse::<Nonce>(), Ok(nonce));
        for bad in [
            "a5".repeat(31),
            "a5".repeat(33),
            alloc::format!("+f{}", "a5".repeat(31)),
            alloc::format!("g0{}", "a5".repeat(31)),
            alloc::format!("é{}", "a".repeat(62)),
        ] {
            assert_eq!(bad.parse::<Nonce>(), Err(HexError { bytes: 32 }), "{bad}");
        }
    }

    #[test]
    fn hashes_read_and_write_as_64_hex_digits() {
        let nonce = Nonce::from_bytes([0xab; 32]);
        let text = nonce.to_string();
        assert_eq!(text, "ab".repeat(32));
        assert_eq!(text.parse::<Nonce>(), Ok(nonce));
        assert_eq!("ab".parse::<Nonce>(), Err(HexError { bytes: 32 }));
        assert_eq!("zz".repeat(32).parse::<Seal>(), Err(HexError { bytes: 32 }));
        assert_eq!("é".repeat(32).parse::<Seal>(), Err(HexError { bytes: 32 }));
    }

    #[test]
    fn an_exchange_takes_openings_only_after_both_seals_and_only_matching_ones() {
        let commitment = commitment(Seed::from_u64(1));
        let mut exchange = Exchange::new(commitment, 3);
        let yellow = Opening {
            assignment: Assignment::EMPTY,
            nonce: Nonce::from_bytes([1; 32]),
        };
        let sealed = seal(
            commitment,
            3,
            Seat::Yellow,
            &yellow.assignment,
            yellow.nonce,
        );
        exchange.seal(Seat::Yellow, sealed, None).unwrap();
        assert_eq!(
            exchange.seal(Seat::Yellow, sealed, None),
            Err(ExchangeError::AlreadySealed)
        );
        assert_eq!(
            exchange.open(Seat::Yellow, yellow),
            Err(ExchangeError::NotBothSealed)
        );
        exchange
            .make_for(Seat::Blue, Seed::from_u64(1), Assignment::EMPTY)
            .unwrap();
        let before = exchange;
        let wrong = Opening {
            nonce: Nonce::from_bytes([2; 32]),
            ..yellow
        };
        assert_eq!(
            exchange.open(Seat::Yellow, wrong),
            Err(ExchangeError::WrongOpening)
        );
        assert_eq!(exchange, before, "a refused opening changes nothing");
        exchange.open(Seat::Yellow, yellow).unwrap();
        let (_, record) = exchange.opened().unwrap();
        assert_eq!(
            record.by_server,
            Seated {
                yellow: false,
                blue: true
            }
        );
        assert_eq!(
            record.nonces.blue,
            server_nonce(Seed::from_u64(1), 3, Seat::Blue)
        );
    }
}

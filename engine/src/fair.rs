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

use serde::{Deserialize, Serialize};

use crate::assignment::Assignment;
pub use crate::derivation::{
    Commitment, DEAL_ROUND, FAIR_VERSION, HexError, MatchId, MatchLink, Nonce, Seal,
    assignment_bytes, commitment, commitment_in, deal_rng, dice_rng, match_commitment,
    match_origin, seal, server_nonce,
};
use crate::dice::Seed;
use crate::seat::{Seat, Seated};
use crate::signature_check::CheckingKey;
use crate::signing::{self, CheckedSeal, PlayerKey, SealSignature};

/// One exchange of sealed moves as recorded: the deal's (round 0) or a
/// round's. The round's assignments are in its report.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Serialize, Deserialize)]
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
    /// Where the game stands in its match, bound into the commitment
    /// ([`match_commitment`]); absent for a game played alone.
    #[serde(rename = "match", default, skip_serializing_if = "Option::is_none")]
    pub match_link: Option<MatchLink>,
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
    ) -> Result<(), BadLeave> {
        let bad = BadLeave {
            seat: self.seat,
            round: self.round,
        };
        let key = keys[self.seat].ok_or(bad)?;
        if signing::check_leave(key, commitment, self.round, self.seat, self.signature) {
            Ok(())
        } else {
            Err(bad)
        }
    }
}

/// A leave from a seat without a key, or not signed with it (a record
/// holding one is refused: [`crate::record::ReplayError::BadLeave`]).
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct BadLeave {
    /// Who left.
    pub seat: Seat,
    /// The round the leave names.
    pub round: u32,
}

/// A seat's opened move: the assignment and nonce its seal binds. Secret
/// until both moves are opened: its debug output shows neither.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
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
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Serialize, Deserialize)]
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

#[cfg(test)]
mod tests {
    use super::*;
    use alloc::string::ToString;

    #[test]
    fn hex_is_64_digits_of_either_case_and_nothing_else() {
        let nonce = Nonce::from_bytes([0xa5; 32]);
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

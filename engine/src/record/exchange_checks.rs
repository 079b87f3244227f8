//! The checks of a record's sealed exchanges: the deal's and every round's
//! seals, nonces and signatures, shared by a replay and by a game recording
//! itself ([`crate::recorded_game`]).

use alloc::collections::BTreeSet;
use alloc::vec::Vec;

use crate::assignment::Assignment;
use crate::board::Layout;
use crate::dice::Seed;
use crate::fair::{self, DEAL_ROUND, Fairness, SealedExchange};
use crate::seat::{Seat, Seated};
use crate::signature_check::CheckingKey;
use crate::signing::{SealToCheck, check_seals};

use super::ReplayError;

/// Checks the seed against its commitment, the deal's seals and the layout.
pub(crate) fn check_deal(
    seed: Seed,
    fair: &Fairness,
    layout: &Layout,
    signatures: Signatures,
) -> Result<(), ReplayError> {
    if fair::commitment_in(seed, fair.match_link.as_ref()) != fair.commitment {
        return Err(ReplayError::SeedMismatch);
    }
    let nothing = Seated {
        yellow: Assignment::EMPTY,
        blue: Assignment::EMPTY,
    };
    check_exchange(seed, fair, DEAL_ROUND, &nothing, &fair.deal, signatures)?;
    if Layout::shuffled(&mut fair::deal_rng(seed, fair.deal.nonces)) != *layout {
        return Err(ReplayError::LayoutMismatch);
    }
    Ok(())
}

/// Whether checking an exchange verifies its signatures.
#[derive(Clone, Copy)]
pub(crate) enum Signatures<'a> {
    /// Every one (a record being replayed), as found by checking them all
    /// at once before the replay.
    Check(&'a CheckedSignatures),
    /// Only that each is there: each was verified when its seal was taken
    /// ([`fair::Exchange::seal`]), and an Ed25519 check costs fifty times the rest.
    TakenChecked,
}

/// Which of a record's signatures hold: all checked in one batch before
/// the replay ([`check_seals`], a fraction of the cost of one at a time),
/// then looked up exchange by exchange, so that the first problem a replay
/// meets is still the one it reports.
#[derive(Default)]
pub(crate) struct CheckedSignatures {
    holding: BTreeSet<(u32, Seat)>,
}

impl CheckedSignatures {
    pub(super) fn of(fair: &Fairness) -> CheckedSignatures {
        let keys = fair.keys.unwrap_or_default();
        let keys = Seated {
            yellow: keys.yellow.and_then(CheckingKey::new),
            blue: keys.blue.and_then(CheckingKey::new),
        };
        let exchanges = core::iter::once((DEAL_ROUND, &fair.deal)).chain((1..).zip(&fair.rounds));
        let mut places = Vec::new();
        let mut batch = Vec::new();
        for (round, exchange) in exchanges {
            for seat in Seat::ALL {
                if let (Some(key), Some(signature)) = (keys[seat], exchange.signatures[seat]) {
                    places.push((round, seat));
                    batch.push(SealToCheck {
                        key,
                        seal: exchange.seals[seat],
                        signature,
                    });
                }
            }
        }
        let holding = places
            .into_iter()
            .zip(check_seals(&batch))
            .filter_map(|(place, checked)| checked.map(|_| place))
            .collect();
        CheckedSignatures { holding }
    }

    fn hold(&self, round: u32, seat: Seat) -> bool {
        self.holding.contains(&(round, seat))
    }
}

/// Checks each seat's seal against its assignment and nonce, the nonce of
/// a move the server made against the one its seed gives, and (format 3)
/// the signature of a move its player made with a key.
pub(crate) fn check_exchange(
    seed: Seed,
    fair: &Fairness,
    round: u32,
    assignments: &Seated<Assignment>,
    exchange: &SealedExchange,
    signatures: Signatures,
) -> Result<(), ReplayError> {
    for seat in Seat::ALL {
        let nonce = exchange.nonces[seat];
        let sealed = exchange.seals[seat];
        if fair::seal(fair.commitment, round, seat, &assignments[seat], nonce) != sealed {
            return Err(ReplayError::SealMismatch { round, seat });
        }
        let servers = fair::server_nonce(seed, round, seat);
        if exchange.by_server[seat] {
            if nonce != servers {
                return Err(ReplayError::ServerNonce { round, seat });
            }
            if exchange.signatures[seat].is_some() {
                return Err(ReplayError::SignedServerMove { round, seat });
            }
            continue;
        }
        // Nobody but the server knows its seed before the game is over: a
        // player's nonce is never the one it gives.
        if nonce == servers {
            return Err(ReplayError::ServerMoveClaimed { round, seat });
        }
        let key = fair.keys.as_ref().and_then(|keys| keys[seat]);
        match (key, exchange.signatures[seat]) {
            (None, None) => {}
            (None, Some(_)) => return Err(ReplayError::SignedWithoutKey { round, seat }),
            (Some(_), None) => return Err(ReplayError::Unsigned { round, seat }),
            (Some(_), Some(_)) => {
                if let Signatures::Check(checked) = signatures
                    && !checked.hold(round, seat)
                {
                    return Err(ReplayError::BadSignature { round, seat });
                }
            }
        }
    }
    Ok(())
}

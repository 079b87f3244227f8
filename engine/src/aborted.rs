//! The record of a deal that never happened: a game that ended during its
//! exchange of nonces (round 0), before anything was dealt — most often
//! because a player sealed a nonce and never opened it. Such a game has no
//! layout and no rounds, but it leaves a trace all the same: the commitment,
//! the seed (revealed, as at any game over), the seals, the signatures, the
//! openings made and who refused to open (`docs/fairness.md`, "A deal
//! refused"). A player who, helped by the server, learns the deal before
//! opening and refuses bad deals cannot do it unseen.

use serde::{Deserialize, Serialize};

use crate::assignment::Assignment;
use crate::dice::Seed;
use crate::fair::{
    self, Commitment, DEAL_ROUND, Exchange, FAIR_VERSION, MatchLink, Nonce, Seal, SignedLeave,
};
use crate::options::Options;
use crate::record::ReplayError;
use crate::seat::{Seat, Seated};
use crate::signing::{self, PlayerKey, SealSignature};

/// A deal that never happened, as recorded. JSON; see `docs/fairness.md`.
#[derive(Clone, PartialEq, Eq, Debug, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[serde(deny_unknown_fields)]
pub struct AbortedDeal {
    /// The derivations' version, [`FAIR_VERSION`].
    pub version: u32,
    /// The rules the game was to be played with.
    pub options: Options,
    /// The seed, revealed: the game is over.
    pub seed: Seed,
    /// The commitment to the seed, published when the game started.
    pub commitment: Commitment,
    /// Each player's key (`null`: none announced, or a bot).
    pub keys: Seated<Option<PlayerKey>>,
    /// Each seat's seal of its deal nonce, if it sealed one.
    pub seals: Seated<Option<Seal>>,
    /// Each player's signature of their seal; left out when neither is
    /// signed.
    #[serde(default, skip_serializing_if = "neither_signed")]
    pub signatures: Seated<Option<SealSignature>>,
    /// The nonces opened: the openings made before the game ended.
    pub nonces: Seated<Option<Nonce>>,
    /// Whose nonce the server made (a bot, or the deal's timeout).
    pub by_server: Seated<bool>,
    /// Who sealed a nonce and never opened it in the time to open (the
    /// game was aborted for it). A seal sealed and then left unopened by a
    /// player who went away (left, or stayed away past their grace) is not
    /// a refusal: `false`.
    pub refused: Seated<bool>,
    /// The leave of a player who left during the deal, signed with their
    /// key (`docs/fairness.md`); absent when nobody left, or whoever left
    /// had no key.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub left: Option<SignedLeave>,
    /// Where the game stood in its match, bound into the commitment;
    /// absent for a game played alone.
    #[serde(rename = "match", default, skip_serializing_if = "Option::is_none")]
    pub match_link: Option<MatchLink>,
}

fn neither_signed(signatures: &Seated<Option<SealSignature>>) -> bool {
    signatures.yellow.is_none() && signatures.blue.is_none()
}

impl AbortedDeal {
    /// The record of the deal under way in `exchange` (round 0 of the game
    /// committed to by `seed`), ended with `refused` having sealed and
    /// never opened. The openings held are recorded: the game is over.
    pub fn of(
        options: Options,
        seed: Seed,
        exchange: &Exchange,
        refused: Seated<bool>,
    ) -> AbortedDeal {
        AbortedDeal {
            version: FAIR_VERSION,
            options,
            seed,
            commitment: exchange.commitment,
            keys: exchange.keys,
            seals: exchange.seals,
            signatures: exchange.signatures,
            nonces: exchange
                .openings
                .map(|opening| opening.map(|opening| opening.nonce)),
            by_server: exchange.by_server,
            refused,
            left: None,
            match_link: None,
        }
    }

    /// Checks every link there is: the seed against the commitment, each
    /// opening made against its seal (a nonce the server made against the
    /// one its seed gives), each player's signature against their key, and
    /// that whoever is said to have refused sealed and did not open.
    pub fn check(&self) -> Result<(), ReplayError> {
        if self.version != FAIR_VERSION {
            return Err(ReplayError::UnsupportedFairness {
                found: self.version,
            });
        }
        if fair::commitment_in(self.seed, self.match_link.as_ref()) != self.commitment {
            return Err(ReplayError::SeedMismatch);
        }
        for seat in Seat::ALL {
            self.check_seat(seat)?;
        }
        if let Some(left) = &self.left {
            if left.round != DEAL_ROUND {
                return Err(ReplayError::LeaveRound {
                    seat: left.seat,
                    signed: left.round,
                    stopped: DEAL_ROUND,
                });
            }
            left.check(self.commitment, self.keys)?;
        }
        Ok(())
    }

    fn check_seat(&self, seat: Seat) -> Result<(), ReplayError> {
        let round = DEAL_ROUND;
        let (seal, nonce) = (self.seals[seat], self.nonces[seat]);
        match (seal, nonce, self.refused[seat]) {
            (None, Some(_), _) => return Err(ReplayError::OpeningWithoutSeal { seat }),
            (None, None, true) => return Err(ReplayError::RefusedUnsealed { seat }),
            (Some(_), Some(_), true) => return Err(ReplayError::RefusedButOpened { seat }),
            _ => {}
        }
        let Some(seal) = seal else {
            return Ok(());
        };
        if let Some(nonce) = nonce {
            if fair::seal(self.commitment, round, seat, &Assignment::EMPTY, nonce) != seal {
                return Err(ReplayError::SealMismatch { round, seat });
            }
            let servers = fair::server_nonce(self.seed, round, seat);
            if self.by_server[seat] && nonce != servers {
                return Err(ReplayError::ServerNonce { round, seat });
            }
            // Nobody but the server knew its seed: a player's nonce is
            // never the one it gives.
            if !self.by_server[seat] && nonce == servers {
                return Err(ReplayError::ServerMoveClaimed { round, seat });
            }
        }
        if self.by_server[seat] {
            return match self.signatures[seat] {
                Some(_) => Err(ReplayError::SignedServerMove { round, seat }),
                None => Ok(()),
            };
        }
        match (self.keys[seat], self.signatures[seat]) {
            (None, None) => Ok(()),
            (None, Some(_)) => Err(ReplayError::SignedWithoutKey { round, seat }),
            (Some(_), None) => Err(ReplayError::Unsigned { round, seat }),
            (Some(key), Some(signature)) if !signing::check(key, seal, signature) => {
                Err(ReplayError::BadSignature { round, seat })
            }
            (Some(_), Some(_)) => Ok(()),
        }
    }

    /// Who refused to open, in seat order.
    pub fn refusers(&self) -> impl Iterator<Item = Seat> + '_ {
        Seat::ALL.into_iter().filter(|seat| self.refused[*seat])
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::fair::Opening;
    use crate::signing::PlayerSecret;

    /// A deal where Yellow sealed and opened (signed), and Blue sealed
    /// (signed) and never opened.
    fn refused_by_blue() -> AbortedDeal {
        let seed = Seed::from_u64(3);
        let keys = Seated {
            yellow: PlayerSecret::from_bytes([1; 32]),
            blue: PlayerSecret::from_bytes([2; 32]),
        };
        let mut exchange = Exchange::new(fair::commitment(seed), DEAL_ROUND)
            .with_keys(Seated::from_fn(|seat| Some(keys[seat].public_key())));
        let openings = Seated::from_fn(|seat| Opening {
            assignment: Assignment::EMPTY,
            nonce: Nonce::from_bytes([u8::from(seat == Seat::Blue) + 7; 32]),
        });
        for seat in Seat::ALL {
            let seal = fair::seal(
                exchange.commitment,
                DEAL_ROUND,
                seat,
                &Assignment::EMPTY,
                openings[seat].nonce,
            );
            exchange
                .seal(seat, seal, Some(keys[seat].sign(seal)))
                .unwrap();
        }
        exchange.open(Seat::Yellow, openings.yellow).unwrap();
        AbortedDeal::of(
            Options::default(),
            seed,
            &exchange,
            Seated {
                yellow: false,
                blue: true,
            },
        )
    }

    #[test]
    fn an_honest_aborted_deal_checks_and_reads_back() {
        let deal = refused_by_blue();
        deal.check().unwrap();
        assert!(deal.nonces.yellow.is_some() && deal.nonces.blue.is_none());
        assert_eq!(
            deal.refusers().collect::<alloc::vec::Vec<_>>(),
            [Seat::Blue]
        );
        let json = serde_json::to_string(&deal).unwrap();
        assert_eq!(serde_json::from_str::<AbortedDeal>(&json).unwrap(), deal);
        // Blue's own signed leave holds; one for round 1 does not.
        let blue = PlayerSecret::from_bytes([2; 32]);
        let mut left = deal.clone();
        left.refused.blue = false;
        left.left = Some(SignedLeave {
            seat: Seat::Blue,
            round: DEAL_ROUND,
            signature: blue.sign_leave(deal.commitment, DEAL_ROUND, Seat::Blue),
        });
        left.check().unwrap();
        left.left = Some(SignedLeave {
            seat: Seat::Blue,
            round: 1,
            signature: blue.sign_leave(deal.commitment, 1, Seat::Blue),
        });
        assert!(matches!(left.check(), Err(ReplayError::LeaveRound { .. })));
    }

    #[test]
    fn each_tampering_of_an_aborted_deal_is_named() {
        let honest = refused_by_blue();
        type Tampering = fn(&mut AbortedDeal);
        let cases: [(Tampering, ReplayError); 11] = [
            (|d| d.seed = Seed::from_u64(4), ReplayError::SeedMismatch),
            (
                |d| d.nonces.yellow = Some(Nonce::from_bytes([0; 32])),
                ReplayError::SealMismatch {
                    round: 0,
                    seat: Seat::Yellow,
                },
            ),
            (
                |d| d.refused.yellow = true,
                ReplayError::RefusedButOpened { seat: Seat::Yellow },
            ),
            (
                |d| {
                    d.seals.blue = None;
                    d.signatures.blue = None;
                },
                ReplayError::RefusedUnsealed { seat: Seat::Blue },
            ),
            (
                |d| d.seals.yellow = None,
                ReplayError::OpeningWithoutSeal { seat: Seat::Yellow },
            ),
            (
                |d| d.signatures.blue = None,
                ReplayError::Unsigned {
                    round: 0,
                    seat: Seat::Blue,
                },
            ),
            (
                |d| d.keys.blue = Some(PlayerSecret::from_bytes([9; 32]).public_key()),
                ReplayError::BadSignature {
                    round: 0,
                    seat: Seat::Blue,
                },
            ),
            (
                |d| d.by_server.yellow = true,
                ReplayError::ServerNonce {
                    round: 0,
                    seat: Seat::Yellow,
                },
            ),
            (
                |d| d.keys.blue = None,
                ReplayError::SignedWithoutKey {
                    round: 0,
                    seat: Seat::Blue,
                },
            ),
            (
                // The server's nonce for Yellow, passed off as Yellow's own
                // on a seat stripped of its key and signature.
                |d| {
                    let nonce = fair::server_nonce(d.seed, DEAL_ROUND, Seat::Yellow);
                    d.keys.yellow = None;
                    d.signatures.yellow = None;
                    d.nonces.yellow = Some(nonce);
                    d.seals.yellow = Some(fair::seal(
                        d.commitment,
                        DEAL_ROUND,
                        Seat::Yellow,
                        &Assignment::EMPTY,
                        nonce,
                    ));
                },
                ReplayError::ServerMoveClaimed {
                    round: 0,
                    seat: Seat::Yellow,
                },
            ),
            (
                // A leave signed by Yellow's key, said to be Blue's.
                |d| {
                    let by = PlayerSecret::from_bytes([1; 32]);
                    d.left = Some(SignedLeave {
                        seat: Seat::Blue,
                        round: DEAL_ROUND,
                        signature: by.sign_leave(d.commitment, DEAL_ROUND, Seat::Blue),
                    });
                },
                ReplayError::BadLeave {
                    seat: Seat::Blue,
                    round: 0,
                },
            ),
        ];
        for (tamper, expected) in cases {
            let mut deal = honest.clone();
            tamper(&mut deal);
            assert_eq!(deal.check(), Err(expected));
        }
    }
}

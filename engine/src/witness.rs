//! What a player's client saw of a game before it opened anything, held
//! against the record the server gives afterwards.

use serde::{Deserialize, Serialize};

use crate::assignment::Assignment;
use crate::fair::{Commitment, DEAL_ROUND, Exchange, Opening, Seal};
use crate::record::GameRecord;
use crate::seat::{Seat, Seated};

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
    pub fn moves_taken_over(&self, record: &GameRecord, seat: Seat) -> alloc::vec::Vec<u32> {
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
    pub fn check(&self, record: &GameRecord) -> Result<(), WitnessError> {
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

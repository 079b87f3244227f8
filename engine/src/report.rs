//! What a round did: both assignments, every die, every outcome. A report
//! holds enough to check the round by hand, and is what a record replays.

use alloc::vec::Vec;

use serde::{Deserialize, Serialize};

use crate::assignment::Assignment;
use crate::coords::{Column, PerColumn, Row};
use crate::dice::Roll;
use crate::domino::Domino;
use crate::score::Outcome;
use crate::seat::{Seat, Seated};

/// A piece turned face up.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[serde(deny_unknown_fields)]
pub struct Flip {
    /// Its column.
    pub column: Column,
    /// Its row.
    pub row: Row,
    /// The piece, now public.
    pub piece: Domino,
}

/// What an attempt's dice were rolled against.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[serde(tag = "kind", rename_all = "snake_case", deny_unknown_fields)]
pub enum Target {
    /// The player's nearest piece in the column.
    Piece {
        /// The piece.
        piece: Domino,
    },
    /// A steal from the double-blank: the dice roll against a piece in the
    /// opponent's stash (ruling 12).
    Steal {
        /// The opponent's piece.
        piece: Domino,
    },
    /// Mice placed on a face-down piece that was revealed to be the
    /// double-blank: no dice are rolled (ruling 17).
    BlindDoubleBlank,
}

impl Target {
    /// The piece whose pips and halves the dice are judged against.
    pub const fn judged_piece(self) -> Option<Domino> {
        match self {
            Target::Piece { piece } | Target::Steal { piece } => Some(piece),
            Target::BlindDoubleBlank => None,
        }
    }
}

/// How an attempt ended.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[serde(rename_all = "snake_case")]
pub enum AttemptResult {
    /// The piece went to the player's stash.
    Took,
    /// The dice summed below the piece's pips; the mice are fine.
    TooLow,
    /// The dice matched the piece: mice are exhausted and the piece is not
    /// taken, whatever the sum (rulings 9–10).
    Exhausted,
    /// Contested piece: both succeeded and the opponent rolled higher (ruling 11).
    LostContest,
    /// Contested piece: both succeeded with equal sums, so it stays (ruling 11).
    TiedContest,
    /// The steal succeeded: the target and the double-blank went to the
    /// player's stash (ruling 12).
    Stole,
    /// Both players stole successfully: the two targets changed hands and
    /// the double-blank left the game (ruling 12).
    Exchanged,
    /// The mice found the double-blank blind and made no attempt (ruling 17).
    NoAttempt,
}

/// One player's attempt in one column.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[serde(deny_unknown_fields)]
pub struct Attempt {
    /// Whose mice.
    pub seat: Seat,
    /// Which column.
    pub column: Column,
    /// Mice assigned, one die each.
    pub mice: u8,
    /// Row of the piece the mice stood before (the double-blank for a steal).
    pub row: Row,
    /// What the dice were judged against.
    pub target: Target,
    /// Every die, in the order rolled.
    pub dice: Roll,
    /// Sum of the dice.
    pub sum: u8,
    /// Pips to reach: the target's pips.
    pub value: u8,
    /// Whether both players attempted the column's last piece.
    pub contested: bool,
    /// Mice exhausted: they rest next round (rulings 9, 13).
    pub exhausted: u8,
    /// Mice boosted (boost variant, ruling 18).
    pub boosted: u8,
    /// How it ended.
    pub result: AttemptResult,
}

/// How a boost roll ended.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[serde(rename_all = "snake_case")]
pub enum BoostResult {
    /// The piece went to the player's stash.
    Took,
    /// The dice summed below the piece's pips.
    TooLow,
    /// Nothing to roll against: the column is empty, or its nearest piece is
    /// the double-blank.
    NothingToRoll,
}

/// One boost roll (boost variant, ruling 18).
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[serde(deny_unknown_fields)]
pub struct BoostRoll {
    /// Whose mice.
    pub seat: Seat,
    /// Which column.
    pub column: Column,
    /// Mice boosted: one die each.
    pub mice: u8,
    /// The piece rolled against and its row, if there was one.
    pub piece: Option<Domino>,
    /// Row of that piece.
    pub row: Option<Row>,
    /// Every die (none when there was nothing to roll against).
    pub dice: Roll,
    /// Sum of the dice.
    pub sum: u8,
    /// Mice that matched again and earn a further boost.
    pub boosted: u8,
    /// How it ended.
    pub result: BoostResult,
}

/// Everything one round did, in order.
#[derive(Clone, PartialEq, Eq, Debug, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[serde(deny_unknown_fields)]
pub struct RoundReport {
    /// The round's number, from 1.
    pub round: u32,
    /// Both assignments, revealed together (ruling 20).
    pub assignments: Seated<Assignment>,
    /// Face-down nearest pieces turned up before any die (ruling 17).
    pub revealed: Vec<Flip>,
    /// Every attempt: Yellow's columns A to D, then Blue's.
    pub attempts: Vec<Attempt>,
    /// Every boost roll, in the order rolled (boost variant).
    pub boosts: Vec<BoostRoll>,
    /// Pieces turned face up because a piece left the board (ruling 5).
    pub flips: Vec<Flip>,
    /// The double-blank, when an exchange of steals took it out of the game.
    pub removed: Option<Domino>,
    /// Mice resting in the next round, by the column where they were exhausted.
    pub resting: Seated<PerColumn<u8>>,
    /// The end of the game, when this round ended it.
    pub outcome: Option<Outcome>,
}

impl RoundReport {
    /// Pieces that changed hands or left the board this round.
    pub fn moved_pieces(&self) -> bool {
        self.removed.is_some()
            || self.attempts.iter().any(|attempt| {
                matches!(
                    attempt.result,
                    AttemptResult::Took | AttemptResult::Stole | AttemptResult::Exchanged
                )
            })
            || self
                .boosts
                .iter()
                .any(|boost| boost.result == BoostResult::Took)
    }

    /// Every piece shown by this report: taken, stolen, turned up or
    /// removed. Useful to check that nothing hidden is shown.
    pub fn pieces_shown(&self) -> impl Iterator<Item = Domino> + '_ {
        let flips = self
            .revealed
            .iter()
            .chain(&self.flips)
            .map(|flip| flip.piece);
        let attempts = self
            .attempts
            .iter()
            .filter_map(|attempt| attempt.target.judged_piece());
        let boosts = self.boosts.iter().filter_map(|boost| boost.piece);
        let steals = Seat::ALL
            .into_iter()
            .filter_map(|seat| self.assignments[seat].steal);
        flips
            .chain(attempts)
            .chain(boosts)
            .chain(steals)
            .chain(self.removed)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn quiet_round() -> RoundReport {
        RoundReport {
            round: 1,
            assignments: Seated::default(),
            revealed: Vec::new(),
            attempts: Vec::new(),
            boosts: Vec::new(),
            flips: Vec::new(),
            removed: None,
            resting: Seated::default(),
            outcome: None,
        }
    }

    fn boost(result: BoostResult) -> BoostRoll {
        BoostRoll {
            seat: Seat::Blue,
            column: Column::C,
            mice: 2,
            piece: None,
            row: None,
            dice: Roll::default(),
            sum: 0,
            boosted: 0,
            result,
        }
    }

    #[test]
    fn a_round_moved_pieces_when_anything_was_taken_stolen_or_removed() {
        let mut round = quiet_round();
        assert!(!round.moved_pieces());
        round.boosts = alloc::vec![
            boost(BoostResult::TooLow),
            boost(BoostResult::NothingToRoll)
        ];
        assert!(!round.moved_pieces());
        round.boosts.push(boost(BoostResult::Took));
        assert!(round.moved_pieces());
        let mut exchange = quiet_round();
        exchange.removed = Some(Domino::DOUBLE_BLANK);
        assert!(exchange.moved_pieces());
    }
}

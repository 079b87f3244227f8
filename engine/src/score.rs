//! Scores, the end of the game and who won (rulings 15–16).

use core::cmp::Ordering;

use serde::{Deserialize, Serialize};

use crate::domino::{Domino, DominoSet};
use crate::seat::{Seat, Seated};

/// A player's score: what their stash holds.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Default, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[serde(deny_unknown_fields)]
pub struct Score {
    /// Total pips: the score itself.
    pub pips: u32,
    /// Pieces held, the double-blank included: the first tiebreak.
    pub pieces: u32,
    /// Whether the 6/6 is held: the second tiebreak.
    pub double_six: bool,
}

impl Score {
    /// The score of a stash.
    pub fn of(stash: DominoSet) -> Score {
        Score {
            pips: stash.pips(),
            // At most 28.
            pieces: stash.len() as u32,
            double_six: stash.contains(Domino::DOUBLE_SIX),
        }
    }
}

/// Why the game ended (ruling 15).
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[serde(rename_all = "snake_case")]
pub enum EndReason {
    /// No cake is left on the board.
    BoardCleared,
    /// Neither player can place a mouse in the coming round: each has all
    /// four mice resting or no column open (rulings 14–15).
    NoMovesLeft,
    /// The stall limit of rounds passed with no piece moving.
    StallLimit,
}

/// What decided the winner (ruling 16).
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[serde(rename_all = "snake_case")]
pub enum Decider {
    /// More pips.
    Pips,
    /// Equal pips, more pieces.
    Pieces,
    /// Equal pips and pieces; the 6/6 decided.
    DoubleSix,
    /// Equal pips and pieces, and nobody holds the 6/6: a draw.
    Draw,
}

/// The end of a game.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[serde(deny_unknown_fields)]
pub struct Outcome {
    /// Why it ended.
    pub end: EndReason,
    /// Both final scores.
    pub score: Seated<Score>,
    /// The winner; none (`null`) for a draw.
    pub winner: Option<Seat>,
    /// What decided it.
    pub decided_by: Decider,
}

impl Outcome {
    /// Scores both stashes and names the winner: most pips, then most
    /// pieces, then the holder of the 6/6; otherwise a draw.
    pub fn decide(end: EndReason, stashes: Seated<DominoSet>) -> Outcome {
        let score = stashes.map(Score::of);
        let (yellow, blue) = (score.yellow, score.blue);
        let keys = [
            (Decider::Pips, yellow.pips.cmp(&blue.pips)),
            (Decider::Pieces, yellow.pieces.cmp(&blue.pieces)),
            (Decider::DoubleSix, yellow.double_six.cmp(&blue.double_six)),
        ];
        // The first key on which the scores differ decides.
        let (winner, decided_by) = match keys.into_iter().find(|(_, order)| order.is_ne()) {
            Some((decider, Ordering::Greater)) => (Some(Seat::Yellow), decider),
            Some((decider, _)) => (Some(Seat::Blue), decider),
            None => (None, Decider::Draw),
        };
        Outcome {
            end,
            score,
            winner,
            decided_by,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn stash(pieces: &[&str]) -> DominoSet {
        pieces
            .iter()
            .map(|p| p.parse::<Domino>().unwrap())
            .collect()
    }

    fn decide(yellow: &[&str], blue: &[&str]) -> (Option<Seat>, Decider) {
        let outcome = Outcome::decide(
            EndReason::BoardCleared,
            Seated {
                yellow: stash(yellow),
                blue: stash(blue),
            },
        );
        (outcome.winner, outcome.decided_by)
    }

    #[test]
    fn pips_then_pieces_then_the_double_six_then_a_draw() {
        assert_eq!(
            decide(&["5/6"], &["4/6"]),
            (Some(Seat::Yellow), Decider::Pips)
        );
        // 12 pips each: 6/6 alone against 5/6 and 0/1.
        assert_eq!(
            decide(&["6/6"], &["5/6", "0/1"]),
            (Some(Seat::Blue), Decider::Pieces)
        );
        // The double-blank counts as a piece though it scores nothing.
        assert_eq!(
            decide(&["1/2", "0/0"], &["0/3"]),
            (Some(Seat::Yellow), Decider::Pieces)
        );
        // 12 pips and 2 pieces each.
        assert_eq!(
            decide(&["5/5", "1/1"], &["6/6", "0/0"]),
            (Some(Seat::Blue), Decider::DoubleSix)
        );
        assert_eq!(decide(&["1/4"], &["2/3"]), (None, Decider::Draw));
        assert_eq!(decide(&[], &[]), (None, Decider::Draw));
    }
}

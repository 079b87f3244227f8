//! A player's secret choice for a round: how many mice go to each column,
//! and which piece to steal when mice go to the double-blank.

use alloc::string::String;
use core::fmt;
use core::str::FromStr;

use serde::{Deserialize, Serialize};

use crate::coords::{Column, PerColumn};
use crate::domino::{Domino, DominoError};

/// Mice per player.
pub const MICE: u8 = 4;

/// A player's assignment for one round.
///
/// JSON: `{"mice":[1,0,3,0]}`, or with a steal `{"mice":[0,0,0,2],"steal":"6/6"}`.
/// Text: `A1 C3`, `D2 steal 6/6`, and `none` when no mouse is placed.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Default, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[serde(deny_unknown_fields)]
pub struct Assignment {
    /// Mice per column, A to D.
    pub mice: PerColumn<u8>,
    /// The opponent's piece to steal, when mice go to the double-blank (ruling 7).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub steal: Option<Domino>,
}

impl Assignment {
    /// No mouse placed: for a player with no mouse available or no open
    /// column (ruling 14).
    pub const EMPTY: Assignment = Assignment {
        mice: [0; 4],
        steal: None,
    };

    /// `mice` mice in `column`, and the rest of `self` unchanged.
    #[must_use]
    pub const fn with(mut self, column: Column, mice: u8) -> Assignment {
        self.mice[column.index()] = mice;
        self
    }

    /// `self`, stealing `target`.
    #[must_use]
    pub const fn stealing(mut self, target: Domino) -> Assignment {
        self.steal = Some(target);
        self
    }

    /// Mice in `column`.
    pub const fn mice_in(&self, column: Column) -> u8 {
        self.mice[column.index()]
    }

    /// All mice placed.
    pub fn total(&self) -> u32 {
        self.mice.iter().copied().map(u32::from).sum()
    }

    /// Whether no mouse is placed.
    pub fn is_empty(&self) -> bool {
        self.mice == [0; 4] && self.steal.is_none()
    }

    /// The columns with mice, and how many, left to right.
    pub fn placements(&self) -> impl Iterator<Item = (Column, u8)> + '_ {
        Column::ALL
            .into_iter()
            .map(|column| (column, self.mice_in(column)))
            .filter(|&(_, mice)| mice > 0)
    }
}

impl fmt::Display for Assignment {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.is_empty() {
            return f.write_str("none");
        }
        let mut first = true;
        for (column, mice) in self.placements() {
            if !first {
                f.write_str(" ")?;
            }
            first = false;
            write!(f, "{column}{mice}")?;
        }
        if let Some(target) = self.steal {
            if !first {
                f.write_str(" ")?;
            }
            write!(f, "steal {target}")?;
        }
        Ok(())
    }
}

/// A text that is not an assignment.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum ParseAssignmentError {
    /// A column letter other than A–D.
    #[error("unknown column {0:?}: columns are A, B, C and D")]
    UnknownColumn(String),
    /// A column without a number of mice, or with more than 4.
    #[error("{0:?} needs a number of mice from 0 to 4 after the column, like A2")]
    BadCount(String),
    /// The same column twice.
    #[error("column {0} is named twice")]
    RepeatedColumn(Column),
    /// `steal` twice.
    #[error("only one piece can be stolen per round")]
    RepeatedSteal,
    /// `steal` at the end, without a piece.
    #[error("say which piece to steal, like: steal 6/6")]
    StealWithoutPiece,
    /// The piece after `steal` is not a domino.
    #[error("cannot steal {text:?}: {error}")]
    BadPiece {
        /// The text after `steal`.
        text: String,
        /// Why it is not a piece.
        error: DominoError,
    },
}

impl FromStr for Assignment {
    type Err = ParseAssignmentError;

    /// Words separated by spaces or commas: a column letter and a number of
    /// mice (`A2`), `steal` and a piece (`steal 6/6`), or `none` alone.
    fn from_str(text: &str) -> Result<Self, Self::Err> {
        let mut assignment = Assignment::EMPTY;
        let mut named = [false; 4];
        let mut words = text
            .split(|c: char| c.is_whitespace() || c == ',')
            .filter(|word| !word.is_empty());
        while let Some(word) = words.next() {
            if word.eq_ignore_ascii_case("none") || word == "-" {
                continue;
            }
            if word.eq_ignore_ascii_case("steal") {
                let target = words
                    .next()
                    .ok_or(ParseAssignmentError::StealWithoutPiece)?;
                let piece = target
                    .parse()
                    .map_err(|error| ParseAssignmentError::BadPiece {
                        text: target.into(),
                        error,
                    })?;
                if assignment.steal.replace(piece).is_some() {
                    return Err(ParseAssignmentError::RepeatedSteal);
                }
                continue;
            }
            let mut chars = word.chars();
            let column = chars
                .next()
                .and_then(Column::from_letter)
                .ok_or_else(|| ParseAssignmentError::UnknownColumn(word.into()))?;
            let mice = match chars.as_str().as_bytes() {
                [digit @ b'0'..=b'4'] => digit - b'0',
                _ => return Err(ParseAssignmentError::BadCount(word.into())),
            };
            if core::mem::replace(&mut named[column.index()], true) {
                return Err(ParseAssignmentError::RepeatedColumn(column));
            }
            assignment.mice[column.index()] = mice;
        }
        Ok(assignment)
    }
}

/// Why an assignment cannot be played this round. Checking it never changes
/// the game.
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
pub enum AssignmentError {
    /// The game has ended.
    #[error("the game is over")]
    GameOver,
    /// More mice than a family has.
    #[error("{placed} mice placed, but a family has only {MICE}")]
    TooManyMice {
        /// Mice placed.
        placed: u32,
    },
    /// Mice that are resting this round were placed (ruling 13).
    #[error("{placed} mice placed, but only {available} are available: the others are resting")]
    RestingMiceUsed {
        /// Mice placed.
        placed: u32,
        /// Mice not resting.
        available: u8,
    },
    /// Not every available mouse was placed (ruling 6).
    #[error("{placed} of {available} available mice placed: every available mouse must be placed")]
    MiceLeftUnplaced {
        /// Mice placed.
        placed: u32,
        /// Mice not resting.
        available: u8,
    },
    /// Mice on a column with no piece left.
    #[error("column {0} has no piece left")]
    EmptyColumn(Column),
    /// Mice on the double-blank while the opponent has nothing to steal (ruling 7).
    #[error("column {0} offers the double-blank, but the opponent has nothing to steal yet")]
    OpponentStashEmpty(Column),
    /// Mice on the double-blank without saying what to steal (ruling 7).
    #[error("mice on the double-blank in column {0} must name a piece of the opponent's to steal")]
    StealWithoutTarget(Column),
    /// A steal target the opponent does not hold.
    #[error("the opponent's stash does not hold {0}")]
    TargetNotInOpponentStash(Domino),
    /// A steal target without mice on a face-up double-blank.
    #[error("{0} can only be stolen by mice on the double-blank, and none are placed there")]
    StealTargetWithoutSteal(Domino),
}

#[cfg(test)]
mod tests {
    use super::*;
    use alloc::string::ToString;

    #[test]
    fn text_round_trips() {
        for text in ["A1 C3", "D2 steal 6/6", "none", "A4", "B1 C1 D2"] {
            let assignment: Assignment = text.parse().unwrap();
            assert_eq!(assignment.to_string(), text);
        }
        let parsed: Assignment = "c3, a1".parse().unwrap();
        assert_eq!(
            parsed,
            Assignment::EMPTY.with(Column::A, 1).with(Column::C, 3)
        );
        assert_eq!("".parse::<Assignment>().unwrap(), Assignment::EMPTY);
    }

    #[test]
    fn text_errors_say_what_is_wrong() {
        use ParseAssignmentError as E;
        assert_eq!(
            "E1".parse::<Assignment>(),
            Err(E::UnknownColumn("E1".into()))
        );
        assert_eq!("A".parse::<Assignment>(), Err(E::BadCount("A".into())));
        assert_eq!("A5".parse::<Assignment>(), Err(E::BadCount("A5".into())));
        assert_eq!(
            "A1 a2".parse::<Assignment>(),
            Err(E::RepeatedColumn(Column::A))
        );
        assert_eq!("D1 steal".parse::<Assignment>(), Err(E::StealWithoutPiece));
        assert!(matches!(
            "D1 steal 9/9".parse::<Assignment>(),
            Err(E::BadPiece { .. })
        ));
        assert_eq!(
            "D1 steal 1/1 steal 2/2".parse::<Assignment>(),
            Err(E::RepeatedSteal)
        );
    }

    #[test]
    fn json_is_compact_and_strict() {
        let steal: Assignment = "D2 steal 6/6".parse().unwrap();
        let json = serde_json::to_string(&steal).unwrap();
        assert_eq!(json, r#"{"mice":[0,0,0,2],"steal":"6/6"}"#);
        assert_eq!(serde_json::from_str::<Assignment>(&json).unwrap(), steal);
        assert_eq!(
            serde_json::to_string(&Assignment::EMPTY).unwrap(),
            r#"{"mice":[0,0,0,0]}"#
        );
        for bad in [
            r#"{"mice":[0,0,0]}"#,
            r#"{"mice":[0,0,0,0,1]}"#,
            r#"{"mice":[0,0,0,300]}"#,
            r#"{"mice":[0,0,0,1],"extra":1}"#,
        ] {
            assert!(serde_json::from_str::<Assignment>(bad).is_err(), "{bad}");
        }
    }
}

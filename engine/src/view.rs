//! What a player or a spectator may see of a game.
//!
//! A view cannot leak a face-down piece (ruling 19): [`CellView::FaceDown`]
//! carries no data, so there is no place in a view to put a hidden identity.
//! Everything else in Mice Cake is public, so a player's view and a
//! spectator's view hold the same facts; they differ in [`GameView::viewer`].
//! (A player's uncommitted assignment is never in the engine's state at all.)

use core::fmt;

use serde::{Deserialize, Deserializer, Serialize, Serializer};

use crate::assignment::MICE;
use crate::coords::{COLUMNS, Column, PerColumn, ROWS, Row};
use crate::domino::{Domino, DominoSet};
use crate::options::Options;
use crate::score::{Outcome, Score};
use crate::seat::{Seat, Seated};

/// Who is looking.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[serde(rename_all = "lowercase")]
pub enum Viewer {
    /// The Yellow player.
    Yellow,
    /// The Blue player.
    Blue,
    /// Someone watching.
    Spectator,
}

impl Viewer {
    /// The viewer's seat, if a player.
    pub const fn seat(self) -> Option<Seat> {
        match self {
            Viewer::Yellow => Some(Seat::Yellow),
            Viewer::Blue => Some(Seat::Blue),
            Viewer::Spectator => None,
        }
    }
}

impl From<Seat> for Viewer {
    fn from(seat: Seat) -> Viewer {
        match seat {
            Seat::Yellow => Viewer::Yellow,
            Seat::Blue => Viewer::Blue,
        }
    }
}

/// One place of the cake as anyone may see it.
///
/// JSON: `null` (empty), `"hidden"` (face down) or the piece (`"5/6"`).
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum CellView {
    /// No piece.
    Empty,
    /// A piece lying face down. Which piece is not known to anyone.
    FaceDown,
    /// A piece face up.
    FaceUp(Domino),
}

const HIDDEN: &str = "hidden";

impl Serialize for CellView {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        match self {
            CellView::Empty => serializer.serialize_none(),
            CellView::FaceDown => serializer.serialize_str(HIDDEN),
            CellView::FaceUp(piece) => piece.serialize(serializer),
        }
    }
}

impl<'de> Deserialize<'de> for CellView {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        let text = Option::<alloc::borrow::Cow<'de, str>>::deserialize(deserializer)?;
        match text.as_deref() {
            None => Ok(CellView::Empty),
            Some(HIDDEN) => Ok(CellView::FaceDown),
            Some(piece) => piece
                .parse()
                .map(CellView::FaceUp)
                .map_err(serde::de::Error::custom),
        }
    }
}

/// One family of mice as anyone may see it.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[serde(deny_unknown_fields)]
pub struct FamilyView {
    /// The pieces won, face up (the rules keep stashes face up).
    pub stash: DominoSet,
    /// The stash's score.
    pub score: Score,
    /// Mice resting this round, by the column where they were exhausted.
    pub resting: PerColumn<u8>,
    /// Mice that may be placed this round.
    pub available: u8,
}

/// What a column offers one player this round (rulings 6–7).
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[serde(rename_all = "snake_case", tag = "access", content = "piece")]
pub enum Access {
    /// No piece left: closed.
    Empty,
    /// Open: mice attempt this piece, face up.
    Piece(Domino),
    /// Open, blind: the nearest piece is face down (ruling 17).
    FaceDown,
    /// Open: the double-blank, with a steal target to choose.
    Steal,
    /// Closed: the double-blank, but the opponent has nothing to steal.
    NothingToSteal,
}

impl Access {
    /// Whether mice may be placed here.
    pub const fn is_open(self) -> bool {
        matches!(self, Access::Piece(_) | Access::FaceDown | Access::Steal)
    }
}

/// A game as a player or a spectator may see it.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[serde(deny_unknown_fields)]
pub struct GameView {
    /// Who this view is for.
    pub viewer: Viewer,
    /// The rules in play.
    pub options: Options,
    /// The round to be played next (the last one played, once over).
    pub round: u32,
    /// The cake: 7 rows (row 1, Yellow's side, first) of columns A to D.
    pub board: [[CellView; COLUMNS]; ROWS],
    /// Both families.
    pub families: Seated<FamilyView>,
    /// Pieces out of the game (the double-blank after an exchange of steals).
    pub removed: DominoSet,
    /// Rounds in a row in which no piece moved, toward the stall limit.
    pub rounds_without_progress: u32,
    /// How the game ended, once it has.
    pub outcome: Option<Outcome>,
}

impl GameView {
    /// The place at `column`, `row`.
    pub const fn cell(&self, column: Column, row: Row) -> CellView {
        self.board[row.index()][column.index()]
    }

    /// `seat`'s nearest piece in `column` and its row, if any (ruling 4).
    pub fn nearest(&self, seat: Seat, column: Column) -> Option<(Row, CellView)> {
        let occupied = |row: &Row| self.cell(column, *row) != CellView::Empty;
        let row = match seat {
            Seat::Yellow => Row::all().find(occupied),
            Seat::Blue => Row::all().rev().find(occupied),
        }?;
        Some((row, self.cell(column, row)))
    }

    /// Pieces left in `column`.
    pub fn remaining(&self, column: Column) -> usize {
        Row::all()
            .filter(|row| self.cell(column, *row) != CellView::Empty)
            .count()
    }

    /// Whether `column` holds a single piece, which both players face (ruling 4).
    pub fn is_contested(&self, column: Column) -> bool {
        self.remaining(column) == 1
    }

    /// The pieces nobody has seen yet: the face-down pieces, as a set. Which
    /// one lies where stays unknown.
    pub fn unseen(&self) -> DominoSet {
        let on_board_face_up: DominoSet = self
            .board
            .iter()
            .flatten()
            .filter_map(|cell| match cell {
                CellView::FaceUp(piece) => Some(*piece),
                CellView::Empty | CellView::FaceDown => None,
            })
            .collect();
        DominoSet::FULL
            .difference(on_board_face_up)
            .difference(self.families.yellow.stash)
            .difference(self.families.blue.stash)
            .difference(self.removed)
    }

    /// Whether the game has ended.
    pub const fn is_over(&self) -> bool {
        self.outcome.is_some()
    }
}

/// Mice a family has when `resting` rest.
pub(crate) fn available_mice(resting: &PerColumn<u8>) -> u8 {
    MICE.saturating_sub(resting.iter().sum())
}

impl fmt::Display for GameView {
    /// The cake as text, row 1 at the top; `##` marks a face-down piece.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        writeln!(f, "      A    B    C    D")?;
        for row in Row::all() {
            write!(f, "{row}  ")?;
            for column in Column::ALL {
                match self.cell(column, row) {
                    CellView::Empty => write!(f, "   .")?,
                    CellView::FaceDown => write!(f, "  ##")?,
                    CellView::FaceUp(piece) => write!(f, " {piece:>3}")?,
                }
                if column != Column::D {
                    f.write_str(" ")?;
                }
            }
            writeln!(f)?;
        }
        for seat in Seat::ALL {
            let family = &self.families[seat];
            let pieces = if family.score.pieces == 1 {
                "piece"
            } else {
                "pieces"
            };
            let mice = if family.available == 1 {
                "mouse"
            } else {
                "mice"
            };
            writeln!(
                f,
                "{seat}: {} pips in {} {pieces}, {} {mice} available",
                family.score.pips, family.score.pieces, family.available
            )?;
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_viewer_is_a_seat_or_a_spectator() {
        for seat in Seat::ALL {
            assert_eq!(Viewer::from(seat).seat(), Some(seat));
        }
        assert_eq!(Viewer::Spectator.seat(), None);
    }

    #[test]
    fn cells_serialize_as_null_hidden_or_the_piece() {
        let cells = [
            CellView::Empty,
            CellView::FaceDown,
            CellView::FaceUp(Domino::DOUBLE_SIX),
        ];
        let json = serde_json::to_string(&cells).unwrap();
        assert_eq!(json, r#"[null,"hidden","6/6"]"#);
        assert_eq!(serde_json::from_str::<[CellView; 3]>(&json).unwrap(), cells);
        assert!(serde_json::from_str::<CellView>(r#""7/7""#).is_err());
    }
}

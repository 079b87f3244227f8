//! The cake: the layout as dealt, and the board as play eats it.

use alloc::vec::Vec;

use rand_core::Rng;
use serde::{Deserialize, Serialize};

use crate::coords::{COLUMNS, Column, ROWS, Row};
use crate::dice::uniform_below;
use crate::domino::{Domino, DominoSet, PIECE_COUNT};
use crate::options::Reveal;
use crate::report::Flip;
use crate::seat::Seat;
use crate::view::CellView;

/// The 28 pieces as dealt: 7 rows (row 1 first) of 4 columns (A first).
/// JSON: 7 arrays of 4 pieces.
///
/// A layout reveals every face-down piece, so it is secret until the game is
/// over; its `Debug` output prints no piece, so a stray `{:?}` in a log of
/// anything holding one (a record, a recorded game) cannot leak the deal.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[cfg_attr(
    feature = "schema",
    schemars(
        description = "The 28 pieces as dealt: 7 rows (row 1, Yellow's side, first) of 4 columns (A first). Secret until the game is over: only a finished game's record holds it."
    )
)]
#[serde(
    try_from = "[[Domino; COLUMNS]; ROWS]",
    into = "[[Domino; COLUMNS]; ROWS]"
)]
pub struct Layout {
    rows: [[Domino; COLUMNS]; ROWS],
}

/// A layout that is not a double-six set.
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
pub enum LayoutError {
    /// A piece dealt twice (so another is missing).
    #[error("piece {0} is dealt more than once")]
    Repeated(Domino),
}

impl Layout {
    /// A layout from its rows (row 1 first), which must hold each of the 28
    /// pieces once.
    pub fn new(rows: [[Domino; COLUMNS]; ROWS]) -> Result<Layout, LayoutError> {
        let mut seen = DominoSet::EMPTY;
        for piece in rows.iter().flatten() {
            if !seen.insert(*piece) {
                return Err(LayoutError::Repeated(*piece));
            }
        }
        Ok(Layout { rows })
    }

    /// A shuffled layout (the rules' setup): a Fisher–Yates shuffle of the
    /// set, dealt row by row from row 1, column A to D.
    pub fn shuffled<R: Rng + ?Sized>(rng: &mut R) -> Layout {
        let mut pieces = Domino::ALL;
        for last in (1..PIECE_COUNT).rev() {
            // `last` < 28, so both casts are lossless.
            let other = uniform_below(rng, last as u32 + 1) as usize;
            pieces.swap(last, other);
        }
        let mut rows = [[Domino::DOUBLE_BLANK; COLUMNS]; ROWS];
        for (slot, piece) in rows.iter_mut().flatten().zip(pieces) {
            *slot = piece;
        }
        Layout { rows }
    }

    /// The piece dealt at `column`, `row`.
    pub const fn piece(&self, column: Column, row: Row) -> Domino {
        self.rows[row.index()][column.index()]
    }

    /// The rows, row 1 first.
    pub const fn rows(&self) -> &[[Domino; COLUMNS]; ROWS] {
        &self.rows
    }
}

impl core::fmt::Debug for Layout {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.write_str("Layout(…)")
    }
}

impl TryFrom<[[Domino; COLUMNS]; ROWS]> for Layout {
    type Error = LayoutError;

    fn try_from(rows: [[Domino; COLUMNS]; ROWS]) -> Result<Self, Self::Error> {
        Layout::new(rows)
    }
}

impl From<Layout> for [[Domino; COLUMNS]; ROWS] {
    fn from(layout: Layout) -> Self {
        layout.rows
    }
}

/// What lies at one place of the cake, as the engine knows it.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum Cell {
    /// The piece there was taken.
    Empty,
    /// A piece showing its pips.
    FaceUp(Domino),
    /// A piece lying face down: its identity is secret (ruling 19).
    FaceDown(Domino),
}

/// The nearest piece of a column for one player (ruling 4).
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(crate) struct Nearest {
    pub(crate) row: Row,
    pub(crate) piece: Domino,
    pub(crate) face_up: bool,
}

/// The cake during play. Pieces only leave a column at its two ends, so each
/// column is a run of rows `front..back`: Yellow eats at `front`, Blue at
/// `back - 1`.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(crate) struct Board {
    columns: [Pile; COLUMNS],
}

#[derive(Clone, Copy, PartialEq, Eq, Debug)]
struct Pile {
    /// The pieces by row index; rows outside `front..back` hold the
    /// double-blank as a placeholder, so equal boards compare equal.
    pieces: [Domino; ROWS],
    /// Bit `i` set: the piece in row index `i` is face up.
    face_up: u8,
    front: u8,
    back: u8,
}

/// A board that cannot arise in play.
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
pub enum BoardError {
    /// An empty place between two pieces of a column: pieces only leave at the ends.
    #[error("column {column} has a gap at row {row}: pieces only leave a column at its ends")]
    Gap {
        /// The column.
        column: Column,
        /// The empty row between pieces.
        row: Row,
    },
}

impl Pile {
    const fn range(&self) -> core::ops::Range<usize> {
        self.front as usize..self.back as usize
    }

    const fn len(&self) -> usize {
        (self.back - self.front) as usize
    }

    fn nearest_index(&self, seat: Seat) -> Option<usize> {
        if self.len() == 0 {
            return None;
        }
        Some(match seat {
            Seat::Yellow => usize::from(self.front),
            Seat::Blue => usize::from(self.back) - 1,
        })
    }

    const fn is_face_up(&self, index: usize) -> bool {
        self.face_up & (1 << index) != 0
    }
}

impl Board {
    /// The board at the start of a game.
    pub(crate) fn new(layout: &Layout, reveal: Reveal) -> Board {
        let columns = Column::ALL.map(|column| {
            let mut pile = Pile {
                pieces: [Domino::DOUBLE_BLANK; ROWS],
                face_up: 0,
                front: 0,
                back: ROWS as u8,
            };
            for row in Row::all() {
                pile.pieces[row.index()] = layout.piece(column, row);
                if reveal.starts_face_up(row) {
                    pile.face_up |= 1 << row.index();
                }
            }
            pile
        });
        Board { columns }
    }

    /// A board from explicit cells (row 1 first).
    pub(crate) fn from_cells(cells: &[[Cell; COLUMNS]; ROWS]) -> Result<Board, BoardError> {
        let mut columns = [Pile {
            pieces: [Domino::DOUBLE_BLANK; ROWS],
            face_up: 0,
            front: 0,
            back: 0,
        }; COLUMNS];
        for column in Column::ALL {
            let pile = &mut columns[column.index()];
            let occupied: Vec<usize> = (0..ROWS)
                .filter(|&row| cells[row][column.index()] != Cell::Empty)
                .collect();
            let (Some(&first), Some(&last)) = (occupied.first(), occupied.last()) else {
                continue;
            };
            for (row, cells) in cells.iter().enumerate().take(last + 1).skip(first) {
                match cells[column.index()] {
                    Cell::Empty => {
                        return Err(BoardError::Gap {
                            column,
                            row: Row::from_index(row),
                        });
                    }
                    Cell::FaceUp(piece) => {
                        pile.pieces[row] = piece;
                        pile.face_up |= 1 << row;
                    }
                    Cell::FaceDown(piece) => pile.pieces[row] = piece,
                }
            }
            // Both are row indices below 7.
            pile.front = first as u8;
            pile.back = last as u8 + 1;
        }
        Ok(Board { columns })
    }

    /// The board as anyone may see it, row 1 first: face-down pieces
    /// become [`CellView::FaceDown`], which holds nothing.
    pub(crate) fn public_cells(&self) -> [[CellView; COLUMNS]; ROWS] {
        let mut cells = [[CellView::Empty; COLUMNS]; ROWS];
        for (column, pile) in self.columns.iter().enumerate() {
            for index in pile.range() {
                cells[index][column] = if pile.is_face_up(index) {
                    CellView::FaceUp(pile.pieces[index])
                } else {
                    CellView::FaceDown
                };
            }
        }
        cells
    }

    /// Pieces left in `column`.
    pub(crate) fn remaining(&self, column: Column) -> usize {
        self.columns[column.index()].len()
    }

    pub(crate) fn is_empty(&self) -> bool {
        self.columns.iter().all(|pile| pile.len() == 0)
    }

    /// `seat`'s nearest piece in `column` (ruling 4).
    pub(crate) fn nearest(&self, seat: Seat, column: Column) -> Option<Nearest> {
        let pile = &self.columns[column.index()];
        let index = pile.nearest_index(seat)?;
        Some(Nearest {
            row: Row::from_index(index),
            piece: pile.pieces[index],
            face_up: pile.is_face_up(index),
        })
    }

    /// Removes `seat`'s nearest piece in `column` and returns it. Does not
    /// turn anything over: see [`Board::turn_nearest_face_up`].
    pub(crate) fn take(&mut self, seat: Seat, column: Column) -> Option<Domino> {
        let pile = &mut self.columns[column.index()];
        let index = pile.nearest_index(seat)?;
        let piece = pile.pieces[index];
        pile.pieces[index] = Domino::DOUBLE_BLANK;
        pile.face_up &= !(1 << index);
        match seat {
            Seat::Yellow => pile.front += 1,
            Seat::Blue => pile.back -= 1,
        }
        Some(piece)
    }

    /// Turns every face-down nearest piece face up (rulings 5 and 17), column
    /// A to D, Yellow's end first, and notes each in `flips`.
    pub(crate) fn turn_nearest_face_up(&mut self, flips: &mut Vec<Flip>) {
        for column in Column::ALL {
            for seat in Seat::ALL {
                let pile = &mut self.columns[column.index()];
                let Some(index) = pile.nearest_index(seat) else {
                    continue;
                };
                if !pile.is_face_up(index) {
                    pile.face_up |= 1 << index;
                    flips.push(Flip {
                        column,
                        row: Row::from_index(index),
                        piece: pile.pieces[index],
                    });
                }
            }
        }
    }

    /// Every piece on the board.
    pub(crate) fn pieces(&self) -> DominoSet {
        self.filter_pieces(|_| true)
    }

    /// The pieces lying face down: the secret of the board.
    pub(crate) fn face_down(&self) -> DominoSet {
        self.filter_pieces(|face_up| !face_up)
    }

    fn filter_pieces(&self, keep: impl Fn(bool) -> bool) -> DominoSet {
        self.columns
            .iter()
            .flat_map(|pile| {
                pile.range()
                    .filter(|&index| keep(pile.is_face_up(index)))
                    .map(|index| pile.pieces[index])
            })
            .collect()
    }
}

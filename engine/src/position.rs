//! Explicit game states: for tests, worked examples and puzzles.
//!
//! A [`Position`] says where every piece is. [`crate::Game::from_position`]
//! accepts it only if it is consistent: all 28 pieces accounted for once,
//! only the double-blank removed, no gap in a column, no more than four mice
//! resting. It does not check that play could have reached it (a face-down
//! nearest piece in the middle of a standard game, say): positions are for
//! tests and puzzles.

use alloc::string::String;
use alloc::vec::Vec;

use crate::board::{BoardError, Cell};
use crate::coords::{COLUMNS, PerColumn, ROWS};
use crate::domino::{Domino, DominoError, DominoSet};
use crate::options::OptionsError;
use crate::seat::{Seat, Seated};

/// Every fact of a game in progress, hidden pieces included.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct Position {
    /// The cake: 7 rows (row 1 first) of columns A to D.
    pub board: [[Cell; COLUMNS]; ROWS],
    /// Both stashes.
    pub stashes: Seated<DominoSet>,
    /// Pieces out of the game: at most the double-blank.
    pub removed: DominoSet,
    /// Mice resting this round, by column.
    pub resting: Seated<PerColumn<u8>>,
    /// The round to be played next, from 1.
    pub round: u32,
    /// Rounds in a row in which no piece moved.
    pub rounds_without_progress: u32,
}

/// A position that is not consistent.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum PositionError {
    /// The options cannot be played.
    #[error(transparent)]
    Options(#[from] OptionsError),
    /// A column has a gap.
    #[error(transparent)]
    Board(#[from] BoardError),
    /// A piece is in two places.
    #[error("piece {0} is in more than one place")]
    Repeated(Domino),
    /// A piece is nowhere.
    #[error("piece {0} is missing: all 28 must be on the board, in a stash or removed")]
    Missing(Domino),
    /// Only the double-blank ever leaves the game.
    #[error("only the double-blank can be removed from the game, not {0}")]
    RemovedNotDoubleBlank(Domino),
    /// More than four mice resting.
    #[error("{seat} has {resting} mice resting, but a family has only 4")]
    TooManyResting {
        /// Whose mice.
        seat: Seat,
        /// How many rest.
        resting: u32,
    },
    /// Rounds are numbered from 1.
    #[error("rounds are numbered from 1")]
    RoundZero,
}

/// A board text that cannot be read.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum BoardTextError {
    /// Not 7 rows.
    #[error("a board has 7 rows, not {0}")]
    RowCount(usize),
    /// A row without exactly 4 places.
    #[error("row {row} has {count} places instead of 4")]
    ColumnCount {
        /// The row number.
        row: usize,
        /// Places found.
        count: usize,
    },
    /// A place that is not `.`, `a/b` or `[a/b]`.
    #[error("row {row}: cannot read {text:?}: {error}")]
    Piece {
        /// The row number.
        row: usize,
        /// The place as written.
        text: String,
        /// Why it is not a piece.
        error: DominoError,
    },
}

impl Position {
    /// Reads a board: 7 lines (row 1 first) of 4 places, each `.` (empty),
    /// `a/b` (face up) or `[a/b]` (face down). Blank lines are skipped.
    ///
    /// ```
    /// use mice_cake_engine::{Cell, Position};
    /// let board = Position::parse_board("
    ///     .     3/4   5/6   0/3
    ///     2/3   [0/5] [1/4] [1/6]
    ///     0/0   1/3   5/5   2/6
    ///     [2/2] [3/3] [3/5] [4/5]
    ///     0/4   1/5   0/6   2/4
    ///     [4/6] [6/6] [0/2] 1/1
    ///     0/1   4/4   3/6   .
    /// ")?;
    /// assert_eq!(board[0][0], Cell::Empty);
    /// assert_eq!(board[1][1], Cell::FaceDown("0/5".parse()?));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn parse_board(text: &str) -> Result<[[Cell; COLUMNS]; ROWS], BoardTextError> {
        let lines: Vec<&str> = text
            .lines()
            .map(str::trim)
            .filter(|line| !line.is_empty())
            .collect();
        if lines.len() != ROWS {
            return Err(BoardTextError::RowCount(lines.len()));
        }
        let mut board = [[Cell::Empty; COLUMNS]; ROWS];
        for (index, (line, cells)) in lines.iter().zip(&mut board).enumerate() {
            let row = index + 1;
            let places: Vec<&str> = line.split_whitespace().collect();
            if places.len() != COLUMNS {
                return Err(BoardTextError::ColumnCount {
                    row,
                    count: places.len(),
                });
            }
            for (place, cell) in places.into_iter().zip(cells.iter_mut()) {
                let piece = |text: &str| {
                    text.parse::<Domino>()
                        .map_err(|error| BoardTextError::Piece {
                            row,
                            text: place.into(),
                            error,
                        })
                };
                *cell = if place == "." {
                    Cell::Empty
                } else if let Some(hidden) =
                    place.strip_prefix('[').and_then(|p| p.strip_suffix(']'))
                {
                    Cell::FaceDown(piece(hidden)?)
                } else {
                    Cell::FaceUp(piece(place)?)
                };
            }
        }
        Ok(board)
    }

    /// Checks that every piece is in exactly one place and the resting mice
    /// fit in their families.
    pub(crate) fn check_pieces_and_mice(&self) -> Result<(), PositionError> {
        if self.round == 0 {
            return Err(PositionError::RoundZero);
        }
        if let Some(piece) = self.removed.iter().find(|p| !p.is_double_blank()) {
            return Err(PositionError::RemovedNotDoubleBlank(piece));
        }
        let on_board = self.board.iter().flatten().filter_map(|cell| match cell {
            Cell::Empty => None,
            Cell::FaceUp(piece) | Cell::FaceDown(piece) => Some(*piece),
        });
        let everywhere = on_board
            .chain(self.stashes.yellow.iter())
            .chain(self.stashes.blue.iter())
            .chain(self.removed.iter());
        let mut seen = DominoSet::EMPTY;
        for piece in everywhere {
            if !seen.insert(piece) {
                return Err(PositionError::Repeated(piece));
            }
        }
        if let Some(missing) = DominoSet::FULL.difference(seen).iter().next() {
            return Err(PositionError::Missing(missing));
        }
        for seat in Seat::ALL {
            let resting: u32 = self.resting[seat].iter().copied().map(u32::from).sum();
            if resting > u32::from(crate::assignment::MICE) {
                return Err(PositionError::TooManyResting { seat, resting });
            }
        }
        Ok(())
    }
}

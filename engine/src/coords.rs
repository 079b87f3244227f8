//! Where things are on the cake: columns A–D and rows 1–7.

use core::fmt;
use core::str::FromStr;

use serde::{Deserialize, Serialize};

use crate::seat::Seat;

/// Number of columns of the cake.
pub const COLUMNS: usize = 4;
/// Number of rows of the cake.
pub const ROWS: usize = 7;

/// A column of the cake. Both players use the same letters, A to D.
#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Debug, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
pub enum Column {
    /// The first column.
    A,
    /// The second column.
    B,
    /// The third column.
    C,
    /// The fourth column.
    D,
}

/// A text that is not a column letter.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("unknown column {0:?}: columns are A, B, C and D")]
pub struct UnknownColumn(pub alloc::string::String);

impl Column {
    /// All columns, left to right: the order in which attempts are rolled.
    pub const ALL: [Column; COLUMNS] = [Column::A, Column::B, Column::C, Column::D];

    /// 0 for A to 3 for D.
    pub const fn index(self) -> usize {
        self as usize
    }

    /// The column's letter.
    pub const fn letter(self) -> char {
        match self {
            Column::A => 'A',
            Column::B => 'B',
            Column::C => 'C',
            Column::D => 'D',
        }
    }

    /// The column for a letter, in either case.
    pub const fn from_letter(letter: char) -> Option<Column> {
        match letter.to_ascii_uppercase() {
            'A' => Some(Column::A),
            'B' => Some(Column::B),
            'C' => Some(Column::C),
            'D' => Some(Column::D),
            _ => None,
        }
    }
}

impl fmt::Display for Column {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.letter())
    }
}

impl FromStr for Column {
    type Err = UnknownColumn;

    fn from_str(text: &str) -> Result<Self, Self::Err> {
        let mut chars = text.trim().chars();
        match (chars.next().and_then(Column::from_letter), chars.next()) {
            (Some(column), None) => Ok(column),
            _ => Err(UnknownColumn(text.into())),
        }
    }
}

/// A row of the cake, 1 (Yellow's side) to 7 (Blue's side); JSON: the number.
#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Debug, Serialize, Deserialize)]
#[serde(try_from = "u8", into = "u8")]
pub struct Row(u8);

/// A number that is not a row.
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
#[error("rows are numbered 1 to 7, not {0}")]
pub struct RowOutOfRange(pub u8);

impl Row {
    /// Row 1, Yellow's front row.
    pub const FIRST: Row = Row(1);
    /// Row 7, Blue's front row.
    pub const LAST: Row = Row(ROWS as u8);

    /// The row numbered `number` (1–7).
    pub const fn new(number: u8) -> Result<Row, RowOutOfRange> {
        if number >= 1 && number as usize <= ROWS {
            Ok(Row(number))
        } else {
            Err(RowOutOfRange(number))
        }
    }

    /// The row's number, 1–7.
    pub const fn number(self) -> u8 {
        self.0
    }

    /// 0 for row 1 to 6 for row 7.
    pub const fn index(self) -> usize {
        self.0 as usize - 1
    }

    /// All rows from 1 to 7.
    pub fn all() -> impl DoubleEndedIterator<Item = Row> + Clone {
        (1..=ROWS as u8).map(Row)
    }

    /// The row with this index (0 for row 1).
    pub(crate) const fn from_index(index: usize) -> Row {
        debug_assert!(index < ROWS);
        Row(index as u8 + 1)
    }

    /// The front row of a player's side.
    pub const fn front_of(seat: Seat) -> Row {
        match seat {
            Seat::Yellow => Row::FIRST,
            Seat::Blue => Row::LAST,
        }
    }
}

impl TryFrom<u8> for Row {
    type Error = RowOutOfRange;

    fn try_from(number: u8) -> Result<Self, Self::Error> {
        Row::new(number)
    }
}

impl From<Row> for u8 {
    fn from(row: Row) -> u8 {
        row.0
    }
}

impl fmt::Display for Row {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.0)
    }
}

/// A value for each column, indexed by [`Column`]; JSON: an array of four.
pub type PerColumn<T> = [T; COLUMNS];

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn columns_parse_from_one_letter_in_either_case() {
        assert_eq!("b".parse::<Column>(), Ok(Column::B));
        assert_eq!(" D ".parse::<Column>(), Ok(Column::D));
        for bad in ["", "E", "AB", "1"] {
            assert_eq!(bad.parse::<Column>(), Err(UnknownColumn(bad.into())));
        }
        assert_eq!(Column::ALL.map(Column::letter), ['A', 'B', 'C', 'D']);
    }

    #[test]
    fn rows_are_1_to_7() {
        assert_eq!(Row::new(0), Err(RowOutOfRange(0)));
        assert_eq!(Row::new(8), Err(RowOutOfRange(8)));
        assert_eq!(
            Row::all().map(Row::number).collect::<alloc::vec::Vec<_>>(),
            [1, 2, 3, 4, 5, 6, 7]
        );
        assert_eq!(
            serde_json::from_str::<Row>("9").map_err(|e| e.is_data()),
            Err(true)
        );
        assert_eq!(Row::front_of(Seat::Blue), Row::LAST);
    }
}

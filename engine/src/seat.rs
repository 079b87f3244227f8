//! The two players and values kept per player.

use core::fmt;
use core::ops::{Index, IndexMut};

use serde::{Deserialize, Serialize};

/// One of the two players, named after the rules' example.
///
/// Yellow sits at row 1 of the cake, Blue at row 7.
#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Debug, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[serde(rename_all = "lowercase")]
pub enum Seat {
    /// Faces row 1.
    Yellow,
    /// Faces row 7.
    Blue,
}

impl Seat {
    /// Both seats, Yellow first: the order in which each round's dice are rolled.
    pub const ALL: [Seat; 2] = [Seat::Yellow, Seat::Blue];

    /// The other player.
    #[must_use]
    pub const fn opponent(self) -> Seat {
        match self {
            Seat::Yellow => Seat::Blue,
            Seat::Blue => Seat::Yellow,
        }
    }
}

impl fmt::Display for Seat {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Seat::Yellow => "Yellow",
            Seat::Blue => "Blue",
        })
    }
}

/// One value for each seat, indexed by [`Seat`]; JSON `{"yellow": …, "blue": …}`.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Default, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[cfg_attr(feature = "schema", schemars(rename = "Seated_{T}"))]
#[serde(deny_unknown_fields)]
pub struct Seated<T> {
    /// Yellow's value.
    pub yellow: T,
    /// Blue's value.
    pub blue: T,
}

impl<T> Seated<T> {
    /// Builds both values from a function of the seat.
    pub fn from_fn(mut value: impl FnMut(Seat) -> T) -> Seated<T> {
        Seated {
            yellow: value(Seat::Yellow),
            blue: value(Seat::Blue),
        }
    }

    /// Applies `f` to both values.
    pub fn map<U>(self, mut f: impl FnMut(T) -> U) -> Seated<U> {
        Seated {
            yellow: f(self.yellow),
            blue: f(self.blue),
        }
    }

    /// Borrows both values.
    pub const fn as_ref(&self) -> Seated<&T> {
        Seated {
            yellow: &self.yellow,
            blue: &self.blue,
        }
    }
}

impl<T> Index<Seat> for Seated<T> {
    type Output = T;

    fn index(&self, seat: Seat) -> &T {
        match seat {
            Seat::Yellow => &self.yellow,
            Seat::Blue => &self.blue,
        }
    }
}

impl<T> IndexMut<Seat> for Seated<T> {
    fn index_mut(&mut self, seat: Seat) -> &mut T {
        match seat {
            Seat::Yellow => &mut self.yellow,
            Seat::Blue => &mut self.blue,
        }
    }
}

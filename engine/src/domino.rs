//! The 28 pieces of cake (a double-six domino set) and sets of them.

use alloc::vec::Vec;
use core::fmt;
use core::str::FromStr;

use serde::{Deserialize, Deserializer, Serialize, Serializer};

/// Number of pieces in a double-six set.
pub const PIECE_COUNT: usize = 28;

/// Pips on all 28 pieces together.
pub const TOTAL_PIPS: u32 = 168;

/// One piece of cake: a domino with two halves of 0–6 pips.
///
/// A domino has no orientation: `2/6` and `6/2` are the same piece, always
/// written with the smaller half first. It is written `low/high` in text and
/// in JSON (`"2/6"`).
#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Domino {
    low: u8,
    high: u8,
}

/// Why a text or a pair of numbers is not a domino.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum DominoError {
    /// A half outside 0–6.
    #[error("a domino half must be 0 to 6 pips, not {0}")]
    HalfOutOfRange(u8),
    /// Text not of the form `a/b`.
    #[error("a domino is written as two halves like 2/6, not {0:?}")]
    Syntax(alloc::string::String),
}

impl Domino {
    /// The double-blank, 0/0: mice on it steal from the opponent's stash.
    pub const DOUBLE_BLANK: Domino = Domino { low: 0, high: 0 };
    /// The double-six, 6/6: decides a game tied on pips and on pieces.
    pub const DOUBLE_SIX: Domino = Domino { low: 6, high: 6 };

    /// All 28 pieces in canonical order (0/0, 0/1, …, 0/6, 1/1, …, 6/6);
    /// a piece's position here is its [`index`](Self::index).
    pub const ALL: [Domino; PIECE_COUNT] = all_dominoes();

    /// The piece with halves `a` and `b`, in either order.
    pub const fn new(a: u8, b: u8) -> Result<Domino, DominoError> {
        if a > 6 {
            return Err(DominoError::HalfOutOfRange(a));
        }
        if b > 6 {
            return Err(DominoError::HalfOutOfRange(b));
        }
        Ok(if a <= b {
            Domino { low: a, high: b }
        } else {
            Domino { low: b, high: a }
        })
    }

    /// The smaller half.
    pub const fn low(self) -> u8 {
        self.low
    }

    /// The larger half.
    pub const fn high(self) -> u8 {
        self.high
    }

    /// Total pips: the value an attempt on this piece must reach.
    pub const fn pips(self) -> u8 {
        self.low + self.high
    }

    /// Whether both halves are equal (0/0, 1/1, …, 6/6).
    pub const fn is_double(self) -> bool {
        self.low == self.high
    }

    /// Whether this is the double-blank.
    pub const fn is_double_blank(self) -> bool {
        self.low == 0 && self.high == 0
    }

    /// Position in [`Domino::ALL`], 0–27.
    pub const fn index(self) -> usize {
        let low = self.low as usize;
        // Rows of the triangle 0/0..0/6 (7 pieces), 1/1..1/6 (6 pieces), …
        low * (15 - low) / 2 + (self.high - self.low) as usize
    }

    /// The piece at `index` in [`Domino::ALL`].
    pub const fn from_index(index: usize) -> Option<Domino> {
        if index < PIECE_COUNT {
            Some(Self::ALL[index])
        } else {
            None
        }
    }
}

const fn all_dominoes() -> [Domino; PIECE_COUNT] {
    let mut all = [Domino { low: 0, high: 0 }; PIECE_COUNT];
    let mut next = 0;
    let mut low = 0;
    while low <= 6 {
        let mut high = low;
        while high <= 6 {
            all[next] = Domino { low, high };
            next += 1;
            high += 1;
        }
        low += 1;
    }
    all
}

impl fmt::Display for Domino {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}/{}", self.low, self.high)
    }
}

impl fmt::Debug for Domino {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(self, f)
    }
}

impl FromStr for Domino {
    type Err = DominoError;

    fn from_str(text: &str) -> Result<Self, Self::Err> {
        let syntax = || DominoError::Syntax(text.into());
        let (a, b) = text.trim().split_once('/').ok_or_else(syntax)?;
        let half = |h: &str| match h.trim().as_bytes() {
            [digit @ b'0'..=b'9'] => Ok(digit - b'0'),
            _ => Err(syntax()),
        };
        Domino::new(half(a)?, half(b)?)
    }
}

impl Serialize for Domino {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        // "low/high" built in place: every reveal and every stored round
        // writes dozens of pieces, and the formatting machinery is slow.
        let text = [b'0' + self.low, b'/', b'0' + self.high];
        match core::str::from_utf8(&text) {
            Ok(text) => serializer.serialize_str(text),
            Err(_) => serializer.collect_str(self),
        }
    }
}

impl<'de> Deserialize<'de> for Domino {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        let text = <alloc::borrow::Cow<'de, str>>::deserialize(deserializer)?;
        text.parse().map_err(serde::de::Error::custom)
    }
}

/// A set of pieces (a stash, the removed pieces, …), as a 28-bit set.
///
/// Iteration and serialization list the pieces in canonical order.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Default)]
pub struct DominoSet(u32);

impl DominoSet {
    /// The empty set.
    pub const EMPTY: DominoSet = DominoSet(0);
    /// All 28 pieces.
    pub const FULL: DominoSet = DominoSet((1 << PIECE_COUNT) - 1);

    /// Whether `piece` is in the set.
    pub const fn contains(self, piece: Domino) -> bool {
        self.0 & (1 << piece.index()) != 0
    }

    /// Adds `piece`; returns whether it was absent.
    pub fn insert(&mut self, piece: Domino) -> bool {
        let absent = !self.contains(piece);
        self.0 |= 1 << piece.index();
        absent
    }

    /// Removes `piece`; returns whether it was present.
    pub fn remove(&mut self, piece: Domino) -> bool {
        let present = self.contains(piece);
        self.0 &= !(1 << piece.index());
        present
    }

    /// Number of pieces.
    pub const fn len(self) -> usize {
        self.0.count_ones() as usize
    }

    /// Whether the set holds no piece.
    pub const fn is_empty(self) -> bool {
        self.0 == 0
    }

    /// Total pips of the pieces.
    pub fn pips(self) -> u32 {
        self.iter().map(|piece| u32::from(piece.pips())).sum()
    }

    /// The lowest piece, if any.
    const fn first(self) -> Option<Domino> {
        if self.0 == 0 {
            None
        } else {
            Domino::from_index(self.0.trailing_zeros() as usize)
        }
    }

    /// Pieces in either set.
    #[must_use]
    pub const fn union(self, other: DominoSet) -> DominoSet {
        DominoSet(self.0 | other.0)
    }

    /// Pieces of `self` that are not in `other`.
    #[must_use]
    pub const fn difference(self, other: DominoSet) -> DominoSet {
        DominoSet(self.0 & !other.0)
    }

    /// The pieces in canonical order.
    pub fn iter(self) -> Pieces {
        Pieces(self)
    }
}

/// The pieces of a [`DominoSet`], in canonical order: one step per piece
/// held, not per piece of the set.
#[derive(Clone, Debug)]
pub struct Pieces(DominoSet);

impl Iterator for Pieces {
    type Item = Domino;

    fn next(&mut self) -> Option<Domino> {
        let piece = self.0.first()?;
        // Clear the lowest set bit.
        (self.0).0 &= (self.0).0 - 1;
        Some(piece)
    }

    fn size_hint(&self) -> (usize, Option<usize>) {
        (self.0.len(), Some(self.0.len()))
    }
}

impl DoubleEndedIterator for Pieces {
    fn next_back(&mut self) -> Option<Domino> {
        let bits = (self.0).0;
        if bits == 0 {
            return None;
        }
        let highest = 31 - bits.leading_zeros() as usize;
        (self.0).0 &= !(1 << highest);
        Domino::from_index(highest)
    }
}

impl ExactSizeIterator for Pieces {}

impl FromIterator<Domino> for DominoSet {
    fn from_iter<I: IntoIterator<Item = Domino>>(pieces: I) -> Self {
        let mut set = DominoSet::EMPTY;
        for piece in pieces {
            set.insert(piece);
        }
        set
    }
}

impl fmt::Debug for DominoSet {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_set().entries(self.iter()).finish()
    }
}

impl Serialize for DominoSet {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.collect_seq(self.iter())
    }
}

impl<'de> Deserialize<'de> for DominoSet {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        let pieces = Vec::<Domino>::deserialize(deserializer)?;
        let mut set = DominoSet::EMPTY;
        for piece in pieces {
            if !set.insert(piece) {
                return Err(serde::de::Error::custom(format_args!(
                    "piece {piece} is listed twice"
                )));
            }
        }
        Ok(set)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use alloc::string::ToString;

    #[test]
    fn the_set_has_28_distinct_pieces_and_168_pips() {
        assert_eq!(DominoSet::FULL.len(), PIECE_COUNT);
        assert_eq!(DominoSet::FULL.pips(), TOTAL_PIPS);
        for (index, piece) in Domino::ALL.into_iter().enumerate() {
            assert_eq!(piece.index(), index, "{piece}");
            assert_eq!(Domino::from_index(index), Some(piece));
        }
        assert_eq!(Domino::from_index(PIECE_COUNT), None);
    }

    #[test]
    fn pieces_parse_in_either_order_and_print_low_first() {
        assert_eq!("6/2".parse::<Domino>().unwrap(), Domino::new(2, 6).unwrap());
        assert_eq!(Domino::new(6, 2).unwrap().to_string(), "2/6");
        assert_eq!(" 0/0 ".parse::<Domino>().unwrap(), Domino::DOUBLE_BLANK);
        assert!(matches!(
            "7/1".parse::<Domino>(),
            Err(DominoError::HalfOutOfRange(7))
        ));
        for bad in ["", "5", "5-6", "12/1", "a/b", "1/2/3"] {
            assert!(bad.parse::<Domino>().is_err(), "{bad:?} parsed");
        }
    }

    #[test]
    fn set_operations() {
        let set = |texts: &[&str]| -> DominoSet {
            texts.iter().map(|t| t.parse::<Domino>().unwrap()).collect()
        };
        let (a, b) = (set(&["0/1", "2/3", "6/6"]), set(&["2/3", "4/5"]));
        assert_eq!(a.union(b), set(&["0/1", "2/3", "4/5", "6/6"]));
        assert_eq!(a.difference(b), set(&["0/1", "6/6"]));
        assert_eq!(
            (a.len(), a.pips(), DominoSet::EMPTY.is_empty()),
            (3, 18, true)
        );
        let mut c = a;
        assert!(!c.insert("2/3".parse().unwrap()));
        assert!(c.remove("2/3".parse().unwrap()));
        assert!(!c.remove("2/3".parse().unwrap()));
        assert_eq!(alloc::format!("{c:?}"), "{0/1, 6/6}");
        let three = set(&["0/1", "2/3", "6/6"]);
        let mut pieces = three.iter();
        assert_eq!((pieces.len(), pieces.size_hint()), (3, (3, Some(3))));
        assert_eq!(pieces.next(), Some("0/1".parse().unwrap()));
        assert_eq!(pieces.len(), 2);
        let backwards: Vec<Domino> = three.iter().rev().take(4).collect();
        assert_eq!(
            backwards,
            alloc::vec![
                "6/6".parse().unwrap(),
                "2/3".parse().unwrap(),
                "0/1".parse().unwrap()
            ]
        );
    }

    #[test]
    fn sets_serialize_in_canonical_order_and_reject_duplicates() {
        let set: DominoSet = ["6/6", "0/1", "2/3"]
            .iter()
            .map(|text| text.parse::<Domino>().unwrap())
            .collect();
        let json = serde_json::to_string(&set).unwrap();
        assert_eq!(json, r#"["0/1","2/3","6/6"]"#);
        assert_eq!(serde_json::from_str::<DominoSet>(&json).unwrap(), set);
        assert!(serde_json::from_str::<DominoSet>(r#"["1/2","2/1"]"#).is_err());
    }
}

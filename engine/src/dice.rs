//! Dice: rolls, where they come from, and the seeded random source.
//!
//! The engine never reaches for a global random generator. Every die comes
//! through the [`Dice`] trait: from a seeded generator ([`RngDice`]) in real
//! games, or from a script ([`ScriptedDice`]) in tests and replays.

use alloc::string::String;
use alloc::vec::Vec;
use core::fmt;
use core::str::FromStr;

use rand_chacha::ChaCha8Rng;
use rand_core::{Rng, SeedableRng};
use serde::{Deserialize, Deserializer, Serialize, Serializer};

use crate::coords::Column;
use crate::seat::Seat;

/// Most dice one attempt rolls: one per mouse.
pub const MAX_DICE: usize = 4;

/// The dice of one attempt, in the order rolled; JSON: an array like `[6,6,5]`.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Default)]
pub struct Roll {
    faces: [u8; MAX_DICE],
    len: u8,
}

/// Dice that cannot have been rolled.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum RollError {
    /// More dice than mice.
    #[error("at most {MAX_DICE} dice are rolled at once, not {0}")]
    TooManyDice(usize),
    /// A face other than 1–6.
    #[error("a die shows 1 to 6, not {0}")]
    FaceOutOfRange(u8),
}

impl Roll {
    /// A roll of these faces.
    pub fn new(faces: &[u8]) -> Result<Roll, RollError> {
        if faces.len() > MAX_DICE {
            return Err(RollError::TooManyDice(faces.len()));
        }
        let mut roll = Roll::default();
        for &face in faces {
            if !(1..=6).contains(&face) {
                return Err(RollError::FaceOutOfRange(face));
            }
            roll.faces[usize::from(roll.len)] = face;
            roll.len += 1;
        }
        Ok(roll)
    }

    /// The faces, in the order rolled.
    pub fn faces(&self) -> &[u8] {
        &self.faces[..usize::from(self.len)]
    }

    /// Number of dice.
    pub const fn len(&self) -> usize {
        self.len as usize
    }

    /// Whether no die was rolled.
    pub const fn is_empty(&self) -> bool {
        self.len == 0
    }

    /// Sum of the faces.
    pub fn sum(&self) -> u8 {
        self.faces().iter().sum()
    }

    /// Number of dice showing `face`.
    pub fn count(&self, face: u8) -> usize {
        self.faces().iter().filter(|&&f| f == face).count()
    }

    /// Whether any die shows `face`.
    pub fn contains(&self, face: u8) -> bool {
        self.faces().contains(&face)
    }
}

impl fmt::Debug for Roll {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_list().entries(self.faces()).finish()
    }
}

impl fmt::Display for Roll {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (i, face) in self.faces().iter().enumerate() {
            if i > 0 {
                f.write_str(",")?;
            }
            write!(f, "{face}")?;
        }
        Ok(())
    }
}

impl Serialize for Roll {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.collect_seq(self.faces())
    }
}

impl<'de> Deserialize<'de> for Roll {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        let faces = Vec::<u8>::deserialize(deserializer)?;
        Roll::new(&faces).map_err(serde::de::Error::custom)
    }
}

/// Whether dice are rolled for an assigned attempt or for a boost (ruling 18).
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[serde(rename_all = "snake_case")]
pub enum RollKind {
    /// The attempt of the mice a player assigned to a column.
    Attempt,
    /// A boost roll, in the boost variant.
    Boost,
}

/// What the engine asks a [`Dice`] source for: `dice` dice for `seat`'s roll
/// in `column`.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct RollRequest {
    /// Whose mice roll.
    pub seat: Seat,
    /// The column they roll in.
    pub column: Column,
    /// How many dice: one per mouse.
    pub dice: u8,
    /// Attempt or boost.
    pub kind: RollKind,
}

impl fmt::Display for RollRequest {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let kind = match self.kind {
            RollKind::Attempt => "attempt",
            RollKind::Boost => "boost",
        };
        write!(
            f,
            "{} dice for {}'s {kind} in column {}",
            self.dice, self.seat, self.column
        )
    }
}

/// A dice source failed to give the dice asked for.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum DiceError {
    /// A script has no roll for this request.
    #[error("no dice scripted for {0}")]
    Missing(RollRequest),
    /// A script has a roll for this request, with the wrong number of dice.
    #[error("{request} were asked for, but {scripted} dice were scripted")]
    WrongCount {
        /// The request.
        request: RollRequest,
        /// How many dice the script holds for it.
        scripted: usize,
    },
    /// A script holds an impossible roll.
    #[error("the dice scripted for {request} are impossible: {error}")]
    Invalid {
        /// The request.
        request: RollRequest,
        /// What is wrong with the dice.
        error: RollError,
    },
}

/// A source of dice. Resolution asks for every roll through it, in a fixed
/// order: Yellow's attempts A to D, Blue's attempts A to D, then boosts.
pub trait Dice {
    /// Rolls `request.dice` dice.
    fn roll(&mut self, request: RollRequest) -> Result<Roll, DiceError>;
}

/// Dice rolled from a random generator (seeded, for real games).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RngDice<R>(pub R);

impl<R: Rng> Dice for RngDice<R> {
    fn roll(&mut self, request: RollRequest) -> Result<Roll, DiceError> {
        let mut roll = Roll::default();
        for _ in 0..request.dice.min(MAX_DICE as u8) {
            roll.faces[usize::from(roll.len)] = roll_die(&mut self.0);
            roll.len += 1;
        }
        Ok(roll)
    }
}

/// One fair die from `rng`. Unbiased, and stable across versions of this
/// crate and of `rand`: a recorded game replays forever.
pub fn roll_die<R: Rng + ?Sized>(rng: &mut R) -> u8 {
    // The result is below 6, so the cast is lossless.
    uniform_below(rng, 6) as u8 + 1
}

/// A uniform number in `0..bound` (`bound > 0`) by rejection sampling, so
/// that no value is more likely than another.
pub(crate) fn uniform_below<R: Rng + ?Sized>(rng: &mut R, bound: u32) -> u32 {
    debug_assert!(bound > 0);
    let bound = u64::from(bound.max(1));
    let span = 1u64 << 32;
    // The largest multiple of `bound` that fits in a u32's range.
    let zone = span - span % bound;
    loop {
        let sample = u64::from(rng.next_u32());
        if sample < zone {
            // Below `bound`, so it fits in a u32.
            return (sample % bound) as u32;
        }
    }
}

/// Dice written down in advance: for tests, worked examples and replays of
/// records without a seed.
///
/// Each scripted roll answers the first matching request (same seat, column
/// and kind) and is used once.
#[derive(Clone, Debug, Default)]
pub struct ScriptedDice {
    rolls: Vec<ScriptedRoll>,
}

#[derive(Clone, Debug)]
struct ScriptedRoll {
    seat: Seat,
    column: Column,
    kind: RollKind,
    faces: Vec<u8>,
    used: bool,
}

impl ScriptedDice {
    /// No dice yet.
    pub fn new() -> ScriptedDice {
        ScriptedDice::default()
    }

    /// Scripts the dice of `seat`'s attempt in `column`.
    #[must_use]
    pub fn attempt(self, seat: Seat, column: Column, faces: &[u8]) -> ScriptedDice {
        self.with(seat, column, RollKind::Attempt, faces)
    }

    /// Scripts the dice of one of `seat`'s boosts in `column`.
    #[must_use]
    pub fn boost(self, seat: Seat, column: Column, faces: &[u8]) -> ScriptedDice {
        self.with(seat, column, RollKind::Boost, faces)
    }

    /// Scripts a roll of any kind.
    #[must_use]
    pub fn with(
        mut self,
        seat: Seat,
        column: Column,
        kind: RollKind,
        faces: &[u8],
    ) -> ScriptedDice {
        self.rolls.push(ScriptedRoll {
            seat,
            column,
            kind,
            faces: faces.to_vec(),
            used: false,
        });
        self
    }

    /// Whether every scripted roll was asked for.
    pub fn all_used(&self) -> bool {
        self.rolls.iter().all(|roll| roll.used)
    }
}

impl Dice for ScriptedDice {
    fn roll(&mut self, request: RollRequest) -> Result<Roll, DiceError> {
        let scripted = self
            .rolls
            .iter_mut()
            .find(|roll| {
                !roll.used
                    && roll.seat == request.seat
                    && roll.column == request.column
                    && roll.kind == request.kind
            })
            .ok_or(DiceError::Missing(request))?;
        if scripted.faces.len() != usize::from(request.dice) {
            return Err(DiceError::WrongCount {
                request,
                scripted: scripted.faces.len(),
            });
        }
        let roll =
            Roll::new(&scripted.faces).map_err(|error| DiceError::Invalid { request, error })?;
        scripted.used = true;
        Ok(roll)
    }
}

/// The random generator of a game: ChaCha8, a stream that is fixed by its
/// specification, so a seed gives the same game on any machine, forever.
pub type GameRng = ChaCha8Rng;

/// The secret a whole game grows from (ruling 21): the shuffle and every die.
///
/// 256 bits, so that nobody can search for the seed that fits the face-up
/// pieces and so learn the face-down ones or the dice to come. A server
/// keeps it secret until the game is over. JSON: 64 hexadecimal digits.
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct Seed([u8; 32]);

/// A text that is not a seed.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("a seed is a number up to 18446744073709551615 or 64 hexadecimal digits, not {0:?}")]
pub struct SeedSyntaxError(pub String);

impl Seed {
    /// A seed from 32 bytes, e.g. from the operating system's random source.
    pub const fn from_bytes(bytes: [u8; 32]) -> Seed {
        Seed(bytes)
    }

    /// A seed from a small number: for tests, simulations and reproducible
    /// servers, never for secret games.
    pub fn from_u64(number: u64) -> Seed {
        let mut bytes = [0; 32];
        bytes[..8].copy_from_slice(&number.to_le_bytes());
        Seed(bytes)
    }

    /// The seed's bytes.
    pub const fn to_bytes(self) -> [u8; 32] {
        self.0
    }

    /// The game's generator: the shuffle, then every die.
    pub fn rng(self) -> GameRng {
        ChaCha8Rng::from_seed(self.0)
    }

    /// An independent generator from the same seed, for everything that is
    /// not the game's own dice (a bot's choices, say), so that those never
    /// shift the game's dice.
    pub fn stream(self, stream: u64) -> GameRng {
        let mut rng = ChaCha8Rng::from_seed(self.0);
        rng.set_stream(stream);
        rng
    }
}

impl Seed {
    /// The seed as 64 lowercase hex digits, without the formatting
    /// machinery: a room stores its seed on every write.
    fn hex(&self) -> [u8; 64] {
        const DIGITS: &[u8; 16] = b"0123456789abcdef";
        let mut hex = [0; 64];
        for (pair, byte) in hex.chunks_exact_mut(2).zip(self.0) {
            pair[0] = DIGITS[usize::from(byte >> 4)];
            pair[1] = DIGITS[usize::from(byte & 0x0f)];
        }
        hex
    }
}

impl fmt::Display for Seed {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let hex = self.hex();
        // Hex digits are ASCII.
        f.write_str(core::str::from_utf8(&hex).map_err(|_| fmt::Error)?)
    }
}

impl fmt::Debug for Seed {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        // A seed reveals the whole game: keep it out of debug output and logs.
        f.write_str("Seed(…)")
    }
}

impl FromStr for Seed {
    type Err = SeedSyntaxError;

    /// A decimal number (as [`Seed::from_u64`]) or 64 hexadecimal digits.
    fn from_str(text: &str) -> Result<Self, Self::Err> {
        let error = || SeedSyntaxError(text.into());
        if text.len() == 64 {
            let mut bytes = [0u8; 32];
            for (byte, pair) in bytes.iter_mut().zip(text.as_bytes().chunks_exact(2)) {
                let pair = core::str::from_utf8(pair).map_err(|_| error())?;
                *byte = u8::from_str_radix(pair, 16).map_err(|_| error())?;
            }
            return Ok(Seed(bytes));
        }
        if text.bytes().all(|b| b.is_ascii_digit()) {
            return text.parse().map(Seed::from_u64).map_err(|_| error());
        }
        Err(error())
    }
}

impl Serialize for Seed {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let hex = self.hex();
        match core::str::from_utf8(&hex) {
            Ok(text) => serializer.serialize_str(text),
            Err(_) => serializer.collect_str(self),
        }
    }
}

impl<'de> Deserialize<'de> for Seed {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        let text = <alloc::borrow::Cow<'de, str>>::deserialize(deserializer)?;
        if text.len() != 64 {
            return Err(serde::de::Error::custom("a seed is 64 hexadecimal digits"));
        }
        text.parse().map_err(serde::de::Error::custom)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use alloc::string::ToString;

    fn request(dice: u8) -> RollRequest {
        RollRequest {
            seat: Seat::Yellow,
            column: Column::A,
            dice,
            kind: RollKind::Attempt,
        }
    }

    #[test]
    fn seeded_dice_are_fair_and_never_leave_1_to_6() {
        let mut dice = RngDice(Seed::from_u64(7).rng());
        let mut counts = [0u32; 7];
        for _ in 0..60_000 {
            for &face in dice.roll(request(1)).unwrap().faces() {
                counts[usize::from(face)] += 1;
            }
        }
        assert_eq!(counts[0], 0);
        for &count in &counts[1..] {
            // 10,000 expected; ±500 is over 5 standard deviations.
            assert!((9_500..=10_500).contains(&count), "{counts:?}");
        }
    }

    /// A generator that returns the given words, then zeros.
    struct Words(alloc::vec::IntoIter<u32>);

    impl rand_core::TryRng for Words {
        type Error = core::convert::Infallible;

        fn try_next_u32(&mut self) -> Result<u32, Self::Error> {
            Ok(self.0.next().unwrap_or(0))
        }

        fn try_next_u64(&mut self) -> Result<u64, Self::Error> {
            Ok(u64::from(self.try_next_u32()?))
        }

        fn try_fill_bytes(&mut self, dst: &mut [u8]) -> Result<(), Self::Error> {
            dst.fill(0);
            Ok(())
        }
    }

    #[test]
    fn the_few_words_that_would_bias_a_die_are_rejected() {
        // 2^32 = 6 × 715,827,882 + 4: the top 4 values are rejected.
        let zone = u32::MAX - 3;
        let mut rng = Words(alloc::vec![zone - 1, zone, u32::MAX, 7].into_iter());
        // The largest word kept: 4,294,967,291 = 6k + 5, a six.
        assert_eq!(roll_die(&mut rng), 6);
        // `zone` and `u32::MAX` are skipped; 7 gives 7 % 6 + 1.
        assert_eq!(roll_die(&mut rng), 2);
        assert_eq!(
            uniform_below(&mut Words(alloc::vec![41].into_iter()), 28),
            13
        );
    }

    #[test]
    fn the_dice_of_a_seed_never_change() {
        // Pinned: a change here breaks the replay of every stored game.
        let mut dice = RngDice(Seed::from_u64(42).rng());
        let faces: Vec<u8> = (0..3)
            .flat_map(|_| dice.roll(request(4)).unwrap().faces().to_vec())
            .collect();
        assert_eq!(faces, [4, 6, 2, 3, 5, 2, 1, 1, 1, 4, 2, 3]);
    }

    #[test]
    fn seeds_print_and_parse_as_hex_and_hide_from_debug() {
        let seed = Seed::from_u64(258);
        let text = seed.to_string();
        assert_eq!(text.len(), 64);
        assert!(text.starts_with("0201000000"));
        assert_eq!(text.parse::<Seed>().unwrap(), seed);
        assert_eq!("258".parse::<Seed>().unwrap(), seed);
        let bytes = core::array::from_fn(|i| i as u8);
        assert_eq!(Seed::from_bytes(bytes).to_bytes(), bytes);
        assert_eq!(seed.to_bytes()[..2], [2, 1]);
        assert_eq!(alloc::format!("{seed:?}"), "Seed(…)");
        assert!("-1".parse::<Seed>().is_err());
        assert!("xyz".parse::<Seed>().is_err());
        let json = serde_json::to_string(&seed).unwrap();
        assert_eq!(serde_json::from_str::<Seed>(&json).unwrap(), seed);
    }

    #[test]
    fn scripted_dice_answer_their_request_once_and_explain_a_mismatch() {
        let mut dice = ScriptedDice::new().attempt(Seat::Yellow, Column::A, &[4, 2]);
        assert_eq!(
            dice.roll(request(3)),
            Err(DiceError::WrongCount {
                request: request(3),
                scripted: 2
            })
        );
        assert!(!dice.all_used());
        assert_eq!(dice.roll(request(2)).unwrap().faces(), [4, 2]);
        assert!(dice.all_used());
        assert_eq!(dice.roll(request(2)), Err(DiceError::Missing(request(2))));
        let mut bad = ScriptedDice::new().attempt(Seat::Yellow, Column::A, &[7]);
        assert!(matches!(
            bad.roll(request(1)),
            Err(DiceError::Invalid { .. })
        ));
    }

    #[test]
    fn rolls_reject_impossible_dice() {
        assert_eq!(Roll::new(&[0]), Err(RollError::FaceOutOfRange(0)));
        assert_eq!(Roll::new(&[1, 2, 3, 4, 5]), Err(RollError::TooManyDice(5)));
        let roll = Roll::new(&[6, 6, 5]).unwrap();
        assert_eq!((roll.sum(), roll.count(6), roll.contains(5)), (17, 2, true));
        assert_eq!(
            (roll.to_string(), alloc::format!("{roll:?}")),
            ("6,6,5".into(), "[6, 6, 5]".into())
        );
        let error = DiceError::Missing(request(2));
        assert_eq!(
            error.to_string(),
            "no dice scripted for 2 dice for Yellow's attempt in column A"
        );
        assert!(serde_json::from_str::<Roll>("[1,9]").is_err());
    }
}

//! Names of things on the wire: room codes, arena ids, seat tokens, game ids.

use std::fmt;
use std::str::FromStr;

use serde::{Deserialize, Deserializer, Serialize, Serializer};

/// Letters and digits a room code is made of: no `0`/`O`, `1`/`I`/`L`, so a
/// code read aloud or copied by hand cannot be mistaken.
pub const ROOM_CODE_ALPHABET: &[u8; 31] = b"23456789ABCDEFGHJKMNPQRSTUVWXYZ";

/// Characters in a room code.
pub const ROOM_CODE_LEN: usize = 5;
/// Characters in an arena's id.
pub const ARENA_ID_LEN: usize = 8;
/// Characters in a challenge's id.
pub const CHALLENGE_ID_LEN: usize = 10;

macro_rules! serde_as_text {
    ($type:ty) => {
        impl Serialize for $type {
            fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
                serializer.collect_str(self)
            }
        }

        impl<'de> Deserialize<'de> for $type {
            fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
                let text = std::borrow::Cow::<'de, str>::deserialize(deserializer)?;
                text.parse().map_err(serde::de::Error::custom)
            }
        }
    };
}

/// A short, human-typeable code made of [`ROOM_CODE_ALPHABET`]: a room's
/// and an arena's are alike but for their length.
macro_rules! short_code {
    ($(#[$doc:meta])* $name:ident, $bad:ident, $len:ident, $what:literal, $example:literal) => {
        $(#[$doc])*
        #[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
        pub struct $name([u8; $len]);

        #[doc = concat!("A text that is not ", $what, ".")]
        #[derive(Debug, Clone, PartialEq, Eq)]
        pub struct $bad(pub String);

        impl fmt::Display for $bad {
            fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                write!(
                    f,
                    "{:?} is not {}: {} letters and digits, like {}",
                    self.0, $what, $len, $example
                )
            }
        }

        impl std::error::Error for $bad {}

        impl $name {
            /// The code whose characters are `ROOM_CODE_ALPHABET[i]` for each `i`.
            pub fn from_indices(indices: [usize; $len]) -> $name {
                $name(indices.map(|i| ROOM_CODE_ALPHABET[i % ROOM_CODE_ALPHABET.len()]))
            }

            /// The code as text.
            pub fn as_str(&self) -> &str {
                // Only ASCII from the alphabet is ever stored.
                std::str::from_utf8(&self.0).unwrap_or_default()
            }
        }

        impl FromStr for $name {
            type Err = $bad;

            fn from_str(text: &str) -> Result<Self, Self::Err> {
                let bad = || $bad(text.into());
                let upper = text.trim().to_ascii_uppercase();
                let bytes: [u8; $len] = upper.as_bytes().try_into().map_err(|_| bad())?;
                if bytes.iter().all(|b| ROOM_CODE_ALPHABET.contains(b)) {
                    Ok($name(bytes))
                } else {
                    Err(bad())
                }
            }
        }

        impl fmt::Display for $name {
            fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                f.write_str(self.as_str())
            }
        }

        impl fmt::Debug for $name {
            fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                write!(f, concat!(stringify!($name), "({})"), self)
            }
        }

        serde_as_text!($name);

        impl schemars::JsonSchema for $name {
            fn schema_name() -> std::borrow::Cow<'static, str> {
                stringify!($name).into()
            }

            fn json_schema(_: &mut schemars::SchemaGenerator) -> schemars::Schema {
                schemars::json_schema!({
                    "description": format!(
                        "{}: {} letters and digits without 0, O, 1, I and L. The server writes it in capitals; any case is read, and spaces around it are ignored.",
                        $what, $len
                    ),
                    "type": "string",
                    "pattern": format!("^\\s*[2-9A-HJKMNP-Za-hjkmnp-z]{{{}}}\\s*$", $len)
                })
            }
        }
    };
}

short_code!(
    /// A room's short, human-typeable code, like `K7M2Q`. Parsing ignores
    /// case and surrounding spaces.
    RoomCode,
    BadRoomCode,
    ROOM_CODE_LEN,
    "a room code",
    "K7M2Q"
);

short_code!(
    /// An arena's id, like `K7M2QX9P`: typed after `mice-cake arena join`,
    /// and in its page's address (`/a/K7M2QX9P`). Parsing ignores case and
    /// surrounding spaces.
    ArenaId,
    BadArenaId,
    ARENA_ID_LEN,
    "an arena id",
    "K7M2QX9P"
);

short_code!(
    /// A challenge's id, like `K7M2QX9PHT`: in its link (`/c/K7M2QX9PHT`),
    /// and typed after `mice-cake accept`. Parsing ignores case and
    /// surrounding spaces.
    ChallengeId,
    BadChallengeId,
    CHALLENGE_ID_LEN,
    "a challenge id",
    "K7M2QX9PHT"
);

/// Bytes of randomness in a seat token.
pub const SEAT_TOKEN_BYTES: usize = 16;

/// The secret that proves a connection holds a seat: 128 random bits, sent
/// once to the player who took the seat, and presented to resume it. JSON:
/// 32 hexadecimal digits. `Debug` does not print it.
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct SeatToken([u8; SEAT_TOKEN_BYTES]);

/// A text that is not a seat token.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("a seat token is 32 hexadecimal digits")]
pub struct BadSeatToken;

impl SeatToken {
    /// A token from random bytes.
    pub const fn from_bytes(bytes: [u8; SEAT_TOKEN_BYTES]) -> SeatToken {
        SeatToken(bytes)
    }

    /// The token's bytes.
    pub const fn as_bytes(&self) -> &[u8; SEAT_TOKEN_BYTES] {
        &self.0
    }
}

impl FromStr for SeatToken {
    type Err = BadSeatToken;

    fn from_str(text: &str) -> Result<Self, Self::Err> {
        if text.len() != 2 * SEAT_TOKEN_BYTES || !text.is_ascii() {
            return Err(BadSeatToken);
        }
        // Hexadecimal digits only, in either case (`from_str_radix` would
        // also take a sign).
        let digit = |b: u8| char::from(b).to_digit(16).ok_or(BadSeatToken);
        let mut bytes = [0; SEAT_TOKEN_BYTES];
        for (byte, pair) in bytes.iter_mut().zip(text.as_bytes().chunks_exact(2)) {
            let value = digit(pair[0])? << 4 | digit(pair[1])?;
            *byte = u8::try_from(value).map_err(|_| BadSeatToken)?;
        }
        Ok(SeatToken(bytes))
    }
}

impl fmt::Display for SeatToken {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.0.iter().try_for_each(|byte| write!(f, "{byte:02x}"))
    }
}

impl fmt::Debug for SeatToken {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("SeatToken(…)")
    }
}

/// A finished game's id, for `GET /api/games/{id}`.
pub type GameId = uuid::Uuid;

serde_as_text!(SeatToken);

impl schemars::JsonSchema for SeatToken {
    fn schema_name() -> std::borrow::Cow<'static, str> {
        "SeatToken".into()
    }

    fn json_schema(_: &mut schemars::SchemaGenerator) -> schemars::Schema {
        schemars::json_schema!({
            "description": "A seat's secret token: 32 hexadecimal digits (any case is read). Keep it to resume the seat; never show it.",
            "type": "string",
            "pattern": "^[0-9a-fA-F]{32}$"
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn room_codes_avoid_ambiguous_characters_and_ignore_case() {
        for ambiguous in [b'0', b'O', b'1', b'I', b'L'] {
            assert!(!ROOM_CODE_ALPHABET.contains(&ambiguous));
        }
        let code: RoomCode = " k7m2q ".parse().unwrap();
        assert_eq!(code.to_string(), "K7M2Q");
        for bad in ["K7M2", "K7M2QQ", "K7M2O", "K7M21", "", "KÉM2Q"] {
            assert!(bad.parse::<RoomCode>().is_err(), "{bad}");
        }
        assert_eq!(RoomCode::from_indices([0, 1, 2, 3, 30]).as_str(), "2345Z");
    }

    #[test]
    fn seat_tokens_are_hex_and_hidden_from_debug() {
        let token = SeatToken::from_bytes([0xab; SEAT_TOKEN_BYTES]);
        let text = token.to_string();
        assert_eq!(text, "ab".repeat(SEAT_TOKEN_BYTES));
        assert_eq!(text.parse::<SeatToken>(), Ok(token));
        assert_eq!(format!("{token:?}"), "SeatToken(…)");
        assert_eq!("zz".repeat(16).parse::<SeatToken>(), Err(BadSeatToken));
        assert_eq!("ab".parse::<SeatToken>(), Err(BadSeatToken));
        // Either case is read; a sign is not a digit.
        assert_eq!(
            "AB".repeat(SEAT_TOKEN_BYTES).parse::<SeatToken>(),
            Ok(token)
        );
        assert_eq!(
            "+f".repeat(SEAT_TOKEN_BYTES).parse::<SeatToken>(),
            Err(BadSeatToken)
        );
    }
}

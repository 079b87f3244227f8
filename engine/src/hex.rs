//! Fixed-size byte strings written as lowercase hexadecimal: the seeds'
//! commitments, seals, nonces, players' keys and signatures. Written
//! without the formatting machinery: seals and nonces are in every event
//! and stored snapshot of a round.

/// A text that is not the expected number of hexadecimal digits.
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
#[error("expected {} hexadecimal digits ({bytes} bytes)", bytes * 2)]
pub struct HexError {
    /// The number of bytes expected.
    pub bytes: usize,
}

/// `N` bytes as `DIGITS` (= 2 × `N`) lowercase hex digits.
pub(crate) struct Hex<const DIGITS: usize>([u8; DIGITS]);

impl<const DIGITS: usize> Hex<DIGITS> {
    pub(crate) fn as_str(&self) -> &str {
        // Hex digits are ASCII.
        core::str::from_utf8(&self.0).unwrap_or_default()
    }
}

pub(crate) fn hex<const N: usize, const DIGITS: usize>(bytes: &[u8; N]) -> Hex<DIGITS> {
    const ALPHABET: &[u8; 16] = b"0123456789abcdef";
    let mut hex = [0; DIGITS];
    for (pair, byte) in hex.chunks_exact_mut(2).zip(bytes) {
        pair[0] = ALPHABET[usize::from(byte >> 4)];
        pair[1] = ALPHABET[usize::from(byte & 0x0f)];
    }
    Hex(hex)
}

/// 2 × `N` hex digits, either case, as `N` bytes. Digit by digit: every
/// seal and nonce a client sends is parsed, and `u8::from_str_radix` would
/// also take a sign (`"+f"`).
pub(crate) fn parse_hex<const N: usize>(text: &str) -> Result<[u8; N], HexError> {
    let digits = text.as_bytes();
    if digits.len() != 2 * N {
        return Err(HexError { bytes: N });
    }
    let mut bytes = [0u8; N];
    for (byte, pair) in bytes.iter_mut().zip(digits.chunks_exact(2)) {
        *byte = (hex_digit(pair[0], N)? << 4) | hex_digit(pair[1], N)?;
    }
    Ok(bytes)
}

fn hex_digit(digit: u8, bytes: usize) -> Result<u8, HexError> {
    match digit {
        b'0'..=b'9' => Ok(digit - b'0'),
        b'a'..=b'f' => Ok(digit - b'a' + 10),
        b'A'..=b'F' => Ok(digit - b'A' + 10),
        _ => Err(HexError { bytes }),
    }
}

/// A newtype over `$len` bytes, shown, parsed and serialized as `2 × $len`
/// hex digits.
macro_rules! bytes {
    ($(#[$doc:meta])* $name:ident, $len:literal) => {
        $(#[$doc])*
        #[derive(Clone, Copy, PartialEq, Eq, Hash)]
        pub struct $name([u8; $len]);

        impl $name {
            /// From its bytes.
            pub const fn from_bytes(bytes: [u8; $len]) -> $name {
                $name(bytes)
            }

            /// Its bytes.
            pub const fn to_bytes(self) -> [u8; $len] {
                self.0
            }
        }

        impl core::fmt::Display for $name {
            fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
                f.write_str($crate::hex::hex::<$len, { 2 * $len }>(&self.0).as_str())
            }
        }

        impl core::fmt::Debug for $name {
            fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
                f.write_str(concat!(stringify!($name), "("))?;
                f.write_str($crate::hex::hex::<$len, { 2 * $len }>(&self.0).as_str())?;
                f.write_str(")")
            }
        }

        impl core::str::FromStr for $name {
            type Err = $crate::hex::HexError;

            fn from_str(text: &str) -> Result<Self, Self::Err> {
                $crate::hex::parse_hex(text).map($name)
            }
        }

        impl serde::Serialize for $name {
            fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
                serializer.serialize_str($crate::hex::hex::<$len, { 2 * $len }>(&self.0).as_str())
            }
        }

        impl<'de> serde::Deserialize<'de> for $name {
            fn deserialize<D: serde::Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
                let text = <alloc::borrow::Cow<'de, str>>::deserialize(deserializer)?;
                text.parse().map_err(serde::de::Error::custom)
            }
        }
    };
}

pub(crate) use bytes;

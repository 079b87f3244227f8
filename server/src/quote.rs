//! What an error message may quote of a client's input: enough of it to
//! recognise, never so much that the answer outgrows the request (an
//! 8 KB path once gave a 16 KB answer, JSON escaping doubling it).

use std::borrow::Cow;

/// Most characters of an input an error message quotes.
pub(crate) const QUOTED_CHARS: usize = 64;

/// `input` whole if it is short, else its first [`QUOTED_CHARS`]
/// characters and `…`.
pub(crate) fn quoted(input: &str) -> Cow<'_, str> {
    match input.char_indices().nth(QUOTED_CHARS) {
        None => Cow::Borrowed(input),
        Some((cut, _)) => Cow::Owned(format!("{}…", &input[..cut])),
    }
}

/// Most characters of a whole error message built from input (a parser's
/// complaint, which quotes what it could not read).
pub(crate) const MESSAGE_CHARS: usize = 4 * QUOTED_CHARS;

/// `message` cut to [`MESSAGE_CHARS`] characters, with `…`.
pub(crate) fn bounded(message: String) -> String {
    match message.char_indices().nth(MESSAGE_CHARS) {
        None => message,
        Some((cut, _)) => format!("{}…", &message[..cut]),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn short_input_is_quoted_whole_and_long_input_cut_at_a_character() {
        assert_eq!(quoted("/api/nowhere"), "/api/nowhere");
        let long = "é".repeat(1000);
        let cut = quoted(&long);
        assert_eq!(cut.chars().count(), QUOTED_CHARS + 1);
        assert!(cut.ends_with('…'));
        assert_eq!(bounded("x".repeat(10)), "x".repeat(10));
        assert_eq!(bounded("x".repeat(5000)).chars().count(), MESSAGE_CHARS + 1);
    }
}

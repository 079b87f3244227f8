//! Chat: short text messages between the people in a room, on two
//! channels as on lichess — the players', which everyone reads, and the
//! spectators', which spectators read and players only when they ask to.
//!
//! Chat is text and nothing else: no markup is interpreted anywhere, and
//! what could disturb the screen around it is taken out rather than
//! refused (a chat line is not a name: nobody passes for anyone by it) —
//! control, format and invisible characters go, white space and line
//! breaks become single spaces, the text is put in normalization form C and
//! limited to [`MAX_CHAT_CHARS`] characters.

use mice_cake_engine::Seat;
use serde::{Deserialize, Serialize};
use unicode_normalization::UnicodeNormalization as _;
use unicode_properties::{GeneralCategoryGroup, UnicodeGeneralCategory as _};

use crate::name::{MAX_COMBINING_MARKS, is_invisible, is_variation_selector, selects_emoji};

/// Longest chat message, in characters (after cleaning).
pub const MAX_CHAT_CHARS: usize = 200;

/// Who reads a chat message.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum ChatChannel {
    /// The players' chat: what the two players say. Everyone in the room
    /// reads it.
    Players,
    /// The spectators' chat: what spectators say. Spectators read it;
    /// players only after asking (`spectator_chat`).
    Spectators,
}

/// One chat message, as everyone who reads it sees it.
#[derive(Clone, PartialEq, Eq, Debug, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct ChatLine {
    /// The channel it was said on.
    pub channel: ChatChannel,
    /// Who said it: a player's or a spectator's name.
    pub name: String,
    /// The speaker's seat, for a player; `null` for a spectator.
    pub seat: Option<Seat>,
    /// What was said, cleaned (see `docs/protocol.md`): plain text.
    pub text: String,
    /// When: milliseconds since the Unix epoch, by the server's clock.
    pub at_ms: u64,
}

/// A chat message the server does not take.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum BadChat {
    /// Nothing left once cleaned.
    #[error("a chat message needs some text")]
    Empty,
    /// Over [`MAX_CHAT_CHARS`] characters.
    #[error("a chat message has at most {MAX_CHAT_CHARS} characters, not {0}")]
    TooLong(usize),
}

impl BadChat {
    /// The arguments of a `bad_chat` refusal: why (`reason`), and the
    /// counts.
    pub fn args(&self) -> crate::RefusalArgs {
        let mut args = crate::RefusalArgs::new();
        let reason = match self {
            BadChat::Empty => "empty",
            BadChat::TooLong(chars) => {
                args.insert("chars".into(), (*chars).into());
                args.insert("most".into(), MAX_CHAT_CHARS.into());
                "too_long"
            }
        };
        args.insert("reason".into(), reason.into());
        args
    }
}

/// A chat message as the server passes it on: cleaned (see the module's
/// documentation), or why it is not taken.
///
/// ```
/// use mice_cake_protocol::chat_text;
///
/// assert_eq!(chat_text(" good\ngame\u{202E}! ").as_deref(), Ok("good game!"));
/// ```
pub fn chat_text(text: &str) -> Result<String, BadChat> {
    let normal: String = text.nfc().collect();
    let mut cleaned = String::with_capacity(normal.len());
    let mut previous: Option<char> = None;
    let mut marks = 0;
    for c in normal.chars() {
        if c.is_whitespace() {
            if !cleaned.is_empty() && !cleaned.ends_with(' ') {
                cleaned.push(' ');
            }
            previous = Some(' ');
            marks = 0;
            continue;
        }
        if is_invisible(c) || (is_variation_selector(c) && !selects_emoji(previous, c)) {
            continue;
        }
        if c.general_category_group() == GeneralCategoryGroup::Mark {
            marks += 1;
            if previous.is_none_or(|p| p == ' ') || marks > MAX_COMBINING_MARKS {
                continue;
            }
        } else {
            marks = 0;
        }
        cleaned.push(c);
        previous = Some(c);
    }
    // Dropping a character can leave combining marks side by side out of
    // their canonical order: normalized again, a message cleaned twice is
    // the message cleaned once (found by fuzzing, `fuzz/`).
    let cleaned: String = cleaned.trim_end().nfc().collect();
    match cleaned.chars().count() {
        0 => Err(BadChat::Empty),
        1..=MAX_CHAT_CHARS => Ok(cleaned),
        chars => Err(BadChat::TooLong(chars)),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_message_cleaned_twice_is_the_message_cleaned_once() {
        // Found by fuzzing: the control characters dropped left two Arabic
        // marks side by side out of canonical order.
        let found = "\u{615},\u{61a}\u{615}\u{615}\u{8}\u{0}\u{61a}";
        let once = chat_text(found).unwrap();
        assert_eq!(chat_text(&once), Ok(once.clone()));
        assert_eq!(once.nfc().collect::<String>(), once);
    }

    #[test]
    fn chat_is_plain_text_on_one_line_with_nothing_hidden_in_it() {
        assert_eq!(chat_text("gg").unwrap(), "gg");
        assert_eq!(chat_text("  well\r\n\tplayed  ").unwrap(), "well played");
        // Controls that would move the cursor, colour the terminal or turn
        // the text around are taken out.
        assert_eq!(chat_text("\u{1b}[31mred\u{1b}[0m").unwrap(), "[31mred[0m");
        assert_eq!(chat_text("abc\u{202E}def\u{200B}").unwrap(), "abcdef");
        assert_eq!(chat_text("a\u{7}b\u{0}c").unwrap(), "abc");
        // Markup is text.
        assert_eq!(chat_text("<b>hi</b>").unwrap(), "<b>hi</b>");
        // Normalized, and marks bounded.
        assert_eq!(chat_text("Rene\u{301}").unwrap(), "Ren\u{E9}");
        assert_eq!(
            chat_text("x\u{300}\u{301}\u{302}\u{303}\u{304}\u{305}").unwrap(),
            "x\u{300}\u{301}\u{302}\u{303}"
        );
        assert_eq!(
            chat_text("nice \u{2764}\u{FE0F}").unwrap(),
            "nice \u{2764}\u{FE0F}"
        );
    }

    #[test]
    fn empty_and_long_messages_are_refused() {
        assert_eq!(chat_text(""), Err(BadChat::Empty));
        assert_eq!(chat_text(" \u{202E}\u{200B}\n"), Err(BadChat::Empty));
        assert!(chat_text(&"x".repeat(MAX_CHAT_CHARS)).is_ok());
        assert_eq!(
            chat_text(&"x".repeat(MAX_CHAT_CHARS + 1)),
            Err(BadChat::TooLong(MAX_CHAT_CHARS + 1))
        );
    }
}

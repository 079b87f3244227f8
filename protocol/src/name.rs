//! Player names as the server takes them: what one person types to be
//! known by, and nothing that could make one name pass for another, or for
//! a message from the server.
//!
//! A name is trimmed, its runs of white space become one space, and it is
//! put in Unicode normalization form C (so that "é" typed as one character
//! or as "e" and an accent is the same name). Then it is refused if it is
//! empty or longer than [`MAX_NAME_CHARS`] characters, or if it holds a
//! character that cannot be seen or that changes how text around it is
//! shown: control characters (line breaks and tabs are white space, so they
//! become a space), format characters (Unicode category Cf: the
//! bidirectional overrides and isolates such as U+202E, zero-width spaces
//! and joiners such as U+200B, the byte order mark U+FEFF, soft hyphens,
//! tags), line and paragraph separators, private-use and unassigned code
//! points, the invisible fillers that count as letters (Hangul fillers,
//! U+2800), variation selectors other than an emoji's presentation
//! selector right after it, or a pile of combining marks.
//!
//! One format character is taken where it shows: the zero-width joiner
//! U+200D that joins two emoji into one (an emoji ZWJ sequence, as
//! "👨‍👩‍👧‍👦" or "🏳️‍🌈"). The character before it must be an emoji, an emoji
//! with its presentation selector U+FE0F, or a skin-tone modifier
//! (U+1F3FB–U+1F3FF), and the one after it an emoji; anywhere else (at
//! either end, between letters or digits, doubled, after a text
//! presentation selector) it is as invisible as any other and refused.
//! Characters are counted as Unicode scalar values: a family of four is 7
//! of the 32.
//!
//! What it does not do: fold look-alikes. "Ann" in Latin and "Аnn" with a
//! Cyrillic "А", or "Ａｎｎ" in full-width letters, stay different names that
//! look alike; clients tell players apart by seat (colour and label), not
//! by name. Names in right-to-left scripts are taken as they are: a client
//! that shows a name inside other text isolates it (U+2068 … U+2069) so that
//! it cannot reorder what is around it.

use std::fmt;

use unicode_normalization::UnicodeNormalization as _;
use unicode_properties::{GeneralCategory, GeneralCategoryGroup, UnicodeGeneralCategory as _};

/// Longest player name, in characters (Unicode scalar values, after
/// normalization).
pub const MAX_NAME_CHARS: usize = 32;

/// Most combining marks on one character: enough for any script's
/// diacritics, too few to smear a name over the lines around it.
pub const MAX_COMBINING_MARKS: usize = 4;

/// Why a name is refused.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum BadName {
    /// Nothing but white space.
    #[error("a name cannot be empty")]
    Empty,
    /// Over its most characters ([`MAX_NAME_CHARS`] for a player's).
    #[error("a name has at most {most} characters, not {chars}")]
    TooLong { chars: usize, most: usize },
    /// A character that cannot be seen, or that changes how the text around
    /// it is shown.
    #[error("a name cannot hold {0}: invisible, control and text-direction characters are refused")]
    Invisible(CodePoint),
    /// A combining mark with nothing before it to combine with.
    #[error("a name cannot start with a combining mark ({0})")]
    LeadingMark(CodePoint),
    /// More than [`MAX_COMBINING_MARKS`] combining marks on one character.
    #[error("a name cannot pile more than {MAX_COMBINING_MARKS} combining marks on one character")]
    TooManyMarks,
}

impl BadName {
    /// The arguments of a `bad_name` refusal: why (`reason`) and what it
    /// names (the character as `U+202E`, the counts).
    pub fn args(&self) -> crate::RefusalArgs {
        let mut args = crate::RefusalArgs::new();
        let reason = match self {
            BadName::Empty => "empty",
            BadName::TooLong { chars, most } => {
                args.insert("chars".into(), (*chars).into());
                args.insert("most".into(), (*most).into());
                "too_long"
            }
            BadName::Invisible(character) => {
                args.insert("character".into(), character.to_string().into());
                "invisible"
            }
            BadName::LeadingMark(character) => {
                args.insert("character".into(), character.to_string().into());
                "leading_mark"
            }
            BadName::TooManyMarks => {
                args.insert("most".into(), MAX_COMBINING_MARKS.into());
                "too_many_marks"
            }
        };
        args.insert("reason".into(), reason.into());
        args
    }
}

/// A character named by its code point, as `U+202E`: printing the
/// character itself would do what it was refused for.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct CodePoint(pub char);

impl fmt::Display for CodePoint {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "U+{:04X}", u32::from(self.0))
    }
}

/// A player's name as the server takes it (see the module's documentation):
/// the name to use, or why it is refused.
///
/// ```
/// use mice_cake_protocol::{player_name, BadName};
///
/// assert_eq!(player_name("  Ann   Lee ").as_deref(), Ok("Ann Lee"));
/// assert!(matches!(player_name("Ann\u{202E}"), Err(BadName::Invisible(_))));
/// ```
pub fn player_name(name: &str) -> Result<String, BadName> {
    checked_name(name, MAX_NAME_CHARS)
}

/// An arena's name as the server takes it: as a player's name, but up to
/// [`MAX_ARENA_NAME_CHARS`](crate::arena::MAX_ARENA_NAME_CHARS) characters.
pub fn arena_name(name: &str) -> Result<String, BadName> {
    checked_name(name, crate::arena::MAX_ARENA_NAME_CHARS)
}

/// A field of a bot's card (`crate::bots`): as a name, up to `most`
/// characters.
pub fn card_text(text: &str, most: usize) -> Result<String, BadName> {
    checked_name(text, most)
}

/// A name of at most `most` characters, checked as the module says.
fn checked_name(name: &str, most: usize) -> Result<String, BadName> {
    let collapsed = name.split_whitespace().collect::<Vec<_>>().join(" ");
    let normal: String = collapsed.nfc().collect();
    let characters: Vec<char> = normal.chars().collect();
    let mut chars = 0;
    let mut marks = 0;
    let mut previous = None;
    for (index, &c) in characters.iter().enumerate() {
        chars += 1;
        let shows = if c == ZERO_WIDTH_JOINER {
            joins_emoji(&characters[..index], characters.get(index + 1).copied())
        } else {
            !is_invisible(c) && (!is_variation_selector(c) || selects_emoji(previous, c))
        };
        if !shows {
            return Err(BadName::Invisible(CodePoint(c)));
        }
        previous = Some(c);
        if c.general_category_group() == GeneralCategoryGroup::Mark {
            if chars == 1 {
                return Err(BadName::LeadingMark(CodePoint(c)));
            }
            marks += 1;
            if marks > MAX_COMBINING_MARKS {
                return Err(BadName::TooManyMarks);
            }
        } else {
            marks = 0;
        }
    }
    match chars {
        0 => Err(BadName::Empty),
        chars if chars <= most => Ok(normal),
        chars => Err(BadName::TooLong { chars, most }),
    }
}

/// Whether `c` cannot be seen, or changes how the text around it is shown.
pub(crate) fn is_invisible(c: char) -> bool {
    use GeneralCategory::{
        Control, Format, LineSeparator, ParagraphSeparator, PrivateUse, Surrogate, Unassigned,
    };
    matches!(
        c.general_category(),
        Control | Format | LineSeparator | ParagraphSeparator | PrivateUse | Surrogate | Unassigned
    ) || INVISIBLE_GRAPHICS.contains(&c)
        // The combining grapheme joiner and the Mongolian and supplementary
        // variation selectors are marks that show nothing of their own.
        || matches!(c, '\u{034F}' | '\u{17B4}' | '\u{17B5}' | '\u{180B}'..='\u{180F}')
        || matches!(c, '\u{E0100}'..='\u{E01EF}')
        // White space is only ever the one space `player_name` leaves.
        || (c.is_whitespace() && c != ' ')
}

/// The variation selectors of the Basic Multilingual Plane (those beyond it
/// are refused outright by `is_invisible`).
pub(crate) fn is_variation_selector(c: char) -> bool {
    matches!(c, '\u{FE00}'..='\u{FE0F}')
}

/// Whether `selector` asks for the text or emoji presentation of the emoji
/// just before it (as in "❤️"): the only use that shows. Anywhere else a
/// selector is invisible, and would make "Ann" and "Ann\u{FE0F}" two names
/// that look alike.
pub(crate) fn selects_emoji(previous: Option<char>, selector: char) -> bool {
    use unicode_properties::UnicodeEmoji as _;
    matches!(selector, '\u{FE0E}' | '\u{FE0F}')
        && previous.is_some_and(|c| c.is_emoji_char() && !is_variation_selector(c))
}

/// The zero-width joiner, which joins emoji into one (see
/// [`joins_emoji`]).
const ZERO_WIDTH_JOINER: char = '\u{200D}';

/// Whether a zero-width joiner between `before` (everything before it) and
/// `after` (the character after it) joins two emoji, as in an emoji ZWJ
/// sequence (Unicode Technical Standard #51): an emoji, an emoji with its
/// presentation selector or a skin-tone modifier before it; an emoji after.
fn joins_emoji(before: &[char], after: Option<char>) -> bool {
    let joined_before = match before {
        [.., emoji, '\u{FE0F}'] => joinable_emoji(*emoji),
        [.., last] => joinable_emoji(*last) || is_skin_tone(*last),
        [] => false,
    };
    joined_before && after.is_some_and(joinable_emoji)
}

/// An emoji a joiner may stand beside: not a digit, `#` or `*` (emoji only
/// as keycaps), a regional indicator (half a flag) or a skin tone (which
/// modifies the emoji before it).
fn joinable_emoji(c: char) -> bool {
    use unicode_properties::UnicodeEmoji as _;
    c.is_emoji_char()
        && !c.is_ascii()
        && !unicode_properties::emoji::is_regional_indicator(c)
        && !is_skin_tone(c)
}

/// The five emoji modifiers, U+1F3FB–U+1F3FF.
fn is_skin_tone(c: char) -> bool {
    matches!(c, '\u{1F3FB}'..='\u{1F3FF}')
}

/// Letters and symbols that are drawn as nothing: names made of them look
/// empty, or like another name with a space in it.
const INVISIBLE_GRAPHICS: [char; 5] = [
    '\u{115F}', // Hangul choseong filler
    '\u{1160}', // Hangul jungseong filler
    '\u{3164}', // Hangul filler
    '\u{FFA0}', // Halfwidth Hangul filler
    '\u{2800}', // Braille pattern blank
];

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_are_trimmed_collapsed_and_normalized() {
        assert_eq!(player_name(" Ada ").unwrap(), "Ada");
        assert_eq!(player_name("Ann \t  Lee").unwrap(), "Ann Lee");
        // U+00A0 and U+3000 are white space: they become one plain space.
        assert_eq!(player_name("Ann\u{00A0}\u{3000}Lee").unwrap(), "Ann Lee");
        // "e" + U+0301 is the one character U+00E9 in form C.
        assert_eq!(player_name("Rene\u{301}").unwrap(), "Ren\u{E9}");
        assert_eq!(player_name("Ren\u{E9}").unwrap(), "Ren\u{E9}");
        for name in ["Ōsaka", "Zoë", "李小龍", "Мышь", "🐭 Pip", "O'Brien-Smith"] {
            assert_eq!(player_name(name).unwrap(), name);
        }
        // A presentation selector right after an emoji shows: kept, and so
        // is a keycap. Anywhere else a selector hides in the name.
        assert!(player_name("Pip \u{2764}\u{FE0F}").is_ok());
        assert!(player_name("Pip \u{2764}\u{FE0E}").is_ok());
        assert!(player_name("Pip 1\u{FE0F}\u{20E3}").is_ok());
        for name in [
            "Ann\u{FE0F}",
            "A\u{FE00}nn",
            "Pip \u{2764}\u{FE0F}\u{FE0F}",
            "Pip \u{2764}\u{FE00}",
        ] {
            assert!(
                matches!(player_name(name), Err(BadName::Invisible(_))),
                "{name:?}"
            );
        }
        // Every kind of white space, line breaks included, is one space.
        assert_eq!(
            player_name("Ann\n\u{0085}\u{2028}\u{2029}Lee").unwrap(),
            "Ann Lee"
        );
    }

    #[test]
    fn invisible_and_direction_changing_characters_are_refused_by_code_point() {
        for c in [
            '\u{202E}',
            '\u{202D}',
            '\u{2066}',
            '\u{2069}',
            '\u{200E}',
            '\u{200F}',
            '\u{061C}',
            '\u{200B}',
            '\u{200C}',
            '\u{200D}',
            '\u{2060}',
            '\u{FEFF}',
            '\u{00AD}',
            '\u{E0041}',
            '\u{0007}',
            '\u{001B}',
            '\u{007F}',
            '\u{0090}',
            '\u{E000}',
            '\u{10FFFF}',
            '\u{115F}',
            '\u{3164}',
            '\u{FFA0}',
            '\u{2800}',
            '\u{034F}',
            '\u{E0100}',
        ] {
            let name = format!("An{c}n");
            let error = player_name(&name).unwrap_err();
            assert_eq!(error, BadName::Invisible(CodePoint(c)), "{name:?}");
            let message = error.to_string();
            assert!(
                message.contains(&format!("U+{:04X}", u32::from(c))),
                "{message}"
            );
            assert!(!message.contains(c), "the message shows {c:?} itself");
        }
        // A name that is nothing but a filler is refused too, not taken as
        // a name that looks empty.
        assert!(player_name("\u{3164}").is_err());
    }

    #[test]
    fn a_zero_width_joiner_is_taken_only_between_two_emoji() {
        for name in [
            "\u{1F468}\u{200D}\u{1F469}\u{200D}\u{1F467}\u{200D}\u{1F466}", // family
            "\u{1F3F3}\u{FE0F}\u{200D}\u{1F308}",                           // rainbow flag
            "\u{1F469}\u{1F3FD}\u{200D}\u{1F4BB}", // technologist, skin tone
            "\u{2764}\u{FE0F}\u{200D}\u{1F525}",   // heart on fire
            "Pip \u{1F468}\u{200D}\u{1F9B0}",      // man, red hair
        ] {
            assert_eq!(player_name(name).as_deref(), Ok(name), "{name:?}");
        }
        for name in [
            "\u{200D}\u{1F469}",
            "\u{1F469}\u{200D}",
            "A\u{200D}B",
            "1\u{200D}2",
            "\u{1F468}\u{200D}\u{200D}\u{1F469}",
            "A\u{200D}\u{1F469}",
            "\u{1F469}\u{200D}A",
            "\u{1F469} \u{200D}\u{1F469}",
            "\u{2764}\u{FE0E}\u{200D}\u{1F525}",
            "\u{1F1EB}\u{200D}\u{1F1F7}",
            "\u{1F469}\u{200D}\u{1F3FD}",
        ] {
            assert_eq!(
                player_name(name),
                Err(BadName::Invisible(CodePoint('\u{200D}'))),
                "{name:?}"
            );
        }
        // A family is 7 characters: four fit in a name, five do not.
        let family = "\u{1F468}\u{200D}\u{1F469}\u{200D}\u{1F467}\u{200D}\u{1F466}";
        assert!(player_name(&[family; 4].join(" ")).is_ok());
        assert_eq!(
            player_name(&[family; 5].join(" ")),
            Err(BadName::TooLong {
                chars: 39,
                most: MAX_NAME_CHARS
            })
        );
    }

    /// As found by playing: an arena's name of 33 to 40 characters was
    /// refused by the player-name limit, though the docs and the form allow
    /// 40. An arena's name is checked as a player's, with its own limit.
    #[test]
    fn an_arena_s_name_has_its_own_limit_and_a_player_s_checks() {
        let forty = "A".repeat(crate::arena::MAX_ARENA_NAME_CHARS);
        assert_eq!(arena_name(&forty).unwrap(), forty);
        assert!(player_name(&forty).is_err());
        assert_eq!(
            arena_name(&format!("{forty}A")),
            Err(BadName::TooLong {
                chars: 41,
                most: crate::arena::MAX_ARENA_NAME_CHARS
            })
        );
        assert!(matches!(
            arena_name("Night\u{202E}"),
            Err(BadName::Invisible(_))
        ));
        assert_eq!(arena_name("  Friday   night ").unwrap(), "Friday night");
    }

    #[test]
    fn length_is_counted_after_normalization_and_marks_are_bounded() {
        assert_eq!(player_name(""), Err(BadName::Empty));
        assert_eq!(player_name("   \t"), Err(BadName::Empty));
        let longest = "a".repeat(MAX_NAME_CHARS);
        assert_eq!(player_name(&longest).unwrap(), longest);
        assert_eq!(
            player_name(&"a".repeat(MAX_NAME_CHARS + 1)),
            Err(BadName::TooLong {
                chars: MAX_NAME_CHARS + 1,
                most: MAX_NAME_CHARS
            })
        );
        // 32 "é" written as "e" + accent are 64 scalar values but 32 characters.
        assert!(player_name(&"e\u{301}".repeat(MAX_NAME_CHARS)).is_ok());
        assert_eq!(
            player_name("\u{301}Ann"),
            Err(BadName::LeadingMark(CodePoint('\u{301}')))
        );
        assert!(player_name("A\u{300}\u{301}\u{302}\u{303}").is_ok());
        assert_eq!(
            player_name("A\u{300}\u{301}\u{302}\u{303}\u{304}\u{305}"),
            Err(BadName::TooManyMarks)
        );
    }
}

//! The terminal client's words, from the catalogue of the player's language
//! (`locales/<language>/common` and `terminal/*.ftl`, embedded by the
//! `mice-cake-words` crate): `tr!("id")`, `tr!("id", count = 3, name = name)`.
//!
//! The language is chosen once, as the client starts ([`choose`]): `--lang`,
//! else the first of `LC_ALL`, `LC_MESSAGES`, `LANG` that is set (as POSIX
//! reads them), else English. Tests that never choose read English. `--json`
//! is the protocol's and never goes through here.

use std::sync::OnceLock;

use mice_cake_protocol::{ErrorCode, RefusalArg, RefusalArgs};
use mice_cake_words::{DEFAULT_LANGUAGE, Part, Words};

static WORDS: OnceLock<Words> = OnceLock::new();

/// The language for `--lang` (if given) and the locale variables (`LC_ALL`,
/// `LC_MESSAGES`, `LANG`, read by `variable`): the first that names a
/// language with a catalogue. As POSIX reads them, the first of the three
/// that is set and not empty decides, even if it names a language without a
/// catalogue (then English).
pub fn language_for(flag: Option<&str>, variable: impl Fn(&str) -> Option<String>) -> &'static str {
    if let Some(flag) = flag {
        return mice_cake_words::negotiate([flag]).unwrap_or(DEFAULT_LANGUAGE);
    }
    ["LC_ALL", "LC_MESSAGES", "LANG"]
        .into_iter()
        .find_map(|name| variable(name).filter(|value| !value.is_empty()))
        .and_then(|value| mice_cake_words::negotiate([value.as_str()]))
        .unwrap_or(DEFAULT_LANGUAGE)
}

/// Chooses the language for this process: `--lang` or the environment.
/// Called once, before any word is shown; a later call changes nothing.
pub fn choose(flag: Option<&str>) -> Result<&'static str, mice_cake_words::WordsError> {
    let language = language_for(flag, |name| std::env::var(name).ok());
    let words = Words::new(language, Part::Terminal)?;
    Ok(WORDS.get_or_init(|| words).language())
}

/// The words in use: the chosen language's, or English when none was chosen.
pub fn words() -> &'static Words {
    #[cfg(test)]
    if let Some(words) = SPEAKING.get() {
        return words;
    }
    WORDS.get_or_init(|| Words::english(Part::Terminal))
}

#[cfg(test)]
thread_local! {
    /// The words a test speaks on its own thread ([`speaking`]).
    static SPEAKING: std::cell::Cell<Option<&'static Words>> = const { std::cell::Cell::new(None) };
}

/// Runs `f` with this thread speaking `language`: a test's view of what a
/// player of that language reads, leaving every other test in English.
#[cfg(test)]
pub(crate) fn speaking<T>(language: &str, f: impl FnOnce() -> T) -> T {
    let words: &'static Words = Box::leak(Box::new(
        Words::new(language, Part::Terminal).unwrap_or_else(|_| Words::english(Part::Terminal)),
    ));
    let before = SPEAKING.replace(Some(words));
    let result = f();
    SPEAKING.set(before);
    result
}

/// A server's refusal in the player's words: the message
/// `refusal-<code>` (`refusal-room_full`), given the server's own
/// `message`; the server's message itself when the catalogue has no such
/// id (a code newer than this client), or when the client wrote it
/// ([`own_notice`]).
pub fn refusal(code: ErrorCode, message: &str) -> String {
    refusal_with(code, message, &RefusalArgs::new())
}

/// [`refusal`], with what the refusal's words need beyond its code
/// (`reason`, `column`, `limit`, …: the protocol's `args`).
pub fn refusal_with(code: ErrorCode, message: &str, args: &RefusalArgs) -> String {
    if is_own_notice(message) {
        return message.to_owned();
    }
    let words = words();
    let id = format!("refusal-{}", code.as_str());
    if !words.has(&id) {
        return message.to_owned();
    }
    let mut fluent = mice_cake_words::Args::new();
    fluent.set("message", mice_cake_words::Value::from(message));
    for (name, value) in args {
        let value = match value {
            RefusalArg::Number(number) => mice_cake_words::Value::from(*number as f64),
            RefusalArg::Text(text) => mice_cake_words::Value::from(text.as_str()),
        };
        fluent.set(name.as_str(), value);
    }
    words.format(&id, Some(&fluent))
}

/// The notices the client itself makes as a server's error (a message it
/// cannot read, a seat it cannot keep), already in the player's words.
static OWN_NOTICES: std::sync::Mutex<Vec<String>> = std::sync::Mutex::new(Vec::new());

/// How many of the client's own notices are remembered.
const OWN_NOTICES_KEPT: usize = 32;

/// Marks `text`, written by the client in the player's words, as a notice
/// of its own put in a server error's place: [`refusal`] shows it as it is.
pub fn own_notice(text: String) -> String {
    if let Ok(mut notices) = OWN_NOTICES.lock() {
        if notices.len() >= OWN_NOTICES_KEPT {
            notices.remove(0);
        }
        notices.push(text.clone());
    }
    text
}

fn is_own_notice(message: &str) -> bool {
    OWN_NOTICES
        .lock()
        .is_ok_and(|notices| notices.iter().any(|notice| notice == message))
}

/// `value` with `digits` decimals, written as the player's language writes
/// a decimal number (`12.5`, `12,5`).
pub fn decimal(value: f64, digits: usize) -> String {
    localized(format!("{value:.digits$}"))
}

/// [`decimal`] with its sign always shown: `+1.5`, `-0.3`.
pub fn signed_decimal(value: f64, digits: usize) -> String {
    localized(format!("{value:+.digits$}"))
}

fn localized(number: String) -> String {
    let separator = words().format("catalogue-decimal-separator", None);
    if separator == "." || separator.starts_with('{') {
        number
    } else {
        number.replace('.', &separator)
    }
}

/// The message `id` in the player's language, with its arguments:
/// `tr!("rooms-none")`, `tr!("rooms-count", count = rooms.len())`. An
/// argument is a number (`u32`, `usize`, `f64`, …) or text.
#[macro_export]
macro_rules! tr {
    ($id:literal) => {
        $crate::catalogue::words().format($id, None)
    };
    ($id:literal, $($name:ident = $value:expr),+ $(,)?) => {
        // A match keeps the arguments' temporaries (`name.trim()`) alive
        // until the message is formatted.
        match ($($value,)+) {
            ($($name,)+) => {
                let mut args = mice_cake_words::Args::new();
                $( args.set(stringify!($name), $crate::catalogue::value($name)); )+
                $crate::catalogue::words().format($id, Some(&args))
            }
        }
    };
}

/// An argument for a message: numbers stay numbers (for plurals), anything
/// else is text.
pub fn value<'a>(value: impl Into<Argument<'a>>) -> mice_cake_words::Value<'a> {
    match value.into() {
        Argument::Number(number) => mice_cake_words::Value::from(number),
        Argument::Text(text) => mice_cake_words::Value::from(text),
    }
}

/// What a message's argument can be.
#[derive(Debug)]
pub enum Argument<'a> {
    /// A number.
    Number(f64),
    /// Text: a name, a code, a piece, an assignment.
    Text(std::borrow::Cow<'a, str>),
}

macro_rules! number_argument {
    ($($kind:ty),+) => {
        $(impl From<$kind> for Argument<'_> {
            fn from(number: $kind) -> Self {
                Argument::Number(number as f64)
            }
        })+
    };
}
number_argument!(u8, u16, u32, u64, usize, i8, i16, i32, i64, f32, f64);

impl<'a> From<&'a str> for Argument<'a> {
    fn from(text: &'a str) -> Self {
        Argument::Text(std::borrow::Cow::Borrowed(text))
    }
}

impl<'a> From<&'a String> for Argument<'a> {
    fn from(text: &'a String) -> Self {
        Argument::Text(std::borrow::Cow::Borrowed(text))
    }
}

impl From<String> for Argument<'_> {
    fn from(text: String) -> Self {
        Argument::Text(std::borrow::Cow::Owned(text))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_flag_wins_then_the_first_locale_variable_set() {
        let env = |pairs: &'static [(&'static str, &'static str)]| {
            move |name: &str| {
                pairs
                    .iter()
                    .find(|(key, _)| *key == name)
                    .map(|(_, value)| (*value).to_owned())
            }
        };
        assert_eq!(
            language_for(Some("es"), env(&[("LANG", "fr_FR.UTF-8")])),
            "es"
        );
        assert_eq!(language_for(None, env(&[("LANG", "fr_FR.UTF-8")])), "fr");
        assert_eq!(
            language_for(
                None,
                env(&[("LC_ALL", "es_ES.UTF-8"), ("LANG", "fr_FR.UTF-8")])
            ),
            "es"
        );
        assert_eq!(
            language_for(None, env(&[("LC_MESSAGES", "fr_CA"), ("LANG", "es_ES")])),
            "fr"
        );
        // An empty variable is not set; C (or a language without a
        // catalogue) set first means English, as POSIX reads it.
        assert_eq!(
            language_for(None, env(&[("LC_ALL", ""), ("LANG", "fr_FR")])),
            "fr"
        );
        assert_eq!(
            language_for(None, env(&[("LC_ALL", "C"), ("LANG", "fr_FR")])),
            "en"
        );
        assert_eq!(language_for(None, env(&[])), "en");
        assert_eq!(language_for(Some("de"), env(&[("LANG", "fr_FR")])), "en");
    }

    #[test]
    fn lang_fr_fr_utf8_speaks_french() {
        let language = language_for(None, |name| {
            (name == "LANG").then(|| "fr_FR.UTF-8".to_owned())
        });
        assert_eq!(language, "fr");
        let words = Words::new(language, Part::Terminal).unwrap();
        assert_eq!(words.language(), "fr");
        assert_eq!(
            words.format("main-connection-ended", None),
            "la connexion s’est terminée"
        );
    }

    #[test]
    fn a_refusal_is_said_from_its_code_else_in_the_servers_words() {
        let full = "both seats are taken";
        // A code the catalogue has: its message, in the language spoken.
        let french = speaking("fr", || refusal(ErrorCode::RoomFull, full));
        assert_ne!(french, full);
        assert!(!french.starts_with('{'), "{french}");
        // Arguments fill the sentence.
        let args: RefusalArgs = [
            ("reason".to_owned(), RefusalArg::from("empty_column")),
            ("column".to_owned(), RefusalArg::from("A")),
        ]
        .into();
        let spanish = speaking("es", || {
            refusal_with(
                ErrorCode::IllegalAssignment,
                "column A has no piece left",
                &args,
            )
        });
        assert!(
            spanish.contains("columna A") && !spanish.contains("piece"),
            "{spanish}"
        );
        // What the client itself wrote in an error's place is shown as it is.
        let notice = own_notice(tr!("net-unreadable", error = "eof"));
        assert_eq!(refusal(ErrorCode::BadMessage, &notice), notice);
    }

    #[test]
    fn decimals_are_written_as_the_language_writes_them() {
        assert_eq!(decimal(12.25, 1), "12.2");
        assert_eq!(signed_decimal(1.5, 1), "+1.5");
        assert_eq!(speaking("fr", || decimal(12.5, 1)), "12,5");
        assert_eq!(speaking("es", || signed_decimal(-0.25, 2)), "-0,25");
    }

    #[test]
    fn an_arguments_temporaries_live_until_the_message_is_formatted() {
        let name = String::from("  Ann  ");
        assert_eq!(
            tr!("main-renamed", name = name.trim().to_owned().as_str()),
            "you are Ann now (your key stays: so does your rating)"
        );
    }
}

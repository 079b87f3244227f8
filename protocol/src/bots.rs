//! The bots' page (`GET /api/bots`, `/bots`, `mice-cake top --bots`): each
//! key that declared itself a bot, with the card it signed to describe
//! itself (its engine's name, version and author, its owner's note), its
//! ratings in the bots' pools and its games.
//!
//! A card is sent by the bot (`describe_bot`, `docs/protocol.md`), signed
//! with its key at a time near the server's: nobody describes another's
//! bot, and an older card cannot be sent again over a newer one. Anyone
//! may check a card from the page: `docs/engines.md`, "The bots' page".

use mice_cake_engine::signing::BotCardText;
use mice_cake_engine::{PlayerKey, SealSignature};
use serde::{Deserialize, Serialize};

use crate::name::BadName;
use crate::rating::{Pool, Rating};

/// Longest engine name, version or author on a card, in characters.
pub const MAX_CARD_FIELD_CHARS: usize = 40;

/// Longest owner's note on a card, in characters.
pub const MAX_CARD_NOTE_CHARS: usize = 200;

/// Most bots `GET /api/bots` lists (`limit`).
pub const MAX_BOTS_LISTED: u32 = 100;

/// What a bot says of itself: the engine that plays it (as the engine's
/// handshake names it, `docs/engines.md`), and its owner's note.
#[derive(Clone, PartialEq, Eq, Debug, Default, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct BotCard {
    /// The engine's name: never empty.
    pub engine: String,
    /// The engine's version, empty if it gave none.
    #[serde(default)]
    pub version: String,
    /// The engine's author, empty if it gave none.
    #[serde(default)]
    pub author: String,
    /// The owner's note, empty if none: what the bot is, where its code is.
    #[serde(default)]
    pub note: String,
}

/// Which field of a card is refused, and why.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("the card's {field}: {why}")]
pub struct BadBotCard {
    /// `engine`, `version`, `author` or `note`.
    pub field: &'static str,
    /// What is wrong with it, as a name would be refused.
    pub why: BadName,
}

impl BadBotCard {
    /// The arguments of a `bad_bot_card` refusal: the field, and the
    /// reason as `bad_name`'s.
    pub fn args(&self) -> crate::RefusalArgs {
        let mut args = self.why.args();
        args.insert("field".into(), self.field.into());
        args
    }
}

impl BotCard {
    /// The card as the server keeps it: each field as a name is cleaned
    /// (`crate::name`), up to its most characters; the engine's name may
    /// not be empty, the rest may. A bot signs the card as cleaned.
    pub fn cleaned(&self) -> Result<BotCard, BadBotCard> {
        let field = |field: &'static str, text: &str, most: usize, may_be_empty: bool| {
            if may_be_empty && text.trim().is_empty() {
                return Ok(String::new());
            }
            crate::name::card_text(text, most).map_err(|why| BadBotCard { field, why })
        };
        Ok(BotCard {
            engine: field("engine", &self.engine, MAX_CARD_FIELD_CHARS, false)?,
            version: field("version", &self.version, MAX_CARD_FIELD_CHARS, true)?,
            author: field("author", &self.author, MAX_CARD_FIELD_CHARS, true)?,
            note: field("note", &self.note, MAX_CARD_NOTE_CHARS, true)?,
        })
    }

    /// What is signed of it (`mice_cake_engine::signing::bot_card_message`).
    pub fn text(&self) -> BotCardText<'_> {
        BotCardText {
            engine: &self.engine,
            version: &self.version,
            author: &self.author,
            note: &self.note,
        }
    }
}

/// A card as its bot signed it.
#[derive(Clone, PartialEq, Eq, Debug, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct SignedBotCard {
    /// What it says.
    pub card: BotCard,
    /// When it was signed: milliseconds since the Unix epoch.
    pub at_ms: u64,
    /// The bot's key's signature of `"mice-cake/bot-card/v1"` ‖ `at_ms`
    /// (eight bytes, big-endian) ‖ each of engine, version, author and
    /// note as its UTF-8 length (four bytes, big-endian) and its UTF-8.
    pub signature: SealSignature,
}

/// A bot's rating in one pool, where bots are rated among themselves.
#[derive(Clone, PartialEq, Eq, Debug, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct BotRating {
    /// The pool.
    pub pool: Pool,
    /// The rating now, with its rated games in the pool.
    pub rating: Rating,
}

/// One bot on the bots' page.
#[derive(Clone, PartialEq, Eq, Debug, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct BotEntry {
    /// Its key: its page is `GET /api/players/{key}`.
    pub key: PlayerKey,
    /// Its name, as a player's.
    pub name: String,
    /// Its latest card; left out if it never sent one (a bot of an older
    /// client).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub card: Option<SignedBotCard>,
    /// Games it played here, rated or not.
    pub games: u32,
    /// Its ratings, by pool.
    pub ratings: Vec<BotRating>,
}

/// Bots `GET /api/bots` lists when not told how many.
pub const DEFAULT_BOTS_LISTED: u32 = 50;

/// `GET /api/bots?limit=N`: the declared bots, those that played the most
/// games first (then by key), at most `limit` ([`DEFAULT_BOTS_LISTED`],
/// at most [`MAX_BOTS_LISTED`]).
#[derive(Clone, PartialEq, Eq, Debug, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct BotsPage {
    /// The bots.
    pub bots: Vec<BotEntry>,
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_card_is_cleaned_as_names_are_and_only_its_engine_must_be_given() {
        let card = BotCard {
            engine: "  pips   engine ".into(),
            version: String::new(),
            author: " ".into(),
            note: "plays\nthe pips".into(),
        };
        let cleaned = card.cleaned().unwrap();
        assert_eq!(cleaned.engine, "pips engine");
        assert_eq!(cleaned.author, "");
        assert_eq!(cleaned.note, "plays the pips");

        let nameless = BotCard::default().cleaned().unwrap_err();
        assert_eq!(nameless.field, "engine");
        assert_eq!(nameless.why, BadName::Empty);
        let long = BotCard {
            engine: "e".into(),
            note: "n".repeat(MAX_CARD_NOTE_CHARS + 1),
            ..BotCard::default()
        };
        let refused = long.cleaned().unwrap_err();
        assert_eq!(refused.field, "note");
        assert_eq!(refused.args().get("field"), Some(&"note".into()));
        let hidden = BotCard {
            engine: "e".into(),
            version: "1\u{202E}".into(),
            ..BotCard::default()
        };
        assert_eq!(hidden.cleaned().unwrap_err().field, "version");
    }

    #[test]
    fn a_signed_card_reads_with_its_time_and_signature() {
        let json = format!(
            r#"{{"card":{{"engine":"pips","version":"1","author":"","note":""}},"at_ms":5,"signature":"{}"}}"#,
            "00".repeat(64)
        );
        let signed: SignedBotCard = serde_json::from_str(&json).unwrap();
        assert_eq!(signed.card.engine, "pips");
        assert_eq!(signed.at_ms, 5);
        assert_eq!(serde_json::to_string(&signed).unwrap(), json);
    }
}

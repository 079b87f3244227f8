//! `mice-cake top --bots`: the bots' page (`GET /api/bots`) as text, each
//! declared bot with its engine's name and version, its rating in a pool,
//! its games and its owner's note.

use mice_cake_protocol::Pool;
use mice_cake_protocol::bots::{BotEntry, BotsPage};

use crate::replay::fetch;
use crate::text::{column_width, fit, pad};
use crate::tr;

/// Columns for a bot's name.
const NAME_COLUMN: usize = 24;
/// Columns for its engine with its version.
const ENGINE_COLUMN: usize = 28;

/// The bots' page of the server at `http` (its HTTP address): at most
/// `limit` bots, those that played the most games first.
pub fn bots(http: &str, limit: u32) -> anyhow::Result<BotsPage> {
    let limit = limit.min(mice_cake_protocol::bots::MAX_BOTS_LISTED);
    let text = fetch(&format!("{http}/api/bots?limit={limit}"))?;
    Ok(serde_json::from_str(&text)?)
}

/// The bots as a table: name, engine and version, rating in `pool` (none
/// if it played no rated game there), games; each note on a line of its
/// own under its bot.
pub fn bots_lines(page: &BotsPage, pool: Pool) -> Vec<String> {
    if page.bots.is_empty() {
        return vec![tr!("bots-page-none")];
    }
    let headings = [
        tr!("bots-page-column-name"),
        tr!("bots-page-column-engine"),
        tr!("bots-page-column-rating", pool = pool.name()),
        tr!("bots-page-column-games"),
    ];
    let least = [NAME_COLUMN, ENGINE_COLUMN, 6, 5];
    let widths: [usize; 4] =
        std::array::from_fn(|index| column_width(least[index], [headings[index].as_str()]));
    let line = |cells: [&str; 4]| {
        format!(
            "{}  {}  {}  {}",
            fit(cells[0], widths[0]),
            fit(cells[1], widths[1]),
            pad(cells[2], widths[2], false),
            pad(cells[3], widths[3], false)
        )
    };
    let mut lines = vec![line(headings.each_ref().map(String::as_str))];
    for bot in &page.bots {
        lines.push(line([
            &bot.name,
            &engine_of(bot),
            &rating_in(bot, pool),
            &bot.games.to_string(),
        ]));
        if let Some(card) = bot.card.as_ref().filter(|card| !card.card.note.is_empty()) {
            // Indented under its bot: the note is the owner's own words.
            lines.push(format!("    {}", card.card.note));
        }
    }
    lines
}

/// Its engine and version, as its card says; a dash without a card.
fn engine_of(bot: &BotEntry) -> String {
    match &bot.card {
        Some(signed) if signed.card.version.is_empty() => signed.card.engine.clone(),
        Some(signed) => format!("{} {}", signed.card.engine, signed.card.version),
        None => tr!("bots-page-no-card"),
    }
}

/// Its rating in `pool` (with `?` while provisional); a dash without one.
fn rating_in(bot: &BotEntry, pool: Pool) -> String {
    bot.ratings
        .iter()
        .find(|rating| rating.pool == pool)
        .map_or_else(
            || tr!("bots-page-no-rating"),
            |rating| rating.rating.shown(),
        )
}

#[cfg(test)]
mod tests {
    use mice_cake_engine::{PlayerKey, SealSignature};
    use mice_cake_protocol::Rating;
    use mice_cake_protocol::bots::{BotCard, BotRating, SignedBotCard};

    use super::*;

    fn bot(name: &str, card: Option<BotCard>, ratings: Vec<BotRating>) -> BotEntry {
        BotEntry {
            key: PlayerKey::from_bytes([name.len() as u8; 32]),
            name: name.into(),
            card: card.map(|card| SignedBotCard {
                card,
                at_ms: 1,
                signature: SealSignature::from_bytes([0; 64]),
            }),
            games: 12,
            ratings,
        }
    }

    #[test]
    fn each_bot_shows_its_engine_its_rating_in_the_pool_and_its_note() {
        let pips = BotCard {
            engine: "pips".into(),
            version: "1.2".into(),
            author: "Ada".into(),
            note: "counts the pips".into(),
        };
        let page = BotsPage {
            bots: vec![
                bot(
                    "Pipper",
                    Some(pips),
                    vec![BotRating {
                        pool: Pool::Standard,
                        rating: Rating::new(1620.0, 80.0, 0.06, 12),
                    }],
                ),
                bot("Old", None, Vec::new()),
            ],
        };
        let lines = bots_lines(&page, Pool::Standard);
        assert_eq!(lines.len(), 4, "{lines:#?}");
        assert!(lines[0].contains("engine"), "{lines:#?}");
        assert!(
            lines[1].starts_with("Pipper")
                && lines[1].contains("pips 1.2")
                && lines[1].contains("1620")
                && lines[1].ends_with("12"),
            "{lines:#?}"
        );
        assert!(lines[2].contains("counts the pips"), "{lines:#?}");
        assert!(
            lines[3].starts_with("Old") && lines[3].contains('—'),
            "{lines:#?}"
        );
        // In another pool, no rating.
        let boost = bots_lines(&page, Pool::Boost);
        assert!(!boost[1].contains("1620"), "{boost:#?}");
        assert_eq!(
            bots_lines(&BotsPage { bots: Vec::new() }, Pool::Standard),
            [tr!("bots-page-none")]
        );
    }
}

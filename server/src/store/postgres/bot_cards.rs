//! Bots' cards in PostgreSQL (schema version 14, as SQLite's 13): each
//! declared bot's latest card, and the bots' page read from it with the
//! players' names and games.

use mice_cake_engine::PlayerKey;
use mice_cake_protocol::bots::SignedBotCard;
use r2d2_postgres::postgres::GenericClient;

use super::bigint;
use crate::store::StoreError;
use crate::store::bots::{BotRow, card};
use crate::store::ratings::count;

/// Version 14: bots' cards.
pub(super) const SCHEMA_14: &str = "
    -- Each bot's latest card (a SignedBotCard as JSON), and when it was
    -- signed (milliseconds since the Unix epoch): a card signed earlier
    -- is never kept over it.
    CREATE TABLE bot_cards (
        key TEXT PRIMARY KEY,
        at_ms BIGINT NOT NULL,
        card TEXT NOT NULL
    );
";

/// Keeps `card` as `key`'s unless one signed then or later is kept.
pub(super) fn describe(
    client: &mut impl GenericClient,
    key: PlayerKey,
    card: &SignedBotCard,
) -> Result<bool, StoreError> {
    let json = serde_json::to_string(card).map_err(|error| StoreError::Query {
        source: Box::new(error),
    })?;
    let changed = client.execute(
        "INSERT INTO bot_cards (key, at_ms, card) VALUES ($1, $2, $3)
         ON CONFLICT (key) DO UPDATE SET at_ms = excluded.at_ms, card = excluded.card
         WHERE bot_cards.at_ms < excluded.at_ms",
        &[&key.to_string(), &bigint(card.at_ms), &json],
    )?;
    Ok(changed == 1)
}

/// The declared bots, the most games first, then by key.
pub(super) fn rows(client: &mut impl GenericClient, limit: u32) -> Result<Vec<BotRow>, StoreError> {
    let rows = client.query(
        "SELECT players.key, players.name, bot_cards.card,
                (SELECT COUNT(*) FROM player_games WHERE player_games.key = players.key) AS games
         FROM players LEFT JOIN bot_cards ON bot_cards.key = players.key
         WHERE players.bot_declaration IS NOT NULL
         ORDER BY games DESC, players.key COLLATE \"C\"
         LIMIT $1",
        &[&i64::from(limit)],
    )?;
    rows.into_iter()
        .map(|row| {
            Ok(BotRow {
                key: row
                    .get::<_, String>(0)
                    .parse()
                    .map_err(|error| StoreError::Query {
                        source: Box::new(error),
                    })?,
                name: row.get(1),
                card: card(row.get(2))?,
                games: count(row.get(3)),
            })
        })
        .collect()
}

//! Bots' cards in SQLite (schema version 13): each declared bot's latest
//! card, and the bots' page read from it with the players' names and
//! games.

use mice_cake_engine::PlayerKey;
use mice_cake_protocol::bots::SignedBotCard;
use rusqlite::{Connection, params};

use crate::store::StoreError;
use crate::store::bots::{BotRow, card};

/// Version 13: bots' cards.
pub(super) const SCHEMA_13: &str = "
    -- Each bot's latest card (a SignedBotCard as JSON), and when it was
    -- signed (milliseconds since the Unix epoch): a card signed earlier
    -- is never kept over it.
    CREATE TABLE bot_cards (
        key TEXT PRIMARY KEY,
        at_ms INTEGER NOT NULL,
        card TEXT NOT NULL
    ) STRICT;
";

/// Keeps `card` as `key`'s unless one signed then or later is kept.
pub(super) fn describe(
    connection: &Connection,
    key: PlayerKey,
    card: &SignedBotCard,
) -> Result<bool, StoreError> {
    let json = serde_json::to_string(card).map_err(|error| StoreError::Query {
        source: Box::new(error),
    })?;
    let changed = connection
        .prepare_cached(
            "INSERT INTO bot_cards (key, at_ms, card) VALUES (?1, ?2, ?3)
             ON CONFLICT (key) DO UPDATE SET at_ms = excluded.at_ms, card = excluded.card
             WHERE bot_cards.at_ms < excluded.at_ms",
        )?
        .execute(params![
            key.to_string(),
            i64::try_from(card.at_ms).unwrap_or(i64::MAX),
            json
        ])?;
    Ok(changed == 1)
}

/// The declared bots, the most games first, then by key.
pub(super) fn rows(connection: &Connection, limit: u32) -> Result<Vec<BotRow>, StoreError> {
    let mut statement = connection.prepare_cached(
        "SELECT players.key, players.name, bot_cards.card,
                (SELECT COUNT(*) FROM player_games WHERE player_games.key = players.key) AS games
         FROM players LEFT JOIN bot_cards ON bot_cards.key = players.key
         WHERE players.bot_declaration IS NOT NULL
         ORDER BY games DESC, players.key
         LIMIT ?1",
    )?;
    let read = statement.query_map(params![limit], |row| {
        Ok((
            row.get::<_, String>(0)?,
            row.get::<_, String>(1)?,
            row.get::<_, Option<String>>(2)?,
            row.get::<_, u32>(3)?,
        ))
    })?;
    read.map(|row| {
        let (key, name, stored, games) = row?;
        Ok(BotRow {
            key: key.parse().map_err(|error| StoreError::Query {
                source: Box::new(error),
            })?,
            name,
            card: card(stored)?,
            games,
        })
    })
    .collect()
}

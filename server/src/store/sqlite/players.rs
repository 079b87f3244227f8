//! Players in SQLite (schema version 6): who played each stored game (any
//! key that signed a move of it, rated or not) and, in rated rooms, who
//! aborted it; which keys declared themselves bots; and a player's page,
//! read from these with their ratings (`ratings.rs`).

use mice_cake_engine::{PlayerKey, SealSignature};
use mice_cake_protocol::rating::{PLAYER_HISTORY_POINTS, PLAYER_RECENT_GAMES};
use mice_cake_protocol::{CONDUCT_GAMES, Conduct, GameSummary, PlayerProfile, Pool, RatingPoint};
use rusqlite::{Connection, OptionalExtension as _, params};

use super::ratings::{STANDING_COLUMNS, SqliteRatings, standing_at};
use crate::store::StoreError;
use crate::store::players::{Played, PlayerRead, conduct, profile};

/// Version 6: players who played games, their conduct, bots.
pub(super) const SCHEMA_6: &str = "
    -- A key that declared itself a bot keeps its signed declaration here
    -- (hex): it is rated among bots only.
    ALTER TABLE players ADD COLUMN bot_declaration TEXT;

    -- Each key that signed a move of a stored game, per game: its page
    -- lists the games, and in rated rooms (rated_room) whether it aborted
    -- them (aborted): its conduct.
    CREATE TABLE player_games (
        seq INTEGER PRIMARY KEY,
        key TEXT NOT NULL,
        game TEXT NOT NULL,
        at_ms INTEGER NOT NULL,
        rated_room INTEGER NOT NULL,
        aborted INTEGER NOT NULL
    ) STRICT;
    CREATE UNIQUE INDEX player_games_by_game ON player_games (game, key);
    CREATE INDEX player_games_by_player ON player_games (key, seq);
    CREATE INDEX player_games_by_conduct ON player_games (key, rated_room, seq);

    -- The rated games stored before: each player played them, in a rated
    -- room, and aborted none (a game was rated only once both moved).
    INSERT INTO player_games (key, game, at_ms, rated_room, aborted)
        SELECT key, game, at_ms, 1, 0 FROM rating_history ORDER BY seq;
";

/// Version 9: when each key declared itself a bot, so that a declaration
/// changes only the games that start after it (`docs/ratings.md`).
pub(super) const SCHEMA_9: &str = "
    -- Milliseconds since the Unix epoch; the declarations kept before are
    -- older than any game still to be rated: 0.
    ALTER TABLE players ADD COLUMN bot_declared_ms INTEGER;
    UPDATE players SET bot_declared_ms = 0 WHERE bot_declaration IS NOT NULL;
";

impl crate::store::players::PlayerRows for SqliteRatings<'_, '_> {
    fn note_played(&mut self, played: &Played<'_>) -> Result<(), StoreError> {
        let key = played.key.to_string();
        let inserted = self
            .0
            .prepare_cached(
                "INSERT OR IGNORE INTO player_games (key, game, at_ms, rated_room, aborted)
                 VALUES (?1, ?2, ?3, ?4, ?5)",
            )?
            .execute(params![
                key,
                played.game.to_string(),
                i64::try_from(played.at_ms).unwrap_or(i64::MAX),
                played.rated_room,
                played.aborted
            ])?;
        if inserted == 1 {
            self.0
                .prepare_cached(
                    "INSERT INTO players (key, name) VALUES (?1, ?2) ON CONFLICT (key) DO NOTHING",
                )?
                .execute(params![key, played.name])?;
        }
        Ok(())
    }

    fn note_opponents(
        &mut self,
        keys: mice_cake_engine::Seated<PlayerKey>,
    ) -> Result<(), StoreError> {
        self.keep_opponents(keys)
    }
}

/// Keeps `key`'s declaration that it is a bot, made at `at_ms` (and the
/// name it declared itself under, if the key has none yet). The first
/// declaration is kept, with its time.
pub(super) fn declare_bot(
    connection: &Connection,
    key: PlayerKey,
    declaration: SealSignature,
    name: &str,
    at_ms: u64,
) -> Result<(), StoreError> {
    connection
        .prepare_cached(
            "INSERT INTO players (key, name, bot_declaration, bot_declared_ms)
             VALUES (?1, ?2, ?3, ?4)
             ON CONFLICT (key) DO UPDATE SET bot_declaration = excluded.bot_declaration,
                 bot_declared_ms = excluded.bot_declared_ms
             WHERE players.bot_declaration IS NULL",
        )?
        .execute(params![
            key.to_string(),
            name,
            declaration.to_string(),
            i64::try_from(at_ms).unwrap_or(i64::MAX)
        ])?;
    Ok(())
}

/// How `key` ended its latest games in rated rooms.
pub(super) fn conduct_of(connection: &Connection, key: PlayerKey) -> Result<Conduct, StoreError> {
    let aborted = connection
        .prepare_cached(
            "SELECT aborted FROM player_games WHERE key = ?1 AND rated_room = 1
             ORDER BY seq DESC LIMIT ?2",
        )?
        .query_map(params![key.to_string(), CONDUCT_GAMES], |row| {
            row.get::<_, bool>(0)
        })?
        .collect::<Result<Vec<_>, _>>()?;
    Ok(conduct(aborted))
}

/// A player's page, if the key ever played a game here or declared itself
/// a bot.
pub(super) fn player(
    connection: &Connection,
    key: PlayerKey,
) -> Result<Option<PlayerProfile>, StoreError> {
    let key_text = key.to_string();
    let Some((name, declaration)) = connection
        .prepare_cached("SELECT name, bot_declaration FROM players WHERE key = ?1")?
        .query_row([&key_text], |row| {
            Ok((row.get::<_, String>(0)?, row.get::<_, Option<String>>(1)?))
        })
        .optional()?
    else {
        return Ok(None);
    };
    let mut standings = Vec::new();
    for row in connection
        .prepare_cached(&format!(
            "SELECT pool, {STANDING_COLUMNS} FROM ratings WHERE key = ?1"
        ))?
        .query_map([&key_text], |row| {
            Ok((row.get::<_, String>(0)?, standing_at(row, 1)?))
        })?
    {
        let (pool, standing) = row?;
        standings.push((pool.parse::<Pool>()?, standing));
    }
    let mut history = Vec::new();
    let mut points = connection.prepare_cached(
        "SELECT at_ms, rating, deviation FROM rating_history
         WHERE key = ?1 AND pool = ?2 ORDER BY seq DESC LIMIT ?3",
    )?;
    for (pool, _) in &standings {
        let newest_first = points
            .query_map(
                params![key_text, pool.name(), PLAYER_HISTORY_POINTS],
                |row| {
                    Ok(RatingPoint {
                        at_ms: u64::try_from(row.get::<_, i64>(0)?).unwrap_or(0),
                        rating: row.get(1)?,
                        deviation: row.get(2)?,
                    })
                },
            )?
            .collect::<Result<Vec<_>, _>>()?;
        history.extend(newest_first.into_iter().rev().map(|point| (*pool, point)));
    }
    let recent = connection
        .prepare_cached(
            "SELECT g.summary FROM player_games p JOIN games g ON g.id = p.game
             WHERE p.key = ?1 ORDER BY p.seq DESC LIMIT ?2",
        )?
        .query_map(params![key_text, PLAYER_RECENT_GAMES], |row| {
            row.get::<_, String>(0)
        })?
        .map(|summary| Ok(serde_json::from_str::<GameSummary>(&summary?)?))
        .collect::<Result<Vec<_>, StoreError>>()?;
    let bot_declaration = crate::store::players::declaration(declaration)?;
    let listings = standings
        .iter()
        .map(|(pool, _)| Ok((*pool, super::rated_games::listing(connection, key, *pool)?)))
        .collect::<Result<Vec<_>, StoreError>>()?;
    Ok(Some(profile(
        key,
        PlayerRead {
            name,
            bot_declaration,
            standings,
            history,
            conduct: conduct_of(connection, key)?,
            recent,
            listings,
            refunds: super::rated_games::refunds_of(connection, key)?,
        },
    )))
}

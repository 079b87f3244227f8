//! Players in PostgreSQL (schema version 7), as SQLite's `sqlite/players.rs`:
//! who played each stored game and, in rated rooms, who aborted it; which
//! keys declared themselves bots; and a player's page.

use mice_cake_engine::{PlayerKey, SealSignature};
use mice_cake_protocol::rating::{PLAYER_HISTORY_POINTS, PLAYER_RECENT_GAMES};
use mice_cake_protocol::{CONDUCT_GAMES, Conduct, GameSummary, PlayerProfile, Pool, RatingPoint};
use r2d2_postgres::postgres::GenericClient;

use super::bigint;
use super::ratings::{PostgresRatings, STANDING_COLUMNS, standing_at};
use crate::store::StoreError;
use crate::store::players::{Played, PlayerRead, PlayerRows, conduct, profile};

/// Version 7: players who played games, their conduct, bots (SQLite's
/// version 6).
pub(super) const SCHEMA_7: &str = "
    ALTER TABLE players ADD COLUMN bot_declaration TEXT;
    CREATE TABLE player_games (
        seq BIGSERIAL PRIMARY KEY,
        key TEXT NOT NULL,
        game TEXT NOT NULL,
        at_ms BIGINT NOT NULL,
        rated_room BOOLEAN NOT NULL,
        aborted BOOLEAN NOT NULL
    );
    CREATE UNIQUE INDEX player_games_by_game ON player_games (game, key);
    CREATE INDEX player_games_by_player ON player_games (key, seq);
    CREATE INDEX player_games_by_conduct ON player_games (key, rated_room, seq);
    INSERT INTO player_games (key, game, at_ms, rated_room, aborted)
        SELECT key, game, at_ms, TRUE, FALSE FROM rating_history ORDER BY seq;
";

/// Version 10: when each key declared itself a bot (SQLite's version 9).
pub(super) const SCHEMA_10: &str = "
    ALTER TABLE players ADD COLUMN bot_declared_ms BIGINT;
    UPDATE players SET bot_declared_ms = 0 WHERE bot_declaration IS NOT NULL;
";

impl PlayerRows for PostgresRatings<'_, '_> {
    fn note_played(&mut self, played: &Played<'_>) -> Result<(), StoreError> {
        let key = played.key.to_string();
        let inserted = self.0.execute(
            "INSERT INTO player_games (key, game, at_ms, rated_room, aborted)
             VALUES ($1, $2, $3, $4, $5) ON CONFLICT (game, key) DO NOTHING",
            &[
                &key,
                &played.game.to_string(),
                &bigint(played.at_ms),
                &played.rated_room,
                &played.aborted,
            ],
        )?;
        if inserted == 1 {
            self.0.execute(
                "INSERT INTO players (key, name) VALUES ($1, $2) ON CONFLICT (key) DO NOTHING",
                &[&key, &played.name],
            )?;
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
    client: &mut impl GenericClient,
    key: PlayerKey,
    declaration: SealSignature,
    name: &str,
    at_ms: u64,
) -> Result<(), StoreError> {
    client.execute(
        "INSERT INTO players (key, name, bot_declaration, bot_declared_ms) VALUES ($1, $2, $3, $4)
         ON CONFLICT (key) DO UPDATE SET bot_declaration = excluded.bot_declaration,
             bot_declared_ms = excluded.bot_declared_ms
         WHERE players.bot_declaration IS NULL",
        &[
            &key.to_string(),
            &name,
            &declaration.to_string(),
            &bigint(at_ms),
        ],
    )?;
    Ok(())
}

/// How `key` ended its latest games in rated rooms.
pub(super) fn conduct_of(
    client: &mut impl GenericClient,
    key: PlayerKey,
) -> Result<Conduct, StoreError> {
    let rows = client.query(
        "SELECT aborted FROM player_games WHERE key = $1 AND rated_room
         ORDER BY seq DESC LIMIT $2",
        &[&key.to_string(), &i64::from(CONDUCT_GAMES)],
    )?;
    Ok(conduct(rows.iter().map(|row| row.get::<_, bool>(0))))
}

/// A player's page, if the key ever played a game here or declared itself
/// a bot.
pub(super) fn player(
    client: &mut impl GenericClient,
    key: PlayerKey,
) -> Result<Option<PlayerProfile>, StoreError> {
    let key_text = key.to_string();
    let Some((name, declaration)) = client
        .query_opt(
            "SELECT name, bot_declaration FROM players WHERE key = $1",
            &[&key_text],
        )?
        .map(|row| (row.get::<_, String>(0), row.get::<_, Option<String>>(1)))
    else {
        return Ok(None);
    };
    let mut standings = Vec::new();
    for row in client.query(
        &format!("SELECT pool, {STANDING_COLUMNS} FROM ratings WHERE key = $1"),
        &[&key_text],
    )? {
        let pool: Pool = row.get::<_, &str>(0).parse()?;
        standings.push((pool, standing_at(&row, 1)));
    }
    let mut history = Vec::new();
    for (pool, _) in &standings {
        let newest_first = client.query(
            "SELECT at_ms, rating, deviation FROM rating_history
             WHERE key = $1 AND pool = $2 ORDER BY seq DESC LIMIT $3",
            &[&key_text, &pool.name(), &i64::from(PLAYER_HISTORY_POINTS)],
        )?;
        history.extend(newest_first.iter().rev().map(|row| {
            let point = RatingPoint {
                at_ms: u64::try_from(row.get::<_, i64>(0)).unwrap_or(0),
                rating: row.get(1),
                deviation: row.get(2),
            };
            (*pool, point)
        }));
    }
    let recent = client
        .query(
            "SELECT g.summary FROM player_games p JOIN games g ON g.id = p.game
             WHERE p.key = $1 ORDER BY p.seq DESC LIMIT $2",
            &[&key_text, &i64::from(PLAYER_RECENT_GAMES)],
        )?
        .iter()
        .map(|row| Ok(serde_json::from_str::<GameSummary>(row.get(0))?))
        .collect::<Result<Vec<_>, StoreError>>()?;
    let bot_declaration = crate::store::players::declaration(declaration)?;
    let conduct = conduct_of(client, key)?;
    let mut listings = Vec::new();
    for (pool, _) in &standings {
        listings.push((*pool, super::rated_games::listing(client, key, *pool)?));
    }
    let refunds = super::rated_games::refunds_of(client, key)?;
    Ok(Some(profile(
        key,
        PlayerRead {
            name,
            bot_declaration,
            standings,
            history,
            conduct,
            recent,
            listings,
            refunds,
        },
    )))
}

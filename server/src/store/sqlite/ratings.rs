//! Ratings in SQLite (schema version 4): each player's standing per pool,
//! the history of their ratings, and their name. Written in the
//! transaction that stores a rated game ([`crate::store::ratings::rate`]). A
//! player's page is read in `players.rs`.

use mice_cake_engine::{PlayerKey, SealSignature, Seated};
use mice_cake_protocol::{
    GameId, Leaderboard, LeaderboardEntry, PROVISIONAL_DEVIATION, Pool, Rating,
};
use rusqlite::{Connection, OptionalExtension as _, Row, Transaction, params};

use crate::store::StoreError;
use crate::store::rated_games::{LEADERBOARD_CANDIDATES, RatedGameRow};
use crate::store::ratings::{NewStanding, RatingRows, Standing, standing_of};

/// Version 4: ratings.
pub(super) const SCHEMA_4: &str = "
    -- Each player's Glicko-2 standing in each pool they have played rated
    -- games in. A player is their public key (hex).
    CREATE TABLE ratings (
        key TEXT NOT NULL,
        pool TEXT NOT NULL,
        rating REAL NOT NULL,
        deviation REAL NOT NULL,
        volatility REAL NOT NULL,
        games INTEGER NOT NULL,
        wins INTEGER NOT NULL,
        losses INTEGER NOT NULL,
        draws INTEGER NOT NULL,
        PRIMARY KEY (key, pool)
    ) STRICT, WITHOUT ROWID;
    CREATE INDEX ratings_by_pool ON ratings (pool, rating);

    -- Each rated game's rating after it, per player: the chart on a
    -- player's page, and the proof a game was rated (once).
    CREATE TABLE rating_history (
        seq INTEGER PRIMARY KEY,
        key TEXT NOT NULL,
        pool TEXT NOT NULL,
        game TEXT NOT NULL,
        at_ms INTEGER NOT NULL,
        rating REAL NOT NULL,
        deviation REAL NOT NULL
    ) STRICT;
    CREATE UNIQUE INDEX rating_history_by_game ON rating_history (game, key);
    CREATE INDEX rating_history_by_player ON rating_history (key, pool, seq);

    -- The name each player played their latest rated game under, or gave
    -- themselves since (a signed rename, at renamed_ms).
    CREATE TABLE players (
        key TEXT PRIMARY KEY,
        name TEXT NOT NULL,
        renamed_ms INTEGER NOT NULL DEFAULT 0
    ) STRICT, WITHOUT ROWID;
";

pub(super) const STANDING_COLUMNS: &str =
    "rating, deviation, volatility, games, wins, losses, draws";

pub(super) fn standing_at(row: &Row<'_>, from: usize) -> rusqlite::Result<Standing> {
    Ok(standing_of(
        (row.get(from)?, row.get(from + 1)?, row.get(from + 2)?),
        [
            row.get(from + 3)?,
            row.get(from + 4)?,
            row.get(from + 5)?,
            row.get(from + 6)?,
        ],
    ))
}

/// [`RatingRows`] in a write transaction (SQLite has one writer: nothing
/// to lock).
pub(super) struct SqliteRatings<'a, 'c>(pub(super) &'a Transaction<'c>);

impl RatingRows for SqliteRatings<'_, '_> {
    fn already_rated(&mut self, game: GameId) -> Result<bool, StoreError> {
        Ok(self
            .0
            .prepare_cached("SELECT 1 FROM rating_history WHERE game = ?1 LIMIT 1")?
            .query_row([game.to_string()], |_| Ok(()))
            .optional()?
            .is_some())
    }

    fn standing(&mut self, key: PlayerKey, pool: Pool) -> Result<Option<Standing>, StoreError> {
        Ok(self
            .0
            .prepare_cached(&format!(
                "SELECT {STANDING_COLUMNS} FROM ratings WHERE key = ?1 AND pool = ?2"
            ))?
            .query_row(params![key.to_string(), pool.name()], |row| {
                standing_at(row, 0)
            })
            .optional()?)
    }

    fn save(&mut self, new: &NewStanding<'_>) -> Result<(), StoreError> {
        let key = new.key.to_string();
        let rating = &new.standing.rating;
        save_standing(
            self.0,
            &key,
            new.pool,
            &new.standing,
            (new.at_ms, new.at_ms),
        )?;
        self.0
            .prepare_cached(
                "INSERT INTO rating_history (key, pool, game, at_ms, rating, deviation)
                 VALUES (?1, ?2, ?3, ?4, ?5, ?6)",
            )?
            .execute(params![
                key,
                new.pool.name(),
                new.game.to_string(),
                i64::try_from(new.at_ms).unwrap_or(i64::MAX),
                rating.rating,
                rating.deviation
            ])?;
        self.0
            .prepare_cached(
                "INSERT INTO players (key, name) VALUES (?1, ?2)
                 ON CONFLICT (key) DO UPDATE SET name = excluded.name",
            )?
            .execute(params![key, new.name])?;
        Ok(())
    }

    fn bot_declared_before(
        &mut self,
        key: PlayerKey,
        before_ms: Option<u64>,
    ) -> Result<Option<SealSignature>, StoreError> {
        bot_declaration(self.0, key, before_ms)
    }

    fn pair_games(&mut self, keys: Seated<PlayerKey>, since_ms: u64) -> Result<u32, StoreError> {
        pair_games(self.0, keys, since_ms)
    }

    fn keep_rated_game(&mut self, row: &RatedGameRow) -> Result<(), StoreError> {
        super::rated_games::keep(self.0, row)
    }
}

/// Writes `key`'s standing in `pool`, the span of its counted games
/// (`first_ms`, `last_ms`) widened to hold `span`.
pub(super) fn save_standing(
    connection: &Connection,
    key: &str,
    pool: Pool,
    standing: &Standing,
    (first_ms, last_ms): (u64, u64),
) -> Result<(), StoreError> {
    let rating = &standing.rating;
    connection
        .prepare_cached(&format!(
            "INSERT INTO ratings (key, pool, {STANDING_COLUMNS}, first_ms, last_ms)
             VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11)
             ON CONFLICT (key, pool) DO UPDATE SET
                 rating = excluded.rating, deviation = excluded.deviation,
                 volatility = excluded.volatility, games = excluded.games,
                 wins = excluded.wins, losses = excluded.losses, draws = excluded.draws,
                 first_ms = MIN(ratings.first_ms, excluded.first_ms),
                 last_ms = MAX(ratings.last_ms, excluded.last_ms)"
        ))?
        .execute(params![
            key,
            pool.name(),
            rating.rating,
            rating.deviation,
            rating.volatility,
            rating.games,
            standing.wins,
            standing.losses,
            standing.draws,
            i64::try_from(first_ms).unwrap_or(i64::MAX),
            i64::try_from(last_ms).unwrap_or(i64::MAX)
        ])?;
    Ok(())
}

/// `key`'s declaration that it is a bot, if it made one (before
/// `before_ms`, if given).
pub(super) fn bot_declaration(
    connection: &Connection,
    key: PlayerKey,
    before_ms: Option<u64>,
) -> Result<Option<SealSignature>, StoreError> {
    let before = before_ms.map_or(i64::MAX, |ms| i64::try_from(ms).unwrap_or(i64::MAX));
    let declaration = connection
        .prepare_cached(
            "SELECT bot_declaration FROM players
             WHERE key = ?1 AND bot_declaration IS NOT NULL AND bot_declared_ms < ?2",
        )?
        .query_row(params![key.to_string(), before], |row| {
            row.get::<_, String>(0)
        })
        .optional()?;
    crate::store::players::declaration(declaration)
}

/// Rated games between these two keys that ended at `since_ms` or later.
pub(super) fn pair_games(
    connection: &Connection,
    keys: Seated<PlayerKey>,
    since_ms: u64,
) -> Result<u32, StoreError> {
    let count: i64 = connection
        .prepare_cached(
            "SELECT count(*) FROM rating_history a
             JOIN rating_history b ON b.game = a.game AND b.key = ?2
             WHERE a.key = ?1 AND a.at_ms >= ?3",
        )?
        .query_row(
            params![
                keys.yellow.to_string(),
                keys.blue.to_string(),
                i64::try_from(since_ms).unwrap_or(i64::MAX)
            ],
            |row| row.get(0),
        )?;
    Ok(crate::store::ratings::count(count))
}

/// Gives `key` the name `name`, signed at `at_ms`: false (and nothing
/// changed) if the key was renamed at that time or later already.
pub(super) fn rename(
    connection: &Connection,
    key: PlayerKey,
    name: &str,
    at_ms: u64,
) -> Result<bool, StoreError> {
    let changed = connection
        .prepare_cached(
            "INSERT INTO players (key, name, renamed_ms) VALUES (?1, ?2, ?3)
             ON CONFLICT (key) DO UPDATE SET name = excluded.name, renamed_ms = excluded.renamed_ms
             WHERE players.renamed_ms < excluded.renamed_ms",
        )?
        .execute(params![
            key.to_string(),
            name,
            i64::try_from(at_ms).unwrap_or(i64::MAX)
        ])?;
    Ok(changed == 1)
}

/// A player's rating in a pool, if they have one.
pub(super) fn rating(
    connection: &Connection,
    key: PlayerKey,
    pool: Pool,
) -> Result<Option<Rating>, StoreError> {
    Ok(connection
        .prepare_cached(&format!(
            "SELECT {STANDING_COLUMNS} FROM ratings WHERE key = ?1 AND pool = ?2"
        ))?
        .query_row(params![key.to_string(), pool.name()], |row| {
            standing_at(row, 0)
        })
        .optional()?
        .map(|standing| standing.rating))
}

/// The best players of a pool whose ratings are no longer provisional
/// and rest on games against established players (the leaderboard's rule,
/// `store::rated_games`): people, or bots.
pub(super) fn leaderboard(
    connection: &Connection,
    pool: Pool,
    limit: u32,
    bots: bool,
) -> Result<Leaderboard, StoreError> {
    let mut players = Vec::new();
    for row in connection
        .prepare_cached(&format!(
            "SELECT r.key, p.name, {STANDING_COLUMNS} FROM ratings r
             JOIN players p ON p.key = r.key
             WHERE r.pool = ?1 AND r.deviation <= ?2
                 AND (p.bot_declaration IS NOT NULL) = ?4
             ORDER BY r.rating DESC, r.key LIMIT ?3"
        ))?
        .query_map(
            params![
                pool.name(),
                PROVISIONAL_DEVIATION,
                LEADERBOARD_CANDIDATES,
                bots
            ],
            |row| {
                Ok((
                    row.get::<_, String>(0)?,
                    row.get::<_, String>(1)?,
                    standing_at(row, 2)?,
                ))
            },
        )?
    {
        let (key, name, standing) = row?;
        let Ok(key) = key.parse::<PlayerKey>() else {
            continue;
        };
        if players.len() >= limit as usize {
            break;
        }
        if !super::rated_games::listing(connection, key, pool)?.rests_on_established() {
            continue;
        }
        players.push(LeaderboardEntry {
            rank: u32::try_from(players.len() + 1).unwrap_or(u32::MAX),
            key,
            name,
            rating: standing.rating,
        });
    }
    Ok(Leaderboard {
        pool,
        bots,
        players,
    })
}

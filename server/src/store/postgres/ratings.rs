//! Ratings in PostgreSQL (schema version 5; a player's page is read in
//! `players`): SQLite's tables, with each
//! standing locked (`FOR UPDATE`) while a game is rated, since the nodes
//! of a cluster rate games at once: two games of one player never read
//! the same rating.

use mice_cake_engine::{PlayerKey, SealSignature, Seated};
use mice_cake_protocol::{
    GameId, Leaderboard, LeaderboardEntry, PROVISIONAL_DEVIATION, Pool, Rating,
};
use r2d2_postgres::postgres::{GenericClient, Row, Transaction};

use super::bigint;
use crate::store::StoreError;
use crate::store::rated_games::{LEADERBOARD_CANDIDATES, RatedGameRow};
use crate::store::ratings::{NewStanding, RatingRows, Standing, standing_of};

/// Version 5: ratings, as SQLite's version 4.
pub(super) const SCHEMA_5: &str = "
    CREATE TABLE ratings (
        key TEXT NOT NULL,
        pool TEXT NOT NULL,
        rating DOUBLE PRECISION NOT NULL,
        deviation DOUBLE PRECISION NOT NULL,
        volatility DOUBLE PRECISION NOT NULL,
        games BIGINT NOT NULL,
        wins BIGINT NOT NULL,
        losses BIGINT NOT NULL,
        draws BIGINT NOT NULL,
        PRIMARY KEY (key, pool)
    );
    CREATE INDEX ratings_by_pool ON ratings (pool, rating);
    CREATE TABLE rating_history (
        seq BIGSERIAL PRIMARY KEY,
        key TEXT NOT NULL,
        pool TEXT NOT NULL,
        game TEXT NOT NULL,
        at_ms BIGINT NOT NULL,
        rating DOUBLE PRECISION NOT NULL,
        deviation DOUBLE PRECISION NOT NULL
    );
    CREATE UNIQUE INDEX rating_history_by_game ON rating_history (game, key);
    CREATE INDEX rating_history_by_player ON rating_history (key, pool, seq);
    CREATE TABLE players (
        key TEXT PRIMARY KEY,
        name TEXT NOT NULL,
        renamed_ms BIGINT NOT NULL DEFAULT 0
    );
";

pub(super) const STANDING_COLUMNS: &str =
    "rating, deviation, volatility, games, wins, losses, draws";

pub(super) fn standing_at(row: &Row, from: usize) -> Standing {
    standing_of(
        (row.get(from), row.get(from + 1), row.get(from + 2)),
        [
            row.get(from + 3),
            row.get(from + 4),
            row.get(from + 5),
            row.get(from + 6),
        ],
    )
}

/// [`RatingRows`] in a write transaction.
pub(super) struct PostgresRatings<'a, 'c>(pub(super) &'a mut Transaction<'c>);

impl RatingRows for PostgresRatings<'_, '_> {
    fn already_rated(&mut self, game: GameId) -> Result<bool, StoreError> {
        Ok(self
            .0
            .query_opt(
                "SELECT 1 FROM rating_history WHERE game = $1 LIMIT 1",
                &[&game.to_string()],
            )?
            .is_some())
    }

    fn standing(&mut self, key: PlayerKey, pool: Pool) -> Result<Option<Standing>, StoreError> {
        let row = self.0.query_opt(
            &format!(
                "SELECT {STANDING_COLUMNS} FROM ratings WHERE key = $1 AND pool = $2 FOR UPDATE"
            ),
            &[&key.to_string(), &pool.name()],
        )?;
        Ok(row.map(|row| standing_at(&row, 0)))
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
        self.0.execute(
            "INSERT INTO rating_history (key, pool, game, at_ms, rating, deviation)
             VALUES ($1, $2, $3, $4, $5, $6)",
            &[
                &key,
                &new.pool.name(),
                &new.game.to_string(),
                &bigint(new.at_ms),
                &rating.rating,
                &rating.deviation,
            ],
        )?;
        self.0.execute(
            "INSERT INTO players (key, name) VALUES ($1, $2)
             ON CONFLICT (key) DO UPDATE SET name = excluded.name",
            &[&key, &new.name],
        )?;
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
    client: &mut impl GenericClient,
    key: &str,
    pool: Pool,
    standing: &Standing,
    (first_ms, last_ms): (u64, u64),
) -> Result<(), StoreError> {
    let rating = &standing.rating;
    client.execute(
        &format!(
            "INSERT INTO ratings (key, pool, {STANDING_COLUMNS}, first_ms, last_ms)
             VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11)
             ON CONFLICT (key, pool) DO UPDATE SET
                 rating = excluded.rating, deviation = excluded.deviation,
                 volatility = excluded.volatility, games = excluded.games,
                 wins = excluded.wins, losses = excluded.losses, draws = excluded.draws,
                 first_ms = LEAST(ratings.first_ms, excluded.first_ms),
                 last_ms = GREATEST(ratings.last_ms, excluded.last_ms)"
        ),
        &[
            &key,
            &pool.name(),
            &rating.rating,
            &rating.deviation,
            &rating.volatility,
            &i64::from(rating.games),
            &i64::from(standing.wins),
            &i64::from(standing.losses),
            &i64::from(standing.draws),
            &bigint(first_ms),
            &bigint(last_ms),
        ],
    )?;
    Ok(())
}

/// `key`'s declaration that it is a bot, if it made one (before
/// `before_ms`, if given).
pub(super) fn bot_declaration(
    client: &mut impl GenericClient,
    key: PlayerKey,
    before_ms: Option<u64>,
) -> Result<Option<SealSignature>, StoreError> {
    let before = before_ms.map_or(i64::MAX, bigint);
    let declaration = client
        .query_opt(
            "SELECT bot_declaration FROM players
             WHERE key = $1 AND bot_declaration IS NOT NULL AND bot_declared_ms < $2",
            &[&key.to_string(), &before],
        )?
        .map(|row| row.get::<_, String>(0));
    crate::store::players::declaration(declaration)
}

/// Rated games between these two keys that ended at `since_ms` or later.
pub(super) fn pair_games(
    client: &mut impl GenericClient,
    keys: Seated<PlayerKey>,
    since_ms: u64,
) -> Result<u32, StoreError> {
    let count: i64 = client
        .query_one(
            "SELECT count(*) FROM rating_history a
             JOIN rating_history b ON b.game = a.game AND b.key = $2
             WHERE a.key = $1 AND a.at_ms >= $3",
            &[
                &keys.yellow.to_string(),
                &keys.blue.to_string(),
                &bigint(since_ms),
            ],
        )?
        .get(0);
    Ok(crate::store::ratings::count(count))
}

/// Gives `key` the name `name`, signed at `at_ms`: false (and nothing
/// changed) if the key was renamed at that time or later already.
pub(super) fn rename(
    client: &mut impl GenericClient,
    key: PlayerKey,
    name: &str,
    at_ms: u64,
) -> Result<bool, StoreError> {
    let changed = client.execute(
        "INSERT INTO players (key, name, renamed_ms) VALUES ($1, $2, $3)
         ON CONFLICT (key) DO UPDATE SET name = excluded.name, renamed_ms = excluded.renamed_ms
         WHERE players.renamed_ms < excluded.renamed_ms",
        &[&key.to_string(), &name, &bigint(at_ms)],
    )?;
    Ok(changed == 1)
}

/// A player's rating in a pool, if they have one.
pub(super) fn rating(
    client: &mut impl GenericClient,
    key: PlayerKey,
    pool: Pool,
) -> Result<Option<Rating>, StoreError> {
    let row = client.query_opt(
        &format!("SELECT {STANDING_COLUMNS} FROM ratings WHERE key = $1 AND pool = $2"),
        &[&key.to_string(), &pool.name()],
    )?;
    Ok(row.map(|row| standing_at(&row, 0).rating))
}

/// The best players of a pool whose ratings are no longer provisional
/// and rest on games against established players (the leaderboard's rule,
/// `store::rated_games`): people, or bots.
pub(super) fn leaderboard(
    client: &mut impl GenericClient,
    pool: Pool,
    limit: u32,
    bots: bool,
) -> Result<Leaderboard, StoreError> {
    let rows = client.query(
        &format!(
            "SELECT r.key, p.name, {STANDING_COLUMNS} FROM ratings r
             JOIN players p ON p.key = r.key
             WHERE r.pool = $1 AND r.deviation <= $2
                 AND (p.bot_declaration IS NOT NULL) = $4
             ORDER BY r.rating DESC, r.key LIMIT $3"
        ),
        &[
            &pool.name(),
            &PROVISIONAL_DEVIATION,
            &i64::from(LEADERBOARD_CANDIDATES),
            &bots,
        ],
    )?;
    let mut players = Vec::new();
    for row in &rows {
        if players.len() >= limit as usize {
            break;
        }
        let Ok(key) = row.get::<_, &str>(0).parse::<PlayerKey>() else {
            continue;
        };
        if !super::rated_games::listing(client, key, pool)?.rests_on_established() {
            continue;
        }
        players.push(LeaderboardEntry {
            rank: u32::try_from(players.len() + 1).unwrap_or(u32::MAX),
            key,
            name: row.get(1),
            rating: standing_at(row, 2).rating,
        });
    }
    Ok(Leaderboard {
        pool,
        bots,
        players,
    })
}

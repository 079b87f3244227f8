//! Rated games in order, and refunds, in PostgreSQL (schema version 11):
//! SQLite's tables (`store::rated_games`, `store::refunds`). The nodes of
//! a cluster rate games at once: a game takes its place in the order as
//! its players' standings are locked, and a refund holds the ratings
//! still (`LOCK TABLE … IN EXCLUSIVE MODE`) while it rates them again.

use mice_cake_engine::{PlayerKey, Seated};
use mice_cake_protocol::rating::PLAYER_REFUNDS;
use mice_cake_protocol::{
    ESTABLISHED_GAMES, FinishedGame, GameId, Listing, Pool, Rating, RatingRefund,
};
use r2d2_postgres::postgres::{GenericClient, Row, Transaction};

use super::bigint;
use crate::store::StoreError;
use crate::store::rated_games::{
    ESTABLISHED_AFTER_MS, RatedGameRow, backfilled, cause_name, cause_named, seat_number,
    seat_numbered,
};

/// Version 11: rated games in order, refunds, as SQLite's version 10.
pub(super) const SCHEMA_11: &str = "
    CREATE TABLE rated_games (
        seq BIGSERIAL PRIMARY KEY,
        game TEXT NOT NULL UNIQUE,
        pool TEXT NOT NULL,
        yellow TEXT NOT NULL,
        blue TEXT NOT NULL,
        winner BIGINT,
        forfeited BIGINT,
        forfeit_cause TEXT,
        at_ms BIGINT NOT NULL,
        refunded_ms BIGINT
    );
    CREATE INDEX rated_games_by_yellow ON rated_games (yellow, pool, seq);
    CREATE INDEX rated_games_by_blue ON rated_games (blue, pool, seq);
    CREATE TABLE rating_refunds (
        key TEXT NOT NULL,
        pool TEXT NOT NULL,
        at_ms BIGINT NOT NULL,
        games BIGINT NOT NULL,
        before TEXT,
        after TEXT,
        PRIMARY KEY (key, pool, at_ms)
    );
    ALTER TABLE ratings ADD COLUMN first_ms BIGINT NOT NULL DEFAULT 0;
    ALTER TABLE ratings ADD COLUMN last_ms BIGINT NOT NULL DEFAULT 0;
    UPDATE ratings SET
        first_ms = COALESCE((SELECT MIN(h.at_ms) FROM rating_history h
                             WHERE h.key = ratings.key AND h.pool = ratings.pool), 0),
        last_ms = COALESCE((SELECT MAX(h.at_ms) FROM rating_history h
                            WHERE h.key = ratings.key AND h.pool = ratings.pool), 0);
";

/// After [`SCHEMA_11`], in its transaction: the rated games stored
/// before, from their records, in the order their ratings were written.
pub(super) fn backfill(transaction: &mut Transaction<'_>) -> Result<(), StoreError> {
    let mut games = Vec::new();
    for row in transaction.query(
        "SELECT g.game FROM (SELECT game, MIN(seq) AS seq FROM rating_history GROUP BY game) h
         JOIN games g ON g.id = h.game ORDER BY h.seq",
        &[],
    )? {
        games.push(serde_json::from_str::<FinishedGame>(row.get(0))?);
    }
    for row in backfilled(&games) {
        keep(transaction, &row)?;
    }
    Ok(())
}

/// Keeps `row`, the latest rated game.
pub(super) fn keep(client: &mut impl GenericClient, row: &RatedGameRow) -> Result<(), StoreError> {
    client.execute(
        "INSERT INTO rated_games (game, pool, yellow, blue, winner, forfeited, forfeit_cause,
             at_ms)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8)
         ON CONFLICT (game) DO NOTHING",
        &[
            &row.game.to_string(),
            &row.pool.name(),
            &row.keys.yellow.to_string(),
            &row.keys.blue.to_string(),
            &row.winner.map(seat_number),
            &row.forfeit.map(|(seat, _)| seat_number(seat)),
            &row.forfeit.map(|(_, cause)| cause_name(cause)),
            &bigint(row.at_ms),
        ],
    )?;
    Ok(())
}

fn row_at(row: &Row) -> Result<RatedGameRow, StoreError> {
    let key = |index: usize| -> Result<PlayerKey, StoreError> {
        row.get::<_, &str>(index)
            .parse()
            .map_err(|error| StoreError::Query {
                source: Box::new(error),
            })
    };
    let forfeit = match (
        row.get::<_, Option<i64>>(5).and_then(seat_numbered),
        row.get::<_, Option<&str>>(6).and_then(cause_named),
    ) {
        (Some(seat), Some(cause)) => Some((seat, cause)),
        _ => None,
    };
    Ok(RatedGameRow {
        game: row
            .get::<_, &str>(0)
            .parse::<GameId>()
            .map_err(|error| StoreError::Query {
                source: Box::new(error),
            })?,
        pool: row.get::<_, &str>(1).parse()?,
        keys: Seated {
            yellow: key(2)?,
            blue: key(3)?,
        },
        winner: row.get::<_, Option<i64>>(4).and_then(seat_numbered),
        forfeit,
        at_ms: u64::try_from(row.get::<_, i64>(7)).unwrap_or(0),
    })
}

/// Every counted rated game (none refunded), in the order rated.
pub(super) fn counted(client: &mut impl GenericClient) -> Result<Vec<RatedGameRow>, StoreError> {
    client
        .query(
            "SELECT game, pool, yellow, blue, winner, forfeited, forfeit_cause, at_ms
             FROM rated_games WHERE refunded_ms IS NULL ORDER BY seq",
            &[],
        )?
        .iter()
        .map(row_at)
        .collect()
}

/// `key`'s games in `pool`, as the leaderboard's rule counts them (its
/// `listed` left unset).
pub(super) fn listing(
    client: &mut impl GenericClient,
    key: PlayerKey,
    pool: Pool,
) -> Result<Listing, StoreError> {
    let row = client.query_one(
        "SELECT COUNT(*), COUNT(*) FILTER (WHERE established),
             COUNT(DISTINCT opponent) FILTER (WHERE established)
         FROM (SELECT g.opponent,
                   COALESCE(o.games >= $3 AND o.last_ms - o.first_ms >= $4, FALSE) AS established
               FROM (SELECT blue AS opponent FROM rated_games
                     WHERE yellow = $1 AND pool = $2 AND refunded_ms IS NULL
                     UNION ALL
                     SELECT yellow FROM rated_games
                     WHERE blue = $1 AND pool = $2 AND refunded_ms IS NULL) AS g
               LEFT JOIN ratings o ON o.key = g.opponent AND o.pool = $2) AS games",
        &[
            &key.to_string(),
            &pool.name(),
            &i64::from(ESTABLISHED_GAMES),
            &bigint(ESTABLISHED_AFTER_MS),
        ],
    )?;
    let count = |index: usize| u32::try_from(row.get::<_, i64>(index)).unwrap_or(0);
    Ok(Listing {
        games: count(0),
        against_established: count(1),
        established_opponents: count(2),
        listed: false,
    })
}

/// The refunds that changed `key`'s ratings, newest first.
pub(super) fn refunds_of(
    client: &mut impl GenericClient,
    key: PlayerKey,
) -> Result<Vec<RatingRefund>, StoreError> {
    let rating = |json: Option<&str>| -> Result<Option<Rating>, StoreError> {
        json.map(serde_json::from_str)
            .transpose()
            .map_err(StoreError::from)
    };
    client
        .query(
            "SELECT pool, at_ms, games, before, after FROM rating_refunds WHERE key = $1
             ORDER BY at_ms DESC, pool LIMIT $2",
            &[&key.to_string(), &i64::from(PLAYER_REFUNDS)],
        )?
        .iter()
        .map(|row| {
            Ok(RatingRefund {
                key,
                pool: row.get::<_, &str>(0).parse()?,
                at_ms: u64::try_from(row.get::<_, i64>(1)).unwrap_or(0),
                games: u32::try_from(row.get::<_, i64>(2)).unwrap_or(0),
                before: rating(row.get(3))?,
                after: rating(row.get(4))?,
            })
        })
        .collect()
}

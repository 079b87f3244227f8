//! Rated games in order, and refunds, in SQLite (schema version 10): what
//! the leaderboard's rule counts, what the fair-play report reads for fed
//! ratings, and what a refund rates again (`store::rated_games`,
//! `store::refunds`).

use mice_cake_engine::{PlayerKey, Seated};
use mice_cake_protocol::rating::PLAYER_REFUNDS;
use mice_cake_protocol::{ESTABLISHED_GAMES, FinishedGame, Listing, Pool, Rating, RatingRefund};
use rusqlite::{Connection, Row, Transaction, params};
use rusqlite_migration::HookResult;

use crate::store::StoreError;
use crate::store::rated_games::{
    ESTABLISHED_AFTER_MS, RatedGameRow, backfilled, cause_name, cause_named, seat_number,
    seat_numbered,
};

/// Version 10: rated games in order, refunds.
pub(super) const SCHEMA_10: &str = "
    -- Every rated game in the order rated: its pool, its keys, who won
    -- (0 Yellow, 1 Blue; NULL a draw), who forfeited it and why, and when
    -- a refund took it out of the ratings.
    CREATE TABLE rated_games (
        seq INTEGER PRIMARY KEY,
        game TEXT NOT NULL UNIQUE,
        pool TEXT NOT NULL,
        yellow TEXT NOT NULL,
        blue TEXT NOT NULL,
        winner INTEGER,
        forfeited INTEGER,
        forfeit_cause TEXT,
        at_ms INTEGER NOT NULL,
        refunded_ms INTEGER
    ) STRICT;
    CREATE INDEX rated_games_by_yellow ON rated_games (yellow, pool, seq);
    CREATE INDEX rated_games_by_blue ON rated_games (blue, pool, seq);

    -- What each refund did to a player's rating (JSON ratings), for
    -- their page.
    CREATE TABLE rating_refunds (
        key TEXT NOT NULL,
        pool TEXT NOT NULL,
        at_ms INTEGER NOT NULL,
        games INTEGER NOT NULL,
        before TEXT,
        after TEXT,
        PRIMARY KEY (key, pool, at_ms)
    ) STRICT, WITHOUT ROWID;

    -- When each player's first and latest counted rated game in a pool
    -- ended: whether they are established (with their games).
    ALTER TABLE ratings ADD COLUMN first_ms INTEGER NOT NULL DEFAULT 0;
    ALTER TABLE ratings ADD COLUMN last_ms INTEGER NOT NULL DEFAULT 0;
    UPDATE ratings SET
        first_ms = COALESCE((SELECT MIN(h.at_ms) FROM rating_history h
                             WHERE h.key = ratings.key AND h.pool = ratings.pool), 0),
        last_ms = COALESCE((SELECT MAX(h.at_ms) FROM rating_history h
                            WHERE h.key = ratings.key AND h.pool = ratings.pool), 0);
";

/// After [`SCHEMA_10`]: the rated games stored before, from their records,
/// in the order their ratings were written.
pub(super) fn backfill(transaction: &Transaction<'_>) -> HookResult {
    let failed = |error: StoreError| rusqlite_migration::HookError::Hook(error.to_string());
    let mut games = Vec::new();
    let mut statement = transaction.prepare(
        "SELECT g.game FROM (SELECT game, MIN(seq) AS seq FROM rating_history GROUP BY game) h
         JOIN games g ON g.id = h.game ORDER BY h.seq",
    )?;
    for game in statement.query_map([], |row| row.get::<_, String>(0))? {
        let game: FinishedGame =
            serde_json::from_str(&game?).map_err(|error| failed(error.into()))?;
        games.push(game);
    }
    for row in backfilled(&games) {
        keep(transaction, &row).map_err(failed)?;
    }
    Ok(())
}

/// Keeps `row`, the latest rated game.
pub(super) fn keep(connection: &Connection, row: &RatedGameRow) -> Result<(), StoreError> {
    connection
        .prepare_cached(
            "INSERT OR IGNORE INTO rated_games (game, pool, yellow, blue, winner, forfeited,
                 forfeit_cause, at_ms)
             VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8)",
        )?
        .execute(params![
            row.game.to_string(),
            row.pool.name(),
            row.keys.yellow.to_string(),
            row.keys.blue.to_string(),
            row.winner.map(seat_number),
            row.forfeit.map(|(seat, _)| seat_number(seat)),
            row.forfeit.map(|(_, cause)| cause_name(cause)),
            i64::try_from(row.at_ms).unwrap_or(i64::MAX)
        ])?;
    Ok(())
}

const ROW_COLUMNS: &str = "game, pool, yellow, blue, winner, forfeited, forfeit_cause, at_ms";

fn row_at(row: &Row<'_>) -> Result<RatedGameRow, StoreError> {
    let text = |index: usize| row.get::<_, String>(index);
    let key = |index: usize| -> Result<PlayerKey, StoreError> {
        text(index)?.parse().map_err(|error| StoreError::Query {
            source: Box::new(error),
        })
    };
    let forfeit = match (
        row.get::<_, Option<i64>>(5)?.and_then(seat_numbered),
        row.get::<_, Option<String>>(6)?
            .as_deref()
            .and_then(cause_named),
    ) {
        (Some(seat), Some(cause)) => Some((seat, cause)),
        _ => None,
    };
    Ok(RatedGameRow {
        game: text(0)?.parse().map_err(|error| StoreError::Query {
            source: Box::new(error),
        })?,
        pool: text(1)?.parse()?,
        keys: Seated {
            yellow: key(2)?,
            blue: key(3)?,
        },
        winner: row.get::<_, Option<i64>>(4)?.and_then(seat_numbered),
        forfeit,
        at_ms: u64::try_from(row.get::<_, i64>(7)?).unwrap_or(0),
    })
}

/// Every counted rated game (none refunded), in the order rated.
pub(super) fn counted(connection: &Connection) -> Result<Vec<RatedGameRow>, StoreError> {
    let mut statement = connection.prepare_cached(&format!(
        "SELECT {ROW_COLUMNS} FROM rated_games WHERE refunded_ms IS NULL ORDER BY seq"
    ))?;
    let mut rows = statement.query([])?;
    let mut counted = Vec::new();
    while let Some(row) = rows.next()? {
        counted.push(row_at(row)?);
    }
    Ok(counted)
}

/// `key`'s games in `pool`, as the leaderboard's rule counts them (its
/// `listed` left unset).
pub(super) fn listing(
    connection: &Connection,
    key: PlayerKey,
    pool: Pool,
) -> Result<Listing, StoreError> {
    let (games, against, opponents): (i64, i64, i64) = connection
        .prepare_cached(
            "SELECT COUNT(*), COALESCE(SUM(established), 0),
                 COUNT(DISTINCT CASE WHEN established = 1 THEN opponent END)
             FROM (SELECT g.opponent,
                       COALESCE(o.games >= ?3 AND o.last_ms - o.first_ms >= ?4, 0) AS established
                   FROM (SELECT blue AS opponent FROM rated_games
                         WHERE yellow = ?1 AND pool = ?2 AND refunded_ms IS NULL
                         UNION ALL
                         SELECT yellow FROM rated_games
                         WHERE blue = ?1 AND pool = ?2 AND refunded_ms IS NULL) g
                   LEFT JOIN ratings o ON o.key = g.opponent AND o.pool = ?2)",
        )?
        .query_row(
            params![
                key.to_string(),
                pool.name(),
                ESTABLISHED_GAMES,
                i64::try_from(ESTABLISHED_AFTER_MS).unwrap_or(i64::MAX)
            ],
            |row| Ok((row.get(0)?, row.get(1)?, row.get(2)?)),
        )?;
    let count = |value: i64| u32::try_from(value).unwrap_or(0);
    Ok(Listing {
        games: count(games),
        against_established: count(against),
        established_opponents: count(opponents),
        listed: false,
    })
}

/// The refunds that changed `key`'s ratings, newest first.
pub(super) fn refunds_of(
    connection: &Connection,
    key: PlayerKey,
) -> Result<Vec<RatingRefund>, StoreError> {
    let mut statement = connection.prepare_cached(
        "SELECT pool, at_ms, games, before, after FROM rating_refunds WHERE key = ?1
         ORDER BY at_ms DESC, pool LIMIT ?2",
    )?;
    let mut rows = statement.query(params![key.to_string(), PLAYER_REFUNDS])?;
    let mut refunds = Vec::new();
    while let Some(row) = rows.next()? {
        let rating = |index: usize| -> Result<Option<Rating>, StoreError> {
            row.get::<_, Option<String>>(index)?
                .map(|json| serde_json::from_str(&json))
                .transpose()
                .map_err(StoreError::from)
        };
        refunds.push(RatingRefund {
            key,
            pool: row.get::<_, String>(0)?.parse()?,
            at_ms: u64::try_from(row.get::<_, i64>(1)?).unwrap_or(0),
            games: u32::try_from(row.get::<_, i64>(2)?).unwrap_or(0),
            before: rating(3)?,
            after: rating(4)?,
        });
    }
    Ok(refunds)
}

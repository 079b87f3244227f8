//! Accuracies in SQLite (schema version 7): the rows of [`crate::store::accuracy`].

use mice_cake_engine::PlayerKey;
use mice_cake_protocol::{GameId, PlayerAccuracy, Pool};
use rusqlite::{Connection, params};

use crate::store::StoreError;
use crate::store::accuracy::{self, GameAccuracy, PoolAccuracy, Spread};

/// Version 7: accuracies.
pub(super) const SCHEMA_7: &str = accuracy::ACCURACIES;

pub(super) fn to_analyse(connection: &Connection, limit: u32) -> Result<Vec<GameId>, StoreError> {
    let mut games = Vec::new();
    for game in connection
        .prepare_cached(accuracy::TO_ANALYSE)?
        .query_map([limit], |row| row.get::<_, String>(0))?
    {
        // A row that does not parse is not this server's: left alone.
        if let Ok(game) = game?.parse::<GameId>() {
            games.push(game);
        }
    }
    Ok(games)
}

pub(super) fn save(
    connection: &Connection,
    game: &GameId,
    rows: &[GameAccuracy],
) -> Result<(), StoreError> {
    let mut save = connection.prepare_cached(accuracy::SAVE)?;
    for row in rows {
        save.execute(params![
            game.to_string(),
            row.key.to_string(),
            row.pool.name(),
            row.rounds,
            row.clean,
            row.first
        ])?;
    }
    Ok(())
}

pub(super) fn of_player(
    connection: &Connection,
    key: PlayerKey,
) -> Result<Option<PlayerAccuracy>, StoreError> {
    let (games, rounds, clean): (i64, i64, i64) = connection
        .prepare_cached(accuracy::OF_PLAYER)?
        .query_row([key.to_string()], |row| {
        Ok((row.get(0)?, row.get(1)?, row.get(2)?))
    })?;
    Ok((games > 0).then(|| PlayerAccuracy {
        games: count(games),
        rounds: count(rounds),
        clean_rounds: count(clean),
    }))
}

pub(super) fn by_pool(connection: &Connection) -> Result<Vec<PoolAccuracy>, StoreError> {
    let mut statement = connection.prepare_cached(accuracy::BY_POOL)?;
    let mut rows = statement.query([])?;
    let mut all = Vec::new();
    while let Some(row) = rows.next()? {
        let key: String = row.get(0)?;
        let pool: String = row.get(1)?;
        let Ok(key) = key.parse::<PlayerKey>() else {
            continue;
        };
        all.push(PoolAccuracy {
            key,
            pool: pool.parse::<Pool>()?,
            games: count(row.get(2)?),
            rounds: count(row.get(3)?),
            clean: count(row.get(4)?),
            first: count(row.get(5)?),
            name: row.get::<_, Option<String>>(6)?.unwrap_or_default(),
            bot: row.get(7)?,
            rating: row.get(8)?,
            spread: Spread {
                rounds_squared: sum(row.get(9)?),
                clean_squared: sum(row.get(10)?),
                first_squared: sum(row.get(11)?),
                rounds_clean: sum(row.get(12)?),
                rounds_first: sum(row.get(13)?),
            },
        });
    }
    Ok(all)
}

fn count(value: i64) -> u32 {
    u32::try_from(value).unwrap_or(u32::MAX)
}

fn sum(value: i64) -> u64 {
    u64::try_from(value).unwrap_or(0)
}

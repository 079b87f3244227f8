//! Accuracies in PostgreSQL (schema version 8), as SQLite keeps them
//! (`sqlite/accuracy.rs`).

use mice_cake_engine::PlayerKey;
use mice_cake_protocol::{GameId, PlayerAccuracy, Pool};
use r2d2_postgres::postgres::GenericClient;

use crate::store::StoreError;
use crate::store::accuracy::{self, GameAccuracy, PoolAccuracy, Spread};

/// Version 8: accuracies.
pub(super) const SCHEMA_8: &str = accuracy::ACCURACIES;

pub(super) fn to_analyse(
    client: &mut impl GenericClient,
    limit: u32,
) -> Result<Vec<GameId>, StoreError> {
    Ok(client
        .query(accuracy::TO_ANALYSE, &[&i64::from(limit)])?
        .iter()
        // A row that does not parse is not this server's: left alone.
        .filter_map(|row| row.get::<_, String>(0).parse::<GameId>().ok())
        .collect())
}

pub(super) fn save(
    client: &mut impl GenericClient,
    game: &GameId,
    rows: &[GameAccuracy],
) -> Result<(), StoreError> {
    let game = game.to_string();
    for row in rows {
        client.execute(
            accuracy::SAVE,
            &[
                &game,
                &row.key.to_string(),
                &row.pool.name(),
                &i64::from(row.rounds),
                &i64::from(row.clean),
                &i64::from(row.first),
            ],
        )?;
    }
    Ok(())
}

pub(super) fn of_player(
    client: &mut impl GenericClient,
    key: PlayerKey,
) -> Result<Option<PlayerAccuracy>, StoreError> {
    let row = client.query_one(accuracy::OF_PLAYER, &[&key.to_string()])?;
    let games: i64 = row.get(0);
    Ok((games > 0).then(|| PlayerAccuracy {
        games: count(games),
        rounds: count(row.get(1)),
        clean_rounds: count(row.get(2)),
    }))
}

pub(super) fn by_pool(client: &mut impl GenericClient) -> Result<Vec<PoolAccuracy>, StoreError> {
    let mut all = Vec::new();
    for row in client.query(accuracy::BY_POOL, &[])? {
        let Ok(key) = row.get::<_, String>(0).parse::<PlayerKey>() else {
            continue;
        };
        all.push(PoolAccuracy {
            key,
            pool: row.get::<_, String>(1).parse::<Pool>()?,
            games: count(row.get(2)),
            rounds: count(row.get(3)),
            clean: count(row.get(4)),
            first: count(row.get(5)),
            name: row.get::<_, Option<String>>(6).unwrap_or_default(),
            bot: row.get(7),
            rating: row.get(8),
            spread: Spread {
                rounds_squared: sum(row.get(9)),
                clean_squared: sum(row.get(10)),
                first_squared: sum(row.get(11)),
                rounds_clean: sum(row.get(12)),
                rounds_first: sum(row.get(13)),
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

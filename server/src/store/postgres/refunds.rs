//! Refunds in PostgreSQL (`store::refunds`): SQLite's, with the ratings
//! held still (`LOCK TABLE … IN EXCLUSIVE MODE`) while a refund rates
//! them again — the nodes of a cluster rate games at once.

use mice_cake_engine::{PlayerKey, Seated};
use mice_cake_protocol::{GameId, Pool, Rating, RatingRefund};
use r2d2_postgres::postgres::Transaction;

use super::bigint;
use super::rated_games::counted;
use super::ratings::{STANDING_COLUMNS, save_standing, standing_at};
use crate::store::StoreError;
use crate::store::rated_games::{Played, RatedGameRow};
use crate::store::ratings::Standing;
use crate::store::refunds::RefundRows;

/// [`RefundRows`] in one write transaction, the ratings locked.
pub(super) struct PostgresRefunds<'a, 'c>(pub(super) &'a mut Transaction<'c>);

impl PostgresRefunds<'_, '_> {
    /// Holds the ratings still until the transaction ends: games rated
    /// meanwhile on any node wait, then rate from the refunded standings.
    pub(super) fn lock(&mut self) -> Result<(), StoreError> {
        self.0
            .batch_execute("LOCK TABLE ratings, rating_history, rated_games IN EXCLUSIVE MODE")?;
        Ok(())
    }
}

impl RefundRows for PostgresRefunds<'_, '_> {
    fn counted_games(&mut self) -> Result<Vec<RatedGameRow>, StoreError> {
        counted(self.0)
    }

    fn standings(&mut self, pool: Pool) -> Result<Vec<(PlayerKey, Standing)>, StoreError> {
        self.0
            .query(
                &format!(
                    "SELECT key, {STANDING_COLUMNS} FROM ratings WHERE pool = $1 ORDER BY key"
                ),
                &[&pool.name()],
            )?
            .iter()
            .map(|row| {
                let key = row
                    .get::<_, &str>(0)
                    .parse::<PlayerKey>()
                    .map_err(|error| StoreError::Query {
                        source: Box::new(error),
                    })?;
                Ok((key, standing_at(row, 1)))
            })
            .collect()
    }

    fn take_out(&mut self, game: GameId, at_ms: u64) -> Result<(), StoreError> {
        let game = game.to_string();
        self.0.execute(
            "UPDATE rated_games SET refunded_ms = $2 WHERE game = $1",
            &[&game, &bigint(at_ms)],
        )?;
        self.0
            .execute("DELETE FROM rating_history WHERE game = $1", &[&game])?;
        Ok(())
    }

    fn rate_again(&mut self, row: &RatedGameRow, after: Seated<Rating>) -> Result<(), StoreError> {
        let game = row.game.to_string();
        for (key, rating) in [(row.keys.yellow, after.yellow), (row.keys.blue, after.blue)] {
            self.0.execute(
                "UPDATE rating_history SET rating = $3, deviation = $4
                 WHERE game = $1 AND key = $2",
                &[&game, &key.to_string(), &rating.rating, &rating.deviation],
            )?;
        }
        Ok(())
    }

    fn put_standing(
        &mut self,
        key: PlayerKey,
        pool: Pool,
        standing: Option<(&Standing, Played)>,
    ) -> Result<(), StoreError> {
        let key = key.to_string();
        let Some((standing, played)) = standing else {
            self.0.execute(
                "DELETE FROM ratings WHERE key = $1 AND pool = $2",
                &[&key, &pool.name()],
            )?;
            return Ok(());
        };
        // The span of the games left, not widened from the old one.
        self.0.execute(
            "DELETE FROM ratings WHERE key = $1 AND pool = $2",
            &[&key, &pool.name()],
        )?;
        save_standing(
            self.0,
            &key,
            pool,
            standing,
            (played.first_ms, played.last_ms),
        )
    }

    fn keep_refund(&mut self, refund: &RatingRefund) -> Result<(), StoreError> {
        let json = |rating: Option<Rating>| {
            rating
                .map(|rating| serde_json::to_string(&rating))
                .transpose()
        };
        self.0.execute(
            "INSERT INTO rating_refunds (key, pool, at_ms, games, before, after)
             VALUES ($1, $2, $3, $4, $5, $6)
             ON CONFLICT (key, pool, at_ms) DO UPDATE SET
                 games = excluded.games, before = excluded.before, after = excluded.after",
            &[
                &refund.key.to_string(),
                &refund.pool.name(),
                &bigint(refund.at_ms),
                &i64::from(refund.games),
                &json(refund.before)?,
                &json(refund.after)?,
            ],
        )?;
        Ok(())
    }
}

//! Refunds in SQLite (`store::refunds`): the rated games counted, the
//! standings of a pool, and what a refund rewrites — in one write
//! transaction (SQLite has one writer: nothing else rates meanwhile).

use mice_cake_engine::{PlayerKey, Seated};
use mice_cake_protocol::{GameId, Pool, Rating, RatingRefund};
use rusqlite::{Transaction, params};

use super::rated_games::counted;
use super::ratings::{STANDING_COLUMNS, save_standing, standing_at};
use crate::store::StoreError;
use crate::store::rated_games::{Played, RatedGameRow};
use crate::store::ratings::Standing;
use crate::store::refunds::RefundRows;

/// [`RefundRows`] in one write transaction.
pub(super) struct SqliteRefunds<'a, 'c>(pub(super) &'a Transaction<'c>);

impl RefundRows for SqliteRefunds<'_, '_> {
    fn counted_games(&mut self) -> Result<Vec<RatedGameRow>, StoreError> {
        counted(self.0)
    }

    fn standings(&mut self, pool: Pool) -> Result<Vec<(PlayerKey, Standing)>, StoreError> {
        let mut statement = self.0.prepare_cached(&format!(
            "SELECT key, {STANDING_COLUMNS} FROM ratings WHERE pool = ?1 ORDER BY key"
        ))?;
        let mut rows = statement.query([pool.name()])?;
        let mut standings = Vec::new();
        while let Some(row) = rows.next()? {
            let key: PlayerKey =
                row.get::<_, String>(0)?
                    .parse()
                    .map_err(|error| StoreError::Query {
                        source: Box::new(error),
                    })?;
            standings.push((key, standing_at(row, 1)?));
        }
        Ok(standings)
    }

    fn take_out(&mut self, game: GameId, at_ms: u64) -> Result<(), StoreError> {
        let game = game.to_string();
        self.0
            .prepare_cached("UPDATE rated_games SET refunded_ms = ?2 WHERE game = ?1")?
            .execute(params![game, i64::try_from(at_ms).unwrap_or(i64::MAX)])?;
        self.0
            .prepare_cached("DELETE FROM rating_history WHERE game = ?1")?
            .execute([game])?;
        Ok(())
    }

    fn rate_again(&mut self, row: &RatedGameRow, after: Seated<Rating>) -> Result<(), StoreError> {
        let game = row.game.to_string();
        let mut point = self.0.prepare_cached(
            "UPDATE rating_history SET rating = ?3, deviation = ?4 WHERE game = ?1 AND key = ?2",
        )?;
        for (key, rating) in [(row.keys.yellow, after.yellow), (row.keys.blue, after.blue)] {
            point.execute(params![
                game,
                key.to_string(),
                rating.rating,
                rating.deviation
            ])?;
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
            self.0
                .prepare_cached("DELETE FROM ratings WHERE key = ?1 AND pool = ?2")?
                .execute(params![key, pool.name()])?;
            return Ok(());
        };
        // The span of the games left, not widened from the old one.
        self.0
            .prepare_cached("DELETE FROM ratings WHERE key = ?1 AND pool = ?2")?
            .execute(params![key, pool.name()])?;
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
        self.0
            .prepare_cached(
                "INSERT OR REPLACE INTO rating_refunds (key, pool, at_ms, games, before, after)
                 VALUES (?1, ?2, ?3, ?4, ?5, ?6)",
            )?
            .execute(params![
                refund.key.to_string(),
                refund.pool.name(),
                i64::try_from(refund.at_ms).unwrap_or(i64::MAX),
                refund.games,
                json(refund.before)?,
                json(refund.after)?
            ])?;
        Ok(())
    }
}

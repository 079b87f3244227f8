//! Refunds (`docs/ratings.md`, "Refunds"), as every backend makes them: the
//! rated games a ring fed one of its keys are taken out of the ratings, and
//! each pool they were played in is rated again from its first game
//! without them — so that every rating they touched (the fed key's, the
//! feeders', and those of everyone who played either afterwards, through
//! the ratings they met) is what it would have been, as lichess gives
//! boosting's victims their points back. The games stay in the records,
//! marked; each player whose rating changed is told on their page.
//!
//! One transaction: a backend shared by several servers holds the ratings
//! still meanwhile (a game rated at once waits, then rates from the
//! refunded standings).

use std::collections::{HashMap, HashSet};

use mice_cake_engine::{PlayerKey, Seat, Seated};
use mice_cake_protocol::api::RefundDone;
use mice_cake_protocol::{GameId, Pool, Rating, RatingRefund};

use super::StoreError;
use super::rated_games::{Played, RatedGameRow, played};
use super::ratings::Standing;
use super::replay::replay;

/// What a backend reads and writes, in one transaction, to refund.
pub(crate) trait RefundRows {
    /// Every rated game that counts (none refunded), in the order rated.
    fn counted_games(&mut self) -> Result<Vec<RatedGameRow>, StoreError>;
    /// Every player's standing in `pool`.
    fn standings(&mut self, pool: Pool) -> Result<Vec<(PlayerKey, Standing)>, StoreError>;
    /// Takes `game` out of the ratings at `at_ms`: marked refunded, its
    /// points of the players' histories dropped.
    fn take_out(&mut self, game: GameId, at_ms: u64) -> Result<(), StoreError>;
    /// A counted game as rated again: each player's rating after it (their
    /// point of history).
    fn rate_again(&mut self, row: &RatedGameRow, after: Seated<Rating>) -> Result<(), StoreError>;
    /// `key`'s standing in `pool` now, and what they have played there;
    /// none: no game of theirs is left.
    fn put_standing(
        &mut self,
        key: PlayerKey,
        pool: Pool,
        standing: Option<(&Standing, Played)>,
    ) -> Result<(), StoreError>;
    /// Keeps what the refund did to a rating, for the player's page.
    fn keep_refund(&mut self, refund: &RatingRefund) -> Result<(), StoreError>;
}

/// Takes every counted rated game any of `keys` played out of the
/// ratings at `at_ms`, and rates each pool they were in again without
/// them.
pub(crate) fn refund(
    rows: &mut impl RefundRows,
    keys: &[PlayerKey],
    at_ms: u64,
) -> Result<RefundDone, StoreError> {
    let ring: HashSet<PlayerKey> = keys.iter().copied().collect();
    let counted = rows.counted_games()?;
    let is_out = |row: &RatedGameRow| {
        Seat::ALL
            .into_iter()
            .any(|seat| ring.contains(&row.keys[seat]))
    };
    let mut pools: Vec<Pool> = Vec::new();
    for row in counted.iter().filter(|row| is_out(row)) {
        if !pools.contains(&row.pool) {
            pools.push(row.pool);
        }
    }
    let mut done = RefundDone {
        games: 0,
        ratings: Vec::new(),
    };
    for pool in pools {
        let (out, kept): (Vec<RatedGameRow>, Vec<RatedGameRow>) = counted
            .iter()
            .filter(|row| row.pool == pool)
            .partition(|row| is_out(row));
        let mut own: HashMap<PlayerKey, u32> = HashMap::new();
        for row in &out {
            rows.take_out(row.game, at_ms)?;
            for seat in Seat::ALL {
                *own.entry(row.keys[seat]).or_default() += 1;
            }
        }
        done.games += u32::try_from(out.len()).unwrap_or(u32::MAX);
        let replayed = replay(&kept);
        let played = played(&kept);
        for (row, change) in kept.iter().zip(&replayed.changes) {
            rows.rate_again(row, change.map(|(_, after)| after))?;
        }
        for (key, before) in rows.standings(pool)? {
            let after = replayed.standings.get(&key);
            if after == Some(&before) {
                continue;
            }
            let now = after.map(|standing| {
                let played = played.get(&(key, pool)).copied().unwrap_or_default();
                (standing, played)
            });
            rows.put_standing(key, pool, now)?;
            let refund = RatingRefund {
                key,
                pool,
                at_ms,
                games: own.get(&key).copied().unwrap_or(0),
                before: Some(before.rating),
                after: after.map(|standing| standing.rating),
            };
            rows.keep_refund(&refund)?;
            done.ratings.push(refund);
        }
    }
    Ok(done)
}

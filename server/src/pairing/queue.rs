//! Who waits to be paired, and whom to pair: the closest ratings in the
//! same pool, each player's window of acceptable ratings widening as they
//! wait. Pure (time comes in as milliseconds), so that a single node and a
//! cluster's leader pair alike, and tests look at any instant.

use std::collections::HashSet;
use std::hash::Hash;

use mice_cake_engine::PlayerKey;
use mice_cake_protocol::{Pool, Rating};
use serde::{Deserialize, Serialize};

/// How far from their own rating a player accepts an opponent as soon as
/// they seek.
pub(crate) const FIRST_WINDOW: f64 = 100.0;
/// How much wider the window grows each second of waiting.
pub(crate) const WIDENING_PER_SECOND: f64 = 30.0;

/// What a seek accepts.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Serialize, Deserialize)]
pub(crate) struct Wants {
    /// The pool; any if none.
    pub(crate) pool: Option<Pool>,
    /// The time per round; any if none.
    pub(crate) deadline_ms: Option<u64>,
    pub(crate) rated: bool,
}

/// Someone waiting.
#[derive(Clone, Debug, Serialize, Deserialize)]
pub(crate) struct Waiter<Id> {
    pub(crate) id: Id,
    pub(crate) key: Option<PlayerKey>,
    /// Whether the key declared itself a bot: a bot's rated seek meets
    /// bots only.
    #[serde(default)]
    pub(crate) bot: bool,
    /// Whether they aborted so many of their latest rated-room games that
    /// they are paired after everyone else.
    #[serde(default)]
    pub(crate) paired_last: bool,
    pub(crate) name: String,
    pub(crate) wants: Wants,
    /// Their rating in every pool, by [`Pool::ALL`]'s order.
    pub(crate) ratings: [Rating; 6],
    /// When they began to wait.
    pub(crate) since_ms: u64,
    /// When to offer them the bot, if ever (milliseconds of waiting).
    pub(crate) bot_after_ms: Option<u64>,
    /// Whether the bot was offered already.
    pub(crate) offered: bool,
}

impl<Id> Waiter<Id> {
    /// Their rating in `pool`.
    pub(crate) fn rating(&self, pool: Pool) -> Rating {
        let index = Pool::ALL.iter().position(|of| *of == pool).unwrap_or(0);
        self.ratings[index]
    }

    /// How far from their rating they accept an opponent, at `now_ms`.
    pub(crate) fn window(&self, now_ms: u64) -> f64 {
        let waited = now_ms.saturating_sub(self.since_ms) as f64 / 1000.0;
        FIRST_WINDOW + WIDENING_PER_SECOND * waited
    }

    /// Whether the bot is due at `now_ms`.
    pub(crate) fn bot_due(&self, now_ms: u64) -> bool {
        !self.offered
            && self
                .bot_after_ms
                .is_some_and(|after| now_ms.saturating_sub(self.since_ms) >= after)
    }
}

/// A game to make: two waiters and what they agreed on.
#[derive(Clone, Debug, PartialEq)]
pub(crate) struct Pairing<Id> {
    pub(crate) first: Id,
    pub(crate) second: Id,
    pub(crate) pool: Pool,
    /// None: the server's default.
    pub(crate) deadline_ms: Option<u64>,
    pub(crate) rated: bool,
}

/// What two seeks agree on, if they can meet: the same rating kind, the
/// same pool or either's if one accepts any, the same time per round or
/// either's, two players (never one key twice), and in rated play two
/// people or two bots (bots are rated among bots).
pub(crate) fn agreement<Id>(one: &Waiter<Id>, other: &Waiter<Id>) -> Option<(Pool, Option<u64>)> {
    let (a, b) = (one.wants, other.wants);
    if a.rated != b.rated {
        return None;
    }
    if a.rated && one.bot != other.bot {
        return None;
    }
    if let (Some(one), Some(other)) = (one.key, other.key)
        && one == other
    {
        return None;
    }
    let pool = match (a.pool, b.pool) {
        (Some(x), Some(y)) if x != y => return None,
        (x, y) => x.or(y).unwrap_or(Pool::Standard),
    };
    let deadline = match (a.deadline_ms, b.deadline_ms) {
        (Some(x), Some(y)) if x != y => return None,
        (x, y) => x.or(y),
    };
    Some((pool, deadline))
}

/// The pairs to make now among `waiting`: every two who can meet and
/// whose ratings in the pool are within both their windows, the closest
/// first — but pairs with a player who aborts too often after all others;
/// nobody twice.
pub(crate) fn pairs<Id: Clone + Eq + Hash>(
    waiting: &[Waiter<Id>],
    now_ms: u64,
) -> Vec<Pairing<Id>> {
    let mut candidates = Vec::new();
    for (index, one) in waiting.iter().enumerate() {
        for other in &waiting[index + 1..] {
            let Some((pool, deadline_ms)) = agreement(one, other) else {
                continue;
            };
            let gap = (one.rating(pool).rating - other.rating(pool).rating).abs();
            if gap <= one.window(now_ms) && gap <= other.window(now_ms) {
                let last = u8::from(one.paired_last) + u8::from(other.paired_last);
                candidates.push((last, gap, one, other, pool, deadline_ms));
            }
        }
    }
    candidates.sort_by(|a, b| a.0.cmp(&b.0).then(a.1.total_cmp(&b.1)));
    let mut taken = HashSet::new();
    let mut made = Vec::new();
    for (_, _, one, other, pool, deadline_ms) in candidates {
        if taken.contains(&one.id) || taken.contains(&other.id) {
            continue;
        }
        taken.insert(one.id.clone());
        taken.insert(other.id.clone());
        // The queue is kept in the order people came: the first is
        // whoever sought first.
        made.push(Pairing {
            first: one.id.clone(),
            second: other.id.clone(),
            pool,
            deadline_ms,
            rated: one.wants.rated,
        });
    }
    made
}

#[cfg(test)]
mod tests {
    use proptest::prelude::*;

    use super::*;

    fn waiter(id: u32, rating: f64, since_ms: u64, pool: Option<Pool>) -> Waiter<u32> {
        let mut ratings = [Rating::initial(); 6];
        for rated in &mut ratings {
            rated.rating = rating;
        }
        Waiter {
            id,
            key: Some(PlayerKey::from_bytes([u8::try_from(id % 256).unwrap(); 32])),
            bot: false,
            paired_last: false,
            name: format!("p{id}"),
            wants: Wants {
                pool,
                deadline_ms: None,
                rated: true,
            },
            ratings,
            since_ms,
            bot_after_ms: Some(30_000),
            offered: false,
        }
    }

    #[test]
    fn the_closest_ratings_meet_first() {
        let waiting = [
            waiter(1, 1500.0, 0, None),
            waiter(2, 1580.0, 0, None),
            waiter(3, 1510.0, 0, None),
        ];
        let made = pairs(&waiting, 0);
        assert_eq!(made.len(), 1);
        assert_eq!((made[0].first, made[0].second), (1, 3));
        assert_eq!(made[0].pool, Pool::Standard);
    }

    #[test]
    fn a_window_widens_as_its_player_waits() {
        let waiting = [waiter(1, 1500.0, 0, None), waiter(2, 1800.0, 0, None)];
        assert!(pairs(&waiting, 0).is_empty(), "300 apart: too far at first");
        // (300 - 100) / 30 per second: within reach after 6.7 s.
        assert!(pairs(&waiting, 6_000).is_empty());
        assert_eq!(pairs(&waiting, 7_000).len(), 1);
    }

    #[test]
    fn pools_times_and_kinds_must_agree_and_nobody_meets_themselves() {
        let standard = waiter(1, 1500.0, 0, Some(Pool::Standard));
        let boost = waiter(2, 1500.0, 0, Some(Pool::Boost));
        let any = waiter(3, 1500.0, 0, None);
        assert_eq!(agreement(&standard, &boost), None);
        assert_eq!(agreement(&boost, &any), Some((Pool::Boost, None)));
        let mut timed = waiter(4, 1500.0, 0, None);
        timed.wants.deadline_ms = Some(20_000);
        let mut slower = waiter(5, 1500.0, 0, None);
        slower.wants.deadline_ms = Some(60_000);
        assert_eq!(agreement(&timed, &slower), None);
        assert_eq!(
            agreement(&timed, &any),
            Some((Pool::Standard, Some(20_000)))
        );
        let mut casual = waiter(6, 1500.0, 0, None);
        casual.wants.rated = false;
        assert_eq!(agreement(&casual, &any), None);
        let mut twin = waiter(7, 1500.0, 0, None);
        twin.key = any.key;
        assert_eq!(agreement(&twin, &any), None);
    }

    #[test]
    fn a_bots_rated_seek_meets_bots_only_and_its_casual_one_anyone() {
        let person = waiter(1, 1500.0, 0, None);
        let mut bot = waiter(2, 1500.0, 0, None);
        bot.bot = true;
        let mut other_bot = waiter(3, 1500.0, 0, None);
        other_bot.bot = true;
        assert_eq!(agreement(&person, &bot), None);
        assert!(agreement(&bot, &other_bot).is_some());
        let made = pairs(&[person.clone(), bot.clone(), other_bot.clone()], 0);
        assert_eq!(made.len(), 1);
        assert_eq!((made[0].first, made[0].second), (2, 3));
        let mut casual_person = person;
        casual_person.wants.rated = false;
        let mut casual_bot = bot;
        casual_bot.wants.rated = false;
        assert!(agreement(&casual_person, &casual_bot).is_some());
    }

    #[test]
    fn whoever_aborts_too_often_is_paired_after_everyone_else() {
        // Closest by rating: 1 and 2; but 2 aborts too often, so 1 meets 3.
        let mut aborter = waiter(2, 1505.0, 0, None);
        aborter.paired_last = true;
        let waiting = [
            waiter(1, 1500.0, 0, None),
            aborter,
            waiter(3, 1560.0, 0, None),
        ];
        let made = pairs(&waiting, 0);
        assert_eq!(made.len(), 1);
        assert_eq!((made[0].first, made[0].second), (1, 3));
        // Alone with someone, the aborter still plays.
        let made = pairs(&waiting[..2], 0);
        assert_eq!((made[0].first, made[0].second), (1, 2));
    }

    #[test]
    fn the_bot_is_offered_once_after_the_wait_asked() {
        let mut waiting = waiter(1, 1500.0, 1_000, None);
        assert!(!waiting.bot_due(30_999));
        assert!(waiting.bot_due(31_000));
        waiting.offered = true;
        assert!(!waiting.bot_due(60_000));
        waiting.bot_after_ms = None;
        waiting.offered = false;
        assert!(!waiting.bot_due(u64::MAX));
    }

    proptest! {
        /// Whatever waits, nobody is paired twice, and every pair agrees
        /// and is within both windows.
        #[test]
        fn nobody_is_paired_twice(
            seeks in proptest::collection::vec((1000.0f64..2200.0, 0u64..60_000, 0usize..7), 0..60),
            now in 0u64..120_000,
        ) {
            let waiting: Vec<Waiter<u32>> = seeks
                .iter()
                .enumerate()
                .map(|(id, (rating, since, pool))| {
                    let pool = Pool::ALL.get(*pool).copied();
                    waiter(u32::try_from(id).unwrap(), *rating, (*since).min(now), pool)
                })
                .collect();
            let made = pairs(&waiting, now);
            let mut seen = HashSet::new();
            for pairing in &made {
                prop_assert!(seen.insert(pairing.first));
                prop_assert!(seen.insert(pairing.second));
                let one = &waiting[pairing.first as usize];
                let other = &waiting[pairing.second as usize];
                prop_assert_eq!(agreement(one, other), Some((pairing.pool, pairing.deadline_ms)));
                let gap = (one.rating(pairing.pool).rating - other.rating(pairing.pool).rating).abs();
                prop_assert!(gap <= one.window(now) && gap <= other.window(now));
            }
        }
    }
}

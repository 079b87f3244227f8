//! Fed ratings, found for the fair-play report (`docs/ratings.md`, "Many
//! keys"): a key whose rating rests mostly on games it won against keys
//! new here that then gave the game up (left, stayed away, missed their
//! deadlines, did not open a move) or never played anyone else — a ring of
//! throwaway keys losing on purpose, from however many addresses. Per-address
//! limits cannot stop such a ring (an IPv6 /48 holds 65,536 /64s); what it
//! leaves behind is the same in every game, and the records prove it.
//! Pure: the store gives the rated games in order.

use std::collections::HashMap;

use mice_cake_engine::{PlayerKey, Seat};
use mice_cake_protocol::fair_play::{BOOSTING_FEEDERS, NEW_KEY_GAMES};
use mice_cake_protocol::{BoostingEntry, FedEnding, FedGame, ForfeitCause, Pool, Rating};

use crate::store::rated_games::RatedGameRow;
use crate::store::replay::replay;

/// Every key fed in any pool, the most fed first; `name` names a key.
pub(crate) fn boosted(
    rows: &[RatedGameRow],
    name: &dyn Fn(PlayerKey) -> String,
) -> Vec<BoostingEntry> {
    let mut pools: Vec<Pool> = Vec::new();
    for row in rows {
        if !pools.contains(&row.pool) {
            pools.push(row.pool);
        }
    }
    let mut boosted: Vec<BoostingEntry> = pools
        .into_iter()
        .flat_map(|pool| {
            let pool_rows: Vec<RatedGameRow> = rows
                .iter()
                .filter(|row| row.pool == pool)
                .copied()
                .collect();
            boosted_in(&pool_rows, name)
        })
        .collect();
    boosted.sort_by(|a, b| {
        b.fed_points
            .total_cmp(&a.fed_points)
            .then_with(|| a.key.to_string().cmp(&b.key.to_string()))
    });
    boosted
}

/// The keys fed in one pool's rows (in order).
fn boosted_in(rows: &[RatedGameRow], name: &dyn Fn(PlayerKey) -> String) -> Vec<BoostingEntry> {
    let fed = fed_games(rows);
    let mut by_key: Vec<(PlayerKey, Vec<(usize, FedGame)>)> = Vec::new();
    for (index, winner, game) in fed {
        match by_key.iter_mut().find(|(key, _)| *key == winner) {
            Some((_, games)) => games.push((index, game)),
            None => by_key.push((winner, vec![(index, game)])),
        }
    }
    let now = replay(rows);
    let mut entries = Vec::new();
    for (key, games) in by_key {
        let mut feeders: Vec<PlayerKey> = Vec::new();
        for (_, game) in &games {
            if !feeders.contains(&game.feeder) {
                feeders.push(game.feeder);
            }
        }
        if feeders.len() < BOOSTING_FEEDERS as usize {
            continue;
        }
        let Some(standing) = now.standings.get(&key) else {
            continue;
        };
        let rating = standing.rating.rating;
        let gained = rating - Rating::initial().rating;
        if gained <= 0.0 {
            continue;
        }
        let kept: Vec<RatedGameRow> = rows
            .iter()
            .enumerate()
            .filter(|(index, _)| !games.iter().any(|(fed, _)| fed == index))
            .map(|(_, row)| *row)
            .collect();
        let rating_without = replay(&kept)
            .standings
            .get(&key)
            .map_or(Rating::initial().rating, |standing| standing.rating.rating);
        let fed_points = rating - rating_without;
        let share = fed_points / gained;
        if share < 0.5 {
            continue;
        }
        entries.push(BoostingEntry {
            key,
            name: name(key),
            pool: rows[0].pool,
            rating,
            rating_without,
            fed_points,
            share,
            games: standing.rating.games,
            fed: games.into_iter().map(|(_, game)| game).collect(),
            feeders,
        });
    }
    entries
}

/// The games of one pool's rows that were fed: won against a key new here
/// (fewer than [`NEW_KEY_GAMES`] rated games before) that forfeited it, or
/// never played anyone but the winner afterwards. Each with its row's
/// index and the winner.
fn fed_games(rows: &[RatedGameRow]) -> Vec<(usize, PlayerKey, FedGame)> {
    // Each key's rows, in order.
    let mut games_of: HashMap<PlayerKey, Vec<usize>> = HashMap::new();
    for (index, row) in rows.iter().enumerate() {
        for seat in Seat::ALL {
            games_of.entry(row.keys[seat]).or_default().push(index);
        }
    }
    let mut fed = Vec::new();
    for (index, row) in rows.iter().enumerate() {
        let Some(winner_seat) = row.winner else {
            continue;
        };
        let loser_seat = winner_seat.opponent();
        let (winner, feeder) = (row.keys[winner_seat], row.keys[loser_seat]);
        let feeders_games = games_of.get(&feeder).map_or(&[][..], Vec::as_slice);
        let before = feeders_games.iter().take_while(|at| **at < index).count();
        let before = u32::try_from(before).unwrap_or(u32::MAX);
        if before >= NEW_KEY_GAMES {
            continue;
        }
        let never_played_again = feeders_games.iter().filter(|at| **at > index).all(|at| {
            rows[*at].keys[Seat::Yellow] == winner || rows[*at].keys[Seat::Blue] == winner
        });
        let ended = match row.forfeit {
            Some((seat, cause)) if seat == loser_seat => match cause {
                ForfeitCause::Left => FedEnding::Left,
                ForfeitCause::Disconnected => FedEnding::Disconnected,
                ForfeitCause::MissedDeadlines => FedEnding::MissedDeadlines,
                ForfeitCause::NotOpened => FedEnding::NotOpened,
            },
            _ => FedEnding::Played,
        };
        if ended == FedEnding::Played && !never_played_again {
            continue;
        }
        fed.push((
            index,
            winner,
            FedGame {
                game: row.game,
                feeder,
                feeder_games_before: before,
                ended,
                never_played_again,
            },
        ));
    }
    fed
}

#[cfg(test)]
mod tests {
    use mice_cake_engine::{PlayerSecret, Seated};
    use mice_cake_protocol::GameId;

    use super::*;

    fn key(n: u16) -> PlayerKey {
        let mut bytes = [0; 32];
        bytes[..2].copy_from_slice(&n.to_be_bytes());
        PlayerSecret::from_bytes(bytes).public_key()
    }

    /// Yellow `winner` beats Blue `loser`, who forfeits by `cause` if given.
    fn won(n: usize, winner: u16, loser: u16, cause: Option<ForfeitCause>) -> RatedGameRow {
        RatedGameRow {
            game: GameId::from_u128(n as u128),
            pool: Pool::Standard,
            keys: Seated {
                yellow: key(winner),
                blue: key(loser),
            },
            winner: Some(Seat::Yellow),
            forfeit: cause.map(|cause| (Seat::Blue, cause)),
            at_ms: n as u64,
        }
    }

    /// Ten people playing each other in turn, the stronger (lower number)
    /// winning two games in three, all played out.
    fn honest_pool() -> Vec<RatedGameRow> {
        let mut rows = Vec::new();
        for round in 0..12u16 {
            for a in 1..=10u16 {
                let b = (a + round) % 10 + 1;
                if a >= b {
                    continue;
                }
                let mut row = won(rows.len(), a, b, None);
                if (round + a) % 3 == 0 {
                    row.winner = Some(Seat::Blue);
                }
                rows.push(row);
            }
        }
        rows
    }

    #[test]
    fn a_ring_of_fresh_keys_is_found_with_its_games_and_what_they_gave() {
        let mut rows = honest_pool();
        let honest = rows.len();
        // Key 1 is fed by 30 fresh keys, each leaving at once, then plays
        // two honest games.
        for feeder in 0..30u16 {
            rows.push(won(rows.len(), 1, 1000 + feeder, Some(ForfeitCause::Left)));
        }
        rows.push(won(rows.len(), 1, 2, None));
        rows.push(won(rows.len(), 3, 1, None));
        let found = boosted(&rows, &|key| format!("{key}"));
        assert_eq!(found.len(), 1, "{found:?}");
        let entry = &found[0];
        assert_eq!(entry.key, key(1));
        assert_eq!(entry.fed.len(), 30);
        assert_eq!(entry.feeders.len(), 30);
        assert!(entry.fed.iter().all(|game| game.ended == FedEnding::Left
            && game.feeder_games_before == 0
            && game.never_played_again));
        assert_eq!(entry.fed[0].game, GameId::from_u128(honest as u128));
        // What the games gave, against a replay without them.
        let without: Vec<RatedGameRow> = rows
            .iter()
            .enumerate()
            .filter(|(index, _)| !(honest..honest + 30).contains(index))
            .map(|(_, row)| *row)
            .collect();
        let expected = replay(&without).standings[&key(1)].rating.rating;
        assert!((entry.rating_without - expected).abs() < 1e-9);
        // The strongest of the ten gained too by playing them: the ring's
        // games make up most of the rest, not all of it.
        assert!(entry.fed_points > 250.0, "{entry:?}");
        assert!(entry.share > 0.5, "{entry:?}");
        assert!((entry.rating - entry.rating_without - entry.fed_points).abs() < 1e-9);
    }

    #[test]
    fn honest_players_are_not_listed_nor_one_who_beat_two_quitters() {
        let mut rows = honest_pool();
        assert!(boosted(&rows, &|_| String::new()).is_empty());
        // Key 2 beats two newcomers who leave and never come back.
        rows.push(won(rows.len(), 2, 500, Some(ForfeitCause::Left)));
        rows.push(won(rows.len(), 2, 501, Some(ForfeitCause::Disconnected)));
        assert!(boosted(&rows, &|_| String::new()).is_empty());
        // Newcomers who play on after losing are nobody's feeders.
        for newcomer in 600..610u16 {
            rows.push(won(rows.len(), 3, newcomer, None));
            rows.push(won(rows.len(), newcomer, 9, None));
        }
        assert!(boosted(&rows, &|_| String::new()).is_empty());
    }
}

//! A pool's ratings played again from its rated games, in order, from
//! everyone's first standing: what a refund leaves (`refunds.rs`), and
//! what a fed key's rating would be without the games fed to it
//! (`boosting.rs`). The same Glicko-2, one game at a time, as the store
//! rated them (`ratings.rs`).

use std::collections::HashMap;

use mice_cake_engine::{PlayerKey, Seat, Seated};
use mice_cake_protocol::Rating;

use super::rated_games::RatedGameRow;
use super::ratings::{Standing, rated_after};

/// One pool's ratings played again from `rows`, in order, from nothing.
pub(crate) struct Replayed {
    /// Each player's standing after the last row.
    pub(crate) standings: HashMap<PlayerKey, Standing>,
    /// Each row's ratings before and after it.
    pub(crate) changes: Vec<Seated<(Rating, Rating)>>,
}

/// Plays `rows` (one pool's, in order) through Glicko-2 from everyone's
/// first standing, as the store rated them one by one.
pub(crate) fn replay(rows: &[RatedGameRow]) -> Replayed {
    let mut standings: HashMap<PlayerKey, Standing> = HashMap::new();
    let mut changes = Vec::with_capacity(rows.len());
    for row in rows {
        let before = row
            .keys
            .map(|key| standings.get(&key).copied().unwrap_or_else(Standing::new));
        let after = rated_after(before, row.winner);
        changes.push(Seated::from_fn(|seat| {
            (before[seat].rating, after[seat].rating)
        }));
        for seat in Seat::ALL {
            standings.insert(row.keys[seat], after[seat]);
        }
    }
    Replayed { standings, changes }
}

#[cfg(test)]
mod tests {
    use mice_cake_engine::PlayerSecret;
    use mice_cake_protocol::{GameId, Pool};

    use super::*;

    fn key(n: u8) -> PlayerKey {
        PlayerSecret::from_bytes([n; 32]).public_key()
    }

    fn row(n: u64, yellow: u8, blue: u8) -> RatedGameRow {
        RatedGameRow {
            game: GameId::from_u128(u128::from(n)),
            pool: Pool::Standard,
            keys: Seated {
                yellow: key(yellow),
                blue: key(blue),
            },
            winner: Some(Seat::Yellow),
            forfeit: None,
            at_ms: 0,
        }
    }

    #[test]
    fn a_replay_rates_as_the_store_did_one_game_at_a_time() {
        let rows = [row(1, 1, 2), row(2, 2, 3), row(3, 1, 3)];
        let replayed = replay(&rows);
        let first = rated_after(Seated::from_fn(|_| Standing::new()), Some(Seat::Yellow));
        let second = rated_after(
            Seated {
                yellow: first.blue,
                blue: Standing::new(),
            },
            Some(Seat::Yellow),
        );
        let third = rated_after(
            Seated {
                yellow: first.yellow,
                blue: second.blue,
            },
            Some(Seat::Yellow),
        );
        assert_eq!(replayed.standings[&key(1)], third.yellow);
        assert_eq!(replayed.standings[&key(2)], second.yellow);
        assert_eq!(replayed.standings[&key(3)], third.blue);
        assert_eq!(replayed.changes[2].blue.0, second.blue.rating);
        assert_eq!(replayed.changes[2].blue.1, third.blue.rating);
    }
}

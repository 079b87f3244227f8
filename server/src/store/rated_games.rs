//! Every rated game as the ratings took it in, in order: who played whom in
//! which pool, who won, whether a forfeit ended it, and whether each player
//! was *established* as it began (`docs/ratings.md`, "The leaderboard").
//! What the leaderboard's rule counts, what the fair-play report reads to
//! find fed ratings (`boosting.rs`), and what a refund plays the ratings
//! again from (`refunds.rs`). Kept when the game itself is dropped, as a
//! rating's history is; a refunded game stays, marked, out of the ratings.

use std::collections::HashMap;

use mice_cake_engine::{PlayerKey, Seat, Seated};
use mice_cake_protocol::{
    ESTABLISHED_AFTER_DAYS, ESTABLISHED_GAMES, FinishedGame, ForfeitCause, GameId, Listing, Pool,
    Rating,
};

use super::ratings::{Standing, rated_after};

/// Most settled ratings a leaderboard looks through, best first, for the
/// ones the rule lists: a crowd of fed keys at the top cannot make an
/// answer slow.
pub(crate) const LEADERBOARD_CANDIDATES: u32 = 2_000;

/// [`ESTABLISHED_AFTER_DAYS`] in milliseconds.
pub(crate) const ESTABLISHED_AFTER_MS: u64 = ESTABLISHED_AFTER_DAYS * 24 * 60 * 60 * 1000;

/// One rated game, as the ratings took it in.
#[derive(Clone, Copy, Debug, PartialEq)]
pub(crate) struct RatedGameRow {
    pub(crate) game: GameId,
    pub(crate) pool: Pool,
    pub(crate) keys: Seated<PlayerKey>,
    /// Who won; none for a draw.
    pub(crate) winner: Option<Seat>,
    /// The seat that forfeited, and why, if a forfeit ended the game.
    pub(crate) forfeit: Option<(Seat, ForfeitCause)>,
    /// When it ended: milliseconds since the Unix epoch.
    pub(crate) at_ms: u64,
    /// Whether each seat's player was established as it began.
    pub(crate) established: Seated<bool>,
}

impl RatedGameRow {
    /// The row of `game`, rated now; `established` as it began. `None` for
    /// a game with no rated part.
    pub(crate) fn of(game: &FinishedGame, established: Seated<bool>) -> Option<RatedGameRow> {
        let rated = game.rated.as_ref()?;
        Some(RatedGameRow {
            game: game.id,
            pool: rated.pool,
            keys: rated.keys,
            winner: game.result.winner,
            forfeit: game.result.ending.forfeited().and_then(|(who, cause)| {
                Seat::ALL
                    .into_iter()
                    .find(|seat| who[*seat] && !who[seat.opponent()])
                    .map(|seat| (seat, cause))
            }),
            at_ms: game.finished_at_ms,
            established,
        })
    }
}

/// A forfeit's cause as the stores keep it (its name on the wire).
pub(crate) fn cause_name(cause: ForfeitCause) -> &'static str {
    match cause {
        ForfeitCause::MissedDeadlines => "missed_deadlines",
        ForfeitCause::Disconnected => "disconnected",
        ForfeitCause::Left => "left",
        ForfeitCause::NotOpened => "not_opened",
    }
}

/// A forfeit's cause read back; `None` for a name no store writes.
pub(crate) fn cause_named(name: &str) -> Option<ForfeitCause> {
    [
        ForfeitCause::MissedDeadlines,
        ForfeitCause::Disconnected,
        ForfeitCause::Left,
        ForfeitCause::NotOpened,
    ]
    .into_iter()
    .find(|cause| cause_name(*cause) == name)
}

/// A seat as the stores keep it: 0 Yellow, 1 Blue.
pub(crate) fn seat_number(seat: Seat) -> i64 {
    match seat {
        Seat::Yellow => 0,
        Seat::Blue => 1,
    }
}

/// A seat read back.
pub(crate) fn seat_numbered(number: i64) -> Option<Seat> {
    match number {
        0 => Some(Seat::Yellow),
        1 => Some(Seat::Blue),
        _ => None,
    }
}

/// The rows of the rated games stored before the stores kept them, from
/// each game (`games`: in the order they were rated), each player's
/// established as the rows before them say.
pub(crate) fn backfilled(games: &[FinishedGame]) -> Vec<RatedGameRow> {
    let mut rows: Vec<RatedGameRow> = games
        .iter()
        .filter(|game| game.rated.as_ref().is_some_and(|rated| rated.counted()))
        .filter_map(|game| RatedGameRow::of(game, Seated::default()))
        .collect();
    settle_established(&mut rows);
    rows
}

/// What a player had played in a pool before a game: how many rated games,
/// and when the first ended.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(crate) struct Played {
    pub(crate) games: u32,
    pub(crate) first_ms: Option<u64>,
}

impl Played {
    /// Whether a player who had played this was established as a game
    /// ending at `at_ms` began: [`ESTABLISHED_GAMES`] rated games, the
    /// first [`ESTABLISHED_AFTER_DAYS`] days before.
    pub(crate) fn established(self, at_ms: u64) -> bool {
        self.games >= ESTABLISHED_GAMES
            && self
                .first_ms
                .is_some_and(|first| at_ms.saturating_sub(first) >= ESTABLISHED_AFTER_MS)
    }

    fn add(&mut self, at_ms: u64) {
        self.games += 1;
        self.first_ms.get_or_insert(at_ms);
    }
}

/// Sets each row's `established` from the rows before it alone (in order,
/// any pools): what each player had played in the row's pool.
pub(crate) fn settle_established(rows: &mut [RatedGameRow]) {
    let mut played: HashMap<(PlayerKey, Pool), Played> = HashMap::new();
    for row in rows {
        row.established = Seated::from_fn(|seat| {
            played
                .get(&(row.keys[seat], row.pool))
                .copied()
                .unwrap_or_default()
                .established(row.at_ms)
        });
        for seat in Seat::ALL {
            played
                .entry((row.keys[seat], row.pool))
                .or_default()
                .add(row.at_ms);
        }
    }
}

/// `key`'s games among `rows` (one pool's), as the leaderboard's rule
/// counts them; `listed` is left for whoever knows whether the rating is
/// settled.
pub(crate) fn listing(rows: &[RatedGameRow], key: PlayerKey) -> Listing {
    let mut listing = Listing::default();
    let mut opponents = std::collections::HashSet::new();
    for row in rows {
        let Some(seat) = Seat::ALL.into_iter().find(|seat| row.keys[*seat] == key) else {
            continue;
        };
        listing.games += 1;
        let opponent = seat.opponent();
        if row.established[opponent] {
            listing.against_established += 1;
            opponents.insert(row.keys[opponent]);
        }
    }
    listing.established_opponents = u32::try_from(opponents.len()).unwrap_or(u32::MAX);
    listing
}

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

    use super::*;

    fn key(n: u8) -> PlayerKey {
        PlayerSecret::from_bytes([n; 32]).public_key()
    }

    const DAY: u64 = 24 * 60 * 60 * 1000;

    fn row(n: u64, yellow: u8, blue: u8, at_ms: u64) -> RatedGameRow {
        RatedGameRow {
            game: GameId::from_u128(u128::from(n)),
            pool: Pool::Standard,
            keys: Seated {
                yellow: key(yellow),
                blue: key(blue),
            },
            winner: Some(Seat::Yellow),
            forfeit: None,
            at_ms,
            established: Seated::default(),
        }
    }

    #[test]
    fn a_player_is_established_after_twenty_games_and_a_week() {
        // Key 1 plays 25 games in a day, then one a week later.
        let mut rows: Vec<RatedGameRow> = (0..25)
            .map(|n| row(n, 1, 10 + n as u8, n * 1_000))
            .collect();
        rows.push(row(25, 2, 1, 7 * DAY));
        rows.push(row(26, 2, 1, 7 * DAY + 25_000));
        settle_established(&mut rows);
        assert!(rows.iter().take(25).all(|row| !row.established.yellow));
        // 25 games, but the first less than a week before.
        assert!(!rows[25].established.blue, "{:?}", rows[25]);
        assert!(rows[26].established.blue, "25 games, a week on");
        assert!(!rows[26].established.yellow, "key 2 is new");
    }

    #[test]
    fn a_listing_counts_games_against_established_opponents() {
        let mut rows: Vec<RatedGameRow> = (0..6).map(|n| row(n, 1, 2 + n as u8, 0)).collect();
        for (n, row) in rows.iter_mut().enumerate() {
            row.established.blue = n != 0;
        }
        rows[2].keys.blue = rows[1].keys.blue;
        let listing = listing(&rows, key(1));
        assert_eq!(listing.games, 6);
        assert_eq!(listing.against_established, 5);
        assert_eq!(listing.established_opponents, 4, "one met twice");
        assert!(!listing.rests_on_established());
        let more = Listing {
            established_opponents: 5,
            ..listing
        };
        assert!(more.rests_on_established());
        let mostly_fed = Listing { games: 11, ..more };
        assert!(!mostly_fed.rests_on_established(), "5 of 11");
    }

    #[test]
    fn a_replay_rates_as_the_store_did_one_game_at_a_time() {
        let rows = [row(1, 1, 2, 0), row(2, 2, 3, 0), row(3, 1, 3, 0)];
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

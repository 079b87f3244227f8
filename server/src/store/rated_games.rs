//! Every rated game as the ratings took it in, in order: who played whom in
//! which pool, who won, whether a forfeit ended it (`docs/ratings.md`, "The
//! leaderboard"), and what makes a player *established*.
//! What the leaderboard's rule counts, what the fair-play report reads to
//! find fed ratings (`boosting.rs`), and what a refund plays the ratings
//! again from (`refunds.rs`). Kept when the game itself is dropped, as a
//! rating's history is; a refunded game stays, marked, out of the ratings.

use std::collections::HashMap;

use mice_cake_engine::{PlayerKey, Seat, Seated};
use mice_cake_protocol::{
    ESTABLISHED_AFTER_DAYS, ESTABLISHED_GAMES, FinishedGame, ForfeitCause, GameId, Listing, Pool,
    RatedGame,
};

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
}

impl RatedGameRow {
    /// The row of `game`, rated now; `None` for a game with no rated part.
    pub(crate) fn of(game: &FinishedGame) -> Option<RatedGameRow> {
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
/// each game (`games`: in the order they were rated).
pub(crate) fn backfilled(games: &[FinishedGame]) -> Vec<RatedGameRow> {
    games
        .iter()
        .filter(|game| game.rated.as_ref().is_some_and(RatedGame::counted))
        .filter_map(RatedGameRow::of)
        .collect()
}

/// What a player has played in a pool: how many rated games that count,
/// when the first and the latest ended.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(crate) struct Played {
    pub(crate) games: u32,
    pub(crate) first_ms: u64,
    pub(crate) last_ms: u64,
}

impl Played {
    /// Whether a player who played this is established: [`ESTABLISHED_GAMES`]
    /// rated games, over at least [`ESTABLISHED_AFTER_DAYS`] days. Read
    /// from what they played, not the clock: the same tomorrow as today for
    /// a key that plays no more (a ring's throwaway keys never become
    /// established), and games against a newcomer who stays count once
    /// they have.
    pub(crate) fn established(self) -> bool {
        self.games >= ESTABLISHED_GAMES
            && self.last_ms.saturating_sub(self.first_ms) >= ESTABLISHED_AFTER_MS
    }

    /// With one more game, ended at `at_ms`.
    pub(crate) fn and(self, at_ms: u64) -> Played {
        if self.games == 0 {
            return Played {
                games: 1,
                first_ms: at_ms,
                last_ms: at_ms,
            };
        }
        Played {
            games: self.games + 1,
            first_ms: self.first_ms.min(at_ms),
            last_ms: self.last_ms.max(at_ms),
        }
    }
}

/// What each player has played in each pool among `rows`.
pub(crate) fn played(rows: &[RatedGameRow]) -> HashMap<(PlayerKey, Pool), Played> {
    let mut played: HashMap<(PlayerKey, Pool), Played> = HashMap::new();
    for row in rows {
        for seat in Seat::ALL {
            let entry = played.entry((row.keys[seat], row.pool)).or_default();
            *entry = entry.and(row.at_ms);
        }
    }
    played
}

/// One pool's counted games, indexed to count any key's listing from them
/// in the time of that key's own games: a leaderboard asks it of hundreds
/// of keys at once.
pub(crate) struct PoolListings {
    pool: Pool,
    played: HashMap<(PlayerKey, Pool), Played>,
    /// Each key's opponents, a game each.
    opponents: HashMap<PlayerKey, Vec<PlayerKey>>,
}

impl PoolListings {
    /// From `rows` (the counted ones, any pools): `pool`'s.
    pub(crate) fn new(rows: &[RatedGameRow], pool: Pool) -> PoolListings {
        let mut opponents: HashMap<PlayerKey, Vec<PlayerKey>> = HashMap::new();
        for row in rows.iter().filter(|row| row.pool == pool) {
            for seat in Seat::ALL {
                opponents
                    .entry(row.keys[seat])
                    .or_default()
                    .push(row.keys[seat.opponent()]);
            }
        }
        PoolListings {
            pool,
            played: played(rows),
            opponents,
        }
    }

    /// `key`'s games, as the leaderboard's rule counts them; `listed` is
    /// left for whoever knows whether the rating is settled.
    pub(crate) fn of(&self, key: PlayerKey) -> Listing {
        let established = |opponent: PlayerKey| {
            self.played
                .get(&(opponent, self.pool))
                .is_some_and(|played| played.established())
        };
        let mut listing = Listing::default();
        let mut distinct = std::collections::HashSet::new();
        for opponent in self.opponents.get(&key).into_iter().flatten() {
            listing.games += 1;
            if established(*opponent) {
                listing.against_established += 1;
                distinct.insert(*opponent);
            }
        }
        listing.established_opponents = u32::try_from(distinct.len()).unwrap_or(u32::MAX);
        listing
    }
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
        }
    }

    #[test]
    fn a_player_is_established_after_twenty_games_over_a_week() {
        let mut played = Played::default();
        for n in 0..25 {
            played = played.and(n * 1_000);
        }
        assert!(!played.established(), "25 games in a minute");
        assert!(!played.and(7 * DAY - 1).established(), "not quite a week");
        assert!(played.and(7 * DAY).established());
        let few = (0..19).fold(Played::default(), |played, n| played.and(n * DAY));
        assert!(!few.established(), "19 games over 19 days");
        assert!(few.and(30 * DAY).established());
    }

    #[test]
    fn a_listing_counts_games_against_established_opponents() {
        // Keys 2 to 7 are established (20 games over a week each, against
        // keys of their own); key 8 is not.
        let mut rows = Vec::new();
        for opponent in 2..=7u8 {
            for n in 0..20u64 {
                rows.push(row(rows.len() as u64, opponent, 100 + opponent, n * DAY));
            }
        }
        for opponent in [2, 3, 3, 4, 5, 8] {
            rows.push(row(rows.len() as u64, 1, opponent, 30 * DAY));
        }
        let listing = listing_of(&rows);
        assert_eq!(listing.games, 6);
        assert_eq!(listing.against_established, 5);
        assert_eq!(listing.established_opponents, 4, "one met twice");
        assert!(!listing.rests_on_established());
        rows.push(row(rows.len() as u64, 6, 1, 31 * DAY));
        assert!(listing_of(&rows).rests_on_established());
        for fed in 0..7u8 {
            rows.push(row(rows.len() as u64, 1, 200 + fed, 32 * DAY));
        }
        let mostly_fed = listing_of(&rows);
        assert_eq!((mostly_fed.games, mostly_fed.against_established), (14, 6));
        assert!(!mostly_fed.rests_on_established(), "6 of 14");
    }

    fn listing_of(rows: &[RatedGameRow]) -> Listing {
        PoolListings::new(rows, Pool::Standard).of(key(1))
    }
}

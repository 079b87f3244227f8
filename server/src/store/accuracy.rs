//! What the stores keep of each analysed rated game for its players'
//! accuracy and the fair-play report: each key's rounds with a choice, those
//! without a mistake, and those that were the analysis's first choice —
//! kept when the game itself is dropped, as a rating's history is.

use mice_cake_engine::PlayerKey;
use mice_cake_protocol::Pool;

/// One player's figures in one analysed rated game.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct GameAccuracy {
    pub(crate) key: PlayerKey,
    pub(crate) pool: Pool,
    /// Rounds with a choice (moves made by the server at a missed
    /// deadline left out); 0 for a game that could not be analysed.
    pub(crate) rounds: u32,
    /// Of those, played without a mistake.
    pub(crate) clean: u32,
    /// Of those, the analysis's first choice.
    pub(crate) first: u32,
}

/// One key's figures in one pool, summed over its analysed rated games.
#[derive(Clone, Debug, PartialEq)]
pub(crate) struct PoolAccuracy {
    pub(crate) key: PlayerKey,
    pub(crate) name: String,
    /// Whether the key declared itself a bot.
    pub(crate) bot: bool,
    pub(crate) pool: Pool,
    /// Its rating in the pool now.
    pub(crate) rating: Option<f64>,
    pub(crate) games: u32,
    pub(crate) rounds: u32,
    pub(crate) clean: u32,
    pub(crate) first: u32,
    pub(crate) spread: Spread,
}

/// How far a key's games spread: sums over its games of their figures'
/// squares and products, for a variance over games
/// (`fair_play_statistic`).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(crate) struct Spread {
    pub(crate) rounds_squared: u64,
    pub(crate) clean_squared: u64,
    pub(crate) first_squared: u64,
    pub(crate) rounds_clean: u64,
    pub(crate) rounds_first: u64,
}

impl Spread {
    /// One game's.
    pub(crate) fn of_game(rounds: u32, clean: u32, first: u32) -> Spread {
        let (rounds, clean, first) = (u64::from(rounds), u64::from(clean), u64::from(first));
        Spread {
            rounds_squared: rounds * rounds,
            clean_squared: clean * clean,
            first_squared: first * first,
            rounds_clean: rounds * clean,
            rounds_first: rounds * first,
        }
    }

    pub(crate) fn add(&mut self, other: Spread) {
        self.rounds_squared += other.rounds_squared;
        self.clean_squared += other.clean_squared;
        self.first_squared += other.first_squared;
        self.rounds_clean += other.rounds_clean;
        self.rounds_first += other.rounds_first;
    }
}

/// The table both SQL backends keep (SQLite's version 7, PostgreSQL's 8).
pub(super) const ACCURACIES: &str = "
    -- Each player's figures in each analysed rated game (a game that could
    -- not be analysed has rows of 0 rounds: it is not tried again).
    CREATE TABLE accuracies (
        game TEXT NOT NULL,
        key TEXT NOT NULL,
        pool TEXT NOT NULL,
        rounds BIGINT NOT NULL,
        clean BIGINT NOT NULL,
        first BIGINT NOT NULL,
        PRIMARY KEY (game, key)
    );
    CREATE INDEX accuracies_by_player ON accuracies (key, pool);
";

/// Rated games without figures yet, newest first (`$1`: how many).
pub(super) const TO_ANALYSE: &str = "
    SELECT history.game FROM rating_history AS history
    WHERE NOT EXISTS (SELECT 1 FROM accuracies WHERE accuracies.game = history.game)
    GROUP BY history.game ORDER BY MAX(history.seq) DESC LIMIT $1";

/// A key's figures over its analysed games (`$1`: the key).
pub(super) const OF_PLAYER: &str = "
    SELECT COUNT(*), CAST(COALESCE(SUM(rounds), 0) AS BIGINT), CAST(COALESCE(SUM(clean), 0) AS BIGINT)
    FROM accuracies WHERE key = $1 AND rounds > 0";

/// Every key's figures per pool, with its name, whether a bot, and its
/// rating in the pool, then the sums of squares and products of its games'
/// figures.
pub(super) const BY_POOL: &str = "
    SELECT accuracies.key, accuracies.pool, COUNT(*),
        CAST(SUM(accuracies.rounds) AS BIGINT), CAST(SUM(accuracies.clean) AS BIGINT),
        CAST(SUM(accuracies.first) AS BIGINT),
        players.name, players.bot_declaration IS NOT NULL, ratings.rating,
        CAST(SUM(accuracies.rounds * accuracies.rounds) AS BIGINT),
        CAST(SUM(accuracies.clean * accuracies.clean) AS BIGINT),
        CAST(SUM(accuracies.first * accuracies.first) AS BIGINT),
        CAST(SUM(accuracies.rounds * accuracies.clean) AS BIGINT),
        CAST(SUM(accuracies.rounds * accuracies.first) AS BIGINT)
    FROM accuracies
    LEFT JOIN players ON players.key = accuracies.key
    LEFT JOIN ratings ON ratings.key = accuracies.key AND ratings.pool = accuracies.pool
    WHERE accuracies.rounds > 0
    GROUP BY accuracies.key, accuracies.pool, players.name, players.bot_declaration, ratings.rating";

/// Keeps one player's figures of a game, over any kept before.
pub(super) const SAVE: &str = "
    INSERT INTO accuracies (game, key, pool, rounds, clean, first) VALUES ($1, $2, $3, $4, $5, $6)
    ON CONFLICT (game, key) DO UPDATE SET
        pool = excluded.pool, rounds = excluded.rounds, clean = excluded.clean, first = excluded.first";

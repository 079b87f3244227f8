//! Ratings, as every backend keeps them: a rated game is rated in the
//! transaction that stores it, so that a rating moves exactly once per
//! game — never twice (the game is rated only if its id was never rated),
//! never lost (the game and the ratings commit together: a server killed
//! as the game ends stores both or neither, and a room brought back
//! finishes it again).
//!
//! Glicko-2 (Glickman, "Example of the Glicko-2 system", 2013), from the
//! `skillratings` crate, with τ = 0.5: each game is a rating period of its
//! own, as lichess rates. Backends implement [`RatingRows`], the reads and
//! writes inside their transaction; [`rate`] is the one algorithm.

use mice_cake_engine::{PlayerKey, SealSignature, Seat, Seated};
use mice_cake_protocol::{
    FinishedGame, GameId, NotRated, PAIR_WINDOW_MS, Pool, RATED_GAMES_PER_PAIR, RatedGame, Rating,
    RatingChange,
};
use skillratings::Outcomes;
use skillratings::glicko2::{Glicko2Config, Glicko2Rating, glicko2};

use super::StoreError;
use super::rated_games::RatedGameRow;

/// A player's standing in one pool: the rating and the games behind it.
#[derive(Clone, Copy, PartialEq, Debug)]
pub(crate) struct Standing {
    pub(crate) rating: Rating,
    pub(crate) wins: u32,
    pub(crate) losses: u32,
    pub(crate) draws: u32,
}

impl Standing {
    /// A player's first rated game in a pool starts from here.
    pub(crate) fn new() -> Standing {
        Standing {
            rating: Rating::initial(),
            wins: 0,
            losses: 0,
            draws: 0,
        }
    }

    /// After a game with this score (1 a win, ½ a draw, 0 a loss).
    fn after(self, rating: Glicko2Rating, outcome: Outcomes) -> Standing {
        let counted = |won: bool| u32::from(won);
        Standing {
            rating: Rating::new(
                rating.rating,
                rating.deviation,
                rating.volatility,
                self.rating.games.saturating_add(1),
            ),
            wins: self.wins + counted(outcome == Outcomes::WIN),
            losses: self.losses + counted(outcome == Outcomes::LOSS),
            draws: self.draws + counted(outcome == Outcomes::DRAW),
        }
    }
}

/// One player's new standing, to save.
#[derive(Clone, Copy, Debug)]
pub(crate) struct NewStanding<'a> {
    pub(crate) key: PlayerKey,
    pub(crate) pool: Pool,
    pub(crate) standing: Standing,
    /// The name they played the game under: it becomes their name.
    pub(crate) name: &'a str,
    pub(crate) game: GameId,
    pub(crate) at_ms: u64,
}

/// What a backend reads and writes, in the transaction that stores the
/// game, to rate it.
pub(crate) trait RatingRows {
    /// Whether a game with this id was rated already.
    fn already_rated(&mut self, game: GameId) -> Result<bool, StoreError>;
    /// A player's standing in a pool, if they have one; a backend shared
    /// by several servers locks it until the transaction ends.
    fn standing(&mut self, key: PlayerKey, pool: Pool) -> Result<Option<Standing>, StoreError>;
    /// Saves a player's new standing, a point of their history, and the
    /// name they played under.
    fn save(&mut self, new: &NewStanding<'_>) -> Result<(), StoreError>;
    /// `key`'s declaration that it is a bot, if it made one before
    /// `before_ms` (any time, if not given).
    fn bot_declared_before(
        &mut self,
        key: PlayerKey,
        before_ms: Option<u64>,
    ) -> Result<Option<SealSignature>, StoreError>;
    /// Rated games between these two keys that ended at `since_ms` or
    /// later.
    fn pair_games(&mut self, keys: Seated<PlayerKey>, since_ms: u64) -> Result<u32, StoreError>;
    /// Keeps the game just rated in the order of rated games
    /// (`rated_games.rs`).
    fn keep_rated_game(&mut self, row: &RatedGameRow) -> Result<(), StoreError>;
}

/// Rates `game`, if it is a rated game not rated before: reads both
/// players' standings, works out the new ratings, saves them, and returns
/// the game with its rating changes, to be stored as it is. `None` when
/// there is nothing to rate.
///
/// What the room could not be sure of as the game started is settled here,
/// in the transaction: a key that declared itself a bot before the game
/// started, on another connection or node, where the room could not know
/// it (a declaration made once the game had started changes later games
/// only: a loser cannot unrate the game by declaring a bot), and the
/// pair's limit (two games between the same keys played at once each
/// counted the pair's games before the other ended). Such a game is
/// returned unrated, with why; the declarations that decided it are kept
/// with it.
pub(crate) fn rate(
    rows: &mut impl RatingRows,
    game: &FinishedGame,
) -> Result<Option<FinishedGame>, StoreError> {
    let Some(rated) = &game.rated else {
        return Ok(None);
    };
    if rated.ratings.is_some() || rated.not_rated.is_some() {
        return Ok(None);
    }
    if rows.already_rated(game.id)? {
        return Ok(None);
    }
    let unrated = |rated: &RatedGame, why: NotRated| {
        let mut game = game.clone();
        game.rated = Some(RatedGame {
            not_rated: Some(why),
            ..rated.clone()
        });
        Ok(Some(game))
    };
    if rated.keys.yellow == rated.keys.blue {
        return unrated(rated, NotRated::SameKey);
    }
    let bots = bots_at_start(rows, rated)?;
    let rated = &RatedGame {
        bot_declarations: Some(bots),
        ..rated.clone()
    };
    if bots.yellow.is_some() != bots.blue.is_some() {
        return unrated(rated, NotRated::BotAgainstPerson);
    }
    let since = game.finished_at_ms.saturating_sub(PAIR_WINDOW_MS);
    if rows.pair_games(rated.keys, since)? >= RATED_GAMES_PER_PAIR {
        return unrated(rated, NotRated::PairLimit);
    }
    // Read (and locked) in one order whatever the seats, so that two
    // games between the same players, rated at once by two servers, cannot
    // wait on each other.
    let mut order = Seat::ALL;
    order.sort_by_key(|seat| rated.keys[*seat].to_bytes());
    let mut before = Seated::from_fn(|_| Standing::new());
    for seat in order {
        if let Some(standing) = rows.standing(rated.keys[seat], rated.pool)? {
            before[seat] = standing;
        }
    }
    let after = rated_after(before, game.result.winner);
    if let Some(row) = RatedGameRow::of(game) {
        rows.keep_rated_game(&row)?;
    }
    for seat in Seat::ALL {
        rows.save(&NewStanding {
            key: rated.keys[seat],
            pool: rated.pool,
            standing: after[seat],
            name: &game.players[seat],
            game: game.id,
            at_ms: game.finished_at_ms,
        })?;
    }
    let mut game = game.clone();
    game.rated = Some(RatedGame {
        ratings: Some(Seated::from_fn(|seat| RatingChange {
            before: before[seat].rating,
            after: after[seat].rating,
        })),
        ..rated.clone()
    });
    Ok(Some(game))
}

/// Each seat's bot declaration as the game started: the one the room knew,
/// or one the store holds from before the start (made elsewhere as the
/// game began). A game from before servers kept its start counts every
/// declaration, as they did.
fn bots_at_start(
    rows: &mut impl RatingRows,
    rated: &RatedGame,
) -> Result<Seated<Option<SealSignature>>, StoreError> {
    let known = rated.bot_declarations.unwrap_or_default();
    let mut bots = Seated::default();
    for seat in Seat::ALL {
        bots[seat] = match known[seat] {
            Some(declaration) => Some(declaration),
            None => rows.bot_declared_before(rated.keys[seat], rated.started_at_ms)?,
        };
    }
    Ok(bots)
}

impl From<mice_cake_protocol::UnknownPool> for StoreError {
    fn from(error: mice_cake_protocol::UnknownPool) -> StoreError {
        StoreError::Query {
            source: Box::new(error),
        }
    }
}

/// A count as stored (a database's integer), read back.
pub(crate) fn count(stored: i64) -> u32 {
    u32::try_from(stored).unwrap_or(0)
}

/// A standing as its columns hold it: rating, deviation, volatility,
/// games, wins, losses, draws.
pub(crate) fn standing_of(numbers: (f64, f64, f64), counts: [i64; 4]) -> Standing {
    let (rating, deviation, volatility) = numbers;
    let [games, wins, losses, draws] = counts.map(count);
    Standing {
        rating: Rating::new(rating, deviation, volatility, games),
        wins,
        losses,
        draws,
    }
}

/// Both standings after one game won by `winner` (a draw if none).
pub(crate) fn rated_after(before: Seated<Standing>, winner: Option<Seat>) -> Seated<Standing> {
    let glicko = |standing: &Standing| Glicko2Rating {
        rating: standing.rating.rating,
        deviation: standing.rating.deviation,
        volatility: standing.rating.volatility,
    };
    let yellow_outcome = match winner {
        Some(Seat::Yellow) => Outcomes::WIN,
        Some(Seat::Blue) => Outcomes::LOSS,
        None => Outcomes::DRAW,
    };
    let blue_outcome = match yellow_outcome {
        Outcomes::WIN => Outcomes::LOSS,
        Outcomes::LOSS => Outcomes::WIN,
        Outcomes::DRAW => Outcomes::DRAW,
    };
    let (yellow, blue) = glicko2(
        &glicko(&before.yellow),
        &glicko(&before.blue),
        &yellow_outcome,
        &Glicko2Config::new(),
    );
    Seated {
        yellow: before.yellow.after(yellow, yellow_outcome),
        blue: before.blue.after(blue, blue_outcome),
    }
}

#[cfg(test)]
mod tests {
    use skillratings::glicko2::glicko2_rating_period;

    use super::*;

    fn glicko(rating: f64, deviation: f64) -> Glicko2Rating {
        Glicko2Rating {
            rating,
            deviation,
            volatility: 0.06,
        }
    }

    /// Glickman's worked example: a 1500 (RD 200) player beats a 1400
    /// (RD 30), loses to a 1550 (RD 100) and to a 1700 (RD 300), with τ =
    /// 0.5: 1464.06, RD 151.52, σ 0.05999.
    #[test]
    fn the_crate_gives_the_papers_worked_example() {
        let results = [
            (glicko(1400.0, 30.0), Outcomes::WIN),
            (glicko(1550.0, 100.0), Outcomes::LOSS),
            (glicko(1700.0, 300.0), Outcomes::LOSS),
        ];
        let config = Glicko2Config::new();
        assert!((config.tau - 0.5).abs() < f64::EPSILON);
        let after = glicko2_rating_period(&glicko(1500.0, 200.0), &results, &config);
        assert!((after.rating - 1464.06).abs() < 0.01, "{after:?}");
        assert!((after.deviation - 151.52).abs() < 0.01, "{after:?}");
        assert!((after.volatility - 0.05999).abs() < 0.00001, "{after:?}");
    }

    /// Each seat is rated against the other with its own score, as one
    /// rating period of one game (the server's integration tests check
    /// the numbers against Glicko-2 worked from the paper).
    #[test]
    fn a_game_rates_each_seat_against_the_other_with_its_own_score() {
        let before = Seated {
            yellow: Standing {
                rating: Rating::new(1620.0, 90.0, 0.06, 12),
                ..Standing::new()
            },
            blue: Standing::new(),
        };
        let after = rated_after(before, Some(Seat::Blue));
        let config = Glicko2Config::new();
        let yellow = glicko2_rating_period(
            &glicko(1620.0, 90.0),
            &[(glicko(1500.0, 350.0), Outcomes::LOSS)],
            &config,
        );
        let blue = glicko2_rating_period(
            &glicko(1500.0, 350.0),
            &[(glicko(1620.0, 90.0), Outcomes::WIN)],
            &config,
        );
        assert!((after.yellow.rating.rating - yellow.rating).abs() < 1e-9);
        assert!((after.blue.rating.deviation - blue.deviation).abs() < 1e-9);
        assert_eq!((after.yellow.losses, after.yellow.rating.games), (1, 13));
        assert_eq!((after.blue.wins, after.blue.rating.games), (1, 1));
        assert!(after.blue.rating.provisional && !after.yellow.rating.provisional);
        let drawn = rated_after(before, None);
        assert_eq!((drawn.yellow.draws, drawn.blue.draws), (1, 1));
    }
}

//! Ratings: pools of variants, a player's Glicko-2 rating in a pool, what a
//! rated game changed, a player's conduct and accuracy (their pages and the
//! leaderboard, the HTTP bodies, are in [`crate::api`]).
//!
//! A player is their public key: a name is only what others see. Ratings
//! are computed by the server's store, once per finished rated game
//! (`docs/ratings.md`).

use core::fmt;
use core::str::FromStr;

use mice_cake_engine::{Options, PlayerKey, Reveal, SealSignature, Seated};
use serde::{Deserialize, Serialize};

/// A player's rating is provisional while its deviation is above this: the
/// server does not yet know well how they play (lichess uses the same
/// bound).
pub const PROVISIONAL_DEVIATION: f64 = 110.0;

/// The rating every player starts from in every pool.
pub const INITIAL_RATING: f64 = 1500.0;
/// The deviation a new player starts with: nothing is known yet.
pub const INITIAL_DEVIATION: f64 = 350.0;
/// The volatility a new player starts with (Glickman's suggestion).
pub const INITIAL_VOLATILITY: f64 = 0.06;

/// Players per page of the leaderboard unless `limit` says otherwise.
pub const DEFAULT_LEADERBOARD_PAGE: u32 = 50;
/// Most players per page of the leaderboard.
pub const MAX_LEADERBOARD_PAGE: u32 = 200;
/// Recent games on a player's page.
pub const PLAYER_RECENT_GAMES: u32 = 20;
/// Points of rating history on a player's page, per pool (the newest).
pub const PLAYER_HISTORY_POINTS: u32 = 100;

/// Most refunds a player's page lists (the latest).
pub const PLAYER_REFUNDS: u32 = 10;

/// A pool: the variants rated together. Each pool is one way the cake
/// starts (which pieces face up) with or without the boost; the stall limit
/// is the standard one in rated play. Written in snake case:
/// `standard`, `boost`, `face_up`, `face_up_boost`, `face_down`,
/// `face_down_boost`.
#[derive(
    Clone,
    Copy,
    PartialEq,
    Eq,
    Hash,
    PartialOrd,
    Ord,
    Debug,
    Serialize,
    Deserialize,
    schemars::JsonSchema,
)]
#[serde(rename_all = "snake_case")]
pub enum Pool {
    /// The standard game.
    Standard,
    /// The boost variant (ruling 18).
    Boost,
    /// Every piece face up from the start.
    FaceUp,
    /// Every piece face up, with the boost.
    FaceUpBoost,
    /// Every piece face down from the start.
    FaceDown,
    /// Every piece face down, with the boost.
    FaceDownBoost,
}

impl Pool {
    /// Every pool, in the order pages list them.
    pub const ALL: [Pool; 6] = [
        Pool::Standard,
        Pool::Boost,
        Pool::FaceUp,
        Pool::FaceUpBoost,
        Pool::FaceDown,
        Pool::FaceDownBoost,
    ];

    /// The pool a game with these options is rated in, if it can be rated:
    /// only with the standard stall limit.
    pub fn of(options: &Options) -> Option<Pool> {
        if options.stall_limit != Options::default().stall_limit {
            return None;
        }
        Some(match (options.reveal, options.boost) {
            (Reveal::Standard, false) => Pool::Standard,
            (Reveal::Standard, true) => Pool::Boost,
            (Reveal::AllFaceUp, false) => Pool::FaceUp,
            (Reveal::AllFaceUp, true) => Pool::FaceUpBoost,
            (Reveal::AllFaceDown, false) => Pool::FaceDown,
            (Reveal::AllFaceDown, true) => Pool::FaceDownBoost,
        })
    }

    /// The rules of a game in this pool.
    pub fn options(self) -> Options {
        let (reveal, boost) = match self {
            Pool::Standard => (Reveal::Standard, false),
            Pool::Boost => (Reveal::Standard, true),
            Pool::FaceUp => (Reveal::AllFaceUp, false),
            Pool::FaceUpBoost => (Reveal::AllFaceUp, true),
            Pool::FaceDown => (Reveal::AllFaceDown, false),
            Pool::FaceDownBoost => (Reveal::AllFaceDown, true),
        };
        Options {
            reveal,
            boost,
            ..Options::default()
        }
    }

    /// The pool's name on the wire and in URLs.
    pub const fn name(self) -> &'static str {
        match self {
            Pool::Standard => "standard",
            Pool::Boost => "boost",
            Pool::FaceUp => "face_up",
            Pool::FaceUpBoost => "face_up_boost",
            Pool::FaceDown => "face_down",
            Pool::FaceDownBoost => "face_down_boost",
        }
    }
}

impl fmt::Display for Pool {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// A name that is no pool.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error(
    "unknown pool {0:?}: the pools are standard, boost, face_up, face_up_boost, face_down and \
     face_down_boost"
)]
pub struct UnknownPool(pub String);

impl FromStr for Pool {
    type Err = UnknownPool;

    fn from_str(name: &str) -> Result<Pool, UnknownPool> {
        let wanted = name.trim().replace('-', "_");
        Pool::ALL
            .into_iter()
            .find(|pool| pool.name().eq_ignore_ascii_case(&wanted))
            .ok_or_else(|| UnknownPool(name.into()))
    }
}

/// A player's Glicko-2 rating in one pool, on the familiar scale (1500 to
/// start).
#[derive(Clone, Copy, PartialEq, Debug, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Rating {
    /// The rating.
    pub rating: f64,
    /// Its deviation (RD): how uncertain it is; the true strength lies
    /// within twice this of the rating 95% of the time.
    pub deviation: f64,
    /// Its volatility (σ): how erratic the player's results are.
    pub volatility: f64,
    /// Rated games played in the pool.
    pub games: u32,
    /// Whether the deviation is still above [`PROVISIONAL_DEVIATION`]:
    /// shown with a `?`.
    pub provisional: bool,
}

// Ratings are finite numbers (the store never keeps a NaN), so equality is
// an equivalence.
impl Eq for Rating {}

impl Rating {
    /// A rating after `games` rated games, with `provisional` worked out.
    pub fn new(rating: f64, deviation: f64, volatility: f64, games: u32) -> Rating {
        Rating {
            rating,
            deviation,
            volatility,
            games,
            provisional: deviation > PROVISIONAL_DEVIATION,
        }
    }

    /// Where every player starts.
    pub fn initial() -> Rating {
        Rating::new(INITIAL_RATING, INITIAL_DEVIATION, INITIAL_VOLATILITY, 0)
    }

    /// The rating as people read it: rounded, with a `?` while provisional
    /// (`1523`, `1500?`).
    pub fn shown(&self) -> String {
        let mark = if self.provisional { "?" } else { "" };
        format!("{:.0}{mark}", self.rating)
    }
}

impl Default for Rating {
    fn default() -> Rating {
        Rating::initial()
    }
}

/// What one rated game did to a player's rating.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct RatingChange {
    /// Before the game.
    pub before: Rating,
    /// After it.
    pub after: Rating,
}

/// A game played in a rated room: its pool, who played it (their keys),
/// and, once the store has rated it, what it changed — or why it changed
/// nothing (`not_rated`): a game aborted before both players had a move,
/// say (`docs/ratings.md`).
#[derive(Clone, PartialEq, Eq, Debug, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct RatedGame {
    /// The pool it counts in.
    pub pool: Pool,
    /// The players' keys by seat: who is rated.
    pub keys: Seated<PlayerKey>,
    /// Each player's rating before and after; `null` until the store has
    /// rated the game (never in a stored game that was rated), and for a
    /// game that was not rated.
    #[serde(default)]
    pub ratings: Option<Seated<RatingChange>>,
    /// Why the game changed no rating, when it did not; left out for a
    /// game that was rated.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub not_rated: Option<NotRated>,
    /// When the game started, in milliseconds since the Unix epoch: a key
    /// that declares itself a bot after it changes later games only. Left
    /// out for games stored before servers kept it.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub started_at_ms: Option<u64>,
    /// Each seat's declaration that its key is a bot's, as known when the
    /// game started (the key's signature of `"mice-cake/bot/v1"` followed
    /// by the key's 32 bytes; `null` for a person): what decided whether a
    /// bot played a person, for anyone to check. Left out for games stored
    /// before servers kept them.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub bot_declarations: Option<Seated<Option<SealSignature>>>,
}

impl RatedGame {
    /// Whether the game moved its players' ratings.
    pub fn counted(&self) -> bool {
        self.ratings.is_some()
    }
}

/// Why a game in a rated room is not rated (`docs/ratings.md`). The first
/// four are known before the game starts, and told as it starts
/// (`game_started`); the last two as it ends.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum NotRated {
    /// Both seats are played from one network address (an IPv4 address,
    /// or an IPv6 /64): one person could be feeding a key wins.
    SameAddress,
    /// The same two keys have had [`RATED_GAMES_PER_PAIR`] rated games in
    /// the last 24 hours.
    PairLimit,
    /// A bot (a key that declared itself one) against a person: bots are
    /// rated among bots only.
    BotAgainstPerson,
    /// One key in both seats.
    SameKey,
    /// The game ended before both players had had a move.
    Aborted,
    /// Both players forfeited at the same moment.
    Abandoned,
}

impl NotRated {
    /// Why, for people.
    pub const fn reason(self) -> &'static str {
        match self {
            NotRated::SameAddress => "both players are on one network address",
            NotRated::PairLimit => {
                "these two players have had 3 rated games together in the last 24 hours"
            }
            NotRated::BotAgainstPerson => "a bot plays a person: bots are rated among bots",
            NotRated::SameKey => "one key sits in both seats",
            NotRated::Aborted => "it ended before both players had a move",
            NotRated::Abandoned => "both players forfeited at once",
        }
    }
}

/// Rated games the same two keys may play in [`PAIR_WINDOW_MS`]: beyond,
/// their games are played unrated, so that one person with two keys cannot
/// lift one with the other's losses more than a little a day.
pub const RATED_GAMES_PER_PAIR: u32 = 3;
/// The window [`RATED_GAMES_PER_PAIR`] counts over: 24 hours.
pub const PAIR_WINDOW_MS: u64 = 24 * 60 * 60 * 1000;

/// Games in rated rooms looked back over for a player's aborts.
pub const CONDUCT_GAMES: u32 = 10;
/// Aborts among those after which a player is paired last.
pub const ABORTS_PAIRED_LAST: u32 = 3;

/// How a player ends their games in rated rooms: of the latest
/// [`CONDUCT_GAMES`] (`games`, fewer for a new player), how many they
/// aborted (left, stayed away or refused to open before both players had
/// a move).
#[derive(
    Clone, Copy, PartialEq, Eq, Debug, Default, Serialize, Deserialize, schemars::JsonSchema,
)]
#[serde(deny_unknown_fields)]
pub struct Conduct {
    /// Games looked at.
    pub games: u32,
    /// Of those, games this player aborted.
    pub aborted: u32,
}

impl Conduct {
    /// Whether the player aborts so often that quick pairing pairs them
    /// after everyone else.
    pub fn paired_last(&self) -> bool {
        self.aborted >= ABORTS_PAIRED_LAST
    }
}

/// A player's rating in one pool, with its history.
#[derive(Clone, PartialEq, Eq, Debug, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct PoolRating {
    /// The pool.
    pub pool: Pool,
    /// The rating now.
    pub rating: Rating,
    /// Rated games won, lost and drawn in the pool.
    pub wins: u32,
    /// Rated games lost (a forfeit is a loss).
    pub losses: u32,
    /// Rated games drawn.
    pub draws: u32,
    /// The rating after each of the latest rated games, oldest first (at
    /// most [`PLAYER_HISTORY_POINTS`]), for a chart.
    pub history: Vec<RatingPoint>,
    /// How far the rating is from the leaderboard's rule: a key is listed
    /// once its rating rests on games against established players.
    pub listing: Listing,
}

/// A rating against the leaderboard's rule (`docs/ratings.md`, "The
/// leaderboard"): it lists a key whose rating is settled (not
/// provisional), rests on games against at least
/// [`LISTED_OPPONENTS`] distinct established players, and of whose rated
/// games in the pool at least half were against established players. A
/// player is *established* as a game begins once they have played
/// [`ESTABLISHED_GAMES`] rated games in the pool, the first at least
/// [`ESTABLISHED_AFTER_DAYS`] days before: a ring of fresh keys, however
/// many addresses it plays from, puts nobody on the leaderboard.
#[derive(
    Clone, Copy, PartialEq, Eq, Debug, Default, Serialize, Deserialize, schemars::JsonSchema,
)]
#[serde(deny_unknown_fields)]
pub struct Listing {
    /// Rated games in the pool (refunded ones left out).
    pub games: u32,
    /// Of those, against a player established as the game began.
    pub against_established: u32,
    /// The distinct established players among those opponents.
    pub established_opponents: u32,
    /// Whether the rule lists the key (its rating settled too).
    pub listed: bool,
}

impl Listing {
    /// Whether games like these list a key whose rating is settled.
    pub fn rests_on_established(&self) -> bool {
        self.established_opponents >= LISTED_OPPONENTS
            && u64::from(self.against_established) * 2 >= u64::from(self.games)
    }
}

/// Distinct established opponents a key's rating must rest on before the
/// leaderboard lists it.
pub const LISTED_OPPONENTS: u32 = 5;

/// Rated games in a pool after which a player is established there (once
/// [`ESTABLISHED_AFTER_DAYS`] have passed since their first).
pub const ESTABLISHED_GAMES: u32 = 20;

/// Days since a player's first rated game in a pool before they are
/// established there: what a ring of keys made on the spot cannot fake.
pub const ESTABLISHED_AFTER_DAYS: u64 = 7;

/// A rating changed by a refund: rated games taken out of the ratings
/// (a ring's, fed to one of its keys) and the pool's ratings played again
/// without them (`docs/ratings.md`, "Refunds").
#[derive(Clone, Copy, PartialEq, Debug, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct RatingRefund {
    /// Whose rating.
    pub key: PlayerKey,
    /// The pool.
    pub pool: Pool,
    /// When: milliseconds since the Unix epoch.
    pub at_ms: u64,
    /// Their own rated games taken out (0: none of theirs, but games that
    /// moved their rating were).
    pub games: u32,
    /// Their rating before the refund, if they had one.
    pub before: Option<Rating>,
    /// Their rating after it, if any game of theirs is left.
    pub after: Option<Rating>,
}

// Ratings are finite (Glicko-2 of finite ratings), so equality is total.
impl Eq for RatingRefund {}

/// The rating after one rated game.
#[derive(Clone, Copy, PartialEq, Debug, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct RatingPoint {
    /// When the game ended: milliseconds since the Unix epoch.
    pub at_ms: u64,
    /// The rating after it.
    pub rating: f64,
    /// Its deviation after it.
    pub deviation: f64,
}

// As for `Rating`: finite numbers only.
impl Eq for RatingPoint {}

/// A player's accuracy over their rated games: the share of their rounds
/// with a choice played without a mistake (`docs/bots.md`), all games'
/// rounds pooled.
#[derive(
    Clone, Copy, PartialEq, Eq, Debug, Default, Serialize, Deserialize, schemars::JsonSchema,
)]
#[serde(deny_unknown_fields)]
pub struct PlayerAccuracy {
    /// Rated games analysed.
    pub games: u32,
    /// Their rounds with a choice to make in those games (moves the
    /// server made at their missed deadlines left out).
    pub rounds: u32,
    /// Of those, rounds played without a mistake.
    pub clean_rounds: u32,
}

impl PlayerAccuracy {
    /// The accuracy in percent; 100 with no round to judge.
    pub fn percent(&self) -> f64 {
        if self.rounds == 0 {
            100.0
        } else {
            100.0 * f64::from(self.clean_rounds) / f64::from(self.rounds)
        }
    }
}

/// Each seat's rating in a room's pool, where known.
pub type SeatRatings = Seated<Option<Rating>>;

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_pool_is_the_pool_of_its_own_options_and_reads_back_from_its_name() {
        for pool in Pool::ALL {
            assert_eq!(Pool::of(&pool.options()), Some(pool));
            assert_eq!(pool.name().parse::<Pool>(), Ok(pool));
            assert_eq!(
                serde_json::to_string(&pool).unwrap(),
                format!("\"{}\"", pool.name())
            );
        }
        assert_eq!("Face-Up-Boost".parse::<Pool>(), Ok(Pool::FaceUpBoost));
        assert!("blitz".parse::<Pool>().is_err());
    }

    #[test]
    fn a_game_with_another_stall_limit_is_in_no_pool() {
        let options = Options {
            stall_limit: 7,
            ..Options::default()
        };
        assert_eq!(Pool::of(&options), None);
    }

    #[test]
    fn a_rating_is_provisional_while_its_deviation_is_high() {
        assert!(Rating::initial().provisional);
        assert_eq!(Rating::initial().shown(), "1500?");
        let settled = Rating::new(1612.4, 80.0, 0.06, 30);
        assert!(!settled.provisional);
        assert_eq!(settled.shown(), "1612");
        assert!(Rating::new(1500.0, 110.5, 0.06, 9).provisional);
    }
}

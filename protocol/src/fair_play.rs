//! `GET /api/fair-play`: the server's operator's list of players whose
//! rated play is closer to the strong bot's than people's is, with how
//! unlikely that is by chance. Nothing here is shown publicly and nobody
//! is banned by it: a person looks (`docs/ratings.md`, "Fair play").

use mice_cake_engine::PlayerKey;
use serde::{Deserialize, Serialize};

use crate::rating::Pool;

/// Fewest analysed rated games in a pool before a player can be flagged.
pub const FAIR_PLAY_MIN_GAMES: u32 = 20;

/// The chance that a person playing honestly at the level expected of them
/// is ever flagged, the report read after every game of their career
/// however long: one in ten thousand, to be looked at. Each entry's
/// `boundary` keeps it (`docs/ratings.md`, "Fair play").
pub const FAIR_PLAY_FLAG_BELOW: f64 = 1e-4;

/// Where a player's expected first-choice rate came from.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum Baseline {
    /// Other people rated within 200 points of them in the pool.
    Rating,
    /// Every other person of the pool: too few near their rating.
    Pool,
    /// The reference rate alone: people's rates were lower, or too few
    /// people have been analysed.
    Reference,
}

/// One player in one pool.
#[derive(Clone, PartialEq, Debug, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct FairPlayEntry {
    /// Who.
    pub key: PlayerKey,
    /// Their name.
    pub name: String,
    /// The pool.
    pub pool: Pool,
    /// Their rating in the pool, if rated there.
    pub rating: Option<f64>,
    /// Rated games of theirs analysed in the pool.
    pub games: u32,
    /// Their rounds with a choice, in those games.
    pub rounds: u32,
    /// Their accuracy in those rounds, in percent.
    pub accuracy: f64,
    /// The accuracy expected of them: that of people of their rating,
    /// never below the reference's.
    pub expected_accuracy: f64,
    /// Rounds in which their move was the analysis's first choice (the
    /// move the strong bot's search ranks best).
    pub first_choices: u32,
    /// `first_choices / rounds`.
    pub first_choice_rate: f64,
    /// The first-choice rate expected of them, as `expected_accuracy`.
    pub expected_first_rate: f64,
    /// Where the expected figures came from.
    pub baseline: Baseline,
    /// How many standard errors their accuracy is above the expected: the
    /// standard error of the difference, with the game as the unit (their
    /// games' spread) and the expected's own error added.
    pub z_accuracy: f64,
    /// How many standard errors their first-choice rate is above the
    /// expected, as `z_accuracy`.
    pub z_first: f64,
    /// The larger of the two.
    pub z: f64,
    /// The chance that a player at the level expected of them shows one
    /// figure at least that far up at one look: twice the chance of `z`
    /// (two figures looked at; normal approximation). Not the chance of a
    /// career, which is looked at again after every game: `boundary` is.
    pub p_value: f64,
    /// The `z` that flags a player with this many games: a boundary that
    /// keeps the chance of an honest player's ever being flagged, over a
    /// career of any length, under [`FAIR_PLAY_FLAG_BELOW`].
    pub boundary: f64,
    /// Whether flagged: at least [`FAIR_PLAY_MIN_GAMES`] games and `z` at
    /// least `boundary`.
    pub flagged: bool,
}

/// `GET /api/fair-play`.
#[derive(Clone, PartialEq, Debug, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct FairPlayReport {
    /// [`FAIR_PLAY_MIN_GAMES`].
    pub min_games: u32,
    /// [`FAIR_PLAY_FLAG_BELOW`]: the chance of an honest career's ever
    /// being flagged.
    pub flag_below: f64,
    /// The least accuracy expected of anyone, in percent: the greedy
    /// policy's over its games against every policy, measured
    /// (`docs/ratings.md`). A few analysed people who play weakly do not
    /// make a good player look suspicious.
    pub reference_accuracy: f64,
    /// The least first-choice rate expected of anyone, as
    /// `reference_accuracy`.
    pub reference_first_rate: f64,
    /// Rated games analysed so far, all pools.
    pub games_analysed: u32,
    /// People (keys that did not declare themselves bots) in each pool
    /// they played analysed rated games in, the least likely first.
    pub players: Vec<FairPlayEntry>,
    /// Keys whose rating rests mostly on games fed to them (see
    /// [`BoostingEntry`]), the most fed first.
    #[serde(default)]
    pub boosting: Vec<BoostingEntry>,
}

/// A key whose rating in a pool rests mostly on games fed to it: won
/// against keys new here (fewer than [`NEW_KEY_GAMES`] rated games in the
/// pool before) that ended the game early (left, stayed away, missed their
/// deadlines, did not open a move) or never played anyone else again — a
/// ring of throwaway keys losing on purpose (`docs/ratings.md`, "Many
/// keys"). Listed with at least [`BOOSTING_FEEDERS`] feeding keys, when
/// those games make up at least half of what the key gained above the
/// start.
#[derive(Clone, PartialEq, Debug, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct BoostingEntry {
    /// Who was fed.
    pub key: PlayerKey,
    /// Their name.
    pub name: String,
    /// The pool.
    pub pool: Pool,
    /// Their rating in the pool now.
    pub rating: f64,
    /// Their rating with the fed games taken out: the pool's ratings
    /// played again without them (what a refund would leave).
    pub rating_without: f64,
    /// `rating - rating_without`: the points the fed games gave.
    pub fed_points: f64,
    /// How much of what they gained above the start (1500) the fed games
    /// make up: `fed_points / (rating - 1500)`, 1 when all of it.
    pub share: f64,
    /// Their rated games in the pool.
    pub games: u32,
    /// The fed games, in the order they were played.
    pub fed: Vec<FedGame>,
    /// The keys that fed them, each once, in the order they first did.
    pub feeders: Vec<PlayerKey>,
}

/// One game fed to a key.
#[derive(Clone, PartialEq, Eq, Debug, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct FedGame {
    /// The game (`GET /api/games/{id}`).
    pub game: crate::GameId,
    /// Who lost it.
    pub feeder: PlayerKey,
    /// The feeder's rated games in the pool before it.
    pub feeder_games_before: u32,
    /// How the feeder lost it: by a forfeit (its cause), or played out.
    pub ended: FedEnding,
    /// Whether the feeder never played anyone else after it.
    pub never_played_again: bool,
}

/// How a fed game ended for its feeder.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum FedEnding {
    /// Played to its end and lost.
    Played,
    /// Left it (a signed leave).
    Left,
    /// Stayed away past the grace period.
    Disconnected,
    /// Missed too many deadlines in a row.
    MissedDeadlines,
    /// Did not open a sealed move.
    NotOpened,
}

/// Fewer rated games in a pool than this before a game, and a key is new
/// there (for [`BoostingEntry`]).
pub const NEW_KEY_GAMES: u32 = 5;

/// Fewest distinct keys feeding one before it is listed as boosted: a
/// player who beat two newcomers who then gave up is no ring.
pub const BOOSTING_FEEDERS: u32 = 3;

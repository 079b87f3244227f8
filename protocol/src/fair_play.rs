//! `GET /api/fair-play`: the server's operator's list of players whose
//! rated play is closer to the strong bot's than people's is, with how
//! unlikely that is by chance. Nothing here is shown publicly and nobody
//! is banned by it: a person looks (`docs/ratings.md`, "Fair play").

use mice_cake_engine::PlayerKey;
use serde::{Deserialize, Serialize};

use crate::rating::Pool;

/// Fewest analysed rated games in a pool before a player can be flagged.
pub const FAIR_PLAY_MIN_GAMES: u32 = 20;

/// The chance under which a player's figures flag them: one person in ten
/// thousand playing honestly at the level expected of them would be
/// flagged, to be looked at. Over 30 games the strong bot's accuracy stands
/// about 5.3 standard errors above a careful player's (`docs/ratings.md`).
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
    /// How many standard errors their accuracy is above the expected.
    pub z_accuracy: f64,
    /// How many standard errors their first-choice rate is above the
    /// expected.
    pub z_first: f64,
    /// The larger of the two.
    pub z: f64,
    /// The chance that a player at the level expected of them shows one
    /// figure at least that far up: twice the chance of `z` (two figures
    /// looked at; normal approximation of the binomial).
    pub p_value: f64,
    /// Whether flagged: at least [`FAIR_PLAY_MIN_GAMES`] games and
    /// `p_value` under [`FAIR_PLAY_FLAG_BELOW`].
    pub flagged: bool,
}

/// `GET /api/fair-play`.
#[derive(Clone, PartialEq, Debug, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct FairPlayReport {
    /// [`FAIR_PLAY_MIN_GAMES`].
    pub min_games: u32,
    /// [`FAIR_PLAY_FLAG_BELOW`].
    pub flag_below: f64,
    /// The least accuracy expected of anyone, in percent: the greedy
    /// policy's, measured (`docs/bots.md`). A few analysed people who play
    /// weakly do not make a good player look suspicious.
    pub reference_accuracy: f64,
    /// The least first-choice rate expected of anyone, as
    /// `reference_accuracy`.
    pub reference_first_rate: f64,
    /// Rated games analysed so far, all pools.
    pub games_analysed: u32,
    /// People (keys that did not declare themselves bots) in each pool
    /// they played analysed rated games in, the least likely first.
    pub players: Vec<FairPlayEntry>,
}

//! The analysis of a finished game: for each round and each player, what
//! the move played was worth against the opponent's mix as `strong` sees
//! it, what the best move was worth, and the difference, in pips.
//!
//! A move is valued from the position its player saw (face-down pieces
//! unknown): the expected final margin when it is played against the
//! opponent's equilibrium mix of the exact round, measured by `strong`'s
//! playouts ([`crate::strong`]). The best move is the best of `strong`'s
//! candidates and of the move played, valued by the same playouts on the
//! same deals and dice, so that a player who found it loses exactly
//! nothing. The playouts are dealt from a seed made of the round and the
//! seat: the same game always gets the same analysis.

use alloc::vec::Vec;

use serde::{Deserialize, Serialize};

use crate::assignment::Assignment;
use crate::game::Game;
use crate::record::{GameRecord, ReplayError};
use crate::seat::{Seat, Seated};
use crate::strong::{RoundGame, Search, move_values};
use crate::view::{GameView, Viewer};

/// The version of the analysis: a stored analysis of another version is
/// made again.
pub const ANALYSIS_VERSION: u32 = 1;

/// A loss below this many pips is the playouts' noise, not a mistake.
pub const MISTAKE_PIPS: f64 = 1.0;

/// Mistakes listed per player: the costliest.
pub const COSTLIEST: usize = 3;

/// How an analysis searches: `strong`'s candidates, more playouts, and
/// the margin alone (a loss is counted in pips, not in wins).
pub const ANALYSIS_SEARCH: Search = Search {
    candidates: 5,
    playouts: 160,
    win_bonus: 0.0,
    ..Search::STANDARD
};

/// One player's move in one round, valued.
#[derive(Clone, Copy, PartialEq, Debug, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[serde(deny_unknown_fields)]
pub struct MoveAnalysis {
    /// The move played.
    pub played: Assignment,
    /// Its expected final margin for the player, in pips.
    pub played_value: f64,
    /// The best move found.
    pub best: Assignment,
    /// Its expected final margin, in pips.
    pub best_value: f64,
    /// What the move played cost: `best_value - played_value`, never below 0.
    pub loss: f64,
}

/// A round's two moves; `None` for a move that was the only legal one.
#[derive(Clone, Copy, PartialEq, Debug, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[serde(deny_unknown_fields)]
pub struct RoundAnalysis {
    /// The round's number.
    pub round: u32,
    /// Each player's move.
    pub moves: Seated<Option<MoveAnalysis>>,
}

/// A costly move.
#[derive(Clone, Copy, PartialEq, Debug, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[serde(deny_unknown_fields)]
pub struct Mistake {
    /// The round.
    pub round: u32,
    /// Pips lost.
    pub loss: f64,
}

/// One player's game in numbers.
#[derive(Clone, PartialEq, Debug, Default, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[serde(deny_unknown_fields)]
pub struct PlayerSummary {
    /// Rounds with a choice to make.
    pub choices: u32,
    /// Pips lost in all, against the best moves.
    pub total_loss: f64,
    /// Pips lost per round with a choice.
    pub average_loss: f64,
    /// Rounds where the best move was played (a loss below
    /// [`MISTAKE_PIPS`]).
    pub best_moves: u32,
    /// The costliest mistakes (at least [`MISTAKE_PIPS`]), costliest first.
    pub costliest: Vec<Mistake>,
}

/// A finished game, analysed.
#[derive(Clone, PartialEq, Debug, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[serde(deny_unknown_fields)]
pub struct GameAnalysis {
    /// [`ANALYSIS_VERSION`].
    pub version: u32,
    /// Every round played.
    pub rounds: Vec<RoundAnalysis>,
    /// Each player's summary.
    pub players: Seated<PlayerSummary>,
}

/// Why a game cannot be analysed.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum AnalysisError {
    /// The game is not over: an analysis would help whoever read it.
    #[error("the game is not over: a game is analysed once it is finished")]
    NotFinished,
    /// The record does not replay.
    #[error("the record does not replay: {0}")]
    Replay(#[from] ReplayError),
}

/// Analyses a finished game's record.
pub fn analyse(record: &GameRecord) -> Result<GameAnalysis, AnalysisError> {
    if record.outcome.is_none() {
        return Err(AnalysisError::NotFinished);
    }
    analyse_played(record)
}

/// Analyses the rounds a record holds, whether or not they reached the
/// game's end: for a caller that knows the game is over though its record
/// does not say so (a forfeit; a server stores only finished games).
pub fn analyse_played(record: &GameRecord) -> Result<GameAnalysis, AnalysisError> {
    let mut positions: Vec<Game> = Vec::with_capacity(record.rounds.len() + 1);
    record.replay_each_round(|game| positions.push(game.clone()))?;
    let rounds: Vec<RoundAnalysis> = record
        .rounds
        .iter()
        .zip(&positions)
        .map(|(report, before)| RoundAnalysis {
            round: report.round,
            moves: Seated::from_fn(|seat| {
                let view = before.view(Viewer::from(seat));
                analyse_move(
                    &view,
                    seat,
                    &report.assignments[seat],
                    move_seed(report.round, seat),
                )
            }),
        })
        .collect();
    let players = Seated::from_fn(|seat| summary(&rounds, seat));
    Ok(GameAnalysis {
        version: ANALYSIS_VERSION,
        rounds,
        players,
    })
}

/// The playouts' seed for `seat`'s move in `round`.
fn move_seed(round: u32, seat: Seat) -> u64 {
    (u64::from(round) << 1) | seat as u64
}

/// `played`, `seat`'s move from `view`, against the opponent's mix as
/// `strong` sees it; `None` when it was the only legal move.
pub fn analyse_move(
    view: &GameView,
    seat: Seat,
    played: &Assignment,
    seed: u64,
) -> Option<MoveAnalysis> {
    if view.legal_assignments(seat).len() <= 1 {
        return None;
    }
    let round = RoundGame::with_evaluation(view, seat, ANALYSIS_SEARCH.evaluation);
    let exact = round.matrix.solve();
    let (moves, values) = move_values(view, &round, &exact, played, seed, &ANALYSIS_SEARCH);
    let played_value = moves
        .iter()
        .zip(&values)
        .find(|(candidate, _)| *candidate == played)
        .map_or(0.0, |(_, value)| *value);
    let (best, best_value) = moves
        .iter()
        .zip(&values)
        // The first of equals: the move played comes first.
        .rev()
        .max_by(|a, b| a.1.total_cmp(b.1))
        .map_or((*played, played_value), |(best, value)| (*best, *value));
    Some(MoveAnalysis {
        played: *played,
        played_value,
        best,
        best_value,
        loss: (best_value - played_value).max(0.0),
    })
}

fn summary(rounds: &[RoundAnalysis], seat: Seat) -> PlayerSummary {
    let moves: Vec<(u32, MoveAnalysis)> = rounds
        .iter()
        .filter_map(|round| round.moves[seat].map(|analysis| (round.round, analysis)))
        .collect();
    let choices = moves.len() as u32;
    let total_loss: f64 = moves.iter().map(|(_, analysis)| analysis.loss).sum();
    let mut costliest: Vec<Mistake> = moves
        .iter()
        .filter(|(_, analysis)| analysis.loss >= MISTAKE_PIPS)
        .map(|(round, analysis)| Mistake {
            round: *round,
            loss: analysis.loss,
        })
        .collect();
    costliest.sort_by(|a, b| b.loss.total_cmp(&a.loss).then(a.round.cmp(&b.round)));
    costliest.truncate(COSTLIEST);
    PlayerSummary {
        choices,
        total_loss,
        average_loss: if choices == 0 {
            0.0
        } else {
            total_loss / f64::from(choices)
        },
        best_moves: moves
            .iter()
            .filter(|(_, analysis)| analysis.loss < MISTAKE_PIPS)
            .count() as u32,
        costliest,
    }
}

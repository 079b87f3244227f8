//! The analysis of a finished game: for each round and each player, what
//! the move played was worth against the best alternative `strong` finds,
//! in pips of expected final margin — with its 95 % interval, and the
//! verdict (a mistake or not) that every client shows alike.
//!
//! A move is valued from the position its player saw (face-down pieces
//! unknown), against the opponent's equilibrium mix of the exact round,
//! by `strong`'s playouts ([`crate::strong`]): the rest of the game played
//! out, the same deals and dice for every move compared. The best
//! alternative is chosen on one set of playouts and compared with the move
//! played on another (`estimate.rs`), so that the luck that made it look
//! best does not count as the player's loss; a move is a mistake only when
//! its whole interval lies at or above [`MISTAKE_PIPS`]. The playouts are
//! dealt from a seed made of the round and the seat: the same game always
//! gets the same analysis.

mod estimate;

use alloc::vec::Vec;

use serde::{Deserialize, Serialize};

use crate::assignment::Assignment;
use crate::game::Game;
use crate::record::{GameRecord, ReplayError};
use crate::seat::{Seat, Seated};
use crate::strong::{RoundGame, Search, analysis_candidates};
use crate::view::{GameView, Viewer};

pub use estimate::{Budget, Z_95};

/// The version of the analysis: a stored analysis of another version is
/// made again.
pub const ANALYSIS_VERSION: u32 = 2;

/// A move is a mistake when its loss is surely at least this many pips:
/// the lower end of its 95 % interval.
pub const MISTAKE_PIPS: f64 = 1.0;

/// Mistakes listed per player: the costliest.
pub const COSTLIEST: usize = 3;

/// At most this many rounds of a game are analysed (evenly spread over it,
/// its first and last included): a game the stall limit let run for
/// thousands of rounds cannot hold the analysis for minutes.
pub const ROUNDS_ANALYSED: usize = 120;

/// The candidates an analysis compares: `strong`'s five best by the exact
/// round, and the move played.
pub const ANALYSIS_SEARCH: Search = Search {
    candidates: 5,
    playouts: 0,
    win_bonus: 0.0,
    ..Search::STANDARD
};

/// The playouts each move's analysis spends.
pub const ANALYSIS_BUDGET: Budget = Budget {
    selection: 96,
    raced: 2,
    race: 384,
    first: 128,
    most: 1024,
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
    /// The best move found: the best alternative when it did better than
    /// the move played, else the move played.
    pub best: Assignment,
    /// Its expected final margin, in pips.
    pub best_value: f64,
    /// What the move played cost, estimated: at least 0.
    pub loss: f64,
    /// The 95 % interval's lower end, at least 0.
    pub loss_low: f64,
    /// The 95 % interval's upper end, at least 0.
    pub loss_high: f64,
    /// Whether it was a mistake: the interval's lower end is at least
    /// [`MISTAKE_PIPS`].
    pub mistake: bool,
    /// The playouts the loss rests on.
    pub playouts: u32,
    /// Whether the server made the move at a deadline the player missed
    /// (not a server bot's own move): shown as the server's, and left out
    /// of the player's summary.
    pub at_deadline: bool,
}

/// A round's two moves; `None` for a move that was the only legal one,
/// and for both in a round left out of the analysis.
#[derive(Clone, Copy, PartialEq, Debug, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[serde(deny_unknown_fields)]
pub struct RoundAnalysis {
    /// The round's number.
    pub round: u32,
    /// Whether it was analysed ([`ROUNDS_ANALYSED`]: a very long game is
    /// analysed at rounds spread over it).
    pub analysed: bool,
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

/// One player's game in numbers: their own moves (not those the server
/// made at their missed deadlines).
#[derive(Clone, PartialEq, Debug, Default, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[serde(deny_unknown_fields)]
pub struct PlayerSummary {
    /// Rounds with a choice to make, analysed.
    pub choices: u32,
    /// Pips lost in all, by the estimated losses.
    pub total_loss: f64,
    /// Pips lost per round with a choice.
    pub average_loss: f64,
    /// Rounds without a mistake.
    pub best_moves: u32,
    /// The share of rounds with a choice played without a mistake, in
    /// percent (100 with no choice to make): `docs/bots.md` says why this
    /// measure.
    pub accuracy: f64,
    /// The costliest mistakes, costliest first.
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

impl GameAnalysis {
    /// The rounds in which `seat`'s own move (not one the server made at a
    /// missed deadline) was the analysis's first choice: no alternative
    /// found did better. How often a player's move is the one `strong`'s
    /// search ranks best is a fair-play figure (`docs/ratings.md`).
    pub fn first_choices(&self, seat: Seat) -> u32 {
        self.rounds
            .iter()
            .filter_map(|round| round.moves[seat])
            .filter(|analysed| !analysed.at_deadline && analysed.played == analysed.best)
            .count() as u32
    }
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
    let at_deadline = deadline_moves(record);
    let analysed = rounds_analysed(record.rounds.len());
    let rounds: Vec<RoundAnalysis> = record
        .rounds
        .iter()
        .zip(&positions)
        .enumerate()
        .map(|(index, (report, before))| {
            let analysed = analysed.contains(&index);
            RoundAnalysis {
                round: report.round,
                analysed,
                moves: Seated::from_fn(|seat| {
                    if !analysed {
                        return None;
                    }
                    let view = before.view(Viewer::from(seat));
                    analyse_move(
                        &view,
                        seat,
                        &report.assignments[seat],
                        move_seed(report.round, seat),
                    )
                    .map(|analysis| MoveAnalysis {
                        at_deadline: at_deadline.get(index).is_some_and(|moves| moves[seat]),
                        ..analysis
                    })
                }),
            }
        })
        .collect();
    let players = Seated::from_fn(|seat| summary(&rounds, seat));
    Ok(GameAnalysis {
        version: ANALYSIS_VERSION,
        rounds,
        players,
    })
}

/// The indices of the rounds analysed out of `count`: all of them, or
/// [`ROUNDS_ANALYSED`] spread evenly, the first and the last included.
fn rounds_analysed(count: usize) -> Vec<usize> {
    if count <= ROUNDS_ANALYSED {
        return (0..count).collect();
    }
    let last = count - 1;
    let mut indices: Vec<usize> = (0..ROUNDS_ANALYSED)
        .map(|step| step * last / (ROUNDS_ANALYSED - 1))
        .collect();
    indices.dedup();
    indices
}

/// Each round's moves the server made at a deadline the player missed, by
/// the record's sealed exchanges: a move made by the server for a seat
/// whose every move it made (its bot: the deal's and every round's) is the
/// bot's own.
fn deadline_moves(record: &GameRecord) -> Vec<Seated<bool>> {
    let Some(fair) = &record.fair else {
        return Vec::new();
    };
    let bot = Seated::from_fn(|seat| {
        fair.deal.by_server[seat] && fair.rounds.iter().all(|exchange| exchange.by_server[seat])
    });
    fair.rounds
        .iter()
        .map(|exchange| Seated::from_fn(|seat| exchange.by_server[seat] && !bot[seat]))
        .collect()
}

/// The playouts' seed for `seat`'s move in `round`.
fn move_seed(round: u32, seat: Seat) -> u64 {
    (u64::from(round) << 1) | seat as u64
}

/// `played`, `seat`'s move from `view`, against the best alternative
/// `strong` finds; `None` when it was the only legal move.
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
    let (candidates, opponent) = analysis_candidates(&round, played, &ANALYSIS_SEARCH);
    let Some(estimate) = estimate::loss_of(
        view,
        seat,
        &candidates,
        &opponent,
        seed,
        MISTAKE_PIPS,
        ANALYSIS_BUDGET,
    ) else {
        // No alternative worth a look: the move played is the best found.
        return Some(MoveAnalysis {
            played: *played,
            played_value: 0.0,
            best: *played,
            best_value: 0.0,
            loss: 0.0,
            loss_low: 0.0,
            loss_high: 0.0,
            mistake: false,
            playouts: 0,
            at_deadline: false,
        });
    };
    let better = estimate.mean > 0.0;
    Some(MoveAnalysis {
        played: *played,
        played_value: estimate.played_value,
        best: if better {
            estimate.alternative
        } else {
            *played
        },
        best_value: if better {
            estimate.alternative_value
        } else {
            estimate.played_value
        },
        loss: estimate.mean.max(0.0),
        loss_low: estimate.low.max(0.0),
        loss_high: estimate.high.max(0.0),
        mistake: estimate.low >= MISTAKE_PIPS,
        playouts: estimate.playouts,
        at_deadline: false,
    })
}

fn summary(rounds: &[RoundAnalysis], seat: Seat) -> PlayerSummary {
    let moves: Vec<(u32, MoveAnalysis)> = rounds
        .iter()
        .filter_map(|round| round.moves[seat].map(|analysis| (round.round, analysis)))
        // The server's moves at missed deadlines are not the player's.
        .filter(|(_, analysis)| !analysis.at_deadline)
        .collect();
    let choices = moves.len() as u32;
    let total_loss: f64 = moves.iter().map(|(_, analysis)| analysis.loss).sum();
    let mut costliest: Vec<Mistake> = moves
        .iter()
        .filter(|(_, analysis)| analysis.mistake)
        .map(|(round, analysis)| Mistake {
            round: *round,
            loss: analysis.loss,
        })
        .collect();
    costliest.sort_by(|a, b| b.loss.total_cmp(&a.loss).then(a.round.cmp(&b.round)));
    let mistakes = costliest.len() as u32;
    costliest.truncate(COSTLIEST);
    let best_moves = choices - mistakes;
    PlayerSummary {
        choices,
        total_loss,
        average_loss: if choices == 0 {
            0.0
        } else {
            total_loss / f64::from(choices)
        },
        best_moves,
        accuracy: if choices == 0 {
            100.0
        } else {
            100.0 * f64::from(best_moves) / f64::from(choices)
        },
        costliest,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{Options, RecordedGame, Seed, greedy_assignment};

    /// A finished game, `greedy` against itself.
    fn finished() -> GameRecord {
        let mut game = RecordedGame::new(Options::default(), Seed::from_u64(11)).unwrap();
        while !game.game().is_over() {
            let view = game.game().view(Viewer::Spectator);
            let (yellow, blue) = (
                greedy_assignment(&view, Seat::Yellow),
                greedy_assignment(&view, Seat::Blue),
            );
            game.play_round(&yellow, &blue).unwrap();
        }
        game.into_record().unwrap()
    }

    /// A move the server made at a missed deadline is marked as the
    /// server's and left out of its player's summary; a seat whose every
    /// move the server made (its bot) plays its own.
    #[test]
    fn the_servers_moves_at_deadlines_are_marked_and_not_the_players() {
        let mut record = finished();
        let fair = record.fair.as_mut().unwrap();
        for exchange in core::iter::once(&mut fair.deal).chain(&mut fair.rounds) {
            exchange.by_server = Seated {
                yellow: false,
                blue: true,
            };
        }
        fair.rounds[2].by_server.yellow = true;
        let marked = deadline_moves(&record);
        assert_eq!(marked.len(), record.rounds.len());
        assert!(marked[2].yellow);
        assert_eq!(marked.iter().filter(|moves| moves.yellow).count(), 1);
        assert!(marked.iter().all(|moves| !moves.blue), "Blue is the bot");
        // Summed up without the server's move.
        let played = |at_deadline: bool, loss: f64| MoveAnalysis {
            played: Assignment::EMPTY,
            played_value: 0.0,
            best: Assignment::EMPTY,
            best_value: loss,
            loss,
            loss_low: loss - 1.0,
            loss_high: loss + 1.0,
            mistake: loss - 1.0 >= MISTAKE_PIPS,
            playouts: 128,
            at_deadline,
        };
        let rounds = [(false, 0.2), (true, 9.0), (false, 4.0)]
            .into_iter()
            .enumerate()
            .map(|(index, (at_deadline, loss))| RoundAnalysis {
                round: index as u32 + 1,
                analysed: true,
                moves: Seated {
                    yellow: Some(played(at_deadline, loss)),
                    blue: None,
                },
            })
            .collect::<Vec<_>>();
        let yellow = summary(&rounds, Seat::Yellow);
        assert_eq!((yellow.choices, yellow.best_moves), (2, 1));
        assert!((yellow.total_loss - 4.2).abs() < 1e-9);
        assert!((yellow.accuracy - 50.0).abs() < 1e-9);
        assert_eq!(
            yellow.costliest,
            alloc::vec![Mistake {
                round: 3,
                loss: 4.0
            }]
        );
        assert_eq!(summary(&rounds, Seat::Blue).accuracy, 100.0);
    }

    #[test]
    fn a_long_game_is_analysed_at_rounds_spread_over_it() {
        assert_eq!(rounds_analysed(5), alloc::vec![0, 1, 2, 3, 4]);
        assert_eq!(rounds_analysed(ROUNDS_ANALYSED).len(), ROUNDS_ANALYSED);
        let spread = rounds_analysed(3000);
        assert_eq!(spread.len(), ROUNDS_ANALYSED);
        assert_eq!((spread[0], spread[ROUNDS_ANALYSED - 1]), (0, 2999));
        assert!(spread.windows(2).all(|pair| pair[0] < pair[1]));
        // Evenly: no gap more than one step wider than another.
        let gaps: Vec<usize> = spread.windows(2).map(|pair| pair[1] - pair[0]).collect();
        let (narrowest, widest) = (gaps.iter().min(), gaps.iter().max());
        assert!(
            widest.zip(narrowest).is_some_and(|(w, n)| w - n <= 1),
            "{gaps:?}"
        );
    }
}

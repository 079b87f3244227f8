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
//! its whole interval lies at or above [`MISTAKE_PIPS`]. A mistake's loss
//! is then shown from fresh playouts ([`FRESH_PAIRS`]): the test stops as
//! soon as the interval clears the pip, so the figure it stopped on is the
//! lucky draw. The playouts are dealt from a seed made of the round and the
//! seat: the same game always gets the same analysis.

mod estimate;

use alloc::vec::Vec;

use serde::{Deserialize, Serialize};

use crate::assignment::Assignment;
use crate::game::Game;
use crate::record::{GameRecord, ReplayError};
use crate::seat::{Seat, Seated};
use crate::strong::{RoundGame, Search, analysis_candidates};
use crate::view::{GameView, Viewer};

pub use estimate::{Budget, PairedLoss, Z_95};

/// The version of the analysis: a stored analysis of another version is
/// made again.
pub const ANALYSIS_VERSION: u32 = 3;

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

/// The pairs of playouts a mistake's loss is shown from, numbered after
/// every one its verdict could use: the sequential test stops on a lucky
/// draw (`docs/bots.md` measures by how much), fresh playouts do not know
/// the verdict. About ±1.6 pips at 95 % on a mistake's usual spread.
pub const FRESH_PAIRS: u32 = 512;

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
    /// What the move played cost, estimated: at least 0. A mistake's from
    /// fresh playouts ([`FRESH_PAIRS`]), independent of its verdict.
    pub loss: f64,
    /// The 95 % interval's lower end, at least 0.
    pub loss_low: f64,
    /// The 95 % interval's upper end, at least 0.
    pub loss_high: f64,
    /// Whether it was a mistake: the sequential test's interval's lower end
    /// is at least [`MISTAKE_PIPS`]. For a mistake the interval shown is
    /// the fresh one, which may reach below.
    pub mistake: bool,
    /// The pairs of playouts the loss shown rests on.
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
    /// The costliest mistakes (chosen by their verdicts' figures, so that
    /// the fresh ones shown are not the luckiest of several), costliest
    /// shown first.
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
    let judged: Vec<(RoundAnalysis, Seated<f64>)> = record
        .rounds
        .iter()
        .zip(&positions)
        .enumerate()
        .map(|(index, (report, before))| {
            let analysed = analysed.contains(&index);
            let moves = Seated::from_fn(|seat| {
                if !analysed {
                    return None;
                }
                let view = before.view(Viewer::from(seat));
                judge_move(
                    &view,
                    seat,
                    &report.assignments[seat],
                    move_seed(report.round, seat),
                )
                .map(|judged| Judged {
                    shown: MoveAnalysis {
                        at_deadline: at_deadline.get(index).is_some_and(|moves| moves[seat]),
                        ..judged.shown
                    },
                    ..judged
                })
            });
            (
                RoundAnalysis {
                    round: report.round,
                    analysed,
                    moves: moves.map(|judged| judged.map(|judged| judged.shown)),
                },
                moves.map(|judged| judged.map_or(0.0, |judged| judged.verdict.mean)),
            )
        })
        .collect();
    let verdict_losses: Vec<Seated<f64>> = judged.iter().map(|(_, losses)| *losses).collect();
    let rounds: Vec<RoundAnalysis> = judged.into_iter().map(|(round, _)| round).collect();
    let players = Seated::from_fn(|seat| summary(&rounds, &verdict_losses, seat));
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
    judge_move(view, seat, played, seed).map(|judged| judged.shown)
}

/// A move's analysis, and the figures its verdict rests on.
#[derive(Clone, Copy, Debug)]
struct Judged {
    /// What is shown.
    shown: MoveAnalysis,
    /// The sequential test's figures (alternative − played): what chose
    /// the verdict, so what may choose among verdicts without the luck of
    /// the figures shown.
    verdict: PairedLoss,
}

/// [`analyse_move`], with the figures its verdict rests on.
fn judge_move(view: &GameView, seat: Seat, played: &Assignment, seed: u64) -> Option<Judged> {
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
        return Some(Judged {
            shown: MoveAnalysis {
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
            },
            verdict: PairedLoss::NONE,
        });
    };
    let verdict = estimate.verdict;
    let mistake = verdict.low >= MISTAKE_PIPS;
    // Whether the move played was the first choice: the verdict's playouts
    // say, as they say whether it was a mistake (both are fair-play figures).
    let better = verdict.mean > 0.0;
    // A mistake's loss from playouts the verdict never saw. A move that is
    // no mistake keeps the verdict's figures: its interval is told as the
    // verdict's ("no clear mistake, 0.2 to 1.6 pips behind"), and a fresh
    // one could clear the pip for a move not called a mistake.
    let shown = if mistake {
        estimate::paired_loss(
            view,
            seat,
            [estimate.alternative, *played],
            &opponent,
            seed,
            estimate.unused_from..estimate.unused_from + u64::from(FRESH_PAIRS),
        )
    } else {
        verdict
    };
    Some(Judged {
        shown: MoveAnalysis {
            played: *played,
            played_value: shown.played_value,
            best: if better {
                estimate.alternative
            } else {
                *played
            },
            best_value: if better {
                shown.alternative_value
            } else {
                shown.played_value
            },
            loss: shown.mean.max(0.0),
            loss_low: shown.low.max(0.0),
            loss_high: shown.high.max(0.0),
            mistake,
            playouts: shown.playouts,
            at_deadline: false,
        },
        verdict,
    })
}

/// `alternative` against `played`, `seat`'s move from `view`, on
/// `playouts` from `seed`: paired as the analysis pairs them, against the
/// same opponent's mix. For checking the analysis's figures against an
/// independent estimate (`engine/examples/analysis.rs`): playouts numbered
/// from 2^32 on are none of the analysis's own.
pub fn loss_against(
    view: &GameView,
    seat: Seat,
    played: &Assignment,
    alternative: &Assignment,
    seed: u64,
    playouts: core::ops::Range<u64>,
) -> PairedLoss {
    let round = RoundGame::with_evaluation(view, seat, ANALYSIS_SEARCH.evaluation);
    let (_, opponent) = analysis_candidates(&round, played, &ANALYSIS_SEARCH);
    estimate::paired_loss(
        view,
        seat,
        [*alternative, *played],
        &opponent,
        seed,
        playouts,
    )
}

fn summary(rounds: &[RoundAnalysis], verdict_losses: &[Seated<f64>], seat: Seat) -> PlayerSummary {
    let moves: Vec<(u32, MoveAnalysis, f64)> = rounds
        .iter()
        .zip(verdict_losses)
        .filter_map(|(round, losses)| {
            round.moves[seat].map(|analysis| (round.round, analysis, losses[seat]))
        })
        // The server's moves at missed deadlines are not the player's.
        .filter(|(_, analysis, _)| !analysis.at_deadline)
        .collect();
    let choices = moves.len() as u32;
    let total_loss: f64 = moves.iter().map(|(_, analysis, _)| analysis.loss).sum();
    // The costliest chosen by their verdicts' figures: chosen by the fresh
    // ones shown, the luckiest of them would be listed (the winner's
    // curse again).
    let mut mistakes: Vec<(u32, MoveAnalysis, f64)> = moves
        .iter()
        .filter(|(_, analysis, _)| analysis.mistake)
        .copied()
        .collect();
    mistakes.sort_by(|a, b| b.2.total_cmp(&a.2).then(a.0.cmp(&b.0)));
    let mut costliest: Vec<Mistake> = mistakes
        .iter()
        .take(COSTLIEST)
        .map(|(round, analysis, _)| Mistake {
            round: *round,
            loss: analysis.loss,
        })
        .collect();
    costliest.sort_by(|a, b| b.loss.total_cmp(&a.loss).then(a.round.cmp(&b.round)));
    let best_moves = choices - mistakes.len() as u32;
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
    use crate::{Options, Policy, RecordedGame, Seed, greedy_assignment};

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
        let verdict_losses: Vec<Seated<f64>> = rounds
            .iter()
            .map(|round| {
                round
                    .moves
                    .map(|analysed| analysed.map_or(0.0, |analysed| analysed.loss))
            })
            .collect();
        let yellow = summary(&rounds, &verdict_losses, Seat::Yellow);
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
        assert_eq!(
            summary(&rounds, &verdict_losses, Seat::Blue).accuracy,
            100.0
        );
    }

    /// The costliest mistakes are the costliest by their verdicts'
    /// figures, told with the fresh ones (costliest of those first): chosen
    /// by the fresh figures, the luckiest draws would be the ones listed.
    #[test]
    fn the_costliest_are_chosen_by_their_verdicts_figures() {
        // (the verdict's loss, the fresh loss shown), rounds 1 to 5.
        let figures = [(9.0, 3.0), (8.0, 4.0), (7.0, 5.0), (2.0, 10.0), (1.5, 6.0)];
        let rounds: Vec<RoundAnalysis> = figures
            .iter()
            .enumerate()
            .map(|(index, &(_, shown))| RoundAnalysis {
                round: index as u32 + 1,
                analysed: true,
                moves: Seated {
                    yellow: Some(MoveAnalysis {
                        played: Assignment::EMPTY,
                        played_value: 0.0,
                        best: Assignment::EMPTY,
                        best_value: shown,
                        loss: shown,
                        loss_low: shown - 1.5,
                        loss_high: shown + 1.5,
                        mistake: true,
                        playouts: FRESH_PAIRS,
                        at_deadline: false,
                    }),
                    blue: None,
                },
            })
            .collect();
        let verdict_losses: Vec<Seated<f64>> = figures
            .iter()
            .map(|&(verdict, _)| Seated {
                yellow: verdict,
                blue: 0.0,
            })
            .collect();
        let yellow = summary(&rounds, &verdict_losses, Seat::Yellow);
        let listed: Vec<(u32, f64)> = yellow
            .costliest
            .iter()
            .map(|mistake| (mistake.round, mistake.loss))
            .collect();
        assert_eq!(listed, alloc::vec![(3, 5.0), (2, 4.0), (1, 3.0)]);
        // Every mistake's fresh loss still counts in the total.
        assert!((yellow.total_loss - 28.0).abs() < 1e-9);
        assert_eq!(yellow.best_moves, 0);
    }

    /// A mistake's figures: the verdict's, the one shown and an
    /// independent estimate, each a mean and its standard error.
    type Checked = [(f64, f64); 3];

    /// The first `wanted` mistakes of `random`'s moves (Blue) in games
    /// against `greedy` from the seeds `first`, `first + step`, …, that
    /// the sequential test settled at its first look (where its luck counts
    /// most), each checked against `independent_pairs` playouts none of the
    /// analysis's.
    fn randoms_mistakes(
        first: u64,
        step: usize,
        wanted: usize,
        independent_pairs: u64,
    ) -> Vec<Checked> {
        let far = 1u64 << 32;
        let error = |low: f64, high: f64| (high - low) / (2.0 * Z_95);
        let mut checked = Vec::new();
        for game_seed in (first..).step_by(step) {
            let seed = Seed::from_u64(game_seed);
            let mut game = RecordedGame::new(Options::default(), seed).unwrap();
            let mut choices = seed.stream(1);
            while !game.game().is_over() {
                let views = Seated::from_fn(|seat| game.game().view(Viewer::from(seat)));
                let yellow = Policy::Greedy.choose(&views.yellow, Seat::Yellow, &mut choices);
                let blue = Policy::Random.choose(&views.blue, Seat::Blue, &mut choices);
                let move_seed = move_seed(game.game().round(), Seat::Blue);
                if let Some(judged) = judge_move(&views.blue, Seat::Blue, &blue, move_seed)
                    && judged.shown.mistake
                    && judged.verdict.playouts <= ANALYSIS_BUDGET.first
                {
                    let (verdict, shown) = (judged.verdict, judged.shown);
                    assert_ne!(shown.best, blue, "a mistake has a better move");
                    let independent = loss_against(
                        &views.blue,
                        Seat::Blue,
                        &blue,
                        &shown.best,
                        move_seed,
                        far..far + independent_pairs,
                    );
                    checked.push([
                        (verdict.mean, error(verdict.low, verdict.high)),
                        (shown.loss, error(shown.loss_low, shown.loss_high)),
                        (independent.mean, error(independent.low, independent.high)),
                    ]);
                    if checked.len() == wanted {
                        return checked;
                    }
                }
                game.play_round(&yellow, &blue).unwrap();
            }
        }
        checked
    }

    /// Issue 59: a mistake's loss is shown from fresh playouts. Over the
    /// first 40 mistakes of `random`'s moves in seeded games against
    /// `greedy` settled after 128 pairs of playouts (as in the issue), the
    /// mean loss shown agrees with an independent estimate of the same
    /// pairs (within three standard errors); the sequential test's own
    /// figure, which was shown before, lies far above it: the test stops on
    /// the draw that cleared the pip. (Two threads, 10 s of CPU.)
    #[test]
    fn a_mistakes_loss_is_shown_from_playouts_its_verdict_never_saw() {
        const THREADS: usize = 2;
        const MISTAKES: usize = 20;
        const INDEPENDENT_PAIRS: u64 = 512;
        let checked: Vec<Checked> = std::thread::scope(|scope| {
            let threads: Vec<_> = (0..THREADS as u64)
                .map(|first| {
                    scope.spawn(move || {
                        randoms_mistakes(first, THREADS, MISTAKES, INDEPENDENT_PAIRS)
                    })
                })
                .collect();
            threads
                .into_iter()
                .flat_map(|thread| thread.join().unwrap())
                .collect()
        });
        assert_eq!(checked.len(), THREADS * MISTAKES);
        let count = checked.len() as f64;
        let mean =
            |which: usize| checked.iter().map(|figures| figures[which].0).sum::<f64>() / count;
        // The standard error of the difference of two columns' means.
        let apart = |a: usize, b: usize| {
            let variance: f64 = checked
                .iter()
                .map(|figures| figures[a].1.powi(2) + figures[b].1.powi(2))
                .sum();
            variance.sqrt() / count
        };
        let (verdict, shown, independent) = (mean(0), mean(1), mean(2));
        let said = std::format!(
            "{} mistakes: the verdict's {verdict:.2} (standard error {:.2} apart), shown \
             {shown:.2} ({:.2} apart), independent {independent:.2}",
            checked.len(),
            apart(0, 2),
            apart(1, 2)
        );
        std::println!("{said}");
        // Three standard errors, not two: a sound analysis on other seeds
        // would fail two 5 % of the time.
        assert!(
            (shown - independent).abs() <= 3.0 * apart(1, 2),
            "the loss shown is off: {said}"
        );
        // What the test's own figure would have shown: clearly too high.
        assert!(verdict - independent > 3.0 * apart(0, 2), "{said}");
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

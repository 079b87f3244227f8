//! `strong`'s search: the exact round's best assignments played out to
//! the end of the game, and the equilibrium of the round they correct.

use alloc::vec::Vec;

use rand_core::Rng;

use crate::assignment::Assignment;
use crate::seat::Seat;
use crate::view::GameView;

use super::playout::{determinize, mix, play_out};
use super::{Evaluation, MatrixGame, RoundGame};

/// How hard `strong` looks.
#[derive(Clone, Copy, PartialEq, Debug)]
pub struct Search {
    /// The weights of the exact round.
    pub evaluation: Evaluation,
    /// Assignments played out: the best by the exact round.
    pub candidates: usize,
    /// Playouts of each candidate.
    pub playouts: usize,
    /// What a playout's win is worth beyond its margin, in pips: the game
    /// is won, not scored.
    pub win_bonus: f64,
}

impl Search {
    /// What `strong` plays with.
    pub const STANDARD: Search = Search {
        evaluation: Evaluation::STANDARD,
        candidates: 4,
        playouts: 128,
        win_bonus: 20.0,
    };
}

/// A player's mixed strategy for one round.
#[derive(Clone, PartialEq, Debug, Default)]
pub struct Mix {
    /// The assignments played.
    pub assignments: Vec<Assignment>,
    /// Their probabilities, in the same order.
    pub probabilities: Vec<f64>,
}

/// Probabilities below this are the solver's noise, not a mix.
const NEGLIGIBLE: f64 = 0.005;

impl Mix {
    /// One assignment, always.
    pub fn pure(assignment: Assignment) -> Mix {
        Mix {
            assignments: alloc::vec![assignment],
            probabilities: alloc::vec![1.0],
        }
    }

    /// An assignment drawn with `rng`; negligible probabilities are left out.
    pub fn draw<R: Rng + ?Sized>(&self, rng: &mut R) -> Assignment {
        self.pick(rng.next_u64())
    }

    /// The assignment a uniform 64-bit `number` falls on.
    fn pick(&self, number: u64) -> Assignment {
        let kept = |p: f64| if p < NEGLIGIBLE { 0.0 } else { p };
        let total: f64 = self.probabilities.iter().copied().map(kept).sum();
        // 53 bits: a uniform fraction of `total`.
        let mut left = (number >> 11) as f64 / (1u64 << 53) as f64 * total;
        let mut last = None;
        for (assignment, p) in self.assignments.iter().zip(&self.probabilities) {
            let p = kept(*p);
            if p > 0.0 {
                last = Some(*assignment);
                if left < p {
                    return *assignment;
                }
                left -= p;
            }
        }
        last.or_else(|| self.assignments.first().copied())
            .unwrap_or(Assignment::EMPTY)
    }
}

/// `strong`'s choice for `seat`, drawn from its mix with `rng`.
pub fn strong_assignment<R: Rng + ?Sized>(view: &GameView, seat: Seat, rng: &mut R) -> Assignment {
    let seed = rng.next_u64();
    strong_mix(view, seat, seed, &Search::STANDARD).draw(rng)
}

/// `strong`'s mix for `seat` (see the module's documentation); `seed`
/// deals the playouts.
pub fn strong_mix(view: &GameView, seat: Seat, seed: u64, search: &Search) -> Mix {
    let legal = view.legal_assignments(seat);
    match legal.as_slice() {
        [] => return Mix::pure(Assignment::EMPTY),
        [only] => return Mix::pure(*only),
        _ => {}
    }
    let round = RoundGame::with_evaluation(view, seat, search.evaluation);
    let exact = round.matrix.solve();
    if search.playouts == 0 {
        return Mix {
            assignments: round.mine,
            probabilities: exact.rows,
        };
    }
    let opponent = Mix {
        assignments: round.theirs.clone(),
        probabilities: exact.columns.clone(),
    };
    let exact_values = round.matrix.row_values(&exact.columns);
    let chosen = best(&exact_values, search.candidates);
    let candidates: Vec<Assignment> = chosen.iter().map(|&row| round.mine[row]).collect();
    let played = playout_values(view, seat, &candidates, &opponent, seed, search);
    // A candidate's playouts correct its whole row: the lookahead does not
    // depend on which reply the round meets, the round's contests do.
    let corrections: Vec<f64> = chosen
        .iter()
        .zip(&played)
        .map(|(&row, played)| played - exact_values[row])
        .collect();
    let corrected = MatrixGame::new(candidates.len(), round.theirs.len(), |row, column| {
        round.matrix.payoff(chosen[row], column) + corrections[row]
    });
    Mix {
        assignments: candidates,
        probabilities: corrected.solve().rows,
    }
}

/// The moves worth valuing for an analysis of `played`: `played` first,
/// then `strong`'s best candidates by the exact round, with the opponent's
/// mix of that round's equilibrium.
pub fn analysis_candidates(
    round: &RoundGame,
    played: &Assignment,
    search: &Search,
) -> (Vec<Assignment>, Mix) {
    let exact = round.matrix.solve();
    let opponent = Mix {
        assignments: round.theirs.clone(),
        probabilities: exact.columns.clone(),
    };
    let exact_values = round.matrix.row_values(&exact.columns);
    let mut moves = alloc::vec![*played];
    for row in best(&exact_values, search.candidates) {
        if round.mine[row] != *played {
            moves.push(round.mine[row]);
        }
    }
    (moves, opponent)
}

/// The best reply to an opponent known to play `opponent`: the exact
/// round's best candidates against that mix, played out against it. This is
/// what a player who knew `strong`'s strategy would play (and, given a pure
/// mix, an oracle that sees the opponent's move).
pub fn best_reply(
    view: &GameView,
    seat: Seat,
    opponent: &Mix,
    seed: u64,
    search: &Search,
) -> Assignment {
    let legal = view.legal_assignments(seat);
    match legal.as_slice() {
        [] => return Assignment::EMPTY,
        [only] => return *only,
        _ => {}
    }
    let round = RoundGame::with_evaluation(view, seat, search.evaluation);
    let exact_values: Vec<f64> = round
        .mine
        .iter()
        .map(|mine| {
            opponent
                .assignments
                .iter()
                .zip(&opponent.probabilities)
                .map(|(theirs, p)| p * round.value(mine, theirs))
                .sum()
        })
        .collect();
    let candidates: Vec<Assignment> = best(&exact_values, search.candidates)
        .into_iter()
        .map(|row| round.mine[row])
        .collect();
    let played = playout_values(view, seat, &candidates, opponent, seed, search);
    candidates
        .iter()
        .zip(&played)
        // `max_by` keeps the last of equals; reversed, the first.
        .rev()
        .max_by(|a, b| a.1.total_cmp(b.1))
        .map_or(Assignment::EMPTY, |(assignment, _)| *assignment)
}

/// The indices of the `count` highest values, highest first.
fn best(values: &[f64], count: usize) -> Vec<usize> {
    let mut order: Vec<usize> = (0..values.len()).collect();
    order.sort_by(|&a, &b| values[b].total_cmp(&values[a]));
    order.truncate(count.max(1));
    order
}

/// Each candidate's mean final margin over `playouts` playouts against
/// `opponent`'s mix: the same deals, opponent's moves and dice for every
/// candidate.
fn playout_values(
    view: &GameView,
    seat: Seat,
    candidates: &[Assignment],
    opponent: &Mix,
    seed: u64,
    search: &Search,
) -> Vec<f64> {
    playout_margins(
        view,
        seat,
        candidates,
        opponent,
        seed,
        0..search.playouts as u64,
        search.win_bonus,
    )
    .iter()
    .map(|margins| margins.iter().sum::<f64>() / margins.len().max(1) as f64)
    .collect()
}

/// Each candidate's final margin (plus `win_bonus` for a win, minus it for
/// a loss) in each of the playouts numbered `playouts`, against
/// `opponent`'s mix: common random numbers — the same deal of the unseen
/// pieces, the same opponent's move and the same dice for every candidate
/// in a playout — so that candidates differ by their consequences, not by
/// their luck. A playout whose deal the view cannot make is left out for
/// all.
pub fn playout_margins(
    view: &GameView,
    seat: Seat,
    candidates: &[Assignment],
    opponent: &Mix,
    seed: u64,
    playouts: core::ops::Range<u64>,
    win_bonus: f64,
) -> Vec<Vec<f64>> {
    let deals: Vec<_> = playouts
        .filter_map(|playout| {
            let key = mix(seed ^ playout);
            let game = determinize(view, key)?;
            Some((game, opponent.pick(mix(key)), key))
        })
        .collect();
    candidates
        .iter()
        .map(|mine| {
            deals
                .iter()
                .map(|(game, theirs, key)| {
                    let margin = play_out(game, seat, mine, theirs, *key);
                    let won = if margin > 0.0 {
                        1.0
                    } else if margin < 0.0 {
                        -1.0
                    } else {
                        0.0
                    };
                    margin + win_bonus * won
                })
                .collect()
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{Game, Layout, Options, Policy, Reveal, RngDice, Seed, Viewer};

    /// A light search, for debug builds.
    const LIGHT: Search = Search {
        evaluation: Evaluation::STANDARD,
        candidates: 3,
        playouts: 6,
        win_bonus: 0.0,
    };

    /// Plays a game, `strong` (lightly) as Yellow; returns Yellow's
    /// choices and the margin.
    fn game_with(seed: u64, options: Options, blue: Policy) -> (Vec<Assignment>, i64) {
        let seed = Seed::from_u64(seed);
        let layout = Layout::shuffled(&mut seed.stream(0));
        let mut game = Game::new(options, &layout).unwrap();
        let mut dice = RngDice(seed.stream(2));
        let mut rng = seed.stream(1);
        let mut choices = Vec::new();
        while !game.is_over() {
            let view = game.view(Viewer::Yellow);
            let mix = strong_mix(&view, Seat::Yellow, rng.next_u64(), &LIGHT);
            assert!(!mix.assignments.is_empty());
            let total: f64 = mix.probabilities.iter().sum();
            assert!((total - 1.0).abs() < 1e-6, "{mix:?}");
            let yellow = mix.draw(&mut rng);
            game.check(Seat::Yellow, &yellow).unwrap();
            choices.push(yellow);
            let blue = blue.choose(&game.view(Viewer::Blue), Seat::Blue, &mut rng);
            game.resolve(&yellow, &blue, &mut dice).unwrap();
        }
        let score = game.outcome().unwrap().score;
        (
            choices,
            i64::from(score.yellow.pips) - i64::from(score.blue.pips),
        )
    }

    #[test]
    fn the_same_seed_gives_the_same_choices() {
        for reveal in [Reveal::Standard, Reveal::AllFaceDown] {
            let options = Options {
                reveal,
                boost: reveal == Reveal::AllFaceDown,
                ..Options::default()
            };
            assert_eq!(
                game_with(3, options, Policy::Greedy),
                game_with(3, options, Policy::Greedy)
            );
        }
    }

    #[test]
    fn every_choice_is_legal_in_every_variant_and_random_is_beaten() {
        let mut margin = 0;
        for (index, reveal) in [Reveal::Standard, Reveal::AllFaceUp, Reveal::AllFaceDown]
            .into_iter()
            .enumerate()
        {
            for boost in [false, true] {
                let options = Options {
                    reveal,
                    boost,
                    ..Options::default()
                };
                // `game_with` checks every choice.
                margin += game_with(
                    10 + index as u64 * 2 + u64::from(boost),
                    options,
                    Policy::Random,
                )
                .1;
            }
        }
        // Greedy beats random by 36 pips a game on average; six games.
        assert!(margin > 6 * 15, "{margin}");
    }

    #[test]
    fn a_forced_move_is_played_without_a_search() {
        let seed = Seed::from_u64(1);
        let game = Game::new(Options::default(), &Layout::shuffled(&mut seed.stream(0))).unwrap();
        let mut view = game.view(Viewer::Yellow);
        // Every mouse resting: the empty assignment is the only one.
        view.families.yellow.available = 0;
        assert_eq!(
            strong_mix(&view, Seat::Yellow, 1, &Search::STANDARD),
            Mix::pure(Assignment::EMPTY)
        );
    }

    #[test]
    fn a_draw_follows_the_probabilities_and_skips_noise() {
        let a = Assignment::EMPTY.with(crate::Column::A, 4);
        let b = Assignment::EMPTY.with(crate::Column::B, 4);
        let c = Assignment::EMPTY.with(crate::Column::C, 4);
        let mix = Mix {
            assignments: alloc::vec![a, b, c],
            probabilities: alloc::vec![0.25, 0.749, 0.001],
        };
        let mut rng = Seed::from_u64(9).rng();
        let mut counts = [0u32; 3];
        for _ in 0..4_000 {
            let drawn = mix.draw(&mut rng);
            counts[[a, b, c].iter().position(|x| *x == drawn).unwrap()] += 1;
        }
        assert_eq!(counts[2], 0, "{counts:?}");
        assert!((900..1_100).contains(&counts[0]), "{counts:?}");
    }

    #[test]
    fn the_best_reply_to_a_known_move_is_legal_and_places_every_mouse() {
        // A position where Blue's move is known: a reply valued against it
        // is a legal, non-empty assignment.
        let seed = Seed::from_u64(4);
        let game = Game::new(Options::default(), &Layout::shuffled(&mut seed.stream(0))).unwrap();
        let view = game.view(Viewer::Yellow);
        let blue = crate::greedy_assignment(&game.view(Viewer::Blue), Seat::Blue);
        let reply = best_reply(&view, Seat::Yellow, &Mix::pure(blue), 5, &LIGHT);
        game.check(Seat::Yellow, &reply).unwrap();
        assert_eq!(reply.total(), 4);
    }
}

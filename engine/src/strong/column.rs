//! One column's worth of a round, exactly: for every number of mice each
//! player puts there, the expected change of the evaluation, in pips.
//!
//! Attempts in different columns never meet, so a pair of assignments is
//! worth the sum of its columns. Within a column the two players attempt
//! different pieces (their own nearest) and succeed independently, except
//! when the column holds a single piece: then both attempt it and the
//! higher successful sum takes it (ruling 11), which needs the sums'
//! distributions ([`successes_by_sum`]).

use crate::coords::ROWS;
use crate::domino::{Domino, DominoSet};
use crate::judge::mice_per_match;
use crate::odds::{MAX_SUM, odds, successes_by_sum};

use super::Evaluation;

/// What a player's mice in a column go for.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(crate) enum Goal {
    /// Nothing: the column is closed to them.
    Closed,
    /// A face-up piece.
    Piece(Domino),
    /// A face-down piece: any of the unseen, turned up before the dice.
    FaceDown,
    /// The double-blank, to steal a piece from the other's stash.
    Steal,
}

/// What one side's attempt is expected to bring, over the outcomes of its
/// dice (and the unseen pieces, for a face-down goal).
#[derive(Clone, Copy, PartialEq, Debug, Default)]
pub(crate) struct SideOdds {
    /// Pips moved into the stash (a stolen piece counts twice: it also
    /// leaves the other stash), times the chance.
    gain: f64,
    /// Mice expected to be exhausted.
    exhausted: f64,
    /// What boosts are expected to add (the boost variant).
    boost: f64,
}

impl SideOdds {
    /// What my attempt (`self`) against theirs is worth to me, when the two
    /// do not meet: different pieces, or steals.
    pub(crate) fn against(&self, theirs: &SideOdds, rest: f64) -> f64 {
        self.gain - theirs.gain - rest * (self.exhausted - theirs.exhausted) + self.boost
            - theirs.boost
    }
}

/// The facts every column's valuation shares.
pub(crate) struct Context<'a> {
    pub(crate) evaluation: &'a Evaluation,
    pub(crate) boost: bool,
    /// The pieces nobody has seen: what a face-down piece may be.
    pub(crate) unseen: DominoSet,
}

/// One column, from one player's end ("mine") to the other's ("theirs").
#[derive(Clone, Copy, PartialEq, Debug)]
pub(crate) struct Line {
    /// Pieces left.
    pub(crate) len: usize,
    /// Each piece, when it is face up, from my end.
    pub(crate) pieces: [Option<Domino>; ROWS],
    /// What my mice here go for, and theirs.
    pub(crate) mine: Goal,
    pub(crate) theirs: Goal,
}

impl Line {
    /// The same line seen from the other end.
    fn reversed(&self) -> Line {
        let mut reversed = *self;
        reversed.pieces[..self.len].reverse();
        (reversed.mine, reversed.theirs) = (self.theirs, self.mine);
        reversed
    }

    /// Whether both players attempt the same piece here: a single piece
    /// left, which is not the double-blank.
    pub(crate) fn is_contest(&self) -> bool {
        self.len == 1 && self.mine != Goal::Steal && self.theirs != Goal::Steal
    }

    /// The odds of `mice` mice of mine (`mine`) or of theirs, stealing
    /// `target` if their goal is the double-blank.
    pub(crate) fn side(
        &self,
        context: &Context<'_>,
        mine: bool,
        mice: u8,
        target: Option<Domino>,
    ) -> SideOdds {
        if mine {
            side_odds(context, self, mice, target)
        } else {
            side_odds(context, &self.reversed(), mice, target)
        }
    }

    /// A single piece both may attempt: the higher successful sum takes it.
    pub(crate) fn contest(&self, context: &Context<'_>, mine: u8, theirs: u8) -> f64 {
        let rest = context.evaluation.rest;
        let boost = context.boost;
        let judged = |piece: Domino| -> f64 {
            let took = |a: u8, b: u8| taking_chance(piece, a, b, boost);
            let (p, r) = (took(mine, theirs), took(theirs, mine));
            let tired = |mice: u8| {
                if boost {
                    0.0
                } else {
                    odds(piece, mice, boost).map_or(0.0, |odds| odds.expected_matched_mice())
                }
            };
            (f64::from(piece.pips()) + context.evaluation.take_bonus) * (p - r)
                - rest * (tired(mine) - tired(theirs))
        };
        match self.pieces[0] {
            Some(piece) => judged(piece),
            None => mean_over(context.unseen, judged),
        }
    }
}

/// The chance that `mine` mice take `piece` when `theirs` mice attempt it
/// too: a success, and the other side fails or rolls a lower sum.
fn taking_chance(piece: Domino, mine: u8, theirs: u8, boost: bool) -> f64 {
    let Some(my_sums) = successes_by_sum(piece, mine, boost) else {
        return 0.0;
    };
    let my_outcomes = f64::from(6u32.pow(u32::from(mine)));
    let Some(their_sums) = successes_by_sum(piece, theirs, boost) else {
        let successes: u32 = my_sums.iter().map(|&count| u32::from(count)).sum();
        return f64::from(successes) / my_outcomes;
    };
    let their_outcomes = f64::from(6u32.pow(u32::from(theirs)));
    let their_successes: u32 = their_sums.iter().map(|&count| u32::from(count)).sum();
    // Their failures, then their successes below each of my sums.
    let mut beaten = f64::from(their_outcomes as u32 - their_successes);
    let mut chance = 0.0;
    for sum in 0..=MAX_SUM {
        chance += f64::from(my_sums[sum]) * beaten;
        beaten += f64::from(their_sums[sum]);
    }
    chance / (my_outcomes * their_outcomes)
}

/// The mean of `value` over the unseen pieces; the double-blank found face
/// down is worth nothing to the mice that went for it (ruling 17).
fn mean_over(unseen: DominoSet, value: impl Fn(Domino) -> f64) -> f64 {
    if unseen.is_empty() {
        return 0.0;
    }
    let total: f64 = unseen
        .iter()
        .filter(|piece| !piece.is_double_blank())
        .map(value)
        .sum();
    total / unseen.len() as f64
}

/// The odds of `mice` mice attempting the nearest piece of `line` (from
/// the attempting side's end).
fn side_odds(context: &Context<'_>, line: &Line, mice: u8, target: Option<Domino>) -> SideOdds {
    let on_piece = |piece: Domino| piece_odds(context, line, piece, mice);
    match line.mine {
        _ if mice == 0 => SideOdds::default(),
        Goal::Closed => SideOdds::default(),
        Goal::Piece(piece) => on_piece(piece),
        Goal::FaceDown => {
            let count = context.unseen.len().max(1) as f64;
            let mut mean = SideOdds::default();
            for piece in context.unseen.iter() {
                let odds = if piece.is_double_blank() {
                    SideOdds::default()
                } else {
                    on_piece(piece)
                };
                mean.gain += odds.gain / count;
                mean.exhausted += odds.exhausted / count;
                mean.boost += odds.boost / count;
            }
            mean
        }
        Goal::Steal => {
            let Some(target) = target else {
                return SideOdds::default();
            };
            let Some(odds) = odds(target, mice, context.boost) else {
                return SideOdds::default();
            };
            let take = odds.success_probability();
            SideOdds {
                // The target leaves one stash for the other: twice its pips
                // in the difference. The double-blank itself is worth nothing.
                gain: 2.0 * f64::from(target.pips()) * take,
                exhausted: if context.boost {
                    0.0
                } else {
                    odds.expected_matched_mice()
                },
                boost: if context.boost {
                    odds.match_probability()
                        * boost_value(context, line, 1, mice_per_match(target), 2)
                } else {
                    0.0
                },
            }
        }
    }
}

/// `mice` mice on `piece`, the nearest of `line`.
fn piece_odds(context: &Context<'_>, line: &Line, piece: Domino, mice: u8) -> SideOdds {
    let Some(odds) = odds(piece, mice, context.boost) else {
        return SideOdds::default();
    };
    let take = odds.success_probability();
    SideOdds {
        gain: take * (f64::from(piece.pips()) + context.evaluation.take_bonus),
        exhausted: if context.boost {
            0.0
        } else {
            odds.expected_matched_mice()
        },
        boost: if context.boost {
            // A match takes the piece (the matching dice alone reach its
            // value), then rolls again on the next one.
            odds.match_probability() * boost_value(context, line, 1, mice_per_match(piece), 2)
        } else {
            0.0
        },
    }
}

/// What a boost of `dice` dice on the piece at `place` of `line` (from the
/// boosting side's end) is expected to bring, its own boosts included up to
/// `depth` rolls.
fn boost_value(context: &Context<'_>, line: &Line, place: usize, dice: u8, depth: u8) -> f64 {
    if depth == 0 || place >= line.len {
        return 0.0;
    }
    let bonus = context.evaluation.take_bonus;
    let on_piece = |piece: Domino| -> f64 {
        let Some(odds) = odds(piece, dice, true) else {
            return 0.0;
        };
        odds.success_probability() * (f64::from(piece.pips()) + bonus)
            + odds.match_probability()
                * boost_value(context, line, place + 1, mice_per_match(piece), depth - 1)
    };
    match line.pieces[place] {
        Some(piece) => on_piece(piece),
        None => mean_over(context.unseen, on_piece),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn piece(text: &str) -> Domino {
        text.parse().unwrap()
    }

    #[test]
    fn a_contest_against_nobody_is_the_plain_odds() {
        let six_five = piece("5/6");
        let alone = taking_chance(six_five, 3, 0, false);
        assert!((alone - odds(six_five, 3, false).unwrap().success_probability()).abs() < 1e-12);
    }

    #[test]
    fn a_contest_splits_the_piece_by_sums() {
        // One die each on 0/1: a 1 matches (exhausts), so 2–6 succeed; the
        // higher wins, equal sums leave the piece.
        let piece = piece("0/1");
        let mine = taking_chance(piece, 1, 1, false);
        // I win when my die beats theirs, or they rolled the 1 (failed).
        let expected = (10.0 + 5.0) / 36.0;
        assert!((mine - expected).abs() < 1e-12, "{mine}");
        // Either takes it, or nobody: equal sums (5 of 25 successes) or
        // both failing (1 in 36).
        let nobody = (5.0 + 1.0) / 36.0;
        assert!((2.0 * mine + nobody - 1.0).abs() < 1e-12, "{mine}");
        // More mice take it more often.
        assert!(taking_chance(piece, 3, 1, false) > mine);
    }
}

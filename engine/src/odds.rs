//! Exact odds of an attempt: for n mice (n ≤ 4 dice, at most 1,296
//! outcomes) on a piece, how many outcomes take it and how many match
//! (exhaust, or boost in the boost variant).
//!
//! The whole table is computed at compile time by enumerating every outcome.

use serde::{Deserialize, Serialize};

use crate::dice::MAX_DICE;
use crate::domino::{Domino, PIECE_COUNT};

/// The exact odds of one attempt, as counts of equally likely outcomes.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
pub struct Odds {
    /// Outcomes that take the piece.
    pub success: u32,
    /// Outcomes that match the piece (ruling 9): the mice are exhausted, or
    /// boosted in the boost variant.
    pub matched: u32,
    /// All outcomes: 6 to the number of dice.
    pub outcomes: u32,
    /// Mice a match involves: 2, or 1 on a half-blank piece.
    pub mice_per_match: u8,
}

impl Odds {
    /// Probability of taking the piece.
    pub fn success_probability(&self) -> f64 {
        f64::from(self.success) / f64::from(self.outcomes)
    }

    /// Probability of a match: of exhaustion, or of a boost with the boost variant.
    pub fn match_probability(&self) -> f64 {
        f64::from(self.matched) / f64::from(self.outcomes)
    }

    /// Expected number of mice matched (exhausted, or boosted).
    pub fn expected_matched_mice(&self) -> f64 {
        self.match_probability() * f64::from(self.mice_per_match)
    }
}

/// The exact odds of `mice` mice (1–4) attempting `piece`; `None` for any
/// other number of mice, or for the double-blank (mice there steal, and
/// their odds are those of the target).
pub fn odds(piece: Domino, mice: u8, boost: bool) -> Option<Odds> {
    if piece.is_double_blank() || !(1..=MAX_DICE as u8).contains(&mice) {
        return None;
    }
    let counts = TABLE[piece.index()][usize::from(mice) - 1];
    Some(Odds {
        success: if boost {
            counts.success_with_boost
        } else {
            counts.success
        },
        matched: counts.matched,
        outcomes: 6u32.pow(u32::from(mice)),
        mice_per_match: crate::judge::mice_per_match(piece),
    })
}

#[derive(Clone, Copy)]
struct Counts {
    success: u32,
    success_with_boost: u32,
    matched: u32,
}

static TABLE: [[Counts; MAX_DICE]; PIECE_COUNT] = build_table();

const fn build_table() -> [[Counts; MAX_DICE]; PIECE_COUNT] {
    let empty = Counts {
        success: 0,
        success_with_boost: 0,
        matched: 0,
    };
    let mut table = [[empty; MAX_DICE]; PIECE_COUNT];
    let mut piece = 0;
    while piece < PIECE_COUNT {
        let domino = Domino::ALL[piece];
        let mut dice = 1;
        while dice <= MAX_DICE {
            table[piece][dice - 1] = count_outcomes(domino.low(), domino.high(), dice);
            dice += 1;
        }
        piece += 1;
    }
    table
}

/// Enumerates all 6^dice outcomes. Mirrors [`crate::judge::judge`] in a
/// form the compiler can evaluate; a test checks that the two agree.
const fn count_outcomes(low: u8, high: u8, dice: usize) -> Counts {
    let mut counts = Counts {
        success: 0,
        success_with_boost: 0,
        matched: 0,
    };
    let outcomes = 6usize.pow(dice as u32);
    let mut outcome = 0;
    while outcome < outcomes {
        let (sum, matched) = sum_and_match(low, high, dice, outcome);
        let high_enough = sum >= low + high;
        if matched {
            counts.matched += 1;
        }
        if high_enough {
            counts.success_with_boost += 1;
            if !matched {
                counts.success += 1;
            }
        }
        outcome += 1;
    }
    counts
}

/// The highest sum of four dice.
pub const MAX_SUM: usize = 6 * MAX_DICE;

/// Successful outcomes of one attempt counted by the dice's sum (index 0 to
/// [`MAX_SUM`]): what a contest needs, since the higher successful sum takes
/// the piece (ruling 11). `None` as for [`odds`].
pub fn successes_by_sum(
    piece: Domino,
    mice: u8,
    boost: bool,
) -> Option<&'static [u16; MAX_SUM + 1]> {
    if piece.is_double_blank() || !(1..=MAX_DICE as u8).contains(&mice) {
        return None;
    }
    Some(&SUMS[usize::from(boost)][piece.index()][usize::from(mice) - 1])
}

/// `SUMS[boost][piece][dice - 1][sum]`: successful outcomes with that sum.
static SUMS: [[[[u16; MAX_SUM + 1]; MAX_DICE]; PIECE_COUNT]; 2] = build_sums();

const fn build_sums() -> [[[[u16; MAX_SUM + 1]; MAX_DICE]; PIECE_COUNT]; 2] {
    let mut table = [[[[0; MAX_SUM + 1]; MAX_DICE]; PIECE_COUNT]; 2];
    let mut piece = 0;
    while piece < PIECE_COUNT {
        let domino = Domino::ALL[piece];
        let mut dice = 1;
        while dice <= MAX_DICE {
            let mut outcome = 0;
            while outcome < 6usize.pow(dice as u32) {
                let (sum, matched) = sum_and_match(domino.low(), domino.high(), dice, outcome);
                if sum >= domino.low() + domino.high() {
                    table[1][piece][dice - 1][sum as usize] += 1;
                    if !matched {
                        table[0][piece][dice - 1][sum as usize] += 1;
                    }
                }
                outcome += 1;
            }
            dice += 1;
        }
        piece += 1;
    }
    table
}

/// The sum of outcome number `outcome` of `dice` dice, and whether it
/// matches the piece `low`/`high` (ruling 9).
const fn sum_and_match(low: u8, high: u8, dice: usize, outcome: usize) -> (u8, bool) {
    let mut rest = outcome;
    let (mut sum, mut lows, mut highs) = (0u8, 0usize, 0usize);
    let mut die = 0;
    while die < dice {
        let face = (rest % 6) as u8 + 1;
        rest /= 6;
        sum += face;
        if face == low {
            lows += 1;
        }
        if face == high {
            highs += 1;
        }
        die += 1;
    }
    // No die shows 0, so nothing ever matches the double-blank.
    let matched = if low == 0 {
        highs >= 1
    } else if low == high {
        lows >= 2
    } else {
        lows >= 1 && highs >= 1
    };
    (sum, matched)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::dice::Roll;
    use crate::judge::judge;

    fn piece(text: &str) -> Domino {
        text.parse().unwrap()
    }

    /// Recounts by brute force with the engine's own judge.
    fn recount(piece: Domino, mice: u8, boost: bool) -> (u32, u32) {
        let mut faces = alloc::vec![1u8; usize::from(mice)];
        let (mut success, mut matched) = (0, 0);
        loop {
            let verdict = judge(piece, &Roll::new(&faces).unwrap(), boost);
            success += u32::from(verdict.success);
            matched += u32::from(verdict.matched > 0);
            // Next outcome, like an odometer.
            let Some(turn) = faces.iter().position(|&f| f < 6) else {
                return (success, matched);
            };
            faces[turn] += 1;
            faces[..turn].fill(1);
        }
    }

    #[test]
    fn the_table_agrees_with_the_judge_for_every_piece_and_mouse_count() {
        for piece in Domino::ALL.into_iter().filter(|p| !p.is_double_blank()) {
            for mice in 1..=4 {
                for boost in [false, true] {
                    let odds = odds(piece, mice, boost).unwrap();
                    assert_eq!(
                        (odds.success, odds.matched),
                        recount(piece, mice, boost),
                        "{piece} with {mice} mice, boost {boost}"
                    );
                }
            }
        }
    }

    #[test]
    fn successes_by_sum_add_up_to_the_odds() {
        for piece in Domino::ALL.into_iter().filter(|p| !p.is_double_blank()) {
            for mice in 1..=4 {
                for boost in [false, true] {
                    let by_sum = successes_by_sum(piece, mice, boost).unwrap();
                    let total: u32 = by_sum.iter().map(|&count| u32::from(count)).sum();
                    assert_eq!(total, odds(piece, mice, boost).unwrap().success);
                    // Nothing below the piece's value succeeds.
                    assert!(by_sum[..usize::from(piece.pips())].iter().all(|&c| c == 0));
                }
            }
        }
        // Two mice on 1/2: sums 3 to 12 succeed unless one die is 1 and the other 2.
        let two = successes_by_sum(piece("1/2"), 2, false).unwrap();
        assert_eq!(two[3], 0);
        assert_eq!(two[4], 3);
        assert_eq!(successes_by_sum(piece("1/2"), 2, true).unwrap()[3], 2);
        assert_eq!(successes_by_sum(Domino::DOUBLE_BLANK, 2, false), None);
    }

    #[test]
    fn known_odds() {
        // One mouse on 1/2: 4, 5 or 6 take it; one die never matches.
        let one = odds(piece("1/2"), 1, false).unwrap();
        assert_eq!((one.success, one.matched, one.outcomes), (4, 0, 6));
        // One mouse can never take 0/6: the only roll high enough matches.
        let blank_six = odds(piece("0/6"), 1, false).unwrap();
        assert_eq!((blank_six.success, blank_six.matched), (0, 1));
        assert_eq!(odds(piece("0/6"), 1, true).unwrap().success, 1);
        // Two mice on 6/6: only 6,6 reaches 12, and it matches.
        let double_six = odds(piece("6/6"), 2, false).unwrap();
        assert_eq!((double_six.success, double_six.matched), (0, 1));
        assert!((double_six.expected_matched_mice() - 2.0 / 36.0).abs() < 1e-12);
        assert_eq!(odds(piece("1/2"), 0, false), None);
        assert_eq!(odds(piece("1/2"), 5, false), None);
        assert_eq!(odds(Domino::DOUBLE_BLANK, 2, false), None);
    }
}

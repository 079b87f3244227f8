//! Judging one roll against one piece: the match test (ruling 9) and the
//! success test (rulings 10 and 18). Pure functions of the piece and dice.

use crate::dice::Roll;
use crate::domino::Domino;

/// The verdict on one roll against one piece.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct Judgement {
    /// Sum of the dice.
    pub sum: u8,
    /// Mice whose dice match the piece's halves (ruling 9): 0, 1 or 2. They
    /// are exhausted, or boosted in the boost variant.
    pub matched: u8,
    /// Whether the roll takes the piece (ruling 10, or 18 with boost).
    pub success: bool,
}

/// How many mice the dice `roll` match on `piece` (ruling 9).
///
/// * Both halves non-blank (doubles too): two *different* dice must show the
///   two halves; then exactly 2 mice match. One die never matches such a piece.
/// * One blank half, `0/b`: any die showing `b` matches exactly 1 mouse.
/// * The double-blank is never rolled against (a steal rolls against its
///   target), so nothing matches it.
pub fn matched_mice(piece: Domino, roll: &Roll) -> u8 {
    let (low, high) = (piece.low(), piece.high());
    let matched = if piece.is_double_blank() {
        false
    } else if low == 0 {
        roll.contains(high)
    } else if piece.is_double() {
        roll.count(low) >= 2
    } else {
        roll.contains(low) && roll.contains(high)
    };
    match (matched, low) {
        (false, _) => 0,
        (true, 0) => 1,
        (true, _) => 2,
    }
}

/// Mice a match involves on `piece`: 1 on a half-blank piece, 2 otherwise.
pub const fn mice_per_match(piece: Domino) -> u8 {
    if piece.low() == 0 { 1 } else { 2 }
}

/// Judges `roll` against `piece`.
///
/// With exhaustion (the standard rule) a roll succeeds when nothing matches
/// and the dice sum to at least the piece's pips. With `boost`, a match no
/// longer blocks: the sum alone decides.
pub fn judge(piece: Domino, roll: &Roll, boost: bool) -> Judgement {
    let sum = roll.sum();
    let matched = matched_mice(piece, roll);
    Judgement {
        sum,
        matched,
        success: sum >= piece.pips() && (boost || matched == 0),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn piece(text: &str) -> Domino {
        text.parse().unwrap()
    }

    fn roll(faces: &[u8]) -> Roll {
        Roll::new(faces).unwrap()
    }

    #[test]
    fn two_different_dice_must_show_both_halves() {
        assert_eq!(matched_mice(piece("5/6"), &roll(&[5, 5, 5, 6])), 2);
        assert_eq!(matched_mice(piece("5/6"), &roll(&[5, 5, 5, 5])), 0);
        assert_eq!(matched_mice(piece("5/6"), &roll(&[6])), 0);
        assert_eq!(matched_mice(piece("4/4"), &roll(&[4])), 0);
        assert_eq!(matched_mice(piece("4/4"), &roll(&[4, 1])), 0);
        assert_eq!(matched_mice(piece("4/4"), &roll(&[4, 4, 4])), 2);
        assert_eq!(matched_mice(piece("0/3"), &roll(&[3, 3])), 1);
        assert_eq!(matched_mice(piece("0/3"), &roll(&[3])), 1);
        assert_eq!(matched_mice(piece("0/3"), &roll(&[1, 2])), 0);
        assert_eq!(matched_mice(Domino::DOUBLE_BLANK, &roll(&[1, 1])), 0);
    }

    #[test]
    fn a_match_blocks_the_claim_unless_boosting() {
        let blocked = judge(piece("0/6"), &roll(&[6, 5, 4, 4]), false);
        assert_eq!(
            (blocked.sum, blocked.matched, blocked.success),
            (19, 1, false)
        );
        let boosted = judge(piece("0/6"), &roll(&[6, 5, 4, 4]), true);
        assert_eq!((boosted.matched, boosted.success), (1, true));
        assert!(!judge(piece("6/6"), &roll(&[5, 6]), false).success);
        assert!(judge(piece("3/4"), &roll(&[6, 1]), false).success);
    }

    #[test]
    fn with_boost_every_match_also_succeeds() {
        // A match shows the piece's halves among the dice, so the sum reaches its pips.
        for piece in Domino::ALL.into_iter().filter(|p| !p.is_double_blank()) {
            for a in 1..=6 {
                for b in 1..=6 {
                    let verdict = judge(piece, &roll(&[a, b]), true);
                    assert!(verdict.matched == 0 || verdict.success, "{piece} {a},{b}");
                }
            }
        }
    }
}

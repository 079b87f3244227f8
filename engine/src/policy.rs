//! The players: `random`, `greedy` and `strong` ([`crate::strong`]). All
//! decide from a [`GameView`], so they know only what a player may know.

use core::fmt;
use core::str::FromStr;

use rand_core::Rng;
use serde::{Deserialize, Serialize};

use crate::assignment::{Assignment, MICE};
use crate::coords::{COLUMNS, Column};
use crate::dice::{MAX_DICE, uniform_below};
use crate::domino::{Domino, DominoSet};
use crate::odds::{Odds, odds};
use crate::seat::Seat;
use crate::view::{Access, GameView};

/// A way of choosing assignments.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[serde(rename_all = "lowercase")]
pub enum Policy {
    /// A uniformly random legal assignment.
    Random,
    /// The legal assignment with the most pips expected this round.
    Greedy,
    /// Each round as a simultaneous game, its best choices played out to
    /// the end of the game; a mix drawn from the result ([`crate::strong`]).
    Strong,
}

impl Policy {
    /// Every policy, weakest first.
    pub const ALL: [Policy; 3] = [Policy::Random, Policy::Greedy, Policy::Strong];

    /// Chooses `seat`'s assignment. `rng` is used by `random` and `strong`
    /// (its mix); give policies a generator of their own, never the game's
    /// dice.
    pub fn choose<R: Rng + ?Sized>(self, view: &GameView, seat: Seat, rng: &mut R) -> Assignment {
        match self {
            Policy::Random => random_assignment(view, seat, rng),
            Policy::Greedy => greedy_assignment(view, seat),
            Policy::Strong => crate::strong::strong_assignment(view, seat, rng),
        }
    }

    /// The policy's name, as parsed.
    pub const fn name(self) -> &'static str {
        match self {
            Policy::Random => "random",
            Policy::Greedy => "greedy",
            Policy::Strong => "strong",
        }
    }
}

impl fmt::Display for Policy {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// A name that is not a policy.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("unknown policy {0:?}: the policies are random, greedy and strong")]
pub struct UnknownPolicy(pub alloc::string::String);

impl FromStr for Policy {
    type Err = UnknownPolicy;

    fn from_str(name: &str) -> Result<Self, Self::Err> {
        Policy::ALL
            .into_iter()
            .find(|policy| policy.name().eq_ignore_ascii_case(name.trim()))
            .ok_or_else(|| UnknownPolicy(name.into()))
    }
}

/// A uniformly random legal assignment; the empty one once the game is over.
pub fn random_assignment<R: Rng + ?Sized>(view: &GameView, seat: Seat, rng: &mut R) -> Assignment {
    let legal = view.legal_assignments(seat);
    let Ok(count) = u32::try_from(legal.len()) else {
        return Assignment::EMPTY;
    };
    if count == 0 {
        return Assignment::EMPTY;
    }
    let pick = uniform_below(rng, count) as usize;
    legal.get(pick).copied().unwrap_or(Assignment::EMPTY)
}

/// What an assignment is expected to bring this round.
#[derive(Clone, Copy, PartialEq, Debug, Serialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
pub struct Expectation {
    /// Pips expected to go to the player's stash.
    pub pips: f64,
    /// Mice expected to be exhausted (none with the boost variant).
    pub exhausted_mice: f64,
}

/// The legal assignment with the most pips expected this round, by exact
/// odds; among equals, the one that tires the fewest mice expected, then the
/// first in [`GameView::legal_assignments`] order.
///
/// It plays as if each column were its own: it does not guess the
/// opponent's assignment (so it ignores contests), and does not count boost
/// chains. A face-down piece is valued as the average of the unseen pieces.
pub fn greedy_assignment(view: &GameView, seat: Seat) -> Assignment {
    let values = ColumnValues::new(view, seat);
    view.legal_assignments(seat)
        .into_iter()
        .map(|assignment| (values.of(&assignment), assignment))
        // `max_by` keeps the last maximum; reversing keeps the first.
        .rev()
        .max_by(|(a, _), (b, _)| a.pips.cmp(&b.pips).then(b.exhausted.cmp(&a.exhausted)))
        .map_or(Assignment::EMPTY, |(_, assignment)| assignment)
}

/// The exact expectation of `assignment` for `seat`, as [`greedy_assignment`]
/// values it.
pub fn expectation(view: &GameView, seat: Seat, assignment: &Assignment) -> Expectation {
    let values = ColumnValues::new(view, seat);
    let total = values.of(assignment);
    let scale = values.scale as f64;
    Expectation {
        pips: total.pips as f64 / scale,
        exhausted_mice: total.exhausted as f64 / scale,
    }
}

/// Expected pips and exhausted mice, as exact integers: every probability
/// is a count out of 6^n (n ≤ 4), so scaling by 6^4 (and by the number of
/// unseen pieces, for blind columns) makes every value whole.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Default)]
struct Scaled {
    pips: u64,
    exhausted: u64,
}

impl core::ops::AddAssign for Scaled {
    fn add_assign(&mut self, other: Scaled) {
        self.pips += other.pips;
        self.exhausted += other.exhausted;
    }
}

const ALL_OUTCOMES: u64 = 6u64.pow(MAX_DICE as u32);

struct ColumnValues {
    /// Whether the boost variant is played.
    boost: bool,
    /// The pieces no one has seen, for face-down columns.
    unseen: DominoSet,
    /// What each column offers the seat.
    access: [Access; COLUMNS],
    /// The common denominator of every value.
    scale: u64,
    /// Value of n mice (index n - 1) in each column; steals are valued per target.
    columns: [[Scaled; MICE as usize]; COLUMNS],
}

impl ColumnValues {
    fn new(view: &GameView, seat: Seat) -> ColumnValues {
        let unseen = view.unseen();
        let mut values = ColumnValues {
            boost: view.options.boost,
            access: Column::ALL.map(|column| view.access(seat, column)),
            unseen,
            scale: ALL_OUTCOMES * (unseen.len() as u64).max(1),
            columns: [[Scaled::default(); MICE as usize]; COLUMNS],
        };
        for column in Column::ALL {
            for mice in 1..=MICE {
                values.columns[column.index()][usize::from(mice) - 1] =
                    values.compute(column, mice, None);
            }
        }
        values
    }

    fn compute(&self, column: Column, mice: u8, steal: Option<Domino>) -> Scaled {
        let boost = self.boost;
        let weight = self.scale / ALL_OUTCOMES;
        match (self.access[column.index()], steal) {
            (Access::Piece(piece), _) | (Access::Steal, Some(piece)) => {
                value_of(piece, mice, boost, weight)
            }
            (Access::FaceDown, _) => {
                // Mean over the unseen pieces: the sum, with weight 1 instead
                // of 1/|unseen|. The double-blank found blind is worth nothing.
                let mut total = Scaled::default();
                for piece in self.unseen.iter().filter(|p| !p.is_double_blank()) {
                    total += value_of(piece, mice, boost, 1);
                }
                total
            }
            _ => Scaled::default(),
        }
    }

    fn of(&self, assignment: &Assignment) -> Scaled {
        let mut total = Scaled::default();
        for (column, mice) in assignment.placements() {
            total += if self.access[column.index()] == Access::Steal {
                self.compute(column, mice, assignment.steal)
            } else {
                self.columns[column.index()][usize::from(mice.min(MICE)) - 1]
            };
        }
        total
    }
}

/// `mice` mice on `piece`, scaled to [`ALL_OUTCOMES`] times `weight`.
fn value_of(piece: Domino, mice: u8, boost: bool, weight: u64) -> Scaled {
    let Some(Odds {
        success,
        matched,
        outcomes,
        mice_per_match,
    }) = odds(piece, mice, boost)
    else {
        return Scaled::default();
    };
    let per_outcome = ALL_OUTCOMES / u64::from(outcomes) * weight;
    Scaled {
        pips: u64::from(success) * u64::from(piece.pips()) * per_outcome,
        exhausted: if boost {
            0
        } else {
            u64::from(matched) * u64::from(mice_per_match) * per_outcome
        },
    }
}

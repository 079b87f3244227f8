//! The `greedy` player: the assignment with the most pips expected this
//! round, by exact odds, each column taken on its own.

use serde::Serialize;

use crate::assignment::{Assignment, MICE};
use crate::coords::{COLUMNS, Column};
use crate::dice::MAX_DICE;
use crate::domino::{Domino, DominoSet};
use crate::odds::{Odds, odds};
use crate::seat::Seat;
use crate::view::{Access, GameView};

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

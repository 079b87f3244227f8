//! Which assignments are legal (rulings 6, 7, 13, 14).
//!
//! Legality is written once, against the crate-private `PublicFacts`: the facts every player
//! may know. Nothing it is given names a face-down piece, so neither an
//! error nor the list of legal assignments can depend on one, and a client
//! holding only a [`GameView`] decides exactly as the engine does.

use alloc::vec::Vec;

use serde::{Deserialize, Serialize};

use crate::assignment::{Assignment, AssignmentError, MICE};
use crate::coords::{COLUMNS, Column, PerColumn};
use crate::domino::{Domino, DominoSet};
use crate::seat::Seat;
use crate::view::{Access, CellView, GameView};

/// The public facts legality is decided from. [`GameView`] and
/// [`crate::Game`] both answer them; neither answer can carry a hidden piece.
pub(crate) trait PublicFacts {
    /// Whether the game has ended.
    fn is_over(&self) -> bool;
    /// Mice `seat` may place this round.
    fn available_mice(&self, seat: Seat) -> u8;
    /// `seat`'s nearest piece in `column`, as anyone sees it.
    fn nearest_cell(&self, seat: Seat, column: Column) -> Option<CellView>;
    /// `seat`'s stash (stashes are face up).
    fn stash(&self, seat: Seat) -> DominoSet;

    /// What `column` offers `seat` this round (rulings 6–7).
    fn access(&self, seat: Seat, column: Column) -> Access {
        match self.nearest_cell(seat, column) {
            None | Some(CellView::Empty) => Access::Empty,
            Some(CellView::FaceDown) => Access::FaceDown,
            Some(CellView::FaceUp(piece)) if piece == Domino::DOUBLE_BLANK => {
                if self.stash(seat.opponent()).is_empty() {
                    Access::NothingToSteal
                } else {
                    Access::Steal
                }
            }
            Some(CellView::FaceUp(piece)) => Access::Piece(piece),
        }
    }

    /// Whether `seat` has at least one column open, resting mice aside.
    fn has_open_column(&self, seat: Seat) -> bool {
        Column::ALL
            .into_iter()
            .any(|column| self.access(seat, column).is_open())
    }
}

/// Checks `seat`'s assignment for this round.
pub(crate) fn check(
    facts: &impl PublicFacts,
    seat: Seat,
    assignment: &Assignment,
) -> Result<(), AssignmentError> {
    if facts.is_over() {
        return Err(AssignmentError::GameOver);
    }
    let placed = assignment.total();
    if placed > u32::from(MICE) {
        return Err(AssignmentError::TooManyMice { placed });
    }
    let available = facts.available_mice(seat);
    if placed > u32::from(available) {
        return Err(AssignmentError::RestingMiceUsed { placed, available });
    }
    let mut steals = false;
    for (column, _) in assignment.placements() {
        match facts.access(seat, column) {
            Access::Empty => return Err(AssignmentError::EmptyColumn(column)),
            Access::NothingToSteal => return Err(AssignmentError::OpponentStashEmpty(column)),
            Access::Steal => {
                let target = assignment
                    .steal
                    .ok_or(AssignmentError::StealWithoutTarget(column))?;
                if !facts.stash(seat.opponent()).contains(target) {
                    return Err(AssignmentError::TargetNotInOpponentStash(target));
                }
                steals = true;
            }
            Access::Piece(_) | Access::FaceDown => {}
        }
    }
    if let Some(target) = assignment.steal
        && !steals
    {
        return Err(AssignmentError::StealTargetWithoutSteal(target));
    }
    if placed < u32::from(available) && facts.has_open_column(seat) {
        return Err(AssignmentError::MiceLeftUnplaced { placed, available });
    }
    Ok(())
}

/// What one player may do this round: every fact a legal assignment
/// depends on, so that a client can build one without knowing the rules.
///
/// An assignment is legal exactly when it places `mice` mice, in any split,
/// on columns whose access is open (`piece`, `face_down` or `steal`), and
/// names a `steal` target from `steal_targets` if and
/// only if some of its mice go to a `steal` column. When only one assignment
/// is legal, it is `forced`.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[serde(deny_unknown_fields)]
pub struct Choices {
    /// Mice to place, all of them: the mice available, or 0 when no column
    /// is open (ruling 14).
    pub mice: u8,
    /// What each column, A to D, offers this player.
    pub columns: PerColumn<Access>,
    /// The pieces a steal may name (the opponent's stash) when a column
    /// offers a steal; empty otherwise.
    pub steal_targets: DominoSet,
    /// The only legal assignment, when there is just one (no mouse to
    /// place, or a single way to place them): a server commits it for the
    /// player at once. None (`null`) once the game is over.
    pub forced: Option<Assignment>,
}

/// What `seat` may do this round.
pub(crate) fn choices(facts: &impl PublicFacts, seat: Seat) -> Choices {
    let columns = Column::ALL.map(|column| facts.access(seat, column));
    let open = columns.iter().any(|access| access.is_open());
    let steal = columns.contains(&Access::Steal);
    let legal = legal_assignments(facts, seat);
    Choices {
        mice: if open && !facts.is_over() {
            facts.available_mice(seat)
        } else {
            0
        },
        columns,
        steal_targets: if steal {
            facts.stash(seat.opponent())
        } else {
            DominoSet::EMPTY
        },
        forced: match legal.as_slice() {
            [only] => Some(*only),
            _ => None,
        },
    }
}

/// Every legal assignment for `seat` this round; see
/// [`GameView::legal_assignments`] for the order.
pub(crate) fn legal_assignments(facts: &impl PublicFacts, seat: Seat) -> Vec<Assignment> {
    if facts.is_over() {
        return Vec::new();
    }
    let available = facts.available_mice(seat);
    let access = Column::ALL.map(|column| facts.access(seat, column));
    if available == 0 || !access.iter().any(|a| a.is_open()) {
        return alloc::vec![Assignment::EMPTY];
    }
    let targets = facts.stash(seat.opponent());
    let mut legal = Vec::new();
    for a in (0..=available).rev() {
        for b in (0..=available - a).rev() {
            for c in (0..=available - a - b).rev() {
                let mice: [u8; COLUMNS] = [a, b, c, available - a - b - c];
                let placed_on = |open: fn(Access) -> bool| {
                    Column::ALL
                        .into_iter()
                        .filter(|column| mice[column.index()] > 0)
                        .any(|column| open(access[column.index()]))
                };
                if placed_on(|access| !access.is_open()) {
                    continue;
                }
                let assignment = Assignment { mice, steal: None };
                if placed_on(|access| access == Access::Steal) {
                    legal.extend(targets.iter().map(|target| assignment.stealing(target)));
                } else {
                    legal.push(assignment);
                }
            }
        }
    }
    legal
}

impl PublicFacts for GameView {
    fn is_over(&self) -> bool {
        GameView::is_over(self)
    }

    fn available_mice(&self, seat: Seat) -> u8 {
        self.families[seat].available
    }

    fn nearest_cell(&self, seat: Seat, column: Column) -> Option<CellView> {
        self.nearest(seat, column).map(|(_, cell)| cell)
    }

    fn stash(&self, seat: Seat) -> DominoSet {
        self.families[seat].stash
    }
}

impl GameView {
    /// Checks `seat`'s assignment for this round; `Ok` when it can be played.
    pub fn check(&self, seat: Seat, assignment: &Assignment) -> Result<(), AssignmentError> {
        check(self, seat, assignment)
    }

    /// Every legal assignment for `seat` this round, each once; none once
    /// the game is over.
    ///
    /// Order: the mice in column A from most to fewest, then B, then C (D
    /// takes the rest); for a steal, one assignment per target in canonical
    /// order. With no mouse available or no open column, the only legal
    /// assignment is the empty one (ruling 14).
    pub fn legal_assignments(&self, seat: Seat) -> Vec<Assignment> {
        legal_assignments(self, seat)
    }

    /// What `column` offers `seat` this round (rulings 6–7).
    pub fn access(&self, seat: Seat, column: Column) -> Access {
        PublicFacts::access(self, seat, column)
    }

    /// What `seat` may do this round, as facts a client can build a legal
    /// assignment from (see [`Choices`]).
    pub fn choices(&self, seat: Seat) -> Choices {
        choices(self, seat)
    }

    /// Whether `seat` has at least one column open, resting mice aside.
    pub fn has_open_column(&self, seat: Seat) -> bool {
        PublicFacts::has_open_column(self, seat)
    }
}

//! Which assignments are legal (rulings 6, 7, 13, 14).
//!
//! Legality is decided on a [`GameView`], from public information alone, so
//! that neither an error nor the list of legal assignments can depend on a
//! face-down piece, and a client holding only a view decides exactly as the
//! engine does.

use alloc::vec::Vec;

use crate::assignment::{Assignment, AssignmentError, MICE};
use crate::coords::{COLUMNS, Column};
use crate::seat::Seat;
use crate::view::{Access, GameView};

impl GameView {
    /// Checks `seat`'s assignment for this round; `Ok` when it can be played.
    pub fn check(&self, seat: Seat, assignment: &Assignment) -> Result<(), AssignmentError> {
        if self.is_over() {
            return Err(AssignmentError::GameOver);
        }
        let placed = assignment.total();
        if placed > u32::from(MICE) {
            return Err(AssignmentError::TooManyMice { placed });
        }
        let available = self.families[seat].available;
        if placed > u32::from(available) {
            return Err(AssignmentError::RestingMiceUsed { placed, available });
        }
        let mut steals = false;
        for (column, _) in assignment.placements() {
            match self.access(seat, column) {
                Access::Empty => return Err(AssignmentError::EmptyColumn(column)),
                Access::NothingToSteal => {
                    return Err(AssignmentError::OpponentStashEmpty(column));
                }
                Access::Steal => {
                    let target = assignment
                        .steal
                        .ok_or(AssignmentError::StealWithoutTarget(column))?;
                    if !self.families[seat.opponent()].stash.contains(target) {
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
        if placed < u32::from(available) && self.has_open_column(seat) {
            return Err(AssignmentError::MiceLeftUnplaced { placed, available });
        }
        Ok(())
    }

    /// Every legal assignment for `seat` this round, each once; none once
    /// the game is over.
    ///
    /// Order: the mice in column A from most to fewest, then B, then C (D
    /// takes the rest); for a steal, one assignment per target in canonical
    /// order. With no mouse available or no open column, the only legal
    /// assignment is the empty one (ruling 14).
    pub fn legal_assignments(&self, seat: Seat) -> Vec<Assignment> {
        if self.is_over() {
            return Vec::new();
        }
        let available = self.families[seat].available;
        let access = Column::ALL.map(|column| self.access(seat, column));
        if available == 0 || !access.iter().any(|a| a.is_open()) {
            return alloc::vec![Assignment::EMPTY];
        }
        let targets = self.families[seat.opponent()].stash;
        let mut legal = Vec::new();
        for a in (0..=available).rev() {
            for b in (0..=available - a).rev() {
                for c in (0..=available - a - b).rev() {
                    let mice: [u8; COLUMNS] = [a, b, c, available - a - b - c];
                    let fits = Column::ALL
                        .into_iter()
                        .all(|col| mice[col.index()] == 0 || access[col.index()].is_open());
                    if !fits {
                        continue;
                    }
                    let steals = Column::ALL
                        .into_iter()
                        .any(|col| mice[col.index()] > 0 && access[col.index()] == Access::Steal);
                    let assignment = Assignment { mice, steal: None };
                    if steals {
                        legal.extend(targets.iter().map(|target| assignment.stealing(target)));
                    } else {
                        legal.push(assignment);
                    }
                }
            }
        }
        legal
    }
}

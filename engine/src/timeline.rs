//! A round's reveal, beat by beat: what a client shows as each roll lands,
//! so that nothing on screen gets ahead of the dice.
//!
//! A [`RoundReport`] says what a round did; the engine applies it all at
//! once. A client that animates the reveal shows it in the engine's order
//! (ruling 8's: Yellow's columns A to D, then Blue's; then the boosts) and
//! needs, at each beat, the cake as it stands once that roll has landed.
//! [`timeline`] cuts the report into [`Beat`]s, each with the [`Change`]s it
//! makes to the cake and the stashes, computed here, where the rules live,
//! so that no client decides a rule:
//!
//! 1. Face-down pieces with mice on them turn up before any die (ruling 17).
//! 2. One beat per attempt, in rolling order. An attempt's effect lands with
//!    its own dice, except where it depends on a later roll: a contested
//!    piece (ruling 11) or a steal against a steal (ruling 12) is settled,
//!    both effects together, when the second player's dice land.
//! 3. The pieces that became nearest turn up (ruling 5).
//! 4. One beat per boost roll (ruling 18), each with the piece it takes and
//!    the piece that takes its place.
//!
//! A beat only moves pieces the report names: a timeline shows nothing
//! the report does not (ruling 19). [`Beat::apply`] moves a view on by one
//! beat; applying every beat to the view before the round gives the view
//! after it, but for what only the round's end changes (the round number,
//! resting mice, the end of the game), which a client takes from the view
//! the server sends with the report.

use alloc::vec::Vec;

use serde::{Deserialize, Serialize};

use crate::coords::{Column, Row};
use crate::domino::Domino;
use crate::report::{AttemptResult, BoostResult, BoostRoll, Flip, RoundReport, Target};
use crate::score::Score;
use crate::seat::Seat;
use crate::view::{CellView, GameView};

/// What lands in one beat of a reveal.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[serde(tag = "kind", rename_all = "snake_case", deny_unknown_fields)]
pub enum Landing {
    /// Pieces turn face up, with no die: before the rolls (ruling 17) or
    /// once the attempts have taken theirs (ruling 5).
    TurnUp,
    /// An attempt's dice land.
    Attempt {
        /// Its place in the report's `attempts`.
        index: u8,
    },
    /// A boost roll's dice land.
    Boost {
        /// Its place in the report's `boosts`.
        index: u8,
    },
}

/// One move of a piece, or a piece turning up.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[serde(tag = "kind", rename_all = "snake_case", deny_unknown_fields)]
pub enum Change {
    /// A face-down piece turns face up where it lies.
    TurnUp {
        /// Its column.
        column: Column,
        /// Its row.
        row: Row,
        /// The piece, now public.
        piece: Domino,
    },
    /// A piece leaves the cake for a stash.
    Take {
        /// Whose stash it goes to.
        seat: Seat,
        /// Its column.
        column: Column,
        /// Its row.
        row: Row,
        /// The piece.
        piece: Domino,
    },
    /// A piece passes from the other player's stash to `seat`'s (a steal).
    Steal {
        /// Who steals it.
        seat: Seat,
        /// The piece.
        piece: Domino,
    },
    /// A piece leaves the cake and the game: the double-blank, when two
    /// steals exchange (ruling 12).
    Remove {
        /// Its column.
        column: Column,
        /// Its row.
        row: Row,
        /// The piece.
        piece: Domino,
    },
}

/// One beat of a reveal: a roll lands (or pieces turn up), and the cake
/// changes by what that settles.
#[derive(Clone, PartialEq, Eq, Hash, Debug, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[serde(deny_unknown_fields)]
pub struct Beat {
    /// What lands.
    pub lands: Landing,
    /// The attempts whose outcome is known from this beat on (places in
    /// the report's `attempts`): the attempt landing, or none while it waits
    /// for the other player's dice at a contested piece or a steal against
    /// a steal; then both, with the second.
    pub settles: Vec<u8>,
    /// What this beat does to the cake and the stashes, in order.
    pub changes: Vec<Change>,
}

/// A report that does not fit the view it is said to follow: the view is
/// not the one before the round, or the report is not the engine's.
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
pub enum TimelineError {
    /// A piece is said to be taken, removed or turned up where the view has
    /// another, or none.
    #[error("{column}{row} does not hold {piece} in the view before the round")]
    NotThere {
        /// The column.
        column: Column,
        /// The row.
        row: Row,
        /// The piece the report names.
        piece: Domino,
    },
    /// A steal names a piece the other stash does not hold.
    #[error("{piece} is not in the stash it is stolen from")]
    NotInStash {
        /// The piece.
        piece: Domino,
    },
    /// The pieces turned up are not the nearest face-down pieces, in order.
    #[error("the report turns up other pieces than those that became nearest")]
    Flips,
    /// More attempts or boosts than a round can have.
    #[error("a round has at most 8 attempts and 255 boosts")]
    TooManyRolls,
}

impl Change {
    /// Applies this change to `view`, checking that it fits.
    pub fn apply(&self, view: &mut GameView) -> Result<(), TimelineError> {
        match *self {
            Change::TurnUp { column, row, piece } => {
                let cell = &mut view.board[row.index()][column.index()];
                match *cell {
                    CellView::FaceDown => *cell = CellView::FaceUp(piece),
                    CellView::FaceUp(shown) if shown == piece => {}
                    _ => return Err(TimelineError::NotThere { column, row, piece }),
                }
            }
            Change::Take {
                seat,
                column,
                row,
                piece,
            } => {
                lift(view, column, row, piece)?;
                view.families[seat].stash.insert(piece);
            }
            Change::Steal { seat, piece } => {
                if !view.families[seat.opponent()].stash.remove(piece) {
                    return Err(TimelineError::NotInStash { piece });
                }
                view.families[seat].stash.insert(piece);
            }
            Change::Remove { column, row, piece } => {
                lift(view, column, row, piece)?;
                view.removed.insert(piece);
            }
        }
        for family in [&mut view.families.yellow, &mut view.families.blue] {
            family.score = Score::of(family.stash);
        }
        Ok(())
    }
}

/// Takes `piece` off the cake at `column`, `row`, where it lies face up (a
/// piece under mice was turned up before its dice rolled).
fn lift(view: &mut GameView, column: Column, row: Row, piece: Domino) -> Result<(), TimelineError> {
    let cell = &mut view.board[row.index()][column.index()];
    match *cell {
        CellView::FaceUp(shown) if shown == piece => {
            *cell = CellView::Empty;
            Ok(())
        }
        _ => Err(TimelineError::NotThere { column, row, piece }),
    }
}

impl Beat {
    /// Moves `view` on by this beat.
    pub fn apply(&self, view: &mut GameView) -> Result<(), TimelineError> {
        self.changes
            .iter()
            .try_for_each(|change| change.apply(view))
    }
}

/// The beats of a round's reveal, from the view before the round (anyone's:
/// views differ only in their viewer) and the round's report.
pub fn timeline(before: &GameView, report: &RoundReport) -> Result<Vec<Beat>, TimelineError> {
    let mut beats = Vec::new();
    let mut view = *before;
    let mut flips = report.flips.iter();

    let turned: Vec<Change> = report
        .revealed
        .iter()
        .map(|flip| Change::TurnUp {
            column: flip.column,
            row: flip.row,
            piece: flip.piece,
        })
        .collect();
    push(&mut beats, &mut view, Landing::TurnUp, Vec::new(), turned)?;

    push_attempts(&mut beats, &mut view, report)?;

    let turned = turn_up_nearest(&view, &mut flips)?;
    push(&mut beats, &mut view, Landing::TurnUp, Vec::new(), turned)?;

    for (index, boost) in report.boosts.iter().enumerate() {
        beats.push(boost_beat(index, boost, &mut view, &mut flips)?);
    }
    if flips.next().is_some() {
        return Err(TimelineError::Flips);
    }
    Ok(beats)
}

/// Adds one beat per attempt, in rolling order, and applies it: an attempt
/// whose outcome waits for a later roll lands with no change, and is
/// settled with that roll.
fn push_attempts(
    beats: &mut Vec<Beat>,
    view: &mut GameView,
    report: &RoundReport,
) -> Result<(), TimelineError> {
    // An attempt whose outcome waits for a later roll: the first of a
    // contested pair that reached its piece.
    let waits = |index: usize| {
        let attempt = &report.attempts[index];
        attempt.contested
            && succeeded(attempt.result)
            && report.attempts[index + 1..]
                .iter()
                .any(|later| later.contested && later.column == attempt.column)
    };
    let mut waiting: Vec<usize> = Vec::new();
    for index in 0..report.attempts.len() {
        let attempt = &report.attempts[index];
        let lands = Landing::Attempt {
            index: u8::try_from(index).map_err(|_| TimelineError::TooManyRolls)?,
        };
        if waits(index) {
            waiting.push(index);
            push(beats, view, lands, Vec::new(), Vec::new())?;
            continue;
        }
        // Settled now: the attempts that waited for this one, then this one.
        let mut settled: Vec<usize> = Vec::new();
        waiting.retain(|&earlier| {
            let pair = report.attempts[earlier].column == attempt.column;
            if pair {
                settled.push(earlier);
            }
            !pair
        });
        settled.push(index);
        let mut changes = Vec::new();
        for &settling in &settled {
            effects(report, settling, &mut changes);
        }
        let settles = settled
            .iter()
            .map(|&settling| u8::try_from(settling).map_err(|_| TimelineError::TooManyRolls))
            .collect::<Result<_, _>>()?;
        push(beats, view, lands, settles, changes)?;
    }
    Ok(())
}

/// The beat of boost roll `index`: the piece it takes, then the pieces that
/// became nearest turning up, all applied to `view`.
fn boost_beat<'a>(
    index: usize,
    boost: &BoostRoll,
    view: &mut GameView,
    flips: &mut impl Iterator<Item = &'a Flip>,
) -> Result<Beat, TimelineError> {
    let lands = Landing::Boost {
        index: u8::try_from(index).map_err(|_| TimelineError::TooManyRolls)?,
    };
    let mut changes = Vec::new();
    if let (BoostResult::Took, Some(piece), Some(row)) = (boost.result, boost.piece, boost.row) {
        changes.push(Change::Take {
            seat: boost.seat,
            column: boost.column,
            row,
            piece,
        });
    }
    for change in &changes {
        change.apply(view)?;
    }
    let turned = turn_up_nearest(view, flips)?;
    for change in &turned {
        change.apply(view)?;
    }
    changes.extend(turned);
    Ok(Beat {
        lands,
        settles: Vec::new(),
        changes,
    })
}

/// Adds a beat and applies it; a turn-up beat with nothing to turn is left
/// out.
fn push(
    beats: &mut Vec<Beat>,
    view: &mut GameView,
    lands: Landing,
    settles: Vec<u8>,
    changes: Vec<Change>,
) -> Result<(), TimelineError> {
    if lands == Landing::TurnUp && changes.is_empty() {
        return Ok(());
    }
    let beat = Beat {
        lands,
        settles,
        changes,
    };
    beat.apply(view)?;
    beats.push(beat);
    Ok(())
}

/// Whether an attempt passed the success test, whatever a contest made of it.
const fn succeeded(result: AttemptResult) -> bool {
    matches!(
        result,
        AttemptResult::Took
            | AttemptResult::LostContest
            | AttemptResult::TiedContest
            | AttemptResult::Stole
            | AttemptResult::Exchanged
    )
}

/// What attempt `index` does to the cake and stashes, as the engine applies
/// it (step 4 of `resolve`).
fn effects(report: &RoundReport, index: usize, changes: &mut Vec<Change>) {
    let attempt = &report.attempts[index];
    let (seat, column, row) = (attempt.seat, attempt.column, attempt.row);
    match (attempt.result, attempt.target) {
        (AttemptResult::Took, Target::Piece { piece }) => changes.push(Change::Take {
            seat,
            column,
            row,
            piece,
        }),
        (AttemptResult::Stole, Target::Steal { piece }) => {
            changes.push(Change::Take {
                seat,
                column,
                row,
                piece: Domino::DOUBLE_BLANK,
            });
            changes.push(Change::Steal { seat, piece });
        }
        (AttemptResult::Exchanged, Target::Steal { piece }) => {
            // The double-blank leaves the game with the first of the two.
            let removed = changes
                .iter()
                .any(|change| matches!(change, Change::Remove { .. }));
            if !removed {
                changes.push(Change::Remove {
                    column,
                    row,
                    piece: Domino::DOUBLE_BLANK,
                });
            }
            changes.push(Change::Steal { seat, piece });
        }
        _ => {}
    }
}

/// The nearest pieces of `view` lying face down, turned up in the report's
/// order: the next flips of the report must be exactly these.
fn turn_up_nearest<'a>(
    view: &GameView,
    flips: &mut impl Iterator<Item = &'a Flip>,
) -> Result<Vec<Change>, TimelineError> {
    let mut due: Vec<(Column, Row)> = Vec::new();
    for column in Column::ALL {
        for seat in Seat::ALL {
            if let Some((row, CellView::FaceDown)) = view.nearest(seat, column)
                && !due.contains(&(column, row))
            {
                due.push((column, row));
            }
        }
    }
    due.into_iter()
        .map(|(column, row)| match flips.next() {
            Some(flip) if flip.column == column && flip.row == row => Ok(Change::TurnUp {
                column,
                row,
                piece: flip.piece,
            }),
            _ => Err(TimelineError::Flips),
        })
        .collect()
}

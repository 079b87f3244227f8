//! A round as a matrix game, valued exactly.

use alloc::vec::Vec;

use crate::assignment::Assignment;
use crate::coords::{COLUMNS, Column, ROWS, Row};
use crate::domino::{Domino, PIECE_COUNT};
use crate::seat::Seat;
use crate::view::{Access, CellView, GameView};

use super::column::{Context, Goal, Line, SideOdds};
use super::{Evaluation, MatrixGame};

/// Targets kept for each way of placing mice that steals: the best by
/// what they are worth alone.
const STEAL_TARGETS: usize = 3;

/// A round as a matrix game between `seat` (the rows) and its opponent
/// (the columns), valued in pips for `seat`.
#[derive(Clone, Debug)]
pub struct RoundGame {
    /// The player the game is seen by.
    pub seat: Seat,
    /// The player's assignments.
    pub mine: Vec<Assignment>,
    /// The opponent's assignments.
    pub theirs: Vec<Assignment>,
    /// What each pair is worth to `seat`.
    pub matrix: MatrixGame,
    values: ColumnValues,
}

impl RoundGame {
    /// The round `view` is at, for `seat`.
    pub fn new(view: &GameView, seat: Seat) -> RoundGame {
        RoundGame::with_evaluation(view, seat, Evaluation::STANDARD)
    }

    /// The round valued with other weights.
    pub fn with_evaluation(view: &GameView, seat: Seat, evaluation: Evaluation) -> RoundGame {
        let values = ColumnValues::new(view, seat, evaluation);
        let mine = values.candidates(view.legal_assignments(seat), true);
        let theirs = values.candidates(view.legal_assignments(seat.opponent()), false);
        let matrix = MatrixGame::new(mine.len(), theirs.len(), |row, column| {
            values.pair(&mine[row], &theirs[column])
        });
        RoundGame {
            seat,
            mine,
            theirs,
            matrix,
            values,
        }
    }

    /// What `mine` is worth against the opponent's `theirs`: any two legal
    /// assignments, candidates or not.
    pub fn value(&self, mine: &Assignment, theirs: &Assignment) -> f64 {
        self.values.pair(mine, theirs)
    }
}

/// Every column's odds for every number of mice on each side, computed
/// once: a pair of assignments then costs a few additions.
#[derive(Clone, Debug)]
struct ColumnValues {
    rest: f64,
    lines: [Line; COLUMNS],
    /// `sides[column][0 mine, 1 theirs][mice]`, for goals that are not steals.
    sides: [[[SideOdds; 5]; 2]; COLUMNS],
    /// For steals: `steals[column][side][mice * 28 + target]`.
    steals: [[Vec<SideOdds>; 2]; COLUMNS],
    /// `contests[column][mine][theirs]`, for columns of a single piece.
    contests: [[[f64; 5]; 5]; COLUMNS],
}

impl ColumnValues {
    fn new(view: &GameView, seat: Seat, evaluation: Evaluation) -> ColumnValues {
        let context = Context {
            evaluation: &evaluation,
            boost: view.options.boost,
            unseen: view.unseen(),
        };
        let lines = Column::ALL.map(|column| line(view, seat, column));
        let stashes = [
            view.families[seat.opponent()].stash,
            view.families[seat].stash,
        ];
        let mut values = ColumnValues {
            rest: evaluation.rest,
            lines,
            sides: [[[SideOdds::default(); 5]; 2]; COLUMNS],
            steals: Default::default(),
            contests: [[[0.0; 5]; 5]; COLUMNS],
        };
        for (column, line) in lines.iter().enumerate() {
            if line.is_contest() {
                for mine in 0..=4u8 {
                    for theirs in 0..=4u8 {
                        values.contests[column][usize::from(mine)][usize::from(theirs)] =
                            line.contest(&context, mine, theirs);
                    }
                }
                continue;
            }
            for (side, (goal, stash)) in [line.mine, line.theirs]
                .into_iter()
                .zip(stashes)
                .enumerate()
            {
                let mine = side == 0;
                if goal == Goal::Steal {
                    let mut odds = alloc::vec![SideOdds::default(); 5 * PIECE_COUNT];
                    for mice in 1..=4u8 {
                        for target in stash.iter() {
                            odds[usize::from(mice) * PIECE_COUNT + target.index()] =
                                line.side(&context, mine, mice, Some(target));
                        }
                    }
                    values.steals[column][side] = odds;
                } else {
                    for mice in 1..=4u8 {
                        values.sides[column][side][usize::from(mice)] =
                            line.side(&context, mine, mice, None);
                    }
                }
            }
        }
        values
    }

    /// One side's odds in `column`.
    fn side(&self, column: usize, side: usize, mice: u8, target: Option<Domino>) -> SideOdds {
        let mice = usize::from(mice.min(4));
        match (self.steals[column][side].as_slice(), target) {
            ([], _) => self.sides[column][side][mice],
            (steals, Some(target)) => steals
                .get(mice * PIECE_COUNT + target.index())
                .copied()
                .unwrap_or_default(),
            (_, None) => SideOdds::default(),
        }
    }

    /// What the pair is worth to the rows' player.
    fn pair(&self, mine: &Assignment, theirs: &Assignment) -> f64 {
        (0..COLUMNS)
            .map(|column| {
                let (m, t) = (mine.mice[column].min(4), theirs.mice[column].min(4));
                if m == 0 && t == 0 {
                    0.0
                } else if self.lines[column].is_contest() {
                    self.contests[column][usize::from(m)][usize::from(t)]
                } else {
                    let me = self.side(column, 0, m, mine.steal);
                    let them = self.side(column, 1, t, theirs.steal);
                    me.against(&them, self.rest)
                }
            })
            .sum()
    }

    /// The assignments worth a place in the matrix: all of them, except
    /// that each way of placing mice that steals keeps its best targets.
    fn candidates(&self, legal: Vec<Assignment>, mine: bool) -> Vec<Assignment> {
        if legal.iter().all(|assignment| assignment.steal.is_none()) {
            return legal;
        }
        let mut kept: Vec<Assignment> = Vec::with_capacity(legal.len());
        let mut stealing: Vec<(f64, Assignment)> = Vec::new();
        let flush = |stealing: &mut Vec<(f64, Assignment)>, kept: &mut Vec<Assignment>| {
            stealing.sort_by(|a, b| b.0.total_cmp(&a.0));
            kept.extend(stealing.drain(..).take(STEAL_TARGETS).map(|(_, a)| a));
        };
        // `legal` lists the targets of one placement of mice together.
        for assignment in legal {
            if assignment.steal.is_none() {
                flush(&mut stealing, &mut kept);
                kept.push(assignment);
                continue;
            }
            if stealing
                .first()
                .is_some_and(|(_, first)| first.mice != assignment.mice)
            {
                flush(&mut stealing, &mut kept);
            }
            // Worth alone: against an opponent who leaves the column be.
            let alone = if mine {
                self.pair(&assignment, &Assignment::EMPTY)
            } else {
                -self.pair(&Assignment::EMPTY, &assignment)
            };
            stealing.push((alone, assignment));
        }
        flush(&mut stealing, &mut kept);
        kept
    }
}

/// `column` from `seat`'s end to the opponent's.
fn line(view: &GameView, seat: Seat, column: Column) -> Line {
    let mut line = Line {
        len: 0,
        pieces: [None; ROWS],
        mine: goal(view.access(seat, column)),
        theirs: goal(view.access(seat.opponent(), column)),
    };
    let mut rows: [Option<Row>; ROWS] = [None; ROWS];
    for (slot, row) in rows.iter_mut().zip(Row::all()) {
        *slot = Some(row);
    }
    if seat == Seat::Blue {
        rows.reverse();
    }
    for row in rows.into_iter().flatten() {
        let piece = match view.cell(column, row) {
            CellView::Empty => continue,
            CellView::FaceDown => None,
            CellView::FaceUp(piece) => Some(piece),
        };
        line.pieces[line.len] = piece;
        line.len += 1;
    }
    line
}

fn goal(access: Access) -> Goal {
    match access {
        Access::Piece(piece) => Goal::Piece(piece),
        Access::FaceDown => Goal::FaceDown,
        Access::Steal => Goal::Steal,
        Access::Empty | Access::NothingToSteal => Goal::Closed,
    }
}

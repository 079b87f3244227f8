//! Resolving a round (rulings 5, 8–13, 17, 18).
//!
//! The steps, in order:
//! 1. Face-down nearest pieces are turned up, before any die (ruling 17).
//! 2. Every attempt rolls against the board and stashes as they stood at the
//!    start of the round (ruling 8): Yellow's columns A to D, then Blue's.
//! 3. Results are decided together: a contested piece goes to the higher of
//!    two successes (ruling 11); two successful steals exchange (ruling 12).
//! 4. All effects apply at once; the pieces that became nearest turn face up.
//! 5. Boost variant: boost rolls, one at a time, in a fixed order (ruling 18).
//! 6. Exhausted mice rest next round; the end of the game is checked.

use alloc::collections::VecDeque;
use alloc::vec::Vec;

use crate::assignment::Assignment;
use crate::coords::{Column, PerColumn, Row};
use crate::dice::{Dice, DiceError, Roll, RollKind, RollRequest};
use crate::domino::Domino;
use crate::game::Game;
use crate::judge::judge;
use crate::report::{Attempt, AttemptResult, BoostResult, BoostRoll, Flip, RoundReport, Target};
use crate::score::Outcome;
use crate::seat::{Seat, Seated};

/// Whether each attempt passed the success test, by seat and column.
type Successes = Seated<PerColumn<bool>>;

impl Game {
    /// Plays a round whose assignments have been checked.
    pub(crate) fn play_round<D: Dice + ?Sized>(
        &mut self,
        assignments: Seated<Assignment>,
        dice: &mut D,
    ) -> Result<RoundReport, DiceError> {
        let mut report = RoundReport {
            round: self.round,
            assignments,
            revealed: Vec::new(),
            attempts: Vec::new(),
            boosts: Vec::new(),
            flips: Vec::new(),
            removed: None,
            resting: Seated::default(),
            outcome: None,
        };
        let contested = Column::ALL.map(|column| self.board.remaining(column) == 1);

        self.board.turn_nearest_face_up(&mut report.revealed);
        let successes;
        (report.attempts, successes) =
            self.roll_attempts(&assignments, &report.revealed, &contested, dice)?;
        // Room for eight while rolling; a record keeps the report for the
        // whole game, so only what was used.
        report.attempts.shrink_to_fit();
        decide_results(&mut report.attempts, &successes);

        let mut moved = self.apply_attempts(&report.attempts, &mut report.removed);
        self.board.turn_nearest_face_up(&mut report.flips);
        if self.options.boost {
            moved |= self.play_boosts(&mut report, dice)?;
        }

        let mut resting = Seated::<PerColumn<u8>>::default();
        for attempt in &report.attempts {
            resting[attempt.seat][attempt.column.index()] += attempt.exhausted;
        }
        self.resting = resting;
        report.resting = resting;
        self.rounds_without_progress = if moved {
            0
        } else {
            self.rounds_without_progress + 1
        };
        self.outcome = self
            .end_reason()
            .map(|end| Outcome::decide(end, self.stashes));
        report.outcome = self.outcome;
        if self.outcome.is_none() {
            self.round += 1;
        }
        Ok(report)
    }

    /// Step 2: rolls every attempt.
    fn roll_attempts<D: Dice + ?Sized>(
        &self,
        assignments: &Seated<Assignment>,
        revealed: &[Flip],
        contested: &PerColumn<bool>,
        dice: &mut D,
    ) -> Result<(Vec<Attempt>, Successes), DiceError> {
        let mut attempts = Vec::with_capacity(8);
        let mut successes = Successes::default();
        for seat in Seat::ALL {
            let assignment = &assignments[seat];
            for (column, mice) in assignment.placements() {
                let Some((row, target)) = self.attempt_target(seat, column, assignment, revealed)
                else {
                    continue;
                };
                let mut attempt = Attempt {
                    seat,
                    column,
                    mice,
                    row,
                    target,
                    dice: Roll::default(),
                    sum: 0,
                    value: 0,
                    contested: false,
                    exhausted: 0,
                    boosted: 0,
                    result: AttemptResult::NoAttempt,
                };
                if let Some(piece) = target.judged_piece() {
                    successes[seat][column.index()] =
                        self.roll_attempt(&mut attempt, piece, dice)?;
                }
                // A column with one piece is a contest only if both attempt it.
                attempt.contested =
                    contested[column.index()] && assignments[seat.opponent()].mice_in(column) > 0;
                attempts.push(attempt);
            }
        }
        Ok((attempts, successes))
    }

    /// The row and target of `seat`'s attempt on `column`. None when there
    /// is nothing to attempt, which a checked assignment rules out: the
    /// column has a piece, and a face-up double-blank comes with a steal
    /// target.
    fn attempt_target(
        &self,
        seat: Seat,
        column: Column,
        assignment: &Assignment,
        revealed: &[Flip],
    ) -> Option<(Row, Target)> {
        let nearest = self.board.nearest(seat, column)?;
        let target = match (nearest.piece.is_double_blank(), assignment.steal) {
            (false, _) => Target::Piece {
                piece: nearest.piece,
            },
            // Turned up this round: the mice chose it blind (ruling 17).
            (true, _)
                if revealed
                    .iter()
                    .any(|flip| flip.row == nearest.row && flip.column == column) =>
            {
                Target::BlindDoubleBlank
            }
            (true, Some(piece)) => Target::Steal { piece },
            (true, None) => return None,
        };
        Some((nearest.row, target))
    }

    /// Rolls `attempt`'s dice against `piece` and fills in its sum, value,
    /// matched dice and result; returns whether it passed the success test.
    fn roll_attempt<D: Dice + ?Sized>(
        &self,
        attempt: &mut Attempt,
        piece: Domino,
        dice: &mut D,
    ) -> Result<bool, DiceError> {
        let request = RollRequest {
            seat: attempt.seat,
            column: attempt.column,
            dice: attempt.mice,
            kind: RollKind::Attempt,
        };
        attempt.dice = dice.roll(request)?;
        let verdict = judge(piece, &attempt.dice, self.options.boost);
        attempt.sum = verdict.sum;
        attempt.value = piece.pips();
        if self.options.boost {
            attempt.boosted = verdict.matched;
        } else {
            attempt.exhausted = verdict.matched;
        }
        attempt.result = if verdict.success {
            match attempt.target {
                Target::Steal { .. } => AttemptResult::Stole,
                _ => AttemptResult::Took,
            }
        } else if attempt.exhausted > 0 {
            AttemptResult::Exhausted
        } else {
            AttemptResult::TooLow
        };
        Ok(verdict.success)
    }

    /// Step 4: moves the pieces won; returns whether any piece moved.
    fn apply_attempts(&mut self, attempts: &[Attempt], removed: &mut Option<Domino>) -> bool {
        let mut moved = false;
        for attempt in attempts {
            let seat = attempt.seat;
            match (attempt.result, attempt.target) {
                (AttemptResult::Took, _) => {
                    if let Some(piece) = self.board.take(seat, attempt.column) {
                        self.stashes[seat].insert(piece);
                        moved = true;
                    }
                }
                (AttemptResult::Stole, Target::Steal { piece: target }) => {
                    if let Some(double_blank) = self.board.take(seat, attempt.column) {
                        self.stashes[seat].insert(double_blank);
                    }
                    self.stashes[seat.opponent()].remove(target);
                    self.stashes[seat].insert(target);
                    moved = true;
                }
                // Both steals are marked `Exchanged`; each moves its own target.
                // The double-blank is its column's only piece, so the first
                // `take` removes it from the game and the second finds nothing.
                (AttemptResult::Exchanged, Target::Steal { piece: target }) => {
                    if let Some(double_blank) = self.board.take(seat, attempt.column) {
                        self.removed.insert(double_blank);
                        *removed = Some(double_blank);
                    }
                    self.stashes[seat.opponent()].remove(target);
                    self.stashes[seat].insert(target);
                    moved = true;
                }
                _ => {}
            }
        }
        moved
    }

    /// Step 5 (boost variant): plays every boost; returns whether any took a
    /// piece.
    ///
    /// Order: columns A to D; within a column, Yellow first in odd rounds and
    /// Blue first in even rounds, so neither seat is always first. A boost that
    /// matches again queues a further boost at the end.
    fn play_boosts<D: Dice + ?Sized>(
        &mut self,
        report: &mut RoundReport,
        dice: &mut D,
    ) -> Result<bool, DiceError> {
        let first = if self.round % 2 == 1 {
            Seat::Yellow
        } else {
            Seat::Blue
        };
        let mut queue: VecDeque<(Seat, Column, u8)> = VecDeque::new();
        for column in Column::ALL {
            for seat in [first, first.opponent()] {
                let boosted = report
                    .attempts
                    .iter()
                    .find(|a| a.seat == seat && a.column == column)
                    .map_or(0, |a| a.boosted);
                if boosted > 0 {
                    queue.push_back((seat, column, boosted));
                }
            }
        }
        let mut moved = false;
        while let Some((seat, column, mice)) = queue.pop_front() {
            let mut boost = BoostRoll {
                seat,
                column,
                mice,
                piece: None,
                row: None,
                dice: Roll::default(),
                sum: 0,
                boosted: 0,
                result: BoostResult::NothingToRoll,
            };
            let nearest = self
                .board
                .nearest(seat, column)
                .filter(|nearest| !nearest.piece.is_double_blank());
            if let Some(nearest) = nearest {
                let request = RollRequest {
                    seat,
                    column,
                    dice: mice,
                    kind: RollKind::Boost,
                };
                boost.piece = Some(nearest.piece);
                boost.row = Some(nearest.row);
                boost.dice = dice.roll(request)?;
                let verdict = judge(nearest.piece, &boost.dice, true);
                boost.sum = verdict.sum;
                if verdict.success {
                    boost.result = BoostResult::Took;
                    if let Some(piece) = self.board.take(seat, column) {
                        self.stashes[seat].insert(piece);
                        moved = true;
                    }
                    self.board.turn_nearest_face_up(&mut report.flips);
                    // A match always reaches the piece's pips, so every
                    // further boost follows a piece taken: the chain ends.
                    if verdict.matched > 0 {
                        boost.boosted = verdict.matched;
                        queue.push_back((seat, column, verdict.matched));
                    }
                } else {
                    boost.result = BoostResult::TooLow;
                }
            }
            report.boosts.push(boost);
        }
        Ok(moved)
    }
}

/// Step 3: contests and exchanges (rulings 11 and 12). Uncontested attempts
/// keep the result they were rolled with.
fn decide_results(attempts: &mut [Attempt], successes: &Successes) {
    for column in Column::ALL {
        let both_succeeded = successes.yellow[column.index()] && successes.blue[column.index()];
        let mut pair = attempts
            .iter_mut()
            .filter(|attempt| attempt.column == column && attempt.contested);
        let (Some(yellow), Some(blue)) = (pair.next(), pair.next()) else {
            continue;
        };
        if !both_succeeded {
            // At most one succeeded: it takes the piece as rolled.
            continue;
        }
        if matches!(yellow.target, Target::Steal { .. }) {
            yellow.result = AttemptResult::Exchanged;
            blue.result = AttemptResult::Exchanged;
            continue;
        }
        (yellow.result, blue.result) = match yellow.sum.cmp(&blue.sum) {
            core::cmp::Ordering::Greater => (AttemptResult::Took, AttemptResult::LostContest),
            core::cmp::Ordering::Less => (AttemptResult::LostContest, AttemptResult::Took),
            core::cmp::Ordering::Equal => (AttemptResult::TiedContest, AttemptResult::TiedContest),
        };
    }
}

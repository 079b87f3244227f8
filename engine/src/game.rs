//! The state of one game and the operations on it.

use alloc::vec::Vec;
use core::fmt;

use crate::assignment::{Assignment, AssignmentError};
use crate::board::{Board, Layout};
use crate::coords::{Column, PerColumn};
use crate::dice::{Dice, DiceError};
use crate::domino::DominoSet;
use crate::legal::{self, PublicFacts};
use crate::options::{Options, OptionsError};
use crate::position::{Position, PositionError};
use crate::report::RoundReport;
use crate::score::{EndReason, Outcome, Score};
use crate::seat::{Seat, Seated};
use crate::view::{CellView, FamilyView, GameView, Viewer, available_mice};

/// A game of Mice Cake: the cake, both stashes, the resting mice and the
/// round. Inputs in (both assignments and a dice source), a report out.
///
/// `Game` holds the identity of face-down pieces, so it is the server's
/// secret: show players and spectators a [`GameView`], never the `Game`.
/// Its `Debug` output shows only what a spectator may see, and it has no
/// `Hash` (a hash of it would depend on the hidden pieces).
#[derive(Clone, PartialEq, Eq)]
pub struct Game {
    pub(crate) options: Options,
    pub(crate) board: Board,
    pub(crate) stashes: Seated<DominoSet>,
    pub(crate) removed: DominoSet,
    /// Mice resting this round, by the column where they were exhausted.
    pub(crate) resting: Seated<PerColumn<u8>>,
    pub(crate) round: u32,
    pub(crate) rounds_without_progress: u32,
    pub(crate) outcome: Option<Outcome>,
}

/// Why a round could not be resolved. The game is unchanged.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum RoundError {
    /// The game has ended.
    #[error("the game is over")]
    GameOver,
    /// An assignment cannot be played.
    #[error("{seat}'s assignment cannot be played: {error}")]
    IllegalAssignment {
        /// Whose assignment.
        seat: Seat,
        /// What is wrong with it.
        #[source]
        error: AssignmentError,
    },
    /// The dice source failed.
    #[error(transparent)]
    Dice(#[from] DiceError),
}

impl Game {
    /// A new game on the cake as dealt in `layout`.
    pub fn new(options: Options, layout: &Layout) -> Result<Game, OptionsError> {
        options.validate()?;
        Ok(Game {
            options,
            board: Board::new(layout, options.reveal),
            stashes: Seated::default(),
            removed: DominoSet::EMPTY,
            resting: Seated::default(),
            round: 1,
            rounds_without_progress: 0,
            outcome: None,
        })
    }

    /// A game from an explicit position, if play could reach it. The game
    /// is over at once if the position is an end (ruling 15).
    pub fn from_position(options: Options, position: &Position) -> Result<Game, PositionError> {
        options.validate()?;
        position.check_pieces_and_mice()?;
        let mut game = Game {
            options,
            board: Board::from_cells(&position.board)?,
            stashes: position.stashes,
            removed: position.removed,
            resting: position.resting,
            round: position.round,
            rounds_without_progress: position.rounds_without_progress,
            outcome: None,
        };
        game.outcome = game
            .end_reason()
            .map(|end| Outcome::decide(end, game.stashes));
        Ok(game)
    }

    /// The rules in play.
    pub const fn options(&self) -> &Options {
        &self.options
    }

    /// The round to be played next; once over, the last round played.
    pub const fn round(&self) -> u32 {
        self.round
    }

    /// How the game ended, once it has.
    pub const fn outcome(&self) -> Option<&Outcome> {
        self.outcome.as_ref()
    }

    /// Whether the game has ended.
    pub const fn is_over(&self) -> bool {
        self.outcome.is_some()
    }

    /// `seat`'s stash.
    pub fn stash(&self, seat: Seat) -> DominoSet {
        self.stashes[seat]
    }

    /// `seat`'s score so far.
    pub fn score(&self, seat: Seat) -> Score {
        Score::of(self.stashes[seat])
    }

    /// Mice `seat` may place this round.
    pub fn available_mice(&self, seat: Seat) -> u8 {
        available_mice(&self.resting[seat])
    }

    /// Pieces out of the game.
    pub const fn removed(&self) -> DominoSet {
        self.removed
    }

    /// The pieces lying face down. This is the secret of the game: a server
    /// must never send it, log it or store it where others can read it.
    pub fn secret_face_down_pieces(&self) -> DominoSet {
        self.board.face_down()
    }

    /// The pieces on the board, face up or down.
    pub fn pieces_on_board(&self) -> DominoSet {
        self.board.pieces()
    }

    /// What `viewer` may see: everything but the face-down pieces.
    pub fn view(&self, viewer: Viewer) -> GameView {
        GameView {
            viewer,
            options: self.options,
            round: self.round,
            board: self.board.public_cells(),
            families: Seated::from_fn(|seat| FamilyView {
                stash: self.stashes[seat],
                score: self.score(seat),
                resting: self.resting[seat],
                available: self.available_mice(seat),
            }),
            removed: self.removed,
            rounds_without_progress: self.rounds_without_progress,
            outcome: self.outcome,
        }
    }

    /// Checks `seat`'s assignment for this round, on public information
    /// only (as [`GameView::check`]).
    pub fn check(&self, seat: Seat, assignment: &Assignment) -> Result<(), AssignmentError> {
        legal::check(self, seat, assignment)
    }

    /// Every legal assignment for `seat` this round (as
    /// [`GameView::legal_assignments`]).
    pub fn legal_assignments(&self, seat: Seat) -> Vec<Assignment> {
        legal::legal_assignments(self, seat)
    }

    /// Plays one round: checks both assignments, rolls every die from
    /// `dice`, applies every outcome and returns the report.
    ///
    /// On any error the game is left exactly as it was. An assignment error
    /// describes that assignment (its columns, its target): like the
    /// assignment itself, it is for its author's eyes only until the reveal.
    /// A server checks each assignment with [`Game::check`] as it is
    /// committed and answers only its author.
    pub fn resolve<D: Dice + ?Sized>(
        &mut self,
        yellow: &Assignment,
        blue: &Assignment,
        dice: &mut D,
    ) -> Result<RoundReport, RoundError> {
        if self.is_over() {
            return Err(RoundError::GameOver);
        }
        let assignments = Seated {
            yellow: *yellow,
            blue: *blue,
        };
        for seat in Seat::ALL {
            self.check(seat, &assignments[seat])
                .map_err(|error| RoundError::IllegalAssignment { seat, error })?;
        }
        // Work on a copy: a dice error half-way leaves `self` untouched.
        let mut next = self.clone();
        let report = next.play_round(assignments, dice)?;
        *self = next;
        Ok(report)
    }

    /// Why the game is over now, if it is (ruling 15).
    pub(crate) fn end_reason(&self) -> Option<EndReason> {
        if self.board.is_empty() {
            return Some(EndReason::BoardCleared);
        }
        // Neither player can place a mouse next round: each has every mouse
        // resting or no open column (the two cases of ruling 14).
        let cannot_place =
            |seat: Seat| Game::available_mice(self, seat) == 0 || !self.has_open_column(seat);
        if Seat::ALL.into_iter().all(cannot_place) {
            return Some(EndReason::NoMovesLeft);
        }
        if self.rounds_without_progress >= self.options.stall_limit {
            return Some(EndReason::StallLimit);
        }
        None
    }
}

/// Public facts only: a face-down nearest piece is told as face down.
impl PublicFacts for Game {
    fn is_over(&self) -> bool {
        Game::is_over(self)
    }

    fn available_mice(&self, seat: Seat) -> u8 {
        Game::available_mice(self, seat)
    }

    fn nearest_cell(&self, seat: Seat, column: Column) -> Option<CellView> {
        self.board.nearest(seat, column).map(|nearest| {
            if nearest.face_up {
                CellView::FaceUp(nearest.piece)
            } else {
                CellView::FaceDown
            }
        })
    }

    fn stash(&self, seat: Seat) -> DominoSet {
        Game::stash(self, seat)
    }
}

impl fmt::Debug for Game {
    /// Only what a spectator may see: a stray `{:?}` in a log cannot leak.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Game")
            .field("view", &self.view(Viewer::Spectator))
            .finish_non_exhaustive()
    }
}

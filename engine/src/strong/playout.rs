//! Playouts: what a pair of assignments leads to by the end of the game.
//!
//! A playout deals the face-down pieces at random among the unseen (a
//! determinization: the player never looks at the real ones), plays the
//! pair, then plays the rest of the game `greedy` against `greedy`, and
//! scores the final margin. Every pair of a round is played out on the
//! same deals with the same dice ([`KeyedDice`]: a roll is a function of
//! the playout, the round, the seat, the column and the kind of roll), so
//! that two pairs differ by their consequences, not by their luck.

use crate::assignment::Assignment;
use crate::board::{Board, Cell};
use crate::coords::{COLUMNS, Column, ROWS};
use crate::dice::{Dice, DiceError, MAX_DICE, Roll, RollKind, RollRequest};
use crate::domino::Domino;
use crate::game::Game;
use crate::greedy::greedy_assignment;
use crate::seat::{Seat, Seated};
use crate::view::{CellView, GameView, Viewer};

/// Rolls that depend only on where and when they are rolled.
pub(crate) struct KeyedDice {
    playout: u64,
    round: u32,
    /// Boost rolls so far this round, per seat and column: a chain of
    /// boosts rolls new dice each time.
    boosts: Seated<[u8; COLUMNS]>,
}

impl KeyedDice {
    pub(crate) fn new(playout: u64) -> KeyedDice {
        KeyedDice {
            playout,
            round: 0,
            boosts: Seated::default(),
        }
    }

    fn start_round(&mut self, round: u32) {
        self.round = round;
        self.boosts = Seated::default();
    }
}

impl Dice for KeyedDice {
    fn roll(&mut self, request: RollRequest) -> Result<Roll, DiceError> {
        let occurrence = match request.kind {
            RollKind::Attempt => 0,
            RollKind::Boost => {
                let count = &mut self.boosts[request.seat][request.column.index()];
                *count = count.saturating_add(1);
                u64::from(*count)
            }
        };
        let key = self.playout
            ^ u64::from(self.round) << 8
            ^ (request.seat as u64) << 40
            ^ (request.column.index() as u64) << 44
            ^ occurrence << 48;
        let mut faces = [0u8; MAX_DICE];
        let count = usize::from(request.dice).min(MAX_DICE);
        for (die, face) in faces.iter_mut().take(count).enumerate() {
            // Six faces from 64 well-mixed bits: the bias is below 1e-18.
            *face = (mix(key ^ (die as u64) << 56) % 6) as u8 + 1;
        }
        Roll::new(&faces[..count]).map_err(|error| DiceError::Invalid { request, error })
    }
}

/// SplitMix64's finalizer: every input bit moves every output bit.
pub(crate) fn mix(mut x: u64) -> u64 {
    x = x.wrapping_add(0x9E37_79B9_7F4A_7C15);
    x = (x ^ (x >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    x = (x ^ (x >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    x ^ (x >> 31)
}

/// A game as `view` shows it, its face-down pieces dealt from the unseen
/// pieces by `deal`; `None` if the view does not describe a game.
pub(crate) fn determinize(view: &GameView, deal: u64) -> Option<Game> {
    let mut unseen: alloc::vec::Vec<Domino> = view.unseen().iter().collect();
    // Fisher–Yates with the deal's own numbers.
    let mut state = deal;
    for last in (1..unseen.len()).rev() {
        state = mix(state);
        let pick = (state % (last as u64 + 1)) as usize;
        unseen.swap(last, pick);
    }
    let mut cells = [[Cell::Empty; COLUMNS]; ROWS];
    for (row, cells) in cells.iter_mut().enumerate() {
        for column in Column::ALL {
            cells[column.index()] = match view.board[row][column.index()] {
                CellView::Empty => Cell::Empty,
                CellView::FaceUp(piece) => Cell::FaceUp(piece),
                CellView::FaceDown => Cell::FaceDown(unseen.pop()?),
            };
        }
    }
    Some(Game {
        options: view.options,
        board: Board::from_cells(&cells).ok()?,
        stashes: view.families.map(|family| family.stash),
        removed: view.removed,
        resting: view.families.map(|family| family.resting),
        round: view.round,
        rounds_without_progress: view.rounds_without_progress,
        outcome: None,
    })
}

/// `seat`'s final margin, in pips, when the pair is played on `game` and
/// the rest of the game `greedy` against `greedy`, with `dice`.
pub(crate) fn play_out(
    game: &Game,
    seat: Seat,
    mine: &Assignment,
    theirs: &Assignment,
    playout: u64,
) -> f64 {
    let mut game = game.clone();
    let mut dice = KeyedDice::new(playout);
    let (mut yellow, mut blue) = match seat {
        Seat::Yellow => (*mine, *theirs),
        Seat::Blue => (*theirs, *mine),
    };
    while !game.is_over() {
        dice.start_round(game.round);
        let assignments = Seated { yellow, blue };
        if game.play_round(assignments, &mut dice).is_err() {
            break;
        }
        if game.is_over() {
            break;
        }
        let view = game.view(Viewer::Spectator);
        yellow = greedy_assignment(&view, Seat::Yellow);
        blue = greedy_assignment(&view, Seat::Blue);
    }
    let pips = |seat: Seat| f64::from(game.stashes[seat].pips());
    pips(seat) - pips(seat.opponent())
}

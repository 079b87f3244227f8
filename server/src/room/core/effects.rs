//! What the room's rules ask of the world besides the frames they send and
//! the changes they store: answers to the questions commands asked, the
//! directory's seat tokens, the server's counters, reports for the arena.
//! The rules list them; the shell (`room/actor/`) carries them out after
//! each step, so the rules touch nothing shared and a test reads exactly
//! what a step asked for.

use super::input::{Answer, AskId};
use crate::room::ArenaReport;
use crate::token::TokenHash;

/// One thing a step of the room asks for.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(in crate::room) enum Effect {
    /// The answer to question `AskId` (a join, a watch, a barrier).
    Answer(AskId, Answer),
    /// A seat token now leads to this room.
    RegisterSeat(TokenHash),
    /// A seat token leads nowhere any more (its player left, or the seat
    /// was given to another key).
    ForgetSeat(TokenHash),
    /// Something happened that the server counts.
    Count(Tally),
    /// Something the room's arena is to know, once the step is stored.
    Arena(ArenaReport),
}

/// What the room counts (see `crate::metrics`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(in crate::room) enum Tally {
    GameStarted,
    /// A game ended, and how (`board_cleared`, `forfeit`, …).
    GameFinished(&'static str),
    Round,
    /// A request refused, by its error code.
    Refused(&'static str),
    /// A pairing's room closed: a player did not come.
    PairingCalledOff,
}

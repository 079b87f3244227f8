//! What the room's rules ask of the world besides the frames they send and
//! the changes they store: the directory's seat tokens and the server's
//! counters. The rules list them; the shell ([`Room::run`](super::Room))
//! carries them out after each step, so the core touches nothing shared and
//! a test reads exactly what a step asked for.

use mice_cake_protocol::RoomCode;

use crate::room::ArenaReport;
use crate::room::context::Directory;
use crate::token::TokenHash;

/// One thing a step of the room asks for.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(in crate::room) enum Effect {
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

impl Effect {
    /// Carries the effect out for the room `code`.
    pub(in crate::room) fn apply(self, code: RoomCode, directory: &dyn Directory) {
        match self {
            Effect::RegisterSeat(hash) => directory.register_seat(hash, code),
            Effect::ForgetSeat(hash) => directory.forget_seat(&hash),
            Effect::Count(tally) => tally.count(),
            // Posted by the shell once stored (`Room::run`).
            Effect::Arena(_) => {}
        }
    }
}

impl Tally {
    fn count(self) {
        use crate::metrics::{ERRORS, GAMES_FINISHED, GAMES_STARTED, PAIRINGS_CALLED_OFF, ROUNDS};
        match self {
            Tally::GameStarted => metrics::counter!(GAMES_STARTED).increment(1),
            Tally::GameFinished(ending) => {
                metrics::counter!(GAMES_FINISHED, "ending" => ending).increment(1);
            }
            Tally::Round => metrics::counter!(ROUNDS).increment(1),
            Tally::Refused(code) => metrics::counter!(ERRORS, "code" => code).increment(1),
            Tally::PairingCalledOff => metrics::counter!(PAIRINGS_CALLED_OFF).increment(1),
        }
    }
}

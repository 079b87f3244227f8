//! What a room is asked, as data: each command with the connection it
//! comes from and, for one that answers, the number of the question; the
//! answer comes back as an [`Effect::Answer`](super::effects::Effect).
//! The shell turns the commands its channel carries into these
//! (`room/actor/asking.rs`), keeping their reply channels.

use mice_cake_engine::{Assignment, Nonce, Seal, SealSignature};

use super::present::Present;
use crate::room::{ConnId, JoinToken, Refusal, SealSigning, SeatTaken, Seating};
use crate::token::TokenHash;

/// The number of a question a command asks, for its answer.
pub(in crate::room) type AskId = u64;

/// One command to the room's rules (see [`crate::room::Command`], whose
/// meanings these keep).
#[derive(Debug)]
pub(in crate::room) enum Input {
    Join {
        present: Present,
        name: String,
        token: JoinToken,
        seating: Seating,
        ask: AskId,
    },
    Watch {
        present: Present,
        ask: AskId,
    },
    Resume {
        present: Present,
        token: TokenHash,
        last_seq: Option<u64>,
        seating: Seating,
        ask: AskId,
    },
    Seal {
        conn: ConnId,
        round: u32,
        seal: Seal,
        signature: SealSigning,
    },
    Open {
        conn: ConnId,
        round: u32,
        assignment: Option<Assignment>,
        nonce: Nonce,
    },
    Sync {
        conn: ConnId,
    },
    Rematch {
        conn: ConnId,
    },
    Leave {
        conn: ConnId,
        signature: Option<SealSignature>,
    },
    Barrier {
        ask: AskId,
    },
    Chat {
        conn: ConnId,
        name: String,
        text: String,
    },
    SpectatorChat {
        conn: ConnId,
        show: bool,
    },
    Disconnected {
        conn: ConnId,
    },
    HandedOver,
}

/// The answer to a question a command asked.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(in crate::room) enum Answer {
    /// A seat taken (`join`, `resume`), or why not.
    Seat(Result<SeatTaken, Refusal>),
    /// Done (`watch`, a barrier), or why not.
    Done(Result<(), Refusal>),
}

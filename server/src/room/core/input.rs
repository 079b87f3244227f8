//! What a room's rules are asked, as data: the act (`room::Act`), the
//! connection it is from, whether that connection watches from another
//! node, and, for an act that answers, the number of its question; the
//! answer comes back as an [`Effect::Answer`](super::effects::Effect).

use crate::room::{Act, ConnId, Refusal, SeatTaken};

/// The number of a question an act asks, for its answer.
pub(in crate::room) type AskId = u64;

/// One act handed to the rules.
#[derive(Debug)]
pub(in crate::room) struct Input {
    /// The connection it is from (none: the server itself).
    pub(in crate::room) conn: Option<ConnId>,
    /// Whether that connection is a spectator on another node of a
    /// cluster (whose frames go once for all such spectators).
    pub(in crate::room) remote_watcher: bool,
    pub(in crate::room) act: Act,
    /// The number of its question, if it asks one.
    pub(in crate::room) ask: Option<AskId>,
}

/// The answer to a question an act asked.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(in crate::room) enum Answer {
    /// A seat taken (`join`, `resume`), or why not.
    Seat(Result<SeatTaken, Refusal>),
    /// Done (`watch`, a barrier), or why not.
    Done(Result<(), Refusal>),
}

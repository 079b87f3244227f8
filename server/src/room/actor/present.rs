//! A connection as the room's rules know it: its number, and whether it is
//! a spectator on another node of a cluster (those are sent the room's
//! frames once for all, through their node). Its queue is the shell's
//! (`links.rs`): the rules send frames to numbers.

use crate::room::{ConnId, Member};

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) struct Present {
    pub(super) conn: ConnId,
    pub(super) remote_watcher: bool,
}

impl Present {
    /// The connection of `member`, as the rules know it.
    pub(super) fn of(member: &Member) -> Present {
        Present {
            conn: member.conn,
            remote_watcher: member.outbound.remote_watcher().is_some(),
        }
    }
}

//! A connection as the room's rules know it: its number, and whether it is
//! a spectator on another node of a cluster (those are sent the room's
//! frames once for all, through their node). Its queue is the shell's
//! (`room/actor/links.rs`): the rules send frames to numbers.

use crate::room::ConnId;

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(in crate::room) struct Present {
    pub(in crate::room) conn: ConnId,
    pub(in crate::room) remote_watcher: bool,
}

//! What the client's pure logic (the tracker, sealed play, the full-screen
//! model) asks of the world, as data. The shells — the full-screen loop and
//! the line loop — carry effects out in the order given: an opening is
//! stored (written, synced, renamed) before the seal that depends on it is
//! sent, so that a client that dies in between can still open its move.

use mice_cake_protocol::ClientMessage;

use crate::openings::{KeptOpening, OpeningsFile};

/// One thing to do, in order with the others.
#[derive(Clone, Debug, PartialEq)]
pub enum Effect {
    /// Keep a sealed move in the openings file, durably, before its seal
    /// goes out.
    StoreOpening(OpeningsFile, KeptOpening),
    /// Send a message to the server.
    Send(ClientMessage),
}

//! What a room has to send, held until its changes are stored: a client
//! never learns of a commit, a seat or an event that a crash could take
//! back. Frames go to connections by number; the room's shell holds their
//! queues and delivers (`actor/links.rs`).
//!
//! A player's own seal is held longer, for what that player is sent next
//! (protocol 13): the opponent's seal, or the reveal, for [`HELD_AT_MOST`]
//! at most. The player knows what it sealed, and opens without waiting for
//! it; sent alone it was a write of its own each round (docs/performance.md,
//! "Full speed"). Past the hold it goes alone, so that a player whose
//! opponent thinks on still sees the move taken.

use std::time::{Duration, Instant};

use mice_cake_protocol::ServerMessage;

use crate::frame::{Frame, frame};
use crate::room::ConnId;

#[derive(Debug, PartialEq)]
pub(crate) enum Delivery {
    Frame(ConnId, Frame),
    /// A frame that may be left out (see `Outbound::offer`).
    Offer(ConnId, Frame),
    Disconnect(ConnId),
    /// Closing a connection whose way to the room is gone (see
    /// `Outbound::reroute`).
    Reroute(ConnId),
    /// The same frames for many connections (spectators), each woken once.
    Fanout {
        to: Vec<ConnId>,
        frames: Vec<Frame>,
    },
    /// Frames for every spectator of the room on the other nodes of a
    /// cluster, sent once for all (`offer`: as chat).
    Watchers {
        frames: Vec<Frame>,
        offer: bool,
    },
}

/// Longest a player's own seal waits for what follows it.
pub(crate) const HELD_AT_MOST: Duration = Duration::from_millis(250);

/// A frame held for whatever its connection is sent next.
#[derive(Debug)]
struct Held {
    to: ConnId,
    frame: Frame,
    since: Instant,
}

/// Deliveries in the order they were made.
#[derive(Debug, Default)]
pub(crate) struct Outbox {
    deliveries: Vec<Delivery>,
    /// A frame held for whatever its connection is sent next (see
    /// `hold`). One at most: a round's second seal releases the first.
    // Boxed: held between a seal and what follows it, and every room
    // holds its outbox for life.
    held: Option<Box<Held>>,
}

impl Outbox {
    /// Holds a frame for a connection.
    pub(crate) fn send(&mut self, to: ConnId, frame: Frame) {
        self.release_for(to);
        self.deliveries.push(Delivery::Frame(to, frame));
    }

    /// Holds a frame for a connection until something else is sent to it,
    /// and sends it just before (or alone, [`HELD_AT_MOST`] after `now`): a
    /// player's own seal goes with what follows it. A frame held for
    /// another connection is sent first.
    pub(crate) fn hold(&mut self, to: ConnId, frame: Frame, now: Instant) {
        self.release_if(|_| true);
        self.held = Some(Box::new(Held {
            to,
            frame,
            since: now,
        }));
    }

    /// When the frame held must go alone, if one is.
    pub(crate) fn held_until(&self) -> Option<Instant> {
        self.held.as_ref().map(|held| held.since + HELD_AT_MOST)
    }

    /// Sends the frame held if it has waited its longest by `now`.
    pub(crate) fn release_if_due(&mut self, now: Instant) {
        self.release_if(|held| now >= held.since + HELD_AT_MOST);
    }

    /// Sends what is held for `to`, if anything: before anything else.
    fn release_for(&mut self, to: ConnId) {
        self.release_if(|held| held.to == to);
    }

    fn release_if(&mut self, due: impl FnOnce(&Held) -> bool) {
        if let Some(held) = self.held.take_if(|held| due(held)) {
            let Held { to, frame, .. } = *held;
            self.deliveries.push(Delivery::Frame(to, frame));
        }
    }

    /// Drops what is held for `to`: it left, and comes back to the room's
    /// state, which holds it.
    pub(crate) fn forget(&mut self, to: ConnId) {
        self.held.take_if(|held| held.to == to);
    }

    /// Holds a frame that may be left out if the connection is behind.
    pub(crate) fn offer(&mut self, to: ConnId, frame: Frame) {
        self.release_for(to);
        self.deliveries.push(Delivery::Offer(to, frame));
    }

    /// Holds `frames` for every connection of `to`, in order.
    pub(crate) fn fan_out(&mut self, to: Vec<ConnId>, frames: Vec<Frame>) {
        if !to.is_empty() && !frames.is_empty() {
            self.deliveries.push(Delivery::Fanout { to, frames });
        }
    }

    /// Holds a message for a connection.
    pub(crate) fn send_message(&mut self, to: ConnId, message: &ServerMessage) {
        self.send(to, frame(message));
    }

    /// Holds frames for the spectators on other nodes.
    pub(crate) fn send_to_watchers(&mut self, frames: Vec<Frame>, offer: bool) {
        self.deliveries.push(Delivery::Watchers { frames, offer });
    }

    /// Holds the closing of a connection (after what was sent to it).
    pub(crate) fn disconnect(&mut self, to: ConnId) {
        self.release_for(to);
        self.deliveries.push(Delivery::Disconnect(to));
    }

    /// Holds the closing of a connection whose way to the room is gone:
    /// its client comes back at once.
    pub(crate) fn reroute(&mut self, to: ConnId) {
        self.release_for(to);
        self.deliveries.push(Delivery::Reroute(to));
    }

    /// Everything held, in order, leaving the outbox empty. The list is
    /// given away, not kept empty at the size of the largest turn: a room
    /// holds the outbox for its whole life, and most turns send nothing.
    pub(crate) fn take(&mut self) -> Vec<Delivery> {
        std::mem::take(&mut self.deliveries)
    }

    /// Drops everything held (what was not stored is never sent; the room
    /// stops, and its members come back to its state).
    pub(crate) fn drop_all(&mut self) {
        self.deliveries = Vec::new();
        self.held = None;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn deliveries_come_out_in_order_and_leave_nothing_held() {
        let conn = ConnId::next();
        let mut outbox = Outbox::default();
        outbox.send(conn, Frame::plain("one"));
        outbox.send(conn, Frame::plain("two"));
        outbox.disconnect(conn);
        assert_eq!(
            outbox.take(),
            vec![
                Delivery::Frame(conn, Frame::plain("one")),
                Delivery::Frame(conn, Frame::plain("two")),
                Delivery::Disconnect(conn),
            ]
        );
        assert!(outbox.take().is_empty());
        assert_eq!(outbox.deliveries.capacity(), 0);
    }
}

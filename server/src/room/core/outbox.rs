//! What a room has to send, held until its changes are stored: a client
//! never learns of a commit, a seat or an event that a crash could take
//! back. Frames go to connections by number; the room's shell holds their
//! queues and delivers (`actor/links.rs`).

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

/// Deliveries in the order they were made.
#[derive(Debug, Default)]
pub(crate) struct Outbox {
    deliveries: Vec<Delivery>,
}

impl Outbox {
    /// Holds a frame for a connection.
    pub(crate) fn send(&mut self, to: ConnId, frame: Frame) {
        self.deliveries.push(Delivery::Frame(to, frame));
    }

    /// Holds a frame that may be left out if the connection is behind.
    pub(crate) fn offer(&mut self, to: ConnId, frame: Frame) {
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
        self.deliveries.push(Delivery::Disconnect(to));
    }

    /// Holds the closing of a connection whose way to the room is gone:
    /// its client comes back at once.
    pub(crate) fn reroute(&mut self, to: ConnId) {
        self.deliveries.push(Delivery::Reroute(to));
    }

    /// Everything held, in order, leaving the outbox empty. The list is
    /// given away, not kept empty at the size of the largest turn: a room
    /// holds the outbox for its whole life, and most turns send nothing.
    pub(crate) fn take(&mut self) -> Vec<Delivery> {
        std::mem::take(&mut self.deliveries)
    }

    /// Drops everything held (what was not stored is never sent).
    pub(crate) fn drop_all(&mut self) {
        self.deliveries = Vec::new();
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

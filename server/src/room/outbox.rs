//! What a room has to send, held until its changes are stored: a client
//! never learns of a commit, a seat or an event that a crash could take
//! back.

use std::sync::Arc;

use mice_cake_protocol::{RoomCode, ServerMessage};

use crate::frame::{Frame, frame};
use crate::outbound::{Outbound, Relay};

#[derive(Debug)]
enum Delivery {
    Frame(Outbound, Frame),
    /// A frame that may be left out (see [`Outbound::offer`]).
    Offer(Outbound, Frame),
    Disconnect(Outbound),
    /// Closing a connection whose way to the room is gone (see
    /// [`Outbound::reroute`]).
    Reroute(Outbound),
    /// The same frames for many connections (spectators), each woken once.
    Fanout {
        to: Vec<Outbound>,
        frames: Vec<Frame>,
    },
    /// Frames for every spectator of a room on the other nodes of a
    /// cluster, through any one of their relays (`offer`: as chat).
    Watchers {
        relay: Arc<dyn Relay>,
        room: RoomCode,
        frames: Vec<Frame>,
        offer: bool,
    },
}

/// Deliveries in the order they were made.
#[derive(Debug, Default)]
pub(super) struct Outbox {
    deliveries: Vec<Delivery>,
}

impl Outbox {
    /// Holds a frame for a connection.
    pub(super) fn send(&mut self, to: &Outbound, frame: Frame) {
        self.deliveries.push(Delivery::Frame(to.clone(), frame));
    }

    /// Holds a frame that may be left out if the connection is behind.
    pub(super) fn offer(&mut self, to: &Outbound, frame: Frame) {
        self.deliveries.push(Delivery::Offer(to.clone(), frame));
    }

    /// Holds `frames` for every connection of `to`, in order.
    pub(super) fn fan_out(&mut self, to: Vec<Outbound>, frames: Vec<Frame>) {
        if !to.is_empty() && !frames.is_empty() {
            self.deliveries.push(Delivery::Fanout { to, frames });
        }
    }

    /// Holds a message for a connection.
    pub(super) fn send_message(&mut self, to: &Outbound, message: &ServerMessage) {
        self.send(to, frame(message));
    }

    /// Holds frames for the spectators on other nodes (see
    /// [`Relay::to_watchers`]).
    pub(super) fn send_to_watchers(
        &mut self,
        relay: &Arc<dyn Relay>,
        room: RoomCode,
        frames: Vec<Frame>,
        offer: bool,
    ) {
        self.deliveries.push(Delivery::Watchers {
            relay: Arc::clone(relay),
            room,
            frames,
            offer,
        });
    }

    /// Holds the closing of a connection (after what was sent to it).
    pub(super) fn disconnect(&mut self, to: &Outbound) {
        self.deliveries.push(Delivery::Disconnect(to.clone()));
    }

    /// Holds the closing of a connection whose way to the room is gone:
    /// its client comes back at once.
    pub(super) fn reroute(&mut self, to: &Outbound) {
        self.deliveries.push(Delivery::Reroute(to.clone()));
    }

    /// Sends everything held, in order. The list is given back, not kept
    /// empty at the size of the largest turn: a room holds it for its whole
    /// life, and most turns send nothing.
    pub(super) fn flush(&mut self) {
        let mut sent = 0;
        for delivery in std::mem::take(&mut self.deliveries) {
            let queued = match delivery {
                Delivery::Frame(to, frame) => to.queue(frame),
                Delivery::Offer(to, frame) => to.offer(frame),
                Delivery::Disconnect(to) => {
                    to.disconnect();
                    false
                }
                Delivery::Reroute(to) => {
                    to.reroute();
                    false
                }
                Delivery::Fanout { to, frames } => {
                    sent += to
                        .iter()
                        .map(|to| to.queue_all(&frames) as u64)
                        .sum::<u64>();
                    false
                }
                Delivery::Watchers {
                    relay,
                    room,
                    frames,
                    offer,
                } => {
                    relay.to_watchers(room, &frames, offer);
                    true
                }
            };
            sent += u64::from(queued);
        }
        if sent > 0 {
            metrics::counter!(crate::metrics::MESSAGES_SENT).increment(sent);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn nothing_leaves_before_the_flush_and_then_all_in_order() {
        let (outbound, mut queue) = Outbound::new(8);
        let mut outbox = Outbox::default();
        outbox.send(&outbound, Frame::plain("one"));
        outbox.send(&outbound, Frame::plain("two"));
        outbox.disconnect(&outbound);
        assert!(queue.try_recv().is_none());
        assert!(!queue.closing());
        outbox.flush();
        assert_eq!(queue.try_recv().unwrap().as_str(), "one");
        assert_eq!(queue.try_recv().unwrap().as_str(), "two");
        assert!(queue.closing());
        assert_eq!(outbox.deliveries.capacity(), 0);
    }
}

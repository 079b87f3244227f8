//! The shell's side of the room's connections: each member's queue, by its
//! number. The rules send frames to numbers (their outbox); the shell
//! delivers them here once the step is stored, and forgets the queue of a
//! connection the room no longer holds.

use std::collections::HashMap;

use mice_cake_protocol::RoomCode;

use crate::outbound::Outbound;
use crate::room::ConnId;
use crate::room::core::Delivery;

#[derive(Debug, Default)]
pub(in crate::room) struct Links(HashMap<ConnId, Outbound>);

impl Links {
    /// Keeps the queue of a connection the room is asked to take.
    pub(in crate::room) fn admit(&mut self, conn: ConnId, outbound: Outbound) {
        self.0.insert(conn, outbound);
    }

    /// Sends what the rules sent (`deliveries`, in order) to the queues.
    pub(in crate::room) fn deliver(&self, room: RoomCode, deliveries: Vec<Delivery>) {
        let mut sent = 0;
        for delivery in deliveries {
            let queued = match delivery {
                Delivery::Frame(to, frame) => self.0.get(&to).is_some_and(|to| to.queue(frame)),
                Delivery::Offer(to, frame) => self.0.get(&to).is_some_and(|to| to.offer(frame)),
                Delivery::Disconnect(to) => {
                    if let Some(to) = self.0.get(&to) {
                        to.disconnect();
                    }
                    false
                }
                Delivery::Reroute(to) => {
                    if let Some(to) = self.0.get(&to) {
                        to.reroute();
                    }
                    false
                }
                Delivery::Fanout { to, frames } => {
                    sent += to
                        .iter()
                        .filter_map(|to| self.0.get(to))
                        .map(|to| to.queue_all(&frames) as u64)
                        .sum::<u64>();
                    false
                }
                Delivery::Watchers { frames, offer } => {
                    // Any one spectator on another node reaches them all.
                    let relay = self.0.values().find_map(Outbound::remote_watcher);
                    if let Some(relay) = relay {
                        relay.to_watchers(room, &frames, offer);
                    }
                    relay.is_some()
                }
            };
            sent += u64::from(queued);
        }
        if sent > 0 {
            metrics::counter!(crate::metrics::MESSAGES_SENT).increment(sent);
        }
    }

    /// Forgets the queues of the connections the room no longer holds
    /// (after what was sent to them is delivered).
    pub(in crate::room) fn keep_only(&mut self, held: impl Fn(ConnId) -> bool) {
        self.0.retain(|conn, _| held(*conn));
    }

    /// How many queues are kept.
    pub(in crate::room) fn len(&self) -> usize {
        self.0.len()
    }
}

//! A room's numbered events, and the recent ones kept for reconnections.

use std::collections::VecDeque;

use mice_cake_protocol::{RoomEvent, ServerMessage};

use crate::outbound::{Frame, frame};

/// Events kept for clients that reconnect (older ones are in the state).
pub(super) const KEPT: usize = 256;

/// A room's events, numbered from 1. Each is serialized once; the frame is
/// shared by every member it goes to and kept for reconnections.
#[derive(Debug)]
pub(super) struct EventLog {
    last_seq: u64,
    recent: VecDeque<(u64, Frame)>,
}

impl EventLog {
    pub(super) fn new() -> EventLog {
        EventLog {
            last_seq: 0,
            recent: VecDeque::with_capacity(16),
        }
    }

    /// A log brought back from storage: the last event's number and the
    /// kept events, in order.
    pub(super) fn restore(last_seq: u64, kept: impl IntoIterator<Item = (u64, Frame)>) -> EventLog {
        let mut recent: VecDeque<(u64, Frame)> = kept
            .into_iter()
            .filter(|(seq, _)| *seq <= last_seq)
            .collect();
        while recent.len() > KEPT {
            recent.pop_front();
        }
        EventLog { last_seq, recent }
    }

    /// Numbers and serializes an event; returns its frame.
    pub(super) fn record(&mut self, event: RoomEvent) -> Frame {
        self.last_seq += 1;
        let frame = frame(&ServerMessage::Event {
            seq: self.last_seq,
            event: Box::new(event),
        });
        if self.recent.len() == KEPT {
            self.recent.pop_front();
        }
        self.recent.push_back((self.last_seq, frame.clone()));
        frame
    }

    /// The number of the last event.
    pub(super) fn last_seq(&self) -> u64 {
        self.last_seq
    }

    /// The kept events after `seq`.
    pub(super) fn since(&self, seq: u64) -> impl Iterator<Item = &Frame> {
        self.numbered_since(seq).map(|(_, frame)| frame)
    }

    /// The kept events after `seq`, with their numbers.
    pub(super) fn numbered_since(&self, seq: u64) -> impl Iterator<Item = (u64, &Frame)> {
        // Newest last: skip from the back to the first one after `seq`.
        let after = self
            .recent
            .iter()
            .rev()
            .take_while(|(number, _)| *number > seq)
            .count();
        self.recent
            .iter()
            .skip(self.recent.len() - after)
            .map(|(number, frame)| (*number, frame))
    }
}

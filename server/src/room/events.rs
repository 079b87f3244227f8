//! A room's numbered events, and the recent ones kept for reconnections.

use std::collections::VecDeque;

use mice_cake_protocol::{RoomEvent, ServerMessage};

use crate::outbound::{Frame, frame};

/// Events kept for clients that reconnect (older ones are in the state).
const KEPT: usize = 256;

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
        self.recent
            .iter()
            .filter(move |(number, _)| *number > seq)
            .map(|(_, frame)| frame)
    }
}

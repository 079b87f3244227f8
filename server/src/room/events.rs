//! A room's numbered events, and the recent ones kept for reconnections.

use std::collections::VecDeque;

use mice_cake_protocol::{RoomEvent, ServerMessage};

use crate::outbound::{Frame, frame};

/// A room's events, numbered from 1. Each is serialized once; the frame is
/// shared by every member it goes to and kept for reconnections.
#[derive(Debug)]
pub(super) struct EventLog {
    last_seq: u64,
    recent: VecDeque<(u64, Frame)>,
    /// Most events replayed to a resuming client; one more is kept, to tell
    /// a client that missed more (it gets the state alone).
    replay_limit: usize,
}

impl EventLog {
    /// A log for a room whose connections queue `outbound_queue` frames:
    /// a replay must fit easily in a queue that is not drained until the
    /// answer to `resume` is in, so a quarter of it at most.
    pub(super) fn new(outbound_queue: usize) -> EventLog {
        EventLog {
            last_seq: 0,
            recent: VecDeque::with_capacity(16),
            replay_limit: outbound_queue / 4,
        }
    }

    /// A log brought back from storage: the last event's number and the
    /// kept events, in order.
    pub(super) fn restore(
        outbound_queue: usize,
        last_seq: u64,
        kept: impl IntoIterator<Item = (u64, Frame)>,
    ) -> EventLog {
        let mut log = EventLog::new(outbound_queue);
        log.last_seq = last_seq;
        log.recent = kept
            .into_iter()
            .filter(|(seq, _)| *seq <= last_seq)
            .collect();
        while log.recent.len() > log.kept() {
            log.recent.pop_front();
        }
        log
    }

    fn kept(&self) -> usize {
        self.replay_limit + 1
    }

    /// Numbers and serializes an event; returns its frame.
    pub(super) fn record(&mut self, event: RoomEvent) -> Frame {
        self.last_seq += 1;
        let frame = frame(&ServerMessage::Event {
            seq: self.last_seq,
            event: Box::new(event),
        });
        if self.recent.len() >= self.kept() {
            self.recent.pop_front();
        }
        self.recent.push_back((self.last_seq, frame.clone()));
        frame
    }

    /// The number of the last event.
    pub(super) fn last_seq(&self) -> u64 {
        self.last_seq
    }

    /// What a client that saw events up to `seq` missed, when few enough
    /// to replay; `None` when it missed more (the state holds all of it).
    pub(super) fn missed_since(&self, seq: u64) -> Option<Vec<Frame>> {
        let missed: Vec<Frame> = self.since(seq).cloned().collect();
        (missed.len() <= self.replay_limit).then_some(missed)
    }

    /// The kept events after `seq`.
    fn since(&self, seq: u64) -> impl Iterator<Item = &Frame> {
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
            .map(|(_, frame)| frame)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn log_of(outbound_queue: usize, events: u64) -> EventLog {
        let mut log = EventLog::new(outbound_queue);
        for _ in 0..events {
            log.record(RoomEvent::Spectators { count: 1 });
        }
        log
    }

    #[test]
    fn a_client_that_missed_few_events_gets_them_and_one_that_missed_more_gets_none() {
        // A queue of 40: up to 10 events are replayed.
        let log = log_of(40, 100);
        assert_eq!(log.last_seq(), 100);
        assert_eq!(log.missed_since(100).unwrap().len(), 0);
        let missed = log.missed_since(90).unwrap();
        assert_eq!(missed.len(), 10);
        assert!(
            missed[0].as_str().contains(r#""seq":91"#),
            "{}",
            missed[0].as_str()
        );
        assert_eq!(log.missed_since(89), None);
        assert_eq!(log.missed_since(0), None);
        // Only what a replay can use is held.
        assert_eq!(log.recent.len(), 11);
    }

    #[test]
    fn a_restored_log_numbers_on_from_where_it_was() {
        let mut log = EventLog::restore(40, 57, Vec::new());
        // Nothing before the restart can be replayed: the state has it.
        assert_eq!(log.missed_since(50).unwrap().len(), 0);
        log.record(RoomEvent::Spectators { count: 2 });
        assert_eq!(log.last_seq(), 58);
        assert_eq!(log.missed_since(57).unwrap().len(), 1);
    }
}

//! A room's numbered events, and the recent ones kept for reconnections.
//!
//! A client that comes back is always sent the room's state, which holds
//! the board, the last round's report and every round before it. The
//! events it missed are replayed on top when they are few: those since the
//! board last changed (the last reveal, or the deal), so that a player who
//! dropped during a round, or just as it was revealed, sees that round
//! play out. Anything older is in the state, and so is the deal itself (its
//! cake is the state's view); keeping them too would only cost every room
//! its memory (docs/performance.md, "Memory per connection").

use std::collections::VecDeque;

use mice_cake_protocol::{RoomEvent, ServerMessage};

use crate::frame::{Frame, frame};

/// Most bytes of recent events a room keeps for reconnections (the last
/// event is kept whatever its size): a round's events, about 3 KB, fit;
/// a flood of chat does not make a room hold more.
const REPLAY_BYTES: usize = 4 * 1024;

/// A room's events, numbered from 1. Each is serialized once; the frame is
/// shared by every member it goes to and kept for reconnections, back to
/// the last change of the board and within [`REPLAY_BYTES`].
#[derive(Debug)]
pub(super) struct EventLog {
    last_seq: u64,
    recent: VecDeque<(u64, Frame)>,
    /// The bytes of the frames in `recent`.
    recent_bytes: usize,
    /// Most events replayed to a resuming client, and so kept; a client
    /// that missed more gets the state alone.
    replay_limit: usize,
}

impl EventLog {
    /// A log for a room whose connections queue `outbound_queue` frames:
    /// a replay must fit easily in a queue that is not drained until the
    /// answer to `resume` is in, so a quarter of it at most.
    pub(super) fn new(outbound_queue: usize) -> EventLog {
        EventLog {
            last_seq: 0,
            recent: VecDeque::new(),
            recent_bytes: 0,
            replay_limit: (outbound_queue / 4).max(1),
        }
    }

    /// A log brought back from storage: the last event's number and the
    /// events stored with it, in order (servers no longer store events; a
    /// data directory may still hold some). They are kept only if they run
    /// without a gap up to `last_seq`: a replay must be every missed event.
    pub(super) fn restore(
        outbound_queue: usize,
        last_seq: u64,
        stored: impl IntoIterator<Item = (u64, Frame)>,
    ) -> EventLog {
        let mut log = EventLog::new(outbound_queue);
        log.last_seq = last_seq;
        let stored: Vec<(u64, Frame)> = stored.into_iter().collect();
        let unbroken = stored.last().is_some_and(|(seq, _)| *seq == last_seq)
            && stored.windows(2).all(|pair| pair[1].0 == pair[0].0 + 1);
        if unbroken {
            for event in stored {
                log.keep(event);
            }
        }
        log
    }

    /// Numbers and serializes an event; returns its frame.
    pub(super) fn record(&mut self, event: RoomEvent) -> Frame {
        self.last_seq += 1;
        // A new board: what came before it is in the state alone.
        let dealt = matches!(event, RoomEvent::Dealt { .. });
        if dealt || matches!(event, RoomEvent::Revealed { .. }) {
            self.recent.clear();
            self.recent_bytes = 0;
        }
        let frame = frame(&ServerMessage::Event {
            seq: self.last_seq,
            event: Box::new(event),
        });
        // Nor is the deal kept: its cake is the state's view, and nothing
        // of it plays out (a reveal does). Every room holds its kept frames
        // for its first round's length: the deal's is 1.3 KB.
        if !dealt {
            self.keep((self.last_seq, frame.clone()));
        }
        frame
    }

    /// Keeps an event for replays, and lets the oldest go past the limits.
    fn keep(&mut self, event: (u64, Frame)) {
        self.recent_bytes += event.1.len();
        self.recent.push_back(event);
        while self.recent.len() > self.replay_limit
            || (self.recent_bytes > REPLAY_BYTES && self.recent.len() > 1)
        {
            if let Some((_, gone)) = self.recent.pop_front() {
                self.recent_bytes -= gone.len();
            }
        }
    }

    /// The number of the last event.
    pub(super) fn last_seq(&self) -> u64 {
        self.last_seq
    }

    /// Every event a client that saw events up to `seq` missed, when they
    /// are few and all still held; `None` otherwise (the state holds all of
    /// it), as after a restart, which keeps no events.
    pub(super) fn missed_since(&self, seq: u64) -> Option<Vec<Frame>> {
        let missed = self.last_seq.saturating_sub(seq);
        if missed == 0 {
            return Some(Vec::new());
        }
        let first_held = self.recent.front().map(|(number, _)| *number)?;
        if missed > self.replay_limit as u64 || first_held > seq + 1 {
            return None;
        }
        Some(self.since(seq).cloned().collect())
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
        // One that saw everything, or says nothing, is sent nothing.
        assert_eq!(log.missed_since(u64::MAX).unwrap().len(), 0);
        // Only what a replay can use is held.
        assert_eq!(log.recent.len(), 10);
    }

    #[test]
    fn events_are_kept_back_to_the_last_change_of_the_board() {
        use mice_cake_engine::{Options, RecordedGame, Seed, Viewer};
        let game = RecordedGame::new(Options::default(), Seed::from_u64(1)).unwrap();
        let mut log = log_of(40, 3);
        log.record(RoomEvent::Dealt {
            deal: game.deal().unwrap(),
            view: game.game().view(Viewer::Spectator),
        });
        log.record(RoomEvent::Spectators { count: 2 });
        // Back to the deal, which is event 4, and is in the state: a client
        // that saw it gets what followed; one that saw less, the state.
        assert_eq!(log.missed_since(4).unwrap().len(), 1);
        assert_eq!(log.missed_since(3), None);
        assert_eq!(log.recent.len(), 1);
        let followed = log.missed_since(4).unwrap();
        assert!(
            followed[0].as_str().contains(r#""seq":5"#),
            "{}",
            followed[0].as_str()
        );
    }

    #[test]
    fn what_is_kept_for_replays_is_bounded_in_bytes_too() {
        let sized = |seq: u64, bytes: usize| (seq, Frame::plain(&"n".repeat(bytes)));
        let quarter = REPLAY_BYTES / 4;
        let log = EventLog::restore(1_000, 10, (1..=10).map(|seq| sized(seq, quarter)));
        assert_eq!(log.recent.len(), 4);
        assert_eq!(log.recent_bytes, REPLAY_BYTES);
        assert_eq!(log.missed_since(6).unwrap().len(), 4);
        assert_eq!(log.missed_since(5), None);
        // The last event is kept whatever its size.
        let log = EventLog::restore(
            1_000,
            3,
            [sized(1, 10), sized(2, 10), sized(3, 2 * REPLAY_BYTES)],
        );
        assert_eq!(log.missed_since(2).unwrap().len(), 1);
        assert_eq!(log.missed_since(1), None);
    }

    #[test]
    fn after_a_restart_only_what_came_since_is_replayed_and_only_whole() {
        let mut log = EventLog::restore(40, 57, Vec::new());
        // Events before the restart are gone: the state alone, not a replay
        // with a hole in it.
        assert_eq!(log.missed_since(50), None);
        log.record(RoomEvent::Spectators { count: 2 });
        log.record(RoomEvent::Spectators { count: 3 });
        assert_eq!(log.last_seq(), 59);
        assert_eq!(log.missed_since(50), None);
        assert_eq!(log.missed_since(57).unwrap().len(), 2);
    }

    #[test]
    fn stored_events_are_kept_only_when_they_run_unbroken_to_the_last() {
        let stored = |numbers: &[u64]| -> Vec<(u64, Frame)> {
            numbers
                .iter()
                .map(|seq| (*seq, Frame::plain(&format!(r#"{{"seq":{seq}}}"#))))
                .collect()
        };
        let log = EventLog::restore(40, 57, stored(&[55, 56, 57]));
        assert_eq!(log.missed_since(54).unwrap().len(), 3);
        // Older than the last event: left from an earlier run.
        let log = EventLog::restore(40, 57, stored(&[50, 51, 52]));
        assert_eq!(log.missed_since(51), None);
        // A gap.
        let log = EventLog::restore(40, 57, stored(&[54, 56, 57]));
        assert_eq!(log.missed_since(55), None);
    }
}

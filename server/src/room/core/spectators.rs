//! What spectators are sent, and when: the room's events, gathered over
//! each of the room's turns and held while the round's moves are being
//! sealed and opened.
//!
//! A round's news for spectators is its two seals, the reveal and the next
//! round's start. Sent as they come, each seal would make every
//! spectator's connection write once more: three fan-outs where one does,
//! and with thousands watching the reveal queues behind the others. So once
//! a seal is in, their events wait for the rest of the round, at most
//! `--spectator-hold` (250 ms: a player slow to seal or to open, or who
//! never does, delays what spectators see by that much at most), and go
//! out together, as one `events` frame (`actor/gathering.rs`). With 10,000
//! watching, that halved the server's CPU (docs/performance.md,
//! "Spectators"). Players are held only their own seal, for what follows
//! it (`outbox.rs`).

use std::time::Duration;

use mice_cake_protocol::RoomStatus;
use std::time::Instant;

use super::Room;
use crate::frame::Frame;

/// Events for the spectators, not yet given to them.
#[derive(Debug, Default)]
pub(super) struct SpectatorFeed {
    frames: Vec<Frame>,
    /// Since when they are held for the openings.
    held_since: Option<Instant>,
}

impl SpectatorFeed {
    /// When the frames held must go, if some are.
    pub(super) fn release_at(&self, hold: Duration) -> Option<Instant> {
        self.held_since.map(|since| since + hold)
    }
}

impl Room {
    /// Gathers an event for the spectators.
    pub(super) fn feed_spectators(&mut self, frame: &Frame) {
        if !self.spectators.is_empty() {
            self.spectator_feed.frames.push(frame.clone());
        }
    }

    /// At the end of the room's turn: gives the spectators their events,
    /// unless the round's moves are being sealed or opened and the hold
    /// has time left.
    pub(in crate::room) fn pass_to_spectators(&mut self, now: Instant) {
        let hold = self.config.spectator_hold;
        let feed = &mut self.spectator_feed;
        let sealed = self.round.sealed();
        let sealing = self.status == RoomStatus::Playing && (sealed.yellow || sealed.blue);
        if sealing && !feed.frames.is_empty() && !hold.is_zero() {
            let since = *feed.held_since.get_or_insert(now);
            if now < since + hold {
                return;
            }
        }
        self.give_to_spectators();
    }

    /// Gives the spectators every event gathered, now (before someone new
    /// starts watching: what they are sent follows the state they get).
    pub(super) fn give_to_spectators(&mut self) {
        let feed = &mut self.spectator_feed;
        feed.held_since = None;
        if feed.frames.is_empty() {
            return;
        }
        let mut remote = false;
        let mut here = Vec::with_capacity(self.spectators.len());
        for spectator in self.spectators.values() {
            // Spectators on other nodes get the room's events once for all.
            if spectator.remote_watcher {
                remote = true;
                continue;
            }
            here.push(spectator.conn);
        }
        if remote {
            let frames = feed.frames.clone();
            self.outbox.send_to_watchers(frames, false);
        }
        // Each connection is queued all the turn's frames at once, and woken
        // once for them.
        let frames = std::mem::take(&mut feed.frames);
        self.outbox.fan_out(here, frames);
    }
}

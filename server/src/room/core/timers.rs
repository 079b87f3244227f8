//! The room's clocks: the round's deadline to seal and time to open,
//! players' grace periods, the
//! gathered spectator count, a player's own seal held, and the idle room
//! that closes.

use std::time::Duration;

use mice_cake_engine::{Seat, Seated};
use mice_cake_protocol::{ForfeitCause, RoomStatus};
use std::time::Instant;
use tracing::info;

use super::effects::Effect;
use super::{Now, Room};

impl Room {
    /// Moves the room's clocks (the round's deadline and time to open, the
    /// players' grace periods, a pairing's time to arrive) on by `held`:
    /// time in which the room could do nothing (storage failed or stalled)
    /// is nobody's.
    pub(in crate::room) fn postpone_clocks(&mut self, held: Duration) {
        for at in [
            &mut self.round.deadline,
            &mut self.round.open_by,
            &mut self.arrive_by,
        ]
        .into_iter()
        .flatten()
        {
            *at += held;
        }
        for player in self.players_mut() {
            if let Some(until) = &mut player.grace_until {
                *until += held;
            }
        }
    }

    pub(in crate::room) fn next_timer(&self) -> Option<Instant> {
        let playing = self.status == RoomStatus::Playing;
        let deadline = self.round.deadline.filter(|_| playing);
        let open_by = self.round.open_by.filter(|_| playing);
        let graces = Seat::ALL
            .into_iter()
            .filter_map(|seat| self.seats[seat].as_ref()?.grace_until);
        // A game in progress ends by its own rules (a forfeit at worst)
        // before the room may close.
        let idle = self
            .empty_since
            .filter(|_| !playing)
            .map(|since| since + self.config.room_idle);
        deadline
            .into_iter()
            .chain(open_by)
            .chain(graces)
            .chain(idle)
            .chain(self.arrive_by)
            .chain(self.next_game_timer())
            .chain(self.watchable_until)
            .chain(self.spectators_event_at)
            .chain(self.spectator_feed.release_at(self.config.spectator_hold))
            .chain(self.outbox.held_until())
            .min()
    }

    /// Handles whatever is due at `now`; returns what it asks of the world.
    /// The room closes if it says so (`closing`).
    pub(in crate::room) fn on_timer(&mut self, now: Now) -> Vec<Effect> {
        self.set_now(now);
        self.check_timers();
        std::mem::take(&mut self.effects)
    }

    fn check_timers(&mut self) {
        let now = self.now;
        self.outbox.release_if_due(now);
        if self.call_off_if_late(now) {
            return;
        }
        if self.watchable_until.is_some_and(|until| now >= until) {
            // Still deserted once the result has been watchable a while:
            // it closes now.
            self.watchable_until = None;
            self.close_if_deserted();
            if self.closing {
                return;
            }
        }
        if self.spectators_event_at.is_some_and(|at| now >= at) {
            self.spectators_event_at = None;
            self.announce_spectators();
        }
        let expired = Seated::from_fn(|seat| {
            self.seats[seat]
                .as_ref()
                .and_then(|player| player.grace_until)
                .is_some_and(|until| now >= until)
        });
        if self.status == RoomStatus::Playing {
            if self.forfeit_any(expired, ForfeitCause::Disconnected) {
                // The game is over.
            } else if self.round.open_by.is_some_and(|open_by| now >= open_by) {
                self.open_time_over();
            } else if self.round.deadline.is_some_and(|deadline| now >= deadline) {
                self.round.deadline = None;
                self.move_for_the_late();
            }
        } else if self
            .empty_since
            .is_some_and(|since| now >= since + self.config.room_idle)
        {
            self.closing = true;
            return;
        } else {
            self.next_game_if_due();
        }
        // Whoever stayed away past their grace (and forfeited, if a game
        // was on) loses the seat.
        for seat in Seat::ALL {
            if expired[seat] && self.status != RoomStatus::Playing {
                info!(room = %self.code, %seat, "player away too long: seat freed");
                self.free_seat(seat);
            }
        }
        self.note_emptiness(now);
    }

    /// Starts or stops the idle clock: a room with nobody connected (bots
    /// aside) closes after a while.
    pub(super) fn note_emptiness(&mut self, now: Instant) {
        if self.anyone_connected() {
            self.empty_since = None;
        } else if self.empty_since.is_none() {
            self.empty_since = Some(now);
        }
    }

    pub(super) fn anyone_connected(&self) -> bool {
        !self.spectators.is_empty()
            || Seat::ALL.into_iter().any(|seat| {
                self.seats[seat]
                    .as_ref()
                    .is_some_and(|player| player.member.is_some())
            })
    }
}

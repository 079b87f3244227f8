//! The room's task, the shell around its rules (`room/core/`), as
//! fishnet's actors are: one task owns the room, reads its commands from a
//! bounded channel, reads the clocks, carries out what the rules ask
//! (answers, seat tokens, counts, reports for the arena), stores each
//! step's changes before anything is sent, asks the store what a rated
//! game needs, and delivers the frames to the members' queues. Nothing
//! here decides a rule.
//!
//! `asking` keeps the replies awaited, `links` the members' queues;
//! `storing` writes, `reading` reads.

use std::sync::Arc;
use std::sync::atomic::Ordering;
use std::time::Instant;

use mice_cake_protocol::RoomCode;
use tokio::sync::mpsc;
use tracing::debug;

use self::asking::Asking;
use self::links::Links;
use super::context::RoomContext;
use super::core::{Effect, Now, Room, Tally};
use super::{ArenaReport, Command};
use crate::clock::unix_millis;

pub(in crate::room) mod asking;
mod gathering;
pub(in crate::room) mod links;
mod reading;
mod storing;
#[cfg(test)]
mod tests;

/// A room and what its task holds for it: the server's shared parts, the
/// members' queues, the replies awaited, the reports for its arena.
pub(in crate::room) struct RoomTask {
    code: RoomCode,
    room: Room,
    context: Arc<RoomContext>,
    links: Links,
    /// The replies awaited, until the rules answer.
    asking: Asking,
    /// Reports for the room's arena, posted once the step is stored.
    arena_reports: Vec<ArenaReport>,
}

/// The clocks as they are: the instant on tokio's clock (which a test
/// pauses), as the plain instant the rules keep their times in, and the
/// wall clock.
pub(in crate::room) fn read_now() -> Now {
    Now {
        instant: now(),
        unix_ms: unix_millis(),
    }
}

fn now() -> Instant {
    tokio::time::Instant::now().into_std()
}

async fn sleep_until(wake: Option<Instant>) {
    match wake {
        Some(wake) => tokio::time::sleep_until(tokio::time::Instant::from_std(wake)).await,
        None => std::future::pending().await,
    }
}

impl RoomTask {
    pub(in crate::room) fn new(room: Room, context: Arc<RoomContext>) -> RoomTask {
        RoomTask {
            code: room.code(),
            room,
            context,
            links: Links::default(),
            asking: Asking::default(),
            arena_reports: Vec::new(),
        }
    }

    /// The room's rules.
    pub(in crate::room) fn room(&self) -> &Room {
        &self.room
    }

    /// What the room would send and store first once it runs (for the
    /// fuzz targets).
    #[cfg(feature = "fuzzing")]
    pub(in crate::room) fn first_outputs(&self) -> Result<(), String> {
        self.room.first_outputs(self.context.clock)
    }

    /// The server's room tasks, this one's among them once it runs.
    pub(in crate::room) fn tasks(&self) -> &tokio_util::task::TaskTracker {
        &self.context.tasks
    }

    /// Runs the room until it is empty long enough, or the server stops.
    ///
    /// After each command or timer, the room's changes are stored before
    /// anything is sent: what a client has seen survives a crash.
    ///
    /// The task is boxed: a future holds what it owns twice over.
    pub(in crate::room) async fn run(mut self: Box<Self>, mut inbox: mpsc::Receiver<Box<Command>>) {
        debug!(room = %self.code, "room opened");
        // A room brought back from storage is listed again at once, and its
        // bots make any move still due.
        let effects = self.room.on_start(read_now());
        if !effects.is_empty() || self.room.is_playing() {
            self.carry_out(effects);
            Box::pin(self.store_changes()).await;
            self.deliver();
        }
        if self.room.is_handed_over() {
            self.context.directory.stopped(&self.code);
            return;
        }
        self.publish();
        let shutdown = self.context.shutdown.clone();
        let mut counted_playing = false;
        // Whether the room closed for good, not just stopped on this node.
        let mut closed = false;
        loop {
            self.count_playing(&mut counted_playing);
            let wake = self.room.next_timer();
            let (effects, idle) = tokio::select! {
                // Shutdown first: a room stores itself as it was, without
                // the disconnections the shutdown itself causes.
                biased;
                () = shutdown.cancelled() => break,
                command = inbox.recv() => match command {
                    Some(command) => (self.take(*command, read_now()), false),
                    None => (Vec::new(), true),
                },
                () = sleep_until(wake), if wake.is_some() => (self.room.on_timer(read_now()), false),
            };
            // A round resolved: timed from the step's instant to its reveal
            // sent (stored first), for `mice_cake_reveal_seconds`.
            let revealing = effects
                .contains(&Effect::Count(Tally::Round))
                .then_some(self.room.now());
            // Boxed, as the other awaits here: the task waits in the
            // `select!` above nearly all its life, and holds the largest of
            // its awaits' states all that time (docs/performance.md,
            // "Memory per connection").
            Box::pin(self.after_step(effects)).await;
            if self.room.is_handed_over() {
                self.deliver();
                break;
            }
            let closes = idle || self.room.is_closing();
            if closes {
                // Before anyone is told: a room they left stays gone.
                Box::pin(self.forget()).await;
            } else {
                // The listing says what members are about to learn.
                self.publish();
            }
            self.deliver();
            if let Some(since) = revealing {
                metrics::histogram!(crate::metrics::REVEAL_SECONDS).record(since.elapsed());
            }
            if closes {
                closed = true;
                break;
            }
        }
        if counted_playing {
            self.context.playing.fetch_sub(1, Ordering::Relaxed);
        }
        if closed {
            self.context.directory.closed(&self.code);
        } else {
            self.context.directory.stopped(&self.code);
        }
        debug!(room = %self.code, "room closed");
    }

    /// The shell takes a command: its reply is kept under its question's
    /// number, the queue of a connection it brings is kept for the frames
    /// the rules send it, and the rules handle its act.
    fn take(&mut self, command: Command, now: Now) -> Vec<Effect> {
        let input = self.asking.take(command, &mut self.links);
        self.room.handle(input, now)
    }

    /// Carries out a step's effects and stores its changes (before anything
    /// is sent); then, if they are due, reads the ratings and the seated
    /// keys, and stores what that changed.
    async fn after_step(&mut self, effects: Vec<Effect>) {
        self.carry_out(effects);
        self.room.pass_to_spectators(now());
        if !self.room.is_handed_over() {
            self.store_changes().await;
            self.report_to_arena();
        }
        if !self.room.is_handed_over() && self.read_for_the_rules().await {
            self.room.pass_to_spectators(now());
            self.store_changes().await;
        }
    }

    /// Keeps the server's count of rooms with a game on (`counted`: whether
    /// this room is in it).
    fn count_playing(&self, counted: &mut bool) {
        let playing = self.room.is_playing();
        if playing != *counted {
            if playing {
                self.context.playing.fetch_add(1, Ordering::Relaxed);
            } else {
                self.context.playing.fetch_sub(1, Ordering::Relaxed);
            }
            *counted = playing;
        }
    }

    /// Tells the directory how the room stands, for its code and the
    /// public listing.
    pub(in crate::room) fn publish(&self) {
        let (summary, listed) = self.room.summary();
        self.context.directory.publish(self.code, summary, listed);
    }

    /// Carries out what the rules asked for: answers, the directory's seat
    /// tokens, the server's counters; reports for the arena wait for the
    /// store.
    fn carry_out(&mut self, effects: Vec<Effect>) {
        for effect in effects {
            match effect {
                Effect::Answer(ask, answer) => self.asking.answer(ask, answer),
                Effect::RegisterSeat(hash) => self.context.directory.register_seat(hash, self.code),
                Effect::ForgetSeat(hash) => self.context.directory.forget_seat(&hash),
                Effect::Count(tally) => count(tally),
                Effect::Arena(report) => self.arena_reports.push(report),
            }
        }
    }

    /// Posts what the room's arena is to know, now that it is stored.
    fn report_to_arena(&mut self) {
        let reports = std::mem::take(&mut self.arena_reports);
        if let Some(arena) = self.room.made().arena() {
            for report in reports {
                self.context.arena_mail.post(arena, report);
            }
        }
    }

    /// Delivers what the rules sent to the members' queues, and forgets
    /// the queues of connections the room no longer holds.
    fn deliver(&mut self) {
        self.links
            .deliver(self.code, gathering::gathered(self.room.take_deliveries()));
        if self.links.len() != self.room.member_count() {
            let room = &self.room;
            self.links.keep_only(|conn| room.holds(conn));
        }
    }
}

/// Counts what the rules said happened.
fn count(tally: Tally) {
    use crate::metrics::{ERRORS, GAMES_FINISHED, GAMES_STARTED, PAIRINGS_CALLED_OFF, ROUNDS};
    match tally {
        Tally::GameStarted => metrics::counter!(GAMES_STARTED).increment(1),
        Tally::GameFinished(ending) => {
            metrics::counter!(GAMES_FINISHED, "ending" => ending).increment(1);
        }
        Tally::Round => metrics::counter!(ROUNDS).increment(1),
        Tally::Refused(code) => metrics::counter!(ERRORS, "code" => code).increment(1),
        Tally::PairingCalledOff => metrics::counter!(PAIRINGS_CALLED_OFF).increment(1),
    }
}

//! The room task: owns one room's seats, spectators and game.
//!
//! Hidden information is kept here, and sealed play makes most of it the
//! clients' own (`docs/fairness.md`): the server holds a player's move only
//! once both are sealed, from its opening until the other's is in, in
//! `round.exchange`; it reaches nobody (no event, no log line) before both
//! are. The engine's views carry no face-down piece; the record (with the
//! seed and the deal) leaves the room only when the game is over.
//!
//! One concern per file: `seats` (who is in the room: joining, watching,
//! resuming, leaving), `round` (the exchange of sealed moves, then their
//! openings, then the round resolved), `game` (a game's start and end, forfeits, rematches),
//! `timers` (deadlines, grace periods, the idle room), `arrivals` (a
//! pairing's room waiting for its two), `views` (what each
//! member is sent), `spectators` (when spectators are sent it), `durable`
//! (what is stored, and the restore), `effects` (what else a step asks of
//! the world). This file has the room's state and its loop.
//!
//! The rules are shaped as quinn-proto's core, though not yet free of IO:
//! [`Room::handle`] and [`Room::on_timer`] take the time they happen at and
//! return the [`Effect`]s they ask for, never waiting; the frames they send
//! wait in the outbox; [`Room::next_timer`] says when to call again.
//! [`Room::run`] is the shell that reads the clock, stores, carries the
//! effects out and flushes — the tests in `tests.rs` drive the rules on a
//! clock of their own. The rules still reach the server's shared random
//! generator and configuration through `RoomContext`, and answer commands
//! over their oneshot channels.

use std::collections::HashMap;
use std::sync::Arc;
use std::sync::atomic::Ordering;
use std::time::Duration;

use mice_cake_engine::{EndReason, PlayerKey, RecordedGame, Seat, Seated, Seed, SignedLeave};
use mice_cake_protocol::{
    FinishedGame, GameId, GameResult, NotRated, RoomCode, RoomOptions, RoomStatus,
};
use std::time::Instant;
use tokio::sync::mpsc;
use tracing::debug;

use self::durable::StoredMarks;
use self::effects::Effect;
use self::links::Links;
use self::present::Present;
use self::round::Round;
use self::seats::Player;
use self::spectators::SpectatorFeed;
use super::context::RoomContext;
use super::events::EventLog;
use super::outbox::Outbox;
use super::{ArenaReport, Command, ConnId, Made};
use crate::clock::unix_millis;
use crate::random::{BotRng, RoomRng};
use crate::store::RatedStart;

mod arrivals;
mod chat;
mod durable;
mod effects;
mod game;
#[cfg(feature = "fuzzing")]
mod inspection;
mod links;
mod present;
mod ratings;
mod round;
mod seats;
#[cfg(test)]
mod simulation;
mod spectators;
#[cfg(test)]
mod table;
#[cfg(test)]
mod tests;
mod timers;
mod views;

pub(super) struct Room {
    code: RoomCode,
    options: RoomOptions,
    context: Arc<RoomContext>,
    seats: Seated<Option<Player>>,
    spectators: HashMap<ConnId, Present>,
    status: RoomStatus,
    game: Option<RecordedGame>,
    /// The seed of a game whose deal's nonces are being exchanged (`game`
    /// is `None` until it is dealt).
    dealing: Option<Seed>,
    game_number: u32,
    round: Round,
    /// Whose assignment the server made at the deadline, each round of the
    /// current game (for its history).
    autos: Vec<Seated<bool>>,
    events: EventLog,
    result: Option<GameResult>,
    rematch: Seated<bool>,
    game_ids: Vec<GameId>,
    /// Since when nobody is connected (bots aside).
    empty_since: Option<Instant>,
    /// When to announce the spectator count (changes are gathered, so that
    /// people coming and going cannot flood the room with events).
    spectators_event_at: Option<Instant>,
    /// The spectator count last announced.
    announced_spectators: usize,
    /// Set when the room should close now (its last member left).
    closing: bool,
    /// Set when another node of the cluster has taken the room over: this
    /// copy stops at once.
    handed_over: bool,
    bot_rng: BotRng,
    /// The room's own generator (game seeds, seat tokens, game ids).
    rng: RoomRng,
    /// What members are sent, held until the room's changes are stored.
    outbox: Outbox,
    /// The shell's: each member's queue, which the outbox is delivered to.
    links: Links,
    /// Events for the spectators, given to them at the end of each turn.
    spectator_feed: SpectatorFeed,
    /// What storage holds of the room.
    stored: StoredMarks,
    /// Games over but not yet stored.
    unsaved_games: Vec<FinishedGame>,
    /// Reports for the room's arena, posted once the step is stored.
    arena_reports: Vec<ArenaReport>,
    chat: chat::Chat,
    /// Set when the players' ratings are to be read again: a player with a
    /// key sat down, or a rated game was stored.
    ratings_due: bool,
    /// The keys of the rated game just ended, until its ratings are told:
    /// a player who left it (their seat empty) is told too.
    rated_keys: Option<Seated<PlayerKey>>,
    /// In a rated room, why the current (or last) game is not rated, as
    /// told when it started (`None`: it counts once both have had a move).
    not_rated: Option<NotRated>,
    /// What the store holds of the seated keys (their rated games together
    /// lately, their bot declarations), as read before a rated room's game
    /// starts: it starts once this is known.
    keys_read: Option<ratings::KeysRead>,
    /// Set when the seated keys are to be read before a game can start.
    keys_read_due: bool,
    /// In a rated room, when the current (or last) game started and the
    /// bot declarations it started with: they decide whether a bot plays
    /// a person, and a declaration made later changes later games only.
    rated_start: Option<RatedStart>,
    /// The signed leave of the player who left the game being ended.
    left: Option<SignedLeave>,
    /// Who the room was made for: a pairing's room waits for its two.
    made: Made,
    /// A pairing's room: when the pairing is called off unless its game
    /// has begun (see `arrivals`).
    arrive_by: Option<Instant>,
    /// Until when a room deserted just after its game ended stays open, for
    /// its spectators to come back to the result (see `close_if_deserted`).
    watchable_until: Option<Instant>,
    /// The instant of the command or timer being handled, given with it:
    /// the room's rules read no clock of their own, so that a test sets
    /// the time and a deadline falls exactly when it is due.
    now: Instant,
    /// The wall clock at `now`, in Unix milliseconds: stamped on chat lines
    /// and finished games.
    unix_ms: u64,
    /// What the step being handled asks of the world (see `effects`).
    effects: Vec<Effect>,
}

/// When a command or timer is handled: the instant the room's deadlines are
/// measured on, and the wall clock stamped on what people read. The shell
/// reads both; a test sets them.
#[derive(Debug, Clone, Copy)]
pub(super) struct Now {
    pub(super) instant: Instant,
    pub(super) unix_ms: u64,
}

impl Now {
    /// The clocks as they are.
    pub(super) fn read() -> Now {
        Now {
            instant: now(),
            unix_ms: unix_millis(),
        }
    }
}

impl Room {
    pub(super) fn new(
        code: RoomCode,
        options: RoomOptions,
        made: Made,
        context: Arc<RoomContext>,
        now: Now,
    ) -> Room {
        let outbound_queue = context.config.outbound_queue;
        let bot_rng = context.rng.bot_rng();
        let rng = context.rng.room_rng();
        let Now {
            instant: now,
            unix_ms,
        } = now;
        let arrive_by = Room::arrive_by(made, &context, now);
        Room {
            code,
            options,
            context,
            seats: Seated::default(),
            spectators: HashMap::new(),
            status: RoomStatus::Waiting,
            game: None,
            dealing: None,
            game_number: 0,
            round: Round::default(),
            autos: Vec::new(),
            events: EventLog::new(outbound_queue),
            result: None,
            rematch: Seated::default(),
            game_ids: Vec::new(),
            empty_since: Some(now),
            spectators_event_at: None,
            announced_spectators: 0,
            closing: false,
            handed_over: false,
            bot_rng,
            rng,
            outbox: Outbox::default(),
            links: Links::default(),
            spectator_feed: SpectatorFeed::default(),
            stored: StoredMarks::default(),
            unsaved_games: Vec::new(),
            arena_reports: Vec::new(),
            chat: chat::Chat::new(now),
            ratings_due: false,
            rated_keys: None,
            not_rated: None,
            keys_read: None,
            keys_read_due: false,
            rated_start: None,
            left: None,
            made,
            arrive_by,
            watchable_until: None,
            now,
            unix_ms,
            effects: Vec::new(),
        }
    }

    /// Runs the room until it is empty long enough, or the server stops.
    ///
    /// After each command or timer, the room's changes are stored before
    /// anything is sent: what a client has seen survives a crash.
    ///
    /// The room is boxed: a future holds what it owns twice over.
    pub(super) async fn run(mut self: Box<Self>, mut inbox: mpsc::Receiver<Box<Command>>) {
        debug!(room = %self.code, "room opened");
        self.set_now(Now::read());
        // A room brought back from storage is listed again at once, and its
        // bots make any move still due.
        if self.status == RoomStatus::Playing {
            self.bots_move_if_due();
            self.carry_out_effects();
            self.store_changes().await;
            self.deliver();
        }
        if self.handed_over {
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
            let wake = self.next_timer();
            let (effects, idle) = tokio::select! {
                // Shutdown first: a room stores itself as it was, without
                // the disconnections the shutdown itself causes.
                biased;
                () = shutdown.cancelled() => break,
                command = inbox.recv() => match command {
                    Some(command) => (self.take(*command, Now::read()), false),
                    None => (Vec::new(), true),
                },
                () = sleep_until(wake), if wake.is_some() => (self.on_timer(Now::read()), false),
            };
            // A round resolved: timed from the step's instant to its reveal
            // sent (stored first), for `mice_cake_reveal_seconds`.
            let revealing = effects
                .contains(&Effect::Count(effects::Tally::Round))
                .then_some(self.now);
            self.after_step(effects).await;
            if self.handed_over {
                self.deliver();
                break;
            }
            let closes = idle || self.closing;
            if closes {
                // Before anyone is told: a room they left stays gone.
                self.forget().await;
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

    /// Carries out a step's effects and stores its changes (before anything
    /// is sent); then, if they are due, reads the ratings and the seated
    /// keys, and stores what that changed.
    async fn after_step(&mut self, effects: Vec<Effect>) {
        self.carry_out(effects);
        self.pass_to_spectators(now());
        if !self.handed_over {
            self.store_changes().await;
            self.report_to_arena();
        }
        if !self.handed_over && (self.ratings_due || self.keys_read_due) {
            // After the write: a rated game is rated as it is stored.
            self.refresh_ratings().await;
            // A rated room's game waits for what the store holds of its
            // keys.
            self.read_seated_keys().await;
            self.carry_out_effects();
            self.pass_to_spectators(now());
            self.store_changes().await;
        }
    }

    /// The server's room tasks, this one's among them once it runs.
    pub(in crate::room) fn tasks(&self) -> &tokio_util::task::TaskTracker {
        &self.context.tasks
    }

    /// Keeps the server's count of rooms with a game on (`counted`: whether
    /// this room is in it).
    fn count_playing(&self, counted: &mut bool) {
        let playing = self.status == RoomStatus::Playing;
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
        let (summary, listed) = self.summary();
        self.context.directory.publish(self.code, summary, listed);
    }

    /// Carries out what the core asked for: the directory's seat tokens,
    /// the server's counters; reports for the arena wait for the store.
    fn carry_out(&mut self, effects: Vec<Effect>) {
        for effect in effects {
            if let Effect::Arena(report) = effect {
                self.arena_reports.push(report);
            }
            effect.apply(self.code, &*self.context.directory);
        }
    }

    /// Posts what the room's arena is to know, now that it is stored.
    fn report_to_arena(&mut self) {
        let reports = std::mem::take(&mut self.arena_reports);
        if let Some(arena) = self.made.arena() {
            for report in reports {
                self.context.arena_mail.post(arena, report);
            }
        }
    }

    /// Carries out the effects of a step the shell took itself (a bot's
    /// move on restore, a game started once ratings are read).
    fn carry_out_effects(&mut self) {
        let effects = std::mem::take(&mut self.effects);
        self.carry_out(effects);
    }

    /// Sets the time of the step about to be taken.
    fn set_now(&mut self, now: Now) {
        self.now = now.instant;
        self.unix_ms = now.unix_ms;
    }

    /// The shell takes a command: the queue of a connection it brings is
    /// kept for the frames the rules send it, and the rules handle it.
    pub(super) fn take(&mut self, command: Command, now: Now) -> Vec<Effect> {
        if let Command::Join { member, .. }
        | Command::Watch { member, .. }
        | Command::Resume { member, .. } = &command
        {
            self.links.admit(member);
        }
        self.handle(command, now)
    }

    /// Delivers what the outbox holds to the members' queues, and forgets
    /// the queues of connections the room no longer holds.
    pub(super) fn deliver(&mut self) {
        self.links.deliver(self.code, &mut self.outbox);
        let seated: Vec<ConnId> = Seat::ALL
            .into_iter()
            .filter_map(|seat| Some(self.seats[seat].as_ref()?.member?.conn))
            .collect();
        // Every member's queue is kept: as many queues as members means
        // none kept for a connection gone.
        if self.links.len() != seated.len() + self.spectators.len() {
            let spectators = &self.spectators;
            self.links
                .keep_only(|conn| seated.contains(&conn) || spectators.contains_key(&conn));
        }
    }

    /// Handles one command at `now`; returns what it asks of the world.
    pub(super) fn handle(&mut self, command: Command, now: Now) -> Vec<Effect> {
        self.set_now(now);
        match command {
            Command::Join {
                member,
                name,
                token,
                seating,
                reply,
            } => {
                let taken = self.join(Present::of(&member), name, token, seating);
                let _ = reply.send(taken.map(|seat| self.seat_taken(seat)));
            }
            Command::Watch { member, reply } => {
                let _ = reply.send(self.watch(Present::of(&member)));
            }
            Command::Resume {
                member,
                token,
                last_seq,
                seating,
                reply,
            } => {
                let taken = self.resume(Present::of(&member), &token, last_seq, seating);
                let _ = reply.send(taken.map(|seat| self.seat_taken(seat)));
            }
            Command::Seal {
                conn,
                round,
                seal,
                signature,
            } => {
                if let Err(refusal) = self.seal(conn, round, seal, signature) {
                    self.refuse(conn, refusal);
                }
            }
            Command::Open {
                conn,
                round,
                assignment,
                nonce,
            } => {
                if let Err(refusal) = self.open(conn, round, assignment, nonce) {
                    self.refuse(conn, refusal);
                }
            }
            Command::Sync { conn } => self.sync(conn),
            Command::Rematch { conn } => {
                if let Err(refusal) = self.rematch(conn) {
                    self.refuse(conn, refusal);
                }
            }
            Command::Leave { conn, signature } => self.leave(conn, signature),
            Command::Chat { conn, name, text } => {
                if let Err(refusal) = self.chat(conn, name, text) {
                    self.refuse(conn, refusal);
                }
            }
            Command::SpectatorChat { conn, show } => {
                if let Err(refusal) = self.follow_spectator_chat(conn, show) {
                    self.refuse(conn, refusal);
                }
            }
            Command::Disconnected { conn } => self.disconnected(conn),
            Command::HandedOver => self.handed_over(),
            Command::Barrier { reply } => {
                let _ = reply.send(Ok(()));
            }
        }
        self.note_emptiness(now.instant);
        std::mem::take(&mut self.effects)
    }
}

/// The instant now, by tokio's clock (which a test pauses), as the plain
/// instant the room's rules keep their times in.
fn now() -> Instant {
    tokio::time::Instant::now().into_std()
}

async fn sleep_until(wake: Option<Instant>) {
    match wake {
        Some(wake) => tokio::time::sleep_until(tokio::time::Instant::from_std(wake)).await,
        None => std::future::pending().await,
    }
}

fn millis(duration: Duration) -> u64 {
    u64::try_from(duration.as_millis()).unwrap_or(u64::MAX)
}

fn end_label(end: EndReason) -> &'static str {
    match end {
        EndReason::BoardCleared => "board_cleared",
        EndReason::NoMovesLeft => "no_moves_left",
        EndReason::StallLimit => "stall_limit",
    }
}

//! The room's rules, free of IO in quinn-proto's way: one room's seats,
//! spectators and game as data. [`Room::handle`] takes a command (data:
//! the connection it comes from, and the number of the question it asks)
//! and [`Room::on_timer`] a timer, each with the time it happens at; both
//! return the [`Effect`]s they ask for — answers, seat tokens, counts,
//! reports for the arena — and hold the frames they send, by connection
//! number, in the outbox; [`Room::next_timer`] says when to call again.
//! What is to be stored is read with [`Room::changes`], and what storage
//! answers comes back as calls ([`Room::seated_keys_read`],
//! [`Room::ratings_read`]). The rules read no clock, draw from a generator
//! they own, and reach no task, channel, lock or storage: the shell
//! (`room/actor/`) does, and the tests and the simulation drive the rules
//! on a clock of their own.
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
//! openings, then the round resolved), `game` (a game's start and end,
//! forfeits, rematches), `matches` (a match's games counted, the pause
//! between them), `timers` (deadlines, grace periods, the idle room), `arrivals` (a pairing's room waiting for its two), `views` (what
//! each member is sent), `spectators` (when spectators are sent it), `chat`,
//! `ratings` (what a rated game needs to know of its keys), `snapshot`
//! (what is stored, and the room brought back), `events` (the numbered
//! events, for a connection that comes back), `outbox` (frames held until
//! stored), `present` (a connection as the rules know it), `config`,
//! `effects`, `input` (what the room is asked). This file has the room's
//! state.

use std::collections::HashMap;
use std::time::{Duration, Instant};

use mice_cake_engine::{EndReason, PlayerKey, RecordedGame, Seat, Seated, Seed, SignedLeave};
use mice_cake_protocol::{
    FinishedGame, GameId, GameResult, NotRated, RoomCode, RoomOptions, RoomStatus,
};

pub(in crate::room) use self::config::RoomConfig;
pub(in crate::room) use self::effects::{Effect, Tally};
use self::events::EventLog;
pub(in crate::room) use self::input::{Answer, AskId, Input};
pub(in crate::room) use self::outbox::{Delivery, Outbox};
pub(in crate::room) use self::present::Present;
use self::round::Round;
use self::seats::Player;
pub(in crate::room) use self::snapshot::StoredMarks;
use self::spectators::SpectatorFeed;
use super::{Act, ConnId, Made};
use crate::random::{BotRng, RoomRng};
use crate::store::RatedStart;

mod arrivals;
mod chat;
mod config;
mod effects;
mod events;
mod game;
mod input;
#[cfg(feature = "fuzzing")]
mod inspection;
#[cfg(test)]
mod match_tests;
mod matches;
mod outbox;
mod present;
mod ratings;
mod round;
mod seats;
#[cfg(test)]
mod simulation;
mod snapshot;
mod spectators;
#[cfg(test)]
pub(in crate::room) mod table;
#[cfg(test)]
mod tests;
mod timers;
mod views;

pub(in crate::room) struct Room {
    code: RoomCode,
    options: RoomOptions,
    /// What the server's configuration says of rooms (boxed: 120 bytes
    /// that kept every room's task a size class up).
    config: Box<RoomConfig>,
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
    /// The spectator count last announced (`u32`, as the event says it).
    announced_spectators: u32,
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
    /// Events for the spectators, given to them at the end of each turn.
    spectator_feed: SpectatorFeed,
    /// What storage holds of the room.
    stored: StoredMarks,
    /// Games over but not yet stored.
    unsaved_games: Vec<FinishedGame>,
    // Boxed, as `config`: every room's core is kept under a size class.
    chat: Box<chat::Chat>,
    /// Set when the players' ratings are to be read again: a player with a
    /// key sat down, or a rated game was stored.
    ratings_due: bool,
    /// The keys of the rated game just ended, until its ratings are told:
    /// a player who left it (their seat empty) is told too.
    // Boxed: a rated game's end alone holds it.
    rated_keys: Option<Box<Seated<PlayerKey>>>,
    /// In a rated room, why the current (or last) game is not rated, as
    /// told when it started (`None`: it counts once both have had a move).
    not_rated: Option<NotRated>,
    /// What the store holds of the seated keys (their rated games together
    /// lately, their bot declarations), as read before a rated room's game
    /// starts: it starts once this is known.
    // Boxed, as `rated_start` and `left`: rated rooms' alone, and every
    // live room holds its core for life (docs/performance.md, "Memory per
    // connection").
    keys_read: Option<Box<ratings::KeysRead>>,
    /// Set when the seated keys are to be read before a game can start.
    keys_read_due: bool,
    /// In a rated room, when the current (or last) game started and the
    /// bot declarations it started with: they decide whether a bot plays
    /// a person, and a declaration made later changes later games only.
    rated_start: Option<Box<RatedStart>>,
    /// The signed leave of the player who left the game being ended.
    left: Option<Box<SignedLeave>>,
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
    /// The match the room plays (or last played), when its options ask
    /// for matches (see `matches`).
    match_state: Option<Box<crate::store::MatchState>>,
    /// Between two games of a match: when the next one starts.
    next_game_at: Option<Instant>,
    /// Set when the match changed since the last write: its summary is
    /// stored with the room's changes.
    match_changed: bool,
    /// Set between the seats' swap for the next game and its start: the
    /// score is told by the seats of the game about to start.
    seated_for_next_game: bool,
}

/// When a command or timer is handled: the instant the room's deadlines are
/// measured on, and the wall clock stamped on what people read. The shell
/// reads both; a test sets them.
#[derive(Debug, Clone, Copy)]
pub(in crate::room) struct Now {
    pub(in crate::room) instant: Instant,
    pub(in crate::room) unix_ms: u64,
}

impl Room {
    /// A new room, with the generators its shell draws for it.
    pub(in crate::room) fn new(
        code: RoomCode,
        options: RoomOptions,
        made: Made,
        config: RoomConfig,
        (rng, bot_rng): (RoomRng, BotRng),
        now: Now,
    ) -> Room {
        let Now {
            instant: now,
            unix_ms,
        } = now;
        let arrive_by = Room::arrive_by(made, &config, now);
        Room {
            code,
            options,
            config: Box::new(config),
            seats: Seated::default(),
            spectators: HashMap::new(),
            status: RoomStatus::Waiting,
            game: None,
            dealing: None,
            game_number: 0,
            round: Round::default(),
            autos: Vec::new(),
            events: EventLog::new(config.outbound_queue),
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
            spectator_feed: SpectatorFeed::default(),
            stored: StoredMarks::default(),
            unsaved_games: Vec::new(),
            chat: Box::new(chat::Chat::new(now)),
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
            match_state: None,
            next_game_at: None,
            match_changed: false,
            seated_for_next_game: false,
        }
    }

    pub(in crate::room) fn code(&self) -> RoomCode {
        self.code
    }

    /// Who the room was made for.
    pub(in crate::room) fn made(&self) -> Made {
        self.made
    }

    /// Whether a game is on.
    pub(in crate::room) fn is_playing(&self) -> bool {
        self.status == RoomStatus::Playing
    }

    /// Whether the room is to close now (its last member left, or it was
    /// called off).
    pub(in crate::room) fn is_closing(&self) -> bool {
        self.closing
    }

    /// Whether another node of the cluster runs the room now.
    pub(in crate::room) fn is_handed_over(&self) -> bool {
        self.handed_over
    }

    /// The instant of the last step.
    pub(in crate::room) fn now(&self) -> Instant {
        self.now
    }

    /// The room's first step once it runs (brought back from storage, say):
    /// any bot's move still due is made.
    pub(in crate::room) fn on_start(&mut self, now: Now) -> Vec<Effect> {
        self.set_now(now);
        if self.is_playing() {
            self.bots_move_if_due();
        }
        self.take_effects()
    }

    /// What steps the shell took asked for (reads answered, say).
    pub(in crate::room) fn take_effects(&mut self) -> Vec<Effect> {
        std::mem::take(&mut self.effects)
    }

    /// What the rules sent, in order, to be delivered once stored.
    pub(in crate::room) fn take_deliveries(&mut self) -> Vec<Delivery> {
        self.outbox.take()
    }

    /// How many connections the room holds.
    pub(in crate::room) fn member_count(&self) -> usize {
        let seated = Seat::ALL
            .into_iter()
            .filter(|seat| {
                self.seats[*seat]
                    .as_ref()
                    .is_some_and(|p| p.member.is_some())
            })
            .count();
        seated + self.spectators.len()
    }

    /// Whether the room holds connection `conn`.
    pub(in crate::room) fn holds(&self, conn: ConnId) -> bool {
        self.member(conn).is_some()
    }

    /// Sets the time of the step about to be taken.
    fn set_now(&mut self, now: Now) {
        self.now = now.instant;
        self.unix_ms = now.unix_ms;
    }

    /// Handles one act at `now`; returns what it asks of the world.
    pub(in crate::room) fn handle(&mut self, input: Input, now: Now) -> Vec<Effect> {
        self.set_now(now);
        let Input {
            conn,
            remote_watcher,
            act,
            ask,
        } = input;
        match (act, conn) {
            (Act::HandedOver, _) => self.handed_over(),
            (Act::Barrier, _) => self.answer(ask, Answer::Done(Ok(()))),
            // Every other act is a connection's.
            (_, None) => {}
            (act, Some(conn)) => self.act(conn, remote_watcher, act, ask),
        }
        self.note_emptiness(now.instant);
        std::mem::take(&mut self.effects)
    }

    /// Connection `conn`'s act.
    fn act(&mut self, conn: ConnId, remote_watcher: bool, act: Act, ask: Option<AskId>) {
        let present = Present {
            conn,
            remote_watcher,
        };
        let refused = match act {
            Act::Join {
                name,
                token,
                seating,
            } => {
                let taken = self.join(present, name, token, seating);
                let answer = taken.map(|seat| self.seat_taken(seat));
                self.answer(ask, Answer::Seat(answer));
                Ok(())
            }
            Act::Watch => {
                let answer = self.watch(present);
                self.answer(ask, Answer::Done(answer));
                Ok(())
            }
            Act::Resume {
                token,
                last_seq,
                seating,
            } => {
                let taken = self.resume(present, &token, last_seq, seating);
                let answer = taken.map(|seat| self.seat_taken(seat));
                self.answer(ask, Answer::Seat(answer));
                Ok(())
            }
            Act::Seal {
                round,
                seal,
                signature,
            } => self.seal(conn, round, seal, signature),
            Act::Open {
                round,
                assignment,
                nonce,
            } => self.open(conn, round, assignment, nonce),
            Act::Sync => {
                self.sync(conn);
                Ok(())
            }
            Act::Rematch => self.rematch(conn),
            Act::Leave { signature } => {
                self.leave(conn, signature);
                Ok(())
            }
            Act::Chat { name, text } => self.chat(conn, name, text),
            Act::SpectatorChat { show } => self.follow_spectator_chat(conn, show),
            Act::Disconnected => {
                self.disconnected(conn);
                Ok(())
            }
            Act::Barrier | Act::HandedOver => Ok(()),
        };
        if let Err(refusal) = refused {
            self.refuse(conn, refusal);
        }
    }

    /// Answers question `ask`, if one was asked.
    fn answer(&mut self, ask: Option<AskId>, answer: Answer) {
        if let Some(ask) = ask {
            self.effects.push(Effect::Answer(ask, answer));
        }
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

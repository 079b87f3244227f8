//! The table the room's tests play at: a room driven through its core,
//! each command and timer handled at an instant the test chooses (the room
//! reads no clock of its own), on a paused clock, and what each member is
//! sent read from its queue, as the room's task would deliver it. What a
//! step asks of the world besides its frames is kept as its effects.

use std::time::{Duration, Instant};

use mice_cake_engine::fair::{self, DEAL_ROUND};
use mice_cake_engine::{Assignment, Nonce, Seat, Seed, greedy_assignment};
use mice_cake_protocol::{Ending, RoomEvent, RoomOptions, RoomStatus, ServerMessage};
use tokio::sync::oneshot;

use super::{Effect, Now, Room, RoomConfig};
use crate::clock::UptimeClock;
use crate::config::Config;
use crate::outbound::{Inbound, Outbound};
use crate::random::ServerRng;
use crate::room::actor::asking::Asking;
use crate::room::actor::links::Links;
use crate::room::{Act, Command, ConnId, JoinToken, Made, Member, SealSigning, Seating};

pub(in crate::room) const MS: Duration = Duration::from_millis(1);
/// The wall clock as the test begins, in Unix milliseconds.
pub(in crate::room) const START_MS: u64 = 1_800_000_000_000;
pub(in crate::room) const GRACE: Duration = Duration::from_secs(20);
pub(in crate::room) const OPEN: Duration = Duration::from_secs(10);
pub(in crate::room) const DEAL: Duration = Duration::from_secs(30);
pub(in crate::room) const IDLE: Duration = Duration::from_secs(60);
pub(in crate::room) const HOLD: Duration = Duration::from_millis(250);
pub(in crate::room) const ARRIVAL: Duration = Duration::from_secs(10);
/// The round deadline of the rooms that have one.
pub(in crate::room) const DEADLINE: Duration = Duration::from_secs(45);

/// A room and its members, at a moment the test moves on.
pub(in crate::room) struct Table {
    pub(in crate::room) room: Room,
    /// Room time, for what is stored.
    pub(super) clock: UptimeClock,
    /// The members' queues, as the room's task keeps them.
    pub(super) links: Links,
    /// Replies to the questions asked, until the rules answer.
    pub(super) asking: Asking,
    /// The instant the test began at, when the wall clock read `START_MS`.
    pub(super) start: Instant,
    pub(super) now: Instant,
    /// What the room's steps asked of the world, in order.
    pub(super) effects: Vec<Effect>,
    pub(super) queues: Vec<(ConnId, Inbound)>,
    /// Each player's move sealed and not yet opened.
    pub(super) sealed: Vec<(ConnId, Assignment, Nonce)>,
    /// Nonces made so far: each move has a fresh one.
    pub(super) nonces: u8,
    /// When the game ended, as the room's turn that ended it was handled.
    pub(super) ended_at: Option<Instant>,
    /// The rooms' configuration, for a room brought back.
    pub(super) config: RoomConfig,
}

impl Table {
    pub(in crate::room) fn new(options: RoomOptions) -> Table {
        Table::with(options, |_| {})
    }

    /// A table whose server is configured as the others, then by `tweak`.
    pub(in crate::room) fn with(options: RoomOptions, tweak: impl FnOnce(&mut Config)) -> Table {
        Table::made(options, Made::Player, tweak)
    }

    /// A room made for a quick pairing, which waits for its two.
    pub(in crate::room) fn for_pairing() -> Table {
        Table::made(RoomOptions::default(), Made::Pairing, |_| {})
    }

    pub(in crate::room) fn made(
        options: RoomOptions,
        made: Made,
        tweak: impl FnOnce(&mut Config),
    ) -> Table {
        let mut config = Config::with_bind(([127, 0, 0, 1], 0).into());
        config.disconnect_grace = GRACE;
        config.open_timeout = OPEN;
        config.deal_timeout = DEAL;
        config.room_idle = IDLE;
        config.spectator_hold = HOLD;
        config.pairing_arrival = ARRIVAL;
        config.seed = Some(Seed::from_u64(47));
        tweak(&mut config);
        let clock = UptimeClock::resume_from(0);
        let rng = ServerRng::new(config.seed, 1).unwrap();
        let now = tokio::time::Instant::now().into_std();
        let code = "K7M2Q".parse().unwrap();
        Table {
            room: Room::new(
                code,
                options,
                made,
                RoomConfig::of(&config),
                (rng.room_rng(), rng.bot_rng()),
                Now {
                    instant: now,
                    unix_ms: START_MS,
                },
            ),
            clock,
            links: Links::default(),
            asking: Asking::default(),
            start: now,
            now,
            effects: Vec::new(),
            queues: Vec::new(),
            sealed: Vec::new(),
            nonces: 0,
            ended_at: None,
            config: RoomConfig::of(&config),
        }
    }

    /// The room as storage would bring it back now: its changes written
    /// to a store that held nothing of it, then read back.
    pub(in crate::room) fn restored(&self) -> Room {
        let (update, _) = self.room.changes(self.clock).unwrap();
        let stored = crate::store::StoredRoom {
            code: update.code,
            snapshot: update.snapshot.expect("a first write is a whole snapshot"),
            logged: 0,
            rounds: update.rounds,
            events: Vec::new(),
        };
        let rng = ServerRng::new(Some(Seed::from_u64(48)), 2).unwrap();
        Room::restore(
            stored,
            self.config,
            (rng.room_rng(), rng.bot_rng()),
            self.clock,
            self.clocks(),
        )
        .unwrap()
    }

    /// Two people seated, the game begun and its deal done: round 1 open.
    pub(in crate::room) fn playing(options: RoomOptions) -> (Table, ConnId, ConnId) {
        let mut table = Table::new(options);
        let yellow = table.sit("Ann");
        let blue = table.sit("Bob");
        assert_eq!(table.room.status, RoomStatus::Playing);
        for conn in [yellow, blue] {
            table.seal(conn, Assignment::EMPTY);
        }
        for conn in [yellow, blue] {
            table.open(conn);
        }
        assert_eq!(table.round(), 1);
        (table, yellow, blue)
    }

    pub(in crate::room) fn member(&mut self) -> Member {
        let (outbound, inbound) = Outbound::new(4096);
        let conn = ConnId::next();
        self.queues.push((conn, inbound));
        Member { conn, outbound }
    }

    /// A person takes the first free seat, without a key (unsigned moves).
    pub(in crate::room) fn sit(&mut self, name: &str) -> ConnId {
        let member = self.member();
        let conn = member.conn;
        let (reply, mut answer) = oneshot::channel();
        self.give(Command::seat(
            member,
            Act::Join {
                name: name.into(),
                token: JoinToken::Make,
                seating: Seating::default(),
            },
            reply,
        ));
        answer.try_recv().unwrap().unwrap();
        conn
    }

    pub(in crate::room) fn watch(&mut self) -> ConnId {
        let member = self.member();
        let conn = member.conn;
        let (reply, mut answer) = oneshot::channel();
        self.give(Command::watch(member, reply));
        answer.try_recv().unwrap().unwrap();
        conn
    }

    /// A command handled now, and what it sends delivered: the room's
    /// task would store its changes first, which the core leaves to it.
    pub(in crate::room) fn give(&mut self, command: Command) {
        let input = self.asking.take(command, &mut self.links);
        // Answers go to their askers, as the task sends them; the rest
        // is kept for the test to read.
        for effect in self.room.handle(input, self.clocks()) {
            match effect {
                Effect::Answer(ask, answer) => self.asking.answer(ask, answer),
                effect => self.effects.push(effect),
            }
        }
        self.deliver();
    }

    /// Both clocks at the table's instant.
    pub(in crate::room) fn clocks(&self) -> Now {
        let since_start = u64::try_from((self.now - self.start).as_millis()).unwrap();
        Now {
            instant: self.now,
            unix_ms: START_MS + since_start,
        }
    }

    /// The effects asked for since the last call.
    pub(in crate::room) fn effects(&mut self) -> Vec<Effect> {
        std::mem::take(&mut self.effects)
    }

    pub(in crate::room) fn deliver(&mut self) {
        self.room.pass_to_spectators(self.now);
        self.links
            .deliver(self.room.code(), self.room.take_deliveries());
        let room = &self.room;
        self.links.keep_only(|conn| room.holds(conn));
        if self.room.result.is_some() && self.ended_at.is_none() {
            self.ended_at = Some(self.now);
        }
    }

    /// Time passes: every timer due meanwhile fires at its own instant.
    /// Returns whether the room closed (as its task would end then).
    pub(in crate::room) fn wait(&mut self, time: Duration) -> bool {
        let until = self.now + time;
        for _ in 0..1000 {
            let Some(due) = self.room.next_timer().filter(|due| *due <= until) else {
                self.now = until;
                return false;
            };
            self.now = due.max(self.now);
            let effects = self.room.on_timer(self.clocks());
            self.effects.extend(effects);
            // What the turn sends is delivered even as the room closes.
            self.deliver();
            if self.room.closing {
                return true;
            }
        }
        panic!("a timer that never stops firing");
    }

    /// `seat`'s player comes back on a new connection with the seat's
    /// token; the connection it had (`old`) drops after, as a client's
    /// does. Returns the new one, or `None` if the seat is gone.
    pub(in crate::room) fn come_back(&mut self, seat: Seat, old: ConnId) -> Option<ConnId> {
        self.come_back_after(seat, old, None)
    }

    /// As [`Table::come_back`], saying the last event it saw (`last_seq`).
    pub(in crate::room) fn come_back_after(
        &mut self,
        seat: Seat,
        old: ConnId,
        last_seq: Option<u64>,
    ) -> Option<ConnId> {
        let token = self.room.seats[seat].as_ref()?.token?;
        let member = self.member();
        let conn = member.conn;
        let (reply, mut answer) = oneshot::channel();
        self.give(Command::seat(
            member,
            Act::Resume {
                token,
                last_seq,
                seating: Seating::default(),
            },
            reply,
        ));
        self.give(Command::from(old, Act::Disconnected));
        answer.try_recv().unwrap().ok().map(|_| conn)
    }

    pub(in crate::room) fn seat_of(&self, conn: ConnId) -> Seat {
        self.room.acting_seat(conn).unwrap()
    }

    pub(in crate::room) fn round(&self) -> u32 {
        self.room.round.exchange.as_ref().unwrap().round
    }

    /// `conn`'s player seals `assignment` for the exchange under way (the
    /// greedy move if `None`), as a client does.
    pub(in crate::room) fn seal(&mut self, conn: ConnId, assignment: Assignment) {
        let seat = self.seat_of(conn);
        let exchange = self.room.round.exchange.as_ref().unwrap();
        let (round, commitment) = (exchange.round, exchange.commitment);
        self.nonces += 1;
        let nonce = Nonce::from_bytes([self.nonces; 32]);
        let seal = fair::seal(commitment, round, seat, &assignment, nonce);
        self.sealed.push((conn, assignment, nonce));
        self.give(Command::from(
            conn,
            Act::Seal {
                round,
                seal,
                signature: SealSigning::Unchecked(None),
            },
        ));
    }

    /// `conn`'s player seals the greedy move of the round under way.
    pub(in crate::room) fn seal_a_move(&mut self, conn: ConnId) {
        let seat = self.seat_of(conn);
        let view = self.room.seat_view(seat).unwrap();
        self.seal(conn, greedy_assignment(&view, seat));
    }

    /// Both players seal the greedy move of the round under way.
    pub(in crate::room) fn both_seal_a_move(&mut self, [first, second]: [ConnId; 2]) {
        self.seal_a_move(first);
        self.seal_a_move(second);
    }

    /// `conn`'s player opens the move it sealed.
    pub(in crate::room) fn open(&mut self, conn: ConnId) {
        let index = self
            .sealed
            .iter()
            .position(|(sealer, ..)| *sealer == conn)
            .unwrap();
        let (_, assignment, nonce) = self.sealed.remove(index);
        let round = self.round();
        self.give(Command::from(
            conn,
            Act::Open {
                round,
                assignment: (round != DEAL_ROUND).then_some(assignment),
                nonce,
            },
        ));
    }

    /// What `conn` was sent since it was last asked.
    pub(in crate::room) fn messages(&mut self, conn: ConnId) -> Vec<ServerMessage> {
        let (_, queue) = self.queues.iter_mut().find(|(id, _)| *id == conn).unwrap();
        std::iter::from_fn(|| queue.try_recv())
            .map(|frame| serde_json::from_str(frame.as_str()).unwrap())
            .collect()
    }

    /// Whether `conn` was told its pairing was called off since it was
    /// last asked.
    pub(super) fn was_unpaired(&mut self, conn: ConnId) -> bool {
        self.messages(conn)
            .iter()
            .any(|message| matches!(message, ServerMessage::Unpaired { .. }))
    }

    /// The events `conn` was sent since it was last asked.
    pub(in crate::room) fn events(&mut self, conn: ConnId) -> Vec<RoomEvent> {
        self.messages(conn)
            .into_iter()
            .filter_map(|message| match message {
                ServerMessage::Event { event, .. } => Some(*event),
                _ => None,
            })
            .collect()
    }

    /// How the game ended, if `conn` was told it did.
    pub(in crate::room) fn ending(&mut self, conn: ConnId) -> Option<Ending> {
        self.events(conn).into_iter().find_map(|event| match event {
            RoomEvent::GameOver { result, .. } => Some(result.ending),
            _ => None,
        })
    }
}

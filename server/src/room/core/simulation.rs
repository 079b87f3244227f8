//! The room simulated, in quinn's way: rooms driven through thousands of
//! random schedules — people sitting, watching, dropping and coming back,
//! sealing and opening (and sending what is out of turn or forged), chat,
//! rematches, time passing and timers falling, storage holding the room —
//! each on a clock and a generator of the test's, so that a schedule that
//! breaks a rule is replayed from its number. After every step the
//! invariants are checked on every frame sent:
//!
//! * every frame is a server message the protocol reads, and each
//!   connection's events come in order;
//! * the seed of a game under way reaches nobody before it is over, and a
//!   move opened reaches nobody while the other's is not in;
//! * a round is revealed only once both its seals were sent;
//! * a refused command leaves the room as it was;
//! * a game ends once, and the room's status stays one its game allows.
//!
//! `cargo test` plays [`SCHEDULES`] schedules; more by hand:
//! `MICE_CAKE_SIMULATION_SCHEDULES=100000 cargo test -p mice-cake-server
//! --lib simulation -- --nocapture` (figures in `docs/performance.md`).

use std::collections::{BTreeMap, BTreeSet, HashMap};
use std::time::Duration;

use mice_cake_engine::fair::{self, DEAL_ROUND};
use mice_cake_engine::{Assignment, Nonce, Seat, greedy_assignment};
use mice_cake_protocol::{RoomEvent, RoomOptions, RoomStatus, ServerMessage};
use rand_chacha::ChaCha8Rng;
use rand_core::{Rng, SeedableRng};
use tokio::sync::oneshot;

use super::table::Table;
use crate::room::{Act, Command, ConnId, JoinToken, Made, SealSigning, Seating};

/// Schedules played by `cargo test`.
const SCHEDULES: u64 = 1_000;
/// Steps in each schedule at most.
const STEPS: usize = 400;

/// What the schedule knows of a connection it made.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Role {
    Player(Seat),
    Spectator,
}

/// One schedule under way: the room, the people at it, what was sealed,
/// and what the checks remember of the frames so far.
struct Schedule {
    table: Table,
    rng: ChaCha8Rng,
    /// Connections made, with their role; dropped ones are removed.
    connected: Vec<(ConnId, Role)>,
    /// Each connection's last event number.
    last_seq: HashMap<ConnId, u64>,
    /// Moves sealed and not yet opened: the seat (its player opens from
    /// whichever connection they are on, as a client keeps its openings),
    /// the round, the assignment and nonce.
    sealed: Vec<(Seat, u32, Assignment, Nonce)>,
    /// Seals the room sent, by game, round and seat.
    seals_sent: BTreeSet<(u32, u32, Seat)>,
    /// The latest game any frame told of (from `game_started`).
    game: u32,
    /// The game each connection's frames are about: the one its last
    /// `game_started` (or its room state) named. A connection that comes
    /// back is sent the events it missed, an older game's among them.
    games_of: HashMap<ConnId, u32>,
    /// Games told over, by number, with how each ended.
    games_over: BTreeMap<u32, String>,
    /// Reveals seen, by every connection that saw them.
    revealed: usize,
    /// What each step did, for the report of a broken rule.
    log: Vec<String>,
}

impl Schedule {
    fn new(number: u64) -> Schedule {
        let mut rng = ChaCha8Rng::seed_from_u64(number);
        let options = RoomOptions {
            deadline_ms: rng.next_u32().is_multiple_of(2).then_some(30_000),
            // A room in three plays matches: games start by themselves.
            first_to: if rng.next_u32().is_multiple_of(3) {
                3
            } else {
                1
            },
            ..RoomOptions::default()
        };
        let made = if rng.next_u32().is_multiple_of(4) {
            Made::Pairing
        } else {
            Made::Player
        };
        Schedule {
            table: Table::made(options, made, |_| {}),
            rng,
            connected: Vec::new(),
            last_seq: HashMap::new(),
            sealed: Vec::new(),
            seals_sent: BTreeSet::new(),
            game: 0,
            games_of: HashMap::new(),
            games_over: BTreeMap::new(),
            revealed: 0,
            log: vec![format!(
                "{made:?} room, deadline {:?}, first to {}",
                options.deadline_ms, options.first_to
            )],
        }
    }

    fn pick(&mut self, below: usize) -> usize {
        usize::try_from(self.rng.next_u32()).unwrap_or(0) % below.max(1)
    }

    fn players(&self) -> Vec<(ConnId, Seat)> {
        self.connected
            .iter()
            .filter_map(|(conn, role)| match role {
                Role::Player(seat) => Some((*conn, *seat)),
                Role::Spectator => None,
            })
            .collect()
    }

    /// Plays the schedule; whether the room closed before its last step.
    fn play(&mut self) {
        for _ in 0..STEPS {
            if self.table.room.closing {
                return;
            }
            // Mostly play, as people do; now and then everything else.
            match self.pick(40) {
                0..=2 => self.sit(),
                3 => self.watch(),
                4 => self.drop_one(),
                5..=6 => self.come_back(),
                7..=20 => self.seal(),
                21..=32 => self.open(),
                33 => self.refused(),
                34 => self.chat(),
                35 => self.rematch(),
                36 => self.hold(),
                37 => self.wait(Duration::from_secs(40)),
                _ => self.wait(Duration::from_secs(2)),
            }
        }
    }

    fn sit(&mut self) {
        let member = self.table.member();
        let conn = member.conn;
        let (reply, mut answer) = oneshot::channel();
        self.step(
            format!("{conn:?} sits"),
            Command::seat(
                member,
                Act::Join {
                    name: "Mouse".into(),
                    token: JoinToken::Make,
                    seating: Seating::default(),
                },
                reply,
            ),
        );
        if let Ok(Ok(_)) = answer.try_recv() {
            let seat = self.table.seat_of(conn);
            self.connected.push((conn, Role::Player(seat)));
        }
    }

    fn watch(&mut self) {
        let member = self.table.member();
        let conn = member.conn;
        let (reply, mut answer) = oneshot::channel();
        self.step(format!("{conn:?} watches"), Command::watch(member, reply));
        if let Ok(Ok(())) = answer.try_recv() {
            self.connected.push((conn, Role::Spectator));
        }
    }

    fn drop_one(&mut self) {
        if self.connected.is_empty() {
            return;
        }
        let index = self.pick(self.connected.len());
        let (conn, _) = self.connected.remove(index);
        self.step(
            format!("{conn:?} drops"),
            Command::from(conn, Act::Disconnected),
        );
    }

    /// A seat whose player dropped is taken back with its token.
    fn come_back(&mut self) {
        let seat = Seat::ALL[self.pick(2)];
        let Some(player) = self.table.room.seats[seat].as_ref() else {
            return;
        };
        let (Some(token), None) = (player.token, player.member.as_ref()) else {
            return;
        };
        let member = self.table.member();
        let conn = member.conn;
        let (reply, mut answer) = oneshot::channel();
        self.step(
            format!("{conn:?} comes back to {seat:?}"),
            Command::seat(
                member,
                Act::Resume {
                    token,
                    last_seq: None,
                    seating: Seating::default(),
                },
                reply,
            ),
        );
        if let Ok(Ok(_)) = answer.try_recv() {
            self.connected.push((conn, Role::Player(seat)));
        }
    }

    /// A player seals the greedy move (nothing for the deal) of the
    /// exchange under way, if theirs is not in.
    fn seal(&mut self) {
        let players = self.players();
        if players.is_empty() {
            return;
        }
        let (conn, seat) = players[self.pick(players.len())];
        let Some(exchange) = self.table.room.round.exchange else {
            return;
        };
        if exchange.seals[seat].is_some() {
            return;
        }
        let assignment = if exchange.round == DEAL_ROUND {
            Assignment::EMPTY
        } else {
            match self.table.room.seat_view(seat) {
                Some(view) => greedy_assignment(&view, seat),
                None => return,
            }
        };
        let mut bytes = [0; 32];
        self.rng.fill_bytes(&mut bytes);
        let nonce = Nonce::from_bytes(bytes);
        let seal = fair::seal(
            exchange.commitment,
            exchange.round,
            seat,
            &assignment,
            nonce,
        );
        self.sealed.retain(|(sealer, ..)| *sealer != seat);
        self.sealed.push((seat, exchange.round, assignment, nonce));
        self.step(
            format!("{conn:?} seals round {}", exchange.round),
            Command::from(
                conn,
                Act::Seal {
                    round: exchange.round,
                    seal,
                    signature: SealSigning::Unchecked(None),
                },
            ),
        );
    }

    /// A player opens what they sealed for the exchange under way, once
    /// both seals are in.
    fn open(&mut self) {
        let Some(exchange) = self.table.room.round.exchange else {
            return;
        };
        if exchange.seals.yellow.is_none() || exchange.seals.blue.is_none() {
            return;
        }
        let players = self.players();
        let ready: Vec<(usize, ConnId)> = self
            .sealed
            .iter()
            .enumerate()
            .filter(|(_, (_, round, ..))| *round == exchange.round)
            .filter_map(|(index, (seat, ..))| {
                let (conn, _) = players.iter().find(|(_, at)| at == seat)?;
                Some((index, *conn))
            })
            .collect();
        if ready.is_empty() {
            return;
        }
        let (index, conn) = ready[self.pick(ready.len())];
        let (_, round, assignment, nonce) = self.sealed.remove(index);
        self.step(
            format!("{conn:?} opens round {round}"),
            Command::from(
                conn,
                Act::Open {
                    round,
                    assignment: (round != DEAL_ROUND).then_some(assignment),
                    nonce,
                },
            ),
        );
    }

    /// Something the room must refuse, and leave as it was: a seal for
    /// another round, an opening that matches no seal, a spectator's seal,
    /// a stranger's chat.
    fn refused(&mut self) {
        let Some(exchange) = self.table.room.round.exchange else {
            return;
        };
        let before = self.table.room.snapshot(self.table.clock);
        let stranger = ConnId::next();
        let index = self.pick(self.connected.len());
        let conn = self
            .connected
            .get(index)
            .map_or(stranger, |(conn, _)| *conn);
        let nonce = Nonce::from_bytes([0xEE; 32]);
        let command = match self.pick(3) {
            0 => Command::from(
                conn,
                Act::Seal {
                    round: exchange.round
                        + 1
                        + u32::from(self.rng.next_u32().is_multiple_of(3)) * 7,
                    seal: fair::seal(
                        exchange.commitment,
                        exchange.round + 1,
                        Seat::Yellow,
                        &Assignment::EMPTY,
                        nonce,
                    ),
                    signature: SealSigning::Unchecked(None),
                },
            ),
            1 => Command::from(
                conn,
                Act::Open {
                    round: exchange.round,
                    assignment: Some(Assignment::EMPTY),
                    nonce,
                },
            ),
            _ => Command::from(
                stranger,
                Act::Chat {
                    name: "Nobody".into(),
                    text: "let me in".into(),
                },
            ),
        };
        self.step(format!("{conn:?} sends what is refused"), command);
        let after = self.table.room.snapshot(self.table.clock);
        assert_eq!(
            serde_json::to_value(&before).unwrap(),
            serde_json::to_value(&after).unwrap(),
            "a refused command changed the room\n{}",
            self.log.join("\n")
        );
    }

    fn chat(&mut self) {
        if let Some((conn, _)) = self.connected.first().copied() {
            self.step(
                format!("{conn:?} chats"),
                Command::from(
                    conn,
                    Act::Chat {
                        name: "Mouse".into(),
                        text: "good luck".into(),
                    },
                ),
            );
        }
    }

    fn rematch(&mut self) {
        let players = self.players();
        if let Some((conn, _)) = players.get(self.pick(players.len())).copied() {
            self.step(
                format!("{conn:?} asks a rematch"),
                Command::from(conn, Act::Rematch),
            );
        }
    }

    /// Storage holds the room: time passes in which it does nothing, and
    /// then its clocks move on by it, as its task does.
    fn hold(&mut self) {
        let held = Duration::from_millis(u64::from(self.rng.next_u32() % 20_000));
        self.log.push(format!("storage holds the room {held:?}"));
        self.table.now += held;
        self.table.room.postpone_clocks(held);
    }

    /// Up to `most` passes, and the timers due meanwhile fall.
    fn wait(&mut self, most: Duration) {
        let most = u64::try_from(most.as_millis()).unwrap_or(u64::MAX);
        let time = Duration::from_millis(u64::from(self.rng.next_u32()) % most);
        self.log.push(format!("{time:?} pass"));
        self.table.wait(time);
        self.check();
    }

    /// A command handled now, and every invariant checked on what it sent.
    fn step(&mut self, what: String, command: Command) {
        self.log.push(what);
        self.table.give(command);
        self.check();
    }

    /// Reads every frame sent since the last check, and checks it.
    fn check(&mut self) {
        let seed = self
            .table
            .room
            .dealing
            .or_else(|| {
                self.table
                    .room
                    .game
                    .as_ref()
                    .map(mice_cake_engine::RecordedGame::seed)
            })
            .filter(|_| self.table.room.result.is_none())
            .map(|seed| seed.to_string());
        let held: Vec<String> = self
            .table
            .room
            .round
            .exchange
            .iter()
            .flat_map(|exchange| {
                Seat::ALL.into_iter().filter_map(move |seat| {
                    let opening = exchange.openings[seat]?;
                    exchange.openings[seat.opponent()]
                        .is_none()
                        .then(|| opening.nonce.to_string())
                })
            })
            .collect();
        let mut frames = Vec::new();
        for (conn, queue) in &mut self.table.queues {
            while let Some(frame) = queue.try_recv() {
                frames.push((*conn, frame.as_str().to_owned()));
            }
        }
        for (conn, frame) in frames {
            let trail = || self.log.join("\n");
            if let Some(seed) = &seed {
                assert!(
                    !frame.contains(seed.as_str()),
                    "the seed of a game under way sent to {conn:?}: {frame}\n{}",
                    trail()
                );
            }
            for nonce in &held {
                assert!(
                    !frame.contains(nonce.as_str()),
                    "a move opened sent before the other's was in, to {conn:?}: {frame}\n{}",
                    trail()
                );
            }
            let message: ServerMessage = serde_json::from_str(&frame)
                .unwrap_or_else(|cause| panic!("{cause}: {frame}\n{}", trail()));
            match message {
                ServerMessage::Event { seq, event } => {
                    let last = self.last_seq.insert(conn, seq);
                    assert!(
                        last.is_none_or(|last| seq > last),
                        "{conn:?} got event {seq} after {last:?}\n{}",
                        trail()
                    );
                    self.saw(conn, *event);
                }
                ServerMessage::Joined { state, .. } | ServerMessage::State { state } => {
                    self.games_of.insert(conn, state.game);
                    // A state shows the seals in as well as their events do:
                    // a player who dropped while its own was held for what
                    // followed (protocol 13) learns of it so.
                    if let Some(exchange) = &state.exchange {
                        for seat in Seat::ALL {
                            if exchange.seals[seat].is_some() {
                                self.seals_sent.insert((state.game, exchange.round, seat));
                            }
                        }
                    }
                }
                _ => {}
            }
        }
        let room = &self.table.room;
        if room.status == RoomStatus::Playing {
            assert!(
                room.game.is_some() || room.dealing.is_some(),
                "playing without a game\n{}",
                self.log.join("\n")
            );
        }
    }

    /// Checks an event against those seen before.
    fn saw(&mut self, conn: ConnId, event: RoomEvent) {
        let game = self.games_of.get(&conn).copied().unwrap_or(self.game);
        match event {
            RoomEvent::GameStarted { game, .. } => {
                if game > self.game {
                    self.log.push(format!("game {game} starts"));
                }
                self.game = self.game.max(game);
                self.games_of.insert(conn, game);
            }
            RoomEvent::Sealed { round, seat, .. } => {
                self.seals_sent.insert((game, round, seat));
            }
            RoomEvent::Revealed { report, .. } => {
                self.revealed += 1;
                for seat in Seat::ALL {
                    assert!(
                        self.seals_sent.contains(&(game, report.round, seat)),
                        "round {} revealed before {seat:?}'s seal was sent\n{}",
                        report.round,
                        self.log.join("\n")
                    );
                }
            }
            RoomEvent::GameOver { result, .. } => {
                // Everyone is told, each the same end: a game ends once.
                let ending = format!("{:?}", result.ending);
                let kind = ending
                    .split([' ', '{', '('])
                    .next()
                    .unwrap_or("")
                    .to_owned();
                if !self.games_over.contains_key(&game) {
                    self.log.push(format!("game {game} ends: {ending}"));
                }
                let told = self.games_over.entry(game).or_insert_with(|| kind.clone());
                assert_eq!(
                    *told,
                    kind,
                    "game {game} ended twice (the room is at game {})\n{}",
                    self.table.room.game_number,
                    self.log.join("\n")
                );
            }
            _ => {}
        }
    }
}

#[tokio::test(start_paused = true)]
async fn rooms_keep_their_invariants_through_thousands_of_random_schedules() {
    let schedules = std::env::var("MICE_CAKE_SIMULATION_SCHEDULES")
        .ok()
        .and_then(|count| count.parse().ok())
        .unwrap_or(SCHEDULES);
    let started = std::time::Instant::now();
    let (mut reveals, mut steps) = (0, 0);
    let mut endings: BTreeMap<String, usize> = BTreeMap::new();
    for number in 0..schedules {
        let mut schedule = Schedule::new(number);
        schedule.play();
        reveals += schedule.revealed;
        steps += schedule.log.len();
        for ending in schedule.games_over.into_values() {
            *endings.entry(ending).or_default() += 1;
        }
    }
    println!(
        "{schedules} schedules, {steps} steps, {reveals} reveals seen, games ended {endings:?}, in {:.1} s",
        started.elapsed().as_secs_f64()
    );
    // The schedules reach what they are for: rounds revealed, and games
    // played to their ends as well as ended by time and by leaving.
    assert!(
        reveals as u64 >= schedules,
        "{reveals} reveals in {schedules} schedules"
    );
    assert!(
        endings.len() >= 3 && endings.contains_key("Played"),
        "{endings:?}"
    );
}

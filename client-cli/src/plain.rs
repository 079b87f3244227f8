//! The line-oriented interface: for scripts, bots, and anyone without a
//! terminal. Text lines (or one JSON message per line with `--json`) out;
//! assignments (`A2 C2`, `D1 steal 6/6`) or JSON client messages in.

use std::collections::VecDeque;
use std::io::Write;
use std::time::Instant;

use mice_cake_engine::{Assignment, GameRng, GameView, Policy, Seat, Seated};
use mice_cake_protocol::{
    ChatChannel, ChatLine, ClientMessage, ErrorCode, GameId, GameResult, PlayedRound, RoomStatus,
    ServerMessage,
};
use tokio::sync::mpsc;

use crate::effect::Effect;
use crate::net::{NetEvent, Session};
use crate::outcome::{self, Outcome};
use crate::text::{self, Missed, fit};
use crate::tracker::{Happening, Tracker};

/// A second Ctrl-C within this long leaves a game in progress.
const CONFIRM_CTRL_C: std::time::Duration = std::time::Duration::from_secs(5);

/// How lines are written.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Output {
    /// Sentences for people.
    Text,
    /// One JSON object per line: every server message as received, and
    /// `{"type":"client", …}` notes for what the client itself reports.
    Json,
}

/// Who decides this seat's assignments.
pub enum Decider {
    /// Lines typed on standard input.
    Stdin,
    /// A policy (a bot), with its own random source, thinking this long
    /// before each commit.
    Policy(Policy, Box<GameRng>, std::time::Duration),
    /// Nobody: watching.
    Watch,
}

/// Runs until the game is over, the person leaves, or the connection is
/// lost for good; says how it ended. With `chat` off, nothing said is shown
/// and nothing can be said.
pub async fn run(
    session: Session,
    output: Output,
    decider: Decider,
    chat: bool,
    http: String,
    server: String,
    sealer: crate::sealing::Sealer,
) -> anyhow::Result<outcome::Session> {
    // A bot reads nothing: its standard input may belong to someone else.
    let mut lines = match decider {
        Decider::Policy(..) => None,
        Decider::Stdin | Decider::Watch => Some(stdin_lines()),
    };
    let mut player = Player {
        session,
        out: Printer(output, server),
        tracker: Tracker::with_sealer(sealer),
        decider,
        typed_ahead: VecDeque::new(),
        in_flight: None,
        stdin_open: lines.is_some(),
        prompted: None,
        entered: false,
        chat,
        ctrl_c_at: None,
        http,
        committed_told: std::collections::HashSet::new(),
        arena: None,
    };
    loop {
        let step = tokio::select! {
            event = player.session.events.recv() => match event {
                Some(event) => player.net(event).await,
                None => Step::Done(Outcome::Failed("the connection ended".into())),
            },
            line = next_line(&mut lines) => match line {
                Some(line) => player.typed(line.trim()).await,
                None => {
                    lines = None;
                    player.stdin_closed()
                }
            },
            _ = tokio::signal::ctrl_c() => player.interrupted(),
        };
        match step {
            Step::Continue => {}
            Step::Done(outcome) => {
                player.session.leave().await;
                let room = player
                    .tracker
                    .room
                    .as_ref()
                    .map(|room| (room.code, room.you.is_some()));
                return Ok(outcome::Session {
                    outcome,
                    room,
                    // Every result was printed as the games ended.
                    games: Vec::new(),
                    left: None,
                });
            }
        }
    }
}

/// Standard input, line by line, read on a thread of its own: a read
/// blocked on a terminal cannot be cancelled, and must not keep the program
/// from ending when the game does.
fn stdin_lines() -> mpsc::Receiver<String> {
    let (sender, lines) = mpsc::channel(16);
    std::thread::spawn(move || {
        for line in std::io::stdin().lines() {
            let Ok(line) = line else { break };
            if sender.blocking_send(line).is_err() {
                break;
            }
        }
    });
    lines
}

/// The next line, `None` at the end; pending for ever once closed.
async fn next_line(lines: &mut Option<mpsc::Receiver<String>>) -> Option<String> {
    match lines {
        Some(lines) => lines.recv().await,
        None => std::future::pending().await,
    }
}

/// Whether to go on.
enum Step {
    Continue,
    /// Finished, and how.
    Done(Outcome),
}

/// One seat (or a spectator) on the line interface.
struct Player {
    session: Session,
    out: Printer,
    tracker: Tracker,
    decider: Decider,
    /// Assignments typed before their round opened (a script typing ahead),
    /// played in order as rounds open.
    typed_ahead: VecDeque<Assignment>,
    /// The round of a commit sent and not yet answered.
    in_flight: Option<u32>,
    /// Whether more lines may come.
    stdin_open: bool,
    /// The last round the person was asked about.
    prompted: Option<u32>,
    /// In a room (or given the list): errors from now on are the room's,
    /// not a refusal to let us in (that is told once, as the outcome).
    entered: bool,
    /// Whether chat is shown and may be said.
    chat: bool,
    /// When Ctrl-C was pressed in a game, to be pressed again to leave.
    ctrl_c_at: Option<Instant>,
    /// The server's HTTP address, to fetch a finished game's record and
    /// verify it.
    http: String,
    /// The commits told (game, round, seat): each is told once.
    committed_told: std::collections::HashSet<(u32, u32, Seat)>,
    /// The arena played or watched, if any.
    arena: Option<ArenaFollowed>,
}

/// An arena as the line interface follows it.
struct ArenaFollowed {
    id: mice_cake_protocol::ArenaId,
    /// Joined as a player (not only watching).
    playing: bool,
    /// The standings last shown: shown again only once they change.
    shown: Vec<(mice_cake_engine::PlayerKey, u32, u32, bool)>,
}

impl Player {
    /// Whether an event would tell the person nothing new: their own
    /// connection's comings and goings (they are told "reconnected"), and a
    /// seat's commit told already this round (a seal sent again after a
    /// drop is published again).
    fn redundant(&mut self, message: &ServerMessage) -> bool {
        use mice_cake_protocol::RoomEvent as E;
        if let ServerMessage::ArenaUpdate { arena } = message {
            return self.arena_update_redundant(arena);
        }
        let ServerMessage::Event { event, .. } = message else {
            return false;
        };
        match **event {
            E::Connection { seat, .. } => self.tracker.you() == Some(seat),
            E::Sealed { seat, round, .. } if round > 0 => {
                let game = self.tracker.room.as_ref().map_or(0, |room| room.game);
                !self.committed_told.insert((game, round, seat))
            }
            _ => false,
        }
    }

    /// Whether an arena's update would tell nothing new now: its standings
    /// as shown last, or a game of the player's under way (the standings
    /// are shown between games).
    fn arena_update_redundant(&mut self, arena: &mice_cake_protocol::ArenaState) -> bool {
        let Some(followed) = self.arena.as_mut() else {
            return false;
        };
        let finished = arena.summary.status == mice_cake_protocol::arena::ArenaStatus::Finished;
        let in_game = self.tracker.you().is_some()
            && self
                .tracker
                .room
                .as_ref()
                .is_some_and(|room| room.status == RoomStatus::Playing);
        if in_game && !finished {
            return true;
        }
        let standings: Vec<_> = arena
            .top
            .iter()
            .map(|line| (line.key, line.score, line.games, line.paused))
            .collect();
        if standings == followed.shown && !finished {
            return true;
        }
        followed.shown = standings;
        false
    }

    /// What an arena's message means for the run: the arena followed, or
    /// over (the podium was just shown).
    fn follow_arena(&mut self, message: &ServerMessage) -> Option<Step> {
        match message {
            // Joined (or come back to) an arena already over: its podium
            // was just shown.
            ServerMessage::ArenaJoined { arena, .. }
                if arena.summary.status == mice_cake_protocol::arena::ArenaStatus::Finished =>
            {
                Some(Step::Done(Outcome::Done))
            }
            ServerMessage::ArenaJoined { arena, you } => {
                self.entered = true;
                self.arena = Some(ArenaFollowed {
                    id: arena.summary.id,
                    playing: you.is_some(),
                    shown: arena
                        .top
                        .iter()
                        .map(|line| (line.key, line.score, line.games, line.paused))
                        .collect(),
                });
                None
            }
            ServerMessage::ArenaUpdate { arena }
                if arena.summary.status == mice_cake_protocol::arena::ArenaStatus::Finished =>
            {
                Some(Step::Done(Outcome::Done))
            }
            ServerMessage::ArenaLeft { .. } => Some(Step::Done(Outcome::Done)),
            // Gone (joined again after a drop, say): nothing more will come.
            ServerMessage::Error {
                code: ErrorCode::UnknownArena,
                message,
            } => Some(Step::Done(Outcome::Failed(message.clone()))),
            _ => None,
        }
    }

    async fn net(&mut self, event: NetEvent) -> Step {
        let message = match event {
            NetEvent::Message(message) => message,
            NetEvent::Reconnecting {
                attempt,
                wait,
                reason,
            } => {
                self.out.note(&format!(
                    "connection lost ({reason}); reconnecting in {:.1} s (attempt {attempt})",
                    wait.as_secs_f64()
                ));
                // Entering again: a refusal now is told once, as the outcome.
                self.entered = false;
                return Step::Continue;
            }
            NetEvent::Reconnected => {
                self.out.note("reconnected");
                return Step::Continue;
            }
            NetEvent::Closed(reason) => return Step::Done(Outcome::Failed(reason)),
        };
        if matches!(
            message,
            ServerMessage::Joined { .. } | ServerMessage::RoomList { .. }
        ) {
            self.entered = true;
        }
        // Events replayed after a resume were seen (or are in the state):
        // only the rounds missed are told again, below. A refusal to let us
        // in is told once, as the outcome; chat only if it is on.
        let refusal = !self.entered && matches!(message, ServerMessage::Error { .. });
        let history = self.tracker.is_history(&message);
        let hidden_chat = !self.chat && matches!(message, ServerMessage::Chat { .. });
        let redundant = self.out.0 == Output::Text && self.redundant(&message);
        // An arena's room is the arena's to fill: nobody is to be told to
        // join it.
        let arena_room = match &message {
            ServerMessage::Joined {
                seat: Some(seat),
                state,
                ..
            } if self.out.0 == Output::Text && self.arena.is_some() => {
                self.out
                    .note(&format!("room {} — you are {seat}", state.code));
                true
            }
            _ => false,
        };
        if self.out.0 == Output::Json && !hidden_chat
            || (!history && !refusal && !hidden_chat && !redundant && !arena_room)
        {
            self.out.message(&message);
        }
        if let Some(step) = self.follow_arena(&message) {
            return step;
        }
        let happening = self.tracker.apply(&message, Instant::now());
        self.send_automatic().await;
        match &message {
            ServerMessage::Joined { .. } | ServerMessage::State { .. } => {
                // The state says what is committed: nothing is in flight.
                self.in_flight = None;
                // Back in the room (or in a new game): show the board again.
                self.prompted = None;
            }
            ServerMessage::Event { event, .. } if matches!(&**event, mice_cake_protocol::RoomEvent::Sealed { seat, .. } if Some(*seat) == self.tracker.you()) =>
            {
                self.in_flight = None;
                // The server holds the seal (stored before it said so): the
                // move is in.
                if let (mice_cake_protocol::RoomEvent::Sealed { round, .. }, Some(assignment)) =
                    (&**event, self.tracker.your_move())
                    && *round > 0
                    && !history
                {
                    self.out.note(&format!(
                        "committed for round {round}: {assignment} (sealed)"
                    ));
                }
            }
            ServerMessage::Error { code, .. } if self.in_flight.is_some() => {
                if self.refused_in_flight(*code) {
                    // Explained above: decide again.
                    self.in_flight = None;
                    self.prompted = None;
                    return self.decide().await;
                } else if *code == ErrorCode::AlreadyCommitted {
                    self.in_flight = None;
                }
            }
            _ => {}
        }
        match happening {
            Some(Happening::GameOver) => {
                // The game's id: none for a game that ended before its deal.
                let finished = self.tracker.finished();
                let id = finished.and_then(|(_, id)| id);
                if let Some((result, _)) = &finished {
                    self.out.game_over(result, id.as_ref());
                }
                // Every finished game is checked, a player's against what
                // its client saw.
                if let Some(id) = id {
                    let seen = self
                        .tracker
                        .you()
                        .map(|seat| (self.tracker.sealer.witness().clone(), seat));
                    // A person is told each player's accuracy; a bot
                    // (or a script reading JSON) asks if it wants it.
                    let person = self.out.0 == Output::Text
                        && matches!(self.decider, Decider::Stdin | Decider::Watch);
                    let checked =
                        crate::verify::check_played(self.http.clone(), id, seen, person).await;
                    self.out.note(&checked.verdict);
                    if let Some(accuracy) = &checked.accuracy {
                        let you = self.tracker.you();
                        self.out
                            .note(&crate::analysis::accuracy_line(accuracy, you, id));
                    }
                }
                if self.arena.as_ref().is_some_and(|arena| arena.playing) {
                    // The arena pairs this player again: the next game
                    // comes by itself.
                    self.out
                        .note("waiting to be paired again (type pause to stop)");
                    return Step::Continue;
                }
                return Step::Done(Outcome::Done);
            }
            Some(Happening::Revealed(played)) => self.round(&played),
            Some(Happening::Missed(played)) => {
                self.round(&played);
                // The prompt, if any, went before the missed rounds: again.
                self.prompted = None;
            }
            Some(Happening::History(rounds)) => {
                for played in &rounds {
                    self.round(played);
                }
                self.prompted = None;
            }
            Some(Happening::Chat(line)) if self.chat => self.out.chat(&line),
            Some(Happening::RoundStarted(_) | Happening::GameStarted(_) | Happening::Chat(_))
            | None => {}
        }
        if matches!(
            message,
            ServerMessage::Joined { .. }
                | ServerMessage::State { .. }
                | ServerMessage::Event { .. }
                | ServerMessage::History { .. }
        ) {
            return self.decide().await;
        }
        Step::Continue
    }

    /// A round, with the deadline's marks.
    fn round(&mut self, played: &PlayedRound) {
        let index = self
            .tracker
            .log
            .iter()
            .position(|seen| seen.report.round == played.report.round)
            .unwrap_or(0);
        let missed = Missed {
            in_a_row: Seated::from_fn(|seat| self.tracker.missed_in_a_row(index, seat)),
            limit: self
                .tracker
                .room
                .as_ref()
                .map_or(0, |room| room.missed_deadline_limit),
        };
        self.out.round(played, missed);
    }

    /// Ctrl-C: a game in progress asks for a second one first (leaving it
    /// forfeits); otherwise it leaves at once.
    fn interrupted(&mut self) -> Step {
        let in_game = matches!(self.decider, Decider::Stdin)
            && self.tracker.you().is_some()
            && self
                .tracker
                .room
                .as_ref()
                .is_some_and(|room| room.status == RoomStatus::Playing);
        let now = Instant::now();
        if in_game
            && self
                .ctrl_c_at
                .is_none_or(|at| now.duration_since(at) > CONFIRM_CTRL_C)
        {
            self.ctrl_c_at = Some(now);
            self.out.note(&format!(
                "Leave the game? You forfeit it. Press Ctrl-C again within {} s to leave (or \
                 close the terminal: your seat is kept for a while, to resume)",
                CONFIRM_CTRL_C.as_secs()
            ));
            return Step::Continue;
        }
        self.leaving();
        Step::Done(Outcome::Done)
    }

    /// Says what leaving now means.
    fn leaving(&mut self) {
        let Some(room) = self.tracker.room.as_ref() else {
            return;
        };
        let forfeit = room.you.is_some() && room.status == RoomStatus::Playing;
        let note = if forfeit {
            format!("leaving room {}: you forfeit game {}", room.code, room.game)
        } else {
            format!("leaving room {}", room.code)
        };
        self.out.note(&note);
    }

    /// Whether `code` refuses the commit in flight, for the round still open.
    fn refused_in_flight(&self, code: ErrorCode) -> bool {
        let open_round = self
            .tracker
            .room
            .as_ref()
            .and_then(|room| room.view)
            .map(|view| view.round);
        matches!(code, ErrorCode::IllegalAssignment | ErrorCode::WrongPhase)
            && self.in_flight.is_some()
            && self.in_flight == open_round
    }

    /// The seat and view when this player has to decide now.
    fn deciding(&self) -> Option<(Seat, GameView)> {
        // A move sealed here is decided, even one the server lost and the
        // client sends again after a reconnection.
        if self.in_flight.is_some() || !self.tracker.must_decide() || self.tracker.sealed_here() {
            return None;
        }
        Some((self.tracker.you()?, self.tracker.room.as_ref()?.view?))
    }

    /// If a round is open for this player and not yet handled: a bot
    /// commits; a person's typed-ahead assignment is played, or the person
    /// is asked (once per round).
    async fn decide(&mut self) -> Step {
        if let Some(round) = self.forced_round() {
            if self.prompted != Some(round) {
                self.prompted = Some(round);
                self.out
                    .note("nothing to decide this round: your only assignment is sealed for you");
            }
            return Step::Continue;
        }
        let Some((seat, view)) = self.deciding() else {
            return Step::Continue;
        };
        match &mut self.decider {
            Decider::Policy(policy, rng, think) => {
                let assignment = policy.choose(&view, seat, rng);
                if !think.is_zero() {
                    tokio::time::sleep(*think).await;
                }
                self.commit(view.round, assignment).await;
            }
            Decider::Stdin => match self.typed_ahead.pop_front() {
                Some(assignment) => self.play(seat, &view, assignment).await,
                None if !self.stdin_open => return self.out_of_input(),
                None if self.prompted == Some(view.round) => {}
                None => self.prompt(seat, &view),
            },
            Decider::Watch => {}
        }
        Step::Continue
    }

    /// The round open now, if the server commits this player's only legal
    /// assignment in it.
    fn forced_round(&self) -> Option<u32> {
        let room = self.tracker.room.as_ref()?;
        let you = room.you?;
        let forced = room.choices?[you].forced.is_some();
        (forced && room.status == RoomStatus::Playing && !room.committed[you])
            .then(|| room.view.map(|view| view.round))
            .flatten()
    }

    /// A round to play and nothing more to read: leave rather than stall
    /// the game (or wait for the deadline to play every round).
    fn out_of_input(&mut self) -> Step {
        self.out
            .note("standard input ended with a round to play: leaving the game");
        Step::Done(Outcome::Done)
    }

    fn prompt(&mut self, seat: Seat, view: &GameView) {
        self.prompted = Some(view.round);
        self.out.board(view);
        let example = view
            .legal_assignments(seat)
            .last()
            .map_or_else(String::new, |a| format!(", like: {a}"));
        let deadline = self
            .tracker
            .time_left(Instant::now())
            .map_or_else(String::new, |left| format!(" ({}s left)", left.as_secs()));
        self.out.note(&format!(
            "round {}: you are {seat}, {} mice to place{deadline}; type your assignment{example}",
            view.round, view.families[seat].available
        ));
    }

    /// Standard input ended. A person who can type no more leaves when a
    /// decision is needed rather than stall the game.
    fn stdin_closed(&mut self) -> Step {
        self.stdin_open = false;
        if matches!(self.decider, Decider::Stdin)
            && self.typed_ahead.is_empty()
            && self.deciding().is_some()
        {
            return self.out_of_input();
        }
        Step::Continue
    }

    /// A line typed by the person.
    async fn typed(&mut self, line: &str) -> Step {
        if line.is_empty() {
            return Step::Continue;
        }
        if matches!(line, "q" | "quit" | "exit") {
            self.leaving();
            return Step::Done(Outcome::Done);
        }
        if let Some(said) = line
            .strip_prefix("/say ")
            .or_else(|| line.strip_prefix("/chat "))
        {
            if !self.chat {
                self.out.note("the chat is off (--no-chat)");
            } else {
                let text = said.to_owned();
                let _ = self
                    .session
                    .commands
                    .send(ClientMessage::Chat { text })
                    .await;
            }
            return Step::Continue;
        }
        if let Some(show) = line.strip_prefix("/spectators ") {
            let show = matches!(show.trim(), "on" | "yes" | "show");
            let _ = self
                .session
                .commands
                .send(ClientMessage::SpectatorChat { show })
                .await;
            return Step::Continue;
        }
        if let Some(followed) = self.arena.as_ref().filter(|arena| arena.playing) {
            let arena = followed.id;
            let command = match line {
                "pause" => Some(ClientMessage::PauseArena),
                "join" => self.tracker.sealer.join_arena(arena),
                _ => None,
            };
            if let Some(command) = command {
                let _ = self.session.commands.send(command).await;
                return Step::Continue;
            }
        }
        if line.starts_with('{') {
            // A program speaking the protocol directly.
            match ClientMessage::parse(line) {
                Ok(message) => {
                    let _ = self.session.commands.send(message).await;
                }
                Err(error) => self.out.note(&format!("not a message: {error}")),
            }
            return Step::Continue;
        }
        if matches!(self.decider, Decider::Watch) {
            self.out
                .note("you are watching: there is nothing to play (q leaves)");
            return Step::Continue;
        }
        let assignment: Assignment = match line.parse() {
            Ok(assignment) => assignment,
            Err(error) => {
                self.out.note(&format!(
                    "cannot read {line:?}: {error} (write it like `A2 C1` or `D1 steal 6/6`)"
                ));
                self.reprompt();
                return Step::Continue;
            }
        };
        match self.deciding() {
            Some((seat, view)) => self.play(seat, &view, assignment).await,
            None => {
                self.out.note(&format!(
                    "{assignment}: noted, for when the next round opens"
                ));
                self.typed_ahead.push_back(assignment);
            }
        }
        Step::Continue
    }

    /// Asks again, if a decision is awaited.
    fn reprompt(&mut self) {
        if let (Decider::Stdin, Some((seat, view))) = (&self.decider, self.deciding()) {
            self.prompt(seat, &view);
        }
    }

    /// Commits an assignment, or explains at once why it cannot be played
    /// (the engine says what the server would) and asks again.
    async fn play(&mut self, seat: Seat, view: &GameView, mut assignment: Assignment) {
        loop {
            let Err(error) = view.check(seat, &assignment) else {
                return self.commit(view.round, assignment).await;
            };
            self.out
                .note(&format!("{assignment} cannot be played: {error}"));
            match self.typed_ahead.pop_front() {
                Some(next) => assignment = next,
                None => return self.prompt(seat, view),
            }
        }
    }

    /// Seals the assignment: the client opens it by itself once both
    /// moves are sealed.
    async fn commit(&mut self, round: u32, assignment: Assignment) {
        let effects = self.tracker.seal(round, assignment);
        if effects.is_empty() {
            return;
        }
        self.in_flight = Some(round);
        self.perform(effects).await;
    }

    /// Sends what the client sends by itself: the deal's nonce, a forced
    /// move, openings.
    async fn send_automatic(&mut self) {
        let effects = self.tracker.automatic();
        self.perform(effects).await;
    }

    /// Carries out what sealed play asks, in its order: a move stored
    /// before its seal is sent.
    async fn perform(&mut self, effects: Vec<Effect>) {
        for effect in effects {
            match effect {
                Effect::StoreOpening(file, opening) => file.keep(opening),
                Effect::Send(message) => {
                    let _ = self.session.commands.send(message).await;
                }
            }
        }
    }
}

/// Writes lines to standard output and flushes: a script reads them as
/// they come. A closed output is not an error worth stopping for.
pub fn print_lines<L: AsRef<str>>(lines: impl IntoIterator<Item = L>) {
    let mut stdout = std::io::stdout().lock();
    for line in lines {
        let _ = writeln!(stdout, "{}", line.as_ref());
    }
    let _ = stdout.flush();
}

/// Writes lines to standard output, flushing each (a script reads as we go).
/// What is printed, and how: the output, and the server (for the command
/// that joins a room, told to the opponent).
struct Printer(Output, String);

impl Printer {
    fn line(&mut self, text: &str) {
        print_lines([text]);
    }

    /// Something the client itself says.
    fn note(&mut self, text: &str) {
        match self.0 {
            Output::Text => self.line(text),
            Output::Json => {
                let note = serde_json::json!({ "type": "client", "message": text });
                self.line(&note.to_string());
            }
        }
    }

    /// A message from the server.
    fn message(&mut self, message: &ServerMessage) {
        match self.0 {
            Output::Json => {
                if let Ok(json) = serde_json::to_string(message) {
                    self.line(&json);
                }
            }
            Output::Text => {
                for line in describe(message, &self.1) {
                    self.line(&line);
                }
            }
        }
    }

    /// The end of the game, and where its record is.
    fn game_over(&mut self, result: &GameResult, game_id: Option<&GameId>) {
        if self.0 == Output::Text {
            self.line(&text::result(result));
            if let Some(id) = game_id {
                self.line(&format!("record: /api/games/{id}"));
            }
        }
    }

    fn round(&mut self, played: &PlayedRound, missed: Missed) {
        if self.0 == Output::Text {
            for line in text::round(played, missed) {
                self.line(&line);
            }
        }
    }

    /// A chat line, as text (JSON prints the message itself).
    fn chat(&mut self, line: &ChatLine) {
        if self.0 == Output::Text {
            let who = match (line.seat, line.channel) {
                (Some(seat), _) => format!("{} ({seat})", line.name),
                (None, ChatChannel::Spectators) => format!("{} (spectator)", line.name),
                (None, ChatChannel::Players) => line.name.clone(),
            };
            self.line(&format!("chat: {who}: {}", line.text));
        }
    }

    fn board(&mut self, view: &GameView) {
        if self.0 == Output::Text {
            for line in view.to_string().lines() {
                self.line(line);
            }
        }
    }
}

/// A quick pairing's news (`seeking`, `bot_offered`, `paired`,
/// `seek_ended`), in a sentence; `None` for any other message.
pub fn seek_line(message: &ServerMessage) -> Option<String> {
    let time = |deadline_ms: Option<u64>| match deadline_ms {
        Some(ms) => humantime::format_duration(std::time::Duration::from_millis(ms)).to_string(),
        None => "any time".into(),
    };
    let kind = |rated: bool| if rated { "rated" } else { "casual" };
    Some(match message {
        ServerMessage::Seeking {
            pool,
            deadline_ms,
            rated,
            rating,
            paired_last,
        } => {
            let mut line = format!(
                "looking for an opponent: {}, {} a round, {} (your rating {})",
                pool.map_or_else(
                    || "any pool".to_owned(),
                    |pool| pool.name().replace('_', " ")
                ),
                time(*deadline_ms),
                kind(*rated),
                rating.shown()
            );
            if let Some(conduct) = paired_last {
                line.push_str(&format!(
                    "; you aborted {} of your last {} rated games (left, stayed away or did not \
                     open before both players had a move), so you are paired after everyone else",
                    conduct.aborted, conduct.games
                ));
            }
            line
        }
        ServerMessage::BotOffered { policy, .. } => {
            format!("nobody to pair with yet: playing the server's {policy} bot instead (unrated)")
        }
        ServerMessage::Paired {
            code,
            pool,
            deadline_ms,
            rated,
            opponent,
            rating,
            opponent_bot,
        } => format!(
            "paired with {opponent}{} ({}) in room {code}: {}, {} a round, {}",
            if *opponent_bot { " [BOT]" } else { "" },
            rating.shown(),
            pool.name().replace('_', " "),
            time(*deadline_ms),
            kind(*rated)
        ),
        ServerMessage::Unpaired { code, reason, .. } => {
            format!("pairing called off, room {code} closed: {reason}")
        }
        ServerMessage::SeekEnded { reason } => {
            format!("no longer looking for an opponent: {reason}")
        }
        _ => return None,
    })
}

/// A server message, in sentences (reveals are written by [`text::round`]).
pub fn describe(message: &ServerMessage, server: &str) -> Vec<String> {
    use mice_cake_protocol::RoomEvent as E;
    if let Some(line) = seek_line(message) {
        return vec![line];
    }
    match message {
        ServerMessage::Welcome { server, .. } => vec![format!("connected to {server}")],
        ServerMessage::RoomList { rooms, total } => rooms_table(rooms, *total),
        ServerMessage::Joined { seat, state, .. } => {
            let mut lines = Vec::new();
            match seat {
                Some(seat) => {
                    lines.push(format!("room {} — you are {seat}", state.code));
                    if state.players[seat.opponent()].is_none() {
                        lines.push(format!(
                            "waiting for an opponent: tell them to run  {}",
                            crate::cli::join_command(state.code, server)
                        ));
                    }
                }
                None => lines.push(format!("watching room {}", state.code)),
            }
            lines
        }
        ServerMessage::State { state } => match state.you {
            Some(seat) => vec![format!("new game: you are {seat} now")],
            None => Vec::new(),
        },
        ServerMessage::Left { code } => vec![format!("left room {code}")],
        ServerMessage::Error { code, message } => {
            vec![format!("error ({}): {message}", code.as_str())]
        }
        ServerMessage::ShuttingDown { message } => vec![format!("server: {message}")],
        // Told as rounds and chat lines, by the player; a seek's news above.
        ServerMessage::History { .. }
        | ServerMessage::Chat { .. }
        | ServerMessage::Seeking { .. }
        | ServerMessage::BotOffered { .. }
        | ServerMessage::Paired { .. }
        | ServerMessage::Unpaired { .. }
        | ServerMessage::SeekEnded { .. } => Vec::new(),
        ServerMessage::ArenaJoined { .. }
        | ServerMessage::ArenaUpdate { .. }
        | ServerMessage::ArenaPaired { .. }
        | ServerMessage::ArenaPaused { .. }
        | ServerMessage::ArenaLeft { .. } => {
            crate::arena_text::lines(message, crate::arena_text::now_ms()).unwrap_or_default()
        }
        ServerMessage::Renamed { key, name } => vec![format!("{key} is {name} now")],
        ServerMessage::Event { event, .. } => match &**event {
            E::PlayerJoined { seat, player } => vec![format!(
                "{}{} joined as {seat}",
                player.name,
                text::bot_badge(player)
            )],
            E::GameStarted {
                game,
                players,
                not_rated,
                ..
            } => {
                let mut lines = vec![format!(
                    "game {game} begins: {}{} is Yellow, {}{} is Blue",
                    players.yellow.name,
                    text::bot_badge(&players.yellow),
                    players.blue.name,
                    text::bot_badge(&players.blue)
                )];
                if let Some(why) = not_rated {
                    lines.push(format!(
                        "this game is not rated, although the room is: {}",
                        why.reason()
                    ));
                }
                lines
            }
            E::RoundStarted { .. } | E::Revealed { .. } => Vec::new(),
            E::Sealed { seat, round, .. } if *round > 0 => vec![format!("{seat} has committed")],
            E::Sealed { .. } | E::Dealt { .. } => Vec::new(),
            E::Connection {
                seat,
                connected: true,
                ..
            } => vec![format!("{seat} is back")],
            E::Connection {
                seat,
                connected: false,
                grace_ms,
            } => vec![match grace_ms {
                Some(ms) => format!(
                    "{seat} disconnected: forfeits in {}s unless back",
                    ms / 1000
                ),
                None => format!("{seat} disconnected"),
            }],
            E::Spectators { count } => vec![format!("{count} watching")],
            E::RematchRequested { seat } => vec![format!("{seat} asks for a rematch")],
            E::PlayerLeft { seat } => vec![format!("{seat} left")],
            // Told by `Printer::game_over`, however the end was learnt.
            E::GameOver { .. } => Vec::new(),
            E::Rated { seat, rating } => vec![format!(
                "{seat}'s rating: {} (deviation {:.0}, {} rated games)",
                rating.shown(),
                rating.deviation,
                rating.games
            )],
        },
    }
}

/// The public rooms as a small table: names cut to fit their column (by
/// their width on screen, so that wide characters keep it aligned), the
/// round shown only while a game is on.
pub fn rooms_table(rooms: &[mice_cake_protocol::RoomSummary], total: u32) -> Vec<String> {
    if rooms.is_empty() {
        return vec!["no public rooms".into()];
    }
    let mut lines = vec![format!(
        "{:<6} {:<9} {} {} {:>5} {:>8}",
        "code",
        "status",
        fit("yellow", NAME_COLUMN),
        fit("blue", NAME_COLUMN),
        "round",
        "watching"
    )];
    for room in rooms {
        // A rating, where known, goes before the name: a long name is cut,
        // never the rating.
        let name = |seat: Seat| {
            let name = room.players[seat].clone().unwrap_or_else(|| "—".into());
            match room.ratings[seat] {
                Some(rating) => format!("{} {name}", rating.shown()),
                None => name,
            }
        };
        let status = match room.status {
            RoomStatus::Waiting => "waiting",
            RoomStatus::Playing => "playing",
            RoomStatus::Finished => "finished",
        };
        let round = if room.status == RoomStatus::Playing && room.round > 0 {
            room.round.to_string()
        } else {
            "—".into()
        };
        lines.push(format!(
            "{:<6} {:<9} {} {} {:>5} {:>8}",
            room.code.to_string(),
            status,
            fit(&name(Seat::Yellow), NAME_COLUMN),
            fit(&name(Seat::Blue), NAME_COLUMN),
            round,
            room.spectators
        ));
    }
    if total as usize > rooms.len() {
        lines.push(format!("… and {} more", total as usize - rooms.len()));
    }
    lines
}

/// Width of a name's column in tables.
const NAME_COLUMN: usize = 16;

/// The seats this user holds, to resume.
pub fn seats_table(seats: &[crate::seats::HeldSeat]) -> Vec<String> {
    if seats.is_empty() {
        return vec!["you hold no seat".into()];
    }
    let now = crate::seats::now_ms();
    let mut lines = vec![format!(
        "{:<6} {:<7} {} {:<9} {}",
        "room",
        "seat",
        fit("name", NAME_COLUMN),
        "when",
        "server"
    )];
    for held in seats {
        lines.push(format!(
            "{:<6} {:<7} {} {:<9} {}",
            held.room.to_string(),
            held.seat
                .map_or_else(|| "—".into(), |seat| seat.to_string()),
            fit(&held.name, NAME_COLUMN),
            ago(now.saturating_sub(held.saved_at_ms)),
            held.server
        ));
    }
    lines.push("take one back with:  mice-cake --server SERVER resume ROOM".into());
    lines
}

/// How long ago, in a few characters: `just now`, `5 min ago`, `3 h ago`,
/// `2 d ago`.
fn ago(ms: u64) -> String {
    let minutes = ms / 60_000;
    match minutes {
        0 => "just now".into(),
        1..=59 => format!("{minutes} min ago"),
        60..=2_879 => format!("{} h ago", minutes / 60),
        _ => format!("{} d ago", minutes / 1_440),
    }
}

#[cfg(test)]
mod tables {
    use mice_cake_protocol::{RoomOptions, RoomStatus, RoomSummary};
    use unicode_width::UnicodeWidthStr as _;

    use super::*;

    #[test]
    fn long_and_wide_names_keep_the_columns_aligned() {
        let room = |code: &str, yellow: &str, status: RoomStatus, round: u32| RoomSummary {
            code: code.parse().unwrap(),
            status,
            players: Seated {
                yellow: Some(yellow.into()),
                blue: None,
            },
            spectators: 2,
            round,
            options: RoomOptions::default(),
            ratings: Seated::default(),
            bots: Seated::default(),
        };
        let rooms = [
            room("K7M2Q", "Ann", RoomStatus::Playing, 4),
            room(
                "ABCDE",
                "Bartholomew Longname-Smith",
                RoomStatus::Waiting,
                9,
            ),
            room("XYZ23", "李小龍李小龍李小龍李小龍", RoomStatus::Waiting, 0),
        ];
        let lines = rooms_table(&rooms, 3);
        let widths: Vec<usize> = lines.iter().map(|line| line.width()).collect();
        assert!(
            widths.windows(2).all(|pair| pair[0] == pair[1]),
            "{lines:#?}"
        );
        assert!(lines[2].contains("Bartholomew Lon…"), "{lines:#?}");
        // A waiting room shows no round: its last game's is over.
        assert!(lines[2].contains("    —"), "{}", lines[2]);
        assert!(lines[1].contains("    4"), "{}", lines[1]);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::fixture::FakeRoom;

    fn player() -> Player {
        let (commands, _) = mpsc::channel(1);
        let (_, events) = mpsc::channel(1);
        Player {
            session: Session { commands, events },
            out: Printer(Output::Text, crate::cli::DEFAULT_SERVER.into()),
            tracker: crate::fixture::tracker(),
            decider: Decider::Watch,
            typed_ahead: VecDeque::new(),
            in_flight: None,
            stdin_open: false,
            prompted: None,
            entered: false,
            chat: true,
            ctrl_c_at: None,
            http: String::new(),
            committed_told: std::collections::HashSet::new(),
            arena: None,
        }
    }

    /// As a reviewer found: "Blue has committed" twice in a round (a seal
    /// published again), and "Yellow is back" told to Yellow.
    #[test]
    fn a_commit_is_told_once_and_your_own_comings_and_goings_not_at_all() {
        let mut player = player();
        let mut room = FakeRoom::new(Some(Seat::Yellow), 5);
        for message in [room.joined()].into_iter().chain(room.opponent_arrives()) {
            player.tracker.apply(&message, Instant::now());
        }
        let view = room.view_for(Seat::Blue);
        let sealed = room.commit(
            Seat::Blue,
            mice_cake_engine::greedy_assignment(&view, Seat::Blue),
        );
        assert!(!player.redundant(&sealed[0]));
        assert!(player.redundant(&sealed[0]), "told twice");
        let back = |seat| ServerMessage::Event {
            seq: 99,
            event: Box::new(mice_cake_protocol::RoomEvent::Connection {
                seat,
                connected: true,
                grace_ms: None,
            }),
        };
        assert!(player.redundant(&back(Seat::Yellow)));
        assert!(!player.redundant(&back(Seat::Blue)));
    }
}

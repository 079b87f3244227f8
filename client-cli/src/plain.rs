//! The line-oriented interface: for scripts, bots, and anyone without a
//! terminal. Text lines (or one JSON message per line with `--json`) out;
//! assignments (`A2 C2`, `D1 steal 6/6`) or JSON client messages in.

use std::collections::VecDeque;
use std::io::Write;
use std::time::Instant;

use mice_cake_engine::{Assignment, GameRng, GameView, Policy, Seat};
use mice_cake_protocol::{ClientMessage, ErrorCode, GameId, GameResult, RoomStatus, ServerMessage};
use tokio::sync::mpsc;

use crate::net::{NetEvent, Session};
use crate::text;
use crate::tracker::{Happening, Tracker};

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

/// Runs until the game is over (or the connection is lost for good);
/// returns the game's result.
pub async fn run(
    session: Session,
    output: Output,
    decider: Decider,
) -> anyhow::Result<Option<GameResult>> {
    // A bot reads nothing: its standard input may belong to someone else.
    let mut lines = match decider {
        Decider::Policy(..) => None,
        Decider::Stdin | Decider::Watch => Some(stdin_lines()),
    };
    let mut player = Player {
        session,
        out: Printer(output),
        tracker: Tracker::default(),
        decider,
        typed_ahead: VecDeque::new(),
        in_flight: None,
        stdin_open: lines.is_some(),
        prompted: None,
    };
    loop {
        let step = tokio::select! {
            event = player.session.events.recv() => match event {
                Some(event) => player.net(event).await?,
                None => anyhow::bail!("the connection ended"),
            },
            line = next_line(&mut lines) => match line {
                Some(line) => player.typed(line.trim()).await,
                None => {
                    lines = None;
                    player.stdin_closed()
                }
            },
        };
        match step {
            Step::Continue => {}
            Step::Done(result) => {
                player.session.leave().await;
                return Ok(result);
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
    /// Finished, with the game's result if it ended.
    Done(Option<GameResult>),
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
}

impl Player {
    async fn net(&mut self, event: NetEvent) -> anyhow::Result<Step> {
        let message = match event {
            NetEvent::Message(message) => message,
            NetEvent::Reconnecting {
                attempt,
                wait,
                reason,
            } => {
                self.out.note(&format!(
                    "connection lost ({reason}); reconnecting in {} (attempt {attempt})",
                    humantime::format_duration(wait)
                ));
                return Ok(Step::Continue);
            }
            NetEvent::Reconnected => {
                self.out.note("reconnected");
                return Ok(Step::Continue);
            }
            NetEvent::Closed(reason) => anyhow::bail!("disconnected: {reason}"),
        };
        // Events replayed after a resume were seen (or are in the state):
        // only the rounds missed are told again, below.
        if self.out.0 == Output::Json || !self.tracker.is_history(&message) {
            self.out.message(&message);
        }
        let happening = self.tracker.apply(&message, Instant::now());
        match &message {
            ServerMessage::Joined { .. } | ServerMessage::State { .. } => {
                // The state says what is committed: nothing is in flight.
                self.in_flight = None;
                // Back in the room (or in a new game): show the board again.
                self.prompted = None;
            }
            ServerMessage::CommitAccepted { .. } => self.in_flight = None,
            ServerMessage::Error { code, .. } if self.in_flight.is_some() => {
                if self.refused_in_flight(*code) {
                    // Explained above: decide again.
                    self.in_flight = None;
                    self.prompted = None;
                    return Ok(self.decide().await);
                } else if *code == ErrorCode::AlreadyCommitted {
                    self.in_flight = None;
                }
            }
            _ => {}
        }
        match happening {
            Some(Happening::GameOver) => {
                let room = self.tracker.room.as_ref();
                let result = room.and_then(|room| room.result);
                if let (Some(result), Some(room)) = (&result, room) {
                    self.out.game_over(result, room.game_ids.last());
                }
                return Ok(Step::Done(result));
            }
            Some(Happening::Revealed(report)) => self.out.round(&report),
            Some(Happening::Missed(report)) => {
                self.out.round(&report);
                // The prompt, if any, went before the missed rounds: again.
                self.prompted = None;
            }
            Some(Happening::RoundStarted(_) | Happening::GameStarted(_)) | None => {}
        }
        if matches!(
            message,
            ServerMessage::Joined { .. }
                | ServerMessage::State { .. }
                | ServerMessage::Event { .. }
        ) {
            return Ok(self.decide().await);
        }
        Ok(Step::Continue)
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
        if self.in_flight.is_some() || !self.tracker.must_decide() {
            return None;
        }
        Some((self.tracker.you()?, self.tracker.room.as_ref()?.view?))
    }

    /// If a round is open for this player and not yet handled: a bot
    /// commits; a person's typed-ahead assignment is played, or the person
    /// is asked (once per round).
    async fn decide(&mut self) -> Step {
        let Some((seat, view)) = self.deciding() else {
            return Step::Continue;
        };
        if view.legal_assignments(seat).len() <= 1 {
            if self.prompted != Some(view.round) {
                self.prompted = Some(view.round);
                self.out
                    .note("nothing to decide this round: the server commits for you");
            }
            return Step::Continue;
        }
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

    /// A round to play and nothing more to read: leave rather than stall
    /// the game (or wait for the deadline to play every round).
    fn out_of_input(&mut self) -> Step {
        self.out
            .note("standard input ended with a round to play: leaving the game");
        Step::Done(None)
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
            return Step::Done(None);
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

    async fn commit(&mut self, round: u32, assignment: Assignment) {
        self.in_flight = Some(round);
        let _ = self
            .session
            .commands
            .send(ClientMessage::Commit { round, assignment })
            .await;
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
struct Printer(Output);

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
                for line in describe(message) {
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

    fn round(&mut self, report: &mice_cake_engine::RoundReport) {
        if self.0 == Output::Text {
            for line in text::round(report) {
                self.line(&line);
            }
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

/// A server message, in sentences (reveals are written by [`text::round`]).
pub fn describe(message: &ServerMessage) -> Vec<String> {
    use mice_cake_protocol::RoomEvent as E;
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
                            "waiting for an opponent: tell them to run  mice-cake join {}",
                            state.code
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
        ServerMessage::CommitAccepted { assignment, round } => {
            vec![format!("committed for round {round}: {assignment}")]
        }
        ServerMessage::Left { code } => vec![format!("left room {code}")],
        ServerMessage::Error { code, message } => {
            vec![format!("error ({}): {message}", code.as_str())]
        }
        ServerMessage::ShuttingDown { message } => vec![format!("server: {message}")],
        ServerMessage::Event { event, .. } => match &**event {
            E::PlayerJoined { seat, player } => vec![format!("{} joined as {seat}", player.name)],
            E::GameStarted { game, players, .. } => vec![format!(
                "game {game} begins: {} is Yellow, {} is Blue",
                players.yellow.name, players.blue.name
            )],
            E::RoundStarted { .. } | E::Revealed { .. } => Vec::new(),
            E::Committed { seat } => vec![format!("{seat} has committed")],
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
        },
    }
}

/// The public rooms as a small table.
pub fn rooms_table(rooms: &[mice_cake_protocol::RoomSummary], total: u32) -> Vec<String> {
    if rooms.is_empty() {
        return vec!["no public rooms".into()];
    }
    let mut lines = vec![format!(
        "{:<6} {:<9} {:<16} {:<16} {:>5} {:>9}",
        "code", "status", "yellow", "blue", "round", "watching"
    )];
    for room in rooms {
        let name = |seat: Seat| room.players[seat].clone().unwrap_or_else(|| "—".into());
        let status = match room.status {
            RoomStatus::Waiting => "waiting",
            RoomStatus::Playing => "playing",
            RoomStatus::Finished => "finished",
        };
        lines.push(format!(
            "{:<6} {:<9} {:<16} {:<16} {:>5} {:>9}",
            room.code.to_string(),
            status,
            name(Seat::Yellow),
            name(Seat::Blue),
            room.round,
            room.spectators
        ));
    }
    if total as usize > rooms.len() {
        lines.push(format!("… and {} more", total as usize - rooms.len()));
    }
    lines
}

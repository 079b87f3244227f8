//! The line-oriented interface: for scripts, bots, and anyone without a
//! terminal. Text lines (or one JSON message per line with `--json`) out;
//! assignments (`A2 C2`, `D1 steal 6/6`) or JSON client messages in.
//!
//! One job a file: this one the loop; `output` where lines go, as
//! `json` or as sentences (`text_output`); `typed` the lines typed;
//! `deciders` who decides a move; `engine_news` what an outside engine is
//! told; `arena_following` an arena followed.

mod arena_following;
mod deciders;
mod engine_news;
mod json;
mod output;
#[cfg(test)]
mod tests;
mod text_output;
mod typed;

use std::collections::VecDeque;
use std::time::Instant;

use mice_cake_engine::{Assignment, Seat, Seated};
use mice_cake_protocol::{ClientMessage, ErrorCode, PlayedRound, RoomStatus, ServerMessage};
use tokio::sync::mpsc;

use crate::effect::Effect;
use crate::net::{NetEvent, Session};
use crate::outcome::{self, Outcome};
use crate::text::Missed;
use crate::tr;
use crate::tracker::{Happening, Tracker};

use arena_following::ArenaFollowed;
pub use deciders::Decider;
use output::Printer;
pub use output::{Output, print_lines};
pub use text_output::{describe, rooms_table, seats_table, seek_line};

/// A second Ctrl-C within this long leaves a game in progress.
const CONFIRM_CTRL_C: std::time::Duration = std::time::Duration::from_secs(5);

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
        Decider::Policy(..) | Decider::Engine(..) => None,
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
        challenge_made: None,
        awaited: false,
    };
    loop {
        let step = tokio::select! {
            event = player.session.events.recv() => match event {
                Some(event) => player.net(event).await,
                None => Step::Done(Outcome::Failed(tr!("main-connection-ended"))),
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
                if let Decider::Engine(link, _) = player.decider {
                    link.quit().await;
                }
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
    pub(super) session: Session,
    pub(super) out: Printer,
    pub(super) tracker: Tracker,
    pub(super) decider: Decider,
    /// Assignments typed before their round opened (a script typing ahead),
    /// played in order as rounds open.
    pub(super) typed_ahead: VecDeque<Assignment>,
    /// The round of a commit sent and not yet answered.
    pub(super) in_flight: Option<u32>,
    /// Whether more lines may come.
    pub(super) stdin_open: bool,
    /// The last round the person was asked about.
    pub(super) prompted: Option<u32>,
    /// In a room (or given the list): errors from now on are the room's,
    /// not a refusal to let us in (that is told once, as the outcome).
    pub(super) entered: bool,
    /// Whether chat is shown and may be said.
    pub(super) chat: bool,
    /// When Ctrl-C was pressed in a game, to be pressed again to leave.
    pub(super) ctrl_c_at: Option<Instant>,
    /// The server's HTTP address, to fetch a finished game's record and
    /// verify it.
    pub(super) http: String,
    /// The commits told (game, round, seat): each is told once.
    pub(super) committed_told: std::collections::HashSet<(u32, u32, Seat)>,
    /// The arena played or watched, if any.
    pub(super) arena: Option<ArenaFollowed>,
    /// The challenge this player made, while it waits for its answer:
    /// leaving takes it back.
    pub(super) challenge_made: Option<mice_cake_protocol::ChallengeId>,
    /// In a challenge's room: its other seat is the other player's, who is
    /// on their way (nobody is told to join it).
    pub(super) awaited: bool,
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

    async fn net(&mut self, event: NetEvent) -> Step {
        let message = match event {
            NetEvent::Message(message) => message,
            NetEvent::Reconnecting {
                attempt,
                wait,
                reason,
            } => {
                self.out.note(&tr!(
                    "plain-reconnecting",
                    reason = reason,
                    seconds = crate::catalogue::decimal(wait.as_secs_f64(), 1),
                    attempt = attempt
                ));
                // Entering again: a refusal now is told once, as the outcome.
                self.entered = false;
                return Step::Continue;
            }
            NetEvent::Reconnected => {
                self.out.note(&tr!("plain-reconnected"));
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
        match &message {
            ServerMessage::ChallengeSent { challenge } => self.challenge_made = Some(challenge.id),
            ServerMessage::ChallengeEnded { end, .. } => {
                self.challenge_made = None;
                self.awaited = matches!(end, mice_cake_protocol::ChallengeEnd::Accepted { .. });
            }
            ServerMessage::Joined { .. } => self.challenge_made = None,
            _ => {}
        }
        let history = self.tracker.is_history(&message);
        self.show(&message, history);
        if let Some(step) = self.follow_arena(&message) {
            return step;
        }
        let happening = self.tracker.apply(&message, Instant::now());
        self.send_automatic().await;
        if let Some(step) = self.answered(&message, history).await {
            return step;
        }
        if let Some(step) = self.tell(happening).await {
            return step;
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

    /// Prints a server message, unless it tells nothing here: events
    /// replayed after a resume were seen (or are in the state), and only the
    /// rounds missed are told again; a refusal to let us in is told once,
    /// as the outcome; chat only if it is on.
    fn show(&mut self, message: &ServerMessage, history: bool) {
        let refusal = !self.entered && matches!(message, ServerMessage::Error { .. });
        let hidden_chat = !self.chat && matches!(message, ServerMessage::Chat { .. });
        let redundant = self.out.0 == Output::Text && self.redundant(message);
        // An arena's room is the arena's to fill, a challenge's is the two
        // players': nobody is to be told to join it.
        let arena_room = match message {
            ServerMessage::Joined {
                seat: Some(seat),
                state,
                ..
            } if self.out.0 == Output::Text && (self.arena.is_some() || self.awaited) => {
                self.out.note(&text_output::you_are(state.code, *seat));
                true
            }
            _ => false,
        };
        if self.out.0 == Output::Json && !hidden_chat
            || (!history && !refusal && !hidden_chat && !redundant && !arena_room)
        {
            self.out.message(message);
        }
    }

    /// What a message says of the commit in flight: taken, refused (decide
    /// again), or the state, which says what is committed.
    async fn answered(&mut self, message: &ServerMessage, history: bool) -> Option<Step> {
        use mice_cake_protocol::RoomEvent;
        match message {
            ServerMessage::Joined { .. } | ServerMessage::State { .. } => {
                // The state says what is committed: nothing is in flight.
                self.in_flight = None;
                // Back in the room (or in a new game): show the board again.
                self.prompted = None;
            }
            ServerMessage::Event { event, .. } if matches!(&**event, RoomEvent::Sealed { seat, .. } if Some(*seat) == self.tracker.you()) =>
            {
                self.in_flight = None;
                // The server holds the seal (stored before it said so): the
                // move is in.
                if let (RoomEvent::Sealed { round, .. }, Some(assignment)) =
                    (&**event, self.tracker.your_move())
                    && *round > 0
                    && !history
                {
                    self.out.note(&tr!(
                        "plain-committed-for-round",
                        round = *round,
                        assignment = assignment.to_string()
                    ));
                }
            }
            ServerMessage::Error { code, .. } if self.in_flight.is_some() => {
                if self.refused_in_flight(*code) {
                    // Explained above: decide again.
                    self.in_flight = None;
                    self.prompted = None;
                    return Some(self.decide().await);
                } else if *code == ErrorCode::AlreadyCommitted {
                    self.in_flight = None;
                }
            }
            _ => {}
        }
        None
    }

    /// Tells what happened in the room; `Some` once the run is over.
    async fn tell(&mut self, happening: Option<Happening>) -> Option<Step> {
        match happening {
            Some(Happening::GameOver) => return Some(self.game_over().await),
            Some(Happening::MatchEnded) => {
                self.tell_match();
                return Some(Step::Done(Outcome::Done));
            }
            Some(Happening::Revealed(played)) => {
                self.tell_engine_revealed(&played.report);
                self.round(&played);
            }
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
        None
    }

    /// The game is over: its result told, its record checked; the run goes
    /// on in an arena (the next game comes by itself), and ends otherwise.
    async fn game_over(&mut self) -> Step {
        // The game's id: none for a game that ended before its deal.
        self.tell_engine_game_over();
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
            let checked = crate::verify::check_played(self.http.clone(), id, seen, person).await;
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
            self.out.note(&tr!("plain-waiting-to-be-paired"));
            return Step::Continue;
        }
        if self.tell_match() {
            // The next game of the match comes by itself; a bot is ready
            // for it at once.
            if matches!(self.decider, Decider::Policy(..) | Decider::Engine(..)) {
                self.send(ClientMessage::Rematch).await;
            }
            return Step::Continue;
        }
        Step::Done(Outcome::Done)
    }

    /// Tells the match's score (and its end); whether it goes on.
    fn tell_match(&mut self) -> bool {
        let Some(room) = self.tracker.room.as_ref() else {
            return false;
        };
        let Some(score) = room.match_score.as_ref() else {
            return false;
        };
        let names = self.tracker.players.clone().unwrap_or_else(|| {
            room.players
                .as_ref()
                .map(|player| player.as_ref().map(|p| p.name.clone()).unwrap_or_default())
        });
        let lines = crate::text::match_lines(score, &names);
        let goes_on = score.end.is_none();
        for line in lines {
            self.out.note(&line);
        }
        goes_on
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
            self.out.note(&tr!(
                "plain-leave-the-game",
                seconds = CONFIRM_CTRL_C.as_secs()
            ));
            return Step::Continue;
        }
        self.leaving();
        Step::Done(Outcome::Done)
    }

    /// Says what leaving now means.
    fn leaving(&mut self) {
        let Some(room) = self.tracker.room.as_ref() else {
            // The link takes the challenge made back as it leaves.
            if let Some(id) = self.challenge_made {
                self.out
                    .note(&tr!("plain-challenge-taken-back", id = id.to_string()));
            }
            return;
        };
        let forfeit = room.you.is_some() && room.status == RoomStatus::Playing;
        let note = if forfeit {
            tr!(
                "plain-leaving-forfeit",
                code = room.code.to_string(),
                game = room.game
            )
        } else {
            tr!("plain-leaving", code = room.code.to_string())
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

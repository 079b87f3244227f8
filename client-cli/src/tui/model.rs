//! The full-screen interface's state and how it changes: `update` takes a
//! message (a key, a network event, a tick) and returns what to do. No
//! terminal here, so all of it is tested directly.

use std::borrow::Cow;
use std::time::{Duration, Instant};

use crossterm::event::{KeyCode, KeyEvent, KeyModifiers};
use mice_cake_engine::{
    Access, Assignment, AssignmentError, Column, Domino, GameView, Seat, Seated, greedy_assignment,
};
use mice_cake_protocol::{
    ClientMessage, ErrorCode, GameResult, RoomEvent, RoomState, ServerMessage,
};

use super::chat::ChatPane;
use super::reveal::{RevealShow, changed_cells};
use super::seat_name;
use crate::effect::Effect;
use crate::net::NetEvent;
use crate::openings::{KeptOpening, OpeningsFile};
use crate::tr;
use crate::tracker::{Happening, Tracker};

/// What the interface is told.
#[derive(Clone, Debug)]
pub enum Msg {
    Key(KeyEvent),
    Net(NetEvent),
    /// Time passes (countdowns, the reveal).
    Tick(Instant),
    /// The terminal's size, at start and on every resize.
    Resize(u16, u16),
    /// What checking a finished game's record said, by the game's id.
    Verified(mice_cake_protocol::GameId, crate::verify::Checked),
    /// The room's earlier games, fetched for a client that came in after
    /// them (each with its number in the room).
    EarlierGames(Vec<crate::tracker::PastGame>),
}

/// What the interface asks for.
#[derive(Clone, Debug, PartialEq)]
pub enum Cmd {
    /// Keep a sealed move on disk, durably: before the seal that depends on
    /// it is sent (it comes first in the list).
    StoreOpening(OpeningsFile, KeptOpening),
    Send(ClientMessage),
    /// Ring the terminal's bell.
    Bell,
    /// Fetch the finished game's record and check it against what this
    /// client saw (`Msg::Verified` answers).
    Verify(mice_cake_protocol::GameId),
    /// Leave the room and end the program.
    Quit,
    /// Fetch the room's earlier games, by number and id, to show them
    /// (`Msg::EarlierGames` answers).
    FetchEarlier(Vec<(u32, mice_cake_protocol::GameId)>),
}

impl From<Effect> for Cmd {
    fn from(effect: Effect) -> Cmd {
        match effect {
            Effect::StoreOpening(file, opening) => Cmd::StoreOpening(file, opening),
            Effect::Send(message) => Cmd::Send(message),
        }
    }
}

/// The connection, as shown.
#[derive(Clone, Debug, PartialEq)]
pub enum Link {
    Connected,
    Reconnecting {
        attempt: u32,
        reason: String,
    },
    /// Back after a drop (shown for a while).
    Reconnected(Instant),
    /// Gone for good, with the reason.
    Closed(String),
    /// Gone for good because another connection took the seat (another
    /// tab, terminal or device), which plays it now: nothing to come back
    /// to from here.
    Replaced(String),
}

impl Link {
    /// Whether the connection is gone for good.
    pub fn is_closed(&self) -> bool {
        matches!(self, Link::Closed(_) | Link::Replaced(_))
    }

    /// Whether another connection took the seat.
    pub fn is_replaced(&self) -> bool {
        matches!(self, Link::Replaced(_))
    }

    /// Why the connection is gone for good, if it is.
    pub fn closed_reason(&self) -> Option<&str> {
        match self {
            Link::Closed(reason) | Link::Replaced(reason) => Some(reason),
            _ => None,
        }
    }

    /// Whether the server hears this client now, so that its clock can be
    /// shown: while reconnecting it runs without us, and no guess is shown.
    pub fn is_live(&self) -> bool {
        matches!(self, Link::Connected | Link::Reconnected(_))
    }
}

/// How the person set the interface up.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Settings {
    /// Play reveals out (dice rolling one attempt after another).
    pub animation: bool,
    /// Ring the bell when a round opens for this player, and at a rematch
    /// offer.
    pub bell: bool,
    /// Show the chat, and let the person talk.
    pub chat: bool,
    /// Seeking: how long before the server offers its bot (none: not
    /// seeking, or never).
    pub bot_after: Option<Duration>,
}

impl Default for Settings {
    fn default() -> Settings {
        Settings {
            animation: true,
            bell: false,
            chat: true,
            bot_after: None,
        }
    }
}

/// The assignment being put together.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Editor {
    pub mice: [u8; 4],
    pub column: usize,
    pub steal: Option<Domino>,
    /// The game and round it is for: a new round starts afresh.
    pub round: (u32, u32),
}

impl Editor {
    pub fn assignment(&self) -> Assignment {
        Assignment {
            mice: self.mice,
            steal: self.steal,
        }
    }

    fn placed(&self) -> u8 {
        self.mice.iter().sum()
    }
}

/// Everything on screen.
#[derive(Debug)]
pub struct Model {
    pub tracker: Tracker,
    pub editor: Editor,
    pub link: Link,
    pub settings: Settings,
    pub help: bool,
    /// A short message at the bottom: an explanation, an error, a cue.
    pub notice: Option<String>,
    /// Where a quick pairing stands, until a room is entered.
    pub seeking: Option<String>,
    /// Since when this client has been seeking (the wait is shown).
    pub seeking_since: Option<Instant>,
    /// The challenge waited for, before its room is entered: what it is,
    /// its link, where it stands (a line each).
    pub challenge: Vec<String>,
    /// A challenge's room, accepted: its other seat is the other player's,
    /// on their way (nobody is told to join it).
    pub awaited: Option<mice_cake_protocol::RoomCode>,
    /// The server's bot, offered after the wait: its policy and rules,
    /// until the person says yes (y) or no (n).
    pub bot_offer: Option<(mice_cake_engine::Policy, mice_cake_protocol::RoomOptions)>,
    /// Waiting for y/n before leaving.
    pub confirm_quit: bool,
    /// Lines of the rounds log scrolled past (the newest round is on top).
    pub scroll: usize,
    /// The game whose result is shown in the middle of the screen, until
    /// the person dismisses it.
    pub result_shown: Option<u32>,
    /// The reveal being played out: until it is over, the screen shows the
    /// room as it was before it, moved on by the dice landed so far.
    pub reveal: Option<RevealShow>,
    /// A cue that came during a reveal (the next move, say), told once its
    /// dice are down, with the bell it rings.
    pub held_cue: Option<(String, bool)>,
    /// Places the last round changed, marked until the next reveal: the
    /// round, and the places.
    pub changed: Option<(u32, Vec<(Column, mice_cake_engine::Row)>)>,
    /// The round of a commit made while the connection was down: sent when
    /// it is back.
    pub held_commit: Option<u32>,
    /// When this player's seal of the round went out, until the server
    /// takes it: a server that does not answer is seen at once.
    pub sent_at: Option<Instant>,
    /// The terminal's size (columns, rows), to scroll no further than the
    /// rounds go.
    pub size: (u16, u16),
    pub chat: ChatPane,
    /// Stepping through a finished game: what the title says instead of
    /// the room's live state.
    pub replay: Option<String>,
    /// A replay's panel, when it says more than how to step: the analysis
    /// of the round on screen.
    pub replay_panel: Vec<String>,
    /// Moves drawn at each family's edge beside its mice (○): a replay's
    /// better moves.
    pub suggested: Seated<Option<[u8; 4]>>,
    /// What checking the last game said ("verified fair", or the problem).
    pub fairness: Option<String>,
    /// Each player's accuracy in the last game (percent), once analysed.
    pub accuracy: Option<Seated<f64>>,
    /// The room and game this player left in the middle (a forfeit).
    pub forfeited: Option<(mice_cake_protocol::RoomCode, u32)>,
    /// What checking each finished game said, by id: every game the client
    /// saw end is told with its verdict when the program ends.
    pub verdicts: Vec<(mice_cake_protocol::GameId, crate::verify::Checked)>,
    pub now: Instant,
    /// The server as given (`--server`), for the command that joins the
    /// room, told to the opponent.
    pub server: String,
}

impl Model {
    /// A model with the default settings.
    pub fn new(now: Instant) -> Model {
        Model::with(Settings::default(), now)
    }

    pub fn with(settings: Settings, now: Instant) -> Model {
        Model {
            tracker: Tracker::default(),
            editor: Editor::default(),
            link: Link::Connected,
            settings,
            help: false,
            notice: None,
            seeking: None,
            confirm_quit: false,
            scroll: 0,
            result_shown: None,
            reveal: None,
            held_cue: None,
            changed: None,
            held_commit: None,
            sent_at: None,
            size: (80, 24),
            chat: ChatPane::default(),
            replay: None,
            replay_panel: Vec::new(),
            suggested: Seated::default(),
            fairness: None,
            accuracy: None,
            verdicts: Vec::new(),
            forfeited: None,
            now,
            server: crate::cli::DEFAULT_SERVER.to_owned(),
            seeking_since: None,
            bot_offer: None,
            challenge: Vec::new(),
            awaited: None,
        }
    }

    /// The game view and this player's seat, while a game is on.
    pub fn playing(&self) -> Option<(Seat, GameView)> {
        let room = self.tracker.room.as_ref()?;
        Some((room.you?, room.view?))
    }

    /// Whether the editor is live: this player has to decide (and no
    /// reveal is showing the round before).
    pub fn deciding(&self) -> bool {
        !self.link.is_closed()
            && !self.revealing()
            && self.tracker.must_decide()
            && !self.tracker.sealed_here()
    }

    /// The room as shown: during a reveal, as it was before it with the
    /// beats landed so far; otherwise as the server says it is.
    pub fn room(&self) -> Option<Cow<'_, RoomState>> {
        match &self.reveal {
            Some(show) if !show.at(self.now).done => Some(Cow::Owned(show.room_at(self.now))),
            _ => self.tracker.room.as_ref().map(Cow::Borrowed),
        }
    }

    /// The game that ended, its result and id, once a reveal that ended it
    /// has shown its last die.
    pub fn finished(&self) -> Option<(GameResult, Option<mice_cake_protocol::GameId>)> {
        if self.revealing() {
            return None;
        }
        self.tracker.finished()
    }

    /// Ends the reveal being shown: what it held back is told now.
    fn end_reveal(&mut self) -> Vec<Cmd> {
        self.reveal = None;
        match self.held_cue.take() {
            Some((cue, bell)) => {
                self.notice = Some(cue);
                if bell { vec![Cmd::Bell] } else { Vec::new() }
            }
            None => Vec::new(),
        }
    }

    /// Whether a reveal is being played out at `self.now`.
    pub fn revealing(&self) -> bool {
        self.reveal
            .as_ref()
            .is_some_and(|show| !show.at(self.now).done)
    }

    /// Whether a game this player is in is going on.
    fn in_game(&self) -> bool {
        self.tracker.in_a_game_under_way() && !self.link.is_closed()
    }
}

/// Applies one message; returns the commands to carry out.
pub fn update(model: &mut Model, msg: Msg) -> Vec<Cmd> {
    match msg {
        Msg::Tick(now) => {
            model.now = now;
            if let Link::Reconnected(since) = model.link
                && now.saturating_duration_since(since) > Duration::from_secs(3)
            {
                model.link = Link::Connected;
            }
            if model.reveal.as_ref().is_some_and(|show| show.at(now).done) {
                return model.end_reveal();
            }
            Vec::new()
        }
        Msg::Resize(width, height) => {
            model.size = (width, height);
            let limit = log_scroll_limit(model, width, height);
            model.scroll = model.scroll.min(limit);
            Vec::new()
        }
        Msg::EarlierGames(games) => {
            model.tracker.add_earlier(games);
            Vec::new()
        }
        Msg::Net(event) => net(model, event),
        Msg::Verified(id, checked) => {
            model.verdicts.push((id, checked.clone()));
            // The window of the result shows the latest game's.
            let latest = model.tracker.finished().and_then(|(_, id)| id);
            if latest.is_none_or(|latest| latest == id) {
                model.fairness = Some(checked.verdict);
                model.accuracy = checked.accuracy;
            }
            Vec::new()
        }
        Msg::Key(key) => key_pressed(model, key),
    }
}

fn net(model: &mut Model, event: NetEvent) -> Vec<Cmd> {
    let mut cmds = Vec::new();
    match event {
        NetEvent::Message(message) => {
            if let Some(line) = crate::plain::seek_line(&message) {
                model.seeking = Some(line);
            }
            cmds.extend(heard(model, &message));
            // Entering a room after some of its games: those are fetched.
            let entered = matches!(message, ServerMessage::Joined { .. });
            let history = model.tracker.is_history(&message);
            // A reveal shows the room as it was: kept before it moves on.
            let revealed = match &message {
                ServerMessage::Event { event, .. } if !history => match &**event {
                    RoomEvent::Revealed { beats, .. } => model
                        .tracker
                        .room
                        .clone()
                        .map(|before| (before, beats.clone())),
                    _ => None,
                },
                _ => None,
            };
            let happening = model.tracker.apply(&message, model.now);
            // The deal's nonce, a forced move, openings: sent by the client
            // itself.
            cmds.extend(model.tracker.automatic().into_iter().map(Cmd::from));
            cmds.extend(happened(model, happening, revealed, history));
            if entered {
                let earlier = model.tracker.earlier_unseen();
                if !earlier.is_empty() {
                    cmds.push(Cmd::FetchEarlier(earlier));
                }
            }
            editor_follows_the_round(model);
        }
        NetEvent::Reconnecting {
            attempt, reason, ..
        } => {
            model.tracker.sealer.reconnecting();
            model.link = Link::Reconnecting { attempt, reason };
        }
        NetEvent::Reconnected => {
            model.link = Link::Reconnected(model.now);
            if let Some(round) = model.held_commit {
                model.notice = Some(tr!("tui-notice-back-commit-sent", round = round));
            }
        }
        // Replaced says more than the closing that follows it.
        NetEvent::Closed(_) if matches!(model.link, Link::Replaced(_)) => {}
        NetEvent::Closed(reason) => model.link = Link::Closed(reason),
    }
    cmds
}

/// What a server message changes on screen before the tracker takes it:
/// the seek, a bot offered, an error, this seat's seal taken, a rematch
/// offered.
fn heard(model: &mut Model, message: &ServerMessage) -> Vec<Cmd> {
    let mut cmds = Vec::new();
    match message {
        ServerMessage::Seeking { .. } => {
            model.seeking_since.get_or_insert(model.now);
        }
        ServerMessage::BotOffered { policy, options } => {
            model.bot_offer = Some((*policy, *options));
            if model.settings.bell {
                cmds.push(Cmd::Bell);
            }
        }
        // In a room: the wait and any offer are over.
        ServerMessage::Joined { .. } => {
            model.seeking_since = None;
            model.bot_offer = None;
            model.challenge.clear();
        }
        _ => heard_of_challenges(model, message),
    }
    if let ServerMessage::Error {
        code,
        message: text,
        args,
    } = message
    {
        // The server's refusal in the player's words.
        let refusal = crate::catalogue::refusal_with(*code, text, args);
        if *code == ErrorCode::Replaced {
            // Said by the link itself, whole, where the move was.
            model.link = Link::Replaced(refusal.clone());
        }
        model.notice = Some(match (code, model.held_commit) {
            (ErrorCode::Replaced, _) => tr!("tui-notice-replaced", key = "q"),
            (ErrorCode::WrongPhase, Some(round)) => tr!(
                "tui-notice-commit-not-played",
                round = round,
                reason = refusal
            ),
            _ => refusal,
        });
        model.held_commit = None;
        // The question it replaces is no longer asked.
        model.confirm_quit = false;
    }
    if let ServerMessage::Event { event, .. } = message
        && let RoomEvent::Sealed { seat, .. } = **event
        && model.tracker.you() == Some(seat)
    {
        model.held_commit = None;
        model.sent_at = None;
    }
    if let ServerMessage::Event { event, .. } = message
        && let RoomEvent::RematchRequested { seat } = **event
        && model.tracker.you().is_some_and(|you| you != seat)
        && !model.tracker.is_history(message)
    {
        let name = model
            .tracker
            .players
            .as_ref()
            .map_or_else(|| seat_name(seat), |players| players[seat].clone());
        model.notice = Some(tr!("tui-rematch-offered", name = name, key = "r"));
        if model.settings.bell {
            cmds.push(Cmd::Bell);
        }
    }
    cmds
}

/// A challenge's news: the one made, waited for; one accepted; a new one
/// to this player, told at the bottom (`mice-cake accept ID` takes it).
fn heard_of_challenges(model: &mut Model, message: &ServerMessage) {
    match message {
        ServerMessage::ChallengeSent { challenge } => {
            let http = crate::cli::http_url(&model.server);
            model.challenge = crate::challenges::sent_lines(challenge, &http);
            model
                .challenge
                .push(tr!("tui-challenge-waiting", key = "q"));
        }
        ServerMessage::ChallengeEnded {
            id,
            end: end @ mice_cake_protocol::ChallengeEnd::Accepted { code },
        } if model.tracker.room.is_none() => {
            model.challenge = vec![crate::challenges::end_words(*id, *end)];
            model.awaited = Some(*code);
        }
        ServerMessage::Challenged { challenge } => {
            model.notice = Some(crate::challenges::challenged_line(challenge));
        }
        _ => {}
    }
}

/// What the tracker says happened, shown: a reveal played out, rounds
/// marked, a cue, a game's start or end (checked).
fn happened(
    model: &mut Model,
    happening: Option<Happening>,
    revealed: Option<(RoomState, Vec<mice_cake_engine::Beat>)>,
    history: bool,
) -> Vec<Cmd> {
    let mut cmds = Vec::new();
    match happening {
        Some(Happening::Revealed(played)) => {
            model.scroll = 0;
            // A reveal still playing (a resume brought several) ends first.
            cmds.extend(model.end_reveal());
            model.reveal =
                revealed
                    .filter(|_| model.settings.animation)
                    .and_then(|(before, beats)| {
                        RevealShow::new(before, &played.report, &beats, model.now)
                    });
            model.changed = Some((played.report.round, changed_cells(&played.report)));
        }
        Some(Happening::Missed(played)) => {
            model.scroll = 0;
            model.changed = Some((played.report.round, changed_cells(&played.report)));
        }
        Some(Happening::History(rounds)) => {
            model.scroll = 0;
            // The newest round so far is the one to mark.
            if let Some(latest) = model.tracker.log.last()
                && rounds
                    .iter()
                    .any(|played| played.report.round == latest.report.round)
            {
                model.changed = Some((latest.report.round, changed_cells(&latest.report)));
            }
        }
        Some(Happening::RoundStarted(round))
            if model.revealing() && model.tracker.must_decide() =>
        {
            // Told when the reveal of the round before is over.
            model.held_cue = Some((your_move(model, round), model.settings.bell));
        }
        Some(Happening::RoundStarted(round)) if model.deciding() => {
            model.notice = Some(your_move(model, round));
            if model.settings.bell {
                cmds.push(Cmd::Bell);
            }
        }
        Some(Happening::GameStarted(_)) => {
            model.result_shown = None;
            model.reveal = None;
            model.held_cue = None;
            model.changed = None;
            model.scroll = 0;
        }
        Some(Happening::GameOver) => {
            model.result_shown = model.tracker.room.as_ref().map(|room| room.game);
            // A cue of the round that was is no longer true.
            model.notice = None;
            model.fairness = None;
            model.accuracy = None;
            // Every finished game is checked.
            if let Some((_, Some(id))) = model.tracker.finished()
                && !history
            {
                model.fairness = Some(tr!("tui-notice-checking-fair"));
                cmds.push(Cmd::Verify(id));
            }
        }
        Some(Happening::Chat(line)) => model.chat.heard(&line, model.tracker.you()),
        // The panel and the title tell the score and its end.
        Some(Happening::RoundStarted(_) | Happening::MatchEnded) | None => {}
    }
    cmds
}

/// However the round changed (it opened, or a resume skipped some), the
/// editor starts afresh on its column.
fn editor_follows_the_round(model: &mut Model) {
    let round = model.tracker.room.as_ref().map_or((0, 0), |room| {
        (room.game, room.view.map_or(0, |view| view.round))
    });
    if model.editor.round != round {
        model.editor = Editor {
            column: model.editor.column,
            round,
            ..Editor::default()
        };
    }
}

/// The cue of a round that opens for this player, with a warning when one
/// more missed deadline forfeits the game.
fn your_move(model: &Model, round: u32) -> String {
    let room = model.tracker.room.as_ref();
    let missed = room
        .zip(model.tracker.you())
        .and_then(|(room, you)| room.players[you].as_ref())
        .map_or(0, |player| player.auto_commits);
    let limit = room.map_or(0, |room| room.missed_deadline_limit);
    if limit > 0 && missed + 1 >= limit {
        tr!(
            "tui-notice-your-move-last-chance",
            round = round,
            missed = missed
        )
    } else {
        tr!("tui-notice-your-move", round = round)
    }
}

fn key_pressed(model: &mut Model, key: KeyEvent) -> Vec<Cmd> {
    let ctrl_c = key.modifiers.contains(KeyModifiers::CONTROL) && key.code == KeyCode::Char('c');
    // A letter with Ctrl or Alt is no letter: Enter typed in line mode
    // arrives as Ctrl-J, and must not take a mouse off as `j` would.
    if !ctrl_c
        && key
            .modifiers
            .intersects(KeyModifiers::CONTROL | KeyModifiers::ALT)
    {
        return Vec::new();
    }
    if model.chat.typing() && !ctrl_c {
        return model.chat.key(key.code).map_or_else(Vec::new, |text| {
            vec![Cmd::Send(ClientMessage::Chat { text })]
        });
    }
    // Any key ends a reveal being played out, and still does what it does:
    // a key typed as the dice roll is not lost.
    let mut cmds = Vec::new();
    if model.revealing() && !ctrl_c {
        cmds = model.end_reveal();
    }
    cmds.extend(key_acted(model, key, ctrl_c));
    cmds
}

fn key_acted(model: &mut Model, key: KeyEvent, ctrl_c: bool) -> Vec<Cmd> {
    if model.confirm_quit {
        return quit_answered(model, key.code);
    }
    if model.help {
        model.help = false;
        return Vec::new();
    }
    model.notice = None;
    if ctrl_c {
        return quit(model);
    }
    if let Some(cmds) = bot_offer_answered(model, key.code) {
        return cmds;
    }
    if model.result_shown.is_some()
        && matches!(key.code, KeyCode::Enter | KeyCode::Esc | KeyCode::Char(' '))
    {
        model.result_shown = None;
        return Vec::new();
    }
    match key.code {
        KeyCode::Char('?') => model.help = true,
        KeyCode::Char('q') | KeyCode::Esc => return quit(model),
        // The newest round is on top: down goes back in time.
        KeyCode::PageDown => {
            let (width, height) = model.size;
            let limit = log_scroll_limit(model, width, height);
            model.scroll = (model.scroll + 3).min(limit);
        }
        KeyCode::PageUp => model.scroll = model.scroll.saturating_sub(3),
        // A game over, whether the room still shows it or waits again.
        KeyCode::Char('r') if model.finished().is_some() && model.tracker.you().is_some() => {
            if !opponent_here(model) {
                model.notice = Some(tr!("tui-notice-opponent-left", key = "q"));
                return Vec::new();
            }
            model.result_shown = None;
            return vec![Cmd::Send(ClientMessage::Rematch)];
        }
        KeyCode::Char('/' | 'm' | 's' | 'w') if model.settings.chat => {
            return chat_key(model, key.code);
        }
        // Sealed here, not yet taken by the server: it is not sent twice.
        KeyCode::Enter if model.tracker.must_decide() && model.tracker.sealed_here() => {
            model.notice = Some(if model.held_commit.is_some() {
                tr!("tui-notice-commit-waiting")
            } else {
                tr!("tui-notice-sealed-and-sent")
            });
        }
        _ if model.deciding() => return edit(model, key.code),
        _ => {}
    }
    Vec::new()
}

/// The answer to "leave the game?": y leaves (forfeiting a game under
/// way), anything else stays.
fn quit_answered(model: &mut Model, code: KeyCode) -> Vec<Cmd> {
    model.confirm_quit = false;
    match code {
        KeyCode::Char('y' | 'Y') => {
            if model.in_game() {
                model.forfeited = model
                    .tracker
                    .room
                    .as_ref()
                    .map(|room| (room.code, room.game));
            }
            leave()
        }
        _ => {
            model.notice = None;
            Vec::new()
        }
    }
}

/// The answer to the server's bot offered, while seeking: y plays it, n
/// seeks on; `None` for any other key.
fn bot_offer_answered(model: &mut Model, code: KeyCode) -> Option<Vec<Cmd>> {
    let (_, options) = model.bot_offer.filter(|_| model.tracker.room.is_none())?;
    match code {
        KeyCode::Char('y' | 'Y') => {
            model.bot_offer = None;
            model.seeking = Some(tr!("tui-seek-starting-bot-game"));
            // The link makes the room as this player, and ends the seek.
            Some(vec![Cmd::Send(ClientMessage::CreateRoom {
                options,
                key: None,
                bot_declaration: None,
                key_proof: None,
            })])
        }
        KeyCode::Char('n' | 'N') => {
            model.bot_offer = None;
            model.notice = Some(tr!("tui-notice-still-looking", key = "q"));
            Some(Vec::new())
        }
        _ => None,
    }
}

/// The chat's keys: / to type, m to mute, s the spectators' chat, w the
/// pane shown.
fn chat_key(model: &mut Model, code: KeyCode) -> Vec<Cmd> {
    match code {
        KeyCode::Char('/') if model.tracker.room.is_some() => {
            model.chat.start_typing();
        }
        KeyCode::Char('m') => {
            model.chat.muted = !model.chat.muted;
            model.notice = Some(if model.chat.muted {
                tr!("tui-notice-chat-muted", key = "m")
            } else {
                tr!("tui-notice-chat-back")
            });
        }
        KeyCode::Char('s') if model.tracker.you().is_some() => {
            model.chat.spectators = !model.chat.spectators;
            let show = model.chat.spectators;
            model.notice = Some(if show {
                tr!("tui-notice-spectators-chat-shown", key = "s")
            } else {
                tr!("tui-notice-spectators-chat-hidden")
            });
            return vec![Cmd::Send(ClientMessage::SpectatorChat { show })];
        }
        KeyCode::Char('w') => model.chat.switch_pane(),
        _ => {}
    }
    Vec::new()
}

/// q, Esc, Ctrl-C: leaving a game in progress asks first (it forfeits).
fn quit(model: &mut Model) -> Vec<Cmd> {
    if model.in_game() {
        model.confirm_quit = true;
        model.notice = Some(tr!("tui-notice-leave", yes = "y", no = "n"));
        Vec::new()
    } else {
        leave()
    }
}

fn leave() -> Vec<Cmd> {
    vec![Cmd::Quit]
}

/// Keys of the assignment editor.
fn edit(model: &mut Model, code: KeyCode) -> Vec<Cmd> {
    let Some((seat, view)) = model.playing() else {
        return Vec::new();
    };
    let available = view.families[seat].available;
    let reconnecting = matches!(model.link, Link::Reconnecting { .. });
    let editor = &mut model.editor;
    match code {
        KeyCode::Left | KeyCode::Char('h') => editor.column = (editor.column + 3) % 4,
        KeyCode::Right | KeyCode::Char('l') => editor.column = (editor.column + 1) % 4,
        KeyCode::Char(letter @ ('a'..='d' | 'A'..='D')) => {
            editor.column = usize::from(letter.to_ascii_uppercase() as u8 - b'A');
        }
        KeyCode::Up | KeyCode::Char('k' | '+' | '=') => {
            let column = Column::ALL[editor.column];
            let access = view.access(seat, column);
            if !access.is_open() {
                model.notice = Some(closed_column(column, access));
            } else if editor.placed() >= available {
                model.notice = Some(tr!("tui-notice-all-mice-placed", available = available));
            } else {
                editor.mice[editor.column] += 1;
                if access == Access::Steal && editor.steal.is_none() {
                    editor.steal = best_target(&view, seat);
                }
            }
        }
        KeyCode::Down | KeyCode::Char('j' | '-') => {
            let column = Column::ALL[editor.column];
            editor.mice[editor.column] = editor.mice[editor.column].saturating_sub(1);
            if editor.mice[editor.column] == 0 && view.access(seat, column) == Access::Steal {
                editor.steal = None;
            }
        }
        KeyCode::Char('t') | KeyCode::Tab => {
            let targets: Vec<Domino> = view.families[seat.opponent()].stash.iter().collect();
            let steals_here = view.access(seat, Column::ALL[editor.column]) == Access::Steal;
            if !steals_here || targets.is_empty() {
                model.notice = Some(tr!("tui-notice-target-where"));
            } else {
                let next = editor
                    .steal
                    .and_then(|current| targets.iter().position(|t| *t == current))
                    .map_or(0, |index| (index + 1) % targets.len());
                editor.steal = Some(targets[next]);
            }
        }
        KeyCode::Char('x') | KeyCode::Backspace => {
            *editor = Editor {
                column: editor.column,
                round: editor.round,
                ..Editor::default()
            };
        }
        KeyCode::Char('g') => {
            let greedy = greedy_assignment(&view, seat);
            editor.mice = greedy.mice;
            editor.steal = greedy.steal;
        }
        KeyCode::Enter => {
            let assignment = editor.assignment();
            return commit(model, seat, &view, assignment, reconnecting);
        }
        _ => {}
    }
    Vec::new()
}

/// Commits the assignment edited: sealed (the opening stored first), or
/// explained.
fn commit(
    model: &mut Model,
    seat: Seat,
    view: &GameView,
    assignment: Assignment,
    reconnecting: bool,
) -> Vec<Cmd> {
    match view.check(seat, &assignment) {
        Ok(()) if model.held_commit == Some(view.round) => {
            model.notice = Some(tr!("tui-notice-commit-waiting"));
            Vec::new()
        }
        Ok(()) => {
            let sealed = model.tracker.seal(view.round, assignment);
            if sealed.is_empty() {
                if model.tracker.sealed_here() {
                    // One sealed here before, which the server lost:
                    // it is sent again, and no other may replace it.
                    model.notice = Some(tr!("tui-notice-sealed-already"));
                }
                return Vec::new();
            }
            model.sent_at = Some(model.now);
            if reconnecting {
                // The connection holds it and sends it once back.
                model.held_commit = Some(view.round);
                model.notice = Some(tr!("tui-notice-commit-held", round = view.round));
            }
            sealed.into_iter().map(Cmd::from).collect()
        }
        Err(error) => {
            model.notice = Some(not_yet(error));
            Vec::new()
        }
    }
}

/// Why an assignment cannot be committed yet: the engine's reason, in
/// the player's words.
fn not_yet(error: AssignmentError) -> String {
    use AssignmentError as Why;
    match error {
        Why::GameOver => tr!("tui-not-yet-game-over"),
        Why::TooManyMice { placed } => tr!(
            "tui-not-yet-too-many-mice",
            placed = placed,
            mice = mice_cake_engine::MICE
        ),
        Why::RestingMiceUsed { placed, available } => tr!(
            "tui-not-yet-resting-mice",
            placed = placed,
            available = available
        ),
        Why::MiceLeftUnplaced { placed, available } => tr!(
            "tui-not-yet-mice-left",
            placed = placed,
            available = available
        ),
        Why::EmptyColumn(column) => {
            tr!("tui-not-yet-empty-column", column = column.to_string())
        }
        Why::OpponentStashEmpty(column) => {
            tr!("tui-not-yet-nothing-to-steal", column = column.to_string())
        }
        Why::StealWithoutTarget(column) => {
            tr!("tui-not-yet-no-target", column = column.to_string())
        }
        Why::TargetNotInOpponentStash(piece) => {
            tr!("tui-not-yet-target-not-held", piece = piece.to_string())
        }
        Why::StealTargetWithoutSteal(piece) => {
            tr!(
                "tui-not-yet-target-without-steal",
                piece = piece.to_string()
            )
        }
    }
}

fn closed_column(column: Column, access: Access) -> String {
    match access {
        Access::NothingToSteal => tr!("tui-notice-nothing-to-steal", column = column.to_string()),
        _ => tr!("tui-notice-no-piece-left", column = column.to_string()),
    }
}

/// The target most worth stealing with one mouse, to start from.
fn best_target(view: &GameView, seat: Seat) -> Option<Domino> {
    view.families[seat.opponent()]
        .stash
        .iter()
        .max_by_key(|piece| piece.pips())
}

/// Whether this player's opponent is in the room (a rematch needs one).
pub fn opponent_here(model: &Model) -> bool {
    model.tracker.room.as_ref().is_some_and(|room| {
        room.you
            .is_some_and(|you| room.players[you.opponent()].is_some())
    })
}

/// How far the rounds can be scrolled on a `width`×`height` screen.
pub fn log_scroll_limit(model: &Model, width: u16, height: u16) -> usize {
    super::layout::log_scroll_limit(
        &model.tracker,
        model.reveal.as_ref(),
        model.now,
        model.settings.chat,
        (width, height),
    )
}

#[cfg(test)]
mod tests {
    use crossterm::event::{KeyEvent, KeyModifiers};
    use mice_cake_engine::{Access, Assignment, Column, Seat, greedy_assignment};
    use mice_cake_protocol::{ClientMessage, ErrorCode, ServerMessage};

    use super::*;
    use crate::fixture::FakeRoom;
    use crate::sealing::GameKey;

    fn at_start() -> Instant {
        Instant::now()
    }

    /// A model that shows reveals at once (the animation is tested apart).
    fn quiet(now: Instant) -> Model {
        let mut model = Model::with(
            Settings {
                animation: false,
                ..Settings::default()
            },
            now,
        );
        model.tracker.sealer = crate::fixture::sealer();
        model
    }

    fn feed(model: &mut Model, messages: impl IntoIterator<Item = ServerMessage>) {
        for message in messages {
            let cmds = update(model, Msg::Net(NetEvent::Message(message)));
            // Only what sealed play sends by itself: the deal's nonce, a
            // forced move, openings, the check of a finished game.
            assert!(
                cmds.iter().all(|cmd| matches!(
                    cmd,
                    Cmd::Send(ClientMessage::Seal { .. } | ClientMessage::Open { .. })
                        | Cmd::Verify(_)
                )),
                "a server message asks for nothing else: {cmds:?}"
            );
        }
    }

    fn press(model: &mut Model, code: KeyCode) -> Vec<Cmd> {
        update(model, Msg::Key(KeyEvent::new(code, KeyModifiers::NONE)))
    }

    fn keys(model: &mut Model, codes: &[KeyCode]) -> Vec<Cmd> {
        codes.iter().flat_map(|code| press(model, *code)).collect()
    }

    /// Yellow's model in round 1 of the room dealt from `seed`.
    fn deciding_yellow(seed: u64) -> (Model, FakeRoom) {
        let mut room = FakeRoom::new(Some(Seat::Yellow), seed);
        let mut model = quiet(at_start());
        feed(&mut model, [room.joined()]);
        feed(&mut model, room.opponent_arrives());
        assert!(model.deciding());
        (model, room)
    }

    /// The first seed whose opening gives Yellow a column with `access`.
    fn column_with(wanted: fn(Access) -> bool) -> (Model, FakeRoom, Column) {
        for seed in 0..500 {
            let (model, room) = deciding_yellow(seed);
            let view = room.view_for(Seat::Yellow);
            if let Some(column) = Column::ALL
                .into_iter()
                .find(|column| wanted(view.access(Seat::Yellow, *column)))
            {
                return (model, room, column);
            }
        }
        panic!("no seed below 500 opens that way");
    }

    fn column_key(column: Column) -> KeyCode {
        KeyCode::Char(char::from(b'a' + column.index() as u8))
    }

    #[test]
    fn keys_build_an_assignment_and_enter_commits_it() {
        let (mut model, _room, column) = column_with(|access| matches!(access, Access::Piece(_)));
        let commands = keys(
            &mut model,
            &[
                column_key(column),
                KeyCode::Up,
                KeyCode::Up,
                KeyCode::Up,
                KeyCode::Down,
            ],
        );
        assert!(commands.is_empty());
        let mut mice = [0; 4];
        mice[column.index()] = 2;
        assert_eq!(model.editor.mice, mice);
        // Two more mice, then commit.
        keys(&mut model, &[KeyCode::Up, KeyCode::Up]);
        mice[column.index()] = 4;
        let commands = press(&mut model, KeyCode::Enter);
        assert_eq!(sealed(&model, &commands), Assignment { mice, steal: None });
    }

    /// The assignment sealed by `commands`: a single seal of round 1.
    fn sealed(model: &Model, commands: &[Cmd]) -> Assignment {
        assert!(
            matches!(commands, [Cmd::Send(ClientMessage::Seal { round: 1, .. })]),
            "{commands:?}"
        );
        model
            .tracker
            .sealer
            .sealed_assignment(GameKey::of(model.tracker.room.as_ref().unwrap()), 1)
            .expect("the client keeps what it sealed")
    }

    #[test]
    fn an_incomplete_assignment_is_explained_and_not_sent() {
        let (mut model, _room, column) = column_with(|access| matches!(access, Access::Piece(_)));
        let commands = keys(
            &mut model,
            &[column_key(column), KeyCode::Up, KeyCode::Enter],
        );
        assert!(commands.is_empty());
        let notice = model.notice.clone().unwrap_or_default();
        assert!(
            notice.contains("1 of 4 available mice placed"),
            "explained: {notice}"
        );
        // Any key clears the explanation.
        press(&mut model, KeyCode::Left);
        assert_eq!(model.notice, None);
    }

    #[test]
    fn a_fifth_mouse_cannot_be_placed() {
        let (mut model, _room, column) = column_with(|access| matches!(access, Access::Piece(_)));
        keys(&mut model, &[column_key(column); 1]);
        keys(&mut model, &[KeyCode::Up; 5]);
        assert_eq!(model.editor.mice.iter().sum::<u8>(), 4);
        assert!(
            model
                .notice
                .as_deref()
                .is_some_and(|notice| notice.contains("all 4 available mice are placed"))
        );
    }

    #[test]
    fn the_double_blank_with_nothing_to_steal_is_closed_and_says_why() {
        let (mut model, _room, column) = column_with(|access| access == Access::NothingToSteal);
        keys(&mut model, &[column_key(column), KeyCode::Up]);
        assert_eq!(model.editor.mice, [0; 4]);
        let notice = model.notice.clone().unwrap_or_default();
        assert!(notice.contains("nothing to steal"), "explained: {notice}");
    }

    #[test]
    fn a_steal_gets_a_target_that_t_cycles_through_the_opponents_stash() {
        // Play greedy rounds until Yellow may steal.
        for seed in 0..200 {
            let (mut model, mut room) = deciding_yellow(seed);
            while model
                .tracker
                .room
                .as_ref()
                .is_some_and(|r| r.result.is_none())
            {
                let view = room.view_for(Seat::Yellow);
                let steal_column = Column::ALL
                    .into_iter()
                    .find(|column| view.access(Seat::Yellow, *column) == Access::Steal);
                let targets: Vec<_> = view.families[Seat::Blue].stash.iter().collect();
                if let Some(column) = steal_column
                    && model.deciding()
                    && targets.len() >= 2
                {
                    keys(&mut model, &[column_key(column), KeyCode::Up]);
                    let first = model.editor.steal.expect("a target is chosen at once");
                    assert!(targets.contains(&first));
                    press(&mut model, KeyCode::Char('t'));
                    let second = model.editor.steal.expect("still a target");
                    assert_ne!(first, second, "t moves to another target");
                    assert!(targets.contains(&second));
                    // Taking the mouse off forgets the target.
                    press(&mut model, KeyCode::Down);
                    assert_eq!(model.editor.steal, None);
                    return;
                }
                feed(&mut model, room.play_greedy_round());
            }
        }
        panic!("no game below seed 200 offered a steal with two targets");
    }

    #[test]
    fn g_suggests_the_greedy_assignment() {
        let (mut model, room) = deciding_yellow(3);
        press(&mut model, KeyCode::Char('g'));
        let greedy = greedy_assignment(&room.view_for(Seat::Yellow), Seat::Yellow);
        assert_eq!(model.editor.assignment(), greedy);
        let commands = press(&mut model, KeyCode::Enter);
        assert_eq!(sealed(&model, &commands), greedy);
    }

    #[test]
    fn after_the_commit_is_accepted_the_editor_rests_until_the_next_round() {
        let (mut model, mut room) = deciding_yellow(3);
        press(&mut model, KeyCode::Char('g'));
        let assignment = model.editor.assignment();
        press(&mut model, KeyCode::Enter);
        feed(&mut model, room.commit(Seat::Yellow, assignment));
        assert!(!model.deciding());
        assert_eq!(model.tracker.your_move(), Some(assignment));
        // Keys no longer edit.
        assert!(keys(&mut model, &[KeyCode::Up, KeyCode::Enter]).is_empty());
        feed(&mut model, room.commit(Seat::Blue, Assignment::default()));
        feed(&mut model, room.play_greedy_round());
        assert!(model.deciding(), "round 2 is open");
        assert_eq!(model.editor.mice, [0; 4], "a fresh assignment");
        assert_eq!(model.tracker.log.len(), 1);
    }

    #[test]
    fn a_spectator_cannot_edit_or_commit() {
        let mut room = FakeRoom::new(None, 3);
        let mut model = quiet(at_start());
        feed(&mut model, [room.joined()]);
        feed(&mut model, room.opponent_arrives());
        assert!(!model.deciding());
        assert!(
            keys(
                &mut model,
                &[KeyCode::Up, KeyCode::Char('g'), KeyCode::Enter]
            )
            .is_empty()
        );
        assert_eq!(model.editor.assignment(), Assignment::default());
        // Nothing to forfeit: q leaves at once.
        assert_eq!(press(&mut model, KeyCode::Char('q')), vec![Cmd::Quit]);
    }

    #[test]
    fn quitting_a_game_asks_first() {
        let (mut model, _room) = deciding_yellow(3);
        assert!(press(&mut model, KeyCode::Char('q')).is_empty());
        assert!(model.confirm_quit);
        assert!(press(&mut model, KeyCode::Char('n')).is_empty(), "n stays");
        assert!(!model.confirm_quit);
        press(&mut model, KeyCode::Esc);
        assert_eq!(press(&mut model, KeyCode::Char('y')), vec![Cmd::Quit]);
    }

    #[test]
    fn ctrl_c_asks_before_forfeiting_as_q_does() {
        let (mut model, mut room) = deciding_yellow(3);
        let ctrl_c = KeyEvent::new(KeyCode::Char('c'), KeyModifiers::CONTROL);
        assert!(update(&mut model, Msg::Key(ctrl_c)).is_empty());
        assert!(model.confirm_quit);
        assert!(
            model
                .notice
                .as_deref()
                .is_some_and(|n| n.contains("forfeit"))
        );
        assert!(press(&mut model, KeyCode::Char('n')).is_empty(), "n stays");
        update(&mut model, Msg::Key(ctrl_c));
        assert_eq!(press(&mut model, KeyCode::Char('y')), vec![Cmd::Quit]);
        // With no game on, Ctrl-C leaves at once.
        feed(&mut model, room.play_to_the_end());
        assert_eq!(update(&mut model, Msg::Key(ctrl_c)), vec![Cmd::Quit]);
    }

    #[test]
    fn help_opens_and_any_key_closes_it_without_acting() {
        let (mut model, _room) = deciding_yellow(3);
        press(&mut model, KeyCode::Char('?'));
        assert!(model.help);
        assert!(press(&mut model, KeyCode::Enter).is_empty());
        assert!(!model.help);
        assert_eq!(model.editor.mice, [0; 4]);
    }

    #[test]
    fn rematch_is_offered_once_the_game_is_over() {
        let (mut model, mut room) = deciding_yellow(3);
        assert!(
            press(&mut model, KeyCode::Char('r')).is_empty(),
            "not mid-game"
        );
        feed(&mut model, room.play_to_the_end());
        assert_eq!(
            press(&mut model, KeyCode::Char('r')),
            vec![Cmd::Send(ClientMessage::Rematch)]
        );
        // The game is over: q needs no confirmation.
        assert_eq!(press(&mut model, KeyCode::Char('q')), vec![Cmd::Quit]);
    }

    #[test]
    fn the_connection_state_is_shown_and_reconnected_fades() {
        let (mut model, _room) = deciding_yellow(3);
        let start = model.now;
        update(
            &mut model,
            Msg::Net(NetEvent::Reconnecting {
                attempt: 2,
                wait: Duration::from_millis(500),
                reason: "reset".into(),
            }),
        );
        assert_eq!(
            model.link,
            Link::Reconnecting {
                attempt: 2,
                reason: "reset".into()
            }
        );
        update(&mut model, Msg::Net(NetEvent::Reconnected));
        assert_eq!(model.link, Link::Reconnected(start));
        update(&mut model, Msg::Tick(start + Duration::from_secs(1)));
        assert_eq!(model.link, Link::Reconnected(start));
        update(&mut model, Msg::Tick(start + Duration::from_secs(4)));
        assert_eq!(model.link, Link::Connected);
        update(&mut model, Msg::Net(NetEvent::Closed("gone".into())));
        assert_eq!(model.link, Link::Closed("gone".into()));
        // Closed for good: leaving forfeits nothing more, so no question.
        assert_eq!(press(&mut model, KeyCode::Char('q')), vec![Cmd::Quit]);
    }

    #[test]
    fn a_server_error_is_shown() {
        let (mut model, _room) = deciding_yellow(3);
        feed(
            &mut model,
            [ServerMessage::Error {
                code: ErrorCode::IllegalAssignment,
                message: "column A has no piece left".into(),
                args: [
                    ("reason".to_owned(), "empty_column".into()),
                    ("column".to_owned(), "A".into()),
                ]
                .into(),
            }],
        );
        // In the player's words, from the refusal's code and arguments.
        assert_eq!(model.notice.as_deref(), Some("Column A has no piece left."));
    }

    #[test]
    fn the_editor_keeps_its_column_into_the_next_round() {
        let (mut model, mut room) = deciding_yellow(3);
        keys(&mut model, &[KeyCode::Char('c'), KeyCode::Char('g')]);
        feed(&mut model, room.play_greedy_round());
        assert_eq!(model.editor.column, Column::C.index());
        assert_eq!(model.editor.mice, [0; 4]);
    }
    #[test]
    fn a_resume_that_skipped_rounds_starts_the_editor_afresh() {
        let (mut model, mut room) = deciding_yellow(3);
        keys(&mut model, &[KeyCode::Char('c'), KeyCode::Char('g')]);
        assert_ne!(model.editor.mice, [0; 4]);
        let last_seen = room.seq();
        room.play_greedy_round();
        room.play_greedy_round();
        feed(&mut model, room.resume(last_seen));
        assert_eq!(model.editor.mice, [0; 4], "the old plan is gone");
        assert_eq!(model.editor.column, Column::C.index());
        assert_eq!(
            model.tracker.log.len(),
            2,
            "both rounds missed are in the log"
        );
    }

    #[test]
    fn an_error_replaces_the_question_to_quit_and_ends_it() {
        let (mut model, _room) = deciding_yellow(3);
        press(&mut model, KeyCode::Char('q'));
        assert!(model.confirm_quit);
        feed(
            &mut model,
            [ServerMessage::Error {
                code: ErrorCode::RateLimited,
                message: "slow down".into(),
                args: Default::default(),
            }],
        );
        assert!(!model.confirm_quit);
        // y is a key like another now, and no forfeit.
        assert!(press(&mut model, KeyCode::Char('y')).is_empty());
    }

    #[test]
    fn the_log_scrolls_no_further_than_its_end() {
        let (mut model, mut room) = deciding_yellow(3);
        for _ in 0..3 {
            feed(&mut model, room.play_greedy_round());
        }
        update(&mut model, Msg::Resize(80, 24));
        // As far as the last page (the oldest rounds filling the pane).
        let limit = log_scroll_limit(&model, 80, 24);
        assert!(limit > 0);
        keys(&mut model, &[KeyCode::PageDown; 50]);
        assert_eq!(model.scroll, limit);
        press(&mut model, KeyCode::PageUp);
        assert_eq!(model.scroll, limit.saturating_sub(3));
        // A taller terminal has room for more: the scroll comes back to fit.
        update(&mut model, Msg::Resize(80, 60));
        assert_eq!(model.scroll, log_scroll_limit(&model, 80, 60));
    }

    #[test]
    fn once_disconnected_for_good_nothing_can_be_committed_and_the_reason_shows() {
        let (mut model, _room) = deciding_yellow(3);
        update(
            &mut model,
            Msg::Net(NetEvent::Closed("that seat token is not valid".into())),
        );
        assert!(!model.deciding());
        assert!(keys(&mut model, &[KeyCode::Char('g'), KeyCode::Enter]).is_empty());
        assert_eq!(
            model.link,
            Link::Closed("that seat token is not valid".into())
        );
        // The panel says how to come back, not that there is nothing to decide.
        let backend = ratatui::backend::TestBackend::new(100, 32);
        let mut terminal = ratatui::Terminal::new(backend).unwrap();
        terminal
            .draw(|frame| super::super::view::view(&model, frame))
            .unwrap();
        let screen: String = terminal
            .backend()
            .buffer()
            .content()
            .iter()
            .map(ratatui::buffer::Cell::symbol)
            .collect();
        assert!(!screen.contains("Nothing to decide"), "{screen}");
        assert!(screen.contains("mice-cake resume"), "{screen}");
    }

    /// Yellow's model in round 1 of the room dealt from seed 3, sealing
    /// with nonces from `nonce_seed` and keeping its moves in `file` (if
    /// any); every command asked on the way.
    fn deciding_sealing_with(
        nonce_seed: [u8; 32],
        file: Option<OpeningsFile>,
        now: Instant,
    ) -> (Model, FakeRoom, Vec<Cmd>) {
        let mut room = FakeRoom::new(Some(Seat::Yellow), 3);
        let mut model = quiet(now);
        model.tracker.sealer = crate::sealing::Sealer::new(
            file.map(|file| crate::sealing::KeptOpenings::new(file, Vec::new())),
            None,
            Some(nonce_seed),
        );
        let mut cmds = Vec::new();
        for message in std::iter::once(room.joined()).chain(room.opponent_arrives()) {
            cmds.extend(update(&mut model, Msg::Net(NetEvent::Message(message))));
        }
        assert!(model.deciding());
        (model, room, cmds)
    }

    /// The first `count` nonces a sealer seeded with `seed` can draw.
    fn nonces_of(seed: [u8; 32], count: usize) -> Vec<mice_cake_engine::Nonce> {
        use rand_core::{Rng as _, SeedableRng as _};
        let mut rng = rand_chacha::ChaCha20Rng::from_seed(seed);
        (0..count)
            .map(|_| {
                let mut bytes = [0; 32];
                rng.fill_bytes(&mut bytes);
                mice_cake_engine::Nonce::from_bytes(bytes)
            })
            .collect()
    }

    #[test]
    fn update_is_pure_the_same_model_and_message_give_the_same_model_and_commands() {
        let now = at_start();
        let (mut first, mut room, _) = deciding_sealing_with([1; 32], None, now);
        let (mut second, _, _) = deciding_sealing_with([1; 32], None, now);
        assert_eq!(format!("{first:?}"), format!("{second:?}"));
        let keys = [KeyCode::Char('g'), KeyCode::Enter];
        let mut messages = Vec::new();
        for key in keys {
            let msg = Msg::Key(KeyEvent::new(key, KeyModifiers::NONE));
            messages.push(msg);
        }
        messages.extend(
            room.play_greedy_round()
                .into_iter()
                .map(|message| Msg::Net(NetEvent::Message(message))),
        );
        messages.push(Msg::Tick(now + Duration::from_secs(5)));
        for msg in messages {
            let asked = update(&mut first, msg.clone());
            assert_eq!(asked, update(&mut second, msg), "the same commands");
            assert_eq!(
                format!("{first:?}"),
                format!("{second:?}"),
                "the same model"
            );
        }
    }

    #[test]
    fn a_seals_nonce_comes_from_the_seed_given_and_from_nowhere_else() {
        let now = at_start();
        let seal_with = |seed: [u8; 32]| {
            let (mut model, _, _) = deciding_sealing_with(seed, None, now);
            let commands = keys(&mut model, &[KeyCode::Char('g'), KeyCode::Enter]);
            let [Cmd::Send(ClientMessage::Seal { round: 1, seal, .. })] = commands[..] else {
                panic!("one seal: {commands:?}");
            };
            let room = model.tracker.room.clone().unwrap();
            let assignment = greedy_assignment(&room.view.unwrap(), Seat::Yellow);
            (seal, room.exchange.unwrap().commitment, assignment)
        };
        let (seal, commitment, assignment) = seal_with([1; 32]);
        assert_eq!(seal_with([1; 32]).0, seal, "the same seed, the same seal");
        assert_ne!(seal_with([2; 32]).0, seal, "another seed, another seal");
        // The nonce sealed is one the seed gives.
        assert!(
            nonces_of([1; 32], 4).into_iter().any(|nonce| {
                mice_cake_engine::fair::seal(commitment, 1, Seat::Yellow, &assignment, nonce)
                    == seal
            }),
            "the seal's nonce is drawn from the seed"
        );
        // Without a seed nothing is sealed (a guessable nonce would let the
        // server open it).
        let (mut model, _room) = deciding_yellow(3);
        model.tracker.sealer = crate::sealing::Sealer::default();
        assert!(keys(&mut model, &[KeyCode::Char('g'), KeyCode::Enter]).is_empty());
    }

    #[test]
    fn the_opening_is_stored_before_its_seal_is_sent_and_update_writes_nothing() {
        let dir = tempfile::tempdir().unwrap();
        let state = dir.path().join("state");
        let file = OpeningsFile::in_dir(&state);
        let (mut model, _room, _) = deciding_sealing_with([1; 32], Some(file.clone()), at_start());
        let commands = keys(&mut model, &[KeyCode::Char('g'), KeyCode::Enter]);
        let [
            Cmd::StoreOpening(stored_in, kept),
            Cmd::Send(ClientMessage::Seal { round: 1, seal, .. }),
        ] = &commands[..]
        else {
            panic!("the opening to store, then the seal: {commands:?}");
        };
        assert_eq!(*stored_in, file);
        let room = model.tracker.room.as_ref().unwrap();
        let commitment = room.exchange.as_ref().unwrap().commitment;
        assert_eq!(
            (kept.commitment, kept.round, kept.seat),
            (commitment, 1, Seat::Yellow)
        );
        assert_eq!(
            mice_cake_engine::fair::seal(
                commitment,
                1,
                Seat::Yellow,
                &kept.opening.assignment,
                kept.opening.nonce
            ),
            *seal,
            "the opening stored is the one the seal seals"
        );
        assert!(!state.exists(), "update itself writes nothing");
        // Carried out as the shell does, a client started again finds it.
        let (file, kept) = (stored_in.clone(), *kept);
        file.keep(kept);
        let again = OpeningsFile::in_dir(&state);
        let again = crate::sealing::KeptOpenings::new(again.clone(), again.load());
        assert_eq!(again.find(commitment, 1, Seat::Yellow), Some(kept.opening));
    }
}

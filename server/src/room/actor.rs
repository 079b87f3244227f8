//! The room task: owns one room's seats, spectators and game.
//!
//! Hidden information is kept here: a committed assignment stays in
//! `round.commits` and reaches nobody (no event, no log line) until both are
//! in; the engine's views carry no face-down piece; the record (with the
//! seed and the deal) leaves the room only when the game is over.

use std::collections::HashMap;
use std::sync::Arc;
use std::sync::atomic::Ordering;
use std::time::Duration;

use mice_cake_engine::{
    Assignment, EndReason, Policy, RecordedGame, RoundReport, Seat, Seated, Viewer,
    greedy_assignment,
};
use mice_cake_protocol::{
    Ending, ErrorCode, FinishedGame, ForfeitCause, GameId, GameResult, MAX_LISTED_GAMES,
    PlayerInfo, RoomCode, RoomEvent, RoomOptions, RoomState, RoomStatus, RoomSummary, SeatToken,
    ServerMessage,
};
use rand_chacha::ChaCha20Rng;
use tokio::sync::mpsc;
use tokio::time::Instant;
use tracing::{debug, info, warn};

use self::durable::StoredMarks;
use super::events::EventLog;
use super::outbox::Outbox;
use super::{Command, ConnId, Member, Refusal};
use crate::lobby::{TokenHash, token_hash};
use crate::outbound::{Frame, Outbound, frame};
use crate::shared::Shared;

mod durable;

/// A seat's occupant.
#[derive(Debug)]
struct Player {
    name: String,
    /// The seat token's hash; none for a bot.
    token: Option<TokenHash>,
    /// The server-side bot's policy, if a bot.
    bot: Option<Policy>,
    /// The connection holding the seat, if any.
    member: Option<Member>,
    /// While disconnected during a game: when the player forfeits.
    grace_until: Option<Instant>,
    /// Rounds in a row committed for this player at the deadline.
    auto_commits: u32,
}

impl Player {
    fn is_connected(&self) -> bool {
        self.bot.is_some() || self.member.is_some()
    }

    fn holds(&self, conn: ConnId) -> bool {
        self.member
            .as_ref()
            .is_some_and(|member| member.conn == conn)
    }
}

/// An assignment held for the round.
#[derive(Clone, Copy, Debug)]
struct Commit {
    assignment: Assignment,
    /// Made by the server at the deadline.
    auto: bool,
}

#[derive(Debug, Default)]
struct Round {
    commits: Seated<Option<Commit>>,
    deadline: Option<Instant>,
}

pub(super) struct Room {
    code: RoomCode,
    options: RoomOptions,
    shared: Arc<Shared>,
    seats: Seated<Option<Player>>,
    spectators: HashMap<ConnId, Member>,
    status: RoomStatus,
    game: Option<RecordedGame>,
    game_number: u32,
    round: Round,
    events: EventLog,
    last_report: Option<RoundReport>,
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
    bot_rng: ChaCha20Rng,
    /// What members are sent, held until the room's changes are stored.
    outbox: Outbox,
    /// What storage holds of the room.
    stored: StoredMarks,
    /// Games over but not yet stored.
    unsaved_games: Vec<FinishedGame>,
}

/// How long spectator arrivals and departures are gathered before the count
/// is announced.
const SPECTATORS_EVENT_DELAY: Duration = Duration::from_millis(500);

impl Room {
    pub(super) fn new(code: RoomCode, options: RoomOptions, shared: Arc<Shared>) -> Room {
        let outbound_queue = shared.config.outbound_queue;
        let bot_rng = shared.rng.bot_rng();
        Room {
            code,
            options,
            shared,
            seats: Seated::default(),
            spectators: HashMap::new(),
            status: RoomStatus::Waiting,
            game: None,
            game_number: 0,
            round: Round::default(),
            events: EventLog::new(outbound_queue),
            last_report: None,
            result: None,
            rematch: Seated::default(),
            game_ids: Vec::new(),
            empty_since: Some(Instant::now()),
            spectators_event_at: None,
            announced_spectators: 0,
            closing: false,
            bot_rng,
            outbox: Outbox::default(),
            stored: StoredMarks::default(),
            unsaved_games: Vec::new(),
        }
    }

    /// Runs the room until it is empty long enough, or the server stops.
    ///
    /// After each command or timer, the room's changes are stored before
    /// anything is sent: what a client has seen survives a crash.
    pub(super) async fn run(mut self, mut inbox: mpsc::Receiver<Command>) {
        debug!(room = %self.code, "room opened");
        // A room brought back from storage is listed again at once.
        self.publish();
        let shutdown = self.shared.shutdown.clone();
        let mut counted_playing = false;
        loop {
            self.count_playing(&mut counted_playing);
            let wake = self.next_timer();
            let idle = tokio::select! {
                // Shutdown first: a room stores itself as it was, without
                // the disconnections the shutdown itself causes.
                biased;
                () = shutdown.cancelled() => break,
                command = inbox.recv() => match command {
                    Some(command) => {
                        self.handle(command);
                        false
                    }
                    None => true,
                },
                () = sleep_until(wake), if wake.is_some() => self.on_timer(Instant::now()),
            };
            self.store_changes().await;
            let closes = idle || self.closing;
            if closes {
                // Before anyone is told: a room they left stays gone.
                self.forget().await;
            }
            self.outbox.flush();
            if closes {
                break;
            }
            self.publish();
        }
        if counted_playing {
            self.shared.rooms_playing.fetch_sub(1, Ordering::Relaxed);
        }
        self.shared.lobby.remove(&self.code);
        debug!(room = %self.code, "room closed");
    }

    /// Keeps the server's count of rooms with a game on (`counted`: whether
    /// this room is in it).
    fn count_playing(&self, counted: &mut bool) {
        let playing = self.status == RoomStatus::Playing;
        if playing != *counted {
            if playing {
                self.shared.rooms_playing.fetch_add(1, Ordering::Relaxed);
            } else {
                self.shared.rooms_playing.fetch_sub(1, Ordering::Relaxed);
            }
            *counted = playing;
        }
    }

    fn handle(&mut self, command: Command) {
        match command {
            Command::Join {
                member,
                name,
                reply,
            } => {
                let _ = reply.send(self.join(member, name));
            }
            Command::Watch { member, reply } => {
                let _ = reply.send(self.watch(member));
            }
            Command::Resume {
                member,
                token,
                last_seq,
                reply,
            } => {
                let _ = reply.send(self.resume(member, &token, last_seq));
            }
            Command::Commit {
                conn,
                round,
                assignment,
            } => {
                if let Err(refusal) = self.commit(conn, round, assignment) {
                    self.refuse(conn, refusal);
                }
            }
            Command::Rematch { conn } => {
                if let Err(refusal) = self.rematch(conn) {
                    self.refuse(conn, refusal);
                }
            }
            Command::Leave { conn } => self.leave(conn),
            Command::Disconnected { conn } => self.disconnected(conn),
        }
        self.note_emptiness(Instant::now());
    }

    // ----- Membership -------------------------------------------------------

    fn join(&mut self, member: Member, name: String) -> Result<Seat, Refusal> {
        let seat = Seat::ALL
            .into_iter()
            .find(|seat| self.seats[*seat].is_none())
            .ok_or_else(|| {
                Refusal::new(
                    ErrorCode::RoomFull,
                    format!(
                        "room {} already has two players; you can watch it",
                        self.code
                    ),
                )
            })?;
        let token = self.shared.rng.seat_token();
        let hash = token_hash(&token);
        self.shared.lobby.register_seat(hash, self.code);
        self.seats[seat] = Some(Player {
            name,
            token: Some(hash),
            bot: None,
            member: Some(member),
            grace_until: None,
            auto_commits: 0,
        });
        info!(room = %self.code, %seat, "player joined");
        self.send_joined_to_seat(seat, Some(token));
        self.emit_player_joined(seat);
        if let Some(policy) = self.options.bot
            && self.seats[seat.opponent()].is_none()
        {
            self.seat_bot(seat.opponent(), policy);
        }
        self.start_game_if_ready();
        Ok(seat)
    }

    fn seat_bot(&mut self, seat: Seat, policy: Policy) {
        self.seats[seat] = Some(Player {
            name: format!("{policy} bot"),
            token: None,
            bot: Some(policy),
            member: None,
            grace_until: None,
            auto_commits: 0,
        });
        self.emit_player_joined(seat);
    }

    fn emit_player_joined(&mut self, seat: Seat) {
        if let Some(player) = self.player_info(seat) {
            self.emit(RoomEvent::PlayerJoined { seat, player });
        }
    }

    fn watch(&mut self, member: Member) -> Result<(), Refusal> {
        if self.spectators.len() >= self.shared.config.max_spectators {
            return Err(Refusal::new(
                ErrorCode::SpectatorsFull,
                format!(
                    "room {} has its limit of {} spectators",
                    self.code, self.shared.config.max_spectators
                ),
            ));
        }
        let outbound = member.outbound.clone();
        self.spectators.insert(member.conn, member);
        self.send_joined(&outbound, None, None);
        self.spectators_changed();
        Ok(())
    }

    fn resume(
        &mut self,
        member: Member,
        token: &TokenHash,
        last_seq: Option<u64>,
    ) -> Result<Seat, Refusal> {
        let seat = Seat::ALL
            .into_iter()
            .find(|seat| {
                self.seats[*seat]
                    .as_ref()
                    .is_some_and(|player| player.token.as_ref() == Some(token))
            })
            .ok_or_else(|| Refusal::new(ErrorCode::BadToken, "that seat token is not valid"))?;
        let Some(player) = self.seats[seat].as_mut() else {
            return Err(Refusal::new(
                ErrorCode::BadToken,
                "that seat token is not valid",
            ));
        };
        // A second connection with the token replaces the first.
        if let Some(old) = player.member.replace(member) {
            self.outbox.send_message(
                &old.outbound,
                &ServerMessage::Error {
                    code: ErrorCode::BadToken,
                    message: "another connection took over this seat".into(),
                },
            );
            self.outbox.disconnect(&old.outbound);
        }
        player.grace_until = None;
        info!(room = %self.code, %seat, "player resumed");
        self.send_joined_to_seat(seat, None);
        // Replay what was missed if it fits easily in the connection's queue
        // (it is not drained until this answer is in); otherwise the state
        // alone, which holds all of it, is enough.
        if let Some(missed) = self.events.missed_since(last_seq.unwrap_or(u64::MAX))
            && let Some(member) = self.seats[seat].as_ref().and_then(|p| p.member.as_ref())
        {
            for frame in missed {
                self.outbox.send(&member.outbound, frame);
            }
        }
        self.emit(RoomEvent::Connection {
            seat,
            connected: true,
            grace_ms: None,
        });
        Ok(seat)
    }

    fn leave(&mut self, conn: ConnId) {
        if let Some(member) = self.spectators.remove(&conn) {
            self.outbox
                .send_message(&member.outbound, &ServerMessage::Left { code: self.code });
            self.spectators_changed();
            self.close_if_deserted();
            return;
        }
        let Some(seat) = self.seat_of(conn) else {
            return;
        };
        if self.status == RoomStatus::Playing {
            let leaving = Seated::from_fn(|s| s == seat);
            self.forfeit_any(leaving, ForfeitCause::Left);
        }
        if let Some(player) = self.seats[seat].take() {
            if let Some(hash) = player.token {
                self.shared.lobby.forget_seat(&hash);
            }
            if let Some(member) = player.member {
                self.outbox
                    .send_message(&member.outbound, &ServerMessage::Left { code: self.code });
            }
        }
        info!(room = %self.code, %seat, "player left");
        self.emit(RoomEvent::PlayerLeft { seat });
        // A bot stays only with a human opposite.
        let other = seat.opponent();
        if self.seats[other].as_ref().is_some_and(|p| p.bot.is_some()) {
            self.seats[other] = None;
            self.emit(RoomEvent::PlayerLeft { seat: other });
        }
        self.rematch = Seated::default();
        if self.status != RoomStatus::Playing {
            self.status = RoomStatus::Waiting;
        }
        self.close_if_deserted();
    }

    /// Closes the room at once when its last person has left it (rather than
    /// keeping it for the idle time, which leaving rooms over and over could
    /// use to fill the server).
    fn close_if_deserted(&mut self) {
        let humans_seated = Seat::ALL.into_iter().any(|seat| {
            self.seats[seat]
                .as_ref()
                .is_some_and(|player| player.bot.is_none())
        });
        if !humans_seated && self.spectators.is_empty() && self.status != RoomStatus::Playing {
            self.closing = true;
        }
    }

    fn disconnected(&mut self, conn: ConnId) {
        if self.spectators.remove(&conn).is_some() {
            self.spectators_changed();
            return;
        }
        let Some(seat) = self.seat_of(conn) else {
            return;
        };
        let grace = self.shared.config.disconnect_grace;
        let playing = self.status == RoomStatus::Playing;
        if let Some(player) = self.seats[seat].as_mut() {
            player.member = None;
            player.grace_until = playing.then(|| Instant::now() + grace);
        }
        info!(room = %self.code, %seat, "player disconnected");
        self.emit(RoomEvent::Connection {
            seat,
            connected: false,
            grace_ms: playing.then(|| millis(grace)),
        });
    }

    // ----- The game ---------------------------------------------------------

    fn start_game_if_ready(&mut self) {
        if self.status != RoomStatus::Playing && Seat::ALL.iter().all(|s| self.seats[*s].is_some())
        {
            self.start_game();
        }
    }

    fn start_game(&mut self) {
        let game = match RecordedGame::new(self.options.game, self.shared.rng.game_seed()) {
            Ok(game) => game,
            Err(error) => {
                // Options are checked when the room is created.
                warn!(room = %self.code, cause = %error, "cannot start a game");
                return;
            }
        };
        self.game_number += 1;
        self.status = RoomStatus::Playing;
        self.result = None;
        self.rematch = Seated::default();
        self.last_report = None;
        let view = game.game().view(Viewer::Spectator);
        self.game = Some(game);
        // A player already disconnected when the game starts has the grace
        // period to come back, like one who drops during the game.
        let grace_until = Instant::now() + self.shared.config.disconnect_grace;
        for player in self.players_mut() {
            player.auto_commits = 0;
            player.grace_until = (!player.is_connected()).then_some(grace_until);
        }
        metrics::counter!(crate::metrics::GAMES_STARTED).increment(1);
        info!(room = %self.code, game = self.game_number, "game started");
        if let (Some(yellow), Some(blue)) =
            (self.player_info(Seat::Yellow), self.player_info(Seat::Blue))
        {
            self.emit(RoomEvent::GameStarted {
                game: self.game_number,
                players: Seated { yellow, blue },
                view,
            });
        }
        self.open_round();
        self.advance();
    }

    /// Opens a round: bots, and players with nothing to decide (ruling 14),
    /// commit at once.
    fn open_round(&mut self) {
        let Some(round) = self.game.as_ref().map(|game| game.game().round()) else {
            return;
        };
        self.round = Round {
            commits: Seated::default(),
            deadline: self
                .options
                .deadline()
                .map(|ms| Instant::now() + Duration::from_millis(ms)),
        };
        self.emit(RoomEvent::RoundStarted {
            round,
            deadline_ms: self.options.deadline(),
        });
        for seat in Seat::ALL {
            let Some(view) = self.seat_view(seat) else {
                return;
            };
            let assignment = match self.seats[seat].as_ref().and_then(|player| player.bot) {
                Some(policy) => policy.choose(&view, seat, &mut self.bot_rng),
                None => match view.legal_assignments(seat).as_slice() {
                    [only] => *only,
                    _ => continue,
                },
            };
            self.commit_for(seat, assignment, false);
        }
    }

    /// Holds an assignment the server made (bot, nothing to decide, or the
    /// deadline). It is checked like a player's; if refused, the seat stays
    /// uncommitted and the deadline (or the player) decides.
    fn commit_for(&mut self, seat: Seat, assignment: Assignment, auto: bool) {
        let checked = self
            .game
            .as_ref()
            .is_some_and(|game| game.game().check(seat, &assignment).is_ok());
        if !checked {
            // No detail: it would describe an assignment never revealed.
            warn!(room = %self.code, %seat, "an assignment made by the server was refused");
            return;
        }
        self.round.commits[seat] = Some(Commit { assignment, auto });
        if auto && let Some(player) = self.seats[seat].as_mut() {
            player.auto_commits += 1;
        }
        self.emit(RoomEvent::Committed { seat });
    }

    fn commit(&mut self, conn: ConnId, round: u32, assignment: Assignment) -> Result<(), Refusal> {
        let seat = self.acting_seat(conn)?;
        let game = self.playing_game()?;
        let current = game.game().round();
        if round != current {
            return Err(Refusal::new(
                ErrorCode::WrongPhase,
                if round < current {
                    format!("round {round} is over; this is round {current}")
                } else {
                    format!("round {round} has not started; this is round {current}")
                },
            ));
        }
        if let Some(held) = self.round.commits[seat] {
            return Err(Refusal::new(
                ErrorCode::AlreadyCommitted,
                if held.auto {
                    "the deadline passed: the server committed for you this round"
                } else {
                    "you have already committed this round"
                },
            ));
        }
        // The error describes the assignment: it goes to its author only.
        game.game().check(seat, &assignment).map_err(|error| {
            Refusal::new(
                ErrorCode::IllegalAssignment,
                format!("{assignment} cannot be played: {error}"),
            )
        })?;
        self.round.commits[seat] = Some(Commit {
            assignment,
            auto: false,
        });
        if let Some(player) = self.seats[seat].as_mut() {
            player.auto_commits = 0;
            if let Some(member) = &player.member {
                self.outbox.send_message(
                    &member.outbound,
                    &ServerMessage::CommitAccepted { round, assignment },
                );
            }
        }
        debug!(room = %self.code, %seat, round, "committed");
        self.emit(RoomEvent::Committed { seat });
        self.advance();
        Ok(())
    }

    /// At the deadline: `greedy` commits for whoever has not.
    fn commit_for_the_late(&mut self) {
        for seat in Seat::ALL {
            if self.round.commits[seat].is_some() {
                continue;
            }
            let Some(view) = self.seat_view(seat) else {
                return;
            };
            info!(room = %self.code, %seat, "deadline passed: committing for the player");
            self.commit_for(seat, greedy_assignment(&view, seat), true);
        }
        self.advance();
    }

    /// Plays rounds while both assignments are in. A loop, not recursion:
    /// rounds where the server commits for both seats follow one another
    /// here, a bounded number of times (the game ends).
    fn advance(&mut self) {
        while self.status == RoomStatus::Playing
            && self.round.commits.yellow.is_some()
            && self.round.commits.blue.is_some()
        {
            if !self.resolve_round() {
                break;
            }
        }
    }

    /// Resolves the round whose two assignments are in; returns whether a
    /// next round was opened.
    fn resolve_round(&mut self) -> bool {
        let (Some(yellow), Some(blue)) = (self.round.commits.yellow, self.round.commits.blue)
        else {
            return false;
        };
        let Some(game) = self.game.as_mut() else {
            return false;
        };
        let report = match game.play_round(&yellow.assignment, &blue.assignment) {
            Ok(report) => report.clone(),
            Err(_) => {
                // Both were checked, so this cannot happen; if it does, the
                // round is asked for again rather than the room stopped.
                warn!(room = %self.code, "the engine refused a checked round; it is asked again");
                self.open_round();
                return false;
            }
        };
        let view = game.game().view(Viewer::Spectator);
        let outcome = game.game().outcome().copied();
        metrics::counter!(crate::metrics::ROUNDS).increment(1);
        self.round = Round::default();
        self.emit(RoomEvent::Revealed {
            report: Box::new(report.clone()),
            auto: Seated {
                yellow: yellow.auto,
                blue: blue.auto,
            },
            view,
        });
        self.last_report = Some(report);
        if let Some(outcome) = outcome {
            let ending = Ending::Played {
                end: outcome.end,
                decided_by: outcome.decided_by,
            };
            self.finish(ending, outcome.winner);
            return false;
        }
        let limit = self.shared.config.missed_deadlines;
        let out = Seated::from_fn(|seat| {
            self.seats[seat]
                .as_ref()
                .is_some_and(|player| player.auto_commits >= limit)
        });
        if self.forfeit_any(out, ForfeitCause::MissedDeadlines) {
            return false;
        }
        self.open_round();
        true
    }

    /// Ends the game if `out` names anyone: one player forfeits, or both at
    /// once and nobody wins. Returns whether it ended.
    fn forfeit_any(&mut self, out: Seated<bool>, cause: ForfeitCause) -> bool {
        let ending = match (out.yellow, out.blue) {
            (false, false) => return false,
            (true, true) => (Ending::Abandoned { cause }, None),
            (true, false) => (
                Ending::Forfeit {
                    seat: Seat::Yellow,
                    cause,
                },
                Some(Seat::Blue),
            ),
            (false, true) => (
                Ending::Forfeit {
                    seat: Seat::Blue,
                    cause,
                },
                Some(Seat::Yellow),
            ),
        };
        info!(room = %self.code, ?cause, "forfeit");
        self.finish(ending.0, ending.1);
        true
    }

    /// Ends the game: keeps its record and tells everyone.
    fn finish(&mut self, ending: Ending, winner: Option<Seat>) {
        let Some(game) = self.game.as_ref() else {
            return;
        };
        let score = Seated::from_fn(|seat| game.game().score(seat));
        let result = GameResult {
            winner,
            score,
            ending,
        };
        let id = self.shared.rng.game_id();
        let players = Seated::from_fn(|seat| {
            self.seats[seat]
                .as_ref()
                .map(|player| player.name.clone())
                .unwrap_or_default()
        });
        self.unsaved_games.push(FinishedGame {
            id,
            room: self.code,
            players,
            result,
            finished_at_ms: unix_millis(),
            record: game.record().clone(),
        });
        self.status = RoomStatus::Finished;
        self.round = Round::default();
        self.result = Some(result);
        self.game_ids.push(id);
        if self.game_ids.len() > MAX_LISTED_GAMES {
            self.game_ids.remove(0);
        }
        for player in self.players_mut() {
            player.grace_until = None;
        }
        let how = match ending {
            Ending::Played { end, .. } => end_label(end),
            Ending::Forfeit { .. } => "forfeit",
            Ending::Abandoned { .. } => "abandoned",
        };
        metrics::counter!(crate::metrics::GAMES_FINISHED, "ending" => how).increment(1);
        info!(room = %self.code, game = self.game_number, %id, ending = how, "game over");
        self.emit(RoomEvent::GameOver {
            result,
            game_id: id,
        });
    }

    fn rematch(&mut self, conn: ConnId) -> Result<(), Refusal> {
        let seat = self.acting_seat(conn)?;
        if self.status != RoomStatus::Finished || Seat::ALL.iter().any(|s| self.seats[*s].is_none())
        {
            return Err(Refusal::new(
                ErrorCode::WrongPhase,
                "a rematch can be asked once a game is over, with both players in the room",
            ));
        }
        if !self.rematch[seat] {
            self.rematch[seat] = true;
            self.emit(RoomEvent::RematchRequested { seat });
        }
        if let Some(bot_seat) = Seat::ALL
            .into_iter()
            .find(|s| self.seats[*s].as_ref().is_some_and(|p| p.bot.is_some()))
            && !self.rematch[bot_seat]
        {
            self.rematch[bot_seat] = true;
            self.emit(RoomEvent::RematchRequested { seat: bot_seat });
        }
        if self.rematch.yellow && self.rematch.blue {
            // Seats swap: Yellow plays Blue and Blue plays Yellow. Each player
            // learns their new seat before the new game's first event.
            std::mem::swap(&mut self.seats.yellow, &mut self.seats.blue);
            self.rematch = Seated::default();
            for seat in Seat::ALL {
                let state = ServerMessage::State {
                    state: Box::new(self.state_for(Some(seat))),
                };
                if let Some(member) = self.seats[seat].as_ref().and_then(|p| p.member.as_ref()) {
                    self.outbox.send_message(&member.outbound, &state);
                }
            }
            self.start_game();
        }
        Ok(())
    }

    // ----- Timers -----------------------------------------------------------

    fn next_timer(&self) -> Option<Instant> {
        let playing = self.status == RoomStatus::Playing;
        let deadline = self.round.deadline.filter(|_| playing);
        let graces = Seat::ALL
            .into_iter()
            .filter_map(|seat| self.seats[seat].as_ref()?.grace_until)
            .filter(|_| playing);
        // A game in progress ends by its own rules (a forfeit at worst)
        // before the room may close.
        let idle = self
            .empty_since
            .filter(|_| !playing)
            .map(|since| since + self.shared.config.room_idle);
        deadline
            .into_iter()
            .chain(graces)
            .chain(idle)
            .chain(self.spectators_event_at)
            .min()
    }

    /// Handles whatever is due at `now`; returns whether the room closes.
    fn on_timer(&mut self, now: Instant) -> bool {
        if self.spectators_event_at.is_some_and(|at| now >= at) {
            self.spectators_event_at = None;
            self.announce_spectators();
        }
        if self.status == RoomStatus::Playing {
            let expired = Seated::from_fn(|seat| {
                self.seats[seat]
                    .as_ref()
                    .and_then(|player| player.grace_until)
                    .is_some_and(|until| now >= until)
            });
            if !self.forfeit_any(expired, ForfeitCause::Disconnected)
                && self.round.deadline.is_some_and(|deadline| now >= deadline)
            {
                self.round.deadline = None;
                self.commit_for_the_late();
            }
        } else if self
            .empty_since
            .is_some_and(|since| now >= since + self.shared.config.room_idle)
        {
            return true;
        }
        self.note_emptiness(now);
        false
    }

    /// Starts or stops the idle clock: a room with nobody connected (bots
    /// aside) closes after a while.
    fn note_emptiness(&mut self, now: Instant) {
        if self.anyone_connected() {
            self.empty_since = None;
        } else if self.empty_since.is_none() {
            self.empty_since = Some(now);
        }
    }

    fn anyone_connected(&self) -> bool {
        !self.spectators.is_empty()
            || Seat::ALL.into_iter().any(|seat| {
                self.seats[seat]
                    .as_ref()
                    .is_some_and(|player| player.member.is_some())
            })
    }

    // ----- What members see -------------------------------------------------

    /// Numbers an event and sends it to every member.
    fn emit(&mut self, event: RoomEvent) {
        let frame = self.events.record(event);
        self.broadcast(&frame);
    }

    fn broadcast(&mut self, frame: &Frame) {
        let players = Seat::ALL
            .into_iter()
            .filter_map(|seat| self.seats[seat].as_ref()?.member.as_ref());
        for member in players.chain(self.spectators.values()) {
            self.outbox.send(&member.outbound, frame.clone());
        }
    }

    /// Schedules the announcement of the spectator count.
    fn spectators_changed(&mut self) {
        if self.spectators_event_at.is_none() {
            self.spectators_event_at = Some(Instant::now() + SPECTATORS_EVENT_DELAY);
        }
    }

    /// Announces the spectator count, if it changed since last time.
    fn announce_spectators(&mut self) {
        if self.spectators.len() != self.announced_spectators {
            self.announced_spectators = self.spectators.len();
            let count = u32::try_from(self.spectators.len()).unwrap_or(u32::MAX);
            self.emit(RoomEvent::Spectators { count });
        }
    }

    fn send_joined(&mut self, to: &Outbound, seat: Option<Seat>, token: Option<SeatToken>) {
        let state = self.state_for(seat);
        self.outbox.send(
            to,
            frame(&ServerMessage::Joined {
                seat,
                token,
                state: Box::new(state),
            }),
        );
    }

    /// Sends `joined` to the connection holding `seat`.
    fn send_joined_to_seat(&mut self, seat: Seat, token: Option<SeatToken>) {
        if let Some(outbound) = self.seat_outbound(seat) {
            self.send_joined(&outbound, Some(seat), token);
        }
    }

    fn refuse(&mut self, conn: ConnId, refusal: Refusal) {
        metrics::counter!(crate::metrics::ERRORS, "code" => refusal.code.as_str()).increment(1);
        if let Some(outbound) = self.member(conn).map(|member| member.outbound.clone()) {
            self.outbox.send_message(
                &outbound,
                &ServerMessage::Error {
                    code: refusal.code,
                    message: refusal.message,
                },
            );
        }
    }

    /// The queue of the connection holding `seat`, if any.
    fn seat_outbound(&self, seat: Seat) -> Option<Outbound> {
        let player = self.seats[seat].as_ref()?;
        player.member.as_ref().map(|member| member.outbound.clone())
    }

    /// The room as `you` may see it: your own commit, never the opponent's.
    fn state_for(&self, you: Option<Seat>) -> RoomState {
        let now = Instant::now();
        RoomState {
            code: self.code,
            options: self.options,
            status: self.status,
            you,
            players: Seated::from_fn(|seat| self.player_info(seat)),
            spectators: u32::try_from(self.spectators.len()).unwrap_or(u32::MAX),
            game: self.game_number,
            view: self.game.as_ref().map(|game| {
                game.game()
                    .view(you.map_or(Viewer::Spectator, Viewer::from))
            }),
            committed: self.round.commits.map(|commit| commit.is_some()),
            your_commit: you.and_then(|seat| self.round.commits[seat].map(|c| c.assignment)),
            deadline_ms: self
                .round
                .deadline
                .filter(|_| self.status == RoomStatus::Playing)
                .map(|deadline| millis(deadline.saturating_duration_since(now))),
            last_report: self.last_report.clone().map(Box::new),
            rematch: self.rematch,
            result: self.result,
            game_ids: self.game_ids.clone(),
            seq: self.events.last_seq(),
        }
    }

    /// The game as `seat` sees it, if a game is on.
    fn seat_view(&self, seat: Seat) -> Option<mice_cake_engine::GameView> {
        self.game
            .as_ref()
            .map(|game| game.game().view(Viewer::from(seat)))
    }

    fn player_info(&self, seat: Seat) -> Option<PlayerInfo> {
        let player = self.seats[seat].as_ref()?;
        let now = Instant::now();
        Some(PlayerInfo {
            name: player.name.clone(),
            connected: player.is_connected(),
            bot: player.bot,
            grace_ms: player
                .grace_until
                .map(|until| millis(until.saturating_duration_since(now))),
            auto_commits: player.auto_commits,
        })
    }

    /// Updates the lobby's listing of this room.
    fn publish(&self) {
        let summary = self.options.public.then(|| RoomSummary {
            code: self.code,
            status: self.status,
            players: Seated::from_fn(|seat| self.seats[seat].as_ref().map(|p| p.name.clone())),
            spectators: u32::try_from(self.spectators.len()).unwrap_or(u32::MAX),
            round: self.game.as_ref().map_or(0, |game| game.game().round()),
            options: self.options,
        });
        self.shared.lobby.publish(self.code, summary);
    }

    // ----- Lookups ----------------------------------------------------------

    fn players_mut(&mut self) -> impl Iterator<Item = &mut Player> {
        [&mut self.seats.yellow, &mut self.seats.blue]
            .into_iter()
            .flatten()
    }

    fn seat_of(&self, conn: ConnId) -> Option<Seat> {
        Seat::ALL.into_iter().find(|seat| {
            self.seats[*seat]
                .as_ref()
                .is_some_and(|player| player.holds(conn))
        })
    }

    fn member(&self, conn: ConnId) -> Option<&Member> {
        self.spectators.get(&conn).or_else(|| {
            Seat::ALL.into_iter().find_map(|seat| {
                self.seats[seat]
                    .as_ref()?
                    .member
                    .as_ref()
                    .filter(|member| member.conn == conn)
            })
        })
    }

    /// The seat of a connection that wants to act.
    fn acting_seat(&self, conn: ConnId) -> Result<Seat, Refusal> {
        if self.spectators.contains_key(&conn) {
            return Err(Refusal::new(
                ErrorCode::SpectatorCannotAct,
                "spectators watch; only the two players can play",
            ));
        }
        self.seat_of(conn)
            .ok_or_else(|| Refusal::new(ErrorCode::NotInRoom, "you are not in this room"))
    }

    fn playing_game(&self) -> Result<&RecordedGame, Refusal> {
        match (&self.game, self.status) {
            (Some(game), RoomStatus::Playing) => Ok(game),
            (_, RoomStatus::Waiting) => Err(Refusal::new(
                ErrorCode::WrongPhase,
                "the game has not started: the room waits for a second player",
            )),
            _ => Err(Refusal::new(
                ErrorCode::WrongPhase,
                "the game is over; ask for a rematch to play again",
            )),
        }
    }
}

async fn sleep_until(wake: Option<Instant>) {
    match wake {
        Some(wake) => tokio::time::sleep_until(wake).await,
        None => std::future::pending().await,
    }
}

/// Milliseconds since the Unix epoch, by the system clock.
fn unix_millis() -> u64 {
    std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, millis)
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

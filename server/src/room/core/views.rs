//! What members are sent: numbered events for everyone, each member's own
//! view of the room, refusals to their author, the public listing.
//!
//! Every message passes through the outbox, so nothing leaves before the
//! room's changes are stored.

use std::time::Duration;

use mice_cake_engine::{Choices, GameView, RecordedGame, Seat, Seated, Viewer};
use mice_cake_protocol::{
    PlayedRound, PlayerInfo, RoomEvent, RoomState, RoomStatus, RoomSummary, SeatToken,
    ServerMessage,
};
use tracing::error;

use super::effects::{Effect, Tally};
use super::{Room, millis};
use crate::frame::{Frame, frame};
use crate::room::{ConnId, Refusal};

/// How long spectator arrivals and departures are gathered before the count
/// is announced.
const SPECTATORS_EVENT_DELAY: Duration = Duration::from_millis(500);

/// Rounds per `history` message: about 16 KiB of JSON at most, so that a
/// long game's history arrives as a few frames of reasonable size.
const HISTORY_ROUNDS: usize = 16;

impl Room {
    /// Numbers an event and sends it to every member.
    pub(super) fn emit(&mut self, event: RoomEvent) {
        let frame = self.events.record(event);
        self.send_to_all(&frame, None);
    }

    /// Numbers a player's own seal and sends it to every member, the
    /// sealer's copy held for what the sealer is sent next: the other's
    /// seal or the reveal, a moment at most (`Outbox::hold`, protocol 13).
    pub(super) fn emit_seal(&mut self, sealer: Seat, event: RoomEvent) {
        let frame = self.events.record(event);
        self.send_to_all(&frame, Some(sealer));
    }

    /// Sends a frame to the players now, `held_for`'s copy held for what
    /// that player is sent next, and to the spectators at the end of the
    /// room's turn (see `spectators`).
    fn send_to_all(&mut self, frame: &Frame, held_for: Option<Seat>) {
        for seat in Seat::ALL {
            let Some(member) = self.seats[seat].as_ref().and_then(|p| p.member.as_ref()) else {
                continue;
            };
            if held_for == Some(seat) {
                self.outbox.hold(member.conn, frame.clone(), self.now);
            } else {
                self.outbox.send(member.conn, frame.clone());
            }
        }
        self.feed_spectators(frame);
    }

    /// Schedules the announcement of the spectator count.
    pub(super) fn spectators_changed(&mut self) {
        if self.spectators_event_at.is_none() {
            self.spectators_event_at = Some(self.now + SPECTATORS_EVENT_DELAY);
        }
    }

    /// Announces the spectator count, if it changed since last time.
    pub(super) fn announce_spectators(&mut self) {
        let count = u32::try_from(self.spectators.len()).unwrap_or(u32::MAX);
        if count != self.announced_spectators {
            self.announced_spectators = count;
            self.emit(RoomEvent::Spectators { count });
        }
    }

    pub(super) fn send_joined(&mut self, to: ConnId, seat: Option<Seat>, token: Option<SeatToken>) {
        let state = self.state_for(seat);
        self.outbox.send(
            to,
            frame(&ServerMessage::Joined {
                seat,
                token,
                state: Box::new(state),
            }),
        );
        // Whoever enters sees every round of the game so far, and what was
        // said lately.
        for history in self.history() {
            self.outbox.send(to, history);
        }
        for line in self.chat_backlog(seat) {
            self.outbox.offer(to, line);
        }
    }

    /// The rounds of the current (or last) game, in messages of at most
    /// [`HISTORY_ROUNDS`] rounds.
    pub(super) fn history(&self) -> Vec<Frame> {
        let Some(game) = &self.game else {
            return Vec::new();
        };
        // Rebuilt from the game's moves (see `RecordedGame::record`), which
        // cannot fail unless the engine is not deterministic.
        let reports = match game.rounds_since(0) {
            Ok(rounds) => rounds,
            Err(cause) => {
                error!(room = %self.code, cause = %cause, "the game's rounds cannot be rebuilt: no history sent");
                return Vec::new();
            }
        };
        let mut sealed = game.exchanges_since(0).into_iter();
        let rounds: Vec<PlayedRound> = reports
            .into_iter()
            .enumerate()
            .map(|(index, (report, beats))| PlayedRound {
                report,
                auto: self.autos.get(index).copied().unwrap_or_default(),
                sealed: sealed.next(),
                beats,
            })
            .collect();
        rounds
            .chunks(HISTORY_ROUNDS)
            .map(|chunk| {
                frame(&ServerMessage::History {
                    game: self.game_number,
                    rounds: chunk.to_vec(),
                })
            })
            .collect()
    }

    /// Sends `joined` to the connection holding `seat`.
    pub(super) fn send_joined_to_seat(&mut self, seat: Seat, token: Option<SeatToken>) {
        if let Some(conn) = self.seat_conn(seat) {
            self.send_joined(conn, Some(seat), token);
        }
    }

    /// Sends a member the room's state again, as it may see it (a
    /// spectator's after the events it is owed: what follows the state
    /// comes after it).
    pub(super) fn sync(&mut self, conn: ConnId) {
        let seat = self.seat_of(conn);
        if seat.is_none() && self.spectators.contains_key(&conn) {
            self.give_to_spectators();
        }
        let Some(to) = self.member(conn).map(|member| member.conn) else {
            return;
        };
        let state = ServerMessage::State {
            state: Box::new(self.state_for(seat)),
        };
        self.outbox.send_message(to, &state);
    }

    pub(super) fn refuse(&mut self, conn: ConnId, refusal: Refusal) {
        self.effects
            .push(Effect::Count(Tally::Refused(refusal.code.as_str())));
        if let Some(to) = self.member(conn).map(|member| member.conn) {
            self.outbox.send_message(to, &refusal.into_message());
        }
    }

    /// The room as `you` may see it: seals, never a move before both are
    /// opened.
    pub(super) fn state_for(&self, you: Option<Seat>) -> RoomState {
        let now = self.now;
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
            committed: self.round.sealed(),
            exchange: self
                .round
                .state()
                .filter(|_| self.status == RoomStatus::Playing),
            deadline_ms: self
                .round
                .deadline
                .filter(|_| self.status == RoomStatus::Playing)
                .map(|deadline| millis(deadline.saturating_duration_since(now))),
            choices: self.choices(),
            last_report: self
                .game
                .as_ref()
                .and_then(RecordedGame::last_report)
                .map(|report| Box::new(report.clone())),
            rematch: self.rematch,
            result: self.result,
            game_ids: self.game_ids.clone(),
            missed_deadline_limit: self.config.missed_deadlines,
            not_rated: self.not_rated,
            match_score: self.match_score(),
            seq: self.events.last_seq(),
        }
    }

    /// What each player may do this round, while a game is on.
    pub(super) fn choices(&self) -> Option<Seated<Choices>> {
        let game = self
            .game
            .as_ref()
            .filter(|_| self.status == RoomStatus::Playing)?;
        let view = game.game().view(Viewer::Spectator);
        Some(Seated::from_fn(|seat| view.choices(seat)))
    }

    /// The game as `seat` sees it, if a game is on.
    pub(super) fn seat_view(&self, seat: Seat) -> Option<GameView> {
        self.game
            .as_ref()
            .map(|game| game.game().view(Viewer::from(seat)))
    }

    pub(super) fn player_info(&self, seat: Seat) -> Option<PlayerInfo> {
        let player = self.seats[seat].as_ref()?;
        let now = self.now;
        Some(PlayerInfo {
            name: player.name.clone(),
            connected: player.is_connected(),
            bot: player.bot,
            grace_ms: player
                .grace_until
                .map(|until| millis(until.saturating_duration_since(now))),
            auto_commits: player.auto_commits,
            key: player.key,
            rating: player.rating,
            declared_bot: player.declared_bot,
        })
    }

    /// Updates the lobby's summary of this room, and its listing: a public
    /// room waiting for a player is listed only while whoever sits in it
    /// is here (the listing never offers a game against someone gone).
    /// Every room's summary, private ones too, answers for its code.
    /// Returns the summary and whether the public listing shows it.
    pub(in crate::room) fn summary(&self) -> (RoomSummary, bool) {
        let someone_away = Seat::ALL.into_iter().any(|seat| {
            self.seats[seat]
                .as_ref()
                .is_some_and(|player| !player.is_connected())
        });
        let playing = self.status == RoomStatus::Playing;
        // A room everyone left, kept a while for its result, offers no game.
        let someone_seated = Seat::ALL.into_iter().any(|seat| {
            self.seats[seat]
                .as_ref()
                .is_some_and(|player| player.bot.is_none())
        });
        let listed = self.options.public
            && !(self.status == RoomStatus::Waiting && someone_away)
            && (playing || someone_seated);
        let summary = RoomSummary {
            code: self.code,
            status: self.status,
            players: Seated::from_fn(|seat| self.seats[seat].as_ref().map(|p| p.name.clone())),
            spectators: u32::try_from(self.spectators.len()).unwrap_or(u32::MAX),
            round: self
                .game
                .as_ref()
                .filter(|_| playing)
                .map_or(0, |game| game.game().round()),
            options: self.options,
            ratings: Seated::from_fn(|seat| self.seats[seat].as_ref().and_then(|p| p.rating)),
            bots: Seated::from_fn(|seat| {
                self.seats[seat]
                    .as_ref()
                    .is_some_and(super::seats::Player::is_bot)
            }),
        };
        (summary, listed)
    }
}

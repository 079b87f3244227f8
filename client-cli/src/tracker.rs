//! The room as the client knows it: the last full state from the server,
//! with every event since applied to it, every round of the game so far,
//! the games finished before it, and the chat. Both interfaces read it.

use std::time::{Duration, Instant};

use mice_cake_engine::{Commitment, GameView, MatchLink, Seat, Seated, Seed, Viewer};
use mice_cake_protocol::{
    ArenaPauseCause, ChatLine, ErrorCode, ExchangeState, GameId, GameResult, MAX_LISTED_GAMES,
    MatchScore, PlayedRound, RoomEvent, RoomState, RoomStatus, ServerMessage,
};

use crate::effect::Effect;
use crate::sealing::{GameKey, Sealer};
use crate::server_kinds::{Kind, kind};

/// Chat lines kept.
const CHAT_LINES: usize = 200;

/// What the client knows of its room.
#[derive(Debug, Default)]
pub struct Tracker {
    /// The room, kept up to date; none before entering one.
    pub room: Option<RoomState>,
    /// The rounds revealed in the current (or last) game, oldest first,
    /// with whose assignment the deadline made.
    pub log: Vec<PlayedRound>,
    /// The players of the current (or last) game, by seat: kept when a
    /// player leaves, so that a finished game still says who played it.
    pub players: Option<Seated<String>>,
    /// Games of this room that ended before the current one, oldest first.
    pub past: Vec<PastGame>,
    /// The latest chat lines, oldest first.
    pub chat: Vec<ChatLine>,
    /// When the current round's deadline passes.
    pub deadline: Option<Instant>,
    /// When each disconnected player forfeits (or, outside a game, loses
    /// the seat).
    pub graces: Seated<Option<Instant>>,
    /// The last error the server sent.
    pub error: Option<(ErrorCode, String)>,
    /// Whether this client left its room.
    pub left: bool,
    /// The game that events older than the state belong to, as they are
    /// replayed after a resume.
    history_game: u32,
    /// The current game's commitment to its seed.
    commitment: Option<Commitment>,
    /// The last game's seed, revealed at its end.
    pub seed: Option<Seed>,
    /// A game that ended before its deal: no record, no id.
    unrecorded: Option<u32>,
    /// This seat's sealed moves, and what the client saw of the seals.
    pub sealer: Sealer,
    /// The last game whose end was told (once, however it was learnt).
    told_over: Option<u32>,
}

/// A game of this room that is over, kept to be read again.
#[derive(Clone, Debug, PartialEq)]
pub struct PastGame {
    /// Its number in the room.
    pub number: u32,
    /// Who played it.
    pub players: Seated<String>,
    /// How it ended.
    pub result: GameResult,
    /// Its id, for `mice-cake replay`.
    pub game_id: Option<GameId>,
    /// Every round seen.
    pub rounds: Vec<PlayedRound>,
}

/// Something worth telling the person at the keyboard.
#[derive(Clone, Debug, PartialEq)]
pub enum Happening {
    /// A new game began.
    GameStarted(u32),
    /// A round opened: time to decide (for a player).
    RoundStarted(u32),
    /// A round was revealed.
    Revealed(Box<PlayedRound>),
    /// A round revealed while this client was away, told after a resume.
    Missed(Box<PlayedRound>),
    /// Rounds of the game so far, new to this client: entering a room
    /// brings them.
    History(Vec<PlayedRound>),
    /// The game ended.
    GameOver,
    /// A match ended between two games (a player left it).
    MatchEnded,
    /// Someone said something.
    Chat(Box<ChatLine>),
}

impl Tracker {
    /// A tracker whose seat seals with `sealer`.
    pub fn with_sealer(sealer: Sealer) -> Tracker {
        Tracker {
            sealer,
            ..Tracker::default()
        }
    }

    /// Seated in a game being played.
    pub fn in_a_game_under_way(&self) -> bool {
        self.you().is_some()
            && self
                .room
                .as_ref()
                .is_some_and(|room| room.status == RoomStatus::Playing)
    }

    /// The recipient's seat, for a player.
    pub fn you(&self) -> Option<Seat> {
        self.room.as_ref().and_then(|room| room.you)
    }

    /// Whether this player must decide now: a round is open, this seat has
    /// not committed in it, and the server does not commit for it (a
    /// single legal assignment).
    pub fn must_decide(&self) -> bool {
        let Some(room) = &self.room else {
            return false;
        };
        let Some(you) = room.you else {
            return false;
        };
        // A round is open while its choices are known (from its start to
        // its reveal); the server commits a forced assignment itself.
        let open = room
            .choices
            .is_some_and(|choices| choices[you].forced.is_none());
        room.status == RoomStatus::Playing && room.view.is_some() && !room.committed[you] && open
    }

    /// Whether this client sealed a move for the round under way, taken by
    /// the server or not yet (one lost with a connection is sent again).
    pub fn sealed_here(&self) -> bool {
        self.room.as_ref().is_some_and(|room| {
            room.exchange
                .as_ref()
                .is_some_and(|exchange| self.sealer.holds(GameKey::of(room), exchange.round))
        })
    }

    /// Whether `message` is an event the state already holds (replayed
    /// after a resume).
    pub fn is_history(&self, message: &ServerMessage) -> bool {
        match (message, &self.room) {
            (ServerMessage::Event { seq, .. }, Some(room)) => *seq <= room.seq,
            _ => false,
        }
    }

    /// Seals this seat's `assignment` for `round`: the move to keep, then
    /// the message to send (nothing if it cannot be sealed).
    pub fn seal(&mut self, round: u32, assignment: mice_cake_engine::Assignment) -> Vec<Effect> {
        match &self.room {
            Some(room) => self.sealer.seal(room, round, assignment),
            None => Vec::new(),
        }
    }

    /// The room's earlier games this client has not seen, by number and id
    /// (the room lists the ids of its latest games, the last one the
    /// latest finished).
    pub fn earlier_unseen(&self) -> Vec<(u32, GameId)> {
        let Some(room) = &self.room else {
            return Vec::new();
        };
        // The last id is the current game's once it is over.
        let latest_finished = if room.status == RoomStatus::Playing || room.result.is_none() {
            room.game.saturating_sub(1)
        } else {
            room.game
        };
        let seen: Vec<u32> = self.past.iter().map(|game| game.number).collect();
        room.game_ids
            .iter()
            .rev()
            .zip((1..=latest_finished).rev())
            .filter(|(_, number)| *number < room.game && !seen.contains(number))
            .map(|(id, number)| (number, *id))
            .collect()
    }

    /// Earlier games fetched, kept oldest first with those seen here.
    pub fn add_earlier(&mut self, games: Vec<PastGame>) {
        for game in games {
            if !self.past.iter().any(|seen| seen.number == game.number) {
                self.past.push(game);
            }
        }
        self.past.sort_by_key(|game| game.number);
    }

    /// This seat's move sealed here this round, taken by the server or not.
    pub fn sealed_move(&self) -> Option<mice_cake_engine::Assignment> {
        let room = self.room.as_ref()?;
        let exchange = room.exchange.as_ref()?;
        self.sealer
            .sealed_assignment(GameKey::of(room), exchange.round)
    }

    /// This seat's move sealed this round, once the server has its seal.
    pub fn your_move(&self) -> Option<mice_cake_engine::Assignment> {
        let room = self.room.as_ref()?;
        let you = room.you?;
        let exchange = room.exchange.as_ref()?;
        exchange.seals[you]?;
        self.sealer
            .sealed_assignment(GameKey::of(room), exchange.round)
    }

    /// What the client sends by itself now (the deal's nonce, a forced move,
    /// openings): call after each message applied.
    pub fn automatic(&mut self) -> Vec<Effect> {
        match &self.room {
            Some(room) => self.sealer.automatic(room),
            None => Vec::new(),
        }
    }

    /// Time left in the round.
    pub fn time_left(&self, now: Instant) -> Option<Duration> {
        self.deadline
            .map(|deadline| deadline.saturating_duration_since(now))
    }

    /// The last game of the room, once it is over: its result, its record's
    /// id and its rounds. Stays until another game starts, whoever leaves.
    pub fn finished(&self) -> Option<(GameResult, Option<GameId>)> {
        let room = self.room.as_ref()?;
        let result = room.result.filter(|_| room.status != RoomStatus::Playing)?;
        let id = room
            .game_ids
            .last()
            .copied()
            .filter(|_| self.unrecorded != Some(room.game));
        Some((result, id))
    }

    /// The rounds in a row, up to and including the log's round `index`,
    /// in which the deadline played for `seat`.
    pub fn missed_in_a_row(&self, index: usize, seat: Seat) -> u32 {
        missed_in_a_row(&self.log, index, seat)
    }

    /// Applies one message; returns what happened worth telling.
    pub fn apply(&mut self, message: &ServerMessage, now: Instant) -> Option<Happening> {
        match kind(message) {
            // The room entered, its news, a refusal (of an opening, say).
            Kind::Admission | Kind::Room | Kind::Notice => self.room_news(message, now),
            Kind::Welcome | Kind::Seek | Kind::Arena | Kind::Challenge => {
                self.called_off(message);
                None
            }
        }
    }

    /// A pairing called off closed its room before its game began: no
    /// game is under way there any more. The room says so (`unpaired`) to
    /// the connections in it; an arena says it of its game (`arena_paused`,
    /// `called_off`) to a player who came back to the arena, not the room,
    /// after a drop: the room followed is that game's while none of its
    /// rounds was revealed (the arena pairs the player again only after).
    fn called_off(&mut self, message: &ServerMessage) {
        let gone = match message {
            ServerMessage::Unpaired { code, .. } => {
                self.room.as_ref().is_some_and(|room| room.code == *code)
            }
            ServerMessage::ArenaPaused {
                cause: ArenaPauseCause::CalledOff,
                ..
            } => self.log.is_empty(),
            _ => false,
        };
        if gone {
            self.room = None;
        }
    }

    fn room_news(&mut self, message: &ServerMessage, now: Instant) -> Option<Happening> {
        match message {
            ServerMessage::Joined { state, .. } | ServerMessage::State { state } => {
                self.replace(state, now)
            }
            ServerMessage::Event { seq, event } => self.event(*seq, event, now),
            ServerMessage::History { game, rounds } => {
                if self.room.as_ref().is_none_or(|room| room.game != *game) {
                    return None;
                }
                let new: Vec<PlayedRound> = rounds
                    .iter()
                    .filter(|played| self.record((*played).clone()))
                    .cloned()
                    .collect();
                (!new.is_empty()).then_some(Happening::History(new))
            }
            ServerMessage::Chat {
                channel,
                name,
                seat,
                text,
                at_ms,
            } => {
                let line = ChatLine {
                    channel: *channel,
                    name: name.clone(),
                    seat: *seat,
                    text: text.clone(),
                    at_ms: *at_ms,
                };
                if self.chat.len() >= CHAT_LINES {
                    self.chat.remove(0);
                }
                self.chat.push(line.clone());
                Some(Happening::Chat(Box::new(line)))
            }
            ServerMessage::Left { .. } => {
                self.left = true;
                None
            }
            ServerMessage::Error { code, message, .. } => {
                if *code == ErrorCode::RateLimited
                    && let Some(room) = &self.room
                {
                    // Perhaps the seal just sent: its opening waits for it.
                    self.sealer.slowed_down(room);
                }
                if *code == ErrorCode::WrongPhase {
                    // An opening refused: this client's view may be ahead
                    // of its server's (or behind the room's). It asks for
                    // the state and opens again if the state says so.
                    self.sealer.opening_refused();
                }
                self.error = Some((*code, message.clone()));
                None
            }
            // The list, the queue, an arena entered; the server going
            // down, a new name: nothing in the room changes.
            _ => None,
        }
    }

    /// Adds a round to the log, in order, once.
    fn record(&mut self, played: PlayedRound) -> bool {
        let round = played.report.round;
        if let Some(seen) = self.log.iter_mut().find(|seen| seen.report.round == round) {
            // A state brings the last round without its seals or beats; a
            // history or an event brings them.
            if seen.sealed.is_none() {
                seen.sealed = played.sealed;
            }
            if seen.beats.is_empty() {
                seen.beats = played.beats;
            }
            return false;
        }
        let at = self.log.partition_point(|seen| seen.report.round < round);
        self.log.insert(at, played);
        true
    }

    /// Keeps the finished game (if any) with the games before it: a new
    /// one is starting.
    fn archive(&mut self) {
        let Some(room) = &self.room else {
            return;
        };
        let Some(result) = room.result else {
            return;
        };
        if room.game == 0
            || self
                .past
                .last()
                .is_some_and(|game| game.number == room.game)
        {
            return;
        }
        let players = self.players.clone().unwrap_or_else(|| {
            Seated::from_fn(|seat| {
                room.players[seat]
                    .as_ref()
                    .map_or_else(|| "?".into(), |player| player.name.clone())
            })
        });
        self.past.push(PastGame {
            number: room.game,
            players,
            result,
            game_id: room
                .game_ids
                .last()
                .copied()
                .filter(|_| self.unrecorded != Some(room.game)),
            rounds: std::mem::take(&mut self.log),
        });
    }

    /// A whole new state; says so if it ends a game this client had not
    /// seen end (after a resume, or when watching a finished room).
    fn replace(&mut self, state: &RoomState, now: Instant) -> Option<Happening> {
        self.deadline = state.deadline_ms.map(|ms| now + Duration::from_millis(ms));
        self.graces = Seated::from_fn(|seat| {
            grace(state.players[seat].as_ref().and_then(|p| p.grace_ms), now)
        });
        let before = self.room.as_ref().map(|room| (room.game, room.status));
        self.history_game = before.map_or(state.game, |(game, _)| game);
        if before.is_none_or(|(game, _)| game != state.game) {
            self.archive();
            self.log.clear();
            self.players = None;
        }
        if let (Some(yellow), Some(blue)) = (&state.players.yellow, &state.players.blue)
            && state.game > 0
        {
            self.players.get_or_insert_with(|| Seated {
                yellow: yellow.name.clone(),
                blue: blue.name.clone(),
            });
        }
        if let Some(report) = &state.last_report {
            // The state holds no view from before it: no beats to tell.
            self.record(PlayedRound {
                report: (**report).clone(),
                auto: Seated::default(),
                sealed: None,
                beats: Vec::new(),
            });
        }
        if let Some(exchange) = &state.exchange {
            self.commitment = Some(exchange.commitment);
        }
        self.sealer.resync(state);
        self.room = Some(state.clone());
        // A game that ended while the client was away: told once, whether
        // the room still shows it finished or the opponent has left since
        // (the room waits again, the result kept).
        let over = state.result.is_some() && state.status != RoomStatus::Playing && state.game > 0;
        let untold = self.told_over != Some(state.game)
            && before != Some((state.game, RoomStatus::Finished));
        (over && untold).then(|| {
            self.told_over = Some(state.game);
            Happening::GameOver
        })
    }

    /// An event the state already holds, replayed after a resume: only the
    /// rounds this client has not seen are worth telling.
    fn history(&mut self, event: &RoomEvent) -> Option<Happening> {
        let game = self.room.as_ref()?.game;
        match event {
            RoomEvent::GameStarted { game, .. } => self.history_game = *game,
            RoomEvent::Revealed {
                report,
                auto,
                sealed,
                beats,
                ..
            } if self.history_game == game => {
                let played = PlayedRound {
                    report: (**report).clone(),
                    auto: *auto,
                    sealed: *sealed,
                    beats: beats.clone(),
                };
                if self.record(played.clone()) {
                    return Some(Happening::Missed(Box::new(played)));
                }
            }
            _ => {}
        }
        None
    }

    fn event(&mut self, seq: u64, event: &RoomEvent, now: Instant) -> Option<Happening> {
        if seq <= self.room.as_ref()?.seq {
            return self.history(event);
        }
        let room = self.room.as_mut()?;
        room.seq = seq;
        // Views in events are the spectators'; this client's says who it is for.
        let viewer = room.you.map_or(Viewer::Spectator, Viewer::from);
        match event {
            RoomEvent::GameStarted { .. } => return self.game_started(event, now),
            RoomEvent::Revealed { .. } => return self.revealed(event, viewer),
            RoomEvent::GameOver { .. } => return self.game_over(event),
            RoomEvent::PlayerJoined { seat, player } => room.players[*seat] = Some(player.clone()),
            RoomEvent::Dealt { view, .. } => {
                room.view = Some(GameView { viewer, ..*view });
                room.exchange = None;
                room.committed = Seated::default();
            }
            RoomEvent::RoundStarted {
                round,
                deadline_ms,
                choices,
            } => {
                room.committed = Seated::default();
                room.exchange = self
                    .commitment
                    .map(|commitment| new_exchange(commitment, *round));
                room.choices = Some(*choices);
                self.deadline = deadline_ms.map(|ms| now + Duration::from_millis(ms));
                return Some(Happening::RoundStarted(*round));
            }
            RoomEvent::Sealed {
                round,
                seat,
                seal,
                by_server,
                ..
            } => {
                room.committed[*seat] = true;
                if let Some(exchange) = room.exchange.as_mut().filter(|e| e.round == *round) {
                    exchange.seals[*seat] = Some(*seal);
                    exchange.by_server[*seat] = *by_server;
                }
            }
            RoomEvent::Connection {
                seat,
                connected,
                grace_ms,
            } => {
                if let Some(player) = &mut room.players[*seat] {
                    player.connected = *connected;
                    player.grace_ms = *grace_ms;
                }
                self.graces[*seat] = grace(*grace_ms, now);
            }
            RoomEvent::Spectators { count } => room.spectators = *count,
            RoomEvent::RematchRequested { seat } => room.rematch[*seat] = true,
            RoomEvent::PlayerLeft { seat } => {
                room.players[*seat] = None;
                room.rematch = Seated::default();
                if room.status != RoomStatus::Playing {
                    room.status = RoomStatus::Waiting;
                }
            }
            RoomEvent::Rated { seat, rating } => {
                if let Some(player) = &mut room.players[*seat] {
                    player.rating = Some(*rating);
                }
            }
            RoomEvent::MatchEnded { match_score } => {
                room.match_score = Some(match_score.clone());
                return Some(Happening::MatchEnded);
            }
        }
        None
    }

    /// A new game: the last one archived, the room set for its deal.
    fn game_started(&mut self, event: &RoomEvent, now: Instant) -> Option<Happening> {
        let RoomEvent::GameStarted {
            game,
            players,
            commitment,
            not_rated,
            match_link,
        } = event
        else {
            return None;
        };
        self.archive();
        self.players = Some(players.as_ref().map(|player| player.name.clone()));
        self.commitment = Some(*commitment);
        self.seed = None;
        let room = self.room.as_mut()?;
        room.game = *game;
        room.players = Seated::from_fn(|seat| Some(players[seat].clone()));
        room.view = None;
        self.graces = Seated::from_fn(|seat| grace(players[seat].grace_ms, now));
        room.status = RoomStatus::Playing;
        room.committed = Seated::default();
        room.exchange = Some(new_exchange(*commitment, 0));
        room.choices = None;
        room.result = None;
        room.rematch = Seated::default();
        room.last_report = None;
        room.not_rated = *not_rated;
        if let Some(link) = match_link {
            room.match_score = Some(next_game_score(room.match_score.take(), link));
        }
        Some(Happening::GameStarted(*game))
    }

    /// A round revealed: the view moved on, the round recorded.
    fn revealed(&mut self, event: &RoomEvent, viewer: Viewer) -> Option<Happening> {
        let RoomEvent::Revealed {
            report,
            view,
            auto,
            sealed,
            beats,
        } = event
        else {
            return None;
        };
        let room = self.room.as_mut()?;
        room.view = Some(GameView { viewer, ..*view });
        room.last_report = Some(report.clone());
        room.committed = Seated::default();
        room.exchange = None;
        room.choices = None;
        for seat in Seat::ALL {
            if let Some(player) = &mut room.players[seat] {
                // As the server counts: deadlines missed in a row.
                player.auto_commits = if auto[seat] {
                    player.auto_commits + 1
                } else {
                    0
                };
            }
        }
        self.deadline = None;
        let played = PlayedRound {
            report: (**report).clone(),
            auto: *auto,
            sealed: *sealed,
            beats: beats.clone(),
        };
        self.record(played.clone());
        Some(Happening::Revealed(Box::new(played)))
    }

    /// The game over: its result, id and seed kept.
    fn game_over(&mut self, event: &RoomEvent) -> Option<Happening> {
        let RoomEvent::GameOver {
            result,
            game_id,
            seed,
            match_score,
        } = event
        else {
            return None;
        };
        let room = self.room.as_mut()?;
        room.result = Some(*result);
        if match_score.is_some() {
            room.match_score.clone_from(match_score);
        }
        room.status = RoomStatus::Finished;
        room.committed = Seated::default();
        room.exchange = None;
        room.game_ids.extend(*game_id);
        self.unrecorded = game_id.is_none().then_some(room.game);
        self.seed = Some(*seed);
        let excess = room.game_ids.len().saturating_sub(MAX_LISTED_GAMES);
        room.game_ids.drain(..excess);
        self.deadline = None;
        self.graces = Seated::default();
        self.told_over = Some(room.game);
        Some(Happening::GameOver)
    }
}

/// The score as a match's game `link` starts: the same match's score with
/// its wins by the new seats (seats change colour each game), unless the
/// server already told it so (a player's `state` before the game); a new
/// match's from nothing.
fn next_game_score(score: Option<MatchScore>, link: &MatchLink) -> MatchScore {
    match score {
        Some(mut score) if score.id == link.id => {
            if score.number + 1 == link.number {
                score.wins = Seated {
                    yellow: score.wins.blue,
                    blue: score.wins.yellow,
                };
            }
            score.number = link.number;
            score.next_game_ms = None;
            score
        }
        _ => MatchScore {
            id: link.id,
            first_to: link.first_to,
            number: link.number,
            wins: Seated::default(),
            end: None,
            games: Vec::new(),
            next_game_ms: None,
        },
    }
}

/// An exchange just opened: nothing sealed yet.
fn new_exchange(commitment: Commitment, round: u32) -> ExchangeState {
    ExchangeState {
        commitment,
        round,
        seals: Seated::default(),
        opened: Seated::default(),
        by_server: Seated::default(),
    }
}

fn grace(ms: Option<u64>, now: Instant) -> Option<Instant> {
    ms.map(|ms| now + Duration::from_millis(ms))
}

/// The rounds in a row, up to and including `log[index]`, in which the
/// deadline played for `seat`.
pub fn missed_in_a_row(log: &[PlayedRound], index: usize, seat: Seat) -> u32 {
    let count = log
        .get(..=index)
        .unwrap_or_default()
        .iter()
        .rev()
        .take_while(|played| played.auto[seat])
        .count();
    u32::try_from(count).unwrap_or(u32::MAX)
}

#[cfg(test)]
mod tests {
    use mice_cake_engine::Seat;

    use mice_cake_protocol::ClientMessage;

    use super::*;
    use crate::fixture::{DEADLINE_MS, FakeRoom};

    fn apply_all(
        tracker: &mut Tracker,
        messages: impl IntoIterator<Item = ServerMessage>,
        now: Instant,
    ) -> Vec<Happening> {
        messages
            .into_iter()
            .filter_map(|message| tracker.apply(&message, now))
            .collect()
    }

    #[test]
    fn a_whole_game_ends_in_the_servers_final_state() {
        let now = Instant::now();
        let mut room = FakeRoom::new(Some(Seat::Blue), 11);
        let mut tracker = crate::fixture::tracker();
        apply_all(&mut tracker, [room.joined()], now);
        assert!(!tracker.must_decide(), "no game yet");
        let happenings = apply_all(&mut tracker, room.opponent_arrives(), now);
        assert_eq!(
            happenings,
            [Happening::GameStarted(1), Happening::RoundStarted(1)]
        );
        assert!(tracker.must_decide());
        let messages = room.play_to_the_end();
        let happenings = apply_all(&mut tracker, messages, now);
        assert_eq!(happenings.last(), Some(&Happening::GameOver));
        let rounds = happenings
            .iter()
            .filter(|h| matches!(h, Happening::Revealed(_)))
            .count();
        assert_eq!(tracker.log.len(), rounds);
        // What the tracker pieced together is what a fresh join would show.
        let ServerMessage::Joined { state, .. } = room.joined() else {
            panic!("joined");
        };
        assert_eq!(tracker.room.as_ref(), Some(&*state));
        assert!(!tracker.must_decide());
        assert_eq!(tracker.deadline, None);
    }

    #[test]
    fn the_decision_waits_on_this_seats_commit_only() {
        let now = Instant::now();
        let mut room = FakeRoom::new(Some(Seat::Yellow), 2);
        let mut tracker = crate::fixture::tracker();
        apply_all(&mut tracker, [room.joined()], now);
        apply_all(&mut tracker, room.opponent_arrives(), now);
        apply_all(
            &mut tracker,
            room.commit(Seat::Blue, Default::default()),
            now,
        );
        assert!(
            tracker.must_decide(),
            "the opponent's commit changes nothing"
        );
        let mine = mice_cake_engine::greedy_assignment(&room.view_for(Seat::Yellow), Seat::Yellow);
        // The client seals its move, and opens it at once: the opponent's
        // seal is in (protocol 13). The server's `sealed` says it is in.
        let [
            Effect::Send(ClientMessage::Seal { round: 1, .. }),
            Effect::Send(ClientMessage::Open { round: 1, .. }),
        ] = tracker.seal(1, mine)[..]
        else {
            panic!("a seal of round 1, then its opening");
        };
        assert_eq!(tracker.your_move(), None, "not in until the server says so");
        apply_all(&mut tracker, room.commit(Seat::Yellow, mine), now);
        assert!(!tracker.must_decide());
        assert_eq!(tracker.your_move(), Some(mine));
        apply_all(&mut tracker, room.play_greedy_round(), now);
        assert!(tracker.must_decide(), "the next round is open");
    }

    #[test]
    fn the_deadline_counts_down_from_the_round_start() {
        let start = Instant::now();
        let mut room = FakeRoom::new(Some(Seat::Yellow), 2);
        let mut tracker = crate::fixture::tracker();
        apply_all(&mut tracker, [room.joined()], start);
        assert_eq!(tracker.time_left(start), None);
        apply_all(&mut tracker, room.opponent_arrives(), start);
        let full = Duration::from_millis(DEADLINE_MS);
        assert_eq!(tracker.time_left(start), Some(full));
        let later = start + Duration::from_secs(15);
        assert_eq!(
            tracker.time_left(later),
            Some(full - Duration::from_secs(15))
        );
        assert_eq!(tracker.time_left(start + 2 * full), Some(Duration::ZERO));
        // The next round starts its own clock.
        let messages = room.play_greedy_round();
        apply_all(&mut tracker, messages, later);
        assert_eq!(tracker.time_left(later), Some(full));
    }

    #[test]
    fn events_already_in_the_state_are_not_applied_twice() {
        let now = Instant::now();
        let mut room = FakeRoom::new(None, 2);
        let old = room.spectators(3);
        let new = room.spectators(4);
        let mut tracker = crate::fixture::tracker();
        apply_all(&mut tracker, [room.joined()], now);
        // A resume replays history the state already holds: ignored.
        apply_all(&mut tracker, [old], now);
        assert_eq!(tracker.room.as_ref().map(|r| r.spectators), Some(4));
        let newer = room.spectators(5);
        apply_all(&mut tracker, [new, newer], now);
        assert_eq!(tracker.room.as_ref().map(|r| r.spectators), Some(5));
    }

    #[test]
    fn a_disconnected_opponent_has_a_countdown_until_back() {
        let now = Instant::now();
        let mut room = FakeRoom::new(Some(Seat::Yellow), 2);
        let mut tracker = crate::fixture::tracker();
        apply_all(&mut tracker, [room.joined()], now);
        apply_all(&mut tracker, room.opponent_arrives(), now);
        apply_all(&mut tracker, [room.connection(Seat::Blue, false)], now);
        let blue = tracker.room.as_ref().and_then(|r| r.players.blue.clone());
        assert_eq!(blue.map(|p| p.connected), Some(false));
        assert_eq!(
            tracker.graces.blue,
            Some(now + Duration::from_millis(120_000))
        );
        apply_all(&mut tracker, [room.connection(Seat::Blue, true)], now);
        assert_eq!(tracker.graces.blue, None);
    }

    #[test]
    fn a_pairing_called_off_leaves_no_game_under_way() {
        let now = Instant::now();
        let mut tracker = crate::fixture::tracker();
        let room = FakeRoom::new(Some(Seat::Yellow), 2);
        tracker.apply(&room.joined(), now);
        let code = tracker.room.as_ref().map(|r| r.code).expect("in a room");
        let elsewhere = ServerMessage::Unpaired {
            code: "ZZZZ2".parse().expect("a code"),
            reason: "called off".into(),
            requeued: true,
            challenge: None,
        };
        tracker.apply(&elsewhere, now);
        assert!(tracker.room.is_some(), "another room's pairing");
        let called_off = ServerMessage::Unpaired {
            code,
            reason: "you did not seal your deal".into(),
            requeued: false,
            challenge: None,
        };
        assert_eq!(tracker.apply(&called_off, now), None);
        assert!(tracker.room.is_none());
        assert!(!tracker.in_a_game_under_way());
    }

    /// As the nemesis found: two arena bots came back to the arena after
    /// a drop, their game's room was called off before its deal (told by
    /// the arena only), the arena ended, and they never exited, their
    /// tracker still holding the game as under way.
    #[test]
    fn an_arena_game_called_off_before_it_began_leaves_no_game_under_way() {
        let now = Instant::now();
        let called_off = ServerMessage::ArenaPaused {
            arena: "K7M2QX9P".parse().expect("an id"),
            reason: "the game was called off".into(),
            cause: ArenaPauseCause::CalledOff,
        };
        let mut tracker = crate::fixture::tracker();
        tracker.apply(&FakeRoom::new(Some(Seat::Yellow), 2).joined(), now);
        assert!(tracker.room.is_some());
        assert_eq!(tracker.apply(&called_off, now), None);
        assert!(tracker.room.is_none());
        assert!(!tracker.in_a_game_under_way());
    }

    #[test]
    fn errors_and_leaving_are_remembered() {
        let now = Instant::now();
        let mut tracker = crate::fixture::tracker();
        let error = ServerMessage::Error {
            code: ErrorCode::RoomFull,
            message: "both seats are taken".into(),
            args: Default::default(),
        };
        assert_eq!(tracker.apply(&error, now), None);
        assert_eq!(
            tracker.error,
            Some((ErrorCode::RoomFull, "both seats are taken".into()))
        );
        let room = FakeRoom::new(Some(Seat::Yellow), 2);
        tracker.apply(&room.joined(), now);
        let left = ServerMessage::Left {
            code: tracker.room.as_ref().map(|r| r.code).expect("in a room"),
        };
        tracker.apply(&left, now);
        assert!(tracker.left);
    }
}

#[cfg(test)]
mod resume_tests {
    use mice_cake_engine::Seat;

    use mice_cake_protocol::ClientMessage;

    use super::*;
    use crate::fixture::FakeRoom;

    fn started(member: Option<Seat>, seed: u64) -> (Tracker, FakeRoom, Instant) {
        let now = Instant::now();
        let mut room = FakeRoom::new(member, seed);
        let mut tracker = crate::fixture::tracker();
        tracker.apply(&room.joined(), now);
        for message in room.opponent_arrives() {
            tracker.apply(&message, now);
        }
        (tracker, room, now)
    }

    /// A `sealed` event, as the server publishes it.
    fn sealed(seq: u64, seat: Seat, seal: mice_cake_engine::Seal) -> ServerMessage {
        ServerMessage::Event {
            seq,
            event: Box::new(RoomEvent::Sealed {
                round: 1,
                seat,
                seal,
                by_server: false,
                signature: None,
            }),
        }
    }

    /// Yellow's move for round 1 (the greedy one), sealed: the move, and
    /// the seal it sent.
    fn yellow_seals_round_one(
        tracker: &mut Tracker,
        room: &FakeRoom,
    ) -> (mice_cake_engine::Assignment, mice_cake_engine::Seal) {
        let mine = mice_cake_engine::greedy_assignment(&room.view_for(Seat::Yellow), Seat::Yellow);
        let [Effect::Send(ClientMessage::Seal { round: 1, seal, .. })] = tracker.seal(1, mine)[..]
        else {
            panic!("a seal of round 1");
        };
        (mine, seal)
    }

    /// Whether `effects` are round 1's opening of `mine`, alone.
    fn opens_with(effects: &[Effect], mine: mice_cake_engine::Assignment) -> bool {
        matches!(
            effects,
            [Effect::Send(ClientMessage::Open { round: 1, assignment: Some(assignment), .. })] if *assignment == mine
        )
    }

    #[test]
    fn a_move_is_sealed_once_and_opened_only_as_published() {
        let (mut tracker, room, now) = started(Some(Seat::Yellow), 8);
        let (mine, seal) = yellow_seals_round_one(&mut tracker, &room);
        // A second seal would be refused by the server, and its opening too.
        assert!(
            tracker
                .seal(1, mice_cake_engine::Assignment::EMPTY)
                .is_empty()
        );
        let theirs = mice_cake_engine::Seal::from_bytes([3; 32]);
        tracker.apply(&sealed(room.seq() + 1, Seat::Yellow, seal), now);
        assert!(
            tracker.automatic().is_empty(),
            "nothing to open before both seals"
        );
        tracker.apply(&sealed(room.seq() + 2, Seat::Blue, theirs), now);
        let opened = tracker.automatic();
        assert!(opens_with(&opened, mine), "{opened:?}");
        assert!(tracker.automatic().is_empty(), "opened once");

        // A seal the server published that is not this client's: nothing
        // is opened (it would be refused), and the check says so later.
        let (mut tracker, room, now) = started(Some(Seat::Yellow), 8);
        tracker.seal(1, mine);
        let other = mice_cake_engine::Seal::from_bytes([4; 32]);
        tracker.apply(&sealed(room.seq() + 1, Seat::Yellow, other), now);
        tracker.apply(&sealed(room.seq() + 2, Seat::Blue, theirs), now);
        assert!(tracker.automatic().is_empty());
    }

    /// Protocol 13: the server sends a player its own `sealed` with what
    /// follows it, so the client opens once its seal is sent and the
    /// other's is in, without waiting for its own; and notes the pair it
    /// opened after, its own seal as it made it.
    #[test]
    fn a_move_is_opened_once_sent_and_the_other_s_seal_is_in() {
        let (mut tracker, room, now) = started(Some(Seat::Yellow), 8);
        let (mine, seal) = yellow_seals_round_one(&mut tracker, &room);
        assert!(tracker.automatic().is_empty(), "the other's seal is not in");
        let theirs = mice_cake_engine::Seal::from_bytes([3; 32]);
        tracker.apply(&sealed(room.seq() + 1, Seat::Blue, theirs), now);
        let opened = tracker.automatic();
        assert!(opens_with(&opened, mine), "{opened:?}");
        // Its own seal, come late, changes nothing; another would be a
        // conflict the check reports.
        tracker.apply(&sealed(room.seq() + 2, Seat::Yellow, seal), now);
        assert!(tracker.automatic().is_empty(), "opened once");
        assert_eq!(tracker.your_move(), Some(mine));
    }

    /// A seal sent right behind the other's, and refused for coming too
    /// fast (the link sends it again): the opening sent behind it is
    /// refused too, and goes again once the seal is shown, asking for
    /// nothing meanwhile.
    #[test]
    fn an_opening_behind_a_seal_refused_for_coming_too_fast_goes_again_once_the_seal_is_in() {
        let (mut tracker, room, now) = started(Some(Seat::Yellow), 8);
        let theirs = mice_cake_engine::Seal::from_bytes([3; 32]);
        tracker.apply(&sealed(room.seq() + 1, Seat::Blue, theirs), now);
        let mine = mice_cake_engine::greedy_assignment(&room.view_for(Seat::Yellow), Seat::Yellow);
        let [
            Effect::Send(ClientMessage::Seal { round: 1, seal, .. }),
            Effect::Send(ClientMessage::Open { round: 1, .. }),
        ] = tracker.seal(1, mine)[..]
        else {
            panic!("a seal of round 1, then its opening");
        };
        let refused = |code| ServerMessage::Error {
            code,
            message: "refused".into(),
            args: mice_cake_protocol::RefusalArgs::new(),
        };
        tracker.apply(&refused(ErrorCode::RateLimited), now);
        tracker.apply(&refused(ErrorCode::WrongPhase), now);
        assert!(
            tracker.automatic().is_empty(),
            "no state asked for, nothing opened"
        );
        tracker.apply(&sealed(room.seq() + 2, Seat::Yellow, seal), now);
        assert!(
            matches!(
                tracker.automatic().as_slice(),
                [Effect::Send(ClientMessage::Open { round: 1, .. })]
            ),
            "opened again once the seal is in"
        );
        assert!(tracker.automatic().is_empty(), "once");
    }

    #[test]
    fn an_opening_refused_as_out_of_turn_asks_for_the_state_and_opens_again() {
        let (mut tracker, room, now) = started(Some(Seat::Yellow), 8);
        let (_, seal) = yellow_seals_round_one(&mut tracker, &room);
        let theirs = mice_cake_engine::Seal::from_bytes([3; 32]);
        tracker.apply(&sealed(room.seq() + 1, Seat::Yellow, seal), now);
        tracker.apply(&sealed(room.seq() + 2, Seat::Blue, theirs), now);
        let is_open = |effects: &[Effect]| {
            matches!(
                effects,
                [Effect::Send(ClientMessage::Open { round: 1, .. })]
            )
        };
        assert!(is_open(&tracker.automatic()));
        // Its server's view was behind (a node back from a pause): the
        // opening is refused. The client asks for the state, and sends
        // nothing more until it comes.
        let refused = ServerMessage::Error {
            code: ErrorCode::WrongPhase,
            message: "moves are opened once both are sealed".into(),
            args: Default::default(),
        };
        let state = |mut state: RoomState| {
            let exchange = state.exchange.as_mut().expect("round 1 under way");
            exchange.seals = Seated {
                yellow: Some(seal),
                blue: Some(theirs),
            };
            ServerMessage::State {
                state: Box::new(state),
            }
        };
        let ServerMessage::Joined {
            state: now_state, ..
        } = room.joined()
        else {
            unreachable!()
        };
        for _ in 0..3 {
            tracker.apply(&refused, now);
            assert_eq!(tracker.automatic(), [Effect::Send(ClientMessage::Sync)]);
            assert!(
                tracker.automatic().is_empty(),
                "one question, then the state"
            );
            // The state says the server still waits for the opening.
            tracker.apply(&state((*now_state).clone()), now);
            assert!(is_open(&tracker.automatic()), "opened again");
        }
        // A server that keeps refusing is not asked forever.
        tracker.apply(&refused, now);
        assert!(tracker.automatic().is_empty());
    }

    #[test]
    fn a_seal_the_server_lost_is_sent_again_the_same_and_the_move_is_not_asked_again() {
        let (mut tracker, room, now) = started(Some(Seat::Yellow), 8);
        let (_, seal) = yellow_seals_round_one(&mut tracker, &room);
        assert!(tracker.sealed_here());
        // Reconnected: the server's state has no seal of ours (it died
        // before storing it).
        assert_eq!(tracker.apply(&room.joined(), now), None);
        assert!(tracker.sealed_here(), "the move is not to be asked again");
        let again = tracker.automatic();
        assert_eq!(
            again,
            [Effect::Send(ClientMessage::Seal {
                round: 1,
                seal,
                signature: None
            })]
        );
        assert!(tracker.automatic().is_empty(), "sent again once");
        // Once the server has it, it is opened as usual.
        tracker.apply(&sealed(room.seq() + 1, Seat::Yellow, seal), now);
        let theirs = mice_cake_engine::Seal::from_bytes([3; 32]);
        tracker.apply(&sealed(room.seq() + 2, Seat::Blue, theirs), now);
        assert!(matches!(
            tracker.automatic().as_slice(),
            [Effect::Send(ClientMessage::Open { round: 1, .. })]
        ));
    }

    #[test]
    fn rounds_missed_while_away_are_told_in_order_and_nothing_twice() {
        let (mut tracker, mut room, now) = started(Some(Seat::Yellow), 8);
        for message in room.play_greedy_round() {
            tracker.apply(&message, now);
        }
        let last_seen = room.seq();
        // Away for three rounds.
        for _ in 0..3 {
            room.play_greedy_round();
        }
        let happenings: Vec<Happening> = room
            .resume(last_seen)
            .iter()
            .filter_map(|message| tracker.apply(message, now))
            .collect();
        let missed: Vec<u32> = happenings
            .iter()
            .flat_map(|happening| match happening {
                Happening::History(rounds) => rounds
                    .iter()
                    .map(|played| played.report.round)
                    .collect::<Vec<_>>(),
                Happening::Missed(played) => vec![played.report.round],
                other => panic!("only missed rounds are news: {other:?}"),
            })
            .collect();
        // Round 4 came with the state itself; 2 and 3 are told.
        assert_eq!(missed, [2, 3]);
        let log: Vec<u32> = tracker
            .log
            .iter()
            .map(|played| played.report.round)
            .collect();
        assert_eq!(log, [1, 2, 3, 4]);
        let ServerMessage::Joined { state, .. } = room.joined() else {
            panic!("joined")
        };
        assert_eq!(tracker.room.as_ref(), Some(&*state));
        assert!(tracker.must_decide(), "round 5 is open");
    }

    #[test]
    fn a_game_that_ended_while_away_ends_here_too() {
        let (mut tracker, mut room, now) = started(Some(Seat::Blue), 8);
        let last_seen = room.seq();
        room.play_to_the_end();
        let happenings: Vec<Happening> = room
            .resume(last_seen)
            .iter()
            .filter_map(|message| tracker.apply(message, now))
            .collect();
        assert_eq!(happenings.first(), Some(&Happening::GameOver));
        assert_eq!(
            happenings
                .iter()
                .filter(|h| **h == Happening::GameOver)
                .count(),
            1
        );
        assert!(tracker.room.as_ref().is_some_and(|r| r.result.is_some()));
    }

    #[test]
    fn a_game_that_ended_while_away_ends_here_even_if_the_opponent_left_since() {
        // Dropped just as the game ended; the opponent left meanwhile, so
        // the room waits again: the state alone tells the end, once.
        let (mut tracker, mut room, now) = started(Some(Seat::Blue), 8);
        room.play_to_the_end();
        room.leaves(Seat::Yellow);
        let ServerMessage::Joined { state, .. } = room.joined() else {
            panic!("joined")
        };
        assert_eq!(state.status, RoomStatus::Waiting);
        assert!(state.result.is_some());
        assert_eq!(
            tracker.apply(&room.joined(), now),
            Some(Happening::GameOver)
        );
        assert_eq!(tracker.apply(&room.joined(), now), None);
    }

    #[test]
    fn watching_a_finished_room_tells_its_end_once() {
        let mut room = FakeRoom::new(None, 8);
        room.opponent_arrives();
        room.play_to_the_end();
        let mut tracker = crate::fixture::tracker();
        let now = Instant::now();
        assert_eq!(
            tracker.apply(&room.joined(), now),
            Some(Happening::GameOver)
        );
        // The same state again (a rematch's seat swap sends one): old news.
        assert_eq!(tracker.apply(&room.joined(), now), None);
    }

    #[test]
    fn the_end_clears_the_round_and_a_departure_reopens_the_room() {
        let (mut tracker, mut room, now) = started(Some(Seat::Yellow), 8);
        for message in room.commit(Seat::Yellow, Default::default()) {
            tracker.apply(&message, now);
        }
        for message in room.play_to_the_end() {
            tracker.apply(&message, now);
        }
        let state = tracker.room.as_ref().expect("a room");
        assert_eq!(state.committed, Seated::default());
        assert_eq!(state.exchange, None);
        let left = ServerMessage::Event {
            seq: room.seq() + 1,
            event: Box::new(RoomEvent::PlayerLeft { seat: Seat::Blue }),
        };
        tracker.apply(&left, now);
        let state = tracker.room.as_ref().expect("a room");
        assert_eq!(state.status, RoomStatus::Waiting);
        assert_eq!(state.players.blue, None);
    }

    #[test]
    fn a_player_away_when_the_game_starts_has_a_countdown() {
        let now = Instant::now();
        let mut tracker = crate::fixture::tracker();
        let mut room = FakeRoom::new(Some(Seat::Yellow), 8);
        tracker.apply(&room.joined(), now);
        for message in room.opponent_arrives() {
            let message = match message {
                ServerMessage::Event { seq, event } => match *event {
                    RoomEvent::GameStarted {
                        game,
                        mut players,
                        commitment,
                        not_rated,
                        match_link,
                    } => {
                        players.blue.connected = false;
                        players.blue.grace_ms = Some(30_000);
                        ServerMessage::Event {
                            seq,
                            event: Box::new(RoomEvent::GameStarted {
                                game,
                                players,
                                commitment,
                                not_rated,
                                match_link,
                            }),
                        }
                    }
                    event => ServerMessage::Event {
                        seq,
                        event: Box::new(event),
                    },
                },
                other => other,
            };
            tracker.apply(&message, now);
        }
        assert_eq!(tracker.graces.blue, Some(now + Duration::from_secs(30)));
        assert_eq!(tracker.graces.yellow, None);
    }
}

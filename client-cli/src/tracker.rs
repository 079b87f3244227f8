//! The room as the client knows it: the last full state from the server,
//! with every event since applied to it. Both interfaces read it.

use std::time::{Duration, Instant};

use mice_cake_engine::{GameView, RoundReport, Seat, Seated, Viewer};
use mice_cake_protocol::{
    ErrorCode, MAX_LISTED_GAMES, RoomEvent, RoomState, RoomStatus, ServerMessage,
};

/// What the client knows of its room.
#[derive(Debug, Default)]
pub struct Tracker {
    /// The room, kept up to date; none before entering one.
    pub room: Option<RoomState>,
    /// The rounds revealed in the current game, oldest first.
    pub log: Vec<RoundReport>,
    /// When the current round's deadline passes.
    pub deadline: Option<Instant>,
    /// When each disconnected player forfeits.
    pub graces: Seated<Option<Instant>>,
    /// The last error the server sent.
    pub error: Option<(ErrorCode, String)>,
    /// Whether this client left its room.
    pub left: bool,
    /// The game that events older than the state belong to, as they are
    /// replayed after a resume.
    history_game: u32,
}

/// Something worth telling the person at the keyboard.
#[derive(Clone, Debug, PartialEq)]
pub enum Happening {
    /// A new game began.
    GameStarted(u32),
    /// A round opened: time to decide (for a player).
    RoundStarted(u32),
    /// A round was revealed.
    Revealed(Box<RoundReport>),
    /// A round revealed while this client was away, told after a resume.
    Missed(Box<RoundReport>),
    /// The game ended.
    GameOver,
}

impl Tracker {
    /// The recipient's seat, for a player.
    pub fn you(&self) -> Option<Seat> {
        self.room.as_ref().and_then(|room| room.you)
    }

    /// Whether this player must decide now: a game is on and this seat has
    /// not committed this round.
    pub fn must_decide(&self) -> bool {
        let Some(room) = &self.room else {
            return false;
        };
        let Some(you) = room.you else {
            return false;
        };
        room.status == RoomStatus::Playing && room.view.is_some() && !room.committed[you]
    }

    /// Whether `message` is an event the state already holds (replayed
    /// after a resume).
    pub fn is_history(&self, message: &ServerMessage) -> bool {
        match (message, &self.room) {
            (ServerMessage::Event { seq, .. }, Some(room)) => *seq <= room.seq,
            _ => false,
        }
    }

    /// Time left in the round.
    pub fn time_left(&self, now: Instant) -> Option<Duration> {
        self.deadline
            .map(|deadline| deadline.saturating_duration_since(now))
    }

    /// Applies one message; returns what happened worth telling.
    pub fn apply(&mut self, message: &ServerMessage, now: Instant) -> Option<Happening> {
        match message {
            ServerMessage::Joined { state, .. } | ServerMessage::State { state } => {
                self.replace(state, now)
            }
            ServerMessage::Event { seq, event } => self.event(*seq, event, now),
            ServerMessage::CommitAccepted { assignment, .. } => {
                if let Some(room) = &mut self.room
                    && let Some(you) = room.you
                {
                    room.your_commit = Some(*assignment);
                    room.committed[you] = true;
                }
                None
            }
            ServerMessage::Left { .. } => {
                self.left = true;
                None
            }
            ServerMessage::Error { code, message } => {
                self.error = Some((*code, message.clone()));
                None
            }
            ServerMessage::Welcome { .. }
            | ServerMessage::RoomList { .. }
            | ServerMessage::ShuttingDown { .. } => None,
        }
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
            self.log.clear();
        }
        if let Some(report) = &state.last_report
            && self.log.last().is_none_or(|last| last.round < report.round)
        {
            self.log.push((**report).clone());
        }
        self.room = Some(state.clone());
        let over = state.status == RoomStatus::Finished && state.result.is_some();
        (over && before != Some((state.game, RoomStatus::Finished))).then_some(Happening::GameOver)
    }

    /// An event the state already holds, replayed after a resume: only the
    /// rounds this client has not seen are worth telling.
    fn history(&mut self, event: &RoomEvent) -> Option<Happening> {
        let game = self.room.as_ref()?.game;
        match event {
            RoomEvent::GameStarted { game, .. } => self.history_game = *game,
            RoomEvent::Revealed { report, .. }
                if self.history_game == game
                    && !self.log.iter().any(|seen| seen.round == report.round) =>
            {
                let at = self.log.partition_point(|seen| seen.round < report.round);
                self.log.insert(at, (**report).clone());
                return Some(Happening::Missed(report.clone()));
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
            RoomEvent::PlayerJoined { seat, player } => room.players[*seat] = Some(player.clone()),
            RoomEvent::GameStarted {
                game,
                players,
                view,
            } => {
                room.game = *game;
                room.players = Seated::from_fn(|seat| Some(players[seat].clone()));
                room.view = Some(GameView { viewer, ..*view });
                self.graces = Seated::from_fn(|seat| grace(players[seat].grace_ms, now));
                room.status = RoomStatus::Playing;
                room.committed = Seated::default();
                room.your_commit = None;
                room.result = None;
                room.rematch = Seated::default();
                room.last_report = None;
                self.log.clear();
                return Some(Happening::GameStarted(*game));
            }
            RoomEvent::RoundStarted {
                round,
                deadline_ms,
                choices,
            } => {
                room.committed = Seated::default();
                room.your_commit = None;
                room.choices = Some(*choices);
                self.deadline = deadline_ms.map(|ms| now + Duration::from_millis(ms));
                return Some(Happening::RoundStarted(*round));
            }
            RoomEvent::Committed { seat } => room.committed[*seat] = true,
            RoomEvent::Revealed { report, view, .. } => {
                room.view = Some(GameView { viewer, ..*view });
                room.last_report = Some(report.clone());
                room.committed = Seated::default();
                room.your_commit = None;
                room.choices = None;
                self.deadline = None;
                self.log.push((**report).clone());
                return Some(Happening::Revealed(report.clone()));
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
            RoomEvent::GameOver { result, game_id } => {
                room.result = Some(*result);
                room.status = RoomStatus::Finished;
                room.committed = Seated::default();
                room.your_commit = None;
                room.game_ids.push(*game_id);
                let excess = room.game_ids.len().saturating_sub(MAX_LISTED_GAMES);
                room.game_ids.drain(..excess);
                self.deadline = None;
                self.graces = Seated::default();
                return Some(Happening::GameOver);
            }
        }
        None
    }
}

fn grace(ms: Option<u64>, now: Instant) -> Option<Instant> {
    ms.map(|ms| now + Duration::from_millis(ms))
}

#[cfg(test)]
mod tests {
    use mice_cake_engine::Seat;

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
        let mut tracker = Tracker::default();
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
        let mut tracker = Tracker::default();
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
        apply_all(&mut tracker, room.commit(Seat::Yellow, mine), now);
        assert!(!tracker.must_decide());
        assert_eq!(
            tracker.room.as_ref().and_then(|r| r.your_commit),
            Some(mine)
        );
        apply_all(&mut tracker, room.play_greedy_round(), now);
        assert!(tracker.must_decide(), "the next round is open");
    }

    #[test]
    fn the_deadline_counts_down_from_the_round_start() {
        let start = Instant::now();
        let mut room = FakeRoom::new(Some(Seat::Yellow), 2);
        let mut tracker = Tracker::default();
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
        let mut tracker = Tracker::default();
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
        let mut tracker = Tracker::default();
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
    fn errors_and_leaving_are_remembered() {
        let now = Instant::now();
        let mut tracker = Tracker::default();
        let error = ServerMessage::Error {
            code: ErrorCode::RoomFull,
            message: "both seats are taken".into(),
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

    use super::*;
    use crate::fixture::FakeRoom;

    fn started(member: Option<Seat>, seed: u64) -> (Tracker, FakeRoom, Instant) {
        let now = Instant::now();
        let mut room = FakeRoom::new(member, seed);
        let mut tracker = Tracker::default();
        tracker.apply(&room.joined(), now);
        for message in room.opponent_arrives() {
            tracker.apply(&message, now);
        }
        (tracker, room, now)
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
            .map(|happening| match happening {
                Happening::Missed(report) => report.round,
                other => panic!("only missed rounds are news: {other:?}"),
            })
            .collect();
        // Round 4 came with the state itself; 2 and 3 are told.
        assert_eq!(missed, [2, 3]);
        let log: Vec<u32> = tracker.log.iter().map(|report| report.round).collect();
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
    fn watching_a_finished_room_tells_its_end_once() {
        let mut room = FakeRoom::new(None, 8);
        room.opponent_arrives();
        room.play_to_the_end();
        let mut tracker = Tracker::default();
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
        assert_eq!(state.your_commit, None);
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
        let mut tracker = Tracker::default();
        let mut room = FakeRoom::new(Some(Seat::Yellow), 8);
        tracker.apply(&room.joined(), now);
        for message in room.opponent_arrives() {
            let message = match message {
                ServerMessage::Event { seq, event } => match *event {
                    RoomEvent::GameStarted {
                        game,
                        mut players,
                        view,
                    } => {
                        players.blue.connected = false;
                        players.blue.grace_ms = Some(30_000);
                        ServerMessage::Event {
                            seq,
                            event: Box::new(RoomEvent::GameStarted {
                                game,
                                players,
                                view,
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

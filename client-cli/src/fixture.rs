//! A room played by the engine, speaking as the server would to one member:
//! the messages the client's tests feed to the tracker and the interface.

use mice_cake_engine::fair;
use mice_cake_engine::{
    Assignment, GameRecord, Nonce, Options, RecordedGame, RoundReport, Seat, Seated, Seed, Viewer,
    greedy_assignment,
};
use mice_cake_protocol::{
    ChatChannel, Ending, ExchangeState, FinishedGame, ForfeitCause, GameResult, NotRated,
    PlayedRound, PlayerInfo, RoomCode, RoomEvent, RoomOptions, RoomState, RoomStatus, SeatToken,
    ServerMessage,
};

/// A room as its server holds it, telling one member (a seat, or a
/// spectator) what happens.
pub(crate) struct FakeRoom {
    game: RecordedGame,
    /// The game's seed, revealed at its end.
    seed: Seed,
    /// Who the messages are for.
    pub(crate) member: Option<Seat>,
    state: RoomState,
    /// Every event so far, to replay after a resume.
    events: Vec<ServerMessage>,
    /// The rounds of the game so far, as a history sends them.
    played: Vec<PlayedRound>,
}

pub(crate) const DEADLINE_MS: u64 = 60_000;

/// A sealer with a fixed nonce seed (the shell seeds it from the operating
/// system), no key and nothing kept on disk.
pub(crate) fn sealer() -> crate::sealing::Sealer {
    crate::sealing::Sealer::new(None, None, Some([9; 32]))
}

/// A tracker whose seat seals with [`sealer`].
pub(crate) fn tracker() -> crate::tracker::Tracker {
    crate::tracker::Tracker::with_sealer(sealer())
}

/// A person (no key, no rating) named `name`, connected.
pub(crate) fn player(name: &str) -> PlayerInfo {
    PlayerInfo {
        key: None,
        rating: None,
        name: name.into(),
        connected: true,
        bot: None,
        grace_ms: None,
        auto_commits: 0,
        declared_bot: false,
    }
}

/// Room `code` with `options`, waiting, nobody seated: `you` is this
/// member's seat.
pub(crate) fn waiting_room(code: RoomCode, options: RoomOptions, you: Option<Seat>) -> RoomState {
    RoomState {
        code,
        options,
        status: RoomStatus::Waiting,
        you,
        players: Seated::default(),
        spectators: 0,
        game: 0,
        view: None,
        committed: Seated::default(),
        exchange: None,
        deadline_ms: None,
        choices: None,
        last_report: None,
        rematch: Seated::default(),
        result: None,
        game_ids: Vec::new(),
        missed_deadline_limit: 3,
        not_rated: None,
        match_score: None,
        seq: 1,
    }
}

impl FakeRoom {
    /// A room with one seat taken (Yellow, by "ann"), waiting; the game to
    /// come deals from `seed`.
    pub(crate) fn new(member: Option<Seat>, seed: u64) -> FakeRoom {
        FakeRoom::with_rules(member, seed, Options::default())
    }

    /// A room like [`FakeRoom::new`]'s that plays by `rules`.
    pub(crate) fn with_rules(member: Option<Seat>, seed: u64, rules: Options) -> FakeRoom {
        let options = RoomOptions {
            game: rules,
            deadline_ms: Some(DEADLINE_MS),
            ..RoomOptions::default()
        };
        let game = RecordedGame::new(rules, Seed::from_u64(seed))
            .unwrap_or_else(|error| panic!("default options: {error}"));
        let code: RoomCode = "K7QMX".parse().unwrap_or_else(|_| panic!("a room code"));
        FakeRoom {
            game,
            seed: Seed::from_u64(seed),
            member,
            state: RoomState {
                players: Seated {
                    yellow: Some(player("ann")),
                    blue: None,
                },
                ..waiting_room(code, options, member)
            },
            events: Vec::new(),
            played: Vec::new(),
        }
    }

    fn viewer(&self) -> Viewer {
        self.member.map_or(Viewer::Spectator, Viewer::from)
    }

    /// What entering the room now brings: the whole state.
    pub(crate) fn joined(&self) -> ServerMessage {
        ServerMessage::Joined {
            seat: self.member,
            token: self.member.map(|_| SeatToken::from_bytes([7; 16])),
            state: Box::new(self.state.clone()),
        }
    }

    fn event(&mut self, event: RoomEvent) -> ServerMessage {
        self.state.seq += 1;
        let message = ServerMessage::Event {
            seq: self.state.seq,
            event: Box::new(event),
        };
        self.events.push(message.clone());
        message
    }

    /// The number of the last event.
    pub(crate) fn seq(&self) -> u64 {
        self.state.seq
    }

    /// What entering the room brings, as the server sends it: the whole
    /// state, then every round of the game so far.
    pub(crate) fn entered(&self) -> Vec<ServerMessage> {
        let mut messages = vec![self.joined()];
        if !self.played.is_empty() {
            messages.push(ServerMessage::History {
                game: self.state.game,
                rounds: self.played.clone(),
            });
        }
        messages
    }

    /// What a resume after event `last_seq` brings, as the server sends it:
    /// the whole state and the rounds so far, then the events missed (which
    /// it already holds).
    pub(crate) fn resume(&self, last_seq: u64) -> Vec<ServerMessage> {
        let missed = self.events.iter().filter(
            |message| matches!(message, ServerMessage::Event { seq, .. } if *seq > last_seq),
        );
        self.entered().into_iter().chain(missed.cloned()).collect()
    }

    /// The room rates its games; the next one is told unrated for
    /// `not_rated` (if given).
    pub(crate) fn rated(mut self, not_rated: Option<NotRated>) -> FakeRoom {
        self.state.options.rated = true;
        self.state.not_rated = not_rated;
        self
    }

    /// The room with `ann` as Yellow instead.
    pub(crate) fn yellow_is(mut self, ann: PlayerInfo) -> FakeRoom {
        self.state.players.yellow = Some(ann);
        self
    }

    /// Blue ("bob") sits down; the game starts and its first round opens.
    pub(crate) fn opponent_arrives(&mut self) -> Vec<ServerMessage> {
        self.opponent_arrives_as(player("bob"))
    }

    /// A program ("bob", a key declared a bot's) sits down as Blue; the game
    /// starts and its first round opens.
    pub(crate) fn bot_arrives(&mut self) -> Vec<ServerMessage> {
        self.opponent_arrives_as(PlayerInfo {
            declared_bot: true,
            ..player("bob")
        })
    }

    /// `bob` sits down as Blue; the game starts and its first round opens.
    pub(crate) fn opponent_arrives_as(&mut self, bob: PlayerInfo) -> Vec<ServerMessage> {
        self.state.players.blue = Some(bob.clone());
        let joined = self.event(RoomEvent::PlayerJoined {
            seat: Seat::Blue,
            player: bob,
        });
        self.state.status = RoomStatus::Playing;
        self.state.game = 1;
        self.state.view = Some(self.game.game().view(self.viewer()));
        // Events carry the spectators' view, as the server sends them.
        let view = self.game.game().view(Viewer::Spectator);
        let players = Seated::from_fn(|seat| {
            self.state.players[seat]
                .clone()
                .unwrap_or_else(|| player("?"))
        });
        let mut messages = vec![joined];
        messages.extend(self.deal(1, players, view));
        messages.push(self.round_started());
        messages
    }

    /// A game starts and is dealt (the server made both deal nonces here).
    fn deal(
        &mut self,
        game: u32,
        players: Seated<PlayerInfo>,
        view: mice_cake_engine::GameView,
    ) -> Vec<ServerMessage> {
        let commitment = self.commitment();
        let not_rated = self.state.not_rated;
        let mut messages = vec![self.event(RoomEvent::GameStarted {
            game,
            players,
            commitment,
            not_rated,
            match_link: None,
        })];
        let Some(deal) = self.game.deal() else {
            panic!("a sealed game");
        };
        for seat in Seat::ALL {
            messages.push(self.event(RoomEvent::Sealed {
                round: 0,
                seat,
                seal: deal.seals[seat],
                by_server: true,
                signature: None,
            }));
        }
        messages.push(self.event(RoomEvent::Dealt { deal, view }));
        messages
    }

    fn commitment(&self) -> mice_cake_engine::Commitment {
        fair::commitment(self.seed)
    }

    fn round_started(&mut self) -> ServerMessage {
        self.state.committed = Seated::default();
        self.state.exchange = Some(ExchangeState {
            commitment: self.commitment(),
            round: self.game.game().round(),
            seals: Seated::default(),
            opened: Seated::default(),
            by_server: Seated::default(),
        });
        self.state.deadline_ms = Some(DEADLINE_MS);
        let view = self.game.game().view(self.viewer());
        let choices = Seated::from_fn(|seat| view.choices(seat));
        self.state.choices = Some(choices);
        self.event(RoomEvent::RoundStarted {
            round: view.round,
            deadline_ms: Some(DEADLINE_MS),
            choices,
        })
    }

    /// `seat` seals a move: everyone sees its seal alone.
    pub(crate) fn commit(&mut self, seat: Seat, assignment: Assignment) -> Vec<ServerMessage> {
        self.state.committed[seat] = true;
        let round = self.game.game().round();
        let seal = fair::seal(
            self.commitment(),
            round,
            seat,
            &assignment,
            Nonce::from_bytes([7; 32]),
        );
        if let Some(exchange) = &mut self.state.exchange {
            exchange.seals[seat] = Some(seal);
        }
        vec![self.event(RoomEvent::Sealed {
            round,
            seat,
            seal,
            by_server: false,
            signature: None,
        })]
    }

    /// Both play greedily, but the deadline played for the seats in
    /// `auto`; the reveal, then the next round or the end.
    pub(crate) fn play_greedy_round_auto(&mut self, auto: Seated<bool>) -> Vec<ServerMessage> {
        let chosen = Seated::from_fn(|seat| {
            greedy_assignment(&self.game.game().view(Viewer::from(seat)), seat)
        });
        let report = self
            .game
            .play_round(&chosen.yellow, &chosen.blue)
            .unwrap_or_else(|error| panic!("greedy plays legally: {error}"))
            .clone();
        self.reveal(report, auto)
    }

    /// Both play greedily; the reveal, then the next round or the end.
    pub(crate) fn play_greedy_round(&mut self) -> Vec<ServerMessage> {
        self.play_greedy_round_auto(Seated::default())
    }

    /// Plays greedy rounds until the game is over.
    pub(crate) fn play_to_the_end(&mut self) -> Vec<ServerMessage> {
        let mut messages = Vec::new();
        while self.state.status == RoomStatus::Playing {
            messages.extend(self.play_greedy_round());
        }
        messages
    }

    fn reveal(&mut self, report: RoundReport, auto: Seated<bool>) -> Vec<ServerMessage> {
        let beats = self.state.view.map_or_else(Vec::new, |before| {
            mice_cake_engine::timeline(&before, &report).expect("the engine's report fits its view")
        });
        self.state.view = Some(self.game.game().view(self.viewer()));
        let view = self.game.game().view(Viewer::Spectator);
        self.state.committed = Seated::default();
        self.state.exchange = None;
        self.state.last_report = Some(Box::new(report.clone()));
        for seat in Seat::ALL {
            if let Some(player) = &mut self.state.players[seat] {
                player.auto_commits = if auto[seat] {
                    player.auto_commits + 1
                } else {
                    0
                };
            }
        }
        let sealed = self.game.last_exchange();
        self.played.push(PlayedRound {
            report: report.clone(),
            auto,
            sealed,
            beats: beats.clone(),
        });
        let outcome = report.outcome;
        let revealed = self.event(RoomEvent::Revealed {
            report: Box::new(report),
            beats,
            auto,
            view,
            sealed,
        });
        let next = match outcome {
            None => self.round_started(),
            Some(outcome) => {
                self.state.status = RoomStatus::Finished;
                let result = GameResult::played(&outcome);
                let game_id = uuid::Uuid::from_u128(0x5eec + u128::from(self.state.game));
                self.state.result = Some(result);
                self.state.game_ids.push(game_id);
                self.state.deadline_ms = None;
                self.state.choices = None;
                let seed = self.seed;
                self.event(RoomEvent::GameOver {
                    result,
                    game_id: Some(game_id),
                    seed,
                    match_score: None,
                })
            }
        };
        vec![revealed, next]
    }

    /// `seat`'s player leaves the room.
    pub(crate) fn leaves(&mut self, seat: Seat) -> ServerMessage {
        self.state.players[seat] = None;
        self.state.rematch = Seated::default();
        if self.state.status != RoomStatus::Playing {
            self.state.status = RoomStatus::Waiting;
        }
        self.event(RoomEvent::PlayerLeft { seat })
    }

    /// `seat`'s player leaves in the middle of the game: it forfeits, then
    /// its seat is free.
    pub(crate) fn forfeits(&mut self, seat: Seat) -> Vec<ServerMessage> {
        let result = GameResult {
            winner: Some(seat.opponent()),
            score: Seated::from_fn(|seat| self.game.game().score(seat)),
            ending: Ending::Forfeit {
                seat,
                cause: ForfeitCause::Left,
            },
        };
        let game_id = uuid::Uuid::from_u128(0x5eec + u128::from(self.state.game));
        self.state.status = RoomStatus::Finished;
        self.state.result = Some(result);
        self.state.game_ids.push(game_id);
        self.state.deadline_ms = None;
        self.state.choices = None;
        let seed = self.seed;
        self.state.exchange = None;
        let over = self.event(RoomEvent::GameOver {
            result,
            game_id: Some(game_id),
            seed,
            match_score: None,
        });
        vec![over, self.leaves(seat)]
    }

    /// After a game, both ask for another, dealt from `seed`: the requests,
    /// the new game and its first round.
    pub(crate) fn rematch(&mut self, seed: u64) -> Vec<ServerMessage> {
        let mut messages: Vec<ServerMessage> = Seat::ALL
            .into_iter()
            .map(|seat| self.event(RoomEvent::RematchRequested { seat }))
            .collect();
        self.game = RecordedGame::new(self.state.options.game, Seed::from_u64(seed))
            .unwrap_or_else(|error| panic!("the room's options: {error}"));
        self.seed = Seed::from_u64(seed);
        self.played.clear();
        self.state.status = RoomStatus::Playing;
        self.state.result = None;
        self.state.rematch = Seated::default();
        self.state.game += 1;
        self.state.view = Some(self.game.game().view(self.viewer()));
        let players = Seated::from_fn(|seat| {
            self.state.players[seat]
                .clone()
                .unwrap_or_else(|| player("?"))
        });
        let view = self.game.game().view(Viewer::Spectator);
        let game = self.state.game;
        messages.extend(self.deal(game, players, view));
        messages.push(self.round_started());
        messages
    }

    /// Someone says something on the chat.
    pub(crate) fn chat(
        &self,
        channel: ChatChannel,
        name: &str,
        seat: Option<Seat>,
        text: &str,
    ) -> ServerMessage {
        ServerMessage::Chat {
            channel,
            name: name.into(),
            seat,
            text: text.into(),
            at_ms: 0,
        }
    }

    /// The number of watchers changes.
    pub(crate) fn spectators(&mut self, count: u32) -> ServerMessage {
        self.state.spectators = count;
        self.event(RoomEvent::Spectators { count })
    }

    /// A player's connection drops (with a grace period) or comes back.
    pub(crate) fn connection(&mut self, seat: Seat, connected: bool) -> ServerMessage {
        let grace_ms = (!connected).then_some(120_000);
        self.event(RoomEvent::Connection {
            seat,
            connected,
            grace_ms,
        })
    }

    /// The game's view for `seat`, as its player sees it now.
    pub(crate) fn view_for(&self, seat: Seat) -> mice_cake_engine::GameView {
        self.game.game().view(Viewer::from(seat))
    }
}

/// A finished game of `greedy` (Yellow) against `blue`, dealt, rolled and
/// chosen from `seed`.
pub(crate) fn finished_record(seed: u64, blue: mice_cake_engine::Policy) -> GameRecord {
    let mut game = RecordedGame::new(Options::default(), Seed::from_u64(seed)).unwrap();
    let mut rng = Seed::from_u64(seed).stream(1);
    while !game.game().is_over() {
        let [yellow, blue] = [
            (Seat::Yellow, mice_cake_engine::Policy::Greedy),
            (Seat::Blue, blue),
        ]
        .map(|(seat, policy)| policy.choose(&game.game().view(Viewer::from(seat)), seat, &mut rng));
        game.play_round(&yellow, &blue).unwrap();
    }
    game.into_record().unwrap()
}

/// `record` as a server serves it: game `id`, ann against bob in room
/// K7QMX, with the room's `deadline_ms`.
pub(crate) fn served(record: GameRecord, id: u128, deadline_ms: Option<u64>) -> FinishedGame {
    let outcome = record.replay().unwrap().outcome().copied().unwrap();
    FinishedGame {
        id: uuid::Uuid::from_u128(id),
        room: "K7QMX".parse().unwrap(),
        players: Seated {
            yellow: "ann".into(),
            blue: "bob".into(),
        },
        result: GameResult::played(&outcome),
        finished_at_ms: 1_795_000_000_000,
        deadline_ms,
        record: Some(record),
        aborted_deal: None,
        chat: Vec::new(),
        rated: None,
        missed_deadline_limit: Some(3),
        arena: None,
        match_game: None,
    }
}

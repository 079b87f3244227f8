//! A WebSocket client speaking the protocol itself, for tests that need
//! each message at a chosen instant (an opening sent with a resume, say),
//! where `mice-cake` would choose for them. It plays its own seat with
//! the engine's `greedy` policy, sealing and opening as `docs/fairness.md`
//! says, when told to.

use std::net::TcpStream;
use std::time::Duration;

use mice_cake_engine::fair::{self, DEAL_ROUND};
use mice_cake_engine::{Assignment, Commitment, GameView, Nonce, Seat, Seated, greedy_assignment};
use mice_cake_protocol::{
    ClientMessage, PROTOCOL_VERSION, RoomEvent, RoomState, SeatToken, ServerMessage,
};
use tungstenite::stream::MaybeTlsStream;
use tungstenite::{Message, WebSocket};

/// How long a message may take to come.
const PATIENCE: Duration = Duration::from_secs(30);

pub(crate) struct Raw {
    socket: WebSocket<MaybeTlsStream<TcpStream>>,
    /// Every message read, in order (an `events` frame's one by one).
    pub(crate) seen: Vec<ServerMessage>,
    /// The rest of an `events` frame read.
    unread: std::collections::VecDeque<ServerMessage>,
}

impl Raw {
    /// Connects to the server at `url` (`ws://…`) and says hello as `name`.
    pub(crate) fn connect(url: &str, name: &str) -> Raw {
        let mut raw = Raw::open(url);
        raw.send(&hello(name));
        raw.until(|message| matches!(message, ServerMessage::Welcome { .. }));
        raw
    }

    /// Connects without a word.
    pub(crate) fn open(url: &str) -> Raw {
        let (socket, _) = tungstenite::connect(format!("{url}/ws")).expect("a WebSocket");
        if let MaybeTlsStream::Plain(stream) = socket.get_ref() {
            stream.set_read_timeout(Some(PATIENCE)).unwrap();
        }
        Raw {
            socket,
            seen: Vec::new(),
            unread: Default::default(),
        }
    }

    pub(crate) fn send(&mut self, message: &ClientMessage) {
        let text = serde_json::to_string(message).unwrap();
        self.socket.send(Message::text(text)).unwrap();
    }

    /// The next message, or `None` once the connection closed.
    /// Events sent together come one by one, as every client reads them.
    pub(crate) fn next(&mut self) -> Option<ServerMessage> {
        if let Some(message) = self.unread.pop_front() {
            self.seen.push(message.clone());
            return Some(message);
        }
        loop {
            match self.socket.read() {
                Ok(Message::Text(text)) => {
                    let message: ServerMessage = serde_json::from_str(&text).unwrap();
                    self.unread.extend(message.one_by_one());
                    return self.next();
                }
                Ok(Message::Close(_)) => continue,
                Ok(_) => continue,
                Err(tungstenite::Error::Io(error))
                    if matches!(
                        error.kind(),
                        std::io::ErrorKind::WouldBlock | std::io::ErrorKind::TimedOut
                    ) =>
                {
                    panic!("nothing came for {PATIENCE:?}; seen: {:#?}", self.seen)
                }
                Err(_) => return None,
            }
        }
    }

    /// The close frame's code and reason, reading past any message, if
    /// one comes within `wait`.
    pub(crate) fn close_frame(&mut self, wait: Duration) -> Option<(u16, String)> {
        if let MaybeTlsStream::Plain(stream) = self.socket.get_ref() {
            stream.set_read_timeout(Some(wait)).unwrap();
        }
        loop {
            match self.socket.read() {
                Ok(Message::Close(frame)) => {
                    return frame.map(|frame| (u16::from(frame.code), frame.reason.to_string()));
                }
                Ok(Message::Text(text)) => {
                    if let Ok(message) = serde_json::from_str(&text) {
                        self.seen.push(message);
                    }
                }
                Ok(_) => {}
                Err(_) => return None,
            }
        }
    }

    /// Reads until a message `wanted` picks.
    pub(crate) fn until(&mut self, wanted: impl Fn(&ServerMessage) -> bool) -> ServerMessage {
        loop {
            let Some(message) = self.next() else {
                panic!("the connection closed; seen: {:#?}", self.seen);
            };
            if wanted(&message) {
                return message;
            }
        }
    }
}

pub(crate) fn hello(name: &str) -> ClientMessage {
    ClientMessage::Hello {
        version: PROTOCOL_VERSION,
        name: name.to_owned(),
    }
}

/// A player's side of sealed play, driven by the test: what to seal, when
/// to open.
#[derive(Debug, Default)]
pub(crate) struct Hand {
    pub(crate) seat: Option<Seat>,
    pub(crate) token: Option<SeatToken>,
    commitment: Option<Commitment>,
    view: Option<GameView>,
    /// The round under way (0: the deal).
    pub(crate) round: u32,
    /// The move sealed for the round under way: its opening.
    sealed: Option<(u32, Assignment, Nonce)>,
    /// Whose seal of the round under way is in.
    seals: Seated<bool>,
    /// The last round revealed.
    pub(crate) revealed: u32,
}

impl Hand {
    /// Notes what a message says of the game.
    pub(crate) fn note(&mut self, message: &ServerMessage) {
        match message {
            ServerMessage::Joined { seat, token, state } => {
                self.seat = *seat;
                if token.is_some() {
                    self.token = *token;
                }
                self.state(state);
            }
            ServerMessage::State { state } => self.state(state),
            ServerMessage::Event { event, .. } => match &**event {
                RoomEvent::GameStarted { commitment, .. } => {
                    self.commitment = Some(*commitment);
                    self.round = DEAL_ROUND;
                    self.seals = Seated::default();
                }
                RoomEvent::Dealt { view, .. } => self.view = Some(*view),
                RoomEvent::RoundStarted { round, .. } => {
                    self.round = *round;
                    self.seals = Seated::default();
                }
                RoomEvent::Sealed { round, seat, .. } if *round == self.round => {
                    self.seals[*seat] = true;
                }
                RoomEvent::Revealed { report, view, .. } => {
                    self.revealed = report.round;
                    self.view = Some(*view);
                }
                _ => {}
            },
            _ => {}
        }
    }

    fn state(&mut self, state: &RoomState) {
        if let Some(exchange) = &state.exchange {
            self.commitment = Some(exchange.commitment);
            self.round = exchange.round;
            self.seals = exchange.seals.map(|seal| seal.is_some());
        }
        if let Some(view) = state.view {
            self.view = Some(view);
        }
    }

    /// Whether both seals of the round under way are in.
    pub(crate) fn both_sealed(&self) -> bool {
        self.seals.yellow && self.seals.blue
    }

    /// The seal of this round's move (`greedy`'s; the empty one for the
    /// deal), kept to open.
    pub(crate) fn seal(&mut self) -> ClientMessage {
        let seat = self.seat.expect("a seat");
        let commitment = self.commitment.expect("a game");
        let assignment = if self.round == DEAL_ROUND {
            Assignment::EMPTY
        } else {
            greedy_assignment(self.view.as_ref().expect("a view"), seat)
        };
        let mut bytes = [0_u8; 32];
        bytes[..4].copy_from_slice(&self.round.to_be_bytes());
        bytes[4] = if seat == Seat::Yellow { 1 } else { 2 };
        let nonce = Nonce::from_bytes(bytes);
        self.sealed = Some((self.round, assignment, nonce));
        // Its own `sealed` comes with what follows (protocol 13): a client
        // counts its seal in as it sends it.
        self.seals[seat] = true;
        ClientMessage::Seal {
            round: self.round,
            seal: fair::seal(commitment, self.round, seat, &assignment, nonce),
            signature: None,
        }
    }

    /// The opening of the move sealed.
    pub(crate) fn open(&self) -> ClientMessage {
        let (round, assignment, nonce) = self.sealed.expect("a move sealed");
        ClientMessage::Open {
            round,
            assignment: (round != DEAL_ROUND).then_some(assignment),
            nonce,
        }
    }

    /// The resume of this seat, asking for what came after `last_seq`.
    pub(crate) fn resume(&self) -> ClientMessage {
        ClientMessage::Resume {
            token: self.token.expect("a seat token"),
            last_seq: None,
            key: None,
            bot_declaration: None,
            key_proof: None,
        }
    }
}

impl Raw {
    /// Reads until `wanted`, noting every message in `hand`.
    pub(crate) fn until_noting(
        &mut self,
        hand: &mut Hand,
        wanted: impl Fn(&ServerMessage, &Hand) -> bool,
    ) -> ServerMessage {
        loop {
            let Some(message) = self.next() else {
                panic!("the connection closed; seen: {:#?}", self.seen);
            };
            hand.note(&message);
            if wanted(&message, hand) {
                return message;
            }
        }
    }
}

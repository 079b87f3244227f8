//! The connection to a server: hello, entering a room, and coming back by
//! itself after a drop — a player resumes its seat with its token, a
//! spectator watches again — telling the interface what it does.

use std::time::Duration;

use futures_util::{SinkExt, StreamExt};
use mice_cake_protocol::{
    ClientMessage, PROTOCOL_VERSION, RoomCode, RoomOptions, SeatToken, ServerMessage,
};
use tokio::net::TcpStream;
use tokio::sync::mpsc;
use tokio_tungstenite::tungstenite::Message;
use tokio_tungstenite::{MaybeTlsStream, WebSocketStream};

type Socket = WebSocketStream<MaybeTlsStream<TcpStream>>;

/// How to enter a room.
#[derive(Clone, Copy, Debug)]
pub enum Entry {
    /// Create one with these options.
    Create(RoomOptions),
    /// Take the free seat.
    Join(RoomCode),
    /// Watch.
    Watch(RoomCode),
    /// Only list the rooms.
    List,
}

/// What the connection reports.
#[derive(Clone, Debug, PartialEq)]
pub enum NetEvent {
    /// A message from the server.
    Message(ServerMessage),
    /// The connection dropped; the next attempt comes after `wait`.
    Reconnecting {
        attempt: u32,
        wait: Duration,
        reason: String,
    },
    /// Back in the room after a drop.
    Reconnected,
    /// Closed for good, with the reason.
    Closed(String),
}

/// A live session: send messages, receive events.
pub struct Session {
    pub commands: mpsc::Sender<ClientMessage>,
    pub events: mpsc::Receiver<NetEvent>,
}

impl Session {
    /// Leaves the room and waits, briefly, until the goodbye is out and the
    /// connection closed.
    pub async fn leave(self) {
        let Session {
            commands,
            mut events,
        } = self;
        let _ = commands.send(ClientMessage::Leave).await;
        drop(commands);
        let drained = async { while events.recv().await.is_some() {} };
        let _ = tokio::time::timeout(Duration::from_secs(2), drained).await;
    }
}

/// Attempts to reconnect before giving up (about five minutes in all).
const MAX_ATTEMPTS: u32 = 40;

/// Connects, says hello and enters the room. Fails at once when the server
/// cannot be reached at all; after that, drops are handled by reconnecting.
pub async fn connect(url: &str, name: &str, entry: Entry) -> anyhow::Result<Session> {
    let socket = open(url)
        .await
        .map_err(|error| anyhow::anyhow!("cannot reach the server at {url}: {error}"))?;
    let (commands, commands_rx) = mpsc::channel(64);
    let (events_tx, events) = mpsc::channel(256);
    let link = Link {
        url: url.to_owned(),
        name: name.to_owned(),
        commands: commands_rx,
        events: events_tx,
        token: None,
        watching: None,
        last_seq: None,
    };
    tokio::spawn(link.run(socket, entry));
    Ok(Session { commands, events })
}

async fn open(url: &str) -> Result<Socket, tokio_tungstenite::tungstenite::Error> {
    let (socket, _) = tokio_tungstenite::connect_async(url).await?;
    Ok(socket)
}

/// The task behind a session.
struct Link {
    url: String,
    name: String,
    commands: mpsc::Receiver<ClientMessage>,
    events: mpsc::Sender<NetEvent>,
    /// This player's seat token, to resume after a drop.
    token: Option<SeatToken>,
    /// The room watched, to watch again after a drop.
    watching: Option<RoomCode>,
    /// The last event seen, so that a resume brings what was missed.
    last_seq: Option<u64>,
}

/// Why a connection ended.
enum End {
    /// The user is done (the interface dropped its sender).
    Done,
    /// The connection dropped.
    Dropped(String),
}

impl Link {
    async fn run(mut self, socket: Socket, entry: Entry) {
        let mut socket = socket;
        let mut first = Some(entry);
        loop {
            let greeting = match first.take() {
                Some(entry) => entry_message(entry),
                None => match self.coming_back() {
                    Some(greeting) => greeting,
                    None => {
                        let _ = self
                            .events
                            .send(NetEvent::Closed("disconnected".into()))
                            .await;
                        return;
                    }
                },
            };
            let hello = ClientMessage::Hello {
                version: PROTOCOL_VERSION,
                name: self.name.clone(),
            };
            let sent = send(&mut socket, &hello).await && send(&mut socket, &greeting).await;
            let end = if sent {
                self.pump(&mut socket).await
            } else {
                End::Dropped("the connection closed".into())
            };
            let reason = match end {
                End::Done => {
                    let _ = socket.close(None).await;
                    return;
                }
                End::Dropped(reason) => reason,
            };
            if self.token.is_none() && self.watching.is_none() {
                let _ = self.events.send(NetEvent::Closed(reason)).await;
                return;
            }
            match self.reconnect(reason).await {
                Some(fresh) => socket = fresh,
                None => return,
            }
        }
    }

    /// What to send after hello when coming back: resume or watch again.
    fn coming_back(&self) -> Option<ClientMessage> {
        if let Some(token) = self.token {
            return Some(ClientMessage::Resume {
                token,
                last_seq: self.last_seq,
            });
        }
        self.watching.map(|code| ClientMessage::WatchRoom { code })
    }

    /// Retries with growing pauses; `None` when giving up or the user quit.
    async fn reconnect(&mut self, mut reason: String) -> Option<Socket> {
        for attempt in 1..=MAX_ATTEMPTS {
            let wait = Duration::from_millis(250 * u64::from(attempt.min(40)));
            let notice = NetEvent::Reconnecting {
                attempt,
                wait,
                reason: reason.clone(),
            };
            if self.events.send(notice).await.is_err() {
                return None;
            }
            tokio::time::sleep(wait).await;
            match open(&self.url).await {
                Ok(socket) => {
                    let _ = self.events.send(NetEvent::Reconnected).await;
                    return Some(socket);
                }
                Err(error) => reason = error.to_string(),
            }
        }
        let _ = self
            .events
            .send(NetEvent::Closed(format!(
                "gave up reconnecting after {MAX_ATTEMPTS} attempts: {reason}"
            )))
            .await;
        None
    }

    /// Forwards both ways until the connection ends.
    async fn pump(&mut self, socket: &mut Socket) -> End {
        loop {
            tokio::select! {
                command = self.commands.recv() => {
                    let Some(command) = command else { return End::Done };
                    if matches!(command, ClientMessage::Leave) {
                        // Leaving on purpose: do not come back.
                        self.token = None;
                        self.watching = None;
                    }
                    if !send(socket, &command).await {
                        return End::Dropped("the connection closed".into());
                    }
                }
                frame = socket.next() => {
                    let text = match frame {
                        Some(Ok(Message::Text(text))) => text,
                        Some(Ok(Message::Close(close))) => {
                            let reason = close.map_or_else(
                                || "the server closed the connection".into(),
                                |close| format!("the server closed the connection: {}", close.reason),
                            );
                            return End::Dropped(reason);
                        }
                        Some(Ok(_)) => continue,
                        Some(Err(error)) => return End::Dropped(error.to_string()),
                        None => return End::Dropped("the connection closed".into()),
                    };
                    let message: ServerMessage = match serde_json::from_str(text.as_str()) {
                        Ok(message) => message,
                        Err(error) => {
                            // A newer server, perhaps: say so, and go on.
                            let notice = ServerMessage::Error {
                                code: mice_cake_protocol::ErrorCode::BadMessage,
                                message: format!("unreadable message from the server: {error}"),
                            };
                            let _ = self.events.send(NetEvent::Message(notice)).await;
                            continue;
                        }
                    };
                    self.note(&message);
                    if self.events.send(NetEvent::Message(message)).await.is_err() {
                        return End::Done;
                    }
                }
            }
        }
    }

    /// Remembers what a reconnection needs.
    fn note(&mut self, message: &ServerMessage) {
        match message {
            ServerMessage::Joined { seat, token, state } => {
                if let Some(token) = token {
                    self.token = Some(*token);
                }
                if seat.is_none() {
                    self.watching = Some(state.code);
                }
                self.last_seq = Some(state.seq);
            }
            ServerMessage::State { state } => self.last_seq = Some(state.seq),
            ServerMessage::Event { seq, .. } => {
                self.last_seq = Some(self.last_seq.map_or(*seq, |last| last.max(*seq)));
            }
            ServerMessage::Left { .. } => {
                self.token = None;
                self.watching = None;
            }
            ServerMessage::Error {
                code: mice_cake_protocol::ErrorCode::BadToken,
                ..
            } => {
                // The seat is gone (taken over, or the room closed).
                self.token = None;
            }
            _ => {}
        }
    }
}

fn entry_message(entry: Entry) -> ClientMessage {
    match entry {
        Entry::Create(options) => ClientMessage::CreateRoom { options },
        Entry::Join(code) => ClientMessage::JoinRoom { code },
        Entry::Watch(code) => ClientMessage::WatchRoom { code },
        Entry::List => ClientMessage::ListRooms,
    }
}

async fn send(socket: &mut Socket, message: &ClientMessage) -> bool {
    match serde_json::to_string(message) {
        Ok(text) => socket.send(Message::text(text)).await.is_ok(),
        Err(_) => false,
    }
}

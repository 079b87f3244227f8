//! The connection to a server: hello, entering a room, and coming back by
//! itself after a drop — a player resumes its seat with its token, a
//! spectator watches again — telling the interface what it does. A seat's
//! token is kept in the user's seats file ([`crate::seats`]) while it is
//! held, so that another run of the client can take the seat back.

use std::time::{Duration, Instant};

use futures_util::{SinkExt, StreamExt};
use mice_cake_engine::{Commitment, KeyChallenge, PlayerKey, PlayerSecret, SealSignature, Seat};
use mice_cake_protocol::arena::ArenaStatus;
use mice_cake_protocol::{
    ArenaId, ClientMessage, ErrorCode, PROTOCOL_VERSION, RoomCode, RoomEvent, RoomOptions,
    RoomState, RoomStatus, SeatToken, ServerMessage,
};
use tokio::net::TcpStream;
use tokio::sync::mpsc;
use tokio_tungstenite::tungstenite::Message;
use tokio_tungstenite::{MaybeTlsStream, WebSocketStream};

use crate::seats::{HeldSeat, SeatStore};

type Socket = WebSocketStream<MaybeTlsStream<TcpStream>>;

/// How to enter a room (or an arena).
#[derive(Clone, Debug)]
pub enum Entry {
    /// Create one with these options.
    Create(RoomOptions),
    /// Take the free seat.
    Join(RoomCode),
    /// Take back a seat held before (its token kept in the seats file);
    /// with `or_join`, take the free seat instead if that one is gone.
    Resume {
        code: RoomCode,
        token: SeatToken,
        or_join: bool,
    },
    /// Watch.
    Watch(RoomCode),
    /// Only list the rooms.
    List,
    /// Be paired with whoever is waiting (quick pairing); the bot offered
    /// after the wait asked is played.
    Seek(Seek),
    /// Join an arena and play it, game after game.
    Arena {
        id: ArenaId,
        /// A club's arena's join code.
        join_code: Option<String>,
    },
    /// Watch an arena's standings.
    WatchArena(ArenaId),
}

/// What a quick pairing asks (see the protocol's `seek`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Seek {
    /// The pool; any if none.
    pub pool: Option<mice_cake_protocol::Pool>,
    /// The time per round; any if none.
    pub deadline_ms: Option<u64>,
    pub rated: bool,
    /// When to be offered the bot; the server's default (30 s) if none,
    /// never if 0.
    pub bot_after_ms: Option<u64>,
    /// Whether the person is asked before the bot offered is played (the
    /// full-screen interface: it sends `create_room` with the offer's
    /// options once they say yes), rather than play it at once (a script).
    pub ask_before_bot: bool,
}

impl Seek {
    /// The `seek` message, made as `identity`.
    pub fn message(self, identity: &Identity) -> ClientMessage {
        ClientMessage::Seek {
            pool: self.pool,
            deadline_ms: self.deadline_ms,
            rated: self.rated,
            bot_after_ms: self.bot_after_ms,
            key: identity.key(),
            bot_declaration: identity.bot_declaration(),
            key_proof: None,
        }
    }
}

/// Who the client plays as: its key pair (which signs its moves, and here
/// its leaving a game: `docs/fairness.md`) and, when a program plays, the
/// key's declaration that it is a bot, made with every seat taken.
#[derive(Clone, Debug, Default)]
pub struct Identity {
    pub secret: Option<PlayerSecret>,
    /// A program plays (`mice-cake bot`): the key declares itself a bot.
    pub bot: bool,
}

impl Identity {
    /// The public key announced with every seat taken.
    pub fn key(&self) -> Option<PlayerKey> {
        self.secret.as_ref().map(PlayerSecret::public_key)
    }

    /// The key's declaration that it is a bot, for a bot.
    pub fn bot_declaration(&self) -> Option<SealSignature> {
        self.secret
            .as_ref()
            .filter(|_| self.bot)
            .map(PlayerSecret::sign_bot)
    }

    /// `message` with the proof that this client holds its key (needed
    /// to play rated), answering the connection's `challenge`, where it
    /// announces the key.
    pub fn proven(&self, message: &ClientMessage, challenge: KeyChallenge) -> ClientMessage {
        let mut message = message.clone();
        if let Some(secret) = &self.secret {
            message.prove_key(secret, challenge);
        }
        message
    }
}

/// The game under way as a player's link follows it: what a leave is
/// signed for.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
struct Playing {
    seat: Option<Seat>,
    /// The game's commitment and the round under way (0: the deal).
    exchange: Option<(Commitment, u32)>,
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
        let _ = commands
            .send(ClientMessage::Leave { signature: None })
            .await;
        drop(commands);
        let drained = async { while events.recv().await.is_some() {} };
        let _ = tokio::time::timeout(Duration::from_secs(2), drained).await;
    }
}

/// A `rate_limited` this soon after a seal refused that seal.
const RESEND_WINDOW: Duration = Duration::from_secs(2);
/// How long to wait before sending a refused seal again: the server's
/// rates are per second.
const RESEND_AFTER: Duration = Duration::from_secs(1);
/// How long opening a connection may take.
const OPEN_TIMEOUT: Duration = Duration::from_secs(10);
/// The client pings this often, so that a dead link shows as silence.
const PING_EVERY: Duration = Duration::from_secs(15);
/// Silence (no frame at all, pongs included) after which the link is dead.
const SILENCE_LIMIT: Duration = Duration::from_secs(45);
/// How long to keep trying to come back before giving up.
const RECONNECT_FOR: Duration = Duration::from_secs(5 * 60);
/// Pauses between attempts grow by this much, up to [`LONGEST_PAUSE`].
const PAUSE_STEP: Duration = Duration::from_millis(500);
const LONGEST_PAUSE: Duration = Duration::from_secs(10);

/// Whether a refusal to enter is worth another try, as after a drop: a
/// server that is busy or stopping, or a node of a cluster that cannot
/// reach the room just now; anything else will not change by trying again.
fn passing_refusal(code: ErrorCode) -> bool {
    matches!(
        code,
        ErrorCode::TooManyConnections
            | ErrorCode::ShuttingDown
            | ErrorCode::RateLimited
            | ErrorCode::Internal
            | ErrorCode::Unavailable
    )
}

/// Connects, says hello and enters the room. Fails at once when the server
/// cannot be reached at all; after that, drops are handled by reconnecting.
/// A seat taken is kept in `seats` (if given) until it is left.
pub async fn connect(
    url: &str,
    name: &str,
    entry: Entry,
    seats: Option<SeatStore>,
    identity: Identity,
) -> anyhow::Result<Session> {
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
        // A seat taken back is held from the start: the server does not
        // send its token again, and a drop must resume it as any other.
        token: match entry {
            Entry::Resume { token, .. } => Some(token),
            _ => None,
        },
        arena: match &entry {
            Entry::Arena { id, join_code } => Some((*id, join_code.clone())),
            _ => None,
        },
        watching_arena: match entry {
            Entry::WatchArena(id) => Some(id),
            _ => None,
        },
        rejoin_arena: false,
        arena_paused: false,
        watching: None,
        last_seq: None,
        entering: false,
        greeting_due: None,
        challenge: None,
        returning: false,
        failures: 0,
        give_up_at: None,
        held: Vec::new(),
        farewell: None,
        seats,
        room: None,
        join_if_gone: match entry {
            Entry::Resume {
                code,
                or_join: true,
                ..
            } => Some(code),
            _ => None,
        },
        last_seal: None,
        resend_at: None,
        seek: match &entry {
            Entry::Seek(seek) => Some(*seek),
            _ => None,
        },
        pair: None,
        rejoining_pair: false,
        resuming: matches!(entry, Entry::Resume { .. }),
        seek_again_when_ended: false,
        sought_here: false,
        greeting: None,
        playing: Playing::default(),
        identity,
    };
    let mut link = link;
    // A seat to take back is in a known room from the start: refused, it
    // is forgotten there.
    if let Entry::Resume { code, .. } = entry {
        link.room = Some(code);
    }
    let greeting = entry_message(entry, &link.identity)?;
    link.greeting = Some(greeting.clone());
    tokio::spawn(link.run(socket, greeting));
    Ok(Session { commands, events })
}

async fn open(url: &str) -> Result<Socket, String> {
    let connecting = tokio_tungstenite::connect_async_tls_with_config(
        url,
        None,
        false,
        crate::tls::websocket_connector(),
    );
    match tokio::time::timeout(OPEN_TIMEOUT, connecting).await {
        Ok(Ok((socket, _))) => Ok(socket),
        Ok(Err(error)) => Err(error.to_string()),
        Err(_) => Err(format!(
            "no answer within {}",
            humantime::format_duration(OPEN_TIMEOUT)
        )),
    }
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
    /// The arena played (and its join code): joined again after a drop,
    /// once the seat of a game under way is taken back.
    arena: Option<(ArenaId, Option<String>)>,
    /// The arena watched, to watch again after a drop.
    watching_arena: Option<ArenaId>,
    /// Whether to join the arena again once the seat resumed is back.
    rejoin_arena: bool,
    /// Whether the player paused in the arena (`pause`, until `join`): a
    /// game's end does not join it again then.
    arena_paused: bool,
    /// The last event seen, so that a resume brings what was missed.
    last_seq: Option<u64>,
    /// The greeting is out (or waits for the welcome) and not yet
    /// answered: a refusal now is final.
    entering: bool,
    /// The greeting to send once the welcome comes: it may carry a proof
    /// of the key, which answers the welcome's challenge.
    greeting_due: Option<ClientMessage>,
    /// This connection's challenge, from its welcome: every proof of the
    /// key sent on it answers it (and holds on it alone).
    challenge: Option<KeyChallenge>,
    /// This connection replaces one that dropped.
    returning: bool,
    /// Attempts to come back since the last success.
    failures: u32,
    /// When to stop trying to come back.
    give_up_at: Option<Instant>,
    /// Commands given while the link was down, sent once it is back.
    held: Vec<ClientMessage>,
    /// What the server said when announcing its shutdown.
    farewell: Option<String>,
    /// Where seats are kept while held.
    seats: Option<SeatStore>,
    /// The room entered.
    room: Option<RoomCode>,
    /// A room to join if the seat to resume there is gone.
    join_if_gone: Option<RoomCode>,
    /// The seek under way, until its game starts: made again after a drop
    /// (the queue forgets a connection that went away), or when the seat
    /// the pairing gave is gone before the game began (the opponent never
    /// came, and the room was closed meanwhile).
    seek: Option<Seek>,
    /// The pair's room a pairing named (`paired`), until this client is
    /// seated there: a drop before its `joined` came asks for the seat by
    /// key (the server gives back a seat its proven key holds), rather
    /// than seek again and leave the seat to be played by deadlines.
    pair: Option<RoomCode>,
    /// Whether the greeting under way is that ask: refused, the seek goes
    /// on instead.
    rejoining_pair: bool,
    /// Whether the greeting under way takes a seat back (`resume`): a room
    /// that says it has closed is then not taken at its word while the
    /// game there was not seen to end (see [`Link::resume_refused_for_now`]).
    resuming: bool,
    /// Whether to seek again once the server ends the seek: a pairing was
    /// called off for this client's deal seal, which never reached the
    /// room.
    seek_again_when_ended: bool,
    /// Whether this connection was told `seeking`: the server seeks for
    /// it again when its pairing is called off. One that entered the pair's
    /// room otherwise (asked for its seat by key, or resumed it after a
    /// drop) is told `unpaired` alone, and the client seeks again itself.
    sought_here: bool,
    /// The first greeting, until it is answered: sent again after a drop
    /// or a passing refusal (`unavailable`: a cluster's node that cannot
    /// reach the room just now).
    greeting: Option<ClientMessage>,
    /// The last seal sent, and when: sent again if the server refuses it
    /// for coming too fast.
    last_seal: Option<(ClientMessage, Instant)>,
    /// When to send [`Link::last_seal`] again, after a `rate_limited`.
    resend_at: Option<tokio::time::Instant>,
    /// Who the player is: their key, announced with every seat taken.
    identity: Identity,
    /// The game under way, for a leave to be signed.
    playing: Playing,
}

/// Why a connection ended.
enum End {
    /// The user is done (the interface dropped its sender, or left).
    Done,
    /// The server refused to let us in (for good): the reason.
    Refused(String),
    /// The connection dropped.
    Dropped(String),
}

impl Link {
    async fn run(mut self, mut socket: Socket, mut greeting: ClientMessage) {
        loop {
            let end = self.enter(&mut socket, greeting).await;
            let reason = match end {
                End::Done => {
                    let _ = socket.close(None).await;
                    return;
                }
                End::Refused(reason) => {
                    let _ = socket.close(None).await;
                    let _ = self.events.send(NetEvent::Closed(reason)).await;
                    return;
                }
                End::Dropped(reason) => why_dropped(reason, self.farewell.take()),
            };
            let Some(next) = self.coming_back() else {
                let _ = self.events.send(NetEvent::Closed(reason)).await;
                return;
            };
            greeting = next;
            match self.reconnect(reason).await {
                Some(fresh) => socket = fresh,
                None => return,
            }
        }
    }

    /// Says hello and the greeting, then forwards both ways until the
    /// connection ends. What was held meanwhile goes once the greeting is
    /// answered: the room's state is then known on the server's side (a
    /// node of a cluster judges an opening by it), and a refusal while
    /// entering can only be the greeting's.
    async fn enter(&mut self, socket: &mut Socket, greeting: ClientMessage) -> End {
        let hello = ClientMessage::Hello {
            version: PROTOCOL_VERSION,
            name: self.name.clone(),
        };
        self.entering = true;
        self.sought_here = false;
        self.challenge = None;
        if !send_frame(socket, &hello).await {
            // A server that turns us away (full: close code 1013) may have
            // said why before closing: say it too.
            return End::Dropped(closing_reason(socket).await);
        }
        // Sent on the welcome: its proof answers the welcome's challenge.
        self.greeting_due = Some(greeting);
        self.pump(socket).await
    }

    /// What to send after hello when coming back: resume or watch again
    /// (or seek again, or the first greeting, never answered).
    fn coming_back(&mut self) -> Option<ClientMessage> {
        if let Some(greeting) = &self.greeting {
            self.resuming = matches!(greeting, ClientMessage::Resume { .. });
            return Some(greeting.clone());
        }
        self.resuming = false;
        if self.token.is_none()
            && self.seek.is_some()
            && let (Some(code), Some(key)) = (self.pair, self.identity.key())
        {
            self.rejoining_pair = true;
            return Some(ClientMessage::JoinRoom {
                code,
                key: Some(key),
                bot_declaration: self.identity.bot_declaration(),
                key_proof: None,
            });
        }
        if let Some(token) = self.token {
            // Back in the arena's game first; in the arena again after.
            self.rejoin_arena = self.arena.is_some();
            self.resuming = true;
            return Some(ClientMessage::Resume {
                token,
                last_seq: self.last_seq,
                key: self.identity.key(),
                bot_declaration: self.identity.bot_declaration(),
                key_proof: None,
            });
        }
        if let Some((id, join_code)) = &self.arena {
            return arena_join(*id, join_code.clone(), &self.identity);
        }
        if let Some(arena) = self.watching_arena {
            return Some(ClientMessage::WatchArena { arena });
        }
        self.watching
            .map(|code| ClientMessage::WatchRoom { code })
            .or_else(|| self.seek.map(|seek| seek.message(&self.identity)))
    }

    /// Retries with growing pauses; `None` when giving up (said) or when the
    /// user quit meanwhile.
    async fn reconnect(&mut self, mut reason: String) -> Option<Socket> {
        let give_up_at = *self
            .give_up_at
            .get_or_insert_with(|| Instant::now() + RECONNECT_FOR);
        loop {
            self.failures += 1;
            let attempt = self.failures;
            let wait = (PAUSE_STEP * attempt).min(LONGEST_PAUSE);
            if Instant::now() + wait > give_up_at {
                let _ = self
                    .events
                    .send(NetEvent::Closed(format!(
                        "gave up reconnecting after {attempt} attempts: {reason}"
                    )))
                    .await;
                return None;
            }
            let notice = NetEvent::Reconnecting {
                attempt,
                wait,
                reason: reason.clone(),
            };
            if self.events.send(notice).await.is_err() {
                return None;
            }
            let opened = async {
                tokio::time::sleep(wait).await;
                open(&self.url).await
            };
            tokio::select! {
                opened = opened => match opened {
                    Ok(socket) => {
                        self.returning = true;
                        return Some(socket);
                    }
                    Err(error) => reason = error,
                },
                () = hold_until_quit(&mut self.commands, &mut self.held) => return None,
            }
        }
    }

    /// Forwards both ways until the connection ends.
    async fn pump(&mut self, socket: &mut Socket) -> End {
        let mut pings =
            tokio::time::interval_at(tokio::time::Instant::now() + PING_EVERY, PING_EVERY);
        let mut heard_at = tokio::time::Instant::now();
        loop {
            tokio::select! {
                command = self.commands.recv() => {
                    let Some(command) = command else { return End::Done };
                    match command {
                        ClientMessage::PauseArena => self.arena_paused = true,
                        ClientMessage::JoinArena { .. } => self.arena_paused = false,
                        _ => {}
                    }
                    let leaving = matches!(command, ClientMessage::Leave { .. });
                    if self.entering && !leaving {
                        // Sent once the greeting is answered.
                        self.held.push(command);
                        continue;
                    }
                    let command = if leaving { self.signed_leave() } else { command };
                    // A room the interface asks for (the bot offered, taken)
                    // is made as this player, and ends the seek.
                    let command = match command {
                        ClientMessage::CreateRoom { options, .. } => {
                            if self.seek.take().is_some()
                                && !self.send(socket, &ClientMessage::CancelSeek).await
                            {
                                return End::Dropped("the connection closed".into());
                            }
                            ClientMessage::CreateRoom {
                                options,
                                key: self.identity.key(),
                                bot_declaration: self.identity.bot_declaration(),
                                key_proof: None,
                            }
                        }
                        // Joined again: with the arena's join code, and a
                        // bot's declaration, as the first time.
                        ClientMessage::JoinArena { arena, .. }
                            if self.arena.as_ref().is_some_and(|(id, _)| *id == arena) =>
                        {
                            let join_code = self.arena.as_ref().and_then(|(_, code)| code.clone());
                            match arena_join(arena, join_code, &self.identity) {
                                Some(join) => join,
                                None => continue,
                            }
                        }
                        command => command,
                    };
                    if matches!(command, ClientMessage::Seal { .. }) {
                        self.last_seal = Some((command.clone(), Instant::now()));
                    }
                    if leaving {
                        // Leaving on purpose: do not come back, and the seat
                        // is no longer one to take back.
                        self.token = None;
                        self.watching = None;
                        if let Some(room) = self.room {
                            self.forget_seat(room);
                        }
                    }
                    if !self.send(socket, &command).await {
                        return End::Dropped("the connection closed".into());
                    }
                }
                () = until(self.resend_at) => {
                    self.resend_at = None;
                    if let Some((seal, _)) = &self.last_seal
                        && !self.send(socket, seal).await
                    {
                        return End::Dropped("the connection closed".into());
                    }
                }
                _ = pings.tick() => {
                    if socket.send(Message::Ping(Default::default())).await.is_err() {
                        return End::Dropped("the connection closed".into());
                    }
                }
                frame = tokio::time::timeout_at(heard_at + SILENCE_LIMIT, socket.next()) => {
                    let text = match frame {
                        Err(_) => return End::Dropped(format!(
                            "nothing heard from the server for {}",
                            humantime::format_duration(SILENCE_LIMIT)
                        )),
                        Ok(Some(Ok(Message::Text(text)))) => text,
                        Ok(Some(Ok(Message::Close(close)))) => {
                            return End::Dropped(close_words(close.as_ref()));
                        }
                        Ok(Some(Ok(_))) => {
                            heard_at = tokio::time::Instant::now();
                            continue;
                        }
                        Ok(Some(Err(error))) => return End::Dropped(error.to_string()),
                        Ok(None) => return End::Dropped("the connection closed".into()),
                    };
                    heard_at = tokio::time::Instant::now();
                    let message: ServerMessage = match serde_json::from_str(text.as_str()) {
                        Ok(message) => message,
                        Err(error) => {
                            // A newer server, perhaps: say so, and go on.
                            let notice = ServerMessage::Error {
                                code: ErrorCode::BadMessage,
                                message: format!("unreadable message from the server: {error}"),
                            };
                            let _ = self.events.send(NetEvent::Message(notice)).await;
                            continue;
                        }
                    };
                    let message = self.slowed_down(message);
                    let refusal = self.note(socket, &message).await;
                    if self.events.send(NetEvent::Message(message)).await.is_err() {
                        return End::Done;
                    }
                    if let Some(end) = refusal {
                        return end;
                    }
                }
            }
        }
    }

    /// A seal refused for coming too fast is sent again in a moment, and
    /// the interface told so instead of the server's refusal.
    fn slowed_down(&mut self, message: ServerMessage) -> ServerMessage {
        let ServerMessage::Error {
            code: ErrorCode::RateLimited,
            ..
        } = &message
        else {
            return message;
        };
        let Some((_, sent_at)) = &self.last_seal else {
            return message;
        };
        // The refusal answers the latest messages: a seal sent just before.
        if sent_at.elapsed() > RESEND_WINDOW || self.resend_at.is_some() {
            return message;
        }
        self.resend_at = Some(tokio::time::Instant::now() + RESEND_AFTER);
        ServerMessage::Error {
            code: ErrorCode::RateLimited,
            message: format!(
                "the server asked to slow down: your move is sent again in {}",
                humantime::format_duration(RESEND_AFTER)
            ),
        }
    }

    /// Remembers what a reconnection needs; returns how the connection ends
    /// when the server refused to let us in.
    async fn note(&mut self, socket: &mut Socket, message: &ServerMessage) -> Option<End> {
        match message {
            ServerMessage::Joined { seat, token, state } => {
                self.pair = None;
                self.rejoining_pair = false;
                if let Some(token) = token {
                    self.token = Some(*token);
                }
                self.playing = Playing::of(state);
                if seat.is_none() {
                    self.watching = Some(state.code);
                }
                self.keep_seat(state.code, *seat);
                self.last_seq = Some(state.seq);
                if past_its_deal(state) {
                    // A game got past its deal: a seek that led here is
                    // over (a pairing is called off only before).
                    self.seek = None;
                }
                if let Some(join) = self.arena_join_again()
                    && !self.send(socket, &join).await
                {
                    return Some(End::Dropped("the connection closed".into()));
                }
                return self.admitted(socket).await;
            }
            ServerMessage::ArenaJoined { arena, .. } => {
                if arena.summary.status == ArenaStatus::Finished {
                    // Over: nothing to join again.
                    self.arena = None;
                }
                return self.admitted(socket).await;
            }
            ServerMessage::ArenaPaired { code, .. } => {
                // The server takes this player out of the last game's room
                // and seats them in the next: that seat is the one to keep.
                if let Some(room) = self.room.take() {
                    self.forget_seat(room);
                }
                self.token = None;
                self.pair = Some(*code);
            }
            ServerMessage::ArenaLeft { .. } => {
                self.arena = None;
                self.watching_arena = None;
            }
            ServerMessage::ArenaUpdate { arena }
                if arena.summary.status == ArenaStatus::Finished =>
            {
                self.arena = None;
            }
            ServerMessage::ArenaUpdate { .. } | ServerMessage::ArenaPaused { .. } => {}
            ServerMessage::RoomList { .. } => return self.admitted(socket).await,
            ServerMessage::Seeking { .. } => {
                self.sought_here = true;
                return self.admitted(socket).await;
            }
            ServerMessage::Paired { code, .. } => self.pair = Some(*code),
            ServerMessage::Unpaired { code, requeued, .. } => {
                self.pair = None;
                if !requeued {
                    // This client's deal seal never reached the room (its
                    // opponent's did): the server ended the seek, and the
                    // client seeks again, at the back of the queue — once
                    // the server says the seek is over (`seek_ended`), or
                    // at once on a connection that never sought.
                    self.token = None;
                    self.room = None;
                    self.forget_seat(*code);
                    if self.sought_here {
                        self.seek_again_when_ended = true;
                        return None;
                    }
                    let seek = self.seek.map(|seek| seek.message(&self.identity))?;
                    return (!self.send(socket, &seek).await)
                        .then(|| End::Dropped("the connection closed".into()));
                }
                if !self.sought_here
                    && let Some(seek) = self.seek.map(|seek| seek.message(&self.identity))
                {
                    // In the pair's room by a join or a resume after a
                    // drop, this connection was never the seek's on the
                    // server: seek again here.
                    self.token = None;
                    self.room = None;
                    self.forget_seat(*code);
                    return (!self.send(socket, &seek).await)
                        .then(|| End::Dropped("the connection closed".into()));
                }
                // The opponent never came: the room is closed, and the
                // server seeks on for us (`seeking` follows).
                self.token = None;
                self.room = None;
                self.forget_seat(*code);
            }
            ServerMessage::BotOffered { .. }
                if self.seek.is_some_and(|seek| seek.ask_before_bot) =>
            {
                // The interface asks; the seek goes on meanwhile.
            }
            ServerMessage::BotOffered { options, .. } => {
                // The wait asked is over: the bot it offers is played (the
                // seek stops first; a pairing that came meanwhile wins, and
                // the room for the bot is then refused).
                self.seek = None;
                let play_the_bot = [
                    ClientMessage::CancelSeek,
                    ClientMessage::CreateRoom {
                        options: *options,
                        key: self.identity.key(),
                        bot_declaration: self.identity.bot_declaration(),
                        key_proof: None,
                    },
                ];
                for message in play_the_bot {
                    if !self.send(socket, &message).await {
                        return Some(End::Dropped("the connection closed".into()));
                    }
                }
            }
            ServerMessage::SeekEnded { reason } => {
                if std::mem::take(&mut self.seek_again_when_ended)
                    && let Some(seek) = self.seek.map(|seek| seek.message(&self.identity))
                {
                    // The seek a call-off ended (see `unpaired`): again.
                    return (!self.send(socket, &seek).await)
                        .then(|| End::Dropped("the connection closed".into()));
                }
                // Ended by the server (not by the bot taken above): over.
                if self.seek.take().is_some() {
                    return Some(End::Refused(reason.clone()));
                }
            }
            ServerMessage::State { state } => {
                // A rematch swaps seats: the kept seat says the new one.
                self.keep_seat(state.code, state.you);
                self.last_seq = Some(state.seq);
                self.playing = Playing::of(state);
            }
            ServerMessage::Event { seq, event } => {
                self.last_seq = Some(self.last_seq.map_or(*seq, |last| last.max(*seq)));
                self.playing.follow(event);
                if matches!(
                    **event,
                    RoomEvent::RoundStarted { .. } | RoomEvent::GameOver { .. }
                ) {
                    // The pairing's game got past its deal (the first round
                    // starts after it): the seek is over, as the room calls
                    // a pairing off only before.
                    self.seek = None;
                }
                if matches!(**event, RoomEvent::GameOver { .. })
                    && let Some(join) = self.arena_join_after_game()
                    && !self.send(socket, &join).await
                {
                    return Some(End::Dropped("the connection closed".into()));
                }
            }
            ServerMessage::Left { code } => {
                self.token = None;
                self.watching = None;
                self.forget_seat(*code);
            }
            ServerMessage::ShuttingDown { message } => self.farewell = Some(message.clone()),
            ServerMessage::Error { code, message } => {
                if self.entering && self.rejoining_pair && !passing_refusal(*code) {
                    // No seat of ours in the pair's room (it was never
                    // taken, or the room is gone): seek on.
                    self.rejoining_pair = false;
                    self.pair = None;
                    if let Some(room) = self.room.take() {
                        self.forget_seat(room);
                    }
                    let seek = self.seek.map(|seek| seek.message(&self.identity));
                    return match seek {
                        Some(seek) => (!self.send(socket, &seek).await)
                            .then(|| End::Dropped("the connection closed".into())),
                        None => Some(End::Refused(message.clone())),
                    };
                }
                if *code == ErrorCode::Replaced {
                    // Another client took the seat back: it plays it now,
                    // and coming back would only push it out in turn.
                    self.token = None;
                    return Some(End::Refused(message.clone()));
                }
                if *code == ErrorCode::BadToken {
                    // The seat is gone (the room closed, or the game).
                    self.token = None;
                    if let Some(seek) = self.seek.map(|seek| seek.message(&self.identity)) {
                        // The seat a pairing gave, gone before its game
                        // began (the room closed when the opponent did not
                        // come): seek again.
                        if let Some(room) = self.room.take() {
                            self.forget_seat(room);
                        }
                        return (!self.send(socket, &seek).await)
                            .then(|| End::Dropped("the connection closed".into()));
                    }
                    if let Some(join) = self.arena_join_again() {
                        // The last game's room is gone (closed, or its node
                        // died before the next pairing was told): back in
                        // the arena, which pairs this player again.
                        if let Some(room) = self.room.take() {
                            self.forget_seat(room);
                        }
                        return (!self.send(socket, &join).await)
                            .then(|| End::Dropped("the connection closed".into()));
                    }
                    if let Some(code) = self.join_if_gone.take() {
                        // The seat kept from before is gone: take the free
                        // seat instead, as `join CODE` asked.
                        self.forget_seat(code);
                        let join = ClientMessage::JoinRoom {
                            code,
                            key: self.identity.key(),
                            bot_declaration: self.identity.bot_declaration(),
                            key_proof: None,
                        };
                        return (!self.send(socket, &join).await)
                            .then(|| End::Dropped("the connection closed".into()));
                    }
                    if let Some(room) = self.room {
                        self.forget_seat(room);
                    }
                }
                if self.entering && self.resume_refused_for_now(*code) {
                    // Tried again, as after a drop: the next answer says
                    // where the room runs, or that the seat leads nowhere.
                    return Some(End::Dropped(message.clone()));
                }
                if self.entering {
                    // The greeting was refused. A server that is busy or
                    // stopping, or a node of a cluster that cannot reach
                    // the room just now, is worth another try, the first
                    // time as after a drop; anything else will not change
                    // by trying again.
                    return Some(if passing_refusal(*code) {
                        End::Dropped(message.clone())
                    } else {
                        End::Refused(message.clone())
                    });
                }
            }
            ServerMessage::Welcome { challenge, .. } => {
                self.challenge = Some(*challenge);
                if let Some(greeting) = self.greeting_due.take()
                    && !self.send(socket, &greeting).await
                {
                    return Some(End::Dropped(closing_reason(socket).await));
                }
            }
            ServerMessage::History { .. }
            | ServerMessage::Chat { .. }
            | ServerMessage::Renamed { .. } => {}
        }
        None
    }

    /// Whether a refusal of the seat taken back is one to try again: a
    /// room that says it has closed (`unknown_room`) while the game there
    /// was under way, or never seen, may be a server's stale copy of a room
    /// that runs on another server now (a cluster's node back from a
    /// pause). A seat that really leads nowhere is refused as such
    /// (`bad_token`), and a game seen to end gives the seat up.
    fn resume_refused_for_now(&self, code: ErrorCode) -> bool {
        let game_seen_ended = self.last_seq.is_some() && self.playing.exchange.is_none();
        self.resuming && code == ErrorCode::UnknownRoom && !game_seen_ended
    }

    /// The `join_arena` to send once, when coming back to an arena's
    /// game (after its room answered, whatever it said).
    fn arena_join_again(&mut self) -> Option<ClientMessage> {
        if !std::mem::take(&mut self.rejoin_arena) {
            return None;
        }
        let (id, join_code) = self.arena.as_ref()?;
        arena_join(*id, join_code.clone(), &self.identity)
    }

    /// The `join_arena` to send as an arena's game ends, whatever the last
    /// join was answered (refused, or never answered for a drop): back in
    /// the arena, the player is paired again. Joining while in is
    /// harmless; one join a game, never a loop. None when the arena is
    /// over, left, or paused by the player, or for a spectator.
    fn arena_join_after_game(&self) -> Option<ClientMessage> {
        if self.arena_paused || self.playing.seat.is_none() {
            return None;
        }
        let (id, join_code) = self.arena.as_ref()?;
        arena_join(*id, join_code.clone(), &self.identity)
    }

    /// The leave to send: signed with the player's key for the game under
    /// way, if one is (the record keeps it as the proof that they left).
    fn signed_leave(&self) -> ClientMessage {
        let signature = match (&self.identity.secret, self.playing) {
            (
                Some(secret),
                Playing {
                    seat: Some(seat),
                    exchange: Some((commitment, round)),
                },
            ) => Some(secret.sign_leave(commitment, round, seat)),
            _ => None,
        };
        ClientMessage::Leave { signature }
    }

    /// Keeps (or updates) the seat held in `room`: `seat` is this
    /// connection's seat there, none for a spectator.
    fn keep_seat(&mut self, room: RoomCode, seat: Option<Seat>) {
        self.room = Some(room);
        let (Some(seats), Some(token)) = (&self.seats, self.token) else {
            return;
        };
        if seat.is_none() {
            return;
        }
        let held = HeldSeat {
            server: self.url.clone(),
            room,
            token,
            seat,
            name: self.name.clone(),
            saved_at_ms: crate::seats::now_ms(),
        };
        if let Err(error) = seats.save(held) {
            // The game goes on; only a later run cannot take the seat back.
            let notice = ServerMessage::Error {
                code: ErrorCode::Internal,
                message: format!("cannot keep the seat for later: {error}"),
            };
            let _ = self.events.try_send(NetEvent::Message(notice));
        }
    }

    /// Forgets the seat kept for `room` (left, or gone).
    fn forget_seat(&mut self, room: RoomCode) {
        if let Some(seats) = &self.seats {
            let _ = seats.remove(&self.url, room, &self.name);
        }
    }

    /// Sends `message`, with the proof of the key it announces answering
    /// this connection's challenge; false if the connection closed.
    async fn send(&self, socket: &mut Socket, message: &ClientMessage) -> bool {
        match self.challenge {
            Some(challenge) => send_frame(socket, &self.identity.proven(message, challenge)).await,
            None => send_frame(socket, message).await,
        }
    }

    /// In: the room (or the list, or the queue) answered the greeting.
    /// What was held meanwhile goes now; `Some` if the connection closed.
    async fn admitted(&mut self, socket: &mut Socket) -> Option<End> {
        self.entering = false;
        self.resuming = false;
        self.greeting = None;
        self.failures = 0;
        self.give_up_at = None;
        if std::mem::take(&mut self.returning) {
            let _ = self.events.send(NetEvent::Reconnected).await;
        }
        for message in std::mem::take(&mut self.held) {
            if !self.send(socket, &message).await {
                return Some(End::Dropped("the connection closed".into()));
            }
        }
        None
    }
}

/// Waits until the user quits (leaves, or drops the sender); other commands
/// given meanwhile are held for when the link is back.
async fn hold_until_quit(
    commands: &mut mpsc::Receiver<ClientMessage>,
    held: &mut Vec<ClientMessage>,
) {
    while let Some(command) = commands.recv().await {
        if matches!(command, ClientMessage::Leave { .. }) {
            return;
        }
        held.push(command);
    }
}

fn entry_message(entry: Entry, identity: &Identity) -> anyhow::Result<ClientMessage> {
    // The link proves the key as it sends the greeting, on the
    // connection's challenge.
    let (key, bot_declaration, key_proof) = (identity.key(), identity.bot_declaration(), None);
    Ok(match entry {
        Entry::Create(options) => ClientMessage::CreateRoom {
            options,
            key,
            bot_declaration,
            key_proof,
        },
        Entry::Join(code) => ClientMessage::JoinRoom {
            code,
            key,
            bot_declaration,
            key_proof,
        },
        Entry::Resume { token, .. } => ClientMessage::Resume {
            token,
            last_seq: None,
            key,
            bot_declaration,
            key_proof,
        },
        Entry::Watch(code) => ClientMessage::WatchRoom { code },
        Entry::List => ClientMessage::ListRooms,
        Entry::Seek(seek) => seek.message(identity),
        Entry::Arena { id, join_code } => {
            return arena_join(id, join_code, identity).ok_or_else(|| {
                anyhow::anyhow!(
                    "an arena's players are their keys, and this client has none (see the \
                     note above on why)"
                )
            });
        }
        Entry::WatchArena(arena) => ClientMessage::WatchArena { arena },
    })
}

/// The `join_arena` made as `identity` (the link proves its key as it sends
/// it); none without a key (`connect` refuses an arena then).
fn arena_join(
    id: ArenaId,
    join_code: Option<String>,
    identity: &Identity,
) -> Option<ClientMessage> {
    Some(ClientMessage::JoinArena {
        arena: id,
        join_code,
        key: identity.key()?,
        key_proof: None,
        bot_declaration: identity.bot_declaration(),
    })
}

impl Playing {
    /// The game under way in a room's state.
    fn of(state: &RoomState) -> Playing {
        Playing {
            seat: state.you,
            exchange: state
                .exchange
                .as_ref()
                .map(|exchange| (exchange.commitment, exchange.round)),
        }
    }

    /// Follows the room's events: a game starts (its deal, round 0), a
    /// round starts, the game ends.
    fn follow(&mut self, event: &RoomEvent) {
        match event {
            RoomEvent::GameStarted { commitment, .. } => self.exchange = Some((*commitment, 0)),
            RoomEvent::RoundStarted { round, .. } => {
                if let Some((_, under_way)) = &mut self.exchange {
                    *under_way = *round;
                }
            }
            RoomEvent::GameOver { .. } => self.exchange = None,
            _ => {}
        }
    }
}

/// Why a connection dropped, in one phrase: what the server announced
/// before it went (its shutdown) says it all.
fn why_dropped(reason: String, farewell: Option<String>) -> String {
    farewell.unwrap_or(reason)
}

/// Sleeps until `at`; forever when there is nothing to wait for.
async fn until(at: Option<tokio::time::Instant>) {
    match at {
        Some(at) => tokio::time::sleep_until(at).await,
        None => std::future::pending().await,
    }
}

/// Why a server closed a connection, from its close frame.
fn close_words(close: Option<&tokio_tungstenite::tungstenite::protocol::CloseFrame>) -> String {
    use tokio_tungstenite::tungstenite::protocol::frame::coding::CloseCode;
    match close {
        Some(close) if close.code == CloseCode::Again => format!(
            "the server is full ({}): try again later",
            if close.reason.is_empty() {
                "close code 1013"
            } else {
                close.reason.as_str()
            }
        ),
        Some(close) if !close.reason.is_empty() => {
            format!("the server closed the connection: {}", close.reason)
        }
        _ => "the server closed the connection".into(),
    }
}

/// What a server that closed the connection said before it did (an error,
/// or its close frame), read briefly; or that it closed.
async fn closing_reason(socket: &mut Socket) -> String {
    let read = async {
        while let Some(Ok(frame)) = socket.next().await {
            match frame {
                Message::Text(text) => {
                    if let Ok(ServerMessage::Error { message, .. }) =
                        serde_json::from_str::<ServerMessage>(text.as_str())
                    {
                        return message;
                    }
                }
                Message::Close(close) => return close_words(close.as_ref()),
                _ => {}
            }
        }
        "the connection closed".to_owned()
    };
    tokio::time::timeout(Duration::from_secs(1), read)
        .await
        .unwrap_or_else(|_| "the connection closed".to_owned())
}

async fn send_frame(socket: &mut Socket, message: &ClientMessage) -> bool {
    match serde_json::to_string(message) {
        Ok(text) => socket.send(Message::text(text)).await.is_ok(),
        Err(_) => false,
    }
}

/// Whether the room's game has got past its deal (or ended): a pairing's
/// room calls the pairing off only before both players sealed their deal.
fn past_its_deal(state: &RoomState) -> bool {
    state.result.is_some()
        || (state.status == RoomStatus::Playing
            && state
                .exchange
                .as_ref()
                .is_none_or(|exchange| exchange.round != mice_cake_engine::fair::DEAL_ROUND))
}

#[cfg(test)]
mod tests {
    use tokio_tungstenite::tungstenite::protocol::CloseFrame;
    use tokio_tungstenite::tungstenite::protocol::frame::coding::CloseCode;

    use super::*;

    #[test]
    fn a_full_server_is_said_to_be_full() {
        let full = CloseFrame {
            code: CloseCode::Again,
            reason: "server full".into(),
        };
        assert_eq!(
            close_words(Some(&full)),
            "the server is full (server full): try again later"
        );
        let bare = CloseFrame {
            code: CloseCode::Again,
            reason: "".into(),
        };
        assert!(close_words(Some(&bare)).contains("the server is full (close code 1013)"));
        assert_eq!(close_words(None), "the server closed the connection");
    }

    /// A fake server's side of one connection: the client's next message.
    async fn next_message(socket: &mut WebSocketStream<TcpStream>) -> ClientMessage {
        loop {
            match socket.next().await {
                Some(Ok(Message::Text(text))) => return serde_json::from_str(&text).unwrap(),
                Some(Ok(_)) => continue,
                other => panic!("no message: {other:?}"),
            }
        }
    }

    /// A fake server's side of the client's next connection: its `hello`
    /// read, and welcomed with a challenge of its own.
    async fn greeted(listener: &tokio::net::TcpListener) -> WebSocketStream<TcpStream> {
        welcomed(listener).await.0
    }

    /// [`greeted`], with the challenge its welcome gave.
    async fn welcomed(
        listener: &tokio::net::TcpListener,
    ) -> (WebSocketStream<TcpStream>, KeyChallenge) {
        static CONNECTIONS: std::sync::atomic::AtomicU8 = std::sync::atomic::AtomicU8::new(1);
        let (stream, _) = listener.accept().await.unwrap();
        let mut socket = tokio_tungstenite::accept_async(stream).await.unwrap();
        assert!(matches!(
            next_message(&mut socket).await,
            ClientMessage::Hello { .. }
        ));
        let number = CONNECTIONS.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
        let challenge = KeyChallenge::from_bytes([number; 32]);
        say(
            &mut socket,
            &ServerMessage::Welcome {
                version: PROTOCOL_VERSION,
                server: "fake".into(),
                challenge,
            },
        )
        .await;
        (socket, challenge)
    }

    /// Whether `message` proves `key` answering the challenge of the
    /// connection it came on (a fake server's welcome gives each its own).
    fn proven_here(
        message: &ClientMessage,
        key: Option<PlayerKey>,
        welcomed: KeyChallenge,
    ) -> bool {
        let proof = match message {
            ClientMessage::CreateRoom { key_proof, .. }
            | ClientMessage::JoinRoom { key_proof, .. }
            | ClientMessage::Resume { key_proof, .. }
            | ClientMessage::Seek { key_proof, .. }
            | ClientMessage::JoinArena { key_proof, .. } => *key_proof,
            _ => None,
        };
        match (proof, key) {
            (Some(proof), Some(key)) => {
                proof.challenge == welcomed
                    && mice_cake_engine::signing::check_key_proof(key, welcomed, proof.signature)
            }
            _ => false,
        }
    }

    async fn say(socket: &mut WebSocketStream<TcpStream>, message: &ServerMessage) {
        let text = serde_json::to_string(message).unwrap();
        socket.send(Message::text(text)).await.unwrap();
    }

    /// As the nemesis found: paired, then the connection cut before the
    /// seat's `joined` came (the seat may be taken already, and its game
    /// begun). Coming back, the client asks the pair's room for its seat by
    /// key, with a fresh proof, rather than seek again and leave the seat
    /// to its deadlines; refused there, it seeks again.
    #[tokio::test]
    async fn a_drop_between_paired_and_joined_asks_the_pairs_room_for_the_seat() {
        let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
        let url = format!("ws://{}", listener.local_addr().unwrap());
        let code: RoomCode = "K7QMX".parse().unwrap();
        let server = tokio::spawn(async move {
            let mut first = greeted(&listener).await;
            assert!(matches!(
                next_message(&mut first).await,
                ClientMessage::Seek { .. }
            ));
            let seeking = ServerMessage::Seeking {
                pool: None,
                deadline_ms: None,
                rated: true,
                rating: mice_cake_protocol::Rating::initial(),
                paired_last: None,
            };
            say(&mut first, &seeking).await;
            say(
                &mut first,
                &ServerMessage::Paired {
                    code,
                    pool: mice_cake_protocol::Pool::Standard,
                    deadline_ms: None,
                    rated: true,
                    opponent: "Bea".into(),
                    rating: mice_cake_protocol::Rating::initial(),
                    opponent_bot: false,
                },
            )
            .await;
            drop(first);
            let (mut second, welcomed_with) = welcomed(&listener).await;
            let again = next_message(&mut second).await;
            assert!(
                proven_here(
                    &again,
                    Some(PlayerSecret::from_bytes([7; 32]).public_key()),
                    welcomed_with
                ),
                "proven on this connection: {again:?}"
            );
            let ClientMessage::JoinRoom {
                code: asked,
                key,
                key_proof,
                ..
            } = again
            else {
                panic!("not a join: {again:?}");
            };
            assert_eq!(asked, code);
            assert!(key.is_some() && key_proof.is_some(), "by key, proven");
            say(
                &mut second,
                &ServerMessage::Error {
                    code: ErrorCode::UnknownRoom,
                    message: "no room has the code K7QMX".into(),
                },
            )
            .await;
            let then = next_message(&mut second).await;
            assert!(
                matches!(then, ClientMessage::Seek { .. }),
                "seeks on: {then:?}"
            );
        });
        let identity = Identity {
            secret: Some(PlayerSecret::from_bytes([7; 32])),
            bot: false,
        };
        let seek = Seek {
            pool: None,
            deadline_ms: None,
            rated: true,
            bot_after_ms: None,
            ask_before_bot: false,
        };
        let _session = connect(&url, "Ann", Entry::Seek(seek), None, identity)
            .await
            .unwrap();
        tokio::time::timeout(Duration::from_secs(20), server)
            .await
            .expect("the client came back in time")
            .unwrap();
    }

    /// As a nemesis found (issue 60): a player's connection drops mid-game,
    /// and the resume reaches a cluster's node back from a pause, whose
    /// stale copy of the room says it has closed. The game was never seen
    /// to end: the client comes back again rather than give the seat up,
    /// and is seated where the room runs now.
    #[tokio::test]
    async fn a_resume_refused_as_closed_mid_game_is_tried_again() {
        let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
        let url = format!("ws://{}", listener.local_addr().unwrap());
        let mut room = crate::fixture::FakeRoom::new(Some(Seat::Yellow), 3);
        let server = tokio::spawn(async move {
            let mut first = greeted(&listener).await;
            assert!(matches!(
                next_message(&mut first).await,
                ClientMessage::CreateRoom { .. }
            ));
            for message in room.entered() {
                say(&mut first, &message).await;
            }
            for message in room.opponent_arrives() {
                say(&mut first, &message).await;
            }
            drop(first);
            let mut second = greeted(&listener).await;
            let again = next_message(&mut second).await;
            assert!(matches!(again, ClientMessage::Resume { .. }), "{again:?}");
            say(
                &mut second,
                &ServerMessage::Error {
                    code: ErrorCode::UnknownRoom,
                    message: "the room has closed".into(),
                },
            )
            .await;
            let mut third = greeted(&listener).await;
            let again = next_message(&mut third).await;
            assert!(
                matches!(again, ClientMessage::Resume { .. }),
                "the seat is asked back again: {again:?}"
            );
        });
        let _session = connect(
            &url,
            "Ann",
            Entry::Create(RoomOptions::default()),
            None,
            Identity::default(),
        )
        .await
        .unwrap();
        tokio::time::timeout(Duration::from_secs(20), server)
            .await
            .expect("the client came back in time")
            .unwrap();
    }

    /// As the cluster's kill test found: an arena's player whose node died
    /// after their game ended and before the next pairing was told comes
    /// back to a room that is gone. The client joins the arena again
    /// rather than end on the refused token.
    #[tokio::test]
    async fn an_arena_player_whose_last_room_is_gone_joins_the_arena_again() {
        let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
        let url = format!("ws://{}", listener.local_addr().unwrap());
        let arena: ArenaId = "K7M2QX9P".parse().unwrap();
        let joined = crate::fixture::FakeRoom::new(Some(Seat::Yellow), 3).joined();
        let server = tokio::spawn(async move {
            let mut first = greeted(&listener).await;
            let join = next_message(&mut first).await;
            assert!(
                matches!(join, ClientMessage::JoinArena { arena: asked, .. } if asked == arena)
            );
            // Seated in a game of the arena's, then cut off.
            say(&mut first, &joined).await;
            drop(first);
            let mut second = greeted(&listener).await;
            let again = next_message(&mut second).await;
            assert!(matches!(again, ClientMessage::Resume { .. }), "{again:?}");
            say(
                &mut second,
                &ServerMessage::Error {
                    code: ErrorCode::BadToken,
                    message: "that seat token is not valid".into(),
                },
            )
            .await;
            let then = next_message(&mut second).await;
            assert!(
                matches!(then, ClientMessage::JoinArena { arena: asked, .. } if asked == arena),
                "joins the arena again: {then:?}"
            );
        });
        let identity = Identity {
            secret: Some(PlayerSecret::from_bytes([7; 32])),
            bot: false,
        };
        let entry = Entry::Arena {
            id: arena,
            join_code: None,
        };
        let _session = connect(&url, "Ann", entry, None, identity).await.unwrap();
        tokio::time::timeout(Duration::from_secs(20), server)
            .await
            .expect("the client joined the arena again in time")
            .unwrap();
    }

    /// Issue 60: after a crash, a player back in their arena game's room
    /// had their join refused (the arena did not know that room), and the
    /// client, told nothing more of the arena, waited forever to be paired
    /// again. Whatever the last join's answer, the client joins again as
    /// each game of the arena ends: once a game, never in a loop.
    #[tokio::test]
    async fn an_arena_player_refused_once_joins_the_arena_again_when_the_game_ends() {
        let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
        let url = format!("ws://{}", listener.local_addr().unwrap());
        let arena: ArenaId = "K7M2QX9P".parse().unwrap();
        let mut room = crate::fixture::FakeRoom::new(Some(Seat::Yellow), 3);
        let server = tokio::spawn(async move {
            let is_join = |message: &ClientMessage| matches!(message, ClientMessage::JoinArena { arena: asked, .. } if *asked == arena);
            let mut first = greeted(&listener).await;
            let join = next_message(&mut first).await;
            assert!(is_join(&join), "{join:?}");
            // Seated in a game of the arena's, then cut off.
            say(&mut first, &room.joined()).await;
            drop(first);
            let mut second = greeted(&listener).await;
            let again = next_message(&mut second).await;
            assert!(matches!(again, ClientMessage::Resume { .. }), "{again:?}");
            for message in room.resume(0) {
                say(&mut second, &message).await;
            }
            let rejoin = next_message(&mut second).await;
            assert!(
                is_join(&rejoin),
                "back in the arena after the resume: {rejoin:?}"
            );
            say(
                &mut second,
                &ServerMessage::Error {
                    code: ErrorCode::ArenaRefused,
                    message: "you are in a room of another game: leave it first".into(),
                },
            )
            .await;
            // Refused: no join again until the game ends.
            let quiet = tokio::time::timeout(Duration::from_millis(300), next_message(&mut second));
            assert!(
                quiet.await.is_err(),
                "a refused join is not sent again at once"
            );
            for message in room.forfeits(Seat::Blue) {
                say(&mut second, &message).await;
            }
            let after = next_message(&mut second).await;
            assert!(
                is_join(&after),
                "joins the arena again as its game ends: {after:?}"
            );
            say(
                &mut second,
                &ServerMessage::Error {
                    code: ErrorCode::ArenaRefused,
                    message: "refused again".into(),
                },
            )
            .await;
            let quiet = tokio::time::timeout(Duration::from_millis(300), next_message(&mut second));
            assert!(quiet.await.is_err(), "one join a game: no loop");
        });
        let identity = Identity {
            secret: Some(PlayerSecret::from_bytes([7; 32])),
            bot: false,
        };
        let entry = Entry::Arena {
            id: arena,
            join_code: None,
        };
        let _session = connect(&url, "Ann", entry, None, identity).await.unwrap();
        tokio::time::timeout(Duration::from_secs(20), server)
            .await
            .expect("the client joined the arena again in time")
            .unwrap();
    }

    /// Seated in the pair's room, the connection dropped and the seat
    /// resumed with its token: when the pairing is then called off, the
    /// server says `unpaired` but seeks for that connection no more (it
    /// never sought), so the client seeks again itself.
    #[tokio::test]
    async fn a_pairing_called_off_after_a_resume_seeks_again() {
        called_off_after_a_resume(true).await;
    }

    /// The same when the server holds this client to blame (its deal seal
    /// never came, its opponent's did): the client seeks again all the
    /// same, at the back of the queue.
    #[tokio::test]
    async fn a_pairing_called_off_for_our_unsealed_deal_seeks_again() {
        called_off_after_a_resume(false).await;
    }

    /// Seated by the seek of this very connection, its deal seal lost on
    /// the way while the opponent's came: the server ends the seek
    /// (`unpaired` with `requeued: false`, then `seek_ended`), and the
    /// client seeks again rather than end.
    #[tokio::test]
    async fn a_seek_ended_for_our_unsealed_deal_is_made_again() {
        let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
        let url = format!("ws://{}", listener.local_addr().unwrap());
        let room = crate::fixture::FakeRoom::new(Some(Seat::Yellow), 3);
        let joined = room.joined();
        let ServerMessage::Joined { state, .. } = &joined else {
            unreachable!()
        };
        let code = state.code;
        let server = tokio::spawn(async move {
            let mut socket = greeted(&listener).await;
            assert!(matches!(
                next_message(&mut socket).await,
                ClientMessage::Seek { .. }
            ));
            let seeking = ServerMessage::Seeking {
                pool: None,
                deadline_ms: None,
                rated: false,
                rating: mice_cake_protocol::Rating::initial(),
                paired_last: None,
            };
            say(&mut socket, &seeking).await;
            say(&mut socket, &joined).await;
            let unpaired = ServerMessage::Unpaired {
                code,
                reason: "you did not seal your deal within 10s while your opponent did".into(),
                requeued: false,
            };
            say(&mut socket, &unpaired).await;
            let ended = ServerMessage::SeekEnded {
                reason: "you did not seal your deal in time".into(),
            };
            say(&mut socket, &ended).await;
            let then = next_message(&mut socket).await;
            assert!(
                matches!(then, ClientMessage::Seek { .. }),
                "seeks again: {then:?}"
            );
        });
        let seek = Seek {
            pool: None,
            deadline_ms: None,
            rated: false,
            bot_after_ms: None,
            ask_before_bot: false,
        };
        let _session = connect(&url, "Ann", Entry::Seek(seek), None, Identity::default())
            .await
            .unwrap();
        tokio::time::timeout(Duration::from_secs(20), server)
            .await
            .expect("the client sought again in time")
            .unwrap();
    }

    async fn called_off_after_a_resume(requeued: bool) {
        let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
        let url = format!("ws://{}", listener.local_addr().unwrap());
        let room = crate::fixture::FakeRoom::new(Some(Seat::Yellow), 3);
        let joined = room.joined();
        let ServerMessage::Joined { state, .. } = &joined else {
            unreachable!()
        };
        let code = state.code;
        let server = tokio::spawn(async move {
            let mut first = greeted(&listener).await;
            assert!(matches!(
                next_message(&mut first).await,
                ClientMessage::Seek { .. }
            ));
            let seeking = ServerMessage::Seeking {
                pool: None,
                deadline_ms: None,
                rated: false,
                rating: mice_cake_protocol::Rating::initial(),
                paired_last: None,
            };
            say(&mut first, &seeking).await;
            say(&mut first, &joined).await;
            drop(first);
            let mut second = greeted(&listener).await;
            let again = next_message(&mut second).await;
            assert!(matches!(again, ClientMessage::Resume { .. }), "{again:?}");
            say(&mut second, &joined).await;
            let unpaired = ServerMessage::Unpaired {
                code,
                reason: "your opponent did not take their seat and seal their deal within 10s"
                    .into(),
                requeued,
            };
            say(&mut second, &unpaired).await;
            let then = next_message(&mut second).await;
            assert!(
                matches!(then, ClientMessage::Seek { .. }),
                "seeks again: {then:?}"
            );
        });
        let seek = Seek {
            pool: None,
            deadline_ms: None,
            rated: false,
            bot_after_ms: None,
            ask_before_bot: false,
        };
        let _session = connect(&url, "Ann", Entry::Seek(seek), None, Identity::default())
            .await
            .unwrap();
        tokio::time::timeout(Duration::from_secs(20), server)
            .await
            .expect("the client sought again in time")
            .unwrap();
    }

    /// The full-screen interface asks before the bot offered is played:
    /// the link plays it by itself no more, and the room the interface then
    /// asks for is made as this player (key and proof), the seek ended
    /// first.
    #[tokio::test]
    async fn a_bot_offer_waits_for_the_interface_and_its_room_is_made_as_the_player() {
        let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
        let url = format!("ws://{}", listener.local_addr().unwrap());
        let (offered, was_offered) = tokio::sync::oneshot::channel();
        let server = tokio::spawn(async move {
            let (mut socket, welcomed_with) = welcomed(&listener).await;
            assert!(matches!(
                next_message(&mut socket).await,
                ClientMessage::Seek { .. }
            ));
            let seeking = ServerMessage::Seeking {
                pool: None,
                deadline_ms: None,
                rated: true,
                rating: mice_cake_protocol::Rating::initial(),
                paired_last: None,
            };
            say(&mut socket, &seeking).await;
            let offer = ServerMessage::BotOffered {
                policy: mice_cake_engine::Policy::Greedy,
                options: RoomOptions::default(),
            };
            say(&mut socket, &offer).await;
            // Nothing by itself.
            let quiet =
                tokio::time::timeout(Duration::from_millis(500), next_message(&mut socket)).await;
            assert!(quiet.is_err(), "the link played the bot: {quiet:?}");
            offered.send(()).unwrap();
            assert!(matches!(
                next_message(&mut socket).await,
                ClientMessage::CancelSeek
            ));
            let create = next_message(&mut socket).await;
            assert!(
                proven_here(
                    &create,
                    Some(PlayerSecret::from_bytes([7; 32]).public_key()),
                    welcomed_with
                ),
                "as the player, proven on this connection: {create:?}"
            );
        });
        let identity = Identity {
            secret: Some(PlayerSecret::from_bytes([7; 32])),
            bot: false,
        };
        let seek = Seek {
            pool: None,
            deadline_ms: None,
            rated: true,
            bot_after_ms: None,
            ask_before_bot: true,
        };
        let session = connect(&url, "Ann", Entry::Seek(seek), None, identity)
            .await
            .unwrap();
        was_offered.await.unwrap();
        session
            .commands
            .send(ClientMessage::CreateRoom {
                options: RoomOptions::default(),
                key: None,
                bot_declaration: None,
                key_proof: None,
            })
            .await
            .unwrap();
        tokio::time::timeout(Duration::from_secs(20), server)
            .await
            .expect("the room was asked for in time")
            .unwrap();
    }

    #[test]
    fn a_shutdown_is_said_once() {
        assert_eq!(
            why_dropped(
                "the server closed the connection: server shutting down".into(),
                Some("the server is shutting down".into())
            ),
            "the server is shutting down"
        );
        assert_eq!(
            why_dropped("the connection closed".into(), None),
            "the connection closed"
        );
    }
}

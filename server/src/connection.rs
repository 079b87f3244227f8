//! One WebSocket connection: the handshake, limits, parsing, and the way to
//! its room. A single task per connection reads the client's frames and
//! writes what its outbound queue holds.

use std::net::IpAddr;
use std::sync::Arc;
use std::sync::atomic::Ordering;
use std::time::Duration;

use mice_cake_engine::{
    CheckingKey, ExchangeError, PlayerKey, Seal, SealSignature, SealToCheck, Seat,
};
use mice_cake_protocol::{
    ClientMessage, ErrorCode, MAX_FRAME_BYTES, PROTOCOL_VERSION, Pool, RoomCode, RoomOptions,
    ServerMessage,
};
use tokio::time::Instant;
use tokio_tungstenite::tungstenite::protocol::frame::coding::CloseCode;
use tokio_tungstenite::tungstenite::{self, Message};
use tracing::{debug, info};

mod rename;
mod seating;
mod seeking;

use self::rename::Rename;
use self::seating::{Claim, usable_key};
use self::seeking::{PairedSeek, Seek, Seeking, is_unpaired, next_news};
use crate::admission::{Admitted, Full, Presence, Slot};
use crate::outbound::{Closing, Frame, Inbound, Next, Outbound};
use crate::quote::bounded;
use crate::ratelimit::RateLimit;
use crate::refusals::Refused;
use crate::room::{Command, ConnId, JoinToken, Member, Refusal, RoomHandle, SealSigning, Seating};
use crate::shared::Shared;
use crate::socket::Socket;
use crate::token::token_hash;

/// Chat messages a connection may send per second, on average (bursts of
/// twice that).
const CHAT_PER_SECOND: u32 = 1;

/// Refused messages after which a flooding client is disconnected.
const MAX_RATE_VIOLATIONS: u32 = 100;

/// How long queued messages may take to drain before a connection closes.
const DRAIN: Duration = Duration::from_secs(1);

/// Longest a closed connection reads what its client still sends (see
/// `Socket::linger`).
const LINGER: Duration = Duration::from_secs(1);

/// The address a WebSocket came from, which the accept loop gives its
/// request: slots are shared out by it.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Peer(pub(crate) IpAddr);

/// Why the loop ended, and how to close.
enum Ending {
    /// The client closed, or the socket failed.
    Gone,
    /// Close with this code and reason (after the queue drains).
    Close(CloseCode, &'static str),
}

/// Serves one upgraded WebSocket until it closes.
///
/// Every connection's task holds this function's state for as long as it
/// lives, so it is kept small (docs/performance.md): the socket comes boxed
/// (held by value, the task would carry it twice: an argument moved into an
/// async fn's body keeps its first slot), what wakes the task is handled in
/// a boxed future of its own (a message, a batch of writes, a ping), and
/// one timer serves both the deadline for `hello` and the pings.
pub(crate) async fn serve(mut socket: Box<Socket>, shared: Arc<Shared>, peer: Peer) {
    let _counted = Counted::new(&shared);
    let (outbound, queue) = Outbound::new(shared.config.outbound_queue);
    let slot = match shared.admission.admit(peer.0, &outbound) {
        Ok(Admitted::Free(slot)) => slot,
        Ok(Admitted::PushingOut(slot, pushed_out)) => {
            shared.refused(Refused::PushedOut, Some(peer.0));
            pushed_out.send_message(&ServerMessage::Error {
                code: ErrorCode::TooManyConnections,
                message: "the server is full, and this connection, in no game, made room for \
                          another (its address holds the most connections); try again later"
                    .into(),
            });
            pushed_out.disconnect();
            slot
        }
        Err(Full) => {
            shared.refused(Refused::ServerFull, Some(peer.0));
            metrics::counter!(crate::metrics::ERRORS, "code" => ErrorCode::TooManyConnections.as_str())
                .increment(1);
            Box::pin(turn_away(&mut socket)).await;
            return;
        }
    };
    let mut live = Live {
        session: Session::new(Arc::clone(&shared), outbound, slot, peer),
        socket,
        queue,
        heartbeat: Heartbeat::new(shared.config.hello_timeout, shared.config.ping_interval),
        last_heard: Instant::now(),
    };
    let timer = tokio::time::sleep_until(live.heartbeat.next(false));
    tokio::pin!(timer);
    // Made once, not once a turn of the loop: a waiting future registers
    // with its token on its first poll and leaves it when dropped, and the
    // server's shutdown token is shared by every connection.
    let shutting_down = shared.shutdown().cancelled();
    tokio::pin!(shutting_down);

    let ending = loop {
        let wake = tokio::select! {
            biased;
            () = &mut shutting_down => Wake::ShuttingDown,
            next = live.queue.next() => Wake::Queued(next),
            incoming = live.socket.recv() => Wake::Read(incoming),
            news = next_news(&mut live.session.seeking) => Wake::News(news),
            () = &mut timer => Wake::Timer,
        };
        let timed = matches!(wake, Wake::Timer);
        if let Some(ending) = Box::pin(live.on_wake(wake)).await {
            break ending;
        }
        if timed {
            timer
                .as_mut()
                .reset(live.heartbeat.next(live.session.name.is_some()));
        }
    };

    Box::pin(live.session.left()).await;
    if let Ending::Close(code, reason) = ending {
        Box::pin(goodbye(&mut live.socket, &mut live.queue, code, reason)).await;
    }
}

/// What woke a connection's task.
enum Wake {
    ShuttingDown,
    Queued(Next),
    Read(Option<Result<Message, tungstenite::Error>>),
    /// What quick pairing's queue tells a seeking connection.
    News(Option<crate::pairing::News>),
    Timer,
}

/// A connection while it is served: its session, its socket and queue, and
/// when it was last heard from.
struct Live {
    session: Session,
    socket: Box<Socket>,
    queue: Inbound,
    heartbeat: Heartbeat,
    last_heard: Instant,
}

impl Live {
    /// Handles what woke the task; `Some` when the connection is to end.
    async fn on_wake(&mut self, wake: Wake) -> Option<Ending> {
        let config = &self.session.shared.config;
        let (write_timeout, ping_interval) = (config.write_timeout, config.ping_interval);
        match wake {
            Wake::ShuttingDown => {
                if self.session.seeking.is_some() {
                    self.session
                        .outbound
                        .send_message(&ServerMessage::SeekEnded {
                            reason: "the server is shutting down".into(),
                        });
                }
                self.session
                    .outbound
                    .send_message(&ServerMessage::ShuttingDown {
                        message: "the server is shutting down".into(),
                    });
                Some(Ending::Close(CloseCode::Away, "server shutting down"))
            }
            Wake::Queued(Next::Close(Closing::Cut)) => {
                Some(Ending::Close(CloseCode::Policy, "closed by the server"))
            }
            Wake::Queued(Next::Close(Closing::Rerouted)) => Some(Ending::Close(
                CloseCode::Restart,
                "the way to your room changed (its server moved or stopped): reconnect",
            )),
            Wake::Queued(Next::Write(frame)) => {
                // A pairing called off is told by its room, as it closes.
                let mut unpaired = false;
                let written = write_queued(
                    &mut self.socket,
                    frame,
                    &mut self.queue,
                    write_timeout,
                    |frame| unpaired |= is_unpaired(frame),
                )
                .await;
                if !written {
                    return Some(Ending::Gone);
                }
                if unpaired {
                    Box::pin(self.session.unpaired()).await;
                }
                None
            }
            Wake::Read(incoming) => {
                self.last_heard = Instant::now();
                self.on_read(incoming).await
            }
            Wake::News(news) => {
                Box::pin(self.session.on_news(news)).await;
                None
            }
            Wake::Timer => {
                let now = Instant::now();
                if self.session.name.is_none() && now >= self.heartbeat.hello_by {
                    self.session.refused(Refused::NoHello);
                    self.session
                        .refuse(Refusal::new(ErrorCode::HelloRequired, "say hello first"));
                    return Some(Ending::Close(CloseCode::Policy, "no hello"));
                }
                if now >= self.heartbeat.next_ping {
                    if self.last_heard.elapsed() > 2 * ping_interval {
                        return Some(Ending::Gone);
                    }
                    if !within(write_timeout, self.socket.ping()).await {
                        return Some(Ending::Gone);
                    }
                    self.heartbeat.pinged(Instant::now());
                }
                None
            }
        }
    }

    /// Handles what the client sent, or why reading failed.
    async fn on_read(
        &mut self,
        incoming: Option<Result<Message, tungstenite::Error>>,
    ) -> Option<Ending> {
        if let Some(Ok(Message::Close(close))) = &incoming {
            // The WebSocket layer has made the answer (the same code, or
            // 1002 for one no client may send): it goes before the end. A
            // code no endpoint may send (1005, 1006, 1015, reserved or out
            // of range) is a protocol error, counted as any other; the
            // layer hands it on already replaced by its answer, 1002
            // "Protocol violation" (a client that closes with those words
            // itself reports one too).
            if close.as_ref().is_some_and(|close| {
                close.code == CloseCode::Protocol && close.reason.as_str() == "Protocol violation"
            }) {
                debug!(conn = ?self.session.id, "close code no endpoint may send");
                self.session.refused(Refused::ProtocolError);
            }
            let write_timeout = self.session.shared.config.write_timeout;
            within(write_timeout, self.socket.answer_close()).await;
            return Some(Ending::Gone);
        }
        let session = &mut self.session;
        match incoming {
            None | Some(Ok(Message::Close(_))) => return Some(Ending::Gone),
            Some(Err(error)) => {
                return Some(match ReadFailure::of(&error) {
                    ReadFailure::TooLarge => {
                        debug!(conn = ?session.id, "frame too large");
                        session.refuse(Refusal::new(
                            ErrorCode::FrameTooLarge,
                            format!("frames are limited to {MAX_FRAME_BYTES} bytes"),
                        ));
                        Ending::Close(CloseCode::Size, "frame too large")
                    }
                    // The error quotes the frame, which may be a commit: not
                    // logged.
                    ReadFailure::InvalidUtf8 => {
                        debug!(conn = ?session.id, "text frame not UTF-8");
                        session.refuse(Refusal::new(
                            ErrorCode::InvalidUtf8,
                            "a text frame must be valid UTF-8 (RFC 6455); the connection closes",
                        ));
                        Ending::Close(CloseCode::Invalid, "invalid UTF-8")
                    }
                    // Not a WebSocket any more (RFC 6455 §7.1.7: 1002).
                    // The frame may hold anything: only the kind is logged.
                    ReadFailure::Protocol => {
                        debug!(conn = ?session.id, "WebSocket protocol violated");
                        session.refused(Refused::ProtocolError);
                        Ending::Close(CloseCode::Protocol, "protocol error")
                    }
                    ReadFailure::Other => {
                        debug!(conn = ?session.id, cause = %error, "read failed");
                        Ending::Gone
                    }
                });
            }
            // Boxed apart: handling a message takes ~900 bytes of future,
            // which every write and ping would otherwise allocate too.
            Some(Ok(Message::Text(text))) => Box::pin(session.on_frame(Some(text.as_str()))).await,
            Some(Ok(Message::Binary(_))) => Box::pin(session.on_frame(None)).await,
            Some(Ok(Message::Ping(_))) => session.on_ping(),
            Some(Ok(Message::Pong(_) | Message::Frame(_))) => {}
        }
        if !session.flooded() {
            return None;
        }
        session.refused(Refused::TooManyMessages);
        Some(Ending::Close(CloseCode::Policy, "too many messages"))
    }
}

/// The connection's one timer: the deadline for `hello`, then a ping each
/// interval.
struct Heartbeat {
    hello_by: Instant,
    next_ping: Instant,
    ping_interval: Duration,
}

impl Heartbeat {
    fn new(hello_timeout: Duration, ping_interval: Duration) -> Heartbeat {
        let now = Instant::now();
        Heartbeat {
            hello_by: now + hello_timeout,
            next_ping: now + ping_interval,
            ping_interval,
        }
    }

    /// When the timer is next due: the ping, or the deadline for `hello`
    /// if the client has not said it and it comes first.
    fn next(&self, greeted: bool) -> Instant {
        if greeted {
            self.next_ping
        } else {
            self.hello_by.min(self.next_ping)
        }
    }

    /// A ping went out at `now`: the next one is an interval later (pings
    /// missed while the task was busy are not made up).
    fn pinged(&mut self, now: Instant) {
        self.next_ping = now + self.ping_interval;
    }
}

/// Tells a client the server is full, and closes.
async fn turn_away(socket: &mut Socket) {
    let refusal = crate::outbound::frame(&ServerMessage::Error {
        code: ErrorCode::TooManyConnections,
        message: "the server is full; try again later".into(),
    });
    let _ = socket.send_text(&[refusal]).await;
    let _ = socket.close(CloseCode::Again, "server full").await;
}

/// Delivers what is queued (an error, a goodbye), briefly, then closes.
async fn goodbye(socket: &mut Socket, queue: &mut Inbound, code: CloseCode, reason: &str) {
    let drained = async {
        while let Some(frame) = queue.try_recv() {
            if socket.send_text(&[frame]).await.is_err() {
                return;
            }
        }
        let _ = socket.close(code, reason).await;
    };
    let _ = tokio::time::timeout(DRAIN, drained).await;
    socket.linger(LINGER).await;
}

/// Most queued frames written at once.
const WRITE_BATCH: usize = 32;

/// Writes `first` and whatever else is queued already (a round's reveal
/// comes with its `committed`) with one vectored write: one system call for
/// many frames, each shown to `look` first. Within `limit`, as every write.
async fn write_queued(
    socket: &mut Socket,
    first: Frame,
    queue: &mut Inbound,
    limit: Duration,
    mut look: impl FnMut(&Frame),
) -> bool {
    let mut batch = Vec::with_capacity(WRITE_BATCH);
    batch.push(first);
    while batch.len() < WRITE_BATCH
        && let Some(frame) = queue.try_recv()
    {
        batch.push(frame);
    }
    batch.iter().for_each(&mut look);
    within(limit, socket.send_text(&batch)).await
}

/// Whether `write` completed within `limit`, counting a timeout as a slow
/// client. A client that does not read for that long has fallen behind: the
/// caller drops the connection (nothing more can be written to it, not even
/// a close frame).
async fn within(limit: Duration, write: impl Future<Output = std::io::Result<()>>) -> bool {
    let mut write = std::pin::pin!(write);
    // Most writes finish at once, the socket taking them whole: a timer set
    // and cancelled for each (thousands at a spectators' reveal) is spared.
    let written = match futures_util::poll!(write.as_mut()) {
        std::task::Poll::Ready(written) => Ok(written),
        std::task::Poll::Pending => tokio::time::timeout(limit, write).await,
    };
    match written {
        Ok(Ok(())) => true,
        Ok(Err(_)) => false,
        Err(_) => {
            metrics::counter!(crate::metrics::SLOW_CLIENTS).increment(1);
            debug!("write timed out: the client is not reading");
            false
        }
    }
}

/// Why a read from the WebSocket failed, where it matters.
enum ReadFailure {
    /// A message larger than the WebSocket layer holds.
    TooLarge,
    /// A text frame that is not UTF-8 (RFC 6455 closes with 1007).
    InvalidUtf8,
    /// A frame RFC 6455 does not allow: reserved bits or opcode, no mask, a
    /// continuation of nothing, a control frame over 125 bytes or in
    /// pieces, a close code no one may send (closed with 1002).
    Protocol,
    /// The connection failed.
    Other,
}

impl ReadFailure {
    fn of(error: &tungstenite::Error) -> ReadFailure {
        match error {
            tungstenite::Error::Capacity(_) => ReadFailure::TooLarge,
            tungstenite::Error::Utf8(_) => ReadFailure::InvalidUtf8,
            // A client gone without a close frame is gone, not wrong.
            tungstenite::Error::Protocol(
                tungstenite::error::ProtocolError::ResetWithoutClosingHandshake,
            ) => ReadFailure::Other,
            tungstenite::Error::Protocol(_) => ReadFailure::Protocol,
            _ => ReadFailure::Other,
        }
    }
}

/// Counts a connection for its lifetime.
struct Counted<'a>(&'a Shared);

impl<'a> Counted<'a> {
    fn new(shared: &'a Shared) -> Counted<'a> {
        let open = shared.connections.fetch_add(1, Ordering::Relaxed) + 1;
        metrics::gauge!(crate::metrics::CONNECTIONS).set(open as f64);
        Counted(shared)
    }
}

impl Drop for Counted<'_> {
    fn drop(&mut self) {
        let open = self.0.connections.fetch_sub(1, Ordering::Relaxed) - 1;
        metrics::gauge!(crate::metrics::CONNECTIONS).set(open as f64);
    }
}

/// Where a connection is.
struct Membership {
    room: RoomHandle,
    seat: Option<Seat>,
    /// The key the seat was taken with, ready to check its seals.
    key: Option<CheckingKey>,
}

struct Session {
    id: ConnId,
    shared: Arc<Shared>,
    outbound: Outbound,
    /// Set by `hello`.
    name: Option<String>,
    membership: Option<Membership>,
    /// A seek for an opponent under way (quick pairing).
    seeking: Option<Seeking>,
    /// A seek paired, its seat taken: back in the queue if the pairing is
    /// called off before its game begins.
    paired: Option<PairedSeek>,
    limit: RateLimit,
    chat_limit: RateLimit,
    /// Openings that follow seals already counted against the rate.
    openings_owed: u8,
    violations: u32,
    /// Its WebSocket slot, given back when the session ends.
    slot: Slot,
    peer: Peer,
}

impl Session {
    fn new(shared: Arc<Shared>, outbound: Outbound, slot: Slot, peer: Peer) -> Session {
        let limit = RateLimit::new(shared.config.messages_per_second, std::time::Instant::now());
        Session {
            id: ConnId::next(),
            shared,
            outbound,
            name: None,
            membership: None,
            seeking: None,
            paired: None,
            limit,
            chat_limit: RateLimit::new(CHAT_PER_SECOND, std::time::Instant::now()),
            openings_owed: 0,
            violations: 0,
            slot,
            peer,
        }
    }

    /// Counts the connection refused or cut off.
    fn refused(&self, why: Refused) {
        self.shared.refused(why, Some(self.peer.0));
    }

    fn member(&self) -> Member {
        Member {
            conn: self.id,
            outbound: self.outbound.clone(),
        }
    }

    fn refuse(&self, refusal: Refusal) {
        metrics::counter!(crate::metrics::ERRORS, "code" => refusal.code.as_str()).increment(1);
        if refusal.code == ErrorCode::BadToken {
            self.refused(Refused::BadToken);
        }
        debug!(conn = ?self.id, code = refusal.code.as_str(), "refused");
        self.outbound.send_message(&ServerMessage::Error {
            code: refusal.code,
            message: refusal.message,
        });
    }

    fn flooded(&self) -> bool {
        self.violations >= MAX_RATE_VIOLATIONS
    }

    /// A ping from the client counts against the rate as a message does
    /// (the WebSocket layer has answered it already): a flood of pings is
    /// cut off as a flood of messages is, without an error for each.
    fn on_ping(&mut self) {
        if !self.limit.allow(std::time::Instant::now()) {
            self.violations += 1;
        }
    }

    /// A text frame, or `None` for a binary one.
    async fn on_frame(&mut self, text: Option<&str>) {
        metrics::counter!(crate::metrics::MESSAGES_RECEIVED).increment(1);
        let parsed = text
            .filter(|text| text.len() <= MAX_FRAME_BYTES)
            .map(ClientMessage::parse);
        // A move is two messages, its seal and its opening: the opening
        // that follows a seal is not counted against the rate, so that the
        // rate means moves, as it did before sealed play.
        let owed_opening =
            matches!(parsed, Some(Ok(ClientMessage::Open { .. }))) && self.openings_owed > 0;
        if owed_opening {
            self.openings_owed -= 1;
        } else if !self.limit.allow(std::time::Instant::now()) {
            self.violations += 1;
            let rate = self.shared.config.messages_per_second;
            return self.refuse(Refusal::new(
                ErrorCode::RateLimited,
                format!("too many messages: at most {rate} a second; this one was ignored"),
            ));
        }
        let Some(text) = text else {
            return self.refuse(Refusal::new(
                ErrorCode::BinaryNotSupported,
                "messages are JSON text frames, not binary",
            ));
        };
        match parsed {
            None => self.refuse(Refusal::new(
                ErrorCode::FrameTooLarge,
                format!(
                    "frames are limited to {MAX_FRAME_BYTES} bytes, this one has {}",
                    text.len()
                ),
            )),
            Some(Ok(message)) => {
                if matches!(message, ClientMessage::Seal { .. }) {
                    self.openings_owed = (self.openings_owed + 1).min(2);
                }
                if let Err(refusal) = self.dispatch(message).await {
                    self.refuse(refusal);
                }
            }
            Some(Err(error)) => self.refuse(Refusal::new(error.code(), bounded(error.to_string()))),
        }
    }

    async fn dispatch(&mut self, message: ClientMessage) -> Result<(), Refusal> {
        let Some(name) = self.name.clone() else {
            return match message {
                ClientMessage::Hello { version, name } => self.hello(version, &name),
                _ => Err(Refusal::new(
                    ErrorCode::HelloRequired,
                    format!("say hello first, with protocol version {PROTOCOL_VERSION}"),
                )),
            };
        };
        let conn = self.id;
        match message {
            ClientMessage::Hello { .. } => Err(Refusal::new(
                ErrorCode::AlreadyGreeted,
                "hello was already said",
            )),
            ClientMessage::ListRooms => {
                let list = self.shared.lobby.list().await;
                self.outbound.send_message(&ServerMessage::RoomList {
                    rooms: list.rooms,
                    total: list.total,
                });
                Ok(())
            }
            ClientMessage::CreateRoom {
                options,
                key,
                bot_declaration,
                key_proof,
            } => {
                self.not_in_a_room()?;
                let claim = Claim::from((key, key_proof, bot_declaration));
                let seating = self.seating(&name, claim).await?;
                self.create(name, options, seating).await
            }
            ClientMessage::JoinRoom {
                code,
                key,
                bot_declaration,
                key_proof,
            } => {
                let room = self.room_to_enter(code).await?;
                let claim = Claim::from((key, key_proof, bot_declaration));
                let seating = self.seating(&name, claim).await?;
                if self.new_keys_limited()
                    && let Ok(summary) = self.shared.lobby.summary(code).await
                    && summary.options.rated
                {
                    self.new_key_may_play_rated(seating.key).await?;
                }
                self.take_seat(room, name, seating).await
            }
            ClientMessage::WatchRoom { code } => {
                let room = self.room_to_enter(code).await?;
                let member = self.member();
                room.ask(|reply| Command::Watch { member, reply }).await?;
                self.enter(room, None, None);
                Ok(())
            }
            ClientMessage::Resume {
                token,
                last_seq,
                key,
                bot_declaration,
                key_proof,
            } => {
                self.not_in_a_room()?;
                let claim = Claim::from((key, key_proof, bot_declaration));
                let seating = self.seating(&name, claim).await?;
                let hash = token_hash(&token);
                let room = self.shared.lobby.room_of_seat(hash).await?;
                let member = self.member();
                let key = seating.key;
                let seat = room
                    .ask(|reply| Command::Resume {
                        member,
                        token: hash,
                        last_seq,
                        seating,
                        reply,
                    })
                    .await?;
                self.enter(room, Some(seat), key);
                Ok(())
            }
            ClientMessage::Seal {
                round,
                seal,
                signature,
            } => {
                let signature = self.check_seal(seal, signature).await?;
                self.tell_room(Command::Seal {
                    conn,
                    round,
                    seal,
                    signature,
                })
                .await
            }
            ClientMessage::Open {
                round,
                assignment,
                nonce,
            } => {
                self.tell_room(Command::Open {
                    conn,
                    round,
                    assignment,
                    nonce,
                })
                .await
            }
            ClientMessage::Sync => self.tell_room(Command::Sync { conn }).await,
            ClientMessage::Rematch => self.tell_room(Command::Rematch { conn }).await,
            ClientMessage::Chat { text } => {
                // Cleaned first: a message refused as empty does not use up
                // the allowance (the message rate covers floods of those).
                let text = mice_cake_protocol::chat_text(&text)
                    .map_err(|error| Refusal::new(ErrorCode::BadChat, error.to_string()))?;
                if !self.chat_limit.allow(std::time::Instant::now()) {
                    return Err(Refusal::new(
                        ErrorCode::RateLimited,
                        format!(
                            "chat: at most {CHAT_PER_SECOND} message a second (bursts of {}); \
                             this one was not sent",
                            2 * CHAT_PER_SECOND
                        ),
                    ));
                }
                self.tell_room(Command::Chat { conn, name, text }).await
            }
            ClientMessage::SpectatorChat { show } => {
                self.tell_room(Command::SpectatorChat { conn, show }).await
            }
            ClientMessage::Leave { signature } => {
                self.paired = None;
                self.tell_room(Command::Leave { conn, signature }).await?;
                self.set_membership(None);
                Ok(())
            }
            ClientMessage::Seek {
                pool,
                deadline_ms,
                rated,
                bot_after_ms,
                key,
                bot_declaration,
                key_proof,
            } => {
                self.not_in_a_room()?;
                let claim = Claim::from((key, key_proof, bot_declaration));
                let seating = self.seating(&name, claim).await?;
                let seek = Seek {
                    pool,
                    deadline_ms,
                    rated,
                    bot_after_ms,
                    seating,
                };
                self.seek(name, seek).await
            }
            ClientMessage::CancelSeek => {
                self.cancel_seek(Some("cancelled")).await;
                Ok(())
            }
            ClientMessage::Rename {
                key,
                name,
                at_ms,
                signature,
            } => {
                let key = usable_key(Some(key))?.ok_or_else(|| {
                    Refusal::new(ErrorCode::BadKey, "a rename needs the key it renames")
                })?;
                let rename = Rename {
                    key,
                    name,
                    at_ms,
                    signature,
                };
                self.rename(rename).await
            }
        }
    }

    fn hello(&mut self, version: u32, name: &str) -> Result<(), Refusal> {
        if version != PROTOCOL_VERSION {
            let update = if version < PROTOCOL_VERSION {
                "update the client (version 3 seals every move so that either player can check \
                 the game was fair: docs/fairness.md; this server serves a browser client of its \
                 version at its own address)"
            } else {
                "this server is older than the client: use a client of its version, or ask \
                 its operator to update it"
            };
            return Err(Refusal::new(
                ErrorCode::VersionMismatch,
                format!(
                    "this server speaks protocol version {PROTOCOL_VERSION}; \
                     the client speaks version {version}: {update}"
                ),
            ));
        }
        let name = mice_cake_protocol::player_name(name)
            .map_err(|error| Refusal::new(ErrorCode::BadName, error.to_string()))?;
        self.name = Some(name);
        self.outbound.send_message(&ServerMessage::Welcome {
            version: PROTOCOL_VERSION,
            server: concat!("mice-cake-server ", env!("CARGO_PKG_VERSION")).into(),
        });
        Ok(())
    }

    async fn create(
        &mut self,
        name: String,
        mut options: RoomOptions,
        seating: Seating,
    ) -> Result<(), Refusal> {
        let key = seating.key;
        self.not_in_a_room()?;
        if self.shared.shutdown().is_cancelled() {
            return Err(Refusal::new(
                ErrorCode::ShuttingDown,
                "the server is shutting down",
            ));
        }
        options.game.validate().map_err(|error| {
            Refusal::new(ErrorCode::BadOptions, format!("bad room options: {error}"))
        })?;
        if options.rated {
            rated_room_options(&options, &seating)?;
            self.new_key_may_play_rated(key).await?;
        }
        // The room shows the deadline in force: its own, or the server's default.
        let default = u64::try_from(self.shared.config.default_deadline.as_millis()).unwrap_or(0);
        let deadline = *options.deadline_ms.get_or_insert(default);
        if deadline > mice_cake_protocol::MAX_DEADLINE_MS {
            return Err(Refusal::new(
                ErrorCode::BadOptions,
                format!(
                    "bad room options: the deadline is at most {} ms (one day)",
                    mice_cake_protocol::MAX_DEADLINE_MS
                ),
            ));
        }
        let room = self
            .shared
            .lobby
            .create(&self.shared.rooms, options, crate::room::Made::ForPlayer)
            .await?;
        info!(room = %room.code(), "room created");
        self.take_seat(room, name, seating).await
    }

    /// Takes the free seat of `room` and enters it.
    async fn take_seat(
        &mut self,
        room: RoomHandle,
        name: String,
        seating: Seating,
    ) -> Result<(), Refusal> {
        let member = self.member();
        let key = seating.key;
        let seat = room
            .ask(|reply| Command::Join {
                member,
                name,
                token: JoinToken::Make,
                seating,
                reply,
            })
            .await?;
        self.enter(room, Some(seat), key);
        Ok(())
    }

    fn not_in_a_room(&self) -> Result<(), Refusal> {
        if self.seeking.is_some() {
            return Err(Refusal::new(
                ErrorCode::AlreadySeeking,
                "you are seeking an opponent; cancel_seek first",
            ));
        }
        match &self.membership {
            Some(membership) => Err(Refusal::new(
                ErrorCode::AlreadyInRoom,
                format!(
                    "you are already in room {}; leave it first",
                    membership.room.code()
                ),
            )),
            None => Ok(()),
        }
    }

    async fn room_to_enter(&self, code: RoomCode) -> Result<RoomHandle, Refusal> {
        self.not_in_a_room()?;
        self.shared.lobby.room(code).await
    }

    fn enter(&mut self, room: RoomHandle, seat: Option<Seat>, key: Option<PlayerKey>) {
        debug!(conn = ?self.id, room = %room.code(), ?seat, "entered room");
        // Decompressed once for every seal this seat signs.
        let key = key.and_then(CheckingKey::new);
        self.set_membership(Some(Membership { room, seat, key }));
    }

    /// A seal's signature checked with the key its seat was taken with, in
    /// a batch with other connections' seals (`seal_checks`). The room
    /// checks a seal whose connection has no key, and one sent to it from
    /// another node (checking it here too would check it twice).
    async fn check_seal(
        &self,
        seal: Seal,
        signature: Option<SealSignature>,
    ) -> Result<SealSigning, Refusal> {
        let key = self
            .membership
            .as_ref()
            .filter(|membership| membership.room.is_local())
            .and_then(|membership| membership.key);
        let (Some(signature), Some(key)) = (signature, key) else {
            return Ok(SealSigning::Unchecked(signature));
        };
        let to_check = SealToCheck {
            key,
            seal,
            signature,
        };
        match self.shared.seal_checker.check(to_check).await {
            Ok(Some(checked)) => Ok(SealSigning::Checked(checked)),
            Ok(None) => Err(Refusal::new(
                ErrorCode::BadSignature,
                format!("{}; nothing was sealed", ExchangeError::BadSignature),
            )),
            Err(cause) => Err(Refusal::new(
                ErrorCode::Unavailable,
                format!("{cause}; send it again"),
            )),
        }
    }

    /// Where the connection is now; its slot follows (a player's is never
    /// pushed out for a newcomer).
    fn set_membership(&mut self, membership: Option<Membership>) {
        self.slot.set(match &membership {
            None => Presence::Idle,
            Some(Membership { seat: None, .. }) => Presence::Watching,
            Some(Membership { seat: Some(_), .. }) => Presence::Playing,
        });
        self.membership = membership;
    }

    async fn tell_room(&mut self, command: Command) -> Result<(), Refusal> {
        let Some(membership) = &self.membership else {
            return Err(Refusal::new(ErrorCode::NotInRoom, "you are not in a room"));
        };
        if membership.room.send(command).await {
            Ok(())
        } else {
            self.set_membership(None);
            Err(Refusal::new(ErrorCode::NotInRoom, "your room has closed"))
        }
    }

    /// The connection is gone: its room learns it.
    async fn left(&mut self) {
        self.cancel_seek(None).await;
        if let Some(membership) = self.membership.take() {
            let conn = self.id;
            membership.room.send(Command::Disconnected { conn }).await;
            debug!(conn = ?conn, room = %membership.room.code(), seat = ?membership.seat, "left room");
        }
    }
}

/// What a rated room needs (`docs/ratings.md`): rules that are a pool's,
/// no bot, and its creator's key, proven held.
fn rated_room_options(options: &RoomOptions, seating: &Seating) -> Result<(), Refusal> {
    let refuse = |why: &str| Refusal::new(ErrorCode::BadOptions, format!("a rated room {why}"));
    if Pool::of(&options.game).is_none() {
        return Err(refuse(&format!(
            "plays with the standard stall limit ({} rounds)",
            mice_cake_engine::Options::default().stall_limit
        )));
    }
    if options.bot.is_some() {
        return Err(refuse(
            "has no bot: a bot game is never rated (play one in a casual room)",
        ));
    }
    crate::room::rated_seating(seating).map_err(|why| {
        Refusal::new(
            ErrorCode::KeyRequired,
            format!(
                "a rated room is created with your key (a rating belongs to a key, and only \
                 signed moves are rated): {why}"
            ),
        )
    })
}

#[cfg(test)]
mod heartbeat_tests {
    use super::*;

    #[test]
    fn one_timer_serves_the_deadline_for_hello_then_the_pings() {
        let (hello, ping) = (Duration::from_secs(10), Duration::from_secs(30));
        let mut heartbeat = Heartbeat::new(hello, ping);
        // Not greeted: the deadline for hello comes first.
        assert_eq!(heartbeat.next(false), heartbeat.hello_by);
        assert_eq!(heartbeat.next_ping - heartbeat.hello_by, ping - hello);
        // Greeted: the pings alone.
        assert_eq!(heartbeat.next(true), heartbeat.next_ping);
        // A ping late by a second: the next is an interval after it, no
        // catching up.
        let late = heartbeat.next_ping + Duration::from_secs(1);
        heartbeat.pinged(late);
        assert_eq!(heartbeat.next(true), late + ping);
        // A deadline for hello longer than the interval: a ping first.
        let patient = Heartbeat::new(2 * ping, ping);
        assert_eq!(patient.next(false), patient.next_ping);
    }
}

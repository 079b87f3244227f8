//! One WebSocket connection's loop: a single task reads the client's
//! frames and writes what its outbound queue holds, keeps the connection's
//! one timer (`heartbeat`), and says goodbye. What each message means, and
//! the way to its room, is its session's (`session/`).

use std::net::IpAddr;
use std::sync::Arc;
use std::sync::atomic::Ordering;
use std::time::Duration;

use mice_cake_engine::CheckedSeal;
use mice_cake_protocol::{ErrorCode, MAX_FRAME_BYTES, SeekEndCause, ServerMessage};
use tokio::time::Instant;
use tokio_tungstenite::tungstenite::protocol::frame::coding::CloseCode;
use tracing::debug;

mod heartbeat;
mod session;

use self::heartbeat::Heartbeat;
use self::session::{ArenaNews, Session, called_off, next_arena_news, next_news, next_verdict};
use crate::admission::{Admitted, Full, Slot};
use crate::frame::Frame;
use crate::outbound::{Closing, Inbound, Next, Outbound};
use crate::refusals::Refused;
use crate::room::Refusal;
use crate::seal_checks::Unchecked;
use crate::shared::Shared;
use crate::socket::{Incoming, ReadError, Socket};

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
/// lives, so it is kept small (docs/performance.md, "Memory per
/// connection"): the socket comes boxed (held by value, the task would carry
/// it twice: an argument moved into an async fn's body keeps its first
/// slot), what wakes the task is handled in a boxed future of its own (a
/// message, a batch of writes, a ping), and one timer serves both the
/// deadline for `hello` and the pings.
pub(crate) async fn serve(mut socket: Box<Socket>, shared: Arc<Shared>, peer: Peer) {
    let _counted = Counted::new(&shared);
    // Admitted in a plain function, which gives back only what the
    // connection keeps: whatever an async fn holds across an await (here,
    // turning a client away) takes room in its task for its whole life.
    let Some((slot, outbound, queue)) = admit(&shared, peer) else {
        Box::pin(turn_away(&mut socket)).await;
        return;
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
            // Nothing more is read while a seal is checked: what the
            // player sends next reaches the room after it.
            incoming = live.socket.recv(), if !live.session.is_sealing() => Wake::Read(incoming),
            verdict = next_verdict(&mut live.session.sealing) => Wake::Sealed(verdict),
            news = next_news(&mut live.session.seeking) => Wake::News(news),
            news = next_arena_news(&mut live.session.arena) => Wake::Arena(Box::new(news)),
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

/// A slot for the connection, and its outbound queue; none when the server
/// is full (the client is to be turned away).
fn admit(shared: &Shared, peer: Peer) -> Option<(Slot, Outbound, Inbound)> {
    let (outbound, queue) = Outbound::new(shared.config.outbound_queue);
    let slot = match shared.admission.admit(peer.0, &outbound) {
        Ok(Admitted::Free(slot)) => slot,
        Ok(Admitted::PushingOut(slot, pushed_out)) => {
            shared.refused(Refused::PushedOut, Some(peer.0));
            pushed_out.send_message(
                &Refusal::new(
                    ErrorCode::TooManyConnections,
                    "the server is full, and this connection, in no game, made room for \
                     another (its address holds the most connections); try again later",
                )
                .with("reason", "pushed_out")
                .into_message(),
            );
            pushed_out.disconnect();
            slot
        }
        Err(Full) => {
            shared.refused(Refused::ServerFull, Some(peer.0));
            metrics::counter!(crate::metrics::ERRORS, "code" => ErrorCode::TooManyConnections.as_str())
                .increment(1);
            return None;
        }
    };
    Some((slot, outbound, queue))
}

/// What woke a connection's task.
enum Wake {
    ShuttingDown,
    Queued(Next),
    Read(Option<Result<Incoming, ReadError>>),
    /// What quick pairing's queue tells a seeking connection.
    News(Option<crate::pairing::News>),
    /// What the connection's arena has for it.
    Arena(Box<ArenaNews>),
    /// The verdict on the seal whose signature was being checked.
    Sealed(Result<Option<CheckedSeal>, Unchecked>),
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
                            cause: SeekEndCause::ShuttingDown,
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
                let mut unpaired = None;
                let written = write_queued(
                    &mut self.socket,
                    frame,
                    &mut self.queue,
                    write_timeout,
                    |frame| unpaired = unpaired.or(called_off(frame)),
                )
                .await;
                if !written {
                    return Some(Ending::Gone);
                }
                if let Some(called_off) = unpaired {
                    Box::pin(self.session.unpaired(called_off)).await;
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
            Wake::Arena(news) => {
                Box::pin(self.session.on_arena_news(*news)).await;
                None
            }
            Wake::Sealed(verdict) => {
                self.session.sealed(verdict).await;
                None
            }
            Wake::Timer => self.on_timer(write_timeout, ping_interval).await,
        }
    }

    /// The connection's timer: `hello`'s deadline, or time to ping.
    async fn on_timer(
        &mut self,
        write_timeout: Duration,
        ping_interval: Duration,
    ) -> Option<Ending> {
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

    /// Handles what the client sent, or why reading failed.
    async fn on_read(&mut self, incoming: Option<Result<Incoming, ReadError>>) -> Option<Ending> {
        let write_timeout = self.session.shared.config.write_timeout;
        let session = &mut self.session;
        match incoming {
            None => return Some(Ending::Gone),
            Some(Ok(Incoming::Close(code))) => {
                // Answered before the end, with the client's own code. A
                // code no endpoint may send (1005, 1006, 1015, reserved or
                // out of range) is a protocol error, counted as any other,
                // and answered 1002.
                let code = code.map(CloseCode::from);
                let answer = match code {
                    Some(code) if !code.is_allowed() => {
                        debug!(conn = ?session.id, "close code no endpoint may send");
                        session.refused(Refused::ProtocolError);
                        Some(CloseCode::Protocol)
                    }
                    code => code,
                };
                within(write_timeout, self.socket.answer_close(answer)).await;
                return Some(Ending::Gone);
            }
            Some(Err(error)) => {
                return Some(match error {
                    ReadError::TooLarge(_) => {
                        debug!(conn = ?session.id, "frame too large");
                        session.refuse(
                            Refusal::new(
                                ErrorCode::FrameTooLarge,
                                format!("frames are limited to {MAX_FRAME_BYTES} bytes"),
                            )
                            .with("reason", "limit")
                            .with("limit", MAX_FRAME_BYTES),
                        );
                        Ending::Close(CloseCode::Size, "frame too large")
                    }
                    // The frame may be a commit: it is never logged.
                    ReadError::InvalidUtf8 => {
                        debug!(conn = ?session.id, "text frame not UTF-8");
                        session.refuse(Refusal::new(
                            ErrorCode::InvalidUtf8,
                            "a text frame must be valid UTF-8 (RFC 6455); the connection closes",
                        ));
                        Ending::Close(CloseCode::Invalid, "invalid UTF-8")
                    }
                    // Not a WebSocket any more (RFC 6455 §7.1.7: 1002).
                    // Only what was wrong is logged, never the frame.
                    ReadError::Protocol(what) => {
                        debug!(conn = ?session.id, what, "WebSocket protocol violated");
                        session.refused(Refused::ProtocolError);
                        Ending::Close(CloseCode::Protocol, "protocol error")
                    }
                });
            }
            // Boxed apart: handling a message takes about 1.5 KB of future,
            // which every write and ping would otherwise allocate too.
            Some(Ok(Incoming::Text(text))) => Box::pin(session.on_frame(Some(&text))).await,
            Some(Ok(Incoming::Binary)) => Box::pin(session.on_frame(None)).await,
            Some(Ok(Incoming::Ping(payload))) => {
                session.on_ping();
                if !within(write_timeout, self.socket.pong(&payload)).await {
                    return Some(Ending::Gone);
                }
            }
            Some(Ok(Incoming::Pong)) => {}
        }
        let session = &mut self.session;
        if !session.flooded() {
            return None;
        }
        session.refused(Refused::TooManyMessages);
        Some(Ending::Close(CloseCode::Policy, "too many messages"))
    }
}

/// Tells a client the server is full, and closes.
async fn turn_away(socket: &mut Socket) {
    let refusal = crate::frame::frame(
        &Refusal::new(
            ErrorCode::TooManyConnections,
            "the server is full; try again later",
        )
        .into_message(),
    );
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

#[cfg(test)]
mod tests {
    use super::*;

    /// Every connection's task holds its session and the rest of `Live` for
    /// its whole life; what only some connections need is boxed
    /// (docs/performance.md, "Memory per connection"). A field that makes
    /// them grow fails here before it costs every player its bytes.
    #[test]
    fn what_every_connection_holds_for_life_stays_small() {
        let session = size_of::<Session>();
        let live = size_of::<Live>();
        assert!(session <= 640, "a session is {session} bytes");
        assert!(live <= 720, "a connection's state is {live} bytes");
    }
}

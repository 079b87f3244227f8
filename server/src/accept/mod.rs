//! The accept loop: every TCP connection from the moment it is accepted.
//!
//! A connection first speaks HTTP/1.1: a request for the API, the metrics,
//! or the WebSocket upgrade at `/ws`. Until it has upgraded (or while it
//! waits between requests) it holds a handshake slot ([`slots`]) and has
//! `--handshake-timeout` to send each request's headers; one that does not
//! is closed. When every slot is held, a newcomer pushes out the oldest
//! handshake of the address holding the most slots, so half-open
//! connections (slowloris) can neither exhaust the open files nor keep
//! players and health checks out. Dropped handshakes are counted in
//! `/metrics` and logged (a summary every few seconds while it goes on).
//! Once a connection has had a request answered, a timeout is an idle
//! kept-alive connection closing, not a dropped handshake.
//!
//! Once upgraded, a connection is the WebSocket session of
//! [`crate::connection`], with its own limits.
//!
//! Behind a trusted proxy, the connection is its client's: named by the
//! PROXY protocol header that opens it ([`proxy_protocol`]), then by each
//! request's forwarding header ([`forwarded`]).

mod forwarded;
mod listener;
mod proxy_protocol;
pub(crate) mod slots;

use std::net::{IpAddr, SocketAddr};
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Duration;

use axum::Router;
use futures_util::FutureExt as _;
use hyper::body::Incoming;
use hyper::server::conn::http1;
use hyper_util::rt::{TokioIo, TokioTimer};
use tokio::io::{AsyncReadExt as _, AsyncWriteExt as _};
use tokio::time::Instant;
use tokio_util::task::TaskTracker;
use tower::ServiceExt as _;
use tracing::debug;

use self::forwarded::TrustedProxies;
pub use self::listener::TcpAcceptor;
use self::slots::{Slots, Ticket};
use crate::connection::Peer;
use crate::refusals::Refused;
use crate::shared::Shared;
use crate::tally::Tally;

/// Largest request head read (request line and headers); a larger one is
/// answered 431 and closed. Ours are a few hundred bytes.
const MAX_HEAD_BYTES: usize = 16 * 1024;

/// Longest an HTTP connection is kept alive for more requests; then it is
/// closed once its current request is answered.
const MAX_HTTP_LIFETIME: Duration = Duration::from_secs(120);

/// Most bytes read and dropped after a refused connection's answer, so that
/// closing it does not reset it before the answer is read.
const LINGER_BYTES: usize = 64 * 1024;

/// Longest the accept loop waits for a pushed-out connection to close
/// before it serves the newcomer.
const EVICTION_WAIT: Duration = Duration::from_secs(1);

/// Accepts and serves connections until the server shuts down, then waits
/// for the HTTP requests in progress (WebSocket sessions end by themselves).
pub(crate) async fn serve<L>(mut listener: L, router: Router, shared: Arc<Shared>)
where
    L: axum::serve::Listener<Addr = SocketAddr>,
{
    let connections = TaskTracker::new();
    let slots = Slots::new(shared.capacity.handshakes);
    let drops = Arc::new(Drops::default());
    let trusted = Arc::new(TrustedProxies::new(
        shared.config.trusted_proxies.clone(),
        shared.config.client_address_header,
    ));
    let mut reports = tokio::time::interval(crate::tally::REPORT_EVERY);
    let shutdown = shared.shutdown().clone();
    loop {
        let (io, peer) = tokio::select! {
            accepted = listener.accept() => accepted,
            _ = reports.tick() => {
                drops.report_if_due();
                shared.refusals.report_if_due();
                continue;
            }
            () = shutdown.cancelled() => break,
        };
        metrics::counter!(crate::metrics::HTTP_CONNECTIONS).increment(1);
        let (ticket, evicted) = slots.admit(crate::admission::address_key(peer.ip()));
        if let Some(evicted) = evicted {
            debug!(%peer, pushed_out = %evicted.peer, "every handshake slot is held");
            // The next connection is accepted only once this one's file is
            // closed: the handshakes hold at most one file more than their
            // slots (the newcomer's), however fast they come. A connection
            // that takes longer to close is not waited for.
            let _ = tokio::time::timeout(EVICTION_WAIT, evicted.closed()).await;
        }
        let connection = Connection {
            peer,
            ticket,
            shared: Arc::clone(&shared),
            drops: Arc::clone(&drops),
            trusted: Arc::clone(&trusted),
        };
        connections.spawn(connection.serve(io, router.clone()));
    }
    connections.close();
    connections.wait().await;
    drops.report();
    shared.refusals.report();
}

/// Why a connection was dropped before it finished its handshake.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Dropped {
    /// Its request headers did not come in time.
    TimedOut,
    /// Pushed out to make room for a newer connection.
    PushedOut,
    /// Still busy with a request (a body that never ends, a client that
    /// reads no answer) when its time was up.
    Expired,
}

impl Dropped {
    fn label(self) -> &'static str {
        match self {
            Dropped::TimedOut => "timeout",
            Dropped::PushedOut => "evicted",
            Dropped::Expired => "expired",
        }
    }
}

/// One accepted connection, until it has upgraded or closed.
struct Connection {
    peer: SocketAddr,
    ticket: Ticket,
    shared: Arc<Shared>,
    drops: Arc<Drops>,
    trusted: Arc<TrustedProxies>,
}

impl Connection {
    async fn serve<Io>(mut self, mut io: Io, router: Router)
    where
        Io: tokio::io::AsyncRead + tokio::io::AsyncWrite + Unpin + Send + 'static,
    {
        let mut client = self.peer.ip();
        if self.shared.config.proxy_protocol && self.trusted.trusts(client) {
            match self.proxied_client(&mut io).await {
                Ok(Some(named)) => {
                    client = named;
                    self.ticket.move_to(crate::admission::address_key(named));
                }
                Ok(None) => {}
                Err(dropped) => {
                    if let Some(dropped) = dropped {
                        self.drops.note(dropped, client);
                    }
                    return;
                }
            }
        }
        // The socket is closed when `handshake` returns (unless it
        // upgraded), before the slot is given back.
        let dropped = self.handshake(io, router, client).await;
        if let Some(dropped) = dropped {
            self.drops.note(dropped, client);
        }
    }

    /// The client a trusted proxy names in the PROXY protocol header that
    /// opens the connection (`None`: the proxy speaks for itself). A header
    /// that cannot be read is answered 400, counted, and the connection
    /// closed; one that does not come in time is a dropped handshake.
    async fn proxied_client<Io>(&self, io: &mut Io) -> Result<Option<IpAddr>, Option<Dropped>>
    where
        Io: tokio::io::AsyncRead + tokio::io::AsyncWrite + Unpin,
    {
        let timeout = self.shared.config.handshake_timeout;
        let read = tokio::select! {
            read = tokio::time::timeout(timeout, proxy_protocol::read_header(io)) => read,
            () = self.ticket.evicted() => return Err(Some(Dropped::PushedOut)),
        };
        match read {
            Ok(Ok(client)) => Ok(client),
            Ok(Err(error)) => {
                self.shared
                    .refused(Refused::BadForwarding, Some(self.peer.ip()));
                debug!(peer = %self.peer, cause = %error, "a proxied connection refused");
                let body = format!("{error} (the server was started with --proxy-protocol)\n");
                let answer = format!(
                    "HTTP/1.1 400 Bad Request\r\ncontent-type: text/plain; charset=utf-8\r\n\
                     content-length: {}\r\nconnection: close\r\n\r\n{body}",
                    body.len()
                );
                // The proxy may be gone already: nothing more to tell it.
                let _ = tokio::time::timeout(timeout, async {
                    io.write_all(answer.as_bytes()).await?;
                    io.shutdown().await?;
                    // What it sent meanwhile is read and dropped: a socket
                    // closed with bytes unread is reset, and the reset can
                    // overtake the answer.
                    let mut unread = [0u8; 4096];
                    let mut left = LINGER_BYTES;
                    while left > 0 {
                        let read = io.read(&mut unread).await?;
                        if read == 0 {
                            break;
                        }
                        left = left.saturating_sub(read);
                    }
                    std::io::Result::Ok(())
                })
                .await;
                Err(None)
            }
            Err(_) => Err(Some(Dropped::TimedOut)),
        }
    }

    /// Serves HTTP until the connection upgrades or closes; says why it
    /// was dropped, if it was. `client`: whose connection it is (the TCP
    /// peer, or the client its PROXY protocol header named).
    async fn handshake<Io>(&self, io: Io, router: Router, client: IpAddr) -> Option<Dropped>
    where
        Io: tokio::io::AsyncRead + tokio::io::AsyncWrite + Unpin + Send + 'static,
    {
        let config = &self.shared.config;
        // Whether a request got through: then a timeout is an idle
        // kept-alive connection closing, not a handshake that never ended.
        let served = Arc::new(AtomicBool::new(false));
        let service = {
            let served = Arc::clone(&served);
            let trusted = Arc::clone(&self.trusted);
            let shared = Arc::clone(&self.shared);
            hyper::service::service_fn(move |mut request: hyper::Request<Incoming>| {
                served.store(true, Ordering::Relaxed);
                // Whose request it is, for everything shared out or counted
                // by address (the WebSocket's slot, the new keys, the logs).
                match trusted.client(client, request.headers()) {
                    Ok(address) => {
                        request.extensions_mut().insert(Peer(address));
                        router.clone().oneshot(request).left_future()
                    }
                    Err(error) => {
                        refuse_forwarding(Arc::clone(&shared), client, error).right_future()
                    }
                }
            })
        };
        let mut builder = http1::Builder::new();
        builder
            .timer(TokioTimer::new())
            .header_read_timeout(config.handshake_timeout)
            .max_buf_size(MAX_HEAD_BYTES);
        let connection = builder
            .serve_connection(TokioIo::new(io), service)
            .with_upgrades();
        tokio::pin!(connection);
        // First the connection's lifetime; once it is closing, the time
        // its last request has to finish.
        let deadline = tokio::time::sleep(MAX_HTTP_LIFETIME);
        tokio::pin!(deadline);
        let mut closing = false;
        let shutdown = self.shared.shutdown().clone();
        loop {
            tokio::select! {
                result = connection.as_mut() => return match result {
                    Ok(()) => None,
                    Err(error) if error.is_timeout() => {
                        if served.load(Ordering::Relaxed) {
                            debug!(peer = %self.peer, %client, "an idle kept-alive connection closed");
                            None
                        } else {
                            Some(Dropped::TimedOut)
                        }
                    }
                    Err(error) => {
                        debug!(peer = %self.peer, %client, cause = %error, "http connection failed");
                        None
                    }
                },
                () = self.ticket.evicted() => return Some(Dropped::PushedOut),
                () = shutdown.cancelled(), if !closing => {
                    closing = true;
                    connection.as_mut().graceful_shutdown();
                    deadline.as_mut().reset(Instant::now() + config.handshake_timeout);
                }
                () = &mut deadline => {
                    if closing {
                        // Shutting down, or past its lifetime and still busy.
                        return (!shutdown.is_cancelled()).then_some(Dropped::Expired);
                    }
                    closing = true;
                    connection.as_mut().graceful_shutdown();
                    deadline.as_mut().reset(Instant::now() + config.handshake_timeout);
                }
            }
        }
    }
}

/// A request whose forwarding headers cannot be believed: refused, and
/// counted against the address that sent it.
async fn refuse_forwarding(
    shared: Arc<Shared>,
    client: IpAddr,
    error: forwarded::BadForwarding,
) -> Result<axum::response::Response, std::convert::Infallible> {
    shared.refused(Refused::BadForwarding, Some(client));
    debug!(%client, cause = %error, "a proxied request refused");
    let refusal = crate::responses::api_error(
        hyper::StatusCode::BAD_REQUEST,
        mice_cake_protocol::ErrorCode::BadMessage,
        error.to_string(),
    );
    Ok(crate::responses::secure(refusal).await)
}

/// Dropped handshakes, counted in the metrics and summed up in the log.
#[derive(Debug)]
struct Drops(Tally);

impl Default for Drops {
    fn default() -> Drops {
        Drops(Tally::new(
            "connections dropped before finishing their HTTP handshake: too slow to send \
             their headers, pushed out by newer ones while every handshake slot was held, or \
             still busy with a request when their time was up",
            &["timed_out", "pushed_out", "expired"],
        ))
    }
}

impl Drops {
    fn note(&self, dropped: Dropped, peer: IpAddr) {
        metrics::counter!(crate::metrics::HANDSHAKES_DROPPED, "reason" => dropped.label())
            .increment(1);
        debug!(%peer, reason = dropped.label(), "connection dropped before its handshake ended");
        let kind = match dropped {
            Dropped::TimedOut => 0,
            Dropped::PushedOut => 1,
            Dropped::Expired => 2,
        };
        self.0.note(kind, Some(peer));
    }

    fn report_if_due(&self) {
        self.0.report_if_due();
    }

    fn report(&self) {
        self.0.report();
    }
}

//! Opening WebSocket connections: from several loopback source addresses
//! (one address has about 28,000 ephemeral ports), a few handshakes at a
//! time (the server's accept backlog is finite), with small buffers (the
//! generator holds as many connections as the server).

use std::net::{IpAddr, Ipv4Addr, SocketAddr, ToSocketAddrs as _};
use std::sync::Arc;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::Duration;

use anyhow::{Context as _, bail};
use futures_util::{SinkExt as _, StreamExt as _};
use tokio::net::{TcpSocket, TcpStream};
use tokio::sync::Semaphore;
use tokio_tungstenite::WebSocketStream;
use tokio_tungstenite::tungstenite::protocol::WebSocketConfig;
use tokio_tungstenite::tungstenite::{Message, Utf8Bytes};

/// A client connection.
pub(crate) type Socket = WebSocketStream<TcpStream>;

/// Handshakes in flight at once.
const HANDSHAKES_IN_FLIGHT: usize = 256;

/// How long one connection may take to open.
const CONNECT_TIMEOUT: Duration = Duration::from_secs(30);

/// Connections planned per source address: well below the 28,232
/// ephemeral ports Linux gives each by default, since ports closed by an
/// earlier run stay in TIME_WAIT for a minute.
pub(crate) const CONNECTIONS_PER_SOURCE: usize = 10_000;

/// Source addresses used at least, when the choice is automatic.
pub(crate) const MIN_SOURCES: usize = 4;

/// Opens connections to one WebSocket URL, or to several in turn.
#[derive(Clone)]
pub(crate) struct Dialer {
    inner: Arc<DialerInner>,
}

struct DialerInner {
    /// Where connections go, one after the other: a URL and its address.
    targets: Vec<(String, SocketAddr)>,
    next_target: AtomicUsize,
    /// Local addresses to connect from, in turn; empty: the system chooses.
    sources: Vec<IpAddr>,
    next_source: AtomicUsize,
    handshakes: Semaphore,
}

impl Dialer {
    /// A dialer for `urls` (`ws://host:port/path`), used in turn. On
    /// loopback, `sources` addresses from 127.0.0.1 up are used in turn.
    pub(crate) fn new(urls: &[String], sources: usize) -> anyhow::Result<Dialer> {
        if urls.is_empty() {
            bail!("no server to connect to");
        }
        let targets = urls
            .iter()
            .map(|url| Ok((url.clone(), resolve(url)?)))
            .collect::<anyhow::Result<Vec<_>>>()?;
        let loopback = targets
            .iter()
            .all(|(_, addr)| addr.ip().is_loopback() && addr.is_ipv4());
        let sources = if loopback {
            (1..=sources.clamp(1, 250))
                .map(|last| IpAddr::V4(Ipv4Addr::new(127, 0, 0, last as u8)))
                .collect()
        } else {
            Vec::new()
        };
        Ok(Dialer {
            inner: Arc::new(DialerInner {
                targets,
                next_target: AtomicUsize::new(0),
                sources,
                next_source: AtomicUsize::new(0),
                handshakes: Semaphore::new(HANDSHAKES_IN_FLIGHT),
            }),
        })
    }

    /// How many source addresses are used.
    pub(crate) fn source_count(&self) -> usize {
        self.inner.sources.len().max(1)
    }

    /// Opens one connection, to the next server in turn, and completes the
    /// WebSocket handshake.
    pub(crate) async fn dial(&self) -> anyhow::Result<Socket> {
        let _permit = self
            .inner
            .handshakes
            .acquire()
            .await
            .context("the dialer is closed")?;
        let targets = &self.inner.targets;
        let turn = self.inner.next_target.fetch_add(1, Ordering::Relaxed);
        let (url, addr) = &targets[turn % targets.len()];
        tokio::time::timeout(CONNECT_TIMEOUT, self.open(url, *addr))
            .await
            .with_context(|| format!("connecting to {url} took over {CONNECT_TIMEOUT:?}"))?
    }

    /// A socket bound to the next source address with a free port (earlier
    /// runs leave ports in TIME_WAIT for a minute).
    fn bound_socket(&self) -> anyhow::Result<TcpSocket> {
        let sources = &self.inner.sources;
        if sources.is_empty() {
            return TcpSocket::new_v4().context("cannot make a socket");
        }
        let first = self.inner.next_source.fetch_add(1, Ordering::Relaxed);
        for turn in first..first + sources.len() {
            let socket = TcpSocket::new_v4().context("cannot make a socket")?;
            if socket
                .bind(SocketAddr::new(sources[turn % sources.len()], 0))
                .is_ok()
            {
                return Ok(socket);
            }
        }
        bail!(
            "no free port on any of the {} source addresses: use more --sources",
            sources.len()
        )
    }

    async fn open(&self, url: &str, addr: SocketAddr) -> anyhow::Result<Socket> {
        let socket = self.bound_socket()?;
        let stream = socket
            .connect(addr)
            .await
            .with_context(|| format!("cannot connect to {addr}"))?;
        // Small messages, each wanted at once.
        stream.set_nodelay(true).context("cannot set TCP_NODELAY")?;
        let (socket, _response) =
            tokio_tungstenite::client_async_with_config(url, stream, Some(small_buffers()))
                .await
                .with_context(|| format!("WebSocket handshake with {url} failed"))?;
        Ok(socket)
    }
}

/// The address of `url` (`ws://host:port/path`).
fn resolve(url: &str) -> anyhow::Result<SocketAddr> {
    let Some(rest) = url.strip_prefix("ws://") else {
        bail!("the server URL must start with ws:// (the generator measures plain sockets): {url}");
    };
    let authority = rest.split('/').next().unwrap_or(rest);
    authority
        .to_socket_addrs()
        .with_context(|| format!("cannot resolve {authority}"))?
        .next()
        .with_context(|| format!("{authority} has no address"))
}

/// Buffers sized for game messages, as the server's; the library's defaults
/// (128 KiB to read) would cost gigabytes at 100,000 connections.
pub(crate) fn small_buffers() -> WebSocketConfig {
    WebSocketConfig::default()
        .read_buffer_size(4 * 1024)
        .write_buffer_size(0)
}

/// Sends a text frame.
pub(crate) async fn send_text(socket: &mut Socket, text: String) -> anyhow::Result<()> {
    socket
        .send(Message::text(text))
        .await
        .context("the connection failed while sending")
}

/// The next text frame; `None` when the connection closed. Pings are
/// answered by the library while reading.
pub(crate) async fn next_text(socket: &mut Socket) -> anyhow::Result<Option<Utf8Bytes>> {
    while let Some(message) = socket.next().await {
        match message.context("the connection failed while reading")? {
            Message::Text(text) => return Ok(Some(text)),
            Message::Close(_) => return Ok(None),
            Message::Binary(_) | Message::Ping(_) | Message::Pong(_) | Message::Frame(_) => {}
        }
    }
    Ok(None)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A WebSocket server that counts the connections it completes.
    async fn counting_server() -> (String, Arc<AtomicUsize>) {
        let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
        let url = format!("ws://{}/ws", listener.local_addr().unwrap());
        let count = Arc::new(AtomicUsize::new(0));
        let counting = Arc::clone(&count);
        tokio::spawn(async move {
            while let Ok((stream, _)) = listener.accept().await {
                let counting = Arc::clone(&counting);
                tokio::spawn(async move {
                    if let Ok(mut socket) = tokio_tungstenite::accept_async(stream).await {
                        counting.fetch_add(1, Ordering::Relaxed);
                        while socket.next().await.is_some() {}
                    }
                });
            }
        });
        (url, count)
    }

    #[tokio::test]
    async fn connections_go_to_each_server_in_turn() {
        let (first, to_first) = counting_server().await;
        let (second, to_second) = counting_server().await;
        let dialer = Dialer::new(&[first, second], 1).unwrap();
        let mut sockets = Vec::new();
        for _ in 0..6 {
            sockets.push(dialer.dial().await.unwrap());
        }
        // The servers count once their side of the handshake is done,
        // which may come just after ours.
        let counts = || {
            (
                to_first.load(Ordering::Relaxed),
                to_second.load(Ordering::Relaxed),
            )
        };
        for _ in 0..500 {
            let (first, second) = counts();
            if first + second == 6 {
                break;
            }
            tokio::time::sleep(Duration::from_millis(10)).await;
        }
        assert_eq!(counts(), (3, 3));
    }

    #[test]
    fn no_server_or_a_wss_one_is_refused() {
        assert!(Dialer::new(&[], 1).is_err());
        let error = Dialer::new(&["wss://127.0.0.1:1/ws".to_owned()], 1)
            .err()
            .unwrap();
        assert!(
            error.to_string().contains("must start with ws://"),
            "{error}"
        );
    }
}

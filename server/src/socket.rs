//! The game's WebSocket: the opening handshake (RFC 6455 over HTTP/1.1),
//! reading through tungstenite, and writing frames of our own.
//!
//! Why our own writes: tungstenite copies every message into a write buffer
//! that keeps the capacity of the largest batch it ever held, for as long as
//! the connection lives: 5.1 KB of a playing connection's 18 KB
//! (docs/performance.md, "Memory per connection"). A server's frame is a
//! header of 2 to 10 bytes and the payload as it is (only clients mask), so
//! a batch of queued frames is written straight from the bytes the room
//! shares between its members, with one vectored write: nothing is copied,
//! and nothing stays behind.
//!
//! Tungstenite still reads, and still answers a client's ping or close by
//! itself. Its replies go out during its own reads; a reply it could not
//! finish is flushed before each of our writes, and ours are finished before
//! it reads again, so frames never interleave on the wire.

use std::io::{self, IoSlice};
use std::time::Duration;

use axum::extract::Request;
use axum::http::{HeaderMap, HeaderValue, Method, StatusCode, header};
use axum::response::Response;
use futures_util::future::OptionFuture;
use futures_util::{FutureExt as _, SinkExt as _, StreamExt as _};
use hyper::upgrade::{OnUpgrade, Upgraded};
use hyper_util::rt::TokioIo;
use tokio::io::{AsyncRead, AsyncReadExt as _, AsyncWrite, AsyncWriteExt as _};
use tokio_tungstenite::WebSocketStream;
use tokio_tungstenite::tungstenite::protocol::frame::coding::CloseCode;
use tokio_tungstenite::tungstenite::protocol::{Role, WebSocketConfig};
use tokio_tungstenite::tungstenite::{self, Message};
use tokio_util::task::TaskTracker;
use tracing::debug;

use crate::frame::Frame;

/// Why a request to `/ws` cannot be upgraded.
#[derive(Debug, thiserror::Error)]
pub(crate) enum HandshakeError {
    /// Not a WebSocket request at all: no `Connection: Upgrade` and
    /// `Upgrade: websocket` (answered with 426).
    #[error(
        "/ws is the game's WebSocket: connect with a WebSocket client (Connection: Upgrade, Upgrade: websocket)"
    )]
    NotAnUpgrade,
    /// A WebSocket request with something wrong (answered with 400).
    #[error("not a WebSocket handshake: {0}")]
    Invalid(&'static str),
}

/// A valid opening handshake, not answered yet.
pub(crate) struct Handshake {
    key: HeaderValue,
    on_upgrade: OnUpgrade,
}

impl Handshake {
    /// Checks `request` as RFC 6455 (section 4.2.1) asks of a server.
    pub(crate) fn of(mut request: Request) -> Result<Handshake, HandshakeError> {
        let headers = request.headers();
        if !has_token(headers, &header::CONNECTION, "upgrade")
            || !has_token(headers, &header::UPGRADE, "websocket")
        {
            return Err(HandshakeError::NotAnUpgrade);
        }
        if request.method() != Method::GET {
            return Err(HandshakeError::Invalid("the method must be GET"));
        }
        let key = headers
            .get(header::SEC_WEBSOCKET_KEY)
            .cloned()
            .ok_or(HandshakeError::Invalid("Sec-WebSocket-Key is missing"))?;
        if headers
            .get(header::SEC_WEBSOCKET_VERSION)
            .is_none_or(|version| version.as_bytes() != b"13")
        {
            return Err(HandshakeError::Invalid("Sec-WebSocket-Version must be 13"));
        }
        let on_upgrade =
            request
                .extensions_mut()
                .remove::<OnUpgrade>()
                .ok_or(HandshakeError::Invalid(
                    "this connection cannot be upgraded",
                ))?;
        Ok(Handshake { key, on_upgrade })
    }

    /// Answers 101 and, once the connection is switched, hands the socket
    /// to `serve` on a task of its own, tracked by `sessions`.
    pub(crate) fn accept<Serve, Served>(
        self,
        config: WebSocketConfig,
        sessions: &TaskTracker,
        serve: Serve,
    ) -> Response
    where
        Serve: FnOnce(Box<Socket>) -> Served + Send + 'static,
        Served: Future<Output = ()> + Send + 'static,
    {
        let Handshake { key, on_upgrade } = self;
        let upgrade = async move {
            match on_upgrade.await {
                Ok(upgraded) => Some(Box::new(Socket::new(TokioIo::new(upgraded), config).await)),
                Err(error) => {
                    debug!(cause = %error, "the upgrade to a WebSocket failed");
                    None
                }
            }
        };
        // Chained rather than awaited in one block, whose state would keep
        // the config and the upgrade's slots for the connection's life.
        sessions.spawn(upgrade.then(|socket| OptionFuture::from(socket.map(serve))));
        let accept = tungstenite::handshake::derive_accept_key(key.as_bytes());
        let mut response = Response::new(axum::body::Body::empty());
        *response.status_mut() = StatusCode::SWITCHING_PROTOCOLS;
        let headers = response.headers_mut();
        headers.insert(header::CONNECTION, HeaderValue::from_static("upgrade"));
        headers.insert(header::UPGRADE, HeaderValue::from_static("websocket"));
        if let Ok(accept) = HeaderValue::from_str(&accept) {
            headers.insert(header::SEC_WEBSOCKET_ACCEPT, accept);
        }
        response
    }
}

/// Whether the comma-separated header `name` holds `token` (ASCII case
/// ignored), as `Connection: keep-alive, Upgrade` holds `upgrade`.
fn has_token(headers: &HeaderMap, name: &header::HeaderName, token: &str) -> bool {
    headers.get_all(name).iter().any(|value| {
        value
            .as_bytes()
            .split(|byte| *byte == b',')
            .any(|part| part.trim_ascii().eq_ignore_ascii_case(token.as_bytes()))
    })
}

/// An upgraded connection, or (in tests) any byte stream.
pub(crate) struct Socket<Io = TokioIo<Upgraded>> {
    stream: WebSocketStream<Io>,
    /// Whether tungstenite may hold a reply unwritten: it makes one only
    /// while reading (a pong, the answer to a close). Until something is
    /// read, our writes skip flushing it: a spectator's connection mostly
    /// writes, and the flush cost as much as the write's own bookkeeping.
    reply_owed: bool,
}

/// What a frame carries (RFC 6455, section 5.2).
#[derive(Clone, Copy)]
enum Opcode {
    Text = 0x1,
    Close = 0x8,
    Ping = 0x9,
}

/// Most bytes a frame header takes: 2, and 8 more for a payload of 64 KiB
/// or more.
const MAX_HEADER: usize = 10;

/// The header of a final (unfragmented), unmasked frame of `len` bytes.
fn frame_header(opcode: Opcode, len: usize) -> ([u8; MAX_HEADER], usize) {
    let mut header = [0; MAX_HEADER];
    header[0] = 0x80 | opcode as u8;
    if let Ok(short) = u8::try_from(len)
        && short < 126
    {
        header[1] = short;
        (header, 2)
    } else if let Ok(medium) = u16::try_from(len) {
        header[1] = 126;
        header[2..4].copy_from_slice(&medium.to_be_bytes());
        (header, 4)
    } else {
        header[1] = 127;
        header[2..10].copy_from_slice(&(len as u64).to_be_bytes());
        (header, 10)
    }
}

impl<Io> Socket<Io>
where
    Io: AsyncRead + AsyncWrite + Unpin,
{
    /// The server's end of a connection already switched to WebSocket.
    pub(crate) async fn new(io: Io, config: WebSocketConfig) -> Socket<Io> {
        // Tungstenite writes only its replies to pings and closes: each
        // as it comes, not gathered.
        let config = config.write_buffer_size(0);
        Socket {
            stream: WebSocketStream::from_raw_socket(io, Role::Server, Some(config)).await,
            reply_owed: false,
        }
    }

    /// The next message from the client; `None` once the connection ended.
    pub(crate) async fn recv(&mut self) -> Option<Result<Message, tungstenite::Error>> {
        let incoming = self.stream.next().await;
        self.reply_owed = true;
        incoming
    }

    /// Writes `frames` as text frames, with one vectored write where the
    /// socket takes them all at once, and flushes.
    pub(crate) async fn send_text(&mut self, frames: &[Frame]) -> io::Result<()> {
        let headers: Vec<([u8; MAX_HEADER], usize)> = frames
            .iter()
            .map(|frame| frame_header(Opcode::Text, frame.len()))
            .collect();
        let mut slices = Vec::with_capacity(2 * frames.len());
        for (frame, (header, len)) in frames.iter().zip(&headers) {
            slices.push(IoSlice::new(&header[..*len]));
            slices.push(IoSlice::new(frame.as_str().as_bytes()));
        }
        self.write_all(&mut slices).await
    }

    /// Writes a ping (empty: the reply only shows the client is there).
    pub(crate) async fn ping(&mut self) -> io::Result<()> {
        let (header, len) = frame_header(Opcode::Ping, 0);
        self.write_all(&mut [IoSlice::new(&header[..len])]).await
    }

    /// Writes a close frame with `code` and `reason` (at most 123 bytes:
    /// a control frame's payload is at most 125).
    pub(crate) async fn close(&mut self, code: CloseCode, reason: &str) -> io::Result<()> {
        let mut end = reason.len().min(123);
        while !reason.is_char_boundary(end) {
            end -= 1;
        }
        let reason = &reason.as_bytes()[..end];
        let (header, len) = frame_header(Opcode::Close, 2 + reason.len());
        let code = u16::from(code).to_be_bytes();
        // After a protocol error tungstenite may refuse to flush its own
        // replies: the close frame goes all the same.
        let _ = self.stream.flush().await;
        self.write_raw(&mut [
            IoSlice::new(&header[..len]),
            IoSlice::new(&code),
            IoSlice::new(reason),
        ])
        .await
    }

    /// Writes the WebSocket layer's answer to the client's close frame.
    pub(crate) async fn answer_close(&mut self) -> io::Result<()> {
        self.stream.flush().await.map_err(io::Error::other)?;
        self.reply_owed = false;
        Ok(())
    }

    /// Once the close frame is written: sends nothing more (FIN), then
    /// reads and drops whatever the client still sends, until it closes or
    /// `linger` has passed. A socket closed with bytes unread is reset, and
    /// a reset throws away what the client had not read yet: the error and
    /// the close frame just sent to a client that sent a burst.
    pub(crate) async fn linger(&mut self, linger: Duration) {
        let io = self.stream.get_mut();
        let _ = io.shutdown().await;
        let mut dropped = [0_u8; 4096];
        let drained = async { while let Ok(1..) = io.read(&mut dropped).await {} };
        let _ = tokio::time::timeout(linger, drained).await;
    }

    /// Writes every byte of `slices` and flushes, after whatever reply
    /// tungstenite has left unfinished.
    async fn write_all(&mut self, slices: &mut [IoSlice<'_>]) -> io::Result<()> {
        if self.reply_owed {
            self.stream.flush().await.map_err(io::Error::other)?;
            self.reply_owed = false;
        }
        self.write_raw(slices).await
    }

    /// Writes every byte of `slices` and flushes.
    async fn write_raw(&mut self, mut slices: &mut [IoSlice<'_>]) -> io::Result<()> {
        let io = self.stream.get_mut();
        while !slices.is_empty() {
            let written = io.write_vectored(slices).await?;
            if written == 0 {
                return Err(io::ErrorKind::WriteZero.into());
            }
            IoSlice::advance_slices(&mut slices, written);
        }
        io.flush().await
    }
}

#[cfg(test)]
mod tests {
    use std::io::Cursor;

    use tokio_tungstenite::tungstenite::protocol::frame::FrameHeader;
    use tokio_tungstenite::tungstenite::protocol::frame::coding::{Control, Data, OpCode};

    use super::*;

    /// Lengths on either side of each header size.
    const LENGTHS: [usize; 7] = [0, 1, 125, 126, 65_535, 65_536, 200_000];

    #[test]
    fn headers_read_back_as_tungstenite_reads_them() {
        for len in LENGTHS {
            let (header, header_len) = frame_header(Opcode::Text, len);
            let mut cursor = Cursor::new(&header[..header_len]);
            let (parsed, payload_len) = FrameHeader::parse(&mut cursor).unwrap().unwrap();
            assert_eq!(payload_len, len as u64);
            assert_eq!(cursor.position(), header_len as u64, "{len}");
            assert!(parsed.is_final);
            assert!(parsed.mask.is_none());
            assert_eq!(parsed.opcode, OpCode::Data(Data::Text));
        }
        let expected_len = |len| match len {
            0..126 => 2,
            126..65_536 => 4,
            _ => 10,
        };
        for len in LENGTHS {
            assert_eq!(frame_header(Opcode::Ping, len).1, expected_len(len));
        }
        let (ping, _) = frame_header(Opcode::Ping, 0);
        let (close, _) = frame_header(Opcode::Close, 2);
        let parse = |header: &[u8]| {
            FrameHeader::parse(&mut Cursor::new(header))
                .unwrap()
                .unwrap()
                .0
                .opcode
        };
        assert_eq!(parse(&ping[..2]), OpCode::Control(Control::Ping));
        assert_eq!(parse(&close[..2]), OpCode::Control(Control::Close));
    }

    /// A server's socket and a client on the other end of a pipe of
    /// `pipe` bytes (small, so that writes are taken a piece at a time).
    async fn pair(
        pipe: usize,
    ) -> (
        Socket<tokio::io::DuplexStream>,
        WebSocketStream<tokio::io::DuplexStream>,
    ) {
        let (server, client) = tokio::io::duplex(pipe);
        let server = Socket::new(server, WebSocketConfig::default()).await;
        let client = WebSocketStream::from_raw_socket(client, Role::Client, None).await;
        (server, client)
    }

    fn text_of(len: usize) -> String {
        (0..len)
            .map(|i| char::from(b'a' + (i % 26) as u8))
            .collect()
    }

    #[tokio::test]
    async fn a_batch_ping_and_close_arrive_whole_through_a_narrow_pipe() {
        let (mut server, mut client) = pair(100).await;
        let frames: Vec<Frame> = LENGTHS
            .iter()
            .map(|len| Frame::plain(&text_of(*len)))
            .collect();
        let writing = async {
            server.send_text(&frames).await.unwrap();
            server.ping().await.unwrap();
            server.close(CloseCode::Policy, "no hello").await.unwrap();
        };
        let reading = async {
            let mut received = Vec::new();
            while let Some(message) = client.next().await {
                let message = message.unwrap();
                let end = matches!(message, Message::Close(_));
                received.push(message);
                if end {
                    break;
                }
            }
            received
        };
        let ((), received) = tokio::join!(writing, reading);
        assert_eq!(received.len(), LENGTHS.len() + 2);
        for (message, len) in received.iter().zip(LENGTHS) {
            let Message::Text(text) = message else {
                panic!("a text frame of {len} bytes, not {message:?}");
            };
            assert_eq!(text.as_str(), text_of(len));
        }
        assert!(matches!(&received[LENGTHS.len()], Message::Ping(payload) if payload.is_empty()));
        let Message::Close(Some(close)) = &received[LENGTHS.len() + 1] else {
            panic!("a close frame, not {:?}", received.last());
        };
        assert_eq!(close.code, CloseCode::Policy);
        assert_eq!(close.reason.as_str(), "no hello");
    }

    /// Tungstenite answers the client's ping by itself, between our frames
    /// and never inside one, even when the pipe is too full to take its
    /// answer at once.
    #[tokio::test]
    async fn a_pong_tungstenite_owes_goes_out_between_our_frames() {
        let (mut server, mut client) = pair(64).await;
        // 62 of the pipe's 64 bytes: the pong will not fit while the client
        // does not read.
        server
            .send_text(&[Frame::plain(&text_of(60))])
            .await
            .unwrap();
        client
            .send(Message::Ping(b"are you there".to_vec().into()))
            .await
            .unwrap();
        client.send(Message::text("hello")).await.unwrap();
        // Reading the ping starts its pong, which the full pipe cuts short.
        let Some(Ok(Message::Ping(_))) = server.recv().await else {
            panic!("the client's ping");
        };
        let Some(Ok(Message::Text(text))) = server.recv().await else {
            panic!("the client's text");
        };
        assert_eq!(text.as_str(), "hello");
        let frames = [Frame::plain(&text_of(1_000)), Frame::plain(&text_of(300))];
        let reading = async {
            let mut received = Vec::new();
            while received.len() < 4 {
                received.push(client.next().await.unwrap().unwrap());
            }
            received
        };
        let (written, received) = tokio::join!(server.send_text(&frames), reading);
        written.unwrap();
        let text = |message: &Message, len: usize| matches!(message, Message::Text(text) if text.as_str() == text_of(len));
        assert!(text(&received[0], 60), "{received:?}");
        assert!(
            matches!(&received[1], Message::Pong(payload) if payload.as_ref() == b"are you there"),
            "{received:?}"
        );
        assert!(text(&received[2], 1_000), "{received:?}");
        assert!(text(&received[3], 300), "{received:?}");
    }

    fn request(headers: &[(&str, &str)]) -> Request {
        let mut request = axum::http::Request::builder()
            .method(Method::GET)
            .uri("/ws");
        for (name, value) in headers {
            request = request.header(*name, *value);
        }
        request.body(axum::body::Body::empty()).unwrap()
    }

    const UPGRADE: [(&str, &str); 4] = [
        ("connection", "keep-alive, Upgrade"),
        ("upgrade", "WebSocket"),
        ("sec-websocket-key", "dGhlIHNhbXBsZSBub25jZQ=="),
        ("sec-websocket-version", "13"),
    ];

    #[test]
    fn a_handshake_is_checked_header_by_header() {
        let without = |name: &str| {
            let headers: Vec<_> = UPGRADE.into_iter().filter(|(n, _)| *n != name).collect();
            Handshake::of(request(&headers)).err().unwrap()
        };
        assert!(matches!(
            without("connection"),
            HandshakeError::NotAnUpgrade
        ));
        assert!(matches!(without("upgrade"), HandshakeError::NotAnUpgrade));
        assert!(matches!(
            without("sec-websocket-key"),
            HandshakeError::Invalid(why) if why.contains("Sec-WebSocket-Key")
        ));
        assert!(matches!(
            without("sec-websocket-version"),
            HandshakeError::Invalid(why) if why.contains("13")
        ));
        let mut old_version = UPGRADE;
        old_version[3].1 = "8";
        assert!(matches!(
            Handshake::of(request(&old_version)).err().unwrap(),
            HandshakeError::Invalid(why) if why.contains("13")
        ));
        // "Upgrade" as part of another token is not the token.
        let mut not_a_token = UPGRADE;
        not_a_token[0].1 = "keep-alive-upgraded";
        assert!(matches!(
            Handshake::of(request(&not_a_token)).err().unwrap(),
            HandshakeError::NotAnUpgrade
        ));
        let mut post = request(&UPGRADE);
        *post.method_mut() = Method::POST;
        assert!(matches!(
            Handshake::of(post).err().unwrap(),
            HandshakeError::Invalid(why) if why.contains("GET")
        ));
        // Every header right, but no HTTP connection behind the request to
        // switch (the server's tests switch real ones).
        assert!(matches!(
            Handshake::of(request(&UPGRADE)).err().unwrap(),
            HandshakeError::Invalid(why) if why.contains("cannot be upgraded")
        ));
    }
}

//! The game's WebSocket: the opening handshake (`handshake`), the client's
//! frames read by a reader of our own (`reading`), and our frames written.
//!
//! Why our own, both ways: tungstenite copies every message into a write
//! buffer, and reads into a buffer, that each keep the capacity of the
//! largest they ever held for as long as the connection lives (5.1 KB of a
//! playing connection once; 1 KB of a seated player's 9 with its state,
//! docs/performance.md, "Memory per connection"). A server's frame is a
//! header of 2 to 10 bytes and the payload as it is (only clients mask), so
//! a batch of queued frames is written straight from the bytes the room
//! shares between its members, with one vectored write: nothing is copied,
//! and nothing stays behind. A client's frames are read into a buffer
//! given back after each message.
//!
//! The connection answers a ping or a close itself (`pong`,
//! `answer_close`), after the read that brought it and never inside a
//! write: frames never interleave on the wire. Tungstenite, a client here,
//! still checks in the tests that what is written is a WebSocket.

use std::io::{self, IoSlice};
use std::pin::Pin;
use std::task::{Context, Poll};
use std::time::Duration;

use hyper::upgrade::Upgraded;
use hyper_util::rt::TokioIo;
use tokio::io::{AsyncRead, AsyncReadExt as _, AsyncWrite, AsyncWriteExt as _};
use tokio_tungstenite::tungstenite::protocol::frame::coding::CloseCode;
use tokio_util::io::poll_read_buf;

mod handshake;
mod reading;

pub(crate) use self::handshake::{Handshake, HandshakeError};
use self::reading::Reader;
pub(crate) use self::reading::{Incoming, ReadError};
use crate::frame::Frame;

/// An upgraded connection, or (in tests) any byte stream.
pub(crate) struct Socket<Io = TokioIo<Upgraded>> {
    io: Io,
    reader: Reader,
}

/// What a frame carries (RFC 6455, section 5.2).
#[derive(Clone, Copy)]
enum Opcode {
    Text = 0x1,
    Close = 0x8,
    Ping = 0x9,
    Pong = 0xa,
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
    /// The server's end of a connection already switched to WebSocket,
    /// reading messages of at most `limit` bytes.
    pub(crate) fn new(io: Io, limit: usize) -> Socket<Io> {
        Socket {
            io,
            reader: Reader::new(limit),
        }
    }

    /// The next message from the client; `None` once the connection
    /// ended. Cancel-safe: what was read before stays in the reader.
    pub(crate) async fn recv(&mut self) -> Option<Result<Incoming, ReadError>> {
        std::future::poll_fn(|context| self.poll_recv(context)).await
    }

    /// Reads until a message is whole. While the client sends nothing the
    /// buffer is given back: a connection waiting for its next message
    /// holds none, where a read waiting on its buffer would hold it.
    fn poll_recv(
        &mut self,
        context: &mut Context<'_>,
    ) -> Poll<Option<Result<Incoming, ReadError>>> {
        loop {
            match self.reader.next_message() {
                Ok(Some(message)) => return Poll::Ready(Some(Ok(message))),
                Ok(None) => {}
                Err(error) => return Poll::Ready(Some(Err(error))),
            }
            match poll_read_buf(Pin::new(&mut self.io), context, self.reader.room()) {
                Poll::Pending => {
                    self.reader.release();
                    return Poll::Pending;
                }
                Poll::Ready(Ok(1..)) => {}
                // A client gone without a close frame is gone, not wrong.
                Poll::Ready(Ok(0) | Err(_)) => return Poll::Ready(None),
            }
        }
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

    /// Answers the client's ping.
    pub(crate) async fn pong(&mut self, payload: &[u8]) -> io::Result<()> {
        let (header, len) = frame_header(Opcode::Pong, payload.len());
        self.write_all(&mut [IoSlice::new(&header[..len]), IoSlice::new(payload)])
            .await
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
        self.write_all(&mut [
            IoSlice::new(&header[..len]),
            IoSlice::new(&code),
            IoSlice::new(reason),
        ])
        .await
    }

    /// Answers the client's close frame: with its code, or with none when
    /// it gave none (RFC 6455, section 5.5.1).
    pub(crate) async fn answer_close(&mut self, code: Option<CloseCode>) -> io::Result<()> {
        match code {
            Some(code) => self.close(code, "").await,
            None => {
                let (header, len) = frame_header(Opcode::Close, 0);
                self.write_all(&mut [IoSlice::new(&header[..len])]).await
            }
        }
    }

    /// Once the close frame is written: sends nothing more (FIN), then
    /// reads and drops whatever the client still sends, until it closes or
    /// `linger` has passed. A socket closed with bytes unread is reset, and
    /// a reset throws away what the client had not read yet: the error and
    /// the close frame just sent to a client that sent a burst.
    pub(crate) async fn linger(&mut self, linger: Duration) {
        let io = &mut self.io;
        let _ = io.shutdown().await;
        let mut dropped = [0_u8; 4096];
        let drained = async { while let Ok(1..) = io.read(&mut dropped).await {} };
        let _ = tokio::time::timeout(linger, drained).await;
    }

    /// Writes every byte of `slices` and flushes.
    async fn write_all(&mut self, mut slices: &mut [IoSlice<'_>]) -> io::Result<()> {
        let io = &mut self.io;
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

    use futures_util::{SinkExt as _, StreamExt as _};
    use tokio_tungstenite::WebSocketStream;
    use tokio_tungstenite::tungstenite::Message;
    use tokio_tungstenite::tungstenite::protocol::Role;
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
        let server = Socket::new(server, 1 << 20);
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

    /// A ping is read as one, between the client's messages, and its
    /// pong goes out between our frames, never inside one, even when the
    /// pipe is too full to take it at once.
    #[tokio::test]
    async fn a_ping_s_pong_goes_out_between_our_frames() {
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
        let Some(Ok(Incoming::Ping(payload))) = server.recv().await else {
            panic!("the client's ping");
        };
        assert_eq!(payload, b"are you there");
        let frames = [Frame::plain(&text_of(1_000)), Frame::plain(&text_of(300))];
        let reading = async {
            let mut received = Vec::new();
            while received.len() < 4 {
                received.push(client.next().await.unwrap().unwrap());
            }
            received
        };
        let writing = async {
            server.pong(&payload).await.unwrap();
            server.send_text(&frames).await.unwrap();
            server.recv().await
        };
        let (read, received) = tokio::join!(writing, reading);
        let Some(Ok(Incoming::Text(text))) = read else {
            panic!("the client's text, not {read:?}");
        };
        assert_eq!(text, "hello");
        let text = |message: &Message, len: usize| matches!(message, Message::Text(text) if text.as_str() == text_of(len));
        assert!(text(&received[0], 60), "{received:?}");
        assert!(
            matches!(&received[1], Message::Pong(payload) if payload.as_ref() == b"are you there"),
            "{received:?}"
        );
        assert!(text(&received[2], 1_000), "{received:?}");
        assert!(text(&received[3], 300), "{received:?}");
    }

    /// Between messages, and while it waits for the next, a connection
    /// holds no read buffer, whatever the size of the last message.
    #[tokio::test]
    async fn a_connection_waiting_for_its_client_holds_no_buffer() {
        let (mut server, mut client) = pair(4096).await;
        client.send(Message::text(text_of(600))).await.unwrap();
        let Some(Ok(Incoming::Text(text))) = server.recv().await else {
            panic!("the client's text");
        };
        assert_eq!(text, text_of(600));
        assert_eq!(server.reader.held(), 0);
        {
            let mut waiting = std::pin::pin!(server.recv());
            assert!(futures_util::poll!(waiting.as_mut()).is_pending());
        }
        assert_eq!(server.reader.held(), 0);
        client.send(Message::text("next")).await.unwrap();
        let Some(Ok(Incoming::Text(text))) = server.recv().await else {
            panic!("the client's next text");
        };
        assert_eq!(text, "next");
    }

    /// A close is answered with its own code, or with none; the client
    /// reads the answer as its close handshake's end.
    #[tokio::test]
    async fn a_close_is_answered_with_its_code() {
        for code in [Some(CloseCode::Away), None] {
            let (mut server, mut client) = pair(64).await;
            let frame = code.map(
                |code| tokio_tungstenite::tungstenite::protocol::CloseFrame {
                    code,
                    reason: "bye".into(),
                },
            );
            client.send(Message::Close(frame)).await.unwrap();
            let Some(Ok(Incoming::Close(read))) = server.recv().await else {
                panic!("the client's close");
            };
            assert_eq!(read, code.map(u16::from));
            server.answer_close(code).await.unwrap();
            let answer = client.next().await.unwrap().unwrap();
            let Message::Close(answer) = answer else {
                panic!("a close frame, not {answer:?}");
            };
            assert_eq!(answer.map(|close| close.code), code);
        }
    }
}

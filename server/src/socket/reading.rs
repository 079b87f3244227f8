//! Reading a client's frames (RFC 6455, section 5), without IO: bytes in,
//! whole messages out, as `quinn-proto` reads datagrams.
//!
//! Why our own: tungstenite's read buffer keeps the capacity of the
//! largest frame it ever read, and its state around it, for as long as the
//! connection lives: about 1 KB of each seated player's 9
//! (docs/performance.md, "Memory per connection"). This reader holds
//! nothing between messages: its buffer is given back as soon as it is
//! emptied, which is after every message a client sends one at a time.

/// Bytes asked of the socket at a time, at least: clients' messages are a
/// few hundred bytes.
const READ_CHUNK: usize = 256;

/// Longest payload of a control frame (RFC 6455, section 5.5).
const MAX_CONTROL_PAYLOAD: usize = 125;

/// A whole message from the client.
#[derive(Debug, PartialEq, Eq)]
pub(crate) enum Incoming {
    /// A text message, its pieces joined.
    Text(String),
    /// A binary message: the game's protocol has none, so its bytes are
    /// dropped as they are read.
    Binary,
    /// A ping, whose payload the pong gives back.
    Ping(Vec<u8>),
    /// A pong (the answer to our ping).
    Pong,
    /// A close frame, and its code if it has one.
    Close(Option<u16>),
}

/// Why a client's bytes are not a WebSocket any more.
#[derive(Debug, thiserror::Error, PartialEq, Eq)]
pub(crate) enum ReadError {
    /// A frame or a message over the limit.
    #[error("a message over {0} bytes")]
    TooLarge(usize),
    /// A text message, or a close frame's reason, that is not UTF-8.
    #[error("text that is not UTF-8")]
    InvalidUtf8,
    /// A frame RFC 6455 does not allow (closed with 1002).
    #[error("{0}")]
    Protocol(&'static str),
}

/// A fragmented message's pieces so far.
#[derive(Debug)]
struct Partial {
    text: bool,
    payload: Vec<u8>,
}

/// One frame's header.
struct Header {
    fin: bool,
    opcode: u8,
    mask: [u8; 4],
    /// Where the payload starts in the buffer.
    start: usize,
    len: usize,
}

/// A client's frames, read from the bytes given to it.
#[derive(Debug)]
pub(crate) struct Reader {
    /// Bytes read and not yet taken as a frame. Given back whenever it is
    /// emptied: a connection between messages holds no buffer.
    buffer: Vec<u8>,
    /// A fragmented message's pieces so far.
    partial: Option<Box<Partial>>,
    /// Largest message (and frame) read.
    limit: usize,
}

impl Reader {
    /// A reader of messages of at most `limit` bytes.
    pub(crate) fn new(limit: usize) -> Reader {
        Reader {
            buffer: Vec::new(),
            partial: None,
            limit,
        }
    }

    /// The buffer to read into: room for a chunk, or for more of the
    /// frame begun, never more than was read so far again. A header alone
    /// cannot make the server hold the length it declares: what a client
    /// makes it hold grows with what it sends.
    pub(crate) fn room(&mut self) -> &mut Vec<u8> {
        let wanted = match self.header() {
            Ok(Some(header)) => header.start + header.len,
            _ => 0,
        };
        let read = self.buffer.len();
        let more = wanted
            .saturating_sub(read)
            .min(read.max(READ_CHUNK))
            .max(READ_CHUNK);
        // Exactly: a doubled buffer would hold what no frame needs.
        self.buffer.reserve_exact(more);
        &mut self.buffer
    }

    /// Gives the buffer back if it holds nothing (a read that found
    /// nothing to read leaves it empty).
    pub(crate) fn release(&mut self) {
        if self.buffer.is_empty() {
            self.buffer = Vec::new();
        }
    }

    /// The next whole message among the bytes read, `None` when more are
    /// needed. After an error the connection is to be closed: what is
    /// read next means nothing.
    pub(crate) fn next_message(&mut self) -> Result<Option<Incoming>, ReadError> {
        loop {
            let Some(header) = self.header()? else {
                return Ok(None);
            };
            let end = header.start + header.len;
            if self.buffer.len() < end {
                return Ok(None);
            }
            let mut payload = self.buffer[header.start..end].to_vec();
            unmask(&mut payload, header.mask);
            self.take(end);
            if let Some(message) = self.frame(header.fin, header.opcode, payload)? {
                return Ok(Some(message));
            }
        }
    }

    /// Drops the first `len` bytes of the buffer, and gives the buffer
    /// back once it is empty.
    fn take(&mut self, len: usize) {
        if len == self.buffer.len() {
            self.buffer = Vec::new();
        } else {
            self.buffer.drain(..len);
        }
    }

    /// The header at the start of the buffer, once it is whole.
    fn header(&self) -> Result<Option<Header>, ReadError> {
        let bytes = &self.buffer;
        let [first, second, ..] = bytes[..] else {
            return Ok(None);
        };
        if first & 0x70 != 0 {
            return Err(ReadError::Protocol("reserved bits set"));
        }
        if second & 0x80 == 0 {
            return Err(ReadError::Protocol("a client's frame must be masked"));
        }
        let (len, at) = match second & 0x7f {
            126 => match bytes.get(2..4) {
                Some(&[high, low]) => (u64::from(u16::from_be_bytes([high, low])), 4),
                _ => return Ok(None),
            },
            127 => match bytes
                .get(2..10)
                .and_then(|len| <[u8; 8]>::try_from(len).ok())
            {
                Some(len) => (u64::from_be_bytes(len), 10),
                None => return Ok(None),
            },
            short => (u64::from(short), 2),
        };
        if len >> 63 != 0 {
            return Err(ReadError::Protocol("a frame's length has its top bit set"));
        }
        let len = usize::try_from(len)
            .ok()
            .filter(|len| *len <= self.limit)
            .ok_or(ReadError::TooLarge(self.limit))?;
        let opcode = first & 0x0f;
        let fin = first & 0x80 != 0;
        if opcode >= 0x8 && (!fin || len > MAX_CONTROL_PAYLOAD) {
            return Err(ReadError::Protocol(
                "a control frame must be whole and at most 125 bytes",
            ));
        }
        let Some(&[a, b, c, d]) = bytes.get(at..at + 4) else {
            return Ok(None);
        };
        Ok(Some(Header {
            fin,
            opcode,
            mask: [a, b, c, d],
            start: at + 4,
            len,
        }))
    }

    /// What a whole frame makes: a message, or nothing yet (a piece of
    /// one).
    fn frame(
        &mut self,
        fin: bool,
        opcode: u8,
        payload: Vec<u8>,
    ) -> Result<Option<Incoming>, ReadError> {
        match opcode {
            0x0 => {
                let partial = self
                    .partial
                    .as_mut()
                    .ok_or(ReadError::Protocol("a continuation of nothing"))?;
                if partial.payload.len() + payload.len() > self.limit {
                    return Err(ReadError::TooLarge(self.limit));
                }
                partial.payload.extend_from_slice(&payload);
                if !fin {
                    return Ok(None);
                }
                let partial = self.partial.take().map(|partial| *partial);
                let Some(Partial { text, payload }) = partial else {
                    return Ok(None);
                };
                whole(text, payload).map(Some)
            }
            0x1 | 0x2 => {
                if self.partial.is_some() {
                    return Err(ReadError::Protocol(
                        "a new message before the last one's end",
                    ));
                }
                let text = opcode == 0x1;
                if fin {
                    return whole(text, payload).map(Some);
                }
                self.partial = Some(Box::new(Partial { text, payload }));
                Ok(None)
            }
            0x8 => close(&payload).map(Some),
            0x9 => Ok(Some(Incoming::Ping(payload))),
            0xa => Ok(Some(Incoming::Pong)),
            _ => Err(ReadError::Protocol("a reserved opcode")),
        }
    }

    /// Bytes held between messages (for the memory tests).
    #[cfg(test)]
    pub(super) fn held(&self) -> usize {
        self.buffer.capacity()
            + self.partial.as_ref().map_or(0, |partial| {
                size_of::<Partial>() + partial.payload.capacity()
            })
    }
}

/// A whole data message.
fn whole(text: bool, payload: Vec<u8>) -> Result<Incoming, ReadError> {
    if !text {
        return Ok(Incoming::Binary);
    }
    String::from_utf8(payload)
        .map(Incoming::Text)
        .map_err(|_| ReadError::InvalidUtf8)
}

/// A close frame's code, its reason checked and dropped.
fn close(payload: &[u8]) -> Result<Incoming, ReadError> {
    match payload {
        [] => Ok(Incoming::Close(None)),
        [_] => Err(ReadError::Protocol("a close frame of one byte")),
        [high, low, reason @ ..] => {
            std::str::from_utf8(reason).map_err(|_| ReadError::InvalidUtf8)?;
            Ok(Incoming::Close(Some(u16::from_be_bytes([*high, *low]))))
        }
    }
}

/// Undoes a client's mask (RFC 6455, section 5.3).
fn unmask(payload: &mut [u8], mask: [u8; 4]) {
    if mask == [0; 4] {
        return;
    }
    let word = u32::from_ne_bytes(mask);
    let mut chunks = payload.chunks_exact_mut(4);
    for chunk in &mut chunks {
        let masked = u32::from_ne_bytes([chunk[0], chunk[1], chunk[2], chunk[3]]) ^ word;
        chunk.copy_from_slice(&masked.to_ne_bytes());
    }
    for (byte, key) in chunks.into_remainder().iter_mut().zip(mask) {
        *byte ^= key;
    }
}

#[cfg(test)]
mod tests {
    use proptest::prelude::*;
    use tokio_tungstenite::tungstenite::protocol::frame::coding::{Control, Data, OpCode};
    use tokio_tungstenite::tungstenite::protocol::frame::{Frame, FrameHeader};

    use super::*;

    const LIMIT: usize = 4096;

    /// A frame as a client writes it: tungstenite's own, masked with `mask`.
    fn client_frame(fin: bool, opcode: OpCode, payload: &[u8], mask: [u8; 4]) -> Vec<u8> {
        let frame = Frame::from_payload(
            FrameHeader {
                is_final: fin,
                opcode,
                mask: Some(mask),
                ..FrameHeader::default()
            },
            payload.to_vec().into(),
        );
        let mut bytes = Vec::new();
        frame.format(&mut bytes).unwrap();
        bytes
    }

    /// Feeds `bytes` in pieces of `step`, collecting every message.
    fn read_all(bytes: &[u8], step: usize) -> Result<Vec<Incoming>, ReadError> {
        let mut reader = Reader::new(LIMIT);
        let mut messages = Vec::new();
        for piece in bytes.chunks(step.max(1)) {
            reader.room().extend_from_slice(piece);
            while let Some(message) = reader.next_message()? {
                messages.push(message);
            }
        }
        assert_eq!(
            reader.held(),
            0,
            "nothing is held once every message is read"
        );
        Ok(messages)
    }

    proptest! {
        /// Any text, cut into any pieces and fed a few bytes at a time, is
        /// read back whole, with a ping between its pieces answered on the
        /// way; the reader then holds nothing.
        #[test]
        fn text_in_pieces_reads_back_whole(
            text in "\\PC{0,300}",
            cuts in proptest::collection::vec(0..300_usize, 0..4),
            mask in any::<[u8; 4]>(),
            step in 1..40_usize,
        ) {
            let bytes = text.as_bytes();
            let mut cuts: Vec<usize> = cuts.into_iter().map(|cut| cut.min(bytes.len())).collect();
            cuts.sort_unstable();
            cuts.dedup();
            let mut pieces = Vec::new();
            let mut from = 0;
            for cut in cuts.into_iter().chain([bytes.len()]) {
                pieces.push(&bytes[from..cut.max(from)]);
                from = cut.max(from);
            }
            let mut wire = Vec::new();
            for (index, piece) in pieces.iter().enumerate() {
                let opcode = if index == 0 { OpCode::Data(Data::Text) } else { OpCode::Data(Data::Continue) };
                wire.extend(client_frame(index + 1 == pieces.len(), opcode, piece, mask));
                if index == 0 {
                    wire.extend(client_frame(true, OpCode::Control(Control::Ping), b"hi", mask));
                }
            }
            let messages = read_all(&wire, step).unwrap();
            let ping = Incoming::Ping(b"hi".to_vec());
            // Between the pieces, or after a message in one piece.
            let expected = if pieces.len() > 1 { vec![ping, Incoming::Text(text)] } else { vec![Incoming::Text(text), ping] };
            prop_assert_eq!(messages, expected);
        }

        /// Whatever bytes come, the reader answers a message, an error or
        /// "more", and never panics nor holds more than the limit.
        #[test]
        fn any_bytes_are_read_or_refused(bytes in proptest::collection::vec(any::<u8>(), 0..600), step in 1..64_usize) {
            let mut reader = Reader::new(LIMIT);
            'feed: for piece in bytes.chunks(step) {
                reader.room().extend_from_slice(piece);
                loop {
                    match reader.next_message() {
                        Ok(Some(_)) => {}
                        Ok(None) => break,
                        Err(_) => break 'feed,
                    }
                }
                // A frame begun, the pieces of a message, and a chunk.
                prop_assert!(reader.held() <= 2 * LIMIT + 2 * READ_CHUNK + 64);
            }
        }
    }

    #[test]
    fn headers_of_each_length_are_read() {
        for len in [0, 125, 126, 65_535, 65_536, 70_000] {
            let payload = vec![b'x'; len];
            let wire = client_frame(true, OpCode::Data(Data::Text), &payload, [1, 2, 3, 4]);
            let mut reader = Reader::new(100_000);
            reader.room().extend_from_slice(&wire);
            let message = reader.next_message().unwrap();
            assert_eq!(message, Some(Incoming::Text("x".repeat(len))), "{len}");
        }
    }

    /// A frame declaring 60,000 bytes makes the reader hold what was
    /// sent, a chunk and at most as much again, not what was declared.
    #[test]
    fn a_declared_length_is_not_held_before_its_bytes_come() {
        let wire = client_frame(true, OpCode::Data(Data::Text), &[b'y'; 60_000], [9; 4]);
        let mut reader = Reader::new(100_000);
        let mut fed = 0;
        while fed < wire.len() {
            // As a socket's read does: into the room made, no more.
            let buffer = reader.room();
            assert!(buffer.capacity() <= 2 * fed + READ_CHUNK, "{fed}");
            let take = (buffer.capacity() - buffer.len()).min(wire.len() - fed);
            buffer.extend_from_slice(&wire[fed..fed + take]);
            fed += take;
            if fed < wire.len() {
                assert_eq!(reader.next_message(), Ok(None));
            }
        }
        assert_eq!(
            reader.next_message(),
            Ok(Some(Incoming::Text("y".repeat(60_000))))
        );
        assert_eq!(reader.held(), 0);
    }

    #[test]
    fn each_frame_rfc_6455_forbids_is_refused() {
        let text = |first: u8, second: u8, rest: &[u8]| {
            let mut bytes = vec![first, second];
            bytes.extend_from_slice(rest);
            bytes
        };
        let protocol = |bytes: Vec<u8>| read_all(&bytes, 3).unwrap_err();
        assert!(
            matches!(protocol(text(0xc1, 0x80, &[0; 4])), ReadError::Protocol(why) if why.contains("reserved bits"))
        );
        assert!(
            matches!(protocol(text(0x81, 0x02, b"{}")), ReadError::Protocol(why) if why.contains("masked"))
        );
        assert!(
            matches!(protocol(text(0x83, 0x80, &[0; 4])), ReadError::Protocol(why) if why.contains("opcode"))
        );
        assert!(
            matches!(protocol(text(0x8b, 0x80, &[0; 4])), ReadError::Protocol(why) if why.contains("opcode"))
        );
        assert!(
            matches!(protocol(text(0x80, 0x80, &[0; 4])), ReadError::Protocol(why) if why.contains("continuation"))
        );
        assert!(
            matches!(protocol(text(0x09, 0x80, &[0; 4])), ReadError::Protocol(why) if why.contains("control"))
        );
        assert!(
            matches!(protocol(text(0x89, 0xfe, &[0, 200])), ReadError::Protocol(why) if why.contains("control"))
        );
        assert!(
            matches!(protocol(text(0x88, 0x81, &[0; 5])), ReadError::Protocol(why) if why.contains("one byte"))
        );
        let mut huge = vec![0x81, 0xff];
        huge.extend_from_slice(&u64::MAX.to_be_bytes());
        assert!(matches!(protocol(huge), ReadError::Protocol(why) if why.contains("top bit")));
        // A text message begun, then another before its end.
        let mut twice = text(0x01, 0x80, &[0; 4]);
        twice.extend(text(0x81, 0x80, &[0; 4]));
        assert!(matches!(protocol(twice), ReadError::Protocol(why) if why.contains("new message")));
    }

    #[test]
    fn too_large_is_told_from_the_header_or_the_pieces_and_bad_text_apart() {
        let mut over = vec![0x81, 0xfe];
        over.extend_from_slice(&(LIMIT as u16 + 1).to_be_bytes());
        assert_eq!(read_all(&over, 4), Err(ReadError::TooLarge(LIMIT)));
        let half = vec![b'z'; LIMIT / 2 + 1];
        let mut pieces = client_frame(false, OpCode::Data(Data::Text), &half, [0; 4]);
        pieces.extend(client_frame(
            true,
            OpCode::Data(Data::Continue),
            &half,
            [0; 4],
        ));
        assert_eq!(read_all(&pieces, 100), Err(ReadError::TooLarge(LIMIT)));
        let bad = client_frame(true, OpCode::Data(Data::Text), &[0xff, 0xfe], [5; 4]);
        assert_eq!(read_all(&bad, 1), Err(ReadError::InvalidUtf8));
        let mut bad_reason = vec![0x03, 0xe8];
        bad_reason.push(0xff);
        let close = client_frame(true, OpCode::Control(Control::Close), &bad_reason, [5; 4]);
        assert_eq!(read_all(&close, 2), Err(ReadError::InvalidUtf8));
    }

    #[test]
    fn binary_pong_and_close_are_told_apart() {
        let mut wire = client_frame(
            true,
            OpCode::Data(Data::Binary),
            &[0, 159, 146, 150],
            [7; 4],
        );
        wire.extend(client_frame(
            true,
            OpCode::Control(Control::Pong),
            b"",
            [7; 4],
        ));
        wire.extend(client_frame(
            true,
            OpCode::Control(Control::Close),
            &[0x03, 0xe9, b'b', b'y', b'e'],
            [7; 4],
        ));
        wire.extend(client_frame(
            true,
            OpCode::Control(Control::Close),
            b"",
            [7; 4],
        ));
        assert_eq!(
            read_all(&wire, 5).unwrap(),
            vec![
                Incoming::Binary,
                Incoming::Pong,
                Incoming::Close(Some(1001)),
                Incoming::Close(None)
            ]
        );
    }

    #[test]
    fn unmasking_matches_the_rfc_s_example() {
        // RFC 6455, section 5.7: "Hello", masked.
        let wire = [
            0x81, 0x85, 0x37, 0xfa, 0x21, 0x3d, 0x7f, 0x9f, 0x4d, 0x51, 0x58,
        ];
        assert_eq!(
            read_all(&wire, 11).unwrap(),
            vec![Incoming::Text("Hello".into())]
        );
    }
}

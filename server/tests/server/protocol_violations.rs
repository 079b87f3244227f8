//! Frames RFC 6455 does not allow, written byte by byte on a raw socket:
//! each is answered with a close frame, 1002 (§7.1.7), never a silent drop,
//! and the server keeps serving. And a client that sends a burst past the
//! refusals it is allowed still reads its error and its 1008: the server
//! reads what is left before it closes, so that no reset throws them away.

use std::time::Duration;

use tokio::io::{AsyncReadExt as _, AsyncWriteExt as _};
use tokio::net::TcpStream;

use crate::support::*;

/// A connection upgraded by hand; what the server sent after its 101.
async fn upgraded(server: &TestServer) -> (TcpStream, Vec<u8>) {
    let mut stream = TcpStream::connect(server.addr).await.unwrap();
    stream
        .write_all(
            b"GET /ws HTTP/1.1\r\nHost: test\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n\
              Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\nSec-WebSocket-Version: 13\r\n\r\n",
        )
        .await
        .unwrap();
    let mut head = Vec::new();
    while !head.ends_with(b"\r\n\r\n") {
        let mut byte = [0_u8; 1];
        stream.read_exact(&mut byte).await.unwrap();
        head.push(byte[0]);
    }
    assert!(
        head.starts_with(b"HTTP/1.1 101"),
        "{}",
        String::from_utf8_lossy(&head)
    );
    (stream, Vec::new())
}

/// A client frame: `first` (FIN, reserved bits, opcode), masked with a
/// zero key (so the payload is as written) unless `masked` is false.
fn frame(first: u8, payload: &[u8], masked: bool) -> Vec<u8> {
    let mut bytes = vec![first];
    let mask = if masked { 0x80 } else { 0 };
    match payload.len() {
        len @ 0..=125 => bytes.push(mask | len as u8),
        len => {
            bytes.push(mask | 126);
            bytes.extend_from_slice(&(len as u16).to_be_bytes());
        }
    }
    if masked {
        bytes.extend_from_slice(&[0; 4]);
    }
    bytes.extend_from_slice(payload);
    bytes
}

/// The code of the close frame the server sends, reading past any other
/// frame; `None` if the connection ends without one.
async fn close_code(stream: &mut TcpStream) -> Option<u16> {
    let read = async {
        loop {
            let mut head = [0_u8; 2];
            stream.read_exact(&mut head).await.ok()?;
            let len = match head[1] & 0x7f {
                126 => usize::from(stream.read_u16().await.ok()?),
                127 => usize::try_from(stream.read_u64().await.ok()?).ok()?,
                len => usize::from(len),
            };
            let mut payload = vec![0_u8; len];
            stream.read_exact(&mut payload).await.ok()?;
            if head[0] & 0x0f == 0x8 {
                return Some(u16::from_be_bytes([payload[0], payload[1]]));
            }
        }
    };
    tokio::time::timeout(PATIENCE, read).await.ok().flatten()
}

#[tokio::test]
async fn each_frame_rfc_6455_forbids_is_answered_with_1002() {
    let server = TestServer::start(|_| {}).await;
    let violations: [(&str, Vec<u8>); 7] = [
        ("reserved bits", frame(0x80 | 0x40 | 0x1, b"{}", true)),
        ("no mask", frame(0x80 | 0x1, b"{}", false)),
        ("unknown data opcode", frame(0x80 | 0x3, b"{}", true)),
        ("unknown control opcode", frame(0x80 | 0xb, b"", true)),
        ("continuation of nothing", frame(0x80, b"{}", true)),
        (
            "control frame over 125 bytes",
            frame(0x80 | 0x9, &[7; 200], true),
        ),
        (
            "close code no one may send",
            frame(0x80 | 0x8, &999_u16.to_be_bytes(), true),
        ),
    ];
    for (what, bytes) in violations {
        let (mut stream, _) = upgraded(&server).await;
        stream.write_all(&bytes).await.unwrap();
        assert_eq!(close_code(&mut stream).await, Some(1002), "{what}");
    }
    assert_eq!(server.get("/healthz").await.0, 200);
}

/// A close frame with a code no endpoint may send (1005 and 1006 are for
/// reporting only, 1004 is reserved, 999 and 5000 are out of range) is
/// answered 1002, and counted as the protocol error it is.
#[tokio::test]
async fn a_close_code_no_endpoint_may_send_is_counted_as_a_protocol_error() {
    let server = TestServer::start(|_| {}).await;
    let series = r#"mice_cake_refused_total{reason="protocol_error"}"#;
    let before = server.metric(series).await;
    let codes = [1005_u16, 1006, 1004, 999, 5000];
    for code in codes {
        let (mut stream, _) = upgraded(&server).await;
        stream
            .write_all(&frame(0x80 | 0x8, &code.to_be_bytes(), true))
            .await
            .unwrap();
        assert_eq!(close_code(&mut stream).await, Some(1002), "{code}");
    }
    let after = server.metric(series).await;
    assert!(
        after - before >= codes.len() as f64,
        "{before} then {after}"
    );
}

/// A burst far past what the rate allows, sent before reading anything:
/// the client still reads the refusals, then the close frame, 1008.
#[tokio::test]
async fn a_burst_past_its_refusals_still_reads_its_1008() {
    let server = TestServer::start(|config| config.messages_per_second = 10).await;
    let (mut stream, _) = upgraded(&server).await;
    let hello = format!(
        r#"{{"type":"hello","version":{},"name":"Burst"}}"#,
        mice_cake_protocol::PROTOCOL_VERSION
    );
    let mut burst = frame(0x81, hello.as_bytes(), true);
    for _ in 0..300 {
        burst.extend(frame(0x81, br#"{"type":"list_rooms"}"#, true));
    }
    stream.write_all(&burst).await.unwrap();
    // Read nothing for a while, as a client busy sending would.
    tokio::time::sleep(Duration::from_millis(300)).await;
    assert_eq!(close_code(&mut stream).await, Some(1008));
}

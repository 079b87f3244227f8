//! The socket: opening a WebSocket connection, sending a message as a
//! frame, and reading why the server closed it.

use std::time::Duration;

use futures_util::{SinkExt, StreamExt};
use mice_cake_protocol::{ClientMessage, ServerMessage};
use tokio::net::TcpStream;
use tokio_tungstenite::tungstenite::Message;
use tokio_tungstenite::{MaybeTlsStream, WebSocketStream};

use crate::tr;

pub(super) type Socket = WebSocketStream<MaybeTlsStream<TcpStream>>;

/// How long opening a connection may take.
pub(super) const OPEN_TIMEOUT: Duration = Duration::from_secs(10);

/// The client pings this often, so that a dead link shows as silence.
pub(super) const PING_EVERY: Duration = Duration::from_secs(15);

/// Silence (no frame at all, pongs included) after which the link is dead.
pub(super) const SILENCE_LIMIT: Duration = Duration::from_secs(45);

pub(super) async fn open(url: &str) -> Result<Socket, String> {
    let connecting = tokio_tungstenite::connect_async_tls_with_config(
        url,
        None,
        false,
        crate::tls::websocket_connector(),
    );
    match tokio::time::timeout(OPEN_TIMEOUT, connecting).await {
        Ok(Ok((socket, _))) => Ok(socket),
        Ok(Err(error)) => Err(error.to_string()),
        Err(_) => Err(tr!(
            "net-no-answer",
            time = humantime::format_duration(OPEN_TIMEOUT).to_string()
        )),
    }
}

/// Sleeps until `at`; forever when there is nothing to wait for.
pub(super) async fn until(at: Option<tokio::time::Instant>) {
    match at {
        Some(at) => tokio::time::sleep_until(at).await,
        None => std::future::pending().await,
    }
}

/// Why a server closed a connection, from its close frame.
pub(super) fn close_words(
    close: Option<&tokio_tungstenite::tungstenite::protocol::CloseFrame>,
) -> String {
    use tokio_tungstenite::tungstenite::protocol::frame::coding::CloseCode;
    match close {
        Some(close) if close.code == CloseCode::Again && close.reason.is_empty() => {
            tr!("net-server-full-1013")
        }
        Some(close) if close.code == CloseCode::Again => {
            tr!("net-server-full", reason = close.reason.as_str())
        }
        Some(close) if !close.reason.is_empty() => {
            tr!("net-server-closed-saying", reason = close.reason.as_str())
        }
        _ => tr!("net-server-closed"),
    }
}

/// What a server that closed the connection said before it did (an error,
/// or its close frame), read briefly; or that it closed.
pub(super) async fn closing_reason(socket: &mut Socket) -> String {
    let read = async {
        while let Some(Ok(frame)) = socket.next().await {
            match frame {
                Message::Text(text) => {
                    if let Ok(ServerMessage::Error {
                        code,
                        message,
                        args,
                    }) = serde_json::from_str::<ServerMessage>(text.as_str())
                    {
                        return crate::catalogue::refusal_with(code, &message, &args);
                    }
                }
                Message::Close(close) => return close_words(close.as_ref()),
                _ => {}
            }
        }
        tr!("net-closed")
    };
    tokio::time::timeout(Duration::from_secs(1), read)
        .await
        .unwrap_or_else(|_| tr!("net-closed"))
}

pub(super) async fn send_frame(socket: &mut Socket, message: &ClientMessage) -> bool {
    match serde_json::to_string(message) {
        Ok(text) => socket.send(Message::text(text)).await.is_ok(),
        Err(_) => false,
    }
}

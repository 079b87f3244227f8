//! The socket: opening a WebSocket connection, sending a message as a
//! frame, and reading why the server closed it.

use std::time::Duration;

use futures_util::{SinkExt, StreamExt};
use mice_cake_protocol::{ClientMessage, ServerMessage};
use tokio::net::TcpStream;
use tokio_tungstenite::tungstenite::Message;
use tokio_tungstenite::{MaybeTlsStream, WebSocketStream};

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
        Err(_) => Err(format!(
            "no answer within {}",
            humantime::format_duration(OPEN_TIMEOUT)
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
pub(super) async fn closing_reason(socket: &mut Socket) -> String {
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

pub(super) async fn send_frame(socket: &mut Socket, message: &ClientMessage) -> bool {
    match serde_json::to_string(message) {
        Ok(text) => socket.send(Message::text(text)).await.is_ok(),
        Err(_) => false,
    }
}

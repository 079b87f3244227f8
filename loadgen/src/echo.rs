//! The baseline: a bare tokio-tungstenite server that sends back every
//! text frame, configured as the game server's sockets are, and the
//! workload that drives it with frames of the sizes the game server sent.
//! What it costs per frame is the transport's own limit on this machine.
//!
//! It also fans out: a connection that says [`SUBSCRIBE`] first receives
//! every frame that any connection sends starting with [`PUBLISH`]. That is
//! the least a server can do to show one event to thousands of spectators,
//! the floor under the game server's spectator scenario.

use std::sync::Arc;

use anyhow::Context as _;
use futures_util::{SinkExt as _, StreamExt as _};
use tokio::net::{TcpListener, TcpStream};
use tokio::sync::broadcast;
use tokio::task::JoinSet;
use tokio_tungstenite::WebSocketStream;
use tokio_tungstenite::tungstenite::{Message, Utf8Bytes};

use crate::crowd::Crowd;
use crate::dial::{next_text, send_text, small_buffers};

/// The first frame of a connection that wants the published frames.
pub(crate) const SUBSCRIBE: &str = r#"{"type":"subscribe"}"#;

/// How a frame to publish begins.
pub(crate) const PUBLISH: &str = r#"{"type":"publish""#;

/// Published frames a subscriber may fall behind by before it is dropped.
const FANOUT_BACKLOG: usize = 64;

/// Serves echo connections on `listener` until the process ends.
pub(crate) async fn serve(listener: TcpListener) -> anyhow::Result<()> {
    let (published, _) = broadcast::channel::<Utf8Bytes>(FANOUT_BACKLOG);
    loop {
        let (stream, _) = listener
            .accept()
            .await
            .context("the echo server cannot accept")?;
        let published = published.clone();
        tokio::spawn(async move {
            // As the game server: small frames, each sent at once.
            let _ = stream.set_nodelay(true);
            let Ok(mut socket) =
                tokio_tungstenite::accept_async_with_config(stream, Some(small_buffers())).await
            else {
                return;
            };
            while let Some(Ok(message)) = socket.next().await {
                match message {
                    Message::Text(text) if text.as_str() == SUBSCRIBE => {
                        return subscriber(socket, published.subscribe()).await;
                    }
                    Message::Text(text) if text.as_str().starts_with(PUBLISH) => {
                        // No subscriber yet is no failure.
                        let _ = published.send(text);
                    }
                    Message::Text(text) => {
                        if socket.send(Message::Text(text)).await.is_err() {
                            return;
                        }
                    }
                    Message::Close(_) => return,
                    Message::Binary(_)
                    | Message::Ping(_)
                    | Message::Pong(_)
                    | Message::Frame(_) => {}
                }
            }
        });
    }
}

/// Writes every published frame to `socket` until it closes or falls
/// behind.
async fn subscriber(
    mut socket: WebSocketStream<TcpStream>,
    mut published: broadcast::Receiver<Utf8Bytes>,
) {
    loop {
        tokio::select! {
            frame = published.recv() => {
                let Ok(frame) = frame else { return };
                if socket.send(Message::Text(frame)).await.is_err() {
                    return;
                }
            }
            message = socket.next() => match message {
                Some(Ok(Message::Close(_)) | Err(_)) | None => return,
                Some(Ok(_)) => {}
            },
        }
    }
}

/// Opens `connections` clients that each send a frame, wait for it to come
/// back, and go on until the crowd stops. Frame sizes are taken in turn
/// from `sizes`, each client starting at its own place.
pub(crate) fn start(crowd: &Arc<Crowd>, connections: usize, sizes: &[u32]) -> JoinSet<()> {
    let frames: Arc<Vec<String>> =
        Arc::new(sizes.iter().map(|size| frame(*size as usize)).collect());
    let mut clients = JoinSet::new();
    for id in 0..connections {
        let (crowd, frames) = (Arc::clone(crowd), Arc::clone(&frames));
        clients.spawn(async move {
            let mut socket = match crowd.dialer.dial().await {
                Ok(socket) => socket,
                Err(error) => return crowd.failed(1, || format!("echo {id}: {error:#}")),
            };
            crowd.stats.connected();
            crowd.ready();
            let mut turn = id;
            let echoed = loop {
                let text = frames[turn % frames.len()].clone();
                turn += 1;
                crowd.stats.sent(text.len());
                let sent = async {
                    send_text(&mut socket, text).await?;
                    next_text(&mut socket).await
                };
                let back = tokio::select! {
                    () = crowd.stop.cancelled() => break Ok(()),
                    back = sent => back,
                };
                match back {
                    Ok(Some(back)) => crowd.stats.received(back.len()),
                    Ok(None) => {
                        break Err(anyhow::anyhow!("the echo server closed the connection"));
                    }
                    Err(error) => break Err(error),
                }
            };
            let _ = socket.close(None).await;
            crowd.stats.disconnected();
            if let Err(error) = echoed {
                crowd.stats.error(|| format!("echo {id}: {error:#}"));
            }
        });
    }
    clients
}

/// A JSON-looking text frame of exactly `size` bytes (or the smallest such).
fn frame(size: usize) -> String {
    const SHELL: &str = r#"{"type":"echo","pad":""}"#;
    let pad = size.saturating_sub(SHELL.len());
    format!(r#"{{"type":"echo","pad":"{}"}}"#, "x".repeat(pad))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn frames_have_the_size_asked_for() {
        for size in [24, 100, 1_500, 16_000] {
            let text = frame(size);
            assert_eq!(text.len(), size);
            assert!(serde_json::from_str::<serde_json::Value>(&text).is_ok());
        }
        assert_eq!(frame(3).len(), 24);
    }
}

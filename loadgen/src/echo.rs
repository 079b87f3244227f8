//! The baseline: a bare tokio-tungstenite server that sends back every
//! text frame, configured as the game server's sockets are, and the
//! workload that drives it with frames of the sizes the game server sent.
//! What it costs per frame is the transport's own limit on this machine.

use std::sync::Arc;

use anyhow::Context as _;
use futures_util::{SinkExt as _, StreamExt as _};
use tokio::net::TcpListener;
use tokio::task::JoinSet;
use tokio_tungstenite::tungstenite::Message;

use crate::crowd::Crowd;
use crate::dial::{next_text, send_text, small_buffers};

/// Serves echo connections on `listener` until the process ends.
pub(crate) async fn serve(listener: TcpListener) -> anyhow::Result<()> {
    loop {
        let (stream, _) = listener
            .accept()
            .await
            .context("the echo server cannot accept")?;
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

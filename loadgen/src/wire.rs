//! Protocol messages over a client connection, counted.

use anyhow::{Context as _, bail};
use mice_cake_protocol::{ClientMessage, PROTOCOL_VERSION, ServerMessage};
use serde::Deserialize;

use tokio_tungstenite::tungstenite::Utf8Bytes;

use crate::dial::{Socket, next_text, send_text};
use crate::stats::Stats;

/// Sends one message.
pub(crate) async fn send(
    socket: &mut Socket,
    stats: &Stats,
    message: &ClientMessage,
) -> anyhow::Result<()> {
    let text = serde_json::to_string(message)?;
    stats.sent(text.len());
    send_text(socket, text).await
}

/// What a spectator reads of a frame: enough to tell a reveal and its
/// round. Skipping the rest (the cake, every die) keeps the generator's
/// cost per frame low, so that 10,000 spectators in one process measure
/// the server rather than the generator.
#[derive(Debug, Deserialize)]
pub(crate) struct Glimpse {
    #[serde(rename = "type")]
    pub(crate) kind: String,
    #[serde(default)]
    pub(crate) event: Option<GlimpsedEvent>,
    /// For errors.
    #[serde(default)]
    pub(crate) code: Option<String>,
    #[serde(default)]
    pub(crate) message: Option<String>,
}

#[derive(Debug, Deserialize)]
pub(crate) struct GlimpsedEvent {
    pub(crate) kind: String,
    #[serde(default)]
    pub(crate) report: Option<GlimpsedReport>,
}

#[derive(Debug, Deserialize)]
pub(crate) struct GlimpsedReport {
    pub(crate) round: u32,
}

/// Reads one text frame; `None` when the connection closed.
pub(crate) async fn receive_text(
    socket: &mut Socket,
    stats: &Stats,
) -> anyhow::Result<Option<Utf8Bytes>> {
    let text = next_text(socket).await?;
    if let Some(text) = &text {
        stats.received(text.len());
    }
    Ok(text)
}

/// Reads a frame as a [`ServerMessage`], or at a [`Glimpse`].
pub(crate) fn parse<'a, T: Deserialize<'a>>(text: &'a str) -> anyhow::Result<T> {
    serde_json::from_str(text).context("the server sent a message that is not in the protocol")
}

/// Reads one frame as a server message; `None` when the connection closed.
pub(crate) async fn receive(
    socket: &mut Socket,
    stats: &Stats,
) -> anyhow::Result<Option<ServerMessage>> {
    receive_text(socket, stats)
        .await?
        .map(|text| parse(&text))
        .transpose()
}

/// The next message, which must not be an error: while entering.
pub(crate) async fn expect(socket: &mut Socket, stats: &Stats) -> anyhow::Result<ServerMessage> {
    let message = receive(socket, stats)
        .await?
        .context("the server closed the connection")?;
    if let ServerMessage::Error { code, message } = &message {
        bail!("refused: {code:?}: {message}");
    }
    Ok(message)
}

/// Says hello and waits for the welcome.
pub(crate) async fn hello(socket: &mut Socket, stats: &Stats, name: String) -> anyhow::Result<()> {
    send(
        socket,
        stats,
        &ClientMessage::Hello {
            version: PROTOCOL_VERSION,
            name,
        },
    )
    .await?;
    match expect(socket, stats).await? {
        ServerMessage::Welcome { .. } => Ok(()),
        other => bail!("expected welcome, got {}", describe(&other)),
    }
}

/// A message's type, for errors.
pub(crate) fn describe(message: &ServerMessage) -> String {
    serde_json::to_value(message)
        .ok()
        .and_then(|value| value.get("type")?.as_str().map(str::to_owned))
        .unwrap_or_else(|| "an unknown message".into())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_glimpse_finds_the_round_of_a_reveal_and_the_code_of_an_error() {
        let reveal = r#"{"type":"event","seq":9,"event":{"kind":"revealed","report":{"round":4,"assignments":{}},"auto":{},"view":{}}}"#;
        let glimpse: Glimpse = serde_json::from_str(reveal).unwrap();
        let event = glimpse.event.unwrap();
        assert_eq!(
            (glimpse.kind.as_str(), event.kind.as_str()),
            ("event", "revealed")
        );
        assert_eq!(event.report.unwrap().round, 4);
        let error = r#"{"type":"error","code":"rate_limited","message":"slow down"}"#;
        let glimpse: Glimpse = serde_json::from_str(error).unwrap();
        assert_eq!(glimpse.code.as_deref(), Some("rate_limited"));
    }
}

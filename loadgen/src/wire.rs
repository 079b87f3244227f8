//! Protocol messages over a client connection, counted.

use anyhow::{Context as _, bail};
use mice_cake_engine::KeyChallenge;
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

/// What a spectator reads of a frame: a reveal and its round, an error, or
/// something else. Found by looking for the reveal's opening, which serde
/// writes with the protocol's fields in their declared order
/// (`{"type":"event","seq":N,"event":{"kind":"revealed","report":{"round":R,`)
/// instead of parsing the cake and every die: 10,000 spectators in one
/// process then measure the server rather than the generator.
#[derive(Debug, PartialEq, Eq)]
pub(crate) enum Glimpse {
    GameStarted { game: u32 },
    Reveal { round: u32 },
    Error(String),
    Other,
}

impl Glimpse {
    pub(crate) fn of(text: &str) -> Glimpse {
        const EVENT: &str = r#"{"type":"event","#;
        const REVEAL: &str = r#""event":{"kind":"revealed","report":{"round":"#;
        const GAME_STARTED: &str = r#""event":{"kind":"game_started","game":"#;
        const ERROR: &str = r#"{"type":"error","#;
        if text.starts_with(EVENT) {
            if let Some(round) = number_after(text, REVEAL) {
                return Glimpse::Reveal { round };
            }
            if let Some(game) = number_after(text, GAME_STARTED) {
                return Glimpse::GameStarted { game };
            }
            return Glimpse::Other;
        }
        if text.starts_with(ERROR) {
            return Glimpse::Error(text.to_owned());
        }
        Glimpse::Other
    }
}

/// The number right after `opening` in `text`.
fn number_after(text: &str, opening: &str) -> Option<u32> {
    let rest = &text[text.find(opening)? + opening.len()..];
    let digits = rest
        .find(|c: char| !c.is_ascii_digit())
        .unwrap_or(rest.len());
    rest[..digits].parse().ok()
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

/// Reads a frame as a [`ServerMessage`].
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
    if let ServerMessage::Error { code, message, .. } = &message {
        bail!("refused: {code:?}: {message}");
    }
    Ok(message)
}

/// Says hello and waits for the welcome: the connection's challenge, which
/// a proof of a key on it answers.
pub(crate) async fn hello(
    socket: &mut Socket,
    stats: &Stats,
    name: String,
) -> anyhow::Result<KeyChallenge> {
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
        ServerMessage::Welcome { challenge, .. } => Ok(challenge),
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
    fn a_glimpse_finds_the_round_of_a_reveal_and_tells_an_error() {
        let reveal = r#"{"type":"event","seq":9,"event":{"kind":"revealed","report":{"round":14,"assignments":{}},"auto":{},"view":{}}}"#;
        assert_eq!(Glimpse::of(reveal), Glimpse::Reveal { round: 14 });
        let started = r#"{"type":"event","seq":10,"event":{"kind":"round_started","round":15,"deadline_ms":null}}"#;
        assert_eq!(Glimpse::of(started), Glimpse::Other);
        let error = r#"{"type":"error","code":"rate_limited","message":"slow down"}"#;
        assert_eq!(Glimpse::of(error), Glimpse::Error(error.into()));
        assert_eq!(Glimpse::of(r#"{"type":"welcome"}"#), Glimpse::Other);
        let started =
            r#"{"type":"event","seq":40,"event":{"kind":"game_started","game":2,"players":{}}}"#;
        assert_eq!(Glimpse::of(started), Glimpse::GameStarted { game: 2 });
    }

    #[test]
    fn a_glimpse_reads_the_events_the_protocol_documents() {
        // The reveal as serde writes it: the order the glimpse relies on.
        let docs = include_str!("../../docs/protocol.md");
        let revealed = docs
            .split("```json server")
            .filter_map(|block| block.split("```").next())
            .find(|block| block.contains(r#""kind": "revealed""#))
            .expect("docs/protocol.md shows a reveal");
        let message: ServerMessage = serde_json::from_str(revealed).unwrap();
        let ServerMessage::Event { event, .. } = &message else {
            panic!("a reveal is an event");
        };
        let mice_cake_protocol::RoomEvent::Revealed { report, .. } = &**event else {
            panic!("the event is a reveal");
        };
        let text = serde_json::to_string(&message).unwrap();
        assert_eq!(
            Glimpse::of(&text),
            Glimpse::Reveal {
                round: report.round
            }
        );
    }
}

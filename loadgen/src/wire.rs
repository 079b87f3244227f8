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

/// What a spectator reads of a frame: a reveal and its round, a new game,
/// an error. Found by looking for the events' openings, which serde writes
/// with the protocol's fields in their declared order (a reveal starts
/// `{"kind":"revealed","report":{"round":R,`, alone in an `event` or among
/// `events`) instead of parsing the cake and every die: 10,000 spectators
/// in one process then measure the server rather than the generator.
#[derive(Debug, PartialEq, Eq)]
pub(crate) enum Glimpse {
    GameStarted { game: u32 },
    Reveal { round: u32 },
    Error(String),
}

impl Glimpse {
    /// What a spectator reads of `text`, in order; nothing for a frame
    /// that holds none of it.
    pub(crate) fn all(text: &str) -> Vec<Glimpse> {
        const EVENTS: &str = r#"{"type":"event"#;
        const REVEAL: &str = r#"{"kind":"revealed","report":{"round":"#;
        const GAME_STARTED: &str = r#"{"kind":"game_started","game":"#;
        const ERROR: &str = r#"{"type":"error","#;
        if text.starts_with(ERROR) {
            return vec![Glimpse::Error(text.to_owned())];
        }
        if !text.starts_with(EVENTS) {
            return Vec::new();
        }
        let mut found: Vec<(usize, Glimpse)> = Vec::new();
        found.extend(
            numbers_after(text, GAME_STARTED).map(|(at, game)| (at, Glimpse::GameStarted { game })),
        );
        found
            .extend(numbers_after(text, REVEAL).map(|(at, round)| (at, Glimpse::Reveal { round })));
        found.sort_by_key(|(at, _)| *at);
        found.into_iter().map(|(_, glimpse)| glimpse).collect()
    }
}

/// Where each `opening` is in `text`, and the number right after it.
fn numbers_after<'a>(text: &'a str, opening: &'a str) -> impl Iterator<Item = (usize, u32)> + 'a {
    text.match_indices(opening).filter_map(move |(at, _)| {
        let rest = &text[at + opening.len()..];
        let digits = rest
            .find(|c: char| !c.is_ascii_digit())
            .unwrap_or(rest.len());
        Some((at, rest[..digits].parse().ok()?))
    })
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
        assert_eq!(Glimpse::all(reveal), [Glimpse::Reveal { round: 14 }]);
        let started = r#"{"type":"event","seq":10,"event":{"kind":"round_started","round":15,"deadline_ms":null}}"#;
        assert_eq!(Glimpse::all(started), []);
        let error = r#"{"type":"error","code":"rate_limited","message":"slow down"}"#;
        assert_eq!(Glimpse::all(error), [Glimpse::Error(error.into())]);
        assert_eq!(Glimpse::all(r#"{"type":"welcome"}"#), []);
        let started =
            r#"{"type":"event","seq":40,"event":{"kind":"game_started","game":2,"players":{}}}"#;
        assert_eq!(Glimpse::all(started), [Glimpse::GameStarted { game: 2 }]);
        // Together, in the order they came.
        let together = r#"{"type":"events","seq":41,"events":[{"kind":"revealed","report":{"round":18}},{"kind":"game_over"},{"kind":"game_started","game":3,"players":{}}]}"#;
        assert_eq!(
            Glimpse::all(together),
            [
                Glimpse::Reveal { round: 18 },
                Glimpse::GameStarted { game: 3 }
            ]
        );
    }

    #[test]
    fn a_glimpse_reads_the_events_the_protocol_documents() {
        // The events as serde writes them: the order the glimpse relies on.
        let docs = include_str!("../../docs/protocol.md");
        let mut reveals = 0;
        let blocks = docs
            .split("```json server")
            .filter_map(|block| block.split("```").next())
            .filter(|block| block.contains(r#""kind": "revealed""#));
        for block in blocks {
            let message: ServerMessage = serde_json::from_str(block).unwrap();
            let text = serde_json::to_string(&message).unwrap();
            let rounds: Vec<Glimpse> = message
                .one_by_one()
                .filter_map(|message| match message {
                    ServerMessage::Event { event, .. } => match *event {
                        mice_cake_protocol::RoomEvent::Revealed { report, .. } => {
                            Some(Glimpse::Reveal {
                                round: report.round,
                            })
                        }
                        _ => None,
                    },
                    _ => None,
                })
                .collect();
            assert_eq!(Glimpse::all(&text), rounds);
            reveals += rounds.len();
        }
        assert!(reveals >= 1, "docs/protocol.md shows a reveal");
    }
}

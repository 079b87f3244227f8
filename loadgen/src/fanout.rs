//! The fan-out floor: subscribers of the echo server (see [`echo`]'s
//! `SUBSCRIBE`) and one publisher sending a frame every so often. Each
//! subscriber times the frame from the moment it was sent: what showing one
//! event to that many connections takes on this machine, with nothing but a
//! bare tokio-tungstenite server in between.
//!
//! [`echo`]: crate::echo

use std::sync::{Arc, Mutex, PoisonError};
use std::time::Duration;

use tokio::task::JoinSet;
use tokio::time::{Instant, MissedTickBehavior};

use crate::crowd::Crowd;
use crate::dial::{Socket, next_text, send_text};
use crate::echo::{PUBLISH, SUBSCRIBE};

/// The last frame published: its number and when it was sent.
#[derive(Default)]
struct Published(Mutex<Option<(u64, Instant)>>);

impl Published {
    fn set(&self, number: u64, at: Instant) {
        *self.0.lock().unwrap_or_else(PoisonError::into_inner) = Some((number, at));
    }

    /// How long ago frame `number` was sent, if it is the last one.
    fn since(&self, number: u64) -> Option<Duration> {
        let last = *self.0.lock().unwrap_or_else(PoisonError::into_inner);
        last.filter(|(last, _)| *last == number)
            .map(|(_, at)| at.elapsed())
    }
}

/// Starts `subscribers` subscribers and one publisher of a `frame_bytes`
/// frame every `every`.
pub(crate) fn start(
    crowd: &Arc<Crowd>,
    subscribers: usize,
    every: Duration,
    frame_bytes: usize,
) -> JoinSet<()> {
    let published = Arc::new(Published::default());
    let mut clients = JoinSet::new();
    for id in 0..subscribers {
        let (crowd, published) = (Arc::clone(crowd), Arc::clone(&published));
        clients.spawn(async move {
            let Some(mut socket) = enter(&crowd, id, Some(SUBSCRIBE)).await else {
                return;
            };
            let read = loop {
                let text = tokio::select! {
                    () = crowd.stop.cancelled() => break Ok(()),
                    text = next_text(&mut socket) => text,
                };
                match text {
                    Ok(Some(text)) => {
                        crowd.stats.received(text.len());
                        let latency = number_of(&text).and_then(|number| published.since(number));
                        crowd.stats.reveal(id, latency);
                    }
                    Ok(None) => {
                        break Err(anyhow::anyhow!("the echo server closed the connection"));
                    }
                    Err(error) => break Err(error),
                }
            };
            leave(&crowd, socket, &format!("subscriber {id}"), read).await;
        });
    }
    let crowd = Arc::clone(crowd);
    clients.spawn(async move {
        let Some(mut socket) = enter(&crowd, subscribers, None).await else {
            return;
        };
        let mut ticks = tokio::time::interval(every);
        ticks.set_missed_tick_behavior(MissedTickBehavior::Delay);
        let mut number = 0;
        let sent = loop {
            tokio::select! {
                () = crowd.stop.cancelled() => break Ok(()),
                _ = ticks.tick() => {}
            }
            number += 1;
            let text = frame(number, frame_bytes);
            crowd.stats.sent(text.len());
            published.set(number, Instant::now());
            if let Err(error) = send_text(&mut socket, text).await {
                break Err(error);
            }
        };
        leave(&crowd, socket, "publisher", sent).await;
    });
    clients
}

/// Connects, says `first` if given, and counts the client in.
async fn enter(crowd: &Crowd, id: usize, first: Option<&str>) -> Option<Socket> {
    let mut socket = match crowd.dialer.dial().await {
        Ok(socket) => socket,
        Err(error) => {
            crowd.failed(1, || format!("fan-out client {id}: {error:#}"));
            return None;
        }
    };
    if let Some(first) = first
        && let Err(error) = send_text(&mut socket, first.to_owned()).await
    {
        crowd.failed(1, || format!("fan-out client {id}: {error:#}"));
        return None;
    }
    crowd.stats.connected();
    crowd.ready();
    Some(socket)
}

async fn leave(crowd: &Crowd, mut socket: Socket, who: &str, ended: anyhow::Result<()>) {
    let _ = socket.close(None).await;
    crowd.stats.disconnected();
    if let Err(error) = ended {
        crowd.stats.error(|| format!("{who}: {error:#}"));
    }
}

/// Frame `number`, padded to `size` bytes (or the smallest such).
fn frame(number: u64, size: usize) -> String {
    let shell = format!(r#"{PUBLISH},"n":{number},"pad":""}}"#);
    let pad = size.saturating_sub(shell.len());
    format!(r#"{PUBLISH},"n":{number},"pad":"{}"}}"#, "x".repeat(pad))
}

/// The number of a published frame.
fn number_of(text: &str) -> Option<u64> {
    let rest = text.strip_prefix(PUBLISH)?.strip_prefix(r#","n":"#)?;
    let digits = rest
        .find(|c: char| !c.is_ascii_digit())
        .unwrap_or(rest.len());
    rest[..digits].parse().ok()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_published_frame_has_its_size_and_says_its_number() {
        for (number, size) in [(1, 700), (123_456, 100), (7, 10)] {
            let text = frame(number, size);
            assert!(text.len() == size || size < 40, "{text}");
            assert!(serde_json::from_str::<serde_json::Value>(&text).is_ok());
            assert_eq!(number_of(&text), Some(number));
        }
        assert_eq!(number_of(r#"{"type":"echo","pad":""}"#), None);
    }

    #[test]
    fn only_the_last_frame_is_timed() {
        let published = Published::default();
        assert_eq!(published.since(1), None);
        published.set(1, Instant::now());
        published.set(2, Instant::now());
        assert!(published.since(2).is_some());
        assert_eq!(published.since(1), None);
    }
}

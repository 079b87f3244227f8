//! A connection's outbound queue: bounded, never awaited by a room.

use std::sync::Arc;

use axum::extract::ws::{Message, Utf8Bytes};
use mice_cake_protocol::ServerMessage;
use tokio::sync::mpsc;
use tokio_util::sync::CancellationToken;

/// One serialized message. Cloning shares the bytes: a room serializes an
/// event once and sends it to every member. A thin pointer: a connection's
/// queue allocates room for 32 of them at once, which every idle
/// connection carries (1 KiB as a fat `Utf8Bytes`, 256 bytes as this).
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct Frame(Arc<Utf8Bytes>);

impl Frame {
    #[cfg(test)]
    pub(crate) fn as_str(&self) -> &str {
        self.0.as_str()
    }

    /// Its length in bytes.
    pub(crate) fn len(&self) -> usize {
        self.0.len()
    }

    /// The WebSocket message that carries it (sharing the bytes).
    pub(crate) fn message(&self) -> Message {
        Message::Text(Utf8Bytes::clone(&self.0))
    }
}

impl From<String> for Frame {
    fn from(mut text: String) -> Frame {
        // A serialized message has grown by doubling: up to half of it is
        // spare room, which a room would keep with its recent events.
        text.shrink_to_fit();
        Frame(Arc::new(Utf8Bytes::from(text)))
    }
}

impl From<&'static str> for Frame {
    fn from(text: &'static str) -> Frame {
        Frame(Arc::new(Utf8Bytes::from_static(text)))
    }
}

/// Serializes a message into a frame.
pub(crate) fn frame(message: &ServerMessage) -> Frame {
    match serde_json::to_string(message) {
        Ok(text) => Frame::from(text),
        // Our own types always serialize; if one ever fails, say so rather
        // than send nothing.
        Err(error) => Frame::from(format!(
            r#"{{"type":"error","code":"internal","message":"the server could not write a message: {error}"}}"#
        )),
    }
}

/// The sending end of a connection's queue, held by rooms.
#[derive(Clone, Debug)]
pub(crate) struct Outbound {
    tx: mpsc::Sender<Frame>,
    /// Cancelled to close the connection: the client fell too far behind,
    /// or another connection took its seat.
    close: CancellationToken,
}

impl Outbound {
    /// A queue of `capacity` frames, its receiving end, and the token that
    /// asks the connection to close.
    pub(crate) fn new(capacity: usize) -> (Outbound, mpsc::Receiver<Frame>, CancellationToken) {
        let (tx, rx) = mpsc::channel(capacity.max(1));
        let close = CancellationToken::new();
        (
            Outbound {
                tx,
                close: close.clone(),
            },
            rx,
            close,
        )
    }

    /// Queues a frame without waiting. A full queue means the client cannot
    /// keep up: it is disconnected, and the caller goes on.
    pub(crate) fn send(&self, frame: Frame) {
        if self.queue(frame) {
            metrics::counter!(crate::metrics::MESSAGES_SENT).increment(1);
        }
    }

    /// As [`Outbound::send`], leaving the count of messages sent to the
    /// caller: a room sending one event to thousands of spectators counts
    /// them once (a metric's lookup costs more than the queueing).
    pub(crate) fn queue(&self, frame: Frame) -> bool {
        match self.tx.try_send(frame) {
            Ok(()) => true,
            Err(mpsc::error::TrySendError::Full(_)) => {
                metrics::counter!(crate::metrics::SLOW_CLIENTS).increment(1);
                self.close.cancel();
                false
            }
            Err(mpsc::error::TrySendError::Closed(_)) => false,
        }
    }

    /// Queues a frame that may be left out (chat): only while the queue is
    /// at most half full, so that it never costs the client its connection.
    /// Whether it was queued (the caller counts it).
    pub(crate) fn offer(&self, frame: Frame) -> bool {
        let queued =
            self.tx.capacity() * 2 >= self.tx.max_capacity() && self.tx.try_send(frame).is_ok();
        if !queued {
            metrics::counter!(crate::metrics::FRAMES_LEFT_OUT).increment(1);
        }
        queued
    }

    /// Serializes and queues one message.
    pub(crate) fn send_message(&self, message: &ServerMessage) {
        self.send(frame(message));
    }

    /// Closes the connection once what is queued has been written.
    pub(crate) fn disconnect(&self) {
        self.close.cancel();
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_full_queue_closes_the_connection_without_waiting() {
        let (outbound, mut queue, close) = Outbound::new(2);
        outbound.send(Frame::from("one"));
        outbound.send(Frame::from("two"));
        assert!(!close.is_cancelled());
        // The third does not fit: the sender goes on, the connection is told to close.
        outbound.send(Frame::from("three"));
        assert!(close.is_cancelled());
        assert_eq!(queue.try_recv().unwrap().as_str(), "one");
        assert_eq!(queue.try_recv().unwrap().as_str(), "two");
        assert!(queue.try_recv().is_err());
    }

    #[test]
    fn what_may_be_left_out_is_once_the_queue_is_half_full() {
        let (outbound, mut queue, close) = Outbound::new(4);
        outbound.offer(Frame::from("chat 1"));
        outbound.offer(Frame::from("chat 2"));
        outbound.offer(Frame::from("chat 3"));
        // Over half full: more chat is left out, and the client stays.
        outbound.offer(Frame::from("chat 4"));
        assert!(!close.is_cancelled());
        // What must arrive still does.
        outbound.send(Frame::from("event"));
        let got: Vec<_> = std::iter::from_fn(|| queue.try_recv().ok())
            .map(|frame| frame.as_str().to_owned())
            .collect();
        assert_eq!(got, ["chat 1", "chat 2", "chat 3", "event"]);
    }
}

//! A connection's outbound queue: bounded, never awaited by a room.

use std::collections::VecDeque;
use std::sync::{Arc, Mutex, MutexGuard, PoisonError};

use mice_cake_protocol::ServerMessage;
use tokio::sync::Notify;

use crate::frame::{Frame, frame};

/// The sending end of a connection's queue, held by rooms. Cloning shares
/// it (one count, where a channel's sender and a cancellation token each
/// took a lock or two: a room clones one per spectator per event).
///
/// In a cluster, a room's member may be connected to another node: its
/// queue is then that node's, reached through a [`Relay`].
#[derive(Clone, Debug)]
pub(crate) enum Outbound {
    Local(Arc<Queue>),
    Remote(Arc<dyn Relay>),
}

/// The way to a connection on another node of a cluster (see `cluster`).
pub(crate) trait Relay: Send + Sync + std::fmt::Debug {
    /// Passes a frame on, in order with everything else relayed (`offer`:
    /// it may be left out if the connection is behind); whether it went.
    fn relay(&self, frame: Frame, offer: bool) -> bool;
    /// Closes the connection once what was relayed before is written.
    fn close(&self, why: Closing);
    /// Whether the connection watches the room: spectators on other nodes
    /// are sent the room's events once per room, not once each (see
    /// [`Relay::to_watchers`]).
    fn watching(&self) -> bool;
    /// Sends `frames` to every spectator of `room` on the other nodes, in
    /// order with what is relayed to each.
    fn to_watchers(&self, room: mice_cake_protocol::RoomCode, frames: &[Frame], offer: bool);
}

/// The receiving end, held by the connection's task.
#[derive(Debug)]
pub(crate) struct Inbound(Arc<Queue>);

/// A connection's queue of frames, and its request to close. Not a tokio
/// channel and a cancellation token: those allocate 512 bytes of
/// cache-padded state, a first block of 32 slots and a token's node at
/// once, which every connection, idle or not, carried. This is one small
/// allocation, and a queue that grows only as frames wait.
#[derive(Debug)]
pub(crate) struct Queue {
    waiting: Mutex<Waiting>,
    /// Wakes the connection's task when a frame is queued or it must close.
    queued: Notify,
    capacity: usize,
}

#[derive(Debug, Default)]
struct Waiting {
    frames: VecDeque<Frame>,
    /// The connection is to close, and why: the client fell too far behind,
    /// or another connection took its seat; or, in a cluster, the way to
    /// its room is gone.
    closing: Option<Closing>,
    /// The connection's task is gone: frames would never leave.
    receiver_gone: bool,
}

/// What the connection's task is to do next.
#[derive(Debug)]
pub(crate) enum Next {
    Write(Frame),
    /// Close (once what is queued is written).
    Close(Closing),
}

/// Why a connection is closed from outside its task.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Closing {
    /// Its client fell too far behind, another connection took its seat,
    /// or it was pushed out to make room (close code 1008).
    Cut,
    /// In a cluster, the way to its room is gone: the room's node died or
    /// handed it over, or messages between the nodes may have been lost.
    /// Its client comes back at once and finds the room where it runs
    /// (close code 1012).
    Rerouted,
}

/// Why a frame was not queued.
enum Refused {
    /// The client is too far behind.
    Full,
    /// The connection is gone.
    Gone,
}

impl Queue {
    fn waiting(&self) -> MutexGuard<'_, Waiting> {
        // Nothing panics while holding it: no half-made change to find.
        self.waiting.lock().unwrap_or_else(PoisonError::into_inner)
    }

    /// Queues `frame` if `fits`, given the frames waiting, says so.
    fn push(&self, frame: Frame, fits: impl FnOnce(usize) -> bool) -> Result<(), Refused> {
        {
            let mut waiting = self.waiting();
            if waiting.receiver_gone {
                return Err(Refused::Gone);
            }
            if !fits(waiting.frames.len()) {
                return Err(Refused::Full);
            }
            waiting.frames.push_back(frame);
        }
        self.queued.notify_one();
        Ok(())
    }

    /// Queues all of `frames`, with one wake of the connection's task, if
    /// the queue has room for them all.
    fn push_all(&self, frames: &[Frame]) -> Result<(), Refused> {
        {
            let mut waiting = self.waiting();
            if waiting.receiver_gone {
                return Err(Refused::Gone);
            }
            if waiting.frames.len() + frames.len() > self.capacity {
                return Err(Refused::Full);
            }
            waiting.frames.extend(frames.iter().cloned());
        }
        self.queued.notify_one();
        Ok(())
    }

    fn close(&self, why: Closing) {
        self.waiting().closing.get_or_insert(why);
        self.queued.notify_one();
    }
}

impl Outbound {
    /// A queue of `capacity` frames, and its receiving end.
    pub(crate) fn new(capacity: usize) -> (Outbound, Inbound) {
        let queue = Arc::new(Queue {
            waiting: Mutex::default(),
            queued: Notify::new(),
            capacity: capacity.max(1),
        });
        (Outbound::Local(Arc::clone(&queue)), Inbound(queue))
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
        let queue = match self {
            Outbound::Local(queue) => queue,
            Outbound::Remote(relay) => return relay.relay(frame, false),
        };
        let capacity = queue.capacity;
        match queue.push(frame, |waiting| waiting < capacity) {
            Ok(()) => true,
            Err(Refused::Full) => {
                metrics::counter!(crate::metrics::SLOW_CLIENTS).increment(1);
                queue.close(Closing::Cut);
                false
            }
            Err(Refused::Gone) => false,
        }
    }

    /// Queues `frames` in order, waking the connection once: a room's
    /// events gathered for a spectator over its turn. A queue without room
    /// for them all closes, as [`Outbound::queue`]'s. How many were queued
    /// (the caller counts them).
    pub(crate) fn queue_all(&self, frames: &[Frame]) -> usize {
        let queue = match self {
            Outbound::Local(queue) => queue,
            Outbound::Remote(relay) => {
                return frames
                    .iter()
                    .filter(|frame| relay.relay(Frame::clone(frame), false))
                    .count();
            }
        };
        match queue.push_all(frames) {
            Ok(()) => frames.len(),
            Err(Refused::Full) => {
                metrics::counter!(crate::metrics::SLOW_CLIENTS).increment(1);
                queue.close(Closing::Cut);
                0
            }
            Err(Refused::Gone) => 0,
        }
    }

    /// Queues a frame that may be left out (chat): only while the queue is
    /// at most half full, so that it never costs the client its connection.
    /// Whether it was queued (the caller counts it).
    pub(crate) fn offer(&self, frame: Frame) -> bool {
        let queue = match self {
            Outbound::Local(queue) => queue,
            Outbound::Remote(relay) => return relay.relay(frame, true),
        };
        let capacity = queue.capacity;
        let queued = queue.push(frame, |waiting| waiting * 2 <= capacity).is_ok();
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
        match self {
            Outbound::Local(queue) => queue.close(Closing::Cut),
            Outbound::Remote(relay) => relay.close(Closing::Cut),
        }
    }

    /// Closes a connection whose way to its room is gone (the room's node
    /// died, or handed it over), telling its client to come back at once.
    pub(crate) fn reroute(&self) {
        match self {
            Outbound::Local(queue) => queue.close(Closing::Rerouted),
            Outbound::Remote(relay) => relay.close(Closing::Rerouted),
        }
    }

    /// The way to a spectator on another node, whom a room sends its events
    /// once for all of them (see [`Relay::to_watchers`]).
    pub(crate) fn remote_watcher(&self) -> Option<&Arc<dyn Relay>> {
        match self {
            Outbound::Remote(relay) if relay.watching() => Some(relay),
            _ => None,
        }
    }
}

impl Inbound {
    /// The next frame to write, or the request to close (before any frame
    /// still queued), waiting for either.
    pub(crate) async fn next(&mut self) -> Next {
        loop {
            {
                let mut waiting = self.0.waiting();
                if let Some(why) = waiting.closing {
                    return Next::Close(why);
                }
                if let Some(frame) = waiting.frames.pop_front() {
                    return Next::Write(frame);
                }
            }
            // A frame queued between the look above and this wait leaves a
            // permit: the wait ends at once.
            self.0.queued.notified().await;
        }
    }

    /// Whether the connection was asked to close.
    #[cfg(test)]
    pub(crate) fn closing(&self) -> bool {
        self.0.waiting().closing.is_some()
    }

    /// The next frame, if one is waiting.
    pub(crate) fn try_recv(&mut self) -> Option<Frame> {
        self.0.waiting().frames.pop_front()
    }
}

impl Drop for Inbound {
    fn drop(&mut self) {
        let mut waiting = self.0.waiting();
        waiting.receiver_gone = true;
        waiting.frames.clear();
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn frames_queued_together_go_in_order_or_not_at_all() {
        let (outbound, mut inbound) = Outbound::new(4);
        let frames = [
            Frame::plain("one"),
            Frame::plain("two"),
            Frame::plain("three"),
        ];
        assert_eq!(outbound.queue_all(&frames), 3);
        assert_eq!(inbound.try_recv().unwrap().as_str(), "one");
        // Two waiting, three more: no room for them all, so it closes.
        assert_eq!(outbound.queue_all(&frames), 0);
        assert!(inbound.closing());
        assert_eq!(inbound.try_recv().unwrap().as_str(), "two");
        assert_eq!(inbound.try_recv().unwrap().as_str(), "three");
        assert!(inbound.try_recv().is_none());
        drop(inbound);
        assert_eq!(outbound.queue_all(&frames), 0, "the connection is gone");
    }

    #[test]
    fn a_full_queue_closes_the_connection_without_waiting() {
        let (outbound, mut queue) = Outbound::new(2);
        outbound.send(Frame::plain("one"));
        outbound.send(Frame::plain("two"));
        assert!(!queue.closing());
        // The third does not fit: the sender goes on, the connection is told to close.
        outbound.send(Frame::plain("three"));
        assert!(queue.closing());
        assert_eq!(queue.try_recv().unwrap().as_str(), "one");
        assert_eq!(queue.try_recv().unwrap().as_str(), "two");
        assert!(queue.try_recv().is_none());
    }

    #[tokio::test]
    async fn the_connection_wakes_for_a_frame_and_closes_before_what_is_left() {
        let (outbound, mut queue) = Outbound::new(4);
        let waiting = tokio::spawn(async move {
            let first = queue.next().await;
            (first, queue)
        });
        tokio::task::yield_now().await;
        outbound.send(Frame::plain("one"));
        let (first, mut queue) = waiting.await.unwrap();
        assert!(matches!(first, Next::Write(frame) if frame.as_str() == "one"));
        // Asked to close with a frame still queued: the close comes first,
        // and the frame is still there to drain.
        outbound.send(Frame::plain("two"));
        outbound.disconnect();
        assert!(matches!(queue.next().await, Next::Close(Closing::Cut)));
        assert_eq!(queue.try_recv().unwrap().as_str(), "two");
        // Once the connection is gone, nothing more is queued.
        drop(queue);
        assert!(!outbound.queue(Frame::plain("three")));
    }

    #[test]
    fn what_may_be_left_out_is_once_the_queue_is_half_full() {
        let (outbound, mut queue) = Outbound::new(4);
        outbound.offer(Frame::plain("chat 1"));
        outbound.offer(Frame::plain("chat 2"));
        outbound.offer(Frame::plain("chat 3"));
        // Over half full: more chat is left out, and the client stays.
        outbound.offer(Frame::plain("chat 4"));
        assert!(!queue.closing());
        // What must arrive still does.
        outbound.send(Frame::plain("event"));
        let got: Vec<_> = std::iter::from_fn(|| queue.try_recv())
            .map(|frame| frame.as_str().to_owned())
            .collect();
        assert_eq!(got, ["chat 1", "chat 2", "chat 3", "event"]);
    }
}

//! The way from a challenge to its players' connections (`docs/protocol.md`,
//! "Challenges"): whoever watches a key's challenges (`watch_challenges`, or
//! a `challenge` made) is listed here under that key, and every challenge
//! news for the key — `challenged`, `challenge_ended` — is put on each
//! listed connection's queue. On one server the news is told here at once;
//! in a cluster it goes to every node (`cluster`'s notice), each telling
//! the connections it holds. A connection whose queue is full misses the
//! news, never holds up the teller: the challenge is kept in the database,
//! and `watch_challenges` gives what waits.

use std::collections::HashMap;
use std::sync::Mutex;

use mice_cake_engine::PlayerKey;

use crate::frame::Frame;
use crate::outbound::Outbound;
use crate::room::ConnId;

/// The connections that watch each key's challenges.
#[derive(Debug, Default)]
pub(crate) struct Listeners {
    by_key: Mutex<HashMap<PlayerKey, Vec<(ConnId, Outbound)>>>,
}

impl Listeners {
    /// `conn` hears of `key`'s challenges from now on (once, however often
    /// it asks).
    pub(crate) fn listen(&self, key: PlayerKey, conn: ConnId, outbound: &Outbound) {
        let mut by_key = self.lock();
        let listening = by_key.entry(key).or_default();
        if !listening.iter().any(|(listed, _)| *listed == conn) {
            listening.push((conn, outbound.clone()));
        }
    }

    /// `conn` hears no more of `key`'s challenges (it ended, or watches
    /// another key).
    pub(crate) fn forget(&self, key: PlayerKey, conn: ConnId) {
        let mut by_key = self.lock();
        if let Some(listening) = by_key.get_mut(&key) {
            listening.retain(|(listed, _)| *listed != conn);
            if listening.is_empty() {
                by_key.remove(&key);
            }
        }
    }

    /// Puts `frame` on the queue of every connection here that watches
    /// `key`; how many took it.
    pub(crate) fn tell_here(&self, key: PlayerKey, frame: &Frame) -> usize {
        let by_key = self.lock();
        by_key.get(&key).map_or(0, |listening| {
            listening
                .iter()
                .filter(|(_, outbound)| outbound.offer(frame.clone()))
                .count()
        })
    }

    /// How many connections watch some key's challenges here.
    #[cfg(test)]
    pub(crate) fn count(&self) -> usize {
        self.lock().values().map(Vec::len).sum()
    }

    fn lock(&self) -> std::sync::MutexGuard<'_, HashMap<PlayerKey, Vec<(ConnId, Outbound)>>> {
        // A panic while listed leaves the list as it was: still usable.
        self.by_key
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner)
    }
}

/// How challenge news reaches a key's connections, wherever they are.
pub(crate) trait ChallengeNews: Send + Sync {
    /// Tells `frame` to every connection that watches `key`'s challenges,
    /// on this server or (in a cluster) on any node. Never waits.
    fn tell(&self, key: PlayerKey, frame: Frame);
}

/// One server's news: its own connections are all there are.
impl ChallengeNews for Listeners {
    fn tell(&self, key: PlayerKey, frame: Frame) {
        self.tell_here(key, &frame);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::outbound::Outbound;

    #[test]
    fn news_reaches_every_connection_that_watches_the_key_and_no_other() {
        let listeners = Listeners::default();
        let ann = PlayerKey::from_bytes([1; 32]);
        let bob = PlayerKey::from_bytes([2; 32]);
        let (first, mut first_in) = Outbound::new(4);
        let (second, mut second_in) = Outbound::new(4);
        let (bobs, mut bobs_in) = Outbound::new(4);
        let (one, two, three) = (ConnId::next(), ConnId::next(), ConnId::next());
        listeners.listen(ann, one, &first);
        listeners.listen(ann, one, &first);
        listeners.listen(ann, two, &second);
        listeners.listen(bob, three, &bobs);
        assert_eq!(listeners.count(), 3);
        listeners.tell(ann, Frame::plain("{}"));
        assert!(first_in.try_recv().is_some());
        assert!(first_in.try_recv().is_none(), "told once");
        assert!(second_in.try_recv().is_some());
        assert!(bobs_in.try_recv().is_none());
        listeners.forget(ann, one);
        listeners.forget(ann, two);
        assert_eq!(listeners.count(), 1);
        assert_eq!(listeners.tell_here(ann, &Frame::plain("{}")), 0);
    }
}

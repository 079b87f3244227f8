//! Challenge news across the cluster (`challenge_link`): told to every node
//! as a notice, each giving it to the connections it holds that watch the
//! key. Nothing of it is kept in Redis: the challenge itself is in the
//! database, and a connection that missed the news (Redis away as it went)
//! reads what waits when it watches again.

use std::sync::Arc;

use mice_cake_engine::PlayerKey;
use tracing::warn;

use super::Cluster;
use super::publisher::Outgoing;
use super::wire::Notice;
use crate::challenge_link::{ChallengeNews, Listeners};
use crate::frame::Frame;

impl Cluster {
    /// The connections here that watch keys' challenges: told what any
    /// node tells.
    pub(crate) fn hear_challenges(&self, listeners: Arc<Listeners>) {
        if self.challenge_listeners.set(listeners).is_err() {
            warn!("the cluster was given the challenges' listeners twice");
        }
    }

    /// A notice of challenge news for `to` (a key in hex): told to the
    /// connections here that watch it.
    pub(super) fn challenge_news(&self, to: &str, frame: &str) {
        let Ok(key) = to.parse::<PlayerKey>() else {
            warn!(key = to, "challenge news for an unreadable key: skipped");
            return;
        };
        if let Some(listeners) = self.challenge_listeners.get() {
            listeners.tell_here(key, &Frame::plain(frame));
        }
    }
}

impl ChallengeNews for Cluster {
    fn tell(&self, key: PlayerKey, frame: Frame) {
        let notice = Notice::Challenge {
            to: key.to_string(),
            frame: frame.as_str().to_owned(),
        };
        if !self.publisher.send(Outgoing::Notice(notice)) {
            // Redis is away: this node's own connections still hear it;
            // the others read it when they watch again.
            self.challenge_news(&key.to_string(), frame.as_str());
        }
    }
}

//! Places in the quick-pairing queue kept through a node's death. The node
//! that pairs two seekers makes their room on itself; if it dies before the
//! room is stored (before either seat is taken, say), the takeover calls
//! the room off. A seeker whose connection was on another node hears it
//! there (`unpaired`) and is put back at the head of the queue by its
//! session; one whose connection died with the node comes back and seeks
//! again, and takes back the place its last seek had, read from here.
//!
//! Only keys are kept (a seek without a key cannot be told from another),
//! and only for a while: long enough for a client to come back.

use std::time::Duration;

use mice_cake_engine::PlayerKey;
use mice_cake_protocol::RoomCode;
use serde::{Deserialize, Serialize};
use tracing::warn;

use super::{Cluster, wire};

/// How long a pairing's seekers are remembered: past the time its room
/// gives them to come, and a takeover.
const PAIRING_KEPT: Duration = Duration::from_secs(10 * 60);
/// How long a place is kept for a seeker to come back to.
const PLACE_KEPT: Duration = Duration::from_secs(10 * 60);

/// A seeker of a pairing, as remembered with its room.
#[derive(Debug, Serialize, Deserialize)]
pub(crate) struct PairedSeeker {
    pub(crate) key: PlayerKey,
    /// When its seek began (Unix milliseconds).
    pub(crate) since_ms: u64,
}

fn millis(duration: Duration) -> u64 {
    u64::try_from(duration.as_millis()).unwrap_or(u64::MAX)
}

impl Cluster {
    /// Remembers the seekers a pairing put in room `code`, for the room's
    /// takeover to give them their place back if it was never stored.
    pub(crate) async fn remember_pairing(&self, code: RoomCode, seekers: &[PairedSeeker]) {
        if seekers.is_empty() {
            return;
        }
        let Ok(text) = serde_json::to_string(seekers) else {
            return;
        };
        let remembered: redis::RedisResult<()> = redis::cmd("SET")
            .arg(wire::pairing_key(code))
            .arg(text)
            .arg("PX")
            .arg(millis(PAIRING_KEPT))
            .query_async(&mut self.redis.clone())
            .await;
        if let Err(cause) = remembered {
            warn!(room = %code, cause = %cause, "a pairing's seekers cannot be remembered");
        }
    }

    /// Room `code` was called off unstored: the seekers its pairing put
    /// there keep their place for their next seek.
    pub(super) async fn keep_places_of(&self, code: RoomCode) {
        let mut redis = self.redis.clone();
        let remembered: redis::RedisResult<Option<String>> = redis::cmd("GETDEL")
            .arg(wire::pairing_key(code))
            .query_async(&mut redis)
            .await;
        let seekers: Vec<PairedSeeker> = match remembered {
            Ok(Some(text)) => serde_json::from_str(&text).unwrap_or_default(),
            Ok(None) => return,
            Err(cause) => {
                warn!(room = %code, cause = %cause, "a pairing's seekers cannot be read");
                return;
            }
        };
        for seeker in seekers {
            let kept: redis::RedisResult<()> = redis::cmd("SET")
                .arg(wire::kept_place_key(&seeker.key))
                .arg(seeker.since_ms)
                .arg("PX")
                .arg(millis(PLACE_KEPT))
                .query_async(&mut redis)
                .await;
            if let Err(cause) = kept {
                warn!(room = %code, cause = %cause, "a seeker's place cannot be kept");
            }
        }
    }

    /// When `key`'s last seek began, if its pairing's room was called off
    /// unstored since: given once, to the next seek.
    pub(crate) async fn kept_place(&self, key: &PlayerKey) -> Option<u64> {
        let kept: redis::RedisResult<Option<u64>> = redis::cmd("GETDEL")
            .arg(wire::kept_place_key(key))
            .query_async(&mut self.redis.clone())
            .await;
        kept.unwrap_or_else(|cause| {
            warn!(cause = %cause, "a seeker's kept place cannot be read");
            None
        })
    }
}

//! New keys in rated play, counted by address: anyone can make keys
//! (there are no accounts), so a player could make many to feed their
//! main key wins, or to start afresh whenever a rating falls. The server
//! lets each address (an IPv4 address, or an IPv6 /64) bring at most so
//! many keys it has never rated into rated play each hour
//! (`--new-rated-keys-per-hour`; `docs/ratings.md`). A cluster counts
//! them in Redis, across its nodes (`cluster::newcomers`); a node that
//! cannot reach Redis counts its own meanwhile.

use std::collections::{HashMap, VecDeque};
use std::net::IpAddr;
use std::sync::{Arc, Mutex, PoisonError};
use std::time::Duration;

use mice_cake_engine::PlayerKey;
use tokio::time::Instant;

use crate::admission::address_key;
use crate::cluster::Cluster;

/// The window the limit counts over.
const WINDOW: Duration = Duration::from_secs(60 * 60);

/// Addresses kept before the ones with nothing left in the window go.
const TIDY_ABOVE: usize = 10_000;

/// New keys seen lately, by address.
pub(crate) struct NewKeys {
    /// Most new keys per address per hour; 0 for no limit.
    per_hour: u32,
    seen: Mutex<HashMap<IpAddr, VecDeque<(Instant, PlayerKey)>>>,
    /// The cluster whose nodes count together, if this is a node of one.
    cluster: Option<Arc<Cluster>>,
}

impl NewKeys {
    pub(crate) fn new(per_hour: u32, cluster: Option<Arc<Cluster>>) -> NewKeys {
        NewKeys {
            per_hour,
            seen: Mutex::new(HashMap::new()),
            cluster,
        }
    }

    /// Whether the limit applies at all.
    pub(crate) fn limited(&self) -> bool {
        self.per_hour > 0
    }

    /// Whether `key`, new to rated play, may enter it from `peer` now: a
    /// key already counted for the address in the window always may. In a
    /// cluster, as all its nodes counted.
    pub(crate) async fn admit(&self, peer: IpAddr, key: PlayerKey, now: Instant) -> bool {
        if !self.limited() {
            return true;
        }
        if let Some(cluster) = &self.cluster {
            let counted = cluster
                .admit_new_key(address_key(peer), key, self.per_hour, WINDOW)
                .await;
            match counted {
                Ok(admitted) => return admitted,
                Err(cause) => {
                    tracing::debug!(cause = %cause, "new keys counted on this node alone");
                }
            }
        }
        self.admit_here(peer, key, now)
    }

    /// [`NewKeys::admit`] as this server alone counts.
    fn admit_here(&self, peer: IpAddr, key: PlayerKey, now: Instant) -> bool {
        let mut seen = self.seen.lock().unwrap_or_else(PoisonError::into_inner);
        if seen.len() > TIDY_ABOVE {
            seen.retain(|_, keys| keys.back().is_some_and(|(at, _)| now - *at < WINDOW));
        }
        let keys = seen.entry(address_key(peer)).or_default();
        while keys.front().is_some_and(|(at, _)| now - *at >= WINDOW) {
            keys.pop_front();
        }
        if keys.iter().any(|(_, counted)| *counted == key) {
            return true;
        }
        if keys.len() >= self.per_hour as usize {
            return false;
        }
        keys.push_back((now, key));
        true
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn key(byte: u8) -> PlayerKey {
        PlayerKey::from_bytes([byte; 32])
    }

    #[tokio::test(start_paused = true)]
    async fn an_address_brings_so_many_new_keys_an_hour() {
        let keys = NewKeys::new(2, None);
        let here: IpAddr = "203.0.113.7".parse().unwrap();
        let there: IpAddr = "198.51.100.1".parse().unwrap();
        let now = Instant::now();
        assert!(keys.admit_here(here, key(1), now));
        assert!(keys.admit_here(here, key(2), now));
        assert!(
            keys.admit_here(here, key(1), now),
            "a key counted comes back"
        );
        assert!(!keys.admit_here(here, key(3), now), "a third new key waits");
        assert!(
            keys.admit_here(there, key(3), now),
            "another address has its own"
        );
        let later = now + WINDOW;
        assert!(
            keys.admit_here(here, key(3), later),
            "an hour on, room again"
        );
    }

    #[test]
    fn one_ipv6_network_is_one_address() {
        let keys = NewKeys::new(1, None);
        let now = Instant::now();
        assert!(keys.admit_here("2001:db8::1".parse().unwrap(), key(1), now));
        assert!(!keys.admit_here("2001:db8::2".parse().unwrap(), key(2), now));
        assert!(!NewKeys::new(0, None).limited(), "0 is no limit");
    }
}

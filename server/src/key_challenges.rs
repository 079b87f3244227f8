//! Challenges for the HTTP requests that take a proof of a key (making an
//! arena): such a request has no connection whose `welcome` could carry a
//! challenge, so the client first fetches one (`POST /api/key-challenges`),
//! signs it, and sends the proof with the request, which spends it. Each is
//! good once, for [`LIFETIME`]: a proof seen on the way is worth nothing
//! afterwards. A cluster's nodes keep them in Redis, so that the request may
//! reach another node than the fetch did (`cluster::key_challenges`); a
//! node that cannot reach Redis keeps its own meanwhile.

use std::collections::HashMap;
use std::net::IpAddr;
use std::sync::{Arc, Mutex, PoisonError};
use std::time::Duration;

use mice_cake_engine::{KeyChallenge, PlayerKey};
use mice_cake_protocol::KeyProof;
use tokio::time::Instant;

use crate::admission::address_key;
use crate::cluster::Cluster;
use crate::key_proofs::BadProof;
use crate::ratelimit::RateLimit;

/// How long a challenge fetched stays good.
pub(crate) const LIFETIME: Duration = Duration::from_secs(120);

/// Challenges one address may fetch per second (bursts of twice that):
/// making an arena takes one; a flood of them would only fill memory.
const FETCHES_PER_SECOND: u32 = 10;

/// Most challenges (and addresses' buckets) a node keeps itself; past
/// that the expired go, then the oldest.
const MOST_KEPT: usize = 10_000;

/// Why no challenge is given.
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
pub(crate) enum NoChallenge {
    #[error(
        "too many challenges fetched from your address just now: a challenge is for one \
         request that needs a proof of a key; wait a second"
    )]
    TooFast,
}

/// The challenges given and not yet spent.
pub(crate) struct KeyChallenges {
    /// Those this node keeps itself, with when each expires.
    kept: Mutex<HashMap<KeyChallenge, Instant>>,
    fetches: Mutex<HashMap<IpAddr, RateLimit>>,
    /// The cluster whose nodes share them, if this is a node of one.
    cluster: Option<Arc<Cluster>>,
}

impl KeyChallenges {
    pub(crate) fn new(cluster: Option<Arc<Cluster>>) -> KeyChallenges {
        KeyChallenges {
            kept: Mutex::new(HashMap::new()),
            fetches: Mutex::new(HashMap::new()),
            cluster,
        }
    }

    /// Keeps `challenge` (freshly drawn) for a request from `peer`, good
    /// until [`LIFETIME`] from `now`.
    pub(crate) async fn give(
        &self,
        challenge: KeyChallenge,
        peer: IpAddr,
        now: Instant,
    ) -> Result<(), NoChallenge> {
        if !self.fetch_allowed(peer, now) {
            return Err(NoChallenge::TooFast);
        }
        if let Some(cluster) = &self.cluster {
            match cluster.keep_key_challenge(challenge, LIFETIME).await {
                Ok(()) => return Ok(()),
                Err(cause) => {
                    tracing::debug!(cause = %cause, "a key challenge kept on this node alone");
                }
            }
        }
        let mut kept = lock(&self.kept);
        if kept.len() >= MOST_KEPT {
            kept.retain(|_, expires| *expires > now);
        }
        if kept.len() >= MOST_KEPT
            && let Some(oldest) = kept
                .iter()
                .min_by_key(|(_, expires)| **expires)
                .map(|(challenge, _)| *challenge)
        {
            kept.remove(&oldest);
        }
        kept.insert(challenge, now + LIFETIME);
        Ok(())
    }

    /// Checks that `proof` is `key`'s and answers a challenge given and not
    /// spent, and spends it: the same proof is refused the next time.
    pub(crate) async fn prove(
        &self,
        key: PlayerKey,
        proof: KeyProof,
        now: Instant,
    ) -> Result<(), BadProof> {
        crate::key_proofs::check_signature(key, proof)?;
        if self.spend(proof.challenge, now).await {
            Ok(())
        } else {
            Err(BadProof::SpentChallenge)
        }
    }

    /// Whether `challenge` was given and not spent; spent now.
    async fn spend(&self, challenge: KeyChallenge, now: Instant) -> bool {
        if let Some(expires) = lock(&self.kept).remove(&challenge) {
            return expires > now;
        }
        match &self.cluster {
            Some(cluster) => cluster
                .spend_key_challenge(challenge)
                .await
                .unwrap_or_else(|cause| {
                    tracing::warn!(cause = %cause, "a key challenge cannot be spent: Redis does not answer");
                    false
                }),
            None => false,
        }
    }

    /// Whether `peer` may fetch one more challenge at `now`.
    fn fetch_allowed(&self, peer: IpAddr, now: Instant) -> bool {
        let now = now.into_std();
        let mut fetches = lock(&self.fetches);
        if fetches.len() >= MOST_KEPT {
            // A bucket that would be full again holds nothing worth keeping.
            fetches.retain(|_, bucket| !bucket.full(now));
        }
        fetches
            .entry(address_key(peer))
            .or_insert_with(|| RateLimit::new(FETCHES_PER_SECOND, now))
            .allow(now)
    }
}

fn lock<T>(mutex: &Mutex<T>) -> std::sync::MutexGuard<'_, T> {
    mutex.lock().unwrap_or_else(PoisonError::into_inner)
}

#[cfg(test)]
mod tests {
    use mice_cake_engine::PlayerSecret;

    use super::*;

    fn proof(secret: &PlayerSecret, byte: u8) -> KeyProof {
        KeyProof::new(secret, KeyChallenge::from_bytes([byte; 32]))
    }

    #[tokio::test]
    async fn a_challenge_given_proves_a_key_once() {
        let challenges = KeyChallenges::new(None);
        let secret = PlayerSecret::from_bytes([1; 32]);
        let now = Instant::now();
        let peer = IpAddr::from([192, 0, 2, 1]);
        challenges
            .give(KeyChallenge::from_bytes([9; 32]), peer, now)
            .await
            .unwrap();
        let key = secret.public_key();
        // Another key's signature does not spend it.
        let other = PlayerSecret::from_bytes([2; 32]);
        assert_eq!(
            challenges.prove(key, proof(&other, 9), now).await,
            Err(BadProof::NotTheKeys)
        );
        assert_eq!(challenges.prove(key, proof(&secret, 9), now).await, Ok(()));
        assert_eq!(
            challenges.prove(key, proof(&secret, 9), now).await,
            Err(BadProof::SpentChallenge),
            "shown again"
        );
        assert_eq!(
            challenges.prove(key, proof(&secret, 8), now).await,
            Err(BadProof::SpentChallenge),
            "never given"
        );
    }

    #[tokio::test]
    async fn a_challenge_expires() {
        let challenges = KeyChallenges::new(None);
        let secret = PlayerSecret::from_bytes([1; 32]);
        let now = Instant::now();
        let peer = IpAddr::from([192, 0, 2, 1]);
        challenges
            .give(KeyChallenge::from_bytes([9; 32]), peer, now)
            .await
            .unwrap();
        let late = now + LIFETIME + Duration::from_millis(1);
        assert_eq!(
            challenges
                .prove(secret.public_key(), proof(&secret, 9), late)
                .await,
            Err(BadProof::SpentChallenge)
        );
    }

    #[tokio::test]
    async fn an_address_fetching_fast_is_slowed_down_and_others_are_not() {
        let challenges = KeyChallenges::new(None);
        let now = Instant::now();
        let flooding = IpAddr::from([192, 0, 2, 1]);
        let given = {
            let mut given = 0;
            for byte in 0..50 {
                if challenges
                    .give(KeyChallenge::from_bytes([byte; 32]), flooding, now)
                    .await
                    .is_ok()
                {
                    given += 1;
                }
            }
            given
        };
        assert_eq!(given, 2 * FETCHES_PER_SECOND);
        let other = IpAddr::from([192, 0, 2, 2]);
        assert!(
            challenges
                .give(KeyChallenge::from_bytes([99; 32]), other, now)
                .await
                .is_ok()
        );
        let later = now + Duration::from_millis(100);
        assert!(
            challenges
                .give(KeyChallenge::from_bytes([98; 32]), flooding, later)
                .await
                .is_ok()
        );
    }
}

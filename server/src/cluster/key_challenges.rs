//! The challenges HTTP requests prove keys with (`key_challenges`), kept
//! across the cluster: one key each in Redis, expiring by itself, spent by
//! deleting it — Redis answers "deleted" to one caller only, so a proof is
//! good once on whichever nodes it is shown.

use std::time::Duration;

use mice_cake_engine::KeyChallenge;

use super::{Cluster, wire};

impl Cluster {
    /// Keeps `challenge` for `lifetime`.
    pub(crate) async fn keep_key_challenge(
        &self,
        challenge: KeyChallenge,
        lifetime: Duration,
    ) -> redis::RedisResult<()> {
        let lifetime_ms = u64::try_from(lifetime.as_millis()).unwrap_or(u64::MAX);
        redis::cmd("SET")
            .arg(wire::key_challenge_key(challenge))
            .arg(1)
            .arg("PX")
            .arg(lifetime_ms)
            .query_async(&mut self.redis())
            .await
    }

    /// Whether `challenge` was kept and is not spent or expired; spent now.
    pub(crate) async fn spend_key_challenge(
        &self,
        challenge: KeyChallenge,
    ) -> redis::RedisResult<bool> {
        let deleted: i64 = redis::cmd("DEL")
            .arg(wire::key_challenge_key(challenge))
            .query_async(&mut self.redis())
            .await?;
        Ok(deleted == 1)
    }
}

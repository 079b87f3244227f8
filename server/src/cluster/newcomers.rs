//! New keys in rated play counted across the cluster (`newcomers`): each
//! address's keys of the last hour in one sorted set in Redis, scored by
//! when each came, checked and added in one script, so that nodes counting
//! at once cannot both let the last one in. Redis's own clock times them,
//! so that nodes whose clocks differ agree.

use std::net::IpAddr;
use std::time::Duration;

use mice_cake_engine::PlayerKey;

use super::{Cluster, wire};

/// Drops what fell out of the window, then lets `ARGV[3]` in if it was
/// counted already or the address has room: 1 if let in, 0 if not.
const ADMIT: &str = r"
local clock = redis.call('TIME')
local now = clock[1] * 1000 + math.floor(clock[2] / 1000)
local window = tonumber(ARGV[1])
redis.call('ZREMRANGEBYSCORE', KEYS[1], '-inf', now - window)
if redis.call('ZSCORE', KEYS[1], ARGV[3]) then
  return 1
end
if redis.call('ZCARD', KEYS[1]) >= tonumber(ARGV[2]) then
  return 0
end
redis.call('ZADD', KEYS[1], now, ARGV[3])
redis.call('PEXPIRE', KEYS[1], window)
return 1
";

impl Cluster {
    /// Whether `key`, new to rated play, may enter it from `address` (an
    /// address group) now, at most `per_window` new keys in `window`;
    /// `Err` when Redis does not answer.
    pub(crate) async fn admit_new_key(
        &self,
        address: IpAddr,
        key: PlayerKey,
        per_window: u32,
        window: Duration,
    ) -> redis::RedisResult<bool> {
        let window_ms = u64::try_from(window.as_millis()).unwrap_or(u64::MAX);
        let admitted: i64 = redis::cmd("EVAL")
            .arg(ADMIT)
            .arg(1)
            .arg(wire::new_keys_key(address))
            .arg(window_ms)
            .arg(per_window)
            .arg(key.to_string())
            .query_async(&mut self.redis())
            .await?;
        Ok(admitted == 1)
    }
}

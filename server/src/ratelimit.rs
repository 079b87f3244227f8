//! A token bucket per connection: a steady rate, with bursts of twice that.

use std::time::Instant;

/// Allows `rate` messages per second on average and bursts of `2 × rate`.
#[derive(Debug)]
pub(crate) struct RateLimit {
    rate: f64,
    burst: f64,
    tokens: f64,
    last: Instant,
}

impl RateLimit {
    pub(crate) fn new(per_second: u32, now: Instant) -> RateLimit {
        let rate = f64::from(per_second.max(1));
        RateLimit {
            rate,
            burst: 2.0 * rate,
            tokens: 2.0 * rate,
            last: now,
        }
    }

    /// Allows `per_minute` on average and bursts of `burst`: for what a
    /// person does now and then (a challenge), not for a stream.
    pub(crate) fn per_minute(per_minute: u32, burst: u32, now: Instant) -> RateLimit {
        let burst = f64::from(burst.max(1));
        RateLimit {
            rate: f64::from(per_minute.max(1)) / 60.0,
            burst,
            tokens: burst,
            last: now,
        }
    }

    /// Whether the bucket would be full at `now`: as if it had never been
    /// used (so it may be forgotten).
    pub(crate) fn full(&self, now: Instant) -> bool {
        let elapsed = now.saturating_duration_since(self.last).as_secs_f64();
        self.tokens + elapsed * self.rate >= self.burst
    }

    /// Whether one more message may pass at `now`.
    pub(crate) fn allow(&mut self, now: Instant) -> bool {
        let elapsed = now.saturating_duration_since(self.last).as_secs_f64();
        self.last = now;
        self.tokens = (self.tokens + elapsed * self.rate).min(self.burst);
        if self.tokens >= 1.0 {
            self.tokens -= 1.0;
            true
        } else {
            false
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::time::Duration;

    #[test]
    fn a_burst_passes_then_the_steady_rate() {
        let start = Instant::now();
        let mut limit = RateLimit::new(10, start);
        assert_eq!((0..25).filter(|_| limit.allow(start)).count(), 20);
        // A tenth of a second later, one more.
        let later = start + Duration::from_millis(100);
        assert!(limit.allow(later));
        assert!(!limit.allow(later));
        // After a long pause, the burst again, not more.
        let much_later = later + Duration::from_secs(60);
        assert_eq!((0..25).filter(|_| limit.allow(much_later)).count(), 20);
    }
}

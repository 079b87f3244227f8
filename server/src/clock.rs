//! Room time: what stored deadlines are measured in.
//!
//! A stored deadline cannot be an `Instant` (it means nothing to the next
//! process), and wall-clock time would run on while the server is down: a
//! restart of five minutes would forfeit every player. So rooms count in
//! *uptime*: milliseconds the server has been running against this data
//! directory, summed over every run. It stops while the server is down, and
//! a deadline comes back with the time it had left.

use std::time::Duration;

use tokio::time::Instant;

/// Uptime over every run, anchored to this process's monotonic clock.
#[derive(Clone, Copy, Debug)]
pub(crate) struct UptimeClock {
    /// When this process started counting.
    started: Instant,
    /// The uptime at `started`: where the last run stopped.
    base_ms: u64,
}

impl UptimeClock {
    /// A clock that goes on from `base_ms`, the uptime stored by the last run.
    pub(crate) fn resume_from(base_ms: u64) -> UptimeClock {
        UptimeClock {
            started: Instant::now(),
            base_ms,
        }
    }

    /// The uptime now.
    pub(crate) fn now_ms(&self) -> u64 {
        self.at(Instant::now().into_std())
    }

    /// The uptime at `instant` (the start, for instants before it). A
    /// plain instant: the room's rules keep their times as such, taken
    /// from the clock the shell reads (tokio's, which a test pauses).
    pub(crate) fn at(&self, instant: std::time::Instant) -> u64 {
        let since = instant.saturating_duration_since(self.started.into_std());
        self.base_ms
            .saturating_add(u64::try_from(since.as_millis()).unwrap_or(u64::MAX))
    }

    /// The instant of uptime `ms` in this process, when `now` is the
    /// instant now, never earlier than `now + at_least`: a deadline from
    /// the last run comes back with the time it had left, and with time for
    /// clients to reconnect.
    pub(crate) fn instant_at(
        &self,
        ms: u64,
        at_least: Duration,
        now: std::time::Instant,
    ) -> std::time::Instant {
        let left = Duration::from_millis(ms.saturating_sub(self.at(now)));
        now + left.max(at_least)
    }
}

/// Milliseconds since the Unix epoch, by the system clock: when things
/// happened, for people (never a deadline: those are uptimes).
pub(crate) fn unix_millis() -> u64 {
    std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |since| {
            u64::try_from(since.as_millis()).unwrap_or(u64::MAX)
        })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[tokio::test(start_paused = true)]
    async fn uptime_goes_on_from_the_last_run_and_deadlines_keep_what_they_had_left() {
        let clock = UptimeClock::resume_from(10_000);
        assert_eq!(clock.now_ms(), 10_000);
        tokio::time::advance(Duration::from_millis(1_500)).await;
        assert_eq!(clock.now_ms(), 11_500);
        // A deadline stored at uptime 40 000 had 28.5 s left.
        let deadline = clock.instant_at(40_000, Duration::from_secs(5), Instant::now().into_std());
        assert_eq!(
            deadline - Instant::now().into_std(),
            Duration::from_millis(28_500)
        );
        assert_eq!(clock.at(deadline), 40_000);
        // One nearly due, or already past, gets the least time given.
        let soon = clock.instant_at(11_600, Duration::from_secs(5), Instant::now().into_std());
        assert_eq!(soon - Instant::now().into_std(), Duration::from_secs(5));
        let past = clock.instant_at(3_000, Duration::ZERO, Instant::now().into_std());
        assert_eq!(past, Instant::now().into_std());
    }
}

//! The connection's one timer: the deadline for `hello`, then a ping each
//! interval.

use std::time::Duration;

use tokio::time::Instant;

pub(super) struct Heartbeat {
    pub(super) hello_by: Instant,
    pub(super) next_ping: Instant,
    ping_interval: Duration,
}

impl Heartbeat {
    pub(super) fn new(hello_timeout: Duration, ping_interval: Duration) -> Heartbeat {
        let now = Instant::now();
        Heartbeat {
            hello_by: now + hello_timeout,
            next_ping: now + ping_interval,
            ping_interval,
        }
    }

    /// When the timer is next due: the ping, or the deadline for `hello`
    /// if the client has not said it and it comes first.
    pub(super) fn next(&self, greeted: bool) -> Instant {
        if greeted {
            self.next_ping
        } else {
            self.hello_by.min(self.next_ping)
        }
    }

    /// A ping went out at `now`: the next one is an interval later (pings
    /// missed while the task was busy are not made up).
    pub(super) fn pinged(&mut self, now: Instant) {
        self.next_ping = now + self.ping_interval;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn one_timer_serves_the_deadline_for_hello_then_the_pings() {
        let (hello, ping) = (Duration::from_secs(10), Duration::from_secs(30));
        let mut heartbeat = Heartbeat::new(hello, ping);
        // Not greeted: the deadline for hello comes first.
        assert_eq!(heartbeat.next(false), heartbeat.hello_by);
        assert_eq!(heartbeat.next_ping - heartbeat.hello_by, ping - hello);
        // Greeted: the pings alone.
        assert_eq!(heartbeat.next(true), heartbeat.next_ping);
        // A ping late by a second: the next is an interval after it, no
        // catching up.
        let late = heartbeat.next_ping + Duration::from_secs(1);
        heartbeat.pinged(late);
        assert_eq!(heartbeat.next(true), late + ping);
        // A deadline for hello longer than the interval: a ping first.
        let patient = Heartbeat::new(2 * ping, ping);
        assert_eq!(patient.next(false), patient.next_ping);
    }
}

//! What the connection pool says while PostgreSQL does not answer. r2d2
//! logs every attempt to connect that failed, hundreds in a ten-second
//! outage; here the first is said with its cause, then at most one line
//! every [`SUMMARY_EVERY`] while they go on, and once a connection is had
//! again, how many failed in all.

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex, PoisonError};
use std::time::{Duration, Instant};

use r2d2_postgres::{postgres, r2d2};
use tracing::{info, warn};

/// Most often failed attempts are summed up in the log.
pub(super) const SUMMARY_EVERY: Duration = Duration::from_secs(10);

/// The pool's failed attempts to connect, since it last had a connection.
#[derive(Debug, Default)]
pub(super) struct PoolErrors {
    /// Whether any attempt failed since: read on every connection taken,
    /// without the lock.
    failing: AtomicBool,
    state: Mutex<State>,
}

#[derive(Debug, Default)]
struct State {
    /// Failed since the trouble began.
    failed: u64,
    /// Failed since the last line.
    unsaid: u64,
    said_at: Option<Instant>,
    last: String,
}

impl PoolErrors {
    /// An attempt failed (`cause` never holds the password: PostgreSQL's
    /// client names the host and what went wrong). Said now, or summed up
    /// later.
    fn failed(&self, cause: &postgres::Error, now: Instant) -> Option<String> {
        self.failing.store(true, Ordering::Release);
        let mut state = self.state.lock().unwrap_or_else(PoisonError::into_inner);
        state.failed += 1;
        state.unsaid += 1;
        state.last = cause.to_string();
        let due = state
            .said_at
            .is_none_or(|at| now.duration_since(at) >= SUMMARY_EVERY);
        if !due {
            return None;
        }
        let line = if state.failed == 1 {
            format!("cannot connect to PostgreSQL: {}", state.last)
        } else {
            format!(
                "cannot connect to PostgreSQL: {} more failed attempts ({} in all), the last: {}",
                state.unsaid, state.failed, state.last
            )
        };
        state.unsaid = 0;
        state.said_at = Some(now);
        Some(line)
    }

    /// A connection was taken: if attempts had failed, it is said that
    /// PostgreSQL answers again, and how many failed.
    pub(super) fn answered(&self) -> Option<u64> {
        if !self.failing.swap(false, Ordering::AcqRel) {
            return None;
        }
        let mut state = self.state.lock().unwrap_or_else(PoisonError::into_inner);
        let failed = std::mem::take(&mut *state).failed;
        (failed > 0).then(|| {
            info!(failed, "PostgreSQL answers again");
            failed
        })
    }
}

/// The pool's error handler, in place of r2d2's, which logs every one.
#[derive(Debug, Clone)]
pub(super) struct Handler(pub(super) Arc<PoolErrors>);

impl r2d2::HandleError<postgres::Error> for Handler {
    fn handle_error(&self, error: postgres::Error) {
        if let Some(line) = self.0.failed(&error, Instant::now()) {
            warn!("{line}");
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// An error as the pool meets one: nothing listens where it connects.
    fn refused() -> postgres::Error {
        let port = std::net::TcpListener::bind("127.0.0.1:0")
            .and_then(|listener| listener.local_addr())
            .map(|addr| addr.port())
            .unwrap();
        postgres::Config::new()
            .host("127.0.0.1")
            .port(port)
            .user("nobody")
            .connect_timeout(Duration::from_secs(1))
            .connect(postgres::NoTls)
            .err()
            .expect("nobody listens there")
    }

    #[test]
    fn an_outage_is_said_once_then_summed_up_then_its_end_is_said() {
        let errors = PoolErrors::default();
        let cause = refused();
        let start = Instant::now();
        let first = errors.failed(&cause, start).expect("the first is said");
        assert!(
            first.starts_with("cannot connect to PostgreSQL: "),
            "{first}"
        );
        // Hundreds more within the period: nothing said.
        for tick in 1..=380 {
            let at = start + Duration::from_millis(20 * tick);
            assert_eq!(errors.failed(&cause, at), None);
        }
        // Then one line for them all.
        let summary = errors
            .failed(&cause, start + SUMMARY_EVERY)
            .expect("summed up");
        assert!(
            summary.contains("381 more failed attempts (382 in all)"),
            "{summary}"
        );
        assert_eq!(errors.answered(), Some(382));
        // Answered again: nothing more to say, and the next trouble starts
        // afresh.
        assert_eq!(errors.answered(), None);
        let again = errors
            .failed(&cause, start + SUMMARY_EVERY + Duration::from_secs(1))
            .expect("said at once");
        assert!(!again.contains("in all"), "{again}");
    }
}

//! What every client of a run shares: the dialer, the counters, the stop
//! signal and the count of clients that made it in.

use std::sync::Arc;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::Duration;

use tokio::time::Instant;
use tokio_util::sync::CancellationToken;

use crate::dial::Dialer;
use crate::stats::Stats;

pub(crate) struct Crowd {
    pub(crate) dialer: Dialer,
    pub(crate) stats: Arc<Stats>,
    /// Cancelled to end the run: everyone leaves.
    pub(crate) stop: CancellationToken,
    /// Clients in place (said hello, entered their room).
    ready: AtomicUsize,
    /// Clients that could not get in place.
    failed: AtomicUsize,
}

impl Crowd {
    pub(crate) fn new(dialer: Dialer, stats: Arc<Stats>) -> Crowd {
        Crowd {
            dialer,
            stats,
            stop: CancellationToken::new(),
            ready: AtomicUsize::new(0),
            failed: AtomicUsize::new(0),
        }
    }

    pub(crate) fn ready(&self) {
        self.ready.fetch_add(1, Ordering::Relaxed);
    }

    /// `clients` could not get in place, for this reason.
    pub(crate) fn failed(&self, clients: usize, why: impl FnOnce() -> String) {
        self.failed.fetch_add(clients, Ordering::Relaxed);
        self.stats.error(why);
    }

    pub(crate) fn failures(&self) -> usize {
        self.failed.load(Ordering::Relaxed)
    }

    /// Waits until all `clients` are in place or failed, or `limit` passed.
    /// Returns how many are in place.
    pub(crate) async fn settle(&self, clients: usize, limit: Duration) -> usize {
        let give_up = Instant::now() + limit;
        loop {
            let ready = self.ready.load(Ordering::Relaxed);
            if ready + self.failures() >= clients || Instant::now() >= give_up {
                return ready;
            }
            tokio::time::sleep(Duration::from_millis(50)).await;
        }
    }
}

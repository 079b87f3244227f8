//! What the clients count, shared by all of them: counters that always
//! run, and latencies and frame sizes kept only inside the measurement
//! window.

use std::sync::Mutex;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::time::Duration;

use hdrhistogram::Histogram;
use serde::Serialize;

/// Histograms, spread so that thousands of clients rarely wait on one lock.
const SHARDS: usize = 32;

/// Latencies are kept from 1 µs to 10 minutes, to 3 significant digits.
const MAX_LATENCY_US: u64 = 600_000_000;

/// Frame sizes kept for the echo baseline.
const SIZE_SAMPLES: usize = 8_192;

/// Error messages kept to show (all are counted).
const ERROR_SAMPLES: usize = 10;

/// Everything the clients of one run count.
pub(crate) struct Stats {
    recording: AtomicBool,
    counters: Counters,
    latencies: Vec<Mutex<Histogram<u64>>>,
    received_sizes: Mutex<Vec<u32>>,
    error_samples: Mutex<Vec<String>>,
}

/// Counters, read as a [`Counts`].
#[derive(Default)]
struct Counters {
    frames_sent: AtomicU64,
    frames_received: AtomicU64,
    bytes_sent: AtomicU64,
    bytes_received: AtomicU64,
    rounds: AtomicU64,
    games: AtomicU64,
    reveals: AtomicU64,
    connections: AtomicU64,
    errors: AtomicU64,
}

/// The counters at one moment.
#[derive(Clone, Copy, Debug, Default, Serialize)]
pub(crate) struct Counts {
    pub(crate) frames_sent: u64,
    pub(crate) frames_received: u64,
    pub(crate) bytes_sent: u64,
    pub(crate) bytes_received: u64,
    /// Rounds revealed (counted once per room).
    pub(crate) rounds: u64,
    /// Games finished (counted once per room).
    pub(crate) games: u64,
    /// Reveals delivered, to every client.
    pub(crate) reveals: u64,
    /// Connections open.
    pub(crate) connections: u64,
    pub(crate) errors: u64,
}

impl Counts {
    /// What happened between `earlier` and `self` (connections: as now).
    pub(crate) fn since(self, earlier: Counts) -> Counts {
        Counts {
            frames_sent: self.frames_sent - earlier.frames_sent,
            frames_received: self.frames_received - earlier.frames_received,
            bytes_sent: self.bytes_sent - earlier.bytes_sent,
            bytes_received: self.bytes_received - earlier.bytes_received,
            rounds: self.rounds - earlier.rounds,
            games: self.games - earlier.games,
            reveals: self.reveals - earlier.reveals,
            connections: self.connections,
            errors: self.errors - earlier.errors,
        }
    }

    /// Frames both ways.
    pub(crate) fn frames(&self) -> u64 {
        self.frames_sent + self.frames_received
    }
}

/// Latency percentiles, in microseconds.
#[derive(Clone, Copy, Debug, Serialize)]
pub(crate) struct Latency {
    pub(crate) count: u64,
    pub(crate) p50_us: u64,
    pub(crate) p95_us: u64,
    pub(crate) p99_us: u64,
    pub(crate) max_us: u64,
}

impl Stats {
    pub(crate) fn new() -> anyhow::Result<Stats> {
        let latencies = (0..SHARDS)
            .map(|_| Histogram::new_with_bounds(1, MAX_LATENCY_US, 3).map(Mutex::new))
            .collect::<Result<Vec<_>, _>>()?;
        Ok(Stats {
            recording: AtomicBool::new(false),
            counters: Counters::default(),
            latencies,
            received_sizes: Mutex::new(Vec::with_capacity(SIZE_SAMPLES)),
            error_samples: Mutex::new(Vec::new()),
        })
    }

    /// Starts or ends the measurement window for latencies and sizes.
    pub(crate) fn record(&self, on: bool) {
        self.recording.store(on, Ordering::Relaxed);
    }

    pub(crate) fn recording(&self) -> bool {
        self.recording.load(Ordering::Relaxed)
    }

    pub(crate) fn sent(&self, bytes: usize) {
        self.counters.frames_sent.fetch_add(1, Ordering::Relaxed);
        self.counters
            .bytes_sent
            .fetch_add(bytes as u64, Ordering::Relaxed);
    }

    pub(crate) fn received(&self, bytes: usize) {
        self.counters
            .frames_received
            .fetch_add(1, Ordering::Relaxed);
        self.counters
            .bytes_received
            .fetch_add(bytes as u64, Ordering::Relaxed);
        if self.recording()
            && let Ok(mut sizes) = self.received_sizes.try_lock()
            && sizes.len() < SIZE_SAMPLES
        {
            sizes.push(u32::try_from(bytes).unwrap_or(u32::MAX));
        }
    }

    pub(crate) fn round(&self) {
        self.counters.rounds.fetch_add(1, Ordering::Relaxed);
    }

    pub(crate) fn game(&self) {
        self.counters.games.fetch_add(1, Ordering::Relaxed);
    }

    /// A reveal arrived `latency` after the round's last commit was sent.
    /// `client` picks the histogram shard.
    pub(crate) fn reveal(&self, client: usize, latency: Option<Duration>) {
        self.counters.reveals.fetch_add(1, Ordering::Relaxed);
        let Some(latency) = latency.filter(|_| self.recording()) else {
            return;
        };
        let micros = u64::try_from(latency.as_micros())
            .unwrap_or(MAX_LATENCY_US)
            .clamp(1, MAX_LATENCY_US);
        if let Ok(mut histogram) = self.latencies[client % SHARDS].lock() {
            // Within the bounds by the clamp above.
            let _ = histogram.record(micros);
        }
    }

    pub(crate) fn connected(&self) {
        self.counters.connections.fetch_add(1, Ordering::Relaxed);
    }

    pub(crate) fn disconnected(&self) {
        self.counters.connections.fetch_sub(1, Ordering::Relaxed);
    }

    /// Counts an error, and keeps the first few to show.
    pub(crate) fn error(&self, what: impl FnOnce() -> String) {
        let count = self.counters.errors.fetch_add(1, Ordering::Relaxed);
        if count < ERROR_SAMPLES as u64
            && let Ok(mut samples) = self.error_samples.lock()
        {
            samples.push(what());
        }
    }

    pub(crate) fn counts(&self) -> Counts {
        let c = &self.counters;
        Counts {
            frames_sent: c.frames_sent.load(Ordering::Relaxed),
            frames_received: c.frames_received.load(Ordering::Relaxed),
            bytes_sent: c.bytes_sent.load(Ordering::Relaxed),
            bytes_received: c.bytes_received.load(Ordering::Relaxed),
            rounds: c.rounds.load(Ordering::Relaxed),
            games: c.games.load(Ordering::Relaxed),
            reveals: c.reveals.load(Ordering::Relaxed),
            connections: c.connections.load(Ordering::Relaxed),
            errors: c.errors.load(Ordering::Relaxed),
        }
    }

    /// The latencies recorded in the window, if any.
    pub(crate) fn latency(&self) -> Option<Latency> {
        let mut all = Histogram::<u64>::new_with_bounds(1, MAX_LATENCY_US, 3).ok()?;
        for shard in &self.latencies {
            let shard = shard.lock().ok()?;
            all.add(&*shard).ok()?;
        }
        (!all.is_empty()).then(|| Latency {
            count: all.len(),
            p50_us: all.value_at_quantile(0.50),
            p95_us: all.value_at_quantile(0.95),
            p99_us: all.value_at_quantile(0.99),
            max_us: all.max(),
        })
    }

    /// Sizes of frames received in the window (a sample).
    pub(crate) fn received_sizes(&self) -> Vec<u32> {
        self.received_sizes
            .lock()
            .map(|sizes| sizes.clone())
            .unwrap_or_default()
    }

    /// The first errors seen.
    pub(crate) fn error_samples(&self) -> Vec<String> {
        self.error_samples
            .lock()
            .map(|samples| samples.clone())
            .unwrap_or_default()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn latencies_outside_the_window_are_not_kept() {
        let stats = Stats::new().unwrap();
        stats.reveal(0, Some(Duration::from_millis(500)));
        stats.record(true);
        for (client, millis) in (1..=100).enumerate() {
            stats.reveal(client, Some(Duration::from_millis(millis)));
        }
        stats.reveal(7, None);
        stats.record(false);
        stats.reveal(0, Some(Duration::from_secs(9)));
        let latency = stats.latency().unwrap();
        assert_eq!(latency.count, 100);
        assert!((49_900..=50_100).contains(&latency.p50_us), "{latency:?}");
        assert!((98_900..=99_100).contains(&latency.p99_us), "{latency:?}");
        assert!((99_900..=100_100).contains(&latency.max_us), "{latency:?}");
        // Every reveal is counted, measured or not.
        assert_eq!(stats.counts().reveals, 103);
    }

    #[test]
    fn counts_over_a_window_subtract_all_but_open_connections() {
        let stats = Stats::new().unwrap();
        stats.connected();
        stats.sent(10);
        let start = stats.counts();
        stats.connected();
        stats.sent(20);
        stats.received(30);
        stats.error(|| "first".into());
        let window = stats.counts().since(start);
        assert_eq!(window.frames(), 2);
        assert_eq!(window.bytes_sent, 20);
        assert_eq!(window.connections, 2);
        assert_eq!(window.errors, 1);
        assert_eq!(stats.error_samples(), ["first"]);
    }
}

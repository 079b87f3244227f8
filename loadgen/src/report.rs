//! What a run found, as text for people or one JSON object for scripts.

use std::fmt::{self, Write as _};

use serde::Serialize;

use crate::stats::{Counts, Latency};

/// One run's results.
#[derive(Debug, Serialize)]
pub(crate) struct Report {
    /// `play`, `idle` or `echo`.
    pub(crate) scenario: &'static str,
    /// What was asked, in words.
    pub(crate) setup: String,
    /// Clients that were to connect, and those that could not get in.
    pub(crate) clients: usize,
    pub(crate) setup_failures: usize,
    /// The measurement window.
    pub(crate) seconds: f64,
    /// Counted in the window (connections: open at its end).
    pub(crate) counts: Counts,
    /// Errors in the whole run: connecting, the window, and leaving.
    pub(crate) run_errors: u64,
    pub(crate) rounds_per_second: f64,
    pub(crate) frames_per_second: f64,
    /// From the round's last commit to the reveal, at every client.
    pub(crate) latency: Option<Latency>,
    /// The server, when its pid was given.
    pub(crate) server: Option<ServerFigures>,
    /// The generator's own resident memory at the window's end.
    pub(crate) generator_rss_bytes: u64,
    /// The echo baseline, when one was measured.
    pub(crate) baseline: Option<Baseline>,
    /// The first errors (all are counted in `counts.errors`).
    pub(crate) error_samples: Vec<String>,
}

/// The server's memory and CPU time.
#[derive(Clone, Copy, Debug, Serialize)]
pub(crate) struct ServerFigures {
    /// Before any client connected.
    pub(crate) rss_before_bytes: u64,
    /// At the window's end.
    pub(crate) rss_bytes: u64,
    /// Growth per open connection.
    pub(crate) rss_per_connection_bytes: u64,
    /// CPU time used in the window.
    pub(crate) cpu_seconds: f64,
    /// CPU time per frame (either way) in the window, in microseconds.
    pub(crate) cpu_us_per_frame: Option<f64>,
}

/// The echo server driven by the same client.
#[derive(Clone, Copy, Debug, Serialize)]
pub(crate) struct Baseline {
    pub(crate) connections: usize,
    pub(crate) frames_per_second: f64,
    pub(crate) mean_frame_bytes: f64,
    pub(crate) cpu_us_per_frame: Option<f64>,
    /// The game server's CPU per frame over the echo server's.
    pub(crate) cpu_ratio: Option<f64>,
    /// The echo server's frames per second over the game server's.
    pub(crate) throughput_ratio: f64,
    /// Rounds per second the game server would reach at the echo
    /// server's cost per frame (same frames per round).
    pub(crate) rounds_per_second_at_echo_cost: Option<f64>,
    pub(crate) errors: u64,
}

impl Report {
    /// Whether anything went wrong.
    pub(crate) fn failed(&self) -> bool {
        self.run_errors > 0
            || self.setup_failures > 0
            || self.baseline.is_some_and(|baseline| baseline.errors > 0)
    }
}

impl fmt::Display for Report {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let c = &self.counts;
        writeln!(f, "{}: {}", self.scenario, self.setup)?;
        writeln!(
            f,
            "  window       {:.1} s after everyone was in",
            self.seconds
        )?;
        writeln!(
            f,
            "  connections  {} open of {} ({} could not get in), {} errors ({} in the whole run)",
            group(c.connections),
            group(self.clients as u64),
            group(self.setup_failures as u64),
            group(c.errors),
            group(self.run_errors),
        )?;
        if c.rounds > 0 || self.scenario == "play" {
            writeln!(
                f,
                "  rounds       {} ({:.1}/s), {} games",
                group(c.rounds),
                self.rounds_per_second,
                group(c.games)
            )?;
        }
        if let Some(latency) = self.latency {
            writeln!(
                f,
                "  latency      p50 {}  p95 {}  p99 {}  max {}  ({} reveals measured)",
                millis(latency.p50_us),
                millis(latency.p95_us),
                millis(latency.p99_us),
                millis(latency.max_us),
                group(latency.count)
            )?;
        }
        writeln!(
            f,
            "  frames       {} sent, {} received ({:.0}/s)",
            group(c.frames_sent),
            group(c.frames_received),
            self.frames_per_second
        )?;
        if let Some(server) = self.server {
            let mut line = format!(
                "  server       RSS {} ({} before; {} per connection), CPU {:.2} s",
                bytes(server.rss_bytes),
                bytes(server.rss_before_bytes),
                bytes(server.rss_per_connection_bytes),
                server.cpu_seconds
            );
            if let Some(per_frame) = server.cpu_us_per_frame {
                let _ = write!(line, " ({per_frame:.2} µs per frame)");
            }
            writeln!(f, "{line}")?;
        }
        writeln!(f, "  generator    RSS {}", bytes(self.generator_rss_bytes))?;
        if let Some(baseline) = self.baseline {
            let mut line = format!(
                "  echo         {} connections, {:.0} frames/s (mean {:.0} bytes), {:.2}× ours",
                group(baseline.connections as u64),
                baseline.frames_per_second,
                baseline.mean_frame_bytes,
                baseline.throughput_ratio
            );
            if let (Some(per_frame), Some(ratio)) = (baseline.cpu_us_per_frame, baseline.cpu_ratio)
            {
                let _ = write!(
                    line,
                    "; CPU {per_frame:.2} µs per frame: ours costs {ratio:.2}× echo"
                );
            }
            writeln!(f, "{line}")?;
        }
        for error in &self.error_samples {
            writeln!(f, "  error        {error}")?;
        }
        Ok(())
    }
}

/// 12345678 → "12,345,678".
fn group(number: u64) -> String {
    let digits = number.to_string();
    let mut grouped = String::with_capacity(digits.len() + digits.len() / 3);
    for (index, digit) in digits.chars().enumerate() {
        if index > 0 && (digits.len() - index).is_multiple_of(3) {
            grouped.push(',');
        }
        grouped.push(digit);
    }
    grouped
}

fn millis(micros: u64) -> String {
    format!("{:.2} ms", micros as f64 / 1000.0)
}

fn bytes(count: u64) -> String {
    match count {
        0..1_000 => format!("{count} B"),
        1_000..1_000_000 => format!("{:.1} KB", count as f64 / 1e3),
        _ => format!("{:.1} MB", count as f64 / 1e6),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn numbers_read_at_a_glance() {
        assert_eq!(group(0), "0");
        assert_eq!(group(999), "999");
        assert_eq!(group(1_000), "1,000");
        assert_eq!(group(12_345_678), "12,345,678");
        assert_eq!(bytes(3_900), "3.9 KB");
        assert_eq!(bytes(12_500_000), "12.5 MB");
        assert_eq!(millis(1_250), "1.25 ms");
    }
}

//! What an operator must hear of, though it comes in floods (connections
//! dropped before their handshake ended, refused, or cut off): each is
//! counted, and summed up in the log, a line at once, then at most one
//! every [`REPORT_EVERY`] while they go on, with the last address seen. A
//! flood thus costs a few log lines, and none goes unsaid.

use std::fmt::Write as _;
use std::net::IpAddr;
use std::sync::{Mutex, PoisonError};
use std::time::Duration;

use tokio::time::Instant;
use tracing::warn;

/// Most often a tally is summed up in the log.
pub(crate) const REPORT_EVERY: Duration = Duration::from_secs(10);

/// Counts of a few kinds of one thing, summed up in the log.
#[derive(Debug)]
pub(crate) struct Tally {
    /// What the log line says they are.
    what: &'static str,
    /// The kinds' names, as the log line writes them.
    kinds: &'static [&'static str],
    state: Mutex<Counts>,
}

#[derive(Debug, Default)]
struct Counts {
    /// Since the last report, one per kind.
    counts: Vec<u64>,
    last_peer: Option<IpAddr>,
    reported_at: Option<Instant>,
}

impl Tally {
    pub(crate) fn new(what: &'static str, kinds: &'static [&'static str]) -> Tally {
        Tally {
            what,
            kinds,
            state: Mutex::new(Counts {
                counts: vec![0; kinds.len()],
                ..Counts::default()
            }),
        }
    }

    /// One more of kind `kind` (an index into the kinds), from `peer`;
    /// reported now if a report is due.
    pub(crate) fn note(&self, kind: usize, peer: Option<IpAddr>) {
        let mut state = self.state();
        if let Some(count) = state.counts.get_mut(kind) {
            *count += 1;
        }
        if peer.is_some() {
            state.last_peer = peer;
        }
        if state.due() {
            self.report_locked(&mut state);
        }
    }

    /// Reports what was counted since the last report, if it is time.
    pub(crate) fn report_if_due(&self) {
        let mut state = self.state();
        if state.due() {
            self.report_locked(&mut state);
        }
    }

    /// Reports what was counted since the last report.
    pub(crate) fn report(&self) {
        let mut state = self.state();
        self.report_locked(&mut state);
    }

    fn state(&self) -> std::sync::MutexGuard<'_, Counts> {
        // Every change under the lock is made whole before it is let go.
        self.state.lock().unwrap_or_else(PoisonError::into_inner)
    }

    fn report_locked(&self, state: &mut Counts) {
        if state.counts.iter().all(|count| *count == 0) {
            return;
        }
        let mut counts = String::new();
        for (kind, count) in self.kinds.iter().zip(&state.counts) {
            let _ = write!(
                counts,
                "{}{kind}={count}",
                if counts.is_empty() { "" } else { " " }
            );
        }
        warn!(counts = %counts, last_peer = ?state.last_peer, "{}", self.what);
        state.counts.iter_mut().for_each(|count| *count = 0);
        state.reported_at = Some(Instant::now());
    }
}

impl Counts {
    fn due(&self) -> bool {
        self.reported_at
            .is_none_or(|at| at.elapsed() >= REPORT_EVERY)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[tokio::test(start_paused = true)]
    async fn a_flood_is_said_at_once_then_summed_up_at_most_every_period() {
        let tally = Tally::new("things", &["a", "b"]);
        let peer: IpAddr = "192.0.2.7".parse().unwrap();
        tally.note(0, Some(peer));
        assert!(
            tally.state().counts.iter().all(|count| *count == 0),
            "said at once"
        );
        for _ in 0..5 {
            tally.note(1, None);
        }
        tally.report_if_due();
        assert_eq!(tally.state().counts, [0, 5], "kept for the next report");
        assert_eq!(tally.state().last_peer, Some(peer));
        tokio::time::advance(REPORT_EVERY).await;
        tally.report_if_due();
        assert_eq!(tally.state().counts, [0, 0]);
    }
}

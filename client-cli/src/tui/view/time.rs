//! Time as the screen shows it: `1:05`, and what is left of the round.

use std::time::Duration;

use super::super::model::Model;

/// `1:05`, `0:42`.
pub(super) fn clock(duration: Duration) -> String {
    let seconds = duration.as_secs() + u64::from(duration.subsec_nanos() > 0);
    format!("{}:{:02}", seconds / 60, seconds % 60)
}
/// The time left to move, while the server hears this client: while it
/// reconnects the server's clock goes on without it, and once the
/// connection is gone for good the clock means nothing here. No guess is
/// shown.
pub(super) fn time_left(model: &Model) -> Option<Duration> {
    model
        .tracker
        .time_left(model.now)
        .filter(|_| model.link.is_live())
}

//! The time a signed statement (a rename, a bot's card, a choice of
//! challengers) says it was made: near the server's clock, so that an old
//! statement cannot be sent again long after (and none older than the
//! key's last, which the store keeps).

/// How far a statement's signed time may be from the server's clock.
const CLOCK_SKEW_MS: u64 = 10 * 60 * 1000;

/// Whether `at_ms` (milliseconds since the Unix epoch) is near enough now.
pub(super) fn near_now(at_ms: u64) -> bool {
    at_ms.abs_diff(crate::clock::unix_millis()) <= CLOCK_SKEW_MS
}

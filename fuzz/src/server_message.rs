//! A server's frame as the terminal client reads it: parsed, applied to the
//! client's picture of the room, and described in sentences, whatever the
//! server (or a host the player does not trust) sent.

use std::time::Instant;

use mice_cake_cli::plain::describe;
use mice_cake_cli::tracker::Tracker;
use mice_cake_protocol::ServerMessage;

/// One input of the `server_message` target.
pub fn check(data: &[u8]) {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    // Several messages, one a line: the tracker's picture is built by each
    // in turn (a `joined`, then events that may not fit it).
    let mut tracker = Tracker::default();
    let now = Instant::now();
    for line in text.lines() {
        let Ok(message) = serde_json::from_str::<ServerMessage>(line) else {
            continue;
        };
        let _ = describe(&message, mice_cake_cli::cli::DEFAULT_SERVER);
        let _ = tracker.apply(&message, now);
    }
}

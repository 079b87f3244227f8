//! A live room read back from its rows and brought back, as a restarted
//! server does (`mice_cake_server::fuzzing::Harness::restore_room`): rows
//! a damaged file or a hand-edited database may hold. Nothing panics; a
//! room that cannot be brought back is refused with an error that names
//! it; one that is brought back shows itself to each seat and to a
//! spectator, and is written again, without failing.
//!
//! The input is text: the room's code on its first line, its snapshot on
//! the second, then a line per entry of its log (`L {...}`) and per round
//! played (`R {...}`), each as stored.

use std::sync::OnceLock;

use mice_cake_server::fuzzing::Harness;

static HARNESS: OnceLock<Harness> = OnceLock::new();

/// The server every room is brought back on, started once, empty.
pub fn harness() -> &'static Harness {
    HARNESS.get_or_init(|| Harness::start(&[]).expect("the server starts"))
}

/// One input of the `stored_room` target.
pub fn check(data: &[u8]) {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    let mut lines = text.split('\n');
    let (Some(code), Some(snapshot)) = (lines.next(), lines.next()) else {
        return;
    };
    let (mut log, mut rounds) = (Vec::new(), Vec::new());
    for line in lines {
        if let Some(entry) = line.strip_prefix("L ") {
            log.push(entry.to_owned());
        } else if let Some(round) = line.strip_prefix("R ") {
            rounds.push(round.to_owned());
        }
    }
    if let Err(broken) = harness().restore_room(code, snapshot, &log, &rounds) {
        panic!("{broken}");
    }
}

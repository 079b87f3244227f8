//! An HTTP request from anyone, through the server's every route and layer
//! (`mice_cake_server::fuzzing::Harness`): paths, queries and headers, on a
//! server holding the finished games in `fuzz/games/`. Nothing panics, no
//! request is answered with a server error, and every error is the API's
//! `{"code","message"}` JSON (a page's error is its page).
//!
//! The input is text: `METHOD TARGET` on its first line, then a header per
//! line (`Name: value`).
#![no_main]

use std::sync::OnceLock;

use libfuzzer_sys::fuzz_target;
use mice_cake_server::fuzzing::{Harness, StoredGame};

static HARNESS: OnceLock<Harness> = OnceLock::new();

fn harness() -> &'static Harness {
    HARNESS.get_or_init(|| {
        let games = mice_cake_fuzz::stored_games();
        let games: Vec<StoredGame> = games
            .iter()
            .map(|(game, analysis)| StoredGame {
                game,
                analysis: analysis.as_deref(),
            })
            .collect();
        Harness::start(&games).expect("the server starts")
    })
}

fuzz_target!(
    init: {
        harness();
    },
    |data: &[u8]| {
        let mut lines = data.split(|byte| *byte == b'\n').map(|line| line.strip_suffix(b"\r").unwrap_or(line));
        let Some(first) = lines.next() else {
            return;
        };
        let (method, target) = match first.iter().position(|byte| *byte == b' ') {
            Some(space) => (&first[..space], &first[space + 1..]),
            None => (&b"GET"[..], first),
        };
        let headers: Vec<(&[u8], &[u8])> = lines
            .filter_map(|line| {
                let colon = line.iter().position(|byte| *byte == b':')?;
                Some((&line[..colon], line[colon + 1..].trim_ascii_start()))
            })
            .collect();
        if let Err(broken) = harness().request(method, target, &headers) {
            panic!("{broken}");
        }
    }
);

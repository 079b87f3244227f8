//! An HTTP request from anyone, through the server's every route and layer
//! (`mice_cake_server::fuzzing::Harness`): paths, queries and headers, on a
//! server holding the finished games in `fuzz/games/`. Nothing panics, no
//! request is answered with a server error, and every error is the API's
//! `{"code","message"}` JSON (a page's error is its page).
//!
//! The input is text: `METHOD TARGET` on its first line, then a header per
//! line (`Name: value`).

use std::path::{Path, PathBuf};
use std::sync::OnceLock;

use mice_cake_server::fuzzing::{Harness, StoredGame};

static HARNESS: OnceLock<Harness> = OnceLock::new();

/// The server every input is sent to, started once (with the finished
/// games of [`stored_games`]).
pub fn harness() -> &'static Harness {
    HARNESS.get_or_init(|| {
        let games = stored_games();
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

/// One input of the `http_request` target.
pub fn check(data: &[u8]) {
    let mut lines = data
        .split(|byte| *byte == b'\n')
        .map(|line| line.strip_suffix(b"\r").unwrap_or(line));
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

/// The finished games in `fuzz/games/` (from `fuzz/server-seeds.sh`), as
/// `GET /api/games/{id}` answered them (`ID.json`), each with its analysis
/// (`ID.analysis.json`): `(game, analysis)`.
pub fn stored_games() -> Vec<(String, Option<String>)> {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("games");
    let mut names: Vec<PathBuf> = std::fs::read_dir(&dir)
        .into_iter()
        .flatten()
        .flatten()
        .map(|entry| entry.path())
        .filter(|path| {
            path.extension().is_some_and(|ext| ext == "json")
                && !path.to_string_lossy().ends_with(".analysis.json")
        })
        .collect();
    names.sort();
    names
        .into_iter()
        .filter_map(|path| {
            let game = std::fs::read_to_string(&path).ok()?;
            let analysis = std::fs::read_to_string(path.with_extension("analysis.json")).ok();
            Some((game, analysis))
        })
        .collect()
}

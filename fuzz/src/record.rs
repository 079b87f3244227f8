//! A game record from anywhere (`mice-cake replay`, `verify`, a server's
//! answer, a file): read as the clients read it, then checked by the engine.
//! Nothing panics, and a record that replays says the same once written
//! again.

use mice_cake_cli::{replay, verify};
use mice_cake_engine::GameRecord;

/// One input of the `record` target.
pub fn check(data: &[u8]) {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    if let Ok(loaded) = verify::parse(text) {
        match &loaded.record {
            verify::Recorded::Game(record) => {
                let _ = verify::verify(record, None);
            }
            verify::Recorded::AbortedDeal(deal) => {
                let _ = deal.check();
            }
        }
    }
    if let Ok(replay) = replay::parse(text) {
        let _ = replay::lines(&replay);
    }
    let Ok(record) = serde_json::from_str::<GameRecord>(text) else {
        return;
    };
    let _ = record.replay_with_its_own_dice();
    let Ok(game) = record.replay_each_round(|_| {}) else {
        return;
    };
    let written = serde_json::to_string(&record).expect("a record serializes");
    let again: GameRecord = serde_json::from_str(&written).expect("a written record reads");
    assert_eq!(again.replay_each_round(|_| {}).as_ref(), Ok(&game));
}

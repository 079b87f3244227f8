//! Whole games with moves legal and illegal: a round with an illegal move
//! is refused and changes nothing, a legal one is played, and the game's
//! record, written and read back, replays to the game played.

use arbitrary::Unstructured;
use mice_cake_engine::{GameRecord, RecordedGame, Seat, Seed};

use crate::draw::{assignment, options};

/// One input of the `engine_game` target.
pub fn check(data: &[u8]) {
    // Running out of bytes ends the game where it is.
    let _ = play(&mut Unstructured::new(data));
}

fn play(input: &mut Unstructured) -> arbitrary::Result<()> {
    let options = options(input)?;
    let Ok(mut game) = RecordedGame::new(options, Seed::from_u64(input.arbitrary()?)) else {
        return Ok(());
    };
    while !game.game().is_over() && !input.is_empty() {
        let yellow = assignment(input, &game.game().legal_assignments(Seat::Yellow))?;
        let blue = assignment(input, &game.game().legal_assignments(Seat::Blue))?;
        let legal = game.game().check(Seat::Yellow, &yellow).is_ok()
            && game.game().check(Seat::Blue, &blue).is_ok();
        let before = game.game().clone();
        let played = game.play_round(&yellow, &blue).is_ok();
        assert_eq!(played, legal, "{yellow} and {blue}");
        if !played {
            assert_eq!(game.game(), &before, "a refused round changed the game");
        }
    }
    let record = game.record().expect("a game played has its record");
    let written = serde_json::to_string(&record).expect("a record serializes");
    let read: GameRecord = serde_json::from_str(&written).expect("a written record reads");
    assert_eq!(read.replay().as_ref(), Ok(game.game()));
    Ok(())
}

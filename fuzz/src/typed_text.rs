//! What a player types: an assignment (`A2 C2`, `D2 steal 6/6`), a name, a
//! chat line, a room code, a seed. The first byte picks which.

use mice_cake_engine::{Assignment, Domino, Seed};
use mice_cake_protocol::{RoomCode, chat_text, player_name};

/// One input of the `typed_text` target.
pub fn check(data: &[u8]) {
    let Some((&which, rest)) = data.split_first() else {
        return;
    };
    let Ok(text) = std::str::from_utf8(rest) else {
        return;
    };
    match which % 6 {
        0 => {
            if let Ok(assignment) = text.parse::<Assignment>() {
                let written = assignment.to_string();
                let again: Assignment = written.parse().expect("a written assignment parses");
                assert_eq!(again, assignment, "{text:?} was written {written:?}");
            }
        }
        1 => {
            if let Ok(name) = player_name(text) {
                assert_eq!(
                    player_name(&name).as_ref(),
                    Ok(&name),
                    "a name is kept as it is"
                );
            }
        }
        2 => {
            if let Ok(line) = chat_text(text) {
                assert_eq!(
                    chat_text(&line).as_ref(),
                    Ok(&line),
                    "a line is kept as it is"
                );
            }
        }
        3 => {
            if let Ok(code) = text.parse::<RoomCode>() {
                assert_eq!(code.to_string().parse::<RoomCode>(), Ok(code));
            }
        }
        4 => {
            if let Ok(piece) = text.parse::<Domino>() {
                assert_eq!(piece.to_string().parse::<Domino>(), Ok(piece));
            }
        }
        _ => {
            let _ = text.parse::<Seed>();
        }
    }
}

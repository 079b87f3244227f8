//! Any position at all, through the engine's own validation: a position it
//! accepts is played on with any moves and any dice, and nothing panics; a
//! refused round changes nothing.

use arbitrary::Unstructured;
use mice_cake_engine::{
    COLUMNS, Cell, Domino, DominoSet, Game, PIECE_COUNT, Position, ROWS, RngDice, Seat, Seated,
    Seed,
};

use crate::draw::{assignment, options};

/// One input of the `engine_position` target.
pub fn check(data: &[u8]) {
    // Running out of bytes ends the game where it is.
    let _ = play(&mut Unstructured::new(data));
}

fn play(input: &mut Unstructured) -> arbitrary::Result<()> {
    let options = options(input)?;
    let Ok(mut game) = Game::from_position(options, &position(input)?) else {
        return Ok(());
    };
    let mut dice = RngDice(Seed::from_u64(input.arbitrary()?).rng());
    while !input.is_empty() {
        let yellow = assignment(input, &game.legal_assignments(Seat::Yellow))?;
        let blue = assignment(input, &game.legal_assignments(Seat::Blue))?;
        let before = game.clone();
        if game.resolve(&yellow, &blue, &mut dice).is_err() {
            assert_eq!(game, before, "a refused round changed the game");
        }
    }
    Ok(())
}

/// Mostly a position the rules could reach: every piece once, each column
/// a run of rows (pieces leave only at its ends), the pieces taken in the
/// stashes (the double-blank perhaps out of the game); sometimes anything.
fn position(input: &mut Unstructured) -> arbitrary::Result<Position> {
    let mut pieces: Vec<Domino> = Domino::ALL.to_vec();
    // A shuffle driven by the input.
    for index in (1..pieces.len()).rev() {
        let other = input.int_in_range(0..=index)?;
        pieces.swap(index, other);
    }
    let consistent = input.ratio(7, 8)?;
    let mut next = pieces.into_iter();
    let mut stashes = Seated {
        yellow: DominoSet::EMPTY,
        blue: DominoSet::EMPTY,
    };
    let mut removed = DominoSet::EMPTY;
    let mut board = [[Cell::Empty; COLUMNS]; ROWS];
    for column in 0..COLUMNS {
        let front = input.int_in_range(0..=ROWS)?;
        let back = input.int_in_range(front..=ROWS)?;
        for (row, cells) in board.iter_mut().enumerate() {
            let piece = match next.next() {
                Some(piece) if consistent => piece,
                _ => match Domino::from_index(input.int_in_range(0..=PIECE_COUNT - 1)?) {
                    Some(piece) => piece,
                    None => continue,
                },
            };
            let on_board = (front..back).contains(&row) || !consistent && input.ratio(1, 8)?;
            cells[column] = if !on_board {
                // Taken: to a stash, or (the double-blank) out of the game.
                if piece.is_double_blank() && input.arbitrary()? {
                    removed.insert(piece);
                } else if input.arbitrary()? {
                    stashes.yellow.insert(piece);
                } else {
                    stashes.blue.insert(piece);
                }
                Cell::Empty
            } else if input.ratio(1, 2)? {
                Cell::FaceUp(piece)
            } else {
                Cell::FaceDown(piece)
            };
        }
    }
    let mut resting = Seated {
        yellow: [0; COLUMNS],
        blue: [0; COLUMNS],
    };
    for seat in Seat::ALL {
        for column in &mut resting[seat] {
            *column = input.int_in_range(0..=if consistent { 1 } else { 4 })?;
        }
    }
    Ok(Position {
        board,
        stashes,
        removed,
        resting,
        round: input.int_in_range(0..=200)?,
        rounds_without_progress: input.int_in_range(0..=12)?,
    })
}

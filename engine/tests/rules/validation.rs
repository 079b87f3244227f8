//! Illegal assignments get a typed error that says what is wrong, and leave
//! the game exactly as it was.

use mice_cake_engine::{
    AssignmentError, Column, DiceError, ParseAssignmentError, RollKind, RollRequest, RoundError,
    Seat,
};

use crate::support::*;

#[test]
fn each_illegal_assignment_gets_its_own_error() {
    let game = Setup::board(
        "
        0/0   1/2   .     .
        3/3   2/3   .     .
        .     .     .     .
        .     .     .     .
        .     .     .     .
        .     .     .     .
        .     .     .     .
        ",
    )
    .stash(Seat::Yellow, &["6/6"])
    .resting(Seat::Blue, [0, 1, 0, 0])
    .leftovers_to(Seat::Blue)
    .game();
    use AssignmentError as E;
    let cases: [(Seat, &str, AssignmentError); 9] = [
        (
            Seat::Yellow,
            "A4 B1 steal 5/6",
            E::TooManyMice { placed: 5 },
        ),
        (
            Seat::Blue,
            "A2 B2",
            E::RestingMiceUsed {
                placed: 4,
                available: 3,
            },
        ),
        (
            Seat::Yellow,
            "A1 B1 steal 5/6",
            E::MiceLeftUnplaced {
                placed: 2,
                available: 4,
            },
        ),
        (Seat::Yellow, "B2 C2", E::EmptyColumn(Column::C)),
        (Seat::Yellow, "A2 B2", E::StealWithoutTarget(Column::A)),
        (
            Seat::Yellow,
            "A2 B2 steal 6/6",
            E::TargetNotInOpponentStash(piece("6/6")),
        ),
        (
            Seat::Yellow,
            "B4 steal 5/6",
            E::StealTargetWithoutSteal(piece("5/6")),
        ),
        // Blue faces 3/3 in column A: a target without mice on a double-blank.
        (
            Seat::Blue,
            "A3 steal 6/6",
            E::StealTargetWithoutSteal(piece("6/6")),
        ),
        (Seat::Yellow, "D4", E::EmptyColumn(Column::D)),
    ];
    for (seat, text, error) in cases {
        assert_eq!(
            game.check(seat, &assign(text)),
            Err(error),
            "{seat}: {text}"
        );
        // Every error reads as a sentence naming the problem.
        assert!(error.to_string().len() > 15, "{error}");
    }
    assert_eq!(game.check(Seat::Yellow, &assign("A2 B2 steal 5/6")), Ok(()));
    assert_eq!(game.check(Seat::Blue, &assign("A1 B2")), Ok(()));
}

#[test]
fn a_text_assignment_names_an_unknown_column() {
    assert_eq!(
        "A2 E2".parse::<mice_cake_engine::Assignment>(),
        Err(ParseAssignmentError::UnknownColumn("E2".into()))
    );
}

#[test]
fn an_illegal_round_changes_nothing() {
    let mut game = worked_example();
    let before = game.clone();
    let result = game.resolve(&assign("A1 C3"), &assign("B2 D1"), &mut dice());
    assert_eq!(
        result,
        Err(RoundError::IllegalAssignment {
            seat: Seat::Blue,
            error: AssignmentError::MiceLeftUnplaced {
                placed: 3,
                available: 4
            }
        })
    );
    assert_eq!(game, before);
}

#[test]
fn a_dice_failure_half_way_changes_nothing() {
    let mut game = worked_example();
    let before = game.clone();
    // Yellow's dice are there; Blue's are missing: the round fails after
    // Yellow has rolled, and still nothing of it stays.
    let mut partial =
        dice()
            .attempt(Seat::Yellow, Column::A, &[4])
            .attempt(Seat::Yellow, Column::C, &[6, 6, 5]);
    let result = game.resolve(&assign("A1 C3"), &assign("B2 D2"), &mut partial);
    assert_eq!(
        result,
        Err(RoundError::Dice(DiceError::Missing(RollRequest {
            seat: Seat::Blue,
            column: Column::B,
            dice: 2,
            kind: RollKind::Attempt,
        })))
    );
    assert_eq!(game, before);
    assert_eq!(game.round(), 1);
}

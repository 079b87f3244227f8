//! Illegal assignments get a typed error that says what is wrong, and leave
//! the game exactly as it was.

use mice_cake_engine::{
    AssignmentError, BoardError, Column, DiceError, ParseAssignmentError, PositionError, RollKind,
    RollRequest, RoundError, Row, Seat,
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

#[test]
fn a_position_play_cannot_reach_is_refused() {
    let board = "
        1/2   .     .     .
        3/4   .     .     .
        .     .     .     .
        .     .     .     .
        .     .     .     .
        .     .     .     .
        .     .     .     .
    ";
    let refused = |setup: Setup| setup.try_game().unwrap_err();
    assert_eq!(
        refused(Setup::board(board)),
        PositionError::Missing(piece("0/0"))
    );
    assert_eq!(
        refused(
            Setup::board(board)
                .stash(Seat::Yellow, &["1/2"])
                .leftovers_to(Seat::Blue)
        ),
        PositionError::Repeated(piece("1/2"))
    );
    assert_eq!(
        refused(
            Setup::board(board)
                .removed(&["5/6"])
                .leftovers_to(Seat::Blue)
        ),
        PositionError::RemovedNotDoubleBlank(piece("5/6"))
    );
    assert_eq!(
        refused(
            Setup::board(board)
                .resting(Seat::Blue, [3, 2, 0, 0])
                .leftovers_to(Seat::Blue)
        ),
        PositionError::TooManyResting {
            seat: Seat::Blue,
            resting: 5
        }
    );
    assert_eq!(
        refused(Setup::board(board).round(0, 0).leftovers_to(Seat::Blue)),
        PositionError::RoundZero
    );
    let gap = "
        1/2   .     .     .
        .     .     .     .
        3/4   .     .     .
        .     .     .     .
        .     .     .     .
        .     .     .     .
        .     .     .     .
    ";
    assert_eq!(
        refused(Setup::board(gap).leftovers_to(Seat::Blue)),
        PositionError::Board(BoardError::Gap {
            column: Column::A,
            row: Row::new(2).unwrap()
        })
    );
    assert!(
        Setup::board(board)
            .leftovers_to(Seat::Blue)
            .try_game()
            .is_ok()
    );
}

#[test]
fn a_board_text_error_names_its_row() {
    use mice_cake_engine::Position;
    use mice_cake_engine::position::BoardTextError;
    let rows =
        |third: &str| format!(". . . .\n. . . .\n{third}\n. . . .\n. . . .\n. . . .\n. . . .");
    assert_eq!(
        Position::parse_board(". . . ."),
        Err(BoardTextError::RowCount(1))
    );
    assert_eq!(
        Position::parse_board(&rows(". . .")),
        Err(BoardTextError::ColumnCount { row: 3, count: 3 })
    );
    assert!(matches!(
        Position::parse_board(&rows(". 8/8 . .")),
        Err(BoardTextError::Piece { row: 3, .. })
    ));
}

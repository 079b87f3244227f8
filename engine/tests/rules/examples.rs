//! Every example of the rules text, played with its own dice.

use mice_cake_engine::{
    AttemptResult, CellView, Column, DominoSet, Game, Options, Position, Score, Seat, Seated,
    Target, Viewer,
};

use crate::support::*;

#[test]
fn four_mice_rolling_5_5_5_6_on_5_6_exhaust_exactly_two() {
    let mut game = worked_example();
    let report = play(
        &mut game,
        "C4",
        "A4",
        dice()
            .attempt(Seat::Yellow, Column::C, &[5, 5, 5, 6])
            .attempt(Seat::Blue, Column::A, &[2, 2, 3, 3]),
    );
    let yellow = attempt(&report, Seat::Yellow, Column::C);
    assert_eq!(
        yellow.target,
        Target::Piece {
            piece: piece("5/6")
        }
    );
    assert_eq!((yellow.sum, yellow.value), (21, 11));
    assert_eq!(yellow.exhausted, 2);
    assert_eq!(yellow.result, AttemptResult::Exhausted);
    assert_eq!(report.resting.yellow, [0, 0, 2, 0]);
    let view = game.view(Viewer::Spectator);
    assert_eq!(view.cell(Column::C, row(1)), CellView::FaceUp(piece("5/6")));
    assert_eq!(view.families.yellow.available, 2);
}

#[test]
fn double_three_on_0_3_exhausts_one() {
    let mut game = worked_example();
    let report = play(
        &mut game,
        "A2 D2",
        "A4",
        dice()
            .attempt(Seat::Yellow, Column::A, &[1, 1])
            .attempt(Seat::Yellow, Column::D, &[3, 3])
            .attempt(Seat::Blue, Column::A, &[2, 2, 3, 3]),
    );
    let yellow = attempt(&report, Seat::Yellow, Column::D);
    assert_eq!(
        yellow.target,
        Target::Piece {
            piece: piece("0/3")
        }
    );
    assert_eq!(
        (yellow.exhausted, yellow.result),
        (1, AttemptResult::Exhausted)
    );
    assert_eq!(report.resting.yellow, [0, 0, 0, 1]);
    assert!(!game.stash(Seat::Yellow).contains(piece("0/3")));
}

#[test]
fn a_single_four_on_4_4_does_not_exhaust() {
    let mut game = worked_example();
    let report = play(
        &mut game,
        "A4",
        "B1 C3",
        dice()
            .attempt(Seat::Yellow, Column::A, &[3, 3, 3, 3])
            .attempt(Seat::Blue, Column::B, &[4])
            .attempt(Seat::Blue, Column::C, &[1, 1, 2]),
    );
    let blue = attempt(&report, Seat::Blue, Column::B);
    assert_eq!(
        blue.target,
        Target::Piece {
            piece: piece("4/4")
        }
    );
    assert_eq!((blue.exhausted, blue.result), (0, AttemptResult::TooLow));
    assert_eq!(report.resting.blue, [0; 4]);
}

#[test]
fn rolling_6_5_4_4_on_0_6_exhausts_one_and_blocks_the_claim() {
    let mut game = Setup::board(
        "
        0/6   1/2   .     .
        .     2/3   .     .
        .     .     .     .
        .     .     .     .
        .     .     .     .
        .     .     .     .
        .     .     .     .
        ",
    )
    .leftovers_to(Seat::Blue)
    .game();
    let report = play(
        &mut game,
        "A4",
        "B4",
        dice()
            .attempt(Seat::Yellow, Column::A, &[6, 5, 4, 4])
            .attempt(Seat::Blue, Column::B, &[1, 1, 1, 1]),
    );
    let yellow = attempt(&report, Seat::Yellow, Column::A);
    assert_eq!((yellow.sum, yellow.value), (19, 6));
    assert_eq!(
        (yellow.exhausted, yellow.result),
        (1, AttemptResult::Exhausted)
    );
    assert!(game.pieces_on_board().contains(piece("0/6")));
}

/// The worked example of the rules text, round for round: Blue puts 2 mice
/// on B and 2 on D, Yellow 1 on A and 3 on C, with the dice of the text.
#[test]
fn the_worked_example_plays_out_as_in_the_rules_text() {
    let mut game = worked_example();
    assert_eq!(
        game.view(Viewer::Spectator).board,
        view_board(
            "
            1/2   3/4   5/6   0/3
            ##    ##    ##    ##
            0/0   1/3   5/5   2/6
            ##    ##    ##    ##
            0/4   1/5   0/6   2/4
            ##    ##    ##    ##
            0/1   4/4   3/6   2/5
            "
        )
    );
    let report = play(
        &mut game,
        "A1 C3",
        "B2 D2",
        dice()
            .attempt(Seat::Blue, Column::B, &[2, 4])
            .attempt(Seat::Blue, Column::D, &[3, 4])
            .attempt(Seat::Yellow, Column::A, &[4])
            .attempt(Seat::Yellow, Column::C, &[6, 6, 5]),
    );

    // Blue, column B: 2,4 against 4/4 — nothing.
    let blue_b = attempt(&report, Seat::Blue, Column::B);
    assert_eq!(
        (blue_b.sum, blue_b.value, blue_b.result),
        (6, 8, AttemptResult::TooLow)
    );
    // Blue, column D: 3,4 against 2/5 — the sum is 7, the pattern does not match: taken.
    let blue_d = attempt(&report, Seat::Blue, Column::D);
    assert_eq!(
        (blue_d.sum, blue_d.value, blue_d.result),
        (7, 7, AttemptResult::Took)
    );
    // Yellow, column A: 4 against 1/2 — taken.
    let yellow_a = attempt(&report, Seat::Yellow, Column::A);
    assert_eq!(
        (yellow_a.sum, yellow_a.value, yellow_a.result),
        (4, 3, AttemptResult::Took)
    );
    // Yellow, column C: 6,6,5 against 5/6 — two mice exhausted, the third is fine.
    let yellow_c = attempt(&report, Seat::Yellow, Column::C);
    assert_eq!(
        (yellow_c.exhausted, yellow_c.result),
        (2, AttemptResult::Exhausted)
    );

    // The next piece in line is turned up behind each piece taken.
    let flipped: Vec<_> = report
        .flips
        .iter()
        .map(|f| (f.column, f.row, f.piece))
        .collect();
    assert_eq!(
        flipped,
        [
            (Column::A, row(2), piece("2/3")),
            (Column::D, row(6), piece("1/1")),
        ]
    );

    // The cake of the next round, as drawn in the rules text.
    let view = game.view(Viewer::Yellow);
    assert_eq!(
        view.board,
        view_board(
            "
            .     3/4   5/6   0/3
            2/3   ##    ##    ##
            0/0   1/3   5/5   2/6
            ##    ##    ##    ##
            0/4   1/5   0/6   2/4
            ##    ##    ##    1/1
            0/1   4/4   3/6   .
            "
        )
    );
    // 2 yellow mice (+ 2 exhausted mice on the 5/6), 4 blue mice.
    assert_eq!(view.families.yellow.available, 2);
    assert_eq!(view.families.yellow.resting, [0, 0, 2, 0]);
    assert_eq!(view.families.blue.available, 4);
    assert_eq!(game.stash(Seat::Yellow), pieces(&["1/2"]));
    assert_eq!(game.stash(Seat::Blue), pieces(&["2/5"]));
    assert_eq!(
        view.families.yellow.score,
        Score {
            pips: 3,
            pieces: 1,
            double_six: false
        }
    );
    assert_eq!(
        view.families.blue.score,
        Score {
            pips: 7,
            pieces: 1,
            double_six: false
        }
    );
    assert_eq!(view.round, 2);

    // The same state written out as a position is the same game.
    let position = Position {
        board: Position::parse_board(
            "
            .     3/4   5/6   0/3
            2/3   [0/2] [0/5] [1/4]
            0/0   1/3   5/5   2/6
            [1/6] [2/2] [3/3] [3/5]
            0/4   1/5   0/6   2/4
            [4/5] [4/6] [6/6] 1/1
            0/1   4/4   3/6   .
            ",
        )
        .unwrap(),
        stashes: Seated {
            yellow: pieces(&["1/2"]),
            blue: pieces(&["2/5"]),
        },
        removed: DominoSet::EMPTY,
        resting: Seated {
            yellow: [0, 0, 2, 0],
            blue: [0; 4],
        },
        round: 2,
        rounds_without_progress: 0,
    };
    assert_eq!(
        Game::from_position(Options::default(), &position).unwrap(),
        game
    );
}

#[test]
fn a_view_prints_as_the_cake_seen_from_row_1() {
    let mut game = worked_example();
    play(
        &mut game,
        "A1 C3",
        "B2 D2",
        dice()
            .attempt(Seat::Blue, Column::B, &[2, 4])
            .attempt(Seat::Blue, Column::D, &[3, 4])
            .attempt(Seat::Yellow, Column::A, &[4])
            .attempt(Seat::Yellow, Column::C, &[6, 6, 5]),
    );
    let expected = "      A    B    C    D
1     .  3/4  5/6  0/3
2   2/3   ##   ##   ##
3   0/0  1/3  5/5  2/6
4    ##   ##   ##   ##
5   0/4  1/5  0/6  2/4
6    ##   ##   ##  1/1
7   0/1  4/4  3/6    .
Yellow: 3 pips in 1 piece, 2 mice available
Blue: 7 pips in 1 piece, 4 mice available
";
    assert_eq!(game.view(Viewer::Spectator).to_string(), expected);
}

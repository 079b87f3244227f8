//! One or more tests per ruling of `rulings.md`, with explicit dice.

use mice_cake_engine::{
    Access, Assignment, AssignmentError, AttemptResult, CellView, Column, Decider, Domino,
    DominoSet, EndReason, Game, Layout, Options, PIECE_COUNT, Reveal, RoundError, Seat, Seed,
    TOTAL_PIPS, Target, Viewer,
};

use crate::support::*;

// 1. A double-six set, shuffled, laid out 4 columns by 7 rows.
#[test]
fn ruling_01_a_shuffled_layout_holds_the_28_pieces_once() {
    let mut layouts = std::collections::HashSet::new();
    for seed in 0..200 {
        let layout = Layout::shuffled(&mut Seed::from_u64(seed).rng());
        let set: DominoSet = layout.rows().iter().flatten().copied().collect();
        assert_eq!(set, DominoSet::FULL);
        assert_eq!(set.pips(), TOTAL_PIPS);
        layouts.insert(*layout.rows());
    }
    assert_eq!(layouts.len(), 200, "seeds must give different shuffles");
    // Every piece lands in every one of the 28 places for some seed.
    let mut seen = [[DominoSet::EMPTY; 4]; 7];
    for seed in 0..2_000 {
        let layout = Layout::shuffled(&mut Seed::from_u64(seed).rng());
        for (r, row) in layout.rows().iter().enumerate() {
            for (c, piece) in row.iter().enumerate() {
                seen[r][c].insert(*piece);
            }
        }
    }
    assert!(seen.iter().flatten().all(|set| set.len() == PIECE_COUNT));
}

// 2. Yellow faces row 1, Blue row 7; 4 mice each.
#[test]
fn ruling_02_yellow_faces_row_1_and_blue_row_7_with_four_mice_each() {
    let view = worked_example().view(Viewer::Spectator);
    for column in Column::ALL {
        assert_eq!(view.nearest(Seat::Yellow, column).unwrap().0, row(1));
        assert_eq!(view.nearest(Seat::Blue, column).unwrap().0, row(7));
    }
    assert_eq!(view.families.yellow.available, 4);
    assert_eq!(view.families.blue.available, 4);
}

// 3. Rows 1, 3, 5, 7 face up; 2, 4, 6 face down.
#[test]
fn ruling_03_odd_rows_start_face_up_and_even_rows_face_down() {
    let view = worked_example().view(Viewer::Spectator);
    for row_number in 1..=7u8 {
        for column in Column::ALL {
            let face_up = matches!(view.cell(column, row(row_number)), CellView::FaceUp(_));
            assert_eq!(face_up, row_number % 2 == 1, "{column}{row_number}");
        }
    }
}

// 4. Nearest piece; a column with one piece is contested.
#[test]
fn ruling_04_a_single_piece_is_both_players_nearest() {
    let game = Setup::board(
        "
        .     1/2   .     .
        .     3/4   .     .
        .     1/3   .     .
        5/6   .     .     .
        .     .     .     .
        .     .     .     .
        .     .     .     .
        ",
    )
    .leftovers_to(Seat::Blue)
    .game();
    let view = game.view(Viewer::Spectator);
    assert_eq!(
        view.nearest(Seat::Yellow, Column::A),
        view.nearest(Seat::Blue, Column::A)
    );
    assert!(view.is_contested(Column::A));
    assert_eq!(view.nearest(Seat::Yellow, Column::B).unwrap().0, row(1));
    assert_eq!(view.nearest(Seat::Blue, Column::B).unwrap().0, row(3));
    assert!(!view.is_contested(Column::B));
    assert_eq!(view.access(Seat::Yellow, Column::C), Access::Empty);
}

// 5. Pieces that become nearest are turned face up, at both ends of a column.
#[test]
fn ruling_05_taking_turns_up_the_next_piece_at_both_ends() {
    let mut game = worked_example();
    let report = play(
        &mut game,
        "B4",
        "B4",
        dice()
            .attempt(Seat::Yellow, Column::B, &[6, 6, 6, 6])
            .attempt(Seat::Blue, Column::B, &[6, 6, 6, 5]),
    );
    assert_eq!(
        attempt(&report, Seat::Yellow, Column::B).result,
        AttemptResult::Took
    );
    assert_eq!(
        attempt(&report, Seat::Blue, Column::B).result,
        AttemptResult::Took
    );
    let flipped: Vec<_> = report
        .flips
        .iter()
        .map(|f| (f.column, f.row, f.piece))
        .collect();
    assert_eq!(
        flipped,
        [
            (Column::B, row(2), piece("0/2")),
            (Column::B, row(6), piece("4/6")),
        ]
    );
    // Taking 0/2 then uncovers 1/3, which is already face up: nothing to turn.
    let report = play(
        &mut game,
        "B4",
        "A4",
        dice()
            .attempt(Seat::Yellow, Column::B, &[5, 5, 5, 5])
            .attempt(Seat::Blue, Column::A, &[2, 2, 2, 2]),
    );
    assert_eq!(
        attempt(&report, Seat::Yellow, Column::B).result,
        AttemptResult::Took
    );
    let flipped: Vec<_> = report.flips.iter().map(|f| (f.column, f.row)).collect();
    assert_eq!(flipped, [(Column::A, row(6))]);
    assert_eq!(
        game.view(Viewer::Spectator).cell(Column::B, row(3)),
        CellView::FaceUp(piece("1/3"))
    );
}

// 6. Every available mouse must be placed on an open column.
#[test]
fn ruling_06_every_available_mouse_must_be_placed() {
    let game = worked_example();
    assert_eq!(
        game.check(Seat::Yellow, &assign("A1 C2")),
        Err(AssignmentError::MiceLeftUnplaced {
            placed: 3,
            available: 4
        })
    );
    assert_eq!(
        game.check(Seat::Yellow, &Assignment::EMPTY),
        Err(AssignmentError::MiceLeftUnplaced {
            placed: 0,
            available: 4
        })
    );
    assert_eq!(game.check(Seat::Yellow, &assign("A1 B1 C1 D1")), Ok(()));
    // 4 mice over 4 open columns: C(7,3) = 35 ways.
    assert_eq!(game.legal_assignments(Seat::Yellow).len(), 35);
}

// 7. The double-blank opens only if the opponent has something to steal,
//    and mice there must name a target in the opponent's stash.
#[test]
fn ruling_07_the_double_blank_is_open_only_with_something_to_steal() {
    let board = "
        0/0   1/2   .     .
        [4/4] 2/3   .     .
        3/3   .     .     .
        .     .     .     .
        .     .     .     .
        .     .     .     .
        .     .     .     .
    ";
    let nothing_to_steal = Setup::board(board).leftovers_to(Seat::Yellow).game();
    let view = nothing_to_steal.view(Viewer::Yellow);
    assert_eq!(view.access(Seat::Yellow, Column::A), Access::NothingToSteal);
    assert_eq!(
        view.check(Seat::Yellow, &assign("A2 B2 steal 5/6")),
        Err(AssignmentError::OpponentStashEmpty(Column::A))
    );
    assert!(
        view.legal_assignments(Seat::Yellow)
            .iter()
            .all(|a| a.mice[0] == 0)
    );

    let something = Setup::board(board)
        .stash(Seat::Yellow, &["6/6"])
        .leftovers_to(Seat::Blue)
        .game();
    let view = something.view(Viewer::Yellow);
    assert_eq!(view.access(Seat::Yellow, Column::A), Access::Steal);
    assert_eq!(
        view.check(Seat::Yellow, &assign("A2 B2")),
        Err(AssignmentError::StealWithoutTarget(Column::A))
    );
    assert_eq!(
        view.check(Seat::Yellow, &assign("A2 B2 steal 6/6")),
        Err(AssignmentError::TargetNotInOpponentStash(piece("6/6")))
    );
    assert_eq!(
        view.check(Seat::Yellow, &assign("B4 steal 5/6")),
        Err(AssignmentError::StealTargetWithoutSteal(piece("5/6")))
    );
    assert_eq!(view.check(Seat::Yellow, &assign("A2 B2 steal 5/6")), Ok(()));
    // One legal assignment per target for each split that uses column A.
    let blue_stash = something.stash(Seat::Blue).len();
    let with_steal = view
        .legal_assignments(Seat::Yellow)
        .iter()
        .filter(|a| a.mice[0] > 0)
        .count();
    assert_eq!(with_steal, 4 * blue_stash, "A1..A4 with B taking the rest");
}

// 8. Every attempt is judged against the start of the round; effects apply together.
#[test]
fn ruling_08_attempts_see_the_round_as_it_started_and_apply_together() {
    // Column A has two pieces: Yellow and Blue each take their own in the
    // same round. Judged one after the other, the second would have faced a
    // contested single piece.
    let mut game = Setup::board(
        "
        1/2   0/0   .     .
        1/3   [3/3] .     .
        .     0/1   .     .
        .     .     .     .
        .     .     .     .
        .     .     .     .
        .     .     .     .
        ",
    )
    .stash(Seat::Yellow, &["5/5"])
    .leftovers_to(Seat::Blue)
    .game();
    let report = play(
        &mut game,
        "A2 B2 steal 6/6",
        "A4",
        dice()
            .attempt(Seat::Yellow, Column::A, &[3, 3])
            .attempt(Seat::Yellow, Column::B, &[5, 5])
            .attempt(Seat::Blue, Column::A, &[2, 2, 5, 5]),
    );
    let yellow_a = attempt(&report, Seat::Yellow, Column::A);
    let blue_a = attempt(&report, Seat::Blue, Column::A);
    assert!(!yellow_a.contested && !blue_a.contested);
    assert_eq!(
        (yellow_a.result, blue_a.result),
        (AttemptResult::Took, AttemptResult::Took)
    );
    assert_eq!(game.view(Viewer::Spectator).remaining(Column::A), 0);
    // Yellow's steal is judged against Blue's stash as the round started;
    // Blue's 1/3, won this very round, could not have been named.
    let yellow_b = attempt(&report, Seat::Yellow, Column::B);
    assert_eq!(yellow_b.result, AttemptResult::TooLow);
    assert_eq!(
        game.check(Seat::Yellow, &assign("B4 steal 1/3")),
        Ok(()),
        "now 1/3 is in Blue's stash and can be named"
    );
}

// 9. The match test: two different dice for two non-blank halves, one die for 0/b.
#[test]
fn ruling_09_exhaustion_needs_the_exact_pattern_and_caps_at_two_or_one() {
    let board = "
        4/4   5/6   0/5   2/3
        1/2   1/3   1/4   1/5
        .     .     .     .
        .     .     .     .
        .     .     .     .
        .     .     .     .
        .     .     .     .
    ";
    let cases: [(&str, Column, &[u8], u8); 7] = [
        ("A2 B2", Column::A, &[4, 4], 2),
        ("A1 B3", Column::A, &[4], 0),
        ("A3 B1", Column::A, &[4, 4, 4], 2),
        ("B2 C2", Column::B, &[5, 6], 2),
        ("B4", Column::B, &[6, 6, 6, 6], 0),
        ("C4", Column::C, &[5, 5, 5, 5], 1),
        ("C1 D3", Column::C, &[5], 1),
    ];
    for (yellow, column, faces, exhausted) in cases {
        let mut game = Setup::board(board).leftovers_to(Seat::Blue).game();
        let mut scripted = dice().attempt(Seat::Yellow, column, faces);
        // The other Yellow attempts and Blue's roll 1s and 2s: low, harmless here.
        for (other, mice) in assign(yellow).placements() {
            if other != column {
                scripted = scripted.attempt(Seat::Yellow, other, &vec![1; usize::from(mice)]);
            }
        }
        scripted = scripted.attempt(Seat::Blue, Column::A, &[6, 6, 6, 6]);
        let report = play(&mut game, yellow, "A4", scripted);
        let judged = attempt(&report, Seat::Yellow, column);
        assert_eq!(judged.exhausted, exhausted, "{yellow} rolling {faces:?}");
        assert_eq!(
            judged.result == AttemptResult::Exhausted,
            exhausted > 0,
            "{yellow} rolling {faces:?}"
        );
    }
}

// 10. Success: no match and a sum at least the pips; any exhaustion fails.
#[test]
fn ruling_10_success_needs_the_sum_and_no_exhaustion() {
    let board = "
        0/6   3/4   .     .
        1/2   1/3   .     .
        .     .     .     .
        .     .     .     .
        .     .     .     .
        .     .     .     .
        .     .     .     .
    ";
    for (faces, result) in [
        (&[6, 5, 4, 4][..], AttemptResult::Exhausted),
        (&[5, 1][..], AttemptResult::Took),
        (&[3, 2][..], AttemptResult::TooLow),
    ] {
        let mut game = Setup::board(board).leftovers_to(Seat::Blue).game();
        let mice = faces.len();
        let yellow = format!("A{mice} B{}", 4 - mice);
        let mut scripted = dice().attempt(Seat::Yellow, Column::A, faces).attempt(
            Seat::Blue,
            Column::B,
            &[1, 1, 1, 1],
        );
        if mice < 4 {
            scripted = scripted.attempt(Seat::Yellow, Column::B, &vec![1; 4 - mice]);
        }
        let report = play(&mut game, &yellow, "B4", scripted);
        assert_eq!(
            attempt(&report, Seat::Yellow, Column::A).result,
            result,
            "{faces:?}"
        );
        assert_eq!(
            game.stash(Seat::Yellow).contains(piece("0/6")),
            result == AttemptResult::Took
        );
    }
}

/// A contest over 3/4 (7 pips), alone in column A.
fn contest(yellow: &[u8], blue: &[u8]) -> (AttemptResult, AttemptResult, Game) {
    let mut game = contest_board();
    let report = play(
        &mut game,
        "A2 B2",
        "A2 B2",
        dice()
            .attempt(Seat::Yellow, Column::A, yellow)
            .attempt(Seat::Blue, Column::A, blue)
            .attempt(Seat::Yellow, Column::B, &[1, 1])
            .attempt(Seat::Blue, Column::B, &[2, 2]),
    );
    let (y, b) = (
        attempt(&report, Seat::Yellow, Column::A),
        attempt(&report, Seat::Blue, Column::A),
    );
    assert!(y.contested && b.contested);
    (y.result, b.result, game)
}

// 11. Contested piece: the higher of two successes; a tie leaves it.
#[test]
fn ruling_11_both_succeed_and_the_higher_sum_takes_it() {
    let (yellow, blue, game) = contest(&[6, 5], &[6, 2]);
    assert_eq!(
        (yellow, blue),
        (AttemptResult::Took, AttemptResult::LostContest)
    );
    assert!(game.stash(Seat::Yellow).contains(piece("3/4")));
    let (yellow, blue, game) = contest(&[1, 6], &[6, 6]);
    assert_eq!(
        (yellow, blue),
        (AttemptResult::LostContest, AttemptResult::Took)
    );
    assert!(game.stash(Seat::Blue).contains(piece("3/4")));
}

#[test]
fn ruling_11_a_lone_attempt_on_the_last_piece_is_no_contest() {
    let mut game = contest_board();
    let report = play(
        &mut game,
        "B4",
        "A2 B2",
        dice()
            .attempt(Seat::Yellow, Column::B, &[1, 1, 1, 1])
            .attempt(Seat::Blue, Column::A, &[2, 2])
            .attempt(Seat::Blue, Column::B, &[2, 2]),
    );
    let lone = attempt(&report, Seat::Blue, Column::A);
    assert!(!lone.contested);
    assert_eq!(lone.result, AttemptResult::TooLow);
}

#[test]
fn ruling_11_two_contests_in_one_round_are_decided_column_by_column() {
    let mut game = Setup::board(
        "
        .     .     1/2   .
        .     .     1/3   .
        .     .     .     .
        3/4   2/5   .     .
        .     .     .     .
        .     .     .     .
        .     .     .     .
        ",
    )
    .leftovers_to(Seat::Blue)
    .game();
    let report = play(
        &mut game,
        "A2 B2",
        "A2 B2",
        dice()
            .attempt(Seat::Yellow, Column::A, &[6, 5])
            .attempt(Seat::Yellow, Column::B, &[6, 2])
            .attempt(Seat::Blue, Column::A, &[1, 1])
            .attempt(Seat::Blue, Column::B, &[1, 1]),
    );
    for column in [Column::A, Column::B] {
        assert_eq!(
            attempt(&report, Seat::Yellow, column).result,
            AttemptResult::Took
        );
        assert_eq!(
            attempt(&report, Seat::Blue, column).result,
            AttemptResult::TooLow
        );
    }
    assert!(game.stash(Seat::Yellow).contains(piece("3/4")));
    assert!(game.stash(Seat::Yellow).contains(piece("2/5")));
}

#[test]
fn ruling_11_equal_sums_leave_the_piece() {
    let (yellow, blue, game) = contest(&[6, 2], &[5, 3]);
    assert_eq!(
        (yellow, blue),
        (AttemptResult::TiedContest, AttemptResult::TiedContest)
    );
    assert!(game.pieces_on_board().contains(piece("3/4")));
}

#[test]
fn ruling_11_an_exhausted_side_loses_to_a_success_even_with_the_same_sum() {
    let (yellow, blue, game) = contest(&[3, 4], &[2, 5]);
    assert_eq!(
        (yellow, blue),
        (AttemptResult::Exhausted, AttemptResult::Took)
    );
    assert!(game.stash(Seat::Blue).contains(piece("3/4")));
    assert_eq!(
        game.view(Viewer::Spectator).families.yellow.resting,
        [2, 0, 0, 0]
    );
}

#[test]
fn ruling_11_both_exhausted_or_both_short_leave_the_piece() {
    let (yellow, blue, game) = contest(&[3, 4], &[4, 3]);
    assert_eq!(
        (yellow, blue),
        (AttemptResult::Exhausted, AttemptResult::Exhausted)
    );
    assert!(game.pieces_on_board().contains(piece("3/4")));
    let (yellow, blue, game) = contest(&[1, 2], &[2, 2]);
    assert_eq!(
        (yellow, blue),
        (AttemptResult::TooLow, AttemptResult::TooLow)
    );
    assert!(game.pieces_on_board().contains(piece("3/4")));
}

/// Column A: the double-blank in front of Yellow, with 4/4 behind it.
const STEAL_BOARD: &str = "
    0/0   1/2   .     .
    [4/4] 2/3   .     .
    3/3   .     .     .
    .     .     .     .
    .     .     .     .
    .     .     .     .
    .     .     .     .
";

/// A round in which Yellow steals 5/6 from Blue with `faces` (one mouse per
/// die on the double-blank, the rest on B); Blue's attempts fall short.
fn steal_round(faces: &[u8]) -> (mice_cake_engine::RoundReport, Game) {
    let mut game = Setup::board(STEAL_BOARD)
        .stash(Seat::Yellow, &["6/6"])
        .leftovers_to(Seat::Blue)
        .game();
    let on_b = 4 - faces.len();
    let report = play(
        &mut game,
        &format!("A{} B{on_b} steal 5/6", faces.len()),
        "A2 B2",
        dice()
            .attempt(Seat::Yellow, Column::A, faces)
            .attempt(Seat::Yellow, Column::B, &vec![1; on_b])
            .attempt(Seat::Blue, Column::A, &[1, 1])
            .attempt(Seat::Blue, Column::B, &[1, 1]),
    );
    (report, game)
}

// 12. Steals.
#[test]
fn ruling_12_a_successful_steal_takes_the_target_and_the_double_blank() {
    let (report, game) = steal_round(&[6, 6]);
    let steal = attempt(&report, Seat::Yellow, Column::A);
    assert_eq!(
        steal.target,
        Target::Steal {
            piece: piece("5/6")
        }
    );
    assert_eq!(
        (steal.sum, steal.value, steal.result),
        (12, 11, AttemptResult::Stole)
    );
    assert_eq!(game.stash(Seat::Yellow), pieces(&["0/0", "5/6", "6/6"]));
    assert!(!game.stash(Seat::Blue).contains(piece("5/6")));
    // The piece behind the double-blank is turned up; no more steals are possible.
    assert!(report.flips.iter().any(|f| f.piece == piece("4/4")));
    assert_eq!(
        game.view(Viewer::Yellow).access(Seat::Yellow, Column::A),
        Access::Piece(piece("4/4"))
    );
}

#[test]
fn ruling_12_a_steal_is_judged_on_the_target_halves() {
    let (report, game) = steal_round(&[5, 6, 1]);
    let steal = attempt(&report, Seat::Yellow, Column::A);
    assert_eq!(
        (steal.exhausted, steal.result),
        (2, AttemptResult::Exhausted)
    );
    // Exhausted mice rest on the double-blank's column; it stays for later rounds.
    assert_eq!(report.resting.yellow, [2, 0, 0, 0]);
    assert!(game.pieces_on_board().contains(Domino::DOUBLE_BLANK));
}

#[test]
fn ruling_12_a_failed_steal_leaves_the_double_blank_for_later_rounds() {
    let (report, mut game) = steal_round(&[1, 2]);
    assert_eq!(
        attempt(&report, Seat::Yellow, Column::A).result,
        AttemptResult::TooLow
    );
    assert!(game.pieces_on_board().contains(Domino::DOUBLE_BLANK));
    assert_eq!(game.check(Seat::Yellow, &assign("A1 B3 steal 5/6")), Ok(()));
    let report = play(
        &mut game,
        "A1 B3 steal 5/6",
        "A2 B2",
        dice()
            .attempt(Seat::Yellow, Column::A, &[1])
            .attempt(Seat::Yellow, Column::B, &[1, 1, 1])
            .attempt(Seat::Blue, Column::A, &[1, 1])
            .attempt(Seat::Blue, Column::B, &[1, 1]),
    );
    assert_eq!(
        attempt(&report, Seat::Yellow, Column::A).target,
        Target::Steal {
            piece: piece("5/6")
        }
    );
}

/// Column A holds only the double-blank: both players may steal.
const DOUBLE_STEAL_BOARD: &str = "
    .     1/2   .     .
    .     2/3   .     .
    .     .     .     .
    0/0   .     .     .
    .     .     .     .
    .     .     .     .
    .     .     .     .
";

/// Both steal at the lone double-blank: Yellow 5/6 with 6, 6 (a success),
/// Blue 1/1 with `blue_faces`.
fn double_steal(blue_faces: &[u8]) -> (mice_cake_engine::RoundReport, Game) {
    let mut game = Setup::board(DOUBLE_STEAL_BOARD)
        .stash(Seat::Yellow, &["6/6", "1/1"])
        .leftovers_to(Seat::Blue)
        .game();
    let report = play(
        &mut game,
        "A2 B2 steal 5/6",
        "A2 B2 steal 1/1",
        dice()
            .attempt(Seat::Yellow, Column::A, &[6, 6])
            .attempt(Seat::Blue, Column::A, blue_faces)
            .attempt(Seat::Yellow, Column::B, &[1, 1])
            .attempt(Seat::Blue, Column::B, &[1, 1]),
    );
    (report, game)
}

#[test]
fn ruling_12_two_successful_steals_exchange_and_remove_the_double_blank() {
    let (report, game) = double_steal(&[3, 3]);
    assert_eq!(
        attempt(&report, Seat::Yellow, Column::A).result,
        AttemptResult::Exchanged
    );
    assert_eq!(
        attempt(&report, Seat::Blue, Column::A).result,
        AttemptResult::Exchanged
    );
    assert_eq!(report.removed, Some(Domino::DOUBLE_BLANK));
    assert_eq!(game.removed(), pieces(&["0/0"]));
    assert_eq!(game.stash(Seat::Yellow), pieces(&["5/6", "6/6"]));
    assert!(game.stash(Seat::Blue).contains(piece("1/1")));
    assert!(!game.stash(Seat::Blue).contains(piece("5/6")));
    assert_eq!(game.view(Viewer::Spectator).remaining(Column::A), 0);
}

#[test]
fn ruling_12_when_only_one_of_two_steals_succeeds_it_takes_both_pieces() {
    let (report, game) = double_steal(&[1, 1]);
    assert_eq!(
        attempt(&report, Seat::Yellow, Column::A).result,
        AttemptResult::Stole
    );
    assert_eq!(
        attempt(&report, Seat::Blue, Column::A).result,
        AttemptResult::Exhausted
    );
    assert_eq!(report.removed, None);
    assert_eq!(
        game.stash(Seat::Yellow),
        pieces(&["0/0", "1/1", "5/6", "6/6"])
    );
    assert_eq!(report.resting.blue, [2, 0, 0, 0]);
}

// 13. Exhausted mice rest the next round and are back the round after.
#[test]
fn ruling_13_exhausted_mice_rest_one_round_then_recover() {
    let mut game = worked_example();
    play(
        &mut game,
        "A1 C3",
        "B2 D2",
        dice()
            .attempt(Seat::Yellow, Column::A, &[4])
            .attempt(Seat::Yellow, Column::C, &[6, 6, 5])
            .attempt(Seat::Blue, Column::B, &[2, 4])
            .attempt(Seat::Blue, Column::D, &[3, 4]),
    );
    // Round 2: two mice rest on the 5/6.
    assert_eq!(game.available_mice(Seat::Yellow), 2);
    assert_eq!(
        game.check(Seat::Yellow, &assign("B4")),
        Err(AssignmentError::RestingMiceUsed {
            placed: 4,
            available: 2
        })
    );
    assert_eq!(
        game.check(Seat::Yellow, &assign("B3")),
        Err(AssignmentError::RestingMiceUsed {
            placed: 3,
            available: 2
        })
    );
    let report = play(
        &mut game,
        "B2",
        "A4",
        dice().attempt(Seat::Yellow, Column::B, &[3, 5]).attempt(
            Seat::Blue,
            Column::A,
            &[2, 2, 3, 3],
        ),
    );
    // Yellow's 3,5 on 3/4 is no match: fine. Round 3: all four are back.
    assert_eq!(report.resting.yellow, [0; 4]);
    assert_eq!(game.available_mice(Seat::Yellow), 4);
    assert_eq!(game.check(Seat::Yellow, &assign("B4")), Ok(()));
}

// 14. A player with no mouse available, or no open column, passes.
#[test]
fn ruling_14_with_every_mouse_resting_the_only_assignment_is_empty() {
    let mut game = Setup::board(
        "
        1/2   .     .     .
        2/3   .     .     .
        .     .     .     .
        .     .     .     .
        .     .     .     .
        .     .     .     .
        .     .     .     .
        ",
    )
    .resting(Seat::Yellow, [4, 0, 0, 0])
    .leftovers_to(Seat::Blue)
    .game();
    assert_eq!(game.legal_assignments(Seat::Yellow), [Assignment::EMPTY]);
    assert_eq!(
        game.check(Seat::Yellow, &assign("A1")),
        Err(AssignmentError::RestingMiceUsed {
            placed: 1,
            available: 0
        })
    );
    let report = play(
        &mut game,
        "none",
        "A4",
        dice().attempt(Seat::Blue, Column::A, &[1, 1, 1, 1]),
    );
    assert!(report.attempts.iter().all(|a| a.seat == Seat::Blue));
    assert_eq!(game.available_mice(Seat::Yellow), 4);
}

#[test]
fn ruling_14_with_no_open_column_the_only_assignment_is_empty() {
    // Yellow's only column is the double-blank, and Blue has nothing to steal.
    let game = Setup::board(
        "
        0/0   .     .     .
        1/2   .     .     .
        .     .     .     .
        .     .     .     .
        .     .     .     .
        .     .     .     .
        .     .     .     .
        ",
    )
    .leftovers_to(Seat::Yellow)
    .game();
    assert_eq!(game.legal_assignments(Seat::Yellow), [Assignment::EMPTY]);
    assert_eq!(game.check(Seat::Yellow, &Assignment::EMPTY), Ok(()));
    let view = game.view(Viewer::Yellow);
    assert!(!view.has_open_column(Seat::Yellow));
    assert!(view.has_open_column(Seat::Blue));
    // Blue faces 1/2 in the same column and must place all four mice.
    assert_eq!(game.legal_assignments(Seat::Blue), [assign("A4")]);
}

// 15. The end of the game.
#[test]
fn ruling_15_the_game_ends_when_the_board_is_cleared() {
    let mut game = Setup::board(
        "
        .     .     .     .
        .     .     .     .
        .     .     .     .
        0/1   .     .     .
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
        "A4",
        dice()
            .attempt(Seat::Yellow, Column::A, &[2, 2, 2, 2])
            .attempt(Seat::Blue, Column::A, &[1, 2, 2, 2]),
    );
    let outcome = report.outcome.expect("the last piece was taken");
    assert_eq!(outcome.end, EndReason::BoardCleared);
    assert_eq!(game.outcome(), Some(&outcome));
    assert_eq!(
        game.resolve(&Assignment::EMPTY, &Assignment::EMPTY, &mut dice()),
        Err(RoundError::GameOver)
    );
    assert_eq!(
        game.check(Seat::Yellow, &Assignment::EMPTY),
        Err(AssignmentError::GameOver)
    );
    assert!(game.legal_assignments(Seat::Yellow).is_empty());
    let view = game.view(Viewer::Spectator);
    assert!(view.is_over());
    assert_eq!(
        view.check(Seat::Blue, &Assignment::EMPTY),
        Err(AssignmentError::GameOver)
    );
    assert!(view.legal_assignments(Seat::Blue).is_empty());
    assert!(!worked_example().view(Viewer::Spectator).is_over());
}

#[test]
fn ruling_15_the_game_ends_when_neither_player_can_place_a_mouse() {
    // All eight mice are exhausted in one round: nobody can place a mouse
    // next round (ruling 14's "no available mouse"), so the game ends.
    let mut game = worked_example();
    let report = play(
        &mut game,
        "B2 C2",
        "C2 D2",
        dice()
            .attempt(Seat::Yellow, Column::B, &[3, 4])
            .attempt(Seat::Yellow, Column::C, &[5, 6])
            .attempt(Seat::Blue, Column::C, &[3, 6])
            .attempt(Seat::Blue, Column::D, &[2, 5]),
    );
    assert_eq!(report.resting.yellow.iter().sum::<u8>(), 4);
    assert_eq!(report.resting.blue.iter().sum::<u8>(), 4);
    let outcome = report.outcome.expect("no mouse can move");
    assert_eq!(outcome.end, EndReason::NoMovesLeft);
    assert_eq!((outcome.winner, outcome.decided_by), (None, Decider::Draw));
    // One family resting while the other can move is no end (ruling 14 test).
}

#[test]
fn ruling_15_the_game_ends_after_the_stall_limit_of_rounds_without_progress() {
    let options = Options {
        stall_limit: 3,
        ..Options::default()
    };
    let mut game = Setup::board(
        "
        6/6   .     .     .
        5/6   .     .     .
        .     .     .     .
        .     .     .     .
        .     .     .     .
        .     .     .     .
        .     .     .     .
        ",
    )
    .options(options)
    .leftovers_to(Seat::Blue)
    .game();
    let low = || {
        dice()
            .attempt(Seat::Yellow, Column::A, &[1, 2, 3, 4])
            .attempt(Seat::Blue, Column::A, &[2, 2, 2, 3])
    };
    for stalled in 1..=2 {
        let report = play(&mut game, "A4", "A4", low());
        assert_eq!(report.outcome, None);
        assert_eq!(
            game.view(Viewer::Spectator).rounds_without_progress,
            stalled
        );
    }
    // Progress resets the count: Blue takes 5/6.
    play(
        &mut game,
        "A4",
        "A4",
        dice()
            .attempt(Seat::Yellow, Column::A, &[1, 2, 3, 4])
            .attempt(Seat::Blue, Column::A, &[6, 6, 6, 6]),
    );
    assert_eq!(game.view(Viewer::Spectator).rounds_without_progress, 0);
    // 6/6 is now contested.
    let contested = || {
        dice()
            .attempt(Seat::Yellow, Column::A, &[1, 2, 3, 4])
            .attempt(Seat::Blue, Column::A, &[1, 2, 3, 4])
    };
    play(&mut game, "A4", "A4", contested());
    play(&mut game, "A4", "A4", contested());
    let report = play(&mut game, "A4", "A4", contested());
    let outcome = report.outcome.expect("three rounds without progress");
    assert_eq!(outcome.end, EndReason::StallLimit);
    assert_eq!(game.round(), 6, "the last round played");
}

// 16. Score and tiebreaks, at the end of real play.
/// Pieces in pairs a/b and (6-b)/(6-a) sum to 12 pips; the four pieces equal
/// to their own pair (0/6, 1/5, 2/4, 3/3) have 6 pips each.
fn final_round(yellow_stash: &[&str], blue_extra: &[&str]) -> mice_cake_engine::Outcome {
    let mut setup = Setup::board(
        "
        .     .     .     .
        .     .     .     .
        .     .     .     .
        .     .     .     .
        .     .     .     .
        .     .     .     .
        .     .     .     0/1
        ",
    )
    .stash(Seat::Yellow, yellow_stash)
    .leftovers_to(Seat::Blue);
    if !blue_extra.is_empty() {
        setup = setup.stash(Seat::Blue, blue_extra);
    }
    let mut game = setup.game();
    let report = play(
        &mut game,
        "D4",
        "D4",
        dice()
            .attempt(Seat::Yellow, Column::D, &[2, 2, 2, 2])
            .attempt(Seat::Blue, Column::D, &[1, 1, 1, 1]),
    );
    assert_eq!(
        attempt(&report, Seat::Yellow, Column::D).result,
        AttemptResult::Took
    );
    report.outcome.expect("the board is cleared")
}

#[test]
fn ruling_16_equal_pips_and_pieces_go_to_the_holder_of_the_double_six() {
    // Yellow: 0/0-6/6, 5/6, 0/2-4/6, 0/3-3/6, 0/4-2/6, 0/5-1/6, 1/1-5/5, then
    // takes 0/1: 14 pieces, 84 pips. Blue holds the other 14, 84 pips.
    let outcome = final_round(
        &[
            "0/0", "6/6", "5/6", "0/2", "4/6", "0/3", "3/6", "0/4", "2/6", "0/5", "1/6", "1/1",
            "5/5",
        ],
        &[],
    );
    assert_eq!(
        (outcome.score.yellow.pips, outcome.score.blue.pips),
        (84, 84)
    );
    assert_eq!(
        (outcome.score.yellow.pieces, outcome.score.blue.pieces),
        (14, 14)
    );
    assert_eq!(
        (outcome.winner, outcome.decided_by),
        (Some(Seat::Yellow), Decider::DoubleSix)
    );
}

#[test]
fn ruling_16_equal_pips_go_to_more_pieces_before_the_double_six() {
    // Yellow: 5/6, 0/2-4/6, 0/3-3/6, 0/4-2/6, 0/5-1/6, 1/1-5/5, 1/2-4/5, 0/0,
    // then 0/1: 15 pieces, 84 pips; Blue: 13 pieces, 84 pips, with the 6/6.
    let outcome = final_round(
        &[
            "5/6", "0/2", "4/6", "0/3", "3/6", "0/4", "2/6", "0/5", "1/6", "1/1", "5/5", "1/2",
            "4/5", "0/0",
        ],
        &[],
    );
    assert_eq!(
        (outcome.score.yellow.pips, outcome.score.blue.pips),
        (84, 84)
    );
    assert!(outcome.score.blue.double_six);
    assert_eq!(
        (outcome.winner, outcome.decided_by),
        (Some(Seat::Yellow), Decider::Pieces)
    );
}

#[test]
fn ruling_16_more_pips_win() {
    let outcome = final_round(&["6/6", "5/6", "5/5"], &[]);
    assert_eq!(
        (outcome.winner, outcome.decided_by),
        (Some(Seat::Blue), Decider::Pips)
    );
    assert_eq!(
        outcome.score.yellow.pips + outcome.score.blue.pips,
        TOTAL_PIPS
    );
}

#[test]
fn ruling_16_a_draw_needs_the_double_six_still_on_the_cake() {
    // Equal pips and pieces with the 6/6 left on the board, at the stall limit.
    let options = Options {
        stall_limit: 1,
        ..Options::default()
    };
    let mut game = Setup::board(
        "
        6/6   .     .     .
        .     .     .     .
        .     .     .     .
        .     .     .     .
        .     .     .     .
        .     .     .     .
        .     .     .     .
        ",
    )
    .options(options)
    // With the double-blank out of the game, 26 pieces remain off the board:
    // 13 each, 78 pips each, and the 6/6 still on the cake.
    .removed(&["0/0"])
    .stash(
        Seat::Yellow,
        &[
            "0/1", "5/6", "0/2", "4/6", "0/3", "3/6", "0/4", "2/6", "0/5", "1/6", "0/6", "1/5",
            "3/3",
        ],
    )
    .leftovers_to(Seat::Blue)
    .game();
    assert_eq!(game.score(Seat::Yellow), game.score(Seat::Blue));
    let report = play(
        &mut game,
        "A4",
        "A4",
        dice()
            .attempt(Seat::Yellow, Column::A, &[1, 1, 1, 1])
            .attempt(Seat::Blue, Column::A, &[1, 1, 1, 1]),
    );
    let outcome = report.outcome.unwrap();
    assert_eq!(
        (outcome.end, outcome.winner, outcome.decided_by),
        (EndReason::StallLimit, None, Decider::Draw)
    );
}

// 17. Reveal variants; blind assignment on face-down pieces.
#[test]
fn ruling_17_all_face_up_shows_every_piece_from_the_start() {
    let options = Options {
        reveal: Reveal::AllFaceUp,
        ..Options::default()
    };
    let game = Game::new(options, &layout(WORKED_EXAMPLE)).unwrap();
    let view = game.view(Viewer::Spectator);
    assert!(
        view.board
            .iter()
            .flatten()
            .all(|cell| matches!(cell, CellView::FaceUp(_)))
    );
    assert!(game.secret_face_down_pieces().is_empty());
}

#[test]
fn ruling_17_all_face_down_reveals_the_nearest_pieces_before_any_die() {
    let options = Options {
        reveal: Reveal::AllFaceDown,
        ..Options::default()
    };
    let mut game = Game::new(options, &layout(WORKED_EXAMPLE)).unwrap();
    let view = game.view(Viewer::Yellow);
    assert!(
        view.board
            .iter()
            .flatten()
            .all(|cell| *cell == CellView::FaceDown)
    );
    assert_eq!(view.access(Seat::Yellow, Column::A), Access::FaceDown);
    let report = play(
        &mut game,
        "A2 C2",
        "D4",
        dice()
            .attempt(Seat::Yellow, Column::A, &[1, 1])
            .attempt(Seat::Yellow, Column::C, &[1, 2])
            .attempt(Seat::Blue, Column::D, &[1, 1, 1, 1]),
    );
    // All eight nearest pieces are turned up first, then the dice roll.
    assert_eq!(report.revealed.len(), 8);
    assert_eq!(
        attempt(&report, Seat::Yellow, Column::A).target,
        Target::Piece {
            piece: piece("1/2")
        }
    );
    let view = game.view(Viewer::Spectator);
    for column in Column::ALL {
        for seat in Seat::ALL {
            assert!(matches!(
                view.nearest(seat, column).unwrap().1,
                CellView::FaceUp(_)
            ));
        }
    }
    assert_eq!(view.cell(Column::A, row(2)), CellView::FaceDown);
}

#[test]
fn ruling_17_mice_that_find_the_double_blank_blind_make_no_attempt() {
    let options = Options {
        reveal: Reveal::AllFaceDown,
        ..Options::default()
    };
    let mut game = Setup::board(
        "
        [0/0] [1/2] .     .
        [3/4] [2/3] .     .
        [5/6] .     .     .
        .     .     .     .
        .     .     .     .
        .     .     .     .
        .     .     .     .
        ",
    )
    .options(options)
    .stash(Seat::Yellow, &["6/6"])
    .leftovers_to(Seat::Blue)
    .game();
    // Blind, the double-blank cannot be told from any other piece: placing
    // mice there is legal, whatever Blue's stash holds.
    assert_eq!(game.check(Seat::Yellow, &assign("A2 B2")), Ok(()));
    let report = play(
        &mut game,
        "A2 B2",
        "A4",
        dice().attempt(Seat::Yellow, Column::B, &[1, 1]).attempt(
            Seat::Blue,
            Column::A,
            &[1, 1, 1, 1],
        ),
    );
    let blind = attempt(&report, Seat::Yellow, Column::A);
    assert_eq!(blind.target, Target::BlindDoubleBlank);
    assert_eq!(blind.result, AttemptResult::NoAttempt);
    assert!(blind.dice.is_empty());
    assert_eq!(blind.exhausted, 0);
    // Next round it is face up and the steal is open to Yellow.
    assert_eq!(
        game.view(Viewer::Yellow).access(Seat::Yellow, Column::A),
        Access::Steal
    );
}

#[test]
fn ruling_17_a_steal_stays_a_steal_when_other_pieces_turn_up_beside_it() {
    // The double-blank is face up in front of Yellow; in the same column and
    // the same row, face-down pieces are turned up as the round starts. Only
    // mice on a piece turned up this round went in blind.
    let mut game = Setup::board(
        "
        0/0   [1/2] .     .
        [3/4] [2/3] .     .
        [5/6] .     .     .
        .     .     .     .
        .     .     .     .
        .     .     .     .
        .     .     .     .
        ",
    )
    .stash(Seat::Yellow, &["6/6"])
    .leftovers_to(Seat::Blue)
    .game();
    let report = play(
        &mut game,
        "A2 B2 steal 4/4",
        "A2 B2",
        dice()
            .attempt(Seat::Yellow, Column::A, &[5, 5])
            .attempt(Seat::Yellow, Column::B, &[1, 1])
            .attempt(Seat::Blue, Column::A, &[1, 1])
            .attempt(Seat::Blue, Column::B, &[1, 1]),
    );
    let revealed: Vec<_> = report.revealed.iter().map(|f| (f.column, f.row)).collect();
    assert_eq!(
        revealed,
        [
            (Column::A, row(3)),
            (Column::B, row(1)),
            (Column::B, row(2))
        ]
    );
    let steal = attempt(&report, Seat::Yellow, Column::A);
    assert_eq!(
        steal.target,
        Target::Steal {
            piece: piece("4/4")
        }
    );
    assert_eq!(steal.result, AttemptResult::Stole);
}

// 19. Views never hold a face-down piece.
#[test]
fn ruling_19_no_view_names_a_face_down_piece() {
    let game = worked_example();
    let hidden = game.secret_face_down_pieces();
    assert_eq!(hidden.len(), 12);
    for viewer in [Viewer::Yellow, Viewer::Blue, Viewer::Spectator] {
        let json = serde_json::to_string(&game.view(viewer)).unwrap();
        for piece in hidden.iter() {
            assert!(!json.contains(&format!("\"{piece}\"")), "{piece} in {json}");
        }
        assert_eq!(json.matches("\"hidden\"").count(), 12);
    }
    // Nor does the Debug output of the game, in case a log prints it; it
    // shows what a spectator sees instead.
    let debug = format!("{game:?}");
    assert!(
        debug.contains("FaceUp(1/2)") && debug.contains("FaceDown"),
        "{debug}"
    );
    for piece in hidden.iter() {
        assert!(!debug.contains(&piece.to_string()), "{piece} in {debug}");
    }
}

#[test]
fn ruling_19_two_games_that_differ_only_face_down_look_and_check_the_same() {
    // Swap two face-down pieces: every view, legal list and check agrees.
    let other = WORKED_EXAMPLE
        .replace("[0/2]", "[x]")
        .replace("[6/6]", "[0/2]")
        .replace("[x]", "[6/6]");
    let (a, b) = (
        worked_example(),
        Game::new(Options::default(), &layout(&other)).unwrap(),
    );
    assert_ne!(a.secret_face_down_pieces().iter().count(), 0);
    assert_eq!(a.view(Viewer::Spectator), b.view(Viewer::Spectator));
    for seat in Seat::ALL {
        assert_eq!(a.legal_assignments(seat), b.legal_assignments(seat));
    }
}

// 20. Both assignments are revealed together, with every die.
#[test]
fn ruling_20_the_report_reveals_both_assignments_with_every_die() {
    let mut game = worked_example();
    let report = play(
        &mut game,
        "A1 C3",
        "B2 D2",
        dice()
            .attempt(Seat::Yellow, Column::A, &[4])
            .attempt(Seat::Yellow, Column::C, &[6, 6, 5])
            .attempt(Seat::Blue, Column::B, &[2, 4])
            .attempt(Seat::Blue, Column::D, &[3, 4]),
    );
    assert_eq!(report.assignments.yellow, assign("A1 C3"));
    assert_eq!(report.assignments.blue, assign("B2 D2"));
    let dice_rolled: usize = report.attempts.iter().map(|a| a.dice.len()).sum();
    assert_eq!(dice_rolled, 8);
    // Yellow's attempts come first, each column left to right.
    let order: Vec<_> = report.attempts.iter().map(|a| (a.seat, a.column)).collect();
    assert_eq!(
        order,
        [
            (Seat::Yellow, Column::A),
            (Seat::Yellow, Column::C),
            (Seat::Blue, Column::B),
            (Seat::Blue, Column::D)
        ]
    );
}

// 21. Same seed and same assignments: the same game.
#[test]
fn ruling_21_a_seed_and_the_assignments_fix_the_whole_game() {
    let play_out = |seed| {
        record_of(
            seed,
            Options::default(),
            mice_cake_engine::Policy::Random,
            mice_cake_engine::Policy::Greedy,
        )
    };
    assert_eq!(play_out(5), play_out(5));
    assert_ne!(play_out(5).layout, play_out(6).layout);
}

//! The optional rules: boost instead of exhaustion (ruling 18) and the options themselves.

use mice_cake_engine::{
    AttemptResult, BoostResult, Column, Domino, Options, OptionsError, Reveal, Seat,
};

use crate::support::*;

fn boost() -> Options {
    Options {
        boost: true,
        ..Options::default()
    }
}

/// Column A: 5/6 in front of Yellow, with 2/2 face down behind it; Yellow
/// rolls 5, 6 there (a match), and everything else falls short.
const MATCH_ON_5_6: &str = "
    5/6   1/2   .     .
    [2/2] 2/3   .     .
    1/3   .     .     .
    0/4   .     .     .
    .     .     .     .
    .     .     .     .
    .     .     .     .
";

fn match_on_5_6_dice() -> mice_cake_engine::ScriptedDice {
    dice()
        .attempt(Seat::Yellow, Column::A, &[5, 6])
        .attempt(Seat::Yellow, Column::B, &[1, 1])
        .attempt(Seat::Blue, Column::A, &[1, 1])
        .attempt(Seat::Blue, Column::B, &[1, 1])
}

#[test]
fn ruling_18_a_match_boosts_instead_of_exhausting_and_boosts_chain() {
    let mut game = Setup::board(MATCH_ON_5_6)
        .options(boost())
        .leftovers_to(Seat::Blue)
        .game();
    let report = play(
        &mut game,
        "A2 B2",
        "A2 B2",
        match_on_5_6_dice()
            .boost(Seat::Yellow, Column::A, &[2, 2])
            .boost(Seat::Yellow, Column::A, &[1, 1]),
    );
    // 5,6 on 5/6 matches: no exhaustion, the piece is taken, 2 mice boosted.
    let matched = attempt(&report, Seat::Yellow, Column::A);
    assert_eq!(
        (matched.result, matched.exhausted, matched.boosted),
        (AttemptResult::Took, 0, 2)
    );
    assert_eq!(report.resting.yellow, [0; 4]);
    // The boost rolls against the piece turned up behind: 2,2 matches 2/2 and
    // takes it, earning a further boost, which falls short on 1/3.
    let boosts: Vec<_> = report
        .boosts
        .iter()
        .map(|b| {
            (
                b.seat,
                b.column,
                b.mice,
                b.piece,
                b.dice.faces().to_vec(),
                b.boosted,
                b.result,
            )
        })
        .collect();
    assert_eq!(
        boosts,
        [
            (
                Seat::Yellow,
                Column::A,
                2,
                Some(piece("2/2")),
                vec![2, 2],
                2,
                BoostResult::Took
            ),
            (
                Seat::Yellow,
                Column::A,
                2,
                Some(piece("1/3")),
                vec![1, 1],
                0,
                BoostResult::TooLow
            ),
        ]
    );
    assert_eq!(game.stash(Seat::Yellow), pieces(&["2/2", "5/6"]));
    assert_eq!(game.available_mice(Seat::Yellow), 4);
}

/// Column A holds 1/2, 4/4 and 1/3: both players take their end with a
/// match, and both boosts race for the 4/4 left in the middle.
fn race_for_the_middle(round: u32) -> (mice_cake_engine::RoundReport, mice_cake_engine::Game) {
    let mut game = Setup::board(
        "
        1/2   5/5   .     .
        4/4   6/6   .     .
        1/3   .     .     .
        .     .     .     .
        .     .     .     .
        .     .     .     .
        .     .     .     .
        ",
    )
    .options(boost())
    .round(round, 0)
    .leftovers_to(Seat::Blue)
    .game();
    let first = if round % 2 == 1 {
        Seat::Yellow
    } else {
        Seat::Blue
    };
    let report = play(
        &mut game,
        "A2 B2",
        "A2 B2",
        dice()
            .attempt(Seat::Yellow, Column::A, &[1, 2])
            .attempt(Seat::Blue, Column::A, &[1, 3])
            .attempt(Seat::Yellow, Column::B, &[1, 1])
            .attempt(Seat::Blue, Column::B, &[1, 1])
            .boost(first, Column::A, &[4, 4]),
    );
    (report, game)
}

#[test]
fn ruling_18_boosts_never_contest_and_the_first_seat_alternates_by_round() {
    for (round, first) in [(1, Seat::Yellow), (2, Seat::Blue)] {
        let (report, game) = race_for_the_middle(round);
        let order: Vec<_> = report.boosts.iter().map(|b| (b.seat, b.result)).collect();
        assert_eq!(
            order,
            [
                (first, BoostResult::Took),
                (first.opponent(), BoostResult::NothingToRoll),
                (first, BoostResult::NothingToRoll),
            ],
            "round {round}"
        );
        assert!(game.stash(first).contains(piece("4/4")));
        assert!(report.attempts.iter().all(|a| !a.contested));
    }
}

#[test]
fn ruling_18_a_half_blank_match_boosts_one_mouse_with_one_die() {
    let mut game = Setup::board(
        "
        0/4   1/2   .     .
        3/5   2/3   .     .
        1/1   .     .     .
        .     .     .     .
        .     .     .     .
        .     .     .     .
        .     .     .     .
        ",
    )
    .options(boost())
    .leftovers_to(Seat::Blue)
    .game();
    let report = play(
        &mut game,
        "A2 B2",
        "B4",
        dice()
            .attempt(Seat::Yellow, Column::A, &[4, 1])
            .attempt(Seat::Yellow, Column::B, &[1, 1])
            .attempt(Seat::Blue, Column::B, &[1, 1, 1, 1])
            .boost(Seat::Yellow, Column::A, &[6]),
    );
    assert_eq!(attempt(&report, Seat::Yellow, Column::A).boosted, 1);
    let boost = &report.boosts[0];
    assert_eq!(
        (boost.mice, boost.piece, boost.result),
        (1, Some(piece("3/5")), BoostResult::TooLow)
    );
}

#[test]
fn ruling_18_a_boost_does_not_steal() {
    let mut game = Setup::board(
        "
        1/2   3/4   .     .
        [0/0] 1/3   .     .
        2/3   .     .     .
        .     .     .     .
        .     .     .     .
        .     .     .     .
        .     .     .     .
        ",
    )
    .options(boost())
    .stash(Seat::Yellow, &["6/6"])
    .leftovers_to(Seat::Blue)
    .game();
    let report = play(
        &mut game,
        "A2 B2",
        "B4",
        dice()
            .attempt(Seat::Yellow, Column::A, &[1, 2])
            .attempt(Seat::Yellow, Column::B, &[1, 1])
            .attempt(Seat::Blue, Column::B, &[2, 2, 2, 2]),
    );
    // The double-blank turned up behind 1/2: nothing for the boost to roll at.
    assert_eq!(report.boosts[0].result, BoostResult::NothingToRoll);
    assert!(report.boosts[0].dice.is_empty());
    assert!(game.pieces_on_board().contains(Domino::DOUBLE_BLANK));
}

#[test]
fn without_boost_the_same_match_exhausts_and_no_boost_is_rolled() {
    let mut game = Setup::board(MATCH_ON_5_6).leftovers_to(Seat::Blue).game();
    let report = play(&mut game, "A2 B2", "A2 B2", match_on_5_6_dice());
    let matched = attempt(&report, Seat::Yellow, Column::A);
    assert_eq!(
        (matched.result, matched.exhausted, matched.boosted),
        (AttemptResult::Exhausted, 2, 0)
    );
    assert!(report.boosts.is_empty());
}

#[test]
fn options_default_to_the_standard_game_and_reject_what_cannot_be_played() {
    let options: Options = serde_json::from_str("{}").unwrap();
    assert_eq!(options, Options::default());
    assert_eq!(
        (options.reveal, options.boost, options.stall_limit),
        (Reveal::Standard, false, 100)
    );
    let json = r#"{"reveal":"all_face_down","boost":true,"stall_limit":7}"#;
    let options: Options = serde_json::from_str(json).unwrap();
    assert_eq!(serde_json::to_string(&options).unwrap(), json);
    assert!(serde_json::from_str::<Options>(r#"{"reveal":"sideways"}"#).is_err());
    assert!(serde_json::from_str::<Options>(r#"{"turbo":true}"#).is_err());
    for stall_limit in [1, 10_000] {
        let options = Options {
            stall_limit,
            ..Options::default()
        };
        assert_eq!(options.validate(), Ok(()));
    }
    for stall_limit in [0, 10_001] {
        let options = Options {
            stall_limit,
            ..Options::default()
        };
        assert_eq!(
            options.validate(),
            Err(OptionsError::StallLimit(stall_limit))
        );
        assert!(mice_cake_engine::Game::new(options, &layout(WORKED_EXAMPLE)).is_err());
    }
}

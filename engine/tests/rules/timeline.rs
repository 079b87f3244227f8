//! A round's reveal cut into beats: each rule that orders what a client
//! shows (a contest, a steal, an exchange, pieces turned up, boosts), and
//! whole random games whose beats, applied one by one, lead from the view
//! before each round to the view after it.

use mice_cake_engine::{
    Beat, Change, Column, Domino, Game, GameView, Landing, Options, Policy, Reveal, RoundReport,
    Seat, Viewer, timeline,
};
use proptest::prelude::*;

use crate::properties::options;
use crate::support::*;

/// Plays a round on `game` and returns its beats, checked to lead to the
/// view after the round.
fn beats_of(
    game: &mut Game,
    yellow: &str,
    blue: &str,
    dice: mice_cake_engine::ScriptedDice,
) -> (RoundReport, Vec<Beat>) {
    let before = game.view(Viewer::Spectator);
    let report = play(game, yellow, blue, dice);
    let beats = timeline(&before, &report).unwrap();
    assert_leads_to(&before, &beats, &game.view(Viewer::Spectator));
    (report, beats)
}

/// The same cake, stashes, scores and removed pieces.
fn assert_same_cake(shown: &GameView, real: &GameView, beats: &[Beat]) {
    assert_eq!(shown.board, real.board, "{beats:?}");
    assert_eq!(shown.removed, real.removed, "{beats:?}");
    for seat in Seat::ALL {
        assert_eq!(
            shown.families[seat].stash, real.families[seat].stash,
            "{beats:?}"
        );
        assert_eq!(
            shown.families[seat].score, real.families[seat].score,
            "{beats:?}"
        );
    }
}

/// Applying every beat to `before` gives `after`'s cake, stashes, scores and
/// removed pieces (what only a round's end changes aside).
fn assert_leads_to(before: &GameView, beats: &[Beat], after: &GameView) {
    let mut view = *before;
    for beat in beats {
        beat.apply(&mut view).unwrap();
    }
    assert_same_cake(&view, after, beats);
}

fn attempt_beat(index: u8, settles: &[u8], changes: Vec<Change>) -> Beat {
    Beat {
        lands: Landing::Attempt { index },
        settles: settles.to_vec(),
        changes,
    }
}

fn take(seat: Seat, column: Column, number: u8, text: &str) -> Change {
    Change::Take {
        seat,
        column,
        row: row(number),
        piece: piece(text),
    }
}

/// A contest over 3/4, alone in column A: Yellow's dice land first, but
/// whether Yellow takes it waits for Blue's.
fn contest_beats(yellow: &[u8], blue: &[u8]) -> Vec<Beat> {
    let mut game = contest_board();
    beats_of(
        &mut game,
        "A2 B2",
        "A2 B2",
        dice()
            .attempt(Seat::Yellow, Column::A, yellow)
            .attempt(Seat::Blue, Column::A, blue)
            .attempt(Seat::Yellow, Column::B, &[1, 1])
            .attempt(Seat::Blue, Column::B, &[2, 2]),
    )
    .1
}

#[test]
fn a_contested_piece_is_settled_when_the_second_dice_land() {
    // Attempts in rolling order: Yellow A, Yellow B, Blue A, Blue B.
    let beats = contest_beats(&[6, 5], &[6, 2]);
    assert_eq!(
        beats,
        [
            attempt_beat(0, &[], vec![]),
            attempt_beat(1, &[1], vec![]),
            attempt_beat(2, &[0, 2], vec![take(Seat::Yellow, Column::A, 4, "3/4")]),
            attempt_beat(3, &[3], vec![]),
        ]
    );
    // Blue outrolls Yellow: the piece goes to Blue, still with Blue's dice.
    let beats = contest_beats(&[1, 6], &[6, 6]);
    assert_eq!(
        beats[2],
        attempt_beat(2, &[0, 2], vec![take(Seat::Blue, Column::A, 4, "3/4")])
    );
    assert_eq!(beats[0], attempt_beat(0, &[], vec![]));
    // Yellow falls short: nothing waits, Yellow's attempt is settled at once.
    let beats = contest_beats(&[1, 2], &[5, 5]);
    assert_eq!(beats[0], attempt_beat(0, &[0], vec![]));
    assert_eq!(
        beats[2],
        attempt_beat(2, &[2], vec![take(Seat::Blue, Column::A, 4, "3/4")])
    );
}

/// Column A: the double-blank in front of Yellow, 4/4 face down behind it.
const STEAL_BOARD: &str = "
    0/0   1/2   .     .
    [4/4] 2/3   .     .
    3/3   .     .     .
    .     .     .     .
    .     .     .     .
    .     .     .     .
    .     .     .     .
";

#[test]
fn a_steal_takes_the_double_blank_and_the_target_as_its_dice_land_then_the_piece_behind_turns_up() {
    let mut game = Setup::board(STEAL_BOARD)
        .stash(Seat::Yellow, &["6/6"])
        .leftovers_to(Seat::Blue)
        .game();
    let (_, beats) = beats_of(
        &mut game,
        "A2 B2 steal 5/6",
        "A2 B2",
        dice()
            .attempt(Seat::Yellow, Column::A, &[6, 6])
            .attempt(Seat::Yellow, Column::B, &[1, 1])
            .attempt(Seat::Blue, Column::A, &[1, 1])
            .attempt(Seat::Blue, Column::B, &[1, 1]),
    );
    assert_eq!(
        beats[0],
        attempt_beat(
            0,
            &[0],
            vec![
                take(Seat::Yellow, Column::A, 1, "0/0"),
                Change::Steal {
                    seat: Seat::Yellow,
                    piece: piece("5/6")
                },
            ]
        )
    );
    // Once every attempt has landed, the 4/4 behind turns up.
    assert_eq!(
        beats.last().unwrap(),
        &Beat {
            lands: Landing::TurnUp,
            settles: vec![],
            changes: vec![Change::TurnUp {
                column: Column::A,
                row: row(2),
                piece: piece("4/4")
            }],
        }
    );
}

#[test]
fn two_steals_exchange_with_the_second_dice_and_the_double_blank_leaves_the_game() {
    let mut game = Setup::board(
        "
        .     1/2   .     .
        .     2/3   .     .
        .     .     .     .
        0/0   .     .     .
        .     .     .     .
        .     .     .     .
        .     .     .     .
        ",
    )
    .stash(Seat::Yellow, &["6/6", "1/1"])
    .leftovers_to(Seat::Blue)
    .game();
    let (_, beats) = beats_of(
        &mut game,
        "A2 B2 steal 5/6",
        "A2 B2 steal 1/1",
        dice()
            .attempt(Seat::Yellow, Column::A, &[6, 6])
            .attempt(Seat::Blue, Column::A, &[3, 3])
            .attempt(Seat::Yellow, Column::B, &[1, 1])
            .attempt(Seat::Blue, Column::B, &[1, 1]),
    );
    assert_eq!(beats[0], attempt_beat(0, &[], vec![]));
    assert_eq!(
        beats[2],
        attempt_beat(
            2,
            &[0, 2],
            vec![
                Change::Remove {
                    column: Column::A,
                    row: row(4),
                    piece: Domino::DOUBLE_BLANK
                },
                Change::Steal {
                    seat: Seat::Yellow,
                    piece: piece("5/6")
                },
                Change::Steal {
                    seat: Seat::Blue,
                    piece: piece("1/1")
                },
            ]
        )
    );
}

#[test]
fn face_down_pieces_under_mice_turn_up_before_any_die() {
    let options = Options {
        reveal: Reveal::AllFaceDown,
        ..Options::default()
    };
    let mut game = Setup::board(
        "
        [1/2] [1/3] [1/4] [1/5]
        [2/2] [2/3] [2/4] [3/6]
        [3/3] [3/4] [3/5] [5/5]
        .     .     .     .
        .     .     .     .
        .     .     .     .
        .     .     .     .
        ",
    )
    .options(options)
    .leftovers_to(Seat::Blue)
    .game();
    let (report, beats) = beats_of(
        &mut game,
        "A4",
        "D4",
        dice()
            .attempt(Seat::Yellow, Column::A, &[1, 1, 1, 1])
            .attempt(Seat::Blue, Column::D, &[6, 6, 6, 6]),
    );
    // Every nearest piece turns up first (ruling 17), as the report lists them.
    assert_eq!(beats[0].lands, Landing::TurnUp);
    assert_eq!(beats[0].changes.len(), report.revealed.len());
    assert_eq!(report.revealed.len(), 8);
    // Yellow's 4 takes 1/2, Blue's 24 takes 5/5; the pieces behind them
    // turn up once every attempt has landed.
    assert_eq!(
        beats[1],
        attempt_beat(0, &[0], vec![take(Seat::Yellow, Column::A, 1, "1/2")])
    );
    assert_eq!(
        beats[2],
        attempt_beat(1, &[1], vec![take(Seat::Blue, Column::D, 3, "5/5")])
    );
    assert_eq!(
        beats[3].changes,
        [
            Change::TurnUp {
                column: Column::A,
                row: row(2),
                piece: piece("2/2")
            },
            Change::TurnUp {
                column: Column::D,
                row: row(2),
                piece: piece("3/6")
            }
        ]
    );
}

#[test]
fn each_boost_takes_its_piece_and_turns_up_the_one_behind_before_the_next_boost() {
    let mut game = Setup::board(
        "
        5/6   1/2   .     .
        [2/2] 2/3   .     .
        [1/3] .     .     .
        0/4   .     .     .
        .     .     .     .
        .     .     .     .
        .     .     .     .
        ",
    )
    .options(Options {
        boost: true,
        ..Options::default()
    })
    .leftovers_to(Seat::Blue)
    .game();
    let (_, beats) = beats_of(
        &mut game,
        "A2 B2",
        "A2 B2",
        dice()
            .attempt(Seat::Yellow, Column::A, &[5, 6])
            .attempt(Seat::Yellow, Column::B, &[1, 1])
            .attempt(Seat::Blue, Column::A, &[1, 1])
            .attempt(Seat::Blue, Column::B, &[1, 1])
            .boost(Seat::Yellow, Column::A, &[2, 2])
            .boost(Seat::Yellow, Column::A, &[1, 1]),
    );
    let turn_up = |number, text| Change::TurnUp {
        column: Column::A,
        row: row(number),
        piece: piece(text),
    };
    let tail: Vec<_> = beats.iter().rev().take(3).rev().cloned().collect();
    assert_eq!(
        tail,
        [
            Beat {
                lands: Landing::TurnUp,
                settles: vec![],
                changes: vec![turn_up(2, "2/2")],
            },
            Beat {
                lands: Landing::Boost { index: 0 },
                settles: vec![],
                changes: vec![take(Seat::Yellow, Column::A, 2, "2/2"), turn_up(3, "1/3")],
            },
            Beat {
                lands: Landing::Boost { index: 1 },
                settles: vec![],
                changes: vec![],
            },
        ]
    );
}

#[test]
fn a_report_that_does_not_follow_the_view_is_refused() {
    let mut game = Setup::board(STEAL_BOARD)
        .stash(Seat::Yellow, &["6/6"])
        .leftovers_to(Seat::Blue)
        .game();
    let before = game.view(Viewer::Spectator);
    let report = play(
        &mut game,
        "A2 B2 steal 5/6",
        "A2 B2",
        dice()
            .attempt(Seat::Yellow, Column::A, &[6, 6])
            .attempt(Seat::Yellow, Column::B, &[1, 1])
            .attempt(Seat::Blue, Column::A, &[1, 1])
            .attempt(Seat::Blue, Column::B, &[1, 1]),
    );
    // The view after the round is not the one before it.
    let after = game.view(Viewer::Spectator);
    assert!(timeline(&after, &report).is_err());
    assert!(timeline(&before, &report).is_ok());
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 256, ..ProptestConfig::default() })]

    #[test]
    fn every_round_of_a_game_is_cut_into_beats_that_lead_to_its_end(
        seed in any::<u64>(),
        options in options(),
        greedy in any::<bool>(),
    ) {
        let policy = if greedy { Policy::Greedy } else { Policy::Random };
        // The view the beats of the last round led to, checked against the
        // game's own at the next round (or at the end).
        let mut led_to: Option<(GameView, Vec<Beat>)> = None;
        let game = play_to_end_watching(seed, options, (policy, Policy::Random), |before, report| {
            let before_view = before.view(Viewer::Spectator);
            if let Some((view, beats)) = led_to.take() {
                assert_same_cake(&view, &before_view, &beats);
            }
            let beats = timeline(&before_view, report).unwrap();
            let mut view = before_view;
            let mut settled = Vec::new();
            let mut rolls = Vec::new();
            for beat in &beats {
                beat.apply(&mut view).unwrap();
                settled.extend(beat.settles.iter().copied());
                match beat.lands {
                    Landing::Attempt { index } => rolls.push(("attempt", index)),
                    Landing::Boost { index } => rolls.push(("boost", index)),
                    Landing::TurnUp => {}
                }
                // A beat shows no piece nobody has seen but those the report shows.
                for change in &beat.changes {
                    let shown = match *change {
                        Change::TurnUp { piece, .. } | Change::Take { piece, .. }
                        | Change::Steal { piece, .. } | Change::Remove { piece, .. } => piece,
                    };
                    assert!(
                        !before_view.unseen().contains(shown)
                            || report.pieces_shown().any(|named| named == shown)
                    );
                }
            }
            // Every roll lands once, in the report's order; every attempt is settled once.
            let expected: Vec<_> = (0..report.attempts.len()).map(|i| ("attempt", i as u8))
                .chain((0..report.boosts.len()).map(|i| ("boost", i as u8)))
                .collect();
            assert_eq!(rolls, expected);
            settled.sort_unstable();
            assert_eq!(settled, (0..report.attempts.len() as u8).collect::<Vec<_>>());
            led_to = Some((view, beats));
        });
        let (view, beats) = led_to.expect("a game has a round");
        assert_same_cake(&view, &game.game().view(Viewer::Spectator), &beats);
    }
}

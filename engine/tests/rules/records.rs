//! Records replay to the same game, and a tampered record is refused.

use mice_cake_engine::{
    AttemptResult, Column, GameRecord, Options, Policy, RECORD_FORMAT, RecordedGame, ReplayError,
    Reveal, RoundError, Seat, Seed, UNSEALED_RECORD_FORMAT,
};

use crate::support::*;

/// A whole game, greedy Yellow against random Blue, from `seed`.
fn whole_game(seed: u64, options: Options) -> (RecordedGame, GameRecord) {
    let game = play_to_end(seed, options, Policy::Greedy, Policy::Random);
    let record = game.record().unwrap();
    (game, record)
}

fn through_json(record: &GameRecord) -> GameRecord {
    serde_json::from_str(&serde_json::to_string(record).unwrap()).unwrap()
}

#[test]
fn a_record_replays_to_the_same_final_game() {
    for (seed, options) in [
        (1, Options::default()),
        (
            2,
            Options {
                boost: true,
                ..Options::default()
            },
        ),
        (
            3,
            Options {
                reveal: Reveal::AllFaceDown,
                ..Options::default()
            },
        ),
    ] {
        let (game, record) = whole_game(seed, options);
        assert!(record.outcome.is_some());
        let replayed = through_json(&record).replay().unwrap();
        assert_eq!(&replayed, game.game());
        assert_eq!(replayed.outcome(), record.outcome.as_ref());
    }
}

#[test]
fn the_record_format_is_versioned_json() {
    let (_, record) = whole_game(4, Options::default());
    let json: serde_json::Value = serde_json::to_value(&record).unwrap();
    assert_eq!(json["format"], RECORD_FORMAT);
    assert_eq!(json["seed"].as_str().unwrap().len(), 64);
    assert_eq!(json["layout"].as_array().unwrap().len(), 7);
    assert_eq!(json["rounds"][0]["round"], 1);
    assert!(json["rounds"][0]["attempts"][0]["dice"].is_array());
    let mut future = record.clone();
    future.format = RECORD_FORMAT + 1;
    assert_eq!(
        future.replay(),
        Err(ReplayError::UnsupportedFormat {
            found: RECORD_FORMAT + 1
        })
    );
}

#[test]
fn a_changed_die_is_refused() {
    let (_, record) = whole_game(5, Options::default());
    let mut tampered = record.clone();
    let attempt = tampered.rounds[2]
        .attempts
        .iter_mut()
        .find(|a| !a.dice.is_empty())
        .unwrap();
    let faces: Vec<u8> = attempt.dice.faces().iter().map(|f| f % 6 + 1).collect();
    attempt.dice = mice_cake_engine::Roll::new(&faces).unwrap();
    // The die is named: round, seat, column, which die, both faces.
    assert!(matches!(
        tampered.replay(),
        Err(ReplayError::DieMismatch { round: 3, kind: mice_cake_engine::RollKind::Attempt, die: 1, recorded, derived, .. })
            if recorded != derived
    ));
    // Without the seed's dice, the changed die changes the outcome.
    assert!(tampered.replay_with_its_own_dice().is_err());
}

#[test]
fn a_changed_result_or_score_is_refused() {
    let (_, record) = whole_game(6, Options::default());
    let mut tampered = record.clone();
    let attempt = &mut tampered.rounds[0].attempts[0];
    attempt.result = if attempt.result == AttemptResult::Took {
        AttemptResult::TooLow
    } else {
        AttemptResult::Took
    };
    assert_eq!(
        tampered.replay(),
        Err(ReplayError::ReportMismatch {
            round: 1,
            part: "attempts"
        })
    );
    let mut tampered = record.clone();
    let outcome = tampered.outcome.as_mut().unwrap();
    outcome.score.yellow.pips += 1;
    assert_eq!(tampered.replay(), Err(ReplayError::OutcomeMismatch));
}

#[test]
fn a_changed_assignment_is_refused() {
    let (_, record) = whole_game(7, Options::default());
    let mut tampered = record.clone();
    // Move one of Yellow's mice to another column: illegal, or another game.
    let assignment = &mut tampered.rounds[0].assignments.yellow;
    let from = assignment.placements().next().unwrap().0;
    let to = Column::ALL.into_iter().find(|&c| c != from).unwrap();
    assignment.mice[from.index()] -= 1;
    assignment.mice[to.index()] += 1;
    // It no longer matches its seal.
    assert_eq!(
        tampered.replay(),
        Err(ReplayError::SealMismatch {
            round: 1,
            seat: Seat::Yellow
        })
    );
    // Without seals, an assignment that is plainly illegal names the round
    // and the rule broken.
    let mut illegal = record.clone();
    illegal.rounds[0].assignments.blue.mice = [4, 4, 0, 0];
    assert!(matches!(
        illegal.replay_with_its_own_dice(),
        Err(ReplayError::Round {
            round: 1,
            error: RoundError::IllegalAssignment {
                seat: Seat::Blue,
                ..
            }
        })
    ));
}

#[test]
fn a_changed_layout_or_seed_is_refused() {
    let (_, record) = whole_game(8, Options::default());
    let mut tampered = record.clone();
    let mut rows = *tampered.layout.rows();
    let swap = rows[0][0];
    rows[0][0] = rows[1][0];
    rows[1][0] = swap;
    tampered.layout = mice_cake_engine::Layout::new(rows).unwrap();
    assert_eq!(tampered.replay(), Err(ReplayError::LayoutMismatch));
    let mut reseeded = record.clone();
    reseeded.seed = Some(Seed::from_u64(9));
    assert_eq!(reseeded.replay(), Err(ReplayError::SeedMismatch));
    // A layout with a piece twice does not even parse.
    let json = serde_json::to_string(&record).unwrap();
    let first = rows[0][0].to_string();
    let second = rows[0][1].to_string();
    let doubled = json.replacen(&format!("\"{second}\""), &format!("\"{first}\""), 1);
    assert!(serde_json::from_str::<GameRecord>(&doubled).is_err());
}

#[test]
fn missing_or_reordered_rounds_are_refused() {
    let (_, record) = whole_game(10, Options::default());
    let mut cut = record.clone();
    cut.rounds.pop();
    cut.fair.as_mut().unwrap().rounds.pop();
    assert_eq!(cut.replay(), Err(ReplayError::OutcomeMismatch));
    let mut unsealed = record.clone();
    unsealed.rounds.pop();
    assert_eq!(
        unsealed.replay(),
        Err(ReplayError::SealCount {
            rounds: record.rounds.len() - 1,
            sealed: record.rounds.len()
        })
    );
    let mut swapped = record.clone();
    swapped.rounds.swap(0, 1);
    swapped.fair.as_mut().unwrap().rounds.swap(0, 1);
    assert_eq!(
        swapped.replay(),
        Err(ReplayError::RoundNumber {
            expected: 1,
            found: 2
        })
    );
}

#[test]
fn a_record_without_a_seed_replays_its_own_dice() {
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
    let record = GameRecord {
        format: UNSEALED_RECORD_FORMAT,
        options: Options::default(),
        seed: None,
        layout: layout(WORKED_EXAMPLE),
        rounds: vec![report],
        outcome: None,
        fair: None,
    };
    assert_eq!(record.replay(), Err(ReplayError::NoSeed));
    assert_eq!(
        through_json(&record).replay_with_its_own_dice().unwrap(),
        game
    );
    let mut tampered = record.clone();
    tampered.rounds[0].attempts[1].exhausted = 1;
    assert_eq!(
        tampered.replay_with_its_own_dice(),
        Err(ReplayError::ReportMismatch {
            round: 1,
            part: "attempts"
        })
    );
    assert!(matches!(
        RecordedGame::resume(record),
        Err(ReplayError::NoSeed)
    ));
}

#[test]
fn a_game_resumed_from_its_record_continues_exactly_as_it_would_have() {
    let (uninterrupted, record) = whole_game(11, Options::default());
    let half = record.rounds.len() / 2;
    let mut partial = record.clone();
    partial.rounds.truncate(half);
    partial.fair.as_mut().unwrap().rounds.truncate(half);
    partial.outcome = None;
    let mut resumed = RecordedGame::resume(through_json(&partial)).unwrap();
    assert_eq!(resumed.game().round(), u32::try_from(half).unwrap() + 1);
    for round in &record.rounds[half..] {
        resumed
            .play_round(&round.assignments.yellow, &round.assignments.blue)
            .unwrap();
    }
    assert_eq!(resumed.game(), uninterrupted.game());
    assert_eq!(resumed.record().unwrap(), record);
}

#[test]
fn a_record_without_a_seed_replays_its_boosts_too() {
    let options = Options {
        boost: true,
        ..Options::default()
    };
    let mut game = mice_cake_engine::Game::new(options, &layout(WORKED_EXAMPLE)).unwrap();
    // 1, 2 on 1/2 matches and takes it: a boost at the 2/3 turned up behind.
    let report = play(
        &mut game,
        "A2 B2",
        "B4",
        dice()
            .attempt(Seat::Yellow, Column::A, &[1, 2])
            .attempt(Seat::Yellow, Column::B, &[1, 1])
            .attempt(Seat::Blue, Column::B, &[1, 1, 1, 1])
            .boost(Seat::Yellow, Column::A, &[3, 4]),
    );
    // 3, 4 takes 2/3 without a match: the chain ends there.
    assert_eq!(report.boosts.len(), 1);
    assert_eq!(report.boosts[0].piece, Some(piece("2/3")));
    assert_eq!(report.boosts[0].boosted, 0);
    let record = GameRecord {
        format: UNSEALED_RECORD_FORMAT,
        options,
        seed: None,
        layout: layout(WORKED_EXAMPLE),
        rounds: vec![report],
        outcome: None,
        fair: None,
    };
    assert_eq!(
        through_json(&record).replay_with_its_own_dice().unwrap(),
        game
    );
    let mut tampered = record.clone();
    tampered.rounds[0].boosts[0].dice = mice_cake_engine::Roll::new(&[1, 1]).unwrap();
    assert_eq!(
        tampered.replay_with_its_own_dice(),
        Err(ReplayError::ReportMismatch {
            round: 1,
            part: "boosts"
        })
    );
}

#[test]
fn a_record_stripped_of_its_seed_is_not_taken_for_a_checked_one() {
    let (_, record) = whole_game(12, Options::default());
    let mut stripped = record.clone();
    stripped.seed = None;
    assert_eq!(stripped.replay(), Err(ReplayError::NoSeed));
    assert!(matches!(
        RecordedGame::resume(stripped),
        Err(ReplayError::NoSeed)
    ));
}

#[test]
fn no_debug_output_of_a_game_in_progress_names_a_face_down_piece() {
    let mut game = RecordedGame::new(Options::default(), Seed::from_u64(13)).unwrap();
    let mut bots = Seed::from_u64(13).stream(1);
    for _ in 0..3 {
        let view = game.game().view(mice_cake_engine::Viewer::Spectator);
        let yellow = Policy::Random.choose(&view, Seat::Yellow, &mut bots);
        let blue = Policy::Random.choose(&view, Seat::Blue, &mut bots);
        game.play_round(&yellow, &blue).unwrap();
    }
    let hidden = game.game().secret_face_down_pieces();
    assert!(!hidden.is_empty());
    assert!(format!("{:?}", game.record()).contains("Layout(…)"));
    for debug in [format!("{game:?}"), format!("{:?}", game.record())] {
        for piece in hidden.iter() {
            assert!(!debug.contains(&format!("{piece}")), "{piece} in {debug}");
        }
    }
}

/// A server holds a game for as long as it lasts, and keeps each round's
/// moves, not its report: the record it gives is rebuilt from them, equal
/// to the one played, with the seals and nonces of every round.
#[test]
fn a_record_rebuilt_from_the_moves_is_the_game_as_played() {
    for seed in 0..20 {
        let mut played = Vec::new();
        let game = play_to_end_watching(
            seed,
            Options::default(),
            (Policy::Greedy, Policy::Random),
            |_, report| played.push(report.clone()),
        );
        let record = game.record().unwrap();
        assert_eq!(record.rounds, played, "seed {seed}");
        let fair = record.fair.as_ref().unwrap();
        assert_eq!(fair.rounds.len(), played.len());
        assert_eq!(fair.rounds.last().copied(), game.last_exchange());
        assert_eq!(record.replay().unwrap(), *game.game());
        assert_eq!(game.reports_since(played.len()).unwrap(), Vec::new());
    }
}

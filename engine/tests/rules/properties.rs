//! Property tests: whole games from random seeds and random legal play keep
//! every invariant, round after round.

use mice_cake_engine::{
    Access, Assignment, CellView, Choices, Column, Domino, DominoSet, EndReason, Game, GameRecord,
    GameRng, MICE, Options, PIECE_COUNT, Policy, RecordedGame, Reveal, RoundReport, Seat, Seed,
    TOTAL_PIPS, Viewer,
};
use proptest::prelude::*;

pub(crate) fn options() -> impl Strategy<Value = Options> {
    (
        prop_oneof![
            Just(Reveal::Standard),
            Just(Reveal::AllFaceUp),
            Just(Reveal::AllFaceDown)
        ],
        any::<bool>(),
        prop_oneof![Just(100u32), 1u32..=4],
    )
        .prop_map(|(reveal, boost, stall_limit)| Options {
            reveal,
            boost,
            stall_limit,
        })
}

fn policy() -> impl Strategy<Value = Policy> {
    prop_oneof![Just(Policy::Random), Just(Policy::Greedy)]
}

/// Whether `json` names `piece` anywhere.
fn names(json: &str, piece: Domino) -> bool {
    json.contains(&format!("\"{piece}\""))
}

/// Every invariant that must hold after each round.
fn check_round(before: &Game, after: &Game, report: &RoundReport) -> Result<(), TestCaseError> {
    // Pieces and pips are conserved: each of the 28 is in exactly one place.
    let places = [
        after.pieces_on_board(),
        after.stash(Seat::Yellow),
        after.stash(Seat::Blue),
        after.removed(),
    ];
    let all = places.iter().fold(DominoSet::EMPTY, |a, b| a.union(*b));
    prop_assert_eq!(all, DominoSet::FULL);
    prop_assert_eq!(places.iter().map(|p| p.len()).sum::<usize>(), PIECE_COUNT);
    prop_assert_eq!(places.iter().map(|p| p.pips()).sum::<u32>(), TOTAL_PIPS);

    for seat in Seat::ALL {
        // No more than 4 mice placed or resting, before and after.
        let placed = report.assignments[seat].total();
        let resting_before = u32::from(MICE - before.available_mice(seat));
        prop_assert!(placed + resting_before <= u32::from(MICE));
        prop_assert!(after.available_mice(seat) <= MICE);
        // Every placed mouse is in exactly one attempt.
        let in_attempts: u32 = report
            .attempts
            .iter()
            .filter(|a| a.seat == seat)
            .map(|a| u32::from(a.mice))
            .sum();
        prop_assert_eq!(in_attempts, placed);
    }

    // No message anyone may see names a face-down piece: not a view, not the report.
    let hidden = after.secret_face_down_pieces();
    let report_json = serde_json::to_string(report).unwrap();
    for piece in hidden.iter() {
        prop_assert!(!names(&report_json, piece), "report names hidden {}", piece);
    }
    for viewer in [Viewer::Yellow, Viewer::Blue, Viewer::Spectator] {
        let view = after.view(viewer);
        let json = serde_json::to_string(&view).unwrap();
        for piece in hidden.iter() {
            prop_assert!(
                !names(&json, piece),
                "{:?} view names hidden {}",
                viewer,
                piece
            );
        }
        let face_down = view
            .board
            .iter()
            .flatten()
            .filter(|c| **c == CellView::FaceDown)
            .count();
        prop_assert_eq!(face_down, hidden.len());
        // After a round, every nearest piece is face up (rules 5 and 17).
        for column in Column::ALL {
            for seat in Seat::ALL {
                if let Some((_, cell)) = view.nearest(seat, column) {
                    prop_assert!(matches!(cell, CellView::FaceUp(_)));
                }
            }
        }
    }
    Ok(())
}

/// The game of `seed` after up to `rounds` rounds of random play, and the
/// random stream that chose them (to go on choosing).
fn random_rounds(options: Options, seed: u64, rounds: usize) -> (RecordedGame, GameRng) {
    let mut game = RecordedGame::new(options, Seed::from_u64(seed)).unwrap();
    let mut bots = Seed::from_u64(seed).stream(1);
    for _ in 0..rounds {
        if game.game().is_over() {
            break;
        }
        let view = game.game().view(Viewer::Spectator);
        let yellow = Policy::Random.choose(&view, Seat::Yellow, &mut bots);
        let blue = Policy::Random.choose(&view, Seat::Blue, &mut bots);
        game.play_round(&yellow, &blue).unwrap();
    }
    (game, bots)
}

/// Every assignment a client builds from `choices` alone, by the rule the
/// protocol documents: exactly `mice` mice on open columns, and a steal
/// target from `steal_targets` exactly when a `steal` column has mice.
fn built_from(choices: &Choices) -> Vec<Assignment> {
    let mut built = Vec::new();
    let open = choices.columns.map(Access::is_open);
    for a in 0..=MICE {
        for b in 0..=MICE {
            for c in 0..=MICE {
                for d in 0..=MICE {
                    let mice = [a, b, c, d];
                    let on_closed = Column::ALL
                        .into_iter()
                        .any(|column| mice[column.index()] > 0 && !open[column.index()]);
                    if mice.iter().sum::<u8>() != choices.mice || on_closed {
                        continue;
                    }
                    let steals = Column::ALL.into_iter().any(|column| {
                        mice[column.index()] > 0 && choices.columns[column.index()] == Access::Steal
                    });
                    if steals {
                        built.extend(choices.steal_targets.iter().map(|target| Assignment {
                            mice,
                            steal: Some(target),
                        }));
                    } else {
                        built.push(Assignment { mice, steal: None });
                    }
                }
            }
        }
    }
    built
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 96, ..ProptestConfig::default() })]

    #[test]
    fn choices_describe_exactly_the_legal_assignments(
        seed in any::<u64>(),
        options in options(),
        rounds in 0usize..40,
    ) {
        let (game, _) = random_rounds(options, seed, rounds);
        let view = game.game().view(Viewer::Spectator);
        for seat in Seat::ALL {
            let choices = view.choices(seat);
            let mut legal = view.legal_assignments(seat);
            if game.game().is_over() {
                prop_assert!(legal.is_empty());
                prop_assert_eq!(choices.forced, None);
                continue;
            }
            let mut built = built_from(&choices);
            legal.sort_by_key(|a| (a.mice, a.steal.map(Domino::index)));
            built.sort_by_key(|a| (a.mice, a.steal.map(Domino::index)));
            prop_assert_eq!(&built, &legal);
            let forced = (legal.len() == 1).then(|| legal[0]);
            prop_assert_eq!(choices.forced, forced);
            // A player's own view gives the same choices: they are public.
            prop_assert_eq!(game.game().view(seat.into()).choices(seat), choices);
        }
    }

    #[test]
    fn whole_games_keep_every_invariant_and_replay(
        seed in any::<u64>(),
        options in options(),
        policies in (policy(), policy()),
    ) {
        let mut game = RecordedGame::new(options, Seed::from_u64(seed)).unwrap();
        let mut bots = Seed::from_u64(seed).stream(1);
        let (mut stalled, mut longest_stall) = (0u32, 0u32);
        let mut reports = Vec::new();
        // With a piece moved at least every `stall_limit` rounds, a game
        // cannot outlast this.
        let bound = (PIECE_COUNT as u32 + 2) * options.stall_limit;
        while !game.game().is_over() {
            prop_assert!(game.game().round() <= bound, "the game does not end");
            let before = game.game().clone();
            let view = before.view(Viewer::Spectator);
            let yellow = policies.0.choose(&view, Seat::Yellow, &mut bots);
            let blue = policies.1.choose(&view, Seat::Blue, &mut bots);
            let report = game.play_round(&yellow, &blue).unwrap().clone();
            check_round(&before, game.game(), &report)?;
            reports.push(report.clone());
            stalled = if report.moved_pieces() { 0 } else { stalled + 1 };
            longest_stall = longest_stall.max(stalled);
        }
        let outcome = *game.game().outcome().unwrap();
        prop_assert!(longest_stall <= options.stall_limit);
        if outcome.end == EndReason::StallLimit {
            prop_assert_eq!(stalled, options.stall_limit);
        }
        if longest_stall == options.stall_limit {
            // Only the last run of rounds can reach the limit: it ends the game.
            prop_assert_eq!(stalled, longest_stall);
        }
        prop_assert_eq!(
            outcome.score.yellow.pips + outcome.score.blue.pips + game.game().pieces_on_board().pips(),
            TOTAL_PIPS
        );

        // The record, rebuilt from the moves, holds the reports as played,
        // and so does any tail of it.
        let record = game.record().unwrap();
        prop_assert_eq!(&record.rounds, &reports);
        let half = reports.len() / 2;
        prop_assert_eq!(&game.reports_since(half).unwrap()[..], &reports[half..]);
        // As do the rounds with their beats, which lead from round to round.
        let rounds = game.rounds_since(half).unwrap();
        prop_assert_eq!(rounds.iter().map(|(report, _)| report).collect::<Vec<_>>(), reports[half..].iter().collect::<Vec<_>>());
        prop_assert!(rounds.iter().all(|(report, beats)| beats.len() >= report.attempts.len() + report.boosts.len()));
        prop_assert_eq!(game.last_report(), reports.last());
        let json = serde_json::to_string(&record).unwrap();
        let record: GameRecord = serde_json::from_str(&json).unwrap();
        prop_assert_eq!(&record.replay().unwrap(), game.game());
    }

    #[test]
    fn check_accepts_exactly_the_legal_assignments_and_refusal_changes_nothing(
        seed in any::<u64>(),
        options in options(),
        rounds in 0usize..25,
        mice in proptest::array::uniform4(0u8..=4),
        steal in proptest::option::of(0usize..PIECE_COUNT),
        seat in prop_oneof![Just(Seat::Yellow), Just(Seat::Blue)],
    ) {
        let (mut game, mut bots) = random_rounds(options, seed, rounds);
        let view = game.game().view(seat.into());
        let legal = view.legal_assignments(seat);
        for assignment in &legal {
            prop_assert_eq!(view.check(seat, assignment), Ok(()));
        }
        let candidate = Assignment { mice, steal: steal.and_then(Domino::from_index) };
        let accepted = view.check(seat, &candidate).is_ok();
        prop_assert_eq!(accepted, legal.contains(&candidate), "{}", candidate);
        if !accepted && !game.game().is_over() {
            let before = game.game().clone();
            let other = Policy::Random.choose(&view, seat.opponent(), &mut bots);
            let (yellow, blue) = match seat {
                Seat::Yellow => (candidate, other),
                Seat::Blue => (other, candidate),
            };
            prop_assert!(game.play_round(&yellow, &blue).is_err());
            prop_assert_eq!(game.game(), &before);
        }
    }
}

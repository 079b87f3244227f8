//! The `random` and `greedy` policies, and the exact odds they use.

use std::collections::HashMap;

use mice_cake_engine::{
    Game, Options, Policy, Reveal, Seat, Seed, Viewer, expectation, greedy_assignment, odds,
    random_assignment,
};

use crate::support::*;

#[test]
fn random_picks_every_legal_assignment_equally_often() {
    let view = worked_example().view(Viewer::Yellow);
    let legal = view.legal_assignments(Seat::Yellow);
    assert_eq!(legal.len(), 35);
    let mut rng = Seed::from_u64(3).rng();
    let mut counts = HashMap::new();
    for _ in 0..35_000 {
        let choice = random_assignment(&view, Seat::Yellow, &mut rng);
        assert!(legal.contains(&choice));
        *counts.entry(choice).or_insert(0u32) += 1;
    }
    assert_eq!(counts.len(), 35);
    // 1,000 expected each; the standard deviation is about 31.
    assert!(
        counts.values().all(|&n| (800..=1_200).contains(&n)),
        "{counts:?}"
    );
}

#[test]
fn greedy_takes_the_best_expected_pips_by_exact_odds() {
    // Two mice: on 1/2 alone 33/36 × 3 = 2.75 pips; on 0/3 alone 24/36 × 3 = 2;
    // one on each 4/6 × 3 + 3/6 × 3 = 3.5 pips.
    let game = Setup::board(
        "
        1/2   0/3   .     .
        2/3   1/3   .     .
        .     .     .     .
        .     .     .     .
        .     .     .     .
        .     .     .     .
        .     .     .     .
        ",
    )
    .resting(Seat::Yellow, [0, 0, 2, 0])
    .leftovers_to(Seat::Blue)
    .game();
    let view = game.view(Viewer::Yellow);
    let pips = |text: &str| expectation(&view, Seat::Yellow, &assign(text)).pips;
    assert!((pips("A2") - 2.75).abs() < 1e-12);
    assert!((pips("B2") - 2.0).abs() < 1e-12);
    assert!((pips("A1 B1") - 3.5).abs() < 1e-12);
    assert_eq!(greedy_assignment(&view, Seat::Yellow), assign("A1 B1"));
}

#[test]
fn expectations_are_exact_with_pieces_face_down_on_the_board() {
    // The worked example: 12 pieces face down, so values carry that factor.
    let view = worked_example().view(Viewer::Yellow);
    let one_each = expectation(&view, Seat::Yellow, &assign("A1 B1 C1 D1"));
    // 1/2: 4, 5, 6 of 6 for 3 pips; 0/3: 4, 5, 6 for 3 pips, a 3 tires 1 mouse.
    assert!((one_each.pips - 3.5).abs() < 1e-12);
    assert!((one_each.exhausted_mice - 1.0 / 6.0).abs() < 1e-12);
    let two_two = expectation(&view, Seat::Yellow, &assign("A2 B2"));
    // 1/2: 33 of 36 for 3 pips; 3/4: 19 of 36 for 7 pips; each matches in 2 of 36, tiring 2.
    assert!((two_two.pips - (33.0 * 3.0 + 19.0 * 7.0) / 36.0).abs() < 1e-12);
    assert!((two_two.exhausted_mice - 8.0 / 36.0).abs() < 1e-12);
}

#[test]
fn greedy_is_the_maximum_over_all_legal_assignments() {
    for seed in 0..40 {
        play_to_end_watching(
            seed,
            Options::default(),
            (Policy::Random, Policy::Random),
            |game, _| {
                let view = game.view(Viewer::Spectator);
                for seat in Seat::ALL {
                    let chosen = greedy_assignment(&view, seat);
                    let best = expectation(&view, seat, &chosen);
                    for other in view.legal_assignments(seat) {
                        let value = expectation(&view, seat, &other);
                        assert!(value.pips <= best.pips + 1e-9, "{other} beats {chosen}");
                        if (value.pips - best.pips).abs() < 1e-9 {
                            assert!(value.exhausted_mice >= best.exhausted_mice - 1e-9);
                        }
                    }
                }
            },
        );
    }
}

#[test]
fn greedy_values_a_steal_by_its_target() {
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
    .stash(Seat::Yellow, &["0/1"])
    .leftovers_to(Seat::Blue)
    .game();
    let view = game.view(Viewer::Yellow);
    let chosen = greedy_assignment(&view, Seat::Yellow);
    let target = chosen
        .steal
        .expect("the double-blank is Yellow's only column");
    // The best target maximises P(success) × pips over Blue's stash.
    let value =
        |piece| odds(piece, 4, false).unwrap().success_probability() * f64::from(piece.pips());
    let best = game.stash(Seat::Blue).iter().map(value).fold(0.0, f64::max);
    assert!((value(target) - best).abs() < 1e-12, "{target}");
    assert!((expectation(&view, Seat::Yellow, &chosen).pips - best).abs() < 1e-12);
}

#[test]
fn greedy_values_a_face_down_piece_as_the_average_unseen_piece() {
    let options = Options {
        reveal: Reveal::AllFaceDown,
        ..Options::default()
    };
    let game = Game::new(options, &layout(WORKED_EXAMPLE)).unwrap();
    let view = game.view(Viewer::Yellow);
    assert_eq!(view.unseen().len(), 28);
    let average: f64 = view
        .unseen()
        .iter()
        .filter(|p| !p.is_double_blank())
        .map(|p| odds(p, 4, false).unwrap().success_probability() * f64::from(p.pips()))
        .sum::<f64>()
        / 28.0;
    assert!((expectation(&view, Seat::Yellow, &assign("A4")).pips - average).abs() < 1e-12);
}

#[test]
fn greedy_beats_random_most_of_the_time() {
    let games = 200;
    let greedy_wins = (0..games)
        .filter(|&seed| {
            // Alternate seats so that neither seat's advantage counts.
            let (greedy_seat, policies) = if seed % 2 == 0 {
                (Seat::Yellow, (Policy::Greedy, Policy::Random))
            } else {
                (Seat::Blue, (Policy::Random, Policy::Greedy))
            };
            let game = play_to_end(seed, Options::default(), policies.0, policies.1);
            game.game().outcome().unwrap().winner == Some(greedy_seat)
        })
        .count() as u64;
    assert!(
        greedy_wins * 100 >= games * 75,
        "greedy won {greedy_wins} of {games}"
    );
}

#[test]
fn policies_parse_by_name() {
    assert_eq!("greedy".parse::<Policy>().unwrap(), Policy::Greedy);
    assert_eq!(" Random ".parse::<Policy>().unwrap(), Policy::Random);
    let error = "smart".parse::<Policy>().unwrap_err();
    assert!(error.to_string().contains("random, greedy and strong"));
    assert_eq!(Policy::Greedy.to_string(), "greedy");
}

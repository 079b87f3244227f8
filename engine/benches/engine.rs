//! Engine benchmarks: `cargo bench -p mice-cake-engine`.
//!
//! Figures are written down in `docs/performance.md`, "The engine" and
//! "Signed moves".

// A benchmark that cannot set itself up should stop loudly.
#![allow(clippy::unwrap_used, clippy::expect_used)]

use divan::counter::ItemsCount;
use divan::{Bencher, black_box};
use mice_cake_engine::fair;
use mice_cake_engine::{
    Assignment, Domino, Game, GameRng, Nonce, Opening, Options, Policy, RecordedGame, RngDice,
    Seat, Seated, Seed, Viewer, greedy_assignment, odds, timeline,
};

fn main() {
    divan::main();
}

/// Positions from real games (random play), with the assignments that were
/// played from them: the inputs of one round each.
fn sample_rounds(count: usize) -> Vec<(Game, Assignment, Assignment)> {
    let mut rounds = Vec::with_capacity(count);
    let mut seed = 0;
    while rounds.len() < count {
        let mut game = RecordedGame::new(Options::default(), Seed::from_u64(seed)).unwrap();
        let mut bots = Seed::from_u64(seed).stream(1);
        while !game.game().is_over() && rounds.len() < count {
            let view = game.game().view(Viewer::Spectator);
            let yellow = Policy::Random.choose(&view, Seat::Yellow, &mut bots);
            let blue = Policy::Random.choose(&view, Seat::Blue, &mut bots);
            rounds.push((game.game().clone(), yellow, blue));
            game.play_round(&yellow, &blue).unwrap();
        }
        seed += 1;
    }
    rounds
}

/// One round, from check to report, on positions of real games.
#[divan::bench]
fn resolve_round(bencher: Bencher) {
    let rounds = sample_rounds(1_000);
    let mut next = 0;
    let mut dice = RngDice(Seed::from_u64(1).rng());
    bencher
        .counter(ItemsCount::new(1usize))
        .with_inputs(|| {
            next = (next + 1) % rounds.len();
            rounds[next].clone()
        })
        .bench_local_values(|(mut game, yellow, blue)| {
            black_box(game.resolve(&yellow, &blue, &mut dice).unwrap());
            game
        });
}

/// A round's reveal cut into beats (`timeline`), as the server does for
/// every reveal: the view before the round and its report in, the beats
/// out. Compare with `resolve_round`.
#[divan::bench]
fn reveal_beats(bencher: Bencher) {
    let mut dice = RngDice(Seed::from_u64(1).rng());
    let rounds: Vec<_> = sample_rounds(1_000)
        .into_iter()
        .map(|(mut game, yellow, blue)| {
            let before = game.view(Viewer::Spectator);
            let report = game.resolve(&yellow, &blue, &mut dice).unwrap();
            (before, report)
        })
        .collect();
    let mut next = 0;
    bencher.counter(ItemsCount::new(1usize)).bench_local(|| {
        next = (next + 1) % rounds.len();
        let (before, report) = &rounds[next];
        black_box(timeline(before, report).unwrap())
    });
}

/// Sealed play's share of a round on the server (`docs/fairness.md`): the
/// same positions as `resolve_round`, played from an exchange whose two
/// moves are sealed and opened: both openings checked against their seals,
/// the seals checked again on play, the dice's generator keyed by HMAC.
/// Compare with `resolve_round`.
#[divan::bench]
fn sealed_round(bencher: Bencher) {
    let mut rounds = Vec::with_capacity(1_000);
    let mut seed = 0;
    while rounds.len() < 1_000 {
        let mut game = RecordedGame::new(Options::default(), Seed::from_u64(seed)).unwrap();
        let mut bots = Seed::from_u64(seed).stream(1);
        while !game.game().is_over() && rounds.len() < 1_000 {
            let view = game.game().view(Viewer::Spectator);
            let moves = Seated {
                yellow: Policy::Random.choose(&view, Seat::Yellow, &mut bots),
                blue: Policy::Random.choose(&view, Seat::Blue, &mut bots),
            };
            let mut exchange = game.exchange();
            let openings = Seated::from_fn(|seat| Opening {
                assignment: moves[seat],
                nonce: Nonce::from_bytes([u8::try_from(rounds.len() % 251).unwrap(); 32]),
            });
            for seat in Seat::ALL {
                let opening = openings[seat];
                let seal = fair::seal(
                    exchange.commitment,
                    exchange.round,
                    seat,
                    &opening.assignment,
                    opening.nonce,
                );
                exchange.seal(seat, seal, None).unwrap();
            }
            rounds.push((game.clone(), exchange, openings));
            game.play_round(&moves.yellow, &moves.blue).unwrap();
        }
        seed += 1;
    }
    let mut next = 0;
    bencher
        .counter(ItemsCount::new(1usize))
        .with_inputs(|| {
            next = (next + 1) % rounds.len();
            rounds[next].clone()
        })
        .bench_local_values(|(mut game, mut exchange, openings)| {
            for seat in Seat::ALL {
                exchange.open(seat, openings[seat]).unwrap();
            }
            black_box(game.play_exchange(&exchange).unwrap());
            game
        });
}

/// A client's seal of one move: one SHA-256 of 111 bytes.
#[divan::bench]
fn seal_a_move(bencher: Bencher) {
    let commitment = fair::commitment(Seed::from_u64(1));
    let assignment: Assignment = "A2 C2".parse().unwrap();
    let nonce = Nonce::from_bytes([7; 32]);
    bencher.bench(|| {
        fair::seal(
            black_box(commitment),
            black_box(3),
            Seat::Blue,
            black_box(&assignment),
            black_box(nonce),
        )
    });
}

/// A whole game, dealt from a seed, each player's assignment chosen by a
/// policy from its view. Counts rounds, so the figure is rounds per second
/// including the players' decisions.
#[divan::bench(args = [(Policy::Random, Policy::Random), (Policy::Greedy, Policy::Greedy)])]
fn whole_game(bencher: Bencher, policies: (Policy, Policy)) {
    // Rounds per game for these policies, measured once on the same seeds.
    let games = 200;
    let rounds: usize = (0..games)
        .map(|seed| play(seed, policies).rounds_played())
        .sum();
    let mut seed = 0;
    bencher
        .counter(ItemsCount::new(rounds / games as usize))
        .bench_local(|| {
            seed = (seed + 1) % games;
            black_box(play(seed, policies))
        });
}

fn play(seed: u64, (yellow_policy, blue_policy): (Policy, Policy)) -> RecordedGame {
    let mut game = RecordedGame::new(Options::default(), Seed::from_u64(seed)).unwrap();
    let mut bots: GameRng = Seed::from_u64(seed).stream(1);
    while !game.game().is_over() {
        let view = game.game().view(Viewer::Spectator);
        let yellow = yellow_policy.choose(&view, Seat::Yellow, &mut bots);
        let blue = blue_policy.choose(&view, Seat::Blue, &mut bots);
        game.play_round(&yellow, &blue).unwrap();
    }
    game
}

/// Enumerating the legal assignments of a position.
#[divan::bench]
fn legal_assignments(bencher: Bencher) {
    let views: Vec<_> = sample_rounds(500)
        .into_iter()
        .map(|(game, _, _)| game.view(Viewer::Yellow))
        .collect();
    let mut next = 0;
    bencher.bench_local(|| {
        next = (next + 1) % views.len();
        black_box(views[next].legal_assignments(Seat::Yellow))
    });
}

/// One `greedy` decision: every legal assignment valued by exact odds.
#[divan::bench]
fn greedy_decision(bencher: Bencher) {
    let views: Vec<_> = sample_rounds(500)
        .into_iter()
        .map(|(game, _, _)| game.view(Viewer::Yellow))
        .collect();
    let mut next = 0;
    bencher.bench_local(|| {
        next = (next + 1) % views.len();
        black_box(greedy_assignment(&views[next], Seat::Yellow))
    });
}

/// Building a player's view.
#[divan::bench]
fn view(bencher: Bencher) {
    let games: Vec<_> = sample_rounds(500)
        .into_iter()
        .map(|(game, _, _)| game)
        .collect();
    let mut next = 0;
    bencher.bench_local(|| {
        next = (next + 1) % games.len();
        black_box(games[next].view(Viewer::Blue))
    });
}

/// Exact odds of 4 mice on a piece (a table lookup).
#[divan::bench]
fn attempt_odds(bencher: Bencher) {
    let piece: Domino = "5/6".parse().unwrap();
    bencher.bench(|| odds(black_box(piece), black_box(4), false));
}

/// Replaying and checking a whole greedy-against-random record.
#[divan::bench]
fn replay_record(bencher: Bencher) {
    let record = play(3, (Policy::Greedy, Policy::Random)).record().unwrap();
    bencher
        .counter(ItemsCount::new(record.rounds.len()))
        .bench_local(|| black_box(record.replay().unwrap()));
}

/// Rebuilding a whole greedy-against-random game's record from its moves,
/// as a server does for the history of a client that joins, and once at
/// the end.
#[divan::bench]
fn rebuild_record(bencher: Bencher) {
    let game = play(3, (Policy::Greedy, Policy::Random));
    bencher
        .counter(ItemsCount::new(game.rounds_played()))
        .bench_local(|| black_box(game.record().unwrap()));
}

/// A client's signature of a seal (Ed25519), as every seal sent carries.
#[divan::bench]
fn sign_a_seal(bencher: Bencher) {
    let secret = mice_cake_engine::PlayerSecret::from_bytes([7; 32]);
    let seal = mice_cake_engine::Seal::from_bytes([1; 32]);
    bencher.bench_local(|| black_box(secret.sign(black_box(seal))));
}

/// The server's check of a seal's signature alone (strict Ed25519, the
/// key decompressed once per seat): what `check_seals` falls back to when a
/// batch fails.
#[divan::bench]
fn check_a_signature(bencher: Bencher) {
    let secret = mice_cake_engine::PlayerSecret::from_bytes([7; 32]);
    let seal = mice_cake_engine::Seal::from_bytes([1; 32]);
    let key = mice_cake_engine::CheckingKey::new(secret.public_key()).unwrap();
    let signature = secret.sign(seal);
    bencher.bench_local(|| {
        black_box(mice_cake_engine::check_seal(
            black_box(&key),
            black_box(seal),
            black_box(signature),
        ))
    });
}

/// Seals' signatures checked in one batch, as the server checks the seals
/// that arrive together across rooms: divan's figure is per batch; divide
/// by its size for a seal's share.
#[divan::bench(args = [1, 2, 4, 8, 16, 32, 64, 128])]
fn check_a_batch_of_signatures(bencher: Bencher, size: usize) {
    let batch: Vec<mice_cake_engine::SealToCheck> = (0..size)
        .map(|index| {
            let byte = u8::try_from(index).unwrap();
            let secret = mice_cake_engine::PlayerSecret::from_bytes([byte; 32]);
            let seal = mice_cake_engine::Seal::from_bytes([byte; 32]);
            mice_cake_engine::SealToCheck {
                key: mice_cake_engine::CheckingKey::new(secret.public_key()).unwrap(),
                seal,
                signature: secret.sign(seal),
            }
        })
        .collect();
    bencher.bench_local(|| black_box(mice_cake_engine::check_seals(black_box(&batch))));
}

/// A key made ready to check signatures with, once per seat taken: decoded
/// and found in the prime-order subgroup.
#[divan::bench]
fn ready_a_key(bencher: Bencher) {
    let key = mice_cake_engine::PlayerSecret::from_bytes([7; 32]).public_key();
    bencher.bench_local(|| black_box(mice_cake_engine::CheckingKey::new(black_box(key))));
}

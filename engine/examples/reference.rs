//! Makes the analysis's reference set (`engine/tests/reference/positions.json`,
//! `docs/bots.md`): positions from whole games, each with every candidate
//! the analysis compares valued against the move played with enough
//! playouts that the error of each difference is under 0.3 pips. Made once
//! (a few minutes of two cores), kept in the repository, and read by the
//! test that holds the analysis to it:
//!
//! ```text
//! cargo run --release -p mice-cake-engine --example reference > engine/tests/reference/positions.json
//! cargo test --release -p mice-cake-engine --test rules -- --ignored reference
//! ```
//!
//! The games: `strong` against `greedy` (seeds 1000–1019) and `greedy`
//! against `random` (seeds 2000–2009), seats alternating; five rounds of
//! each, spread over the game, both players' moves when they had a choice.
//! The reference playouts are dealt from seeds of their own, apart from the
//! analysis's.

#![allow(
    clippy::unwrap_used,
    clippy::expect_used,
    clippy::print_stdout,
    clippy::print_stderr
)]

use mice_cake_engine::analysis::ANALYSIS_SEARCH;
use mice_cake_engine::strong::{RoundGame, analysis_candidates, playout_margins};
use mice_cake_engine::{Assignment, GameView, Options, Policy, RecordedGame, Seat, Seed, Viewer};
use serde::Serialize;

/// The error of every difference is brought under this, in pips.
const ERROR: f64 = 0.3;
/// Playouts at first; doubled until every error is under [`ERROR`].
const FIRST: u64 = 2_000;
const MOST: u64 = 64_000;
/// Rounds taken from each game.
const ROUNDS: usize = 5;

#[derive(Serialize)]
struct Candidate {
    assignment: Assignment,
    /// Its mean final margin.
    value: f64,
    /// Its mean paired difference with the move played (positive: better).
    difference: f64,
    /// That difference's standard error.
    error: f64,
}

#[derive(Serialize)]
struct Position {
    /// Where it comes from: the game's seed, the round, the policy that played.
    game: u64,
    round: u32,
    policy: String,
    seat: Seat,
    view: GameView,
    played: Assignment,
    /// The move played first, then the analysis's candidates.
    candidates: Vec<Candidate>,
    playouts: u64,
}

fn main() {
    let games: Vec<(u64, Policy, Policy)> = (1000..1020)
        .map(|seed| (seed, Policy::Strong, Policy::Greedy))
        .chain((2000..2010).map(|seed| (seed, Policy::Greedy, Policy::Random)))
        .collect();
    let moves: Vec<(u64, u32, Policy, Seat, GameView, Assignment)> =
        games.iter().flat_map(|game| moves_of(*game)).collect();
    eprintln!("{} positions", moves.len());
    let positions: Vec<Position> = std::thread::scope(|scope| {
        let handles: Vec<_> = (0..2)
            .map(|thread| {
                let moves = &moves;
                scope.spawn(move || {
                    moves
                        .iter()
                        .enumerate()
                        .filter(|(index, _)| index % 2 == thread)
                        .map(|(index, (game, round, policy, seat, view, played))| {
                            valued(index as u64, *game, *round, *policy, *seat, view, played)
                        })
                        .collect::<Vec<_>>()
                })
            })
            .collect();
        let mut all: Vec<Position> = handles
            .into_iter()
            .flat_map(|handle| handle.join().unwrap())
            .collect();
        all.sort_by_key(|position| (position.game, position.round, position.seat as u8));
        all
    });
    // A position a line: small, and a change shows as the lines it makes.
    let lines: Vec<String> = positions
        .iter()
        .map(|position| serde_json::to_string(position).unwrap())
        .collect();
    println!("[\n{}\n]", lines.join(",\n"));
}

/// A game's moves taken for the set: at `ROUNDS` rounds spread over it,
/// each player's move that had a choice.
fn moves_of(
    (seed, first, second): (u64, Policy, Policy),
) -> Vec<(u64, u32, Policy, Seat, GameView, Assignment)> {
    // Seats alternate with the seed.
    let policies = if seed.is_multiple_of(2) {
        [first, second]
    } else {
        [second, first]
    };
    let mut game = RecordedGame::new(Options::default(), Seed::from_u64(seed)).unwrap();
    let mut rng = Seed::from_u64(seed).stream(1);
    let mut played = Vec::new();
    while !game.game().is_over() {
        let views = [
            game.game().view(Viewer::Yellow),
            game.game().view(Viewer::Blue),
        ];
        let yellow = policies[0].choose(&views[0], Seat::Yellow, &mut rng);
        let blue = policies[1].choose(&views[1], Seat::Blue, &mut rng);
        played.push((views, [yellow, blue]));
        game.play_round(&yellow, &blue).unwrap();
    }
    let count = played.len();
    let mut taken = Vec::new();
    for step in 0..ROUNDS.min(count) {
        let index = step * (count - 1) / (ROUNDS - 1).max(1);
        let (views, moves) = &played[index];
        for (side, seat) in Seat::ALL.into_iter().enumerate() {
            if views[side].legal_assignments(seat).len() > 1 {
                taken.push((
                    seed,
                    views[side].round,
                    policies[side],
                    seat,
                    views[side],
                    moves[side],
                ));
            }
        }
    }
    taken.dedup_by_key(|(_, round, _, seat, _, _)| (*round, *seat as u8));
    taken
}

/// Every candidate of a position valued against the move played.
fn valued(
    index: u64,
    game: u64,
    round: u32,
    policy: Policy,
    seat: Seat,
    view: &GameView,
    played: &Assignment,
) -> Position {
    let exact = RoundGame::with_evaluation(view, seat, ANALYSIS_SEARCH.evaluation);
    let (candidates, opponent) = analysis_candidates(&exact, played, &ANALYSIS_SEARCH);
    // Apart from every seed the analysis deals from.
    let seed = 0x5EF_E4E4_CE00_0000 ^ (index << 20);
    let mut margins: Vec<Vec<f64>> = vec![Vec::new(); candidates.len()];
    let mut done = 0;
    let mut wanted = FIRST;
    loop {
        let more = playout_margins(view, seat, &candidates, &opponent, seed, done..wanted, 0.0);
        for (kept, new) in margins.iter_mut().zip(more) {
            kept.extend(new);
        }
        done = wanted;
        let valued = differences(&candidates, &margins);
        let worst = valued.iter().map(|c| c.error).fold(0.0, f64::max);
        if worst < ERROR || wanted >= MOST {
            eprintln!("game {game} round {round} {seat}: {done} playouts, error {worst:.2}");
            return Position {
                game,
                round,
                policy: policy.to_string(),
                seat,
                view: *view,
                played: *played,
                candidates: valued,
                playouts: done,
            };
        }
        wanted *= 2;
    }
}

fn differences(candidates: &[Assignment], margins: &[Vec<f64>]) -> Vec<Candidate> {
    let played = &margins[0];
    candidates
        .iter()
        .zip(margins)
        .map(|(assignment, mine)| {
            let count = mine.len().max(2) as f64;
            let value = mine.iter().sum::<f64>() / count;
            let paired: Vec<f64> = mine.iter().zip(played).map(|(a, b)| a - b).collect();
            let difference = paired.iter().sum::<f64>() / count;
            let variance = paired
                .iter()
                .map(|d| (d - difference) * (d - difference))
                .sum::<f64>()
                / (count - 1.0);
            Candidate {
                assignment: *assignment,
                value,
                difference,
                error: (variance / count).sqrt(),
            }
        })
        .collect()
}

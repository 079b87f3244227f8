//! How far the analysis of games can be trusted (`docs/bots.md`):
//!
//! ```text
//! cargo run --release -p mice-cake-engine --example analysis -- [GAMES] [VARIANT] [OPPONENT] [CHECK]
//! ```
//!
//! Plays GAMES games of `strong` against OPPONENT (`greedy` unless told;
//! seats alternating; game
//! `i` from seed `i`, on two threads), analyses each, and counts how often
//! each player's moves are called mistakes: `strong`'s own moves should
//! almost never be (the analysis compares a move with `strong`'s best
//! alternatives, so a mistake found in `strong`'s play is mostly the
//! analysis's noise). Also how often each player's move is the analysis's
//! first choice (a fair-play figure), the mean loss a move and its spread,
//! the loss's interval width and the time to analyse
//! a game. VARIANT: `standard`, `all-face-up`, `all-face-down`, each with
//! `+boost`.
//!
//! With CHECK (a number of pairs of playouts), every loss shown against a
//! better move is checked against an independent estimate of the same pair
//! (the same alternative, the same opponent's mix and seed, CHECK pairs of
//! playouts numbered from 2^32: none of the analysis's): the mean shown
//! against the mean independent, and how many shown intervals hold the
//! independent estimate — for the mistakes, the costliest listed, and the
//! moves that were no mistake.

#![allow(
    clippy::unwrap_used,
    clippy::expect_used,
    clippy::print_stdout,
    clippy::print_stderr
)]

use std::time::Instant;

use mice_cake_engine::analysis::{MoveAnalysis, Z_95, analyse, loss_against};
use mice_cake_engine::{Game, Options, Policy, RecordedGame, Reveal, Seat, Seed, Viewer};

#[derive(Default, Clone)]
struct Tally {
    moves: u64,
    mistakes: u64,
    /// Moves that were the analysis's first choice.
    first: u64,
    /// The estimated losses, summed, and their squares.
    loss: f64,
    loss_squares: f64,
    width: f64,
    playouts: u64,
    seconds: Vec<f64>,
    /// Losses shown checked against independent estimates.
    checked_mistakes: Checks,
    costliest: Checks,
    no_mistakes: Checks,
}

/// Losses shown, each against an independent estimate of the same pair.
#[derive(Default, Clone)]
struct Checks {
    count: u64,
    shown: f64,
    independent: f64,
    /// The summed variances of the differences (shown − independent).
    variance: f64,
    /// Shown intervals that hold the independent estimate.
    covered: u64,
}

impl Checks {
    fn add(&mut self, other: &Checks) {
        self.count += other.count;
        self.shown += other.shown;
        self.independent += other.independent;
        self.variance += other.variance;
        self.covered += other.covered;
    }

    fn check(
        &mut self,
        shown: &MoveAnalysis,
        independent: &mice_cake_engine::analysis::PairedLoss,
    ) {
        let error = |low: f64, high: f64| (high - low) / (2.0 * Z_95);
        self.count += 1;
        self.shown += shown.loss;
        self.independent += independent.mean;
        self.variance += error(shown.loss_low, shown.loss_high).powi(2)
            + error(independent.low, independent.high).powi(2);
        // The interval shown is cut at 0 (a loss is not negative): so is
        // the estimate it is held against.
        let independent_loss = independent.mean.max(0.0);
        self.covered +=
            u64::from(shown.loss_low <= independent_loss && independent_loss <= shown.loss_high);
    }

    fn tell(&self, what: &str) -> String {
        let count = self.count.max(1) as f64;
        format!(
            "{what}: {} checked, mean shown {:.2} pips, independent {:.2} (the difference {:+.2} ± {:.2}); \
             the shown interval holds the independent estimate in {} of {}",
            self.count,
            self.shown / count,
            self.independent / count,
            (self.shown - self.independent) / count,
            Z_95 * self.variance.sqrt() / count,
            self.covered,
            self.count,
        )
    }
}

impl Tally {
    fn add(&mut self, other: Tally) {
        self.moves += other.moves;
        self.mistakes += other.mistakes;
        self.first += other.first;
        self.loss += other.loss;
        self.loss_squares += other.loss_squares;
        self.width += other.width;
        self.playouts += other.playouts;
        self.seconds.extend(other.seconds);
        self.checked_mistakes.add(&other.checked_mistakes);
        self.costliest.add(&other.costliest);
        self.no_mistakes.add(&other.no_mistakes);
    }
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let games: u64 = args
        .first()
        .map_or(100, |games| games.parse().expect("GAMES"));
    let variant = args.get(1).map_or("standard", String::as_str);
    let options = options(variant);
    let opponent: Policy = args
        .get(2)
        .map_or(Policy::Greedy, |policy| policy.parse().expect("OPPONENT"));
    let check: u64 = args.get(3).map_or(0, |pairs| pairs.parse().expect("CHECK"));
    let threads = 2;
    let results: Vec<[Tally; 2]> = std::thread::scope(|scope| {
        let handles: Vec<_> = (0..threads)
            .map(|thread| {
                scope.spawn(move || {
                    let mut tallies = [Tally::default(), Tally::default()];
                    for index in (thread..games).step_by(threads as usize) {
                        let [strong, greedy] = game(index, options, opponent, check);
                        tallies[0].add(strong);
                        tallies[1].add(greedy);
                    }
                    tallies
                })
            })
            .collect();
        handles
            .into_iter()
            .map(|handle| handle.join().unwrap())
            .collect()
    });
    let mut totals = [Tally::default(), Tally::default()];
    for [strong, greedy] in results {
        totals[0].add(strong);
        totals[1].add(greedy);
    }
    for (name, tally) in ["strong", opponent.name()].iter().zip(&totals) {
        let share = tally.mistakes as f64 / tally.moves.max(1) as f64;
        let error = (share * (1.0 - share) / tally.moves.max(1) as f64).sqrt();
        let first = tally.first as f64 / tally.moves.max(1) as f64;
        let moves = tally.moves.max(1) as f64;
        let mean_loss = tally.loss / moves;
        let loss_spread = (tally.loss_squares / moves - mean_loss * mean_loss)
            .max(0.0)
            .sqrt();
        println!(
            "{name}: loss {mean_loss:.3} pips a move on average, spread {loss_spread:.3} a move"
        );
        println!(
            "{name}: {} of {} moves called mistakes ({:.1} % ± {:.1}); the analysis's first choice {:.1} % ± {:.1}; interval width {:.2} pips on average; {:.0} playouts a move",
            tally.mistakes,
            tally.moves,
            100.0 * share,
            196.0 * error,
            100.0 * first,
            196.0 * (first * (1.0 - first) / tally.moves.max(1) as f64).sqrt(),
            tally.width / tally.moves.max(1) as f64,
            tally.playouts as f64 / tally.moves.max(1) as f64,
        );
        if check > 0 {
            println!(
                "{}",
                tally.checked_mistakes.tell(&format!("{name}'s mistakes"))
            );
            println!("{}", tally.costliest.tell(&format!("{name}'s costliest")));
            println!(
                "{}",
                tally
                    .no_mistakes
                    .tell(&format!("{name}'s moves with a better move, no mistake"))
            );
        }
    }
    let mut seconds = totals[0].seconds.clone();
    seconds.sort_by(f64::total_cmp);
    let at = |q: f64| seconds[((seconds.len() - 1) as f64 * q).round() as usize];
    println!(
        "analysis of a game, one core: p50 {:.2} s, p99 {:.2} s, max {:.2} s ({games} games, {variant})",
        at(0.5),
        at(0.99),
        at(1.0)
    );
}

/// Game `index`, `strong` against `greedy`, seats alternating, analysed:
/// each player's tally, its losses checked on `check` pairs of playouts.
fn game(index: u64, options: Options, opponent: Policy, check: u64) -> [Tally; 2] {
    let seed = Seed::from_u64(index);
    let strong_seat = if index.is_multiple_of(2) {
        Seat::Yellow
    } else {
        Seat::Blue
    };
    let mut game = RecordedGame::new(options, seed).unwrap();
    let mut choices = seed.stream(1);
    let mut positions: Vec<Game> = Vec::new();
    while !game.game().is_over() {
        positions.push(game.game().clone());
        let view = |seat| game.game().view(Viewer::from(seat));
        let strong = Policy::Strong.choose(&view(strong_seat), strong_seat, &mut choices);
        let greedy = opponent.choose(
            &view(strong_seat.opponent()),
            strong_seat.opponent(),
            &mut choices,
        );
        let (yellow, blue) = match strong_seat {
            Seat::Yellow => (strong, greedy),
            Seat::Blue => (greedy, strong),
        };
        game.play_round(&yellow, &blue).unwrap();
    }
    let record = game.into_record().unwrap();
    let started = Instant::now();
    let analysis = analyse(&record).unwrap();
    let seconds = started.elapsed().as_secs_f64();
    let tally = |seat: Seat| {
        let moves: Vec<_> = analysis
            .rounds
            .iter()
            .filter_map(|round| round.moves[seat])
            .collect();
        Tally {
            moves: moves.len() as u64,
            mistakes: moves.iter().filter(|analysed| analysed.mistake).count() as u64,
            first: u64::from(analysis.first_choices(seat)),
            loss: moves.iter().map(|analysed| analysed.loss).sum(),
            loss_squares: moves
                .iter()
                .map(|analysed| analysed.loss * analysed.loss)
                .sum(),
            width: moves
                .iter()
                .map(|analysed| analysed.loss_high - analysed.loss_low)
                .sum(),
            playouts: moves
                .iter()
                .map(|analysed| u64::from(analysed.playouts))
                .sum(),
            seconds: Vec::new(),
            checked_mistakes: Checks::default(),
            costliest: Checks::default(),
            no_mistakes: Checks::default(),
        }
        .checked(&analysis, &positions, seat, check)
    };
    let mut strong = tally(strong_seat);
    strong.seconds.push(seconds);
    [strong, tally(strong_seat.opponent())]
}

impl Tally {
    /// With `seat`'s losses shown against a better move checked on `check`
    /// pairs of playouts of their own.
    fn checked(
        mut self,
        analysis: &mice_cake_engine::analysis::GameAnalysis,
        positions: &[Game],
        seat: Seat,
        check: u64,
    ) -> Tally {
        if check == 0 {
            return self;
        }
        let far = 1u64 << 32;
        let costliest = &analysis.players[seat].costliest;
        for (round, position) in analysis.rounds.iter().zip(positions) {
            let Some(shown) = round.moves[seat].filter(|shown| shown.best != shown.played) else {
                continue;
            };
            // The analysis's seed for the move (its round and seat), on
            // playouts it never numbers.
            let move_seed = (u64::from(round.round) << 1) | seat as u64;
            let independent = loss_against(
                &position.view(Viewer::from(seat)),
                seat,
                &shown.played,
                &shown.best,
                move_seed,
                far..far + check,
            );
            if shown.mistake {
                self.checked_mistakes.check(&shown, &independent);
                if costliest.iter().any(|listed| listed.round == round.round) {
                    self.costliest.check(&shown, &independent);
                }
            } else {
                self.no_mistakes.check(&shown, &independent);
            }
        }
        self
    }
}

fn options(variant: &str) -> Options {
    let (reveal, boost) = match variant.split_once('+') {
        Some((reveal, "boost")) => (reveal, true),
        _ => (variant, false),
    };
    Options {
        reveal: match reveal {
            "standard" => Reveal::Standard,
            "all-face-up" => Reveal::AllFaceUp,
            "all-face-down" => Reveal::AllFaceDown,
            other => panic!("unknown variant {other}"),
        },
        boost,
        ..Options::default()
    }
}

//! How strong `strong` is, measured in games (`docs/bots.md`):
//!
//! ```text
//! cargo run --release -p mice-cake-engine --example strength -- [GAMES] [VARIANT] [MATCH…]
//! ```
//!
//! VARIANT: `standard`, `all-face-up`, `all-face-down`, each with `+boost`
//! (`standard+boost`). MATCH: `greedy` (strong against greedy), `exploiter`
//! (strong against a best reply to its own mix), `oracle` (a best reply that
//! sees greedy's move, against greedy), `self` (greedy against greedy), or
//! `analysis` alone (the time to analyse GAMES finished games of `strong`
//! against `random`, one after the other).
//! Seats alternate; game `i` is dealt and rolled from seed `i`, on two
//! threads. Decision times are `strong`'s own, one decision on one core.
//!
//! `K`, `P` and `WIN` in the environment change the search (candidates,
//! playouts, the win's bonus): how its settings were chosen.

#![allow(
    clippy::unwrap_used,
    clippy::expect_used,
    clippy::print_stdout,
    clippy::print_stderr
)]

use std::time::Instant;

use mice_cake_engine::strong::{Mix, Search, best_reply, strong_mix};
use mice_cake_engine::{
    Assignment, Game, GameView, Layout, Options, Reveal, RngDice, Seat, Seed, Viewer,
    greedy_assignment,
};

#[derive(Clone, Copy, PartialEq, Debug)]
enum Match {
    Greedy,
    Exploiter,
    Oracle,
    SelfPlay,
}

#[derive(Default)]
struct Tally {
    games: u64,
    wins: u64,
    draws: u64,
    margin: f64,
    squares: f64,
    decisions: Vec<f64>,
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let games: u64 = args
        .first()
        .map_or(1_000, |games| games.parse().expect("GAMES"));
    let variant = args.get(1).map_or("standard", String::as_str);
    let options = options(variant);
    if args.get(2).is_some_and(|name| name == "analysis") {
        time_analyses(games, options);
        return;
    }
    let matches: Vec<Match> = if args.len() > 2 {
        args[2..].iter().map(|name| parse_match(name)).collect()
    } else {
        vec![Match::Greedy, Match::Exploiter, Match::Oracle]
    };
    println!("| match | variant | games | won | drawn | margin (sd) | decision p50 / p99 / max |");
    println!("|---|---|---|---|---|---|---|");
    for kind in matches {
        let started = Instant::now();
        let halves: Vec<Tally> = std::thread::scope(|scope| {
            let workers: Vec<_> = (0..2u64)
                .map(|half| scope.spawn(move || play(kind, options, (half..games).step_by(2))))
                .collect();
            workers
                .into_iter()
                .map(|worker| worker.join().unwrap())
                .collect()
        });
        let mut tally = Tally::default();
        for half in halves {
            tally.games += half.games;
            tally.wins += half.wins;
            tally.draws += half.draws;
            tally.margin += half.margin;
            tally.squares += half.squares;
            tally.decisions.extend(half.decisions);
        }
        report(kind, variant, &mut tally);
        eprintln!("({kind:?}: {:.0} s)", started.elapsed().as_secs_f64());
    }
}

fn env(name: &str, default: usize) -> usize {
    std::env::var(name)
        .ok()
        .map_or(default, |v| v.parse().unwrap())
}

fn parse_match(name: &str) -> Match {
    match name {
        "greedy" => Match::Greedy,
        "exploiter" => Match::Exploiter,
        "oracle" => Match::Oracle,
        "self" => Match::SelfPlay,
        other => panic!("unknown match {other:?}: greedy, exploiter, oracle or self"),
    }
}

fn options(variant: &str) -> Options {
    let mut options = Options::default();
    let (reveal, boost) = match variant.split_once('+') {
        Some((reveal, "boost")) => (reveal, true),
        None => (variant, false),
        Some(_) => panic!("unknown variant {variant:?}"),
    };
    options.boost = boost;
    options.reveal = match reveal {
        "standard" => Reveal::Standard,
        "all-face-up" => Reveal::AllFaceUp,
        "all-face-down" => Reveal::AllFaceDown,
        other => panic!("unknown reveal {other:?}"),
    };
    options
}

/// Plays `games`; the measured player sits Yellow in even games.
fn play(kind: Match, options: Options, games: impl Iterator<Item = u64>) -> Tally {
    let mut tally = Tally::default();
    let search = Search {
        candidates: env("K", Search::STANDARD.candidates),
        playouts: env("P", Search::STANDARD.playouts),
        win_bonus: std::env::var("WIN")
            .ok()
            .map_or(Search::STANDARD.win_bonus, |v| v.parse().unwrap()),
        ..Search::STANDARD
    };
    for index in games {
        let seed = Seed::from_u64(index);
        let layout = Layout::shuffled(&mut seed.stream(0));
        let mut game = Game::new(options, &layout).unwrap();
        let mut dice = RngDice(seed.stream(2));
        let mut choices = seed.stream(1);
        let measured = if index % 2 == 0 {
            Seat::Yellow
        } else {
            Seat::Blue
        };
        let other = measured.opponent();
        while !game.is_over() {
            let view = |seat: Seat| game.view(Viewer::from(seat));
            let mut strong = |view: &GameView, seat: Seat| {
                let started = Instant::now();
                let mix = strong_mix(view, seat, rand_core::Rng::next_u64(&mut choices), &search);
                tally.decisions.push(started.elapsed().as_secs_f64());
                mix
            };
            let (mine, theirs): (Assignment, Assignment) = match kind {
                Match::Greedy => {
                    let mix = strong(&view(measured), measured);
                    (
                        mix.draw(&mut choices),
                        greedy_assignment(&view(other), other),
                    )
                }
                Match::Exploiter => {
                    let mix = strong(&view(measured), measured);
                    let reply_seed = rand_core::Rng::next_u64(&mut choices);
                    let reply = best_reply(&view(other), other, &mix, reply_seed, &search);
                    (mix.draw(&mut choices), reply)
                }
                Match::Oracle => {
                    let move_seen = greedy_assignment(&view(other), other);
                    let reply_seed = rand_core::Rng::next_u64(&mut choices);
                    let reply = best_reply(
                        &view(measured),
                        measured,
                        &Mix::pure(move_seen),
                        reply_seed,
                        &search,
                    );
                    (reply, move_seen)
                }
                Match::SelfPlay => (
                    greedy_assignment(&view(measured), measured),
                    greedy_assignment(&view(other), other),
                ),
            };
            let (yellow, blue) = if measured == Seat::Yellow {
                (mine, theirs)
            } else {
                (theirs, mine)
            };
            game.resolve(&yellow, &blue, &mut dice).unwrap();
        }
        let outcome = game.outcome().unwrap();
        tally.games += 1;
        match outcome.winner {
            Some(winner) if winner == measured => tally.wins += 1,
            Some(_) => {}
            None => tally.draws += 1,
        }
        let margin = f64::from(outcome.score[measured].pips) - f64::from(outcome.score[other].pips);
        tally.margin += margin;
        tally.squares += margin * margin;
    }
    tally
}

fn report(kind: Match, variant: &str, tally: &mut Tally) {
    let games = tally.games.max(1) as f64;
    let mean = tally.margin / games;
    let sd = (tally.squares / games - mean * mean).max(0.0).sqrt();
    // Half a draw is half a win.
    let won = (tally.wins as f64 + tally.draws as f64 / 2.0) / games;
    // The 95 % interval of a proportion, by the normal approximation.
    let interval = 1.96 * (won * (1.0 - won) / games).sqrt();
    tally.decisions.sort_by(f64::total_cmp);
    let quantile = |q: f64| {
        let index = ((tally.decisions.len() as f64 - 1.0) * q).round() as usize;
        tally
            .decisions
            .get(index)
            .map_or(0.0, |seconds| seconds * 1e3)
    };
    let name = match kind {
        Match::Greedy => "strong vs greedy",
        Match::Exploiter => "strong vs best reply to its mix",
        Match::Oracle => "oracle (sees greedy's move) vs greedy",
        Match::SelfPlay => "greedy vs greedy",
    };
    println!(
        "| {name} | {variant} | {} | {:.1} % ± {:.1} | {} | {mean:+.2} ({sd:.1}) | {:.2} / {:.2} / {:.2} ms |",
        tally.games,
        100.0 * won,
        100.0 * interval,
        tally.draws,
        quantile(0.5),
        quantile(0.99),
        quantile(1.0),
    );
}

/// Times the analysis of finished games, one after the other.
fn time_analyses(games: u64, options: Options) {
    let mut times = Vec::new();
    let mut rounds = 0;
    for index in 0..games {
        let seed = Seed::from_u64(index);
        let mut game = mice_cake_engine::RecordedGame::new(options, seed).unwrap();
        let mut choices = seed.stream(1);
        while !game.game().is_over() {
            let view = game.game().view(Viewer::Spectator);
            let yellow = mice_cake_engine::Policy::Strong.choose(&view, Seat::Yellow, &mut choices);
            let blue = mice_cake_engine::Policy::Random.choose(&view, Seat::Blue, &mut choices);
            game.play_round(&yellow, &blue).unwrap();
        }
        let record = game.into_record().unwrap();
        rounds += record.rounds.len();
        let started = Instant::now();
        mice_cake_engine::analysis::analyse(&record).unwrap();
        times.push(started.elapsed().as_secs_f64());
    }
    times.sort_by(f64::total_cmp);
    let at = |q: f64| times[((times.len() - 1) as f64 * q).round() as usize] * 1e3;
    println!(
        "analysis of {games} games ({:.1} rounds a game): p50 {:.0} ms, p99 {:.0} ms, max {:.0} ms",
        rounds as f64 / games as f64,
        at(0.5),
        at(0.99),
        at(1.0)
    );
}

//! The fair-play rule measured over simulated careers (`docs/ratings.md`,
//! "Fair play"):
//!
//! ```text
//! nice cargo run --release -p mice-cake-server --example fair_play_careers -- [CAREERS]
//! ```
//!
//! Bootstraps careers of up to 200 games from the analysed games kept in
//! `server/tests/data/fair_play_games.csv` (made by the engine's example
//! `fair_play_corpus`), CAREERS of each kind (1,000,000 unless told), the
//! report read after every game from the 20th: for each honest kind of
//! player, the share ever flagged by 20, 30, 50, 100 and 200 games — with
//! a baseline of peers who play as they do (their games up to the 2,000
//! rounds that make a baseline: the least the report takes), and with the
//! reference alone — then the same for a person playing `strong`'s moves
//! (the power), by the report's rule, by the rule without its floor on a
//! player's spread, and by the rule before it (a binomial per round, one
//! look). First the corpus itself: each kind's figures and how far its
//! games spread beyond the binomial's, and the accuracy's `z` after 30
//! games, the rule's and the binomial's per round. Seeded: the same command
//! prints the same figures. Two threads.

#![allow(clippy::print_stdout)]

use anyhow::Context as _;
use mice_cake_server::fair_play_statistic::careers::{
    self, Corpus, Mix, Rule, Settings, Tally, all_careers, engine_user, honest,
};
use mice_cake_server::fair_play_statistic::{
    BASELINE_ROUNDS, Estimate, Figure, Games, Reference, boundary, judge, upper_tail,
};

const CORPUS: &str = include_str!("../tests/data/fair_play_games.csv");
const LOOKS: [u32; 5] = [20, 30, 50, 100, 200];
/// The least people's rounds that make a baseline.
const PEER_ROUNDS: u64 = BASELINE_ROUNDS;

fn main() -> anyhow::Result<()> {
    let careers: u32 = match std::env::args().nth(1) {
        Some(careers) => careers.parse().context("CAREERS: a number")?,
        None => 1_000_000,
    };
    let corpus = Corpus::parse(CORPUS)?;
    let measured = corpus.reference();
    println!(
        "reference (greedy's games, {}): accuracy {:.2} % ± {:.2} (standard error over games; {:.2} times the binomial's variance), first choices {:.2} % ± {:.2} ({:.2} times); stated {:.1} % ± {:.2}, {:.1} % ± {:.2}",
        corpus.reference_games().len(),
        100.0 * measured.accuracy.rate,
        100.0 * measured.accuracy.variance.sqrt(),
        measured.accuracy.overdispersion,
        100.0 * measured.first_choice.rate,
        100.0 * measured.first_choice.variance.sqrt(),
        measured.first_choice.overdispersion,
        100.0 * Reference::MEASURED.accuracy.rate,
        100.0 * Reference::MEASURED.accuracy.variance.sqrt(),
        100.0 * Reference::MEASURED.first_choice.rate,
        100.0 * Reference::MEASURED.first_choice.variance.sqrt(),
    );
    let mixes = honest(&corpus);
    let user = engine_user(&corpus);
    println!();
    println!(
        "| Games of | Games | Rounds a game | Accuracy | First choices | Spread over the binomial's: accuracy, first choices |"
    );
    println!("|---|---|---|---|---|---|");
    for (name, games) in corpus_kinds(&corpus) {
        describe(&name, &games);
    }
    let references = careers::references(&corpus.reference_games(), 4_096, 7);
    println!();
    println!(
        "The accuracy's z after 30 games, mean and spread over honest careers against the reference alone (of {}): a z that means what it says spreads at most 1",
        careers.min(100_000)
    );
    println!();
    println!("| Player | The rule's z | The z before |");
    println!("|---|---|---|");
    for (index, mix) in mixes.iter().enumerate() {
        let settings = Settings {
            careers: careers.min(100_000),
            games: 30,
            peer_rounds: 0,
            seed: 500 + index as u64,
        };
        let now = careers::spread(mix, &references, settings, |player, people, reference| {
            judge(player, people, reference).z_accuracy
        });
        let old = careers::spread(mix, &references, settings, |player, _, _| {
            binomial_z(player.clean, player.rounds, 0.878)
        });
        println!(
            "| {} | {:.2} ± {:.2} | {:.2} ± {:.2} |",
            mix.name, now.0, now.1, old.0, old.1
        );
    }
    let rules: [(&str, Rule); 3] = [
        ("the rule", careers::rule),
        ("with the player's own spread alone", own_spread_alone),
        ("before", before),
    ];
    for (rule_name, rule) in rules {
        println!();
        println!(
            "False alarms, {rule_name}: honest careers ever flagged by 20, 30, 50, 100, 200 games, of {careers}"
        );
        println!();
        println!("| Player | Baseline | 20 | 30 | 50 | 100 | 200 |");
        println!("|---|---|---|---|---|---|---|");
        for (index, mix) in mixes.iter().enumerate() {
            for (baseline, peer_rounds) in [("peers", PEER_ROUNDS), ("reference", 0)] {
                let settings = Settings {
                    careers,
                    games: 200,
                    peer_rounds,
                    seed: 1_000 + index as u64,
                };
                let tally = all_careers(mix, &references, settings, rule, 2);
                row(mix, baseline, &tally);
            }
        }
        println!();
        println!("Power, {rule_name}: {} ever flagged by", user.name);
        println!();
        println!("| Baseline | 20 | 30 | 50 | 100 | 200 | half by | 90 % by |");
        println!("|---|---|---|---|---|---|---|---|");
        for (baseline, peer_rounds) in [("peers", PEER_ROUNDS), ("reference", 0)] {
            let settings = Settings {
                careers: careers.min(100_000),
                games: 200,
                peer_rounds,
                seed: 99,
            };
            let tally = all_careers(&user, &references, settings, rule, 2);
            let by = |share| {
                tally
                    .games_to_flag(share)
                    .map_or_else(|| "> 200".to_owned(), |games| games.to_string())
            };
            println!(
                "| {baseline} | {} | {} | {} |",
                shares(&tally),
                by(0.5),
                by(0.9)
            );
        }
    }
    Ok(())
}

/// The corpus's kinds of games, each player's side.
fn corpus_kinds(corpus: &Corpus) -> Vec<(String, Vec<Games>)> {
    use mice_cake_engine::Policy::{Greedy, Random, Strong};
    [
        (Greedy, Greedy),
        (Greedy, Random),
        (Random, Greedy),
        (Greedy, Strong),
        (Strong, Greedy),
        (Strong, Random),
        (Random, Strong),
        (Strong, Strong),
    ]
    .into_iter()
    .map(|(policy, opponent)| {
        (
            format!("{} vs {}", policy.name(), opponent.name()),
            corpus.games(policy, opponent),
        )
    })
    .collect()
}

/// One kind's figures, and the spread of a 30-game career's z (by the
/// binomial per round, around the kind's own rate) over its games'.
fn describe(name: &str, games: &[Games]) {
    let sum = games.iter().fold(Games::default(), |sum, &game| sum + game);
    let spread = |figure| {
        let rate = sum.rate(figure);
        let per_game = sum.estimate(figure).variance * f64::from(sum.games);
        let binomial = rate * (1.0 - rate) / (sum.rounds as f64 / f64::from(sum.games));
        (per_game / binomial).sqrt()
    };
    println!(
        "| {name} | {} | {:.1} | {:.1} % ± {:.1} | {:.1} % ± {:.1} | {:.2}, {:.2} |",
        sum.games,
        sum.rounds as f64 / f64::from(sum.games),
        100.0 * sum.rate(Figure::Accuracy),
        196.0 * sum.estimate(Figure::Accuracy).variance.sqrt(),
        100.0 * sum.rate(Figure::FirstChoice),
        196.0 * sum.estimate(Figure::FirstChoice).variance.sqrt(),
        spread(Figure::Accuracy),
        spread(Figure::FirstChoice),
    );
}

fn row(mix: &Mix, baseline: &str, tally: &Tally) {
    println!("| {} | {baseline} | {} |", mix.name, shares(tally));
}

fn shares(tally: &Tally) -> String {
    LOOKS
        .map(|games| percent(tally.share_flagged_by(games)))
        .join(" | ")
}

fn percent(share: f64) -> String {
    match share {
        0.0 => "0".to_owned(),
        share if share >= 0.01 => format!("{:.1} %", 100.0 * share),
        share => format!("{:.4} %", 100.0 * share),
    }
}

/// The rule without its floor on the player's spread: their games' own
/// spread alone, however lucky the run.
fn own_spread_alone(player: &Games, people: Option<&Games>, reference: &Reference) -> bool {
    let people = people.filter(|people| people.rounds >= BASELINE_ROUNDS);
    let z = |figure, floor: Estimate| {
        let expected = match people.map(|people| people.estimate(figure)) {
            Some(theirs) if theirs.rate > floor.rate => theirs,
            _ => floor,
        };
        let mine = player.estimate(figure);
        (mine.rate - expected.rate) / (mine.variance + expected.variance).sqrt()
    };
    let z =
        z(Figure::Accuracy, reference.accuracy).max(z(Figure::FirstChoice, reference.first_choice));
    player.games >= 20 && z >= boundary(player.games)
}

/// The rule before this one: the binomial per round against the people's
/// rate or the old reference (greedy's against `strong`: 87.8 %, 51.9 %)
/// taken as exact, a chance under 1e-4 at any one look.
fn before(player: &Games, people: Option<&Games>, _: &Reference) -> bool {
    let people = people.filter(|people| people.rounds >= 500);
    let expected =
        |figure, floor: f64| people.map_or(floor, |people| people.rate(figure).max(floor));
    let z = binomial_z(
        player.clean,
        player.rounds,
        expected(Figure::Accuracy, 0.878),
    )
    .max(binomial_z(
        player.first,
        player.rounds,
        expected(Figure::FirstChoice, 0.519),
    ));
    2.0 * upper_tail(z) < 1e-4
}

/// How many standard errors `hits` of `rounds` is above `expected`, by the
/// binomial per round (with continuity correction), as the rule before.
fn binomial_z(hits: u64, rounds: u64, expected: f64) -> f64 {
    let rounds = rounds as f64;
    let spread = (rounds * expected * (1.0 - expected)).sqrt();
    (hits as f64 - 0.5 - rounds * expected) / spread
}

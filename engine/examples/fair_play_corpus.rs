//! The games the fair-play statistic is measured on (`docs/ratings.md`,
//! "Fair play"): each player's figures in analysed games between the
//! engine's policies, as the server keeps them for a rated game (rounds
//! with a choice, those without a mistake, those that were the analysis's
//! first choice).
//!
//! ```text
//! nice cargo run --release -p mice-cake-engine --example fair_play_corpus -- \
//!     GAMES server/tests/data/fair_play_games.csv
//! ```
//!
//! Plays GAMES games of each pairing — greedy against
//! greedy, greedy against random, strong against greedy, strong against
//! random, strong against strong — standard rules, seats alternating, game
//! `i` of pairing `k` dealt and played from seed `1_000_000 k + i`, on two
//! threads, and analyses each. Each game's rows are added to the file as
//! they come (a long run stopped keeps what it made), and the whole file
//! is written again in order at the end: the same command writes the same
//! file.

#![allow(
    clippy::unwrap_used,
    clippy::expect_used,
    clippy::print_stdout,
    clippy::print_stderr
)]

use std::fs::File;
use std::io::Write as _;
use std::sync::Mutex;
use std::sync::atomic::{AtomicU64, Ordering};

use mice_cake_engine::analysis::analyse;
use mice_cake_engine::{Options, Policy, RecordedGame, Seat, Seed, Viewer};

/// Who plays whom: the first policy's seat alternates.
const PAIRINGS: [(Policy, Policy); 5] = [
    (Policy::Greedy, Policy::Greedy),
    (Policy::Greedy, Policy::Random),
    (Policy::Strong, Policy::Greedy),
    (Policy::Strong, Policy::Random),
    (Policy::Strong, Policy::Strong),
];

/// One player's figures in one game.
struct Row {
    seed: u64,
    policy: Policy,
    opponent: Policy,
    rounds: u32,
    clean: u32,
    first: u32,
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let (Some(games), Some(path)) = (args.first(), args.get(1)) else {
        panic!("usage: fair_play_corpus GAMES PATH");
    };
    let games: u64 = games.parse().expect("GAMES");
    // Pairings in turn, so that a run stopped early holds some of each.
    let jobs: Vec<(u64, Policy, Policy)> = (0..games)
        .flat_map(|index| {
            PAIRINGS
                .iter()
                .enumerate()
                .map(move |(pairing, &(first, second))| {
                    (1_000_000 * pairing as u64 + index, first, second)
                })
        })
        .collect();
    let header = format!(
        "# Each player's figures in analysed games between the engine's policies:\n\
         # nice cargo run --release -p mice-cake-engine --example fair_play_corpus -- {games} PATH\n\
         seed,policy,opponent,rounds,clean,first\n"
    );
    let file = Mutex::new(File::create(path).expect("PATH"));
    file.lock().unwrap().write_all(header.as_bytes()).unwrap();
    let next = AtomicU64::new(0);
    let mut rows: Vec<Row> = std::thread::scope(|scope| {
        let workers: Vec<_> = (0..2)
            .map(|_| {
                scope.spawn(|| {
                    let mut rows = Vec::new();
                    loop {
                        let job = next.fetch_add(1, Ordering::Relaxed) as usize;
                        let Some(&(seed, first, second)) = jobs.get(job) else {
                            break rows;
                        };
                        let played = game(seed, first, second);
                        let lines: String = played.iter().map(Row::line).collect();
                        file.lock().unwrap().write_all(lines.as_bytes()).unwrap();
                        rows.extend(played);
                        if (job + 1).is_multiple_of(50) {
                            eprintln!("{} of {} games", job + 1, jobs.len());
                        }
                    }
                })
            })
            .collect();
        workers
            .into_iter()
            .flat_map(|worker| worker.join().unwrap())
            .collect()
    });
    // A stable sort: each game's rows stay Yellow's first.
    rows.sort_by_key(|row| row.seed);
    let lines: String = rows.iter().map(Row::line).collect();
    std::fs::write(path, header + &lines).expect("PATH");
}

impl Row {
    fn line(&self) -> String {
        format!(
            "{},{},{},{},{},{}\n",
            self.seed,
            self.policy.name(),
            self.opponent.name(),
            self.rounds,
            self.clean,
            self.first
        )
    }
}

/// Game `seed`, `first` against `second` (`first` Yellow on even seeds),
/// analysed: each player's row, Yellow's first.
fn game(seed: u64, first: Policy, second: Policy) -> [Row; 2] {
    let first_seat = if seed.is_multiple_of(2) {
        Seat::Yellow
    } else {
        Seat::Blue
    };
    let policy = |seat: Seat| if seat == first_seat { first } else { second };
    let mut game = RecordedGame::new(Options::default(), Seed::from_u64(seed)).unwrap();
    let mut choices = Seed::from_u64(seed).stream(1);
    while !game.game().is_over() {
        let view = |seat| game.game().view(Viewer::from(seat));
        let yellow = policy(Seat::Yellow).choose(&view(Seat::Yellow), Seat::Yellow, &mut choices);
        let blue = policy(Seat::Blue).choose(&view(Seat::Blue), Seat::Blue, &mut choices);
        game.play_round(&yellow, &blue).unwrap();
    }
    let analysis = analyse(&game.into_record().unwrap()).unwrap();
    Seat::ALL.map(|seat| Row {
        seed,
        policy: policy(seat),
        opponent: policy(seat.opponent()),
        rounds: analysis.players[seat].choices,
        clean: analysis.players[seat].best_moves,
        first: analysis.first_choices(seat),
    })
}

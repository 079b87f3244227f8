//! Offline games between two policies, with the engine alone.

use std::path::Path;

use mice_cake_engine::{Options, Policy, RecordedGame, Seat, Seed, Viewer};
use serde::Serialize;

use crate::catalogue::{decimal, signed_decimal};
use crate::tr;

/// What a series of games showed.
#[derive(Clone, Debug, Default, PartialEq, Serialize)]
pub struct Summary {
    pub games: u64,
    /// Games won by the first and the second policy, and draws.
    pub wins: [u64; 2],
    pub draws: u64,
    /// Pips of the first policy minus the second's, summed.
    pub margin: i64,
    pub rounds: u64,
}

impl Summary {
    /// Win rate of policy `index` (0 or 1).
    pub fn win_rate(&self, index: usize) -> f64 {
        self.wins[index] as f64 / self.games.max(1) as f64
    }

    /// Average score margin of the first policy over the second.
    pub fn mean_margin(&self) -> f64 {
        self.margin as f64 / self.games.max(1) as f64
    }
}

/// Plays `games` games from `seed` on; the policies swap seats every game so
/// that neither seat's advantage counts. Writes each record into `record`.
pub fn simulate(
    games: u64,
    seed: u64,
    policies: (Policy, Policy),
    options: Options,
    record: Option<&Path>,
) -> anyhow::Result<Summary> {
    if let Some(dir) = record {
        std::fs::create_dir_all(dir).map_err(|error| {
            anyhow::anyhow!(tr!(
                "sim-cannot-create",
                path = dir.display().to_string(),
                error = error.to_string()
            ))
        })?;
    }
    let mut summary = Summary::default();
    for index in 0..games {
        let game_seed = seed.wrapping_add(index);
        let first_seat = if index % 2 == 0 {
            Seat::Yellow
        } else {
            Seat::Blue
        };
        let policy_of = |seat: Seat| {
            if seat == first_seat {
                policies.0
            } else {
                policies.1
            }
        };
        let mut game = RecordedGame::new(options, Seed::from_u64(game_seed))?;
        let mut bots = Seed::from_u64(game_seed).stream(1);
        while !game.game().is_over() {
            let view = game.game().view(Viewer::Spectator);
            let yellow = policy_of(Seat::Yellow).choose(&view, Seat::Yellow, &mut bots);
            let blue = policy_of(Seat::Blue).choose(&view, Seat::Blue, &mut bots);
            game.play_round(&yellow, &blue)?;
        }
        let outcome = *game
            .game()
            .outcome()
            .ok_or_else(|| anyhow::anyhow!(tr!("sim-not-over")))?;
        summary.games += 1;
        summary.rounds += game.rounds_played() as u64;
        match outcome.winner {
            Some(winner) if winner == first_seat => summary.wins[0] += 1,
            Some(_) => summary.wins[1] += 1,
            None => summary.draws += 1,
        }
        let pips = |seat: Seat| i64::from(outcome.score[seat].pips);
        summary.margin += pips(first_seat) - pips(first_seat.opponent());
        if let Some(dir) = record {
            let path = dir.join(format!("game-{game_seed:06}.json"));
            let json = serde_json::to_string_pretty(&game.record()?)?;
            std::fs::write(&path, json).map_err(|error| {
                anyhow::anyhow!(tr!(
                    "sim-cannot-write",
                    path = path.display().to_string(),
                    error = error.to_string()
                ))
            })?;
        }
    }
    Ok(summary)
}

/// The summary in sentences.
pub fn report(summary: &Summary, seed: u64, policies: (Policy, Policy)) -> Vec<String> {
    let (a, b) = policies;
    let last = seed.wrapping_add(summary.games.saturating_sub(1));
    let (a, b) = (a.to_string(), b.to_string());
    vec![
        tr!(
            "sim-games",
            games = summary.games,
            first = seed.to_string(),
            last = last.to_string(),
            a = a.as_str(),
            b = b.as_str(),
            rounds = decimal(summary.rounds as f64 / summary.games.max(1) as f64, 1)
        ),
        tr!(
            "sim-wins",
            policy = a.as_str(),
            wins = summary.wins[0],
            percent = decimal(100.0 * summary.win_rate(0), 1)
        ),
        tr!(
            "sim-wins",
            policy = b.as_str(),
            wins = summary.wins[1],
            percent = decimal(100.0 * summary.win_rate(1), 1)
        ),
        tr!("sim-draws", draws = summary.draws),
        tr!(
            "sim-margin",
            policy = a.as_str(),
            margin = signed_decimal(summary.mean_margin(), 1)
        ),
    ]
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_simulation_is_reproducible_and_counts_every_game() {
        let run = || {
            simulate(
                20,
                5,
                (Policy::Greedy, Policy::Random),
                Options::default(),
                None,
            )
            .unwrap()
        };
        let summary = run();
        assert_eq!(summary, run());
        assert_eq!(summary.wins[0] + summary.wins[1] + summary.draws, 20);
        assert!(summary.wins[0] > summary.wins[1], "{summary:?}");
        assert!(summary.mean_margin() > 0.0);
    }

    #[test]
    fn records_are_written_and_replay() {
        let dir = std::env::temp_dir().join(format!("mice-cake-sim-{}", std::process::id()));
        simulate(
            3,
            9,
            (Policy::Random, Policy::Random),
            Options::default(),
            Some(&dir),
        )
        .unwrap();
        let mut files: Vec<_> = std::fs::read_dir(&dir)
            .unwrap()
            .map(|e| e.unwrap().path())
            .collect();
        files.sort();
        assert_eq!(files.len(), 3);
        for file in &files {
            let record: mice_cake_engine::GameRecord =
                serde_json::from_str(&std::fs::read_to_string(file).unwrap()).unwrap();
            assert!(record.replay().is_ok());
        }
        std::fs::remove_dir_all(dir).unwrap();
    }
}

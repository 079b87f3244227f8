//! `mice-cake engine-match "CMD_A" "CMD_B" --games N`: two outside engines
//! play each other offline, with the rules engine alone (as `sim` plays
//! policies), every answer checked as `bot --engine` checks it. A bot's
//! author tests an engine without a server.

use std::time::Duration;

use mice_cake_engine::{Options, RecordedGame, Seat, Seated, Seed, Viewer};
use mice_cake_protocol::GameResult;
use mice_cake_protocol::engines::{EngineOpponent, ToEngine};
use serde::Serialize;

use crate::catalogue::{decimal, signed_decimal};
use crate::engine_link::{Answer, EngineGone, EngineLink};
use crate::sim::Summary;
use crate::tr;

/// What a match between two engines showed.
#[derive(Clone, Debug, Default, PartialEq, Serialize)]
pub struct EngineMatchSummary {
    /// The engines' names, as they gave them.
    pub engines: [String; 2],
    /// Games, wins, draws, margin, rounds: as `sim` counts them.
    #[serde(flatten)]
    pub summary: Summary,
    /// Each engine's answers replaced by the deadline's move (late,
    /// unreadable or illegal).
    pub replaced: [u64; 2],
}

/// Plays `games` games from `seed` on between the engines `commands`
/// start; they swap seats every game. Each move may take `time`.
pub async fn play(
    commands: [&str; 2],
    games: u64,
    seed: u64,
    options: Options,
    time: Duration,
) -> Result<EngineMatchSummary, EngineGone> {
    let mut engines = [
        EngineLink::start(commands[0]).await?,
        EngineLink::start(commands[1]).await?,
    ];
    let mut result = EngineMatchSummary {
        engines: [
            engines[0].engine.name.clone(),
            engines[1].engine.name.clone(),
        ],
        ..EngineMatchSummary::default()
    };
    for index in 0..games {
        // Engine 0 is Yellow in even games.
        let seats = if index % 2 == 0 {
            Seated { yellow: 0, blue: 1 }
        } else {
            Seated { yellow: 1, blue: 0 }
        };
        let game = Seed::from_u64(seed.wrapping_add(index));
        play_game(&mut engines, seats, game, options, time, &mut result).await?;
    }
    for engine in engines {
        engine.quit().await;
    }
    Ok(result)
}

/// One game, dealt from `seed`, engine `seats[seat]` at each seat: counted
/// into `result`.
async fn play_game(
    engines: &mut [EngineLink; 2],
    seats: Seated<usize>,
    seed: Seed,
    options: Options,
    time: Duration,
    result: &mut EngineMatchSummary,
) -> Result<(), EngineGone> {
    let mut game =
        RecordedGame::new(options, seed).map_err(|error| EngineGone::Gone(error.to_string()))?;
    for seat in Seat::ALL {
        let other = &result.engines[seats[seat.opponent()]];
        engines[seats[seat]].send(ToEngine::Game {
            seat,
            options,
            opponent: EngineOpponent {
                name: Some(other.clone()),
                bot: true,
            },
            in_match: None,
        });
    }
    while !game.game().is_over() {
        let mut moves = Seated::from_fn(|_| mice_cake_engine::Assignment::EMPTY);
        for seat in Seat::ALL {
            let view = game.game().view(Viewer::from(seat));
            let answer = engines[seats[seat]].ask(seat, &view, time).await?;
            if matches!(answer, Answer::Replaced(_)) {
                result.replaced[seats[seat]] += 1;
            }
            moves[seat] = answer.assignment();
        }
        let report = game
            .play_round(&moves.yellow, &moves.blue)
            .map_err(|error| EngineGone::Gone(error.to_string()))?
            .clone();
        for seat in Seat::ALL {
            engines[seats[seat]].send(ToEngine::Revealed {
                report: report.clone(),
                view: game.game().view(Viewer::from(seat)),
            });
        }
    }
    let outcome = *game
        .game()
        .outcome()
        .ok_or_else(|| EngineGone::Gone(tr!("sim-not-over")))?;
    for seat in Seat::ALL {
        engines[seats[seat]].send(ToEngine::GameOver {
            result: GameResult::played(&outcome),
            game: None,
            in_match: None,
        });
    }
    let summary = &mut result.summary;
    summary.games += 1;
    summary.rounds += game.rounds_played() as u64;
    match outcome.winner {
        Some(winner) => summary.wins[seats[winner]] += 1,
        None => summary.draws += 1,
    }
    let first = if seats.yellow == 0 {
        Seat::Yellow
    } else {
        Seat::Blue
    };
    let pips = |seat: Seat| i64::from(outcome.score[seat].pips);
    summary.margin += pips(first) - pips(first.opponent());
    Ok(())
}

/// The 95 % Wilson interval of a proportion of `count` in `total`, in
/// percent.
pub fn wilson_interval(count: u64, total: u64) -> (f64, f64) {
    if total == 0 {
        return (0.0, 100.0);
    }
    let (n, p, z) = (total as f64, count as f64 / total as f64, 1.96_f64);
    let centre = p + z * z / (2.0 * n);
    let spread = z * (p * (1.0 - p) / n + z * z / (4.0 * n * n)).sqrt();
    let denominator = 1.0 + z * z / n;
    (
        100.0 * ((centre - spread) / denominator).max(0.0),
        100.0 * ((centre + spread) / denominator).min(1.0),
    )
}

/// The match in sentences.
pub fn report(result: &EngineMatchSummary, seed: u64) -> Vec<String> {
    let summary = &result.summary;
    let last = seed.wrapping_add(summary.games.saturating_sub(1));
    let mut lines = vec![tr!(
        "engine-match-games",
        games = summary.games,
        first = seed.to_string(),
        last = last.to_string(),
        a = result.engines[0].as_str(),
        b = result.engines[1].as_str(),
        rounds = decimal(summary.rounds as f64 / summary.games.max(1) as f64, 1)
    )];
    for (index, name) in result.engines.iter().enumerate() {
        let (low, high) = wilson_interval(summary.wins[index], summary.games);
        lines.push(tr!(
            "engine-match-wins",
            engine = name.as_str(),
            wins = summary.wins[index],
            percent = decimal(100.0 * summary.win_rate(index), 1),
            low = decimal(low, 1),
            high = decimal(high, 1),
            replaced = result.replaced[index]
        ));
    }
    lines.push(tr!("sim-draws", draws = summary.draws));
    lines.push(tr!(
        "sim-margin",
        policy = result.engines[0].as_str(),
        margin = signed_decimal(summary.mean_margin(), 1)
    ));
    lines
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_wilson_interval_is_the_textbooks() {
        // 60 of 100: 50.2 %–69.1 % (Wilson, z = 1.96).
        let (low, high) = wilson_interval(60, 100);
        assert!(
            (low - 50.2).abs() < 0.1 && (high - 69.1).abs() < 0.1,
            "{low} {high}"
        );
        assert_eq!(wilson_interval(0, 0), (0.0, 100.0));
        let (low, high) = wilson_interval(10, 10);
        assert!(low > 69.0 && (high - 100.0).abs() < 1e-9);
    }
}

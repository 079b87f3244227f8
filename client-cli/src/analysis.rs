//! A finished game's analysis (the engine's `analysis`), made here with the
//! client's own engine, and told as text: `mice-cake analyse`, and the
//! replay's panel round by round.

use mice_cake_engine::analysis::{
    GameAnalysis, MISTAKE_PIPS, MoveAnalysis, analyse, analyse_played,
};
use mice_cake_engine::{Seat, Seated};

use crate::replay::Replay;

/// Analyses a replay's game: a second or so of one core. A game the server
/// says is over (a forfeit, say) is analysed as far as it was played.
pub fn of(replay: &Replay) -> anyhow::Result<GameAnalysis> {
    let analysed = if replay.result.is_some() {
        analyse_played(&replay.record)
    } else {
        analyse(&replay.record)
    };
    analysed.map_err(|error| anyhow::anyhow!("cannot analyse the game: {error}"))
}

/// The players' names, or their seats'.
pub fn names(replay: &Replay) -> Seated<String> {
    replay.players.clone().unwrap_or_else(|| Seated {
        yellow: "Yellow".into(),
        blue: "Blue".into(),
    })
}

/// The whole analysis as text: each player's summary, then each round.
pub fn lines(analysis: &GameAnalysis, names: &Seated<String>) -> Vec<String> {
    let mut lines = vec![
        "Each move against the best `strong` finds, valued by the expected final margin in pips:"
            .to_owned(),
    ];
    lines.extend(summary_lines(analysis, names));
    for round in &analysis.rounds {
        for seat in Seat::ALL {
            lines.push(format!(
                "Round {}  {}",
                round.round,
                move_line(seat, &names[seat], round.moves[seat].as_ref())
            ));
        }
    }
    lines
}

/// Each player's game in a sentence, and their costliest mistakes.
pub fn summary_lines(analysis: &GameAnalysis, names: &Seated<String>) -> Vec<String> {
    Seat::ALL
        .into_iter()
        .map(|seat| {
            let summary = &analysis.players[seat];
            let mistakes = if summary.costliest.is_empty() {
                "no mistake of a pip or more".to_owned()
            } else {
                let listed: Vec<String> = summary
                    .costliest
                    .iter()
                    .map(|mistake| format!("round {} (−{:.1})", mistake.round, mistake.loss))
                    .collect();
                format!("costliest: {}", listed.join(", "))
            };
            format!(
                "{} ({seat}): {:.1} pips lost a round on average, the best move in {} of {} \
                 rounds with a choice; {mistakes}",
                names[seat], summary.average_loss, summary.best_moves, summary.choices
            )
        })
        .collect()
}

/// Each player's game in few words (a narrow panel): the loss a round,
/// the best moves, the costliest mistake.
pub fn short_summary_lines(analysis: &GameAnalysis, names: &Seated<String>) -> Vec<String> {
    Seat::ALL
        .into_iter()
        .map(|seat| {
            let summary = &analysis.players[seat];
            let worst = summary
                .costliest
                .first()
                .map_or_else(String::new, |mistake| {
                    format!(", worst round {}", mistake.round)
                });
            format!(
                "{}: −{:.1}/round, best {}/{}{worst}",
                names[seat], summary.average_loss, summary.best_moves, summary.choices
            )
        })
        .collect()
}

/// One player's move in a round.
pub fn move_line(seat: Seat, name: &str, analysed: Option<&MoveAnalysis>) -> String {
    match analysed {
        None => format!("{name} ({seat}) had no choice"),
        Some(analysed) if analysed.loss < MISTAKE_PIPS => format!(
            "{name} ({seat}) played the best move, {} ({:+.1})",
            analysed.played, analysed.played_value
        ),
        Some(analysed) => format!(
            "{name} ({seat}) played {} ({:+.1}); better: {} ({:+.1}): {:.1} pips lost",
            analysed.played,
            analysed.played_value,
            analysed.best,
            analysed.best_value,
            analysed.loss
        ),
    }
}

/// One player's move in a round, in few words (a narrow panel).
pub fn short_move_line(name: &str, analysed: Option<&MoveAnalysis>) -> String {
    match analysed {
        None => format!("{name}: no choice"),
        Some(analysed) if analysed.loss < MISTAKE_PIPS => {
            format!("{name}: {}, the best move", analysed.played)
        }
        Some(analysed) => format!(
            "{name}: {}, −{:.1} pips → {}",
            analysed.played, analysed.loss, analysed.best
        ),
    }
}

/// The better move of each seat in the round with this index (0 for round
/// 1), where the move played was a mistake.
pub fn better_moves(analysis: &GameAnalysis, index: usize) -> Seated<Option<MoveAnalysis>> {
    let moves = analysis
        .rounds
        .get(index)
        .map(|round| round.moves)
        .unwrap_or_default();
    moves.map(|analysed| analysed.filter(|analysed| analysed.loss >= MISTAKE_PIPS))
}

#[cfg(test)]
mod tests {
    use mice_cake_engine::Policy;

    use super::*;

    fn replay() -> Replay {
        let record = crate::fixture::finished_record(8, Policy::Random);
        let finished = crate::fixture::served(record, 0xa11, None);
        crate::replay::parse(&serde_json::to_string(&finished).unwrap()).unwrap()
    }

    #[test]
    fn the_analysis_is_told_player_by_player_then_round_by_round() {
        let replay = replay();
        let analysis = of(&replay).unwrap();
        let lines = lines(&analysis, &names(&replay));
        assert!(lines[1].starts_with("ann (Yellow): "), "{lines:#?}");
        assert!(lines[2].starts_with("bob (Blue): "), "{lines:#?}");
        assert!(lines[2].contains("costliest: round "), "{lines:#?}");
        assert_eq!(lines.len(), 3 + 2 * replay.rounds.len());
        // Random play's mistakes are named with the better move.
        assert!(
            lines
                .iter()
                .any(|line| line.contains("bob (Blue) played") && line.contains("pips lost")),
            "{lines:#?}"
        );
        let mistake = analysis.players.blue.costliest[0];
        let better = better_moves(&analysis, mistake.round as usize - 1);
        assert!(
            better
                .blue
                .is_some_and(|analysed| analysed.loss == mistake.loss)
        );
    }
}

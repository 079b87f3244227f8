//! A finished game's analysis (the engine's `analysis`), made here with the
//! client's own engine, and told as text: `mice-cake analyse`, and the
//! replay's panel round by round. Every loss is told with its 95 %
//! interval, and a move is called a mistake only where the engine's
//! verdict says so: no sharp figure the playouts cannot back.

use mice_cake_engine::analysis::{
    GameAnalysis, MISTAKE_PIPS, MoveAnalysis, analyse, analyse_played,
};
use mice_cake_engine::{GameRecord, Seat, Seated};
use mice_cake_protocol::GameId;

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

/// A loss with its interval: `3.2 ± 1.1`.
fn loss_text(analysed: &MoveAnalysis) -> String {
    let half = (analysed.loss_high - analysed.loss_low) / 2.0;
    format!("{:.1} ± {half:.1}", analysed.loss)
}

/// The whole analysis as text: what the values mean, each player's
/// summary, then each round.
pub fn lines(analysis: &GameAnalysis, replay: &Replay) -> Vec<String> {
    let names = names(replay);
    let mut lines = vec![format!(
        "Each move against the best alternatives `strong` finds. Values are the mover's \
         expected final margin in pips (+: ahead of the opponent at the end, −: behind); a loss \
         comes with its 95 % interval, and a move is a mistake only when it surely costs \
         {MISTAKE_PIPS:.0} pip or more (its loss then measured again, on fresh playouts):"
    )];
    lines.extend(summary_lines(analysis, &names));
    // Rounds with a choice whose move the server made at the deadline.
    let deadlines = Seated::from_fn(|seat| {
        analysis
            .rounds
            .iter()
            .filter(|round| round.moves[seat].is_some_and(|analysed| analysed.at_deadline))
            .count()
    });
    for seat in Seat::ALL.into_iter().filter(|seat| deadlines[*seat] > 0) {
        lines.push(format!(
            "{} ({seat}) missed {}: the server's moves there are marked, and are not counted as \
             theirs",
            names[seat],
            crate::text::plural(deadlines[seat] as u64, "deadline", "deadlines")
        ));
    }
    let left_out = analysis
        .rounds
        .iter()
        .filter(|round| !round.analysed)
        .count();
    if left_out > 0 {
        lines.push(format!(
            "A long game: {} of its {} rounds analysed, spread over it",
            analysis.rounds.len() - left_out,
            analysis.rounds.len()
        ));
    }
    for round in analysis.rounds.iter().filter(|round| round.analysed) {
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

/// Each player's accuracy in a game just played, in percent; none if the
/// record cannot be analysed.
pub fn accuracies(record: &GameRecord) -> Option<Seated<f64>> {
    let analysis = analyse_played(record).ok()?;
    Some(analysis.players.map(|summary| summary.accuracy))
}

/// Each player's accuracy in a few words: `Yellow (you) 92 %, Blue 85 %`
/// (`you`: this client's seat, if it played).
pub fn accuracy_words(accuracies: &Seated<f64>, you: Option<Seat>) -> String {
    let each: Vec<String> = Seat::ALL
        .into_iter()
        .map(|seat| {
            let mark = if you == Some(seat) { " (you)" } else { "" };
            format!("{seat}{mark} {:.0} %", accuracies[seat])
        })
        .collect();
    each.join(", ")
}

/// Each player's accuracy in game `id`, in one line, with where to read
/// each round's.
pub fn accuracy_line(accuracies: &Seated<f64>, you: Option<Seat>, id: GameId) -> String {
    format!(
        "accuracy (rounds without a mistake): {}; `mice-cake analyse {id}` tells each round",
        accuracy_words(accuracies, you)
    )
}

/// Each player's game in a sentence: accuracy, the loss a round, and the
/// costliest mistakes.
pub fn summary_lines(analysis: &GameAnalysis, names: &Seated<String>) -> Vec<String> {
    Seat::ALL
        .into_iter()
        .map(|seat| {
            let summary = &analysis.players[seat];
            let mistakes = if summary.costliest.is_empty() {
                "no mistake".to_owned()
            } else {
                let listed: Vec<String> = summary
                    .costliest
                    .iter()
                    .map(|mistake| format!("round {} (−{:.1})", mistake.round, mistake.loss))
                    .collect();
                format!("costliest: {}", listed.join(", "))
            };
            format!(
                "{} ({seat}): accuracy {:.0} % ({} of {} rounds with a choice without a \
                 mistake), {:.1} pips lost a round on average; {mistakes}",
                names[seat],
                summary.accuracy,
                summary.best_moves,
                summary.choices,
                summary.average_loss
            )
        })
        .collect()
}

/// Each player's game in few words (a narrow panel): accuracy, the loss a
/// round, the costliest mistake. By seat, not name: a name may take a
/// whole line of the panel, and the families' box says whose seat is whose.
pub fn short_summary_lines(analysis: &GameAnalysis) -> Vec<String> {
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
                "{seat}: accuracy {:.0} %, −{:.1}/round{worst}",
                summary.accuracy, summary.average_loss
            )
        })
        .collect()
}

/// One player's move in a round.
pub fn move_line(seat: Seat, name: &str, analysed: Option<&MoveAnalysis>) -> String {
    let Some(analysed) = analysed else {
        return format!("{name} ({seat}) had no choice");
    };
    let better = format!(
        "better: {} ({:+.1}): {} pips lost",
        analysed.best,
        analysed.best_value,
        loss_text(analysed)
    );
    match (analysed.at_deadline, analysed.mistake) {
        // The server's move at the deadline: said as such, neither
        // credited nor blamed.
        (true, false) => format!(
            "{name} ({seat}) missed the deadline; the server moved {} ({:+.1})",
            analysed.played, analysed.played_value
        ),
        (true, true) => format!(
            "{name} ({seat}) missed the deadline; the server moved {} ({:+.1}); {better}",
            analysed.played, analysed.played_value
        ),
        (false, true) => format!(
            "{name} ({seat}) played {} ({:+.1}); {better}",
            analysed.played, analysed.played_value
        ),
        (false, false) if analysed.loss_high < MISTAKE_PIPS => format!(
            "{name} ({seat}) played {} ({:+.1}), as good as any found",
            analysed.played, analysed.played_value
        ),
        (false, false) => format!(
            "{name} ({seat}) played {} ({:+.1}), no clear mistake (≈ {:.1} to {:.1} pips \
             behind the best found)",
            analysed.played, analysed.played_value, analysed.loss_low, analysed.loss_high
        ),
    }
}

/// One seat's move in a round, in few words (a narrow panel).
pub fn short_move_line(seat: Seat, analysed: Option<&MoveAnalysis>) -> String {
    match analysed {
        None => format!("{seat}: no choice"),
        Some(analysed) if analysed.at_deadline => format!(
            "{seat}: missed the deadline; the server moved {}",
            analysed.played
        ),
        Some(analysed) if analysed.mistake => format!(
            "{seat}: {}, −{} pips → {}",
            analysed.played,
            loss_text(analysed),
            analysed.best
        ),
        Some(analysed) => format!("{seat}: {}, no clear mistake", analysed.played),
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
    moves.map(|analysed| analysed.filter(|analysed| analysed.mistake))
}

#[cfg(test)]
mod tests {
    use mice_cake_engine::Policy;

    use super::*;

    fn a_replay() -> Replay {
        let record = crate::fixture::finished_record(8, Policy::Random);
        let finished = crate::fixture::served(record, 0xa11, None);
        crate::replay::parse(&serde_json::to_string(&finished).unwrap()).unwrap()
    }

    #[test]
    fn the_analysis_is_told_player_by_player_then_round_by_round() {
        let replay = a_replay();
        let mut analysis = of(&replay).unwrap();
        let lines = lines(&analysis, &replay);
        assert!(
            lines[0].contains("the mover's expected final margin"),
            "{lines:#?}"
        );
        assert!(lines[0].contains("95 % interval"), "{lines:#?}");
        assert!(
            lines[1].starts_with("ann (Yellow): accuracy "),
            "{lines:#?}"
        );
        assert!(lines[2].starts_with("bob (Blue): accuracy "), "{lines:#?}");
        assert!(lines[2].contains("costliest: round "), "{lines:#?}");
        assert_eq!(lines.len(), 3 + 2 * replay.rounds.len());
        // Random play's mistakes are named with the better move and the
        // loss's interval; a move that is no mistake gets no sharp loss.
        assert!(
            lines.iter().any(|line| line.contains("bob (Blue) played")
                && line.contains("better: ")
                && line.contains(" ± ")),
            "{lines:#?}"
        );
        for (round, told) in analysis.rounds.iter().zip(lines[3..].chunks(2)) {
            for (seat, line) in Seat::ALL.into_iter().zip(told) {
                if let Some(analysed) = round.moves[seat] {
                    assert_eq!(analysed.mistake, line.contains("better: "), "{line}");
                }
            }
        }
        let mistake = analysis.players.blue.costliest[0];
        let better = better_moves(&analysis, mistake.round as usize - 1);
        assert!(
            better
                .blue
                .is_some_and(|analysed| analysed.loss == mistake.loss && analysed.mistake)
        );
        // A move the server made at Yellow's missed deadline is said to be
        // the server's: no "played", and the miss is counted.
        let chosen = analysis
            .rounds
            .iter()
            .position(|round| round.moves.yellow.is_some())
            .expect("a round where Yellow had a choice");
        if let Some(analysed) = analysis.rounds[chosen].moves.yellow.as_mut() {
            analysed.at_deadline = true;
        }
        let told = super::lines(&analysis, &replay);
        let round = format!("Round {}  ann (Yellow) ", chosen + 1);
        let line = told.iter().find(|line| line.starts_with(&round)).unwrap();
        assert!(
            line.contains("missed the deadline; the server moved"),
            "{line}"
        );
        assert!(!line.contains("played"), "{line}");
        assert!(
            told.iter()
                .any(|line| line.starts_with("ann (Yellow) missed 1 deadline:")),
            "{told:#?}"
        );
        assert!(
            short_move_line(Seat::Yellow, analysis.rounds[chosen].moves.yellow.as_ref())
                .contains("missed the deadline")
        );
    }
}

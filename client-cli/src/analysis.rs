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

use crate::catalogue::{decimal, signed_decimal};
use crate::replay::Replay;
use crate::text::seat_name;
use crate::tr;

/// Analyses a replay's game: a second or so of one core. A game the server
/// says is over (a forfeit, say) is analysed as far as it was played.
pub fn of(replay: &Replay) -> anyhow::Result<GameAnalysis> {
    let analysed = if replay.result.is_some() {
        analyse_played(&replay.record)
    } else {
        analyse(&replay.record)
    };
    analysed
        .map_err(|error| anyhow::anyhow!(tr!("analysis-cannot-analyse", error = error.to_string())))
}

/// The players' names, or their seats'.
pub fn names(replay: &Replay) -> Seated<String> {
    replay
        .players
        .clone()
        .unwrap_or_else(|| Seated::from_fn(seat_name))
}

/// A loss with its interval: `3.2 ± 1.1`.
fn loss_text(analysed: &MoveAnalysis) -> String {
    let half = (analysed.loss_high - analysed.loss_low) / 2.0;
    format!("{} ± {}", decimal(analysed.loss, 1), decimal(half, 1))
}

/// The whole analysis as text: what the values mean, each player's
/// summary, then each round.
pub fn lines(analysis: &GameAnalysis, replay: &Replay) -> Vec<String> {
    let names = names(replay);
    let mut lines = vec![tr!(
        "analysis-introduction",
        mistake = format!("{MISTAKE_PIPS:.0}")
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
        lines.push(tr!(
            "analysis-deadlines-missed",
            name = names[seat].as_str(),
            seat = seat_name(seat),
            count = deadlines[seat]
        ));
    }
    let left_out = analysis
        .rounds
        .iter()
        .filter(|round| !round.analysed)
        .count();
    if left_out > 0 {
        lines.push(tr!(
            "analysis-long-game",
            analysed = analysis.rounds.len() - left_out,
            rounds = analysis.rounds.len()
        ));
    }
    for round in analysis.rounds.iter().filter(|round| round.analysed) {
        for seat in Seat::ALL {
            lines.push(tr!(
                "analysis-round",
                round = round.round,
                line = move_line(seat, &names[seat], round.moves[seat].as_ref())
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
            tr!(
                "analysis-seat-accuracy",
                seat = seat_name(seat),
                you = if you == Some(seat) { "yes" } else { "no" },
                percent = format!("{:.0}", accuracies[seat])
            )
        })
        .collect();
    each.join(", ")
}

/// Each player's accuracy in game `id`, in one line, with where to read
/// each round's.
pub fn accuracy_line(accuracies: &Seated<f64>, you: Option<Seat>, id: GameId) -> String {
    tr!(
        "analysis-accuracy-line",
        accuracies = accuracy_words(accuracies, you),
        id = id.to_string()
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
                tr!("analysis-no-mistake")
            } else {
                let listed: Vec<String> = summary
                    .costliest
                    .iter()
                    .map(|mistake| {
                        tr!(
                            "analysis-mistake",
                            round = mistake.round,
                            loss = decimal(mistake.loss, 1)
                        )
                    })
                    .collect();
                tr!("analysis-costliest", mistakes = listed.join(", "))
            };
            tr!(
                "analysis-summary",
                name = names[seat].as_str(),
                seat = seat_name(seat),
                accuracy = format!("{:.0}", summary.accuracy),
                best = summary.best_moves,
                choices = summary.choices,
                loss = decimal(summary.average_loss, 1),
                mistakes = mistakes
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
            let seat_words = seat_name(seat);
            let accuracy = format!("{:.0}", summary.accuracy);
            let loss = decimal(summary.average_loss, 1);
            match summary.costliest.first() {
                Some(mistake) => tr!(
                    "analysis-short-summary-worst",
                    seat = seat_words,
                    accuracy = accuracy,
                    loss = loss,
                    worst = mistake.round
                ),
                None => tr!(
                    "analysis-short-summary",
                    seat = seat_words,
                    accuracy = accuracy,
                    loss = loss
                ),
            }
        })
        .collect()
}

/// One player's move in a round.
pub fn move_line(seat: Seat, name: &str, analysed: Option<&MoveAnalysis>) -> String {
    let seat = seat_name(seat);
    let Some(analysed) = analysed else {
        return tr!("analysis-no-choice", name = name, seat = seat);
    };
    let better = tr!(
        "analysis-better",
        best = analysed.best.to_string(),
        value = signed_decimal(analysed.best_value, 1),
        loss = loss_text(analysed)
    );
    let played = analysed.played.to_string();
    let value = signed_decimal(analysed.played_value, 1);
    match (analysed.at_deadline, analysed.mistake) {
        // The server's move at the deadline: said as such, neither
        // credited nor blamed.
        (true, false) => tr!(
            "analysis-deadline-move",
            name = name,
            seat = seat,
            played = played,
            value = value
        ),
        (true, true) => tr!(
            "analysis-deadline-move-better",
            name = name,
            seat = seat,
            played = played,
            value = value,
            better = better
        ),
        (false, true) => tr!(
            "analysis-mistake-move",
            name = name,
            seat = seat,
            played = played,
            value = value,
            better = better
        ),
        (false, false) if analysed.loss_high < MISTAKE_PIPS => tr!(
            "analysis-good-move",
            name = name,
            seat = seat,
            played = played,
            value = value
        ),
        (false, false) => tr!(
            "analysis-unclear-move",
            name = name,
            seat = seat,
            played = played,
            value = value,
            low = decimal(analysed.loss_low, 1),
            high = decimal(analysed.loss_high, 1)
        ),
    }
}

/// One seat's move in a round, in few words (a narrow panel).
pub fn short_move_line(seat: Seat, analysed: Option<&MoveAnalysis>) -> String {
    let seat = seat_name(seat);
    match analysed {
        None => tr!("analysis-short-no-choice", seat = seat),
        Some(analysed) if analysed.at_deadline => tr!(
            "analysis-short-deadline",
            seat = seat,
            played = analysed.played.to_string()
        ),
        Some(analysed) if analysed.mistake => tr!(
            "analysis-short-mistake",
            seat = seat,
            played = analysed.played.to_string(),
            loss = loss_text(analysed),
            best = analysed.best.to_string()
        ),
        Some(analysed) => tr!(
            "analysis-short-fine",
            seat = seat,
            played = analysed.played.to_string()
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

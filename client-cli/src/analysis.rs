//! A finished game's analysis (the engine's `analysis`), made here with the
//! client's own engine, and told as text: `mice-cake analyse`, and the
//! replay's panel round by round.

use mice_cake_engine::analysis::{
    GameAnalysis, MISTAKE_PIPS, MoveAnalysis, analyse, analyse_played,
};
use mice_cake_engine::{GameRecord, Seat, Seated};

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

/// Who made each round's moves, by the record: the player, the server at
/// a missed deadline, or the server as the seat's bot.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Mover {
    Player,
    /// The server, at a deadline the player missed: no credit, no blame.
    Deadline,
    /// The server's own bot, which plays every move of its seat.
    Bot,
}

/// Each round's movers (index 0: round 1), from the record's sealed
/// exchanges; a record without them (format 1) says every move is the
/// player's.
pub fn movers(record: &GameRecord) -> Vec<Seated<Mover>> {
    let Some(fair) = &record.fair else {
        return vec![Seated::from_fn(|_| Mover::Player); record.rounds.len()];
    };
    // A bot: a seat without a key whose every exchange the server made.
    let bot = Seated::from_fn(|seat| {
        fair.keys.is_none_or(|keys| keys[seat].is_none())
            && fair.deal.by_server[seat]
            && fair.rounds.iter().all(|exchange| exchange.by_server[seat])
    });
    (0..record.rounds.len())
        .map(|index| {
            Seated::from_fn(|seat| match fair.rounds.get(index) {
                _ if bot[seat] => Mover::Bot,
                Some(exchange) if exchange.by_server[seat] => Mover::Deadline,
                _ => Mover::Player,
            })
        })
        .collect()
}

/// The whole analysis as text: what the values mean, each player's
/// summary, then each round.
pub fn lines(analysis: &GameAnalysis, replay: &Replay) -> Vec<String> {
    let names = names(replay);
    let movers = movers(&replay.record);
    let mut lines = vec![
        "Each move against the best `strong` finds. Values are the mover's expected final \
         margin in pips (+: ahead of the opponent at the end, −: behind):"
            .to_owned(),
    ];
    lines.extend(summary_lines(analysis, &names));
    // Rounds with a choice whose move the server made at the deadline.
    let deadlines = Seated::from_fn(|seat| {
        analysis
            .rounds
            .iter()
            .zip(&movers)
            .filter(|(round, movers)| {
                round.moves[seat].is_some() && movers[seat] == Mover::Deadline
            })
            .count()
    });
    for seat in Seat::ALL.into_iter().filter(|seat| deadlines[*seat] > 0) {
        lines.push(format!(
            "{} ({seat}) missed {}: the server's moves there are marked, and are not theirs",
            names[seat],
            crate::text::plural(deadlines[seat] as u64, "deadline", "deadlines")
        ));
    }
    for (index, round) in analysis.rounds.iter().enumerate() {
        for seat in Seat::ALL {
            let mover = movers
                .get(index)
                .map_or(Mover::Player, |movers| movers[seat]);
            lines.push(format!(
                "Round {}  {}",
                round.round,
                move_line(seat, &names[seat], round.moves[seat].as_ref(), mover)
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
/// the best moves, the costliest mistake. By seat, not name: a name may
/// take a whole line of the panel, and the families' box says whose seat
/// is whose.
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
                "{seat}: −{:.1}/round, best {}/{}{worst}",
                summary.average_loss, summary.best_moves, summary.choices
            )
        })
        .collect()
}

/// One player's move in a round.
pub fn move_line(seat: Seat, name: &str, analysed: Option<&MoveAnalysis>, mover: Mover) -> String {
    match (analysed, mover) {
        (None, _) => format!("{name} ({seat}) had no choice"),
        // The server's move at the deadline: said as such, neither
        // credited nor blamed.
        (Some(analysed), Mover::Deadline) if analysed.loss < MISTAKE_PIPS => format!(
            "{name} ({seat}) missed the deadline; the server moved {} ({:+.1})",
            analysed.played, analysed.played_value
        ),
        (Some(analysed), Mover::Deadline) => format!(
            "{name} ({seat}) missed the deadline; the server moved {} ({:+.1}); better: {} \
             ({:+.1})",
            analysed.played, analysed.played_value, analysed.best, analysed.best_value
        ),
        (Some(analysed), _) if analysed.loss < MISTAKE_PIPS => format!(
            "{name} ({seat}) played the best move, {} ({:+.1})",
            analysed.played, analysed.played_value
        ),
        (Some(analysed), _) => format!(
            "{name} ({seat}) played {} ({:+.1}); better: {} ({:+.1}): {:.1} pips lost",
            analysed.played,
            analysed.played_value,
            analysed.best,
            analysed.best_value,
            analysed.loss
        ),
    }
}

/// One seat's move in a round, in few words (a narrow panel).
pub fn short_move_line(seat: Seat, analysed: Option<&MoveAnalysis>, mover: Mover) -> String {
    match (analysed, mover) {
        (None, _) => format!("{seat}: no choice"),
        (Some(analysed), Mover::Deadline) => {
            format!(
                "{seat}: missed the deadline; the server moved {}",
                analysed.played
            )
        }
        (Some(analysed), _) if analysed.loss < MISTAKE_PIPS => {
            format!("{seat}: {}, the best move", analysed.played)
        }
        (Some(analysed), _) => format!(
            "{seat}: {}, −{:.1} pips → {}",
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

    fn a_replay() -> Replay {
        let record = crate::fixture::finished_record(8, Policy::Random);
        let finished = crate::fixture::served(record, 0xa11, None);
        crate::replay::parse(&serde_json::to_string(&finished).unwrap()).unwrap()
    }

    #[test]
    fn the_analysis_is_told_player_by_player_then_round_by_round() {
        let replay = a_replay();
        let analysis = of(&replay).unwrap();
        let lines = lines(&analysis, &replay);
        assert!(
            lines[0].contains("the mover's expected final margin"),
            "{lines:#?}"
        );
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
        // A move the server made at Yellow's missed deadline is said to be
        // the server's: no "played the best move", no "pips lost".
        let mut late = a_replay();
        let chosen = analysis
            .rounds
            .iter()
            .position(|round| round.moves.yellow.is_some())
            .expect("a round where Yellow had a choice");
        if let Some(fair) = late.record.fair.as_mut() {
            // The fixture's seats are the server's bots: Yellow a person.
            fair.deal.by_server.yellow = false;
            for exchange in &mut fair.rounds {
                exchange.by_server.yellow = false;
            }
            fair.rounds[chosen].by_server.yellow = true;
        }
        assert_eq!(movers(&late.record)[chosen + 1].yellow, Mover::Player);
        assert_eq!(movers(&late.record)[chosen].yellow, Mover::Deadline);
        let told = super::lines(&analysis, &late);
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
        // A seat the server played whole, without a key: its bot.
        let mut bot = a_replay();
        if let Some(fair) = bot.record.fair.as_mut() {
            fair.deal.by_server.blue = true;
            for exchange in &mut fair.rounds {
                exchange.by_server.blue = true;
            }
            if let Some(keys) = fair.keys.as_mut() {
                keys.blue = None;
            }
        }
        assert!(
            movers(&bot.record)
                .iter()
                .all(|movers| movers.blue == Mover::Bot)
        );
        let better = better_moves(&analysis, mistake.round as usize - 1);
        assert!(
            better
                .blue
                .is_some_and(|analysed| analysed.loss == mistake.loss)
        );
    }
}

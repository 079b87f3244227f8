//! Words for what happens: rounds, attempts, results. Both interfaces and
//! the plain output use them.

use mice_cake_engine::{
    Attempt, AttemptResult, BoostResult, BoostRoll, Change, Column, Decider, Domino, EndReason,
    Landing, RoundReport, Row, Seat, Seated, Target,
};
use mice_cake_protocol::{Ending, ForfeitCause, GameResult, PlayedRound};

/// One attempt, readable at a glance: who, where, dice, what happened.
pub fn attempt(attempt: &Attempt) -> String {
    let mice = plural(attempt.mice, "mouse", "mice");
    let target = match attempt.target {
        Target::Piece { piece } => format!("on {piece}"),
        Target::Steal { piece } => format!("stealing {piece}"),
        Target::BlindDoubleBlank => "found the double-blank blind".into(),
    };
    let dice = dice(attempt.dice.faces());
    let outcome = match attempt.result {
        AttemptResult::Took => "took it".into(),
        AttemptResult::TooLow => format!("below {}", attempt.value),
        AttemptResult::Exhausted => {
            format!("{} exhausted", plural(attempt.exhausted, "mouse", "mice"))
        }
        AttemptResult::LostContest => "outrolled by the other side".into(),
        AttemptResult::TiedContest => "tied: nobody takes it".into(),
        AttemptResult::Stole => "stole it, and the double-blank".into(),
        AttemptResult::Exchanged => "both stole: exchanged, double-blank removed".into(),
        AttemptResult::NoAttempt => "no attempt".into(),
    };
    let boost = if attempt.boosted > 0 {
        format!(", {} boosted", plural(attempt.boosted, "mouse", "mice"))
    } else {
        String::new()
    };
    if attempt.dice.is_empty() {
        format!(
            "{} {}: {mice} {target}: {outcome}",
            attempt.seat, attempt.column
        )
    } else {
        format!(
            "{} {}: {mice} {target}, rolled {dice} = {} → {outcome}{boost}",
            attempt.seat, attempt.column, attempt.sum
        )
    }
}

/// One boost roll.
pub fn boost(boost: &BoostRoll) -> String {
    let piece = boost
        .piece
        .map_or_else(String::new, |piece| format!(" on {piece}"));
    let outcome = match (boost.result, boost.piece) {
        (BoostResult::Took, _) => "took it".to_owned(),
        (BoostResult::TooLow, Some(piece)) => format!("below {}", piece.pips()),
        (BoostResult::TooLow, None) => "short".to_owned(),
        (BoostResult::NothingToRoll, _) => "nothing to roll at".to_owned(),
    };
    let more = if boost.boosted > 0 {
        format!(", +{} boost", boost.boosted)
    } else {
        String::new()
    };
    if boost.dice.is_empty() {
        format!("{} {} boost: {outcome}", boost.seat, boost.column)
    } else {
        format!(
            "{} {} boost{piece}, rolled {} = {} → {outcome}{more}",
            boost.seat,
            boost.column,
            dice(boost.dice.faces()),
            boost.sum
        )
    }
}

/// Deadlines missed in a row up to a round, and how many forfeit: what a
/// round's lines need to mark the assignments the server made.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Missed {
    /// Per seat, rounds in a row the deadline played, up to this one.
    pub in_a_row: Seated<u32>,
    /// Missed deadlines in a row after which a player forfeits.
    pub limit: u32,
}

/// A whole round, line by line: both assignments (and whose the deadline
/// made), the pieces turned up before the dice, every attempt, the boosts,
/// and what the round left behind.
pub fn round(played: &PlayedRound, missed: Missed) -> Vec<String> {
    let report = &played.report;
    let turned = TurnedUp::of(played);
    let mut lines = vec![round_header(report)];
    let indented = deadline_notes(played, missed)
        .into_iter()
        .chain(turned_up_first(report))
        .chain(report.attempts.iter().map(attempt))
        .chain(turned.after_attempts.iter().cloned())
        .chain(
            report
                .boosts
                .iter()
                .enumerate()
                .flat_map(|(index, rolled)| {
                    std::iter::once(boost(rolled)).chain(turned.after_boost(index).iter().cloned())
                }),
        )
        .chain(resting_notes(report));
    lines.extend(indented.map(|line| format!("  {line}")));
    lines
}

/// The pieces a round turned up once its attempts were down, and those each
/// boost turned up, in the order they turned (from the round's beats; a
/// round told without them has every piece after the attempts).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct TurnedUp {
    pub after_attempts: Vec<String>,
    pub after_boosts: Vec<Vec<String>>,
}

impl TurnedUp {
    pub fn of(played: &PlayedRound) -> TurnedUp {
        let words =
            |column: Column, row: Row, piece: Domino| format!("{column}{row} turns up: {piece}");
        if played.beats.is_empty() {
            return TurnedUp {
                after_attempts: played
                    .report
                    .flips
                    .iter()
                    .map(|flip| words(flip.column, flip.row, flip.piece))
                    .collect(),
                after_boosts: Vec::new(),
            };
        }
        let mut turned = TurnedUp {
            after_attempts: Vec::new(),
            after_boosts: vec![Vec::new(); played.report.boosts.len()],
        };
        let mut attempts_down = false;
        for beat in &played.beats {
            let flips = beat.changes.iter().filter_map(|change| match *change {
                Change::TurnUp { column, row, piece } => Some(words(column, row, piece)),
                _ => None,
            });
            match beat.lands {
                Landing::Attempt { .. } => attempts_down = true,
                // Before the attempts, pieces under mice turn up: told apart.
                Landing::TurnUp if attempts_down => turned.after_attempts.extend(flips),
                Landing::TurnUp => {}
                Landing::Boost { index } => {
                    if let Some(after) = turned.after_boosts.get_mut(usize::from(index)) {
                        after.extend(flips);
                    }
                }
            }
        }
        turned
    }

    /// The pieces boost `index` turned up.
    pub fn after_boost(&self, index: usize) -> &[String] {
        self.after_boosts.get(index).map_or(&[], Vec::as_slice)
    }
}

/// Whose assignment the server made at the deadline, and how close that
/// player is to forfeiting.
pub fn deadline_notes(played: &PlayedRound, missed: Missed) -> Vec<String> {
    Seat::ALL
        .into_iter()
        .filter(|seat| played.auto[*seat])
        .map(|seat| {
            let count = missed.in_a_row[seat];
            let tally = if missed.limit == 0 {
                String::new()
            } else if count >= missed.limit {
                format!(" ({count} of {}: forfeits)", missed.limit)
            } else {
                format!(" ({count} of {})", missed.limit)
            };
            format!("{seat} missed the deadline: the server chose{tally}")
        })
        .collect()
}

/// Face-down pieces turned up before the dice were rolled at them (the
/// all-face-down game's blind round).
pub fn turned_up_first(report: &RoundReport) -> Vec<String> {
    report
        .revealed
        .iter()
        .map(|flip| format!("{}{} turns up: {}", flip.column, flip.row, flip.piece))
        .collect()
}

/// A round's first line: both assignments.
pub fn round_header(report: &RoundReport) -> String {
    format!(
        "Round {}: Yellow {} — Blue {}",
        report.round, report.assignments.yellow, report.assignments.blue
    )
}

/// The mice a round left resting.
pub fn resting_notes(report: &RoundReport) -> Vec<String> {
    let mut notes = Vec::new();
    for seat in Seat::ALL {
        let resting: u8 = report.resting[seat].iter().sum();
        if resting > 0 {
            let rest = if resting == 1 { "rests" } else { "rest" };
            notes.push(format!(
                "{seat}: {} {rest} next round",
                plural(resting, "mouse", "mice")
            ));
        }
    }
    notes
}

/// The end of a game, in one line.
pub fn result(result: &GameResult) -> String {
    format!("Game over: {}", outcome(result))
}

/// The score, the winner and how it ended:
/// `Yellow 94 – Blue 74, Yellow wins on pips (the cake is gone)`.
pub fn outcome(result: &GameResult) -> String {
    let score = format!(
        "Yellow {} – Blue {}",
        result.score.yellow.pips, result.score.blue.pips
    );
    let how = match result.ending {
        Ending::Played { end, decided_by } => {
            let why = match end {
                EndReason::BoardCleared => "the cake is gone",
                EndReason::NoMovesLeft => "no mouse can move",
                EndReason::StallLimit => "the stall limit was reached",
            };
            let decider = match decided_by {
                Decider::Pips => "on pips",
                Decider::Pieces => "on the number of pieces",
                Decider::DoubleSix => "holding the 6/6",
                Decider::Draw => "",
            };
            match result.winner {
                Some(winner) => format!("{winner} wins {decider} ({why})"),
                None => format!("a draw ({why})"),
            }
        }
        // The winner is said as the result gives it, not worked out from
        // the ending: a result whose winner was changed reads differently.
        Ending::Forfeit { seat, cause } => {
            format!("{}: {seat} {}", winner_words(result), forfeit(cause))
        }
        Ending::Abandoned { cause } => match result.winner {
            None => format!("abandoned: both players {}", forfeit(cause)),
            Some(_) => format!(
                "abandoned: both players {}; {}",
                forfeit(cause),
                winner_words(result)
            ),
        },
        Ending::Aborted { seat, cause } => format!(
            "aborted before both players had a move: {} {}; {}, not rated",
            seat.map_or_else(|| "both players".to_owned(), |seat| seat.to_string()),
            forfeit(cause),
            winner_words(result)
        ),
    };
    format!("{score}, {how}")
}

/// The badge beside a program's name: ` [BOT]` for a server-side bot or a
/// key that declared itself a bot, nothing for a person.
pub fn bot_badge(player: &mice_cake_protocol::PlayerInfo) -> &'static str {
    if player.is_bot() { " [BOT]" } else { "" }
}

/// Who the result says won: `Blue wins`, or `nobody wins`.
fn winner_words(result: &GameResult) -> String {
    result.winner.map_or_else(
        || "nobody wins".to_owned(),
        |winner| format!("{winner} wins"),
    )
}

fn forfeit(cause: ForfeitCause) -> &'static str {
    match cause {
        ForfeitCause::MissedDeadlines => "missed too many deadlines",
        ForfeitCause::Disconnected => "stayed away too long",
        ForfeitCause::Left => "left the game",
        ForfeitCause::NotOpened => "did not open a sealed move in time",
    }
}

fn dice(faces: &[u8]) -> String {
    faces
        .iter()
        .map(u8::to_string)
        .collect::<Vec<_>>()
        .join(" ")
}

/// `1 mouse`, `3 mice`.
pub fn plural(count: impl Into<u64>, one: &str, many: &str) -> String {
    let count = count.into();
    if count == 1 {
        format!("1 {one}")
    } else {
        format!("{count} {many}")
    }
}

/// A probability as a whole percentage, never showing 0 % or 100 % for what
/// is merely unlikely or likely.
pub fn percent(probability: f64) -> String {
    let percent = probability * 100.0;
    if percent > 0.0 && percent < 1.0 {
        "<1%".into()
    } else if percent < 100.0 && percent > 99.0 {
        ">99%".into()
    } else {
        format!("{percent:.0}%")
    }
}

/// `text` padded (or cut, with `…`) to exactly `width` columns on screen.
pub(crate) fn fit(text: &str, width: usize) -> String {
    use unicode_width::UnicodeWidthStr as _;
    let mut fitted = String::new();
    if text.width() <= width {
        fitted.push_str(text);
    } else {
        for c in text.chars() {
            let candidate = format!("{fitted}{c}");
            if candidate.width() + 1 > width {
                break;
            }
            fitted = candidate;
        }
        fitted.push('…');
    }
    let pad = width.saturating_sub(fitted.width());
    fitted.push_str(&" ".repeat(pad));
    fitted
}

#[cfg(test)]
mod tests {
    use mice_cake_engine::{Decider, greedy_assignment};
    use mice_cake_engine::{EndReason, Options, RecordedGame, Score, Seated, Seed, Viewer};

    use super::*;

    #[test]
    fn percentages_never_round_to_certainty() {
        assert_eq!(percent(0.0), "0%");
        assert_eq!(percent(0.004), "<1%");
        assert_eq!(percent(0.5), "50%");
        assert_eq!(percent(0.996), ">99%");
        assert_eq!(percent(1.0), "100%");
    }

    #[test]
    fn counts_agree_with_their_nouns() {
        assert_eq!(plural(1u8, "mouse", "mice"), "1 mouse");
        assert_eq!(plural(0u8, "mouse", "mice"), "0 mice");
        assert_eq!(plural(15u32, "piece", "pieces"), "15 pieces");
    }

    #[test]
    fn rounds_read_at_a_glance() {
        let mut game = RecordedGame::new(Options::default(), Seed::from_u64(5)).unwrap();
        let mut text = Vec::new();
        for _ in 0..4 {
            let [yellow, blue] = [Seat::Yellow, Seat::Blue]
                .map(|seat| greedy_assignment(&game.game().view(Viewer::from(seat)), seat));
            let report = game.play_round(&yellow, &blue).unwrap().clone();
            let played = PlayedRound {
                sealed: None,
                report,
                auto: Seated::default(),
                beats: Vec::new(),
            };
            text.extend(round(&played, Missed::default()));
        }
        insta::assert_snapshot!(text.join("\n"));
    }

    #[test]
    fn every_ending_is_told() {
        let score = Seated {
            yellow: Score {
                pips: 80,
                pieces: 14,
                double_six: false,
            },
            blue: Score {
                pips: 80,
                pieces: 13,
                double_six: true,
            },
        };
        let played = GameResult {
            winner: Some(Seat::Yellow),
            score,
            ending: Ending::Played {
                end: EndReason::BoardCleared,
                decided_by: Decider::Pieces,
            },
        };
        assert_eq!(
            result(&played),
            "Game over: Yellow 80 – Blue 80, Yellow wins on the number of pieces (the cake is gone)"
        );
        let forfeit = GameResult {
            winner: Some(Seat::Blue),
            score,
            ending: Ending::Forfeit {
                seat: Seat::Yellow,
                cause: ForfeitCause::MissedDeadlines,
            },
        };
        assert_eq!(
            result(&forfeit),
            "Game over: Yellow 80 – Blue 80, Blue wins: Yellow missed too many deadlines"
        );
        let abandoned = GameResult {
            winner: None,
            score,
            ending: Ending::Abandoned {
                cause: ForfeitCause::Disconnected,
            },
        };
        assert_eq!(
            result(&abandoned),
            "Game over: Yellow 80 – Blue 80, abandoned: both players stayed away too long"
        );
        let aborted = GameResult {
            winner: None,
            score: Seated::default(),
            ending: Ending::Aborted {
                seat: Some(Seat::Blue),
                cause: ForfeitCause::Left,
            },
        };
        assert_eq!(
            result(&aborted),
            "Game over: Yellow 0 – Blue 0, aborted before both players had a move: Blue left the \
             game; nobody wins, not rated"
        );
        // The winner is the result's own: a changed one reads otherwise.
        let swapped = GameResult {
            winner: Some(Seat::Yellow),
            ..forfeit
        };
        assert_ne!(result(&swapped), result(&forfeit));
    }
}

#[cfg(test)]
mod marks {
    use mice_cake_engine::{
        Options, RecordedGame, Reveal, Seated, Seed, Viewer, greedy_assignment,
    };

    use super::*;

    fn first_round(options: Options, seed: u64) -> RoundReport {
        let mut game = RecordedGame::new(options, Seed::from_u64(seed)).unwrap();
        let [yellow, blue] = [Seat::Yellow, Seat::Blue]
            .map(|seat| greedy_assignment(&game.game().view(Viewer::from(seat)), seat));
        game.play_round(&yellow, &blue).unwrap().clone()
    }

    #[test]
    fn moves_the_deadline_made_are_marked_with_the_tally() {
        let played = PlayedRound {
            sealed: None,
            beats: Vec::new(),
            report: first_round(Options::default(), 3),
            auto: Seated {
                yellow: false,
                blue: true,
            },
        };
        let missed = Missed {
            in_a_row: Seated { yellow: 0, blue: 1 },
            limit: 3,
        };
        let lines = round(&played, missed);
        assert_eq!(
            lines[1],
            "  Blue missed the deadline: the server chose (1 of 3)"
        );
        let last = Missed {
            in_a_row: Seated { yellow: 0, blue: 3 },
            limit: 3,
        };
        assert!(round(&played, last)[1].ends_with("(3 of 3: forfeits)"));
        assert!(
            !round(&played, missed)
                .iter()
                .any(|line| line.contains("Yellow missed"))
        );
    }

    #[test]
    fn pieces_turned_up_blind_come_before_the_dice_rolled_at_them() {
        let options = Options {
            reveal: Reveal::AllFaceDown,
            ..Options::default()
        };
        let report = first_round(options, 4);
        assert!(!report.revealed.is_empty());
        let lines = round(
            &PlayedRound {
                sealed: None,
                report: report.clone(),
                auto: Seated::default(),
                beats: Vec::new(),
            },
            Missed::default(),
        );
        let first_flip = lines
            .iter()
            .position(|line| line.contains("turns up"))
            .unwrap();
        let first_attempt = lines
            .iter()
            .position(|line| line.contains("rolled") || line.contains("found the"))
            .unwrap();
        assert!(first_flip < first_attempt, "{lines:#?}");
    }

    #[test]
    fn one_mouse_rests_and_two_mice_rest() {
        let mut report = first_round(Options::default(), 3);
        report.resting = Seated {
            yellow: [1, 0, 0, 0],
            blue: [1, 1, 0, 0],
        };
        let notes = resting_notes(&report);
        assert!(notes.contains(&"Yellow: 1 mouse rests next round".to_owned()));
        assert!(notes.contains(&"Blue: 2 mice rest next round".to_owned()));
    }
}

//! Words for what happens: rounds, attempts, results. Both interfaces and
//! the plain output use them.

use mice_cake_engine::{
    Attempt, AttemptResult, BoostResult, BoostRoll, CellView, Change, Column, Decider, Domino,
    EndReason, GameView, Landing, RoundReport, Row, Seat, Seated, Target,
};
use mice_cake_protocol::{
    Ending, ForfeitCause, GameResult, NotRated, PlayedRound, Pool, SeekEndCause,
};

use crate::tr;

/// A seat's name in the player's language: `Yellow`, `Blue`.
pub fn seat_name(seat: Seat) -> String {
    tr!("text-seat", seat = seat_key(seat))
}

/// A seat as the catalogue's selectors name it.
fn seat_key(seat: Seat) -> &'static str {
    match seat {
        Seat::Yellow => "yellow",
        Seat::Blue => "blue",
    }
}

/// `1 mouse`, `3 mice`, in the player's language.
pub fn mice(count: impl Into<u64>) -> String {
    tr!("text-mice", count = count.into())
}

/// A pool's name in words (`face up boost`); the name typed after
/// `--pool` (`face_up_boost`) is [`Pool::name`].
pub fn pool_words(pool: Pool) -> String {
    tr!("text-pool", pool = pool.name())
}

/// Why a game in a rated room is not rated, in a phrase.
pub fn not_rated(why: NotRated) -> String {
    let why = match why {
        NotRated::SameAddress => "same_address",
        NotRated::PairLimit => "pair_limit",
        NotRated::BotAgainstPerson => "bot_against_person",
        NotRated::SameKey => "same_key",
        NotRated::Aborted => "aborted",
        NotRated::Abandoned => "abandoned",
    };
    tr!(
        "text-not-rated",
        why = why,
        games = mice_cake_protocol::RATED_GAMES_PER_PAIR
    )
}

/// Why a seek ended without a game, in a phrase: from its cause, or in
/// the server's own words (`reason`) for a room that could not be made.
pub fn seek_end(cause: SeekEndCause, reason: &str) -> String {
    let cause = match cause {
        SeekEndCause::Cancelled => "cancelled",
        SeekEndCause::ShuttingDown => "shutting_down",
        SeekEndCause::DealNotSealed => "deal_not_sealed",
        SeekEndCause::NoRoom => "no_room",
    };
    tr!("text-seek-end", cause = cause, reason = reason)
}

/// One attempt, readable at a glance: who, where, dice, what happened.
pub fn attempt(attempt: &Attempt) -> String {
    let (target, piece) = match attempt.target {
        Target::Piece { piece } => ("piece", piece.to_string()),
        Target::Steal { piece } => ("steal", piece.to_string()),
        Target::BlindDoubleBlank => ("blind", String::new()),
    };
    let target = tr!("text-attempt-target", target = target, piece = piece);
    let result = match attempt.result {
        AttemptResult::Took => "took",
        AttemptResult::TooLow => "too_low",
        AttemptResult::Exhausted => "exhausted",
        AttemptResult::LostContest => "lost_contest",
        AttemptResult::TiedContest => "tied_contest",
        AttemptResult::Stole => "stole",
        AttemptResult::Exchanged => "exchanged",
        AttemptResult::NoAttempt => "no_attempt",
    };
    let outcome = tr!(
        "text-attempt-outcome",
        result = result,
        value = attempt.value,
        exhausted = attempt.exhausted
    );
    let seat = seat_name(attempt.seat);
    let column = attempt.column.to_string();
    let mice = mice(attempt.mice);
    if attempt.dice.is_empty() {
        tr!(
            "text-attempt",
            seat = seat,
            column = column,
            mice = mice,
            target = target,
            outcome = outcome
        )
    } else {
        tr!(
            "text-attempt-rolled",
            seat = seat,
            column = column,
            mice = mice,
            target = target,
            dice = dice(attempt.dice.faces()),
            sum = attempt.sum,
            outcome = outcome,
            boosted = attempt.boosted
        )
    }
}

/// One boost roll.
pub fn boost(boost: &BoostRoll) -> String {
    let result = match (boost.result, boost.piece) {
        (BoostResult::Took, _) => "took",
        (BoostResult::TooLow, Some(_)) => "too_low",
        (BoostResult::TooLow, None) => "short",
        (BoostResult::NothingToRoll, _) => "nothing",
    };
    let outcome = tr!(
        "text-boost-outcome",
        result = result,
        pips = boost.piece.map_or(0, Domino::pips)
    );
    let seat = seat_name(boost.seat);
    let column = boost.column.to_string();
    if boost.dice.is_empty() {
        return tr!(
            "text-boost",
            seat = seat,
            column = column,
            outcome = outcome
        );
    }
    let dice = dice(boost.dice.faces());
    match boost.piece {
        Some(piece) => tr!(
            "text-boost-rolled-on",
            seat = seat,
            column = column,
            piece = piece.to_string(),
            dice = dice,
            sum = boost.sum,
            outcome = outcome,
            boosted = boost.boosted
        ),
        None => tr!(
            "text-boost-rolled",
            seat = seat,
            column = column,
            dice = dice,
            sum = boost.sum,
            outcome = outcome,
            boosted = boost.boosted
        ),
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
        if played.beats.is_empty() {
            return TurnedUp {
                after_attempts: played
                    .report
                    .flips
                    .iter()
                    .map(|flip| turns_up(flip.column, flip.row, flip.piece))
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
                Change::TurnUp { column, row, piece } => Some(turns_up(column, row, piece)),
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

/// `C3 turns up: 2/5`.
fn turns_up(column: Column, row: Row, piece: Domino) -> String {
    tr!(
        "text-turns-up",
        cell = format!("{column}{row}"),
        piece = piece.to_string()
    )
}

/// Whose assignment the server made at the deadline, and how close that
/// player is to forfeiting.
pub fn deadline_notes(played: &PlayedRound, missed: Missed) -> Vec<String> {
    Seat::ALL
        .into_iter()
        .filter(|seat| played.auto[*seat])
        .map(|seat| {
            let count = missed.in_a_row[seat];
            let seat = seat_name(seat);
            if missed.limit == 0 {
                tr!("text-deadline-missed", seat = seat)
            } else if count >= missed.limit {
                tr!(
                    "text-deadline-missed-forfeits",
                    seat = seat,
                    count = count,
                    limit = missed.limit
                )
            } else {
                tr!(
                    "text-deadline-missed-tally",
                    seat = seat,
                    count = count,
                    limit = missed.limit
                )
            }
        })
        .collect()
}

/// Face-down pieces turned up before the dice were rolled at them (the
/// all-face-down game's blind round).
pub fn turned_up_first(report: &RoundReport) -> Vec<String> {
    report
        .revealed
        .iter()
        .map(|flip| turns_up(flip.column, flip.row, flip.piece))
        .collect()
}

/// A round's first line: both assignments.
pub fn round_header(report: &RoundReport) -> String {
    tr!(
        "text-round-header",
        round = report.round,
        yellow = report.assignments.yellow.to_string(),
        blue = report.assignments.blue.to_string()
    )
}

/// The mice a round left resting.
pub fn resting_notes(report: &RoundReport) -> Vec<String> {
    let mut notes = Vec::new();
    for seat in Seat::ALL {
        let resting: u8 = report.resting[seat].iter().sum();
        if resting > 0 {
            notes.push(tr!("text-resting", seat = seat_name(seat), count = resting));
        }
    }
    notes
}

/// The cake as text, row 1 at the top (`##` a face-down piece), then each
/// family's pips, pieces and mice available.
pub fn view_lines(view: &GameView) -> Vec<String> {
    let mut lines = vec!["      A    B    C    D".to_owned()];
    for row in Row::all() {
        let cells: Vec<String> = Column::ALL
            .into_iter()
            .map(|column| match view.cell(column, row) {
                CellView::Empty => "   .".to_owned(),
                CellView::FaceDown => "  ##".to_owned(),
                CellView::FaceUp(piece) => format!(" {:>3}", piece.to_string()),
            })
            .collect();
        lines.push(format!("{row}  {}", cells.join(" ")));
    }
    for seat in Seat::ALL {
        let family = &view.families[seat];
        lines.push(tr!(
            "text-family",
            seat = seat_name(seat),
            pips = family.score.pips,
            pieces = family.score.pieces,
            available = family.available
        ));
    }
    lines
}

/// The end of a game, in one line.
/// A match's score, by the names of who sits where now:
/// `Match, first to 3: Ann 2 – Bob 1`; and its end, if it ended.
pub fn match_lines(score: &mice_cake_protocol::MatchScore, names: &Seated<String>) -> Vec<String> {
    let mut lines = vec![tr!(
        "text-match-score",
        first_to = score.first_to,
        yellow = names.yellow.as_str(),
        yellow_wins = score.wins.yellow,
        blue = names.blue.as_str(),
        blue_wins = score.wins.blue
    )];
    use mice_cake_engine::MatchEnd;
    match score.end {
        Some(MatchEnd::Won { winner }) => {
            lines.push(tr!("text-match-won", winner = names[winner].as_str()));
        }
        Some(MatchEnd::Forfeit { winner }) => lines.push(tr!(
            "text-match-forfeit",
            winner = names[winner].as_str(),
            loser = names[winner.opponent()].as_str()
        )),
        Some(MatchEnd::Abandoned) => lines.push(tr!("text-match-abandoned")),
        None => {
            if let Some(ms) = score.next_game_ms {
                lines.push(tr!(
                    "text-match-next",
                    number = score.number + 1,
                    seconds = ms.div_ceil(1000)
                ));
            }
        }
    }
    lines
}

pub fn result(result: &GameResult) -> String {
    tr!("text-game-over", outcome = outcome(result))
}

/// The score, the winner and how it ended:
/// `Yellow 94 – Blue 74, Yellow wins on pips (the cake is gone)`.
pub fn outcome(result: &GameResult) -> String {
    let score = tr!(
        "text-score",
        yellow = result.score.yellow.pips,
        blue = result.score.blue.pips
    );
    match result.ending {
        Ending::Played { end, decided_by } => {
            let why = match end {
                EndReason::BoardCleared => "board_cleared",
                EndReason::NoMovesLeft => "no_moves_left",
                EndReason::StallLimit => "stall_limit",
            };
            let why = tr!("text-end-why", end = why);
            match result.winner {
                Some(winner) => {
                    let decided_by = match decided_by {
                        Decider::Pips => "pips",
                        Decider::Pieces => "pieces",
                        Decider::DoubleSix => "double_six",
                        Decider::Draw => "draw",
                    };
                    tr!(
                        "text-outcome-won",
                        score = score,
                        winner = seat_name(winner),
                        decided = decided_by,
                        why = why
                    )
                }
                None => tr!("text-outcome-draw", score = score, why = why),
            }
        }
        // The winner is said as the result gives it, not worked out from
        // the ending: a result whose winner was changed reads differently.
        Ending::Forfeit { seat, cause } => tr!(
            "text-outcome-forfeit",
            score = score,
            winner = winner_words(result),
            forfeit = forfeit(Some(seat), cause)
        ),
        Ending::Abandoned { cause } => match result.winner {
            None => tr!(
                "text-outcome-abandoned",
                score = score,
                forfeit = forfeit(None, cause)
            ),
            Some(_) => tr!(
                "text-outcome-abandoned-won",
                score = score,
                forfeit = forfeit(None, cause),
                winner = winner_words(result)
            ),
        },
        Ending::Aborted { seat, cause } => tr!(
            "text-outcome-aborted",
            score = score,
            forfeit = forfeit(seat, cause),
            winner = winner_words(result)
        ),
    }
}

/// The badge beside a program's name: ` [BOT]` for a server-side bot or a
/// key that declared itself a bot, nothing for a person.
pub fn bot_badge(player: &mice_cake_protocol::PlayerInfo) -> &'static str {
    if player.is_bot() { " [BOT]" } else { "" }
}

/// Who the result says won: `Blue wins`, or `nobody wins`.
fn winner_words(result: &GameResult) -> String {
    result.winner.map_or_else(
        || tr!("text-nobody-wins"),
        |winner| tr!("text-wins", seat = seat_name(winner)),
    )
}

/// Who forfeited (a seat, or both players) and how, in a phrase:
/// `Yellow left the game`.
fn forfeit(seat: Option<Seat>, cause: ForfeitCause) -> String {
    let cause = match cause {
        ForfeitCause::MissedDeadlines => "missed_deadlines",
        ForfeitCause::Disconnected => "disconnected",
        ForfeitCause::Left => "left",
        ForfeitCause::NotOpened => "not_opened",
    };
    match seat {
        Some(seat) => tr!("text-forfeit", seat = seat_name(seat), cause = cause),
        None => tr!("text-forfeit-both", cause = cause),
    }
}

fn dice(faces: &[u8]) -> String {
    faces
        .iter()
        .map(u8::to_string)
        .collect::<Vec<_>>()
        .join(" ")
}

/// `1 mouse`, `3 mice`: English nouns, counted (the player's language has
/// its own messages: [`mice`], and `tr!` with a count).
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
        tr!("text-percent-below-one")
    } else if percent < 100.0 && percent > 99.0 {
        tr!("text-percent-above-99")
    } else {
        tr!("text-percent", percent = format!("{percent:.0}"))
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

/// `text` padded with spaces to `width` columns on screen, on the right
/// (`left`: the text to the left) or on the left; never cut.
pub(crate) fn pad(text: &str, width: usize, left: bool) -> String {
    use unicode_width::UnicodeWidthStr as _;
    let padding = " ".repeat(width.saturating_sub(text.width()));
    if left {
        format!("{text}{padding}")
    } else {
        format!("{padding}{text}")
    }
}

/// A table's column width: `least`, or its heading's or widest cell's
/// width if wider (a language's heading may be longer than English's).
pub(crate) fn column_width<'a>(least: usize, texts: impl IntoIterator<Item = &'a str>) -> usize {
    texts
        .into_iter()
        .map(unicode_width::UnicodeWidthStr::width)
        .fold(least, usize::max)
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

#[cfg(test)]
mod languages {
    use mice_cake_engine::{
        Options, RecordedGame, Reveal, Score, Seated, Seed, Viewer, greedy_assignment,
    };

    use super::*;

    /// Every round of a game (boosts and face-down pieces included), its
    /// cake after each round, and its end.
    fn a_whole_game(options: Options, seed: u64) -> Vec<String> {
        let mut game = RecordedGame::new(options, Seed::from_u64(seed)).unwrap();
        let mut lines = view_lines(&game.game().view(Viewer::Spectator));
        while !game.game().is_over() {
            let [yellow, blue] = [Seat::Yellow, Seat::Blue]
                .map(|seat| greedy_assignment(&game.game().view(Viewer::from(seat)), seat));
            let report = game.play_round(&yellow, &blue).unwrap().clone();
            let played = PlayedRound {
                sealed: None,
                report,
                auto: Seated {
                    yellow: true,
                    blue: false,
                },
                beats: Vec::new(),
            };
            let missed = Missed {
                in_a_row: Seated { yellow: 1, blue: 0 },
                limit: 3,
            };
            lines.extend(round(&played, missed));
            lines.extend(view_lines(&game.game().view(Viewer::Spectator)));
        }
        let outcome = game.game().outcome().copied().unwrap();
        lines.push(result(&GameResult::played(&outcome)));
        lines
    }

    #[test]
    fn the_cake_reads_as_the_engine_draws_it_in_english() {
        let game = RecordedGame::new(Options::default(), Seed::from_u64(9)).unwrap();
        let view = game.game().view(Viewer::Spectator);
        assert_eq!(
            format!("{}\n", view_lines(&view).join("\n")),
            view.to_string()
        );
    }

    #[test]
    fn a_whole_game_reads_in_french_and_spanish() {
        let boost = Options {
            boost: true,
            reveal: Reveal::AllFaceDown,
            ..Options::default()
        };
        for options in [Options::default(), boost] {
            let english = a_whole_game(options, 11);
            for (language, round, yellow) in [
                ("fr", "Manche 1\u{202f}: Jaune ", "Jaune"),
                ("es", "Ronda 1: Amarillo ", "Amarillo"),
            ] {
                let lines = crate::catalogue::speaking(language, || a_whole_game(options, 11));
                assert_eq!(lines.len(), english.len());
                assert!(
                    lines.iter().any(|line| line.starts_with(round)),
                    "{language}: {lines:#?}"
                );
                assert!(lines.iter().any(|line| line.contains(yellow)));
                // No message missing (shown as its id in braces), and no
                // English line left.
                for (line, english) in lines.iter().zip(&english) {
                    assert!(!line.contains('{'), "{language}: {line}");
                    let words = english.chars().any(|c| c.is_ascii_lowercase());
                    assert!(!words || line != english, "{language}: {line}");
                }
            }
        }
    }

    #[test]
    fn every_ending_is_told_in_french() {
        let score = Seated {
            yellow: Score {
                pips: 80,
                pieces: 14,
                double_six: false,
            },
            blue: Score::default(),
        };
        let forfeit = GameResult {
            winner: Some(Seat::Blue),
            score,
            ending: Ending::Forfeit {
                seat: Seat::Yellow,
                cause: ForfeitCause::MissedDeadlines,
            },
        };
        assert_eq!(
            crate::catalogue::speaking("fr", || result(&forfeit)),
            "Partie terminée\u{202f}: Jaune 80 – Bleu 0, Bleu gagne\u{202f}: Jaune a laissé passer \
             trop de délais"
        );
        let aborted = GameResult {
            winner: None,
            score,
            ending: Ending::Aborted {
                seat: None,
                cause: ForfeitCause::Left,
            },
        };
        assert!(
            crate::catalogue::speaking("es", || result(&aborted))
                .contains("ambos jugadores salieron de la partida; nadie gana, no puntuada")
        );
    }
}

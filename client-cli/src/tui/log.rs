//! The rounds log of the full-screen interface: every round of the current
//! game (the newest on top, played out while it is revealed), then the
//! room's earlier games, each under its result. Attempts on the same column
//! share a line, Yellow's left and Blue's right, so that a whole reveal
//! fits an 80×24 terminal and a contest reads at a glance.

use std::time::Instant;

use mice_cake_engine::{
    Attempt, AttemptResult, BoostResult, BoostRoll, Column, Seat, Seated, Target,
};
use mice_cake_protocol::PlayedRound;
use ratatui::style::{Color, Style, Stylize};
use ratatui::text::{Line, Span};
use unicode_width::UnicodeWidthStr;

use super::palette::color;
use super::reveal::{Progress, RevealShow, face, tumbling_face};
use super::{MARKS, seat_name, spans_around};
use crate::text::{self, Missed};
use crate::tr;
use crate::tracker::{Tracker, missed_in_a_row};

/// Below this width, each attempt takes a line of its own.
const SIDE_BY_SIDE: u16 = 64;

/// Every line of the log, newest first, for a box `width` wide; the round
/// being revealed (if any) as far as it is at `now`.
pub(super) fn log_lines(
    tracker: &Tracker,
    reveal: Option<&RevealShow>,
    now: Instant,
    width: u16,
) -> Vec<Line<'static>> {
    let limit = tracker
        .room
        .as_ref()
        .map_or(0, |room| room.missed_deadline_limit);
    let mut lines = Vec::new();
    if tracker.log.is_empty() && tracker.past.is_empty() {
        lines.push(Line::from(tr!("tui-log-empty")).dim());
    }
    for (index, played) in tracker.log.iter().enumerate().rev() {
        let progress = reveal
            .filter(|show| show.round == played.report.round)
            .map(|show| show.at(now))
            .filter(|progress| !progress.done);
        let missed = marks(&tracker.log, index, limit);
        lines.extend(round_lines(played, missed, width, progress));
    }
    // Told as the game starts, and kept under its rounds.
    if let Some(why) = tracker
        .room
        .as_ref()
        .filter(|room| room.options.rated)
        .and_then(|room| room.not_rated)
    {
        let notice = tr!("tui-log-not-rated", reason = text::not_rated(why));
        for part in super::wrap::wrap(&notice, usize::from(width)) {
            lines.push(Line::from(part).fg(Color::Yellow));
        }
    }
    for game in tracker.past.iter().rev() {
        let title = tr!(
            "tui-log-earlier-game",
            game = game.number,
            yellow = &game.players.yellow,
            blue = &game.players.blue,
            result = text::result(&game.result)
        );
        let title = format!("── {title}");
        for part in super::wrap::wrap(&title, usize::from(width)) {
            lines.push(Line::from(part).bold().fg(Color::Gray));
        }
        if let Some(id) = game.game_id {
            // On a line of its own, whole, to be copied.
            // words-check: a command line, typed as it is in every language
            lines.push(Line::from(format!("   mice-cake replay {id}")).fg(Color::Gray));
        }
        for (index, played) in game.rounds.iter().enumerate().rev() {
            let missed = marks(&game.rounds, index, limit);
            lines.extend(round_lines(played, missed, width, None));
        }
    }
    lines
}

fn marks(log: &[PlayedRound], index: usize, limit: u32) -> Missed {
    Missed {
        in_a_row: Seated::from_fn(|seat| missed_in_a_row(log, index, seat)),
        limit,
    }
}

/// One round's lines. With `progress`, the round is being revealed: its
/// rolls appear one after another, and what it left behind at the end.
pub(super) fn round_lines(
    played: &PlayedRound,
    missed: Missed,
    width: u16,
    progress: Option<Progress>,
) -> Vec<Line<'static>> {
    let report = &played.report;
    let mut lines = vec![header(played)];
    for note in text::deadline_notes(played, missed) {
        lines.push(Line::from(format!("  {note}")).fg(Color::Red));
    }
    let turned = text::TurnedUp::of(played);
    if progress.is_none_or(|progress| progress.turned_up_first) {
        lines.extend(dim(&text::turned_up_first(report), width));
    }
    let half = usize::from(width.saturating_sub(7) / 2);
    // Side by side only when every attempt fits its half (a long one, with
    // its boost, goes on a line of its own).
    let fits = report
        .attempts
        .iter()
        .all(|attempt| attempt_words(attempt, Roll::Down).width() <= half);
    let side_by_side = width >= SIDE_BY_SIDE && fits;
    lines.extend(attempt_lines(report, progress, side_by_side, half));
    // Pieces turned up once the attempts were down, before any boost.
    if progress.is_none_or(|progress| progress.turned_after) {
        lines.extend(dim(&turned.after_attempts, width));
    }
    lines.extend(boost_lines(report, &turned, progress, side_by_side, width));
    if progress.is_none() {
        lines.extend(dim(&text::resting_notes(report), width));
    }
    lines
}

/// Words packed into dim lines of `width`.
fn dim(words: &[String], width: u16) -> impl Iterator<Item = Line<'static>> {
    packed(words, width)
        .into_iter()
        .map(|line| Line::from(line).dim())
}

/// Where roll `index` stands: down (its outcome known, or waiting for the
/// other player's dice), tumbling (with its frame), or not yet.
fn shown(progress: Option<Progress>, index: usize) -> Option<Roll> {
    match progress {
        None => Some(Roll::Down),
        Some(progress) if index < progress.settled && progress.waits(index) => Some(Roll::Waiting),
        Some(progress) if index < progress.settled => Some(Roll::Down),
        Some(Progress {
            tumbling: Some((tumbling, frame)),
            ..
        }) if tumbling == index => Some(Roll::Tumbling(frame)),
        Some(_) => None,
    }
}

/// Two halves of a line, Yellow's left and Blue's right, after `lead`.
fn halves(lead: String, yellow: String, blue: String, half: usize) -> Line<'static> {
    let pad = half.saturating_sub(yellow.width());
    Line::from(vec![
        Span::raw(lead),
        Span::styled(yellow, Style::new().fg(color(Seat::Yellow))),
        Span::raw(format!("{} │ ", " ".repeat(pad))),
        Span::styled(blue, Style::new().fg(color(Seat::Blue))),
    ])
}

/// The round's attempts shown so far: a column's two side by side, or one
/// a line.
fn attempt_lines(
    report: &mice_cake_engine::RoundReport,
    progress: Option<Progress>,
    side_by_side: bool,
    half: usize,
) -> Vec<Line<'static>> {
    let attempts: Vec<(usize, &Attempt)> = report.attempts.iter().enumerate().collect();
    let mut lines = Vec::new();
    if side_by_side {
        for column in Column::ALL {
            let side = |seat: Seat| {
                attempts
                    .iter()
                    .find(|(_, attempt)| attempt.seat == seat && attempt.column == column)
                    .and_then(|(index, attempt)| {
                        shown(progress, *index).map(|frame| attempt_words(attempt, frame))
                    })
            };
            let (yellow, blue) = (side(Seat::Yellow), side(Seat::Blue));
            if yellow.is_none() && blue.is_none() {
                continue;
            }
            lines.push(halves(
                format!("  {column} "),
                yellow.unwrap_or_default(),
                blue.unwrap_or_default(),
                half,
            ));
        }
    } else {
        for (index, attempt) in &attempts {
            if let Some(frame) = shown(progress, *index) {
                lines.push(Line::styled(
                    format!(
                        "  {} {} {}",
                        seat_name(attempt.seat),
                        attempt.column,
                        attempt_words(attempt, frame)
                    ),
                    Style::new().fg(color(attempt.seat)),
                ));
            }
        }
    }
    lines
}

/// The round's boosts shown so far, each followed by what it turned up:
/// side by side too, Yellow's left, when they fit their halves.
fn boost_lines(
    report: &mice_cake_engine::RoundReport,
    turned: &text::TurnedUp,
    progress: Option<Progress>,
    side_by_side: bool,
    width: u16,
) -> Vec<Line<'static>> {
    let half = usize::from(width.saturating_sub(7) / 2);
    let boosts: Vec<(usize, &BoostRoll, Roll)> = report
        .boosts
        .iter()
        .enumerate()
        .filter_map(|(index, boost)| {
            Some((
                index,
                boost,
                shown(progress, report.attempts.len() + index)?,
            ))
        })
        .collect();
    let boost_side =
        |boost: &BoostRoll, roll| format!("↻ {} {}", boost.column, boost_words(boost, roll));
    let boosts_fit = boosts
        .iter()
        .all(|(_, boost, roll)| boost_side(boost, *roll).width() <= half);
    let mut lines = Vec::new();
    if side_by_side && boosts_fit {
        // Each row: both sides' words, and what its boosts turned up.
        let mut rows: Vec<(Seated<Option<String>>, Vec<String>)> = Vec::new();
        for (index, boost, roll) in &boosts {
            let words = boost_side(boost, *roll);
            let turned_up = if *roll == Roll::Down {
                turned.after_boost(*index).to_vec()
            } else {
                Vec::new()
            };
            match rows.last_mut() {
                Some((row, after)) if row[boost.seat].is_none() && boost.seat == Seat::Blue => {
                    row[boost.seat] = Some(words);
                    after.extend(turned_up);
                }
                _ => {
                    let mut row = Seated::default();
                    row[boost.seat] = Some(words);
                    rows.push((row, turned_up));
                }
            }
        }
        for (row, turned_up) in rows {
            let (yellow, blue) = (row.yellow.unwrap_or_default(), row.blue.unwrap_or_default());
            lines.push(halves("    ".into(), yellow, blue, half));
            lines.extend(dim(&turned_up, width));
        }
    } else {
        for (index, boost, roll) in boosts {
            let words = tr!(
                "tui-log-boost",
                seat = seat_name(boost.seat),
                column = boost.column.to_string(),
                roll = boost_words(boost, roll)
            );
            lines.push(Line::styled(
                format!("  ↻ {words}"),
                Style::new().fg(color(boost.seat)),
            ));
            if roll == Roll::Down {
                lines.extend(dim(turned.after_boost(index), width));
            }
        }
    }
    lines
}

/// Where one roll of a round being revealed stands.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Roll {
    /// Its dice tumble: a number that changes as they do.
    Tumbling(u64),
    /// Down, its outcome waiting for the other player's dice (a contested
    /// piece, two steals).
    Waiting,
    /// Down, with its outcome.
    Down,
}

/// `items` joined by ` · ` on as few indented lines as fit in `width`.
fn packed(items: &[String], width: u16) -> Vec<String> {
    let room = usize::from(width).saturating_sub(2);
    let mut lines = Vec::new();
    let mut line = String::new();
    for item in items {
        if !line.is_empty() && line.width() + 3 + item.width() > room {
            lines.push(format!("  {}", std::mem::take(&mut line)));
        }
        if !line.is_empty() {
            line.push_str(" · ");
        }
        line.push_str(item);
    }
    if !line.is_empty() {
        lines.push(format!("  {line}"));
    }
    lines
}

/// `Round 3  Yellow A2 C2 — Blue D4`, each side in its colour.
fn header(played: &PlayedRound) -> Line<'static> {
    let report = &played.report;
    // Each side in its colour, wherever the sentence puts it.
    let sides = Seat::ALL.map(|seat| {
        Span::styled(
            tr!(
                "tui-seat-assignment",
                seat = seat_name(seat),
                assignment = report.assignments[seat].to_string()
            ),
            Style::new().fg(color(seat)).bold(),
        )
    });
    let words = tr!(
        "tui-log-round",
        round = report.round,
        yellow = MARKS[0],
        blue = MARKS[1]
    );
    Line::from(spans_around(&words, Style::new().bold(), &sides))
}

/// Dice as faces: the real ones once down, changing ones while tumbling.
fn dice(faces: &[u8], roll: Roll) -> String {
    faces
        .iter()
        .enumerate()
        .map(|(die, value)| match roll {
            Roll::Tumbling(frame) => tumbling_face(die, frame),
            Roll::Waiting | Roll::Down => face(*value),
        })
        .collect()
}

/// `4 on 5/5 ⚃⚅⚄⚃ 19 → took`.
pub(super) fn attempt_words(attempt: &Attempt, roll: Roll) -> String {
    let target = match attempt.target {
        Target::Piece { piece } => {
            tr!("tui-log-on", mice = attempt.mice, piece = piece.to_string())
        }
        Target::Steal { piece } => {
            tr!(
                "tui-log-steal",
                mice = attempt.mice,
                piece = piece.to_string()
            )
        }
        Target::BlindDoubleBlank => tr!("tui-log-blind", mice = attempt.mice),
    };
    if attempt.dice.is_empty() {
        return target;
    }
    let faces = dice(attempt.dice.faces(), roll);
    match roll {
        Roll::Tumbling(_) => return format!("{target} {faces}"),
        // Reached, but the other player's dice decide what it gets.
        Roll::Waiting => {
            let contested = tr!("tui-log-contested");
            return format!("{target} {faces} {} → {contested}", attempt.sum);
        }
        Roll::Down => {}
    }
    let outcome = match attempt.result {
        AttemptResult::Took => tr!("tui-log-took"),
        AttemptResult::TooLow => tr!("tui-log-below", pips = attempt.value),
        AttemptResult::Exhausted => tr!("tui-log-tired", mice = attempt.exhausted),
        AttemptResult::LostContest => tr!("tui-log-outrolled"),
        AttemptResult::TiedContest => tr!("tui-log-tied"),
        AttemptResult::Stole => tr!("tui-log-stole"),
        AttemptResult::Exchanged => tr!("tui-log-exchanged"),
        AttemptResult::NoAttempt => tr!("tui-log-no-roll"),
    };
    let boost = if attempt.boosted > 0 {
        format!(" {}", tr!("tui-log-boosted", mice = attempt.boosted))
    } else {
        String::new()
    };
    format!("{target} {faces} {} → {outcome}{boost}", attempt.sum)
}

/// `2 on 2/2 ⚀⚁ 3 → below 4`.
fn boost_words(boost: &BoostRoll, roll: Roll) -> String {
    let target = boost.piece.map_or_else(
        || tr!("tui-log-boost-nothing", mice = boost.mice),
        |piece| tr!("tui-log-on", mice = boost.mice, piece = piece.to_string()),
    );
    if boost.dice.is_empty() {
        return target;
    }
    let faces = dice(boost.dice.faces(), roll);
    if let Roll::Tumbling(_) = roll {
        return format!("{target} {faces}");
    }
    let outcome = match (boost.result, boost.piece) {
        (BoostResult::Took, _) => tr!("tui-log-took"),
        (BoostResult::TooLow, Some(piece)) => tr!("tui-log-below", pips = piece.pips()),
        (BoostResult::TooLow, None) => tr!("tui-log-short"),
        (BoostResult::NothingToRoll, _) => tr!("tui-log-nothing-to-roll"),
    };
    let more = if boost.boosted > 0 {
        format!(" {}", tr!("tui-log-boosted", mice = boost.boosted))
    } else {
        String::new()
    };
    format!("{target} {faces} {} → {outcome}{more}", boost.sum)
}

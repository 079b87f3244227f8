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
use crate::text::{self, Missed};
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
        lines.push(Line::from("No round played yet: each reveal appears here.").dim());
    }
    for (index, played) in tracker.log.iter().enumerate().rev() {
        let progress = reveal
            .filter(|show| show.round == played.report.round)
            .map(|show| show.at(now))
            .filter(|progress| !progress.done);
        let missed = marks(&tracker.log, index, limit);
        lines.extend(round_lines(played, missed, width, progress));
    }
    for game in tracker.past.iter().rev() {
        let mut title = format!(
            "── Game {} ({} vs {}): {}",
            game.number,
            game.players.yellow,
            game.players.blue,
            text::result(&game.result)
        );
        if let Some(id) = game.game_id {
            title.push_str(&format!(" · replay {id}"));
        }
        lines.push(Line::from(title).bold().fg(Color::Gray));
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
    let first = text::turned_up_first(report);
    lines.extend(
        packed(&first, width)
            .into_iter()
            .map(|line| Line::from(line).dim()),
    );
    // Where each roll stands: settled, tumbling (with its frame), or not yet.
    let shown = |index: usize| -> Option<Option<u64>> {
        match progress {
            None => Some(None),
            Some(progress) if index < progress.settled => Some(None),
            Some(Progress {
                tumbling: Some((tumbling, frame)),
                ..
            }) if tumbling == index => Some(Some(frame)),
            Some(_) => None,
        }
    };
    let attempts: Vec<(usize, &Attempt)> = report.attempts.iter().enumerate().collect();
    let half = usize::from(width.saturating_sub(7) / 2);
    // Side by side only when every attempt fits its half (a long one, with
    // its boost, goes on a line of its own).
    let fits = attempts
        .iter()
        .all(|(_, attempt)| attempt_words(attempt, None).width() <= half);
    if width >= SIDE_BY_SIDE && fits {
        for column in Column::ALL {
            let side = |seat: Seat| {
                attempts
                    .iter()
                    .find(|(_, attempt)| attempt.seat == seat && attempt.column == column)
                    .and_then(|(index, attempt)| {
                        shown(*index).map(|frame| attempt_words(attempt, frame))
                    })
            };
            let (yellow, blue) = (side(Seat::Yellow), side(Seat::Blue));
            if yellow.is_none() && blue.is_none() {
                continue;
            }
            let yellow = yellow.unwrap_or_default();
            let pad = half.saturating_sub(yellow.width());
            lines.push(Line::from(vec![
                Span::raw(format!("  {column} ")),
                Span::styled(yellow, Style::new().fg(color(Seat::Yellow))),
                Span::raw(format!("{} │ ", " ".repeat(pad))),
                Span::styled(blue.unwrap_or_default(), Style::new().fg(color(Seat::Blue))),
            ]));
        }
    } else {
        for (index, attempt) in &attempts {
            if let Some(frame) = shown(*index) {
                lines.push(Line::styled(
                    format!(
                        "  {} {} {}",
                        attempt.seat,
                        attempt.column,
                        attempt_words(attempt, frame)
                    ),
                    Style::new().fg(color(attempt.seat)),
                ));
            }
        }
    }
    let boosts: Vec<(&BoostRoll, Option<u64>)> = report
        .boosts
        .iter()
        .enumerate()
        .filter_map(|(index, boost)| Some((boost, shown(report.attempts.len() + index)?)))
        .collect();
    // Boosts side by side too, Yellow's left, when they fit their halves.
    let boost_side =
        |boost: &BoostRoll, frame| format!("{} {}", boost.column, boost_words(boost, frame));
    let boosts_fit = boosts
        .iter()
        .all(|(boost, frame)| boost_side(boost, *frame).width() <= half);
    if width >= SIDE_BY_SIDE && fits && boosts_fit {
        let mut rows: Vec<Seated<Option<String>>> = Vec::new();
        for (boost, frame) in &boosts {
            let words = boost_side(boost, *frame);
            match rows.last_mut() {
                Some(row) if row[boost.seat].is_none() && boost.seat == Seat::Blue => {
                    row[boost.seat] = Some(words);
                }
                _ => {
                    let mut row = Seated::default();
                    row[boost.seat] = Some(words);
                    rows.push(row);
                }
            }
        }
        for row in rows {
            let yellow = row.yellow.unwrap_or_default();
            let pad = half.saturating_sub(yellow.width());
            lines.push(Line::from(vec![
                Span::raw("  ↻ "),
                Span::styled(yellow, Style::new().fg(color(Seat::Yellow))),
                Span::raw(format!("{} │ ", " ".repeat(pad))),
                Span::styled(
                    row.blue.unwrap_or_default(),
                    Style::new().fg(color(Seat::Blue)),
                ),
            ]));
        }
    } else {
        for (boost, frame) in boosts {
            lines.push(Line::styled(
                format!(
                    "  ↻ {} {} boost: {}",
                    boost.seat,
                    boost.column,
                    boost_words(boost, frame)
                ),
                Style::new().fg(color(boost.seat)),
            ));
        }
    }
    if progress.is_none() {
        let notes = text::round_notes(report);
        lines.extend(
            packed(&notes, width)
                .into_iter()
                .map(|line| Line::from(line).dim()),
        );
    }
    lines
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
    Line::from(vec![
        Span::raw(format!("Round {}  ", report.round)).bold(),
        Span::styled(
            format!("Yellow {}", report.assignments.yellow),
            Style::new().fg(color(Seat::Yellow)).bold(),
        ),
        Span::raw(" — ").bold(),
        Span::styled(
            format!("Blue {}", report.assignments.blue),
            Style::new().fg(color(Seat::Blue)).bold(),
        ),
    ])
}

/// Dice as faces: the real ones once settled, changing ones while
/// `tumbling` (a frame number).
fn dice(faces: &[u8], tumbling: Option<u64>) -> String {
    faces
        .iter()
        .enumerate()
        .map(|(die, value)| match tumbling {
            Some(frame) => tumbling_face(die, frame),
            None => face(*value),
        })
        .collect()
}

/// `4 on 5/5 ⚃⚅⚄⚃ 19 took`.
pub(super) fn attempt_words(attempt: &Attempt, tumbling: Option<u64>) -> String {
    let target = match attempt.target {
        Target::Piece { piece } => format!("{} on {piece}", attempt.mice),
        Target::Steal { piece } => format!("{} steal {piece}", attempt.mice),
        Target::BlindDoubleBlank => format!("{} blind: found 0/0", attempt.mice),
    };
    if attempt.dice.is_empty() {
        return target;
    }
    let faces = dice(attempt.dice.faces(), tumbling);
    if tumbling.is_some() {
        return format!("{target} {faces}");
    }
    let outcome = match attempt.result {
        AttemptResult::Took => "took".to_owned(),
        AttemptResult::TooLow => format!("short of {}", attempt.value),
        AttemptResult::Exhausted => format!("{} tired", attempt.exhausted),
        AttemptResult::LostContest => "outrolled".to_owned(),
        AttemptResult::TiedContest => "tied".to_owned(),
        AttemptResult::Stole => "stole".to_owned(),
        AttemptResult::Exchanged => "exchanged".to_owned(),
        AttemptResult::NoAttempt => "no roll".to_owned(),
    };
    let boost = if attempt.boosted > 0 {
        format!(" +{} boost", attempt.boosted)
    } else {
        String::new()
    };
    format!("{target} {faces} {} → {outcome}{boost}", attempt.sum)
}

/// `2 on 2/2 ⚀⚁ 3 short of 4`.
fn boost_words(boost: &BoostRoll, tumbling: Option<u64>) -> String {
    let target = boost.piece.map_or_else(
        || format!("{} mice, nothing to roll at", boost.mice),
        |piece| format!("{} on {piece}", boost.mice),
    );
    if boost.dice.is_empty() {
        return target;
    }
    let faces = dice(boost.dice.faces(), tumbling);
    if tumbling.is_some() {
        return format!("{target} {faces}");
    }
    let outcome = match (boost.result, boost.piece) {
        (BoostResult::Took, _) => "took".to_owned(),
        (BoostResult::TooLow, Some(piece)) => format!("short of {}", piece.pips()),
        (BoostResult::TooLow, None) => "short".to_owned(),
        (BoostResult::NothingToRoll, _) => "nothing to roll at".to_owned(),
    };
    format!("{target} {faces} {} → {outcome}", boost.sum)
}

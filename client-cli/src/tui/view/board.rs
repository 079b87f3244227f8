//! The board and the two families beside it: the cake, the mice, each
//! player's stash, score and status.

use mice_cake_engine::{CellView, Column, GameView, Row, Seat, Seated};
use mice_cake_protocol::{RoomState, RoomStatus};
use ratatui::style::{Color, Modifier, Style};
use ratatui::text::{Line, Span};
use ratatui::widgets::{Block, Paragraph};
use unicode_width::UnicodeWidthStr;

use super::super::model::Model;
use super::super::palette::{CHANGED, CONTESTED, color};
use super::super::{padded, seat_name, seat_names_width};
use super::time::clock;
use crate::{text, tr};

/// The side of the board shown at the bottom: the player's own.
pub(super) fn bottom_seat(room: &RoomState) -> Seat {
    room.you.unwrap_or(Seat::Yellow)
}

pub(super) fn board_box(model: &Model, room: &RoomState, view: &GameView) -> Paragraph<'static> {
    let bottom = bottom_seat(room);
    let top = bottom.opponent();
    let mut lines = Vec::with_capacity(10);
    let header: Vec<Span> = std::iter::once(Span::raw("   "))
        .chain(Column::ALL.into_iter().map(|column| {
            let label = format!("  {column}   ");
            if model.deciding() && model.editor.column == column.index() {
                Span::styled(label, Style::new().reversed().bold())
            } else {
                Span::raw(label)
            }
        }))
        .collect();
    lines.push(Line::from(header));
    lines.push(markers(model, room, view, top));
    // Rows from the top seat's side down to the bottom seat's.
    let rows: Vec<Row> = match bottom {
        Seat::Yellow => Row::all().rev().collect(),
        Seat::Blue => Row::all().collect(),
    };
    let changed = model
        .changed
        .as_ref()
        .map_or(&[][..], |(_, cells)| &cells[..]);
    for row in rows {
        let mut spans = vec![Span::raw(format!(" {row} "))];
        for column in Column::ALL {
            spans.push(cell(view, column, row, changed.contains(&(column, row))));
            spans.push(Span::raw(" "));
        }
        lines.push(Line::from(spans));
    }
    lines.push(markers(model, room, view, bottom));
    let title = Line::from(vec![
        format!(" {} ", tr!("tui-board-cake")).into(),
        Span::styled(
            format!("{} ", tr!("tui-board-below", seat = seat_name(bottom))),
            Style::new().fg(color(bottom)),
        ),
    ]);
    Paragraph::new(lines).block(Block::bordered().title(title))
}

/// One place of the cake, coloured by who faces it; marked if the last
/// round changed it.
pub(super) fn cell(view: &GameView, column: Column, row: Row, changed: bool) -> Span<'static> {
    let faced_by =
        Seated::from_fn(|seat| view.nearest(seat, column).is_some_and(|(r, _)| r == row));
    let mut style = match (faced_by.yellow, faced_by.blue) {
        (true, true) => Style::new().fg(CONTESTED).bold(),
        (true, false) => Style::new().fg(color(Seat::Yellow)).bold(),
        (false, true) => Style::new().fg(color(Seat::Blue)).bold(),
        (false, false) => Style::new().fg(Color::Gray),
    };
    if changed {
        style = style.bg(CHANGED).add_modifier(Modifier::UNDERLINED);
    }
    let text = match view.cell(column, row) {
        CellView::Empty => "  ·  ".to_owned(),
        CellView::FaceDown => " ░░░ ".to_owned(),
        CellView::FaceUp(piece) => format!(" {piece} "),
    };
    Span::styled(text, style)
}

/// A family's mice at its edge of the cake: placed (●) and resting (z).
pub(super) fn markers(
    model: &Model,
    room: &RoomState,
    view: &GameView,
    seat: Seat,
) -> Line<'static> {
    let revealing = model.reveal.as_ref().filter(|_| model.revealing());
    let placed = if let Some(show) = revealing {
        // Both moves, revealed together.
        Some(show.report().assignments[seat].mice)
    } else if room.you == Some(seat) {
        if model.deciding() {
            Some(model.editor.mice)
        } else {
            model.tracker.your_move().map(|commit| commit.mice)
        }
    } else {
        None
    };
    let mut spans = vec![Span::raw("   ")];
    for column in Column::ALL {
        let mice = placed.map_or(0, |mice| mice[column.index()]);
        let resting = view.families[seat].resting[column.index()];
        let better = model.suggested[seat].map_or(0, |mice| mice[column.index()]);
        let text = format!(
            "{}{}{}",
            "●".repeat(usize::from(mice)),
            "z".repeat(usize::from(resting)),
            "○".repeat(usize::from(better))
        );
        spans.push(Span::styled(
            format!(" {text:<5}"),
            Style::new().fg(color(seat)),
        ));
    }
    Line::from(spans)
}

pub(super) fn families_box(
    model: &Model,
    room: &RoomState,
    view: &GameView,
    width: u16,
) -> Paragraph<'static> {
    let inner = usize::from(width.saturating_sub(2));
    let mut lines = Vec::new();
    for seat in [bottom_seat(room), bottom_seat(room).opponent()] {
        let family = &view.families[seat];
        let name = room.players[seat]
            .as_ref()
            .map(|player| player.name.clone())
            .or_else(|| {
                model
                    .tracker
                    .players
                    .as_ref()
                    .map(|players| players[seat].clone())
            })
            .unwrap_or_else(|| tr!("tui-families-empty-seat"));
        // Beside the name, as the server's store holds it (`1523`, `1500?`).
        let rating = room.players[seat]
            .as_ref()
            .and_then(|player| player.rating)
            .map(|rating| format!(" {}", rating.shown()))
            .unwrap_or_default();
        // A program plays the seat: said beside the name.
        let badge = room.players[seat].as_ref().map_or("", text::bot_badge);
        let you = if room.you == Some(seat) {
            format!(" {}", tr!("tui-families-you"))
        } else {
            String::new()
        };
        let resting: u8 = family.resting.iter().sum();
        let mice = format!(
            "{}{}",
            "●".repeat(usize::from(family.available)),
            "z".repeat(usize::from(resting))
        );
        // The names line up after the longer seat's name.
        let seat_words = format!("{} ", padded(&seat_name(seat), seat_names_width()));
        // The seat, "(you)" and the mice always show whole; the name gives
        // way (shortened, with `…`), the rating first.
        let room_for_name =
            inner.saturating_sub(seat_words.width() + you.width() + 1 + mice.width());
        let name = named(&name, badge, &rating, room_for_name);
        let doing = status(model, room, seat);
        let head = seat_words.width() + name.width() + you.width() + 1 + mice.width();
        // The status beside the name when it fits, else before the score:
        // never cut.
        let beside = doing.is_empty() || head + 2 + doing.width() <= inner;
        let mut first = vec![
            Span::styled(seat_words, Style::new().fg(color(seat)).bold()),
            Span::raw(format!("{name}{you} ")),
            Span::styled(mice, Style::new().fg(color(seat))),
        ];
        if beside {
            first.push(Span::raw(format!("  {doing}")));
        }
        lines.push(Line::from(first));
        let pieces: Vec<String> = family.stash.iter().map(|piece| piece.to_string()).collect();
        lines.push(Line::from(score_line(
            (!beside).then_some(doing.as_str()),
            family.score.pips,
            family.score.pieces,
            &pieces,
            inner,
        )));
    }
    Paragraph::new(lines).block(Block::bordered().title(format!(" {} ", tr!("tui-families"))))
}

/// A stash's pieces in `width` columns: as many as fit, whole, and how
/// many more there are (`0/1 2/6 +5`).
/// A player's name with their badge and rating in `width` columns: whole
/// if it fits, else without the rating, else the name shortened with `…`.
pub(super) fn named(name: &str, badge: &str, rating: &str, width: usize) -> String {
    let whole = format!("{name}{badge}{rating}");
    if whole.width() <= width {
        return whole;
    }
    let unrated = format!("{name}{badge}");
    if unrated.width() <= width {
        return unrated;
    }
    let room = width.saturating_sub(badge.width()).max(2);
    format!("{}{badge}", text::fit(name, room).trim_end())
}

/// A family's second line in `width` columns: the status (when not beside
/// the name), the score and the stash. What does not fit goes, the
/// stash first, then the count of pieces: a word is never cut.
pub(super) fn score_line(
    doing: Option<&str>,
    pips: u32,
    pieces: u32,
    stash: &[String],
    width: usize,
) -> String {
    let lead = doing.map_or_else(|| "  ".to_owned(), |doing| format!("  {doing} · "));
    let with_stash = |shown: &str| {
        let score = tr!(
            "tui-families-score-stash",
            pips = pips,
            pieces = pieces,
            stash = shown
        );
        format!("{lead}{score}")
    };
    // The words without the stash tell the room left for its pieces.
    let left = width.saturating_sub(with_stash("").width());
    let shown = whole_pieces(stash, left);
    if shown.width() <= left {
        return with_stash(&shown);
    }
    let candidates = [
        tr!("tui-families-score-pieces", pips = pips, pieces = pieces),
        tr!("tui-families-score", pips = pips),
    ];
    for candidate in candidates {
        let candidate = format!("{lead}{candidate}");
        if candidate.width() <= width {
            return candidate;
        }
    }
    lead.trim_end_matches([' ', '·']).to_owned()
}

pub(super) fn whole_pieces(pieces: &[String], width: usize) -> String {
    if pieces.is_empty() {
        return "—".into();
    }
    // All of them, or as many as fit with the count of the others after.
    (0..=pieces.len())
        .rev()
        .map(|shown| {
            let head = pieces[..shown].join(" ");
            match pieces.len() - shown {
                0 => head,
                rest if head.is_empty() => format!("+{rest}"),
                rest => format!("{head} +{rest}"),
            }
        })
        .find(|line| line.width() <= width)
        .unwrap_or_else(|| format!("+{}", pieces.len()))
}

/// What a player is doing now.
pub(super) fn status(model: &Model, room: &RoomState, seat: Seat) -> String {
    let Some(player) = &room.players[seat] else {
        return String::new();
    };
    if model.replay.is_some() {
        return String::new();
    }
    let playing = room.status == RoomStatus::Playing;
    let missed = if playing && player.auto_commits > 0 && room.missed_deadline_limit > 0 {
        let missed = tr!(
            "tui-status-missed",
            count = player.auto_commits,
            limit = room.missed_deadline_limit
        );
        format!(" · {missed}")
    } else {
        String::new()
    };
    if player.bot.is_some() && playing {
        return if room.committed[seat] {
            tr!("tui-status-committed")
        } else {
            tr!("tui-status-bot")
        };
    }
    if !player.connected {
        return match model.tracker.graces[seat] {
            Some(until) => {
                let left = clock(until.saturating_duration_since(model.now));
                if playing {
                    tr!("tui-status-away-forfeits", clock = left)
                } else {
                    tr!("tui-status-away-seat-freed", clock = left)
                }
            }
            None => tr!("tui-status-away"),
        };
    }
    let doing = match room.status {
        RoomStatus::Playing if room.committed[seat] => tr!("tui-status-committed"),
        RoomStatus::Playing => tr!("tui-status-thinking"),
        RoomStatus::Finished if room.rematch[seat] => tr!("tui-status-wants-rematch"),
        _ => String::new(),
    };
    format!("{doing}{missed}")
}

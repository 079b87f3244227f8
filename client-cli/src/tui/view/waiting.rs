//! The screens before a game: seeking an opponent (or a challenge's
//! answer), the room waiting for its players, and a terminal too small.

use mice_cake_protocol::RoomState;
use ratatui::Frame;
use ratatui::layout::{Alignment, Constraint, Layout, Rect};
use ratatui::style::{Style, Stylize};
use ratatui::text::{Line, Span};
use ratatui::widgets::{Paragraph, Wrap};
use tui_big_text::{BigText, PixelSize};

use super::super::layout::{MIN_HEIGHT, MIN_WIDTH};
use super::super::model::Model;
use super::super::palette::color;
use super::super::wrap::wrap;
use super::super::{MARKS, seat_name, spans_around};
use super::time::clock;
use crate::tr;

/// Seeking an opponent: where it stands, how long it has lasted, and what
/// comes after the wait — or the bot offered, asked about.
pub(super) fn seeking_lines(model: &Model) -> Vec<Line<'static>> {
    if let Some((first, rest)) = model.challenge.split_first() {
        // A challenge waited for: what it is first, then its link.
        let mut lines = vec![Line::from(first.clone()).bold()];
        lines.extend(rest.iter().map(|line| Line::from(line.clone())));
        return lines;
    }
    let Some(seeking) = &model.seeking else {
        return vec![Line::from(tr!("tui-seek-connecting"))];
    };
    let mut lines = vec![Line::from(seeking.clone())];
    if let Some((policy, options)) = &model.bot_offer {
        let kind = if options.rated { "rated" } else { "unrated" };
        lines.push(Line::from(""));
        lines.push(Line::from(tr!("tui-seek-nobody-yet")).bold());
        lines.push(
            Line::from(tr!(
                "tui-seek-bot-offered",
                policy = policy.to_string(),
                kind = kind,
                yes = "y",
                no = "n"
            ))
            .bold(),
        );
        return lines;
    }
    if let Some(since) = model.seeking_since {
        let waited = model.now.saturating_duration_since(since);
        lines.push(Line::from(tr!("tui-seek-waiting", clock = clock(waited))));
        if let Some(after) = model.settings.bot_after.filter(|after| !after.is_zero()) {
            lines.push(Line::from(if waited < after {
                tr!("tui-seek-bot-in", clock = clock(after - waited))
            } else {
                tr!("tui-seek-bot-any-moment")
            }));
        }
    }
    lines
}

pub(super) fn too_small(model: &Model, frame: &mut Frame, area: Rect) {
    // A question asked here is asked here: a blind "y" must not forfeit.
    let lines = if model.confirm_quit {
        vec![
            Line::from(tr!("tui-small-leave")).bold(),
            Line::from(tr!("tui-small-forfeit")),
            Line::from(tr!("tui-small-leave-keys", yes = "y", no = "n")),
        ]
    } else {
        vec![
            Line::from(tr!("tui-small-too-small")).bold(),
            Line::from(format!("{}×{}", area.width, area.height)),
            Line::from(tr!(
                "tui-small-at-least",
                size = format!("{MIN_WIDTH}×{MIN_HEIGHT}")
            )),
            Line::from(tr!("tui-small-quit", key = "q")).dim(),
        ]
    };
    // As many rows as the lines take, wrapped to the screen's width.
    let rows: usize = lines
        .iter()
        .map(|line| {
            let words: String = line
                .spans
                .iter()
                .map(|span| span.content.as_ref())
                .collect();
            wrap(&words, usize::from(area.width)).len().max(1)
        })
        .sum();
    let height = u16::try_from(rows).unwrap_or(u16::MAX).min(area.height);
    let top = area.y + area.height.saturating_sub(height) / 2;
    frame.render_widget(
        Paragraph::new(lines)
            .alignment(Alignment::Center)
            .wrap(Wrap { trim: true }),
        Rect {
            y: top,
            height,
            ..area
        },
    );
}

/// The room before its first game: the code, big, and who is awaited.
pub(super) fn waiting(model: &Model, room: &RoomState, frame: &mut Frame, area: Rect) {
    let [_, big, words, _] = Layout::vertical([
        Constraint::Min(0),
        Constraint::Length(4),
        Constraint::Length(6),
        Constraint::Min(0),
    ])
    .areas(area);
    let code = BigText::builder()
        .pixel_size(PixelSize::Quadrant)
        .lines(vec![room.code.to_string().into()])
        .centered()
        .build();
    frame.render_widget(code, big);
    let mut lines = vec![Line::from(tr!("tui-room-code", code = room.code.to_string())).bold()];
    match room.you {
        Some(seat) => {
            if model.awaited == Some(room.code) {
                // A challenge's room: the other seat is the other player's.
                lines.push(Line::from(tr!("tui-room-opponent-coming")));
            } else {
                // The command on a line of its own, whole, to be copied.
                lines.push(Line::from(tr!("tui-room-tell-opponent")));
                lines.push(Line::from(crate::cli::join_command(room.code, &model.server)).bold());
            }
            // The seat in its colour, wherever the sentence puts it.
            let seat_span = Span::styled(seat_name(seat), Style::new().fg(color(seat)).bold());
            lines.push(Line::from(spans_around(
                &tr!("tui-room-you-play", seat = MARKS[0]),
                Style::new(),
                &[seat_span],
            )));
        }
        None => lines.push(Line::from(tr!("tui-room-waiting-for-players"))),
    }
    frame.render_widget(
        Paragraph::new(lines)
            .alignment(Alignment::Center)
            .wrap(Wrap { trim: true }),
        words,
    );
}

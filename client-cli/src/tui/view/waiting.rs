//! The screens before a game: seeking an opponent, the room waiting for
//! its players, and a terminal too small.

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
use super::time::clock;

/// Seeking an opponent: where it stands, how long it has lasted, and what
/// comes after the wait — or the bot offered, asked about.
pub(super) fn seeking_lines(model: &Model) -> Vec<Line<'static>> {
    let Some(seeking) = &model.seeking else {
        return vec![Line::from("Connecting…")];
    };
    let mut lines = vec![Line::from(seeking.clone())];
    if let Some((policy, options)) = &model.bot_offer {
        let kind = if options.rated { "rated" } else { "unrated" };
        lines.push(Line::from(""));
        lines.push(Line::from("Nobody to pair with yet.").bold());
        lines.push(
            Line::from(format!(
                "Play the server's {policy} bot ({kind})?  y: play it · n: keep waiting for a person"
            ))
            .bold(),
        );
        return lines;
    }
    if let Some(since) = model.seeking_since {
        let waited = model.now.saturating_duration_since(since);
        lines.push(Line::from(format!("Waiting {}", clock(waited))));
        if let Some(after) = model.settings.bot_after.filter(|after| !after.is_zero()) {
            lines.push(Line::from(if waited < after {
                format!(
                    "If nobody comes, the server's bot is offered in {} (unrated; you choose)",
                    clock(after - waited)
                )
            } else {
                "The server's bot is offered any moment now (unrated; you choose)".to_owned()
            }));
        }
    }
    lines
}

pub(super) fn too_small(model: &Model, frame: &mut Frame, area: Rect) {
    // A question asked here is asked here: a blind "y" must not forfeit.
    let lines = if model.confirm_quit {
        vec![
            Line::from("Leave the game?").bold(),
            Line::from("You forfeit it."),
            Line::from("y: leave · n: stay"),
        ]
    } else {
        vec![
            Line::from("Terminal too small").bold(),
            Line::from(format!("{}×{}", area.width, area.height)),
            Line::from(format!("make it at least {MIN_WIDTH}×{MIN_HEIGHT}")),
            Line::from("(q quits)").dim(),
        ]
    };
    let height = (lines.len() as u16).min(area.height);
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
    let mut lines = vec![Line::from(format!("Room {}", room.code)).bold()];
    match room.you {
        Some(seat) => {
            // The command on a line of its own, whole, to be copied.
            lines.push(Line::from("Waiting for an opponent. Tell them to run:"));
            lines.push(Line::from(crate::cli::join_command(room.code, &model.server)).bold());
            lines.push(Line::from(vec![
                "You play ".into(),
                Span::styled(seat.to_string(), Style::new().fg(color(seat)).bold()),
            ]));
        }
        None => lines.push(Line::from(
            "Waiting for two players; the game starts when both are in.",
        )),
    }
    frame.render_widget(
        Paragraph::new(lines)
            .alignment(Alignment::Center)
            .wrap(Wrap { trim: true }),
        words,
    );
}

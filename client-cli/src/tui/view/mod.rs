//! Drawing the full-screen interface: a pure function of the model. Each
//! part of the screen is drawn by a module of its own.

mod board;
mod fit;
mod panel;
mod panes;
mod popups;
mod time;
mod title;
mod waiting;

use ratatui::Frame;
use ratatui::layout::{Alignment, Constraint, Layout};
use ratatui::text::Line;
use ratatui::widgets::{Paragraph, Wrap};

use self::board::{board_box, families_box};
use self::panel::panel_box;
use self::panes::bottom_panes;
use self::popups::{help, result_popup};
use self::title::{hints_line, title_bar};
use self::waiting::{seeking_lines, too_small, waiting};
use super::layout::{BOARD_WIDTH, MIN_HEIGHT, MIN_WIDTH, screen_areas};
use super::model::{Link, Model};
pub use super::palette::color;

/// Draws everything.
pub fn view(model: &Model, frame: &mut Frame) {
    let area = frame.area();
    if area.width < MIN_WIDTH || area.height < MIN_HEIGHT {
        too_small(model, frame, area);
        return;
    }
    let [title, main, bottom, hints] = screen_areas(area);
    frame.render_widget(title_bar(model, title.width), title);
    frame.render_widget(hints_line(model, hints.width), hints);
    // The room as shown: during a reveal, as it was before it.
    let shown = model.room();
    let Some(room) = shown.as_deref() else {
        let lines = match &model.link {
            Link::Closed(reason) => vec![Line::from(crate::tr!(
                "tui-screen-disconnected",
                reason = reason
            ))],
            Link::Replaced(reason) => vec![Line::from(crate::tr!(
                "tui-screen-replaced",
                reason = reason
            ))],
            _ => seeking_lines(model),
        };
        frame.render_widget(
            Paragraph::new(lines)
                .alignment(Alignment::Center)
                .wrap(Wrap { trim: true }),
            main,
        );
        return;
    };
    match room.view {
        // Before the room's first game: its code, big.
        Some(view) if room.game > 0 => {
            let [board, side] =
                Layout::horizontal([Constraint::Length(BOARD_WIDTH), Constraint::Min(28)])
                    .areas(main);
            frame.render_widget(board_box(model, room, &view), board);
            let [families, panel] =
                Layout::vertical([Constraint::Length(6), Constraint::Min(4)]).areas(side);
            frame.render_widget(families_box(model, room, &view, families.width), families);
            frame.render_widget(panel_box(model, room, &view, panel), panel);
        }
        _ => waiting(model, room, frame, main),
    }
    bottom_panes(model, frame, bottom);
    if let (Some(shown), Some((result, game_id))) = (model.result_shown, model.finished())
        && shown == room.game
    {
        result_popup(model, room, &result, game_id, frame, area);
    }
    if model.help {
        help(model, frame);
    }
}

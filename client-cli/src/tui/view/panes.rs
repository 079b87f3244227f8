//! The panes below the board: the rounds' log and the chat.

use ratatui::Frame;
use ratatui::layout::{Constraint, Layout, Rect};
use ratatui::style::{Color, Style, Stylize};
use ratatui::text::{Line, Span};
use ratatui::widgets::{Block, Paragraph, Wrap};

use super::super::chat::Pane;
use super::super::layout::{CHAT_BESIDE, CHAT_WIDTH, log_area};
use super::super::log::log_lines;
use super::super::model::Model;
use super::super::palette::color;
use crate::tr;

/// The bottom of the screen: the rounds, and the chat beside them (wide
/// screens) or instead of them (`w` switches, on narrow ones).
pub(super) fn bottom_panes(model: &Model, frame: &mut Frame, area: Rect) {
    if !model.settings.chat {
        frame.render_widget(log_box(model, area, false), area);
        return;
    }
    if area.width >= CHAT_BESIDE {
        let [log, chat] =
            Layout::horizontal([Constraint::Min(40), Constraint::Length(CHAT_WIDTH)]).areas(area);
        debug_assert_eq!(log, log_area(model.settings.chat, area));
        frame.render_widget(log_box(model, log, false), log);
        frame.render_widget(chat_box(model, chat), chat);
    } else if model.chat.pane == Pane::Chat {
        frame.render_widget(chat_box(model, area), area);
    } else {
        frame.render_widget(log_box(model, area, true), area);
    }
}

/// The rounds so far, the newest on top, then the room's earlier games.
pub(super) fn log_box(model: &Model, area: Rect, chat_elsewhere: bool) -> Paragraph<'static> {
    let height = usize::from(area.height.saturating_sub(2));
    let lines = log_lines(
        &model.tracker,
        model.reveal.as_ref(),
        model.now,
        area.width.saturating_sub(2),
    );
    let last_page = lines.len().saturating_sub(height);
    let skip = model.scroll.min(last_page);
    let rounds = if skip > 0 {
        tr!("tui-rounds-scrolled", key = "PgUp")
    } else {
        tr!("tui-rounds")
    };
    let chat = chat_elsewhere.then(|| match model.chat.unread {
        0 => tr!("tui-rounds-chat-key", key = "w"),
        unread => tr!("tui-rounds-chat-key-unread", key = "w", count = unread),
    });
    let title = rounds_title(&rounds, chat.as_deref(), area.width);
    let shown: Vec<Line> = lines.into_iter().skip(skip).collect();
    Paragraph::new(shown).block(Block::bordered().title(title))
}

/// The rounds' title on the top border of a box `width` wide, with the key
/// to the chat (`chat`) when the chat is elsewhere: the chat's part goes
/// first, then the scroll's hint, if they do not fit the border.
fn rounds_title(rounds: &str, chat: Option<&str>, width: u16) -> String {
    use unicode_width::UnicodeWidthStr as _;
    let room = usize::from(width).saturating_sub(2);
    let plain = tr!("tui-rounds");
    let mut candidates = Vec::new();
    if let Some(chat) = chat {
        candidates.push(format!(" {rounds} · {chat} "));
        candidates.push(format!(" {plain} · {chat} "));
    }
    candidates.push(format!(" {rounds} "));
    candidates.push(format!(" {plain} "));
    candidates
        .iter()
        .find(|title| title.width() <= room)
        .or(candidates.last())
        .cloned()
        .unwrap_or_default()
}

pub(super) fn chat_box(model: &Model, area: Rect) -> Paragraph<'static> {
    let you = model.tracker.you();
    let title = match (model.chat.muted, you, model.chat.spectators) {
        (true, _, _) => tr!("tui-chat-muted", key = "m"),
        (false, Some(_), false) => tr!("tui-chat-players"),
        (false, Some(_), true) => tr!("tui-chat-players-and-spectators"),
        (false, None, _) => tr!("tui-chat"),
    };
    let title = format!(" {title} ");
    let height = usize::from(area.height.saturating_sub(2));
    let lines: Vec<Line> = if model.chat.muted {
        vec![Line::from(tr!("tui-chat-unmute", key = "m")).dim()]
    } else {
        let shown: Vec<Line> = model
            .tracker
            .chat
            .iter()
            .filter(|line| model.chat.shows(line, you))
            .map(|line| {
                let style = line.seat.map_or(Style::new().fg(Color::Gray), |seat| {
                    Style::new().fg(color(seat)).bold()
                });
                let said = match line.channel {
                    mice_cake_protocol::ChatChannel::Spectators if you.is_some() => {
                        tr!("tui-chat-said-spectator", name = &line.name)
                    }
                    _ => tr!("tui-chat-said", name = &line.name),
                };
                Line::from(vec![
                    Span::styled(format!("{said} "), style),
                    // Text as it came: never interpreted.
                    Span::raw(line.text.clone()),
                ])
            })
            .collect();
        if shown.is_empty() {
            vec![Line::from(tr!("tui-chat-empty", key = "/")).dim()]
        } else {
            let skip = shown.len().saturating_sub(height);
            shown.into_iter().skip(skip).collect()
        }
    };
    Paragraph::new(lines)
        .wrap(Wrap { trim: false })
        .block(Block::bordered().title(title))
}

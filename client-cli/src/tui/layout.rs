//! Where things go on the screen: its rows, the rounds' pane beside the
//! chat or not, boxes centred. The view draws into these areas, and the
//! model asks how far the rounds can scroll.

use std::time::Instant;

use ratatui::layout::{Constraint, Layout, Rect};

use super::log::log_lines;
use super::reveal::RevealShow;
use crate::tracker::Tracker;

/// The smallest terminal everything fits in.
pub(super) const MIN_WIDTH: u16 = 60;
pub(super) const MIN_HEIGHT: u16 = 18;
/// Width of the board box: a row label and four 6-wide cells.
pub(super) const BOARD_WIDTH: u16 = 32;
/// Height of the board box: the column letters, two rows of mice, seven
/// rows of cake, and its border.
pub(super) const BOARD_HEIGHT: u16 = 12;
/// From this width the chat has a pane of its own beside the rounds.
pub(super) const CHAT_BESIDE: u16 = 110;
pub(super) const CHAT_WIDTH: u16 = 42;

/// The screen's rows: the title, the board and its side, the panes below,
/// the line of hints.
pub(super) fn screen_areas(area: Rect) -> [Rect; 4] {
    let main_height = if area.height >= 30 { 14 } else { BOARD_HEIGHT };
    Layout::vertical([
        Constraint::Length(1),
        Constraint::Length(main_height),
        Constraint::Min(4),
        Constraint::Length(1),
    ])
    .areas(area)
}

/// Where the rounds are drawn in the panes below the board (beside the
/// chat on a wide screen).
pub(super) fn log_area(chat: bool, bottom: Rect) -> Rect {
    if chat && bottom.width >= CHAT_BESIDE {
        let [log, _] =
            Layout::horizontal([Constraint::Min(40), Constraint::Length(CHAT_WIDTH)]).areas(bottom);
        log
    } else {
        bottom
    }
}

/// How far the rounds can be scrolled on a `width`×`height` screen (the
/// chat beside them if `chat` and wide enough): the lines past the last
/// page's first.
pub(super) fn log_scroll_limit(
    tracker: &Tracker,
    reveal: Option<&RevealShow>,
    now: Instant,
    chat: bool,
    (width, height): (u16, u16),
) -> usize {
    let [_, _, bottom, _] = screen_areas(Rect::new(0, 0, width, height));
    let area = log_area(chat, bottom);
    let lines = log_lines(tracker, reveal, now, area.width.saturating_sub(2)).len();
    lines.saturating_sub(usize::from(area.height.saturating_sub(2)))
}

/// A `width`×`height` box in the middle of `area` (smaller if it must be).
pub(super) fn centered(area: Rect, width: u16, height: u16) -> Rect {
    let width = width.min(area.width);
    let height = height.min(area.height);
    Rect {
        x: area.x + (area.width - width) / 2,
        y: area.y + (area.height - height) / 2,
        width,
        height,
    }
}

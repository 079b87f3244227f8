//! The panel beside the board: the assignment being made, the reveal, the
//! game's end.

use std::time::Duration;

use mice_cake_engine::{Access, Column, Domino, GameView, Seat, odds};
use mice_cake_protocol::{RoomState, RoomStatus};
use ratatui::layout::Rect;
use ratatui::style::{Style, Stylize};
use ratatui::text::Line;
use ratatui::widgets::{Block, Paragraph, Wrap};
use unicode_width::UnicodeWidthStr;

use super::super::model::{Link, Model};
use super::super::palette::color;
use super::super::wrap::wrap;
use super::time::{clock, time_left};
use crate::text;

/// The right-hand panel: the assignment editor, what is awaited, or the
/// last game's end.
pub(super) fn panel_box(
    model: &Model,
    room: &RoomState,
    view: &GameView,
    panel: Rect,
) -> Paragraph<'static> {
    let (title, lines) = if let Some(show) = model.reveal.as_ref().filter(|_| model.revealing()) {
        (" Reveal ".to_owned(), reveal_lines(show))
    } else if let Some((result, game_id)) = model.finished() {
        let lines = if model.replay.is_some() {
            replay_end_lines(&result, &model.replay_panel, panel)
        } else {
            finished_lines(room, &result, game_id)
        };
        (" Game over ".to_owned(), lines)
    } else {
        match room.you {
            Some(seat) if model.deciding() => (
                your_move_title(model, seat, view, panel),
                editor_lines(model, seat, view),
            ),
            // Short enough for the smallest panel (4 lines of 26).
            Some(_) if room.status == RoomStatus::Playing && model.link.is_replaced() => (
                " Round ".to_owned(),
                vec![
                    Line::from("Played elsewhere now").bold(),
                    Line::from(
                        "Another tab, terminal or device took this seat and plays it. q quits.",
                    ),
                ],
            ),
            Some(seat) if room.status == RoomStatus::Playing => {
                (" Round ".to_owned(), committed_lines(model, room, seat))
            }
            Some(_) => (" Round ".to_owned(), Vec::new()),
            None if model.replay.is_some() => (
                " Replay ".to_owned(),
                if model.replay_panel.is_empty() {
                    vec![Line::from(
                        "→ the next round, ← the one before; Home and End.",
                    )]
                } else {
                    model.replay_panel.iter().cloned().map(Line::from).collect()
                },
            ),
            None => (
                " Watching ".to_owned(),
                vec![Line::from(
                    "You are watching. Assignments stay secret until both are in.",
                )],
            ),
        }
    };
    Paragraph::new(lines)
        .wrap(Wrap { trim: false })
        .block(Block::bordered().title(title))
}

/// The title over the editor: as much as fits the panel's top border (the
/// clock goes first, the title bar has it too; then "Your move").
fn your_move_title(model: &Model, seat: Seat, view: &GameView, panel: Rect) -> String {
    let placed: u8 = model.editor.mice.iter().sum();
    let available = view.families[seat].available;
    let done = if placed == available { " ⏎" } else { "" };
    // The time left by the move too, not only in the title.
    let left = time_left(model).map_or_else(String::new, |left| format!(" · ⏱ {}", clock(left)));
    // As much as fits the panel's top border: the clock goes
    // first (the title bar has it too), then "Your move".
    let room = usize::from(panel.width).saturating_sub(3);
    [
        format!(" Your move · {placed} of {available} mice{done}{left} "),
        format!(" Your move · {placed} of {available} mice{done} "),
        format!(" {placed} of {available} mice{done} "),
    ]
    .into_iter()
    .find(|title| title.width() <= room)
    .unwrap_or_default()
}

/// A player's panel once their move is in (or held, or lost with the
/// connection), while the round is open.
fn committed_lines(model: &Model, room: &RoomState, seat: Seat) -> Vec<Line<'static>> {
    let mut lines = Vec::new();
    match (model.tracker.your_move(), model.held_commit) {
        (Some(commit), _) => {
            lines.push(Line::from(format!("Committed: {commit}")).bold());
            lines.push(Line::from(format!("Waiting for {}…", seat.opponent())));
        }
        (None, Some(round)) => {
            lines.push(Line::from(format!("Commit for round {round} held")).bold());
            lines.push(Line::from("sent as soon as the connection is back"));
        }
        (None, None) if model.tracker.sealed_here() => {
            // Sent, and the server has not said it took it yet.
            let sealed = model.tracker.sealed_move().map(|m| m.to_string());
            lines.push(Line::from(format!("Sealed: {}", sealed.unwrap_or_default())).bold());
            let waited = model
                .sent_at
                .map_or(Duration::ZERO, |at| model.now.saturating_duration_since(at));
            lines.push(Line::from(if waited < Duration::from_secs(2) {
                "sent; waiting for the server to take it…".to_owned()
            } else {
                format!(
                    "sent {} ago, not yet taken by the server: it may be busy or \
                     unreachable",
                    clock(waited)
                )
            }));
        }
        (None, None) if matches!(model.link, Link::Closed(_)) => {
            lines.push(Line::from("Disconnected").bold());
            lines.push(Line::from(format!(
                "Your seat is kept for a while: q, then mice-cake resume {}",
                room.code
            )));
        }
        (None, None) if matches!(model.link, Link::Reconnecting { .. }) => {
            lines.push(Line::from("Reconnecting…").bold());
            lines.push(Line::from("your seat comes back by itself"));
        }
        (None, None) => lines.push(Line::from(
            "Nothing to decide this round: your only assignment is sealed for you.",
        )),
    }
    lines
}

/// What a reveal being played out says in the panel: both moves, and that
/// a key shows the end.
pub(super) fn reveal_lines(show: &super::super::reveal::RevealShow) -> Vec<Line<'static>> {
    let report = show.report();
    vec![
        Line::from(format!("Round {} revealed", report.round)).bold(),
        Line::styled(
            format!("Yellow {}", report.assignments.yellow),
            Style::new().fg(color(Seat::Yellow)),
        ),
        Line::styled(
            format!("Blue {}", report.assignments.blue),
            Style::new().fg(color(Seat::Blue)),
        ),
        Line::from("the dice roll… (any key: the end)").dim(),
    ]
}

/// The last game's end, for as long as no new game starts: the result, the
/// replay command, and what comes next.
/// A replay's end in the panel: the result, then the analysis's summary of
/// each player (or how to ask for it), wrapped to the panel. When both do
/// not fit, the summary stays whole and the result (which the rounds' log
/// and the families' scores tell too) goes.
pub(super) fn replay_end_lines(
    result: &mice_cake_protocol::GameResult,
    summary: &[String],
    panel: Rect,
) -> Vec<Line<'static>> {
    let width = usize::from(panel.width.saturating_sub(2));
    let height = usize::from(panel.height.saturating_sub(2));
    let summary: Vec<String> = summary.iter().flat_map(|line| wrap(line, width)).collect();
    let told = wrap(&text::result(result), width);
    let mut lines = Vec::new();
    if told.len() + summary.len() <= height {
        lines.extend(told.into_iter().map(|line| Line::from(line).bold()));
    }
    lines.extend(summary.into_iter().map(Line::from));
    lines
}

pub(super) fn finished_lines(
    room: &RoomState,
    result: &mice_cake_protocol::GameResult,
    game_id: Option<mice_cake_protocol::GameId>,
) -> Vec<Line<'static>> {
    // The panel's title says the game is over: the outcome alone.
    let mut lines = vec![Line::from(text::outcome(result)).bold()];
    // What comes next before the replay's id: on a small screen the panel
    // has room for four lines.
    let next = match room.you {
        Some(you) if room.players[you.opponent()].is_none() => {
            "Opponent left: waiting for another".to_owned()
        }
        Some(you) if room.rematch[you.opponent()] && !room.rematch[you] => {
            let name = room.players[you.opponent()]
                .as_ref()
                .map_or_else(|| you.opponent().to_string(), |player| player.name.clone());
            format!("{name} offers a rematch — r to accept")
        }
        Some(you) if room.rematch[you] => "Rematch asked: waiting for the answer".into(),
        Some(_) => "r: a rematch, seats swapped".into(),
        None => "Waiting for the next game".into(),
    };
    lines.push(Line::from(next));
    if let Some(id) = game_id {
        // The id whole on its line, to be read and copied (`mice-cake
        // replay ID`; the result's window says the whole command).
        lines.push(Line::from(format!("replay {id}")).dim());
    }
    lines
}

pub(super) fn editor_lines(model: &Model, seat: Seat, view: &GameView) -> Vec<Line<'static>> {
    let editor = &model.editor;
    let mut lines = Vec::new();
    for column in Column::ALL {
        let mice = editor.mice[column.index()];
        let cursor = editor.column == column.index();
        if mice == 0 && !cursor {
            continue;
        }
        let marker = if cursor { "▶" } else { " " };
        let line = format!(
            "{marker}{column} {}",
            describe_column(view, seat, column, mice, editor.steal)
        );
        let style = if cursor {
            Style::new().bold()
        } else {
            Style::new()
        };
        lines.push(Line::styled(line, style));
    }
    lines
}

/// A column of the editor: what its mice attempt and their odds.
pub(super) fn describe_column(
    view: &GameView,
    seat: Seat,
    column: Column,
    mice: u8,
    steal: Option<Domino>,
) -> String {
    let boost = view.options.boost;
    let chances = |piece: Domino| match odds(piece, mice, boost) {
        Some(odds) if mice > 0 => format!(
            " take {} {} {}",
            text::percent(odds.success_probability()),
            if boost { "boost" } else { "tire" },
            text::percent(odds.match_probability())
        ),
        _ => String::new(),
    };
    let count = if mice == 0 {
        "-".into()
    } else {
        mice.to_string()
    };
    match view.access(seat, column) {
        Access::Piece(piece) => format!("{count} on {piece}{}", chances(piece)),
        Access::FaceDown => format!("{count} on a face-down piece (blind)"),
        Access::Steal => match steal {
            Some(target) => format!("{count} steal {target} (t){}", chances(target)),
            None => format!("{count} steal: t picks a target"),
        },
        Access::NothingToSteal => "double-blank: nothing to steal yet".into(),
        Access::Empty => "empty".into(),
    }
}

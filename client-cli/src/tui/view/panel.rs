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
use super::super::seat_name;
use super::super::wrap::wrap;
use super::time::{clock, time_left};
use crate::{text, tr};

/// A box's title as drawn on its border: ` Round `.
fn titled(words: &str) -> String {
    format!(" {words} ")
}

/// The right-hand panel: the assignment editor, what is awaited, or the
/// last game's end.
pub(super) fn panel_box(
    model: &Model,
    room: &RoomState,
    view: &GameView,
    panel: Rect,
) -> Paragraph<'static> {
    let (title, lines) = if let Some(show) = model.reveal.as_ref().filter(|_| model.revealing()) {
        (titled(&tr!("tui-panel-reveal")), reveal_lines(show))
    } else if let Some((result, game_id)) = model.finished() {
        let lines = if model.replay.is_some() {
            replay_end_lines(&result, &model.replay_panel, panel)
        } else {
            finished_lines(room, &result, game_id)
        };
        (titled(&tr!("tui-panel-game-over")), lines)
    } else {
        match room.you {
            Some(seat) if model.deciding() => (
                your_move_title(model, seat, view, panel),
                editor_lines(model, seat, view),
            ),
            // Short enough for the smallest panel (4 lines of 26).
            Some(_) if room.status == RoomStatus::Playing && model.link.is_replaced() => (
                titled(&tr!("tui-panel-round")),
                vec![
                    Line::from(tr!("tui-panel-played-elsewhere")).bold(),
                    Line::from(tr!("tui-panel-played-elsewhere-why")),
                ],
            ),
            Some(seat) if room.status == RoomStatus::Playing => (
                titled(&tr!("tui-panel-round")),
                committed_lines(model, room, seat),
            ),
            Some(_) => (titled(&tr!("tui-panel-round")), Vec::new()),
            None if model.replay.is_some() => (
                titled(&tr!("tui-panel-replay")),
                if model.replay_panel.is_empty() {
                    vec![Line::from(tr!("tui-panel-replay-keys"))]
                } else {
                    model.replay_panel.iter().cloned().map(Line::from).collect()
                },
            ),
            None => (
                titled(&tr!("tui-panel-watching")),
                vec![Line::from(tr!("tui-panel-watching-secret"))],
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
    let your_move = tr!(
        "tui-panel-your-move",
        placed = placed,
        available = available
    );
    let mice = tr!(
        "tui-panel-mice-placed",
        placed = placed,
        available = available
    );
    [
        format!(" {your_move}{done}{left} "),
        format!(" {your_move}{done} "),
        format!(" {mice}{done} "),
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
            lines.push(
                Line::from(tr!("tui-panel-committed", assignment = commit.to_string())).bold(),
            );
            lines.push(Line::from(tr!(
                "tui-panel-waiting-for",
                seat = seat_name(seat.opponent())
            )));
        }
        (None, Some(round)) => {
            lines.push(Line::from(tr!("tui-panel-commit-held", round = round)).bold());
            lines.push(Line::from(tr!("tui-panel-commit-held-until")));
        }
        (None, None) if model.tracker.sealed_here() => {
            // Sent, and the server has not said it took it yet.
            let sealed = model
                .tracker
                .sealed_move()
                .map(|m| m.to_string())
                .unwrap_or_default();
            lines.push(Line::from(tr!("tui-panel-sealed", assignment = sealed)).bold());
            let waited = model
                .sent_at
                .map_or(Duration::ZERO, |at| model.now.saturating_duration_since(at));
            lines.push(Line::from(if waited < Duration::from_secs(2) {
                tr!("tui-panel-sent")
            } else {
                tr!("tui-panel-sent-not-taken", clock = clock(waited))
            }));
        }
        (None, None) if matches!(model.link, Link::Closed(_)) => {
            lines.push(Line::from(tr!("tui-panel-disconnected")).bold());
            // words-check: a command line, typed as it is in every language
            let command = format!("mice-cake resume {}", room.code);
            lines.push(Line::from(tr!("tui-panel-seat-kept", command = command)));
        }
        (None, None) if matches!(model.link, Link::Reconnecting { .. }) => {
            lines.push(Line::from(tr!("tui-panel-reconnecting")).bold());
            lines.push(Line::from(tr!("tui-panel-seat-comes-back")));
        }
        (None, None) => lines.push(Line::from(tr!("tui-panel-nothing-to-decide"))),
    }
    lines
}

/// What a reveal being played out says in the panel: both moves, and that
/// a key shows the end.
pub(super) fn reveal_lines(show: &super::super::reveal::RevealShow) -> Vec<Line<'static>> {
    let report = show.report();
    let mut lines = vec![Line::from(tr!("tui-panel-round-revealed", round = report.round)).bold()];
    for seat in Seat::ALL {
        lines.push(Line::styled(
            tr!(
                "tui-seat-assignment",
                seat = seat_name(seat),
                assignment = report.assignments[seat].to_string()
            ),
            Style::new().fg(color(seat)),
        ));
    }
    lines.push(Line::from(tr!("tui-panel-dice-roll")).dim());
    lines
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
    if let Some(score) = &room.match_score {
        let names = room.players.as_ref().map(|player| {
            player
                .as_ref()
                .map_or_else(String::new, |player| player.name.clone())
        });
        // The score, its end or the next game's start: the next game comes
        // by itself while the match goes on.
        lines.extend(text::match_lines(score, &names).into_iter().map(Line::from));
        if score.end.is_none() {
            return lines;
        }
    }
    // What comes next before the replay's id: on a small screen the panel
    // has room for four lines.
    let next = match room.you {
        Some(you) if room.players[you.opponent()].is_none() => tr!("tui-panel-opponent-left"),
        Some(you) if room.rematch[you.opponent()] && !room.rematch[you] => {
            let name = room.players[you.opponent()]
                .as_ref()
                .map_or_else(|| seat_name(you.opponent()), |player| player.name.clone());
            tr!("tui-rematch-offered", name = name, key = "r")
        }
        Some(you) if room.rematch[you] => tr!("tui-panel-rematch-asked"),
        Some(_) => tr!("tui-panel-rematch-key", key = "r"),
        None => tr!("tui-panel-next-game"),
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
        Some(odds) if mice > 0 => {
            let take = text::percent(odds.success_probability());
            let matched = text::percent(odds.match_probability());
            let words = if boost {
                tr!("tui-panel-odds-boost", take = take, boost = matched)
            } else {
                tr!("tui-panel-odds-tire", take = take, tire = matched)
            };
            format!(" {words}")
        }
        _ => String::new(),
    };
    let count = if mice == 0 {
        "-".into()
    } else {
        mice.to_string()
    };
    match view.access(seat, column) {
        Access::Piece(piece) => {
            let on = tr!(
                "tui-panel-column-on",
                count = count,
                piece = piece.to_string()
            );
            format!("{on}{}", chances(piece))
        }
        Access::FaceDown => tr!("tui-panel-column-face-down", count = count),
        Access::Steal => match steal {
            Some(target) => {
                let steal = tr!(
                    "tui-panel-column-steal",
                    count = count,
                    piece = target.to_string(),
                    key = "t"
                );
                format!("{steal}{}", chances(target))
            }
            None => tr!("tui-panel-column-steal-pick", count = count, key = "t"),
        },
        Access::NothingToSteal => tr!("tui-panel-column-nothing-to-steal"),
        Access::Empty => tr!("tui-panel-column-empty"),
    }
}

//! Drawing the full-screen interface: a pure function of the model.

use std::time::Duration;

use mice_cake_engine::{Access, CellView, Column, Domino, GameView, Row, Seat, Seated, odds};
use mice_cake_protocol::{RoomState, RoomStatus};
use ratatui::Frame;
use ratatui::layout::{Alignment, Constraint, Layout, Rect};
use ratatui::style::{Color, Style, Stylize};
use ratatui::text::{Line, Span};
use ratatui::widgets::{Block, Clear, Paragraph, Wrap};
use tui_big_text::{BigText, PixelSize};

use super::model::{Link, Model};
use crate::text;

/// Each family's colour.
pub fn color(seat: Seat) -> Color {
    match seat {
        Seat::Yellow => Color::Yellow,
        Seat::Blue => Color::LightBlue,
    }
}

const CONTESTED: Color = Color::Magenta;
/// Width of the board box: a row label and four 6-wide cells.
const BOARD_WIDTH: u16 = 32;

/// Draws everything.
pub fn view(model: &Model, frame: &mut Frame) {
    let [title, main, log, hints] = Layout::vertical([
        Constraint::Length(1),
        Constraint::Length(15),
        Constraint::Min(4),
        Constraint::Length(1),
    ])
    .areas(frame.area());
    frame.render_widget(title_bar(model), title);
    frame.render_widget(hints_line(model), hints);
    let Some(room) = &model.tracker.room else {
        let text = match &model.link {
            Link::Closed(reason) => format!("Disconnected: {reason}"),
            _ => "Connecting…".into(),
        };
        frame.render_widget(Paragraph::new(text).alignment(Alignment::Center), main);
        return;
    };
    match (room.status, room.view) {
        (RoomStatus::Waiting, _) | (_, None) => waiting(room, frame, main),
        (_, Some(view)) => {
            let [board, side] =
                Layout::horizontal([Constraint::Length(BOARD_WIDTH), Constraint::Min(30)])
                    .areas(main);
            frame.render_widget(board_box(model, room, &view), board);
            let [families, panel] =
                Layout::vertical([Constraint::Length(8), Constraint::Min(5)]).areas(side);
            frame.render_widget(families_box(model, room, &view), families);
            frame.render_widget(panel_box(model, room, &view), panel);
        }
    }
    frame.render_widget(log_box(model, log.height.saturating_sub(2)), log);
    if room.status == RoomStatus::Finished
        && let Some(result) = &room.result
    {
        let area = centered(frame.area(), 68, 7);
        frame.render_widget(Clear, area);
        let you_win = room.you.is_some() && result.winner == room.you;
        let replay = room
            .game_ids
            .last()
            .map_or_else(String::new, |id| format!("Replay: mice-cake replay {id}"));
        let lines = vec![
            Line::from(text::result(result)).bold(),
            Line::from(if you_win { "You win!" } else { "" }),
            Line::from(replay).dim(),
            Line::from(if room.you.is_some() {
                "r  rematch    q  quit"
            } else {
                "q  quit"
            }),
        ];
        frame.render_widget(
            Paragraph::new(lines)
                .alignment(Alignment::Center)
                .wrap(Wrap { trim: true })
                .block(Block::bordered().title(" Game over ")),
            area,
        );
    }
    if model.help {
        help(frame);
    }
}

fn title_bar(model: &Model) -> Line<'static> {
    let mut spans = vec![" Mice Cake ".bold().reversed()];
    // The connection first: it matters most when it is not fine.
    match &model.link {
        Link::Connected => {}
        Link::Reconnecting { attempt, .. } => spans.push(
            format!(" connection lost, reconnecting (try {attempt})…")
                .fg(Color::Red)
                .bold(),
        ),
        Link::Reconnected(_) => spans.push(" reconnected".fg(Color::Green).bold()),
        Link::Closed(_) => spans.push(" disconnected".fg(Color::Red).bold()),
    }
    if let Some(room) = &model.tracker.room {
        spans.push(format!("  room {}", room.code).bold());
        if room.game > 0 {
            spans.push(format!("  game {}", room.game).into());
        }
        if let Some(view) = &room.view {
            spans.push(format!("  round {}", view.round).into());
        }
        if let Some(left) = model.tracker.time_left(model.now)
            && room.status == RoomStatus::Playing
        {
            let style = if left < Duration::from_secs(10) {
                Style::new().fg(Color::Red).bold()
            } else {
                Style::new()
            };
            spans.push(Span::styled(format!("  ⏱ {}", clock(left)), style));
        }
        spans.push(format!("  {} watching", room.spectators).into());
    }
    Line::from(spans)
}

fn hints_line(model: &Model) -> Line<'static> {
    if let Some(notice) = &model.notice {
        return Line::from(format!(" {notice}"))
            .fg(Color::Black)
            .bg(Color::Yellow);
    }
    if let Link::Closed(reason) = &model.link {
        return Line::from(format!(" Disconnected: {reason}. q quits."))
            .fg(Color::White)
            .bg(Color::Red);
    }
    let finished = model
        .tracker
        .room
        .as_ref()
        .is_some_and(|room| room.status == RoomStatus::Finished);
    let keys = if model.deciding() {
        " ←→ column  ↑↓ mice  t target  g suggest  x clear  ⏎ commit  ? help  q quit"
    } else if finished && model.tracker.you().is_some() {
        " r rematch  PgUp/PgDn log  ? help  q quit"
    } else {
        " PgUp/PgDn log  ? help  q quit"
    };
    Line::from(keys).dim()
}

/// The waiting room: the code, big, and what to tell the opponent.
fn waiting(room: &RoomState, frame: &mut Frame, area: Rect) {
    let [_, big, words, _] = Layout::vertical([
        Constraint::Min(0),
        Constraint::Length(4),
        Constraint::Length(4),
        Constraint::Min(0),
    ])
    .areas(area);
    let code = BigText::builder()
        .pixel_size(PixelSize::Quadrant)
        .lines(vec![room.code.to_string().into()])
        .centered()
        .build();
    frame.render_widget(code, big);
    let mut lines = vec![
        Line::from(format!("Room {}", room.code)).bold(),
        Line::from(format!(
            "Waiting for an opponent. Tell them to run:  mice-cake join {}",
            room.code
        )),
    ];
    if let Some(seat) = room.you {
        lines.push(Line::from(vec![
            "You play ".into(),
            Span::styled(seat.to_string(), Style::new().fg(color(seat)).bold()),
        ]));
    }
    frame.render_widget(Paragraph::new(lines).alignment(Alignment::Center), words);
}

/// The side of the board shown at the bottom: the player's own.
fn bottom_seat(room: &RoomState) -> Seat {
    room.you.unwrap_or(Seat::Yellow)
}

fn board_box(model: &Model, room: &RoomState, view: &GameView) -> Paragraph<'static> {
    let bottom = bottom_seat(room);
    let top = bottom.opponent();
    let mut lines = Vec::with_capacity(11);
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
    for row in rows {
        let mut spans = vec![Span::raw(format!(" {row} "))];
        for column in Column::ALL {
            spans.push(cell(view, column, row));
        }
        lines.push(Line::from(spans));
    }
    lines.push(markers(model, room, view, bottom));
    let title = Line::from(vec![
        " Cake ".into(),
        Span::styled(format!("{bottom} below "), Style::new().fg(color(bottom))),
    ]);
    Paragraph::new(lines).block(Block::bordered().title(title))
}

/// One place of the cake, coloured by who faces it.
fn cell(view: &GameView, column: Column, row: Row) -> Span<'static> {
    let faced_by =
        Seated::from_fn(|seat| view.nearest(seat, column).is_some_and(|(r, _)| r == row));
    let style = match (faced_by.yellow, faced_by.blue) {
        (true, true) => Style::new().fg(CONTESTED).bold(),
        (true, false) => Style::new().fg(color(Seat::Yellow)).bold(),
        (false, true) => Style::new().fg(color(Seat::Blue)).bold(),
        (false, false) => Style::new().fg(Color::Gray),
    };
    let text = match view.cell(column, row) {
        CellView::Empty => "  ·   ".to_owned(),
        CellView::FaceDown => " ░░░  ".to_owned(),
        CellView::FaceUp(piece) => format!(" {piece}  "),
    };
    Span::styled(text, style)
}

/// A family's mice at its edge of the cake: placed (●) and resting (z).
fn markers(model: &Model, room: &RoomState, view: &GameView, seat: Seat) -> Line<'static> {
    let placed = if room.you == Some(seat) {
        if model.deciding() {
            Some(model.editor.mice)
        } else {
            room.your_commit.map(|commit| commit.mice)
        }
    } else {
        None
    };
    let mut spans = vec![Span::raw("   ")];
    for column in Column::ALL {
        let mice = placed.map_or(0, |mice| mice[column.index()]);
        let resting = view.families[seat].resting[column.index()];
        let text = format!(
            "{}{}",
            "●".repeat(usize::from(mice)),
            "z".repeat(usize::from(resting))
        );
        spans.push(Span::styled(
            format!(" {text:<5}"),
            Style::new().fg(color(seat)),
        ));
    }
    Line::from(spans)
}

fn families_box(model: &Model, room: &RoomState, view: &GameView) -> Paragraph<'static> {
    let mut lines = Vec::new();
    for seat in [bottom_seat(room), bottom_seat(room).opponent()] {
        let family = &view.families[seat];
        let name = room.players[seat]
            .as_ref()
            .map_or_else(|| "(empty seat)".into(), |player| player.name.clone());
        let you = if room.you == Some(seat) { " (you)" } else { "" };
        let resting: u8 = family.resting.iter().sum();
        let mice = format!(
            "{}{}",
            "●".repeat(usize::from(family.available)),
            "z".repeat(usize::from(resting))
        );
        lines.push(Line::from(vec![
            Span::styled(format!("{seat:<6} "), Style::new().fg(color(seat)).bold()),
            Span::raw(format!("{name}{you} ")),
            Span::styled(mice, Style::new().fg(color(seat))),
            Span::raw(format!("  {}", status(model, room, seat))),
        ]));
        let stash: Vec<String> = family.stash.iter().map(|piece| piece.to_string()).collect();
        lines.push(Line::from(format!(
            "  {} pips, {}: {}",
            family.score.pips,
            text::plural(family.score.pieces, "piece", "pieces"),
            if stash.is_empty() {
                "—".into()
            } else {
                stash.join(" ")
            }
        )));
    }
    Paragraph::new(lines)
        .wrap(Wrap { trim: false })
        .block(Block::bordered().title(" Families "))
}

/// What a player is doing now.
fn status(model: &Model, room: &RoomState, seat: Seat) -> String {
    let Some(player) = &room.players[seat] else {
        return String::new();
    };
    if player.bot.is_some() && room.status == RoomStatus::Playing {
        return if room.committed[seat] {
            "committed".into()
        } else {
            "bot".into()
        };
    }
    if !player.connected {
        return match model.tracker.graces[seat] {
            Some(until) => format!(
                "disconnected, forfeits in {}",
                clock(until.saturating_duration_since(model.now))
            ),
            None => "disconnected".into(),
        };
    }
    match room.status {
        RoomStatus::Playing if room.committed[seat] => "committed ✓".into(),
        RoomStatus::Playing => "thinking…".into(),
        RoomStatus::Finished if room.rematch[seat] => "wants a rematch".into(),
        _ => String::new(),
    }
}

/// The right-hand panel: the assignment editor, or what is awaited.
fn panel_box(model: &Model, room: &RoomState, view: &GameView) -> Paragraph<'static> {
    let (title, lines) = match room.you {
        Some(seat) if model.deciding() => (" Your assignment ", editor_lines(model, seat, view)),
        Some(seat) if room.status == RoomStatus::Playing => {
            let mut lines = Vec::new();
            match room.your_commit {
                Some(commit) => {
                    lines.push(Line::from(format!("Committed: {commit}")).bold());
                    lines.push(Line::from(format!("Waiting for {}…", seat.opponent())));
                }
                None => lines.push(Line::from("Nothing to decide this round.")),
            }
            (" Round ", lines)
        }
        Some(_) => (" Round ", Vec::new()),
        None => (
            " Watching ",
            vec![Line::from(
                "You are watching. Assignments stay secret until both are in.",
            )],
        ),
    };
    Paragraph::new(lines)
        .wrap(Wrap { trim: false })
        .block(Block::bordered().title(title))
}

fn editor_lines(model: &Model, seat: Seat, view: &GameView) -> Vec<Line<'static>> {
    let available = view.families[seat].available;
    let editor = &model.editor;
    let placed: u8 = editor.mice.iter().sum();
    let mut lines = vec![Line::from(format!(
        "{placed} of {available} mice placed{}",
        if placed == available {
            " — ⏎ to commit"
        } else {
            ""
        }
    ))];
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
fn describe_column(
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

/// The rounds so far, the newest on top, each attempt in its family's
/// colour.
fn log_box(model: &Model, height: u16) -> Paragraph<'static> {
    let mut lines = Vec::new();
    for report in model.tracker.log.iter().rev() {
        lines.push(Line::from(text::round_header(report)).bold());
        for attempt in &report.attempts {
            let style = Style::new().fg(color(attempt.seat));
            lines.push(Line::styled(format!("  {}", text::attempt(attempt)), style));
        }
        for boost in &report.boosts {
            let style = Style::new().fg(color(boost.seat));
            lines.push(Line::styled(format!("  {}", text::boost(boost)), style));
        }
        for note in text::round_notes(report) {
            lines.push(Line::from(format!("  {note}")).dim());
        }
    }
    let last_page = lines.len().saturating_sub(usize::from(height));
    let skip = model.scroll.min(last_page);
    let title = if skip > 0 {
        " Rounds (PgUp: newer) "
    } else {
        " Rounds "
    };
    let shown: Vec<Line> = lines.into_iter().skip(skip).collect();
    Paragraph::new(shown).block(Block::bordered().title(title))
}

fn help(frame: &mut Frame) {
    let area = centered(frame.area(), 74, 18);
    frame.render_widget(Clear, area);
    let lines = vec![
        Line::from("Put every available mouse on a column, then commit.").bold(),
        Line::from("Each mouse rolls a die at your nearest piece in its column: the"),
        Line::from("dice must reach its pips. Dice showing the piece's own pattern"),
        Line::from("(both halves; or the number on a half-blank) tire mice instead."),
        Line::from("Mice on the double-blank steal a piece from the other stash."),
        Line::from(""),
        keys_line(
            "←/→ or a–d",
            "choose a column",
            "↑/↓ or +/-",
            "add/remove a mouse",
        ),
        keys_line("t", "choose what to steal", "g", "the greedy suggestion"),
        keys_line("x", "clear", "⏎", "commit (secret)"),
        keys_line("PgUp/PgDn", "scroll the rounds", "r", "rematch (game over)"),
        keys_line("?", "this help", "q", "quit"),
        Line::from(""),
        Line::from("Coloured pieces are the ones each family faces; magenta: both."),
        Line::from("● mice   z resting mice   ░░░ face down   · taken"),
        Line::from(""),
        Line::from("Any key closes this.").dim(),
    ];
    frame.render_widget(
        Paragraph::new(lines).block(Block::bordered().title(" Help ")),
        area,
    );
}

fn keys_line(key: &str, what: &str, other_key: &str, other_what: &str) -> Line<'static> {
    Line::from(format!("{key:<13}{what:<22}{other_key:<13}{other_what}"))
}

fn centered(area: Rect, width: u16, height: u16) -> Rect {
    let width = width.min(area.width);
    let height = height.min(area.height);
    Rect {
        x: area.x + (area.width - width) / 2,
        y: area.y + (area.height - height) / 2,
        width,
        height,
    }
}

/// `1:05`, `0:42`.
pub fn clock(duration: Duration) -> String {
    let seconds = duration.as_secs() + u64::from(duration.subsec_nanos() > 0);
    format!("{}:{:02}", seconds / 60, seconds % 60)
}

//! Drawing the full-screen interface: a pure function of the model.

use std::time::Duration;

use mice_cake_engine::{
    Access, CellView, Column, Domino, GameView, Reveal, Row, Seat, Seated, odds,
};
use mice_cake_protocol::{RoomState, RoomStatus};
use ratatui::Frame;
use ratatui::layout::{Alignment, Constraint, Layout, Rect};
use ratatui::style::{Color, Modifier, Style, Stylize};
use ratatui::text::{Line, Span};
use ratatui::widgets::{Block, Clear, Paragraph, Wrap};
use tui_big_text::{BigText, PixelSize};
use unicode_width::UnicodeWidthStr;

use super::chat::Pane;
use super::layout::{
    BOARD_WIDTH, CHAT_BESIDE, CHAT_WIDTH, MIN_HEIGHT, MIN_WIDTH, centered, log_area, screen_areas,
};
use super::log::log_lines;
use super::model::{Link, Model, opponent_here};
pub use super::palette::color;
use super::palette::{CHANGED, CONTESTED};
use super::wrap::wrap;
use crate::text;

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
            Link::Closed(reason) => vec![Line::from(format!("Disconnected: {reason}"))],
            Link::Replaced(reason) => vec![Line::from(format!("Replaced: {reason}"))],
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

/// Seeking an opponent: where it stands, how long it has lasted, and what
/// comes after the wait — or the bot offered, asked about.
fn seeking_lines(model: &Model) -> Vec<Line<'static>> {
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

fn too_small(model: &Model, frame: &mut Frame, area: Rect) {
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

/// The room's options in a few words: `standard · boost · 60 s a round`.
fn variant(room: &RoomState) -> String {
    let game = room.options.game;
    let mut words = vec![
        match game.reveal {
            Reveal::Standard => "standard",
            Reveal::AllFaceUp => "all face up",
            Reveal::AllFaceDown => "all face down",
        }
        .to_owned(),
    ];
    if game.boost {
        words.push("boost".into());
    }
    words.push(match room.options.deadline() {
        Some(ms) => format!("{}/round", clock(Duration::from_millis(ms))),
        None => "no deadline".into(),
    });
    words.join(", ")
}

/// The title: the connection, the room, its game and round, the clock,
/// the spectators and the variant. What does not fit `width` is left out
/// whole, least needed first (the spectators, then the variant): a word is
/// never cut.
fn title_bar(model: &Model, width: u16) -> Line<'static> {
    // Each part, with the rank it is dropped in (higher goes first).
    let mut parts: Vec<(u8, Span<'static>)> = vec![(0, " Mice Cake ".bold().reversed())];
    if let Some(replay) = &model.replay {
        parts.push((0, format!("  {replay}").bold()));
        if let Some(room) = &model.tracker.room {
            parts.push((1, format!("  {}", variant(room)).dim()));
        }
        return fitted(parts, width);
    }
    // The connection first: it matters most when it is not fine.
    match &model.link {
        Link::Connected => {}
        Link::Reconnecting { attempt, .. } => parts.push((
            0,
            format!(" reconnecting (try {attempt})…")
                .fg(Color::Red)
                .bold(),
        )),
        Link::Reconnected(_) => parts.push((0, " reconnected".fg(Color::Green).bold())),
        Link::Closed(_) => parts.push((0, " disconnected".fg(Color::Red).bold())),
        Link::Replaced(_) => parts.push((0, " played elsewhere".fg(Color::Red).bold())),
    }
    if let Some(room) = model.room().as_deref() {
        parts.push((0, format!("  {}", room.code).bold()));
        if room.game > 0 {
            let round = room
                .view
                .filter(|_| room.status == RoomStatus::Playing)
                .map_or_else(String::new, |view| format!(", round {}", view.round));
            parts.push((0, format!("  game {}{round}", room.game).into()));
        }
        // The next round's clock waits for the reveal of this one.
        if room.status == RoomStatus::Playing
            && !model.revealing()
            && let Some(left) = time_left(model)
        {
            let style = if left < Duration::from_secs(10) {
                Style::new().fg(Color::Red).bold()
            } else {
                Style::new()
            };
            parts.push((0, Span::styled(format!("  ⏱ {}", clock(left)), style)));
        }
        // Whether the game counts, before the variant: on a narrow title
        // the variant goes first (the rightmost of a rank goes first).
        parts.push(match (room.options.rated, room.not_rated) {
            (true, None) => (1, "  rated".bold()),
            (true, Some(_)) => (1, "  not rated".fg(Color::Yellow)),
            (false, _) => (2, "  unrated".dim()),
        });
        parts.push((2, format!("  {} watching", room.spectators).into()));
        parts.push((1, format!("  {}", variant(room)).dim()));
    }
    fitted(parts, width)
}

/// The time left to move, while the server hears this client: while it
/// reconnects the server's clock goes on without it, and once the
/// connection is gone for good the clock means nothing here. No guess is
/// shown.
fn time_left(model: &Model) -> Option<Duration> {
    model
        .tracker
        .time_left(model.now)
        .filter(|_| model.link.is_live())
}

/// The parts that fit in `width`, in their order, dropping the highest
/// ranks first.
fn fitted(mut parts: Vec<(u8, Span<'static>)>, width: u16) -> Line<'static> {
    let total = |parts: &[(u8, Span<'static>)]| -> usize {
        parts.iter().map(|(_, span)| span.content.width()).sum()
    };
    while total(&parts) > usize::from(width) {
        let Some(rank) = parts
            .iter()
            .map(|(rank, _)| *rank)
            .max()
            .filter(|rank| *rank > 0)
        else {
            break;
        };
        if let Some(drop) = parts.iter().rposition(|(r, _)| *r == rank) {
            parts.remove(drop);
        }
    }
    Line::from(parts.into_iter().map(|(_, span)| span).collect::<Vec<_>>())
}

/// `text` fitted to `width` columns between words, with `…` where words
/// were left out: a word is never cut.
fn fit_words(text: &str, width: usize) -> String {
    if text.width() <= width {
        return text.to_owned();
    }
    let mut kept = String::new();
    for word in text.split(' ') {
        let next = if kept.is_empty() {
            word.width()
        } else {
            kept.width() + 1 + word.width()
        };
        if next + 1 > width {
            break;
        }
        if !kept.is_empty() {
            kept.push(' ');
        }
        kept.push_str(word);
    }
    kept.push('…');
    kept
}

fn hints_line(model: &Model, width: u16) -> Line<'static> {
    let room = usize::from(width).saturating_sub(1);
    if model.replay.is_some() {
        return match &model.notice {
            Some(notice) => Line::from(format!(" {}", fit_words(notice, room)))
                .fg(Color::Black)
                .bg(Color::Yellow),
            None => Line::from(" ←/→ round  Home/End first/last  a analyse  q quit").dim(),
        };
    }
    if let Some(input) = &model.chat.input {
        return Line::from(vec![
            " say: ".bold(),
            Span::raw(format!("{input}▏")),
            "  ⏎ send · Esc cancel".dim(),
        ]);
    }
    if let Some(notice) = &model.notice {
        return Line::from(format!(" {}", fit_words(notice, room)))
            .fg(Color::Black)
            .bg(Color::Yellow);
    }
    let gone = match &model.link {
        Link::Closed(reason) => Some(format!("Disconnected: {reason}. q quits.")),
        // The reason is in the move panel, whole.
        Link::Replaced(_) => {
            Some("Your seat is played from another connection now. q quits.".into())
        }
        _ => None,
    };
    if let Some(gone) = gone {
        return Line::from(format!(" {}", fit_words(&gone, room)))
            .fg(Color::White)
            .bg(Color::Red);
    }
    let finished = model.finished().is_some();
    let chat = model.settings.chat;
    // Each key with its rank: what matters least goes first when the line
    // is short, and a key is shown whole or not at all.
    let keys: Vec<(u8, &str)> = if model.tracker.room.is_none() {
        // Seeking, or connecting: nothing to page through or say yet.
        vec![(0, "q quit")]
    } else if model.deciding() {
        vec![
            (0, "←→ col"),
            (0, "↑↓ mice"),
            (3, "t target"),
            (2, "g suggest"),
            (3, "x clear"),
            (0, "⏎ commit"),
            (if chat { 2 } else { u8::MAX }, "/ chat"),
            (1, "? help"),
            (1, "q quit"),
        ]
    } else if finished && model.tracker.you().is_some() && opponent_here(model) {
        vec![
            (0, "r rematch"),
            (2, "PgUp/PgDn rounds"),
            (if chat { 2 } else { u8::MAX }, "/ chat"),
            (1, "? help"),
            (0, "q quit"),
        ]
    } else {
        vec![
            (1, "PgUp/PgDn rounds"),
            (if chat { 2 } else { u8::MAX }, "/ chat"),
            (1, "? help"),
            (0, "q quit"),
        ]
    };
    let parts = keys
        .into_iter()
        .filter(|(rank, _)| *rank != u8::MAX)
        .enumerate()
        .map(|(index, (rank, key))| {
            let gap = if index == 0 { " " } else { "  " };
            (rank, Span::raw(format!("{gap}{key}")))
        })
        .collect();
    fitted(parts, width).dim()
}

/// The room before its first game: the code, big, and who is awaited.
fn waiting(model: &Model, room: &RoomState, frame: &mut Frame, area: Rect) {
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

/// The side of the board shown at the bottom: the player's own.
fn bottom_seat(room: &RoomState) -> Seat {
    room.you.unwrap_or(Seat::Yellow)
}

fn board_box(model: &Model, room: &RoomState, view: &GameView) -> Paragraph<'static> {
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
        " Cake ".into(),
        Span::styled(format!("{bottom} below "), Style::new().fg(color(bottom))),
    ]);
    Paragraph::new(lines).block(Block::bordered().title(title))
}

/// One place of the cake, coloured by who faces it; marked if the last
/// round changed it.
fn cell(view: &GameView, column: Column, row: Row, changed: bool) -> Span<'static> {
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
fn markers(model: &Model, room: &RoomState, view: &GameView, seat: Seat) -> Line<'static> {
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

fn families_box(
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
            .unwrap_or_else(|| "(empty seat)".into());
        // Beside the name, as the server's store holds it (`1523`, `1500?`).
        let rating = room.players[seat]
            .as_ref()
            .and_then(|player| player.rating)
            .map(|rating| format!(" {}", rating.shown()))
            .unwrap_or_default();
        // A program plays the seat: said beside the name.
        let badge = room.players[seat].as_ref().map_or("", text::bot_badge);
        let you = if room.you == Some(seat) { " (you)" } else { "" };
        let resting: u8 = family.resting.iter().sum();
        let mice = format!(
            "{}{}",
            "●".repeat(usize::from(family.available)),
            "z".repeat(usize::from(resting))
        );
        let seat_words = format!("{:<6} ", seat.to_string());
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
    Paragraph::new(lines).block(Block::bordered().title(" Families "))
}

/// A stash's pieces in `width` columns: as many as fit, whole, and how
/// many more there are (`0/1 2/6 +5`).
/// A player's name with their badge and rating in `width` columns: whole
/// if it fits, else without the rating, else the name shortened with `…`.
fn named(name: &str, badge: &str, rating: &str, width: usize) -> String {
    let whole = format!("{name}{badge}{rating}");
    if whole.width() <= width {
        return whole;
    }
    let unrated = format!("{name}{badge}");
    if unrated.width() <= width {
        return unrated;
    }
    let room = width.saturating_sub(badge.width()).max(2);
    format!("{}{badge}", crate::plain::fit(name, room).trim_end())
}

/// A family's second line in `width` columns: the status (when not beside
/// the name), the score and the stash. What does not fit goes, the
/// stash first, then the count of pieces: a word is never cut.
fn score_line(
    doing: Option<&str>,
    pips: u32,
    pieces: u32,
    stash: &[String],
    width: usize,
) -> String {
    let lead = doing.map_or_else(|| "  ".to_owned(), |doing| format!("  {doing} · "));
    let count = text::plural(pieces, "piece", "pieces");
    let candidates = [
        format!("{lead}{pips} pips, {count}: "),
        format!("{lead}{pips} pips, {count}"),
        format!("{lead}{pips} pips"),
    ];
    for (index, candidate) in candidates.iter().enumerate() {
        let left = width.saturating_sub(candidate.width());
        if index == 0 {
            let shown = whole_pieces(stash, left);
            if shown.width() <= left {
                return format!("{candidate}{shown}");
            }
        } else if candidate.width() <= width {
            return candidate.clone();
        }
    }
    lead.trim_end_matches([' ', '·']).to_owned()
}

fn whole_pieces(pieces: &[String], width: usize) -> String {
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
fn status(model: &Model, room: &RoomState, seat: Seat) -> String {
    let Some(player) = &room.players[seat] else {
        return String::new();
    };
    if model.replay.is_some() {
        return String::new();
    }
    let playing = room.status == RoomStatus::Playing;
    let missed = if playing && player.auto_commits > 0 && room.missed_deadline_limit > 0 {
        format!(
            " · missed {} of {}",
            player.auto_commits, room.missed_deadline_limit
        )
    } else {
        String::new()
    };
    if player.bot.is_some() && playing {
        return if room.committed[seat] {
            "committed ✓".into()
        } else {
            "bot".into()
        };
    }
    if !player.connected {
        let what = if playing { "forfeits" } else { "seat freed" };
        return match model.tracker.graces[seat] {
            Some(until) => format!(
                "away, {what} in {}",
                clock(until.saturating_duration_since(model.now))
            ),
            None => "away".into(),
        };
    }
    let doing = match room.status {
        RoomStatus::Playing if room.committed[seat] => "committed ✓",
        RoomStatus::Playing => "thinking…",
        RoomStatus::Finished if room.rematch[seat] => "wants a rematch",
        _ => "",
    };
    format!("{doing}{missed}")
}

/// The right-hand panel: the assignment editor, what is awaited, or the
/// last game's end.
fn panel_box(model: &Model, room: &RoomState, view: &GameView, panel: Rect) -> Paragraph<'static> {
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
            Some(seat) if model.deciding() => {
                let placed: u8 = model.editor.mice.iter().sum();
                let available = view.families[seat].available;
                let done = if placed == available { " ⏎" } else { "" };
                // The time left by the move too, not only in the title.
                let left = time_left(model)
                    .map_or_else(String::new, |left| format!(" · ⏱ {}", clock(left)));
                // As much as fits the panel's top border: the clock goes
                // first (the title bar has it too), then "Your move".
                let room = usize::from(panel.width).saturating_sub(3);
                let title = [
                    format!(" Your move · {placed} of {available} mice{done}{left} "),
                    format!(" Your move · {placed} of {available} mice{done} "),
                    format!(" {placed} of {available} mice{done} "),
                ]
                .into_iter()
                .find(|title| title.width() <= room)
                .unwrap_or_default();
                (title, editor_lines(model, seat, view))
            }
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
                        lines.push(
                            Line::from(format!("Sealed: {}", sealed.unwrap_or_default())).bold(),
                        );
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
                (" Round ".to_owned(), lines)
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

/// What a reveal being played out says in the panel: both moves, and that
/// a key shows the end.
fn reveal_lines(show: &super::reveal::RevealShow) -> Vec<Line<'static>> {
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
fn replay_end_lines(
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

fn finished_lines(
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

fn editor_lines(model: &Model, seat: Seat, view: &GameView) -> Vec<Line<'static>> {
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

/// The bottom of the screen: the rounds, and the chat beside them (wide
/// screens) or instead of them (`w` switches, on narrow ones).
fn bottom_panes(model: &Model, frame: &mut Frame, area: Rect) {
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
fn log_box(model: &Model, area: Rect, chat_elsewhere: bool) -> Paragraph<'static> {
    let height = usize::from(area.height.saturating_sub(2));
    let lines = log_lines(
        &model.tracker,
        model.reveal.as_ref(),
        model.now,
        area.width.saturating_sub(2),
    );
    let last_page = lines.len().saturating_sub(height);
    let skip = model.scroll.min(last_page);
    let mut title = if skip > 0 {
        " Rounds (PgUp: newer) ".to_owned()
    } else {
        " Rounds ".to_owned()
    };
    if chat_elsewhere {
        title.push_str(&match model.chat.unread {
            0 => "· w: chat ".to_owned(),
            unread => format!("· w: chat ({unread} new) "),
        });
    }
    let shown: Vec<Line> = lines.into_iter().skip(skip).collect();
    Paragraph::new(shown).block(Block::bordered().title(title))
}

fn chat_box(model: &Model, area: Rect) -> Paragraph<'static> {
    let you = model.tracker.you();
    let title = match (model.chat.muted, you, model.chat.spectators) {
        (true, _, _) => " Chat (muted: m) ",
        (false, Some(_), false) => " Chat · players ",
        (false, Some(_), true) => " Chat · players + spectators ",
        (false, None, _) => " Chat ",
    };
    let height = usize::from(area.height.saturating_sub(2));
    let lines: Vec<Line> = if model.chat.muted {
        vec![Line::from("m shows the chat again").dim()]
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
                let channel = match line.channel {
                    mice_cake_protocol::ChatChannel::Spectators if you.is_some() => "(spectator) ",
                    _ => "",
                };
                Line::from(vec![
                    Span::styled(format!("{channel}{}: ", line.name), style),
                    // Text as it came: never interpreted.
                    Span::raw(line.text.clone()),
                ])
            })
            .collect();
        if shown.is_empty() {
            vec![Line::from("/ says something").dim()]
        } else {
            let skip = shown.len().saturating_sub(height);
            shown.into_iter().skip(skip).collect()
        }
    };
    Paragraph::new(lines)
        .wrap(Wrap { trim: false })
        .block(Block::bordered().title(title))
}

/// The game's end in the middle of the screen, until ⏎ or Esc closes it:
/// the result, what checking it said (`model.fairness`), each player's
/// accuracy, and the room's earlier games.
fn result_popup(
    model: &Model,
    room: &RoomState,
    result: &mice_cake_protocol::GameResult,
    game_id: Option<mice_cake_protocol::GameId>,
    frame: &mut Frame,
    area: Rect,
) {
    let fairness = model.fairness.as_deref();
    let earlier = &model.tracker.past;
    let width = area.width.saturating_sub(4).min(64);
    let inner = usize::from(width.saturating_sub(4));
    let mut lines: Vec<Line> = wrap(&text::result(result), inner)
        .into_iter()
        .map(|line| Line::from(line).bold())
        .collect();
    match (room.you, result.winner) {
        (Some(you), Some(winner)) if you == winner => lines.push(Line::from("You win!")),
        (Some(_), Some(_)) => lines.push(Line::from("You lose.")),
        _ => {}
    }
    match fairness {
        Some(verdict) if verdict.starts_with("verified fair") => {
            lines.extend(
                wrap(
                    "✓ verified fair: dice nobody chose, moves nobody saw early",
                    inner,
                )
                .into_iter()
                .map(Line::from),
            );
        }
        Some(verdict) => lines.extend(wrap(verdict, inner).into_iter().map(Line::from)),
        None => {}
    }
    if let Some(accuracy) = &model.accuracy {
        let words = crate::analysis::accuracy_words(accuracy, room.you);
        lines.extend(
            wrap(&format!("Accuracy: {words}"), inner)
                .into_iter()
                .map(Line::from),
        );
    }
    if let Some(id) = game_id {
        lines.push(Line::from(""));
        lines.push(Line::from("Replay:").dim());
        lines.push(Line::from(format!("mice-cake replay {id}")).dim());
    }
    // The room's earlier games, the latest first, as far as room allows.
    let recorded: Vec<_> = earlier
        .iter()
        .rev()
        .filter_map(|game| game.game_id.map(|id| (game.number, id)))
        .take(3)
        .collect();
    if !recorded.is_empty() {
        lines.push(Line::from("Earlier games of the room:").dim());
        for (number, id) in recorded {
            lines.push(Line::from(format!("game {number}: mice-cake replay {id}")).dim());
        }
    }
    lines.push(Line::from(""));
    lines.push(Line::from(
        if room
            .you
            .is_some_and(|you| room.players[you.opponent()].is_some())
        {
            "⏎ close   r rematch   q quit"
        } else {
            "⏎ close   q quit"
        },
    ));
    let height = (lines.len() as u16 + 2).min(area.height);
    let popup = centered(area, width, height);
    frame.render_widget(Clear, popup);
    frame.render_widget(
        Paragraph::new(lines)
            .alignment(Alignment::Center)
            .block(Block::bordered().title(format!(" Game {} over ", room.game))),
        popup,
    );
}

fn help(model: &Model, frame: &mut Frame) {
    let boost = model
        .tracker
        .room
        .as_ref()
        .is_some_and(|room| room.options.game.boost);
    let area = centered(frame.area(), 76, 21);
    frame.render_widget(Clear, area);
    let mut lines = vec![
        Line::from("Put every available mouse on a column, then commit.").bold(),
        Line::from("Each mouse rolls a die at your nearest piece in its column: the"),
        Line::from("dice must reach its pips."),
    ];
    if boost {
        lines.push(Line::from(
            "Boost game: dice showing the piece's own pattern (both halves;",
        ));
        lines.push(Line::from(
            "or the number on a half-blank) earn a boost roll after the round.",
        ));
    } else {
        lines.push(Line::from(
            "Dice showing the piece's own pattern (both halves; or the",
        ));
        lines.push(Line::from(
            "number on a half-blank) tire mice instead: they rest a round.",
        ));
    }
    lines.push(Line::from(
        "Mice on the double-blank steal a piece from the other stash.",
    ));
    lines.push(Line::from(""));
    if model.replay.is_some() {
        lines.extend([
            keys_line("→, l, space", "the next round", "←, h", "the round before"),
            keys_line("Home", "before round 1", "End", "the end"),
            keys_line("a", "analyse every move", "?", "this help"),
            keys_line("q, Esc", "quit", "", ""),
        ]);
    } else {
        lines.extend(play_keys());
    }
    lines.extend([
        Line::from(""),
        Line::from("Coloured pieces are the ones each family faces; magenta: both."),
        Line::from("● mice   z resting mice   ░░░ face down   · taken   underlined: last round"),
        Line::from(""),
        Line::from("Any key closes this.").dim(),
    ]);
    frame.render_widget(
        Paragraph::new(lines).block(Block::bordered().title(" Help ")),
        area,
    );
}

/// The keys of a game, played or watched.
fn play_keys() -> [Line<'static>; 7] {
    [
        keys_line(
            "←/→ or a–d",
            "choose a column",
            "↑/↓ or +/-",
            "add/remove a mouse",
        ),
        keys_line("t", "choose what to steal", "g", "the greedy suggestion"),
        keys_line("x", "clear", "⏎", "commit (secret)"),
        keys_line("PgUp/PgDn", "scroll the rounds", "r", "rematch (game over)"),
        keys_line("/", "say something", "m", "mute the chat"),
        keys_line("s", "spectators' chat too", "w", "rounds or chat"),
        keys_line("?", "this help", "q", "quit (asks in a game)"),
    ]
}

fn keys_line(key: &str, what: &str, other_key: &str, other_what: &str) -> Line<'static> {
    Line::from(format!("{key:<13}{what:<24}{other_key:<13}{other_what}"))
}

/// `1:05`, `0:42`.
pub fn clock(duration: Duration) -> String {
    let seconds = duration.as_secs() + u64::from(duration.subsec_nanos() > 0);
    format!("{}:{:02}", seconds / 60, seconds % 60)
}

//! The title bar (room, variant, round, clock) and the line of hints.

use std::time::Duration;

use mice_cake_engine::Reveal;
use mice_cake_protocol::{RoomState, RoomStatus};
use ratatui::style::{Color, Style, Stylize};
use ratatui::text::{Line, Span};

use super::super::model::{Link, Model, opponent_here};
use super::fit::{fit_words, fitted};
use super::time::{clock, time_left};
use crate::tr;

/// The title: the connection, the room, its game and round, the clock,
/// the spectators and the variant. What does not fit `width` is left out
/// whole, least needed first (the spectators, then the variant): a word is
/// never cut.
pub(super) fn title_bar(model: &Model, width: u16) -> Line<'static> {
    // Each part, with the rank it is dropped in (higher goes first).
    // words-check: the game's name, never translated
    let mut parts: Vec<(u8, Span<'static>)> = vec![(0, " Mice Cake ".bold().reversed())];
    if let Some(replay) = &model.replay {
        parts.push((0, format!("  {replay}").bold()));
        if let Some(room) = &model.tracker.room {
            parts.push((1, format!("  {}", variant(room)).dim()));
        }
        return fitted(parts, width);
    }
    // The connection first: it matters most when it is not fine.
    if let Some(link) = link_words(&model.link) {
        parts.push((0, link));
    }
    if let Some(room) = model.room().as_deref() {
        parts.push((0, format!("  {}", room.code).bold()));
        if room.game > 0 {
            let game = match room.view.filter(|_| room.status == RoomStatus::Playing) {
                Some(view) => tr!("tui-title-game-round", game = room.game, round = view.round),
                None => tr!("tui-title-game", game = room.game),
            };
            parts.push((0, format!("  {game}").into()));
        }
        if let Some(score) = &room.match_score {
            let words = tr!(
                "tui-title-match",
                yellow = score.wins.yellow,
                blue = score.wins.blue,
                first_to = score.first_to
            );
            parts.push((1, format!("  {words}").bold()));
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
            (true, None) => (1, format!("  {}", tr!("tui-title-rated")).bold()),
            (true, Some(_)) => (
                1,
                format!("  {}", tr!("tui-title-not-rated")).fg(Color::Yellow),
            ),
            (false, _) => (2, format!("  {}", tr!("tui-title-unrated")).dim()),
        });
        parts.push((
            2,
            format!("  {}", tr!("tui-title-watching", count = room.spectators)).into(),
        ));
        parts.push((1, format!("  {}", variant(room)).dim()));
    }
    fitted(parts, width)
}

/// The connection, when it is not fine: coming back, back, or gone.
fn link_words(link: &Link) -> Option<Span<'static>> {
    let (words, color) = match link {
        Link::Connected => return None,
        Link::Reconnecting { attempt, .. } => (
            tr!("tui-title-reconnecting", attempt = *attempt),
            Color::Red,
        ),
        Link::Reconnected(_) => (tr!("tui-title-reconnected"), Color::Green),
        Link::Closed(_) => (tr!("tui-title-disconnected"), Color::Red),
        Link::Replaced(_) => (tr!("tui-title-played-elsewhere"), Color::Red),
    };
    Some(format!(" {words}").fg(color).bold())
}

/// The room's options in a few words: `standard · boost · 60 s a round`.
pub(super) fn variant(room: &RoomState) -> String {
    let game = room.options.game;
    let mut words = vec![match game.reveal {
        Reveal::Standard => tr!("tui-variant-standard"),
        Reveal::AllFaceUp => tr!("tui-variant-all-face-up"),
        Reveal::AllFaceDown => tr!("tui-variant-all-face-down"),
    }];
    if game.boost {
        words.push(tr!("tui-variant-boost"));
    }
    words.push(match room.options.deadline() {
        Some(ms) => tr!(
            "tui-variant-deadline",
            clock = clock(Duration::from_millis(ms))
        ),
        None => tr!("tui-variant-no-deadline"),
    });
    words.join(", ")
}

pub(super) fn hints_line(model: &Model, width: u16) -> Line<'static> {
    let room = usize::from(width).saturating_sub(1);
    if model.replay.is_some() {
        return match &model.notice {
            Some(notice) => Line::from(format!(" {}", fit_words(notice, room)))
                .fg(Color::Black)
                .bg(Color::Yellow),
            None => Line::from(format!(" {}", tr!("tui-hints-replay"))).dim(),
        };
    }
    if let Some(input) = &model.chat.input {
        return Line::from(vec![
            format!(" {} ", tr!("tui-hints-say")).bold(),
            Span::raw(format!("{input}▏")),
            format!("  {}", tr!("tui-hints-send")).dim(),
        ]);
    }
    if let Some(notice) = &model.notice {
        return Line::from(format!(" {}", fit_words(notice, room)))
            .fg(Color::Black)
            .bg(Color::Yellow);
    }
    let gone = match &model.link {
        Link::Closed(reason) => Some(tr!("tui-hints-disconnected", reason = reason)),
        // The reason is in the move panel, whole.
        Link::Replaced(_) => Some(tr!("tui-hints-replaced")),
        _ => None,
    };
    if let Some(gone) = gone {
        return Line::from(format!(" {}", fit_words(&gone, room)))
            .fg(Color::White)
            .bg(Color::Red);
    }
    let keys = ranked_keys(model);
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

/// The keys to show with their ranks: what matters least goes first when
/// the line is short, and a key is shown whole or not at all.
fn ranked_keys(model: &Model) -> Vec<(u8, String)> {
    let finished = model.finished().is_some();
    let chat = model.settings.chat;
    let quit = || tr!("tui-key-quit", key = "q");
    let chat_key = || tr!("tui-key-chat", key = "/");
    let help = || tr!("tui-key-help", key = "?");
    let rounds = || tr!("tui-key-rounds", key = "PgUp/PgDn");
    if model.tracker.room.is_none() {
        // Seeking, or connecting: nothing to page through or say yet.
        vec![(0, quit())]
    } else if model.deciding() {
        vec![
            (0, tr!("tui-key-column", key = "←→")),
            (0, tr!("tui-key-mice", key = "↑↓")),
            (3, tr!("tui-key-target", key = "t")),
            (2, tr!("tui-key-suggest", key = "g")),
            (3, tr!("tui-key-clear", key = "x")),
            (0, tr!("tui-key-commit", key = "⏎")),
            (if chat { 2 } else { u8::MAX }, chat_key()),
            (1, help()),
            (1, quit()),
        ]
    } else if finished && model.tracker.you().is_some() && opponent_here(model) {
        vec![
            (0, tr!("tui-key-rematch", key = "r")),
            (2, rounds()),
            (if chat { 2 } else { u8::MAX }, chat_key()),
            (1, help()),
            (0, quit()),
        ]
    } else {
        vec![
            (1, rounds()),
            (if chat { 2 } else { u8::MAX }, chat_key()),
            (1, help()),
            (0, quit()),
        ]
    }
}

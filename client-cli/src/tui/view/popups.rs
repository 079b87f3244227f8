//! What covers the screen for a moment: a game's result and the help.

use mice_cake_protocol::RoomState;
use ratatui::Frame;
use ratatui::layout::{Alignment, Rect};
use ratatui::style::Stylize;
use ratatui::text::Line;
use ratatui::widgets::{Block, Clear, Paragraph};

use super::super::layout::centered;
use super::super::model::Model;
use super::super::wrap::wrap;
use crate::text;

/// The game's end in the middle of the screen, until ⏎ or Esc closes it:
/// the result, what checking it said (`model.fairness`), each player's
/// accuracy, and the room's earlier games.
pub(super) fn result_popup(
    model: &Model,
    room: &RoomState,
    result: &mice_cake_protocol::GameResult,
    game_id: Option<mice_cake_protocol::GameId>,
    frame: &mut Frame,
    area: Rect,
) {
    let fairness = model.fairness.as_deref();
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
    lines.extend(replay_lines(game_id, &model.tracker.past));
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

/// How to replay the game, and the room's earlier games (the latest
/// first, as far as room allows).
fn replay_lines(
    game_id: Option<mice_cake_protocol::GameId>,
    earlier: &[crate::tracker::PastGame],
) -> Vec<Line<'static>> {
    let mut lines = Vec::new();
    if let Some(id) = game_id {
        lines.push(Line::from(""));
        lines.push(Line::from("Replay:").dim());
        lines.push(Line::from(format!("mice-cake replay {id}")).dim());
    }
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
    lines
}

pub(super) fn help(model: &Model, frame: &mut Frame) {
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
pub(super) fn play_keys() -> [Line<'static>; 7] {
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

pub(super) fn keys_line(key: &str, what: &str, other_key: &str, other_what: &str) -> Line<'static> {
    Line::from(format!("{key:<13}{what:<24}{other_key:<13}{other_what}"))
}

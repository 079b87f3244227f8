//! What covers the screen for a moment: a game's result and the help.

use mice_cake_protocol::RoomState;
use ratatui::Frame;
use ratatui::layout::{Alignment, Rect};
use ratatui::style::{Style, Stylize};
use ratatui::text::Line;
use ratatui::widgets::{Block, Clear, Paragraph};
use unicode_width::UnicodeWidthStr;

use super::super::layout::centered;
use super::super::model::Model;
use super::super::padded;
use super::super::wrap::wrap;
use crate::{text, tr};

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
    let wrapped = |words: &str| -> Vec<Line<'static>> {
        wrap(words, inner).into_iter().map(Line::from).collect()
    };
    let mut lines: Vec<Line> = wrap(&text::result(result), inner)
        .into_iter()
        .map(|line| Line::from(line).bold())
        .collect();
    match (room.you, result.winner) {
        (Some(you), Some(winner)) if you == winner => {
            lines.extend(wrapped(&tr!("tui-result-you-win")));
        }
        (Some(_), Some(_)) => lines.extend(wrapped(&tr!("tui-result-you-lose"))),
        _ => {}
    }
    match fairness {
        // A fair verdict in short; any other whole.
        Some(verdict) if crate::verify::says_fair(verdict) => {
            lines.extend(wrapped(&tr!("tui-result-verified-fair")));
        }
        Some(verdict) => lines.extend(wrapped(verdict)),
        None => {}
    }
    if let Some(accuracy) = &model.accuracy {
        let words = crate::analysis::accuracy_words(accuracy, room.you);
        lines.extend(wrapped(&tr!("tui-result-accuracy", accuracy = words)));
    }
    if let Some(score) = &room.match_score {
        let names = model.tracker.players.clone().unwrap_or_default();
        for line in text::match_lines(score, &names) {
            lines.extend(wrapped(&line));
        }
    }
    lines.extend(replay_lines(game_id, &model.tracker.past, inner));
    lines.push(Line::from(""));
    let keys = if room
        .you
        .is_some_and(|you| room.players[you.opponent()].is_some())
    {
        tr!(
            "tui-result-keys-rematch",
            close = "⏎",
            rematch = "r",
            quit = "q"
        )
    } else {
        tr!("tui-result-keys", close = "⏎", quit = "q")
    };
    lines.extend(wrapped(&keys));
    let height = (lines.len() as u16 + 2).min(area.height);
    let popup = centered(area, width, height);
    frame.render_widget(Clear, popup);
    frame.render_widget(
        Paragraph::new(lines).alignment(Alignment::Center).block(
            Block::bordered().title(format!(" {} ", tr!("tui-result-title", game = room.game))),
        ),
        popup,
    );
}

/// How to replay the game, and the room's earlier games (the latest
/// first, as far as room allows), in lines of `inner` columns (a command
/// stays whole on its line, to be copied).
fn replay_lines(
    game_id: Option<mice_cake_protocol::GameId>,
    earlier: &[crate::tracker::PastGame],
    inner: usize,
) -> Vec<Line<'static>> {
    let mut lines = Vec::new();
    if let Some(id) = game_id {
        lines.push(Line::from(""));
        lines.extend(
            wrap(&tr!("tui-result-replay"), inner)
                .into_iter()
                .map(|line| Line::from(line).dim()),
        );
        // words-check: a command line, typed as it is in every language
        lines.push(Line::from(format!("mice-cake replay {id}")).dim());
    }
    let recorded: Vec<_> = earlier
        .iter()
        .rev()
        .filter_map(|game| game.game_id.map(|id| (game.number, id)))
        .take(3)
        .collect();
    if !recorded.is_empty() {
        lines.extend(
            wrap(&tr!("tui-result-earlier-games"), inner)
                .into_iter()
                .map(|line| Line::from(line).dim()),
        );
        for (number, id) in recorded {
            // words-check: a command line, typed as it is in every language
            let command = format!("mice-cake replay {id}");
            lines.push(
                Line::from(tr!(
                    "tui-result-earlier-game",
                    game = number,
                    command = command
                ))
                .dim(),
            );
        }
    }
    lines
}

/// The help's box at its smallest: 76 columns, 21 rows (a longer
/// translation makes it larger, as far as the screen goes).
const HELP_WIDTH: u16 = 76;
const HELP_HEIGHT: u16 = 21;

pub(super) fn help(model: &Model, frame: &mut Frame) {
    let boost = model
        .tracker
        .room
        .as_ref()
        .is_some_and(|room| room.options.game.boost);
    let screen = frame.area();
    // The box's inside at its widest: the screen's, within the border.
    let widest = usize::from(screen.width.saturating_sub(2));
    // Each line with its style; a message's lines are its translator's.
    let mut lines: Vec<(String, Style)> = Vec::new();
    let mut say = |words: String, style: Style| said(&mut lines, &words, style);
    say(tr!("tui-help-goal"), Style::new().bold());
    say(tr!("tui-help-dice"), Style::new());
    if boost {
        say(tr!("tui-help-boost-game"), Style::new());
    } else {
        say(tr!("tui-help-tired"), Style::new());
    }
    say(tr!("tui-help-steal"), Style::new());
    say(String::new(), Style::new());
    let keys = if model.replay.is_some() {
        replay_keys()
    } else {
        play_keys()
    };
    lines.extend(
        keys_table(&keys, widest)
            .into_iter()
            .map(|line| (line, Style::new())),
    );
    lines.push((String::new(), Style::new()));
    let mut say = |words: String, style: Style| said(&mut lines, &words, style);
    say(tr!("tui-help-colours"), Style::new());
    say(tr!("tui-help-legend"), Style::new());
    say(String::new(), Style::new());
    say(tr!("tui-help-close"), Style::new().dim());
    // As wide as its widest line, and no wider than the screen: a line
    // wider still is wrapped.
    let inner = lines
        .iter()
        .map(|(line, _)| line.width())
        .max()
        .unwrap_or_default()
        .max(usize::from(HELP_WIDTH - 2))
        .min(widest);
    let lines: Vec<Line> = lines
        .into_iter()
        .flat_map(|(line, style)| {
            let parts = if line.width() > inner {
                wrap(&line, inner)
            } else {
                vec![line]
            };
            parts.into_iter().map(move |part| Line::styled(part, style))
        })
        .collect();
    let width = u16::try_from(inner + 2).unwrap_or(u16::MAX);
    let height = u16::try_from(lines.len() + 2)
        .unwrap_or(u16::MAX)
        .max(HELP_HEIGHT);
    let area = centered(screen, width, height);
    frame.render_widget(Clear, area);
    frame.render_widget(
        Paragraph::new(lines).block(Block::bordered().title(format!(" {} ", tr!("tui-help")))),
        area,
    );
}

/// `words` as the help's lines, one for each of its own (an empty line
/// for none).
fn said(lines: &mut Vec<(String, Style)>, words: &str, style: Style) {
    if words.is_empty() {
        lines.push((String::new(), style));
    }
    lines.extend(words.lines().map(|line| (line.to_owned(), style)));
}

/// A line of the keys' table: two keys, each with what it does.
type KeysRow = [String; 4];

/// The keys of a game, played or watched.
fn play_keys() -> Vec<KeysRow> {
    vec![
        [
            tr!("tui-help-key-columns"),
            tr!("tui-help-choose-column"),
            tr!("tui-help-key-mice"),
            tr!("tui-help-add-remove-mouse"),
        ],
        [
            "t".into(),
            tr!("tui-help-choose-steal"),
            "g".into(),
            tr!("tui-help-greedy"),
        ],
        [
            "x".into(),
            tr!("tui-help-clear"),
            "⏎".into(),
            tr!("tui-help-commit"),
        ],
        [
            "PgUp/PgDn".into(),
            tr!("tui-help-scroll"),
            "r".into(),
            tr!("tui-help-rematch"),
        ],
        [
            "/".into(),
            tr!("tui-help-say"),
            "m".into(),
            tr!("tui-help-mute"),
        ],
        [
            "s".into(),
            tr!("tui-help-spectators-chat"),
            "w".into(),
            tr!("tui-help-rounds-or-chat"),
        ],
        [
            "?".into(),
            tr!("tui-help-this-help"),
            "q".into(),
            tr!("tui-help-quit-asks"),
        ],
    ]
}

/// The keys of a replay.
fn replay_keys() -> Vec<KeysRow> {
    vec![
        [
            tr!("tui-help-key-next"),
            tr!("tui-help-next-round"),
            "←, h".into(),
            tr!("tui-help-round-before"),
        ],
        [
            // words-check: the names on the keys, as keyboards print them
            "Home".into(),
            tr!("tui-help-before-round-one"),
            // words-check: the names on the keys, as keyboards print them
            "End".into(),
            tr!("tui-help-the-end"),
        ],
        [
            "a".into(),
            tr!("tui-help-analyse"),
            "?".into(),
            tr!("tui-help-this-help"),
        ],
        [
            // words-check: the names on the keys, as keyboards print them
            "q, Esc".into(),
            tr!("tui-help-quit"),
            String::new(),
            String::new(),
        ],
    ]
}

/// The keys' table in columns as wide as their words (at least 13 for the
/// keys and 24 for what the first does); a row wider than `widest` is
/// split into a line for each key.
fn keys_table(rows: &[KeysRow], widest: usize) -> Vec<String> {
    let key_width = rows
        .iter()
        .flat_map(|[key, _, other_key, _]| [key.width(), other_key.width()])
        .map(|width| width + 2)
        .fold(13, usize::max);
    let what_width = rows
        .iter()
        .map(|[_, what, _, _]| what.width() + 2)
        .fold(24, usize::max);
    let mut lines = Vec::new();
    for [key, what, other_key, other_what] in rows {
        let line = format!(
            "{}{}{}{other_what}",
            padded(key, key_width),
            padded(what, what_width),
            padded(other_key, key_width)
        );
        if line.width() <= widest {
            lines.push(line);
        } else {
            lines.push(format!("{}{what}", padded(key, key_width)));
            if !other_key.is_empty() {
                lines.push(format!("{}{other_what}", padded(other_key, key_width)));
            }
        }
    }
    lines
}

//! The full-screen interface (ratatui + crossterm), in the Elm style:
//! messages go through [`model::update`], [`view::view`] draws the model.

pub mod chat;
mod layout;
mod log;
pub mod model;
#[cfg(test)]
mod moments;
mod palette;
#[cfg(test)]
mod rendering;
pub mod replay;
pub mod reveal;
mod signals;
mod suspension;
pub mod view;
mod wrap;

use std::io::Write as _;
use std::time::{Duration, Instant};

use crossterm::event::{Event, EventStream, KeyEventKind};
use futures_util::StreamExt;
use mice_cake_engine::Seat;
use mice_cake_protocol::RoomStatus;
use ratatui::style::Style;
use ratatui::text::Span;
use unicode_width::UnicodeWidthStr;

use crate::net::Session;
use crate::outcome::{self, Ended, Outcome};
use model::{Cmd, Model, Msg, Settings, update};
use signals::{Arrived, Signals};

pub(crate) use crate::text::seat_name;

/// The widest seat name's width: the families' names line up after it.
pub(crate) fn seat_names_width() -> usize {
    Seat::ALL
        .into_iter()
        .map(|seat| seat_name(seat).width())
        .max()
        .unwrap_or_default()
}

/// `text` padded with spaces to `width` columns on screen (`{:<width}`
/// counts characters, not columns).
pub(crate) fn padded(text: &str, width: usize) -> String {
    format!("{text}{}", " ".repeat(width.saturating_sub(text.width())))
}

/// Stand-ins for a message's arguments that are drawn in a style of their
/// own: the message is formatted with them, then cut into spans around
/// them ([`spans_around`]). Private-use characters: no catalogue holds them.
pub(crate) const MARKS: [&str; 2] = ["\u{E000}", "\u{E001}"];

/// A message formatted with [`MARKS`] for some arguments, as spans: its
/// words in `style`, each mark replaced by its span in `styled` (the first
/// mark by the first span…). A translation may put them in any order.
pub(crate) fn spans_around(
    text: &str,
    style: Style,
    styled: &[Span<'static>],
) -> Vec<Span<'static>> {
    let mut spans = Vec::new();
    let mut words = String::new();
    for c in text.chars() {
        let mark = MARKS
            .iter()
            .position(|mark| mark.starts_with(c))
            .and_then(|index| styled.get(index));
        match mark {
            Some(span) => {
                if !words.is_empty() {
                    spans.push(Span::styled(std::mem::take(&mut words), style));
                }
                spans.push(span.clone());
            }
            None => words.push(c),
        }
    }
    if !words.is_empty() {
        spans.push(Span::styled(words, style));
    }
    spans
}

/// How often countdowns are redrawn.
const TICK: Duration = Duration::from_millis(250);
/// How often a reveal being played out is redrawn.
const ANIMATION_TICK: Duration = Duration::from_millis(40);

/// Runs the interface until the person quits, the connection is lost for
/// good, or a signal stops it. The terminal is restored on every way out,
/// panics included (`ratatui::init` installs the hook). Quitting leaves
/// the room; a signal (the terminal closed, say) does not, so that the
/// seat is kept for the server's grace period.
pub async fn run(
    mut session: Session,
    settings: Settings,
    http: &str,
    server: &str,
    sealer: crate::sealing::Sealer,
) -> anyhow::Result<outcome::Session> {
    let mut model = Model::with(settings, Instant::now());
    model.server = server.to_owned();
    model.tracker.sealer = sealer;
    let mut terminal = ratatui::init();
    if let Ok(size) = terminal.size() {
        update(&mut model, Msg::Resize(size.width, size.height));
    }
    let ended = event_loop(&mut terminal, &mut session, &mut model, http).await;
    ratatui::restore();
    let outcome = ended?;
    // A signal keeps a seat held; with none, leaving takes back a
    // challenge made (it would wait for its answer until it expires).
    if outcome == Outcome::Done || model.tracker.room.is_none() {
        session.leave().await;
    }
    Ok(outcome::Session {
        room: model
            .tracker
            .room
            .as_ref()
            .map(|room| (room.code, room.you.is_some())),
        games: games_ended(&model),
        left: model.forfeited,
        outcome,
    })
}

/// The games `games` (numbers and ids) as the server kept them; a game
/// that cannot be fetched is left out.
fn earlier_games(
    http: &str,
    games: &[(u32, mice_cake_protocol::GameId)],
) -> Vec<crate::tracker::PastGame> {
    games
        .iter()
        .filter_map(|(number, id)| {
            let text = crate::replay::read_source(&id.to_string(), http).ok()?;
            let game: mice_cake_protocol::FinishedGame = serde_json::from_str(&text).ok()?;
            // A game that ended at its deal has no rounds.
            let rounds = game
                .record
                .as_ref()
                .map(crate::replay::played_rounds)
                .unwrap_or_default();
            Some(crate::tracker::PastGame {
                number: *number,
                players: game.players,
                result: game.result,
                game_id: Some(game.id),
                rounds,
            })
        })
        .collect()
}

/// What checking the game `id` said, if it was checked.
fn verdict_of(
    model: &Model,
    id: Option<mice_cake_protocol::GameId>,
) -> Option<&crate::verify::Checked> {
    let id = id?;
    model
        .verdicts
        .iter()
        .find(|(checked, _)| *checked == id)
        .map(|(_, checked)| checked)
}

/// Each player's accuracy in game `id`, as told when the program ends.
fn told_accuracy(
    model: &Model,
    accuracy: Option<mice_cake_engine::Seated<f64>>,
    id: Option<mice_cake_protocol::GameId>,
) -> Option<String> {
    Some(crate::analysis::accuracy_line(
        &accuracy?,
        model.tracker.you(),
        id?,
    ))
}

/// Every game that ended in the room while the client was in it.
fn games_ended(model: &Model) -> Vec<Ended> {
    let mut games: Vec<Ended> = model
        .tracker
        .past
        .iter()
        .map(|game| Ended {
            number: game.number,
            result: game.result,
            game_id: game.game_id,
            fairness: verdict_of(model, game.game_id).map(|checked| checked.verdict.clone()),
            accuracy: told_accuracy(
                model,
                verdict_of(model, game.game_id).and_then(|checked| checked.accuracy),
                game.game_id,
            ),
        })
        .collect();
    if let (Some((result, game_id)), Some(room)) = (model.finished(), model.tracker.room.as_ref()) {
        games.push(Ended {
            number: room.game,
            result,
            game_id,
            fairness: model.fairness.clone(),
            accuracy: told_accuracy(model, model.accuracy, game_id),
        });
    }
    games
}

async fn event_loop(
    terminal: &mut ratatui::DefaultTerminal,
    session: &mut Session,
    model: &mut Model,
    http: &str,
) -> anyhow::Result<Outcome> {
    let mut keys = EventStream::new();
    // Verdicts of finished games, checked on a task of their own.
    let verdicts =
        tokio::sync::mpsc::channel::<(mice_cake_protocol::GameId, crate::verify::Checked)>(4);
    let mut verdicts = (verdicts.0, verdicts.1);
    // The room's earlier games, fetched for a client that came in late.
    let mut earlier = tokio::sync::mpsc::channel::<Vec<crate::tracker::PastGame>>(2);
    let replies = Replies {
        verdicts: verdicts.0.clone(),
        earlier: earlier.0.clone(),
    };
    let mut signals = Signals::new()?;
    // Once the connection is gone for good, the screen stays (with the
    // reason) until the person quits.
    let mut connected = true;
    loop {
        terminal.draw(|frame| view::view(model, frame))?;
        let tick = if model.revealing() {
            ANIMATION_TICK
        } else {
            TICK
        };
        let heard = tokio::select! {
            event = session.events.recv(), if connected => match event {
                Some(event) => Heard::Msg(Msg::Net(event)),
                None => {
                    connected = false;
                    Heard::Nothing
                }
            },
            event = keys.next() => from_terminal(terminal, event)?,
            () = tokio::time::sleep(tick) => Heard::Msg(Msg::Tick(Instant::now())),
            Some((id, verdict)) = verdicts.1.recv() => Heard::Msg(Msg::Verified(id, verdict)),
            Some(games) = earlier.1.recv() => Heard::Msg(Msg::EarlierGames(games)),
            // Raw mode turns Ctrl-C into a key: this signal comes from
            // elsewhere, as do the others.
            signal = signals.next() => from_signal(terminal, signal)?,
        };
        let msg = match heard {
            Heard::Msg(msg) => msg,
            Heard::Nothing => continue,
            Heard::End(outcome) => return Ok(outcome),
        };
        let closed = matches!(&msg, Msg::Net(crate::net::NetEvent::Closed(_)));
        for cmd in update(model, msg) {
            if let Some(outcome) = perform(cmd, model, session, http, &replies).await {
                return Ok(outcome);
            }
        }
        // Refused before ever entering a room: nothing to show, say why.
        if closed
            && model.tracker.room.is_none()
            && let Some(reason) = model.link.closed_reason()
        {
            return Ok(Outcome::Failed(reason.to_owned()));
        }
    }
}

/// What the loop heard: a message for the model, nothing more to do (it
/// was handled here), or the end.
enum Heard {
    Msg(Msg),
    Nothing,
    End(Outcome),
}

/// A terminal event: a key or a size for the model; Ctrl-Z and Ctrl-L
/// handled here.
fn from_terminal(
    terminal: &mut ratatui::DefaultTerminal,
    event: Option<std::io::Result<Event>>,
) -> anyhow::Result<Heard> {
    Ok(match event {
        // Raw mode turns Ctrl-Z into a key: suspend as a shell's
        // job would, the terminal given back first.
        Some(Ok(Event::Key(key))) if suspension::is_suspend_key(&key) => {
            suspension::suspend(terminal)?;
            Heard::Nothing
        }
        Some(Ok(Event::Key(key))) if suspension::is_redraw_key(&key) => {
            suspension::redraw(terminal)?;
            Heard::Nothing
        }
        Some(Ok(Event::Key(key))) if key.kind != KeyEventKind::Release => Heard::Msg(Msg::Key(key)),
        Some(Ok(Event::Resize(width, height))) => Heard::Msg(Msg::Resize(width, height)),
        // Resizes and the rest: redraw.
        Some(Ok(_)) => Heard::Nothing,
        Some(Err(error)) => return Err(error.into()),
        None => Heard::End(Outcome::Done),
    })
}

/// A signal: a stop ends the loop; a suspension and a continuation are
/// handled here.
fn from_signal(terminal: &mut ratatui::DefaultTerminal, signal: Arrived) -> anyhow::Result<Heard> {
    Ok(match signal {
        Arrived::Stop(signal) => Heard::End(Outcome::Interrupted(signal)),
        Arrived::Suspend => {
            suspension::suspend(terminal)?;
            Heard::Nothing
        }
        // Stopped by SIGSTOP, which cannot be caught: whatever the
        // shell did to the terminal meanwhile is undone.
        Arrived::Continued => {
            suspension::take_back(terminal)?;
            Heard::Nothing
        }
    })
}

/// Where the answers to commands carried out on tasks of their own come
/// back to the loop.
struct Replies {
    verdicts: tokio::sync::mpsc::Sender<(mice_cake_protocol::GameId, crate::verify::Checked)>,
    earlier: tokio::sync::mpsc::Sender<Vec<crate::tracker::PastGame>>,
}

/// Carries out one command of `update`, in order with the others: an
/// opening is stored (written, synced, renamed) before the seal after it is
/// sent. `Some` once the program is to end.
async fn perform(
    cmd: Cmd,
    model: &Model,
    session: &mut Session,
    http: &str,
    replies: &Replies,
) -> Option<Outcome> {
    match cmd {
        // Synced to disk before the next command (its seal) goes.
        Cmd::StoreOpening(file, opening) => file.keep(opening),
        Cmd::Send(message) => {
            let _ = session.commands.send(message).await;
        }
        Cmd::Bell => {
            let mut stdout = std::io::stdout();
            let _ = stdout.write_all(b"\x07");
            let _ = stdout.flush();
        }
        Cmd::Quit => return Some(quitting(model)),
        Cmd::FetchEarlier(games) => {
            let http = http.to_owned();
            let fetched = replies.earlier.clone();
            tokio::task::spawn_blocking(move || {
                let _ = fetched.blocking_send(earlier_games(&http, &games));
            });
        }
        Cmd::Verify(id) => {
            let seen = model
                .tracker
                .you()
                .map(|seat| (model.tracker.sealer.witness().clone(), seat));
            let http = http.to_owned();
            let verdicts = replies.verdicts.clone();
            tokio::spawn(async move {
                // A person plays here: told each player's accuracy.
                let verdict = crate::verify::check_played(http, id, seen, true).await;
                let _ = verdicts.send((id, verdict)).await;
            });
        }
    }
    None
}

/// The outcome of quitting: done, unless the connection was lost for good
/// in the middle of a game.
fn quitting(model: &Model) -> Outcome {
    match model.link.closed_reason() {
        Some(reason)
            if model
                .tracker
                .room
                .as_ref()
                .is_none_or(|room| room.status == RoomStatus::Playing) =>
        {
            Outcome::Failed(reason.to_owned())
        }
        _ => Outcome::Done,
    }
}

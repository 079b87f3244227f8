//! The full-screen interface (ratatui + crossterm), in the Elm style:
//! messages go through [`model::update`], [`view::view`] draws the model.

pub mod model;
#[cfg(test)]
mod rendering;
pub mod replay;
pub mod view;

use std::time::{Duration, Instant};

use crossterm::event::{Event, EventStream, KeyEventKind};
use futures_util::StreamExt;

use crate::net::Session;
use model::{Cmd, Model, Msg, update};

/// How often countdowns are redrawn.
const TICK: Duration = Duration::from_millis(250);

/// Runs the interface until the person quits or the connection is lost for
/// good. The terminal is restored on every way out, panics included
/// (`ratatui::init` installs the hook).
pub async fn run(mut session: Session) -> anyhow::Result<()> {
    let mut terminal = ratatui::init();
    let outcome = event_loop(&mut terminal, &mut session).await;
    ratatui::restore();
    session.leave().await;
    outcome
}

async fn event_loop(
    terminal: &mut ratatui::DefaultTerminal,
    session: &mut Session,
) -> anyhow::Result<()> {
    let mut model = Model::new(Instant::now());
    let mut keys = EventStream::new();
    let mut ticks = tokio::time::interval(TICK);
    // Once the connection is gone for good, the screen stays (with the
    // reason) until the person quits.
    let mut connected = true;
    loop {
        terminal.draw(|frame| view::view(&model, frame))?;
        let msg = tokio::select! {
            event = session.events.recv(), if connected => match event {
                Some(event) => Msg::Net(event),
                None => {
                    connected = false;
                    continue;
                }
            },
            key = keys.next() => match key {
                Some(Ok(Event::Key(key))) if key.kind != KeyEventKind::Release => Msg::Key(key),
                // Resizes and the rest: redraw.
                Some(Ok(_)) => continue,
                Some(Err(error)) => return Err(error.into()),
                None => return Ok(()),
            },
            _ = ticks.tick() => Msg::Tick(Instant::now()),
            // Raw mode turns Ctrl-C into a key; this is a signal from elsewhere.
            _ = tokio::signal::ctrl_c() => return Ok(()),
        };
        for cmd in update(&mut model, msg) {
            match cmd {
                Cmd::Send(message) => {
                    let _ = session.commands.send(message).await;
                }
                Cmd::Quit => return Ok(()),
            }
        }
    }
}

//! The connection to a server: hello, entering a room, and coming back by
//! itself after a drop — a player resumes its seat with its token, a
//! spectator watches again — telling the interface what it does. A seat's
//! token is kept in the user's seats file ([`crate::seats`]) while it is
//! held, so that another run of the client can take the seat back.
//!
//! One job a file: `socket` the WebSocket itself; `entries` how to
//! enter and who the player is; `reconnection` the link's state and
//! coming back after a drop; `forwarding` the link while connected;
//! `server_messages` what each server message tells it; `challenging`
//! a challenge followed until its room is entered; `seat_files` the seats
//! kept on disk.

mod challenging;
mod entries;
mod forwarding;
mod reconnection;
mod seat_files;
mod server_messages;
mod socket;
#[cfg(test)]
mod tests;

use std::time::Duration;

use mice_cake_protocol::{ClientMessage, ServerMessage};
use tokio::sync::mpsc;

use crate::seats::SeatStore;
use entries::entry_message;
use reconnection::Link;
use socket::open;

pub use entries::{Entry, Identity, Seek};

/// What the connection reports.
#[derive(Clone, Debug, PartialEq)]
pub enum NetEvent {
    /// A message from the server.
    Message(ServerMessage),
    /// The connection dropped; the next attempt comes after `wait`.
    Reconnecting {
        attempt: u32,
        wait: Duration,
        reason: String,
    },
    /// Back in the room after a drop.
    Reconnected,
    /// Closed for good, with the reason.
    Closed(String),
}

/// A live session: send messages, receive events.
pub struct Session {
    pub commands: mpsc::Sender<ClientMessage>,
    pub events: mpsc::Receiver<NetEvent>,
}

impl Session {
    /// Leaves the room and waits, briefly, until the goodbye is out and the
    /// connection closed.
    pub async fn leave(self) {
        let Session {
            commands,
            mut events,
        } = self;
        let _ = commands
            .send(ClientMessage::Leave { signature: None })
            .await;
        drop(commands);
        let drained = async { while events.recv().await.is_some() {} };
        let _ = tokio::time::timeout(Duration::from_secs(2), drained).await;
    }
}

/// Connects, says hello and enters the room. Fails at once when the server
/// cannot be reached at all; after that, drops are handled by reconnecting.
/// A seat taken is kept in `seats` (if given) until it is left.
pub async fn connect(
    url: &str,
    name: &str,
    entry: Entry,
    seats: Option<SeatStore>,
    identity: Identity,
) -> anyhow::Result<Session> {
    let socket = open(url).await.map_err(|error| {
        anyhow::anyhow!(crate::tr!("net-cannot-reach", url = url, error = error))
    })?;
    let (commands, commands_rx) = mpsc::channel(64);
    let (events_tx, events) = mpsc::channel(256);
    let mut link = Link::new(url, name, &entry, seats, identity, commands_rx, events_tx);
    let greeting = entry_message(entry, &link.identity)?;
    link.greeting = Some(greeting.clone());
    tokio::spawn(link.run(socket, greeting));
    Ok(Session { commands, events })
}

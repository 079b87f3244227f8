//! Rooms: one task per room owns its game (an actor). Connections talk to it
//! through a [`RoomHandle`]; it answers through each member's outbound queue,
//! so that it never waits for a client.

mod actor;
mod context;
mod events;
mod outbox;

use std::sync::Arc;
use std::sync::atomic::{AtomicU64, Ordering};

use mice_cake_engine::{Assignment, Nonce, Seal, Seat};
use mice_cake_protocol::{ErrorCode, RoomCode, RoomOptions};
use tokio::sync::{mpsc, oneshot};

pub(crate) use self::context::{Directory, RoomContext};
use crate::outbound::Outbound;
use crate::store::{StoreError, StoredRoom};
use crate::token::TokenHash;

/// Commands waiting for a room; a full inbox makes senders wait, never the room.
const INBOX: usize = 256;

/// A connection's id, unique in this process.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub(crate) struct ConnId(u64);

impl ConnId {
    pub(crate) fn next() -> ConnId {
        static NEXT: AtomicU64 = AtomicU64::new(1);
        ConnId(NEXT.fetch_add(1, Ordering::Relaxed))
    }
}

/// A connection, as a room knows it.
#[derive(Clone, Debug)]
pub(crate) struct Member {
    pub(crate) conn: ConnId,
    pub(crate) outbound: Outbound,
}

/// A request the room turned down, with the error to send.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct Refusal {
    pub(crate) code: ErrorCode,
    pub(crate) message: String,
}

impl Refusal {
    pub(crate) fn new(code: ErrorCode, message: impl Into<String>) -> Refusal {
        Refusal {
            code,
            message: message.into(),
        }
    }
}

/// What a room is asked to do.
#[derive(Debug)]
pub(crate) enum Command {
    /// Take a free seat. The room sends `joined` itself; the reply tells the
    /// connection whether it is in.
    Join {
        member: Member,
        name: String,
        reply: oneshot::Sender<Result<Seat, Refusal>>,
    },
    /// Watch.
    Watch {
        member: Member,
        reply: oneshot::Sender<Result<(), Refusal>>,
    },
    /// Take a seat back with its token.
    Resume {
        member: Member,
        token: TokenHash,
        last_seq: Option<u64>,
        reply: oneshot::Sender<Result<Seat, Refusal>>,
    },
    /// A player's sealed move.
    Seal {
        conn: ConnId,
        round: u32,
        seal: Seal,
    },
    /// A player opens the sealed move.
    Open {
        conn: ConnId,
        round: u32,
        assignment: Option<Assignment>,
        nonce: Nonce,
    },
    Rematch {
        conn: ConnId,
    },
    Leave {
        conn: ConnId,
    },
    /// Say something (already cleaned) on the room's chat.
    Chat {
        conn: ConnId,
        name: String,
        text: String,
    },
    /// Read the spectators' chat too, or no longer (a player).
    SpectatorChat {
        conn: ConnId,
        show: bool,
    },
    /// The connection is gone.
    Disconnected {
        conn: ConnId,
    },
}

/// A cloneable handle to a room's task.
#[derive(Clone, Debug)]
pub(crate) struct RoomHandle {
    code: RoomCode,
    /// Commands go boxed: tokio allocates a room's queue 32 slots at a
    /// time, which every live room carries (32 commands of 80 bytes were
    /// 2.6 KB a room; 32 pointers are 256 bytes).
    tx: mpsc::Sender<Box<Command>>,
}

impl RoomHandle {
    pub(crate) fn code(&self) -> RoomCode {
        self.code
    }

    /// Sends a command; `false` if the room is gone.
    pub(crate) async fn send(&self, command: Command) -> bool {
        self.tx.send(Box::new(command)).await.is_ok()
    }

    /// Sends a command that answers, and waits for the answer.
    pub(crate) async fn ask<T>(
        &self,
        command: impl FnOnce(oneshot::Sender<Result<T, Refusal>>) -> Command,
    ) -> Result<T, Refusal> {
        let gone = || Refusal::new(ErrorCode::UnknownRoom, "the room has closed");
        let (reply, answer) = oneshot::channel();
        if !self.send(command(reply)).await {
            return Err(gone());
        }
        answer.await.unwrap_or_else(|_| Err(gone()))
    }
}

/// Starts a new room's task.
pub(crate) fn spawn(code: RoomCode, options: RoomOptions, context: Arc<RoomContext>) -> RoomHandle {
    start(code, actor::Room::new(code, options, context))
}

fn start(code: RoomCode, room: actor::Room) -> RoomHandle {
    let (tx, inbox) = mpsc::channel(INBOX);
    tokio::spawn(Box::new(room).run(inbox));
    RoomHandle { code, tx }
}

/// A room brought back from storage, checked, not yet running.
pub(crate) struct RestoredRoom {
    code: RoomCode,
    room: actor::Room,
}

impl RestoredRoom {
    /// Checks a stored room (its game replays, its commits are legal) and
    /// rebuilds it.
    pub(crate) fn new(
        stored: StoredRoom,
        context: Arc<RoomContext>,
    ) -> Result<RestoredRoom, StoreError> {
        let code = stored.code;
        actor::Room::restore(stored, context).map(|room| RestoredRoom { code, room })
    }

    pub(crate) fn code(&self) -> RoomCode {
        self.code
    }

    /// The seat tokens (hashed) that lead to the room.
    pub(crate) fn seat_tokens(&self) -> Vec<TokenHash> {
        self.room.seat_tokens()
    }

    /// Starts the room's task. The room is listed first: a restarted
    /// server lists its rooms from its first request, not once each room's
    /// task has had its turn (which a busy machine may take a while to give).
    pub(crate) fn spawn(self) -> RoomHandle {
        self.room.publish();
        start(self.code, self.room)
    }
}

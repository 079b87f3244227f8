//! Rooms: one task per room owns its game (an actor). Connections talk to it
//! through a [`RoomHandle`]; it answers through each member's outbound queue,
//! so that it never waits for a client.

mod act;
mod actor;
mod arena_mail;
mod context;
mod core;
mod here;

use std::net::IpAddr;
use std::sync::Arc;
use std::sync::atomic::{AtomicU64, Ordering};

use mice_cake_engine::{CheckedSeal, PlayerKey, SealSignature, Seat, Seated};
use mice_cake_protocol::{
    ArenaId, ErrorCode, RefusalArg, RefusalArgs, RoomCode, RoomOptions, ServerMessage,
};
use tokio::sync::{mpsc, oneshot};

pub(crate) use self::act::Act;
pub(crate) use self::arena_mail::{ArenaMail, ArenaMailbox, ArenaReport};
pub(crate) use self::context::{Directory, RoomContext};
pub(crate) use self::here::{RoomsHere, listing};
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

    /// The id numbered `n`, for tests that name connections.
    #[cfg(test)]
    pub(crate) fn for_tests(n: u64) -> ConnId {
        ConnId(n)
    }

    /// Its number, for another node of a cluster to name it back.
    pub(crate) fn value(self) -> u64 {
        self.0
    }

    /// The connection a number named (see [`ConnId::value`]).
    pub(crate) fn from_value(value: u64) -> ConnId {
        ConnId(value)
    }
}

/// Who takes a seat, as their connection knows them.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
#[serde(default)]
pub(crate) struct Seating {
    /// Their key, checked usable.
    pub(crate) key: Option<PlayerKey>,
    /// Whether they proved they hold it (only a proven key plays rated).
    pub(crate) proven: bool,
    /// Whether the key is a bot's (it declared itself one, now or before).
    pub(crate) bot: bool,
    /// Where they play from: an IPv4 address, or an IPv6 /64
    /// (`admission::address_key`), for the rule that two seats from one
    /// address are not rated. Never stored.
    pub(crate) address: Option<IpAddr>,
}

/// Whether `seating` may play rated: with a key, proven held. Says what is
/// missing otherwise.
pub(crate) fn rated_seating(seating: &Seating) -> Result<(), &'static str> {
    match (seating.key, seating.proven) {
        (None, _) => Err("take a seat with your key (every move is then signed with it)"),
        (Some(_), false) => Err(
            "prove you hold the key you announce (`key_proof`: the key's signature of \
             \"mice-cake/key/v2\" and this connection's challenge, from its `welcome`), since \
             anyone may announce another's key",
        ),
        (Some(_), true) => Ok(()),
    }
}

/// A seat taken (or taken back), with what its connection must know of the
/// room: whether it is an arena's game.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct SeatTaken {
    pub(crate) seat: Seat,
    /// Set in a room an arena made.
    pub(crate) arena_game: Option<ArenaGame>,
}

/// A room an arena made, as a player seated in it knows it: after a
/// restart or a takeover, the arena may have lost it, and a player coming
/// back from it is back in that arena all the same (and in its game).
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub(crate) struct ArenaGame {
    pub(crate) arena: ArenaId,
    /// Its players, while its game is not over: the arena holds them in it
    /// until its result comes.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub(crate) players: Option<Seated<PlayerKey>>,
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
    /// In English, for logs and clients without a catalogue.
    pub(crate) message: String,
    /// What a client's catalogue needs to say it (`reason`, numbers, names).
    pub(crate) args: RefusalArgs,
}

impl Refusal {
    pub(crate) fn new(code: ErrorCode, message: impl Into<String>) -> Refusal {
        Refusal {
            code,
            message: message.into(),
            args: RefusalArgs::new(),
        }
    }

    /// The refusal with the argument `name` for its words.
    pub(crate) fn with(mut self, name: &str, value: impl Into<RefusalArg>) -> Refusal {
        self.args.insert(name.to_owned(), value.into());
        self
    }

    /// The message a client is sent.
    pub(crate) fn into_message(self) -> ServerMessage {
        ServerMessage::Error {
            code: self.code,
            message: self.message,
            args: self.args,
        }
    }
}

/// What a room is asked: an act, from a connection (none: from the server
/// itself — a barrier, a handover), with the reply awaited if it answers
/// and, for a connection coming in, its queue.
#[derive(Debug)]
pub(crate) struct Command {
    pub(crate) conn: Option<ConnId>,
    pub(crate) act: Act,
    pub(crate) reply: Option<Reply>,
    /// The queue of a connection coming in (`join`, `watch`, `resume`).
    pub(crate) outbound: Option<Outbound>,
}

/// Where a room's answer goes.
#[derive(Debug)]
pub(crate) enum Reply {
    Seat(oneshot::Sender<Result<SeatTaken, Refusal>>),
    Done(oneshot::Sender<Result<(), Refusal>>),
}

impl Command {
    /// `act` from connection `conn`, answering nothing.
    pub(crate) fn from(conn: ConnId, act: Act) -> Command {
        Command {
            conn: Some(conn),
            act,
            reply: None,
            outbound: None,
        }
    }

    /// `act` from the server itself (a handover).
    pub(crate) fn from_server(act: Act) -> Command {
        Command {
            conn: None,
            act,
            reply: None,
            outbound: None,
        }
    }

    /// `member` taking a seat (`act`: a join or a resume), answered with it.
    pub(crate) fn seat(
        member: Member,
        act: Act,
        reply: oneshot::Sender<Result<SeatTaken, Refusal>>,
    ) -> Command {
        Command {
            conn: Some(member.conn),
            act,
            reply: Some(Reply::Seat(reply)),
            outbound: Some(member.outbound),
        }
    }

    /// `member` coming to watch, answered once it does.
    pub(crate) fn watch(member: Member, reply: oneshot::Sender<Result<(), Refusal>>) -> Command {
        Command {
            conn: Some(member.conn),
            act: Act::Watch,
            reply: Some(Reply::Done(reply)),
            outbound: Some(member.outbound),
        }
    }

    /// Answered once every command sent before it is handled.
    pub(crate) fn barrier(reply: oneshot::Sender<Result<(), Refusal>>) -> Command {
        Command {
            conn: None,
            act: Act::Barrier,
            reply: Some(Reply::Done(reply)),
            outbound: None,
        }
    }
}

impl Reply {
    /// Whether nobody waits for the answer any more.
    pub(crate) fn is_closed(&self) -> bool {
        match self {
            Reply::Seat(reply) => reply.is_closed(),
            Reply::Done(reply) => reply.is_closed(),
        }
    }

    /// Answers that the room cannot be reached just now.
    pub(crate) fn unavailable(self) {
        match self {
            Reply::Seat(reply) => {
                let _ = reply.send(Err(unreachable_room()));
            }
            Reply::Done(reply) => {
                let _ = reply.send(Err(unreachable_room()));
            }
        }
    }
}

/// A seal's signature as a room gets it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum SealSigning {
    /// Checked already, with the key the connection took its seat with
    /// (`crate::seal_checks`).
    Checked(CheckedSeal),
    /// Not checked (a seal relayed from another node, or from a connection
    /// without a key): the room checks it.
    Unchecked(Option<SealSignature>),
}

impl SealSigning {
    /// The signature, if the seal is signed.
    pub(crate) fn signature(self) -> Option<SealSignature> {
        match self {
            SealSigning::Checked(checked) => Some(checked.signature()),
            SealSigning::Unchecked(signature) => signature,
        }
    }
}

/// The token of a seat being taken.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum JoinToken {
    /// The room makes it, and sends it in `joined`.
    Make,
    /// The player's connection is on another node of the cluster, which
    /// made the token and puts it in `joined` there: the room has its hash
    /// alone, so that the token never crosses Redis.
    Given(TokenHash),
}

/// A cloneable handle to a room's task: on this node, or, in a cluster, on
/// the node that runs it.
#[derive(Clone, Debug)]
pub(crate) struct RoomHandle {
    code: RoomCode,
    route: Route,
}

#[derive(Clone, Debug)]
enum Route {
    /// Commands go boxed: tokio allocates a room's queue 32 slots at a
    /// time, which every live room carries (32 commands of 80 bytes were
    /// 2.6 KB a room; 32 pointers are 256 bytes).
    Local(mpsc::Sender<Box<Command>>),
    Remote(Arc<dyn Forward>),
}

/// The way to rooms another node of a cluster runs (see `cluster`).
pub(crate) trait Forward: Send + Sync + std::fmt::Debug {
    /// Passes `command` to room `code`, in order with the commands passed
    /// before; `false` if it cannot go. A reply it carries comes back
    /// through its channel.
    fn forward(
        &self,
        code: RoomCode,
        command: Command,
    ) -> std::pin::Pin<Box<dyn Future<Output = bool> + Send + '_>>;
}

/// How long a room on another node has to answer before it is taken as
/// unreachable (it may be moving to another node).
const REMOTE_ANSWER: std::time::Duration = std::time::Duration::from_secs(5);

impl RoomHandle {
    /// A room another node runs, reached through `forward`.
    pub(crate) fn remote(code: RoomCode, forward: Arc<dyn Forward>) -> RoomHandle {
        RoomHandle {
            code,
            route: Route::Remote(forward),
        }
    }

    pub(crate) fn code(&self) -> RoomCode {
        self.code
    }

    /// Whether this node runs the room.
    pub(crate) fn is_local(&self) -> bool {
        matches!(self.route, Route::Local(_))
    }

    /// Sends a command; `false` if the room is gone.
    pub(crate) async fn send(&self, command: Command) -> bool {
        match &self.route {
            Route::Local(tx) => tx.send(Box::new(command)).await.is_ok(),
            Route::Remote(forward) => forward.forward(self.code, command).await,
        }
    }

    /// Sends a command that answers, and waits for the answer.
    pub(crate) async fn ask<T>(
        &self,
        command: impl FnOnce(oneshot::Sender<Result<T, Refusal>>) -> Command,
    ) -> Result<T, Refusal> {
        // A room here that stops without answering is never taken as closed:
        // it may have stopped because another node of a cluster runs it now
        // (this copy learnt it as it stored the answer), or be closing as the
        // question came. Either way, asking again finds the truth (the room
        // where it runs, or no room), and a client must not give up a seat on
        // this.
        let (reply, answer) = oneshot::channel();
        if !self.send(command(reply)).await {
            return Err(match self.route {
                Route::Local(_) => stopped_room(),
                Route::Remote(_) => unreachable_room(),
            });
        }
        match self.route {
            Route::Local(_) => answer.await.unwrap_or_else(|_| Err(stopped_room())),
            Route::Remote(_) => match tokio::time::timeout(REMOTE_ANSWER, answer).await {
                Ok(Ok(answer)) => answer,
                Ok(Err(_)) | Err(_) => Err(unreachable_room()),
            },
        }
    }
}

/// What a client is told when the node running its room does not answer.
pub(crate) fn unreachable_room() -> Refusal {
    Refusal::new(
        ErrorCode::Unavailable,
        "the room cannot be reached just now (it may be moving to another server); \
         try again in a moment",
    )
}

/// What a client is told when a room here stopped before it answered:
/// handed over to another node, or closing just then.
pub(crate) fn stopped_room() -> Refusal {
    Refusal::new(
        ErrorCode::Unavailable,
        "the room stopped on this server before it could answer (it may run on another \
         server now); try again in a moment",
    )
}

/// The refusal for a seat token that leads nowhere.
pub(crate) fn bad_token() -> Refusal {
    Refusal::new(ErrorCode::BadToken, "that seat token is not valid")
}

/// Who a room is made for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Made {
    /// A player who asked for it (`create_room`), whoever joins.
    Player,
    /// Two seekers paired by the queue: it waits a few seconds for both,
    /// then calls the pairing off (`unpaired`) if one has not come.
    Pairing,
    /// Two players of an arena, paired by it: a pairing's room, whose
    /// finished games count in the arena, and which offers no rematch (the
    /// arena pairs its players again).
    Arena(ArenaId),
    /// A challenge accepted (`docs/protocol.md`, "Challenges"): a
    /// pairing's room for its two players, which calls its game off if one
    /// does not come.
    Challenge(mice_cake_protocol::ChallengeId),
}

impl Made {
    /// Whether the room was made for two players paired by the server (by
    /// quick pairing, or by an arena): it calls the pairing off if one
    /// does not come.
    pub(crate) fn for_a_pair(self) -> bool {
        matches!(self, Made::Pairing | Made::Arena(_) | Made::Challenge(_))
    }

    /// The arena the room plays for, if any.
    pub(crate) fn arena(self) -> Option<ArenaId> {
        match self {
            Made::Arena(arena) => Some(arena),
            Made::Player | Made::Pairing | Made::Challenge(_) => None,
        }
    }

    /// The challenge the room was made for, if any.
    pub(crate) fn challenge(self) -> Option<mice_cake_protocol::ChallengeId> {
        match self {
            Made::Challenge(id) => Some(id),
            Made::Player | Made::Pairing | Made::Arena(_) => None,
        }
    }
}

/// Starts a new room's task.
pub(crate) fn spawn(
    code: RoomCode,
    options: RoomOptions,
    made: Made,
    context: Arc<RoomContext>,
) -> RoomHandle {
    let room = core::Room::new(
        code,
        options,
        made,
        room_config(&context),
        (context.rng.room_rng(), context.rng.bot_rng()),
        actor::read_now(),
    );
    start(code, actor::RoomTask::new(room, context))
}

/// Rooms' part of the server's configuration.
fn room_config(context: &RoomContext) -> core::RoomConfig {
    core::RoomConfig::of(&context.config)
}

fn start(code: RoomCode, task: actor::RoomTask) -> RoomHandle {
    let (tx, inbox) = mpsc::channel(INBOX);
    let tasks = task.tasks().clone();
    tasks.spawn(Box::new(task).run(inbox));
    RoomHandle {
        code,
        route: Route::Local(tx),
    }
}

/// A room brought back from storage, checked, not yet running.
pub(crate) struct RestoredRoom {
    code: RoomCode,
    task: actor::RoomTask,
}

impl RestoredRoom {
    /// Checks a stored room (its game replays, its commits are legal) and
    /// rebuilds it.
    pub(crate) fn new(
        stored: StoredRoom,
        context: Arc<RoomContext>,
    ) -> Result<RestoredRoom, StoreError> {
        let clock = context.clock;
        RestoredRoom::taken_over(stored, context, clock)
    }

    /// As [`RestoredRoom::new`], for a room another node of a cluster ran:
    /// its deadlines are read on that node's `clock`.
    pub(crate) fn taken_over(
        stored: StoredRoom,
        context: Arc<RoomContext>,
        clock: crate::clock::UptimeClock,
    ) -> Result<RestoredRoom, StoreError> {
        let code = stored.code;
        let room = core::Room::restore(
            stored,
            room_config(&context),
            (context.rng.room_rng(), context.rng.bot_rng()),
            clock,
            actor::read_now(),
        )?;
        Ok(RestoredRoom {
            code,
            task: actor::RoomTask::new(room, context),
        })
    }

    pub(crate) fn code(&self) -> RoomCode {
        self.code
    }

    /// What the room would send and store first once it runs (for the
    /// fuzz targets): each seat's and a spectator's state, its history.
    #[cfg(feature = "fuzzing")]
    pub(crate) fn first_outputs(&self) -> Result<(), String> {
        self.task.first_outputs()
    }

    /// The seat tokens (hashed) that lead to the room.
    pub(crate) fn seat_tokens(&self) -> Vec<TokenHash> {
        self.task.room().seat_tokens()
    }

    /// Starts the room's task. The room is listed first: a restarted
    /// server lists its rooms from its first request, not once each room's
    /// task has had its turn (which a busy machine may take a while to give).
    pub(crate) fn spawn(self) -> RoomHandle {
        self.task.publish();
        start(self.code, self.task)
    }
}

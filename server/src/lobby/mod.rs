//! The lobby: where connections find rooms — by code, by seat token — and
//! the rooms' summaries (the public listing, one room's by its code); rooms
//! reach it only as their [`Directory`].
//!
//! Two implementations: every room on this server (`local.rs`, over
//! [`RoomsHere`](crate::room::RoomsHere)), and
//! [`ClusterLobby`], the rooms of a whole cluster, found through Redis and
//! reached on the node that runs each (`cluster`). Connections do not know
//! which they use.

mod cluster;
mod local;

use std::future::Future;
use std::pin::Pin;
use std::sync::Arc;

use mice_cake_protocol::{RoomCode, RoomList, RoomOptions, RoomSummary};

pub(crate) use self::cluster::ClusterLobby;
use crate::room::{Directory, Made, Refusal, RestoredRoom, RoomContext, RoomHandle, bad_token};
use crate::token::TokenHash;

/// A lobby's answer, which in a cluster may take a trip to Redis.
pub(crate) type Answer<'a, T> = Pin<Box<dyn Future<Output = T> + Send + 'a>>;

/// Where connections find rooms.
pub(crate) trait Lobby: Directory {
    /// Creates a room with a fresh code and starts its task.
    fn create<'a>(
        &'a self,
        context: &'a Arc<RoomContext>,
        options: RoomOptions,
        made: Made,
    ) -> Answer<'a, Result<RoomHandle, Refusal>>;

    /// The room with this code.
    fn room(&self, code: RoomCode) -> Answer<'_, Result<RoomHandle, Refusal>>;

    /// The room a seat token leads to.
    fn room_of_seat(&self, hash: TokenHash) -> Answer<'_, Result<RoomHandle, Refusal>>;

    /// The first public rooms (waiting ones first, then by code) and how
    /// many there are.
    fn list(&self) -> Answer<'_, RoomList>;

    /// The summary of room `code`, public or private (knowing the code is
    /// the invitation): `unknown_room` if no room has it, `unavailable` if
    /// it cannot be told just now.
    fn summary(&self, code: RoomCode) -> Answer<'_, Result<RoomSummary, Refusal>>;

    /// How many rooms run on this server.
    fn room_count(&self) -> usize;

    /// Starts rooms brought back from storage, with their seat tokens.
    fn restore(&self, restored: Vec<RestoredRoom>);
}

/// The refusal for a code that leads nowhere.
fn unknown_room(code: RoomCode) -> Refusal {
    Refusal::new(
        mice_cake_protocol::ErrorCode::UnknownRoom,
        format!("no room has the code {code}"),
    )
    .with("reason", "named")
    .with("room", code.to_string())
}

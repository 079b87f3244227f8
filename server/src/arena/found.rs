//! An arena as a connection finds it: run here (its task's handle), or on
//! another node of the cluster (`cluster::arenas`). A session asks either
//! the same things.

use mice_cake_protocol::ArenaId;
use tokio::sync::oneshot;

use super::core::{JoinRefused, Joining};
use super::runner::{ArenaHandle, Ask};
use crate::arena_link::ArenaNewsSender;
use crate::cluster::arenas::{RemoteArena, RemoteJoin, RemoteRefused};
use crate::outbound::Outbound;
use crate::room::ConnId;

/// Where an open arena runs.
#[derive(Clone, Debug)]
pub(crate) enum FoundArena {
    Here(ArenaHandle),
    Elsewhere { id: ArenaId, arena: RemoteArena },
}

/// Why a join did not take.
#[derive(Debug, thiserror::Error)]
pub(crate) enum JoinFailed {
    /// By the arena's rules.
    #[error("{}", .0.message)]
    Refused(crate::room::Refusal),
    /// Not now: the arena ended or moved as it was asked, or its node did
    /// not answer. Its session looks for it again.
    #[error("the arena did not answer just now: join again")]
    NotNow,
}

impl From<JoinRefused> for JoinFailed {
    fn from(refused: JoinRefused) -> JoinFailed {
        JoinFailed::Refused(refused.refusal())
    }
}

impl FoundArena {
    pub(crate) fn id(&self) -> ArenaId {
        match self {
            FoundArena::Here(handle) => handle.id(),
            FoundArena::Elsewhere { id, .. } => *id,
        }
    }

    /// Joins `joining`'s player, its news going to `outbound` and its
    /// pairings and the arena's end to `pairings`.
    pub(crate) async fn join(
        &self,
        joining: Joining,
        outbound: Outbound,
        pairings: ArenaNewsSender,
    ) -> Result<(), JoinFailed> {
        match self {
            FoundArena::Here(handle) => {
                let (answer, answered) = oneshot::channel();
                let asked = handle
                    .ask(Ask::Join {
                        joining,
                        outbound,
                        pairings,
                        answer,
                    })
                    .await;
                match (asked, answered.await) {
                    (true, Ok(joined)) => Ok(joined?),
                    _ => Err(JoinFailed::NotNow),
                }
            }
            FoundArena::Elsewhere { arena, .. } => arena
                .join(RemoteJoin {
                    conn: joining.conn,
                    outbound,
                    pairings,
                    key: joining.key,
                    name: joining.name,
                    bot: joining.bot,
                    join_code: joining.join_code,
                    in_room: joining.in_room,
                    in_room_game: joining.in_room_game,
                    address: joining.address,
                })
                .await
                .map_err(|refused| match refused {
                    // A node of this version names the refusal; an
                    // older one wrote it out.
                    RemoteRefused::Refused(why) => {
                        JoinFailed::Refused(JoinRefused::from_reason(&why).map_or_else(
                            || {
                                crate::room::Refusal::new(
                                    mice_cake_protocol::ErrorCode::ArenaRefused,
                                    why,
                                )
                            },
                            JoinRefused::refusal,
                        ))
                    }
                    RemoteRefused::Unanswered => JoinFailed::NotNow,
                }),
        }
    }

    /// Watches the standings; `link` closes when the arena lets go.
    pub(crate) async fn watch(&self, conn: ConnId, outbound: Outbound, link: ArenaNewsSender) {
        match self {
            FoundArena::Here(handle) => {
                handle
                    .ask(Ask::Watch {
                        conn,
                        outbound,
                        link,
                    })
                    .await;
            }
            FoundArena::Elsewhere { arena, .. } => arena.watch(conn, outbound, link),
        }
    }

    /// Pauses the player of `conn`.
    pub(crate) async fn pause(&self, conn: ConnId) {
        match self {
            FoundArena::Here(handle) => {
                handle.ask(Ask::Pause { conn }).await;
            }
            FoundArena::Elsewhere { arena, .. } => arena.pause(conn),
        }
    }

    /// Connection `conn` neither plays nor watches any more.
    pub(crate) async fn gone(&self, conn: ConnId) {
        match self {
            FoundArena::Here(handle) => {
                handle.ask(Ask::Gone { conn }).await;
            }
            FoundArena::Elsewhere { arena, .. } => arena.gone(conn),
        }
    }
}

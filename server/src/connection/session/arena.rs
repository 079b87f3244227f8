//! A connection in an arena: joined as a player (paired again and again,
//! moved from each finished game's room into the next), or watching its
//! standings. The arena's task tells it its pairings; the session takes
//! the seat, as it does for quick pairing.

use mice_cake_protocol::{ArenaId, ErrorCode, ServerMessage};
use tokio::sync::{mpsc, oneshot};

use super::Session;
use super::seating::Claim;
use crate::arena::core::{JoinRefused, Joining};
use crate::arena::registry::ArenaRefused;
use crate::arena::runner::{ArenaHandle, ArenaPairing, Ask, PAIRINGS};
use crate::room::{Command, Refusal, Seating};

/// The arena a connection is in.
pub(in crate::connection) struct InArena {
    handle: ArenaHandle,
    /// A player's seating and pairings; none for a watcher.
    player: Option<ArenaPlayer>,
}

struct ArenaPlayer {
    seating: Seating,
    pairings: mpsc::Receiver<ArenaPairing>,
}

/// The next pairing the arena tells a player's connection; never for
/// another connection. `None` when the arena let go of it.
pub(in crate::connection) async fn next_pairing(
    arena: &mut Option<InArena>,
) -> Option<ArenaPairing> {
    match arena.as_mut().and_then(|arena| arena.player.as_mut()) {
        Some(player) => player.pairings.recv().await,
        None => std::future::pending().await,
    }
}

/// A `join_arena`'s fields.
pub(in crate::connection) struct JoinArena {
    pub(in crate::connection) arena: ArenaId,
    pub(in crate::connection) join_code: Option<String>,
    pub(in crate::connection) claim: Claim,
}

fn refusal(refused: &ArenaRefused) -> Refusal {
    let code = match refused {
        ArenaRefused::Unknown(_) => ErrorCode::UnknownArena,
        ArenaRefused::Store(_) => ErrorCode::Internal,
        ArenaRefused::BadProof(_) => ErrorCode::BadSignature,
        ArenaRefused::BadSpec(_) => ErrorCode::BadOptions,
        ArenaRefused::TooMany(_) | ArenaRefused::Cluster => ErrorCode::ArenaRefused,
    };
    Refusal::new(code, refused.to_string())
}

impl Session {
    /// The running arena `id`, or why not.
    async fn arena_handle(&self, id: ArenaId) -> Result<ArenaHandle, Refusal> {
        match self.shared.arenas.handle(id).await {
            Ok(Some(handle)) => Ok(handle),
            Ok(None) => Err(Refusal::new(
                ErrorCode::UnknownArena,
                format!("no arena {id} is open (unknown, or over)"),
            )),
            Err(refused) => Err(refusal(&refused)),
        }
    }

    /// Joins an arena as a player (or comes back to it).
    pub(in crate::connection) async fn join_arena(
        &mut self,
        name: String,
        join: JoinArena,
    ) -> Result<(), Refusal> {
        if self.seeking.is_some() {
            return Err(Refusal::new(
                ErrorCode::AlreadySeeking,
                "you are seeking an opponent; cancel_seek first",
            ));
        }
        // From a room of the arena's (the game just played, or one resumed
        // after a drop), the arena says yes; from any other, no.
        let in_room = self
            .membership
            .as_ref()
            .map(|membership| membership.room.code());
        let seating = self.seating(&name, join.claim).await?;
        if let Err(why) = crate::room::rated_seating(&seating) {
            return Err(Refusal::new(
                ErrorCode::KeyRequired,
                format!("an arena's players are their keys: {why}"),
            ));
        }
        let Some(key) = seating.key else {
            return Err(Refusal::new(ErrorCode::KeyRequired, "join with your key"));
        };
        let handle = self.arena_handle(join.arena).await?;
        if self
            .arena
            .as_ref()
            .is_some_and(|arena| arena.handle.id() != join.arena)
        {
            self.leave_arena_quietly().await;
        }
        let (pairings, receiver) = mpsc::channel(PAIRINGS);
        let (answer, answered) = oneshot::channel();
        let asked = handle
            .ask(Ask::Join {
                joining: Joining {
                    conn: self.id,
                    key,
                    name,
                    bot: seating.bot,
                    join_code: join.join_code,
                    in_room,
                },
                outbound: self.outbound.clone(),
                pairings,
                answer,
            })
            .await;
        let (true, Ok(joined)) = (asked, answered.await) else {
            return Err(Refusal::new(
                ErrorCode::UnknownArena,
                format!("arena {} is over", join.arena),
            ));
        };
        joined.map_err(|refused: JoinRefused| {
            Refusal::new(ErrorCode::ArenaRefused, refused.to_string())
        })?;
        self.arena = Some(InArena {
            handle,
            player: Some(ArenaPlayer {
                seating,
                pairings: receiver,
            }),
        });
        Ok(())
    }

    /// Watches an arena's standings.
    pub(in crate::connection) async fn watch_arena(&mut self, id: ArenaId) -> Result<(), Refusal> {
        let handle = self.arena_handle(id).await?;
        if self
            .arena
            .as_ref()
            .is_some_and(|arena| arena.handle.id() != id)
        {
            self.leave_arena_quietly().await;
        }
        handle
            .ask(Ask::Watch {
                conn: self.id,
                outbound: self.outbound.clone(),
            })
            .await;
        if self.arena.is_none() {
            self.arena = Some(InArena {
                handle,
                player: None,
            });
        }
        Ok(())
    }

    /// Pauses in the arena joined.
    pub(in crate::connection) async fn pause_arena(&mut self) -> Result<(), Refusal> {
        let Some(arena) = self.arena.as_ref().filter(|arena| arena.player.is_some()) else {
            return Err(Refusal::new(
                ErrorCode::NotInArena,
                "you have joined no arena",
            ));
        };
        arena.handle.ask(Ask::Pause { conn: self.id }).await;
        Ok(())
    }

    /// Neither plays in nor watches its arena any more.
    pub(in crate::connection) async fn leave_arena(&mut self) -> Result<(), Refusal> {
        let Some(arena) = self.arena.as_ref().map(|arena| arena.handle.id()) else {
            return Err(Refusal::new(ErrorCode::NotInArena, "you are in no arena"));
        };
        self.leave_arena_quietly().await;
        self.outbound
            .send_message(&ServerMessage::ArenaLeft { arena });
        Ok(())
    }

    /// Lets go of the arena, if any, saying nothing.
    pub(in crate::connection) async fn leave_arena_quietly(&mut self) {
        if let Some(arena) = self.arena.take() {
            arena.handle.ask(Ask::Gone { conn: self.id }).await;
        }
    }

    /// The arena paired this player: off the finished game's room (if
    /// still in it), into the new one. `None`: the arena let go of this
    /// connection (it is over, or the connection fell behind).
    pub(in crate::connection) async fn on_arena_pairing(&mut self, pairing: Option<ArenaPairing>) {
        let Some(pairing) = pairing else {
            if let Some(arena) = self.arena.as_mut() {
                arena.player = None;
            }
            return;
        };
        let Some(seating) = self
            .arena
            .as_ref()
            .and_then(|arena| arena.player.as_ref())
            .map(|player| player.seating)
        else {
            return;
        };
        if let Some(room) = self.membership.as_ref().map(|m| m.room.clone()) {
            let conn = self.id;
            // The game there is over: leaving costs nothing. Whatever that
            // room says to this connection goes before the next room's.
            let _ = self
                .tell_room(Command::Leave {
                    conn,
                    signature: None,
                })
                .await;
            let _ = room.ask(|reply| Command::Barrier { reply }).await;
            self.set_membership(None);
        }
        self.outbound.send_message(&pairing.message);
        // A seat not taken lets the room call the pairing off, and the
        // arena hears of it.
        if let Err(refusal) = self.seat_in_pairing(pairing.code, &seating).await {
            tracing::debug!(conn = ?self.id, room = %pairing.code, code = refusal.code.as_str(), "an arena's seat not taken");
            self.refuse(refusal);
        }
    }
}

//! A connection in an arena: joined as a player (paired again and again,
//! moved from each finished game's room into the next), or watching its
//! standings. The arena tells it its pairings; the session takes the seat,
//! as it does for quick pairing. On a cluster the arena may move to
//! another node (its node died, or stopped): the channel its pairings come
//! on then closes, and the session finds the arena again and joins (or
//! watches) it there, saying nothing new to its client but the arena's
//! `arena_joined`. Whoever is in an arena as it finishes is told its last
//! standings once: by the arena through the link, or, if that link was
//! lost, by the session as it finds the arena over. A player joining (or
//! watching) an arena over gets them too, as its `arena_joined`.

use std::time::Duration;

use mice_cake_engine::PlayerKey;
use mice_cake_protocol::{ArenaId, ErrorCode, ServerMessage};
use tokio::sync::mpsc;
use tokio::time::Instant;

use super::Session;
use super::seating::Claim;
use crate::arena::core::Joining;
use crate::arena::found::{FoundArena, JoinFailed};
use crate::arena::registry::ArenaRefused;
use crate::arena_link::{ArenaLinkNews, ArenaPairing, LINK_NEWS};
use crate::frame::Frame;
use crate::room::{Act, Command, Refusal, Seating};

/// How long a session waits before looking for its arena again, when it
/// could not be found.
const FIND_AGAIN_AFTER: Duration = Duration::from_secs(1);

/// The arena a connection is in.
pub(in crate::connection) struct InArena {
    id: ArenaId,
    /// Where it runs, once found.
    found: Option<FoundArena>,
    /// Where its pairings (never a watcher's) and its end come: closed
    /// when the arena lets go of the connection.
    news: mpsc::Receiver<ArenaLinkNews>,
    /// A player's seating; none for a watcher.
    player: Option<ArenaPlayer>,
    /// Once the arena let go: when to look for it again.
    find_again_at: Option<Instant>,
}

/// How an arena's end is said: as the answer to a join or a watch, or
/// as news to a connection in it.
#[derive(Clone, Copy)]
enum Said {
    Joined,
    Update,
}

/// Why a player was not entered.
enum Entering {
    /// By the arena's rules, or for good: said to the client.
    Refused(Refusal),
    /// The arena moved, or its node did not answer: tried again soon.
    NotYet,
}

#[derive(Clone)]
struct ArenaPlayer {
    name: String,
    seating: Seating,
    join_code: Option<String>,
}

/// What an arena has for a connection.
pub(in crate::connection) enum ArenaNews {
    /// Its player was paired.
    Paired(ArenaPairing),
    /// The arena is over: its last standings, to say.
    Over(Frame),
    /// The arena let go of it: look for it again.
    FindAgain,
}

/// The next news of the connection's arena; never for another connection.
pub(in crate::connection) async fn next_arena_news(arena: &mut Option<Box<InArena>>) -> ArenaNews {
    let Some(arena) = arena.as_mut() else {
        return std::future::pending().await;
    };
    if let Some(at) = arena.find_again_at {
        // Boxed: every connection's task holds this future, in or out of
        // an arena, and a timer is most of it.
        Box::pin(tokio::time::sleep_until(at)).await;
        return ArenaNews::FindAgain;
    }
    match arena.news.recv().await {
        Some(ArenaLinkNews::Paired(pairing)) => ArenaNews::Paired(pairing),
        Some(ArenaLinkNews::Over(update)) => ArenaNews::Over(update),
        None => ArenaNews::FindAgain,
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
        ArenaRefused::TooMany(_) | ArenaRefused::Unreachable => ErrorCode::ArenaRefused,
    };
    Refusal::new(code, refused.to_string())
}

fn unknown_arena(id: ArenaId) -> Refusal {
    Refusal::new(ErrorCode::UnknownArena, format!("there is no arena {id}"))
}

impl Session {
    /// Where arena `id` runs; none if it is over or unknown.
    async fn find_arena(&self, id: ArenaId) -> Result<Option<FoundArena>, Refusal> {
        self.shared
            .arenas
            .handle(id)
            .await
            .map_err(|refused| refusal(&refused))
    }

    /// Forgets arena `id` if the connection is in it: it is over.
    fn forget_arena(&mut self, id: ArenaId) {
        if self.arena.as_ref().is_some_and(|arena| arena.id == id) {
            self.arena = None;
        }
    }

    /// Says arena `id` is over, with its last standings (and the line of
    /// `key`'s player, as `arena_joined`'s `you`); `unknown_arena` if it
    /// is not one.
    async fn say_over(
        &self,
        id: ArenaId,
        key: Option<PlayerKey>,
        said: Said,
    ) -> Result<(), Refusal> {
        let finished = match self.shared.arenas.finished(id).await {
            Ok(Some(finished)) => finished,
            Ok(None) => return Err(unknown_arena(id)),
            Err(refused) => return Err(refusal(&refused)),
        };
        let arena = Box::new(finished.state.clone());
        let message = match said {
            Said::Joined => ServerMessage::ArenaJoined {
                arena,
                you: key.and_then(|key| finished.standing(&key)).map(Box::new),
            },
            Said::Update => ServerMessage::ArenaUpdate { arena },
        };
        self.outbound.send_message(&message);
        Ok(())
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
        let seating = self.seating(&name, join.claim).await?;
        if let Err(why) = crate::room::rated_seating(&seating) {
            return Err(Refusal::new(
                ErrorCode::KeyRequired,
                format!("an arena's players are their keys: {why}"),
            ));
        }
        if seating.key.is_none() {
            return Err(Refusal::new(ErrorCode::KeyRequired, "join with your key"));
        }
        let found = match self.shared.arenas.handle(join.arena).await {
            Ok(Some(found)) => Some(found),
            Ok(None) => {
                self.forget_arena(join.arena);
                return self.say_over(join.arena, seating.key, Said::Joined).await;
            }
            // Its node cannot be told just now: joined once it can.
            Err(ArenaRefused::Unreachable) => None,
            Err(refused) => return Err(refusal(&refused)),
        };
        if self
            .arena
            .as_ref()
            .is_some_and(|arena| arena.id != join.arena)
        {
            self.leave_arena_quietly().await;
        }
        let player = ArenaPlayer {
            name,
            seating,
            join_code: join.join_code,
        };
        let entered = match found {
            Some(found) => self.enter_arena(found, player.clone()).await,
            None => Err(Entering::NotYet),
        };
        match entered {
            Ok(()) => Ok(()),
            Err(Entering::Refused(refusal)) => Err(refusal),
            Err(Entering::NotYet) => {
                self.await_arena(join.arena, Some(player));
                Ok(())
            }
        }
    }

    /// Joins `player` to arena `found`.
    async fn enter_arena(
        &mut self,
        found: FoundArena,
        player: ArenaPlayer,
    ) -> Result<(), Entering> {
        let Some(key) = player.seating.key else {
            return Err(Entering::Refused(Refusal::new(
                ErrorCode::KeyRequired,
                "join with your key",
            )));
        };
        // From a room of the arena's (the game just played, or one resumed
        // after a drop, which the arena may not know after a restart), the
        // arena says yes; from any other, no.
        let in_room = self
            .membership
            .as_ref()
            .map(|membership| membership.room.code());
        let in_room_game = self
            .membership
            .as_ref()
            .and_then(|membership| membership.arena_game);
        let (pairings, news) = mpsc::channel(LINK_NEWS);
        let joining = Joining {
            conn: self.id,
            key,
            name: player.name.clone(),
            bot: player.seating.bot,
            join_code: player.join_code.clone(),
            in_room,
            in_room_game,
            // One address plays one side (never paired with itself), unless
            // the server lets it play both (trials from one machine).
            address: player
                .seating
                .address
                .filter(|_| !self.shared.config.rate_one_address),
        };
        let id = found.id();
        match found.join(joining, self.outbound.clone(), pairings).await {
            Ok(()) => {}
            Err(JoinFailed::Refused(refusal)) => {
                return Err(Entering::Refused(refusal));
            }
            Err(JoinFailed::NotNow) => return Err(Entering::NotYet),
        }
        // Joined again while in (a client joins after every game): what
        // the arena told through the link this one replaces (a pairing
        // just before) is heard all the same.
        let mut earlier = Vec::new();
        if let Some(old) = self.arena.as_mut().filter(|old| old.id == id) {
            while let Ok(told) = old.news.try_recv() {
                earlier.push(told);
            }
        }
        self.arena = Some(Box::new(InArena {
            id,
            found: Some(found),
            news,
            player: Some(player),
            find_again_at: None,
        }));
        for told in earlier {
            let news = match told {
                ArenaLinkNews::Paired(pairing) => ArenaNews::Paired(pairing),
                ArenaLinkNews::Over(update) => ArenaNews::Over(update),
            };
            Box::pin(self.on_arena_news(news)).await;
        }
        Ok(())
    }

    /// In arena `id`, not found just now: looked for again soon.
    fn await_arena(&mut self, id: ArenaId, player: Option<ArenaPlayer>) {
        let (_, closed) = mpsc::channel(1);
        self.arena = Some(Box::new(InArena {
            id,
            found: None,
            news: closed,
            player,
            find_again_at: Some(Instant::now() + FIND_AGAIN_AFTER),
        }));
    }

    /// Watches an arena's standings.
    pub(in crate::connection) async fn watch_arena(&mut self, id: ArenaId) -> Result<(), Refusal> {
        let Some(found) = self.find_arena(id).await? else {
            self.forget_arena(id);
            return self.say_over(id, None, Said::Joined).await;
        };
        match self.arena.as_ref() {
            Some(arena) if arena.id == id => return Ok(()),
            Some(_) => self.leave_arena_quietly().await,
            None => {}
        }
        self.watch_found(found).await;
        Ok(())
    }

    async fn watch_found(&mut self, found: FoundArena) {
        let (link, news) = mpsc::channel(LINK_NEWS);
        found.watch(self.id, self.outbound.clone(), link).await;
        self.arena = Some(Box::new(InArena {
            id: found.id(),
            found: Some(found),
            news,
            player: None,
            find_again_at: None,
        }));
    }

    /// Pauses in the arena joined.
    pub(in crate::connection) async fn pause_arena(&mut self) -> Result<(), Refusal> {
        let Some(arena) = self.arena.as_ref().filter(|arena| arena.player.is_some()) else {
            return Err(Refusal::new(
                ErrorCode::NotInArena,
                "you have joined no arena",
            ));
        };
        if let Some(found) = &arena.found {
            found.pause(self.id).await;
        }
        Ok(())
    }

    /// Neither plays in nor watches its arena any more.
    pub(in crate::connection) async fn leave_arena(&mut self) -> Result<(), Refusal> {
        let Some(arena) = self.arena.as_ref().map(|arena| arena.id) else {
            return Err(Refusal::new(ErrorCode::NotInArena, "you are in no arena"));
        };
        self.leave_arena_quietly().await;
        self.outbound
            .send_message(&ServerMessage::ArenaLeft { arena });
        Ok(())
    }

    /// Lets go of the arena, if any, saying nothing.
    pub(in crate::connection) async fn leave_arena_quietly(&mut self) {
        if let Some(found) = self.arena.take().and_then(|arena| arena.found) {
            found.gone(self.id).await;
        }
    }

    /// What the arena has for this connection.
    pub(in crate::connection) async fn on_arena_news(&mut self, news: ArenaNews) {
        match news {
            ArenaNews::Paired(pairing) => self.on_arena_pairing(pairing).await,
            ArenaNews::Over(update) => {
                self.arena = None;
                self.outbound.send(update);
            }
            ArenaNews::FindAgain => self.find_arena_again().await,
        }
    }

    /// The arena let go of this connection: it moved to another node (or
    /// is over). Joined or watched again where it runs now; looked for
    /// again a little later if it cannot be found just now.
    async fn find_arena_again(&mut self) {
        let Some(arena) = self.arena.as_mut() else {
            return;
        };
        let id = arena.id;
        let player = arena.player.clone();
        arena.find_again_at = None;
        let found = match self.shared.arenas.handle(id).await {
            Ok(Some(found)) => found,
            // Over, and this connection was not told by the arena.
            Ok(None) => {
                self.arena = None;
                let key = player.and_then(|player| player.seating.key);
                if let Err(refusal) = self.say_over(id, key, Said::Update).await {
                    self.refuse(refusal);
                }
                return;
            }
            Err(refused) => {
                tracing::debug!(conn = ?self.id, %id, cause = %refused, "an arena not found just now");
                self.find_again_later();
                return;
            }
        };
        tracing::debug!(conn = ?self.id, %id, "finding an arena again");
        let Some(player) = player else {
            self.watch_found(found).await;
            return;
        };
        match self.enter_arena(found, player).await {
            Ok(()) => {}
            Err(Entering::NotYet) => self.find_again_later(),
            Err(Entering::Refused(refusal)) => {
                self.arena = None;
                if refusal.code != ErrorCode::UnknownArena {
                    self.refuse(refusal);
                }
            }
        }
    }

    fn find_again_later(&mut self) {
        if let Some(arena) = self.arena.as_mut() {
            arena.find_again_at = Some(Instant::now() + FIND_AGAIN_AFTER);
        }
    }

    /// The arena paired this player: off the finished game's room (if
    /// still in it), into the new one.
    async fn on_arena_pairing(&mut self, pairing: ArenaPairing) {
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
                .tell_room(Command::from(conn, Act::Leave { signature: None }))
                .await;
            let _ = room.ask(Command::barrier).await;
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

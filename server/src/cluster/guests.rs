//! Connections on other nodes in rooms this node runs ("guests"): their
//! commands come on this node's channel and are given to the room in the
//! order they came, as a connection's own would be; the room sees a
//! member like any other, whose queue is a [`Relay`] back to the node the
//! connection is on.

use std::collections::HashMap;
use std::sync::Arc;

use mice_cake_protocol::RoomCode;
use tracing::debug;

use super::publisher::Outgoing;
use super::wire::{Header, WireRefusal};
use super::{Cluster, lock};
use crate::frame::{Frame, relay_letter};
use crate::outbound::{Closing, Outbound, Relay};
use crate::room::{
    Act, ArenaGame, Command, ConnId, JoinToken, Member, Refusal, RoomHandle, bad_token,
    unreachable_room,
};

/// Guests, by their node and their connection's number there.
#[derive(Debug, Default)]
pub(super) struct Guests {
    by_origin: HashMap<(Arc<str>, u64), Guest>,
}

#[derive(Debug, Clone, Copy)]
struct Guest {
    /// Its name in the room.
    conn: ConnId,
    room: RoomCode,
}

/// The way back to a guest.
#[derive(Debug)]
struct GuestRelay {
    cluster: std::sync::Weak<Cluster>,
    node: Arc<str>,
    conn: u64,
    room: RoomCode,
    watching: bool,
}

impl Relay for GuestRelay {
    fn relay(&self, frame: Frame, offer: bool) -> bool {
        let letter = relay_letter(&frame, offer).to_string();
        self.deliver(vec![frame], &letter, None)
    }

    fn close(&self, why: Closing) {
        self.deliver(Vec::new(), "", Some(why));
    }

    fn watching(&self) -> bool {
        self.watching
    }

    fn to_watchers(&self, room: RoomCode, frames: &[Frame], offer: bool) {
        let Some(cluster) = self.cluster.upgrade() else {
            return;
        };
        let header = Header::Watch {
            room,
            kinds: frames
                .iter()
                .map(|frame| relay_letter(frame, offer))
                .collect(),
        };
        cluster.publisher.send(Outgoing::ToWatchers {
            room,
            header,
            frames: frames.to_vec(),
        });
    }
}

impl GuestRelay {
    fn deliver(&self, frames: Vec<Frame>, kinds: &str, closing: Option<Closing>) -> bool {
        let Some(cluster) = self.cluster.upgrade() else {
            return false;
        };
        let header = Header::Deliver {
            conn: self.conn,
            room: Some(self.room),
            kinds: kinds.to_owned(),
            close: closing.is_some(),
            rerouted: closing == Some(Closing::Rerouted),
        };
        cluster.publisher.send(Outgoing::ToNode {
            node: Arc::clone(&self.node),
            header,
            frames,
        })
    }
}

impl Cluster {
    /// A command came from connection `conn` of node `from` for room
    /// `room`. Given to the room before the next is read: a guest's
    /// commands keep their order.
    pub(super) async fn command(
        self: &Arc<Self>,
        room: RoomCode,
        from: &str,
        conn: u64,
        ask: Option<u64>,
        act: Act,
    ) {
        let from: Arc<str> = Arc::from(from);
        let Some(handle) = self.local.local_room(&room) else {
            // Not here (any more): the room moved, or is moving.
            let mut guests = lock(&self.guests);
            let key = (Arc::clone(&from), conn);
            if guests
                .by_origin
                .get(&key)
                .is_some_and(|guest| guest.room == room)
            {
                guests.by_origin.remove(&key);
            }
            drop(guests);
            self.refuse_guest(&from, conn, room, ask, unreachable_room());
            return;
        };
        if act.enters() {
            let Some(ask) = ask else {
                return;
            };
            // The seat token is made by the player's node, which sends its
            // hash alone: a join without one is no join from a node.
            if matches!(
                act,
                Act::Join {
                    token: JoinToken::Make,
                    ..
                }
            ) {
                self.refuse_guest(&from, conn, room, Some(ask), bad_token());
                return;
            }
            let member = self.admit(&from, conn, room, &act);
            if !self.ask_room(&handle, &from, ask, member, act).await {
                self.forget_guest(&from, conn);
            }
            return;
        }
        let guest = lock(&self.guests)
            .by_origin
            .get(&(Arc::clone(&from), conn))
            .copied();
        let Some(guest) = guest.filter(|guest| guest.room == room) else {
            // A connection this node does not know in that room (its
            // membership was dropped): it comes back.
            self.refuse_guest(&from, conn, room, None, unreachable_room());
            return;
        };
        match act {
            Act::Leave { .. } | Act::Disconnected => self.forget_guest(&from, conn),
            // The server's own, never a guest's.
            Act::Barrier | Act::HandedOver => return,
            _ => {}
        }
        // A seal comes unchecked (as an act crosses): the room checks it.
        handle.send(Command::from(guest.conn, act)).await;
    }

    /// Makes a guest entering a room a member (of the room's own making:
    /// a name in it, and a relay back to its node).
    fn admit(self: &Arc<Self>, from: &Arc<str>, conn: u64, room: RoomCode, act: &Act) -> Member {
        let mut guests = lock(&self.guests);
        // A connection asking again to enter the room it asked for (the
        // first answer late or lost) keeps its name in it: the room knows
        // it is the same connection.
        let alias = guests
            .by_origin
            .get(&(Arc::clone(from), conn))
            .filter(|guest| guest.room == room)
            .map_or_else(ConnId::next, |guest| guest.conn);
        guests
            .by_origin
            .insert((Arc::clone(from), conn), Guest { conn: alias, room });
        drop(guests);
        let relay = GuestRelay {
            cluster: Arc::downgrade(self),
            node: Arc::clone(from),
            conn,
            room,
            watching: matches!(act, Act::Watch),
        };
        Member {
            conn: alias,
            outbound: Outbound::Remote(Arc::new(relay)),
        }
    }

    /// Asks the room to take a guest in (to seat it, or to let it watch),
    /// and sends the answer back when it comes (without holding up the
    /// next command).
    async fn ask_room(
        self: &Arc<Self>,
        handle: &RoomHandle,
        from: &Arc<str>,
        ask: u64,
        member: Member,
        act: Act,
    ) -> bool {
        let cluster = Arc::clone(self);
        let from = Arc::clone(from);
        if matches!(act, Act::Watch) {
            let (reply, answer) = tokio::sync::oneshot::channel();
            if !handle.send(Command::watch(member, reply)).await {
                return false;
            }
            tokio::spawn(async move {
                let answer = answer.await.unwrap_or_else(|_| Err(unreachable_room()));
                cluster.reply(&from, ask, answer.map(|()| None), None);
            });
            return true;
        }
        let (reply, answer) = tokio::sync::oneshot::channel();
        if !handle.send(Command::seat(member, act, reply)).await {
            return false;
        }
        tokio::spawn(async move {
            let answer = answer.await.unwrap_or_else(|_| Err(unreachable_room()));
            let arena_game = answer.as_ref().ok().and_then(|taken| taken.arena_game);
            cluster.reply(&from, ask, answer.map(|taken| Some(taken.seat)), arena_game);
        });
        true
    }

    fn reply(
        &self,
        to: &Arc<str>,
        ask: u64,
        answer: Result<Option<mice_cake_engine::Seat>, Refusal>,
        arena_game: Option<ArenaGame>,
    ) {
        self.publisher.send(Outgoing::ToNode {
            node: Arc::clone(to),
            header: Header::Reply {
                ask,
                answer: answer.map_err(WireRefusal::from),
                arena_game,
            },
            frames: Vec::new(),
        });
    }

    /// Answers a guest's question about room `room` with `refusal`, or
    /// closes a guest this node does not know there (it comes back).
    fn refuse_guest(
        &self,
        from: &Arc<str>,
        conn: u64,
        room: RoomCode,
        ask: Option<u64>,
        refusal: Refusal,
    ) {
        match ask {
            Some(ask) => self.reply(from, ask, Err(refusal), None),
            None => {
                self.publisher.send(Outgoing::ToNode {
                    node: Arc::clone(from),
                    header: Header::Deliver {
                        conn,
                        room: Some(room),
                        kinds: String::new(),
                        close: true,
                        rerouted: true,
                    },
                    frames: Vec::new(),
                });
            }
        }
    }

    fn forget_guest(&self, from: &Arc<str>, conn: u64) {
        lock(&self.guests)
            .by_origin
            .remove(&(Arc::clone(from), conn));
    }

    /// Forgets the guests of room `room`, which closed here.
    pub(crate) fn forget_guests_in(&self, room: RoomCode) {
        lock(&self.guests)
            .by_origin
            .retain(|_, guest| guest.room != room);
    }

    /// Drops the guests of nodes whose lease is gone: a node that ran no
    /// room is never taken over, and the connections it had in rooms here
    /// (spectators above all) would stay in them for good, keeping the
    /// rooms from closing.
    pub(super) async fn drop_guests_of_dead_nodes(self: &Arc<Self>) {
        let nodes: std::collections::HashSet<Arc<str>> = lock(&self.guests)
            .by_origin
            .keys()
            .map(|(node, _)| Arc::clone(node))
            .collect();
        for node in nodes {
            if matches!(self.alive(&node).await, Ok(false)) {
                self.drop_guests_from(Some(&node));
            }
        }
    }

    /// Tells the rooms here that the guests from node `from` (or from every
    /// other node) are gone: that node died, or messages may have been
    /// lost. Their clients come back.
    pub(super) fn drop_guests_from(self: &Arc<Self>, from: Option<&str>) {
        let dropped: Vec<((Arc<str>, u64), Guest)> = {
            let mut guests = lock(&self.guests);
            let keys: Vec<(Arc<str>, u64)> = guests
                .by_origin
                .keys()
                .filter(|(node, _)| from.is_none_or(|from| **node == *from))
                .cloned()
                .collect();
            keys.into_iter()
                .filter_map(|key| guests.by_origin.remove(&key).map(|guest| (key, guest)))
                .collect()
        };
        if dropped.is_empty() {
            return;
        }
        debug!(
            from,
            guests = dropped.len(),
            "dropping connections from other nodes"
        );
        let cluster = Arc::clone(self);
        tokio::spawn(async move {
            for ((node, conn), guest) in dropped {
                if let Some(handle) = cluster.local.local_room(&guest.room) {
                    handle
                        .send(Command::from(guest.conn, Act::Disconnected))
                        .await;
                }
                // If the node is still there, its connection closes.
                cluster.refuse_guest(&node, conn, guest.room, None, unreachable_room());
            }
        });
    }
}

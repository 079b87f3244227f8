//! Connections on this node in rooms other nodes run: their commands go to
//! the room's node, the answers and frames for them come back here.
//!
//! A spectator is handed the room's events from the room's watch channel,
//! which this node listens to while it has spectators there. It starts
//! with the first frame sent to it alone (its `joined`): the events
//! before it are in the state it was given, the ones after follow it, as
//! both travel on this node's one subscription in the order the room's
//! node published them.

use std::collections::{HashMap, HashSet};
use std::future::Future;
use std::pin::Pin;
use std::sync::Arc;

use mice_cake_engine::{Seat, Seated};
use mice_cake_protocol::{ErrorCode, RoomCode, RoomEvent, SeatToken, ServerMessage};
use tracing::debug;

use super::publisher::Outgoing;
use super::wire::{Header, WireRefusal};
use super::{ByNode, Cluster, lock};
use crate::frame::{Frame, FrameKind, frame, relayed};
use crate::outbound::{Closing, Outbound};
use crate::room::{
    Act, ArenaGame, Command, ConnId, Forward, JoinToken, Refusal, Reply, RoomHandle, SeatTaken,
    unreachable_room,
};
use crate::token::token_hash;

/// What this node keeps of its connections in other nodes' rooms.
#[derive(Debug, Default)]
pub(super) struct Members {
    conns: HashMap<ConnId, RemoteMembership>,
    /// The spectators of each room watched from here.
    watchers: HashMap<RoomCode, Vec<ConnId>>,
    /// Questions sent, by number: the connection that asked, and where
    /// the answer goes.
    asks: HashMap<u64, (ConnId, Reply)>,
    next_ask: u64,
    /// One handle per node, shared by the rooms it runs.
    forwards: ByNode<Arc<Forwarder>>,
}

#[derive(Debug)]
struct RemoteMembership {
    outbound: Outbound,
    owner: Arc<str>,
    room: RoomCode,
    watch: Watch,
    /// The token of the seat it is taking, until its `joined` comes: the
    /// room sends that without it (it has the hash alone), and it is put
    /// in here.
    token: Option<SeatToken>,
    /// A player's latest exchange as its frames told it: the round, and
    /// whose seal is in. An opening is sent on only once both are, so that
    /// no move crosses Redis while it could still help the opponent.
    sealed: Option<(u32, Seated<bool>)>,
    /// The player's seat, as the room's state told it: its own seal is
    /// counted in as it passes through here, since the room sends a player
    /// its own `sealed` with what follows it (protocol 13).
    seat: Option<Seat>,
    /// Whether the room's state has come (`joined`, or a `state`): until
    /// then [`RemoteMembership::sealed`] says nothing.
    state_known: bool,
    /// Openings that came before the state did (a client that resumes
    /// and opens at once): judged when it comes, never refused unseen.
    held_openings: Vec<Act>,
}

impl RemoteMembership {
    /// Follows a player's exchange in the frames its room sends it
    /// (`kinds`: one letter a frame).
    fn follow(&mut self, frames: &[&str], kinds: &str) {
        for (frame, letter) in frames.iter().zip(kinds.bytes()) {
            self.state_known |=
                follow_seals(&mut self.sealed, &mut self.seat, frame, kind_of(letter));
        }
    }
}

/// What becomes of an opening a player here sends.
#[derive(Debug, PartialEq, Eq)]
enum Opening {
    /// Both seals are in: it goes to the room.
    Send,
    /// The room's state has not come yet: kept until it does.
    Held,
    /// Refused here, as the room would (or nobody to send it for).
    Refused,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Watch {
    /// A player.
    No,
    /// A spectator not yet given its state.
    Pending,
    Active,
}

/// The way to the rooms of one other node.
#[derive(Debug)]
struct Forwarder {
    cluster: std::sync::Weak<Cluster>,
    owner: Arc<str>,
}

impl Forward for Forwarder {
    fn forward(
        &self,
        code: RoomCode,
        command: Command,
    ) -> Pin<Box<dyn Future<Output = bool> + Send + '_>> {
        Box::pin(async move {
            match self.cluster.upgrade() {
                Some(cluster) => cluster.forward(&self.owner, code, command).await,
                None => false,
            }
        })
    }
}

impl Cluster {
    /// A handle on room `code`, which node `owner` runs.
    pub(crate) fn remote_room(self: &Arc<Self>, owner: &str, code: RoomCode) -> RoomHandle {
        let mut members = lock(&self.members);
        let forwarder = members.forwards.entry(Arc::from(owner)).or_insert_with(|| {
            Arc::new(Forwarder {
                cluster: Arc::downgrade(self),
                owner: Arc::from(owner),
            })
        });
        RoomHandle::remote(code, Arc::clone(forwarder) as Arc<dyn Forward>)
    }

    /// Sends `command` to room `code` on node `owner`, as its act: what
    /// goes with it (its reply, the queue of a connection coming in) is
    /// kept here.
    async fn forward(self: &Arc<Self>, owner: &Arc<str>, code: RoomCode, command: Command) -> bool {
        let Command {
            conn,
            mut act,
            reply,
            outbound,
        } = command;
        let Some(conn) = conn else {
            // The server's own: a handover is this node's alone. A barrier
            // is passed at once: frames for a member forgotten here are
            // dropped as they come, so nothing of the room reaches it after
            // its leave.
            if let Some(Reply::Done(reply)) = reply {
                let _ = reply.send(Ok(()));
            }
            return matches!(act, Act::Barrier);
        };
        let mut ask = None;
        match &mut act {
            Act::Join { token, .. } => {
                // The token is made here, and only its hash crosses Redis:
                // whoever reads Redis cannot take the seat.
                let Some(context) = self.context() else {
                    return false;
                };
                let made = context.rng.seat_token();
                *token = JoinToken::Given(token_hash(&made));
                let Some(number) = self.enter(conn, outbound, reply, owner, code, Watch::No) else {
                    return false;
                };
                if let Some(membership) = lock(&self.members).conns.get_mut(&conn) {
                    membership.token = Some(made);
                }
                ask = Some(number);
            }
            Act::Resume { .. } => {
                ask = self.enter(conn, outbound, reply, owner, code, Watch::No);
                if ask.is_none() {
                    return false;
                }
            }
            Act::Watch => {
                let Some(number) = self.enter(conn, outbound, reply, owner, code, Watch::Pending)
                else {
                    return false;
                };
                // Listening before asking: the room's events after the
                // state it sends must all arrive.
                if !self.watch_channel(code).await {
                    self.answered(number, Err(unreachable_room().into()), None);
                    return true;
                }
                ask = Some(number);
            }
            Act::Open { round, .. } => match self.judge_opening(conn, *round) {
                Opening::Send => {}
                Opening::Held => {
                    if let Some(membership) = lock(&self.members).conns.get_mut(&conn) {
                        membership.held_openings.push(act);
                    }
                    return true;
                }
                Opening::Refused => return true,
            },
            Act::Leave { .. } | Act::Disconnected => self.forget_member(conn),
            Act::Seal { round, .. } => self.sent_seal(conn, *round),
            Act::Sync
            | Act::Rematch
            | Act::Chat { .. }
            | Act::SpectatorChat { .. }
            | Act::Barrier
            | Act::HandedOver => {}
        }
        self.send_command(owner, code, conn, ask, act)
    }

    /// Publishes a command of connection `conn` for room `code` on node
    /// `owner`.
    fn send_command(
        &self,
        owner: &Arc<str>,
        code: RoomCode,
        conn: ConnId,
        ask: Option<u64>,
        command: Act,
    ) -> bool {
        let header = Header::Command {
            room: code,
            from: self.node.to_string(),
            conn: conn.value(),
            ask,
            command,
        };
        self.publisher.send(Outgoing::ToNode {
            node: Arc::clone(owner),
            header,
            frames: Vec::new(),
        })
    }

    /// Keeps a connection entering a room elsewhere (to join, resume or
    /// watch), with its queue and the reply awaited; the number of its
    /// question, or none without them.
    fn enter(
        &self,
        conn: ConnId,
        outbound: Option<Outbound>,
        reply: Option<Reply>,
        owner: &Arc<str>,
        room: RoomCode,
        watch: Watch,
    ) -> Option<u64> {
        let (outbound, reply) = (outbound?, reply?);
        let mut members = lock(&self.members);
        members.next_ask += 1;
        let number = members.next_ask;
        members.asks.insert(number, (conn, reply));
        if watch == Watch::Pending {
            members.watchers.entry(room).or_default().push(conn);
        }
        members.conns.insert(
            conn,
            RemoteMembership {
                outbound,
                owner: Arc::clone(owner),
                room,
                watch,
                token: None,
                sealed: None,
                seat: None,
                state_known: false,
                held_openings: Vec::new(),
            },
        );
        Some(number)
    }

    /// Forgets a connection that left its room elsewhere.
    fn forget_member(&self, conn: ConnId) {
        let mut members = lock(&self.members);
        let Some(membership) = members.conns.remove(&conn) else {
            return;
        };
        if membership.watch != Watch::No {
            let room = membership.room;
            if let Some(watchers) = members.watchers.get_mut(&room) {
                watchers.retain(|watcher| *watcher != conn);
                if watchers.is_empty() {
                    // The channel is let go later (see `unwatch_idle`).
                    members.watchers.remove(&room);
                }
            }
        }
    }

    /// An answer came.
    pub(super) fn answered(
        &self,
        ask: u64,
        answer: Result<Option<Seat>, WireRefusal>,
        arena_game: Option<ArenaGame>,
    ) {
        let Some((conn, reply)) = lock(&self.members).asks.remove(&ask) else {
            return;
        };
        let refused = answer.is_err();
        // An answer nobody waits for any more (the connection gave up on
        // it, and may have asked again since: a seat in a pair's room) says
        // nothing of the membership the newer ask made.
        let stale = reply.is_closed();
        match reply {
            Reply::Seat(reply) => {
                let answer = match answer {
                    Ok(Some(seat)) => Ok(SeatTaken { seat, arena_game }),
                    Ok(None) => Err(unreachable_room()),
                    Err(refusal) => Err(refusal.into()),
                };
                let _ = reply.send(answer);
            }
            Reply::Done(reply) => {
                let _ = reply.send(answer.map(|_| ()).map_err(Refusal::from));
            }
        }
        if refused && !stale {
            self.forget_member(conn);
        }
    }

    /// Frames came for connection `conn` from room `room` (then, with
    /// `closing`, its closing).
    pub(super) fn delivered(
        &self,
        conn: u64,
        room: Option<RoomCode>,
        kinds: &str,
        frames: &[&str],
        closing: Option<Closing>,
    ) {
        let conn = ConnId::from_value(conn);
        let (outbound, token, held) = {
            let mut members = lock(&self.members);
            let Some(membership) = members.conns.get_mut(&conn) else {
                return;
            };
            if room.is_some_and(|room| room != membership.room) {
                // From a room it has left since (a pairing called off).
                return;
            }
            // The first frame for a spectator is its state: the room's
            // events are its from now on.
            if membership.watch == Watch::Pending {
                membership.watch = Watch::Active;
            }
            let joined = kinds
                .bytes()
                .any(|letter| kind_of(letter) == FrameKind::Joined);
            let token = if joined {
                membership.token.take()
            } else {
                None
            };
            if membership.watch == Watch::No {
                membership.follow(frames, kinds);
            }
            // Openings held for the state are judged once it is here.
            let held = if membership.state_known {
                std::mem::take(&mut membership.held_openings)
            } else {
                Vec::new()
            };
            let held =
                (!held.is_empty()).then(|| (Arc::clone(&membership.owner), membership.room, held));
            (membership.outbound.clone(), token, held)
        };
        match token {
            Some(token) => {
                let frames: Vec<String> = frames
                    .iter()
                    .zip(kinds.bytes())
                    .map(|(frame, letter)| with_token(frame, kind_of(letter), &token))
                    .collect();
                let frames: Vec<&str> = frames.iter().map(String::as_str).collect();
                hand_over(&outbound, kinds, &frames);
            }
            None => hand_over(&outbound, kinds, frames),
        }
        if let Some((owner, room, openings)) = held {
            for opening in openings {
                let Act::Open { round, .. } = &opening else {
                    continue;
                };
                if self.judge_opening(conn, *round) == Opening::Send {
                    self.send_command(&owner, room, conn, None, opening);
                }
            }
        }
        match closing {
            Some(Closing::Cut) => outbound.disconnect(),
            Some(Closing::Rerouted) => outbound.reroute(),
            None => {}
        }
        if closing.is_some() {
            self.forget_member(conn);
        }
    }

    /// The room's events came for its spectators here.
    pub(super) fn watched(&self, room: RoomCode, kinds: &str, frames: &[&str]) {
        let outbounds: Vec<Outbound> = {
            let members = lock(&self.members);
            let Some(watchers) = members.watchers.get(&room) else {
                return;
            };
            watchers
                .iter()
                .filter_map(|conn| members.conns.get(conn))
                .filter(|membership| membership.watch == Watch::Active)
                .map(|membership| membership.outbound.clone())
                .collect()
        };
        // One copy of each frame, shared by every spectator.
        let shared: Vec<(Frame, bool)> = frames
            .iter()
            .zip(kinds.bytes())
            .map(|(frame, letter)| relayed(frame, letter))
            .collect();
        let mut sent = 0_u64;
        for outbound in &outbounds {
            for (frame, offered) in &shared {
                let queued = if *offered {
                    outbound.offer(frame.clone())
                } else {
                    outbound.queue(frame.clone())
                };
                sent += u64::from(queued);
            }
        }
        if sent > 0 {
            metrics::counter!(crate::metrics::MESSAGES_SENT).increment(sent);
        }
    }

    /// Closes the connections here in rooms of `owner` (or of every other
    /// node): that node is gone, or messages may have been lost. Their
    /// clients come back and find the room where it runs.
    pub(super) fn drop_members_of(&self, owner: Option<&str>) {
        let dropped: Vec<(ConnId, Outbound)> = lock(&self.members)
            .conns
            .iter()
            .filter(|(_, membership)| owner.is_none_or(|owner| *membership.owner == *owner))
            .map(|(conn, membership)| (*conn, membership.outbound.clone()))
            .collect();
        if !dropped.is_empty() {
            debug!(
                owner,
                connections = dropped.len(),
                "dropping connections to rooms elsewhere"
            );
        }
        self.close_members(dropped);
    }

    /// Closes the connections here in room `room`, which moved.
    pub(super) fn drop_members_of_room(&self, room: RoomCode, owner: &str) {
        let dropped: Vec<(ConnId, Outbound)> = lock(&self.members)
            .conns
            .iter()
            .filter(|(_, membership)| membership.room == room && *membership.owner == *owner)
            .map(|(conn, membership)| (*conn, membership.outbound.clone()))
            .collect();
        self.close_members(dropped);
    }

    /// Closes these connections in rooms elsewhere. A question one of them
    /// still waits on is answered "unavailable" at once: its room's node is
    /// gone or the room moved, and the client should ask again now rather
    /// than when the question times out.
    fn close_members(&self, dropped: Vec<(ConnId, Outbound)>) {
        let conns: HashSet<ConnId> = dropped.iter().map(|(conn, _)| *conn).collect();
        let abandoned: Vec<Reply> = {
            let mut members = lock(&self.members);
            let numbers: Vec<u64> = members
                .asks
                .iter()
                .filter(|(_, (conn, _))| conns.contains(conn))
                .map(|(number, _)| *number)
                .collect();
            numbers
                .iter()
                .filter_map(|number| members.asks.remove(number))
                .map(|(_, reply)| reply)
                .collect()
        };
        for reply in abandoned {
            reply.unavailable();
        }
        for (conn, outbound) in dropped {
            outbound.reroute();
            self.forget_member(conn);
        }
    }

    /// Counts a player's own seal of `round` in as it goes to the room. One
    /// the room refuses lets no opening through that the room would take:
    /// the room judges it again, and the other's seal must be in already.
    fn sent_seal(&self, conn: ConnId, round: u32) {
        let mut members = lock(&self.members);
        let Some(membership) = members.conns.get_mut(&conn) else {
            return;
        };
        let Some(seat) = membership.seat else {
            return;
        };
        let seals = match &mut membership.sealed {
            Some((known, seals)) if *known == round => seals,
            sealed => &mut sealed.insert((round, Seated::default())).1,
        };
        seals[seat] = true;
    }

    /// Whether a player here may open round `round`'s move: both seals of
    /// it are in, as its room's frames told (its own as sent). If not, it is refused here, as
    /// its room would refuse it, and nothing crosses Redis — but only once
    /// the room's state has come: before it (a client resuming and opening
    /// at once, its state still on the way) the opening is held, never
    /// refused on a view this node does not have yet.
    fn judge_opening(&self, conn: ConnId, round: u32) -> Opening {
        let members = lock(&self.members);
        let Some(membership) = members.conns.get(&conn) else {
            // Not in a room here any more: nowhere to send it.
            return Opening::Refused;
        };
        if !membership.state_known {
            return Opening::Held;
        }
        let both_sealed = membership.sealed.is_some_and(|(sealed_round, seals)| {
            sealed_round == round && seals.yellow && seals.blue
        });
        if both_sealed {
            return Opening::Send;
        }
        let refusal = Refusal::new(
            ErrorCode::WrongPhase,
            "moves are opened once both are sealed: wait for your opponent's seal",
        )
        .with("reason", "opening_before_both_sealed")
        .into_message();
        metrics::counter!(crate::metrics::ERRORS, "code" => ErrorCode::WrongPhase.as_str())
            .increment(1);
        membership.outbound.queue(frame(&refusal));
        Opening::Refused
    }

    /// Forgets questions nobody waits for any more.
    pub(super) fn forget_stale_asks(&self) {
        lock(&self.members)
            .asks
            .retain(|_, (_, reply)| !reply.is_closed());
    }

    /// Whether anyone here watches `room`.
    pub(super) fn watches(&self, room: RoomCode) -> bool {
        lock(&self.members).watchers.contains_key(&room)
    }
}

/// Follows a player's exchange in the frames its room sends it: the state
/// (on entering, or after missed events) says which seals are in, and each
/// `sealed` event (alone or among `events`) adds one; the state also says
/// the player's seat. Other frames are not read. Whether the frame was a
/// state.
fn follow_seals(
    sealed: &mut Option<(u32, Seated<bool>)>,
    seat: &mut Option<Seat>,
    frame: &str,
    kind: FrameKind,
) -> bool {
    if !matches!(
        kind,
        FrameKind::Sealed | FrameKind::State | FrameKind::Joined
    ) {
        return false;
    }
    let Ok(message) = serde_json::from_str::<ServerMessage>(frame) else {
        return false;
    };
    match message {
        ServerMessage::Joined { state, .. } | ServerMessage::State { state } => {
            *seat = state.you;
            *sealed = state
                .exchange
                .map(|exchange| (exchange.round, exchange.seals.map(|seal| seal.is_some())));
            return true;
        }
        message @ (ServerMessage::Event { .. } | ServerMessage::Events { .. }) => {
            for message in message.one_by_one() {
                if let ServerMessage::Event { event, .. } = message
                    && let RoomEvent::Sealed { round, seat, .. } = *event
                {
                    let seals = match sealed {
                        Some((known, seals)) if *known == round => seals,
                        _ => &mut sealed.insert((round, Seated::default())).1,
                    };
                    seals[seat] = true;
                }
            }
        }
        _ => {}
    }
    false
}

/// The kind a relayed frame's letter gives it.
fn kind_of(letter: u8) -> FrameKind {
    FrameKind::from_letter(char::from(letter)).unwrap_or(FrameKind::Plain)
}

/// A `joined` frame with the seat's token put in; any other frame as it is.
fn with_token(frame: &str, kind: FrameKind, token: &SeatToken) -> String {
    if kind != FrameKind::Joined {
        return frame.to_owned();
    }
    match serde_json::from_str::<ServerMessage>(frame) {
        Ok(ServerMessage::Joined {
            seat,
            token: None,
            state,
        }) => serde_json::to_string(&ServerMessage::Joined {
            seat,
            token: Some(*token),
            state,
        })
        .unwrap_or_else(|_| frame.to_owned()),
        _ => frame.to_owned(),
    }
}

/// Queues frames for a connection of this node.
fn hand_over(outbound: &Outbound, kinds: &str, frames: &[&str]) {
    let mut sent = 0_u64;
    for (frame, letter) in frames.iter().zip(kinds.bytes()) {
        let queued = match relayed(frame, letter) {
            (frame, true) => outbound.offer(frame),
            (frame, false) => outbound.queue(frame),
        };
        sent += u64::from(queued);
    }
    if sent > 0 {
        metrics::counter!(crate::metrics::MESSAGES_SENT).increment(sent);
    }
}

#[cfg(test)]
mod tests {
    use mice_cake_engine::{Seal, Seat};

    use super::*;
    use crate::frame::frame;

    fn sealed(round: u32, seat: Seat) -> RoomEvent {
        RoomEvent::Sealed {
            round,
            seat,
            seal: Seal::from_bytes([3; 32]),
            by_server: false,
            signature: None,
        }
    }

    #[test]
    fn the_seals_in_are_followed_in_events_alone_and_together() {
        let mut seals = None;
        let alone = frame(&ServerMessage::Event {
            seq: 5,
            event: Box::new(sealed(2, Seat::Yellow)),
        });
        follow_seals(&mut seals, &mut None, alone.as_str(), alone.kind());
        assert_eq!(
            seals,
            Some((
                2,
                Seated {
                    yellow: true,
                    blue: false
                }
            ))
        );
        let together = frame(&ServerMessage::Events {
            seq: 6,
            events: vec![
                sealed(2, Seat::Blue),
                RoomEvent::Spectators { count: 1 },
                sealed(3, Seat::Blue),
            ],
        });
        assert_eq!(together.kind(), FrameKind::Sealed);
        follow_seals(&mut seals, &mut None, together.as_str(), together.kind());
        assert_eq!(
            seals,
            Some((
                3,
                Seated {
                    yellow: false,
                    blue: true
                }
            ))
        );
    }
}

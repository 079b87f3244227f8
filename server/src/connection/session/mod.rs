//! A connection's session: who the client is (its name, its room and seat,
//! its seek, its arena), the limits on what it sends, and each message parsed and
//! handed to [`dispatch`](Session::dispatch). The socket's loop
//! (`connection.rs`) owns it and wakes it.

mod arena;
mod challenging;
mod describe_bot;
mod dispatch;
mod entering;
mod greeting;
mod rename;
mod sealing;
mod seating;
mod seeking;
mod signed_time;

use std::sync::Arc;

use mice_cake_engine::{CheckingKey, PlayerKey, Seat};
use mice_cake_protocol::{ClientMessage, ErrorCode, MAX_FRAME_BYTES, RoomCode};
use tracing::debug;

use self::arena::InArena;
pub(super) use self::arena::{ArenaNews, next_arena_news};
use self::sealing::Sealing;
pub(super) use self::sealing::next_verdict;
use self::seeking::{PairedSeek, Seeking};
pub(super) use self::seeking::{called_off, next_news};
use super::Peer;
use crate::admission::{Presence, Slot};
use crate::outbound::Outbound;
use crate::quote::bounded;
use crate::ratelimit::RateLimit;
use crate::refusals::Refused;
use crate::room::{Act, ArenaGame, Command, ConnId, Member, Refusal, RoomHandle, SeatTaken};
use crate::shared::Shared;

/// Chat messages a connection may send per second, on average (bursts of
/// twice that).
const CHAT_PER_SECOND: u32 = 1;

/// Refused messages after which a flooding client is disconnected.
const MAX_RATE_VIOLATIONS: u32 = 100;

/// Where a connection is.
struct Membership {
    room: RoomHandle,
    seat: Option<Seat>,
    /// The key the seat was taken with, ready to check its seals.
    key: Option<CheckingKey>,
    /// A seat in an arena's room: that arena's game, as the room said.
    arena_game: Option<ArenaGame>,
}

pub(super) struct Session {
    pub(super) id: ConnId,
    pub(super) shared: Arc<Shared>,
    pub(super) outbound: Outbound,
    /// Set by `hello`.
    pub(super) name: Option<String>,
    /// Drawn at `hello` and sent in `welcome`: what every proof of a key
    /// on this connection answers (and on no other).
    pub(super) challenge: Option<mice_cake_engine::KeyChallenge>,
    membership: Option<Membership>,
    // What only some connections do is boxed: every connection's task holds
    // its session for life (docs/performance.md, "Memory per connection").
    /// A seek for an opponent under way (quick pairing).
    pub(super) seeking: Option<Box<Seeking>>,
    /// A seek paired, its seat taken: back in the queue if the pairing is
    /// called off before its game begins.
    paired: Option<Box<PairedSeek>>,
    /// The arena it plays in or watches.
    pub(super) arena: Option<Box<InArena>>,
    /// A seal whose signature is being checked (`sealing`).
    pub(super) sealing: Option<Box<Sealing>>,
    /// The key whose challenges it watches, proven on it.
    watching: Option<challenging::Watching>,
    limit: RateLimit,
    chat_limit: RateLimit,
    /// Openings that follow seals already counted against the rate.
    openings_owed: u8,
    violations: u32,
    /// Its WebSocket slot, given back when the session ends.
    slot: Slot,
    peer: Peer,
}

impl Session {
    pub(super) fn new(shared: Arc<Shared>, outbound: Outbound, slot: Slot, peer: Peer) -> Session {
        let limit = RateLimit::new(shared.config.messages_per_second, std::time::Instant::now());
        Session {
            id: ConnId::next(),
            shared,
            outbound,
            name: None,
            challenge: None,
            membership: None,
            seeking: None,
            paired: None,
            arena: None,
            sealing: None,
            watching: None,
            limit,
            chat_limit: RateLimit::new(CHAT_PER_SECOND, std::time::Instant::now()),
            openings_owed: 0,
            violations: 0,
            slot,
            peer,
        }
    }

    /// Counts the connection refused or cut off.
    pub(super) fn refused(&self, why: Refused) {
        self.shared.refused(why, Some(self.peer.0));
    }

    fn member(&self) -> Member {
        Member {
            conn: self.id,
            outbound: self.outbound.clone(),
        }
    }

    pub(super) fn refuse(&self, refusal: Refusal) {
        metrics::counter!(crate::metrics::ERRORS, "code" => refusal.code.as_str()).increment(1);
        if refusal.code == ErrorCode::BadToken {
            self.refused(Refused::BadToken);
        }
        debug!(conn = ?self.id, code = refusal.code.as_str(), "refused");
        self.outbound.send_message(&refusal.into_message());
    }

    pub(super) fn flooded(&self) -> bool {
        self.violations >= MAX_RATE_VIOLATIONS
    }

    /// A ping from the client counts against the rate as a message does
    /// (the WebSocket layer has answered it already): a flood of pings is
    /// cut off as a flood of messages is, without an error for each.
    pub(super) fn on_ping(&mut self) {
        if !self.limit.allow(std::time::Instant::now()) {
            self.violations += 1;
        }
    }

    /// A text frame, or `None` for a binary one.
    pub(super) async fn on_frame(&mut self, text: Option<&str>) {
        metrics::counter!(crate::metrics::MESSAGES_RECEIVED).increment(1);
        let parsed = text
            .filter(|text| text.len() <= MAX_FRAME_BYTES)
            .map(ClientMessage::parse);
        // A move is two messages, its seal and its opening: the opening
        // that follows a seal is not counted against the rate, so that the
        // rate means moves, as it did before sealed play.
        let owed_opening =
            matches!(parsed, Some(Ok(ClientMessage::Open { .. }))) && self.openings_owed > 0;
        if owed_opening {
            self.openings_owed -= 1;
        } else if !self.limit.allow(std::time::Instant::now()) {
            self.violations += 1;
            let rate = self.shared.config.messages_per_second;
            return self.refuse(
                Refusal::new(
                    ErrorCode::RateLimited,
                    format!("too many messages: at most {rate} a second; this one was ignored"),
                )
                .with("reason", "messages")
                .with("limit", rate),
            );
        }
        let Some(text) = text else {
            return self.refuse(Refusal::new(
                ErrorCode::BinaryNotSupported,
                "messages are JSON text frames, not binary",
            ));
        };
        match parsed {
            None => self.refuse(
                Refusal::new(
                    ErrorCode::FrameTooLarge,
                    format!(
                        "frames are limited to {MAX_FRAME_BYTES} bytes, this one has {}",
                        text.len()
                    ),
                )
                .with("reason", "limit")
                .with("limit", MAX_FRAME_BYTES),
            ),
            Some(Ok(message)) => {
                if matches!(message, ClientMessage::Seal { .. }) {
                    self.openings_owed = (self.openings_owed + 1).min(2);
                }
                let handled = self.dispatch(message).await;
                if let Err(refusal) = handled {
                    self.refuse(refusal);
                }
            }
            Some(Err(error)) => self.refuse(Refusal::new(error.code(), bounded(error.to_string()))),
        }
    }

    fn not_in_a_room(&self) -> Result<(), Refusal> {
        if self.seeking.is_some() {
            return Err(Refusal::new(
                ErrorCode::AlreadySeeking,
                "you are seeking an opponent; cancel_seek first",
            ));
        }
        match &self.membership {
            Some(membership) => Err(Refusal::new(
                ErrorCode::AlreadyInRoom,
                format!(
                    "you are already in room {}; leave it first",
                    membership.room.code()
                ),
            )),
            None => Ok(()),
        }
    }

    async fn room_to_enter(&self, code: RoomCode) -> Result<RoomHandle, Refusal> {
        self.not_in_a_room()?;
        self.shared.lobby.room(code).await
    }

    /// Enters `room`: in `taken` (none: watching), with `key`.
    fn enter(&mut self, room: RoomHandle, taken: Option<SeatTaken>, key: Option<PlayerKey>) {
        let seat = taken.map(|taken| taken.seat);
        let arena_game = taken.and_then(|taken| taken.arena_game);
        debug!(conn = ?self.id, room = %room.code(), ?seat, "entered room");
        // Decompressed once for every seal this seat signs.
        let key = key.and_then(CheckingKey::new);
        self.set_membership(Some(Membership {
            room,
            seat,
            key,
            arena_game,
        }));
    }

    /// The key to check this connection's seals with: the one its seat
    /// was taken with. None where the room checks them: a connection
    /// without a key, or a room on another node (checking a relayed seal
    /// here too would check it twice).
    fn checking_key(&self) -> Option<CheckingKey> {
        self.membership
            .as_ref()
            .filter(|membership| membership.room.is_local())
            .and_then(|membership| membership.key)
    }

    /// Where the connection is now; its slot follows (a player's is never
    /// pushed out for a newcomer).
    fn set_membership(&mut self, membership: Option<Membership>) {
        self.slot.set(match &membership {
            None => Presence::Idle,
            Some(Membership { seat: None, .. }) => Presence::Watching,
            Some(Membership { seat: Some(_), .. }) => Presence::Playing,
        });
        self.membership = membership;
    }

    async fn tell_room(&mut self, command: Command) -> Result<(), Refusal> {
        let Some(membership) = &self.membership else {
            return Err(Refusal::new(ErrorCode::NotInRoom, "you are not in a room"));
        };
        if membership.room.send(command).await {
            Ok(())
        } else {
            self.set_membership(None);
            Err(Refusal::new(ErrorCode::NotInRoom, "your room has closed"))
        }
    }

    /// The connection is gone: its room learns it.
    pub(super) async fn left(&mut self) {
        self.stop_watching_challenges();
        self.cancel_seek(false).await;
        self.leave_arena_quietly().await;
        if let Some(membership) = self.membership.take() {
            let conn = self.id;
            membership
                .room
                .send(Command::from(conn, Act::Disconnected))
                .await;
            debug!(conn = ?conn, room = %membership.room.code(), seat = ?membership.seat, "left room");
        }
    }
}

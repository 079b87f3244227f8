//! The room's chat: two channels, as on lichess. The players' channel is
//! read by everyone; the spectators' by spectators, and by players who ask
//! for it. Chat is best effort: a line goes to a member only while its
//! queue has room to spare, so that a flood never disconnects anyone, and
//! the spectators' channel has a rate of its own per room, so that ten
//! thousand spectators cannot flood the room.
//!
//! Chat is public by construction: it carries what people typed (cleaned
//! by the connection), never anything of the game's.

use std::collections::VecDeque;
use std::time::Instant;

use mice_cake_engine::{Seat, Seated};
use mice_cake_protocol::{ChatChannel, ChatLine, ErrorCode, RoomStatus, ServerMessage};

use super::Room;
use crate::frame::{Frame, frame};
use crate::ratelimit::RateLimit;
use crate::room::{ConnId, Refusal};

/// Lines kept for whoever enters the room.
const RECENT_LINES: usize = 30;
/// Most lines kept with a game whose room records its chat.
const GAME_LINES: usize = 2_000;
/// Messages a second the spectators' channel of one room carries (bursts of
/// twice that).
const SPECTATOR_LINES_PER_SECOND: u32 = 2;

/// What a room keeps of its chat.
#[derive(Debug)]
pub(super) struct Chat {
    /// The latest lines of both channels, for whoever enters.
    recent: VecDeque<ChatLine>,
    /// The current game's lines, when the room records its chat.
    game: Vec<ChatLine>,
    /// The spectators' channel's rate.
    spectators: RateLimit,
    /// Which players read the spectators' channel.
    pub(super) following: Seated<bool>,
}

impl Chat {
    pub(super) fn new(now: Instant) -> Chat {
        Chat {
            recent: VecDeque::new(),
            game: Vec::new(),
            spectators: RateLimit::new(SPECTATOR_LINES_PER_SECOND, now),
            following: Seated::default(),
        }
    }

    /// A new game: its chat starts afresh.
    pub(super) fn game_started(&mut self) {
        self.game.clear();
    }

    /// The game's lines, for its record (none unless the room records them).
    pub(super) fn take_game_lines(&mut self) -> Vec<ChatLine> {
        std::mem::take(&mut self.game)
    }
}

impl Room {
    /// A member said `text` (already cleaned): a player on the players'
    /// channel, a spectator on the spectators'.
    pub(super) fn chat(&mut self, conn: ConnId, name: String, text: String) -> Result<(), Refusal> {
        let seat = self.seat_of(conn);
        let channel = match seat {
            Some(_) => ChatChannel::Players,
            None if self.spectators.contains_key(&conn) => {
                if !self.chat.spectators.allow(self.now) {
                    return Err(Refusal::new(
                        ErrorCode::RateLimited,
                        format!(
                            "the spectators' chat of this room carries at most \
                             {SPECTATOR_LINES_PER_SECOND} messages a second; this one was not sent"
                        ),
                    )
                    .with("reason", "spectator_chat")
                    .with("limit", SPECTATOR_LINES_PER_SECOND));
                }
                ChatChannel::Spectators
            }
            None => {
                return Err(Refusal::new(
                    ErrorCode::NotInRoom,
                    "you are not in this room",
                ));
            }
        };
        let line = ChatLine {
            channel,
            name,
            seat,
            text,
            at_ms: self.unix_ms,
        };
        let frame = frame(&chat_message(&line));
        let (readers, remote) = self.readers(channel);
        for to in readers {
            self.outbox.offer(to, frame.clone());
        }
        if remote {
            self.outbox.send_to_watchers(vec![frame.clone()], true);
        }
        if self.options.record_chat
            && self.status == RoomStatus::Playing
            && self.chat.game.len() < GAME_LINES
        {
            self.chat.game.push(line.clone());
        }
        if self.chat.recent.len() >= RECENT_LINES {
            self.chat.recent.pop_front();
        }
        self.chat.recent.push_back(line);
        Ok(())
    }

    /// A player asks to read the spectators' chat, or no longer.
    pub(super) fn follow_spectator_chat(
        &mut self,
        conn: ConnId,
        show: bool,
    ) -> Result<(), Refusal> {
        let seat = self.acting_seat(conn)?;
        self.chat.following[seat] = show;
        Ok(())
    }

    /// The latest lines `seat` (none: a spectator) reads, for a member
    /// entering the room.
    pub(super) fn chat_backlog(&self, seat: Option<Seat>) -> Vec<Frame> {
        let reads = |channel: ChatChannel| match (channel, seat) {
            (ChatChannel::Players, _) | (ChatChannel::Spectators, None) => true,
            (ChatChannel::Spectators, Some(seat)) => self.chat.following[seat],
        };
        self.chat
            .recent
            .iter()
            .filter(|line| reads(line.channel))
            .map(|line| frame(&chat_message(line)))
            .collect()
    }

    /// The queues of everyone who reads `channel`, and the way to the
    /// spectators on other nodes if there are some (they are sent a line
    /// once for all).
    fn readers(&self, channel: ChatChannel) -> (Vec<ConnId>, bool) {
        let mut readers: Vec<ConnId> = Seat::ALL
            .into_iter()
            .filter_map(|seat| {
                let member = self.seats[seat].as_ref()?.member.as_ref()?;
                let reads = channel == ChatChannel::Players || self.chat.following[seat];
                reads.then_some(member.conn)
            })
            .collect();
        let mut remote = false;
        for member in self.spectators.values() {
            if member.remote_watcher {
                remote = true;
            } else {
                readers.push(member.conn);
            }
        }
        (readers, remote)
    }
}

fn chat_message(line: &ChatLine) -> ServerMessage {
    ServerMessage::Chat {
        channel: line.channel,
        name: line.name.clone(),
        seat: line.seat,
        text: line.text.clone(),
        at_ms: line.at_ms,
    }
}

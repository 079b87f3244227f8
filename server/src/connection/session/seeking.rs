//! A connection that seeks an opponent (quick pairing): its seek checked
//! and put in the queue, what the queue tells it, and the seat it takes in
//! the room made for its pair — kept until that room's game begins: a
//! pairing called off (the opponent never came) puts the seek back in the
//! queue as it was, at its head.

use mice_cake_engine::PlayerKey;
use mice_cake_protocol::{
    Conduct, ErrorCode, MAX_DEADLINE_MS, Pool, Rating, RoomCode, SeekEndCause, ServerMessage,
};
use std::time::Duration;

use tokio::sync::mpsc;
use tokio::time::Instant;

use super::Session;
use crate::frame::{Frame, FrameKind};
use crate::pairing::{DEFAULT_BOT_AFTER, NEWS_QUEUE, News, STRONGEST_BOT, Waiter, Wants};
use crate::room::{Act, Command, ConnId, Refusal, Seating};

/// Past the pairing's arrival time, how long a seat in a pair's room is
/// asked again while the room cannot be reached.
const SURE_ANSWER_MARGIN: Duration = Duration::from_secs(5);
/// The pause before asking for the seat again, doubling up to the last.
const FIRST_SEAT_RETRY: Duration = Duration::from_millis(250);
const LAST_SEAT_RETRY: Duration = Duration::from_secs(2);

/// The shortest time per round a seek may ask: a pairing is for playing.
pub(in crate::connection) const SHORTEST_SEEK_DEADLINE_MS: u64 = 5_000;

/// A seek under way: where its news come, and the seek itself.
pub(in crate::connection) struct Seeking {
    news: mpsc::Receiver<News>,
    seek: QueuedSeek,
}

/// A seek as the queue took it: enough to put it back as it was (its
/// place by the time it began, the bot offered as if it had waited all
/// along), and to say so again.
#[derive(Clone)]
pub(in crate::connection) struct QueuedSeek {
    waiter: Waiter<ConnId>,
    seating: Seating,
    /// The `seeking` it was answered with.
    answer: ServerMessage,
}

/// A seek that was paired, its seat taken in the pair's room: kept until
/// that room's game begins, in case the pairing is called off.
pub(in crate::connection) struct PairedSeek {
    code: RoomCode,
    seek: QueuedSeek,
}

/// A pairing called off, as its room told this connection.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(in crate::connection) enum CalledOff {
    /// This player did their part: the seek goes on at the head.
    SeekOn,
    /// This player sat and never sealed the deal: the seek ends.
    SeekEnds,
}

/// Whether a frame is the room's `unpaired`, and what it means for the
/// seek.
pub(in crate::connection) fn called_off(frame: &Frame) -> Option<CalledOff> {
    match frame.kind() {
        FrameKind::Unpaired { requeued: true } => Some(CalledOff::SeekOn),
        FrameKind::Unpaired { requeued: false } => Some(CalledOff::SeekEnds),
        _ => None,
    }
}

/// The next news of a seek, if the connection seeks; never otherwise.
pub(in crate::connection) async fn next_news(seeking: &mut Option<Box<Seeking>>) -> Option<News> {
    match seeking {
        Some(seeking) => seeking.news.recv().await,
        None => std::future::pending().await,
    }
}

/// What a `seek` message asks.
pub(in crate::connection) struct Seek {
    pub(in crate::connection) pool: Option<Pool>,
    pub(in crate::connection) deadline_ms: Option<u64>,
    pub(in crate::connection) rated: bool,
    pub(in crate::connection) bot_after_ms: Option<u64>,
    pub(in crate::connection) seating: Seating,
}

impl Session {
    /// Puts the connection in the queue.
    pub(in crate::connection) async fn seek(
        &mut self,
        name: String,
        seek: Seek,
    ) -> Result<(), Refusal> {
        self.seek_allowed(&seek)?;
        let key = seek.seating.key;
        if seek.rated {
            self.new_key_may_play_rated(key).await?;
        }
        let ratings = self.ratings_of(key).await;
        // Whoever aborted too many of their latest rated-room games is
        // paired after everyone else, and told so.
        let conduct = match key.filter(|_| seek.rated) {
            Some(key) => self
                .shared
                .rooms
                .storage
                .conduct(key)
                .await
                .unwrap_or_else(|cause| {
                    tracing::warn!(cause = %cause, "a seeker's conduct cannot be read");
                    Conduct::default()
                }),
            None => Conduct::default(),
        };
        let shown_pool = seek.pool.unwrap_or(Pool::Standard);
        let bot_after = u64::try_from(DEFAULT_BOT_AFTER.as_millis()).unwrap_or(u64::MAX);
        let waiter = Waiter {
            id: self.id,
            key,
            bot: seek.seating.bot,
            paired_last: conduct.paired_last(),
            name,
            wants: Wants {
                pool: seek.pool,
                deadline_ms: seek.deadline_ms,
                rated: seek.rated,
            },
            ratings,
            since_ms: crate::clock::unix_millis(),
            bot_after_ms: match seek.bot_after_ms {
                Some(0) => None,
                Some(after) => Some(after),
                None => Some(bot_after),
            },
            offered: false,
        };
        let rating = waiter.rating(shown_pool);
        let answer = ServerMessage::Seeking {
            pool: seek.pool,
            deadline_ms: seek.deadline_ms,
            rated: seek.rated,
            rating,
            paired_last: conduct.paired_last().then_some(conduct),
        };
        self.queue(QueuedSeek {
            waiter,
            seating: seek.seating,
            answer,
        })
        .await;
        Ok(())
    }

    /// Whether this connection may make `seek` at all: in no room, the
    /// server not stopping, a rated seek with a proven key, a time per
    /// round in range.
    fn seek_allowed(&self, seek: &Seek) -> Result<(), Refusal> {
        self.not_in_a_room()?;
        if self.shared.shutdown().is_cancelled() {
            return Err(Refusal::new(
                ErrorCode::ShuttingDown,
                "the server is shutting down",
            ));
        }
        if seek.rated
            && let Err(why) = crate::room::rated_seating(&seek.seating)
        {
            return Err(Refusal::new(
                ErrorCode::KeyRequired,
                format!(
                    "a rated seek is made with your key (a rating belongs to a key): {why}; seek \
                     with `rated: false` to play a casual game without one"
                ),
            ));
        }
        if let Some(deadline) = seek.deadline_ms
            && !(SHORTEST_SEEK_DEADLINE_MS..=MAX_DEADLINE_MS).contains(&deadline)
        {
            return Err(Refusal::new(
                ErrorCode::BadOptions,
                format!(
                    "a seek's time per round is {SHORTEST_SEEK_DEADLINE_MS} ms to \
                     {MAX_DEADLINE_MS} ms (one day), or null for any; not {deadline}"
                ),
            ));
        }
        Ok(())
    }

    /// Puts a seek in the queue (again), and says so.
    async fn queue(&mut self, seek: QueuedSeek) {
        let (news, receiver) = mpsc::channel(NEWS_QUEUE);
        self.shared.pairing.seek(seek.waiter.clone(), news).await;
        self.slot.set(crate::admission::Presence::Watching);
        self.outbound.send_message(&seek.answer);
        self.seeking = Some(Box::new(Seeking {
            news: receiver,
            seek,
        }));
    }

    /// The pairing whose room this connection sat in was called off (its
    /// room said `unpaired`, and closed): the seek goes back in the queue
    /// as it was, or ends if this player is the one who never sealed. A connection that took its seat there by joining (its
    /// client came back after a drop, and asked for the seat by key) only
    /// lets go of the room: its client seeks again itself.
    pub(in crate::connection) async fn unpaired(&mut self, called_off: CalledOff) {
        let Some(paired) = self.paired.take() else {
            if let Some(membership) = self.membership.take() {
                let conn = self.id;
                membership
                    .room
                    .send(Command::from(conn, Act::Disconnected))
                    .await;
                self.set_membership(None);
            }
            return;
        };
        if let Some(membership) = self
            .membership
            .take_if(|membership| membership.room.code() == paired.code)
        {
            // The room has closed: this only lets go of it (on another
            // node, of the way to it).
            let conn = self.id;
            membership
                .room
                .send(Command::from(conn, Act::Disconnected))
                .await;
            self.set_membership(None);
        }
        if called_off == CalledOff::SeekEnds {
            tracing::debug!(conn = ?self.id, room = %paired.code, "pairing called off: the deal was never sealed here, the seek ends");
            self.slot.set(crate::admission::Presence::Idle);
            self.outbound.send_message(&ServerMessage::SeekEnded {
                reason: "you did not seal your deal in time".into(),
                cause: SeekEndCause::DealNotSealed,
            });
            return;
        }
        tracing::debug!(conn = ?self.id, room = %paired.code, "pairing called off: seeking again");
        self.queue(paired.seek).await;
    }

    /// Takes the seat of the pair's room. A room that cannot be reached
    /// just now may have taken the seat all the same (its answer lost, or
    /// late): the seat is asked again, a moment apart, and the room gives a
    /// seat it holds for this connection's proven key back, until a sure
    /// answer comes or the room has had its time to call the pairing off.
    /// Never seeking again while a seat may be taken: one seek, one room.
    pub(super) async fn seat_in_pairing(
        &mut self,
        code: RoomCode,
        seating: &Seating,
    ) -> Result<(), Refusal> {
        let give_up = Instant::now() + self.shared.config.pairing_arrival + SURE_ANSWER_MARGIN;
        let mut pause = FIRST_SEAT_RETRY;
        loop {
            let name = self.name.clone().unwrap_or_default();
            let attempt = match self.shared.lobby.room(code).await {
                Ok(room) => self.take_seat(room, name, *seating).await,
                Err(refusal) => Err(refusal),
            };
            match attempt {
                Err(refusal)
                    if refusal.code == ErrorCode::Unavailable
                        && Instant::now() + pause < give_up =>
                {
                    tracing::debug!(conn = ?self.id, room = %code, "pair's room unreachable: asking again");
                    tokio::time::sleep(pause).await;
                    pause = (pause * 2).min(LAST_SEAT_RETRY);
                }
                Err(refusal) if refusal.code == ErrorCode::Unavailable => {
                    // Given up: a seat the room took late is this
                    // connection's no more (it seeks again).
                    if let Ok(room) = self.shared.lobby.room(code).await {
                        let conn = self.id;
                        room.send(Command::from(conn, Act::Disconnected)).await;
                    }
                    return Err(refusal);
                }
                other => return other,
            }
        }
    }

    /// Whether the new-keys limit applies on this server.
    pub(in crate::connection) fn new_keys_limited(&self) -> bool {
        self.shared.new_keys.limited()
    }

    /// Refuses a key never rated here if its address has brought as many
    /// new keys into rated play this hour as the server allows.
    pub(in crate::connection) async fn new_key_may_play_rated(
        &self,
        key: Option<PlayerKey>,
    ) -> Result<(), Refusal> {
        let Some(key) = key else {
            return Ok(());
        };
        if !self.new_keys_limited() {
            return Ok(());
        }
        // A key with a rating is no newcomer (and storage that cannot say
        // does not keep anyone out).
        if !matches!(self.shared.rooms.storage.player(key).await, Ok(None)) {
            return Ok(());
        }
        if self
            .shared
            .new_keys
            .admit(self.peer.0, key, Instant::now())
            .await
        {
            return Ok(());
        }
        Err(Refusal::new(
            ErrorCode::TooManyNewKeys,
            format!(
                "this address has brought {} new keys into rated play in the last hour, as many \
                 as this server allows; play with a key you have played rated games with, or a \
                 casual game",
                self.shared.config.new_rated_keys_per_hour
            ),
        )
        .with("reason", "limit")
        .with("limit", self.shared.config.new_rated_keys_per_hour))
    }

    /// A player's rating in every pool, as stored (a new player's where
    /// none is, or if storage cannot say).
    async fn ratings_of(&self, key: Option<PlayerKey>) -> [Rating; 6] {
        let mut ratings = [Rating::initial(); 6];
        let Some(key) = key else {
            return ratings;
        };
        match self.shared.rooms.storage.player(key).await {
            Ok(Some(page)) => {
                for pool in page.ratings {
                    if let Some(index) = Pool::ALL.iter().position(|of| *of == pool.pool) {
                        ratings[index] = pool.rating;
                    }
                }
            }
            Ok(None) => {}
            Err(cause) => {
                tracing::warn!(cause = %cause, "a seeker's ratings cannot be read: paired as new");
            }
        }
        ratings
    }

    /// Stops seeking, if the connection seeks; when `told`, it is told
    /// the player cancelled it.
    pub(in crate::connection) async fn cancel_seek(&mut self, told: bool) {
        if self.seeking.take().is_some() {
            self.shared.pairing.cancel(self.id).await;
            self.slot.set(crate::admission::Presence::Idle);
        }
        if told {
            self.outbound.send_message(&ServerMessage::SeekEnded {
                reason: "cancelled".into(),
                cause: SeekEndCause::Cancelled,
            });
        }
    }

    /// What the queue says: a pairing (the seat is taken at once; a room
    /// that cannot be entered puts the seek back), the bot offered, or the
    /// end of the seek.
    pub(in crate::connection) async fn on_news(&mut self, news: Option<News>) {
        match news {
            Some(News::BotOffered { options }) => {
                self.outbound.send_message(&ServerMessage::BotOffered {
                    policy: STRONGEST_BOT,
                    options,
                });
            }
            Some(News::Paired(paired)) => {
                let Some(Seeking { seek, .. }) = self.seeking.take().map(|seeking| *seeking) else {
                    return;
                };
                self.outbound.send_message(&paired.message());
                let seated = self.seat_in_pairing(paired.code, &seek.seating).await;
                match seated {
                    Ok(()) => {
                        self.paired = Some(Box::new(PairedSeek {
                            code: paired.code,
                            seek,
                        }));
                    }
                    Err(refusal) => {
                        // Its node gone, or the room already called off:
                        // the pairing is, and the seek goes on.
                        self.outbound.send_message(&ServerMessage::Unpaired {
                            code: paired.code,
                            reason: format!(
                                "the room made for the pairing cannot be entered ({}); you are back at the \
                                 head of the queue",
                                refusal.message
                            ),
                            requeued: true,
                            challenge: None,
                        });
                        self.queue(seek).await;
                    }
                }
            }
            Some(News::Ended { reason, cause }) => {
                self.seeking = None;
                self.slot.set(crate::admission::Presence::Idle);
                self.outbound
                    .send_message(&ServerMessage::SeekEnded { reason, cause });
            }
            None => {
                self.seeking = None;
                self.slot.set(crate::admission::Presence::Idle);
                self.outbound.send_message(&ServerMessage::SeekEnded {
                    reason: "the server is shutting down".into(),
                    cause: SeekEndCause::ShuttingDown,
                });
            }
        }
    }
}

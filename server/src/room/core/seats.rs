//! Who is in the room: the two seats and the spectators — joining,
//! watching, resuming a seat with its token, leaving, disconnecting.

use std::net::IpAddr;
use std::time::Duration;

use mice_cake_engine::{PlayerKey, Policy, SealSignature, Seat, Seated, SignedLeave};
use mice_cake_protocol::{
    ErrorCode, ForfeitCause, Rating, RoomEvent, RoomStatus, SeatToken, ServerMessage,
};

use std::time::Instant;
use tracing::info;

use super::effects::Effect;
use super::present::Present;
use super::{Room, millis};
use crate::room::{ArenaGame, ConnId, JoinToken, Refusal, SeatTaken, Seating};
use crate::token::{TokenHash, token_hash};

/// A seat's occupant.
#[derive(Debug)]
pub(super) struct Player {
    pub(super) name: String,
    /// The seat token's hash; none for a bot.
    pub(super) token: Option<TokenHash>,
    /// The server-side bot's policy, if a bot.
    pub(super) bot: Option<Policy>,
    /// The connection holding the seat, if any.
    pub(super) member: Option<Present>,
    /// While disconnected: when the player forfeits (during a game) or
    /// loses the seat (outside one).
    pub(super) grace_until: Option<Instant>,
    /// What is left of the grace this round (a player's time away is one
    /// budget per round, which no return restarts; it is whole again when a
    /// round begins with the player here, and outside a game).
    pub(super) grace_left: Duration,
    /// Rounds in a row committed for this player at the deadline.
    pub(super) auto_commits: u32,
    /// The player's key, which signs their seals; fixed during a game.
    pub(super) key: Option<PlayerKey>,
    /// Their rating in the room's pool, once read from the store.
    pub(super) rating: Option<Rating>,
    /// Whether the key has declared itself a bot.
    pub(super) declared_bot: bool,
    /// Where they play from (an IPv4 address, or an IPv6 /64), as their
    /// latest connection came; unknown after a restart until they are
    /// back. Never stored.
    pub(super) address: Option<IpAddr>,
}

impl Player {
    pub(super) fn is_connected(&self) -> bool {
        self.bot.is_some() || self.member.is_some()
    }

    /// Whether a program plays the seat: a server-side bot, or a key that
    /// declared itself a bot.
    pub(super) fn is_bot(&self) -> bool {
        self.bot.is_some() || self.declared_bot
    }

    fn holds(&self, conn: ConnId) -> bool {
        self.member
            .as_ref()
            .is_some_and(|member| member.conn == conn)
    }
}

impl Room {
    pub(super) fn join(
        &mut self,
        member: Present,
        name: String,
        token: JoinToken,
        seating: Seating,
    ) -> Result<Seat, Refusal> {
        let key = seating.key;
        self.check_key_for_rating(&seating)?;
        if let Some(seat) = self.seat_lost_by(&member, &seating) {
            return self.give_back(member, seat, token, seating);
        }
        let seat = Seat::ALL
            .into_iter()
            .find(|seat| self.seats[*seat].is_none())
            .ok_or_else(|| {
                Refusal::new(
                    ErrorCode::RoomFull,
                    format!(
                        "room {} already has two players; you can watch it",
                        self.code
                    ),
                )
            })?;
        let (hash, token) = match token {
            JoinToken::Make => {
                let token = self.rng.seat_token();
                (token_hash(&token), Some(token))
            }
            JoinToken::Given(hash) => (hash, None),
        };
        self.effects.push(Effect::RegisterSeat(hash));
        self.seats[seat] = Some(Player {
            name,
            token: Some(hash),
            bot: None,
            member: Some(member),
            grace_until: None,
            grace_left: self.config.disconnect_grace,
            auto_commits: 0,
            key,
            rating: None,
            declared_bot: seating.bot,
            address: seating.address,
        });
        self.ratings_due |= key.is_some();
        info!(room = %self.code, %seat, "player joined");
        self.send_joined_to_seat(seat, token);
        self.emit_player_joined(seat);
        if let Some(policy) = self.options.bot
            && self.seats[seat.opponent()].is_none()
        {
            self.seat_bot(seat.opponent(), policy);
        }
        self.start_game_if_ready();
        Ok(seat)
    }

    /// The seat that `seating`'s key holds, when the key is proven and
    /// nobody but `member` is connected to it: a join taken whose answer
    /// never reached its player — the connection cut as it came back (their
    /// client, which has no token, joins again), or the answer late (the
    /// room too slow to reach, and the connection asking again).
    ///
    /// The same connection asking again always gets its seat. A proven key
    /// takes its seat back from a connection the server still thinks alive
    /// (the client saw it die first) where the join cannot mean a second
    /// seat: in a pairing's room, whose seats are the two paired keys', and
    /// in a room with no seat free. Where a seat is free, a key already
    /// seated may take it (one player in two tabs, playing both sides); where
    /// the key holds both seats, which one it lost cannot be told, and the
    /// room is full.
    fn seat_lost_by(&self, member: &Present, seating: &Seating) -> Option<Seat> {
        if let Some(seat) = self.seat_of(member.conn) {
            return Some(seat);
        }
        let key = seating.key.filter(|_| seating.proven)?;
        let seats_of_key: Vec<Seat> = Seat::ALL
            .into_iter()
            .filter(|seat| {
                self.seats[*seat]
                    .as_ref()
                    .is_some_and(|player| player.key == Some(key) && player.bot.is_none())
            })
            .collect();
        if let Some(seat) = seats_of_key.iter().copied().find(|seat| {
            self.seats[*seat]
                .as_ref()
                .is_some_and(|player| player.member.is_none())
        }) {
            return Some(seat);
        }
        let only_meaning_a_return =
            self.made.for_a_pair() || Seat::ALL.into_iter().all(|seat| self.seats[seat].is_some());
        match seats_of_key.as_slice() {
            [seat] if only_meaning_a_return => Some(*seat),
            _ => None,
        }
    }

    /// Gives a lost seat back to its proven key with a fresh token (the
    /// old one never reached the player, and leads nowhere now), as a
    /// resume.
    fn give_back(
        &mut self,
        member: Present,
        seat: Seat,
        token: JoinToken,
        seating: Seating,
    ) -> Result<Seat, Refusal> {
        let (hash, token) = match token {
            JoinToken::Make => {
                let token = self.rng.seat_token();
                (token_hash(&token), Some(token))
            }
            JoinToken::Given(hash) => (hash, None),
        };
        if let Some(player) = self.seats[seat].as_mut()
            && let Some(old) = player.token.replace(hash)
        {
            self.effects.push(Effect::ForgetSeat(old));
        }
        self.effects.push(Effect::RegisterSeat(hash));
        info!(room = %self.code, %seat, "a seat whose joined was lost given back to its key");
        self.take_back(member, seat, None, seating, token)
    }

    pub(super) fn seat_bot(&mut self, seat: Seat, policy: Policy) {
        self.seats[seat] = Some(Player {
            name: format!("{policy} bot"),
            token: None,
            bot: Some(policy),
            member: None,
            grace_until: None,
            grace_left: self.config.disconnect_grace,
            auto_commits: 0,
            key: None,
            rating: None,
            declared_bot: false,
            address: None,
        });
        self.emit_player_joined(seat);
    }

    pub(super) fn emit_player_joined(&mut self, seat: Seat) {
        if let Some(player) = self.player_info(seat) {
            self.emit(RoomEvent::PlayerJoined { seat, player });
        }
    }

    pub(super) fn watch(&mut self, member: Present) -> Result<(), Refusal> {
        if self.spectators.len() >= self.config.max_spectators {
            return Err(Refusal::new(
                ErrorCode::SpectatorsFull,
                format!(
                    "room {} has its limit of {} spectators",
                    self.code, self.config.max_spectators
                ),
            ));
        }
        // Those watching already get what came before the newcomer's state.
        self.give_to_spectators();
        self.spectators.insert(member.conn, member);
        self.send_joined(member.conn, None, None);
        self.spectators_changed();
        Ok(())
    }

    pub(super) fn resume(
        &mut self,
        member: Present,
        token: &TokenHash,
        last_seq: Option<u64>,
        seating: Seating,
    ) -> Result<Seat, Refusal> {
        let seat = Seat::ALL
            .into_iter()
            .find(|seat| {
                self.seats[*seat]
                    .as_ref()
                    .is_some_and(|player| player.token.as_ref() == Some(token))
            })
            .ok_or_else(|| Refusal::new(ErrorCode::BadToken, "that seat token is not valid"))?;
        self.check_key_for_rating(&seating)?;
        self.take_back(member, seat, last_seq, seating, None)
    }

    /// `seat`, taken, as its connection is told of it: in an arena's room,
    /// the arena, and its players while its game is not over.
    pub(super) fn seat_taken(&self, seat: Seat) -> SeatTaken {
        let arena_game = self.made.arena().map(|arena| ArenaGame {
            arena,
            players: self.arena_players(),
        });
        SeatTaken { seat, arena_game }
    }

    /// The keys of an arena game's players while it is not over.
    fn arena_players(&self) -> Option<Seated<PlayerKey>> {
        if self.status == RoomStatus::Finished {
            return None;
        }
        let yellow = self.seats.yellow.as_ref()?.key?;
        let blue = self.seats.blue.as_ref()?.key?;
        Some(Seated { yellow, blue })
    }

    /// `seat` taken back by `member`: with its token ([`Room::resume`]),
    /// or by its proven key ([`Room::give_back`], with the new `token`).
    fn take_back(
        &mut self,
        member: Present,
        seat: Seat,
        last_seq: Option<u64>,
        seating: Seating,
        token: Option<SeatToken>,
    ) -> Result<Seat, Refusal> {
        let key = seating.key;
        let playing = self.status == RoomStatus::Playing;
        let full_grace = self.config.disconnect_grace;
        let Some(player) = self.seats[seat].as_mut() else {
            return Err(Refusal::new(
                ErrorCode::BadToken,
                "that seat token is not valid",
            ));
        };
        // During a game the seat's moves are signed with the key published
        // when it started: another key could sign nothing that checks.
        // Between games the new key replaces the old, for the next game.
        if playing && player.key != key {
            return Err(Refusal::new(
                ErrorCode::BadKey,
                match player.key {
                    Some(held) => format!(
                        "this seat's moves are signed with the key {held} in this game; take \
                         it back from the client that holds that key"
                    ),
                    None => "this seat's player announced no key for this game; take it back \
                             without one"
                        .into(),
                },
            ));
        }
        if player.key != key {
            player.key = key;
            player.rating = None;
            player.declared_bot = false;
            self.ratings_due = true;
        }
        // A key that declared itself a bot stays one.
        player.declared_bot |= seating.bot;
        player.address = seating.address;
        // A second connection with the token replaces the first, which is
        // told so, and not to take the seat back in turn (two tabs would
        // push each other out forever).
        let asking = member.conn;
        let replaced = player.member.replace(member);
        let was_connected = replaced.is_some();
        // The spectators' chat is off for a seat taken (docs/protocol.md),
        // taken back too: a connection reads it once it asks, not because
        // one before it did.
        if replaced.as_ref().is_none_or(|old| old.conn != asking) {
            self.chat.following[seat] = false;
        }
        // The same connection asking again (its first answer late) is no
        // other connection to push out.
        if let Some(old) = replaced.filter(|old| old.conn != asking) {
            self.outbox.send_message(
                old.conn,
                &Refusal::new(
                    ErrorCode::Replaced,
                    "this seat was taken back by another connection (another tab or device), \
                     which plays it now",
                )
                .into_message(),
            );
            self.outbox.disconnect(old.conn);
        }
        // The grace used while away is spent for this round; outside a game
        // there is nothing to stall, and it is whole again.
        let now = self.now;
        player.grace_left = match player.grace_until.take() {
            _ if !playing => full_grace,
            Some(until) => until.saturating_duration_since(now),
            None => player.grace_left,
        };
        info!(room = %self.code, %seat, "player resumed");
        self.open_again_after_return(seat);
        self.send_joined_to_seat(seat, token);
        // Replay what was missed if it fits easily in the connection's queue
        // (it is not drained until this answer is in); otherwise the state
        // alone, which holds all of it, is enough.
        if let Some(missed) = self.events.missed_since(last_seq.unwrap_or(u64::MAX))
            && let Some(member) = self.seats[seat].as_ref().and_then(|p| p.member.as_ref())
        {
            for frame in missed {
                self.outbox.send(member.conn, frame);
            }
        }
        // The seat was never away when one connection took it from another.
        if !was_connected {
            self.emit(RoomEvent::Connection {
                seat,
                connected: true,
                grace_ms: None,
            });
        }
        // A game (or a rematch both asked for) may have waited for them.
        self.start_game_if_ready();
        self.rematch_if_agreed();
        Ok(seat)
    }

    pub(super) fn leave(&mut self, conn: ConnId, signature: Option<SealSignature>) {
        if let Some(member) = self.spectators.remove(&conn) {
            self.outbox
                .send_message(member.conn, &ServerMessage::Left { code: self.code });
            self.spectators_changed();
            self.close_if_deserted();
            return;
        }
        let Some(seat) = self.seat_of(conn) else {
            return;
        };
        if self.status == RoomStatus::Playing {
            let cause = match self.signed_leave(seat, signature) {
                Ok(signed) => {
                    self.left = signed.map(Box::new);
                    ForfeitCause::Left
                }
                Err(refusal) => {
                    // Not a leave the record could prove: the player is
                    // gone all the same, as if disconnected for good, and
                    // the record claims no more than the server's word.
                    self.refuse(conn, refusal);
                    ForfeitCause::Disconnected
                }
            };
            let leaving = Seated::from_fn(|s| s == seat);
            self.forfeit_any(leaving, cause);
        }
        info!(room = %self.code, %seat, "player left");
        self.free_seat(seat);
    }

    /// The proof of `seat`'s leave from the game under way: its key's
    /// signature of leaving this game in this round. None for a seat
    /// without a key (its leave rests on the server's word); refused for a
    /// seat with one whose signature is missing or does not check (the
    /// player is then taken as gone, a disconnection).
    fn signed_leave(
        &self,
        seat: Seat,
        signature: Option<SealSignature>,
    ) -> Result<Option<SignedLeave>, Refusal> {
        let key = self.seats[seat].as_ref().and_then(|player| player.key);
        let Some((key, exchange)) = key.zip(self.round.exchange.as_ref()) else {
            return Ok(None);
        };
        let round = exchange.round;
        let refused = |what: &str| {
            Refusal::new(
                ErrorCode::BadSignature,
                format!(
                    "{what}: nothing could prove you left, so you are recorded as gone \
                     (disconnected), on the server's word. A leave during a game is signed with \
                     your key: \"mice-cake/fair/v1/signed-leave\", the game's commitment, the \
                     round, the seat (docs/fairness.md)"
                ),
            )
        };
        let signature = signature.ok_or_else(|| refused("your leave is not signed"))?;
        // Signed for the round under way, or for the one before it: a
        // player who leaves as a round is revealed signs for the round they
        // last saw, the next one's start still on its way to them.
        let signed_for = [Some(round), round.checked_sub(1)]
            .into_iter()
            .flatten()
            .find(|signed| {
                mice_cake_engine::signing::check_leave(
                    key,
                    exchange.commitment,
                    *signed,
                    seat,
                    signature,
                )
            });
        let Some(signed_round) = signed_for else {
            let round = if round == 0 {
                "the deal".to_owned()
            } else {
                format!("round {round}")
            };
            return Err(refused(&format!(
                "your leave is not signed with this seat's key for {round} of this game"
            )));
        };
        Ok(Some(SignedLeave {
            seat,
            round: signed_round,
            signature,
        }))
    }

    /// Empties `seat` (its player left, or stayed away too long): its token
    /// leads nowhere any more, a bot opposite goes too, and the room waits
    /// for another player (or closes, if nobody is left in it).
    pub(super) fn free_seat(&mut self, seat: Seat) {
        if let Some(player) = self.seats[seat].take() {
            if let Some(hash) = player.token {
                self.effects.push(Effect::ForgetSeat(hash));
            }
            if let Some(member) = player.member {
                self.outbox
                    .send_message(member.conn, &ServerMessage::Left { code: self.code });
            }
        }
        self.chat.following[seat] = false;
        self.emit(RoomEvent::PlayerLeft { seat });
        // A bot stays only with a human opposite.
        let other = seat.opponent();
        if self.seats[other].as_ref().is_some_and(|p| p.bot.is_some()) {
            self.seats[other] = None;
            self.emit(RoomEvent::PlayerLeft { seat: other });
        }
        self.rematch = Seated::default();
        self.left_match_between_games(seat);
        if self.status != RoomStatus::Playing {
            self.status = RoomStatus::Waiting;
        }
        self.close_if_deserted();
    }

    /// Closes the room at once when its last person has left it (rather than
    /// keeping it for the idle time, which leaving rooms over and over could
    /// use to fill the server) — unless its game has just ended: then it
    /// stays watchable a while, for spectators who dropped (their node
    /// died, say) to come back to the result.
    pub(super) fn close_if_deserted(&mut self) {
        let humans_seated = Seat::ALL.into_iter().any(|seat| {
            self.seats[seat]
                .as_ref()
                .is_some_and(|player| player.bot.is_none())
        });
        if !humans_seated && self.spectators.is_empty() && self.status != RoomStatus::Playing {
            if self.watchable_until.is_some_and(|until| self.now < until) {
                return;
            }
            self.closing = true;
        }
    }

    pub(super) fn disconnected(&mut self, conn: ConnId) {
        if self.spectators.remove(&conn).is_some() {
            self.spectators_changed();
            return;
        }
        let Some(seat) = self.seat_of(conn) else {
            return;
        };
        // A player away for the grace period forfeits the game on, or,
        // outside a game, loses the seat: a room never waits for (nor
        // starts a game against) someone who is gone.
        // What is left of this round's grace: a return does not restart it.
        let Some(player) = self.seats[seat].as_mut() else {
            return;
        };
        let grace = player.grace_left;
        player.member = None;
        self.outbox.forget(conn);
        player.grace_until = Some(self.now + grace);
        self.keep_open_left(seat);
        info!(room = %self.code, %seat, "player disconnected");
        self.emit(RoomEvent::Connection {
            seat,
            connected: false,
            grace_ms: Some(millis(grace)),
        });
    }

    pub(super) fn players_mut(&mut self) -> impl Iterator<Item = &mut Player> {
        [&mut self.seats.yellow, &mut self.seats.blue]
            .into_iter()
            .flatten()
    }

    pub(super) fn seat_of(&self, conn: ConnId) -> Option<Seat> {
        Seat::ALL.into_iter().find(|seat| {
            self.seats[*seat]
                .as_ref()
                .is_some_and(|player| player.holds(conn))
        })
    }

    pub(super) fn member(&self, conn: ConnId) -> Option<&Present> {
        self.spectators.get(&conn).or_else(|| {
            Seat::ALL.into_iter().find_map(|seat| {
                self.seats[seat]
                    .as_ref()?
                    .member
                    .as_ref()
                    .filter(|member| member.conn == conn)
            })
        })
    }

    /// The seat of a connection that wants to act.
    pub(super) fn acting_seat(&self, conn: ConnId) -> Result<Seat, Refusal> {
        if self.spectators.contains_key(&conn) {
            return Err(Refusal::new(
                ErrorCode::SpectatorCannotAct,
                "spectators watch; only the two players can play",
            ));
        }
        self.seat_of(conn)
            .ok_or_else(|| Refusal::new(ErrorCode::NotInRoom, "you are not in this room"))
    }

    /// The connection holding `seat`, if any.
    pub(super) fn seat_conn(&self, seat: Seat) -> Option<ConnId> {
        let player = self.seats[seat].as_ref()?;
        player.member.as_ref().map(|member| member.conn)
    }
}

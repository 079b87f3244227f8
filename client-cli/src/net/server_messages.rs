//! What the link learns from each server message: the seat, the room, the
//! seek, the arena — all a reconnection needs.

use mice_cake_engine::Seat;
use mice_cake_protocol::ArenaPauseCause;
use mice_cake_protocol::arena::ArenaStatus;
use mice_cake_protocol::{
    ClientMessage, ErrorCode, RoomCode, RoomEvent, RoomOptions, RoomState, SeatToken, ServerMessage,
};

use super::reconnection::{End, Link, Playing, closed, passing_refusal, past_its_deal};
use super::socket::{Socket, closing_reason};
use crate::server_kinds::{Kind, kind};

impl Link {
    /// Remembers what a reconnection needs; returns how the connection ends
    /// when the server refused to let us in. A message that answers the
    /// greeting lets in what was held meanwhile.
    pub(super) async fn note(
        &mut self,
        socket: &mut Socket,
        message: &ServerMessage,
    ) -> Option<End> {
        if let Some(end) = self.learn(socket, message).await {
            return Some(end);
        }
        match kind(message) {
            Kind::Admission => self.admitted(socket).await,
            Kind::Welcome
            | Kind::Room
            | Kind::Seek
            | Kind::Arena
            | Kind::Challenge
            | Kind::Notice => None,
        }
    }

    /// What `message` changes for the link; `Some` if the connection ends.
    async fn learn(&mut self, socket: &mut Socket, message: &ServerMessage) -> Option<End> {
        match message {
            ServerMessage::Welcome { challenge, .. } => {
                self.challenge = Some(*challenge);
                if let Some(greeting) = self.greeting_due.take()
                    && !self.send(socket, &greeting).await
                {
                    return Some(End::Dropped(closing_reason(socket).await));
                }
            }
            ServerMessage::Joined { seat, token, state } => {
                return self.joined(socket, *seat, *token, state).await;
            }
            ServerMessage::State { state } => {
                // A rematch swaps seats: the kept seat says the new one.
                self.keep_seat(state.code, state.you);
                self.last_seq = Some(state.seq);
                self.playing = Playing::of(state);
            }
            ServerMessage::Event { seq, event } => return self.event(socket, *seq, event).await,
            ServerMessage::Left { code } => {
                self.token = None;
                self.watching = None;
                self.forget_seat(*code);
            }
            ServerMessage::ShuttingDown { message } => self.farewell = Some(message.clone()),
            ServerMessage::Error {
                code,
                message,
                args,
            } => {
                let refusal = crate::catalogue::refusal_with(*code, message, args);
                return self.refused(socket, *code, &refusal).await;
            }
            ServerMessage::ChallengeSent { .. }
            | ServerMessage::Challenges { .. }
            | ServerMessage::Challenged { .. }
            | ServerMessage::ChallengeEnded { .. } => {
                return self.learn_challenge(socket, message).await;
            }
            _ => return self.learn_seek_or_arena(socket, message).await,
        }
        None
    }

    /// What a message of the seek or an arena changes for the link.
    async fn learn_seek_or_arena(
        &mut self,
        socket: &mut Socket,
        message: &ServerMessage,
    ) -> Option<End> {
        match message {
            ServerMessage::Seeking { .. } => self.sought_here = true,
            ServerMessage::Paired { code, .. } => self.pair = Some(*code),
            ServerMessage::Unpaired {
                code,
                challenge: Some(_),
                ..
            } => return Some(self.challenge_called_off(*code)),
            ServerMessage::Unpaired { code, requeued, .. } => {
                return self.unpaired(socket, *code, *requeued).await;
            }
            ServerMessage::BotOffered { .. }
                if self.seek.is_some_and(|seek| seek.ask_before_bot) =>
            {
                // The interface asks; the seek goes on meanwhile.
            }
            ServerMessage::BotOffered { options, .. } => {
                return self.play_the_bot(socket, *options).await;
            }
            ServerMessage::SeekEnded { reason, cause } => {
                let why = crate::text::seek_end(*cause, reason);
                return self.seek_ended(socket, &why).await;
            }
            // Over: nothing to join again.
            ServerMessage::ArenaJoined { arena, .. }
                if arena.summary.status == ArenaStatus::Finished =>
            {
                self.arena = None;
            }
            ServerMessage::ArenaPaired { code, .. } => {
                // The server takes this player out of the last game's room
                // and seats them in the next: that seat is the one to keep.
                if let Some(room) = self.room.take() {
                    self.forget_seat(room);
                }
                self.token = None;
                self.pair = Some(*code);
            }
            ServerMessage::ArenaLeft { .. } => {
                self.arena = None;
                self.watching_arena = None;
            }
            // The client seals a deal by itself: one not sealed in time was
            // lost on the way (a drop, a room moving to another server).
            // Here again, the player is paired again, unless they paused.
            ServerMessage::ArenaPaused {
                cause: ArenaPauseCause::DealNotSealed,
                ..
            } if !self.arena_paused => {
                let (id, join_code) = self.arena.as_ref()?;
                let join = super::entries::arena_join(*id, join_code.clone(), &self.identity)?;
                return self.send_or_end(socket, &join).await;
            }
            ServerMessage::ArenaUpdate { arena }
                if arena.summary.status == ArenaStatus::Finished =>
            {
                self.arena = None;
            }
            _ => {}
        }
        None
    }

    /// In a room: its seat (none for a spectator) and token kept.
    async fn joined(
        &mut self,
        socket: &mut Socket,
        seat: Option<Seat>,
        token: Option<SeatToken>,
        state: &RoomState,
    ) -> Option<End> {
        self.pair = None;
        self.rejoining_pair = false;
        // In a room: a challenge that led here is played.
        self.challenging = None;
        if let Some(token) = token {
            self.token = Some(token);
        }
        self.playing = Playing::of(state);
        if seat.is_none() {
            self.watching = Some(state.code);
        }
        self.keep_seat(state.code, seat);
        self.last_seq = Some(state.seq);
        if past_its_deal(state) {
            // A game got past its deal: a seek that led here is
            // over (a pairing is called off only before).
            self.seek = None;
        }
        match self.arena_join_again() {
            Some(join) => self.send_or_end(socket, &join).await,
            None => None,
        }
    }

    /// A room event: the game followed, the seek over once past the deal,
    /// an arena joined again as its game ends.
    async fn event(&mut self, socket: &mut Socket, seq: u64, event: &RoomEvent) -> Option<End> {
        self.last_seq = Some(self.last_seq.map_or(seq, |last| last.max(seq)));
        self.playing.follow(event);
        if matches!(
            event,
            RoomEvent::RoundStarted { .. } | RoomEvent::GameOver { .. }
        ) {
            // The pairing's game got past its deal (the first round
            // starts after it): the seek is over, as the room calls
            // a pairing off only before.
            self.seek = None;
        }
        if matches!(event, RoomEvent::GameOver { .. })
            && let Some(join) = self.arena_join_after_game()
        {
            return self.send_or_end(socket, &join).await;
        }
        None
    }

    /// A pairing called off.
    async fn unpaired(
        &mut self,
        socket: &mut Socket,
        code: RoomCode,
        requeued: bool,
    ) -> Option<End> {
        self.pair = None;
        if !requeued {
            // This client's deal seal never reached the room (its
            // opponent's did): the server ended the seek, and the
            // client seeks again, at the back of the queue — once
            // the server says the seek is over (`seek_ended`), or
            // at once on a connection that never sought.
            self.token = None;
            self.room = None;
            self.forget_seat(code);
            if self.sought_here {
                self.seek_again_when_ended = true;
                return None;
            }
            let seek = self.seek.map(|seek| seek.message(&self.identity))?;
            return self.send_or_end(socket, &seek).await;
        }
        if !self.sought_here
            && let Some(seek) = self.seek.map(|seek| seek.message(&self.identity))
        {
            // In the pair's room by a join or a resume after a
            // drop, this connection was never the seek's on the
            // server: seek again here.
            self.token = None;
            self.room = None;
            self.forget_seat(code);
            return self.send_or_end(socket, &seek).await;
        }
        // The opponent never came: the room is closed, and the
        // server seeks on for us (`seeking` follows).
        self.token = None;
        self.room = None;
        self.forget_seat(code);
        None
    }

    /// A challenge's game called off before it began (a player did not
    /// take their seat and seal their deal in time): its room is closed,
    /// and the challenge over.
    fn challenge_called_off(&mut self, code: RoomCode) -> End {
        self.pair = None;
        self.token = None;
        self.room = None;
        self.challenging = None;
        self.forget_seat(code);
        End::Refused(crate::tr!(
            "net-challenge-called-off",
            code = code.to_string()
        ))
    }

    /// The wait asked is over: the bot offered is played (the seek stops
    /// first; a pairing that came meanwhile wins, and the room for the bot
    /// is then refused).
    async fn play_the_bot(&mut self, socket: &mut Socket, options: RoomOptions) -> Option<End> {
        let create = self.room_for_the_bot(options);
        let play_the_bot = [ClientMessage::CancelSeek, create];
        for message in play_the_bot {
            if !self.send(socket, &message).await {
                return Some(closed());
            }
        }
        None
    }

    /// This player's `create_room` with `options`.
    pub(super) fn own_room(&self, options: RoomOptions) -> ClientMessage {
        ClientMessage::CreateRoom {
            options,
            key: self.identity.key(),
            bot_declaration: self.identity.bot_declaration(),
            key_proof: None,
        }
    }

    /// The `create_room` for the bot offered, which ends the seek: until
    /// the room answers, it is what to ask for again after a drop (a node
    /// that dies now takes the room with it, unstored).
    pub(super) fn room_for_the_bot(&mut self, options: RoomOptions) -> ClientMessage {
        self.seek = None;
        let create = self.own_room(options);
        self.greeting = Some(create.clone());
        create
    }

    /// The server ended the seek.
    async fn seek_ended(&mut self, socket: &mut Socket, reason: &str) -> Option<End> {
        if std::mem::take(&mut self.seek_again_when_ended)
            && let Some(seek) = self.seek.map(|seek| seek.message(&self.identity))
        {
            // The seek a call-off ended (see `unpaired`): again.
            return self.send_or_end(socket, &seek).await;
        }
        // Ended by the server (not by the bot taken above): over.
        if self.seek.take().is_some() {
            return Some(End::Refused(reason.to_owned()));
        }
        None
    }

    /// An error: while entering, a refusal of the greeting (final, or
    /// worth another try); a seat gone; a seat taken from elsewhere.
    async fn refused(
        &mut self,
        socket: &mut Socket,
        code: ErrorCode,
        message: &str,
    ) -> Option<End> {
        if self.entering && self.rejoining_pair && !passing_refusal(code) {
            // No seat of ours in the pair's room (it was never
            // taken, or the room is gone): seek on.
            self.rejoining_pair = false;
            self.pair = None;
            if let Some(room) = self.room.take() {
                self.forget_seat(room);
            }
            let seek = self.seek.map(|seek| seek.message(&self.identity));
            return match seek {
                Some(seek) => self.send_or_end(socket, &seek).await,
                None => Some(End::Refused(message.to_owned())),
            };
        }
        if !self.entering
            && let Some(answer) = self.accept_refused(message)
        {
            // The accept sent was refused (the challenge taken back
            // meanwhile, or the player may not play rated).
            return answer;
        }
        if code == ErrorCode::Replaced {
            // Another client took the seat back: it plays it now,
            // and coming back would only push it out in turn.
            self.token = None;
            return Some(End::Refused(message.to_owned()));
        }
        if code == ErrorCode::BadToken
            && let Some(answer) = self.seat_gone(socket).await
        {
            return answer;
        }
        if self.entering && self.challenge_refused_for_good(code) {
            // Made too often: trying again soon would only be refused
            // again (and counted).
            return Some(End::Refused(message.to_owned()));
        }
        if self.entering && self.resume_refused_for_now(code) {
            // Tried again, as after a drop: the next answer says
            // where the room runs, or that the seat leads nowhere.
            return Some(End::Dropped(message.to_owned()));
        }
        if self.entering {
            // The greeting was refused. A server that is busy or
            // stopping, or a node of a cluster that cannot reach
            // the room just now, is worth another try, the first
            // time as after a drop; anything else will not change
            // by trying again.
            return Some(if passing_refusal(code) {
                End::Dropped(message.to_owned())
            } else {
                End::Refused(message.to_owned())
            });
        }
        None
    }

    /// The seat is gone (the room closed, or the game): sought again, back
    /// in the arena, or the free seat taken, as the entry asked. `Some`
    /// with the answer when one of those was sent.
    async fn seat_gone(&mut self, socket: &mut Socket) -> Option<Option<End>> {
        self.token = None;
        if let Some(seek) = self.seek.map(|seek| seek.message(&self.identity)) {
            // The seat a pairing gave, gone before its game
            // began (the room closed when the opponent did not
            // come): seek again.
            if let Some(room) = self.room.take() {
                self.forget_seat(room);
            }
            return Some(self.send_or_end(socket, &seek).await);
        }
        if let Some(join) = self.arena_join_again() {
            // The last game's room is gone (closed, or its node
            // died before the next pairing was told): back in
            // the arena, which pairs this player again.
            if let Some(room) = self.room.take() {
                self.forget_seat(room);
            }
            return Some(self.send_or_end(socket, &join).await);
        }
        if let Some(code) = self.join_if_gone.take() {
            // The seat kept from before is gone: take the free
            // seat instead, as `join CODE` asked.
            self.forget_seat(code);
            let join = ClientMessage::JoinRoom {
                code,
                key: self.identity.key(),
                bot_declaration: self.identity.bot_declaration(),
                key_proof: None,
            };
            return Some(self.send_or_end(socket, &join).await);
        }
        if let Some(room) = self.room {
            self.forget_seat(room);
        }
        None
    }

    /// Sends `message`; `Some` (dropped) if the connection closed.
    async fn send_or_end(&self, socket: &mut Socket, message: &ClientMessage) -> Option<End> {
        (!self.send(socket, message).await).then(closed)
    }
}

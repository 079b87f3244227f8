//! What the link learns from each server message: the seat, the room, the
//! seek, the arena — all a reconnection needs.

use mice_cake_protocol::arena::ArenaStatus;
use mice_cake_protocol::{ClientMessage, ErrorCode, RoomEvent, ServerMessage};

use super::reconnection::*;
use super::socket::*;

impl Link {
    /// Remembers what a reconnection needs; returns how the connection ends
    /// when the server refused to let us in.
    pub(super) async fn note(
        &mut self,
        socket: &mut Socket,
        message: &ServerMessage,
    ) -> Option<End> {
        match message {
            ServerMessage::Joined { seat, token, state } => {
                self.pair = None;
                self.rejoining_pair = false;
                if let Some(token) = token {
                    self.token = Some(*token);
                }
                self.playing = Playing::of(state);
                if seat.is_none() {
                    self.watching = Some(state.code);
                }
                self.keep_seat(state.code, *seat);
                self.last_seq = Some(state.seq);
                if past_its_deal(state) {
                    // A game got past its deal: a seek that led here is
                    // over (a pairing is called off only before).
                    self.seek = None;
                }
                if let Some(join) = self.arena_join_again()
                    && !self.send(socket, &join).await
                {
                    return Some(End::Dropped("the connection closed".into()));
                }
                return self.admitted(socket).await;
            }
            ServerMessage::ArenaJoined { arena, .. } => {
                if arena.summary.status == ArenaStatus::Finished {
                    // Over: nothing to join again.
                    self.arena = None;
                }
                return self.admitted(socket).await;
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
            ServerMessage::ArenaUpdate { arena }
                if arena.summary.status == ArenaStatus::Finished =>
            {
                self.arena = None;
            }
            ServerMessage::ArenaUpdate { .. } | ServerMessage::ArenaPaused { .. } => {}
            ServerMessage::RoomList { .. } => return self.admitted(socket).await,
            ServerMessage::Seeking { .. } => {
                self.sought_here = true;
                return self.admitted(socket).await;
            }
            ServerMessage::Paired { code, .. } => self.pair = Some(*code),
            ServerMessage::Unpaired { code, requeued, .. } => {
                self.pair = None;
                if !requeued {
                    // This client's deal seal never reached the room (its
                    // opponent's did): the server ended the seek, and the
                    // client seeks again, at the back of the queue — once
                    // the server says the seek is over (`seek_ended`), or
                    // at once on a connection that never sought.
                    self.token = None;
                    self.room = None;
                    self.forget_seat(*code);
                    if self.sought_here {
                        self.seek_again_when_ended = true;
                        return None;
                    }
                    let seek = self.seek.map(|seek| seek.message(&self.identity))?;
                    return (!self.send(socket, &seek).await)
                        .then(|| End::Dropped("the connection closed".into()));
                }
                if !self.sought_here
                    && let Some(seek) = self.seek.map(|seek| seek.message(&self.identity))
                {
                    // In the pair's room by a join or a resume after a
                    // drop, this connection was never the seek's on the
                    // server: seek again here.
                    self.token = None;
                    self.room = None;
                    self.forget_seat(*code);
                    return (!self.send(socket, &seek).await)
                        .then(|| End::Dropped("the connection closed".into()));
                }
                // The opponent never came: the room is closed, and the
                // server seeks on for us (`seeking` follows).
                self.token = None;
                self.room = None;
                self.forget_seat(*code);
            }
            ServerMessage::BotOffered { .. }
                if self.seek.is_some_and(|seek| seek.ask_before_bot) =>
            {
                // The interface asks; the seek goes on meanwhile.
            }
            ServerMessage::BotOffered { options, .. } => {
                // The wait asked is over: the bot it offers is played (the
                // seek stops first; a pairing that came meanwhile wins, and
                // the room for the bot is then refused).
                self.seek = None;
                let play_the_bot = [
                    ClientMessage::CancelSeek,
                    ClientMessage::CreateRoom {
                        options: *options,
                        key: self.identity.key(),
                        bot_declaration: self.identity.bot_declaration(),
                        key_proof: None,
                    },
                ];
                for message in play_the_bot {
                    if !self.send(socket, &message).await {
                        return Some(End::Dropped("the connection closed".into()));
                    }
                }
            }
            ServerMessage::SeekEnded { reason } => {
                if std::mem::take(&mut self.seek_again_when_ended)
                    && let Some(seek) = self.seek.map(|seek| seek.message(&self.identity))
                {
                    // The seek a call-off ended (see `unpaired`): again.
                    return (!self.send(socket, &seek).await)
                        .then(|| End::Dropped("the connection closed".into()));
                }
                // Ended by the server (not by the bot taken above): over.
                if self.seek.take().is_some() {
                    return Some(End::Refused(reason.clone()));
                }
            }
            ServerMessage::State { state } => {
                // A rematch swaps seats: the kept seat says the new one.
                self.keep_seat(state.code, state.you);
                self.last_seq = Some(state.seq);
                self.playing = Playing::of(state);
            }
            ServerMessage::Event { seq, event } => {
                self.last_seq = Some(self.last_seq.map_or(*seq, |last| last.max(*seq)));
                self.playing.follow(event);
                if matches!(
                    **event,
                    RoomEvent::RoundStarted { .. } | RoomEvent::GameOver { .. }
                ) {
                    // The pairing's game got past its deal (the first round
                    // starts after it): the seek is over, as the room calls
                    // a pairing off only before.
                    self.seek = None;
                }
                if matches!(**event, RoomEvent::GameOver { .. })
                    && let Some(join) = self.arena_join_after_game()
                    && !self.send(socket, &join).await
                {
                    return Some(End::Dropped("the connection closed".into()));
                }
            }
            ServerMessage::Left { code } => {
                self.token = None;
                self.watching = None;
                self.forget_seat(*code);
            }
            ServerMessage::ShuttingDown { message } => self.farewell = Some(message.clone()),
            ServerMessage::Error { code, message } => {
                if self.entering && self.rejoining_pair && !passing_refusal(*code) {
                    // No seat of ours in the pair's room (it was never
                    // taken, or the room is gone): seek on.
                    self.rejoining_pair = false;
                    self.pair = None;
                    if let Some(room) = self.room.take() {
                        self.forget_seat(room);
                    }
                    let seek = self.seek.map(|seek| seek.message(&self.identity));
                    return match seek {
                        Some(seek) => (!self.send(socket, &seek).await)
                            .then(|| End::Dropped("the connection closed".into())),
                        None => Some(End::Refused(message.clone())),
                    };
                }
                if *code == ErrorCode::Replaced {
                    // Another client took the seat back: it plays it now,
                    // and coming back would only push it out in turn.
                    self.token = None;
                    return Some(End::Refused(message.clone()));
                }
                if *code == ErrorCode::BadToken {
                    // The seat is gone (the room closed, or the game).
                    self.token = None;
                    if let Some(seek) = self.seek.map(|seek| seek.message(&self.identity)) {
                        // The seat a pairing gave, gone before its game
                        // began (the room closed when the opponent did not
                        // come): seek again.
                        if let Some(room) = self.room.take() {
                            self.forget_seat(room);
                        }
                        return (!self.send(socket, &seek).await)
                            .then(|| End::Dropped("the connection closed".into()));
                    }
                    if let Some(join) = self.arena_join_again() {
                        // The last game's room is gone (closed, or its node
                        // died before the next pairing was told): back in
                        // the arena, which pairs this player again.
                        if let Some(room) = self.room.take() {
                            self.forget_seat(room);
                        }
                        return (!self.send(socket, &join).await)
                            .then(|| End::Dropped("the connection closed".into()));
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
                        return (!self.send(socket, &join).await)
                            .then(|| End::Dropped("the connection closed".into()));
                    }
                    if let Some(room) = self.room {
                        self.forget_seat(room);
                    }
                }
                if self.entering && self.resume_refused_for_now(*code) {
                    // Tried again, as after a drop: the next answer says
                    // where the room runs, or that the seat leads nowhere.
                    return Some(End::Dropped(message.clone()));
                }
                if self.entering {
                    // The greeting was refused. A server that is busy or
                    // stopping, or a node of a cluster that cannot reach
                    // the room just now, is worth another try, the first
                    // time as after a drop; anything else will not change
                    // by trying again.
                    return Some(if passing_refusal(*code) {
                        End::Dropped(message.clone())
                    } else {
                        End::Refused(message.clone())
                    });
                }
            }
            ServerMessage::Welcome { challenge, .. } => {
                self.challenge = Some(*challenge);
                if let Some(greeting) = self.greeting_due.take()
                    && !self.send(socket, &greeting).await
                {
                    return Some(End::Dropped(closing_reason(socket).await));
                }
            }
            ServerMessage::History { .. }
            | ServerMessage::Chat { .. }
            | ServerMessage::Renamed { .. } => {}
        }
        None
    }
}

//! The link while connected: commands from the interface out, the
//! server's messages in, pings, and a seal refused for coming too fast sent
//! again.

use std::time::{Duration, Instant};

use futures_util::{SinkExt, StreamExt};
use mice_cake_protocol::{ClientMessage, ErrorCode, RefusalArgs, ServerMessage};
use tokio_tungstenite::tungstenite::Message;

use super::NetEvent;
use super::entries::arena_join;
use super::reconnection::{End, Link, closed};
use super::socket::{PING_EVERY, SILENCE_LIMIT, Socket, close_words, send_frame, until};
use crate::catalogue::own_notice;
use crate::tr;

/// A `rate_limited` this soon after a seal refused that seal.
pub(super) const RESEND_WINDOW: Duration = Duration::from_secs(2);

/// How long to wait before sending a refused seal again: the server's
/// rates are per second.
pub(super) const RESEND_AFTER: Duration = Duration::from_secs(1);

impl Link {
    /// Forwards both ways until the connection ends.
    pub(super) async fn pump(&mut self, socket: &mut Socket) -> End {
        let mut pings =
            tokio::time::interval_at(tokio::time::Instant::now() + PING_EVERY, PING_EVERY);
        let mut heard_at = tokio::time::Instant::now();
        loop {
            let ended = tokio::select! {
                command = self.commands.recv() => match command {
                    Some(command) => self.forward(socket, command).await,
                    None => Some(End::Done),
                },
                () = until(self.resend_at) => {
                    self.resend_at = None;
                    match &self.last_seal {
                        Some((seal, _)) if !self.send(socket, seal).await => Some(closed()),
                        _ => None,
                    }
                }
                _ = pings.tick() => socket
                    .send(Message::Ping(Default::default()))
                    .await
                    .is_err()
                    .then(closed),
                frame = tokio::time::timeout_at(heard_at + SILENCE_LIMIT, socket.next()) => {
                    let Ok(frame) = frame else {
                        return End::Dropped(tr!(
                            "net-silence",
                            time = humantime::format_duration(SILENCE_LIMIT).to_string()
                        ));
                    };
                    heard_at = tokio::time::Instant::now();
                    self.received(socket, frame).await
                }
            };
            if let Some(end) = ended {
                return end;
            }
        }
    }

    /// Sends a command from the interface (held while entering, a leave
    /// signed, a room or an arena join made as this player); `Some` if the
    /// connection ended.
    async fn forward(&mut self, socket: &mut Socket, command: ClientMessage) -> Option<End> {
        match command {
            ClientMessage::PauseArena => self.arena_paused = true,
            ClientMessage::JoinArena { .. } => self.arena_paused = false,
            _ => {}
        }
        let leaving = matches!(command, ClientMessage::Leave { .. });
        if self.entering && !leaving {
            // Sent once the greeting is answered.
            self.held.push(command);
            return None;
        }
        let command = if leaving {
            // A challenge made and still waiting is taken back first.
            if let Some(cancel) = self.cancel_before_leaving()
                && !self.send(socket, &cancel).await
            {
                return Some(closed());
            }
            self.signed_leave()
        } else {
            command
        };
        let command = match self.as_this_player(socket, command).await {
            Ok(Some(command)) => command,
            Ok(None) => return None,
            Err(end) => return Some(end),
        };
        if matches!(command, ClientMessage::Seal { .. }) {
            self.last_seal = Some((command.clone(), Instant::now()));
        }
        if leaving {
            // Leaving on purpose: do not come back, and the seat
            // is no longer one to take back.
            self.token = None;
            self.watching = None;
            if let Some(room) = self.room {
                self.forget_seat(room);
            }
        }
        (!self.send(socket, &command).await).then(closed)
    }

    /// A room the interface asks for (the bot offered, taken) is made as
    /// this player, and ends the seek; an arena joined again carries its
    /// join code and a bot's declaration, as the first time. `Ok(None)`:
    /// nothing to send; `Err`: the connection closed.
    async fn as_this_player(
        &mut self,
        socket: &mut Socket,
        command: ClientMessage,
    ) -> Result<Option<ClientMessage>, End> {
        Ok(Some(match command {
            ClientMessage::CreateRoom { options, .. } if self.seek.is_some() => {
                // The bot offered, taken: the seek ends.
                let create = self.room_for_the_bot(options);
                if !self.send(socket, &ClientMessage::CancelSeek).await {
                    return Err(closed());
                }
                create
            }
            ClientMessage::CreateRoom { options, .. } => self.own_room(options),
            ClientMessage::JoinArena { arena, .. }
                if self.arena.as_ref().is_some_and(|(id, _)| *id == arena) =>
            {
                let join_code = self.arena.as_ref().and_then(|(_, code)| code.clone());
                return Ok(arena_join(arena, join_code, &self.identity));
            }
            command => command,
        }))
    }

    /// A frame read from the server: a message noted and passed to the
    /// interface; `Some` if the connection ended.
    async fn received(
        &mut self,
        socket: &mut Socket,
        frame: Option<Result<Message, tokio_tungstenite::tungstenite::Error>>,
    ) -> Option<End> {
        let text = match frame {
            Some(Ok(Message::Text(text))) => text,
            Some(Ok(Message::Close(close))) => {
                return Some(End::Dropped(close_words(close.as_ref())));
            }
            Some(Ok(_)) => return None,
            Some(Err(error)) => return Some(End::Dropped(error.to_string())),
            None => return Some(closed()),
        };
        let message: ServerMessage = match serde_json::from_str(text.as_str()) {
            Ok(message) => message,
            Err(error) => {
                // A newer server, perhaps: say so, and go on.
                let notice = ServerMessage::Error {
                    code: ErrorCode::BadMessage,
                    message: own_notice(tr!("net-unreadable", error = error.to_string())),
                    args: RefusalArgs::new(),
                };
                let _ = self.events.send(NetEvent::Message(notice)).await;
                return None;
            }
        };
        // Events sent together are told one by one, as if sent alone.
        for message in message.one_by_one() {
            let message = self.slowed_down(message);
            let refusal = self.note(socket, &message).await;
            if self.events.send(NetEvent::Message(message)).await.is_err() {
                return Some(End::Done);
            }
            if refusal.is_some() {
                return refusal;
            }
        }
        None
    }

    /// A seal refused for coming too fast is sent again in a moment, and
    /// the interface told so instead of the server's refusal.
    pub(super) fn slowed_down(&mut self, message: ServerMessage) -> ServerMessage {
        let ServerMessage::Error {
            code: ErrorCode::RateLimited,
            ..
        } = &message
        else {
            return message;
        };
        let Some((_, sent_at)) = &self.last_seal else {
            return message;
        };
        // The refusal answers the latest messages: a seal sent just before.
        if sent_at.elapsed() > RESEND_WINDOW || self.resend_at.is_some() {
            return message;
        }
        self.resend_at = Some(tokio::time::Instant::now() + RESEND_AFTER);
        ServerMessage::Error {
            code: ErrorCode::RateLimited,
            message: own_notice(tr!(
                "net-slow-down",
                time = humantime::format_duration(RESEND_AFTER).to_string()
            )),
            args: RefusalArgs::new(),
        }
    }

    /// Sends `message`, with the proof of the key it announces answering
    /// this connection's challenge; false if the connection closed.
    pub(super) async fn send(&self, socket: &mut Socket, message: &ClientMessage) -> bool {
        match self.challenge {
            Some(challenge) => send_frame(socket, &self.identity.proven(message, challenge)).await,
            None => send_frame(socket, message).await,
        }
    }
}

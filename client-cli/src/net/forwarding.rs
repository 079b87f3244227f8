//! The link while connected: commands from the interface out, the
//! server's messages in, pings, and a seal refused for coming too fast sent
//! again.

use std::time::{Duration, Instant};

use futures_util::{SinkExt, StreamExt};
use mice_cake_protocol::{ClientMessage, ErrorCode, ServerMessage};
use tokio_tungstenite::tungstenite::Message;

use super::NetEvent;
use super::entries::*;
use super::reconnection::*;
use super::socket::*;

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
            tokio::select! {
                command = self.commands.recv() => {
                    let Some(command) = command else { return End::Done };
                    match command {
                        ClientMessage::PauseArena => self.arena_paused = true,
                        ClientMessage::JoinArena { .. } => self.arena_paused = false,
                        _ => {}
                    }
                    let leaving = matches!(command, ClientMessage::Leave { .. });
                    if self.entering && !leaving {
                        // Sent once the greeting is answered.
                        self.held.push(command);
                        continue;
                    }
                    let command = if leaving { self.signed_leave() } else { command };
                    // A room the interface asks for (the bot offered, taken)
                    // is made as this player, and ends the seek.
                    let command = match command {
                        ClientMessage::CreateRoom { options, .. } => {
                            if self.seek.take().is_some()
                                && !self.send(socket, &ClientMessage::CancelSeek).await
                            {
                                return End::Dropped("the connection closed".into());
                            }
                            ClientMessage::CreateRoom {
                                options,
                                key: self.identity.key(),
                                bot_declaration: self.identity.bot_declaration(),
                                key_proof: None,
                            }
                        }
                        // Joined again: with the arena's join code, and a
                        // bot's declaration, as the first time.
                        ClientMessage::JoinArena { arena, .. }
                            if self.arena.as_ref().is_some_and(|(id, _)| *id == arena) =>
                        {
                            let join_code = self.arena.as_ref().and_then(|(_, code)| code.clone());
                            match arena_join(arena, join_code, &self.identity) {
                                Some(join) => join,
                                None => continue,
                            }
                        }
                        command => command,
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
                    if !self.send(socket, &command).await {
                        return End::Dropped("the connection closed".into());
                    }
                }
                () = until(self.resend_at) => {
                    self.resend_at = None;
                    if let Some((seal, _)) = &self.last_seal
                        && !self.send(socket, seal).await
                    {
                        return End::Dropped("the connection closed".into());
                    }
                }
                _ = pings.tick() => {
                    if socket.send(Message::Ping(Default::default())).await.is_err() {
                        return End::Dropped("the connection closed".into());
                    }
                }
                frame = tokio::time::timeout_at(heard_at + SILENCE_LIMIT, socket.next()) => {
                    let text = match frame {
                        Err(_) => return End::Dropped(format!(
                            "nothing heard from the server for {}",
                            humantime::format_duration(SILENCE_LIMIT)
                        )),
                        Ok(Some(Ok(Message::Text(text)))) => text,
                        Ok(Some(Ok(Message::Close(close)))) => {
                            return End::Dropped(close_words(close.as_ref()));
                        }
                        Ok(Some(Ok(_))) => {
                            heard_at = tokio::time::Instant::now();
                            continue;
                        }
                        Ok(Some(Err(error))) => return End::Dropped(error.to_string()),
                        Ok(None) => return End::Dropped("the connection closed".into()),
                    };
                    heard_at = tokio::time::Instant::now();
                    let message: ServerMessage = match serde_json::from_str(text.as_str()) {
                        Ok(message) => message,
                        Err(error) => {
                            // A newer server, perhaps: say so, and go on.
                            let notice = ServerMessage::Error {
                                code: ErrorCode::BadMessage,
                                message: format!("unreadable message from the server: {error}"),
                            };
                            let _ = self.events.send(NetEvent::Message(notice)).await;
                            continue;
                        }
                    };
                    let message = self.slowed_down(message);
                    let refusal = self.note(socket, &message).await;
                    if self.events.send(NetEvent::Message(message)).await.is_err() {
                        return End::Done;
                    }
                    if let Some(end) = refusal {
                        return end;
                    }
                }
            }
        }
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
            message: format!(
                "the server asked to slow down: your move is sent again in {}",
                humantime::format_duration(RESEND_AFTER)
            ),
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

//! What a session does with each message, once it has said `hello`: the
//! message's own checks, then the room, the lobby or the pairing queue.
//! Entering a room is `entering`'s; seeking `seeking`'s; arenas `arena`'s.

use mice_cake_protocol::{ClientMessage, ErrorCode, PROTOCOL_VERSION};

use super::arena::JoinArena;
use super::challenging::challenge_asked;
use super::describe_bot::DescribeBot;
use super::rename::Rename;
use super::seating::{Claim, usable_key};
use super::seeking::Seek;
use super::{CHAT_PER_SECOND, Session};
use crate::room::{Act, Command, Refusal};

impl Session {
    pub(super) async fn dispatch(&mut self, message: ClientMessage) -> Result<(), Refusal> {
        let Some(name) = self.name.clone() else {
            return match message {
                ClientMessage::Hello { version, name } => self.hello(version, &name),
                _ => Err(Refusal::new(
                    ErrorCode::HelloRequired,
                    format!("say hello first, with protocol version {PROTOCOL_VERSION}"),
                )),
            };
        };
        let conn = self.id;
        // What a connection does once or twice a game (entering a room,
        // seeking, arenas, challenges) is boxed: this future is as large as
        // its largest await, and one is allocated for every message a
        // client sends, a move's seal and opening the most of them.
        match message {
            ClientMessage::Hello { .. } => Err(Refusal::new(
                ErrorCode::AlreadyGreeted,
                "hello was already said",
            )),
            ClientMessage::ListRooms => {
                self.list_rooms().await;
                Ok(())
            }
            ClientMessage::CreateRoom {
                options,
                key,
                bot_declaration,
                key_proof,
            } => {
                let claim = Claim::from((key, key_proof, bot_declaration));
                Box::pin(self.create_room(name, options, claim)).await
            }
            ClientMessage::JoinRoom {
                code,
                key,
                bot_declaration,
                key_proof,
            } => {
                let claim = Claim::from((key, key_proof, bot_declaration));
                Box::pin(self.join_room(name, code, claim)).await
            }
            ClientMessage::WatchRoom { code } => Box::pin(self.watch_room(code)).await,
            ClientMessage::Resume {
                token,
                last_seq,
                key,
                bot_declaration,
                key_proof,
            } => {
                let claim = Claim::from((key, key_proof, bot_declaration));
                Box::pin(self.resume_seat(name, &token, last_seq, claim)).await
            }
            ClientMessage::Seal {
                round,
                seal,
                signature,
            } => self.seal(round, seal, signature).await,
            ClientMessage::Open {
                round,
                assignment,
                nonce,
            } => {
                self.tell_room(Command::from(
                    conn,
                    Act::Open {
                        round,
                        assignment,
                        nonce,
                    },
                ))
                .await
            }
            ClientMessage::Sync => self.tell_room(Command::from(conn, Act::Sync)).await,
            ClientMessage::Rematch => self.tell_room(Command::from(conn, Act::Rematch)).await,
            ClientMessage::Chat { text } => self.chat(name, &text).await,
            ClientMessage::SpectatorChat { show } => {
                self.tell_room(Command::from(conn, Act::SpectatorChat { show }))
                    .await
            }
            ClientMessage::Leave { signature } => {
                self.paired = None;
                self.tell_room(Command::from(conn, Act::Leave { signature }))
                    .await?;
                self.set_membership(None);
                Ok(())
            }
            ClientMessage::Seek {
                pool,
                deadline_ms,
                rated,
                bot_after_ms,
                key,
                bot_declaration,
                key_proof,
            } => {
                self.not_in_a_room()?;
                let claim = Claim::from((key, key_proof, bot_declaration));
                let seating = Box::pin(self.seating(&name, claim)).await?;
                let seek = Seek {
                    pool,
                    deadline_ms,
                    rated,
                    bot_after_ms,
                    seating,
                };
                Box::pin(self.seek(name, seek)).await
            }
            ClientMessage::JoinArena {
                arena,
                join_code,
                key,
                key_proof,
                bot_declaration,
            } => {
                let claim = Claim::from((Some(key), key_proof, bot_declaration));
                Box::pin(self.join_arena(
                    name,
                    JoinArena {
                        arena,
                        join_code,
                        claim,
                    },
                ))
                .await
            }
            ClientMessage::PauseArena => Box::pin(self.pause_arena()).await,
            ClientMessage::WatchArena { arena } => Box::pin(self.watch_arena(arena)).await,
            ClientMessage::LeaveArena => Box::pin(self.leave_arena()).await,
            ClientMessage::CancelSeek => {
                self.cancel_seek(true).await;
                Ok(())
            }
            ClientMessage::Rename {
                key,
                name,
                at_ms,
                signature,
            } => {
                let key = usable_key(Some(key))?.ok_or_else(|| {
                    Refusal::new(ErrorCode::BadKey, "a rename needs the key it renames")
                })?;
                Box::pin(self.rename(Rename {
                    key,
                    name,
                    at_ms,
                    signature,
                }))
                .await
            }
            ClientMessage::DescribeBot {
                key,
                bot_declaration,
                card,
                at_ms,
                signature,
            } => {
                let key = usable_key(Some(key))?.ok_or_else(|| {
                    Refusal::new(ErrorCode::BadKey, "a bot's card needs the key it describes")
                })?;
                Box::pin(self.describe_bot(DescribeBot {
                    key,
                    bot_declaration,
                    card,
                    at_ms,
                    signature,
                }))
                .await
            }
            ClientMessage::Challenge {
                to,
                options,
                key,
                key_proof,
                bot_declaration,
            } => {
                let asked = challenge_asked(to, options, key, key_proof, bot_declaration);
                Box::pin(self.challenge(name, asked)).await
            }
            ClientMessage::WatchChallenges {
                key,
                key_proof,
                bot_declaration,
            } => {
                let claim = Claim::from((Some(key), key_proof, bot_declaration));
                Box::pin(self.watch_challenges(&name, claim)).await
            }
            ClientMessage::AcceptChallenge { id } => Box::pin(self.accept_challenge(id)).await,
            ClientMessage::DeclineChallenge { id } => Box::pin(self.decline_challenge(id)).await,
            ClientMessage::CancelChallenge { id } => Box::pin(self.cancel_challenge(id)).await,
            ClientMessage::ChallengesFrom {
                from,
                at_ms,
                signature,
            } => Box::pin(self.choose_challenges_from(from, at_ms, signature)).await,
        }
    }

    /// A chat line, cleaned and within the allowance, to the room.
    async fn chat(&mut self, name: String, text: &str) -> Result<(), Refusal> {
        // Cleaned first: a message refused as empty does not use up the
        // allowance (the message rate covers floods of those).
        let text = mice_cake_protocol::chat_text(text).map_err(|error| Refusal {
            args: error.args(),
            ..Refusal::new(ErrorCode::BadChat, error.to_string())
        })?;
        if !self.chat_limit.allow(std::time::Instant::now()) {
            return Err(Refusal::new(
                ErrorCode::RateLimited,
                format!(
                    "chat: at most {CHAT_PER_SECOND} message a second (bursts of {}); \
                     this one was not sent",
                    2 * CHAT_PER_SECOND
                ),
            )
            .with("reason", "chat")
            .with("limit", CHAT_PER_SECOND));
        }
        let conn = self.id;
        self.tell_room(Command::from(conn, Act::Chat { name, text }))
            .await
    }
}

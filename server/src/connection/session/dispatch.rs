//! What a session does with each message, once it has said `hello`: the
//! message's own checks, then the room, the lobby or the pairing queue.

use mice_cake_protocol::{
    ClientMessage, ErrorCode, PROTOCOL_VERSION, Pool, RoomOptions, ServerMessage,
};
use tracing::info;

use super::arena::JoinArena;
use super::rename::Rename;
use super::seating::{Claim, usable_key};
use super::seeking::Seek;
use super::{CHAT_PER_SECOND, Session};
use crate::room::{Command, JoinToken, Refusal, RoomHandle, Seating};
use crate::token::token_hash;

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
        match message {
            ClientMessage::Hello { .. } => Err(Refusal::new(
                ErrorCode::AlreadyGreeted,
                "hello was already said",
            )),
            ClientMessage::ListRooms => {
                let list = self.shared.lobby.list().await;
                self.outbound.send_message(&ServerMessage::RoomList {
                    rooms: list.rooms,
                    total: list.total,
                });
                Ok(())
            }
            ClientMessage::CreateRoom {
                options,
                key,
                bot_declaration,
                key_proof,
            } => {
                self.not_in_a_room()?;
                let claim = Claim::from((key, key_proof, bot_declaration));
                let seating = self.seating(&name, claim).await?;
                self.create(name, options, seating).await
            }
            ClientMessage::JoinRoom {
                code,
                key,
                bot_declaration,
                key_proof,
            } => {
                let room = self.room_to_enter(code).await?;
                let claim = Claim::from((key, key_proof, bot_declaration));
                let seating = self.seating(&name, claim).await?;
                if self.new_keys_limited()
                    && let Ok(summary) = self.shared.lobby.summary(code).await
                    && summary.options.rated
                {
                    self.new_key_may_play_rated(seating.key).await?;
                }
                self.take_seat(room, name, seating).await
            }
            ClientMessage::WatchRoom { code } => {
                let room = self.room_to_enter(code).await?;
                let member = self.member();
                room.ask(|reply| Command::Watch { member, reply }).await?;
                self.enter(room, None, None);
                Ok(())
            }
            ClientMessage::Resume {
                token,
                last_seq,
                key,
                bot_declaration,
                key_proof,
            } => {
                self.not_in_a_room()?;
                let claim = Claim::from((key, key_proof, bot_declaration));
                let seating = self.seating(&name, claim).await?;
                let hash = token_hash(&token);
                let room = self.shared.lobby.room_of_seat(hash).await?;
                let member = self.member();
                let key = seating.key;
                let taken = room
                    .ask(|reply| Command::Resume {
                        member,
                        token: hash,
                        last_seq,
                        seating,
                        reply,
                    })
                    .await?;
                self.enter(room, Some(taken), key);
                Ok(())
            }
            ClientMessage::Seal {
                round,
                seal,
                signature,
            } => {
                let signature = self.check_seal(seal, signature).await?;
                self.tell_room(Command::Seal {
                    conn,
                    round,
                    seal,
                    signature,
                })
                .await
            }
            ClientMessage::Open {
                round,
                assignment,
                nonce,
            } => {
                self.tell_room(Command::Open {
                    conn,
                    round,
                    assignment,
                    nonce,
                })
                .await
            }
            ClientMessage::Sync => self.tell_room(Command::Sync { conn }).await,
            ClientMessage::Rematch => self.tell_room(Command::Rematch { conn }).await,
            ClientMessage::Chat { text } => {
                // Cleaned first: a message refused as empty does not use up
                // the allowance (the message rate covers floods of those).
                let text = mice_cake_protocol::chat_text(&text)
                    .map_err(|error| Refusal::new(ErrorCode::BadChat, error.to_string()))?;
                if !self.chat_limit.allow(std::time::Instant::now()) {
                    return Err(Refusal::new(
                        ErrorCode::RateLimited,
                        format!(
                            "chat: at most {CHAT_PER_SECOND} message a second (bursts of {}); \
                             this one was not sent",
                            2 * CHAT_PER_SECOND
                        ),
                    ));
                }
                self.tell_room(Command::Chat { conn, name, text }).await
            }
            ClientMessage::SpectatorChat { show } => {
                self.tell_room(Command::SpectatorChat { conn, show }).await
            }
            ClientMessage::Leave { signature } => {
                self.paired = None;
                self.tell_room(Command::Leave { conn, signature }).await?;
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
                let seating = self.seating(&name, claim).await?;
                let seek = Seek {
                    pool,
                    deadline_ms,
                    rated,
                    bot_after_ms,
                    seating,
                };
                self.seek(name, seek).await
            }
            ClientMessage::JoinArena {
                arena,
                join_code,
                key,
                key_proof,
                bot_declaration,
            } => {
                let claim = Claim::from((Some(key), key_proof, bot_declaration));
                let join = JoinArena {
                    arena,
                    join_code,
                    claim,
                };
                self.join_arena(name, join).await
            }
            ClientMessage::PauseArena => self.pause_arena().await,
            ClientMessage::WatchArena { arena } => self.watch_arena(arena).await,
            ClientMessage::LeaveArena => self.leave_arena().await,
            ClientMessage::CancelSeek => {
                self.cancel_seek(Some("cancelled")).await;
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
                let rename = Rename {
                    key,
                    name,
                    at_ms,
                    signature,
                };
                self.rename(rename).await
            }
        }
    }

    fn hello(&mut self, version: u32, name: &str) -> Result<(), Refusal> {
        if version != PROTOCOL_VERSION {
            let update = if version < PROTOCOL_VERSION {
                "update the client (version 3 seals every move so that either player can check \
                 the game was fair: docs/fairness.md; this server serves a browser client of its \
                 version at its own address)"
            } else {
                "this server is older than the client: use a client of its version, or ask \
                 its operator to update it"
            };
            return Err(Refusal::new(
                ErrorCode::VersionMismatch,
                format!(
                    "this server speaks protocol version {PROTOCOL_VERSION}; \
                     the client speaks version {version}: {update}"
                ),
            ));
        }
        let name = mice_cake_protocol::player_name(name)
            .map_err(|error| Refusal::new(ErrorCode::BadName, error.to_string()))?;
        self.name = Some(name);
        let challenge = self.shared.rooms.rng.key_challenge();
        self.challenge = Some(challenge);
        self.outbound.send_message(&ServerMessage::Welcome {
            version: PROTOCOL_VERSION,
            server: concat!("mice-cake-server ", env!("CARGO_PKG_VERSION")).into(),
            challenge,
        });
        Ok(())
    }

    async fn create(
        &mut self,
        name: String,
        mut options: RoomOptions,
        seating: Seating,
    ) -> Result<(), Refusal> {
        let key = seating.key;
        self.not_in_a_room()?;
        if self.shared.shutdown().is_cancelled() {
            return Err(Refusal::new(
                ErrorCode::ShuttingDown,
                "the server is shutting down",
            ));
        }
        options.game.validate().map_err(|error| {
            Refusal::new(ErrorCode::BadOptions, format!("bad room options: {error}"))
        })?;
        if options.rated {
            rated_room_options(&options, &seating)?;
            self.new_key_may_play_rated(key).await?;
        }
        // The room shows the deadline in force: its own, or the server's default.
        let default = u64::try_from(self.shared.config.default_deadline.as_millis()).unwrap_or(0);
        let deadline = *options.deadline_ms.get_or_insert(default);
        if deadline > mice_cake_protocol::MAX_DEADLINE_MS {
            return Err(Refusal::new(
                ErrorCode::BadOptions,
                format!(
                    "bad room options: the deadline is at most {} ms (one day)",
                    mice_cake_protocol::MAX_DEADLINE_MS
                ),
            ));
        }
        let room = self
            .shared
            .lobby
            .create(&self.shared.rooms, options, crate::room::Made::Player)
            .await?;
        info!(room = %room.code(), "room created");
        self.take_seat(room, name, seating).await
    }

    /// Takes the free seat of `room` and enters it.
    pub(super) async fn take_seat(
        &mut self,
        room: RoomHandle,
        name: String,
        seating: Seating,
    ) -> Result<(), Refusal> {
        let member = self.member();
        let key = seating.key;
        let taken = room
            .ask(|reply| Command::Join {
                member,
                name,
                token: JoinToken::Make,
                seating,
                reply,
            })
            .await?;
        self.enter(room, Some(taken), key);
        Ok(())
    }
}

/// What a rated room needs (`docs/ratings.md`): rules that are a pool's,
/// no bot, and its creator's key, proven held.
fn rated_room_options(options: &RoomOptions, seating: &Seating) -> Result<(), Refusal> {
    let refuse = |why: &str| Refusal::new(ErrorCode::BadOptions, format!("a rated room {why}"));
    if Pool::of(&options.game).is_none() {
        return Err(refuse(&format!(
            "plays with the standard stall limit ({} rounds)",
            mice_cake_engine::Options::default().stall_limit
        )));
    }
    if options.bot.is_some() {
        return Err(refuse(
            "has no bot: a bot game is never rated (play one in a casual room)",
        ));
    }
    crate::room::rated_seating(seating).map_err(|why| {
        Refusal::new(
            ErrorCode::KeyRequired,
            format!(
                "a rated room is created with your key (a rating belongs to a key, and only \
                 signed moves are rated): {why}"
            ),
        )
    })
}

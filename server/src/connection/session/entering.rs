//! Entering a room: creating one, joining, watching, taking a seat back.

use mice_cake_protocol::{ErrorCode, Pool, RoomCode, RoomOptions, SeatToken, ServerMessage};
use tracing::info;

use super::Session;
use super::seating::Claim;
use crate::room::{Act, Command, JoinToken, Refusal, RoomHandle, Seating};
use crate::token::token_hash;

impl Session {
    /// The public listing.
    pub(super) async fn list_rooms(&mut self) {
        let list = self.shared.lobby.list().await;
        self.outbound.send_message(&ServerMessage::RoomList {
            rooms: list.rooms,
            total: list.total,
        });
    }

    /// Makes a room and takes its first seat.
    pub(super) async fn create_room(
        &mut self,
        name: String,
        options: RoomOptions,
        claim: Claim,
    ) -> Result<(), Refusal> {
        self.not_in_a_room()?;
        let seating = self.seating(&name, claim).await?;
        self.create(name, options, seating).await
    }

    /// Takes the free seat of room `code`.
    pub(super) async fn join_room(
        &mut self,
        name: String,
        code: RoomCode,
        claim: Claim,
    ) -> Result<(), Refusal> {
        let room = self.room_to_enter(code).await?;
        let seating = self.seating(&name, claim).await?;
        if self.new_keys_limited()
            && let Ok(summary) = self.shared.lobby.summary(code).await
            && summary.options.rated
        {
            self.new_key_may_play_rated(seating.key).await?;
        }
        self.take_seat(room, name, seating).await
    }

    /// Watches room `code`.
    pub(super) async fn watch_room(&mut self, code: RoomCode) -> Result<(), Refusal> {
        let room = self.room_to_enter(code).await?;
        let member = self.member();
        room.ask(|reply| Command::watch(member, reply)).await?;
        self.enter(room, None, None);
        Ok(())
    }

    /// Takes back the seat `token` leads to, with the events after
    /// `last_seq`.
    pub(super) async fn resume_seat(
        &mut self,
        name: String,
        token: &SeatToken,
        last_seq: Option<u64>,
        claim: Claim,
    ) -> Result<(), Refusal> {
        self.not_in_a_room()?;
        let seating = self.seating(&name, claim).await?;
        let hash = token_hash(token);
        let room = self.shared.lobby.room_of_seat(hash).await?;
        let member = self.member();
        let key = seating.key;
        let taken = room
            .ask(|reply| {
                Command::seat(
                    member,
                    Act::Resume {
                        token: hash,
                        last_seq,
                        seating,
                    },
                    reply,
                )
            })
            .await?;
        self.enter(room, Some(taken), key);
        Ok(())
    }

    async fn create(
        &mut self,
        name: String,
        mut options: RoomOptions,
        seating: Seating,
    ) -> Result<(), Refusal> {
        self.not_in_a_room()?;
        if self.shared.shutdown().is_cancelled() {
            return Err(Refusal::new(
                ErrorCode::ShuttingDown,
                "the server is shutting down",
            ));
        }
        self.check_options(&mut options, &seating).await?;
        let room = self
            .shared
            .lobby
            .create(&self.shared.rooms, options, crate::room::Made::Player)
            .await?;
        info!(room = %room.code(), "room created");
        self.take_seat(room, name, seating).await
    }

    /// Checks a new room's options as a player with `seating` asks for them
    /// (a room made, or a challenge): the rules, the deadline (the server's
    /// default put in when left out), the match length, and what a rated
    /// room needs.
    pub(super) async fn check_options(
        &self,
        options: &mut RoomOptions,
        seating: &Seating,
    ) -> Result<(), Refusal> {
        let key = seating.key;
        options.game.validate().map_err(|error| {
            Refusal::new(ErrorCode::BadOptions, format!("bad room options: {error}"))
        })?;
        if !(1..=mice_cake_engine::MAX_FIRST_TO).contains(&options.first_to) {
            return Err(Refusal::new(
                ErrorCode::BadOptions,
                format!(
                    "bad room options: a match is played to 1 to {} wins, not {}",
                    mice_cake_engine::MAX_FIRST_TO,
                    options.first_to
                ),
            )
            .with("reason", "first_to")
            .with("max", mice_cake_engine::MAX_FIRST_TO));
        }
        if options.rated {
            rated_room_options(options, seating)?;
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
        Ok(())
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
            .ask(|reply| {
                Command::seat(
                    member,
                    Act::Join {
                        name,
                        token: JoinToken::Make,
                        seating,
                    },
                    reply,
                )
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

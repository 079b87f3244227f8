//! The shell's reads: what the rules ask of the store before they go on —
//! a rated game's two keys (their games together lately, their bot
//! declarations) and the players' ratings — read, and given back to them.

use mice_cake_engine::Seated;
use tracing::warn;

use super::{RoomTask, read_now};

impl RoomTask {
    /// Reads what the rules asked for, if anything, and gives it back to
    /// them; whether there was anything (the step's effects are carried
    /// out, and its changes are to be stored).
    pub(super) async fn read_for_the_rules(&mut self) -> bool {
        let mut read = false;
        // After the write: a rated game is rated as it is stored.
        if let Some(asked) = self.room.ratings_to_read() {
            let mut ratings = Vec::with_capacity(asked.keys.len());
            for (seat, key, left) in asked.keys {
                match self.context.storage.rating(key, asked.pool).await {
                    Ok(rating) => ratings.push((seat, key, left, rating)),
                    Err(cause) => {
                        warn!(room = %self.code, %seat, cause = %cause, "a player's rating cannot be read");
                    }
                }
            }
            self.room.ratings_read(ratings);
            read = true;
        }
        // A rated room's game waits for what the store holds of its keys.
        if let Some(asked) = self.room.keys_to_read() {
            let storage = &self.context.storage;
            let (pair_games, bot_declarations) = tokio::join!(
                storage.pair_games(asked.keys, asked.since_ms),
                storage.bot_declarations(asked.keys)
            );
            // The store checks both again as it rates the game.
            let pair_games = pair_games.unwrap_or_else(|cause| {
                warn!(room = %self.code, cause = %cause, "a pair's rated games cannot be read");
                0
            });
            let bot_declarations = bot_declarations.unwrap_or_else(|cause| {
                warn!(room = %self.code, cause = %cause, "the players' bot declarations cannot be read");
                Seated::default()
            });
            // Time has passed while the store answered.
            self.room
                .seated_keys_read(asked.keys, pair_games, bot_declarations, read_now());
            read = true;
        }
        if read {
            let effects = self.room.take_effects();
            self.carry_out(effects);
        }
        read
    }
}

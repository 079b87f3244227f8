//! Ratings in a room: whether a seat may be taken in a rated room, whether
//! a finished game is rated, and the players' ratings shown beside their
//! names, read from the store (the store, not the room, rates a game: see
//! `store::ratings`).

use mice_cake_engine::{PlayerKey, Seat, Seated};
use mice_cake_protocol::{Ending, ErrorCode, Pool, RatedGame, RoomEvent};
use tracing::warn;

use super::Room;
use crate::room::Refusal;

/// Moves of their own (not made by the server at a deadline) each player
/// must have sealed and opened for a game to be rated: a game left at once
/// says nothing of how anyone plays.
pub(super) const MOVES_TO_RATE: usize = 2;

impl Room {
    /// The pool the room's games are rated in, if they are rated.
    pub(super) fn rated_pool(&self) -> Option<Pool> {
        self.options
            .rated
            .then(|| Pool::of(&self.options.game))
            .flatten()
    }

    /// A seat of a rated room is taken with a key only: a rating belongs to
    /// a key.
    pub(super) fn check_key_for_rating(&self, key: Option<PlayerKey>) -> Result<(), Refusal> {
        if self.options.rated && key.is_none() {
            return Err(Refusal::new(
                ErrorCode::KeyRequired,
                format!(
                    "room {} is rated: take a seat with your key (every move is then signed \
                     with it), or play in a casual room",
                    self.code
                ),
            ));
        }
        Ok(())
    }

    /// What makes the game ending now a rated one, if it is: a rated room,
    /// two players with keys (two different keys), a dealt game, and at
    /// least [`MOVES_TO_RATE`] moves of their own from each. A forfeit is
    /// rated as a loss; a game both abandoned is not rated.
    pub(super) fn rated_game(&self, ending: &Ending) -> Option<RatedGame> {
        let pool = self.rated_pool()?;
        if matches!(ending, Ending::Abandoned { .. }) || self.dealing.is_some() {
            return None;
        }
        self.game.as_ref()?;
        let yellow = self.seats.yellow.as_ref()?.key?;
        let blue = self.seats.blue.as_ref()?.key?;
        if yellow == blue {
            return None;
        }
        let own_moves = |seat: Seat| self.autos.iter().filter(|auto| !auto[seat]).count();
        if Seat::ALL
            .into_iter()
            .any(|seat| own_moves(seat) < MOVES_TO_RATE)
        {
            return None;
        }
        Some(RatedGame {
            pool,
            keys: Seated { yellow, blue },
            ratings: None,
        })
    }

    /// Reads the players' ratings from the store if asked to (a player with
    /// a key sat down, or a rated game was stored), and tells the room of
    /// each that changed.
    pub(super) async fn refresh_ratings(&mut self) {
        if !std::mem::take(&mut self.ratings_due) {
            return;
        }
        let Some(pool) = Pool::of(&self.options.game) else {
            return;
        };
        for seat in Seat::ALL {
            let Some(key) = self.seats[seat].as_ref().and_then(|player| player.key) else {
                continue;
            };
            let rating = match self.context.storage.rating(key, pool).await {
                Ok(rating) => rating.unwrap_or_default(),
                Err(cause) => {
                    warn!(room = %self.code, %seat, cause = %cause, "a player's rating cannot be read");
                    continue;
                }
            };
            // The seat may have changed hands while the store answered.
            let Some(player) = self.seats[seat].as_mut().filter(|p| p.key == Some(key)) else {
                continue;
            };
            if player.rating != Some(rating) {
                player.rating = Some(rating);
                self.emit(RoomEvent::Rated { seat, rating });
            }
        }
    }
}

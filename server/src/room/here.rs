//! The rooms this server (or this node of a cluster) runs: each by its
//! code, the seat tokens that lead back to one, and the summaries the rooms
//! publish (the public listing, and any room's by its code), in memory. The
//! lobby of a single server answers from it alone (`lobby/local.rs`); a
//! cluster's lobby keeps one for its node's rooms and tells the others
//! through Redis.

use std::collections::HashMap;
use std::sync::{Arc, Mutex, MutexGuard, PoisonError};

use mice_cake_protocol::{
    ErrorCode, MAX_LISTED_ROOMS, RoomCode, RoomList, RoomOptions, RoomSummary,
};

use super::{Directory, Made, Refusal, RestoredRoom, RoomContext, RoomHandle};
use crate::token::TokenHash;

#[derive(Default)]
pub(crate) struct RoomsHere {
    rooms: Mutex<HashMap<RoomCode, RoomHandle>>,
    seats: Mutex<HashMap<TokenHash, RoomCode>>,
    /// Rooms' summaries, kept up to date by the rooms themselves.
    published: Mutex<HashMap<RoomCode, Published>>,
}

/// A room's summary as it last told it, and whether the public listing
/// shows it.
struct Published {
    summary: RoomSummary,
    listed: bool,
}

fn lock<T>(mutex: &Mutex<T>) -> MutexGuard<'_, T> {
    // Lobby maps stay consistent under every operation, so a panic elsewhere
    // while one was held leaves nothing half-done.
    mutex.lock().unwrap_or_else(PoisonError::into_inner)
}

impl RoomsHere {
    /// Creates a room and starts its task, with a code from `code` (which
    /// is given the codes in use, and says `None` when it finds no free one).
    pub(crate) fn create_with(
        &self,
        context: &Arc<RoomContext>,
        options: RoomOptions,
        made: Made,
        code: impl FnOnce(&dyn Fn(&RoomCode) -> bool) -> Option<RoomCode>,
    ) -> Result<RoomHandle, Refusal> {
        let mut rooms = lock(&self.rooms);
        if rooms.len() >= context.config.max_rooms {
            return Err(Refusal::new(
                ErrorCode::TooManyRooms,
                format!(
                    "the server holds its limit of {} rooms; try again later",
                    context.config.max_rooms
                ),
            ));
        }
        let code = code(&|code| rooms.contains_key(code))
            .ok_or_else(|| Refusal::new(ErrorCode::TooManyRooms, "no free room code"))?;
        let handle = super::spawn(code, options, made, Arc::clone(context));
        rooms.insert(code, handle.clone());
        metrics::gauge!(crate::metrics::ROOMS).set(rooms.len() as f64);
        Ok(handle)
    }

    /// Starts rooms brought back from storage, with their seat tokens.
    pub(crate) fn start_restored(&self, restored: Vec<RestoredRoom>) {
        let mut rooms = lock(&self.rooms);
        let mut seats = lock(&self.seats);
        for room in restored {
            let code = room.code();
            for token in room.seat_tokens() {
                seats.insert(token, code);
            }
            rooms.insert(code, room.spawn());
        }
        metrics::gauge!(crate::metrics::ROOMS).set(rooms.len() as f64);
    }

    /// How many rooms run here.
    pub(crate) fn count(&self) -> usize {
        lock(&self.rooms).len()
    }

    /// The room with this code, if it runs here.
    pub(crate) fn local_room(&self, code: &RoomCode) -> Option<RoomHandle> {
        lock(&self.rooms).get(code).cloned()
    }

    /// The room a seat token leads to, if it runs here.
    pub(crate) fn local_room_of_seat(&self, hash: &TokenHash) -> Option<RoomHandle> {
        let code = *lock(&self.seats).get(hash)?;
        self.local_room(&code)
    }

    /// The summaries of the rooms here that the public listing shows.
    pub(crate) fn listed(&self) -> Vec<RoomSummary> {
        lock(&self.published)
            .values()
            .filter(|published| published.listed)
            .map(|published| published.summary.clone())
            .collect()
    }

    /// The summary of room `code`, listed or not, if it runs here and has
    /// told it.
    pub(crate) fn summary_of(&self, code: &RoomCode) -> Option<RoomSummary> {
        lock(&self.published)
            .get(code)
            .map(|published| published.summary.clone())
    }

    /// Every summary the rooms here told, each with whether it is listed.
    pub(crate) fn published(&self) -> Vec<(RoomSummary, bool)> {
        lock(&self.published)
            .values()
            .map(|published| (published.summary.clone(), published.listed))
            .collect()
    }

    /// The codes of the rooms here, with their seat tokens.
    pub(crate) fn rooms_and_seats(&self) -> (Vec<RoomCode>, Vec<(TokenHash, RoomCode)>) {
        let rooms = lock(&self.rooms).keys().copied().collect();
        let seats = lock(&self.seats)
            .iter()
            .map(|(hash, code)| (*hash, *code))
            .collect();
        (rooms, seats)
    }

    /// Forgets a room that stopped here, and its seat tokens.
    fn forget(&self, code: &RoomCode) {
        let mut rooms = lock(&self.rooms);
        rooms.remove(code);
        metrics::gauge!(crate::metrics::ROOMS).set(rooms.len() as f64);
        drop(rooms);
        lock(&self.seats).retain(|_, room| room != code);
        lock(&self.published).remove(code);
    }
}

/// The first public rooms of `summaries` (waiting ones first, then by
/// code) and how many there are.
pub(crate) fn listing(mut rooms: Vec<RoomSummary>) -> RoomList {
    let total = u32::try_from(rooms.len()).unwrap_or(u32::MAX);
    rooms.sort_by_key(|room| {
        (
            room.status != mice_cake_protocol::RoomStatus::Waiting,
            room.code,
        )
    });
    rooms.truncate(MAX_LISTED_ROOMS);
    RoomList { rooms, total }
}

impl Directory for RoomsHere {
    /// Forgets a closed room and its seat tokens.
    fn closed(&self, code: &RoomCode) {
        self.forget(code);
    }

    /// A single server's rooms come back from storage at its next start:
    /// until then, nothing leads to them.
    fn stopped(&self, code: &RoomCode) {
        self.forget(code);
    }

    /// Records that a seat token leads to `code`.
    fn register_seat(&self, hash: TokenHash, code: RoomCode) {
        lock(&self.seats).insert(hash, code);
    }

    /// Forgets a seat token (its player left).
    fn forget_seat(&self, hash: &TokenHash) {
        lock(&self.seats).remove(hash);
    }

    /// Keeps a room's summary, and whether the listing shows it.
    fn publish(&self, code: RoomCode, summary: RoomSummary, listed: bool) {
        lock(&self.published).insert(code, Published { summary, listed });
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use mice_cake_protocol::{MAX_LISTED_ROOMS, RoomStatus};

    #[test]
    fn a_listing_holds_the_first_rooms_waiting_ones_first_and_the_total() {
        let lobby = RoomsHere::default();
        for index in 0..150 {
            let code = RoomCode::from_indices([index / 31 % 31, index % 31, 0, 0, 0]);
            let status = if index % 3 == 0 {
                RoomStatus::Waiting
            } else {
                RoomStatus::Playing
            };
            let summary = RoomSummary {
                code,
                status,
                players: Default::default(),
                spectators: 0,
                round: 0,
                options: RoomOptions::default(),
                ratings: Default::default(),
                bots: Default::default(),
            };
            // A private room's summary is kept, never listed.
            lobby.publish(code, summary.clone(), true);
            let private = RoomCode::from_indices([index / 31 % 31, index % 31, 1, 0, 0]);
            lobby.publish(
                private,
                RoomSummary {
                    code: private,
                    ..summary
                },
                false,
            );
        }
        let list = listing(lobby.listed());
        assert_eq!(list.total, 150);
        assert_eq!(list.rooms.len(), MAX_LISTED_ROOMS);
        assert!(
            list.rooms[..50]
                .iter()
                .all(|r| r.status == RoomStatus::Waiting)
        );
        let withdrawn = list.rooms[0].clone();
        lobby.publish(withdrawn.code, withdrawn.clone(), false);
        assert_eq!(listing(lobby.listed()).total, 149);
        // Withdrawn from the listing, but found by its code.
        assert_eq!(lobby.summary_of(&withdrawn.code), Some(withdrawn));
    }
}

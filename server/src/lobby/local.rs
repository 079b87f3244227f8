//! The lobby of a single server: every room is one of [`RoomsHere`], and
//! nothing is looked for anywhere else.

use std::sync::Arc;

use mice_cake_protocol::{RoomCode, RoomList, RoomOptions, RoomSummary};

use super::{Answer, Lobby, bad_token, unknown_room};
use crate::room::{
    Made, Refusal, RestoredRoom, RoomContext, RoomHandle, RoomsHere, listing, unreachable_room,
};
use crate::token::TokenHash;

impl Lobby for RoomsHere {
    fn create<'a>(
        &'a self,
        context: &'a Arc<RoomContext>,
        options: RoomOptions,
        made: Made,
    ) -> Answer<'a, Result<RoomHandle, Refusal>> {
        // 31^5 codes: a free one is found at once unless the server is full.
        let created = self.create_with(context, options, made, |taken| {
            (0..64)
                .map(|_| context.rng.room_code())
                .find(|code| !taken(code))
        });
        Box::pin(std::future::ready(created))
    }

    fn room(&self, code: RoomCode) -> Answer<'_, Result<RoomHandle, Refusal>> {
        let found = self.local_room(&code).ok_or_else(|| unknown_room(code));
        Box::pin(std::future::ready(found))
    }

    fn room_of_seat(&self, hash: TokenHash) -> Answer<'_, Result<RoomHandle, Refusal>> {
        let found = self.local_room_of_seat(&hash).ok_or_else(bad_token);
        Box::pin(std::future::ready(found))
    }

    fn list(&self) -> Answer<'_, RoomList> {
        Box::pin(std::future::ready(listing(self.listed())))
    }

    fn summary(&self, code: RoomCode) -> Answer<'_, Result<RoomSummary, Refusal>> {
        let found = match self.summary_of(&code) {
            Some(summary) => Ok(summary),
            None if self.local_room(&code).is_none() => Err(unknown_room(code)),
            // Started a moment ago, and yet to tell its summary.
            None => Err(unreachable_room()),
        };
        Box::pin(std::future::ready(found))
    }

    fn room_count(&self) -> usize {
        self.count()
    }

    fn restore(&self, restored: Vec<RestoredRoom>) {
        self.start_restored(restored);
    }
}

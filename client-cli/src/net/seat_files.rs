//! The seat files: a seat held is kept in the user's seats file while it
//! is held ([`crate::seats`]), so that another run can take it back.

use mice_cake_engine::Seat;
use mice_cake_protocol::{ErrorCode, RoomCode, ServerMessage};

use super::NetEvent;
use super::reconnection::Link;
use crate::seats::HeldSeat;

impl Link {
    /// Keeps (or updates) the seat held in `room`: `seat` is this
    /// connection's seat there, none for a spectator.
    pub(super) fn keep_seat(&mut self, room: RoomCode, seat: Option<Seat>) {
        self.room = Some(room);
        let (Some(seats), Some(token)) = (&self.seats, self.token) else {
            return;
        };
        if seat.is_none() {
            return;
        }
        let held = HeldSeat {
            server: self.url.clone(),
            room,
            token,
            seat,
            name: self.name.clone(),
            saved_at_ms: crate::seats::now_ms(),
        };
        if let Err(error) = seats.save(held) {
            // The game goes on; only a later run cannot take the seat back.
            let notice = ServerMessage::Error {
                code: ErrorCode::Internal,
                message: crate::catalogue::own_notice(crate::tr!(
                    "net-cannot-keep-seat",
                    error = error.to_string()
                )),
                args: mice_cake_protocol::RefusalArgs::new(),
            };
            let _ = self.events.try_send(NetEvent::Message(notice));
        }
    }

    /// Forgets the seat kept for `room` (left, or gone).
    pub(super) fn forget_seat(&mut self, room: RoomCode) {
        if let Some(seats) = &self.seats {
            let _ = seats.remove(&self.url, room, &self.name);
        }
    }
}

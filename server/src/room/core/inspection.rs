//! What a room brought back from storage would send and store first, for
//! the fuzz targets (`fuzz/`, docs/fuzzing.md). A room restored from damaged
//! rows must be refused by `restore`, with a clear error; one it accepts
//! must then show itself to anyone and be written again without failing.

use mice_cake_engine::Seat;
use mice_cake_protocol::ServerMessage;

use super::Room;
use crate::clock::UptimeClock;
use crate::frame::frame;

impl Room {
    /// Makes the `joined` message each seat and a spectator would get, the
    /// game's history, and the room's next write; `Err` if that write
    /// cannot be made (its game does not replay).
    pub(in crate::room) fn first_outputs(&self, clock: UptimeClock) -> Result<(), String> {
        for you in [None, Some(Seat::Yellow), Some(Seat::Blue)] {
            frame(&ServerMessage::Joined {
                seat: you,
                token: None,
                state: Box::new(self.state_for(you)),
            });
        }
        self.history();
        self.changes(clock)
            .map(drop)
            .map_err(|error| format!("a restored room cannot be written again: {error}"))
    }
}

//! What the server's configuration says of rooms, as the rules read it: a
//! plain copy made once, when the room is made.

use std::time::Duration;

use crate::config::Config;

#[derive(Clone, Copy, Debug)]
pub(in crate::room) struct RoomConfig {
    /// How long a player who dropped keeps their seat.
    pub(in crate::room) disconnect_grace: Duration,
    /// How long players have to open their sealed moves.
    pub(in crate::room) open_timeout: Duration,
    /// How long players have to seal their deal nonces.
    pub(in crate::room) deal_timeout: Duration,
    /// Deadlines a player may miss in a row before they forfeit.
    pub(in crate::room) missed_deadlines: u32,
    /// How long spectators' events are gathered before they are sent.
    pub(in crate::room) spectator_hold: Duration,
    pub(in crate::room) max_spectators: usize,
    /// The frames a connection's queue holds (the event log replays a
    /// quarter of it).
    pub(in crate::room) outbound_queue: usize,
    /// How long an empty room stays open.
    pub(in crate::room) room_idle: Duration,
    /// How long a pairing's players have to take up its game.
    pub(in crate::room) pairing_arrival: Duration,
    /// Whether two keys from one address may play a rated game.
    pub(in crate::room) rate_one_address: bool,
}

impl RoomConfig {
    /// Rooms' part of `config`.
    pub(in crate::room) fn of(config: &Config) -> RoomConfig {
        RoomConfig {
            disconnect_grace: config.disconnect_grace,
            open_timeout: config.open_timeout,
            deal_timeout: config.deal_timeout,
            missed_deadlines: config.missed_deadlines,
            spectator_hold: config.spectator_hold,
            max_spectators: config.max_spectators,
            outbound_queue: config.outbound_queue,
            room_idle: config.room_idle,
            pairing_arrival: config.pairing_arrival,
            rate_one_address: config.rate_one_address,
        }
    }
}

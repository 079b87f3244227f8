//! A room made for a quick pairing waits a few seconds for its two
//! players. If both have not sealed their deal nonce by then — the first
//! thing each does in the room, which only a client that knows of the
//! pairing does (a seeker's server died as it was paired, say, before its
//! client heard of it; or its client went away) — the pairing is called
//! off: whoever came is told (`unpaired`), and their connection seeks on
//! from where it was, at the head of the queue — unless they sat, had a
//! deal to seal and did not while the other did: that one's seek ends. The
//! room closes, and the
//! deal begun, if it had, is dropped with it: nobody had made a move, and
//! nobody is held to a game their client never knew of. Nobody sits alone
//! in a pairing's room, and no empty one stays listed.

use mice_cake_engine::{Seat, Seated};
use mice_cake_protocol::{RoomStatus, ServerMessage};
use std::time::Instant;
use tracing::info;

use super::Room;
use super::RoomConfig;
use super::effects::{Effect, Tally};
use crate::room::{ArenaReport, Made};

impl Room {
    /// When a room made `made` at `now` calls its pairing off, if it is a
    /// pairing's: its players have `--pairing-arrival` (10 s) to take
    /// their seats and be there for its game to begin. A seat is taken
    /// within a round trip of the pairing, and a client whose server died
    /// as it was paired seeks again at once.
    pub(super) fn arrive_by(made: Made, config: &RoomConfig, now: Instant) -> Option<Instant> {
        made.for_a_pair().then_some(now + config.pairing_arrival)
    }

    /// Both players sealed their deal nonce: the pairing's game is theirs,
    /// and nothing is called off any more.
    pub(super) fn pair_arrived(&mut self) {
        self.arrive_by = None;
    }

    /// Whether the pairing's first game has yet to be taken up by both
    /// players: not begun, or its deal short of a player's seal.
    pub(super) fn pairing_not_taken_up(&self) -> bool {
        let deal_unsealed = self.dealing.is_some()
            && self.round.exchange.as_ref().is_some_and(|exchange| {
                exchange.seals.yellow.is_none() || exchange.seals.blue.is_none()
            });
        match (self.status, self.game_number) {
            (RoomStatus::Waiting, 0) => true,
            (RoomStatus::Playing, 1) => deal_unsealed,
            _ => false,
        }
    }

    /// Calls the pairing off if its time is up and its game has not begun:
    /// the players who came are told and let go, and the room closes.
    /// Whether it did.
    pub(super) fn call_off_if_late(&mut self, now: Instant) -> bool {
        if self.arrive_by.is_none_or(|by| now < by) {
            return false;
        }
        self.arrive_by = None;
        if !self.pairing_not_taken_up() {
            return false;
        }
        let deal_begun = self.round.exchange.is_some();
        let sealed = Seated::from_fn(|seat| {
            self.round
                .exchange
                .as_ref()
                .is_some_and(|exchange| exchange.seals[seat].is_some())
        });
        // Whoever sat and had a deal to seal but did not, while the other
        // sealed theirs, is the one who kept the game from starting: their
        // seek ends, so that withholding a seal never turns an opponent
        // down for free. Neither sealed: the deal never got through (a
        // node stalled, say), and nobody is held to it.
        let requeued =
            Seated::from_fn(|seat| !deal_begun || sealed[seat] || !sealed[seat.opponent()]);
        let held_back = Seat::ALL
            .into_iter()
            .filter(|seat| !requeued[*seat])
            .find_map(|seat| self.seats[seat].as_ref()?.key);
        let waited = humantime::format_duration(self.config.pairing_arrival);
        for seat in Seat::ALL {
            let Some(player) = self.seats[seat].take() else {
                continue;
            };
            if let Some(hash) = player.token {
                self.effects.push(Effect::ForgetSeat(hash));
            }
            let Some(member) = player.member else {
                continue;
            };
            let challenge = self.made.challenge();
            // A challenge's game called off ends the challenge: nobody is
            // requeued, there being no queue.
            let requeued = requeued[seat] && challenge.is_none();
            let reason = if challenge.is_some() {
                format!(
                    "the challenge's game is called off: both players did not take their seats \
                     and seal their deal within {waited}"
                )
            } else if requeued {
                format!(
                    "your opponent did not take their seat and seal their deal within {waited}; \
                     you are back at the head of the queue"
                )
            } else {
                format!(
                    "you did not seal your deal within {waited} while your opponent did; your \
                     place in the queue is lost"
                )
            };
            let unpaired = ServerMessage::Unpaired {
                code: self.code,
                reason,
                requeued,
                challenge,
            };
            self.outbox.send_message(member.conn, &unpaired);
        }
        for spectator in std::mem::take(&mut self.spectators).into_values() {
            self.outbox
                .send_message(spectator.conn, &ServerMessage::Left { code: self.code });
        }
        self.effects.push(Effect::Count(Tally::PairingCalledOff));
        if self.made.arena().is_some() {
            self.effects.push(Effect::Arena(ArenaReport::CalledOff {
                code: self.code,
                held_back,
            }));
        }
        info!(room = %self.code, "pairing called off: a player did not come");
        self.closing = true;
        true
    }
}

//! Who holds the WebSocket slots (the connections the open-file limit
//! allows, see `capacity`), shared out by address as handshake slots are:
//! an IPv4 address, or an IPv6 address's /64 network (one host may have all
//! of it). When every slot is held, a newcomer pushes out the oldest
//! connection of the address holding the most that is in no game (one in
//! no room first, then a spectator); a player seated in a room is never
//! pushed out. Only when every slot holds a player is the newcomer turned
//! away. So one address that opens connections and sits on them (said
//! hello or not) can keep nobody out for longer than it takes to connect.

use std::collections::HashMap;
use std::net::IpAddr;
use std::sync::atomic::{AtomicU8, Ordering};
use std::sync::{Arc, Mutex, MutexGuard, PoisonError};

use crate::outbound::Outbound;

/// What slots are shared by: an IPv4 address, or an IPv6 address's /64
/// network.
pub(crate) fn address_key(ip: IpAddr) -> IpAddr {
    match ip.to_canonical() {
        IpAddr::V6(v6) => IpAddr::V6((u128::from(v6) & !u128::from(u64::MAX)).into()),
        v4 => v4,
    }
}

/// Where a connection is, for who goes first when room is needed.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
#[repr(u8)]
pub(crate) enum Presence {
    /// In no room: pushed out first.
    Idle = 0,
    /// Watching a room.
    Watching = 1,
    /// Seated in a room: never pushed out.
    Playing = 2,
}

impl Presence {
    fn of(value: u8) -> Presence {
        match value {
            0 => Presence::Idle,
            1 => Presence::Watching,
            _ => Presence::Playing,
        }
    }
}

/// Every WebSocket slot and who holds it.
#[derive(Debug)]
pub(crate) struct Admission {
    capacity: usize,
    held: Mutex<Held>,
}

#[derive(Debug, Default)]
struct Held {
    /// Each address's connections, oldest first.
    by_address: HashMap<IpAddr, Vec<Holder>>,
    total: usize,
    next_id: u64,
}

#[derive(Debug)]
struct Holder {
    id: u64,
    presence: Arc<AtomicU8>,
    /// To tell it, and close it, if it is pushed out.
    outbound: Outbound,
}

/// A held slot, given back when dropped.
#[derive(Debug)]
pub(crate) struct Slot {
    admission: Arc<Admission>,
    address: IpAddr,
    id: u64,
    presence: Arc<AtomicU8>,
}

/// What admitting a newcomer did.
#[derive(Debug)]
pub(crate) enum Admitted {
    /// A slot was free.
    Free(Slot),
    /// This connection (in no game) was pushed out to make room: it is to
    /// be told and closed.
    PushingOut(Slot, Outbound),
}

/// Every slot holds a player: the newcomer is turned away.
#[derive(Debug)]
pub(crate) struct Full;

impl Admission {
    pub(crate) fn new(capacity: usize) -> Arc<Admission> {
        Arc::new(Admission {
            capacity,
            held: Mutex::new(Held::default()),
        })
    }

    /// A slot for a connection from `peer` whose queue is `outbound`.
    pub(crate) fn admit(
        self: &Arc<Self>,
        peer: IpAddr,
        outbound: &Outbound,
    ) -> Result<Admitted, Full> {
        let mut held = self.held();
        let pushed_out = if held.total >= self.capacity {
            Some(held.push_out().ok_or(Full)?)
        } else {
            None
        };
        let address = address_key(peer);
        held.next_id += 1;
        let id = held.next_id;
        let presence = Arc::new(AtomicU8::new(Presence::Idle as u8));
        held.by_address.entry(address).or_default().push(Holder {
            id,
            presence: Arc::clone(&presence),
            outbound: outbound.clone(),
        });
        held.total += 1;
        let slot = Slot {
            admission: Arc::clone(self),
            address,
            id,
            presence,
        };
        Ok(match pushed_out {
            Some(pushed_out) => Admitted::PushingOut(slot, pushed_out),
            None => Admitted::Free(slot),
        })
    }

    /// Whether every slot is held (a newcomer would push one out).
    pub(crate) fn is_full(&self) -> bool {
        self.held().total >= self.capacity
    }

    /// The connections holding a slot: one pushed out has given its slot
    /// up, though it may still be closing.
    pub(crate) fn connections(&self) -> usize {
        self.held().total
    }

    fn held(&self) -> MutexGuard<'_, Held> {
        // Every change under the lock is made whole before it is let go.
        self.held.lock().unwrap_or_else(PoisonError::into_inner)
    }
}

impl Held {
    /// Takes out the connection to push out: of the address holding the
    /// most that has one in no game, its oldest in no room, else its
    /// oldest spectator. `None` if every connection is a player's.
    fn push_out(&mut self) -> Option<Outbound> {
        let mut addresses: Vec<(&IpAddr, usize)> = self
            .by_address
            .iter()
            .map(|(address, holders)| (address, holders.len()))
            .collect();
        addresses.sort_by_key(|(_, count)| std::cmp::Reverse(*count));
        let (address, index) = addresses.iter().find_map(|(address, _)| {
            let holders = &self.by_address[*address];
            let index = [Presence::Idle, Presence::Watching]
                .into_iter()
                .find_map(|wanted| {
                    holders.iter().position(|holder| {
                        Presence::of(holder.presence.load(Ordering::Relaxed)) == wanted
                    })
                })?;
            Some((**address, index))
        })?;
        let holders = self.by_address.get_mut(&address)?;
        let holder = holders.remove(index);
        if holders.is_empty() {
            self.by_address.remove(&address);
        }
        self.total -= 1;
        Some(holder.outbound)
    }
}

impl Slot {
    /// Where its connection is now.
    pub(crate) fn set(&self, presence: Presence) {
        self.presence.store(presence as u8, Ordering::Relaxed);
    }
}

impl Drop for Slot {
    fn drop(&mut self) {
        let mut held = self.admission.held();
        let Some(holders) = held.by_address.get_mut(&self.address) else {
            return;
        };
        // Not there if it was pushed out: its slot went to another.
        let Some(index) = holders.iter().position(|holder| holder.id == self.id) else {
            return;
        };
        holders.remove(index);
        if holders.is_empty() {
            held.by_address.remove(&self.address);
        }
        held.total -= 1;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn outbound() -> Outbound {
        Outbound::new(4).0
    }

    fn ip(text: &str) -> IpAddr {
        text.parse().unwrap()
    }

    fn admitted(admission: &Arc<Admission>, peer: &str) -> (Slot, Option<Outbound>) {
        match admission.admit(ip(peer), &outbound()).unwrap() {
            Admitted::Free(slot) => (slot, None),
            Admitted::PushingOut(slot, pushed) => (slot, Some(pushed)),
        }
    }

    #[test]
    fn a_newcomer_pushes_out_the_heaviest_addresss_oldest_idle_connection_never_a_player() {
        let admission = Admission::new(4);
        let (player, _) = admitted(&admission, "192.0.2.1");
        player.set(Presence::Playing);
        let (watcher, _) = admitted(&admission, "192.0.2.9");
        watcher.set(Presence::Watching);
        let (first, _) = admitted(&admission, "198.51.100.7");
        let (_second, _) = admitted(&admission, "198.51.100.7");
        assert!(admission.is_full());

        // The attacker's address holds the most: its oldest goes.
        let (_third, pushed) = admitted(&admission, "203.0.113.5");
        assert!(pushed.is_some());
        assert!(admission.is_full());
        drop(first); // pushed out already: nothing more to give back
        assert!(admission.is_full());

        // Everyone left in no game is pushed out in turn; players never.
        let mut slots = Vec::new();
        for _ in 0..3 {
            let (slot, pushed) = admitted(&admission, "203.0.113.5");
            assert!(pushed.is_some());
            slot.set(Presence::Playing);
            slots.push(slot);
        }
        assert!(matches!(
            admission.admit(ip("203.0.113.6"), &outbound()),
            Err(Full)
        ));
        drop(player);
        assert!(!admission.is_full(), "a slot given back is free");
        drop(watcher);
    }

    #[test]
    fn ipv6_peers_share_slots_by_network_and_mapped_ipv4_is_ipv4() {
        let a = ip("2001:db8:1:2:aaaa::1");
        let b = ip("2001:db8:1:2:bbbb::9");
        let c = ip("2001:db8:1:3::1");
        assert_eq!(address_key(a), address_key(b));
        assert_ne!(address_key(a), address_key(c));
        assert_eq!(address_key(ip("::ffff:192.0.2.7")), ip("192.0.2.7"));
    }
}

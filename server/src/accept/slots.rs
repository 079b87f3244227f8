//! Handshake slots: every connection that has not finished its HTTP request
//! (or its WebSocket upgrade) holds one, and there are only so many.
//!
//! When they are all held, a newcomer still gets in: it takes the slot of
//! the oldest handshake of the address holding the most slots. Whoever
//! opens half-finished connections by the hundred therefore only pushes out
//! their own, and a player whose handshake takes milliseconds is never the
//! one pushed out while anyone holds more slots than they do. Behind a
//! proxy, where every connection comes from one address, the oldest goes.

use std::collections::{HashMap, VecDeque};
use std::net::IpAddr;
use std::sync::{Arc, Mutex, MutexGuard, PoisonError};

use tokio::sync::oneshot;
use tokio_util::sync::CancellationToken;

/// The server's handshake slots.
#[derive(Debug)]
pub(crate) struct Slots {
    limit: usize,
    held: Mutex<Held>,
}

#[derive(Debug, Default)]
struct Held {
    next_id: u64,
    count: usize,
    /// Each address's slots, oldest first.
    by_peer: HashMap<IpAddr, VecDeque<Entry>>,
}

#[derive(Debug)]
struct Entry {
    id: u64,
    evict: CancellationToken,
    /// Resolves when the ticket is dropped: its socket is closed.
    closed: oneshot::Receiver<()>,
}

/// A held slot. Dropping it frees the slot (the connection finished its
/// handshake, or closed).
#[derive(Debug)]
pub(crate) struct Ticket {
    slots: Arc<Slots>,
    peer: IpAddr,
    id: u64,
    evict: CancellationToken,
    _closed: oneshot::Sender<()>,
}

/// A connection pushed out to make room: resolves once its ticket is gone
/// (so its socket is closed), or at once if it already is.
#[derive(Debug)]
pub(crate) struct Eviction {
    /// The address whose connection was pushed out.
    pub(crate) peer: IpAddr,
    closed: oneshot::Receiver<()>,
}

impl Eviction {
    /// Waits until the evicted connection's socket is closed.
    pub(crate) async fn closed(self) {
        // An error is the sender dropped: exactly what is awaited.
        let _ = self.closed.await;
    }
}

fn lock(held: &Mutex<Held>) -> MutexGuard<'_, Held> {
    // Every change leaves `Held` consistent, so a panic elsewhere while it
    // was locked left nothing half-done.
    held.lock().unwrap_or_else(PoisonError::into_inner)
}

impl Slots {
    /// `limit` slots (at least one).
    pub(crate) fn new(limit: usize) -> Arc<Slots> {
        Arc::new(Slots {
            limit: limit.max(1),
            held: Mutex::new(Held::default()),
        })
    }

    /// How many are held.
    #[cfg(test)]
    fn held(&self) -> usize {
        lock(&self.held).count
    }

    /// A slot for a connection from `peer`, pushing out another if all are
    /// held (see the module's documentation).
    pub(crate) fn admit(self: &Arc<Slots>, peer: IpAddr) -> (Ticket, Option<Eviction>) {
        let mut held = lock(&self.held);
        let eviction = if held.count >= self.limit {
            held.evict_one()
        } else {
            None
        };
        let id = held.next_id;
        held.next_id += 1;
        let evict = CancellationToken::new();
        let (sender, closed) = oneshot::channel();
        held.by_peer.entry(peer).or_default().push_back(Entry {
            id,
            evict: evict.clone(),
            closed,
        });
        held.count += 1;
        held.publish();
        drop(held);
        let ticket = Ticket {
            slots: Arc::clone(self),
            peer,
            id,
            evict,
            _closed: sender,
        };
        (ticket, eviction)
    }
}

impl Held {
    /// Pushes out the oldest handshake of the address with the most slots
    /// (the oldest such handshake, between addresses with as many).
    fn evict_one(&mut self) -> Option<Eviction> {
        let (&peer, _) = self
            .by_peer
            .iter()
            .filter_map(|(peer, entries)| Some((peer, (entries.len(), entries.front()?.id))))
            .max_by(|(_, (len_a, oldest_a)), (_, (len_b, oldest_b))| {
                len_a.cmp(len_b).then(oldest_b.cmp(oldest_a))
            })?;
        let entries = self.by_peer.get_mut(&peer)?;
        let entry = entries.pop_front()?;
        if entries.is_empty() {
            self.by_peer.remove(&peer);
        }
        self.count -= 1;
        self.publish();
        entry.evict.cancel();
        Some(Eviction {
            peer,
            closed: entry.closed,
        })
    }

    fn release(&mut self, peer: IpAddr, id: u64) {
        let Some(entries) = self.by_peer.get_mut(&peer) else {
            return;
        };
        // Pushed out already: its slot was given away then.
        let Some(index) = entries.iter().position(|entry| entry.id == id) else {
            return;
        };
        entries.remove(index);
        if entries.is_empty() {
            self.by_peer.remove(&peer);
        }
        self.count -= 1;
        self.publish();
    }

    /// Sets the gauge, under the lock: never a stale count over a new one.
    fn publish(&self) {
        metrics::gauge!(crate::metrics::HANDSHAKES).set(self.count as f64);
    }
}

impl Ticket {
    /// The connection turned out to be `peer`'s (a trusted proxy named its
    /// client): its slot counts as theirs from now on, as old as it is.
    pub(crate) fn move_to(&mut self, peer: IpAddr) {
        if peer == self.peer {
            return;
        }
        let mut held = lock(&self.slots.held);
        let Some(entries) = held.by_peer.get_mut(&self.peer) else {
            return;
        };
        // Pushed out already: nothing to move.
        let Some(index) = entries.iter().position(|entry| entry.id == self.id) else {
            return;
        };
        let Some(entry) = entries.remove(index) else {
            return;
        };
        if entries.is_empty() {
            held.by_peer.remove(&self.peer);
        }
        let theirs = held.by_peer.entry(peer).or_default();
        let at = theirs.partition_point(|other| other.id < entry.id);
        theirs.insert(at, entry);
        self.peer = peer;
    }

    /// Completes when this connection is pushed out to make room.
    pub(crate) async fn evicted(&self) {
        self.evict.cancelled().await;
    }
}

impl Drop for Ticket {
    fn drop(&mut self) {
        lock(&self.slots.held).release(self.peer, self.id);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn ip(last: u8) -> IpAddr {
        IpAddr::from([127, 0, 0, last])
    }

    #[tokio::test]
    async fn a_full_house_pushes_out_the_oldest_of_whoever_holds_the_most() {
        let slots = Slots::new(4);
        let mut attacker = Vec::new();
        for _ in 0..3 {
            let (ticket, evicted) = slots.admit(ip(2));
            assert!(evicted.is_none());
            attacker.push(ticket);
        }
        let (player, evicted) = slots.admit(ip(1));
        assert!(evicted.is_none());
        assert_eq!(slots.held(), 4);

        // Full: a newcomer from a third address pushes out the attacker's
        // oldest, not the player (who holds fewer slots).
        let (_newcomer, evicted) = slots.admit(ip(3));
        let evicted = evicted.expect("someone is pushed out");
        assert_eq!(evicted.peer, ip(2));
        assert_eq!(slots.held(), 4);
        let first = attacker.remove(0);
        assert!(first.evict.is_cancelled());
        assert!(attacker.iter().all(|ticket| !ticket.evict.is_cancelled()));
        assert!(!player.evict.is_cancelled());
        // The eviction completes when the evicted connection lets go.
        let waiting = tokio::spawn(evicted.closed());
        tokio::task::yield_now().await;
        assert!(!waiting.is_finished());
        drop(first);
        waiting.await.unwrap();
        // Its slot was already given away: dropping it frees nothing more.
        assert_eq!(slots.held(), 4);
    }

    #[test]
    fn between_addresses_holding_as_many_the_oldest_handshake_goes() {
        let slots = Slots::new(3);
        let held: Vec<_> = [1, 2, 3].map(|last| slots.admit(ip(last)).0).into();
        let (_newcomer, evicted) = slots.admit(ip(4));
        assert_eq!(evicted.map(|evicted| evicted.peer), Some(ip(1)));
        assert!(held[0].evict.is_cancelled());
        assert!(!held[1].evict.is_cancelled() && !held[2].evict.is_cancelled());
    }

    /// Behind a PROXY protocol proxy every connection comes from it: once
    /// the header names each one's client, a flood from one client pushes
    /// out its own handshakes, not the others' (all the proxy's before).
    #[test]
    fn a_slot_moved_to_the_client_a_proxy_names_counts_as_theirs() {
        let proxy = ip(9);
        let slots = Slots::new(4);
        let (mut player, _) = slots.admit(proxy);
        player.move_to(ip(1));
        let mut flood = Vec::new();
        for _ in 0..3 {
            let (mut ticket, _) = slots.admit(proxy);
            ticket.move_to(ip(2));
            flood.push(ticket);
        }
        let (_newcomer, evicted) = slots.admit(proxy);
        assert_eq!(evicted.map(|evicted| evicted.peer), Some(ip(2)));
        assert!(flood[0].evict.is_cancelled());
        assert!(!player.evict.is_cancelled());
        // Dropped, a moved ticket frees its slot under its new address.
        drop(player);
        assert_eq!(slots.held(), 3);
    }

    #[test]
    fn a_ticket_dropped_frees_its_slot() {
        let slots = Slots::new(2);
        let (one, _) = slots.admit(ip(1));
        let (two, _) = slots.admit(ip(1));
        assert_eq!(slots.held(), 2);
        drop(one);
        assert_eq!(slots.held(), 1);
        let (_three, evicted) = slots.admit(ip(2));
        assert!(evicted.is_none());
        drop(two);
        assert_eq!(slots.held(), 1);
    }
}

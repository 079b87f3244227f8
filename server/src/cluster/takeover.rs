//! Leases and takeovers. Every third of a lease, a node renews its own (in
//! a task of its own) and looks for nodes whose lease is gone (or that
//! handed their rooms back when they stopped): it takes their rooms over
//! from the database, a few at a time, the other nodes taking the rest,
//! and brings each back as a restart does — its held commits, its
//! deadlines with the time they had left on the clock of the node they
//! come from. Clients come back to it through any node.

use std::sync::Arc;

use redis::AsyncCommands;
use tokio::time::Instant;
use tracing::{error, info, warn};

use super::publisher::Outgoing;
use super::wire::{self, Notice};
use super::{Cluster, lock};
use crate::clock::UptimeClock;
use crate::room::{Act, Command, RestoredRoom};

/// Rooms taken over at once (the other nodes take the others meanwhile).
const TAKEN_AT_ONCE: i64 = 32;

pub(super) async fn run(cluster: Arc<Cluster>) {
    tokio::spawn(renew(Arc::clone(&cluster)));
    let tick = cluster.lease / 3;
    loop {
        tokio::select! {
            () = tokio::time::sleep(tick) => {}
            () = cluster.wake.notified() => {}
            () = cluster.shutdown.cancelled() => return,
        }
        // A node whose own lease is not being renewed takes nothing over.
        if !cluster.redis_answers() {
            continue;
        }
        cluster.take_over_dead().await;
        cluster.drop_guests_of_dead_nodes().await;
        cluster.forget_stale_asks();
        cluster.unwatch_idle().await;
    }
}

/// Renews this node's lease every third of it, in a task of its own: the
/// takeovers wait for the database, and a database that does not answer
/// must not cost a living node its lease (and its rooms, once it is back).
async fn renew(cluster: Arc<Cluster>) {
    let tick = cluster.lease / 3;
    let mut warned = false;
    loop {
        tokio::select! {
            () = tokio::time::sleep(tick) => {}
            () = cluster.shutdown.cancelled() => return,
        }
        match cluster.renew_lease().await {
            Ok(()) => {
                if warned {
                    info!("the cluster's Redis answers again");
                    warned = false;
                }
            }
            Err(cause) => {
                if !warned {
                    warn!(cause = %cause, "cannot renew this node's lease: Redis does not answer");
                    warned = true;
                }
            }
        }
    }
}

impl Cluster {
    /// Renews this node's lease, and notices trouble: Redis lost its data
    /// (its boot key changed: what this node keeps there is written again),
    /// this node's lease had run out, or the last renewal failed or was
    /// slow. After trouble the other nodes' leases may have run out too,
    /// though they live: for two leases no node is taken as dead, and this
    /// node looks for rooms it lost meanwhile.
    pub(super) async fn renew_lease(self: &Arc<Self>) -> redis::RedisResult<()> {
        let started = Instant::now();
        let mut redis = self.redis.clone();
        let lease_ms = u64::try_from(self.lease.as_millis()).unwrap_or(u64::MAX);
        let fresh_boot = super::random_name();
        let renewed: redis::RedisResult<(Option<String>, String)> = redis::pipe()
            .cmd("SET")
            .arg(wire::lease_key(&self.node))
            .arg(1)
            .arg("PX")
            .arg(lease_ms)
            .arg("GET")
            .cmd("SET")
            .arg(wire::boot_key())
            .arg(&fresh_boot)
            .arg("NX")
            .ignore()
            .get(wire::boot_key())
            .query_async(&mut redis)
            .await;
        let (lease_before, boot) = match renewed {
            Ok(renewed) => renewed,
            Err(cause) => {
                lock(&self.health).failed = true;
                metrics::counter!(crate::metrics::LEASE_RENEWALS, "outcome" => "failed")
                    .increment(1);
                return Err(cause);
            }
        };
        let (lost_data, troubled) = {
            let mut health = lock(&self.health);
            let first = health.renewed.is_none();
            let lost_data = health.boot.as_ref().is_some_and(|known| *known != boot);
            let lapsed = !first && lease_before.is_none();
            let slow = started.elapsed() > self.lease / 3;
            let troubled = lost_data || lapsed || slow || health.failed;
            let now = Instant::now();
            if troubled {
                health.unsure_until = Some(now + 2 * self.lease);
            }
            health.failed = false;
            health.renewed = Some(now);
            health.boot = Some(boot);
            (lost_data, troubled)
        };
        let outcome = if troubled { "troubled" } else { "ok" };
        metrics::counter!(crate::metrics::LEASE_RENEWALS, "outcome" => outcome).increment(1);
        if lost_data {
            warn!("the cluster's Redis lost its data: this node's rooms are written to it again");
            self.write_again();
            self.data_losses
                .fetch_add(1, std::sync::atomic::Ordering::AcqRel);
        }
        if troubled || self.unsure() {
            // Off this task: the database may be slow to answer, and the
            // lease must not wait for it.
            let cluster = Arc::clone(self);
            tokio::spawn(async move { cluster.stop_lost_rooms().await });
        }
        Ok(())
    }

    /// Stops this node's copies of the rooms another node has taken over
    /// (while this one could not renew its lease, say): their clients are
    /// disconnected, and come back to the room where it runs now, without
    /// waiting for a write the database would refuse.
    async fn stop_lost_rooms(&self) {
        match self
            .database(crate::store::postgres::PostgresStore::lost_rooms)
            .await
        {
            Ok(lost) => {
                for code in lost {
                    if let Some(handle) = self.local.local_room(&code) {
                        warn!(room = %code, "another node took this room over: this copy stops");
                        tokio::spawn(async move {
                            handle.send(Command::from_server(Act::HandedOver)).await
                        });
                    }
                }
            }
            Err(cause) => warn!(cause = %cause, "cannot look for rooms taken over from this node"),
        }
    }

    /// Takes over the rooms of the nodes that died or stopped.
    async fn take_over_dead(self: &Arc<Self>) {
        // This node's view of Redis must be the current one first: Redis
        // may have restarted, or been away, since the last renewal, and the
        // leases it lacks then are of nodes that live.
        if self.renew_lease().await.is_err() || self.unsure() {
            return;
        }
        let owners = match self
            .database(crate::store::postgres::PostgresStore::other_owners)
            .await
        {
            Ok(owners) => owners,
            Err(cause) => {
                warn!(cause = %cause, "cannot look for rooms to take over");
                return;
            }
        };
        for owner in owners {
            let gone = owner.is_empty() || !self.alive(&owner).await.unwrap_or(true);
            if !gone {
                continue;
            }
            if !owner.is_empty() {
                self.drop_members_of(Some(&owner));
                self.drop_guests_from(Some(&owner));
            }
            self.take_over_from(&owner).await;
        }
    }

    /// Takes over rooms of `from` until none is left for this node.
    async fn take_over_from(self: &Arc<Self>, from: &str) {
        let Some(context) = self.context() else {
            return;
        };
        loop {
            let owner = from.to_owned();
            let taken = match self
                .database(move |store| store.take_over(&owner, TAKEN_AT_ONCE))
                .await
            {
                Ok(taken) => taken,
                Err(cause) => {
                    warn!(cause = %cause, from, "cannot take rooms over");
                    return;
                }
            };
            for code in &taken.never_stored {
                // Made, and its node died before storing it: called off.
                // Its code leads nowhere now, and the seekers a pairing
                // put there keep their place in the queue.
                warn!(room = %code, from, "a room its node never stored is called off");
                self.forget_code_of(*code, from).await;
                self.keep_places_of(*code).await;
            }
            if taken.rooms.is_empty() && taken.never_stored.is_empty() {
                return;
            }
            // Their deadlines are in the clock of the node they come from,
            // which stopped where it last recorded it.
            let clock = UptimeClock::resume_from(taken.uptime_ms);
            for stored in taken.rooms {
                let code = stored.code;
                match RestoredRoom::taken_over(stored, Arc::clone(&context), clock) {
                    Ok(room) => {
                        let seats = room.seat_tokens();
                        self.local.start_restored(vec![room]);
                        self.route_here(code, &seats);
                        self.publisher.send(Outgoing::Notice(Notice::Moved {
                            room: code,
                            from: from.to_owned(),
                            to: self.node.to_string(),
                        }));
                        metrics::counter!(crate::metrics::ROOMS_TAKEN_OVER).increment(1);
                        info!(room = %code, from, "room taken over");
                    }
                    Err(cause) => {
                        error!(room = %code, cause = %cause, "a room taken over cannot be brought back: set aside");
                        let _ = self.database(move |store| store.set_aside(code)).await;
                    }
                }
            }
        }
    }

    /// News of the cluster.
    pub(super) fn noticed(self: &Arc<Self>, notice: Notice) {
        match notice {
            Notice::NodeLeft { node } if *node != *self.node => {
                self.drop_members_of(Some(&node));
                self.drop_guests_from(Some(&node));
                self.wake.notify_one();
            }
            Notice::NodeLeft { .. } => {}
            Notice::Moved { room, from, to } if *to != *self.node => {
                if *from == *self.node
                    && let Some(handle) = self.local.local_room(&room)
                {
                    // This node lost the room (it was cut off for longer
                    // than its lease): its copy stops.
                    tokio::spawn(async move {
                        handle.send(Command::from_server(Act::HandedOver)).await
                    });
                }
                self.drop_members_of_room(room, &from);
            }
            Notice::Moved { .. } => {}
            Notice::Challenge { to, frame } => self.challenge_news(&to, &frame),
        }
    }

    /// The node stops, its rooms stopped and stored: hands them back for
    /// the others to take at once, without waiting for its lease to run
    /// out.
    pub(crate) async fn leave(&self, uptime_ms: u64) {
        match self.database(move |store| store.release(uptime_ms)).await {
            Ok(rooms) => info!(rooms, "rooms handed back to the cluster"),
            Err(cause) => {
                warn!(cause = %cause, "cannot hand the rooms back: the others take them when the lease runs out");
                return;
            }
        }
        let mut redis = self.redis.clone();
        let notice = serde_json::to_string(&Notice::NodeLeft {
            node: self.node.to_string(),
        })
        .unwrap_or_default();
        let left: redis::RedisResult<()> = async {
            redis.del::<_, ()>(wire::lease_key(&self.node)).await?;
            redis
                .publish::<_, _, ()>(wire::notices_channel(), notice)
                .await
        }
        .await;
        if let Err(cause) = left {
            warn!(cause = %cause, "cannot tell the cluster this node left");
        }
    }
}

//! What every node finds in Redis: which node runs a room (whose key also
//! holds the room's code for the whole cluster), where each seat token
//! leads, the public listing and the rooms' summaries. PostgreSQL has the
//! last word on who runs a room: a code Redis has lost is looked up there.

use std::sync::Arc;

use mice_cake_protocol::{ErrorCode, RoomCode, RoomList, RoomSummary};
use redis::AsyncCommands;
use tracing::warn;

use super::publisher::Outgoing;
use super::{Cluster, wire};
use crate::room::Refusal;
use crate::store::StoreError;
use crate::token::TokenHash;

/// Where a room runs, as a lookup found it.
pub(crate) enum Whereabouts {
    /// On this node.
    Here,
    /// On this live node.
    There(String),
    /// Nowhere just now: its node died or stopped, and another is taking
    /// it over.
    Moving,
}

impl Cluster {
    /// Runs a blocking call of the database off the async runtime.
    pub(super) async fn database<T: Send + 'static>(
        &self,
        call: impl FnOnce(&crate::store::postgres::PostgresStore) -> Result<T, StoreError>
        + Send
        + 'static,
    ) -> Result<T, StoreError> {
        let store = Arc::clone(&self.store);
        tokio::task::spawn_blocking(move || call(&store))
            .await
            .unwrap_or(Err(StoreError::Stopped))
    }

    /// Takes a code no room of the cluster has: first in Redis (`SET NX`,
    /// which two nodes cannot both win), then in the database.
    pub(crate) async fn take_code(
        &self,
        mut fresh: impl FnMut() -> RoomCode,
    ) -> Result<RoomCode, Refusal> {
        let mut redis = self.redis.clone();
        for _ in 0..64 {
            let code = fresh();
            let taken: Option<String> = redis::cmd("SET")
                .arg(wire::room_key(code))
                .arg(&*self.node)
                .arg("NX")
                .query_async(&mut redis)
                .await
                .map_err(|cause| {
                    warn!(cause = %cause, "cannot take a room code in Redis");
                    unreachable_cluster()
                })?;
            if taken.is_none() {
                continue;
            }
            match self.database(move |store| store.claim_new(code)).await {
                Ok(true) => return Ok(code),
                // A room Redis forgot (it lost its data) has it: the entry
                // just written is not this node's to keep.
                Ok(false) => {
                    self.forget_code_of(code, &self.node).await;
                    continue;
                }
                Err(cause) => {
                    warn!(cause = %cause, "cannot claim a room code in the database");
                    let _: Result<(), _> = redis.del(wire::room_key(code)).await;
                    return Err(unreachable_cluster());
                }
            }
        }
        Err(Refusal::new(ErrorCode::TooManyRooms, "no free room code"))
    }

    /// Gives back a code taken for a room that did not start.
    pub(crate) async fn give_back_code(&self, code: RoomCode) {
        let mut redis = self.redis.clone();
        let _: Result<(), _> = redis.del(wire::room_key(code)).await;
        let _ = self.database(move |store| store.unclaim(code)).await;
    }

    /// Where room `code` runs; `None` if no room has it.
    pub(crate) async fn whereabouts(&self, code: RoomCode) -> Result<Option<Whereabouts>, Refusal> {
        let mut redis = self.redis.clone();
        let owner: Option<String> = redis
            .get(wire::room_key(code))
            .await
            .map_err(|_| unreachable_cluster())?;
        let owner = match owner {
            Some(owner) => Some(owner),
            // Redis may have lost it: the database knows.
            None => self
                .database(move |store| store.owner_of(code))
                .await
                .map_err(|_| unreachable_cluster())?,
        };
        let Some(owner) = owner else {
            return Ok(None);
        };
        if *owner == *self.node {
            return Ok(Some(Whereabouts::Here));
        }
        if owner.is_empty() || !self.alive(&owner).await? {
            return self.whereabouts_past(code, &owner).await;
        }
        Ok(Some(Whereabouts::There(owner)))
    }

    /// Where room `code` runs when Redis names `owner`, a node whose lease
    /// is gone: the database says whether another node has taken it over,
    /// or whether it still waits for one — or whether it no longer exists
    /// (closed, or never stored and called off by the takeover), when the
    /// stale entry is forgotten. An entry never outlives its node's lease
    /// unless its room is stored.
    async fn whereabouts_past(
        &self,
        code: RoomCode,
        owner: &str,
    ) -> Result<Option<Whereabouts>, Refusal> {
        let now = self
            .database(move |store| store.owner_of(code))
            .await
            .map_err(|_| unreachable_cluster())?;
        match now {
            None => {
                self.forget_code_of(code, owner).await;
                Ok(None)
            }
            Some(now) if *now == *self.node => Ok(Some(Whereabouts::Here)),
            Some(now) if now != owner && !now.is_empty() && self.alive(&now).await? => {
                Ok(Some(Whereabouts::There(now)))
            }
            Some(_) => {
                self.wake.notify_one();
                Ok(Some(Whereabouts::Moving))
            }
        }
    }

    /// Deletes room `code`'s entry if it still names `owner` (another node
    /// may have taken the code meanwhile).
    pub(super) async fn forget_code_of(&self, code: RoomCode, owner: &str) {
        const IF_STILL_OWNED: &str = "if redis.call('GET', KEYS[1]) == ARGV[1] then return redis.call('DEL', KEYS[1]) end return 0";
        let forgotten: redis::RedisResult<i64> = redis::cmd("EVAL")
            .arg(IF_STILL_OWNED)
            .arg(1)
            .arg(wire::room_key(code))
            .arg(owner)
            .query_async(&mut self.redis.clone())
            .await;
        if let Err(cause) = forgotten {
            warn!(room = %code, cause = %cause, "cannot forget a room's stale entry in Redis");
        }
    }

    /// The room a seat token leads to.
    pub(crate) async fn room_of_seat(&self, hash: &TokenHash) -> Result<Option<RoomCode>, Refusal> {
        let mut redis = self.redis.clone();
        let code: Option<String> = redis
            .get(wire::seat_key(hash))
            .await
            .map_err(|_| unreachable_cluster())?;
        if let Some(code) = code.and_then(|code| code.parse().ok()) {
            return Ok(Some(code));
        }
        // Redis may have lost it (restarted empty, and its room's node has
        // not written it again yet): the database has every seat.
        let hash = *hash;
        self.database(move |store| store.room_of_seat(&hash))
            .await
            .map_err(|cause| {
                warn!(cause = %cause, "cannot look a seat up in the database");
                unreachable_cluster()
            })
    }

    /// Whether node `node`'s lease lives.
    pub(super) async fn alive(&self, node: &str) -> Result<bool, Refusal> {
        let mut redis = self.redis.clone();
        let alive: bool = redis
            .exists(wire::lease_key(node))
            .await
            .map_err(|_| unreachable_cluster())?;
        Ok(alive || self.unsure())
    }

    /// The public rooms of the whole cluster.
    pub(crate) async fn listing(&self) -> RoomList {
        let mut redis = self.redis.clone();
        let listed: Result<Vec<String>, _> = redis.hvals(wire::listing_key()).await;
        let summaries = match listed {
            Ok(listed) => listed
                .iter()
                .filter_map(|summary| serde_json::from_str::<RoomSummary>(summary).ok())
                .collect(),
            Err(cause) => {
                // The rooms here, rather than nothing.
                warn!(cause = %cause, "cannot read the cluster's listing: listing this node's rooms");
                self.local.listed()
            }
        };
        crate::room::listing(summaries)
    }

    /// Room `code`'s summary as its node last told it, listed or not;
    /// `None` if none is known.
    pub(crate) async fn summary(&self, code: RoomCode) -> Result<Option<RoomSummary>, Refusal> {
        if let Some(summary) = self.local.summary_of(&code) {
            return Ok(Some(summary));
        }
        let mut redis = self.redis.clone();
        let summary: Option<String> = redis
            .hget(wire::summaries_key(), code.to_string())
            .await
            .map_err(|_| unreachable_cluster())?;
        Ok(summary.and_then(|summary| serde_json::from_str(&summary).ok()))
    }

    /// A seat token leads to `code`.
    pub(crate) fn register_seat(&self, hash: &TokenHash, code: RoomCode) {
        let mut set = redis::cmd("SET");
        set.arg(wire::seat_key(hash)).arg(code.to_string());
        self.publisher.send(Outgoing::Key(set));
    }

    /// A seat token leads nowhere any more.
    pub(crate) fn forget_seat(&self, hash: &TokenHash) {
        let mut del = redis::cmd("DEL");
        del.arg(wire::seat_key(hash));
        self.publisher.send(Outgoing::Key(del));
    }

    /// Keeps a room's summary for lookups by code, and lists it or
    /// withdraws it from the listing.
    pub(crate) fn publish(&self, code: RoomCode, summary: &RoomSummary, listed: bool) {
        let Ok(summary) = serde_json::to_string(summary) else {
            return;
        };
        let mut keep = redis::cmd("HSET");
        keep.arg(wire::summaries_key())
            .arg(code.to_string())
            .arg(&summary);
        self.publisher.send(Outgoing::Key(keep));
        let listing = if listed {
            let mut set = redis::cmd("HSET");
            set.arg(wire::listing_key())
                .arg(code.to_string())
                .arg(summary);
            set
        } else {
            let mut del = redis::cmd("HDEL");
            del.arg(wire::listing_key()).arg(code.to_string());
            del
        };
        self.publisher.send(Outgoing::Key(listing));
    }

    /// Room `code` runs here now: routes to it (and its seat tokens) lead
    /// here.
    pub(crate) fn route_here(&self, code: RoomCode, seats: &[TokenHash]) {
        let mut set = redis::cmd("SET");
        set.arg(wire::room_key(code)).arg(&*self.node);
        self.publisher.send(Outgoing::Key(set));
        for seat in seats {
            self.register_seat(seat, code);
        }
    }

    /// A room closed for good: its code, seats, listing and summary go.
    pub(crate) fn forget_room(&self, code: RoomCode, seats: &[TokenHash]) {
        let mut del = redis::cmd("DEL");
        del.arg(wire::room_key(code));
        for seat in seats {
            del.arg(wire::seat_key(seat));
        }
        self.publisher.send(Outgoing::Key(del));
        for key in [wire::listing_key(), wire::summaries_key()] {
            let mut forget = redis::cmd("HDEL");
            forget.arg(key).arg(code.to_string());
            self.publisher.send(Outgoing::Key(forget));
        }
    }

    /// Writes again what Redis should know of this node's rooms (it lost
    /// its data).
    pub(super) fn write_again(&self) {
        let (rooms, seats) = self.local.rooms_and_seats();
        for code in rooms {
            self.route_here(code, &[]);
        }
        for (hash, code) in seats {
            self.register_seat(&hash, code);
        }
        for (summary, listed) in self.local.published() {
            self.publish(summary.code, &summary, listed);
        }
    }
}

/// What a client is told when the cluster's Redis or database does not
/// answer.
fn unreachable_cluster() -> Refusal {
    Refusal::new(
        ErrorCode::Unavailable,
        "the server cannot reach the cluster just now; try again in a moment",
    )
}

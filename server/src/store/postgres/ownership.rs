//! Who runs each room of a cluster, kept beside the rooms (`room_owners`):
//! the node, and the room's epoch. A node creating a room claims its code;
//! a node taking over the rooms of one that died (or stopped) moves them to
//! itself and raises their epochs, in one statement that two nodes cannot
//! both win. Every write checks, in its transaction, that its node still
//! holds each room at the epoch it took it with: a node that lost a room
//! (cut off from Redis while the others took its rooms, say) can never
//! write over the node that runs it now (fencing).

use std::collections::HashMap;
use std::sync::{Mutex, MutexGuard, PoisonError};

use mice_cake_protocol::RoomCode;
use r2d2_postgres::postgres::{self, Transaction};

use super::{PostgresStore, bigint, load_rooms};
use crate::store::{RoomWrite, StoreError, StoredRoom};
use crate::token::TokenHash;

/// Where a room goes whose stored state cannot be brought back: no node
/// takes it (an operator repairs or deletes its rows).
const UNREADABLE: &str = "(unreadable)";

/// This node, and the epoch of each room it runs.
pub(super) struct Owner {
    pub(super) node: String,
    pub(super) epochs: Mutex<HashMap<RoomCode, i64>>,
}

/// Rooms taken over from a node, with its uptime when it last recorded it
/// (their deadlines are stored in its clock).
#[derive(Debug)]
pub(crate) struct TakenRooms {
    pub(crate) rooms: Vec<StoredRoom>,
    pub(crate) uptime_ms: u64,
    /// Claims dropped because their room was never stored (made, and its
    /// node died before writing it): rooms that no longer exist, whose
    /// codes the directory must forget.
    pub(crate) never_stored: Vec<RoomCode>,
}

impl Owner {
    fn epochs(&self) -> MutexGuard<'_, HashMap<RoomCode, i64>> {
        self.epochs.lock().unwrap_or_else(PoisonError::into_inner)
    }

    /// Refuses the writes unless this node holds each of their rooms at
    /// its epoch; the rows stay locked until the transaction ends, so that
    /// no takeover comes between the check and the write.
    pub(super) fn check(
        &self,
        transaction: &mut Transaction<'_>,
        writes: &[RoomWrite],
    ) -> Result<(), StoreError> {
        let codes: Vec<String> = writes
            .iter()
            .map(|write| write.code().to_string())
            .collect();
        let held: HashMap<String, (String, i64)> = transaction
            .query(
                "SELECT code, node, epoch FROM room_owners WHERE code = ANY($1) FOR SHARE",
                &[&codes],
            )?
            .into_iter()
            .map(|row| (row.get(0), (row.get(1), row.get(2))))
            .collect();
        let epochs = self.epochs();
        for write in writes {
            let code = write.code();
            let holds = match (held.get(&code.to_string()), epochs.get(&code)) {
                (Some((node, epoch)), Some(mine)) => *node == self.node && epoch == mine,
                _ => false,
            };
            if !holds {
                return Err(StoreError::Fenced {
                    code: code.to_string(),
                });
            }
        }
        Ok(())
    }

    /// Rooms closed for good: their claims go with them.
    pub(super) fn closed(
        &self,
        transaction: &mut Transaction<'_>,
        codes: &[RoomCode],
    ) -> Result<(), StoreError> {
        if codes.is_empty() {
            return Ok(());
        }
        let codes: Vec<String> = codes.iter().map(ToString::to_string).collect();
        transaction.execute(
            "DELETE FROM room_owners WHERE code = ANY($1) AND node = $2",
            &[&codes, &self.node],
        )?;
        Ok(())
    }

    /// Forgets the epochs of the rooms these (stored) writes closed.
    pub(super) fn forget_closed(&self, writes: &[RoomWrite]) {
        let mut epochs = self.epochs();
        for write in writes {
            if let RoomWrite::Remove(code) = write {
                epochs.remove(code);
            }
        }
    }

    pub(super) fn record_uptime(
        &self,
        client: &mut impl postgres::GenericClient,
        uptime_ms: u64,
    ) -> Result<(), StoreError> {
        client.execute(
            "INSERT INTO node_clocks (node, uptime_ms) VALUES ($1, $2)
             ON CONFLICT (node) DO UPDATE SET uptime_ms = excluded.uptime_ms",
            &[&self.node, &bigint(uptime_ms)],
        )?;
        Ok(())
    }
}

impl PostgresStore {
    fn owner(&self) -> Result<&Owner, StoreError> {
        self.cluster.as_ref().ok_or_else(|| StoreError::Query {
            source: "this server is not in a cluster".into(),
        })
    }

    /// Claims a new room's code for this node; `false` if a room has it.
    pub(crate) fn claim_new(&self, code: RoomCode) -> Result<bool, StoreError> {
        let owner = self.owner()?;
        let claimed = self.connection()?.execute(
            "INSERT INTO room_owners (code, node, epoch) VALUES ($1, $2, 1)
             ON CONFLICT (code) DO NOTHING",
            &[&code.to_string(), &owner.node],
        )? == 1;
        if claimed {
            owner.epochs().insert(code, 1);
        }
        Ok(claimed)
    }

    /// Gives up a claim that led nowhere (a room that did not start).
    pub(crate) fn unclaim(&self, code: RoomCode) -> Result<(), StoreError> {
        let owner = self.owner()?;
        self.connection()?.execute(
            "DELETE FROM room_owners WHERE code = $1 AND node = $2",
            &[&code.to_string(), &owner.node],
        )?;
        owner.epochs().remove(&code);
        Ok(())
    }

    /// Takes over at most `most` of the rooms `from` ran (a node that died,
    /// or `""`: rooms handed back), raising their epochs. Nodes taking over
    /// together each get their own (the others' rows are skipped, not
    /// waited for). A claim with no room stored (created, never written) is
    /// dropped.
    pub(crate) fn take_over(&self, from: &str, most: i64) -> Result<TakenRooms, StoreError> {
        let owner = self.owner()?;
        let mut client = self.connection()?;
        let mut transaction = client.transaction()?;
        let taken: Vec<(String, i64)> = transaction
            .query(
                "WITH taken AS (
                     SELECT code FROM room_owners WHERE node = $1
                     ORDER BY code LIMIT $3 FOR UPDATE SKIP LOCKED
                 )
                 UPDATE room_owners o SET node = $2, epoch = o.epoch + 1
                 FROM taken WHERE o.code = taken.code
                 RETURNING o.code, o.epoch",
                &[&from, &owner.node, &most],
            )?
            .into_iter()
            .map(|row| (row.get(0), row.get(1)))
            .collect();
        let uptime: Option<i64> = transaction
            .query_opt(
                "SELECT uptime_ms FROM node_clocks WHERE node = $1",
                &[&from],
            )?
            .map(|row| row.get(0));
        let codes: Vec<String> = taken.iter().map(|(code, _)| code.clone()).collect();
        let rooms = load_rooms(&mut transaction, &codes)?;
        let stored: std::collections::HashSet<String> =
            rooms.iter().map(|room| room.code.to_string()).collect();
        let never_written: Vec<&String> = codes
            .iter()
            .filter(|code| !stored.contains(*code))
            .collect();
        for code in &never_written {
            transaction.execute("DELETE FROM room_owners WHERE code = $1", &[*code])?;
        }
        let never_stored = never_written
            .iter()
            .filter_map(|code| code.parse::<RoomCode>().ok())
            .collect();
        transaction.commit()?;
        let mut epochs = owner.epochs();
        for (code, epoch) in taken {
            if let Ok(code) = code.parse::<RoomCode>()
                && stored.contains(&code.to_string())
            {
                epochs.insert(code, epoch);
            }
        }
        Ok(TakenRooms {
            rooms,
            uptime_ms: uptime.and_then(|ms| u64::try_from(ms).ok()).unwrap_or(0),
            never_stored,
        })
    }

    /// Puts a room taken over whose stored state cannot be brought back
    /// where no node takes it again.
    pub(crate) fn set_aside(&self, code: RoomCode) -> Result<(), StoreError> {
        let owner = self.owner()?;
        self.connection()?.execute(
            "UPDATE room_owners SET node = $3 WHERE code = $1 AND node = $2",
            &[&code.to_string(), &owner.node, &UNREADABLE],
        )?;
        owner.epochs().remove(&code);
        Ok(())
    }

    /// Hands every room of this node back, for the others to take at once
    /// (the node is stopping), recording its uptime with them.
    pub(crate) fn release(&self, uptime_ms: u64) -> Result<u64, StoreError> {
        let owner = self.owner()?;
        let mut client = self.connection()?;
        let mut transaction = client.transaction()?;
        // The rooms' deadlines are in this node's clock: the nodes taking
        // them read it under the name they are handed back with.
        let released = transaction.execute(
            "UPDATE room_owners SET node = '' WHERE node = $1",
            &[&owner.node],
        )?;
        transaction.execute(
            "INSERT INTO node_clocks (node, uptime_ms) VALUES ('', $1)
             ON CONFLICT (node) DO UPDATE SET uptime_ms = excluded.uptime_ms",
            &[&bigint(uptime_ms)],
        )?;
        owner.record_uptime(&mut transaction, uptime_ms)?;
        transaction.commit()?;
        owner.epochs().clear();
        Ok(released)
    }

    /// The other nodes that run rooms (`""` for rooms handed back).
    pub(crate) fn other_owners(&self) -> Result<Vec<String>, StoreError> {
        let owner = self.owner()?;
        Ok(self
            .connection()?
            .query(
                "SELECT DISTINCT node FROM room_owners WHERE node <> $1 AND node <> $2",
                &[&owner.node, &UNREADABLE],
            )?
            .into_iter()
            .map(|row| row.get(0))
            .collect())
    }

    /// The room a seat token leads to, by its hash: for a node that does
    /// not find it in Redis (which may have restarted empty).
    pub(crate) fn room_of_seat(&self, hash: &TokenHash) -> Result<Option<RoomCode>, StoreError> {
        let room: Option<String> = self
            .connection()?
            .query_opt(
                "SELECT room FROM room_seats WHERE hash = $1",
                &[&hash.as_slice()],
            )?
            .map(|row| row.get(0));
        Ok(room.and_then(|room| room.parse().ok()))
    }

    /// The rooms this node runs that another node has taken over since
    /// (this one was cut off for longer than its lease): forgotten here,
    /// for their copies to stop. A room closed meanwhile is not one.
    pub(crate) fn lost_rooms(&self) -> Result<Vec<RoomCode>, StoreError> {
        let owner = self.owner()?;
        let mine: Vec<(RoomCode, i64)> = owner
            .epochs()
            .iter()
            .map(|(code, epoch)| (*code, *epoch))
            .collect();
        if mine.is_empty() {
            return Ok(Vec::new());
        }
        let codes: Vec<String> = mine.iter().map(|(code, _)| code.to_string()).collect();
        let held: HashMap<String, (String, i64)> = self
            .connection()?
            .query(
                "SELECT code, node, epoch FROM room_owners WHERE code = ANY($1)",
                &[&codes],
            )?
            .into_iter()
            .map(|row| (row.get(0), (row.get(1), row.get(2))))
            .collect();
        let lost: Vec<RoomCode> = mine
            .into_iter()
            .filter(|(code, epoch)| {
                held.get(&code.to_string())
                    .is_some_and(|(node, held)| *node != owner.node || held != epoch)
            })
            .map(|(code, _)| code)
            .collect();
        let mut epochs = owner.epochs();
        for code in &lost {
            epochs.remove(code);
        }
        Ok(lost)
    }

    /// The node that runs room `code`, if it lives.
    pub(crate) fn owner_of(&self, code: RoomCode) -> Result<Option<String>, StoreError> {
        Ok(self
            .connection()?
            .query_opt(
                "SELECT node FROM room_owners WHERE code = $1",
                &[&code.to_string()],
            )?
            .map(|row| row.get(0)))
    }
}

//! A room's log: what changed since its last snapshot, a few fields per
//! write, so that a seal or a round costs a small append instead of the
//! room's whole snapshot (2–3 KB of JSON) rewritten.
//!
//! Only the parts of a room that move every round go in the log (the
//! exchange under way, its deadlines, the last event's number). Anything
//! else that changes (a seat, a new game, a result) makes the room write a
//! whole snapshot, which also starts its log afresh; so does a log grown to
//! [`LOG_LIMIT`] entries. Restoring a room is its snapshot with its log
//! applied in order.

use std::hash::{BuildHasher, RandomState};
use std::sync::LazyLock;

use mice_cake_engine::{Exchange, Seated, Seed};
use serde::{Deserialize, Serialize};

use super::RoomSnapshot;

/// The most entries a room's log holds: the next write is a snapshot.
pub(crate) const LOG_LIMIT: u32 = 32;

/// One moving part of a room, as it now is.
#[derive(Clone, PartialEq, Eq, Debug, Serialize, Deserialize)]
#[serde(rename_all = "snake_case", deny_unknown_fields)]
pub(crate) enum RoomChange {
    /// The seed of a game being dealt.
    Dealing(Option<Seed>),
    /// The exchange of sealed moves under way (as stored: seals, and the
    /// openings of moves the server made). Boxed: with its keys and
    /// signatures it is ten times the size of any other change.
    Exchange(Option<Box<Exchange>>),
    /// Whose move of this exchange the server made at the deadline.
    Auto(Seated<bool>),
    /// The deadline to seal, as an uptime.
    Deadline(Option<u64>),
    /// The time to open, as an uptime.
    OpenBy(Option<u64>),
    /// The number of the room's last event.
    LastSeq(u64),
}

/// One write's entry in a room's log: the parts that changed.
pub(crate) type LogEntry = Vec<RoomChange>;

/// What a room keeps of itself as last written, to write its next change:
/// its moving parts, and digests of the rest and of the exchange (the two
/// big parts, 1.5 KB of every room kept whole). A digest is keyed afresh by
/// each server ([`RandomState`]), so that no client can choose a change
/// that leaves it as it was.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(crate) struct Written {
    /// Everything but the moving parts.
    settled: u64,
    dealing: Option<Seed>,
    exchange: u64,
    auto: Seated<bool>,
    deadline: Option<u64>,
    open_by: Option<u64>,
    last_seq: u64,
}

/// The keys of this server's digests.
static DIGESTS: LazyLock<RandomState> = LazyLock::new(RandomState::new);

impl Written {
    /// A room written as `snapshot` is.
    pub(crate) fn of(snapshot: &RoomSnapshot) -> Written {
        // Every field named, so that a new one must be placed on one side.
        let RoomSnapshot {
            options,
            status,
            seats,
            game_number,
            deal,
            commits: _,
            dealing,
            exchange,
            auto,
            deadline,
            open_by,
            open_left_ms,
            rematch,
            result,
            game_ids,
            last_seq,
            autos,
            not_rated,
            rated_start,
            paired,
            arena,
            challenge,
            match_state,
            next_game_at,
        } = snapshot;
        let settled = DIGESTS.hash_one((
            (options, open_left_ms, status, seats, game_number, deal),
            (rematch, result, game_ids, autos, not_rated, rated_start),
            (paired, arena, challenge, match_state, next_game_at),
        ));
        Written {
            settled,
            dealing: *dealing,
            exchange: DIGESTS.hash_one(exchange),
            auto: *auto,
            deadline: *deadline,
            open_by: *open_by,
            last_seq: *last_seq,
        }
    }

    /// What a log entry must say to bring a room written as `self` to
    /// `next` (written as `now`); `None` when more than moving parts
    /// changed (a snapshot must be written).
    pub(crate) fn entry_to(&self, now: &Written, next: &RoomSnapshot) -> Option<LogEntry> {
        if now.settled != self.settled {
            return None;
        }
        let mut entry = LogEntry::new();
        if now.dealing != self.dealing {
            entry.push(RoomChange::Dealing(now.dealing));
        }
        if now.exchange != self.exchange {
            entry.push(RoomChange::Exchange(next.exchange.map(Box::new)));
        }
        if now.auto != self.auto {
            entry.push(RoomChange::Auto(now.auto));
        }
        if now.deadline != self.deadline {
            entry.push(RoomChange::Deadline(now.deadline));
        }
        if now.open_by != self.open_by {
            entry.push(RoomChange::OpenBy(now.open_by));
        }
        if now.last_seq != self.last_seq {
            entry.push(RoomChange::LastSeq(now.last_seq));
        }
        Some(entry)
    }
}

impl RoomSnapshot {
    /// What a log entry must say to bring this snapshot to `next`; `None`
    /// when more than moving parts changed.
    #[cfg(test)]
    pub(crate) fn entry_to(&self, next: &RoomSnapshot) -> Option<LogEntry> {
        Written::of(self).entry_to(&Written::of(next), next)
    }

    /// Applies a log entry.
    pub(crate) fn apply(&mut self, entry: LogEntry) {
        for change in entry {
            match change {
                RoomChange::Dealing(dealing) => self.dealing = dealing,
                RoomChange::Exchange(exchange) => self.exchange = exchange.map(|held| *held),
                RoomChange::Auto(auto) => self.auto = auto,
                RoomChange::Deadline(deadline) => self.deadline = deadline,
                RoomChange::OpenBy(open_by) => self.open_by = open_by,
                RoomChange::LastSeq(last_seq) => self.last_seq = last_seq,
            }
        }
    }
}

#[cfg(test)]
pub(crate) mod tests {
    use mice_cake_engine::fair::{Commitment, Seal};

    use super::*;

    /// A room as a server stores it, between two games.
    pub(crate) fn a_room() -> RoomSnapshot {
        serde_json::from_str(
            r#"{"options":{"game":{"reveal":"standard","boost":false,"stall_limit":100},
            "deadline_ms":0,"public":false,"bot":null,"record_chat":false},"status":"playing",
            "seats":{"yellow":{"name":"ann","token":null,"bot":null,"connected":true,
            "grace_until":null,"auto_commits":0},"blue":{"name":"bob","token":null,
            "bot":"greedy","connected":false,"grace_until":null,"auto_commits":0}},
            "game_number":1,"deal":null,"dealing":null,"exchange":null,
            "auto":{"yellow":false,"blue":false},"deadline":null,"open_by":null,
            "rematch":{"yellow":false,"blue":false},"result":null,"game_ids":[],"last_seq":7}"#,
        )
        .unwrap()
    }

    #[test]
    fn moving_parts_go_to_the_log_and_the_entry_leads_to_the_next_snapshot() {
        let room = a_room();
        let mut next = room.clone();
        let mut exchange = Exchange::new(Commitment::from_bytes([3; 32]), 4);
        exchange.seals.yellow = Some(Seal::from_bytes([9; 32]));
        next.exchange = Some(exchange);
        next.open_by = Some(30_000);
        next.last_seq = 8;
        let entry = room.entry_to(&next).unwrap();
        assert_eq!(
            entry,
            [
                RoomChange::Exchange(Some(Box::new(exchange))),
                RoomChange::OpenBy(Some(30_000)),
                RoomChange::LastSeq(8),
            ]
        );
        let stored: LogEntry =
            serde_json::from_str(&serde_json::to_string(&entry).unwrap()).unwrap();
        let mut applied = room.clone();
        applied.apply(stored);
        assert_eq!(applied, next);
        assert_eq!(room.entry_to(&room), Some(Vec::new()));
    }

    #[test]
    fn anything_else_that_changes_takes_a_snapshot() {
        let room = a_room();
        let mut left = room.clone();
        left.seats.blue = None;
        let mut rematch = room.clone();
        rematch.rematch.yellow = true;
        let mut over = room.clone();
        over.status = mice_cake_protocol::RoomStatus::Finished;
        let mut started = room.clone();
        started.rated_start = Some(crate::store::RatedStart {
            at_ms: 1_764_159_000_000,
            bot_declarations: Seated::default(),
        });
        for next in [left, rematch, over, started] {
            assert_eq!(room.entry_to(&next), None, "{next:?}");
        }
    }
}

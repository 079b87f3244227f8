//! The write path: a batch of rooms' writes (the storage thread's group
//! commit) in one transaction of a handful of statements, whatever its size.
//!
//! Each kind of row goes in one statement for the whole batch, its values
//! as arrays (`unnest`), on a connection the writer keeps with its
//! statements prepared once. Row by row, a batch of 500 writes was about
//! 2,000 statements, each parsed and planned, and each two round trips to
//! the database; the storage thread spent its time waiting on them, and
//! rooms waited on it (docs/performance.md, "A cluster").
//!
//! A room's writes go in the order it made them. A batch in which a room
//! writes twice is cut in two where its second write starts (`segments`),
//! so that each statement touches a row at most once.

use std::collections::{HashMap, HashSet};

use mice_cake_engine::MatchId;
use mice_cake_protocol::{FinishedGame, GameSummary, RoomCode};
use r2d2_postgres::postgres::{Statement, Transaction};
use r2d2_postgres::{PostgresConnectionManager, r2d2};

use super::{PostgresStore, ratings};
use crate::store::{RoomUpdate, RoomWrite, StoreError};
use crate::token::TokenHash;

type Connection = r2d2::PooledConnection<PostgresConnectionManager<super::tls::MakeRustlsConnect>>;

/// The writer's connection, with its statements prepared.
pub(super) struct WriteSession {
    connection: Connection,
    statements: Statements,
}

/// Every statement a batch needs: each takes arrays, one element a row.
struct Statements {
    /// Everything stored of the rooms (`$1`): closed, or written afresh.
    forget_rooms: Statement,
    upsert_snapshots: Statement,
    clear_logs: Statement,
    clear_seats: Statement,
    insert_seats: Statement,
    append_log: Statement,
    clear_rounds: Statement,
    insert_rounds: Statement,
    insert_games: Statement,
    upsert_matches: Statement,
    /// Keeps the newest `$1` games, and the analyses of those only.
    prune_games: Statement,
}

const FORGET_ROOMS: &str = "
    WITH rooms_gone AS (DELETE FROM rooms WHERE code = ANY($1)),
         logs_gone AS (DELETE FROM room_log WHERE room = ANY($1)),
         rounds_gone AS (DELETE FROM rounds WHERE room = ANY($1))
    DELETE FROM room_seats WHERE room = ANY($1)";

const UPSERT_SNAPSHOTS: &str = "
    INSERT INTO rooms (code, snapshot)
    SELECT * FROM unnest($1::text[], $2::text[])
    ON CONFLICT (code) DO UPDATE SET snapshot = excluded.snapshot";

const CLEAR_LOGS: &str = "DELETE FROM room_log WHERE room = ANY($1)";

const CLEAR_SEATS: &str = "DELETE FROM room_seats WHERE room = ANY($1)";

const INSERT_SEATS: &str = "
    INSERT INTO room_seats (hash, room)
    SELECT * FROM unnest($1::bytea[], $2::text[])
    ON CONFLICT (hash) DO UPDATE SET room = excluded.room";

// A write retried after a failure goes to the same place.
const APPEND_LOG: &str = "
    INSERT INTO room_log (room, position, entry)
    SELECT * FROM unnest($1::text[], $2::int[], $3::text[])
    ON CONFLICT (room, position) DO UPDATE SET entry = excluded.entry";

const CLEAR_ROUNDS: &str = "DELETE FROM rounds WHERE room = ANY($1)";

const INSERT_ROUNDS: &str = "
    INSERT INTO rounds (room, round, report)
    SELECT * FROM unnest($1::text[], $2::int[], $3::text[])
    ON CONFLICT (room, round) DO UPDATE SET report = excluded.report";

/// The games, in order (their cursors follow it), and their players by
/// name with ASCII letters lowered (`$4`, `$5`: one array a seat).
const INSERT_GAMES: &str = "
    WITH new_games AS (
        INSERT INTO games (id, summary, game)
        SELECT id, summary, game
        FROM unnest($1::text[], $2::text[], $3::text[]) WITH ORDINALITY AS g (id, summary, game, n)
        ORDER BY n
        RETURNING cursor, id
    ), players AS (
        SELECT * FROM unnest($1::text[], $4::text[]) AS p (id, name)
        UNION SELECT * FROM unnest($1::text[], $5::text[])
    )
    INSERT INTO game_players (name, cursor)
    SELECT players.name, new_games.cursor FROM new_games JOIN players USING (id)
    ON CONFLICT DO NOTHING";

/// Each match as it now stands, in place of what it was.
const UPSERT_MATCHES: &str = "
    INSERT INTO matches (id, summary)
    SELECT * FROM unnest($1::text[], $2::text[])
    ON CONFLICT (id) DO UPDATE SET summary = excluded.summary";

// Each part sees the games as they were before the statement: an analysis
// goes unless its game is among those kept.
const PRUNE_GAMES: &str = "
    WITH oldest_kept AS (SELECT coalesce(max(cursor), 0) - $1 + 1 AS cursor FROM games),
         players_gone AS (
             DELETE FROM game_players WHERE cursor < (SELECT cursor FROM oldest_kept)),
         analyses_gone AS (
             DELETE FROM analyses WHERE game NOT IN (
                 SELECT id FROM games WHERE cursor >= (SELECT cursor FROM oldest_kept)))
    DELETE FROM games WHERE cursor < (SELECT cursor FROM oldest_kept)";

impl WriteSession {
    /// Takes a connection for the writer and prepares its statements.
    pub(super) fn open(mut connection: Connection) -> Result<WriteSession, StoreError> {
        // Planned for each call's arrays: a generic plan of `= ANY($1)`
        // cannot tell a few rooms from the whole table, and scanned all of
        // `room_log` to clear a few rooms' logs (9 ms a call).
        connection.batch_execute("SET plan_cache_mode = force_custom_plan")?;
        let mut prepare = |query: &str| connection.prepare(query);
        let statements = Statements {
            forget_rooms: prepare(FORGET_ROOMS)?,
            upsert_snapshots: prepare(UPSERT_SNAPSHOTS)?,
            clear_logs: prepare(CLEAR_LOGS)?,
            clear_seats: prepare(CLEAR_SEATS)?,
            insert_seats: prepare(INSERT_SEATS)?,
            append_log: prepare(APPEND_LOG)?,
            clear_rounds: prepare(CLEAR_ROUNDS)?,
            insert_rounds: prepare(INSERT_ROUNDS)?,
            insert_games: prepare(INSERT_GAMES)?,
            upsert_matches: prepare(UPSERT_MATCHES)?,
            prune_games: prepare(PRUNE_GAMES)?,
        };
        Ok(WriteSession {
            connection,
            statements,
        })
    }

    /// Whether the connection is gone (the database restarted, say): the
    /// next write opens another.
    pub(super) fn is_broken(&self) -> bool {
        self.connection.is_closed()
    }
}

impl PostgresStore {
    /// Stores `writes` in one transaction, with the uptime reached.
    pub(super) fn write_batch(
        &self,
        session: &mut WriteSession,
        writes: &[RoomWrite],
        uptime_ms: u64,
    ) -> Result<(), StoreError> {
        let statements = &session.statements;
        let mut transaction = session.connection.transaction()?;
        if let Some(owner) = &self.cluster {
            owner.check(&mut transaction, writes)?;
        }
        self.record_uptime(&mut transaction, uptime_ms)?;
        let mut games_added = false;
        for segment in segments(writes) {
            let rows = Rows::of(segment)?;
            rows.write(&mut transaction, statements)?;
            if let Some(owner) = &self.cluster {
                owner.closed(&mut transaction, &rows.closed)?;
            }
            games_added |= add_games(&mut transaction, statements, segment)?;
        }
        if games_added && self.max_games > 0 {
            let kept = i64::try_from(self.max_games).unwrap_or(i64::MAX);
            transaction.execute(&statements.prune_games, &[&kept])?;
        }
        transaction.commit()?;
        if let Some(owner) = &self.cluster {
            owner.forget_closed(writes);
        }
        Ok(())
    }
}

/// `writes` cut into runs in which no room writes twice, in order.
fn segments(writes: &[RoomWrite]) -> Vec<&[RoomWrite]> {
    let mut segments = Vec::new();
    let mut start = 0;
    let mut rooms = HashSet::new();
    for (index, write) in writes.iter().enumerate() {
        if !rooms.insert(write.code()) {
            segments.push(&writes[start..index]);
            start = index;
            rooms.clear();
            rooms.insert(write.code());
        }
    }
    if start < writes.len() {
        segments.push(&writes[start..]);
    }
    segments
}

/// A segment's rows, gathered by statement.
#[derive(Default)]
struct Rows {
    /// Rooms closed, or written afresh: what was stored of them goes first.
    forgotten: Vec<String>,
    /// Rooms closed for good (their ownership goes too).
    closed: Vec<RoomCode>,
    snapshot_codes: Vec<String>,
    snapshots: Vec<String>,
    /// Rooms with a new snapshot that had one: their log starts afresh.
    logs_cleared: Vec<String>,
    seat_hashes: Vec<Vec<u8>>,
    seat_hashes_seen: HashSet<TokenHash>,
    seat_rooms: Vec<String>,
    log_rooms: Vec<String>,
    log_positions: Vec<i32>,
    log_entries: Vec<String>,
    rounds_cleared: Vec<String>,
    round_rooms: Vec<String>,
    round_numbers: Vec<i32>,
    rounds: Vec<String>,
    match_ids: Vec<String>,
    match_summaries: Vec<String>,
    /// Where each match is in `match_ids`: a statement may touch a row
    /// once, and the last summary written of a match is the one kept.
    match_places: HashMap<MatchId, usize>,
}

impl Rows {
    fn of(segment: &[RoomWrite]) -> Result<Rows, StoreError> {
        let mut rows = Rows::default();
        for write in segment {
            match write {
                RoomWrite::Update(update) => rows.add(update)?,
                RoomWrite::Remove(code) => {
                    rows.forgotten.push(code.to_string());
                    rows.closed.push(*code);
                }
            }
        }
        Ok(rows)
    }

    fn add(&mut self, update: &RoomUpdate) -> Result<(), StoreError> {
        let code = update.code.to_string();
        if update.fresh {
            self.forgotten.push(code.clone());
        }
        if let Some(snapshot) = &update.snapshot {
            self.snapshot_codes.push(code.clone());
            self.snapshots.push(serde_json::to_string(snapshot)?);
            if !update.fresh {
                self.logs_cleared.push(code.clone());
            }
            // A seat changes hands only in a snapshot, never in a log entry.
            let seats = [&snapshot.seats.yellow, &snapshot.seats.blue];
            for hash in seats
                .into_iter()
                .filter_map(|player| player.as_ref()?.token)
            {
                // A statement may touch a row once.
                if self.seat_hashes_seen.insert(hash) {
                    self.seat_hashes.push(hash.to_vec());
                    self.seat_rooms.push(code.clone());
                }
            }
        }
        if let Some(entry) = &update.entry {
            self.log_rooms.push(code.clone());
            self.log_positions
                .push(i32::try_from(update.log_position).unwrap_or(i32::MAX));
            self.log_entries.push(serde_json::to_string(entry)?);
        }
        if update.new_game {
            self.rounds_cleared.push(code.clone());
        }
        let mut numbers = HashSet::new();
        // The last of a round written twice is the one kept.
        for round in update.rounds.iter().rev() {
            let number = i32::try_from(round.report.round).unwrap_or(i32::MAX);
            if numbers.insert(number) {
                self.round_rooms.push(code.clone());
                self.round_numbers.push(number);
                self.rounds.push(serde_json::to_string(round)?);
            }
        }
        for summary in &update.matches {
            let json = serde_json::to_string(summary)?;
            match self.match_places.get(&summary.id) {
                Some(&place) => self.match_summaries[place] = json,
                None => {
                    self.match_places.insert(summary.id, self.match_ids.len());
                    self.match_ids.push(summary.id.to_string());
                    self.match_summaries.push(json);
                }
            }
        }
        Ok(())
    }

    /// Runs the segment's statements, each only if it has rows, in the
    /// order one room's write would run them.
    fn write(
        &self,
        transaction: &mut Transaction<'_>,
        statements: &Statements,
    ) -> Result<(), StoreError> {
        if !self.forgotten.is_empty() {
            transaction.execute(&statements.forget_rooms, &[&self.forgotten])?;
        }
        if !self.snapshot_codes.is_empty() {
            transaction.execute(
                &statements.upsert_snapshots,
                &[&self.snapshot_codes, &self.snapshots],
            )?;
            if !self.logs_cleared.is_empty() {
                transaction.execute(&statements.clear_logs, &[&self.logs_cleared])?;
            }
            transaction.execute(&statements.clear_seats, &[&self.snapshot_codes])?;
            if !self.seat_hashes.is_empty() {
                transaction.execute(
                    &statements.insert_seats,
                    &[&self.seat_hashes, &self.seat_rooms],
                )?;
            }
        }
        if !self.log_rooms.is_empty() {
            transaction.execute(
                &statements.append_log,
                &[&self.log_rooms, &self.log_positions, &self.log_entries],
            )?;
        }
        if !self.rounds_cleared.is_empty() {
            transaction.execute(&statements.clear_rounds, &[&self.rounds_cleared])?;
        }
        if !self.round_rooms.is_empty() {
            transaction.execute(
                &statements.insert_rounds,
                &[&self.round_rooms, &self.round_numbers, &self.rounds],
            )?;
        }
        if !self.match_ids.is_empty() {
            transaction.execute(
                &statements.upsert_matches,
                &[&self.match_ids, &self.match_summaries],
            )?;
        }
        Ok(())
    }
}

/// Stores the games the segment's rooms finished, in order, each rated
/// first (in the same transaction: stored with its rating changes, once);
/// whether there were any.
fn add_games(
    transaction: &mut Transaction<'_>,
    statements: &Statements,
    segment: &[RoomWrite],
) -> Result<bool, StoreError> {
    let finished = segment.iter().flat_map(|write| match write {
        RoomWrite::Update(update) => update.finished.as_slice(),
        RoomWrite::Remove(_) => &[],
    });
    let mut ids = Vec::new();
    let mut summaries = Vec::new();
    let mut games = Vec::new();
    let mut yellows = Vec::new();
    let mut blues = Vec::new();
    for game in finished {
        let rated = crate::store::ratings::rate(&mut ratings::PostgresRatings(transaction), game)?;
        let game: &FinishedGame = rated.as_ref().unwrap_or(game);
        crate::store::players::note_players(&mut ratings::PostgresRatings(transaction), game)?;
        crate::store::arenas::note_arena_game(&mut ratings::PostgresRatings(transaction), game)?;
        ids.push(game.id.to_string());
        summaries.push(serde_json::to_string(&GameSummary::of(game))?);
        games.push(serde_json::to_string(game)?);
        yellows.push(game.players.yellow.to_ascii_lowercase());
        blues.push(game.players.blue.to_ascii_lowercase());
    }
    if ids.is_empty() {
        return Ok(false);
    }
    transaction.execute(
        &statements.insert_games,
        &[&ids, &summaries, &games, &yellows, &blues],
    )?;
    Ok(true)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::store::RoomWrite;

    fn remove(code: &str) -> RoomWrite {
        RoomWrite::Remove(code.parse().expect("a room code"))
    }

    #[test]
    fn a_room_writing_twice_in_a_batch_cuts_it_where_its_second_write_starts() {
        let writes = [
            remove("K7M2Q"),
            remove("2345Z"),
            remove("K7M2Q"),
            remove("ABCDE"),
            remove("K7M2Q"),
        ];
        let lengths: Vec<usize> = segments(&writes).iter().map(|part| part.len()).collect();
        assert_eq!(lengths, [2, 2, 1]);
        assert!(segments(&[]).is_empty());
    }
}

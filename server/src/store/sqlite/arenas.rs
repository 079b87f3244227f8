//! Arenas in SQLite (schema version 8): each arena as JSON, its entrants,
//! and its games' results, numbered in the order they were stored
//! (`crate::store::arenas`).

use mice_cake_protocol::ArenaId;
use rusqlite::{Connection, OptionalExtension as _, Transaction, params};

use super::ratings::SqliteRatings;
use crate::store::StoreError;
use crate::store::arenas::{
    ArenaEntrant, ArenaResult, ArenaRows, Created, ListedArena, StoredArena,
};

/// Version 8: arenas.
pub(super) const SCHEMA_8: &str = "
    -- Each arena (what it is, JSON); open: 1 until it is over.
    CREATE TABLE arenas (
        id TEXT PRIMARY KEY,
        creator_key TEXT NOT NULL,
        starts_at_ms INTEGER NOT NULL,
        ends_at_ms INTEGER NOT NULL,
        open INTEGER NOT NULL,
        arena TEXT NOT NULL
    ) STRICT;
    CREATE INDEX arenas_open_by_creator ON arenas (creator_key, open);
    CREATE INDEX arenas_by_start ON arenas (open, starts_at_ms);

    -- Who entered each arena (JSON: name, bot, when), in the order they
    -- first did.
    CREATE TABLE arena_entrants (
        seq INTEGER PRIMARY KEY,
        arena TEXT NOT NULL,
        key TEXT NOT NULL,
        entrant TEXT NOT NULL
    ) STRICT;
    CREATE UNIQUE INDEX arena_entrants_by_arena ON arena_entrants (arena, key);

    -- Each arena's games' results (JSON), in the order they were stored,
    -- written with the game.
    CREATE TABLE arena_results (
        seq INTEGER PRIMARY KEY,
        arena TEXT NOT NULL,
        game TEXT NOT NULL UNIQUE,
        result TEXT NOT NULL
    ) STRICT;
    CREATE INDEX arena_results_by_arena ON arena_results (arena, seq);
";

fn millis(ms: u64) -> i64 {
    i64::try_from(ms).unwrap_or(i64::MAX)
}

pub(super) fn create(
    connection: &mut Connection,
    arena: &StoredArena,
    per_key: u32,
) -> Result<Created, StoreError> {
    let transaction = connection.transaction()?;
    let open: u32 = transaction
        .prepare_cached("SELECT count(*) FROM arenas WHERE creator_key = ?1 AND open = 1")?
        .query_row([arena.creator_key.to_string()], |row| row.get(0))?;
    if open >= per_key {
        return Ok(Created::TooMany(open));
    }
    transaction
        .prepare_cached(
            "INSERT INTO arenas (id, creator_key, starts_at_ms, ends_at_ms, open, arena)
             VALUES (?1, ?2, ?3, ?4, ?5, ?6)",
        )?
        .execute(params![
            arena.id.to_string(),
            arena.creator_key.to_string(),
            millis(arena.starts_at_ms),
            millis(arena.ends_at_ms),
            !arena.finished,
            serde_json::to_string(arena)?
        ])?;
    transaction.commit()?;
    Ok(Created::Created)
}

const LISTED: &str = "SELECT arena,
        (SELECT count(*) FROM arena_entrants WHERE arena_entrants.arena = arenas.id),
        (SELECT count(*) FROM arena_results WHERE arena_results.arena = arenas.id)
    FROM arenas";

fn listed(row: &rusqlite::Row<'_>) -> rusqlite::Result<(String, u32, u32)> {
    Ok((row.get(0)?, row.get(1)?, row.get(2)?))
}

fn read_listed((arena, players, games): (String, u32, u32)) -> Result<ListedArena, StoreError> {
    Ok(ListedArena {
        arena: serde_json::from_str(&arena)?,
        players,
        games,
    })
}

pub(super) fn arena(
    connection: &Connection,
    id: ArenaId,
) -> Result<Option<ListedArena>, StoreError> {
    connection
        .prepare_cached(&format!("{LISTED} WHERE id = ?1"))?
        .query_row([id.to_string()], listed)
        .optional()?
        .map(read_listed)
        .transpose()
}

pub(super) fn list(connection: &Connection, finished: u32) -> Result<Vec<ListedArena>, StoreError> {
    let mut arenas = Vec::new();
    for row in connection
        .prepare_cached(&format!(
            "{LISTED} WHERE open = 1 ORDER BY starts_at_ms, id"
        ))?
        .query_map([], listed)?
    {
        arenas.push(read_listed(row?)?);
    }
    for row in connection
        .prepare_cached(&format!(
            "{LISTED} WHERE open = 0 ORDER BY ends_at_ms DESC, id DESC LIMIT ?1"
        ))?
        .query_map([finished], listed)?
    {
        arenas.push(read_listed(row?)?);
    }
    Ok(arenas)
}

pub(super) fn enter(
    connection: &Connection,
    id: ArenaId,
    entrant: &ArenaEntrant,
) -> Result<(), StoreError> {
    connection
        .prepare_cached(
            "INSERT INTO arena_entrants (arena, key, entrant) VALUES (?1, ?2, ?3)
             ON CONFLICT (arena, key) DO UPDATE SET entrant = json_set(excluded.entrant,
                 '$.joined_ms', json_extract(arena_entrants.entrant, '$.joined_ms'))",
        )?
        .execute(params![
            id.to_string(),
            entrant.key.to_string(),
            serde_json::to_string(entrant)?
        ])?;
    Ok(())
}

pub(super) fn entrants(
    connection: &Connection,
    id: ArenaId,
) -> Result<Vec<ArenaEntrant>, StoreError> {
    let mut entrants = Vec::new();
    for row in connection
        .prepare_cached("SELECT entrant FROM arena_entrants WHERE arena = ?1 ORDER BY seq")?
        .query_map([id.to_string()], |row| row.get::<_, String>(0))?
    {
        entrants.push(serde_json::from_str(&row?)?);
    }
    Ok(entrants)
}

pub(super) fn results(
    connection: &Connection,
    id: ArenaId,
    after: u64,
) -> Result<Vec<ArenaResult>, StoreError> {
    let mut results = Vec::new();
    for row in connection
        .prepare_cached(
            "SELECT seq, result FROM arena_results WHERE arena = ?1 AND seq > ?2 ORDER BY seq",
        )?
        .query_map(params![id.to_string(), millis(after)], |row| {
            Ok((row.get::<_, i64>(0)?, row.get::<_, String>(1)?))
        })?
    {
        let (seq, result) = row?;
        let mut result: ArenaResult = serde_json::from_str(&result)?;
        result.seq = u64::try_from(seq).unwrap_or_default();
        results.push(result);
    }
    Ok(results)
}

pub(super) fn finish(connection: &Connection, id: ArenaId) -> Result<(), StoreError> {
    connection
        .prepare_cached(
            "UPDATE arenas SET open = 0, arena = json_set(arena, '$.finished', json('true'))
             WHERE id = ?1",
        )?
        .execute([id.to_string()])?;
    Ok(())
}

impl ArenaRows for SqliteRatings<'_, '_> {
    fn note_result(&mut self, arena: ArenaId, result: &ArenaResult) -> Result<(), StoreError> {
        note_result(self.0, arena, result)
    }
}

fn note_result(
    transaction: &Transaction<'_>,
    arena: ArenaId,
    result: &ArenaResult,
) -> Result<(), StoreError> {
    transaction
        .prepare_cached(
            "INSERT OR IGNORE INTO arena_results (arena, game, result) VALUES (?1, ?2, ?3)",
        )?
        .execute(params![
            arena.to_string(),
            result.game.to_string(),
            serde_json::to_string(result)?
        ])?;
    Ok(())
}

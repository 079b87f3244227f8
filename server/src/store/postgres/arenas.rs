//! Arenas in PostgreSQL (schema version 9), as SQLite's `sqlite/arenas.rs`:
//! each arena as JSON, its entrants, and its games' results numbered in the
//! order they were stored.

use mice_cake_protocol::ArenaId;
use r2d2_postgres::postgres::GenericClient;

use super::bigint;
use super::ratings::PostgresRatings;
use crate::store::StoreError;
use crate::store::arenas::{
    ArenaEntrant, ArenaResult, ArenaRows, Created, ListedArena, StoredArena,
};

/// Version 9: arenas (SQLite's version 8).
pub(super) const SCHEMA_9: &str = "
    CREATE TABLE arenas (
        id TEXT PRIMARY KEY,
        creator_key TEXT NOT NULL,
        starts_at_ms BIGINT NOT NULL,
        ends_at_ms BIGINT NOT NULL,
        open BOOLEAN NOT NULL,
        arena TEXT NOT NULL
    );
    CREATE INDEX arenas_open_by_creator ON arenas (creator_key, open);
    CREATE INDEX arenas_by_start ON arenas (open, starts_at_ms);
    CREATE TABLE arena_entrants (
        seq BIGSERIAL PRIMARY KEY,
        arena TEXT NOT NULL,
        key TEXT NOT NULL,
        entrant TEXT NOT NULL
    );
    CREATE UNIQUE INDEX arena_entrants_by_arena ON arena_entrants (arena, key);
    CREATE TABLE arena_results (
        seq BIGSERIAL PRIMARY KEY,
        arena TEXT NOT NULL,
        game TEXT NOT NULL UNIQUE,
        result TEXT NOT NULL
    );
    CREATE INDEX arena_results_by_arena ON arena_results (arena, seq);
";

/// Arenas created by one key are counted and the new one inserted under a
/// lock on that key, so that two nodes creating at once cannot both pass
/// the count.
pub(super) fn create(
    client: &mut impl GenericClient,
    arena: &StoredArena,
    per_key: u32,
) -> Result<Created, StoreError> {
    let mut transaction = client.transaction()?;
    let creator = arena.creator_key.to_string();
    transaction.execute(
        "SELECT pg_advisory_xact_lock(hashtext('mice-cake/arena-creator/' || $1))",
        &[&creator],
    )?;
    let open: i64 = transaction
        .query_one(
            "SELECT count(*) FROM arenas WHERE creator_key = $1 AND open",
            &[&creator],
        )?
        .get(0);
    let open = u32::try_from(open).unwrap_or(u32::MAX);
    if open >= per_key {
        return Ok(Created::TooMany(open));
    }
    transaction.execute(
        "INSERT INTO arenas (id, creator_key, starts_at_ms, ends_at_ms, open, arena)
         VALUES ($1, $2, $3, $4, $5, $6)",
        &[
            &arena.id.to_string(),
            &creator,
            &bigint(arena.starts_at_ms),
            &bigint(arena.ends_at_ms),
            &!arena.finished,
            &serde_json::to_string(arena)?,
        ],
    )?;
    transaction.commit()?;
    Ok(Created::Created)
}

const LISTED: &str = "SELECT arena,
        (SELECT count(*) FROM arena_entrants WHERE arena_entrants.arena = arenas.id),
        (SELECT count(*) FROM arena_results WHERE arena_results.arena = arenas.id)
    FROM arenas";

fn read_listed(row: &r2d2_postgres::postgres::Row) -> Result<ListedArena, StoreError> {
    let count = |index: usize| u32::try_from(row.get::<_, i64>(index)).unwrap_or(u32::MAX);
    Ok(ListedArena {
        arena: serde_json::from_str(row.get::<_, &str>(0))?,
        players: count(1),
        games: count(2),
    })
}

pub(super) fn arena(
    client: &mut impl GenericClient,
    id: ArenaId,
) -> Result<Option<ListedArena>, StoreError> {
    client
        .query_opt(&format!("{LISTED} WHERE id = $1"), &[&id.to_string()])?
        .as_ref()
        .map(read_listed)
        .transpose()
}

pub(super) fn list(
    client: &mut impl GenericClient,
    finished: u32,
) -> Result<Vec<ListedArena>, StoreError> {
    let open = client.query(
        &format!("{LISTED} WHERE open ORDER BY starts_at_ms, id"),
        &[],
    )?;
    let over = client.query(
        &format!("{LISTED} WHERE NOT open ORDER BY ends_at_ms DESC, id DESC LIMIT $1"),
        &[&i64::from(finished)],
    )?;
    open.iter().chain(&over).map(read_listed).collect()
}

pub(super) fn enter(
    client: &mut impl GenericClient,
    id: ArenaId,
    entrant: &ArenaEntrant,
) -> Result<(), StoreError> {
    client.execute(
        "INSERT INTO arena_entrants (arena, key, entrant) VALUES ($1, $2, $3)
         ON CONFLICT (arena, key) DO UPDATE SET entrant = jsonb_set(excluded.entrant::jsonb,
             '{joined_ms}', arena_entrants.entrant::jsonb -> 'joined_ms')::text",
        &[
            &id.to_string(),
            &entrant.key.to_string(),
            &serde_json::to_string(entrant)?,
        ],
    )?;
    Ok(())
}

pub(super) fn entrants(
    client: &mut impl GenericClient,
    id: ArenaId,
) -> Result<Vec<ArenaEntrant>, StoreError> {
    client
        .query(
            "SELECT entrant FROM arena_entrants WHERE arena = $1 ORDER BY seq",
            &[&id.to_string()],
        )?
        .iter()
        .map(|row| Ok(serde_json::from_str(row.get::<_, &str>(0))?))
        .collect()
}

pub(super) fn results(
    client: &mut impl GenericClient,
    id: ArenaId,
    after: u64,
) -> Result<Vec<ArenaResult>, StoreError> {
    client
        .query(
            "SELECT seq, result FROM arena_results WHERE arena = $1 AND seq > $2 ORDER BY seq",
            &[&id.to_string(), &bigint(after)],
        )?
        .iter()
        .map(|row| {
            let mut result: ArenaResult = serde_json::from_str(row.get::<_, &str>(1))?;
            result.seq = u64::try_from(row.get::<_, i64>(0)).unwrap_or_default();
            Ok(result)
        })
        .collect()
}

pub(super) fn finish(client: &mut impl GenericClient, id: ArenaId) -> Result<(), StoreError> {
    client.execute(
        "UPDATE arenas SET open = FALSE,
             arena = jsonb_set(arena::jsonb, '{finished}', 'true'::jsonb)::text
         WHERE id = $1",
        &[&id.to_string()],
    )?;
    Ok(())
}

impl ArenaRows for PostgresRatings<'_, '_> {
    fn note_result(&mut self, arena: ArenaId, result: &ArenaResult) -> Result<(), StoreError> {
        self.0.execute(
            "INSERT INTO arena_results (arena, game, result) VALUES ($1, $2, $3)
             ON CONFLICT (game) DO NOTHING",
            &[
                &arena.to_string(),
                &result.game.to_string(),
                &serde_json::to_string(result)?,
            ],
        )?;
        Ok(())
    }
}

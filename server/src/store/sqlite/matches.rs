//! Matches in SQLite (schema version 11): each one's summary, as its room
//! last wrote it, under its id (`GET /api/matches/{id}`).

use mice_cake_engine::MatchId;
use mice_cake_protocol::MatchSummary;
use rusqlite::{Connection, OptionalExtension as _, params};

use crate::store::StoreError;

/// Version 11: matches.
pub(super) const SCHEMA_11: &str = "
    -- Each match as it last stood (a MatchSummary as JSON), by its id (32
    -- hexadecimal digits): written with its room's games, in place of the
    -- last summary.
    CREATE TABLE matches (
        id TEXT PRIMARY KEY,
        summary TEXT NOT NULL
    ) STRICT;
";

/// Keeps `summary` in place of what its match had.
pub(super) fn upsert(writer: &Connection, summary: &MatchSummary) -> Result<(), StoreError> {
    writer
        .prepare_cached(
            "INSERT INTO matches (id, summary) VALUES (?1, ?2)
             ON CONFLICT (id) DO UPDATE SET summary = excluded.summary",
        )?
        .execute(params![
            summary.id.to_string(),
            serde_json::to_string(summary)?
        ])?;
    Ok(())
}

/// Match `id`, as last written.
pub(super) fn read(reader: &Connection, id: MatchId) -> Result<Option<MatchSummary>, StoreError> {
    let text: Option<String> = reader
        .prepare_cached("SELECT summary FROM matches WHERE id = ?1")?
        .query_row([id.to_string()], |row| row.get(0))
        .optional()?;
    Ok(text.map(|text| serde_json::from_str(&text)).transpose()?)
}

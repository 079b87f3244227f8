//! Analyses of finished games in SQLite (schema version 5): each one's
//! JSON, made once on request and kept with the version of the analysis
//! that made it.

use mice_cake_protocol::GameId;
use rusqlite::{Connection, OptionalExtension as _, params};

use crate::store::StoreError;

/// Version 5: analyses.
pub(super) const SCHEMA_5: &str = "
    -- A finished game's analysis (the engine's GameAnalysis as JSON), made
    -- by the analysis version `version`.
    CREATE TABLE analyses (
        game TEXT PRIMARY KEY,
        version INTEGER NOT NULL,
        analysis TEXT NOT NULL
    ) STRICT;
";

/// `game`'s analysis, if one of `version` is kept.
pub(super) fn analysis(
    reader: &Connection,
    game: &GameId,
    version: u32,
) -> Result<Option<String>, StoreError> {
    Ok(reader
        .prepare_cached("SELECT analysis FROM analyses WHERE game = ?1 AND version = ?2")?
        .query_row(params![game.to_string(), version], |row| row.get(0))
        .optional()?)
}

/// Keeps `game`'s analysis, in place of any older one.
pub(super) fn save_analysis(
    writer: &Connection,
    game: &GameId,
    version: u32,
    analysis: &str,
) -> Result<(), StoreError> {
    writer
        .prepare_cached(
            "INSERT INTO analyses (game, version, analysis) VALUES (?1, ?2, ?3)
             ON CONFLICT (game) DO UPDATE SET version = excluded.version, analysis = excluded.analysis",
        )?
        .execute(params![game.to_string(), version, analysis])?;
    Ok(())
}

//! Analyses of finished games in PostgreSQL (schema version 6), as SQLite
//! keeps them (`sqlite/analyses.rs`).

use mice_cake_protocol::GameId;
use r2d2_postgres::postgres::GenericClient;

use crate::store::StoreError;

/// Version 6: analyses, as SQLite's version 5.
pub(super) const SCHEMA_6: &str = "
    CREATE TABLE analyses (
        game TEXT PRIMARY KEY,
        version BIGINT NOT NULL,
        analysis TEXT NOT NULL
    );
";

/// `game`'s analysis, if one of `version` is kept.
pub(super) fn analysis(
    client: &mut impl GenericClient,
    game: &GameId,
    version: u32,
) -> Result<Option<String>, StoreError> {
    let version = i64::from(version);
    Ok(client
        .query_opt(
            "SELECT analysis FROM analyses WHERE game = $1 AND version = $2",
            &[&game.to_string(), &version],
        )?
        .map(|row| row.get(0)))
}

/// Keeps `game`'s analysis, in place of any older one.
pub(super) fn save_analysis(
    client: &mut impl GenericClient,
    game: &GameId,
    version: u32,
    analysis: &str,
) -> Result<(), StoreError> {
    let version = i64::from(version);
    client.execute(
        "INSERT INTO analyses (game, version, analysis) VALUES ($1, $2, $3)
         ON CONFLICT (game) DO UPDATE SET version = EXCLUDED.version, analysis = EXCLUDED.analysis",
        &[&game.to_string(), &version, &analysis],
    )?;
    Ok(())
}

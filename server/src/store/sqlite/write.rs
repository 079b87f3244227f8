//! What a transaction writes: each room's snapshot, log and rounds, the
//! games finished (and the oldest let go), and the run's uptime.

use mice_cake_protocol::{FinishedGame, GameSummary, RoomCode};
use rusqlite::{Connection, Transaction, params};

use super::ratings::SqliteRatings;
use crate::store::{RoomUpdate, StoreError};

pub(super) fn write_meta(connection: &Connection, key: &str, value: u64) -> Result<(), StoreError> {
    connection
        .prepare_cached(
            "INSERT INTO meta (key, value) VALUES (?1, ?2)
             ON CONFLICT (key) DO UPDATE SET value = excluded.value",
        )?
        .execute(params![key, i64::try_from(value).unwrap_or(i64::MAX)])?;
    Ok(())
}

pub(super) fn update_room(
    transaction: &Transaction<'_>,
    update: &RoomUpdate,
    max_games: usize,
) -> Result<(), StoreError> {
    if update.fresh {
        remove_room(transaction, update.code)?;
    }
    let code = update.code.to_string();
    if let Some(snapshot) = &update.snapshot {
        transaction
            .prepare_cached(
                "INSERT INTO rooms (code, snapshot) VALUES (?1, ?2)
                 ON CONFLICT (code) DO UPDATE SET snapshot = excluded.snapshot",
            )?
            .execute(params![code, serde_json::to_string(snapshot)?])?;
        if !update.fresh {
            transaction
                .prepare_cached("DELETE FROM room_log WHERE room = ?1")?
                .execute([&code])?;
        }
    }
    if let Some(entry) = &update.entry {
        // A write retried after a failure goes to the same place.
        transaction
            .prepare_cached(
                "INSERT OR REPLACE INTO room_log (room, position, entry) VALUES (?1, ?2, ?3)",
            )?
            .execute(params![
                code,
                update.log_position,
                serde_json::to_string(entry)?
            ])?;
    }
    if update.new_game {
        transaction
            .prepare_cached("DELETE FROM rounds WHERE room = ?1")?
            .execute([&code])?;
    }
    let mut insert_round = transaction.prepare_cached(
        "INSERT OR REPLACE INTO rounds (room, round, report) VALUES (?1, ?2, ?3)",
    )?;
    for round in &update.rounds {
        insert_round.execute(params![
            code,
            round.report.round,
            serde_json::to_string(round)?
        ])?;
    }
    for game in &update.finished {
        insert_game(transaction, game, max_games)?;
    }
    for summary in &update.matches {
        super::matches::upsert(transaction, summary)?;
    }
    Ok(())
}

pub(super) fn seq_value(seq: u64) -> i64 {
    i64::try_from(seq).unwrap_or(i64::MAX)
}

pub(super) fn insert_game(
    transaction: &Transaction<'_>,
    game: &FinishedGame,
    max_games: usize,
) -> Result<(), StoreError> {
    // Rated in the same transaction: stored with its rating changes, once.
    let rated = crate::store::ratings::rate(&mut SqliteRatings(transaction), game)?;
    let game = rated.as_ref().unwrap_or(game);
    crate::store::players::note_players(&mut SqliteRatings(transaction), game)?;
    crate::store::arenas::note_arena_game(&mut SqliteRatings(transaction), game)?;
    let summary = GameSummary::of(game);
    transaction
        .prepare_cached("INSERT INTO games (id, summary, game) VALUES (?1, ?2, ?3)")?
        .execute(params![
            game.id.to_string(),
            serde_json::to_string(&summary)?,
            serde_json::to_string(game)?
        ])?;
    let cursor = transaction.last_insert_rowid();
    let mut insert_player = transaction
        .prepare_cached("INSERT OR IGNORE INTO game_players (name, cursor) VALUES (?1, ?2)")?;
    for name in [&game.players.yellow, &game.players.blue] {
        insert_player.execute(params![name, cursor])?;
    }
    if max_games > 0 {
        let oldest_kept = cursor - i64::try_from(max_games).unwrap_or(i64::MAX) + 1;
        transaction
            .prepare_cached("DELETE FROM games WHERE cursor < ?1")?
            .execute([oldest_kept])?;
        transaction
            .prepare_cached("DELETE FROM game_players WHERE cursor < ?1")?
            .execute([oldest_kept])?;
        // A game dropped takes its analysis with it.
        transaction
            .prepare_cached("DELETE FROM analyses WHERE game NOT IN (SELECT id FROM games)")?
            .execute([])?;
    }
    Ok(())
}

pub(super) fn remove_room(transaction: &Transaction<'_>, code: RoomCode) -> Result<(), StoreError> {
    let code = code.to_string();
    for table in [
        "rooms WHERE code",
        "room_log WHERE room",
        "rounds WHERE room",
        "events WHERE room",
    ] {
        transaction
            .prepare_cached(&format!("DELETE FROM {table} = ?1"))?
            .execute([&code])?;
    }
    Ok(())
}

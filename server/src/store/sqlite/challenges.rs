//! Challenges in SQLite (schema version 12): each challenge as made, and
//! how it ended; each key's choice of whom it takes challenges from; who
//! played whom; players found by name.

use mice_cake_engine::{PlayerKey, Seated};
use mice_cake_protocol::{ChallengeEnd, ChallengeId, MAX_PLAYERS_NAMED, NamedPlayer};
use rusqlite::{Connection, OptionalExtension as _, Row, params};

use super::ratings::SqliteRatings;
use crate::store::StoreError;
use crate::store::challenges::{ChallengesFromChoice, StoredChallenge};
use crate::store::challenges_in_memory::sort_oldest_first;

/// Version 12: challenges, choices of challengers, opponents, names.
pub(super) const SCHEMA_12: &str = "
    -- Each challenge as made (a StoredChallenge as JSON, body), with its
    -- keys and when it was made and expires (milliseconds since the Unix
    -- epoch), and how it ended (a ChallengeEnd as JSON, ending): NULL
    -- while it waits. Ending one sets ending where it is still NULL, in
    -- one statement: of two ends that cross, one wins.
    CREATE TABLE challenges (
        id TEXT PRIMARY KEY,
        from_key TEXT NOT NULL,
        to_key TEXT NOT NULL,
        made_at_ms INTEGER NOT NULL,
        expires_at_ms INTEGER NOT NULL,
        ending TEXT,
        body TEXT NOT NULL
    ) STRICT;
    CREATE INDEX challenges_by_from ON challenges (from_key, made_at_ms);
    CREATE INDEX challenges_by_to ON challenges (to_key, made_at_ms);
    CREATE INDEX challenges_waiting ON challenges (expires_at_ms) WHERE ending IS NULL;

    -- Each key's signed choice of whom it takes challenges from (a
    -- ChallengesFromChoice as JSON), and when it signed it.
    CREATE TABLE challenges_from (
        key TEXT PRIMARY KEY,
        choice TEXT NOT NULL,
        at_ms INTEGER NOT NULL
    ) STRICT, WITHOUT ROWID;

    -- Each two keys that played a stored game together (both signed moves
    -- of it), both ways round; the games stored before, from their
    -- players.
    CREATE TABLE opponents (
        key TEXT NOT NULL,
        opponent TEXT NOT NULL,
        PRIMARY KEY (key, opponent)
    ) STRICT, WITHOUT ROWID;
    INSERT OR IGNORE INTO opponents (key, opponent)
        SELECT a.key, b.key FROM player_games a
        JOIN player_games b ON b.game = a.game AND b.key <> a.key;

    -- Players found by name, ASCII case ignored (GET /api/players?name=).
    CREATE INDEX players_by_name ON players (name COLLATE NOCASE);
";

/// A time as SQLite's `INTEGER` holds it.
fn ms(value: u64) -> i64 {
    i64::try_from(value).unwrap_or(i64::MAX)
}

/// A challenge from its row's `body` and `ending`.
fn challenge_at(row: &Row<'_>) -> rusqlite::Result<(String, Option<String>)> {
    Ok((row.get(0)?, row.get(1)?))
}

fn read_challenge((body, ending): (String, Option<String>)) -> Result<StoredChallenge, StoreError> {
    let mut challenge: StoredChallenge = serde_json::from_str(&body)?;
    if let Some(ending) = ending {
        challenge.end = Some(serde_json::from_str(&ending)?);
    }
    Ok(challenge)
}

/// An end as the `ending` column holds it.
fn ending(end: &ChallengeEnd) -> Result<String, StoreError> {
    Ok(serde_json::to_string(end)?)
}

pub(super) fn add(connection: &Connection, challenge: &StoredChallenge) -> Result<(), StoreError> {
    let ended = challenge.end.as_ref().map(ending).transpose()?;
    let mut body = challenge.clone();
    body.end = None;
    connection
        .prepare_cached(
            "INSERT INTO challenges (id, from_key, to_key, made_at_ms, expires_at_ms, ending, body)
             VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7)",
        )?
        .execute(params![
            challenge.id.to_string(),
            challenge.from.key.to_string(),
            challenge.to.key.to_string(),
            ms(challenge.made_at_ms),
            ms(challenge.expires_at_ms),
            ended,
            serde_json::to_string(&body)?
        ])?;
    Ok(())
}

pub(super) fn read(
    connection: &Connection,
    id: ChallengeId,
) -> Result<Option<StoredChallenge>, StoreError> {
    connection
        .prepare_cached("SELECT body, ending FROM challenges WHERE id = ?1")?
        .query_row([id.to_string()], challenge_at)
        .optional()?
        .map(read_challenge)
        .transpose()
}

pub(super) fn waiting(
    connection: &Connection,
    key: PlayerKey,
    now_ms: u64,
) -> Result<Vec<StoredChallenge>, StoreError> {
    connection
        .prepare_cached(
            "SELECT body, ending FROM challenges
             WHERE (from_key = ?1 OR to_key = ?1) AND ending IS NULL AND expires_at_ms > ?2
             ORDER BY made_at_ms, id",
        )?
        .query_map(params![key.to_string(), ms(now_ms)], challenge_at)?
        .map(|row| read_challenge(row?))
        .collect()
}

pub(super) fn end(
    connection: &Connection,
    id: ChallengeId,
    end: ChallengeEnd,
    now_ms: u64,
) -> Result<Option<StoredChallenge>, StoreError> {
    let ended = ending(&end)?;
    connection
        .prepare_cached(
            "UPDATE challenges SET ending = ?2
             WHERE id = ?1 AND ending IS NULL AND expires_at_ms > ?3
             RETURNING body, ending",
        )?
        .query_row(params![id.to_string(), ended, ms(now_ms)], challenge_at)
        .optional()?
        .map(read_challenge)
        .transpose()
}

pub(super) fn expire(
    connection: &Connection,
    now_ms: u64,
) -> Result<Vec<StoredChallenge>, StoreError> {
    let mut expired = connection
        .prepare_cached(
            "UPDATE challenges SET ending = ?1
             WHERE ending IS NULL AND expires_at_ms <= ?2
             RETURNING body, ending",
        )?
        .query_map(
            params![ending(&ChallengeEnd::Expired)?, ms(now_ms)],
            challenge_at,
        )?
        .map(|row| read_challenge(row?))
        .collect::<Result<Vec<_>, _>>()?;
    sort_oldest_first(&mut expired);
    Ok(expired)
}

pub(super) fn choice(
    connection: &Connection,
    key: PlayerKey,
) -> Result<Option<ChallengesFromChoice>, StoreError> {
    let text: Option<String> = connection
        .prepare_cached("SELECT choice FROM challenges_from WHERE key = ?1")?
        .query_row([key.to_string()], |row| row.get(0))
        .optional()?;
    Ok(text.map(|text| serde_json::from_str(&text)).transpose()?)
}

pub(super) fn choose(
    connection: &Connection,
    key: PlayerKey,
    choice: &ChallengesFromChoice,
) -> Result<bool, StoreError> {
    let changed = connection
        .prepare_cached(
            "INSERT INTO challenges_from (key, choice, at_ms) VALUES (?1, ?2, ?3)
             ON CONFLICT (key) DO UPDATE SET choice = excluded.choice, at_ms = excluded.at_ms
             WHERE challenges_from.at_ms < excluded.at_ms",
        )?
        .execute(params![
            key.to_string(),
            serde_json::to_string(choice)?,
            ms(choice.at_ms)
        ])?;
    Ok(changed == 1)
}

impl SqliteRatings<'_, '_> {
    /// Keeps that `keys` played each other, both ways round.
    pub(super) fn keep_opponents(&self, keys: Seated<PlayerKey>) -> Result<(), StoreError> {
        self.0
            .prepare_cached(
                "INSERT OR IGNORE INTO opponents (key, opponent) VALUES (?1, ?2), (?2, ?1)",
            )?
            .execute([keys.yellow.to_string(), keys.blue.to_string()])?;
        Ok(())
    }
}

pub(super) fn have_played(
    connection: &Connection,
    a: PlayerKey,
    b: PlayerKey,
) -> Result<bool, StoreError> {
    Ok(connection
        .prepare_cached("SELECT 1 FROM opponents WHERE key = ?1 AND opponent = ?2")?
        .query_row([a.to_string(), b.to_string()], |_| Ok(()))
        .optional()?
        .is_some())
}

pub(super) fn players_named(
    connection: &Connection,
    name: &str,
) -> Result<Vec<NamedPlayer>, StoreError> {
    connection
        .prepare_cached(
            "SELECT key, name, bot_declaration IS NOT NULL FROM players
             WHERE name = ?1 COLLATE NOCASE ORDER BY key LIMIT ?2",
        )?
        .query_map(params![name, MAX_PLAYERS_NAMED], |row| {
            Ok((
                row.get::<_, String>(0)?,
                row.get::<_, String>(1)?,
                row.get::<_, bool>(2)?,
            ))
        })?
        .map(|row| {
            let (key, name, bot) = row?;
            let key = key.parse().map_err(|error| StoreError::Query {
                source: Box::new(error),
            })?;
            Ok(NamedPlayer { key, name, bot })
        })
        .collect()
}

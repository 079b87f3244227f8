//! Challenges in PostgreSQL (schema version 13), as SQLite's
//! `sqlite/challenges.rs`: each challenge as made, and how it ended; each
//! key's choice of whom it takes challenges from; who played whom; players
//! found by name. Ending a challenge is one conditional `UPDATE`: of two
//! nodes ending it at once, the second waits for the first's row and then
//! finds it ended.

use mice_cake_engine::{PlayerKey, Seated};
use mice_cake_protocol::{ChallengeEnd, ChallengeId, MAX_PLAYERS_NAMED, NamedPlayer};
use r2d2_postgres::postgres::{GenericClient, Row};

use super::bigint;
use super::ratings::PostgresRatings;
use crate::store::StoreError;
use crate::store::challenges::{ChallengesFromChoice, StoredChallenge};
use crate::store::challenges_in_memory::sort_oldest_first;

/// Version 13: challenges, choices of challengers, opponents, names
/// (SQLite's version 12).
pub(super) const SCHEMA_13: &str = "
    CREATE TABLE challenges (
        id TEXT PRIMARY KEY,
        from_key TEXT NOT NULL,
        to_key TEXT NOT NULL,
        made_at_ms BIGINT NOT NULL,
        expires_at_ms BIGINT NOT NULL,
        ending TEXT,
        body TEXT NOT NULL
    );
    CREATE INDEX challenges_by_from ON challenges (from_key, made_at_ms);
    CREATE INDEX challenges_by_to ON challenges (to_key, made_at_ms);
    CREATE INDEX challenges_waiting ON challenges (expires_at_ms) WHERE ending IS NULL;
    CREATE TABLE challenges_from (
        key TEXT PRIMARY KEY,
        choice TEXT NOT NULL,
        at_ms BIGINT NOT NULL
    );
    CREATE TABLE opponents (
        key TEXT NOT NULL,
        opponent TEXT NOT NULL,
        PRIMARY KEY (key, opponent)
    );
    INSERT INTO opponents (key, opponent)
        SELECT DISTINCT a.key, b.key FROM player_games a
        JOIN player_games b ON b.game = a.game AND b.key <> a.key
        ON CONFLICT DO NOTHING;
    -- lower() folds more than ASCII: what it finds is sifted after.
    CREATE INDEX players_by_name ON players (lower(name));
";

/// Names looked at for one asked: those `lower()` takes for it, of which
/// only the ones equal but for ASCII case are kept.
const NAMES_SIFTED: i64 = 100;

fn read_challenge(row: &Row) -> Result<StoredChallenge, StoreError> {
    let mut challenge: StoredChallenge = serde_json::from_str(row.get(0))?;
    if let Some(ending) = row.get::<_, Option<&str>>(1) {
        challenge.end = Some(serde_json::from_str(ending)?);
    }
    Ok(challenge)
}

pub(super) fn add(
    client: &mut impl GenericClient,
    challenge: &StoredChallenge,
) -> Result<(), StoreError> {
    let ended = challenge
        .end
        .as_ref()
        .map(serde_json::to_string)
        .transpose()?;
    let mut body = challenge.clone();
    body.end = None;
    client.execute(
        "INSERT INTO challenges (id, from_key, to_key, made_at_ms, expires_at_ms, ending, body)
         VALUES ($1, $2, $3, $4, $5, $6, $7)",
        &[
            &challenge.id.to_string(),
            &challenge.from.key.to_string(),
            &challenge.to.key.to_string(),
            &bigint(challenge.made_at_ms),
            &bigint(challenge.expires_at_ms),
            &ended,
            &serde_json::to_string(&body)?,
        ],
    )?;
    Ok(())
}

pub(super) fn read(
    client: &mut impl GenericClient,
    id: ChallengeId,
) -> Result<Option<StoredChallenge>, StoreError> {
    client
        .query_opt(
            "SELECT body, ending FROM challenges WHERE id = $1",
            &[&id.to_string()],
        )?
        .as_ref()
        .map(read_challenge)
        .transpose()
}

pub(super) fn waiting(
    client: &mut impl GenericClient,
    key: PlayerKey,
    now_ms: u64,
) -> Result<Vec<StoredChallenge>, StoreError> {
    client
        .query(
            "SELECT body, ending FROM challenges
             WHERE (from_key = $1 OR to_key = $1) AND ending IS NULL AND expires_at_ms > $2
             ORDER BY made_at_ms, id COLLATE \"C\"",
            &[&key.to_string(), &bigint(now_ms)],
        )?
        .iter()
        .map(read_challenge)
        .collect()
}

pub(super) fn end(
    client: &mut impl GenericClient,
    id: ChallengeId,
    end: ChallengeEnd,
    now_ms: u64,
) -> Result<Option<StoredChallenge>, StoreError> {
    client
        .query_opt(
            "UPDATE challenges SET ending = $2
             WHERE id = $1 AND ending IS NULL AND expires_at_ms > $3
             RETURNING body, ending",
            &[
                &id.to_string(),
                &serde_json::to_string(&end)?,
                &bigint(now_ms),
            ],
        )?
        .as_ref()
        .map(read_challenge)
        .transpose()
}

pub(super) fn expire(
    client: &mut impl GenericClient,
    now_ms: u64,
) -> Result<Vec<StoredChallenge>, StoreError> {
    let mut expired = client
        .query(
            "UPDATE challenges SET ending = $1
             WHERE ending IS NULL AND expires_at_ms <= $2
             RETURNING body, ending",
            &[
                &serde_json::to_string(&ChallengeEnd::Expired)?,
                &bigint(now_ms),
            ],
        )?
        .iter()
        .map(read_challenge)
        .collect::<Result<Vec<_>, _>>()?;
    sort_oldest_first(&mut expired);
    Ok(expired)
}

pub(super) fn choice(
    client: &mut impl GenericClient,
    key: PlayerKey,
) -> Result<Option<ChallengesFromChoice>, StoreError> {
    let row = client.query_opt(
        "SELECT choice FROM challenges_from WHERE key = $1",
        &[&key.to_string()],
    )?;
    Ok(row
        .map(|row| serde_json::from_str(row.get(0)))
        .transpose()?)
}

pub(super) fn choose(
    client: &mut impl GenericClient,
    key: PlayerKey,
    choice: &ChallengesFromChoice,
) -> Result<bool, StoreError> {
    let changed = client.execute(
        "INSERT INTO challenges_from (key, choice, at_ms) VALUES ($1, $2, $3)
         ON CONFLICT (key) DO UPDATE SET choice = excluded.choice, at_ms = excluded.at_ms
         WHERE challenges_from.at_ms < excluded.at_ms",
        &[
            &key.to_string(),
            &serde_json::to_string(choice)?,
            &bigint(choice.at_ms),
        ],
    )?;
    Ok(changed == 1)
}

impl PostgresRatings<'_, '_> {
    /// Keeps that `keys` played each other, both ways round.
    pub(super) fn keep_opponents(&mut self, keys: Seated<PlayerKey>) -> Result<(), StoreError> {
        self.0.execute(
            "INSERT INTO opponents (key, opponent) VALUES ($1, $2), ($2, $1)
             ON CONFLICT DO NOTHING",
            &[&keys.yellow.to_string(), &keys.blue.to_string()],
        )?;
        Ok(())
    }
}

pub(super) fn have_played(
    client: &mut impl GenericClient,
    a: PlayerKey,
    b: PlayerKey,
) -> Result<bool, StoreError> {
    Ok(client
        .query_opt(
            "SELECT 1 FROM opponents WHERE key = $1 AND opponent = $2",
            &[&a.to_string(), &b.to_string()],
        )?
        .is_some())
}

pub(super) fn players_named(
    client: &mut impl GenericClient,
    name: &str,
) -> Result<Vec<NamedPlayer>, StoreError> {
    let rows = client.query(
        "SELECT key, name, bot_declaration IS NOT NULL FROM players
         WHERE lower(name) = lower($1) ORDER BY key COLLATE \"C\" LIMIT $2",
        &[&name, &NAMES_SIFTED],
    )?;
    let mut named = Vec::new();
    for row in &rows {
        let known: String = row.get(1);
        if !known.eq_ignore_ascii_case(name) {
            continue;
        }
        let key: &str = row.get(0);
        named.push(NamedPlayer {
            key: key.parse().map_err(|error| StoreError::Query {
                source: Box::new(error),
            })?,
            name: known,
            bot: row.get(2),
        });
        if named.len() == MAX_PLAYERS_NAMED as usize {
            break;
        }
    }
    Ok(named)
}

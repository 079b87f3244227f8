//! PostgreSQL ([`PostgresStore`]): the rows of SQLite's backend, in a
//! database server that several mice-cake servers can reach (`--database
//! postgres://…`). The store's calls block, like SQLite's, and run on the
//! storage thread ([`super::Storage`]); they take their connections from a
//! small pool, which replaces one that broke (PostgreSQL restarted, say), so
//! that a write that failed is retried on a fresh connection.
//!
//! The schema's version is one row, `mice_cake_schema`; migrations run in a
//! transaction under an advisory lock, so that servers starting together
//! migrate one at a time, and a database written by a newer server is
//! refused with nothing changed (as SQLite's backend refuses one). A server
//! not in a cluster holds a second advisory lock for as long as it runs: a
//! database serves one such server, as a data directory does. The nodes of
//! a cluster share that lock, and keep who runs each room in the database
//! (`ownership`): every write checks it, so that a node that lost a room
//! can never write over the node that took it.

mod accuracy;
mod analyses;
mod arenas;
mod bot_cards;
mod challenges;
mod ownership;
mod players;
mod pool_errors;
mod rated_games;
mod ratings;
mod refunds;
mod tls;
mod write;

use std::collections::HashMap;
use std::sync::{Mutex, PoisonError};
use std::time::{Duration, Instant};

use mice_cake_engine::{MatchId, PlayerKey, SealSignature, Seated};
use mice_cake_protocol::api::RefundDone;
use mice_cake_protocol::bots::SignedBotCard;
use mice_cake_protocol::{
    ArenaId, ChallengeEnd, ChallengeId, Conduct, FinishedGame, GameId, GamePage, Leaderboard,
    MatchSummary, NamedPlayer, PlayerAccuracy, PlayerProfile, Pool, Rating,
};
use r2d2_postgres::postgres;
use r2d2_postgres::{PostgresConnectionManager, r2d2};

use self::tls::MakeRustlsConnect;
use self::write::WriteSession;
use super::accuracy::{GameAccuracy, PoolAccuracy};
use super::arenas::{ArenaEntrant, ArenaResult, Created, ListedArena, StoredArena};
use super::bots::BotRow;
use super::challenges::{ChallengesFromChoice, StoredChallenge};
use super::rated_games::RatedGameRow;
use super::{GamesQuery, RoomWrite, RunStart, Store, StoreError, StoredRoom, read_room};

type Connections = r2d2::Pool<PostgresConnectionManager<MakeRustlsConnect>>;

/// Each migration, in order; the schema's version is how many have run.
const MIGRATIONS: &[&str] = &[
    SCHEMA_1,
    SCHEMA_2,
    SCHEMA_3,
    SCHEMA_4,
    ratings::SCHEMA_5,
    analyses::SCHEMA_6,
    players::SCHEMA_7,
    accuracy::SCHEMA_8,
    arenas::SCHEMA_9,
    players::SCHEMA_10,
    rated_games::SCHEMA_11,
    SCHEMA_12,
    challenges::SCHEMA_13,
    bot_cards::SCHEMA_14,
];

/// Version 1: SQLite's tables as they are at its version 2, but for the
/// events no server writes any more.
const SCHEMA_1: &str = "
    -- Counters kept across runs: runs, uptime_ms.
    CREATE TABLE meta (
        key TEXT PRIMARY KEY,
        value BIGINT NOT NULL
    );

    -- Live rooms: a JSON snapshot each (seats with token hashes, options,
    -- the exchange under way, deadlines as uptimes).
    CREATE TABLE rooms (
        code TEXT PRIMARY KEY,
        snapshot TEXT NOT NULL
    );

    -- What changed of each live room's moving parts since its snapshot,
    -- one entry (a JSON list of changes) per write, applied in order.
    CREATE TABLE room_log (
        room TEXT NOT NULL,
        position INTEGER NOT NULL,
        entry TEXT NOT NULL,
        PRIMARY KEY (room, position)
    );

    -- The rounds of each live room's current game (JSON).
    CREATE TABLE rounds (
        room TEXT NOT NULL,
        round INTEGER NOT NULL,
        report TEXT NOT NULL,
        PRIMARY KEY (room, round)
    );

    -- Finished games. The cursor orders them and pages through them.
    CREATE TABLE games (
        cursor BIGINT GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
        id TEXT NOT NULL UNIQUE,
        summary TEXT NOT NULL,
        game TEXT NOT NULL
    );

    -- Each finished game's players, by name with ASCII letters lowered
    -- (names are matched as SQLite's NOCASE matches them).
    CREATE TABLE game_players (
        name TEXT NOT NULL,
        cursor BIGINT NOT NULL,
        PRIMARY KEY (name, cursor)
    );
";

/// Version 2: the cluster's tables.
const SCHEMA_2: &str = "
    -- Which node of a cluster runs each live room, and the room's epoch:
    -- a node taking a room over raises it, and a write is refused unless
    -- its node holds the room at the epoch it took it with (fencing). An
    -- empty node: handed back by a node that stopped, for any to take.
    CREATE TABLE room_owners (
        code TEXT PRIMARY KEY,
        node TEXT NOT NULL,
        epoch BIGINT NOT NULL
    );
    CREATE INDEX room_owners_by_node ON room_owners (node);

    -- Each node's uptime, as the uptime_ms of meta for a single server:
    -- its rooms' deadlines are stored in it, and a node taking them over
    -- counts from where it stopped.
    CREATE TABLE node_clocks (
        node TEXT PRIMARY KEY,
        uptime_ms BIGINT NOT NULL
    );
";

/// Version 3: as SQLite's version 3, a finished game's JSON may hold
/// `deadline_ms`; the rows stay as they are, and a server older than this
/// refuses the database rather than the games that have it.
const SCHEMA_3: &str = "
    -- Finished games may carry deadline_ms in their JSON: nothing to change.
";

/// Version 4: where each seat token leads, kept with the rooms' snapshots,
/// so that a node finds a seat Redis has lost (it restarted empty).
const SCHEMA_4: &str = "
    -- Each live room's seat tokens, by their SHA-256 (never the token),
    -- written with the room's snapshot.
    CREATE TABLE room_seats (
        hash BYTEA PRIMARY KEY,
        room TEXT NOT NULL
    );
    CREATE INDEX room_seats_by_room ON room_seats (room);
    INSERT INTO room_seats (hash, room)
        SELECT decode(seat.value ->> 'token', 'hex'), rooms.code
        FROM rooms, jsonb_each(rooms.snapshot::jsonb -> 'seats') AS seat
        WHERE jsonb_typeof(seat.value) = 'object' AND seat.value ->> 'token' IS NOT NULL
        ON CONFLICT (hash) DO NOTHING;
";

/// Version 12: matches, as SQLite's version 11.
const SCHEMA_12: &str = "
    -- Each match as it last stood (a MatchSummary as JSON), by its id (32
    -- hexadecimal digits): written with its room's games, in place of the
    -- last summary.
    CREATE TABLE matches (
        id TEXT PRIMARY KEY,
        summary TEXT NOT NULL
    );
";

/// The advisory lock under which migrations run (an arbitrary number, the
/// same for every mice-cake server).
const MIGRATION_LOCK: i64 = 0x6d69_6365_6361_6b01;

/// The advisory lock a server outside a cluster holds while it runs (the
/// nodes of a cluster hold it shared).
const SERVER_LOCK: i64 = 0x6d69_6365_6361_6b02;

/// Connections kept: the storage thread's (held by it), and the others'
/// reads: the HTTP API, a room's players' ratings as they sit down, a
/// cluster's claims on room codes (thousands of rooms starting at once
/// waited more than [`CONNECT_TIMEOUT`] for three).
const POOL_SIZE: u32 = 8;

/// How long opening a connection may take before the store gives up.
const CONNECT_TIMEOUT: Duration = Duration::from_secs(5);

/// How long a server starting waits for [`SERVER_LOCK`] before the
/// database is in use by another, and how often it asks meanwhile.
const LOCK_PATIENCE: Duration = Duration::from_secs(3);
const LOCK_RETRY: Duration = Duration::from_millis(100);

/// A PostgreSQL database.
pub(crate) struct PostgresStore {
    /// Where it is (user, host, port, database; never the password), for
    /// messages.
    name: String,
    /// `None` once dropped (see the `Drop` below).
    pool: Option<Connections>,
    /// The pool's failed attempts to connect, summed up in the log.
    pool_errors: std::sync::Arc<pool_errors::PoolErrors>,
    /// Finished games kept; 0 keeps them all.
    max_games: usize,
    /// The session holding [`SERVER_LOCK`], until the store closes.
    lock: Mutex<Option<postgres::Client>>,
    /// In a cluster, this node's name and the epoch of each room it runs.
    cluster: Option<ownership::Owner>,
    /// The storage thread's connection, kept with its statements prepared.
    writer: Mutex<Option<WriteSession>>,
}

impl PostgresStore {
    /// Connects to the database at `url` (`postgres://user@host:port/db`),
    /// takes it for this server alone (or, with `node`, for the nodes of a
    /// cluster, this one named so), and brings its schema up to date.
    /// An unreachable server, a database in use by another mice-cake server
    /// or one written by a newer one is an error that says so.
    pub(crate) fn open(
        url: &str,
        max_games: usize,
        node: Option<&str>,
    ) -> Result<PostgresStore, StoreError> {
        let (mut config, tls) = tls::connection(url).map_err(|error| StoreError::Open {
            path: "the --database URL".into(),
            source: Box::new(error),
        })?;
        config.connect_timeout(CONNECT_TIMEOUT);
        if config.get_application_name().is_none() {
            config.application_name("mice-cake-server");
        }
        let name = describe(&config);
        let opening = |error: postgres::Error| StoreError::Open {
            path: name.clone(),
            // With its causes: "error performing TLS handshake" alone does
            // not say that the certificate was refused, nor why.
            source: with_causes(&error).into(),
        };
        let mut lock = config.connect(tls.clone()).map_err(opening)?;
        let take = match node {
            None => "SELECT pg_try_advisory_lock($1)",
            Some(_) => "SELECT pg_try_advisory_lock_shared($1)",
        };
        // The lock of a server just killed (restarted at once by its
        // supervisor) is let go only once PostgreSQL notices its connection
        // closed: a few moments, waited for before the database is in use.
        let give_up = Instant::now() + LOCK_PATIENCE;
        loop {
            let held: bool = lock
                .query_one(take, &[&SERVER_LOCK])
                .map_err(opening)?
                .get(0);
            if held {
                break;
            }
            if Instant::now() >= give_up {
                return Err(StoreError::DatabaseInUse { name });
            }
            std::thread::sleep(LOCK_RETRY);
        }
        migrate(&mut lock, &name)?;
        let pool_errors = std::sync::Arc::new(pool_errors::PoolErrors::default());
        let pool = r2d2::Pool::builder()
            .max_size(POOL_SIZE)
            .min_idle(Some(1))
            .connection_timeout(CONNECT_TIMEOUT)
            .error_handler(Box::new(pool_errors::Handler(std::sync::Arc::clone(
                &pool_errors,
            ))))
            .build(PostgresConnectionManager::new(config, tls))
            .map_err(|error| StoreError::Open {
                path: name.clone(),
                source: Box::new(error),
            })?;
        Ok(PostgresStore {
            name,
            pool: Some(pool),
            pool_errors,
            max_games,
            lock: Mutex::new(Some(lock)),
            cluster: node.map(|node| ownership::Owner {
                node: node.to_owned(),
                epochs: Mutex::new(HashMap::new()),
            }),
            writer: Mutex::new(None),
        })
    }

    /// Where the database is (never its password).
    pub(crate) fn name(&self) -> &str {
        &self.name
    }

    /// Records the uptime reached: the server's, or in a cluster this
    /// node's.
    fn record_uptime(
        &self,
        client: &mut impl postgres::GenericClient,
        uptime_ms: u64,
    ) -> Result<(), StoreError> {
        match &self.cluster {
            None => write_meta(client, "uptime_ms", uptime_ms),
            Some(owner) => owner.record_uptime(client, uptime_ms),
        }
    }

    /// Whether the database answers a trivial query now (for `/healthz`).
    pub(crate) fn ping(&self) -> Result<(), StoreError> {
        self.connection()?.simple_query("SELECT 1")?;
        Ok(())
    }

    /// A connection from the pool.
    fn connection(
        &self,
    ) -> Result<r2d2::PooledConnection<PostgresConnectionManager<MakeRustlsConnect>>, StoreError>
    {
        let pool = self.pool.as_ref().ok_or(StoreError::Stopped)?;
        let connection = pool.get().map_err(|error| StoreError::Query {
            source: Box::new(error),
        })?;
        self.pool_errors.answered();
        Ok(connection)
    }
}

/// An error and each of its causes, `: `-joined.
fn with_causes(error: &dyn std::error::Error) -> String {
    let mut said = error.to_string();
    let mut cause = error.source();
    while let Some(next) = cause {
        let next_said = next.to_string();
        // Some errors repeat their cause in their own words.
        if !said.ends_with(&next_said) {
            said = format!("{said}: {next_said}");
        }
        cause = next.source();
    }
    said
}

/// The database's user, host, port and name: what messages may show of the
/// URL (never its password).
fn describe(config: &postgres::Config) -> String {
    let host = match config.get_hosts().first() {
        Some(postgres::config::Host::Tcp(host)) => host.clone(),
        #[cfg(unix)]
        Some(postgres::config::Host::Unix(path)) => path.display().to_string(),
        None => "localhost".into(),
    };
    let port = config.get_ports().first().copied().unwrap_or(5432);
    let user = config.get_user().unwrap_or("");
    let database = config.get_dbname().unwrap_or(user);
    format!("postgres://{user}@{host}:{port}/{database}")
}

/// Runs the migrations the database has not had, in one transaction under
/// [`MIGRATION_LOCK`]; refuses a database from a newer server.
fn migrate(client: &mut postgres::Client, name: &str) -> Result<(), StoreError> {
    let mut transaction = client.transaction()?;
    transaction.execute("SELECT pg_advisory_xact_lock($1)", &[&MIGRATION_LOCK])?;
    transaction
        .batch_execute("CREATE TABLE IF NOT EXISTS mice_cake_schema (version INTEGER NOT NULL)")?;
    let found: Option<i32> = transaction
        .query_opt("SELECT version FROM mice_cake_schema", &[])?
        .map(|row| row.get(0));
    let found = found.unwrap_or(0);
    let version = usize::try_from(found).map_err(|_| StoreError::Unreadable {
        path: name.to_owned(),
        detail: format!("its schema version is {found}"),
    })?;
    if version > MIGRATIONS.len() {
        return Err(StoreError::TooNew {
            path: name.to_owned(),
            found: i64::from(found),
            known: MIGRATIONS.len(),
        });
    }
    if version == MIGRATIONS.len() {
        return Ok(());
    }
    for migration in &MIGRATIONS[version..] {
        transaction.batch_execute(migration)?;
    }
    // Version 11's rows come from the records of the games rated before.
    if version < 11 {
        rated_games::backfill(&mut transaction)?;
    }
    let latest = i32::try_from(MIGRATIONS.len()).unwrap_or(i32::MAX);
    if found == 0 {
        transaction.execute("DELETE FROM mice_cake_schema", &[])?;
        transaction.execute(
            "INSERT INTO mice_cake_schema (version) VALUES ($1)",
            &[&latest],
        )?;
    } else {
        transaction.execute("UPDATE mice_cake_schema SET version = $1", &[&latest])?;
    }
    transaction.commit()?;
    Ok(())
}

/// The rooms with these codes, as stored (a code with no room is left out).
fn load_rooms(
    client: &mut impl postgres::GenericClient,
    codes: &[String],
) -> Result<Vec<StoredRoom>, StoreError> {
    let rooms = client.query(
        "SELECT code, snapshot FROM rooms WHERE code = ANY($1) ORDER BY code",
        &[&codes],
    )?;
    let mut stored = Vec::with_capacity(rooms.len());
    for row in rooms {
        let code: String = row.get(0);
        let snapshot: String = row.get(1);
        let log = texts(
            client,
            "SELECT entry FROM room_log WHERE room = $1 ORDER BY position",
            &code,
        )?;
        let rounds = texts(
            client,
            "SELECT report FROM rounds WHERE room = $1 ORDER BY round",
            &code,
        )?;
        stored.push(read_room(&code, &snapshot, &log, &rounds)?);
    }
    Ok(stored)
}

/// The text column of each row `query` returns for a room.
fn texts(
    client: &mut impl postgres::GenericClient,
    query: &str,
    code: &str,
) -> Result<Vec<String>, StoreError> {
    Ok(client
        .query(query, &[&code])?
        .iter()
        .map(|row| row.get(0))
        .collect())
}

impl From<postgres::Error> for StoreError {
    fn from(error: postgres::Error) -> Self {
        StoreError::Query {
            source: Box::new(error),
        }
    }
}

/// A number as PostgreSQL's `BIGINT` holds it.
fn bigint(value: u64) -> i64 {
    i64::try_from(value).unwrap_or(i64::MAX)
}

fn read_meta(client: &mut impl postgres::GenericClient, key: &str) -> Result<u64, StoreError> {
    let value: Option<i64> = client
        .query_opt("SELECT value FROM meta WHERE key = $1", &[&key])?
        .map(|row| row.get(0));
    Ok(value
        .and_then(|value| u64::try_from(value).ok())
        .unwrap_or(0))
}

fn write_meta(
    client: &mut impl postgres::GenericClient,
    key: &str,
    value: u64,
) -> Result<(), StoreError> {
    client.execute(
        "INSERT INTO meta (key, value) VALUES ($1, $2)
         ON CONFLICT (key) DO UPDATE SET value = excluded.value",
        &[&key, &bigint(value)],
    )?;
    Ok(())
}

impl Store for PostgresStore {
    fn parallel_calls(&self) -> usize {
        POOL_SIZE as usize
    }

    fn next_run(&self) -> Result<RunStart, StoreError> {
        let mut client = self.connection()?;
        if self.cluster.is_some() {
            // Nodes start at any time: each takes its number at once, and
            // its clock starts from nothing (its rooms are new, or taken
            // over with the clock of the node they come from).
            let run: i64 = client
                .query_one(
                    "INSERT INTO meta (key, value) VALUES ('runs', 1)
                     ON CONFLICT (key) DO UPDATE SET value = meta.value + 1
                     RETURNING value",
                    &[],
                )?
                .get(0);
            return Ok(RunStart {
                run: u64::try_from(run).unwrap_or(0),
                uptime_ms: 0,
            });
        }
        Ok(RunStart {
            run: read_meta(&mut *client, "runs")? + 1,
            uptime_ms: read_meta(&mut *client, "uptime_ms")?,
        })
    }

    fn begin_run(&self, run: u64) -> Result<(), StoreError> {
        if self.cluster.is_some() {
            return Ok(());
        }
        write_meta(&mut *self.connection()?, "runs", run)
    }

    fn live_rooms(&self) -> Result<Vec<StoredRoom>, StoreError> {
        if self.cluster.is_some() {
            // A node runs no room until it takes one over (`ownership`).
            return Ok(Vec::new());
        }
        let mut client = self.connection()?;
        let codes: Vec<String> = client
            .query("SELECT code FROM rooms ORDER BY code", &[])?
            .iter()
            .map(|row| row.get(0))
            .collect();
        load_rooms(&mut *client, &codes)
    }

    fn write(&self, writes: &[RoomWrite], uptime_ms: u64) -> Result<(), StoreError> {
        let mut slot = self.writer.lock().unwrap_or_else(PoisonError::into_inner);
        let mut session = match slot.take().filter(|session| !session.is_broken()) {
            Some(session) => session,
            None => WriteSession::open(self.connection()?)?,
        };
        let written = self.write_batch(&mut session, writes, uptime_ms);
        // A broken connection goes back to the pool, which replaces it.
        if !session.is_broken() {
            *slot = Some(session);
        }
        written
    }

    fn set_uptime(&self, uptime_ms: u64) -> Result<(), StoreError> {
        self.record_uptime(&mut *self.connection()?, uptime_ms)
    }

    fn game(&self, id: &GameId) -> Result<Option<FinishedGame>, StoreError> {
        let row = self
            .connection()?
            .query_opt("SELECT game FROM games WHERE id = $1", &[&id.to_string()])?;
        Ok(row
            .map(|row| serde_json::from_str(row.get(0)))
            .transpose()?)
    }

    fn match_summary(&self, id: MatchId) -> Result<Option<MatchSummary>, StoreError> {
        let row = self.connection()?.query_opt(
            "SELECT summary FROM matches WHERE id = $1",
            &[&id.to_string()],
        )?;
        Ok(row
            .map(|row| serde_json::from_str(row.get(0)))
            .transpose()?)
    }

    fn games(&self, query: &GamesQuery) -> Result<GamePage, StoreError> {
        let mut client = self.connection()?;
        let before = query.before.map_or(i64::MAX, bigint);
        let fetch = query.rows_to_fetch();
        let rows = match &query.player {
            Some(player) => client.query(
                "SELECT g.cursor, g.summary FROM game_players p
                 JOIN games g ON g.cursor = p.cursor
                 WHERE p.name = $1 AND p.cursor < $2
                 ORDER BY p.cursor DESC LIMIT $3",
                &[&player.to_ascii_lowercase(), &before, &fetch],
            )?,
            None => client.query(
                "SELECT cursor, summary FROM games WHERE cursor < $1
                 ORDER BY cursor DESC LIMIT $2",
                &[&before, &fetch],
            )?,
        };
        query.page(rows.iter().map(|row| (row.get(0), row.get(1))))
    }

    fn add_challenge(&self, challenge: &StoredChallenge) -> Result<(), StoreError> {
        challenges::add(&mut *self.connection()?, challenge)
    }

    fn challenge(&self, id: ChallengeId) -> Result<Option<StoredChallenge>, StoreError> {
        challenges::read(&mut *self.connection()?, id)
    }

    fn waiting_challenges(
        &self,
        key: PlayerKey,
        now_ms: u64,
    ) -> Result<Vec<StoredChallenge>, StoreError> {
        challenges::waiting(&mut *self.connection()?, key, now_ms)
    }

    fn end_challenge(
        &self,
        id: ChallengeId,
        end: ChallengeEnd,
        now_ms: u64,
    ) -> Result<Option<StoredChallenge>, StoreError> {
        challenges::end(&mut *self.connection()?, id, end, now_ms)
    }

    fn expire_challenges(&self, now_ms: u64) -> Result<Vec<StoredChallenge>, StoreError> {
        challenges::expire(&mut *self.connection()?, now_ms)
    }

    fn challenges_from(&self, key: PlayerKey) -> Result<Option<ChallengesFromChoice>, StoreError> {
        challenges::choice(&mut *self.connection()?, key)
    }

    fn choose_challenges_from(
        &self,
        key: PlayerKey,
        choice: ChallengesFromChoice,
    ) -> Result<bool, StoreError> {
        challenges::choose(&mut *self.connection()?, key, &choice)
    }

    fn have_played(&self, a: PlayerKey, b: PlayerKey) -> Result<bool, StoreError> {
        challenges::have_played(&mut *self.connection()?, a, b)
    }

    fn players_named(&self, name: &str) -> Result<Vec<NamedPlayer>, StoreError> {
        challenges::players_named(&mut *self.connection()?, name)
    }

    fn rating(&self, key: PlayerKey, pool: Pool) -> Result<Option<Rating>, StoreError> {
        ratings::rating(&mut *self.connection()?, key, pool)
    }

    fn player(&self, key: PlayerKey) -> Result<Option<PlayerProfile>, StoreError> {
        players::player(&mut *self.connection()?, key)
    }

    fn declare_bot(
        &self,
        key: PlayerKey,
        declaration: SealSignature,
        name: &str,
        at_ms: u64,
    ) -> Result<(), StoreError> {
        players::declare_bot(&mut *self.connection()?, key, declaration, name, at_ms)
    }

    fn bot_declaration(&self, key: PlayerKey) -> Result<Option<SealSignature>, StoreError> {
        ratings::bot_declaration(&mut *self.connection()?, key, None)
    }

    fn pair_games(&self, keys: Seated<PlayerKey>, since_ms: u64) -> Result<u32, StoreError> {
        ratings::pair_games(&mut *self.connection()?, keys, since_ms)
    }

    fn conduct(&self, key: PlayerKey) -> Result<Conduct, StoreError> {
        players::conduct_of(&mut *self.connection()?, key)
    }

    fn leaderboard(&self, pool: Pool, limit: u32, bots: bool) -> Result<Leaderboard, StoreError> {
        ratings::leaderboard(&mut *self.connection()?, pool, limit, bots)
    }

    fn rated_games(&self) -> Result<Vec<RatedGameRow>, StoreError> {
        rated_games::counted(&mut *self.connection()?)
    }

    fn refund(&self, keys: &[PlayerKey], at_ms: u64) -> Result<RefundDone, StoreError> {
        let mut connection = self.connection()?;
        let mut transaction = connection.transaction()?;
        let mut rows = refunds::PostgresRefunds(&mut transaction);
        rows.lock()?;
        let done = crate::store::refunds::refund(&mut rows, keys, at_ms)?;
        transaction.commit()?;
        Ok(done)
    }

    fn rename(&self, key: PlayerKey, name: &str, at_ms: u64) -> Result<bool, StoreError> {
        ratings::rename(&mut *self.connection()?, key, name, at_ms)
    }

    fn describe_bot(&self, key: PlayerKey, card: &SignedBotCard) -> Result<bool, StoreError> {
        bot_cards::describe(&mut *self.connection()?, key, card)
    }

    fn bot_rows(&self, limit: u32) -> Result<Vec<BotRow>, StoreError> {
        bot_cards::rows(&mut *self.connection()?, limit)
    }

    fn create_arena(&self, arena: &StoredArena, per_key: u32) -> Result<Created, StoreError> {
        arenas::create(&mut *self.connection()?, arena, per_key)
    }

    fn arena(&self, id: ArenaId) -> Result<Option<ListedArena>, StoreError> {
        arenas::arena(&mut *self.connection()?, id)
    }

    fn arenas(&self, finished: u32) -> Result<Vec<ListedArena>, StoreError> {
        arenas::list(&mut *self.connection()?, finished)
    }

    fn enter_arena(&self, id: ArenaId, entrant: &ArenaEntrant) -> Result<(), StoreError> {
        arenas::enter(&mut *self.connection()?, id, entrant)
    }

    fn arena_entrants(&self, id: ArenaId) -> Result<Vec<ArenaEntrant>, StoreError> {
        arenas::entrants(&mut *self.connection()?, id)
    }

    fn arena_results(&self, id: ArenaId, after: u64) -> Result<Vec<ArenaResult>, StoreError> {
        arenas::results(&mut *self.connection()?, id, after)
    }

    fn finish_arena(&self, id: ArenaId) -> Result<(), StoreError> {
        arenas::finish(&mut *self.connection()?, id)
    }

    fn analysis(&self, game: &GameId, version: u32) -> Result<Option<String>, StoreError> {
        analyses::analysis(&mut *self.connection()?, game, version)
    }

    fn save_analysis(&self, game: &GameId, version: u32, analysis: &str) -> Result<(), StoreError> {
        analyses::save_analysis(&mut *self.connection()?, game, version, analysis)
    }

    fn rated_games_to_analyse(&self, limit: u32) -> Result<Vec<GameId>, StoreError> {
        accuracy::to_analyse(&mut *self.connection()?, limit)
    }

    fn save_accuracy(&self, game: &GameId, rows: &[GameAccuracy]) -> Result<(), StoreError> {
        accuracy::save(&mut *self.connection()?, game, rows)
    }

    fn accuracy(&self, key: PlayerKey) -> Result<Option<PlayerAccuracy>, StoreError> {
        accuracy::of_player(&mut *self.connection()?, key)
    }

    fn accuracies(&self) -> Result<Vec<PoolAccuracy>, StoreError> {
        accuracy::by_pool(&mut *self.connection()?)
    }

    fn close(&self, _tidy: bool) {
        // Ending the session lets the lock go: another server may open it.
        drop(
            self.lock
                .lock()
                .unwrap_or_else(PoisonError::into_inner)
                .take(),
        );
    }
}

/// The blocking client runs a runtime of its own, even to close a
/// connection, and tokio refuses to start one on a thread of its runtime:
/// the store's connections are closed on a thread of their own, wherever
/// the store is dropped. (Its calls are made on the storage thread and on
/// tokio's blocking pool, which allow it.)
impl Drop for PostgresStore {
    fn drop(&mut self) {
        let pool = self.pool.take();
        let writer = self
            .writer
            .get_mut()
            .unwrap_or_else(PoisonError::into_inner)
            .take();
        let lock = self
            .lock
            .get_mut()
            .unwrap_or_else(PoisonError::into_inner)
            .take();
        let closing = std::thread::Builder::new()
            .name("postgres-close".into())
            .spawn(move || drop((writer, pool, lock)));
        if let Ok(closing) = closing {
            let _ = closing.join();
        }
    }
}

impl std::fmt::Debug for PostgresStore {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("PostgresStore")
            .field("name", &self.name)
            .finish()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::store::tests::{self as suite, TestDatabase};
    use crate::store::{RoomSnapshot, RoomUpdate};
    use crate::token::TokenHash;
    use mice_cake_protocol::RoomCode;

    /// A store on a database of its own, and that database.
    fn store(max_games: usize) -> Option<(PostgresStore, TestDatabase)> {
        let database = TestDatabase::create()?;
        let store = PostgresStore::open(&database.url, max_games, None).unwrap();
        Some((store, database))
    }

    /// A behaviour every store has, checked on one.
    type Behaviour = fn(&dyn Store);

    /// Each behaviour on a database of its own, one at a time: each store
    /// (a pool of connections) is dropped before the next is opened, so
    /// that the suite never asks PostgreSQL for more connections than it
    /// takes beside the other tests.
    #[test]
    fn the_store_does_what_every_store_does() {
        let Some((store, _database)) = store(0) else {
            return;
        };
        suite::a_run_is_counted_only_when_it_begins_and_the_uptime_rides_with_writes(&store);
        suite::a_rooms_log_is_applied_to_its_snapshot_and_a_new_snapshot_empties_it(&store);
        drop(store);
        let behaviours: [(usize, Behaviour); 18] = [
            (
                0,
                suite::a_rooms_rounds_last_until_a_new_game_and_a_closed_room_leaves_nothing,
            ),
            (
                0,
                suite::a_rooms_first_write_replaces_what_an_earlier_room_left_under_its_code,
            ),
            (
                0,
                suite::finished_games_are_listed_newest_first_by_player_page_by_page,
            ),
            (0, suite::a_finished_game_keeps_its_rooms_round_deadline),
            (0, suite::a_rated_game_moves_its_players_ratings_once),
            (0, suite::an_analysis_is_kept_by_game_and_version),
            (0, suite::accuracies_are_kept_per_game_and_summed_per_player),
            (
                0,
                suite::the_leaderboard_lists_settled_ratings_resting_on_established_players,
            ),
            (
                0,
                suite::a_refund_rates_the_pool_again_without_the_rings_games,
            ),
            (0, suite::players_pages_bots_and_conduct),
            (0, suite::a_pair_counts_three_rated_games_a_day),
            (0, suite::arenas_are_created_listed_entered_and_counted),
            (0, suite::a_match_is_kept_as_it_last_stood),
            (0, suite::challenges_wait_end_once_and_expire_once),
            (0, suite::a_choice_of_challengers_is_kept_only_if_later),
            (0, suite::who_played_whom_and_the_keys_a_name_is_known_by),
            (0, suite::bots_cards_are_kept_if_later_and_listed_by_games),
            (
                2,
                suite::only_the_latest_finished_games_are_kept_when_bounded,
            ),
        ];
        for (max_games, behaviour) in behaviours {
            let Some((store, database)) = self::store(max_games) else {
                return;
            };
            behaviour(&store);
            drop(store);
            drop(database);
        }
    }

    #[test]
    fn a_batch_is_stored_as_its_writes_one_at_a_time() {
        let (Some((batched, _first)), Some((one_at_a_time, _second))) = (store(2), store(2)) else {
            return;
        };
        suite::a_batch_is_stored_as_its_writes_one_at_a_time(&batched, &one_at_a_time);
    }

    #[test]
    fn a_game_stored_at_schema_version_2_reads_back_with_no_deadline() {
        let Some((store, database)) = store(0) else {
            return;
        };
        let (id, summary, game) = suite::a_game_stored_before_deadlines();
        store
            .connection()
            .unwrap()
            .execute(
                "INSERT INTO games (id, summary, game) VALUES ($1, $2, $3)",
                &[&id.to_string(), &summary, &game],
            )
            .unwrap();
        let store = reopened_at_version(store, &database, 2);
        suite::a_game_stored_before_deadlines_reads_none(&store);
    }

    /// `store`'s database taken back to schema `version` (the tables of
    /// later versions dropped), then opened again, which migrates it.
    fn reopened_at_version(
        store: PostgresStore,
        database: &TestDatabase,
        version: i32,
    ) -> PostgresStore {
        let mut back = String::new();
        if version < 14 {
            back.push_str("DROP TABLE bot_cards;");
        }
        if version < 13 {
            back.push_str("DROP TABLE challenges, challenges_from, opponents;");
            back.push_str("DROP INDEX players_by_name;");
        }
        if version < 12 {
            back.push_str("DROP TABLE matches;");
        }
        if version < 11 {
            back.push_str("DROP TABLE rated_games, rating_refunds;");
        }
        if version < 10 {
            back.push_str("ALTER TABLE players DROP COLUMN bot_declared_ms;");
        }
        if version < 9 {
            back.push_str("DROP TABLE arenas, arena_entrants, arena_results;");
        }
        if version < 8 {
            back.push_str("DROP TABLE accuracies;");
        }
        if version < 7 {
            back.push_str("DROP TABLE player_games;");
            if version >= 5 {
                back.push_str("ALTER TABLE players DROP COLUMN bot_declaration;");
            }
        }
        if version < 6 {
            back.push_str("DROP TABLE analyses;");
        }
        if version < 5 {
            back.push_str("DROP TABLE ratings, rating_history, players;");
        }
        if version < 4 {
            back.push_str("DROP TABLE room_seats;");
        }
        back.push_str(&format!("UPDATE mice_cake_schema SET version = {version}"));
        store.connection().unwrap().batch_execute(&back).unwrap();
        store.close(true);
        drop(store);
        let store = PostgresStore::open(&database.url, 0, None).unwrap();
        let migrated: i32 = store
            .connection()
            .unwrap()
            .query_one("SELECT version FROM mice_cake_schema", &[])
            .unwrap()
            .get(0);
        assert_eq!(migrated, i32::try_from(MIGRATIONS.len()).unwrap());
        store
    }

    /// Two nodes ending one challenge at once: one wins, the other finds it
    /// ended; two expiring at once: each challenge expired is given once.
    #[test]
    fn of_two_nodes_ending_a_challenge_at_once_one_wins() {
        let Some(database) = TestDatabase::create() else {
            return;
        };
        let nodes = [
            PostgresStore::open(&database.url, 0, Some("a")).unwrap(),
            PostgresStore::open(&database.url, 0, Some("b")).unwrap(),
        ];
        let code: RoomCode = "K7QMX".parse().unwrap();
        let at_once = |call: &(dyn Fn(&PostgresStore, usize) -> usize + Sync)| -> Vec<usize> {
            let barrier = std::sync::Barrier::new(nodes.len());
            std::thread::scope(|scope| {
                let calls: Vec<_> = nodes
                    .iter()
                    .enumerate()
                    .map(|(index, node)| {
                        let barrier = &barrier;
                        scope.spawn(move || {
                            barrier.wait();
                            call(node, index)
                        })
                    })
                    .collect();
                calls.into_iter().map(|call| call.join().unwrap()).collect()
            })
        };
        for made in 0..10 {
            let challenge = suite::a_challenge(1, 2, 1_000 + made);
            nodes[0].add_challenge(&challenge).unwrap();
            let ends = [ChallengeEnd::Accepted { code }, ChallengeEnd::Cancelled];
            let won = at_once(&|node, index| {
                usize::from(
                    node.end_challenge(challenge.id, ends[index], 2_000)
                        .unwrap()
                        .is_some(),
                )
            });
            assert_eq!(won.iter().sum::<usize>(), 1, "{won:?}");
        }
        for made in 0..20 {
            nodes[1]
                .add_challenge(&suite::a_challenge(3, 4, 5_000 + made))
                .unwrap();
        }
        let expired =
            at_once(&|node, _| node.expire_challenges(u64::from(u32::MAX)).unwrap().len());
        assert_eq!(expired.iter().sum::<usize>(), 20, "{expired:?}");
    }

    /// Keys that played each other before schema version 13 have, from
    /// their games' players.
    #[test]
    fn players_who_played_before_schema_version_13_have_played_each_other() {
        let Some((store, database)) = store(0) else {
            return;
        };
        let (ada, bea) = (
            mice_cake_engine::PlayerSecret::from_bytes([81; 32]),
            mice_cake_engine::PlayerSecret::from_bytes([82; 32]),
        );
        let game = suite::a_signed_game(
            980,
            Seated {
                yellow: &ada,
                blue: &bea,
            },
            mice_cake_protocol::Ending::Forfeit {
                seat: mice_cake_engine::Seat::Blue,
                cause: mice_cake_protocol::ForfeitCause::Left,
            },
            false,
        );
        store.write(&[suite::finishing(&game)], 0).unwrap();
        let store = reopened_at_version(store, &database, 12);
        assert!(
            store
                .have_played(ada.public_key(), bea.public_key())
                .unwrap()
        );
        assert!(
            store
                .have_played(bea.public_key(), ada.public_key())
                .unwrap()
        );
        assert_eq!(suite::keys_named(&store, "ada"), [ada.public_key()]);
    }

    /// A node that does not find a seat token in Redis (which restarted
    /// empty) finds its room here: written with each snapshot, gone with
    /// the room, and filled in from the snapshots by the migration.
    #[test]
    fn a_seat_token_leads_to_its_room_through_the_snapshots_written() {
        let Some((store, database)) = store(0) else {
            return;
        };
        let code: RoomCode = "K7QMX".parse().unwrap();
        let (ann, bob, ann_again) = ([1_u8; 32], [2_u8; 32], [3_u8; 32]);
        let mut snapshot = crate::store::log::tests::a_room();
        let seated = |snapshot: &mut RoomSnapshot, yellow: TokenHash, blue: TokenHash| {
            snapshot.seats.yellow.as_mut().unwrap().token = Some(yellow);
            snapshot.seats.blue.as_mut().unwrap().token = Some(blue);
        };
        seated(&mut snapshot, ann, bob);
        let update = |snapshot: &RoomSnapshot, fresh: bool| {
            RoomWrite::Update(Box::new(RoomUpdate {
                code,
                fresh,
                snapshot: Some(snapshot.clone()),
                entry: None,
                log_position: 0,
                new_game: false,
                rounds: Vec::new(),
                finished: Vec::new(),
                matches: Vec::new(),
            }))
        };
        store.write(&[update(&snapshot, true)], 0).unwrap();
        assert_eq!(store.room_of_seat(&ann).unwrap(), Some(code));
        assert_eq!(store.room_of_seat(&bob).unwrap(), Some(code));
        assert_eq!(store.room_of_seat(&ann_again).unwrap(), None);

        // Ann's seat taken by someone else: her old token leads nowhere.
        seated(&mut snapshot, ann_again, bob);
        store.write(&[update(&snapshot, false)], 0).unwrap();
        assert_eq!(store.room_of_seat(&ann).unwrap(), None);
        assert_eq!(store.room_of_seat(&ann_again).unwrap(), Some(code));

        // A database from before version 4 gets them from the snapshots.
        let store = reopened_at_version(store, &database, 3);
        assert_eq!(store.room_of_seat(&ann_again).unwrap(), Some(code));
        assert_eq!(store.room_of_seat(&bob).unwrap(), Some(code));
        assert_eq!(store.room_of_seat(&ann).unwrap(), None);

        store.write(&[RoomWrite::Remove(code)], 0).unwrap();
        assert_eq!(store.room_of_seat(&bob).unwrap(), None);
    }

    #[test]
    fn a_database_serves_one_server_and_is_free_again_once_it_stops() {
        let Some((first, database)) = store(0) else {
            return;
        };
        let refused = PostgresStore::open(&database.url, 0, None).unwrap_err();
        assert!(
            matches!(refused, StoreError::DatabaseInUse { .. }),
            "{refused}"
        );
        assert!(
            refused
                .to_string()
                .contains("in use by another mice-cake-server")
        );
        first.close(true);
        drop(first);
        let second = PostgresStore::open(&database.url, 0, None).unwrap();
        second.begin_run(1).unwrap();
    }

    /// A server killed (`kill -9`) and started again at once: the dead
    /// one's lock goes when PostgreSQL notices its connection closed, and
    /// the new one waits for that rather than refusing the database.
    #[test]
    fn a_server_started_as_a_killed_ones_lock_is_let_go_takes_the_database() {
        let Some(database) = TestDatabase::create() else {
            return;
        };
        let mut dead = postgres::Client::connect(&database.url, postgres::NoTls).unwrap();
        let held: bool = dead
            .query_one("SELECT pg_try_advisory_lock($1)", &[&SERVER_LOCK])
            .unwrap()
            .get(0);
        assert!(held);
        let letting_go = std::thread::spawn(move || {
            std::thread::sleep(Duration::from_millis(500));
            drop(dead);
        });
        let started = Instant::now();
        let store = PostgresStore::open(&database.url, 0, None).unwrap();
        assert!(started.elapsed() >= Duration::from_millis(400));
        store.begin_run(1).unwrap();
        letting_go.join().unwrap();
    }

    #[test]
    fn a_database_from_a_newer_server_is_refused_and_left_as_it_was() {
        let Some((store, database)) = store(0) else {
            return;
        };
        store
            .connection()
            .unwrap()
            .batch_execute("UPDATE mice_cake_schema SET version = 99")
            .unwrap();
        store.close(true);
        drop(store);
        let refused = PostgresStore::open(&database.url, 0, None).unwrap_err();
        assert!(
            matches!(refused, StoreError::TooNew { found: 99, .. }),
            "{refused}"
        );
        let mut client = postgres::Client::connect(&database.url, postgres::NoTls).unwrap();
        let version: i32 = client
            .query_one("SELECT version FROM mice_cake_schema", &[])
            .unwrap()
            .get(0);
        assert_eq!(version, 99, "nothing was changed");
    }

    #[test]
    fn an_unreachable_database_is_a_clear_error_that_never_shows_the_password() {
        // A port nobody listens on: bound, then let go.
        let port = std::net::TcpListener::bind("127.0.0.1:0")
            .unwrap()
            .local_addr()
            .unwrap()
            .port();
        let url = format!("postgres://mc:s3cret@127.0.0.1:{port}/games");
        let error = PostgresStore::open(&url, 0, None).unwrap_err().to_string();
        assert!(
            error.contains(&format!(
                "cannot open the database postgres://mc@127.0.0.1:{port}/games"
            )),
            "{error}"
        );
        assert!(!error.contains("s3cret"), "{error}");
        let error = PostgresStore::open("mysql://nowhere", 0, None)
            .unwrap_err()
            .to_string();
        assert!(error.contains("--database"), "{error}");
    }
}

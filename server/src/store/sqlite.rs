//! The SQLite backend: one file in the data directory, in WAL mode, with
//! its schema versioned from the first table.
//!
//! Start-up reads before it writes: a damaged file, or one from a newer
//! server, is refused with nothing changed.

use std::fs::File;
use std::path::{Path, PathBuf};
use std::sync::{Mutex, MutexGuard, PoisonError};

use mice_cake_engine::{PlayerKey, SealSignature, Seated};
use mice_cake_protocol::{
    Conduct, FinishedGame, GameId, GamePage, GameSummary, Leaderboard, PlayerAccuracy,
    PlayerProfile, Pool, Rating, RoomCode,
};
use rusqlite::{Connection, OpenFlags, OptionalExtension as _, Transaction, params};
use rusqlite_migration::{M, Migrations};
use tracing::warn;

use super::accuracy::{GameAccuracy, PoolAccuracy};
use super::checkpoint::Checkpointer;
use super::private;
use super::ratings;
use super::sqlite_accuracy;
use super::sqlite_analyses;
use super::sqlite_players;
use super::sqlite_ratings::{self, SqliteRatings};
use super::{
    GamesQuery, RoomUpdate, RoomWrite, RunStart, Store, StoreError, StoredRoom, read_room,
};

/// The database file in the data directory.
pub(crate) const DATABASE_FILE: &str = "mice-cake.db";
/// Held (locked) while a server uses the data directory.
const LOCK_FILE: &str = "mice-cake.lock";

/// The schema, one migration per version. Never edit one that has shipped:
/// add the next (and raise [`SCHEMA_VERSION`]).
fn migrations() -> Migrations<'static> {
    Migrations::new(vec![
        M::up(SCHEMA_1),
        M::up(SCHEMA_2),
        M::up(SCHEMA_3),
        M::up(sqlite_ratings::SCHEMA_4),
        M::up(sqlite_analyses::SCHEMA_5),
        M::up(sqlite_players::SCHEMA_6),
        M::up(sqlite_accuracy::SCHEMA_7),
    ])
}

/// Version 1.
const SCHEMA_1: &str = "
    -- Counters kept across runs: runs, uptime_ms.
    CREATE TABLE meta (
        key TEXT PRIMARY KEY,
        value INTEGER NOT NULL
    ) STRICT;

    -- Live rooms: a JSON snapshot each (seats with token hashes, options,
    -- this round's commits, deadlines as uptimes).
    CREATE TABLE rooms (
        code TEXT PRIMARY KEY,
        snapshot TEXT NOT NULL
    ) STRICT;

    -- The rounds of each live room's current game (engine reports, JSON).
    CREATE TABLE rounds (
        room TEXT NOT NULL,
        round INTEGER NOT NULL,
        report TEXT NOT NULL,
        PRIMARY KEY (room, round)
    ) STRICT, WITHOUT ROWID;

    -- Each live room's recent events, as sent, for clients that resume.
    -- No longer written (it was most of the cost of storing a round); read
    -- at start-up for data directories that have rows in it.
    CREATE TABLE events (
        room TEXT NOT NULL,
        seq INTEGER NOT NULL,
        frame TEXT NOT NULL,
        PRIMARY KEY (room, seq)
    ) STRICT, WITHOUT ROWID;

    -- Finished games. The cursor orders them and pages through them.
    CREATE TABLE games (
        cursor INTEGER PRIMARY KEY,
        id TEXT NOT NULL UNIQUE,
        summary TEXT NOT NULL,
        game TEXT NOT NULL
    ) STRICT;

    CREATE TABLE game_players (
        name TEXT NOT NULL COLLATE NOCASE,
        cursor INTEGER NOT NULL,
        PRIMARY KEY (name, cursor)
    ) STRICT, WITHOUT ROWID;
";

/// Version 2: each live room's log (see [`super::log`]).
const SCHEMA_2: &str = "
    -- What changed of each live room's moving parts since its snapshot,
    -- one entry (a JSON list of changes) per write, applied in order.
    CREATE TABLE room_log (
        room TEXT NOT NULL,
        position INTEGER NOT NULL,
        entry TEXT NOT NULL,
        PRIMARY KEY (room, position)
    ) STRICT, WITHOUT ROWID;
";

/// Version 3: a finished game (the JSON of `games.game`) may hold its
/// room's round deadline, `deadline_ms`. The rows stay as they are (a game
/// without it reads back as `null`), but a server older than this refuses
/// the field: the version tells it to refuse the database at start-up
/// instead of failing on each new game it is asked for.
const SCHEMA_3: &str = "
    -- Finished games may carry deadline_ms in their JSON: nothing to change.
";

/// The schema version [`migrations`] lead to: one per migration.
const SCHEMA_VERSION: usize = 7;

/// How hard SQLite works to keep each write.
#[derive(Clone, Copy, PartialEq, Eq, Debug, clap::ValueEnum)]
pub enum Durability {
    /// Every write survives the server process dying (even `kill -9`), but
    /// nothing is ever synced to the disk: if the machine itself crashes or
    /// loses power, the database may be damaged. The fastest: syncs stall
    /// the writer (reveal p99 at 10,000 rooms: 30–106 ms with `normal`, 4–5 ms
    /// with this; docs/performance.md).
    Process,
    /// Every write survives the server being killed (even `kill -9`); the
    /// last ones may be lost if the machine itself loses power.
    Normal,
    /// Every write also survives a power loss: one fsync per transaction.
    Full,
}

impl Durability {
    /// SQLite's `synchronous` setting for it.
    pub(super) fn synchronous(self) -> &'static str {
        match self {
            Durability::Process => "off",
            Durability::Normal => "normal",
            Durability::Full => "full",
        }
    }
}

/// A SQLite database.
pub(crate) struct SqliteStore {
    /// Where it is, for messages.
    name: String,
    writer: Mutex<Connection>,
    /// Reads for the HTTP API, beside the writer (WAL lets them run
    /// together); `None` in memory, where the writer reads too.
    reader: Option<Mutex<Connection>>,
    /// Finished games kept; 0 keeps them all.
    max_games: usize,
    /// The data directory's lock, held until the store closes.
    lock: Mutex<Option<File>>,
    /// Copies the log into the database once the run has begun.
    checkpointer: Mutex<Option<Checkpointer>>,
    /// The database file, for the checkpointer; none in memory.
    path: Option<PathBuf>,
    /// Also the checkpointer's.
    durability: Durability,
}

/// The writer's page cache, in KiB. SQLite's default (2 MiB) sends most
/// reads of 10,000 live rooms to the file; a much larger one costs more than
/// it saves, since every commit scans it (docs/performance.md).
const WRITER_CACHE_KIB: i64 = 8 * 1024;

impl SqliteStore {
    /// Opens (or creates) the database in `dir`.
    pub(crate) fn open(
        dir: &Path,
        durability: Durability,
        max_games: usize,
    ) -> Result<SqliteStore, StoreError> {
        let shown = dir.display().to_string();
        let data_dir_error = |source| StoreError::DataDir {
            path: shown.clone(),
            source,
        };
        private::create_dir(dir).map_err(data_dir_error)?;
        let lock = lock(dir)?;
        let path = dir.join(DATABASE_FILE);
        let name = path.display().to_string();
        if !path.exists() {
            // Created here, for the server's user alone: SQLite gives its
            // log and shared memory the same mode.
            private::open_file(&path).map_err(data_dir_error)?;
        }
        let mut writer = Connection::open(&path).map_err(|error| opening(&name, error))?;
        check_before_writing(&writer, &name)?;
        writer
            .pragma_update_and_check(None, "journal_mode", "wal", |row| row.get::<_, String>(0))
            .map_err(|error| opening(&name, error))?;
        let synchronous = durability.synchronous();
        writer
            .pragma_update(None, "synchronous", synchronous)
            .map_err(|error| opening(&name, error))?;
        // The log is copied into the database by a thread of its own
        // (`checkpoint`), started once the run begins, never by a commit.
        // Every live room's rows are written every round or two: keep
        // them in memory (SQLite's default is 2 MiB).
        for (pragma, value) in [("wal_autocheckpoint", 0), ("cache_size", -WRITER_CACHE_KIB)] {
            writer
                .pragma_update(None, pragma, value)
                .map_err(|error| opening(&name, error))?;
        }
        migrate(&mut writer, &name)?;
        let reader = Connection::open_with_flags(
            &path,
            OpenFlags::SQLITE_OPEN_READ_ONLY | OpenFlags::SQLITE_OPEN_NO_MUTEX,
        )
        .map_err(|error| opening(&name, error))?;
        for connection in [&writer, &reader] {
            wait_briefly_when_busy::<BUSY_TRIES>(connection)
                .map_err(|error| opening(&name, error))?;
        }
        // SQLite gives its log and shared memory the database file's mode
        // (again each time it opens them empty), which may be an older
        // server's 0644. In a private directory nobody else can reach the
        // files whatever their modes: they are all made private, which takes
        // nothing from anyone. An open directory is the operator's choice,
        // only reported.
        if private::is_private(dir) {
            for suffix in ["", "-wal", "-shm"] {
                private::make_private(&dir.join(format!("{DATABASE_FILE}{suffix}")))
                    .map_err(data_dir_error)?;
            }
        }
        let exposed = private::exposed(dir, &[DATABASE_FILE, LOCK_FILE]);
        if !exposed.is_empty() {
            warn!(
                paths = %private::listed(&exposed),
                fix = private::fix_all(&exposed),
                "other users of this machine can read the data directory, which holds the \
                 secrets of live games (seeds, deals, commits)"
            );
        }
        Ok(SqliteStore {
            name,
            writer: Mutex::new(writer),
            reader: Some(Mutex::new(reader)),
            max_games,
            lock: Mutex::new(Some(lock)),
            checkpointer: Mutex::new(None),
            path: Some(path),
            durability,
        })
    }

    /// A database in memory, gone with the process: for tests.
    #[cfg(test)]
    pub(crate) fn in_memory(max_games: usize) -> Result<SqliteStore, StoreError> {
        let name = "the in-memory database".to_owned();
        let mut writer = Connection::open_in_memory().map_err(|error| opening(&name, error))?;
        migrate(&mut writer, &name)?;
        Ok(SqliteStore {
            name,
            writer: Mutex::new(writer),
            reader: None,
            max_games,
            lock: Mutex::new(None),
            checkpointer: Mutex::new(None),
            path: None,
            durability: Durability::Normal,
        })
    }

    fn writer(&self) -> MutexGuard<'_, Connection> {
        // A panic mid-transaction rolls the transaction back (it is dropped),
        // so the connection is sound.
        self.writer.lock().unwrap_or_else(PoisonError::into_inner)
    }

    fn reader(&self) -> MutexGuard<'_, Connection> {
        match &self.reader {
            Some(reader) => reader.lock().unwrap_or_else(PoisonError::into_inner),
            None => self.writer(),
        }
    }
}

/// Takes the data directory's lock: two servers on one directory would
/// both bring back the same rooms.
fn lock(dir: &Path) -> Result<File, StoreError> {
    let path: PathBuf = dir.join(LOCK_FILE);
    let io_error = |source| StoreError::DataDir {
        path: dir.display().to_string(),
        source,
    };
    let file = private::open_file(&path).map_err(io_error)?;
    match file.try_lock() {
        Ok(()) => Ok(file),
        Err(std::fs::TryLockError::WouldBlock) => Err(StoreError::Locked {
            path: dir.display().to_string(),
            lock: path.display().to_string(),
        }),
        Err(std::fs::TryLockError::Error(source)) => Err(io_error(source)),
    }
}

/// Between tries for a lock: short, since locks here are held for
/// milliseconds.
const BUSY_PAUSE: std::time::Duration = std::time::Duration::from_micros(250);

/// Tries for a lock another connection holds (the checkpoint, a reader)
/// before failing: 5 s.
pub(super) const BUSY_TRIES: u32 = 20_000;

/// Waits for a busy lock in short pauses, `TRIES` times at most. SQLite's
/// own busy timeout sleeps 1, 2, 5 … up to 100 ms between tries: a room's
/// write would wait that long for a lock freed a millisecond later (seen as
/// the latency tail under load).
pub(super) fn wait_briefly_when_busy<const TRIES: u32>(
    connection: &Connection,
) -> rusqlite::Result<()> {
    connection.busy_handler(Some(|tries: i32| {
        let waiting = u32::try_from(tries).unwrap_or(u32::MAX) < TRIES;
        if waiting {
            std::thread::sleep(BUSY_PAUSE);
        }
        waiting
    }))
}

/// An error while opening: a damaged file says so.
fn opening(name: &str, error: rusqlite::Error) -> StoreError {
    use rusqlite::ErrorCode::{DatabaseCorrupt, NotADatabase};
    match error.sqlite_error_code() {
        Some(NotADatabase | DatabaseCorrupt) => StoreError::Unreadable {
            path: name.to_owned(),
            detail: error.to_string(),
        },
        _ => StoreError::Open {
            path: name.to_owned(),
            source: Box::new(error),
        },
    }
}

/// Reads the whole file's structure and its schema version; writes nothing.
fn check_before_writing(connection: &Connection, name: &str) -> Result<(), StoreError> {
    let problems: Vec<String> = connection
        .prepare("PRAGMA quick_check(5)")
        .and_then(|mut check| {
            check
                .query_map([], |row| row.get::<_, String>(0))?
                .collect::<Result<_, _>>()
        })
        .map_err(|error| opening(name, error))?;
    if problems.first().is_none_or(|first| first != "ok") {
        return Err(StoreError::Unreadable {
            path: name.to_owned(),
            detail: format!("damaged: {}", problems.join("; ")),
        });
    }
    let found: i64 = connection
        .pragma_query_value(None, "user_version", |row| row.get(0))
        .map_err(|error| opening(name, error))?;
    if found > i64::try_from(SCHEMA_VERSION).unwrap_or(i64::MAX) {
        return Err(StoreError::TooNew {
            path: name.to_owned(),
            found,
            known: SCHEMA_VERSION,
        });
    }
    Ok(())
}

fn migrate(connection: &mut Connection, name: &str) -> Result<(), StoreError> {
    migrations()
        .to_latest(connection)
        .map_err(|error| StoreError::Open {
            path: name.to_owned(),
            source: Box::new(error),
        })
}

impl From<rusqlite::Error> for StoreError {
    fn from(error: rusqlite::Error) -> StoreError {
        StoreError::Query {
            source: Box::new(error),
        }
    }
}

impl From<serde_json::Error> for StoreError {
    fn from(error: serde_json::Error) -> StoreError {
        StoreError::Query {
            source: Box::new(error),
        }
    }
}

fn read_meta(connection: &Connection, key: &str) -> Result<u64, StoreError> {
    let value: Option<i64> = connection
        .query_row("SELECT value FROM meta WHERE key = ?1", [key], |row| {
            row.get(0)
        })
        .optional()?;
    Ok(value
        .and_then(|value| u64::try_from(value).ok())
        .unwrap_or(0))
}

fn write_meta(connection: &Connection, key: &str, value: u64) -> Result<(), StoreError> {
    connection
        .prepare_cached(
            "INSERT INTO meta (key, value) VALUES (?1, ?2)
             ON CONFLICT (key) DO UPDATE SET value = excluded.value",
        )?
        .execute(params![key, i64::try_from(value).unwrap_or(i64::MAX)])?;
    Ok(())
}

fn update_room(
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
    Ok(())
}

fn seq_value(seq: u64) -> i64 {
    i64::try_from(seq).unwrap_or(i64::MAX)
}

fn insert_game(
    transaction: &Transaction<'_>,
    game: &FinishedGame,
    max_games: usize,
) -> Result<(), StoreError> {
    // Rated in the same transaction: stored with its rating changes, once.
    let rated = ratings::rate(&mut SqliteRatings(transaction), game)?;
    let game = rated.as_ref().unwrap_or(game);
    super::players::note_players(&mut SqliteRatings(transaction), game)?;
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

fn remove_room(transaction: &Transaction<'_>, code: RoomCode) -> Result<(), StoreError> {
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

impl Store for SqliteStore {
    fn next_run(&self) -> Result<RunStart, StoreError> {
        let reader = self.reader();
        Ok(RunStart {
            run: read_meta(&reader, "runs")? + 1,
            uptime_ms: read_meta(&reader, "uptime_ms")?,
        })
    }

    fn begin_run(&self, run: u64) -> Result<(), StoreError> {
        // Only now, when every stored room is back: a refused start must
        // leave the files as they were. Started before the run is counted,
        // so that failing to start it counts nothing (its first copy comes
        // a while later: dropping it at once copies nothing).
        let checkpointer = match &self.path {
            Some(path) => Some(Checkpointer::start(path, self.durability)?),
            None => None,
        };
        write_meta(&self.writer(), "runs", run)?;
        *self
            .checkpointer
            .lock()
            .unwrap_or_else(PoisonError::into_inner) = checkpointer;
        Ok(())
    }

    fn live_rooms(&self) -> Result<Vec<StoredRoom>, StoreError> {
        let reader = self.reader();
        let rooms: Vec<(String, String)> = reader
            .prepare("SELECT code, snapshot FROM rooms ORDER BY code")?
            .query_map([], |row| Ok((row.get(0)?, row.get(1)?)))?
            .collect::<Result<_, _>>()?;
        let mut log =
            reader.prepare("SELECT entry FROM room_log WHERE room = ?1 ORDER BY position")?;
        let mut rounds =
            reader.prepare("SELECT report FROM rounds WHERE room = ?1 ORDER BY round")?;
        let mut events =
            reader.prepare("SELECT seq, frame FROM events WHERE room = ?1 ORDER BY seq")?;
        rooms
            .into_iter()
            .map(|(code, snapshot)| {
                let log = log
                    .query_map([&code], |row| row.get::<_, String>(0))?
                    .collect::<Result<Vec<_>, _>>()?;
                let rounds = rounds
                    .query_map([&code], |row| row.get::<_, String>(0))?
                    .collect::<Result<Vec<_>, _>>()?;
                let mut room = read_room(&code, &snapshot, &log, &rounds)?;
                room.events = events
                    .query_map([&code], |row| {
                        Ok((row.get::<_, i64>(0)?, row.get::<_, String>(1)?))
                    })?
                    .map(|event| {
                        let (seq, frame) = event?;
                        let seq = u64::try_from(seq).map_err(|error| StoreError::BadRoom {
                            code: code.clone(),
                            detail: format!("an event's number cannot be read: {error}"),
                        })?;
                        Ok((seq, frame))
                    })
                    .collect::<Result<_, StoreError>>()?;
                Ok(room)
            })
            .collect()
    }

    fn write(&self, writes: &[RoomWrite], uptime_ms: u64) -> Result<(), StoreError> {
        let mut writer = self.writer();
        let transaction = writer.transaction()?;
        write_meta(&transaction, "uptime_ms", uptime_ms)?;
        for write in writes {
            match write {
                RoomWrite::Update(update) => update_room(&transaction, update, self.max_games)?,
                RoomWrite::Remove(code) => remove_room(&transaction, *code)?,
            }
        }
        transaction.commit()?;
        Ok(())
    }

    fn set_uptime(&self, uptime_ms: u64) -> Result<(), StoreError> {
        write_meta(&self.writer(), "uptime_ms", uptime_ms)
    }

    fn close(&self, tidy: bool) {
        drop(
            self.checkpointer
                .lock()
                .unwrap_or_else(PoisonError::into_inner)
                .take(),
        );
        // Fold the WAL into the database: a stopped server leaves one file.
        // Not for a run that never began: it changes nothing on disk.
        if tidy
            && let Err(cause) =
                self.writer()
                    .query_row("PRAGMA wal_checkpoint(TRUNCATE)", [], |_| Ok(()))
        {
            tracing::warn!(cause = %cause, "cannot checkpoint the database");
        }
        drop(
            self.lock
                .lock()
                .unwrap_or_else(PoisonError::into_inner)
                .take(),
        );
    }

    fn game(&self, id: &GameId) -> Result<Option<FinishedGame>, StoreError> {
        let text: Option<String> = self
            .reader()
            .prepare_cached("SELECT game FROM games WHERE id = ?1")?
            .query_row([id.to_string()], |row| row.get(0))
            .optional()?;
        Ok(text.map(|text| serde_json::from_str(&text)).transpose()?)
    }

    fn games(&self, query: &GamesQuery) -> Result<GamePage, StoreError> {
        let reader = self.reader();
        let before = query.before.map_or(i64::MAX, seq_value);
        let fetch = query.rows_to_fetch();
        let rows: Vec<(i64, String)> = match &query.player {
            Some(player) => reader
                .prepare_cached(
                    "SELECT g.cursor, g.summary FROM game_players p
                     JOIN games g ON g.cursor = p.cursor
                     WHERE p.name = ?1 AND p.cursor < ?2
                     ORDER BY p.cursor DESC LIMIT ?3",
                )?
                .query_map(params![player, before, fetch], |row| {
                    Ok((row.get(0)?, row.get(1)?))
                })?
                .collect::<Result<_, _>>()?,
            None => reader
                .prepare_cached(
                    "SELECT cursor, summary FROM games WHERE cursor < ?1
                     ORDER BY cursor DESC LIMIT ?2",
                )?
                .query_map(params![before, fetch], |row| Ok((row.get(0)?, row.get(1)?)))?
                .collect::<Result<_, _>>()?,
        };
        query.page(rows.into_iter())
    }

    fn rating(&self, key: PlayerKey, pool: Pool) -> Result<Option<Rating>, StoreError> {
        sqlite_ratings::rating(&self.reader(), key, pool)
    }

    fn player(&self, key: PlayerKey) -> Result<Option<PlayerProfile>, StoreError> {
        sqlite_players::player(&self.reader(), key)
    }

    fn declare_bot(
        &self,
        key: PlayerKey,
        declaration: SealSignature,
        name: &str,
    ) -> Result<(), StoreError> {
        sqlite_players::declare_bot(&self.writer(), key, declaration, name)
    }

    fn is_bot(&self, key: PlayerKey) -> Result<bool, StoreError> {
        sqlite_ratings::is_bot(&self.reader(), key)
    }

    fn pair_games(&self, keys: Seated<PlayerKey>, since_ms: u64) -> Result<u32, StoreError> {
        sqlite_ratings::pair_games(&self.reader(), keys, since_ms)
    }

    fn conduct(&self, key: PlayerKey) -> Result<Conduct, StoreError> {
        sqlite_players::conduct_of(&self.reader(), key)
    }

    fn leaderboard(&self, pool: Pool, limit: u32, bots: bool) -> Result<Leaderboard, StoreError> {
        sqlite_ratings::leaderboard(&self.reader(), pool, limit, bots)
    }

    fn rename(&self, key: PlayerKey, name: &str, at_ms: u64) -> Result<bool, StoreError> {
        sqlite_ratings::rename(&self.writer(), key, name, at_ms)
    }

    fn analysis(&self, game: &GameId, version: u32) -> Result<Option<String>, StoreError> {
        sqlite_analyses::analysis(&self.reader(), game, version)
    }

    fn save_analysis(&self, game: &GameId, version: u32, analysis: &str) -> Result<(), StoreError> {
        sqlite_analyses::save_analysis(&self.writer(), game, version, analysis)
    }

    fn rated_games_to_analyse(&self, limit: u32) -> Result<Vec<GameId>, StoreError> {
        sqlite_accuracy::to_analyse(&self.reader(), limit)
    }

    fn save_accuracy(&self, game: &GameId, rows: &[GameAccuracy]) -> Result<(), StoreError> {
        sqlite_accuracy::save(&self.writer(), game, rows)
    }

    fn accuracy(&self, key: PlayerKey) -> Result<Option<PlayerAccuracy>, StoreError> {
        sqlite_accuracy::of_player(&self.reader(), key)
    }

    fn accuracies(&self) -> Result<Vec<PoolAccuracy>, StoreError> {
        sqlite_accuracy::by_pool(&self.reader())
    }
}

impl std::fmt::Debug for SqliteStore {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("SqliteStore")
            .field("name", &self.name)
            .finish()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[cfg(unix)]
    #[test]
    fn a_data_directory_the_server_creates_is_its_users_alone() {
        use std::os::unix::fs::PermissionsExt as _;
        let root = tempfile::tempdir().unwrap();
        let dir = root.path().join("data");
        let store = SqliteStore::open(&dir, Durability::Normal, 0).unwrap();
        store.begin_run(1).unwrap();
        store
            .writer()
            .execute(
                "INSERT INTO rooms (code, snapshot) VALUES ('K7M2Q', '{}')",
                [],
            )
            .unwrap();
        let mode = |path: &Path| std::fs::metadata(path).unwrap().permissions().mode() & 0o777;
        assert_eq!(mode(&dir), 0o700);
        let mut files = Vec::new();
        for entry in std::fs::read_dir(&dir).unwrap() {
            let path = entry.unwrap().path();
            assert_eq!(mode(&path), 0o600, "{}", path.display());
            files.push(path.file_name().unwrap().to_string_lossy().into_owned());
        }
        files.sort();
        assert_eq!(
            files,
            [
                "mice-cake.db",
                "mice-cake.db-shm",
                "mice-cake.db-wal",
                "mice-cake.lock"
            ]
        );
        assert!(private::exposed(&dir, &["mice-cake.db", "mice-cake.db-wal"]).is_empty());
    }

    /// The schema's version a store's database is at.
    fn schema_version(store: &SqliteStore) -> i64 {
        store
            .writer()
            .pragma_query_value(None, "user_version", |row| row.get(0))
            .unwrap()
    }

    /// Every migration counted in the version it leaves: a database this
    /// server wrote opens again (a migration added without raising
    /// `SCHEMA_VERSION` made the next start refuse it as a newer server's).
    #[test]
    fn a_database_this_server_wrote_opens_again_at_its_version() {
        let dir = tempfile::tempdir().unwrap();
        let store = SqliteStore::open(dir.path(), Durability::Normal, 0).unwrap();
        store.close(true);
        drop(store);
        let store = SqliteStore::open(dir.path(), Durability::Normal, 0).unwrap();
        assert_eq!(schema_version(&store), SCHEMA_VERSION as i64);
        store.close(true);
    }

    #[test]
    fn the_log_is_copied_into_the_database_beside_the_writer_once_the_run_began() {
        let dir = tempfile::tempdir().unwrap();
        let store = SqliteStore::open(dir.path(), Durability::Normal, 0).unwrap();
        let database = dir.path().join(DATABASE_FILE);
        let rows = |from: usize| {
            let snapshot = "x".repeat(2_000);
            let writer = store.writer();
            for index in from..from + 200 {
                writer
                    .execute(
                        "INSERT INTO rooms (code, snapshot) VALUES (?1, ?2)",
                        params![format!("R{index:04}"), snapshot],
                    )
                    .unwrap();
            }
        };
        let size = || std::fs::metadata(&database).unwrap().len();
        // Before the run, commits never copy the log: the file stays as it was.
        let before = size();
        rows(0);
        std::thread::sleep(std::time::Duration::from_millis(600));
        assert_eq!(size(), before);
        store.begin_run(1).unwrap();
        rows(200);
        let copied = (0..40).any(|_| {
            std::thread::sleep(std::time::Duration::from_millis(100));
            size() > before + 400 * 2_000
        });
        assert!(
            copied,
            "the database grew from {before} to {} bytes",
            size()
        );
        store.close(true);
    }

    #[test]
    fn finished_games_are_listed_newest_first_by_player_page_by_page() {
        crate::store::tests::finished_games_are_listed_newest_first_by_player_page_by_page(
            &SqliteStore::in_memory(0).unwrap(),
        );
    }

    #[test]
    fn only_the_latest_finished_games_are_kept_when_bounded() {
        crate::store::tests::only_the_latest_finished_games_are_kept_when_bounded(
            &SqliteStore::in_memory(2).unwrap(),
        );
    }

    #[test]
    fn an_analysis_is_kept_by_game_and_version() {
        let store = SqliteStore::in_memory(0).unwrap();
        crate::store::tests::an_analysis_is_kept_by_game_and_version(&store);
    }

    #[test]
    fn accuracies_are_kept_per_game_and_summed_per_player() {
        let store = SqliteStore::in_memory(0).unwrap();
        crate::store::tests::accuracies_are_kept_per_game_and_summed_per_player(&store);
    }

    #[test]
    fn a_rated_game_moves_its_players_ratings_once() {
        let store = SqliteStore::in_memory(0).unwrap();
        crate::store::tests::a_rated_game_moves_its_players_ratings_once(&store);
        let store = SqliteStore::in_memory(0).unwrap();
        crate::store::tests::the_leaderboard_ranks_settled_players_best_first(&store);
    }

    /// A database rated in before players were kept per game: its rated
    /// games become its players' games (none aborted), so that their pages
    /// keep listing them.
    #[test]
    fn a_player_rated_before_schema_version_6_keeps_their_games() {
        let dir = tempfile::tempdir().unwrap();
        let mut old = Connection::open(dir.path().join(DATABASE_FILE)).unwrap();
        migrations().to_version(&mut old, 5).unwrap();
        let game = crate::store::tests::a_finished_game(7, "Ada", "Bea");
        // What a version 5 server wrote for a rated game, by hand.
        for key in [crate::store::tests::a_key(1), crate::store::tests::a_key(2)] {
            old.execute(
                "INSERT INTO rating_history (key, pool, game, at_ms, rating, deviation)
                 VALUES (?1, 'standard', ?2, 1, 1600.0, 300.0)",
                params![key.to_string(), game.id.to_string()],
            )
            .unwrap();
            old.execute(
                "INSERT INTO players (key, name) VALUES (?1, 'Ada')",
                [key.to_string()],
            )
            .unwrap();
        }
        old.execute(
            "INSERT INTO games (id, summary, game) VALUES (?1, ?2, ?3)",
            params![
                game.id.to_string(),
                serde_json::to_string(&GameSummary::of(&game)).unwrap(),
                serde_json::to_string(&game).unwrap()
            ],
        )
        .unwrap();
        drop(old);
        let store = SqliteStore::open(dir.path(), Durability::Normal, 0).unwrap();
        let page = store
            .player(crate::store::tests::a_key(1))
            .unwrap()
            .unwrap();
        assert_eq!(page.recent.len(), 1);
        assert_eq!(page.recent[0].id, game.id);
        assert_eq!(
            page.conduct,
            Conduct {
                games: 1,
                aborted: 0
            }
        );
        assert!(!page.bot);
    }

    #[test]
    fn players_pages_bots_and_conduct() {
        crate::store::tests::players_pages_bots_and_conduct(&SqliteStore::in_memory(0).unwrap());
        crate::store::tests::a_pair_counts_three_rated_games_a_day(
            &SqliteStore::in_memory(0).unwrap(),
        );
    }

    #[test]
    fn a_finished_game_keeps_its_rooms_round_deadline() {
        crate::store::tests::a_finished_game_keeps_its_rooms_round_deadline(
            &SqliteStore::in_memory(0).unwrap(),
        );
    }

    #[test]
    fn a_game_stored_at_schema_version_2_reads_back_with_no_deadline() {
        let dir = tempfile::tempdir().unwrap();
        let mut old = Connection::open(dir.path().join(DATABASE_FILE)).unwrap();
        migrations().to_version(&mut old, 2).unwrap();
        let (id, summary, game) = crate::store::tests::a_game_stored_before_deadlines();
        old.execute(
            "INSERT INTO games (id, summary, game) VALUES (?1, ?2, ?3)",
            params![id.to_string(), summary, game],
        )
        .unwrap();
        drop(old);
        let store = SqliteStore::open(dir.path(), Durability::Normal, 0).unwrap();
        assert_eq!(schema_version(&store), SCHEMA_VERSION as i64);
        crate::store::tests::a_game_stored_before_deadlines_reads_none(&store);
        store.close(true);
    }

    #[test]
    fn the_migrations_are_valid_and_lead_to_the_schema_version() {
        migrations().validate().unwrap();
        let store = SqliteStore::in_memory(0).unwrap();
        let version: i64 = store
            .writer()
            .pragma_query_value(None, "user_version", |row| row.get(0))
            .unwrap();
        assert_eq!(version, SCHEMA_VERSION as i64);
    }

    #[test]
    fn a_run_is_counted_only_when_it_begins_and_the_uptime_rides_with_writes() {
        crate::store::tests::a_run_is_counted_only_when_it_begins_and_the_uptime_rides_with_writes(
            &SqliteStore::in_memory(0).unwrap(),
        );
    }

    #[test]
    fn a_rooms_rounds_last_until_a_new_game_and_a_closed_room_leaves_nothing() {
        crate::store::tests::a_rooms_rounds_last_until_a_new_game_and_a_closed_room_leaves_nothing(
            &SqliteStore::in_memory(0).unwrap(),
        );
    }

    #[test]
    fn a_rooms_first_write_replaces_what_an_earlier_room_left_under_its_code() {
        crate::store::tests::a_rooms_first_write_replaces_what_an_earlier_room_left_under_its_code(
            &SqliteStore::in_memory(0).unwrap(),
        );
    }

    #[test]
    fn a_rooms_first_write_clears_what_an_earlier_room_left_under_its_code() {
        let store = SqliteStore::in_memory(0).unwrap();
        let code: RoomCode = "K7QMX".parse().unwrap();
        // What an earlier room under this code left, that it could not forget.
        store
            .writer()
            .execute_batch(
                "INSERT INTO rooms (code, snapshot) VALUES ('K7QMX', '{}');
                 INSERT INTO room_log (room, position, entry) VALUES ('K7QMX', 0, '[]');
                 INSERT INTO rounds (room, round, report) VALUES ('K7QMX', 1, '{}');
                 INSERT INTO events (room, seq, frame) VALUES ('K7QMX', 7, 'old');",
            )
            .unwrap();
        let first = RoomWrite::Update(Box::new(RoomUpdate {
            code,
            fresh: true,
            snapshot: None,
            entry: None,
            log_position: 0,
            new_game: false,
            rounds: Vec::new(),
            finished: Vec::new(),
        }));
        store.write(&[first], 0).unwrap();
        let reader = store.reader();
        for table in ["rooms", "room_log", "rounds", "events"] {
            let left: i64 = reader
                .query_row(&format!("SELECT count(*) FROM {table}"), [], |row| {
                    row.get(0)
                })
                .unwrap();
            assert_eq!(left, 0, "{table}");
        }
    }

    #[test]
    fn a_batch_is_stored_as_its_writes_one_at_a_time() {
        crate::store::tests::a_batch_is_stored_as_its_writes_one_at_a_time(
            &SqliteStore::in_memory(2).unwrap(),
            &SqliteStore::in_memory(2).unwrap(),
        );
    }

    #[test]
    fn a_rooms_log_is_applied_to_its_snapshot_and_a_new_snapshot_empties_it() {
        let store = SqliteStore::in_memory(0).unwrap();
        crate::store::tests::a_rooms_log_is_applied_to_its_snapshot_and_a_new_snapshot_empties_it(
            &store,
        );
        let entries: i64 = store
            .reader()
            .query_row("SELECT count(*) FROM room_log", [], |row| row.get(0))
            .unwrap();
        assert_eq!(entries, 0);
    }
}

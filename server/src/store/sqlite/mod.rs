//! The SQLite backend: one file in the data directory, in WAL mode, with
//! its schema versioned from the first table.
//!
//! Start-up reads before it writes: a damaged file, or one from a newer
//! server, is refused with nothing changed.

mod accuracy;
mod analyses;
mod arenas;
pub(crate) mod backup;
mod bot_cards;
mod challenges;
mod checkpoint;
mod matches;
mod open;
mod players;
mod rated_games;
mod ratings;
mod refunds;
mod schema;
mod write;

use std::fs::File;
use std::path::PathBuf;
use std::sync::{Mutex, MutexGuard, PoisonError};

use mice_cake_engine::{MatchId, PlayerKey, SealSignature, Seated};
use mice_cake_protocol::api::RefundDone;
use mice_cake_protocol::bots::SignedBotCard;
use mice_cake_protocol::{
    ArenaId, ChallengeEnd, ChallengeId, Conduct, FinishedGame, GameId, GamePage, Leaderboard,
    MatchSummary, NamedPlayer, PlayerAccuracy, PlayerProfile, Pool, Rating,
};
use rusqlite::{Connection, OptionalExtension as _, params};

use self::checkpoint::Checkpointer;
use self::write::{remove_room, seq_value, update_room, write_meta};
use super::accuracy::{GameAccuracy, PoolAccuracy};
use super::arenas::{ArenaEntrant, ArenaResult, Created, ListedArena, StoredArena};
use super::bots::BotRow;
use super::challenges::{ChallengesFromChoice, StoredChallenge};
use super::rated_games::RatedGameRow;
use super::{GamesQuery, RoomWrite, RunStart, Store, StoreError, StoredRoom, read_room};

/// How hard SQLite works to keep each write.
#[derive(Clone, Copy, PartialEq, Eq, Debug, clap::ValueEnum)]
pub enum Durability {
    /// Every write survives the server process dying (even `kill -9`), but
    /// nothing is ever synced to the disk: if the machine itself crashes or
    /// loses power, the database may be damaged. The fastest: the writer
    /// never waits on a sync, though the kernel's write-back may still hold
    /// it (docs/performance.md, "Human pace").
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

impl SqliteStore {
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

    fn match_summary(&self, id: MatchId) -> Result<Option<MatchSummary>, StoreError> {
        matches::read(&self.reader(), id)
    }

    fn add_challenge(&self, challenge: &StoredChallenge) -> Result<(), StoreError> {
        challenges::add(&self.writer(), challenge)
    }

    fn challenge(&self, id: ChallengeId) -> Result<Option<StoredChallenge>, StoreError> {
        challenges::read(&self.reader(), id)
    }

    fn waiting_challenges(
        &self,
        key: PlayerKey,
        now_ms: u64,
    ) -> Result<Vec<StoredChallenge>, StoreError> {
        challenges::waiting(&self.reader(), key, now_ms)
    }

    fn end_challenge(
        &self,
        id: ChallengeId,
        end: ChallengeEnd,
        now_ms: u64,
    ) -> Result<Option<StoredChallenge>, StoreError> {
        challenges::end(&self.writer(), id, end, now_ms)
    }

    fn expire_challenges(&self, now_ms: u64) -> Result<Vec<StoredChallenge>, StoreError> {
        challenges::expire(&self.writer(), now_ms)
    }

    fn challenges_from(&self, key: PlayerKey) -> Result<Option<ChallengesFromChoice>, StoreError> {
        challenges::choice(&self.reader(), key)
    }

    fn choose_challenges_from(
        &self,
        key: PlayerKey,
        choice: ChallengesFromChoice,
    ) -> Result<bool, StoreError> {
        challenges::choose(&self.writer(), key, &choice)
    }

    fn have_played(&self, a: PlayerKey, b: PlayerKey) -> Result<bool, StoreError> {
        challenges::have_played(&self.reader(), a, b)
    }

    fn players_named(&self, name: &str) -> Result<Vec<NamedPlayer>, StoreError> {
        challenges::players_named(&self.reader(), name)
    }

    fn rating(&self, key: PlayerKey, pool: Pool) -> Result<Option<Rating>, StoreError> {
        ratings::rating(&self.reader(), key, pool)
    }

    fn player(&self, key: PlayerKey) -> Result<Option<PlayerProfile>, StoreError> {
        players::player(&self.reader(), key)
    }

    fn declare_bot(
        &self,
        key: PlayerKey,
        declaration: SealSignature,
        name: &str,
        at_ms: u64,
    ) -> Result<(), StoreError> {
        players::declare_bot(&self.writer(), key, declaration, name, at_ms)
    }

    fn bot_declaration(&self, key: PlayerKey) -> Result<Option<SealSignature>, StoreError> {
        ratings::bot_declaration(&self.reader(), key, None)
    }

    fn pair_games(&self, keys: Seated<PlayerKey>, since_ms: u64) -> Result<u32, StoreError> {
        ratings::pair_games(&self.reader(), keys, since_ms)
    }

    fn conduct(&self, key: PlayerKey) -> Result<Conduct, StoreError> {
        players::conduct_of(&self.reader(), key)
    }

    fn leaderboard(&self, pool: Pool, limit: u32, bots: bool) -> Result<Leaderboard, StoreError> {
        ratings::leaderboard(&self.reader(), pool, limit, bots)
    }

    fn rated_games(&self) -> Result<Vec<RatedGameRow>, StoreError> {
        rated_games::counted(&self.reader())
    }

    fn refund(&self, keys: &[PlayerKey], at_ms: u64) -> Result<RefundDone, StoreError> {
        let mut writer = self.writer();
        let transaction = writer.transaction()?;
        let done =
            crate::store::refunds::refund(&mut refunds::SqliteRefunds(&transaction), keys, at_ms)?;
        transaction.commit()?;
        Ok(done)
    }

    fn rename(&self, key: PlayerKey, name: &str, at_ms: u64) -> Result<bool, StoreError> {
        ratings::rename(&self.writer(), key, name, at_ms)
    }

    fn describe_bot(&self, key: PlayerKey, card: &SignedBotCard) -> Result<bool, StoreError> {
        bot_cards::describe(&self.writer(), key, card)
    }

    fn bot_rows(&self, limit: u32) -> Result<Vec<BotRow>, StoreError> {
        bot_cards::rows(&self.reader(), limit)
    }

    fn create_arena(&self, arena: &StoredArena, per_key: u32) -> Result<Created, StoreError> {
        arenas::create(&mut self.writer(), arena, per_key)
    }

    fn arena(&self, id: ArenaId) -> Result<Option<ListedArena>, StoreError> {
        arenas::arena(&self.reader(), id)
    }

    fn arenas(&self, finished: u32) -> Result<Vec<ListedArena>, StoreError> {
        arenas::list(&self.reader(), finished)
    }

    fn enter_arena(&self, id: ArenaId, entrant: &ArenaEntrant) -> Result<(), StoreError> {
        arenas::enter(&self.writer(), id, entrant)
    }

    fn arena_entrants(&self, id: ArenaId) -> Result<Vec<ArenaEntrant>, StoreError> {
        arenas::entrants(&self.reader(), id)
    }

    fn arena_results(&self, id: ArenaId, after: u64) -> Result<Vec<ArenaResult>, StoreError> {
        arenas::results(&self.reader(), id, after)
    }

    fn finish_arena(&self, id: ArenaId) -> Result<(), StoreError> {
        arenas::finish(&self.writer(), id)
    }

    fn analysis(&self, game: &GameId, version: u32) -> Result<Option<String>, StoreError> {
        analyses::analysis(&self.reader(), game, version)
    }

    fn save_analysis(&self, game: &GameId, version: u32, analysis: &str) -> Result<(), StoreError> {
        analyses::save_analysis(&self.writer(), game, version, analysis)
    }

    fn rated_games_to_analyse(&self, limit: u32) -> Result<Vec<GameId>, StoreError> {
        accuracy::to_analyse(&self.reader(), limit)
    }

    fn save_accuracy(&self, game: &GameId, rows: &[GameAccuracy]) -> Result<(), StoreError> {
        accuracy::save(&self.writer(), game, rows)
    }

    fn accuracy(&self, key: PlayerKey) -> Result<Option<PlayerAccuracy>, StoreError> {
        accuracy::of_player(&self.reader(), key)
    }

    fn accuracies(&self) -> Result<Vec<PoolAccuracy>, StoreError> {
        accuracy::by_pool(&self.reader())
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
    use std::path::Path;

    use super::open::DATABASE_FILE;
    use mice_cake_protocol::{GameSummary, RoomCode};

    use super::schema::{SCHEMA_VERSION, migrations};
    use super::*;
    use crate::store::{RoomUpdate, private};

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
        crate::store::tests::the_leaderboard_lists_settled_ratings_resting_on_established_players(
            &store,
        );
        let store = SqliteStore::in_memory(0).unwrap();
        crate::store::tests::a_refund_rates_the_pool_again_without_the_rings_games(&store);
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

    /// A bot declared before servers kept when: older than any game still
    /// to be rated, it counts for every one of them.
    #[test]
    fn a_bot_declared_before_schema_version_9_counts_for_every_game() {
        let dir = tempfile::tempdir().unwrap();
        let mut old = Connection::open(dir.path().join(DATABASE_FILE)).unwrap();
        migrations().to_version(&mut old, 8).unwrap();
        let bot = mice_cake_engine::PlayerSecret::from_bytes([21; 32]);
        let person = crate::store::tests::a_key(22);
        old.execute(
            "INSERT INTO players (key, name, bot_declaration) VALUES (?1, 'Robo', ?2)",
            params![bot.public_key().to_string(), bot.sign_bot().to_string()],
        )
        .unwrap();
        old.execute(
            "INSERT INTO players (key, name) VALUES (?1, 'Pia')",
            [person.to_string()],
        )
        .unwrap();
        drop(old);
        let store = SqliteStore::open(dir.path(), Durability::Normal, 0).unwrap();
        let reader = store.reader();
        assert_eq!(
            ratings::bot_declaration(&reader, bot.public_key(), Some(1)).unwrap(),
            Some(bot.sign_bot())
        );
        assert_eq!(
            ratings::bot_declaration(&reader, person, Some(u64::MAX)).unwrap(),
            None
        );
    }

    /// A database rated in before rated games were kept in order: its
    /// rated games are read back from their records, in the order rated,
    /// and each player's first and latest game from their history — so
    /// that the leaderboard's rule, the fair-play report and refunds know
    /// every game played before.
    #[test]
    fn rated_games_stored_before_schema_version_10_are_read_back_in_order() {
        let dir = tempfile::tempdir().unwrap();
        let mut old = Connection::open(dir.path().join(DATABASE_FILE)).unwrap();
        migrations().to_version(&mut old, 9).unwrap();
        let (ada, bea) = (crate::store::tests::a_key(1), crate::store::tests::a_key(2));
        let keys = Seated {
            yellow: ada,
            blue: bea,
        };
        // What a version 9 server wrote for two rated games, by hand.
        let mut games = Vec::new();
        for (n, winner) in [
            (1, mice_cake_engine::Seat::Yellow),
            (2, mice_cake_engine::Seat::Blue),
        ] {
            let mut game = crate::store::tests::a_rated_game(n, keys, Some(winner));
            game.rated.as_mut().unwrap().ratings =
                Some(Seated::from_fn(|_| mice_cake_protocol::RatingChange {
                    before: Rating::initial(),
                    after: Rating::initial(),
                }));
            for key in [ada, bea] {
                old.execute(
                    "INSERT INTO rating_history (key, pool, game, at_ms, rating, deviation)
                     VALUES (?1, 'standard', ?2, ?3, 1500.0, 300.0)",
                    params![
                        key.to_string(),
                        game.id.to_string(),
                        i64::try_from(game.finished_at_ms).unwrap()
                    ],
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
            games.push(game);
        }
        for key in [ada, bea] {
            old.execute(
                "INSERT INTO ratings (key, pool, rating, deviation, volatility, games, wins, losses,
                     draws)
                 VALUES (?1, 'standard', 1500.0, 300.0, 0.06, 2, 1, 1, 0)",
                [key.to_string()],
            )
            .unwrap();
            old.execute(
                "INSERT INTO players (key, name) VALUES (?1, 'Ada')",
                [key.to_string()],
            )
            .unwrap();
        }
        drop(old);
        let store = SqliteStore::open(dir.path(), Durability::Normal, 0).unwrap();
        let rows = store.rated_games().unwrap();
        assert_eq!(
            rows.iter()
                .map(|row| (row.game, row.winner))
                .collect::<Vec<_>>(),
            [
                (games[0].id, Some(mice_cake_engine::Seat::Yellow)),
                (games[1].id, Some(mice_cake_engine::Seat::Blue))
            ]
        );
        let (first, last): (i64, i64) = store
            .reader()
            .query_row(
                "SELECT first_ms, last_ms FROM ratings WHERE key = ?1",
                [ada.to_string()],
                |row| Ok((row.get(0)?, row.get(1)?)),
            )
            .unwrap();
        assert_eq!(
            (first, last),
            (
                i64::try_from(games[0].finished_at_ms).unwrap(),
                i64::try_from(games[1].finished_at_ms).unwrap()
            )
        );
        let page = store.player(ada).unwrap().unwrap();
        assert_eq!(page.ratings[0].listing.games, 2);
    }

    #[test]
    fn a_match_is_kept_as_it_last_stood() {
        crate::store::tests::a_match_is_kept_as_it_last_stood(&SqliteStore::in_memory(0).unwrap());
    }

    #[test]
    fn challenges_choices_and_who_played_whom() {
        let suite = |test: fn(&dyn Store)| test(&SqliteStore::in_memory(0).unwrap());
        suite(crate::store::tests::challenges_wait_end_once_and_expire_once);
        suite(crate::store::tests::a_choice_of_challengers_is_kept_only_if_later);
        suite(crate::store::tests::who_played_whom_and_the_keys_a_name_is_known_by);
        suite(crate::store::tests::bots_cards_are_kept_if_later_and_listed_by_games);
    }

    /// A database whose games were stored before schema version 12: two
    /// keys that both signed moves of one have played each other.
    #[test]
    fn players_who_played_before_schema_version_12_have_played_each_other() {
        let dir = tempfile::tempdir().unwrap();
        let mut old = Connection::open(dir.path().join(DATABASE_FILE)).unwrap();
        migrations().to_version(&mut old, 11).unwrap();
        let key = crate::store::tests::a_key;
        // What a version 11 server wrote of two games: Ada and Bea both
        // played the first; Cy alone played the second (its other seat
        // signed nothing).
        for (player, name, game) in [(1, "Ada", 1), (2, "Bea", 1), (3, "Cy", 2)] {
            old.execute(
                "INSERT INTO player_games (key, game, at_ms, rated_room, aborted)
                 VALUES (?1, ?2, 1, 0, 0)",
                params![key(player).to_string(), GameId::from_u128(game).to_string()],
            )
            .unwrap();
            old.execute(
                "INSERT INTO players (key, name) VALUES (?1, ?2)",
                params![key(player).to_string(), name],
            )
            .unwrap();
        }
        drop(old);
        let store = SqliteStore::open(dir.path(), Durability::Normal, 0).unwrap();
        assert!(store.have_played(key(1), key(2)).unwrap());
        assert!(store.have_played(key(2), key(1)).unwrap());
        assert!(!store.have_played(key(1), key(3)).unwrap());
        assert!(!store.have_played(key(3), key(3)).unwrap());
        assert_eq!(crate::store::tests::keys_named(&store, "ADA"), [key(1)]);
        store.close(true);
    }

    #[test]
    fn arenas_are_created_listed_entered_and_counted() {
        crate::store::tests::arenas_are_created_listed_entered_and_counted(
            &SqliteStore::in_memory(0).unwrap(),
        );
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
            matches: Vec::new(),
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

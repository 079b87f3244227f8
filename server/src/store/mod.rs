//! Durable storage: live rooms, so that a restart costs nobody their game,
//! and finished games with their records.
//!
//! Rooms do not know the database. Each room describes what changed since
//! its last write as a [`RoomWrite`]: a whole snapshot, or an entry for its
//! log when only its moving parts changed (see [`log`]), and the rounds
//! played. A stored room is its snapshot with its log applied in order;
//! every backend keeps that shape. A [`Storage`] handle passes the write
//! to one writer thread, which stores many rooms' writes in one transaction.
//! The room sends nothing to any client until its write is in: a client
//! never learns of something a crash could take back.
//!
//! [`Store`] is the backend: SQLite ([`sqlite::SqliteStore`]) on disk,
//! finished games alone in memory with `--ephemeral` ([`MemoryStore`]), or
//! PostgreSQL ([`postgres::PostgresStore`], `--database`), the same rows in
//! a database server that several nodes can reach. Rooms do not know which.
//!
//! Stored openings (the moves of the round under way) are secret. Only a
//! room reads its own back, after a restart. No endpoint serves a live room, and a seat token is stored
//! only as its hash.

pub(crate) mod accuracy;
mod arena_calls;
pub(crate) mod arenas;
mod arenas_in_memory;
pub(crate) mod bots;
mod call_threads;
mod challenges;
mod challenges_in_memory;
mod log;
mod memory;
mod players;
pub(crate) mod postgres;
mod private;
pub(crate) mod rated_games;
pub(crate) mod ratings;
mod refunds;
pub(crate) mod replay;
mod rows;
mod snapshot;
pub(crate) mod sqlite;
#[cfg(test)]
mod tests;
mod writer;

use mice_cake_engine::{MatchId, PlayerKey, SealSignature, Seated};
use mice_cake_protocol::{
    ArenaId, ChallengeEnd, ChallengeId, Conduct, FinishedGame, GameId, GamePage, Leaderboard,
    MatchSummary, NamedPlayer, PlayerAccuracy, PlayerProfile, Pool, Rating, RoomCode,
};

use accuracy::{GameAccuracy, PoolAccuracy};
use arenas::{ArenaEntrant, ArenaResult, Created, ListedArena, StoredArena};
use mice_cake_protocol::api::RefundDone;
use mice_cake_protocol::bots::SignedBotCard;
use rated_games::RatedGameRow;

pub(crate) use challenges::{ChallengesFromChoice, StoredChallenge};
#[cfg(test)]
pub(crate) use log::RoomChange;
#[cfg(test)]
pub(crate) use log::tests::a_room as a_stored_room;
pub(crate) use log::{LOG_LIMIT, LogEntry, Written};
pub(crate) use memory::MemoryStore;
pub(crate) use rows::read_room;
pub(crate) use snapshot::{
    DealSnapshot, MatchPlayerState, MatchState, PlayerSnapshot, RatedStart, RoomSnapshot,
    StoredRound,
};
#[cfg(test)]
pub(crate) use tests::a_challenge;
pub(crate) use writer::Storage;

/// A live room as stored, to bring it back after a restart.
#[derive(Clone, Debug)]
pub(crate) struct StoredRoom {
    pub(crate) code: RoomCode,
    /// Its last snapshot with its log applied: the room as last written.
    pub(crate) snapshot: RoomSnapshot,
    /// The entries in its log: where its next entry goes.
    pub(crate) logged: u32,
    /// The rounds played in the current (or last) game, in order.
    pub(crate) rounds: Vec<StoredRound>,
    /// Recent events stored by servers before 0.1's load work, for clients
    /// that resume: `(seq, frame)`. No longer written: after a restart a
    /// resuming client gets the room's whole state instead.
    pub(crate) events: Vec<(u64, String)>,
}

/// What changed in one room since its last write.
#[derive(Clone, Debug)]
pub(crate) enum RoomWrite {
    /// The room lives on with these changes.
    Update(Box<RoomUpdate>),
    /// The room closed for good: forget it (its finished games stay).
    Remove(RoomCode),
}

impl RoomWrite {
    /// The room written.
    pub(crate) fn code(&self) -> RoomCode {
        match self {
            RoomWrite::Update(update) => update.code,
            RoomWrite::Remove(code) => *code,
        }
    }
}

/// A live room's changes.
#[derive(Clone, Debug)]
pub(crate) struct RoomUpdate {
    pub(crate) code: RoomCode,
    /// The room's first write: anything stored under its code (a room that
    /// had it before and could not be forgotten) goes.
    pub(crate) fresh: bool,
    /// The room's new snapshot, if more than its moving parts changed (or
    /// its log is full): it replaces the stored one and empties the log.
    pub(crate) snapshot: Option<RoomSnapshot>,
    /// Otherwise, what changed of its moving parts, appended to its log at
    /// `log_position` (the entries already in it).
    pub(crate) entry: Option<LogEntry>,
    pub(crate) log_position: u32,
    /// Set when a new game began: the rounds stored so far belong to the
    /// last one and go.
    pub(crate) new_game: bool,
    /// Rounds played since the last write.
    pub(crate) rounds: Vec<StoredRound>,
    /// Games that ended since the last write.
    pub(crate) finished: Vec<FinishedGame>,
    /// The room's matches as they stand after this write (a match begun,
    /// a game of it counted, its end), each kept under its id in the same
    /// transaction as the games: `GET /api/matches/{id}`.
    pub(crate) matches: Vec<MatchSummary>,
}

impl RoomUpdate {
    /// An update that carries only these finished games: what a room writes
    /// to a store that keeps no live rooms.
    pub(crate) fn finishing(code: RoomCode, finished: Vec<FinishedGame>) -> RoomUpdate {
        RoomUpdate {
            code,
            fresh: false,
            snapshot: None,
            entry: None,
            log_position: 0,
            new_game: false,
            rounds: Vec::new(),
            finished,
            matches: Vec::new(),
        }
    }

    /// Whether there is anything to write.
    pub(crate) fn is_empty(&self) -> bool {
        self.snapshot.is_none()
            && self.entry.is_none()
            && !self.new_game
            && self.rounds.is_empty()
            && self.finished.is_empty()
            && self.matches.is_empty()
    }
}

/// What the last run left behind.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(crate) struct RunStart {
    /// This run's number: 1 for a new data directory.
    pub(crate) run: u64,
    /// The uptime the last run reached (see [`crate::clock`]).
    pub(crate) uptime_ms: u64,
}

/// A page of finished games asked for.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct GamesQuery {
    /// Only games one of whose players had this name (ASCII case ignored).
    pub(crate) player: Option<String>,
    /// Only games stored before this cursor (from an earlier page).
    pub(crate) before: Option<u64>,
    /// At most this many.
    pub(crate) limit: u32,
}

impl GamesQuery {
    /// Rows to fetch for a page: one more than asked, to tell whether there
    /// is a next page.
    pub(crate) fn rows_to_fetch(&self) -> i64 {
        i64::from(self.limit) + 1
    }

    /// The page made of the rows fetched (`(cursor, summary as JSON)`,
    /// newest first, at most [`GamesQuery::rows_to_fetch`] of them).
    pub(crate) fn page(
        &self,
        rows: impl ExactSizeIterator<Item = (i64, String)>,
    ) -> Result<GamePage, StoreError> {
        let limit = self.limit as usize;
        let more = rows.len() > limit;
        let mut games = Vec::with_capacity(rows.len().min(limit));
        let mut last_cursor = None;
        for (cursor, summary) in rows.take(limit) {
            games.push(serde_json::from_str(&summary)?);
            last_cursor = u64::try_from(cursor).ok();
        }
        Ok(GamePage {
            games,
            next: if more { last_cursor } else { None },
        })
    }
}

/// A storage backend. Its calls block; [`Storage`] keeps them off the
/// async runtime.
pub(crate) trait Store: Send + Sync + 'static {
    /// The coming run's number and the uptime the last one reached. Reads
    /// only: a server that then refuses to start has changed nothing.
    fn next_run(&self) -> Result<RunStart, StoreError>;
    /// Counts the run: every stored room came back.
    fn begin_run(&self, run: u64) -> Result<(), StoreError>;
    /// Every live room, to bring back at start-up. Called, as the store is
    /// opened, off the async runtime.
    fn live_rooms(&self) -> Result<Vec<StoredRoom>, StoreError>;
    /// Whether live rooms are kept. A store that ends with the process
    /// keeps none (nothing would read them back): rooms then write it only
    /// the games they finish, and since it answers at once, its calls are
    /// made where they are asked, not on the writer thread.
    fn keeps_rooms(&self) -> bool {
        true
    }
    /// How many of its calls can run at once (SQLite: one reader beside
    /// the writer; PostgreSQL: its pool). More would only wait on a lock,
    /// each on a blocking thread of its own (docs/performance.md, "Memory
    /// per connection").
    fn parallel_calls(&self) -> usize {
        2
    }
    /// Applies every write, and records the uptime reached, all of it or
    /// none: a stored deadline is never ahead of the stored uptime.
    fn write(&self, writes: &[RoomWrite], uptime_ms: u64) -> Result<(), StoreError>;
    /// Records the uptime reached.
    fn set_uptime(&self, uptime_ms: u64) -> Result<(), StoreError>;
    /// A finished game.
    fn game(&self, id: &GameId) -> Result<Option<FinishedGame>, StoreError>;
    /// Finished games, newest first.
    fn games(&self, query: &GamesQuery) -> Result<GamePage, StoreError>;
    /// A match as last written ([`RoomUpdate::matches`]), begun, under way
    /// or over.
    fn match_summary(&self, id: MatchId) -> Result<Option<MatchSummary>, StoreError>;
    /// Keeps a new challenge, waiting.
    fn add_challenge(&self, challenge: &StoredChallenge) -> Result<(), StoreError>;
    /// A challenge, waiting or ended.
    fn challenge(&self, id: ChallengeId) -> Result<Option<StoredChallenge>, StoreError>;
    /// The challenges made by `key` or to it that wait at `now_ms` (not
    /// ended, not expired), oldest first.
    fn waiting_challenges(
        &self,
        key: PlayerKey,
        now_ms: u64,
    ) -> Result<Vec<StoredChallenge>, StoreError>;
    /// Ends challenge `id` so, if it still waits at `now_ms`, in one
    /// conditional write: it ended, or `None` if it had ended or expired
    /// already (another end crossed this one, on this node or another).
    fn end_challenge(
        &self,
        id: ChallengeId,
        end: ChallengeEnd,
        now_ms: u64,
    ) -> Result<Option<StoredChallenge>, StoreError>;
    /// Ends every challenge still waiting and expired at `now_ms`
    /// ([`ChallengeEnd::Expired`]), and gives them: each once, whichever
    /// node asks.
    fn expire_challenges(&self, now_ms: u64) -> Result<Vec<StoredChallenge>, StoreError>;
    /// Whom `key` takes challenges from, if it ever chose.
    fn challenges_from(&self, key: PlayerKey) -> Result<Option<ChallengesFromChoice>, StoreError>;
    /// Keeps `key`'s (checked) choice, unless one made at that time or
    /// later is kept: whether it was kept.
    fn choose_challenges_from(
        &self,
        key: PlayerKey,
        choice: ChallengesFromChoice,
    ) -> Result<bool, StoreError>;
    /// Whether `a` and `b` have played a finished game together here
    /// (each in a seat of it, by their keys).
    fn have_played(&self, a: PlayerKey, b: PlayerKey) -> Result<bool, StoreError>;
    /// The players whose name is `name` now (ASCII case ignored): their
    /// keys, at most [`mice_cake_protocol::MAX_PLAYERS_NAMED`], by key (its
    /// bytes, or hexadecimal digits), each with its name and whether it is
    /// a bot's.
    fn players_named(&self, name: &str) -> Result<Vec<NamedPlayer>, StoreError>;
    /// A player's rating in a pool, if they have played rated games there.
    fn rating(&self, key: PlayerKey, pool: Pool) -> Result<Option<Rating>, StoreError>;
    /// A player's page, if the key has played a game here (signed a move
    /// of it) or declared itself a bot.
    fn player(&self, key: PlayerKey) -> Result<Option<PlayerProfile>, StoreError>;
    /// Keeps `key`'s (checked) declaration that it is a bot, made at
    /// `at_ms`, for good; its name is `name` if it has none yet. The first
    /// declaration is kept, and when it was made: it changes the games that
    /// start after it only.
    fn declare_bot(
        &self,
        key: PlayerKey,
        declaration: SealSignature,
        name: &str,
        at_ms: u64,
    ) -> Result<(), StoreError>;
    /// `key`'s declaration that it is a bot, if it made one.
    fn bot_declaration(&self, key: PlayerKey) -> Result<Option<SealSignature>, StoreError>;
    /// Whether `key` has declared itself a bot.
    fn is_bot(&self, key: PlayerKey) -> Result<bool, StoreError> {
        Ok(self.bot_declaration(key)?.is_some())
    }
    /// Rated games between these two keys that ended at `since_ms` or
    /// later.
    fn pair_games(&self, keys: Seated<PlayerKey>, since_ms: u64) -> Result<u32, StoreError>;
    /// How `key` ended its latest games in rated rooms.
    fn conduct(&self, key: PlayerKey) -> Result<Conduct, StoreError>;
    /// Gives `key` the name `name`, signed at `at_ms`; false (nothing
    /// changed) if it was renamed at that time or later already.
    fn rename(&self, key: PlayerKey, name: &str, at_ms: u64) -> Result<bool, StoreError>;
    /// Keeps `card` as the card of `key` (a declared bot) on the bots'
    /// page; false (nothing changed) if a card signed at its time or later
    /// is kept.
    fn describe_bot(&self, key: PlayerKey, card: &SignedBotCard) -> Result<bool, StoreError>;
    /// The declared bots, the most games first (then by key), at most
    /// `limit` (`bots::page` adds their ratings).
    fn bot_rows(&self, limit: u32) -> Result<Vec<bots::BotRow>, StoreError>;
    /// A pool's best players (ratings no longer provisional, resting on
    /// games against established players: `rated_games.rs`), at most
    /// `limit`: people, or bots.
    fn leaderboard(&self, pool: Pool, limit: u32, bots: bool) -> Result<Leaderboard, StoreError>;
    /// Every rated game that counts (none refunded), in the order rated.
    fn rated_games(&self) -> Result<Vec<RatedGameRow>, StoreError>;
    /// Takes every counted rated game any of `keys` played out of the
    /// ratings at `at_ms`, and rates each pool they were in again without
    /// them (`refunds.rs`).
    fn refund(&self, keys: &[PlayerKey], at_ms: u64) -> Result<RefundDone, StoreError>;
    /// A finished game's analysis (its JSON), if one made by analysis
    /// `version` is kept.
    fn analysis(&self, game: &GameId, version: u32) -> Result<Option<String>, StoreError>;
    /// Keeps a finished game's analysis, in place of any older one.
    fn save_analysis(&self, game: &GameId, version: u32, analysis: &str) -> Result<(), StoreError>;
    /// Rated games whose players' figures are not kept yet, newest first,
    /// at most `limit`.
    fn rated_games_to_analyse(&self, limit: u32) -> Result<Vec<GameId>, StoreError>;
    /// Keeps a rated game's players' figures.
    fn save_accuracy(&self, game: &GameId, rows: &[GameAccuracy]) -> Result<(), StoreError>;
    /// A key's accuracy over its analysed rated games, if any.
    fn accuracy(&self, key: PlayerKey) -> Result<Option<PlayerAccuracy>, StoreError>;
    /// Every key's figures in each pool it played analysed rated games in.
    fn accuracies(&self) -> Result<Vec<PoolAccuracy>, StoreError>;
    /// Keeps a new arena, unless its creator's key has `per_key` arenas
    /// not finished already.
    fn create_arena(&self, arena: &StoredArena, per_key: u32) -> Result<Created, StoreError>;
    /// An arena, with its players and games counted.
    fn arena(&self, id: ArenaId) -> Result<Option<ListedArena>, StoreError>;
    /// Every arena not finished, the soonest first, then the `finished`
    /// latest finished.
    fn arenas(&self, finished: u32) -> Result<Vec<ListedArena>, StoreError>;
    /// Keeps that `entrant` entered arena `id` (again: their name then
    /// changes).
    fn enter_arena(&self, id: ArenaId, entrant: &ArenaEntrant) -> Result<(), StoreError>;
    /// Who entered arena `id`, in the order they first did.
    fn arena_entrants(&self, id: ArenaId) -> Result<Vec<ArenaEntrant>, StoreError>;
    /// Arena `id`'s results stored after its result `after` (0: all), in
    /// the order they were stored.
    fn arena_results(&self, id: ArenaId, after: u64) -> Result<Vec<ArenaResult>, StoreError>;
    /// Keeps that arena `id` is over.
    fn finish_arena(&self, id: ArenaId) -> Result<(), StoreError>;
    /// Called once the last write is in: let another server have the data,
    /// and, if the run began (`tidy`), tidy up.
    fn close(&self, tidy: bool);
}

type Source = Box<dyn std::error::Error + Send + Sync>;

/// Why storage failed. Messages name places and reasons, never stored
/// data: a commit must not reach a log line through an error.
#[derive(Debug, thiserror::Error)]
pub enum StoreError {
    /// The data directory cannot be used.
    #[error("cannot use the data directory {path}: {source}")]
    DataDir {
        path: String,
        #[source]
        source: std::io::Error,
    },
    /// Another server holds the data directory.
    #[error(
        "the data directory {path} is in use by another mice-cake-server \
         (it holds the lock on {lock}); stop it, or give this one another --data-dir"
    )]
    Locked { path: String, lock: String },
    /// Another server (not in a cluster with this one) uses the database.
    #[error(
        "the database {name} is in use by another mice-cake-server; stop it, \
         or give this one another --database"
    )]
    DatabaseInUse { name: String },
    /// The database cannot be opened at all.
    #[error("cannot open the database {path}: {source}")]
    Open {
        path: String,
        #[source]
        source: Source,
    },
    /// The file is damaged, or not a database. Nothing was written to it.
    #[error(
        "{path} is not a readable mice-cake database ({detail}); nothing was changed. \
         Restore it from a backup, or move it away to start afresh"
    )]
    Unreadable { path: String, detail: String },
    /// The database comes from a newer server. Nothing was written to it.
    #[error(
        "{path} was written by a newer mice-cake-server (schema version {found}; this one \
         knows up to {known}); nothing was changed. Run the newer server"
    )]
    TooNew {
        path: String,
        found: i64,
        known: usize,
    },
    /// A stored room cannot be brought back.
    #[error(
        "stored room {code} cannot be brought back: {detail}; nothing was changed. \
         Restore the database from a backup, or delete that room's rows to go on without it"
    )]
    BadRoom { code: String, detail: String },
    /// A read or a write failed.
    #[error("storage failed: {source}")]
    Query {
        #[source]
        source: Source,
    },
    /// In a cluster: another node has taken the room over (its epoch in
    /// the database moved on), so this node's copy of it must stop.
    #[error("room {code} is now run by another node of the cluster")]
    Fenced { code: String },
    /// The writer has stopped (the server is stopping).
    #[error("storage has stopped")]
    Stopped,
}

//! The writer thread: every room's writes, many in one transaction
//! (group commit), off the async runtime. Reads for the HTTP API run on
//! tokio's blocking pool, beside it. A store that keeps no rooms (in
//! memory) answers at once and has no writer thread.

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex, PoisonError};
use std::thread::JoinHandle;

use mice_cake_engine::{MatchId, PlayerKey, SealSignature, Seated};
use mice_cake_protocol::{
    ChallengeEnd, ChallengeId, Conduct, FinishedGame, GameId, GamePage, Leaderboard, MatchSummary,
    NamedPlayer, PlayerAccuracy, PlayerProfile, Pool, Rating,
};
use tokio::sync::{mpsc, oneshot};
use tracing::{error, warn};

use super::accuracy::{GameAccuracy, PoolAccuracy};
use super::call_threads::CallThreads;
use super::challenges::{ChallengesFromChoice, StoredChallenge};
use super::rated_games::RatedGameRow;
use super::{GamesQuery, RoomWrite, Store, StoreError};
use crate::clock::UptimeClock;
use mice_cake_protocol::api::RefundDone;
use mice_cake_protocol::bots::{BotsPage, SignedBotCard};

/// Writes waiting for the writer; a full queue makes rooms wait.
const QUEUE: usize = 4096;
/// Most writes in one transaction.
const BATCH: usize = 512;

enum Job {
    Write {
        write: RoomWrite,
        done: oneshot::Sender<Result<(), StoreError>>,
    },
    /// Record the uptime reached.
    Uptime,
    /// Stop, recording the uptime unless the run never began.
    Close {
        done: oneshot::Sender<()>,
        record_uptime: bool,
    },
}

/// The server's handle on storage.
pub(crate) struct Storage {
    store: Arc<dyn Store>,
    /// The writer thread; none for a store that answers at once.
    writer: Option<Writer>,
    clock: UptimeClock,
    /// Set once storage has closed: writes are refused from then on.
    closed: AtomicBool,
    /// The threads that make its blocking calls; none for a store that
    /// answers at once.
    calls: Option<CallThreads>,
}

struct Writer {
    jobs: mpsc::Sender<Job>,
    thread: Mutex<Option<JoinHandle<()>>>,
}

impl Storage {
    /// Starts storage over `store`, counting uptime with `clock`: a writer
    /// thread if `store` keeps rooms (its writes take a transaction each),
    /// none otherwise.
    pub(crate) fn start(store: Arc<dyn Store>, clock: UptimeClock) -> std::io::Result<Storage> {
        let calls = if store.keeps_rooms() {
            Some(CallThreads::start(store.parallel_calls())?)
        } else {
            None
        };
        let writer = if store.keeps_rooms() {
            let (jobs, queue) = mpsc::channel(QUEUE);
            let writer_store = Arc::clone(&store);
            let thread = std::thread::Builder::new()
                .name("storage".into())
                .spawn(move || write_until_closed(&*writer_store, clock, queue))?;
            Some(Writer {
                jobs,
                thread: Mutex::new(Some(thread)),
            })
        } else {
            None
        };
        Ok(Storage {
            store,
            writer,
            clock,
            closed: AtomicBool::new(false),
            calls,
        })
    }

    /// Whether live rooms are kept (see [`Store::keeps_rooms`]): if not,
    /// rooms write only the games they finish.
    pub(crate) fn keeps_rooms(&self) -> bool {
        self.writer.is_some()
    }

    /// Stores a room's write; returns once it is durable.
    pub(crate) async fn write(&self, write: RoomWrite) -> Result<(), StoreError> {
        let Some(writer) = &self.writer else {
            if self.closed.load(Ordering::Acquire) {
                return Err(StoreError::Stopped);
            }
            metrics::counter!(crate::metrics::STORE_WRITES).increment(1);
            return self
                .store
                .write(std::slice::from_ref(&write), self.clock.now_ms());
        };
        let (done, answer) = oneshot::channel();
        writer
            .jobs
            .send(Job::Write { write, done })
            .await
            .map_err(|_| StoreError::Stopped)?;
        answer.await.unwrap_or(Err(StoreError::Stopped))
    }

    /// Records the uptime reached. Called every second while a clock runs
    /// (a game is on), so that a crash costs the rooms' clocks no more than
    /// that; every write records it too.
    pub(crate) fn tick(&self) {
        // A full queue means the writer is busy; the next tick will do.
        if let Some(writer) = &self.writer {
            let _ = writer.jobs.try_send(Job::Uptime);
        }
    }

    /// A finished game.
    pub(crate) async fn game(&self, id: GameId) -> Result<Option<FinishedGame>, StoreError> {
        self.blocking(move |store| store.game(&id)).await
    }

    /// A match, as last written.
    pub(crate) async fn match_summary(
        &self,
        id: MatchId,
    ) -> Result<Option<MatchSummary>, StoreError> {
        self.blocking(move |store| store.match_summary(id)).await
    }

    /// Keeps a new challenge (see [`Store::add_challenge`]).
    pub(crate) async fn add_challenge(&self, challenge: StoredChallenge) -> Result<(), StoreError> {
        self.blocking(move |store| store.add_challenge(&challenge))
            .await
    }

    /// A challenge, waiting or ended.
    pub(crate) async fn challenge(
        &self,
        id: ChallengeId,
    ) -> Result<Option<StoredChallenge>, StoreError> {
        self.blocking(move |store| store.challenge(id)).await
    }

    /// The challenges made by `key` or to it that wait at `now_ms`, oldest
    /// first.
    pub(crate) async fn waiting_challenges(
        &self,
        key: PlayerKey,
        now_ms: u64,
    ) -> Result<Vec<StoredChallenge>, StoreError> {
        self.blocking(move |store| store.waiting_challenges(key, now_ms))
            .await
    }

    /// Ends a challenge if it still waits (see [`Store::end_challenge`]):
    /// it ended, or `None` if another end came first.
    pub(crate) async fn end_challenge(
        &self,
        id: ChallengeId,
        end: ChallengeEnd,
        now_ms: u64,
    ) -> Result<Option<StoredChallenge>, StoreError> {
        self.blocking(move |store| store.end_challenge(id, end, now_ms))
            .await
    }

    /// Ends the challenges expired at `now_ms` (see
    /// [`Store::expire_challenges`]), each once.
    pub(crate) async fn expire_challenges(
        &self,
        now_ms: u64,
    ) -> Result<Vec<StoredChallenge>, StoreError> {
        self.blocking(move |store| store.expire_challenges(now_ms))
            .await
    }

    /// Whom `key` takes challenges from, if it ever chose.
    pub(crate) async fn challenges_from(
        &self,
        key: PlayerKey,
    ) -> Result<Option<ChallengesFromChoice>, StoreError> {
        self.blocking(move |store| store.challenges_from(key)).await
    }

    /// Keeps `key`'s choice unless a later one is kept (see
    /// [`Store::choose_challenges_from`]).
    pub(crate) async fn choose_challenges_from(
        &self,
        key: PlayerKey,
        choice: ChallengesFromChoice,
    ) -> Result<bool, StoreError> {
        self.blocking(move |store| store.choose_challenges_from(key, choice))
            .await
    }

    /// Whether two keys have played a game together here.
    pub(crate) async fn have_played(&self, a: PlayerKey, b: PlayerKey) -> Result<bool, StoreError> {
        self.blocking(move |store| store.have_played(a, b)).await
    }

    /// The players whose name is `name`, ASCII case ignored, with their
    /// names and whether bots (see [`Store::players_named`]).
    pub(crate) async fn players_named(&self, name: String) -> Result<Vec<NamedPlayer>, StoreError> {
        self.blocking(move |store| store.players_named(&name)).await
    }

    /// A player's rating in a pool, if they have one.
    pub(crate) async fn rating(
        &self,
        key: PlayerKey,
        pool: Pool,
    ) -> Result<Option<Rating>, StoreError> {
        self.blocking(move |store| store.rating(key, pool)).await
    }

    /// A player's page.
    pub(crate) async fn player(&self, key: PlayerKey) -> Result<Option<PlayerProfile>, StoreError> {
        self.blocking(move |store| store.player(key)).await
    }

    /// Renames a player (see [`Store::rename`]).
    pub(crate) async fn rename(
        &self,
        key: PlayerKey,
        name: String,
        at_ms: u64,
    ) -> Result<bool, StoreError> {
        self.blocking(move |store| store.rename(key, &name, at_ms))
            .await
    }

    /// Keeps a bot's card (see [`Store::describe_bot`]).
    pub(crate) async fn describe_bot(
        &self,
        key: PlayerKey,
        card: SignedBotCard,
    ) -> Result<bool, StoreError> {
        self.blocking(move |store| store.describe_bot(key, &card))
            .await
    }

    /// The bots' page: at most `limit` bots, the most games first.
    pub(crate) async fn bots(&self, limit: u32) -> Result<BotsPage, StoreError> {
        self.blocking(move |store| super::bots::page(store, store.bot_rows(limit)?))
            .await
    }

    /// A finished game's stored analysis (its JSON), if one of `version`
    /// is kept.
    pub(crate) async fn analysis(
        &self,
        game: GameId,
        version: u32,
    ) -> Result<Option<String>, StoreError> {
        self.blocking(move |store| store.analysis(&game, version))
            .await
    }

    /// Keeps a finished game's analysis.
    pub(crate) async fn save_analysis(
        &self,
        game: GameId,
        version: u32,
        analysis: String,
    ) -> Result<(), StoreError> {
        self.blocking(move |store| store.save_analysis(&game, version, &analysis))
            .await
    }

    /// Rated games whose players' figures are not kept yet (see
    /// [`Store::rated_games_to_analyse`]).
    pub(crate) async fn rated_games_to_analyse(
        &self,
        limit: u32,
    ) -> Result<Vec<GameId>, StoreError> {
        self.blocking(move |store| store.rated_games_to_analyse(limit))
            .await
    }

    /// Keeps a rated game's players' figures.
    pub(crate) async fn save_accuracy(
        &self,
        game: GameId,
        rows: Vec<GameAccuracy>,
    ) -> Result<(), StoreError> {
        self.blocking(move |store| store.save_accuracy(&game, &rows))
            .await
    }

    /// A key's accuracy over its analysed rated games.
    pub(crate) async fn accuracy(
        &self,
        key: PlayerKey,
    ) -> Result<Option<PlayerAccuracy>, StoreError> {
        self.blocking(move |store| store.accuracy(key)).await
    }

    /// Every key's figures per pool.
    pub(crate) async fn accuracies(&self) -> Result<Vec<PoolAccuracy>, StoreError> {
        self.blocking(Store::accuracies).await
    }

    /// Every rated game that counts, in order (see [`Store::rated_games`]).
    pub(crate) async fn rated_games(&self) -> Result<Vec<RatedGameRow>, StoreError> {
        self.blocking(Store::rated_games).await
    }

    /// Takes a ring's games out of the ratings (see [`Store::refund`]).
    pub(crate) async fn refund(
        &self,
        keys: Vec<PlayerKey>,
        at_ms: u64,
    ) -> Result<RefundDone, StoreError> {
        self.blocking(move |store| store.refund(&keys, at_ms)).await
    }

    /// A pool's leaderboard: people's, or bots'.
    pub(crate) async fn leaderboard(
        &self,
        pool: Pool,
        limit: u32,
        bots: bool,
    ) -> Result<Leaderboard, StoreError> {
        self.blocking(move |store| store.leaderboard(pool, limit, bots))
            .await
    }

    /// Keeps a key's declaration that it is a bot, made at `at_ms` (see
    /// [`Store::declare_bot`]).
    pub(crate) async fn declare_bot(
        &self,
        key: PlayerKey,
        declaration: SealSignature,
        name: String,
        at_ms: u64,
    ) -> Result<(), StoreError> {
        self.blocking(move |store| store.declare_bot(key, declaration, &name, at_ms))
            .await
    }

    /// Whether a key has declared itself a bot.
    pub(crate) async fn is_bot(&self, key: PlayerKey) -> Result<bool, StoreError> {
        self.blocking(move |store| store.is_bot(key)).await
    }

    /// Each key's declaration that it is a bot, where it made one.
    pub(crate) async fn bot_declarations(
        &self,
        keys: Seated<PlayerKey>,
    ) -> Result<Seated<Option<SealSignature>>, StoreError> {
        self.blocking(move |store| {
            Ok(Seated {
                yellow: store.bot_declaration(keys.yellow)?,
                blue: store.bot_declaration(keys.blue)?,
            })
        })
        .await
    }

    /// Rated games between two keys since `since_ms`.
    pub(crate) async fn pair_games(
        &self,
        keys: Seated<PlayerKey>,
        since_ms: u64,
    ) -> Result<u32, StoreError> {
        self.blocking(move |store| store.pair_games(keys, since_ms))
            .await
    }

    /// How a key ended its latest games in rated rooms.
    pub(crate) async fn conduct(&self, key: PlayerKey) -> Result<Conduct, StoreError> {
        self.blocking(move |store| store.conduct(key)).await
    }

    /// A page of finished games.
    pub(crate) async fn games(&self, query: GamesQuery) -> Result<GamePage, StoreError> {
        self.blocking(move |store| store.games(&query)).await
    }

    /// Counts this run (see [`Store::begin_run`]).
    pub(crate) async fn begin_run(&self, run: u64) -> Result<(), StoreError> {
        self.blocking(move |store| store.begin_run(run)).await
    }

    /// Makes a blocking call on the store's call threads (at once, for a
    /// store that answers at once).
    pub(super) async fn blocking<T: Send + 'static>(
        &self,
        call: impl FnOnce(&dyn Store) -> Result<T, StoreError> + Send + 'static,
    ) -> Result<T, StoreError> {
        match &self.calls {
            Some(threads) => threads.call(Arc::clone(&self.store), call).await,
            None => call(&*self.store),
        }
    }

    /// Writes what is queued, records the uptime, and stops the writer.
    pub(crate) async fn close(&self) {
        self.stop(true).await;
    }

    /// Stops the writer of a run that never began: nothing is written.
    pub(crate) async fn abandon(&self) {
        self.stop(false).await;
    }

    async fn stop(&self, record_uptime: bool) {
        self.closed.store(true, Ordering::Release);
        let Some(writer) = &self.writer else {
            self.store.close(record_uptime);
            return;
        };
        let (done, closed) = oneshot::channel();
        let close = Job::Close {
            done,
            record_uptime,
        };
        if writer.jobs.send(close).await.is_ok() {
            let _ = closed.await;
        }
        let thread = writer
            .thread
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
            .take();
        if let Some(thread) = thread {
            let _ = tokio::task::spawn_blocking(move || thread.join()).await;
        }
    }
}

/// The writer thread's loop.
fn write_until_closed(store: &dyn Store, clock: UptimeClock, mut queue: mpsc::Receiver<Job>) {
    while let Some(first) = queue.blocking_recv() {
        let mut writes = Vec::new();
        let mut answers = Vec::new();
        let mut uptime = false;
        let mut close = None;
        let mut final_uptime = false;
        let mut next = Some(first);
        while let Some(job) = next.take() {
            match job {
                Job::Write { write, done } => {
                    writes.push(write);
                    answers.push(done);
                }
                Job::Uptime => uptime = true,
                Job::Close {
                    done,
                    record_uptime,
                } => {
                    close = Some(done);
                    final_uptime = record_uptime;
                    break;
                }
            }
            if writes.len() < BATCH {
                next = queue.try_recv().ok();
            }
        }
        if !writes.is_empty() {
            let started = std::time::Instant::now();
            let count = writes.len() as u64;
            write_batch(store, &writes, answers, clock.now_ms());
            metrics::counter!(crate::metrics::STORE_WRITES).increment(count);
            metrics::counter!(crate::metrics::STORE_TRANSACTIONS).increment(1);
            metrics::counter!(crate::metrics::STORE_BUSY)
                .increment(u64::try_from(started.elapsed().as_micros()).unwrap_or(u64::MAX));
        }
        if (uptime || final_uptime)
            && let Err(cause) = store.set_uptime(clock.now_ms())
        {
            warn!(cause = %cause, "cannot record the uptime");
        }
        if let Some(done) = close {
            store.close(final_uptime);
            let _ = done.send(());
            return;
        }
    }
}

/// Stores a batch in one transaction. If that fails, each write is tried
/// on its own, so that one bad write fails no other room.
fn write_batch(
    store: &dyn Store,
    writes: &[RoomWrite],
    answers: Vec<oneshot::Sender<Result<(), StoreError>>>,
    uptime_ms: u64,
) {
    if writes.len() > 1 && store.write(writes, uptime_ms).is_ok() {
        for answer in answers {
            let _ = answer.send(Ok(()));
        }
        return;
    }
    for (write, answer) in writes.iter().zip(answers) {
        let result = store.write(std::slice::from_ref(write), uptime_ms);
        if let Err(cause) = &result {
            error!(room = %write.code(), cause = %cause, "cannot store a room's changes");
        }
        let _ = answer.send(result);
    }
}

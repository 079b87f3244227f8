//! Analyses of finished games being made: at most `--analyses` at once, on
//! the blocking pool (never on the threads that serve rooms), at most
//! `--analysis-queue` more waiting their turn, one per game however many
//! ask for it.
//!
//! Each analysis is a task of its own: a request that goes away (its client
//! hung up) stops waiting for it, and the analysis is still made, stored
//! and counted out of the queue. Server shutdown stops the waiting ones.

use std::collections::HashMap;
use std::sync::{Arc, Mutex, PoisonError};

use mice_cake_engine::GameRecord;
use mice_cake_engine::analysis::{ANALYSIS_VERSION, AnalysisError, analyse_played};
use mice_cake_protocol::GameId;
use tokio::sync::{Semaphore, watch};
use tracing::{error, info};

use crate::room::RoomContext;

/// Why no analysis was made.
#[derive(Clone, Debug, thiserror::Error)]
pub(crate) enum AnalysisFailure {
    /// As many analyses are under way or waiting as the server takes.
    #[error("the server is analysing as many games as it can: try again in a minute")]
    Busy,
    /// The server is stopping.
    #[error("the server is stopping")]
    ShuttingDown,
    /// The stored record cannot be analysed (the server's fault).
    #[error("the stored game cannot be analysed: {0}")]
    Engine(#[from] AnalysisError),
    /// The analysis did not finish (its thread panicked) or did not serialize.
    #[error("the analysis failed: {0}")]
    Failed(String),
}

/// What a waiting request receives: the analysis's JSON, once made.
pub(crate) type Made = Result<String, AnalysisFailure>;

/// The analyses under way, by game.
#[derive(Debug)]
pub(crate) struct Analyses {
    /// One permit per analysis allowed to run at once.
    running: Arc<Semaphore>,
    /// Analyses taken (running or waiting for a permit), by game: each
    /// request for one of them waits on its channel.
    under_way: Mutex<HashMap<GameId, watch::Receiver<Option<Made>>>>,
    /// Analyses that may be under way at once.
    most: usize,
}

impl Analyses {
    /// At most `at_once` analyses at a time (at least one), and `queue`
    /// more waiting.
    pub(crate) fn new(at_once: usize, queue: usize) -> Arc<Analyses> {
        let at_once = at_once.max(1);
        Arc::new(Analyses {
            running: Arc::new(Semaphore::new(at_once)),
            under_way: Mutex::new(HashMap::new()),
            most: at_once + queue,
        })
    }

    /// The analysis of `game`, made by a task of its own unless one is
    /// under way: a channel that holds it once made.
    pub(crate) fn request(
        self: &Arc<Self>,
        game: GameId,
        record: GameRecord,
        context: &Arc<RoomContext>,
    ) -> Result<watch::Receiver<Option<Made>>, AnalysisFailure> {
        let mut under_way = self
            .under_way
            .lock()
            .unwrap_or_else(PoisonError::into_inner);
        if let Some(waiting) = under_way.get(&game) {
            return Ok(waiting.clone());
        }
        if under_way.len() >= self.most {
            return Err(AnalysisFailure::Busy);
        }
        let (made, waiting) = watch::channel(None);
        under_way.insert(game, waiting.clone());
        drop(under_way);
        let job = Job {
            analyses: Arc::clone(self),
            game,
        };
        tokio::spawn(job.run(record, Arc::clone(context), made));
        Ok(waiting)
    }
}

/// What a request for an analysis receives once it is made: its JSON, or
/// why there is none.
pub(crate) async fn once_made(mut made: watch::Receiver<Option<Made>>) -> Made {
    match made.wait_for(Option::is_some).await {
        Ok(made) => made.clone().unwrap_or(Err(AnalysisFailure::ShuttingDown)),
        // The job ended without a word: the server is stopping.
        Err(_) => Err(AnalysisFailure::ShuttingDown),
    }
}

/// One analysis; dropped, however it ends, it leaves the queue.
struct Job {
    analyses: Arc<Analyses>,
    game: GameId,
}

impl Job {
    async fn run(
        self,
        record: GameRecord,
        context: Arc<RoomContext>,
        made: watch::Sender<Option<Made>>,
    ) {
        let result = self.make(record, &context).await;
        if let Ok(json) = &result
            && let Err(cause) = context
                .storage
                .save_analysis(self.game, ANALYSIS_VERSION, json.clone())
                .await
        {
            // Not kept is not lost: the next request makes it again.
            error!(cause = %cause, game = %self.game, "an analysis could not be stored");
        }
        made.send_replace(Some(result));
    }

    async fn make(&self, record: GameRecord, context: &RoomContext) -> Made {
        let running = Arc::clone(&self.analyses.running);
        let _turn = tokio::select! {
            permit = running.acquire_owned() => permit.map_err(|_| AnalysisFailure::ShuttingDown)?,
            () = context.shutdown.cancelled() => return Err(AnalysisFailure::ShuttingDown),
        };
        let started = std::time::Instant::now();
        metrics::gauge!(crate::metrics::ANALYSES_RUNNING).increment(1.0);
        let analysed = tokio::task::spawn_blocking(move || {
            let analysis = analyse_played(&record)?;
            serde_json::to_string(&analysis)
                .map_err(|cause| AnalysisFailure::Failed(cause.to_string()))
        })
        .await;
        metrics::gauge!(crate::metrics::ANALYSES_RUNNING).decrement(1.0);
        let json = analysed.map_err(|cause| AnalysisFailure::Failed(cause.to_string()))??;
        metrics::counter!(crate::metrics::ANALYSES_MADE).increment(1);
        info!(game = %self.game, ms = started.elapsed().as_millis() as u64, "game analysed");
        Ok(json)
    }
}

impl Drop for Job {
    fn drop(&mut self) {
        self.analyses
            .under_way
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
            .remove(&self.game);
    }
}

//! `GET /api/games/{id}/analysis`: a finished game's analysis (the
//! engine's `analysis`: each move against the best `strong` finds), made on
//! request and kept in the store.
//!
//! An analysis takes a CPU for a second or so: at most `--analyses` run at
//! once, on the blocking pool, never on the threads that serve rooms; at
//! most `--analysis-queue` more wait their turn, and a request beyond that
//! is told to come back (503 `unavailable`). Two requests for one game make
//! it once. A stored analysis is answered at once, whatever the queue.
//! Only finished games are stored, so a game still being played is never
//! analysed.

use std::collections::HashMap;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Arc, Mutex, PoisonError};

use axum::extract::rejection::QueryRejection;
use axum::extract::{Path, Query, State};
use axum::http::{StatusCode, header};
use axum::response::{IntoResponse, Response};
use mice_cake_engine::analysis::{ANALYSIS_VERSION, analyse};
use mice_cake_protocol::{ErrorCode, GameId};
use tokio::sync::Semaphore;
use tracing::{error, info};

use crate::responses::{NoParams, api_error, storage_failed};
use crate::shared::Shared;
use crate::stored_game::{finished_game, never_dealt};

/// The analyses running and waiting.
#[derive(Debug)]
pub(crate) struct Analyses {
    /// One permit per analysis allowed to run at once.
    running: Semaphore,
    /// Requests taken: running, or waiting for a permit.
    taken: AtomicUsize,
    /// Requests that may be taken at once.
    most: usize,
    /// A lock per game being analysed: a second request for it waits for
    /// the first, then finds it stored.
    games: Mutex<HashMap<GameId, Arc<tokio::sync::Mutex<()>>>>,
}

impl Analyses {
    /// At most `at_once` analyses at a time (at least one), and `queue`
    /// more waiting.
    pub(crate) fn new(at_once: usize, queue: usize) -> Analyses {
        let at_once = at_once.max(1);
        Analyses {
            running: Semaphore::new(at_once),
            taken: AtomicUsize::new(0),
            most: at_once + queue,
            games: Mutex::new(HashMap::new()),
        }
    }

    fn game_lock(&self, game: GameId) -> Arc<tokio::sync::Mutex<()>> {
        let mut games = self.games.lock().unwrap_or_else(PoisonError::into_inner);
        Arc::clone(games.entry(game).or_default())
    }

    /// Forgets `game`'s lock once nobody holds or waits for it.
    fn release(&self, game: GameId, lock: &Arc<tokio::sync::Mutex<()>>) {
        let mut games = self.games.lock().unwrap_or_else(PoisonError::into_inner);
        // The map's reference and ours: nobody else's.
        if Arc::strong_count(lock) == 2 {
            games.remove(&game);
        }
    }
}

pub(crate) async fn analysis(
    Path(id): Path<String>,
    State(shared): State<Arc<Shared>>,
    params: Result<Query<NoParams>, QueryRejection>,
) -> Response {
    let game = match finished_game(&id, &shared, params, "/api/games/{id}/analysis").await {
        Ok(game) => game,
        Err(response) => return response,
    };
    let Some(record) = game.record else {
        return never_dealt(game.id, "no move was made, so there is nothing to analyse");
    };
    let storage = &shared.rooms.storage;
    match storage.analysis(game.id, ANALYSIS_VERSION).await {
        Ok(Some(json)) => return json_answer(json, STORED),
        Ok(None) => {}
        Err(cause) => return storage_failed(&cause),
    }
    let analyses = &shared.analyses;
    if analyses.taken.fetch_add(1, Ordering::AcqRel) >= analyses.most {
        analyses.taken.fetch_sub(1, Ordering::AcqRel);
        return api_error(
            StatusCode::SERVICE_UNAVAILABLE,
            ErrorCode::Unavailable,
            "the server is analysing as many games as it can: try again in a minute".into(),
        );
    }
    let lock = analyses.game_lock(game.id);
    let answer = made_once(&shared, game.id, record, &lock).await;
    analyses.taken.fetch_sub(1, Ordering::AcqRel);
    analyses.release(game.id, &lock);
    answer
}

/// The analysis of `game`, made here unless a request before this one
/// stored it meanwhile.
async fn made_once(
    shared: &Shared,
    game: GameId,
    record: mice_cake_engine::GameRecord,
    lock: &tokio::sync::Mutex<()>,
) -> Response {
    let _only_one = lock.lock().await;
    let storage = &shared.rooms.storage;
    match storage.analysis(game, ANALYSIS_VERSION).await {
        Ok(Some(json)) => return json_answer(json, STORED),
        Ok(None) => {}
        Err(cause) => return storage_failed(&cause),
    }
    let Ok(_turn) = shared.analyses.running.acquire().await else {
        return api_error(
            StatusCode::SERVICE_UNAVAILABLE,
            ErrorCode::ShuttingDown,
            "the server is stopping".into(),
        );
    };
    let started = std::time::Instant::now();
    metrics::gauge!(crate::metrics::ANALYSES_RUNNING).increment(1.0);
    let made = tokio::task::spawn_blocking(move || analysed_json(&record)).await;
    metrics::gauge!(crate::metrics::ANALYSES_RUNNING).decrement(1.0);
    let json = match made {
        Ok(Ok(json)) => json,
        Ok(Err(cause)) => return failed(game, &cause),
        Err(cause) => return failed(game, &cause.to_string()),
    };
    metrics::counter!(crate::metrics::ANALYSES_MADE).increment(1);
    info!(game = %game, ms = started.elapsed().as_millis() as u64, "game analysed");
    // Not kept is not lost: the next request makes it again.
    if let Err(cause) = storage
        .save_analysis(game, ANALYSIS_VERSION, json.clone())
        .await
    {
        error!(cause = %cause, game = %game, "an analysis could not be stored");
    }
    json_answer(json, MADE)
}

/// The record's analysis as JSON, or why there is none.
fn analysed_json(record: &mice_cake_engine::GameRecord) -> Result<String, String> {
    let analysis = analyse(record).map_err(|cause| cause.to_string())?;
    serde_json::to_string(&analysis).map_err(|cause| cause.to_string())
}

/// A stored game that cannot be analysed: the server's fault, logged.
fn failed(game: GameId, cause: &str) -> Response {
    error!(cause, game = %game, "an analysis failed");
    api_error(
        StatusCode::INTERNAL_SERVER_ERROR,
        ErrorCode::Internal,
        format!("the analysis of game {game} failed"),
    )
}

/// `Cache-Status` (RFC 9211) of an analysis read from storage ...
const STORED: &str = "mice-cake; hit";
/// ... and of one made for this request.
const MADE: &str = "mice-cake; fwd=miss; stored";

fn json_answer(json: String, cache_status: &'static str) -> Response {
    (
        [
            (header::CONTENT_TYPE, "application/json"),
            (
                header::HeaderName::from_static("cache-status"),
                cache_status,
            ),
        ],
        json,
    )
        .into_response()
}

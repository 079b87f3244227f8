//! Every rated game analysed in the background once it ends, and its
//! players' figures kept (`store::accuracy`): the accuracy on a player's
//! page and the fair-play report read them. A sweep asks the store for
//! rated games without figures, newest first, so a game that ended before a
//! restart (or while the analyses were busy) is analysed later, never lost.
//!
//! It analyses through [`Analyses`](crate::analyses::Analyses), as requests
//! do: one game at a time here, within the same bound, and a game someone
//! is waiting for is analysed once for both. In a cluster each node sweeps;
//! a game two nodes analyse at once is kept twice, the same both times.

use std::sync::Arc;
use std::time::Duration;

use mice_cake_engine::Seat;
use mice_cake_engine::analysis::{ANALYSIS_VERSION, GameAnalysis};
use mice_cake_protocol::GameId;
use tracing::{debug, error, warn};

use crate::analyses::{AnalysisFailure, once_made};
use crate::shared::Shared;
use crate::store::accuracy::GameAccuracy;

/// How often the sweep looks for rated games to analyse.
const SWEEP_EVERY: Duration = Duration::from_secs(2);

/// Games taken in one sweep.
const SWEEP_BATCH: u32 = 16;

/// Starts the sweep; it stops with the server.
pub(crate) fn start(shared: Arc<Shared>) {
    tokio::spawn(async move {
        let shutdown = shared.shutdown().clone();
        let mut ticks = tokio::time::interval(SWEEP_EVERY);
        ticks.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Delay);
        loop {
            tokio::select! {
                _ = ticks.tick() => sweep(&shared).await,
                () = shutdown.cancelled() => break,
            }
        }
    });
}

/// Analyses the rated games without figures, newest first, until the
/// analyses are busy.
async fn sweep(shared: &Shared) {
    let games = match shared
        .rooms
        .storage
        .rated_games_to_analyse(SWEEP_BATCH)
        .await
    {
        Ok(games) => games,
        Err(cause) => {
            warn!(cause = %cause, "cannot look for rated games to analyse");
            return;
        }
    };
    for game in games {
        if shared.shutdown().is_cancelled() {
            return;
        }
        match figures(shared, game).await {
            Ok(None) => debug!(game = %game, "a rated game no longer kept is not analysed"),
            Ok(Some(rows)) => {
                if let Err(cause) = shared.rooms.storage.save_accuracy(game, rows).await {
                    warn!(cause = %cause, game = %game, "a rated game's accuracy could not be kept");
                    return;
                }
            }
            // Tried again at the next sweep.
            Err(Skipped::Busy) => return,
            Err(Skipped::Storage(cause)) => {
                warn!(cause = %cause, game = %game, "a rated game could not be read to analyse");
                return;
            }
        }
    }
}

/// Why a game's figures were not made now.
enum Skipped {
    /// The analyses are busy, or the server is stopping.
    Busy,
    Storage(crate::store::StoreError),
}

/// The figures of each rated player of `game`; `None` if the game is no
/// longer kept (or was not rated).
async fn figures(shared: &Shared, game: GameId) -> Result<Option<Vec<GameAccuracy>>, Skipped> {
    let storage = &shared.rooms.storage;
    let Some(finished) = storage.game(game).await.map_err(Skipped::Storage)? else {
        return Ok(None);
    };
    let Some(rated) = finished
        .rated
        .filter(mice_cake_protocol::RatedGame::counted)
    else {
        return Ok(None);
    };
    let stored = storage
        .analysis(game, ANALYSIS_VERSION)
        .await
        .map_err(Skipped::Storage)?;
    let json = match (stored, finished.record) {
        (Some(json), _) => Ok(json),
        // Never dealt: nothing to judge.
        (None, None) => return Ok(Some(unjudged(&rated))),
        (None, Some(record)) => match shared.analyses.request(game, record, &shared.rooms) {
            Ok(made) => once_made(made).await,
            Err(failure) => Err(failure),
        },
    };
    let analysis = match json {
        Ok(json) => serde_json::from_str::<GameAnalysis>(&json)
            .map_err(|cause| AnalysisFailure::Failed(cause.to_string())),
        Err(failure) => Err(failure),
    };
    match analysis {
        Ok(analysis) => Ok(Some(judged(&rated, &analysis))),
        Err(AnalysisFailure::Busy | AnalysisFailure::ShuttingDown) => Err(Skipped::Busy),
        Err(failure) => {
            // Kept as judged nothing, so that it is not tried for ever.
            error!(cause = %failure, game = %game, "a rated game could not be analysed");
            Ok(Some(unjudged(&rated)))
        }
    }
}

/// Each rated player's figures from the analysis.
fn judged(rated: &mice_cake_protocol::RatedGame, analysis: &GameAnalysis) -> Vec<GameAccuracy> {
    Seat::ALL
        .into_iter()
        .map(|seat| {
            let summary = &analysis.players[seat];
            GameAccuracy {
                key: rated.keys[seat],
                pool: rated.pool,
                rounds: summary.choices,
                clean: summary.best_moves,
                first: analysis.first_choices(seat),
            }
        })
        .collect()
}

/// Rows that judge nothing: the game is done with.
fn unjudged(rated: &mice_cake_protocol::RatedGame) -> Vec<GameAccuracy> {
    Seat::ALL
        .into_iter()
        .map(|seat| GameAccuracy {
            key: rated.keys[seat],
            pool: rated.pool,
            rounds: 0,
            clean: 0,
            first: 0,
        })
        .collect()
}

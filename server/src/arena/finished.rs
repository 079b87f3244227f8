//! The last standings of arenas over, read from the store once and kept:
//! a finished arena never changes, and as one ends, every session in it
//! not told (its link lost as the arena moved between nodes, or its player
//! back after the end) and every page showing it ask at once.

use std::collections::VecDeque;
use std::sync::{Arc, Mutex, PoisonError};

use mice_cake_engine::PlayerKey;
use mice_cake_protocol::arena::{ArenaDetail, ArenaStanding};
use mice_cake_protocol::{ArenaId, ArenaState};

use super::core::Arena;
use crate::store::StoreError;

/// How many finished arenas are kept.
const KEPT: usize = 16;

/// A finished arena, as it ended.
#[derive(Debug)]
pub(crate) struct FinishedArena {
    /// As its players and watchers are told it (`arena_update`).
    pub(crate) state: ArenaState,
    /// Whole, for `GET /api/arenas/{id}`.
    pub(crate) detail: ArenaDetail,
}

impl FinishedArena {
    fn of(arena: &Arena) -> FinishedArena {
        let now_ms = crate::clock::unix_millis();
        FinishedArena {
            state: arena.state(now_ms),
            detail: arena.detail(now_ms),
        }
    }

    /// The line of `key`'s player, if they played.
    pub(crate) fn standing(&self, key: &PlayerKey) -> Option<ArenaStanding> {
        self.detail
            .standings
            .iter()
            .find(|line| line.key == *key)
            .cloned()
    }
}

/// The finished arenas kept, the latest last.
#[derive(Debug, Default)]
pub(crate) struct FinishedArenas {
    kept: Mutex<VecDeque<(ArenaId, Arc<FinishedArena>)>>,
    /// Held while one is read, so that a crowd asking reads it once.
    reading: tokio::sync::Mutex<()>,
}

impl FinishedArenas {
    /// Arena `id`, if it is kept.
    pub(crate) fn kept(&self, id: ArenaId) -> Option<Arc<FinishedArena>> {
        self.lock()
            .iter()
            .find(|(kept, _)| *kept == id)
            .map(|(_, finished)| Arc::clone(finished))
    }

    /// Keeps `arena` if it is finished; the finished arena, if so.
    pub(crate) fn keep(&self, arena: &Arena) -> Option<Arc<FinishedArena>> {
        if !arena.finished() {
            return None;
        }
        if let Some(kept) = self.kept(arena.id()) {
            return Some(kept);
        }
        let finished = Arc::new(FinishedArena::of(arena));
        let mut kept = self.lock();
        if kept.len() == KEPT {
            kept.pop_front();
        }
        kept.push_back((arena.id(), Arc::clone(&finished)));
        Some(finished)
    }

    /// Arena `id` if it is finished, read with `load` unless kept; none
    /// if it is open or unknown.
    pub(crate) async fn get<F>(
        &self,
        id: ArenaId,
        load: F,
    ) -> Result<Option<Arc<FinishedArena>>, StoreError>
    where
        F: Future<Output = Result<Option<Arena>, StoreError>>,
    {
        if let Some(kept) = self.kept(id) {
            return Ok(Some(kept));
        }
        let _reading = self.reading.lock().await;
        if let Some(kept) = self.kept(id) {
            return Ok(Some(kept));
        }
        Ok(load.await?.and_then(|arena| self.keep(&arena)))
    }

    fn lock(&self) -> std::sync::MutexGuard<'_, VecDeque<(ArenaId, Arc<FinishedArena>)>> {
        // Every change under the lock is made whole before it is let go.
        self.kept.lock().unwrap_or_else(PoisonError::into_inner)
    }
}

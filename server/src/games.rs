//! Finished games, kept in memory for `GET /api/games/{id}`.

use std::collections::{HashMap, VecDeque};
use std::sync::Mutex;

use mice_cake_protocol::{FinishedGame, GameId};

/// The finished games, oldest dropped first beyond a limit.
pub(crate) struct FinishedGames {
    limit: usize,
    inner: Mutex<Store>,
}

#[derive(Default)]
struct Store {
    by_id: HashMap<GameId, FinishedGame>,
    order: VecDeque<GameId>,
}

impl FinishedGames {
    pub(crate) fn new(limit: usize) -> FinishedGames {
        FinishedGames {
            limit: limit.max(1),
            inner: Mutex::new(Store::default()),
        }
    }

    fn store(&self) -> std::sync::MutexGuard<'_, Store> {
        self.inner
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner)
    }

    /// Keeps a finished game.
    pub(crate) fn insert(&self, game: FinishedGame) {
        let mut store = self.store();
        store.order.push_back(game.id);
        store.by_id.insert(game.id, game);
        while store.order.len() > self.limit {
            if let Some(oldest) = store.order.pop_front() {
                store.by_id.remove(&oldest);
            }
        }
    }

    /// A finished game, if still kept.
    pub(crate) fn get(&self, id: &GameId) -> Option<FinishedGame> {
        self.store().by_id.get(id).cloned()
    }
}

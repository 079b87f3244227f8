//! The arenas' calls on [`Storage`], off the async runtime as every store
//! call is (see [`super::Store`]'s arena methods).

use mice_cake_protocol::ArenaId;

use super::arenas::{ArenaEntrant, ArenaResult, Created, ListedArena, StoredArena};
use super::{Storage, StoreError};

impl Storage {
    /// Keeps a new arena, unless its creator has `per_key` open.
    pub(crate) async fn create_arena(
        &self,
        arena: StoredArena,
        per_key: u32,
    ) -> Result<Created, StoreError> {
        self.blocking(move |store| store.create_arena(&arena, per_key))
            .await
    }

    /// An arena, with its players and games counted.
    pub(crate) async fn arena(&self, id: ArenaId) -> Result<Option<ListedArena>, StoreError> {
        self.blocking(move |store| store.arena(id)).await
    }

    /// Arenas not finished, then the `finished` latest finished.
    pub(crate) async fn arenas(&self, finished: u32) -> Result<Vec<ListedArena>, StoreError> {
        self.blocking(move |store| store.arenas(finished)).await
    }

    /// Keeps an arena's entrant.
    pub(crate) async fn enter_arena(
        &self,
        id: ArenaId,
        entrant: ArenaEntrant,
    ) -> Result<(), StoreError> {
        self.blocking(move |store| store.enter_arena(id, &entrant))
            .await
    }

    /// Who entered an arena.
    pub(crate) async fn arena_entrants(
        &self,
        id: ArenaId,
    ) -> Result<Vec<ArenaEntrant>, StoreError> {
        self.blocking(move |store| store.arena_entrants(id)).await
    }

    /// An arena's results stored after `after`.
    pub(crate) async fn arena_results(
        &self,
        id: ArenaId,
        after: u64,
    ) -> Result<Vec<ArenaResult>, StoreError> {
        self.blocking(move |store| store.arena_results(id, after))
            .await
    }

    /// Keeps that an arena is over.
    pub(crate) async fn finish_arena(&self, id: ArenaId) -> Result<(), StoreError> {
        self.blocking(move |store| store.finish_arena(id)).await
    }
}

//! Arenas kept in memory, for the store of `--ephemeral`: as the database
//! backends keep them (`arenas.rs`), gone with the process.

use std::collections::HashMap;

use mice_cake_protocol::ArenaId;

use super::StoreError;
use super::arenas::{ArenaEntrant, ArenaResult, ArenaRows, Created, ListedArena, StoredArena};

/// Every arena, its entrants and its results.
#[derive(Debug, Default)]
pub(crate) struct MemoryArenas {
    arenas: HashMap<ArenaId, KeptArena>,
    /// The next result's place: they are numbered across arenas, as a
    /// database's rows are.
    next_seq: u64,
}

#[derive(Debug)]
struct KeptArena {
    arena: StoredArena,
    /// In the order they first entered.
    entrants: Vec<ArenaEntrant>,
    results: Vec<ArenaResult>,
}

impl KeptArena {
    fn listed(&self) -> ListedArena {
        ListedArena {
            arena: self.arena.clone(),
            players: u32::try_from(self.entrants.len()).unwrap_or(u32::MAX),
            games: u32::try_from(self.results.len()).unwrap_or(u32::MAX),
        }
    }
}

impl MemoryArenas {
    pub(crate) fn create(&mut self, arena: &StoredArena, per_key: u32) -> Created {
        let open = self
            .arenas
            .values()
            .filter(|kept| kept.arena.creator_key == arena.creator_key && !kept.arena.finished)
            .count();
        let open = u32::try_from(open).unwrap_or(u32::MAX);
        if open >= per_key {
            return Created::TooMany(open);
        }
        self.arenas.insert(
            arena.id,
            KeptArena {
                arena: arena.clone(),
                entrants: Vec::new(),
                results: Vec::new(),
            },
        );
        Created::Created
    }

    pub(crate) fn arena(&self, id: ArenaId) -> Option<ListedArena> {
        self.arenas.get(&id).map(KeptArena::listed)
    }

    pub(crate) fn list(&self, finished: u32) -> Vec<ListedArena> {
        let mut open: Vec<ListedArena> = Vec::new();
        let mut over: Vec<ListedArena> = Vec::new();
        for kept in self.arenas.values() {
            if kept.arena.finished {
                over.push(kept.listed());
            } else {
                open.push(kept.listed());
            }
        }
        open.sort_by_key(|listed| (listed.arena.starts_at_ms, listed.arena.id));
        over.sort_by_key(|listed| std::cmp::Reverse((listed.arena.ends_at_ms, listed.arena.id)));
        over.truncate(usize::try_from(finished).unwrap_or(usize::MAX));
        open.extend(over);
        open
    }

    pub(crate) fn enter(&mut self, id: ArenaId, entrant: &ArenaEntrant) -> Result<(), StoreError> {
        let kept = self.arenas.get_mut(&id).ok_or_else(|| unknown(id))?;
        match kept.entrants.iter_mut().find(|e| e.key == entrant.key) {
            Some(known) => {
                known.name.clone_from(&entrant.name);
                known.bot = entrant.bot;
            }
            None => kept.entrants.push(entrant.clone()),
        }
        Ok(())
    }

    pub(crate) fn entrants(&self, id: ArenaId) -> Vec<ArenaEntrant> {
        self.arenas
            .get(&id)
            .map(|kept| kept.entrants.clone())
            .unwrap_or_default()
    }

    pub(crate) fn results(&self, id: ArenaId, after: u64) -> Vec<ArenaResult> {
        self.arenas
            .get(&id)
            .map(|kept| {
                kept.results
                    .iter()
                    .filter(|result| result.seq > after)
                    .cloned()
                    .collect()
            })
            .unwrap_or_default()
    }

    pub(crate) fn finish(&mut self, id: ArenaId) {
        if let Some(kept) = self.arenas.get_mut(&id) {
            kept.arena.finished = true;
        }
    }
}

impl ArenaRows for MemoryArenas {
    fn note_result(&mut self, arena: ArenaId, result: &ArenaResult) -> Result<(), StoreError> {
        // A game of an arena this store never had (its arena came from
        // another run) is kept as a game only.
        let Some(kept) = self.arenas.get_mut(&arena) else {
            return Ok(());
        };
        if kept.results.iter().any(|known| known.game == result.game) {
            return Ok(());
        }
        self.next_seq += 1;
        let mut result = result.clone();
        result.seq = self.next_seq;
        kept.results.push(result);
        Ok(())
    }
}

/// The error for an arena not kept here.
pub(crate) fn unknown(id: ArenaId) -> StoreError {
    StoreError::Query {
        source: format!("no arena {id}").into(),
    }
}

//! Arenas (`docs/arenas.md`): tournaments with a start and an end, where
//! everyone who joins plays as many games as they can, paired by standing
//! as each game ends, and scores by the arena's rules.
//!
//! `scoring.rs` counts the points (pure); `pairing.rs` says whom to pair
//! (pure); `core.rs` is one arena's rules without IO, fed what happened and
//! returning what to do; `runner.rs` is one arena's task, which carries
//! that out (rooms made in the lobby, news to connections, the store);
//! `registry.rs` finds or starts an arena's task; `found.rs` is an arena
//! as a connection finds it (here, or on another node of a cluster);
//! `finished.rs` keeps the last standings of arenas over. The way its
//! pairings and its end reach a session is `crate::arena_link`, below
//! both arenas and the cluster.
//!
//! Invariants: the standings are the scoring applied to the arena's stored
//! results, nothing else (a table recounted from the records agrees); a
//! player is in at most one of the arena's games at a time, and is paired
//! only while connected, not paused, and before the end.

pub(crate) mod core;
pub(crate) mod finished;
pub(crate) mod found;
pub(crate) mod pairing;
pub(crate) mod registry;
pub(crate) mod runner;
pub(crate) mod scoring;

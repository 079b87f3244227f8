//! The server's arenas: made (checked, stored), listed, found, and each
//! open one's task started — at start-up for every arena not over, and as
//! one is made or first asked for. Rooms' reports (`room::ArenaMail`) are
//! passed on to their arena's task here.
//!
//! On a cluster, arenas are not run yet: one node must run each arena's
//! pairing under a lease, as quick pairing does. Until then a cluster's
//! nodes refuse to make or join one, and say so.

use std::collections::HashMap;
use std::sync::{Arc, Mutex, MutexGuard, PoisonError};

use mice_cake_protocol::api::CreateArena;
use mice_cake_protocol::arena::{
    ARENAS_PER_KEY, ArenaDetail, ArenaList, ArenaStatus, ArenaSummary, MAX_ARENA_LEAD_MS,
    MAX_ARENA_MINUTES, MAX_ARENA_NAME_CHARS, MAX_JOIN_CODE_CHARS, MIN_ARENA_MINUTES,
};
use mice_cake_protocol::{ArenaId, player_name};
use tokio_util::sync::CancellationToken;
use tracing::{debug, info, warn};

use super::core::{Arena, summary};
use super::runner::{self, ArenaHandle, Ask};
use crate::lobby::Lobby;
use crate::room::{ArenaMailbox, ArenaReport, RoomContext};
use crate::store::StoreError;
use crate::store::arenas::{Created, ListedArena, StoredArena};

/// Finished arenas `GET /api/arenas` lists after the open ones.
const FINISHED_LISTED: u32 = 20;

/// Why an arena is not made (or not joined).
#[derive(Debug, thiserror::Error)]
pub(crate) enum ArenaRefused {
    #[error("{0}")]
    BadSpec(String),
    #[error(
        "your key has {0} arenas upcoming or live already (at most {ARENAS_PER_KEY}); make \
         another once one is over"
    )]
    TooMany(u32),
    #[error("no arena {0}")]
    Unknown(ArenaId),
    #[error("arenas are not run on a cluster yet: play them on a single server")]
    Cluster,
    #[error("{0}")]
    BadProof(#[from] crate::key_proofs::BadProof),
    #[error("arenas cannot be stored just now: {0}")]
    Store(#[from] StoreError),
}

/// The server's arenas.
pub(crate) struct Arenas {
    running: Mutex<HashMap<ArenaId, ArenaHandle>>,
    lobby: Arc<dyn Lobby>,
    rooms: Arc<RoomContext>,
    shutdown: CancellationToken,
    /// False on a cluster (see the module's docs).
    enabled: bool,
}

impl Arenas {
    /// The arenas of a server: every open one's task is started, and
    /// rooms' reports from `mailbox` passed on.
    pub(crate) fn start(
        lobby: Arc<dyn Lobby>,
        rooms: Arc<RoomContext>,
        mailbox: ArenaMailbox,
        shutdown: CancellationToken,
        enabled: bool,
    ) -> Arc<Arenas> {
        let arenas = Arc::new(Arenas {
            running: Mutex::new(HashMap::new()),
            lobby,
            rooms,
            shutdown,
            enabled,
        });
        tokio::spawn(Arc::clone(&arenas).pass_reports(mailbox));
        if enabled {
            tokio::spawn(Arc::clone(&arenas).start_open());
        }
        arenas
    }

    fn running(&self) -> MutexGuard<'_, HashMap<ArenaId, ArenaHandle>> {
        // Every change under the lock is made whole before it is let go.
        self.running.lock().unwrap_or_else(PoisonError::into_inner)
    }

    async fn pass_reports(self: Arc<Self>, mut mailbox: ArenaMailbox) {
        while let Some((arena, report)) = mailbox.recv().await {
            let handle = self.running().get(&arena).cloned();
            if let Some(handle) = handle
                && !handle.post(Ask::Report(report))
            {
                // A game over is read with the arena's results all the
                // same; a pairing called off is found by its room's
                // absence, later.
                match report {
                    ArenaReport::GameOver { .. } => {
                        debug!(%arena, ?report, "an arena's report could not be passed on");
                    }
                    ArenaReport::CalledOff { .. } => {
                        warn!(%arena, ?report, "an arena's report could not be passed on");
                    }
                }
            }
        }
    }

    /// Starts every open arena's task: their starts and ends come on time
    /// after a restart.
    async fn start_open(self: Arc<Self>) {
        match self.rooms.storage.arenas(0).await {
            Ok(listed) => {
                for listed in listed.into_iter().filter(|l| !l.arena.finished) {
                    if let Err(cause) = self.handle(listed.arena.id).await {
                        warn!(arena = %listed.arena.id, cause = %cause, "an arena cannot be started");
                    }
                }
            }
            Err(cause) => warn!(cause = %cause, "the open arenas cannot be read"),
        }
    }

    /// Makes an arena as `request` asks, at `now_ms`.
    pub(crate) async fn create(
        &self,
        request: CreateArena,
        now_ms: u64,
    ) -> Result<ArenaSummary, ArenaRefused> {
        if !self.enabled {
            return Err(ArenaRefused::Cluster);
        }
        crate::key_proofs::check(request.key, request.key_proof, now_ms)?;
        let stored = checked(request, now_ms, self.rooms.rng.arena_id())?;
        match self
            .rooms
            .storage
            .create_arena(stored.clone(), ARENAS_PER_KEY)
            .await?
        {
            Created::TooMany(open) => return Err(ArenaRefused::TooMany(open)),
            Created::Created => {}
        }
        info!(arena = %stored.id, minutes = stored.spec.minutes, rated = stored.spec.rated, "arena made");
        self.handle(stored.id).await?;
        Ok(summary(&stored, status(&stored, now_ms), 0, 0))
    }

    /// The running task of arena `id`, started if the arena is open; none
    /// for an arena over or unknown.
    pub(crate) async fn handle(&self, id: ArenaId) -> Result<Option<ArenaHandle>, ArenaRefused> {
        if !self.enabled {
            return Err(ArenaRefused::Cluster);
        }
        if let Some(handle) = self.running().get(&id).filter(|h| !h.stopped()) {
            return Ok(Some(handle.clone()));
        }
        let Some(arena) = self.load(id).await? else {
            return Ok(None);
        };
        if arena.finished() {
            return Ok(None);
        }
        let mut running = self.running();
        // Another caller may have started it meanwhile.
        if let Some(handle) = running.get(&id).filter(|h| !h.stopped()) {
            return Ok(Some(handle.clone()));
        }
        let handle = runner::start(
            arena,
            Arc::clone(&self.lobby),
            Arc::clone(&self.rooms),
            self.shutdown.clone(),
        );
        running.insert(id, handle.clone());
        Ok(Some(handle))
    }

    /// An arena, with its entrants and results, as stored.
    async fn load(&self, id: ArenaId) -> Result<Option<Arena>, StoreError> {
        let storage = &self.rooms.storage;
        let Some(listed) = storage.arena(id).await? else {
            return Ok(None);
        };
        let entrants = storage.arena_entrants(id).await?;
        let results = storage.arena_results(id, 0).await?;
        Ok(Some(Arena::new(listed.arena, entrants, results)))
    }

    /// An arena whole: its standings, games being played, games played.
    pub(crate) async fn detail(&self, id: ArenaId) -> Result<Option<ArenaDetail>, ArenaRefused> {
        if let Some(handle) = self.handle(id).await? {
            let (answer, answered) = tokio::sync::oneshot::channel();
            if handle.ask(Ask::Detail(answer)).await
                && let Ok(detail) = answered.await
            {
                return Ok(Some(detail));
            }
        }
        // Over (or ending as asked): from the store.
        let Some(arena) = self.load(id).await? else {
            return Ok(None);
        };
        Ok(Some(arena.detail(crate::clock::unix_millis())))
    }

    /// Arenas upcoming and live, then the latest finished.
    pub(crate) async fn list(&self, now_ms: u64) -> Result<ArenaList, ArenaRefused> {
        let listed = self.rooms.storage.arenas(FINISHED_LISTED).await?;
        Ok(ArenaList {
            arenas: listed
                .iter()
                .map(
                    |ListedArena {
                         arena,
                         players,
                         games,
                     }| {
                        summary(arena, status(arena, now_ms), *players, *games)
                    },
                )
                .collect(),
        })
    }
}

/// An arena's status from what is stored.
fn status(arena: &StoredArena, now_ms: u64) -> ArenaStatus {
    if arena.finished {
        ArenaStatus::Finished
    } else if now_ms < arena.starts_at_ms {
        ArenaStatus::Upcoming
    } else {
        ArenaStatus::Live
    }
}

/// The arena `request` asks for, checked, with the id `id`.
fn checked(request: CreateArena, now_ms: u64, id: ArenaId) -> Result<StoredArena, ArenaRefused> {
    let bad = |why: String| ArenaRefused::BadSpec(why);
    let mut spec = request.spec;
    spec.name = player_name(&spec.name).map_err(|why| bad(format!("the arena's name: {why}")))?;
    if spec.name.chars().count() > MAX_ARENA_NAME_CHARS {
        return Err(bad(format!(
            "an arena's name is at most {MAX_ARENA_NAME_CHARS} characters"
        )));
    }
    if !(MIN_ARENA_MINUTES..=MAX_ARENA_MINUTES).contains(&spec.minutes) {
        return Err(bad(format!(
            "an arena lasts {MIN_ARENA_MINUTES} to {MAX_ARENA_MINUTES} minutes, not {}",
            spec.minutes
        )));
    }
    let starts_at_ms = spec.starts_at_ms.unwrap_or(now_ms).max(now_ms);
    if starts_at_ms > now_ms + MAX_ARENA_LEAD_MS {
        return Err(bad("an arena starts within a week".into()));
    }
    spec.starts_at_ms = Some(starts_at_ms);
    if let Some(deadline_ms) = spec.deadline_ms
        && !(5_000..=86_400_000).contains(&deadline_ms)
    {
        return Err(bad(
            "an arena's time per round is 5 s to a day (deadline_ms 5000 to 86400000)".into(),
        ));
    }
    if let Some(code) = &spec.join_code {
        let code = code.trim();
        if code.is_empty() || code.chars().count() > MAX_JOIN_CODE_CHARS {
            return Err(bad(format!(
                "a join code is 1 to {MAX_JOIN_CODE_CHARS} characters"
            )));
        }
        spec.join_code = Some(code.to_owned());
    }
    let creator =
        player_name(&request.creator).map_err(|why| bad(format!("the creator's name: {why}")))?;
    Ok(StoredArena {
        id,
        creator_key: request.key,
        creator,
        created_ms: now_ms,
        starts_at_ms,
        ends_at_ms: starts_at_ms + u64::from(spec.minutes) * 60_000,
        finished: false,
        spec,
    })
}

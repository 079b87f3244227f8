//! The server's arenas: made (checked, stored), listed, found, and each
//! open one's task started — at start-up for every arena not over, and as
//! one is made or first asked for. Rooms' reports (`room::ArenaMail`) are
//! passed on to their arena's task here.
//!
//! On a cluster, each open arena runs on the node that holds its lease
//! (`cluster::arenas`): an arena asked for and run nowhere is taken by the
//! node asked, and every node looks each second for open arenas run
//! nowhere (their node died) to take them over. Asks from other nodes for
//! the arenas here are passed to their tasks; reports of rooms here of
//! arenas run elsewhere go there.

use std::collections::HashMap;
use std::sync::{Arc, Mutex, MutexGuard, PoisonError};
use std::time::Duration;

use mice_cake_protocol::api::CreateArena;
use mice_cake_protocol::arena::{
    ARENAS_PER_KEY, ArenaDetail, ArenaList, ArenaStatus, ArenaSummary, MAX_ARENA_LEAD_MS,
    MAX_ARENA_MINUTES, MAX_JOIN_CODE_CHARS, MIN_ARENA_MINUTES,
};
use mice_cake_protocol::{ArenaId, arena_name, player_name};
use tokio_util::sync::CancellationToken;
use tracing::{debug, info, warn};

use super::core::{Arena, Input, summary};
use super::finished::{FinishedArena, FinishedArenas};
use super::found::FoundArena;
use super::runner::{self, ArenaHandle, Ask};
use crate::cluster::Cluster;
use crate::cluster::arenas::{ArenaInbox, JoinAnswer};
use crate::cluster::wire::WireArenaAsk;
use crate::lobby::Lobby;
use crate::room::{ArenaMailbox, ArenaReport, RoomContext};
use crate::store::StoreError;
use crate::store::arenas::{Created, ListedArena, StoredArena};

/// Finished arenas `GET /api/arenas` lists after the open ones.
const FINISHED_LISTED: u32 = 20;
/// How often a cluster's node looks for arenas run nowhere, and for
/// arenas its connections were told run on a node that let go.
const LOOK_AROUND: Duration = Duration::from_secs(1);

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
    #[error("the cluster cannot say where the arena runs just now: try again")]
    Unreachable,
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
    cluster: Option<Arc<Cluster>>,
    /// Held while an arena's task is started.
    starting: tokio::sync::Mutex<()>,
    finished: FinishedArenas,
}

impl Arenas {
    /// The arenas of a server: every open one's task is started, and
    /// rooms' reports from `mailbox` passed on.
    pub(crate) fn start(
        lobby: Arc<dyn Lobby>,
        rooms: Arc<RoomContext>,
        mailbox: ArenaMailbox,
        shutdown: CancellationToken,
        cluster: Option<Arc<Cluster>>,
    ) -> Arc<Arenas> {
        let inbox = cluster.as_ref().map(|cluster| cluster.arena_inbox());
        let arenas = Arc::new(Arenas {
            running: Mutex::new(HashMap::new()),
            lobby,
            rooms,
            shutdown,
            cluster,
            starting: tokio::sync::Mutex::new(()),
            finished: FinishedArenas::default(),
        });
        tokio::spawn(Arc::clone(&arenas).pass_reports(mailbox));
        match inbox {
            Some(inbox) => {
                tokio::spawn(Arc::clone(&arenas).serve_nodes(inbox));
                tokio::spawn(Arc::clone(&arenas).look_around());
            }
            None => {
                tokio::spawn(Arc::clone(&arenas).start_open());
            }
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
            if handle.is_none() {
                // Run on another node (its room here was taken over).
                self.report_elsewhere(arena, report).await;
                continue;
            }
            // Waited for: the arena's queue paces the rooms' reports, as
            // a report lost costs its players time (a pairing called off
            // would be found by its room's absence only after a while).
            if let Some(handle) = handle
                && !handle.ask(Ask::Report(report)).await
            {
                debug!(%arena, ?report, "a report for an arena that just ended");
            }
        }
    }

    /// Passes a room's report to its arena's node, if another runs it.
    async fn report_elsewhere(&self, arena: ArenaId, report: ArenaReport) {
        let Some(cluster) = &self.cluster else {
            return;
        };
        match cluster.arena_runner(arena).await {
            Ok(Some(node)) if node != cluster.node() => {
                let report = match report {
                    ArenaReport::GameOver { code } => WireArenaAsk::GameOver { code },
                    ArenaReport::CalledOff { code, held_back } => {
                        WireArenaAsk::CalledOff { code, held_back }
                    }
                };
                cluster.remote_arena(&node, arena).report(report);
            }
            // Run nowhere just now: whoever takes it reads the store, and
            // looks for its rooms.
            _ => debug!(%arena, ?report, "a report for an arena run nowhere"),
        }
    }

    /// Passes asks from other nodes to the arenas here; a join for an
    /// arena not here is answered so.
    async fn serve_nodes(self: Arc<Self>, mut inbox: ArenaInbox) {
        while let Some(asked) = inbox.recv().await {
            let arena = asked.arena;
            let handle = self.running().get(&arena).filter(|h| !h.stopped()).cloned();
            let join = match &asked.ask {
                WireArenaAsk::Join { ask, .. } => Some((*ask, Arc::clone(&asked.node))),
                _ => None,
            };
            // Waited for: the arena's queue paces the nodes' asks as it
            // does its own connections'.
            let passed = match handle {
                Some(handle) => handle.ask(Ask::FromNode(asked)).await,
                None => false,
            };
            if !passed && let (Some((ask, node)), Some(cluster)) = (join, &self.cluster) {
                cluster.answer_arena_join(
                    &node,
                    ask,
                    JoinAnswer::Again("the arena moved just now".into()),
                );
            }
        }
    }

    /// On a cluster: takes over the open arenas run nowhere, and tells the
    /// sessions here whose arena moved.
    async fn look_around(self: Arc<Self>) {
        let Some(cluster) = self.cluster.clone() else {
            return;
        };
        let mut every = tokio::time::interval(LOOK_AROUND);
        every.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Delay);
        loop {
            tokio::select! {
                () = self.shutdown.cancelled() => return,
                _ = every.tick() => {}
            }
            cluster.check_arena_doors().await;
            let open = match self.rooms.storage.arenas(0).await {
                Ok(listed) => listed,
                Err(cause) => {
                    debug!(cause = %cause, "the open arenas cannot be read just now");
                    continue;
                }
            };
            for listed in open.into_iter().filter(|l| !l.arena.finished) {
                let id = listed.arena.id;
                if self.running().get(&id).is_some_and(|h| !h.stopped()) {
                    continue;
                }
                if matches!(cluster.arena_runner(id).await, Ok(None))
                    && let Err(cause) = self.handle(id).await
                {
                    warn!(arena = %id, cause = %cause, "an arena run nowhere cannot be taken over");
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

    /// Makes an arena as `request` asks, at `now_ms`: its key proven by
    /// the caller (`KeyChallenges::prove`).
    pub(crate) async fn create(
        &self,
        request: CreateArena,
        now_ms: u64,
    ) -> Result<ArenaSummary, ArenaRefused> {
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

    /// Where arena `id` runs, started here if it is open and runs nowhere
    /// (on a cluster: this node then takes its lease); none for an arena
    /// over or unknown.
    pub(crate) async fn handle(&self, id: ArenaId) -> Result<Option<FoundArena>, ArenaRefused> {
        if let Some(handle) = self.running().get(&id).filter(|h| !h.stopped()) {
            return Ok(Some(FoundArena::Here(handle.clone())));
        }
        // Its row alone first: when an arena ends, every session in it
        // asks at once, and its results may be many.
        let Some(listed) = self.rooms.storage.arena(id).await? else {
            return Ok(None);
        };
        if listed.arena.finished {
            return Ok(None);
        }
        if let Some(cluster) = &self.cluster {
            let unreachable = |cause: redis::RedisError| {
                debug!(arena = %id, cause = %cause, "where an arena runs cannot be told");
                ArenaRefused::Unreachable
            };
            if !cluster.hold_arena(id).await.map_err(unreachable)? {
                return match cluster.arena_runner(id).await.map_err(unreachable)? {
                    Some(node) if node != cluster.node() => Ok(Some(FoundArena::Elsewhere {
                        id,
                        arena: cluster.remote_arena(&node, id),
                    })),
                    // Let go of between the two questions: ask again.
                    _ => Err(ArenaRefused::Unreachable),
                };
            }
        }
        // One start at a time, so that the sessions of an arena taken over
        // here, all finding it at once, load it once.
        let _starting = self.starting.lock().await;
        if let Some(handle) = self.running().get(&id).filter(|h| !h.stopped()) {
            return Ok(Some(FoundArena::Here(handle.clone())));
        }
        let Some(arena) = self.load(id).await? else {
            return Ok(None);
        };
        if arena.finished() {
            return Ok(None);
        }
        let mut running = self.running();
        let handle = runner::start(
            arena,
            Arc::clone(&self.lobby),
            Arc::clone(&self.rooms),
            self.cluster.clone(),
            self.shutdown.clone(),
        );
        running.insert(id, handle.clone());
        Ok(Some(FoundArena::Here(handle)))
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

    /// Arena `id` as it ended, if it is over; none if it is open or
    /// unknown. Read once, however many ask.
    pub(crate) async fn finished(
        &self,
        id: ArenaId,
    ) -> Result<Option<Arc<FinishedArena>>, ArenaRefused> {
        Ok(self.finished.get(id, self.load(id)).await?)
    }

    /// An arena whole: its standings, games being played, games played.
    pub(crate) async fn detail(&self, id: ArenaId) -> Result<Option<ArenaDetail>, ArenaRefused> {
        if let Some(finished) = self.finished.kept(id) {
            return Ok(Some(finished.detail.clone()));
        }
        if let Some(FoundArena::Here(handle)) = self.handle(id).await? {
            let (answer, answered) = tokio::sync::oneshot::channel();
            if handle.ask(Ask::Detail(answer)).await
                && let Ok(detail) = answered.await
            {
                return Ok(Some(detail));
            }
        }
        // Over (or ending as asked), or run on another node: from the
        // store, with the games kept as being played.
        let Some(mut arena) = self.load(id).await? else {
            return Ok(None);
        };
        if let Some(finished) = self.finished.keep(&arena) {
            return Ok(Some(finished.detail.clone()));
        }
        let now_ms = crate::clock::unix_millis();
        if let Some(cluster) = &self.cluster
            && !arena.finished()
            && let Ok(games) = cluster.arena_games(id).await
        {
            // Only a join is refused.
            let _ = arena.handle(Input::GamesInPlay(games), now_ms);
        }
        Ok(Some(arena.detail(now_ms)))
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
    spec.name = arena_name(&spec.name).map_err(|why| bad(format!("the arena's name: {why}")))?;
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

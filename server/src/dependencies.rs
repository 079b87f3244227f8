//! Whether this server reaches the services it needs, for `/healthz`: its
//! PostgreSQL database and its cluster's Redis. They are asked at most once
//! a second however often health checks come, so that a flood of checks
//! cannot load them.

use std::sync::Arc;
use std::time::{Duration, Instant};

use mice_cake_protocol::Reachability;

use crate::cluster::Cluster;
use crate::store::postgres::PostgresStore;

/// How long an answer is taken as still true.
const FRESH: Duration = Duration::from_secs(1);

/// How long a service may take to answer before it counts as unreachable:
/// short, since a load balancer waits for the health check.
const PATIENCE: Duration = Duration::from_secs(2);

/// The services this server needs beyond itself.
pub(crate) struct Dependencies {
    database: Option<Arc<PostgresStore>>,
    cluster: Option<Arc<Cluster>>,
    /// The last answer, and when it was had.
    last: tokio::sync::Mutex<Option<(Instant, Reached)>>,
}

/// What the last check found; `None` for a service this server does not use.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Reached {
    pub(crate) database: Option<Reachability>,
    pub(crate) redis: Option<Reachability>,
}

impl Reached {
    /// Whether every service used answered.
    pub(crate) fn all(&self) -> bool {
        [self.database, self.redis]
            .into_iter()
            .flatten()
            .all(|reached| reached == Reachability::Ok)
    }
}

impl Dependencies {
    pub(crate) fn new(database: Option<Arc<PostgresStore>>, cluster: Option<Arc<Cluster>>) -> Self {
        Dependencies {
            database,
            cluster,
            last: tokio::sync::Mutex::new(None),
        }
    }

    /// Whether each service answers, as of at most [`FRESH`] ago. Checks
    /// that come together wait for one answer.
    pub(crate) async fn check(&self) -> Reached {
        let mut last = self.last.lock().await;
        if let Some((at, reached)) = *last
            && at.elapsed() < FRESH
        {
            return reached;
        }
        let (database, redis) = tokio::join!(self.database(), self.redis());
        let reached = Reached { database, redis };
        *last = Some((Instant::now(), reached));
        reached
    }

    async fn database(&self) -> Option<Reachability> {
        let database = Arc::clone(self.database.as_ref()?);
        // PostgreSQL's client blocks: off the async runtime.
        let answer = tokio::time::timeout(
            PATIENCE,
            tokio::task::spawn_blocking(move || database.ping()),
        )
        .await;
        Some(reachability(matches!(answer, Ok(Ok(Ok(()))))))
    }

    async fn redis(&self) -> Option<Reachability> {
        let cluster = self.cluster.as_ref()?;
        let answer = tokio::time::timeout(PATIENCE, cluster.ping()).await;
        Some(reachability(answer == Ok(true)))
    }
}

fn reachability(answered: bool) -> Reachability {
    if answered {
        Reachability::Ok
    } else {
        Reachability::Unreachable
    }
}

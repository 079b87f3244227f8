//! Whether this server reaches the services it needs, for `/healthz`: its
//! PostgreSQL database and its cluster's Redis. The database is asked at
//! most once a second however often health checks come, one question at a
//! time, so that a flood of checks cannot load it nor a hung database
//! collect them; Redis is judged by the node's own lease renewals.

use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
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
    /// Whether a question to the database is still out (it may outlive its
    /// [`PATIENCE`] on a database that hangs): none is asked meanwhile.
    asking_database: Arc<AtomicBool>,
}

/// What the last check found; `None` for a service this server does not use
/// (or did not ask).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
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
            asking_database: Arc::new(AtomicBool::new(false)),
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
        let reached = Reached {
            database: self.database().await,
            redis: self.redis(),
        };
        *last = Some((Instant::now(), reached));
        reached
    }

    async fn database(&self) -> Option<Reachability> {
        let database = Arc::clone(self.database.as_ref()?);
        // The last question has had more than its time: no answer.
        if self.asking_database.swap(true, Ordering::AcqRel) {
            return Some(Reachability::Unreachable);
        }
        let asking = Arc::clone(&self.asking_database);
        // PostgreSQL's client blocks: off the async runtime.
        let answer = tokio::time::timeout(
            PATIENCE,
            tokio::task::spawn_blocking(move || {
                let answer = database.ping();
                asking.store(false, Ordering::Release);
                answer
            }),
        )
        .await;
        Some(reachability(matches!(answer, Ok(Ok(Ok(()))))))
    }

    fn redis(&self) -> Option<Reachability> {
        let cluster = self.cluster.as_ref()?;
        Some(reachability(cluster.redis_answers()))
    }
}

fn reachability(answered: bool) -> Reachability {
    if answered {
        Reachability::Ok
    } else {
        Reachability::Unreachable
    }
}

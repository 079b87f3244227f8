//! Whether this server reaches the services it needs, for `/healthz` and
//! `/readyz`: its PostgreSQL database and its cluster's Redis. A health
//! check is answered at once from what the node last saw and never waits
//! on a service: a check that waits as long as a balancer's interval
//! between checks makes a live node look dead.
//!
//! The database is asked by a task of its own, started and stopped with
//! the server: a question, then a second's rest, and so on, one question
//! out at a time, so that neither a flood of checks nor a hung database
//! can pile questions up. Redis is judged by the node's own lease
//! renewals.

use std::future::Future;
use std::pin::Pin;
use std::sync::Arc;
use std::time::Duration;

use mice_cake_protocol::Reachability;
use tokio::sync::watch;
use tokio_util::sync::CancellationToken;

use crate::cluster::Cluster;
use crate::store::postgres::PostgresStore;

/// The rest between the database's answer (or its silence) and the next
/// question.
const EVERY: Duration = Duration::from_secs(1);

/// How long the database may take to answer before it counts as
/// unreachable. The answer health checks read is thus at most
/// `EVERY + PATIENCE` (3 s) old.
const PATIENCE: Duration = Duration::from_secs(2);

/// The services this server needs beyond itself.
pub(crate) struct Dependencies {
    /// The database as the last question found it, kept by [`probe`];
    /// `None` without one.
    database: Option<watch::Receiver<Reachability>>,
    cluster: Option<Arc<Cluster>>,
}

/// What was last seen of each service; `None` for a service this server
/// does not use (or did not ask).
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
    /// Starts asking `database`, if any, until `shutdown`.
    pub(crate) fn start(
        database: Option<Arc<PostgresStore>>,
        cluster: Option<Arc<Cluster>>,
        shutdown: CancellationToken,
    ) -> Self {
        let ask = database.map(|database| {
            move || {
                let database = Arc::clone(&database);
                // PostgreSQL's client blocks: off the async runtime.
                async move {
                    let answer = tokio::task::spawn_blocking(move || database.ping()).await;
                    matches!(answer, Ok(Ok(())))
                }
            }
        });
        Dependencies::asking(ask, cluster, shutdown)
    }

    /// Starts asking the database by `ask` (whose answer says whether it
    /// answered), if any, until `shutdown`.
    fn asking<Ask, Answer>(
        ask: Option<Ask>,
        cluster: Option<Arc<Cluster>>,
        shutdown: CancellationToken,
    ) -> Self
    where
        Ask: FnMut() -> Answer + Send + 'static,
        Answer: Future<Output = bool> + Send + 'static,
    {
        let database = ask.map(|ask| {
            // It was opened at start: reached, as last seen.
            let (seen, last) = watch::channel(Reachability::Ok);
            tokio::spawn(probe(ask, seen, shutdown));
            last
        });
        Dependencies { database, cluster }
    }

    /// What each service was last seen to do: at once, asking nobody.
    pub(crate) fn reached(&self) -> Reached {
        Reached {
            database: self.database.as_ref().map(|last| *last.borrow()),
            redis: self.redis(),
        }
    }

    fn redis(&self) -> Option<Reachability> {
        let cluster = self.cluster.as_ref()?;
        Some(reachability(cluster.redis_answers()))
    }
}

/// Asks the database by `ask` until `shutdown`, and tells `seen` what it
/// found (waking its readers only when that changes). A question not answered within [`PATIENCE`] counts as
/// unreachable, but stays out: waited for again rather than asked anew, so
/// that a hung database never holds more than one.
async fn probe<Ask, Answer>(
    mut ask: Ask,
    seen: watch::Sender<Reachability>,
    shutdown: CancellationToken,
) where
    Ask: FnMut() -> Answer,
    Answer: Future<Output = bool>,
{
    let mut out: Option<Pin<Box<Answer>>> = None;
    loop {
        let question = out.get_or_insert_with(|| Box::pin(ask()));
        let answered = tokio::select! {
            answered = question => Some(answered),
            () = tokio::time::sleep(PATIENCE) => None,
            () = shutdown.cancelled() => return,
        };
        if answered.is_some() {
            out = None;
        }
        let reached = reachability(answered == Some(true));
        seen.send_if_modified(|last| std::mem::replace(last, reached) != reached);
        tokio::select! {
            () = tokio::time::sleep(EVERY) => {}
            () = shutdown.cancelled() => return,
        }
    }
}

fn reachability(answered: bool) -> Reachability {
    if answered {
        Reachability::Ok
    } else {
        Reachability::Unreachable
    }
}

#[cfg(test)]
mod tests {
    use futures_util::future::BoxFuture;
    use tokio::sync::{mpsc, oneshot};
    use tokio::time::Instant;

    use super::*;

    /// A database whose every question the test sees come, and answers
    /// (`true`: it answered) when it likes, or never.
    fn database() -> (
        impl FnMut() -> BoxFuture<'static, bool> + Send + 'static,
        mpsc::UnboundedReceiver<oneshot::Sender<bool>>,
    ) {
        let (asked, questions) = mpsc::unbounded_channel();
        let ask = move || -> BoxFuture<'static, bool> {
            let (answer, answered) = oneshot::channel();
            let _ = asked.send(answer);
            Box::pin(async move { answered.await.unwrap_or(false) })
        };
        (ask, questions)
    }

    #[tokio::test(start_paused = true)]
    async fn a_database_that_hangs_holds_up_no_health_check() {
        let (ask, mut questions) = database();
        let shutdown = CancellationToken::new();
        let dependencies = Dependencies::asking(Some(ask), None, shutdown.clone());
        let mut last = dependencies.database.clone().unwrap();
        // The first question, never answered.
        let hung = questions.recv().await.unwrap();
        // Asked while it is out, the check answers as last seen, at once.
        let asked_at = Instant::now();
        assert_eq!(dependencies.reached().database, Some(Reachability::Ok));
        assert_eq!(Instant::now(), asked_at);
        // No answer in its time: unreachable, said at once thereafter.
        last.changed().await.unwrap();
        assert_eq!(Instant::now(), asked_at + PATIENCE);
        assert_eq!(
            dependencies.reached(),
            Reached {
                database: Some(Reachability::Unreachable),
                redis: None,
            }
        );
        assert!(!dependencies.reached().all());
        // However long it hangs, no second question piles up behind it.
        tokio::time::sleep(10 * (EVERY + PATIENCE)).await;
        assert!(questions.try_recv().is_err());
        // Answered at last: reached again, and asked again a second later.
        hung.send(true).unwrap();
        last.changed().await.unwrap();
        assert_eq!(dependencies.reached().database, Some(Reachability::Ok));
        let answered_at = Instant::now();
        let next = questions.recv().await.unwrap();
        assert_eq!(Instant::now(), answered_at + EVERY);
        // A database that says no is unreachable too.
        next.send(false).unwrap();
        last.changed().await.unwrap();
        assert_eq!(
            dependencies.reached().database,
            Some(Reachability::Unreachable)
        );
        shutdown.cancel();
    }

    #[tokio::test(start_paused = true)]
    async fn the_database_is_asked_until_the_server_stops() {
        let (ask, mut questions) = database();
        let shutdown = CancellationToken::new();
        let _dependencies = Dependencies::asking(Some(ask), None, shutdown.clone());
        for _ in 0..3 {
            questions.recv().await.unwrap().send(true).unwrap();
        }
        shutdown.cancel();
        // The task ended, and the asking with it: no question comes again.
        assert!(questions.recv().await.is_none());
    }

    #[test]
    fn without_services_nothing_is_asked_and_all_is_reached() {
        let dependencies = Dependencies::asking(
            None::<fn() -> std::future::Ready<bool>>,
            None,
            CancellationToken::new(),
        );
        assert_eq!(dependencies.reached(), Reached::default());
        assert!(dependencies.reached().all());
    }
}

//! The threads that make a store's blocking calls (its reads, mostly):
//! exactly as many as the store serves at once ([`Store::parallel_calls`]).
//!
//! Not tokio's blocking pool: thousands of rooms asking together would
//! each start a thread of their own there (the calls then wait on the
//! store's lock), and every thread keeps its stack and its own allocator
//! arena after the burst. A fixed set of named threads keeps a server's
//! memory what its players hold (docs/performance.md, "Memory per
//! connection").

use std::panic::AssertUnwindSafe;
use std::sync::mpsc::{Receiver, Sender, channel};
use std::sync::{Arc, Mutex};

use tokio::sync::oneshot;
use tracing::error;

use super::{Store, StoreError};

type Job = Box<dyn FnOnce() + Send>;

/// A store's call threads; they end once this is dropped and the calls
/// already queued are made.
pub(super) struct CallThreads {
    jobs: Sender<Job>,
}

impl CallThreads {
    /// Starts `count` threads (at least one) calling `store`.
    pub(super) fn start(count: usize) -> std::io::Result<CallThreads> {
        let (jobs, queue) = channel::<Job>();
        let queue = Arc::new(Mutex::new(queue));
        for number in 0..count.max(1) {
            let queue = Arc::clone(&queue);
            std::thread::Builder::new()
                .name(format!("store-calls-{number}"))
                .spawn(move || call_until_closed(&queue))?;
        }
        Ok(CallThreads { jobs })
    }

    /// Makes `call` on one of the threads; its answer.
    pub(super) async fn call<T: Send + 'static>(
        &self,
        store: Arc<dyn Store>,
        call: impl FnOnce(&dyn Store) -> Result<T, StoreError> + Send + 'static,
    ) -> Result<T, StoreError> {
        let (done, answer) = oneshot::channel();
        let job: Job = Box::new(move || {
            let _ = done.send(call(&*store));
        });
        if self.jobs.send(job).is_err() {
            return Err(StoreError::Stopped);
        }
        // Dropped unanswered: the call panicked (and was logged).
        answer.await.unwrap_or_else(|_| {
            Err(StoreError::Query {
                source: "the store's call failed unexpectedly".into(),
            })
        })
    }
}

/// One thread's life: the next call, until no more can come. A call that
/// panics (there should be none) fails alone; the thread goes on.
fn call_until_closed(queue: &Mutex<Receiver<Job>>) {
    loop {
        let next = match queue.lock() {
            Ok(queue) => queue.recv(),
            Err(_) => return,
        };
        let Ok(job) = next else {
            return;
        };
        if std::panic::catch_unwind(AssertUnwindSafe(job)).is_err() {
            error!("a store call panicked");
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::store::memory::MemoryStore;

    #[tokio::test]
    async fn calls_are_answered_and_a_panic_fails_its_call_alone() {
        let threads = CallThreads::start(2).unwrap();
        let store: Arc<dyn Store> = Arc::new(MemoryStore::new(10));
        let name = threads
            .call(Arc::clone(&store), |_| {
                Ok(std::thread::current().name().map(str::to_owned))
            })
            .await
            .unwrap();
        assert!(name.unwrap().starts_with("store-calls-"));
        let failed = threads
            .call(Arc::clone(&store), |_| -> Result<(), StoreError> {
                panic!("on purpose")
            })
            .await;
        assert!(
            matches!(failed, Err(StoreError::Query { .. })),
            "{failed:?}"
        );
        // Both threads still serve: two calls that each wait for the other
        // to begin end only if they run at once.
        let meeting = Arc::new(std::sync::Barrier::new(2));
        let (first, second) = (Arc::clone(&meeting), meeting);
        let both = tokio::time::timeout(std::time::Duration::from_secs(20), async {
            tokio::join!(
                threads.call(Arc::clone(&store), move |_| Ok(first.wait().is_leader())),
                threads.call(Arc::clone(&store), move |_| Ok(second.wait().is_leader())),
            )
        })
        .await
        .expect("both threads serve");
        assert_ne!(both.0.unwrap(), both.1.unwrap());
    }
}

//! Seals' signatures checked in batches, off the rooms' tasks
//! (`docs/performance.md`, "Signed moves").
//!
//! A connection hands the seal its player signed to the [`SealChecker`] and
//! waits for the verdict before it tells the room. One task gathers the
//! seals waiting across all rooms — those handed over while the other tasks
//! ready to run take their turn, so that a busy server's batches fill and
//! an idle one's seal is checked at once; at most [`BATCH`], for at most
//! [`GATHER`] — and checks them in one equation
//! ([`mice_cake_engine::check_seals`]), which costs a fraction of checking
//! each alone. If the equation fails, each is checked alone: a bad
//! signature is refused, the others are taken. The verdicts are the ones a
//! check alone gives.

use std::future::Future;
use std::pin::Pin;
use std::sync::Arc;
use std::sync::atomic::{AtomicU64, Ordering};
use std::task::{Context, Poll};
use std::time::Duration;

use mice_cake_engine::{CheckedSeal, SealToCheck, check_seals};
use tokio::sync::{mpsc, oneshot};
use tokio::time::Instant;
use tracing::error;

use crate::metrics::{SEAL_BATCHES, SEALS_CHECKED};

/// The longest the first seal of a batch waits for others.
pub(crate) const GATHER: Duration = Duration::from_millis(1);
/// The most seals checked in one equation: past a few dozen, a bigger batch
/// saves little more and only makes its seals wait longer.
pub(crate) const BATCH: usize = 64;
/// The most seals checked on the checker's own task: about 0.2 ms of work.
const CHECKED_IN_PLACE: usize = 16;
/// Seals waiting to be checked: past this, a connection waits to hand its
/// own over (its player's next message waits with it; no room does). A
/// connection has one seal waiting at most (it reads nothing more until the
/// verdict), and a seal queued holds far less than a connection waiting to
/// queue it, so the queue is long enough for every player of a busy server
/// to seal at the same deal.
const QUEUE: usize = 16 * 1024;

/// A handle on the task that checks seals' signatures. Cloning it is cheap.
#[derive(Clone, Debug)]
pub(crate) struct SealChecker {
    jobs: mpsc::Sender<Job>,
    /// Batches checked so far: how the tests see the seals were batched
    /// (`/metrics` shows it too).
    #[cfg(test)]
    batches: Arc<AtomicU64>,
}

/// The checker is gone (the server is stopping) or failed on this batch.
#[derive(Clone, Copy, Debug, thiserror::Error)]
#[error("the seal's signature could not be checked")]
pub(crate) struct Unchecked;

/// A seal's verdict, once its batch is checked: `Some` with the seal
/// found to be its key's, `None` if it is not. All a connection holds while
/// its seal waits (every player's at once, at a deal): the answer's
/// receiver, not a future of its own (docs/performance.md, "Memory per
/// connection"). Waiting on it again after a poll is safe.
#[derive(Debug)]
pub(crate) struct Verdict(oneshot::Receiver<Option<CheckedSeal>>);

impl Future for Verdict {
    type Output = Result<Option<CheckedSeal>, Unchecked>;

    fn poll(mut self: Pin<&mut Self>, context: &mut Context<'_>) -> Poll<Self::Output> {
        Pin::new(&mut self.0)
            .poll(context)
            .map(|answer| answer.map_err(|_| Unchecked))
    }
}

#[derive(Debug)]
struct Job {
    seal: SealToCheck,
    verdict: oneshot::Sender<Option<CheckedSeal>>,
}

impl SealChecker {
    /// Starts the checker's task, gathering each batch for up to `gather`.
    pub(crate) fn start(gather: Duration) -> SealChecker {
        let (jobs, queue) = mpsc::channel(QUEUE);
        let batches = Arc::new(AtomicU64::new(0));
        tokio::spawn(run(queue, gather, Arc::clone(&batches)));
        SealChecker {
            jobs,
            #[cfg(test)]
            batches,
        }
    }

    /// Hands the seal over to be checked: its [`Verdict`] follows. Queued
    /// at once where there is room (the common case, and the only one
    /// without an await); past [`QUEUE`] seals waiting, this waits for room.
    pub(crate) async fn hand_over(&self, seal: SealToCheck) -> Result<Verdict, Unchecked> {
        let (verdict, answer) = oneshot::channel();
        match self.jobs.try_send(Job { seal, verdict }) {
            Ok(()) => {}
            Err(mpsc::error::TrySendError::Full(job)) => {
                Box::pin(self.jobs.send(job)).await.map_err(|_| Unchecked)?;
            }
            Err(mpsc::error::TrySendError::Closed(_)) => return Err(Unchecked),
        }
        Ok(Verdict(answer))
    }

    /// The seal, its signature found to be its key's; `None` if it is not.
    #[cfg(test)]
    async fn check(&self, seal: SealToCheck) -> Result<Option<CheckedSeal>, Unchecked> {
        self.hand_over(seal).await?.await
    }

    /// Batches checked so far.
    #[cfg(test)]
    fn batches(&self) -> u64 {
        self.batches.load(Ordering::Relaxed)
    }
}

async fn run(mut queue: mpsc::Receiver<Job>, gather: Duration, batches: Arc<AtomicU64>) {
    // Whether seals are coming together: then a batch gathers more. A seal
    // alone, when they come one at a time, is checked at once, not kept
    // behind every task ready to run (thousands of spectators' writes, at a
    // reveal).
    let mut together = false;
    while let Some(first) = queue.recv().await {
        let batch = gather_batch(&mut queue, first, together, gather).await;
        let seals: Vec<SealToCheck> = batch.iter().map(|job| job.seal).collect();
        let count = seals.len();
        together = count > 1;
        // A small batch is checked here (a tenth of a millisecond or so, on
        // this task, not a room's); a big one on the blocking pool, where
        // it holds up no task. Handing every batch over cost more than the
        // checks saved, at full speed.
        // A panic (there should be none) fails this batch alone, in place
        // as on the pool: the checker goes on.
        let verdicts = if count <= CHECKED_IN_PLACE {
            std::panic::catch_unwind(|| check_seals(&seals)).map_err(|_| "it panicked".to_owned())
        } else {
            tokio::task::spawn_blocking(move || check_seals(&seals))
                .await
                .map_err(|cause| cause.to_string())
        };
        match verdicts {
            Ok(verdicts) => {
                for (job, verdict) in batch.into_iter().zip(verdicts) {
                    // A connection gone meanwhile no longer waits.
                    let _ = job.verdict.send(verdict);
                }
            }
            // Dropping the jobs tells each connection the check failed.
            Err(cause) => error!(%cause, seals = count, "checking a batch of seals failed"),
        }
        batches.fetch_add(1, Ordering::Relaxed);
        metrics::counter!(SEAL_BATCHES).increment(1);
        metrics::counter!(SEALS_CHECKED).increment(count as u64);
    }
}

/// The batch that `first` opens: every seal waiting and, while seals come
/// `together` (or more are waiting already), those handed over while the
/// tasks ready to run go first. Letting them go first is what gathers: on a
/// busy server they are connections reading their players' seals, whose
/// seals join this batch; on an idle one there are none, and the batch goes
/// at once. A batch stops growing when two turns of the other tasks in a
/// row brought no seal (one, at full speed, left batches of two), at
/// [`BATCH`] seals, or once its first seal has waited `gather`.
async fn gather_batch(
    queue: &mut mpsc::Receiver<Job>,
    first: Job,
    together: bool,
    gather: Duration,
) -> Vec<Job> {
    let mut batch = vec![first];
    take_waiting(queue, &mut batch);
    if !together && batch.len() == 1 {
        return batch;
    }
    let until = Instant::now() + gather;
    let mut idle_turns = 0;
    while batch.len() < BATCH && Instant::now() < until && idle_turns < 2 {
        let before = batch.len();
        tokio::task::yield_now().await;
        take_waiting(queue, &mut batch);
        idle_turns = if batch.len() == before {
            idle_turns + 1
        } else {
            0
        };
    }
    batch
}

/// Moves the seals waiting into `batch`, up to [`BATCH`].
fn take_waiting(queue: &mut mpsc::Receiver<Job>, batch: &mut Vec<Job>) {
    while batch.len() < BATCH
        && let Ok(job) = queue.try_recv()
    {
        batch.push(job);
    }
}

#[cfg(test)]
mod tests {
    use mice_cake_engine::{CheckingKey, PlayerSecret, Seal};

    use super::*;

    fn signed(byte: u8) -> SealToCheck {
        let secret = PlayerSecret::from_bytes([byte; 32]);
        let seal = Seal::from_bytes([byte; 32]);
        SealToCheck {
            key: CheckingKey::new(secret.public_key()).unwrap(),
            seal,
            signature: secret.sign(seal),
        }
    }

    /// Seals sent at once from many connections are checked as one batch;
    /// the forged one among them is refused, the others taken.
    #[tokio::test(start_paused = true)]
    async fn seals_sent_together_are_checked_together_and_a_forgery_alone_refused() {
        let checker = SealChecker::start(GATHER);
        let mut seals: Vec<SealToCheck> = (1..=12).map(signed).collect();
        seals[4].signature = signed(99).signature;
        let verdicts =
            futures_util::future::join_all(seals.iter().map(|seal| checker.check(*seal))).await;
        for (index, (verdict, seal)) in verdicts.into_iter().zip(&seals).enumerate() {
            let verdict = verdict.unwrap();
            if index == 4 {
                assert_eq!(verdict, None);
            } else {
                assert_eq!(verdict.unwrap().signature(), seal.signature);
            }
        }
        assert_eq!(checker.batches(), 1);
    }

    /// A seal that comes alone is checked at once, with no time waited
    /// for company.
    #[tokio::test(start_paused = true)]
    async fn a_seal_alone_is_checked_at_once() {
        let checker = SealChecker::start(GATHER);
        for byte in [3, 4] {
            let started = Instant::now();
            assert!(checker.check(signed(byte)).await.unwrap().is_some());
            assert_eq!(started.elapsed(), Duration::ZERO);
        }
        assert_eq!(checker.batches(), 2);
    }

    /// Hands `first` over, then spawns tasks handing over `later`, ready
    /// to run once the checker has taken `first`; every verdict must be a
    /// yes.
    async fn first_then_others_ready(checker: &SealChecker, first: u8, later: Vec<u8>) {
        let first = checker.check(signed(first));
        tokio::pin!(first);
        // Handed over: the checker is woken, and runs before the tasks
        // spawned next.
        assert!(futures_util::poll!(&mut first).is_pending());
        let later: Vec<_> = later
            .into_iter()
            .map(|byte| {
                let checker = checker.clone();
                tokio::spawn(async move { checker.check(signed(byte)).await })
            })
            .collect();
        assert!(first.await.unwrap().is_some());
        for verdict in futures_util::future::join_all(later).await {
            assert!(verdict.unwrap().unwrap().is_some());
        }
    }

    /// While seals come together, those handed over by tasks that run while
    /// the checker lets them go first join the batch the first opened.
    #[tokio::test(start_paused = true)]
    async fn while_seals_come_together_those_of_the_tasks_ready_join_the_batch() {
        let checker = SealChecker::start(GATHER);
        let two = futures_util::future::join_all([1, 2].map(|byte| checker.check(signed(byte))));
        assert!(
            two.await
                .into_iter()
                .all(|verdict| verdict.unwrap().is_some())
        );
        assert_eq!(checker.batches(), 1);
        first_then_others_ready(&checker, 3, (4..=11).collect()).await;
        assert_eq!(checker.batches(), 2, "the nine in one batch");
    }

    /// A seal alone, when seals come one at a time, is checked at once, not
    /// after the tasks ready to run (at a reveal, thousands of spectators'
    /// writes).
    #[tokio::test(start_paused = true)]
    async fn a_seal_alone_is_not_kept_behind_the_tasks_ready_to_run() {
        let checker = SealChecker::start(GATHER);
        first_then_others_ready(&checker, 1, vec![2]).await;
        assert_eq!(
            checker.batches(),
            2,
            "the first checked before the other ran"
        );
    }

    /// More seals than a batch holds are split into full batches.
    #[tokio::test(start_paused = true)]
    async fn a_crowd_of_seals_is_checked_a_full_batch_at_a_time() {
        let checker = SealChecker::start(GATHER);
        let seals: Vec<SealToCheck> = (0..=u8::try_from(BATCH).unwrap()).map(signed).collect();
        let verdicts =
            futures_util::future::join_all(seals.iter().map(|seal| checker.check(*seal))).await;
        assert!(
            verdicts
                .into_iter()
                .all(|verdict| verdict.unwrap().is_some())
        );
        assert_eq!(checker.batches(), 2);
    }
}

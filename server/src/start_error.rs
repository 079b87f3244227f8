//! Why the server could not start, each cause named for whoever runs it:
//! nothing is served, and nothing was written.

use crate::capacity::TooFewFiles;
use crate::cluster::JoinError;
use crate::config::ConfigError;
use crate::store::StoreError;

/// What [`run`](crate::run) returns when the server cannot start.
#[derive(Debug, thiserror::Error)]
pub enum StartError {
    /// A flag, or flags together, that cannot be served.
    #[error(transparent)]
    Config(#[from] ConfigError),
    /// The process's open-file limit is too low to serve.
    #[error(transparent)]
    OpenFiles(#[from] TooFewFiles),
    /// The storage cannot be opened, or the rooms it kept read back.
    #[error(transparent)]
    Storage(#[from] StoreError),
    /// Opening the storage panicked (a bug: say so rather than abort).
    #[error("opening the storage panicked")]
    StoragePanicked,
    /// The storage's writing thread cannot be started.
    #[error("cannot start the storage thread")]
    StorageThread(#[source] std::io::Error),
    /// The metrics recorder cannot be installed.
    #[error("cannot install the metrics recorder")]
    Metrics(#[source] metrics_exporter_prometheus::BuildError),
    /// The operating system gives no entropy for the server's generator.
    #[error("no entropy from the operating system: {0}")]
    Entropy(getrandom::Error),
    /// This node cannot join the cluster.
    #[error(transparent)]
    Cluster(#[from] JoinError),
}

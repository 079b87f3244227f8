//! What can go wrong reaching the cluster's Redis: on joining (each cause
//! named for the operator) and on reading or writing what the nodes share.

/// Why this node could not join the cluster.
#[derive(Debug, thiserror::Error)]
pub enum JoinError {
    #[error("--cluster: {name} is not a Redis URL")]
    NotRedis {
        name: String,
        #[source]
        source: redis::RedisError,
    },
    #[error("--cluster: cacert= is for a Redis reached over TLS (rediss://), not {name}")]
    CaWithoutTls { name: String },
    #[error("--cluster: the CA file cacert={ca_file} cannot be read")]
    CaUnreadable {
        ca_file: String,
        #[source]
        source: std::io::Error,
    },
    #[error("--cluster: {name} with cacert={ca_file} cannot be used")]
    TlsUnusable {
        name: String,
        ca_file: String,
        #[source]
        source: redis::RedisError,
    },
    #[error("cannot reach the cluster's Redis at {name}: no answer in {seconds}s")]
    NoAnswer { name: String, seconds: u64 },
    #[error("cannot reach the cluster's Redis at {name}")]
    Unreachable {
        name: String,
        #[source]
        source: redis::RedisError,
    },
    #[error("cannot subscribe to the cluster's Redis at {name}")]
    Unsubscribed {
        name: String,
        #[source]
        source: redis::RedisError,
    },
}

/// Reading or writing what the nodes share in Redis: Redis failed, or what
/// was kept there is not what this node reads.
#[derive(Debug, thiserror::Error)]
pub(crate) enum SharedStateError {
    #[error(transparent)]
    Redis(#[from] redis::RedisError),
    #[error("a value kept in Redis: {0}")]
    Json(#[from] serde_json::Error),
}

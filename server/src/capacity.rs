//! How many connections the server holds, from what the operator asked
//! and what the open-file limit allows: every socket is an open file, and a
//! server that runs out of them can accept nobody, not even a health check.
//!
//! The files are shared out at start: a reserve for the database, the
//! listener and the runtime; slots for connections still in their HTTP
//! handshake (see [`crate::accept`]); the rest for WebSocket connections.
//! Connections are refused before the files run out, never after.

/// Files kept for everything but connections: the database and its log,
/// the lock file, the listener, the runtime's own.
pub(crate) const RESERVED_FILES: u64 = 64;

/// WebSocket connections held by default, when the file limit allows.
pub(crate) const DEFAULT_MAX_CONNECTIONS: usize = 100_000;

/// Handshake slots by default, when the file limit allows: plenty for
/// people arriving at once, few enough that half-open connections cannot
/// crowd out the players.
pub(crate) const DEFAULT_MAX_HANDSHAKES: usize = 1_024;

/// The fewest of each the server runs with.
const LEAST: usize = 4;

/// What the server holds at once.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Capacity {
    /// WebSocket connections.
    pub(crate) connections: usize,
    /// Connections in their HTTP handshake (or between HTTP requests).
    pub(crate) handshakes: usize,
}

/// An option asked for more than the open-file limit allows, and was
/// lowered.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Lowered {
    pub(crate) flag: &'static str,
    pub(crate) asked: usize,
    pub(crate) allowed: usize,
}

/// The open-file limit is too low to serve at all.
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
#[error(
    "the open-file limit ({0}) leaves too few files for connections: raise it \
     (ulimit -n, or Docker's --ulimit nofile) to a few hundred at least"
)]
pub struct TooFewFiles(pub(crate) u64);

/// Shares `open_files` (none: no limit) out between handshakes and
/// connections, honouring what was asked where the limit allows it.
pub(crate) fn plan(
    max_connections: Option<usize>,
    max_handshakes: Option<usize>,
    open_files: Option<u64>,
) -> Result<(Capacity, Vec<Lowered>), TooFewFiles> {
    let budget = match open_files {
        Some(limit) => usize::try_from(limit.saturating_sub(RESERVED_FILES)).unwrap_or(usize::MAX),
        None => usize::MAX / 2,
    };
    if budget < 2 * LEAST {
        return Err(TooFewFiles(open_files.unwrap_or_default()));
    }
    let mut lowered = Vec::new();
    let mut fit = |flag, asked: Option<usize>, default: usize, allowed: usize| match asked {
        None => default.min(allowed),
        Some(asked) if asked <= allowed => asked,
        Some(asked) => {
            lowered.push(Lowered {
                flag,
                asked,
                allowed,
            });
            allowed
        }
    };
    let handshakes = fit(
        "max-handshakes",
        max_handshakes,
        (budget / 4).clamp(LEAST, DEFAULT_MAX_HANDSHAKES),
        budget / 2,
    );
    let connections = fit(
        "max-connections",
        max_connections,
        DEFAULT_MAX_CONNECTIONS,
        budget - handshakes,
    );
    Ok((
        Capacity {
            connections,
            handshakes,
        },
        lowered,
    ))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_defaults_follow_the_file_limit() {
        // A generous limit: the defaults, and no warning.
        let (capacity, lowered) = plan(None, None, Some(1_048_576)).unwrap();
        assert_eq!(
            capacity,
            Capacity {
                connections: DEFAULT_MAX_CONNECTIONS,
                handshakes: DEFAULT_MAX_HANDSHAKES
            }
        );
        assert!(lowered.is_empty());
        // A low limit: everything fits under it, still without a warning
        // (nothing was asked for).
        let (capacity, lowered) = plan(None, None, Some(300)).unwrap();
        assert_eq!(capacity.handshakes, 59);
        assert_eq!(capacity.connections, 177);
        assert!(capacity.handshakes + capacity.connections + RESERVED_FILES as usize <= 300);
        assert!(lowered.is_empty());
        let (capacity, _) = plan(None, None, None).unwrap();
        assert_eq!(capacity.connections, DEFAULT_MAX_CONNECTIONS);
    }

    #[test]
    fn what_was_asked_is_kept_where_it_fits_and_lowered_with_a_word_where_not() {
        let (capacity, lowered) = plan(Some(500), Some(100), Some(20_000)).unwrap();
        assert_eq!(
            capacity,
            Capacity {
                connections: 500,
                handshakes: 100
            }
        );
        assert!(lowered.is_empty());
        let (capacity, lowered) = plan(Some(100_000), None, Some(20_000)).unwrap();
        assert_eq!(capacity.connections, 20_000 - 64 - 1_024);
        assert_eq!(
            lowered,
            vec![Lowered {
                flag: "max-connections",
                asked: 100_000,
                allowed: 20_000 - 64 - 1_024
            }]
        );
        let (_, lowered) = plan(None, Some(10_000), Some(1_064)).unwrap();
        assert_eq!(lowered[0].flag, "max-handshakes");
        assert_eq!(lowered[0].allowed, 500);
    }

    #[test]
    fn a_limit_too_low_to_serve_is_an_error() {
        assert_eq!(plan(None, None, Some(70)), Err(TooFewFiles(70)));
        assert!(plan(None, None, Some(72)).is_ok());
    }
}

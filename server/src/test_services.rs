//! What `tests/services.sh` started, for the unit tests that need it
//! (PostgreSQL, Redis, their TLS).

/// The value `tests/services.sh` exported as `variable`: `None` (the test
/// is skipped) when the services were not started — unless they are
/// required (`MICE_CAKE_REQUIRE_SERVICES=1`, as in CI), when it fails.
pub(crate) fn service(variable: &str) -> Option<String> {
    let found = std::env::var(variable).ok();
    assert!(
        found.is_some() || std::env::var("MICE_CAKE_REQUIRE_SERVICES").as_deref() != Ok("1"),
        "{variable} is not set: start the services with tests/services.sh"
    );
    found
}

//! End-to-end tests of Mice Cake: the real `mice-cake-server` and `mice-cake`
//! binaries, started as processes, playing over real sockets.
//!
//! The tests are in `tests/e2e/`; they build both binaries first (with the
//! same cargo and profile as the tests), so `cargo test -p mice-cake-e2e`
//! works on its own.

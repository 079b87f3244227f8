//! End to end: the real server binary, real `mice-cake` processes.

// In tests a panic is the failure report; helpers outside `#[test]` fns need this too.
#![allow(clippy::unwrap_used, clippy::expect_used)]

mod bots;
mod cluster;
mod durable;
mod hostile;
mod load;
mod person;
mod reconnect;
mod support;
mod terminal;
mod verify;

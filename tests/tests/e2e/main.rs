//! End to end: the real server binary, real `mice-cake` processes.

// In tests a panic is the failure report; helpers outside `#[test]` fns need this too.
#![allow(clippy::unwrap_used, clippy::expect_used)]

mod analyse;
mod arenas;
mod bots;
mod challenges;
mod cluster;
mod durable;
mod engines;
mod gaming;
mod hostile;
// The checks for hidden information the server's own tests make, on
// frames gathered here from real processes.
mod faults;
#[path = "../../../server/tests/server/leaks.rs"]
mod leaks;
mod load;
mod matches;
mod pairing;
mod person;
mod raw;
mod reconnect;
mod redis;
mod shutdown;
mod support;
mod terminal;
mod verify;

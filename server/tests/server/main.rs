//! The server's tests: a real server on port 0, real WebSocket clients.

// In tests a panic is the failure report; helpers outside `#[test]` fns need this too.
#![allow(clippy::unwrap_used, clippy::expect_used)]

mod admission;
mod analysis;
mod arenas;
mod backups;
mod bad_input;
mod boosting;
mod bots_page;
mod challenge_api;
mod challenges;
mod chat;
mod deadlines;
mod durable;
mod fair_play;
mod fairness;
mod games;
mod gaming;
mod handshakes;
mod hidden;
mod leaks;
mod pairing;
mod presence;
mod protocol_violations;
mod proxies;
mod ratings;
mod reconnect;
mod service;
mod signed;
mod support;
mod web;

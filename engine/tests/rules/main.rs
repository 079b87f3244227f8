//! The engine's rule tests: one binary, one module per theme.

// In tests a panic is the failure report; helpers outside `#[test]` fns need this too.
#![allow(clippy::unwrap_used, clippy::expect_used)]

mod analysis;
mod examples;
mod fairness;
mod policies;
mod properties;
mod records;
mod rulings;
mod support;
mod timeline;
mod validation;
mod variants;

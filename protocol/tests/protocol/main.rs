//! The protocol's tests: the documentation's examples, parsing, and the
//! JSON Schema.

#![allow(clippy::unwrap_used, clippy::expect_used)]

mod docs;
mod engines_doc;
mod examples;
mod messages;
mod schema;
mod strategies;

//! The fuzz targets' checks: each module is one target of `fuzz_targets/`
//! (`cargo fuzz`, libFuzzer), its `check` what the target does with one
//! input, panicking when something it holds true is broken. The binaries
//! only hand libFuzzer's inputs to them; the stable test suite
//! (`tests/corpus.rs`) hands them every input of `corpus/`, so that a
//! change that makes a known input crash fails without libFuzzer or the
//! nightly toolchain. See docs/fuzzing.md.
//!
//! * [`client_message`], [`server_message`]: the frames each side reads.
//! * [`typed_text`]: what a player types (moves, names, chat, codes).
//! * [`record`]: game records, as `mice-cake verify` and `replay` read them.
//! * [`engine_game`], [`engine_position`]: the rules fed any moves, from
//!   any position.
//! * [`http_request`], [`stored_room`]: the server's HTTP API and its
//!   stored rooms, through `mice_cake_server::fuzzing`.
//! * `draw`: options and moves drawn from bytes, for the engine targets.

pub mod client_message;
mod draw;
pub mod engine_game;
pub mod engine_position;
pub mod http_request;
pub mod record;
pub mod server_message;
pub mod stored_room;
pub mod typed_text;

//! The `engine_game` target: libFuzzer's inputs to `mice_cake_fuzz::engine_game::check`.
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| mice_cake_fuzz::engine_game::check(data));

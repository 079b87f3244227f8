//! The `server_message` target: libFuzzer's inputs to `mice_cake_fuzz::server_message::check`.
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| mice_cake_fuzz::server_message::check(data));

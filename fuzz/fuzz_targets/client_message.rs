//! The `client_message` target: libFuzzer's inputs to `mice_cake_fuzz::client_message::check`.
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| mice_cake_fuzz::client_message::check(data));

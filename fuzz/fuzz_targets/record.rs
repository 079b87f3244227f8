//! The `record` target: libFuzzer's inputs to `mice_cake_fuzz::record::check`.
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| mice_cake_fuzz::record::check(data));

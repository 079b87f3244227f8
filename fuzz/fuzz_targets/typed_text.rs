//! The `typed_text` target: libFuzzer's inputs to `mice_cake_fuzz::typed_text::check`.
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| mice_cake_fuzz::typed_text::check(data));

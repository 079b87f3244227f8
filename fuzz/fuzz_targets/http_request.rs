//! The `http_request` target: libFuzzer's inputs to `mice_cake_fuzz::http_request::check`.
#![no_main]

use mice_cake_fuzz::http_request::{check, harness};

// The server starts before the first input, so that its start is not
// counted against it.
libfuzzer_sys::fuzz_target!(
    init: {
        harness();
    },
    |data: &[u8]| check(data)
);

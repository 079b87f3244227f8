//! The `stored_room` target: libFuzzer's inputs to `mice_cake_fuzz::stored_room::check`.
#![no_main]

use mice_cake_fuzz::stored_room::{check, harness};

// The server starts before the first input, so that its start is not
// counted against it.
libfuzzer_sys::fuzz_target!(
    init: {
        harness();
    },
    |data: &[u8]| check(data)
);

//! Every input of every target's corpus (`fuzz/corpus/TARGET/`), through the
//! target's check, on the stable toolchain and without libFuzzer: an input
//! the fuzzers kept (a seed, or one that reached new code) that now makes a
//! target panic fails the suite, with the input's file named.

use std::collections::BTreeSet;
use std::panic::{AssertUnwindSafe, catch_unwind};
use std::path::{Path, PathBuf};

fn corpus_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("corpus")
}

/// Hands each file of `target`'s corpus to `check`; fails naming those that
/// panicked (each panic's message is printed as it happens).
fn replay(target: &str, check: fn(&[u8])) {
    let dir = corpus_dir().join(target);
    let mut inputs: Vec<PathBuf> = std::fs::read_dir(&dir)
        .unwrap_or_else(|error| panic!("{}: {error}", dir.display()))
        .map(|entry| entry.map(|entry| entry.path()))
        .collect::<Result<_, _>>()
        .unwrap_or_else(|error| panic!("{}: {error}", dir.display()));
    inputs.sort();
    assert!(!inputs.is_empty(), "{target}'s corpus is empty");
    let broken: Vec<String> = inputs
        .iter()
        .filter(|path| {
            let data =
                std::fs::read(path).unwrap_or_else(|error| panic!("{}: {error}", path.display()));
            catch_unwind(AssertUnwindSafe(|| check(&data))).is_err()
        })
        .map(|path| path.display().to_string())
        .collect();
    assert!(
        broken.is_empty(),
        "{} of {} inputs of {target}'s corpus fail (`cargo +nightly fuzz run --features libfuzzer {target} FILE` to see one under libFuzzer):\n{}",
        broken.len(),
        inputs.len(),
        broken.join("\n")
    );
}

/// A test a target, each replaying its corpus, and `TARGETS`, their names.
macro_rules! replayed {
    ($($target:ident),* $(,)?) => {
        const TARGETS: &[&str] = &[$(stringify!($target)),*];
        $(
            #[test]
            fn $target() {
                replay(stringify!($target), mice_cake_fuzz::$target::check);
            }
        )*
    };
}

replayed!(
    client_message,
    server_message,
    typed_text,
    record,
    engine_game,
    engine_position,
    http_request,
    stored_room,
);

#[test]
fn every_target_and_every_corpus_is_replayed() {
    let targets: BTreeSet<String> =
        std::fs::read_dir(Path::new(env!("CARGO_MANIFEST_DIR")).join("fuzz_targets"))
            .expect("fuzz_targets/ reads")
            .map(|entry| {
                let path = entry.expect("an entry reads").path();
                path.file_stem()
                    .expect("a target's file")
                    .to_string_lossy()
                    .into_owned()
            })
            .collect();
    let corpora: BTreeSet<String> = std::fs::read_dir(corpus_dir())
        .expect("corpus/ reads")
        .map(|entry| {
            entry
                .expect("an entry reads")
                .file_name()
                .to_string_lossy()
                .into_owned()
        })
        .collect();
    let replayed: BTreeSet<String> = TARGETS.iter().map(|target| (*target).to_owned()).collect();
    assert_eq!(
        targets, replayed,
        "a target of fuzz_targets/ with no test here, or the other way"
    );
    assert_eq!(
        corpora, replayed,
        "a corpus with no target, or a target with no corpus"
    );
}

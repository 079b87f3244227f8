//! The room's rules (`server/src/room/core/`) are free of IO, as
//! ARCHITECTURE.md says: no file of theirs, tests aside, names tokio, a
//! lock or shared pointer, a channel, a clock read, the server's shared
//! generator, storage or a connection's queue. The shell
//! (`server/src/room/actor/`) does all of that. A change that makes the
//! rules reach one of them fails here, naming the file, the line and why.

use std::path::Path;

/// What the rules may not name, and why.
const FORBIDDEN: &[(&str, &str)] = &[
    ("tokio", "tokio is the shell's (tasks, channels, timers)"),
    ("std::sync", "locks and atomics are shared state"),
    ("Arc<", "a shared pointer is shared state"),
    ("Arc::", "a shared pointer is shared state"),
    ("oneshot", "answers leave as effects, not through channels"),
    ("mpsc", "commands come in as inputs, not through channels"),
    ("Instant::now", "the rules are given the time"),
    ("SystemTime", "the rules are given the time"),
    ("unix_millis", "the rules are given the time"),
    ("ServerRng", "the rules draw from a generator of their own"),
    ("Storage", "the shell stores and reads; the rules ask"),
    ("RoomContext", "the rules get a copy of their configuration"),
    ("Outbound", "frames go to connections by number"),
    ("Directory", "seat tokens leave as effects"),
    ("metrics::", "counts leave as effects"),
];

/// The rules' own test files, which may drive them with anything.
const TEST_FILES: &[&str] = &["tests.rs", "table.rs", "simulation.rs"];

/// Each forbidden name in `source`'s code (comments aside): line, name,
/// why.
fn reaches(source: &str) -> Vec<(usize, &'static str, &'static str)> {
    let mut found = Vec::new();
    for (number, line) in source.lines().enumerate() {
        let code = line.split("//").next().unwrap_or("");
        for (name, why) in FORBIDDEN {
            if code.contains(name) {
                found.push((number + 1, *name, *why));
            }
        }
    }
    found
}

#[test]
fn the_rooms_rules_reach_no_task_lock_channel_clock_shared_generator_or_storage() {
    let core = Path::new(env!("CARGO_MANIFEST_DIR")).join("../server/src/room/core");
    let mut files = 0;
    let mut broken = Vec::new();
    for entry in std::fs::read_dir(&core).expect("server/src/room/core/") {
        let path = entry.unwrap().path();
        let name = path.file_name().unwrap().to_string_lossy().into_owned();
        if !name.ends_with(".rs") || TEST_FILES.contains(&name.as_str()) {
            continue;
        }
        files += 1;
        let source = std::fs::read_to_string(&path).unwrap();
        for (line, reached, why) in reaches(&source) {
            broken.push(format!("room/core/{name}:{line} names {reached}: {why}"));
        }
    }
    assert!(files >= 15, "only {files} files read in {}", core.display());
    assert!(broken.is_empty(), "{}", broken.join("\n"));
}

#[test]
fn the_check_finds_a_channel_in_code_and_not_in_a_comment() {
    let source = "// a oneshot in a comment\nlet (reply, answer) = oneshot::channel(); // why\n";
    assert_eq!(
        reaches(source),
        vec![(
            2,
            "oneshot",
            "answers leave as effects, not through channels"
        )]
    );
}

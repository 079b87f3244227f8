//! `mice-cake verify` on records from a file: honest simulated games are
//! fair (exit 0), a tampered one names its first broken link (exit 1), a
//! game from before sealed play cannot be proven (exit 3), and a file that
//! is no record is a clear error.

use std::path::Path;
use std::process::{Command, Output};

use mice_cake_engine::{
    GameRecord, Layout, Options, Policy, RngDice, Seat, Seed, UNSEALED_RECORD_FORMAT, Viewer,
};

use crate::support::{binary, mice_cake, text};

fn verify(file: &Path) -> Output {
    mice_cake(
        file.parent().unwrap(),
        &["verify", &file.display().to_string()],
    )
}

#[test]
fn verify_tells_a_fair_record_from_a_tampered_one_and_says_where() {
    let dir = tempfile::tempdir().unwrap();
    let records = dir.path().join("records");
    let sim = Command::new(binary("mice-cake"))
        .args(["--plain", "sim", "--games", "2", "--seed", "5", "--record"])
        .arg(&records)
        .env("MICE_CAKE_STATE_DIR", dir.path())
        .output()
        .unwrap();
    assert!(sim.status.success(), "{}", text(&sim.stderr));
    let mut files: Vec<_> = std::fs::read_dir(&records)
        .unwrap()
        .map(|entry| entry.unwrap().path())
        .collect();
    files.sort();
    assert_eq!(files.len(), 2);
    for file in &files {
        let checked = verify(file);
        assert_eq!(checked.status.code(), Some(0), "{}", text(&checked.stderr));
        assert!(text(&checked.stdout).starts_with("verified fair: "));
    }

    // A die changed: round, seat, column and die are named.
    let record: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(&files[0]).unwrap()).unwrap();
    let mut tampered = record.clone();
    let die = &mut tampered["rounds"][1]["attempts"][0]["dice"][0];
    *die = serde_json::json!(die.as_u64().unwrap() % 6 + 1);
    let file = dir.path().join("die.json");
    std::fs::write(&file, tampered.to_string()).unwrap();
    let checked = verify(&file);
    assert_eq!(checked.status.code(), Some(1));
    let said = text(&checked.stderr);
    assert!(said.contains("NOT FAIR: round 2: "), "{said}");
    assert!(said.contains("die 1 of the attempt in column"), "{said}");

    // Another seed than the one committed to.
    let mut reseeded = record.clone();
    reseeded["seed"] = serde_json::json!("07".repeat(32));
    let file = dir.path().join("seed.json");
    std::fs::write(&file, reseeded.to_string()).unwrap();
    let checked = verify(&file);
    assert_eq!(checked.status.code(), Some(1));
    assert!(
        text(&checked.stderr).contains("does not match the commitment"),
        "{}",
        text(&checked.stderr)
    );

    // Not a record at all.
    let file = dir.path().join("junk.json");
    std::fs::write(&file, "{\"hello\": 1}").unwrap();
    let checked = verify(&file);
    assert_eq!(checked.status.code(), Some(1));
    assert!(text(&checked.stderr).contains("not a game record"));
}

#[test]
fn a_record_from_before_sealed_play_follows_the_rules_but_proves_no_dice() {
    // Format 1: dealt and rolled from the seed alone.
    let seed = Seed::from_u64(3);
    let options = Options::default();
    let mut rng = seed.rng();
    let layout = Layout::shuffled(&mut rng);
    let mut game = mice_cake_engine::Game::new(options, &layout).unwrap();
    let mut bots = seed.stream(1);
    let mut rounds = Vec::new();
    while game.outcome().is_none() {
        let view = game.view(Viewer::Spectator);
        let yellow = Policy::Greedy.choose(&view, Seat::Yellow, &mut bots);
        let blue = Policy::Random.choose(&view, Seat::Blue, &mut bots);
        rounds.push(
            game.resolve(&yellow, &blue, &mut RngDice(&mut rng))
                .unwrap(),
        );
    }
    let record = GameRecord {
        format: UNSEALED_RECORD_FORMAT,
        options,
        seed: Some(seed),
        layout,
        outcome: game.outcome().copied(),
        rounds,
        fair: None,
    };
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("old.json");
    std::fs::write(&file, serde_json::to_string(&record).unwrap()).unwrap();
    let checked = verify(&file);
    assert_eq!(checked.status.code(), Some(3), "{}", text(&checked.stderr));
    assert!(
        text(&checked.stdout).starts_with("not provably fair: a game from before sealed play"),
        "{}",
        text(&checked.stdout)
    );
}

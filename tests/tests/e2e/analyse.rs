//! `mice-cake analyse`: a record file analysed by the client's own engine,
//! a server's game analysed alike — the same analysis the server serves —
//! and a file that is no record refused clearly.

use mice_cake_engine::GameRecord;
use mice_cake_engine::analysis::{GameAnalysis, analyse};

use crate::support::{Client, Server, mice_cake, simulated_record, text};

#[test]
fn a_record_file_is_analysed_as_text_and_as_json() {
    let dir = tempfile::tempdir().unwrap();
    let file = simulated_record(dir.path(), 9, Some("strong,random"));
    let file_arg = file.display().to_string();
    let record: GameRecord =
        serde_json::from_str(&std::fs::read_to_string(&file).unwrap()).unwrap();

    let said = mice_cake(dir.path(), &["--plain", "analyse", &file_arg]);
    assert!(said.status.success(), "{}", text(&said.stderr));
    let lines: Vec<String> = text(&said.stdout).lines().map(str::to_owned).collect();
    assert!(
        lines[0].starts_with("Each move against the best"),
        "{lines:#?}"
    );
    // A bare record has no names: the seats stand for them.
    assert!(lines[1].starts_with("Yellow (Yellow): "), "{lines:#?}");
    assert!(lines[2].starts_with("Blue (Blue): "), "{lines:#?}");
    assert_eq!(lines.len(), 3 + 2 * record.rounds.len(), "{lines:#?}");
    assert!(
        lines.iter().any(|line| line.contains("pips lost")),
        "{lines:#?}"
    );

    let json = mice_cake(dir.path(), &["--json", "analyse", &file_arg]);
    assert!(json.status.success(), "{}", text(&json.stderr));
    // The engine's analysis of the record, as JSON (which rounds the last
    // bit of some numbers).
    let expected = serde_json::to_string(&analyse(&record).unwrap()).unwrap();
    assert_eq!(text(&json.stdout).trim(), expected);
    let analysis: GameAnalysis = serde_json::from_str(&expected).unwrap();
    assert_eq!(analysis.rounds.len(), record.rounds.len());

    let junk = dir.path().join("junk.json");
    std::fs::write(&junk, "{\"hello\": 1}").unwrap();
    let refused = mice_cake(
        dir.path(),
        &["--plain", "analyse", &junk.display().to_string()],
    );
    assert!(!refused.status.success());
    assert!(
        text(&refused.stderr).contains("not a game record"),
        "{}",
        text(&refused.stderr)
    );
}

#[test]
fn a_servers_game_is_analysed_by_the_client_as_the_server_analyses_it() {
    let server = Server::start(&["--seed", "12"]);
    let mut ann = Client::vs_bot(&server.url(), "ann", "strong");
    ann.play_to_the_end();
    let record_line = ann.expect(|line| line.starts_with("record: /api/games/"));
    assert!(ann.finish().success(), "{}", ann.transcript());
    let id = record_line
        .trim_start_matches("record: /api/games/")
        .to_owned();

    let dir = tempfile::tempdir().unwrap();
    let url = server.url();
    let json = mice_cake(dir.path(), &["--json", "--server", &url, "analyse", &id]);
    assert!(json.status.success(), "{}", text(&json.stderr));
    let by_client: GameAnalysis = serde_json::from_str(text(&json.stdout).trim()).unwrap();
    let (status, body) = server.get(&format!("/api/games/{id}/analysis"));
    assert_eq!(status, 200, "{body}");
    let by_server: GameAnalysis = serde_json::from_str(&body).unwrap();
    assert_eq!(by_client, by_server);

    let said = mice_cake(dir.path(), &["--plain", "--server", &url, "analyse", &id]);
    let said = text(&said.stdout);
    assert!(said.contains("ann (Yellow): "), "{said}");
    assert!(said.contains("strong bot (Blue): "), "{said}");
}

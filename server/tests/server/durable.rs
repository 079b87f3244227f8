//! Durable games: rooms, commits and clocks that survive a restart; finished
//! games kept and listed; a damaged or foreign database refused with
//! nothing changed.

use std::path::Path;
use std::time::Duration;

use mice_cake_engine::{Policy, Seat};
use mice_cake_protocol::{
    ErrorCode, FinishedGame, GamePage, RoomList, RoomOptions, RoomStatus, ServerMessage,
};
use mice_cake_server::{Config, Durability};
use tokio::net::TcpListener;

use crate::leaks::{Known, check_frames, check_log};
use crate::support::*;

/// Every byte stored in `dir` (database, WAL, lock).
fn stored_bytes(dir: &Path) -> Vec<u8> {
    let mut bytes = Vec::new();
    for entry in std::fs::read_dir(dir).unwrap() {
        bytes.extend(std::fs::read(entry.unwrap().path()).unwrap());
    }
    bytes
}

fn contains(haystack: &[u8], needle: &str) -> bool {
    haystack
        .windows(needle.len())
        .any(|window| window == needle.as_bytes())
}

/// Starts a server on `dir` that must refuse to start; returns its error.
async fn refused_start(dir: &Path) -> String {
    let listener = TcpListener::bind("127.0.0.1:0").await.unwrap();
    let mut config = Config::with_bind(listener.local_addr().unwrap());
    config.ephemeral = false;
    config.data_dir = dir.to_path_buf();
    let result = tokio::time::timeout(
        PATIENCE,
        mice_cake_server::run(listener, config, std::future::pending::<()>()),
    )
    .await
    .expect("a server that cannot start says so at once");
    format!("{:#}", result.expect_err("the server refuses to start"))
}

fn database(dir: &Path) -> std::path::PathBuf {
    dir.join("mice-cake.db")
}

/// Starts a server on `dir` that must refuse with an error containing
/// `wanted`, leaving the database file as it was.
async fn refused_and_unchanged(dir: &Path, wanted: &str) {
    let before = std::fs::read(database(dir)).unwrap();
    let error = refused_start(dir).await;
    assert!(error.contains(wanted), "{error}");
    assert!(
        std::fs::read(database(dir)).unwrap() == before,
        "the file changed"
    );
}

#[tokio::test]
async fn a_game_with_a_held_commit_survives_a_restart_with_its_clocks_and_nothing_leaks() {
    let lines = captured_logs();
    let dir = tempfile::tempdir().unwrap();
    let server = TestServer::keeping_games_in(dir.path(), |_| {}).await;
    let options = RoomOptions {
        deadline_ms: Some(60_000),
        ..RoomOptions::default()
    };
    let (code, yellow, blue, yellow_token, blue_token) = two_players(&server, options).await;
    let mut spectator = Client::greeted(&server, "Cy").await;
    spectator.watch(code).await;
    let mut yellow = Agent::new(yellow, Seat::Yellow, Policy::Greedy, 1);
    let mut blue = Agent::new(blue, Seat::Blue, Policy::Random, 2);
    for _ in 0..2 {
        tokio::join!(yellow.until_revealed(), blue.until_revealed());
    }
    // Yellow's commit for round 3 is in; Blue has not decided.
    yellow.until_committed().await;
    server.stop().await;
    while spectator
        .try_recv(Duration::from_millis(200))
        .await
        .is_some()
    {}

    // Seat tokens are stored only as hashes.
    let stored = stored_bytes(dir.path());
    for token in [yellow_token, blue_token] {
        assert!(
            !contains(&stored, &token.to_string()),
            "a plain token is stored"
        );
    }

    // Down for a while: the room's clocks stop meanwhile.
    tokio::time::sleep(Duration::from_secs(3)).await;
    let server = TestServer::keeping_games_in(dir.path(), |_| {}).await;
    let rooms: RoomList = server.get_json("/api/rooms").await;
    assert_eq!(rooms.total, 1);
    let mut late = Client::greeted(&server, "Di").await;
    let state = late.watch(code).await;
    assert_eq!(state.status, RoomStatus::Playing);
    assert_eq!(state.view.unwrap().round, 3);
    assert!(state.committed.yellow && !state.committed.blue);
    let exchange = state.exchange.as_ref().expect("round 3's exchange goes on");
    assert!(exchange.seals.yellow.is_some() && exchange.seals.blue.is_none());
    let deadline = state.deadline_ms.expect("the round's deadline goes on");
    assert!(
        (58_000..60_000).contains(&deadline),
        "the deadline kept the time it had left, not counting the 3 s down: {deadline} ms"
    );
    for seat in Seat::ALL {
        let player = state.players[seat].as_ref().unwrap();
        assert!(!player.connected);
        let grace = player.grace_ms.expect("a grace period to come back");
        assert!(
            grace > 110_000,
            "a whole grace period after a restart: {grace}"
        );
    }

    // Both come back with their tokens; Yellow's commit held, Blue decides.
    yellow.reconnect(&server, yellow_token).await;
    blue.reconnect(&server, blue_token).await;
    let (yellow, blue, late) =
        tokio::join!(yellow.play_out(), blue.play_out(), watch_to_the_end(late));
    assert_eq!(yellow.result, blue.result);
    assert_eq!(yellow.result, late.result);

    // The stored record replays to the same score, round 3 with Yellow's
    // commit from before the restart.
    let game: FinishedGame = server
        .get_json(&format!("/api/games/{}", yellow.game_id))
        .await;
    let outcome = *game
        .record
        .as_ref()
        .unwrap()
        .replay()
        .unwrap()
        .outcome()
        .unwrap();
    assert_eq!(outcome.score, yellow.result.score);
    let known = Known::of(&server, yellow.game_id).await;
    check_frames(&yellow.frames, Some(Seat::Yellow), &known, 0);
    check_frames(&blue.frames, Some(Seat::Blue), &known, 0);
    check_frames(&spectator.received, None, &known, 0);
    check_frames(&late.frames, None, &known, 2);
    let all: Vec<_> = known
        .assignments
        .iter()
        .flat_map(|both| [both.yellow, both.blue])
        .collect();
    let nonces: Vec<String> = known.all_nonces().collect();
    check_log(&lines.text(), &all, &nonces);
    server.stop().await;
}

#[tokio::test]
async fn finished_games_are_kept_across_restarts_and_listed_by_player_page_by_page() {
    let dir = tempfile::tempdir().unwrap();
    let server = TestServer::keeping_games_in(dir.path(), |_| {}).await;
    let mut ids = Vec::new();
    for index in 0..3 {
        let (_, yellow, blue, _, _) = two_players(&server, quick_games()).await;
        let (yellow, _) = tokio::join!(
            play(yellow, Seat::Yellow, Policy::Random, index),
            play(blue, Seat::Blue, Policy::Random, index + 10)
        );
        ids.push(yellow.game_id);
    }
    server.stop().await;
    let server = TestServer::keeping_games_in(dir.path(), |_| {}).await;

    // Newest first, two at a time, the name's case ignored.
    let first: GamePage = server.get_json("/api/games?player=ada&limit=2").await;
    let listed: Vec<_> = first.games.iter().map(|game| game.id).collect();
    assert_eq!(listed, [ids[2], ids[1]]);
    let next = first.next.expect("a next page");
    let second: GamePage = server
        .get_json(&format!("/api/games?player=ADA&limit=2&before={next}"))
        .await;
    let listed: Vec<_> = second.games.iter().map(|game| game.id).collect();
    assert_eq!(listed, [ids[0]]);
    assert_eq!(second.next, None);
    let summary = &second.games[0];
    assert_eq!(
        (
            summary.players.yellow.as_str(),
            summary.players.blue.as_str()
        ),
        ("Ada", "Bea")
    );
    assert!(summary.finished_at_ms > 1_700_000_000_000);

    // Every game, and each whole game with its record.
    let all: GamePage = server.get_json("/api/games").await;
    assert_eq!(all.games.len(), 3);
    for (id, summary) in ids.iter().rev().zip(&all.games) {
        let game: FinishedGame = server.get_json(&format!("/api/games/{id}")).await;
        assert_eq!(game.result, summary.result);
        assert_eq!(
            game.record.as_ref().unwrap().rounds.len() as u32,
            summary.rounds
        );
        game.record.as_ref().unwrap().replay().unwrap();
    }
    let nobody: GamePage = server.get_json("/api/games?player=Zed").await;
    assert!(nobody.games.is_empty() && nobody.next.is_none());
    server.stop().await;
}

#[tokio::test]
async fn bad_game_queries_get_clear_errors() {
    let server = TestServer::default().await;
    for (query, wanted) in [
        ("limit=0", "limit must be between 1 and 100"),
        ("limit=101", "limit must be between 1 and 100"),
        ("limit=many", "limit"),
        ("before=-1", "before"),
        ("colour=red", "colour"),
        ("player=", "player"),
    ] {
        let (status, body) = server.get(&format!("/api/games?{query}")).await;
        assert_eq!(status, 400, "{query}: {body}");
        let error: serde_json::Value = serde_json::from_str(&body).unwrap();
        assert_eq!(error["code"], "bad_message", "{query}: {body}");
        let message = error["message"].as_str().unwrap();
        assert!(message.contains(wanted), "{query}: {message}");
    }
}

#[tokio::test]
async fn a_room_that_closed_is_not_brought_back_and_its_tokens_are_void() {
    let dir = tempfile::tempdir().unwrap();
    let server = TestServer::keeping_games_in(dir.path(), |_| {}).await;
    let mut ada = Client::greeted(&server, "Ada").await;
    let (_, _, token) = ada.create(RoomOptions::default()).await;
    ada.leave().await;
    ada.recv_until(|m| matches!(m, ServerMessage::Left { .. }))
        .await;
    // A second room stays open.
    let mut bea = Client::greeted(&server, "Bea").await;
    let (kept, _, kept_token) = bea.create(RoomOptions::default()).await;
    server.stop().await;

    let server = TestServer::keeping_games_in(dir.path(), |_| {}).await;
    // Bea's room is back, but not offered to anyone until Bea is.
    let rooms: RoomList = server.get_json("/api/rooms").await;
    assert_eq!(rooms.total, 0);
    let mut again = Client::greeted(&server, "Ada").await;
    again.resume(token, None).await;
    again.expect_error(ErrorCode::BadToken).await;
    let mut bea = Client::greeted(&server, "Bea").await;
    bea.resume(kept_token, None).await;
    assert!(matches!(
        bea.recv().await,
        ServerMessage::Joined {
            seat: Some(Seat::Yellow),
            ..
        }
    ));
    let rooms: RoomList = server.get_json("/api/rooms").await;
    assert_eq!(rooms.total, 1);
    assert_eq!(rooms.rooms[0].code, kept);
    server.stop().await;
}

#[tokio::test]
async fn a_file_that_is_not_a_database_is_refused_and_left_as_it_was() {
    let dir = tempfile::tempdir().unwrap();
    let garbage: Vec<u8> = (0..20_000u32).map(|i| (i * 7 % 251) as u8).collect();
    std::fs::write(database(dir.path()), &garbage).unwrap();
    refused_and_unchanged(
        dir.path(),
        "is not a readable mice-cake database (file is not a database); nothing was changed",
    )
    .await;
    assert!(!dir.path().join("mice-cake.db-wal").exists());
}

#[tokio::test]
async fn a_damaged_database_is_refused_and_left_as_it_was() {
    let dir = tempfile::tempdir().unwrap();
    let server = TestServer::keeping_games_in(dir.path(), |_| {}).await;
    for index in 0..4 {
        let (_, yellow, blue, _, _) = two_players(&server, quick_games()).await;
        tokio::join!(
            play(yellow, Seat::Yellow, Policy::Random, index),
            play(blue, Seat::Blue, Policy::Random, index + 10)
        );
    }
    server.stop().await;
    // Scribble over the pages after the first (the first holds the header).
    let mut bytes = std::fs::read(database(dir.path())).unwrap();
    assert!(bytes.len() > 8192, "the games take several pages");
    for (index, byte) in bytes[4096..].iter_mut().enumerate() {
        *byte = (index * 13 % 256) as u8;
    }
    std::fs::write(database(dir.path()), &bytes).unwrap();
    refused_and_unchanged(dir.path(), "is not a readable mice-cake database").await;
}

#[tokio::test]
async fn a_database_from_a_newer_server_is_refused_and_left_as_it_was() {
    let dir = tempfile::tempdir().unwrap();
    TestServer::keeping_games_in(dir.path(), |_| {})
        .await
        .stop()
        .await;
    let set_version = |version: i64| {
        let connection = rusqlite::Connection::open(database(dir.path())).unwrap();
        connection
            .pragma_update(None, "user_version", version)
            .unwrap();
    };
    set_version(99);
    refused_and_unchanged(
        dir.path(),
        "newer mice-cake-server (schema version 99; this one knows up to 13)",
    )
    .await;
}

#[tokio::test]
async fn a_stored_room_that_does_not_replay_is_named_and_nothing_is_changed() {
    let dir = tempfile::tempdir().unwrap();
    let server = TestServer::keeping_games_in(dir.path(), |_| {}).await;
    let (code, yellow, blue, _, _) = two_players(&server, RoomOptions::default()).await;
    let mut yellow = Agent::new(yellow, Seat::Yellow, Policy::Random, 1);
    let mut blue = Agent::new(blue, Seat::Blue, Policy::Random, 2);
    tokio::join!(yellow.until_revealed(), blue.until_revealed());
    server.stop().await;
    // Another seed deals another cake: the stored rounds no longer follow.
    let connection = rusqlite::Connection::open(database(dir.path())).unwrap();
    let snapshot: String = connection
        .query_row("SELECT snapshot FROM rooms", [], |row| row.get(0))
        .unwrap();
    let mut value: serde_json::Value = serde_json::from_str(&snapshot).unwrap();
    value["deal"]["seed"] = serde_json::json!("11".repeat(32));
    connection
        .execute("UPDATE rooms SET snapshot = ?1", [value.to_string()])
        .unwrap();
    drop(connection);
    refused_and_unchanged(
        dir.path(),
        &format!("stored room {code} cannot be brought back"),
    )
    .await;
}

#[tokio::test]
async fn a_data_directory_in_use_is_refused() {
    let dir = tempfile::tempdir().unwrap();
    let server = TestServer::keeping_games_in(dir.path(), |_| {}).await;
    let error = refused_start(dir.path()).await;
    assert!(
        error.contains("is in use by another mice-cake-server"),
        "{error}"
    );
    // The first server is unharmed.
    let rooms: RoomList = server.get_json("/api/rooms").await;
    assert_eq!(rooms.total, 0);
    server.stop().await;
    TestServer::keeping_games_in(dir.path(), |_| {})
        .await
        .stop()
        .await;
}

#[tokio::test]
async fn every_durability_keeps_a_room_and_its_commit_across_a_restart() {
    for durability in [Durability::Process, Durability::Normal, Durability::Full] {
        let dir = tempfile::tempdir().unwrap();
        let with = move |config: &mut Config| config.durability = durability;
        let server = TestServer::keeping_games_in(dir.path(), with).await;
        let (code, yellow, _blue, yellow_token, _) =
            two_players(&server, RoomOptions::default()).await;
        let mut yellow = Agent::new(yellow, Seat::Yellow, Policy::Greedy, 1);
        yellow.until_committed().await;
        server.stop().await;

        let server = TestServer::keeping_games_in(dir.path(), with).await;
        let mut watcher = Client::greeted(&server, "Di").await;
        let state = watcher.watch(code).await;
        assert_eq!(state.status, RoomStatus::Playing, "{durability:?}");
        assert!(state.committed.yellow, "{durability:?}: the commit is kept");
        let mut again = Client::greeted(&server, "Ada").await;
        again.resume(yellow_token, None).await;
        let ServerMessage::Joined { state, .. } = again.recv().await else {
            panic!("{durability:?}: the seat is taken back");
        };
        assert!(
            state
                .exchange
                .as_ref()
                .is_some_and(|exchange| exchange.seals[state.you.unwrap()].is_some()),
            "{durability:?}: the seal is kept"
        );
        server.stop().await;
    }
}

#[cfg(unix)]
#[tokio::test]
async fn a_data_directory_others_can_read_is_reported_at_start_with_its_fix() {
    use std::os::unix::fs::PermissionsExt as _;
    let logs = captured_logs();
    let root = tempfile::tempdir().unwrap();
    let dir = root.path().join("shared-data");
    std::fs::create_dir(&dir).unwrap();
    std::fs::set_permissions(&dir, std::fs::Permissions::from_mode(0o755)).unwrap();
    let server = TestServer::keeping_games_in(&dir, |_| {}).await;
    server.stop().await;
    let text = logs.text();
    let fix = format!("chmod 700 {}", dir.display());
    let line = text
        .lines()
        .find(|line| line.contains(&fix))
        .unwrap_or_else(|| panic!("no warning naming {fix:?}"));
    assert!(line.contains("WARN") && line.contains("0755"), "{line}");
    // The server changed nothing of the operator's choice, and made its own
    // files private all the same.
    let mode = |path: &Path| std::fs::metadata(path).unwrap().permissions().mode() & 0o777;
    assert_eq!(mode(&dir), 0o755);
    let database = dir.join("mice-cake.db");
    assert_eq!(mode(&database), 0o600);

    // A database an older server left readable (0644) in that open
    // directory: one warning names both, with one command that closes both.
    std::fs::set_permissions(&database, std::fs::Permissions::from_mode(0o644)).unwrap();
    let warnings = |before: usize| -> Vec<String> {
        logs.text()
            .lines()
            .skip(before)
            .filter(|line| line.contains("other users of this machine can read"))
            .filter(|line| line.contains(&*dir.to_string_lossy()))
            .map(str::to_owned)
            .collect()
    };
    let before = logs.text().lines().count();
    TestServer::keeping_games_in(&dir, |_| {})
        .await
        .stop()
        .await;
    let said = warnings(before);
    assert_eq!(said.len(), 1, "{said:#?}");
    let fix = format!(
        "chmod 700 {} && chmod 600 {}",
        dir.display(),
        database.display()
    );
    assert!(
        said[0].contains(&fix) && said[0].contains("0644"),
        "{}",
        said[0]
    );
    assert_eq!(mode(&database), 0o644, "the operator's choice");

    // The same database in a private directory, where nobody else can reach
    // it anyway: it is made private, and so are SQLite's log and shared
    // memory, which would otherwise take its mode.
    std::fs::set_permissions(&dir, std::fs::Permissions::from_mode(0o700)).unwrap();
    let before = logs.text().lines().count();
    let server = TestServer::keeping_games_in(&dir, |_| {}).await;
    let mut creator = Client::greeted(&server, "Ann").await;
    creator.create(RoomOptions::default()).await;
    for file in ["mice-cake.db", "mice-cake.db-wal", "mice-cake.db-shm"] {
        assert_eq!(mode(&dir.join(file)), 0o600, "{file}");
    }
    server.stop().await;
    assert_eq!(warnings(before), Vec::<String>::new());
}

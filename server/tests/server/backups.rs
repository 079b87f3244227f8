//! `mice-cake-server backup` and `restore`: a copy of a running server's
//! embedded database, put back into another data directory, brings back its
//! finished games and its live rooms; a restore refuses a running server's
//! directory and a copy from a newer server.

use mice_cake_engine::Policy;
use mice_cake_protocol::{RoomList, RoomOptions, RoomStatus};
use mice_cake_server::Config;

use crate::support::*;

fn with_data_dir(dir: &std::path::Path) -> Config {
    let mut config = Config::with_bind("127.0.0.1:0".parse().unwrap());
    config.ephemeral = false;
    config.data_dir = dir.to_owned();
    config
}

#[tokio::test]
async fn a_backup_of_a_running_server_brings_its_games_and_live_rooms_back_elsewhere() {
    let live = tempfile::tempdir().unwrap();
    let server = TestServer::keeping_games_in(live.path(), |_| {}).await;
    let played = play_against_the_bot(&server, Policy::Greedy, 3).await;
    // A room with a game on, as the backup is made.
    let (code, mut yellow, mut blue, _, _) = two_players(&server, RoomOptions::default()).await;
    tokio::join!(yellow.until_round(1), blue.until_round(1));

    let copies = tempfile::tempdir().unwrap();
    let file = copies.path().join("mice.db");
    let said = mice_cake_server::backup::backup(&with_data_dir(live.path()), &file).unwrap();
    // The bot's room, its game over, and the room with a game on.
    assert!(said.contains("finished games 1, live rooms 2"), "{said}");
    #[cfg(unix)]
    {
        use std::os::unix::fs::PermissionsExt as _;
        let mode = std::fs::metadata(&file).unwrap().permissions().mode();
        assert_eq!(
            mode & 0o777,
            0o600,
            "a backup holds live seeds: its owner's alone"
        );
    }
    // The server serves on meanwhile, and refuses nobody.
    let (status, _) = server.get("/healthz").await;
    assert_eq!(status, 200);

    // Not into a directory a server runs on.
    let refused = mice_cake_server::backup::restore(&with_data_dir(live.path()), &file)
        .unwrap_err()
        .to_string();
    assert!(
        refused.contains("in use by another mice-cake-server"),
        "{refused}"
    );

    // Into a fresh one: a server there has the game and the live room.
    let restored = tempfile::tempdir().unwrap();
    mice_cake_server::backup::restore(&with_data_dir(restored.path()), &file).unwrap();
    drop((yellow, blue));
    server.stop().await;
    let again = TestServer::keeping_games_in(restored.path(), |_| {}).await;
    let game: mice_cake_protocol::FinishedGame = again
        .get_json(&format!("/api/games/{}", played.game_id))
        .await;
    assert_eq!(game.result, played.result);
    let rooms: RoomList = again.get_json("/api/rooms").await;
    assert!(
        rooms
            .rooms
            .iter()
            .any(|room| room.code == code && room.status == RoomStatus::Playing),
        "{rooms:?}"
    );
    let mut spectator = Client::greeted(&again, "Di").await;
    let state = spectator.watch(code).await;
    assert_eq!(state.view.unwrap().round, 1);
}

#[tokio::test]
async fn a_restore_keeps_the_database_it_replaces_and_refuses_a_newer_one() {
    let dir = tempfile::tempdir().unwrap();
    let server = TestServer::keeping_games_in(dir.path(), |_| {}).await;
    let played = play_against_the_bot(&server, Policy::Greedy, 5).await;
    server.stop().await;
    let copies = tempfile::tempdir().unwrap();
    let file = copies.path().join("mice.db");
    mice_cake_server::backup::backup(&with_data_dir(dir.path()), &file).unwrap();

    // A copy written by a newer server: refused, nothing changed.
    let newer = copies.path().join("newer.db");
    std::fs::copy(&file, &newer).unwrap();
    rusqlite::Connection::open(&newer)
        .unwrap()
        .pragma_update(None, "user_version", 9_999)
        .unwrap();
    let refused = mice_cake_server::backup::restore(&with_data_dir(dir.path()), &newer)
        .unwrap_err()
        .to_string();
    assert!(refused.contains("newer mice-cake-server"), "{refused}");
    // Not a database at all: refused too.
    let junk = copies.path().join("junk.db");
    std::fs::write(&junk, b"not a database").unwrap();
    assert!(mice_cake_server::backup::restore(&with_data_dir(dir.path()), &junk).is_err());

    // Over an existing database: that one is kept beside it.
    let said = mice_cake_server::backup::restore(&with_data_dir(dir.path()), &file).unwrap();
    assert!(said.contains("kept as"), "{said}");
    let kept = std::fs::read_dir(dir.path())
        .unwrap()
        .filter_map(Result::ok)
        .filter(|entry| entry.file_name().to_string_lossy().contains(".replaced-"))
        .count();
    assert!(kept >= 1);
    let again = TestServer::keeping_games_in(dir.path(), |_| {}).await;
    let game: mice_cake_protocol::FinishedGame = again
        .get_json(&format!("/api/games/{}", played.game_id))
        .await;
    assert_eq!(game.result, played.result);
}

#[test]
fn the_commands_say_what_to_use_for_postgresql() {
    let mut config = with_data_dir(std::path::Path::new("unused"));
    config.database = Some("postgres://db/mice".into());
    let said = mice_cake_server::backup::backup(&config, std::path::Path::new("x.db"))
        .unwrap_err()
        .to_string();
    assert!(said.contains("pg_dump"), "{said}");
}

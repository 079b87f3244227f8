//! Durable games with the real binaries: a server killed with SIGKILL in the
//! middle of a round, one commit in, comes back on the same data directory
//! (or the same PostgreSQL database); both players' clients reconnect by
//! themselves and finish the game, and the stored record replays to the
//! same end. A game whose PostgreSQL stops mid-round holds, sending nothing
//! it could not store, and goes on when it is back. A damaged database, or
//! one that cannot be reached, stops the server at start-up with a clear
//! error, not a panic.

use std::time::Duration;

use crate::support::{
    Client, OwnService, Proxy, Server, TestDatabase, bobs_move_waits_for_postgresql,
    both_finish_and_the_record_replays, suggestion,
};

#[test]
fn a_game_survives_kill_9_mid_round_and_both_players_finish_it() {
    game_survives_kill_9_mid_round(&[]);
}

/// The same with the games in PostgreSQL (`--database`), on the server
/// `tests/services.sh` starts.
#[test]
fn a_game_kept_in_postgresql_survives_kill_9_mid_round() {
    let Some(database) = TestDatabase::create() else {
        return;
    };
    game_survives_kill_9_mid_round(&["--database", &database.url]);
}

/// PostgreSQL stopped mid-round, one commit in: the room holds, and nobody
/// learns of a move that is not stored; started again, the round is
/// revealed with both moves and the game goes on to its end, whose record
/// replays.
#[test]
fn a_game_holds_while_its_postgresql_is_down_and_goes_on_when_it_is_back() {
    let Some(postgres) = OwnService::postgres() else {
        return;
    };
    let data = tempfile::tempdir().unwrap();
    let server = Server::start_in(data.path(), &["--database", &postgres.url]);
    let url = server.url();
    let (mut ann, mut bob, prompt) = ann_and_bob(&url, "0s");
    let ann_round_1 = suggestion(&prompt);
    ann.type_line(&ann_round_1);
    ann.expect_containing("committed for round 1");
    let prompt = bob.expect_containing("round 1: you are Blue");

    // Bob's move cannot be stored: nobody hears of it, and nothing is
    // revealed until the database is back.
    bobs_move_waits_for_postgresql(
        &postgres,
        [&mut ann, &mut bob],
        &ann_round_1,
        &prompt,
        || {},
    );
    both_finish_and_the_record_replays(&mut ann, &mut bob, &url);
    assert!(
        server.log().contains("the room holds until they are"),
        "{}",
        server.log()
    );
}

/// Time a room held for its storage is nobody's: a deadline that ran out
/// meanwhile is moved on by as much, and the player still makes the move.
#[test]
fn time_held_for_postgresql_does_not_count_against_a_deadline() {
    let Some(postgres) = OwnService::postgres() else {
        return;
    };
    let data = tempfile::tempdir().unwrap();
    let server = Server::start_in(data.path(), &["--database", &postgres.url]);
    let url = server.url();
    let (mut ann, mut bob, prompt) = ann_and_bob(&url, "4s");
    let bob_prompt = bob.expect_containing("round 1: you are Blue");

    // Ann's move cannot be stored: the room holds past Bob's deadline.
    postgres.stop();
    ann.type_line(&suggestion(&prompt));
    std::thread::sleep(Duration::from_secs(6));
    postgres.start_again();
    ann.expect_containing("committed for round 1");
    // Bob still has the time he had left, and moves himself.
    let bob_round_1 = suggestion(&bob_prompt);
    bob.type_line(&bob_round_1);
    let reveal = ann.expect(|line| line.starts_with("Round 1:"));
    assert!(reveal.contains(&format!("Blue {bob_round_1}")), "{reveal}");
    let after = ann.poll(Duration::from_millis(500), |line| {
        line.contains("missed the deadline")
    });
    assert_eq!(after, None, "{}", ann.transcript());
}

#[test]
fn a_server_whose_database_cannot_be_reached_stops_with_a_clear_error() {
    let port = std::net::TcpListener::bind("127.0.0.1:0")
        .unwrap()
        .local_addr()
        .unwrap()
        .port();
    let data = tempfile::tempdir().unwrap();
    let output = Server::command(data.path())
        .args([
            "--database",
            &format!("postgres://mc:s3cret@127.0.0.1:{port}/games"),
        ])
        .output()
        .expect("the server runs");
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert_eq!(output.status.code(), Some(1), "{stderr}");
    assert!(
        stderr.contains(&format!(
            "cannot open the database postgres://mc@127.0.0.1:{port}/games"
        )),
        "{stderr}"
    );
    assert!(
        !stderr.contains("s3cret") && !stderr.contains("panicked"),
        "{stderr}"
    );
}

/// Ann creates a room with this deadline on the server at `url`, and Bob
/// joins: both their clients, and Ann's prompt for round 1.
fn ann_and_bob(url: &str, deadline: &str) -> (Client, Client, String) {
    let mut ann = Client::start(url, "ann", &["--plain", "create", "--deadline", deadline]);
    let joined = ann.expect_containing("you are Yellow");
    let code = joined.split_whitespace().nth(1).unwrap().to_owned();
    let bob = Client::start(url, "bob", &["--plain", "join", &code]);
    let prompt = ann.expect_containing("round 1: you are Yellow");
    (ann, bob, prompt)
}

fn game_survives_kill_9_mid_round(flags: &[&str]) {
    let data = tempfile::tempdir().unwrap();
    let first = Server::start_in(data.path(), flags);
    let proxy = Proxy::to(first.addr);
    let url = proxy.url();
    let (mut ann, mut bob, prompt) = ann_and_bob(&url, "0s");
    let ann_round_1 = suggestion(&prompt);
    ann.type_line(&ann_round_1);
    ann.expect_containing("committed for round 1");
    bob.expect_containing("round 1: you are Blue");

    // Bob has not decided when the server dies, without a word.
    first.kill();
    let second = Server::start_in(data.path(), flags);
    proxy.redirect(second.addr);
    ann.expect_containing("reconnected");
    bob.expect_containing("reconnected");

    // Ann's commit survived: Bob alone is asked for round 1, and its reveal
    // holds what Ann committed before the crash.
    let again = bob.expect_containing("round 1: you are Blue");
    bob.type_line(&suggestion(&again));
    let reveal = ann.expect(|line| line.starts_with("Round 1:"));
    assert!(
        reveal.starts_with(&format!("Round 1: Yellow {ann_round_1} — Blue ")),
        "{reveal}"
    );
    let transcript = ann.transcript();
    let after_crash = transcript.split_once("reconnected").unwrap().1;
    assert!(
        !after_crash.contains("round 1: you are Yellow"),
        "Ann was asked again for a round she had committed:\n{transcript}"
    );

    // The stored record, fetched from the restarted server, replays to the
    // same end.
    both_finish_and_the_record_replays(&mut ann, &mut bob, &url);
}

#[test]
fn a_damaged_database_stops_the_server_with_a_clear_error() {
    let data = tempfile::tempdir().unwrap();
    let database = data.path().join("mice-cake.db");
    let garbage = b"this is not a database, but it is somebody's file\n".repeat(200);
    std::fs::write(&database, &garbage).unwrap();
    let output = Server::command(data.path())
        .env("RUST_BACKTRACE", "1")
        .output()
        .expect("the server runs");
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert_eq!(output.status.code(), Some(1), "{stderr}");
    assert!(
        stderr.contains("is not a readable mice-cake database")
            && stderr.contains("nothing was changed"),
        "{stderr}"
    );
    assert!(!stderr.contains("panicked"), "{stderr}");
    assert!(
        std::fs::read(&database).unwrap() == garbage,
        "the file changed"
    );
}

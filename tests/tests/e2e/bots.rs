//! Two bot processes play a whole game through the real server while two
//! more watch (one in text, one in JSON); everyone reports the same end,
//! every client verifies the game fair, and the server's record replays to
//! it.

use mice_cake_protocol::{RoomEvent, ServerMessage};

use crate::support::{Client, Server, ends_verified, room_code};

#[test]
fn two_bots_play_a_whole_game_and_everyone_sees_the_same_end() {
    let server = Server::start(&["--seed", "7"]);
    let url = server.url();
    let mut ann = Client::start(&url, "ann", &["bot", "--seed", "1", "create"]);
    let code = room_code(&ann.expect_containing("you are Yellow"));
    let mut eve = Client::start(&url, "eve", &["watch", &code]);
    eve.expect_containing(&format!("watching room {code}"));
    let mut ivy = Client::start(&url, "ivy", &["--json", "watch", &code]);
    ivy.expect_containing("\"joined\"");
    let mut bob = Client::start(
        &url,
        "bob",
        &["bot", "--policy", "random", "--seed", "2", "join", &code],
    );

    // Each client fetches the record and checks it by itself (the players
    // against the seals they saw during the game).
    let ends = ends_verified(&mut [&mut ann, &mut bob, &mut eve]);
    assert_eq!(ends[0], ends[1], "both players see the same end");
    assert_eq!(ends[0], ends[2], "the spectator sees the same end");
    let (end, record) = &ends[0];

    // The JSON watcher got the same result, as data.
    let game_over = ivy.expect_containing("\"game_over\"");
    assert!(ivy.finish().success(), "{}", ivy.transcript());
    let ServerMessage::Event { event, .. } = serde_json::from_str(&game_over).unwrap() else {
        panic!("an event: {game_over}");
    };
    let RoomEvent::GameOver {
        result, game_id, ..
    } = *event
    else {
        panic!("game over: {game_over}");
    };
    let game_id = game_id.expect("a game that was dealt has a record");
    assert!(
        end.contains(&format!(
            "Yellow {} – Blue {}",
            result.score.yellow.pips, result.score.blue.pips
        )),
        "{end} and {result:?}"
    );
    assert_eq!(record, &format!("record: /api/games/{game_id}"));
    // Every reveal reached the JSON watcher, one per round played.
    let reveals = ivy
        .lines()
        .iter()
        .filter(|line| line.contains("\"revealed\""))
        .count();
    assert!(reveals > 0);

    // The record, fetched from the server and verified by the client,
    // replays to the same end.
    let mut replay = Client::start(&url, "replayer", &["replay", &game_id.to_string()]);
    let replayed = replay.expect(|line| line.starts_with("Game over: "));
    assert!(replay.finish().success(), "{}", replay.transcript());
    assert_eq!(&replayed, end);
    let rounds = replay
        .lines()
        .iter()
        .filter(|line| line.starts_with("Round "))
        .count();
    assert_eq!(rounds, reveals, "one round in the record per reveal");

    // `mice-cake verify` checks the stored record link by link.
    let mut verify = Client::start(&url, "verifier", &["verify", &game_id.to_string()]);
    verify.expect(|line| line.starts_with("verified fair: "));
    assert!(verify.finish().success(), "{}", verify.transcript());
}

#[test]
fn rooms_lists_a_waiting_room_and_a_bad_server_is_a_clear_error() {
    let server = Server::start(&[]);
    let url = server.url();
    let mut ann = Client::start(&url, "ann", &["bot", "create"]);
    let code = room_code(&ann.expect_containing("you are Yellow"));
    let mut rooms = Client::start(&url, "lister", &["rooms"]);
    let listed = rooms.expect_containing(&code);
    assert!(
        listed.contains("waiting") && listed.contains("ann"),
        "{listed}"
    );
    assert!(rooms.finish().success());

    // A room that does not exist: a clear refusal, at once, said once.
    let mut nowhere = Client::start(&url, "eve", &["watch", "ZZZZZ"]);
    let refused = nowhere.expect_containing("No room has the code");
    assert_eq!(refused, "mice-cake: No room has the code ZZZZZ.");
    let status = nowhere.finish();
    assert_eq!(status.code(), Some(1), "{}", nowhere.transcript());
    let said = nowhere
        .lines()
        .iter()
        .filter(|line| line.contains("ZZZZZ"))
        .count();
    assert_eq!(said, 1, "{}", nowhere.transcript());

    // Nothing listens on port 1: the client says so and fails.
    let mut lost = Client::start("ws://127.0.0.1:1", "lost", &["rooms"]);
    lost.expect_containing("cannot reach the server at ws://127.0.0.1:1");
    assert!(!lost.finish().success());
}

#[test]
fn a_seal_refused_for_coming_too_fast_is_sent_again_and_the_game_goes_on() {
    // One message a second (bursts of two): two bots that seal as soon as a
    // round opens are soon refused; with no deadline, a seal not sent again
    // would stall the game for good.
    let server = Server::start(&["--seed", "8", "--messages-per-second", "1"]);
    let url = server.url();
    let mut ann = Client::start(
        &url,
        "ann",
        &[
            "bot",
            "--seed",
            "1",
            "create",
            "--deadline",
            "0s",
            "--stall-limit",
            "1",
        ],
    );
    let code = room_code(&ann.expect_containing("you are Yellow"));
    let mut bob = Client::start(
        &url,
        "bob",
        &["bot", "--policy", "random", "--seed", "2", "join", &code],
    );
    let ends = ends_verified(&mut [&mut ann, &mut bob]);
    assert_eq!(ends[0], ends[1]);
    let said = format!("{}\n{}", ann.transcript(), bob.transcript());
    assert!(
        said.contains("sent again"),
        "no seal was refused, so nothing was tested:\n{said}"
    );
    assert!(server.log().contains("rate_limited") || said.contains("slow down"));
}

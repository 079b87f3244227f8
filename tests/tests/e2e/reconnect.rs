//! A connection that drops mid-game: the client comes back by itself with
//! its seat token, says so, and the game goes on.

use crate::support::{Client, Proxy, Server, room_code, suggestion};

#[test]
fn a_dropped_connection_reconnects_by_itself_and_the_game_goes_on() {
    let server = Server::start(&["--seed", "3"]);
    let proxy = Proxy::to(server.addr);
    let mut ann = Client::vs_bot(&proxy.url(), "ann", "random");
    let prompt = ann.expect_containing("type your assignment");
    ann.type_line(&suggestion(&prompt));
    ann.expect_containing("committed for round 1");
    let prompt = ann.expect_containing("round 2: you are Yellow");

    proxy.cut();
    ann.expect_containing("connection lost");
    ann.expect_containing("reconnected");
    // Back in the seat, asked again for round 2.
    let prompt_again = ann.expect_containing("round 2: you are Yellow");
    assert_eq!(suggestion(&prompt_again), suggestion(&prompt));

    ann.type_line(&suggestion(&prompt_again));
    ann.expect_containing("committed for round 2");
    ann.play_to_the_end();
    assert!(ann.finish().success(), "{}", ann.transcript());
}

#[test]
fn a_seat_the_server_no_longer_knows_is_a_clear_end_not_a_hang() {
    let first = Server::start(&["--seed", "3"]);
    let proxy = Proxy::to(first.addr);
    let mut ann = Client::vs_bot(&proxy.url(), "ann", "random");
    ann.expect_containing("type your assignment");
    // The server is replaced by one that never saw this room (it keeps its
    // games in another data directory).
    let second = Server::start(&["--seed", "4"]);
    proxy.redirect(second.addr);
    drop(first);
    proxy.cut();
    ann.expect_containing("connection lost");
    let refused = ann.expect_containing("token is not valid");
    assert!(refused.starts_with("mice-cake: "), "{refused}");
    assert_eq!(ann.finish().code(), Some(1), "{}", ann.transcript());
}

#[test]
fn a_bot_cut_off_as_its_game_ends_learns_the_end_when_back_and_exits() {
    let server = Server::start(&["--seed", "9"]);
    let proxy = Proxy::to(server.addr);
    let mut ann = Client::start(&proxy.url(), "ann", &["bot", "--seed", "1", "create"]);
    let code = room_code(&ann.expect_containing("you are Yellow"));
    // Ann's connection fails at the very moment the game ends.
    proxy.cut_before("\"game_over\"");
    let mut bob = Client::start(
        &server.url(),
        "bob",
        &["bot", "--policy", "random", "--seed", "2", "join", &code],
    );
    // While she cannot come back, Bob sees the end and leaves: the room
    // waits for another player, with the result kept.
    let nowhere = std::net::TcpListener::bind("127.0.0.1:0").unwrap();
    proxy.redirect(nowhere.local_addr().unwrap());
    drop(nowhere);
    ann.expect_containing("connection lost");
    bob.expect(|line| line.starts_with("Game over: "));
    assert!(bob.finish().success(), "{}", bob.transcript());
    // Back, Ann learns from the room alone that her game is over, and exits.
    proxy.redirect(server.addr);
    ann.expect_containing("reconnected");
    ann.expect(|line| line.starts_with("Game over: "));
    assert!(ann.finish().success(), "{}", ann.transcript());
}

//! A connection that drops mid-game: the client comes back by itself with
//! its seat token, says so, and the game goes on.

use crate::support::{Client, Proxy, Server, suggestion};

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
    let refused = ann.expect_containing("seat token is not valid");
    assert!(refused.starts_with("mice-cake: "), "{refused}");
    assert_eq!(ann.finish().code(), Some(1), "{}", ann.transcript());
}

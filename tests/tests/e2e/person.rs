//! A person at the plain interface, typing on standard input against a
//! server-side bot: mistakes are explained, the game is played to its end.

use crate::support::{Client, Server, suggestion};

#[test]
fn a_person_types_mistakes_gets_explanations_and_plays_to_the_end() {
    let server = Server::start(&["--seed", "11"]);
    let mut ann = Client::vs_bot(&server.url(), "ann", "greedy");
    let prompt = ann.expect_containing("type your assignment");
    assert!(prompt.starts_with("round 1: you are Yellow, 4 mice to place"));

    // Not an assignment at all.
    ann.type_line("A9 please");
    let explained = ann.expect_containing("cannot read");
    assert!(explained.contains("A9"), "{explained}");

    // Readable, but illegal: every available mouse must be placed.
    ann.type_line(&first_column(&suggestion(&prompt)));
    let refused = ann.expect_containing("cannot be played");
    assert!(
        refused.contains("every available mouse must be placed"),
        "{refused}"
    );
    // Asked again.
    let again = ann.expect_containing("type your assignment");

    // A message sent straight to the server, as a program would: an
    // opening before this player's seal. The server's explanation comes
    // back, and nothing breaks.
    ann.type_line(&format!(
        r#"{{"type":"open","round":1,"assignment":{{"mice":[1,0,0,0]}},"nonce":"{}"}}"#,
        "0".repeat(64)
    ));
    let error = ann.expect_containing("error (");
    assert!(
        error.contains("wrong_phase") && error.contains("once both are sealed"),
        "{error}"
    );
    // Protocol 2's commit is no message any more: said at once, locally.
    ann.type_line(r#"{"type":"commit","round":1,"assignment":{"mice":[1,0,0,0]}}"#);
    ann.expect_containing("not a message: unknown message type \"commit\"");

    // Then play every round with the suggestion.
    ann.type_line(&suggestion(&again));
    ann.expect_containing("committed for round 1");
    ann.play_to_the_end();
    assert!(ann.finish().success(), "{}", ann.transcript());
    let reveals = ann
        .lines()
        .iter()
        .filter(|line| line.starts_with("Round "))
        .count();
    assert!(reveals > 1, "{}", ann.transcript());

    // After the verdict, each player's accuracy, made by the client's own
    // engine: the server's analysis of the same record says the same.
    let record = ann
        .lines()
        .iter()
        .find_map(|line| line.strip_prefix("record: /api/games/"))
        .unwrap_or_else(|| panic!("{}", ann.transcript()))
        .to_owned();
    let told = ann
        .lines()
        .iter()
        .find(|line| line.starts_with("accuracy (rounds without a mistake): "))
        .unwrap_or_else(|| panic!("no accuracy told:\n{}", ann.transcript()))
        .clone();
    let (status, body) = server.get(&format!("/api/games/{record}/analysis"));
    assert_eq!(status, 200, "{body}");
    let analysis: mice_cake_engine::analysis::GameAnalysis = serde_json::from_str(&body).unwrap();
    let expected = format!(
        "accuracy (rounds without a mistake): Yellow (you) {:.0} %, Blue {:.0} %; \
         `mice-cake analyse {record}` tells each round",
        analysis.players.yellow.accuracy, analysis.players.blue.accuracy
    );
    assert_eq!(told, expected);
}

/// `A1` from `A2 C2`: one mouse where the suggestion puts several.
fn first_column(suggestion: &str) -> String {
    let column = suggestion.chars().next().expect("a column");
    format!("{column}1")
}

#[test]
fn a_script_that_ends_its_input_leaves_instead_of_stalling_the_game() {
    let server = Server::start(&["--seed", "12"]);
    let mut ann = Client::vs_bot(&server.url(), "ann", "greedy");
    // Two moves, typed ahead before the game even starts, then the end.
    ann.type_line("A1 B1 C1 D1");
    ann.type_line("A4");
    ann.close_input();
    ann.expect_containing("noted, for when the next round opens");
    ann.expect(|line| {
        line.starts_with("committed for round 1") || line.contains("cannot be played")
    });
    ann.expect_containing("standard input ended with a round to play: leaving the game");
    assert!(ann.finish().success(), "{}", ann.transcript());
}

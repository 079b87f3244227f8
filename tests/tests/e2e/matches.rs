//! Matches through the real binaries: two bots play a match to two wins
//! while a spectator comes in after its first game; every game ends with
//! the score, the match with its winner; `mice-cake verify --match` proves
//! it whole — and refuses it once its list of games is cut, reordered or
//! padded in the server's own database.

use std::path::Path;

use mice_cake_protocol::{FinishedGame, MatchStatus, MatchSummary};

use crate::support::{Client, Server, mice_cake, room_code, text};

/// The match the game of `record_line` (`record: /api/games/ID`) was part
/// of, as the server gives it.
fn match_of(server: &Server, record_line: &str) -> MatchSummary {
    let path = record_line.trim_start_matches("record: ");
    let (status, body) = server.get(path);
    assert_eq!(status, 200, "{body}");
    let game: FinishedGame = serde_json::from_str(&body).unwrap();
    let id = game.match_game.expect("a game of a match says so").id;
    let (status, body) = server.get(&format!("/api/matches/{id}"));
    assert_eq!(status, 200, "{body}");
    serde_json::from_str(&body).unwrap()
}

fn verify_match(state: &Path, server: &Server, id: &str) -> (bool, String) {
    let output = mice_cake(state, &["--server", &server.url(), "verify", "--match", id]);
    let said = format!("{}{}", text(&output.stdout), text(&output.stderr));
    (output.status.success(), said)
}

#[test]
fn a_match_is_played_to_its_wins_watched_midway_and_proven_whole() {
    let data = tempfile::tempdir().unwrap();
    let server = Server::start_in(data.path(), &["--seed", "11"]);
    let url = server.url();
    let mut ann = Client::start(
        &url,
        "ann",
        &[
            "bot",
            "--seed",
            "1",
            "create",
            "--first-to",
            "2",
            "--deadline",
            "0s",
        ],
    );
    let code = room_code(&ann.expect_containing("you are Yellow"));
    let mut bob = Client::start(
        &url,
        "bob",
        &["bot", "--policy", "random", "--seed", "2", "join", &code],
    );
    // Game 1 ends with the score, and the next game's start.
    let first_record = ann.expect(|line| line.starts_with("record: /api/games/"));
    ann.expect_containing("Match, first to 2: ");
    // A spectator comes in after game 1: it is told the score at once, and
    // watches the match to its end.
    let mut eve = Client::start(&url, "eve", &["watch", &code]);
    eve.expect_containing(&format!("watching room {code}"));
    let early = match_of(&server, &first_record);
    assert_eq!(early.first_to, 2);
    assert!(!early.games.is_empty());

    let winner_line = ann.expect_containing("wins the match");
    bob.expect_containing("wins the match");
    eve.expect_containing("wins the match");
    assert!(ann.finish().success(), "{}", ann.transcript());
    assert!(bob.finish().success(), "{}", bob.transcript());
    assert!(eve.finish().success(), "{}", eve.transcript());
    // Each game ended with a line of the score (the names by the seats of
    // that game: they change colour every game).
    let scores = ann
        .lines()
        .iter()
        .filter(|line| line.starts_with("Match, first to 2: "))
        .count();
    let summary = match_of(&server, &first_record);
    assert_eq!(summary.status, MatchStatus::Won);
    assert_eq!(scores, summary.games.len(), "{}", ann.transcript());
    let winner = &summary.players[usize::from(summary.winner.unwrap())];
    assert_eq!(winner.wins, 2);
    assert!(winner_line.contains(&winner.name), "{winner_line}");
    assert_eq!(summary.players[0].name, "ann (greedy bot)");

    // Proven whole by anyone, from the server's answers alone.
    let state = tempfile::tempdir().unwrap();
    let id = summary.id.to_string();
    let (whole, said) = verify_match(state.path(), &server, &id);
    assert!(whole, "{said}");
    assert!(said.starts_with("the match is whole"), "{said}");

    // The server's list of games tampered with where it keeps it.
    drop(server);
    let database = data.path().join("mice-cake.db");
    let tampered = |games: Vec<mice_cake_protocol::GameId>| {
        let changed = MatchSummary {
            games,
            ..summary.clone()
        };
        let connection = rusqlite::Connection::open(&database).unwrap();
        connection
            .execute(
                "UPDATE matches SET summary = ?1 WHERE id = ?2",
                (serde_json::to_string(&changed).unwrap(), &id),
            )
            .unwrap();
    };
    let mut cut = summary.games.clone();
    cut.remove(0);
    let mut reordered = summary.games.clone();
    reordered.reverse();
    let mut padded = summary.games.clone();
    padded.insert(1, summary.games[0]);
    for (how, games) in [("cut", cut), ("reordered", reordered), ("padded", padded)] {
        tampered(games);
        let server = Server::start_in(data.path(), &[]);
        let (whole, said) = verify_match(state.path(), &server, &id);
        assert!(!whole, "{how}: {said}");
        assert!(said.contains("MATCH NOT PROVEN"), "{how}: {said}");
        drop(server);
    }
}

/// A match whose room's node is killed after its first game: another node
/// takes the room over with the score and the chain, and the match is
/// played to its end and proven whole.
#[test]
fn a_match_goes_on_whole_after_its_node_dies_between_two_games() {
    let Some((redis, database)) = crate::cluster::services() else {
        return;
    };
    let mut cluster = crate::cluster::Cluster::start(3, &database.url, &redis.url, "1s");
    let balancer = crate::support::Proxy::balancing(&cluster.addrs());
    let url = balancer.url();
    let mut ann = Client::start(
        &url,
        "ann",
        &[
            "bot",
            "--seed",
            "3",
            "--think",
            "20ms",
            "create",
            "--first-to",
            "2",
            "--deadline",
            "0s",
        ],
    );
    let code = room_code(&ann.expect_containing("you are Yellow"));
    let mut bob = Client::start(
        &url,
        "bob",
        &[
            "bot", "--policy", "random", "--seed", "4", "--think", "20ms", "join", &code,
        ],
    );
    let first_record = ann.expect(|line| line.starts_with("record: /api/games/"));
    ann.expect_containing("Match, first to 2: ");
    cluster.take_owner(0, &code).kill();
    ann.expect_containing("wins the match");
    bob.expect_containing("wins the match");
    assert!(ann.finish().success(), "{}", ann.transcript());
    assert!(bob.finish().success(), "{}", bob.transcript());
    let summary = match_of(&cluster.nodes[0], &first_record);
    assert_eq!(summary.status, MatchStatus::Won, "{summary:?}");
    assert!(summary.games.len() >= 2);
    let state = tempfile::tempdir().unwrap();
    let (whole, said) = verify_match(state.path(), &cluster.nodes[0], &summary.id.to_string());
    assert!(whole, "{said}");
    assert!(
        cluster.logs().contains("room taken over"),
        "{}",
        cluster.logs()
    );
}

//! A cluster of three real server processes on one PostgreSQL database and
//! one Redis (`tests/services.sh` starts both): the players and spectators
//! of one room on three different nodes see the same game as on one.

use crate::support::{Client, Server, TestDatabase, TestRedis, room_code};

/// Three nodes of one cluster, on a database of their own.
struct Cluster {
    nodes: Vec<Server>,
    _database: TestDatabase,
}

impl Cluster {
    fn start(redis: &TestRedis, database: TestDatabase) -> Cluster {
        let nodes = (0..3)
            .map(|_| {
                Server::start(&[
                    "--database",
                    &database.url,
                    "--cluster",
                    &redis.url,
                    "--lease",
                    "1s",
                ])
            })
            .collect();
        Cluster {
            nodes,
            _database: database,
        }
    }
}

#[test]
fn players_and_spectators_on_three_nodes_see_one_game_to_its_end() {
    let (Some(redis), Some(database)) = (TestRedis::create(), TestDatabase::create()) else {
        return;
    };
    let cluster = Cluster::start(&redis, database);
    let [one, two, three] = [0, 1, 2].map(|node| cluster.nodes[node].url());
    let mut ann = Client::start(&one, "ann", &["bot", "--seed", "1", "create"]);
    let code = room_code(&ann.expect_containing("you are Yellow"));
    // Spectators on the two other nodes, one in text, one in JSON.
    let mut eve = Client::start(&three, "eve", &["watch", &code]);
    eve.expect_containing(&format!("watching room {code}"));
    let mut ivy = Client::start(&two, "ivy", &["--json", "watch", &code]);
    ivy.expect_containing("\"joined\"");
    let mut bob = Client::start(
        &two,
        "bob",
        &["bot", "--policy", "random", "--seed", "2", "join", &code],
    );

    let mut ends = Vec::new();
    for client in [&mut ann, &mut bob, &mut eve] {
        let end = client.expect(|line| line.starts_with("Game over: "));
        let record = client.expect(|line| line.starts_with("record: /api/games/"));
        // Each checked the record by itself, fetched from its own node.
        client.expect(|line| line.starts_with("verified fair: "));
        assert!(client.finish().success(), "{}", client.transcript());
        ends.push((end, record));
    }
    assert_eq!(ends[0], ends[1], "both players see the same end");
    assert_eq!(ends[0], ends[2], "the spectator sees the same end");
    ivy.expect_containing("\"game_over\"");
    assert!(ivy.finish().success(), "{}", ivy.transcript());
}

//! A cluster whose Redis goes away while games are played across nodes:
//! each room's joiner and spectator are on nodes other than the room's, so
//! that everything they do crosses Redis. Redis restarted empty, or away
//! for ten seconds: every game ends as the rules end it, nobody is refused
//! their seat or forfeits, and no living node's room is taken over.
//!
//! And what a player's node keeps from Redis: an opening sent before both
//! seals are in is refused there, and never crosses it.

use std::net::SocketAddr;
use std::thread;
use std::time::Duration;

use mice_cake_protocol::{ClientMessage, ErrorCode, ServerMessage};

use crate::cluster::Cluster;
use crate::raw::Raw;
use crate::support::{
    Client, OwnService, Proxy, RedisMonitor, Server, TestDatabase, TestRedis, ends_verified,
    room_code,
};

/// Rooms played at once, one created on each node in turn.
const ROOMS: usize = 3;

#[test]
fn games_across_nodes_end_as_the_rules_end_them_when_redis_restarts_empty() {
    // Leases long enough that the nodes take Redis for answering all
    // through its restart: a node that looked for dead ones before it
    // renewed its own lease would find every lease gone.
    games_go_on_while_redis_goes_away(Duration::ZERO, "3s");
}

#[test]
fn games_across_nodes_end_as_the_rules_end_them_when_redis_is_away_ten_seconds() {
    games_go_on_while_redis_goes_away(Duration::from_secs(10), "1s");
}

/// Three nodes; in each room Yellow (a bot) is on the room's node, Blue (a
/// bot) on the next and a spectator on the third. Once every room has
/// played a round, Redis stops, stays away for `away`, and comes back
/// empty. Leases last `lease`.
fn games_go_on_while_redis_goes_away(away: Duration, lease: &str) {
    let (Some(redis), Some(database)) = (OwnService::redis(), TestDatabase::create()) else {
        return;
    };
    let cluster = Cluster::start(3, &database.url, &redis.url, lease);
    let mut rooms: Vec<[Client; 3]> = (0..ROOMS)
        .map(|room| {
            let node = room % 3;
            let seed = room.to_string();
            let bot = ["bot", "--think", "200ms", "--seed", seed.as_str()];
            let mut ann = Client::start(
                &cluster.url(node),
                &format!("ann{room}"),
                &[&bot[..], &["create"]].concat(),
            );
            let code = room_code(&ann.expect_containing("you are Yellow"));
            let bob = Client::start(
                &cluster.url((node + 1) % 3),
                &format!("bob{room}"),
                &[&bot[..], &["--policy", "random", "join", &code]].concat(),
            );
            let eve = Client::start(
                &cluster.url((node + 2) % 3),
                &format!("eve{room}"),
                &["watch", &code],
            );
            [ann, bob, eve]
        })
        .collect();
    for [ann, bob, _] in &mut rooms {
        for player in [ann, bob] {
            player.expect(|line| line.starts_with("Round 1:"));
        }
    }
    redis.stop();
    thread::sleep(away);
    redis.start_again();

    let mut everyone: Vec<&mut Client> = rooms.iter_mut().flatten().collect();
    for (end, _) in ends_verified(&mut everyone) {
        let by_the_rules = [
            "(the cake is gone)",
            "(no mouse can move)",
            "(the stall limit was reached)",
        ];
        assert!(
            by_the_rules.iter().any(|reason| end.ends_with(reason)),
            "a game that ended otherwise than by the rules: {end}"
        );
    }
    for client in rooms.iter().flatten() {
        let transcript = client.transcript();
        assert!(
            !transcript.contains("bad_token") && !transcript.contains("not valid"),
            "a seat refused:\n{transcript}"
        );
        assert!(
            !transcript.contains("missed the deadline"),
            "the server moved for an absent player:\n{transcript}"
        );
    }
    let logs = cluster.logs();
    for taken in ["room taken over", "this copy stops"] {
        assert!(
            !logs.contains(taken),
            "a living node's room was taken over:\n{logs}"
        );
    }
}

/// Redis loses its data (flushed, as a restart without persistence does)
/// while a bot game runs on one node, and at once another node is asked
/// for the room again and again, which sends it looking for dead nodes
/// (the room's node's lease is gone with the data): it renews its own
/// lease first, learns that Redis lost its data, and takes nothing over.
#[test]
fn a_node_asked_for_a_room_just_after_redis_lost_its_data_does_not_take_it() {
    let (Some(redis), Some(database)) = (TestRedis::create(), TestDatabase::create()) else {
        return;
    };
    let cluster = Cluster::start(2, &database.url, &redis.url, "1s");
    let bot = ["bot", "--think", "100ms"];
    let mut ann = Client::start(&cluster.url(0), "ann", &[&bot[..], &["create"]].concat());
    let code = room_code(&ann.expect_containing("you are Yellow"));
    let mut bob = Client::start(
        &cluster.url(0),
        "bob",
        &[&bot[..], &["join", &code]].concat(),
    );
    ann.expect(|line| line.starts_with("Round 1:"));
    let flushed = std::process::Command::new("redis-cli")
        .args(["-u", &redis.url, "FLUSHDB"])
        .output()
        .expect("redis-cli runs");
    assert!(flushed.status.success(), "{flushed:?}");
    for _ in 0..50 {
        cluster.nodes[1].get(&format!("/api/rooms/{code}"));
    }
    ends_verified(&mut [&mut ann, &mut bob]);
    let logs = cluster.logs();
    assert!(
        !logs.contains("room taken over"),
        "a living node's room was taken over:\n{logs}"
    );
}

/// Node A, which runs the room and Yellow's connection, is cut off from
/// Redis (not from the database) for three of its one-second leases, with
/// Yellow's move sealed and Blue, on node B, asked for his: B takes the
/// room over, and A, told nothing (its subscription was cut), finds out
/// once Redis answers again, stops its copy and sends Yellow to B, where
/// the round is revealed with her move and the game ends.
#[test]
fn a_copy_taken_over_while_cut_off_from_redis_sends_its_players_to_the_room() {
    let (Some(redis), Some(database)) = (TestRedis::create(), TestDatabase::create()) else {
        return;
    };
    let (address, number) = redis
        .url
        .trim_start_matches("redis://")
        .split_once('/')
        .expect("redis://HOST:PORT/NUMBER");
    let redis_addr: SocketAddr = address.parse().unwrap();
    let link = Proxy::to(redis_addr);
    let through_link = format!("redis://{}/{number}", link.addr);
    let node = |redis: &str| {
        Server::start(&[
            "--database",
            &database.url,
            "--cluster",
            redis,
            "--lease",
            "1s",
        ])
    };
    let node_a = node(&through_link);
    let node_b = node(&redis.url);
    let committed = crate::cluster::ann_committed_bob_asked(&node_a.url(), &node_b.url());

    // Nowhere to go: a port nobody listens on.
    let nowhere = std::net::TcpListener::bind("127.0.0.1:0").unwrap();
    let nowhere_addr = nowhere.local_addr().unwrap();
    drop(nowhere);
    link.redirect(nowhere_addr);
    link.cut();
    let give_up = std::time::Instant::now() + Duration::from_secs(20);
    while !node_b.log().contains("room taken over") {
        assert!(std::time::Instant::now() < give_up, "{}", node_b.log());
        thread::sleep(Duration::from_millis(50));
    }
    link.redirect(redis_addr);
    crate::cluster::bob_answers_and_both_finish(
        committed.ann,
        committed.bob,
        &committed.ann_round_1,
        &node_b.url(),
    );
    assert!(
        node_a.log().contains("another node took this room over"),
        "{}",
        node_a.log()
    );
}

/// Blue, on a node other than the room's, opens the deal's exchange before
/// sealing (so before both seals are in): its node refuses it as the room
/// would, and the nonce never crosses Redis.
#[test]
fn an_opening_sent_before_both_seals_never_crosses_redis() {
    let (Some(redis), Some(database)) = (TestRedis::create(), TestDatabase::create()) else {
        return;
    };
    let cluster = Cluster::start(2, &database.url, &redis.url, "1s");
    let monitor = RedisMonitor::start(&redis.url);
    let mut ann = Client::start(
        &cluster.url(0),
        "ann",
        &["--plain", "create", "--deadline", "0s"],
    );
    let code = room_code(&ann.expect_containing("you are Yellow"));
    let mut bob = Raw::connect(&cluster.url(1), "bob");
    bob.send(&ClientMessage::JoinRoom {
        code: code.parse().unwrap(),
        key: None,
        bot_declaration: None,
        key_proof: None,
    });
    bob.until(|message| matches!(message, ServerMessage::Joined { .. }));
    let nonce = "5eed".repeat(16);
    bob.send(&ClientMessage::Open {
        round: 0,
        assignment: None,
        nonce: serde_json::from_value(serde_json::json!(nonce)).unwrap(),
    });
    let refused = bob.until(|message| matches!(message, ServerMessage::Error { .. }));
    let ServerMessage::Error { code, message, .. } = refused else {
        unreachable!()
    };
    assert_eq!(code, ErrorCode::WrongPhase, "{message}");
    // Bob's next message crosses Redis after the opening would have.
    bob.send(&ClientMessage::Chat {
        text: "after".into(),
    });
    bob.until(|message| matches!(message, ServerMessage::Chat { .. }));
    let commands = monitor.lines_until("after");
    assert!(
        !commands.iter().any(|line| line.contains(&nonce)),
        "the opening crossed Redis"
    );
}

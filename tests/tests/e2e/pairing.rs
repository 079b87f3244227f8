//! Quick pairing across a cluster of real server processes: seekers on two
//! nodes are paired once, in one rated room, and play it out; a seeker
//! whose node is killed comes back through the balancer, seeks again and
//! is paired, and nobody is paired with the seek the dead node left
//! behind; a rated game whose node is killed with SIGKILL as the game ends
//! moves each rating once; a seeker paired with one whose node stopped is
//! told the pairing is called off, seeks on, and plays; a pairing whose
//! node dies before its room is stored is called off for both, who play.

use std::thread;
use std::time::{Duration, Instant};

use mice_cake_engine::Seat;
use mice_cake_protocol::{
    ClientMessage, ErrorCode, FinishedGame, PlayerProfile, RoomCode, ServerMessage,
};

use crate::cluster::Cluster;
use crate::raw::Raw;
use crate::support::{
    Client, Proxy, RedisMonitor, TestDatabase, TestRedis, psql, psql_value, room_code, suggestion,
};

fn services() -> Option<(TestRedis, TestDatabase)> {
    Some((TestRedis::create()?, TestDatabase::create()?))
}

/// A bot that seeks a standard game and never takes the server's bot.
fn seeker(url: &str, name: &str, seed: &str) -> Client {
    Client::start(
        url,
        name,
        &[
            "bot",
            "--seed",
            seed,
            "play",
            "--pool",
            "standard",
            "--bot-after",
            "0s",
        ],
    )
}

/// The room a seeker was paired into, and with whom.
fn paired(client: &mut Client) -> (String, String) {
    let line = client.expect_containing("paired with ");
    let opponent = line
        .split("paired with ")
        .nth(1)
        .and_then(|rest| rest.split(" (").next())
        .unwrap_or_default()
        .to_owned();
    let room = line
        .split("in room ")
        .nth(1)
        .map(|rest| rest.chars().take(5).collect())
        .unwrap_or_default();
    (room, opponent)
}

/// The id of the game a client saw end.
fn record_id(client: &mut Client) -> String {
    let line = client.expect_containing("record: /api/games/");
    line.rsplit('/')
        .next()
        .unwrap_or_default()
        .trim()
        .to_owned()
}

#[test]
fn seekers_on_two_nodes_are_paired_once_and_play_a_rated_game() {
    let Some((redis, database)) = services() else {
        return;
    };
    let cluster = Cluster::start(3, &database.url, &redis.url, "1s");
    let mut ann = seeker(&cluster.url(0), "ann", "1");
    let mut bob = seeker(&cluster.url(2), "bob", "2");
    let (ann_room, ann_opponent) = paired(&mut ann);
    let (bob_room, bob_opponent) = paired(&mut bob);
    assert_eq!(ann_room, bob_room, "one room for the pair");
    assert!(ann_opponent.starts_with("bob") && bob_opponent.starts_with("ann"));
    let id = record_id(&mut ann);
    assert_eq!(record_id(&mut bob), id);
    for client in [&mut ann, &mut bob] {
        assert!(client.finish().success(), "{}", client.transcript());
        assert_eq!(
            client.transcript().matches("paired with").count(),
            1,
            "paired once: {}",
            client.transcript()
        );
    }
    let (status, body) = cluster.nodes[1].get(&format!("/api/games/{id}"));
    assert_eq!(status, 200, "{body}");
    let game: FinishedGame = serde_json::from_str(&body).unwrap();
    let rated = game.rated.expect("a paired game is rated");
    assert!(rated.ratings.is_some(), "rated in the store");
}

#[test]
fn a_seeker_whose_node_dies_seeks_again_and_nobody_meets_the_seek_left_behind() {
    let Some((redis, database)) = services() else {
        return;
    };
    let mut cluster = Cluster::start(3, &database.url, &redis.url, "2s");
    let doomed = cluster.nodes[1].addr;
    let proxy = Proxy::to(doomed);
    let mut ann = seeker(&proxy.url(), "ann", "1");
    ann.expect_containing("looking for an opponent");
    // Node 1 dies with Ann's seek in the queue; the balancer now sends her
    // to node 2, where her client seeks again by itself.
    cluster.nodes.remove(1).kill();
    proxy.redirect(cluster.nodes[1].addr);
    ann.expect_containing("reconnected");
    // Two newcomers while the dead node's lease runs out: each is paired
    // with a live seeker, never with the seek node 1 left behind.
    thread::sleep(Duration::from_secs(1));
    let mut bob = seeker(&cluster.url(0), "bob", "2");
    let (bob_room, bob_opponent) = paired(&mut bob);
    let (ann_room, ann_opponent) = paired(&mut ann);
    assert_eq!(bob_room, ann_room, "{}", bob.transcript());
    assert!(bob_opponent.starts_with("ann") && ann_opponent.starts_with("bob"));
    let id = record_id(&mut bob);
    assert_eq!(record_id(&mut ann), id);
    let mut cy = seeker(&cluster.url(1), "cy", "3");
    let mut dee = seeker(&cluster.url(0), "dee", "4");
    let (cy_room, _) = paired(&mut cy);
    let (dee_room, _) = paired(&mut dee);
    assert_eq!(cy_room, dee_room);
    assert_eq!(record_id(&mut cy), record_id(&mut dee));
    for client in [&mut ann, &mut bob, &mut cy, &mut dee] {
        assert!(client.finish().success(), "{}", client.transcript());
    }
}

#[test]
fn a_rated_game_whose_node_is_killed_as_it_ends_is_rated_once() {
    let Some((redis, database)) = services() else {
        return;
    };
    let mut cluster = Cluster::start_with(
        3,
        &database.url,
        &redis.url,
        "1s",
        "info",
        &["--disconnect-grace", "2s"],
    );
    // The balancer sends Ann to node 0, where her room runs, and Bob to
    // node 1.
    let balancer = Proxy::balancing(&cluster.addrs());
    let url = balancer.url();
    let mut ann = Client::start(
        &url,
        "ann",
        &["--plain", "create", "--rated", "--deadline", "0s"],
    );
    let code = room_code(&ann.expect_containing("you are Yellow"));
    let mut bob = Client::start(&url, "bob", &["--plain", "join", &code]);
    // Two moves each: the game counts.
    for round in 1..=2 {
        for (client, seat) in [(&mut ann, "Yellow"), (&mut bob, "Blue")] {
            let prompt = client.expect_containing(&format!("round {round}: you are {seat}"));
            client.type_line(&suggestion(&prompt));
        }
        ann.expect(|line| line.starts_with(&format!("Round {round}:")));
    }
    // Bob leaves, which ends the game by forfeit, and the room's node dies
    // that instant: the end is stored with its ratings, or not at all and
    // played again by the node that takes the room over (Bob, gone, then
    // forfeits after his grace).
    bob.type_line("quit");
    cluster.nodes.remove(0).kill();
    let over = ann.expect(|line| line.starts_with("Game over: "));
    assert!(over.contains("Yellow wins"), "{over}");
    let line = ann.expect_containing("record: /api/games/");
    let id = line
        .rsplit('/')
        .next()
        .unwrap_or_default()
        .trim()
        .to_owned();
    let (status, body) = cluster.nodes[0].get(&format!("/api/games/{id}"));
    assert_eq!(status, 200, "{body}");
    let game: FinishedGame = serde_json::from_str(&body).unwrap();
    let rated = game.rated.expect("rated");
    for seat in [Seat::Yellow, Seat::Blue] {
        let (status, body) = cluster.nodes[1].get(&format!("/api/players/{}", rated.keys[seat]));
        assert_eq!(status, 200, "{body}");
        let page: PlayerProfile = serde_json::from_str(&body).unwrap();
        let standard = &page.ratings[0];
        assert_eq!(standard.rating.games, 1, "rated once: {page:?}");
        assert_eq!(standard.history.len(), 1, "{page:?}");
        assert_eq!(page.recent.len(), 1, "{page:?}");
        let (won, lost) = if seat == Seat::Yellow { (1, 0) } else { (0, 1) };
        assert_eq!((standard.wins, standard.losses), (won, lost));
    }
    let _ = bob.finish();
    assert!(ann.finish().success() || !ann.transcript().is_empty());
}

/// This node's name, as its `/healthz` says.
fn node_name(node: &crate::support::Server) -> String {
    let (status, body) = node.get("/healthz");
    assert_eq!(status, 200, "{body}");
    let health: serde_json::Value = serde_json::from_str(&body).unwrap();
    health["node"].as_str().expect("a node's name").to_owned()
}

/// The node that pairs the cluster's seekers now.
fn pairing_node(redis: &TestRedis, cluster: &Cluster) -> usize {
    let names: Vec<String> = cluster.nodes.iter().map(node_name).collect();
    let give_up = Instant::now() + Duration::from_secs(10);
    loop {
        let leader = std::process::Command::new("redis-cli")
            .args(["-u", &redis.url, "GET", "mice-cake:pairing:leader"])
            .output()
            .expect("redis-cli runs");
        let leader = String::from_utf8_lossy(&leader.stdout).trim().to_owned();
        if let Some(node) = names.iter().position(|name| *name == leader) {
            return node;
        }
        assert!(Instant::now() < give_up, "no pairing node");
        thread::sleep(Duration::from_millis(50));
    }
}

/// As found: a seeker is paired with one whose node has stopped (paused
/// here, then killed), so that the other never comes. The room made for
/// them calls the pairing off after `--pairing-arrival`: the one who came
/// is told, seeks on at the head of the queue, and is paired again — with
/// the same player, who came back through the balancer once their node
/// died and sought again — and they play. Nobody sat alone in a rated
/// room, and the room called off is gone from the listing.
#[test]
fn a_seeker_paired_with_one_whose_node_dies_seeks_on_and_plays() {
    let Some((redis, database)) = services() else {
        return;
    };
    // Long leases: the stopped node's seeker is still in the queue, its
    // node not yet quiet, when the pairing is made.
    let mut cluster = Cluster::start_with(
        3,
        &database.url,
        &redis.url,
        "6s",
        "info",
        &["--pairing-arrival", "3s"],
    );
    let leader = pairing_node(&redis, &cluster);
    let doomed = (leader + 1) % 3;
    let live = (leader + 2) % 3;
    let proxy = Proxy::to(cluster.nodes[doomed].addr);
    let mut cy = seeker(&proxy.url(), "cy", "3");
    cy.expect_containing("looking for an opponent");
    // Cy's node stops as Ann seeks: the pairing is made, and its notice
    // never reaches Cy.
    cluster.nodes[doomed].pause();
    let mut ann = seeker(&cluster.url(live), "ann", "1");
    let (first_room, opponent) = paired(&mut ann);
    assert!(opponent.starts_with("cy"), "{}", ann.transcript());
    let called_off = ann.expect_containing("pairing called off");
    assert!(
        called_off.contains(&format!("room {first_room} closed"))
            && called_off.contains("head of the queue"),
        "{called_off}"
    );
    ann.expect_containing("looking for an opponent");
    // Cy's node dies; the balancer sends Cy to a live node, where Cy's
    // client seeks again by itself, and meets Ann.
    // Killed while still paused (SIGKILL ends a stopped process): let go
    // first, it could hand Cy the notice in the instant before it dies.
    let dead = cluster.nodes.remove(doomed);
    dead.kill();
    let survivor = cluster.nodes[0].addr;
    proxy.redirect(survivor);
    let (ann_room, ann_opponent) = paired(&mut ann);
    let (cy_room, cy_opponent) = paired(&mut cy);
    assert_eq!(ann_room, cy_room);
    assert_ne!(ann_room, first_room);
    assert!(ann_opponent.starts_with("cy") && cy_opponent.starts_with("ann"));
    let id = record_id(&mut ann);
    assert_eq!(record_id(&mut cy), id);
    for client in [&mut ann, &mut cy] {
        assert!(client.finish().success(), "{}", client.transcript());
    }
    assert_eq!(
        cy.transcript().matches("paired with").count(),
        1,
        "Cy never heard of the pairing called off: {}",
        cy.transcript()
    );
    for node in &cluster.nodes {
        let (status, body) = node.get(&format!("/api/rooms/{first_room}"));
        assert_eq!(status, 404, "the room called off is gone: {body}");
    }
}

/// The new-keys limit is the cluster's, not each node's: with one new key
/// an hour per address, a second new key from the same address is refused
/// on another node than the first's.
#[test]
fn new_keys_from_one_address_are_counted_across_the_nodes() {
    let Some((redis, database)) = services() else {
        return;
    };
    let cluster = Cluster::start_with(
        2,
        &database.url,
        &redis.url,
        "2s",
        "info",
        &["--new-rated-keys-per-hour", "1"],
    );
    // People: a bot's key is kept as one as it sits, so it is no newcomer.
    let person = |node: usize, name: &str| {
        Client::start(
            &cluster.url(node),
            name,
            &["--plain", "play", "--pool", "standard", "--bot-after", "0s"],
        )
    };
    let mut ann = person(0, "ann");
    ann.expect_containing("looking for an opponent");
    let mut bob = person(1, "bob");
    let refused = bob.expect_containing("new keys into rated play");
    assert!(refused.contains("in the last hour"), "{refused}");
    assert_eq!(bob.finish().code(), Some(1), "{}", bob.transcript());
}

/// Makes every first write of a room to the database hang (a trigger that
/// sleeps), as a node killed within a millisecond of making a room never
/// stored it.
const HANG_ROOM_WRITES: &str = "
    CREATE FUNCTION hang_room_write() RETURNS trigger AS $$
    BEGIN PERFORM pg_sleep(600); RETURN NEW; END $$ LANGUAGE plpgsql;
    CREATE TRIGGER hang_room_write BEFORE INSERT ON rooms
    FOR EACH ROW EXECUTE FUNCTION hang_room_write();";

/// The write left hanging is let go, and writes are no longer held.
/// (The hanging write goes first: it holds the lock dropping the trigger
/// waits for.)
const LET_ROOM_WRITES_GO: &str = "
    SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE wait_event = 'PgSleep';
    DROP TRIGGER hang_room_write ON rooms;";

/// As found (issue 60): the pairing node makes a pair's room and dies
/// before the room is stored (its first write hangs here, and the node is
/// killed). Ann, told `paired` on the other node, loses her way to the
/// room with the node, comes back and asks for her seat there: she is told
/// the room is gone once the takeover has called it off, and seeks again
/// (before, she was told `unavailable` for as long as she tried, Redis
/// naming the dead node as the room's for good). Anyone asking later is
/// told the same, the room's entry leaves Redis, and Ann and Cy (whose
/// connection was on the dead node) are paired again and play.
#[test]
fn a_pairing_whose_node_dies_before_its_room_is_stored_is_called_off_and_both_play() {
    let Some((redis, database)) = services() else {
        return;
    };
    let mut cluster = Cluster::start_with(
        2,
        &database.url,
        &redis.url,
        "2s",
        "info",
        &["--pairing-arrival", "3s"],
    );
    let leader = pairing_node(&redis, &cluster);
    let other = 1 - leader;
    assert!(psql(&database.url, HANG_ROOM_WRITES));
    let proxy = Proxy::to(cluster.nodes[leader].addr);
    let mut cy = seeker(&proxy.url(), "cy", "3");
    cy.expect_containing("looking for an opponent");
    let mut ann = seeker(&cluster.url(other), "ann", "1");
    let give_up = Instant::now() + Duration::from_secs(30);
    while psql_value(
        &database.url,
        "SELECT count(*) FROM pg_stat_activity WHERE wait_event = 'PgSleep'",
    ) == "0"
    {
        assert!(Instant::now() < give_up, "the pair's room never wrote");
        thread::sleep(Duration::from_millis(20));
    }
    let monitor = RedisMonitor::start(&redis.url);
    cluster.nodes.remove(leader).kill();
    assert!(psql(&database.url, LET_ROOM_WRITES_GO));
    proxy.redirect(cluster.nodes[0].addr);
    let (first_room, opponent) = paired(&mut ann);
    assert!(opponent.starts_with("cy"), "{}", ann.transcript());
    // The seat a `paired` named is asked for, as a client back from its
    // node's death asks: the room is gone, not out of reach for good.
    let code: RoomCode = first_room.parse().unwrap();
    let answer = loop {
        let mut asking = Raw::connect(&cluster.url(0), "dee");
        asking.send(&ClientMessage::JoinRoom {
            code,
            key: None,
            bot_declaration: None,
            key_proof: None,
        });
        let answer = asking.until(|message| {
            matches!(
                message,
                ServerMessage::Error { .. } | ServerMessage::Joined { .. }
            )
        });
        match answer {
            ServerMessage::Error {
                code: ErrorCode::Unavailable,
                ..
            } if Instant::now() < give_up + Duration::from_secs(30) => {
                thread::sleep(Duration::from_millis(500));
            }
            answer => break answer,
        }
    };
    assert!(
        matches!(
            answer,
            ServerMessage::Error {
                code: ErrorCode::UnknownRoom,
                ..
            }
        ),
        "{answer:?}"
    );
    let (ann_room, ann_opponent) = paired(&mut ann);
    let (cy_room, cy_opponent) = paired(&mut cy);
    assert_eq!(ann_room, cy_room);
    assert_ne!(ann_room, first_room);
    assert!(ann_opponent.starts_with("cy") && cy_opponent.starts_with("ann"));
    let id = record_id(&mut ann);
    assert_eq!(record_id(&mut cy), id);
    for client in [&mut ann, &mut cy] {
        assert!(client.finish().success(), "{}", client.transcript());
    }
    // The takeover kept both seekers' places in the queue, and their next
    // seeks took them back.
    let commands = monitor.lines();
    let kept: Vec<&str> = commands
        .iter()
        .filter(|line| line.contains("\"SET\" \"mice-cake:pairing:kept:"))
        .filter_map(|line| line.split('"').nth(3))
        .collect();
    assert_eq!(kept.len(), 2, "{commands:#?}");
    for place in kept {
        assert!(
            commands
                .iter()
                .any(|line| line.contains(&format!("\"GETDEL\" \"{place}\""))),
            "{place} was never taken back: {commands:#?}"
        );
    }
    let entry = std::process::Command::new("redis-cli")
        .args([
            "-u",
            &redis.url,
            "EXISTS",
            &format!("mice-cake:room:{first_room}"),
        ])
        .output()
        .expect("redis-cli runs");
    assert_eq!(
        String::from_utf8_lossy(&entry.stdout).trim(),
        "0",
        "the dead node's entry for the room called off is gone"
    );
}

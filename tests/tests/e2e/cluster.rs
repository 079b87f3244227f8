//! A cluster of real server processes on one PostgreSQL database and one
//! Redis (`tests/services.sh` starts both): the players and spectators of
//! one room on three different nodes see the same game as on one, and no
//! frame tells anyone what they may not know; a node killed with SIGKILL
//! mid-round, one commit held, loses nothing (another takes its rooms over
//! when its lease runs out); a node stopped with SIGTERM hands its rooms
//! over at once; the race for a room's last seat has one winner across
//! nodes; Redis restarted, or PostgreSQL stopped and started, mid-game,
//! pauses the game and loses nothing; an unreachable Redis or database stops
//! a node at start-up with a clear error.

use std::net::SocketAddr;
use std::thread;
use std::time::{Duration, Instant};

use mice_cake_engine::{PlayerSecret, Seat};
use mice_cake_protocol::api::KeyChallengeIssued;
use mice_cake_protocol::{FinishedGame, KeyProof, RoomEvent, ServerMessage};

use crate::leaks::{Known, check_frames, check_log};
use crate::support::{
    Client, OwnService, Proxy, RedisMonitor, Server, TestDatabase, TestRedis,
    bobs_move_waits_for_postgresql, both_finish_and_the_record_replays, ends_verified, room_code,
    suggestion,
};

/// Nodes of one cluster.
pub(crate) struct Cluster {
    pub(crate) nodes: Vec<Server>,
}

impl Cluster {
    /// `count` nodes on the `database` and `redis` at these URLs, with
    /// leases of `lease`.
    pub(crate) fn start(count: usize, database: &str, redis: &str, lease: &str) -> Cluster {
        Cluster::start_logging(count, database, redis, lease, "info")
    }

    /// [`Cluster::start`], each node logging what `rust_log` asks.
    pub(crate) fn start_logging(
        count: usize,
        database: &str,
        redis: &str,
        lease: &str,
        rust_log: &str,
    ) -> Cluster {
        Cluster::start_with(count, database, redis, lease, rust_log, &[])
    }

    /// [`Cluster::start_logging`], each node given `more` flags too.
    pub(crate) fn start_with(
        count: usize,
        database: &str,
        redis: &str,
        lease: &str,
        rust_log: &str,
        more: &[&str],
    ) -> Cluster {
        let mut flags = vec!["--database", database, "--cluster", redis, "--lease", lease];
        flags.extend_from_slice(more);
        Cluster {
            nodes: (0..count)
                .map(|_| Server::start_logging(rust_log, &flags))
                .collect(),
        }
    }

    /// Node `node`'s process, taken out of the cluster, after checking
    /// that it runs room `code` (the balancer sends the first connection to
    /// node 0, and a room runs where it was created).
    pub(crate) fn take_owner(&mut self, node: usize, code: &str) -> Server {
        let log = self.nodes[node].log();
        assert!(log.contains(&format!("room created room={code}")), "{log}");
        self.nodes.remove(node)
    }

    pub(crate) fn url(&self, node: usize) -> String {
        self.nodes[node].url()
    }

    pub(crate) fn addrs(&self) -> Vec<SocketAddr> {
        self.nodes.iter().map(|node| node.addr).collect()
    }

    /// Every node's log so far.
    pub(crate) fn logs(&self) -> String {
        self.nodes
            .iter()
            .map(Server::log)
            .collect::<Vec<_>>()
            .join("\n")
    }
}

/// The shared Redis and a database of the test's own, or `None` (skipped).
pub(crate) fn services() -> Option<(TestRedis, TestDatabase)> {
    Some((TestRedis::create()?, TestDatabase::create()?))
}

/// Ann creates a room (no deadline) at `ann_url`; Bob joins it at
/// `bob_url`. Ann has committed round 1 and Bob is asked for it.
pub(crate) struct AnnCommitted {
    pub(crate) ann: Client,
    pub(crate) bob: Client,
    pub(crate) code: String,
    pub(crate) ann_round_1: String,
    pub(crate) bob_prompt: String,
}

pub(crate) fn ann_committed_bob_asked(ann_url: &str, bob_url: &str) -> AnnCommitted {
    let mut ann = Client::start(ann_url, "ann", &["--plain", "create", "--deadline", "0s"]);
    let code = room_code(&ann.expect_containing("you are Yellow"));
    let mut bob = Client::start(bob_url, "bob", &["--plain", "join", &code]);
    let prompt = ann.expect_containing("round 1: you are Yellow");
    let ann_round_1 = suggestion(&prompt);
    ann.type_line(&ann_round_1);
    ann.expect_containing("committed for round 1");
    let bob_prompt = bob.expect_containing("round 1: you are Blue");
    AnnCommitted {
        ann,
        bob,
        code,
        ann_round_1,
        bob_prompt,
    }
}

/// Bob, reconnected, answers round 1, asked again; the reveal holds what
/// Ann committed before; both play to the end, and the record, fetched at
/// `url`, replays to it.
pub(crate) fn bob_answers_and_both_finish(
    mut ann: Client,
    mut bob: Client,
    ann_round_1: &str,
    url: &str,
) {
    bob.expect_containing("reconnected");
    let prompt = bob.expect_containing("round 1: you are Blue");
    bob.type_line(&suggestion(&prompt));
    let reveal = ann.expect(|line| line.starts_with("Round 1:"));
    assert!(
        reveal.starts_with(&format!("Round 1: Yellow {ann_round_1} — Blue ")),
        "{reveal}"
    );
    both_finish_and_the_record_replays(&mut ann, &mut bob, url);
}

#[test]
fn players_and_spectators_on_three_nodes_see_one_game_to_its_end() {
    let Some((redis, database)) = services() else {
        return;
    };
    let cluster = Cluster::start(3, &database.url, &redis.url, "1s");
    for node in &cluster.nodes {
        let (status, health) = node.get("/healthz");
        assert_eq!(status, 200, "{health}");
        assert!(
            health.contains(r#""database":"ok","redis":"ok""#),
            "{health}"
        );
    }
    let [one, two, three] = [0, 1, 2].map(|node| cluster.url(node));
    let mut ann = Client::start(&one, "ann", &["bot", "--seed", "1", "create"]);
    let code = room_code(&ann.expect_containing("you are Yellow"));
    // Every node tells the room by its code (in any case), wherever it runs.
    for node in &cluster.nodes {
        let summary = summary_once_told(node, &code.to_ascii_lowercase(), r#""yellow":"ann"#);
        assert!(summary.contains(r#""yellow":"ann"#), "{summary}");
    }
    // A private room too: its code is the invitation.
    let mut zoe = Client::start(&one, "zoe", &["--plain", "create", "--private"]);
    let private = room_code(&zoe.expect_containing("you are Yellow"));
    let summary = summary_once_told(&cluster.nodes[2], &private, r#""yellow":"zoe""#);
    assert!(summary.contains(r#""yellow":"zoe""#), "{summary}");
    assert!(summary.contains(r#""public":false"#), "{summary}");
    let (status, body) = cluster.nodes[1].get("/api/rooms/ZZZZZ");
    assert_eq!(status, 404, "{body}");
    assert!(body.contains("unknown_room"), "{body}");
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

    // Each checks the record by itself, fetched from its own node.
    let ends = ends_verified(&mut [&mut ann, &mut bob, &mut eve]);
    assert_eq!(ends[0], ends[1], "both players see the same end");
    assert_eq!(ends[0], ends[2], "the spectator sees the same end");
    ivy.expect_containing("\"game_over\"");
    assert!(ivy.finish().success(), "{}", ivy.transcript());
}

/// `GET /api/rooms/{code}` at `node`, once the room's summary has reached
/// it (its node publishes it through Redis) saying `wanted` (or ten
/// seconds have passed): the body.
fn summary_once_told(node: &Server, code: &str, wanted: &str) -> String {
    // The room as created (nobody seated) may come first.
    let deadline = Instant::now() + Duration::from_secs(10);
    loop {
        let (status, body) = node.get(&format!("/api/rooms/{code}"));
        if status == 200 && (body.contains(wanted) || Instant::now() >= deadline) {
            return body;
        }
        assert!(
            (status == 200 || status == 503) && Instant::now() < deadline,
            "{status}: {body}"
        );
        thread::sleep(Duration::from_millis(50));
    }
}

/// The server's messages among a `--json` client's lines (the others are
/// the client's own notes).
fn frames_of(client: &Client) -> Vec<String> {
    client
        .lines()
        .iter()
        .filter(|line| serde_json::from_str::<ServerMessage>(line).is_ok())
        .cloned()
        .collect()
}

/// The seat a `--json` client was given, from its `joined`.
fn seat_of(frames: &[String]) -> Option<Seat> {
    frames.iter().find_map(
        |frame| match serde_json::from_str::<ServerMessage>(frame).ok()? {
            ServerMessage::Joined { seat, .. } => Some(seat),
            _ => None,
        },
    )?
}

/// The game a `--json` client saw end, by its record's id.
fn game_over_id(frames: &[String]) -> String {
    frames
        .iter()
        .find_map(|frame| {
            let ServerMessage::Event { event, .. } = serde_json::from_str(frame).ok()? else {
                return None;
            };
            match *event {
                RoomEvent::GameOver { game_id, .. } => game_id.map(|id| id.to_string()),
                _ => None,
            }
        })
        .expect("a game over with a record")
}

/// The seat token a `--json` player was given, from its `joined`.
fn token_of(frames: &[String]) -> String {
    frames
        .iter()
        .find_map(
            |frame| match serde_json::from_str::<ServerMessage>(frame).ok()? {
                ServerMessage::Joined { token, .. } => token,
                _ => None,
            },
        )
        .expect("a seat token")
        .to_string()
}

/// Every frame each member received, checked against the stored record:
/// players and spectators on three nodes, each receiving frames that
/// another node relayed (or, for the owner's own, sent); the logs of all
/// three, at `trace` for every library (PostgreSQL's, Redis's and the
/// WebSocket's included); and every command Redis was given.
#[test]
fn no_frame_log_line_or_redis_message_tells_anyone_what_they_may_not_know() {
    let Some((redis, database)) = services() else {
        return;
    };
    let monitor = RedisMonitor::start(&redis.url);
    let everything = "trace,tokio_postgres=trace,postgres=trace,redis=trace,tungstenite=trace";
    let cluster = Cluster::start_logging(3, &database.url, &redis.url, "1s", everything);
    let [one, two, three] = [0, 1, 2].map(|node| cluster.url(node));
    let mut ann = Client::start(&one, "ann", &["--json", "bot", "--seed", "3", "create"]);
    let joined = ann.expect_containing("\"joined\"");
    let code = serde_json::from_str::<serde_json::Value>(&joined).unwrap()["state"]["code"]
        .as_str()
        .expect("the room's code")
        .to_owned();
    let mut eve = Client::start(&three, "eve", &["--json", "watch", &code]);
    eve.expect_containing("\"joined\"");
    let mut ivy = Client::start(&two, "ivy", &["--json", "watch", &code]);
    ivy.expect_containing("\"joined\"");
    let mut bob = Client::start(
        &two,
        "bob",
        &[
            "--json", "bot", "--policy", "random", "--seed", "4", "join", &code,
        ],
    );
    for client in [&mut ann, &mut bob, &mut eve, &mut ivy] {
        client.expect_containing("\"game_over\"");
        assert!(client.finish().success(), "{}", client.transcript());
    }

    let members = [&ann, &bob, &eve, &ivy].map(frames_of);
    let id = game_over_id(&members[0]);
    for frames in &members[1..] {
        assert_eq!(game_over_id(frames), id, "one game for all");
    }
    let (status, body) = cluster.nodes[2].get(&format!("/api/games/{id}"));
    assert_eq!(status, 200, "{body}");
    let game: FinishedGame = serde_json::from_str(&body).unwrap();
    let known = Known::from_game(&game);
    assert!(known.assignments.len() > 1, "a game of several rounds");
    let seats = [Some(Seat::Yellow), Some(Seat::Blue), None, None];
    for (frames, seat) in members.iter().zip(seats) {
        assert_eq!(seat_of(frames), seat);
        // Every round's reveal reached every member: all were checked.
        let reveals = frames
            .iter()
            .filter(|frame| frame.contains(r#""kind":"revealed""#))
            .count();
        assert_eq!(reveals, known.assignments.len(), "{seat:?}");
        check_frames(frames, seat, &known, 0);
    }
    let assignments: Vec<_> = known
        .assignments
        .iter()
        .flat_map(|both| [both.yellow, both.blue])
        .collect();
    let nonces: Vec<String> = known.all_nonces().collect();
    let logs = cluster.logs();
    assert!(logs.contains("TRACE"), "the nodes logged at trace:\n{logs}");
    check_log(&logs, &assignments, &nonces);
    let seed = seed_of(&game);
    let tokens = [token_of(&members[0]), token_of(&members[1])];
    for secret in tokens.iter().chain([&seed]) {
        assert!(!logs.contains(secret.as_str()), "the log holds {secret}");
    }
    check_redis(&monitor.lines(), &game, &tokens);
}

/// The seed a finished game's record reveals, as written.
fn seed_of(game: &FinishedGame) -> String {
    game.record
        .as_ref()
        .and_then(|record| record.seed)
        .expect("a seed")
        .to_string()
}

/// What crossed Redis (`redis-cli monitor`'s lines, in order) holds no
/// seat token, no seed before the game is over, and no player's opening of
/// a round before both seals of the round crossed it. A player's own seal
/// and its opening may cross in one message (protocol 13: a client opens
/// right behind its seal once the other's is in), the seal first in it:
/// where a text first crossed is its line and its place in the line.
fn check_redis(commands: &[String], game: &FinishedGame, tokens: &[String]) {
    let first = |text: &str| {
        commands
            .iter()
            .enumerate()
            .find_map(|(line, command)| command.find(text).map(|at| (line, at)))
    };
    let over = first("game_over").expect("the game's end crossed Redis");
    for token in tokens {
        assert!(first(token).is_none(), "Redis was given a seat token");
    }
    let seed = seed_of(game);
    assert!(
        first(&seed).is_none_or(|given| given >= over),
        "Redis was given the seed before the game was over"
    );
    let fair = game
        .record
        .as_ref()
        .and_then(|record| record.fair.as_ref())
        .expect("a sealed game");
    for (round, exchange) in std::iter::once(&fair.deal).chain(&fair.rounds).enumerate() {
        let seals = exchange.seals.map(|seal| first(&seal.to_string()));
        for seat in Seat::ALL {
            let Some(opened) = first(&exchange.nonces[seat].to_string()) else {
                continue;
            };
            for sealed in [seals.yellow, seals.blue] {
                assert!(
                    sealed.is_some_and(|sealed| sealed < opened),
                    "{seat}'s opening of round {round} crossed Redis before both seals"
                );
            }
        }
    }
}

/// The node that owns a room is killed mid-round with one commit held:
/// both players, behind a load balancer, reconnect to the surviving nodes
/// and resume once one has taken the room over (its lease ran out), and the
/// game ends with that commit in its first reveal.
#[test]
fn a_node_killed_mid_round_loses_no_game() {
    owner_leaves_mid_round("1s", Server::kill);
}

/// SIGTERM to the node that owns a room, mid-round with one commit held:
/// its rooms are taken over at once. With leases of five minutes, the game
/// could not go on if they were only taken when the lease ran out: each
/// step waits at most a minute (`PATIENCE`).
#[test]
fn a_node_stopped_mid_round_hands_its_rooms_over_at_once() {
    owner_leaves_mid_round("5m", |owner| {
        let status = owner.terminate();
        assert!(status.success(), "the node stops cleanly: {status:?}");
    });
}

/// Three nodes with leases of `lease` behind a balancer; Ann's commit of
/// round 1 is held by the room's node when it `leaves`; Bob answers once
/// back, and both finish on the other nodes.
fn owner_leaves_mid_round(lease: &str, leaves: impl FnOnce(Server)) {
    let Some((redis, database)) = services() else {
        return;
    };
    let mut cluster = Cluster::start(3, &database.url, &redis.url, lease);
    // The balancer sends the first connection (Ann's) to node 0, the next
    // (Bob's) to node 1; it skips a node that is gone.
    let balancer = Proxy::balancing(&cluster.addrs());
    let url = balancer.url();
    let AnnCommitted {
        ann,
        bob,
        code,
        ann_round_1,
        ..
    } = ann_committed_bob_asked(&url, &url);
    leaves(cluster.take_owner(0, &code));
    bob_answers_and_both_finish(ann, bob, &ann_round_1, &url);
    assert!(
        cluster.logs().contains("room taken over"),
        "{}",
        cluster.logs()
    );
}

/// Fifty rooms on one node, each with its last seat wanted at once by two
/// clients on two other nodes: one of them sits, the other is told the room
/// is full.
#[test]
fn fifty_races_for_a_last_seat_across_nodes_have_one_winner_each() {
    let Some((redis, database)) = services() else {
        return;
    };
    let cluster = Cluster::start(3, &database.url, &redis.url, "1s");
    let [one, two, three] = [0, 1, 2].map(|node| cluster.url(node));
    // Ten races at a time.
    for batch in 0..5 {
        let mut races = Vec::new();
        for race in 0..10 {
            let mut owner =
                Client::start(&one, &format!("own{batch}{race}"), &["--json", "create"]);
            let joined = owner.expect_containing("\"joined\"");
            let code = serde_json::from_str::<serde_json::Value>(&joined).unwrap()["state"]["code"]
                .as_str()
                .expect("the room's code")
                .to_owned();
            races.push((owner, code));
        }
        let mut rivals: Vec<[Client; 2]> = races
            .iter()
            .map(|(_, code)| {
                [&two, &three].map(|node| Client::start(node, "rival", &["--json", "join", code]))
            })
            .collect();
        for ((_, code), pair) in races.iter().zip(&mut rivals) {
            let outcomes = pair.each_mut().map(|rival| {
                rival.expect(|line| {
                    line.contains("\"joined\"") || line.contains("already has two players")
                })
            });
            let seated = outcomes
                .iter()
                .filter(|line| line.contains("\"joined\""))
                .count();
            assert_eq!(seated, 1, "room {code}: {outcomes:?}");
            let winner = outcomes
                .iter()
                .find(|line| line.contains("\"joined\""))
                .unwrap();
            assert!(winner.contains("\"seat\":\"blue\""), "{winner}");
        }
    }
}

/// Redis restarted (empty: it keeps nothing) mid-round, one commit held,
/// with the players on two nodes: the game pauses while the nodes cannot
/// reach each other, then both players resume and finish it with that
/// commit.
#[test]
fn a_game_goes_on_after_redis_restarts_mid_round() {
    let (Some(redis), Some(database)) = (OwnService::redis(), TestDatabase::create()) else {
        return;
    };
    let cluster = Cluster::start(2, &database.url, &redis.url, "1s");
    let balancer = Proxy::balancing(&cluster.addrs());
    let url = balancer.url();
    let AnnCommitted {
        ann,
        bob,
        ann_round_1,
        ..
    } = ann_committed_bob_asked(&url, &url);
    redis.stop();
    // Judged by the node's lease renewals, which fail from now on: the
    // node is not ready for newcomers, but alive, for the players whose
    // rooms it runs.
    let give_up = Instant::now() + Duration::from_secs(10);
    let ready = loop {
        let (status, ready) = cluster.nodes[1].get("/readyz");
        if status == 503 {
            break ready;
        }
        assert!(Instant::now() < give_up, "{ready}");
        thread::sleep(Duration::from_millis(100));
    };
    assert!(
        ready.contains(r#""status":"unavailable""#)
            && ready.contains(r#""redis":"unreachable""#)
            && ready.contains(r#""database":"ok""#),
        "{ready}"
    );
    let (status, health) = cluster.nodes[1].get("/healthz");
    assert_eq!(status, 200, "{health}");
    assert!(
        health.contains(r#""status":"ok""#) && health.contains(r#""redis":"unreachable""#),
        "{health}"
    );
    thread::sleep(Duration::from_secs(1));
    redis.start_again();
    bob_answers_and_both_finish(ann, bob, &ann_round_1, &url);
}

/// PostgreSQL stopped mid-round, one commit held, the players on two
/// nodes: the move that cannot be stored is not acknowledged nor revealed,
/// no node takes the room from its living owner, and when the database is
/// back the round is revealed with both moves and the game goes on.
#[test]
fn a_cluster_game_holds_while_postgresql_is_down_and_goes_on_when_it_is_back() {
    let (Some(postgres), Some(redis)) = (OwnService::postgres(), TestRedis::create()) else {
        return;
    };
    let cluster = Cluster::start(2, &postgres.url, &redis.url, "1s");
    let AnnCommitted {
        mut ann,
        mut bob,
        ann_round_1,
        bob_prompt: prompt,
        ..
    } = ann_committed_bob_asked(&cluster.url(0), &cluster.url(1));
    let node = &cluster.nodes[0];
    bobs_move_waits_for_postgresql(
        &postgres,
        [&mut ann, &mut bob],
        &ann_round_1,
        &prompt,
        || {
            // Said as the node's next question to the database found it
            // (once a second): health checks wait on nobody.
            let give_up = Instant::now() + Duration::from_secs(10);
            let ready = loop {
                let (status, ready) = node.get("/readyz");
                if status == 503 {
                    break ready;
                }
                assert!(Instant::now() < give_up, "{ready}");
                thread::sleep(Duration::from_millis(100));
            };
            assert!(
                ready.contains(r#""status":"unavailable""#)
                    && ready.contains(r#""database":"unreachable""#)
                    && ready.contains(r#""redis":"ok""#),
                "{ready}"
            );
            // Alive all the same: its players reach their rooms.
            let (status, health) = node.get("/healthz");
            assert_eq!(status, 200, "{health}");
            assert!(health.contains(r#""status":"ok""#), "{health}");
        },
    );
    // The other node sees the database back at its next question to it.
    let give_up = Instant::now() + Duration::from_secs(10);
    loop {
        let (status, health) = cluster.nodes[1].get("/healthz");
        assert_eq!(status, 200, "{health}");
        if health.contains(r#""database":"ok""#) {
            break;
        }
        assert!(Instant::now() < give_up, "{health}");
        thread::sleep(Duration::from_millis(100));
    }
    both_finish_and_the_record_replays(&mut ann, &mut bob, &cluster.url(1));
    assert!(
        !cluster.logs().contains("room taken over"),
        "{}",
        cluster.logs()
    );
    // The outage is said in a line or two per node, not one per attempt
    // to connect, and so is its end.
    for node in &cluster.nodes {
        let log = node.log();
        let said = log.matches("cannot connect to PostgreSQL").count();
        assert!(said <= 2, "{said} lines:\n{log}");
        assert!(!log.contains("r2d2"), "{log}");
    }
    assert!(
        cluster.logs().contains("PostgreSQL answers again"),
        "{}",
        cluster.logs()
    );
}

/// A node started against a Redis, or a database, that nothing answers
/// at: exit status 1 and a message naming it, without its password.
#[test]
fn a_node_whose_redis_or_database_cannot_be_reached_stops_with_a_clear_error() {
    let Some((redis, database)) = services() else {
        return;
    };
    let port = std::net::TcpListener::bind("127.0.0.1:0")
        .unwrap()
        .local_addr()
        .unwrap()
        .port();
    let nowhere_redis = format!("redis://:s3cret@127.0.0.1:{port}/2");
    let nowhere_database = format!("postgres://mc:s3cret@127.0.0.1:{port}/games");
    let cases = [
        (
            database.url.as_str(),
            nowhere_redis.as_str(),
            format!("cannot reach the cluster's Redis at redis://127.0.0.1:{port}/2"),
        ),
        (
            nowhere_database.as_str(),
            redis.url.as_str(),
            format!("cannot open the database postgres://mc@127.0.0.1:{port}/games"),
        ),
    ];
    for (database, redis, said) in cases {
        let data = tempfile::tempdir().unwrap();
        let output = Server::command(data.path())
            .args(["--database", database, "--cluster", redis])
            .output()
            .expect("the server runs");
        let stderr = String::from_utf8_lossy(&output.stderr);
        assert_eq!(output.status.code(), Some(1), "{stderr}");
        assert!(stderr.contains(&said), "{stderr}");
        assert!(
            !stderr.contains("s3cret") && !stderr.contains("panicked"),
            "{stderr}"
        );
    }
}

/// A challenge for an HTTP request's proof of a key is the cluster's:
/// fetched from one node, it proves a key on another (a balancer may send
/// the two requests anywhere), once — shown again, on either node, the
/// proof is refused.
#[test]
fn a_challenge_fetched_from_one_node_proves_a_key_once_on_any() {
    let Some((redis, database)) = services() else {
        return;
    };
    let cluster = Cluster::start(2, &database.url, &redis.url, "2s");
    let (status, body) = cluster.nodes[0].post_json("/api/key-challenges", "");
    assert_eq!(status, 201, "{body}");
    let issued: KeyChallengeIssued = serde_json::from_str(&body).unwrap();
    let secret = PlayerSecret::from_bytes([5; 32]);
    let arena = format!(
        r#"{{"name":"Across nodes","minutes":5,"key":"{}","key_proof":{},"creator":"Host"}}"#,
        secret.public_key(),
        serde_json::to_string(&KeyProof::new(&secret, issued.challenge)).unwrap()
    );
    let (status, body) = cluster.nodes[1].post_json("/api/arenas", &arena);
    assert_eq!(status, 201, "made on the other node: {body}");
    for node in [0, 1] {
        let (status, body) = cluster.nodes[node].post_json("/api/arenas", &arena);
        assert_eq!(status, 400, "node {node}: {body}");
        assert!(body.contains("unknown, spent or expired"), "{body}");
    }
}

/// Ann sends her move (Bob's is in) to a node that has stopped answering
/// (SIGSTOP) and then dies (SIGKILL): her seal was never stored. Her client
/// sends the same seal again once it resumes (the server takes a repeated
/// seal as said once), she is not asked again, and the round is revealed
/// with her move.
#[test]
fn a_move_sent_as_its_node_dies_is_sealed_again_not_lost() {
    let Some((redis, database)) = services() else {
        return;
    };
    let mut cluster = Cluster::start(3, &database.url, &redis.url, "1s");
    let balancer = Proxy::balancing(&cluster.addrs());
    let url = balancer.url();
    let mut ann = Client::start(&url, "ann", &["--plain", "create", "--deadline", "0s"]);
    let code = room_code(&ann.expect_containing("you are Yellow"));
    let mut bob = Client::start(&url, "bob", &["--plain", "join", &code]);
    let ann_prompt = ann.expect_containing("round 1: you are Yellow");
    let bob_prompt = bob.expect_containing("round 1: you are Blue");
    let bob_round_1 = suggestion(&bob_prompt);
    bob.type_line(&bob_round_1);
    bob.expect_containing("committed for round 1");
    let owner = cluster.take_owner(0, &code);
    owner.pause();
    let ann_round_1 = suggestion(&ann_prompt);
    ann.type_line(&ann_round_1);
    // Her client has sent it; the node never reads it.
    thread::sleep(Duration::from_millis(300));
    owner.kill();

    let reveal = bob.expect(|line| line.starts_with("Round 1:"));
    assert_eq!(
        reveal,
        format!("Round 1: Yellow {ann_round_1} — Blue {bob_round_1}")
    );
    ann.expect(|line| line.starts_with("Round 1:"));
    let transcript = ann.transcript();
    let asked = transcript.matches("round 1: you are Yellow").count();
    assert_eq!(asked, 1, "Ann was asked again:\n{transcript}");
}

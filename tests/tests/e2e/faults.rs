//! The faults an outside check of a three-node cluster found games lost
//! to (issues 44 and 60), each replayed as found: a node paused past its
//! lease with both seals of a round published; a node killed while its
//! seekers were being paired; a join through another node while Redis is
//! away; a spectator back after the game ended; a resume sent through a
//! round-robin balancer to the node that lost the room in a pause.

use std::thread;
use std::time::Duration;

use mice_cake_protocol::{ClientMessage, ErrorCode, RoomEvent, RoomOptions, ServerMessage};

use crate::cluster::Cluster;
use crate::raw::{Hand, Raw, hello};
use crate::support::{
    Client, OwnService, Proxy, TestDatabase, TestRedis, ends_verified, room_code,
};

fn services() -> Option<(TestRedis, TestDatabase)> {
    Some((TestRedis::create()?, TestDatabase::create()?))
}

/// Plays the deal and seals round 1 on both sides; Yellow opens hers.
fn both_sealed_round_1(ann: &mut Raw, yellow: &mut Hand, bob: &mut Raw, blue: &mut Hand) {
    for (raw, hand) in [(&mut *ann, &mut *yellow), (&mut *bob, &mut *blue)] {
        raw.until_noting(hand, |message, _| {
            matches!(message, ServerMessage::Event { event, .. }
                if matches!(**event, RoomEvent::GameStarted { .. }))
        });
        let seal = hand.seal();
        raw.send(&seal);
    }
    for (raw, hand) in [(&mut *ann, &mut *yellow), (&mut *bob, &mut *blue)] {
        raw.until_noting(hand, |_, hand| hand.both_sealed());
        let open = hand.open();
        raw.send(&open);
    }
    for (raw, hand) in [(&mut *ann, &mut *yellow), (&mut *bob, &mut *blue)] {
        raw.until_noting(hand, |_, hand| hand.round == 1);
        let seal = hand.seal();
        raw.send(&seal);
    }
    for (raw, hand) in [(&mut *ann, &mut *yellow), (&mut *bob, &mut *blue)] {
        raw.until_noting(hand, |_, hand| hand.both_sealed());
    }
    let open = yellow.open();
    ann.send(&open);
}

/// The room runs on node 0 and Yellow is there; Blue is on node 1. Both
/// seals of round 1 are published, Yellow has opened, and node 1 is
/// paused for three of its 2 s leases, then goes on: it closes Blue's
/// connection, saying so (1012). Blue comes back to node 1 and sends its
/// resume and its opening at once, as a client that held the opening while
/// it was away does: node 1 must take the opening (holding it until it
/// knows the room's state), never refuse it on the view it had before the
/// resume, and the round is revealed.
#[test]
fn an_opening_sent_with_a_resume_to_a_node_back_from_a_pause_is_taken() {
    let Some((redis, database)) = services() else {
        return;
    };
    let cluster = Cluster::start(2, &database.url, &redis.url, "2s");
    let mut ann = Raw::connect(&cluster.url(0), "ann");
    ann.send(&ClientMessage::CreateRoom {
        options: RoomOptions {
            deadline_ms: Some(0),
            ..RoomOptions::default()
        },
        key: None,
        bot_declaration: None,
        key_proof: None,
    });
    let mut yellow = Hand::default();
    let joined = ann.until_noting(&mut yellow, |message, _| {
        matches!(message, ServerMessage::Joined { .. })
    });
    let ServerMessage::Joined { state, .. } = joined else {
        unreachable!()
    };
    let mut bob = Raw::connect(&cluster.url(1), "bob");
    bob.send(&ClientMessage::JoinRoom {
        code: state.code,
        key: None,
        bot_declaration: None,
        key_proof: None,
    });
    let mut blue = Hand::default();
    both_sealed_round_1(&mut ann, &mut yellow, &mut bob, &mut blue);

    let node = &cluster.nodes[1];
    node.pause();
    thread::sleep(Duration::from_secs(6));
    node.go_on();
    // Node 1 lost its way to the room meanwhile (its lease ran out, its
    // link to Redis may have lost messages): it closes Blue's connection
    // with the code `docs/protocol.md` gives for that, and says why.
    let (code, reason) = bob
        .close_frame(Duration::from_secs(10))
        .expect("a close frame");
    assert_eq!(code, 1012, "{reason}");
    assert!(reason.contains("reconnect"), "{reason}");
    // Blue's client comes back to the same node, with its resume and its
    // opening in one go.
    drop(bob);
    let mut back = Raw::open(&cluster.url(1));
    back.send(&hello("bob"));
    back.send(&blue.resume());
    back.send(&blue.open());
    let revealed = back.until_noting(&mut blue, |message, hand| {
        matches!(message, ServerMessage::Error { .. }) || hand.revealed == 1
    });
    assert!(
        !matches!(
            revealed,
            ServerMessage::Error {
                code: ErrorCode::WrongPhase,
                ..
            }
        ),
        "the opening was refused on a stale view: {:#?}",
        back.seen
    );
    assert_eq!(blue.revealed, 1, "{:#?}", back.seen);
    ann.until_noting(&mut yellow, |_, hand| hand.revealed == 1);
}

/// As found: a bot joins a room through the node that does not run it
/// while the cluster's Redis is away, and is told `unavailable` ("try
/// again in a moment"). It tries again, as a client does after a drop,
/// and once Redis is back (empty) it is in, and the game is played.
#[test]
fn a_join_through_another_node_while_redis_is_away_gets_in_once_it_is_back() {
    let (Some(redis), Some(database)) = (OwnService::redis(), TestDatabase::create()) else {
        return;
    };
    let cluster = Cluster::start(2, &database.url, &redis.url, "2s");
    let bot = ["bot", "--think", "100ms"];
    let mut ann = Client::start(&cluster.url(0), "ann", &[&bot[..], &["create"]].concat());
    let code = room_code(&ann.expect_containing("you are Yellow"));
    redis.stop();
    let mut bob = Client::start(
        &cluster.url(1),
        "bob",
        &[&bot[..], &["join", &code]].concat(),
    );
    let told = bob.expect_containing("reconnecting");
    assert!(told.contains("Try again in a moment"), "{told}");
    thread::sleep(Duration::from_secs(2));
    redis.start_again();
    bob.expect_containing("you are Blue");
    for (end, _) in ends_verified(&mut [&mut ann, &mut bob]) {
        assert!(!end.contains("forfeit"), "{end}");
    }
}

/// As found: a spectator's node dies mid-game; the game ends and its
/// players leave while the spectator's client is still coming back. It
/// comes back (through the balancer, to another node) after the end, and
/// is shown the result, as `docs/client.md` promises — never
/// `unknown_room`: a room that just ended stays watchable a while.
#[test]
fn a_spectator_back_after_the_game_ended_is_shown_the_result() {
    let Some((redis, database)) = services() else {
        return;
    };
    let mut cluster = Cluster::start(3, &database.url, &redis.url, "1s");
    // Slow enough that the room's node drops the dead node's spectator
    // (its lease runs out in a second) well before the game ends.
    let bot = ["bot", "--think", "300ms"];
    let mut ann = Client::start(&cluster.url(0), "ann", &[&bot[..], &["create"]].concat());
    let code = room_code(&ann.expect_containing("you are Yellow"));
    let mut bob = Client::start(
        &cluster.url(0),
        "bob",
        &[&bot[..], &["join", &code]].concat(),
    );
    let proxy = Proxy::to(cluster.nodes[1].addr);
    let mut eve = Client::start(&proxy.url(), "eve", &["--plain", "watch", &code]);
    eve.expect(|line| line.starts_with("Round 1:"));
    cluster.nodes.remove(1).kill();
    eve.expect_containing("reconnecting");
    // The game ends, and both players leave the room, while Eve's client
    // finds no node to come back to.
    let ends = ends_verified(&mut [&mut ann, &mut bob]);
    proxy.redirect(cluster.nodes[1].addr);
    let shown = eve.expect(|line| line.starts_with("Game over: "));
    let (played, _) = &ends[0];
    assert_eq!(&shown, played, "{}", eve.transcript());
    assert!(eve.finish().success(), "{}", eve.transcript());
    assert!(
        !eve.transcript().contains("unknown_room"),
        "{}",
        eve.transcript()
    );
    // Watchable, not offered: the listing has no room nobody is in.
    let (status, body) = cluster.nodes[0].get("/api/rooms");
    assert_eq!(status, 200);
    assert!(!body.contains(&code), "{body}");
}

/// As found (issue 60): the node running a room (node 0, where Yellow is)
/// is paused for 2.5 of its 2 s leases behind a round-robin balancer that
/// still lists it. Node 1 takes the room over and tells Blue, whose
/// connection it holds, that the way to the room changed. Blue comes back
/// through the balancer, whose turn sends him to the paused node: his
/// connection waits in its queue until the node goes on. That node must
/// not answer his resume from its stale copy of the room with "the room
/// has closed" (a client gave the seat up on that, and lost by forfeit);
/// it seats him where the room runs now, or says `unavailable`, and he
/// comes back again. Both are back in the game, which goes on.
#[test]
fn a_resume_through_a_balancer_to_a_node_back_from_a_pause_never_hears_its_room_closed() {
    let Some((redis, database)) = services() else {
        return;
    };
    let cluster = Cluster::start(2, &database.url, &redis.url, "2s");
    let mut ann = Raw::connect(&cluster.url(0), "ann");
    ann.send(&ClientMessage::CreateRoom {
        options: RoomOptions {
            deadline_ms: Some(0),
            ..RoomOptions::default()
        },
        key: None,
        bot_declaration: None,
        key_proof: None,
    });
    let mut yellow = Hand::default();
    let joined = ann.until_noting(&mut yellow, |message, _| {
        matches!(message, ServerMessage::Joined { .. })
    });
    let ServerMessage::Joined { state, .. } = joined else {
        unreachable!()
    };
    let mut bob = Raw::connect(&cluster.url(1), "bob");
    bob.send(&ClientMessage::JoinRoom {
        code: state.code,
        key: None,
        bot_declaration: None,
        key_proof: None,
    });
    let mut blue = Hand::default();
    both_sealed_round_1(&mut ann, &mut yellow, &mut bob, &mut blue);

    let balancer = Proxy::balancing(&[cluster.nodes[0].addr, cluster.nodes[1].addr]);
    let paused = &cluster.nodes[0];
    paused.pause();
    let (code, reason) = bob
        .close_frame(Duration::from_secs(20))
        .expect("node 1 took the room over, and said so");
    assert_eq!(code, 1012, "{reason}");
    drop(bob);
    // Back through the balancer: its first turn is the paused node's.
    let url = balancer.url();
    let coming_back = thread::spawn(move || {
        let mut back = Raw::open(&url);
        back.send(&hello("bob"));
        back.send(&blue.resume());
        let answer = back.until_noting(&mut blue, |message, _| {
            matches!(
                message,
                ServerMessage::Joined { .. } | ServerMessage::Error { .. }
            )
        });
        (answer, back, blue)
    });
    let give_up = std::time::Instant::now() + Duration::from_secs(20);
    while balancer.connections() == 0 {
        assert!(std::time::Instant::now() < give_up, "Bob never came back");
        thread::sleep(Duration::from_millis(10));
    }
    paused.go_on();
    let (answer, back, mut blue) = coming_back.join().unwrap();
    let mut back = match answer {
        ServerMessage::Joined { .. } => back,
        ServerMessage::Error {
            code: ErrorCode::Unavailable,
            ..
        } => {
            drop(back);
            // Again, as a client does after a passing refusal: the
            // balancer's next turn, or the same node, now without its copy.
            let mut again = Raw::open(&cluster.url(0));
            again.send(&hello("bob"));
            again.send(&blue.resume());
            let answer = again.until_noting(&mut blue, |message, _| {
                matches!(
                    message,
                    ServerMessage::Joined { .. } | ServerMessage::Error { .. }
                )
            });
            assert!(matches!(answer, ServerMessage::Joined { .. }), "{answer:?}");
            again
        }
        refused => panic!("the seat was refused: {refused:?}"),
    };
    // Yellow's way to the room stopped with node 0's copy of it: she comes
    // back too, opening again as her client does (an opening the paused
    // node held was never stored), and Blue opens: both see round 1.
    drop(ann);
    let mut ann = Raw::connect(&cluster.url(1), "ann");
    ann.send(&yellow.resume());
    ann.until_noting(&mut yellow, |message, _| {
        matches!(message, ServerMessage::Joined { .. })
    });
    let open = yellow.open();
    ann.send(&open);
    let open = blue.open();
    back.send(&open);
    // Seated by the paused node's stale copy before it learned that node 1
    // runs the room, his connection is closed to come back (1012), never
    // told the room closed: he comes back where it runs, as his client
    // does, and opens again.
    let mut returns = 0;
    while blue.revealed < 1 {
        match back.next() {
            Some(message) => blue.note(&message),
            None => {
                returns += 1;
                assert!(returns <= 3, "closed again and again: {:#?}", back.seen);
                back = Raw::open(&cluster.url(1));
                back.send(&hello("bob"));
                back.send(&blue.resume());
                back.send(&blue.open());
            }
        }
    }
    ann.until_noting(&mut yellow, |_, hand| hand.revealed == 1);
}

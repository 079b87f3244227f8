//! Challenges across a cluster: made on one node, told to the challenged
//! player's pages on two others at once, accepted on one of them, and both
//! players seated in the room made for them; another expires, and each
//! side is told so once, though every node looks for the expired.

use mice_cake_engine::{PlayerKey, PlayerSecret};
use mice_cake_protocol::{
    ChallengeEnd, ChallengeId, ClientMessage, KeyProof, RoomEvent, RoomOptions, ServerMessage,
};

use crate::cluster::{Cluster, services};
use crate::raw::Raw;

fn secret(name: &str) -> PlayerSecret {
    let mut bytes = [0u8; 32];
    for (index, byte) in name.bytes().enumerate() {
        bytes[index % 32] ^= byte;
    }
    bytes[31] ^= 0x5a;
    PlayerSecret::from_bytes(bytes)
}

/// A connection to `url` that proves `name`'s key and watches its
/// challenges.
fn watching(url: &str, name: &str) -> (Raw, PlayerKey) {
    let mut raw = Raw::connect(url, name);
    let secret = secret(name);
    let key = secret.public_key();
    raw.send(&ClientMessage::WatchChallenges {
        key,
        key_proof: Some(proof(&raw, &secret)),
        bot_declaration: None,
    });
    raw.until(|message| matches!(message, ServerMessage::Challenges { .. }));
    (raw, key)
}

fn proof(raw: &Raw, secret: &PlayerSecret) -> KeyProof {
    let challenge = raw
        .seen
        .iter()
        .find_map(|message| match message {
            ServerMessage::Welcome { challenge, .. } => Some(*challenge),
            _ => None,
        })
        .expect("a welcome");
    KeyProof::new(secret, challenge)
}

fn ended(raw: &mut Raw, id: ChallengeId) -> ChallengeEnd {
    match raw
        .until(|m| matches!(m, ServerMessage::ChallengeEnded { id: ended, .. } if *ended == id))
    {
        ServerMessage::ChallengeEnded { end, .. } => end,
        _ => unreachable!(),
    }
}

fn casual() -> RoomOptions {
    RoomOptions {
        deadline_ms: Some(0),
        public: false,
        ..RoomOptions::default()
    }
}

fn challenge(raw: &mut Raw, name: &str, to: PlayerKey) -> ChallengeId {
    let secret = secret(name);
    raw.send(&ClientMessage::Challenge {
        to,
        options: casual(),
        key: secret.public_key(),
        key_proof: Some(proof(raw, &secret)),
        bot_declaration: None,
    });
    match raw.until(|m| {
        matches!(
            m,
            ServerMessage::ChallengeSent { .. } | ServerMessage::Error { .. }
        )
    }) {
        ServerMessage::ChallengeSent { challenge } => challenge.id,
        other => panic!("challenge_sent: {other:?}"),
    }
}

#[test]
fn a_challenge_made_on_one_node_reaches_every_page_of_its_player_and_seats_both() {
    let Some((redis, database)) = services() else {
        return;
    };
    let cluster = Cluster::start_with(
        3,
        &database.url,
        &redis.url,
        "1s",
        "info",
        &["--challenge-expiry", "4s"],
    );
    let (mut ann, _) = watching(&cluster.url(0), "ann");
    let (mut bob, bob_key) = watching(&cluster.url(1), "bob");
    let (mut bobs_phone, _) = watching(&cluster.url(2), "bob");
    let id = challenge(&mut ann, "ann", bob_key);
    for page in [&mut bob, &mut bobs_phone] {
        let told = page.until(|m| matches!(m, ServerMessage::Challenged { .. }));
        let ServerMessage::Challenged { challenge } = told else {
            unreachable!()
        };
        assert_eq!(challenge.id, id);
        assert_eq!(challenge.from.name, "ann");
    }
    bobs_phone.send(&ClientMessage::AcceptChallenge { id });
    let ChallengeEnd::Accepted { code } = ended(&mut bobs_phone, id) else {
        panic!("accepted")
    };
    assert_eq!(ended(&mut ann, id), ChallengeEnd::Accepted { code });
    assert_eq!(ended(&mut bob, id), ChallengeEnd::Accepted { code });
    // Both take their seats, from two nodes, and the game begins.
    for (raw, name) in [(&mut ann, "ann"), (&mut bob, "bob")] {
        let secret = secret(name);
        raw.send(&ClientMessage::JoinRoom {
            code,
            key: Some(secret.public_key()),
            bot_declaration: None,
            key_proof: Some(proof(raw, &secret)),
        });
    }
    for raw in [&mut ann, &mut bob] {
        raw.until(|m| matches!(m, ServerMessage::Event { event, .. } if matches!(**event, RoomEvent::GameStarted { .. })));
    }

    // Another, unanswered: it expires, and each side is told once,
    // though three nodes sweep for the expired.
    let (mut cid, _) = watching(&cluster.url(2), "cid");
    let (mut dan, dan_key) = watching(&cluster.url(0), "dan");
    let late = challenge(&mut cid, "cid", dan_key);
    assert_eq!(ended(&mut dan, late), ChallengeEnd::Expired);
    assert_eq!(ended(&mut cid, late), ChallengeEnd::Expired);
    // Answered late, it is refused.
    dan.send(&ClientMessage::DeclineChallenge { id: late });
    dan.until(|m| matches!(m, ServerMessage::Error { .. }));
    // By the time a second one has expired, every node has swept for the
    // first many times over.
    let later = challenge(&mut cid, "cid", dan_key);
    assert_eq!(ended(&mut dan, later), ChallengeEnd::Expired);
    let told = dan
        .seen
        .iter()
        .filter(|m| matches!(m, ServerMessage::ChallengeEnded { id, .. } if *id == late))
        .count();
    assert_eq!(told, 1, "{:?}", dan.seen);
}

/// Two people in the terminal: Ann challenges Bob by his name; Bob, who
/// comes later, accepts the one waiting for him, and both are seated in its
/// room, its first round open; a second, declined, is told to Ann, whose
/// command fails.
#[test]
fn a_challenge_by_name_is_accepted_and_played_in_the_terminal_and_a_declined_one_says_so() {
    let server = crate::support::Server::start(&[]);
    let url = server.url();
    let bob_state = tempfile::tempdir().unwrap();
    let renamed = crate::support::mice_cake(
        bob_state.path(),
        &["--server", &url, "--name", "Bob", "rename", "Bob"],
    );
    assert!(
        renamed.status.success(),
        "{}",
        crate::support::text(&renamed.stderr)
    );
    let mut ann = crate::support::Client::start(
        &url,
        "Ann",
        &["--plain", "challenge", "Bob", "--deadline", "0s"],
    );
    let sent = ann.expect_containing("sent to Bob");
    assert!(sent.contains("casual"), "{sent}");
    ann.expect_containing("/c/");
    let mut bob = crate::support::Client::start_keeping_seats_in(
        bob_state.path(),
        &url,
        "Bob",
        &["--plain", "accept"],
    );
    ann.expect_containing("round 1: you are");
    bob.expect_containing("round 1: you are");
    drop((ann, bob));

    let mut again = crate::support::Client::start(
        &url,
        "Ann",
        &["--plain", "challenge", "Bob", "--first-to", "3"],
    );
    let sent = again.expect_containing("sent to Bob");
    assert!(sent.contains("first to 3"), "{sent}");
    let declined = crate::support::mice_cake(
        bob_state.path(),
        &["--server", &url, "--name", "Bob", "decline"],
    );
    assert!(
        declined.status.success(),
        "{}",
        crate::support::text(&declined.stderr)
    );
    again.expect_containing("declined");
    assert!(!again.finish().success(), "{}", again.transcript());
}

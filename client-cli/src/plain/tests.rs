use super::*;
use crate::fixture::FakeRoom;

fn player() -> Player {
    let (commands, _) = mpsc::channel(1);
    let (_, events) = mpsc::channel(1);
    Player {
        session: Session { commands, events },
        out: Printer(Output::Text, crate::cli::DEFAULT_SERVER.into()),
        tracker: crate::fixture::tracker(),
        decider: Decider::Watch,
        typed_ahead: VecDeque::new(),
        in_flight: None,
        stdin_open: false,
        prompted: None,
        entered: false,
        chat: true,
        ctrl_c_at: None,
        http: String::new(),
        committed_told: std::collections::HashSet::new(),
        arena: None,
        challenge_made: None,
        awaited: false,
    }
}

/// As the nemesis found: an arena that lost track of a game in a fault
/// said it was over while the game was played, and the player's client
/// left mid-game, forfeiting it. The game is played out, then the run ends.
#[test]
fn an_arena_over_mid_game_lets_the_game_be_played_out() {
    let over: mice_cake_protocol::ArenaState = serde_json::from_value(serde_json::json!({
        "id": "DWPMT964", "name": "Nemesis", "status": "finished",
        "starts_at_ms": 1_796_566_268_088_u64, "ends_at_ms": 1_796_566_388_088_u64,
        "pool": "standard", "deadline_ms": null, "rated": false, "private": false,
        "bots": true, "creator": "mouse", "players": 4, "games": 9, "top": [], "playing": 0
    }))
    .unwrap();
    let update = ServerMessage::ArenaUpdate {
        arena: Box::new(over),
    };
    // Between games: the run ends.
    let mut idle = player();
    assert!(matches!(
        idle.follow_arena(&update),
        Some(Step::Done(Outcome::Done))
    ));
    // Mid-game: it goes on, no longer paired again.
    let mut playing = player();
    playing.arena = Some(ArenaFollowed {
        id: "DWPMT964".parse().unwrap(),
        playing: true,
        shown: Vec::new(),
    });
    let mut room = FakeRoom::new(Some(Seat::Yellow), 5);
    for message in [room.joined()].into_iter().chain(room.opponent_arrives()) {
        playing.tracker.apply(&message, Instant::now());
    }
    assert!(playing.follow_arena(&update).is_none(), "left mid-game");
    assert!(playing.arena.as_ref().is_some_and(|arena| !arena.playing));
}

/// As a reviewer found: "Blue has committed" twice in a round (a seal
/// published again), and "Yellow is back" told to Yellow.
#[test]
fn a_commit_is_told_once_and_your_own_comings_and_goings_not_at_all() {
    let mut player = player();
    let mut room = FakeRoom::new(Some(Seat::Yellow), 5);
    for message in [room.joined()].into_iter().chain(room.opponent_arrives()) {
        player.tracker.apply(&message, Instant::now());
    }
    let view = room.view_for(Seat::Blue);
    let sealed = room.commit(
        Seat::Blue,
        mice_cake_engine::greedy_assignment(&view, Seat::Blue),
    );
    assert!(!player.redundant(&sealed[0]));
    assert!(player.redundant(&sealed[0]), "told twice");
    let back = |seat| ServerMessage::Event {
        seq: 99,
        event: Box::new(mice_cake_protocol::RoomEvent::Connection {
            seat,
            connected: true,
            grace_ms: None,
        }),
    };
    assert!(player.redundant(&back(Seat::Yellow)));
    assert!(!player.redundant(&back(Seat::Blue)));
}

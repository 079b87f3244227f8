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
    }
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

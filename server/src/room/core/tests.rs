//! The room's rules of time, played through its core: each command and
//! timer handled at an instant the test chooses (the room reads no clock of
//! its own), on a paused clock, and what each member is sent read from its
//! queue, as the room's task would deliver it. No socket and no sleep: a
//! deadline is looked at a millisecond before it falls, and as it falls.
//! What a step asks of the world besides its frames (the directory's seat
//! tokens, the counters) is read from the effects it returns.

use std::time::Duration;

use mice_cake_engine::fair::{self, DEAL_ROUND};
use mice_cake_engine::{Assignment, Nonce, Seat};
use mice_cake_protocol::{Ending, ForfeitCause, RoomEvent, RoomOptions, RoomStatus, ServerMessage};
use tokio::sync::oneshot;

use super::Delivery;
use super::effects::{Effect, Tally};
use super::outbox::{HELD_AT_MOST, Outbox};
use super::table::*;
use crate::frame::Frame;
use crate::room::ConnId;

use crate::room::{Act, Command, JoinToken, Made, SealSigning, Seating};

/// Whether `events` hold `seat`'s seal of `round`, made by the server.
fn made_by_server(events: &[RoomEvent], round: u32, seat: Seat) -> bool {
    events.iter().any(|event| {
        matches!(event, RoomEvent::Sealed { round: r, seat: s, by_server: true, .. }
            if *r == round && *s == seat)
    })
}

fn sealed_by(events: &[RoomEvent], seat: Seat) -> bool {
    events
        .iter()
        .any(|event| matches!(event, RoomEvent::Sealed { seat: s, .. } if *s == seat))
}

fn with_deadline() -> RoomOptions {
    RoomOptions {
        deadline_ms: Some(u64::try_from(DEADLINE.as_millis()).unwrap()),
        ..RoomOptions::default()
    }
}

#[tokio::test(start_paused = true)]
async fn a_deal_nonce_not_sealed_in_time_is_made_by_the_server_as_the_deal_timeout_falls() {
    let mut table = Table::new(RoomOptions::default());
    let ann = table.sit("Ann");
    let bob = table.sit("Bob");
    table.seal(ann, Assignment::EMPTY);
    let blue = table.seat_of(bob);
    table.events(ann);
    assert!(!table.wait(DEAL - MS));
    assert!(!made_by_server(&table.events(ann), DEAL_ROUND, blue));
    assert!(!table.wait(MS));
    assert!(made_by_server(&table.events(ann), DEAL_ROUND, blue));
}

#[tokio::test(start_paused = true)]
async fn a_round_deadline_moves_for_the_late_player_as_it_falls_and_not_before() {
    let (mut table, ann, bob) = Table::playing(with_deadline());
    table.seal_a_move(ann);
    let blue = table.seat_of(bob);
    table.events(ann);
    table.wait(DEADLINE - MS);
    assert!(!made_by_server(&table.events(ann), 1, blue));
    assert_eq!(table.room.seats[blue].as_ref().unwrap().auto_commits, 0);
    table.wait(MS);
    assert!(made_by_server(&table.events(ann), 1, blue));
    assert_eq!(table.room.seats[blue].as_ref().unwrap().auto_commits, 1);
}

#[tokio::test(start_paused = true)]
async fn a_player_here_who_has_not_opened_when_the_time_to_open_runs_out_forfeits() {
    let (mut table, ann, bob) = Table::playing(RoomOptions::default());
    // Round 1 played, so that the game counts (a forfeit, not an abort).
    table.both_seal_a_move([ann, bob]);
    for conn in [ann, bob] {
        table.open(conn);
    }
    assert_eq!(table.round(), 2);
    table.both_seal_a_move([ann, bob]);
    table.open(ann);
    let blue = table.seat_of(bob);
    table.wait(OPEN - MS);
    assert_eq!(table.ending(ann), None);
    table.wait(MS);
    assert_eq!(
        table.ending(ann),
        Some(Ending::Forfeit {
            seat: blue,
            cause: ForfeitCause::NotOpened
        })
    );
}

#[tokio::test(start_paused = true)]
async fn a_player_away_owing_an_opening_keeps_the_time_left_and_spends_the_grace() {
    let (mut table, ann, bob) = Table::playing(RoomOptions::default());
    table.both_seal_a_move([ann, bob]);
    table.open(ann);
    // Bob goes away with 4 s of the time to open left: the time to open
    // runs out while he is away, and nobody forfeits then.
    table.wait(OPEN - Duration::from_secs(4));
    table.give(Command::from(bob, Act::Disconnected));
    table.wait(Duration::from_secs(4));
    assert_eq!(table.ending(ann), None);
    assert_eq!(table.room.status, RoomStatus::Playing);
    // Away for less than the grace, he still has his 4 s once back.
    table.wait(Duration::from_secs(5));
    let blue = table.seat_of(ann).opponent();
    let conn = table.come_back(blue, bob).unwrap();
    assert_eq!(
        table.room.round.open_by,
        Some(table.now + Duration::from_secs(4))
    );
    table.wait(Duration::from_secs(4) - MS);
    assert_eq!(table.ending(conn), None);
    table.wait(MS);
    assert!(matches!(
        table.ending(conn),
        Some(Ending::Aborted {
            cause: ForfeitCause::NotOpened,
            ..
        })
    ));
}

#[tokio::test(start_paused = true)]
async fn a_player_away_past_the_grace_loses_the_game_as_it_ends_and_not_before() {
    let (mut table, ann, bob) = Table::playing(RoomOptions::default());
    let blue = table.seat_of(bob);
    table.give(Command::from(bob, Act::Disconnected));
    table.wait(GRACE - MS);
    assert_eq!(table.ending(ann), None);
    table.wait(MS);
    assert_eq!(
        table.ending(ann),
        Some(Ending::Aborted {
            seat: Some(blue),
            cause: ForfeitCause::Disconnected
        })
    );
}

#[tokio::test(start_paused = true)]
async fn a_room_whose_only_player_went_away_closes_as_the_seat_is_freed() {
    let mut table = Table::new(RoomOptions::default());
    let ann = table.sit("Ann");
    table.give(Command::from(ann, Act::Disconnected));
    assert!(!table.wait(GRACE - MS));
    assert!(table.room.seats[Seat::Yellow].is_some() || table.room.seats[Seat::Blue].is_some());
    assert!(table.wait(MS));
}

#[tokio::test(start_paused = true)]
async fn a_room_nobody_is_in_closes_once_its_idle_time_is_up_even_with_a_seat_held() {
    let mut table = Table::with(RoomOptions::default(), |config| {
        config.disconnect_grace = 2 * IDLE;
    });
    let ann = table.sit("Ann");
    table.give(Command::from(ann, Act::Disconnected));
    assert!(!table.wait(IDLE - MS));
    assert!(table.wait(MS));
}

#[tokio::test(start_paused = true)]
async fn spectators_get_a_round_s_seals_with_the_reveal_or_once_the_hold_is_over() {
    let (mut table, ann, bob) = Table::playing(RoomOptions::default());
    let watcher = table.watch();
    let (yellow, blue) = (table.seat_of(ann), table.seat_of(bob));
    table.events(watcher);
    table.seal_a_move(ann);
    // The players are told at once; spectators wait for the round's moves,
    // the hold at most.
    assert!(sealed_by(&table.events(bob), yellow));
    table.wait(HOLD - MS);
    assert!(!sealed_by(&table.events(watcher), yellow));
    table.wait(MS);
    assert!(sealed_by(&table.events(watcher), yellow));
    table.seal_a_move(bob);
    assert!(sealed_by(&table.events(ann), blue));
    table.wait(HOLD - MS);
    assert!(!sealed_by(&table.events(watcher), blue));
    table.wait(MS);
    assert!(sealed_by(&table.events(watcher), blue));
    // Next round, the moves and the openings come within the hold: both
    // seals and the reveal reach the spectators together.
    for conn in [ann, bob] {
        table.open(conn);
    }
    table.events(watcher);
    table.both_seal_a_move([ann, bob]);
    table.wait(HOLD / 2);
    let held = table.events(watcher);
    assert!(!sealed_by(&held, yellow) && !sealed_by(&held, blue));
    for conn in [ann, bob] {
        table.open(conn);
    }
    let events = table.events(watcher);
    assert!(sealed_by(&events, yellow) && sealed_by(&events, blue));
    assert!(
        events
            .iter()
            .any(|event| matches!(event, RoomEvent::Revealed { .. }))
    );
}

/// A frame held for a connection (a player's own seal) goes just before
/// whatever that connection is sent next, or alone once held its longest;
/// never to one who left, and nothing of a stopped room.
#[test]
fn a_held_frame_goes_just_before_what_its_connection_is_sent_next() {
    let (ann, bob) = (ConnId::next(), ConnId::next());
    let now = std::time::Instant::now();
    let mut outbox = Outbox::default();
    outbox.hold(ann, Frame::plain("ann's seal"), now);
    outbox.send(bob, Frame::plain("ann's seal"));
    // Held across turns: nothing else was sent to ann.
    assert_eq!(
        outbox.take(),
        vec![Delivery::Frame(bob, Frame::plain("ann's seal"))]
    );
    outbox.send(ann, Frame::plain("bob's seal"));
    outbox.hold(bob, Frame::plain("bob's seal"), now);
    outbox.offer(bob, Frame::plain("a chat line"));
    assert_eq!(
        outbox.take(),
        vec![
            Delivery::Frame(ann, Frame::plain("ann's seal")),
            Delivery::Frame(ann, Frame::plain("bob's seal")),
            Delivery::Frame(bob, Frame::plain("bob's seal")),
            Delivery::Offer(bob, Frame::plain("a chat line")),
        ]
    );
    // A second hold sends the first; a disconnection sends it before.
    outbox.hold(ann, Frame::plain("one"), now);
    outbox.hold(bob, Frame::plain("two"), now);
    outbox.disconnect(bob);
    assert_eq!(
        outbox.take(),
        vec![
            Delivery::Frame(ann, Frame::plain("one")),
            Delivery::Frame(bob, Frame::plain("two")),
            Delivery::Disconnect(bob),
        ]
    );
    // One who left is sent nothing more; a stopped room sends nothing.
    outbox.hold(ann, Frame::plain("three"), now);
    outbox.forget(ann);
    outbox.send(ann, Frame::plain("four"));
    assert_eq!(
        outbox.take(),
        vec![Delivery::Frame(ann, Frame::plain("four"))]
    );
    outbox.hold(bob, Frame::plain("five"), now);
    outbox.drop_all();
    outbox.send(bob, Frame::plain("six"));
    assert_eq!(
        outbox.take(),
        vec![Delivery::Frame(bob, Frame::plain("six"))]
    );
    // Held at most so long: then alone.
    outbox.hold(ann, Frame::plain("seven"), now);
    assert_eq!(outbox.held_until(), Some(now + HELD_AT_MOST));
    outbox.release_if_due(now + HELD_AT_MOST - Duration::from_millis(1));
    assert_eq!(outbox.take(), Vec::new());
    outbox.release_if_due(now + HELD_AT_MOST);
    assert_eq!(
        outbox.take(),
        vec![Delivery::Frame(ann, Frame::plain("seven"))]
    );
    assert_eq!(outbox.held_until(), None);
}

/// A player's own seal is held for what it is sent next (protocol 13): the
/// first to seal gets it with the other's seal, the second with the
/// reveal, so that a round reaches each in two writes; the opponent is
/// told of each seal at once. One who drops meanwhile finds it in the
/// state it comes back to; one whose opponent thinks on gets it alone,
/// [`HELD_AT_MOST`] after sealing.
#[tokio::test(start_paused = true)]
async fn a_player_s_own_seal_comes_with_what_it_is_sent_next() {
    let (mut table, ann, bob) = Table::playing(RoomOptions::default());
    let (yellow, blue) = (table.seat_of(ann), table.seat_of(bob));
    table.events(ann);
    table.events(bob);
    table.seal_a_move(ann);
    assert!(sealed_by(&table.events(bob), yellow));
    table.wait(HELD_AT_MOST / 2);
    assert_eq!(table.events(ann), Vec::new());
    table.seal_a_move(bob);
    let to_ann = table.events(ann);
    assert!(
        matches!(to_ann.as_slice(), [RoomEvent::Sealed { seat: first, .. }, RoomEvent::Sealed { seat: second, .. }]
            if *first == yellow && *second == blue),
        "{to_ann:?}"
    );
    assert_eq!(table.events(bob), Vec::new());
    table.open(ann);
    table.open(bob);
    let to_bob = table.events(bob);
    assert!(
        matches!(to_bob.as_slice(), [RoomEvent::Sealed { seat, .. }, RoomEvent::Revealed { .. }, RoomEvent::RoundStarted { .. }]
            if *seat == blue),
        "{to_bob:?}"
    );
    let to_ann = table.events(ann);
    assert!(
        matches!(
            to_ann.as_slice(),
            [RoomEvent::Revealed { .. }, RoomEvent::RoundStarted { .. }]
        ),
        "{to_ann:?}"
    );
    // An opponent who thinks on: the seal goes alone once held its longest,
    // so that the player sees it taken.
    table.seal_a_move(ann);
    table.wait(HELD_AT_MOST - MS);
    assert_eq!(table.events(ann), Vec::new());
    table.wait(MS);
    assert!(sealed_by(&table.events(ann), yellow));
    table.seal_a_move(bob);
    table.open(ann);
    table.open(bob);
    // Ann seals first again and drops: her seal is in the state she comes
    // back to, and the new connection is sent the rest.
    table.seal_a_move(ann);
    let back = table.come_back(yellow, ann).unwrap();
    let state = table
        .messages(back)
        .into_iter()
        .find_map(|message| match message {
            ServerMessage::Joined { state, .. } => Some(state),
            _ => None,
        });
    let exchange = state.and_then(|state| state.exchange).unwrap();
    assert!(exchange.seals[yellow].is_some() && exchange.seals[blue].is_none());
    table.seal_a_move(bob);
    assert!(sealed_by(&table.events(back), blue));
}

/// Coming back again and again (a new connection taking the seat back
/// every 200 ms, as a client that reconnects does) never restarts the time
/// to open: the game ends as it runs out.
#[tokio::test(start_paused = true)]
async fn coming_back_again_and_again_does_not_buy_time_to_open() {
    let (mut table, ann, bob) = Table::playing(RoomOptions::default());
    table.both_seal_a_move([ann, bob]);
    table.open(bob);
    let started = table.now;
    let yellow = table.seat_of(ann);
    let step = Duration::from_millis(200);
    let mut present = ann;
    while table.now + step < started + OPEN {
        table.wait(step);
        present = table.come_back(yellow, present).unwrap();
    }
    assert_eq!(table.ended_at, None);
    table.wait(started + OPEN - table.now);
    assert_eq!(table.ended_at, Some(started + OPEN));
    assert_eq!(
        table.ending(bob),
        Some(Ending::Aborted {
            seat: Some(yellow),
            cause: ForfeitCause::NotOpened
        })
    );
}

/// The stall of issue 32: Blue has opened; Yellow, who has not, goes away
/// for most of the grace and comes back for most of the time to open, again
/// and again. Each is one budget for the round, which no return restarts:
/// Yellow's grace is spent in two absences, and the game ends as it runs
/// out, within the two budgets.
#[tokio::test(start_paused = true)]
async fn going_away_and_coming_back_cannot_stall_an_opening() {
    let (mut table, ann, bob) = Table::playing(RoomOptions::default());
    table.both_seal_a_move([ann, bob]);
    table.open(bob);
    let started = table.now;
    let yellow = table.seat_of(ann);
    let mut present = Some(ann);
    for _ in 0..6 {
        let Some(conn) = present else {
            break;
        };
        table.give(Command::from(conn, Act::Disconnected));
        table.wait(GRACE * 4 / 5);
        present = table.come_back(yellow, conn);
        table.wait(OPEN * 2 / 3);
        if table.ended_at.is_some() {
            break;
        }
    }
    // Away 16 s, back 6.7 s, away again: the 4 s of grace left run out.
    assert_eq!(table.ended_at, Some(started + GRACE + OPEN * 2 / 3));
    assert_eq!(
        table.ending(bob),
        Some(Ending::Aborted {
            seat: Some(yellow),
            cause: ForfeitCause::Disconnected
        })
    );
}

/// A pairing whose paired player never seals the deal (their server died
/// as the pairing was made, before their client heard of it) is called off
/// as the arrival time runs out: the other is told and seeks on, and
/// nobody is held to a game their client never knew of (no abort).
#[tokio::test(start_paused = true)]
async fn a_pairing_whose_player_never_seals_the_deal_is_called_off_with_no_game_held_against_them()
{
    let mut table = Table::for_pairing();
    let ann = table.sit("Ann");
    let ghost = table.sit("Bob");
    assert_eq!(table.room.status, RoomStatus::Playing);
    table.seal(ann, Assignment::EMPTY);
    table.give(Command::from(ghost, Act::Disconnected));
    table.messages(ann);
    assert!(!table.wait(ARRIVAL - MS));
    assert!(table.wait(MS));
    let told = table.messages(ann);
    assert!(
        told.iter()
            .any(|message| matches!(message, ServerMessage::Unpaired { requeued: true, .. })),
        "{told:?}"
    );
    assert!(!told.iter().any(|message| matches!(
        message,
        ServerMessage::Event { event, .. } if matches!(**event, RoomEvent::GameOver { .. })
    )));
    assert!(table.room.unsaved_games.is_empty());
}

/// A player who sits and withholds their deal's seal (to turn down the
/// opponent they were paired with, say) gets the pairing called off, but
/// only the one who sealed seeks on at the head of the queue: the
/// withholder's seek ends.
#[tokio::test(start_paused = true)]
async fn a_player_who_sits_and_withholds_the_deal_s_seal_is_not_sent_back_to_the_head() {
    let mut table = Table::for_pairing();
    let ann = table.sit("Ann");
    let dodger = table.sit("Bob");
    table.seal(ann, Assignment::EMPTY);
    table.messages(ann);
    table.messages(dodger);
    assert!(table.wait(ARRIVAL));
    let requeued = |messages: Vec<ServerMessage>| {
        let called_off: Vec<bool> = messages
            .iter()
            .filter_map(|message| match message {
                ServerMessage::Unpaired { requeued, .. } => Some(*requeued),
                _ => None,
            })
            .collect();
        assert_eq!(called_off.len(), 1, "{messages:?}");
        called_off[0]
    };
    assert!(requeued(table.messages(ann)));
    assert!(!requeued(table.messages(dodger)));
    assert!(table.room.unsaved_games.is_empty());
}

/// As a nemesis found: a pairing's room whose storage stalled (PostgreSQL
/// away for seconds) answered nobody meanwhile, and the second player, who
/// could only sit once it answered again, was blamed for a deal they had a
/// tenth of a second to seal. The time the room held is nobody's: the
/// players' time to arrive is moved on by it, as every other clock is.
#[tokio::test(start_paused = true)]
async fn a_pairing_s_time_to_arrive_is_moved_on_by_the_time_its_room_held() {
    const HELD: Duration = Duration::from_secs(6);
    let mut table = Table::for_pairing();
    let ann = table.sit("Ann");
    // The room holds on a write for most of the time to arrive; the time
    // passes, and then the room goes on, its clocks moved on.
    table.now += ARRIVAL - MS;
    table.room.postpone_clocks(HELD);
    let late = table.sit("Bob");
    table.seal(ann, Assignment::EMPTY);
    table.messages(ann);
    table.messages(late);
    // Bob has the time the room held to seal his deal: nothing is called
    // off until it runs out, and his seal in it begins the game.
    assert!(!table.wait(HELD));
    assert!(!table.was_unpaired(late));
    table.seal(late, Assignment::EMPTY);
    for conn in [ann, late] {
        table.open(conn);
    }
    assert_eq!(table.round(), 1);
    assert!(!table.wait(ARRIVAL));
    assert_eq!(table.room.status, RoomStatus::Playing);
    assert!(!table.was_unpaired(ann));
}

/// As a nemesis found (issue 60): an arena's players take its room's seats
/// in the order they come, not in the order the arena paired them. A
/// pairing called off for a withheld deal names the withholder to the arena
/// by key: the arena's Blue who sat first (Yellow here) and sealed is paired
/// again, never paused for a deal it sealed.
#[tokio::test(start_paused = true)]
async fn an_arena_room_called_off_names_who_held_the_deal_back_by_key() {
    let arena: mice_cake_protocol::ArenaId = "K7M2QX9P".parse().unwrap();
    let mut table = Table::made(RoomOptions::default(), Made::Arena(arena), |_| {});
    let secrets = [
        mice_cake_engine::PlayerSecret::from_bytes([1; 32]),
        mice_cake_engine::PlayerSecret::from_bytes([2; 32]),
    ];
    let mut conns = Vec::new();
    for (secret, name) in secrets.iter().zip(["Bea", "Dan"]) {
        let member = table.member();
        conns.push(member.conn);
        let (reply, mut answer) = oneshot::channel();
        table.give(Command::seat(
            member,
            Act::Join {
                name: name.into(),
                token: JoinToken::Make,
                seating: Seating {
                    key: Some(secret.public_key()),
                    proven: true,
                    ..Seating::default()
                },
            },
            reply,
        ));
        answer.try_recv().unwrap().unwrap();
    }
    // Bea sat first (Yellow) and seals her deal; Dan withholds his.
    let exchange = table.room.round.exchange.as_ref().unwrap();
    let (round, commitment) = (exchange.round, exchange.commitment);
    let seat = table.seat_of(conns[0]);
    let seal = fair::seal(
        commitment,
        round,
        seat,
        &Assignment::EMPTY,
        Nonce::from_bytes([9; 32]),
    );
    table.give(Command::from(
        conns[0],
        Act::Seal {
            round,
            seal,
            signature: SealSigning::Unchecked(Some(secrets[0].sign(seal))),
        },
    ));
    assert!(table.wait(ARRIVAL));
    let reported = table.effects.iter().find_map(|effect| match effect {
        Effect::Arena(crate::room::ArenaReport::CalledOff { held_back, .. }) => Some(*held_back),
        _ => None,
    });
    assert_eq!(reported, Some(Some(secrets[1].public_key())));
}

/// Neither sealed their deal in time (their nodes stalled, say): nobody is
/// to blame, and both seek on at the head of the queue.
#[tokio::test(start_paused = true)]
async fn a_deal_neither_player_sealed_sends_both_back_to_the_head() {
    let mut table = Table::for_pairing();
    let ann = table.sit("Ann");
    let bob = table.sit("Bob");
    table.messages(ann);
    table.messages(bob);
    assert!(table.wait(ARRIVAL));
    for conn in [ann, bob] {
        let told = table.messages(conn);
        assert!(
            told.iter()
                .any(|message| matches!(message, ServerMessage::Unpaired { requeued: true, .. })),
            "{told:?}"
        );
    }
}

/// Once both sealed their deal, the pairing is theirs: the arrival time
/// passing calls nothing off.
#[tokio::test(start_paused = true)]
async fn a_pairing_both_players_sealed_the_deal_of_is_not_called_off() {
    let mut table = Table::for_pairing();
    let ann = table.sit("Ann");
    let bob = table.sit("Bob");
    for conn in [ann, bob] {
        table.seal(conn, Assignment::EMPTY);
    }
    assert!(!table.wait(ARRIVAL + GRACE));
    assert!(!table.was_unpaired(ann));
}

#[tokio::test(start_paused = true)]
async fn the_last_person_leaving_closes_the_room_at_once() {
    let mut table = Table::new(RoomOptions::default());
    let ann = table.sit("Ann");
    table.give(Command::from(ann, Act::Leave { signature: None }));
    assert!(table.room.closing);
}

/// Rounds go by at the deadline while Yellow is away, far more events than
/// a quarter of a connection's queue: coming back, Yellow is sent the state
/// alone, then every round so far, then its own return.
#[tokio::test(start_paused = true)]
async fn after_many_missed_events_a_resume_sends_the_state_then_the_rounds() {
    let options = RoomOptions {
        deadline_ms: Some(50),
        ..RoomOptions::default()
    };
    let mut table = Table::with(options, |config| {
        config.outbound_queue = 16;
        config.missed_deadlines = 1_000;
    });
    let ann = table.sit("Ann");
    let bob = table.sit("Bob");
    for conn in [ann, bob] {
        table.seal(conn, Assignment::EMPTY);
    }
    for conn in [ann, bob] {
        table.open(conn);
    }
    let yellow = table.seat_of(ann);
    table.give(Command::from(ann, Act::Disconnected));
    table.wait(Duration::from_millis(600));
    let back = table.come_back_after(yellow, ann, Some(0)).unwrap();
    let mut told = table.messages(back).into_iter();
    let Some(ServerMessage::Joined { state, .. }) = told.next() else {
        panic!("expected the seat back");
    };
    assert!(state.seq > 16, "only {} events", state.seq);
    let round = state.view.as_ref().unwrap().round;
    assert!(round > 3, "round {round}");
    let mut rounds = Vec::new();
    let next = loop {
        match told.next() {
            Some(ServerMessage::History { game, rounds: some }) => {
                assert_eq!(game, state.game);
                rounds.extend(some.into_iter().map(|played| played.report.round));
            }
            other => break other,
        }
    };
    assert_eq!(rounds, (1..round).collect::<Vec<_>>());
    assert!(matches!(
        next,
        Some(ServerMessage::Event { event, .. })
            if matches!(*event, RoomEvent::Connection { connected: true, .. })
    ));
}

/// The tallies among `effects`.
fn tallies(effects: &[Effect]) -> Vec<Tally> {
    effects
        .iter()
        .filter_map(|effect| match effect {
            Effect::Count(tally) => Some(*tally),
            _ => None,
        })
        .collect()
}

#[tokio::test(start_paused = true)]
async fn a_seat_token_leads_to_the_room_while_its_player_holds_the_seat_and_no_longer() {
    let mut table = Table::new(RoomOptions::default());
    let ann = table.sit("Ann");
    let seat = table.seat_of(ann);
    let token = table.room.seats[seat].as_ref().unwrap().token.unwrap();
    assert_eq!(table.effects(), vec![Effect::RegisterSeat(token)]);
    // Away and back: the same token, nothing to change.
    let ann = table.come_back(seat, ann).unwrap();
    assert_eq!(table.effects(), vec![]);
    table.give(Command::from(ann, Act::Leave { signature: None }));
    assert_eq!(table.effects(), vec![Effect::ForgetSeat(token)]);
}

#[tokio::test(start_paused = true)]
async fn a_seat_freed_past_its_grace_forgets_its_token_as_the_grace_ends() {
    let mut table = Table::new(RoomOptions::default());
    let ann = table.sit("Ann");
    let bob = table.sit("Bob");
    let seat = table.seat_of(bob);
    let token = table.room.seats[seat].as_ref().unwrap().token.unwrap();
    table.give(Command::from(ann, Act::Leave { signature: None }));
    table.effects();
    table.give(Command::from(bob, Act::Disconnected));
    table.wait(GRACE - MS);
    assert!(!table.effects().contains(&Effect::ForgetSeat(token)));
    table.wait(MS);
    assert!(table.effects().contains(&Effect::ForgetSeat(token)));
}

#[tokio::test(start_paused = true)]
async fn a_game_counts_its_start_each_round_its_end_and_each_refusal_by_its_code() {
    let (mut table, ann, bob) = Table::playing(RoomOptions::default());
    assert_eq!(
        tallies(&table.effects()),
        vec![Tally::GameStarted],
        "the deal is no round"
    );
    table.both_seal_a_move([ann, bob]);
    table.open(ann);
    table.open(bob);
    assert_eq!(tallies(&table.effects()), vec![Tally::Round]);
    // A move for a round long gone is refused, and counted as such.
    table.give(Command::from(
        ann,
        Act::Open {
            round: 1,
            assignment: Some(Assignment::EMPTY),
            nonce: Nonce::from_bytes([0; 32]),
        },
    ));
    let refused = tallies(&table.effects());
    assert!(
        matches!(refused.as_slice(), [Tally::Refused(code)] if !code.is_empty()),
        "{refused:?}"
    );
    table.give(Command::from(bob, Act::Leave { signature: None }));
    assert_eq!(
        tallies(&table.effects()),
        vec![Tally::GameFinished("forfeit")]
    );
}

#[tokio::test(start_paused = true)]
async fn a_chat_line_and_a_finished_game_bear_the_wall_clock_of_their_turn() {
    let (mut table, ann, bob) = Table::playing(RoomOptions::default());
    table.wait(Duration::from_millis(4_321));
    table.messages(bob);
    table.give(Command::from(
        ann,
        Act::Chat {
            name: "Ann".into(),
            text: "good luck".into(),
        },
    ));
    let stamped = table
        .messages(bob)
        .into_iter()
        .find_map(|message| match message {
            ServerMessage::Chat { at_ms, .. } => Some(at_ms),
            _ => None,
        });
    assert_eq!(stamped, Some(START_MS + 4_321));
    table.wait(Duration::from_secs(1));
    table.give(Command::from(bob, Act::Leave { signature: None }));
    let finished = table.room.unsaved_games.last().unwrap();
    assert_eq!(finished.finished_at_ms, START_MS + 5_321);
}

/// Every live room holds its core for life: what only rated rooms need is
/// boxed (docs/performance.md, "Memory per connection"). A field that makes
/// it grow fails here before it costs every room its bytes. Its task,
/// around it, is held to one of jemalloc's size classes
/// (`a_room_s_task_stays_within_its_size_class`).
#[test]
fn what_every_room_holds_for_life_stays_small() {
    let room = size_of::<super::Room>();
    assert!(room <= 2_432, "a room's core is {room} bytes");
}

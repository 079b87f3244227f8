//! The room's task around its rules: what it answers when the rules
//! stop before they answer.

use std::sync::Arc;
use std::sync::atomic::AtomicUsize;

use mice_cake_protocol::RoomOptions;
use tokio_util::sync::CancellationToken;
use tokio_util::task::TaskTracker;

use super::RoomTask;
use crate::clock::UptimeClock;
use crate::config::Config;
use crate::outbound::Outbound;
use crate::random::ServerRng;
use crate::room::core::table::Table;
use crate::room::{Act, Command, Member, RoomContext, RoomsHere, Seating};
use crate::store::{MemoryStore, Storage};

/// What rooms share, on a store in memory.
fn context() -> Arc<RoomContext> {
    let config = Config::with_bind(([127, 0, 0, 1], 0).into());
    let clock = UptimeClock::resume_from(0);
    Arc::new(RoomContext {
        rng: ServerRng::new(config.seed, 1).unwrap(),
        storage: Storage::start(Arc::new(MemoryStore::new(10)), clock).unwrap(),
        config: Arc::new(config),
        clock,
        shutdown: CancellationToken::new(),
        directory: Arc::new(RoomsHere::default()),
        arena_mail: crate::room::ArenaMail::new().0,
        playing: AtomicUsize::new(0),
        tasks: TaskTracker::new(),
    })
}

/// As a nemesis found (issue 60): a node back from a pause asks its stale
/// copy of a room, which stops as it learns another node runs the room
/// now, to take a seat back. The copy never answers; the connection must
/// be told to try again (`unavailable`), never that the room has closed,
/// which a client takes as final and gives up a game still under way.
#[tokio::test]
async fn a_room_that_stops_here_before_answering_never_says_it_has_closed() {
    let (table, ann, _bob) = Table::playing(RoomOptions::default());
    let code = table.room.code();
    let handle = crate::room::start(code, RoomTask::new(table.room, context()));
    assert!(handle.send(Command::from_server(Act::HandedOver)).await);
    let (outbound, _inbound) = Outbound::new(16);
    let member = Member {
        conn: ann,
        outbound,
    };
    let token = crate::token::token_hash(&mice_cake_protocol::SeatToken::from_bytes([7; 16]));
    let answer = handle
        .ask(|reply| {
            Command::seat(
                member,
                Act::Resume {
                    token,
                    last_seq: None,
                    seating: Seating::default(),
                },
                reply,
            )
        })
        .await;
    let refusal = answer.expect_err("a stopped copy seats nobody");
    assert_eq!(
        refusal.code,
        mice_cake_protocol::ErrorCode::Unavailable,
        "{}",
        refusal.message
    );
    // Asked once it is gone altogether: the same.
    let refusal = handle.ask(Command::barrier).await.expect_err("gone");
    assert_eq!(refusal.code, mice_cake_protocol::ErrorCode::Unavailable);
}

/// A room's task is boxed whole when it starts, and lives as long as the
/// room: it is held to one of jemalloc's size classes (2,560 bytes; the
/// next is 3,072, which a task of 2,816 took: docs/performance.md, "Memory
/// per connection"). The room's core is held apart by
/// `what_every_room_holds_for_life_stays_small`.
#[test]
fn a_room_s_task_stays_within_its_size_class() {
    let task = size_of::<RoomTask>();
    assert!(task <= 2_560, "a room's task is {task} bytes");
}

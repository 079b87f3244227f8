//! What every store does, run against each backend: SQLite's tests call
//! these with an in-memory database, PostgreSQL's with a database of their
//! own ([`TestDatabase`]), the memory store's with the finished games alone.

use mice_cake_engine::{MatchId, Options, Policy, RecordedGame, Seat, Seated, Seed, Viewer};
use mice_cake_protocol::{
    Ending, FinishedGame, ForfeitCause, GameId, GameResult, MatchPlayer, MatchStatus, MatchSummary,
    RoomCode,
};

use super::{
    GamesQuery, LogEntry, RoomSnapshot, RoomUpdate, RoomWrite, RunStart, Store, StoredRound,
};

/// A finished game numbered `n` between these players.
pub(crate) fn a_finished_game(n: u64, yellow: &str, blue: &str) -> FinishedGame {
    let record = RecordedGame::new(Options::default(), Seed::from_u64(n))
        .expect("the default options deal")
        .record()
        .expect("a game just dealt has its record");
    FinishedGame {
        id: GameId::from_u128(u128::from(n)),
        room: "K7QMX".parse::<RoomCode>().expect("a room code"),
        players: Seated {
            yellow: yellow.to_owned(),
            blue: blue.to_owned(),
        },
        result: GameResult {
            winner: Some(Seat::Blue),
            score: Seated::default(),
            ending: Ending::Forfeit {
                seat: Seat::Yellow,
                cause: ForfeitCause::Left,
            },
        },
        finished_at_ms: 1_700_000_000_000 + n,
        // Every other game had a clock: both kinds are stored.
        deadline_ms: (n % 2 == 1).then_some(60_000),
        record: Some(record),
        aborted_deal: None,
        chat: Vec::new(),
        rated: None,
        missed_deadline_limit: Some(3),
        arena: None,
        match_game: None,
    }
}

/// A room's write that carries only `game`, finished.
pub(crate) fn finishing(game: &FinishedGame) -> RoomWrite {
    RoomWrite::Update(Box::new(RoomUpdate::finishing(
        game.room,
        vec![game.clone()],
    )))
}

/// Every game, on one page.
pub(crate) fn every_game() -> GamesQuery {
    GamesQuery {
        player: None,
        before: None,
        limit: 100,
    }
}

fn ids_listed(store: &dyn Store, query: &GamesQuery) -> (Vec<GameId>, Option<u64>) {
    let page = store.games(query).unwrap();
    (page.games.iter().map(|game| game.id).collect(), page.next)
}

pub(crate) fn finished_games_are_listed_newest_first_by_player_page_by_page(store: &dyn Store) {
    let games = [
        a_finished_game(1, "Ada", "Bea"),
        a_finished_game(2, "Cy", "Dan"),
        a_finished_game(3, "Bea", "ADA"),
        a_finished_game(4, "Ada", "Ada"),
    ];
    store.write(&[finishing(&games[0])], 0).unwrap();
    // Several rooms' games in one write.
    store
        .write(&[finishing(&games[1]), finishing(&games[2])], 0)
        .unwrap();
    store.write(&[finishing(&games[3])], 0).unwrap();
    let id = |n: usize| games[n - 1].id;

    let mut query = GamesQuery {
        player: Some("ada".into()),
        before: None,
        limit: 2,
    };
    let (listed, next) = ids_listed(store, &query);
    assert_eq!(
        listed,
        [id(4), id(3)],
        "newest first, case ignored, once each"
    );
    query.before = Some(next.expect("a next page"));
    let (listed, next) = ids_listed(store, &query);
    assert_eq!((listed, next), (vec![id(1)], None));

    let (listed, next) = ids_listed(store, &every_game());
    assert_eq!((listed, next), (vec![id(4), id(3), id(2), id(1)], None));
    query.player = Some("nobody".into());
    assert_eq!(ids_listed(store, &query), (Vec::new(), None));

    let kept = store.game(&id(2)).unwrap().expect("game 2 kept");
    assert_eq!(kept, games[1]);
    assert_eq!(store.game(&GameId::from_u128(99)).unwrap(), None);
}

/// A finished game keeps its room's round deadline, and a game played
/// without one reads back without one.
pub(crate) fn a_finished_game_keeps_its_rooms_round_deadline(store: &dyn Store) {
    let timed = FinishedGame {
        deadline_ms: Some(90_000),
        ..a_finished_game(1, "Ada", "Bea")
    };
    let untimed = FinishedGame {
        deadline_ms: None,
        ..a_finished_game(2, "Ada", "Bea")
    };
    store
        .write(&[finishing(&timed), finishing(&untimed)], 0)
        .unwrap();
    let deadline_of = |game: &FinishedGame| {
        store
            .game(&game.id)
            .unwrap()
            .expect("the game is kept")
            .deadline_ms
    };
    assert_eq!(deadline_of(&timed), Some(90_000));
    assert_eq!(deadline_of(&untimed), None);
}

/// A finished game as servers stored it before they kept its round
/// deadline: its id, and the `summary` and `game` columns' JSON.
pub(crate) fn a_game_stored_before_deadlines() -> (GameId, String, String) {
    let game = a_finished_game(7, "Old", "Timer");
    let mut json = serde_json::to_value(&game).unwrap();
    json.as_object_mut().unwrap().remove("deadline_ms");
    let summary = serde_json::to_string(&mice_cake_protocol::GameSummary::of(&game)).unwrap();
    (game.id, summary, json.to_string())
}

/// `store` holds [`a_game_stored_before_deadlines`]: it reads back with no
/// deadline, as played by a room without one.
pub(crate) fn a_game_stored_before_deadlines_reads_none(store: &dyn Store) {
    let (id, _, _) = a_game_stored_before_deadlines();
    let game = store.game(&id).unwrap().expect("the older game is kept");
    assert_eq!(game.deadline_ms, None);
    assert_eq!(game.players.yellow, "Old");
}

pub(crate) fn only_the_latest_finished_games_are_kept_when_bounded(store: &dyn Store) {
    let games: Vec<_> = (1..=3).map(|n| a_finished_game(n, "Ada", "Bea")).collect();
    for game in &games {
        store.write(&[finishing(game)], 0).unwrap();
        store.save_analysis(&game.id, 1, "{}").unwrap();
    }
    let (listed, _) = ids_listed(store, &every_game());
    assert_eq!(listed, [games[2].id, games[1].id]);
    assert_eq!(store.game(&games[0].id).unwrap(), None, "the oldest went");
    assert!(store.game(&games[1].id).unwrap().is_some());
    // Its analysis went with it, once another game came.
    store
        .write(&[finishing(&a_finished_game(4, "Ada", "Bea"))], 0)
        .unwrap();
    assert_eq!(store.analysis(&games[0].id, 1).unwrap(), None);
    assert_eq!(
        store.analysis(&games[2].id, 1).unwrap().as_deref(),
        Some("{}")
    );
}

pub(crate) fn a_run_is_counted_only_when_it_begins_and_the_uptime_rides_with_writes(
    store: &dyn Store,
) {
    let first = store.next_run().unwrap();
    assert_eq!(
        first,
        RunStart {
            run: 1,
            uptime_ms: 0
        }
    );
    assert_eq!(store.next_run().unwrap(), first, "reading counts nothing");
    store.begin_run(first.run).unwrap();
    store.write(&[], 4_200).unwrap();
    assert_eq!(
        store.next_run().unwrap(),
        RunStart {
            run: 2,
            uptime_ms: 4_200
        }
    );
    store.set_uptime(5_000).unwrap();
    assert_eq!(store.next_run().unwrap().uptime_ms, 5_000);
}

fn room_write(
    code: RoomCode,
    snapshot: Option<RoomSnapshot>,
    entry: Option<LogEntry>,
    log_position: u32,
) -> RoomUpdate {
    RoomUpdate {
        code,
        fresh: false,
        snapshot,
        entry,
        log_position,
        new_game: false,
        rounds: Vec::new(),
        finished: Vec::new(),
        matches: Vec::new(),
    }
}

/// A room's first write (a snapshot, and these rounds); returns the
/// snapshot.
fn a_room_written_fresh(
    store: &dyn Store,
    code: RoomCode,
    rounds: Vec<StoredRound>,
) -> RoomSnapshot {
    let snapshot = crate::store::log::tests::a_room();
    write(
        store,
        RoomUpdate {
            fresh: true,
            rounds,
            ..room_write(code, Some(snapshot.clone()), None, 0)
        },
    );
    snapshot
}

fn write(store: &dyn Store, update: RoomUpdate) {
    store
        .write(&[RoomWrite::Update(Box::new(update))], 0)
        .unwrap();
}

pub(crate) fn a_rooms_log_is_applied_to_its_snapshot_and_a_new_snapshot_empties_it(
    store: &dyn Store,
) {
    let code: RoomCode = "K7QMX".parse().unwrap();
    let snapshot = a_room_written_fresh(store, code, Vec::new());
    let mut moved = snapshot.clone();
    moved.last_seq += 1;
    moved.deadline = Some(9_000);
    let first = snapshot.entry_to(&moved).unwrap();
    write(store, room_write(code, None, Some(first), 0));
    let mut moved_again = moved.clone();
    moved_again.last_seq += 1;
    moved_again.deadline = None;
    let second = moved.entry_to(&moved_again).unwrap();
    // Written twice (a retry after a failure): in the same place.
    write(store, room_write(code, None, Some(second.clone()), 1));
    write(store, room_write(code, None, Some(second), 1));

    let rooms = store.live_rooms().unwrap();
    assert_eq!(rooms.len(), 1);
    assert_eq!(rooms[0].code, code);
    assert_eq!(rooms[0].snapshot, moved_again);
    assert_eq!(rooms[0].logged, 2);

    let mut seated = moved_again.clone();
    seated.game_number += 1;
    assert!(moved_again.entry_to(&seated).is_none(), "not a moving part");
    write(store, room_write(code, Some(seated.clone()), None, 2));
    let rooms = store.live_rooms().unwrap();
    assert_eq!((&rooms[0].snapshot, rooms[0].logged), (&seated, 0));
}

/// The rounds of a game, as a room stores them.
fn rounds_of(seed: u64, count: usize) -> Vec<StoredRound> {
    let mut game = RecordedGame::new(Options::default(), Seed::from_u64(seed)).unwrap();
    let mut bots = Seed::from_u64(seed).stream(1);
    for _ in 0..count {
        let view = game.game().view(Viewer::Spectator);
        let yellow = Policy::Random.choose(&view, Seat::Yellow, &mut bots);
        let blue = Policy::Random.choose(&view, Seat::Blue, &mut bots);
        game.play_round(&yellow, &blue).unwrap();
    }
    StoredRound::of(&game, 0, &[]).unwrap()
}

pub(crate) fn a_rooms_rounds_last_until_a_new_game_and_a_closed_room_leaves_nothing(
    store: &dyn Store,
) {
    let (code, other): (RoomCode, RoomCode) = ("K7QMX".parse().unwrap(), "B4TTR".parse().unwrap());
    let snapshot = crate::store::log::tests::a_room();
    let rounds = rounds_of(3, 4);
    let with_rounds = |code, rounds: &[StoredRound]| RoomUpdate {
        fresh: true,
        rounds: rounds.to_vec(),
        ..room_write(code, Some(snapshot.clone()), None, 0)
    };
    write(store, with_rounds(code, &rounds[..3]));
    write(store, with_rounds(other, &rounds[..1]));
    // The fourth round, then the same one again (a retry): stored once.
    for _ in 0..2 {
        write(
            store,
            RoomUpdate {
                rounds: rounds[3..].to_vec(),
                ..room_write(code, None, None, 0)
            },
        );
    }
    let stored = store.live_rooms().unwrap();
    let room = stored.iter().find(|room| room.code == code).unwrap();
    assert_eq!(room.rounds, rounds);

    // A new game: the last one's rounds go, the new one's come.
    let next = rounds_of(4, 1);
    write(
        store,
        RoomUpdate {
            new_game: true,
            rounds: next.clone(),
            ..room_write(code, None, None, 0)
        },
    );
    let stored = store.live_rooms().unwrap();
    let room = stored.iter().find(|room| room.code == code).unwrap();
    assert_eq!(room.rounds, next);

    // Closed: nothing of it is left, and the other room is untouched.
    store.write(&[RoomWrite::Remove(code)], 0).unwrap();
    let stored = store.live_rooms().unwrap();
    assert_eq!(stored.len(), 1);
    assert_eq!(stored[0].code, other);
    assert_eq!(stored[0].rounds, rounds[..1]);
}

pub(crate) fn a_rooms_first_write_replaces_what_an_earlier_room_left_under_its_code(
    store: &dyn Store,
) {
    let code: RoomCode = "K7QMX".parse().unwrap();
    // An earlier room under this code, with a log and rounds, that could
    // not be forgotten.
    let snapshot = a_room_written_fresh(store, code, rounds_of(5, 2));
    let mut moved = snapshot.clone();
    moved.last_seq += 1;
    write(
        store,
        room_write(code, None, Some(snapshot.entry_to(&moved).unwrap()), 0),
    );
    // A new room under the same code: its first write.
    let mut fresh = snapshot.clone();
    fresh.game_number = 0;
    write(
        store,
        RoomUpdate {
            fresh: true,
            ..room_write(code, Some(fresh.clone()), None, 0)
        },
    );
    let stored = store.live_rooms().unwrap();
    assert_eq!(stored.len(), 1);
    assert_eq!((&stored[0].snapshot, stored[0].logged), (&fresh, 0));
    assert!(stored[0].rounds.is_empty());
}

/// Match `n` begun in room K7QMX, first to 3: Ada (with a key) and Bea
/// (without), no game played yet.
pub(crate) fn a_match(n: u8) -> MatchSummary {
    MatchSummary {
        id: MatchId::from_bytes([n; 16]),
        room: "K7QMX".parse().expect("a room code"),
        first_to: 3,
        status: MatchStatus::Playing,
        players: [
            MatchPlayer {
                key: Some(a_key(1)),
                name: "Ada".into(),
                wins: 0,
            },
            MatchPlayer {
                key: None,
                name: "Bea".into(),
                wins: 0,
            },
        ],
        games: Vec::new(),
        winner: None,
    }
}

/// A room's write that carries only these matches, as they stand, and
/// these games, finished.
fn with_matches(games: &[FinishedGame], matches: &[MatchSummary]) -> RoomWrite {
    let mut update = RoomUpdate::finishing("K7QMX".parse().expect("a room code"), games.to_vec());
    update.matches = matches.to_vec();
    RoomWrite::Update(Box::new(update))
}

/// A match is kept under its id as its room last wrote it: begun (with
/// nothing else in the write), a game of it counted (with that game),
/// over; written twice in one batch, the later write wins.
pub(crate) fn a_match_is_kept_as_it_last_stood(store: &dyn Store) {
    let begun = a_match(1);
    let other = a_match(2);
    store
        .write(&[with_matches(&[], std::slice::from_ref(&begun))], 0)
        .unwrap();
    assert_eq!(
        store.match_summary(begun.id).unwrap().as_ref(),
        Some(&begun)
    );
    assert_eq!(
        store.match_summary(other.id).unwrap(),
        None,
        "never written"
    );

    let game = a_finished_game(1, "Ada", "Bea");
    let mut counted = begun.clone();
    counted.players[1].wins = 1;
    counted.games.push(game.id);
    store
        .write(
            &[with_matches(
                std::slice::from_ref(&game),
                &[counted.clone(), other.clone()],
            )],
            0,
        )
        .unwrap();
    assert_eq!(
        store.match_summary(begun.id).unwrap().as_ref(),
        Some(&counted)
    );
    assert_eq!(
        store.match_summary(other.id).unwrap().as_ref(),
        Some(&other)
    );
    assert!(
        store.game(&game.id).unwrap().is_some(),
        "stored with its game"
    );

    // Two writes of the room in one batch (the storage thread's), the
    // match over in the second.
    let second = a_finished_game(2, "Bea", "Ada");
    let mut almost = counted.clone();
    almost.players[1].wins = 2;
    let mut won = almost.clone();
    won.players[1].wins = 3;
    won.games.push(second.id);
    won.status = MatchStatus::Won;
    won.winner = Some(1);
    store
        .write(
            &[
                with_matches(&[], &[almost]),
                with_matches(std::slice::from_ref(&second), &[won.clone()]),
            ],
            0,
        )
        .unwrap();
    assert_eq!(store.match_summary(begun.id).unwrap().as_ref(), Some(&won));
    assert_eq!(
        store.match_summary(other.id).unwrap().as_ref(),
        Some(&other)
    );
    assert_eq!(
        store
            .match_summary(MatchId::from_bytes([0xee; 16]))
            .unwrap(),
        None
    );
}

/// A PostgreSQL database of a test's own, dropped after it, on the server
/// `tests/services.sh` starts (`MICE_CAKE_TEST_POSTGRES`).
pub(crate) struct TestDatabase {
    /// The server's URL, whose database creates and drops this one.
    admin: String,
    name: String,
    /// This database's URL.
    pub(crate) url: String,
}

impl TestDatabase {
    /// A fresh database; `None` (the test says it was skipped) when no
    /// server was given, unless `MICE_CAKE_REQUIRE_SERVICES=1`, as in CI.
    #[allow(
        clippy::print_stderr,
        reason = "a skipped test says so in the test output"
    )]
    pub(crate) fn create() -> Option<TestDatabase> {
        use r2d2_postgres::postgres::{Client, NoTls};
        let Some(admin) = crate::test_services::service("MICE_CAKE_TEST_POSTGRES") else {
            eprintln!("skipped: no PostgreSQL (MICE_CAKE_TEST_POSTGRES; see tests/services.sh)");
            return None;
        };
        static MADE: std::sync::atomic::AtomicU32 = std::sync::atomic::AtomicU32::new(0);
        let made = MADE.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
        let name = format!("mc_test_{}_{made}", std::process::id());
        Client::connect(&admin, NoTls)
            .expect("the test PostgreSQL answers")
            .batch_execute(&format!("CREATE DATABASE {name}"))
            .expect("a test database can be created");
        let (server, _) = admin
            .rsplit_once('/')
            .expect("MICE_CAKE_TEST_POSTGRES ends with a database name");
        let url = format!("{server}/{name}");
        Some(TestDatabase { admin, name, url })
    }
}

impl Drop for TestDatabase {
    fn drop(&mut self) {
        use r2d2_postgres::postgres::{Client, NoTls};
        if let Ok(mut admin) = Client::connect(&self.admin, NoTls) {
            let _ = admin.batch_execute(&format!("DROP DATABASE {} WITH (FORCE)", self.name));
        }
    }
}

/// A rated game between the players with these keys (by seat), numbered
/// `n`, won by `winner`, in the standard pool.
pub(crate) fn a_rated_game(
    n: u64,
    keys: Seated<mice_cake_engine::PlayerKey>,
    winner: Option<Seat>,
) -> FinishedGame {
    let mut game = a_finished_game(n, "Ada", "Bea");
    game.result.winner = winner;
    // A day apart: the same two keys count at most three times in 24 hours.
    game.finished_at_ms = 1_700_000_000_000 + n * mice_cake_protocol::PAIR_WINDOW_MS;
    game.rated = Some(mice_cake_protocol::RatedGame {
        pool: mice_cake_protocol::Pool::Standard,
        keys,
        ratings: None,
        not_rated: None,
        started_at_ms: None,
        bot_declarations: None,
    });
    game
}

/// A key made of one byte repeated (the store does not check keys).
pub(crate) fn a_key(byte: u8) -> mice_cake_engine::PlayerKey {
    mice_cake_engine::PlayerKey::from_bytes([byte; 32])
}

/// A rated game moves both ratings as Glicko-2 says, is stored with what
/// it changed, and moves them once, however often it is written; a
/// player's page and the leaderboard show the result.
pub(crate) fn a_rated_game_moves_its_players_ratings_once(store: &dyn Store) {
    use mice_cake_protocol::Pool;

    use super::ratings::{Standing, rated_after};

    let (ada, bea, cy) = (a_key(1), a_key(2), a_key(3));
    let first = a_rated_game(
        1,
        Seated {
            yellow: ada,
            blue: bea,
        },
        Some(Seat::Yellow),
    );
    store.write(&[finishing(&first)], 0).unwrap();
    let expected = rated_after(Seated::from_fn(|_| Standing::new()), Some(Seat::Yellow));
    let rating = |key| store.rating(key, Pool::Standard).unwrap();
    assert_eq!(rating(ada), Some(expected.yellow.rating));
    assert_eq!(rating(bea), Some(expected.blue.rating));
    assert_eq!(rating(cy), None);
    assert_eq!(store.rating(ada, Pool::Boost).unwrap(), None);
    let stored = store.game(&first.id).unwrap().expect("the game is kept");
    let changes = stored.rated.as_ref().and_then(|rated| rated.ratings);
    let changes = changes.expect("a stored rated game holds what it changed");
    assert_eq!(changes.yellow.before, mice_cake_protocol::Rating::initial());
    assert_eq!(changes.yellow.after, expected.yellow.rating);
    assert_eq!(changes.blue.after, expected.blue.rating);

    // Written again (a write retried, a room finishing it twice): refused
    // or ignored, but never rated again.
    let _ = store.write(&[finishing(&first)], 0);
    assert_eq!(rating(ada), Some(expected.yellow.rating));
    assert_eq!(rating(bea), Some(expected.blue.rating));

    // A draw, seats swapped, from where they stand now.
    let second = a_rated_game(
        2,
        Seated {
            yellow: bea,
            blue: ada,
        },
        None,
    );
    store.write(&[finishing(&second)], 0).unwrap();
    let after = rated_after(
        Seated {
            yellow: expected.blue,
            blue: expected.yellow,
        },
        None,
    );
    assert_eq!(rating(bea), Some(after.yellow.rating));
    assert_eq!(rating(ada), Some(after.blue.rating));

    // A casual game changes nothing.
    store
        .write(&[finishing(&a_finished_game(3, "Ada", "Bea"))], 0)
        .unwrap();
    assert_eq!(rating(ada), Some(after.blue.rating));

    let page = store.player(ada).unwrap().expect("Ada has a page");
    assert_eq!(page.name, "Bea", "the name of her latest rated game");
    assert_eq!(page.ratings.len(), 1);
    let standard = &page.ratings[0];
    assert_eq!(standard.rating, after.blue.rating);
    assert_eq!((standard.wins, standard.losses, standard.draws), (1, 0, 1));
    let charted: Vec<f64> = standard.history.iter().map(|point| point.rating).collect();
    assert_eq!(
        charted,
        [expected.yellow.rating.rating, after.blue.rating.rating]
    );
    let recent: Vec<GameId> = page.recent.iter().map(|game| game.id).collect();
    assert_eq!(recent, [second.id, first.id], "rated games, newest first");
    assert!(store.player(cy).unwrap().is_none());

    // Still provisional after two games: nobody leads yet.
    let board = store.leaderboard(Pool::Standard, 10, false).unwrap();
    assert!(board.players.is_empty(), "{board:?}");
}

/// `a_rated_game` numbered `n`, ended at `at_ms`.
pub(crate) fn a_rated_game_at(
    n: u64,
    keys: Seated<mice_cake_engine::PlayerKey>,
    winner: Option<Seat>,
    at_ms: u64,
) -> FinishedGame {
    let mut game = a_rated_game(n, keys, winner);
    game.finished_at_ms = at_ms;
    game
}

/// A day, in milliseconds.
const DAY_MS: u64 = 24 * 60 * 60 * 1000;

/// Seven players of a club (keys 1 to 7) play each other once a round,
/// a round every other day from `from_ms`, `rounds` rounds: the lower
/// key wins two games in three. The games' numbers start at `first`.
fn a_club_plays(store: &dyn Store, first: u64, from_ms: u64, rounds: u64) -> u64 {
    let mut n = first;
    for round in 0..rounds {
        for a in 1..=7u8 {
            for b in a + 1..=7u8 {
                let winner = if (n + round) % 3 == 2 {
                    Seat::Blue
                } else {
                    Seat::Yellow
                };
                let keys = Seated {
                    yellow: a_key(a),
                    blue: a_key(b),
                };
                let at_ms = from_ms + round * 2 * DAY_MS + n;
                store
                    .write(
                        &[finishing(&a_rated_game_at(n, keys, Some(winner), at_ms))],
                        0,
                    )
                    .unwrap();
                n += 1;
            }
        }
    }
    n
}

/// The leaderboard lists a settled rating only once it rests on games
/// against established players (`docs/ratings.md`, "The leaderboard"):
/// a club's players once a week and as many games against each other
/// established have passed, by rating; never a key fed by a ring of fresh
/// ones, however settled its rating. Bots are listed apart.
pub(crate) fn the_leaderboard_lists_settled_ratings_resting_on_established_players(
    store: &dyn Store,
) {
    use mice_cake_protocol::Pool;

    let start = 1_700_000_000_000;
    let board = |bots| {
        store
            .leaderboard(Pool::Standard, 10, bots)
            .unwrap()
            .players
            .iter()
            .map(|entry| entry.key)
            .collect::<Vec<_>>()
    };
    // Four rounds (24 games each) in the first week: settled, but nobody
    // is established yet.
    let next = a_club_plays(store, 1_000, start, 4);
    assert!(board(false).is_empty());
    let page = store.player(a_key(1)).unwrap().unwrap();
    let listing = page.ratings[0].listing;
    assert!(!page.ratings[0].rating.provisional);
    assert_eq!((listing.games, listing.against_established), (24, 0));
    assert!(!listing.listed);
    // Four more rounds after the week: established now, each of them, and
    // so every game of theirs is one against established players.
    let next = a_club_plays(store, next, start + 8 * DAY_MS, 4);
    let listed = board(false);
    assert_eq!(listed.len(), 7, "{listed:?}");
    let mut by_rating: Vec<(f64, mice_cake_engine::PlayerKey)> = (1..=7)
        .map(|n| {
            let key = a_key(n);
            let rating = store.rating(key, Pool::Standard).unwrap().unwrap();
            (rating.rating, key)
        })
        .collect();
    by_rating.sort_by(|a, b| b.0.total_cmp(&a.0));
    assert_eq!(
        listed,
        by_rating.iter().map(|(_, key)| *key).collect::<Vec<_>>()
    );
    let page = store.player(a_key(1)).unwrap().unwrap();
    let listing = page.ratings[0].listing;
    assert_eq!(
        (
            listing.games,
            listing.against_established,
            listing.established_opponents
        ),
        (48, 48, 6)
    );
    assert!(listing.listed);
    let top = store.leaderboard(Pool::Standard, 1, false).unwrap();
    assert_eq!(top.players.len(), 1);
    assert_eq!(top.players[0].rank, 1);

    // Key 50 plays the club three rounds (winning two games in three),
    // then is fed 100 wins by 100 fresh keys, each leaving: a settled
    // rating far above everyone's, which rests mostly on the ring — not
    // listed.
    let fed = a_key(50);
    let mut n = next;
    for round in 0..3u64 {
        for member in 1..=7u8 {
            let winner = if (n + round) % 3 == 2 {
                Seat::Blue
            } else {
                Seat::Yellow
            };
            let keys = Seated {
                yellow: fed,
                blue: a_key(member),
            };
            let at_ms = start + 9 * DAY_MS + round * 2 * DAY_MS + n;
            store
                .write(
                    &[finishing(&a_rated_game_at(n, keys, Some(winner), at_ms))],
                    0,
                )
                .unwrap();
            n += 1;
        }
    }
    let at = start + 20 * DAY_MS;
    for feeder in 0..100u8 {
        let keys = Seated {
            yellow: fed,
            blue: a_key(100 + feeder),
        };
        let mut game = a_rated_game_at(n + u64::from(feeder), keys, Some(Seat::Yellow), at);
        game.result.ending = Ending::Forfeit {
            seat: Seat::Blue,
            cause: ForfeitCause::Left,
        };
        store.write(&[finishing(&game)], 0).unwrap();
    }
    let rating = store.rating(fed, Pool::Standard).unwrap().unwrap();
    assert!(
        !rating.provisional && rating.rating > by_rating[0].0,
        "{rating:?}"
    );
    assert!(!board(false).contains(&fed));
    let page = store.player(fed).unwrap().unwrap();
    let listing = page.ratings[0].listing;
    assert_eq!(
        (
            listing.games,
            listing.against_established,
            listing.established_opponents
        ),
        (121, 21, 7)
    );
    assert!(!listing.listed);

    // Key 3 declares itself a bot (the store keeps what the connection
    // checked): off the people's leaderboard, on the bots'.
    let declaration = mice_cake_engine::PlayerSecret::from_bytes([3; 32]).sign_bot();
    store.declare_bot(a_key(3), declaration, "Cy", 0).unwrap();
    assert!(!board(false).contains(&a_key(3)));
    assert_eq!(board(false).len(), 6);
    let bots = store.leaderboard(Pool::Standard, 10, true).unwrap();
    assert!(bots.bots);
    assert_eq!(
        bots.players
            .iter()
            .map(|entry| (entry.rank, entry.key))
            .collect::<Vec<_>>(),
        [(1, a_key(3))]
    );
    assert!(
        store
            .leaderboard(Pool::Boost, 10, false)
            .unwrap()
            .players
            .is_empty()
    );
}

/// A refund takes every rated game of the keys it names out of the
/// ratings and rates their pools again without them: every rating those
/// games touched — the fed key's, its feeders', and those of whoever met
/// any of them since — is what the rest of the games give, the games stay
/// in the records, and each player whose rating moved is told.
pub(crate) fn a_refund_rates_the_pool_again_without_the_rings_games(store: &dyn Store) {
    use mice_cake_protocol::Pool;

    use super::ratings::{Standing, rated_after};

    let (ada, bea, cy, mal) = (a_key(1), a_key(2), a_key(3), a_key(9));
    let at = 1_700_000_000_000;
    let pair = |yellow, blue| Seated { yellow, blue };
    let mut games = vec![
        a_rated_game_at(1, pair(ada, bea), Some(Seat::Yellow), at),
        a_rated_game_at(2, pair(bea, cy), Some(Seat::Blue), at + 1),
    ];
    // Mal is fed by five fresh keys, then beats Ada; Ada then meets Cy.
    for feeder in 0..5u8 {
        let mut fed = a_rated_game_at(
            10 + u64::from(feeder),
            pair(mal, a_key(20 + feeder)),
            Some(Seat::Yellow),
            at + 10 + u64::from(feeder),
        );
        fed.result.ending = Ending::Forfeit {
            seat: Seat::Blue,
            cause: ForfeitCause::Left,
        };
        games.push(fed);
    }
    games.push(a_rated_game_at(
        30,
        pair(mal, ada),
        Some(Seat::Yellow),
        at + 30,
    ));
    games.push(a_rated_game_at(31, pair(cy, ada), None, at + 31));
    for game in &games {
        store.write(&[finishing(game)], 0).unwrap();
    }
    let rating = |key| store.rating(key, Pool::Standard).unwrap();
    let before = [ada, bea, cy].map(rating);

    let done = store.refund(&[mal], at + 100).unwrap();
    assert_eq!(done.games, 6, "five fed, and Mal's win over Ada");

    // What the games left give, one after the other.
    let standings = |yellow, blue| Seated { yellow, blue };
    let first = rated_after(
        standings(Standing::new(), Standing::new()),
        Some(Seat::Yellow),
    );
    let second = rated_after(standings(first.blue, Standing::new()), Some(Seat::Blue));
    let third = rated_after(standings(second.blue, first.yellow), None);
    assert_eq!(rating(ada), Some(third.blue.rating));
    assert_eq!(rating(bea), Some(second.yellow.rating));
    assert_eq!(rating(cy), Some(third.yellow.rating));
    assert_eq!(rating(mal), None, "no game of Mal's is left");
    assert_eq!(rating(a_key(20)), None);
    assert_eq!(rating(bea), before[1], "Bea met nobody the ring touched");
    assert_ne!(rating(cy), before[2], "Cy met Ada after Mal did");

    // Who was told: everyone whose rating moved, with their own games
    // taken out.
    let told = |key| {
        done.ratings
            .iter()
            .find(|refund| refund.key == key)
            .copied()
    };
    let ada_told = told(ada).expect("Ada's rating moved");
    assert_eq!(ada_told.games, 1);
    assert_eq!(ada_told.before, before[0]);
    assert_eq!(ada_told.after, Some(third.blue.rating));
    assert_eq!(told(cy).map(|refund| refund.games), Some(0));
    assert_eq!(
        told(mal).map(|refund| (refund.games, refund.after)),
        Some((6, None))
    );
    assert!(told(bea).is_none());
    let page = store.player(ada).unwrap().unwrap();
    assert_eq!(page.refunds, [ada_told]);
    let charted: Vec<f64> = page.ratings[0]
        .history
        .iter()
        .map(|point| point.rating)
        .collect();
    assert_eq!(
        charted,
        [first.yellow.rating.rating, third.blue.rating.rating]
    );
    assert_eq!(
        page.ratings[0].wins + page.ratings[0].losses + page.ratings[0].draws,
        2
    );

    // The games stay in the records, out of the ratings.
    assert!(store.game(&games[2].id).unwrap().is_some());
    let counted: Vec<GameId> = store
        .rated_games()
        .unwrap()
        .iter()
        .map(|row| row.game)
        .collect();
    assert_eq!(counted, [games[0].id, games[1].id, games[8].id]);

    // The next game rates from the refunded standings; refunding again
    // finds nothing.
    let next = a_rated_game_at(40, pair(ada, cy), Some(Seat::Yellow), at + 200);
    store.write(&[finishing(&next)], 0).unwrap();
    let fourth = rated_after(standings(third.blue, third.yellow), Some(Seat::Yellow));
    assert_eq!(rating(ada), Some(fourth.yellow.rating));
    let again = store.refund(&[mal], at + 300).unwrap();
    assert_eq!((again.games, again.ratings.len()), (0, 0));
}

/// An analysis is kept by game and version, replaced by a newer one, and
/// read back only at the version asked.
/// A game between `keys` in which both signed their deal's seal, and so
/// played it: numbered `n`, ended as `ending`, in a rated room when
/// `rated_room`.
pub(crate) fn a_signed_game(
    n: u64,
    keys: Seated<&mice_cake_engine::PlayerSecret>,
    ending: Ending,
    rated_room: bool,
) -> FinishedGame {
    use mice_cake_engine::fair::{self, DEAL_ROUND};
    use mice_cake_engine::{Assignment, Exchange, Nonce, Opening};
    let seed = Seed::from_u64(n);
    let mut deal = Exchange::new(fair::commitment(seed), DEAL_ROUND)
        .with_keys(Seated::from_fn(|seat| Some(keys[seat].public_key())));
    let nonces = Seated::from_fn(|seat| Nonce::from_bytes([u8::from(seat == Seat::Blue) + 40; 32]));
    for seat in Seat::ALL {
        let seal = fair::seal(
            deal.commitment,
            DEAL_ROUND,
            seat,
            &Assignment::EMPTY,
            nonces[seat],
        );
        deal.seal(seat, seal, Some(keys[seat].sign(seal)))
            .expect("a signed seal");
    }
    for seat in Seat::ALL {
        let opening = Opening {
            assignment: Assignment::EMPTY,
            nonce: nonces[seat],
        };
        deal.open(seat, opening).expect("its own opening");
    }
    let record = RecordedGame::dealt(Options::default(), seed, &deal)
        .expect("an opened deal")
        .record()
        .expect("a game just dealt has its record");
    let mut game = a_finished_game(n, "Ada", "Bea");
    game.record = Some(record);
    game.result = GameResult {
        winner: match ending {
            Ending::Forfeit { seat, .. } => Some(seat.opponent()),
            _ => None,
        },
        score: Seated::default(),
        ending,
    };
    game.rated = rated_room.then(|| mice_cake_protocol::RatedGame {
        pool: mice_cake_protocol::Pool::Standard,
        keys: Seated::from_fn(|seat| keys[seat].public_key()),
        ratings: None,
        not_rated: None,
        // Game n started n seconds after the epoch.
        started_at_ms: Some(n * 1_000),
        bot_declarations: Some(Seated::default()),
    });
    game
}

/// Every key that signed a move of a stored game has a page, rated or not;
/// a key that declared itself a bot says so on it, stays one, and is
/// ranked on the bots' leaderboard only; games aborted in rated rooms make
/// their aborter's conduct.
pub(crate) fn players_pages_bots_and_conduct(store: &dyn Store) {
    use mice_cake_engine::PlayerSecret;
    use mice_cake_protocol::{Conduct, NotRated, Pool};

    let (ada, bea) = (
        PlayerSecret::from_bytes([11; 32]),
        PlayerSecret::from_bytes([12; 32]),
    );
    let keys = Seated {
        yellow: &ada,
        blue: &bea,
    };
    assert!(store.player(ada.public_key()).unwrap().is_none());
    // A casual game: both have pages now, with the game and no rating.
    let casual = a_signed_game(
        900,
        keys,
        Ending::Forfeit {
            seat: Seat::Yellow,
            cause: ForfeitCause::Left,
        },
        false,
    );
    store.write(&[finishing(&casual)], 0).unwrap();
    let page = store.player(ada.public_key()).unwrap().expect("a page");
    assert!(!page.bot && page.bot_declaration.is_none());
    assert!(page.ratings.is_empty());
    assert_eq!(page.recent.len(), 1);
    assert_eq!(page.recent[0].keys.yellow, Some(ada.public_key()));
    assert_eq!(
        page.conduct,
        Conduct::default(),
        "a casual game is no rated room's"
    );

    // Aborted in a rated room by Bea, three times in four: stored unrated,
    // and Bea is paired last.
    for (n, by) in [
        (901, Seat::Blue),
        (902, Seat::Blue),
        (903, Seat::Yellow),
        (904, Seat::Blue),
    ] {
        let mut aborted = a_signed_game(
            n,
            keys,
            Ending::Aborted {
                seat: Some(by),
                cause: ForfeitCause::Disconnected,
            },
            true,
        );
        if let Some(rated) = aborted.rated.as_mut() {
            rated.not_rated = Some(NotRated::Aborted);
        }
        store.write(&[finishing(&aborted)], 0).unwrap();
        let stored = store.game(&aborted.id).unwrap().unwrap();
        let rated = stored.rated.expect("a rated room's game");
        assert!(!rated.counted() && rated.not_rated == Some(NotRated::Aborted));
    }
    assert_eq!(
        store.conduct(bea.public_key()).unwrap(),
        Conduct {
            games: 4,
            aborted: 3
        }
    );
    assert!(store.conduct(bea.public_key()).unwrap().paired_last());
    assert_eq!(store.conduct(ada.public_key()).unwrap().aborted, 1);
    assert!(
        store
            .player(ada.public_key())
            .unwrap()
            .unwrap()
            .ratings
            .is_empty()
    );

    // Ada declares herself a bot at 905.5 s: for good, once, whatever
    // comes after.
    let declaration = ada.sign_bot();
    store
        .declare_bot(ada.public_key(), declaration, "AdaBot", 905_500)
        .unwrap();
    store
        .declare_bot(ada.public_key(), bea.sign_bot(), "again", 905_600)
        .unwrap();
    assert!(store.is_bot(ada.public_key()).unwrap());
    assert!(!store.is_bot(bea.public_key()).unwrap());
    let page = store.player(ada.public_key()).unwrap().unwrap();
    assert!(page.bot);
    assert_eq!(page.bot_declaration, Some(declaration), "the first kept");
    assert_eq!(page.name, "Ada", "a name already held stays");
    // A key never seen, declared: a page at once.
    let cy = PlayerSecret::from_bytes([13; 32]);
    store
        .declare_bot(cy.public_key(), cy.sign_bot(), "CyBot", 905_700)
        .unwrap();
    assert_eq!(
        store.player(cy.public_key()).unwrap().unwrap().name,
        "CyBot"
    );

    // A game that started after the declaration, the room not knowing it
    // (made on another node as the game began): a bot against a person,
    // stored unrated whatever the room thought, the declaration kept with
    // it.
    let mixed = a_signed_game(
        906,
        keys,
        Ending::Forfeit {
            seat: Seat::Blue,
            cause: ForfeitCause::Left,
        },
        true,
    );
    store.write(&[finishing(&mixed)], 0).unwrap();
    let stored = store.game(&mixed.id).unwrap().unwrap().rated.unwrap();
    assert_eq!(stored.not_rated, Some(NotRated::BotAgainstPerson));
    assert_eq!(
        stored.bot_declarations,
        Some(Seated {
            yellow: Some(declaration),
            blue: None
        })
    );
    assert!(
        store
            .rating(ada.public_key(), Pool::Standard)
            .unwrap()
            .is_none()
    );
    // A game that started before it (Ada declared herself a bot during
    // it, losing): rated all the same, its winner gaining.
    let declared_during = a_signed_game(
        905,
        keys,
        Ending::Forfeit {
            seat: Seat::Yellow,
            cause: ForfeitCause::Left,
        },
        true,
    );
    store.write(&[finishing(&declared_during)], 0).unwrap();
    let stored = store
        .game(&declared_during.id)
        .unwrap()
        .unwrap()
        .rated
        .unwrap();
    assert!(stored.counted(), "{stored:?}");
    assert_eq!(stored.bot_declarations, Some(Seated::default()));
    let winner = store.rating(bea.public_key(), Pool::Standard).unwrap();
    assert!(
        winner.is_some_and(|rating| rating.rating > 1500.0),
        "{winner:?}"
    );
}

/// The same two keys count at most three rated games in 24 hours: a
/// fourth is stored unrated, and the window moves on.
pub(crate) fn a_pair_counts_three_rated_games_a_day(store: &dyn Store) {
    use mice_cake_protocol::{NotRated, PAIR_WINDOW_MS};

    let keys = Seated {
        yellow: a_key(21),
        blue: a_key(22),
    };
    let swapped = Seated {
        yellow: keys.blue,
        blue: keys.yellow,
    };
    let at = |n: u64, hours: u64| {
        let mut game = a_rated_game(
            n,
            if n.is_multiple_of(2) { keys } else { swapped },
            Some(Seat::Yellow),
        );
        game.finished_at_ms = 1_800_000_000_000 + hours * 3_600_000;
        game
    };
    for (n, hours) in [(950, 0), (951, 1), (952, 2)] {
        store.write(&[finishing(&at(n, hours))], 0).unwrap();
    }
    assert_eq!(store.pair_games(keys, 1_800_000_000_000).unwrap(), 3);
    assert_eq!(store.pair_games(swapped, 1_800_000_000_000).unwrap(), 3);
    let fourth = at(953, 3);
    store.write(&[finishing(&fourth)], 0).unwrap();
    let stored = store.game(&fourth.id).unwrap().unwrap().rated.unwrap();
    assert_eq!(stored.not_rated, Some(NotRated::PairLimit));
    assert!(!stored.counted());
    // A day and an hour after the first, it has left the window.
    let later = at(954, 25);
    assert_eq!(
        store
            .pair_games(keys, later.finished_at_ms - PAIR_WINDOW_MS)
            .unwrap(),
        2
    );
    store.write(&[finishing(&later)], 0).unwrap();
    assert!(
        store
            .game(&later.id)
            .unwrap()
            .unwrap()
            .rated
            .unwrap()
            .counted()
    );
}

pub(crate) fn an_analysis_is_kept_by_game_and_version(store: &dyn Store) {
    let game = a_finished_game(1, "Ann", "Bob");
    store.write(&[finishing(&game)], 0).unwrap();
    assert_eq!(store.analysis(&game.id, 1).unwrap(), None);
    store
        .save_analysis(&game.id, 1, r#"{"version":1}"#)
        .unwrap();
    assert_eq!(
        store.analysis(&game.id, 1).unwrap().as_deref(),
        Some(r#"{"version":1}"#)
    );
    // A newer analysis replaces it; the old version is no longer read.
    store
        .save_analysis(&game.id, 2, r#"{"version":2}"#)
        .unwrap();
    assert_eq!(store.analysis(&game.id, 1).unwrap(), None);
    assert_eq!(
        store.analysis(&game.id, 2).unwrap().as_deref(),
        Some(r#"{"version":2}"#)
    );
    let other = a_finished_game(2, "Cy", "Dee");
    assert_eq!(store.analysis(&other.id, 2).unwrap(), None);
}

/// Rated games wait for their players' figures newest first, a game whose
/// figures are kept waits no more, and a player's figures are summed over
/// their games (a game that judged nothing counted in none), per pool with
/// their name, whether a bot, their rating and the sums of their games'
/// squares and products.
pub(crate) fn accuracies_are_kept_per_game_and_summed_per_player(store: &dyn Store) {
    use super::accuracy::GameAccuracy;
    use mice_cake_protocol::{PlayerAccuracy, Pool};

    let (ada, bea, cy) = (a_key(1), a_key(2), a_key(3));
    let keys = |yellow, blue| Seated { yellow, blue };
    let games = [
        a_rated_game(1, keys(ada, bea), Some(Seat::Yellow)),
        a_rated_game(2, keys(cy, ada), Some(Seat::Blue)),
        a_rated_game(3, keys(bea, cy), None),
    ];
    // A casual game is never waited for.
    let casual = a_finished_game(4, "Ann", "Bob");
    for game in games.iter().chain([&casual]) {
        store.write(&[finishing(game)], 0).unwrap();
    }
    let ids: Vec<GameId> = games.iter().map(|game| game.id).collect();
    assert_eq!(
        store.rated_games_to_analyse(10).unwrap(),
        [ids[2], ids[1], ids[0]],
        "newest first, the casual game left out"
    );
    assert_eq!(store.rated_games_to_analyse(1).unwrap(), [ids[2]]);
    assert_eq!(store.accuracy(ada).unwrap(), None);

    let row = |key, rounds, clean, first| GameAccuracy {
        key,
        pool: Pool::Standard,
        rounds,
        clean,
        first,
    };
    store
        .save_accuracy(&ids[0], &[row(ada, 12, 11, 7), row(bea, 12, 9, 5)])
        .unwrap();
    store
        .save_accuracy(&ids[1], &[row(cy, 10, 8, 4), row(ada, 10, 10, 6)])
        .unwrap();
    // A game that could not be analysed: done with, judging nothing.
    store
        .save_accuracy(&ids[2], &[row(bea, 0, 0, 0), row(cy, 0, 0, 0)])
        .unwrap();
    assert_eq!(
        store.rated_games_to_analyse(10).unwrap(),
        Vec::<GameId>::new()
    );
    // Kept again (two nodes analysed it at once): the same, not twice.
    store
        .save_accuracy(&ids[0], &[row(ada, 12, 11, 7)])
        .unwrap();
    assert_eq!(
        store.accuracy(ada).unwrap(),
        Some(PlayerAccuracy {
            games: 2,
            rounds: 22,
            clean_rounds: 21
        })
    );
    assert_eq!(
        store.accuracy(bea).unwrap(),
        Some(PlayerAccuracy {
            games: 1,
            rounds: 12,
            clean_rounds: 9
        })
    );
    let mut all = store.accuracies().unwrap();
    all.sort_by_key(|figures| figures.key.to_string());
    let summed: Vec<_> = all
        .iter()
        .map(|figures| {
            (
                figures.key,
                figures.games,
                figures.rounds,
                figures.clean,
                figures.first,
            )
        })
        .collect();
    assert_eq!(
        summed,
        [(ada, 2, 22, 21, 13), (bea, 1, 12, 9, 5), (cy, 1, 10, 8, 4)]
    );
    let ada_figures = &all[0];
    assert_eq!(ada_figures.pool, Pool::Standard);
    assert!(!ada_figures.bot);
    assert_eq!(
        ada_figures.rating,
        store
            .rating(ada, Pool::Standard)
            .unwrap()
            .map(|rating| rating.rating)
    );
    assert!(ada_figures.rating.is_some());
    assert!(!ada_figures.name.is_empty());
    // Her games (12, 11, 7) and (10, 10, 6): how far they spread, summed
    // over games, for a variance with the game as the unit.
    assert_eq!(
        ada_figures.spread,
        super::accuracy::Spread {
            rounds_squared: 144 + 100,
            clean_squared: 121 + 100,
            first_squared: 49 + 36,
            rounds_clean: 132 + 100,
            rounds_first: 84 + 60,
        }
    );
}

/// A storage thread's batch: several rooms, each writing several times
/// (afresh, log entries, rounds, a new game, finished games, a snapshot),
/// one room opened and closed within it.
fn a_busy_batch() -> Vec<RoomWrite> {
    let (a, b, c): (RoomCode, RoomCode, RoomCode) = (
        "K7QMX".parse().unwrap(),
        "B4TTR".parse().unwrap(),
        "2345Z".parse().unwrap(),
    );
    let snapshot = crate::store::log::tests::a_room();
    let mut moved = snapshot.clone();
    moved.last_seq += 1;
    moved.deadline = Some(9_000);
    let mut moved_again = moved.clone();
    moved_again.last_seq += 1;
    let mut next_game = moved_again.clone();
    next_game.game_number += 1;
    let rounds = rounds_of(7, 4);
    let update = |update: RoomUpdate| RoomWrite::Update(Box::new(update));
    // Room b's match, one game in; room a's, after each of its two games.
    let match_of = |n: u8, games: &[u64]| MatchSummary {
        games: games
            .iter()
            .map(|&game| GameId::from_u128(u128::from(game)))
            .collect(),
        ..a_match(n)
    };
    vec![
        update(RoomUpdate {
            fresh: true,
            rounds: rounds[..2].to_vec(),
            ..room_write(a, Some(snapshot.clone()), None, 0)
        }),
        update(RoomUpdate {
            fresh: true,
            rounds: rounds[..1].to_vec(),
            finished: vec![a_finished_game(1, "Ada", "Bea")],
            matches: vec![match_of(1, &[1])],
            ..room_write(b, Some(snapshot.clone()), None, 0)
        }),
        update(RoomUpdate {
            rounds: rounds[2..3].to_vec(),
            ..room_write(a, None, snapshot.entry_to(&moved), 0)
        }),
        update(room_write(c, Some(snapshot.clone()), None, 0)),
        update(RoomUpdate {
            rounds: rounds[3..].to_vec(),
            finished: vec![a_finished_game(2, "Cy", "Ada")],
            matches: vec![match_of(2, &[2])],
            ..room_write(a, None, moved.entry_to(&moved_again), 1)
        }),
        RoomWrite::Remove(c),
        update(room_write(b, None, snapshot.entry_to(&moved), 0)),
        update(RoomUpdate {
            new_game: true,
            rounds: rounds_of(8, 1),
            finished: vec![a_finished_game(3, "Bea", "Cy")],
            matches: vec![match_of(2, &[2, 3])],
            ..room_write(a, Some(next_game), None, 2)
        }),
    ]
}

/// What a store holds of rooms and games, to compare two stores.
fn held(store: &dyn Store) -> (Vec<String>, Vec<String>) {
    let rooms = store
        .live_rooms()
        .unwrap()
        .iter()
        .map(|room| {
            format!(
                "{} {:?} logged {} rounds {:?}",
                room.code, room.snapshot, room.logged, room.rounds
            )
        })
        .collect();
    let games = store
        .games(&every_game())
        .unwrap()
        .games
        .iter()
        .map(|game| format!("{game:?}"))
        .collect();
    (rooms, games)
}

/// One transaction for many writes (the storage thread's group commit)
/// stores exactly what those writes store one at a time. Both stores keep
/// two finished games: the batch's third drops its first.
pub(crate) fn a_batch_is_stored_as_its_writes_one_at_a_time(
    batched: &dyn Store,
    one_at_a_time: &dyn Store,
) {
    let writes = a_busy_batch();
    batched.write(&writes, 0).unwrap();
    for write in &writes {
        one_at_a_time.write(std::slice::from_ref(write), 0).unwrap();
    }
    let held_batched = held(batched);
    assert_eq!(held_batched.0.len(), 2, "rooms: {:?}", held_batched.0);
    assert_eq!(held_batched.1.len(), 2, "games: {:?}", held_batched.1);
    assert_eq!(held_batched, held(one_at_a_time));
    for (n, games) in [(1, 1), (2, 2)] {
        let id = a_match(n).id;
        let kept = batched.match_summary(id).unwrap();
        assert_eq!(kept.as_ref().map(|kept| kept.games.len()), Some(games));
        assert_eq!(kept, one_at_a_time.match_summary(id).unwrap());
    }
}

/// An arena as created: at most `per_key` not finished per creator; listed
/// open ones first (soonest first), then the latest finished; its entrants
/// kept once each, in the order they first came, a later name kept; each
/// of its games' results kept with the game, once, numbered in the order
/// stored; a game played elsewhere adds none.
pub(crate) fn arenas_are_created_listed_entered_and_counted(store: &dyn Store) {
    use mice_cake_engine::PlayerSecret;
    use mice_cake_protocol::ArenaId;
    use mice_cake_protocol::arena::ArenaSpec;

    use super::arenas::{ArenaEntrant, Created, StoredArena};

    let (ada, bea) = (
        PlayerSecret::from_bytes([21; 32]),
        PlayerSecret::from_bytes([22; 32]),
    );
    let arena = |id: &str, starts_at_ms: u64| StoredArena {
        id: id.parse().unwrap(),
        spec: ArenaSpec {
            name: format!("Club night {id}"),
            starts_at_ms: Some(starts_at_ms),
            minutes: 60,
            pool: mice_cake_protocol::Pool::Standard,
            deadline_ms: None,
            rated: false,
            join_code: None,
            bots: None,
        },
        creator_key: ada.public_key(),
        creator: "Ada".into(),
        created_ms: 1_000,
        starts_at_ms,
        ends_at_ms: starts_at_ms + 3_600_000,
        finished: false,
    };
    assert_eq!(
        store.create_arena(&arena("BBBBBBBB", 9_000), 2).unwrap(),
        Created::Created
    );
    assert_eq!(
        store.create_arena(&arena("CCCCCCCC", 5_000), 2).unwrap(),
        Created::Created
    );
    assert_eq!(
        store.create_arena(&arena("DDDDDDDD", 7_000), 2).unwrap(),
        Created::TooMany(2),
        "two open per key"
    );
    let ids = |store: &dyn Store| -> Vec<String> {
        store
            .arenas(10)
            .unwrap()
            .iter()
            .map(|listed| listed.arena.id.to_string())
            .collect()
    };
    assert_eq!(ids(store), ["CCCCCCCC", "BBBBBBBB"]);

    let soon: ArenaId = "CCCCCCCC".parse().unwrap();
    let entrant = |secret: &PlayerSecret, name: &str, joined_ms: u64| ArenaEntrant {
        key: secret.public_key(),
        name: name.into(),
        bot: false,
        joined_ms,
    };
    store.enter_arena(soon, &entrant(&bea, "Bea", 10)).unwrap();
    store.enter_arena(soon, &entrant(&ada, "Ada", 20)).unwrap();
    store
        .enter_arena(soon, &entrant(&bea, "Beatrice", 30))
        .unwrap();
    let entrants = store.arena_entrants(soon).unwrap();
    assert_eq!(
        entrants
            .iter()
            .map(|e| (e.name.as_str(), e.joined_ms))
            .collect::<Vec<_>>(),
        [("Beatrice", 10), ("Ada", 20)],
        "once each, in the order they first came, with their latest name"
    );

    let keys = Seated {
        yellow: &ada,
        blue: &bea,
    };
    let won = |n: u64| {
        let mut game = a_signed_game(
            n,
            keys,
            Ending::Forfeit {
                seat: Seat::Blue,
                cause: ForfeitCause::Left,
            },
            false,
        );
        game.arena = Some(soon);
        game
    };
    let elsewhere = a_signed_game(
        930,
        keys,
        Ending::Forfeit {
            seat: Seat::Yellow,
            cause: ForfeitCause::Left,
        },
        false,
    );
    store
        .write(&[finishing(&won(931)), finishing(&elsewhere)], 0)
        .unwrap();
    store.write(&[finishing(&won(932))], 0).unwrap();
    let results = store.arena_results(soon, 0).unwrap();
    assert_eq!(
        results.iter().map(|r| r.game).collect::<Vec<_>>(),
        [won(931).id, won(932).id]
    );
    assert!(results[0].seq < results[1].seq);
    assert_eq!(results[0].keys.yellow, ada.public_key());
    assert_eq!(results[0].result.winner, Some(Seat::Yellow));
    assert_eq!(
        store.arena_results(soon, results[0].seq).unwrap().len(),
        1,
        "only those after"
    );
    let listed = store.arena(soon).unwrap().expect("kept");
    assert_eq!((listed.players, listed.games), (2, 2));

    store.finish_arena(soon).unwrap();
    assert!(store.arena(soon).unwrap().unwrap().arena.finished);
    assert_eq!(ids(store), ["BBBBBBBB", "CCCCCCCC"], "finished ones last");
    assert_eq!(
        store.create_arena(&arena("DDDDDDDD", 7_000), 2).unwrap(),
        Created::Created,
        "a finished arena no longer counts"
    );
    assert!(store.arena("ZZZZZZZZ".parse().unwrap()).unwrap().is_none());
}

/// The keys `store` knows by `name` (see [`Store::players_named`]).
pub(crate) fn keys_named(store: &dyn Store, name: &str) -> Vec<mice_cake_engine::PlayerKey> {
    let named = store.players_named(name).expect("a read");
    named.into_iter().map(|player| player.key).collect()
}

/// A challenge from the key `a_key(from)` to `a_key(to)`, made at
/// `made_at_ms`, waiting ten minutes; its id made of the three.
pub(crate) fn a_challenge(from: u8, to: u8, made_at_ms: u64) -> super::StoredChallenge {
    use mice_cake_protocol::ids::{CHALLENGE_ID_LEN, ROOM_CODE_ALPHABET};
    let mut number = (u128::from(made_at_ms) << 16) | (u128::from(from) << 8) | u128::from(to);
    let mut id = String::new();
    for _ in 0..CHALLENGE_ID_LEN {
        let digit = usize::try_from(number % 31).expect("a digit");
        id.push(char::from(ROOM_CODE_ALPHABET[digit]));
        number /= 31;
    }
    let player = |byte: u8| mice_cake_protocol::ChallengePlayer {
        key: a_key(byte),
        name: format!("P{byte}"),
        bot: false,
    };
    super::StoredChallenge {
        id: id.parse().expect("a challenge id"),
        from: player(from),
        to: player(to),
        options: mice_cake_protocol::RoomOptions {
            first_to: 3,
            ..mice_cake_protocol::RoomOptions::default()
        },
        made_at_ms,
        expires_at_ms: made_at_ms + mice_cake_protocol::DEFAULT_CHALLENGE_EXPIRY_MS,
        end: None,
    }
}

/// A challenge is kept as made, listed for both its keys (oldest first)
/// while it waits, and no longer once it ended or expired; it ends once
/// (a second end, or an end once it expired, changes nothing), and
/// expiring gives each expired challenge once.
pub(crate) fn challenges_wait_end_once_and_expire_once(store: &dyn Store) {
    use mice_cake_protocol::{ChallengeEnd, DEFAULT_CHALLENGE_EXPIRY_MS as EXPIRY};

    let ids = |challenges: Vec<super::StoredChallenge>| -> Vec<_> {
        challenges.iter().map(|challenge| challenge.id).collect()
    };
    let first = a_challenge(1, 2, 1_000);
    let second = a_challenge(3, 1, 2_000);
    let third = a_challenge(4, 5, 3_000);
    let fourth = a_challenge(5, 4, 4_000);
    for challenge in [&second, &first, &third, &fourth] {
        store.add_challenge(challenge).unwrap();
    }
    assert!(
        store.add_challenge(&first).is_err(),
        "an id is a challenge's alone"
    );
    assert_eq!(store.challenge(first.id).unwrap().as_ref(), Some(&first));
    assert_eq!(
        store.challenge("ZZZZZZZZZZ".parse().unwrap()).unwrap(),
        None
    );
    assert_eq!(
        ids(store.waiting_challenges(a_key(1), 5_000).unwrap()),
        [first.id, second.id],
        "made by the key and to it, oldest first"
    );
    assert_eq!(
        ids(store.waiting_challenges(a_key(2), 5_000).unwrap()),
        [first.id]
    );
    assert!(
        store
            .waiting_challenges(a_key(9), 5_000)
            .unwrap()
            .is_empty()
    );

    // Declined: once, and then neither cancelled nor accepted.
    let declined = store
        .end_challenge(second.id, ChallengeEnd::Declined, 10_000)
        .unwrap()
        .expect("it waited");
    assert_eq!(declined.end, Some(ChallengeEnd::Declined));
    assert_eq!(declined.id, second.id);
    assert_eq!(declined.from, second.from);
    for end in [ChallengeEnd::Cancelled, ChallengeEnd::Declined] {
        assert_eq!(store.end_challenge(second.id, end, 10_001).unwrap(), None);
    }
    assert_eq!(
        store
            .challenge(second.id)
            .unwrap()
            .and_then(|kept| kept.end),
        Some(ChallengeEnd::Declined)
    );
    assert_eq!(
        ids(store.waiting_challenges(a_key(1), 10_000).unwrap()),
        [first.id]
    );
    assert_eq!(
        store
            .end_challenge("ZZZZZZZZZZ".parse().unwrap(), ChallengeEnd::Cancelled, 1)
            .unwrap(),
        None
    );

    // Accepted, with its room.
    let code: RoomCode = "K7QMX".parse().unwrap();
    let accepted = store
        .end_challenge(fourth.id, ChallengeEnd::Accepted { code }, 20_000)
        .unwrap()
        .expect("it waited");
    assert_eq!(accepted.end, Some(ChallengeEnd::Accepted { code }));
    let mut kept = fourth.clone();
    kept.end = Some(ChallengeEnd::Accepted { code });
    assert_eq!(store.challenge(fourth.id).unwrap(), Some(kept));

    // The first expires at 601 s: it waits until then, and cannot be
    // accepted from then on, even before it is expired.
    let expiry = first.expires_at_ms;
    assert_eq!(expiry, 1_000 + EXPIRY);
    assert_eq!(
        ids(store.waiting_challenges(a_key(2), expiry - 1).unwrap()),
        [first.id]
    );
    assert!(
        store
            .waiting_challenges(a_key(2), expiry)
            .unwrap()
            .is_empty()
    );
    assert_eq!(
        store
            .end_challenge(first.id, ChallengeEnd::Accepted { code }, expiry)
            .unwrap(),
        None
    );
    assert_eq!(
        store.challenge(first.id).unwrap().and_then(|kept| kept.end),
        None,
        "expired, but not yet ended as such"
    );
    assert!(store.expire_challenges(expiry - 1).unwrap().is_empty());
    let expired = store.expire_challenges(expiry).unwrap();
    assert_eq!(ids(expired.clone()), [first.id]);
    assert_eq!(expired[0].end, Some(ChallengeEnd::Expired));
    assert_eq!(expired[0].to, first.to);
    assert!(
        store.expire_challenges(expiry).unwrap().is_empty(),
        "each once"
    );
    assert_eq!(
        store.challenge(first.id).unwrap().and_then(|kept| kept.end),
        Some(ChallengeEnd::Expired)
    );
    // Later: the third, alone (the others ended otherwise).
    assert_eq!(
        ids(store.expire_challenges(third.expires_at_ms + 1).unwrap()),
        [third.id]
    );
    assert!(
        store
            .expire_challenges(third.expires_at_ms + 60_000)
            .unwrap()
            .is_empty()
    );
    assert_eq!(
        store
            .challenge(fourth.id)
            .unwrap()
            .and_then(|kept| kept.end),
        Some(ChallengeEnd::Accepted { code }),
        "an accepted challenge never expires"
    );
}

/// A key's choice of whom it takes challenges from is kept unless one
/// signed at that time or later is.
pub(crate) fn a_choice_of_challengers_is_kept_only_if_later(store: &dyn Store) {
    use super::ChallengesFromChoice;
    use mice_cake_engine::PlayerSecret;
    use mice_cake_protocol::ChallengesFrom;

    let ada = PlayerSecret::from_bytes([31; 32]);
    let choice = |from: ChallengesFrom, at_ms: u64| ChallengesFromChoice {
        from,
        at_ms,
        signature: ada.sign_bot(),
    };
    let key = ada.public_key();
    assert_eq!(store.challenges_from(key).unwrap(), None);
    let played = choice(ChallengesFrom::Played, 100);
    assert!(store.choose_challenges_from(key, played).unwrap());
    assert_eq!(store.challenges_from(key).unwrap(), Some(played));
    for older in [
        choice(ChallengesFrom::Nobody, 100),
        choice(ChallengesFrom::Nobody, 99),
    ] {
        assert!(!store.choose_challenges_from(key, older).unwrap());
    }
    assert_eq!(store.challenges_from(key).unwrap(), Some(played));
    let nobody = choice(ChallengesFrom::Nobody, 101);
    assert!(store.choose_challenges_from(key, nobody).unwrap());
    assert_eq!(store.challenges_from(key).unwrap(), Some(nobody));
    assert_eq!(store.challenges_from(a_key(32)).unwrap(), None);
}

/// Two keys have played each other once a game they both signed moves of
/// is stored (either way round), not for a key merely named in a seat;
/// and the keys a name is known by are found whatever its ASCII case, at
/// most ten.
pub(crate) fn who_played_whom_and_the_keys_a_name_is_known_by(store: &dyn Store) {
    use mice_cake_engine::PlayerSecret;

    let (ada, bea, cy) = (
        PlayerSecret::from_bytes([41; 32]),
        PlayerSecret::from_bytes([42; 32]),
        PlayerSecret::from_bytes([43; 32]),
    );
    let (ada_key, bea_key, cy_key) = (ada.public_key(), bea.public_key(), cy.public_key());
    assert!(!store.have_played(ada_key, bea_key).unwrap());
    let played = a_signed_game(
        950,
        Seated {
            yellow: &ada,
            blue: &bea,
        },
        Ending::Forfeit {
            seat: Seat::Yellow,
            cause: ForfeitCause::Left,
        },
        false,
    );
    store.write(&[finishing(&played)], 0).unwrap();
    assert!(store.have_played(ada_key, bea_key).unwrap());
    assert!(store.have_played(bea_key, ada_key).unwrap());
    assert!(!store.have_played(ada_key, cy_key).unwrap());
    // Cy's key announced in a casual game's seat, never signed with.
    let mut named = a_finished_game(951, "Cy", "Ada");
    named
        .record
        .as_mut()
        .and_then(|record| record.fair.as_mut())
        .expect("a sealed record")
        .keys = Some(Seated {
        yellow: Some(cy_key),
        blue: Some(ada_key),
    });
    store.write(&[finishing(&named)], 0).unwrap();
    assert!(!store.have_played(ada_key, cy_key).unwrap());
    assert!(!store.have_played(cy_key, ada_key).unwrap());

    // Names: Ada and Bea from the game, Cy's key a bot named "ADA".
    store
        .declare_bot(cy_key, cy.sign_bot(), "ADA", 1_000)
        .unwrap();
    let mut both = vec![ada_key, cy_key];
    both.sort_by_key(|key| key.to_bytes());
    assert_eq!(keys_named(store, "ada"), both);
    assert_eq!(keys_named(store, "Bea"), [bea_key]);
    assert!(keys_named(store, "Ad").is_empty());
    assert!(keys_named(store, "Nobody").is_empty());
    let named = store.players_named("aDa").unwrap();
    assert_eq!(
        named
            .iter()
            .map(|player| (player.key, player.name.as_str(), player.bot))
            .collect::<Vec<_>>(),
        both.iter()
            .map(|key| if *key == ada_key {
                (ada_key, "Ada", false)
            } else {
                (cy_key, "ADA", true)
            })
            .collect::<Vec<_>>()
    );
    // Renamed: found by the new name only.
    assert!(store.rename(bea_key, "Beatrix", 2_000).unwrap());
    assert!(keys_named(store, "bea").is_empty());
    assert_eq!(keys_named(store, "BEATRIX"), [bea_key]);
    // Many keys by one name: ten of them.
    for byte in 60..72 {
        assert!(store.rename(a_key(byte), "Zed", 3_000).unwrap());
    }
    let zeds = keys_named(store, "zed");
    assert_eq!(zeds.len(), mice_cake_protocol::MAX_PLAYERS_NAMED as usize);
    assert!(zeds.is_sorted_by_key(|key| key.to_bytes()));
}

/// Bots' cards: a later card replaces an earlier one, never the other way;
/// the page lists declared bots only, the most games first, each with its
/// latest card, its games and its ratings among bots.
pub(crate) fn bots_cards_are_kept_if_later_and_listed_by_games(store: &dyn Store) {
    use mice_cake_engine::PlayerSecret;
    use mice_cake_protocol::bots::{BotCard, SignedBotCard};

    let (robo, bolt, pia) = (
        PlayerSecret::from_bytes([21; 32]),
        PlayerSecret::from_bytes([22; 32]),
        PlayerSecret::from_bytes([23; 32]),
    );
    let signed = |secret: &PlayerSecret, version: &str, at_ms: u64| {
        let card = BotCard {
            engine: "pips".into(),
            version: version.into(),
            author: String::new(),
            note: "a note".into(),
        };
        SignedBotCard {
            signature: secret.sign_bot_card(card.text(), at_ms),
            card,
            at_ms,
        }
    };
    assert!(store.bot_rows(10).unwrap().is_empty());
    for (secret, name) in [(&robo, "Robo"), (&bolt, "Bolt")] {
        store
            .declare_bot(secret.public_key(), secret.sign_bot(), name, 1_000)
            .unwrap();
    }
    assert!(
        store
            .describe_bot(robo.public_key(), &signed(&robo, "1", 2_000))
            .unwrap()
    );
    assert!(
        store
            .describe_bot(robo.public_key(), &signed(&robo, "2", 3_000))
            .unwrap()
    );
    // An older card, or one of the same time, changes nothing.
    assert!(
        !store
            .describe_bot(robo.public_key(), &signed(&robo, "0", 2_500))
            .unwrap()
    );
    assert!(
        !store
            .describe_bot(robo.public_key(), &signed(&robo, "9", 3_000))
            .unwrap()
    );

    // Bolt plays a game (with Pia, a person): the most games, first.
    let game = a_signed_game(
        950,
        Seated {
            yellow: &bolt,
            blue: &pia,
        },
        Ending::Forfeit {
            seat: Seat::Blue,
            cause: ForfeitCause::Left,
        },
        false,
    );
    store.write(&[finishing(&game)], 0).unwrap();
    let rows = store.bot_rows(10).unwrap();
    let listed: Vec<_> = rows
        .iter()
        .map(|row| (row.key, row.name.as_str(), row.games))
        .collect();
    assert_eq!(
        listed,
        [
            (bolt.public_key(), "Bolt", 1),
            (robo.public_key(), "Robo", 0)
        ],
        "bots only, the most games first"
    );
    assert_eq!(rows[0].card, None, "Bolt sent no card");
    assert_eq!(rows[1].card, Some(signed(&robo, "2", 3_000)));
    assert_eq!(store.bot_rows(1).unwrap().len(), 1);
    let page = super::bots::page(store, rows).unwrap();
    assert!(
        page.bots.iter().all(|bot| bot.ratings.is_empty()),
        "casual games only"
    );
}

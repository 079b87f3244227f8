//! What every store does with finished games, run against each backend.

use mice_cake_engine::{Options, RecordedGame, Seat, Seated, Seed};
use mice_cake_protocol::{Ending, FinishedGame, ForfeitCause, GameId, GameResult, RoomCode};

use super::{GamesQuery, RoomUpdate, RoomWrite, Store};

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
        record,
        chat: Vec::new(),
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

pub(crate) fn only_the_latest_finished_games_are_kept_when_bounded(store: &dyn Store) {
    let games: Vec<_> = (1..=3).map(|n| a_finished_game(n, "Ada", "Bea")).collect();
    for game in &games {
        store.write(&[finishing(game)], 0).unwrap();
    }
    let (listed, _) = ids_listed(store, &every_game());
    assert_eq!(listed, [games[2].id, games[1].id]);
    assert_eq!(store.game(&games[0].id).unwrap(), None, "the oldest went");
    assert!(store.game(&games[1].id).unwrap().is_some());
}

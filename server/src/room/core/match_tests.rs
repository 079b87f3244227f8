//! Matches at chosen instants: games counted, seats changing colour, the
//! pause between games, a player who leaves, a spectator who comes in
//! mid-match, a room brought back from storage — and every game's record
//! chained to the one before.

use mice_cake_engine::{ChainedGame, MatchEnd, MatchTally, Seat, Seated, check_chain};
use mice_cake_protocol::{
    FinishedGame, MatchScore, MatchStatus, RoomEvent, RoomOptions, RoomStatus, ServerMessage,
};

use super::Room;
use super::matches::{MATCH_PAUSE, READY_PAUSE};
use super::table::{MS, Table};
use crate::room::{Act, Command, ConnId};

fn first_to(wins: u32) -> RoomOptions {
    RoomOptions {
        first_to: wins,
        deadline_ms: Some(0),
        ..RoomOptions::default()
    }
}

/// Both players seal and open greedy moves until the game ends.
fn play_out(table: &mut Table, players: [ConnId; 2]) {
    for conn in players {
        table.seal(conn, mice_cake_engine::Assignment::EMPTY);
    }
    for conn in players {
        table.open(conn);
    }
    while table.room.status == RoomStatus::Playing {
        table.both_seal_a_move(players);
        for conn in players {
            table.open(conn);
        }
    }
}

/// The score `conn` was last told, from its events and states.
fn last_score(table: &mut Table, conn: ConnId) -> Option<MatchScore> {
    table
        .messages(conn)
        .into_iter()
        .rev()
        .find_map(|message| match message {
            ServerMessage::Event { event, .. } => match *event {
                RoomEvent::GameOver { match_score, .. } => match_score,
                RoomEvent::MatchEnded { match_score } => Some(match_score),
                _ => None,
            },
            ServerMessage::State { state } | ServerMessage::Joined { state, .. } => {
                state.match_score
            }
            _ => None,
        })
}

fn games(table: &Table) -> Vec<FinishedGame> {
    table.room.unsaved_games.clone()
}

/// The chain the stored games make, checked as `verify --match` does.
fn chain_holds(games: &[FinishedGame]) -> Result<(), mice_cake_engine::ChainError> {
    let link = |game: &FinishedGame| {
        game.record
            .as_ref()
            .and_then(|record| record.fair.as_ref())
            .and_then(|fair| fair.match_link)
    };
    let links: Vec<_> = games.iter().map(link).collect();
    let first = links[0].unwrap();
    let chained: Vec<ChainedGame<'_>> = games
        .iter()
        .zip(&links)
        .map(|(game, link)| {
            let record = game.record.as_ref().unwrap();
            ChainedGame {
                link: link.as_ref(),
                commitment: record.fair.as_ref().unwrap().commitment,
                options: record.options,
            }
        })
        .collect();
    check_chain(first.id, first.first_to, &chained)
}

#[test]
fn a_match_plays_game_after_game_until_a_player_has_its_wins() {
    let mut table = Table::new(first_to(2));
    let ann = table.sit("Ann");
    let bob = table.sit("Bob");
    assert_eq!(table.seat_of(ann), Seat::Yellow);
    let mut played = 0;
    while table.room.match_summary().unwrap().status == MatchStatus::Playing {
        assert_eq!(
            table.room.status,
            RoomStatus::Playing,
            "game {played} + 1 began"
        );
        // Seats change colour each game.
        let ann_seat = if played % 2 == 0 {
            Seat::Yellow
        } else {
            Seat::Blue
        };
        assert_eq!(table.seat_of(ann), ann_seat);
        play_out(&mut table, [ann, bob]);
        played += 1;
        let summary = table.room.match_summary().unwrap();
        if summary.status == MatchStatus::Playing {
            // The pause: nobody ready, the next game waits for it to end.
            assert!(!table.wait(MATCH_PAUSE - MS));
            assert_eq!(table.room.status, RoomStatus::Finished);
            table.wait(MS);
        }
        assert!(played < 40, "the match never ended");
    }
    let summary = table.room.match_summary().unwrap();
    let winner = usize::from(summary.winner.unwrap());
    assert_eq!(summary.players[winner].wins, 2);
    assert!(summary.players[1 - winner].wins < 2);
    assert_eq!(summary.players[0].name, "Ann");
    assert_eq!(summary.games.len(), played);
    // Each game of the match is in the room's games, in order, chained.
    let stored = games(&table);
    let ids: Vec<_> = stored.iter().map(|game| game.id).collect();
    assert_eq!(ids, summary.games);
    for (number, game) in stored.iter().enumerate() {
        assert_eq!(game.match_game.unwrap().number as usize, number + 1);
        game.record.as_ref().unwrap().replay().unwrap();
    }
    assert_eq!(chain_holds(&stored), Ok(()));
    // Both were told the end, by the seats of the last game.
    let score = last_score(&mut table, ann).unwrap();
    let ann_seat = table.seat_of(ann);
    let ann_first = MatchTally::player_in(ann_seat, score.number);
    assert_eq!(
        score.wins[ann_seat],
        summary.players[usize::from(ann_first == Seat::Blue)].wins
    );
    assert!(matches!(score.end, Some(MatchEnd::Won { .. })));
    // No next game: the match is over.
    assert!(!table.wait(MATCH_PAUSE * 2));
    assert_eq!(table.room.status, RoomStatus::Finished);
}

#[test]
fn a_cut_reordered_or_padded_chain_of_stored_games_does_not_hold() {
    let mut table = Table::new(first_to(3));
    let ann = table.sit("Ann");
    let bob = table.sit("Bob");
    for _ in 0..3 {
        play_out(&mut table, [ann, bob]);
        if table.room.status == RoomStatus::Finished && table.room.next_game_timer().is_some() {
            table.wait(MATCH_PAUSE);
        }
    }
    let stored = games(&table);
    assert!(stored.len() >= 2);
    assert_eq!(chain_holds(&stored), Ok(()));
    let mut cut = stored.clone();
    cut.remove(0);
    assert!(chain_holds(&cut).is_err());
    let mut swapped = stored.clone();
    swapped.swap(0, 1);
    assert!(chain_holds(&swapped).is_err());
    let mut padded = stored.clone();
    padded.insert(1, stored[0].clone());
    assert!(chain_holds(&padded).is_err());
}

#[test]
fn ready_cuts_the_pause_and_both_ready_start_the_next_game_at_once() {
    let mut table = Table::new(first_to(3));
    let ann = table.sit("Ann");
    let bob = table.sit("Bob");
    play_out(&mut table, [ann, bob]);
    assert_eq!(table.room.status, RoomStatus::Finished);
    let told = last_score(&mut table, bob).unwrap();
    assert_eq!(
        told.next_game_ms,
        Some(u64::try_from(MATCH_PAUSE.as_millis()).unwrap())
    );
    table.give(Command::from(ann, Act::Rematch));
    assert!(!table.wait(READY_PAUSE - MS));
    assert_eq!(table.room.status, RoomStatus::Finished);
    table.wait(MS);
    assert_eq!(table.room.status, RoomStatus::Playing);
    play_out(&mut table, [ann, bob]);
    if table.room.next_game_timer().is_some() {
        table.give(Command::from(ann, Act::Rematch));
        table.give(Command::from(bob, Act::Rematch));
        assert_eq!(table.room.status, RoomStatus::Playing);
    }
}

#[test]
fn a_player_who_leaves_between_games_loses_the_match() {
    let mut table = Table::new(first_to(3));
    let ann = table.sit("Ann");
    let bob = table.sit("Bob");
    play_out(&mut table, [ann, bob]);
    let watcher = table.watch();
    let before = table.room.match_summary().unwrap();
    assert_eq!(before.status, MatchStatus::Playing);
    let bob_seat = table.seat_of(bob);
    table.give(Command::from(bob, Act::Leave { signature: None }));
    let summary = table.room.match_summary().unwrap();
    assert_eq!(summary.status, MatchStatus::Forfeit);
    // Bob played Blue in game 1: Ann (Yellow then) wins.
    assert_eq!(bob_seat, Seat::Blue);
    assert_eq!(summary.winner, Some(0));
    assert_eq!(summary.games, before.games);
    let told = last_score(&mut table, watcher).unwrap();
    assert_eq!(
        told.end,
        Some(MatchEnd::Forfeit {
            winner: Seat::Yellow
        })
    );
    // The next player who sits down starts a new match.
    let cid = table.sit("Cid");
    assert_eq!(table.room.status, RoomStatus::Playing);
    let new = table.room.match_summary().unwrap();
    assert_ne!(new.id, summary.id);
    assert_eq!(new.players[1].name, "Cid");
    assert!(new.games.is_empty());
    let _ = cid;
}

#[test]
fn a_player_who_leaves_a_game_of_the_match_loses_the_match() {
    let (mut table, ann, bob) = Table::playing(first_to(5));
    table.both_seal_a_move([ann, bob]);
    for conn in [ann, bob] {
        table.open(conn);
    }
    table.give(Command::from(ann, Act::Leave { signature: None }));
    let summary = table.room.match_summary().unwrap();
    assert_eq!(summary.status, MatchStatus::Forfeit);
    assert_eq!(summary.winner, Some(1));
    assert_eq!(summary.games.len(), 1);
    let score = last_score(&mut table, bob).unwrap();
    assert!(matches!(score.end, Some(MatchEnd::Forfeit { .. })));
}

#[test]
fn a_spectator_who_comes_in_mid_match_sees_the_score_and_the_games_so_far() {
    let mut table = Table::new(first_to(4));
    let ann = table.sit("Ann");
    let bob = table.sit("Bob");
    play_out(&mut table, [ann, bob]);
    table.wait(MATCH_PAUSE);
    assert_eq!(table.room.status, RoomStatus::Playing);
    let watcher = table.watch();
    let score = last_score(&mut table, watcher).unwrap();
    assert_eq!(score.number, 2);
    assert_eq!(score.games, table.room.match_summary().unwrap().games);
    assert_eq!(score.games.len(), 1);
    assert_eq!(
        score.wins.yellow + score.wins.blue,
        table
            .room
            .match_summary()
            .map_or(0, |s| s.players[0].wins + s.players[1].wins)
    );
    assert_eq!(score.end, None);
}

#[test]
fn a_room_of_single_games_has_no_match() {
    let (mut table, ann, bob) = Table::playing(RoomOptions::default());
    assert!(table.room.match_summary().is_none());
    let _ = (ann, bob);
    let state = table.room.state_for(None);
    assert!(state.match_score.is_none());
    assert_eq!(table.room.current_link(), None);
    let _ = Seated::<u32>::default();
    table.wait(MS);
}

#[test]
fn a_match_brought_back_from_storage_keeps_its_score_and_its_chain() {
    let mut table = Table::new(first_to(3));
    let ann = table.sit("Ann");
    let bob = table.sit("Bob");
    play_out(&mut table, [ann, bob]);
    table.wait(MATCH_PAUSE);
    // Game 2 under way, its deal done.
    for conn in [ann, bob] {
        table.seal(conn, mice_cake_engine::Assignment::EMPTY);
    }
    for conn in [ann, bob] {
        table.open(conn);
    }
    let before = table.room.match_summary().unwrap();
    let link = table.room.current_link().unwrap();
    let restored: Room = table.restored();
    assert_eq!(restored.match_summary(), Some(before));
    assert_eq!(restored.current_link(), Some(link));
    assert_eq!(
        restored.game.as_ref().unwrap().match_link(),
        Some(link),
        "the game's record keeps its place"
    );
}

#[test]
fn as_the_next_game_starts_each_player_is_told_the_score_by_their_new_seat() {
    let mut table = Table::new(first_to(3));
    let ann = table.sit("Ann");
    let bob = table.sit("Bob");
    play_out(&mut table, [ann, bob]);
    let summary = table.room.match_summary().unwrap();
    let (ann_wins, bob_wins) = (summary.players[0].wins, summary.players[1].wins);
    table.messages(ann);
    table.wait(MATCH_PAUSE);
    assert_eq!(table.seat_of(ann), Seat::Blue);
    let state = table
        .messages(ann)
        .into_iter()
        .find_map(|message| match message {
            ServerMessage::State { state } => Some(state),
            _ => None,
        })
        .expect("a state before the new game");
    let score = state.match_score.unwrap();
    assert_eq!(score.number, 2);
    assert_eq!(
        score.wins,
        Seated {
            yellow: bob_wins,
            blue: ann_wins
        }
    );
}

//! Sealed play through the real server (`docs/fairness.md`): the record of
//! every game proves its deal and dice, a move the server makes carries the
//! nonce its seed gives, and a player who seals but never opens forfeits.

use std::time::Duration;

use mice_cake_engine::{Policy, Seat};
use mice_cake_protocol::{
    ClientMessage, Ending, FinishedGame, ForfeitCause, RoomEvent, RoomOptions, ServerMessage,
};

use crate::support::*;

#[tokio::test]
async fn a_game_against_the_server_bot_is_sealed_and_verifies() {
    let server = TestServer::default().await;
    let played = play_against_the_bot(&server, Policy::Random, 4).await;
    let game: FinishedGame = server
        .get_json(&format!("/api/games/{}", played.game_id))
        .await;
    let record = game.record.as_ref().unwrap();
    assert!(record.is_sealed());
    record.replay().expect("the record verifies link by link");
    let fair = record.fair.as_ref().unwrap();
    // The bot's moves are the server's, with the nonces its seed gives
    // (checked by the replay); the human's are the client's own.
    let bot = Seat::ALL
        .into_iter()
        .find(|seat| game.players[*seat] == "greedy bot")
        .unwrap();
    assert!(fair.deal.by_server[bot] && !fair.deal.by_server[bot.opponent()]);
    assert!(fair.rounds.iter().all(|round| round.by_server[bot]));
    assert!(
        fair.rounds
            .iter()
            .all(|round| !round.by_server[bot.opponent()])
    );
    // A seed swapped afterwards no longer matches its commitment.
    let mut swapped = record.clone();
    swapped.seed = Some(mice_cake_engine::Seed::from_u64(77));
    assert_eq!(
        swapped.replay(),
        Err(mice_cake_engine::ReplayError::SeedMismatch)
    );
}

/// A game on a server with `open_ms` to open, round 1 sealed by both,
/// Yellow's client holding its opening back.
async fn both_sealed_yellow_holding_back(
    open_ms: u64,
) -> (TestServer, Client, Client, mice_cake_protocol::SeatToken) {
    both_sealed_yellow_holding_back_with(open_ms, Duration::from_secs(120)).await
}

/// [`both_sealed_yellow_holding_back`], with a grace of `grace`.
async fn both_sealed_yellow_holding_back_with(
    open_ms: u64,
    grace: Duration,
) -> (TestServer, Client, Client, mice_cake_protocol::SeatToken) {
    let server = TestServer::start(|config| {
        config.open_timeout = Duration::from_millis(open_ms);
        config.disconnect_grace = grace;
    })
    .await;
    let (_, mut yellow, mut blue, yellow_token, _) =
        two_players(&server, RoomOptions::default()).await;
    let (view, _) = tokio::join!(yellow.until_round(1), blue.until_round(1));
    yellow.sealing.automatic = false;
    yellow
        .commit(1, mice_cake_engine::greedy_assignment(&view, Seat::Yellow))
        .await;
    blue.commit(1, mice_cake_engine::greedy_assignment(&view, Seat::Blue))
        .await;
    (server, yellow, blue, yellow_token)
}

#[tokio::test]
async fn a_player_who_seals_and_never_opens_forfeits() {
    // Yellow's client seals, then refuses to open: the only way left to
    // deviate once the opponent's seal is known.
    let (_server, mut yellow, mut blue, _) = both_sealed_yellow_holding_back(300).await;
    let over = |m: &ServerMessage| matches!(m, ServerMessage::Event { event, .. } if matches!(**event, RoomEvent::GameOver { .. }));
    let (_, over) = tokio::join!(yellow.recv_until(over), blue.recv_until(over));
    let ServerMessage::Event { event, .. } = over else {
        unreachable!()
    };
    let RoomEvent::GameOver { result, .. } = *event else {
        unreachable!()
    };
    // Round 1 was never revealed: before both players had a move, the game
    // is aborted, by Yellow, and nobody wins.
    assert_eq!(
        result.ending,
        Ending::Aborted {
            seat: Some(Seat::Yellow),
            cause: ForfeitCause::NotOpened
        }
    );
    assert_eq!(result.winner, None);
    // Blue's opening was never shown to anyone: the round was not revealed.
    assert!(
        !blue
            .received
            .iter()
            .any(|frame| frame.contains("\"revealed\"")),
        "no reveal without both openings"
    );
}

#[tokio::test]
async fn the_verify_endpoint_gives_the_engines_verdict() {
    let server = TestServer::default().await;
    let played = play_against_the_bot(&server, Policy::Greedy, 5).await;
    let verdict: mice_cake_protocol::GameVerdict = server
        .get_json(&format!("/api/games/{}/verify", played.game_id))
        .await;
    assert!(verdict.sealed && verdict.fair, "{verdict:?}");
    assert!(verdict.rounds > 0);
    assert_eq!(verdict.problem, None);
    let (status, body) = server.get("/api/games/not-an-id/verify").await;
    assert_eq!(status, 400, "{body}");
    let (status, body) = server
        .get("/api/games/00000000-0000-0000-0000-000000000000/verify")
        .await;
    assert_eq!(status, 404, "{body}");
}

#[tokio::test]
async fn an_opening_is_not_stored_and_clients_open_again_after_a_restart() {
    let dir = tempfile::tempdir().unwrap();
    let server = TestServer::keeping_games_in(dir.path(), |_| {}).await;
    let (_, mut yellow, mut blue, yellow_token, blue_token) =
        two_players(&server, RoomOptions::default()).await;
    let (view, _) = tokio::join!(yellow.until_round(1), blue.until_round(1));
    // Blue seals but holds its opening; Yellow seals and opens.
    blue.sealing.automatic = false;
    let yellow_move = mice_cake_engine::greedy_assignment(&view, Seat::Yellow);
    yellow.commit(1, yellow_move).await;
    blue.commit(1, mice_cake_engine::greedy_assignment(&view, Seat::Blue))
        .await;
    let both_sealed = |m: &ServerMessage| matches!(m, ServerMessage::Event { event, .. } if matches!(**event, RoomEvent::Sealed { round: 1, seat: Seat::Blue, .. }));
    yellow.recv_until(both_sealed).await;
    // Yellow's opening reaches the server, which stores nothing of it: a
    // chat line sent after it comes back once the room has handled it and
    // stored what it stores.
    yellow
        .send(&ClientMessage::Chat {
            text: "your turn to open".into(),
        })
        .await;
    yellow
        .recv_until(|m| matches!(m, ServerMessage::Chat { .. }))
        .await;
    server.stop().await;
    let stored: Vec<u8> = std::fs::read_dir(dir.path())
        .unwrap()
        .flat_map(|entry| std::fs::read(entry.unwrap().path()).unwrap_or_default())
        .collect();
    let nonce = yellow.sealing.pending.unwrap().1.nonce.to_string();
    assert!(
        !stored.windows(nonce.len()).any(|w| w == nonce.as_bytes()),
        "a player's opening is never stored"
    );

    // Back: both clients take their seats and open again; the round is
    // played with the moves sealed before the restart.
    let server = TestServer::keeping_games_in(dir.path(), |_| {}).await;
    let mut yellow_again = Client::greeted(&server, "Ada").await;
    yellow_again.carry_on(std::mem::take(&mut yellow.sealing));
    let mut blue_again = Client::greeted(&server, "Bea").await;
    blue_again.carry_on(std::mem::take(&mut blue.sealing));
    blue_again.sealing.automatic = true;
    yellow_again.resume(yellow_token, None).await;
    blue_again.resume(blue_token, None).await;
    let revealed = |m: &ServerMessage| matches!(m, ServerMessage::Event { event, .. } if matches!(**event, RoomEvent::Revealed { .. }));
    let (reveal, _) = tokio::join!(
        yellow_again.recv_until(revealed),
        blue_again.recv_until(revealed)
    );
    let ServerMessage::Event { event, .. } = reveal else {
        unreachable!()
    };
    let RoomEvent::Revealed { report, .. } = *event else {
        unreachable!()
    };
    assert_eq!(report.assignments.yellow, yellow_move);
    server.stop().await;
}

#[tokio::test]
async fn a_deal_refused_leaves_a_record_listed_with_both_players_games() {
    let server = TestServer::start(|config| {
        config.open_timeout = Duration::from_millis(300);
    })
    .await;
    // Ada seals her deal nonce and never opens it: the refusal a colluder
    // who saw the deal early would make.
    let mut ada = Client::greeted(&server, "Ada").await;
    ada.sealing.automatic = false;
    let (code, _, _) = ada.create(RoomOptions::default()).await;
    let mut bea = Client::greeted(&server, "Bea").await;
    bea.join(code).await;
    ada.recv_until(|m| matches!(m, ServerMessage::Event { event, .. } if matches!(**event, RoomEvent::GameStarted { .. })))
        .await;
    let sealed = ada.sealing.seal(0, mice_cake_engine::Assignment::EMPTY);
    ada.send(&sealed).await;
    let ClientMessage::Seal { seal, .. } = sealed else {
        unreachable!()
    };
    let over = |m: &ServerMessage| matches!(m, ServerMessage::Event { event, .. } if matches!(**event, RoomEvent::GameOver { .. }));
    let (over, _) = tokio::join!(ada.recv_until(over), bea.recv_until(over));
    let ServerMessage::Event { event, .. } = over else {
        unreachable!()
    };
    let RoomEvent::GameOver {
        result,
        game_id,
        seed,
        ..
    } = *event
    else {
        unreachable!()
    };
    assert_eq!(
        result.ending,
        Ending::Aborted {
            seat: Some(Seat::Yellow),
            cause: ForfeitCause::NotOpened
        }
    );
    assert_eq!(result.winner, None);
    let id = game_id.expect("an aborted deal has its record");

    let game: FinishedGame = server.get_json(&format!("/api/games/{id}")).await;
    assert!(game.record.is_none(), "nothing was dealt");
    let deal = game.aborted_deal.expect("the deal's record");
    deal.check().expect("every link of the deal checks");
    assert_eq!(deal.seed, seed);
    assert!(deal.refused.yellow && !deal.refused.blue);
    assert_eq!(deal.seals.yellow, Some(seal));
    assert!(deal.nonces.yellow.is_none(), "Ada never opened");
    assert!(deal.nonces.blue.is_some(), "Bea's opening is kept");
    assert!(deal.signatures.yellow.is_some() && deal.signatures.blue.is_some());
    assert_eq!(deal.keys.yellow, Some(secret_of("Ada").public_key()));
    // Claiming Bea refused, or dropping Ada's signature, breaks it.
    let mut swapped = deal.clone();
    swapped.refused = mice_cake_engine::Seated {
        yellow: false,
        blue: true,
    };
    assert!(swapped.check().is_err());
    let mut unsigned = deal.clone();
    unsigned.signatures.yellow = None;
    assert!(unsigned.check().is_err());

    // Listed with both players' games, marked as a deal that never happened.
    for player in ["Ada", "Bea"] {
        let page: mice_cake_protocol::GamePage = server
            .get_json(&format!("/api/games?player={player}"))
            .await;
        let listed = page
            .games
            .iter()
            .find(|summary| summary.id == id)
            .unwrap_or_else(|| panic!("{player}'s games list the deal"));
        assert!(listed.aborted && listed.rounds == 0);
    }
    // The server's own check agrees.
    let verdict: mice_cake_protocol::GameVerdict =
        server.get_json(&format!("/api/games/{id}/verify")).await;
    assert!(verdict.fair && verdict.problem.is_none(), "{verdict:?}");
}

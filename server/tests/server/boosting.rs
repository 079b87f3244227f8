//! Fed ratings (issue 59), as a determined player would feed one: a ring
//! of fresh keys, each on an address of its own, each losing a rated game
//! to one key by a signed leave at round 2 — every per-address rule holds.
//! The fair-play report names the fed key with every game and feeder, the
//! leaderboard's rule never lists it, and a refund takes the ring's games
//! out: every rating they touched is then what an independent Glicko-2
//! makes of the games left, and each player's page says a refund happened.

use std::collections::HashMap;

use mice_cake_engine::Seat;
use mice_cake_protocol::api::RefundDone;
use mice_cake_protocol::{
    Ending, FairPlayReport, FedEnding, ForfeitCause, GameId, PlayerProfile, RoomOptions,
};

use crate::gaming::{game_over, page};
use crate::ratings::{INITIAL, glicko2};
use crate::support::{Client, TestServer, request_with_body, secret_of};

fn rated() -> RoomOptions {
    RoomOptions {
        rated: true,
        deadline_ms: Some(60_000),
        ..RoomOptions::default()
    }
}

/// A rated game `winner` (from `winner_from`) wins as Yellow: `loser`
/// (from `loser_from`) joins, both move in round 1, and the loser leaves,
/// signed. Its id.
async fn won_by_a_leave(
    server: &TestServer,
    (winner, winner_from): (&str, &str),
    (loser, loser_from): (&str, &str),
) -> GameId {
    let mut yellow = Client::greeted_from(server, winner_from, winner).await;
    let (code, _, _) = yellow.create(rated()).await;
    let mut blue = Client::greeted_from(server, loser_from, loser).await;
    blue.join(code).await;
    let (view, _) = tokio::join!(yellow.until_round(1), blue.until_round(1));
    for (client, seat) in [(&mut yellow, Seat::Yellow), (&mut blue, Seat::Blue)] {
        client
            .commit(1, mice_cake_engine::greedy_assignment(&view, seat))
            .await;
    }
    tokio::join!(yellow.until_round(2), blue.until_round(2));
    blue.leave().await;
    let (result, game_id) = game_over(&mut yellow).await;
    assert_eq!(
        result.ending,
        Ending::Forfeit {
            seat: Seat::Blue,
            cause: ForfeitCause::Left
        }
    );
    game_id
}

/// The games left, rated again from the start by the server tests' own
/// Glicko-2 (worked from the paper's steps): each player's rating.
fn replayed(games: &[(&str, &str)]) -> HashMap<String, (f64, f64, f64)> {
    let mut ratings: HashMap<String, (f64, f64, f64)> = HashMap::new();
    for (winner, loser) in games {
        let won = *ratings.get(*winner).unwrap_or(&INITIAL);
        let lost = *ratings.get(*loser).unwrap_or(&INITIAL);
        ratings.insert((*winner).to_owned(), glicko2(won, lost, 1.0));
        ratings.insert((*loser).to_owned(), glicko2(lost, won, 0.0));
    }
    ratings
}

fn close(page: &PlayerProfile, expected: (f64, f64, f64)) {
    let rating = &page.ratings[0].rating;
    assert!(
        (rating.rating - expected.0).abs() < 0.01 && (rating.deviation - expected.1).abs() < 0.01,
        "{}: {rating:?}, expected {expected:?}",
        page.name
    );
}

#[tokio::test]
async fn a_ring_of_fresh_keys_is_named_kept_off_the_leaderboard_and_refunded() {
    let server = TestServer::start(|config| config.rate_one_address = false).await;
    // Hal, Ivy and Jo play each other (five games each for Hal and Ivy:
    // nobody new); twelve fresh keys, each from an address of its own,
    // feed Mal; Mal then beats Hal, and Jo beats Hal (a third time for
    // the pair: a fourth would not be rated).
    let hal = ("Hal", "127.0.0.2");
    let ivy = ("Ivy", "127.0.0.3");
    let jo = ("Jo", "127.0.0.5");
    let mal = ("Mal", "127.0.0.4");
    let honest = [
        (hal, ivy),
        (ivy, hal),
        (hal, ivy),
        (hal, jo),
        (jo, hal),
        (ivy, jo),
        (jo, ivy),
    ];
    for (winner, loser) in honest {
        won_by_a_leave(&server, winner, loser).await;
    }
    let mut games: Vec<(&str, &str)> = honest
        .iter()
        .map(|((winner, _), (loser, _))| (*winner, *loser))
        .collect();
    let mut fed = Vec::new();
    let feeders: Vec<(String, String)> = (0..12)
        .map(|n| (format!("Feeder{n}"), format!("127.0.1.{}", 10 + n)))
        .collect();
    for (name, address) in &feeders {
        fed.push(won_by_a_leave(&server, mal, (name, address)).await);
    }
    won_by_a_leave(&server, mal, hal).await;
    won_by_a_leave(&server, jo, hal).await;

    // Named, with every game and feeder, and what the games gave.
    let report: FairPlayReport = server.get_json("/api/fair-play").await;
    assert_eq!(report.boosting.len(), 1, "{:?}", report.boosting);
    let named = &report.boosting[0];
    assert_eq!(named.key, secret_of("Mal").public_key());
    assert_eq!(named.name, "Mal");
    assert_eq!(
        named.fed.iter().map(|game| game.game).collect::<Vec<_>>(),
        fed
    );
    assert_eq!(
        named.feeders,
        feeders
            .iter()
            .map(|(name, _)| secret_of(name).public_key())
            .collect::<Vec<_>>()
    );
    assert!(named.fed.iter().all(|game| game.ended == FedEnding::Left
        && game.feeder_games_before == 0
        && game.never_played_again));
    let mal_page = page(&server, "Mal").await;
    let mal_rating = mal_page.ratings[0].rating.rating;
    assert!((named.rating - mal_rating).abs() < 1e-6);
    // Without the ring, Mal's one win over Hal.
    games.push(("Mal", "Hal"));
    let without = replayed(&games);
    games.pop();
    assert!(
        (named.rating_without - without["Mal"].0).abs() < 0.01,
        "{named:?}"
    );
    assert!(named.share > 0.5, "{named:?}");
    // Nowhere near the leaderboard: none of its games against an
    // established player.
    let listing = mal_page.ratings[0].listing;
    assert_eq!((listing.games, listing.against_established), (13, 0));
    assert!(!listing.listed);

    // Refunded: the ring's games and Mal's win over Hal taken out.
    let (status, body) = server
        .post_json(
            "/api/ratings/refunds",
            &format!(r#"{{"keys":["{}"]}}"#, secret_of("Mal").public_key()),
        )
        .await;
    assert_eq!(status, 200, "{body}");
    let done: RefundDone = serde_json::from_str(&body).unwrap();
    assert_eq!(done.games, 13);
    games.push(("Jo", "Hal"));
    let left = replayed(&games);
    for name in ["Hal", "Ivy", "Jo"] {
        close(&page(&server, name).await, left[name]);
    }
    for name in std::iter::once("Mal").chain(feeders.iter().map(|(name, _)| name.as_str())) {
        let page = page(&server, name).await;
        assert!(page.ratings.is_empty(), "{name}: {:?}", page.ratings);
        assert_eq!(page.refunds.len(), 1, "{name} is told");
        assert_eq!(page.refunds[0].after, None);
    }
    let hal_page = page(&server, "Hal").await;
    assert_eq!(hal_page.refunds.len(), 1, "Hal's rating moved: told");
    assert_eq!(hal_page.refunds[0].games, 1, "his loss to Mal");
    let jo_page = page(&server, "Jo").await;
    assert_eq!(jo_page.refunds.len(), 1, "Jo's win over Hal moved too");
    assert_eq!(jo_page.refunds[0].games, 0);
    assert!(
        page(&server, "Ivy").await.refunds.is_empty(),
        "Ivy met nobody it touched since"
    );
    // Nothing fed is left to name; the records stay.
    let report: FairPlayReport = server.get_json("/api/fair-play").await;
    assert!(report.boosting.is_empty(), "{:?}", report.boosting);
    let (status, _) = server.get(&format!("/api/games/{}", fed[0])).await;
    assert_eq!(status, 200);
}

/// A refund is the operator's, and says what is wrong with a bad request.
#[tokio::test]
async fn a_refund_is_the_operators_and_bad_requests_are_told_why() {
    let server = TestServer::default().await;
    for (body, says) in [
        ("", "POST /api/ratings/refunds takes"),
        (r#"{"keys":[]}"#, "at least one key"),
        (r#"{"keys":["nope"]}"#, "POST /api/ratings/refunds takes"),
    ] {
        let (status, answer) = server.post_json("/api/ratings/refunds", body).await;
        assert_eq!(status, 400, "{body}: {answer}");
        assert!(answer.contains(says), "{body}: {answer}");
    }
    let token = "a-long-operator-token-0123456789";
    let guarded = TestServer::start(|config| config.operator_token = Some(token.into())).await;
    let key = secret_of("Mal").public_key();
    let body = format!(r#"{{"keys":["{key}"]}}"#);
    let (status, answer) = guarded.post_json("/api/ratings/refunds", &body).await;
    assert_eq!(status, 403, "{answer}");
    let headers = format!(
        "Authorization: Bearer {token}\r\nContent-Type: application/json\r\nContent-Length: {}\r\n",
        body.len()
    );
    let (status, _, answer) = request_with_body(
        guarded.addr,
        "POST",
        "/api/ratings/refunds",
        &headers,
        &body,
    )
    .await;
    assert_eq!(status, 200, "{answer}");
    let done: RefundDone = serde_json::from_str(&answer).unwrap();
    assert_eq!((done.games, done.ratings.len()), (0, 0));
}

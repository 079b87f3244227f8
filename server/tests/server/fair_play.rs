//! The fair-play signal from outside: a person whose rated moves are the
//! strong bot's, over 90 games, is flagged in `GET /api/fair-play`; a
//! careful person playing greedy's over 21 is not (random play, never
//! flagged in a million careers, is left to the careers test of
//! `fair_play_statistic`: its games' analyses are the dearest); each
//! player's page gives their running accuracy. And the report is the
//! operator's alone.

use std::time::Duration;

use mice_cake_engine::{Policy, Seat};
use mice_cake_protocol::{ErrorCode, FairPlayReport, PlayerProfile, RoomOptions};

use crate::support::{Client, TestServer, play, secret_of};

fn rated() -> RoomOptions {
    RoomOptions {
        rated: true,
        public: false,
        ..RoomOptions::default()
    }
}

/// Games with each opponent: the most two keys' games count in a day.
const GAMES_A_PAIR: usize = mice_cake_protocol::RATED_GAMES_PER_PAIR as usize;

/// Ada's opponents, three games with each: 90 games, by which the rule
/// flags nine engine users in ten (`docs/ratings.md`, "Fair play"); at 30,
/// under one in twenty.
const ADAS_OPPONENTS: usize = 30;

/// A player by name, and the policy whose moves they play.
type Side = (String, Policy);

/// `judged`'s games against each of `others`, as many as count with each,
/// seats by turns; the others play greedy's moves, as careful people.
fn schedule(judged: (&str, Policy), others: &[String], seed: u64) -> Vec<(Side, Side, u64)> {
    let judged = (judged.0.to_owned(), judged.1);
    let mut games = Vec::new();
    for other in others {
        let theirs = (other.clone(), Policy::Greedy);
        for game in 0..GAMES_A_PAIR {
            let seed = seed + 2 * games.len() as u64;
            games.push(if game % 2 == 0 {
                (judged.clone(), theirs.clone(), seed)
            } else {
                (theirs.clone(), judged.clone(), seed)
            });
        }
    }
    games
}

/// One rated game: `yellow` with its policy against `blue` with its.
async fn rated_game(
    server: &TestServer,
    (yellow, yellow_policy): &Side,
    (blue, blue_policy): &Side,
    seed: u64,
) {
    let (yellow_policy, blue_policy) = (*yellow_policy, *blue_policy);
    let mut creator = Client::greeted(server, yellow).await;
    creator.sealing.seed_nonces(seed);
    let (code, seat, _) = creator.create(rated()).await;
    assert_eq!(seat, Seat::Yellow);
    let mut joiner = Client::greeted(server, blue).await;
    joiner.sealing.seed_nonces(seed + 1);
    joiner.join(code).await;
    let yellow = tokio::spawn(play(creator, Seat::Yellow, yellow_policy, seed));
    let blue = tokio::spawn(play(joiner, Seat::Blue, blue_policy, seed + 1));
    let (yellow, _) = (yellow.await.unwrap(), blue.await.unwrap());
    let game = server
        .get_json::<mice_cake_protocol::FinishedGame>(&format!("/api/games/{}", yellow.game_id))
        .await;
    let rated = game.rated.expect("a rated game");
    assert!(rated.counted(), "{rated:?}: {:?}", game.result);
}

async fn report(server: &TestServer) -> FairPlayReport {
    server.get_json("/api/fair-play").await
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_person_playing_the_strong_bots_moves_over_90_rated_games_is_flagged_and_a_careful_one_is_not()
 {
    let server = TestServer::start(|config| {
        // Thirty-two new keys from one address, as tests are.
        config.new_rated_keys_per_hour = 0;
        config.analyses = 2;
        // A rated deal waits for nobody: the server's default, not the
        // tests' 100 ms, so that a busy machine aborts no game.
        config.deal_timeout = Duration::from_secs(10);
    })
    .await;
    // Ada plays `strong`'s moves as a person (no bot declaration) against
    // thirty others, three games with each (the most a pair's games count
    // in a day), the others playing greedy's. Every game one after
    // another, every nonce seeded: the same deals and moves every run, so
    // the verdicts are the same every run.
    let others: Vec<String> = (1..=ADAS_OPPONENTS)
        .map(|index| format!("Other {index}"))
        .collect();
    for (yellow, blue, seed) in schedule(("Ada", Policy::Strong), &others, 100) {
        rated_game(&server, &yellow, &blue, seed).await;
    }
    // Gil plays greedy's moves against seven of them: more than the games
    // a verdict needs.
    for (yellow, blue, seed) in schedule(("Gil", Policy::Greedy), &others[..7], 1_000) {
        rated_game(&server, &yellow, &blue, seed).await;
    }

    // Every game is analysed in the background, without anyone asking.
    let played = ((ADAS_OPPONENTS + 7) * GAMES_A_PAIR) as u32;
    let deadline = tokio::time::Instant::now() + Duration::from_secs(900);
    let report = loop {
        let report = report(&server).await;
        if report.games_analysed >= played {
            break report;
        }
        assert!(
            tokio::time::Instant::now() < deadline,
            "{} of {played} games analysed",
            report.games_analysed
        );
        tokio::time::sleep(Duration::from_millis(500)).await;
    };
    let entry = |name: &str| {
        report
            .players
            .iter()
            .find(|entry| entry.name == name)
            .unwrap_or_else(|| panic!("{name} in {report:#?}"))
    };
    let (ada, gil) = (entry("Ada"), entry("Gil"));
    let adas_games = (ADAS_OPPONENTS * GAMES_A_PAIR) as u32;
    for (judged, games) in [(ada, adas_games), (gil, 21)] {
        assert_eq!(judged.games, games, "{judged:?}");
        assert!(judged.games >= report.min_games);
        assert!(judged.rounds >= games * 5, "{judged:?}");
    }
    assert!(ada.flagged && ada.z >= ada.boundary, "{ada:#?}");
    assert!(!gil.flagged && gil.z < gil.boundary, "{gil:#?}");
    assert_eq!(report.players[0].name, "Ada", "the least likely first");
    assert!(
        report.players.iter().filter(|entry| entry.flagged).count() == 1,
        "{report:#?}"
    );
    // Her accuracy flags her: it tells the search's play from careful play
    // (the first choices are close between the two: `docs/ratings.md`).
    assert!(ada.z_accuracy >= ada.z_first, "{ada:?}");
    assert!(ada.accuracy > gil.accuracy, "{ada:?} {gil:?}");

    // Each one's page gives their accuracy over their rated games, as the
    // report counts it.
    for judged in [ada, gil] {
        let page: PlayerProfile = server
            .get_json(&format!(
                "/api/players/{}",
                secret_of(&judged.name).public_key()
            ))
            .await;
        let accuracy = page.accuracy.expect("an accuracy");
        assert_eq!(
            (accuracy.games, accuracy.rounds),
            (judged.games, judged.rounds)
        );
        assert!((accuracy.percent() - judged.accuracy).abs() < 1e-9);
    }
}

#[tokio::test]
async fn the_report_is_the_operators_alone() {
    // No token: this machine's requests, unless a proxy forwarded them.
    let server = TestServer::default().await;
    let (status, body) = server.get("/api/fair-play").await;
    assert_eq!(status, 200, "{body}");
    let empty: FairPlayReport = serde_json::from_str(&body).unwrap();
    assert!(empty.players.is_empty());
    // Whichever header a proxy on this machine writes, alone.
    for forwarded in [
        "Forwarded: for=203.0.113.7\r\n",
        "X-Forwarded-For: 203.0.113.7\r\n",
        "X-Real-IP: 203.0.113.7\r\n",
        "Via: 1.1 proxy\r\n",
        "X-Forwarded-Proto: https\r\n",
        "X-Forwarded-Host: mice.example\r\n",
        "CF-Connecting-IP: 203.0.113.7\r\n",
        "True-Client-IP: 203.0.113.7\r\n",
        "X-Client-IP: 203.0.113.7\r\n",
    ] {
        let (status, _, body) = server.request("GET", "/api/fair-play", forwarded).await;
        assert_eq!(status, 403, "{forwarded}: {body}");
        assert!(body.contains(ErrorCode::OperatorOnly.as_str()), "{body}");
    }

    // With a token: that token alone, wherever the request comes from.
    let token = "a-long-operator-token-0123456789";
    let guarded = TestServer::start(|config| config.operator_token = Some(token.into())).await;
    for (headers, status) in [
        (String::new(), 403),
        (
            "Authorization: Bearer not-the-token-at-all-00\r\n".to_owned(),
            403,
        ),
        (format!("Authorization: Basic {token}\r\n"), 403),
        (format!("Authorization: Bearer {token}\r\n"), 200),
        (
            format!("authorization: bearer {token}\r\nForwarded: for=203.0.113.7\r\n"),
            200,
        ),
    ] {
        let (got, _, body) = guarded.request("GET", "/api/fair-play", &headers).await;
        assert_eq!(got, status, "{headers}: {body}");
        if status == 403 {
            assert!(body.contains("operator"), "{body}");
            assert!(!body.contains(token), "the token is never told: {body}");
        }
    }
}

//! `GET /api/games/{id}/analysis`: made once, kept, queued, refused when
//! the queue is full, and clear about bad requests.

use std::time::Duration;

use mice_cake_engine::Policy;
use mice_cake_engine::Seat;
use mice_cake_engine::analysis::{GameAnalysis, analyse};
use mice_cake_protocol::{ApiError, FinishedGame};

use crate::support::{PATIENCE, TestServer, play_against_the_bot, request_at};

const RUNNING: &str = "mice_cake_analyses_running";
const MADE: &str = "mice_cake_analyses_made_total";

/// Metrics are the process's: tests that make analyses take turns, so that
/// the running gauge is theirs alone.
static ANALYSING: tokio::sync::Mutex<()> = tokio::sync::Mutex::const_new(());

/// `GET path`: the status, the `Cache-Status` header and the body.
async fn analysis(server: &TestServer, path: &str) -> (u16, String, String) {
    let (status, head, body) = server.request("GET", path, "").await;
    let cache = head
        .lines()
        .find_map(|line| line.strip_prefix("cache-status: "))
        .unwrap_or_default()
        .to_owned();
    (status, cache, body)
}

#[tokio::test]
async fn a_finished_game_is_analysed_once_kept_and_the_same_after_a_restart() {
    let _turn = ANALYSING.lock().await;
    let dir = tempfile::tempdir().unwrap();
    let server = TestServer::keeping_games_in(dir.path(), |_| {}).await;
    let played = play_against_the_bot(&server, Policy::Random, 4).await;
    let path = format!("/api/games/{}/analysis", played.game_id);
    // Two at once: one analysis (the metrics are the process's, and
    // analyses here are made by one test at a time), the same answer to both.
    let before = server.metric(MADE).await;
    let (first, second) = tokio::join!(analysis(&server, &path), analysis(&server, &path));
    assert_eq!(first.0, 200, "{}", first.2);
    assert_eq!(first.2, second.2);
    assert_eq!(server.metric(MADE).await - before, 1.0);
    assert_eq!(first.1, "mice-cake; fwd=miss; stored");
    let body = first.2;
    // It is the engine's analysis of the stored record, round by round
    // (compared as JSON, which rounds the last bit of some numbers).
    let game: FinishedGame = server
        .get_json(&format!("/api/games/{}", played.game_id))
        .await;
    let record = game.record.expect("a dealt game");
    let engines = serde_json::to_string(&analyse(&record).unwrap()).unwrap();
    assert_eq!(body, engines);
    let analysis_read: GameAnalysis = serde_json::from_str(&body).unwrap();
    assert_eq!(analysis_read.rounds.len(), record.rounds.len());
    // Random play (the room's creator, Yellow) makes mistakes, and the
    // analysis names them.
    let random = Seat::Yellow;
    assert!(analysis_read.players[random].average_loss > 0.0);
    assert!(!analysis_read.players[random].costliest.is_empty());
    // Asked again, and after a restart: from storage.
    let stored = (200, "mice-cake; hit".to_owned(), body);
    assert_eq!(analysis(&server, &path).await, stored);
    server.stop().await;
    let server = TestServer::keeping_games_in(dir.path(), |_| {}).await;
    assert_eq!(
        analysis(&server, &path).await,
        stored,
        "kept across the restart"
    );
    server.stop().await;
}

#[tokio::test]
async fn an_analysis_beyond_the_queue_is_told_to_come_back_and_the_server_serves_on() {
    let _turn = ANALYSING.lock().await;
    let server = TestServer::start(|config| {
        config.analyses = 1;
        config.analysis_queue = 0;
    })
    .await;
    let first = play_against_the_bot(&server, Policy::Random, 5)
        .await
        .game_id;
    let second = play_against_the_bot(&server, Policy::Random, 6)
        .await
        .game_id;
    let running = {
        let path = format!("/api/games/{first}/analysis");
        let addr = server.addr;
        tokio::spawn(async move { request_at(addr, "GET", &path, "").await })
    };
    // Once the first is being made, the second has no place.
    tokio::time::timeout(PATIENCE, async {
        while server.metric(RUNNING).await < 1.0 {
            tokio::time::sleep(Duration::from_millis(5)).await;
        }
    })
    .await
    .expect("the first analysis starts");
    let (status, body) = server.get(&format!("/api/games/{second}/analysis")).await;
    assert_eq!(status, 503, "{body}");
    let refusal: ApiError = serde_json::from_str(&body).unwrap();
    assert_eq!(refusal.code.as_str(), "unavailable");
    assert!(refusal.message.contains("try again"), "{}", refusal.message);
    // The rest of the server serves meanwhile.
    assert_eq!(server.get("/api/rooms").await.0, 200);
    let (status, _, _) = running.await.unwrap();
    assert_eq!(status, 200);
    // Its turn come, the second is made.
    let (status, cache, _) = analysis(&server, &format!("/api/games/{second}/analysis")).await;
    assert_eq!(
        (status, cache.as_str()),
        (200, "mice-cake; fwd=miss; stored")
    );
}

#[tokio::test]
async fn bad_requests_for_an_analysis_are_answered_clearly() {
    let server = TestServer::default().await;
    let (status, body) = server.get("/api/games/nonsense/analysis").await;
    assert_eq!(status, 400, "{body}");
    assert!(body.contains("is not a game id"), "{body}");
    let unknown = "00000000-0000-4000-8000-000000000000";
    let (status, body) = server.get(&format!("/api/games/{unknown}/analysis")).await;
    assert_eq!(status, 404, "{body}");
    assert!(body.contains("unknown_game"), "{body}");
    let (status, body) = server
        .get(&format!("/api/games/{unknown}/analysis?depth=9"))
        .await;
    assert_eq!(status, 400, "{body}");
    assert!(body.contains("takes no parameters"), "{body}");
}

//! The web client as the server serves it: the pages, their files under
//! a content hash (cached for good), the rules page, the security headers
//! on every response, and the two endpoints it reads instead of computing
//! rules (odds, replay views).

use mice_cake_engine::{Domino, Policy, Viewer};
use mice_cake_protocol::{FinishedGame, GameViews, OddsTable};

use crate::support::*;

/// The paths of the files the page loads.
fn assets(page: &str) -> Vec<String> {
    page.split(['"', '\''])
        .filter(|part| part.starts_with("/assets/"))
        .map(str::to_owned)
        .collect()
}

#[tokio::test]
async fn every_page_is_the_client_with_a_strict_policy_and_no_cache() {
    let server = TestServer::default().await;
    for path in [
        "/",
        "/r/K7QMX",
        "/r/new",
        "/g/0195f3c2-0000-7000-8000-000000000001",
    ] {
        let (status, head, body) = server.request("GET", path, "").await;
        assert_eq!(status, 200, "{path}: {body}");
        assert_eq!(
            header(&head, "content-type"),
            Some("text/html; charset=utf-8")
        );
        assert_eq!(header(&head, "cache-control"), Some("no-cache"));
        let policy = header(&head, "content-security-policy").unwrap_or_default();
        assert!(policy.contains("script-src 'self'"), "{policy}");
        assert!(
            !policy.contains("unsafe-inline") && !policy.contains("unsafe-eval"),
            "{policy}"
        );
        assert!(policy.contains("connect-src 'self'"), "{policy}");
        assert!(policy.contains("frame-ancestors 'none'"), "{policy}");
        assert_eq!(header(&head, "x-content-type-options"), Some("nosniff"));
        // No script inline: every <script> loads a file.
        for script in body.split("<script").skip(1) {
            let tag = script.split('>').next().unwrap_or_default();
            assert!(tag.contains("src=\"/assets/"), "{path}: {tag}");
        }
        // Nothing from another origin.
        assert!(
            !body.contains("http://") && !body.contains("https://"),
            "{body}"
        );
    }
}

#[tokio::test]
async fn a_page_path_that_names_nothing_is_the_page_with_status_404() {
    let server = TestServer::default().await;
    let (_, page) = server.get("/").await;
    for (path, status) in [
        ("/r/K7QMX", 200),
        ("/r/k7qmx", 200),
        ("/r/new", 200),
        ("/r/NEW", 200),
        ("/r/K7QM", 404),
        ("/r/K7QMXX", 404),
        // 0, O, 1, I and L are not in room codes.
        ("/r/K7QM0", 404),
        ("/r/%20K7QMX", 404),
        ("/r/new1", 404),
        ("/g/0195f3c2-0000-7000-8000-000000000001", 200),
        ("/g/0195F3C2-0000-7000-8000-000000000001", 200),
        ("/g/0195f3c2-0000-7000-8000-00000000000", 404),
        ("/g/K7QMX", 404),
        ("/g/new", 404),
    ] {
        let (got, head, body) = server.request("GET", path, "").await;
        assert_eq!(got, status, "{path}");
        assert_eq!(body, page, "{path}: the page itself");
        let cache = if status == 200 {
            "no-cache"
        } else {
            "no-store"
        };
        assert_eq!(header(&head, "cache-control"), Some(cache), "{path}");
    }
}

#[tokio::test]
async fn the_rules_are_a_page_of_their_own() {
    let server = TestServer::default().await;
    let (status, head, body) = server.request("GET", "/rules", "").await;
    assert_eq!(status, 200, "{body}");
    assert_eq!(
        header(&head, "content-type"),
        Some("text/html; charset=utf-8")
    );
    assert_eq!(header(&head, "cache-control"), Some("no-cache"));
    assert!(
        header(&head, "content-security-policy")
            .is_some_and(|csp| csp.contains("script-src 'self'"))
    );
    assert!(
        body.starts_with("<!doctype html>\n<html lang=\"en\">"),
        "{body}"
    );
    assert!(
        body.contains(r#"<title data-message="rules-title">The rules — Mice Cake</title>"#),
        "{body}"
    );
    assert!(
        body.contains(r#"<header class="top">"#)
            && body.contains(r#"<a class="brand" href="/">Mice Cake</a>"#),
        "{body}"
    );
    // docs/rules.md, rendered: its headings and its table.
    for heading in [
        "<h1>Mice Cake: the rules as this project plays them</h1>",
        "<h2>The pieces and the table</h2>",
        "<h3>1. Assign, in secret</h3>",
        "<h2>End and score</h2>",
    ] {
        assert!(body.contains(heading), "{heading}");
    }
    assert!(body.contains("<table>") && body.contains("<strong>R1 — The cake.</strong>"));
    // The site's stylesheet, and nothing inline for the policy to refuse.
    let (_, page) = server.get("/").await;
    let stylesheet = assets(&page)
        .into_iter()
        .find(|file| file.ends_with("/style.css"))
        .unwrap();
    assert!(body.contains(&format!(r#"<link rel="stylesheet" href="{stylesheet}">"#)));
    // Its one script, the language switch, from this origin's files.
    let switch = assets(&page)
        .into_iter()
        .find(|file| file.ends_with("/app.js"))
        .unwrap()
        .replace("/app.js", "/rules.js");
    assert_eq!(
        body.matches("<script").count(),
        1,
        "one script, the language switch's"
    );
    assert!(body.contains(&format!(
        r#"<script type="module" src="{switch}"></script>"#
    )));
    assert!(!body.contains("<style") && !body.contains(" style="));
}

/// Every response, whatever answers it (a page, a file, the API, an error,
/// a fallback), carries the security headers; every error also says that
/// no cache may keep it.
#[tokio::test]
async fn every_response_carries_the_security_headers_and_errors_are_never_stored() {
    let server = TestServer::default().await;
    let played = play_against_the_bot(&server, Policy::Random, 5).await;
    let (_, page) = server.get("/").await;
    let app = assets(&page)
        .into_iter()
        .find(|file| file.ends_with("/app.js"))
        .unwrap();
    let game = format!("/api/games/{}", played.game_id);
    let missing_game = "/api/games/0195f3c2-0000-7000-8000-000000000001".to_owned();
    for (method, path, status) in [
        ("GET", "/", 200),
        ("GET", "/rules", 200),
        ("GET", app.as_str(), 200),
        ("GET", "/api/rooms", 200),
        ("GET", game.as_str(), 200),
        ("GET", missing_game.as_str(), 404),
        ("GET", "/api/games/nope", 400),
        ("GET", "/api/odds", 200),
        ("GET", "/healthz", 200),
        ("GET", "/metrics", 200),
        ("GET", "/nowhere", 404),
        ("GET", "/r/nope", 404),
        ("GET", "/ws", 426),
        ("DELETE", "/api/rooms", 405),
    ] {
        let (got, head, _) = server.request(method, path, "").await;
        assert_eq!(got, status, "{method} {path}");
        assert_eq!(
            header(&head, "content-security-policy"),
            Some(
                "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self' data:; \
                 connect-src 'self'; manifest-src 'self'; base-uri 'none'; form-action 'self'; \
                 frame-ancestors 'none'"
            ),
            "{method} {path}"
        );
        assert_eq!(
            header(&head, "x-content-type-options"),
            Some("nosniff"),
            "{method} {path}"
        );
        assert_eq!(
            header(&head, "referrer-policy"),
            Some("no-referrer"),
            "{method} {path}"
        );
        if status >= 400 {
            assert_eq!(
                header(&head, "cache-control"),
                Some("no-store"),
                "{method} {path}"
            );
        }
    }
    // A response's own cache policy stands.
    let (_, head, _) = server.request("GET", "/api/odds", "").await;
    assert_eq!(
        header(&head, "cache-control"),
        Some("public, max-age=86400")
    );
}

#[tokio::test]
async fn the_files_are_cached_for_good_under_their_hash_and_only_there() {
    let server = TestServer::default().await;
    let (_, page) = server.get("/").await;
    let files = assets(&page);
    assert!(
        files.iter().any(|file| file.ends_with("/app.js")),
        "{files:?}"
    );
    assert!(
        files.iter().any(|file| file.ends_with("/style.css")),
        "{files:?}"
    );
    for file in &files {
        let (status, head, body) = server.request("GET", file, "").await;
        assert_eq!(status, 200, "{file}");
        assert_eq!(
            header(&head, "cache-control"),
            Some("public, max-age=31536000, immutable"),
            "{file}"
        );
        assert!(header(&head, "content-security-policy").is_some());
        assert!(!body.is_empty());
    }
    let (status, _) = server.get("/assets/app.js").await;
    assert_eq!(status, 404);
    // A file of another version, or one that does not exist, is not cached.
    let base = files[0].rsplit_once('/').unwrap().0.to_owned();
    for wrong in [
        files[0].replacen("/assets/", "/assets/0", 1),
        format!("{base}/nothing.js"),
        format!("{base}/index.html"),
    ] {
        let (status, head, body) = server.request("GET", &wrong, "").await;
        assert_eq!(status, 404, "{wrong}");
        assert_eq!(header(&head, "cache-control"), Some("no-store"), "{wrong}");
        assert!(body.contains("\"not_found\""), "{body}");
    }
    // Every module the page imports is served: a missing one would break
    // the client in the browser only.
    let (_, app) = server
        .get(
            &files
                .iter()
                .find(|f| f.ends_with("/app.js"))
                .unwrap()
                .clone(),
        )
        .await;
    // Each module with its folder: a module's imports are relative to it.
    let mut pending: Vec<(String, String)> = vec![(String::new(), app)];
    let mut seen = std::collections::HashSet::new();
    while let Some((folder, source)) = pending.pop() {
        for import in source.split("from \"./").skip(1) {
            let module = format!("{folder}{}", import.split('"').next().unwrap());
            if seen.insert(module.clone()) {
                let (status, body) = server.get(&format!("{base}/{module}")).await;
                assert_eq!(status, 200, "{module}");
                let within = module.rfind('/').map_or("", |slash| &module[..=slash]);
                pending.push((within.to_owned(), body));
            }
        }
    }
    assert!(
        seen.contains("room.js")
            && seen.contains("net.js")
            && seen.contains("vendor/fluent-bundle/bundle.js"),
        "{seen:?}"
    );
}

#[tokio::test]
async fn the_odds_are_the_engines_for_every_piece_and_number_of_mice() {
    let server = TestServer::default().await;
    let (status, head, body) = server.request("GET", "/api/odds", "").await;
    assert_eq!(status, 200, "{body}");
    assert!(header(&head, "cache-control").is_some());
    let table: OddsTable = serde_json::from_str(&body).unwrap();
    assert_schema_valid("OddsTable", &body);
    assert_eq!(table.pieces.len(), 27);
    for entry in &table.pieces {
        assert!(!entry.piece.is_double_blank());
        for mice in 1..=4u8 {
            let index = usize::from(mice - 1);
            assert_eq!(
                Some(entry.standard[index]),
                mice_cake_engine::odds(entry.piece, mice, false)
            );
            assert_eq!(
                Some(entry.boost[index]),
                mice_cake_engine::odds(entry.piece, mice, true)
            );
        }
    }
    assert!(
        table
            .pieces
            .iter()
            .any(|entry| entry.piece == Domino::ALL[27])
    );
}

#[tokio::test]
async fn a_finished_game_can_be_stepped_through_round_by_round() {
    let server = TestServer::default().await;
    let played = play_against_the_bot(&server, Policy::Random, 5).await;
    let game: FinishedGame = server
        .get_json(&format!("/api/games/{}", played.game_id))
        .await;
    let (status, body) = server
        .get(&format!("/api/games/{}/views", played.game_id))
        .await;
    assert_eq!(status, 200, "{body}");
    assert_schema_valid("GameViews", &body);
    let views: GameViews = serde_json::from_str(&body).unwrap();
    assert_eq!(
        views.views.len(),
        game.record.as_ref().unwrap().rounds.len() + 1
    );
    let mut expected = Vec::new();
    game.record
        .as_ref()
        .unwrap()
        .replay_each_round(|game| expected.push(game.view(Viewer::Spectator)))
        .unwrap();
    assert_eq!(views.views, expected);
    assert_eq!(views.views[0].round, 1);

    let (status, body) = server
        .get("/api/games/0195f3c2-0000-7000-8000-000000000001/views")
        .await;
    assert_eq!(status, 404);
    assert!(body.contains("unknown_game"), "{body}");
    let (status, _) = server.get("/api/games/nope/views").await;
    assert_eq!(status, 400);
}

#[tokio::test]
async fn the_client_comes_gzipped_to_a_browser_and_plain_to_anything_else() {
    use std::io::Read as _;
    use tokio::io::{AsyncReadExt as _, AsyncWriteExt as _};

    let server = TestServer::default().await;
    let (_, page) = server.get("/").await;
    let app = assets(&page)
        .into_iter()
        .find(|file| file.ends_with("/app.js"))
        .unwrap();
    let (_, head, plain) = server.request("GET", &app, "").await;
    assert_eq!(header(&head, "content-encoding"), None);
    assert_eq!(header(&head, "vary"), Some("accept-encoding"));
    assert!(plain.contains("showRoom"), "{plain}");

    for path in ["/", "/rules", app.as_str()] {
        let mut stream = tokio::net::TcpStream::connect(server.addr).await.unwrap();
        let request = format!(
            "GET {path} HTTP/1.1\r\nHost: test\r\nAccept-Encoding: gzip, deflate, br\r\n\
             Connection: close\r\n\r\n"
        );
        stream.write_all(request.as_bytes()).await.unwrap();
        let mut response = Vec::new();
        stream.read_to_end(&mut response).await.unwrap();
        let split = response
            .windows(4)
            .position(|window| window == b"\r\n\r\n")
            .unwrap();
        let head = String::from_utf8(response[..split].to_vec()).unwrap();
        assert_eq!(header(&head, "content-encoding"), Some("gzip"), "{head}");
        // The page is written in the language asked for (its cookie, else
        // Accept-Language); the rules page and the files are the same for all.
        let vary = if path == "/" {
            "accept-encoding, accept-language, cookie"
        } else {
            "accept-encoding"
        };
        assert_eq!(header(&head, "vary"), Some(vary), "{path}");
        let mut unzipped = String::new();
        flate2::read::GzDecoder::new(&response[split + 4..])
            .read_to_string(&mut unzipped)
            .unwrap();
        let (_, _, expected) = server.request("GET", path, "").await;
        assert_eq!(unzipped, expected, "{path}");
    }
}

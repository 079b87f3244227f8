//! The browser client, embedded in the binary: the pages (`/`, `/r/CODE`,
//! `/g/ID`) and their files, from `web/src/` at the root of the repository,
//! and the rules page (`/rules`, `docs/rules.md` rendered by `build.rs`).
//!
//! The files are plain ES modules and CSS: nothing is built, so a fresh
//! clone's `cargo build` serves them. `build.rs` gzips them into the binary
//! (the image carries a third of their size) and names their path after a
//! hash of all of them (`/assets/<hash>/app.js`), which changes with any
//! byte, so they are cached for a year; the pages themselves are never
//! cached and name the current hash. A client that does not take gzip gets
//! the plain bytes, unzipped for it. The security headers every response
//! carries (a Content-Security-Policy that allows only this origin's
//! scripts, with no inline script) are set by `headers.rs`.

use std::io::Read as _;

use axum::extract::Path;
use axum::extract::rejection::PathRejection;
use axum::http::{HeaderMap, HeaderValue, StatusCode, header};
use axum::response::{IntoResponse, Response};
use flate2::read::GzDecoder;
use mice_cake_protocol::ids::ROOM_CODE_LEN;
use mice_cake_protocol::{ErrorCode, GameId, RoomCode};

use crate::quote::quoted;
use crate::responses::NOT_STORED;
use crate::responses::{ApiPath, api_error};

mod embedded {
    include!(concat!(env!("OUT_DIR"), "/web_files.rs"));
}
use embedded::ASSETS;

const PAGE_CACHE: &str = "no-cache";
const ASSET_CACHE: &str = "public, max-age=31536000, immutable";

fn content_type(path: &str) -> &'static str {
    match path.rsplit_once('.').map(|(_, extension)| extension) {
        Some("html") => "text/html; charset=utf-8",
        Some("js") => "text/javascript; charset=utf-8",
        Some("css") => "text/css; charset=utf-8",
        Some("svg") => "image/svg+xml",
        Some("ftl") => "text/plain; charset=utf-8",
        Some("png") => "image/png",
        Some("json") if path.ends_with(".schema.json") => "application/schema+json",
        Some("json" | "webmanifest") => "application/json",
        _ => "application/octet-stream",
    }
}

/// Whether the request's `Accept-Encoding` takes gzip: named (as `gzip` or
/// `x-gzip`) with a weight above 0, or left to `*` when not named at all
/// (RFC 9110, 12.5.3).
fn takes_gzip(headers: &HeaderMap) -> bool {
    let mut named = None;
    let mut any = None;
    let codings = headers
        .get_all(header::ACCEPT_ENCODING)
        .iter()
        .filter_map(|value| value.to_str().ok())
        .flat_map(|value| value.split(','));
    for coding in codings {
        let mut parts = coding.split(';').map(str::trim);
        let name = parts.next().unwrap_or_default();
        let weight = parts
            .filter_map(|param| param.split_once('='))
            .find(|(key, _)| key.trim().eq_ignore_ascii_case("q"))
            .and_then(|(_, q)| q.trim().parse::<f32>().ok())
            .unwrap_or(1.0);
        if name.eq_ignore_ascii_case("gzip") || name.eq_ignore_ascii_case("x-gzip") {
            named = Some(weight > 0.0);
        } else if name == "*" {
            any = Some(weight > 0.0);
        }
    }
    named.or(any).unwrap_or(false)
}

/// A file's response: its gzipped bytes as they are, or unzipped.
fn file_response(
    headers: &HeaderMap,
    path: &str,
    gzipped: &'static [u8],
    cache: &'static str,
) -> Response {
    let mut response = if takes_gzip(headers) {
        let mut response = ([(header::CONTENT_TYPE, content_type(path))], gzipped).into_response();
        response
            .headers_mut()
            .insert(header::CONTENT_ENCODING, HeaderValue::from_static("gzip"));
        response
    } else {
        let mut plain = Vec::new();
        match GzDecoder::new(gzipped).read_to_end(&mut plain) {
            Ok(_) => ([(header::CONTENT_TYPE, content_type(path))], plain).into_response(),
            // Only a broken build could get here: say so rather than panic
            // (as an error, no cache keeps the answer).
            Err(err) => {
                tracing::error!(path, cause = %err, "an embedded web file does not unzip");
                return api_error(
                    StatusCode::INTERNAL_SERVER_ERROR,
                    ErrorCode::Internal,
                    format!("the embedded file {path} is damaged"),
                );
            }
        }
    };
    response
        .headers_mut()
        .insert(header::VARY, HeaderValue::from_static("accept-encoding"));
    response
        .headers_mut()
        .insert(header::CACHE_CONTROL, HeaderValue::from_static(cache));
    response
}

/// The language of a page for this request: the one the player chose (the
/// page's switch keeps it in the `lang` cookie), else the first of
/// `Accept-Language` with a catalogue, else English.
fn language(headers: &HeaderMap) -> &'static str {
    let chosen = headers
        .get_all(header::COOKIE)
        .iter()
        .filter_map(|value| value.to_str().ok())
        .flat_map(|value| value.split(';'))
        .filter_map(|pair| pair.trim().strip_prefix("lang="));
    let accepted = headers
        .get_all(header::ACCEPT_LANGUAGE)
        .iter()
        .filter_map(|value| value.to_str().ok())
        .flat_map(mice_cake_words::accept_language);
    mice_cake_words::negotiate(chosen.chain(accepted)).unwrap_or(mice_cake_words::DEFAULT_LANGUAGE)
}

/// The page in the request's language.
fn in_language(
    headers: &HeaderMap,
    pages: &'static [(&'static str, &'static [u8])],
    path: &str,
    cache: &'static str,
) -> Response {
    let language = language(headers);
    let page = pages
        .iter()
        .find(|(tag, _)| *tag == language)
        .or(pages.first())
        .map_or(&[][..], |(_, bytes)| *bytes);
    let mut response = file_response(headers, path, page, cache);
    response.headers_mut().insert(
        header::VARY,
        HeaderValue::from_static("accept-encoding, accept-language, cookie"),
    );
    response
}

/// The page every route of the client serves, in the request's language.
fn the_page(headers: &HeaderMap, cache: &'static str) -> Response {
    in_language(headers, embedded::PAGES, "index.html", cache)
}

/// `/`: the page, which reads its route itself.
pub(crate) async fn page(headers: HeaderMap) -> Response {
    the_page(&headers, PAGE_CACHE)
}

/// `/r/CODE`: the page, with status 404 unless `CODE` is a room code (in
/// any case) or `new` (the client creates a room there). The page still
/// comes, and says itself that nothing is there.
pub(crate) async fn room_page(
    code: Result<Path<String>, PathRejection>,
    headers: HeaderMap,
) -> Response {
    // A segment that is not text (`%FF`) names nothing either.
    let code = code.map(|Path(code)| code).unwrap_or_default();
    let found = code.eq_ignore_ascii_case("new") || is_room_code(&code);
    page_or_not_found(&headers, found)
}

/// `/g/ID`: the page, with status 404 unless `ID` is a game id.
pub(crate) async fn game_page(
    id: Result<Path<String>, PathRejection>,
    headers: HeaderMap,
) -> Response {
    // A segment that is not text (`%FF`) names nothing either.
    let id = id.map(|Path(id)| id).unwrap_or_default();
    page_or_not_found(&headers, id.parse::<GameId>().is_ok())
}

/// `/p/KEY`: a player's page, with status 404 unless `KEY` is a key (64
/// hexadecimal digits); the page asks `/api/players/KEY` itself.
pub(crate) async fn player_page(
    key: Result<Path<String>, PathRejection>,
    headers: HeaderMap,
) -> Response {
    // A segment that is not text (`%FF`) names nothing either.
    let key = key.map(|Path(key)| key).unwrap_or_default();
    let found = key.parse::<mice_cake_engine::PlayerKey>().is_ok();
    page_or_not_found(&headers, found)
}

/// `/top`: the leaderboard's page (its pool in the query, read by the
/// page); `/bots`, the bots' page: the page, which picks the view by its
/// path.
pub(crate) async fn leaderboard_page(headers: HeaderMap) -> Response {
    the_page(&headers, PAGE_CACHE)
}

/// `/play` (quick pairing's page, "Play now", which seeks itself) and
/// `/arenas` (the arenas, and a form to make one): the page, which picks
/// the view by its path.
pub(crate) async fn play_page(headers: HeaderMap) -> Response {
    the_page(&headers, PAGE_CACHE)
}

/// `/a/ID`: the page, with status 404 unless `ID` is an arena's id (in any
/// case). The page still comes, and says itself that nothing is there.
pub(crate) async fn arena_page(
    id: Result<Path<String>, PathRejection>,
    headers: HeaderMap,
) -> Response {
    let id = id.map(|Path(id)| id).unwrap_or_default();
    let found = id.len() == mice_cake_protocol::ids::ARENA_ID_LEN
        && id.parse::<mice_cake_protocol::ArenaId>().is_ok();
    page_or_not_found(&headers, found)
}

/// `/c/ID`: a challenge's page (its link), with status 404 unless `ID` is a
/// challenge's id (in any case). The page asks `/api/challenges/ID` itself,
/// and says itself when no challenge has that id.
pub(crate) async fn challenge_page(
    id: Result<Path<String>, PathRejection>,
    headers: HeaderMap,
) -> Response {
    let id = id.map(|Path(id)| id).unwrap_or_default();
    page_or_not_found(&headers, is_challenge_id(&id))
}

/// Whether `text` is a challenge's id as written: ten characters of the
/// room codes' alphabet (in either case), nothing around them.
fn is_challenge_id(text: &str) -> bool {
    text.len() == mice_cake_protocol::ids::CHALLENGE_ID_LEN
        && text.parse::<mice_cake_protocol::ChallengeId>().is_ok()
}

/// Whether `text` is a room code as written: five characters of the
/// code's alphabet (in either case), nothing around them.
fn is_room_code(text: &str) -> bool {
    text.len() == ROOM_CODE_LEN && text.parse::<RoomCode>().is_ok()
}

fn page_or_not_found(headers: &HeaderMap, found: bool) -> Response {
    if found {
        return the_page(headers, PAGE_CACHE);
    }
    let mut response = the_page(headers, NOT_STORED);
    if response.status() == StatusCode::OK {
        *response.status_mut() = StatusCode::NOT_FOUND;
    }
    response
}

/// `/api/schema`'s document: the protocol's schema as published (the
/// protocol's tests keep it the one its types generate, so the server
/// carries the text, gzipped, not the generator).
pub(crate) fn schema(headers: &HeaderMap) -> Response {
    file_response(
        headers,
        "protocol.schema.json",
        embedded::SCHEMA,
        PAGE_CACHE,
    )
}

/// `/rules`: `docs/rules.md` as a page.
pub(crate) async fn rules(headers: HeaderMap) -> Response {
    file_response(&headers, "rules.html", embedded::RULES_PAGE, PAGE_CACHE)
}

/// `/assets/<hash>/<path>`: a file of this build, cached for good.
pub(crate) async fn asset(
    ApiPath((hash, path)): ApiPath<(String, String)>,
    headers: HeaderMap,
) -> Response {
    let current = ASSETS
        .strip_prefix("/assets/")
        .and_then(|rest| rest.strip_suffix('/'));
    let file = (current == Some(hash.as_str()))
        .then(|| embedded::FILES.iter().find(|(name, _)| *name == path))
        .flatten();
    match file {
        Some((name, gzipped)) => file_response(&headers, name, gzipped, ASSET_CACHE),
        None => api_error(
            StatusCode::NOT_FOUND,
            ErrorCode::NotFound,
            format!(
                "no file {} in this version of the web client (its files are under {ASSETS})",
                quoted(&path)
            ),
        ),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::served_text::{Kind, served as served_text};

    fn unzipped(gzipped: &[u8]) -> String {
        let mut text = String::new();
        GzDecoder::new(gzipped).read_to_string(&mut text).unwrap();
        text
    }

    #[test]
    fn the_page_names_its_files_under_the_hash_and_has_no_inline_script() {
        let rules = [("en", embedded::RULES_PAGE)];
        for (language, page) in embedded::PAGES.iter().chain(&rules) {
            let page = unzipped(page);
            assert!(page.contains(&format!("{ASSETS}style.css")));
            assert!(!page.contains("{{"), "{language}: a placeholder left");
            assert!(page.contains(&format!("<html lang=\"{language}\">")));
            // Every <script> has a src: nothing inline for the policy to refuse.
            for script in page.split("<script").skip(1) {
                let tag = script.split('>').next().unwrap_or_default();
                assert!(tag.contains("src="), "an inline script: {tag}");
            }
        }
        assert_eq!(embedded::PAGES.len(), mice_cake_words::LANGUAGES.len());
        assert_eq!(ASSETS.len(), "/assets/".len() + 16 + 1);
    }

    #[test]
    fn a_challenge_s_page_is_found_by_its_id_in_either_case_and_nothing_else() {
        assert!(is_challenge_id("K7M2QX9PHT"));
        assert!(is_challenge_id("k7m2qx9pht"));
        for not_one in [
            "",
            "K7M2QX9PH",
            "K7M2QX9PHTX",
            " K7M2QX9PHT",
            "K7M2QX9PH0",
            "K7M2QX9PHI",
            "<b>",
        ] {
            assert!(!is_challenge_id(not_one), "{not_one:?}");
        }
    }

    #[test]
    fn the_page_speaks_the_chosen_language_else_the_browser_s_else_english() {
        let asked = |cookie: Option<&'static str>, accept: Option<&'static str>| {
            let mut headers = HeaderMap::new();
            if let Some(cookie) = cookie {
                headers.insert(header::COOKIE, HeaderValue::from_static(cookie));
            }
            if let Some(accept) = accept {
                headers.insert(header::ACCEPT_LANGUAGE, HeaderValue::from_static(accept));
            }
            language(&headers)
        };
        assert_eq!(asked(None, None), "en");
        assert_eq!(asked(None, Some("fr-FR,fr;q=0.9,en;q=0.8")), "fr");
        assert_eq!(asked(None, Some("de-DE, es;q=0.7")), "es");
        assert_eq!(asked(None, Some("de-DE")), "en");
        assert_eq!(asked(Some("theme=dark; lang=es"), Some("fr")), "es");
        assert_eq!(
            asked(Some("lang=xx"), Some("fr")),
            "fr",
            "an unknown choice is passed over"
        );
        let page = unzipped(
            embedded::PAGES
                .iter()
                .find(|(tag, _)| *tag == "fr")
                .unwrap()
                .1,
        );
        assert!(page.contains("<html lang=\"fr\">"));
    }

    #[test]
    fn every_file_is_embedded_gzipped_and_unzips_to_its_source() {
        assert!(embedded::FILES.iter().any(|(name, _)| *name == "app.js"));
        for (name, gzipped) in embedded::FILES {
            if let Some(language) = name
                .strip_prefix("locales/")
                .and_then(|file| file.strip_suffix(".ftl"))
            {
                let catalogue =
                    mice_cake_words::catalogue(language, mice_cake_words::Part::Web).unwrap();
                let served = unzipped(gzipped);
                assert_eq!(served, served_text(&catalogue, Kind::Catalogue), "{name}");
                assert!(!served.contains("\n#"), "{name}: comments are not served");
                continue;
            }
            let source = std::fs::read_to_string(
                std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
                    .join("../web/src")
                    .join(name),
            )
            .unwrap();
            assert_eq!(
                unzipped(gzipped),
                served_text(&source, Kind::of(name)),
                "{name}"
            );
        }
    }

    #[test]
    fn what_is_served_of_a_script_is_its_code_without_its_comment_lines() {
        let script = "// A note.\n/**\n * Types.\n */\nconst a = 1; // kept\n\
                      const t = `\n// in a template: kept\n`;\n  /* x */ const b = 2;\n";
        assert_eq!(
            served_text(script, Kind::Script),
            "const a = 1; // kept\nconst t = `\n// in a template: kept\n`;\n const b = 2;\n"
        );
        assert_eq!(
            served_text("/* a\n b */\n.x { color: red; }\n", Kind::Style),
            ".x { color: red; }\n"
        );
        assert_eq!(
            served_text("# note\nid = Words\n    # not a comment\n", Kind::Catalogue),
            "id = Words\n    # not a comment\n"
        );
    }

    #[test]
    fn gzip_is_sent_only_to_a_client_that_takes_it() {
        let with = |value: &'static str| {
            let mut headers = HeaderMap::new();
            headers.insert(header::ACCEPT_ENCODING, HeaderValue::from_static(value));
            takes_gzip(&headers)
        };
        assert!(with("gzip, deflate, br, zstd"));
        assert!(with("br;q=1.0, GZIP;q=0.5"));
        assert!(with("*"));
        assert!(!with("gzip;q=0"));
        assert!(!with("gzip;Q=0, *"), "an explicit refusal wins over *");
        assert!(with("x-gzip"));
        assert!(with("br;q=1, *;q=0.1"));
        assert!(!with("*;q=0"));
        assert!(!with("br, deflate"));
        assert!(!takes_gzip(&HeaderMap::new()));
    }
}

//! The browser client, embedded in the binary: the pages (`/`, `/r/CODE`,
//! `/g/ID`) and their files, from `web/src/` at the root of the repository.
//!
//! The files are plain ES modules and CSS: nothing is built, so a fresh
//! clone's `cargo build` serves them. They are served under a path named
//! after a hash of all of them (`/assets/<hash>/app.js`), which changes with
//! any byte, so they are cached for a year; the page itself is never cached
//! and names the current hash. Every response carries a Content-Security-
//! Policy that allows only this origin's scripts (no inline script), styles,
//! and WebSocket.

use std::sync::OnceLock;

use axum::extract::Path;
use axum::http::{HeaderValue, StatusCode, header};
use axum::response::{IntoResponse, Response};
use include_dir::{Dir, include_dir};
use mice_cake_protocol::ErrorCode;
use sha2::{Digest, Sha256};

use crate::http::api_error;

static FILES: Dir<'static> = include_dir!("$CARGO_MANIFEST_DIR/../web/src");

/// The page every route of the client serves; `{{assets}}` is replaced by
/// the assets' path.
const PAGE: &str = "index.html";

/// Only this origin: its scripts (no inline ones), styles, images and
/// WebSocket; no frames, no plugins, no base or form elsewhere.
pub(crate) const CONTENT_SECURITY_POLICY: &str = "default-src 'none'; script-src 'self'; \
     style-src 'self'; img-src 'self' data:; connect-src 'self'; manifest-src 'self'; \
     base-uri 'none'; form-action 'self'; frame-ancestors 'none'";

/// The page and the path of the files it loads, computed once.
struct Site {
    /// `/assets/<hash>/`.
    assets: String,
    page: String,
}

fn site() -> &'static Site {
    static SITE: OnceLock<Site> = OnceLock::new();
    SITE.get_or_init(|| {
        let assets = format!("/assets/{}/", content_hash());
        let template = FILES
            .get_file(PAGE)
            .and_then(|file| file.contents_utf8())
            .unwrap_or("<!doctype html><title>Mice Cake</title><p>The page is missing.");
        Site {
            page: template.replace("{{assets}}", &assets),
            assets,
        }
    })
}

/// A hash of every file's path and bytes, in path order: 16 hex digits.
fn content_hash() -> String {
    let mut files = Vec::new();
    collect(&FILES, &mut files);
    files.sort_by_key(|file| file.path());
    let mut hasher = Sha256::new();
    for file in files {
        hasher.update(file.path().to_string_lossy().as_bytes());
        hasher.update([0]);
        hasher.update(file.contents());
        hasher.update([0]);
    }
    hasher
        .finalize()
        .iter()
        .take(8)
        .map(|byte| format!("{byte:02x}"))
        .collect()
}

fn collect<'a>(dir: &'a Dir<'a>, files: &mut Vec<&'a include_dir::File<'a>>) {
    files.extend(dir.files());
    for dir in dir.dirs() {
        collect(dir, files);
    }
}

fn content_type(path: &str) -> &'static str {
    match path.rsplit_once('.').map(|(_, extension)| extension) {
        Some("html") => "text/html; charset=utf-8",
        Some("js") => "text/javascript; charset=utf-8",
        Some("css") => "text/css; charset=utf-8",
        Some("svg") => "image/svg+xml",
        Some("png") => "image/png",
        Some("json" | "webmanifest") => "application/json",
        _ => "application/octet-stream",
    }
}

/// Headers every response of the client carries.
fn secured(mut response: Response, cache: &'static str) -> Response {
    let headers = response.headers_mut();
    headers.insert(
        header::CONTENT_SECURITY_POLICY,
        HeaderValue::from_static(CONTENT_SECURITY_POLICY),
    );
    headers.insert(
        header::X_CONTENT_TYPE_OPTIONS,
        HeaderValue::from_static("nosniff"),
    );
    headers.insert(
        header::REFERRER_POLICY,
        HeaderValue::from_static("no-referrer"),
    );
    headers.insert(header::CACHE_CONTROL, HeaderValue::from_static(cache));
    response
}

/// `/`, `/r/CODE`, `/g/ID`: the page, which reads its route itself.
pub(crate) async fn page() -> Response {
    secured(
        (
            [(header::CONTENT_TYPE, content_type(PAGE))],
            site().page.clone(),
        )
            .into_response(),
        "no-cache",
    )
}

/// `/assets/<hash>/<path>`: a file of this build, cached for good.
pub(crate) async fn asset(Path((hash, path)): Path<(String, String)>) -> Response {
    let site = site();
    let current = site
        .assets
        .strip_prefix("/assets/")
        .and_then(|rest| rest.strip_suffix('/'));
    let file = (current == Some(hash.as_str()) && path != PAGE)
        .then(|| FILES.get_file(&path))
        .flatten();
    match file {
        Some(file) => secured(
            (
                [(header::CONTENT_TYPE, content_type(&path))],
                file.contents(),
            )
                .into_response(),
            "public, max-age=31536000, immutable",
        ),
        None => secured(
            api_error(
                StatusCode::NOT_FOUND,
                ErrorCode::NotFound,
                format!(
                    "no file {path} in this version of the web client (its files are under {})",
                    site.assets
                ),
            ),
            "no-cache",
        ),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_page_names_its_files_under_the_hash_and_has_no_inline_script() {
        let site = site();
        assert!(site.page.contains(&format!("{}app.js", site.assets)));
        assert!(!site.page.contains("{{assets}}"));
        // Every <script> has a src: nothing inline for the policy to refuse.
        for script in site.page.split("<script").skip(1) {
            let tag = script.split('>').next().unwrap_or_default();
            assert!(tag.contains("src="), "an inline script: {tag}");
        }
        assert_eq!(site.assets.len(), "/assets/".len() + 16 + 1);
    }
}

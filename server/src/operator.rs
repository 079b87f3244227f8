//! Who is the server's operator, for what only they may ask (the
//! fair-play report, refunds): a request carrying `--operator-token`
//! (`Authorization: Bearer TOKEN`), or, with no token set, one from this
//! machine that came through no proxy (a proxy on this machine would make
//! everyone local: it says who it forwards for, and is refused). Anyone
//! else gets 403 `operator_only`; the token is compared in constant time.

use axum::extract::Request;
use axum::http::{HeaderMap, StatusCode, header};
use axum::response::Response;
use mice_cake_protocol::ErrorCode;
use sha2::{Digest as _, Sha256};

use crate::connection::Peer;
use crate::responses::api_error;
use crate::shared::Shared;

/// The 403 to answer `request` if it is not the operator's; none if it is.
pub(crate) fn not_the_operator(shared: &Shared, request: &Request) -> Option<Response> {
    operator(shared, request).err().map(|refusal| {
        api_error(
            StatusCode::FORBIDDEN,
            ErrorCode::OperatorOnly,
            refusal.into(),
        )
    })
}

/// Whether the request is the operator's; if not, what to say.
fn operator(shared: &Shared, request: &Request) -> Result<(), &'static str> {
    let headers = request.headers();
    match &shared.config.operator_token {
        Some(token) => match bearer(headers) {
            Some(given) if same(given, token.trim()) => Ok(()),
            Some(_) => Err("that is not the operator's token"),
            None => Err(
                "this is the server's operator's: send the operator's token (Authorization: Bearer TOKEN)",
            ),
        },
        None => {
            let local = request
                .extensions()
                .get::<Peer>()
                .is_some_and(|peer| peer.0.is_loopback());
            if local && !forwarded(headers) {
                Ok(())
            } else {
                Err(
                    "this is the server's operator's: ask from the server's own machine, or start the server with --operator-token and send it",
                )
            }
        }
    }
}

/// The token of an `Authorization: Bearer TOKEN` header.
fn bearer(headers: &HeaderMap) -> Option<&str> {
    let value = headers.get(header::AUTHORIZATION)?.to_str().ok()?;
    let (scheme, token) = value.split_once(' ')?;
    scheme.eq_ignore_ascii_case("bearer").then(|| token.trim())
}

/// Whether two tokens are the same, in a time that does not tell how much
/// of them matched: their hashes are compared.
fn same(given: &str, token: &str) -> bool {
    Sha256::digest(given.as_bytes()) == Sha256::digest(token.as_bytes())
}

/// The headers with which proxies and content networks say they forwarded
/// a request (besides every `X-Forwarded-…`): a local proxy that writes
/// any one of them only would otherwise make everyone local.
const PROXY_HEADERS: [&str; 9] = [
    "forwarded",
    "via",
    "x-real-ip",
    "cf-connecting-ip",
    "true-client-ip",
    "x-client-ip",
    "x-cluster-client-ip",
    "fastly-client-ip",
    "client-ip",
];

/// Whether a proxy forwarded the request for someone: any header a proxy
/// writes to say so.
fn forwarded(headers: &HeaderMap) -> bool {
    headers.keys().any(|name| {
        let name = name.as_str();
        name.starts_with("x-forwarded-") || PROXY_HEADERS.contains(&name)
    })
}

//! The opening handshake of the game's WebSocket (RFC 6455, section 4.2,
//! over HTTP/1.1): the request checked, the 101 answered, and the
//! connection handed to its task once switched.

use axum::extract::Request;
use axum::http::{HeaderMap, HeaderValue, Method, StatusCode, header};
use axum::response::Response;
use futures_util::FutureExt as _;
use futures_util::future::OptionFuture;
use hyper::upgrade::OnUpgrade;
use hyper_util::rt::TokioIo;
use tokio_tungstenite::tungstenite;
use tokio_util::task::TaskTracker;
use tracing::debug;

use super::Socket;

/// Why a request to `/ws` cannot be upgraded.
#[derive(Debug, thiserror::Error)]
pub(crate) enum HandshakeError {
    /// Not a WebSocket request at all: no `Connection: Upgrade` and
    /// `Upgrade: websocket` (answered with 426).
    #[error(
        "/ws is the game's WebSocket: connect with a WebSocket client (Connection: Upgrade, Upgrade: websocket)"
    )]
    NotAnUpgrade,
    /// A WebSocket request with something wrong (answered with 400).
    #[error("not a WebSocket handshake: {0}")]
    Invalid(&'static str),
}

/// A valid opening handshake, not answered yet.
pub(crate) struct Handshake {
    key: HeaderValue,
    on_upgrade: OnUpgrade,
}

impl Handshake {
    /// Checks `request` as RFC 6455 (section 4.2.1) asks of a server.
    pub(crate) fn of(mut request: Request) -> Result<Handshake, HandshakeError> {
        let headers = request.headers();
        if !has_token(headers, &header::CONNECTION, "upgrade")
            || !has_token(headers, &header::UPGRADE, "websocket")
        {
            return Err(HandshakeError::NotAnUpgrade);
        }
        if request.method() != Method::GET {
            return Err(HandshakeError::Invalid("the method must be GET"));
        }
        let key = headers
            .get(header::SEC_WEBSOCKET_KEY)
            .cloned()
            .ok_or(HandshakeError::Invalid("Sec-WebSocket-Key is missing"))?;
        if headers
            .get(header::SEC_WEBSOCKET_VERSION)
            .is_none_or(|version| version.as_bytes() != b"13")
        {
            return Err(HandshakeError::Invalid("Sec-WebSocket-Version must be 13"));
        }
        let on_upgrade =
            request
                .extensions_mut()
                .remove::<OnUpgrade>()
                .ok_or(HandshakeError::Invalid(
                    "this connection cannot be upgraded",
                ))?;
        Ok(Handshake { key, on_upgrade })
    }

    /// Answers 101 and, once the connection is switched, hands the socket
    /// (reading messages of at most `limit` bytes) to `serve` on a task of
    /// its own, tracked by `sessions`.
    pub(crate) fn accept<Serve, Served>(
        self,
        limit: usize,
        sessions: &TaskTracker,
        serve: Serve,
    ) -> Response
    where
        Serve: FnOnce(Box<Socket>) -> Served + Send + 'static,
        Served: Future<Output = ()> + Send + 'static,
    {
        let Handshake { key, on_upgrade } = self;
        let upgrade = async move {
            match on_upgrade.await {
                Ok(upgraded) => Some(Box::new(Socket::new(TokioIo::new(upgraded), limit))),
                Err(error) => {
                    debug!(cause = %error, "the upgrade to a WebSocket failed");
                    None
                }
            }
        };
        // Chained rather than awaited in one block, whose state would keep
        // the upgrade's slots for the connection's life.
        sessions.spawn(upgrade.then(|socket| OptionFuture::from(socket.map(serve))));
        let accept = tungstenite::handshake::derive_accept_key(key.as_bytes());
        let mut response = Response::new(axum::body::Body::empty());
        *response.status_mut() = StatusCode::SWITCHING_PROTOCOLS;
        let headers = response.headers_mut();
        headers.insert(header::CONNECTION, HeaderValue::from_static("upgrade"));
        headers.insert(header::UPGRADE, HeaderValue::from_static("websocket"));
        if let Ok(accept) = HeaderValue::from_str(&accept) {
            headers.insert(header::SEC_WEBSOCKET_ACCEPT, accept);
        }
        response
    }
}

/// Whether the comma-separated header `name` holds `token` (ASCII case
/// ignored), as `Connection: keep-alive, Upgrade` holds `upgrade`.
fn has_token(headers: &HeaderMap, name: &header::HeaderName, token: &str) -> bool {
    headers.get_all(name).iter().any(|value| {
        value
            .as_bytes()
            .split(|byte| *byte == b',')
            .any(|part| part.trim_ascii().eq_ignore_ascii_case(token.as_bytes()))
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn request(headers: &[(&str, &str)]) -> Request {
        let mut request = axum::http::Request::builder()
            .method(Method::GET)
            .uri("/ws");
        for (name, value) in headers {
            request = request.header(*name, *value);
        }
        request.body(axum::body::Body::empty()).unwrap()
    }

    const UPGRADE: [(&str, &str); 4] = [
        ("connection", "keep-alive, Upgrade"),
        ("upgrade", "WebSocket"),
        ("sec-websocket-key", "dGhlIHNhbXBsZSBub25jZQ=="),
        ("sec-websocket-version", "13"),
    ];

    #[test]
    fn a_handshake_is_checked_header_by_header() {
        let without = |name: &str| {
            let headers: Vec<_> = UPGRADE.into_iter().filter(|(n, _)| *n != name).collect();
            Handshake::of(request(&headers)).err().unwrap()
        };
        assert!(matches!(
            without("connection"),
            HandshakeError::NotAnUpgrade
        ));
        assert!(matches!(without("upgrade"), HandshakeError::NotAnUpgrade));
        assert!(matches!(
            without("sec-websocket-key"),
            HandshakeError::Invalid(why) if why.contains("Sec-WebSocket-Key")
        ));
        assert!(matches!(
            without("sec-websocket-version"),
            HandshakeError::Invalid(why) if why.contains("13")
        ));
        let mut old_version = UPGRADE;
        old_version[3].1 = "8";
        assert!(matches!(
            Handshake::of(request(&old_version)).err().unwrap(),
            HandshakeError::Invalid(why) if why.contains("13")
        ));
        // "Upgrade" as part of another token is not the token.
        let mut not_a_token = UPGRADE;
        not_a_token[0].1 = "keep-alive-upgraded";
        assert!(matches!(
            Handshake::of(request(&not_a_token)).err().unwrap(),
            HandshakeError::NotAnUpgrade
        ));
        let mut post = request(&UPGRADE);
        *post.method_mut() = Method::POST;
        assert!(matches!(
            Handshake::of(post).err().unwrap(),
            HandshakeError::Invalid(why) if why.contains("GET")
        ));
        // Every header right, but no HTTP connection behind the request to
        // switch (the server's tests switch real ones).
        assert!(matches!(
            Handshake::of(request(&UPGRADE)).err().unwrap(),
            HandshakeError::Invalid(why) if why.contains("cannot be upgraded")
        ));
    }
}

//! `mice-cake-server healthcheck`: asks a running server's `/healthz`, so
//! that a container image needs neither a shell nor curl for its
//! `HEALTHCHECK`.

use std::io::{Read as _, Write as _};
use std::net::{IpAddr, Ipv4Addr, Ipv6Addr, SocketAddr, TcpStream};
use std::time::Duration;

/// Why a server is not healthy.
#[derive(Debug, thiserror::Error)]
pub enum HealthError {
    /// Nothing answers there.
    #[error("cannot connect to {addr}: {source}")]
    Connect {
        /// Where.
        addr: SocketAddr,
        /// The system's reason.
        source: std::io::Error,
    },
    /// The exchange broke off (or timed out).
    #[error("no answer from {addr}: {source}")]
    Exchange {
        /// Where.
        addr: SocketAddr,
        /// The system's reason.
        source: std::io::Error,
    },
    /// Something answered, but not a healthy Mice Cake server.
    #[error("{addr} is not healthy: {answer}")]
    Unhealthy {
        /// Where.
        addr: SocketAddr,
        /// What it answered (its status line, or its status).
        answer: String,
    },
}

/// The address to ask for a server that listens on `bind`: a wildcard
/// (`0.0.0.0`, `::`) is asked on loopback.
pub fn local_addr(bind: SocketAddr) -> SocketAddr {
    let ip = match bind.ip() {
        IpAddr::V4(ip) if ip.is_unspecified() => IpAddr::V4(Ipv4Addr::LOCALHOST),
        IpAddr::V6(ip) if ip.is_unspecified() => IpAddr::V6(Ipv6Addr::LOCALHOST),
        ip => ip,
    };
    SocketAddr::new(ip, bind.port())
}

/// Most of an answer read: `/healthz` says a few dozen bytes.
const MAX_ANSWER: u64 = 16 * 1024;

/// Asks `GET /healthz` at `addr`, each step within `timeout`: healthy when
/// the answer is `200` with `"status": "ok"` — the process serves (a full
/// server, or one cut off from its database or Redis, still serves its own
/// rooms: a balancer reads `/readyz` to send newcomers elsewhere, but the
/// container is well; a server shutting down is not).
pub fn check(addr: SocketAddr, timeout: Duration) -> Result<(), HealthError> {
    let mut stream = TcpStream::connect_timeout(&addr, timeout)
        .map_err(|source| HealthError::Connect { addr, source })?;
    let exchange = |source| HealthError::Exchange { addr, source };
    stream.set_read_timeout(Some(timeout)).map_err(exchange)?;
    stream.set_write_timeout(Some(timeout)).map_err(exchange)?;
    // HTTP/1.0: the server closes the connection after its answer.
    let request = format!("GET /healthz HTTP/1.0\r\nHost: {addr}\r\n\r\n");
    stream.write_all(request.as_bytes()).map_err(exchange)?;
    let mut answer = Vec::new();
    stream
        .take(MAX_ANSWER)
        .read_to_end(&mut answer)
        .map_err(exchange)?;
    let answer = String::from_utf8_lossy(&answer);
    let unhealthy = |answer: &str| HealthError::Unhealthy {
        addr,
        answer: answer.to_owned(),
    };
    let status_line = answer.lines().next().unwrap_or_default();
    let code = status_line.split_whitespace().nth(1);
    let body = answer.split_once("\r\n\r\n").map_or("", |(_, body)| body);
    let status = serde_json::from_str::<serde_json::Value>(body)
        .ok()
        .and_then(|health| health.get("status")?.as_str().map(str::to_owned));
    match (code, status.as_deref()) {
        (Some("200"), Some("ok")) => Ok(()),
        (Some("200"), Some(other)) => Err(unhealthy(other)),
        (Some("200"), None) => Err(unhealthy(&format!("not a health report: {body:?}"))),
        _ => Err(unhealthy(status_line)),
    }
}

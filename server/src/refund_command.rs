//! `mice-cake-server ratings refund KEY…`: asks the server running here to
//! take a ring's rated games out of the ratings (`POST
//! /api/ratings/refunds`, the operator's: with `--operator-token` when set,
//! else from this machine), and says what it did. Over the running server,
//! not its data: a cluster's nodes share one database, and the embedded one
//! belongs to the server holding it.

use std::io::{Read as _, Write as _};
use std::net::{SocketAddr, TcpStream};
use std::time::Duration;

use mice_cake_engine::PlayerKey;
use mice_cake_protocol::api::{ApiError, RefundDone, RefundRequest};

/// Why a refund was not made.
#[derive(Debug, thiserror::Error)]
pub enum RefundError {
    /// Nothing answers there.
    #[error("cannot connect to the server at {addr}: {source}")]
    Connect {
        addr: SocketAddr,
        source: std::io::Error,
    },
    /// The exchange broke off (or timed out).
    #[error("no answer from the server at {addr}: {source}")]
    Exchange {
        addr: SocketAddr,
        source: std::io::Error,
    },
    /// The server said no.
    #[error("the server at {addr} refused ({status}): {message}")]
    Refused {
        addr: SocketAddr,
        status: u16,
        message: String,
    },
    /// Something answered, but not a refund.
    #[error("the server at {addr} answered what is not a refund: {answer}")]
    Unreadable { addr: SocketAddr, answer: String },
}

/// Most of an answer read: one line per rating changed.
const MAX_ANSWER: u64 = 16 * 1024 * 1024;

/// Asks the server at `addr` to refund `keys`, sending `token` if given,
/// each step within `timeout`.
pub fn refund(
    addr: SocketAddr,
    keys: Vec<PlayerKey>,
    token: Option<&str>,
    timeout: Duration,
) -> Result<RefundDone, RefundError> {
    let body = serde_json::to_string(&RefundRequest { keys }).map_err(|error| {
        RefundError::Unreadable {
            addr,
            answer: error.to_string(),
        }
    })?;
    let mut stream = TcpStream::connect_timeout(&addr, timeout)
        .map_err(|source| RefundError::Connect { addr, source })?;
    let exchange = |source| RefundError::Exchange { addr, source };
    stream.set_read_timeout(Some(timeout)).map_err(exchange)?;
    stream.set_write_timeout(Some(timeout)).map_err(exchange)?;
    let authorization = token.map_or_else(String::new, |token| {
        format!("Authorization: Bearer {token}\r\n")
    });
    // HTTP/1.0: the server closes the connection after its answer.
    let request = format!(
        "POST /api/ratings/refunds HTTP/1.0\r\nHost: {addr}\r\n{authorization}\
         Content-Type: application/json\r\nContent-Length: {}\r\n\r\n{body}",
        body.len()
    );
    stream.write_all(request.as_bytes()).map_err(exchange)?;
    let mut answer = Vec::new();
    stream
        .take(MAX_ANSWER)
        .read_to_end(&mut answer)
        .map_err(exchange)?;
    let answer = String::from_utf8_lossy(&answer);
    let status = answer
        .lines()
        .next()
        .and_then(|line| line.split_whitespace().nth(1))
        .and_then(|code| code.parse::<u16>().ok());
    let body = answer.split_once("\r\n\r\n").map_or("", |(_, body)| body);
    match status {
        Some(200) => serde_json::from_str(body).map_err(|_| RefundError::Unreadable {
            addr,
            answer: body.chars().take(200).collect(),
        }),
        Some(status) => Err(RefundError::Refused {
            addr,
            status,
            message: serde_json::from_str::<ApiError>(body)
                .map_or_else(|_| body.chars().take(200).collect(), |error| error.message),
        }),
        None => Err(RefundError::Unreadable {
            addr,
            answer: answer.lines().next().unwrap_or_default().to_owned(),
        }),
    }
}

/// What a refund did, in lines for the operator.
pub fn refund_lines(done: &RefundDone) -> Vec<String> {
    let mut lines = vec![format!(
        "{} rated {} taken out of the ratings; {} {} changed",
        done.games,
        if done.games == 1 { "game" } else { "games" },
        done.ratings.len(),
        if done.ratings.len() == 1 {
            "rating"
        } else {
            "ratings"
        }
    )];
    for refund in &done.ratings {
        let shown = |rating: Option<mice_cake_protocol::Rating>| {
            rating.map_or_else(|| "none".to_owned(), |rating| rating.shown())
        };
        lines.push(format!(
            "  {} {}: {} -> {} ({} of its games taken out)",
            refund.key,
            refund.pool.name(),
            shown(refund.before),
            shown(refund.after),
            refund.games
        ));
    }
    lines
}

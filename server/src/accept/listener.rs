//! The TCP listener the server binary serves: `TCP_NODELAY` on every
//! connection, and accept errors logged and counted rather than retried in
//! silence (axum's listener sleeps on them without a word).

use std::io;
use std::net::SocketAddr;
use std::time::Duration;

use tokio::net::{TcpListener, TcpStream};
use tracing::{debug, error};

/// Pause after an accept error that is not the one connection's fault (out
/// of files, say), so as not to spin on it.
const ACCEPT_ERROR_PAUSE: Duration = Duration::from_secs(1);

/// A TCP listener for [`crate::run`].
#[derive(Debug)]
pub struct TcpAcceptor(TcpListener);

impl TcpAcceptor {
    /// Serves connections to `listener`.
    pub fn new(listener: TcpListener) -> TcpAcceptor {
        TcpAcceptor(listener)
    }
}

impl axum::serve::Listener for TcpAcceptor {
    type Io = TcpStream;
    type Addr = SocketAddr;

    async fn accept(&mut self) -> (TcpStream, SocketAddr) {
        loop {
            match self.0.accept().await {
                Ok((stream, peer)) => {
                    // Game messages are small and each is wanted at once:
                    // without this, a frame written right after another
                    // waits for the first's ACK (40 ms on Linux loopback).
                    if let Err(cause) = stream.set_nodelay(true) {
                        debug!(%cause, "cannot set TCP_NODELAY");
                    }
                    return (stream, peer);
                }
                // The connection was gone before it was accepted.
                Err(cause) if is_connection_error(&cause) => {}
                Err(cause) => {
                    metrics::counter!(crate::metrics::ACCEPT_ERRORS).increment(1);
                    error!(
                        %cause,
                        "cannot accept a connection; trying again in 1 s (out of open files? \
                         see --max-connections)"
                    );
                    tokio::time::sleep(ACCEPT_ERROR_PAUSE).await;
                }
            }
        }
    }

    fn local_addr(&self) -> io::Result<SocketAddr> {
        self.0.local_addr()
    }
}

fn is_connection_error(error: &io::Error) -> bool {
    matches!(
        error.kind(),
        io::ErrorKind::ConnectionRefused
            | io::ErrorKind::ConnectionAborted
            | io::ErrorKind::ConnectionReset
    )
}

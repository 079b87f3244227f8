//! The PROXY protocol, as HAProxy sends it (`send-proxy`, `send-proxy-v2`):
//! a header before the first byte of HTTP naming the client's address.
//!
//! With `--proxy-protocol`, every connection from a trusted proxy begins
//! with one (version 1, text, or 2, binary); one that does not is refused.
//! The header is read to its last byte and no further, so HTTP starts right
//! after it on the same socket. Connections from anyone else are plain
//! HTTP: a PROXY header from them would be a bad request.

use std::net::IpAddr;

use ppp::HeaderResult;
use tokio::io::{AsyncRead, AsyncReadExt as _};

/// The longest version 1 header (the protocol's own bound).
const V1_MAX: usize = 107;
/// The signature that starts a version 2 header.
const V2_SIGNATURE: [u8; 12] = *b"\r\n\r\n\0\r\nQUIT\n";
/// Version 2's fixed part: the signature, version and command, family, length.
const V2_FIXED: usize = 16;

/// Why a trusted proxy's connection was refused.
#[derive(Debug, thiserror::Error)]
pub(crate) enum BadProxyHeader {
    #[error("the connection did not begin with a PROXY protocol header")]
    Missing,
    #[error("the PROXY protocol header cannot be read: {0}")]
    Unreadable(String),
    #[error("the connection closed within its PROXY protocol header")]
    Io(#[from] std::io::Error),
}

/// Reads the PROXY protocol header at the start of `io`: the client's
/// address, or `None` when the proxy speaks for itself (`LOCAL`, or
/// `UNKNOWN`: a health check of its own).
pub(crate) async fn read_header<R>(io: &mut R) -> Result<Option<IpAddr>, BadProxyHeader>
where
    R: AsyncRead + Unpin,
{
    let mut header = vec![0u8; 5];
    io.read_exact(&mut header).await?;
    if header == b"PROXY" {
        // Version 1: text up to CRLF.
        while !header.ends_with(b"\r\n") {
            if header.len() >= V1_MAX {
                return Err(BadProxyHeader::Unreadable(format!(
                    "a version 1 header is at most {V1_MAX} bytes"
                )));
            }
            header.push(io.read_u8().await?);
        }
    } else if header[..] == V2_SIGNATURE[..5] {
        header.resize(V2_FIXED, 0);
        io.read_exact(&mut header[5..]).await?;
        if header[..12] != V2_SIGNATURE {
            return Err(BadProxyHeader::Missing);
        }
        let length = usize::from(u16::from_be_bytes([header[14], header[15]]));
        header.resize(V2_FIXED + length, 0);
        io.read_exact(&mut header[V2_FIXED..]).await?;
    } else {
        return Err(BadProxyHeader::Missing);
    }
    parse(&header)
}

/// The client's address in a whole header.
fn parse(header: &[u8]) -> Result<Option<IpAddr>, BadProxyHeader> {
    match HeaderResult::parse(header) {
        HeaderResult::V1(Ok(header)) => Ok(match header.addresses {
            ppp::v1::Addresses::Tcp4(addresses) => Some(addresses.source_address.into()),
            ppp::v1::Addresses::Tcp6(addresses) => Some(addresses.source_address.into()),
            ppp::v1::Addresses::Unknown => None,
        }),
        HeaderResult::V2(Ok(header)) => Ok(match (header.command, header.addresses) {
            (ppp::v2::Command::Local, _) => None,
            (_, ppp::v2::Addresses::IPv4(addresses)) => Some(addresses.source_address.into()),
            (_, ppp::v2::Addresses::IPv6(addresses)) => Some(addresses.source_address.into()),
            (_, ppp::v2::Addresses::Unix(_) | ppp::v2::Addresses::Unspecified) => None,
        }),
        HeaderResult::V1(Err(error)) => Err(BadProxyHeader::Unreadable(error.to_string())),
        HeaderResult::V2(Err(error)) => Err(BadProxyHeader::Unreadable(error.to_string())),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A version 2 header for a TCP connection from `source`.
    fn v2(source: std::net::SocketAddr) -> Vec<u8> {
        let destination: std::net::SocketAddr = match source {
            std::net::SocketAddr::V4(_) => "127.0.0.1:8080".parse().unwrap(),
            std::net::SocketAddr::V6(_) => "[::1]:8080".parse().unwrap(),
        };
        ppp::v2::Builder::with_addresses(
            ppp::v2::Version::Two | ppp::v2::Command::Proxy,
            ppp::v2::Protocol::Stream,
            (source, destination),
        )
        .build()
        .unwrap()
    }

    async fn read(bytes: &[u8]) -> (Result<Option<IpAddr>, BadProxyHeader>, Vec<u8>) {
        let mut io = bytes;
        let result = read_header(&mut io).await;
        (result, io.to_vec())
    }

    #[tokio::test]
    async fn a_version_1_header_names_the_client_and_http_follows_untouched() {
        let (client, rest) =
            read(b"PROXY TCP4 203.0.113.7 127.0.0.1 51234 8080\r\nGET / HTTP/1.1\r\n").await;
        assert_eq!(client.unwrap(), Some("203.0.113.7".parse().unwrap()));
        assert_eq!(rest, b"GET / HTTP/1.1\r\n");
        let (client, _) =
            read(b"PROXY TCP6 2001:db8::7 ::1 51234 8080\r\nGET / HTTP/1.1\r\n").await;
        assert_eq!(client.unwrap(), Some("2001:db8::7".parse().unwrap()));
        let (client, rest) = read(b"PROXY UNKNOWN\r\nGET").await;
        assert_eq!(client.unwrap(), None);
        assert_eq!(rest, b"GET");
    }

    #[tokio::test]
    async fn a_version_2_header_names_the_client_and_http_follows_untouched() {
        let mut bytes = v2("203.0.113.7:51234".parse().unwrap());
        bytes.extend_from_slice(b"GET / HTTP/1.1\r\n");
        let (client, rest) = read(&bytes).await;
        assert_eq!(client.unwrap(), Some("203.0.113.7".parse().unwrap()));
        assert_eq!(rest, b"GET / HTTP/1.1\r\n");
        let mut bytes = v2("[2001:db8::7]:51234".parse().unwrap());
        bytes.extend_from_slice(b"GET");
        let (client, rest) = read(&bytes).await;
        assert_eq!(client.unwrap(), Some("2001:db8::7".parse().unwrap()));
        assert_eq!(rest, b"GET");
    }

    #[tokio::test]
    async fn plain_http_a_truncated_or_a_garbled_header_is_refused() {
        assert!(matches!(
            read(b"GET / HTTP/1.1\r\n\r\n").await.0,
            Err(BadProxyHeader::Missing)
        ));
        assert!(matches!(
            read(b"PROXY TCP4 203.0.113.7").await.0,
            Err(BadProxyHeader::Io(_))
        ));
        assert!(matches!(
            read(b"PROXY TCP4 nonsense 127.0.0.1 1 2\r\n").await.0,
            Err(BadProxyHeader::Unreadable(_))
        ));
        let endless = [b"PROXY ".as_slice(), &[b'1'; 200]].concat();
        assert!(matches!(
            read(&endless).await.0,
            Err(BadProxyHeader::Unreadable(_))
        ));
        let mut cut = v2("203.0.113.7:51234".parse().unwrap());
        cut.truncate(20);
        assert!(matches!(read(&cut).await.0, Err(BadProxyHeader::Io(_))));
    }
}

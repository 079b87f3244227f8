//! Whose a request is: the TCP peer's, or — from a trusted proxy only — the
//! client's address the proxy passes on in a forwarding header.
//!
//! Behind a proxy every connection comes from the proxy, and everything
//! the server decides by address (WebSocket slots, the new-keys limit, the
//! logs) would fall on it. From the addresses of `--trusted-proxy`, the
//! client is the right-most hop of the header that is not itself a trusted
//! proxy: each proxy appends the address it saw, so what lies left of the
//! first untrusted hop was written by whoever that is and proves nothing —
//! it is not even read, so that junk there costs nobody anything. Only what
//! the trusted proxies wrote must be readable: a hop of theirs that is not
//! is a proxy gone wrong, answered `400` and counted (`bad_forwarding`).
//! From any other address the header is ignored: nobody can choose the
//! address they are counted as. Only the header the operator's proxy writes
//! is read (`--client-address-header`): a proxy appends to one and passes
//! the other through as the client wrote it.

use std::net::{IpAddr, SocketAddr};

use axum::http::HeaderMap;
use ipnet::IpNet;

use crate::config::ClientAddressHeader;

/// The header's name, as HTTP/1 writes it.
fn header_name(header: ClientAddressHeader) -> &'static str {
    match header {
        ClientAddressHeader::XForwardedFor => "x-forwarded-for",
        ClientAddressHeader::Forwarded => "forwarded",
    }
}

/// The proxies whose word on the client's address is taken.
#[derive(Clone, Debug, Default)]
pub(crate) struct TrustedProxies {
    nets: Vec<IpNet>,
    header: ClientAddressHeader,
}

/// A trusted proxy's forwarding header that cannot be read: the request is
/// refused (400) rather than counted as the proxy's.
#[derive(Debug, thiserror::Error, PartialEq, Eq)]
#[error("the {header} header from the proxy cannot be read: {problem}")]
pub(crate) struct BadForwarding {
    header: &'static str,
    problem: String,
}

impl TrustedProxies {
    pub(crate) fn new(nets: Vec<IpNet>, header: ClientAddressHeader) -> TrustedProxies {
        TrustedProxies { nets, header }
    }

    /// Whether `address` is a trusted proxy's.
    pub(crate) fn trusts(&self, address: IpAddr) -> bool {
        let address = canonical(address);
        self.nets.iter().any(|net| net.contains(&address))
    }

    /// The client's address for a request that came from `peer` with
    /// `headers`: `peer` itself unless it is a trusted proxy that names the
    /// client. A proxy that sends no header (its own health check) is
    /// itself the client; a hop it cannot name (`unknown`) counts as the
    /// proxy.
    ///
    /// The hops are read from the right, and only up to the client: what
    /// lies left of it the client wrote itself, and is ignored even when it
    /// cannot be read — any client could otherwise have its connection
    /// refused and counted as a proxy gone wrong. Only a hop a trusted
    /// proxy wrote that cannot be read is an error.
    pub(crate) fn client(
        &self,
        peer: IpAddr,
        headers: &HeaderMap,
    ) -> Result<IpAddr, BadForwarding> {
        if !self.trusts(peer) {
            return Ok(peer);
        }
        // Each line of the header in order, each split into its hops: one
        // list. Split as bytes, since a line of the client's own may hold
        // bytes that are no text.
        let elements: Vec<&[u8]> = headers
            .get_all(header_name(self.header))
            .iter()
            .flat_map(|value| value.as_bytes().split(|&byte| byte == b','))
            .collect();
        let mut left_most_proxy = None;
        for element in elements.iter().rev() {
            let hop = self.hop(element).map_err(|problem| BadForwarding {
                header: header_name(self.header),
                problem,
            })?;
            match hop {
                Some(address) if self.trusts(address) => left_most_proxy = Some(address),
                // The right-most hop that is no trusted proxy: the client.
                client => return Ok(client.map_or(peer, canonical)),
            }
        }
        // Every hop a trusted proxy (or none): the first is the client.
        Ok(left_most_proxy.map_or(peer, canonical))
    }

    /// One hop of the header, as [`node`] reads it.
    fn hop(&self, element: &[u8]) -> Result<Option<IpAddr>, String> {
        let element =
            std::str::from_utf8(element).map_err(|_| "it is not plain text".to_owned())?;
        match self.header {
            ClientAddressHeader::XForwardedFor => node(element.trim()),
            ClientAddressHeader::Forwarded => forwarded_for(element),
        }
    }
}

/// An IPv4 address written as IPv6 (`::ffff:a.b.c.d`) is the IPv4 one.
fn canonical(address: IpAddr) -> IpAddr {
    address.to_canonical()
}

/// One hop's address: `a.b.c.d`, `a.b.c.d:port`, an IPv6 address, or one
/// in brackets with or without a port. `None` for a hop the proxy could not
/// name (`unknown`, or an obfuscated `_name`).
fn node(text: &str) -> Result<Option<IpAddr>, String> {
    if text.eq_ignore_ascii_case("unknown") || text.starts_with('_') {
        return Ok(None);
    }
    if let Ok(address) = text.parse::<IpAddr>() {
        return Ok(Some(address));
    }
    if let Ok(address) = text.parse::<SocketAddr>() {
        return Ok(Some(address.ip()));
    }
    if let Some(inside) = text
        .strip_prefix('[')
        .and_then(|rest| rest.strip_suffix(']'))
        && let Ok(address) = inside.parse::<std::net::Ipv6Addr>()
    {
        return Ok(Some(address.into()));
    }
    let shown: String = text.chars().take(60).collect();
    Err(format!("{shown:?} is not an address"))
}

/// The `for=` of one element of a `Forwarded` header (`for=…;proto=…`), in
/// quotes or not. An element without one names nobody.
fn forwarded_for(element: &str) -> Result<Option<IpAddr>, String> {
    for pair in element.split(';') {
        let pair = pair.trim();
        if pair.is_empty() {
            continue;
        }
        let Some((name, value)) = pair.split_once('=') else {
            let shown: String = pair.chars().take(60).collect();
            return Err(format!("{shown:?} is not a name=value pair"));
        };
        if !name.trim().eq_ignore_ascii_case("for") {
            continue;
        }
        let value = value.trim();
        let value = match value.strip_prefix('"') {
            Some(quoted) => quoted
                .strip_suffix('"')
                .ok_or_else(|| format!("{value:?} opens a quote it does not close"))?,
            None => value,
        };
        return node(value);
    }
    Err("an element names no client (for=)".into())
}

#[cfg(test)]
mod tests {
    use axum::http::HeaderValue;

    use super::*;

    fn proxies(nets: &[&str], header: ClientAddressHeader) -> TrustedProxies {
        TrustedProxies::new(
            nets.iter().map(|net| net.parse().unwrap()).collect(),
            header,
        )
    }

    fn headers(name: &'static str, values: &[&str]) -> HeaderMap {
        let mut headers = HeaderMap::new();
        for value in values {
            headers.append(name, HeaderValue::from_str(value).unwrap());
        }
        headers
    }

    fn ip(text: &str) -> IpAddr {
        text.parse().unwrap()
    }

    #[test]
    fn from_a_trusted_proxy_the_client_is_the_right_most_hop_that_is_no_trusted_proxy() {
        let trusted = proxies(
            &["10.0.0.0/8", "127.0.0.1/32"],
            ClientAddressHeader::XForwardedFor,
        );
        // The client wrote a first hop of its own: it proves nothing.
        let sent = headers("x-forwarded-for", &["198.51.100.9, 203.0.113.7, 10.1.2.3"]);
        assert_eq!(
            trusted.client(ip("127.0.0.1"), &sent),
            Ok(ip("203.0.113.7"))
        );
        // Several header lines are one list, in order.
        let sent = headers("x-forwarded-for", &["198.51.100.9", "203.0.113.7"]);
        assert_eq!(trusted.client(ip("10.9.9.9"), &sent), Ok(ip("203.0.113.7")));
        // Every hop trusted: the first is the client.
        let sent = headers("x-forwarded-for", &["10.0.0.5, 10.0.0.6"]);
        assert_eq!(trusted.client(ip("127.0.0.1"), &sent), Ok(ip("10.0.0.5")));
        // No header: the proxy itself asks (a health check).
        assert_eq!(
            trusted.client(ip("127.0.0.1"), &HeaderMap::new()),
            Ok(ip("127.0.0.1"))
        );
    }

    #[test]
    fn from_anyone_else_the_header_is_ignored() {
        let trusted = proxies(&["10.0.0.0/8"], ClientAddressHeader::XForwardedFor);
        let sent = headers("x-forwarded-for", &["203.0.113.7"]);
        assert_eq!(trusted.client(ip("192.0.2.1"), &sent), Ok(ip("192.0.2.1")));
        // Nobody is trusted by default.
        let sent = headers("x-forwarded-for", &["not even an address"]);
        let nobody = TrustedProxies::default();
        assert_eq!(nobody.client(ip("127.0.0.1"), &sent), Ok(ip("127.0.0.1")));
    }

    #[test]
    fn addresses_come_with_ports_brackets_and_as_ipv6_mapped_ipv4() {
        let trusted = proxies(&["127.0.0.0/8"], ClientAddressHeader::XForwardedFor);
        for (written, client) in [
            ("203.0.113.7:4711", "203.0.113.7"),
            ("2001:db8::17", "2001:db8::17"),
            ("[2001:db8::17]", "2001:db8::17"),
            ("[2001:db8::17]:4711", "2001:db8::17"),
            ("::ffff:203.0.113.7", "203.0.113.7"),
        ] {
            let sent = headers("x-forwarded-for", &[written]);
            assert_eq!(
                trusted.client(ip("127.0.0.1"), &sent),
                Ok(ip(client)),
                "{written}"
            );
        }
        // A proxy reached over IPv6 as an IPv4-mapped address is trusted.
        let sent = headers("x-forwarded-for", &["203.0.113.7"]);
        assert_eq!(
            trusted.client(ip("::ffff:127.0.0.1"), &sent),
            Ok(ip("203.0.113.7"))
        );
    }

    #[test]
    fn the_forwarded_header_is_read_by_its_for_parameters() {
        let trusted = proxies(&["127.0.0.0/8"], ClientAddressHeader::Forwarded);
        let sent = headers(
            "forwarded",
            &[r#"for=198.51.100.9;proto=https, For="[2001:db8:cafe::17]:4711";by=127.0.0.1"#],
        );
        assert_eq!(
            trusted.client(ip("127.0.0.1"), &sent),
            Ok(ip("2001:db8:cafe::17"))
        );
        // A hop the proxy could not name counts as the proxy.
        let sent = headers("forwarded", &["for=unknown"]);
        assert_eq!(trusted.client(ip("127.0.0.1"), &sent), Ok(ip("127.0.0.1")));
        // X-Forwarded-For is not read when Forwarded is the proxy's.
        let sent = headers("x-forwarded-for", &["203.0.113.7"]);
        assert_eq!(trusted.client(ip("127.0.0.1"), &sent), Ok(ip("127.0.0.1")));
    }

    #[test]
    fn what_lies_left_of_the_client_is_its_own_claim_and_ignored_even_unreadable() {
        let xff = proxies(&["10.0.0.0/8"], ClientAddressHeader::XForwardedFor);
        for sent in [
            headers("x-forwarded-for", &["hello world, 203.0.113.7"]),
            headers("x-forwarded-for", &["hello world", "203.0.113.7"]),
            headers("x-forwarded-for", &["hello world, 203.0.113.7, 10.1.2.3"]),
            headers("x-forwarded-for", &[",,, 203.0.113.7"]),
        ] {
            assert_eq!(
                xff.client(ip("10.9.9.9"), &sent),
                Ok(ip("203.0.113.7")),
                "{sent:?}"
            );
        }
        // Bytes that are no text, in a line of the client's own.
        let mut sent = HeaderMap::new();
        sent.append(
            "x-forwarded-for",
            HeaderValue::from_bytes(b"\xff\xfe").unwrap(),
        );
        sent.append("x-forwarded-for", HeaderValue::from_static("203.0.113.7"));
        assert_eq!(xff.client(ip("10.9.9.9"), &sent), Ok(ip("203.0.113.7")));
        // A hop the proxy could not name is the client, the proxy itself.
        let sent = headers("x-forwarded-for", &["hello world, unknown"]);
        assert_eq!(xff.client(ip("10.9.9.9"), &sent), Ok(ip("10.9.9.9")));
        let forwarded = proxies(&["10.0.0.0/8"], ClientAddressHeader::Forwarded);
        for sent in [
            headers("forwarded", &["hello world, for=203.0.113.7"]),
            headers(
                "forwarded",
                &[r#"for="203.0.113.1, for=203.0.113.7;proto=https"#],
            ),
            headers(
                "forwarded",
                &["proto=https", "for=203.0.113.7, for=10.1.2.3"],
            ),
        ] {
            assert_eq!(
                forwarded.client(ip("10.9.9.9"), &sent),
                Ok(ip("203.0.113.7")),
                "{sent:?}"
            );
        }
    }

    #[test]
    fn a_header_that_cannot_be_read_is_an_error_naming_it() {
        let xff = proxies(&["127.0.0.0/8"], ClientAddressHeader::XForwardedFor);
        let error = xff
            .client(
                ip("127.0.0.1"),
                &headers("x-forwarded-for", &["203.0.113.7, evil"]),
            )
            .unwrap_err();
        assert!(error.to_string().contains("x-forwarded-for"), "{error}");
        assert!(error.to_string().contains("\"evil\""), "{error}");
        // Written by a trusted proxy (127.0.0.2, which names who it saw): the
        // proxies' own.
        let error = xff
            .client(
                ip("127.0.0.1"),
                &headers("x-forwarded-for", &["203.0.113.7, evil, 127.0.0.2"]),
            )
            .unwrap_err();
        assert!(error.to_string().contains("\"evil\""), "{error}");
        let forwarded = proxies(&["127.0.0.0/8"], ClientAddressHeader::Forwarded);
        for bad in [r#"for="203.0.113.7"#, "proto=https", "for", "for=300.1.1.1"] {
            assert!(
                forwarded
                    .client(ip("127.0.0.1"), &headers("forwarded", &[bad]))
                    .is_err(),
                "{bad}"
            );
        }
    }
}

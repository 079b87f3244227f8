//! Behind a trusted proxy (`--trusted-proxy`): the client's address comes
//! from the proxy's forwarding header or PROXY protocol header, and every
//! per-address rule uses it — here the limit on new keys in rated play, one
//! an hour per address. From anyone else the headers are ignored.
//!
//! The proxy is a loopback address of its own (`127.0.0.9`): the test's own
//! requests come from 127.0.0.1, which stays untrusted.

use mice_cake_protocol::{ClientMessage, ErrorCode, ServerMessage};
use mice_cake_server::Config;
use tokio::io::{AsyncReadExt as _, AsyncWriteExt as _};

use crate::support::*;

const PROXY: &str = "127.0.0.9";
const BAD_FORWARDING: &str = r#"mice_cake_refused_total{reason="bad_forwarding"}"#;

/// Behind the proxy at `PROXY`, one new key an hour per address.
fn behind_a_proxy(config: &mut Config) {
    config.trusted_proxies = vec![format!("{PROXY}/32").parse().unwrap()];
    config.new_rated_keys_per_hour = 1;
    config.rate_one_address = false;
}

/// A rated seek by `client`'s own key: whether the new-keys limit let it in.
async fn rated_seek_admitted(client: &mut Client) -> bool {
    client
        .send(&ClientMessage::Seek {
            pool: None,
            deadline_ms: None,
            rated: true,
            bot_after_ms: None,
            key: client.sealing.key(),
            bot_declaration: None,
            key_proof: client.sealing.key_proof(),
        })
        .await;
    match client.recv().await {
        ServerMessage::Seeking { .. } => {
            client.send(&ClientMessage::CancelSeek).await;
            client
                .recv_until(|message| matches!(message, ServerMessage::SeekEnded { .. }))
                .await;
            true
        }
        ServerMessage::Error {
            code: ErrorCode::TooManyNewKeys,
            ..
        } => false,
        other => panic!("a seek answered {other:?}"),
    }
}

/// Three clients through the proxy, each named by `name_client(n)` as the
/// proxy names them: one new key each, as three addresses; a second key
/// from the first is over its limit.
async fn three_clients_are_three_addresses(
    server: &TestServer,
    prefix_and_headers: impl Fn(&str) -> (Vec<u8>, Vec<(&'static str, String)>),
) {
    for (client, name) in [
        ("203.0.113.1", "Ada"),
        ("203.0.113.2", "Bea"),
        ("2001:db8::3", "Cy"),
        ("203.0.113.1", "Di"),
    ] {
        let (prefix, headers) = prefix_and_headers(client);
        let headers: Vec<(&'static str, &str)> = headers
            .iter()
            .map(|(name, value)| (*name, value.as_str()))
            .collect();
        let mut player = Client::greeted_proxied(server, PROXY, &prefix, &headers, name).await;
        let admitted = rated_seek_admitted(&mut player).await;
        // Di comes from Ada's address: its one new key is Ada's.
        assert_eq!(admitted, name != "Di", "{name} from {client}");
    }
}

#[tokio::test]
async fn behind_a_trusted_proxy_x_forwarded_for_names_each_client() {
    let server = TestServer::start(behind_a_proxy).await;
    three_clients_are_three_addresses(&server, |client| {
        // The client's own claim comes first; the proxy appends who it saw.
        let chain = format!("198.51.100.66, {client}");
        (Vec::new(), vec![("x-forwarded-for", chain)])
    })
    .await;
}

#[tokio::test]
async fn behind_a_trusted_proxy_the_forwarded_header_names_each_client() {
    let server = TestServer::start(|config| {
        behind_a_proxy(config);
        config.client_address_header = mice_cake_server::ClientAddressHeader::Forwarded;
    })
    .await;
    three_clients_are_three_addresses(&server, |client| {
        let node = if client.contains(':') {
            format!("\"[{client}]:4711\"")
        } else {
            client.to_owned()
        };
        (
            Vec::new(),
            vec![("forwarded", format!("for={node};proto=https"))],
        )
    })
    .await;
}

/// What a client writes in its own forwarding header lies left of the hop
/// the proxy appends: it is the client's claim, ignored even when it names
/// no address — it costs the client nothing, and is no sign of a proxy gone
/// wrong (no `400`, nothing counted as `bad_forwarding`).
#[tokio::test]
async fn behind_a_trusted_proxy_junk_a_client_writes_in_its_own_header_is_ignored() {
    let server = TestServer::start(behind_a_proxy).await;
    // Appended to the client's line (nginx), or a line of its own (HAProxy).
    three_clients_are_three_addresses(&server, |client| {
        (
            Vec::new(),
            vec![("x-forwarded-for", format!("hello world, {client}"))],
        )
    })
    .await;
    let server = TestServer::start(behind_a_proxy).await;
    three_clients_are_three_addresses(&server, |client| {
        (
            Vec::new(),
            vec![
                ("x-forwarded-for", "hello world".to_owned()),
                ("x-forwarded-for", client.to_owned()),
            ],
        )
    })
    .await;
    let server = TestServer::start(|config| {
        behind_a_proxy(config);
        config.client_address_header = mice_cake_server::ClientAddressHeader::Forwarded;
    })
    .await;
    three_clients_are_three_addresses(&server, |client| {
        let node = if client.contains(':') {
            format!("\"[{client}]\"")
        } else {
            client.to_owned()
        };
        (
            Vec::new(),
            vec![("forwarded", format!("hello world, for={node}"))],
        )
    })
    .await;
    // Bytes that are no text at all, in the client's own line.
    let answer = raw_from_proxy(
        &server,
        b"GET /healthz HTTP/1.1\r\nHost: x\r\nForwarded: for=\xff\xfe\r\n\
          Forwarded: for=203.0.113.1\r\nConnection: close\r\n\r\n",
    )
    .await;
    assert!(answer.starts_with("HTTP/1.1 200"), "{answer}");
}

#[tokio::test]
async fn behind_a_trusted_proxy_the_proxy_protocol_names_each_client_in_both_versions() {
    let server = TestServer::start(|config| {
        behind_a_proxy(config);
        config.proxy_protocol = true;
    })
    .await;
    let destination = server.addr;
    // Version 1 for IPv4, version 2 for IPv6: HAProxy sends either.
    three_clients_are_three_addresses(&server, |client| {
        let source: std::net::IpAddr = client.parse().unwrap();
        let header = match source {
            std::net::IpAddr::V4(_) => format!(
                "PROXY TCP4 {client} {} 51234 {}\r\n",
                destination.ip(),
                destination.port()
            )
            .into_bytes(),
            std::net::IpAddr::V6(_) => ppp::v2::Builder::with_addresses(
                ppp::v2::Version::Two | ppp::v2::Command::Proxy,
                ppp::v2::Protocol::Stream,
                (
                    std::net::SocketAddr::new(source, 51234),
                    std::net::SocketAddr::new("::1".parse().unwrap(), destination.port()),
                ),
            )
            .build()
            .unwrap(),
        };
        // A client's own X-Forwarded-For is nothing: it is no proxy.
        (
            header,
            vec![("x-forwarded-for", "198.51.100.66".to_owned())],
        )
    })
    .await;
    // Anyone but the proxy speaks plain HTTP, as the test's own requests do.
    let (status, _) = server.get("/healthz").await;
    assert_eq!(status, 200);
}

#[tokio::test]
async fn from_an_address_that_is_no_trusted_proxy_the_header_is_ignored() {
    let server = TestServer::start(behind_a_proxy).await;
    // Two clients from 127.0.0.3, each claiming another address: both are
    // 127.0.0.3's, which brings one new key.
    let mut first = Client::greeted_proxied(
        &server,
        "127.0.0.3",
        b"",
        &[("x-forwarded-for", "203.0.113.1")],
        "Ada",
    )
    .await;
    assert!(rated_seek_admitted(&mut first).await);
    let mut second = Client::greeted_proxied(
        &server,
        "127.0.0.3",
        b"",
        &[("x-forwarded-for", "203.0.113.2")],
        "Bea",
    )
    .await;
    assert!(!rated_seek_admitted(&mut second).await);
}

/// The proxy's word that cannot be read is a clear 400, counted; the
/// server serves on.
#[tokio::test]
async fn a_header_from_the_proxy_that_cannot_be_read_is_a_clear_400() {
    let server = TestServer::start(|config| {
        behind_a_proxy(config);
        config.proxy_protocol = true;
    })
    .await;
    let before = server.metric(BAD_FORWARDING).await;
    // No PROXY header where one is due.
    let answer = raw_from_proxy(&server, b"GET /healthz HTTP/1.1\r\nHost: x\r\n\r\n").await;
    assert!(answer.starts_with("HTTP/1.1 400"), "{answer}");
    assert!(answer.contains("PROXY protocol"), "{answer}");
    // A PROXY header, then a forwarding header that names no address.
    let answer = raw_from_proxy(
        &server,
        b"PROXY TCP4 127.0.0.9 127.0.0.1 5 6\r\nGET /api/rooms HTTP/1.1\r\nHost: x\r\n\
          X-Forwarded-For: 203.0.113.1, not-an-address\r\nConnection: close\r\n\r\n",
    )
    .await;
    assert!(answer.starts_with("HTTP/1.1 400"), "{answer}");
    assert!(answer.contains("x-forwarded-for"), "{answer}");
    assert!(answer.contains("not-an-address"), "{answer}");
    assert!(server.metric(BAD_FORWARDING).await >= before + 2.0);
    let (status, _) = server.get("/healthz").await;
    assert_eq!(status, 200);
}

/// Sends `bytes` from the proxy's address; the whole answer.
async fn raw_from_proxy(server: &TestServer, bytes: &[u8]) -> String {
    let socket = tokio::net::TcpSocket::new_v4().unwrap();
    socket
        .bind(std::net::SocketAddr::new(PROXY.parse().unwrap(), 0))
        .unwrap();
    let mut stream = socket.connect(server.addr).await.unwrap();
    stream.write_all(bytes).await.unwrap();
    let mut answer = Vec::new();
    tokio::time::timeout(PATIENCE, stream.read_to_end(&mut answer))
        .await
        .unwrap()
        .unwrap();
    String::from_utf8_lossy(&answer).into_owned()
}

//! Whose certificates the client trusts on `wss://` and `https://`: the
//! public authorities (webpki-roots), or — with `--ca-file` — the one
//! authority of a server of one's own: Caddy's `tls internal` on a LAN, a
//! private CA. Set once, before anything connects.

use std::path::Path;
use std::sync::{Arc, OnceLock};

use rustls::pki_types::CertificateDer;
use rustls::pki_types::pem::PemObject as _;

use crate::tr;

/// The authority `--ca-file` named, as each connection needs it.
struct OwnAuthority {
    websocket: Arc<rustls::ClientConfig>,
    http: ureq::Agent,
}

static OWN_AUTHORITY: OnceLock<OwnAuthority> = OnceLock::new();

/// A CA file that cannot be trusted as asked.
#[derive(Debug)]
pub enum CaFileError {
    Unreadable { path: String, problem: String },
    Empty { path: String },
    AlreadySet,
}

impl std::fmt::Display for CaFileError {
    fn fmt(&self, formatter: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        formatter.write_str(&match self {
            CaFileError::Unreadable { path, problem } => {
                tr!("tls-unreadable", path = path, problem = problem)
            }
            CaFileError::Empty { path } => tr!("tls-empty", path = path),
            CaFileError::AlreadySet => tr!("tls-twice"),
        })
    }
}

impl std::error::Error for CaFileError {}

/// Trusts the certificates of the PEM file at `path`, and no others, for
/// every connection from now on.
pub fn trust_only(path: &Path) -> Result<(), CaFileError> {
    let shown = path.display().to_string();
    let unreadable = |problem: String| CaFileError::Unreadable {
        path: shown.clone(),
        problem,
    };
    let certificates: Vec<CertificateDer<'static>> = CertificateDer::pem_file_iter(path)
        .map_err(|error| unreadable(error.to_string()))?
        .collect::<Result<_, _>>()
        .map_err(|error| unreadable(error.to_string()))?;
    if certificates.is_empty() {
        return Err(CaFileError::Empty { path: shown });
    }
    let mut roots = rustls::RootCertStore::empty();
    for certificate in &certificates {
        roots
            .add(certificate.clone())
            .map_err(|error| unreadable(error.to_string()))?;
    }
    let provider = Arc::new(rustls::crypto::ring::default_provider());
    let websocket = rustls::ClientConfig::builder_with_provider(provider)
        .with_safe_default_protocol_versions()
        .map_err(|error| unreadable(error.to_string()))?
        .with_root_certificates(roots)
        .with_no_client_auth();
    let http_roots: Vec<ureq::tls::Certificate<'static>> = certificates
        .iter()
        .map(|certificate| ureq::tls::Certificate::from_der(certificate.as_ref()).to_owned())
        .collect();
    let http = ureq::Agent::new_with_config(
        ureq::config::Config::builder()
            .tls_config(
                ureq::tls::TlsConfig::builder()
                    .root_certs(ureq::tls::RootCerts::new_with_certs(&http_roots))
                    .build(),
            )
            .build(),
    );
    OWN_AUTHORITY
        .set(OwnAuthority {
            websocket: Arc::new(websocket),
            http,
        })
        .map_err(|_| CaFileError::AlreadySet)
}

/// How a WebSocket connects: `None` for the public authorities.
pub(crate) fn websocket_connector() -> Option<tokio_tungstenite::Connector> {
    OWN_AUTHORITY
        .get()
        .map(|own| tokio_tungstenite::Connector::Rustls(Arc::clone(&own.websocket)))
}

/// The agent an HTTP request goes through.
pub(crate) fn http_agent() -> ureq::Agent {
    OWN_AUTHORITY
        .get()
        .map_or_else(ureq::Agent::new_with_defaults, |own| own.http.clone())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_ca_file_missing_or_without_a_certificate_is_refused_saying_which() {
        let missing = trust_only(Path::new("/nonexistent/root.crt")).unwrap_err();
        assert!(
            missing.to_string().contains("/nonexistent/root.crt"),
            "{missing}"
        );
        let dir = tempfile::tempdir().unwrap();
        let junk = dir.path().join("junk.pem");
        std::fs::write(&junk, "not a certificate\n").unwrap();
        let empty = trust_only(&junk).unwrap_err();
        assert!(matches!(empty, CaFileError::Empty { .. }), "{empty}");
        // Nothing was trusted: connections still use the public authorities.
        assert!(websocket_connector().is_none());
    }
}

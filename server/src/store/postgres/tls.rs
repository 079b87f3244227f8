//! TLS to PostgreSQL, asked for as libpq asks for it: `sslmode` and
//! `sslrootcert` in the `--database` URL.
//!
//! | `sslmode`            | TLS                      | the server's certificate              |
//! |----------------------|--------------------------|---------------------------------------|
//! | none, `disable`      | no (as before TLS came)  | —                                     |
//! | `allow`, `prefer`    | if the server offers it  | not checked, unless `sslrootcert`     |
//! | `require`            | always                   | not checked, unless `sslrootcert`     |
//! | `verify-ca`          | always                   | signed by a root                      |
//! | `verify-full`        | always                   | signed by a root, for the URL's host  |
//!
//! "Unless `sslrootcert`": given one, `allow` to `require` check the chain
//! too, as libpq does. The roots are `sslrootcert`'s (a PEM file of
//! certificates), or the system's (`sslrootcert=system`, and by default).
//! A managed PostgreSQL that requires TLS takes `?sslmode=verify-full`.

use std::sync::Arc;

use r2d2_postgres::postgres::{self, config::SslMode};
use rustls::client::WebPkiServerVerifier;
use rustls::client::danger::{HandshakeSignatureValid, ServerCertVerified, ServerCertVerifier};
use rustls::crypto::CryptoProvider;
use rustls::pki_types::pem::PemObject as _;
use rustls::pki_types::{CertificateDer, ServerName, UnixTime};
use rustls::{CertificateError, ClientConfig, DigitallySignedStruct, RootCertStore};
pub(crate) use tokio_postgres_rustls::MakeRustlsConnect;

/// A `--database` URL whose TLS parameters cannot be followed.
#[derive(Debug, thiserror::Error)]
pub(crate) enum TlsSetupError {
    #[error("sslmode={0:?} is none of disable, allow, prefer, require, verify-ca, verify-full")]
    Mode(String),
    #[error("sslrootcert={path}: {problem}")]
    Roots { path: String, problem: String },
    #[error("no root certificates found on this system: give sslrootcert=FILE")]
    NoSystemRoots,
    #[error("TLS cannot be set up: {0}")]
    Rustls(String),
    #[error(transparent)]
    Url(#[from] postgres::Error),
}

/// How much of the server's certificate is checked.
enum Check {
    Nothing,
    /// Signed by one of the roots; for any name.
    Chain(RootCertStore),
    /// Signed by one of the roots, and for the host connected to.
    Full(RootCertStore),
}

/// The connection settings of a `--database` URL, and its TLS connector.
pub(crate) fn connection(
    url: &str,
) -> Result<(postgres::Config, MakeRustlsConnect), TlsSetupError> {
    let is_url = url.starts_with("postgres://") || url.starts_with("postgresql://");
    let (rest, mode, root_cert) = if is_url {
        // tokio-postgres does not read them as libpq does.
        let (rest, [mode, root_cert]) =
            crate::url_parameters::take(url, ["sslmode", "sslrootcert"]);
        (rest, mode, root_cert)
    } else {
        // The key=value form: tokio-postgres reads its own sslmode (disable,
        // prefer, require); nothing checks the certificate.
        (url.to_owned(), None, None)
    };
    let mut config: postgres::Config = rest.parse()?;
    let check = match mode.as_deref() {
        None if is_url || !url.contains("sslmode") => {
            config.ssl_mode(SslMode::Disable);
            Check::Nothing
        }
        None => match root_cert.as_deref() {
            Some(path) => Check::Chain(roots(Some(path))?),
            None => Check::Nothing,
        },
        Some("disable") => {
            config.ssl_mode(SslMode::Disable);
            Check::Nothing
        }
        Some(mode @ ("allow" | "prefer" | "require")) => {
            config.ssl_mode(if mode == "require" {
                SslMode::Require
            } else {
                SslMode::Prefer
            });
            match root_cert.as_deref() {
                Some(path) => Check::Chain(roots(Some(path))?),
                None => Check::Nothing,
            }
        }
        Some("verify-ca") => {
            config.ssl_mode(SslMode::Require);
            Check::Chain(roots(root_cert.as_deref())?)
        }
        Some("verify-full") => {
            config.ssl_mode(SslMode::Require);
            Check::Full(roots(root_cert.as_deref())?)
        }
        Some(other) => return Err(TlsSetupError::Mode(other.to_owned())),
    };
    Ok((config, MakeRustlsConnect::new(client_config(check)?)))
}

/// The roots in the PEM file at `path`, or the system's (`None`, `system`).
fn roots(path: Option<&str>) -> Result<RootCertStore, TlsSetupError> {
    let mut store = RootCertStore::empty();
    match path {
        None | Some("system") => {
            let found = rustls_native_certs::load_native_certs();
            let (added, _) = store.add_parsable_certificates(found.certs);
            if added == 0 {
                return Err(TlsSetupError::NoSystemRoots);
            }
        }
        Some(path) => {
            let bad = |problem: String| TlsSetupError::Roots {
                path: path.to_owned(),
                problem,
            };
            let certificates = CertificateDer::pem_file_iter(path)
                .map_err(|error| bad(error.to_string()))?
                .collect::<Result<Vec<_>, _>>()
                .map_err(|error| bad(error.to_string()))?;
            for certificate in certificates {
                store
                    .add(certificate)
                    .map_err(|error| bad(error.to_string()))?;
            }
            if store.is_empty() {
                return Err(bad("no certificate in it".into()));
            }
        }
    }
    Ok(store)
}

fn client_config(check: Check) -> Result<ClientConfig, TlsSetupError> {
    let provider = Arc::new(rustls::crypto::ring::default_provider());
    let rustls_error = |error: rustls::Error| TlsSetupError::Rustls(error.to_string());
    let web_pki = |roots: RootCertStore| {
        WebPkiServerVerifier::builder_with_provider(Arc::new(roots), Arc::clone(&provider))
            .build()
            .map_err(|error| TlsSetupError::Rustls(error.to_string()))
    };
    let (chain, any_name) = match check {
        Check::Nothing => (None, false),
        Check::Chain(roots) => (Some(web_pki(roots)?), true),
        Check::Full(roots) => (Some(web_pki(roots)?), false),
    };
    let verifier = Arc::new(Certificate {
        chain,
        any_name,
        provider: Arc::clone(&provider),
    });
    Ok(ClientConfig::builder_with_provider(provider)
        .with_safe_default_protocol_versions()
        .map_err(rustls_error)?
        .dangerous()
        .with_custom_certificate_verifier(verifier)
        .with_no_client_auth())
}

/// What of the server's certificate is checked: nothing (`require`
/// without roots, as libpq: the link is encrypted, the handshake's
/// signatures still checked), its chain alone (`verify-ca`), or its chain
/// and name (`verify-full`, rustls's own check).
#[derive(Debug)]
struct Certificate {
    chain: Option<Arc<WebPkiServerVerifier>>,
    any_name: bool,
    provider: Arc<CryptoProvider>,
}

impl ServerCertVerifier for Certificate {
    fn verify_server_cert(
        &self,
        end_entity: &CertificateDer<'_>,
        intermediates: &[CertificateDer<'_>],
        server_name: &ServerName<'_>,
        ocsp_response: &[u8],
        now: UnixTime,
    ) -> Result<ServerCertVerified, rustls::Error> {
        let Some(chain) = &self.chain else {
            return Ok(ServerCertVerified::assertion());
        };
        // The name is checked last, once the chain is good.
        match chain.verify_server_cert(end_entity, intermediates, server_name, ocsp_response, now) {
            Err(rustls::Error::InvalidCertificate(
                CertificateError::NotValidForName | CertificateError::NotValidForNameContext { .. },
            )) if self.any_name => Ok(ServerCertVerified::assertion()),
            other => other,
        }
    }

    fn verify_tls12_signature(
        &self,
        message: &[u8],
        cert: &CertificateDer<'_>,
        dss: &DigitallySignedStruct,
    ) -> Result<HandshakeSignatureValid, rustls::Error> {
        rustls::crypto::verify_tls12_signature(
            message,
            cert,
            dss,
            &self.provider.signature_verification_algorithms,
        )
    }

    fn verify_tls13_signature(
        &self,
        message: &[u8],
        cert: &CertificateDer<'_>,
        dss: &DigitallySignedStruct,
    ) -> Result<HandshakeSignatureValid, rustls::Error> {
        rustls::crypto::verify_tls13_signature(
            message,
            cert,
            dss,
            &self.provider.signature_verification_algorithms,
        )
    }

    fn supported_verify_schemes(&self) -> Vec<rustls::SignatureScheme> {
        self.provider
            .signature_verification_algorithms
            .supported_schemes()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::store::postgres::PostgresStore;
    use crate::store::tests::TestDatabase;
    use crate::test_services::service;

    /// Whether the connection `url` and its TLS make is encrypted.
    fn encrypted(url: &str) -> Result<bool, String> {
        let (config, tls) = connection(url).map_err(|error| error.to_string())?;
        let mut client = config
            .connect(tls)
            .map_err(|error| crate::store::postgres::with_causes(&error))?;
        let row = client
            .query_one(
                "SELECT ssl FROM pg_stat_ssl WHERE pid = pg_backend_pid()",
                &[],
            )
            .map_err(|error| error.to_string())?;
        Ok(row.get(0))
    }

    #[test]
    fn over_tls_the_database_s_certificate_is_checked_as_sslmode_says() {
        let Some(database) = TestDatabase::create() else {
            return;
        };
        let (Some(ca), Some(wrong_ca)) = (
            service("MICE_CAKE_TEST_TLS_CA"),
            service("MICE_CAKE_TEST_TLS_WRONG_CA"),
        ) else {
            return;
        };
        let url = &database.url;
        // The server's certificate is for 127.0.0.1, signed by `ca`.
        assert_eq!(encrypted(url), Ok(false), "no sslmode: as before TLS came");
        assert_eq!(encrypted(&format!("{url}?sslmode=require")), Ok(true));
        assert_eq!(
            encrypted(&format!("{url}?sslmode=verify-full&sslrootcert={ca}")),
            Ok(true)
        );
        let refused = encrypted(&format!("{url}?sslmode=verify-full&sslrootcert={wrong_ca}"));
        assert!(
            refused
                .as_ref()
                .is_err_and(|error| error.contains("UnknownIssuer")),
            "{refused:?}"
        );
        let refused = encrypted(&format!("{url}?sslmode=verify-ca&sslrootcert={wrong_ca}"));
        assert!(refused.is_err(), "{refused:?}");
        let refused = encrypted(&format!("{url}?sslmode=require&sslrootcert={wrong_ca}"));
        assert!(
            refused.is_err(),
            "with roots, require checks the chain: {refused:?}"
        );
        // By another name than the certificate's: the chain alone passes.
        let by_name = url.replacen("127.0.0.1", "localhost", 1);
        let refused = encrypted(&format!("{by_name}?sslmode=verify-full&sslrootcert={ca}"));
        assert!(
            refused
                .as_ref()
                .is_err_and(|error| error.contains("not valid for name")),
            "{refused:?}"
        );
        assert_eq!(
            encrypted(&format!("{by_name}?sslmode=verify-ca&sslrootcert={ca}")),
            Ok(true)
        );
    }

    #[test]
    fn a_store_opens_over_tls_and_a_wrong_ca_is_refused_naming_the_host_never_the_password() {
        let Some(database) = TestDatabase::create() else {
            return;
        };
        let (Some(ca), Some(wrong_ca)) = (
            service("MICE_CAKE_TEST_TLS_CA"),
            service("MICE_CAKE_TEST_TLS_WRONG_CA"),
        ) else {
            return;
        };
        let with_password = database.url.replacen("://mc@", "://mc:hunter2@", 1);
        let wrong = format!("{with_password}?sslmode=verify-full&sslrootcert={wrong_ca}");
        let Err(error) = PostgresStore::open(&wrong, 10, None) else {
            panic!("a server signed by another CA is refused");
        };
        let said = error.to_string();
        assert!(said.contains("127.0.0.1"), "{said}");
        assert!(said.contains("certificate"), "{said}");
        assert!(!said.contains("hunter2"), "{said}");
        let good = format!("{with_password}?sslmode=verify-full&sslrootcert={ca}");
        let store = PostgresStore::open(&good, 10, None).unwrap();
        let row = store
            .connection()
            .unwrap()
            .query_one(
                "SELECT ssl FROM pg_stat_ssl WHERE pid = pg_backend_pid()",
                &[],
            )
            .unwrap();
        assert!(
            row.get::<_, bool>(0),
            "the pool's connections are encrypted"
        );
    }

    #[test]
    fn without_sslmode_the_link_is_plain_as_before() {
        let (config, _) = connection("postgres://mc@127.0.0.1/mice").unwrap();
        assert_eq!(config.get_ssl_mode(), SslMode::Disable);
        let (config, _) = connection("postgres://mc@127.0.0.1/mice?sslmode=require").unwrap();
        assert_eq!(config.get_ssl_mode(), SslMode::Require);
        let (config, _) = connection("postgres://mc@127.0.0.1/mice?sslmode=prefer").unwrap();
        assert_eq!(config.get_ssl_mode(), SslMode::Prefer);
    }

    #[test]
    fn a_mode_or_a_root_file_that_cannot_be_followed_is_an_error_that_says_which() {
        let error = connection("postgres://db/mice?sslmode=verify-everything")
            .err()
            .unwrap();
        assert!(error.to_string().contains("verify-everything"), "{error}");
        let error =
            connection("postgres://db/mice?sslmode=verify-full&sslrootcert=/nonexistent/ca.pem")
                .err()
                .unwrap();
        assert!(error.to_string().contains("/nonexistent/ca.pem"), "{error}");
        let empty = tempfile::NamedTempFile::new().unwrap();
        let url = format!(
            "postgres://db/mice?sslmode=verify-ca&sslrootcert={}",
            empty.path().display()
        );
        let error = connection(&url).err().unwrap();
        assert!(error.to_string().contains("no certificate"), "{error}");
    }
}

//! The cluster's Redis, from its `--cluster` URL: `redis://` in the clear
//! (a private network), `rediss://` over TLS, the server checked against the
//! system's roots or the CA file named by `cacert=` (a PEM file, as
//! `redis-cli --cacert` takes it): `rediss://host:6380/0?cacert=/etc/ca.pem`.
//! A user of Redis's ACLs logs in as `redis://user:password@host/0`.

use super::errors::JoinError;

/// A client for the Redis at `url` (connecting is the caller's).
pub(super) fn client(url: &str) -> Result<redis::Client, JoinError> {
    let (url, [ca_file]) = crate::url_parameters::take(url, ["cacert"]);
    let name = super::describe(&url);
    let Some(ca_file) = ca_file else {
        return redis::Client::open(url.as_str())
            .map_err(|source| JoinError::NotRedis { name, source });
    };
    if !url.starts_with("rediss://") {
        return Err(JoinError::CaWithoutTls { name });
    }
    let root_cert = match std::fs::read(&ca_file) {
        Ok(root_cert) => root_cert,
        Err(source) => return Err(JoinError::CaUnreadable { ca_file, source }),
    };
    redis::Client::build_with_tls(
        url.as_str(),
        redis::TlsCertificates {
            client_tls: None,
            root_cert: Some(root_cert),
        },
    )
    .map_err(|source| JoinError::TlsUnusable {
        name,
        ca_file,
        source,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::test_services::service;

    /// An error and its causes, as the operator reads them.
    fn error_chain(error: &dyn std::error::Error) -> String {
        let mut said = error.to_string();
        let mut cause = error.source();
        while let Some(error) = cause {
            said.push_str(&format!(": {error}"));
            cause = error.source();
        }
        said
    }

    /// PING through a client made from `url`: what Redis answered, or why
    /// nothing could be asked.
    async fn ping(url: &str) -> Result<String, String> {
        let client = client(url).map_err(|error| error_chain(&error))?;
        let mut connection = client
            .get_multiplexed_async_connection()
            .await
            .map_err(|error| error.to_string())?;
        redis::cmd("PING")
            .query_async(&mut connection)
            .await
            .map_err(|error| error.to_string())
    }

    #[tokio::test]
    async fn over_tls_redis_is_reached_with_its_ca_and_a_wrong_ca_is_refused() {
        let (Some(url), Some(ca), Some(wrong_ca)) = (
            service("MICE_CAKE_TEST_REDIS_TLS"),
            service("MICE_CAKE_TEST_TLS_CA"),
            service("MICE_CAKE_TEST_TLS_WRONG_CA"),
        ) else {
            return;
        };
        assert_eq!(
            ping(&format!("{url}/0?cacert={ca}")).await.as_deref(),
            Ok("PONG")
        );
        let refused = ping(&format!("{url}/0?cacert={wrong_ca}")).await;
        assert!(
            refused
                .as_ref()
                .is_err_and(|error| error.contains("UnknownIssuer")),
            "{refused:?}"
        );
        // The system's roots do not know the test's CA either.
        assert!(ping(&format!("{url}/0")).await.is_err());
        // As a node says it at start: the Redis named, never its password.
        let with_password = url.replacen("rediss://", "rediss://:hunter2@", 1);
        let wrong = client(&format!("{with_password}/0?cacert={wrong_ca}")).unwrap();
        let name = super::super::describe(&with_password);
        let said = error_chain(
            &super::super::reach(&name, wrong.get_multiplexed_async_connection())
                .await
                .err()
                .unwrap(),
        );
        assert!(said.contains("127.0.0.1"), "{said}");
        assert!(said.contains("UnknownIssuer"), "{said}");
        assert!(!said.contains("hunter2"), "{said}");
    }

    #[tokio::test]
    async fn a_user_of_redis_s_acls_logs_in_by_the_url() {
        let Some(url) = service("MICE_CAKE_TEST_REDIS") else {
            return;
        };
        let user = format!("mc_test_{}", std::process::id());
        let admin = redis::Client::open(url.as_str()).unwrap();
        let mut admin = admin.get_multiplexed_async_connection().await.unwrap();
        let () = redis::cmd("ACL")
            .arg("SETUSER")
            .arg(&user)
            .arg("on")
            .arg(">s3cret-word")
            .arg("~*")
            .arg("&*")
            .arg("+@all")
            .query_async(&mut admin)
            .await
            .unwrap();
        let host = url.trim_start_matches("redis://");
        let as_user = ping(&format!("redis://{user}:s3cret-word@{host}/0")).await;
        let wrong = ping(&format!("redis://{user}:not-it@{host}/0")).await;
        let () = redis::cmd("ACL")
            .arg("DELUSER")
            .arg(&user)
            .query_async(&mut admin)
            .await
            .unwrap();
        assert_eq!(as_user.as_deref(), Ok("PONG"));
        let refused = wrong.unwrap_err();
        assert!(!refused.contains("not-it"), "{refused}");
    }

    #[test]
    fn a_ca_file_for_redis_in_the_clear_or_one_that_cannot_be_read_is_refused() {
        let error = client("redis://cache/0?cacert=/etc/ca.pem").unwrap_err();
        assert!(error_chain(&error).contains("rediss://"), "{error:?}");
        let error = client("rediss://:hunter2@cache/0?cacert=/nonexistent/ca.pem").unwrap_err();
        let said = error_chain(&error);
        assert!(said.contains("/nonexistent/ca.pem"), "{said}");
        assert!(!said.contains("hunter2"), "{said}");
    }
}

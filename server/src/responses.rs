//! What every HTTP response shares: its security headers, set in one place
//! (a layer on the whole router, so that no route, fallback or error can go
//! without them; a response that sets one of them itself keeps its own),
//! and the JSON shape of an error (`mice_cake_protocol::ApiError`), with
//! the errors every API endpoint may give (a path or a query it cannot
//! read, a read storage could not make).

use axum::Json;
use axum::extract::rejection::QueryRejection;
use axum::extract::{FromRequestParts, Path};
use axum::http::request::Parts;
use axum::http::{HeaderMap, HeaderName, HeaderValue, StatusCode, header};
use axum::response::{IntoResponse as _, Response};
use mice_cake_protocol::{ApiError, ErrorCode, RefusalArgs};

use crate::quote::bounded;
use crate::store::StoreError;

/// Only this origin: its scripts (no inline ones), styles, images and
/// WebSocket; no frames, no plugins, no base or form elsewhere.
pub(crate) const CONTENT_SECURITY_POLICY: &str = "default-src 'none'; script-src 'self'; \
     style-src 'self'; img-src 'self' data:; connect-src 'self'; manifest-src 'self'; \
     base-uri 'none'; form-action 'self'; frame-ancestors 'none'";

/// What errors are cached as: never kept, so that the next try asks again.
pub(crate) const NOT_STORED: &str = "no-store";

/// The security headers, and `Cache-Control: no-store` on every error
/// (4xx, 5xx) that says nothing of its own.
pub(crate) async fn secure(mut response: Response) -> Response {
    let error = response.status().is_client_error() || response.status().is_server_error();
    let headers = response.headers_mut();
    keep_or_set(
        headers,
        header::CONTENT_SECURITY_POLICY,
        CONTENT_SECURITY_POLICY,
    );
    keep_or_set(headers, header::X_CONTENT_TYPE_OPTIONS, "nosniff");
    keep_or_set(headers, header::REFERRER_POLICY, "no-referrer");
    if error {
        keep_or_set(headers, header::CACHE_CONTROL, NOT_STORED);
    }
    response
}

fn keep_or_set(headers: &mut HeaderMap, name: HeaderName, value: &'static str) {
    headers
        .entry(name)
        .or_insert_with(|| HeaderValue::from_static(value));
}

/// An error as the API answers it: its status, and `{"code", "message"}`.
pub(crate) fn api_error(status: StatusCode, code: ErrorCode, message: String) -> Response {
    api_refusal(status, code, message, RefusalArgs::new())
}

/// A refusal as the API answers it: its status, and `{"code", "message",
/// "args"}` (the arguments a client's words need, when there are).
pub(crate) fn api_refusal(
    status: StatusCode,
    code: ErrorCode,
    message: String,
    args: RefusalArgs,
) -> Response {
    let error = ApiError {
        code,
        message,
        args,
    };
    (status, Json(error)).into_response()
}

/// A route's path parameters, as `Path` reads them, but refused as the API
/// refuses: a segment that is not UTF-8 once its `%XX` are decoded
/// (`/api/games/%FF`) is a 400 in the API's JSON, not axum's plain text.
pub(crate) struct ApiPath<T>(pub(crate) T);

impl<T, S> FromRequestParts<S> for ApiPath<T>
where
    T: serde::de::DeserializeOwned + Send,
    S: Send + Sync,
{
    type Rejection = Response;

    async fn from_request_parts(parts: &mut Parts, state: &S) -> Result<Self, Self::Rejection> {
        match Path::<T>::from_request_parts(parts, state).await {
            Ok(Path(value)) => Ok(ApiPath(value)),
            // A route that names no such parameter: the server's mistake.
            Err(rejection) if rejection.status().is_server_error() => Err(api_error(
                rejection.status(),
                ErrorCode::Internal,
                bounded(rejection.body_text()),
            )),
            Err(rejection) => Err(bad_request(bounded(rejection.body_text()))),
        }
    }
}

/// The query of an endpoint that takes no parameter: any is refused, as
/// `GET /api/games` refuses those it does not know.
#[derive(serde::Deserialize)]
#[serde(deny_unknown_fields)]
pub(crate) struct NoParams {}

/// A 400 for a query an endpoint does not take.
pub(crate) fn bad_query(rejection: &QueryRejection, takes: &str) -> Response {
    api_error(
        StatusCode::BAD_REQUEST,
        ErrorCode::BadMessage,
        format!("{}; {takes}", bounded(rejection.body_text())),
    )
}

/// A 400 `bad_message` saying `message`.
pub(crate) fn bad_request(message: String) -> Response {
    api_error(StatusCode::BAD_REQUEST, ErrorCode::BadMessage, message)
}

/// A page's size: `asked`, or `default`; what is wrong unless 1 to `most`.
pub(crate) fn page_limit(asked: Option<u32>, default: u32, most: u32) -> Result<u32, String> {
    let limit = asked.unwrap_or(default);
    if (1..=most).contains(&limit) {
        Ok(limit)
    } else {
        Err(format!("limit must be between 1 and {most}, not {limit}"))
    }
}

/// A 500 for a read storage could not make (logged; the answer says
/// nothing of why).
pub(crate) fn storage_failed(cause: &StoreError) -> Response {
    tracing::error!(cause = %cause, "a read from storage failed");
    api_error(
        StatusCode::INTERNAL_SERVER_ERROR,
        ErrorCode::Internal,
        "the server could not read its storage; try again later".into(),
    )
}

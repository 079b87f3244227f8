//! Seams for the fuzz targets (`fuzz/`, docs/fuzzing.md), built only with
//! the `fuzzing` feature and hidden from the docs. The server's modules are
//! private; these run its own code on someone else's bytes as a running
//! server does: an HTTP request through every route and layer, and a live
//! room read back from its rows and brought back.

use std::sync::Arc;

use axum::Router;
use axum::body::Body;
use axum::http::{HeaderName, HeaderValue, Method, Request, StatusCode, header};
use mice_cake_engine::analysis::ANALYSIS_VERSION;
use mice_cake_protocol::{ApiError, FinishedGame};
use tower::ServiceExt as _;

use crate::config::Config;
use crate::room::RestoredRoom;
use crate::shared::Shared;
use crate::store::{RoomUpdate, RoomWrite, read_room};

/// Largest answer read back: the web client's script is the largest.
const MOST_BODY: usize = 16 << 20;

/// Why the fuzzing server could not start.
#[derive(Debug, thiserror::Error)]
pub enum HarnessError {
    /// No runtime for it.
    #[error("cannot make a runtime")]
    Runtime(#[source] std::io::Error),
    /// The server itself did not start.
    #[error(transparent)]
    Start(#[from] crate::StartError),
    /// A finished game given is not a finished game's JSON.
    #[error("a finished game given cannot be read")]
    Game(#[source] serde_json::Error),
    /// A game or its analysis cannot be stored.
    #[error(transparent)]
    Storage(#[from] crate::store::StoreError),
}

/// A finished game for the server to hold: its JSON and its analysis's.
pub struct StoredGame<'a> {
    pub game: &'a str,
    pub analysis: Option<&'a str>,
}

/// A server as `--ephemeral` runs it, on a runtime of its own, with some
/// finished games stored; requests reach its router without a socket.
pub struct Harness {
    runtime: tokio::runtime::Runtime,
    shared: Arc<Shared>,
    router: Router,
}

impl Harness {
    /// Starts the server and stores `games`: each a finished game's JSON
    /// as `GET /api/games/{id}` answers it, with its analysis's if there is
    /// one (else a request for it makes one, which takes the fuzzer's
    /// instrumented build half a minute).
    pub fn start(games: &[StoredGame<'_>]) -> Result<Harness, HarnessError> {
        let runtime = tokio::runtime::Builder::new_current_thread()
            .enable_all()
            .build()
            .map_err(HarnessError::Runtime)?;
        let config = Config::with_bind(([127, 0, 0, 1], 0).into());
        let (capacity, _) =
            crate::capacity::plan(config.max_connections, config.max_handshakes, None)
                .map_err(crate::StartError::from)?;
        let (shared, _) = runtime.block_on(Shared::open(config, capacity))?;
        let shared = Arc::new(shared);
        for stored in games {
            let game: FinishedGame =
                serde_json::from_str(stored.game).map_err(HarnessError::Game)?;
            let (code, id) = (game.room, game.id);
            let storage = &shared.rooms.storage;
            let update = RoomUpdate::finishing(code, vec![game]);
            runtime.block_on(storage.write(RoomWrite::Update(Box::new(update))))?;
            if let Some(analysis) = stored.analysis {
                runtime.block_on(storage.save_analysis(id, ANALYSIS_VERSION, analysis.into()))?;
            }
        }
        let router = crate::http::router(Arc::clone(&shared));
        Ok(Harness {
            runtime,
            shared,
            router,
        })
    }

    /// Sends a request (`method`, `target`: a path and query, `headers`)
    /// through the router. `Ok(None)` when the bytes are not a request
    /// HTTP can carry (the HTTP layer refuses those before any route).
    /// `Err` when the answer breaks the API's promises: a server error,
    /// or an error that is not `{"code","message"}` JSON (but for a page's,
    /// which is a page).
    pub fn request(
        &self,
        method: &[u8],
        target: &[u8],
        headers: &[(&[u8], &[u8])],
    ) -> Result<Option<StatusCode>, String> {
        let Ok(method) = Method::from_bytes(method) else {
            return Ok(None);
        };
        let mut request = Request::builder().method(method.clone()).uri(target);
        for (name, value) in headers {
            let (Ok(name), Ok(value)) =
                (HeaderName::from_bytes(name), HeaderValue::from_bytes(value))
            else {
                return Ok(None);
            };
            request = request.header(name, value);
        }
        let Ok(request) = request.body(Body::empty()) else {
            return Ok(None);
        };
        let shown = format!("{method} {}", String::from_utf8_lossy(target));
        let api = request.uri().path().starts_with("/api");
        let Ok(response) = self.runtime.block_on(self.router.clone().oneshot(request));
        let status = response.status();
        let content_type = response.headers().get(header::CONTENT_TYPE).cloned();
        let is = |kind: &[u8]| {
            content_type
                .as_ref()
                .is_some_and(|value| value.as_bytes().starts_with(kind))
        };
        // The web client's pages (`/r/…`, `/g/…`, `/p/…`) say what went
        // wrong as a page a browser shows; the API, always as JSON.
        let page = !api && is(b"text/html");
        let is_json = is(b"application/json");
        let body = self
            .runtime
            .block_on(axum::body::to_bytes(response.into_body(), MOST_BODY))
            .map_err(|error| format!("{shown}: its body cannot be read: {error}"))?;
        if status.is_server_error() && status != StatusCode::SERVICE_UNAVAILABLE {
            return Err(format!(
                "{shown}: {status} {}",
                String::from_utf8_lossy(&body)
            ));
        }
        if (status.is_client_error() || status.is_server_error()) && method != Method::HEAD && !page
        {
            let error = serde_json::from_slice::<ApiError>(&body);
            if !is_json || error.is_err() {
                return Err(format!(
                    "{shown}: {status} is not an API error: {}",
                    String::from_utf8_lossy(&body)
                ));
            }
        }
        Ok(Some(status))
    }

    /// Reads a live room from its rows (`code`, `snapshot`, its log's
    /// entries and its rounds, as stored) and brings it back as a restart
    /// does. `Ok(false)`: refused, as a restart refuses a damaged room,
    /// with a clear error. `Err` when a room it accepted fails afterwards:
    /// showing itself to a seat or a spectator, or being written again.
    pub fn restore_room(
        &self,
        code: &str,
        snapshot: &str,
        log: &[String],
        rounds: &[String],
    ) -> Result<bool, String> {
        let _runtime = self.runtime.enter();
        let restored = read_room(code, snapshot, log, rounds)
            .and_then(|stored| RestoredRoom::new(stored, Arc::clone(&self.shared.rooms)));
        match restored {
            Ok(room) => room.first_outputs().map(|()| true),
            Err(error) => {
                let message = error.to_string();
                if message.contains(code) {
                    Ok(false)
                } else {
                    Err(format!("a refused room is not named: {message}"))
                }
            }
        }
    }
}

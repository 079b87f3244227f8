//! A real server on port 0 and real WebSocket clients.

use std::net::SocketAddr;
use std::time::Duration;

use futures_util::{SinkExt, StreamExt};
use mice_cake_engine::{
    Assignment, Choices, Commitment, GameView, Nonce, Opening, Policy, Seat, Seated, Seed,
};
use mice_cake_protocol::{
    ClientMessage, ErrorCode, ExchangeState, GameResult, PROTOCOL_VERSION, RoomCode, RoomEvent,
    RoomOptions, RoomState, RoomStatus, SeatToken, ServerMessage,
};
use mice_cake_server::Config;
use rand_core::Rng as _;
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::{TcpListener, TcpStream};
use tokio::sync::oneshot;
use tokio::task::JoinHandle;
use tokio_tungstenite::WebSocketStream;
use tokio_tungstenite::tungstenite::Message;

/// How long a test waits for a message before failing.
pub(crate) const PATIENCE: Duration = Duration::from_secs(10);

pub(crate) struct TestServer {
    pub(crate) addr: SocketAddr,
    stop: Option<oneshot::Sender<()>>,
    task: Option<JoinHandle<Result<(), mice_cake_server::StartError>>>,
}

impl TestServer {
    /// A server with a fixed seed and the defaults, adjusted by `configure`.
    pub(crate) async fn start(configure: impl FnOnce(&mut Config)) -> TestServer {
        let listener = TcpListener::bind("127.0.0.1:0").await.unwrap();
        let addr = listener.local_addr().unwrap();
        let mut config = Config::with_bind(addr);
        config.seed = Some(Seed::from_u64(1));
        // Tests often read one client at a time: a client not reading when
        // a game starts gets its deal nonce from the server soon.
        config.deal_timeout = Duration::from_millis(100);
        // Every test client comes from 127.0.0.1: rated games between them
        // are rated unless a test says otherwise (`ratings.rs` does).
        config.rate_one_address = true;
        configure(&mut config);
        let (stop, stopped) = oneshot::channel::<()>();
        let task = tokio::spawn(mice_cake_server::run(listener, config, async move {
            let _ = stopped.await;
        }));
        let server = TestServer {
            addr,
            stop: Some(stop),
            task: Some(task),
        };
        // Serving means storage is open: another server on the same data
        // directory now finds it taken.
        let (status, body) = server.get("/healthz").await;
        assert_eq!(status, 200, "{body}");
        server
    }

    pub(crate) async fn default() -> TestServer {
        TestServer::start(|_| {}).await
    }

    /// A server keeping its games in `dir`, adjusted by `configure`.
    pub(crate) async fn keeping_games_in(
        dir: &std::path::Path,
        configure: impl FnOnce(&mut Config),
    ) -> TestServer {
        let dir = dir.to_path_buf();
        TestServer::start(move |config| {
            config.ephemeral = false;
            config.data_dir = dir;
            configure(config);
        })
        .await
    }

    /// Asks the server to stop and waits until it has.
    pub(crate) async fn stop(mut self) -> Duration {
        let started = std::time::Instant::now();
        if let Some(stop) = self.stop.take() {
            let _ = stop.send(());
        }
        if let Some(task) = self.task.take() {
            tokio::time::timeout(PATIENCE, task)
                .await
                .expect("the server stops")
                .unwrap()
                .unwrap();
        }
        started.elapsed()
    }

    /// The value of one series of `/metrics` (`name{labels}`), 0 if absent.
    pub(crate) async fn metric(&self, series: &str) -> f64 {
        let (status, text) = self.get("/metrics").await;
        assert_eq!(status, 200);
        text.lines()
            .find_map(|line| line.strip_prefix(series)?.strip_prefix(' '))
            .and_then(|value| value.trim().parse().ok())
            .unwrap_or(0.0)
    }

    /// `GET path`: the status and the body.
    pub(crate) async fn get(&self, path: &str) -> (u16, String) {
        let (status, _, body) = self.request("GET", path, "").await;
        (status, body)
    }

    /// `METHOD path` with these extra header lines (each ending in CRLF):
    /// the status, the header lines and the body.
    pub(crate) async fn request(
        &self,
        method: &str,
        path: &str,
        headers: &str,
    ) -> (u16, String, String) {
        request_at(self.addr, method, path, headers).await
    }

    /// `GET path` as JSON.
    /// `POST path` with a JSON body: the status and the body.
    pub(crate) async fn post_json(&self, path: &str, body: &str) -> (u16, String) {
        let headers = format!(
            "Content-Type: application/json\r\nContent-Length: {}\r\n",
            body.len()
        );
        let (status, _, answer) = request_with_body(self.addr, "POST", path, &headers, body).await;
        (status, answer)
    }

    pub(crate) async fn get_json<T: serde::de::DeserializeOwned>(&self, path: &str) -> T {
        let (status, body) = self.get(path).await;
        assert_eq!(status, 200, "{path}: {body}");
        serde_json::from_str(&body).unwrap_or_else(|e| panic!("{path}: {e}: {body}"))
    }
}

impl Drop for TestServer {
    fn drop(&mut self) {
        if let Some(stop) = self.stop.take() {
            let _ = stop.send(());
        }
    }
}

/// Any byte stream a client can talk over: TCP, or an in-memory pipe.
pub(crate) trait Io: tokio::io::AsyncRead + tokio::io::AsyncWrite + Unpin + Send {}

impl<T: tokio::io::AsyncRead + tokio::io::AsyncWrite + Unpin + Send> Io for T {}

/// A WebSocket client that keeps every text frame it receives.
pub(crate) struct Client {
    ws: WebSocketStream<Box<dyn Io>>,
    /// Every text frame received, in order.
    pub(crate) received: Vec<String>,
    /// Sealed play, as every real client does it by itself.
    pub(crate) sealing: Sealing,
    /// The rest of a frame read: an `events` frame's events, one by one.
    unread: std::collections::VecDeque<ServerMessage>,
}

/// A test client's side of sealed play (`docs/fairness.md`): it seals a
/// nonce for each deal, and opens a move sealed with [`Client::commit`] as
/// soon as both seals are in, by itself, as a real client does.
#[derive(Debug)]
pub(crate) struct Sealing {
    /// This client's seat, once it has one.
    pub(crate) seat: Option<Seat>,
    /// The exchange under way, as seen.
    pub(crate) exchange: Option<ExchangeState>,
    /// The game's commitment to its seed.
    pub(crate) commitment: Option<Commitment>,
    /// The move sealed and not yet opened: its round and opening.
    pub(crate) pending: Option<(u32, Opening)>,
    /// Whether the pending move's opening was sent.
    opened: bool,
    /// Whether it takes part in deals and opens by itself (a test of what
    /// happens when a client does not turns it off).
    pub(crate) automatic: bool,
    rng: mice_cake_engine::GameRng,
    /// The player's key pair, as a real client holds one: made from the
    /// name said in `hello`, so that another connection under the same
    /// name (a reconnection) holds the same key. `None`: a client without
    /// a key, which seals unsigned.
    pub(crate) secret: Option<mice_cake_engine::PlayerSecret>,
    /// Whether the seat's moves are signed with that key: the server shows
    /// the key it holds for the seat (a client that took its seat without
    /// announcing its key seals unsigned).
    signing: bool,
    /// The exchange under way while a game is on (0: the deal), which a
    /// leave is signed for.
    under_way: Option<u32>,
    /// The connection's challenge, from its `welcome`: what a proof of
    /// the key answers.
    pub(crate) challenge: Option<mice_cake_engine::KeyChallenge>,
}

impl Default for Sealing {
    fn default() -> Sealing {
        static CLIENTS: std::sync::atomic::AtomicU64 = std::sync::atomic::AtomicU64::new(1);
        let number = CLIENTS.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
        Sealing {
            seat: None,
            exchange: None,
            commitment: None,
            pending: None,
            opened: false,
            automatic: true,
            rng: Seed::from_u64(number).stream(9),
            secret: None,
            signing: false,
            under_way: None,
            challenge: None,
        }
    }
}

impl Sealing {
    /// Follows a message; returns what to send by itself (the deal's seal,
    /// an opening).
    fn observe(&mut self, message: &ServerMessage) -> Vec<ClientMessage> {
        match message {
            ServerMessage::Joined { seat, state, .. } => {
                self.seat = *seat;
                self.state(state);
            }
            ServerMessage::State { state } => {
                self.seat = state.you;
                self.state(state);
            }
            ServerMessage::Event { event, .. } => match &**event {
                RoomEvent::GameStarted {
                    commitment,
                    players,
                    ..
                } => {
                    if let Some(seat) = self.seat {
                        self.signing =
                            players[seat].key.is_some() && players[seat].key == self.key();
                    }
                    self.commitment = Some(*commitment);
                    self.exchange = Some(exchange(*commitment, 0));
                    self.under_way = Some(0);
                }
                RoomEvent::RoundStarted { round, .. } => {
                    self.exchange = self.commitment.map(|c| exchange(c, *round));
                    self.under_way = Some(*round);
                }
                RoomEvent::Sealed {
                    round,
                    seat,
                    seal,
                    by_server,
                    ..
                } => {
                    if let Some(exchange) = self.exchange.as_mut().filter(|e| e.round == *round) {
                        exchange.seals[*seat] = Some(*seal);
                        exchange.by_server[*seat] = *by_server;
                    }
                }
                RoomEvent::Dealt { .. } | RoomEvent::Revealed { .. } => {
                    self.exchange = None;
                }
                RoomEvent::GameOver { .. } => {
                    self.exchange = None;
                    self.under_way = None;
                }
                _ => {}
            },
            _ => {}
        }
        self.due()
    }

    /// Takes note of this client's own seal as sent, and returns what is due
    /// after it: the server sends a player's `sealed` with what follows it
    /// (protocol 13), so a client that has the other's seal opens at once.
    pub(crate) fn sent(&mut self, message: &ClientMessage) -> Vec<ClientMessage> {
        let ClientMessage::Seal { round, seal, .. } = message else {
            return Vec::new();
        };
        if let Some(seat) = self.seat
            && let Some(exchange) = self.exchange.as_mut().filter(|e| e.round == *round)
        {
            exchange.seals[seat].get_or_insert(*seal);
        }
        self.due()
    }

    /// What to send by itself now: the deal's seal, an opening.
    fn due(&mut self) -> Vec<ClientMessage> {
        if !self.automatic {
            return Vec::new();
        }
        let (Some(seat), Some(exchange)) = (self.seat, self.exchange.clone()) else {
            return Vec::new();
        };
        let mut messages = Vec::new();
        if exchange.round == 0 && exchange.seals[seat].is_none() && !self.holds(0) {
            // Its opening follows once the other's seal is in (`sent`).
            messages.push(self.seal(0, Assignment::EMPTY));
            return messages;
        }
        let both = exchange.seals.yellow.is_some() && exchange.seals.blue.is_some();
        if let Some((round, opening)) = self.pending
            && round == exchange.round
            && both
            && !self.opened
            && !exchange.opened[seat]
            && !exchange.by_server[seat]
        {
            self.opened = true;
            messages.push(ClientMessage::Open {
                round,
                assignment: (round != 0).then_some(opening.assignment),
                nonce: opening.nonce,
            });
        }
        messages
    }

    fn state(&mut self, state: &RoomState) {
        if let Some(seat) = state.you {
            let held = state.players[seat].as_ref().and_then(|player| player.key);
            self.signing = held.is_some() && held == self.key();
        }
        self.exchange = state.exchange.clone();
        if let Some(exchange) = &state.exchange {
            self.commitment = Some(exchange.commitment);
        }
        self.under_way = state.exchange.as_ref().map(|exchange| exchange.round);
        // A resumed client opens again what the server still waits for.
        self.opened = false;
    }

    /// Whether this client sealed a move for `round` of the exchange under way.
    pub(crate) fn holds(&self, round: u32) -> bool {
        self.pending.is_some_and(|(sealed, _)| sealed == round)
    }

    /// Draws this client's nonces from `seed`: with the server's fixed seed,
    /// a test that plays its games one after another deals the same cakes
    /// every run.
    pub(crate) fn seed_nonces(&mut self, seed: u64) {
        self.rng = Seed::from_u64(seed).stream(9);
    }

    /// Seals `assignment` for `round` with a fresh nonce, and keeps its opening.
    pub(crate) fn seal(&mut self, round: u32, assignment: Assignment) -> ClientMessage {
        let mut nonce = [0u8; 32];
        self.rng.fill_bytes(&mut nonce);
        let opening = Opening {
            assignment,
            nonce: Nonce::from_bytes(nonce),
        };
        let commitment = self.commitment.expect("a game's commitment before sealing");
        let seat = self.seat.expect("a seat before sealing");
        let seal =
            mice_cake_engine::fair::seal(commitment, round, seat, &assignment, opening.nonce);
        self.pending = Some((round, opening));
        self.opened = false;
        ClientMessage::Seal {
            round,
            seal,
            signature: self
                .secret
                .as_ref()
                .filter(|_| self.signing)
                .map(|secret| secret.sign(seal)),
        }
    }

    /// A leave, signed as a real client signs it: with the player's key,
    /// for the game and round under way, from its seat.
    pub(crate) fn leave(&self) -> ClientMessage {
        let signature = match (&self.secret, self.seat, self.commitment, self.under_way) {
            (Some(secret), Some(seat), Some(commitment), Some(round)) if self.signing => {
                Some(secret.sign_leave(commitment, round, seat))
            }
            _ => None,
        };
        ClientMessage::Leave { signature }
    }

    /// A proof that this client holds its key, answering its
    /// connection's challenge, as a real client sends with every seat and
    /// seek.
    pub(crate) fn key_proof(&self) -> Option<mice_cake_protocol::KeyProof> {
        let challenge = self.challenge.expect("a proof of a key after the welcome");
        self.secret
            .as_ref()
            .map(|secret| mice_cake_protocol::KeyProof::new(secret, challenge))
    }

    /// The public key this client announces with a seat.
    pub(crate) fn key(&self) -> Option<mice_cake_engine::PlayerKey> {
        self.secret
            .as_ref()
            .map(mice_cake_engine::PlayerSecret::public_key)
    }
}

/// The key pair a test client saying `name` holds.
pub(crate) fn secret_of(name: &str) -> mice_cake_engine::PlayerSecret {
    use sha2::Digest as _;
    mice_cake_engine::PlayerSecret::from_bytes(sha2::Sha256::digest(name.as_bytes()).into())
}

impl Client {
    pub(crate) async fn connect(server: &TestServer) -> Client {
        let stream = TcpStream::connect(server.addr).await.unwrap();
        Client::over(Box::new(stream)).await
    }

    /// A client connecting from `source`, a loopback address of its own
    /// (`127.0.0.2`, …): the server shares its slots out by address.
    pub(crate) async fn connect_from(server: &TestServer, source: &str) -> Client {
        let socket = tokio::net::TcpSocket::new_v4().unwrap();
        socket
            .bind(SocketAddr::new(source.parse().unwrap(), 0))
            .unwrap();
        let stream = socket.connect(server.addr).await.unwrap();
        Client::over(Box::new(stream)).await
    }

    /// A client reaching the server through a proxy at `proxy` (a
    /// loopback address of its own): the connection opens with `prefix`
    /// (a PROXY protocol header, or nothing), and the upgrade request
    /// carries `headers` (`X-Forwarded-For`, …).
    pub(crate) async fn proxied(
        server: &TestServer,
        proxy: &str,
        prefix: &[u8],
        headers: &[(&'static str, &str)],
    ) -> Client {
        use tokio_tungstenite::tungstenite::client::IntoClientRequest as _;
        let socket = tokio::net::TcpSocket::new_v4().unwrap();
        socket
            .bind(SocketAddr::new(proxy.parse().unwrap(), 0))
            .unwrap();
        let mut stream = socket.connect(server.addr).await.unwrap();
        stream.write_all(prefix).await.unwrap();
        let mut request = "ws://mice-cake/ws".into_client_request().unwrap();
        for (name, value) in headers {
            request.headers_mut().append(*name, value.parse().unwrap());
        }
        Client::upgraded(Box::new(stream), request).await
    }

    /// [`Client::proxied`], then `hello` as `name`.
    pub(crate) async fn greeted_proxied(
        server: &TestServer,
        proxy: &str,
        prefix: &[u8],
        headers: &[(&'static str, &str)],
        name: &str,
    ) -> Client {
        Client::proxied(server, proxy, prefix, headers)
            .await
            .hello(name)
            .await
    }

    /// [`Client::connect_from`], then `hello`.
    pub(crate) async fn greeted_from(server: &TestServer, source: &str, name: &str) -> Client {
        Client::connect_from(server, source).await.hello(name).await
    }

    /// Says `hello` as `name` and expects the welcome.
    async fn hello(mut self, name: &str) -> Client {
        self.sealing.secret = Some(secret_of(name));
        self.send(&ClientMessage::Hello {
            version: PROTOCOL_VERSION,
            name: name.into(),
        })
        .await;
        match self.recv().await {
            ServerMessage::Welcome {
                version, challenge, ..
            } => {
                assert_eq!(version, PROTOCOL_VERSION);
                self.sealing.challenge = Some(challenge);
            }
            other => panic!("expected welcome, got {other:?}"),
        }
        self
    }

    /// A client over any stream (the URL's host is not used).
    pub(crate) async fn over(stream: Box<dyn Io>) -> Client {
        use tokio_tungstenite::tungstenite::client::IntoClientRequest as _;
        Client::upgraded(stream, "ws://mice-cake/ws".into_client_request().unwrap()).await
    }

    /// A client whose upgrade `request` went over `stream`.
    async fn upgraded(
        stream: Box<dyn Io>,
        request: tokio_tungstenite::tungstenite::handshake::client::Request,
    ) -> Client {
        let (ws, _) = tokio_tungstenite::client_async(request, stream)
            .await
            .unwrap();
        Client {
            ws,
            received: Vec::new(),
            unread: Default::default(),
            sealing: Sealing::default(),
        }
    }

    /// Goes on with what another connection of the same player sealed
    /// and saw: as a client that reconnected. Proofs of its key on this
    /// connection answer this connection's challenge.
    pub(crate) fn carry_on(&mut self, sealing: Sealing) {
        let challenge = self.sealing.challenge;
        self.sealing = sealing;
        self.sealing.challenge = challenge;
    }

    /// Connects and says hello.
    pub(crate) async fn greeted(server: &TestServer, name: &str) -> Client {
        Client::connect(server).await.hello(name).await
    }

    pub(crate) async fn send(&mut self, message: &ClientMessage) {
        self.send_raw(&serde_json::to_string(message).unwrap())
            .await;
    }

    /// Reads until `round` opens (the deal first: the client takes part by
    /// itself); returns the cake the round is played on.
    pub(crate) async fn until_round(&mut self, round: u32) -> GameView {
        self.until_round_after(round, None).await
    }

    /// As [`Client::until_round`], `view` being the last cake this client
    /// already read (a reveal read before), if any.
    pub(crate) async fn until_round_after(
        &mut self,
        round: u32,
        mut view: Option<GameView>,
    ) -> GameView {
        loop {
            match self.recv().await {
                ServerMessage::Joined { state, .. } | ServerMessage::State { state } => {
                    view = state.view;
                    if state.exchange.as_ref().is_some_and(|e| e.round == round) && round > 0 {
                        return view.expect("a view in a round");
                    }
                }
                ServerMessage::Event { event, .. } => match *event {
                    RoomEvent::Dealt { view: v, .. } | RoomEvent::Revealed { view: v, .. } => {
                        view = Some(v);
                    }
                    RoomEvent::RoundStarted { round: started, .. } if started == round => {
                        return view.expect("a view before the round");
                    }
                    _ => {}
                },
                _ => {}
            }
        }
    }

    /// Seals `assignment` for `round`; the client opens it by itself once
    /// both seals are in.
    pub(crate) async fn commit(&mut self, round: u32, assignment: Assignment) {
        let seal = self.sealing.seal(round, assignment);
        self.send_sealing(&seal).await;
    }

    /// Sends a message of sealed play, and what is due after it: an opening
    /// once this client's seal is sent and the other's is in.
    async fn send_sealing(&mut self, message: &ClientMessage) {
        self.send(message).await;
        for automatic in self.sealing.sent(message) {
            self.send(&automatic).await;
        }
    }

    /// Asks for a seat back with its token.
    pub(crate) async fn resume(&mut self, token: SeatToken, last_seq: Option<u64>) {
        let key = self.sealing.key();
        self.send(&ClientMessage::Resume {
            token,
            last_seq,
            key,
            bot_declaration: None,
            key_proof: self.sealing.key_proof(),
        })
        .await;
    }

    /// Leaves the room, the leave signed as a real client signs it.
    pub(crate) async fn leave(&mut self) {
        let leave = self.sealing.leave();
        self.send(&leave).await;
    }

    pub(crate) async fn send_raw(&mut self, text: &str) {
        self.ws.send(Message::text(text)).await.unwrap();
    }

    /// Sends `messages` in one write: the server reads them together.
    pub(crate) async fn send_together(&mut self, messages: &[ClientMessage]) {
        for message in messages {
            let text = serde_json::to_string(message).unwrap();
            self.ws.feed(Message::text(text)).await.unwrap();
        }
        self.ws.flush().await.unwrap();
    }

    pub(crate) async fn send_frame(&mut self, message: Message) {
        self.ws.send(message).await.unwrap();
    }

    /// The next message (or panics after [`PATIENCE`]).
    pub(crate) async fn recv(&mut self) -> ServerMessage {
        self.try_recv(PATIENCE)
            .await
            .unwrap_or_else(|| panic!("no message within {PATIENCE:?}"))
    }

    /// The next message within `wait`; `None` on timeout or close.
    /// An `events` frame comes out as one `event` after the other, as
    /// every client reads it.
    pub(crate) async fn try_recv(&mut self, wait: Duration) -> Option<ServerMessage> {
        if let Some(message) = self.unread.pop_front() {
            return Some(message);
        }
        let deadline = tokio::time::Instant::now() + wait;
        loop {
            let frame = tokio::time::timeout_at(deadline, self.ws.next())
                .await
                .ok()??;
            match frame {
                Ok(Message::Text(text)) => {
                    let message: ServerMessage = serde_json::from_str(text.as_str())
                        .unwrap_or_else(|e| panic!("unreadable message {text}: {e}"));
                    self.received.push(text.as_str().to_owned());
                    self.unread.extend(message.one_by_one());
                    for index in 0..self.unread.len() {
                        for automatic in self.sealing.observe(&self.unread[index]) {
                            self.send_sealing(&automatic).await;
                        }
                    }
                    return self.unread.pop_front();
                }
                Ok(Message::Close(_)) | Err(_) => return None,
                Ok(_) => {}
            }
        }
    }

    /// Messages until one satisfies `wanted`, which is returned.
    pub(crate) async fn recv_until(
        &mut self,
        mut wanted: impl FnMut(&ServerMessage) -> bool,
    ) -> ServerMessage {
        loop {
            let message = self.recv().await;
            if wanted(&message) {
                return message;
            }
        }
    }

    /// Waits for an error and returns its message; fails on another code.
    /// The next refusal, which must have `code`: its message and the
    /// arguments a client's words need.
    pub(crate) async fn expect_refusal(
        &mut self,
        code: ErrorCode,
    ) -> (String, mice_cake_protocol::RefusalArgs) {
        match self
            .recv_until(|m| matches!(m, ServerMessage::Error { .. }))
            .await
        {
            ServerMessage::Error {
                code: got,
                message,
                args,
            } => {
                assert_eq!(got, code, "{message}");
                (message, args)
            }
            _ => unreachable!(),
        }
    }

    pub(crate) async fn expect_error(&mut self, code: ErrorCode) -> String {
        match self
            .recv_until(|m| matches!(m, ServerMessage::Error { .. }))
            .await
        {
            ServerMessage::Error {
                code: got, message, ..
            } => {
                assert_eq!(got, code, "{message}");
                message
            }
            _ => unreachable!(),
        }
    }

    /// Whether the server closed the connection within `wait`.
    pub(crate) async fn closed_within(&mut self, wait: Duration) -> bool {
        let deadline = tokio::time::Instant::now() + wait;
        loop {
            match tokio::time::timeout_at(deadline, self.ws.next()).await {
                Err(_) => return false,
                Ok(None | Some(Err(_)) | Some(Ok(Message::Close(_)))) => return true,
                Ok(Some(Ok(Message::Text(text)))) => self.received.push(text.as_str().to_owned()),
                Ok(Some(Ok(_))) => {}
            }
        }
    }

    /// The pings the server sends within `wait` (each answered, as any
    /// client's WebSocket library does while it reads); `None` if the
    /// connection closes first.
    pub(crate) async fn pings_within(&mut self, wait: Duration) -> Option<usize> {
        let deadline = tokio::time::Instant::now() + wait;
        let mut pings = 0;
        loop {
            match tokio::time::timeout_at(deadline, self.ws.next()).await {
                Err(_) => return Some(pings),
                Ok(None | Some(Err(_)) | Some(Ok(Message::Close(_)))) => return None,
                Ok(Some(Ok(Message::Ping(_)))) => pings += 1,
                Ok(Some(Ok(Message::Text(text)))) => self.received.push(text.as_str().to_owned()),
                Ok(Some(Ok(_))) => {}
            }
        }
    }

    /// The code of the close frame the server sends within `wait`; `None`
    /// if it sends none (the connection just drops, or stays open).
    pub(crate) async fn close_code_within(&mut self, wait: Duration) -> Option<u16> {
        let deadline = tokio::time::Instant::now() + wait;
        loop {
            match tokio::time::timeout_at(deadline, self.ws.next()).await {
                Ok(Some(Ok(Message::Close(frame)))) => return frame.map(|frame| frame.code.into()),
                Err(_) | Ok(None | Some(Err(_))) => return None,
                Ok(Some(Ok(Message::Text(text)))) => self.received.push(text.as_str().to_owned()),
                Ok(Some(Ok(_))) => {}
            }
        }
    }

    /// Creates a room; returns its code, this client's seat and token.
    pub(crate) async fn create(&mut self, options: RoomOptions) -> (RoomCode, Seat, SeatToken) {
        let key = self.sealing.key();
        self.send(&ClientMessage::CreateRoom {
            options,
            key,
            bot_declaration: None,
            key_proof: self.sealing.key_proof(),
        })
        .await;
        self.joined().await
    }

    /// Joins a room; returns its seat and token.
    pub(crate) async fn join(&mut self, code: RoomCode) -> (Seat, SeatToken) {
        let key = self.sealing.key();
        self.send(&ClientMessage::JoinRoom {
            code,
            key,
            bot_declaration: None,
            key_proof: self.sealing.key_proof(),
        })
        .await;
        let (_, seat, token) = self.joined().await;
        (seat, token)
    }

    pub(crate) async fn joined(&mut self) -> (RoomCode, Seat, SeatToken) {
        match self
            .recv_until(|m| {
                matches!(
                    m,
                    ServerMessage::Joined { .. } | ServerMessage::Error { .. }
                )
            })
            .await
        {
            ServerMessage::Joined {
                seat: Some(seat),
                token: Some(token),
                state,
            } => (state.code, seat, token),
            other => panic!("expected to join, got {other:?}"),
        }
    }

    /// Watches a room; returns the state received.
    pub(crate) async fn watch(&mut self, code: RoomCode) -> RoomState {
        self.send(&ClientMessage::WatchRoom { code }).await;
        match self
            .recv_until(|m| {
                matches!(
                    m,
                    ServerMessage::Joined { .. } | ServerMessage::Error { .. }
                )
            })
            .await
        {
            ServerMessage::Joined {
                seat: None,
                token: None,
                state,
            } => *state,
            other => panic!("expected to watch, got {other:?}"),
        }
    }
}

/// What an agent saw of a whole game.
pub(crate) struct Played {
    pub(crate) result: GameResult,
    pub(crate) game_id: mice_cake_protocol::GameId,
    pub(crate) client: Client,
    /// Every frame received, over every connection the player used.
    pub(crate) frames: Vec<String>,
}

/// A player driven by a policy, written from `docs/protocol.md` and
/// `docs/fairness.md`: it keeps the latest view from what the server sends,
/// seals a move when a round opens (a forced one too), a nonce when a game
/// is dealt, and opens its move once both seals are in.
pub(crate) struct Agent {
    pub(crate) client: Client,
    pub(crate) seat: Seat,
    policy: Policy,
    rng: mice_cake_engine::GameRng,
    view: Option<GameView>,
    /// The game's end, once seen.
    pub(crate) over: Option<(GameResult, mice_cake_protocol::GameId)>,
    /// The last event number seen.
    last_seq: u64,
    /// Every move this player sealed, by round (0: the deal).
    commits: Vec<(u32, Assignment)>,
    /// Rounds (of any game) in which it lets the deadline move for it.
    skipping: Vec<u32>,
    /// Time it takes to think before each move.
    pace: Duration,
    /// The current round's choices.
    choices: Option<Seated<Choices>>,
    /// Frames received on earlier connections.
    earlier: Vec<String>,
}

impl Agent {
    pub(crate) fn new(client: Client, seat: Seat, policy: Policy, seed: u64) -> Agent {
        Agent {
            client,
            seat,
            policy,
            rng: Seed::from_u64(seed).stream(u64::from(seat == Seat::Blue)),
            view: None,
            over: None,
            last_seq: 0,
            commits: Vec::new(),
            skipping: Vec::new(),
            pace: Duration::ZERO,
            choices: None,
            earlier: Vec::new(),
        }
    }

    /// Thinks `pace` before each move (a server with a low message rate).
    pub(crate) fn pacing(mut self, pace: Duration) -> Agent {
        self.pace = pace;
        self
    }

    /// Lets the deadline move for it in these rounds.
    pub(crate) fn skipping(mut self, rounds: &[u32]) -> Agent {
        self.skipping = rounds.to_vec();
        self
    }

    /// Handles one message from the server, and returns it.
    pub(crate) async fn step(&mut self) -> ServerMessage {
        let message = self.client.recv().await;
        match &message {
            ServerMessage::Joined { state, .. } | ServerMessage::State { state } => {
                self.view = state.view;
                // After a rematch the seats swap.
                if let Some(seat) = state.you {
                    self.seat = seat;
                }
                // A state can be all a resuming player is sent (after a
                // restart, say): act from it, as a client would.
                self.choices = state.choices;
                if state.status == RoomStatus::Playing {
                    self.act().await;
                }
            }
            ServerMessage::Event { seq, event } => {
                self.last_seq = self.last_seq.max(*seq);
                match &**event {
                    RoomEvent::GameStarted { commitment, .. } => {
                        self.view = None;
                        self.over = None;
                        let _ = commitment;
                    }
                    RoomEvent::Dealt { view, .. } => self.view = Some(*view),
                    RoomEvent::Revealed { view, .. } => self.view = Some(*view),
                    RoomEvent::RoundStarted { round, choices, .. } => {
                        // The round's choices are the engine's, from the
                        // public view: a client needs nothing else.
                        let view = self.view.expect("a view before the first round");
                        assert_eq!(
                            *choices,
                            Seated::from_fn(|seat| view.choices(seat)),
                            "round {round}"
                        );
                        self.choices = Some(*choices);
                        self.act().await;
                    }
                    RoomEvent::GameOver {
                        result,
                        game_id,
                        seed,
                        ..
                    } => {
                        let commitment = self
                            .client
                            .sealing
                            .commitment
                            .expect("the game's commitment");
                        assert_eq!(
                            mice_cake_engine::fair::commitment(*seed),
                            commitment,
                            "the seed revealed is the one committed to"
                        );
                        self.over = Some((*result, game_id.expect("a game that was dealt")));
                    }
                    _ => {}
                }
            }
            ServerMessage::Error { code, message, .. } => {
                panic!("{}: {code:?}: {message}", self.seat)
            }
            _ => {}
        }
        message
    }

    /// Seals the round's move, if due (the client takes part in the deal
    /// and opens by itself).
    async fn act(&mut self) {
        let Some(exchange) = self.client.sealing.exchange.clone() else {
            return;
        };
        let round = exchange.round;
        if round == 0 || exchange.seals[self.seat].is_some() || self.client.sealing.holds(round) {
            return;
        }
        if let Some(assignment) = self.decide(round) {
            tokio::time::sleep(self.pace).await;
            self.client.commit(round, assignment).await;
            self.commits.push((round, assignment));
        }
    }

    /// The move for `round`, unless this player lets the deadline make it.
    fn decide(&mut self, round: u32) -> Option<Assignment> {
        let view = self.view.expect("a view before the first round");
        if view.round != round || self.skipping.contains(&round) {
            return None;
        }
        let choices = self.choices.expect("the round's choices")[self.seat];
        assert_eq!(
            choices.forced.is_some(),
            view.legal_assignments(self.seat).len() == 1
        );
        // A forced move is sealed too: it carries this player's nonce.
        Some(match choices.forced {
            Some(forced) => forced,
            None => self.policy.choose(&view, self.seat, &mut self.rng),
        })
    }

    /// Steps until the server has taken this player's seal of a round.
    /// Its own `sealed` comes with what it is sent next (protocol 13): once
    /// it has sealed, a `sync` brings it, just before the state.
    pub(crate) async fn until_committed(&mut self) {
        let commits = self.commits.len();
        let mut asked = false;
        loop {
            if !asked && self.commits.len() > commits {
                self.client.send(&ClientMessage::Sync).await;
                asked = true;
            }
            if let ServerMessage::Event { event, .. } = self.step().await
                && let RoomEvent::Sealed { seat, round, .. } = *event
                && seat == self.seat
                && round > 0
            {
                return;
            }
        }
    }

    /// Drops the connection and takes the seat back on a new one.
    pub(crate) async fn reconnect(&mut self, server: &TestServer, token: SeatToken) {
        let fresh = Client::greeted(server, "again").await;
        let mut old = std::mem::replace(&mut self.client, fresh);
        // Keep what the server had already sent to the old connection.
        while old.try_recv(Duration::from_millis(100)).await.is_some() {}
        self.earlier.append(&mut old.received);
        // The moves it sealed are the client's: they go with it.
        self.client.carry_on(std::mem::take(&mut old.sealing));
        let last_seq = Some(self.last_seq);
        self.client.resume(token, last_seq).await;
    }

    /// Steps until a round is revealed (or the game ends).
    pub(crate) async fn until_revealed(&mut self) {
        loop {
            if let ServerMessage::Event { event, .. } = self.step().await
                && matches!(
                    *event,
                    RoomEvent::Revealed { .. } | RoomEvent::GameOver { .. }
                )
            {
                return;
            }
        }
    }

    /// Steps until the game is over.
    pub(crate) async fn play_out(mut self) -> Played {
        while self.over.is_none() {
            self.step().await;
        }
        let (result, game_id) = self.over.expect("just seen");
        let mut frames = self.earlier;
        frames.extend(self.client.received.iter().cloned());
        Played {
            result,
            game_id,
            client: self.client,
            frames,
        }
    }
}

/// Plays a seat with `policy` until the game is over.
pub(crate) async fn play(client: Client, seat: Seat, policy: Policy, seed: u64) -> Played {
    Agent::new(client, seat, policy, seed).play_out().await
}

/// "Solo" plays a whole game with `policy` against the server's greedy bot.
pub(crate) async fn play_against_the_bot(server: &TestServer, policy: Policy, seed: u64) -> Played {
    let mut human = Client::greeted(server, "Solo").await;
    let options = RoomOptions {
        bot: Some(Policy::Greedy),
        ..RoomOptions::default()
    };
    let (_, seat, _) = human.create(options).await;
    play(human, seat, policy, seed).await
}

/// Watches until the game is over.
pub(crate) async fn watch_to_the_end(mut client: Client) -> Played {
    loop {
        if let ServerMessage::Event { event, .. } = client.recv().await
            && let RoomEvent::GameOver {
                result, game_id, ..
            } = *event
        {
            let game_id = game_id.expect("a game that was dealt");
            let frames = client.received.clone();
            return Played {
                result,
                game_id,
                client,
                frames,
            };
        }
    }
}

/// Room options for short games: the game ends at the first round in
/// which no piece moves.
pub(crate) fn quick_games() -> RoomOptions {
    RoomOptions {
        game: mice_cake_engine::Options {
            stall_limit: 1,
            ..mice_cake_engine::Options::default()
        },
        ..RoomOptions::default()
    }
}

/// A room with two greeted players seated; returns them by seat.
pub(crate) async fn two_players(
    server: &TestServer,
    options: RoomOptions,
) -> (RoomCode, Client, Client, SeatToken, SeatToken) {
    let mut creator = Client::greeted(server, "Ada").await;
    let (code, seat, creator_token) = creator.create(options).await;
    assert_eq!(seat, Seat::Yellow);
    let mut joiner = Client::greeted(server, "Bea").await;
    let (seat, joiner_token) = joiner.join(code).await;
    assert_eq!(seat, Seat::Blue);
    (code, creator, joiner, creator_token, joiner_token)
}

/// Log lines written by every server of this test binary.
#[derive(Clone, Default)]
pub(crate) struct Lines(std::sync::Arc<std::sync::Mutex<Vec<u8>>>);

impl Lines {
    pub(crate) fn text(&self) -> String {
        String::from_utf8_lossy(&self.0.lock().unwrap()).into_owned()
    }
}

impl std::io::Write for Lines {
    fn write(&mut self, bytes: &[u8]) -> std::io::Result<usize> {
        self.0.lock().unwrap().extend_from_slice(bytes);
        Ok(bytes.len())
    }

    fn flush(&mut self) -> std::io::Result<()> {
        Ok(())
    }
}

/// Captures every log line of every test in this binary, at every level
/// (installed once, as the global subscriber).
pub(crate) fn captured_logs() -> Lines {
    static LINES: std::sync::OnceLock<Lines> = std::sync::OnceLock::new();
    LINES
        .get_or_init(|| {
            let lines = Lines::default();
            let writer = lines.clone();
            // The server's own filter, at the most verbose level it allows;
            // `try_init` also routes the `log` crate (the WebSocket library's
            // logs) here.
            use tracing_subscriber::Layer as _;
            use tracing_subscriber::layer::SubscriberExt as _;
            use tracing_subscriber::util::SubscriberInitExt as _;
            let logs = tracing_subscriber::fmt::layer()
                .with_writer(move || writer.clone())
                .with_ansi(false)
                .with_filter(mice_cake_server::log_filter("trace"));
            tracing_subscriber::registry()
                .with(logs)
                .try_init()
                .unwrap();
            lines
        })
        .clone()
}

/// A server reached through in-memory pipes instead of TCP: a pipe's buffer
/// is exactly as large as asked, so a client that stops reading stops the
/// server's writes to it at once (TCP would first absorb an unknown amount).
pub(crate) struct PipedServer {
    pipes: tokio::sync::mpsc::Sender<tokio::io::DuplexStream>,
    _stop: oneshot::Sender<()>,
}

struct Pipes(tokio::sync::mpsc::Receiver<tokio::io::DuplexStream>);

/// Where pipes say they come from: loopback, port 0.
const PIPE_ADDR: SocketAddr =
    SocketAddr::new(std::net::IpAddr::V4(std::net::Ipv4Addr::LOCALHOST), 0);

impl axum::serve::Listener for Pipes {
    type Io = tokio::io::DuplexStream;
    type Addr = SocketAddr;

    async fn accept(&mut self) -> (Self::Io, Self::Addr) {
        match self.0.recv().await {
            Some(pipe) => (pipe, PIPE_ADDR),
            None => std::future::pending().await,
        }
    }

    fn local_addr(&self) -> std::io::Result<Self::Addr> {
        Ok(PIPE_ADDR)
    }
}

impl PipedServer {
    pub(crate) async fn start(configure: impl FnOnce(&mut Config)) -> PipedServer {
        let mut config = Config::with_bind("127.0.0.1:0".parse().unwrap());
        config.seed = Some(Seed::from_u64(1));
        config.deal_timeout = Duration::from_millis(100);
        // Every test client comes from 127.0.0.1: rated games between them
        // are rated unless a test says otherwise (`ratings.rs` does).
        config.rate_one_address = true;
        configure(&mut config);
        let (pipes, accepted) = tokio::sync::mpsc::channel(16);
        let (stop, stopped) = oneshot::channel::<()>();
        tokio::spawn(mice_cake_server::run(Pipes(accepted), config, async move {
            let _ = stopped.await;
        }));
        PipedServer { pipes, _stop: stop }
    }

    /// A client whose pipe holds `buffer` bytes each way.
    pub(crate) async fn connect(&self, buffer: usize) -> Client {
        let (ours, theirs) = tokio::io::duplex(buffer);
        self.pipes.send(theirs).await.unwrap();
        Client::over(Box::new(ours)).await
    }

    pub(crate) async fn greeted(&self, name: &str, buffer: usize) -> Client {
        let mut client = self.connect(buffer).await;
        client
            .send(&ClientMessage::Hello {
                version: PROTOCOL_VERSION,
                name: name.into(),
            })
            .await;
        match client.recv().await {
            ServerMessage::Welcome { challenge, .. } => client.sealing.challenge = Some(challenge),
            other => panic!("expected welcome, got {other:?}"),
        }
        client
    }
}

/// Checks `text` against the protocol's JSON Schema definition `name`
/// (`ServerMessage`, `FinishedGame`, …): what the server really sends is
/// what the schema says.
pub(crate) fn assert_schema_valid(name: &str, text: &str) {
    use std::collections::HashMap;
    use std::sync::{Mutex, OnceLock};
    static VALIDATORS: OnceLock<Mutex<HashMap<String, std::sync::Arc<jsonschema::Validator>>>> =
        OnceLock::new();
    let validator = VALIDATORS
        .get_or_init(Default::default)
        .lock()
        .unwrap()
        .entry(name.to_owned())
        .or_insert_with(|| {
            let schema = mice_cake_protocol::schema::for_definition(name);
            std::sync::Arc::new(jsonschema::validator_for(&schema).unwrap())
        })
        .clone();
    let value: serde_json::Value = serde_json::from_str(text).unwrap();
    let errors: Vec<String> = validator
        .iter_errors(&value)
        .map(|error| format!("{error} at {}", error.instance_path()))
        .collect();
    assert!(errors.is_empty(), "not a valid {name}: {errors:#?}\n{text}");
}

/// The messages of `frames` (text frames as received) as a client handles
/// them, one event at a time: an `events` frame as an `event` each, with
/// the text each would have been sent alone. An `events` frame must hold
/// nothing but what serde writes of its events.
pub(crate) fn one_by_one(frames: &[String]) -> Vec<(ServerMessage, String)> {
    let mut messages = Vec::new();
    for frame in frames {
        let sent: ServerMessage = serde_json::from_str(frame)
            .unwrap_or_else(|error| panic!("unreadable message {frame}: {error}"));
        if matches!(sent, ServerMessage::Events { .. }) {
            assert_eq!(&serde_json::to_string(&sent).unwrap(), frame);
        }
        for message in sent.one_by_one() {
            let text = serde_json::to_string(&message).unwrap();
            messages.push((message, text));
        }
    }
    messages
}

/// An exchange just opened: nothing sealed yet.
pub(crate) fn exchange(commitment: Commitment, round: u32) -> ExchangeState {
    ExchangeState {
        commitment,
        round,
        seals: Seated::default(),
        opened: Seated::default(),
        by_server: Seated::default(),
    }
}

/// A header's value in a response head.
pub(crate) fn header<'a>(head: &'a str, name: &str) -> Option<&'a str> {
    head.lines().find_map(|line| {
        let (key, value) = line.split_once(':')?;
        key.eq_ignore_ascii_case(name).then(|| value.trim())
    })
}

/// `METHOD path` to the server at `addr` (for a request of its own task):
/// the status, the header lines and the body.
pub(crate) async fn request_at(
    addr: SocketAddr,
    method: &str,
    path: &str,
    headers: &str,
) -> (u16, String, String) {
    request_with_body(addr, method, path, headers, "").await
}

/// `METHOD path` with these header lines and `body`.
pub(crate) async fn request_with_body(
    addr: SocketAddr,
    method: &str,
    path: &str,
    headers: &str,
    body: &str,
) -> (u16, String, String) {
    let mut stream = TcpStream::connect(addr).await.unwrap();

    let request = format!(
        "{method} {path} HTTP/1.1\r\nHost: test\r\n{headers}Connection: close\r\n\r\n{body}"
    );
    stream.write_all(request.as_bytes()).await.unwrap();
    let mut response = String::new();
    tokio::time::timeout(PATIENCE, stream.read_to_string(&mut response))
        .await
        .unwrap()
        .unwrap();
    let status = response[9..12].parse().unwrap();
    let (head, body) = response.split_once("\r\n\r\n").unwrap_or((&response, ""));
    (status, head.to_owned(), body.to_owned())
}

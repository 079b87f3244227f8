//! Processes under test: building and starting the binaries, reading their
//! output line by line with timeouts, and a TCP proxy that can cut
//! connections.

use std::io::{BufRead, BufReader, Read, Write};
use std::net::{Shutdown, SocketAddr, TcpListener, TcpStream};
use std::path::{Path, PathBuf};
use std::process::{Child, ChildStdin, Command, ExitStatus, Stdio};
use std::sync::mpsc::{self, Receiver, RecvTimeoutError};
use std::sync::{Arc, Mutex, OnceLock};
use std::thread;
use std::time::{Duration, Instant};

/// How long any one expected line may take.
pub(crate) const PATIENCE: Duration = Duration::from_secs(60);

/// The directory holding the binaries, built once per test run.
fn binaries() -> &'static Path {
    static BUILT: OnceLock<PathBuf> = OnceLock::new();
    BUILT.get_or_init(|| {
        // This test runs from target/<profile>/deps/; the binaries land in
        // target/<profile>/.
        let exe = std::env::current_exe().unwrap();
        let dir = exe.parent().and_then(Path::parent).unwrap().to_path_buf();
        let release = dir.file_name().is_some_and(|name| name == "release");
        // The same command as web/check.sh's and docker/smoke-test.sh's,
        // so that none of them builds again what another built. With the
        // tests (`--tests`), the features are those `cargo test --workspace`
        // builds with (the dev-dependencies'), so that in CI the binaries
        // are the ones it built, and only the client's and the load
        // generator's (no test of their own builds them) are linked anew.
        let mut build = Command::new(env!("CARGO"));
        build.args(["build", "--workspace", "--bins", "--tests"]);
        if release {
            build.arg("--release");
        }
        // What cargo set for this test about its own package is not for
        // the cargo it starts: a build script that reads one (ring reads
        // CARGO_MANIFEST_DIR) would build again, with all that depends on it.
        for (name, _) in std::env::vars_os() {
            if name.to_str().is_some_and(set_for_this_test) {
                build.env_remove(name);
            }
        }
        let status = build
            .current_dir(env!("CARGO_MANIFEST_DIR"))
            .status()
            .expect("cargo runs");
        assert!(status.success(), "the binaries build");
        dir
    })
}

/// A variable cargo sets for a test it runs, about the test's package.
fn set_for_this_test(name: &str) -> bool {
    const NAMED: [&str; 7] = [
        "CARGO_MANIFEST_DIR",
        "CARGO_MANIFEST_PATH",
        "CARGO_CRATE_NAME",
        "CARGO_BIN_NAME",
        "CARGO_PRIMARY_PACKAGE",
        "CARGO_TARGET_TMPDIR",
        "CARGO_RUSTC_CURRENT_DIR",
    ];
    NAMED.contains(&name) || name.starts_with("CARGO_PKG_") || name.starts_with("CARGO_BIN_EXE_")
}

pub(crate) fn binary(name: &str) -> PathBuf {
    binaries().join(format!("{name}{}", std::env::consts::EXE_SUFFIX))
}

/// Runs `mice-cake ARGS` to its end, keeping its state in `state`.
pub(crate) fn mice_cake(state: &Path, args: &[&str]) -> std::process::Output {
    Command::new(binary("mice-cake"))
        .args(args)
        .env("MICE_CAKE_STATE_DIR", state)
        // In English whatever the machine's locale: the tests read its words.
        .env("LC_ALL", "C.UTF-8")
        .output()
        .expect("mice-cake runs")
}

/// One game of `policies` (`mice-cake sim`'s default when none) dealt from
/// `seed`, recorded under `state`: the record file's path.
pub(crate) fn simulated_record(state: &Path, seed: u64, policies: Option<&str>) -> PathBuf {
    let records = state.join("records");
    let seed_arg = seed.to_string();
    let records_arg = records.display().to_string();
    let mut args = vec!["--plain", "sim", "--games", "1", "--seed", &seed_arg];
    if let Some(policies) = policies {
        args.extend(["--policies", policies]);
    }
    args.extend(["--record", &records_arg]);
    let sim = mice_cake(state, &args);
    assert!(sim.status.success(), "{}", text(&sim.stderr));
    records.join(format!("game-{seed:06}.json"))
}

/// A process's output as text.
pub(crate) fn text(bytes: &[u8]) -> String {
    String::from_utf8_lossy(bytes).into_owned()
}

/// Reads a child's output lines on a thread; keeps every line seen.
struct Lines {
    incoming: Receiver<String>,
    seen: Vec<String>,
}

impl Lines {
    /// Lines of all these outputs, as they come; the end is when all ended.
    fn new(outputs: Vec<Box<dyn Read + Send>>) -> Lines {
        let (sender, incoming) = mpsc::channel();
        for output in outputs {
            let sender = sender.clone();
            thread::spawn(move || {
                for line in BufReader::new(output).lines() {
                    let Ok(line) = line else { break };
                    if sender.send(line).is_err() {
                        break;
                    }
                }
            });
        }
        Lines {
            incoming,
            seen: Vec::new(),
        }
    }

    /// The next line that satisfies `wanted`, or `None` at the end of the
    /// output. Panics after [`PATIENCE`].
    fn until(&mut self, who: &str, wanted: impl Fn(&str) -> bool) -> Option<String> {
        match self.within(PATIENCE, wanted) {
            Ok(line) => line,
            Err(()) => panic!(
                "{who}: no such line within {PATIENCE:?}; output so far:\n{}",
                self.seen.join("\n")
            ),
        }
    }

    /// The next line within `wait` that satisfies `wanted` (`None` at the
    /// end of the output); `Err` if none came in time.
    fn within(
        &mut self,
        wait: Duration,
        wanted: impl Fn(&str) -> bool,
    ) -> Result<Option<String>, ()> {
        let give_up = Instant::now() + wait;
        loop {
            let left = give_up.saturating_duration_since(Instant::now());
            match self.incoming.recv_timeout(left) {
                Ok(line) => {
                    self.seen.push(line.clone());
                    if wanted(&line) {
                        return Ok(Some(line));
                    }
                }
                Err(RecvTimeoutError::Disconnected) => return Ok(None),
                Err(RecvTimeoutError::Timeout) => return Err(()),
            }
        }
    }
}

/// A running `mice-cake-server`, killed when dropped.
pub(crate) struct Server {
    child: Child,
    pub(crate) addr: SocketAddr,
    /// Every line the server logged (at `info` and above).
    log: Arc<Mutex<Vec<String>>>,
    /// The data directory, if the server made its own.
    _data: Option<tempfile::TempDir>,
}

impl Server {
    /// Starts the server on a free loopback port, with a data directory of
    /// its own, and these extra flags.
    pub(crate) fn start(flags: &[&str]) -> Server {
        let data = tempfile::tempdir().unwrap();
        let mut server = Server::start_in(data.path(), flags);
        server._data = Some(data);
        server
    }

    /// Starts the server on a free loopback port, keeping its games in
    /// `data`, with these extra flags.
    pub(crate) fn start_in(data: &Path, flags: &[&str]) -> Server {
        let mut command = Server::command(data);
        command.args(flags);
        Server::spawn(command)
    }

    /// Starts the server with at most `open_files` open files (soft and
    /// hard limit, as `ulimit -n` sets them), a data directory of its own,
    /// and these extra flags.
    pub(crate) fn start_with_open_files(open_files: u32, flags: &[&str]) -> Server {
        let data = tempfile::tempdir().unwrap();
        let server = Server::command(data.path());
        let mut command = Command::new("sh");
        command
            .arg("-c")
            .arg(format!("ulimit -n {open_files} && exec \"$0\" \"$@\""))
            .arg(server.get_program())
            .args(server.get_args())
            .args(flags);
        let mut server = Server::spawn(command);
        server._data = Some(data);
        server
    }

    /// Starts the server as [`Server::start`] does, logging what
    /// `rust_log` (`RUST_LOG`) asks.
    pub(crate) fn start_logging(rust_log: &str, flags: &[&str]) -> Server {
        let data = tempfile::tempdir().unwrap();
        let mut command = Server::command(data.path());
        command.args(flags).env("RUST_LOG", rust_log);
        let mut server = Server::spawn(command);
        server._data = Some(data);
        server
    }

    fn spawn(mut command: Command) -> Server {
        if !command.get_envs().any(|(name, _)| name == "RUST_LOG") {
            command.env("RUST_LOG", "info");
        }
        let mut child = command
            .env("NO_COLOR", "1")
            .stdin(Stdio::null())
            .stdout(Stdio::null())
            .stderr(Stdio::piped())
            .spawn()
            .expect("the server starts");
        let mut log = Lines::new(vec![Box::new(child.stderr.take().unwrap())]);
        let line = log
            .until("server", |line| line.contains("listening"))
            .expect("the server says where it listens");
        let addr = line
            .split_whitespace()
            .find_map(|word| word.strip_prefix("addr="))
            .and_then(|addr| addr.parse().ok())
            .unwrap_or_else(|| panic!("an address in {line:?}"));
        // Keep draining the log so that the server never blocks on it.
        let kept = Arc::new(Mutex::new(log.seen.clone()));
        let keeping = Arc::clone(&kept);
        thread::spawn(move || {
            while let Ok(line) = log.incoming.recv() {
                keeping.lock().unwrap().push(line);
            }
        });
        Server {
            child,
            addr,
            log: kept,
            _data: None,
        }
    }

    /// Every line the server has logged so far.
    pub(crate) fn log(&self) -> String {
        self.log.lock().unwrap().join("\n")
    }

    /// `GET path` over a plain connection: the status and the body.
    pub(crate) fn get(&self, path: &str) -> (u16, String) {
        self.request("GET", path, None)
    }

    /// `POST path` with a JSON `body`: the status and the body.
    pub(crate) fn post_json(&self, path: &str, body: &str) -> (u16, String) {
        self.request("POST", path, Some(body))
    }

    /// `method path` (with a JSON body, if any) over a plain connection:
    /// the status and the body.
    fn request(&self, method: &str, path: &str, body: Option<&str>) -> (u16, String) {
        let mut stream = TcpStream::connect(self.addr).unwrap();
        stream.set_read_timeout(Some(PATIENCE)).unwrap();
        let content = body.map_or_else(String::new, |body| {
            format!(
                "Content-Type: application/json\r\nContent-Length: {}\r\n",
                body.len()
            )
        });
        write!(
            stream,
            "{method} {path} HTTP/1.1\r\nHost: test\r\nConnection: close\r\n{content}\r\n{}",
            body.unwrap_or_default()
        )
        .unwrap();
        let mut response = String::new();
        stream.read_to_string(&mut response).unwrap();
        let status = response.get(9..12).and_then(|code| code.parse().ok());
        let body = response
            .split_once("\r\n\r\n")
            .map(|(_, body)| body.to_owned())
            .unwrap_or_default();
        (
            status.unwrap_or_else(|| panic!("a status in {response:?}")),
            body,
        )
    }

    /// The server's command line, keeping games in `data`. Every client
    /// of these tests comes from loopback: rated games between them are
    /// rated as if from two addresses (`--rate-one-address`).
    pub(crate) fn command(data: &Path) -> Command {
        let mut command = Command::new(binary("mice-cake-server"));
        command
            .args(["--bind", "127.0.0.1:0", "--rate-one-address", "--data-dir"])
            .arg(data);
        command
    }

    /// Kills the server at once (SIGKILL: no shutdown, no last write).
    pub(crate) fn kill(mut self) {
        self.child.kill().unwrap();
        self.child.wait().unwrap();
    }

    /// Freezes the server (SIGSTOP): it holds its connections and reads
    /// nothing, as a machine that hangs.
    pub(crate) fn pause(&self) {
        self.signal("STOP");
    }

    /// Lets a paused server go on (SIGCONT).
    pub(crate) fn go_on(&self) {
        self.signal("CONT");
    }

    /// Sends the process signal `name` (`TERM`, `STOP`) with `kill`.
    fn signal(&self, name: &str) {
        let sent = Command::new("kill")
            .args([&format!("-{name}"), &self.child.id().to_string()])
            .status()
            .expect("kill runs");
        assert!(sent.success(), "SIG{name} was sent");
    }

    /// Asks the server to stop (SIGTERM, as an orchestrator does) and
    /// waits until it has; its exit status.
    pub(crate) fn terminate(mut self) -> ExitStatus {
        self.signal("TERM");
        let give_up = Instant::now() + PATIENCE;
        loop {
            if let Some(status) = self.child.try_wait().unwrap() {
                return status;
            }
            assert!(Instant::now() < give_up, "the server does not stop");
            thread::sleep(Duration::from_millis(20));
        }
    }

    pub(crate) fn url(&self) -> String {
        format!("ws://{}", self.addr)
    }

    pub(crate) fn pid(&self) -> u32 {
        self.child.id()
    }
}

impl Drop for Server {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// A running `mice-cake` process, its output read line by line.
pub(crate) struct Client {
    name: String,
    child: Child,
    stdin: Option<ChildStdin>,
    out: Lines,
    /// The directory it keeps its seats in, if its own.
    _state: Option<tempfile::TempDir>,
}

impl Client {
    /// Runs `mice-cake --server URL --name NAME ARGS…`, keeping its seats
    /// in a directory of its own (never the user's).
    pub(crate) fn start(server: &str, name: &str, args: &[&str]) -> Client {
        let state = tempfile::tempdir().unwrap();
        let mut client = Client::start_keeping_seats_in(state.path(), server, name, args);
        client._state = Some(state);
        client
    }

    /// Runs `mice-cake --server URL --name NAME ARGS…`, keeping its seats in
    /// `state` (shared by the runs of one person).
    pub(crate) fn start_keeping_seats_in(
        state: &Path,
        server: &str,
        name: &str,
        args: &[&str],
    ) -> Client {
        let mut child = Command::new(binary("mice-cake"))
            .env("MICE_CAKE_STATE_DIR", state)
            // In English whatever the machine's locale: the tests read its words.
            .env("LC_ALL", "C.UTF-8")
            .args(["--server", server, "--name", name])
            .args(args)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .expect("the client starts");
        let stdin = child.stdin.take();
        // Errors go to stderr: fold them into the same transcript.
        let out = Lines::new(vec![
            Box::new(child.stdout.take().unwrap()),
            Box::new(child.stderr.take().unwrap()),
        ]);
        Client {
            name: name.to_owned(),
            child,
            stdin,
            out,
            _state: None,
        }
    }

    /// Runs `mice-cake --plain create --vs-bot POLICY --deadline 0s` at
    /// `server`: a game against the server's bot that starts at once.
    pub(crate) fn vs_bot(server: &str, name: &str, policy: &str) -> Client {
        Client::start(
            server,
            name,
            &["--plain", "create", "--vs-bot", policy, "--deadline", "0s"],
        )
    }

    /// Plays every round with the suggestion until the game is over.
    pub(crate) fn play_to_the_end(&mut self) {
        loop {
            let line = self.expect(|line| {
                line.contains("type your assignment") || line.starts_with("Game over: ")
            });
            if line.starts_with("Game over: ") {
                return;
            }
            self.type_line(&suggestion(&line));
        }
    }

    /// Waits for a line satisfying `wanted`; panics if the output ends first.
    pub(crate) fn expect(&mut self, wanted: impl Fn(&str) -> bool) -> String {
        match self.out.until(&self.name, wanted) {
            Some(line) => line,
            None => panic!(
                "{}: the output ended without the line; it was:\n{}",
                self.name,
                self.transcript()
            ),
        }
    }

    /// A line satisfying `wanted` if one comes within `wait`; `None` if
    /// none does (or the output ends).
    pub(crate) fn poll(&mut self, wait: Duration, wanted: impl Fn(&str) -> bool) -> Option<String> {
        self.out.within(wait, wanted).ok().flatten()
    }

    /// Waits for a line containing `text`.
    pub(crate) fn expect_containing(&mut self, text: &str) -> String {
        self.expect(|line| line.contains(text))
    }

    /// Types a line on the client's standard input.
    pub(crate) fn type_line(&mut self, line: &str) {
        let stdin = self.stdin.as_mut().expect("stdin is open");
        writeln!(stdin, "{line}").expect("the client reads its input");
        stdin.flush().unwrap();
    }

    /// Closes the client's standard input, as the end of a script does.
    pub(crate) fn close_input(&mut self) {
        self.stdin = None;
    }

    /// Reads the rest of the output and waits for the process to exit.
    pub(crate) fn finish(&mut self) -> ExitStatus {
        self.stdin = None;
        while self.out.until(&self.name, |_| false).is_some() {}
        let give_up = Instant::now() + PATIENCE;
        loop {
            if let Some(status) = self.child.try_wait().unwrap() {
                return status;
            }
            assert!(Instant::now() < give_up, "{} does not exit", self.name);
            thread::sleep(Duration::from_millis(20));
        }
    }

    /// Every line seen so far.
    pub(crate) fn transcript(&self) -> String {
        self.out.seen.join("\n")
    }

    /// The lines seen so far.
    pub(crate) fn lines(&self) -> &[String] {
        &self.out.seen
    }
}

impl Drop for Client {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

fn is_prompt_or_end(line: &str) -> bool {
    line.contains("type your assignment") || line.starts_with("Game over: ")
}

/// Answers every prompt of both players with its suggestion until both
/// see the end; returns their last lines.
pub(crate) fn play_both_to_the_end(players: [&mut Client; 2]) -> [String; 2] {
    let mut ends: [Option<String>; 2] = [None, None];
    let give_up = Instant::now() + 5 * PATIENCE;
    let mut players = players;
    while ends.iter().any(Option::is_none) {
        assert!(Instant::now() < give_up, "the game does not end");
        for (end, player) in ends.iter_mut().zip(players.iter_mut()) {
            if end.is_some() {
                continue;
            }
            let Some(line) = player.poll(Duration::from_millis(100), is_prompt_or_end) else {
                continue;
            };
            if line.starts_with("Game over: ") {
                *end = Some(line);
            } else {
                player.type_line(&suggestion(&line));
            }
        }
    }
    ends.map(Option::unwrap_or_default)
}

/// Both players play to the end and see the same one; the record Ann is
/// given, fetched at `url` by another client, replays to it.
pub(crate) fn both_finish_and_the_record_replays(ann: &mut Client, bob: &mut Client, url: &str) {
    let [ann_end, bob_end] = play_both_to_the_end([&mut *ann, &mut *bob]);
    assert_eq!(ann_end, bob_end, "both players see the same end");
    let record = ann.expect(|line| line.starts_with("record: /api/games/"));
    assert!(ann.finish().success(), "{}", ann.transcript());
    assert!(bob.finish().success(), "{}", bob.transcript());
    let id = record.rsplit('/').next().unwrap().to_owned();
    let mut replay = Client::start(url, "replayer", &["replay", &id]);
    let replayed = replay.expect(|line| line.starts_with("Game over: "));
    assert!(replay.finish().success(), "{}", replay.transcript());
    assert_eq!(replayed, ann_end, "the record replays to the same end");
}

/// With Ann's move of round 1 in and Bob asked for his, `postgres` stops
/// and Bob sends his move: it cannot be stored, so nobody hears of it and
/// nothing is revealed. `meanwhile` runs while the database is down. Started
/// again, the round is revealed with both moves.
pub(crate) fn bobs_move_waits_for_postgresql(
    postgres: &OwnService,
    [ann, bob]: [&mut Client; 2],
    ann_round_1: &str,
    bob_prompt: &str,
    meanwhile: impl FnOnce(),
) {
    postgres.stop();
    meanwhile();
    let bob_round_1 = suggestion(bob_prompt);
    bob.type_line(&bob_round_1);
    let early = ann.poll(Duration::from_secs(3), |line| {
        line.starts_with("Round 1:") || line.contains("Blue committed")
    });
    assert_eq!(early, None, "{}", ann.transcript());
    let acknowledged = bob.poll(Duration::from_millis(100), |line| {
        line.contains("committed for round 1")
    });
    assert_eq!(acknowledged, None, "{}", bob.transcript());
    postgres.start_again();
    let reveal = ann.expect(|line| line.starts_with("Round 1:"));
    assert!(
        reveal.starts_with(&format!(
            "Round 1: Yellow {ann_round_1} — Blue {bob_round_1}"
        )),
        "{reveal}"
    );
}

/// Reads each client to its game's end, its record's link and its own
/// check of that record (`verified fair`), and waits for it to exit: each
/// one's `Game over:` and `record:` lines.
pub(crate) fn ends_verified(clients: &mut [&mut Client]) -> Vec<(String, String)> {
    clients
        .iter_mut()
        .map(|client| {
            let end = client.expect(|line| line.starts_with("Game over: "));
            let record = client.expect(|line| line.starts_with("record: /api/games/"));
            client.expect(|line| line.starts_with("verified fair: "));
            assert!(client.finish().success(), "{}", client.transcript());
            (end, record)
        })
        .collect()
}

/// A TCP proxy in front of one server or several, whose connections can be
/// cut as a flaky network would. In front of several it is a plain load
/// balancer: each new connection goes to the next server in turn, skipping
/// those that refuse it, with no stickiness.
pub(crate) struct Proxy {
    pub(crate) addr: SocketAddr,
    open: Arc<Mutex<Vec<TcpStream>>>,
    upstreams: Arc<Mutex<Vec<SocketAddr>>>,
    /// Bytes that, the next time a server sends them, cut that connection
    /// before they reach the client (once).
    tripwire: Arc<Mutex<Option<Vec<u8>>>>,
}

impl Proxy {
    pub(crate) fn to(upstream: SocketAddr) -> Proxy {
        Proxy::balancing(&[upstream])
    }

    /// A load balancer over `upstreams`.
    pub(crate) fn balancing(upstreams: &[SocketAddr]) -> Proxy {
        let listener = TcpListener::bind("127.0.0.1:0").unwrap();
        let addr = listener.local_addr().unwrap();
        let open = Arc::new(Mutex::new(Vec::new()));
        let upstreams = Arc::new(Mutex::new(upstreams.to_vec()));
        let tripwire: Arc<Mutex<Option<Vec<u8>>>> = Arc::new(Mutex::new(None));
        let sockets = Arc::clone(&open);
        let targets = Arc::clone(&upstreams);
        let armed = Arc::clone(&tripwire);
        thread::spawn(move || {
            let mut turn = 0;
            for client in listener.incoming() {
                let Ok(client) = client else { continue };
                let targets = targets.lock().unwrap().clone();
                let server = (0..targets.len()).find_map(|_| {
                    let target = targets[turn % targets.len()];
                    turn += 1;
                    TcpStream::connect(target).ok()
                });
                let Some(server) = server else { continue };
                let mut open = sockets.lock().unwrap();
                if let (Ok(mut from), Ok(mut to)) = (client.try_clone(), server.try_clone()) {
                    thread::spawn(move || {
                        let _ = std::io::copy(&mut from, &mut to);
                        let _ = to.shutdown(Shutdown::Write);
                    });
                }
                if let (Ok(from), Ok(to)) = (server.try_clone(), client.try_clone()) {
                    let armed = Arc::clone(&armed);
                    thread::spawn(move || downstream(from, to, &armed));
                }
                open.extend([client, server]);
            }
        });
        Proxy {
            addr,
            open,
            upstreams,
            tripwire,
        }
    }

    /// The next time a server sends `text`, the connection it goes down is
    /// cut before the client reads it, as a network failing at that very
    /// moment would.
    pub(crate) fn cut_before(&self, text: &str) {
        *self.tripwire.lock().unwrap() = Some(text.as_bytes().to_vec());
    }

    /// Sends new connections to another server (as a restart on another
    /// port would look to a client).
    pub(crate) fn redirect(&self, upstream: SocketAddr) {
        *self.upstreams.lock().unwrap() = vec![upstream];
    }

    pub(crate) fn url(&self) -> String {
        format!("ws://{}", self.addr)
    }

    /// How many connections it has passed on so far.
    pub(crate) fn connections(&self) -> usize {
        self.open.lock().unwrap().len() / 2
    }

    /// Drops every connection through the proxy, both ways.
    pub(crate) fn cut(&self) {
        for socket in self.open.lock().unwrap().drain(..) {
            let _ = socket.shutdown(Shutdown::Both);
        }
    }
}

/// Copies what a server sends to its client, cutting both ways before
/// bytes that hold the armed tripwire (then disarmed).
fn downstream(mut from: TcpStream, mut to: TcpStream, tripwire: &Mutex<Option<Vec<u8>>>) {
    let mut buffer = [0; 16 * 1024];
    loop {
        let read = match from.read(&mut buffer) {
            Ok(0) | Err(_) => break,
            Ok(read) => read,
        };
        let chunk = &buffer[..read];
        let tripped = {
            let mut armed = tripwire.lock().unwrap();
            let hit = armed.as_ref().is_some_and(|wire| {
                chunk
                    .windows(wire.len())
                    .any(|window| window == wire.as_slice())
            });
            if hit {
                *armed = None;
            }
            hit
        };
        if tripped {
            let _ = from.shutdown(Shutdown::Both);
            let _ = to.shutdown(Shutdown::Both);
            return;
        }
        if to.write_all(chunk).is_err() {
            break;
        }
    }
    let _ = to.shutdown(Shutdown::Write);
}

/// The example the prompt suggests: `…; type your assignment, like: C2 D2`.
pub(crate) fn suggestion(prompt: &str) -> String {
    prompt
        .rsplit_once("like: ")
        .map(|(_, example)| example.to_owned())
        .unwrap_or_else(|| panic!("a suggestion in {prompt:?}"))
}

/// The URL of the service `tests/services.sh` started, from `variable`;
/// `None` (the test says it was skipped) when it is not set, unless
/// `MICE_CAKE_REQUIRE_SERVICES=1`, as in CI, where that is a failure.
#[allow(
    clippy::print_stderr,
    reason = "a skipped test says so in the test output"
)]
fn service_url(variable: &str, service: &str) -> Option<String> {
    let Ok(url) = std::env::var(variable) else {
        assert_ne!(
            std::env::var("MICE_CAKE_REQUIRE_SERVICES").as_deref(),
            Ok("1"),
            "{variable} is not set: start the services with tests/services.sh"
        );
        eprintln!("skipped: no {service} ({variable}; see tests/services.sh)");
        return None;
    };
    Some(url)
}

/// A PostgreSQL database of a test's own, dropped after it, on the server
/// `tests/services.sh` starts (`MICE_CAKE_TEST_POSTGRES`); made and dropped
/// with `psql`, which comes with it.
pub(crate) struct TestDatabase {
    admin: String,
    name: String,
    /// This database's URL, for `--database`.
    pub(crate) url: String,
}

impl TestDatabase {
    /// A fresh database; `None` (the test says it was skipped) when no
    /// server was given, unless `MICE_CAKE_REQUIRE_SERVICES=1`, as in CI.
    pub(crate) fn create() -> Option<TestDatabase> {
        static MADE: std::sync::atomic::AtomicU32 = std::sync::atomic::AtomicU32::new(0);
        let admin = service_url("MICE_CAKE_TEST_POSTGRES", "PostgreSQL")?;
        let made = MADE.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
        let name = format!("mc_e2e_{}_{made}", std::process::id());
        assert!(
            psql(&admin, &format!("CREATE DATABASE {name}")),
            "cannot create {name}"
        );
        let (server, _) = admin
            .rsplit_once('/')
            .expect("MICE_CAKE_TEST_POSTGRES ends with a database name");
        let url = format!("{server}/{name}");
        Some(TestDatabase { admin, name, url })
    }
}

impl Drop for TestDatabase {
    fn drop(&mut self) {
        psql(
            &self.admin,
            &format!("DROP DATABASE IF EXISTS {} WITH (FORCE)", self.name),
        );
    }
}

/// Runs one statement with `psql`; whether it succeeded.
pub(crate) fn psql(url: &str, statement: &str) -> bool {
    Command::new("psql")
        .args([url, "-q", "-v", "ON_ERROR_STOP=1", "-c", statement])
        .stdout(Stdio::null())
        .status()
        .is_ok_and(|status| status.success())
}

/// What one query says, as `psql` prints it unaligned (no header).
pub(crate) fn psql_value(url: &str, query: &str) -> String {
    let output = Command::new("psql")
        .args([url, "-q", "-At", "-v", "ON_ERROR_STOP=1", "-c", query])
        .output()
        .expect("psql runs");
    assert!(output.status.success(), "{}", text(&output.stderr));
    text(&output.stdout).trim().to_owned()
}

/// A PostgreSQL or a Redis server of a test's own (`tests/services.sh`),
/// which the test may stop and start again; stopped when dropped. Where
/// the shared ones are given, their programs are installed.
pub(crate) struct OwnService {
    dir: tempfile::TempDir,
    service: &'static str,
    /// Its URL: PostgreSQL's `postgres` database, for `--database`, or
    /// Redis's, for `--cluster`.
    pub(crate) url: String,
}

impl OwnService {
    /// A PostgreSQL, or `None` (the test says it was skipped) as for
    /// [`TestDatabase::create`].
    pub(crate) fn postgres() -> Option<OwnService> {
        TestDatabase::create()?;
        Some(OwnService::start("postgres", "MICE_CAKE_TEST_POSTGRES"))
    }

    /// A Redis (which keeps nothing when it stops, as `--save ''` says), or
    /// `None` (the test says it was skipped) as for [`TestRedis::create`].
    pub(crate) fn redis() -> Option<OwnService> {
        TestRedis::create()?;
        Some(OwnService::start("redis", "MICE_CAKE_TEST_REDIS"))
    }

    fn start(service: &'static str, variable: &str) -> OwnService {
        let dir = tempfile::tempdir().unwrap();
        let exports = OwnService::services(dir.path(), "start", service);
        let url = exports
            .lines()
            .find_map(|line| line.strip_prefix(&format!("export {variable}=")))
            .unwrap_or_else(|| panic!("a URL in {exports:?}"))
            .to_owned();
        OwnService { dir, service, url }
    }

    /// Stops it (fast: sessions are cut), keeping PostgreSQL's data.
    pub(crate) fn stop(&self) {
        OwnService::services(self.dir.path(), "stop", self.service);
    }

    /// Starts it again, on its port.
    pub(crate) fn start_again(&self) {
        OwnService::services(self.dir.path(), "start", self.service);
    }

    /// Runs `tests/services.sh ACTION DIR SERVICE`; its standard output.
    fn services(dir: &Path, action: &str, service: &str) -> String {
        let script = concat!(env!("CARGO_MANIFEST_DIR"), "/services.sh");
        let output = Command::new("bash")
            .arg(script)
            .arg(action)
            .arg(dir)
            .arg(service)
            .stderr(Stdio::inherit())
            .output()
            .expect("tests/services.sh runs");
        assert!(
            output.status.success(),
            "tests/services.sh {action} {service} failed"
        );
        String::from_utf8_lossy(&output.stdout).into_owned()
    }
}

impl Drop for OwnService {
    fn drop(&mut self) {
        self.stop();
    }
}

/// The room code in `room K7QMX — you are Yellow`.
pub(crate) fn room_code(line: &str) -> String {
    line.split_whitespace().nth(1).expect("a code").to_owned()
}

/// A Redis for a cluster's nodes: the one `tests/services.sh` started, on a
/// database number of its own (keys apart; channels are shared, and named
/// by node and room, which no two clusters share).
pub(crate) struct TestRedis {
    /// Its URL, for `--cluster`.
    pub(crate) url: String,
}

impl TestRedis {
    /// `None` (the test says it was skipped) when no Redis was given,
    /// unless `MICE_CAKE_REQUIRE_SERVICES=1`, as in CI.
    pub(crate) fn create() -> Option<TestRedis> {
        static MADE: std::sync::atomic::AtomicU32 = std::sync::atomic::AtomicU32::new(1);
        let server = service_url("MICE_CAKE_TEST_REDIS", "Redis")?;
        // Redis has 16 databases; 0 is left alone.
        let number = MADE.fetch_add(1, std::sync::atomic::Ordering::Relaxed) % 15 + 1;
        let url = format!("{}/{number}", server.trim_end_matches('/'));
        // Empty, as a fresh database is: what an earlier test left there
        // (its new keys counted from this address for an hour, say) is
        // not this test's.
        let flushed = Command::new("redis-cli")
            .args(["-u", &url, "FLUSHDB"])
            .stdout(Stdio::null())
            .status()
            .is_ok_and(|status| status.success());
        assert!(flushed, "cannot empty the Redis database {url}");
        Some(TestRedis { url })
    }
}

/// Every command a Redis server is given from now on, as `redis-cli
/// monitor` prints them, a line each: what crosses Redis (every database's
/// commands, and every message published).
pub(crate) struct RedisMonitor {
    child: Child,
    lines: Arc<Mutex<Vec<String>>>,
}

impl RedisMonitor {
    /// Starts watching the Redis at `url`, once it has said it watches.
    pub(crate) fn start(url: &str) -> RedisMonitor {
        let mut child = Command::new("redis-cli")
            .args(["-u", url, "monitor"])
            .stdin(Stdio::null())
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .expect("redis-cli runs (tests/services.sh installs it with Redis)");
        let mut out = Lines::new(vec![Box::new(child.stdout.take().unwrap())]);
        out.until("redis-cli monitor", |line| line.trim() == "OK")
            .expect("redis-cli monitor says OK");
        let lines = Arc::new(Mutex::new(Vec::new()));
        let keeping = Arc::clone(&lines);
        thread::spawn(move || {
            while let Ok(line) = out.incoming.recv() {
                keeping.lock().unwrap().push(line);
            }
        });
        RedisMonitor { child, lines }
    }

    /// The commands so far, oldest first.
    pub(crate) fn lines(&self) -> Vec<String> {
        self.lines.lock().unwrap().clone()
    }

    /// The commands up to the first that holds `text`, which must come
    /// within [`PATIENCE`].
    pub(crate) fn lines_until(&self, text: &str) -> Vec<String> {
        let give_up = Instant::now() + PATIENCE;
        loop {
            let lines = self.lines();
            if let Some(at) = lines.iter().position(|line| line.contains(text)) {
                return lines[..=at].to_vec();
            }
            assert!(Instant::now() < give_up, "Redis was never given {text}");
            thread::sleep(Duration::from_millis(20));
        }
    }
}

impl Drop for RedisMonitor {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

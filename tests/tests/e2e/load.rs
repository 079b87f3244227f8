//! The load generator keeps working: a short run of each workload against
//! the real server (and the echo baseline), read back from its JSON report.

use std::io::{BufRead, BufReader};
use std::process::{Child, Command, Output, Stdio};

use serde_json::Value;

use crate::support::{Server, binary};

/// Runs `mice-cake-load ARGS --json` to the end; its report and status.
fn load(args: &[&str]) -> (Value, Output) {
    let output = Command::new(binary("mice-cake-load"))
        .args(args)
        .arg("--json")
        .stdin(Stdio::null())
        .output()
        .expect("the load generator runs");
    let stdout = String::from_utf8_lossy(&output.stdout);
    let report = serde_json::from_str(stdout.trim()).unwrap_or_else(|error| {
        panic!(
            "a JSON report ({error}): {stdout}\n{}",
            String::from_utf8_lossy(&output.stderr)
        )
    });
    (report, output)
}

/// `mice-cake-load echo-server` on a free port, killed when dropped.
struct EchoServer {
    child: Child,
    url: String,
}

impl EchoServer {
    fn start() -> EchoServer {
        let mut child = Command::new(binary("mice-cake-load"))
            .args(["echo-server", "--bind", "127.0.0.1:0"])
            .stdout(Stdio::piped())
            .spawn()
            .expect("the echo server starts");
        let mut line = String::new();
        BufReader::new(child.stdout.take().unwrap())
            .read_line(&mut line)
            .unwrap();
        let addr = line
            .trim()
            .strip_prefix("echo server listening on ")
            .unwrap_or_else(|| panic!("an address in {line:?}"));
        EchoServer {
            url: format!("ws://{addr}/"),
            child,
        }
    }
}

impl Drop for EchoServer {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

fn number(report: &Value, pointer: &str) -> f64 {
    report
        .pointer(pointer)
        .and_then(Value::as_f64)
        .unwrap_or_else(|| panic!("{pointer} is a number in {report:#}"))
}

#[test]
fn rooms_play_whole_games_and_are_compared_with_the_echo_baseline() {
    let server = Server::start(&["--messages-per-second", "1000"]);
    let echo = EchoServer::start();
    let (server_url, server_pid) = (format!("{}/ws", server.url()), server.pid().to_string());
    let echo_pid = echo.child.id().to_string();
    let (report, output) = load(&[
        "play",
        "--server",
        &server_url,
        "--server-pid",
        &server_pid,
        "--rooms",
        "4",
        "--spectators",
        "2",
        "--warmup",
        "500ms",
        "--duration",
        "2s",
        "--baseline",
        &echo.url,
        "--baseline-pid",
        &echo_pid,
    ]);
    assert!(output.status.success(), "no errors: {report:#}");
    assert_eq!(report["run_errors"], 0, "{report:#}");
    assert_eq!(report["setup_failures"], 0, "{report:#}");
    // Whole games at full speed: many rounds, rematches included.
    let rounds = number(&report, "/counts/rounds");
    assert!(rounds >= 20.0, "{report:#}");
    assert!(number(&report, "/counts/games") >= 1.0, "{report:#}");
    // Every client of a room sees every reveal: 4 clients per room.
    let reveals = number(&report, "/counts/reveals");
    assert!((reveals - 4.0 * rounds).abs() <= 4.0 * 4.0, "{report:#}");
    let p50 = number(&report, "/latency/p50_us");
    let p99 = number(&report, "/latency/p99_us");
    assert!(
        0.0 < p50 && p50 <= p99 && p99 <= number(&report, "/latency/max_us"),
        "{report:#}"
    );
    assert_eq!(number(&report, "/counts/connections"), 16.0, "{report:#}");
    assert!(number(&report, "/server/rss_bytes") > 1e6, "{report:#}");
    assert!(
        number(&report, "/server/cpu_us_per_frame") > 0.0,
        "{report:#}"
    );
    // The baseline ran with the game's frame sizes, and both were costed.
    assert!(
        number(&report, "/baseline/frames_per_second") > 0.0,
        "{report:#}"
    );
    assert!(
        number(&report, "/baseline/mean_frame_bytes") > 50.0,
        "{report:#}"
    );
    assert!(number(&report, "/baseline/cpu_ratio") > 0.0, "{report:#}");
    assert_eq!(report["baseline"]["errors"], 0, "{report:#}");
}

#[test]
fn the_echo_server_fans_a_published_frame_out_to_every_subscriber() {
    let echo = EchoServer::start();
    let echo_pid = echo.child.id().to_string();
    let (report, output) = load(&[
        "fanout",
        "--server",
        &echo.url,
        "--server-pid",
        &echo_pid,
        "--subscribers",
        "50",
        "--every",
        "100ms",
        "--warmup",
        "300ms",
        "--duration",
        "1s",
    ]);
    assert!(output.status.success(), "no errors: {report:#}");
    assert_eq!(report["run_errors"], 0, "{report:#}");
    assert_eq!(number(&report, "/counts/connections"), 51.0, "{report:#}");
    // About ten frames published in the window, each to all fifty (and
    // each timed at its arrival).
    let published = number(&report, "/counts/frames_sent");
    let received = number(&report, "/counts/frames_received");
    assert!(published >= 5.0, "{report:#}");
    assert!(
        (received - 50.0 * published).abs() <= 2.0 * 50.0,
        "{report:#}"
    );
    assert!(number(&report, "/latency/p99_us") > 0.0, "{report:#}");
    assert!(
        number(&report, "/server/cpu_us_per_frame") > 0.0,
        "{report:#}"
    );
}

#[test]
fn idle_connections_are_held_and_weighed() {
    let server = Server::start(&[]);
    let (server_url, server_pid) = (format!("{}/ws", server.url()), server.pid().to_string());
    let (report, output) = load(&[
        "idle",
        "--server",
        &server_url,
        "--server-pid",
        &server_pid,
        "--connections",
        "200",
        "--settle",
        "300ms",
    ]);
    assert!(output.status.success(), "no errors: {report:#}");
    // Every one said hello, was welcomed, and is still open.
    assert_eq!(report["setup_failures"], 0, "{report:#}");
    assert_eq!(number(&report, "/counts/connections"), 200.0, "{report:#}");
    let per_connection = number(&report, "/server/rss_per_connection_bytes");
    assert!(per_connection > 0.0, "{report:#}");
}

#[test]
fn a_server_that_is_not_there_is_a_clear_failure() {
    let (report, output) = load(&[
        "idle",
        "--server",
        "ws://127.0.0.1:1/ws",
        "--connections",
        "3",
        "--settle",
        "0s",
    ]);
    assert!(!output.status.success());
    assert_eq!(report["setup_failures"], 3, "{report:#}");
    let first = report["error_samples"][0].as_str().unwrap();
    assert!(first.contains("cannot connect to 127.0.0.1:1"), "{first}");
}

/// The nemesis (`loadgen/nemesis.py`) reads each player's log into games
/// before it checks them against their records. As a CI run found: a
/// player of a match kept away by a fault while the next game started came
/// back into it in its new colour, and the nemesis, which split games at
/// `game_started` alone, checked both games' seals against the second's
/// record in the first's colour — 35 false problems. Its own tests.
#[test]
fn the_nemesis_reads_a_game_begun_while_its_player_was_away() {
    let output = Command::new("python3")
        .arg(concat!(
            env!("CARGO_MANIFEST_DIR"),
            "/../loadgen/nemesis_test.py"
        ))
        .output()
        .expect("python3 runs");
    assert!(
        output.status.success(),
        "loadgen/nemesis_test.py failed:\n{}",
        String::from_utf8_lossy(&output.stderr)
    );
}

//! The full-screen client in a real pseudo-terminal, as a person runs it:
//! a closed terminal (SIGHUP) or a killed client (SIGTERM) restores the
//! terminal and keeps the seat, which `join` or `resume` takes back; Ctrl-C
//! asks before forfeiting; a refusal is one message and status 1 in every
//! mode; a finished game's result and replay command are left in the shell;
//! Ctrl-Z suspends as a shell's job, and a stopped client continued takes
//! the terminal back (raw mode) and redraws it whole.

use std::io::ErrorKind;
use std::path::Path;
use std::process::Command;
use std::thread;
use std::time::{Duration, Instant};

use expectrl::Expect;
use expectrl::process::unix::{Signal, WaitStatus};
use expectrl::session::OsSession as Session;

use crate::support::{Client, PATIENCE, Proxy, Server, binary, suggestion};

/// Leaves the alternate screen, and shows the cursor again.
const LEAVE_ALTERNATE_SCREEN: &str = "\u{1b}[?1049l";
const SHOW_CURSOR: &str = "\u{1b}[?25h";

/// `mice-cake` in an 80×24 pseudo-terminal, and the screen a terminal
/// emulator would show from what it writes.
struct Terminal {
    session: Session,
    screen: vt100::Parser,
    /// Every byte written, escape sequences included.
    output: Vec<u8>,
}

impl Terminal {
    /// Runs `mice-cake --server URL --name NAME ARGS…`, keeping its seats
    /// in `state`.
    fn start(state: &Path, server: &Server, name: &str, args: &[&str]) -> Terminal {
        Terminal::start_at(state, &server.url(), name, args)
    }

    /// [`Terminal::start`] against the server at `url` (a proxy, say).
    fn start_at(state: &Path, url: &str, name: &str, args: &[&str]) -> Terminal {
        Terminal::start_in(state, url, name, args, "C.UTF-8")
    }

    /// [`Terminal::start_at`] in the locale `locale` (as `LANG`, the only
    /// locale variable set): the tests read English unless they ask.
    fn start_in(state: &Path, url: &str, name: &str, args: &[&str], locale: &str) -> Terminal {
        let mut command = Command::new(binary("mice-cake"));
        command
            .env("MICE_CAKE_STATE_DIR", state)
            .env("TERM", "xterm-256color")
            .env_remove("LC_ALL")
            .env_remove("LC_MESSAGES")
            .env("LANG", locale)
            .args(["--server", url, "--name", name])
            .args(args);
        let mut session = Session::spawn(command).expect("the client starts in a terminal");
        session
            .get_process_mut()
            .set_window_size(80, 24)
            .expect("a terminal size");
        Terminal {
            session,
            screen: vt100::Parser::new(24, 80, 0),
            output: Vec::new(),
        }
    }

    /// Reads what is there; whether the client closed the terminal.
    fn read(&mut self) -> bool {
        let mut buffer = [0; 4096];
        loop {
            match self.session.try_read(&mut buffer) {
                Ok(0) => return true,
                Ok(read) => {
                    self.screen.process(&buffer[..read]);
                    self.output.extend_from_slice(&buffer[..read]);
                }
                Err(error) if error.kind() == ErrorKind::WouldBlock => return false,
                // EIO: every end of the terminal's other side is closed.
                Err(_) => return true,
            }
        }
    }

    fn contents(&self) -> String {
        self.screen.screen().contents()
    }

    /// Waits until one of `texts` is on the screen.
    fn wait_for_any(&mut self, texts: &[&str]) {
        let give_up = Instant::now() + PATIENCE;
        loop {
            let closed = self.read();
            let screen = self.contents();
            if texts.iter().any(|text| screen.contains(text)) {
                return;
            }
            assert!(
                !closed && Instant::now() < give_up,
                "none of {texts:?} showed; the screen:\n{screen}"
            );
            thread::sleep(Duration::from_millis(20));
        }
    }

    /// Waits until `text` is on the screen.
    fn wait_for(&mut self, text: &str) {
        self.wait_for_any(&[text]);
    }

    /// Types `keys`.
    fn send(&mut self, keys: &str) {
        self.session.send(keys).expect("the terminal takes keys");
    }

    fn signal(&mut self, signal: Signal) {
        self.session
            .get_process_mut()
            .signal(signal)
            .expect("the signal is sent");
    }

    /// Reads until the client exits; its exit status.
    fn exit_status(&mut self) -> i32 {
        let give_up = Instant::now() + PATIENCE;
        while !self.read() {
            assert!(Instant::now() < give_up, "the client does not exit");
            thread::sleep(Duration::from_millis(20));
        }
        match self.session.get_process().wait().expect("its status") {
            WaitStatus::Exited(_, code) => code,
            other => panic!("the client did not exit by itself: {other:?}"),
        }
    }

    /// Stops the client as a closed terminal would (its seat kept), and
    /// waits for it: a client left running holds the test up at its end.
    fn close(mut self) {
        self.signal(Signal::SIGHUP);
        self.exit_status();
    }

    /// Everything written, as text.
    fn written(&self) -> String {
        String::from_utf8_lossy(&self.output).into_owned()
    }

    /// Whether the terminal is in line mode (what a shell sets): ICANON on,
    /// as the client's raw mode has it off (keys then come only with Enter).
    fn line_mode(&self) -> bool {
        use rustix::termios::LocalModes;
        let master = self
            .session
            .get_process()
            .get_raw_handle()
            .expect("the terminal's master side");
        let modes = rustix::termios::tcgetattr(&master).expect("the terminal's modes");
        modes.local_modes.contains(LocalModes::ICANON)
    }

    /// Puts the terminal in line mode with echo, as a shell does when its
    /// job stops.
    fn shell_takes_the_terminal(&mut self) {
        use rustix::termios::{LocalModes, OptionalActions};
        let master = self
            .session
            .get_process()
            .get_raw_handle()
            .expect("the terminal's master side");
        let mut modes = rustix::termios::tcgetattr(&master).expect("the terminal's modes");
        modes.local_modes |= LocalModes::ICANON | LocalModes::ECHO | LocalModes::ISIG;
        rustix::termios::tcsetattr(&master, OptionalActions::Now, &modes).expect("line mode set");
        // And writes its prompt, which lands over the board.
        self.screen
            .process(b"\r\n[1]+  Stopped   mice-cake\r\n$ fg\r\n");
    }

    /// Whether the client's process is stopped (state T in /proc).
    fn stopped(&self) -> bool {
        let pid = self.session.get_process().pid();
        let stat = std::fs::read_to_string(format!("/proc/{pid}/stat")).unwrap_or_default();
        // The state follows the command's name, in parentheses.
        stat.rsplit_once(") ")
            .is_some_and(|(_, rest)| rest.starts_with('T'))
    }

    /// Waits until the client's process is stopped.
    fn wait_until_stopped(&mut self) {
        let give_up = Instant::now() + PATIENCE;
        while !self.stopped() {
            self.read();
            assert!(Instant::now() < give_up, "the client never stopped");
            thread::sleep(Duration::from_millis(20));
        }
        self.read();
    }

    /// Waits until the client has the terminal in raw mode again: it may
    /// redraw a moment before its modes are set.
    fn wait_until_raw(&mut self) {
        let give_up = Instant::now() + PATIENCE;
        while self.line_mode() {
            self.read();
            assert!(
                Instant::now() < give_up,
                "the client never took raw mode back"
            );
            thread::sleep(Duration::from_millis(20));
        }
    }
}

/// As a reviewer lost a game to it: Ctrl-Z gives the terminal back to the
/// shell and stops; `fg` takes it back. A client stopped by SIGSTOP (which
/// cannot be caught) while the shell put the terminal in line mode takes
/// raw mode back when continued, and redraws the screen whole: a key works
/// at once, without Enter, and the shell's text is gone.
#[test]
fn ctrl_z_suspends_cleanly_and_a_stopped_client_takes_the_terminal_back_when_continued() {
    let server = Server::start(&["--seed", "34"]);
    let state = tempfile::tempdir().unwrap();
    let (mut ann, _code) = ann_in_a_game(&server, state.path());
    assert!(!ann.line_mode());

    // Ctrl-Z: the main screen, a cursor, line mode, a word, and stopped.
    ann.send("\u{1a}");
    ann.wait_until_stopped();
    assert!(!ann.screen.screen().alternate_screen());
    assert!(!ann.screen.screen().hide_cursor());
    assert!(ann.line_mode());
    assert!(
        ann.contents().contains("mice-cake is suspended"),
        "{}",
        ann.contents()
    );
    // `fg`: the board again, in raw mode.
    ann.shell_takes_the_terminal();
    ann.signal(Signal::SIGCONT);
    ann.wait_for("Your move — round 1");
    assert!(ann.screen.screen().alternate_screen());
    ann.wait_until_raw();

    // SIGSTOP from elsewhere, the shell's line mode, then SIGCONT.
    ann.signal(Signal::SIGSTOP);
    ann.wait_until_stopped();
    ann.shell_takes_the_terminal();
    assert!(ann.line_mode());
    assert!(ann.contents().contains("$ fg"), "{}", ann.contents());
    ann.signal(Signal::SIGCONT);
    let give_up = Instant::now() + PATIENCE;
    while ann.line_mode() || ann.contents().contains("$ fg") {
        assert!(
            Instant::now() < give_up,
            "the terminal was not taken back:\n{}",
            ann.contents()
        );
        ann.read();
        thread::sleep(Duration::from_millis(20));
    }
    // Redrawn whole: the board is back.
    ann.wait_for("Your move — round 1");
    // One key, no Enter: the help opens.
    ann.send("?");
    ann.wait_for("Put every available mouse on a column");
    ann.close();
}

/// Issue 46: the replay's analysis in a real terminal — `a` analyses, each
/// seat's move of the round on the cake is told with its verdict (a loss
/// only with its interval), and the end gives each seat's accuracy.
#[test]
fn a_replay_analysed_in_a_terminal_tells_verdicts_intervals_and_accuracy() {
    let dir = tempfile::tempdir().unwrap();
    let file = crate::support::simulated_record(dir.path(), 9, Some("strong,random"))
        .display()
        .to_string();
    // A record file needs no server.
    let mut replay = Terminal::start_at(dir.path(), "ws://127.0.0.1:9", "ann", &["replay", &file]);
    replay.wait_for("a analyse");
    replay.send("a");
    replay.wait_for("from this cake");
    // Step through the rounds: every loss said is said with its interval.
    let mut verdicts = String::new();
    for _ in 0..30 {
        replay.send("l");
        thread::sleep(Duration::from_millis(60));
        replay.read();
        verdicts.push_str(&replay.contents());
    }
    for line in verdicts.lines().filter(|line| line.contains(" pips → ")) {
        assert!(line.contains(" ± "), "a loss without its interval: {line}");
    }
    assert!(
        verdicts.contains(" ± ") && verdicts.contains("no clear mistake"),
        "{verdicts}"
    );
    // The end: each seat's accuracy.
    replay.send("\u{1b}[F");
    replay.wait_for("Yellow: accuracy ");
    replay.wait_for("Blue: accuracy ");
    replay.send("q");
    assert_eq!(replay.exit_status(), 0, "{}", replay.contents());
}

/// The code of the room Ann's client just created, from the server.
fn room_of(server: &Server, name: &str) -> String {
    let give_up = Instant::now() + PATIENCE;
    loop {
        let (_, rooms) = server.get("/api/rooms");
        let rooms: serde_json::Value = serde_json::from_str(&rooms).unwrap();
        let code = rooms["rooms"].as_array().and_then(|rooms| {
            rooms.iter().find_map(|room| {
                (room["players"]["yellow"] == name)
                    .then(|| room["code"].as_str().map(str::to_owned))
            })
        });
        if let Some(Some(code)) = code {
            return code;
        }
        assert!(
            Instant::now() < give_up,
            "{name}'s room never showed: {rooms}"
        );
        thread::sleep(Duration::from_millis(50));
    }
}

/// Ann creates a room against the server's bot in a terminal, and the
/// first round opens for her.
fn ann_in_a_game(server: &Server, state: &Path) -> (Terminal, String) {
    let mut ann = Terminal::start(
        state,
        server,
        "ann",
        &[
            "create",
            "--vs-bot",
            "greedy",
            "--deadline",
            "0s",
            "--no-animation",
        ],
    );
    ann.wait_for("Your move — round 1");
    let code = room_of(server, "ann");
    (ann, code)
}

#[test]
fn a_killed_client_restores_the_terminal_and_join_takes_the_seat_back() {
    let server = Server::start(&["--seed", "31"]);
    let state = tempfile::tempdir().unwrap();
    let (mut ann, code) = ann_in_a_game(&server, state.path());
    ann.signal(Signal::SIGTERM);
    assert_eq!(ann.exit_status(), 143, "{}", ann.written());
    let written = ann.written();
    let restored = written
        .rfind(LEAVE_ALTERNATE_SCREEN)
        .expect("the alternate screen is left");
    assert!(written[restored..].contains(SHOW_CURSOR), "{written:?}");
    assert!(!ann.screen.screen().alternate_screen());
    assert!(!ann.screen.screen().hide_cursor());
    let shell = ann.contents();
    assert!(
        shell.contains(&format!(
            "your seat in room {code} is kept for a while: mice-cake resume {code}"
        )),
        "{shell}"
    );

    // The seat is listed, and `join` takes it back instead of being told
    // the room is full.
    let listed = Command::new(binary("mice-cake"))
        .env("MICE_CAKE_STATE_DIR", state.path())
        .args(["games"])
        .output()
        .unwrap();
    let listed = String::from_utf8_lossy(&listed.stdout);
    assert!(listed.contains(&code), "{listed}");
    let mut again = Client::start_keeping_seats_in(
        state.path(),
        &server.url(),
        "ann",
        &["--plain", "join", &code],
    );
    let prompt = again.expect_containing("type your assignment");
    assert!(prompt.contains("you are Yellow"), "{}", again.transcript());
    again.type_line(&suggestion(&prompt));
    again.play_to_the_end();
    assert!(again.finish().success(), "{}", again.transcript());
    assert!(!again.transcript().contains("room is full"));
}

#[test]
fn a_closed_terminal_keeps_the_seat_for_resume() {
    let server = Server::start(&["--seed", "32"]);
    let state = tempfile::tempdir().unwrap();
    let (mut ann, code) = ann_in_a_game(&server, state.path());
    ann.signal(Signal::SIGHUP);
    assert_eq!(ann.exit_status(), 129, "{}", ann.written());
    assert!(!ann.screen.screen().alternate_screen());
    assert!(!ann.screen.screen().hide_cursor());
    let shell = ann.contents();
    assert!(
        shell.contains(&format!("mice-cake resume {code}")),
        "{shell}"
    );

    let mut again =
        Client::start_keeping_seats_in(state.path(), &server.url(), "ann", &["--plain", "resume"]);
    let prompt = again.expect_containing("type your assignment");
    assert!(prompt.contains("you are Yellow"), "{}", again.transcript());
    again.type_line(&suggestion(&prompt));
    again.play_to_the_end();
    assert!(again.finish().success(), "{}", again.transcript());
}

#[test]
fn ctrl_c_asks_before_forfeiting_and_the_result_is_left_in_the_shell() {
    let server = Server::start(&["--seed", "33"]);
    let state = tempfile::tempdir().unwrap();
    let (mut ann, code) = ann_in_a_game(&server, state.path());
    // Ctrl-C asks, as q does; "n" goes back to the game.
    ann.send("\u{3}");
    ann.wait_for("Leave the game? You forfeit it.");
    ann.send("n");
    // Then play with the greedy suggestion until the game is over: the
    // server's record of it says so.
    let give_up = Instant::now() + PATIENCE * 2;
    loop {
        let (_, games) = server.get("/api/games?player=ann");
        if games.contains(&code) {
            break;
        }
        assert!(Instant::now() < give_up, "the game never ended: {games}");
        ann.send("g\r");
        ann.read();
        thread::sleep(Duration::from_millis(150));
    }
    // The end shows as its window ("Game 1 over"), or, once a last Enter
    // typed as the game ended has closed that, in the side panel (titled
    // "Game over"). Enter closes the window if it is still open; outside a
    // game, q leaves at once: the result and how to replay it stay in the
    // shell.
    ann.wait_for_any(&["Game 1 over", " Game over "]);
    ann.send("\r");
    ann.send("q");
    assert_eq!(ann.exit_status(), 0, "{}", ann.contents());
    assert!(!ann.screen.screen().alternate_screen());
    let shell = ann.contents();
    assert!(shell.contains("Game 1 over: Yellow "), "{shell}");
    assert!(shell.contains("Replay: mice-cake replay "), "{shell}");
    // A finished game left is no seat to take back.
    assert!(
        !games(state.path()).contains(&code),
        "{}",
        games(state.path())
    );
}

/// What `mice-cake games` lists from `state`.
fn games(state: &Path) -> String {
    let listed = Command::new(binary("mice-cake"))
        .env("MICE_CAKE_STATE_DIR", state)
        .args(["games"])
        .output()
        .unwrap();
    String::from_utf8_lossy(&listed.stdout).into_owned()
}

#[test]
fn games_lists_the_seats_held_with_when_and_forgets_those_left_or_refused() {
    let server = Server::start(&["--seed", "37"]);
    let state = tempfile::tempdir().unwrap();
    let (ann, code) = ann_in_a_game(&server, state.path());
    // Held while the game is on (the terminal closed): listed, with when.
    ann.close();
    let listed = games(state.path());
    assert!(
        listed.contains(&code) && listed.contains("when"),
        "{listed}"
    );
    assert!(listed.contains("just now"), "{listed}");
    // Taken back, then left on purpose (q, y): forgotten.
    let mut again = Terminal::start(state.path(), &server, "ann", &["resume", "--no-animation"]);
    again.wait_for("Your move");
    again.send("q");
    again.wait_for("Leave the game?");
    again.send("y");
    again.exit_status();
    // The shell says what leaving cost.
    let shell = again.contents();
    assert!(
        shell.contains(&format!(
            "You left game 1 of room {code} before its end: you forfeit it."
        )),
        "{shell}"
    );
    assert!(
        !games(state.path()).contains(&code),
        "{}",
        games(state.path())
    );

    // A seat the server no longer knows (the same address, another server
    // with another data directory): refused once, then forgotten.
    let first = Server::start(&["--seed", "38"]);
    let proxy = Proxy::to(first.addr);
    let kept = ann_through(&proxy, state.path(), false);
    let other = room_of(&first, "ann");
    kept.close();
    assert!(games(state.path()).contains(&other));
    let elsewhere = Server::start(&["--seed", "39"]);
    proxy.redirect(elsewhere.addr);
    drop(first);
    let mut refused = Client::start_keeping_seats_in(
        state.path(),
        &proxy.url(),
        "ann",
        &["--plain", "resume", &other],
    );
    refused.expect_containing("token is not valid");
    assert!(!refused.finish().success(), "{}", refused.transcript());
    assert!(
        !games(state.path()).contains(&other),
        "{}",
        games(state.path())
    );
}

#[test]
fn an_unknown_room_is_one_message_and_status_1_in_every_mode() {
    let server = Server::start(&[]);
    let state = tempfile::tempdir().unwrap();
    let mut tui = Terminal::start(state.path(), &server, "ann", &["join", "QQQQQ"]);
    assert_eq!(tui.exit_status(), 1, "{}", tui.contents());
    let screen = tui.contents();
    assert_eq!(screen.matches("QQQQQ").count(), 1, "one message: {screen}");

    let mut plain = Client::start_keeping_seats_in(
        state.path(),
        &server.url(),
        "ann",
        &["--plain", "join", "QQQQQ"],
    );
    let status = plain.finish();
    assert_eq!(status.code(), Some(1), "{}", plain.transcript());
    let lines = plain.lines();
    assert_eq!(
        lines.iter().filter(|line| line.contains("QQQQQ")).count(),
        1,
        "{lines:?}"
    );
    let message = lines.iter().find(|line| line.contains("QQQQQ")).unwrap();
    assert!(
        screen.contains(message.as_str()),
        "the same message: {message} / {screen}"
    );
}

#[test]
fn q_in_the_plain_interface_says_it_leaves_and_what_that_costs() {
    let server = Server::start(&["--seed", "34"]);
    let mut ann = Client::vs_bot(&server.url(), "ann", "greedy");
    ann.expect_containing("type your assignment");
    ann.type_line("q");
    ann.expect(|line| line.starts_with("leaving room ") && line.ends_with(": you forfeit game 1"));
    assert!(ann.finish().success(), "{}", ann.transcript());
}

#[test]
fn replaying_an_unknown_game_says_so() {
    let server = Server::start(&[]);
    let id = "00000000-0000-4000-8000-000000000001";
    let mut replay = Client::start(&server.url(), "ann", &["--plain", "replay", id]);
    let status = replay.finish();
    assert_eq!(status.code(), Some(1), "{}", replay.transcript());
    let transcript = replay.transcript();
    assert!(
        transcript.contains(&format!("No finished game has the id {id}.")),
        "{transcript}"
    );
    assert!(!transcript.contains("http status"), "{transcript}");
}

/// Ann plays the server's bot in a terminal through `proxy`, from `state`.
fn ann_through(proxy: &Proxy, state: &Path, animation: bool) -> Terminal {
    let mut args = vec!["create", "--vs-bot", "greedy", "--deadline", "0s"];
    if !animation {
        args.push("--no-animation");
    }
    let mut ann = Terminal::start_at(state, &proxy.url(), "ann", &args);
    ann.wait_for("Your move — round 1");
    ann
}

#[test]
fn a_seat_taken_back_with_join_comes_back_by_itself_after_a_server_restart() {
    let data = tempfile::tempdir().unwrap();
    let server = Server::start_in(data.path(), &["--seed", "33"]);
    let proxy = Proxy::to(server.addr);
    let state = tempfile::tempdir().unwrap();
    let mut ann = ann_through(&proxy, state.path(), false);
    let code = room_of(&server, "ann");
    // The terminal is closed; Ann takes her seat back from another one.
    ann.signal(Signal::SIGHUP);
    assert_eq!(ann.exit_status(), 129, "{}", ann.written());
    let mut again = Terminal::start_at(
        state.path(),
        &proxy.url(),
        "ann",
        &["join", &code, "--no-animation"],
    );
    again.wait_for("Your move");
    // The server restarts on its data (an upgrade): the seat taken back
    // comes back by itself, as any other.
    assert!(server.terminate().success());
    again.wait_for_any(&["reconnecting", "disconnected"]);
    let restarted = Server::start_in(data.path(), &["--seed", "34"]);
    proxy.redirect(restarted.addr);
    again.wait_for("reconnected");
    again.wait_for("Your move");
    let screen = again.contents();
    assert!(!screen.contains("disconnected"), "{screen}");
    assert!(!screen.contains("Nothing to decide"), "{screen}");
    // And the game goes on from there: a move is taken.
    again.send("g");
    again.send("\r");
    again.wait_for_any(&["Round 1", "Committed"]);
    again.close();
}

#[test]
fn a_reveal_in_a_terminal_shows_nothing_ahead_of_its_dice() {
    let server = Server::start(&["--seed", "35"]);
    let proxy = Proxy::to(server.addr);
    let state = tempfile::tempdir().unwrap();
    let mut ann = ann_through(&proxy, state.path(), true);
    // g suggests a move, Enter commits it; the bot has moved already.
    ann.send("g");
    ann.send("\r");
    // Right after, while the dice roll: the round is still round 1, the
    // next move is not asked, the clock of round 2 is not running.
    let give_up = Instant::now() + PATIENCE;
    let mut seen_revealing = false;
    loop {
        ann.read();
        let screen = ann.contents();
        if screen.contains(" Reveal ") {
            seen_revealing = true;
            let title = screen.lines().next().unwrap_or_default().to_owned();
            assert!(title.contains("round 1"), "{screen}");
            assert!(!screen.contains("Your move"), "{screen}");
        } else if seen_revealing {
            break;
        }
        assert!(
            Instant::now() < give_up,
            "the reveal never ended:\n{screen}"
        );
        thread::sleep(Duration::from_millis(10));
    }
    assert!(seen_revealing, "the reveal was never seen playing");
    // Once the dice are down: round 2, the move asked.
    ann.wait_for("Your move — round 2");
    ann.close();
}

#[test]
fn a_move_sent_to_a_frozen_server_says_at_once_that_it_is_not_yet_taken() {
    let server = Server::start(&["--seed", "36"]);
    let state = tempfile::tempdir().unwrap();
    let (mut ann, _) = ann_in_a_game(&server, state.path());
    // The server's machine hangs (SIGSTOP): it holds the connection and
    // answers nothing.
    server.pause();
    let sent = Instant::now();
    ann.send("g");
    ann.send("\r");
    ann.wait_for("Sealed:");
    ann.wait_for("not yet taken by the server");
    assert!(
        sent.elapsed() < Duration::from_secs(10),
        "said after {:?}, not at once",
        sent.elapsed()
    );
    // And the move cannot be sent twice meanwhile.
    assert!(
        !ann.contents().contains("Your move ·"),
        "{}",
        ann.contents()
    );
    ann.close();
}

/// Words of the terminal's English that French never uses.
const ENGLISH: [&str; 14] = [
    " the ", " and ", "your ", "Your ", " you ", " is ", " of ", " with ", "round", "Round",
    "room", "Room", "waiting", "players",
];

/// The English words in `text`, a French client's output.
fn english_in(text: &str) -> Vec<&'static str> {
    ENGLISH
        .into_iter()
        .filter(|word| text.contains(word))
        .collect()
}

/// `mice-cake ARGS` with `LANG=fr_FR.UTF-8` (and no other locale
/// variable): what it printed, standard output and error.
fn in_french(server: &Server, state: &Path, args: &[&str]) -> String {
    let output = Command::new(binary("mice-cake"))
        .env("MICE_CAKE_STATE_DIR", state)
        .env_remove("LC_ALL")
        .env_remove("LC_MESSAGES")
        .env("LANG", "fr_FR.UTF-8")
        .args(["--server", &server.url(), "--name", "Zoé"])
        .args(args)
        .output()
        .unwrap();
    format!(
        "{}{}",
        String::from_utf8_lossy(&output.stdout),
        String::from_utf8_lossy(&output.stderr)
    )
}

#[test]
fn a_french_locale_gets_french_from_every_command_and_a_whole_game_in_both_interfaces() {
    let server = Server::start(&["--seed", "37"]);
    let state = tempfile::tempdir().unwrap();
    // A game under way to list, and an arena.
    let (ann, code) = ann_in_a_game(&server, state.path());
    let arena = in_french(
        &server,
        state.path(),
        &[
            "arena",
            "create",
            "--minutes",
            "30",
            "--title",
            "Tournoi K7",
        ],
    );
    assert!(arena.contains("Tournoi K7"), "{arena}");

    let rooms = in_french(&server, state.path(), &["rooms"]);
    assert!(rooms.contains(&code) && rooms.contains("en jeu"), "{rooms}");
    let top = in_french(&server, state.path(), &["top"]);
    let arenas = in_french(&server, state.path(), &["arena", "list"]);
    assert!(arenas.contains("Tournoi K7"), "{arenas}");
    for (command, said) in [
        ("rooms", &rooms),
        ("top", &top),
        ("arena list", &arenas),
        ("arena create", &arena),
    ] {
        assert!(
            english_in(said).is_empty(),
            "`mice-cake {command}` in French: {:?}\n{said}",
            english_in(said)
        );
    }
    ann.close();

    // A whole game in the plain interface: two bots, each in French.
    let creator = Command::new(binary("mice-cake"))
        .env("MICE_CAKE_STATE_DIR", state.path())
        .env_remove("LC_ALL")
        .env_remove("LC_MESSAGES")
        .env("LANG", "fr_FR.UTF-8")
        .args(["--server", &server.url(), "--name", "Zoé", "--plain"])
        .args(["bot", "--policy", "greedy", "create"])
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .unwrap();
    let table = room_of(&server, "Zoé (greedy bot)");
    let joiner = in_french(
        &server,
        state.path(),
        &["--plain", "bot", "--policy", "random", "join", &table],
    );
    let created = creator.wait_with_output().unwrap();
    let plain = format!(
        "{}{}{joiner}",
        String::from_utf8_lossy(&created.stdout),
        String::from_utf8_lossy(&created.stderr)
    );
    assert!(plain.contains("Partie terminée"), "{plain}");
    assert!(
        english_in(&plain).is_empty(),
        "the plain game in French: {:?}\n{plain}",
        english_in(&plain)
    );

    // And in the full-screen interface, played with g (the suggestion) and
    // Enter, to its end.
    let mut zoe = Terminal::start_in(
        state.path(),
        &server.url(),
        "Zoé",
        &[
            "create",
            "--vs-bot",
            "greedy",
            "--deadline",
            "0s",
            "--no-animation",
        ],
        "fr_FR.UTF-8",
    );
    zoe.wait_for("À vous de jouer — manche 1");
    let give_up = Instant::now() + PATIENCE;
    loop {
        zoe.read();
        let screen = zoe.contents();
        assert!(
            english_in(&screen).is_empty(),
            "the full screen in French: {:?}\n{screen}",
            english_in(&screen)
        );
        if screen.contains("Partie terminée") {
            break;
        }
        if screen.contains("À vous de jouer") {
            zoe.send("g");
            zoe.send("\r");
        }
        assert!(Instant::now() < give_up, "the game never ended:\n{screen}");
        thread::sleep(Duration::from_millis(50));
    }
    zoe.close();
}

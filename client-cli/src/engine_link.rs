//! An outside engine, run and spoken to over the engine protocol
//! (`docs/engines.md`, [`mice_cake_protocol::engines`]): `mice-cake bot
//! --engine "CMD ARGS"`.
//!
//! The engine is kept to the time: an answer late, unreadable or illegal
//! is replaced by the deadline's move (`greedy`, as the server would play
//! it), said on standard error and to the engine, and the game goes on. An
//! engine that exits, closes its output or says it cannot go on ends the
//! run: the client leaves the game (a signed leave) and exits non-zero.
//! Its standard error is passed through, each line with its name.
//!
//! Writes go through a task of their own, so that an engine that stops
//! reading never stalls the game: its moves come late, and are replaced.

use std::process::Stdio;
use std::time::Duration;

use mice_cake_engine::{Assignment, GameView, Seat, greedy_assignment};
use mice_cake_protocol::bots::{BadBotCard, BotCard};
use mice_cake_protocol::engines::{
    ENGINE_PROTOCOL_VERSION, EngineRefusal, FromEngine, ToEngine, read_engine_line,
};
use tokio::io::{AsyncBufReadExt, AsyncWriteExt, BufReader};
use tokio::process::{Child, Command};
use tokio::sync::{mpsc, watch};
use tokio::time::{Instant, timeout_at};

use crate::tr;

/// How long an engine has to answer the handshake.
pub const HANDSHAKE_TIME: Duration = Duration::from_secs(10);

/// What the engine said of itself.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct EngineName {
    pub name: String,
    pub version: String,
    pub author: Option<String>,
}

impl EngineName {
    /// What a built-in policy says of itself as an engine (`mice-cake
    /// engine --policy P`), and as a bot playing it.
    pub fn built_in(policy: mice_cake_engine::Policy) -> EngineName {
        EngineName {
            name: format!("mice-cake {policy}"),
            version: env!("CARGO_PKG_VERSION").to_owned(),
            // words-check: the game's name, never translated
            author: Some("Mice Cake".to_owned()),
        }
    }

    /// The card a bot played by this engine shows on the bots' page, with
    /// its owner's `note`, as the server keeps it (cleaned).
    pub fn card(&self, note: &str) -> Result<BotCard, BadBotCard> {
        BotCard {
            engine: self.name.clone(),
            version: self.version.clone(),
            author: self.author.clone().unwrap_or_default(),
            note: note.to_owned(),
        }
        .cleaned()
    }
}

/// Why an engine cannot go on.
#[derive(Debug, thiserror::Error)]
pub enum EngineGone {
    #[error("{0}")]
    Gone(String),
}

/// A running engine.
pub struct EngineLink {
    /// What it said of itself.
    pub engine: EngineName,
    child: Child,
    to_engine: mpsc::UnboundedSender<ToEngine>,
    lines: mpsc::Receiver<String>,
    /// The game the engine was last told of (the room's game number).
    pub told_game: Option<u32>,
}

/// A move asked for: played as answered, or replaced.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Answer {
    /// The engine's own, legal and in time.
    Played(Assignment),
    /// Replaced by the deadline's move, and why (already said).
    Replaced(Assignment),
}

impl Answer {
    /// The move to play.
    pub fn assignment(&self) -> Assignment {
        match self {
            Answer::Played(assignment) | Answer::Replaced(assignment) => *assignment,
        }
    }
}

impl EngineLink {
    /// Starts `command` (split as a shell would, but run without one) and
    /// shakes hands with it.
    pub async fn start(command: &str) -> Result<EngineLink, EngineGone> {
        let (program, mut child) = spawn(command)?;
        let (Some(stdin), Some(stdout), Some(stderr)) =
            (child.stdin.take(), child.stdout.take(), child.stderr.take())
        else {
            return Err(EngineGone::Gone(tr!(
                "engine-cannot-start",
                command = command,
                error = tr!("engine-no-pipes")
            )));
        };
        let (to_engine, outbox) = mpsc::unbounded_channel();
        tokio::spawn(write_lines(stdin, outbox));
        let (line_sender, lines) = mpsc::channel(64);
        tokio::spawn(read_lines(stdout, line_sender));
        // Its lines are named by the program until it names itself.
        let (name_sender, name) = watch::channel(program.clone());
        tokio::spawn(pass_stderr(stderr, name));
        let mut link = EngineLink {
            engine: EngineName {
                name: program,
                version: String::new(),
                author: None,
            },
            child,
            to_engine,
            lines,
            told_game: None,
        };
        link.engine = link.handshake().await?;
        name_sender.send_replace(link.engine.name.clone());
        Ok(link)
    }

    /// `hello`, and the engine's name in answer.
    async fn handshake(&mut self) -> Result<EngineName, EngineGone> {
        self.send(ToEngine::Hello {
            protocol: ENGINE_PROTOCOL_VERSION,
            client: format!("mice-cake {}", env!("CARGO_PKG_VERSION")),
        });
        let until = Instant::now() + HANDSHAKE_TIME;
        let line = self.next_line(until).await?.ok_or_else(|| {
            EngineGone::Gone(tr!(
                "engine-no-handshake",
                engine = self.engine.name.clone(),
                seconds = HANDSHAKE_TIME.as_secs()
            ))
        })?;
        match read_engine_line(&line) {
            Ok(FromEngine::Engine { protocol, name, .. })
                if protocol != ENGINE_PROTOCOL_VERSION =>
            {
                Err(EngineGone::Gone(tr!(
                    "engine-wrong-protocol",
                    engine = name,
                    theirs = protocol,
                    ours = ENGINE_PROTOCOL_VERSION
                )))
            }
            Ok(FromEngine::Engine {
                name,
                version,
                author,
                ..
            }) => Ok(EngineName {
                name,
                version,
                author,
            }),
            Ok(FromEngine::Error { message }) => Err(self.gave_up(&message)),
            Ok(FromEngine::Move { .. }) | Err(_) => Err(EngineGone::Gone(tr!(
                "engine-bad-handshake",
                engine = self.engine.name.clone(),
                line = shorten(&line)
            ))),
        }
    }

    /// Tells the engine something; nothing waits for the engine to read it.
    pub fn send(&self, message: ToEngine) {
        let _ = self.to_engine.send(message);
    }

    /// The engine's move for `round`, asked with `view` and given
    /// `time`: its own if legal and in time, else the deadline's move
    /// (said on standard error and to the engine).
    pub async fn ask(
        &mut self,
        seat: Seat,
        view: &GameView,
        time: Duration,
    ) -> Result<Answer, EngineGone> {
        let round = view.round;
        // Answers to rounds already played came too late: dropped.
        while let Ok(line) = self.lines.try_recv() {
            self.stale(&line);
        }
        let legal = view.legal_assignments(seat);
        self.send(ToEngine::Round {
            round,
            view: *view,
            legal: legal.clone(),
            time_ms: u64::try_from(time.as_millis()).unwrap_or(u64::MAX),
        });
        let until = Instant::now() + time;
        let (reason, message) = loop {
            let Some(line) = self.next_line(until).await? else {
                let seconds = format!("{:.1}", time.as_secs_f64());
                break (EngineRefusal::Late, tr!("engine-late", seconds = seconds));
            };
            match judge(&line, seat, view, &legal) {
                Judged::Played(assignment) => return Ok(Answer::Played(assignment)),
                Judged::Stale => self.stale(&line),
                Judged::Refused(reason, message) => break (reason, message),
                Judged::GaveUp(message) => return Err(self.gave_up(&message)),
            }
        };
        let played = greedy_assignment(view, seat);
        self.say(&tr!(
            "engine-replaced",
            engine = self.engine.name.clone(),
            round = round,
            why = message.clone(),
            played = played.to_string()
        ));
        self.send(ToEngine::Refused {
            round,
            reason,
            message,
            played,
        });
        Ok(Answer::Replaced(played))
    }

    /// Asks the engine to exit, and waits a moment for it; kills it past
    /// that.
    pub async fn quit(mut self) {
        self.send(ToEngine::Quit);
        drop(self.to_engine);
        let exited = tokio::time::timeout(Duration::from_secs(2), self.child.wait()).await;
        if exited.is_err() {
            let _ = self.child.kill().await;
        }
    }

    /// The next line the engine wrote, `None` past `until`; an error once
    /// its output is closed (it exited, or closed it).
    async fn next_line(&mut self, until: Instant) -> Result<Option<String>, EngineGone> {
        match timeout_at(until, self.lines.recv()).await {
            Err(_) => Ok(None),
            Ok(Some(line)) => Ok(Some(line)),
            Ok(None) => Err(self.exited().await),
        }
    }

    /// Why the engine is gone: how it exited, if it did.
    async fn exited(&mut self) -> EngineGone {
        let status = tokio::time::timeout(Duration::from_secs(1), self.child.wait()).await;
        let how = match status {
            Ok(Ok(status)) => status.to_string(),
            _ => tr!("engine-output-closed"),
        };
        EngineGone::Gone(tr!(
            "engine-gone",
            engine = self.engine.name.clone(),
            how = how
        ))
    }

    fn gave_up(&self, message: &str) -> EngineGone {
        EngineGone::Gone(tr!(
            "engine-gave-up",
            engine = self.engine.name.clone(),
            message = message
        ))
    }

    fn stale(&self, line: &str) {
        self.say(&tr!(
            "engine-stale",
            engine = self.engine.name.clone(),
            line = shorten(line)
        ));
    }

    /// A line on standard error, for whoever runs the bot.
    fn say(&self, line: &str) {
        #[allow(clippy::print_stderr)]
        {
            // words-check: the program's name before its line, as errors are
            eprintln!("mice-cake: {line}");
        }
    }
}

/// What an engine's line says for the round asked.
enum Judged {
    /// A legal move for it.
    Played(Assignment),
    /// A move for a round already played: too late for it.
    Stale,
    /// Not played, and why.
    Refused(EngineRefusal, String),
    /// The engine cannot go on.
    GaveUp(String),
}

/// Judges `line`, the engine's answer for `view`'s round.
fn judge(line: &str, seat: Seat, view: &GameView, legal: &[Assignment]) -> Judged {
    let round = view.round;
    match read_engine_line(line) {
        Ok(FromEngine::Move {
            round: answered,
            assignment,
        }) if answered == round => match assignment.assignment() {
            Ok(assignment) if legal.contains(&assignment) => Judged::Played(assignment),
            Ok(assignment) => {
                let why = view
                    .check(seat, &assignment)
                    .err()
                    .map_or_else(|| assignment.to_string(), |error| error.to_string());
                let assignment = assignment.to_string();
                Judged::Refused(
                    EngineRefusal::Illegal,
                    tr!("engine-illegal", assignment = assignment, why = why),
                )
            }
            Err(error) => Judged::Refused(
                EngineRefusal::Illegal,
                tr!("engine-not-a-move", line = shorten(line), error = error),
            ),
        },
        Ok(FromEngine::Move {
            round: answered, ..
        }) if answered < round => Judged::Stale,
        Ok(FromEngine::Move { .. }) => Judged::Refused(
            EngineRefusal::Illegal,
            tr!("engine-wrong-round", line = shorten(line), round = round),
        ),
        Ok(FromEngine::Error { message }) => Judged::GaveUp(message),
        Ok(FromEngine::Engine { .. }) => Judged::Refused(
            EngineRefusal::Unreadable,
            tr!(
                "engine-unreadable",
                line = shorten(line),
                error = tr!("engine-second-handshake")
            ),
        ),
        Err(error) => Judged::Refused(
            EngineRefusal::Unreadable,
            tr!("engine-unreadable", line = shorten(line), error = error),
        ),
    }
}

/// Starts the program `command` names: its name, and the process.
fn spawn(command: &str) -> Result<(String, Child), EngineGone> {
    let words = shlex::split(command)
        .filter(|words| !words.is_empty())
        .ok_or_else(|| EngineGone::Gone(tr!("engine-bad-command", command = command)))?;
    let child = Command::new(&words[0])
        .args(&words[1..])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .kill_on_drop(true)
        .spawn()
        .map_err(|error| {
            EngineGone::Gone(tr!(
                "engine-cannot-start",
                command = command,
                error = error.to_string()
            ))
        })?;
    Ok((words[0].clone(), child))
}

/// A line as quoted back: its first 120 characters.
fn shorten(line: &str) -> String {
    let mut short: String = line.chars().take(120).collect();
    if short.len() < line.len() {
        short.push('…');
    }
    short
}

/// Writes each message as a line, until the engine stops reading.
async fn write_lines(
    mut stdin: tokio::process::ChildStdin,
    mut outbox: mpsc::UnboundedReceiver<ToEngine>,
) {
    while let Some(message) = outbox.recv().await {
        let Ok(mut line) = serde_json::to_string(&message) else {
            continue;
        };
        line.push('\n');
        if stdin.write_all(line.as_bytes()).await.is_err() || stdin.flush().await.is_err() {
            break;
        }
    }
}

/// Reads the engine's lines, until its output closes.
async fn read_lines(stdout: tokio::process::ChildStdout, lines: mpsc::Sender<String>) {
    let mut reader = BufReader::new(stdout).lines();
    while let Ok(Some(line)) = reader.next_line().await {
        if line.trim().is_empty() {
            continue;
        }
        if lines.send(line).await.is_err() {
            break;
        }
    }
}

/// The engine's standard error, passed through with its name.
async fn pass_stderr(stderr: tokio::process::ChildStderr, name: watch::Receiver<String>) {
    let mut reader = BufReader::new(stderr).lines();
    while let Ok(Some(line)) = reader.next_line().await {
        let name = name.borrow().clone();
        #[allow(clippy::print_stderr)]
        {
            eprintln!("[{name}] {line}");
        }
    }
}

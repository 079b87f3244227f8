//! `mice-cake`: `--help` lists the commands; `docs/client.md` says what
//! each does and the exit statuses.

use std::io::IsTerminal as _;
use std::process::ExitCode;

use anyhow::Context as _;
use mice_cake_cli::cli::{ArenaAction, BotArena, BotEntry, Cli, Command, bot_name, websocket_url};
use mice_cake_cli::engine_link::EngineName;
use mice_cake_cli::identity;
use mice_cake_cli::net::{Entry, Identity, NetEvent};
use mice_cake_cli::outcome::{Outcome, Session};
use mice_cake_cli::plain::{self, Decider, Output, print_lines};
use mice_cake_cli::seats::SeatStore;
use mice_cake_cli::tui::model::Settings;
use mice_cake_cli::{replay, sim, tr, tui};
use mice_cake_engine::{Policy, Seed};
use mice_cake_protocol::ServerMessage;

#[tokio::main]
async fn main() -> ExitCode {
    // The language first: clap reads values (a name, a pool) and says what
    // is wrong with them in the player's words.
    let _ = mice_cake_cli::catalogue::choose(language_asked(std::env::args()).as_deref());
    let cli = <Cli as clap::Parser>::parse();
    let session = match run(cli).await {
        Ok(session) => session,
        Err(error) => Session {
            outcome: Outcome::Failed(format!("{error:#}")),
            room: None,
            games: Vec::new(),
            left: None,
        },
    };
    let (out, err) = session.farewell();
    print_lines(out);
    for line in err {
        // The one message of a failure, on standard error.
        #[allow(clippy::print_stderr)]
        {
            eprintln!("{line}");
        }
    }
    ExitCode::from(session.outcome.exit_code())
}

/// The language the command line asks for, read before clap reads it:
/// English with `--json` (the protocol's, never translated), else `--lang`
/// if it names a language with a catalogue, else none (the environment's).
fn language_asked(args: impl Iterator<Item = String>) -> Option<String> {
    let mut lang = None;
    let mut args = args.skip(1);
    while let Some(arg) = args.next() {
        match arg.as_str() {
            "--" => break,
            "--json" => return Some(mice_cake_words::DEFAULT_LANGUAGE.to_owned()),
            "--lang" => lang = args.next(),
            _ => {
                if let Some(value) = arg.strip_prefix("--lang=") {
                    lang = Some(value.to_owned());
                }
            }
        }
    }
    lang.filter(|lang| mice_cake_words::negotiate([lang.as_str()]).is_some())
}

/// What a command that does not play needs to say about itself.
fn done() -> Session {
    Session {
        outcome: Outcome::Done,
        room: None,
        games: Vec::new(),
        left: None,
    }
}

/// What every command needs first: a language it has words for, and the
/// certificates it trusts.
fn prepare(cli: &Cli) -> anyhow::Result<()> {
    // The language is chosen (`main`). `--lang` naming a language without
    // a catalogue is refused, in the environment's language.
    if let Some(lang) = &cli.lang
        && mice_cake_words::negotiate([lang.as_str()]).is_none()
    {
        anyhow::bail!(tr!(
            "main-unknown-language",
            lang = lang,
            languages = mice_cake_words::LANGUAGES.join(", ")
        ));
    }
    if let Some(ca_file) = &cli.ca_file {
        mice_cake_cli::tls::trust_only(ca_file)?;
    }
    Ok(())
}

async fn run(cli: Cli) -> anyhow::Result<Session> {
    prepare(&cli)?;
    let how = How::of(&cli);
    let output = how.output;
    let url = how.url.clone();
    match cli.command {
        Command::Create { room, vs_bot } => {
            let entry = Entry::Create(room.options(vs_bot.map(Into::into)));
            how.play(entry, Decider::Stdin).await
        }
        Command::Join { code } => join(how, code).await,
        Command::Resume { code } => resume(how, code).await,
        Command::Key => key(),
        Command::Play { seek } => {
            let mut how = how;
            how.settings.bot_after = Some(seek.bot_after);
            let mut seek = seek.seek();
            // The full-screen interface asks before playing the bot.
            seek.ask_before_bot = !how.plain;
            how.play(Entry::Seek(seek), Decider::Stdin).await
        }
        Command::Top {
            pool,
            limit,
            bots: true,
        } => printed(
            output,
            &mice_cake_cli::bots_page::bots(&how.http, limit)?,
            |page| mice_cake_cli::bots_page::bots_lines(page, pool),
        ),
        Command::Top { pool, limit, .. } => printed(
            output,
            &mice_cake_cli::standings::leaderboard(&how.http, pool, limit, false)?,
            mice_cake_cli::standings::leaderboard_lines,
        ),
        Command::Me => me(&how),
        Command::Rename { name } => {
            let store = SeatStore::for_user()?;
            let secret = identity::load_or_create(store.dir())?;
            rename(&url, &cli.name, &secret, &name).await
        }
        Command::Games => {
            let seats = how.seats.context(tr!("seats-no-directory"))?;
            print_lines(plain::seats_table(&seats.all()?));
            Ok(done())
        }
        Command::Watch { code } => how.play(Entry::Watch(code), Decider::Watch).await,
        command @ (Command::Bot { .. } | Command::Engine { .. } | Command::EngineMatch { .. }) => {
            programs(command, how, &cli.name, output).await
        }
        Command::Rooms => rooms(&url, &cli.name, output).await,
        Command::Arena { action } => arena(action, how, output).await,
        Command::Sim {
            games,
            seed,
            policies,
            record,
            game,
        } => printed(
            output,
            &sim::simulate(games, seed, policies, game.options(), record.as_deref())?,
            |summary| sim::report(summary, seed, policies),
        ),
        Command::Verify {
            match_id: Some(id), ..
        } => verify_match(&id, &cli.server),
        Command::Verify { source, .. } => {
            verify(source.as_deref().unwrap_or_default(), &cli.server)
        }
        Command::Analyse { source } => analyse(&source, &cli.server, output),
        Command::Replay { source } => replay(&source, &cli.server, how.plain),
        command @ (Command::Challenge { .. }
        | Command::Challenges { .. }
        | Command::Accept { .. }
        | Command::Decline { .. }) => challenges(how, command).await,
    }
}

/// `mice-cake analyse SOURCE`.
fn analyse(source: &str, server: &str, output: Output) -> anyhow::Result<Session> {
    let replay = replay::load(source, server)?;
    printed(output, &mice_cake_cli::analysis::of(&replay)?, |analysis| {
        mice_cake_cli::analysis::lines(analysis, &replay)
    })
}

/// `mice-cake replay SOURCE`: in lines, or stepped through on the screen.
fn replay(source: &str, server: &str, plain: bool) -> anyhow::Result<Session> {
    let replay = replay::load(source, server)?;
    if plain {
        print_lines(replay::lines(&replay));
    } else {
        tui::replay::run(replay)?;
    }
    Ok(done())
}

/// `mice-cake challenge`, `challenges`, `accept` and `decline`.
async fn challenges(how: How, command: Command) -> anyhow::Result<Session> {
    use mice_cake_cli::challenge_commands as challenges;
    let (url, name, output) = (how.url.clone(), how.name.clone(), how.output);
    let identity = how.identity.clone();
    match command {
        Command::Challenge { who, room } => {
            let to = challenges::resolve(&who, &how.http)?;
            let options = room.options(None);
            how.play(Entry::Challenge { to, options }, Decider::Stdin)
                .await
        }
        Command::Accept { id } => {
            how.play(Entry::Accept { id, wait: false }, Decider::Stdin)
                .await
        }
        Command::Challenges { from: None } => {
            challenges::list(&url, &name, identity, output).await?;
            Ok(done())
        }
        Command::Challenges { from: Some(from) } => {
            challenges::take_from(&url, &name, identity, from.into(), output).await?;
            Ok(done())
        }
        Command::Decline { id } => {
            challenges::decline(&url, &name, identity, id, output).await?;
            Ok(done())
        }
        // `run` sends only the three above here.
        _ => Ok(done()),
    }
}

/// Prints `value`: as JSON, or as the lines `text` makes of it.
fn printed<T: serde::Serialize, L: IntoIterator<Item = S>, S: AsRef<str>>(
    output: Output,
    value: &T,
    text: impl FnOnce(&T) -> L,
) -> anyhow::Result<Session> {
    match output {
        Output::Json => print_lines([serde_json::to_string(value)?]),
        Output::Text => print_lines(text(value)),
    }
    Ok(done())
}

/// `mice-cake join CODE`: a seat already held in that room (a terminal
/// closed, say) is taken back; if it is gone, the free seat is taken.
async fn join(how: How, code: mice_cake_protocol::RoomCode) -> anyhow::Result<Session> {
    let held = match &how.seats {
        Some(seats) => seats.get(&how.url, code, &how.name)?,
        None => None,
    };
    let entry = match held {
        Some(held) => Entry::Resume {
            code,
            token: held.token,
            or_join: true,
        },
        None => Entry::Join(code),
    };
    how.play(entry, Decider::Stdin).await
}

/// `mice-cake resume [CODE]`.
async fn resume(how: How, code: Option<mice_cake_protocol::RoomCode>) -> anyhow::Result<Session> {
    let seats = how.seats.clone().context(tr!("seats-no-directory"))?;
    let url = &how.url;
    // Your seats first (by --name), then any kept on this server.
    let mut held: Vec<_> = seats
        .all()?
        .into_iter()
        .filter(|held| held.server == *url && code.is_none_or(|code| held.room == code))
        .collect();
    held.sort_by_key(|seat| seat.name != how.name);
    let held = held.into_iter().next();
    let Some(held) = held else {
        anyhow::bail!(match code {
            Some(code) => tr!("main-no-seat-in-room", code = code.to_string(), url = url),
            None => tr!("main-no-seat", url = url),
        });
    };
    let entry = Entry::Resume {
        code: held.room,
        token: held.token,
        or_join: false,
    };
    // The seat was kept under its name: resume as that player.
    let how = How {
        name: held.name.clone(),
        ..how
    };
    how.play(entry, Decider::Stdin).await
}

/// `mice-cake key`.
fn key() -> anyhow::Result<Session> {
    let store = SeatStore::for_user()?;
    let secret = identity::load_or_create(store.dir())?;
    print_lines([
        secret.public_key().to_string(),
        tr!(
            "main-public-key",
            path = store.dir().join(identity::FILE).display().to_string()
        ),
    ]);
    Ok(done())
}

/// `mice-cake me`.
fn me(how: &How) -> anyhow::Result<Session> {
    let store = SeatStore::for_user()?;
    let key = identity::load_or_create(store.dir())?.public_key();
    let page = mice_cake_cli::standings::player(&how.http, key)?;
    match (how.output, page) {
        (Output::Json, page) => print_lines([serde_json::to_string(&page)?]),
        (Output::Text, Some(page)) => {
            print_lines(mice_cake_cli::standings::player_lines(&page));
        }
        (Output::Text, None) => print_lines([tr!(
            "main-no-game-yet",
            server = how.http.as_str(),
            key = key.to_string()
        )]),
    }
    Ok(done())
}

/// The commands where a program plays: `bot`, `engine`, `engine-match`.
async fn programs(
    command: Command,
    how: How,
    name: &str,
    output: Output,
) -> anyhow::Result<Session> {
    match command {
        Command::Bot {
            entry,
            policy,
            seed,
            think,
            engine,
            engine_time,
            note,
        } => {
            let brain = match engine {
                Some(command) => Brain::Engine(command, engine_time),
                None => Brain::Policy(policy.into(), seed, think),
            };
            bot(how, name, entry, brain, &note).await
        }
        Command::EngineMatch {
            first,
            second,
            games,
            seed,
            engine_time,
            game,
        } => {
            let played = mice_cake_cli::engine_match::play(
                [&first, &second],
                games,
                seed,
                game.options(),
                engine_time,
            )
            .await
            .map_err(|gone| anyhow::anyhow!(gone.to_string()))?;
            printed(output, &played, |played| {
                mice_cake_cli::engine_match::report(played, seed)
            })
        }
        Command::Engine { policy, seed } => {
            let rng = Seed::from_u64(seed.unwrap_or_else(rand_seed)).rng();
            mice_cake_cli::engine_command::serve(
                policy.into(),
                rng,
                std::io::stdin().lock(),
                std::io::stdout().lock(),
            )?;
            Ok(done())
        }
        _ => Ok(done()),
    }
}

/// `mice-cake bot …`: a program plays, with a key of its own, declared a
/// bot's.
async fn bot(
    how: How,
    name: &str,
    entry: BotEntry,
    brain: Brain,
    note: &str,
) -> anyhow::Result<Session> {
    // The engine first: one that cannot start is told before anything is
    // asked of the server.
    let (decider, what, key_file, engine) = match brain {
        Brain::Policy(policy, seed, think) => {
            let rng = Seed::from_u64(seed.unwrap_or_else(rand_seed)).rng();
            (
                Decider::Policy(policy, Box::new(rng), think),
                policy.to_string(),
                identity::bot_key_file(policy),
                EngineName::built_in(policy),
            )
        }
        Brain::Engine(command, limit) => {
            let link = mice_cake_cli::engine_link::EngineLink::start(&command)
                .await
                .map_err(|gone| anyhow::anyhow!(gone.to_string()))?;
            let what = link.engine.name.clone();
            let key_file = identity::engine_key_file(&what);
            let engine = link.engine.clone();
            (
                Decider::Engine(Box::new(link), limit),
                what,
                key_file,
                engine,
            )
        }
    };
    // Checked before the server is asked anything, as the server checks it.
    let card = engine.card(note).map_err(|bad| {
        anyhow::anyhow!(mice_cake_cli::catalogue::refusal_with(
            mice_cake_protocol::ErrorCode::BadBotCard,
            &bad.to_string(),
            &bad.args()
        ))
    })?;
    let entry = match entry {
        BotEntry::Create { room } => Entry::Create(room.options(None)),
        BotEntry::Join { code } => Entry::Join(code),
        BotEntry::Play { seek } => Entry::Seek(seek.seek()),
        BotEntry::Arena {
            action: BotArena::Join { id, code },
        } => Entry::Arena {
            id,
            join_code: code,
        },
        BotEntry::Challenge { who, room } => Entry::Challenge {
            to: mice_cake_cli::challenge_commands::resolve(&who, &how.http)?,
            options: room.options(None),
        },
        BotEntry::Accept { id } => {
            if how.output == Output::Text {
                print_lines([tr!("main-bot-takes-challenges")]);
            }
            Entry::Accept { id, wait: true }
        }
    };
    let how = How {
        name: bot_name(name, what),
        plain: true,
        identity: Identity {
            secret: player_secret(&key_file),
            bot: true,
            card: Some(card),
        },
        ..how
    };
    how.play(entry, decider).await
}

/// Who plays a bot's moves.
enum Brain {
    /// A built-in policy, its seed, and how long it thinks.
    Policy(Policy, Option<u64>, std::time::Duration),
    /// An outside engine's command line, and the most it may take a move.
    Engine(String, std::time::Duration),
}

/// `mice-cake verify SOURCE`: the exit status says the verdict.
fn verify(source: &str, server: &str) -> anyhow::Result<Session> {
    let loaded = mice_cake_cli::verify::load(source, server)?;
    let verdict = mice_cake_cli::verify::verify_loaded(&loaded, None);
    let line = verdict.line();
    let outcome = match verdict.exit_code() {
        0 => {
            print_lines([line]);
            return Ok(done());
        }
        1 => Outcome::Failed(line),
        _ => Outcome::Unproven(line),
    };
    Ok(Session {
        outcome,
        room: None,
        games: Vec::new(),
        left: None,
    })
}

fn verify_match(id: &str, server: &str) -> anyhow::Result<Session> {
    let (summary, games) = mice_cake_cli::match_verify::load(id, server)?;
    let verdict = mice_cake_cli::match_verify::verify_match(&summary, &games);
    let line = verdict.line();
    if verdict.exit_code() == 0 {
        print_lines([line]);
        return Ok(done());
    }
    Ok(Session {
        outcome: Outcome::Failed(line),
        room: None,
        games: Vec::new(),
        left: None,
    })
}

/// How to play: where, as whom, through which interface.
struct How {
    url: String,
    /// The server's HTTP address (records, to verify).
    http: String,
    /// The server as given (`--server`), for the command told to an
    /// opponent.
    server: String,
    name: String,
    plain: bool,
    output: Output,
    settings: Settings,
    seats: Option<SeatStore>,
    /// The player's key pair, which signs their moves, and whether a
    /// program plays.
    identity: Identity,
}

impl How {
    /// How the command line says to play.
    fn of(cli: &Cli) -> How {
        let output = if cli.json { Output::Json } else { Output::Text };
        let plain = cli.plain
            || cli.json
            || !std::io::stdin().is_terminal()
            || !std::io::stdout().is_terminal();
        How {
            url: websocket_url(&cli.server),
            http: mice_cake_cli::cli::http_url(&cli.server),
            server: cli.server.clone(),
            name: cli.name.clone(),
            plain,
            output,
            settings: Settings {
                animation: !cli.no_animation,
                bell: cli.bell,
                chat: !cli.no_chat,
                bot_after: None,
            },
            // Without a state directory, seats are not kept: playing still works.
            seats: SeatStore::for_user().ok(),
            identity: Identity {
                secret: player_secret(identity::FILE),
                bot: false,
                card: None,
            },
        }
    }

    async fn play(self, entry: Entry, decider: Decider) -> anyhow::Result<Session> {
        // A bot's seat is not kept: it is never resumed by hand.
        let seats = match decider {
            Decider::Policy(..) | Decider::Engine(..) => None,
            Decider::Stdin | Decider::Watch => self.seats,
        };
        // Sealed moves are kept beside the seats, for a seat taken back.
        let kept = seats.as_ref().map(|seats| {
            let file = mice_cake_cli::openings::OpeningsFile::in_dir(seats.dir());
            let openings = file.load();
            mice_cake_cli::sealing::KeptOpenings::new(file, openings)
        });
        // The nonces' seed, drawn here: sealed play itself draws nothing.
        let sealer = mice_cake_cli::sealing::Sealer::new(
            kept,
            self.identity.secret.clone(),
            mice_cake_cli::openings::fresh_nonce_seed(),
        );
        let session =
            mice_cake_cli::net::connect(&self.url, &self.name, entry, seats, self.identity).await?;
        if self.plain {
            plain::run(
                session,
                self.output,
                decider,
                self.settings.chat,
                self.http,
                self.server,
                sealer,
            )
            .await
        } else {
            tui::run(session, self.settings, &self.http, &self.server, sealer).await
        }
    }
}

/// `mice-cake arena create …`: `spec`, named `title` (or after its
/// creator, the player), made by the player.
fn create_arena(
    spec: mice_cake_protocol::arena::ArenaSpec,
    title: Option<String>,
    how: &How,
    output: Output,
    now_ms: u64,
) -> anyhow::Result<Session> {
    let store = SeatStore::for_user()?;
    let secret = identity::load_or_create(store.dir())?;
    let spec = mice_cake_protocol::arena::ArenaSpec {
        name: title.unwrap_or_else(|| tr!("main-default-arena-title", name = how.name.as_str())),
        ..spec
    };
    let made = mice_cake_cli::arenas::create(&how.http, spec, &secret, &how.name)?;
    match output {
        Output::Json => print_lines([serde_json::to_string(&made)?]),
        Output::Text => print_lines([
            made.id.to_string(),
            mice_cake_cli::arena_text::header(&made, now_ms),
            tr!(
                "main-join-arena-with",
                command = join_arena_command(&how.server, &made)
            ),
        ]),
    }
    Ok(done())
}

/// The command that joins the arena `made` on `server`: `--server` said
/// when it is not the default, `--code` for a club's.
fn join_arena_command(server: &str, made: &mice_cake_protocol::arena::ArenaSummary) -> String {
    let server = if server == mice_cake_cli::cli::DEFAULT_SERVER {
        String::new()
    } else {
        format!(" --server {server}")
    };
    // words-check: a command line, typed as it is in every language.
    let code = if made.private { " --code CODE" } else { "" };
    // words-check: a command line, typed as it is in every language.
    format!("mice-cake{server} arena join {}{code}", made.id)
}

/// A duration in milliseconds (the protocol's unit).
fn millis(time: std::time::Duration) -> u64 {
    u64::try_from(time.as_millis()).unwrap_or(u64::MAX)
}

/// `mice-cake arena …`.
async fn arena(action: ArenaAction, how: How, output: Output) -> anyhow::Result<Session> {
    let now_ms = mice_cake_cli::arena_text::now_ms();
    match action {
        ArenaAction::List => {
            let list = mice_cake_cli::arenas::list(&how.http)?;
            match output {
                Output::Json => print_lines([serde_json::to_string(&list)?]),
                Output::Text => print_lines(mice_cake_cli::arena_text::list_lines(&list, now_ms)),
            }
            Ok(done())
        }
        ArenaAction::Create {
            title,
            minutes,
            rated,
            starts_in,
            pool,
            time,
            join_code,
            bots,
        } => {
            let spec = mice_cake_protocol::arena::ArenaSpec {
                name: String::new(),
                starts_at_ms: Some(now_ms + millis(starts_in)),
                minutes,
                pool,
                deadline_ms: time.map(millis),
                rated,
                join_code,
                bots: bots.then_some(true),
            };
            create_arena(spec, title, &how, output, now_ms)
        }
        ArenaAction::Join { id, code } => {
            // The standings between games are lines: the line interface.
            let how = How { plain: true, ..how };
            how.play(
                Entry::Arena {
                    id,
                    join_code: code,
                },
                Decider::Stdin,
            )
            .await
        }
        ArenaAction::Watch { id } => {
            let how = How { plain: true, ..how };
            how.play(Entry::WatchArena(id), Decider::Watch).await
        }
    }
}

async fn rooms(url: &str, name: &str, output: Output) -> anyhow::Result<Session> {
    let mut session =
        mice_cake_cli::net::connect(url, name, Entry::List, None, Identity::default()).await?;
    while let Some(event) = session.events.recv().await {
        match event {
            NetEvent::Message(message @ ServerMessage::RoomList { .. }) => {
                match (output, &message) {
                    (Output::Json, _) => print_lines([serde_json::to_string(&message)?]),
                    (Output::Text, ServerMessage::RoomList { rooms, total }) => {
                        print_lines(plain::rooms_table(rooms, *total));
                    }
                    _ => {}
                }
                return Ok(done());
            }
            NetEvent::Message(ServerMessage::Error {
                code,
                message,
                args,
            }) => anyhow::bail!(mice_cake_cli::catalogue::refusal_with(
                code, &message, &args
            )),
            NetEvent::Closed(reason) => anyhow::bail!(tr!("main-disconnected", reason = reason)),
            _ => {}
        }
    }
    Err(anyhow::anyhow!(tr!("main-connection-ended"))).context(tr!("main-listing-rooms"))
}

/// Renames the player whose key `secret` holds: says hello, then the
/// signed rename, and prints the server's answer.
async fn rename(
    url: &str,
    hello_name: &str,
    secret: &mice_cake_engine::PlayerSecret,
    name: &str,
) -> anyhow::Result<Session> {
    let clean = mice_cake_protocol::player_name(name)
        .map_err(|error| anyhow::anyhow!(mice_cake_cli::cli::bad_name(&error)))?;
    let at_ms = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)?
        .as_millis();
    let at_ms = u64::try_from(at_ms)?;
    let rename = mice_cake_protocol::ClientMessage::Rename {
        key: secret.public_key(),
        name: clean.clone(),
        at_ms,
        signature: secret.sign_rename(&clean, at_ms),
    };
    let mut session =
        mice_cake_cli::net::connect(url, hello_name, Entry::List, None, Identity::default())
            .await?;
    let mut asked = false;
    while let Some(event) = session.events.recv().await {
        match event {
            NetEvent::Message(ServerMessage::RoomList { .. }) if !asked => {
                asked = true;
                session.commands.send(rename.clone()).await?;
            }
            NetEvent::Message(ServerMessage::Renamed { name, .. }) => {
                print_lines([tr!("main-renamed", name = name)]);
                return Ok(done());
            }
            NetEvent::Message(ServerMessage::Error {
                code,
                message,
                args,
            }) => anyhow::bail!(mice_cake_cli::catalogue::refusal_with(
                code, &message, &args
            )),
            NetEvent::Closed(reason) => anyhow::bail!(tr!("main-disconnected", reason = reason)),
            _ => {}
        }
    }
    Err(anyhow::anyhow!(tr!("main-connection-ended"))).context(tr!("main-renaming"))
}

/// A seed for a bot when none is given: from the clock, which is fine for
/// a practice partner's choices.
fn rand_seed() -> u64 {
    std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |time| time.as_nanos() as u64)
}

/// The key pair kept in `file` of the state directory (made there on first
/// use). Without one the client still plays, but nothing proves its moves
/// were its player's: it says so, on standard error.
fn player_secret(file: &str) -> Option<mice_cake_engine::PlayerSecret> {
    let secret = SeatStore::for_user()
        .map_err(anyhow::Error::from)
        .and_then(|store| Ok(identity::load_or_create_in(store.dir(), file)?));
    match secret {
        Ok(secret) => Some(secret),
        Err(error) => {
            #[allow(clippy::print_stderr)]
            {
                eprintln!("{}", tr!("main-no-key", error = format!("{error:#}")));
            }
            None
        }
    }
}

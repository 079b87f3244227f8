//! The command line: subcommands, flags and environment variables.

use std::path::PathBuf;
use std::time::Duration;

use clap::{Args, Parser, Subcommand, ValueEnum};
use mice_cake_engine::{Options, Policy, Reveal};
use mice_cake_protocol::{
    ArenaId, ChallengeId, ChallengesFrom, MAX_NAME_CHARS, RoomCode, RoomOptions, arena_name,
    player_name,
};

use crate::tr;

/// The server a client reaches without `--server`.
pub const DEFAULT_SERVER: &str = "ws://localhost:8080";

/// The command that joins room `code` on `server`, to tell the opponent:
/// `--server` said when it is not the default.
pub fn join_command(code: impl std::fmt::Display, server: &str) -> String {
    if server == DEFAULT_SERVER {
        // words-check: a command line, typed as it is in every language.
        format!("mice-cake join {code}")
    } else {
        // words-check: a command line, typed as it is in every language.
        format!("mice-cake --server {server} join {code}")
    }
}

/// Play, watch and list Mice Cake games on a server.
#[derive(Debug, Parser)]
#[command(name = "mice-cake", version)]
pub struct Cli {
    /// The server: `ws://host:port`, `wss://host` (behind TLS), or `host:port`.
    #[arg(
        long,
        global = true,
        env = "MICE_CAKE_SERVER",
        default_value = DEFAULT_SERVER
    )]
    pub server: String,

    /// Your name, as others see it.
    #[arg(
        long,
        global = true,
        env = "MICE_CAKE_NAME",
        default_value_t = default_name(),
        value_parser = parse_name
    )]
    pub name: String,

    /// Line-oriented text instead of the full-screen interface (the default
    /// when standard input or output is not a terminal).
    #[arg(long, global = true)]
    pub plain: bool,

    /// One JSON message per line, for programs (implies --plain).
    #[arg(long, global = true)]
    pub json: bool,

    /// Show each reveal at once, without rolling its dice one attempt after
    /// another (the full-screen interface only).
    #[arg(long, global = true)]
    pub no_animation: bool,

    /// Ring the terminal's bell when a round opens for you, and when your
    /// opponent offers a rematch.
    #[arg(long, global = true)]
    pub bell: bool,

    /// Hide the chat: nothing said is shown, nothing can be said.
    #[arg(long, global = true)]
    pub no_chat: bool,

    /// The language to speak (en, fr, es), instead of the one LC_ALL,
    /// LC_MESSAGES or LANG names. `--json` is never translated.
    #[arg(long, global = true, value_name = "LANGUAGE")]
    pub lang: Option<String>,

    /// Trust this CA's certificates (a PEM file), and no others, on
    /// `wss://` and `https://`: a server of your own behind Caddy's
    /// `tls internal`, or a private CA.
    #[arg(long, global = true, env = "MICE_CAKE_CA_FILE")]
    pub ca_file: Option<PathBuf>,

    #[command(subcommand)]
    pub command: Command,
}

/// What to do.
#[derive(Debug, Subcommand)]
pub enum Command {
    /// Create a room, show its code, wait for an opponent and play.
    Create {
        #[command(flatten)]
        room: RoomArgs,
        /// Play against a server-side bot instead of waiting for someone.
        #[arg(long, value_name = "POLICY")]
        vs_bot: Option<PolicyArg>,
    },
    /// Take the free seat of a room and play — or, if you hold a seat in it
    /// (your terminal closed, say), take that seat back.
    Join {
        /// The room's code.
        code: RoomCode,
    },
    /// Take back a seat you hold: the one in room CODE, or the latest.
    Resume {
        /// The room's code; by default the seat you took last on this server.
        code: Option<RoomCode>,
    },
    /// List the seats you hold (on every server), to resume them.
    Games,
    /// Watch a room.
    Watch {
        /// The room's code.
        code: RoomCode,
    },
    /// List the public rooms.
    Rooms,
    /// Play with a policy: a practice partner, or a test.
    Bot {
        #[command(subcommand)]
        entry: BotEntry,
        /// How the bot chooses.
        #[arg(long, global = true, default_value = "greedy")]
        policy: PolicyArg,
        /// Seed of the bot's own random choices.
        #[arg(long, global = true)]
        seed: Option<u64>,
        /// How long the bot thinks before each commit, like a person
        /// (e.g. 2s); none by default.
        #[arg(long, global = true, default_value = "0s", value_parser = humantime::parse_duration)]
        think: Duration,
        /// An outside engine plays instead of a policy: its command line
        /// (e.g. "python3 my_engine.py"), spoken to over the engine
        /// protocol (docs/engines.md).
        #[arg(long, global = true, conflicts_with = "policy")]
        engine: Option<String>,
        /// The most an engine may take for a move (within the round's
        /// deadline): past it, the deadline's move is played for it.
        #[arg(long, global = true, default_value = "5s", value_parser = humantime::parse_duration)]
        engine_time: Duration,
        /// The owner's note on the bots' page (/bots), beside the engine's
        /// name and version: what the bot is, where its code is (at most
        /// 200 characters).
        #[arg(long, global = true, default_value = "")]
        note: String,
    },
    /// Run a built-in policy as an engine: the engine protocol on standard
    /// input and output (docs/engines.md), for `bot --engine` and
    /// `engine-match`.
    Engine {
        /// The policy.
        #[arg(long, default_value = "greedy")]
        policy: PolicyArg,
        /// Seed of its random choices.
        #[arg(long)]
        seed: Option<u64>,
    },
    /// Play games between two policies offline, with the engine alone.
    Sim {
        /// How many games.
        #[arg(long, default_value_t = 100)]
        games: u64,
        /// Seed of the first game (the others follow it).
        #[arg(long, default_value_t = 1)]
        seed: u64,
        /// The two policies, comma-separated (they swap seats every game).
        #[arg(long, default_value = "greedy,random", value_parser = parse_pair)]
        policies: (Policy, Policy),
        /// Write each game's record into this directory.
        #[arg(long)]
        record: Option<PathBuf>,
        #[command(flatten)]
        game: GameArgs,
    },
    /// Play games between two outside engines offline, with the rules
    /// engine alone, every answer checked (docs/engines.md).
    EngineMatch {
        /// The first engine's command line (e.g. "python3 my_engine.py").
        first: String,
        /// The second engine's command line (e.g. "mice-cake engine --policy strong").
        second: String,
        /// How many games (the engines swap seats every game).
        #[arg(long, default_value_t = 20)]
        games: u64,
        /// Seed of the first game (the others follow it).
        #[arg(long, default_value_t = 1)]
        seed: u64,
        /// The most an engine may take for a move: past it, the deadline's
        /// move is played for it.
        #[arg(long, default_value = "5s", value_parser = humantime::parse_duration)]
        engine_time: Duration,
        #[command(flatten)]
        game: GameArgs,
    },
    /// Step through a finished game's record, from a file or the server.
    Replay {
        /// A record file, a `…/api/games/ID` URL, or a game id (fetched from --server).
        source: String,
    },
    /// Analyse a finished game: each move against the best the `strong`
    /// bot finds, in pips, and each player's costliest mistakes. Made with
    /// this client's engine (the same analysis the server makes).
    Analyse {
        /// A record file, a `…/api/games/ID` URL, or a game id (fetched from --server).
        source: String,
    },
    /// Play now: be paired with whoever is waiting, the closest rating
    /// first, in a rated game unless --casual; after --bot-after without an
    /// opponent, play the server's strongest bot instead (unrated).
    Play {
        #[command(flatten)]
        seek: SeekArgs,
    },
    /// The best players of a pool on the server: rated games only, ratings
    /// no longer provisional (docs/ratings.md).
    Top {
        /// The pool: standard, boost, face_up, face_up_boost, face_down or
        /// face_down_boost.
        #[arg(long, default_value = "standard")]
        pool: mice_cake_protocol::Pool,
        /// How many players (bots: at most 100).
        #[arg(long, default_value_t = 20, value_parser = clap::value_parser!(u32).range(1..=200))]
        limit: u32,
        /// The bots' page instead (/bots: every key that declared itself a
        /// bot, the most games first, each with its engine's name and
        /// version, its rating in the pool among bots, its games and its
        /// owner's note).
        #[arg(long)]
        bots: bool,
    },
    /// Arenas: tournaments with a start and an end, where everyone plays
    /// as many games as they can, paired again as each game ends
    /// (docs/arenas.md).
    Arena {
        #[command(subcommand)]
        action: ArenaAction,
    },
    /// Your ratings on the server (your key is who you are), their history,
    /// and your latest games.
    Me,
    /// Give yourself another name on the server's pages and leaderboard
    /// (signed with your key, which stays: so does your rating).
    Rename {
        /// The new name.
        name: String,
    },
    /// Show your public key: the one your moves are signed with, which a
    /// verdict names by its first digits (docs/fairness.md, "Signed moves").
    /// Made the first time it is needed.
    Key,
    /// Challenge a player to a room of these options (a match with
    /// --first-to): wait for their answer (Ctrl-C takes the challenge
    /// back), and play once they accept. Exit 1 if they decline, or if it
    /// expires.
    Challenge {
        /// Whom: their key (64 hex digits), or their name on the server
        /// (one player only may have it).
        who: String,
        #[command(flatten)]
        room: RoomArgs,
    },
    /// The challenges waiting for your answer and those you sent; with
    /// --from, whom you take challenges from instead.
    Challenges {
        /// Take challenges from everyone, only from players you have
        /// played, or from nobody (signed with your key).
        #[arg(long, value_enum, value_name = "WHOM")]
        from: Option<FromArg>,
    },
    /// Accept a challenge made to you — ID, or the newest waiting — and
    /// play it.
    Accept {
        /// The challenge's id (in its link, `/c/ID`); the newest by default.
        id: Option<ChallengeId>,
    },
    /// Decline a challenge made to you: ID, or the newest waiting.
    Decline {
        /// The challenge's id; the newest by default.
        id: Option<ChallengeId>,
    },
    /// Check that a finished game was fair: the seed against its
    /// commitment, every seal against its opening and its player's
    /// signature, the deal and every die against the seed and both
    /// players' nonces, every outcome against the rules (docs/fairness.md).
    /// Exit 0 when fair, 1 when a link is broken (the first one is named),
    /// 3 for a game from before sealed play.
    Verify {
        /// A record file, a `…/api/games/ID` URL, or a game id (fetched from --server).
        #[arg(required_unless_present = "match_id")]
        source: Option<String>,
        /// Check a whole match instead (docs/fairness.md, "Matches"): its id
        /// or a `…/api/matches/ID` URL. Every game is fetched and verified,
        /// then the chain: every game there, in order, none dropped or
        /// added, the same two players, the score and winner right.
        #[arg(long = "match", value_name = "ID", conflicts_with = "source")]
        match_id: Option<String>,
    },
}

/// What `play` seeks.
#[derive(Debug, Clone, Args)]
pub struct SeekArgs {
    /// The pool: standard, boost, face_up, face_up_boost, face_down,
    /// face_down_boost, or any.
    #[arg(long, default_value = "any", value_parser = any_pool)]
    pub pool: AnyPool,
    /// Time per round (e.g. 30s), or any.
    #[arg(long, default_value = "any", value_parser = any_time)]
    pub time: AnyTime,
    /// A casual game: no rating moves, and no key is needed.
    #[arg(long)]
    pub casual: bool,
    /// How long to wait for an opponent before playing the bot (0s:
    /// never).
    #[arg(long, default_value = "30s", value_parser = humantime::parse_duration)]
    pub bot_after: Duration,
}

impl SeekArgs {
    /// The seek, as the connection makes it.
    pub fn seek(&self) -> crate::net::Seek {
        let millis = |time: Duration| u64::try_from(time.as_millis()).unwrap_or(u64::MAX);
        crate::net::Seek {
            pool: self.pool.0,
            deadline_ms: self.time.0.map(millis),
            rated: !self.casual,
            bot_after_ms: Some(millis(self.bot_after)),
            ask_before_bot: false,
        }
    }
}

/// A pool, or any (`--pool any`).
#[derive(Debug, Clone, Copy)]
pub struct AnyPool(pub Option<mice_cake_protocol::Pool>);

/// A time per round, or any (`--time any`).
#[derive(Debug, Clone, Copy)]
pub struct AnyTime(pub Option<Duration>);

fn any_pool(text: &str) -> Result<AnyPool, String> {
    if text.trim().eq_ignore_ascii_case("any") {
        return Ok(AnyPool(None));
    }
    text.parse().map(|pool| AnyPool(Some(pool))).map_err(
        |error: mice_cake_protocol::UnknownPool| {
            tr!("cli-unknown-pool", pool = format!("{:?}", error.0))
        },
    )
}

fn any_time(text: &str) -> Result<AnyTime, String> {
    if text.trim().eq_ignore_ascii_case("any") {
        return Ok(AnyTime(None));
    }
    humantime::parse_duration(text)
        .map(|time| AnyTime(Some(time)))
        .map_err(|error| tr!("cli-bad-time", error = error.to_string()))
}

/// What `mice-cake arena` does.
#[derive(Debug, Subcommand)]
pub enum ArenaAction {
    /// The upcoming, live and latest finished arenas.
    List,
    /// Make an arena (with your key, which may have 3 open at a time):
    /// prints its id on a line of its own. You are its creator, by your
    /// `--name`; `--title` names the arena.
    Create {
        /// The arena's name (up to 40 characters); "YOUR-NAME's arena" by
        /// default.
        #[arg(long, value_parser = parse_arena_name)]
        title: Option<String>,
        /// How long it lasts, in minutes (1 to 180).
        #[arg(long, value_parser = clap::value_parser!(u32).range(1..=180))]
        minutes: u32,
        /// Rate its games.
        #[arg(long)]
        rated: bool,
        /// When it starts, from now (e.g. 10m); at once by default.
        #[arg(long, default_value = "0s", value_parser = humantime::parse_duration)]
        starts_in: Duration,
        /// The pool of its games: standard, boost, face_up, face_up_boost,
        /// face_down or face_down_boost.
        #[arg(long, default_value = "standard")]
        pool: mice_cake_protocol::Pool,
        /// Time per round (e.g. 30s); the server's by default.
        #[arg(long, value_parser = humantime::parse_duration)]
        time: Option<Duration>,
        /// A club's arena: only whoever gives this code may join.
        #[arg(long)]
        join_code: Option<String>,
        /// Let declared bots join a rated arena (a casual one takes them
        /// anyway).
        #[arg(long)]
        bots: bool,
    },
    /// Join an arena and play it: paired as each game ends, the standings
    /// shown between games. Type `pause` to stop being paired (you stay on
    /// the standings), `join` to come back.
    Join {
        /// The arena's id.
        id: ArenaId,
        /// A club's arena's join code.
        #[arg(long)]
        code: Option<String>,
    },
    /// Watch an arena's standings as they change, until it is over.
    Watch {
        /// The arena's id.
        id: ArenaId,
    },
}

/// How a bot plays an arena.
#[derive(Debug, Subcommand)]
pub enum BotArena {
    /// Join an arena and play it until it is over.
    Join {
        /// The arena's id.
        id: ArenaId,
        /// A club's arena's join code.
        #[arg(long)]
        code: Option<String>,
    },
}

/// How a bot enters a room.
#[derive(Debug, Subcommand)]
pub enum BotEntry {
    /// Create a room and wait for an opponent.
    Create {
        #[command(flatten)]
        room: RoomArgs,
    },
    /// Join a room.
    Join {
        /// The room's code.
        code: RoomCode,
    },
    /// Be paired with whoever is waiting, as `mice-cake play`.
    Play {
        #[command(flatten)]
        seek: SeekArgs,
    },
    /// Play an arena (a casual one, or one that takes bots).
    Arena {
        #[command(subcommand)]
        action: BotArena,
    },
    /// Challenge a player, wait for their answer and play once accepted
    /// (a rated challenge only between bots).
    Challenge {
        /// Whom: their key (64 hex digits), or their name on the server.
        who: String,
        #[command(flatten)]
        room: RoomArgs,
    },
    /// Accept a challenge: ID or the newest waiting, or else the next to
    /// come; play it, then exit.
    Accept {
        /// The challenge's id; any by default.
        id: Option<ChallengeId>,
    },
}

/// Whom a player takes challenges from, as typed.
#[derive(Debug, Clone, Copy, ValueEnum)]
pub enum FromArg {
    /// Anyone.
    Everyone,
    /// Only players you have played a game with on the server.
    Played,
    /// Nobody.
    Nobody,
}

impl From<FromArg> for ChallengesFrom {
    fn from(from: FromArg) -> ChallengesFrom {
        match from {
            FromArg::Everyone => ChallengesFrom::Everyone,
            FromArg::Played => ChallengesFrom::Played,
            FromArg::Nobody => ChallengesFrom::Nobody,
        }
    }
}

/// The rules of a game.
#[derive(Debug, Clone, Args)]
pub struct GameArgs {
    /// Which pieces start face up.
    #[arg(long, value_enum, default_value = "standard")]
    pub reveal: RevealArg,
    /// Boost instead of exhaustion.
    #[arg(long)]
    pub boost: bool,
    /// Rounds in a row without a piece moving that end the game.
    #[arg(long, default_value_t = mice_cake_engine::options::DEFAULT_STALL_LIMIT)]
    pub stall_limit: u32,
}

impl GameArgs {
    pub fn options(&self) -> Options {
        Options {
            reveal: self.reveal.into(),
            boost: self.boost,
            stall_limit: self.stall_limit,
        }
    }
}

/// A new room's options.
#[derive(Debug, Clone, Args)]
pub struct RoomArgs {
    #[command(flatten)]
    pub game: GameArgs,
    /// Time to commit each round (`0s` for none); by default the server's.
    #[arg(long, value_parser = humantime::parse_duration)]
    pub deadline: Option<Duration>,
    /// Leave the room out of the public list.
    #[arg(long)]
    pub private: bool,
    /// Keep what is said on the chat during a game with the finished game's
    /// record.
    #[arg(long)]
    pub record_chat: bool,
    /// Rate the room's games (both players need a key, which `mice-cake`
    /// makes: see `mice-cake key`); a casual room unless asked.
    #[arg(long)]
    pub rated: bool,
    /// Play a match: game after game until a player has this many wins
    /// (seats change colour each game; 1, the default, plays one game).
    #[arg(long, value_name = "N", default_value_t = 1,
          value_parser = clap::value_parser!(u32).range(1..=i64::from(mice_cake_engine::MAX_FIRST_TO)))]
    pub first_to: u32,
}

impl RoomArgs {
    pub fn options(&self, bot: Option<Policy>) -> RoomOptions {
        RoomOptions {
            game: self.game.options(),
            deadline_ms: self
                .deadline
                .map(|deadline| u64::try_from(deadline.as_millis()).unwrap_or(u64::MAX)),
            public: !self.private,
            bot,
            record_chat: self.record_chat,
            rated: self.rated,
            first_to: self.first_to,
        }
    }
}

/// A reveal variant, as typed.
#[derive(Debug, Clone, Copy, ValueEnum)]
pub enum RevealArg {
    /// Rows 1, 3, 5, 7 face up.
    Standard,
    /// Every piece face up.
    AllFaceUp,
    /// Every piece face down.
    AllFaceDown,
}

impl From<RevealArg> for Reveal {
    fn from(reveal: RevealArg) -> Reveal {
        match reveal {
            RevealArg::Standard => Reveal::Standard,
            RevealArg::AllFaceUp => Reveal::AllFaceUp,
            RevealArg::AllFaceDown => Reveal::AllFaceDown,
        }
    }
}

/// A policy, as typed.
#[derive(Debug, Clone, Copy, ValueEnum)]
pub enum PolicyArg {
    /// A uniformly random legal assignment.
    Random,
    /// The most pips expected this round.
    Greedy,
    /// Each round as a simultaneous game, looked at to the end: a mix.
    Strong,
}

impl From<PolicyArg> for Policy {
    fn from(policy: PolicyArg) -> Policy {
        match policy {
            PolicyArg::Random => Policy::Random,
            PolicyArg::Greedy => Policy::Greedy,
            PolicyArg::Strong => Policy::Strong,
        }
    }
}

fn parse_pair(text: &str) -> Result<(Policy, Policy), String> {
    let (first, second) = text
        .split_once(',')
        .ok_or_else(|| tr!("cli-two-policies", text = format!("{text:?}")))?;
    let parse = |name: &str| {
        name.parse::<Policy>()
            .map_err(|error| tr!("cli-unknown-policy", policy = format!("{:?}", error.0)))
    };
    Ok((parse(first)?, parse(second)?))
}

/// The name a player goes by without `--name`: their user name.
pub fn default_name() -> String {
    std::env::var("USER")
        .ok()
        .and_then(|name| player_name(&name).ok())
        .unwrap_or_else(|| "mouse".into())
}

fn parse_name(name: &str) -> Result<String, String> {
    player_name(name).map_err(|error| bad_name(&error))
}

/// An arena's name, checked as the server checks it.
fn parse_arena_name(name: &str) -> Result<String, String> {
    arena_name(name).map_err(|error| bad_name(&error))
}

/// Why a name is refused, as checked here before any server is asked: in
/// English the protocol's own sentence (as it always read), in another
/// language the server's refusal (`refusal-bad_name`) in its words.
pub fn bad_name(error: &mice_cake_protocol::BadName) -> String {
    if crate::catalogue::words().language() == mice_cake_words::DEFAULT_LANGUAGE {
        return error.to_string();
    }
    crate::catalogue::refusal_with(
        mice_cake_protocol::ErrorCode::BadName,
        &error.to_string(),
        &error.args(),
    )
}

/// A bot's name: the person's, shortened as needed, and what it is.
pub fn bot_name(name: &str, what: impl std::fmt::Display) -> String {
    // words-check: a name the server shows everyone, the same in every language.
    let suffix = format!(" ({what} bot)");
    let room = MAX_NAME_CHARS.saturating_sub(suffix.chars().count());
    let name: String = name.chars().take(room).collect();
    format!("{}{suffix}", name.trim_end())
}

/// The WebSocket URL of a server given as `ws://…`, `wss://…`, `http(s)://…`
/// or `host:port`.
pub fn websocket_url(server: &str) -> String {
    let server = server.trim().trim_end_matches('/');
    let (scheme, rest) = match server.split_once("://") {
        Some(("https" | "wss", rest)) => ("wss", rest),
        Some((_, rest)) => ("ws", rest),
        None => ("ws", server),
    };
    let rest = rest.trim_end_matches("/ws");
    format!("{scheme}://{rest}/ws")
}

/// The HTTP base URL of the same server.
pub fn http_url(server: &str) -> String {
    let websocket = websocket_url(server);
    let base = websocket.trim_end_matches("/ws");
    match base.split_once("://") {
        Some(("wss", rest)) => format!("https://{rest}"),
        Some((_, rest)) => format!("http://{rest}"),
        None => format!("http://{base}"),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn servers_are_written_many_ways() {
        for (given, websocket, http) in [
            (
                "ws://localhost:8080",
                "ws://localhost:8080/ws",
                "http://localhost:8080",
            ),
            (
                "localhost:8080",
                "ws://localhost:8080/ws",
                "http://localhost:8080",
            ),
            (
                "http://game.example/",
                "ws://game.example/ws",
                "http://game.example",
            ),
            (
                "https://game.example",
                "wss://game.example/ws",
                "https://game.example",
            ),
            (
                "wss://game.example/ws",
                "wss://game.example/ws",
                "https://game.example",
            ),
        ] {
            assert_eq!(websocket_url(given), websocket, "{given}");
            assert_eq!(http_url(given), http, "{given}");
        }
    }

    #[test]
    fn the_command_line_parses() {
        let cli = Cli::try_parse_from([
            "mice-cake",
            "--server",
            "example:1",
            "create",
            "--boost",
            "--deadline",
            "30s",
            "--vs-bot",
            "greedy",
        ])
        .unwrap();
        let Command::Create { room, vs_bot } = cli.command else {
            panic!("create");
        };
        let options = room.options(vs_bot.map(Into::into));
        assert!(options.game.boost);
        assert_eq!(options.deadline_ms, Some(30_000));
        assert_eq!(options.bot, Some(Policy::Greedy));
        assert!(Cli::try_parse_from(["mice-cake", "join", "0000O"]).is_err());
        let sim = Cli::try_parse_from(["mice-cake", "sim", "--policies", "random,greedy"]).unwrap();
        assert!(matches!(
            sim.command,
            Command::Sim {
                policies: (Policy::Random, Policy::Greedy),
                ..
            }
        ));
        assert!(Cli::try_parse_from(["mice-cake", "sim", "--policies", "random"]).is_err());
        // The strong bot, everywhere a bot is offered.
        let sim = Cli::try_parse_from(["mice-cake", "sim", "--policies", "strong,greedy"]).unwrap();
        assert!(matches!(
            sim.command,
            Command::Sim {
                policies: (Policy::Strong, Policy::Greedy),
                ..
            }
        ));
        let create = Cli::try_parse_from(["mice-cake", "create", "--vs-bot", "strong"]).unwrap();
        let Command::Create { room, vs_bot } = create.command else {
            panic!("create");
        };
        assert_eq!(
            room.options(vs_bot.map(Into::into)).bot,
            Some(Policy::Strong)
        );
        let bot = Cli::try_parse_from(["mice-cake", "bot", "--policy", "strong", "join", "ABCD2"])
            .unwrap();
        assert!(matches!(
            bot.command,
            Command::Bot {
                policy: PolicyArg::Strong,
                ..
            }
        ));
    }

    /// As found by playing: `--name` was both the player's name and the
    /// arena's, so `--name Tess arena create` named the arena "Tess" and
    /// its creator "mouse". The arena's name is `--title`, up to 40
    /// characters as the server takes it; `--name` stays the player's.
    #[test]
    fn an_arena_is_named_by_its_title_and_made_by_the_player_named() {
        let forty = "A".repeat(mice_cake_protocol::arena::MAX_ARENA_NAME_CHARS);
        let cli = Cli::try_parse_from([
            "mice-cake",
            "--name",
            "Tess",
            "arena",
            "create",
            "--minutes",
            "30",
            "--title",
            &forty,
        ])
        .unwrap();
        assert_eq!(cli.name, "Tess");
        let Command::Arena {
            action: ArenaAction::Create { title, .. },
        } = cli.command
        else {
            panic!("arena create");
        };
        assert_eq!(title.as_deref(), Some(forty.as_str()));
        let too_long = format!("{forty}A");
        let error = Cli::try_parse_from([
            "mice-cake",
            "arena",
            "create",
            "--minutes",
            "30",
            "--title",
            &too_long,
        ])
        .unwrap_err()
        .to_string();
        assert!(error.contains("at most 40 characters, not 41"), "{error}");
    }

    #[test]
    fn challenges_are_made_listed_and_answered_from_the_command_line() {
        let cli = Cli::try_parse_from([
            "mice-cake",
            "challenge",
            "Bea",
            "--first-to",
            "3",
            "--rated",
            "--deadline",
            "30s",
            "--boost",
        ])
        .unwrap();
        let Command::Challenge { who, room } = cli.command else {
            panic!("challenge");
        };
        assert_eq!(who, "Bea");
        let options = room.options(None);
        assert_eq!(
            (options.first_to, options.rated, options.deadline_ms),
            (3, true, Some(30_000))
        );
        assert!(options.game.boost);
        let accept = Cli::try_parse_from(["mice-cake", "accept", "k7m2qx9pht"]).unwrap();
        assert!(matches!(
            accept.command,
            Command::Accept { id: Some(id) } if id.to_string() == "K7M2QX9PHT"
        ));
        let newest = Cli::try_parse_from(["mice-cake", "decline"]).unwrap();
        assert!(matches!(newest.command, Command::Decline { id: None }));
        assert!(Cli::try_parse_from(["mice-cake", "accept", "K7M2Q"]).is_err());
        let from = Cli::try_parse_from(["mice-cake", "challenges", "--from", "played"]).unwrap();
        assert!(matches!(
            from.command,
            Command::Challenges {
                from: Some(FromArg::Played)
            }
        ));
        assert!(Cli::try_parse_from(["mice-cake", "challenges", "--from", "friends"]).is_err());
        let bot = Cli::try_parse_from([
            "mice-cake",
            "bot",
            "--policy",
            "strong",
            "challenge",
            "Bea",
            "--first-to",
            "2",
        ])
        .unwrap();
        assert!(matches!(
            bot.command,
            Command::Bot {
                entry: BotEntry::Challenge { .. },
                ..
            }
        ));
        let waits = Cli::try_parse_from(["mice-cake", "bot", "accept"]).unwrap();
        assert!(matches!(
            waits.command,
            Command::Bot {
                entry: BotEntry::Accept { id: None },
                ..
            }
        ));
    }

    #[test]
    fn names_are_checked_as_the_server_checks_them() {
        let named = |name: &str| Cli::try_parse_from(["mice-cake", "--name", name, "rooms"]);
        assert_eq!(named("  Ann ").unwrap().name, "Ann");
        let long = "x".repeat(MAX_NAME_CHARS + 1);
        let error = named(&long).unwrap_err().to_string();
        assert!(
            error.contains("a name has at most 32 characters, not 33"),
            "{error}"
        );
        assert!(named("   ").is_err());
        let error = named("Ann\u{202E}").unwrap_err().to_string();
        assert!(error.contains("U+202E"), "{error}");
    }

    #[test]
    fn a_bots_name_always_fits() {
        assert_eq!(bot_name("ann", Policy::Greedy), "ann (greedy bot)");
        let long = "abcdefghijklmnopqrstuvwxyz012345";
        let name = bot_name(long, Policy::Random);
        assert_eq!(name, "abcdefghijklmnopqrs (random bot)");
        assert_eq!(name.chars().count(), MAX_NAME_CHARS);
        assert!(player_name(&name).is_ok());
    }
}

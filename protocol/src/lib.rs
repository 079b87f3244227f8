//! The one wire format of Mice Cake online: every message between a client
//! and the server, both ways, as serde types.
//!
//! Messages travel as JSON text frames over a WebSocket (`GET /ws`), each
//! an object tagged by `"type"`. A connection starts with
//! [`ClientMessage::Hello`] carrying [`PROTOCOL_VERSION`]; the server
//! answers [`ServerMessage::Welcome`], or an error naming both versions.
//! `docs/protocol.md` walks through a whole game with an example of every
//! message; a test keeps those examples true.
//!
//! Engine types (assignments, views, round reports, records) travel as the
//! engine serializes them: a change to their JSON is a change of this
//! protocol, and the examples test catches it.
//!
//! # Layout
//!
//! * [`messages`]: [`ClientMessage`], [`ServerMessage`], room events and
//!   room state; parsing that tells unknown messages from malformed ones.
//! * [`room`]: room options, players, results, listings.
//! * [`ids`]: room codes, arena ids, seat tokens, game ids.
//! * [`mod@matches`]: a match's score, its games, its summary.
//! * [`name`]: what a player's name may hold.
//! * [`chat`]: chat channels, lines, and how chat text is cleaned.
//! * [`error`]: the stable error codes.
//! * [`fair_play`]: the operator's fair-play report.
//! * [`api`]: the bodies of the HTTP API.
//! * [`arena`]: arenas: what makes one, its listing and standings.
//! * [`challenges`]: a player challenging another by key.
//! * [`engines`]: the engine protocol, between `mice-cake bot --engine`
//!   and an outside program (`docs/engines.md`).
//! * [`rating`]: pools, Glicko-2 ratings, players' pages, the leaderboard.
//! * [`schema`]: the JSON Schema of every message and body, generated from
//!   these types (`docs/protocol.schema.json`).

pub mod api;
pub mod arena;
pub mod bots;
pub mod challenges;
pub mod chat;
pub mod engines;
pub mod error;
pub mod fair_play;
pub mod ids;
pub mod matches;
pub mod messages;
pub mod name;
pub mod rating;
pub mod room;
pub mod schema;

pub use api::{
    ApiError, DEFAULT_GAMES_PAGE, FinishedGame, GamePage, GameSummary, GameVerdict, GameViews,
    Health, HealthStatus, Leaderboard, LeaderboardEntry, MAX_GAMES_PAGE, OddsTable, PieceOdds,
    PlayerProfile, Reachability, RoomList,
};
pub use api::{ChallengeStatus, MAX_PLAYERS_NAMED, NamedPlayer, PlayersNamed};
pub use challenges::{
    Challenge, ChallengeEnd, ChallengePlayer, ChallengesFrom, DEFAULT_CHALLENGE_EXPIRY_MS,
    MAX_OPEN_CHALLENGES,
};
pub use chat::{BadChat, ChatChannel, ChatLine, MAX_CHAT_CHARS, chat_text};
pub use error::{ErrorCode, RefusalArg, RefusalArgs, illegal_assignment_args};
pub use fair_play::{Baseline, BoostingEntry, FairPlayEntry, FairPlayReport, FedEnding, FedGame};
pub use ids::{
    ArenaId, BadArenaId, BadChallengeId, BadRoomCode, BadSeatToken, ChallengeId, GameId, RoomCode,
    SeatToken,
};
pub use matches::{
    MatchGame, MatchPlayer, MatchScore, MatchStatus, MatchSummary, end_in_game, match_game_end,
};
pub use messages::{
    ArenaPauseCause, ArenaState, ClientMessage, ExchangeState, KeyProof, MAX_FRAME_BYTES,
    MAX_LISTED_GAMES, MAX_LISTED_ROOMS, OneByOne, PROTOCOL_VERSION, ParseError, PlayedRound,
    RoomEvent, RoomState, SeekEndCause, ServerMessage,
};
pub use name::{BadName, MAX_NAME_CHARS, arena_name, player_name};
pub use rating::{
    ABORTS_PAIRED_LAST, CONDUCT_GAMES, Conduct, DEFAULT_LEADERBOARD_PAGE, ESTABLISHED_AFTER_DAYS,
    ESTABLISHED_GAMES, LISTED_OPPONENTS, Listing, MAX_LEADERBOARD_PAGE, NotRated, PAIR_WINDOW_MS,
    PLAYER_REFUNDS, PROVISIONAL_DEVIATION, PlayerAccuracy, Pool, PoolRating, RATED_GAMES_PER_PAIR,
    RatedGame, Rating, RatingChange, RatingPoint, RatingRefund, UnknownPool,
};
pub use room::{
    DEFAULT_DEADLINE_MS, Ending, ForfeitCause, GameResult, MAX_DEADLINE_MS, PlayerInfo,
    RoomOptions, RoomStatus, RoomSummary,
};

//! Error codes: stable, machine-readable, each with a human message.

use std::collections::BTreeMap;

use serde::{Deserialize, Serialize};

/// What a refusal's words need beyond its code, for a client to say it in
/// its player's language: a stable sub-code (`reason`, snake_case, where a
/// code has several causes) and the names and numbers the sentence uses
/// (`column`, `piece`, `limit`, …). Empty when the code says it all.
/// Clients pass them to their catalogue's `refusal-<code>` message; the
/// `message` beside them stays for logs and older clients.
pub type RefusalArgs = BTreeMap<String, RefusalArg>;

/// One argument of a refusal: a number or a text (a name, a piece, a code).
#[derive(Clone, PartialEq, Eq, Debug, Serialize, schemars::JsonSchema)]
#[serde(untagged)]
pub enum RefusalArg {
    /// A number: a limit, a count.
    Number(i64),
    /// A text: a sub-code, a column, a piece, a name.
    Text(String),
}

// By hand rather than `untagged`'s derive, which buffers every value to try
// each variant in turn: a number or a string is all an argument can be.
impl<'de> Deserialize<'de> for RefusalArg {
    fn deserialize<D: serde::Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        struct ArgVisitor;
        impl serde::de::Visitor<'_> for ArgVisitor {
            type Value = RefusalArg;
            fn expecting(&self, formatter: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                formatter.write_str("a number or a string")
            }
            fn visit_i64<E: serde::de::Error>(self, number: i64) -> Result<RefusalArg, E> {
                Ok(RefusalArg::Number(number))
            }
            fn visit_u64<E: serde::de::Error>(self, number: u64) -> Result<RefusalArg, E> {
                i64::try_from(number)
                    .map(RefusalArg::Number)
                    .map_err(|_| E::custom("a number past i64"))
            }
            fn visit_str<E: serde::de::Error>(self, text: &str) -> Result<RefusalArg, E> {
                Ok(RefusalArg::Text(text.to_owned()))
            }
            fn visit_string<E: serde::de::Error>(self, text: String) -> Result<RefusalArg, E> {
                Ok(RefusalArg::Text(text))
            }
        }
        deserializer.deserialize_any(ArgVisitor)
    }
}

impl From<&str> for RefusalArg {
    fn from(text: &str) -> Self {
        RefusalArg::Text(text.to_owned())
    }
}

impl From<String> for RefusalArg {
    fn from(text: String) -> Self {
        RefusalArg::Text(text)
    }
}

macro_rules! number_arg {
    ($($kind:ty),+) => {
        $(impl From<$kind> for RefusalArg {
            fn from(number: $kind) -> Self {
                RefusalArg::Number(i64::try_from(number).unwrap_or(i64::MAX))
            }
        })+
    };
}
number_arg!(u8, u16, u32, u64, usize, i32, i64);

/// Why the server refused a message. Codes are stable across versions:
/// programs match on them; people read the message that comes with them.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum ErrorCode {
    /// The client speaks another protocol version.
    VersionMismatch,
    /// The first message must be `hello`.
    HelloRequired,
    /// `hello` was sent twice.
    AlreadyGreeted,
    /// Not JSON, or a known message with missing or wrong fields.
    BadMessage,
    /// A message type this server does not know.
    UnknownMessage,
    /// A frame larger than the server accepts.
    FrameTooLarge,
    /// Binary frames are not part of the protocol.
    BinaryNotSupported,
    /// Too many messages too fast.
    RateLimited,
    /// A name that is empty, too long, or holds an invisible, control or
    /// text-direction character.
    BadName,
    /// Room options out of range.
    BadOptions,
    /// No room has that code.
    UnknownRoom,
    /// No finished game has that id.
    UnknownGame,
    /// Both seats are taken.
    RoomFull,
    /// The room has as many spectators as it accepts.
    SpectatorsFull,
    /// The server holds as many rooms as it accepts.
    TooManyRooms,
    /// The server holds as many connections as it accepts.
    TooManyConnections,
    /// This connection is already in a room.
    AlreadyInRoom,
    /// This connection is in no room.
    NotInRoom,
    /// The seat token is not valid.
    BadToken,
    /// Spectators cannot play.
    SpectatorCannotAct,
    /// Not possible at this point of the room (no game in progress, …).
    WrongPhase,
    /// A move was already sealed (or opened) this round.
    AlreadyCommitted,
    /// An opening whose assignment and nonce do not match the player's
    /// seal (an opening sent before both seals are in is `WrongPhase`).
    BadOpening,
    /// The assignment breaks a rule; the message says which.
    IllegalAssignment,
    /// The server is shutting down.
    ShuttingDown,
    /// Something went wrong on the server; nothing was changed.
    Internal,
    /// A text frame that is not valid UTF-8; the connection closes (1007).
    InvalidUtf8,
    /// HTTP: no such endpoint (404).
    NotFound,
    /// HTTP: the endpoint does not take this method (405).
    MethodNotAllowed,
    /// HTTP: `/ws` asked without a WebSocket upgrade (426).
    UpgradeRequired,
    /// A chat message that is empty or too long once cleaned.
    BadChat,
    /// The room cannot be reached just now (in a cluster, it is moving to
    /// another server); nothing was changed: try again in a moment.
    Unavailable,
    /// Another connection took this seat back with its token (another tab
    /// or device): it plays the seat now, and this one should stop rather
    /// than take it back in turn.
    Replaced,
    /// A key that is not a usable Ed25519 public key, or (resuming during a
    /// game) not the key the seat's moves are signed with.
    BadKey,
    /// A seal without its player's signature, with a signature that does
    /// not check, or signed by a player who announced no key.
    BadSignature,
    /// A rated room's seat needs a key: a rating belongs to a key, and
    /// only signed moves are rated.
    KeyRequired,
    /// HTTP: no player has that key, or no rating in that pool (404).
    UnknownPlayer,
    /// The connection is seeking an opponent: `cancel_seek` first.
    AlreadySeeking,
    /// The address has brought as many keys never rated here into rated
    /// play this hour as the server allows.
    TooManyNewKeys,
    /// HTTP: an endpoint for the server's operator alone, asked without
    /// the operator's token from elsewhere than the server's own machine
    /// (403).
    OperatorOnly,
    /// No arena has that id (HTTP: 404).
    UnknownArena,
    /// The arena does not take this player: it is over, it asks for a
    /// join code not given, or it takes no bots (HTTP, as an arena is
    /// made: too many arenas open for the key; 409).
    ArenaRefused,
    /// `pause_arena` or `leave_arena` from a connection in no arena.
    NotInArena,
    /// HTTP: no match has that id (404).
    UnknownMatch,
    /// The challenge cannot be made (`args.reason`): to oneself, to a
    /// player who takes none from this key, with three waiting already, a
    /// rated one between a bot and a person, or with a server bot.
    ChallengeRefused,
    /// No challenge waiting has that id, or it is not this key's to answer
    /// or take back (it ended, or was made to or by another key); HTTP: no
    /// challenge has that id (404).
    UnknownChallenge,
    /// A challenge answered, taken back or chosen for, from a connection
    /// that watches no key's challenges (`watch_challenges` first).
    NotWatching,
    /// A bot's card with a field refused (`args.field`, and `args.reason`
    /// as `bad_name`'s).
    BadBotCard,
}

/// The arguments of an `illegal_assignment` refusal: which rule
/// (`reason`, the engine's error as snake_case) and what it names.
pub fn illegal_assignment_args(error: &mice_cake_engine::AssignmentError) -> RefusalArgs {
    use mice_cake_engine::AssignmentError as Why;
    let mut args = RefusalArgs::new();
    let mut set = |name: &str, value: RefusalArg| {
        args.insert(name.to_owned(), value);
    };
    let reason = match *error {
        Why::GameOver => "game_over",
        Why::TooManyMice { placed } => {
            set("placed", placed.into());
            "too_many_mice"
        }
        Why::RestingMiceUsed { placed, available } => {
            set("placed", placed.into());
            set("available", available.into());
            "resting_mice_used"
        }
        Why::MiceLeftUnplaced { placed, available } => {
            set("placed", placed.into());
            set("available", available.into());
            "mice_left_unplaced"
        }
        Why::EmptyColumn(column) => {
            set("column", column.to_string().into());
            "empty_column"
        }
        Why::OpponentStashEmpty(column) => {
            set("column", column.to_string().into());
            "opponent_stash_empty"
        }
        Why::StealWithoutTarget(column) => {
            set("column", column.to_string().into());
            "steal_without_target"
        }
        Why::TargetNotInOpponentStash(piece) => {
            set("piece", piece.to_string().into());
            "target_not_in_opponent_stash"
        }
        Why::StealTargetWithoutSteal(piece) => {
            set("piece", piece.to_string().into());
            "steal_target_without_steal"
        }
    };
    set("reason", reason.into());
    args
}

impl ErrorCode {
    /// Every code, for documentation and tests.
    pub const ALL: [ErrorCode; 48] = [
        ErrorCode::VersionMismatch,
        ErrorCode::HelloRequired,
        ErrorCode::AlreadyGreeted,
        ErrorCode::BadMessage,
        ErrorCode::UnknownMessage,
        ErrorCode::FrameTooLarge,
        ErrorCode::BinaryNotSupported,
        ErrorCode::RateLimited,
        ErrorCode::BadName,
        ErrorCode::BadOptions,
        ErrorCode::UnknownRoom,
        ErrorCode::UnknownGame,
        ErrorCode::RoomFull,
        ErrorCode::SpectatorsFull,
        ErrorCode::TooManyRooms,
        ErrorCode::TooManyConnections,
        ErrorCode::AlreadyInRoom,
        ErrorCode::NotInRoom,
        ErrorCode::BadToken,
        ErrorCode::SpectatorCannotAct,
        ErrorCode::WrongPhase,
        ErrorCode::AlreadyCommitted,
        ErrorCode::BadOpening,
        ErrorCode::IllegalAssignment,
        ErrorCode::ShuttingDown,
        ErrorCode::Internal,
        ErrorCode::InvalidUtf8,
        ErrorCode::NotFound,
        ErrorCode::MethodNotAllowed,
        ErrorCode::UpgradeRequired,
        ErrorCode::BadChat,
        ErrorCode::Unavailable,
        ErrorCode::Replaced,
        ErrorCode::BadKey,
        ErrorCode::BadSignature,
        ErrorCode::KeyRequired,
        ErrorCode::UnknownPlayer,
        ErrorCode::AlreadySeeking,
        ErrorCode::TooManyNewKeys,
        ErrorCode::OperatorOnly,
        ErrorCode::UnknownArena,
        ErrorCode::ArenaRefused,
        ErrorCode::NotInArena,
        ErrorCode::UnknownMatch,
        ErrorCode::ChallengeRefused,
        ErrorCode::UnknownChallenge,
        ErrorCode::NotWatching,
        ErrorCode::BadBotCard,
    ];

    /// The code as on the wire, for logs and metrics labels.
    pub fn as_str(self) -> &'static str {
        match self {
            ErrorCode::VersionMismatch => "version_mismatch",
            ErrorCode::HelloRequired => "hello_required",
            ErrorCode::AlreadyGreeted => "already_greeted",
            ErrorCode::BadMessage => "bad_message",
            ErrorCode::UnknownMessage => "unknown_message",
            ErrorCode::FrameTooLarge => "frame_too_large",
            ErrorCode::BinaryNotSupported => "binary_not_supported",
            ErrorCode::RateLimited => "rate_limited",
            ErrorCode::BadName => "bad_name",
            ErrorCode::BadOptions => "bad_options",
            ErrorCode::UnknownRoom => "unknown_room",
            ErrorCode::UnknownGame => "unknown_game",
            ErrorCode::RoomFull => "room_full",
            ErrorCode::SpectatorsFull => "spectators_full",
            ErrorCode::TooManyRooms => "too_many_rooms",
            ErrorCode::TooManyConnections => "too_many_connections",
            ErrorCode::AlreadyInRoom => "already_in_room",
            ErrorCode::NotInRoom => "not_in_room",
            ErrorCode::BadToken => "bad_token",
            ErrorCode::SpectatorCannotAct => "spectator_cannot_act",
            ErrorCode::WrongPhase => "wrong_phase",
            ErrorCode::AlreadyCommitted => "already_committed",
            ErrorCode::BadOpening => "bad_opening",
            ErrorCode::IllegalAssignment => "illegal_assignment",
            ErrorCode::ShuttingDown => "shutting_down",
            ErrorCode::Internal => "internal",
            ErrorCode::InvalidUtf8 => "invalid_utf8",
            ErrorCode::NotFound => "not_found",
            ErrorCode::MethodNotAllowed => "method_not_allowed",
            ErrorCode::UpgradeRequired => "upgrade_required",
            ErrorCode::BadChat => "bad_chat",
            ErrorCode::Unavailable => "unavailable",
            ErrorCode::Replaced => "replaced",
            ErrorCode::BadKey => "bad_key",
            ErrorCode::BadSignature => "bad_signature",
            ErrorCode::KeyRequired => "key_required",
            ErrorCode::UnknownPlayer => "unknown_player",
            ErrorCode::AlreadySeeking => "already_seeking",
            ErrorCode::TooManyNewKeys => "too_many_new_keys",
            ErrorCode::OperatorOnly => "operator_only",
            ErrorCode::UnknownArena => "unknown_arena",
            ErrorCode::ArenaRefused => "arena_refused",
            ErrorCode::NotInArena => "not_in_arena",
            ErrorCode::UnknownMatch => "unknown_match",
            ErrorCode::ChallengeRefused => "challenge_refused",
            ErrorCode::UnknownChallenge => "unknown_challenge",
            ErrorCode::NotWatching => "not_watching",
            ErrorCode::BadBotCard => "bad_bot_card",
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn each_code_is_written_as_its_wire_name() {
        for code in ErrorCode::ALL {
            let json = serde_json::to_string(&code).unwrap();
            assert_eq!(json, format!("\"{}\"", code.as_str()));
        }
        let mut names: Vec<_> = ErrorCode::ALL.iter().map(|c| c.as_str()).collect();
        names.sort_unstable();
        names.dedup();
        assert_eq!(names.len(), ErrorCode::ALL.len());
    }
}

//! Every message, both ways. JSON text frames, tagged by `"type"`.

use mice_cake_engine::{
    Assignment, Beat, Choices, Commitment, GameView, KeyChallenge, MatchLink, Nonce, PlayerKey,
    PlayerSecret, Policy, RoundReport, Seal, SealSignature, SealedExchange, Seat, Seated, Seed,
};
use serde::{Deserialize, Serialize};

use crate::arena::{ArenaGameInPlay, ArenaStanding, ArenaSummary};
use crate::challenges::{Challenge, ChallengeEnd, ChallengesFrom};
use crate::chat::ChatChannel;
use crate::error::{ErrorCode, RefusalArgs};
use crate::ids::{ArenaId, ChallengeId, GameId, RoomCode, SeatToken};
use crate::matches::MatchScore;
use crate::rating::{Conduct, NotRated, Pool, Rating};
use crate::room::{GameResult, PlayerInfo, RoomOptions, RoomStatus, RoomSummary};

/// The protocol version this crate speaks; `hello` carries it.
///
/// Version 2 added the round's choices (`round_started`, the room state),
/// refuses invisible characters in names, and answers HTTP errors in JSON.
/// Version 3 seals every move (`seal`, then `open`; `docs/fairness.md`):
/// `commit` and `commit_accepted` are gone, a game starts with the deal's
/// exchange of nonces, and the seed is revealed at game over.
/// Version 4 cuts each reveal into beats (`revealed`'s `beats`), so that
/// clients show the cake as the dice land, never ahead of them.
/// Version 5 signs moves: a player announces a key when taking a seat
/// (`create_room`, `join_room`, `resume`), signs every seal (`seal`'s
/// `signature`), and the keys are published with the players.
/// Version 6 rates games: rooms may be `rated`, players carry their
/// `rating`, and a `rated` event tells a rating read or changed.
/// Version 7 makes ratings hard to game: a game ended before both players
/// had a move is `aborted`, a player leaving a game signs the leave, a
/// program declares itself a bot (`bot_declaration`), and a rated room's
/// game that will not be rated says why as it starts (`not_rated`).
/// Version 8 loses no game to a fault: a member asks for its room's state
/// again (`sync`), and a pairing whose opponent never arrives is called
/// off (`unpaired`), its seeker back at the head of the queue.
/// Version 9 binds a proof of a key to one connection: `welcome` carries a
/// fresh `challenge`, and `key_proof` is the key's signature of it, good on
/// that connection only (a proof seen elsewhere cannot be shown again).
/// Version 12 sends events that happen together in one frame (`events`):
/// a reveal with the next round's start, say.
pub const PROTOCOL_VERSION: u32 = 13;

/// Largest text frame a server accepts, in bytes.
pub const MAX_FRAME_BYTES: usize = 16 * 1024;

/// Most rooms a listing holds.
pub const MAX_LISTED_ROOMS: usize = 100;

/// Most finished game ids a room state lists (the latest).
pub const MAX_LISTED_GAMES: usize = 50;

/// A message from a client to the server.
#[derive(Clone, PartialEq, Eq, Debug, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(tag = "type", rename_all = "snake_case", deny_unknown_fields)]
pub enum ClientMessage {
    /// The first message: the protocol version and the player's name.
    Hello {
        /// Must be [`PROTOCOL_VERSION`].
        version: u32,
        /// The player's name: 1 to 32 characters once trimmed (runs of
        /// white space become one space) and normalized to Unicode form C;
        /// control, invisible and text-direction characters are refused
        /// (see `docs/protocol.md`).
        name: String,
    },
    /// Asks for the public rooms.
    ListRooms,
    /// Creates a room and takes its Yellow seat.
    CreateRoom {
        /// The room's options.
        #[serde(default)]
        options: RoomOptions,
        /// The player's public key: every seal they send is then signed
        /// with it (`docs/fairness.md`). Without one, nothing proves which
        /// moves were the player's.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        key: Option<PlayerKey>,
        /// For a program playing (a bot): the key's signature declaring
        /// itself a bot (`"mice-cake/bot/v1"` ‖ the key's 32 bytes;
        /// `docs/ratings.md`). A key that declared itself a bot stays one:
        /// it is rated among bots, never against a person.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        bot_declaration: Option<SealSignature>,
        /// Proof that the player holds `key`: needed to play rated (a
        /// rated room's seat, a rated seek), checked whenever given
        /// (`docs/ratings.md`).
        #[serde(default, skip_serializing_if = "Option::is_none")]
        key_proof: Option<KeyProof>,
    },
    /// Takes the free seat of a room.
    JoinRoom {
        /// The room's code.
        code: RoomCode,
        /// The player's public key (see `create_room`).
        #[serde(default, skip_serializing_if = "Option::is_none")]
        key: Option<PlayerKey>,
        /// A bot's declaration (see `create_room`).
        #[serde(default, skip_serializing_if = "Option::is_none")]
        bot_declaration: Option<SealSignature>,
        /// Proof that the player holds `key`: needed to play rated (a
        /// rated room's seat, a rated seek), checked whenever given
        /// (`docs/ratings.md`).
        #[serde(default, skip_serializing_if = "Option::is_none")]
        key_proof: Option<KeyProof>,
    },
    /// Watches a room as a spectator.
    WatchRoom {
        /// The room's code.
        code: RoomCode,
    },
    /// Takes back a seat after a disconnection.
    Resume {
        /// The token received when the seat was taken.
        token: SeatToken,
        /// The last event seen, to receive the ones missed; without it,
        /// only the full state is sent.
        #[serde(default)]
        last_seq: Option<u64>,
        /// The player's public key (see `create_room`). During a game it
        /// must be the key the seat's moves are signed with; between games
        /// it replaces it.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        key: Option<PlayerKey>,
        /// A bot's declaration (see `create_room`).
        #[serde(default, skip_serializing_if = "Option::is_none")]
        bot_declaration: Option<SealSignature>,
        /// Proof that the player holds `key`: needed to play rated (a
        /// rated room's seat, a rated seek), checked whenever given
        /// (`docs/ratings.md`).
        #[serde(default, skip_serializing_if = "Option::is_none")]
        key_proof: Option<KeyProof>,
    },
    /// Seals this round's move: the server learns nothing of it but that it
    /// is made, and the player is bound to it. Round 0 is the deal's exchange
    /// of nonces. See `docs/fairness.md` for how the seal is computed.
    Seal {
        /// The round it is for (0: the deal): a seal that arrives after its
        /// round was played is refused rather than taken for the next one.
        round: u32,
        /// The seal.
        seal: Seal,
        /// The player's signature of the seal, required when they announced
        /// a key (and refused when they did not).
        #[serde(default, skip_serializing_if = "Option::is_none")]
        signature: Option<SealSignature>,
    },
    /// Opens the sealed move, once both seals of the round are in (`sealed`
    /// events for both seats).
    Open {
        /// The round (0: the deal).
        round: u32,
        /// The assignment sealed; absent for the deal.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        assignment: Option<Assignment>,
        /// The nonce sealed with it.
        nonce: Nonce,
    },
    /// Asks for the room's state again, answered `state`: a client whose
    /// view may be behind the room's (an opening refused with
    /// `wrong_phase`, say) catches up and tries again.
    Sync,
    /// Asks for a new game in the same room, seats swapped.
    Rematch,
    /// Leaves the room (a player leaving a game in progress forfeits it, or
    /// aborts it before both players have had a move).
    Leave {
        /// During a game, from a seat with a key: the key's signature of
        /// leaving (`"mice-cake/fair/v1/signed-leave"` ‖ the game's
        /// commitment ‖ the round under way, four bytes big-endian, 0 for
        /// the deal ‖ the seat, one byte; `docs/fairness.md`), kept in the
        /// record as the proof of the forfeit. Required then; not needed
        /// otherwise.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        signature: Option<SealSignature>,
    },
    /// Says something on the room's chat: a player on the players' channel,
    /// a spectator on the spectators'.
    Chat {
        /// The message: see `docs/protocol.md` for how it is cleaned (1 to
        /// 200 characters of plain text).
        text: String,
    },
    /// A player asks to read the spectators' chat too (or no longer).
    /// Spectators always read both channels.
    SpectatorChat {
        /// Whether to receive it.
        show: bool,
    },
    /// Asks to be paired with whoever is waiting (quick pairing,
    /// `docs/ratings.md`): the server answers `seeking`, then `paired`
    /// and `joined` once an opponent is found, or `bot_offered` after the
    /// wait asked. A connection seeks once at a time, outside any room.
    Seek {
        /// The pool to play in; `null` (or left out) for any.
        #[serde(default)]
        pool: Option<Pool>,
        /// The time per round, in milliseconds; `null` for any (a game
        /// between two who accept any is played at the server's default).
        #[serde(default)]
        deadline_ms: Option<u64>,
        /// Whether the game is rated (the default): a rated seek needs a
        /// key, and is paired only with rated seeks.
        #[serde(default = "rated_by_default")]
        rated: bool,
        /// How long to wait for an opponent before the server offers its
        /// strongest bot, in milliseconds: 30 s when left out, never when 0.
        #[serde(default)]
        bot_after_ms: Option<u64>,
        /// The player's public key (see `create_room`).
        #[serde(default, skip_serializing_if = "Option::is_none")]
        key: Option<PlayerKey>,
        /// A bot's declaration (see `create_room`): a bot's rated seek is
        /// paired with bots only.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        bot_declaration: Option<SealSignature>,
        /// Proof that the player holds `key`: needed to play rated (a
        /// rated room's seat, a rated seek), checked whenever given
        /// (`docs/ratings.md`).
        #[serde(default, skip_serializing_if = "Option::is_none")]
        key_proof: Option<KeyProof>,
    },
    /// Stops seeking; answered `seek_ended`.
    CancelSeek,
    /// Joins an arena (`docs/arenas.md`), or comes back to it after a pause
    /// or a drop: answered `arena_joined`; from then on the server pairs
    /// the player whenever they are not in a game (`arena_paired`, then
    /// `joined`), and sends the standings as they change (`arena_update`).
    /// Outside any room, or in a room of the same arena whose game is over.
    JoinArena {
        /// Which arena.
        arena: ArenaId,
        /// A club's arena asks for its join code.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        join_code: Option<String>,
        /// The player's public key: an arena's players are their keys.
        key: PlayerKey,
        /// Proof that the player holds it: required (an arena refuses a
        /// join without one, `key_required`).
        #[serde(default, skip_serializing_if = "Option::is_none")]
        key_proof: Option<KeyProof>,
        /// A bot's declaration (see `create_room`): a bot joins only an
        /// arena that takes bots.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        bot_declaration: Option<SealSignature>,
    },
    /// Pauses in the arena joined: the player stays on the standings and is
    /// not paired again (after the game under way, if any) until they join
    /// again. Answered `arena_paused`.
    PauseArena,
    /// Watches an arena's standings without playing: answered
    /// `arena_joined` (with no `you`), then `arena_update` as they change.
    WatchArena {
        /// Which arena.
        arena: ArenaId,
    },
    /// Stops playing in (pausing) and watching the arena; answered
    /// `arena_left`.
    LeaveArena,
    /// Renames the player whose key this is: their page and the
    /// leaderboard show the new name (until a rated game is played under
    /// another). Signed, so that nobody renames another's key; answered
    /// `renamed`. Allowed anywhere, in a room or not.
    Rename {
        /// The player's public key.
        key: PlayerKey,
        /// The new name, as `hello`'s.
        name: String,
        /// When the rename was signed: milliseconds since the Unix epoch,
        /// within ten minutes of the server's clock, and later than the
        /// key's last rename (an old rename cannot be sent again).
        at_ms: u64,
        /// The key's signature of `"mice-cake/rename/v1"` ‖ `at_ms` (eight
        /// bytes, big-endian) ‖ the name in UTF-8.
        signature: SealSignature,
    },
    /// Describes the bot whose key this is on the bots' page (`GET
    /// /api/bots`): its engine, and its owner's note (`crate::bots`).
    /// Signed, so that nobody describes another's bot; answered
    /// `bot_described`. Allowed anywhere, in a room or not. The key
    /// declares itself a bot with it, for good, as `create_room` does.
    DescribeBot {
        /// The bot's public key.
        key: PlayerKey,
        /// The key's declaration that it is a bot (see `create_room`).
        bot_declaration: SealSignature,
        /// What it says of itself, each field as cleaned
        /// ([`crate::bots::BotCard::cleaned`]).
        card: crate::bots::BotCard,
        /// When it was signed: milliseconds since the Unix epoch, within
        /// ten minutes of the server's clock, and later than the key's
        /// last card (an old card cannot be sent again).
        at_ms: u64,
        /// The key's signature of the card at `at_ms`
        /// ([`crate::bots::SignedBotCard`]).
        signature: SealSignature,
    },
    /// Challenges the player whose key is `to` to a room of `options`
    /// (`docs/protocol.md`, "Challenges"): answered `challenge_sent`, then
    /// `challenge_ended` when it is answered, cancelled or expires. The
    /// challenger's key, proven, is who challenges; their connection hears
    /// of their challenges from then on (as `watch_challenges`).
    Challenge {
        /// The challenged player's key.
        to: PlayerKey,
        /// The room to play: `first_to` for a match, `rated` for a rated
        /// game (both keys proven, and every rule of rated rooms); no
        /// server bot.
        options: RoomOptions,
        /// The challenger's key.
        key: PlayerKey,
        /// Proof that the challenger holds it: required.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        key_proof: Option<KeyProof>,
        /// A bot's declaration (see `create_room`).
        #[serde(default, skip_serializing_if = "Option::is_none")]
        bot_declaration: Option<SealSignature>,
    },
    /// Hears of the challenges of the key proven here, made to it or by
    /// it: answered `challenges` (those waiting), then `challenged` for
    /// each new one and `challenge_ended` for each that ends, on whatever
    /// page or node the connection is.
    WatchChallenges {
        /// The player's key.
        key: PlayerKey,
        /// Proof that the player holds it: required.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        key_proof: Option<KeyProof>,
        /// A bot's declaration (see `create_room`).
        #[serde(default, skip_serializing_if = "Option::is_none")]
        bot_declaration: Option<SealSignature>,
    },
    /// Accepts a challenge made to the key this connection watches for:
    /// both sides get `challenge_ended` with the room made for it.
    AcceptChallenge {
        /// Which.
        id: ChallengeId,
    },
    /// Declines a challenge made to the key this connection watches for.
    DeclineChallenge {
        /// Which.
        id: ChallengeId,
    },
    /// Takes back a challenge the key this connection watches for made.
    CancelChallenge {
        /// Which.
        id: ChallengeId,
    },
    /// Chooses whom the key this connection watches for takes challenges
    /// from: answered `challenges_from`.
    ChallengesFrom {
        /// Everyone (the default), players the key has played, or nobody.
        from: ChallengesFrom,
        /// When the choice was signed: milliseconds since the Unix epoch,
        /// within ten minutes of the server's clock, and later than the
        /// key's last choice.
        at_ms: u64,
        /// The key's signature of `"mice-cake/challenges-from/v1"` ‖
        /// `at_ms` (eight bytes, big-endian) ‖ the choice (one byte: 0
        /// everyone, 1 played, 2 nobody).
        signature: SealSignature,
    },
}

impl ClientMessage {
    /// Proves, answering `challenge` (the connection's, from its
    /// `welcome`), that the sender holds `secret`'s key — in a message that
    /// announces that key and takes a proof (`create_room`, `join_room`,
    /// `resume`, `seek`, `join_arena`); any other message is left as it
    /// is. A client proves on each connection anew: a proof holds on its
    /// own connection only.
    pub fn prove_key(&mut self, secret: &PlayerSecret, challenge: KeyChallenge) {
        let own = secret.public_key();
        match self {
            ClientMessage::CreateRoom { key, key_proof, .. }
            | ClientMessage::JoinRoom { key, key_proof, .. }
            | ClientMessage::Resume { key, key_proof, .. }
            | ClientMessage::Seek { key, key_proof, .. }
                if *key == Some(own) =>
            {
                *key_proof = Some(KeyProof::new(secret, challenge));
            }
            ClientMessage::JoinArena { key, key_proof, .. }
            | ClientMessage::Challenge { key, key_proof, .. }
            | ClientMessage::WatchChallenges { key, key_proof, .. }
                if *key == own =>
            {
                *key_proof = Some(KeyProof::new(secret, challenge));
            }
            _ => {}
        }
    }
}

fn rated_by_default() -> bool {
    true
}

fn seek_goes_on() -> bool {
    true
}

/// A player's proof that they hold the key they announce: the key's
/// signature of `"mice-cake/key/v2"` ‖ the challenge's 32 bytes — the
/// challenge of the connection it is sent on (its `welcome`'s), or, for an
/// HTTP request, one fetched for it alone (`POST /api/key-challenges`).
/// Anyone may announce another's key; only its holder can prove it, only a
/// proven key plays rated, and a proof seen by someone else is worth
/// nothing to them: it holds for its own connection or request only.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct KeyProof {
    /// The challenge it answers.
    pub challenge: KeyChallenge,
    /// The key's signature of `"mice-cake/key/v2"` ‖ the challenge.
    pub signature: SealSignature,
}

impl KeyProof {
    /// The proof that the holder of `secret` holds it, answering
    /// `challenge`.
    pub fn new(secret: &PlayerSecret, challenge: KeyChallenge) -> KeyProof {
        KeyProof {
            challenge,
            signature: secret.prove_key(challenge),
        }
    }
}

/// An arena as its players and watchers see it live: what it is, its
/// leaders and its featured game (the whole standings are
/// `GET /api/arenas/{id}`).
#[derive(Clone, PartialEq, Eq, Debug, Serialize, Deserialize, schemars::JsonSchema)]
pub struct ArenaState {
    /// The arena, its status and counts.
    #[serde(flatten)]
    pub summary: ArenaSummary,
    /// The best placed, at most [`crate::arena::ARENA_TOP`].
    pub top: Vec<ArenaStanding>,
    /// The game of the best-placed players being played, if any.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub featured: Option<ArenaGameInPlay>,
    /// Games being played.
    pub playing: u32,
}

impl ClientMessage {
    /// The wire names of every client message type.
    pub const TYPES: [&'static str; 27] = [
        "hello",
        "list_rooms",
        "create_room",
        "join_room",
        "watch_room",
        "resume",
        "seal",
        "open",
        "sync",
        "rematch",
        "leave",
        "chat",
        "spectator_chat",
        "seek",
        "cancel_seek",
        "join_arena",
        "pause_arena",
        "watch_arena",
        "leave_arena",
        "rename",
        "describe_bot",
        "challenge",
        "watch_challenges",
        "accept_challenge",
        "decline_challenge",
        "cancel_challenge",
        "challenges_from",
    ];

    /// Reads a client's text frame, telling a malformed message from an
    /// unknown one.
    pub fn parse(text: &str) -> Result<ClientMessage, ParseError> {
        // Straight into the message, as nearly every frame is well formed;
        // through a JSON value only to say what is wrong, or to check the
        // messages without fields, on which serde takes any field.
        match serde_json::from_str(text) {
            Ok(
                ClientMessage::ListRooms
                | ClientMessage::Sync
                | ClientMessage::Rematch
                | ClientMessage::CancelSeek,
            ) => ClientMessage::parse_checking(text).map(|(message, _)| message),
            Ok(message) => Ok(message),
            // A JSON value keeps the last of a key given twice, where the
            // message refuses it: the value's reading is for saying what is
            // wrong, never for taking what the message refused.
            Err(refused) => match ClientMessage::parse_checking(text) {
                Ok((_, kind)) => Err(ParseError::BadFields {
                    kind,
                    reason: refused.to_string(),
                }),
                Err(error) => Err(error),
            },
        }
    }

    /// The message and its type, read through a JSON value.
    fn parse_checking(text: &str) -> Result<(ClientMessage, String), ParseError> {
        let value: serde_json::Value =
            serde_json::from_str(text).map_err(|error| ParseError::NotJson(error.to_string()))?;
        let kind = match value.get("type") {
            Some(serde_json::Value::String(kind)) => kind.clone(),
            Some(_) | None => return Err(ParseError::NoType),
        };
        if !ClientMessage::TYPES.contains(&kind.as_str()) {
            return Err(ParseError::UnknownType(kind));
        }
        let fields: Vec<String> = value
            .as_object()
            .map(|object| object.keys().cloned().collect())
            .unwrap_or_default();
        let message: ClientMessage =
            serde_json::from_value(value).map_err(|error| ParseError::BadFields {
                kind: kind.clone(),
                reason: error.to_string(),
            })?;
        // serde refuses unknown fields on variants with fields
        // (`deny_unknown_fields`), not on those without: there, any field
        // but the type is unknown.
        let without_fields = matches!(
            message,
            ClientMessage::ListRooms
                | ClientMessage::Sync
                | ClientMessage::Rematch
                | ClientMessage::CancelSeek
        );
        if without_fields && let Some(unknown) = fields.iter().find(|field| *field != "type") {
            return Err(ParseError::BadFields {
                kind,
                reason: format!("unknown field `{unknown}`"),
            });
        }
        Ok((message, kind))
    }
}

/// Why a client's frame is not a message.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum ParseError {
    /// Not JSON at all.
    #[error("the message is not JSON: {0}")]
    NotJson(String),
    /// JSON without a string `"type"`.
    #[error("the message has no \"type\"")]
    NoType,
    /// A type the protocol does not have.
    #[error("unknown message type {0:?}")]
    UnknownType(String),
    /// A known type with missing or wrong fields.
    #[error("bad {kind} message: {reason}")]
    BadFields {
        /// The message type.
        kind: String,
        /// What is wrong.
        reason: String,
    },
}

impl ParseError {
    /// The error code a server answers with.
    pub fn code(&self) -> ErrorCode {
        match self {
            ParseError::UnknownType(_) => ErrorCode::UnknownMessage,
            ParseError::NotJson(_) | ParseError::NoType | ParseError::BadFields { .. } => {
                ErrorCode::BadMessage
            }
        }
    }
}

/// Why an arena's player is not paired until they join again.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum ArenaPauseCause {
    /// They paused (`pause_arena`).
    Paused,
    /// The arena is over.
    Over,
    /// They joined the arena from another connection, which plays now.
    Replaced,
    /// Their game was called off before it began (their opponent never came).
    CalledOff,
    /// They were paired but did not seal their deal in time.
    DealNotSealed,
}

impl ArenaPauseCause {
    /// In English, for logs and clients without a catalogue.
    pub fn reason(self) -> &'static str {
        match self {
            ArenaPauseCause::Paused => "you paused: join again to be paired",
            ArenaPauseCause::Over => "the arena is over",
            ArenaPauseCause::Replaced => "you joined this arena from another connection",
            ArenaPauseCause::CalledOff => "the game was called off",
            ArenaPauseCause::DealNotSealed => {
                "you did not seal your deal in time: join again to be paired"
            }
        }
    }
}

/// Why a seek ended without a game.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum SeekEndCause {
    /// The player cancelled it (`cancel_seek`).
    Cancelled,
    /// The server is shutting down.
    ShuttingDown,
    /// The player was paired but did not seal their deal in time.
    DealNotSealed,
    /// The server could not make the pair's room.
    NoRoom,
}

/// A message from the server to a client.
#[derive(Clone, PartialEq, Debug, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(tag = "type", rename_all = "snake_case", deny_unknown_fields)]
pub enum ServerMessage {
    /// The answer to `hello`.
    Welcome {
        /// The server's protocol version.
        version: u32,
        /// The server's name and version.
        server: String,
        /// 32 random bytes drawn for this connection: every `key_proof`
        /// sent on it signs them (`KeyProof`), and holds on it alone.
        challenge: KeyChallenge,
    },
    /// The public rooms.
    RoomList {
        /// The first [`MAX_LISTED_ROOMS`] public rooms, those waiting for a
        /// player first.
        rooms: Vec<RoomSummary>,
        /// How many public rooms there are.
        total: u32,
    },
    /// This connection is in a room now: as a player (with a seat and, when
    /// the seat is new, its token) or as a spectator.
    Joined {
        /// The seat, for a player; none for a spectator.
        seat: Option<Seat>,
        /// The seat's secret token, sent once when the seat is taken. Keep
        /// it to resume the seat after a disconnection.
        token: Option<SeatToken>,
        /// Everything the recipient may see of the room.
        state: Box<RoomState>,
    },
    /// The room's whole state, as the recipient may see it: after a rematch
    /// (seats swap) or when events were missed.
    State {
        /// The state.
        state: Box<RoomState>,
    },
    /// Something happened in the room. Every member receives the same
    /// events, numbered from 1 in the order they happened.
    Event {
        /// The event's number in its room.
        seq: u64,
        /// What happened.
        event: Box<RoomEvent>,
    },
    /// Events that happened together, in one frame: each is what an
    /// `event` would carry, numbered on from `seq` (the first is `seq`, the
    /// next `seq + 1`, and so on). A reveal and the next round's start come
    /// this way, and what a spectator is sent of a round.
    Events {
        /// The first event's number in its room.
        seq: u64,
        /// What happened, in order (at least two).
        events: Vec<RoomEvent>,
    },
    /// This connection left its room.
    Left {
        /// The room.
        code: RoomCode,
    },
    /// A message was refused; nothing changed.
    Error {
        /// Stable, for programs.
        code: ErrorCode,
        /// For people, in English: logs and clients without a catalogue.
        message: String,
        /// What the words need beyond the code (see [`RefusalArgs`]); left
        /// out when empty.
        #[serde(default, skip_serializing_if = "RefusalArgs::is_empty")]
        args: RefusalArgs,
    },
    /// The server is stopping; the connection will close.
    ShuttingDown {
        /// For people.
        message: String,
    },
    /// Rounds of the room's current (or last) game, oldest first: sent to
    /// whoever enters the room, right after `joined`, so that every round
    /// so far can be shown. Long games come in several messages.
    History {
        /// The game they belong to (as in the room state).
        game: u32,
        /// The rounds, in order.
        rounds: Vec<PlayedRound>,
    },
    /// Someone in the room said something. Not a numbered event: chat is
    /// not replayed after a reconnection, but whoever enters gets the
    /// latest lines of the channels they read.
    Chat {
        /// The channel.
        channel: ChatChannel,
        /// Who said it.
        name: String,
        /// The speaker's seat, for a player; `null` for a spectator.
        seat: Option<Seat>,
        /// What was said, cleaned: plain text.
        text: String,
        /// When: milliseconds since the Unix epoch, by the server's clock.
        at_ms: u64,
    },
    /// The answer to `seek`: in the queue, for what was asked.
    Seeking {
        /// The pool asked; `null` for any.
        pool: Option<Pool>,
        /// The time per round asked; `null` for any.
        deadline_ms: Option<u64>,
        /// Whether rated.
        rated: bool,
        /// The player's rating in the pool asked (the standard pool's for
        /// any), as the queue pairs it: 1500 and provisional for a new
        /// player, or one without a key.
        rating: Rating,
        /// Set when the player aborted so many of their latest games in
        /// rated rooms that they are paired after everyone else (how many
        /// of how many); left out otherwise.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        paired_last: Option<Conduct>,
    },
    /// No opponent yet, after the wait the seek asked: the server offers a
    /// game against its strongest bot (unrated). `cancel_seek`, then
    /// `create_room` with `bot`, plays it; otherwise the seek goes on.
    BotOffered {
        /// The bot's policy.
        policy: Policy,
        /// The rules to play it with (the seek's pool, or the standard).
        options: RoomOptions,
    },
    /// Paired: `joined` follows, in the new room.
    Paired {
        /// The room, private, made for the two.
        code: RoomCode,
        /// Its rules' pool.
        pool: Pool,
        /// Its time per round, in milliseconds.
        deadline_ms: Option<u64>,
        /// Whether rated.
        rated: bool,
        /// The opponent's name.
        opponent: String,
        /// The opponent's rating in the pool, as paired.
        rating: Rating,
        /// Whether the opponent is a bot (a key that declared itself one);
        /// left out when not.
        #[serde(default, skip_serializing_if = "std::ops::Not::not")]
        opponent_bot: bool,
    },
    /// The pairing is called off before its game started: a player did
    /// not take their seat and seal their deal in time (their server died,
    /// say). The room is closed. For a player who did their part
    /// (`requeued`), the seek goes on where it was: `seeking` follows, with
    /// the player at the head of the queue, and the bot offered when the
    /// wait they asked is over, counted from their `seek`. A player who sat
    /// but never sealed the deal (`requeued: false`) is the one who kept
    /// the game from starting: their seek ends (`seek_ended` follows), so
    /// that withholding a seal is never a way to turn an opponent down and
    /// keep one's place.
    Unpaired {
        /// The room that was made for the pair.
        code: RoomCode,
        /// Why, for people.
        reason: String,
        /// Whether the seek goes on, at the head of the queue; absent in
        /// older servers' messages, where it always did.
        #[serde(default = "seek_goes_on")]
        requeued: bool,
        /// The challenge whose game it was, for a room made for one
        /// (then nothing is requeued: the challenge is over); left out
        /// for a pairing.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        challenge: Option<ChallengeId>,
    },
    /// The seek ended without a game: cancelled (`cancel_seek`), or the
    /// server could not make the room (it is stopping, say; `reason`).
    SeekEnded {
        /// Why, for people, in English.
        reason: String,
        /// Why, for programs and catalogues.
        cause: SeekEndCause,
    },
    /// The answer to `join_arena` and `watch_arena`: the arena as it
    /// stands, and the player's own line (`you`) when they joined.
    ArenaJoined {
        /// The arena.
        arena: Box<ArenaState>,
        /// The player's line in the standings; left out for a watcher.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        you: Option<Box<ArenaStanding>>,
    },
    /// The arena changed: its standings (a game ended, a player joined or
    /// paused), its featured game, or its status. Sent at most once a
    /// second to whoever joined or watches it.
    ArenaUpdate {
        /// The arena.
        arena: Box<ArenaState>,
    },
    /// The arena paired the player: `joined` follows with the seat in
    /// `code`, as after `paired`. Sent as the player's last game ended (or
    /// as they came back to the queue); the player's client stays on the
    /// finished game's room until then.
    ArenaPaired {
        /// The arena.
        arena: ArenaId,
        /// The room made for the game.
        code: RoomCode,
        /// The opponent's name.
        opponent: String,
        /// Whether the opponent is a bot.
        #[serde(default, skip_serializing_if = "std::ops::Not::not")]
        opponent_bot: bool,
        /// The player's line in the standings, as paired.
        you: Box<ArenaStanding>,
    },
    /// The player is not paired until they join again: they paused, their
    /// pairing was called off for a deal they never sealed, or the arena
    /// is over (`reason` says which).
    ArenaPaused {
        /// The arena.
        arena: ArenaId,
        /// Why, for people, in English.
        reason: String,
        /// Why, for programs and catalogues.
        cause: ArenaPauseCause,
    },
    /// The answer to `leave_arena`: this connection neither plays in nor
    /// watches the arena any more.
    ArenaLeft {
        /// The arena.
        arena: ArenaId,
    },
    /// The answer to `rename`: the key's name now.
    Renamed {
        /// Whose.
        key: PlayerKey,
        /// The name, as cleaned.
        name: String,
    },
    /// The answer to `describe_bot`: the card the bots' page shows now.
    BotDescribed {
        /// Whose.
        key: PlayerKey,
        /// The card, as kept.
        card: crate::bots::BotCard,
    },
    /// The answer to `challenge`: it is made and told to the challenged.
    ChallengeSent {
        /// The challenge.
        challenge: Challenge,
    },
    /// The answer to `watch_challenges`: the challenges waiting, made to
    /// the key and by it, and whom it takes challenges from.
    Challenges {
        /// Made to this key, oldest first.
        waiting: Vec<Challenge>,
        /// Made by this key, oldest first.
        sent: Vec<Challenge>,
        /// Whom the key takes challenges from.
        from: ChallengesFrom,
    },
    /// A new challenge to the key this connection watches for.
    Challenged {
        /// The challenge.
        challenge: Challenge,
    },
    /// A challenge of the key this connection watches for ended: accepted
    /// (take your seat in its room), declined, cancelled or expired.
    ChallengeEnded {
        /// Which.
        id: ChallengeId,
        /// How.
        end: ChallengeEnd,
    },
    /// The answer to `challenges_from`: the key's choice now.
    ChallengesFromSet {
        /// Whom it takes challenges from.
        from: ChallengesFrom,
    },
}

/// A round as played: its report, and whose assignment the server made
/// when the deadline passed.
#[derive(Clone, PartialEq, Debug, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct PlayedRound {
    /// Both assignments, every die, every outcome.
    pub report: RoundReport,
    /// Whose assignment the server made at the deadline.
    pub auto: Seated<bool>,
    /// The round's seals and nonces; `null` in a game begun before sealed
    /// play.
    pub sealed: Option<SealedExchange>,
    /// The round cut into its reveal's beats, as `revealed` carries them:
    /// what happened in the order it happened (a piece turned up by a
    /// boost, say, comes after that boost).
    #[serde(default)]
    pub beats: Vec<Beat>,
}

impl ServerMessage {
    /// The wire names of every server message type. A new message goes here
    /// and into `docs/protocol.md`, whose test checks both.
    pub const TYPES: [&'static str; 28] = [
        "welcome",
        "room_list",
        "joined",
        "state",
        "event",
        "events",
        "left",
        "error",
        "shutting_down",
        "history",
        "chat",
        "seeking",
        "bot_offered",
        "paired",
        "unpaired",
        "seek_ended",
        "arena_joined",
        "arena_update",
        "arena_paired",
        "arena_paused",
        "arena_left",
        "renamed",
        "bot_described",
        "challenge_sent",
        "challenges",
        "challenged",
        "challenge_ended",
        "challenges_from_set",
    ];
}

impl ServerMessage {
    /// This message as a client handles it, one event at a time: `events`
    /// as an `event` each, numbered in order; any other message as it is.
    pub fn one_by_one(self) -> OneByOne {
        match self {
            ServerMessage::Events { seq, events } => OneByOne::Events {
                next_seq: seq,
                events: events.into_iter(),
            },
            message => OneByOne::Message(Some(message)),
        }
    }
}

/// The messages of a frame, one event at a time (see
/// [`ServerMessage::one_by_one`]).
#[derive(Debug)]
pub enum OneByOne {
    /// A message that is not `events`.
    Message(Option<ServerMessage>),
    /// The events of an `events`, the next numbered `next_seq`.
    Events {
        /// The number of the next event.
        next_seq: u64,
        /// The events left.
        events: std::vec::IntoIter<RoomEvent>,
    },
}

impl Iterator for OneByOne {
    type Item = ServerMessage;

    fn next(&mut self) -> Option<ServerMessage> {
        match self {
            OneByOne::Message(message) => message.take(),
            OneByOne::Events { next_seq, events } => {
                let event = events.next()?;
                let seq = *next_seq;
                *next_seq += 1;
                Some(ServerMessage::Event {
                    seq,
                    event: Box::new(event),
                })
            }
        }
    }
}

impl RoomEvent {
    /// The wire names of every room event kind (see [`ServerMessage::TYPES`]).
    pub const KINDS: [&'static str; 13] = [
        "player_joined",
        "game_started",
        "dealt",
        "round_started",
        "sealed",
        "revealed",
        "connection",
        "spectators",
        "rematch_requested",
        "player_left",
        "game_over",
        "match_ended",
        "rated",
    ];
}

/// Something that happened in a room. Events hold only what every member
/// of the room may know: a sealed move shows as its seal alone, and
/// assignments appear only in `revealed`.
#[derive(Clone, PartialEq, Debug, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(tag = "kind", rename_all = "snake_case", deny_unknown_fields)]
pub enum RoomEvent {
    /// A player took a seat.
    PlayerJoined {
        /// The seat.
        seat: Seat,
        /// Who.
        player: PlayerInfo,
    },
    /// A new game began (the first, or a rematch with seats swapped): the
    /// deal's exchange of nonces (round 0) is open. Both players seal a
    /// nonce, then open it; `dealt` follows.
    GameStarted {
        /// The game's number in this room, from 1.
        game: u32,
        /// Who sits where now.
        players: Seated<PlayerInfo>,
        /// The server's commitment to the game's seed, before any player
        /// input: keep it to check the seed revealed at `game_over`.
        commitment: Commitment,
        /// In a rated room, why this game will not be rated, when it will
        /// not (one address, the pair's limit, a bot against a person):
        /// told before anyone moves. Left out when it counts (once both
        /// players have had a move), and in a casual room.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        not_rated: Option<NotRated>,
        /// In a match, the game's place in it, bound into `commitment`
        /// (`docs/fairness.md`, "Matches"): its number, and the commitment
        /// of the game before (for the first, the match's origin). Left
        /// out for a game played alone.
        #[serde(rename = "match", default, skip_serializing_if = "Option::is_none")]
        match_link: Option<MatchLink>,
    },
    /// The cake is dealt from the seed and both players' deal nonces.
    Dealt {
        /// The deal's seals and nonces.
        deal: SealedExchange,
        /// The cake, as anyone may see it.
        view: GameView,
    },
    /// A round is open for commits.
    RoundStarted {
        /// The round.
        round: u32,
        /// Milliseconds to commit, when the room has a deadline; `null` in
        /// a room without one.
        deadline_ms: Option<u64>,
        /// What each player may do this round (public: both see both).
        choices: Seated<Choices>,
    },
    /// A player's move is sealed: nothing about it is told but its seal.
    /// Once both seals of a round are in, both players open their moves.
    /// The sealer is sent its own with what it is sent next (the
    /// opponent's seal, or the reveal), and opens without waiting for it.
    Sealed {
        /// The round (0: the deal).
        round: u32,
        /// Whose.
        seat: Seat,
        /// The seal.
        seal: Seal,
        /// Whether the server made the move (a bot, a missed deadline): its
        /// nonce comes from the committed seed.
        by_server: bool,
        /// The player's signature of the seal; `null` for a move the server
        /// made, or a player without a key.
        signature: Option<SealSignature>,
    },
    /// Both assignments, every die, every outcome.
    Revealed {
        /// The round's report.
        report: Box<RoundReport>,
        /// The report cut into beats, one per roll in the engine's order,
        /// each with what it changes on the cake and in the stashes, for a
        /// client that shows the reveal as the dice land (empty only if the
        /// server could not cut it: show the end at once).
        beats: Vec<Beat>,
        /// Whose assignment the server made at the deadline (`greedy`).
        auto: Seated<bool>,
        /// The cake after the round.
        view: GameView,
        /// The round's seals and nonces; `null` in a game begun before
        /// sealed play.
        sealed: Option<SealedExchange>,
    },
    /// A player's connection dropped or came back.
    Connection {
        /// Whose.
        seat: Seat,
        /// Whether connected now.
        connected: bool,
        /// When disconnected during a game: milliseconds before forfeit.
        grace_ms: Option<u64>,
    },
    /// The number of spectators changed.
    Spectators {
        /// How many watch now.
        count: u32,
    },
    /// A player asked for a rematch.
    RematchRequested {
        /// Who.
        seat: Seat,
    },
    /// A player left the room.
    PlayerLeft {
        /// Whose seat is free now.
        seat: Seat,
    },
    /// The game is over.
    GameOver {
        /// Winner, scores and how it ended.
        result: GameResult,
        /// Its id, for `GET /api/games/{id}` (the record, to verify; for a
        /// game that ended at its deal, the record of that deal). `null`
        /// only for a game begun before servers kept aborted deals.
        game_id: Option<GameId>,
        /// The game's seed, secret until now: it must match the commitment
        /// of `game_started`.
        seed: Seed,
        /// In a match, its score with this game counted (and how it ended,
        /// if this game ended it); left out for a game played alone.
        #[serde(rename = "match", default, skip_serializing_if = "Option::is_none")]
        match_score: Option<MatchScore>,
    },
    /// A match ended between two games: a player left it (the other wins
    /// it), or both did.
    MatchEnded {
        /// The score, and how it ended.
        #[serde(rename = "match")]
        match_score: MatchScore,
    },
    /// A player's rating in the room's pool, as the server's store holds
    /// it: once read after they took the seat, and again once a rated game
    /// is stored (the difference is what that game changed).
    Rated {
        /// Whose.
        seat: Seat,
        /// The rating now.
        rating: Rating,
    },
}

/// A room as one member may see it.
#[derive(Clone, PartialEq, Debug, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct RoomState {
    /// The room's code.
    pub code: RoomCode,
    /// Its options.
    pub options: RoomOptions,
    /// Waiting, playing or finished.
    pub status: RoomStatus,
    /// The recipient's seat; none for a spectator.
    pub you: Option<Seat>,
    /// Who sits where.
    pub players: Seated<Option<PlayerInfo>>,
    /// People watching.
    pub spectators: u32,
    /// The current game's number in this room (0 before the first).
    pub game: u32,
    /// The cake as anyone may see it; none before the first game.
    pub view: Option<GameView>,
    /// Who has sealed this round's move (or the deal's nonce).
    pub committed: Seated<bool>,
    /// The exchange of sealed moves under way, while a game is on.
    pub exchange: Option<ExchangeState>,
    /// Milliseconds left to commit this round, when the room has a deadline
    /// and a game is on; `null` otherwise.
    pub deadline_ms: Option<u64>,
    /// What each player may do this round, while a game is on.
    pub choices: Option<Seated<Choices>>,
    /// The last round's report, if any.
    pub last_report: Option<Box<RoundReport>>,
    /// Who asked for a rematch.
    pub rematch: Seated<bool>,
    /// The result of the last game, once over.
    pub result: Option<GameResult>,
    /// The finished games of this room, oldest first (the latest
    /// [`MAX_LISTED_GAMES`]).
    pub game_ids: Vec<GameId>,
    /// Automatic commits in a row (missed deadlines) after which a player
    /// forfeits: compare with each player's `auto_commits`.
    pub missed_deadline_limit: u32,
    /// In a rated room, why the current (or last) game is not rated, when
    /// it is not (as `game_started` told it); left out otherwise.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub not_rated: Option<NotRated>,
    /// In a room that plays matches, the match under way (or the last
    /// one); left out otherwise, and before the first game.
    #[serde(rename = "match", default, skip_serializing_if = "Option::is_none")]
    pub match_score: Option<MatchScore>,
    /// The number of the last event this state includes.
    pub seq: u64,
}

/// The exchange of sealed moves under way in a room: what a client needs to
/// seal, or to open, after it (re)enters.
#[derive(Clone, PartialEq, Debug, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct ExchangeState {
    /// The game's commitment to its seed.
    pub commitment: Commitment,
    /// The round (0: the deal, before the cake is dealt).
    pub round: u32,
    /// The seals in so far.
    pub seals: Seated<Option<Seal>>,
    /// Whose move is opened (only the server knows what it holds).
    pub opened: Seated<bool>,
    /// Whose move the server made.
    pub by_server: Seated<bool>,
}

#[cfg(test)]
mod tests {
    use super::ClientMessage;

    #[test]
    fn the_quick_parse_reads_every_frame_as_the_checking_one_does() {
        let hex = "ab".repeat(32);
        let frames = [
            r#"{"type":"hello","version":3,"name":"Ada"}"#.to_owned(),
            r#"{"type":"list_rooms"}"#.to_owned(),
            r#"{"type":"list_rooms","page":2}"#.to_owned(),
            r#"{"type":"leave","why":"bored"}"#.to_owned(),
            r#"{"type":"leave"}"#.to_owned(),
            format!(r#"{{"type":"leave","signature":"{}"}}"#, "cd".repeat(64)),
            r#"{"type":"rematch"}"#.to_owned(),
            r#"{"type":"create_room"}"#.to_owned(),
            r#"{"type":"join_room","code":"k7m2q"}"#.to_owned(),
            r#"{"code":"K7M2Q","type":"watch_room"}"#.to_owned(),
            format!(r#"{{"type":"seal","round":2,"seal":"{hex}"}}"#),
            format!(r#"{{"type":"seal","round":2,"seal":"{hex}","extra":null}}"#),
            format!(r#"{{"type":"seal","round":-2,"seal":"{hex}"}}"#),
            format!(
                r#"{{"type":"open","round":2,"assignment":{{"mice":[1,1,1,1]}},"nonce":"{hex}"}}"#
            ),
            format!(r#"{{"type":"open","round":2,"assignment":null,"nonce":"{hex}"}}"#),
            r#"{"type":"chat","text":"hi \u00e9"}"#.to_owned(),
            r#"{"type":"spectator_chat","show":true}"#.to_owned(),
            r#"{"type":"teleport"}"#.to_owned(),
            r#"{"type":7}"#.to_owned(),
            "[1,2]".to_owned(),
            "not json".to_owned(),
        ];
        for frame in &frames {
            assert_eq!(
                ClientMessage::parse(frame),
                ClientMessage::parse_checking(frame).map(|(message, _)| message),
                "{frame}"
            );
        }
    }

    #[test]
    fn a_key_given_twice_is_refused_rather_than_the_last_one_taken() {
        let frames = [
            r#"{"type":"hello","version":4,"name":"Alice","name":"Mallory"}"#,
            r#"{"type":"join_room","code":"K7M2Q","code":"K7M2R"}"#,
            r#"{"type":"join_room","type":"watch_room","code":"K7M2Q"}"#,
            r#"{"type":"leave","type":"leave"}"#,
            r#"{"type":"chat","text":"a","text":"b"}"#,
        ];
        for frame in frames {
            let refused = ClientMessage::parse(frame).expect_err(frame);
            assert_eq!(refused.code(), crate::ErrorCode::BadMessage, "{frame}");
            assert!(
                refused.to_string().contains("duplicate field"),
                "{frame}: {refused}"
            );
        }
    }
}

//! What the nodes of a cluster say to each other through Redis, and the
//! names they use there.
//!
//! A message on a node's channel is a run of records: a JSON header on a
//! line, then the frames it carries, one a line, as they go to clients. A
//! frame is compact JSON, which has no line break (one inside a string is
//! written `\n`), so the frames travel as they are, never escaped again.

use std::net::IpAddr;

use mice_cake_engine::{PlayerKey, Seat};
use mice_cake_protocol::{ArenaId, ErrorCode, RefusalArgs, RoomCode};
use serde::{Deserialize, Serialize};

use crate::frame::Frame;
use crate::room::{Act, ArenaGame, Refusal};

/// What every key and channel of the cluster starts with.
const PREFIX: &str = "mice-cake";

/// The channel a node listens on: commands for its rooms, frames for its
/// connections, answers to its questions.
pub(crate) fn node_channel(node: &str) -> String {
    format!("{PREFIX}:node:{node}")
}

/// The channel of a room's spectators on every node but the one running it.
pub(crate) fn watch_channel(room: RoomCode) -> String {
    format!("{PREFIX}:watch:{room}")
}

/// The channel every node listens on for news of the cluster.
pub(crate) fn notices_channel() -> String {
    format!("{PREFIX}:notices")
}

/// A node's lease: it lives while the node renews it.
pub(crate) fn lease_key(node: &str) -> String {
    format!("{PREFIX}:lease:{node}")
}

/// The node that runs a room (and, while it exists, the room's code taken).
pub(crate) fn room_key(room: RoomCode) -> String {
    format!("{PREFIX}:room:{room}")
}

/// The room a seat token leads to, by the token's SHA-256 (never the token).
pub(crate) fn seat_key(hash: &[u8; 32]) -> String {
    format!("{PREFIX}:seat:{}", hex(hash))
}

/// The public rooms of the cluster: code → summary (JSON).
pub(crate) fn listing_key() -> String {
    format!("{PREFIX}:listing")
}

/// Every room of the cluster that told its summary, listed or not: code →
/// summary (JSON), for a lookup by code.
pub(crate) fn summaries_key() -> String {
    format!("{PREFIX}:summaries")
}

/// A value set once per Redis data set: if it changes, Redis lost what the
/// nodes had written, and they write it again.
pub(crate) fn boot_key() -> String {
    format!("{PREFIX}:boot")
}

/// Quick pairing's queue: `node/conn` → the waiter (JSON).
pub(crate) fn seekers_key() -> String {
    format!("{PREFIX}:seekers")
}

/// The keys new to rated play an address (group) brought in lately: a
/// sorted set, scored by when each came.
pub(crate) fn new_keys_key(address: IpAddr) -> String {
    format!("{PREFIX}:new-keys:{address}")
}

/// A challenge given for an HTTP request's proof of a key, until spent
/// or expired.
pub(crate) fn key_challenge_key(challenge: mice_cake_engine::KeyChallenge) -> String {
    format!("{PREFIX}:key-challenge:{challenge}")
}

/// The node that pairs the cluster's seekers, while it holds this lease.
pub(crate) fn pairing_leader_key() -> String {
    format!("{PREFIX}:pairing:leader")
}

/// What the pairing node tells a node of its seekers: a list of notices.
pub(crate) fn pairing_notices_key(node: &str) -> String {
    format!("{PREFIX}:paired:{node}")
}

/// The seekers a pairing put in room `room`, with when each began to wait
/// (JSON), while its game has yet to be stored: if the room's node dies
/// first, they keep their place in the queue.
pub(crate) fn pairing_key(room: RoomCode) -> String {
    format!("{PREFIX}:pairing:room:{room}")
}

/// When a key's seek began, kept for it because the room of its pairing
/// was called off unstored (its node died): its next seek takes its place
/// back, at the head of the queue.
pub(crate) fn kept_place_key(key: &PlayerKey) -> String {
    format!("{PREFIX}:pairing:kept:{}", hex(&key.to_bytes()))
}

/// The node that runs an arena, while it holds this lease.
pub(crate) fn arena_runner_key(arena: ArenaId) -> String {
    format!("{PREFIX}:arena:{arena}:runner")
}

/// An arena's games being played: room code → the players' keys (JSON),
/// for the node that takes the arena over.
pub(crate) fn arena_games_key(arena: ArenaId) -> String {
    format!("{PREFIX}:arena:{arena}:games")
}

pub(crate) fn hex(bytes: &[u8]) -> String {
    bytes.iter().map(|byte| format!("{byte:02x}")).collect()
}

/// A record's header.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "k", rename_all = "snake_case")]
pub(crate) enum Header {
    /// A command for a room the receiving node runs, from connection `conn`
    /// of node `from`; with `ask`, its answer is awaited.
    Command {
        room: RoomCode,
        from: String,
        conn: u64,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        ask: Option<u64>,
        command: Act,
    },
    /// The answer to an ask: the seat taken (none: watching), or why not;
    /// with a seat in an arena's room, that arena's game.
    Reply {
        ask: u64,
        answer: Result<Option<Seat>, WireRefusal>,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        arena_game: Option<ArenaGame>,
    },
    /// Frames for one connection of the receiving node, one a letter of
    /// `kinds` (`s`: sent, `o`: offered, may be left out), then, if
    /// `close`, its closing; from room `room`: a connection in another
    /// room by now (a pairing called off, then another) takes none of it.
    Deliver {
        conn: u64,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        room: Option<RoomCode>,
        kinds: String,
        #[serde(default, skip_serializing_if = "std::ops::Not::not")]
        close: bool,
        /// The closing is the cluster's, not the room's: the connection
        /// is no longer known there (its client comes back at once).
        #[serde(default, skip_serializing_if = "std::ops::Not::not")]
        rerouted: bool,
    },
    /// Frames for every spectator of `room` (on its watch channel).
    Watch { room: RoomCode, kinds: String },
    /// Something connection `conn` of node `from` asks of arena `arena`,
    /// which the receiving node runs (`conn` 0: a room's report).
    ArenaAsk {
        arena: ArenaId,
        from: String,
        conn: u64,
        ask: WireArenaAsk,
    },
    /// The answer to a join: refused, and why, or not; `again`: not now
    /// (the arena moved, or is busy), to be asked again.
    ArenaReply {
        ask: u64,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        refused: Option<String>,
        #[serde(default, skip_serializing_if = "std::ops::Not::not")]
        again: bool,
    },
    /// Frames from arena `arena` for connection `conn` of the receiving
    /// node, one a letter of `kinds` (as [`Header::Deliver`]'s).
    ArenaDeliver {
        conn: u64,
        arena: ArenaId,
        kinds: String,
    },
    /// Arena `arena` paired the player of connection `conn`: its
    /// `arena_paired` follows, for its session to take the seat in `code`.
    ArenaPaired {
        conn: u64,
        arena: ArenaId,
        code: RoomCode,
    },
    /// Arena `arena`'s standings follow, for every connection of the
    /// receiving node in it.
    ArenaUpdate { arena: ArenaId },
    /// Arena `arena` is over: its last standings follow, for connection
    /// `conn`'s session to say once.
    ArenaOver { conn: u64, arena: ArenaId },
}

impl Header {
    /// How many frames follow the header.
    fn frames(&self) -> usize {
        match self {
            Header::Deliver { kinds, .. }
            | Header::Watch { kinds, .. }
            | Header::ArenaDeliver { kinds, .. } => kinds.len(),
            Header::ArenaPaired { .. } | Header::ArenaUpdate { .. } | Header::ArenaOver { .. } => 1,
            Header::Command { .. }
            | Header::Reply { .. }
            | Header::ArenaAsk { .. }
            | Header::ArenaReply { .. } => 0,
        }
    }
}

/// News of the cluster, for every node.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "k", rename_all = "snake_case")]
pub(crate) enum Notice {
    /// A node stopped and handed its rooms back: take them now.
    NodeLeft { node: String },
    /// `to` took room `room` over from `from`.
    Moved {
        room: RoomCode,
        from: String,
        to: String,
    },
    /// Challenge news for the connections that watch key `to` (hex), on
    /// whichever node they are: `frame`, as sent.
    Challenge { to: String, frame: String },
}

/// What a connection on another node asks of an arena (or a room there
/// tells it).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "a", rename_all = "snake_case")]
pub(crate) enum WireArenaAsk {
    /// Joins as the player of `key` (checked by the node they are on); the
    /// answer comes as [`Header::ArenaReply`] `ask`.
    Join {
        ask: u64,
        key: PlayerKey,
        name: String,
        #[serde(default)]
        bot: bool,
        #[serde(default)]
        join_code: Option<String>,
        /// The room the connection is in, if any.
        #[serde(default)]
        in_room: Option<RoomCode>,
        /// What that room said of itself, if it is an arena's.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        in_room_game: Option<ArenaGame>,
        /// Where the connection plays from, if one address plays one side
        /// (never stored).
        #[serde(default)]
        address: Option<IpAddr>,
    },
    Watch,
    Pause,
    Gone,
    /// A room of the arena's, on the sending node: its game is over.
    GameOver {
        code: RoomCode,
    },
    /// A room of the arena's called its pairing off.
    CalledOff {
        code: RoomCode,
        held_back: Option<PlayerKey>,
    },
}

/// A refusal on the wire.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub(crate) struct WireRefusal {
    code: ErrorCode,
    message: String,
    /// Absent in what an older node wrote.
    #[serde(default, skip_serializing_if = "RefusalArgs::is_empty")]
    args: RefusalArgs,
}

impl From<Refusal> for WireRefusal {
    fn from(refusal: Refusal) -> WireRefusal {
        WireRefusal {
            code: refusal.code,
            message: refusal.message,
            args: refusal.args,
        }
    }
}

impl From<WireRefusal> for Refusal {
    fn from(refusal: WireRefusal) -> Refusal {
        Refusal {
            code: refusal.code,
            message: refusal.message,
            args: refusal.args,
        }
    }
}

/// Appends a record: `header`, then `frames`.
pub(crate) fn encode(payload: &mut Vec<u8>, header: &Header, frames: &[Frame]) {
    if !payload.is_empty() {
        payload.push(b'\n');
    }
    // Our own types always serialize.
    if serde_json::to_writer(&mut *payload, header).is_err() {
        payload.extend_from_slice(b"{}");
    }
    for frame in frames {
        payload.push(b'\n');
        // A frame is compact JSON: no line break but inside a string,
        // where it is escaped. Should one ever come, it is whitespace
        // between tokens, as good as a space.
        payload.extend(frame.as_str().bytes().map(|byte| match byte {
            b'\n' => b' ',
            other => other,
        }));
    }
}

/// The records of a message, each a header and its frames; `Err` at the
/// first that cannot be read (the rest is skipped).
pub(crate) fn decode(payload: &str) -> Vec<Result<(Header, Vec<&str>), String>> {
    let mut lines = payload.split('\n');
    let mut records = Vec::new();
    while let Some(line) = lines.next() {
        match serde_json::from_str::<Header>(line) {
            Ok(header) => {
                let frames: Vec<&str> = lines.by_ref().take(header.frames()).collect();
                if frames.len() == header.frames() {
                    records.push(Ok((header, frames)));
                } else {
                    records.push(Err("a record is missing frames".into()));
                }
            }
            Err(error) => {
                records.push(Err(format!("unreadable record header: {error}")));
                break;
            }
        }
    }
    records
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn records_carry_frames_as_they_are_and_read_back_in_order() {
        let code: RoomCode = "K7M2Q".parse().unwrap();
        let mut payload = Vec::new();
        let chat = Frame::plain(r#"{"type":"chat","text":"two\nlines"}"#);
        encode(
            &mut payload,
            &Header::Deliver {
                conn: 7,
                room: Some(code),
                kinds: "so".into(),
                close: true,
                rerouted: false,
            },
            &[Frame::plain(r#"{"type":"event","seq":1}"#), chat.clone()],
        );
        encode(
            &mut payload,
            &Header::Command {
                room: code,
                from: "n1".into(),
                conn: 3,
                ask: Some(9),
                command: Act::Resume {
                    token: [0xab; 32],
                    last_seq: Some(4),
                    seating: crate::room::Seating {
                        key: None,
                        proven: false,
                        bot: true,
                        address: Some("2001:db8::".parse().unwrap()),
                    },
                },
            },
            &[],
        );
        let text = String::from_utf8(payload).unwrap();
        let records = decode(&text);
        assert_eq!(records.len(), 2);
        let (header, frames) = records[0].as_ref().unwrap();
        assert!(matches!(
            header,
            Header::Deliver {
                conn: 7,
                close: true,
                ..
            }
        ));
        assert_eq!(frames, &[r#"{"type":"event","seq":1}"#, chat.as_str()]);
        let (header, frames) = records[1].as_ref().unwrap();
        assert!(matches!(header, Header::Command { ask: Some(9), .. }));
        assert!(frames.is_empty());
        // A message cut short says so.
        assert!(decode(r#"{"k":"watch","room":"K7M2Q","kinds":"ss"}"#)[0].is_err());
        assert!(decode("not json")[0].is_err());
    }

    #[test]
    fn an_arena_s_end_for_a_connection_carries_its_last_standings() {
        let arena: ArenaId = "K7M2QX9P".parse().unwrap();
        let update = Frame::plain(r#"{"type":"arena_update","arena":{}}"#);
        let mut payload = Vec::new();
        encode(
            &mut payload,
            &Header::ArenaOver { conn: 5, arena },
            std::slice::from_ref(&update),
        );
        let text = String::from_utf8(payload).unwrap();
        let records = decode(&text);
        let (header, frames) = records[0].as_ref().unwrap();
        assert_eq!(header, &Header::ArenaOver { conn: 5, arena });
        assert_eq!(frames, &[update.as_str()]);
    }

    #[test]
    fn an_answer_carries_a_seat_or_a_refusal() {
        let refused = Header::Reply {
            ask: 1,
            answer: Err(Refusal::new(ErrorCode::RoomFull, "full").into()),
            arena_game: None,
        };
        let text = serde_json::to_string(&refused).unwrap();
        assert_eq!(serde_json::from_str::<Header>(&text).unwrap(), refused);
        let seated = Header::Reply {
            ask: 2,
            answer: Ok(Some(Seat::Blue)),
            arena_game: None,
        };
        let text = serde_json::to_string(&seated).unwrap();
        assert!(!text.contains("arena_game"), "{text}");
        assert_eq!(serde_json::from_str::<Header>(&text).unwrap(), seated);
        // In an arena's room, the arena and its game's players cross too.
        let key = mice_cake_engine::PlayerSecret::from_bytes([7; 32]).public_key();
        let in_arena = Header::Reply {
            ask: 3,
            answer: Ok(Some(Seat::Yellow)),
            arena_game: Some(ArenaGame {
                arena: "K7M2QX9P".parse().unwrap(),
                players: Some(mice_cake_engine::Seated {
                    yellow: key,
                    blue: key,
                }),
            }),
        };
        let text = serde_json::to_string(&in_arena).unwrap();
        assert_eq!(serde_json::from_str::<Header>(&text).unwrap(), in_arena);
    }
}

//! Every JSON example of `docs/protocol.md` is current: each fenced block of
//! JSON is tagged `json KIND` and parses as its kind's type (`client` and
//! `server` as messages, the others as the HTTP bodies they name), writes
//! back to the same JSON, and any message's `version` is this protocol's;
//! so is every whole message written inline, and the version the page is
//! titled with.

use mice_cake_protocol::api::{CreateArena, KeyChallengeIssued, RefundDone, RefundRequest};
use mice_cake_protocol::arena::{ArenaDetail, ArenaList};
use mice_cake_protocol::{
    ApiError, ClientMessage, FairPlayReport, GamePage, Health, Leaderboard, PROTOCOL_VERSION,
    PlayerProfile, RoomList, RoomSummary, ServerMessage,
};
use serde::Serialize;
use serde::de::DeserializeOwned;
use serde_json::Value;

use crate::docs::{PROTOCOL_MD, blocks, spans};

/// Parses `text` as `T`, and writes it back: the same JSON, or why not.
fn exact<T: DeserializeOwned + Serialize>(text: &str) -> Result<Value, String> {
    let parsed: T = serde_json::from_str(text).map_err(|error| error.to_string())?;
    let original: Value = serde_json::from_str(text).map_err(|error| error.to_string())?;
    let written = serde_json::to_value(&parsed).map_err(|error| error.to_string())?;
    if written != original {
        return Err(format!("written back, it is {written}"));
    }
    Ok(original)
}

/// A block of kind `kind` checked as its type; `None` for no such kind.
fn example(kind: &str, text: &str) -> Option<Result<Value, String>> {
    Some(match kind {
        "client" => ClientMessage::parse(text)
            .map_err(|error| error.to_string())
            .and_then(|_| exact::<ClientMessage>(text)),
        "server" => exact::<ServerMessage>(text),
        "rooms" => exact::<RoomList>(text),
        "room" => exact::<RoomSummary>(text),
        "games" => exact::<GamePage>(text),
        "health" => exact::<Health>(text),
        "http-error" => exact::<ApiError>(text),
        "player" => exact::<PlayerProfile>(text),
        "leaderboard" => exact::<Leaderboard>(text),
        "analysis" => exact::<mice_cake_engine::analysis::GameAnalysis>(text),
        "fair-play" => exact::<FairPlayReport>(text),
        "key-challenge" => exact::<KeyChallengeIssued>(text),
        "refund-request" => exact::<RefundRequest>(text),
        "refund-done" => exact::<RefundDone>(text),
        "create-arena" => exact::<CreateArena>(text),
        "arenas" => exact::<ArenaList>(text),
        "arena" => exact::<ArenaDetail>(text),
        "match" => exact::<mice_cake_protocol::MatchSummary>(text),
        "players-named" => exact::<mice_cake_protocol::PlayersNamed>(text),
        "challenge-status" => exact::<mice_cake_protocol::ChallengeStatus>(text),
        "bots" => exact::<mice_cake_protocol::bots::BotsPage>(text),
        _ => return None,
    })
}

/// What is wrong with a message's version: a message that carries one
/// (`hello`, `welcome`) carries this protocol's.
fn version(message: &Value) -> Option<String> {
    let version = message.get("version")?;
    let kind = message["type"].as_str().unwrap_or("a message");
    (version != &Value::from(PROTOCOL_VERSION))
        .then(|| format!("`{kind}` says version {version}, not {PROTOCOL_VERSION}"))
}

#[test]
fn every_json_block_is_a_current_example_of_its_kind() {
    let mut wrong = Vec::new();
    let mut checked = 0;
    for block in blocks() {
        let at = format!("docs/protocol.md:{}", block.line);
        let Some(kind) = block.info.strip_prefix("json") else {
            // Any other block (a diagram, a shell command) holds no JSON.
            let first = block.text.trim_start();
            if first.starts_with('{') || first.starts_with('[') {
                wrong.push(format!(
                    "{at}: a block of JSON tagged {:?}: tag it `json KIND`",
                    block.info
                ));
            }
            continue;
        };
        let kind = kind.trim();
        match example(kind, block.text) {
            None => wrong.push(format!(
                "{at}: `json {kind}` is no kind of example this test knows"
            )),
            Some(Err(error)) => wrong.push(format!("{at}: `json {kind}`: {error}")),
            Some(Ok(value)) => {
                checked += 1;
                if matches!(kind, "client" | "server") {
                    wrong.extend(version(&value).map(|error| format!("{at}: {error}")));
                }
            }
        }
    }
    assert!(wrong.is_empty(), "{}", wrong.join("\n"));
    assert!(checked > 60, "only {checked} examples found");
}

#[test]
fn every_message_written_inline_is_current() {
    let mut wrong = Vec::new();
    let mut messages = 0;
    for (line, span) in spans() {
        // A whole message, not a sketch with `…` in it.
        let Ok(value) = serde_json::from_str::<Value>(span) else {
            continue;
        };
        if !value.get("type").is_some_and(Value::is_string) {
            continue;
        }
        messages += 1;
        let at = format!("docs/protocol.md:{line}: `{span}`");
        let client = ClientMessage::parse(span);
        let server = serde_json::from_str::<ServerMessage>(span);
        if client.is_err() && server.is_err() {
            wrong.push(format!("{at} is neither a client nor a server message"));
        }
        wrong.extend(version(&value).map(|error| format!("{at}: {error}")));
    }
    assert!(wrong.is_empty(), "{}", wrong.join("\n"));
    assert!(messages > 0, "no message written inline found");
}

#[test]
fn the_page_names_the_current_protocol_version() {
    let title = PROTOCOL_MD.lines().next().unwrap();
    assert_eq!(
        title,
        format!("# The Mice Cake protocol (version {PROTOCOL_VERSION})")
    );
    let hello = format!("carrying the protocol version (`{PROTOCOL_VERSION}`)");
    assert!(
        PROTOCOL_MD.contains(&hello),
        "docs/protocol.md does not say `hello` carries version {PROTOCOL_VERSION}"
    );
}

//! The JSON Schema (draft 2020-12) of the whole protocol, generated from
//! its types: every client and server message, and the HTTP API's bodies.
//!
//! It is published as `docs/protocol.schema.json` (a test keeps the file
//! equal to [`document`], and every example of `docs/protocol.md` valid
//! against it) and served by the server at `GET /api/schema`, so that a
//! client in any language can check what it sends and receives.
//!
//! Each type is a definition under `$defs`: a client message is valid
//! against `#/$defs/ClientMessage`, a server message against
//! `#/$defs/ServerMessage`, and the document itself accepts either. The
//! schemas describe what the server *reads*: a field the server fills in
//! when it is left out is optional there.

use schemars::generate::SchemaSettings;
use serde_json::{Value, json};

use crate::api::{ApiError, FinishedGame, GamePage, GameViews, Health, OddsTable, RoomList};
use crate::api::{Leaderboard, PlayerProfile};
use crate::messages::{ClientMessage, PROTOCOL_VERSION, ServerMessage};
use crate::room::RoomSummary;

/// The definitions a client validates against: the messages both ways and
/// every HTTP body.
pub const TOP_LEVEL: [&str; 23] = [
    "ClientMessage",
    "ServerMessage",
    "RoomList",
    "RoomSummary",
    "GamePage",
    "FinishedGame",
    "OddsTable",
    "GameViews",
    "Health",
    "ApiError",
    "PlayerProfile",
    "Leaderboard",
    "GameAnalysis",
    "FairPlayReport",
    "KeyChallengeIssued",
    "RefundRequest",
    "RefundDone",
    "CreateArena",
    "ArenaList",
    "ArenaDetail",
    "PlayersNamed",
    "ChallengeStatus",
    "BotsPage",
];

/// The schema document.
pub fn document() -> Value {
    let mut generator = SchemaSettings::draft2020_12().into_generator();
    generator.subschema_for::<ClientMessage>();
    generator.subschema_for::<ServerMessage>();
    generator.subschema_for::<RoomList>();
    generator.subschema_for::<RoomSummary>();
    generator.subschema_for::<GamePage>();
    generator.subschema_for::<FinishedGame>();
    generator.subschema_for::<crate::matches::MatchSummary>();
    generator.subschema_for::<OddsTable>();
    generator.subschema_for::<GameViews>();
    generator.subschema_for::<Health>();
    generator.subschema_for::<ApiError>();
    generator.subschema_for::<PlayerProfile>();
    generator.subschema_for::<Leaderboard>();
    generator.subschema_for::<mice_cake_engine::analysis::GameAnalysis>();
    generator.subschema_for::<crate::fair_play::FairPlayReport>();
    generator.subschema_for::<crate::api::KeyChallengeIssued>();
    generator.subschema_for::<crate::api::RefundRequest>();
    generator.subschema_for::<crate::api::RefundDone>();
    generator.subschema_for::<crate::api::CreateArena>();
    generator.subschema_for::<crate::arena::ArenaList>();
    generator.subschema_for::<crate::arena::ArenaDetail>();
    generator.subschema_for::<crate::api::PlayersNamed>();
    generator.subschema_for::<crate::api::ChallengeStatus>();
    generator.subschema_for::<crate::bots::BotsPage>();
    let mut definitions = Value::Object(generator.take_definitions(true));
    plain_descriptions(&mut definitions);
    json!({
        "$schema": "https://json-schema.org/draft/2020-12/schema",
        "title": format!("The Mice Cake protocol, version {PROTOCOL_VERSION}"),
        "description": "Every message of the Mice Cake protocol (JSON text frames over the WebSocket at /ws) and the bodies of its HTTP API. A client message is valid against #/$defs/ClientMessage, a server message against #/$defs/ServerMessage; see docs/protocol.md.",
        "anyOf": [
            { "$ref": "#/$defs/ClientMessage" },
            { "$ref": "#/$defs/ServerMessage" }
        ],
        "$defs": definitions,
    })
}

/// The document as published: pretty JSON, ending with a newline.
pub fn document_text() -> String {
    let mut text = serde_json::to_string_pretty(&document()).unwrap_or_default();
    text.push('\n');
    text
}

/// A schema that validates one definition of the document (one of
/// [`TOP_LEVEL`], say), with every definition it refers to.
pub fn for_definition(name: &str) -> Value {
    let mut document = document();
    let definitions = document
        .get_mut("$defs")
        .map(Value::take)
        .unwrap_or_default();
    json!({
        "$schema": "https://json-schema.org/draft/2020-12/schema",
        "$ref": format!("#/$defs/{name}"),
        "$defs": definitions,
    })
}

/// Descriptions come from the Rust documentation: its links
/// (``[`Choices::mice`]``) become plain code (`` `Choices::mice` ``) and its
/// wrapped lines one paragraph, for readers of the schema in any language.
fn plain_descriptions(value: &mut Value) {
    match value {
        Value::Object(object) => {
            for (key, field) in object.iter_mut() {
                match field {
                    Value::String(text) if key == "description" => *text = plain(text),
                    _ => plain_descriptions(field),
                }
            }
        }
        Value::Array(items) => items.iter_mut().for_each(plain_descriptions),
        _ => {}
    }
}

fn plain(text: &str) -> String {
    text.split("\n\n")
        .map(|paragraph| paragraph.split('\n').collect::<Vec<_>>().join(" "))
        .collect::<Vec<_>>()
        .join("\n\n")
        .replace("[`", "`")
        .replace("`]", "`")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn descriptions_lose_their_rust_links_and_line_breaks() {
        assert_eq!(
            plain("Places [`Choices::mice`]\nmice.\n\nMore."),
            "Places `Choices::mice` mice.\n\nMore."
        );
    }
}

//! JSON Schemas (feature `schema`) of the types whose JSON is written by
//! hand rather than derived: pieces, sets of pieces, places of the cake,
//! rows, rolls, seeds, commitments, seals and nonces. The derived types carry
//! `#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]`.
//!
//! Each schema says what the type's `Deserialize` accepts, as far as JSON
//! Schema can: a set's pieces must differ as written ("2/6" and "6/2" pass
//! the schema; the server refuses them as one piece listed twice), and the
//! spaces a piece may be padded with are JSON Schema's `\s`.

use alloc::borrow::Cow;

use schemars::{JsonSchema, Schema, SchemaGenerator, json_schema};

use crate::coords::{ROWS, Row};
use crate::dice::{MAX_DICE, Roll, Seed};
use crate::domino::{Domino, DominoSet, PIECE_COUNT};
use crate::fair::{Commitment, MatchId, Nonce, Seal};
use crate::view::CellView;

impl JsonSchema for Domino {
    fn schema_name() -> Cow<'static, str> {
        "Domino".into()
    }

    fn json_schema(_: &mut SchemaGenerator) -> Schema {
        json_schema!({
            "description": "A piece of the double-six set: its two halves, \"2/6\" (the server writes the lower half first; either order is read).",
            "type": "string",
            "pattern": "^\\s*[0-6]\\s*/\\s*[0-6]\\s*$"
        })
    }
}

impl JsonSchema for DominoSet {
    fn schema_name() -> Cow<'static, str> {
        "DominoSet".into()
    }

    fn json_schema(generator: &mut SchemaGenerator) -> Schema {
        let piece = generator.subschema_for::<Domino>();
        json_schema!({
            "description": "A set of pieces, each listed once (in canonical order when the server writes it).",
            "type": "array",
            "items": piece,
            "uniqueItems": true,
            "maxItems": PIECE_COUNT
        })
    }
}

impl JsonSchema for CellView {
    fn schema_name() -> Cow<'static, str> {
        "CellView".into()
    }

    fn json_schema(generator: &mut SchemaGenerator) -> Schema {
        let piece = generator.subschema_for::<Domino>();
        json_schema!({
            "description": "A place of the cake: null when empty, \"hidden\" for a face-down piece (which piece is never sent), or the face-up piece.",
            "anyOf": [
                { "type": "null" },
                { "const": "hidden" },
                piece
            ]
        })
    }
}

impl JsonSchema for Row {
    fn schema_name() -> Cow<'static, str> {
        "Row".into()
    }

    fn json_schema(_: &mut SchemaGenerator) -> Schema {
        json_schema!({
            "description": "A row of the cake: 1 (Yellow's side) to 7 (Blue's side).",
            "type": "integer",
            "minimum": 1,
            "maximum": ROWS
        })
    }
}

impl JsonSchema for Roll {
    fn schema_name() -> Cow<'static, str> {
        "Roll".into()
    }

    fn json_schema(_: &mut SchemaGenerator) -> Schema {
        json_schema!({
            "description": "The faces of the dice rolled at once, in the order rolled.",
            "type": "array",
            "items": { "type": "integer", "minimum": 1, "maximum": 6 },
            "maxItems": MAX_DICE
        })
    }
}

impl JsonSchema for Seed {
    fn schema_name() -> Cow<'static, str> {
        "Seed".into()
    }

    fn json_schema(_: &mut SchemaGenerator) -> Schema {
        json_schema!({
            "description": "A game's seed: 256 bits as 64 hexadecimal digits. Secret until the game is over.",
            "type": "string",
            "pattern": "^[0-9a-fA-F]{64}$"
        })
    }
}

/// The schema of a 32-byte hash or nonce written as 64 hex digits.
fn bytes32_schema(description: &str) -> Schema {
    json_schema!({
        "description": description,
        "type": "string",
        "pattern": "^[0-9a-fA-F]{64}$"
    })
}

impl JsonSchema for Commitment {
    fn schema_name() -> Cow<'static, str> {
        "Commitment".into()
    }

    fn json_schema(_: &mut SchemaGenerator) -> Schema {
        bytes32_schema(
            "The server's commitment to the game's seed: SHA-256 as 64 hexadecimal digits \
             (docs/fairness.md).",
        )
    }
}

impl JsonSchema for MatchId {
    fn schema_name() -> Cow<'static, str> {
        "MatchId".into()
    }

    fn json_schema(_: &mut SchemaGenerator) -> Schema {
        json_schema!({
            "description": "A match's id: 16 bytes as 32 hexadecimal digits.",
            "type": "string",
            "pattern": "^[0-9a-fA-F]{32}$"
        })
    }
}

impl JsonSchema for Seal {
    fn schema_name() -> Cow<'static, str> {
        "Seal".into()
    }

    fn json_schema(_: &mut SchemaGenerator) -> Schema {
        bytes32_schema(
            "A sealed move: SHA-256 of the round, seat, assignment and nonce, as 64 \
             hexadecimal digits (docs/fairness.md).",
        )
    }
}

impl JsonSchema for Nonce {
    fn schema_name() -> Cow<'static, str> {
        "Nonce".into()
    }

    fn json_schema(_: &mut SchemaGenerator) -> Schema {
        bytes32_schema("32 fresh random bytes as 64 hexadecimal digits (docs/fairness.md).")
    }
}

impl JsonSchema for crate::signing::PlayerKey {
    fn schema_name() -> Cow<'static, str> {
        "PlayerKey".into()
    }

    fn json_schema(_: &mut SchemaGenerator) -> Schema {
        bytes32_schema(
            "A player's Ed25519 public key (RFC 8032), as 64 hexadecimal digits: their seals \
             are signed with it (docs/fairness.md).",
        )
    }
}

impl JsonSchema for crate::signing::KeyChallenge {
    fn schema_name() -> Cow<'static, str> {
        "KeyChallenge".into()
    }

    fn json_schema(_: &mut SchemaGenerator) -> Schema {
        bytes32_schema(
            "32 random bytes the server drew for one proof of a key (a connection's, in its \
             welcome, or one HTTP request's), as 64 hexadecimal digits (docs/ratings.md).",
        )
    }
}

impl JsonSchema for crate::signing::SealSignature {
    fn schema_name() -> Cow<'static, str> {
        "SealSignature".into()
    }

    fn json_schema(_: &mut SchemaGenerator) -> Schema {
        json_schema!({
            "description": "A player's Ed25519 signature of \"mice-cake/fair/v1/signed-seal\" followed by the seal's 32 bytes, as 128 hexadecimal digits (docs/fairness.md).",
            "type": "string",
            "pattern": "^[0-9a-fA-F]{128}$"
        })
    }
}

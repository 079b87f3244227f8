//! JSON lines: every server message as received, and the client's own
//! notes as `{"type":"client","message":…}`.

use mice_cake_protocol::ServerMessage;

/// Something the client itself says, as a JSON line.
pub(super) fn note(text: &str) -> String {
    serde_json::json!({ "type": "client", "message": text }).to_string()
}

/// A server message as a JSON line (as the protocol writes it).
pub(super) fn message(message: &ServerMessage) -> Option<String> {
    serde_json::to_string(message).ok()
}

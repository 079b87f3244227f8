//! A client's frame as the server reads it: `ClientMessage::parse` never
//! panics, and a message it accepts says the same once written again.

use mice_cake_protocol::ClientMessage;

/// One input of the `client_message` target.
pub fn check(data: &[u8]) {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    let Ok(message) = ClientMessage::parse(text) else {
        return;
    };
    let written = serde_json::to_string(&message).expect("a parsed message serializes");
    let again = ClientMessage::parse(&written).expect("a written message parses");
    assert_eq!(again, message, "{written}");
}

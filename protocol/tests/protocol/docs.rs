//! The examples of `docs/protocol.md`.

pub(crate) const PROTOCOL_MD: &str = include_str!("../../../docs/protocol.md");

/// The fenced blocks of `docs/protocol.md` whose info string is `json <kind>`.
pub(crate) fn examples(kind: &str) -> Vec<&'static str> {
    let fence = format!("```json {kind}\n");
    PROTOCOL_MD
        .split(fence.as_str())
        .skip(1)
        .map(|rest| rest.split("```").next().unwrap())
        .collect()
}

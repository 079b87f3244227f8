//! A live room read back from its rows, the same for every backend: its
//! code, its snapshot, the entries of its log applied in order, its rounds.
//! What is read is someone's bytes (a damaged file, a database edited by
//! hand): anything that does not read is a [`StoreError::BadRoom`] naming
//! the room and the part, never a panic.

use mice_cake_protocol::RoomCode;

use super::{LogEntry, RoomSnapshot, StoreError, StoredRoom};

/// Reads a room from its stored text: `code`, `snapshot`, its `log`'s
/// entries and its `rounds`, each in order. Events (kept by old servers
/// only) are the backend's to add.
pub(crate) fn read_room(
    code: &str,
    snapshot: &str,
    log: &[String],
    rounds: &[String],
) -> Result<StoredRoom, StoreError> {
    let room_code: RoomCode = code.parse().map_err(|error| StoreError::BadRoom {
        code: code.to_owned(),
        detail: format!("its code cannot be read: {error}"),
    })?;
    let mut snapshot: RoomSnapshot =
        serde_json::from_str(snapshot).map_err(|error| unreadable(code, "snapshot", &error))?;
    for entry in log {
        let entry: LogEntry =
            serde_json::from_str(entry).map_err(|error| unreadable(code, "log", &error))?;
        snapshot.apply(entry);
    }
    let rounds = rounds
        .iter()
        .map(|round| {
            serde_json::from_str(round).map_err(|error| unreadable(code, "rounds", &error))
        })
        .collect::<Result<_, _>>()?;
    Ok(StoredRoom {
        code: room_code,
        snapshot,
        // A log holds at most `LOG_LIMIT` entries; one longer still counts.
        logged: u32::try_from(log.len()).unwrap_or(u32::MAX),
        rounds,
        events: Vec::new(),
    })
}

/// A stored room's JSON that cannot be read. serde's message may quote the
/// value (a commit, a seed): only where it failed is said.
fn unreadable(code: &str, part: &str, error: &serde_json::Error) -> StoreError {
    StoreError::BadRoom {
        code: code.to_owned(),
        detail: format!(
            "its {part} cannot be read ({:?} error at line {}, column {})",
            error.classify(),
            error.line(),
            error.column()
        ),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_damaged_part_is_named_without_quoting_it() {
        let error = read_room("K7M2Q", r#"{"seed": "secret"#, &[], &[]).unwrap_err();
        let message = error.to_string();
        assert!(
            message.contains("K7M2Q") && message.contains("its snapshot cannot be read"),
            "{message}"
        );
        assert!(!message.contains("secret"), "{message}");
        let error = read_room("nope", "{}", &[], &[]).unwrap_err();
        assert!(
            error.to_string().contains("its code cannot be read"),
            "{error}"
        );
    }
}

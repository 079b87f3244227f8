//! One serialized message, and what the server itself must know of it.
//!
//! A room sends most frames for the client alone. A few the server reads on
//! their way too: a pairing called off tells the seeker's session to seek
//! on, and a player's frames relayed across a cluster say which seals are
//! in and carry the seat token. Those are marked with their [`FrameKind`]
//! as they are serialized, from the typed message, so that nothing on the
//! way reads JSON by its text to find them.

use std::sync::Arc;

use mice_cake_protocol::{RoomEvent, ServerMessage};

/// What a frame is to the server on its way (to the client, all are text).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum FrameKind {
    /// For the client alone.
    Plain,
    /// `joined`: a seat taken, with the room's state.
    Joined,
    /// `state`: the room's state.
    State,
    /// An `event` that a seal is in, or `events` with one among them.
    Sealed,
    /// `unpaired`: the pairing was called off; `requeued`: the seek goes
    /// on.
    Unpaired { requeued: bool },
}

impl FrameKind {
    /// The kind of `message`.
    pub(crate) fn of(message: &ServerMessage) -> FrameKind {
        match message {
            ServerMessage::Joined { .. } => FrameKind::Joined,
            ServerMessage::State { .. } => FrameKind::State,
            ServerMessage::Event { event, .. } if matches!(**event, RoomEvent::Sealed { .. }) => {
                FrameKind::Sealed
            }
            ServerMessage::Events { events, .. }
                if events
                    .iter()
                    .any(|event| matches!(event, RoomEvent::Sealed { .. })) =>
            {
                FrameKind::Sealed
            }
            ServerMessage::Unpaired { requeued, .. } => FrameKind::Unpaired {
                requeued: *requeued,
            },
            _ => FrameKind::Plain,
        }
    }

    /// Its letter, the first of the frame's bytes (and of the frame's
    /// letter between the nodes of a cluster).
    pub(crate) fn letter(self) -> char {
        match self {
            FrameKind::Plain => 's',
            FrameKind::Joined => 'j',
            FrameKind::State => 't',
            FrameKind::Sealed => 'e',
            FrameKind::Unpaired { requeued: true } => 'u',
            FrameKind::Unpaired { requeued: false } => 'n',
        }
    }

    /// The kind a letter names; `None` for a letter of no kind.
    pub(crate) fn from_letter(letter: char) -> Option<FrameKind> {
        Some(match letter {
            's' => FrameKind::Plain,
            'j' => FrameKind::Joined,
            't' => FrameKind::State,
            'e' => FrameKind::Sealed,
            'u' => FrameKind::Unpaired { requeued: true },
            'n' => FrameKind::Unpaired { requeued: false },
            _ => return None,
        })
    }
}

/// One serialized message. Cloning shares the bytes: a room serializes an
/// event once and sends it to every member, and the connection writes it
/// from there (`socket.rs`), copying it nowhere.
///
/// Its kind is kept as its first byte, an ASCII letter before the JSON, so
/// that a frame stays one pointer and a length, as a room keeps many.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct Frame(Arc<str>);

impl Frame {
    /// A frame of `kind` holding `text`. One allocation of exactly its
    /// length: a serialized message has grown by doubling, and up to half
    /// of its buffer is spare room, which a room would keep with its recent
    /// events.
    pub(crate) fn new(kind: FrameKind, text: &str) -> Frame {
        let mut marked = String::with_capacity(1 + text.len());
        marked.push(kind.letter());
        marked.push_str(text);
        Frame(Arc::from(marked))
    }

    /// A frame of `kind` whose text `write` writes (in one allocation of
    /// about `capacity` bytes, copied once more into the frame's own).
    pub(crate) fn written(
        kind: FrameKind,
        capacity: usize,
        write: impl FnOnce(&mut String),
    ) -> Frame {
        let mut marked = String::with_capacity(1 + capacity);
        marked.push(kind.letter());
        write(&mut marked);
        Frame(Arc::from(marked))
    }

    /// A frame for the client alone.
    pub(crate) fn plain(text: &str) -> Frame {
        Frame::new(FrameKind::Plain, text)
    }

    /// The text the client is sent.
    pub(crate) fn as_str(&self) -> &str {
        // The letter is ASCII: one byte, a character's boundary after it.
        self.0.get(1..).unwrap_or_default()
    }

    /// What it is to the server.
    pub(crate) fn kind(&self) -> FrameKind {
        self.0
            .chars()
            .next()
            .and_then(FrameKind::from_letter)
            .unwrap_or(FrameKind::Plain)
    }

    /// Its length in bytes, as sent.
    pub(crate) fn len(&self) -> usize {
        self.0.len().saturating_sub(1)
    }
}

/// Serializes a message into a frame of its kind.
pub(crate) fn frame(message: &ServerMessage) -> Frame {
    match serde_json::to_string(message) {
        Ok(text) => Frame::new(FrameKind::of(message), &text),
        // Our own types always serialize; if one ever fails, say so rather
        // than send nothing.
        Err(error) => Frame::plain(&format!(
            r#"{{"type":"error","code":"internal","message":"the server could not write a message: {error}"}}"#
        )),
    }
}

/// The letter a frame travels with between the nodes of a cluster: `o`
/// when it is offered (a chat line a client behind may be spared), else its
/// kind's.
pub(crate) fn relay_letter(frame: &Frame, offer: bool) -> char {
    if offer { 'o' } else { frame.kind().letter() }
}

/// A frame relayed with `letter` (see [`relay_letter`]), and whether it is
/// offered.
pub(crate) fn relayed(text: &str, letter: u8) -> (Frame, bool) {
    match FrameKind::from_letter(char::from(letter)) {
        Some(kind) => (Frame::new(kind, text), false),
        None => (Frame::plain(text), letter == b'o'),
    }
}

/// A frame stored or relayed as text: its kind read from its message, as
/// it was when it was made (a room's events brought back from storage).
pub(crate) fn reread(text: &str) -> Frame {
    let kind = serde_json::from_str::<ServerMessage>(text)
        .map_or(FrameKind::Plain, |message| FrameKind::of(&message));
    Frame::new(kind, text)
}

#[cfg(test)]
mod tests {
    use mice_cake_engine::Seat;
    use mice_cake_protocol::RoomCode;

    use super::*;

    #[test]
    fn a_frame_is_sent_as_its_json_and_known_by_its_kind() {
        let code: RoomCode = "K7M2Q".parse().unwrap();
        let unpaired = ServerMessage::Unpaired {
            code,
            requeued: false,
            reason: "called off".into(),
            challenge: None,
        };
        let sent = frame(&unpaired);
        assert_eq!(sent.as_str(), serde_json::to_string(&unpaired).unwrap());
        assert_eq!(sent.len(), sent.as_str().len());
        assert_eq!(sent.kind(), FrameKind::Unpaired { requeued: false });
        assert_eq!(reread(sent.as_str()), sent);
        let sealed = ServerMessage::Event {
            seq: 3,
            event: Box::new(RoomEvent::Sealed {
                round: 2,
                seat: Seat::Blue,
                seal: mice_cake_engine::Seal::from_bytes([7; 32]),
                by_server: false,
                signature: None,
            }),
        };
        assert_eq!(frame(&sealed).kind(), FrameKind::Sealed);
        assert_eq!(Frame::plain("{}").kind(), FrameKind::Plain);
    }

    #[test]
    fn every_kind_has_its_own_letter() {
        let kinds = [
            FrameKind::Plain,
            FrameKind::Joined,
            FrameKind::State,
            FrameKind::Sealed,
            FrameKind::Unpaired { requeued: true },
            FrameKind::Unpaired { requeued: false },
        ];
        for kind in kinds {
            assert_eq!(FrameKind::from_letter(kind.letter()), Some(kind));
        }
        assert_eq!(FrameKind::from_letter('o'), None);
    }
}

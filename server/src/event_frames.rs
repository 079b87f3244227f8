//! Events that go out together, joined into one `events` frame.
//!
//! A room serializes each event once, as an `event` frame it keeps for
//! resumes and shares among its members. When a member is sent several in
//! a row (a reveal and the next round's start; what a spectator is given of
//! a round), they go as one frame: one header, one message for the client
//! to read. The joined frame is made from the events' own bytes, not by
//! serializing them again: serde writes an `event` frame's fields in their
//! declared order, so its event is the text between a known opening and
//! the final brace (held by this module's tests against serde's own
//! output).

use std::fmt::Write as _;

use crate::frame::{Frame, FrameKind};

/// How serde opens an `event` frame, before its number.
const EVENT_OPENING: &str = r#"{"type":"event","seq":"#;
/// What follows an `event` frame's number, before its event.
const AFTER_SEQ: &str = r#","event":"#;

/// An `event` frame's number and its event's JSON; `None` for any other
/// frame.
pub(crate) fn event_parts(frame: &Frame) -> Option<(u64, &str)> {
    let rest = frame.as_str().strip_prefix(EVENT_OPENING)?;
    let digits = rest.find(|c: char| !c.is_ascii_digit())?;
    let seq = rest[..digits].parse().ok()?;
    let event = rest[digits..].strip_prefix(AFTER_SEQ)?.strip_suffix('}')?;
    Some((seq, event))
}

/// The `events` frame of `events`, each an `event` frame numbered one after
/// the other (as [`event_parts`] reads them); `None` if one is not.
pub(crate) fn joined(events: &[Frame]) -> Option<Frame> {
    let (first, _) = event_parts(events.first()?)?;
    let mut parts = Vec::with_capacity(events.len());
    for (index, frame) in events.iter().enumerate() {
        let (seq, event) = event_parts(frame)?;
        if seq != first + index as u64 {
            return None;
        }
        parts.push(event);
    }
    // A seal in it still tells the cluster's relay which seals are in.
    let kind = if events.iter().any(|frame| frame.kind() == FrameKind::Sealed) {
        FrameKind::Sealed
    } else {
        FrameKind::Plain
    };
    let length: usize = parts.iter().map(|part| part.len() + 1).sum();
    Some(Frame::written(kind, length + 48, |text| {
        let _ = write!(text, r#"{{"type":"events","seq":{first},"events":["#);
        for (index, part) in parts.iter().enumerate() {
            if index > 0 {
                text.push(',');
            }
            text.push_str(part);
        }
        text.push_str("]}");
    }))
}

#[cfg(test)]
mod tests {
    use mice_cake_engine::{Seal, Seat};
    use mice_cake_protocol::{RoomEvent, ServerMessage};

    use super::*;
    use crate::frame::frame;

    fn sealed(seat: Seat) -> RoomEvent {
        RoomEvent::Sealed {
            round: 4,
            seat,
            seal: Seal::from_bytes([9; 32]),
            by_server: false,
            signature: None,
        }
    }

    fn event(seq: u64, event: RoomEvent) -> Frame {
        frame(&ServerMessage::Event {
            seq,
            event: Box::new(event),
        })
    }

    #[test]
    fn an_event_frame_is_read_back_as_its_number_and_event() {
        let frame = event(1_234, RoomEvent::Spectators { count: 7 });
        let (seq, text) = event_parts(&frame).unwrap();
        assert_eq!(seq, 1_234);
        assert_eq!(
            serde_json::from_str::<RoomEvent>(text).unwrap(),
            RoomEvent::Spectators { count: 7 }
        );
        assert_eq!(event_parts(&Frame::plain(r#"{"type":"welcome"}"#)), None);
        let state_like = Frame::plain(r#"{"type":"event","seq":x,"event":{}}"#);
        assert_eq!(event_parts(&state_like), None);
    }

    #[test]
    fn joined_events_are_what_serde_writes_for_them() {
        let events = vec![
            sealed(Seat::Blue),
            RoomEvent::Spectators { count: 2 },
            RoomEvent::RematchRequested { seat: Seat::Yellow },
        ];
        let frames: Vec<Frame> = (0..)
            .zip(&events)
            .map(|(index, one)| event(41 + index, one.clone()))
            .collect();
        let joined = joined(&frames).unwrap();
        let expected = ServerMessage::Events { seq: 41, events };
        assert_eq!(joined.as_str(), serde_json::to_string(&expected).unwrap());
        assert_eq!(joined.kind(), FrameKind::Sealed);
        // Read back one by one, they are the events as sent alone.
        let one_by_one: Vec<ServerMessage> = serde_json::from_str::<ServerMessage>(joined.as_str())
            .unwrap()
            .one_by_one()
            .collect();
        let alone: Vec<ServerMessage> = frames
            .iter()
            .map(|frame| serde_json::from_str(frame.as_str()).unwrap())
            .collect();
        assert_eq!(one_by_one, alone);
    }

    #[test]
    fn only_events_numbered_one_after_the_other_are_joined() {
        let spectators = |count| RoomEvent::Spectators { count };
        let gap = [event(3, spectators(1)), event(5, spectators(2))];
        assert_eq!(joined(&gap), None);
        let not_an_event = [event(3, spectators(1)), Frame::plain(r#"{"type":"left"}"#)];
        assert_eq!(joined(&not_an_event), None);
        assert_eq!(joined(&[]), None);
        let plain = joined(&[event(3, spectators(1)), event(4, spectators(2))]).unwrap();
        assert_eq!(plain.kind(), FrameKind::Plain);
    }
}

//! A step's deliveries as they go out: the events a member is sent one
//! after the other, with nothing else between them, joined into one
//! `events` frame (`event_frames`). A reveal and the next round's start
//! reach a player as one frame, and what spectators are given at once (the
//! round, held for its openings) as one.
//!
//! Each member's own order is kept; only deliveries to different members
//! pass one another. A joined frame is made once for everyone it goes to.

use crate::event_frames::{event_parts, joined};
use crate::frame::Frame;
use crate::room::ConnId;
use crate::room::core::Delivery;

/// A delivery, or a member's events in a row, to be joined.
enum Gathered {
    Delivery(Delivery),
    Run { to: ConnId, events: Vec<Frame> },
}

/// `deliveries`, each member's runs of events joined.
pub(in crate::room) fn gathered(deliveries: Vec<Delivery>) -> Vec<Delivery> {
    // Nothing to join: one frame for one member.
    if let [Delivery::Frame(..) | Delivery::Offer(..)] | [] = deliveries.as_slice() {
        return deliveries;
    }
    let mut gathered: Vec<Gathered> = Vec::with_capacity(deliveries.len());
    // Each member's run that may still grow: its place in `gathered`.
    let mut open: Vec<(ConnId, usize)> = Vec::new();
    for delivery in deliveries {
        match delivery {
            Delivery::Frame(to, frame) => match event_parts(&frame) {
                Some((seq, _)) => {
                    if let Some(run) = open_run(&mut gathered, &open, to, seq) {
                        run.push(frame);
                        continue;
                    }
                    open.retain(|(member, _)| *member != to);
                    open.push((to, gathered.len()));
                    gathered.push(Gathered::Run {
                        to,
                        events: vec![frame],
                    });
                }
                None => {
                    open.retain(|(member, _)| *member != to);
                    gathered.push(Gathered::Delivery(Delivery::Frame(to, frame)));
                }
            },
            Delivery::Offer(to, _) | Delivery::Disconnect(to) | Delivery::Reroute(to) => {
                open.retain(|(member, _)| *member != to);
                gathered.push(Gathered::Delivery(delivery));
            }
            Delivery::Fanout { to, frames } => {
                open.retain(|(member, _)| !to.contains(member));
                let frames = runs_joined(frames);
                gathered.push(Gathered::Delivery(Delivery::Fanout { to, frames }));
            }
            Delivery::Watchers { frames, offer } => {
                let frames = runs_joined(frames);
                gathered.push(Gathered::Delivery(Delivery::Watchers { frames, offer }));
            }
        }
    }
    let mut made = Made::default();
    let mut out = Vec::with_capacity(gathered.len());
    for gathered in gathered {
        match gathered {
            Gathered::Delivery(delivery) => out.push(delivery),
            Gathered::Run { to, events } => out.extend(
                made.frames(events)
                    .into_iter()
                    .map(|frame| Delivery::Frame(to, frame)),
            ),
        }
    }
    out
}

/// The events of `to`'s open run, if `seq` comes next in it.
fn open_run<'a>(
    gathered: &'a mut [Gathered],
    open: &[(ConnId, usize)],
    to: ConnId,
    seq: u64,
) -> Option<&'a mut Vec<Frame>> {
    let (_, index) = open.iter().find(|(member, _)| *member == to)?;
    let Gathered::Run { events, .. } = gathered.get_mut(*index)? else {
        return None;
    };
    let (last, _) = event_parts(events.last()?)?;
    (last + 1 == seq).then_some(events)
}

/// `frames` with each run of events in a row joined.
fn runs_joined(frames: Vec<Frame>) -> Vec<Frame> {
    let mut out = Vec::with_capacity(frames.len());
    let mut run: Vec<Frame> = Vec::new();
    for frame in frames {
        let follows = match (event_parts(&frame), run.last().and_then(event_parts)) {
            (Some((seq, _)), Some((last, _))) => last + 1 == seq,
            (Some(_), None) => true,
            (None, _) => false,
        };
        if !follows {
            out.extend(Made::default().frames(std::mem::take(&mut run)));
        }
        if event_parts(&frame).is_some() {
            run.push(frame);
        } else {
            out.push(frame);
        }
    }
    out.extend(Made::default().frames(run));
    out
}

/// Joined frames made during a step, by their first event's number and
/// their length: every player sent the same run shares one frame.
#[derive(Default)]
struct Made(Vec<((u64, usize), Frame)>);

impl Made {
    /// The frames to send for `events`: one, joined, when there are several.
    fn frames(&mut self, events: Vec<Frame>) -> Vec<Frame> {
        if events.len() < 2 {
            return events;
        }
        let Some((first, _)) = events.first().and_then(event_parts) else {
            return events;
        };
        let key = (first, events.len());
        if let Some((_, frame)) = self.0.iter().find(|(made, _)| *made == key) {
            return vec![frame.clone()];
        }
        match joined(&events) {
            Some(frame) => {
                self.0.push((key, frame.clone()));
                vec![frame]
            }
            None => events,
        }
    }
}

#[cfg(test)]
mod tests {
    use mice_cake_protocol::{RoomEvent, ServerMessage};

    use super::*;
    use crate::frame::frame;

    fn event(seq: u64) -> Frame {
        frame(&ServerMessage::Event {
            seq,
            event: Box::new(RoomEvent::Spectators { count: seq as u32 }),
        })
    }

    /// What `frame` carries, as a client reads it: each event's number.
    fn numbers(frame: &Frame) -> Vec<u64> {
        let message: ServerMessage = serde_json::from_str(frame.as_str()).unwrap();
        message
            .one_by_one()
            .map(|message| match message {
                ServerMessage::Event { seq, .. } => seq,
                other => panic!("not an event: {other:?}"),
            })
            .collect()
    }

    /// Each delivery as the numbers of its events, or a word for the rest.
    fn shape(deliveries: &[Delivery]) -> Vec<String> {
        deliveries
            .iter()
            .map(|delivery| match delivery {
                Delivery::Frame(to, frame) if frame.as_str().starts_with(r#"{"type":"event"#) => {
                    format!("{to:?} {:?}", numbers(frame))
                }
                Delivery::Frame(to, frame) => format!("{to:?} {}", frame.as_str()),
                Delivery::Fanout { frames, .. } => format!(
                    "fanout {:?}",
                    frames.iter().map(numbers).collect::<Vec<_>>()
                ),
                other => format!("{other:?}"),
            })
            .collect()
    }

    #[test]
    fn a_member_s_events_in_a_row_go_as_one_frame_made_once_for_all() {
        let (ann, bob) = (ConnId::next(), ConnId::next());
        let deliveries = vec![
            Delivery::Frame(ann, event(7)),
            Delivery::Frame(bob, event(7)),
            Delivery::Frame(ann, event(8)),
            Delivery::Frame(bob, event(8)),
            Delivery::Frame(ann, event(9)),
            Delivery::Frame(bob, event(9)),
        ];
        let gathered = gathered(deliveries);
        assert_eq!(
            shape(&gathered),
            [format!("{ann:?} [7, 8, 9]"), format!("{bob:?} [7, 8, 9]")]
        );
        let [Delivery::Frame(_, first), Delivery::Frame(_, second)] = &gathered[..] else {
            panic!("two frames");
        };
        assert!(std::ptr::eq(first.as_str(), second.as_str()), "made once");
    }

    #[test]
    fn anything_else_sent_to_a_member_ends_its_run_and_keeps_its_place() {
        let (ann, bob) = (ConnId::next(), ConnId::next());
        let refusal = Frame::plain(r#"{"type":"error"}"#);
        let deliveries = vec![
            Delivery::Frame(ann, event(1)),
            Delivery::Frame(bob, event(1)),
            Delivery::Frame(ann, refusal.clone()),
            Delivery::Frame(ann, event(2)),
            Delivery::Frame(bob, event(2)),
            Delivery::Disconnect(bob),
            Delivery::Frame(ann, event(3)),
            // Not the next number: a run of its own.
            Delivery::Frame(ann, event(5)),
        ];
        assert_eq!(
            shape(&gathered(deliveries)),
            [
                format!("{ann:?} [1]"),
                format!("{bob:?} [1, 2]"),
                format!("{ann:?} {}", refusal.as_str()),
                format!("{ann:?} [2, 3]"),
                format!("Disconnect({bob:?})"),
                format!("{ann:?} [5]"),
            ]
        );
    }

    #[test]
    fn spectators_are_given_the_runs_of_what_they_are_sent_at_once() {
        let chat = Frame::plain(r#"{"type":"chat"}"#);
        let deliveries = vec![Delivery::Fanout {
            to: vec![ConnId::next()],
            frames: vec![
                event(4),
                event(5),
                chat.clone(),
                event(6),
                event(7),
                event(8),
            ],
        }];
        let Delivery::Fanout { frames, .. } = &gathered(deliveries)[0] else {
            panic!("a fan-out");
        };
        assert_eq!(frames.len(), 3);
        assert_eq!(numbers(&frames[0]), [4, 5]);
        assert_eq!(frames[1], chat);
        assert_eq!(numbers(&frames[2]), [6, 7, 8]);
    }
}

//! The shell's side of a command: the room's channel carries
//! [`Command`]s with their reply channels and the queues of connections
//! that come in; the rules take [`Input`]s, as data. Each command is split
//! here into the input, the reply kept under the question's number until
//! the rules answer, and the queue of the connection it brings.

use tokio::sync::oneshot;

use crate::room::core::{Answer, AskId, Input, Present};
use crate::room::{Command, Member, Refusal, SeatTaken};

/// Where an answer goes.
#[derive(Debug)]
pub(in crate::room) enum Reply {
    Seat(oneshot::Sender<Result<SeatTaken, Refusal>>),
    Done(oneshot::Sender<Result<(), Refusal>>),
}

impl Reply {
    /// Sends `answer`; one the asker stopped waiting for is dropped.
    pub(in crate::room) fn send(self, answer: Answer) {
        match (self, answer) {
            (Reply::Seat(reply), Answer::Seat(answer)) => {
                let _ = reply.send(answer);
            }
            (Reply::Done(reply), Answer::Done(answer)) => {
                let _ = reply.send(answer);
            }
            // The rules answer each question as it was asked.
            (Reply::Seat(reply), Answer::Done(_)) => drop(reply),
            (Reply::Done(reply), Answer::Seat(_)) => drop(reply),
        }
    }
}

/// A command split: the input for the rules, the reply to keep under the
/// number `ask`, and the connection that comes in with it.
pub(in crate::room) struct Split {
    pub(in crate::room) input: Input,
    pub(in crate::room) reply: Option<Reply>,
    pub(in crate::room) joining: Option<Member>,
}

/// Splits `command`, numbering its question (if it asks one) `ask`.
pub(in crate::room) fn split(command: Command, ask: AskId) -> Split {
    let (input, reply, joining) = match command {
        Command::Join {
            member,
            name,
            token,
            seating,
            reply,
        } => (
            Input::Join {
                present: present(&member),
                name,
                token,
                seating,
                ask,
            },
            Some(Reply::Seat(reply)),
            Some(member),
        ),
        Command::Watch { member, reply } => (
            Input::Watch {
                present: present(&member),
                ask,
            },
            Some(Reply::Done(reply)),
            Some(member),
        ),
        Command::Resume {
            member,
            token,
            last_seq,
            seating,
            reply,
        } => (
            Input::Resume {
                present: present(&member),
                token,
                last_seq,
                seating,
                ask,
            },
            Some(Reply::Seat(reply)),
            Some(member),
        ),
        Command::Barrier { reply } => (Input::Barrier { ask }, Some(Reply::Done(reply)), None),
        Command::Seal {
            conn,
            round,
            seal,
            signature,
        } => (
            Input::Seal {
                conn,
                round,
                seal,
                signature,
            },
            None,
            None,
        ),
        Command::Open {
            conn,
            round,
            assignment,
            nonce,
        } => (
            Input::Open {
                conn,
                round,
                assignment,
                nonce,
            },
            None,
            None,
        ),
        Command::Sync { conn } => (Input::Sync { conn }, None, None),
        Command::Rematch { conn } => (Input::Rematch { conn }, None, None),
        Command::Leave { conn, signature } => (Input::Leave { conn, signature }, None, None),
        Command::Chat { conn, name, text } => (Input::Chat { conn, name, text }, None, None),
        Command::SpectatorChat { conn, show } => (Input::SpectatorChat { conn, show }, None, None),
        Command::Disconnected { conn } => (Input::Disconnected { conn }, None, None),
        Command::HandedOver => (Input::HandedOver, None, None),
    };
    Split {
        input,
        reply,
        joining,
    }
}

/// The connection of `member`, as the rules know it.
fn present(member: &Member) -> Present {
    Present {
        conn: member.conn,
        remote_watcher: member.outbound.remote_watcher().is_some(),
    }
}

//! The questions a room's task has in hand: a command taken from its
//! channel is handed to the rules as their input, its reply kept under its
//! question's number until they answer, and the queue of the connection it
//! brings kept for the frames they send it.

use super::links::Links;
use crate::room::core::{Answer, AskId, Input};
use crate::room::{Command, Reply};

#[derive(Debug, Default)]
pub(in crate::room) struct Asking {
    /// Replies awaited, by question number.
    replies: Vec<(AskId, Reply)>,
    next: AskId,
}

impl Asking {
    /// Takes `command`: its reply and its connection's queue are kept, and
    /// its input given back for the rules.
    pub(in crate::room) fn take(&mut self, command: Command, links: &mut Links) -> Input {
        let Command {
            conn,
            act,
            reply,
            outbound,
        } = command;
        let ask = reply.map(|reply| {
            let ask = self.next;
            self.next += 1;
            self.replies.push((ask, reply));
            ask
        });
        let remote_watcher = outbound
            .as_ref()
            .is_some_and(|outbound| outbound.remote_watcher().is_some());
        if let (Some(conn), Some(outbound)) = (conn, outbound) {
            links.admit(conn, outbound);
        }
        Input {
            conn,
            remote_watcher,
            act,
            ask,
        }
    }

    /// Sends the rules' answer to question `ask`; one the asker stopped
    /// waiting for is dropped.
    pub(in crate::room) fn answer(&mut self, ask: AskId, answer: Answer) {
        let Some(index) = self.replies.iter().position(|(id, _)| *id == ask) else {
            return;
        };
        match (self.replies.swap_remove(index).1, answer) {
            (Reply::Seat(reply), Answer::Seat(answer)) => {
                let _ = reply.send(answer);
            }
            (Reply::Done(reply), Answer::Done(answer)) => {
                let _ = reply.send(answer);
            }
            // The rules answer each question as it was asked.
            (Reply::Seat(_), Answer::Done(_)) | (Reply::Done(_), Answer::Seat(_)) => {}
        }
    }
}

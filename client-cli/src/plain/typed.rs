//! Lines typed on standard input: read, and acted on.

use mice_cake_engine::Assignment;
use mice_cake_protocol::ClientMessage;

use super::*;
use crate::outcome::Outcome;

impl Player {
    /// A line typed by the person.
    pub(super) async fn typed(&mut self, line: &str) -> Step {
        if line.is_empty() {
            return Step::Continue;
        }
        if matches!(line, "q" | "quit" | "exit") {
            self.leaving();
            return Step::Done(Outcome::Done);
        }
        if let Some(said) = line
            .strip_prefix("/say ")
            .or_else(|| line.strip_prefix("/chat "))
        {
            if !self.chat {
                self.out.note("the chat is off (--no-chat)");
            } else {
                let text = said.to_owned();
                let _ = self
                    .session
                    .commands
                    .send(ClientMessage::Chat { text })
                    .await;
            }
            return Step::Continue;
        }
        if let Some(show) = line.strip_prefix("/spectators ") {
            let show = matches!(show.trim(), "on" | "yes" | "show");
            let _ = self
                .session
                .commands
                .send(ClientMessage::SpectatorChat { show })
                .await;
            return Step::Continue;
        }
        if let Some(followed) = self.arena.as_ref().filter(|arena| arena.playing) {
            let arena = followed.id;
            let command = match line {
                "pause" => Some(ClientMessage::PauseArena),
                "join" => self.tracker.sealer.join_arena(arena),
                _ => None,
            };
            if let Some(command) = command {
                let _ = self.session.commands.send(command).await;
                return Step::Continue;
            }
        }
        if line.starts_with('{') {
            // A program speaking the protocol directly.
            match ClientMessage::parse(line) {
                Ok(message) => {
                    let _ = self.session.commands.send(message).await;
                }
                Err(error) => self.out.note(&format!("not a message: {error}")),
            }
            return Step::Continue;
        }
        if matches!(self.decider, Decider::Watch) {
            self.out
                .note("you are watching: there is nothing to play (q leaves)");
            return Step::Continue;
        }
        let assignment: Assignment = match line.parse() {
            Ok(assignment) => assignment,
            Err(error) => {
                self.out.note(&format!(
                    "cannot read {line:?}: {error} (write it like `A2 C1` or `D1 steal 6/6`)"
                ));
                self.reprompt();
                return Step::Continue;
            }
        };
        match self.deciding() {
            Some((seat, view)) => self.play(seat, &view, assignment).await,
            None => {
                self.out.note(&format!(
                    "{assignment}: noted, for when the next round opens"
                ));
                self.typed_ahead.push_back(assignment);
            }
        }
        Step::Continue
    }
}

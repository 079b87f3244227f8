//! Lines typed on standard input: read ([`Typed::read`]), and acted on.

use mice_cake_engine::Assignment;
use mice_cake_protocol::ClientMessage;

use super::{Decider, Player, Step};
use crate::outcome::Outcome;
use crate::tr;

/// What a typed line says.
#[derive(Debug, PartialEq)]
pub(super) enum Typed<'a> {
    /// An empty line.
    Nothing,
    /// `q`, `quit`, `exit`.
    Quit,
    /// `/say TEXT` (or `/chat TEXT`).
    Say(&'a str),
    /// `/spectators on|off`: the spectators' chat shown or not.
    Spectators(bool),
    /// `pause` or `join`: an arena's word, for a player in one.
    ArenaWord(&'a str),
    /// A JSON client message, from a program speaking the protocol.
    Protocol(&'a str),
    /// Anything else: an assignment, or a mistake.
    Move(&'a str),
}

impl<'a> Typed<'a> {
    /// What `line` (trimmed) says.
    pub(super) fn read(line: &'a str) -> Typed<'a> {
        if line.is_empty() {
            return Typed::Nothing;
        }
        if matches!(line, "q" | "quit" | "exit") {
            return Typed::Quit;
        }
        if let Some(said) = line
            .strip_prefix("/say ")
            .or_else(|| line.strip_prefix("/chat "))
        {
            return Typed::Say(said);
        }
        if let Some(show) = line.strip_prefix("/spectators ") {
            return Typed::Spectators(matches!(show.trim(), "on" | "yes" | "show"));
        }
        if matches!(line, "pause" | "join") {
            return Typed::ArenaWord(line);
        }
        if line.starts_with('{') {
            return Typed::Protocol(line);
        }
        Typed::Move(line)
    }
}

impl Player {
    /// A line typed by the person.
    pub(super) async fn typed(&mut self, line: &str) -> Step {
        match Typed::read(line) {
            Typed::Nothing => {}
            Typed::Quit => {
                self.leaving();
                return Step::Done(Outcome::Done);
            }
            Typed::Say(said) => {
                if !self.chat {
                    self.out.note(&tr!("plain-chat-off"));
                } else {
                    let text = said.to_owned();
                    self.send(ClientMessage::Chat { text }).await;
                }
            }
            Typed::Spectators(show) => self.send(ClientMessage::SpectatorChat { show }).await,
            Typed::ArenaWord(word) => match self.arena_command(word) {
                Some(command) => self.send(command).await,
                // Not in an arena: read as anything else.
                None => self.typed_move(line).await,
            },
            Typed::Protocol(line) => match ClientMessage::parse(line) {
                Ok(message) => self.send(message).await,
                Err(error) => self
                    .out
                    .note(&tr!("plain-not-a-message", error = error.to_string())),
            },
            Typed::Move(line) => self.typed_move(line).await,
        }
        Step::Continue
    }

    /// The arena's command `word` says, for a player in an arena.
    fn arena_command(&self, word: &str) -> Option<ClientMessage> {
        let arena = self.arena.as_ref().filter(|arena| arena.playing)?.id;
        match word {
            "pause" => Some(ClientMessage::PauseArena),
            "join" => self.tracker.sealer.join_arena(arena),
            _ => None,
        }
    }

    /// A line that should be an assignment: played now, kept for the next
    /// round, or explained.
    async fn typed_move(&mut self, line: &str) {
        if matches!(self.decider, Decider::Watch) {
            self.out.note(&tr!("plain-watching-nothing-to-play"));
            return;
        }
        let assignment: Assignment = match line.parse() {
            Ok(assignment) => assignment,
            Err(error) => {
                self.out.note(&tr!(
                    "plain-cannot-read-move",
                    line = format!("{line:?}"),
                    error = error.to_string()
                ));
                self.reprompt();
                return;
            }
        };
        match self.deciding() {
            Some((seat, view)) => self.play(seat, &view, assignment).await,
            None => {
                self.out
                    .note(&tr!("plain-noted", assignment = assignment.to_string()));
                self.typed_ahead.push_back(assignment);
            }
        }
    }

    /// Sends a message to the server as typed.
    pub(super) async fn send(&mut self, message: ClientMessage) {
        let _ = self.session.commands.send(message).await;
    }
}

#[cfg(test)]
mod tests {
    use super::Typed;

    #[test]
    fn typed_lines_are_read_as_what_they_say() {
        assert_eq!(Typed::read(""), Typed::Nothing);
        assert_eq!(Typed::read("quit"), Typed::Quit);
        assert_eq!(Typed::read("/chat hi there"), Typed::Say("hi there"));
        assert_eq!(Typed::read("/spectators on"), Typed::Spectators(true));
        assert_eq!(Typed::read("/spectators off"), Typed::Spectators(false));
        assert_eq!(Typed::read("pause"), Typed::ArenaWord("pause"));
        assert_eq!(
            Typed::read(r#"{"type":"sync"}"#),
            Typed::Protocol(r#"{"type":"sync"}"#)
        );
        assert_eq!(Typed::read("A2 C2"), Typed::Move("A2 C2"));
    }
}

//! Where lines go: standard output, as text or as JSON lines.

use std::io::Write;

use mice_cake_engine::GameView;
use mice_cake_protocol::{ChatChannel, ChatLine, GameId, GameResult, PlayedRound, ServerMessage};

use super::json;
use super::text_output::describe;
use crate::text::{self, Missed};
use crate::tr;

/// How lines are written.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Output {
    /// Sentences for people.
    Text,
    /// One JSON object per line: every server message as received, and
    /// `{"type":"client", …}` notes for what the client itself reports.
    Json,
}

/// Writes lines to standard output and flushes: a script reads them as
/// they come. A closed output is not an error worth stopping for.
pub fn print_lines<L: AsRef<str>>(lines: impl IntoIterator<Item = L>) {
    let mut stdout = std::io::stdout().lock();
    for line in lines {
        let _ = writeln!(stdout, "{}", line.as_ref());
    }
    let _ = stdout.flush();
}

/// Writes lines to standard output, flushing each (a script reads as we go).
/// What is printed, and how: the output, and the server (for the command
/// that joins a room, told to the opponent).
pub(super) struct Printer(pub(super) Output, pub(super) String);

impl Printer {
    pub(super) fn line(&mut self, text: &str) {
        print_lines([text]);
    }

    /// Something the client itself says.
    pub(super) fn note(&mut self, text: &str) {
        match self.0 {
            Output::Text => self.line(text),
            Output::Json => self.line(&json::note(text)),
        }
    }

    /// A message from the server.
    pub(super) fn message(&mut self, message: &ServerMessage) {
        match self.0 {
            Output::Json => {
                if let Some(json) = json::message(message) {
                    self.line(&json);
                }
            }
            Output::Text => {
                for line in describe(message, &self.1) {
                    self.line(&line);
                }
            }
        }
    }

    /// The end of the game, and where its record is.
    pub(super) fn game_over(&mut self, result: &GameResult, game_id: Option<&GameId>) {
        if self.0 == Output::Text {
            self.line(&text::result(result));
            if let Some(id) = game_id {
                self.line(&tr!("plain-record", id = id.to_string()));
            }
        }
    }

    pub(super) fn round(&mut self, played: &PlayedRound, missed: Missed) {
        if self.0 == Output::Text {
            for line in text::round(played, missed) {
                self.line(&line);
            }
        }
    }

    /// A chat line, as text (JSON prints the message itself).
    pub(super) fn chat(&mut self, line: &ChatLine) {
        if self.0 == Output::Text {
            let name = line.name.as_str();
            let text = line.text.as_str();
            self.line(&match (line.seat, line.channel) {
                (Some(seat), _) => tr!(
                    "plain-chat-player",
                    name = name,
                    seat = text::seat_name(seat),
                    text = text
                ),
                (None, ChatChannel::Spectators) => {
                    tr!("plain-chat-spectator", name = name, text = text)
                }
                (None, ChatChannel::Players) => tr!("plain-chat", name = name, text = text),
            });
        }
    }

    pub(super) fn board(&mut self, view: &GameView) {
        if self.0 == Output::Text {
            for line in text::view_lines(view) {
                self.line(&line);
            }
        }
    }
}

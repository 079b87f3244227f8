//! The chat pane: what was said, a line being typed, and the person's
//! choices (muted, the spectators' chat shown to a player). Chat is text:
//! it is drawn as it came, never interpreted.

use crossterm::event::KeyCode;
use mice_cake_engine::Seat;
use mice_cake_protocol::{ChatChannel, ChatLine, MAX_CHAT_CHARS};

/// Which pane the bottom of a narrow screen shows.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Pane {
    #[default]
    Rounds,
    Chat,
}

/// The chat as the person has it.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct ChatPane {
    /// A line being typed, once `/` was pressed.
    pub input: Option<String>,
    /// Nothing is shown or counted while muted.
    pub muted: bool,
    /// For a player: whether the spectators' chat is shown too (asked of
    /// the server). Spectators always read both.
    pub spectators: bool,
    /// Lines said since the chat was last on screen.
    pub unread: usize,
    /// What a narrow screen's bottom shows.
    pub pane: Pane,
}

impl ChatPane {
    pub fn typing(&self) -> bool {
        self.input.is_some()
    }

    pub fn start_typing(&mut self) {
        self.input = Some(String::new());
    }

    pub fn switch_pane(&mut self) {
        self.pane = match self.pane {
            Pane::Rounds => Pane::Chat,
            Pane::Chat => Pane::Rounds,
        };
        if self.pane == Pane::Chat {
            self.unread = 0;
        }
    }

    /// A line was heard: counted unread unless muted or on screen.
    pub fn heard(&mut self, line: &ChatLine, you: Option<Seat>) {
        if !self.muted && self.pane == Pane::Rounds && self.shows(line, you) {
            self.unread += 1;
        }
    }

    /// Whether `line` is shown to a member in seat `you` (none: watching).
    pub fn shows(&self, line: &ChatLine, you: Option<Seat>) -> bool {
        !self.muted && (line.channel == ChatChannel::Players || you.is_none() || self.spectators)
    }

    /// A key while typing; returns the text to send when it is done.
    pub fn key(&mut self, code: KeyCode) -> Option<String> {
        let input = self.input.as_mut()?;
        match code {
            KeyCode::Esc => self.input = None,
            KeyCode::Enter => {
                let text = self.input.take().unwrap_or_default();
                return (!text.trim().is_empty()).then_some(text);
            }
            KeyCode::Backspace => {
                input.pop();
            }
            KeyCode::Char(c) if !c.is_control() && input.chars().count() < MAX_CHAT_CHARS => {
                input.push(c);
            }
            _ => {}
        }
        None
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn line(channel: ChatChannel) -> ChatLine {
        ChatLine {
            channel,
            name: "Cy".into(),
            seat: None,
            text: "hi".into(),
            at_ms: 0,
        }
    }

    #[test]
    fn typing_a_line_and_sending_or_dropping_it() {
        let mut chat = ChatPane::default();
        assert_eq!(chat.key(KeyCode::Char('x')), None, "not typing");
        chat.start_typing();
        for c in "gg!".chars() {
            chat.key(KeyCode::Char(c));
        }
        chat.key(KeyCode::Backspace);
        assert_eq!(chat.input.as_deref(), Some("gg"));
        assert_eq!(chat.key(KeyCode::Enter), Some("gg".into()));
        assert!(!chat.typing());
        chat.start_typing();
        chat.key(KeyCode::Char('a'));
        assert_eq!(chat.key(KeyCode::Esc), None);
        assert!(!chat.typing());
        chat.start_typing();
        assert_eq!(chat.key(KeyCode::Enter), None, "nothing to send");
        chat.start_typing();
        for _ in 0..MAX_CHAT_CHARS + 10 {
            chat.key(KeyCode::Char('x'));
        }
        assert_eq!(
            chat.input.as_ref().map(|input| input.chars().count()),
            Some(MAX_CHAT_CHARS)
        );
    }

    #[test]
    fn players_see_the_spectators_chat_only_when_they_ask_and_muting_hides_all() {
        let mut chat = ChatPane::default();
        let spectators = line(ChatChannel::Spectators);
        let players = line(ChatChannel::Players);
        assert!(chat.shows(&players, Some(Seat::Yellow)));
        assert!(!chat.shows(&spectators, Some(Seat::Yellow)));
        assert!(chat.shows(&spectators, None), "spectators read both");
        chat.spectators = true;
        assert!(chat.shows(&spectators, Some(Seat::Yellow)));
        chat.heard(&players, Some(Seat::Yellow));
        assert_eq!(chat.unread, 1);
        chat.muted = true;
        assert!(!chat.shows(&players, None));
        chat.heard(&players, Some(Seat::Yellow));
        assert_eq!(chat.unread, 1, "muted: not counted");
        chat.switch_pane();
        assert_eq!((chat.pane, chat.unread), (Pane::Chat, 0));
    }
}

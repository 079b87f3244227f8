//! Stepping through a finished game in the full-screen interface.

use crossterm::event::{self, Event, KeyCode, KeyEventKind};
use ratatui::Frame;
use ratatui::layout::{Constraint, Layout};
use ratatui::style::Stylize;
use ratatui::text::Line;
use ratatui::widgets::{Block, Paragraph};

use crate::replay::Replay;
use crate::text;

/// Which round is shown (0: before the first).
pub struct Stepper {
    pub replay: Replay,
    pub at: usize,
}

impl Stepper {
    /// Handles a key; `false` to quit.
    pub fn key(&mut self, code: KeyCode) -> bool {
        let last = self.replay.rounds.len();
        match code {
            KeyCode::Right | KeyCode::Char('l' | ' ') => self.at = (self.at + 1).min(last),
            KeyCode::Left | KeyCode::Char('h') => self.at = self.at.saturating_sub(1),
            KeyCode::Home => self.at = 0,
            KeyCode::End => self.at = last,
            KeyCode::Char('q') | KeyCode::Esc => return false,
            _ => {}
        }
        true
    }

    pub fn draw(&self, frame: &mut Frame) {
        let [board, report, hints] = Layout::vertical([
            Constraint::Length(12),
            Constraint::Min(3),
            Constraint::Length(1),
        ])
        .areas(frame.area());
        let Some(view) = self.replay.views.get(self.at).or(self.replay.views.last()) else {
            return;
        };
        let title = match self.at {
            0 => " Before the first round ".to_owned(),
            round => format!(" After round {round} of {} ", self.replay.rounds.len()),
        };
        let cake: Vec<Line> = view
            .to_string()
            .lines()
            .map(|l| Line::from(l.to_owned()))
            .collect();
        frame.render_widget(
            Paragraph::new(cake).block(Block::bordered().title(title)),
            board,
        );
        let mut lines: Vec<Line> = match self
            .at
            .checked_sub(1)
            .and_then(|i| self.replay.rounds.get(i))
        {
            Some(round) => text::round(round).into_iter().map(Line::from).collect(),
            None => vec![Line::from("→ steps through the rounds.")],
        };
        if self.at == self.replay.rounds.len() {
            lines.push(Line::from(crate::replay::end_line(&self.replay)).bold());
        }
        frame.render_widget(
            Paragraph::new(lines).block(Block::bordered().title(" Round ")),
            report,
        );
        frame.render_widget(Line::from(" ←/→ round  Home/End first/last  q quit"), hints);
    }
}

/// Steps through `replay` until the person quits.
pub fn run(replay: Replay) -> anyhow::Result<()> {
    let mut stepper = Stepper { replay, at: 0 };
    let mut terminal = ratatui::init();
    let outcome = (|| -> anyhow::Result<()> {
        loop {
            terminal.draw(|frame| stepper.draw(frame))?;
            if let Event::Key(key) = event::read()?
                && key.kind != KeyEventKind::Release
                && !stepper.key(key.code)
            {
                return Ok(());
            }
        }
    })();
    ratatui::restore();
    outcome
}

#[cfg(test)]
mod tests {
    use crossterm::event::KeyCode;
    use mice_cake_engine::{Options, RecordedGame, Seat, Seed, Viewer, greedy_assignment};
    use ratatui::Terminal;
    use ratatui::backend::TestBackend;

    use super::*;

    fn stepper() -> Stepper {
        let mut game = RecordedGame::new(Options::default(), Seed::from_u64(6)).unwrap();
        while !game.game().is_over() {
            let [yellow, blue] = [Seat::Yellow, Seat::Blue]
                .map(|seat| greedy_assignment(&game.game().view(Viewer::from(seat)), seat));
            game.play_round(&yellow, &blue).unwrap();
        }
        let json = serde_json::to_string(game.record()).unwrap();
        Stepper {
            replay: crate::replay::parse(&json).unwrap(),
            at: 0,
        }
    }

    fn screen(stepper: &Stepper) -> String {
        let mut terminal = Terminal::new(TestBackend::new(80, 24)).unwrap();
        terminal.draw(|frame| stepper.draw(frame)).unwrap();
        terminal.backend().to_string()
    }

    #[test]
    fn keys_step_through_the_rounds_within_bounds() {
        let mut stepper = stepper();
        let rounds = stepper.replay.rounds.len();
        assert!(stepper.key(KeyCode::Left));
        assert_eq!(stepper.at, 0);
        assert!(screen(&stepper).contains("Before the first round"));
        stepper.key(KeyCode::Right);
        stepper.key(KeyCode::Char(' '));
        assert_eq!(stepper.at, 2);
        let shown = screen(&stepper);
        assert!(
            shown.contains(&format!("After round 2 of {rounds}")),
            "{shown}"
        );
        assert!(shown.contains("Round 2: Yellow"), "{shown}");
        stepper.key(KeyCode::End);
        stepper.key(KeyCode::Right);
        assert_eq!(stepper.at, rounds);
        assert!(screen(&stepper).contains("Game over: "));
        stepper.key(KeyCode::Home);
        assert_eq!(stepper.at, 0);
        assert!(!stepper.key(KeyCode::Char('q')));
    }
}

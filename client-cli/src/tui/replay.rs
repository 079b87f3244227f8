//! Stepping through a finished game in the full-screen interface, drawn by
//! the very renderer of a live game: the same cake, names, colours, stashes
//! and rounds log, as a spectator saw it, round by round.

use std::time::Instant;

use crossterm::event::{self, Event, KeyCode, KeyEventKind};
use mice_cake_engine::analysis::GameAnalysis;
use mice_cake_engine::{Seat, Seated};
use mice_cake_protocol::{PlayedRound, PlayerInfo, RoomCode, RoomOptions, RoomState, RoomStatus};
use ratatui::Frame;

use super::model::{Model, Settings};
use super::reveal::changed_cells;
use crate::replay::Replay;
use crate::tr;

/// Which round is shown (0: before the first), and the game's analysis
/// once asked for.
pub struct Stepper {
    pub replay: Replay,
    pub at: usize,
    pub analysis: Option<Result<GameAnalysis, String>>,
    /// Whether the help is open.
    pub help: bool,
}

impl Stepper {
    /// Handles a key; `false` to quit.
    pub fn key(&mut self, code: KeyCode) -> bool {
        let last = self.replay.rounds.len();
        // The help, open: any key closes it (q too, without quitting).
        if self.help {
            self.help = false;
            return true;
        }
        match code {
            KeyCode::Char('?') => self.help = true,
            KeyCode::Right | KeyCode::Char('l' | ' ') => self.at = (self.at + 1).min(last),
            KeyCode::Left | KeyCode::Char('h') => self.at = self.at.saturating_sub(1),
            KeyCode::Home => self.at = 0,
            KeyCode::End => self.at = last,
            // A second or so of one core, once.
            KeyCode::Char('a') if self.analysis.is_none() => {
                self.analysis =
                    Some(crate::analysis::of(&self.replay).map_err(|error| error.to_string()));
            }
            KeyCode::Char('q') | KeyCode::Esc => return false,
            _ => {}
        }
        true
    }

    /// The live game's model as a spectator had it after `self.at` rounds.
    pub fn model(&self) -> Model {
        let replay = &self.replay;
        let mut model = Model::with(
            Settings {
                animation: false,
                bell: false,
                chat: false,
                bot_after: None,
            },
            Instant::now(),
        );
        let last = replay.rounds.len();
        let at = self.at.min(last);
        let result = (at == last)
            .then(|| crate::replay::result(replay))
            .flatten();
        let names = crate::analysis::names(replay);
        model.tracker.room = Some(room_at(replay, at, result, &names));
        model.tracker.players = Some(names.clone());
        model.tracker.log = replay.rounds[..at]
            .iter()
            .zip(&replay.views)
            .map(|(report, before)| PlayedRound {
                sealed: None,
                report: report.clone(),
                auto: Seated::default(),
                beats: mice_cake_engine::timeline(before, report).unwrap_or_default(),
            })
            .collect();
        model.changed = at
            .checked_sub(1)
            .and_then(|index| replay.rounds.get(index))
            .map(|report| (report.round, changed_cells(report)));
        let position = match at {
            0 => tr!("tui-replay-before-first", rounds = last),
            round => tr!("tui-replay-after", round = round, rounds = last),
        };
        model.replay = Some(match replay.id {
            Some(id) => {
                let short: String = id.to_string().chars().take(8).collect();
                tr!("tui-replay-title-of", game = short, position = position)
            }
            None => tr!("tui-replay-title", position = position),
        });
        if !replay.verified {
            model.notice = Some(tr!("tui-replay-no-seed"));
        }
        self.show_analysis(&mut model);
        model.help = self.help;
        model
    }

    /// The analysis of the round on screen (the cake before it), its better
    /// moves drawn at the families' edges; at the end, the summary.
    fn show_analysis(&self, model: &mut Model) {
        let analysis = match &self.analysis {
            None => {
                model.replay_panel = vec![tr!("tui-replay-analyse-key", key = "a")];
                return;
            }
            Some(Err(error)) => {
                model.replay_panel = vec![error.clone()];
                return;
            }
            Some(Ok(analysis)) => analysis,
        };
        let at = self.at.min(self.replay.rounds.len());
        let Some(round) = analysis.rounds.get(at) else {
            model.replay_panel = crate::analysis::short_summary_lines(analysis);
            return;
        };
        if !round.analysed {
            model.replay_panel = vec![tr!("tui-replay-not-analysed", round = round.round)];
            return;
        }
        model.replay_panel = std::iter::once(tr!("tui-replay-round-analysed", round = round.round))
            .chain(
                Seat::ALL
                    .into_iter()
                    .map(|seat| crate::analysis::short_move_line(seat, round.moves[seat].as_ref())),
            )
            .collect();
        model.suggested = crate::analysis::better_moves(analysis, at)
            .map(|better| better.map(|analysed| analysed.best.mice));
    }

    pub fn draw(&self, frame: &mut Frame) {
        super::view::view(&self.model(), frame);
    }
}

/// Steps through `replay` until the person quits.
pub fn run(replay: Replay) -> anyhow::Result<()> {
    let mut stepper = Stepper {
        replay,
        at: 0,
        analysis: None,
        help: false,
    };
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

/// The room a spectator saw after `at` rounds of `replay` (`result` once
/// it is over).
fn room_at(
    replay: &Replay,
    at: usize,
    result: Option<mice_cake_protocol::GameResult>,
    names: &Seated<String>,
) -> RoomState {
    let player = |name: &String| PlayerInfo {
        name: name.clone(),
        connected: true,
        bot: None,
        grace_ms: None,
        auto_commits: 0,
        key: None,
        rating: None,
        declared_bot: false,
    };
    RoomState {
        code: replay.room.unwrap_or(RoomCode::from_indices([0; 5])),
        options: RoomOptions {
            game: replay.options,
            // The room's clock, as the server kept it (none known: no
            // clock said).
            deadline_ms: Some(replay.deadline_ms.unwrap_or(0)),
            public: false,
            bot: None,
            record_chat: false,
            rated: false,
            first_to: 1,
        },
        status: if result.is_some() {
            RoomStatus::Finished
        } else {
            RoomStatus::Playing
        },
        you: None,
        players: names.as_ref().map(|name| Some(player(name))),
        spectators: 0,
        game: 1,
        view: replay.views.get(at).or(replay.views.last()).copied(),
        committed: Seated::default(),
        exchange: None,
        deadline_ms: None,
        choices: None,
        last_report: at
            .checked_sub(1)
            .and_then(|index| replay.rounds.get(index))
            .map(|report| Box::new(report.clone())),
        rematch: Seated::default(),
        result,
        game_ids: replay.id.into_iter().collect(),
        missed_deadline_limit: 0,
        not_rated: None,
        match_score: None,
        seq: 0,
    }
}

#[cfg(test)]
mod tests {
    use crossterm::event::KeyCode;
    use mice_cake_engine::{Assignment, Policy};
    use ratatui::Terminal;
    use ratatui::backend::TestBackend;

    use super::*;

    fn stepper() -> Stepper {
        stepper_with(Policy::Greedy)
    }

    /// A game of `greedy` (Yellow) against `blue`.
    fn stepper_with(blue: Policy) -> Stepper {
        let finished = crate::fixture::served(
            crate::fixture::finished_record(6, blue),
            0x5eed,
            Some(60_000),
        );
        Stepper {
            replay: crate::replay::parse(&serde_json::to_string(&finished).unwrap()).unwrap(),
            at: 0,
            analysis: None,
            help: false,
        }
    }

    fn screen(stepper: &Stepper) -> String {
        screen_sized(stepper, 80, 24)
    }

    fn screen_sized(stepper: &Stepper, width: u16, height: u16) -> String {
        let mut terminal = Terminal::new(TestBackend::new(width, height)).unwrap();
        terminal.draw(|frame| stepper.draw(frame)).unwrap();
        terminal.backend().to_string()
    }

    /// As a reviewer found: `?` did nothing in a replay. It opens the
    /// replay's own keys; any key closes it, q too without quitting.
    #[test]
    fn question_mark_opens_the_replays_keys_and_any_key_closes_them() {
        let mut stepper = stepper();
        assert!(stepper.key(KeyCode::Char('?')));
        let shown = screen(&stepper);
        assert!(shown.contains("the next round"), "{shown}");
        assert!(shown.contains("analyse every move"), "{shown}");
        assert!(!shown.contains("commit (secret)"), "{shown}");
        assert!(stepper.key(KeyCode::Char('q')), "q closes the help first");
        assert!(!screen(&stepper).contains("the next round"));
        assert_eq!(stepper.at, 0);
        assert!(!stepper.key(KeyCode::Char('q')));
    }

    #[test]
    fn keys_step_through_the_rounds_within_bounds() {
        let mut stepper = stepper();
        let rounds = stepper.replay.rounds.len();
        assert!(stepper.key(KeyCode::Left));
        assert_eq!(stepper.at, 0);
        assert!(screen(&stepper).contains(&format!("before round 1 of {rounds}")));
        // The room's clock, as the server kept it with the game.
        assert!(
            screen(&stepper).contains("1:00/round"),
            "{}",
            screen(&stepper)
        );
        stepper.key(KeyCode::Right);
        stepper.key(KeyCode::Char(' '));
        assert_eq!(stepper.at, 2);
        let shown = screen(&stepper);
        assert!(
            shown.contains(&format!("after round 2 of {rounds}")),
            "{shown}"
        );
        assert!(shown.contains("Round 2  Yellow"), "{shown}");
        stepper.key(KeyCode::End);
        stepper.key(KeyCode::Right);
        assert_eq!(stepper.at, rounds);
        assert!(screen(&stepper).contains("Game over: "));
        stepper.key(KeyCode::Home);
        assert_eq!(stepper.at, 0);
        assert!(!stepper.key(KeyCode::Char('q')));
    }

    #[test]
    fn a_replay_is_drawn_as_the_live_game_is() {
        let mut stepper = stepper();
        stepper.at = 3;
        insta::assert_snapshot!(screen(&stepper));
        // Names and stashes as in a live game; face-down pieces as backs.
        let shown = screen(&stepper);
        assert!(
            shown.contains("Yellow ann") && shown.contains("Blue   bob"),
            "{shown}"
        );
        assert!(shown.contains("░░░") && !shown.contains("##"), "{shown}");
    }

    #[test]
    fn the_analysis_follows_the_rounds_and_draws_the_better_move() {
        let mut stepper = stepper_with(Policy::Random);
        assert!(screen(&stepper).contains("a: analyse the game"));
        assert!(stepper.key(KeyCode::Char('a')));
        let Some(Ok(analysis)) = &stepper.analysis else {
            panic!("analysed");
        };
        let mistake = analysis.players.blue.costliest[0];
        let best = analysis.rounds[mistake.round as usize - 1]
            .moves
            .blue
            .unwrap()
            .best;
        // The cake before the costliest mistake: the move, the better one, ○.
        stepper.at = mistake.round as usize - 1;
        let shown = screen(&stepper);
        assert!(
            shown.contains(&format!("Round {} from this cake", mistake.round)),
            "{shown}"
        );
        assert!(
            shown.contains(&format!(
                "Blue: {}, −{:.1} ± ",
                mistake_move(analysis, mistake.round),
                mistake.loss
            )) && shown.contains(&format!(" pips → {best}")),
            "{shown}"
        );
        // Blue's edge is at the top (Yellow below): the line under the columns.
        let blue_edge = shown.lines().nth(3).unwrap();
        let drawn = blue_edge.split('│').nth(1).unwrap().matches('○').count();
        assert_eq!(drawn, best.total() as usize, "{shown}");
        insta::assert_snapshot!(shown);
        // At the end, each player's summary, whole, on a small screen too
        // (a reviewer found its last words lost at 80×24, and Blue's line
        // gone at 60×20).
        stepper.key(KeyCode::End);
        for (width, height) in [(80, 24), (60, 20)] {
            let shown = screen_sized(&stepper, width, height);
            let panel: String = shown
                .lines()
                .map(|row| row.rsplit('│').nth(1).unwrap_or_default().trim_end())
                .collect::<Vec<_>>()
                .join(" ");
            assert!(
                panel.contains("Yellow: accuracy ") && panel.contains("Blue: accuracy "),
                "{shown}"
            );
            assert!(
                panel.contains(&format!("worst round {}", mistake.round)),
                "{width}×{height}: {panel}\n{shown}"
            );
            assert!(!shown.contains('○'), "{shown}");
        }
    }

    fn mistake_move(analysis: &GameAnalysis, round: u32) -> Assignment {
        analysis.rounds[round as usize - 1]
            .moves
            .blue
            .unwrap()
            .played
    }
}

//! The round: commits held in secret until both are in, made by the server
//! for bots, for players with nothing to decide and at the deadline, then
//! resolved by the engine and revealed to everyone at once.

use std::time::Duration;

use mice_cake_engine::{Assignment, Seat, Seated, Viewer, greedy_assignment};
use mice_cake_protocol::{Ending, ErrorCode, ForfeitCause, RoomEvent, RoomStatus, ServerMessage};
use tokio::time::Instant;
use tracing::{debug, info, warn};

use super::Room;
use crate::room::{ConnId, Refusal};

/// An assignment held for the round.
#[derive(Clone, Copy, Debug)]
pub(super) struct Commit {
    pub(super) assignment: Assignment,
    /// Made by the server at the deadline.
    pub(super) auto: bool,
}

/// The round being played: what is held of it.
#[derive(Debug, Default)]
pub(super) struct Round {
    pub(super) commits: Seated<Option<Commit>>,
    pub(super) deadline: Option<Instant>,
}

impl Room {
    /// Opens a round: bots, and players with nothing to decide (ruling 14),
    /// commit at once.
    pub(super) fn open_round(&mut self) {
        let Some(round) = self.game.as_ref().map(|game| game.game().round()) else {
            return;
        };
        self.round = Round {
            commits: Seated::default(),
            deadline: self
                .options
                .deadline()
                .map(|ms| Instant::now() + Duration::from_millis(ms)),
        };
        let Some(choices) = self.choices() else {
            return;
        };
        self.emit(RoomEvent::RoundStarted {
            round,
            deadline_ms: self.options.deadline(),
            choices,
        });
        for seat in Seat::ALL {
            let Some(view) = self.seat_view(seat) else {
                return;
            };
            let assignment = match self.seats[seat].as_ref().and_then(|player| player.bot) {
                Some(policy) => policy.choose(&view, seat, &mut self.bot_rng),
                // A single legal assignment: nothing to decide, nothing to wait for.
                None => match choices[seat].forced {
                    Some(forced) => forced,
                    None => continue,
                },
            };
            self.commit_for(seat, assignment, false);
        }
    }

    /// Holds an assignment the server made (bot, nothing to decide, or the
    /// deadline). It is checked like a player's; if refused, the seat stays
    /// uncommitted and the deadline (or the player) decides.
    pub(super) fn commit_for(&mut self, seat: Seat, assignment: Assignment, auto: bool) {
        let checked = self
            .game
            .as_ref()
            .is_some_and(|game| game.game().check(seat, &assignment).is_ok());
        if !checked {
            // No detail: it would describe an assignment never revealed.
            warn!(room = %self.code, %seat, "an assignment made by the server was refused");
            return;
        }
        self.round.commits[seat] = Some(Commit { assignment, auto });
        if auto && let Some(player) = self.seats[seat].as_mut() {
            player.auto_commits += 1;
        }
        self.emit(RoomEvent::Committed { seat });
    }

    pub(super) fn commit(
        &mut self,
        conn: ConnId,
        round: u32,
        assignment: Assignment,
    ) -> Result<(), Refusal> {
        let seat = self.acting_seat(conn)?;
        let game = self.playing_game()?;
        let current = game.game().round();
        if round != current {
            return Err(Refusal::new(
                ErrorCode::WrongPhase,
                if round < current {
                    format!("round {round} is over; this is round {current}")
                } else {
                    format!("round {round} has not started; this is round {current}")
                },
            ));
        }
        if let Some(held) = self.round.commits[seat] {
            let forced = self
                .choices()
                .and_then(|choices| choices[seat].forced)
                .is_some();
            return Err(Refusal::new(
                ErrorCode::AlreadyCommitted,
                if held.auto {
                    "the deadline passed: the server committed for you this round"
                } else if forced {
                    "you have a single legal assignment this round (the round's choices.forced), \
                     and the server committed it for you"
                } else {
                    "you have already committed this round"
                },
            ));
        }
        // The error describes the assignment: it goes to its author only.
        game.game().check(seat, &assignment).map_err(|error| {
            Refusal::new(
                ErrorCode::IllegalAssignment,
                format!("{assignment} cannot be played: {error}"),
            )
        })?;
        self.round.commits[seat] = Some(Commit {
            assignment,
            auto: false,
        });
        if let Some(player) = self.seats[seat].as_mut() {
            player.auto_commits = 0;
            if let Some(member) = &player.member {
                self.outbox.send_message(
                    &member.outbound,
                    &ServerMessage::CommitAccepted { round, assignment },
                );
            }
        }
        debug!(room = %self.code, %seat, round, "committed");
        self.emit(RoomEvent::Committed { seat });
        self.advance();
        Ok(())
    }

    /// At the deadline: `greedy` commits for whoever has not.
    pub(super) fn commit_for_the_late(&mut self) {
        for seat in Seat::ALL {
            if self.round.commits[seat].is_some() {
                continue;
            }
            let Some(view) = self.seat_view(seat) else {
                return;
            };
            info!(room = %self.code, %seat, "deadline passed: committing for the player");
            self.commit_for(seat, greedy_assignment(&view, seat), true);
        }
        self.advance();
    }

    /// Plays rounds while both assignments are in. A loop, not recursion:
    /// rounds where the server commits for both seats follow one another
    /// here, a bounded number of times (the game ends).
    pub(super) fn advance(&mut self) {
        while self.status == RoomStatus::Playing
            && self.round.commits.yellow.is_some()
            && self.round.commits.blue.is_some()
        {
            if !self.resolve_round() {
                break;
            }
        }
    }

    /// Resolves the round whose two assignments are in; returns whether a
    /// next round was opened.
    pub(super) fn resolve_round(&mut self) -> bool {
        let (Some(yellow), Some(blue)) = (self.round.commits.yellow, self.round.commits.blue)
        else {
            return false;
        };
        let Some(game) = self.game.as_mut() else {
            return false;
        };
        let report = match game.play_round(&yellow.assignment, &blue.assignment) {
            Ok(report) => report.clone(),
            Err(_) => {
                // Both were checked, so this cannot happen; if it does, the
                // round is asked for again rather than the room stopped.
                warn!(room = %self.code, "the engine refused a checked round; it is asked again");
                self.open_round();
                return false;
            }
        };
        let view = game.game().view(Viewer::Spectator);
        let outcome = game.game().outcome().copied();
        metrics::counter!(crate::metrics::ROUNDS).increment(1);
        self.round = Round::default();
        let auto = Seated {
            yellow: yellow.auto,
            blue: blue.auto,
        };
        self.autos.push(auto);
        self.emit(RoomEvent::Revealed {
            report: Box::new(report.clone()),
            auto,
            view,
        });
        self.last_report = Some(report);
        if let Some(outcome) = outcome {
            let ending = Ending::Played {
                end: outcome.end,
                decided_by: outcome.decided_by,
            };
            self.finish(ending, outcome.winner);
            return false;
        }
        let limit = self.context.config.missed_deadlines;
        let out = Seated::from_fn(|seat| {
            self.seats[seat]
                .as_ref()
                .is_some_and(|player| player.auto_commits >= limit)
        });
        if self.forfeit_any(out, ForfeitCause::MissedDeadlines) {
            return false;
        }
        self.open_round();
        true
    }
}

//! Who decides a seat's moves (a person typing, a bot, nobody), and
//! asking or playing when a round opens.

use std::time::Instant;

use mice_cake_engine::{Assignment, GameRng, GameView, Policy, Seat};
use mice_cake_protocol::RoomStatus;

use super::{Player, Step};
use crate::outcome::Outcome;
use crate::tr;

/// Who decides this seat's assignments.
pub enum Decider {
    /// Lines typed on standard input.
    Stdin,
    /// A policy (a bot), with its own random source, thinking this long
    /// before each commit.
    Policy(Policy, Box<GameRng>, std::time::Duration),
    /// An outside engine (`bot --engine`), given at most this long a move.
    Engine(Box<crate::engine_link::EngineLink>, std::time::Duration),
    /// Nobody: watching.
    Watch,
}

impl Player {
    /// The seat and view when this player has to decide now.
    pub(super) fn deciding(&self) -> Option<(Seat, GameView)> {
        // A move sealed here is decided, even one the server lost and the
        // client sends again after a reconnection.
        if self.in_flight.is_some() || !self.tracker.must_decide() || self.tracker.sealed_here() {
            return None;
        }
        Some((self.tracker.you()?, self.tracker.room.as_ref()?.view?))
    }

    /// If a round is open for this player and not yet handled: a bot
    /// commits; a person's typed-ahead assignment is played, or the person
    /// is asked (once per round).
    pub(super) async fn decide(&mut self) -> Step {
        if let Some(round) = self.forced_round() {
            if self.prompted != Some(round) {
                self.prompted = Some(round);
                self.out.note(&tr!("plain-forced"));
            }
            return Step::Continue;
        }
        let Some((seat, view)) = self.deciding() else {
            return Step::Continue;
        };
        match &mut self.decider {
            Decider::Policy(policy, rng, think) => {
                let assignment = policy.choose(&view, seat, rng);
                if !think.is_zero() {
                    tokio::time::sleep(*think).await;
                }
                self.commit(view.round, assignment).await;
            }
            Decider::Engine(..) => match self.ask_engine(seat, &view).await {
                Ok(assignment) => self.commit(view.round, assignment).await,
                Err(gone) => return Step::Done(Outcome::Failed(gone.to_string())),
            },
            Decider::Stdin => match self.typed_ahead.pop_front() {
                Some(assignment) => self.play(seat, &view, assignment).await,
                None if !self.stdin_open => return self.out_of_input(),
                None if self.prompted == Some(view.round) => {}
                None => self.prompt(seat, &view),
            },
            Decider::Watch => {}
        }
        Step::Continue
    }

    /// The round open now, if the server commits this player's only legal
    /// assignment in it.
    pub(super) fn forced_round(&self) -> Option<u32> {
        let room = self.tracker.room.as_ref()?;
        let you = room.you?;
        let forced = room.choices?[you].forced.is_some();
        (forced && room.status == RoomStatus::Playing && !room.committed[you])
            .then(|| room.view.map(|view| view.round))
            .flatten()
    }

    /// A round to play and nothing more to read: leave rather than stall
    /// the game (or wait for the deadline to play every round).
    pub(super) fn out_of_input(&mut self) -> Step {
        self.out.note(&tr!("plain-out-of-input"));
        Step::Done(Outcome::Done)
    }

    pub(super) fn prompt(&mut self, seat: Seat, view: &GameView) {
        self.prompted = Some(view.round);
        self.out.board(view);
        let example = view
            .legal_assignments(seat)
            .last()
            .map_or_else(String::new, ToString::to_string);
        let left = self.tracker.time_left(Instant::now());
        self.out.note(&tr!(
            "plain-your-turn",
            round = view.round,
            seat = crate::text::seat_name(seat),
            mice = view.families[seat].available,
            timed = if left.is_some() { "yes" } else { "no" },
            seconds = left.map_or(0, |left| left.as_secs()),
            like = if example.is_empty() { "no" } else { "yes" },
            example = example
        ));
    }

    /// Standard input ended. A person who can type no more leaves when a
    /// decision is needed rather than stall the game.
    pub(super) fn stdin_closed(&mut self) -> Step {
        self.stdin_open = false;
        if matches!(self.decider, Decider::Stdin)
            && self.typed_ahead.is_empty()
            && self.deciding().is_some()
        {
            return self.out_of_input();
        }
        Step::Continue
    }

    /// Asks again, if a decision is awaited.
    pub(super) fn reprompt(&mut self) {
        if let (Decider::Stdin, Some((seat, view))) = (&self.decider, self.deciding()) {
            self.prompt(seat, &view);
        }
    }

    /// Commits an assignment, or explains at once why it cannot be played
    /// (the engine says what the server would) and asks again.
    pub(super) async fn play(&mut self, seat: Seat, view: &GameView, mut assignment: Assignment) {
        loop {
            let Err(error) = view.check(seat, &assignment) else {
                return self.commit(view.round, assignment).await;
            };
            self.out.note(&tr!(
                "plain-cannot-be-played",
                assignment = assignment.to_string(),
                error = crate::catalogue::refusal_with(
                    mice_cake_protocol::ErrorCode::IllegalAssignment,
                    &error.to_string(),
                    &mice_cake_protocol::illegal_assignment_args(&error)
                )
            ));
            match self.typed_ahead.pop_front() {
                Some(next) => assignment = next,
                None => return self.prompt(seat, view),
            }
        }
    }
}

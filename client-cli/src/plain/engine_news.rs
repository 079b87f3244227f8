//! What an outside engine is told of the game it plays (`bot --engine`):
//! the game as it begins, each round revealed, the end. Only what its
//! seat may see: the room's public state, the reveals, the result.

use std::time::{Duration, Instant};

use mice_cake_protocol::RoomState;
use mice_cake_protocol::engines::{EngineMatch, EngineOpponent, ToEngine};

use super::{Decider, Player};

/// Time kept back from a round's deadline for the move to reach the
/// server, sealed and then opened.
const DEADLINE_MARGIN: Duration = Duration::from_secs(2);

/// The least an engine is given, however close the deadline.
const LEAST_TIME: Duration = Duration::from_millis(200);

/// The time an engine has for a move: its own limit, within the round's
/// deadline if there is one.
pub(super) fn engine_time(limit: Duration, deadline_left: Option<Duration>) -> Duration {
    deadline_left.map_or(limit, |left| {
        limit.min(left.saturating_sub(DEADLINE_MARGIN).max(LEAST_TIME))
    })
}

/// A match's score as the engine is told it.
fn engine_match(room: &RoomState) -> Option<EngineMatch> {
    room.match_score.as_ref().map(|score| EngineMatch {
        first_to: score.first_to,
        number: score.number,
        wins: score.wins,
    })
}

impl Player {
    /// Tells the engine of the game under way, once a game, before its
    /// first round is asked (a game joined late included).
    pub(super) fn tell_engine_game(&mut self) {
        let Decider::Engine(link, _) = &mut self.decider else {
            return;
        };
        let Some(room) = self.tracker.room.as_ref() else {
            return;
        };
        let (Some(seat), Some(view)) = (room.you, room.view) else {
            return;
        };
        if link.told_game == Some(room.game) {
            return;
        }
        link.told_game = Some(room.game);
        let opponent = room.players[seat.opponent()].as_ref();
        link.send(ToEngine::Game {
            seat,
            options: view.options,
            opponent: EngineOpponent {
                name: opponent.map(|player| player.name.clone()),
                bot: opponent.is_some_and(mice_cake_protocol::PlayerInfo::is_bot),
            },
            in_match: engine_match(room),
        });
    }

    /// Tells the engine a round revealed, in the game it was told of.
    pub(super) fn tell_engine_revealed(&mut self, report: &mice_cake_engine::RoundReport) {
        let Decider::Engine(link, _) = &mut self.decider else {
            return;
        };
        let Some(room) = self.tracker.room.as_ref() else {
            return;
        };
        if link.told_game != Some(room.game) {
            return;
        }
        if let Some(view) = room.view {
            link.send(ToEngine::Revealed {
                report: report.clone(),
                view,
            });
        }
    }

    /// Tells the engine the game is over.
    pub(super) fn tell_engine_game_over(&mut self) {
        let Decider::Engine(link, _) = &mut self.decider else {
            return;
        };
        let (Some(room), Some((result, game))) =
            (self.tracker.room.as_ref(), self.tracker.finished())
        else {
            return;
        };
        if link.told_game != Some(room.game) {
            return;
        }
        link.send(ToEngine::GameOver {
            result,
            game,
            in_match: engine_match(room),
        });
    }

    /// The engine's move for the round open now, or why it is gone.
    pub(super) async fn ask_engine(
        &mut self,
        seat: mice_cake_engine::Seat,
        view: &mice_cake_engine::GameView,
    ) -> Result<mice_cake_engine::Assignment, crate::engine_link::EngineGone> {
        self.tell_engine_game();
        let left = self.tracker.time_left(Instant::now());
        let Decider::Engine(link, limit) = &mut self.decider else {
            return Ok(mice_cake_engine::Assignment::EMPTY);
        };
        let time = engine_time(*limit, left);
        link.ask(seat, view, time)
            .await
            .map(|answer| answer.assignment())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_engine_is_given_its_limit_within_the_deadline() {
        let limit = Duration::from_secs(5);
        assert_eq!(engine_time(limit, None), limit);
        assert_eq!(engine_time(limit, Some(Duration::from_secs(60))), limit);
        assert_eq!(
            engine_time(limit, Some(Duration::from_secs(4))),
            Duration::from_secs(2)
        );
        assert_eq!(engine_time(limit, Some(Duration::from_secs(1))), LEAST_TIME);
    }
}

//! An arena as the line interface follows it: its standings shown when
//! they change, its end.

use mice_cake_protocol::{ErrorCode, ServerMessage};

use super::{Player, Step};
use crate::outcome::Outcome;

/// An arena as the line interface follows it.
pub(super) struct ArenaFollowed {
    pub(super) id: mice_cake_protocol::ArenaId,
    /// Joined as a player (not only watching).
    pub(super) playing: bool,
    /// The standings last shown: shown again only once they change.
    pub(super) shown: Vec<(mice_cake_engine::PlayerKey, u32, u32, bool)>,
}

impl Player {
    /// Whether an arena's update would tell nothing new now: its standings
    /// as shown last, or a game of the player's under way (the standings
    /// are shown between games).
    pub(super) fn arena_update_redundant(
        &mut self,
        arena: &mice_cake_protocol::ArenaState,
    ) -> bool {
        let in_game = self.tracker.in_a_game_under_way();
        let Some(followed) = self.arena.as_mut() else {
            return false;
        };
        let finished = arena.summary.status == mice_cake_protocol::arena::ArenaStatus::Finished;
        if in_game && !finished {
            return true;
        }
        let standings: Vec<_> = arena
            .top
            .iter()
            .map(|line| (line.key, line.score, line.games, line.paused))
            .collect();
        if standings == followed.shown && !finished {
            return true;
        }
        followed.shown = standings;
        false
    }

    /// The arena is over: the run ends, but not in the middle of a game of
    /// the player's (an arena that lost track of it in a fault says it is
    /// over while it is played): leaving would forfeit it. That game is
    /// played out, and the run ends with it.
    fn arena_over(&mut self) -> Option<Step> {
        if self.tracker.in_a_game_under_way() {
            if let Some(followed) = self.arena.as_mut() {
                followed.playing = false;
            }
            return None;
        }
        Some(Step::Done(Outcome::Done))
    }

    /// What an arena's message means for the run: the arena followed, or
    /// over (the podium was just shown).
    pub(super) fn follow_arena(&mut self, message: &ServerMessage) -> Option<Step> {
        match message {
            // Joined (or come back to) an arena already over: its podium
            // was just shown.
            ServerMessage::ArenaJoined { arena, .. }
                if arena.summary.status == mice_cake_protocol::arena::ArenaStatus::Finished =>
            {
                self.arena_over()
            }
            ServerMessage::ArenaJoined { arena, you } => {
                self.entered = true;
                self.arena = Some(ArenaFollowed {
                    id: arena.summary.id,
                    playing: you.is_some(),
                    shown: arena
                        .top
                        .iter()
                        .map(|line| (line.key, line.score, line.games, line.paused))
                        .collect(),
                });
                None
            }
            ServerMessage::ArenaUpdate { arena }
                if arena.summary.status == mice_cake_protocol::arena::ArenaStatus::Finished =>
            {
                self.arena_over()
            }
            ServerMessage::ArenaLeft { .. } => Some(Step::Done(Outcome::Done)),
            // Gone (joined again after a drop, say): nothing more will come.
            ServerMessage::Error {
                code: code @ ErrorCode::UnknownArena,
                message,
                args,
            } => Some(Step::Done(Outcome::Failed(crate::catalogue::refusal_with(
                *code, message, args,
            )))),
            _ => None,
        }
    }
}

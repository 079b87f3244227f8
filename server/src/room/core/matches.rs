//! A room that plays matches (`first_to` above 1, `docs/rules.md`,
//! "Matches"): the match begun with its first game, each game's place
//! bound into its commitment, each end counted by the engine's
//! [`MatchTally`], the pause between games, and a player who leaves
//! between them.

use std::time::{Duration, Instant};

use mice_cake_engine::{Commitment, MatchLink, MatchTally, Seat, Seated};
use mice_cake_protocol::{
    GameId, GameResult, MatchGame, MatchPlayer, MatchScore, MatchSummary, RoomEvent, RoomStatus,
    end_in_game, match_game_end,
};
use tracing::{info, warn};

use super::Room;
use crate::store::{MatchPlayerState, MatchState};

/// The pause between two games of a match: time to read the result.
pub(super) const MATCH_PAUSE: Duration = Duration::from_secs(15);
/// Once one player is ready, the most that is left of the pause: the
/// other still sees the result a moment, and nobody waits on a player who
/// looks away.
pub(super) const READY_PAUSE: Duration = Duration::from_secs(3);

impl Room {
    /// The link of the game about to start, in a room that plays matches:
    /// the next game of the match under way, or the first of a new one
    /// (none yet, or the last is over). `None` for a room of single games.
    pub(super) fn link_for_new_game(&mut self) -> Option<MatchLink> {
        if !self.options.is_match() {
            return None;
        }
        let under_way = self
            .match_state
            .as_ref()
            .filter(|state| !state.tally.is_over());
        if let Some(state) = under_way {
            return Some(state.link);
        }
        let id = self.rng.match_id();
        let first_to = self.options.first_to;
        let players = Seated::from_fn(|seat| {
            let player = self.seats[seat].as_ref();
            MatchPlayerState {
                name: player.map(|p| p.name.clone()).unwrap_or_default(),
                key: player.and_then(|p| p.key),
            }
        });
        let link = MatchLink::first(id, first_to);
        info!(room = %self.code, %id, first_to, "match begun");
        self.match_state = Some(Box::new(MatchState {
            id,
            tally: MatchTally::new(first_to),
            link,
            games: Vec::new(),
            players,
        }));
        self.match_changed = true;
        Some(link)
    }

    /// The link of the game under way (or being dealt), in a match.
    pub(super) fn current_link(&self) -> Option<MatchLink> {
        self.match_state
            .as_ref()
            .filter(|_| self.options.is_match())
            .map(|state| state.link)
    }

    /// The game's place in its match, for its stored body.
    pub(super) fn match_game(&self) -> Option<MatchGame> {
        self.current_link().map(|link| MatchGame {
            id: link.id,
            number: link.number,
        })
    }

    /// Counts a game that just ended in its match (`commitment` its
    /// commitment, `id` its stored id): the next game links to it. Between
    /// games of a match that goes on, the pause starts.
    pub(super) fn count_match_game(
        &mut self,
        result: &GameResult,
        commitment: Commitment,
        id: Option<GameId>,
    ) {
        let now = self.now;
        let Some(state) = self
            .match_state
            .as_mut()
            .filter(|_| self.options.is_match())
        else {
            return;
        };
        if state.tally.is_over() {
            return;
        }
        // Names as they are now: a player may have renamed since.
        for seat in Seat::ALL {
            if let Some(player) = self.seats[seat].as_ref() {
                let first_seat = MatchTally::player_in(seat, state.link.number);
                state.players[first_seat].name.clone_from(&player.name);
            }
        }
        if let Err(over) = state.tally.count(match_game_end(result)) {
            warn!(room = %self.code, cause = %over, "a game counted in a match over");
            return;
        }
        state.games.extend(id);
        state.link = state.link.next(commitment);
        self.match_changed = true;
        self.next_game_at = (!state.tally.is_over()).then_some(now + MATCH_PAUSE);
        if let Some(end) = state.tally.end {
            info!(room = %self.code, id = %state.id, ?end, "match over");
        }
    }

    /// A player left between two games of a match under way (`seat`, as
    /// they sat in the last game): the other wins it.
    pub(super) fn left_match_between_games(&mut self, seat: Seat) {
        let Some(state) = self
            .match_state
            .as_mut()
            .filter(|state| !state.tally.is_over() && state.tally.games > 0)
        else {
            return;
        };
        if self.status == RoomStatus::Playing {
            return;
        }
        let player = MatchTally::player_in(seat, state.tally.games);
        if state.tally.left_between_games(player).is_err() {
            return;
        }
        info!(room = %self.code, id = %state.id, %seat, "match left between games");
        self.next_game_at = None;
        self.match_changed = true;
        if let Some(score) = self.match_score() {
            self.emit(RoomEvent::MatchEnded { match_score: score });
        }
    }

    /// Whether the match under way waits for its next game.
    fn between_games(&self) -> bool {
        self.status == RoomStatus::Finished
            && self
                .match_state
                .as_ref()
                .is_some_and(|state| !state.tally.is_over() && state.tally.games > 0)
    }

    /// A player is ready for the next game of the match: the pause is cut
    /// to [`READY_PAUSE`] at most (both ready: the game starts at once).
    pub(super) fn ready_for_next_game(&mut self) {
        if !self.between_games() {
            return;
        }
        let soon = self.now + READY_PAUSE;
        self.next_game_at = Some(self.next_game_at.map_or(soon, |at| at.min(soon)));
    }

    /// When the pause between games ends.
    pub(super) fn next_game_timer(&self) -> Option<Instant> {
        self.next_game_at.filter(|_| self.between_games())
    }

    /// The pause is over: both players are taken as ready, and the next
    /// game starts once both are here.
    pub(super) fn next_game_if_due(&mut self) {
        if self.next_game_timer().is_none_or(|at| self.now < at) {
            return;
        }
        self.next_game_at = None;
        for seat in Seat::ALL {
            if !self.rematch[seat] && self.seats[seat].is_some() {
                self.rematch[seat] = true;
                self.emit(RoomEvent::RematchRequested { seat });
            }
        }
        self.rematch_if_agreed();
    }

    /// The match's score as members see it: by the seats of the game
    /// under way (or of the last one).
    pub(super) fn match_score(&self) -> Option<MatchScore> {
        let state = self.match_state.as_ref()?;
        let number = if self.status == RoomStatus::Playing
            || state.tally.games == 0
            || self.seated_for_next_game
        {
            state.link.number
        } else {
            state.tally.games
        };
        Some(MatchScore {
            id: state.id,
            first_to: state.tally.first_to,
            number,
            wins: Seated::from_fn(|seat| state.tally.wins[MatchTally::player_in(seat, number)]),
            end: state.tally.end.map(|end| end_in_game(end, number)),
            games: state.games.clone(),
            next_game_ms: self
                .next_game_timer()
                .map(|at| super::millis(at.saturating_duration_since(self.now))),
        })
    }

    /// The match as `GET /api/matches/{id}` gives it.
    pub(super) fn match_summary(&self) -> Option<MatchSummary> {
        let state = self.match_state.as_ref()?;
        let player = |seat: Seat| MatchPlayer {
            key: state.players[seat].key,
            name: state.players[seat].name.clone(),
            wins: state.tally.wins[seat],
        };
        Some(MatchSummary {
            id: state.id,
            room: self.code,
            first_to: state.tally.first_to,
            status: MatchSummary::status_of(state.tally.end),
            players: [player(Seat::Yellow), player(Seat::Blue)],
            games: state.games.clone(),
            winner: MatchSummary::winner_of(state.tally.end),
        })
    }
}

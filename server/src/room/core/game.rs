//! A game's life in the room: its start, its end (played out, forfeited or
//! abandoned) with the record kept, and rematches.

use mice_cake_engine::{AbortedDeal, RecordedGame, Seat, Seated};
use mice_cake_protocol::{
    Ending, ErrorCode, FinishedGame, ForfeitCause, GameResult, MAX_LISTED_GAMES, RoomEvent,
    RoomStatus, ServerMessage,
};
use tracing::{error, info, warn};

use super::effects::{Effect, Tally};
use super::round::Round;
use super::{Room, end_label};
use crate::room::{ArenaReport, ConnId, Refusal};

/// How long a room whose game just ended stays open when everyone has
/// left: spectators dropped by a fault come back to the result within it.
const WATCHABLE_AFTER_END: std::time::Duration = std::time::Duration::from_secs(120);

impl Room {
    /// Starts a game once both seats are taken by players who are here: a
    /// game never starts against someone who is not connected.
    pub(super) fn start_game_if_ready(&mut self) {
        if self.status == RoomStatus::Waiting && self.both_here() && self.seated_keys_known() {
            self.start_game();
        }
    }

    /// Whether both seats are taken, by players connected now (bots are).
    fn both_here(&self) -> bool {
        Seat::ALL.iter().all(|seat| {
            self.seats[*seat]
                .as_ref()
                .is_some_and(super::seats::Player::is_connected)
        })
    }

    /// Starts a game: the commitment to its seed is published before
    /// anything else, then the deal's nonces are exchanged (`open_deal`).
    pub(super) fn start_game(&mut self) {
        if let Err(error) = self.options.game.validate() {
            // Options are checked when the room is created.
            warn!(room = %self.code, cause = %error, "cannot start a game");
            return;
        }
        let seed = self.rng.game_seed();
        let link = self.link_for_new_game();
        self.next_game_at = None;
        self.seated_for_next_game = false;
        self.game_number += 1;
        self.status = RoomStatus::Playing;
        self.result = None;
        self.rematch = Seated::default();
        self.game = None;
        self.dealing = Some(seed);
        // Both players are here (`start_game_if_ready`, `rematch_if_agreed`).
        for player in self.players_mut() {
            player.auto_commits = 0;
            player.grace_until = None;
        }
        self.autos.clear();
        self.left = None;
        self.rated_start = self.rated_start_now().map(Box::new);
        self.not_rated = self.not_rated_at_start();
        self.chat.game_started();
        self.effects.push(Effect::Count(Tally::GameStarted));
        info!(room = %self.code, game = self.game_number, "game started");
        if let (Some(yellow), Some(blue)) =
            (self.player_info(Seat::Yellow), self.player_info(Seat::Blue))
        {
            self.emit(RoomEvent::GameStarted {
                game: self.game_number,
                players: Seated { yellow, blue },
                commitment: mice_cake_engine::fair::commitment_in(seed, link.as_ref()),
                not_rated: self.not_rated,
                match_link: link,
            });
        }
        self.open_deal();
        self.advance();
    }

    /// Ends the game if `out` names anyone: one player forfeits, or both at
    /// once and nobody wins. Before both players have had a move (the
    /// first round revealed), the game is aborted instead: nobody wins, and
    /// it is never rated. Returns whether it ended.
    pub(super) fn forfeit_any(&mut self, out: Seated<bool>, cause: ForfeitCause) -> bool {
        if self.dealing.is_some() || self.autos.is_empty() {
            let seat = match (out.yellow, out.blue) {
                (false, false) => return false,
                (true, true) => None,
                (true, false) => Some(Seat::Yellow),
                (false, true) => Some(Seat::Blue),
            };
            info!(room = %self.code, ?cause, "aborted");
            self.finish(Ending::Aborted { seat, cause }, None);
            return true;
        }
        let ending = match (out.yellow, out.blue) {
            (false, false) => return false,
            (true, true) => (Ending::Abandoned { cause }, None),
            (true, false) => (
                Ending::Forfeit {
                    seat: Seat::Yellow,
                    cause,
                },
                Some(Seat::Blue),
            ),
            (false, true) => (
                Ending::Forfeit {
                    seat: Seat::Blue,
                    cause,
                },
                Some(Seat::Yellow),
            ),
        };
        info!(room = %self.code, ?cause, "forfeit");
        self.finish(ending.0, ending.1);
        true
    }

    /// Ends the game: keeps its record and tells everyone. A game that ends
    /// during its deal (a forfeit: a nonce never opened, a player gone)
    /// keeps the record of that deal: its commitment, seed, seals,
    /// signatures, the openings made and who refused.
    pub(super) fn finish(&mut self, ending: Ending, winner: Option<Seat>) {
        let seed = match (&self.game, self.dealing) {
            (_, Some(seed)) => seed,
            (Some(game), None) => game.seed(),
            (None, None) => return,
        };
        let score = match (&self.game, self.dealing) {
            (Some(game), None) => Seated::from_fn(|seat| game.game().score(seat)),
            _ => Seated::default(),
        };
        let result = GameResult {
            winner,
            score,
            ending,
        };
        let players = Seated::from_fn(|seat| {
            self.seats[seat]
                .as_ref()
                .map(|player| player.name.clone())
                .unwrap_or_default()
        });
        let link = self.current_link();
        let kept = match (&self.game, self.dealing) {
            // The record is rebuilt from the moves, as every client's history
            // is: it cannot fail unless the engine is not deterministic.
            (Some(game), None) => match game.record() {
                Ok(mut record) => {
                    if let Some(fair) = record.fair.as_mut() {
                        fair.left = self.left.take().map(|left| *left);
                    }
                    Some((Some(record), None))
                }
                Err(cause) => {
                    error!(room = %self.code, cause = %cause, "the game's record cannot be rebuilt: it is not kept");
                    None
                }
            },
            (_, Some(seed)) => self.round.exchange.as_ref().map(|deal| {
                let refused = Seated::from_fn(|seat| {
                    matches!(ending.forfeited(), Some((out, ForfeitCause::NotOpened)) if out[seat])
                        && deal.seals[seat].is_some()
                        && deal.openings[seat].is_none()
                });
                let mut aborted = AbortedDeal::of(self.options.game, seed, deal, refused);
                aborted.left = self.left.take().map(|left| *left);
                aborted.match_link = link;
                (None, Some(aborted))
            }),
            (None, None) => None,
        };
        let rated = self.rated_game(&ending);
        self.rated_keys = rated
            .as_ref()
            .filter(|rated| rated.not_rated.is_none())
            .map(|rated| Box::new(rated.keys));
        self.ratings_due |= self.rated_keys.is_some();
        // The keys are read again before their next game.
        self.keys_read = None;
        let mut game_id = None;
        if let Some((record, aborted_deal)) = kept {
            let id = self.rng.game_id();
            game_id = Some(id);
            self.unsaved_games.push(FinishedGame {
                id,
                room: self.code,
                players,
                result,
                finished_at_ms: self.unix_ms,
                deadline_ms: self.options.deadline(),
                record,
                aborted_deal,
                chat: self.chat.take_game_lines(),
                rated,
                missed_deadline_limit: Some(self.config.missed_deadlines),
                arena: self.made.arena(),
                match_game: self.match_game(),
            });
        }
        let commitment = match (&self.game, self.dealing) {
            (_, Some(seed)) => {
                mice_cake_engine::fair::commitment_in(seed, self.current_link().as_ref())
            }
            (Some(game), None) => game
                .commitment()
                .unwrap_or_else(|| mice_cake_engine::fair::commitment(game.seed())),
            (None, None) => {
                mice_cake_engine::fair::commitment_in(seed, self.current_link().as_ref())
            }
        };
        self.count_match_game(&result, commitment, game_id);
        self.dealing = None;
        self.status = RoomStatus::Finished;
        self.round = Round::default();
        self.result = Some(result);
        // Spectators who dropped as it ended (their node died, say) come
        // back to the result, even once the players have left.
        self.watchable_until = Some(self.now + WATCHABLE_AFTER_END.min(self.config.room_idle));
        if let Some(id) = game_id {
            self.game_ids.push(id);
            if self.game_ids.len() > MAX_LISTED_GAMES {
                self.game_ids.remove(0);
            }
        }
        for player in self.players_mut() {
            player.grace_until = None;
        }
        let how = match ending {
            Ending::Played { end, .. } => end_label(end),
            Ending::Forfeit { .. } => "forfeit",
            Ending::Abandoned { .. } => "abandoned",
            Ending::Aborted { .. } => "aborted",
        };
        self.effects.push(Effect::Count(Tally::GameFinished(how)));
        if self.made.arena().is_some() && game_id.is_some() {
            self.effects
                .push(Effect::Arena(ArenaReport::GameOver { code: self.code }));
        }
        info!(room = %self.code, game = self.game_number, id = ?game_id, ending = how, "game over");
        let match_score = self.match_score();
        self.emit(RoomEvent::GameOver {
            result,
            game_id,
            seed,
            match_score,
        });
    }

    pub(super) fn rematch(&mut self, conn: ConnId) -> Result<(), Refusal> {
        let seat = self.acting_seat(conn)?;
        if self.made.arena().is_some() {
            return Err(Refusal::new(
                ErrorCode::WrongPhase,
                "an arena's games have no rematch: the arena pairs you again",
            )
            .with("reason", "arena_rematch"));
        }
        if self.status != RoomStatus::Finished || Seat::ALL.iter().any(|s| self.seats[*s].is_none())
        {
            return Err(Refusal::new(
                ErrorCode::WrongPhase,
                "a rematch can be asked once a game is over, with both players in the room",
            )
            .with("reason", "rematch_too_soon"));
        }
        if !self.rematch[seat] {
            self.rematch[seat] = true;
            self.emit(RoomEvent::RematchRequested { seat });
        }
        self.ready_for_next_game();
        if let Some(bot_seat) = Seat::ALL
            .into_iter()
            .find(|s| self.seats[*s].as_ref().is_some_and(|p| p.bot.is_some()))
            && !self.rematch[bot_seat]
        {
            self.rematch[bot_seat] = true;
            self.emit(RoomEvent::RematchRequested { seat: bot_seat });
        }
        self.rematch_if_agreed();
        Ok(())
    }

    /// Starts the rematch once both players asked for it and both are here
    /// (one who asked and dropped is waited for, within the grace period).
    pub(super) fn rematch_if_agreed(&mut self) {
        // Last: it asks for the pair's games when they are all that is
        // missing.
        let ready = self.status == RoomStatus::Finished
            && self.rematch.yellow
            && self.rematch.blue
            && self.both_here()
            && self.seated_keys_known();
        if !ready {
            return;
        }
        // Seats swap: Yellow plays Blue and Blue plays Yellow. Each player
        // learns their new seat before the new game's first event.
        std::mem::swap(&mut self.seats.yellow, &mut self.seats.blue);
        self.seated_for_next_game = true;
        self.chat.following = Seated {
            yellow: self.chat.following.blue,
            blue: self.chat.following.yellow,
        };
        self.rematch = Seated::default();
        for seat in Seat::ALL {
            let state = ServerMessage::State {
                state: Box::new(self.state_for(Some(seat))),
            };
            if let Some(member) = self.seats[seat].as_ref().and_then(|p| p.member.as_ref()) {
                self.outbox.send_message(member.conn, &state);
            }
        }
        self.start_game();
    }

    pub(super) fn playing_game(&self) -> Result<&RecordedGame, Refusal> {
        match (&self.game, self.status) {
            (Some(game), RoomStatus::Playing) => Ok(game),
            // A game was played, and the opponent has left since.
            (_, RoomStatus::Waiting) if self.result.is_some() => Err(Refusal::new(
                ErrorCode::WrongPhase,
                format!(
                    "game {} is over and your opponent has left the room; the next game \
                     starts when another player joins",
                    self.game_number
                ),
            )
            .with("reason", "opponent_left")
            .with("game", self.game_number)),
            (_, RoomStatus::Waiting) => Err(Refusal::new(
                ErrorCode::WrongPhase,
                "the game has not started: the room waits for a second player",
            )
            .with("reason", "not_started")),
            _ => Err(Refusal::new(
                ErrorCode::WrongPhase,
                "the game is over; ask for a rematch to play again",
            )
            .with("reason", "game_over")),
        }
    }
}

//! The round: sealed moves, then openings, then the engine resolves and
//! everyone sees both moves at once (`docs/fairness.md`).
//!
//! Each exchange goes: both seals in (a client's, or the server's for a bot
//! or at the deadline, with the nonce the committed seed gives), then both
//! openings, each checked against its seal. The deal is exchange 0: both
//! players' nonces, before the cake is dealt. An opening stays in
//! `round.exchange` and reaches nobody (no event, no log line) until both
//! are in.

use std::time::Duration;

use mice_cake_engine::fair::DEAL_ROUND;
use mice_cake_engine::{
    Assignment, Exchange, ExchangeError, Nonce, Opening, RecordedGame, Seal, Seat, Seated, Viewer,
    greedy_assignment, timeline,
};
use mice_cake_protocol::{Ending, ErrorCode, ExchangeState, ForfeitCause, RoomEvent, RoomStatus};
use std::time::Instant;
use tracing::{debug, info, warn};

use super::Room;
use super::effects::{Effect, Tally};
use crate::room::{ConnId, Refusal, SealSigning};

/// The exchange under way: what is held of it.
#[derive(Debug, Default)]
pub(super) struct Round {
    /// Seals and openings (round 0: the deal's nonces).
    pub(super) exchange: Option<Exchange>,
    /// Whose move the server made at the deadline.
    pub(super) auto: Seated<bool>,
    /// The deadline to seal.
    pub(super) deadline: Option<Instant>,
    /// Once both seals are in: the time to open.
    pub(super) open_by: Option<Instant>,
    /// What a player who went away before opening had left of the time to
    /// open: coming back, they have that, never the whole time again (the
    /// time to open is one budget per round, which no return restarts).
    pub(super) open_left: Seated<Option<Duration>>,
}

impl Round {
    /// The exchange as members may see it: seals, and who opened.
    pub(super) fn state(&self) -> Option<ExchangeState> {
        let exchange = self.exchange.as_ref()?;
        Some(ExchangeState {
            commitment: exchange.commitment,
            round: exchange.round,
            seals: exchange.seals,
            opened: exchange.openings.map(|opening| opening.is_some()),
            by_server: exchange.by_server,
        })
    }

    /// Who has sealed.
    pub(super) fn sealed(&self) -> Seated<bool> {
        self.exchange
            .as_ref()
            .map(|exchange| exchange.seals.map(|seal| seal.is_some()))
            .unwrap_or_default()
    }
}

impl Room {
    /// Opens the deal's exchange of nonces (a new game): bots seal theirs
    /// at once; players have the deal timeout to seal, after which the
    /// server makes their nonce.
    pub(super) fn open_deal(&mut self) {
        self.renew_graces();
        let Some(seed) = self.dealing else {
            return;
        };
        self.round = Round {
            // The keys the players announced sign the whole game: the
            // deal's seals, and every round's after it (the game's record
            // keeps them).
            exchange: Some(
                Exchange::new(
                    mice_cake_engine::fair::commitment_in(seed, self.current_link().as_ref()),
                    DEAL_ROUND,
                )
                .with_keys(Seated::from_fn(|seat| {
                    self.seats[seat].as_ref().and_then(|p| p.key)
                })),
            ),
            deadline: Some(self.now + self.config.deal_timeout),
            ..Round::default()
        };
        for seat in Seat::ALL {
            if self.is_bot(seat) {
                self.make_move(seat, Assignment::EMPTY, false);
            }
        }
    }

    /// Bots move if they have not in the exchange under way: a room brought
    /// back with a fresh exchange (a game begun before sealed play) waits
    /// for nobody else.
    pub(super) fn bots_move_if_due(&mut self) {
        let Some(exchange) = self.round.exchange else {
            return;
        };
        for seat in Seat::ALL {
            let Some(policy) = self.seats[seat].as_ref().and_then(|player| player.bot) else {
                continue;
            };
            if exchange.seals[seat].is_some() {
                continue;
            }
            if exchange.round == DEAL_ROUND {
                self.make_move(seat, Assignment::EMPTY, false);
            } else if let Some(view) = self.seat_view(seat) {
                let assignment = policy.choose(&view, seat, self.bot_rng.get());
                self.make_move(seat, assignment, false);
            }
        }
        self.advance();
    }

    /// A new round (or the deal) begins: whoever is here has the whole
    /// grace again for it; whoever is away goes on with what they had.
    fn renew_graces(&mut self) {
        let full = self.config.disconnect_grace;
        for player in self.players_mut() {
            if player.member.is_some() {
                player.grace_left = full;
            }
        }
    }

    /// Opens a round: bots seal at once.
    pub(super) fn open_round(&mut self) {
        self.renew_graces();
        let Some(game) = self.game.as_ref() else {
            return;
        };
        let round = game.game().round();
        self.round = Round {
            exchange: Some(game.exchange()),
            deadline: self
                .options
                .deadline()
                .map(|ms| self.now + Duration::from_millis(ms)),
            ..Round::default()
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
            let Some(policy) = self.seats[seat].as_ref().and_then(|player| player.bot) else {
                continue;
            };
            let Some(view) = self.seat_view(seat) else {
                return;
            };
            let assignment = policy.choose(&view, seat, self.bot_rng.get());
            self.make_move(seat, assignment, false);
        }
    }

    fn is_bot(&self, seat: Seat) -> bool {
        self.seats[seat]
            .as_ref()
            .is_some_and(|player| player.bot.is_some())
    }

    /// Seals and opens a move the server makes for `seat` (a bot, or at the
    /// deadline), with the nonce its committed seed gives. An assignment
    /// the engine refuses is not made: the seat stays unsealed.
    fn make_move(&mut self, seat: Seat, assignment: Assignment, auto: bool) {
        let Some(seed) = self.seed() else {
            return;
        };
        let legal = match &self.game {
            Some(game) if self.dealing.is_none() => game.game().check(seat, &assignment).is_ok(),
            _ => assignment == Assignment::EMPTY,
        };
        let Some(exchange) = self.round.exchange.as_mut().filter(|_| legal) else {
            // No detail: it would describe a move never revealed.
            warn!(room = %self.code, %seat, "a move made by the server was refused");
            return;
        };
        let round = exchange.round;
        let Ok(seal) = exchange.make_for(seat, seed, assignment) else {
            return;
        };
        if auto {
            self.round.auto[seat] = true;
            if let Some(player) = self.seats[seat].as_mut() {
                player.auto_commits += 1;
            }
        }
        self.emit(RoomEvent::Sealed {
            round,
            seat,
            seal,
            by_server: true,
            signature: None,
        });
        self.both_sealed_maybe();
    }

    /// The seed of the game being dealt or played.
    fn seed(&self) -> Option<mice_cake_engine::Seed> {
        self.dealing
            .or_else(|| self.game.as_ref().map(RecordedGame::seed))
    }

    /// Starts the time to open once both seals are in (a pairing's deal
    /// sealed by both: its players have arrived).
    fn both_sealed_maybe(&mut self) {
        if self.dealing.is_some()
            && self
                .round
                .exchange
                .as_ref()
                .is_some_and(Exchange::both_sealed)
        {
            self.pair_arrived();
        }
        if self.round.open_by.is_none()
            && self
                .round
                .exchange
                .as_ref()
                .is_some_and(Exchange::both_sealed)
        {
            self.round.deadline = None;
            self.round.open_by = Some(self.now + self.config.open_timeout);
        }
    }

    /// The exchange `round` of the game on, for `conn`'s seat.
    fn exchange_for(&self, conn: ConnId, round: u32) -> Result<(Seat, &Exchange), Refusal> {
        let seat = self.acting_seat(conn)?;
        if self.status != RoomStatus::Playing {
            self.playing_game()?;
        }
        let exchange = self.round.exchange.as_ref().ok_or_else(|| {
            Refusal::new(ErrorCode::WrongPhase, "no move is expected now")
                .with("reason", "no_move_expected")
        })?;
        let current = exchange.round;
        if round != current {
            let name = |round: u32| {
                if round == DEAL_ROUND {
                    "the deal".to_string()
                } else {
                    format!("round {round}")
                }
            };
            // The deal is round 0 to a catalogue.
            let number = |round: u32| if round == DEAL_ROUND { 0 } else { round };
            return Err(Refusal::new(
                ErrorCode::WrongPhase,
                if round < current {
                    format!("{} is over; this is {}", name(round), name(current))
                } else {
                    format!("{} has not started; this is {}", name(round), name(current))
                },
            )
            .with(
                "reason",
                if round < current {
                    "round_over"
                } else {
                    "round_not_started"
                },
            )
            .with("round", number(round))
            .with("current", number(current)));
        }
        Ok((seat, exchange))
    }

    /// A player's seal.
    pub(super) fn seal(
        &mut self,
        conn: ConnId,
        round: u32,
        seal: Seal,
        signing: SealSigning,
    ) -> Result<(), Refusal> {
        let (seat, sealed) = self.exchange_for(conn, round)?;
        // The same seal again: a client whose connection (or server) went
        // down cannot know whether its seal arrived, and sends it again
        // after resuming. It changes nothing; a different one is refused.
        if sealed.seals[seat] == Some(seal) {
            return Ok(());
        }
        let auto = self.round.auto[seat];
        let exchange = self.round.exchange.as_mut().ok_or_else(|| {
            Refusal::new(ErrorCode::WrongPhase, "no move is expected now")
                .with("reason", "no_move_expected")
        })?;
        let taken = match signing {
            SealSigning::Checked(checked) if checked.seal() == seal => {
                exchange.seal_checked(seat, checked)
            }
            signing => exchange.seal(seat, seal, signing.signature()),
        };
        taken.map_err(|error| match error {
            ExchangeError::Unsigned | ExchangeError::BadSignature | ExchangeError::NoKey => {
                Refusal::new(
                    ErrorCode::BadSignature,
                    format!("{error}; nothing was sealed"),
                )
            }
            _ if auto => Refusal::new(
                ErrorCode::AlreadyCommitted,
                "the deadline passed: the server moved for you this round",
            )
            .with("reason", "moved_for_you"),
            _ => Refusal::new(
                ErrorCode::AlreadyCommitted,
                "your move is sealed already this round",
            )
            .with("reason", "sealed"),
        })?;
        if round != DEAL_ROUND
            && let Some(player) = self.seats[seat].as_mut()
        {
            player.auto_commits = 0;
        }
        debug!(room = %self.code, %seat, round, "sealed");
        self.emit_seal(
            seat,
            RoomEvent::Sealed {
                round,
                seat,
                seal,
                by_server: false,
                signature: signing.signature(),
            },
        );
        self.both_sealed_maybe();
        Ok(())
    }

    /// A player's opening: checked against its seal, then against the
    /// rules. Both in, the exchange is played.
    pub(super) fn open(
        &mut self,
        conn: ConnId,
        round: u32,
        assignment: Option<Assignment>,
        nonce: Nonce,
    ) -> Result<(), Refusal> {
        let (seat, exchange) = self.exchange_for(conn, round)?;
        let assignment = match (round, assignment) {
            (DEAL_ROUND, None) => Assignment::EMPTY,
            (DEAL_ROUND, Some(_)) => {
                return Err(Refusal::new(
                    ErrorCode::BadMessage,
                    "the deal's opening is the nonce alone, without an assignment",
                ));
            }
            (_, Some(assignment)) => assignment,
            (_, None) => {
                return Err(Refusal::new(
                    ErrorCode::BadMessage,
                    format!("the opening of round {round} needs the assignment sealed"),
                ));
            }
        };
        let mut opened = *exchange;
        opened
            .open(seat, Opening { assignment, nonce })
            .map_err(|error| match error {
                ExchangeError::NotBothSealed => Refusal::new(
                    ErrorCode::WrongPhase,
                    "moves are opened once both are sealed: wait for your opponent's seal",
                )
                .with("reason", "opening_before_both_sealed"),
                ExchangeError::AlreadyOpened
                | ExchangeError::AlreadySealed
                | ExchangeError::Unsigned
                | ExchangeError::BadSignature
                | ExchangeError::NoKey => Refusal::new(
                    ErrorCode::AlreadyCommitted,
                    "your move is opened already this round",
                )
                .with("reason", "opened"),
                ExchangeError::WrongOpening => Refusal::new(
                    ErrorCode::BadOpening,
                    "this assignment and nonce do not match your seal; open the move you \
                     sealed, or you forfeit when the time to open runs out",
                ),
            })?;
        if round != DEAL_ROUND {
            let game = self.playing_game()?;
            // The error describes the assignment: it goes to its author only.
            game.game().check(seat, &assignment).map_err(|error| {
                Refusal {
                    args: mice_cake_protocol::illegal_assignment_args(&error),
                    ..Refusal::new(
                        ErrorCode::IllegalAssignment,
                        format!(
                            "{assignment} cannot be played: {error}; it is the move you sealed, \
                             so you forfeit when the time to open runs out"
                        ),
                    )
                }
                .with("assignment", assignment.to_string())
            })?;
        }
        self.round.exchange = Some(opened);
        debug!(room = %self.code, %seat, round, "opened");
        self.advance();
        Ok(())
    }

    /// At the deadline to seal: `greedy` moves for whoever has not sealed
    /// (for the deal, the server's nonce). In a rated room the deal waits
    /// for nobody: a player who has not sealed their deal nonce with their
    /// key aborts the game instead, since a rated game must prove, by that
    /// signature, that each key is its player's (anyone may announce
    /// another's key, and a game played for them by deadlines would rate
    /// a key its holder never played with).
    pub(super) fn move_for_the_late(&mut self) {
        let Some(exchange) = self.round.exchange.as_ref() else {
            return;
        };
        let dealing = exchange.round == DEAL_ROUND;
        if dealing && self.rated_pool().is_some() {
            let unsealed = Seated::from_fn(|seat| exchange.seals[seat].is_none());
            if self.forfeit_any(unsealed, ForfeitCause::MissedDeadlines) {
                return;
            }
        }
        for seat in Seat::ALL {
            if self.round.sealed()[seat] {
                continue;
            }
            if dealing {
                info!(room = %self.code, %seat, "no deal nonce in time: the server makes it");
                self.make_move(seat, Assignment::EMPTY, false);
                continue;
            }
            let Some(view) = self.seat_view(seat) else {
                return;
            };
            info!(room = %self.code, %seat, "deadline passed: moving for the player");
            self.make_move(seat, greedy_assignment(&view, seat), true);
        }
        self.advance();
    }

    /// When the time to open runs out: whoever is here and has not opened
    /// forfeits; a player away is left to the grace period (their client
    /// opens when it comes back).
    pub(super) fn open_time_over(&mut self) {
        self.round.open_by = None;
        let Some(exchange) = self.round.exchange.as_ref() else {
            return;
        };
        let out = Seated::from_fn(|seat| {
            exchange.openings[seat].is_none()
                && self.seats[seat]
                    .as_ref()
                    .is_some_and(|player| player.member.is_some())
        });
        // If only players away are late, nobody forfeits now: the time
        // starts again when they come back (`open_again_after_return`).
        self.forfeit_any(out, ForfeitCause::NotOpened);
    }

    /// Whether `seat` has yet to open a move both seals of which are in.
    fn owes_opening(&self, seat: Seat) -> bool {
        self.round
            .exchange
            .as_ref()
            .is_some_and(|exchange| exchange.both_sealed() && exchange.openings[seat].is_none())
    }

    /// A player goes away owing an opening: what they had left of the time
    /// to open is kept for their return (the time away is their grace's).
    pub(super) fn keep_open_left(&mut self, seat: Seat) {
        if let Some(open_by) = self.round.open_by
            && self.owes_opening(seat)
        {
            self.round.open_left[seat] = Some(open_by.saturating_duration_since(self.now));
        }
    }

    /// A player back: if the time to open ran out while they were away
    /// (and they have not opened), they have what they had left of it when
    /// they went, not the whole time again. A running time is left as it
    /// is: coming back does not buy time.
    pub(super) fn open_again_after_return(&mut self, seat: Seat) {
        if self.owes_opening(seat)
            && self.round.open_by.is_none()
            && self.status == RoomStatus::Playing
        {
            let left = self.round.open_left[seat].unwrap_or(self.config.open_timeout);
            self.round.open_by = Some(self.now + left);
        }
    }

    /// Plays exchanges while both openings are in. A loop, not recursion:
    /// rounds where the server moves for both seats follow one another
    /// here, a bounded number of times (the game ends).
    pub(super) fn advance(&mut self) {
        while self.status == RoomStatus::Playing
            && self
                .round
                .exchange
                .as_ref()
                .and_then(Exchange::opened)
                .is_some()
        {
            let next = if self.dealing.is_some() {
                self.deal()
            } else {
                self.resolve_round()
            };
            if !next {
                break;
            }
        }
    }

    /// Deals the cake from the opened exchange of nonces; returns whether
    /// the first round was opened.
    fn deal(&mut self) -> bool {
        let (Some(seed), Some(exchange)) = (self.dealing, self.round.exchange) else {
            return false;
        };
        let link = self.current_link();
        let game = match RecordedGame::dealt_in(self.options.game, seed, &exchange, link) {
            Ok(game) => game,
            Err(error) => {
                // Both openings were checked, so this cannot happen.
                warn!(room = %self.code, cause = %error, "the deal cannot be made");
                return false;
            }
        };
        let Some(deal) = game.deal() else {
            return false;
        };
        let view = game.game().view(Viewer::Spectator);
        self.dealing = None;
        self.game = Some(game);
        self.emit(RoomEvent::Dealt { deal, view });
        self.open_round();
        true
    }

    /// Resolves the round whose two openings are in; returns whether a
    /// next round was opened.
    pub(super) fn resolve_round(&mut self) -> bool {
        let Some(exchange) = self.round.exchange else {
            return false;
        };
        let Some(game) = self.game.as_mut() else {
            return false;
        };
        let before = game.game().view(Viewer::Spectator);
        let report = match game.play_exchange(&exchange) {
            Ok(report) => report.clone(),
            Err(error) => {
                // Both openings were checked, so this cannot happen; if it
                // does, the round is asked for again rather than the room
                // stopped.
                warn!(room = %self.code, cause = %error, "the engine refused a checked round; it is asked again");
                self.open_round();
                return false;
            }
        };
        let sealed = game.last_exchange();
        let view = game.game().view(Viewer::Spectator);
        let beats = timeline(&before, &report).unwrap_or_else(|error| {
            // The engine's own report on the engine's own view: this cannot
            // happen. Without beats, clients show the round's end at once.
            warn!(room = %self.code, cause = %error, "the reveal cannot be cut into beats");
            Vec::new()
        });
        let outcome = game.game().outcome().copied();
        self.effects.push(Effect::Count(Tally::Round));
        let auto = self.round.auto;
        self.round = Round::default();
        self.autos.push(auto);
        self.emit(RoomEvent::Revealed {
            report: Box::new(report.clone()),
            beats,
            auto,
            view,
            sealed,
        });
        if let Some(outcome) = outcome {
            let ending = Ending::Played {
                end: outcome.end,
                decided_by: outcome.decided_by,
            };
            self.finish(ending, outcome.winner);
            return false;
        }
        let limit = self.config.missed_deadlines;
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

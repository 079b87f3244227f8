//! What of a room is stored: the changes each step makes, as the writes
//! to make (the shell makes them, `room/actor/storing.rs`), and the room
//! brought back from what was stored.

use std::time::Duration;

use mice_cake_engine::{Exchange, Opening, RecordedGame, ReplayError, Seat, Seated, Seed};
use mice_cake_protocol::RoomStatus;
use tracing::warn;

use super::events::EventLog;
use super::round::Round;
use super::seats::Player;
use super::{Now, Room, RoomConfig, millis};
use crate::clock::UptimeClock;
use crate::random::{BotRng, RoomRng};
use crate::room::Made;
use crate::store::{
    DealSnapshot, LOG_LIMIT, LogEntry, PlayerSnapshot, RoomSnapshot, RoomUpdate, StoreError,
    StoredRoom, StoredRound, Written,
};
use crate::token::TokenHash;

/// After a restart, the least time a deadline or a grace period has left:
/// time for the clients to notice and reconnect (they retry every few
/// seconds at most).
pub(super) const RESTART_ALLOWANCE: Duration = Duration::from_secs(15);
/// What storage holds of a room: where the next write starts.
#[derive(Debug, Default)]
pub(in crate::room) struct StoredMarks {
    /// The room as stored (its snapshot with its log applied): its moving
    /// parts, and digests of the rest. Boxed: what a room whose store
    /// keeps no rooms (`--ephemeral`) never fills.
    written: Option<Box<Written>>,
    /// The entries in its log since that snapshot.
    logged: u32,
    game_number: u32,
    rounds: usize,
}

impl Room {
    /// The room as stored, but for rounds and events.
    pub(in crate::room) fn snapshot(&self, clock: UptimeClock) -> RoomSnapshot {
        RoomSnapshot {
            options: self.options,
            status: self.status,
            seats: Seated::from_fn(|seat| {
                self.seats[seat].as_ref().map(|player| PlayerSnapshot {
                    name: player.name.clone(),
                    token: player.token,
                    bot: player.bot,
                    connected: player.member.is_some(),
                    grace_until: player.grace_until.map(|until| clock.at(until)),
                    grace_left_ms: Some(millis(player.grace_left)),
                    auto_commits: player.auto_commits,
                    key: player.key,
                    declared_bot: player.declared_bot,
                })
            }),
            game_number: self.game_number,
            deal: self.game.as_ref().map(DealSnapshot::of),
            commits: Seated::default(),
            dealing: self.dealing,
            exchange: self.round.exchange.map(stored_exchange),
            auto: self.round.auto,
            deadline: self.round.deadline.map(|deadline| clock.at(deadline)),
            open_by: self.round.open_by.map(|open_by| clock.at(open_by)),
            open_left_ms: self.round.open_left.map(|left| left.map(millis)),
            rematch: self.rematch,
            result: self.result,
            game_ids: self.game_ids.clone(),
            last_seq: self.events.last_seq(),
            autos: Vec::new(),
            not_rated: self.not_rated,
            rated_start: self.rated_start.as_deref().copied(),
            paired: self.made.for_a_pair(),
            arena: self.made.arena(),
            challenge: self.made.challenge(),
            match_state: self.match_state.clone(),
            next_game_at: self.next_game_at.map(|at| clock.at(at)),
        }
    }

    /// What changed since the last write, and the marks once it is stored
    /// (boxed: held across the write, they would weigh on the room's task).
    /// Fails only if a round cannot be played again (see
    /// [`RecordedGame::record`]).
    pub(in crate::room) fn changes(
        &self,
        clock: UptimeClock,
    ) -> Result<(Box<RoomUpdate>, Box<StoredMarks>), ReplayError> {
        let snapshot = self.snapshot(clock);
        let new_game = self.game_number != self.stored.game_number;
        let rounds_stored = if new_game { 0 } else { self.stored.rounds };
        let played = self.game.as_ref().map_or(0, RecordedGame::rounds_played);
        let rounds = match &self.game {
            Some(game) => StoredRound::of(game, rounds_stored, &self.autos)?,
            None => Vec::new(),
        };
        let written = Written::of(&snapshot);
        let stored = self.stored.written.as_deref();
        let (whole, entry, logged) = next_write(stored, self.stored.logged, &snapshot, &written);
        let update = RoomUpdate {
            code: self.code,
            fresh: stored.is_none(),
            snapshot: whole,
            entry,
            log_position: self.stored.logged,
            new_game,
            rounds,
            finished: self.unsaved_games.clone(),
            matches: self.unsaved_matches(),
        };
        let marks = StoredMarks {
            written: Some(Box::new(written)),
            logged,
            game_number: self.game_number,
            rounds: played,
        };
        Ok((Box::new(update), Box::new(marks)))
    }

    /// Another node of the cluster runs the room now: what was not stored
    /// is not sent, and every member is disconnected, to come back to the
    /// room where it runs (their clients reconnect by themselves).
    pub(in crate::room) fn handed_over(&mut self) {
        warn!(room = %self.code, "the room is run by another node now: this copy stops");
        self.outbox.drop_all();
        let players = Seat::ALL
            .into_iter()
            .filter_map(|seat| self.seats[seat].as_ref()?.member.as_ref());
        for member in players.chain(self.spectators.values()) {
            self.outbox.reroute(member.conn);
        }
        self.handed_over = true;
    }

    /// Brings a stored room back. Nobody is connected: players resume with
    /// their seat tokens. Deadlines and grace periods keep the time they had
    /// left (at least [`RESTART_ALLOWANCE`]); players who were connected
    /// get a whole grace period, since the server left them, not they it.
    ///
    /// Its stored deadlines are read on `clock`: the clock of the server
    /// (or node of a cluster) that wrote them, from where it stopped.
    pub(in crate::room) fn restore(
        stored: StoredRoom,
        config: RoomConfig,
        rngs: (RoomRng, BotRng),
        clock: UptimeClock,
        now: Now,
    ) -> Result<Room, StoreError> {
        let StoredRoom {
            code,
            snapshot,
            logged,
            rounds,
            events,
        } = stored;
        let bad = |detail: String| StoreError::BadRoom {
            code: code.to_string(),
            detail,
        };
        let rounds_stored = rounds.len();
        // Rooms stored before the room log kept these in their snapshot.
        let mut autos: Vec<Seated<bool>> = rounds.iter().map(|round| round.auto).collect();
        for (auto, legacy) in autos.iter_mut().zip(&snapshot.autos) {
            *auto = *legacy;
        }
        let game = match &snapshot.deal {
            Some(deal) => Some(
                RecordedGame::resume(deal.record(rounds))
                    .map_err(|error| bad(format!("its game does not replay: {error}")))?,
            ),
            None if rounds_stored == 0 => None,
            None => return Err(bad("it has rounds but no game".into())),
        };
        let playing = snapshot.status == RoomStatus::Playing;
        if playing
            && game
                .as_ref()
                .is_some_and(|game| game.game().outcome().is_some())
        {
            return Err(bad("it is playing, but its game is over".into()));
        }
        if playing && game.is_none() && snapshot.dealing.is_none() {
            return Err(bad("it is playing, but has no game going on".into()));
        }
        // The keys its seals are signed with: the seats' while the game is
        // dealt (a game takes its players' keys as it starts), the game's
        // after.
        let keys = match (&game, snapshot.dealing) {
            (Some(game), None) => game.keys().unwrap_or_default(),
            _ => snapshot
                .seats
                .as_ref()
                .map(|player| player.as_ref().and_then(|player| player.key)),
        };
        let mut exchange = snapshot
            .exchange
            .filter(|_| playing)
            .map(|held| held.with_keys(keys));
        if let Some(held) = &exchange {
            let link = snapshot
                .match_state
                .as_ref()
                .filter(|_| snapshot.options.is_match())
                .map(|state| state.link);
            check_held_exchange(held, snapshot.dealing, game.as_ref(), link)
                // No detail: it would describe a move not yet revealed.
                .map_err(|seat| {
                    bad(format!("its {seat} move held for the round does not check"))
                })?;
        } else if playing && let Some(game) = &game {
            // A game begun before sealed play: commits held then are
            // dropped, and the players seal this round's moves.
            exchange = Some(game.exchange());
        }
        let resumed = |uptime: u64| clock.instant_at(uptime, RESTART_ALLOWANCE, now.instant);
        let full_grace = now.instant + config.disconnect_grace.max(RESTART_ALLOWANCE);
        let seats = snapshot.seats.clone().map(|player| {
            player.map(|player| Player {
                // Everyone is away after a restart: a grace period to come
                // back, in a game or not (the seat is freed after it).
                grace_until: match (player.bot.is_none(), player.grace_until) {
                    (false, _) => None,
                    (true, Some(until)) if !player.connected => Some(resumed(until)),
                    (true, _) => Some(full_grace),
                },
                // A game stored before budgets: the whole grace.
                grace_left: player
                    .grace_left_ms
                    .map_or(config.disconnect_grace, Duration::from_millis),
                name: player.name,
                token: player.token,
                bot: player.bot,
                member: None,
                auto_commits: player.auto_commits,
                key: player.key,
                rating: None,
                declared_bot: player.declared_bot,
                address: None,
            })
        });
        let round = Round {
            exchange,
            auto: snapshot.auto,
            deadline: snapshot.deadline.filter(|_| playing).map(resumed),
            open_by: snapshot.open_by.filter(|_| playing).map(resumed),
            open_left: snapshot
                .open_left_ms
                .map(|left| left.map(Duration::from_millis)),
        };
        let events = EventLog::restore(
            config.outbound_queue,
            snapshot.last_seq,
            events
                .into_iter()
                .map(|(seq, frame)| (seq, crate::frame::reread(&frame))),
        );
        let made = match (snapshot.arena, snapshot.challenge, snapshot.paired) {
            (Some(arena), _, _) => Made::Arena(arena),
            (None, Some(challenge), _) => Made::Challenge(challenge),
            (None, None, true) => Made::Pairing,
            (None, None, false) => Made::Player,
        };
        // A new room, given what was stored: a field added to the room
        // starts as a new room's unless it is stored.
        let mut room = Room::new(code, snapshot.options, made, config, rngs, now);
        room.seats = seats;
        room.status = snapshot.status;
        room.game = game;
        room.dealing = snapshot.dealing.filter(|_| playing);
        room.game_number = snapshot.game_number;
        room.round = round;
        room.events = events;
        room.result = snapshot.result;
        room.not_rated = snapshot.not_rated;
        room.rated_start = snapshot.rated_start.map(Box::new);
        // A pairing's players get the whole wait again: the room was away
        // (its node died), not they.
        let not_taken_up = room.pairing_not_taken_up();
        room.arrive_by = room.arrive_by.filter(|_| not_taken_up);
        room.rematch = snapshot.rematch;
        room.game_ids = snapshot.game_ids.clone();
        room.match_state.clone_from(&snapshot.match_state);
        room.next_game_at = snapshot.next_game_at.map(resumed);
        room.autos = autos;
        // Read again once the room runs: they may have changed meanwhile.
        room.ratings_due = true;
        room.stored = StoredMarks {
            logged,
            game_number: snapshot.game_number,
            rounds: rounds_stored,
            written: Some(Box::new(Written::of(&snapshot))),
        };
        Ok(room)
    }

    /// The changes given by [`Room::changes`] are stored (`marks`), or, on
    /// storage that keeps no live rooms, its finished games.
    pub(in crate::room) fn stored(&mut self, marks: Option<Box<StoredMarks>>) {
        if let Some(marks) = marks {
            self.stored = *marks;
        }
        self.unsaved_games.clear();
        self.match_changed = false;
    }

    /// The match's summary, when it changed since the last write.
    fn unsaved_matches(&self) -> Vec<mice_cake_protocol::MatchSummary> {
        self.match_summary()
            .filter(|_| self.match_changed)
            .into_iter()
            .collect()
    }

    /// What storage that keeps no live rooms is to write: the games
    /// finished since the last write.
    pub(in crate::room) fn finishing(&self) -> RoomUpdate {
        let mut update = RoomUpdate::finishing(self.code, self.unsaved_games.clone());
        update.matches = self.unsaved_matches();
        update
    }

    /// Drops what was to be sent and not stored (the server stops): it is
    /// never sent.
    pub(in crate::room) fn drop_unsent(&mut self) {
        self.outbox.drop_all();
    }

    /// The seat tokens (hashed) that lead to this room.
    pub(in crate::room) fn seat_tokens(&self) -> Vec<TokenHash> {
        Seat::ALL
            .into_iter()
            .filter_map(|seat| self.seats[seat].as_ref()?.token)
            .collect()
    }
}

/// How a room's snapshot is written, given what is stored (`stored`, with
/// `logged` entries in its log): as a whole snapshot, as a log entry, or
/// not at all; and the entries in the log after it. Moving parts alone go
/// to the log while it has room; anything else is a whole snapshot.
fn next_write(
    stored: Option<&Written>,
    logged: u32,
    snapshot: &RoomSnapshot,
    written: &Written,
) -> (Option<RoomSnapshot>, Option<LogEntry>, u32) {
    let entry = stored
        .filter(|_| logged < LOG_LIMIT)
        .and_then(|stored| stored.entry_to(written, snapshot));
    match entry {
        Some(entry) if entry.is_empty() => (None, None, logged),
        Some(entry) => (None, Some(entry), logged + 1),
        None if stored == Some(written) => (None, None, logged),
        None => (Some(snapshot.clone()), None, 0),
    }
}

/// The exchange as stored: seals and signatures, and the openings of moves
/// the server made (secret until both are in). Not the keys: the game's
/// deal holds them once (and the seats, while it is dealt), and they are
/// given back as the room is restored.
fn stored_exchange(mut exchange: Exchange) -> Exchange {
    exchange.keys = Seated::default();
    for seat in Seat::ALL {
        if !exchange.by_server[seat] {
            exchange.openings[seat] = None;
        }
    }
    exchange
}

/// Checks an exchange brought back from storage: each opening held matches
/// its seal and, in a round, can be played. Returns the first seat whose
/// move does not check.
fn check_held_exchange(
    exchange: &Exchange,
    dealing: Option<Seed>,
    game: Option<&RecordedGame>,
    link: Option<mice_cake_engine::MatchLink>,
) -> Result<(), Seat> {
    let expected = match (dealing, game) {
        (Some(seed), _) => mice_cake_engine::fair::commitment_in(seed, link.as_ref()),
        (None, Some(game)) => game.exchange().commitment,
        (None, None) => return Err(Seat::Yellow),
    };
    if exchange.commitment != expected {
        return Err(Seat::Yellow);
    }
    for seat in Seat::ALL {
        let (Some(seal), Some(Opening { assignment, nonce })) =
            (exchange.seals[seat], exchange.openings[seat])
        else {
            continue;
        };
        let sealed_so = mice_cake_engine::fair::seal(
            exchange.commitment,
            exchange.round,
            seat,
            &assignment,
            nonce,
        ) == seal;
        let playable = match (dealing, game) {
            (None, Some(game)) => game.game().check(seat, &assignment).is_ok(),
            _ => assignment == mice_cake_engine::Assignment::EMPTY,
        };
        if !sealed_so || !playable {
            return Err(seat);
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::store::RoomChange;

    /// An exchange is stored without its keys (the game holds them once),
    /// and with its seals and signatures.
    #[test]
    fn an_exchange_is_stored_without_its_keys() {
        let secret = mice_cake_engine::PlayerSecret::from_bytes([3; 32]);
        let seal = mice_cake_engine::Seal::from_bytes([4; 32]);
        let mut exchange =
            Exchange::new(mice_cake_engine::fair::Commitment::from_bytes([5; 32]), 2).with_keys(
                Seated {
                    yellow: Some(secret.public_key()),
                    blue: None,
                },
            );
        exchange
            .seal(Seat::Yellow, seal, Some(secret.sign(seal)))
            .unwrap();
        let stored = stored_exchange(exchange);
        let json = serde_json::to_string(&stored).unwrap();
        assert!(!json.contains("keys"), "{json}");
        assert!(!json.contains(&secret.public_key().to_string()), "{json}");
        assert!(json.contains(&secret.sign(seal).to_string()), "{json}");
        let read: Exchange = serde_json::from_str(&json).unwrap();
        assert_eq!(read.with_keys(exchange.keys), exchange);
    }

    #[test]
    fn a_room_writes_its_moving_parts_to_its_log_until_it_is_full_then_a_snapshot() {
        let room = crate::store::a_stored_room();
        let written = Written::of(&room);
        let write = |stored: Option<&RoomSnapshot>, logged, next: &RoomSnapshot| {
            let stored = stored.map(Written::of);
            next_write(stored.as_ref(), logged, next, &Written::of(next))
        };
        // The first write is a whole snapshot.
        let (whole, entry, logged) = write(None, 0, &room);
        assert_eq!((whole.as_ref(), entry, logged), (Some(&room), None, 0));
        // Nothing changed: nothing written.
        assert_eq!(
            next_write(Some(&written), 3, &room, &written),
            (None, None, 3)
        );
        // A moving part: a log entry, while the log has room.
        let mut next = room.clone();
        next.last_seq += 1;
        for logged in 0..LOG_LIMIT {
            assert_eq!(
                write(Some(&room), logged, &next),
                (
                    None,
                    Some(vec![RoomChange::LastSeq(next.last_seq)]),
                    logged + 1
                )
            );
        }
        // A full log: a snapshot, which empties it.
        assert_eq!(
            write(Some(&room), LOG_LIMIT, &next),
            (Some(next.clone()), None, 0)
        );
        // Any other change: a snapshot.
        let mut left = room.clone();
        left.seats.blue = None;
        assert_eq!(write(Some(&room), 1, &left), (Some(left.clone()), None, 0));
        // A full log and nothing changed: nothing written.
        assert_eq!(
            write(Some(&room), LOG_LIMIT, &room),
            (None, None, LOG_LIMIT)
        );
    }
}

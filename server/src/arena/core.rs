//! One arena's rules, without IO (as quinn-proto's connection, and as the
//! room's core): who entered and where each player is (away, paused,
//! waiting, being seated, playing), the scores counted from its stored
//! results, when it starts and ends, and whom to pair. The arena's task
//! (`runner.rs`) feeds it what happened with the time, and carries out the
//! effects it returns: rooms to make, news for a connection, the standings
//! to publish, what to store.

use std::collections::{HashMap, HashSet};
use std::net::IpAddr;

use mice_cake_engine::{PlayerKey, Seat, Seated};
use mice_cake_protocol::arena::{
    ARENA_TOP, ArenaDetail, ArenaGameInPlay, ArenaStanding, ArenaStatus, ArenaSummary,
};
use mice_cake_protocol::{ArenaId, ArenaPauseCause, ArenaState, GameId, RoomCode};

use super::pairing::{Waiting, pairs};
use super::scoring::Scores;
use crate::room::{ArenaGame, ConnId};
use crate::store::arenas::{ArenaEntrant, ArenaResult, StoredArena};

/// Where a player of the arena is.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Place {
    /// Not connected, not in a game: not paired.
    Away,
    /// Connected, and paused: not paired.
    Paused,
    /// In the queue since then.
    Waiting { since_ms: u64 },
    /// Paired: their room is being made.
    Seating,
    /// In a game of the arena.
    Playing { code: RoomCode },
}

#[derive(Clone, Debug)]
struct Entrant {
    key: PlayerKey,
    name: String,
    bot: bool,
    /// Their connection to this arena, if they have one.
    conn: Option<ConnId>,
    place: Place,
    /// Whether they asked to pause once their game is over.
    pausing: bool,
    last_opponent: Option<PlayerKey>,
    /// Where their connection plays from (never stored): two entrants from
    /// one address are never paired together.
    address: Option<IpAddr>,
}

/// What the arena's task is told.
#[derive(Clone, Debug)]
pub(crate) enum Input {
    /// A connection joins (or comes back).
    Join(Joining),
    /// A connection watches the standings.
    Watch { conn: ConnId },
    /// A player pauses (after their game, if in one).
    Pause { conn: ConnId },
    /// A connection neither plays nor watches any more: it left, or closed.
    Gone { conn: ConnId },
    /// Results stored since the last read.
    Results(Vec<ArenaResult>),
    /// The room for a pair was made.
    RoomMade {
        keys: Seated<PlayerKey>,
        code: RoomCode,
    },
    /// The room for a pair could not be made.
    RoomNotMade { keys: Seated<PlayerKey> },
    /// A pair's room called the pairing off (a player never came, or
    /// never sealed the deal while the other did): the key of the player
    /// who sat and held the deal back, if one did.
    CalledOff {
        code: RoomCode,
        held_back: Option<PlayerKey>,
    },
    /// The clock moved: start, end, pair.
    Tick,
    /// Games another node's run of the arena was playing when this node
    /// took it over (on a cluster): their players are in them.
    GamesInPlay(Vec<(RoomCode, Seated<PlayerKey>)>),
}

/// A connection joining as the player of `key`.
#[derive(Clone, Debug)]
pub(crate) struct Joining {
    pub(crate) conn: ConnId,
    pub(crate) key: PlayerKey,
    pub(crate) name: String,
    pub(crate) bot: bool,
    /// The join code given, if any.
    pub(crate) join_code: Option<String>,
    /// The room the connection is in, if any: only one of this arena's
    /// (the game just played, or the one under way).
    pub(crate) in_room: Option<RoomCode>,
    /// What that room said of itself as the player took their seat, if it
    /// is an arena's: a room of this arena's is this arena's, even one it
    /// does not know (made before a restart, or by a node whose games a
    /// takeover lost).
    pub(crate) in_room_game: Option<ArenaGame>,
    /// Where the connection plays from (an IPv4 address, or an IPv6 /64),
    /// unless the server lets one address play both sides
    /// (`--rate-one-address`).
    pub(crate) address: Option<IpAddr>,
}

/// What the arena's task is to do.
#[derive(Clone, Debug, PartialEq)]
pub(crate) enum Effect {
    /// Make a room for this pair, `yellow` in yellow.
    MakeRoom(Seated<PlayerKey>),
    /// Tell a connection something.
    Tell(ConnId, News),
    /// The standings, featured game or status changed: publish them.
    Changed,
    /// Keep an entrant (new, or renamed).
    Enter(ArenaEntrant),
    /// Keep that the arena is over.
    Finish,
    /// A game in play the arena did not hold, learnt of from a player who
    /// came back to its room: looked after (and kept for a takeover) as one
    /// it made.
    GameFound {
        code: RoomCode,
        keys: Seated<PlayerKey>,
    },
}

/// What the arena tells one connection.
#[derive(Clone, Debug, PartialEq)]
pub(crate) enum News {
    /// Joined (or watching): the arena as it stands, and the player's line.
    Joined(Box<ArenaState>, Option<Box<ArenaStanding>>),
    /// Paired: take the seat in `code`.
    Paired {
        code: RoomCode,
        opponent: String,
        opponent_bot: bool,
        you: Box<ArenaStanding>,
    },
    /// Not paired until they join again.
    Paused(ArenaPauseCause),
}

/// Why a join is refused.
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
pub(crate) enum JoinRefused {
    #[error("the arena is over")]
    Over,
    #[error("this arena does not take bots")]
    NoBots,
    #[error("this is a club's arena: join it with its join code")]
    BadCode,
    #[error("you are in a room of another game: leave it first")]
    InAnotherRoom,
}

impl JoinRefused {
    const ALL: [JoinRefused; 4] = [
        JoinRefused::Over,
        JoinRefused::NoBots,
        JoinRefused::BadCode,
        JoinRefused::InAnotherRoom,
    ];

    /// Its stable name: a refusal's `reason`, and how another node of the
    /// cluster is told it.
    pub(crate) fn reason(self) -> &'static str {
        match self {
            JoinRefused::Over => "over",
            JoinRefused::NoBots => "no_bots",
            JoinRefused::BadCode => "bad_code",
            JoinRefused::InAnotherRoom => "in_another_room",
        }
    }

    /// The refusal named `reason` (as [`JoinRefused::reason`] writes it).
    pub(crate) fn from_reason(reason: &str) -> Option<JoinRefused> {
        JoinRefused::ALL
            .into_iter()
            .find(|refused| refused.reason() == reason)
    }

    /// The refusal a player is sent.
    pub(crate) fn refusal(self) -> crate::room::Refusal {
        crate::room::Refusal::new(
            mice_cake_protocol::ErrorCode::ArenaRefused,
            self.to_string(),
        )
        .with("reason", self.reason())
    }
}

/// One arena.
#[derive(Debug)]
pub(crate) struct Arena {
    stored: StoredArena,
    /// In the order they first entered.
    entrants: Vec<Entrant>,
    index: HashMap<PlayerKey, usize>,
    scores: Scores,
    /// The last result counted.
    last_seq: u64,
    /// Every counted game, in the order stored.
    games: Vec<GameId>,
    /// Games being played, by room.
    playing: HashMap<RoomCode, Seated<PlayerKey>>,
    /// Every room made for the arena's games.
    rooms: HashSet<RoomCode>,
    /// The rooms whose game's result is counted.
    counted: HashSet<RoomCode>,
    /// Every connection the arena tells things: a player's (their key), or
    /// a watcher's.
    conns: HashMap<ConnId, Option<PlayerKey>>,
    /// Whether those waiting were told the arena is over.
    end_told: bool,
}

impl Arena {
    /// An arena as stored, with who entered it and its results so far.
    pub(crate) fn new(
        stored: StoredArena,
        entrants: Vec<ArenaEntrant>,
        results: Vec<ArenaResult>,
    ) -> Arena {
        let mut arena = Arena {
            stored,
            entrants: Vec::new(),
            index: HashMap::new(),
            scores: Scores::default(),
            last_seq: 0,
            games: Vec::new(),
            playing: HashMap::new(),
            rooms: HashSet::new(),
            counted: HashSet::new(),
            conns: HashMap::new(),
            end_told: false,
        };
        for entrant in entrants {
            arena.entrant_mut(entrant.key, entrant.name, entrant.bot);
        }
        arena.count(results);
        arena
    }

    pub(crate) fn id(&self) -> ArenaId {
        self.stored.id
    }

    /// What the arena is.
    pub(crate) fn spec(&self) -> &mice_cake_protocol::arena::ArenaSpec {
        &self.stored.spec
    }

    /// The last result counted: results after it are read next.
    pub(crate) fn last_seq(&self) -> u64 {
        self.last_seq
    }

    /// Whether it is over (its end passed and its last game ended).
    pub(crate) fn finished(&self) -> bool {
        self.stored.finished
    }

    /// Whether a game is being played in room `code`.
    pub(crate) fn plays_in(&self, code: RoomCode) -> bool {
        self.playing.contains_key(&code)
    }

    /// The games being played: each room and its players.
    pub(crate) fn games_playing(&self) -> Vec<(RoomCode, Seated<PlayerKey>)> {
        self.playing
            .iter()
            .map(|(code, keys)| (*code, *keys))
            .collect()
    }

    /// What the arena's task is to do with `input` at `now_ms`.
    pub(crate) fn handle(&mut self, input: Input, now_ms: u64) -> Result<Vec<Effect>, JoinRefused> {
        let mut effects = Vec::new();
        match input {
            Input::Join(Joining {
                conn,
                key,
                name,
                bot,
                join_code,
                in_room,
                in_room_game,
                address,
            }) => {
                let of_this_arena = in_room_game.filter(|game| game.arena == self.id());
                if in_room
                    .is_some_and(|code| !self.rooms.contains(&code) && of_this_arena.is_none())
                {
                    return Err(JoinRefused::InAnotherRoom);
                }
                if let Some(code) = &self.stored.spec.join_code
                    && join_code.as_deref().map(str::trim) != Some(code.as_str())
                {
                    return Err(JoinRefused::BadCode);
                }
                self.join(conn, key, name, bot, now_ms, &mut effects)?;
                // The connection's, as it joins (again): the latest counts.
                if let Some(entrant) = self.entrant_of(&key) {
                    entrant.address = address;
                }
                let players = of_this_arena
                    .and_then(|game| game.players)
                    .filter(|players| players.yellow == key || players.blue == key);
                if let (Some(code), Some(players)) = (in_room, players) {
                    self.game_found(code, players, &mut effects);
                }
                // Back in a game the arena holds: in it until it ends.
                if let Some(code) = in_room
                    && self
                        .playing
                        .get(&code)
                        .is_some_and(|keys| keys.yellow == key || keys.blue == key)
                {
                    self.hold_in_game(key, code);
                }
            }
            Input::Watch { conn } => {
                self.conns.entry(conn).or_insert(None);
                let state = self.state(now_ms);
                effects.push(Effect::Tell(conn, News::Joined(Box::new(state), None)));
            }
            Input::Pause { conn } => self.pause(conn, &mut effects),
            Input::Gone { conn } => self.gone(conn, &mut effects),
            Input::Results(results) => {
                let ended: Vec<(RoomCode, Seated<PlayerKey>)> = results
                    .iter()
                    .filter(|result| result.seq > self.last_seq)
                    .map(|result| (result.room, result.keys))
                    .collect();
                if self.count(results) {
                    for (room, keys) in ended {
                        self.back_from_game(room, keys, now_ms, &mut effects);
                    }
                    effects.push(Effect::Changed);
                }
            }
            Input::RoomMade { keys, code } => self.room_made(keys, code, &mut effects),
            Input::RoomNotMade { keys } => {
                for key in [keys.yellow, keys.blue] {
                    self.requeue(key, now_ms);
                }
            }
            Input::CalledOff { code, held_back } => {
                self.called_off(code, held_back, now_ms, &mut effects);
            }
            Input::Tick => self.tick(now_ms, &mut effects),
            Input::GamesInPlay(games) => self.games_in_play(games),
        }
        Ok(effects)
    }

    /// The entrant of `key`, added if new (a name given again is kept).
    fn entrant_mut(&mut self, key: PlayerKey, name: String, bot: bool) -> &mut Entrant {
        let at = *self.index.entry(key).or_insert_with(|| {
            self.entrants.push(Entrant {
                key,
                name: name.clone(),
                bot,
                conn: None,
                place: Place::Away,
                pausing: false,
                last_opponent: None,
                address: None,
            });
            self.entrants.len() - 1
        });
        let entrant = &mut self.entrants[at];
        entrant.name = name;
        entrant.bot |= bot;
        entrant
    }

    fn entrant(&self, key: &PlayerKey) -> Option<&Entrant> {
        self.index.get(key).map(|at| &self.entrants[*at])
    }

    fn entrant_of(&mut self, key: &PlayerKey) -> Option<&mut Entrant> {
        self.index.get(key).map(|at| &mut self.entrants[*at])
    }

    fn join(
        &mut self,
        conn: ConnId,
        key: PlayerKey,
        name: String,
        bot: bool,
        now_ms: u64,
        effects: &mut Vec<Effect>,
    ) -> Result<(), JoinRefused> {
        if self.stored.finished {
            return Err(JoinRefused::Over);
        }
        let bots_allowed = self.stored.spec.bots.unwrap_or(!self.stored.spec.rated);
        if bot && !bots_allowed {
            return Err(JoinRefused::NoBots);
        }
        let new = !self.index.contains_key(&key);
        let renamed = self.entrant(&key).is_some_and(|known| known.name != name);
        // Another connection of the same key lets go: one at a time.
        if let Some(old) = self.entrant(&key).and_then(|known| known.conn)
            && old != conn
        {
            self.conns.remove(&old);
            effects.push(Effect::Tell(old, News::Paused(ArenaPauseCause::Replaced)));
        }
        let over = self.over(now_ms);
        let entrant = self.entrant_mut(key, name.clone(), bot);
        entrant.conn = Some(conn);
        entrant.pausing = false;
        if matches!(entrant.place, Place::Away | Place::Paused) {
            entrant.place = if over {
                Place::Paused
            } else {
                Place::Waiting { since_ms: now_ms }
            };
        }
        let entrant = ArenaEntrant {
            key,
            name,
            bot,
            joined_ms: now_ms,
        };
        self.conns.insert(conn, Some(key));
        if new || renamed {
            effects.push(Effect::Enter(entrant));
            effects.push(Effect::Changed);
        }
        let state = self.state(now_ms);
        let you = self.standing(&key);
        effects.push(Effect::Tell(
            conn,
            News::Joined(Box::new(state), you.map(Box::new)),
        ));
        if over {
            effects.push(Effect::Tell(conn, News::Paused(ArenaPauseCause::Over)));
        }
        Ok(())
    }

    fn pause(&mut self, conn: ConnId, effects: &mut Vec<Effect>) {
        let Some(Some(key)) = self.conns.get(&conn).copied() else {
            return;
        };
        let Some(entrant) = self.entrant_of(&key) else {
            return;
        };
        match entrant.place {
            Place::Playing { .. } | Place::Seating => entrant.pausing = true,
            _ => entrant.place = Place::Paused,
        }
        effects.push(Effect::Tell(conn, News::Paused(ArenaPauseCause::Paused)));
        effects.push(Effect::Changed);
    }

    fn gone(&mut self, conn: ConnId, effects: &mut Vec<Effect>) {
        let Some(Some(key)) = self.conns.remove(&conn) else {
            return;
        };
        let Some(entrant) = self.entrant_of(&key) else {
            return;
        };
        if entrant.conn != Some(conn) {
            return;
        }
        entrant.conn = None;
        if matches!(entrant.place, Place::Waiting { .. } | Place::Paused) {
            entrant.place = Place::Away;
            effects.push(Effect::Changed);
        }
    }

    /// Counts results not counted yet; whether any was.
    fn count(&mut self, results: Vec<ArenaResult>) -> bool {
        let mut counted = false;
        for result in results {
            if result.seq <= self.last_seq {
                continue;
            }
            self.last_seq = result.seq;
            for seat in Seat::ALL {
                // Whom each met last: known from the results alone, as
                // after a takeover.
                self.entrant_mut(result.keys[seat], result.names[seat].clone(), false)
                    .last_opponent = Some(result.keys[seat.opponent()]);
            }
            self.scores.count(result.keys, &result.result, result.seq);
            self.rooms.insert(result.room);
            self.counted.insert(result.room);
            self.games.push(result.game);
            counted = true;
        }
        counted
    }

    /// The players of a game that ended go back to the queue, or pause.
    fn back_from_game(
        &mut self,
        room: RoomCode,
        keys: Seated<PlayerKey>,
        now_ms: u64,
        effects: &mut Vec<Effect>,
    ) {
        self.playing.remove(&room);
        for seat in Seat::ALL {
            let opponent = keys[seat.opponent()];
            let over = self.over(now_ms);
            let Some(entrant) = self.entrant_of(&keys[seat]) else {
                continue;
            };
            entrant.last_opponent = Some(opponent);
            if entrant.place != (Place::Playing { code: room }) {
                continue;
            }
            entrant.place = match (entrant.conn, entrant.pausing || over) {
                (None, _) => Place::Away,
                (Some(_), true) => Place::Paused,
                (Some(_), false) => Place::Waiting { since_ms: now_ms },
            };
            if entrant.place == Place::Paused
                && let Some(conn) = entrant.conn
            {
                entrant.pausing = false;
                let why = if over {
                    ArenaPauseCause::Over
                } else {
                    ArenaPauseCause::Paused
                };
                effects.push(Effect::Tell(conn, News::Paused(why)));
            }
        }
    }

    fn requeue(&mut self, key: PlayerKey, now_ms: u64) {
        if let Some(entrant) = self.entrant_of(&key)
            && entrant.place == Place::Seating
        {
            entrant.place = match entrant.conn {
                Some(_) => Place::Waiting { since_ms: now_ms },
                None => Place::Away,
            };
        }
    }

    fn room_made(&mut self, keys: Seated<PlayerKey>, code: RoomCode, effects: &mut Vec<Effect>) {
        self.playing.insert(code, keys);
        self.rooms.insert(code);
        for seat in Seat::ALL {
            let opponent = self
                .entrant(&keys[seat.opponent()])
                .map(|o| (o.name.clone(), o.bot))
                .unwrap_or_default();
            let you = self.standing(&keys[seat]);
            let Some(entrant) = self.entrant_of(&keys[seat]) else {
                continue;
            };
            entrant.place = Place::Playing { code };
            if let (Some(conn), Some(you)) = (entrant.conn, you) {
                effects.push(Effect::Tell(
                    conn,
                    News::Paired {
                        code,
                        opponent: opponent.0,
                        opponent_bot: opponent.1,
                        you: Box::new(you),
                    },
                ));
            }
        }
        effects.push(Effect::Changed);
    }

    fn games_in_play(&mut self, games: Vec<(RoomCode, Seated<PlayerKey>)>) {
        for (code, keys) in games {
            // Counted already: its result came before the takeover.
            if self.rooms.contains(&code) {
                continue;
            }
            self.playing.insert(code, keys);
            self.rooms.insert(code);
            for key in [keys.yellow, keys.blue] {
                if let Some(entrant) = self.entrant_of(&key) {
                    entrant.place = Place::Playing { code };
                }
            }
        }
    }

    /// A player came back to room `code` of this arena's, whose game (the
    /// room says) is not over: unless its result is counted, or the arena
    /// holds it already, its players are in it until its result comes
    /// (paired elsewhere, they would leave it, and lose it). The arena may
    /// not have held it: made before a restart, called off while its room
    /// could not be reached, or lost by a takeover.
    fn game_found(&mut self, code: RoomCode, keys: Seated<PlayerKey>, effects: &mut Vec<Effect>) {
        if self.counted.contains(&code) || self.playing.contains_key(&code) {
            return;
        }
        self.playing.insert(code, keys);
        self.rooms.insert(code);
        for key in [keys.yellow, keys.blue] {
            self.hold_in_game(key, code);
        }
        effects.push(Effect::GameFound { code, keys });
        effects.push(Effect::Changed);
    }

    /// The player of `key` is in the game of room `code` until it ends,
    /// unless the arena seated them elsewhere since.
    fn hold_in_game(&mut self, key: PlayerKey, code: RoomCode) {
        let Some(entrant) = self.entrant_of(&key) else {
            return;
        };
        match entrant.place {
            Place::Away | Place::Waiting { .. } => entrant.place = Place::Playing { code },
            // Still paused once it is over.
            Place::Paused => {
                entrant.place = Place::Playing { code };
                entrant.pausing = true;
            }
            Place::Seating | Place::Playing { .. } => {}
        }
    }

    fn called_off(
        &mut self,
        code: RoomCode,
        held_back: Option<PlayerKey>,
        now_ms: u64,
        effects: &mut Vec<Effect>,
    ) {
        let Some(keys) = self.playing.remove(&code) else {
            return;
        };
        let over = self.over(now_ms);
        for seat in Seat::ALL {
            let Some(entrant) = self.entrant_of(&keys[seat]) else {
                continue;
            };
            if entrant.place != (Place::Playing { code }) {
                continue;
            }
            let requeued = held_back != Some(keys[seat]);
            entrant.place = match (entrant.conn, requeued && !entrant.pausing && !over) {
                (None, _) => Place::Away,
                (Some(_), true) => Place::Waiting { since_ms: now_ms },
                (Some(_), false) => Place::Paused,
            };
            if let (Place::Paused, Some(conn)) = (entrant.place, entrant.conn) {
                let why = if requeued {
                    ArenaPauseCause::CalledOff
                } else {
                    ArenaPauseCause::DealNotSealed
                };
                effects.push(Effect::Tell(conn, News::Paused(why)));
            }
        }
        effects.push(Effect::Changed);
    }

    /// Whether no game may start any more.
    fn over(&self, now_ms: u64) -> bool {
        now_ms >= self.stored.ends_at_ms || self.stored.finished
    }

    fn tick(&mut self, now_ms: u64, effects: &mut Vec<Effect>) {
        if self.stored.finished {
            return;
        }
        if self.over(now_ms) {
            if !self.end_told {
                self.end_told = true;
                for entrant in &mut self.entrants {
                    if let (Place::Waiting { .. }, Some(conn)) = (entrant.place, entrant.conn) {
                        entrant.place = Place::Paused;
                        effects.push(Effect::Tell(conn, News::Paused(ArenaPauseCause::Over)));
                    }
                }
                effects.push(Effect::Changed);
            }
            if self.playing.is_empty() {
                self.stored.finished = true;
                effects.push(Effect::Finish);
                effects.push(Effect::Changed);
            }
            return;
        }
        if now_ms < self.stored.starts_at_ms {
            return;
        }
        let ranked = self.ranked();
        // A club's arena pairs whoever its organiser let in with the code,
        // from one address too: a club night behind one venue's address.
        let one_address_one_side = self.stored.spec.join_code.is_none();
        let waiting: Vec<Waiting> = ranked
            .iter()
            .filter_map(|key| {
                let entrant = self.entrant(key)?;
                match entrant.place {
                    Place::Waiting { since_ms } => Some(Waiting {
                        key: *key,
                        since_ms,
                        last_opponent: entrant.last_opponent,
                        address: entrant.address.filter(|_| one_address_one_side),
                    }),
                    _ => None,
                }
            })
            .collect();
        for (first, second) in pairs(&waiting, now_ms) {
            // The room seats them as they come: these seats are only names.
            let keys = Seated {
                yellow: first,
                blue: second,
            };
            for key in [first, second] {
                if let Some(entrant) = self.entrant_of(&key) {
                    entrant.place = Place::Seating;
                }
            }
            effects.push(Effect::MakeRoom(keys));
        }
    }

    /// Every entrant's key in standing order.
    fn ranked(&self) -> Vec<PlayerKey> {
        self.scores.rank(self.entrants.iter().map(|e| &e.key))
    }

    fn line(&self, rank: usize, key: &PlayerKey) -> Option<ArenaStanding> {
        let entrant = self.entrant(key)?;
        let tally = self.scores.of(key);
        Some(ArenaStanding {
            rank: u32::try_from(rank + 1).unwrap_or(u32::MAX),
            key: *key,
            name: entrant.name.clone(),
            score: tally.score,
            games: tally.games,
            wins: tally.wins,
            // Over, neither says anything: nobody is paired again.
            on_fire: !self.stored.finished && tally.on_fire(),
            paused: !self.stored.finished
                && (matches!(entrant.place, Place::Away | Place::Paused) || entrant.pausing),
            bot: entrant.bot,
        })
    }

    /// A player's line in the standings.
    fn standing(&self, key: &PlayerKey) -> Option<ArenaStanding> {
        let rank = self.ranked().iter().position(|k| k == key)?;
        self.line(rank, key)
    }

    /// The whole standings.
    pub(crate) fn standings(&self) -> Vec<ArenaStanding> {
        self.ranked()
            .iter()
            .enumerate()
            .filter_map(|(rank, key)| self.line(rank, key))
            .collect()
    }

    fn status(&self, now_ms: u64) -> ArenaStatus {
        if self.stored.finished {
            ArenaStatus::Finished
        } else if now_ms < self.stored.starts_at_ms {
            ArenaStatus::Upcoming
        } else {
            ArenaStatus::Live
        }
    }

    pub(crate) fn summary(&self, now_ms: u64) -> ArenaSummary {
        summary(
            &self.stored,
            self.status(now_ms),
            u32::try_from(self.entrants.len()).unwrap_or(u32::MAX),
            u32::try_from(self.games.len()).unwrap_or(u32::MAX),
        )
    }

    /// Games being played, the best-placed first.
    fn in_play(&self, ranks: &HashMap<PlayerKey, usize>) -> Vec<ArenaGameInPlay> {
        let mut games: Vec<ArenaGameInPlay> = self
            .playing
            .iter()
            .map(|(code, keys)| {
                let rank = |key: &PlayerKey| ranks.get(key).copied().unwrap_or(usize::MAX);
                let name = |key: &PlayerKey| {
                    self.entrant(key)
                        .map(|e| e.name.clone())
                        .unwrap_or_default()
                };
                let best = rank(&keys.yellow).min(rank(&keys.blue));
                ArenaGameInPlay {
                    code: *code,
                    players: Seated {
                        yellow: name(&keys.yellow),
                        blue: name(&keys.blue),
                    },
                    best_rank: u32::try_from(best.saturating_add(1)).unwrap_or(u32::MAX),
                }
            })
            .collect();
        games.sort_by_key(|game| (game.best_rank, game.code));
        games
    }

    fn ranks(&self) -> HashMap<PlayerKey, usize> {
        self.ranked()
            .into_iter()
            .enumerate()
            .map(|(rank, key)| (key, rank))
            .collect()
    }

    /// The arena as its players and watchers see it live.
    pub(crate) fn state(&self, now_ms: u64) -> ArenaState {
        let standings = self.standings();
        let playing = self.in_play(&self.ranks());
        ArenaState {
            summary: self.summary(now_ms),
            top: standings.into_iter().take(ARENA_TOP).collect(),
            featured: playing.first().cloned(),
            playing: u32::try_from(playing.len()).unwrap_or(u32::MAX),
        }
    }

    /// The arena whole, for `GET /api/arenas/{id}`.
    pub(crate) fn detail(&self, now_ms: u64) -> ArenaDetail {
        let playing = self.in_play(&self.ranks());
        ArenaDetail {
            summary: self.summary(now_ms),
            standings: self.standings(),
            featured: playing.first().map(|game| game.code),
            playing,
            game_ids: self.games.clone(),
        }
    }
}

/// What lists show of a stored arena.
pub(crate) fn summary(
    stored: &StoredArena,
    status: ArenaStatus,
    players: u32,
    games: u32,
) -> ArenaSummary {
    ArenaSummary {
        id: stored.id,
        name: stored.spec.name.clone(),
        status,
        starts_at_ms: stored.starts_at_ms,
        ends_at_ms: stored.ends_at_ms,
        pool: stored.spec.pool,
        deadline_ms: stored.spec.deadline_ms,
        rated: stored.spec.rated,
        private: stored.spec.join_code.is_some(),
        bots: stored.spec.bots.unwrap_or(!stored.spec.rated),
        creator: stored.creator.clone(),
        players,
        games,
    }
}

#[cfg(test)]
mod tests {
    use mice_cake_engine::PlayerSecret;
    use mice_cake_protocol::arena::ArenaSpec;
    use mice_cake_protocol::{Ending, ForfeitCause, GameResult, Pool};

    use super::*;

    const START: u64 = 1_000_000;
    const END: u64 = START + 3 * 60_000;

    fn key(n: u8) -> PlayerKey {
        PlayerSecret::from_bytes([n; 32]).public_key()
    }

    fn conn(n: u8) -> ConnId {
        ConnId::for_tests(u64::from(n))
    }

    fn arena(rated: bool) -> Arena {
        Arena::new(
            StoredArena {
                id: "ARENA234".parse().unwrap(),
                spec: ArenaSpec {
                    name: "Club night".into(),
                    starts_at_ms: Some(START),
                    minutes: 3,
                    pool: Pool::Standard,
                    deadline_ms: None,
                    rated,
                    join_code: None,
                    bots: None,
                },
                creator_key: key(99),
                creator: "Host".into(),
                created_ms: 0,
                starts_at_ms: START,
                ends_at_ms: END,
                finished: false,
            },
            Vec::new(),
            Vec::new(),
        )
    }

    fn join(arena: &mut Arena, n: u8, now_ms: u64) -> Vec<Effect> {
        arena
            .handle(
                Input::Join(Joining {
                    conn: conn(n),
                    key: key(n),
                    name: format!("P{n}"),
                    bot: false,
                    join_code: None,
                    in_room: None,
                    in_room_game: None,
                    address: None,
                }),
                now_ms,
            )
            .unwrap()
    }

    fn rooms(effects: &[Effect]) -> Vec<Seated<PlayerKey>> {
        effects
            .iter()
            .filter_map(|effect| match effect {
                Effect::MakeRoom(keys) => Some(*keys),
                _ => None,
            })
            .collect()
    }

    fn won(room: &str, keys: Seated<PlayerKey>, winner: Seat, seq: u64) -> ArenaResult {
        ArenaResult {
            seq,
            game: uuid::Uuid::from_u128(u128::from(seq)),
            room: room.parse().unwrap(),
            keys,
            names: Seated::default(),
            result: GameResult {
                winner: Some(winner),
                score: Seated::default(),
                ending: Ending::Forfeit {
                    seat: winner.opponent(),
                    cause: ForfeitCause::Left,
                },
            },
            finished_ms: 0,
        }
    }

    /// The room for `keys` made, as `code`.
    fn room_made(arena: &mut Arena, keys: Seated<PlayerKey>, code: RoomCode) -> Vec<Effect> {
        arena.handle(Input::RoomMade { keys, code }, START).unwrap()
    }

    fn tick(arena: &mut Arena, now_ms: u64) -> Vec<Effect> {
        arena.handle(Input::Tick, now_ms).unwrap()
    }

    #[test]
    fn nobody_is_paired_before_the_start_and_neighbours_meet_after() {
        let mut arena = arena(false);
        for n in 1..=4 {
            let joined = join(&mut arena, n, START - 10_000);
            assert!(matches!(
                &joined[..],
                [.., Effect::Tell(_, News::Joined(state, Some(_)))]
                    if state.summary.status == ArenaStatus::Upcoming
            ));
        }
        assert!(rooms(&tick(&mut arena, START - 1)).is_empty());
        let made = rooms(&tick(&mut arena, START));
        assert_eq!(made.len(), 2);
        assert!(
            rooms(&tick(&mut arena, START + 250)).is_empty(),
            "seated once"
        );
        let code: RoomCode = "K7M2Q".parse().unwrap();
        let told = room_made(&mut arena, made[0], code);
        let paired: Vec<ConnId> = told
            .iter()
            .filter_map(|effect| match effect {
                Effect::Tell(to, News::Paired { code: c, .. }) if *c == code => Some(*to),
                _ => None,
            })
            .collect();
        assert_eq!(paired.len(), 2);
        assert!(arena.plays_in(code));
        assert_eq!(arena.state(START).featured.unwrap().code, code);
    }

    #[test]
    fn a_game_s_end_scores_it_and_sends_both_back_to_the_queue_to_meet_others() {
        let mut arena = arena(false);
        for n in 1..=4 {
            join(&mut arena, n, START);
        }
        let made = rooms(&tick(&mut arena, START));
        let codes: [RoomCode; 2] = ["AAAAA".parse().unwrap(), "BBBBB".parse().unwrap()];
        for (keys, code) in made.iter().zip(codes) {
            room_made(&mut arena, *keys, code);
        }
        // The rooms seat players as they come: the second game's seats are
        // the other way round from the pairing's.
        let swapped = Seated {
            yellow: made[1].blue,
            blue: made[1].yellow,
        };
        let results = vec![
            won("AAAAA", made[0], Seat::Yellow, 1),
            won("BBBBB", swapped, Seat::Yellow, 2),
        ];
        let effects = arena
            .handle(Input::Results(results), START + 60_000)
            .unwrap();
        assert!(effects.contains(&Effect::Changed));
        assert!(!arena.plays_in(codes[0]) && !arena.plays_in(codes[1]));
        let standings = arena.standings();
        assert_eq!(standings[0].key, made[0].yellow);
        assert_eq!((standings[0].score, standings[1].score), (2, 2));
        // The two winners meet, and the two losers: nobody meets the same
        // opponent again.
        let next = rooms(&tick(&mut arena, START + 60_100));
        assert_eq!(next.len(), 2);
        for keys in &next {
            assert!(!made.iter().any(|old| {
                (old.yellow == keys.yellow && old.blue == keys.blue)
                    || (old.yellow == keys.blue && old.blue == keys.yellow)
            }));
        }
        // Counted once, however often read.
        let again = vec![won("AAAAA", made[0], Seat::Yellow, 1)];
        assert!(
            arena
                .handle(Input::Results(again), START + 61_000)
                .unwrap()
                .is_empty()
        );
        assert_eq!(arena.standings()[0].score, 2);
    }

    #[test]
    fn a_paused_or_gone_player_is_not_paired_and_comes_back_by_joining() {
        let mut arena = arena(false);
        for n in 1..=2 {
            join(&mut arena, n, START);
        }
        arena.handle(Input::Pause { conn: conn(1) }, START).unwrap();
        assert!(rooms(&tick(&mut arena, START)).is_empty());
        assert!(arena.standings().iter().any(|line| line.paused));
        join(&mut arena, 1, START + 1);
        arena
            .handle(Input::Gone { conn: conn(2) }, START + 1)
            .unwrap();
        assert!(rooms(&tick(&mut arena, START + 2)).is_empty());
        join(&mut arena, 2, START + 3);
        assert_eq!(rooms(&tick(&mut arena, START + 4)).len(), 1);
    }

    #[test]
    fn no_game_starts_after_the_end_and_the_arena_finishes_with_its_last_game() {
        let mut arena = arena(false);
        for n in 1..=4 {
            join(&mut arena, n, START);
        }
        let made = rooms(&tick(&mut arena, START));
        let code: RoomCode = "AAAAA".parse().unwrap();
        room_made(&mut arena, made[0], code);
        arena
            .handle(Input::RoomNotMade { keys: made[1] }, START)
            .unwrap();
        // Those waiting at the end are told, and nothing is paired.
        let at_end = tick(&mut arena, END);
        assert!(rooms(&at_end).is_empty());
        assert_eq!(
            at_end
                .iter()
                .filter(|e| matches!(e, Effect::Tell(_, News::Paused(ArenaPauseCause::Over))))
                .count(),
            2
        );
        assert!(!arena.finished(), "a game is still being played");
        let ended = arena
            .handle(
                Input::Results(vec![won("AAAAA", made[0], Seat::Yellow, 1)]),
                END + 5_000,
            )
            .unwrap();
        assert!(
            ended
                .iter()
                .any(|e| matches!(e, Effect::Tell(_, News::Paused(_))))
        );
        let last = tick(&mut arena, END + 5_100);
        assert!(last.contains(&Effect::Finish));
        assert!(arena.finished());
        assert_eq!(
            arena.state(END + 6_000).summary.status,
            ArenaStatus::Finished
        );
        let late = Input::Join(Joining {
            conn: conn(5),
            key: key(5),
            name: "Late".into(),
            bot: false,
            join_code: None,
            in_room: None,
            in_room_game: None,
            address: None,
        });
        assert_eq!(
            arena.handle(late, END + 7_000).unwrap_err(),
            JoinRefused::Over
        );
    }

    #[test]
    fn an_arena_taken_over_knows_its_games_in_play_and_their_players_come_back_to_them() {
        // The node that ran it paired 1 with 2 and 3 with 4, then died; the
        // game of 3 and 4 ended (stored) before this node took over.
        let mut first = arena(false);
        for n in 1..=4 {
            join(&mut first, n, START);
        }
        let made = rooms(&tick(&mut first, START));
        let (playing, ended): (RoomCode, RoomCode) =
            ("K7M2Q".parse().unwrap(), "P3R4S".parse().unwrap());
        room_made(&mut first, made[0], playing);
        room_made(&mut first, made[1], ended);
        let stored = first.stored.clone();
        let entrants: Vec<ArenaEntrant> = (1..=4)
            .map(|n| ArenaEntrant {
                key: key(n),
                name: format!("P{n}"),
                bot: false,
                joined_ms: START,
            })
            .collect();
        let result = won("P3R4S", made[1], Seat::Yellow, 1);
        let mut taken = Arena::new(stored, entrants, vec![result]);
        taken
            .handle(
                Input::GamesInPlay(vec![(playing, made[0]), (ended, made[1])]),
                START + 5_000,
            )
            .unwrap();
        assert!(taken.plays_in(playing));
        assert!(!taken.plays_in(ended), "its result is counted already");
        // Everyone comes back, the players of the game on from its room.
        for n in 1..=4 {
            let in_room = [made[0].yellow, made[0].blue]
                .contains(&key(n))
                .then_some(playing);
            taken
                .handle(
                    Input::Join(Joining {
                        conn: conn(n + 10),
                        key: key(n),
                        name: format!("P{n}"),
                        bot: false,
                        join_code: None,
                        in_room,
                        in_room_game: None,
                        address: None,
                    }),
                    START + 5_000,
                )
                .unwrap();
        }
        // Only the two back from the ended game wait; they just met, so
        // they meet again only once both waited for someone else.
        assert!(rooms(&tick(&mut taken, START + 5_250)).is_empty());
        let paired = rooms(&tick(&mut taken, START + 15_000));
        assert_eq!(paired.len(), 1);
        let paired = [paired[0].yellow, paired[0].blue];
        assert!(paired.contains(&made[1].yellow) && paired.contains(&made[1].blue));
        // The arena does not finish before the game in play ends.
        tick(&mut taken, END);
        assert!(!taken.finished());
    }

    /// A player's join from room `code`, which says it is `game`'s.
    fn join_from(
        arena: &mut Arena,
        n: u8,
        code: RoomCode,
        game: ArenaGame,
    ) -> Result<Vec<Effect>, JoinRefused> {
        arena.handle(
            Input::Join(Joining {
                conn: conn(n + 10),
                key: key(n),
                name: format!("P{n}"),
                bot: false,
                join_code: None,
                in_room: Some(code),
                in_room_game: Some(game),
                address: None,
            }),
            START + 5_000,
        )
    }

    #[test]
    fn a_player_back_from_a_room_of_the_arena_it_does_not_know_is_held_in_its_game() {
        // After a restart the arena knows neither the room nor its game.
        let mut arena = arena(false);
        let code: RoomCode = "K7M2Q".parse().unwrap();
        let keys = Seated {
            yellow: key(1),
            blue: key(2),
        };
        let game = ArenaGame {
            arena: arena.id(),
            players: Some(keys),
        };
        let other = ArenaGame {
            arena: "K7M2QX9P".parse().unwrap(),
            players: Some(keys),
        };
        assert_eq!(
            join_from(&mut arena, 1, code, other).unwrap_err(),
            JoinRefused::InAnotherRoom,
            "another arena's game is another game"
        );
        let effects = join_from(&mut arena, 1, code, game).unwrap();
        assert!(effects.contains(&Effect::GameFound { code, keys }));
        assert!(arena.plays_in(code));
        // Joining again, or the other player coming back, changes nothing.
        let again = join_from(&mut arena, 1, code, game).unwrap();
        assert!(!again.iter().any(|e| matches!(e, Effect::GameFound { .. })));
        join_from(&mut arena, 2, code, game).unwrap();
        join(&mut arena, 3, START);
        // Nobody is paired while the game is on...
        assert!(rooms(&tick(&mut arena, START + 5_250)).is_empty());
        // ...nor does the arena end before it.
        tick(&mut arena, END);
        assert!(!arena.finished());
        let mut arena_on = self::arena(false);
        join_from(&mut arena_on, 1, code, game).unwrap();
        join_from(&mut arena_on, 2, code, game).unwrap();
        join(&mut arena_on, 3, START);
        // Once it ends, its winner meets the one who waited.
        arena_on
            .handle(
                Input::Results(vec![won("K7M2Q", keys, Seat::Yellow, 1)]),
                START + 6_000,
            )
            .unwrap();
        let paired = rooms(&tick(&mut arena_on, START + 6_250));
        assert_eq!(paired.len(), 1);
        assert!([paired[0].yellow, paired[0].blue].contains(&key(1)));
        assert!([paired[0].yellow, paired[0].blue].contains(&key(3)));
        // A game whose result is counted is not held again: its players,
        // back from its room, wait to be paired.
        let over = join_from(&mut arena_on, 2, code, game).unwrap();
        assert!(!over.iter().any(|e| matches!(e, Effect::GameFound { .. })));
        assert!(!arena_on.plays_in(code));
    }

    #[test]
    fn a_called_off_pairing_requeues_who_sealed_and_pauses_who_did_not() {
        let mut arena = arena(false);
        for n in 1..=2 {
            join(&mut arena, n, START);
        }
        let made = rooms(&tick(&mut arena, START));
        let code: RoomCode = "AAAAA".parse().unwrap();
        room_made(&mut arena, made[0], code);
        // Named by key: the room's Yellow may be the arena's Blue.
        let held_back = Some(made[0].blue);
        let told = arena
            .handle(Input::CalledOff { code, held_back }, START + 10_000)
            .unwrap();
        let blue_conn = if made[0].blue == key(1) {
            conn(1)
        } else {
            conn(2)
        };
        assert!(told.iter().any(|e| matches!(
            e, Effect::Tell(to, News::Paused(ArenaPauseCause::DealNotSealed)) if *to == blue_conn
        )));
        let standings = arena.standings();
        let paused = |k: PlayerKey| standings.iter().find(|l| l.key == k).unwrap().paused;
        assert!(!paused(made[0].yellow) && paused(made[0].blue));
    }

    #[test]
    fn bots_join_casual_arenas_and_rated_ones_only_when_allowed() {
        let bot = |arena: &mut Arena| {
            arena.handle(
                Input::Join(Joining {
                    conn: conn(7),
                    key: key(7),
                    name: "Bot".into(),
                    bot: true,
                    join_code: None,
                    in_room: None,
                    in_room_game: None,
                    address: None,
                }),
                START,
            )
        };
        assert!(bot(&mut arena(false)).is_ok());
        assert_eq!(bot(&mut arena(true)).unwrap_err(), JoinRefused::NoBots);
    }
}

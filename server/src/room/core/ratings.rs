//! Ratings in a room: whether a seat may be taken in a rated room, whether
//! a game will be rated (told as it starts) and was (as it ends: aborted
//! games are not), and the players' ratings shown beside their names, read
//! from the store (the store, not the room, rates a game: see
//! `store::ratings`).

use mice_cake_engine::{PlayerKey, SealSignature, Seat, Seated};
use mice_cake_protocol::{
    Ending, ErrorCode, NotRated, PAIR_WINDOW_MS, Pool, RATED_GAMES_PER_PAIR, RatedGame, Rating,
    RoomEvent,
};

use super::{Now, Room};
use crate::room::{Refusal, Seating, rated_seating};
use crate::store::RatedStart;

/// What the store holds of a rated room's two seated keys, read before
/// their game starts: their rated games together in the last 24 hours, and
/// each one's declaration that it is a bot.
#[derive(Clone, Copy, Debug)]
pub(super) struct KeysRead {
    keys: Seated<PlayerKey>,
    pair_games: u32,
    bot_declarations: Seated<Option<SealSignature>>,
}

impl KeysRead {
    /// Whether this was read for these two keys, in either seat (a rematch
    /// swaps the seats after the read).
    fn of(&self, keys: Seated<PlayerKey>) -> bool {
        self.keys == keys || (self.keys.yellow == keys.blue && self.keys.blue == keys.yellow)
    }

    /// `key`'s declaration that it is a bot, as read.
    fn bot_declaration(&self, key: PlayerKey) -> Option<SealSignature> {
        Seat::ALL
            .into_iter()
            .find(|seat| self.keys[*seat] == key)
            .and_then(|seat| self.bot_declarations[seat])
    }
}

/// What a rated room's game waits for, to be read from the store: the two
/// seated keys' rated games together since `since_ms`, and their bot
/// declarations.
#[derive(Clone, Copy, Debug)]
pub(in crate::room) struct KeysToRead {
    pub(in crate::room) keys: Seated<PlayerKey>,
    pub(in crate::room) since_ms: u64,
}

/// The players' ratings to read from the store, in `pool`: each seat's
/// key, and whether its player left the rated game just stored (their seat
/// empty, they are told all the same).
#[derive(Clone, Debug)]
pub(in crate::room) struct RatingsToRead {
    pub(in crate::room) pool: Pool,
    pub(in crate::room) keys: Vec<(Seat, PlayerKey, bool)>,
}

impl Room {
    /// The pool the room's games are rated in, if they are rated.
    pub(super) fn rated_pool(&self) -> Option<Pool> {
        self.options
            .rated
            .then(|| Pool::of(&self.options.game))
            .flatten()
    }

    /// A seat of a rated room is taken with a key only, and its proof: a
    /// rating belongs to a key, and only its holder may play for it.
    pub(super) fn check_key_for_rating(&self, seating: &Seating) -> Result<(), Refusal> {
        if !self.options.rated {
            return Ok(());
        }
        rated_seating(seating).map_err(|why| {
            Refusal::new(
                ErrorCode::KeyRequired,
                format!(
                    "room {} is rated: {why}, or play in a casual room",
                    self.code
                ),
            )
        })
    }

    /// The keys of a rated room's two seats, if both are taken with one.
    fn rated_keys(&self) -> Option<Seated<PlayerKey>> {
        self.rated_pool()?;
        Some(Seated {
            yellow: self.seats.yellow.as_ref()?.key?,
            blue: self.seats.blue.as_ref()?.key?,
        })
    }

    /// Whether a game may start as far as ratings go: in a rated room, once
    /// what the store holds of the two keys seated has been read (the
    /// pair's limit and a bot against a person are told as the game
    /// starts). Asks for it otherwise.
    pub(super) fn seated_keys_known(&mut self) -> bool {
        let Some(keys) = self.rated_keys().filter(|keys| keys.yellow != keys.blue) else {
            return true;
        };
        if self.keys_read.as_deref().is_some_and(|read| read.of(keys)) {
            return true;
        }
        self.keys_read_due = true;
        false
    }

    /// What the store is to be asked of the two keys seated, if a game
    /// waits for it (asked once: the shell reads, then answers with
    /// [`Room::seated_keys_read`]).
    pub(in crate::room) fn keys_to_read(&mut self) -> Option<KeysToRead> {
        if !std::mem::take(&mut self.keys_read_due) {
            return None;
        }
        let keys = self.rated_keys()?;
        Some(KeysToRead {
            keys,
            since_ms: self.unix_ms.saturating_sub(PAIR_WINDOW_MS),
        })
    }

    /// What the store holds of `keys` (read for [`Room::keys_to_read`]),
    /// at `now`: a game that waited for it starts. The seats may have
    /// changed hands while the store answered.
    pub(in crate::room) fn seated_keys_read(
        &mut self,
        keys: Seated<PlayerKey>,
        pair_games: u32,
        bot_declarations: Seated<Option<SealSignature>>,
        now: Now,
    ) {
        self.set_now(now);
        if self.rated_keys() == Some(keys) {
            self.keys_read = Some(Box::new(KeysRead {
                keys,
                pair_games,
                bot_declarations,
            }));
        }
        self.start_game_if_ready();
        self.rematch_if_agreed();
    }

    /// What a rated room's game starting now starts with: the time, and
    /// each seat's bot declaration as read from the store just before.
    /// These, and no later declaration, decide whether a bot plays a
    /// person.
    pub(super) fn rated_start_now(&self) -> Option<RatedStart> {
        let keys = self.rated_keys()?;
        let read = self.keys_read.as_deref().filter(|read| read.of(keys));
        Some(RatedStart {
            at_ms: self.unix_ms,
            bot_declarations: Seated::from_fn(|seat| {
                read.and_then(|read| read.bot_declaration(keys[seat]))
            }),
        })
    }

    /// Why the game starting now in a rated room will not be rated, if it
    /// will not: one key in both seats, a bot against a person (by the
    /// declarations it starts with), both seats from one address (unless
    /// the server rates those), or the pair's limit reached.
    pub(super) fn not_rated_at_start(&self) -> Option<NotRated> {
        let keys = self.rated_keys()?;
        let players = Seated::from_fn(|seat| self.seats[seat].as_ref());
        let (Some(yellow), Some(blue)) = (players.yellow, players.blue) else {
            return None;
        };
        if keys.yellow == keys.blue {
            return Some(NotRated::SameKey);
        }
        let bots = self
            .rated_start
            .as_deref()
            .map(|start| start.bot_declarations)
            .unwrap_or_default();
        if bots.yellow.is_some() != bots.blue.is_some() {
            return Some(NotRated::BotAgainstPerson);
        }
        if !self.config.rate_one_address
            && yellow.address.is_some()
            && yellow.address == blue.address
        {
            return Some(NotRated::SameAddress);
        }
        match self.keys_read.as_deref() {
            Some(read) if read.of(keys) && read.pair_games >= RATED_GAMES_PER_PAIR => {
                Some(NotRated::PairLimit)
            }
            _ => None,
        }
    }

    /// What a rated room's game ending now left for the store: its pool and
    /// keys, to be rated — or why it is not. A game is rated once both
    /// players have had a move (the first round revealed, a move made for
    /// a player at the deadline counting as theirs): from then on a forfeit
    /// is a loss. Before, it is aborted for both; a game both abandoned at
    /// once is not rated either.
    pub(super) fn rated_game(&self, ending: &Ending) -> Option<RatedGame> {
        let pool = self.rated_pool()?;
        let keys = self.rated_keys()?;
        let not_rated = self.not_rated.or(match ending {
            Ending::Aborted { .. } => Some(NotRated::Aborted),
            Ending::Abandoned { .. } => Some(NotRated::Abandoned),
            Ending::Played { .. } | Ending::Forfeit { .. } => None,
        });
        Some(RatedGame {
            pool,
            keys,
            ratings: None,
            not_rated,
            started_at_ms: self.rated_start.as_deref().map(|start| start.at_ms),
            bot_declarations: self
                .rated_start
                .as_deref()
                .map(|start| start.bot_declarations),
        })
    }

    /// The ratings to read from the store, if asked to (a player with a key
    /// sat down, or a rated game was stored): the shell reads them, then
    /// answers with [`Room::ratings_read`].
    pub(in crate::room) fn ratings_to_read(&mut self) -> Option<RatingsToRead> {
        if !std::mem::take(&mut self.ratings_due) {
            return None;
        }
        let rated_keys = self.rated_keys.take();
        let pool = Pool::of(&self.options.game)?;
        let keys = Seat::ALL
            .into_iter()
            .filter_map(
                |seat| match self.seats[seat].as_ref().and_then(|player| player.key) {
                    Some(key) => Some((seat, key, false)),
                    // An empty seat: its player left the game just rated.
                    None => rated_keys.as_ref().map(|keys| (seat, keys[seat], true)),
                },
            )
            .collect();
        Some(RatingsToRead { pool, keys })
    }

    /// The ratings read (those the store could give): each that changed is
    /// told — a player who left the rated game just stored included, on the
    /// seat they played it from, so that both changes are told.
    pub(in crate::room) fn ratings_read(
        &mut self,
        read: Vec<(Seat, PlayerKey, bool, Option<Rating>)>,
    ) {
        for (seat, key, left, rating) in read {
            let rating = rating.unwrap_or_default();
            if left {
                self.emit(RoomEvent::Rated { seat, rating });
                continue;
            }
            // The seat may have changed hands while the store answered.
            let Some(player) = self.seats[seat].as_mut().filter(|p| p.key == Some(key)) else {
                continue;
            };
            if player.rating != Some(rating) {
                player.rating = Some(rating);
                self.emit(RoomEvent::Rated { seat, rating });
            }
        }
    }
}

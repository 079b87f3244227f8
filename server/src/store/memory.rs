//! The store of `--ephemeral`: finished games in memory, the latest so many,
//! and as many matches; challenges, each key's choice of challengers and
//! who played whom, for as long as the process runs.
//!
//! Nothing it holds outlives the process, so it keeps no live rooms (no
//! restart would read them back) and rooms write it only the games they
//! finish. Its calls return at once, so [`super::Storage`] makes them where
//! they are asked rather than on a writer thread.

use std::collections::{HashMap, HashSet, VecDeque};
use std::sync::{Mutex, MutexGuard, PoisonError};

use mice_cake_engine::{MatchId, PlayerKey, SealSignature, Seat, Seated};
use mice_cake_protocol::api::RefundDone;
use mice_cake_protocol::bots::SignedBotCard;
use mice_cake_protocol::rating::{PLAYER_HISTORY_POINTS, PLAYER_RECENT_GAMES, PLAYER_REFUNDS};
use mice_cake_protocol::{
    ArenaId, CONDUCT_GAMES, ChallengeEnd, ChallengeId, Conduct, FinishedGame, GameId, GamePage,
    GameSummary, Leaderboard, LeaderboardEntry, MAX_PLAYERS_NAMED, MatchSummary, NamedPlayer,
    PROVISIONAL_DEVIATION, PlayerAccuracy, PlayerProfile, Pool, Rating, RatingPoint, RatingRefund,
};

use super::accuracy::{GameAccuracy, PoolAccuracy, Spread};
use super::arenas::{self, ArenaEntrant, ArenaResult, Created, ListedArena, StoredArena};
use super::arenas_in_memory::MemoryArenas;
use super::bots::{self, BotRow};
use super::challenges::{ChallengesFromChoice, StoredChallenge};
use super::challenges_in_memory::MemoryChallenges;

use super::players::{self, Played, PlayerRead, PlayerRows};
use super::rated_games::{
    LEADERBOARD_CANDIDATES, Played as PlayedHere, PoolListings, RatedGameRow,
};
use super::ratings::{self, NewStanding, RatingRows, Standing};
use super::refunds::{self, RefundRows};
use super::{GamesQuery, RoomWrite, RunStart, Store, StoreError, StoredRoom};

/// Finished games in memory.
#[derive(Debug)]
pub(crate) struct MemoryStore {
    games: Mutex<Games>,
    /// Taken after `games` when both are.
    arenas: Mutex<MemoryArenas>,
    /// Never taken with another.
    challenges: Mutex<MemoryChallenges>,
    /// Finished games kept, and matches; 0 keeps them all.
    max_games: usize,
}

#[derive(Debug, Default)]
struct Games {
    /// Oldest first, by cursor.
    kept: VecDeque<KeptGame>,
    /// Each kept game's cursor.
    cursors: HashMap<GameId, u64>,
    /// The next game's cursor: cursors start at 1, as in SQLite.
    next_cursor: u64,
    ratings: Ratings,
    /// Analyses of kept games: (version, JSON).
    analyses: HashMap<GameId, (u32, String)>,
    /// Each analysed rated game's players' figures, kept when the game is
    /// dropped.
    accuracies: HashMap<GameId, Vec<GameAccuracy>>,
    matches: Matches,
}

/// Matches as last written, by id; bounded as the games are.
#[derive(Debug, Default)]
struct Matches {
    by_id: HashMap<MatchId, MatchSummary>,
    /// Their ids, oldest first (in the order first written).
    order: VecDeque<MatchId>,
}

impl Matches {
    /// Keeps `summary` in place of what its match had (last write wins),
    /// and at most `most` matches (all if 0): the oldest go.
    fn keep(&mut self, summary: &MatchSummary, most: usize) {
        if self.by_id.insert(summary.id, summary.clone()).is_none() {
            self.order.push_back(summary.id);
        }
        while most > 0 && self.order.len() > most {
            if let Some(oldest) = self.order.pop_front() {
                self.by_id.remove(&oldest);
            }
        }
    }
}

/// Ratings in memory, as SQLite keeps them, each list bounded as a
/// player's page shows it.
#[derive(Debug, Default)]
struct Ratings {
    standings: HashMap<(PlayerKey, Pool), Standing>,
    /// The newest points of each player's history in each pool.
    history: HashMap<(PlayerKey, Pool), VecDeque<RatingPoint>>,
    /// Each player's latest games, newest last.
    recent: HashMap<PlayerKey, VecDeque<GameId>>,
    names: HashMap<PlayerKey, String>,
    /// When each renamed player last did.
    renamed: HashMap<PlayerKey, u64>,
    /// Each key that declared itself a bot, with its declaration and when
    /// it made it.
    bots: HashMap<PlayerKey, (SealSignature, u64)>,
    /// Each bot's latest card.
    cards: HashMap<PlayerKey, SignedBotCard>,
    /// How many games each key played (signed a move of), rated or not.
    games_played: HashMap<PlayerKey, u32>,
    /// Each player's latest games in rated rooms, newest last: whether
    /// they aborted each.
    conduct: HashMap<PlayerKey, VecDeque<bool>>,
    /// Every rated game in the order rated (`rated_games.rs`), with when a
    /// refund took it out.
    rated: Vec<(RatedGameRow, Option<u64>)>,
    /// Refunds that changed each player's ratings, newest last.
    refunds: HashMap<PlayerKey, VecDeque<RatingRefund>>,
    /// Each two keys that played each other, both ways round.
    opponents: HashSet<(PlayerKey, PlayerKey)>,
}

impl Ratings {
    /// The rated games that count, in order.
    fn counted(&self) -> impl Iterator<Item = &RatedGameRow> {
        self.rated
            .iter()
            .filter(|(_, refunded)| refunded.is_none())
            .map(|(row, _)| row)
    }

    /// `pool`'s games, as the leaderboard's rule counts them.
    fn listings(&self, pool: Pool) -> PoolListings {
        let rows: Vec<RatedGameRow> = self.counted().copied().collect();
        PoolListings::new(&rows, pool)
    }
}

/// [`RatingRows`] over the store's maps, under its lock: a game is rated
/// if it was never kept.
struct MemoryRatings<'a> {
    ratings: &'a mut Ratings,
    kept: &'a HashMap<GameId, u64>,
}

impl RatingRows for MemoryRatings<'_> {
    fn already_rated(&mut self, game: GameId) -> Result<bool, StoreError> {
        Ok(self.kept.contains_key(&game))
    }

    fn standing(&mut self, key: PlayerKey, pool: Pool) -> Result<Option<Standing>, StoreError> {
        Ok(self.ratings.standings.get(&(key, pool)).copied())
    }

    fn save(&mut self, new: &NewStanding<'_>) -> Result<(), StoreError> {
        let ratings = &mut *self.ratings;
        ratings.standings.insert((new.key, new.pool), new.standing);
        let history = ratings.history.entry((new.key, new.pool)).or_default();
        history.push_back(RatingPoint {
            at_ms: new.at_ms,
            rating: new.standing.rating.rating,
            deviation: new.standing.rating.deviation,
        });
        if history.len() > PLAYER_HISTORY_POINTS as usize {
            history.pop_front();
        }
        ratings.names.insert(new.key, new.name.to_owned());
        Ok(())
    }

    fn bot_declared_before(
        &mut self,
        key: PlayerKey,
        before_ms: Option<u64>,
    ) -> Result<Option<SealSignature>, StoreError> {
        Ok(self
            .ratings
            .bots
            .get(&key)
            .filter(|(_, at_ms)| before_ms.is_none_or(|before| *at_ms < before))
            .map(|(declaration, _)| *declaration))
    }

    fn pair_games(&mut self, keys: Seated<PlayerKey>, since_ms: u64) -> Result<u32, StoreError> {
        Ok(pair_games(self.ratings, keys, since_ms))
    }

    fn keep_rated_game(&mut self, row: &RatedGameRow) -> Result<(), StoreError> {
        self.ratings.rated.push((*row, None));
        Ok(())
    }
}

/// [`RefundRows`] over the store's maps, under its lock. The histories of
/// the pools refunded are emptied first (`MemoryStore::refund`): each
/// game rated again writes its points anew, in order.
struct MemoryRefunds<'a> {
    ratings: &'a mut Ratings,
}

impl RefundRows for MemoryRefunds<'_> {
    fn counted_games(&mut self) -> Result<Vec<RatedGameRow>, StoreError> {
        Ok(self.ratings.counted().copied().collect())
    }

    fn standings(&mut self, pool: Pool) -> Result<Vec<(PlayerKey, Standing)>, StoreError> {
        let mut standings: Vec<(PlayerKey, Standing)> = self
            .ratings
            .standings
            .iter()
            .filter(|((_, of), _)| *of == pool)
            .map(|((key, _), standing)| (*key, *standing))
            .collect();
        standings.sort_by_key(|(key, _)| key.to_bytes());
        Ok(standings)
    }

    fn take_out(&mut self, game: GameId, at_ms: u64) -> Result<(), StoreError> {
        for (row, refunded) in &mut self.ratings.rated {
            if row.game == game {
                *refunded = Some(at_ms);
            }
        }
        Ok(())
    }

    fn rate_again(&mut self, row: &RatedGameRow, after: Seated<Rating>) -> Result<(), StoreError> {
        for seat in Seat::ALL {
            let history = self
                .ratings
                .history
                .entry((row.keys[seat], row.pool))
                .or_default();
            history.push_back(RatingPoint {
                at_ms: row.at_ms,
                rating: after[seat].rating,
                deviation: after[seat].deviation,
            });
            if history.len() > PLAYER_HISTORY_POINTS as usize {
                history.pop_front();
            }
        }
        Ok(())
    }

    fn put_standing(
        &mut self,
        key: PlayerKey,
        pool: Pool,
        standing: Option<(&Standing, PlayedHere)>,
    ) -> Result<(), StoreError> {
        match standing {
            Some((standing, _)) => {
                self.ratings.standings.insert((key, pool), *standing);
            }
            None => {
                self.ratings.standings.remove(&(key, pool));
            }
        }
        Ok(())
    }

    fn keep_refund(&mut self, refund: &RatingRefund) -> Result<(), StoreError> {
        let kept = self.ratings.refunds.entry(refund.key).or_default();
        kept.push_back(*refund);
        if kept.len() > PLAYER_REFUNDS as usize {
            kept.pop_front();
        }
        Ok(())
    }
}

impl PlayerRows for MemoryRatings<'_> {
    fn note_played(&mut self, played: &Played<'_>) -> Result<(), StoreError> {
        let ratings = &mut *self.ratings;
        *ratings.games_played.entry(played.key).or_default() += 1;
        let recent = ratings.recent.entry(played.key).or_default();
        recent.push_back(played.game);
        if recent.len() > PLAYER_RECENT_GAMES as usize {
            recent.pop_front();
        }
        if played.rated_room {
            let conduct = ratings.conduct.entry(played.key).or_default();
            conduct.push_back(played.aborted);
            if conduct.len() > CONDUCT_GAMES as usize {
                conduct.pop_front();
            }
        }
        ratings
            .names
            .entry(played.key)
            .or_insert_with(|| played.name.to_owned());
        Ok(())
    }

    fn note_opponents(&mut self, keys: Seated<PlayerKey>) -> Result<(), StoreError> {
        let opponents = &mut self.ratings.opponents;
        opponents.insert((keys.yellow, keys.blue));
        opponents.insert((keys.blue, keys.yellow));
        Ok(())
    }
}

/// Rated games that count between `keys` (either way round) that ended at
/// `since_ms` or later.
fn pair_games(ratings: &Ratings, keys: Seated<PlayerKey>, since_ms: u64) -> u32 {
    let pair = |of: &Seated<PlayerKey>| {
        (of.yellow == keys.yellow && of.blue == keys.blue)
            || (of.yellow == keys.blue && of.blue == keys.yellow)
    };
    let counted = ratings
        .counted()
        .filter(|row| row.at_ms >= since_ms && pair(&row.keys))
        .count();
    u32::try_from(counted).unwrap_or(u32::MAX)
}

#[derive(Debug)]
struct KeptGame {
    cursor: u64,
    summary: GameSummary,
    game: FinishedGame,
}

impl MemoryStore {
    /// An empty store keeping the latest `max_games` finished games (all of
    /// them if 0), and as many matches.
    pub(crate) fn new(max_games: usize) -> MemoryStore {
        MemoryStore {
            games: Mutex::new(Games {
                next_cursor: 1,
                ..Games::default()
            }),
            arenas: Mutex::new(MemoryArenas::default()),
            challenges: Mutex::new(MemoryChallenges::default()),
            max_games,
        }
    }

    fn kept(&self) -> MutexGuard<'_, Games> {
        // Every change below is made whole before anything can panic.
        self.games.lock().unwrap_or_else(PoisonError::into_inner)
    }

    fn arenas_kept(&self) -> MutexGuard<'_, MemoryArenas> {
        // As `kept`.
        self.arenas.lock().unwrap_or_else(PoisonError::into_inner)
    }

    fn challenges_kept(&self) -> MutexGuard<'_, MemoryChallenges> {
        // As `kept`.
        self.challenges
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
    }
}

impl Games {
    fn keep(&mut self, game: &FinishedGame, max_games: usize) {
        // Written again after a failure elsewhere: the game is kept once.
        if self.cursors.contains_key(&game.id) {
            return;
        }
        let cursor = self.next_cursor;
        self.next_cursor += 1;
        self.cursors.insert(game.id, cursor);
        self.kept.push_back(KeptGame {
            cursor,
            summary: GameSummary::of(game),
            game: game.clone(),
        });
        while max_games > 0 && self.kept.len() > max_games {
            if let Some(oldest) = self.kept.pop_front() {
                self.cursors.remove(&oldest.game.id);
            }
        }
    }

    fn find(&self, id: &GameId) -> Option<&KeptGame> {
        let cursor = *self.cursors.get(id)?;
        let index = self
            .kept
            .binary_search_by_key(&cursor, |kept| kept.cursor)
            .ok()?;
        self.kept.get(index)
    }
}

impl Store for MemoryStore {
    fn next_run(&self) -> Result<RunStart, StoreError> {
        Ok(RunStart {
            run: 1,
            uptime_ms: 0,
        })
    }

    fn begin_run(&self, _run: u64) -> Result<(), StoreError> {
        Ok(())
    }

    fn live_rooms(&self) -> Result<Vec<StoredRoom>, StoreError> {
        Ok(Vec::new())
    }

    fn keeps_rooms(&self) -> bool {
        false
    }

    fn write(&self, writes: &[RoomWrite], _uptime_ms: u64) -> Result<(), StoreError> {
        let mut games = self.kept();
        for write in writes {
            if let RoomWrite::Update(update) = write {
                for game in &update.finished {
                    let games = &mut *games;
                    // Written again after a failure elsewhere: kept once.
                    if games.cursors.contains_key(&game.id) {
                        continue;
                    }
                    let mut rows = MemoryRatings {
                        ratings: &mut games.ratings,
                        kept: &games.cursors,
                    };
                    let rated = ratings::rate(&mut rows, game)?;
                    let game = rated.as_ref().unwrap_or(game);
                    players::note_players(&mut rows, game)?;
                    arenas::note_arena_game(&mut *self.arenas_kept(), game)?;
                    games.keep(game, self.max_games);
                }
                // With the games, or alone (a match begun): no room is kept
                // here, but its matches are.
                for summary in &update.matches {
                    games.matches.keep(summary, self.max_games);
                }
            }
        }
        Ok(())
    }

    fn set_uptime(&self, _uptime_ms: u64) -> Result<(), StoreError> {
        Ok(())
    }

    fn game(&self, id: &GameId) -> Result<Option<FinishedGame>, StoreError> {
        Ok(self.kept().find(id).map(|kept| kept.game.clone()))
    }

    fn games(&self, query: &GamesQuery) -> Result<GamePage, StoreError> {
        let games = self.kept();
        let before = query.before.unwrap_or(u64::MAX);
        let limit = query.limit as usize;
        let mut matching = games
            .kept
            .iter()
            .rev()
            .filter(|kept| kept.cursor < before)
            .filter(|kept| {
                query.player.as_ref().is_none_or(|name| {
                    let players = &kept.summary.players;
                    players.yellow.eq_ignore_ascii_case(name)
                        || players.blue.eq_ignore_ascii_case(name)
                })
            });
        let page: Vec<&KeptGame> = matching.by_ref().take(limit).collect();
        let more = matching.next().is_some();
        Ok(GamePage {
            next: page.last().map(|kept| kept.cursor).filter(|_| more),
            games: page.into_iter().map(|kept| kept.summary.clone()).collect(),
        })
    }

    fn match_summary(&self, id: MatchId) -> Result<Option<MatchSummary>, StoreError> {
        Ok(self.kept().matches.by_id.get(&id).cloned())
    }

    fn add_challenge(&self, challenge: &StoredChallenge) -> Result<(), StoreError> {
        self.challenges_kept().add(challenge)
    }

    fn challenge(&self, id: ChallengeId) -> Result<Option<StoredChallenge>, StoreError> {
        Ok(self.challenges_kept().challenge(id))
    }

    fn waiting_challenges(
        &self,
        key: PlayerKey,
        now_ms: u64,
    ) -> Result<Vec<StoredChallenge>, StoreError> {
        Ok(self.challenges_kept().waiting(key, now_ms))
    }

    fn end_challenge(
        &self,
        id: ChallengeId,
        end: ChallengeEnd,
        now_ms: u64,
    ) -> Result<Option<StoredChallenge>, StoreError> {
        Ok(self.challenges_kept().end(id, end, now_ms))
    }

    fn expire_challenges(&self, now_ms: u64) -> Result<Vec<StoredChallenge>, StoreError> {
        Ok(self.challenges_kept().expire(now_ms))
    }

    fn challenges_from(&self, key: PlayerKey) -> Result<Option<ChallengesFromChoice>, StoreError> {
        Ok(self.challenges_kept().choice(key))
    }

    fn choose_challenges_from(
        &self,
        key: PlayerKey,
        choice: ChallengesFromChoice,
    ) -> Result<bool, StoreError> {
        Ok(self.challenges_kept().choose(key, choice))
    }

    fn have_played(&self, a: PlayerKey, b: PlayerKey) -> Result<bool, StoreError> {
        Ok(self.kept().ratings.opponents.contains(&(a, b)))
    }

    fn players_named(&self, name: &str) -> Result<Vec<NamedPlayer>, StoreError> {
        let games = self.kept();
        let ratings = &games.ratings;
        let mut named: Vec<NamedPlayer> = ratings
            .names
            .iter()
            .filter(|(_, known)| known.eq_ignore_ascii_case(name))
            .map(|(key, known)| NamedPlayer {
                key: *key,
                name: known.clone(),
                bot: ratings.bots.contains_key(key),
            })
            .collect();
        named.sort_by_key(|player| player.key.to_bytes());
        named.truncate(MAX_PLAYERS_NAMED as usize);
        Ok(named)
    }

    fn rating(&self, key: PlayerKey, pool: Pool) -> Result<Option<Rating>, StoreError> {
        let games = self.kept();
        let standing = games.ratings.standings.get(&(key, pool));
        Ok(standing.map(|standing| standing.rating))
    }

    fn player(&self, key: PlayerKey) -> Result<Option<PlayerProfile>, StoreError> {
        let games = self.kept();
        let ratings = &games.ratings;
        let Some(name) = ratings.names.get(&key) else {
            return Ok(None);
        };
        let aborted = ratings.conduct.get(&key).into_iter().flatten().rev();
        let conduct = players::conduct(aborted.copied());
        let standings: Vec<(Pool, Standing)> = Pool::ALL
            .into_iter()
            .filter_map(|pool| Some((pool, *ratings.standings.get(&(key, pool))?)))
            .collect();
        let history: Vec<(Pool, RatingPoint)> = standings
            .iter()
            .flat_map(|(pool, _)| {
                let points = ratings.history.get(&(key, *pool)).into_iter().flatten();
                points.map(|point| (*pool, *point))
            })
            .collect();
        let recent = ratings
            .recent
            .get(&key)
            .into_iter()
            .flatten()
            .rev()
            .filter_map(|id| Some(games.find(id)?.summary.clone()))
            .collect();
        let listings = standings
            .iter()
            .map(|(pool, _)| (*pool, ratings.listings(*pool).of(key)))
            .collect();
        let refunds = ratings
            .refunds
            .get(&key)
            .into_iter()
            .flatten()
            .rev()
            .copied()
            .collect();
        Ok(Some(players::profile(
            key,
            PlayerRead {
                name: name.clone(),
                bot_declaration: ratings.bots.get(&key).map(|(declaration, _)| *declaration),
                standings,
                history,
                conduct,
                recent,
                listings,
                refunds,
            },
        )))
    }

    fn declare_bot(
        &self,
        key: PlayerKey,
        declaration: SealSignature,
        name: &str,
        at_ms: u64,
    ) -> Result<(), StoreError> {
        let mut games = self.kept();
        let ratings = &mut games.ratings;
        ratings.bots.entry(key).or_insert((declaration, at_ms));
        ratings.names.entry(key).or_insert_with(|| name.to_owned());
        Ok(())
    }

    fn bot_declaration(&self, key: PlayerKey) -> Result<Option<SealSignature>, StoreError> {
        Ok(self
            .kept()
            .ratings
            .bots
            .get(&key)
            .map(|(declaration, _)| *declaration))
    }

    fn pair_games(&self, keys: Seated<PlayerKey>, since_ms: u64) -> Result<u32, StoreError> {
        Ok(pair_games(&self.kept().ratings, keys, since_ms))
    }

    fn conduct(&self, key: PlayerKey) -> Result<Conduct, StoreError> {
        let games = self.kept();
        let aborted = games.ratings.conduct.get(&key).into_iter().flatten().rev();
        Ok(players::conduct(aborted.copied()))
    }

    fn leaderboard(&self, pool: Pool, limit: u32, bots: bool) -> Result<Leaderboard, StoreError> {
        let games = self.kept();
        let ratings = &games.ratings;
        let mut best: Vec<(PlayerKey, Rating)> = ratings
            .standings
            .iter()
            .filter(|((key, of), standing)| {
                *of == pool
                    && standing.rating.deviation <= PROVISIONAL_DEVIATION
                    && ratings.bots.contains_key(key) == bots
            })
            .map(|((key, _), standing)| (*key, standing.rating))
            .collect();
        best.sort_by(|(one, a), (other, b)| {
            b.rating
                .total_cmp(&a.rating)
                .then_with(|| one.to_string().cmp(&other.to_string()))
        });
        let listings = ratings.listings(pool);
        let players = best
            .into_iter()
            .take(LEADERBOARD_CANDIDATES as usize)
            .filter(|(key, _)| listings.of(*key).rests_on_established())
            .take(limit as usize)
            .zip(1..)
            .map(|((key, rating), rank)| LeaderboardEntry {
                rank,
                key,
                name: ratings.names.get(&key).cloned().unwrap_or_default(),
                rating,
            })
            .collect();
        Ok(Leaderboard {
            pool,
            bots,
            players,
        })
    }

    fn rated_games(&self) -> Result<Vec<RatedGameRow>, StoreError> {
        Ok(self.kept().ratings.counted().copied().collect())
    }

    fn refund(&self, keys: &[PlayerKey], at_ms: u64) -> Result<RefundDone, StoreError> {
        let mut games = self.kept();
        let ratings = &mut games.ratings;
        let refunded: Vec<Pool> = ratings
            .counted()
            .filter(|row| keys.contains(&row.keys.yellow) || keys.contains(&row.keys.blue))
            .map(|row| row.pool)
            .collect();
        ratings
            .history
            .retain(|(_, pool), _| !refunded.contains(pool));
        refunds::refund(&mut MemoryRefunds { ratings }, keys, at_ms)
    }

    fn rename(&self, key: PlayerKey, name: &str, at_ms: u64) -> Result<bool, StoreError> {
        let mut games = self.kept();
        let ratings = &mut games.ratings;
        if ratings.renamed.get(&key).is_some_and(|last| *last >= at_ms) {
            return Ok(false);
        }
        ratings.renamed.insert(key, at_ms);
        ratings.names.insert(key, name.to_owned());
        Ok(true)
    }

    fn describe_bot(&self, key: PlayerKey, card: &SignedBotCard) -> Result<bool, StoreError> {
        let mut games = self.kept();
        let cards = &mut games.ratings.cards;
        if cards.get(&key).is_some_and(|kept| kept.at_ms >= card.at_ms) {
            return Ok(false);
        }
        cards.insert(key, card.clone());
        Ok(true)
    }

    fn bot_rows(&self, limit: u32) -> Result<Vec<BotRow>, StoreError> {
        let games = self.kept();
        let ratings = &games.ratings;
        let mut rows: Vec<BotRow> = ratings
            .bots
            .keys()
            .map(|key| BotRow {
                key: *key,
                name: ratings.names.get(key).cloned().unwrap_or_default(),
                card: ratings.cards.get(key).cloned(),
                games: ratings.games_played.get(key).copied().unwrap_or(0),
            })
            .collect();
        bots::listed_order(&mut rows);
        rows.truncate(limit as usize);
        Ok(rows)
    }

    fn analysis(&self, game: &GameId, version: u32) -> Result<Option<String>, StoreError> {
        Ok(self
            .kept()
            .analyses
            .get(game)
            .filter(|(kept, _)| *kept == version)
            .map(|(_, analysis)| analysis.clone()))
    }

    fn save_analysis(&self, game: &GameId, version: u32, analysis: &str) -> Result<(), StoreError> {
        let mut games = self.kept();
        // Only a kept game's: a game dropped takes its analysis with it.
        if games.cursors.contains_key(game) {
            games.analyses.insert(*game, (version, analysis.to_owned()));
        }
        let Games {
            analyses, cursors, ..
        } = &mut *games;
        analyses.retain(|game, _| cursors.contains_key(game));
        Ok(())
    }

    fn rated_games_to_analyse(&self, limit: u32) -> Result<Vec<GameId>, StoreError> {
        let games = self.kept();
        Ok(games
            .kept
            .iter()
            .rev()
            .filter(|kept| {
                kept.game
                    .rated
                    .as_ref()
                    .is_some_and(mice_cake_protocol::RatedGame::counted)
            })
            .map(|kept| kept.game.id)
            .filter(|game| !games.accuracies.contains_key(game))
            .take(limit as usize)
            .collect())
    }

    fn save_accuracy(&self, game: &GameId, rows: &[GameAccuracy]) -> Result<(), StoreError> {
        let mut games = self.kept();
        let kept = games.accuracies.entry(*game).or_default();
        for row in rows {
            kept.retain(|old| old.key != row.key);
            kept.push(*row);
        }
        Ok(())
    }

    fn accuracy(&self, key: PlayerKey) -> Result<Option<PlayerAccuracy>, StoreError> {
        let games = self.kept();
        let mut sum = PlayerAccuracy::default();
        for row in games.accuracies.values().flatten() {
            if row.key == key && row.rounds > 0 {
                sum.games += 1;
                sum.rounds += row.rounds;
                sum.clean_rounds += row.clean;
            }
        }
        Ok((sum.games > 0).then_some(sum))
    }

    fn accuracies(&self) -> Result<Vec<PoolAccuracy>, StoreError> {
        let games = self.kept();
        let ratings = &games.ratings;
        let mut by_pool: HashMap<(PlayerKey, Pool), PoolAccuracy> = HashMap::new();
        for row in games.accuracies.values().flatten() {
            if row.rounds == 0 {
                continue;
            }
            let sum = by_pool
                .entry((row.key, row.pool))
                .or_insert_with(|| PoolAccuracy {
                    key: row.key,
                    name: ratings.names.get(&row.key).cloned().unwrap_or_default(),
                    bot: ratings.bots.contains_key(&row.key),
                    pool: row.pool,
                    rating: ratings
                        .standings
                        .get(&(row.key, row.pool))
                        .map(|standing| standing.rating.rating),
                    games: 0,
                    rounds: 0,
                    clean: 0,
                    first: 0,
                    spread: Spread::default(),
                });
            sum.games += 1;
            sum.rounds += row.rounds;
            sum.clean += row.clean;
            sum.first += row.first;
            sum.spread
                .add(Spread::of_game(row.rounds, row.clean, row.first));
        }
        Ok(by_pool.into_values().collect())
    }

    fn create_arena(&self, arena: &StoredArena, per_key: u32) -> Result<Created, StoreError> {
        Ok(self.arenas_kept().create(arena, per_key))
    }

    fn arena(&self, id: ArenaId) -> Result<Option<ListedArena>, StoreError> {
        Ok(self.arenas_kept().arena(id))
    }

    fn arenas(&self, finished: u32) -> Result<Vec<ListedArena>, StoreError> {
        Ok(self.arenas_kept().list(finished))
    }

    fn enter_arena(&self, id: ArenaId, entrant: &ArenaEntrant) -> Result<(), StoreError> {
        self.arenas_kept().enter(id, entrant)
    }

    fn arena_entrants(&self, id: ArenaId) -> Result<Vec<ArenaEntrant>, StoreError> {
        Ok(self.arenas_kept().entrants(id))
    }

    fn arena_results(&self, id: ArenaId, after: u64) -> Result<Vec<ArenaResult>, StoreError> {
        Ok(self.arenas_kept().results(id, after))
    }

    fn finish_arena(&self, id: ArenaId) -> Result<(), StoreError> {
        self.arenas_kept().finish(id);
        Ok(())
    }

    fn close(&self, _tidy: bool) {}
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::store::RoomUpdate;
    use crate::store::tests as behaviour;

    #[test]
    fn finished_games_are_listed_newest_first_by_player_page_by_page() {
        behaviour::finished_games_are_listed_newest_first_by_player_page_by_page(
            &MemoryStore::new(0),
        );
    }

    #[test]
    fn only_the_latest_finished_games_are_kept_when_bounded() {
        behaviour::only_the_latest_finished_games_are_kept_when_bounded(&MemoryStore::new(2));
    }

    #[test]
    fn a_finished_game_keeps_its_rooms_round_deadline() {
        behaviour::a_finished_game_keeps_its_rooms_round_deadline(&MemoryStore::new(0));
    }

    #[test]
    fn an_analysis_is_kept_by_game_and_version() {
        behaviour::an_analysis_is_kept_by_game_and_version(&MemoryStore::new(0));
        behaviour::accuracies_are_kept_per_game_and_summed_per_player(&MemoryStore::new(0));
    }

    #[test]
    fn a_rated_game_moves_its_players_ratings_once() {
        behaviour::a_rated_game_moves_its_players_ratings_once(&MemoryStore::new(0));
        behaviour::the_leaderboard_lists_settled_ratings_resting_on_established_players(
            &MemoryStore::new(0),
        );
        behaviour::a_refund_rates_the_pool_again_without_the_rings_games(&MemoryStore::new(0));
    }

    #[test]
    fn arenas_are_created_listed_entered_and_counted() {
        behaviour::arenas_are_created_listed_entered_and_counted(&MemoryStore::new(0));
    }

    #[test]
    fn players_pages_bots_and_conduct() {
        behaviour::players_pages_bots_and_conduct(&MemoryStore::new(0));
        behaviour::a_pair_counts_three_rated_games_a_day(&MemoryStore::new(0));
    }

    #[test]
    fn a_match_is_kept_as_it_last_stood() {
        behaviour::a_match_is_kept_as_it_last_stood(&MemoryStore::new(0));
    }

    #[test]
    fn only_as_many_matches_as_games_are_kept_when_bounded() {
        let store = MemoryStore::new(2);
        let matches: Vec<MatchSummary> = (1..=3).map(behaviour::a_match).collect();
        let write = |summary: &MatchSummary| {
            let mut update = RoomUpdate::finishing(summary.room, Vec::new());
            update.matches = vec![summary.clone()];
            store
                .write(&[RoomWrite::Update(Box::new(update))], 0)
                .unwrap();
        };
        write(&matches[0]);
        write(&matches[1]);
        // Written again: still the oldest.
        write(&matches[0]);
        write(&matches[2]);
        assert_eq!(store.match_summary(matches[0].id).unwrap(), None);
        for kept in &matches[1..] {
            assert_eq!(store.match_summary(kept.id).unwrap().as_ref(), Some(kept));
        }
    }

    #[test]
    fn challenges_choices_and_who_played_whom() {
        behaviour::challenges_wait_end_once_and_expire_once(&MemoryStore::new(0));
        behaviour::a_choice_of_challengers_is_kept_only_if_later(&MemoryStore::new(0));
        behaviour::who_played_whom_and_the_keys_a_name_is_known_by(&MemoryStore::new(0));
        behaviour::bots_cards_are_kept_if_later_and_listed_by_games(&MemoryStore::new(0));
    }

    /// Who played whom outlives the games kept.
    #[test]
    fn who_played_whom_is_kept_when_their_game_is_not() {
        use mice_cake_engine::PlayerSecret;
        let store = MemoryStore::new(1);
        let (ada, bea) = (
            PlayerSecret::from_bytes([51; 32]),
            PlayerSecret::from_bytes([52; 32]),
        );
        let game = behaviour::a_signed_game(
            960,
            Seated {
                yellow: &ada,
                blue: &bea,
            },
            mice_cake_protocol::Ending::Forfeit {
                seat: Seat::Blue,
                cause: mice_cake_protocol::ForfeitCause::Left,
            },
            false,
        );
        store.write(&[behaviour::finishing(&game)], 0).unwrap();
        let later = behaviour::a_finished_game(961, "Cy", "Dee");
        store.write(&[behaviour::finishing(&later)], 0).unwrap();
        assert_eq!(store.game(&game.id).unwrap(), None);
        assert!(
            store
                .have_played(ada.public_key(), bea.public_key())
                .unwrap()
        );
    }

    #[test]
    fn a_game_written_twice_is_kept_once() {
        let store = MemoryStore::new(0);
        let game = behaviour::a_finished_game(1, "Ada", "Bea");
        for _ in 0..2 {
            store.write(&[behaviour::finishing(&game)], 0).unwrap();
        }
        let page = store.games(&behaviour::every_game()).unwrap();
        assert_eq!(page.games.len(), 1);
    }
}

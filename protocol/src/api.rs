//! The HTTP API's bodies (`GET /api/rooms`, `GET /api/games/{id}`,
//! `GET /api/games`, `GET /api/players/{key}`, `GET /api/leaderboard`).

use mice_cake_engine::dice::MAX_DICE;
use mice_cake_engine::{AbortedDeal, Domino, GameRecord, Odds, PlayerKey, SealSignature, Seated};
use serde::{Deserialize, Serialize};

use crate::ids::{GameId, RoomCode};
use crate::rating::{Conduct, PlayerAccuracy, Pool, PoolRating, RatedGame, Rating};
use crate::room::{GameResult, RoomSummary};

/// `GET /api/rooms`: the public rooms.
#[derive(Clone, PartialEq, Eq, Debug, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct RoomList {
    /// The first `MAX_LISTED_ROOMS` rooms, those waiting for a player first.
    pub rooms: Vec<RoomSummary>,
    /// How many public rooms there are.
    pub total: u32,
}

/// `GET /api/games/{id}`: a finished game with its engine record, which
/// replays to the same final score; or a game that ended at its deal, before
/// anything was dealt, with the record of that deal instead.
#[derive(Clone, PartialEq, Eq, Debug, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct FinishedGame {
    /// The game's id.
    pub id: GameId,
    /// The room it was played in.
    pub room: RoomCode,
    /// The players' names by seat.
    pub players: Seated<String>,
    /// Winner, scores and how it ended (a forfeit ends a game the record
    /// alone would call unfinished).
    pub result: GameResult,
    /// When it ended: milliseconds since the Unix epoch, by the server's clock.
    pub finished_at_ms: u64,
    /// The room's time per round while the game was played, in
    /// milliseconds; `null` for a room without a deadline, and for every
    /// game stored before servers kept it (left out, it reads as `null`).
    #[serde(default)]
    pub deadline_ms: Option<u64>,
    /// The engine record: options, seed, layout, every round. Left out
    /// for a game that ended at its deal (`aborted_deal`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub record: Option<GameRecord>,
    /// For a game that ended at its deal (a player sealed a nonce and never
    /// opened it, say): the deal's commitment, seed, seals, signatures,
    /// openings made and who refused. Left out for a game that was dealt.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub aborted_deal: Option<AbortedDeal>,
    /// What was said on the chat during the game, both channels, when the
    /// room kept it (`record_chat`); empty otherwise.
    #[serde(default)]
    pub chat: Vec<crate::chat::ChatLine>,
    /// For a game in a rated room: its pool, the players' keys, and each
    /// player's rating before and after, or why it was not rated. Left out
    /// for a casual game.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub rated: Option<RatedGame>,
    /// The missed deadlines in a row after which the server made a player
    /// forfeit, as it told the room (`missed_deadline_limit`): a forfeit
    /// for missed deadlines shows in the record as that many moves the
    /// server made in a row at the end. Left out for games stored before
    /// servers kept it.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub missed_deadline_limit: Option<u32>,
    /// The arena it was played in (`docs/arenas.md`); left out for a game
    /// played elsewhere.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub arena: Option<crate::ids::ArenaId>,
    /// The match it was a game of, and its number there (its record's
    /// `fair.match` proves it); left out for a game played alone.
    #[serde(rename = "match", default, skip_serializing_if = "Option::is_none")]
    pub match_game: Option<crate::matches::MatchGame>,
}

impl FinishedGame {
    /// The players' keys by seat, as its record (or its deal's) holds them.
    pub fn keys(&self) -> Seated<Option<PlayerKey>> {
        let from_record = self
            .record
            .as_ref()
            .and_then(|record| record.fair.as_ref())
            .and_then(|fair| fair.keys);
        let from_deal = self.aborted_deal.as_ref().map(|deal| deal.keys);
        from_record.or(from_deal).unwrap_or_default()
    }
}

/// Games per page of `GET /api/games` unless `limit` says otherwise.
pub const DEFAULT_GAMES_PAGE: u32 = 20;
/// Most games per page of `GET /api/games`.
pub const MAX_GAMES_PAGE: u32 = 100;

/// A finished game in a list: what [`FinishedGame`] holds but the record.
#[derive(Clone, PartialEq, Eq, Debug, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct GameSummary {
    /// The game's id, for `GET /api/games/{id}`.
    pub id: GameId,
    /// The room it was played in.
    pub room: RoomCode,
    /// The players' names by seat.
    pub players: Seated<String>,
    /// Winner, scores and how it ended.
    pub result: GameResult,
    /// Rounds played.
    pub rounds: u32,
    /// Whether the game ended at its deal, before anything was dealt (its
    /// body holds `aborted_deal`); left out when it did not.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub aborted: bool,
    /// When it ended: milliseconds since the Unix epoch.
    pub finished_at_ms: u64,
    /// For a game in a rated room: its pool, keys and rating changes (or
    /// why it was not rated); left out for a casual one.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub rated: Option<RatedGame>,
    /// The players' keys by seat, as the record holds them (`null` for a
    /// seat without one); left out when neither has one, and for games
    /// listed before servers kept them here.
    #[serde(default, skip_serializing_if = "no_key")]
    pub keys: Seated<Option<PlayerKey>>,
    /// The match it was a game of, and its number there; left out for a
    /// game played alone.
    #[serde(rename = "match", default, skip_serializing_if = "Option::is_none")]
    pub match_game: Option<crate::matches::MatchGame>,
}

fn no_key(keys: &Seated<Option<PlayerKey>>) -> bool {
    keys.yellow.is_none() && keys.blue.is_none()
}

impl GameSummary {
    /// The summary of a finished game.
    pub fn of(game: &FinishedGame) -> GameSummary {
        GameSummary {
            id: game.id,
            room: game.room,
            players: game.players.clone(),
            result: game.result,
            rounds: game.record.as_ref().map_or(0, |record| {
                u32::try_from(record.rounds.len()).unwrap_or(u32::MAX)
            }),
            aborted: game.aborted_deal.is_some(),
            finished_at_ms: game.finished_at_ms,
            rated: game.rated.clone(),
            keys: game.keys(),
            match_game: game.match_game,
        }
    }
}

/// `GET /api/games?player=NAME&before=CURSOR&limit=N`: finished games,
/// newest first, a page at a time.
#[derive(Clone, PartialEq, Eq, Debug, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct GamePage {
    /// This page's games, newest first.
    pub games: Vec<GameSummary>,
    /// The cursor of the next (older) page, to pass as `before`; none on
    /// the last page (`null`).
    pub next: Option<u64>,
}

/// Every HTTP error: a stable code for programs, a message for people.
/// The status says the class (400, 404, 405, 426, 500).
#[derive(Clone, PartialEq, Eq, Debug, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct ApiError {
    /// Stable, for programs.
    pub code: crate::ErrorCode,
    /// For people, in English.
    pub message: String,
    /// What the words need beyond the code, as a WebSocket refusal's;
    /// left out when empty.
    #[serde(default, skip_serializing_if = "crate::RefusalArgs::is_empty")]
    pub args: crate::RefusalArgs,
}

/// Whether the server is serving, or stopping.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum HealthStatus {
    /// Serving.
    Ok,
    /// Stopping: it takes no new room.
    ShuttingDown,
    /// Running, but it cannot reach a service it needs (its database, or
    /// its cluster's Redis): games that need it wait until it can.
    Unavailable,
    /// Serving, but every WebSocket slot is held: a newcomer pushes out a
    /// connection in no game, or is turned away if all are players'. A
    /// balancer should send players elsewhere.
    Full,
}

/// Whether the server reaches a service it needs.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum Reachability {
    /// It answered.
    Ok,
    /// It did not answer in time.
    Unreachable,
}

/// `GET /healthz` (is the process serving: `ok`, or `shutting_down`) and
/// `GET /readyz` (can it take new rooms and players: `ok`, or why not).
#[derive(Clone, PartialEq, Eq, Debug, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Health {
    /// What the endpoint asked answers: for `/healthz` serving or
    /// stopping; for `/readyz` also cut off from a service it needs, or
    /// full.
    pub status: HealthStatus,
    /// This node's name, if it is a node of a cluster (new at each start;
    /// its logs and Redis's keys use it).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub node: Option<String>,
    /// Rooms held.
    pub rooms: u64,
    /// WebSocket connections it serves (one pushed out to make room is not
    /// counted, even while it closes).
    pub connections: u64,
    /// Its PostgreSQL database, if it keeps its games in one.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub database: Option<Reachability>,
    /// Its cluster's Redis, if it is a node of a cluster.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub redis: Option<Reachability>,
}

/// `GET /api/odds`: the engine's exact odds of every attempt a family can
/// make, so that a client shows them without computing any rule. The odds
/// depend only on the piece, the number of mice and the variant.
#[derive(Clone, PartialEq, Eq, Debug, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct OddsTable {
    /// Every piece but the double-blank (mice there steal), in the engine's
    /// order.
    pub pieces: Vec<PieceOdds>,
}

/// The odds of attempting one piece.
#[derive(Clone, PartialEq, Eq, Debug, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct PieceOdds {
    /// The piece attempted.
    pub piece: Domino,
    /// With 1, 2, 3 and 4 mice, in the standard game: a match tires mice.
    pub standard: [Odds; MAX_DICE],
    /// With 1, 2, 3 and 4 mice, in the boost variant: a match earns a boost
    /// roll, which counts toward taking the piece.
    pub boost: [Odds; MAX_DICE],
}

impl OddsTable {
    /// The whole table, from the engine.
    pub fn from_engine() -> OddsTable {
        let odds_of = |piece: Domino, boost: bool| {
            core::array::from_fn(|index| {
                let mice = u8::try_from(index + 1).unwrap_or(u8::MAX);
                mice_cake_engine::odds(piece, mice, boost).unwrap_or(Odds {
                    success: 0,
                    matched: 0,
                    outcomes: 1,
                    mice_per_match: 0,
                })
            })
        };
        OddsTable {
            pieces: Domino::ALL
                .into_iter()
                .filter(|piece| !piece.is_double_blank())
                .map(|piece| PieceOdds {
                    piece,
                    standard: odds_of(piece, false),
                    boost: odds_of(piece, true),
                })
                .collect(),
        }
    }
}

/// `GET /api/games/{id}/views`: a finished game's cake as a spectator saw
/// it, before its first round and after each, for a client to step
/// through without replaying any rule.
#[derive(Clone, PartialEq, Debug, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct GameViews {
    /// `views[0]` is the cake as dealt; `views[n]` the cake after round n.
    pub views: Vec<mice_cake_engine::GameView>,
}

/// The engine's check of a finished game (`GET /api/games/{id}/verify`):
/// for clients that cannot replay the rules themselves. See
/// `docs/fairness.md` for what it proves and what `mice-cake verify` adds.
#[derive(Clone, PartialEq, Eq, Debug, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct GameVerdict {
    /// Whether the record is sealed (format 2): it proves its deal and dice.
    pub sealed: bool,
    /// Sealed, and every link checks: seed and commitment, every seal, the
    /// deal, every die, every rule.
    pub fair: bool,
    /// Rounds checked.
    pub rounds: u32,
    /// The first broken link, if any.
    pub problem: Option<String>,
}

/// `GET /api/players/{key}`: a player as the server knows them; any key
/// that has played a game on the server (signed a move of it), or declared
/// itself a bot, rated or not.
#[derive(Clone, PartialEq, Eq, Debug, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct PlayerProfile {
    /// Who they are: their public key.
    pub key: PlayerKey,
    /// Whether the key has declared itself a bot: a program plays it. It
    /// is rated among bots only, and listed on the bots' leaderboard.
    pub bot: bool,
    /// The key's signed declaration that it is a bot (`"mice-cake/bot/v1"`
    /// ‖ the key), for anyone to check; left out for a person.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub bot_declaration: Option<SealSignature>,
    /// The name they gave themselves last (`rename`, signed with the key)
    /// or played their latest rated game under, whichever came later: a
    /// name is taken only from what the key signed, so that nobody can give
    /// another's key a name.
    pub name: String,
    /// Their rating in each pool they have played rated games in.
    pub ratings: Vec<PoolRating>,
    /// How they ended their latest games in rated rooms: how many they
    /// aborted.
    pub conduct: Conduct,
    /// Their latest games, rated or not, newest first (at most
    /// [`crate::rating::PLAYER_RECENT_GAMES`]), each with its replay id.
    pub recent: Vec<GameSummary>,
    /// Their accuracy over their rated games analysed so far (the server
    /// analyses each rated game once it ends); left out before the first.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub accuracy: Option<PlayerAccuracy>,
    /// Refunds that changed their ratings, newest first (at most
    /// [`crate::rating::PLAYER_REFUNDS`]); left out when none did.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub refunds: Vec<crate::rating::RatingRefund>,
}

/// `POST /api/ratings/refunds` (the server's operator's, as
/// `/api/fair-play`): takes every rated game played by any of `keys` out
/// of the ratings, and plays each pool's ratings again without them.
#[derive(Clone, PartialEq, Eq, Debug, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct RefundRequest {
    /// The ring's keys (the fed key alone takes every game fed to it out).
    pub keys: Vec<PlayerKey>,
}

/// What a refund did.
#[derive(Clone, PartialEq, Debug, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct RefundDone {
    /// Rated games taken out of the ratings.
    pub games: u32,
    /// Every rating it changed.
    pub ratings: Vec<crate::rating::RatingRefund>,
}

/// One player on the leaderboard.
#[derive(Clone, PartialEq, Eq, Debug, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct LeaderboardEntry {
    /// Their place, from 1.
    pub rank: u32,
    /// Who.
    pub key: PlayerKey,
    /// Their name.
    pub name: String,
    /// Their rating in the pool.
    pub rating: Rating,
}

/// `GET /api/leaderboard?pool=POOL&limit=N`: the best players of a pool,
/// by rating — people, or with `bots=1` bots (keys that declared
/// themselves bots), who are rated among themselves. Provisional ratings
/// are left out: a few lucky games do not make a leader.
#[derive(Clone, PartialEq, Eq, Debug, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Leaderboard {
    /// The pool.
    pub pool: Pool,
    /// Whether this is the bots' leaderboard; left out for the people's.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub bots: bool,
    /// The best first.
    pub players: Vec<LeaderboardEntry>,
}

/// `POST /api/key-challenges`: a challenge for one HTTP request that takes a
/// proof of a key (making an arena): sign it (`KeyProof`) and send the
/// proof with that request. It is good once, within its lifetime.
#[derive(Clone, PartialEq, Eq, Debug, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct KeyChallengeIssued {
    /// The challenge.
    pub challenge: mice_cake_engine::KeyChallenge,
    /// How long it stays good, in milliseconds.
    pub expires_in_ms: u64,
}

/// `POST /api/arenas`: an arena, made by the holder of `key`.
#[derive(Clone, PartialEq, Eq, Debug, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct CreateArena {
    /// What the arena is.
    #[serde(flatten)]
    pub spec: crate::arena::ArenaSpec,
    /// The creator's key, which may have at most
    /// [`crate::arena::ARENAS_PER_KEY`] arenas upcoming or live.
    pub key: PlayerKey,
    /// The proof that the creator holds it, answering a challenge fetched
    /// for this request (`POST /api/key-challenges`).
    pub key_proof: crate::messages::KeyProof,
    /// The creator's name, shown with the arena.
    pub creator: String,
}

/// Most players `GET /api/players?name=NAME` lists.
pub const MAX_PLAYERS_NAMED: u32 = 10;

/// A key the server knows by a name.
#[derive(Clone, PartialEq, Eq, Debug, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct NamedPlayer {
    /// The key: who they are (their page is `GET /api/players/{key}`).
    pub key: PlayerKey,
    /// Their name as the server knows it now (the one asked for, ASCII
    /// case aside).
    pub name: String,
    /// Whether the key has declared itself a bot.
    pub bot: bool,
}

/// `GET /api/players?name=NAME`: the keys whose name is `NAME` now (ASCII
/// case ignored), at most [`MAX_PLAYERS_NAMED`] of them, by key: whom a
/// player may mean by a name, to challenge them by key. A name is no
/// proof of who anyone is: several keys may share one.
#[derive(Clone, PartialEq, Eq, Debug, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct PlayersNamed {
    /// The keys found, none if the name is nobody's.
    pub players: Vec<NamedPlayer>,
}

/// `GET /api/challenges/{id}`: a challenge, waiting or ended (what its link
/// `/c/{id}` shows).
#[derive(Clone, PartialEq, Eq, Debug, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct ChallengeStatus {
    /// The challenge; its `expires_in_ms` is 0 once it has ended.
    pub challenge: crate::challenges::Challenge,
    /// How it ended: `null` while it waits for its answer.
    #[serde(default)]
    pub end: Option<crate::challenges::ChallengeEnd>,
}
